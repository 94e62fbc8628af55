"""A throwaway PostgreSQL server for the tests, and one way to reach either backend's rows.

One server per test process (each pytest-xdist worker has its own), started from the
PostgreSQL binaries on this machine into a temporary folder, listening only on a Unix socket
there, with durability off (``fsync``, ``synchronous_commit`` and full-page writes: a crash
loses a test run, never a real game). Storage tests share one migrated database, emptied
before each test; a test that needs a database of its own (migrations) asks for one.

PostgreSQL refuses to run as root: run as root, the server runs as the unprivileged user
``postgres`` (or ``nobody``).

No binaries found, or a server that will not start: the PostgreSQL tests are skipped with the
reason and how to enable them, unless ``PORTOLAN_TEST_POSTGRES=require`` (as in ``.ci/run``)
turns that into a failure. ``PORTOLAN_TEST_POSTGRES=off`` skips them on purpose (a quicker
run); ``PORTOLAN_TEST_POSTGRES_BIN`` names the folder of the binaries (only it is tried).
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import sqlite3
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.storage import Storage
from bot.storage.postgres import translate

REQUIRE = "PORTOLAN_TEST_POSTGRES"
BIN = "PORTOLAN_TEST_POSTGRES_BIN"
HOW_TO_ENABLE = (
    "install PostgreSQL (e.g. apt install postgresql, brew install postgresql) or set "
    f"{BIN} to the folder holding initdb and pg_ctl; {REQUIRE}=require makes this a failure"
)
BACKENDS = ("sqlite", "postgresql")


def _bin_dir() -> Path | None:
    candidates = []
    if os.environ.get(BIN):  # only there, when given
        candidates.append(os.environ[BIN])
    else:
        candidates += _usual_places()
    for folder in candidates:
        if (Path(folder) / "initdb").exists() and (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    return None


def _usual_places() -> list[str]:
    candidates = []
    on_path = shutil.which("initdb")
    if on_path:
        candidates.append(str(Path(on_path).parent))
    # Debian and Ubuntu keep them out of PATH, one folder per major version
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)
    return candidates


def _server_user() -> str | None:
    """The user the server runs as: ourselves, unless we are root."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
            return name
        except KeyError:
            continue
    return None


@dataclass
class PgServer:
    """A running throwaway server; ``url(name)`` reaches one of its databases."""

    folder: Path
    bin_dir: Path
    user: str | None
    databases: int = 0
    _migrated: bool = field(default=False)
    _emptying: str = ""  # the statements that empty the shared database

    @classmethod
    def start(cls, durable: bool = False) -> PgServer:
        """A new server; ``durable`` keeps PostgreSQL's own durability settings (for
        benchmarks that should see a real server's commit cost)."""
        if os.environ.get(REQUIRE) == "off":
            raise RuntimeError(f"turned off by {REQUIRE}=off")
        bin_dir = _bin_dir()
        if bin_dir is None:
            raise RuntimeError("no PostgreSQL server binaries found")
        user = _server_user()
        if os.geteuid() == 0 and user is None:
            raise RuntimeError("running as root and no unprivileged user to run PostgreSQL as")
        # a short path: a Unix socket's name is limited to about 100 characters
        folder = Path(tempfile.mkdtemp(prefix="portolan-pg-"))
        if user is not None:
            entry = pwd.getpwnam(user)
            os.chown(folder, entry.pw_uid, entry.pw_gid)
        server = cls(folder, bin_dir, user)
        try:
            server._run("initdb", "-D", str(folder / "data"), "-U", "portolan", "--auth=trust",
                        "-E", "UTF8", "--no-sync", "--no-instructions")
            options = f"-k {folder} -c listen_addresses= -c max_connections=200"
            if not durable:
                options += (" -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
                            " -c shared_buffers=32MB")
            server._run("pg_ctl", "-D", str(folder / "data"), "-l", str(folder / "log"),
                        "-w", "-s", "-o", options, "start")
        except BaseException:
            shutil.rmtree(folder, ignore_errors=True)
            raise
        return server

    def _run(self, program: str, *args: str) -> None:
        user = self.user
        done = subprocess.run(
            [str(self.bin_dir / program), *args], capture_output=True, text=True, timeout=60,
            cwd=self.folder, user=user, group=pwd.getpwnam(user).pw_gid if user else None,
            extra_groups=[] if user else None,
        )
        if done.returncode != 0:
            raise RuntimeError(f"{program} failed: {done.stderr.strip() or done.stdout.strip()}")

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "-s", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://portolan@/{database}?host={self.folder}"

    async def new_database(self) -> str:
        """The URL of a new, empty database."""
        self.databases += 1
        name = f"fresh_{self.databases}"
        conn = await asyncpg.connect(self.url())
        try:
            await conn.execute(f"CREATE DATABASE {name}")
        finally:
            await conn.close()
        return self.url(name)

    async def shared_database(self) -> str:
        """The URL of the migrated database the tests share, emptied (ids from 1 again)."""
        url = self.url("portolan")
        if not self._migrated:
            conn = await asyncpg.connect(self.url())
            try:
                await conn.execute("CREATE DATABASE portolan")
            finally:
                await conn.close()
            await (await Storage.open(url)).close()
            self._migrated = True
            return url
        conn = await asyncpg.connect(url)
        try:
            if not self._emptying:
                tables = [row[0] for row in await conn.fetch(
                    "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"
                    " AND tablename <> 'schema_version' ORDER BY tablename <> 'matches'")]
                sequences = [row[0] for row in await conn.fetch(
                    "SELECT sequencename FROM pg_sequences WHERE schemaname = 'public'")]
                # A few rows are deleted many times faster than TRUNCATE makes new files
                # (matches first: most tables follow it by ON DELETE CASCADE); a test that
                # left a transaction open fails here rather than hanging.
                self._emptying = "; ".join(
                    ["SET lock_timeout = '5s'"] + [f"DELETE FROM {t}" for t in tables]
                    + [f"ALTER SEQUENCE {s} RESTART" for s in sequences])
            await conn.execute(self._emptying)
        finally:
            await conn.close()
        return url


@pytest.fixture(scope="session")
def postgres() -> Iterator[PgServer | str]:
    """The test process's server, or why there is none (started on first use)."""
    try:
        server: PgServer | str = PgServer.start()
    except (RuntimeError, OSError, subprocess.SubprocessError) as exc:
        server = str(exc)
    try:
        yield server
    finally:
        if isinstance(server, PgServer):
            server.stop()


def require_server(request: pytest.FixtureRequest) -> PgServer:
    """The session's server; skips the test (fails it, if required) when there is none."""
    server = request.getfixturevalue("postgres")
    if isinstance(server, PgServer):
        return server
    message = f"PostgreSQL tests need a server: {server}; {HOW_TO_ENABLE}"
    if os.environ.get(REQUIRE) == "require":
        pytest.fail(message)
    pytest.skip(message)


# --- either backend, from beside the code under test ---------------------------------------


class Backend:
    """A database under test, and a second way into it: what is really committed, read and
    written without the code under test. SQL is written with ``?`` placeholders."""

    name: str

    @property
    def target(self) -> str | Path:
        raise NotImplementedError

    async def rows(self, sql: str, *params: Any) -> list[tuple[Any, ...]]:
        raise NotImplementedError

    async def execute(self, sql: str, *params: Any) -> None:
        raise NotImplementedError

    async def tables(self) -> list[str]:
        raise NotImplementedError

    async def dump(self) -> dict[str, list[tuple[Any, ...]]]:
        """Every row of every table."""
        return {name: sorted(await self.rows(f"SELECT * FROM {name}"), key=repr)
                for name in await self.tables()}

    async def count(self, table: str, match_id: int) -> int:
        found = await self.rows(f"SELECT count(*) FROM {table} WHERE match_id = ?", match_id)
        return int(found[0][0])


class SqliteBackend(Backend):
    name = "sqlite"

    def __init__(self, path: Path) -> None:
        self.path = path

    @property
    def target(self) -> Path:
        return self.path

    async def rows(self, sql: str, *params: Any) -> list[tuple[Any, ...]]:
        with closing(sqlite3.connect(self.path)) as raw:
            return [tuple(row) for row in raw.execute(sql, params).fetchall()]

    async def execute(self, sql: str, *params: Any) -> None:
        with closing(sqlite3.connect(self.path)) as raw, raw:
            raw.execute(sql, params)

    async def tables(self) -> list[str]:
        found = await self.rows("SELECT name FROM sqlite_master WHERE type = 'table'"
                                " ORDER BY name")
        return [name for (name,) in found]


class PostgresBackend(Backend):
    name = "postgresql"

    def __init__(self, url: str) -> None:
        self.url = url

    @property
    def target(self) -> str:
        return self.url

    async def rows(self, sql: str, *params: Any) -> list[tuple[Any, ...]]:
        conn = await asyncpg.connect(self.url)
        try:
            return [tuple(row) for row in await conn.fetch(translate(sql), *params)]
        finally:
            await conn.close()

    async def execute(self, sql: str, *params: Any) -> None:
        conn = await asyncpg.connect(self.url)
        try:
            await conn.execute(translate(sql), *params)
        finally:
            await conn.close()

    async def tables(self) -> list[str]:
        found = await self.rows("SELECT tablename FROM pg_tables WHERE schemaname = 'public'"
                                " ORDER BY tablename")
        return [name for (name,) in found]


async def backend_for(request: pytest.FixtureRequest, name: str, sqlite_path: Path,
                      fresh: bool = False) -> Backend:
    """The backend ``name`` for one test: a SQLite file at ``sqlite_path`` (not created yet),
    or the shared PostgreSQL database emptied (``fresh``: a new database of its own)."""
    if name == "sqlite":
        return SqliteBackend(sqlite_path)
    server = require_server(request)
    return PostgresBackend(await server.new_database() if fresh
                           else await server.shared_database())
