"""What only the PostgreSQL backend has: its placeholders, its row locks, its connection to a
server that may drop it, and the setting that chooses it."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TypeVar

import asyncpg
import pytest

from bot.settings import Settings
from bot.storage import StaleVersion, Storage, StorageError, postgres
from bot.storage.postgres import is_url, redacted, translate
from tests.pg import Backend, backend_for

from .helpers import FakeClock, new_active

T = TypeVar("T")


@pytest.fixture
async def pg(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    return await backend_for(request, "postgresql", tmp_path / "unused")


def test_placeholders_are_numbered_in_order() -> None:
    assert translate("SELECT ?, ?, x FROM t WHERE a = ?") == \
        "SELECT $1, $2, x FROM t WHERE a = $3"
    assert translate("DELETE FROM s WHERE id = ?1 AND v < (SELECT max(v) WHERE id = ?1)") == \
        "DELETE FROM s WHERE id = $1 AND v < (SELECT max(v) WHERE id = $1)"


def test_the_setting_takes_a_path_or_a_url(monkeypatch: pytest.MonkeyPatch) -> None:
    assert Settings(_env_file=None).db == Path("var/portolan.sqlite3")  # type: ignore[call-arg]
    monkeypatch.setenv("PORTOLAN_DB", "/srv/portolan/games.sqlite3")
    assert Settings(_env_file=None).db == Path("/srv/portolan/games.sqlite3")  # type: ignore[call-arg]
    url = "postgresql://portolan:secret@db.example:5432/portolan"
    monkeypatch.setenv("PORTOLAN_DB", url)
    assert Settings(_env_file=None).db == url  # type: ignore[call-arg]
    assert is_url(url) and not is_url(Path(url)) and not is_url("games.sqlite3")
    assert redacted(url) == "postgresql://portolan:***@db.example:5432/portolan"


async def test_a_writer_waits_for_the_match_row_and_then_finds_it_moved(
        pg: Backend, clock: FakeClock) -> None:
    """Another connection holding the match's row lock (another process mid-commit) makes a
    write wait, not fail; once it commits, the waiting one sees the new version."""
    async with await Storage.open(pg.target, clock=clock) as store:
        match = await new_active(store)
        other = await asyncpg.connect(str(pg.target))
        try:
            async with other.transaction():
                await other.execute("SELECT 1 FROM matches WHERE id = $1 FOR UPDATE", match.id)
                task = asyncio.create_task(store.append_action(
                    match.id, expected_version=0, seat=0, action={"late": 1}, events=[]))
                await asyncio.sleep(0.2)
                assert not task.done()  # waiting for the row
                await other.execute("UPDATE matches SET version = 1 WHERE id = $1", match.id)
                await other.execute("INSERT INTO actions VALUES ($1, 1, 0, '{}', '[]', 0)",
                                    match.id)
            with pytest.raises(StaleVersion):
                await task
        finally:
            await other.close()
        assert [a.action for a in await store.actions(match.id)] == [{}]


async def test_a_row_held_too_long_fails_the_write_and_changes_nothing(
        pg: Backend, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    """As SQLite's busy timeout: a lock held past the limit (a stuck process) fails the write
    as a StorageError instead of holding the move up for ever."""
    monkeypatch.setattr(postgres, "LOCK_TIMEOUT_MS", 200)
    async with await Storage.open(pg.target, clock=clock) as store:
        match = await new_active(store)
        other = await asyncpg.connect(str(pg.target))
        try:
            async with other.transaction():
                await other.execute("SELECT 1 FROM matches WHERE id = $1 FOR UPDATE", match.id)
                with pytest.raises(StorageError, match="lock"):
                    await store.append_action(match.id, expected_version=0, seat=0,
                                              action={}, events=[])
        finally:
            await other.close()
        assert await store.actions(match.id) == []
        assert await store.append_action(match.id, expected_version=0, seat=0, action={},
                                         events=[]) == 1


async def test_cancelled_while_waiting_for_a_row_leaves_the_connection_clean(
        pg: Backend, clock: FakeClock) -> None:
    async with await Storage.open(pg.target, clock=clock) as store:
        match = await new_active(store)
        other = await asyncpg.connect(str(pg.target))
        try:
            async with other.transaction():
                await other.execute("SELECT 1 FROM matches WHERE id = $1 FOR UPDATE", match.id)
                task = asyncio.create_task(store.append_action(
                    match.id, expected_version=0, seat=0, action={}, events=[]))
                await asyncio.sleep(0.2)
                task.cancel()
                with pytest.raises(asyncio.CancelledError):
                    await task
        finally:
            await other.close()
        assert not store._conn.in_transaction
        assert await store.append_action(match.id, expected_version=0, seat=0,
                                         action={"after": "cancel"}, events=[]) == 1
        assert [a.action for a in await store.actions(match.id)] == [{"after": "cancel"}]


async def test_dropped_connections_fail_a_call_at_most_and_are_opened_again(
        pg: Backend, clock: FakeClock) -> None:
    """The server restarting (here: ending every session) fails at most the call under way,
    as a StorageError (a storage fault to the bot); the next call connects again."""
    async with await Storage.open(pg.target, clock=clock) as store:
        match = await new_active(store)
        for version in range(3):
            await pg.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                             " WHERE datname = current_database() AND pid <> pg_backend_pid()")
            await at_most_one_failure(lambda v=version: store.append_action(
                match.id, expected_version=v, seat=0, action={"n": v}, events=[]))
            found = await at_most_one_failure(lambda: store.get_match(match.id))
            assert found.version == version + 1
        assert [a.action["n"] for a in await store.actions(match.id)] == [0, 1, 2]


async def at_most_one_failure(call: Callable[[], Awaitable[T]]) -> T:
    """The call's result, trying once more if it fails as a StorageError (a connection that
    died under it; whether the client noticed before the call is a matter of timing)."""
    try:
        return await call()
    except StorageError:
        return await call()


async def test_an_unreachable_server_is_a_storage_error(tmp_path: Path) -> None:
    with pytest.raises(StorageError, match="cannot connect"):
        await Storage.open(f"postgresql://nobody@/none?host={tmp_path}")
