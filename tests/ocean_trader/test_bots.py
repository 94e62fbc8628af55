"""Whole games with the standard bot, and the standard bot against the random one."""

from __future__ import annotations

import pytest

from engine.ocean_trader import GAME
from tests.ocean_trader.helpers import playout


@pytest.mark.parametrize("variant", ["short", "full"])
@pytest.mark.parametrize("seats", [2, 4, 6])
def test_standard_bots_play_a_whole_game_to_a_winner(seats: int, variant: str) -> None:
    bot = GAME.bots()["standard"]
    state = playout(seats, 3, [bot] * seats, {"variant": variant})
    outcome = GAME.outcome(state)
    assert outcome is not None and len(outcome.winners) >= 1
    assert GAME.actors(state) == set()
    if variant == "full":
        assert state.winner is not None and outcome.winners == [state.winner]
    else:
        assert outcome.winners == [s for s, a in enumerate(state.final_assets or [])
                                   if a == max(state.final_assets or [0])]


def test_the_standard_bot_beats_the_random_bot_in_nine_short_games_of_ten() -> None:
    bots = GAME.bots()
    games, wins = 20, 0
    for seed in range(games):
        seat = seed % 2
        players = [bots["random"], bots["random"]]
        players[seat] = bots["standard"]
        outcome = GAME.outcome(playout(2, seed, players, {"variant": "short"}))
        assert outcome is not None
        wins += outcome.winners == [seat]
    assert wins >= 0.9 * games, f"{wins} of {games}"
