"""What all games share: the protocol, ``step``, errors, the PRNG, replay, content, bots."""

from .bots import Bot, RandomBot, bot_rng
from .errors import ContentError, OptionError, Rejection, ReplayError
from .protocol import (
    Action,
    Event,
    Game,
    OptionSpec,
    Outcome,
    Seat,
    State,
    Undo,
    View,
    seat_ref,
)
from .registry import all_games, get, register
from .replay import LogEntry, SetupRecord, replay, replay_from
from .rng import Rng
from .step import Accepted, can_undo, step

__all__ = [
    "Accepted", "Action", "Bot", "ContentError", "Event", "Game", "LogEntry", "OptionError",
    "OptionSpec", "Outcome", "RandomBot", "Rejection", "ReplayError", "Rng", "Seat",
    "SetupRecord", "State", "Undo", "View", "all_games", "bot_rng", "can_undo", "get",
    "register", "replay", "replay_from", "seat_ref", "step",
]
