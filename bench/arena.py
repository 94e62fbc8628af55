"""Arena: how strong a bot is, by playing it against another.

Run from the repository root: ``python bench/arena.py --game ships --a search --b standard
--games 20 [--players 2] [--budget 0.5] [--seed 1] [--jobs 1] [--option NAME=VALUE ...]
[--json]``.

Bot A takes one seat and bot B all the others; A's seat goes round the table from game to
game, and game ``n`` is set up with seed ``seed + n``, so a run can be repeated exactly. Bots
are named ``random``, the game's own bots (``standard``), and ``search`` (the search bot of
``engine.core.search`` guided by the game's default bot, ``--budget`` CPU seconds a move).
``--jobs J`` plays the games in J processes at once; each bot's budget is CPU time of its own
process, so the figures do not depend on J (only the wall time does). ``--log FILE`` appends
each game's result to FILE as it ends; ``--from-log FILE`` prints the figures of the games in
such a file, so a long match can be read before it ends. ``--option NAME=VALUE`` sets one of
the game's options for every game (``--option variant=full`` for Ocean Trader's full game).

Figures:

- ``win_rate_a``: games A finished first in (a shared first place counts for its share),
  with its 95% Wilson interval ``win_rate_a_low`` .. ``win_rate_a_high``;
- ``fair_share``: what a bot no better than the others would get, 1 / players;
- ``margin_a``: A's score less the best score of the others, averaged over the games;
- ``a_seconds_p50``/``_p95`` and ``b_seconds_p50``/``_p95``: CPU seconds a decision took;
- ``a_playouts_p50``/``b_playouts_p50``: a search bot's playouts per decision (decisions
  with a single move, which need none, left out); ``None`` for other bots;
- ``moves``: decisions taken, ``unfinished``: games stopped at the move cap.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import catalog  # noqa: E402
from engine.core import Accepted, Game, registry, step  # noqa: E402
from engine.core.bots import bot_rng  # noqa: E402
from engine.core.errors import OptionError  # noqa: E402
from engine.core.protocol import Bot  # noqa: E402
from engine.core.search import SearchBot  # noqa: E402

MOVE_CAP = 20_000


def make_bot(game: Game[Any], name: str, budget: float) -> Bot:
    """A bot by its bench name (``search``, the game's own) or as hosts name them (``strong``
    is the search bot, ``easy`` the game's standard bot)."""
    name = {"strong": "search", "easy": "standard"}.get(name, name)
    if name == "search":
        return SearchBot(game, game.bots()[game.default_bot()], budget=budget)
    bots = game.bots()
    if name not in bots:
        raise SystemExit(f"{game.name} has no bot {name!r}; it has: "
                         f"{', '.join([*bots, 'search'])}")
    return bots[name]


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(samples: list[float], pct: int) -> float:
    if not samples:
        return 0.0
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(pct / 100 * (len(ordered) - 1)))]


def play(game: Game[Any], players: int, seed: int, a_seat: int, a: Bot, b: Bot,
         times: dict[str, list[float]], playouts: dict[str, list[int]],
         options: dict[str, Any] | None = None) -> tuple[float, float, bool]:
    """One game: (A's share of first place, A's margin, finished). Keeps each decision's CPU
    seconds in ``times`` and a search bot's playouts in ``playouts``."""
    state = game.setup(game.resolve_options(options), players, seed)
    for _ in range(MOVE_CAP):
        if game.outcome(state) is not None:
            break
        seat = min(game.actors(state))
        bot, who = (a, "a") if seat == a_seat else (b, "b")
        started = time.process_time()
        action = bot.choose(game.view(state, seat), game.legal_actions(state, seat),
                            bot_rng(seed, state.version, seat))
        times[who].append(time.process_time() - started)
        if isinstance(bot, SearchBot) and bot.last_playouts:
            playouts[who].append(bot.last_playouts)
        outcome = step(game, state, seat, action, state.version)
        if not isinstance(outcome, Accepted):
            raise SystemExit(f"seed {seed}: a bot chose a refused move: {outcome.message}")
        state = outcome.state
    result = game.outcome(state)
    if result is None:
        return 0.0, 0.0, False
    firsts = [s for s in range(players) if result.ranks[s] == 1]
    share = 1 / len(firsts) if a_seat in firsts else 0.0
    others = max(result.scores[s] for s in range(players) if s != a_seat)
    return share, float(result.scores[a_seat]) - float(others), True


def one_game(game_id: str, a_name: str, b_name: str, players: int, budget: float, seed: int,
             n: int, options: dict[str, str] | None = None
             ) -> tuple[float, float, bool, dict[str, list[float]], dict[str, list[int]]]:
    """Game ``n`` of a match, A in seat ``n % players``; in a process of its own or not."""
    catalog.load()
    game = registry.get(game_id)
    a, b = make_bot(game, a_name, budget), make_bot(game, b_name, budget)
    times: dict[str, list[float]] = {"a": [], "b": []}
    playouts: dict[str, list[int]] = {"a": [], "b": []}
    share, diff, finished = play(game, players, seed + n, n % players, a, b, times, playouts,
                                 options)
    return share, diff, finished, times, playouts


GameResult = tuple[float, float, bool, dict[str, list[float]], dict[str, list[int]]]


def run(game_id: str, a_name: str, b_name: str, games: int, players: int | None,
        budget: float, seed: int, jobs: int = 1, log: Path | None = None,
        options: dict[str, str] | None = None) -> dict[str, Any]:
    """Plays the match; with ``log``, each game's result is also appended to that file as one
    JSON line as soon as it ends, so ``summary`` can tell the figures of a match stopped
    short."""
    catalog.load()
    game = registry.get(game_id)
    seats = players or game.min_players
    make_bot(game, a_name, budget), make_bot(game, b_name, budget)  # unknown names stop here
    try:
        game.resolve_options(options)
    except OptionError as error:
        raise SystemExit(str(error)) from None
    results: list[GameResult] = []
    header = {"game": game_id, "players": seats, "a": a_name, "b": b_name, "seed": seed,
              "budget": budget, "options": dict(options or {})}
    for result in played(jobs, one_game, [(game_id, a_name, b_name, seats, budget, seed, n,
                                           options) for n in range(games)]):
        results.append(result)
        share, diff = result[0], result[1]
        said = "won" if share == 1 else "shared first" if share else "lost"
        print(f"game {len(results)}/{games} ended: A {said} ({diff:+.0f})",
              file=sys.stderr, flush=True)
        if log is not None:
            with log.open("a") as out:
                out.write(json.dumps({**header, "result": result}) + "\n")
    return summary(header, results)


def played(jobs: int, one: Callable[..., GameResult],
           games: list[tuple[Any, ...]]) -> Iterator[GameResult]:
    """Each game's result (``one`` called with the game's arguments) as it ends: one after the
    other, or in ``jobs`` processes."""
    if jobs <= 1:
        for args in games:
            yield one(*args)
        return
    with ProcessPoolExecutor(jobs) as pool:
        for done in as_completed([pool.submit(one, *args) for args in games]):
            yield done.result()


def searching(name: str) -> bool:
    """Whether a match's bot name is a search bot's (bench/hidden.py's "search seeing ..."
    too), whose budget and playouts the figures give."""
    return name.startswith("search")


def summary(header: dict[str, Any], results: list[GameResult]) -> dict[str, Any]:
    """The match's figures from its games' results."""
    a_name, b_name, seats, games = header["a"], header["b"], header["players"], len(results)
    times: dict[str, list[float]] = {"a": [], "b": []}
    playouts: dict[str, list[int]] = {"a": [], "b": []}
    wins = margin = 0.0
    unfinished = 0
    for share, diff, finished, game_times, game_playouts in results:
        wins += share
        margin += diff
        unfinished += not finished
        for who in ("a", "b"):
            times[who] += game_times[who]
            playouts[who] += game_playouts[who]
    low, high = wilson(wins, games)

    def playouts_p50(who: str, name: str) -> float | None:
        return percentile([float(p) for p in playouts[who]], 50) if searching(name) else None

    return {
        "game": header["game"], "players": seats, "a": a_name, "b": b_name, "games": games,
        "seed": header["seed"], "options": header.get("options", {}),
        "budget_s": header["budget"] if searching(a_name) or searching(b_name) else None,
        "win_rate_a": round(wins / games, 3) if games else 0.0,
        "win_rate_a_low": round(low, 3), "win_rate_a_high": round(high, 3),
        "fair_share": round(1 / seats, 3),
        "margin_a": round(margin / games, 2) if games else 0.0,
        "a_seconds_p50": round(percentile(times["a"], 50), 4),
        "a_seconds_p95": round(percentile(times["a"], 95), 4),
        "b_seconds_p50": round(percentile(times["b"], 50), 4),
        "b_seconds_p95": round(percentile(times["b"], 95), 4),
        "a_playouts_p50": playouts_p50("a", a_name),
        "b_playouts_p50": playouts_p50("b", b_name),
        "moves": len(times["a"]) + len(times["b"]),
        "unfinished": unfinished,
    }


def from_log(path: Path) -> dict[str, Any]:
    """The figures of the games a ``--log`` file holds (a match may still be playing)."""
    lines = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    if not lines:
        raise SystemExit(f"{path} holds no game")
    results: list[GameResult] = [tuple(line["result"]) for line in lines]
    return summary(lines[0], results)


def show(figures: dict[str, Any], as_json: bool) -> None:
    """A match's figures on standard output: one JSON line, or a line each."""
    if as_json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            print(f"{key:>16}: {value}")


def parse_options(parser: argparse.ArgumentParser, items: list[str]) -> dict[str, str]:
    """The game options of ``--option NAME=VALUE`` arguments."""
    options: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name:
            parser.error(f"--option takes NAME=VALUE, not {item!r}")
        options[name] = value
    return options


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game")
    parser.add_argument("--a", default="search")
    parser.add_argument("--b", default="standard")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int)
    parser.add_argument("--budget", type=float, default=0.5,
                        help="CPU seconds a search bot may take per move")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1,
                        help="games played at once, each in a process of its own")
    parser.add_argument("--log", type=Path,
                        help="append each game's result to this file as it ends")
    parser.add_argument("--from-log", type=Path,
                        help="print the figures of the games in this --log file, play none")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a game option for every game, e.g. variant=full (repeatable)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    options = parse_options(parser, args.option)
    if args.from_log is None and args.game is None:
        parser.error("--game is needed to play a match")
    if args.from_log is not None:
        figures = from_log(args.from_log)
    else:
        figures = run(args.game, args.a, args.b, args.games, args.players, args.budget,
                      args.seed, max(1, args.jobs), args.log, options)
    show(figures, args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
