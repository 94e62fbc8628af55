"""Bot players. A bot sees exactly what its seat sees: the seat's view and legal actions."""

from __future__ import annotations

from typing import Protocol

from .protocol import Action, Undo, View
from .rng import Rng


class Bot(Protocol):
    def choose(self, view: View, legal: list[Action], rng: Rng) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions (never undo)."""

    def choose(self, view: View, legal: list[Action], rng: Rng) -> Action:
        moves = [a for a in legal if not isinstance(a, Undo)]
        if not moves:
            raise ValueError("a bot was asked to move with no legal action")
        return rng.choice(moves)


def bot_rng(seed: int, version: int, seat: int) -> Rng:
    """The generator a bot uses for one decision: fixed by the match, the position and the seat,
    independent of the game's own dice."""
    return Rng.from_seed(seed).fork((version << 8) | seat)
