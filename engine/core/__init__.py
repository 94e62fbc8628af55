"""What all games share: the protocol, ``step``, errors, the PRNG, replay, rules-version
upgrades, content, bots."""

from .bots import bot_rng
from .errors import ContentError, OptionError, Rejection, ReplayError, RulesVersionError
from .protocol import (
    Action,
    Bot,
    Event,
    Game,
    NotUpgradable,
    OptionSpec,
    Outcome,
    RandomBot,
    Seat,
    State,
    Undo,
    Upgrade,
    VersionStep,
    View,
    copied,
    seat_ref,
)
from .registry import all_games, get, register
from .replay import LogEntry, SetupRecord, event_facts, replay, replay_from
from .rng import Rng
from .step import Accepted, can_undo, step
from .upgrade import (
    check_version_steps,
    upgrade_log,
    version_path,
)

__all__ = [
    "Accepted", "Action", "Bot", "ContentError", "Event", "Game", "LogEntry", "NotUpgradable",
    "OptionError", "OptionSpec", "Outcome", "RandomBot", "Rejection", "ReplayError", "Rng",
    "RulesVersionError", "Seat", "SetupRecord", "State", "Undo", "Upgrade", "VersionStep",
    "View", "all_games", "bot_rng", "can_undo", "check_version_steps", "copied", "event_facts",
    "get", "register", "replay", "replay_from", "seat_ref", "step", "upgrade_log", "version_path",
]
