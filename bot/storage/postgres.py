"""The PostgreSQL connection: the same four calls as the SQLite helpers, through asyncpg.

Storage writes its SQL once, with SQLite's ``?`` placeholders (``?1`` for a numbered one);
here they become PostgreSQL's ``$1, $2 ...``, once per statement text. asyncpg prepares each
statement on first use and keeps it, so a move's few statements are parsed once per
connection. asyncpg's errors leave as :class:`DatabaseError` (a ``StorageError``, which the
bot already treats as a storage fault), a broken constraint as :class:`ConstraintViolation`.

A connection that the server closed (a restart, a failover) is opened again by the next call
made outside a transaction; one that breaks inside a transaction fails that transaction, which
rolls back on the server with the connection.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import asyncpg

from .errors import ConstraintViolation, DatabaseError

URL_SCHEMES = ("postgresql://", "postgres://")

LOCK_TIMEOUT_MS = 5000  # the same wait as SQLite's busy_timeout (db.BUSY_TIMEOUT_MS)

_PLACEHOLDER = re.compile(r"\?(\d*)")

Params = Iterable[Any]

# the connection is gone (the server restarted or ended the session, the network broke)
_LOST = (asyncpg.PostgresConnectionError, asyncpg.exceptions.OperatorInterventionError,
         asyncpg.InternalClientError, OSError)


def is_url(target: object) -> bool:
    """True if ``target`` names a PostgreSQL database rather than a SQLite file."""
    return isinstance(target, str) and target.startswith(URL_SCHEMES)


def translate(sql: str) -> str:
    """``?`` -> ``$n`` (counting), ``?n`` -> ``$n``. Storage's SQL has no ``?`` inside its
    string literals, so no quoting needs to be understood."""
    counter = 0

    def number(match: re.Match[str]) -> str:
        nonlocal counter
        if match.group(1):
            return f"${match.group(1)}"
        counter += 1
        return f"${counter}"

    return _PLACEHOLDER.sub(number, sql)


def redacted(url: str) -> str:
    """The URL without its password, for messages and logs."""
    return re.sub(r"(://[^:/@]+):[^@]*@", r"\1:***@", url)


class PgConnection:
    """One asyncpg connection, used one operation at a time (Storage's locks see to that)."""

    def __init__(self, raw: asyncpg.Connection, url: str) -> None:
        self.raw = raw
        self.url = url
        self._sql: dict[str, str] = {}
        # set by ``db.transaction`` between BEGIN and its end: a connection lost meanwhile
        # is not opened again until then, or the rest would run outside the transaction
        self.transaction_open = False

    @classmethod
    async def open(cls, url: str) -> PgConnection:
        """Connects; a row lock another connection holds is waited for at most
        ``LOCK_TIMEOUT_MS`` (as SQLite waits for the file's write lock), then the statement
        fails as a ``DatabaseError`` rather than waiting for ever."""
        try:
            raw = await asyncpg.connect(url, server_settings={
                "lock_timeout": str(LOCK_TIMEOUT_MS), "application_name": "portolan"})
        except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError) as exc:
            raise DatabaseError(f"cannot connect to {redacted(url)}: {exc}") from exc
        return cls(raw, url)

    @property
    def in_transaction(self) -> bool:
        return bool(self.raw.is_in_transaction())

    async def close(self) -> None:
        if not self.raw.is_closed():
            await self.raw.close()

    def _translated(self, sql: str) -> str:
        found = self._sql.get(sql)
        if found is None:
            found = self._sql[sql] = translate(sql)
        return found

    async def _ready(self) -> asyncpg.Connection:
        if self.raw.is_closed():
            if self.transaction_open:
                raise DatabaseError("the connection to the database was lost mid-transaction")
            self.raw = (await PgConnection.open(self.url)).raw
        return self.raw

    async def _call(self, method: str, sql: str, params: Params) -> Any:
        raw = await self._ready()
        try:
            return await getattr(raw, method)(self._translated(sql), *params)
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise ConstraintViolation(str(exc)) from exc
        except _LOST as exc:
            raw.terminate()  # the next call outside a transaction opens a new one
            raise DatabaseError(f"lost the connection to the database: {exc}") from exc
        except (asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            raise DatabaseError(f"{type(exc).__name__}: {exc}") from exc

    async def fetchone(self, sql: str, params: Params = ()) -> Any:
        return await self._call("fetchrow", sql, tuple(params))

    async def fetchall(self, sql: str, params: Params = ()) -> list[Any]:
        return list(await self._call("fetch", sql, tuple(params)))

    async def execute(self, sql: str, params: Params = ()) -> int:
        """Runs a statement; the number of rows it changed (from the command tag,
        ``UPDATE 3`` / ``INSERT 0 1``; 0 for one that reports none)."""
        tag = await self._call("execute", sql, tuple(params))
        last = str(tag).rsplit(" ", 1)[-1]
        return int(last) if last.isdigit() else 0

    async def insert(self, sql: str, params: Params = ()) -> int:
        """Runs an INSERT into a table with an ``id`` column; returns the new id."""
        value = await self._call("fetchval", f"{sql} RETURNING id", tuple(params))
        if value is None:
            raise DatabaseError("INSERT produced no id")
        return int(value)

    async def copy_rows(self, table: str, columns: list[str],
                        records: list[tuple[Any, ...]]) -> None:
        """Bulk-loads rows into ``table`` (PostgreSQL's COPY, many times faster than INSERTs)."""
        raw = await self._ready()
        try:
            await raw.copy_records_to_table(table, columns=columns, records=records)
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise ConstraintViolation(str(exc)) from exc
        except (asyncpg.PostgresError, asyncpg.InterfaceError, asyncpg.InternalClientError,
                OSError) as exc:
            raise DatabaseError(f"{type(exc).__name__}: {exc}") from exc

    async def script(self, sql: str) -> None:
        """Runs several statements at once (a migration file), without parameters."""
        await self._call("execute", sql, ())
