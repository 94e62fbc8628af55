"""Engine speed for one game: legal-move generation, steps, whole games, bot moves, and the
path a search takes (samples drawn from a view, playout moves applied to them, whole search
playouts).

Run from the repository root:

    python bench/engine.py --game ships [--games N] [--players P] [--json]

Prints figures (never asserts them); with ``--json`` the last line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import catalog  # noqa: E402
from engine.core import Accepted, Game, Rng, State, Undo, registry, step  # noqa: E402
from engine.core.search import SearchBot  # noqa: E402

SEARCH_PLAYOUTS = 60  # playouts of one search decision measured


def play(game: Game[Any], seats: int, seed: int, bot_name: str,
         positions: list[State] | None = None, bot_times: list[float] | None = None
         ) -> tuple[int, float]:
    """One whole game; returns (actions, seconds). Keeps positions and bot move times."""
    state = game.setup(game.resolve_options({}), seats, seed)
    rng = Rng.from_seed(seed)
    bot = game.bots()[bot_name]
    actions = 0
    started = time.perf_counter()
    while game.outcome(state) is None and actions < 20000:
        seat = min(game.actors(state))
        if positions is not None and actions % 7 == 3:
            positions.append(state)
        legal = game.legal_actions(state, seat)
        t = time.perf_counter()
        action = bot.choose(game.view(state, seat), legal, rng)
        if bot_times is not None:
            bot_times.append(time.perf_counter() - t)
        result = step(game, state, seat, action, state.version)
        assert isinstance(result, Accepted), result
        state = result.state
        actions += 1
    return actions, time.perf_counter() - started


def search_figures(game: Game[Any], positions: list[State]) -> dict[str, float]:
    """The search's path, in CPU time, from the kept positions: samples drawn from the mover's
    view per second; playout moves per second (the game's quick ``playout_action``, or the
    guide through a view, then ``apply`` on the sample with no validation, undo or events
    kept: as a search plays them); and whole search playouts per second (one decision of the
    search bot at each of a few positions)."""
    guide = game.bots()[game.default_bot()]
    live = [s for s in positions if game.outcome(s) is None and game.actors(s)]
    rng = Rng.from_seed(5)
    sampled = []
    started = time.process_time()
    for state in live:
        seat = min(game.actors(state))
        sampled.append(game.sample_state(game.view(state, seat), seat, rng))
    sample_seconds = time.process_time() - started
    moves = 0
    started = time.process_time()
    for state in sampled:
        for _ in range(20):
            if game.outcome(state) is not None or not game.actors(state):
                break
            seat = min(game.actors(state))
            action = game.playout_action(state, seat, rng)
            if action is None:
                legal = [a for a in game.legal_actions(state, seat) if not isinstance(a, Undo)]
                action = guide.choose(game.view(state, seat), legal, rng)
            game.apply(state, seat, action)
            state.version += 1
            moves += 1
    playout_seconds = time.process_time() - started
    bot = SearchBot(game, guide, iterations=SEARCH_PLAYOUTS)
    playouts = 0
    started = time.process_time()
    for state in live[:: max(1, len(live) // 8)][:8]:
        seat = min(game.actors(state))
        bot.choose(game.view(state, seat), game.legal_actions(state, seat), rng)
        playouts += bot.last_playouts
    search_seconds = time.process_time() - started
    return {
        "samples_per_s": round(len(sampled) / max(sample_seconds, 1e-9), 1),
        "playout_moves_per_s": round(moves / max(playout_seconds, 1e-9), 1),
        "search_playouts_per_s": round(playouts / max(search_seconds, 1e-9), 1),
    }


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="ships")
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--players", type=int)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    catalog.load()
    game = registry.get(args.game)
    seats = args.players or game.min_players

    positions: list[State] = []
    random_seconds, random_actions = [], []
    for seed in range(args.games):
        n, seconds = play(game, seats, seed, "random", positions=positions)
        random_seconds.append(seconds)
        random_actions.append(n)
    bot_times: list[float] = []
    bot_seconds = []
    for seed in range(args.games):
        _, seconds = play(game, seats, 100 + seed, game.default_bot(), bot_times=bot_times)
        bot_seconds.append(seconds)

    # legal-move generation and steps on the kept mid-game positions
    started = time.perf_counter()
    generated = 0
    for state in positions:
        for seat in game.actors(state):
            generated += len(game.legal_actions(state, seat))
    legal_seconds = time.perf_counter() - started
    sampler = Rng.from_seed(1)
    started = time.perf_counter()
    for state in positions:
        seat = min(game.actors(state))
        step(game, state, seat, sampler.choice(game.legal_actions(state, seat)), state.version)
    step_seconds = time.perf_counter() - started

    search = search_figures(game, positions)
    figures = {
        "game": game.id,
        "players": seats,
        "positions": len(positions),
        "legal_calls_per_s": round(len(positions) / legal_seconds, 1),
        "legal_actions_per_s": round(generated / legal_seconds, 1),
        "steps_per_s": round(len(positions) / step_seconds, 1),
        "random_game_s_mean": round(statistics.mean(random_seconds), 3),
        "random_game_actions_mean": round(statistics.mean(random_actions), 1),
        "bot_game_s_mean": round(statistics.mean(bot_seconds), 3),
        "bot_move_ms_p50": round(1000 * percentile(bot_times, 0.5), 2),
        "bot_move_ms_p95": round(1000 * percentile(bot_times, 0.95), 2),
        **search,
    }
    for key, value in figures.items():
        print(f"{key}: {value}")
    if args.json:
        print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
