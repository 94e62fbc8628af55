"""Row types returned by storage, and their conversion from SQLite rows.

Rows are frozen so a caller cannot mistake a copy for a live record: the database is the only
truth, and a changed row is obtained by asking storage again. JSON columns are decoded here so
the rest of the bot never sees serialized text (snapshots excepted: their text is handed back
untouched, for the game layer to parse).
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from typing import Any

STATUSES = ("lobby", "active", "finished", "aborted")
OPEN_STATUSES = ("lobby", "active")


def dumps(value: Any) -> str:
    """Compact, strict JSON (NaN is not JSON, so it is refused rather than stored)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


@dataclass(frozen=True, slots=True)
class MatchRow:
    """A match; ``version`` counts the actions applied since the start."""

    id: int
    channel_id: int
    guild_id: int | None
    game: str
    options: dict[str, Any]
    seed: int
    status: str
    version: int
    rules_version: str
    host_id: int
    settings: dict[str, Any]
    created_at: float
    updated_at: float
    finished_at: float | None

    @classmethod
    def of(cls, row: sqlite3.Row) -> MatchRow:
        return cls(
            id=row["id"],
            channel_id=row["channel_id"],
            guild_id=row["guild_id"],
            game=row["game"],
            options=json.loads(row["options"]),
            seed=row["seed"],
            status=row["status"],
            version=row["version"],
            rules_version=row["rules_version"],
            host_id=row["host_id"],
            settings=json.loads(row["settings"]),
            created_at=row["created_at"],
            updated_at=row["updated_at"],
            finished_at=row["finished_at"],
        )


@dataclass(frozen=True, slots=True)
class SeatRow:
    """A place at the table. ``position`` is join order; ``seat`` is the turn-order seat,
    assigned when the match starts. ``user_id`` is None for a bot seat."""

    match_id: int
    position: int
    seat: int | None
    user_id: int | None
    name: str
    bot: str | None

    @classmethod
    def of(cls, row: sqlite3.Row) -> SeatRow:
        return cls(
            match_id=row["match_id"],
            position=row["position"],
            seat=row["seat"],
            user_id=row["user_id"],
            name=row["name"],
            bot=row["bot"],
        )


@dataclass(frozen=True, slots=True)
class ActionRow:
    """One accepted action; ``seq`` is the version it produced (1 for the first)."""

    match_id: int
    seq: int
    seat: int
    action: dict[str, Any]
    events: list[dict[str, Any]]
    created_at: float

    @classmethod
    def of(cls, row: sqlite3.Row) -> ActionRow:
        return cls(
            match_id=row["match_id"],
            seq=row["seq"],
            seat=row["seat"],
            action=json.loads(row["action"]),
            events=json.loads(row["events"]),
            created_at=row["created_at"],
        )


@dataclass(frozen=True, slots=True)
class DeadlineRow:
    """The pending turn deadline of a match: ``seats`` must act on ``version`` by ``due_at``."""

    match_id: int
    version: int
    seats: list[int]
    due_at: float
    remind_at: float | None
    reminded: bool

    @classmethod
    def of(cls, row: sqlite3.Row) -> DeadlineRow:
        return cls(
            match_id=row["match_id"],
            version=row["version"],
            seats=json.loads(row["seats"]),
            due_at=row["due_at"],
            remind_at=row["remind_at"],
            reminded=bool(row["reminded"]),
        )


def result_of(row: sqlite3.Row) -> dict[str, Any]:
    """A ``results`` row as the plain dict ``Storage.results`` promises."""
    return {
        "match_id": row["match_id"],
        "game": row["game"],
        "finished_at": row["finished_at"],
        "end_reason": row["end_reason"],
        "outcome": json.loads(row["outcome"]),
        "seats": json.loads(row["seats"]),
    }
