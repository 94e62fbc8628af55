"""The platform's contract suite (tests/contract), run on Empires at Sea for 2 and 5 players."""

from __future__ import annotations

import pytest

from engine.empires import GAME
from tests.contract import test_contract as contract

pytestmark = pytest.mark.parametrize(
    ("game", "seats"),
    [pytest.param(GAME, 2, id="empires-2p"), pytest.param(GAME, 5, id="empires-5p")],
)

test_playout_reaches_an_outcome = contract.test_playout_reaches_an_outcome
test_replay_equals_live_play = contract.test_replay_equals_live_play
test_legal_actions_and_validate_agree = contract.test_legal_actions_and_validate_agree
test_state_serialization_round_trips = contract.test_state_serialization_round_trips
test_views_hold_nothing_private_to_others = contract.test_views_hold_nothing_private_to_others
test_step_rejections_change_nothing = contract.test_step_rejections_change_nothing
test_undo_restores_the_earlier_position = contract.test_undo_restores_the_earlier_position
