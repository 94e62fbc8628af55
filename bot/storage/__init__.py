"""Durable storage of matches: lobby, seats, action log, snapshots, deadlines and results, in
a SQLite file or a PostgreSQL database (``Storage.open(path_or_url)``).

Storage knows nothing of games; it keeps the JSON it is given. See ``Storage``. (Only
``transfer``, the ``migrate-db`` command, replays games through the engine, to check a copy.)
"""

from .errors import (
    AlreadySeated,
    ChannelBusy,
    ConstraintViolation,
    DatabaseError,
    NotFound,
    StaleVersion,
    StorageError,
    TableFull,
    WrongStatus,
)
from .migrate import Migration, apply_migrations, load_migrations
from .repository import Clock, Storage
from .rows import ActionRow, DeadlinePlan, DeadlineRow, DeadlineSpec, Finish, MatchRow, SeatRow
from .shards import Shards

__all__ = [
    "ActionRow",
    "AlreadySeated",
    "ChannelBusy",
    "Clock",
    "ConstraintViolation",
    "DatabaseError",
    "DeadlinePlan",
    "DeadlineRow",
    "DeadlineSpec",
    "Finish",
    "MatchRow",
    "Migration",
    "NotFound",
    "SeatRow",
    "Shards",
    "StaleVersion",
    "Storage",
    "StorageError",
    "TableFull",
    "WrongStatus",
    "apply_migrations",
    "load_migrations",
]
