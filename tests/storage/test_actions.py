"""The action log: optimistic versions, atomic appends, snapshots."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bot.storage import ActionRow, NotFound, StaleVersion, Storage
from tests.pg import Backend

from .helpers import FakeClock, new_active, new_lobby, raw_database


async def test_append_and_read_back(storage: Storage, clock: FakeClock) -> None:
    match = await new_active(storage)
    events: list[dict[str, Any]] = [
        {"type": "moved", "to": [3, 4]},
        {"type": "note", "text": "héllo ⚓"},
    ]
    assert (
        await storage.append_action(
            match.id, expected_version=0, seat=0, action={"move": "a"}, events=events
        )
        == 1
    )
    stamp = clock.now
    assert (
        await storage.append_action(
            match.id, expected_version=1, seat=1, action={"move": "b"}, events=[]
        )
        == 2
    )
    assert (
        await storage.append_action(
            match.id,
            expected_version=2,
            seat=2,
            action={"move": "c"},
            events=[],
            snapshot_json='{"v":3}',
        )
        == 3
    )

    log = await storage.actions(match.id)
    assert [a.seq for a in log] == [1, 2, 3]
    assert log[0] == ActionRow(match.id, 1, 0, {"move": "a"}, events, stamp)
    assert [a.seq for a in await storage.actions(match.id, after=1)] == [2, 3]
    assert await storage.actions(match.id, after=3) == []

    current = await storage.get_match(match.id)
    assert current.version == 3 and current.updated_at == log[-1].created_at


async def test_latest_snapshot(storage: Storage) -> None:
    match = await new_active(storage)
    for version in range(10):
        await storage.append_action(
            match.id,
            expected_version=version,
            seat=0,
            action={"n": version},
            events=[],
            snapshot_json=f'{{"v":{version + 1}}}' if (version + 1) % 4 == 0 else None,
        )
    assert await storage.latest_snapshot(match.id) == (8, '{"v":8}')
    assert await storage.latest_snapshot(match.id, at_most=7) == (4, '{"v":4}')
    assert await storage.latest_snapshot(match.id, at_most=4) == (4, '{"v":4}')
    assert await storage.latest_snapshot(match.id, at_most=3) == (0, '{"turn":0}')
    assert await storage.latest_snapshot(404) is None


async def test_stale_version_changes_nothing(storage: Storage, backend: Backend) -> None:
    match = await new_active(storage)
    await storage.append_action(match.id, expected_version=0, seat=0, action={}, events=[])
    before = await backend.dump()

    for expected in (0, 2, 7):
        with pytest.raises(StaleVersion) as stale:
            await storage.append_action(
                match.id,
                expected_version=expected,
                seat=1,
                action={"late": True},
                events=[],
                snapshot_json="{}",
            )
        assert (stale.value.expected, stale.value.current) == (expected, 1)
    assert await backend.dump() == before


@pytest.mark.parametrize("ending", ["lobby", "finished", "aborted"])
async def test_only_active_matches_take_actions(
    storage: Storage, backend: Backend, ending: str
) -> None:
    if ending == "lobby":
        match = await new_lobby(storage)
    else:
        match = await new_active(storage)
        if ending == "finished":
            await storage.finish_match(match.id, end_reason="won", outcome={}, seats=[])
        else:
            await storage.abort_match(match.id)
    before = await backend.dump()
    with pytest.raises(StaleVersion) as stale:
        await storage.append_action(match.id, expected_version=0, seat=0, action={}, events=[])
    assert stale.value.status == ending
    assert await backend.dump() == before
    with pytest.raises(NotFound):
        await storage.append_action(404, expected_version=0, seat=0, action={}, events=[])


async def test_failure_mid_append_rolls_back_and_retry_succeeds_once(
    storage: Storage, backend: Backend, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = await new_active(storage)
    before = await backend.dump()

    calls: list[int] = []

    async def broken_snapshot(*args: Any) -> None:
        calls.append(1)
        raise OSError("disk on fire")

    # The action row and the version update are already written when the snapshot fails.
    monkeypatch.setattr(storage, "_insert_snapshot", broken_snapshot)
    with pytest.raises(OSError, match="disk on fire"):
        await storage.append_action(
            match.id, expected_version=0, seat=0, action={"a": 1}, events=[], snapshot_json="{}"
        )
    assert calls == [1]
    assert await backend.dump() == before
    assert not storage._conn.in_transaction
    monkeypatch.undo()

    assert (
        await storage.append_action(
            match.id, expected_version=0, seat=0, action={"a": 1}, events=[], snapshot_json="{}"
        )
        == 1
    )
    with pytest.raises(StaleVersion):
        await storage.append_action(
            match.id, expected_version=0, seat=0, action={"a": 1}, events=[], snapshot_json="{}"
        )
    assert [a.action for a in await storage.actions(match.id)] == [{"a": 1}]
    assert (await storage.get_match(match.id)).version == 1
    assert await storage.latest_snapshot(match.id) == (1, "{}")


async def test_unserializable_payload_writes_nothing(storage: Storage, backend: Backend) -> None:
    match = await new_active(storage)
    before = await backend.dump()
    with pytest.raises(TypeError):
        await storage.append_action(
            match.id, expected_version=0, seat=0, action={"a": object()}, events=[]
        )
    with pytest.raises(ValueError):
        await storage.append_action(
            match.id, expected_version=0, seat=0, action={}, events=[{"x": float("nan")}]
        )
    assert await backend.dump() == before
    assert (
        await storage.append_action(match.id, expected_version=0, seat=0, action={}, events=[]) == 1
    )


async def test_cancelled_while_waiting_for_the_lock_leaves_the_connection_clean(
    db_path: Path, clock: FakeClock
) -> None:
    storage = await Storage.open(db_path, clock=clock)
    try:
        await cancelled_while_waiting(storage, db_path)
    finally:
        await storage.close()


async def cancelled_while_waiting(storage: Storage, db_path: Path) -> None:
    match = await new_active(storage)
    with raw_database(db_path) as other:
        other.execute("BEGIN IMMEDIATE")  # another process holds the write lock
        task = asyncio.create_task(
            storage.append_action(match.id, expected_version=0, seat=0, action={}, events=[])
        )
        await asyncio.sleep(0.2)  # the BEGIN is now waiting in SQLite's busy handler
        task.cancel()
        await asyncio.sleep(0.05)
    # The other writer is done: the queued BEGIN now succeeds, after the task was cancelled.
    with pytest.raises(asyncio.CancelledError):
        await task
    # The lock is released; the cancelled append left no transaction open behind it.
    assert (
        await storage.append_action(
            match.id, expected_version=0, seat=0, action={"after": "cancel"}, events=[]
        )
        == 1
    )
    assert [a.action for a in await storage.actions(match.id)] == [{"after": "cancel"}]
