"""The platform's contract suite, run on Ocean Trader before it is registered: random playouts
to the end, legal/validate agreement, serialization, replay, views that leak nothing, undo."""

from __future__ import annotations

import pytest

from engine.ocean_trader import GAME
from tests.contract import test_contract as contract

SEATS = (2, 6)


@pytest.mark.parametrize("seats", SEATS)
@pytest.mark.parametrize("seed", contract.SEEDS)
def test_playout_reaches_an_outcome(seats: int, seed: int) -> None:
    contract.test_playout_reaches_an_outcome(GAME, seats, seed)


@pytest.mark.parametrize("seats", SEATS)
@pytest.mark.parametrize("seed", contract.SEEDS[:2])
def test_replay_equals_live_play(seats: int, seed: int) -> None:
    contract.test_replay_equals_live_play(GAME, seats, seed)


@pytest.mark.parametrize("seats", SEATS)
def test_legal_actions_and_validate_agree(seats: int) -> None:
    contract.test_legal_actions_and_validate_agree(GAME, seats)


@pytest.mark.parametrize("seats", SEATS)
def test_state_serialization_round_trips(seats: int) -> None:
    contract.test_state_serialization_round_trips(GAME, seats)


@pytest.mark.parametrize("seats", SEATS)
def test_views_hold_nothing_private_to_others(seats: int) -> None:
    contract.test_views_hold_nothing_private_to_others(GAME, seats)


@pytest.mark.parametrize("seats", SEATS)
def test_step_rejections_change_nothing(seats: int) -> None:
    contract.test_step_rejections_change_nothing(GAME, seats)


@pytest.mark.parametrize("seats", SEATS)
def test_undo_restores_the_earlier_position(seats: int) -> None:
    contract.test_undo_restores_the_earlier_position(GAME, seats)
