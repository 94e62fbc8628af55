"""Errors raised by storage.

Callers branch on the class, so each one names a situation the bot reacts to differently:
a stale move is reported to the player, a busy channel points at the match already there.
"""

from __future__ import annotations


class StorageError(Exception):
    """Base class of every error storage raises on purpose."""


class NotFound(StorageError):
    """The match (or the seat inside it) does not exist."""


class StaleVersion(StorageError):
    """Someone moved first: the expected version is no longer current, or the match is no
    longer active. Nothing was written."""

    def __init__(self, match_id: int, expected: int, current: int, status: str) -> None:
        super().__init__(
            f"match {match_id}: expected version {expected}, but it is at {current} ({status})"
        )
        self.match_id = match_id
        self.expected = expected
        self.current = current
        self.status = status


class ChannelBusy(StorageError):
    """The channel already has a match in the lobby or in play (``match_id``)."""

    def __init__(self, channel_id: int, match_id: int) -> None:
        super().__init__(f"channel {channel_id} already has open match {match_id}")
        self.channel_id = channel_id
        self.match_id = match_id


class WrongStatus(StorageError):
    """The operation is not allowed in the match's current status (joining a started match,
    finishing one that is not active ...)."""

    def __init__(self, match_id: int, status: str, allowed: tuple[str, ...]) -> None:
        super().__init__(f"match {match_id} is {status}; this needs {' or '.join(allowed)}")
        self.match_id = match_id
        self.status = status
        self.allowed = allowed


class AlreadySeated(StorageError):
    """The user already has a seat in this match."""

    def __init__(self, match_id: int, user_id: int) -> None:
        super().__init__(f"user {user_id} is already seated in match {match_id}")
        self.match_id = match_id
        self.user_id = user_id


class TableFull(StorageError):
    """Every seat of the lobby is taken."""

    def __init__(self, match_id: int, seats: int) -> None:
        super().__init__(f"match {match_id} already has {seats} seats")
        self.match_id = match_id
        self.seats = seats


class DatabaseError(StorageError):
    """The database server refused or failed a statement, or the connection to it broke
    (PostgreSQL; SQLite's own errors are ``sqlite3.Error``). The original is the cause."""


class ConstraintViolation(DatabaseError):
    """A statement broke a constraint (a unique index, a foreign key, a CHECK)."""
