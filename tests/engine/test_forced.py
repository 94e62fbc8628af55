"""Moves the platform makes for a seat (``Game.forced_action``): only ever the seat's one legal
move, and only where nothing hidden makes it the only one."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Game, registry
from tests.contract.playout import played


def _forced(game: Game[Any], seats: int, seed: int) -> list[tuple[Any, int, Any]]:
    found = []
    for state in played(game, seats, seed).states:
        for seat in sorted(game.actors(state)):
            action = game.forced_action(state, seat)
            legal = game.legal_actions(state, seat)
            if action is not None:
                assert [a.key() for a in legal] == [action.key()], (action, legal)
                found.append((state, seat, action))
    return found


@pytest.mark.parametrize("seats,seed", [(2, 31), (3, 32), (4, 33)])
def test_ships_forces_only_one_answer_decisions(seats: int, seed: int) -> None:
    game = registry.get("ships")
    found = _forced(game, seats, seed)
    for state, seat, _ in found:
        assert state.pending and seat in state.pending[0].seats
    # and every one-answer decision is made for the seat (Ships hides only its decks)
    for state in played(game, seats, seed).states:
        for seat in sorted(game.actors(state)):
            if state.pending and len(game.legal_actions(state, seat)) == 1:
                assert game.forced_action(state, seat) is not None


def test_ships_forced_moves_happen_in_real_games() -> None:
    game = registry.get("ships")
    kinds = {action.type for seats, seed in [(2, 31), (3, 32), (4, 33)]
             for _, _, action in _forced(game, seats, seed)}
    assert kinds & {"discard_good", "skip_card", "stop_converting", "choose_good"}, kinds


@pytest.mark.parametrize("seats,seed", [(2, 34), (3, 35), (5, 36)])
def test_empires_forces_nothing_a_hand_decides(seats: int, seed: int) -> None:
    game = registry.get("empires")
    for state, seat, action in _forced(game, seats, seed):
        player = state.players[seat]
        if action.type == "bribe":
            assert player.gold == 0 and action.amount == 0
        else:
            assert action.type == "draw" and not player.hand
    # a refill whose only move is a draw because the hand holds no Order is the player's
    for state in played(game, seats, seed).states:
        for seat in sorted(game.actors(state)):
            pending = state.pending[0] if state.pending else None
            if pending is not None and pending.kind == "refill" and state.players[seat].hand:
                assert game.forced_action(state, seat) is None
