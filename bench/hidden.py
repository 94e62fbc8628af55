"""Hidden information: what seeing what its seat cannot see would be worth to the search bot.

Run from the repository root: ``python bench/hidden.py --game ocean_trader --sees all
--games 20 [--players 2] [--budget 0.5] [--seed 1] [--jobs 1] [--option NAME=VALUE ...]
[--json]``.

A match as ``bench/arena.py`` plays it (seats rotated, game ``n`` from seed ``seed + n``),
the search bot against the game's default bot, except that the search plays its playouts on
more than its seat's view tells (``--sees``):

- ``nothing``: its own samples of the view, as the search bot always plays (the arena's
  ``search``);
- ``dice``: its own samples, but with the game's true generator, so that every playout throws
  the dice the game will throw (as long as it draws them in the same order);
- ``secrets``: its own samples, but with the other players' secrets as they are (in Ocean
  Trader their cash and certificates, which a player who counts every announced dealing
  knows in the short game), the decks still shuffled, fresh dice;
- ``cards``: the true state (the decks in their order, the others' secrets), fresh dice;
- ``all``: the true state and its generator: the hidden cards and the dice to come.

No bot a player can seat reads any of this; the bench says how much of the distance between
the search and a perfect player is luck that no fair player can see coming. It prints the
arena's figures.
"""

from __future__ import annotations

import argparse
import copy
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from arena import GameResult, make_bot, parse_options, play, played, show, summary  # noqa: E402

from engine import catalog  # noqa: E402
from engine.core import Game, registry  # noqa: E402
from engine.core.protocol import Seat, State, View  # noqa: E402
from engine.core.rng import Rng  # noqa: E402

SEES = ("nothing", "dice", "secrets", "cards", "all")
# the fields of a game's state that hold what the other players keep to themselves, apart from
# any cards (``--sees secrets``): in Ocean Trader their offices, cash and certificates with
# them, and so what the Banker keeps of the certificates
SECRETS: dict[str, tuple[str, ...]] = {"ocean_trader": ("players", "banker_shares")}


class Seeing:
    """The game as the search plays it, with ``sample_state`` answering from the true state,
    which ``view`` notes each time the table asks for a seat's view (just before that seat's
    bot chooses). Everything else is the game's own."""

    def __init__(self, game: Game[Any], sees: str) -> None:
        self._game, self._sees = game, sees
        self._state: State | None = None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def view(self, state: State, seat: Seat | None) -> View:
        self._state = state
        return self._game.view(state, seat)

    def sample_state(self, view: View, seat: Seat, rng: Rng) -> State:
        true = self._state
        if self._sees == "nothing" or true is None:
            return self._game.sample_state(view, seat, rng)
        if self._sees in ("dice", "secrets"):
            sample = self._game.sample_state(view, seat, rng)
            if self._sees == "dice":
                sample.rng = true.rng.model_copy(deep=True)
            else:
                for name in SECRETS[self._game.id]:
                    setattr(sample, name, copy.deepcopy(getattr(true, name)))
            return sample
        state = true.model_copy(deep=True)
        if self._sees == "cards":
            state.rng = Rng(state=rng.next_u64())
        return state


def one_game(game_id: str, sees: str, players: int, budget: float, seed: int, n: int,
             options: dict[str, str]) -> GameResult:
    catalog.load()
    game = registry.get(game_id)
    seeing = Seeing(game, sees)
    a = make_bot(seeing, "search", budget)  # type: ignore[arg-type]
    b = make_bot(game, game.default_bot(), budget)
    times: dict[str, list[float]] = {"a": [], "b": []}
    playouts: dict[str, list[int]] = {"a": [], "b": []}
    share, diff, finished = play(seeing, players, seed + n, n % players, a, b,  # type: ignore[arg-type]
                                 times, playouts, options)
    return share, diff, finished, times, playouts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--sees", choices=SEES, default="all")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int)
    parser.add_argument("--budget", type=float, default=0.5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.sees == "secrets" and args.game not in SECRETS:
        parser.error(f"--sees secrets knows the secrets of {', '.join(sorted(SECRETS))} only")
    options = parse_options(parser, args.option)
    catalog.load()
    game = registry.get(args.game)
    seats = args.players or game.min_players
    jobs = [(args.game, args.sees, seats, args.budget, args.seed, n, options)
            for n in range(args.games)]
    results = list(played(max(1, args.jobs), one_game, jobs))
    header = {"game": args.game, "players": seats, "a": f"search seeing {args.sees}",
              "b": game.default_bot(), "seed": args.seed, "budget": args.budget,
              "options": options}
    show(summary(header, results), args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
