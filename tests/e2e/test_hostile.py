"""Hostile or broken input through the fake Discord: each gets a clear private answer and
changes nothing. The bot's log must stay free of tracebacks (checked after each test by the
``table`` fixture, and at the end by ``shared_bot``).

The tests share one fake and one bot process; each plays at its own table (``table.here``, with
``table.there`` as the other table) with people of its own."""

from __future__ import annotations

import pytest
import pytest_asyncio

from tests.e2e import store
from tests.e2e.conftest import Table
from tests.e2e.table import movers, public, settle
from tests.e2e.test_games import open_game
from tests.fakediscord import BotProcess, FakeDiscord, Person

LONG = "x" * 6000  # the longest string Discord lets a user type into an option
HUGE = "9" * 5000  # more digits than Python turns into a number unasked (4,300)

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


async def unchanged(table: Table, bot: BotProcess, person: Person, command: str,
                    **options: object) -> str:
    """Sends the command; asserts a private, non-empty answer and no change to any game."""
    fake, here, there = table.fake, table.here, table.there
    before = (store.version(bot.db, here), store.version(bot.db, there))
    posted = len(public(fake, here))
    reply = await person.slash(command, **options)
    await settle(fake, here)
    assert reply.ephemeral and reply.text.strip(), reply.text
    assert (store.version(bot.db, here), store.version(bot.db, there)) == before
    assert len(public(fake, here)) == posted, "a refused command posted to the channel"
    assert all(not m.pinged() for m in reply.replies)
    return reply.text


@pytest_asyncio.fixture(loop_scope="module")
async def game(fake: FakeDiscord, bot: BotProcess, people: dict[str, Person]) -> Person:
    """A Ships game between Anna and Ben; returns the player to move."""
    await open_game(fake, people["anna"], [people["ben"]], "ships", seed=31)
    return (await movers([people["anna"], people["ben"]]))[0][0]


async def test_made_up_option_values(table: Table, bot: BotProcess, game: Person) -> None:
    text = await unchanged(table, bot, game, "ships place", age="age99", box="merchant",
                           where="atlantis.t0", pay="gold")
    assert "age99" in text or "not" in text.lower()
    await unchanged(table, bot, game, "ships card", card="no-such-card", pay="merchant")
    await unchanged(table, bot, game, "ships sell", goods=LONG, pay=LONG)
    await unchanged(table, bot, game, "rules", game=LONG)
    await unchanged(table, bot, game, "game new", game="ships")  # one game per channel


@pytest.mark.parametrize("value", ["v0:99999", "v1:-1", "v1:abc", "v99999:0", "v:", ":",
                                   "Undo your last action " * 10, LONG, "<@&1> @everyone"])
async def test_autocomplete_values_edited_by_hand(table: Table, bot: BotProcess,
                                                  game: Person, value: str) -> None:
    await unchanged(table, bot, game, "move", action=value)


async def test_stale_version_from_an_old_list(fake: FakeDiscord, bot: BotProcess, table: Table,
                                              people: dict[str, Person], game: Person) -> None:
    choices = await game.autocomplete("move", "action")
    done = await game.slash("move", action=choices[0]["value"])
    assert done.text.startswith("Done.")
    await settle(fake, table.here)
    mover = (await movers([people["anna"], people["ben"]]))[0][0]
    if mover is game:  # still their turn: the old value names an older version
        text = await unchanged(table, bot, game, "move", action=choices[1]["value"])
        assert "out of date" in text
    else:
        await unchanged(table, bot, game, "move", action=choices[1]["value"])


async def test_spectators_and_non_players(fake: FakeDiscord, bot: BotProcess, table: Table,
                                          people: dict[str, Person], game: Person) -> None:
    value = (await game.autocomplete("move", "action"))[0]["value"]
    sam, dora = people["sam"], people["dora"]
    assert "not playing" in await unchanged(table, bot, sam, "move", action=value)
    await unchanged(table, bot, sam, "ships gold", pay="merchant")
    await unchanged(table, bot, sam, "game undo")
    await unchanged(table, bot, dora, "game undo")
    await unchanged(table, bot, sam, "game start")
    await unchanged(table, bot, sam, "game abort")  # neither host nor channel manager
    await unchanged(table, bot, sam, "game join")  # the game has started
    view = await sam.click(fake.boards(table.here)[-1], "My view")
    assert view.ephemeral and "not playing" in view.text


async def test_buttons_and_ids_from_another_match_or_channel(
        fake: FakeDiscord, bot: BotProcess, table: Table, people: dict[str, Person],
        game: Person) -> None:
    clara, dora = people["clara"], people["dora"]
    there = [table.at(p, table.there) for p in (clara, dora)]
    await open_game(fake, there[0], there[1:], "ships", seed=32)
    other_board = fake.boards(table.there)[-1]
    before = (store.version(bot.db, table.here), store.version(bot.db, table.there))
    # Anna, who plays here but not there, presses the other table's buttons in its channel
    for label in ("My view", "Legal moves"):
        reply = await people["anna"].click(other_board, label)
        assert reply.ephemeral and "not playing" in reply.text, reply.text
    # a button made up to name the other table's match, pressed here by one of its players
    other_match = int(other_board.attachments[0].filename.split("-")[1])
    forged = fake.boards(table.here)[-1]
    forged.components = [{"type": 1, "components": [
        {"type": 2, "style": 1, "label": "My view",
         "custom_id": f"portolan:myview:{other_match}:1"},
        {"type": 2, "style": 2, "label": "Legal moves",
         "custom_id": f"portolan:moves:{other_match}:1"}]}]
    for label in ("My view", "Legal moves"):
        reply = await clara.click(forged, label)
        assert reply.ephemeral and "You are Clara" not in reply.text, reply.text
    # a player of the other game uses its move values in this channel
    value = (await there[0].autocomplete("move", "action") or [{"value": "v1:0"}])[0]["value"]
    await unchanged(table, bot, clara, "move", action=value)
    # a button id naming a match that does not exist
    forged.components = [{"type": 1, "components": [{
        "type": 2, "style": 2, "label": "Legal moves",
        "custom_id": "portolan:moves:987654:1"}]}]
    reply = await game.click(forged, "Legal moves")
    assert reply.ephemeral and reply.text
    assert (store.version(bot.db, table.here), store.version(bot.db, table.there)) == before


async def test_values_of_thousands_of_digits_or_digits_that_are_no_number(
        table: Table, bot: BotProcess, game: Person) -> None:
    for value in ("v1:" + HUGE, "v0:" + HUGE, "v" + HUGE + ":0", HUGE, "v0:\u00b2",
                  "v\u00b2:0", "\u00b2"):
        text = await unchanged(table, bot, game, "move", action=value)
        assert "not one of your legal moves" in text, text


async def test_seeds_beyond_what_discord_or_sqlite_hold(
        table: Table, bot: BotProcess, people: dict[str, Person], game: Person) -> None:
    """Discord's client keeps the seed within the option's range; a payload made by hand can
    carry any integer, and must not reach SQLite ("Python int too large")."""
    there = table.at(people["clara"], table.there)
    for seed in (2**53, 2**63, 2**64, 10**40, -1):
        text = await unchanged(table, bot, there, "game new", game="ships", seed=seed)
        assert "The seed is a whole number from 0 to 9007199254740991" in text, text
    assert store.query(bot.db, "SELECT count(*) FROM matches WHERE channel_id = ?",
                       table.there) == [(0,)]


async def test_unknown_games_and_a_second_start(
        table: Table, bot: BotProcess, people: dict[str, Person], game: Person) -> None:
    there = table.at(people["clara"], table.there)
    assert "There is no game" in await unchanged(table, bot, there, "game new", game=LONG)
    assert "There is no game 'chess'" in await unchanged(table, bot, there, "rules",
                                                         game="chess")
    for person in (people["anna"], people["ben"]):  # the host, and a player who is not
        text = await unchanged(table, bot, person, "game start")
        assert "already started" in text, text


async def test_display_names_with_control_characters_or_of_200000_characters(
        fake: FakeDiscord, bot: BotProcess, table: Table, people: dict[str, Person]) -> None:
    """Names are shown and kept as Discord itself would allow them: no control or format
    characters, at most 32 characters, and a seat's number when nothing visible is left."""
    anna, ben, sam = people["anna"], people["ben"], people["sam"]
    fake.users[anna.id] = "\u202eAn\x00na\n\x1b[1m\x07"
    fake.users[ben.id] = "B" * 200_000
    fake.users[sam.id] = "\x00\x01\u200b \t"
    opened = await anna.slash("game new", game="ships", seed=5)
    assert opened.ephemeral and "You opened" in opened.text, opened.text
    for person in (ben, sam):
        assert "You have joined" in (await person.slash("game join")).text
    started = await anna.slash("game start")
    assert "The game has begun" in started.text, started.text
    await fake.wait_for(lambda: fake.boards(table.here), what="the first board")
    await settle(fake, table.here)
    names = store.query(bot.db, "SELECT name FROM seats JOIN matches ON matches.id = match_id "
                                "WHERE channel_id = ? ORDER BY position", table.here)
    assert names == [("Anna [1m",), ("B" * 31 + "…",), ("Player 3",)], names
    said = "\n".join(m.content for m in public(fake, table.here))
    assert "Anna [1m" in said and "B" * 31 + "…" in said and "Player 3" in said
    assert "B" * 33 not in said
    assert not any(c in said for c in "\x00\x01\x07\x1b\u202e\u200b"), said
