"""Each game played through the fake Discord by people using slash commands, autocomplete and
buttons, against the real bot process: the boards posted at turn ends, the private replies,
the DMs and the single ping per turn.

The tests share one fake and one bot process; each plays at its own table with people of its
own (the ``table`` fixture, which checks the bot's log after each)."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import Table
from tests.e2e.table import check_pings, play, public, settle
from tests.fakediscord import BotProcess, FakeDiscord, Person

pytestmark = [pytest.mark.asyncio(loop_scope="module"), pytest.mark.usefixtures("table")]


@pytest.fixture
def fake(shared_fake: FakeDiscord) -> FakeDiscord:
    return shared_fake


@pytest.fixture
def bot(shared_bot: BotProcess) -> BotProcess:
    return shared_bot


@pytest.fixture
def people(table: Table) -> dict[str, Person]:
    return table.people


async def open_game(fake: FakeDiscord, host: Person, others: list[Person], game: str,
                    **options: object) -> None:
    opened = await host.slash("game new", game=game, **options)
    assert opened.ephemeral and "You opened" in opened.text, opened.text
    for person in others:
        assert "You have joined" in (await person.slash("game join")).text
    started = await host.slash("game start")
    assert "The game has begun" in started.text, started.text
    await fake.wait_for(lambda: fake.boards(host.channel_id), what="the first board")


def check_boards(fake: FakeDiscord, channel: int, width: int) -> None:
    for message in fake.boards(channel):
        png = message.attachments[0].data
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        assert int.from_bytes(png[16:20], "big") == width
        assert len(png) < 10 * 2**20
        assert not message.ephemeral


def check_dms_private(fake: FakeDiscord, channel: int, people: list[Person]) -> None:
    """What a DM says is never said in the channel."""
    said = "\n".join(m.content for m in public(fake, channel))
    for person in people:
        for dm in fake.dms(person.id):
            for line in dm.content.splitlines()[1:]:
                assert line not in said, f"{person.name}'s private line is public: {line}"


async def test_ships_with_its_own_commands_and_the_board_buttons(
        fake: FakeDiscord, bot: BotProcess, people: dict[str, Person]) -> None:
    anna, ben = people["anna"], people["ben"]
    await open_game(fake, anna, [ben], "ships", seed=11)
    here = anna.channel_id
    board = fake.boards(here)[-1]
    first = anna if anna.id in board.pinged() else ben
    # the game's own command, every option from its autocomplete
    age = (await first.autocomplete("ships place", "age"))[0]["value"]
    where = (await first.autocomplete("ships place", "where", age=age, box="merchant"))
    assert 0 < len(where) <= 25
    pay = await first.autocomplete("ships place", "pay", age=age, box="merchant",
                                   where=where[0]["value"])
    placed = await first.slash("ships place", age=age, box="merchant",
                               where=where[0]["value"], pay=pay[0]["value"])
    assert placed.ephemeral and placed.text.startswith("Done."), placed.text
    helped = await first.slash("ships help", topic="place")
    assert helped.ephemeral and "navigation" in helped.text.lower()
    # the buttons under the board
    moves = await first.click(board, "Legal moves")
    assert moves.ephemeral and moves.text
    mine = await first.click(board, "My view")
    assert mine.ephemeral and "You are" in mine.text
    current = await ben.click(board, "Current board")
    assert current.ephemeral and current.replies[-1].attachments
    played = await play(fake, [anna, ben], actions=40, seed=3, channel=here)
    await settle(fake, here)
    assert len(played.moves) == 40 and not played.finished
    assert len(fake.boards(here)) >= 6  # a board at every turn end
    check_boards(fake, here, 1600)
    check_pings(fake, here, played)


async def test_ocean_trader_short_game_to_the_end(
        fake: FakeDiscord, bot: BotProcess, people: dict[str, Person]) -> None:
    anna, ben, clara = people["anna"], people["ben"], people["clara"]
    await open_game(fake, anna, [ben, clara], "ocean_trader", seed=5, options="turns=3")
    here = anna.channel_id
    mine = await ben.click(fake.boards(here)[-1], "My view")
    assert mine.ephemeral and "Cash:" in mine.text  # cash is secret in Ocean Trader
    played = await play(fake, [anna, ben, clara], actions=400, seed=5, channel=here)
    assert played.finished, "the three-turn game should have ended"
    # the last board (the game's summary with its chart may follow it)
    final = next(m for m in reversed(public(fake, here)) if "The game is over" in m.content)
    assert final in fake.boards(here) and not final.pinged()
    check_boards(fake, here, 1600)
    check_pings(fake, here, played)
    assert "Cash:" not in "\n".join(m.content for m in public(fake, here))
    status = await people["sam"].slash("game status")
    assert status.ephemeral


async def test_empires_at_sea_to_a_fixed_turn(
        fake: FakeDiscord, bot: BotProcess, people: dict[str, Person]) -> None:
    anna, ben, clara = people["anna"], people["ben"], people["clara"]
    await open_game(fake, anna, [ben, clara], "empires", seed=9)
    here = anna.channel_id
    mine = await clara.click(fake.boards(here)[-1], "My view")
    assert mine.ephemeral and "Your hand" in mine.text
    played = await play(fake, [anna, ben, clara], actions=300, seed=9, channel=here,
                        until=lambda: any("You draw" in dm.content for p in (anna, ben, clara)
                                          for dm in fake.dms(p.id)))
    assert len(played.moves) >= 20
    check_boards(fake, here, 1600)
    check_pings(fake, here, played)
    drawn = [dm for p in (anna, ben, clara) for dm in fake.dms(p.id)]
    assert any("You draw" in dm.content for dm in drawn), "the cards drawn come by DM"
    check_dms_private(fake, here, [anna, ben, clara])
    spectator = await people["sam"].slash("game view")
    assert spectator.ephemeral and "not playing" in spectator.text
