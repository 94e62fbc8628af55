"""Ships rules: Starting the Game, Phase One (Available Actions) and Phase Three (Tidy Up)."""

from __future__ import annotations

import pytest

from engine.ships import GAME

from .helpers import (
    give_gold,
    give_navigation,
    new_game,
    play,
    position,
    put_cube,
    put_ships,
    set_turn,
)

GOODS_IN_BOX = {"food": 14, "oil": 8, "metal": 8, "wine": 10, "cloth": 20}


# --- Starting the Game --------------------------------------------------------------------------

@pytest.mark.parametrize("seats", [2, 3, 4])
def test_setup_each_player_has_nine_cubes_two_free_cubes_and_five_vp(seats: int) -> None:
    # Starting the Game: nine merchant cubes in stock (the other eleven in the pool), two free
    # action cubes, the score disc on 5, six ship counters of each type.
    state = new_game(seats)
    for seat, p in enumerate(state.players):
        in_hand = p.stock_cubes + p.action_merchant
        assert in_hand == 9, seat
        assert p.pool_cubes == 11
        assert p.free_cubes == 2
        assert p.vp == 5
        assert p.ships == {"galley": 6, "sailing": 6, "steam": 6}
        assert (p.gold, p.navigation, p.industry) == (0, 0, 0)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_setup_twelve_galley_cards_on_display(seats: int) -> None:
    # Starting the Game: twelve cards from the shuffled Galley deck, face up.
    state = new_game(seats)
    assert len(state.display) == 12
    assert state.era == "galley"
    galley = {"currency", "docks", "greek_empire", "lateen_sail", "lighthouse",
              "navigation_device", "phoenician_alphabet", "ram", "roman_empire", "vikings",
              "warehouse", "galley_gold_2", "galley_merchant_1", "galley_navigation_2",
              "galley_industry_1"}
    assert set(state.display) <= galley


@pytest.mark.parametrize(("seats", "fed"), [(2, []), (3, [2]), (4, [2, 3])])
def test_setup_third_and_fourth_players_start_with_one_food(seats: int, fed: list[int]) -> None:
    # Starting the Game: with three or four players, the third and fourth start with one food.
    state = new_game(seats)
    for seat, p in enumerate(state.players):
        assert p.goods == ({"food": 1} if seat in fed else {}), seat
    assert state.supply.goods["food"] == 14 - len(fed)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_setup_discs_cover_all_but_three_warehouse_and_two_bank_spaces(seats: int) -> None:
    # Starting the Game: a disc on each display space but the first three of the warehouse and
    # the first two of the bank; the seventeenth disc marks the score.
    state = new_game(seats)
    for p in state.players:
        assert p.warehouse_discs + p.bank_discs == 16
        assert p.warehouse_discs == 8 and p.bank_discs == 8


def test_setup_open_spaces_hold_three_goods_and_two_gold() -> None:
    # Starting the Game / Some Useful Information: the open spaces are the storage capacity.
    state = position(stock_free=1)
    give_gold(state, 0, 1)
    state = play(state, 0, "take_gold", pay="merchant")
    assert state.players[0].gold == 2
    assert not [a for a in GAME.legal_actions(state, 0) if a.type == "take_gold"]  # bank full
    state.players[0].goods = {"food": 2}
    state.supply.goods["food"] -= 2
    state = play(state, 0, "place_ship", age=1, box="merchant", pay="merchant",
                 spaces=["miletus.t0"])
    assert state.players[0].goods == {"food": 2, "oil": 1}
    assert not state.pending  # three goods fit


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_setup_pool_holds_the_components(seats: int) -> None:
    # Components: 56 gold, 20 navigation, 13 industry, 25 free action cubes (two to each player).
    state = new_game(seats)
    s = state.supply
    assert (s.gold, s.navigation, s.industry) == (56, 20, 13)
    free_in_play = sum(p.free_cubes + p.action_free for p in state.players)
    assert s.free_cubes + free_in_play == 25
    assert s.free_cubes == 25 - 2 * seats
    food_given = max(0, seats - 2)
    assert s.goods == {**GOODS_IN_BOX, "food": 14 - food_given}


def test_setup_first_player_starts_with_two_merchant_cubes_to_act() -> None:
    # Playing the Game / Phase One: the first player's turn begins at once.
    state = new_game(3)
    assert state.active == 0 and GAME.actors(state) == {0}
    first = state.players[0]
    assert (first.action_merchant, first.action_free, first.stock_cubes) == (2, 0, 7)
    assert all(p.action_merchant == 0 for p in state.players[1:])


# --- Phase One: Available Actions ---------------------------------------------------------------

def _next_turn(era: str, stock: int = 9, pool_free: int | None = None) -> tuple[int, int, int]:
    """Seat 0 ends its turn in ``era``; returns seat 1's (merchant, free, pool free cubes)."""
    state = position()
    state.era = era
    state.players[1].stock_cubes = stock
    if pool_free is not None:
        state.supply.free_cubes = pool_free
    state = play(state, 0, "end_turn")
    p = state.players[1]
    assert state.active == 1
    return p.action_merchant, p.action_free, state.supply.free_cubes


def test_phase_one_galley_era_two_merchant_cubes() -> None:
    # Phase One: during the Galley era, two merchant cubes from the available stock.
    merchant, free, _ = _next_turn("galley")
    assert (merchant, free) == (2, 0)


def test_phase_one_sailing_era_adds_one_free_cube_from_the_pool() -> None:
    # Phase One: during the Sailing Ship era, two merchant cubes and one free action cube.
    merchant, free, pool = _next_turn("sailing", pool_free=10)
    assert (merchant, free, pool) == (2, 1, 9)


def test_phase_one_steam_era_adds_two_free_cubes_from_the_pool() -> None:
    # Phase One: during the Steamship era, two merchant cubes and two free action cubes.
    merchant, free, pool = _next_turn("steam", pool_free=10)
    assert (merchant, free, pool) == (2, 2, 8)


def test_phase_one_shortfall_is_not_made_up() -> None:
    # Phase One: with too few merchant cubes in stock you take what you can ...
    assert _next_turn("galley", stock=1)[:2] == (1, 0)
    # ... and do not make up the shortfall later in the turn.
    state = position(merchant=1, stock_free=1)
    put_ships(state, 1, merchant=[1])
    state.area = 2
    put_cube(state, "tyre.t0", 0)
    put_cube(state, "tyre.t1", 0)
    stock = state.players[0].stock_cubes
    state = play(state, 0, "retrieve", pay="merchant", source=2)
    p = state.players[0]
    assert state.active == 0
    assert p.stock_cubes == stock + 2
    assert p.action_merchant == 0  # the retrieved cubes stay in the stock this turn


def test_phase_one_single_free_cube_when_no_cube_can_be_taken() -> None:
    # Phase One: a player who can take no cube at all takes one free action cube from the pool.
    merchant, free, pool = _next_turn("galley", stock=0, pool_free=10)
    assert (merchant, free, pool) == (0, 1, 9)


def test_phase_one_no_extra_cube_when_the_era_gives_free_cubes() -> None:
    # Phase One: the single free cube is only for a player who could take no cube at all.
    merchant, free, _ = _next_turn("sailing", stock=0, pool_free=10)
    assert (merchant, free) == (0, 1)


def test_phase_one_era_change_counts_from_the_next_players_turn() -> None:
    # Place Ship (next age): the change in action cubes starts with the next player's turn.
    state = position(merchant=2)
    put_ships(state, 4, merchant=[1, 1, 1, 1], warship=[1, 1])
    state.area = 2
    give_navigation(state, 0, 9)
    state = play(state, 0, "place_ship", age=5, box="merchant", pay="merchant",
                 spaces=["tyre.t1"])
    assert state.era == "sailing"
    mover = state.players[0]
    assert (mover.action_merchant, mover.action_free) == (1, 0)  # unchanged this turn
    state = play(state, 0, "end_turn")
    nxt = state.players[1]
    assert (nxt.action_merchant, nxt.action_free) == (2, 1)


# --- Phase Three: Tidy Up -----------------------------------------------------------------------

def test_tidy_up_returns_used_free_cubes_and_keeps_unused_ones() -> None:
    # Tidy Up: free cubes in the action boxes go back to the pool; unused free cubes in the
    # Action cubes section move to the available stock; merchant cubes stay in their boxes.
    state = set_turn(new_game(seed=3), 0, merchant=2, free=2, stock_free=1)
    pool = state.supply.free_cubes
    state = play(state, 0, "take_gold", pay="merchant")
    state = play(state, 0, "take_gold", pay="free")
    p = state.players[0]
    assert p.boxes["take_gold"].merchant == 1 and p.boxes["take_gold"].free == 1
    state = play(state, 0, "end_turn")
    p = state.players[0]
    assert p.boxes["take_gold"].merchant == 1  # stays until retrieved
    assert p.boxes["take_gold"].free == 0
    assert p.free_cubes == 2  # one kept in stock, one unused from the Action cubes section
    assert (p.action_merchant, p.action_free) == (0, 0)
    assert p.stock_cubes == 8  # the unused merchant cube went back to the stock
    assert state.supply.free_cubes == pool + 1  # the used one back; seat 1 takes none (galley)


def test_tidy_up_lets_the_card_action_be_taken_again_next_turn() -> None:
    # Take One Card / Tidy Up: the card action is once per turn, not once per game.
    state = position()
    state.display = ["galley_gold_2", "currency"]
    state = play(state, 0, "take_card", pay="merchant", card="galley_gold_2")
    assert state.players[0].took_card
    state = play(state, 0, "end_turn")
    assert not state.players[0].took_card
