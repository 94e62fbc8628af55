"""/trader: the generated command group, every option picked through its autocomplete, against
a real MatchService and the real Ocean Trader engine, from /game new to the end of a short game.

How typed options become a move is tested on the engine's table in
tests/ocean_trader/test_commands.py; here the commands are played as a player plays them."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from engine.core import Rng
from engine.core.commands import waiting
from engine.ocean_trader import GAME
from engine.ocean_trader import actions as A
from engine.ocean_trader.state import OceanTraderState, OceanTraderView
from tests.ocean_trader.helpers import card_for, only_card

from .conftest import ALICE, BOB, CAROL, CHANNEL, FakeInteraction, Table
from .test_game_commands import (
    actor,
    decide_offered,
    done,
    group_of,
    legal,
    menu_of,
    menu_values,
    named_for_people,
    offered,
    other,
    pick_from_menu,
    play_action,
    seat_and_view,
)
from .test_game_commands import new_game as start_game

G = "trader"


@pytest.fixture(autouse=True)
def quick_boards(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    table.draw_placeholder_boards(monkeypatch)


async def new_game(table: Table, options: str = "variant=short turns=3", seed: int = 7) -> None:
    await start_game(table, "ocean_trader", options, seed)


async def trader(table: Table, user: int, command: str, **options: object) -> FakeInteraction:
    return await table.play(G, command, user, **options)


async def suggest(table: Table, user: int, command: str, option: str, typed: str = "",
                  **filled: object) -> list[Any]:
    return await offered(table, G, command, option, user, typed, **filled)


async def state(table: Table) -> OceanTraderState:
    match = await table.match()
    assert match is not None
    found = await table.service.state_of(match.id)
    assert isinstance(found, OceanTraderState)
    return found


async def decisions_waiting(table: Table, user: int) -> bool:
    return bool(waiting(group_of(G).table, await legal(table, user)))


# --- a few turns, option by option ------------------------------------------------------------
async def test_first_turns_through_the_trader_commands(table: Table) -> None:
    await new_game(table)
    first = await actor(table)
    version = await table.version()
    # the start says who moves first and why, before anyone moves
    name = table.users[first].display_name
    opening = [t for t in table.channel.texts if "Opening throw" in t]
    assert len(opening) == 1 and f"{name} threw highest and moves first" in opening[0]

    # The starting ship lies in Liverpool and may trade: Liverpool sells coal and manufactures.
    [ship] = await suggest(table, first, "buy", "ship")
    assert (ship.name, ship.value) == ("Ship 1 in Liverpool", "1")
    goods = await suggest(table, first, "buy", "goods", ship="1")
    assert {c.value: c.name for c in goods} == {
        "manufactures": "Manufactured Goods for £480", "coal": "Coal for £100"}
    assert [c.value for c in await suggest(table, first, "buy", "goods", "COAL")] == ["coal"]
    bought = await trader(table, first, "buy", ship="1", goods="coal")
    assert done(bought), bought.calls
    assert not bought.public  # the public line is the service's notice, not the command's
    assert await table.version() == version + 1
    assert any("Coal" in t for t in table.channel.texts)
    position = await state(table)
    assert position.players[position.active].ships[0].cargo == ["coal"]
    # a ship that traded cannot sail this turn: nothing is left but to end it
    if await legal(table, first):
        assert done(await trader(table, first, "end"))

    # The second player sends their ship out of Liverpool and chooses the route.
    second = await actor(table)
    assert second == other(first)
    assert f"<@{second}>" in table.channel.texts[-1]
    [depart] = await suggest(table, second, "roll", "depart")
    assert (depart.name, depart.value) == ("Ship 1 leaves Liverpool", "1")
    rolled = await trader(table, second, "roll", depart=depart.value)
    assert done(rolled), rolled.calls
    assert "A decision is waiting for you: pick it below or use /trader decide." in \
        rolled.private[0]
    routes = await suggest(table, second, "sail", "route")
    assert sorted(menu_values(rolled)) == sorted(
        c.value for c in await table.service.choices(CHANNEL, second)
        if c.action.type != "undo")  # the Decide menu: the routes to choose from
    assert {c.value for c in routes} == {"R01", "R02", "R06", "R07", "R13", "R14"}
    bordeaux = next(c for c in routes if c.value == "R01")
    # with where this throw takes the ship
    assert re.fullmatch(r"Liverpool → Bordeaux \(3 spaces, (ends \d spaces? out( on a red "
                        r"space)?|docks there|arrives with \d points? to "
                        r"spare)\)", bordeaux.name), bordeaux.name
    assert [c.value for c in await suggest(table, second, "sail", "route", "bordeaux")] == ["R01"]
    sailed = await trader(table, second, "sail", route=bordeaux.value)
    assert done(sailed), sailed.calls
    # the ship reaches Bordeaux or stays at sea; either way the voyage's decisions are answered
    counts: dict[str, int] = {}
    last = {second: sailed}
    while await decisions_waiting(table, second):
        choices = await table.service.choices(CHANNEL, second)
        moves = [c.action for c in choices if c.action.type != "undo"]
        dock = next((a for a in moves if a.type == "dock"), moves[0])
        last[second] = await play_action(table, G, second, dock, choices, counts, last)
        assert done(last[second]), last[second].calls
    if await legal(table, second):
        assert done(await trader(table, second, "end"))
    assert await actor(table) == first
    assert all(inter.deferred_first for inter in table.interactions if inter.calls)


async def test_autocomplete_offers_only_legal_choices(table: Table) -> None:
    await new_game(table)
    first = await actor(table)
    buys = {a.goods for a in await legal(table, first) if isinstance(a, A.BuyCargo)}
    assert {c.value for c in await suggest(table, first, "buy", "goods")} == buys
    assert await suggest(table, first, "sell", "goods") == []  # no cargo yet
    assert await suggest(table, first, "sail", "route") == []  # no decision waiting
    assert await suggest(table, first, "bid", "amount") == []  # no auction
    assert await suggest(table, first, "insure", "ship") == []  # insured already
    # the other player, and an onlooker, are offered nothing
    assert await suggest(table, other(first), "buy", "ship") == []
    assert await suggest(table, CAROL, "roll", "depart") == []
    # the decide list is empty in an ordinary turn
    assert await decide_offered(table, G, first) == []


async def test_autocomplete_offers_nothing_for_a_ship_that_cannot_trade(table: Table) -> None:
    await new_game(table)
    first = await actor(table)
    assert await suggest(table, first, "buy", "goods", ship="2") == []  # there is no ship 2


async def test_autocomplete_names_values_for_people(table: Table) -> None:
    await new_game(table)
    first = await actor(table)
    for command, option in (("buy", "ship"), ("buy", "goods"), ("roll", "depart"),
                            ("sell-ship", "ship"), ("surrender", "ship")):
        found = await suggest(table, first, command, option)
        assert found and named_for_people(found) == [], (command, option, found)
    assert done(await trader(table, first, "buy", ship="1", goods="coal"))
    for command, option in (("sell", "ship"), ("sell", "goods"), ("dump", "goods")):
        assert named_for_people(await suggest(table, first, command, option)) == []


async def test_a_value_may_be_typed_as_any_unambiguous_part_of_its_label(table: Table) -> None:
    await new_game(table)
    first = await actor(table)
    bought = await trader(table, first, "buy", ship="ship 1", goods="manufactured")
    assert done(bought), bought.calls
    position = await state(table)
    assert position.players[position.active].ships[0].cargo == ["manufactures"]


async def test_a_choice_left_out_is_asked_for_with_a_menu(table: Table) -> None:
    await new_game(table)
    first = await actor(table)
    version = await table.version()
    asked = await trader(table, first, "buy")
    assert asked.private == ["/trader buy: fill in goods, or pick the whole "
                             "move below."]
    buys = {c.value: c.label for c in await table.service.choices(CHANNEL, first)
            if isinstance(c.action, A.BuyCargo)}
    assert sorted(menu_values(asked)) == sorted(buys)
    menu = menu_of(asked)
    assert menu is not None and {o.label for o in menu.options} == set(buys.values())
    assert await table.version() == version
    coal = next(v for v, label in buys.items() if "Coal" in label)
    assert done(await pick_from_menu(table, first, asked, coal))
    assert (await state(table)).players[0 if first == ALICE else 1].ships[0].cargo == ["coal"]


async def test_a_command_without_a_choice_plays_at_once(table: Table) -> None:
    await new_game(table)
    first = await actor(table)
    assert done(await trader(table, first, "end"))
    second = await actor(table)
    version = await table.version()
    roll = await trader(table, second, "roll")  # only ship 1 can leave: nothing to ask
    assert done(roll), roll.calls
    assert await table.version() == version + 1


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
    assert no_decision.private == [
        "No ship is waiting for a route or at a port: a route is chosen, and a port docked at, "
        "once the die is thrown (/trader roll)."]
    garbage = await trader(table, first, "buy", ship="one", goods="coal")
    assert garbage.private == ["The ship is picked from the list, not 'one'."]
    unknown = await trader(table, first, "buy", ship="1", goods="gold dust")
    assert unknown.private == ["There are no goods called 'gold dust'; pick them from the "
                               "list."]
    decide = await trader(table, first, "decide", choice="v0:0")
    assert decide.private[0].startswith("No decision is waiting for you")
    bid = await trader(table, first, "bid", amount="100")
    assert bid.private == ["There is no certificate on auction."]
    for inter in (out_of_turn, watcher, wrong_port, no_cargo, no_ship, insured, poor, shares,
                  no_decision, garbage, unknown, decide, bid):
        assert inter.deferred_first and not inter.public and menu_of(inter) is None
    assert await table.version() == version

    # a fleet of one ship: a command left without the ship, though none of its moves is
    # open, is refused with the reason, as if the ship had been named
    insured = await trader(table, first, "insure")
    assert insured.private == ["Ship 1 is already insured."]
    assert done(await trader(table, first, "buy", ship="1", goods="coal"))
    again = await trader(table, first, "buy", goods="coal")
    assert again.private == ["Ship 1 has traded this turn: one cargo a turn per ship. Trade "
                             "again next turn."]
    stays = await trader(table, first, "roll")
    assert stays.private == ["None of your ships can sail this turn (ship 1 has traded this "
                             "turn): end your turn."]
    if await legal(table, first):
        assert done(await trader(table, first, "end"))
    assert await actor(table) == second
    assert done(await trader(table, second, "roll"))
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
    assert named_for_people(amounts) == []
    typed = await suggest(table, second, "bid", "amount", "£2,500")
    assert [c.value for c in typed] == ["2500"]
    assert typed[0].name == "£2,500"
    assert [c.value for c in await suggest(table, second, "bid", "amount", "15")] == \
        ["1500", "11500", "15000", "15500"]
    assert await suggest(table, first, "bid", "amount") == []  # the seller does not bid
    assert all("2,500" not in t for t in table.channel.texts)
    bid = await trader(table, second, "bid", amount="2500")
    assert bid.private == ["Done.\nYou bid £2,500."] and not bid.public
    # the last sealed bid is in: the engine announces the sale
    assert any("buys" in t and "£2,500" in t for t in table.channel.texts)
    # the auction is over; the majority claim and its challenge go through their commands
    claim = await trader(table, first, "claim")
    assert done(claim), claim.calls
    assert "claims a majority shareholding" in table.channel.texts[-1]
    version = await table.version()
    own = await trader(table, first, "challenge")
    assert own.private == ["That is your own claim."]
    assert await table.version() == version


async def test_goods_a_card_wants_are_not_dumped_and_the_player_is_told_where_they_sell(
        table: Table) -> None:
    await new_game(table)
    first = await actor(table)
    position = await state(table)  # the service's own copy, as above
    only_card(position, card_for("CAL", "manufactures"))
    ship = position.players[position.active].ships[0]
    ship.port, ship.cargo = "COL", ["manufactures"]
    version = await table.version()
    assert [c.value for c in await suggest(table, first, "dump", "goods")] == []
    refused = await trader(table, first, "dump", goods="manufactures")
    assert refused.private == ["A World Trade card in play still wants Manufactured Goods, so "
                               "it is not sold for half price: take it to Calcutta, where a card "
                               "wants it; only goods no card wants sell for half price."]
    assert not refused.public and await table.version() == version


def said(inter: FakeInteraction) -> str:
    """The first line of the private answer (a list of the moves open may follow)."""
    return inter.private[0].splitlines()[0]


async def test_a_trade_command_with_nothing_open_says_why_for_the_ship(table: Table) -> None:
    """Nothing typed but the command: the answer is the ship's reason, never only that there
    is no such move now."""
    await new_game(table)
    first = await actor(table)
    position = await state(table)  # the service's own copy, as above
    only_card(position, card_for("CAL", "manufactures"))
    ship = position.players[position.active].ships[0]
    version = await table.version()

    ship.cargo = ["coal", "coal", "manufactures"]  # a full hold in Liverpool
    full = await trader(table, first, "buy")
    assert said(full) == "Ship 1 already carries 3 cargoes; sell one first."
    wanted = await trader(table, first, "sell")
    assert said(wanted) == ("No World Trade card in play has Liverpool wanting ship 1's "
                                 "cargo (Coal, Manufactured Goods). /trader dump sells goods no "
                                 "card wants for half price.")
    ship.cargo = ["manufactures"]
    kept = await trader(table, first, "dump")
    assert said(kept) == ("A World Trade card in play still wants all of ship 1's cargo "
                               "(Manufactured Goods), so none of it sells for half price: take "
                               "it to Calcutta, where a card wants it; only goods no card wants "
                               "sell for half price.")
    ship.cargo = []
    empty = await trader(table, first, "sell")
    assert said(empty) == "Ship 1 carries no cargo."
    ship.port, ship.route, ship.at, ship.toward = None, "R01", 1, "BOR"
    at_sea = await trader(table, first, "dump")
    assert said(at_sea) == "Ship 1 is at sea: goods are traded in port."
    no_auction = await trader(table, first, "bid", amount="-500")
    assert said(no_auction) == "There is no certificate on auction."
    for inter in (full, wanted, kept, empty, at_sea, no_auction):
        assert all("move now" not in t for t in inter.private) and not inter.public
    assert await table.version() == version


@pytest.mark.parametrize("deal", ["buy-share", "sell-share"])
async def test_undoing_a_share_dealing_tells_the_channel_no_more_than_the_dealing_did(
        table: Table, deal: str) -> None:
    await new_game(table, "variant=full")
    first = await actor(table)
    position = await state(table)
    for player in position.players:  # the service's own copy, as above
        player.cash = 30000
        if deal == "sell-share":
            player.shares = 2
            position.banker_shares -= 2
    dealt = await trader(table, first, deal)
    assert done(dealt), dealt.calls
    seen = list(table.channel.texts)
    undo = await table.game("undo", first)
    assert undo.private[0].startswith("Undone: ") and "share" in undo.private[0]
    told = table.channel.texts[len(seen):]
    assert told and all("share" not in t.lower() and "£" not in t for t in told), told
    assert any("took back" in t or "takes back" in t for t in told), told


# --- a whole short game -----------------------------------------------------------------------
async def test_a_whole_short_game_through_the_trader_commands(table: Table) -> None:
    began = time.monotonic()
    await new_game(table, "variant=short turns=10", seed=3)
    bot = GAME.bots()["standard"]
    counts: dict[str, int] = {}
    last: dict[int, FakeInteraction] = {}
    for _step in range(600):
        match = await table.match()
        if match is None:
            break
        user = await actor(table)
        choices = await table.service.choices(CHANNEL, user)
        _seat, view = await seat_and_view(table, user)
        assert isinstance(view, OceanTraderView)
        actions = [c.action for c in choices if c.action.type != "undo"]
        action = bot.choose(view, actions, Rng.from_seed(match.version))
        inter = await play_action(table, G, user, action, choices, counts, last)
        assert done(inter) and not inter.public, (action, inter.calls)
        last[user] = inter
        after = await table.match()
        assert after is None or after.version == match.version + 1
    else:
        raise AssertionError(f"the game did not end: {counts}")
    said = "\n".join(table.channel.texts)
    assert said.count("The game is over") == 1, table.channel.texts[-3:]  # said once
    assert "Total assets at the end: " in said
    assert await table.service.choices(CHANNEL, ALICE) == []
    for command in ("roll", "sail", "buy", "sell", "end", "decide", "menu"):
        assert counts.get(command), counts
    assert time.monotonic() - began < 30, counts


async def test_help_explains_each_action_with_its_costs(table: Table) -> None:
    texts = {e.topic: (await trader(table, CAROL, "help", topic=e.topic)).private[0]
             for e in group_of(G).table.help}
    assert "Cost: £2,000." in texts["buy-ship"]
    assert "Cost: free when your office holds a spare policy" in texts["insure"]
    assert "otherwise £500" in texts["insure"]
    assert "4 times" in texts["sell"] and "2 times" in texts["sell"]
    assert "Coal £100" in texts["goods"] and "Silk £600" in texts["goods"]
    assert "£60: Liverpool" in texts["ports"]
    assert "After 12 more of your turns" in texts["claim"]


async def test_not_an_ocean_trader_channel(table: Table) -> None:
    await table.lobby(ALICE, BOB)  # Harbour Race
    inter = await trader(table, ALICE, "end")
    assert inter.private == ["The game in this channel is not Ocean Trader; use /move for it."]
    none = table.interaction(ALICE, channel_id=999)
    await table.slash(G, "end").callback(none)  # type: ignore[call-arg]
    assert none.private == ["No game in this channel. Start one with /game new."]
