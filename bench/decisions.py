"""Decisions: what a search's playouts can tell about the moves it chooses between.

Run from the repository root: ``python bench/decisions.py --game ocean_trader --games 10
[--players 2] [--rounds 60] [--candidates 3] [--every 4] [--seed 1] [--option NAME=VALUE ...]
[--json]``.

Game ``n`` is played by the game's default bot in every seat from seed ``seed + n``. At every
``every``-th decision with more than one move, the guide's first ``candidates`` moves (its
choice, then its choice among the rest, as the search ranks them) are each played out
``rounds`` times to the end of the game, on samples of the deciding seat's view, every
candidate on the same sample and dice in a round (as the search plays them). The full-length
playouts are what a search would learn with unlimited time; the same playouts read part way
(the standing after ``h`` turns) are what a search with shorter playouts learns.

Figures:

- ``positions``, ``pairs``: decisions looked at, and (guide's move, other move) pairs;
- ``better``/``worse``: pairs whose other move ends ahead of (behind) the guide's by two
  standard errors, in the deciding seat's final reward (a win 1, a loss 0, ties shared);
- ``paired_sd_ratio``: the median spread of a round's difference between two moves' score
  margins over the spread of one move's margin. 1 means the shared sample and dice do not
  help at all; the rounds a search needs to tell two moves apart grow with its square;
- per horizon ``h`` (``horizons``): ``correlation`` of the pairs' mean differences read at
  ``h`` with those at the end, and ``misled``: pairs read at ``h`` as the other move's by 2.5
  standard errors (as the search puts a move out) whose end says the guide's;
- ``rule_gain``: for a search that plays the other move when it leads by ``z`` standard errors
  over ``n`` rounds, the change in the deciding seat's final reward that this brings, per
  seat and game (every decision counted, ``every`` times the ones looked at), judged on the
  rounds it did not see: what a seat's search would add to its share of wins.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from arena import parse_options  # noqa: E402

from engine import catalog  # noqa: E402
from engine.core import Accepted, Game, registry, step  # noqa: E402
from engine.core.bots import bot_rng  # noqa: E402
from engine.core.errors import OptionError  # noqa: E402
from engine.core.protocol import Action, Seat, State, Undo, View  # noqa: E402
from engine.core.rng import Rng  # noqa: E402
from engine.core.search import (  # noqa: E402
    MAX_PLAYOUT,
    SearchBot,
    _paired,
    _Ranking,
    margin_reward,
    ranks_reward,
)

HORIZONS = (2, 8, 32)
MOVE_CAP = 20_000
RULES = ((10, 2.0), (10, 3.0), (20, 2.0), (20, 3.0))  # (rounds seen, standard errors)

# one round of one candidate: the final reward, the score margin (the seat's final score less
# the best of the others'), and the reward read at each horizon
Round = tuple[float, float, tuple[float, ...]]


def playout(search: SearchBot, view: View, seat: Seat, action: Action, sample_seed: int,
            playout_seed: int, moves_cap: int) -> Round:
    """``action`` played on the sample ``sample_seed`` draws, then the game to its end by the
    game's quick playout moves (as the search plays them)."""
    game = search.game
    state = game.sample_state(view, seat, Rng(state=sample_seed))
    rng = Rng(state=playout_seed)
    game.apply(state, seat, action)
    state.version += 1
    read: dict[int, float] = {}
    for _ in range(moves_cap):
        if game.outcome(state) is not None:
            break
        for h in HORIZONS:
            if h not in read and state.turn >= view.turn + h:
                read[h] = margin_reward(list(game.standing(state)),
                                        game.standing_scale_for(state))[seat]
        turn = search.playout_move(state, rng)
        if turn is None:
            break
        game.apply(state, *turn)
        state.version += 1
    outcome = game.outcome(state)
    if outcome is not None:
        final = ranks_reward([-float(r) for r in outcome.ranks])[seat]
        scores = list(outcome.scores)
    else:  # the move cap: read where it stopped
        final = margin_reward(list(game.standing(state)), game.standing_scale_for(state))[seat]
        scores = list(game.standing(state))
    margin = scores[seat] - max(x for i, x in enumerate(scores) if i != seat)
    return final, margin, tuple(read.get(h, final) for h in HORIZONS)


def positions(game: Game[Any], players: int, seed: int, every: int, candidates: int,
              rounds: int, options: dict[str, Any]) -> list[list[list[Round]]]:
    """One game's looked-at decisions: per decision, per candidate (the guide's first), its
    rounds."""
    guide = game.bots()[game.default_bot()]
    search = SearchBot(game, guide)  # for its playouts' moves
    state: State = game.setup(options, players, seed)
    found: list[list[list[Round]]] = []
    decisions = 0
    for _ in range(MOVE_CAP):
        if game.outcome(state) is not None:
            break
        seat = min(game.actors(state))
        view = game.view(state, seat)
        legal = game.legal_actions(state, seat)
        moves = [a for a in legal if not isinstance(a, Undo)]
        if len(moves) > 1:
            decisions += 1
            if decisions % every == 0:
                ranking = _Ranking(guide, view, moves, bot_rng(seed, state.version, seat))
                tried = [ranking.at(i) for i in range(min(candidates, len(moves)))]
                draws = Rng(state=seed * 1_000_003 + state.version)
                played: list[list[Round]] = [[] for _ in tried]
                for _ in range(rounds):
                    sample_seed, playout_seed = draws.next_u64(), draws.next_u64()
                    for i, action in enumerate(tried):
                        played[i].append(playout(search, view, seat, action, sample_seed,
                                                 playout_seed, MAX_PLAYOUT * 10))
                found.append(played)
        action = guide.choose(view, legal, bot_rng(seed, state.version, seat))
        outcome = step(game, state, seat, action, state.version)
        if not isinstance(outcome, Accepted):
            raise SystemExit(f"seed {seed}: the guide chose a refused move: "
                             f"{outcome.message}")
        state = outcome.state
    return found


def figures(looked: list[list[list[Round]]], seat_games: int, every: int) -> dict[str, Any]:
    """The figures of the module's docstring from the decisions' rounds."""
    pairs = [(p[0], p[i]) for p in looked for i in range(1, len(p))]
    better = worse = 0
    ratios: list[float] = []
    end_means: list[float] = []
    at: dict[int, list[float]] = {h: [] for h in HORIZONS}
    misled = dict.fromkeys(HORIZONS, 0)
    for own, other in pairs:
        a, b = [r[0] for r in other], [r[0] for r in own]
        mean, se = _paired(a, b)
        end_means.append(mean)
        if mean > 2 * se:
            better += 1
        elif mean < -2 * se:
            worse += 1
        margins = [r[1] for r in own]
        spread = statistics.pstdev(margins)
        diff_spread = statistics.pstdev([r[1] - m for r, m in zip(other, margins, strict=True)])
        if spread > 0 and diff_spread > 0:
            ratios.append(diff_spread / spread)
        for k, h in enumerate(HORIZONS):
            m, s = _paired([r[2][k] for r in other], [r[2][k] for r in own])
            at[h].append(m)
            if m > 2.5 * s and mean < 0:
                misled[h] += 1
    return {
        "positions": len(looked), "pairs": len(pairs), "better": better, "worse": worse,
        "paired_sd_ratio": round(statistics.median(ratios), 3) if ratios else None,
        "horizons": {str(h): {"correlation": _correlation(at[h], end_means),
                              "misled": misled[h]} for h in HORIZONS},
        "rule_gain": {f"n={n} z={z}": round(_rule_gain(looked, n, z) * every / max(1, seat_games),
                                            3) for n, z in RULES},
    }


def _correlation(xs: list[float], ys: list[float]) -> float | None:
    if len(xs) < 3 or statistics.pstdev(xs) == 0 or statistics.pstdev(ys) == 0:
        return None
    return round(statistics.correlation(xs, ys), 3)


def _rule_gain(looked: list[list[list[Round]]], n: int, z: float) -> float:
    """What playing the other move on a lead of ``z`` standard errors over the first ``n``
    rounds brings, in final reward judged on the later rounds, summed over the decisions."""
    gain = 0.0
    for candidates in looked:
        rounds = len(candidates[0])
        if rounds < n + 2:
            continue
        own = [r[0] for r in candidates[0]]
        pick, pick_t = 0, z
        for i in range(1, len(candidates)):
            mean, se = _paired([r[0] for r in candidates[i][:n]], own[:n])
            lead = mean / se if se > 0 else math.inf if mean > 0 else 0.0
            if lead > pick_t:
                pick, pick_t = i, lead
        if pick:
            later = [r[0] for r in candidates[pick][n:]]
            gain += _paired(later, own[n:])[0]
    return gain


def run(game_id: str, games: int, players: int | None, rounds: int, candidates: int,
        every: int, seed: int, options: dict[str, str] | None = None) -> dict[str, Any]:
    catalog.load()
    game = registry.get(game_id)
    seats = players or game.min_players
    try:
        resolved = game.resolve_options(options)
    except OptionError as error:
        raise SystemExit(str(error)) from None
    looked: list[list[list[Round]]] = []
    for n in range(games):
        looked += positions(game, seats, seed + n, every, candidates, rounds, resolved)
        print(f"game {n + 1}/{games}: {len(looked)} decisions looked at", file=sys.stderr,
              flush=True)
    return {"game": game_id, "players": seats, "games": games, "rounds": rounds,
            "candidates": candidates, "every": every, "seed": seed,
            "options": dict(options or {}), **figures(looked, games * seats, every)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--players", type=int)
    parser.add_argument("--rounds", type=int, default=60)
    parser.add_argument("--candidates", type=int, default=3)
    parser.add_argument("--every", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a game option for every game, e.g. variant=full (repeatable)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.rounds < 2:
        parser.error("--rounds must be at least 2: a difference's spread needs two rounds")
    options = parse_options(parser, args.option)
    result = run(args.game, args.games, args.players, args.rounds, args.candidates,
                 args.every, args.seed, options)
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key}: {value}")


if __name__ == "__main__":
    main()
