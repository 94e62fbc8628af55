"""The connection and the transaction helper everything else builds on, for SQLite (the
default) and PostgreSQL (``postgres.PgConnection``): the helpers below take either.

SQLite:

The connection runs in autocommit mode (``isolation_level=None``) so that every transaction is
opened explicitly, as ``BEGIN IMMEDIATE``: the write lock is taken before the first read, so a
check such as "is the version still 7?" cannot be invalidated by another writer before the
transaction commits. Another process holding the lock makes us wait (``busy_timeout``) rather
than fail at once.

PostgreSQL: plain ``BEGIN`` (READ COMMITTED); the writes that check a match's state first lock
its row (``Dialect.for_update``), which serializes them per match across connections and
processes the way ``BEGIN IMMEDIATE`` does for the whole file.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import aiosqlite

from .errors import ConstraintViolation, StorageError
from .postgres import PgConnection

BUSY_TIMEOUT_MS = 5000

Params = Iterable[Any]

Connection = aiosqlite.Connection | PgConnection

# what a broken unique index or CHECK raises, on either backend
INTEGRITY_ERRORS = (sqlite3.IntegrityError, ConstraintViolation)


class Row(Protocol):
    """A result row, by column name or position (``sqlite3.Row``, ``asyncpg.Record``)."""

    def __getitem__(self, key: str | int, /) -> Any: ...


@dataclass(frozen=True, slots=True)
class Dialect:
    """The few pieces of SQL that differ between the backends."""

    name: str
    greatest: str  # the larger of two values
    for_update: str  # appended to a SELECT that reads a row the transaction will change
    indexed_by: str  # ``{}``: an index SQLite must be told to use; PostgreSQL plans alone

    def index(self, name: str) -> str:
        return self.indexed_by.format(name)


SQLITE = Dialect("sqlite", greatest="max", for_update="", indexed_by="INDEXED BY {}")
POSTGRESQL = Dialect("postgresql", greatest="greatest", for_update=" FOR UPDATE", indexed_by="")


def dialect_of(conn: Connection) -> Dialect:
    return POSTGRESQL if isinstance(conn, PgConnection) else SQLITE


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
async def transaction(conn: Connection) -> AsyncIterator[Connection]:
    """``BEGIN IMMEDIATE`` (PostgreSQL: ``BEGIN``) ... ``COMMIT``; any exception (cancellation
    included) rolls back and propagates, so a failed operation leaves no trace and the
    connection is usable again.

    The BEGIN is inside the ``try`` on purpose: a task cancelled while waiting for another
    writer's lock stops waiting, but its queued BEGIN still runs on aiosqlite's thread later;
    the rollback, queued behind it, closes that transaction again."""
    if isinstance(conn, PgConnection):
        async with _pg_transaction(conn):
            yield conn
        return
    try:
        await execute(conn, "BEGIN IMMEDIATE")
        yield conn
        await execute(conn, "COMMIT")
    except BaseException:
        # Shielded so that a second cancellation cannot skip it. Rolling back when no
        # transaction is open (BEGIN itself failed) does nothing.
        await asyncio.shield(conn.rollback())
        raise


@asynccontextmanager
async def _pg_transaction(conn: PgConnection) -> AsyncIterator[None]:
    """The same on PostgreSQL. A statement cancelled while it waits (for a row lock) is
    cancelled on the server too by asyncpg; the rollback after it ends the transaction."""
    try:
        await execute(conn, "BEGIN")
        conn.transaction_open = True
        yield
        await execute(conn, "COMMIT")
    except BaseException:
        await asyncio.shield(_pg_rollback(conn))
        raise
    finally:
        conn.transaction_open = False


async def _pg_rollback(conn: PgConnection) -> None:
    if not conn.raw.is_closed() and conn.in_transaction:
        await conn.execute("ROLLBACK")


@asynccontextmanager
async def attempt(conn: Connection) -> AsyncIterator[None]:
    """A statement that may break a constraint, the transaction going on if it does.
    PostgreSQL fails the whole transaction on an error, so the statement runs inside a
    savepoint; SQLite undoes only the failing statement by itself."""
    if not isinstance(conn, PgConnection):
        yield
        return
    await execute(conn, "SAVEPOINT attempt")
    try:
        yield
    except BaseException:
        await execute(conn, "ROLLBACK TO SAVEPOINT attempt")
        raise
    await execute(conn, "RELEASE SAVEPOINT attempt")


async def fetchone(conn: Connection, sql: str, params: Params = ()) -> Row | None:
    """The first row of a query, or None."""
    if isinstance(conn, PgConnection):
        row: Row | None = await conn.fetchone(sql, params)
        return row
    async with conn.execute(sql, tuple(params)) as cursor:
        found: sqlite3.Row | None = await cursor.fetchone()
        return found


async def fetchall(conn: Connection, sql: str, params: Params = ()) -> list[Row]:
    """Every row of a query."""
    if isinstance(conn, PgConnection):
        return await conn.fetchall(sql, params)
    async with conn.execute(sql, tuple(params)) as cursor:
        return list(await cursor.fetchall())


async def execute(conn: Connection, sql: str, params: Params = ()) -> int:
    """Runs a statement; returns the number of rows it changed."""
    if isinstance(conn, PgConnection):
        return await conn.execute(sql, params)
    async with conn.execute(sql, tuple(params)) as cursor:
        return int(cursor.rowcount)


async def insert(conn: Connection, sql: str, params: Params = ()) -> int:
    """Runs an INSERT; returns the new row's rowid (PostgreSQL: its ``id``)."""
    if isinstance(conn, PgConnection):
        return await conn.insert(sql, params)
    async with conn.execute(sql, tuple(params)) as cursor:
        rowid = cursor.lastrowid
    if rowid is None:
        raise StorageError("INSERT produced no rowid")
    return rowid
