"""Ships rules: Action: Take One Card and An Explanation of the Cards -- one test per kind of
card effect."""

from __future__ import annotations

import pytest

from engine.core import LogEntry, upgrade_log
from engine.ships import actions as A
from engine.ships.board import board
from engine.ships.content import ships_content
from engine.ships.economy import bank_space
from engine.ships.state import ActionBox, ShipsState

from .helpers import (
    GAME,
    act,
    events,
    give_gold,
    give_goods,
    give_industry,
    legal,
    place,
    play,
    position,
    put_cube,
    put_ships,
    refuse,
)


def _take(card: str, seats: int = 2, era: str = "galley", **turn: int) -> ShipsState:
    """Seat 0 takes ``card`` (the only card on display) with a merchant cube."""
    state = position(seats=seats, stock_free=1, **turn)
    state.era = era
    state.display = [card]
    state.players[0].bank_discs = 0  # room in the bank, unless a test says otherwise
    return state


def _took(state: ShipsState, card: str) -> ShipsState:
    return play(state, 0, "take_card", pay="merchant", card=card)


@pytest.mark.parametrize(("card", "field", "gain"), [
    ("currency", "gold", 2),
    ("navigation_device", "navigation", 3),
    ("phoenician_alphabet", "stock_cubes", 1),
    ("galley_industry_1", "industry", 1),
])
def test_gain_cards(card: str, field: str, gain: int) -> None:
    # Cards: the gold, merchant cube, navigation and industry symbols (and the cards that say
    # the same): take that many from the pool.
    state = _take(card)
    before = getattr(state.players[0], field)
    state = _took(state, card)
    assert getattr(state.players[0], field) == before + gain
    assert card not in state.display


def test_merchant_cube_card_takes_from_the_players_own_pool_cubes() -> None:
    # Lloyds of London: two of your merchant cubes from the pool; an empty pool gives nothing.
    state = _take("lloyds_of_london", era="sailing")
    state.players[0].pool_cubes = 1
    state = _took(state, "lloyds_of_london")
    assert state.players[0].pool_cubes == 0


def test_card_gold_with_a_full_bank_becomes_vp() -> None:
    # Important Note About Gold: surplus gold from a card scores one VP per two.
    state = _take("currency")
    state.players[0].bank_discs = 8
    give_gold(state, 0, 2)
    state = _took(state, "currency")
    assert state.players[0].gold == 2 and state.players[0].vp == 5 + 1


def test_a_card_that_gives_several_things_lists_them_before_what_a_full_bank_did() -> None:
    # V.O.C.: a merchant cube, 2 gold and 2 navigation; a bank with room for 1 gold keeps 1,
    # and the line lists what came in before what became of the rest.
    state = _take("voc", era="sailing")
    state.players[0].bank_discs = 8
    give_gold(state, 0, bank_space(state.players[0]) - 1)
    accepted = act(state, 0, "take_card", pay="merchant", card="voc")
    (line,) = [e.text for e in accepted.events if e.kind == "card_gain"]
    assert line == ("{s0} received 1 merchant cube, 1 gold and 2 navigation; the bank is full: "
                    "1 gold does not fit and goes back to the pool, as it takes 2 gold for 1 VP.")


def test_card_with_a_gold_cost() -> None:
    # Take One Card: some cards also cost the gold shown on them.
    state = _take("sailing_merchant_2", era="sailing")
    rejection = refuse(state, 0, "take_card", pay="merchant", card="sailing_merchant_2")
    assert "1 gold" in rejection.message and "you have 0" in rejection.message
    give_gold(state, 0, 1)
    state = _took(state, "sailing_merchant_2")
    assert state.players[0].gold == 0 and state.supply.gold == 56


def test_goods_of_choice_card() -> None:
    # Warehouse: one goods counter of your choice from the pool into your warehouse.
    state = _took(_take("warehouse"), "warehouse")
    assert state.pending[0].kind == "choose"
    assert {a.good for a in legal(state, 0)} == {
        "food", "oil", "metal", "wine", "cloth"}
    state = play(state, 0, "choose_good", good="cloth")
    assert state.players[0].goods == {"cloth": 1} and not state.pending


def test_two_goods_of_choice_card() -> None:
    # Venetian Empire: two goods counters of your choice.
    state = _took(_take("venetian_empire", era="sailing"), "venetian_empire")
    state = play(state, 0, "choose_good", good="metal")
    assert state.pending
    state = play(state, 0, "choose_good", good="wine")
    assert state.players[0].goods == {"metal": 1, "wine": 1} and not state.pending


def test_sell_card_adds_gold_and_vp_per_good() -> None:
    # Docks: sell some or all of your goods, one extra gold and one VP per good sold.
    state = _take("docks")
    give_goods(state, 0, food=1, cloth=1, wine=1)
    state = _took(state, "docks")
    assert state.pending[0].kind == "card"
    state = play(state, 0, "sell_goods", pay="card", goods=[["cloth", 1], ["food", 1]])
    p = state.players[0]
    assert p.gold == (4 + 1) + (1 + 1)
    assert p.vp == 5 + 2
    assert p.goods == {"wine": 1} and not state.pending


def test_a_card_sale_says_the_gold_and_vp_the_card_gives() -> None:
    """Docks: "Sell some or all of your goods. You earn one extra gold and score one victory
    point per good sold." The move says what the sale brings with the card: 1 food and 1 cloth
    for 7 gold and 2 VP, where it said 5 gold and nothing of the VP."""
    state = _take("docks")
    give_goods(state, 0, food=1, cloth=1)
    state = _took(state, "docks")
    labels = {a.label for a in legal(state, 0, "sell_goods")}
    assert labels == {"Sell 1 food for 2 gold and 1 VP (card)",
                      "Sell 1 cloth for 5 gold and 1 VP (card)",
                      "Sell 1 cloth, 1 food for 7 gold and 2 VP (card)"}
    accepted = act(state, 0, "sell_goods", pay="card", goods=[["cloth", 1], ["food", 1]])
    (sold,) = events(accepted, "sell")
    assert sold.text == "{s0} sold 1 cloth and 1 food for 7 gold and 2 VP."


def test_a_long_list_of_card_sales_gives_each_goods_price_with_the_card() -> None:
    """Steam-Powered Cranes: "You gain an extra two gold and one victory point for each good
    you sell." Past forty moves the sales share a line, and it prices each good with the card
    (cloth 6 gold and 1 VP), where it gave the display's price (cloth 4 gold)."""
    from engine.core.commands import grouped_moves

    state = _take("steam_powered_cranes", era="steam")
    give_goods(state, 0, food=2, cloth=2, wine=2, oil=1)
    state = _took(state, "steam_powered_cranes")
    labelled = [(a, a.label or a.type) for a in GAME.legal_actions(state, 0)]
    lines = grouped_moves(GAME.commands(), labelled)
    assert lines[0] == "/ships sell (53 moves):"
    assert lines[1].startswith(
        "  - Sell any of your 2 cloth (6 gold and 1 VP each), 2 food (3 gold and 1 VP each), "
        "1 oil (4 gold and 1 VP each) and 2 wine (5 gold and 1 VP each), in 53 ways")


def test_steam_sell_card_adds_two_gold_per_good() -> None:
    # Steam-Powered Cranes: two extra gold and one VP per good sold.
    state = _take("steam_powered_cranes", era="steam")
    give_goods(state, 0, oil=2)
    state = _took(state, "steam_powered_cranes")
    state = play(state, 0, "sell_goods", pay="card", goods=[["oil", 2]])
    assert state.players[0].gold == 2 * (2 + 2) and state.players[0].vp == 5 + 2


def test_ram_places_a_warship_without_food() -> None:
    # Ram: place a ship in a Warship box; no food is expended; all other rules apply.
    state = _take("ram")
    state = _took(state, "ram")
    assert not legal(state, 0, "place_ship", box="merchant")
    state = play(state, 0, "place_ship",
                 **place("athens.c1", 1, box="warship", pay="card", disc_from="warehouse"))
    p = state.players[0]
    assert state.ages[0].warship == [0]
    assert p.vp == 5 + 1 + 2  # Age 1's first ship, Athens's two VP
    assert p.goods == {} and state.supply.goods["food"] == 14
    assert not state.pending
    assert "place_ship" not in p.boxes  # the card, not the display's action, was used


def test_panama_places_two_cubes() -> None:
    # Panama Canal: a ship in the Merchant box, then two merchant cubes instead of one.
    state = _take("panama_canal", era="steam")
    put_ships(state, 9, merchant=[1])
    state.area = 2
    stock = state.players[0].stock_cubes
    state = _took(state, "panama_canal")
    assert not legal(state, 0, "place_ship", box="warship")
    state = play(state, 0, "place_ship",
                 **place(("miletus.t0", "knossos.t1"), 9, pay="card"))
    p = state.players[0]
    assert state.trade == {"miletus.t0": 0, "knossos.t1": 0}
    assert p.goods == {"oil": 1, "wine": 1}
    assert p.stock_cubes == stock - 2
    assert state.ages[8].merchant == [1, 0]


def test_card_placement_industry_counter_goes_to_the_card_box() -> None:
    # Industry Counters: the counter goes to the action box that allowed the action.
    state = _take("ram")
    state.display = ["panama_canal"]
    state.era = "steam"
    put_ships(state, 9, merchant=[1])
    state.area = 2
    give_industry(state, 0, 1)
    state = _took(state, "panama_canal")
    state = play(state, 0, "place_ship",
                 **place(("tyre.t1", "knossos.t1"), 9, pay="card", industry="tyre.t1"))
    p = state.players[0]
    assert p.goods == {"cloth": 2, "wine": 1}
    assert p.boxes["take_card"].industry == 1


def test_panama_industry_counter_for_the_goods_box_beside_the_two_gold_box() -> None:
    # Panama Canal: "all standard rules apply" -- taking goods you may expend one industry
    # counter for one more good; only the two-gold box (and spice) cannot be increased.
    state = _take("panama_canal", era="steam")
    put_ships(state, 9, merchant=[1])
    state.area = 5
    give_industry(state, 0, 1)
    state = _took(state, "panama_canal")
    pairs = {(frozenset(a.spaces), getattr(a, "industry", None))
             for a in legal(state, 0, "place_ship")}
    both = frozenset({"south_america.t0", "south_america.t1"})
    assert (both, "south_america.t1") in pairs and (both, "south_america.t0") not in pairs


def _canal_with_industry(card: str, area: int) -> ShipsState:
    """Seat 0 has taken ``card`` (Panama or Suez Canal) with one industry counter in stock;
    ``area`` is the present area."""
    state = _take(card, era="steam")
    put_ships(state, 9, merchant=[1])
    state.area = area
    state.players[0].warehouse_discs = 0  # room for every good
    give_industry(state, 0, 1)
    return _took(state, card)


def _industry_moves(state: ShipsState, spaces: set[str]) -> dict[str | None, str]:
    """The label of each industry choice among the card's placements in ``spaces``."""
    return {getattr(a, "industry", None): a.label for a in legal(state, 0, "place_ship")
            if set(getattr(a, "spaces", ())) == spaces and getattr(a, "industry", None)}


@pytest.mark.parametrize("card", ["panama_canal", "suez_canal"])
def test_canal_industry_counter_adds_to_the_good_the_player_chooses(card: str) -> None:
    # Panama / Suez Canal: "All standard rules apply", and Industry Counters: "When you take
    # goods you can expend ONE industry counter ... and take one additional goods counter":
    # with food and cloth taken, the one additional counter may be either (Tyre: food, cloth).
    state = _canal_with_industry(card, 2)
    moves = _industry_moves(state, {"tyre.t0", "tyre.t1"})
    assert set(moves) == {"tyre.t0", "tyre.t1"}
    assert "+1 cloth with industry" in moves["tyre.t1"]
    assert "+1 food with industry" in moves["tyre.t0"]
    state = play(state, 0, "place_ship",
                 **place(("tyre.t0", "tyre.t1"), 9, pay="card", industry="tyre.t1"))
    p = state.players[0]
    assert p.goods == {"food": 2, "cloth": 2}
    assert p.industry == 0 and p.boxes["take_card"].industry == 1


def test_canal_industry_counter_for_the_first_box_still_gives_its_good() -> None:
    state = _canal_with_industry("panama_canal", 2)
    state = play(state, 0, "place_ship",
                 **place(("tyre.t0", "tyre.t1"), 9, pay="card", industry="tyre.t0"))
    assert state.players[0].goods == {"food": 3, "cloth": 1}


def test_canal_industry_choice_in_the_rest_of_the_world() -> None:
    # Area 7: two cubes, each one good of choice; the additional good may go with either.
    state = _canal_with_industry("panama_canal", 7)
    food, cloth = "rest_of_world.merchant.food", "rest_of_world.merchant.cloth"
    moves = _industry_moves(state, {food, cloth})
    assert set(moves) == {food, cloth}
    assert "+1 cloth with industry" in moves[cloth]
    state = play(state, 0, "place_ship", **place((food, cloth), 9, pay="card", industry=cloth))
    assert state.players[0].goods == {"food": 1, "cloth": 2}
    assert state.rest_merchant[0] == 2


@pytest.mark.parametrize(("area", "spaces"), [
    (7, ("rest_of_world.merchant.food", "rest_of_world.merchant.food")),  # the same good twice
    (5, ("south_america.t0", "south_america.t1")),  # only one box takes a counter
])
def test_canal_industry_is_one_move_when_the_choice_changes_nothing(
        area: int, spaces: tuple[str, str]) -> None:
    state = _canal_with_industry("suez_canal", area)
    assert len(_industry_moves(state, set(spaces))) == 1


def test_a_rules_2_canal_move_with_industry_keeps_its_meaning() -> None:
    # Rules 2 wrote the counter as yes/no, for the first box that takes one; a stored game's
    # move is rewritten to name that box, is still legal, and does what it did (3 food, 1 cloth).
    state = _canal_with_industry("panama_canal", 2)
    stored = {"type": "place_ship", **place(("tyre.t0", "tyre.t1"), 9, pay="card"),
              "wine": 0, "metal": 0, "disc_from": None, "industry": True}
    [entry] = upgrade_log(GAME, "2", [LogEntry(seq=state.version + 1, seat=0, action=stored)])
    assert entry.action["industry"] == "tyre.t0"
    kind, fields = entry.action["type"], {k: v for k, v in entry.action.items() if k != "type"}
    assert play(state, 0, kind, **fields).players[0].goods == {"food": 3, "cloth": 1}
    plain = upgrade_log(GAME, "2", [LogEntry(seq=1, seat=0,
                                             action={**stored, "industry": False})])
    assert plain[0].action["industry"] is None


def test_canal_industry_counter_names_one_of_the_two_boxes() -> None:
    state = _canal_with_industry("panama_canal", 2)
    rejection = refuse(state, 0, "place_ship",
                       **place(("tyre.t0", "tyre.t1"), 9, pay="card", industry="knossos.t1"))
    assert "name one of them" in rejection.message


def test_upgrade_card_costs_no_gold() -> None:
    # Lateen Sail: perform the Upgrade Ship action (the card needs only the cube).
    state = _take("lateen_sail")
    put_ships(state, 1, merchant=[0])
    put_ships(state, 2, merchant=[1])
    state.area = 2
    state = _took(state, "lateen_sail")
    state = play(state, 0, "upgrade_ship", **place("tyre.t1", 2, pay="card"), from_age=1,
                 from_box="merchant")
    assert state.ages[1].merchant == [1, 0] and state.players[0].gold == 0
    assert state.players[0].goods == {"cloth": 1}


def test_remove_ships_from_one_age_card() -> None:
    # Lighthouse: remove some or all of your ships from one age level, back to your stock.
    state = _take("lighthouse")
    put_ships(state, 2, merchant=[0, 1], warship=[0])
    put_ships(state, 3, merchant=[0])
    state = _took(state, "lighthouse")
    assert {(a.age, a.merchant, a.warship) for a in legal(state, 0, "remove_ships")} == {
        (2, 1, 0), (2, 0, 1), (2, 1, 1), (3, 1, 0)}
    state = play(state, 0, "remove_ships", age=2, merchant=1, warship=1)
    assert state.ages[1].merchant == [1] and state.ages[1].warship == []
    assert state.ages[2].merchant == [0]
    assert state.players[0].ships["galley"] == 6 - 1


def test_factories_retrieve_from_the_boxes_and_any_areas() -> None:
    # Factories: retrieve your cubes from your action display AND any areas on the board.
    state = _take("factories", era="sailing")
    state.area = 3
    for space in ("tyre.t0", "rome.t0"):
        put_cube(state, space, 0)
    put_cube(state, "tyre.t1", 1)
    p = state.players[0]
    p.boxes = {"sell_goods": ActionBox(merchant=2, industry=1)}
    p.stock_cubes -= 2
    stock = p.stock_cubes
    state = _took(state, "factories")
    state = play(state, 0, "retrieve_many", boxes=True, areas=[2, 3])
    p = state.players[0]
    assert state.trade == {"tyre.t1": 1}
    assert p.stock_cubes == stock + 2 + 2 + 1  # boxes, areas, and the cube that took the card
    assert p.industry == 1


def test_factories_retrieve_some_of_the_cubes() -> None:
    # Factories: "Retrieve some or all of your merchant cubes from your Action display AND any
    # areas on the board": here one cube of Area 2 and one of Area 7 come back, the cube in
    # Athens and the other one in Area 7 stay (they still score), and the boxes too.
    state = _take("factories", era="sailing")
    state.area = 3
    for space in ("tyre.t0", "athens.t1"):
        put_cube(state, space, 0)
    state.rest_merchant[0] = 2
    p = state.players[0]
    p.boxes = {"sell_goods": ActionBox(merchant=2)}
    p.stock_cubes -= 4
    stock = p.stock_cubes
    state = _took(state, "factories")
    state = play(state, 0, "retrieve_cube", space="tyre.t0")
    assert "skip_card" not in {a.type for a in legal(state, 0)}  # the action is under way
    state = play(state, 0, "retrieve_cube", space="rest_of_world")
    refuse(state, 0, "retrieve_cube", space="tyre.t1")  # not a cube of yours
    state = play(state, 0, "retrieve_many", boxes=True, areas=[])
    p = state.players[0]
    assert not state.pending
    assert state.trade == {"athens.t1": 0} and state.rest_merchant[0] == 1
    assert p.stock_cubes == stock + 1 + 1 + 2 + 1  # two single cubes, the boxes, the card's


def test_factories_may_stop_after_single_cubes() -> None:
    state = _take("factories", era="sailing")
    put_cube(state, "tyre.t0", 0)
    put_cube(state, "athens.t1", 0)
    state = _took(state, "factories")
    state = play(state, 0, "retrieve_cube", space="athens.t1")
    state = play(state, 0, "retrieve_many", boxes=False, areas=[])
    assert not state.pending and state.trade == {"tyre.t0": 0}


def test_per_own_ship_card() -> None:
    # Vikings!: one gold and one navigation for each of your ships in the Longships box.
    state = _take("vikings")
    put_ships(state, 4, warship=[0, 1, 0], merchant=[0])
    state = _took(state, "vikings")
    assert (state.players[0].gold, state.players[0].navigation) == (2, 2)


def test_per_own_ship_card_scores_vp() -> None:
    # Blue Riband: four VP for each of your ships in the Lusitania box.
    state = _take("blue_riband", era="steam")
    put_ships(state, 10, merchant=[0, 1], warship=[0])
    state = _took(state, "blue_riband")
    assert state.players[0].vp == 5 + 4


@pytest.mark.parametrize(("card", "era", "said"), [
    ("blue_riband", "steam", "{s0} has no ship in the Lusitania box: no VP from it."),
    ("emigrants", "steam", "{s0} has no ship in the Great Western box: no VP from it."),
    ("vikings", "galley",
     "{s0} has no ship in the Longships box: no gold or navigation from it."),
    ("greek_empire", "galley", "{s0} has no cube in an oil trade box: no VP from it."),
    ("slave_trade", "sailing",
     "{s0} has no cube in the Caribbean location: no VP from it."),
    ("hanseatic_league", "sailing", "{s0} has no wine to convert."),
    ("pirates", "sailing", "No other player has a good to return."),
])
def test_a_card_taken_for_nothing_says_so(card: str, era: str, said: str) -> None:
    # Cards are actioned as soon as you take them: one that counts your ships in a box (Blue
    # Riband, Emigrants, Vikings!), your cubes in some trade boxes (the Empire cards), your wine
    # (Hanseatic League) or the others' goods (Pirates) can bring nothing, and its line says
    # why, where it said only that the card was taken.
    state = _take(card, era=era)
    state.display.append("currency")  # another card stays on display
    put_ships(state, 10, merchant=[1])
    put_cube(state, "caribbean.t0", 1)
    accepted = act(state, 0, "take_card", pay="merchant", card=card)
    (taken,) = events(accepted, "take_card")
    name = ships_content().card(card).name
    assert taken.text == f"{{s0}} took {name}; no more cards this turn. {said}"


def test_a_card_that_brings_something_says_nothing_more() -> None:
    state = _take("blue_riband", era="steam")
    put_ships(state, 10, merchant=[0])
    (taken,) = events(act(state, 0, "take_card", pay="merchant", card="blue_riband"),
                      "take_card")
    assert taken.text == "{s0} took Blue Riband."


def test_the_last_card_with_an_exclamation_mark_takes_no_full_stop() -> None:
    state = _take("vikings")
    put_ships(state, 4, warship=[0])
    (taken,) = events(act(state, 0, "take_card", pay="merchant", card="vikings"), "take_card")
    assert taken.text == "{s0} took Vikings!"


@pytest.mark.parametrize(("card", "era", "spaces", "vp"), [
    ("roman_empire", "galley", ["tyre.t0", "alexandria.t1", "tyre.t1"], 2 * 2),
    ("greek_empire", "galley", ["miletus.t0", "athens.t1"], 2 * 1),
    ("slave_trade", "sailing", ["caribbean.t0", "caribbean.t2", "tyre.t0"], 2 * 2),
    ("spanish_empire", "sailing", ["south_america.t1", "caribbean.t0"], 2 * 1),
])
def test_per_own_cube_cards(card: str, era: str, spaces: list[str], vp: int) -> None:
    # Roman, Greek, Spanish Empire, Slave Trade: two gold, and two VP per own cube in a trade box
    # with that good (or in that location); other players' cubes do not count.
    state = _take(card, era=era)
    for space in spaces:
        put_cube(state, space, 0)
    put_cube(state, "alexandria.t0", 1)
    put_cube(state, "caribbean.t1", 1)
    state = _took(state, card)
    assert state.players[0].gold == 2
    assert state.players[0].vp == 5 + vp


def test_british_empire_counts_cloth_cubes_but_not_the_rest_of_the_world() -> None:
    # British Empire: two gold and one VP per cube in a cloth trade box, scored areas included,
    # cubes in The Rest of the World box not counted.
    state = _take("british_empire", era="steam")
    state.area = 7
    put_cube(state, "tyre.t1", 0)
    put_cube(state, "london.t0", 0)
    state.rest_merchant = [3, 0]
    state = _took(state, "british_empire")
    assert state.players[0].gold == 2 and state.players[0].vp == 5 + 2


def test_hanseatic_league_converts_wine() -> None:
    # Hanseatic League: some or all of your wine to goods of your choice (not wine); one gold and
    # one VP for each good changed.
    state = _take("hanseatic_league", era="sailing")
    give_goods(state, 0, wine=2)
    state = _took(state, "hanseatic_league")
    assert "wine" not in {a.good for a in legal(state, 0, "convert_wine")}
    state = play(state, 0, "convert_wine", good="cloth")
    p = state.players[0]
    assert p.goods == {"wine": 1, "cloth": 1}
    assert (p.gold, p.vp) == (1, 5 + 1)
    state = play(state, 0, "stop_converting")
    assert not state.pending and state.players[0].goods == {"wine": 1, "cloth": 1}


def test_hanseatic_league_surplus_gold_is_one_gain() -> None:
    # Hanseatic League: "For each good you change in this manner you gain one gold", and the
    # surplus gold rule "covers ALL situations where you gain gold": the card's gold is one gain,
    # so with a full bank two wine give 2 VP and their two coins 1 VP more.
    state = _take("hanseatic_league", era="sailing")
    give_goods(state, 0, wine=2)
    room = bank_space(state.players[0])
    give_gold(state, 0, room)  # the bank is full
    state = _took(state, "hanseatic_league")
    gold = state.supply.gold
    state = play(state, 0, "convert_wine", good="cloth")
    assert state.players[0].vp == 5 + 1  # the odd coin waits for its pair
    state = play(state, 0, "convert_wine", good="metal")
    p = state.players[0]
    assert (p.gold, p.vp) == (room, 5 + 3)
    assert state.supply.gold == gold
    state = play(state, 0, "stop_converting")
    assert state.players[0].vp == 5 + 3


def test_pirates_make_every_other_player_return_a_good() -> None:
    # Pirates: all players except you select one good from their warehouse and return it to the
    # pool; you score three VP. The robbed players choose, so they are the ones to act.
    state = _take("pirates", seats=4, era="sailing")
    give_goods(state, 2, food=-1)  # the third and fourth players' starting food
    give_goods(state, 3, food=-1, metal=1)
    give_goods(state, 1, cloth=1, food=1)
    accepted = act(state, 0, "take_card", pay="merchant", card="pirates")
    state = accepted.state
    assert state.players[0].vp == 5 + 3
    assert GAME.actors(state) == {1, 3}  # seat 2 has no goods to return
    refused = refuse(state, 0, "take_gold", pay="merchant")
    assert refused.code == "not_your_turn"
    # the player whose turn it is is told what the table waits for, not "it is Bob's turn"
    assert refused.message == ("Waiting for {s1} and {s3} to return a good to the pool "
                               "(Pirates); it is not your move."), refused.message
    state = play(state, 3, "discard_good", good="metal")
    assert GAME.actors(state) == {1}
    assert {a.good for a in legal(state, 1)} == {"cloth", "food"}
    state = play(state, 1, "discard_good", good="food")
    assert GAME.actors(state) == {0}
    assert state.players[1].goods == {"cloth": 1} and state.players[3].goods == {}
    assert state.supply.goods["metal"] == 8 and state.supply.goods["food"] == 14


def test_a_card_action_may_be_given_up() -> None:
    # Cards are resolved at once; a card whose action cannot (or will not) be done is discarded.
    state = _took(_take("lateen_sail"), "lateen_sail")
    assert [a.type for a in legal(state, 0)] == ["skip_card"]
    state = play(state, 0, "skip_card")
    assert not state.pending and "lateen_sail" not in state.display


@pytest.mark.parametrize(("card", "era", "setup", "said"), [
    ("docks", "galley", {}, "{s0} has no goods to sell"),
    ("lighthouse", "galley", {}, "{s0} has no ship on the Ship Age track"),
    ("lateen_sail", "galley", {}, "{s0} has no ship on the Ship Age track to move up"),
    ("ram", "galley", {"galley": 0}, "{s0} has no galley counter left"),
    ("factories", "sailing", {}, "{s0} has no merchant cube in the action boxes or on the board"),
    ("suez_canal", "steam", {"stock": 1},
     "{s0} has fewer than 2 merchant cubes in the available stock"),
])
def test_a_card_whose_action_cannot_be_carried_out_says_why(
        card: str, era: str, setup: dict[str, int], said: str) -> None:
    """An Explanation of the Cards: "When you take a card you resolve the action immediately.
    You then discard the card." A card whose action nothing on the table allows (DOCKS: "Sell
    some or all of your goods", with none) says why on the line that takes it, where the line
    said only that the card was taken and then that the player gave it up, as if by choice."""
    state = _take(card, era=era)
    if "galley" in setup:
        state.players[0].ships["galley"] = setup["galley"]
    if "stock" in setup:
        state.players[0].stock_cubes = setup["stock"]
    accepted = act(state, 0, "take_card", pay="free", card=card)
    (taken,) = events(accepted, "take_card")
    assert taken.text.endswith(f" {said}: the card's action cannot be carried out.")
    assert [a.type for a in legal(accepted.state, 0)] == ["skip_card"]


def test_a_card_whose_action_can_be_carried_out_says_nothing_of_it() -> None:
    state = _take("docks")
    give_goods(state, 0, food=1)
    (taken,) = events(act(state, 0, "take_card", pay="merchant", card="docks"), "take_card")
    assert taken.text == "{s0} took Docks."


def test_a_turn_left_with_nothing_but_its_end_after_pirates_is_ended_for_the_player() -> None:
    """PIRATES: "All players except for you must select one goods counter from their warehouse
    and return it to the pool." Once the last of them has, a player whose turn holds nothing
    more has it ended for them, as after their own last move ("a turn with nothing left to do
    but end it ends by itself", /ships help end); it waited for them to end it."""
    state = _take("pirates", seats=3, era="sailing", merchant=1)
    state.players[0].free_cubes = 0
    state.supply.free_cubes += 1
    give_goods(state, 2, food=-1, wine=1)
    give_goods(state, 1, cloth=1)
    state = play(state, 0, "take_card", pay="merchant", card="pirates")
    assert GAME.forced_action(state, 0) is None  # others answer first
    state = play(state, 1, "discard_good", good="cloth")
    state = play(state, 2, "discard_good", good="wine")
    assert [a.type for a in legal(state, 0)] == ["end_turn"]
    assert GAME.forced_action(state, 0) == A.EndTurn(label="End your turn")
    assert GAME.forced_action(state, 1) is None


def test_a_turn_with_moves_left_is_not_ended_for_the_player() -> None:
    state = _take("pirates", seats=3, era="sailing")
    give_goods(state, 1, cloth=1)
    state = play(state, 0, "take_card", pay="merchant", card="pirates")
    state = play(state, 1, "discard_good", good="cloth")
    assert GAME.forced_action(state, 0) is None


def test_canal_cubes_go_to_one_area() -> None:
    """Panama Canal: "instead of placing one merchant cube you place two. All standard rules
    apply" (rulings.yaml: both cubes in one area, the present one or the next)."""
    state = _take("panama_canal", era="steam")
    put_ships(state, 9, merchant=[1])
    state.area = 2
    state.players[0].navigation = 6
    state.supply.navigation -= 6
    state = _took(state, "panama_canal")
    b = board()
    by_area = [{b.area_of(s) for s in a.spaces} for a in legal(state, 0, "place_ship")]
    assert by_area and all(len(found) == 1 for found in by_area)
    assert {found.pop() for found in by_area} == {2, 3}


def test_empire_cards_count_cubes_in_areas_already_scored() -> None:
    """Roman Empire: "score two victory points for each merchant cube you have in a trade box
    that contains food symbols" (rulings.yaml: every area, scored or not, as British Empire
    says)."""
    state = _take("roman_empire")
    put_cube(state, "alexandria.t0", 0)  # Area 2, scored long ago
    state.area = 4
    state = _took(state, "roman_empire")
    assert state.players[0].vp == 5 + 2
