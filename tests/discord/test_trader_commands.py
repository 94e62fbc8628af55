"""/trader: every option picked through its autocomplete, against a real MatchService and the
real Ocean Trader engine, from /game new to the end of a short game."""

from __future__ import annotations

import time
from types import SimpleNamespace
from typing import Any

import pytest
from discord import app_commands

from bot.cogs.game_groups import suggestions
from bot.cogs.trader import COMMAND_OF, DECISION_TYPES, FORMS, HELP_TOPICS, waiting
from bot.service import Choice
from bot.ui.decide import decide_from_menu
from engine.core import Action, Rng
from engine.ocean_trader import GAME
from engine.ocean_trader import actions as A
from engine.ocean_trader.legal import bid_amounts
from engine.ocean_trader.state import OceanTraderState, OceanTraderView

from .conftest import ALICE, BOB, CAROL, CHANNEL, FakeInteraction, Table

COG = "TraderCog"
# (command, option) -> the cog's autocomplete callback
AUTOCOMPLETE = {
    ("roll", "depart"): "roll_depart", ("sail", "route"): "sail_route",
    ("buy", "ship"): "buy_ship_option", ("buy", "goods"): "buy_goods",
    ("sell", "ship"): "sell_ship_option", ("sell", "goods"): "sell_goods",
    ("dump", "ship"): "dump_ship_option", ("dump", "goods"): "dump_goods",
    ("sell-ship", "ship"): "sell_ship_ship", ("insure", "ship"): "insure_ship",
    ("surrender", "ship"): "surrender_ship", ("bid", "amount"): "bid_amount",
}


def method(command: str) -> str:
    return command.replace("-", "_")


@pytest.fixture(autouse=True)
async def trader_cog(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """The /trader group is on the fake bot; boards are drawn by render/ and tested there, so a
    placeholder keeps games quick."""
    assert table.bot.get_cog("TraderCog") is not None  # registered by bot.cogs.add_cogs
    table.draw_placeholder_boards(monkeypatch)


# --- driving the commands ---------------------------------------------------------------------
async def suggest(table: Table, user: int, command: str, option: str, typed: str = "",
                  **filled: Any) -> list[app_commands.Choice[str]]:
    return await table.suggest_option(COG, AUTOCOMPLETE[command, option], user, typed,
                                      **filled)


async def trader(table: Table, user: int, command: str, **options: Any) -> FakeInteraction:
    return await table.command(COG, method(command), user, **options)


async def new_game(table: Table, options: str = "variant=short turns=3", seed: int = 7) -> None:
    await table.game("new", ALICE, "ocean_trader", options, seed)
    await table.game("join", BOB)
    start = await table.game("start", ALICE)
    assert start.private == ["The game has begun; the board is in the channel."], start.calls


async def actor(table: Table) -> int:
    acting = [u for u in (ALICE, BOB) if await table.service.choices(CHANNEL, u)]
    assert len(acting) == 1, acting
    return acting[0]


def other(user: int) -> int:
    return BOB if user == ALICE else ALICE


def done(inter: FakeInteraction) -> bool:
    return inter.deferred_first and bool(inter.private) and inter.private[0].startswith("Done.")


async def state(table: Table) -> OceanTraderState:
    match = await table.match()
    assert match is not None
    found = await table.service.state_of(match.id)
    assert isinstance(found, OceanTraderState)
    return found


async def play(table: Table, user: int, action: Action, choices: list[Choice],
               counts: dict[str, int]) -> FakeInteraction:
    """Plays ``action`` through the command layer, every value picked from autocomplete; a
    decision without a command of its own goes through /trader decide or the Decide menu."""
    command = COMMAND_OF.get(action.type)
    if action.type in DECISION_TYPES:  # every other voyage decision through /trader decide
        counts["decision"] = counts.get("decision", 0) + 1
        if counts["decision"] % 2 == 0:
            command = None
    if command is None:
        value = next(c.value for c in choices if c.action.key() == action.key())
        label = next(c.label for c in choices if c.value == value)
        inter = table.interaction(user)
        inter.namespace = SimpleNamespace()  # type: ignore[attr-defined]
        offered = await table.cog(COG).decide_choice(inter, label.upper())
        assert value in [c.value for c in offered], (label, offered)
        counts["decide"] = counts.get("decide", 0) + 1
        if counts["decide"] % 2:
            return await trader(table, user, "decide", choice=value)
        match = await table.match()
        assert match is not None
        menu = table.interaction(user)
        await decide_from_menu(menu, match.id, match.version, value)  # type: ignore[arg-type]
        return menu
    counts[command] = counts.get(command, 0) + 1
    form = FORMS[command]
    options: dict[str, Any] = {}
    for name in form.fields:
        found = form.read(action, name)
        if (command, name) in AUTOCOMPLETE:
            offered = await suggest(table, user, command, name, **options)
            assert found in [c.value for c in offered], (command, name, found, offered)
        options[name] = found
    return await trader(table, user, command, **options)


# --- a few turns, option by option ------------------------------------------------------------
async def test_first_turns_through_the_trader_commands(table: Table) -> None:
    await new_game(table)
    first = await actor(table)
    version = await table.version()

    # The starting ship lies in Liverpool and may trade: Liverpool sells coal and manufactures.
    [ship] = await suggest(table, first, "buy", "ship")
    assert (ship.name, ship.value) == ("Ship 1 in Liverpool", "1")
    goods = await suggest(table, first, "buy", "goods", ship="1")
    assert {c.value: c.name for c in goods} == {
        "manufactures": "Buy Manufactured Goods for £480", "coal": "Buy Coal for £100"}
    assert [c.value for c in await suggest(table, first, "buy", "goods", "COAL")] == ["coal"]
    bought = await trader(table, first, "buy", ship="1", goods="coal")
    assert done(bought), bought.calls
    assert not bought.public  # the public line is the service's notice, not the command's
    assert await table.version() == version + 1
    assert any("Coal" in t for t in table.channel.texts)
    assert (await state(table)).players[(await state(table)).active].ships[0].cargo == ["coal"]
    # a ship that traded cannot sail this turn: nothing is left but to end it
    if await table.service.choices(CHANNEL, first):
        assert done(await trader(table, first, "end"))

    # The second player sends their ship out of Liverpool and chooses the route.
    second = await actor(table)
    assert second == other(first)
    assert f"<@{second}>" in table.channel.texts[-1]
    [depart] = await suggest(table, second, "roll", "depart")
    assert (depart.name, depart.value) == (
        "Throw the dice: ship 1 leaves Liverpool", "1")
    rolled = await trader(table, second, "roll", depart=depart.value)
    assert done(rolled), rolled.calls
    assert "A decision is waiting for you: pick it below or use /trader decide." in \
        rolled.private[0]
    assert rolled.replies[0].kwargs.get("view") is not None  # the Decide menu
    routes = await suggest(table, second, "sail", "route")
    assert {c.value for c in routes} == {"R01", "R02", "R06", "R07", "R13", "R14"}
    bordeaux = next(c for c in routes if c.value == "R01")
    assert bordeaux.name == "Sail for Bordeaux (3 spaces)"
    assert [c.value for c in await suggest(table, second, "sail", "route", "bordeaux")] == ["R01"]
    sailed = await trader(table, second, "sail", route=bordeaux.value)
    assert done(sailed), sailed.calls
    # the ship reaches Bordeaux or stays at sea; either way the voyage's decisions are answered
    counts: dict[str, int] = {}
    while decisions := waiting(await table.service.choices(CHANNEL, second)):
        dock = next((c for c in decisions if c.action.type == "dock"), decisions[0])
        assert done(await play(table, second, dock.action, decisions, counts))
    if await table.service.choices(CHANNEL, second):
        assert done(await trader(table, second, "end"))
    assert await actor(table) == first
    all_done = [inter for inter in table.interactions if inter.calls]
    assert all(inter.deferred_first for inter in all_done)


async def test_autocomplete_offers_only_legal_choices(table: Table) -> None:
    await new_game(table)
    first = await actor(table)
    legal = [c.action for c in await table.service.choices(CHANNEL, first)]
    buys = {a.goods for a in legal if isinstance(a, A.BuyCargo)}
    assert {c.value for c in await suggest(table, first, "buy", "goods")} == buys
    # options no legal action has leave nothing to offer
    assert await suggest(table, first, "buy", "goods", ship="2") == []
    assert await suggest(table, first, "sell", "goods") == []  # no cargo yet
    assert await suggest(table, first, "sail", "route") == []  # no decision waiting
    assert await suggest(table, first, "bid", "amount") == []  # no auction
    # the other player, and an onlooker, are offered nothing
    assert await suggest(table, other(first), "buy", "ship") == []
    assert await suggest(table, CAROL, "roll", "depart") == []
    # the decide list is empty in an ordinary turn
    inter = table.interaction(first)
    inter.namespace = SimpleNamespace()  # type: ignore[attr-defined]
    assert await table.cog(COG).decide_choice(inter, "") == []


def test_a_long_list_is_cut_to_twenty_five() -> None:
    bids: list[Action] = [A.Bid(amount=0, label="Pass")]
    bids += [A.Bid(amount=n, label=f"Bid £{n:,}") for n in bid_amounts(20000)]
    assert len(bids) > 25
    offered = suggestions(FORMS["bid"], bids, "amount", {}, "", lambda a: a.label)
    assert len(offered) == 25 and offered[0].value == "0"
    typed = suggestions(FORMS["bid"], bids, "amount", {}, "15", lambda a: a.label)
    assert [c.value for c in typed] == ["1500", "11500", "15000", "15500"]


async def test_rejected_commands_change_nothing_and_say_why(table: Table) -> None:
    await new_game(table)
    first = await actor(table)
    second = other(first)
    version = await table.version()

    out_of_turn = await trader(table, second, "roll", depart="1")
    name = table.users[first].display_name
    assert out_of_turn.private == [f"It is {name}'s turn, not yours."]
    watcher = await trader(table, CAROL, "end")
    assert watcher.private == ["You are not playing in this game; you can watch it."]
    wrong_port = await trader(table, first, "buy", ship="1", goods="tea")
    assert wrong_port.private == ["Liverpool does not sell that; it sells Manufactured Goods, "
                                  "Coal."]
    no_cargo = await trader(table, first, "sell", ship="1", goods="coal")
    assert no_cargo.private == ["Ship 1 carries no Coal."]
    no_ship = await trader(table, first, "insure", ship="3")
    assert no_ship.private == ["You have no ship 3."]
    insured = await trader(table, first, "insure", ship="1")
    assert insured.private == ["Ship 1 is already insured."]
    poor = await trader(table, first, "buy-ship")
    assert poor.private == ["You need £2,000 for a ship; you have £750."]
    shares = await trader(table, first, "buy-share")
    assert shares.private == ["The short game has no share certificates."]
    no_decision = await trader(table, first, "dock")
    assert no_decision.private == ["There is no decision waiting for that."]
    garbage = await trader(table, first, "buy", ship="one", goods="coal")
    assert garbage.private == ["The ship should be picked from the list, not 'one'."]
    unknown = await trader(table, first, "buy", ship="1", goods="gold dust")
    assert unknown.private == ["There are no goods called 'gold dust'; pick them from the "
                               "list."]
    decide = await trader(table, first, "decide", choice="v0:0")
    assert decide.private[0].startswith("No decision is waiting for you")
    bid = await trader(table, first, "bid", amount="100")
    assert bid.private == ["There is no certificate on auction."]
    for inter in (out_of_turn, watcher, wrong_port, no_cargo, no_ship, insured, poor, shares,
                  no_decision, garbage, unknown, decide, bid):
        assert inter.deferred_first and not inter.public
    assert await table.version() == version

    # Several moves fit: /trader roll without saying which ships leave asks for it.
    assert done(await trader(table, first, "buy", ship="1", goods="coal"))
    if await table.service.choices(CHANNEL, first):
        assert done(await trader(table, first, "end"))
    assert await actor(table) == second
    roll = await trader(table, second, "roll")  # only ship 1 can leave: nothing to ask
    assert done(roll)
    version = await table.version()
    dock = await trader(table, second, "dock")
    assert dock.private == ["First choose the route for the ship leaving port."]
    nowhere = await trader(table, second, "sail", route="R99")
    assert nowhere.private == ["That route does not leave Liverpool."]
    assert await table.version() == version


async def test_shares_and_a_sealed_auction_in_the_full_game(table: Table) -> None:
    await new_game(table, "variant=full")
    first = await actor(table)
    second = other(first)
    position = await state(table)  # a richer position, set up in the service's own copy
    for player in position.players:
        player.cash = 30000
    for held in (1, 2):  # holdings are secret: the buyer alone reads them
        bought = await trader(table, first, "buy-share")
        assert bought.private == [f"Done.\nYou buy a share certificate for £1,000; you hold "
                                  f"{held}."], bought.calls
        assert not bought.public and all("£1,000" not in t for t in table.channel.texts)
    auction = await trader(table, first, "auction")
    assert done(auction), auction.calls
    assert any("auction" in t.lower() for t in table.channel.texts)
    # the other player's bids: a long list cut to 25, filtered by what is typed
    amounts = await suggest(table, second, "bid", "amount")
    assert len(amounts) == 25 and amounts[0].value == "0"
    typed = await suggest(table, second, "bid", "amount", "£2,500")
    assert [c.value for c in typed] == ["2500"] and typed[0].name == "Bid £2,500 for the " \
        "certificate"
    assert await suggest(table, first, "bid", "amount") == []  # the seller does not bid
    assert all("2,500" not in t for t in table.channel.texts)
    bid = await trader(table, second, "bid", amount="2500")
    assert bid.private == ["Done.\nYou bid £2,500."] and not bid.public
    # the last sealed bid is in: the engine announces the sale
    assert any("buys" in t and "£2,500" in t for t in table.channel.texts)
    # the auction is over; the majority claim and its challenge go through their commands
    claim = await trader(table, first, "claim")
    assert done(claim), claim.calls
    assert "Alice claims a majority shareholding" in table.channel.texts[-1] or \
        "Bob claims a majority shareholding" in table.channel.texts[-1]
    version = await table.version()
    own = await trader(table, first, "challenge")
    assert own.private == ["That is your own claim."]
    assert await table.version() == version


# --- a whole short game -----------------------------------------------------------------------
async def test_a_whole_short_game_through_the_trader_commands(table: Table) -> None:
    began = time.monotonic()
    await new_game(table, "variant=short turns=10", seed=3)
    match = await table.match()
    assert match is not None
    bot = GAME.bots()["standard"]
    counts: dict[str, int] = {}
    for _step in range(600):
        match = await table.match()
        if match is None:
            break
        user = await actor(table)
        choices = await table.service.choices(CHANNEL, user)
        seat = next(s.seat for s in await table.service.storage.seats(match.id)
                    if s.user_id == user)
        assert seat is not None
        _game, view, _names = await table.service.view(match.id, seat)
        assert isinstance(view, OceanTraderView)
        actions = [c.action for c in choices if c.action.type != "undo"]
        action = bot.choose(view, actions, Rng.from_seed(match.version))
        inter = await play(table, user, action, choices, counts)
        assert done(inter) and not inter.public, (action, inter.calls)
        after = await table.match()
        assert after is None or after.version == match.version + 1
    else:
        raise AssertionError(f"the game did not end: {counts}")
    assert any("The game is over" in t for t in table.channel.texts), table.channel.texts[-3:]
    assert await table.service.choices(CHANNEL, ALICE) == []
    for command in ("roll", "sail", "buy", "sell", "end", "decide"):
        assert counts.get(command), counts
    assert time.monotonic() - began < 30, counts


async def test_help_explains_each_action_with_its_costs(table: Table) -> None:
    for topic in HELP_TOPICS:
        inter = await table.command(COG, "help", CAROL, topic)
        [text] = inter.private
        assert inter.deferred_first and 0 < len(text) <= 2000
        assert text.startswith(f"**{topic.name}")
    texts = {t.value: (await table.command(COG, "help", CAROL, t)).private[0]
             for t in HELP_TOPICS}
    assert "Cost: £2,000." in texts["buy-ship"]
    assert "£500 a policy" in texts["insure"]
    assert "4 times" in texts["sell"] and "2 times" in texts["sell"]
    assert "Coal £100" in texts["goods"] and "Silk £600" in texts["goods"]
    assert "£60: Liverpool" in texts["ports"]
    assert "12 more turns" in texts["claim"]


async def test_not_an_ocean_trader_channel(table: Table) -> None:
    await table.lobby(ALICE, BOB)  # Harbour Race
    inter = await trader(table, ALICE, "end")
    assert inter.private == ["The game in this channel is not Ocean Trader; use /move for it."]
    none = await table.command(COG, "end", ALICE, inter_kwargs={"channel_id": 999})
    assert none.private == ["No game in this channel. Start one with /game new."]
