"""/ships: every option picked through its autocomplete, against a real MatchService and the real
Ships engine, from /game new to the end of a game."""

from __future__ import annotations

import time
from types import SimpleNamespace
from typing import Any

import pytest
from discord import app_commands

from bot.cogs.game_groups import Picked
from bot.cogs.game_groups import pick as choose
from bot.cogs.ships import FORMS, HELP_TOPICS, _undecided_text
from bot.service import Choice
from bot.ui.decide import DecideSelect, decide_from_menu, decisions
from engine.core import Action
from engine.ships import actions as A
from engine.ships.state import ShipsState, ShipsView

from .conftest import ALICE, BOB, CAROL, CHANNEL, FakeInteraction, Table

COG = "ShipsCog"
# (command, option as Discord names it) -> the cog's autocomplete callback
AUTOCOMPLETE = {
    ("place", "age"): "place_age", ("place", "where"): "place_where",
    ("place", "pay"): "place_pay",
    ("upgrade", "from"): "upgrade_from", ("upgrade", "where"): "upgrade_where",
    ("upgrade", "pay"): "upgrade_pay",
    ("remove", "ship"): "remove_ship", ("remove", "pay"): "remove_pay",
    ("card", "card"): "card_card", ("card", "pay"): "card_pay",
    ("gold", "pay"): "gold_pay", ("navigation", "pay"): "navigation_pay",
    ("sell", "goods"): "sell_goods", ("sell", "pay"): "sell_pay",
    ("retrieve", "from"): "retrieve_from", ("retrieve", "pay"): "retrieve_pay",
}
COMMAND_OF = {"place_ship": "place", "upgrade_ship": "upgrade", "remove_ship": "remove",
              "take_card": "card", "take_gold": "gold", "take_navigation": "navigation",
              "sell_goods": "sell", "retrieve": "retrieve", "end_turn": "end"}
PYTHON_NAME = {"from": "origin"}  # the option renamed for Discord


@pytest.fixture(autouse=True)
def quick_boards(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    table.draw_placeholder_boards(monkeypatch)


# --- driving the commands ---------------------------------------------------------------------
async def suggest(table: Table, user: int, command: str, option: str, typed: str = "",
                  **filled: Any) -> list[app_commands.Choice[str]]:
    """The autocomplete list for ``option`` while typing ``typed``, with the other options
    already filled in (as Discord sends them: by their Discord names)."""
    return await table.suggest_option(COG, AUTOCOMPLETE[command, option], user, typed,
                                      **filled)


async def ships(table: Table, user: int, command: str, **options: Any) -> FakeInteraction:
    """Runs ``/ships <command>`` with the options (Discord names)."""
    kwargs = {PYTHON_NAME.get(k, k): v for k, v in options.items()}
    return await table.command(COG, command, user, **kwargs)


async def pick(table: Table, user: int, command: str, option: str, start: str,
               **filled: Any) -> app_commands.Choice[str]:
    """The one suggestion whose name starts with ``start``."""
    found = [c for c in await suggest(table, user, command, option, **filled)
             if c.name.lower().startswith(start.lower())]
    assert len(found) == 1, (start, found)
    return found[0]


async def new_game(table: Table, seed: int = 7) -> None:
    await table.game("new", ALICE, "ships", None, seed)
    await table.game("join", BOB)
    start = await table.game("start", ALICE)
    assert start.private == ["The game has begun; the board is in the channel."], start.calls


async def actor(table: Table) -> int:
    acting = [u for u in (ALICE, BOB) if await table.service.choices(CHANNEL, u)]
    assert len(acting) == 1, acting
    return acting[0]


async def legal(table: Table, user: int) -> list[Action]:
    return [c.action for c in await table.service.choices(CHANNEL, user)]


def other(user: int) -> int:
    return BOB if user == ALICE else ALICE


def done(inter: FakeInteraction) -> bool:
    return inter.deferred_first and bool(inter.private) and inter.private[0].startswith("Done.")


# --- a few turns, option by option ------------------------------------------------------------
async def test_first_turns_through_the_ships_commands(table: Table) -> None:
    await new_game(table)
    first = await actor(table)
    version = await table.version()

    # Place a ship: the first ship goes to Age 1, its cube to Area 2.
    [age] = await suggest(table, first, "place", "age")
    assert (age.name, age.value) == ("Age 1 (the first ship)", "1")
    spaces = await suggest(table, first, "place", "where", age="1", box="merchant")
    names = [c.name for c in spaces]
    assert "Miletus: oil (Area 2)" in names and all("(Area 2)" in n for n in names)
    warships = await suggest(table, first, "place", "where", age="1", box="warship")
    assert warships == []  # no food yet: no warship box
    oil = next(c for c in spaces if c.name == "Miletus: oil (Area 2)")
    pays = await suggest(table, first, "place", "pay", age="1", box="merchant", where=oil.value)
    assert [(c.name, c.value) for c in pays] == [("pay with a merchant cube", "merchant")]
    placed = await ships(table, first, "place", age="1", box="merchant", where=oil.value,
                         pay="merchant")
    assert done(placed), placed.calls
    assert not placed.public  # the public line is the service's notice, not the command's
    assert await table.version() == version + 1
    assert any("Miletus" in t for t in table.channel.texts)

    # Take a card, paying with the second merchant cube; the card list shows its text.
    cards = await suggest(table, first, "card", "card")
    assert cards and all(":" in c.name for c in cards)
    gold = next(c for c in cards if c.name.startswith("Gold 2"))
    pay = await pick(table, first, "card", "pay", "pay with a merchant cube", card=gold.value)
    took = await ships(table, first, "card", card=gold.value, pay=pay.value)
    assert done(took), took.calls

    # Sell the oil with a free action cube (it costs gold: the list says how much).
    sales = await suggest(table, first, "sell", "goods")
    assert [(c.name, c.value) for c in sales] == [("1 oil for 2 gold", "oil:1")]
    pays = await suggest(table, first, "sell", "pay", goods="oil:1")
    assert [c.value for c in pays] == ["free"]
    assert pays[0].name == "pay with a free action cube + 1 gold"
    sold = await ships(table, first, "sell", goods="oil:1", pay="free")
    assert done(sold), sold.calls
    # the card's two gold paid for the cube; the oil's two fill the bank's two open spaces
    match = await table.match()
    assert match is not None
    state = await table.service.state_of(match.id)
    assert isinstance(state, ShipsState) and state.players[state.active].gold == 2

    # End the turn: the other player is pinged.
    if await table.service.choices(CHANNEL, first):
        ended = await ships(table, first, "end")
        assert done(ended), ended.calls
    second = await actor(table)
    assert second == other(first)
    assert f"<@{second}>" in table.channel.texts[-1]

    # The second player places in Age 1 too (the present age) or Age 2 if they can pay.
    ages = await suggest(table, second, "place", "age")
    assert [c.value for c in ages] == ["1"] and ages[0].name == "Age 1 (present age)"
    navigation = await pick(table, second, "navigation", "pay", "pay with a merchant")
    got = await ships(table, second, "navigation", pay=navigation.value)
    assert done(got)
    ages = await suggest(table, second, "place", "age")
    assert [c.name for c in ages] == ["Age 1 (present age)", "Age 2 (next age): 2 navigation"]
    all_done = [inter for inter in table.interactions if inter.calls]
    assert all(inter.deferred_first for inter in all_done)


async def test_autocomplete_agrees_with_the_options_filled_in(table: Table) -> None:
    await new_game(table)
    first = await actor(table)
    actions = await legal(table, first)
    spaces = await suggest(table, first, "place", "where")
    wanted = {",".join(a.spaces) for a in actions if isinstance(a, A.PlaceShip)}
    assert {c.value for c in spaces} == wanted
    # typing filters by label (any case)
    assert [c.name for c in await suggest(table, first, "place", "where", "MILETUS")] == [
        c.name for c in spaces if "miletus" in c.name.lower()]
    # an option that no legal action has leaves nothing to offer
    assert await suggest(table, first, "place", "where", age="2") == []
    assert await suggest(table, first, "place", "pay", where="nowhere.t0") == []
    # the other player, and an onlooker, are offered nothing
    assert await suggest(table, other(first), "place", "age") == []
    assert await suggest(table, CAROL, "gold", "pay") == []
    # never more than 25, even when the cards alone would be more
    assert len(await suggest(table, first, "card", "card")) <= 25


async def test_rejected_commands_change_nothing_and_say_why(table: Table) -> None:
    await new_game(table)
    first = await actor(table)
    second = other(first)
    version = await table.version()

    out_of_turn = await ships(table, second, "gold", pay="merchant")
    name = table.users[first].display_name
    assert out_of_turn.private == [f"It is {name}'s turn, not yours."]
    watcher = await ships(table, CAROL, "gold", pay="merchant")
    assert watcher.private == ["You are not playing in this game; you can watch it."]
    too_far = await ships(table, first, "place", age="2", box="merchant",
                          where="miletus.t0", pay="merchant")
    assert too_far.private == ["Your ship can go to Age 1, not Age 2."]
    garbage = await ships(table, first, "place", age="soon", box="merchant",
                          where="miletus.t0", pay="merchant")
    assert "picked from the list" in garbage.private[0]
    unknown = await ships(table, first, "sell", goods="silk:1", pay="merchant")
    assert unknown.private == ["You have 0 silk, not 1."]
    no_gold = await ships(table, first, "navigation", pay="free")
    assert no_gold.private[0].startswith("That costs 1 gold; you have 0")
    decide = await ships(table, first, "decide", choice="v0:0")
    assert decide.private[0].startswith("No decision is waiting for you")
    for inter in (out_of_turn, watcher, too_far, garbage, unknown, no_gold, decide):
        assert inter.deferred_first and not inter.public
    assert await table.version() == version

    # A next age the player cannot pay for: the list leaves it out and the command says why.
    place = await pick(table, first, "place", "where", "Miletus: oil", age="1", box="merchant")
    assert done(await ships(table, first, "place", age="1", box="merchant",
                            where=place.value, pay="merchant"))
    if await table.service.choices(CHANNEL, first):
        assert done(await ships(table, first, "end"))
    assert await actor(table) == second
    assert [c.value for c in await suggest(table, second, "place", "age")] == ["1"]
    version = await table.version()
    where = (await suggest(table, second, "place", "where", age="1", box="merchant"))[0]
    broke = await ships(table, second, "place", age="2", box="merchant", where=where.value,
                        pay="merchant")
    assert broke.private == ["You need 2 navigation counters; you have 0 (and 0 metal to "
                             "exchange)."]
    assert await table.version() == version


def test_the_cheapest_exchange_is_taken_and_a_missing_option_is_asked_for() -> None:
    place = FORMS["place"]
    common = dict(age=3, box="warship", spaces=("tyre.c0",), pay="free")
    bank = [A.PlaceShip(disc_from="bank", wine=w, metal=m, **common)
            for w in (2, 1) for m in (1, 0)]
    warehouse = A.PlaceShip(disc_from="warehouse", wine=1, **common)
    filled = {"age": "3", "box": "warship", "where": "tyre.c0", "pay": "free", "industry": "no"}
    cheapest = choose(place, bank, filled)
    assert cheapest.action == bank[-1]
    asked = choose(place, [*bank, warehouse], filled)
    assert asked.action is None and asked.undecided == ["disc"]
    text = _undecided_text(place, [*bank, warehouse], filled, asked.undecided)
    assert text.startswith("Several moves fit those options; fill in disc")
    assert "(disc: bank)" in text and "(disc: warehouse)" in text
    exact = choose(place, [*bank, warehouse], {**filled, "disc": "bank", "wine": "2"})
    assert exact.action == bank[1]  # wine 2, metal 0
    assert choose(place, bank, {**filled, "age": "4"}) == Picked(None, [])


async def test_help_explains_each_action_with_its_costs(table: Table) -> None:
    for topic in HELP_TOPICS:
        inter = await table.command(COG, "help", CAROL, topic)
        [text] = inter.private
        assert inter.deferred_first and 0 < len(text) <= 2000
        if topic.value in FORMS:
            assert text.startswith(f"**{topic.name}**")
            assert "Cost: a merchant cube" in text
    place = await table.command(COG, "help", CAROL, HELP_TOPICS[0])
    assert "free action cube (oil can buy one) + 2 gold" in place.private[0]
    exchanges = await table.command(COG, "help", CAROL, HELP_TOPICS[8])
    assert "1 metal → a navigation counter and 2 VP" in exchanges.private[0]
    cards = await table.command(COG, "help", CAROL, HELP_TOPICS[9])
    assert "Pirates" in cards.private[0] and "Merchant 2 (1 gold)" in cards.private[0]


async def test_not_a_ships_channel(table: Table) -> None:
    await table.lobby(ALICE, BOB)  # Harbour Race
    inter = await ships(table, ALICE, "end")
    assert inter.private == ["The game in this channel is not Ships; use /move for it."]
    none = await table.command(COG, "end", ALICE, inter_kwargs={"channel_id": 999})
    assert none.private == ["No game in this channel. Start one with /game new."]


# --- a whole game -----------------------------------------------------------------------------
async def play_one(table: Table, user: int, action: Action, choices: list[Choice],
                   counts: dict[str, int]) -> FakeInteraction:
    """Plays ``action`` through the command layer, every value picked from autocomplete."""
    waiting = decisions(choices)
    paid_by_card = getattr(action, "pay", None) == "card"
    if waiting and not paid_by_card:
        value = next(c.value for c in choices if c.action.key() == action.key())
        label = next(c.label for c in choices if c.value == value)
        offered = await table.cog(COG).decide_choice(_namespaced(table, user, {}), label.upper())
        assert value in [c.value for c in offered], (label, offered)
        counts["decide"] = counts.get("decide", 0) + 1
        if counts["decide"] % 2:  # half through the command, half through the menu
            return await ships(table, user, "decide", choice=value)
        match = await table.match()
        assert match is not None
        inter = table.interaction(user)
        await decide_from_menu(inter, match.id, match.version, value)  # type: ignore[arg-type]
        return inter
    command = COMMAND_OF[action.type]
    counts[command] = counts.get(command, 0) + 1
    form = FORMS[command]
    options: dict[str, Any] = {}
    for name in form.fields:
        found = form.read(action, name)
        if (command, name) in AUTOCOMPLETE:
            offered = await suggest(table, user, command, name, found or "", **options)
            assert found in [c.value for c in offered], (command, name, found, offered)
        if found is not None:
            options[name] = found
    if "industry" in options:
        options["industry"] = options["industry"] == "yes"
    for name in form.exchanges:
        options[name] = int(form.read(action, name) or 0)
    return await ships(table, user, command, **options)


def _namespaced(table: Table, user: int, filled: dict[str, Any]) -> FakeInteraction:
    inter = table.interaction(user)
    inter.namespace = SimpleNamespace(**filled)  # type: ignore[attr-defined]
    return inter


def progress(view: ShipsView, seat: int, action: Action) -> float:
    """A plain player that pushes the ships up the track, so that a game ends soon: ships into
    the highest age first, then cards, cubes back when short, navigation, sales, gold."""
    me = view.players[seat]
    spent = getattr(action, "wine", 0) + getattr(action, "metal", 0)
    not_merchant = 5 if getattr(action, "pay", "merchant") not in ("merchant", "card") else 0
    if isinstance(action, (A.PlaceShip, A.UpgradeShip)):
        return 100 + action.age * 10 - spent - not_merchant
    if isinstance(action, A.RemoveShip):  # a counter to place again, when the era's are out
        return (95 - action.age if not me.ships.get(view.era) and action.age < 11 else -5) - spent
    if isinstance(action, A.TakeCard):
        return 60 - spent
    if isinstance(action, A.Retrieve):
        return (90 if me.stock_cubes < 2 else 5) - action.source
    if isinstance(action, A.TakeNavigation):
        return 40 - spent - not_merchant
    if isinstance(action, A.SellGoods):
        return 30 + sum(n for _, n in action.goods) - spent
    if isinstance(action, A.TakeGold):
        return 10 - spent
    if isinstance(action, A.EndTurn):
        return 0
    if isinstance(action, A.SkipCard):
        return -1
    return 2  # a decision: the first of its kind


async def test_a_whole_game_through_the_ships_commands(table: Table) -> None:
    began = time.monotonic()
    await new_game(table, seed=2)
    counts: dict[str, int] = {}
    for _step in range(800):
        match = await table.match()
        if match is None:
            break
        users = [u for u in (ALICE, BOB) if await table.service.choices(CHANNEL, u)]
        assert len(users) == 1, users
        user = users[0]
        choices = await table.service.choices(CHANNEL, user)
        seat = next(s.seat for s in await table.service.storage.seats(match.id)
                    if s.user_id == user)
        assert seat is not None
        _game, view, _names = await table.service.view(match.id, seat)
        assert isinstance(view, ShipsView)
        actions = [c.action for c in choices if c.action.type != "undo"]
        action = max(actions, key=lambda a: progress(view, seat, a))
        inter = await play_one(table, user, action, choices, counts)
        assert done(inter), (action, inter.calls)
        after = await table.match()
        assert after is None or after.version == match.version + 1
    else:
        raise AssertionError(f"the game did not end: {counts}")
    assert any("The game is over" in t for t in table.channel.texts), table.channel.texts[-3:]
    assert await table.service.choices(CHANNEL, ALICE) == []
    for command in ("place", "upgrade", "card", "sell", "navigation", "retrieve", "decide"):
        assert counts.get(command), counts
    assert time.monotonic() - began < 30, counts


async def test_a_stale_decide_menu_is_refused(table: Table) -> None:
    await new_game(table)
    first = await actor(table)
    match = await table.match()
    assert match is not None
    old = match.version
    assert done(await ships(table, first, "gold", pay="merchant"))
    inter = table.interaction(first)
    await decide_from_menu(inter, match.id, old, f"v{old}:0")  # type: ignore[arg-type]
    assert "out of date" in inter.private[0]
    item = DecideSelect(match.id, old, [])
    assert item.item.custom_id == f"portolan:decide:{match.id}:{old}"
