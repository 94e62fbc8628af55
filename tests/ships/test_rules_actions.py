"""Ships rules: Phase Two (paying for actions), Remove One Ship, Take One Card (once a turn),
Take One Gold, Take Two Navigation Counters, Sell Goods, Retrieve Merchant Cubes and the Free
Exchange of Goods."""

from __future__ import annotations

from typing import Any

import pytest

from engine.ships.state import ActionBox, ShipsState

from .helpers import (
    GAME,
    act,
    give_gold,
    give_goods,
    give_navigation,
    legal,
    play,
    position,
    put_cube,
    put_ships,
    refuse,
)

# The costs printed on the display's action boxes (data/ships/display.yaml): the gold paid with a
# merchant cube, and with a free action cube. Upgrade's 1 and 3 are the rulebook's example.
COSTS = {
    "place_ship": ("place_ship", 0, 2),
    "upgrade_ship": ("upgrade_ship", 1, 3),
    "remove_ship": ("remove_ship", 0, 1),
    "take_card": ("take_card", 0, 0),
    "take_gold": ("take_gold", 0, 0),
    "take_navigation": ("take_navigation", 0, 1),
    "sell_goods": ("sell_goods", 0, 1),
    "retrieve": ("retrieve_cubes", 0, 0),
}


def _ready(kind: str) -> tuple[ShipsState, dict[str, Any], int]:
    """A position where ``kind`` is possible; returns it, the action's fields and the gold the
    action itself brings in (besides its cost)."""
    state = position(stock_free=1)
    state.players[0].bank_discs = 0  # room for all the gold
    give_gold(state, 0, 5)
    if kind == "place_ship":
        return state, {"age": 1, "box": "merchant", "spaces": ["tyre.t0"]}, 0
    if kind == "upgrade_ship":
        put_ships(state, 1, merchant=[0])
        put_ships(state, 2, merchant=[1])
        state.area = 2
        return state, {"age": 2, "box": "merchant", "spaces": ["tyre.t0"], "from_age": 1,
                       "from_box": "merchant"}, 0
    if kind == "remove_ship":
        put_ships(state, 1, merchant=[0])
        return state, {"age": 1, "box": "merchant"}, 0
    if kind == "take_card":
        state.display = ["galley_navigation_2"]
        return state, {"card": "galley_navigation_2"}, 0
    if kind == "take_gold":
        return state, {}, 1
    if kind == "take_navigation":
        return state, {}, 0
    if kind == "sell_goods":
        give_goods(state, 0, food=1)
        return state, {"goods": [["food", 1]]}, 1
    assert kind == "retrieve"
    state.area = 2
    put_cube(state, "tyre.t0", 0)
    return state, {"source": 2}, 0


@pytest.mark.parametrize("pay", ["merchant", "free"])
@pytest.mark.parametrize("kind", sorted(COSTS))
def test_action_cost_depends_on_the_cube_used(kind: str, pay: str) -> None:
    # Phase Two: the left side of an action box is the gold paid with a merchant cube, the right
    # side the gold paid with a free action cube; the cube goes into that action box.
    box, merchant_cost, free_cost = COSTS[kind]
    state, fields, income = _ready(kind)
    gold = state.players[0].gold
    new = play(state, 0, kind, pay=pay, **fields)
    p = new.players[0]
    cost = merchant_cost if pay == "merchant" else free_cost
    assert p.gold == gold - cost + income
    assert getattr(p.boxes[box], pay) == 1
    if pay == "merchant":
        assert p.action_merchant == 1
    else:
        assert (p.action_merchant, p.free_cubes) == (2, 0)


def test_upgrade_costs_one_gold_with_a_merchant_cube_and_three_with_a_free_cube() -> None:
    # Phase Two, example: Upgrade Ship costs one gold with a merchant cube, three with a free one.
    state, fields, _ = _ready("upgrade_ship")
    state.players[0].gold = 2
    state.supply.gold += 3
    rejection = refuse(state, 0, "upgrade_ship", pay="free", **fields)
    assert rejection.code == "illegal"
    assert "3 gold" in rejection.message and "you have 2" in rejection.message
    assert play(state, 0, "upgrade_ship", pay="merchant", **fields).players[0].gold == 1


def test_an_action_box_with_cubes_can_be_chosen_again() -> None:
    # Phase Two: a box already holding cubes does not stop you choosing that action again.
    state = position()
    state = play(state, 0, "take_navigation", pay="merchant")
    state = play(state, 0, "take_navigation", pay="merchant")
    assert state.players[0].boxes["take_navigation"].merchant == 2
    assert state.players[0].navigation == 4


# --- Take One Card ------------------------------------------------------------------------------

def test_take_one_card_only_once_per_turn_even_after_retrieving_the_cube() -> None:
    # Take One Card / Retrieve: the card action is once a turn, even after the cube that marked
    # it has been retrieved.
    state = position(stock_free=1)
    state.display = ["galley_navigation_2", "galley_gold_2"]
    state = play(state, 0, "take_card", pay="merchant", card="galley_navigation_2")
    state = play(state, 0, "retrieve", pay="merchant", source=0)
    assert state.players[0].boxes["take_card"].merchant == 0
    rejection = refuse(state, 0, "take_card", pay="free", card="galley_gold_2")
    assert rejection.code == "illegal" and "one card a turn" in rejection.message
    assert not legal(state, 0, "take_card")


def test_taken_card_leaves_the_display_and_is_not_replaced() -> None:
    # Take One Card: no replacement card is drawn.
    state = position()
    state.display = ["galley_navigation_2", "galley_gold_2"]
    deck = list(state.decks["galley"])
    state = play(state, 0, "take_card", pay="merchant", card="galley_gold_2")
    assert state.display == ["galley_navigation_2"]
    assert state.decks["galley"] == deck


def test_card_not_on_display_is_refused() -> None:
    # Take One Card: you select one card from the display.
    state = position()
    state.display = ["galley_navigation_2"]
    rejection = refuse(state, 0, "take_card", pay="merchant", card="currency")
    assert "not on display" in rejection.message


# --- Remove One Ship ----------------------------------------------------------------------------

def test_remove_one_ship_returns_it_to_the_stock() -> None:
    # Remove One Ship: any of your counters back to your stock.
    state = position()
    put_ships(state, 3, warship=[0], merchant=[1])
    state = play(state, 0, "remove_ship", pay="merchant", age=3, box="warship")
    assert state.ages[2].warship == [] and state.ages[2].merchant == [1]
    assert state.players[0].ships["galley"] == 6


def test_remove_one_ship_only_your_own() -> None:
    # Remove One Ship: "one of your ship counters".
    state = position()
    put_ships(state, 3, merchant=[1])
    refuse(state, 0, "remove_ship", pay="merchant", age=3, box="merchant")


# --- Take One Gold / Take Two Navigation Counters ----------------------------------------------

def test_take_one_gold() -> None:
    # Take One Gold: one gold from the pool into your bank.
    state = position()
    state = play(state, 0, "take_gold", pay="merchant")
    assert state.players[0].gold == 1 and state.supply.gold == 55


def test_take_one_gold_from_an_empty_pool_says_nothing_was_taken() -> None:
    # "You take one gold from the available stock": with none left, the line does not claim one
    state = position()
    state.supply.gold = 0
    offered = [a.label for a in GAME.legal_actions(state, 0) if a.type == "take_gold"]
    assert offered and all("the pool is empty: it brings nothing" in x for x in offered)
    accepted = act(state, 0, "take_gold", pay="merchant")
    assert accepted.state.players[0].gold == 0
    said = next(e.text for e in accepted.events if e.kind == "take_gold")
    assert "took no gold; the pool is empty" in said


def test_take_one_gold_needs_space_in_the_bank() -> None:
    # Take One Gold: you must have space in your bank to perform this action.
    state = position()
    give_gold(state, 0, 2)  # the bank's two open spaces are full
    rejection = refuse(state, 0, "take_gold", pay="merchant")
    assert rejection.code == "illegal" and "bank is full" in rejection.message
    assert not legal(state, 0, "take_gold")


def test_take_two_navigation_counters() -> None:
    # Take Two Navigation Counters: two counters from the pool into your available stock.
    state = position()
    state = play(state, 0, "take_navigation", pay="merchant")
    assert state.players[0].navigation == 2 and state.supply.navigation == 18


def test_take_two_navigation_takes_what_the_pool_has() -> None:
    # Components are finite: with one counter left in the pool, you take that one, and the
    # move says so before the cube is spent on it.
    state = position()
    state.supply.navigation = 1
    offered = [a.label for a in GAME.legal_actions(state, 0) if a.type == "take_navigation"]
    assert offered and all("(the pool has only 1: it brings 1)" in x for x in offered)
    state = play(state, 0, "take_navigation", pay="merchant")
    assert state.players[0].navigation == 1 and state.supply.navigation == 0


def test_take_two_navigation_from_an_empty_pool_says_it_brings_nothing() -> None:
    # "Take two navigation counters from the available stock": with none left the action is
    # still open (as Take One Gold is), but its label and its line say it brings nothing.
    state = position()
    state.supply.navigation = 0
    offered = [a.label for a in GAME.legal_actions(state, 0) if a.type == "take_navigation"]
    assert offered and all("(the pool is empty: it brings nothing)" in x for x in offered)
    accepted = act(state, 0, "take_navigation", pay="merchant")
    assert accepted.state.players[0].navigation == 0
    said = next(e.text for e in accepted.events if e.kind == "take_navigation")
    assert "took no navigation (the pool has none)" in said


# --- Sell Goods ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("good", "price"),
                         [("food", 1), ("oil", 2), ("metal", 3), ("wine", 3), ("cloth", 4)])
def test_sell_prices(good: str, price: int) -> None:
    # Sell Goods: food one gold, oil two, metal three, wine three, cloth four.
    state = position()
    state.players[0].bank_discs = 0
    give_goods(state, 0, **{good: 1})
    state = play(state, 0, "sell_goods", pay="merchant", goods=[[good, 1]])
    p = state.players[0]
    assert p.gold == price and p.goods == {}
    assert state.supply.goods[good] == {"food": 14, "oil": 8, "metal": 8, "wine": 10,
                                        "cloth": 20}[good]


def test_sell_some_of_the_goods() -> None:
    # Sell Goods: you decide how many of your goods you sell.
    state = position()
    state.players[0].bank_discs = 0
    give_goods(state, 0, cloth=2, food=1)
    state = play(state, 0, "sell_goods", pay="merchant", goods=[["cloth", 1]])
    assert state.players[0].goods == {"cloth": 1, "food": 1}
    assert state.players[0].gold == 4


def test_sell_red_example_surplus_gold_becomes_vp() -> None:
    # Sell Goods, example: Red sells two cloth and one wine for eleven gold, keeps three in his
    # bank (one of its four spaces is already occupied) and hands back eight for four VP.
    state = position()
    red = state.players[0]
    red.bank_discs = 10 - 4
    give_gold(state, 0, 1)
    give_goods(state, 0, cloth=2, wine=1)
    pool = state.supply.gold
    accepted = act(state, 0, "sell_goods", pay="merchant", goods=[["cloth", 2], ["wine", 1]])
    red = accepted.state.players[0]
    assert red.gold == 4
    assert red.vp == 5 + 4
    assert accepted.state.supply.gold == pool - 3


def test_sell_odd_surplus_coin_is_lost() -> None:
    # Important Note About Gold: nothing for the odd gold piece returned to the pool.
    state = position()
    give_gold(state, 0, 2)  # bank full
    give_goods(state, 0, wine=1)
    state = play(state, 0, "sell_goods", pay="merchant", goods=[["wine", 1]])
    assert state.players[0].gold == 2 and state.players[0].vp == 5 + 1


def test_sell_more_than_you_have_is_refused() -> None:
    # Sell Goods: you sell goods counters from your warehouse.
    state = position()
    give_goods(state, 0, cloth=1)
    rejection = refuse(state, 0, "sell_goods", pay="merchant", goods=[["cloth", 2]])
    assert "1 cloth" in rejection.message and "not 2" in rejection.message


# --- Retrieve Merchant Cubes --------------------------------------------------------------------

def test_retrieve_from_the_action_boxes_takes_cubes_industry_and_the_cube_used() -> None:
    # Retrieve: cubes and industry counters from every action box, and the merchant cube used
    # for the Retrieve itself; the action boxes are then clear of your colour.
    state = position()
    p = state.players[0]
    p.stock_cubes -= 3
    p.boxes = {"place_ship": ActionBox(merchant=2, industry=1),
               "sell_goods": ActionBox(merchant=1)}
    stock = p.stock_cubes
    state = play(state, 0, "retrieve", pay="merchant", source=0)
    p = state.players[0]
    assert p.stock_cubes == stock + 4
    assert p.industry == 1
    assert all(b.merchant == 0 and b.industry == 0 for b in p.boxes.values())


def test_retrieve_with_a_free_cube_leaves_it_for_tidy_up() -> None:
    # Retrieve / Tidy Up: a free action cube used for Retrieve goes back to the pool.
    state = position(merchant=0, stock_free=1)
    state.players[0].boxes = {"take_gold": ActionBox(merchant=1)}
    state.players[0].stock_cubes -= 1
    stock = state.players[0].stock_cubes
    accepted = act(state, 0, "retrieve", pay="free", source=0)
    assert accepted.turn_ended  # nothing else to do
    p = accepted.state.players[0]
    assert p.stock_cubes == stock + 1
    assert p.boxes["retrieve_cubes"].free == 0 and p.free_cubes == 0


def test_retrieve_every_cube_from_one_area() -> None:
    # Retrieve: some or all of your cubes from ONE area on the board.
    state = position()
    state.area = 3
    for space in ("tyre.t0", "athens.t1", "rome.t0"):
        put_cube(state, space, 0)
    put_cube(state, "tyre.t1", 1)
    state.players[0].spice_cubes = 1
    stock = state.players[0].stock_cubes
    state = play(state, 0, "retrieve", pay="merchant", source=2)
    assert state.trade == {"rome.t0": 0, "tyre.t1": 1}
    assert state.players[0].stock_cubes == stock + 2
    assert state.players[0].spice_cubes == 1  # stuck in the Spice Box for good


def test_retrieve_some_of_the_cubes_in_an_area() -> None:
    # Retrieve: "you can retrieve some or all of your cubes EITHER from your Action boxes or ONE
    # area" -- e.g. one cube back while the other stays to score when the area is left.
    state = position()
    state.area = 2
    put_cube(state, "tyre.t0", 0)
    put_cube(state, "athens.t1", 0)
    left = set()
    for action in legal(state, 0, "retrieve", pay="merchant"):
        fields = action.model_dump(mode="json")
        if fields.pop("source") == 2:
            after = play(state, 0, fields.pop("type"), source=2, **fields)
            left.add(tuple(sorted(s for s, owner in after.trade.items() if owner == 0)))
    assert left == {(), ("tyre.t0",), ("athens.t1",)}


def test_retrieve_some_of_the_cubes_in_area_7() -> None:
    # Retrieve from ONE area, some or all: Area 7 holds cubes without trade boxes, so the
    # choice is how many.
    state = position()
    state.rest_merchant[0] = 3
    stock = state.players[0].stock_cubes
    state.players[0].stock_cubes -= 3
    after = play(state, 0, "retrieve", pay="merchant", source=7, count=2)
    assert after.rest_merchant[0] == 1
    assert after.players[0].stock_cubes == stock - 1
    refuse(state, 0, "retrieve", pay="merchant", source=7, count=3)  # "all" is written plainly
    refuse(state, 0, "retrieve", pay="merchant", source=7, count=4)


def test_retrieve_the_cubes_of_trade_boxes_not_yours_is_refused() -> None:
    state = position()
    state.area = 2
    put_cube(state, "tyre.t0", 0)
    put_cube(state, "athens.t1", 0)
    put_cube(state, "tyre.t1", 1)
    refuse(state, 0, "retrieve", pay="merchant", source=2, spaces=["tyre.t1"])


def test_retrieve_from_an_area_without_your_cubes_is_refused() -> None:
    state = position()
    state.area = 2
    put_cube(state, "tyre.t1", 1)
    refuse(state, 0, "retrieve", pay="merchant", source=2)


# --- Free Exchange of Goods ---------------------------------------------------------------------

def test_oil_exchanged_for_a_free_action_cube_used_at_once() -> None:
    # Free Exchange: one oil for a free action cube, which must be used at once (it pays the free
    # cube's side of the box) and is never stored.
    state = position()
    give_goods(state, 0, oil=1)
    give_gold(state, 0, 1)
    pool = state.supply.free_cubes
    state = play(state, 0, "take_navigation", pay="oil")
    p = state.players[0]
    assert p.goods == {} and state.supply.goods["oil"] == 8
    assert p.boxes["take_navigation"].free == 1
    assert p.gold == 0  # the free cube's cost of one gold
    assert (p.free_cubes, p.action_free, p.action_merchant) == (0, 0, 2)
    assert state.supply.free_cubes == pool - 1
    state = play(state, 0, "end_turn")
    assert state.supply.free_cubes == pool


def test_metal_exchanged_for_navigation_and_two_vp() -> None:
    # Free Exchange: one metal for one navigation counter toward this action, plus two VP.
    state = position()
    put_ships(state, 1, merchant=[1])
    state.area = 2
    give_navigation(state, 0, 1)
    give_goods(state, 0, metal=1)
    # Age 2 costs 3 navigation less one for the ship in Age 1: one counter and one metal.
    state = play(state, 0, "place_ship", age=2, box="merchant", pay="merchant",
                 spaces=["tyre.t1"], metal=1)
    p = state.players[0]
    assert p.navigation == 0 and "metal" not in p.goods
    assert p.vp == 5 + 2 + 2  # the metal's two VP and Age 2's first-ship VP
    assert state.supply.navigation == 20


def test_wine_exchanged_for_gold_toward_the_cost() -> None:
    # Free Exchange: wine for one gold each, toward this action's gold cost.
    state, fields, _ = _ready("upgrade_ship")
    state.players[0].gold = 1
    state.supply.gold += 4
    give_goods(state, 0, wine=2)
    state = play(state, 0, "upgrade_ship", pay="free", wine=2, **fields)
    p = state.players[0]
    assert p.gold == 0 and "wine" not in p.goods
    assert state.supply.goods["wine"] == 10


def test_exchanges_only_toward_the_current_action() -> None:
    # Free Exchange: only if you immediately use what you exchanged them into.
    state = position(stock_free=1)
    give_goods(state, 0, wine=2, metal=1)
    give_gold(state, 0, 1)
    refuse(state, 0, "take_navigation", pay="merchant", wine=1)  # the action costs nothing
    refuse(state, 0, "take_navigation", pay="free", wine=2)  # more wine than the 1-gold cost
    refuse(state, 0, "place_ship", age=1, box="merchant", pay="merchant", spaces=["tyre.t0"],
           metal=1)  # Age 1 and Area 2 cost no navigation
    wines = {a.wine for a in legal(state, 0, "take_navigation", pay="free")}
    assert wines == {0, 1}


def test_step_rejects_a_seat_that_is_not_active() -> None:
    # Playing the Game: players take turns in order.
    state = position()
    rejection = refuse(state, 1, "take_gold", pay="merchant")
    assert rejection.code == "not_your_turn"
    assert GAME.actors(state) == {0}


# --- Refusals say why ---------------------------------------------------------------------------

GENERIC = "That move is not possible now."
REFUSALS: dict[str, tuple[str, dict[str, Any], str]] = {
    "wine beyond the gold cost": ("take_navigation", {"pay": "merchant", "wine": 1}, "wine"),
    "metal beyond the navigation cost": (
        "place_ship", {"age": 2, "box": "merchant", "pay": "merchant", "spaces": ["tyre.t0"],
                       "metal": 1}, "metal"),
    "another player's ship": ("remove_ship", {"pay": "merchant", "age": 2, "box": "merchant"},
                              "ship"),
    "no own cube in the area": ("retrieve", {"pay": "merchant", "source": 2}, "cube"),
}


@pytest.mark.parametrize("case", sorted(REFUSALS))
def test_refusals_say_why(case: str) -> None:
    # Free Exchange (only toward this action), Remove One Ship (your own), Retrieve (your cubes):
    # a refused move should tell the player what is wrong.
    state = position()
    give_goods(state, 0, wine=2, metal=1)
    put_ships(state, 1, merchant=[1])
    put_ships(state, 2, merchant=[1])  # Age 2 is present: no navigation to pay
    state.area = 2
    put_cube(state, "tyre.t1", 1)
    kind, fields, word = REFUSALS[case]
    rejection = refuse(state, 0, kind, **fields)
    assert rejection.code == "illegal"
    assert GENERIC not in rejection.message and word in rejection.message


def test_retrieve_some_of_the_cubes_refusals_say_why() -> None:
    state = position()
    state.area = 2
    put_cube(state, "tyre.t0", 0)
    put_cube(state, "athens.t1", 0)
    state.rest_merchant[0] = 2
    assert "leave out the trade boxes" in refuse(
        state, 0, "retrieve", pay="merchant", source=2,
        spaces=["tyre.t0", "athens.t1"]).message
    assert "no cube in Rome: food in Area 2" in refuse(
        state, 0, "retrieve", pay="merchant", source=2, spaces=["rome.t0"]).message
    assert "take 1 to 1" in refuse(
        state, 0, "retrieve", pay="merchant", source=7, count=2).message


def test_a_turn_ended_with_actions_left_says_how_many_were_left() -> None:
    # Phase Two: a player may end the turn with cubes unplayed; the table is told so
    state = position()
    cubes = state.players[0].action_merchant + state.players[0].action_free
    accepted = act(state, 0, "end_turn")
    (ended,) = [e for e in accepted.events if e.kind == "end_of_turn"]
    assert ended.text == f"{{s0}} ends their turn, leaving {cubes} actions unplayed."
