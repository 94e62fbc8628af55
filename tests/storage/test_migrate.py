"""Opening a database: pragmas, migrations in order, each once, each all-or-nothing (on both
backends: ``fresh`` is a new, empty database of each)."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import aiosqlite
import pytest

from bot.storage import Migration, Storage, StorageError, apply_migrations, load_migrations
from bot.storage.db import BUSY_TIMEOUT_MS, Connection, connect, fetchone
from bot.storage.errors import DatabaseError
from bot.storage.postgres import PgConnection
from tests.pg import BACKENDS, Backend, backend_for

from .helpers import FakeClock, raw_database


@pytest.fixture(params=BACKENDS)
async def fresh(request: pytest.FixtureRequest, db_path: Path) -> Backend:
    return await backend_for(request, request.param, db_path, fresh=True)


def dialect(backend: Backend) -> str:
    return backend.name


async def raw_connection(backend: Backend) -> Connection:
    if backend.name == "sqlite":
        return await connect(Path(backend.target))
    return await PgConnection.open(str(backend.target))


async def versions(backend: Backend) -> list[int]:
    return [v for (v,) in await backend.rows("SELECT version FROM schema_version ORDER BY version")]


def tables(path: Path) -> set[str]:
    with raw_database(path) as raw:
        rows = raw.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    return {name for (name,) in rows}


def recorded_versions(path: Path) -> list[int]:
    with raw_database(path) as raw:
        rows = raw.execute("SELECT version FROM schema_version ORDER BY version").fetchall()
    return [version for (version,) in rows]


def test_shipped_migrations_are_numbered_from_one() -> None:
    migrations = load_migrations()
    assert [m.version for m in migrations] == list(range(1, len(migrations) + 1))
    assert migrations[0].name == "initial"


def test_each_dialect_has_the_same_migrations() -> None:
    """A migration written for one backend only would leave the other behind at that number."""
    assert [(m.version, m.name) for m in load_migrations("postgresql")] == \
        [(m.version, m.name) for m in load_migrations()]


async def test_open_creates_directory_and_applies_migrations(db_path: Path) -> None:
    assert not db_path.parent.exists()
    store = await Storage.open(db_path)
    try:
        assert await store.schema_version() == len(load_migrations())
    finally:
        await store.close()
    assert db_path.exists()
    assert recorded_versions(db_path) == [m.version for m in load_migrations()]
    assert {"matches", "seats", "actions", "snapshots", "deadlines", "results"} <= tables(db_path)


async def test_reopening_applies_nothing_twice(fresh: Backend, clock: FakeClock) -> None:
    await (await Storage.open(fresh.target, clock=clock)).close()
    first = await fresh.rows("SELECT * FROM schema_version ORDER BY version")
    assert [row[0] for row in first] == [m.version for m in load_migrations()]

    await (await Storage.open(fresh.target, clock=clock)).close()
    conn = await raw_connection(fresh)
    try:
        assert await apply_migrations(conn, load_migrations(dialect(fresh)), clock) == []
    finally:
        await conn.close()

    assert await fresh.rows("SELECT * FROM schema_version ORDER BY version") == first


async def test_pragmas(db_path: Path) -> None:
    async with await Storage.open(db_path) as storage:
        await check_pragmas(storage, db_path)


async def check_pragmas(storage: Storage, db_path: Path) -> None:
    async def pragma(name: str) -> object:
        row = await fetchone(storage._conn, f"PRAGMA {name}")
        assert row is not None
        return row[0]

    assert await pragma("journal_mode") == "wal"
    assert await pragma("foreign_keys") == 1
    assert await pragma("synchronous") == 1  # NORMAL
    assert await pragma("busy_timeout") == BUSY_TIMEOUT_MS
    # WAL is a property of the file: a fresh connection sees it too.
    with raw_database(db_path) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_each_migration_is_applied_in_order_and_all_or_nothing(
    fresh: Backend, clock: FakeClock
) -> None:
    base = load_migrations(dialect(fresh))
    n = len(base)
    good = Migration(n + 1, "good", "CREATE TABLE extra_a (x INTEGER); -- a comment; still\n")
    broken = Migration(
        n + 2,
        "broken",
        "CREATE TABLE extra_b (x TEXT DEFAULT 'a;b');\nINSERT INTO no_such_table VALUES (1);",
    )
    conn = await raw_connection(fresh)
    try:
        # Handed over out of order: they are still applied by number.
        with pytest.raises((sqlite3.OperationalError, DatabaseError)):
            await apply_migrations(conn, [broken, good, *base], clock)
        assert await versions(fresh) == list(range(1, n + 2))
        assert "extra_a" in await fresh.tables()
        assert "extra_b" not in await fresh.tables()  # its transaction was rolled back

        fixed = Migration(n + 2, "fixed", "CREATE TABLE extra_b (x TEXT DEFAULT 'a;b');")
        assert await apply_migrations(conn, [*base, good, fixed], clock) == [n + 2]
        assert await apply_migrations(conn, [*base, good, fixed], clock) == []
    finally:
        await conn.close()
    assert "extra_b" in await fresh.tables()
    assert await versions(fresh) == list(range(1, n + 3))


async def test_database_newer_than_code_is_refused(fresh: Backend) -> None:
    await (await Storage.open(fresh.target)).close()
    await fresh.execute("INSERT INTO schema_version VALUES (999, 'future', 0)")
    with pytest.raises(StorageError, match="newer"):
        await Storage.open(fresh.target)


async def test_many_connections_opening_a_new_database_at_once_migrate_once(
    fresh: Backend,
) -> None:
    stores = await asyncio.gather(*(Storage.open(fresh.target) for _ in range(6)))
    for store in stores:
        await store.close()
    assert await versions(fresh) == [m.version for m in load_migrations()]


def test_statement_splitting_respects_strings_comments_and_triggers() -> None:
    migration = Migration(
        1,
        "x",
        """
        -- header; with a semicolon
        CREATE TABLE t (a TEXT DEFAULT ';');
        CREATE TRIGGER tr AFTER INSERT ON t BEGIN
            UPDATE t SET a = 'x;y';
            DELETE FROM t WHERE a = '';
        END;
        /* trailing comment */
        """,
    )
    statements = migration.statements()
    assert len(statements) == 2
    assert statements[1].startswith("CREATE TRIGGER") and statements[1].endswith("END;")


async def test_connection_is_usable_directly(db_path: Path) -> None:
    conn = await connect(db_path)
    try:
        assert isinstance(conn, aiosqlite.Connection)
    finally:
        await conn.close()
