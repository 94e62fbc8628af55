"""What a player reads when Discord refuses the bot's posts in a game's channel for good.

The reasons come from :mod:`bot.discord_bot` (``"channel 555: 403 50013"`` for a refused
post, ``"channel 555: deleted"`` or ``"server 777: the bot was removed"`` for what the gateway
said); they name no player and hold nothing private. The permissions named are those of the
README's invite link that posting a game needs.
"""

from __future__ import annotations

import re

NEEDED = ("View Channel, Send Messages (in a thread: Send Messages in Threads) and Attach "
          "Files")
_CODE = re.compile(r": (\d{3}) (\d+)$")
MISSING_ACCESS, MISSING_PERMISSIONS, UNKNOWN_CHANNEL = 50001, 50013, 10003
UNKNOWN_GUILD = 10004


def problem_text(reason: str) -> str:
    """Why the bot cannot post here, and what would let it, in one or two sentences."""
    found = _CODE.search(reason)
    code = int(found[2]) if found else None
    if code == MISSING_PERMISSIONS:
        return (f"The bot lacks a permission in this channel. It needs {NEEDED} here; "
                "someone who manages the channel can give them.")
    if code == MISSING_ACCESS:
        return (f"The bot cannot see this channel. It needs {NEEDED} here; someone who "
                "manages the channel can give them.")
    if code == UNKNOWN_CHANNEL or reason.endswith(": deleted"):
        return "Discord says this channel no longer exists."
    if reason.endswith("the bot was removed"):
        return "The bot was removed from this server; invite it again to go on."
    if found:
        return (f"Discord refuses its posts here (error {found[1]} {found[2]}). Check that "
                f"the bot has {NEEDED} in this channel.")
    return f"Discord refuses its posts here. Check that the bot has {NEEDED} in this channel."


CATCH_UP = ("The game's posts catch up by themselves once it can post (at once with "
            "/game status).")


def undelivered_text(reason: str) -> str:
    """Added to "Done." when the move's post was refused for good."""
    return ("Your move is saved, but the bot could not post it in this channel, so the "
            f"other players were not told. {problem_text(reason)} {CATCH_UP}")


def status_text(reason: str) -> str:
    """The line /game status adds while the channel does not hear the game."""
    return ("The bot cannot post in this channel, so the game waits (no reminders, "
            f"deadlines or bot moves) until it can. {problem_text(reason)}")


NO_FILES_TEXT = ("Board images cannot be posted here: the bot lacks the Attach Files "
                 "permission in this channel (the posts go without them).")


def lost_channel_text(game: str, where: str, reason: str, ends_at: float) -> str:
    """The private message each seated player gets once when the bot can no longer post in
    their game's channel: which game and where, why in plain words, the day it will be
    ended as abandoned, and what keeps it. The same for every player: nothing of anyone's
    own (hand, cash) is in it."""
    found = _CODE.search(reason)
    code = int(found[2]) if found else None
    carries_on = ("The game then carries on where it stopped: the next move, or /game "
                  "status, posts what the channel missed.")
    keep = (f"To keep it, someone who manages that channel can give the bot {NEEDED} "
            f"there. {carries_on}")
    day = f"<t:{int(ends_at)}:D>"
    ends = f"The game will be ended as abandoned (not rated) on {day}"
    unless = f"{ends} unless the bot can post there again before then."
    if code == MISSING_PERMISSIONS:
        why = "it lacks a permission there"
    elif code == MISSING_ACCESS:
        why = "it can no longer see that channel"
    elif code == UNKNOWN_CHANNEL or reason.endswith(": deleted"):
        why = "the channel was deleted"
        unless = f"{ends}."
        keep = ("A deleted channel cannot be brought back, so the game cannot go on there; "
                "once it is ended, its players can still get its record with /game export "
                "in that server.")
    elif code == UNKNOWN_GUILD or reason.endswith("the bot was removed"):
        why = "it was removed from that server"
        keep = f"To keep it, someone who manages the server can invite the bot back. {carries_on}"
    else:
        why = "Discord refuses its posts there"
    return (f"Your {game} game in {where} is waiting: the bot cannot post in that channel "
            f"because {why}. {unless}\n{keep}\n(Sent once to each player of the game.)")
