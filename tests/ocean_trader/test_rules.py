"""One test per rule of the rulebook, with the rulebook's numbers. Positions are set up by hand
and the die is loaded where a throw matters."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Rejection, Rng, seat_ref, step
from engine.ocean_trader import GAME
from engine.ocean_trader import actions as A
from engine.ocean_trader.rules import money
from engine.ocean_trader.state import Claim, OceanTraderState, Ship
from tests.ocean_trader.helpers import (
    act,
    card_for,
    load_die,
    new_game,
    only_card,
    put_at_sea,
    rejected,
)


# --- setting up ---------------------------------------------------------------------------
def test_every_player_starts_in_liverpool_with_one_insured_ship_and_750() -> None:
    state = GAME.setup({}, 3, 5)
    for player in state.players:
        assert player.cash == 750 and player.shares == 0
        assert [(s.number, s.port, s.insured) for s in player.ships] == [(1, "LIV", True)]


@pytest.mark.parametrize(("seats", "cards"), [(2, 5), (4, 5), (5, 7), (6, 7)])
def test_five_world_trade_cards_in_play_up_to_four_players_seven_for_five_or_six(
        seats: int, cards: int) -> None:
    state = GAME.setup({}, seats, 1)
    assert len(state.in_play) == cards
    assert len(state.trade_deck) == 83 - cards


def test_two_player_game_uses_nine_share_certificates() -> None:
    assert GAME.setup({"variant": "full"}, 2, 1).banker_shares == 9
    assert GAME.setup({"variant": "full"}, 3, 1).banker_shares == 10


def test_the_outright_highest_opening_throw_plays_first() -> None:
    for seed in range(10):
        state = GAME.setup({}, 4, seed)
        last = state.opening_rolls[-1]
        assert last.count(max(last)) == 1 and last.index(max(last)) == state.first_player
        assert state.active == state.first_player


# --- ships and insurance ------------------------------------------------------------------
def test_a_new_ship_costs_2000_and_starts_in_liverpool() -> None:
    state = new_game(cash=2500)
    state, _ = act(state, 0, A.BuyShip())
    ship = state.players[0].ship(2)
    assert state.players[0].cash == 500
    assert ship is not None and ship.port == "LIV" and not ship.insured
    # issued this turn: it neither trades nor sails until the next
    keys = {a.key() for a in GAME.legal_actions(state, 0)}
    assert A.ThrowDice(depart=(2,)).key() not in keys
    assert A.BuyCargo(ship=2, goods="coal").key() not in keys


def test_a_fleet_has_at_most_three_ships() -> None:
    state = new_game(cash=9000)
    state, _ = act(state, 0, A.BuyShip())
    state, _ = act(state, 0, A.BuyShip())
    assert rejected(state, 0, A.BuyShip()) == "A fleet has at most 3 ships."


def test_a_ship_sells_back_for_1000_only_in_port() -> None:
    state = new_game(cash=100)
    state, _ = act(state, 0, A.SellShip(ship=1))
    assert state.players[0].cash == 1100 and state.players[0].ships == []
    state = new_game(cash=100)
    put_at_sea(state.players[0].ships[0], "R13", 4, "RIO")
    assert "only in port" in rejected(state, 0, A.SellShip(ship=1))


def test_an_extra_policy_costs_500_and_is_surrendered_for_250() -> None:
    state = new_game(cash=320)
    state.players[0].ships.append(Ship(number=2, port="LIV"))
    assert rejected(state, 0, A.BuyPolicy(ship=2)) == \
        "You need £500 for a policy; you have £320."
    state = state.model_copy(deep=True)  # a new position (validate remembers the last one)
    state.players[0].cash = 600
    state, _ = act(state, 0, A.BuyPolicy(ship=2))
    assert state.players[0].cash == 100 and state.players[0].ship(2).insured  # type: ignore
    state, _ = act(state, 0, A.SurrenderPolicy(ship=1))
    assert state.players[0].cash == 350 and not state.players[0].ship(1).insured  # type: ignore


def test_insurance_policies_remain_valid_until_surrendered_for_250() -> None:
    """Selling an insured ship keeps its policy with the office: it can cover another ship,
    counts for a claim and is surrendered for £250."""
    state = new_game(cash=2500)
    state.players[0].ships.append(Ship(number=2, port="LIV"))
    state, events = act(state, 0, A.SellShip(ship=1))
    player = state.players[0]
    assert player.cash == 3500 and player.spare_policies == 1
    assert [e.data["policy_kept"] for e in events if e.kind == "sell_ship"] == [True]
    assert GAME.view(state, 1).players[0].spare_policies == 1  # the office is open to view
    cover = next(a for a in GAME.legal_actions(state, 0)
                 if isinstance(a, A.BuyPolicy) and a.ship == 2)
    assert "spare policy (free)" in cover.label
    state, _ = act(state, 0, cover)
    assert state.players[0].cash == 3500 and state.players[0].ship(2).insured  # type: ignore
    assert state.players[0].spare_policies == 0
    state, _ = act(state, 0, A.SellShip(ship=2))
    state, _ = act(state, 0, A.SurrenderSparePolicy())
    assert state.players[0].cash == 3500 + 1000 + 250 and state.players[0].spare_policies == 0
    assert rejected(state, 0, A.SurrenderSparePolicy()) == "Your office holds no spare policy."


def test_a_claimant_who_sold_the_insured_ship_still_holds_one_policy() -> None:
    state = new_game(cash=800)
    state.players[0].shares = 6
    state.players[0].ships.append(Ship(number=2, port="LIV"))
    state, _ = act(state, 0, A.SellShip(ship=1))
    state.claim = Claim(claimant=0, made_on=0)
    state.players[0].turns = 12
    state, events = act(state, 0, A.EndTurn())
    assert state.finished and state.winner == 0
    assert any(e.kind == "claim_succeeds" for e in events)


def test_a_ship_is_resold_for_1000_in_port_even_with_cargo_aboard() -> None:
    """Cargo aboard goes with the ship: its Bills of Lading return to the Banker unpaid, as the
    move's label says."""
    state = new_game(cash=100)
    state.players[0].ships[0].cargo = ["tea", "coal"]
    sale = next(a for a in GAME.legal_actions(state, 0) if isinstance(a, A.SellShip))
    assert sale.label == ("Sell ship 1 to the Banker for £1,000 (its cargo of Tea and Coal "
                          "goes back to the Banker unpaid; its policy stays with the office)")
    from engine.ocean_trader.rules import bills_available

    before = bills_available(state, "tea")
    state, events = act(state, 0, sale)
    assert state.players[0].cash == 1100 and state.players[0].ships == []
    assert bills_available(state, "tea") == before + 1
    assert [e.data["cargo"] for e in events if e.kind == "sell_ship"] == [["tea", "coal"]]


def _wreck(insured: bool) -> tuple[int, list[Ship]]:
    state = new_game(cash=1000)
    ship = state.players[0].ships[0]
    ship.insured = insured
    ship.cargo = ["coal", "tea"]
    put_at_sea(ship, "R02", 1, "GIB")  # space 2 is red
    state.prospect_deck.insert(0, "wrecked_reef")
    load_die(state, 1)
    state, events = act(state, 0, A.ThrowDice())
    assert any(e.kind == "ship_lost" for e in events)
    return state.players[0].cash, state.players[0].ships


def test_an_insured_loss_pays_a_new_ship_at_liverpool_and_the_cargo_lost() -> None:
    cash, ships = _wreck(insured=True)
    assert cash == 1000 + 100 + 450
    assert [(s.number, s.port, s.insured, s.cargo) for s in ships] == [(1, "LIV", True, [])]


def test_an_uninsured_loss_is_a_loss() -> None:
    cash, ships = _wreck(insured=False)
    assert cash == 1000 and ships == []


# --- sailing ------------------------------------------------------------------------------
def test_one_throw_moves_every_sailing_ship() -> None:
    state = new_game(cash=5000)
    first = state.players[0].ships[0]
    put_at_sea(first, "R13", 4, "RIO")
    state.players[0].ships.append(Ship(number=2))
    put_at_sea(state.players[0].ships[1], "R14", 1, "CPT")
    load_die(state, 2)
    state, events = act(state, 0, A.ThrowDice())
    assert [e.data["die"] for e in events if e.kind == "dice"] == [2]
    assert [(s.route, s.at) for s in state.players[0].ships] == [("R13", 6), ("R14", 3)]


def test_a_ship_at_sea_must_move_every_turn() -> None:
    state = new_game(cash=5000)
    put_at_sea(state.players[0].ships[0], "R13", 4, "RIO")
    assert "must move" in rejected(state, 0, A.EndTurn())


def test_a_ship_keeps_its_direction_until_the_next_port() -> None:
    state = new_game(cash=5000)
    put_at_sea(state.players[0].ships[0], "R13", 7, "LIV")
    load_die(state, 3)
    state, _ = act(state, 0, A.ThrowDice())
    ship = state.players[0].ships[0]
    assert (ship.at, ship.toward) == (4, "LIV")
    # no move turns a ship round at sea: the only throw carries it on towards Liverpool
    assert all(a.type != "choose_route" for a in GAME.legal_actions(state, 0))


def test_a_throw_reaching_a_port_may_stop_there_or_sail_on() -> None:
    state = new_game(cash=5000)
    put_at_sea(state.players[0].ships[0], "R01", 2, "BOR")  # Bordeaux is one space ahead
    load_die(state, 3)
    state, _ = act(state, 0, A.ThrowDice())
    assert state.pending is not None and state.pending.kind == "at_port"
    assert GAME.actors(state) == {0}
    types = {a.type for a in GAME.legal_actions(state, 0)}
    assert types == {"dock", "sail_on"}
    docked, _ = act(state, 0, A.Dock(ship=1))
    assert docked.players[0].ships[0].port == "BOR" and docked.players[0].cash == 5000 - 40
    sailed, _ = act(state, 0, A.SailOn(ship=1, route="R03"))
    ship = sailed.players[0].ships[0]
    assert (ship.route, ship.at, ship.toward, ship.port) == ("R03", 2, "GIB", None)
    assert sailed.players[0].cash == 5000  # passing through a port costs nothing


def test_a_throw_ending_exactly_on_a_port_must_dock_and_pay_the_fee() -> None:
    state = new_game(cash=5000)
    put_at_sea(state.players[0].ships[0], "R01", 2, "BOR")
    load_die(state, 1)
    state, events = act(state, 0, A.ThrowDice())
    assert state.pending is None
    assert state.players[0].ships[0].port == "BOR"
    assert state.players[0].cash == 5000 - 40
    assert any(e.kind == "fee" and e.data["amount"] == 40 for e in events)


def test_a_port_fee_for_every_turn_in_port_without_trading() -> None:
    state = new_game(cash=5000)
    state, _ = act(state, 0, A.EndTurn())
    assert state.players[0].cash == 5000 - 60
    state, _ = act(state, 1, A.BuyCargo(ship=1, goods="coal"))
    state, _ = act(state, 1, A.EndTurn())
    assert state.players[1].cash == 5000 - 100  # trading: the coal, no fee


def test_a_red_space_draws_a_prospect_card_obeyed_at_once() -> None:
    state = new_game(cash=5000)
    put_at_sea(state.players[0].ships[0], "R02", 1, "GIB")
    state.prospect_deck.insert(0, "salvage")
    load_die(state, 1)
    state, events = act(state, 0, A.ThrowDice())
    assert [e.data["card"] for e in events if e.kind == "prospect"] == ["salvage"]
    assert state.players[0].cash == 5300


def test_a_prospect_card_can_cancel_a_commodity_category() -> None:
    state = new_game(cash=5000)
    coal, grain = card_for("ADN", "coal"), card_for("ADN", "grain")
    only_card(state, coal, grain)
    put_at_sea(state.players[0].ships[0], "R02", 1, "GIB")
    state.prospect_deck.insert(0, "market_glut_4")  # Minerals
    load_die(state, 1)
    state, _ = act(state, 0, A.ThrowDice())
    assert coal not in [s.card for s in state.in_play] and coal in state.trade_discard
    assert grain in [s.card for s in state.in_play] and len(state.in_play) == 2


def test_a_cancellation_with_no_card_of_its_category_in_play_says_so() -> None:
    state = new_game(cash=5000)
    grain = card_for("ADN", "grain")
    only_card(state, grain)
    put_at_sea(state.players[0].ships[0], "R02", 1, "GIB")
    state.prospect_deck.insert(0, "market_glut_4")  # Minerals: none in play
    load_die(state, 1)
    state, events = act(state, 0, A.ThrowDice())
    drawn = next(e for e in events if e.kind == "prospect")
    assert drawn.text.endswith("No Minerals card is in play, so none is cancelled.")
    assert [s.card for s in state.in_play] == [grain]


@pytest.mark.parametrize("variant", ["short", "full"])
def test_a_dividend_in_the_short_game_says_nobody_collects(variant: str) -> None:
    """Rulebook, Short Game: the short game ignores the share certificates, so the Shipping
    Line Dividend pays nobody and its line says so; in the full game who collects stays
    secret."""
    state = new_game(cash=5000, variant=variant)
    if variant == "full":
        state.players[1].shares, state.banker_shares = 2, 7
    put_at_sea(state.players[0].ships[0], "R02", 1, "GIB")
    state.prospect_deck.insert(0, "dividend")
    load_die(state, 1)
    state, events = act(state, 0, A.ThrowDice())
    drawn = next(e for e in events if e.kind == "prospect")
    said = "The short game has no share certificates, so nobody collects."
    assert drawn.text.endswith(said) == (variant == "short")
    paid = [e for e in events if e.kind == "dividend"]
    assert [(e.to, e.data) for e in paid] == ([] if variant == "short" else
                                              [([1], {"amount": 100})])


def test_a_prospect_card_can_hold_a_ship() -> None:
    state = new_game(cash=5000)
    put_at_sea(state.players[0].ships[0], "R02", 1, "GIB")
    state.prospect_deck.insert(0, "becalmed")
    load_die(state, 1)
    state, _ = act(state, 0, A.ThrowDice())
    state, _ = act(state, 0, A.EndTurn())
    state, _ = act(state, 1, A.EndTurn())
    # held: no throw is needed and the ship may not move
    assert all(a.type != "throw_dice" for a in GAME.legal_actions(state, 0))


def test_a_favourable_current_doubles_the_next_throw_and_the_table_is_told() -> None:
    """Prospect card Favourable Current: "On its owner's next turn this ship moves double the
    dice throw." The throw's line and the throw's label say so, or a 3 reads as a 6 sailed."""
    state = new_game(cash=5000)
    ship = state.players[0].ships[0]
    put_at_sea(ship, "R16", 1, "CPT")
    ship.double_next = True
    throw = next(a for a in GAME.legal_actions(state, 0) if isinstance(a, A.ThrowDice))
    assert "ship 1's throw doubled (Favourable Current)" in throw.label
    load_die(state, 3)
    state, events = act(state, 0, throw)
    moved = state.players[0].ships[0]
    assert (moved.at, moved.double_next) == (7, False)
    dice = next(e for e in events if e.kind == "dice")
    assert dice.text == ("{s0} throws a 3. A Favourable Current doubles it to 6 for {s0}'s "
                         "ship 1.")
    assert dice.data == {"die": 3, "ships": [1]}  # what replay compares is unchanged


def test_the_suez_canal_towing_fee_is_50() -> None:
    state = new_game(cash=5000)
    state.players[0].ships[0].port = "ALX"
    load_die(state, 3)
    state, _ = act(state, 0, A.ThrowDice(depart=(1,)))
    assert state.pending is not None and state.pending.kind == "depart"
    state, events = act(state, 0, A.ChooseRoute(ship=1, route="R05"))
    assert state.players[0].ships[0].at == 3
    assert state.players[0].cash == 5000 - 50
    assert [e.data["amount"] for e in events if e.kind == "fee"] == [50]


@pytest.mark.parametrize(("at", "toward", "die", "after"), [
    (3, "MEL", 3, 8),    # eastward: 3 + 2
    (8, "CPT", 3, 7),    # westward: 3 - 2
    (8, "CPT", 2, 8),    # westward 2 - 2: standing still
    (10, "CPT", 1, 11),  # westward 1 - 2: going back
])
def test_the_roaring_forties_add_two_eastward_and_take_two_westward(
        at: int, toward: str, die: int, after: int) -> None:
    state = new_game(cash=5000)
    put_at_sea(state.players[0].ships[0], "R21", at, toward)
    load_die(state, die)
    state, events = act(state, 0, A.ThrowDice())
    ship = state.players[0].ships[0]
    assert (ship.route, ship.at, ship.toward) == ("R21", after, toward)
    assert [e.data["change"] for e in events if e.kind == "roaring_forties"] == \
        [2 if toward == "MEL" else -2]


@pytest.mark.parametrize(("start", "die", "route", "after"), [
    (("R22", 1, "MEL"), 5, "R21", ("R21", 12, None)),  # Sydney westward: 4 left - 2
    (("R16", 7, "CPT"), 4, "R21", ("R21", 4, None)),   # Rio eastward: 2 left + 2
    (("R22", 1, "MEL"), 2, "R21", (None, 0, "MEL")),   # 1 left - 2: stays in Melbourne
])
def test_the_roaring_forties_change_every_throw_that_sails_the_route(
        start: tuple[str, int, str], die: int, route: str,
        after: tuple[str | None, int, str | None]) -> None:
    """A throw that enters the Roaring Forties through Cape Town or Melbourne gets its +2 or -2
    too, once a throw; the sail-on choice says so."""
    state = new_game(cash=5000)
    put_at_sea(state.players[0].ships[0], *start)
    load_die(state, die)
    state, _ = act(state, 0, A.ThrowDice())
    assert state.pending is not None and state.pending.kind == "at_port"
    choice = next(a for a in GAME.legal_actions(state, 0)
                  if isinstance(a, A.SailOn) and a.route == route)
    change = -2 if start[2] == "MEL" else 2
    assert f"Roaring Forties {change:+d}, " in choice.label
    state, events = act(state, 0, choice)
    ship = state.players[0].ships[0]
    assert (ship.route, ship.at, ship.port) == after
    assert [e.data["change"] for e in events if e.kind == "roaring_forties"] == [change]


@pytest.mark.parametrize("die", [1, 2])
def test_a_ship_the_wind_keeps_in_port_stays_there_and_pays_at_the_turns_end(die: int) -> None:
    """Rulebook, Sailing: westward the throw loses 2 "even when this results in standing still
    or moving backwards"; a ship setting out from Melbourne with a 1 or a 2 never leaves, so it
    does not dock again (the fee is paid "the moment a ship docks"): it stays, and pays the
    fee at the end of the turn as a ship in port that neither bought nor sold."""
    state = new_game(cash=1000)
    state.players[0].ships[0].port = "MEL"
    load_die(state, die)
    state, _ = act(state, 0, A.ThrowDice(depart=(1,)))
    route = next(a for a in GAME.legal_actions(state, 0)
                 if isinstance(a, A.ChooseRoute) and a.route == "R21")
    assert route.label.endswith("Roaring Forties -2, stays in Melbourne)")
    state, events = act(state, 0, route)
    ship = state.players[0].ships[0]
    assert (ship.port, ship.route, ship.docked_now) == ("MEL", None, False)
    assert [e.kind for e in events] == ["set_sail", "roaring_forties", "stand_still"]
    assert events[-1].text == ("{s0}'s ship 1 cannot make way against the wind and stays in "
                               "Melbourne.")
    assert state.players[0].cash == 1000  # nothing paid yet: it never docked
    assert rejected(state, 0, A.BuyCargo(ship=1, goods="wool")).startswith(
        "Ship 1 has sailed this turn")
    state, events = act(state, 0, A.EndTurn())
    assert [e.data["amount"] for e in events if e.kind == "fee"] == [60]
    assert state.players[0].cash == 940


def test_the_roaring_forties_count_once_a_throw() -> None:
    state = new_game(cash=5000)
    put_at_sea(state.players[0].ships[0], "R21", 12, "MEL")
    load_die(state, 3)  # 3 + 2: Melbourne with 3 left
    state, events = act(state, 0, A.ThrowDice())
    labels = [a.label for a in GAME.legal_actions(state, 0) if isinstance(a, A.SailOn)]
    assert labels and not any("Roaring Forties" in label for label in labels)
    state, events = act(state, 0, A.SailOn(ship=1, route="R26"))
    ship = state.players[0].ships[0]
    assert (ship.route, ship.at) == ("R26", 3)
    assert not any(e.kind == "roaring_forties" for e in events)


def test_route_choices_name_the_suez_tow_and_the_roaring_forties() -> None:
    state = new_game(cash=5000)
    state.players[0].ships[0].port = "ALX"
    load_die(state, 3)
    state, _ = act(state, 0, A.ThrowDice(depart=(1,)))
    labels = {a.route: a.label for a in GAME.legal_actions(state, 0)
              if isinstance(a, A.ChooseRoute)}
    assert "Suez Canal tow £50" in labels["R05"]
    state = new_game(cash=5000)
    state.players[0].ships[0].port = "CPT"
    load_die(state, 3)
    state, _ = act(state, 0, A.ThrowDice(depart=(1,)))
    labels = {a.route: a.label for a in GAME.legal_actions(state, 0)
              if isinstance(a, A.ChooseRoute)}
    assert "Roaring Forties +2, " in labels["R21"]


# --- buying and selling goods ---------------------------------------------------------------
def test_goods_are_bought_only_where_the_port_sells_them() -> None:
    state = new_game(cash=5000)
    assert "does not sell" in rejected(state, 0, A.BuyCargo(ship=1, goods="tea"))
    state, _ = act(state, 0, A.BuyCargo(ship=1, goods="coal"))
    assert state.players[0].ships[0].cargo == ["coal"] and state.players[0].cash == 4900


def test_one_cargo_per_complete_turn_in_port() -> None:
    state = new_game(cash=5000)
    state, _ = act(state, 0, A.BuyCargo(ship=1, goods="coal"))
    assert "one cargo a turn" in rejected(state, 0, A.BuyCargo(ship=1, goods="coal"))
    # a ship that has just docked has not spent a complete turn in port
    state = new_game(cash=5000)
    put_at_sea(state.players[0].ships[0], "R01", 2, "BOR")
    load_die(state, 1)
    state, _ = act(state, 0, A.ThrowDice())
    assert "cannot trade and sail" in rejected(state, 0, A.BuyCargo(ship=1, goods="wine"))


def test_a_ship_carries_up_to_three_cargoes() -> None:
    state = new_game(cash=5000)
    state.players[0].ships[0].cargo = ["coal", "tea", "coal"]
    assert "already carries 3" in rejected(state, 0, A.BuyCargo(ship=1, goods="coal"))


def test_six_bills_of_lading_for_each_goods_type() -> None:
    state = new_game(cash=5000)
    state.players[1].ships[0].cargo = ["coal"] * 3
    state.players[0].ships.append(Ship(number=2, port="GIB", cargo=["coal"] * 3))
    assert "All 6 Bills of Lading" in rejected(state, 0, A.BuyCargo(ship=1, goods="coal"))


def test_speculative_buying_is_allowed() -> None:
    state = new_game(cash=5000)
    only_card(state, card_for("ADN", "grain"))
    state, _ = act(state, 0, A.BuyCargo(ship=1, goods="manufactures"))
    assert state.players[0].ships[0].cargo == ["manufactures"]


def test_first_sale_pays_four_times_the_second_twice_then_the_card_is_replaced() -> None:
    state = new_game(cash=1000)
    card = card_for("ADN", "coal")
    only_card(state, card)
    ship = state.players[0].ships[0]
    ship.port, ship.cargo = "ADN", ["coal", "coal"]
    state, _ = act(state, 0, A.SellCargo(ship=1, goods="coal", card=card))
    assert state.players[0].cash == 1000 + 4 * 100
    state, _ = act(state, 0, A.EndTurn())
    state, _ = act(state, 1, A.EndTurn())
    state, events = act(state, 0, A.SellCargo(ship=1, goods="coal", card=card))
    assert state.players[0].cash == 1400 + 2 * 100
    assert card not in [s.card for s in state.in_play] and len(state.in_play) == 1
    assert [e.kind for e in events].count("trade_card") == 1


def test_unwanted_goods_sell_anywhere_for_half_the_purchase_price() -> None:
    state = new_game(cash=1000)
    only_card(state, card_for("ADN", "coal"))  # no card wants tea
    state.players[0].ships[0].cargo = ["tea"]
    state, _ = act(state, 0, A.DumpCargo(ship=1, goods="tea"))
    assert state.players[0].cash == 1000 + 225 and state.players[0].ships[0].cargo == []


def test_goods_a_card_still_wants_are_not_sold_for_half_price() -> None:
    """Rulebook, Selling Goods: only "goods that are no longer required" sell to any port for
    half the purchase price; goods a World Trade card in play wants, at any port, are carried
    to it (or kept in hope of another card)."""
    def position(card: str) -> OceanTraderState:
        state = new_game(cash=120)
        only_card(state, card)
        ship = state.players[0].ships[0]
        ship.port, ship.cargo = "COL", ["manufactures"]
        return state

    state = position(card_for("CAL", "manufactures"))
    assert not any(isinstance(a, A.DumpCargo) for a in GAME.legal_actions(state, 0))
    before = state.model_dump()
    message = rejected(state, 0, A.DumpCargo(ship=1, goods="manufactures"))
    assert "still wants Manufactured Goods" in message and "take it to Calcutta" in message
    assert state.model_dump() == before
    # once no card wants them, they may go for half the price, at this port or any other
    state, _ = act(position(card_for("ADN", "coal")), 0,
                   A.DumpCargo(ship=1, goods="manufactures"))
    assert state.players[0].cash == 120 + 240 and state.players[0].ships[0].cargo == []


def test_no_ship_trades_and_sails_in_one_turn_but_another_ship_may_sail() -> None:
    state = new_game(cash=5000)
    state.players[0].ships.append(Ship(number=2, port="LIV"))
    state, _ = act(state, 0, A.BuyCargo(ship=1, goods="coal"))
    throws = [a for a in GAME.legal_actions(state, 0) if isinstance(a, A.ThrowDice)]
    assert [t.depart for t in throws] == [(2,)]
    assert rejected(state, 0, A.ThrowDice(depart=(1,))).startswith("Ship 1 has traded this turn")


# --- shares, the claim and the end ----------------------------------------------------------
def test_a_share_costs_1000_and_sells_back_to_the_banker_for_500() -> None:
    state = new_game(cash=1200)
    state, events = act(state, 0, A.BuyShare())
    assert (state.players[0].cash, state.players[0].shares, state.banker_shares) == (200, 1, 8)
    assert [e.to for e in events if e.kind == "buy_share"] == [[0]]
    state, _ = act(state, 0, A.SellShare())
    assert (state.players[0].cash, state.players[0].shares, state.banker_shares) == (700, 0, 9)
    assert rejected(new_game(variant="short", cash=5000), 0, A.BuyShare()) == \
        "The short game has no share certificates."


def test_with_no_certificate_left_with_the_banker_the_purchase_is_refused_privately() -> None:
    """Ruling 'Certificates left with the Merchant Banker': refused in those words, saying how
    one can still be had (the buyer cannot start an auction: only a holder offers one)."""
    state = new_game(cash=5000)
    state.players[1].shares, state.banker_shares = 9, 0
    assert all(a.type != "buy_share" for a in GAME.legal_actions(state, 0))
    assert rejected(state, 0, A.BuyShare()) == (
        "The Merchant Banker has no certificates left; one can now be bought only when another "
        "player auctions one (a sealed bid: /trader bid).")


def test_a_share_auction_goes_to_the_highest_sealed_bid() -> None:
    state = new_game(seats=3, cash=3000)
    state.players[0].shares = 2
    state, _ = act(state, 0, A.AuctionShare())
    assert GAME.actors(state) == {1, 2}
    # the seller, whose turn it is, waits for the bids: the refusal says so
    refused = step(GAME, state, 0, A.EndTurn(), state.version)
    assert isinstance(refused, Rejection) and refused.code == "not_your_turn"
    assert refused.message == ("Waiting for {s1} and {s2} to hand in a sealed bid (or pass) "
                               "for the Share Certificate {s0} offers; it is not your move.")
    state, events = act(state, 1, A.Bid(amount=700))
    refused = step(GAME, state, 1, A.Bid(amount=800), state.version)  # one bid each
    assert isinstance(refused, Rejection) and refused.message.startswith("Waiting for {s2} to ")
    assert [e.to for e in events] == [None, [1]]  # the table sees a sealed bid handed in
    assert GAME.view(state, 2).auction.my_bid is None  # type: ignore[union-attr]
    state, _ = act(state, 2, A.Bid(amount=900))
    assert [p.shares for p in state.players] == [1, 0, 1]
    assert [p.cash for p in state.players] == [3900, 3000, 2100]
    assert GAME.actors(state) == {0}


def _play_turns(state, claimant_turns: int):  # type: ignore[no-untyped-def]
    """Both players end turns until seat 0 has completed ``claimant_turns`` more."""
    target = state.players[0].turns + claimant_turns
    while state.players[0].turns < target and not state.finished:
        state, _ = act(state, state.active, A.EndTurn())
    return state


def test_a_claim_is_checked_after_the_claimants_twelfth_turn_and_wins() -> None:
    state = new_game(cash=5000)
    state.players[0].shares, state.players[1].shares = 5, 2
    state, _ = act(state, 0, A.ClaimMajority())
    state = _play_turns(state, 12)  # the claim turn and eleven more
    assert not state.finished
    state = _play_turns(state, 1)  # the twelfth turn after the claim
    assert state.finished and state.winner == 0
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == [0]


def test_my_view_tells_a_running_claim_and_the_claimant_what_the_check_asks() -> None:
    state = new_game(cash=5000)
    state.players[0].shares, state.players[1].shares = 5, 2
    assert not any("claim" in line for line in GAME.private_lines(state, 0))
    state, _ = act(state, 0, A.ClaimMajority())
    state = _play_turns(state, 3)  # the claim turn and two more
    mine = GAME.private_lines(state, 0)[-1]
    assert mine == ("Your claim of a majority is checked after 10 more of your turns. The "
                    "check asks for more certificates than any other player, 1 ship, 1 policy "
                    f"and £750; you hold 5 certificates, 1 ship, 1 policy and "
                    f"{money(state.players[0].cash)}.")
    theirs = GAME.private_lines(state, 1)[-1]
    assert theirs == ("{s0} claims a majority, checked after 10 more of their turns. To block "
                      "it, show as many certificates as they hold or more (/trader challenge).")
    assert "5 certificates" not in " ".join(GAME.private_lines(state, 1))


def test_a_bid_off_the_steps_names_the_steps_and_the_highest_bid() -> None:
    """Rulebook, Share Certificates: a certificate "can be re-sold ... to the highest bidder".
    A bid above the menu's top, which a rich bidder could afford, is told the top."""
    state = new_game(seats=2, cash=50000)
    state.players[0].shares = 1
    state, _ = act(state, 0, A.AuctionShare())
    for amount in (150, 25000):
        assert rejected(state, 1, A.Bid(amount=amount)) == (
            "Bids are £0 (pass), £100 steps up to £2,000, then £500 steps up to £20,000.")


def test_a_second_claim_is_refused_as_the_claimants_own_or_anothers() -> None:
    """Rulebook, Method of Play: "Once a ship owner has claimed a majority share holding, play
    continues until each player has had twelve more turns." A claimant told to challenge their
    own claim would be misled: they read when it is checked; another player, to challenge it."""
    state = new_game(cash=5000)
    state.players[0].shares, state.players[1].shares = 5, 2
    state, _ = act(state, 0, A.ClaimMajority())
    assert rejected(state, 0, A.ClaimMajority()) == (
        "Your claim of a majority is already running: it is checked after 12 more of your "
        "turns.")
    state = _play_turns(state, 1)
    assert rejected(state, 1, A.ClaimMajority()) == \
        "{s0} has a claim running; challenge it instead."


def test_a_failed_claim_forfeits_one_share_and_play_goes_on() -> None:
    state = new_game(cash=5000)
    state.players[0].shares, state.players[1].shares = 2, 2
    state.banker_shares = 5
    state, _ = act(state, 0, A.ClaimMajority())
    state = _play_turns(state, 13)
    assert not state.finished and state.claim is None
    assert (state.players[0].shares, state.banker_shares) == (1, 6)
    assert GAME.actors(state) == {1}


def test_a_claim_fails_without_the_starting_assets() -> None:
    state = new_game(cash=5000)
    state.players[0].shares = 5
    state.players[0].ships[0].insured = False
    state.claim = Claim(claimant=0, made_on=0)
    state = _play_turns(state, 13)
    assert not state.finished and state.players[0].shares == 4


@pytest.mark.parametrize(("shares", "insured", "why"), [
    (2, True, "they hold no more certificates than every other player"),
    (5, False, "they lack the starting assets the check asks for (a ship, a policy and £750)"),
])
def test_a_failed_claim_says_which_part_of_the_check_failed(shares: int, insured: bool,
                                                            why: str) -> None:
    state = new_game(cash=5000)
    state.players[0].shares, state.players[1].shares = shares, 2
    state.banker_shares = 10 - shares - 2
    state.players[0].ships[0].insured = insured
    state.claim = Claim(claimant=0, made_on=0)
    told = []
    while state.claim is not None:
        state, events = act(state, state.active, A.EndTurn())
        told += [e.text for e in events if e.kind == "claim_fails"]
    assert told == [f"{seat_ref(0)}'s claim fails ({why}): they forfeit 1 share certificate to "
                    f"the Merchant Banker and play goes on."]


def test_a_failed_claim_with_no_certificate_left_forfeits_none_and_says_so() -> None:
    """A claimant who sold every certificate fails the check and has none to forfeit."""
    state = new_game(cash=5000)
    state.players[1].shares, state.banker_shares = 1, 8
    state.claim = Claim(claimant=0, made_on=0)
    told = []
    while state.claim is not None:
        state, events = act(state, state.active, A.EndTurn())
        told += [e.text for e in events if e.kind == "claim_fails"]
    assert told == [f"{seat_ref(0)}'s claim fails (they hold no more certificates than every "
                    f"other player): they hold no certificate to forfeit and play goes on."]
    assert state.players[0].shares == 0 and state.banker_shares == 8


@pytest.mark.parametrize(("shown", "said"), [(1, "shows 1 certificate;"),
                                             (2, "shows 2 certificates;")])
def test_a_challenge_says_the_holding_it_shows(shown: int, said: str) -> None:
    state = new_game(cash=5000)
    state.players[0].shares, state.players[1].shares = 3, shown
    state, _ = act(state, 0, A.ClaimMajority())
    state, _ = act(state, 0, A.EndTurn())
    state, events = act(state, 1, A.ChallengeClaim())
    assert said in events[0].text and state.claim is not None


def test_an_equal_holding_shown_by_a_challenger_blocks_the_claim() -> None:
    state = new_game(cash=5000)
    state.players[0].shares, state.players[1].shares = 3, 3
    state, _ = act(state, 0, A.ClaimMajority())
    state, _ = act(state, 0, A.EndTurn())
    state, events = act(state, 1, A.ChallengeClaim())
    assert state.claim is None and events[0].data["blocked"]
    assert rejected(state, 1, A.ChallengeClaim()) == \
        "Nobody has claimed a majority: there is no claim to challenge."


def test_the_table_remembers_a_shown_holding_until_a_private_dealing_may_change_it() -> None:
    """A challenge "demonstrates" a holding: every view shows it afterwards, and a claim that
    withstood it holds more; a dealing with the Banker, purchase or sale alike, leaves the
    table knowing only that one was made."""
    state = new_game(seats=3, cash=5000)
    state.players[0].shares, state.players[1].shares, state.banker_shares = 4, 2, 4
    state, _ = act(state, 0, A.ClaimMajority())
    state, _ = act(state, 0, A.EndTurn())
    state, events = act(state, 1, A.ChallengeClaim())
    assert state.claim is not None and not events[0].data["blocked"]
    for viewer in (None, 0, 1, 2):
        view = GAME.view(state, viewer)
        assert view.players[1].shown == 2 and view.claim is not None
        assert view.claim.beaten == 2
    assert state.players[0].shown is None  # a claim shows nothing
    bought, _ = act(state, 1, A.BuyShare())
    sold, _ = act(state, 1, A.SellShare())
    assert bought.players[1].shown is None and sold.players[1].shown is None
    for viewer in (None, 0, 2):
        assert GAME.view(bought, viewer) == GAME.view(sold, viewer)
    # the claimant's own dealing may be a sale: it may now hold one fewer
    state, _ = act(state, 1, A.EndTurn())
    state, _ = act(state, 2, A.EndTurn())
    state, _ = act(state, 0, A.SellShare())
    assert state.claim is not None and state.claim.beaten == 1


def test_a_shown_holding_follows_the_auctions_and_the_forfeit_the_table_sees() -> None:
    state = new_game(seats=2, cash=5000)
    state.players[0].shares, state.players[1].shares, state.banker_shares = 2, 2, 5
    state, _ = act(state, 0, A.ClaimMajority())
    state, _ = act(state, 0, A.EndTurn())
    state, _ = act(state, 1, A.ChallengeClaim())  # blocked; the challenger's holding shown
    assert state.claim is None and state.players[1].shown == 2
    state, _ = act(state, 1, A.AuctionShare())
    state, _ = act(state, 0, A.Bid(amount=1000))
    assert state.players[1].shown == 1 and state.players[1].shares == 1
    # a failed claim's forfeit is told to the table
    state, _ = act(state, 1, A.ClaimMajority())
    target = state.players[1].turns + 13
    while state.players[1].turns < target and not state.finished:
        state, _ = act(state, state.active, A.EndTurn())
    assert state.claim is None and state.players[1].shares == 0
    assert state.players[1].shown == 0


def test_a_player_who_cannot_pay_a_fee_is_eliminated_and_play_goes_on() -> None:
    state = new_game(seats=3, cash=5000)
    player = state.players[0]
    player.cash, player.shares = 30, 2
    state.banker_shares = 8
    put_at_sea(player.ships[0], "R01", 2, "BOR")
    load_die(state, 1)
    state, events = act(state, 0, A.ThrowDice())
    assert state.players[0].eliminated and state.players[0].ships == []
    assert state.players[0].cash == 0 and state.players[0].shares == 0
    assert state.banker_shares == 10
    assert any(e.kind == "eliminated" for e in events)
    assert GAME.actors(state) == {1} and not state.finished
    for _ in range(4):
        state, _ = act(state, state.active, A.EndTurn())
        assert 0 not in GAME.actors(state)


def test_the_short_games_last_turns_are_announced() -> None:
    state = new_game(variant="short", turns=3, cash=5000)
    told = []
    while not state.finished:
        state, events = act(state, state.active, A.EndTurn())
        told += [e.text for e in events if e.kind == "end_of_turn"]
    last = [t for t in told if "last turn" in t]
    assert last == [f"{seat_ref(1)} ends their turn. {seat_ref(0)} plays their last turn: the "
                    f"short game ends after each player's turn 3.",
                    f"{seat_ref(0)} ends their turn. {seat_ref(1)} plays their last turn: the "
                    f"short game ends after each player's turn 3."]


def test_the_short_game_ends_at_the_turn_limit_and_most_assets_wins() -> None:
    state = new_game(variant="short", turns=2, cash=5000)
    state.players[1].cash = 9000
    for _ in range(4):
        assert not state.finished
        state, _ = act(state, state.active, A.EndTurn())
    assert state.finished
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == [1]
    assert outcome.scores == [5000 - 120 + 1000 + 250, 9000 - 120 + 1000 + 250]


# --- private information and messages -----------------------------------------------------
def test_cash_and_shares_are_seen_only_by_their_owner() -> None:
    state = new_game(cash=1234)
    state.players[0].shares = 3
    own, other, spectator = GAME.view(state, 0), GAME.view(state, 1), GAME.view(state, None)
    assert (own.players[0].cash, own.players[0].shares) == (1234, 3)
    assert (other.players[0].cash, other.players[0].shares) == (None, None)
    assert spectator.players[0].cash is None and spectator.players[1].cash is None
    assert other.players[0].ships == own.players[0].ships  # the office is open
    assert GAME.private_lines(state, 0)[:2] == ["Cash: £1,234", "Share certificates: 3"]


def _public(events: list[Any]) -> list[tuple[Any, ...]]:
    return [(e.kind, e.seat, e.data, e.text) for e in events if e.to is None]


@pytest.mark.parametrize("variant", ["short", "full"])
@pytest.mark.parametrize("seed", range(6))
def test_do_not_reveal_your_cash_or_share_holding_through_the_flow_of_play(
        variant: str, seed: int) -> None:
    """Useful Hints: "DO NOT ... reveal your cash or share holding". Two positions that differ
    only in a seat's secret cash and shares play the same for everyone else: the same public
    events, the same views, the turn ending by itself (or not) alike."""
    poor = new_game(variant=variant, cash=800)
    put_at_sea(poor.players[0].ships[0], "R14", 1, "CPT")
    load_die(poor, 1)  # lands at sea, on no red space: nothing left to do but spend money
    secret = GAME.scramble_secrets(poor, 0, Rng.from_seed(seed))
    assert secret.players[0].model_dump(exclude={"cash", "shares"}) == \
        poor.players[0].model_dump(exclude={"cash", "shares"})
    if seed == 0:
        secret.players[0].cash, secret.players[0].shares = 15000, 4
    results = []
    for state in (poor, secret):
        state = state.model_copy(deep=True)
        state, events = act(state, 0, A.ThrowDice())
        results.append((_public(events), state.turn, state.active,
                        GAME.view(state, 1).model_dump(), GAME.view(state, None).model_dump()))
    assert results[0] == results[1]


def test_business_with_the_banker_is_announced_as_the_table_sees_it() -> None:
    state = new_game(cash=2500)
    state.version = 1  # not the game's first move, whose first line also tells the opening
    state, bought = act(state, 0, A.BuyShare())
    state, sold = act(state, 0, A.SellShare())
    assert _public(bought) == _public(sold) == [
        ("banker_business", 0, {}, f"{seat_ref(0)} does business with the Banker.")]
    assert [e.data for e in bought if e.to == [0]] == [{"shares": 1}]


def test_peeked_trade_cards_are_shown_only_to_the_player() -> None:
    state = new_game(cash=5000)
    put_at_sea(state.players[0].ships[0], "R02", 1, "GIB")
    state.prospect_deck.insert(0, "market_news")
    top = state.trade_deck[:3]
    load_die(state, 1)
    state, events = act(state, 0, A.ThrowDice())
    assert [e.to for e in events if e.kind == "peek"] == [[0]]
    assert GAME.view(state, 0).pending.cards == top  # type: ignore[union-attr]
    assert GAME.view(state, 1).pending.cards == []  # type: ignore[union-attr]
    order = tuple(reversed(top))
    state, _ = act(state, 0, A.OrderCards(order=order))
    assert state.trade_deck[:3] == list(order)


def test_rejections_say_why_and_what_to_do() -> None:
    state = new_game(cash=100)
    assert rejected(state, 0, A.BuyShip()) == "You need £2,000 for a ship; you have £100."
    assert "It is {s0}'s turn" in rejected(state, 1, A.EndTurn())
    assert rejected(state, 0, A.Dock(ship=1)) == (
        "No ship is waiting for a route or at a port: a route is chosen, and a port docked at, "
        "once the die is thrown (/trader roll).")


def test_a_route_or_dock_with_no_voyage_waiting_says_when_they_are_asked() -> None:
    """Rulebook, Method of Play: "He may throw the dice ... and sail each of his ships the
    appropriate number of spaces along the chosen sea route": the route comes with the throw,
    so a route or a dock typed before it, or after it has been sailed, says so."""
    state = new_game(cash=5000)
    put_at_sea(state.players[0].ships[0], "R07", 3, "NYC")  # to space 5: no red space
    load_die(state, 2)
    state, _ = act(state, 0, A.ThrowDice())
    assert state.pending is None and state.thrown == 2
    for action in (A.Dock(ship=1), A.SailOn(ship=1, route="R08"),
                   A.ChooseRoute(ship=1, route="R08")):
        assert rejected(state, 0, action) == ("No ship is waiting for a route or at a port: "
                                              "this turn's throw of 2 has been sailed.")
    assert rejected(state, 0, A.Jettison(ship=1, goods="coal")) == \
        "No Prospect card asks that of you now."


# --- what the last turn changed (for the board's rings) -------------------------------------
def test_the_view_tells_what_the_last_turn_changed_until_the_next_ends() -> None:
    state = new_game(cash=5000)
    card = card_for("ADN", "coal")
    only_card(state, card)
    state.players[0].ships[0].port, state.players[0].ships[0].cargo = "ADN", ["coal", "coal"]
    state, _ = act(state, 0, A.BuyShip())
    state, _ = act(state, 0, A.SellCargo(ship=1, goods="coal", card=card))
    state, _ = act(state, 0, A.EndTurn())
    last = GAME.view(state, None).last
    assert (last.seat, last.sailed, last.traded, last.issued, last.cards) == (0, [], [1], [2], [])
    state, _ = act(state, 1, A.EndTurn())
    assert GAME.view(state, 1).last.seat == 1 and GAME.view(state, 1).last.traded == []
    # the second sale takes the card out of play: the card drawn in its place is the turn's
    state, events = act(state, 0, A.SellCargo(ship=1, goods="coal", card=card))
    drawn = [e.data["card"] for e in events if e.kind == "trade_card"]
    put_at_sea(state.players[0].ships[1], "R02", 1, "GIB")
    state.players[0].ships[1].sailed = True
    state, _ = act(state, 0, A.EndTurn())
    last = GAME.view(state, 1).last
    assert (last.seat, last.sailed, last.traded, last.cards) == (0, [2], [1], drawn)
    assert all(GAME.view(state, seat).last == last for seat in (None, 0, 1))


def test_a_ship_keeps_the_wake_of_its_last_move_for_the_board_until_its_owner_throws_again(
) -> None:
    """Each space the ship stood on in the turn that moved it, from where it set off and on
    through a port it sailed past, in every seat's view; the owner's next throw starts a new
    wake, and a turn of the owner's that does not move the ship leaves none."""
    state = new_game(cash=5000)
    put_at_sea(state.players[0].ships[0], "R01", 2, "BOR")  # Bordeaux is one space ahead
    load_die(state, 3)
    state, _ = act(state, 0, A.ThrowDice())
    state, _ = act(state, 0, A.SailOn(ship=1, route="R03"))
    wake = [("R01", 2), ("R01", 3), ("R03", 0), ("R03", 1), ("R03", 2)]
    assert state.players[0].ships[0].wake == wake
    state, _ = act(state, 0, A.EndTurn())
    assert all(GAME.view(state, seat).players[0].ships[0].wake == wake for seat in (None, 0, 1))
    state, _ = act(state, 1, A.EndTurn())
    assert state.players[0].ships[0].wake == wake  # the other's turn leaves it be
    # the next throw: from Gibraltar's approach to Gibraltar (space 3 of R03 is the port)
    load_die(state, 1)
    state, _ = act(state, 0, A.ThrowDice())
    assert state.players[0].ships[0].wake == [("R03", 2), ("R03", 3)]
    assert state.players[0].ships[0].port == "GIB"
    state, _ = act(state, 0, A.EndTurn())
    state, _ = act(state, 1, A.EndTurn())
    # a turn that ends with the ship still in port leaves no wake
    state, _ = act(state, 0, A.EndTurn())
    assert state.players[0].ships[0].port == "GIB"
    assert state.players[0].ships[0].wake == []


def test_a_throw_that_moves_no_ship_says_why_each_ship_stays() -> None:
    """A Dismasted ship at sea stays where it is: the refusal of a throw names that, not the
    reasons a ship stays in port."""
    state = new_game(variant="short")
    put_at_sea(state.players[0].ships[0], "R13", 4, "RIO")
    state.players[0].ships[0].held_through = state.players[0].turns + 1
    assert rejected(state, 0, A.ThrowDice()) == \
        "None of your ships can sail this turn (ship 1 is held at sea by a Prospect card): " \
        "end your turn."


def test_a_challenge_with_no_claim_running_says_so_before_the_holding() -> None:
    state = new_game()
    assert state.players[1].shares == 0
    assert rejected(state, 0, A.ChallengeClaim()) == \
        "Nobody has claimed a majority: there is no claim to challenge."
