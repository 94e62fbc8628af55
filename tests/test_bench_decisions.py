"""bench/decisions.py: its figures from known rounds, and a short run on the test game."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[1] / "bench"


def load() -> ModuleType:
    sys.path.insert(0, str(BENCH))
    try:
        spec = importlib.util.spec_from_file_location("bench_decisions", BENCH / "decisions.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(BENCH))


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
