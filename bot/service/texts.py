"""Player-facing texts the service builds from a match's data: the line about a chosen seed, a
bot seat's name, the message of a game set aside, and the reason for
setting it aside that may be shown."""

from __future__ import annotations

from bot.storage import MatchRow
from engine.core import ReplayError, RulesVersionError


def seed_line(match: MatchRow) -> str:
    if match.seed_secret is None:
        return (f"Seed {match.chosen_seed}, chosen by the host and played as given: anyone "
                "can work out hidden cards and future rolls from it.")
    return (f"Seed {match.chosen_seed}, chosen by the host and shown to everyone. It is mixed "
            "with a secret of the bot's that the record reveals after the game, so no one can "
            "work out hidden cards or future rolls in advance.")


def bot_seat_name(number: int, bot: str) -> str:
    """A bot seat's name: its number among the bot seats and its bot (``Bot 2 (strong)``)."""
    return f"Bot {number} ({bot})"


def set_aside_text(game_name: str, reason: str | None) -> str:
    why = f" ({reason})" if reason else ""
    return (f"This {game_name} game is set aside: this version of the bot cannot rebuild "
            f"it{why}. Nothing is lost: every move is kept. The host can end it with "
            "/game abort; /game export then gives its whole record.")


def safe_reason(err: Exception) -> str:
    """A reason for setting a match aside that may be shown in its channel: never a stored
    action's content (it may hold a secret), only what kind of fault it is."""
    if isinstance(err, RulesVersionError):
        return str(err)
    if isinstance(err, ReplayError):
        return "its recorded moves no longer replay the same way"
    if isinstance(err, ValueError):  # pydantic's ValidationError and JSON errors among them
        return "its saved record no longer reads"
    return f"an internal error ({type(err).__name__}) while loading it"
