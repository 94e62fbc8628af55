"""Ships rules: Action: Place Ship (ages, eras, the merchant box, the warship box, the next area
and its scoring, Area Seven) and Action: Upgrade Ship."""

from __future__ import annotations

import pytest

from .helpers import (
    BLUE,
    GREEN,
    RED,
    YELLOW,
    act,
    events,
    give_gold,
    give_goods,
    give_industry,
    give_navigation,
    legal,
    place,
    play,
    position,
    put_cube,
    put_disc,
    put_ships,
    refuse,
)

# --- Present ship age or the next one up --------------------------------------------------------


def test_first_ship_goes_in_age_one() -> None:
    # Place Ship: the very first person who chooses this action must place in ship age one.
    state = position()
    give_navigation(state, 0, 10)
    rejection = refuse(state, 0, "place_ship", **place("tyre.t0", 2))
    assert "Age 1" in rejection.message and "not Age 2" in rejection.message
    state = play(state, 0, "place_ship", **place("tyre.t0", 1))
    assert state.ages[0].merchant == [0]
    assert state.players[0].vp == 5 + 1  # Age 1's first-ship VP
    assert state.players[0].ships["galley"] == 5


def test_first_cube_goes_in_area_two() -> None:
    # Place Ship (next area): the first cube or disc on the board must go in Area Two.
    state = position()
    rejection = refuse(state, 0, "place_ship", **place("rome.t0", 1))
    assert "Area 2" in rejection.message and "not Area 3" in rejection.message
    assert {a.spaces[0].split(".")[0] for a in legal(state, 0, "place_ship")} == {
        "tyre", "miletus", "knossos", "athens", "alexandria"}


def test_ship_goes_in_the_present_age_or_the_next_one_up() -> None:
    # Place Ship: the highest age presently occupied or the next one up, never lower.
    state = position()
    put_ships(state, 2, merchant=[1])
    put_ships(state, 3, merchant=[1, 1, 1, 1, 1])  # Age 4 costs 7 - 5 = 2 navigation
    state.area = 2
    give_navigation(state, 0, 2)
    assert {a.age for a in legal(state, 0, "place_ship")} == {3, 4}
    rejection = refuse(state, 0, "place_ship", **place("tyre.t0", 2))
    assert "Age 3 or Age 4" in rejection.message
    refuse(state, 0, "place_ship", **place("tyre.t0", 5))


def test_next_age_costs_its_border_less_one_per_ship_in_the_present_age() -> None:
    # Place Ship (next age level): Age 3's five counters less one for each ship in Age 2, of any
    # colour; ships in lower ages give no discount.
    state = position()
    put_ships(state, 1, merchant=[0, 1, 1])
    put_ships(state, 2, merchant=[0], warship=[1])
    state.area = 2
    give_navigation(state, 0, 2)
    rejection = refuse(state, 0, "place_ship", **place("tyre.t0", 3))
    assert "3 navigation" in rejection.message and "you have 2" in rejection.message
    give_navigation(state, 0, 1)
    state = play(state, 0, "place_ship", **place("tyre.t0", 3))
    assert state.players[0].navigation == 0 and state.supply.navigation == 20


def test_no_refund_when_the_discount_exceeds_the_cost() -> None:
    # Place Ship (next age level): a discount greater than the cost gives nothing back.
    state = position()
    put_ships(state, 1, merchant=[1, 1, 1], warship=[1, 1])  # Age 2 costs 3 less 5
    state.area = 2
    give_navigation(state, 0, 1)
    state = play(state, 0, "place_ship", **place("tyre.t0", 2))
    assert state.players[0].navigation == 1
    assert state.supply.navigation == 19


def test_age_five_example() -> None:
    # Place Ship, example: Blue places in Age 5, paying two navigation (nine less a discount of
    # seven ships in Age 4), and scores five VP. Red loses four VP for his two ships in Age 2,
    # which are removed; Blue and Green lose one for their ship in Age 3, Yellow two for his two
    # ships there, and those four stay. Blue uses a sailing ship counter: a new era begins.
    state = position(seats=4, seat=BLUE)
    put_ships(state, 2, merchant=[RED], warship=[RED])
    put_ships(state, 3, merchant=[BLUE, GREEN], warship=[YELLOW, YELLOW])
    put_ships(state, 4, merchant=[GREEN, RED, BLUE, YELLOW], warship=[GREEN, RED, YELLOW])
    state.area = 2
    give_navigation(state, BLUE, 2)
    old_display = list(state.display)
    accepted = act(state, BLUE, "place_ship", **place("tyre.t1", 5))
    new = accepted.state
    vp = {seat: new.players[seat].vp - 5 for seat in (GREEN, RED, BLUE, YELLOW)}
    assert vp == {BLUE: 5 - 1, RED: -4, GREEN: -1, YELLOW: -2}
    assert new.players[BLUE].navigation == 0
    (placed,) = events(accepted, "place_ship")
    assert placed.text.endswith(", paying 2 navigation to open Age 5.")
    assert new.ages[1].merchant == [] and new.ages[1].warship == []  # Red's ships removed ...
    assert new.players[RED].ships["galley"] == 6 - 4 + 2  # ... back to Red (two in Age 4)
    assert new.ages[2].count() == 4  # the Age 3 ships stay
    assert new.ages[4].merchant == [BLUE]
    assert new.players[BLUE].ships == {"galley": 4, "sailing": 5, "steam": 6}
    # The new era: the galley cards are removed and twelve sailing cards dealt.
    assert new.era == "sailing"
    assert len(new.display) == 12 and not set(new.display) & set(old_display)
    assert len(new.decks["sailing"]) == 20 - 12
    (dealt,) = events(accepted, "new_era")
    assert dealt.data == {"era": "sailing", "display": new.display}
    # the era is named as the rulebook names it ("The sailing era begins" before)
    assert dealt.text.startswith("The Sailing Ship era begins. New cards: ")
    # The action cubes change only from the next player's turn.
    assert (new.players[BLUE].action_merchant, new.players[BLUE].action_free) == (1, 0)


def test_new_era_cards_can_be_taken_at_once() -> None:
    # Place Ship (new era): the new cards are available to be taken immediately.
    state = position(stock_free=1)
    put_ships(state, 4, merchant=[1, 1, 1, 1, 1, 1])  # Age 5 costs 9 - 6 = 3
    state.area = 2
    give_navigation(state, 0, 3)
    state = play(state, 0, "place_ship", **place("tyre.t1", 5))
    card = state.display[0]
    state = play(state, 0, "take_card", pay="merchant", card=card)
    assert card not in state.display and state.players[0].took_card


def test_steamship_era_begins_with_age_nine() -> None:
    # Place Ship: the first ship in a box with the steamship symbol starts the Steamship era.
    state = position()
    state.era = "sailing"
    state.display = ["compass"]
    put_ships(state, 8, merchant=[1, 1, 1, 1, 1], warship=[1, 1, 1, 1, 1])  # 13 - 10 = 3
    state.area = 2
    give_navigation(state, 0, 3)
    state = play(state, 0, "place_ship", **place("tyre.t1", 9))
    assert state.era == "steam"
    assert len(state.display) == 12 and "compass" not in state.display
    assert state.players[0].ships["steam"] == 5
    assert state.players[0].vp == 5 + 9


def test_no_ship_counter_of_the_era_means_no_place_ship() -> None:
    # Place Ship: with no counter matching the present era left, you cannot take this action.
    state = position()
    put_ships(state, 1, merchant=[1])
    state.area = 2
    state.players[0].ships["galley"] = 0
    assert not legal(state, 0, "place_ship")
    rejection = refuse(state, 0, "place_ship", **place("tyre.t0", 1))
    assert "no galley ship counters" in rejection.message


def test_no_place_ship_below_an_age_already_reached() -> None:
    # Place Ship: once a ship has been placed in a ship age level, no ships can be placed in a
    # lower level with the Place Ship action -- even after that age's only ship has left it.
    state = position(stock_free=1)
    put_ships(state, 1, merchant=[1])
    put_ships(state, 2, merchant=[0])
    state.area = 2
    state = play(state, 0, "remove_ship", pay="merchant", age=2, box="merchant")
    assert 1 not in {a.age for a in legal(state, 0, "place_ship")}
    # the refusal says which rule shuts Age 1
    assert refuse(state, 0, "place_ship", **place("tyre.t0", 1)).message == (
        "Your ship can go to Age 2, not Age 1: once a ship is in Age 2, Place Ship goes no "
        "lower (only Upgrade Ship moves a ship into a lower age).")


def test_next_age_only_while_the_present_age_holds_a_ship() -> None:
    # Placing Your Ship in the Next Age Level: "As long as there are one or more ship counters
    # in the present age you have the option to place your ship counter in the next age."
    # Age 2 emptied by Remove One Ship: Place Ship offers Age 2 only, until a ship is back.
    state = position(stock_free=1)
    put_ships(state, 1, merchant=[1])
    put_ships(state, 2, merchant=[0])
    state.area = 2
    give_navigation(state, 0, 3)
    state = play(state, 0, "remove_ship", pay="merchant", age=2, box="merchant")
    assert {a.age for a in legal(state, 0, "place_ship")} == {2}
    # the refusal says why Age 3 is shut, not only that it is
    assert refuse(state, 0, "place_ship", **place("tyre.t0", 3)).message == (
        "Your ship can go to Age 2, not Age 3: Age 3 opens only while Age 2, the present age, "
        "holds a ship, and it has none now.")
    put_ships(state, 2, warship=[1])  # a ship of any colour opens the way again
    give_navigation(state, 0, 1)  # Age 3: 5 less 1
    assert {a.age for a in legal(state, 0, "place_ship")} == {2, 3}


def test_an_age_is_opened_only_once() -> None:
    # Place Ship: only the first ship placed in a new ship age pays the navigation cost and
    # scores its first-ship VP.
    state = position(stock_free=1)
    put_ships(state, 1, merchant=[1])
    put_ships(state, 2, merchant=[0])
    state.area = 2
    give_navigation(state, 0, 2)
    state = play(state, 0, "remove_ship", pay="merchant", age=2, box="merchant")
    state = play(state, 0, "place_ship", **place("tyre.t0", 2))
    p = state.players[0]
    assert (p.navigation, p.vp) == (2, 5)


# --- The merchant box ---------------------------------------------------------------------------


def test_miletus_example_cube_takes_the_trade_boxs_good() -> None:
    # Place Ship, example: Red places a cube in Miletus's trade box and takes an oil counter.
    state = position()
    stock = state.players[0].stock_cubes
    state = play(state, 0, "place_ship", **place("miletus.t0", 1))
    assert state.trade == {"miletus.t0": 0}
    assert state.players[0].goods == {"oil": 1}
    assert state.players[0].stock_cubes == stock - 1
    assert state.supply.goods["oil"] == 7
    assert state.area == 2


def test_food_box_gives_two_food() -> None:
    # Place Ship (merchant box): with the exception of food, one counter; food gives two.
    state = play(position(), 0, "place_ship", **place("tyre.t0", 1))
    assert state.players[0].goods == {"food": 2}


def test_taken_trade_box_is_refused() -> None:
    # Place Ship (merchant box): the cube goes in an empty trade box.
    state = position()
    put_ships(state, 1, merchant=[1])
    state.area = 2
    put_cube(state, "tyre.t1", 1)
    rejection = refuse(state, 0, "place_ship", **place("tyre.t1", 1))
    assert "taken" in rejection.message


def test_industry_counter_for_one_more_good_goes_to_the_action_box() -> None:
    # Industry Counters: one counter for one more good; it goes in the action box that allowed
    # the action and cycles like a merchant cube.
    state = position()
    give_industry(state, 0, 2)
    state = play(state, 0, "place_ship", **place("tyre.t1", 1), industry="tyre.t1")
    p = state.players[0]
    assert p.goods == {"cloth": 2}
    assert p.industry == 1
    assert p.boxes["place_ship"].industry == 1 and p.boxes["place_ship"].merchant == 1


def test_industry_counter_with_food_gives_three() -> None:
    state = position()
    give_industry(state, 0, 1)
    state.players[0].warehouse_discs = 0
    state = play(state, 0, "place_ship", **place("alexandria.t0", 1), industry="alexandria.t0")
    assert state.players[0].goods == {"food": 3}


@pytest.mark.parametrize("space", ["india.t2", "south_america.t0"])
def test_no_industry_counter_for_spice_or_the_two_gold_box(space: str) -> None:
    # Spice / the two-gold box: an industry counter cannot increase them.
    state = position()
    put_ships(state, 1, merchant=[1])
    state.area = 6 if space.startswith("india") else 5
    give_industry(state, 0, 1)
    refuse(state, 0, "place_ship", **place(space, 1), industry=space)
    assert not legal(state, 0, "place_ship", industry=space, spaces=[space])
    assert legal(state, 0, "place_ship", industry=None, spaces=[space])


def test_spice_locks_a_second_cube_scores_seven_vp_and_one_gold() -> None:
    """Place Ship, example: "The yellow player places his merchant cube in the trade box shown
    here. He then takes one of his merchant cubes from his available stock and places it in the
    Spice Box and scores seven victory points and takes one gold." No goods counter: "There is
    no counter for spice"."""
    state = position()
    put_ships(state, 1, merchant=[1])
    state.area = 6
    stock = state.players[0].stock_cubes
    state = play(state, 0, "place_ship", **place("spice_islands.t0", 1))
    p = state.players[0]
    assert state.trade["spice_islands.t0"] == 0
    assert p.stock_cubes == stock - 2
    assert p.spice_cubes == 1
    assert p.vp == 5 + 7 and p.gold == 1
    assert p.goods == {}


def test_two_gold_box_gives_two_gold() -> None:
    # The South America box with two gold coin symbols: two gold into the bank.
    state = position()
    put_ships(state, 1, merchant=[1])
    state.area = 5
    state = play(state, 0, "place_ship", **place("south_america.t0", 1))
    assert state.players[0].gold == 2 and state.supply.gold == 54


def test_two_gold_box_with_a_full_bank_scores_vp() -> None:
    # The two-gold box: "all the normal rules for acquiring gold apply".
    state = position()
    put_ships(state, 1, merchant=[1])
    state.area = 5
    give_gold(state, 0, 2)
    state = play(state, 0, "place_ship", **place("south_america.t0", 1))
    assert state.players[0].gold == 2 and state.players[0].vp == 5 + 1


def test_full_warehouse_makes_the_player_choose_what_to_return() -> None:
    # Place Ship (merchant box): without room, you remove goods of your choice to the pool.
    state = position()
    give_goods(state, 0, wine=2, cloth=1)  # the three open spaces are full
    accepted = act(state, 0, "place_ship", **place("miletus.t0", 1))
    state = accepted.state
    assert state.pending and state.pending[0].kind == "discard"
    assert state.players[0].goods == {"wine": 2, "cloth": 1, "oil": 1}
    choices = {a.good for a in legal(state, 0)}
    assert choices == {"wine", "cloth", "oil"}
    rejection = refuse(state, 0, "take_gold", pay="merchant")
    assert "warehouse" in rejection.message
    state = play(state, 0, "discard_good", good="wine")
    assert not state.pending
    assert state.players[0].goods == {"wine": 1, "cloth": 1, "oil": 1}
    assert state.supply.goods["wine"] == 9


# --- The warship box ----------------------------------------------------------------------------


def test_warship_costs_one_food_and_the_disc_opens_a_warehouse_space() -> None:
    # Place Ship (warship box): one food back to the pool; the leftmost disc from the warehouse
    # (or bank), which increases that row's capacity; a city disc in an empty city space.
    state = position()
    give_goods(state, 0, food=1)
    state = play(state, 0, "place_ship",
                 **place("athens.c1", 1, box="warship", disc_from="warehouse"))
    p = state.players[0]
    assert "food" not in p.goods and state.supply.goods["food"] == 14
    assert state.ages[0].warship == [0]
    assert state.cities == {"athens.c1": 0}
    assert (p.warehouse_discs, p.bank_discs) == (7, 8)
    give_goods(state, 0, cloth=4)  # four goods now fit
    state = play(state, 0, "place_ship", **place("miletus.t0", 1))
    assert state.pending and state.pending[0].kind == "discard"  # the fifth does not


def test_warship_disc_from_the_bank_opens_a_bank_space() -> None:
    state = position()
    give_goods(state, 0, food=1)
    give_gold(state, 0, 2)
    state = play(state, 0, "place_ship",
                 **place("tyre.c0", 1, box="warship", disc_from="bank"))
    p = state.players[0]
    assert (p.warehouse_discs, p.bank_discs) == (8, 7)
    assert p.gold == 3 and p.vp == 5 + 1 + 0  # Tyre's two gold: one fits, one is lost


def test_warship_needs_a_food() -> None:
    # Place Ship (warship box): only if you also expend one food counter.
    state = position()
    rejection = refuse(state, 0, "place_ship",
                       **place("athens.c1", 1, box="warship", disc_from="warehouse"))
    assert "food" in rejection.message
    assert not legal(state, 0, "place_ship", box="warship")


def test_knossos_example_disc_takes_a_merchant_cube_from_the_pool() -> None:
    # Place Ship, example: Red expends a food, takes a disc from his warehouse and places it in
    # Knossos; he takes one of his merchant cubes from the pool into his available stock.
    state = position()
    give_goods(state, 0, food=1)
    stock, pool = state.players[0].stock_cubes, state.players[0].pool_cubes
    state = play(state, 0, "place_ship",
                 **place("knossos.c0", 1, box="warship", disc_from="warehouse"))
    p = state.players[0]
    assert (p.stock_cubes, p.pool_cubes) == (stock + 1, pool - 1)


@pytest.mark.parametrize(("space", "area", "field", "gain"), [
    ("tyre.c0", 2, "gold", 2),
    ("miletus.c0", 2, "navigation", 2),
    ("athens.c0", 2, "free_cubes", 1),
    ("athens.c1", 2, "vp", 2),
    ("massilia.c0", 3, "industry", 1),
])
def test_city_benefits(space: str, area: int, field: str, gain: int) -> None:
    # Place Ship (warship box): the city space's benefit is taken at once.
    state = position()
    put_ships(state, 1, merchant=[1])
    state.area = area
    state.players[0].bank_discs = 0
    give_goods(state, 0, food=1)
    before = getattr(state.players[0], field)
    state = play(state, 0, "place_ship", **place(space, 1, box="warship", disc_from="warehouse"))
    assert getattr(state.players[0], field) == before + gain


def test_taken_city_space_is_refused() -> None:
    # Place Ship (warship box): one empty city space.
    state = position()
    put_ships(state, 1, merchant=[1])
    state.area = 2
    put_disc(state, "tyre.c0", 1)
    give_goods(state, 0, food=1)
    refuse(state, 0, "place_ship", **place("tyre.c0", 1, box="warship", disc_from="warehouse"))


# --- The next area and its scoring --------------------------------------------------------------


def test_the_next_area_stays_open_when_the_present_area_empties() -> None:
    """Placing in the Next Area: "Once there are one or more cubes/discs in an area then it
    becomes possible for a player to place in the next area along" (rulings.yaml: it stays
    open when the present area's cubes are all taken back)."""
    state = position()
    put_ships(state, 1, merchant=[1])
    put_cube(state, "tyre.t0", 1)
    state.area = 3  # Area 3 held a cube, since taken back: nothing is in it now
    give_navigation(state, 0, 8)
    assert {a.spaces[0].split(".")[0] for a in legal(state, 0, "place_ship")} >= {
        "carthage", "london"}


def test_next_area_costs_its_border_less_one_per_disc_in_the_present_area() -> None:
    # Next area: the border's counters less one for each city disc, of any colour, in the
    # current area; cubes give no discount.
    state = position()
    put_ships(state, 1, merchant=[1])
    state.area = 2
    put_disc(state, "tyre.c0", 1)
    put_disc(state, "athens.c0", 0)
    put_cube(state, "miletus.t0", 1)
    give_navigation(state, 0, 3)
    rejection = refuse(state, 0, "place_ship", **place("rome.t1", 1))
    assert "4 navigation" in rejection.message and "you have 3" in rejection.message
    give_navigation(state, 0, 1)
    accepted = act(state, 0, "place_ship", **place("rome.t1", 1))
    assert accepted.state.players[0].navigation == 0
    assert accepted.state.area == 3


def test_area_moved_from_is_scored_for_all_players_after_the_placement() -> None:
    # Scoring Victory Points: each cube scores the area's number, each disc the area's number
    # plus one for each cube of the same colour in the location; scored after the action.
    state = position(seats=3)
    put_ships(state, 1, merchant=[1])
    state.area = 2
    put_cube(state, "athens.t0", 0)
    put_cube(state, "athens.t1", 0)
    put_disc(state, "athens.c0", 0)
    put_disc(state, "athens.c1", 0)
    put_cube(state, "tyre.t0", 1)
    put_disc(state, "tyre.c0", 2)
    give_navigation(state, 0, 3)  # 6 less three discs
    accepted = act(state, 0, "place_ship", **place("rome.t1", 1))
    (scored,) = events(accepted, "area_scored")
    assert scored.data == {"area": 2, "scores": [2 * 2 + 2 * (2 + 2), 2, 2]}
    got = [p.vp - 5 for p in accepted.state.players]
    assert got == [12, 2, 2]
    kinds = [e.kind for e in accepted.events]
    assert kinds.index("cube") < kinds.index("area_scored")


def test_opening_the_next_area_with_a_disc_also_scores() -> None:
    # Place Ship flow chart: a disc in the next area (warship box) also has the area scored.
    state = position()
    put_ships(state, 1, merchant=[1])
    state.area = 2
    put_cube(state, "tyre.t0", 1)
    give_goods(state, 0, food=1)
    give_navigation(state, 0, 6)
    accepted = act(state, 0, "place_ship",
                   **place("rome.c0", 1, box="warship", disc_from="warehouse"))
    assert accepted.state.players[1].vp == 5 + 2
    assert accepted.state.players[0].vp == 5 + 3  # Rome's three VP
    assert accepted.state.area == 3


def test_cube_in_the_present_area_scores_nothing() -> None:
    # Scoring happens only when the next area is entered.
    state = position()
    put_ships(state, 1, merchant=[1])
    state.area = 2
    put_cube(state, "tyre.t0", 1)
    accepted = act(state, 0, "place_ship", **place("tyre.t1", 1))
    assert not events(accepted, "area_scored")
    assert [p.vp for p in accepted.state.players] == [5, 5]


def _area_four_example():
    state = position(seats=4, seat=GREEN)
    put_ships(state, 1, merchant=[RED])
    state.area = 4
    for space, seat in [("london.t0", GREEN), ("london.t1", GREEN), ("amsterdam.t0", GREEN),
                        ("amsterdam.t1", RED), ("danzig.t0", RED), ("danzig.t1", YELLOW),
                        ("bordeaux.t0", BLUE), ("lubeck.t0", BLUE), ("birka.t0", YELLOW)]:
        put_cube(state, space, seat)
    for space, seat in [("london.c0", YELLOW), ("amsterdam.c0", GREEN), ("danzig.c0", RED),
                        ("bordeaux.c0", BLUE), ("bordeaux.c1", BLUE), ("lubeck.c0", YELLOW)]:
        put_disc(state, space, seat)
    return state


def test_area_five_example() -> None:
    # Place Ship, example: Green places his cube in Area Five, paying four navigation (ten less
    # six discs in Area Four), and takes the two gold of the box he chose. Area Four is scored:
    # Green 17 (8 London, 9 Amsterdam), Red 13 (9 Danzig, 4 Amsterdam), Blue 18 (14 Bordeaux,
    # 4 Lübeck), Yellow 16 (4 each from London, Lübeck, Danzig and Birka).
    state = _area_four_example()
    give_navigation(state, GREEN, 3)
    rejection = refuse(state, GREEN, "place_ship", **place("south_america.t0", 1))
    assert "4 navigation" in rejection.message
    give_navigation(state, GREEN, 1)
    accepted = act(state, GREEN, "place_ship", **place("south_america.t0", 1))
    new = accepted.state
    (scored,) = events(accepted, "area_scored")
    assert scored.data == {"area": 4, "scores": [17, 13, 18, 16]}
    assert [p.vp - 5 for p in new.players] == [17, 13, 18, 16]
    assert new.players[GREEN].gold == 2 and new.players[GREEN].navigation == 0
    assert new.area == 5
    # the line says what the navigation paid for: the new area, not the ship in Age 1
    (placed,) = events(accepted, "place_ship")
    assert placed.text.endswith(", paying 4 navigation to open Area 5.")
    assert new.trade["london.t0"] == GREEN  # pieces stay where they are


def test_area_seven_cube_takes_one_good_of_choice_never_oil() -> None:
    # Area Seven: a cube in the Merchant box takes ONE good of your choice (one food only), and
    # never oil.
    state = position()
    put_ships(state, 1, merchant=[1])
    state.area = 7
    state.rest_merchant = [0, 3]
    refuse(state, 0, "place_ship", **place("rest_of_world.merchant.oil", 1))
    choices = {a.spaces[0] for a in legal(state, 0, "place_ship", box="merchant",
                                          industry=None, pay="merchant")}
    assert choices == {f"rest_of_world.merchant.{g}" for g in ("food", "metal", "wine", "cloth")}
    state = play(state, 0, "place_ship", **place("rest_of_world.merchant.food", 1))
    assert state.players[0].goods == {"food": 1}
    assert state.rest_merchant == [1, 3]
    state = play(state, 0, "place_ship", **place("rest_of_world.merchant.food", 1))
    assert state.rest_merchant == [2, 3]  # no upper limit


def test_area_seven_disc_scores_six_vp() -> None:
    # Area Seven: a disc goes in the Warship box and scores six VP at once; no limit either.
    state = position()
    put_ships(state, 1, merchant=[1])
    state.area = 7
    state.rest_warship = [1, 4]
    give_goods(state, 0, food=1)
    state = play(state, 0, "place_ship",
                 **place("rest_of_world.warship", 1, box="warship", disc_from="bank"))
    assert state.rest_warship == [2, 4]
    assert state.players[0].vp == 5 + 6


def test_area_seven_costs_navigation_less_discs_in_area_six() -> None:
    # Next area: Area Seven also costs its border less one per disc in Area Six.
    state = position()
    put_ships(state, 1, merchant=[1])
    state.area = 6
    for space in ("india.c0", "india.c1", "china.c0"):
        put_disc(state, space, 1)
    give_navigation(state, 0, 11)  # 14 less 3
    state = play(state, 0, "place_ship", **place("rest_of_world.merchant.cloth", 1))
    assert state.players[0].navigation == 0 and state.area == 7
    assert state.players[1].vp == 5 + 3 * 6


# --- Upgrade Ship -------------------------------------------------------------------------------


def test_upgrade_moves_a_ship_one_age_up_and_acts_as_a_placement() -> None:
    # Upgrade Ship: one of your ships moves ONE age up, into either box, and you act as if you
    # had placed it there.
    state = position()
    put_ships(state, 1, warship=[0])
    put_ships(state, 2, merchant=[1])
    state.area = 2
    give_gold(state, 0, 1)
    state = play(state, 0, "upgrade_ship", **place("miletus.t0", 2), from_age=1,
                 from_box="warship")
    assert state.ages[0].warship == [] and state.ages[1].merchant == [1, 0]
    assert state.players[0].goods == {"oil": 1}
    assert state.players[0].ships["galley"] == 5
    assert state.players[0].boxes["upgrade_ship"].merchant == 1


def test_upgrade_only_one_age_up() -> None:
    state = position()
    put_ships(state, 1, merchant=[0])
    put_ships(state, 2, merchant=[1])
    put_ships(state, 3, merchant=[1])
    state.area = 2
    give_gold(state, 0, 1)
    rejection = refuse(state, 0, "upgrade_ship", **place("tyre.t0", 3), from_age=1,
                       from_box="merchant")
    assert rejection.message == ("Your ship can go to Age 2, not Age 3: an upgrade moves a "
                                 "ship exactly one age up, from Age 1.")


def test_upgrade_into_an_age_below_the_highest_occupied() -> None:
    # Upgrade Ship: the only way to place a ship in an age lower than the highest occupied.
    state = position()
    put_ships(state, 1, merchant=[0])
    put_ships(state, 2, merchant=[1])
    put_ships(state, 3, merchant=[1])
    state.area = 2
    give_gold(state, 0, 1)
    refuse(state, 0, "place_ship", **place("tyre.t0", 2))
    state = play(state, 0, "upgrade_ship", **place("tyre.t0", 2), from_age=1,
                 from_box="merchant")
    assert state.ages[1].merchant == [1, 0]
    assert state.players[0].vp == 5  # Age 2 was not new


def test_upgrade_discount_counts_the_moving_ship() -> None:
    # Upgrade Ship: the ship being moved counts toward the discount (worked out before it moves).
    state = position()
    put_ships(state, 3, merchant=[0, 1])  # Age 4 costs 7 less 2
    state.area = 2
    give_gold(state, 0, 1)
    give_navigation(state, 0, 5)
    state = play(state, 0, "upgrade_ship", **place("tyre.t0", 4), from_age=3,
                 from_box="merchant")
    p = state.players[0]
    assert p.navigation == 0
    assert state.ages[2].merchant == [1] and state.ages[3].merchant == [0]
    assert p.vp == 5 + 4  # first into Age 4


def test_upgrade_across_eras_replaces_the_counter() -> None:
    # Upgrade Ship: from one era to the next, the old counter leaves play and one of the right
    # type comes from your stock.
    state = position()
    put_ships(state, 4, merchant=[0])
    put_ships(state, 5, merchant=[1])
    state.era = "sailing"
    state.area = 2
    give_gold(state, 0, 1)
    state = play(state, 0, "upgrade_ship", **place("tyre.t0", 5), from_age=4,
                 from_box="merchant")
    p = state.players[0]
    assert state.ages[3].count() == 0 and state.ages[4].merchant == [1, 0]
    assert p.ships == {"galley": 5, "sailing": 5, "steam": 6}  # the galley is out of play


def test_upgrade_without_a_replacement_counter_is_still_carried_out() -> None:
    # Upgrade Ship: with no counter of the new type, the rest of the action is still carried out
    # as if a ship had been placed.
    state = position()
    put_ships(state, 4, merchant=[0])
    put_ships(state, 5, merchant=[1])
    state.era = "sailing"
    state.area = 2
    state.players[0].ships["sailing"] = 0
    give_gold(state, 0, 1)
    state = play(state, 0, "upgrade_ship", **place("miletus.t0", 5), from_age=4,
                 from_box="merchant")
    p = state.players[0]
    assert state.ages[3].count() == 0 and state.ages[4].merchant == [1]
    assert p.goods == {"oil": 1}
    assert p.ships == {"galley": 5, "sailing": 0, "steam": 6}


def test_next_age_and_next_area_costs_add_up() -> None:
    # Place Ship flow chart: a ship in the next age and its cube in the next area pay both.
    state = position()
    put_ships(state, 1, merchant=[1])  # Age 2: 3 less 1
    state.area = 2
    put_disc(state, "tyre.c0", 1)  # Area 3: 6 less 1
    give_navigation(state, 0, 6)
    rejection = refuse(state, 0, "place_ship", **place("rome.t1", 2))
    assert "7 navigation" in rejection.message and "you have 6" in rejection.message
    give_navigation(state, 0, 1)
    state = play(state, 0, "place_ship", **place("rome.t1", 2))
    assert state.players[0].navigation == 0 and state.area == 3


def test_upgrade_with_industry_puts_the_counter_in_the_upgrade_box() -> None:
    # Industry Counters: the counter goes to the box of the action that allowed it.
    state = position()
    put_ships(state, 1, merchant=[0])
    put_ships(state, 2, merchant=[1])
    state.area = 2
    give_gold(state, 0, 1)
    give_industry(state, 0, 1)
    state = play(state, 0, "upgrade_ship", **place("knossos.t1", 2), from_age=1,
                 from_box="merchant", industry="knossos.t1")
    p = state.players[0]
    assert p.goods == {"wine": 2}
    assert p.boxes["upgrade_ship"].industry == 1 and p.industry == 0
