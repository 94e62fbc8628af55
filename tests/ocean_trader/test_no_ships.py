"""Ruling "No ships left" (data/ocean_trader/rulings.yaml): the rulebook gives no end for a game
in which no player holds a ship any more, so such a game ends after twelve turns each, total
assets deciding the places. The count reads only what the table sees."""

from __future__ import annotations

import pytest

from engine.ocean_trader import GAME
from engine.ocean_trader import actions as A
from engine.ocean_trader.state import OceanTraderState
from render.ocean_trader.panels import shipless_text, task_text

from .helpers import act, new_game


def without_ships(cash: list[int], variant: str = "full") -> OceanTraderState:
    state = new_game(seats=len(cash), variant=variant, turns=200)
    for player, money in zip(state.players, cash, strict=True):
        player.ships = []
        player.cash = money
    return state


def end_turns(state: OceanTraderState, count: int) -> tuple[OceanTraderState, list[str]]:
    kinds: list[str] = []
    for _ in range(count):
        state, events = act(state, state.active, A.EndTurn())
        kinds += [e.kind for e in events]
        if state.finished:
            break
    return state, kinds


def test_the_table_is_told_and_the_game_ends_after_twelve_turns_each() -> None:
    state = without_ships([400, 900])
    state, events = act(state, 0, A.EndTurn())
    told = [e for e in events if e.kind == "no_ships_left"]
    assert len(told) == 1 and "12 more turns each" in told[0].text
    assert state.shipless_turns == 0 and not state.finished
    assert shipless_text(GAME.view(state, None)) == (
        "No ships left: the game ends in 12 turns each unless one is bought")
    # the board says what is left to do, whatever the player's cash
    assert task_text(GAME.view(state, None), ["Anna", "Ben"]) == (
        1, "No ships: buy one, or end the turn")
    state, kinds = end_turns(state, 23)
    assert not state.finished and "no_ships_left" not in kinds
    assert shipless_text(GAME.view(state, 1)).startswith("No ships left: the game ends in 1 ")
    state, kinds = end_turns(state, 1)
    assert state.finished and kinds[-1] == "game_over"
    assert state.end_reason == "no player held a ship for 12 turns each"
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.ranks == [2, 1]  # £900 against £400
    assert state.winner is None


def test_a_ship_bought_stops_the_count() -> None:
    state = without_ships([400, 2600])
    state, _ = end_turns(state, 5)
    assert state.shipless_turns == 4
    state, _ = act(state, 1, A.BuyShip())
    state, events = act(state, 1, A.EndTurn())
    assert state.shipless_turns is None
    assert shipless_text(GAME.view(state, 0)) == ""
    # the new ship sails on: nothing more is counted however long it takes
    assert "no_ships_left" not in [e.kind for e in events]


def test_nothing_is_counted_while_one_player_holds_a_ship() -> None:
    state = new_game(seats=3, turns=200)
    state.players[0].ships = []
    state.players[1].ships = []
    state.players[2].cash = 10**6  # its ship idles in Liverpool, paying the fee
    state, kinds = end_turns(state, 40)
    assert state.shipless_turns is None and "no_ships_left" not in kinds


@pytest.mark.parametrize("variant", ["full", "short"])
def test_the_count_does_not_depend_on_anyones_cash(variant: str) -> None:
    """Two tables that differ only in secrets tell the same story and end on the same turn."""
    poor, _ = end_turns(without_ships([0, 10, 20], variant), 37)
    rich, _ = end_turns(without_ships([5000, 9000, 20000], variant), 37)
    assert poor.finished and rich.finished
    assert poor.turn == rich.turn
    assert GAME.view(poor, None).end_reason == GAME.view(rich, None).end_reason
