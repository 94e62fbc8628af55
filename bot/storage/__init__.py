"""Durable storage of matches: lobby, seats, action log, snapshots, deadlines and results.

Storage knows nothing of games; it keeps the JSON it is given. See ``Storage``.
"""

from .errors import (
    AlreadySeated,
    ChannelBusy,
    NotFound,
    StaleVersion,
    StorageError,
    TableFull,
    WrongStatus,
)
from .migrate import Migration, apply_migrations, load_migrations
from .repository import Clock, Storage
from .rows import ActionRow, DeadlinePlan, DeadlineRow, DeadlineSpec, Finish, MatchRow, SeatRow

__all__ = [
    "ActionRow",
    "AlreadySeated",
    "ChannelBusy",
    "Clock",
    "DeadlinePlan",
    "DeadlineRow",
    "DeadlineSpec",
    "Finish",
    "MatchRow",
    "Migration",
    "NotFound",
    "SeatRow",
    "StaleVersion",
    "Storage",
    "StorageError",
    "TableFull",
    "WrongStatus",
    "apply_migrations",
    "load_migrations",
]
