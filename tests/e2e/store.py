"""Reading the bot's SQLite file from the test process (read-only), to check what was kept."""

from __future__ import annotations

import sqlite3
from pathlib import Path


def query(db: Path, sql: str, *params: object) -> list[tuple[object, ...]]:
    connection = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=10)
    try:
        return connection.execute(sql, params).fetchall()
    finally:
        connection.close()


def version(db: Path, channel: int) -> int:
    """The version of the channel's newest match (0 when there is none)."""
    rows = query(db, "SELECT version FROM matches WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
                 channel)
    return int(rows[0][0]) if rows else 0  # type: ignore[call-overload]


def actions(db: Path, channel: int) -> int:
    rows = query(db, "SELECT count(*) FROM actions JOIN matches ON matches.id = match_id "
                     "WHERE channel_id = ?", channel)
    return int(rows[0][0])  # type: ignore[call-overload]


def announced(db: Path, channel: int) -> int:
    """The version the channel's newest match was announced up to."""
    rows = query(db, "SELECT announced FROM matches WHERE channel_id = ? ORDER BY id DESC "
                     "LIMIT 1", channel)
    return int(rows[0][0]) if rows else 0  # type: ignore[call-overload]


def public_texts(db: Path, channel: int, upto: int) -> int:
    """How many public lines the channel's newest match's actions wrote, up to version
    ``upto``."""
    import json

    rows = query(db, "SELECT events FROM actions WHERE seq <= ? AND match_id = (SELECT id "
                     "FROM matches WHERE channel_id = ? ORDER BY id DESC LIMIT 1)",
                 upto, channel)
    return sum(1 for (events,) in rows for e in json.loads(str(events))
               if e.get("text") and e.get("to") is None)
