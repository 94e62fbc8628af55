"""Playing a game through the fake Discord the way people do: whoever has moves opens /move,
reads the autocomplete list and picks one; the bot answers privately and posts to the channel.

:func:`play` returns what it saw so the tests can check the conversation as a whole: every
reply private, one board with one ping per turn, DMs only to their owner.
"""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from tests.fakediscord import Exchange, FakeDiscord, Message, Person

DONE = "Done."
UNDO = "Undo your last action"


@dataclass
class Played:
    moves: list[Exchange] = field(default_factory=list)
    finished: bool = False
    decided: int = 0  # answers given through a Decide button


async def movers(people: list[Person]) -> list[tuple[Person, list[dict[str, str]]]]:
    """Who has legal moves now (other than undo), by asking /move's autocomplete as each."""
    found = []
    for person in people:
        choices = await person.autocomplete("move", "action")
        choices = [c for c in choices if c["name"] != UNDO]
        if choices:
            found.append((person, choices))
    return found


async def play(fake: FakeDiscord, people: list[Person], *, actions: int, seed: int,
               channel: int, until: Callable[[], bool] | None = None,
               think: float = 0) -> Played:
    """Plays up to ``actions`` moves (or to the end, or until ``until()``) with moves picked
    at random from the autocomplete lists, ``think`` seconds apart; undo is never picked."""
    rng = random.Random(seed)
    played = Played()
    for _ in range(actions):
        await settle(fake, channel)
        if until is not None and until():
            break
        found = await movers(people)
        if not found:
            played.finished = is_over(fake, channel)
            assert played.finished, "nobody has a move but the game is not over"
            return played
        person, choices = found[0]
        pick = rng.choice(choices)
        asked = decide_button_for(fake, channel, person)
        if asked is not None:  # asked mid-turn: answer through the Decide button's menu
            menu = await person.click(asked, "Decide")
            assert menu.ephemeral and menu.replies[-1].components, menu.text
            offered = [o["value"] for row in menu.replies[-1].components
                       for c in row["components"] for o in c.get("options", [])]
            reply = await person.choose(menu.replies[-1], rng.choice(offered))
            played.decided += 1
        else:
            reply = await person.slash("move", action=pick["value"])
        assert reply.ephemeral, reply.text
        assert reply.text.startswith(DONE), f"{person.name}: {pick['name']!r} -> {reply.text}"
        played.moves.append(reply)
        if think:
            await asyncio.sleep(think)
    await settle(fake, channel)
    played.finished = is_over(fake, channel)
    return played


def decide_button_for(fake: FakeDiscord, channel: int, person: Person) -> Message | None:
    """The newest public message, if it asks ``person`` to decide with a button."""
    posted = public(fake, channel)
    if not posted or person.id not in posted[-1].pinged():
        return None
    last = posted[-1]
    return last if any(c.startswith("portolan:decidebtn") for c in last.custom_ids) else None


def is_over(fake: FakeDiscord, channel: int) -> bool:
    boards = fake.boards(channel)
    return bool(boards) and not any(
        c.startswith("portolan:moves") for c in boards[-1].custom_ids)


async def settle(fake: FakeDiscord, channel: int, quiet: float = 0.06) -> None:
    """Waits until the bot has sent nothing for ``quiet`` seconds (its posts come after the
    reply to a move, once the board is drawn)."""
    seen = -1
    while seen != len(fake.requests):
        seen = len(fake.requests)
        await asyncio.sleep(quiet)


def public(fake: FakeDiscord, channel: int) -> list[Message]:
    return [m for m in fake.channel(channel) if not m.ephemeral]


def check_pings(fake: FakeDiscord, channel: int, played: Played) -> None:
    """A turn is announced once: a board with its pings. A ping in the middle of a turn
    carries a Decide button and only asks someone who has answered since they were last
    pinged (a new question, not a reminder). Nothing else pings anyone."""
    asked: dict[int, float] = {}  # user -> when last pinged in this turn
    for message in public(fake, channel):
        has_board = any(a.filename.endswith(".png") for a in message.attachments)
        if has_board:
            asked = {}
        pinged = message.pinged()
        if not pinged:
            continue
        has_decide = any(c.startswith("portolan:decide") for c in message.custom_ids)
        assert has_board or has_decide, f"a stray ping: {message.content!r}"
        assert re.search(r"Your move: (<@\d+> ?)+$", message.content), message.content
        assert len(re.findall(r"Your move:", message.content)) == 1
        for user in pinged:
            if user in asked:
                answered = [m for m in played.moves if m.interaction.user_id == user
                            and asked[user] < m.interaction.sent < message.created]
                assert answered, f"pinged again without having answered: {message.content!r}"
            asked[user] = message.created
