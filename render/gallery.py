"""The board images shown in the README: one public board per game, from the middle of a
seeded game between the game's default bots.

Run from the repository root: ``python -m render.gallery [OUT_DIR]`` (default
``docs/boards``). The same seeds give the same pictures, so the images change only when a
board or the rules do.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from engine import catalog as engine_catalog
from engine.core import Accepted, registry, step
from engine.core.bots import bot_rng
from render import catalog

NAMES = ["Anna", "Ben", "Chen", "Dara"]
# game: (players, seed, how far into the game the picture is taken)
SHOWN = {"ships": (3, 7, 0.55), "empires": (4, 7, 0.45), "ocean_trader": (4, 7, 0.35)}


def board(game_id: str) -> bytes:
    players, seed, share = SHOWN[game_id]
    game = registry.get(game_id)
    bot = game.bots()[game.default_bot()]
    state = game.setup({}, players, seed)
    states = [state]
    while game.outcome(state) is None and len(states) < 5000:
        seat = min(game.actors(state))
        action = bot.choose(game.view(state, seat), game.legal_actions(state, seat),
                            bot_rng(seed, state.version, seat))
        outcome = step(game, state, seat, action, state.version)
        assert isinstance(outcome, Accepted), outcome
        state = outcome.state
        states.append(state)
    shown = states[int(share * (len(states) - 1))]
    return catalog.draw(game_id, game.view(shown, None), NAMES[:players])


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m render.gallery",
                                     description="Draw the README's board images.")
    parser.add_argument("out", nargs="?", default="docs/boards", help="folder to write to")
    out = Path(parser.parse_args(argv).out)
    engine_catalog.load()
    out.mkdir(parents=True, exist_ok=True)
    for game_id in SHOWN:
        path = out / f"{game_id}.png"
        path.write_bytes(board(game_id))
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
