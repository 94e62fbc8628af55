"""The bot connects to the fake Discord, syncs its commands and answers a first game."""

from __future__ import annotations

from tests.e2e.conftest import ANNA, BEN, TABLE
from tests.fakediscord import BotProcess, FakeDiscord, Person


async def test_a_game_opens_and_starts(fake: FakeDiscord, bot: BotProcess,
                                       people: dict[str, Person]) -> None:
    assert fake.identifies == 1
    names = {c["name"] for c in fake.commands[fake.guild_id]}
    assert {"game", "move", "help", "rules", "ships", "trader", "empires"} <= names
    anna, ben = people["anna"], people["ben"]
    opened = await anna.slash("game new", game="ships", seed=7)
    assert opened.ephemeral and "You opened a game of Ships" in opened.text
    joined = await ben.slash("game join")
    assert "You have joined" in joined.text
    started = await anna.slash("game start")
    assert "The game has begun" in started.text
    board = await fake.wait_for(lambda: fake.boards(TABLE), what="a board in the channel")
    assert board[-1].attachments[0].data.startswith(b"\x89PNG")
    assert len(board[-1].pinged() & {ANNA, BEN}) == 1
