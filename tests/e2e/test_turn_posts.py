"""A channel that reads like a game, through the real bot process: a turn is one message with
its board, lines, ping and buttons; a long turn shows its lines meanwhile in one running
message that is edited as it goes on; no line is posted twice."""

from __future__ import annotations

import re
from pathlib import Path

from tests.e2e import store
from tests.e2e.conftest import TABLE, stopped_cleanly
from tests.e2e.table import check_pings, play, public, settle
from tests.e2e.test_games import open_game
from tests.fakediscord import BotProcess, FakeDiscord, Person

# the lines the bot adds to the game's own: pings, clocks, notes in brackets, the start
STAMP = re.compile(r"^\(|^Your move:|^Time to answer|^Seed |.* begins\. Players in seat")


def said(fake: FakeDiscord) -> list[str]:
    """Every game line posted in the channel, in order, as the messages show them now."""
    return [line for m in public(fake, TABLE) if m.interaction_id is None
            for line in m.content.splitlines() if line and not STAMP.match(line)]


async def test_each_turn_is_one_message_with_its_board(
        fake: FakeDiscord, bot: BotProcess, people: dict[str, Person]) -> None:
    anna, ben = people["anna"], people["ben"]
    await open_game(fake, anna, [ben], "ships", seed=41)
    start = len(public(fake, TABLE))
    played = await play(fake, [anna, ben], actions=30, seed=3, channel=TABLE)
    assert len(played.moves) == 30
    posts = [m for m in public(fake, TABLE)[start:] if m.interaction_id is None]
    boards = [m for m in posts if m.attachments]
    others = [m for m in posts if not m.attachments]
    assert len(boards) >= 5, "turns ended"
    # the moves of a turn came in quickly: nothing but Decide questions between the boards
    assert all(any(c.startswith("portolan:decide") for c in m.custom_ids) for m in others), \
        [m.content for m in others]
    assert len(posts) <= 2 * len(boards)
    assert all(m.edits == 0 for m in posts)
    # a board message carries the lines of every action of its turn: what is posted is every
    # public line of every action announced, once; the turn under way is still gathered
    announced = store.announced(bot.db, TABLE)
    assert store.version(bot.db, TABLE) - 3 <= announced <= store.version(bot.db, TABLE)
    assert len(said(fake)) == store.public_texts(bot.db, TABLE, announced)
    check_pings(fake, TABLE, played)


async def test_a_long_turn_has_one_running_message_edited_as_it_goes(
        fake: FakeDiscord, tmp_path: Path, people: dict[str, Person]) -> None:
    slow = BotProcess(fake, tmp_path / "bot", env={"PORTOLAN_TURN_BATCH_SECONDS": "0.3"})
    await slow.start()
    try:
        anna, ben = people["anna"], people["ben"]
        await open_game(fake, anna, [ben], "ships", seed=42)
        start = len(public(fake, TABLE))
        # a person who thinks between actions: each one is shown before the turn ends
        played = await play(fake, [anna, ben], actions=12, seed=4, channel=TABLE,
                            think=0.5)
        assert len(played.moves) == 12
        await settle(fake, TABLE, quiet=1.0)
        posts = [m for m in public(fake, TABLE)[start:] if m.interaction_id is None]
        running = [m for m in posts if not m.attachments and not m.pinged()]
        assert running and any(m.edits for m in running), [m.content for m in posts]
        # between two boards at most one running message: it grows, it is not re-posted
        since_board = 0
        for m in posts:
            if m.attachments:
                since_board = 0
            elif m in running:
                since_board += 1
                assert since_board <= 1, [p.content for p in posts]
        assert store.announced(slow.db, TABLE) == store.version(slow.db, TABLE)
        check_pings(fake, TABLE, played)
    finally:
        await stopped_cleanly(slow)
