"""Ships rules: Important Note About Gold, the finite pool, Ending and Winning the Game, taking
back a move, and a pinned count of legal moves."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Accepted, Outcome, Undo, step

from .helpers import (
    GAME,
    act,
    events,
    give_gold,
    give_goods,
    new_game,
    place,
    play,
    position,
    put_cube,
    put_ships,
    refuse,
    set_turn,
    snapshot,
)

# --- Important Note About Gold ------------------------------------------------------------------


@pytest.mark.parametrize(("bank_gold", "vp"), [(0, 0), (1, 0), (2, 1)])
def test_city_gold_beyond_the_bank_becomes_vp(bank_gold: int, vp: int) -> None:
    # Important Note About Gold: gold that does not fit scores one VP per two; the odd coin
    # goes back to the pool for nothing. This covers ALL gold gained (here a city's two gold).
    state = position()
    give_gold(state, 0, bank_gold)
    give_goods(state, 0, food=1)
    state = play(state, 0, "place_ship",
                 **place("tyre.c0", 1, box="warship", disc_from="warehouse"))
    p = state.players[0]
    assert p.gold == 2
    assert p.vp == 5 + 1 + vp  # Age 1's first-ship VP, and the surplus
    assert state.supply.gold == 56 - 2


def test_spice_gold_beyond_the_bank_is_lost_as_an_odd_coin() -> None:
    state = position()
    put_ships(state, 1, merchant=[1])
    state.area = 6
    give_gold(state, 0, 2)
    state = play(state, 0, "place_ship", **place("india.t2", 1))
    assert state.players[0].gold == 2 and state.players[0].vp == 5 + 7


def test_card_gold_per_ship_beyond_the_bank_becomes_vp() -> None:
    # Vikings! with a full bank: four gold, all surplus, two VP.
    state = position()
    state.display = ["vikings"]
    put_ships(state, 4, warship=[0, 0, 0, 0])
    give_gold(state, 0, 2)
    state = play(state, 0, "take_card", pay="merchant", card="vikings")
    assert state.players[0].gold == 2 and state.players[0].vp == 5 + 2
    assert state.players[0].navigation == 4


def _full_banks_and_ten_cloth() -> Any:
    """Both banks full (ten gold each, every bank space open), 36 coins left in the pool, and
    ten cloth (40 gold) in seat 0's warehouse: all 56 coins are accounted for."""
    state = position()
    for seat in (0, 1):
        state.players[seat].bank_discs = 0
        give_gold(state, seat, 10)
    state.players[0].warehouse_discs = 0
    give_goods(state, 0, cloth=10)
    return state


def test_surplus_gold_is_not_limited_by_the_pool() -> None:
    # Important Note About Gold: "Whenever you gain gold and do not have the room to store it
    # in your bank you immediately convert this surplus gold into victory points, one point
    # for every two such gold you have. You then return the gold to the pool. This rule covers
    # ALL situations": 40 gold into a full bank is 20 VP, though the pool holds only 36 coins.
    state = _full_banks_and_ten_cloth()
    assert state.supply.gold == 36
    result = act(state, 0, "sell_goods", pay="merchant", goods=[["cloth", 10]])
    new = result.state
    assert new.players[0].vp == 5 + 20
    assert new.players[0].gold == 10 and new.supply.gold == 36
    line = next(e.text for e in result.events if e.kind == "sell")
    assert "40 gold does not fit and becomes 20 VP" in line, line


def test_gold_beyond_the_room_scores_even_when_the_pool_cannot_fill_the_bank() -> None:
    # Room for 3, a pool of 2, a sale of 8: the pool's 2 go into the bank (the third coin that
    # would fit is not there to take) and the 5 beyond the room become 2 VP.
    state = position()
    state.players[0].bank_discs = 0
    give_gold(state, 0, 7)
    give_goods(state, 0, cloth=2)
    state.supply.gold = 2
    result = act(state, 0, "sell_goods", pay="merchant", goods=[["cloth", 2]])
    p = result.state.players[0]
    assert p.gold == 9 and result.state.supply.gold == 0
    assert p.vp == 5 + 2
    line = next(e.text for e in result.events if e.kind == "sell")
    assert "all the pool had" in line and "room for only 3" in line, line


def test_city_gold_into_a_full_bank_scores_with_an_empty_pool() -> None:
    # "This rule covers ALL situations where you gain gold": Tyre's two gold, a full bank and
    # no coin in the pool still make 1 VP, and the line does not blame the pool.
    state = position()
    give_gold(state, 0, 2)  # the two open bank spaces are full
    give_goods(state, 0, food=1)
    state.supply.gold = 0
    result = act(state, 0, "place_ship",
                 **place("tyre.c0", 1, box="warship", disc_from="warehouse"))
    p = result.state.players[0]
    assert p.gold == 2 and p.vp == 5 + 1 + 1  # Age 1's first ship, and the surplus
    line = next(e.text for e in result.events if e.kind == "disc")
    assert "the bank is full: 2 gold does not fit and becomes 1 VP" in line, line
    assert "pool" not in line, line


# --- The pool is finite -------------------------------------------------------------------------


def _short(what: str, left: int, area: int) -> Any:
    state = position()
    put_ships(state, 1, merchant=[1])
    state.area = area
    state.players[0].bank_discs = 0
    give_goods(state, 0, food=1)  # for the warship boxes
    if what in ("oil", "food"):
        state.supply.goods[what] = left
    elif what == "merchant_cubes":
        state.players[0].pool_cubes = left
    elif what == "free_cubes":
        state.supply.free_cubes = left
    else:
        setattr(state.supply, what, left)
    return state


def _city(space: str) -> dict[str, Any]:
    return place(space, 1, box="warship", disc_from="warehouse")


@pytest.mark.parametrize(("what", "left", "area", "action", "field", "before", "after"), [
    ("oil", 0, 2, place("miletus.t0", 1), "goods", {"food": 1}, {"food": 1}),
    ("food", 1, 2, place("tyre.t0", 1), "goods", {"food": 1}, {"food": 2}),
    ("merchant_cubes", 0, 2, _city("knossos.c0"), "stock_cubes", 7, 7),
    ("free_cubes", 0, 2, _city("athens.c0"), "free_cubes", 0, 0),
    ("industry", 0, 3, _city("massilia.c0"), "industry", 0, 0),
    ("navigation", 1, 3, _city("syracuse.c0"), "navigation", 0, 1),
    ("gold", 1, 3, _city("carthage.c0"), "gold", 0, 1),
])
def test_taking_from_a_short_pool_takes_what_is_there(
        what: str, left: int, area: int, action: dict[str, Any], field: str, before: Any,
        after: Any) -> None:
    # Components are finite: taking more than the pool holds takes what it has.
    state = _short(what, left, area)
    assert getattr(state.players[0], field) == before
    state = play(state, 0, "place_ship", **action)
    got = getattr(state.players[0], field)
    assert got == after


def test_sale_with_a_short_gold_pool() -> None:
    state = position()
    state.players[0].bank_discs = 0
    give_goods(state, 0, cloth=1)
    state.supply.gold = 3
    result = act(state, 0, "sell_goods", pay="merchant", goods=[["cloth", 1]])
    state = result.state
    # the bank has room for all four: the pool's three are received, the fourth is not (and
    # scores nothing, as it did not fail to fit)
    assert state.players[0].gold == 3 and state.supply.gold == 0
    assert state.players[0].vp == 5
    assert not [e for e in result.events if e.kind == "gold_to_vp"]


# --- Ending and Winning the Game ----------------------------------------------------------------


def _age_eleven(seats: int, seat: int, ships: int) -> Any:
    """``ships`` ships already in Age 11; ``seat`` is to move in the Steamship era."""
    state = position(seats=seats, seat=seat, stock_free=1)
    state.era = "steam"
    state.display = []
    owners = [(seat + 1) % seats] * ships
    put_ships(state, 11, merchant=owners[: ships // 2], warship=owners[ships // 2:])
    state.area = 2
    return state


def test_five_ships_in_age_eleven_trigger_the_end() -> None:
    # Ending: five or more ship counters in Age Eleven, in either box, end the game ...
    state = _age_eleven(2, 0, 4)
    accepted = act(state, 0, "place_ship", **place("tyre.t1", 11))
    assert accepted.state.end_triggered
    assert [e.kind for e in accepted.events].count("end_triggered") == 1
    assert GAME.outcome(accepted.state) is None  # ... once the round is complete


def test_four_ships_in_age_eleven_do_not() -> None:
    state = _age_eleven(2, 0, 3)
    state = play(state, 0, "place_ship", **place("tyre.t1", 11))
    assert not state.end_triggered


def test_play_continues_until_everyone_has_had_as_many_turns() -> None:
    # Ending: the game ends when all players have had an equal number of turns; the player to
    # the right of the first player has the last turn.
    state = _age_eleven(3, 1, 4)
    state = play(state, 1, "place_ship", **place("tyre.t1", 11))
    state = play(state, 1, "end_turn")
    assert state.active == 2 and GAME.outcome(state) is None
    state = play(state, 2, "end_turn")
    outcome = GAME.outcome(state)
    assert outcome is not None and state.finished
    rejection = refuse(state, 0, "end_turn")
    assert rejection.code == "game_over"


def test_trigger_in_the_last_seats_turn_ends_the_game_with_that_turn() -> None:
    state = _age_eleven(2, 1, 4)
    state = play(state, 1, "place_ship", **place("tyre.t1", 11))
    assert GAME.outcome(state) is None  # the turn is not over yet
    state = play(state, 1, "end_turn")
    assert state.finished and state.active == 1


def _final(seats: int = 2) -> Any:
    """Five ships are in Age 11 and the last seat is about to end its turn."""
    state = set_turn(new_game(seats), seats - 1, merchant=0, stock_free=1)
    state.era = "steam"
    put_ships(state, 11, merchant=[0, 0, 0], warship=[1, 1])
    state.end_triggered = True
    return state


def test_final_scoring_present_area_final_sale_and_gold_to_vp() -> None:
    # Ending: the present area is scored; all goods are sold and the gold added to the bank's;
    # all of it becomes VP at two gold for one, nothing for a single coin.
    state = _final()
    state.area = 3
    put_cube(state, "rome.t0", 0)
    put_cube(state, "rome.t1", 1)
    put_cube(state, "tyre.t0", 1)  # Area 2 is not scored again
    give_gold(state, 0, 3)
    give_goods(state, 0, cloth=1, food=1)  # 3 + 4 + 1 = 8 gold: 4 VP
    give_gold(state, 1, 1)
    give_goods(state, 1, oil=1)  # 1 + 2 = 3 gold: 1 VP
    accepted = act(state, 1, "end_turn")
    final = accepted.state
    assert final.finished
    assert [p.vp - 5 for p in final.players] == [3 + 4, 3 + 1]
    (scored,) = [e for e in accepted.events if e.kind == "area_scored"]
    assert scored.data["area"] == 3


def test_final_scoring_of_area_seven_multiplies_discs_by_cubes() -> None:
    # Ending / Area Seven: each disc in the Warship side gains one VP per own cube in the
    # Merchant side (discs x cubes on top of seven per piece).
    state = _final()
    state.area = 7
    state.rest_merchant = [2, 1]
    state.rest_warship = [3, 0]
    final = play(state, 1, "end_turn")
    assert [p.vp - 5 for p in final.players] == [2 * 7 + 3 * 7 + 3 * 2, 7]


def test_ties_share_the_place() -> None:
    # Ending: no tie breakers; tied players share the honours.
    state = _final(seats=3)
    state.players[0].vp = 20
    state.players[1].vp = 20
    state.players[2].vp = 12
    final = play(state, 2, "end_turn")
    outcome = GAME.outcome(final)
    assert isinstance(outcome, Outcome)
    assert outcome.scores == [20.0, 20.0, 12.0]
    assert outcome.ranks == [1, 1, 3]
    assert outcome.winners == [0, 1]


# --- Taking back a move -------------------------------------------------------------------------


def test_placement_can_be_undone_within_the_turn() -> None:
    state = position()
    before = snapshot(state)
    state = play(state, 0, "place_ship", **place("miletus.t0", 1))
    assert state.trade == {"miletus.t0": 0}
    result = step(GAME, state, 0, Undo(), state.version)
    assert isinstance(result, Accepted)
    restored = result.state.model_copy(update={"version": 0, "undo_points": []})
    assert restored.model_dump_json() == before


def test_no_undo_after_a_new_era_dealt_new_cards() -> None:
    # A new era reveals twelve new cards: that cannot be taken back.
    state = position()
    put_ships(state, 4, merchant=[1, 1, 1, 1, 1, 1, 1, 1, 1])
    state.area = 2
    state = play(state, 0, "place_ship", **place("tyre.t1", 5))
    assert state.era == "sailing"
    result = step(GAME, state, 0, Undo(), state.version)
    assert getattr(result, "code", None) == "cannot_undo"


def test_no_undo_after_the_turn_has_ended() -> None:
    state = position()
    state = play(state, 0, "take_gold", pay="merchant")
    state = play(state, 0, "end_turn")
    result = step(GAME, state, 0, Undo(), state.version)
    assert getattr(result, "code", None) == "cannot_undo"


# --- A pinned count of legal moves --------------------------------------------------------------

PERFT_MOVES: list[tuple[int, dict[str, Any]]] = [
    (0, {"type": "place_ship", **place("miletus.t0", 1)}),
    (0, {"type": "take_card", "pay": "merchant", "card": "galley_navigation_2"}),
    (0, {"type": "end_turn"}),
    (1, {"type": "place_ship", **place("tyre.t0", 1)}),
    (1, {"type": "take_navigation", "pay": "merchant"}),
]


def test_perft_legal_move_counts_are_pinned() -> None:
    # Guards move generation: any change to what is offered shows up here. The counts are the
    # legal moves of the player to act, before and after each move.
    state = GAME.setup({}, 2, 7)
    assert GAME.legal_actions(state, 1) == []
    counts = [len(GAME.legal_actions(state, state.active))]
    for seat, move in PERFT_MOVES:
        result = step(GAME, state, seat, move, state.version)
        assert isinstance(result, Accepted), result
        state = result.state
        counts.append(len(GAME.legal_actions(state, state.active)))
    assert state.active == 1
    assert counts == [34, 52, 7, 33, 51, 14]


def test_a_ship_taken_back_from_age_eleven_says_the_end_is_off() -> None:
    """Ending and Winning the Game: "The game ends when there are five or more ship counters
    in Age Eleven, in either box AND each player has had an equal number of turns." A ship
    taken back from Age 11 below five says the game no longer ends with the round, where the
    board's end notice went away in silence."""
    state = _age_eleven(2, 0, 4)
    put_ships(state, 11, merchant=[0])  # the fifth is seat 0's
    state.end_triggered = True
    accepted = act(state, 0, "remove_ship", pay="merchant", age=11, box="merchant")
    assert not accepted.state.end_triggered
    (removed,) = events(accepted, "remove_ship")
    assert removed.text == ("{s0} removed a ship from Age 11. Fewer than 5 ships are in Age 11 "
                            "again: the game no longer ends with this round.")
    assert [e.kind for e in accepted.events] == ["remove_ship"]  # replays as it did
