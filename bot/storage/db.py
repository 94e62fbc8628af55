"""The SQLite connection and the transaction helper everything else builds on.

The connection runs in autocommit mode (``isolation_level=None``) so that every transaction is
opened explicitly, as ``BEGIN IMMEDIATE``: the write lock is taken before the first read, so a
check such as "is the version still 7?" cannot be invalidated by another writer before the
transaction commits. Another process holding the lock makes us wait (``busy_timeout``) rather
than fail at once.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from .errors import StorageError

BUSY_TIMEOUT_MS = 5000

Params = Iterable[Any]


async def connect(path: Path) -> aiosqlite.Connection:
    """Opens ``path`` (creating its directory) with the pragmas the design relies on:
    WAL so readers never block the writer, foreign keys enforced, ``synchronous=NORMAL``
    (durable across process crashes; a power cut may lose the last commits, never corrupt)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = await aiosqlite.connect(path, isolation_level=None)
    try:
        conn.row_factory = sqlite3.Row
        await conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        mode = await _enable_wal(conn)
        if mode != "wal":
            raise StorageError(f"could not put {path.name} in WAL mode (got {mode})")
        await conn.execute("PRAGMA foreign_keys = ON")
        await conn.execute("PRAGMA synchronous = NORMAL")
    except BaseException:
        await conn.close()
        raise
    return conn


async def _enable_wal(conn: aiosqlite.Connection) -> str:
    """Switches the file to WAL and returns the journal mode now in force. Switching needs an
    exclusive lock and SQLite reports "locked" at once instead of calling the busy handler, so
    two processes creating the same new file retry here for up to the busy timeout."""
    loop = asyncio.get_running_loop()
    give_up = loop.time() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            row = await fetchone(conn, "PRAGMA journal_mode = WAL")
            return str(row[0]).lower() if row else "unknown"
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or loop.time() > give_up:
                raise
            await asyncio.sleep(0.01)


@asynccontextmanager
async def transaction(conn: aiosqlite.Connection) -> AsyncIterator[aiosqlite.Connection]:
    """``BEGIN IMMEDIATE`` ... ``COMMIT``; any exception (cancellation included) rolls back and
    propagates, so a failed operation leaves no trace and the connection is usable again.

    The BEGIN is inside the ``try`` on purpose: a task cancelled while waiting for another
    writer's lock stops waiting, but its queued BEGIN still runs on aiosqlite's thread later;
    the rollback, queued behind it, closes that transaction again."""
    try:
        await execute(conn, "BEGIN IMMEDIATE")
        yield conn
        await execute(conn, "COMMIT")
    except BaseException:
        # Shielded so that a second cancellation cannot skip it. Rolling back when no
        # transaction is open (BEGIN itself failed) does nothing.
        await asyncio.shield(conn.rollback())
        raise


async def fetchone(conn: aiosqlite.Connection, sql: str, params: Params = ()) -> sqlite3.Row | None:
    """The first row of a query, or None."""
    async with conn.execute(sql, tuple(params)) as cursor:
        row: sqlite3.Row | None = await cursor.fetchone()
        return row


async def fetchall(conn: aiosqlite.Connection, sql: str, params: Params = ()) -> list[sqlite3.Row]:
    """Every row of a query."""
    async with conn.execute(sql, tuple(params)) as cursor:
        return list(await cursor.fetchall())


async def execute(conn: aiosqlite.Connection, sql: str, params: Params = ()) -> int:
    """Runs a statement; returns the number of rows it changed."""
    async with conn.execute(sql, tuple(params)) as cursor:
        return int(cursor.rowcount)


async def insert(conn: aiosqlite.Connection, sql: str, params: Params = ()) -> int:
    """Runs an INSERT; returns the new row's rowid."""
    async with conn.execute(sql, tuple(params)) as cursor:
        rowid = cursor.lastrowid
    if rowid is None:
        raise StorageError("INSERT produced no rowid")
    return rowid
