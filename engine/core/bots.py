"""Bot players. A bot sees exactly what its seat sees: the seat's view and legal actions; the
``Bot`` protocol and ``RandomBot`` are in ``protocol`` (every game offers the random bot)."""

from __future__ import annotations

from .rng import Rng


def bot_rng(seed: int, version: int, seat: int) -> Rng:
    """The generator a bot uses for one decision: fixed by the match, the position and the seat,
    independent of the game's own dice."""
    return Rng.from_seed(seed).fork((version << 8) | seat)
