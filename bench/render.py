"""Render benchmark: how long a game's board takes to draw and encode, and how big it gets.

Run from the repository root: ``python bench/render.py --game ships [--positions N] [--json]``.
Positions come from seeded games played with random legal moves (every accepted move goes
through ``engine.core.step``); a game whose rules engine cannot be loaded falls back to its
hand-built sample positions (``render.<game>.sample``) if it has any. The renderer is looked up
by game id in ``render.catalog`` (registered here from ``render.<game>`` when the catalog does
not know it yet). The first render of the process is a warm-up and is not timed (it builds the
cached static board).

The floor is the bare cost of the output: each rendered PNG is decoded (untimed) and its picture
encoded again with Pillow at the renderer's PNG settings (``render.common.canvas._encode``);
``ratio`` is the render p50 over that floor p50, measured in the same run.
"""

from __future__ import annotations

import argparse
import importlib
import io
import json
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PIL import Image  # noqa: E402

from engine.core import Accepted, Rng, View, step  # noqa: E402
from render import catalog  # noqa: E402
from render.common.canvas import _encode  # noqa: E402

Renderer = Callable[[View, Sequence[str]], bytes]
MOVE_CAP = 5000
POSITIONS_PER_GAME = 20


def renderer_for(game_id: str) -> Renderer:
    try:
        return catalog.get(game_id)
    except KeyError:
        try:
            module = importlib.import_module(f"render.{game_id}")
        except ImportError:
            raise SystemExit(f"{game_id}: no renderer in render.catalog or render.{game_id}") \
                from None
        catalog.register(game_id, module.render)
        return catalog.get(game_id)


def load_game(game_id: str) -> Any | None:
    """The registered game object, or None when its rules engine is not importable."""
    try:
        from engine import catalog as engine_catalog
        from engine.core import registry

        engine_catalog.load()
        return registry.get(game_id)
    except (ImportError, KeyError):
        return None


def played_views(game: Any, count: int) -> list[View]:
    """``count`` spectator views spread evenly over seeded random games."""
    low, high = game.min_players, game.max_players
    seat_counts = list(range(high, low - 1, -1))
    views: list[View] = []
    seed = 0
    while len(views) < count:
        seed += 1
        seats = seat_counts[(seed - 1) % len(seat_counts)]
        states = _playout(game, seats, seed)
        want = min(POSITIONS_PER_GAME, count - len(views))
        for i in range(want):
            index = round(i * (len(states) - 1) / max(want - 1, 1))
            views.append(game.view(states[index], None))
    return views


def _playout(game: Any, seats: int, seed: int) -> list[Any]:
    state = game.setup({}, seats, seed)
    chooser = Rng.from_seed(seed * 7919 + seats)
    states = [state]
    for _ in range(MOVE_CAP):
        if game.outcome(state) is not None:
            break
        seat = chooser.choice(sorted(game.actors(state)))
        outcome = step(game, state, seat, chooser.choice(game.legal_actions(state, seat)),
                       state.version)
        if not isinstance(outcome, Accepted):
            raise RuntimeError(f"a legal move was rejected: {outcome}")
        state = outcome.state
        states.append(state)
    return states


def sample_views(game_id: str, count: int) -> list[View]:
    """Hand-built positions, for a game whose rules engine is not there yet."""
    try:
        module = importlib.import_module(f"render.{game_id}.sample")
    except ImportError:
        raise SystemExit(f"{game_id}: no rules engine and no sample positions to render") from None
    return [module.sample_view(seats=2 + i % 3, seed=i, crowded=i % 10 == 9)
            for i in range(count)]


def percentile(samples: list[float], pct: int) -> float:
    if len(samples) == 1:
        return samples[0]
    return statistics.quantiles(samples, n=100, method="inclusive")[pct - 1]


def encode_floor_ms(png: bytes) -> float:
    """CPU ms to encode the picture in ``png`` alone, at the renderer's PNG settings (best of
    three, so the floor is not inflated by noise)."""
    picture = Image.open(io.BytesIO(png))
    picture.load()
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        _encode(picture)
        best = min(best, (time.process_time() - start) * 1000)
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, help="game id, e.g. ships")
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--json", action="store_true", help="end with one JSON line")
    args = parser.parse_args(argv)
    if args.positions < 1:
        parser.error("--positions must be at least 1")

    render = renderer_for(args.game)
    game = load_game(args.game)
    source = "seeded games" if game is not None else "hand-built samples"
    views = played_views(game, args.positions) if game else sample_views(args.game,
                                                                         args.positions)
    names = [f"Player {i + 1}" for i in range(8)]

    start = time.perf_counter()
    render(views[0], names[: views[0].seats])  # warm-up: builds the cached static board
    cold_ms = (time.perf_counter() - start) * 1000
    times: list[float] = []
    cpu: list[float] = []
    floor: list[float] = []
    sizes: list[int] = []
    dims: set[tuple[int, int]] = set()
    for view in views:
        start, start_cpu = time.perf_counter(), time.process_time()
        png = render(view, names[: view.seats])
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
        sizes.append(len(png))
        floor.append(encode_floor_ms(png))
        dims.add(Image.open(io.BytesIO(png)).size)
    width, height = max(dims)
    result = {
        "game": args.game,
        "positions": len(views),
        "ms_p50": round(percentile(times, 50), 1),
        "ms_p95": round(percentile(times, 95), 1),
        "cpu_ms_p50": round(percentile(cpu, 50), 1),
        "encode_floor_ms_p50": round(percentile(floor, 50), 2),
        "ratio": round(percentile(cpu, 50) / max(percentile(floor, 50), 1e-6), 2),
        "png_bytes_max": max(sizes),
        "width": width,
        "height": height,
    }
    print(f"{args.game}: {len(views)} positions from {source}; first render {cold_ms:.0f} ms")
    # CPU time tells a busy machine apart from a slow renderer (wall time is what counts);
    # the ratio compares CPU with CPU so a busy machine does not skew it
    for key in ("ms_p50", "ms_p95", "cpu_ms_p50", "encode_floor_ms_p50", "ratio",
                "png_bytes_max", "width", "height"):
        print(f"{key:>20}: {result[key]}")
    if len(dims) > 1:
        print(f"{'sizes':>20}: {sorted(dims)}")
    if args.json:
        print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
