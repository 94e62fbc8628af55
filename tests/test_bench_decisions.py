"""bench/decisions.py: its figures from known rounds, and a short run on the test game."""

from __future__ import annotations

from types import ModuleType

from tests.benches import load as load_bench


def load() -> ModuleType:
    return load_bench("decisions")


def test_a_move_that_always_wins_where_the_guides_always_loses_is_counted_and_gained() -> None:
    decisions = load()
    reads = (0.5,) * len(decisions.HORIZONS)
    rounds = 30
    own = [(0.0, -100.0 - k, reads) for k in range(rounds)]
    other = [(1.0, 100.0 + k, reads) for k in range(rounds)]
    same = [(0.0, -100.0 - k, reads) for k in range(rounds)]
    figures = decisions.figures([[own, other, same]], seat_games=2, every=4)
    assert (figures["positions"], figures["pairs"]) == (1, 2)
    assert (figures["better"], figures["worse"]) == (1, 0)
    # the other move wins every later round the guide's loses: 1 a decision, 4 decisions for
    # each one looked at, over 2 seats' games
    assert all(gain == 2.0 for gain in figures["rule_gain"].values())


def test_a_short_run_on_the_test_game_gives_figures_in_range() -> None:
    decisions = load()
    result = decisions.run("race", games=1, players=2, rounds=6, candidates=2, every=3, seed=1)
    assert result["positions"] > 0 and result["pairs"] >= result["better"] + result["worse"]
    for read in result["horizons"].values():
        assert read["correlation"] is None or -1.0 <= read["correlation"] <= 1.0
