"""Whole games with the bots: the standard bot finishes, and beats the random bot."""

from __future__ import annotations

import pytest

from engine.core import Accepted, Outcome, bot_rng, step
from engine.empires import GAME


def play(seats: int, seed: int, kinds: list[str]) -> Outcome:
    bots = GAME.bots()
    state = GAME.setup({}, seats, seed)
    while (outcome := GAME.outcome(state)) is None:
        seat = min(GAME.actors(state))
        action = bots[kinds[seat]].choose(GAME.view(state, seat),
                                          GAME.legal_actions(state, seat),
                                          bot_rng(seed, state.version, seat))
        result = step(GAME, state, seat, action, state.version)
        assert isinstance(result, Accepted), result
        state = result.state  # type: ignore[assignment]
    return outcome


def test_bots_are_random_and_standard() -> None:
    assert set(GAME.bots()) == {"random", "standard"}
    assert GAME.default_bot() == "standard"


@pytest.mark.parametrize("seats", [2, 3, 5])
def test_standard_bots_finish_a_whole_game(seats: int) -> None:
    outcome = play(seats, 40 + seats, ["standard"] * seats)
    assert len(outcome.scores) == seats and outcome.winners
    assert max(outcome.scores) > 0


def test_standard_bot_beats_the_random_bot() -> None:
    games = 20
    wins = 0
    for g in range(games):
        standard = g % 2
        kinds = ["random", "random"]
        kinds[standard] = "standard"
        outcome = play(2, 500 + g, kinds)
        wins += outcome.winners == [standard]
    assert wins / games >= 0.9, wins
