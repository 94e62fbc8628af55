"""Numbered SQL migrations, applied in order when storage opens.

Files are ``migrations/NNNN_name.sql``, numbered from 0001 without gaps. Each one runs in its
own ``BEGIN IMMEDIATE`` transaction together with the row that records it in
``schema_version``, so a migration is either fully applied and recorded or not at all, and two
processes opening the same file at once cannot both apply it (the second re-reads the version
under the lock and skips). A database newer than the code is refused rather than guessed at.

PostgreSQL has its own files beside them, ``NNNN_name.postgresql.sql``, with the same numbers
and names (a test holds the two lists and the schemas they build together); each runs in a
transaction that first takes a database-wide advisory lock, the server's counterpart of
``BEGIN IMMEDIATE`` here.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import resources

from .db import Connection, execute, fetchone, transaction
from .errors import StorageError
from .postgres import PgConnection

_FILE_NAMES = {
    "sqlite": re.compile(r"^(\d{4})_([A-Za-z0-9_]+)\.sql$"),
    "postgresql": re.compile(r"^(\d{4})_([A-Za-z0-9_]+)\.postgresql\.sql$"),
}

# pg_advisory_xact_lock key held while migrating ("PORT" in ASCII)
MIGRATION_LOCK = 0x504F5254

_COMMENTS = re.compile(r"--[^\n]*|/\*.*?(\*/|$)", re.DOTALL)

_BOOTSTRAP = """
CREATE TABLE IF NOT EXISTS schema_version (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at REAL NOT NULL
)
"""

_BOOTSTRAP_POSTGRESQL = """
CREATE TABLE IF NOT EXISTS schema_version (
    version    BIGINT PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at DOUBLE PRECISION NOT NULL
)
"""


@dataclass(frozen=True, slots=True)
class Migration:
    """One migration file: its number, its name and its SQL."""

    version: int
    name: str
    sql: str

    def statements(self) -> list[str]:
        """The SQL split into statements (``sqlite3.complete_statement`` knows about strings,
        comments and trigger bodies, so a ``;`` inside them does not split)."""
        statements: list[str] = []
        buffer = ""
        for piece in self.sql.split(";"):
            buffer += piece + ";"
            if sqlite3.complete_statement(buffer):
                if _has_code(buffer):
                    statements.append(buffer.strip())
                buffer = ""
        if _has_code(buffer):
            raise StorageError(f"migration {self.version:04d}: unterminated statement")
        return statements


def _has_code(sql: str) -> bool:
    """True unless ``sql`` is only whitespace, comments and semicolons. (A comment marker inside
    a string may be stripped too, but a real statement has keywords outside its strings.)"""
    without_comments = _COMMENTS.sub("", sql)
    return bool(without_comments.replace(";", "").strip())


def load_migrations(dialect: str = "sqlite") -> list[Migration]:
    """The migrations shipped in this package for ``dialect`` ("sqlite" or "postgresql"), in
    order; checks the numbering."""
    folder = resources.files(__package__).joinpath("migrations")
    found: list[Migration] = []
    for entry in folder.iterdir():
        match = _FILE_NAMES[dialect].match(entry.name)
        if match:
            found.append(
                Migration(int(match.group(1)), match.group(2), entry.read_text(encoding="utf-8"))
            )
    found.sort(key=lambda m: m.version)
    numbers = [m.version for m in found]
    if numbers != list(range(1, len(found) + 1)):
        raise StorageError(f"migrations must be numbered 1..n without gaps, found {numbers}")
    return found


async def current_version(conn: Connection) -> int:
    """The highest applied migration (0 for a new database)."""
    row = await fetchone(conn, "SELECT COALESCE(MAX(version), 0) FROM schema_version")
    return int(row[0]) if row else 0


def _check_not_newer(version: int, migrations: Sequence[Migration]) -> None:
    known = max((m.version for m in migrations), default=0)
    if version > known:
        raise StorageError(
            f"database schema is at version {version}, newer than this code ({known})"
        )


async def apply_migrations(
    conn: Connection, migrations: Sequence[Migration], clock: Callable[[], float]
) -> list[int]:
    """Applies the migrations the database lacks; returns the numbers applied."""
    if isinstance(conn, PgConnection):
        return await _apply_postgresql(conn, migrations, clock)
    await execute(conn, _BOOTSTRAP)
    _check_not_newer(await current_version(conn), migrations)
    applied: list[int] = []
    # A migration may rebuild a table others refer to (SQLite's way to change a constraint);
    # with foreign keys on, dropping the old table would cascade into its children. They are
    # off while migrating (the pragma cannot change inside a transaction) and checked whole
    # before each migration commits.
    await execute(conn, "PRAGMA foreign_keys = OFF")
    try:
        for migration in sorted(migrations, key=lambda m: m.version):
            async with transaction(conn):
                if not _due(migration, await current_version(conn)):
                    continue
                for statement in migration.statements():
                    await execute(conn, statement)
                broken = await fetchone(conn, "PRAGMA foreign_key_check")
                if broken is not None:
                    raise StorageError(
                        f"migration {migration.version:04d} breaks a foreign key "
                        f"({broken[0]} row {broken[1]} -> {broken[2]})"
                    )
                await execute(
                    conn,
                    "INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?)",
                    (migration.version, migration.name, clock()),
                )
            applied.append(migration.version)
    finally:
        await execute(conn, "PRAGMA foreign_keys = ON")
    return applied


def _due(migration: Migration, version: int) -> bool:
    """Whether ``migration`` is still to apply on a database at ``version``; one that would
    skip a number is refused."""
    if migration.version <= version:
        return False
    if migration.version != version + 1:
        raise StorageError(f"migration {migration.version:04d} cannot follow version {version}")
    return True


async def _apply_postgresql(
    conn: PgConnection, migrations: Sequence[Migration], clock: Callable[[], float]
) -> list[int]:
    async with transaction(conn):
        # two processes creating schema_version at once would collide in the catalog
        await execute(conn, "SELECT pg_advisory_xact_lock(?)", (MIGRATION_LOCK,))
        await execute(conn, _BOOTSTRAP_POSTGRESQL)
        _check_not_newer(await current_version(conn), migrations)
    applied: list[int] = []
    for migration in sorted(migrations, key=lambda m: m.version):
        async with transaction(conn):
            await execute(conn, "SELECT pg_advisory_xact_lock(?)", (MIGRATION_LOCK,))
            if not _due(migration, await current_version(conn)):
                continue
            await conn.script(migration.sql)  # foreign keys are checked as each statement runs
            await execute(
                conn,
                "INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?)",
                (migration.version, migration.name, clock()),
            )
        applied.append(migration.version)
    return applied
