"""The warning that a game's channel is out of reach, told to its players once in each stretch
of it: storage lists the games whose players are to be told, lets one caller claim it (for a
while: a claim that runs out is claimed again), remembers that it was sent across restarts and
processes, and forgets it with the stretch (a post that gets through, a refusal of another
kind), so a channel lost again is told of again."""

from __future__ import annotations

import asyncio
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

import bot.storage.repository as repository_module
from bot.storage import Shards, Storage
from tests.pg import Backend

from .helpers import FakeClock, new_active
from .test_query_plans import HELPERS, NOT_EXPLAINED, Trace, capturing, full_scans

LEASE = 300.0
GONE = "channel 100: 404 10003"


async def lost(storage: Storage, clock: FakeClock, channel_id: int = 100) -> int:
    """An active match whose channel was found out of reach a minute ago."""
    match = await new_active(storage, channel_id=channel_id)
    await storage.record_delivery_problem(match.id, 0, f"channel {channel_id}: 404 10003",
                                          lost=True)
    clock.advance(60)
    return match.id


async def claim(storage: Storage, clock: FakeClock, match_id: int) -> float | None:
    return await storage.claim_lost_warning(match_id, before=clock.now, now=clock.now,
                                            until=clock.now + LEASE)


async def test_a_lost_channel_is_told_of_once(storage: Storage, backend: Backend,
                                             clock: FakeClock) -> None:
    match_id = await lost(storage, clock)
    assert await storage.unwarned_lost(clock.now - 120, clock.now) == []  # not yet for long
    assert await storage.unwarned_lost(clock.now, clock.now) == [match_id]
    lost_at = await claim(storage, clock, match_id)
    assert lost_at is not None
    assert await storage.delivery_problem(match_id) == (0, GONE)
    assert await claim(storage, clock, match_id) is None  # the claim runs
    assert await storage.unwarned_lost(clock.now, clock.now) == []
    assert await storage.mark_lost_warned(match_id, lost_at)
    assert not await storage.mark_lost_warned(match_id, lost_at)  # once
    clock.advance(2 * LEASE)
    assert await storage.unwarned_lost(clock.now, clock.now) == []
    assert await claim(storage, clock, match_id) is None
    # a restart, or another process sharing the database, knows it was sent
    again = await Storage.open(backend.target, clock=clock)
    try:
        assert await again.unwarned_lost(clock.now, clock.now) == []
        assert await claim(again, clock, match_id) is None
    finally:
        await again.close()
    # the refusals going on keep the stretch, and its warning
    await storage.record_delivery_problem(match_id, 1, "channel 100: 403 50001", lost=True)
    assert await claim(storage, clock, match_id) is None


async def test_a_claim_that_runs_out_is_claimed_again(storage: Storage,
                                                      clock: FakeClock) -> None:
    """The process that claimed the warning died before it was sent: once its claim runs
    out, the warning is another's to send."""
    match_id = await lost(storage, clock)
    assert await claim(storage, clock, match_id) is not None
    clock.advance(LEASE - 1)
    assert await claim(storage, clock, match_id) is None
    clock.advance(2)
    assert await storage.unwarned_lost(clock.now, clock.now) == [match_id]
    assert await claim(storage, clock, match_id) is not None


async def test_two_processes_claim_a_warning_once(backend: Backend, clock: FakeClock) -> None:
    one = await Storage.open(backend.target, clock=clock)
    two = await Storage.open(backend.target, clock=clock)
    try:
        match_id = await lost(one, clock)
        claims = await asyncio.gather(claim(one, clock, match_id), claim(two, clock, match_id))
        assert sorted(c is None for c in claims) == [False, True]
    finally:
        await one.close()
        await two.close()


async def test_a_channel_lost_again_is_told_of_again(storage: Storage,
                                                     clock: FakeClock) -> None:
    back = await lost(storage, clock, channel_id=1)
    payload = await lost(storage, clock, channel_id=2)
    for match_id in (back, payload):
        claimed = await claim(storage, clock, match_id)
        assert claimed is not None
        assert await storage.mark_lost_warned(match_id, claimed)
    assert await storage.mark_announced(back, 0)  # a post got through: the stretch is over
    await storage.record_delivery_problem(payload, 0, "channel 2: 400 50035")  # not lost
    assert await storage.unwarned_lost(clock.now, clock.now) == []  # neither is lost now
    clock.advance(60)
    for match_id in (back, payload):
        await storage.record_delivery_problem(match_id, 0, "channel gone", lost=True)
    clock.advance(60)
    assert await storage.unwarned_lost(clock.now, clock.now) == [back, payload]
    assert await claim(storage, clock, back) is not None


async def test_a_warning_of_a_stretch_over_is_not_recorded(storage: Storage,
                                                          clock: FakeClock) -> None:
    """The channel came back while its players were being told, and was lost again: the
    late record belongs to the old stretch and does not silence the new one."""
    match_id = await lost(storage, clock)
    claimed = await claim(storage, clock, match_id)
    assert claimed is not None
    assert await storage.mark_announced(match_id, 0)
    assert not await storage.mark_lost_warned(match_id, claimed)  # no stretch now
    await storage.record_delivery_problem(match_id, 0, "channel gone", lost=True)
    assert not await storage.mark_lost_warned(match_id, claimed)  # another stretch
    clock.advance(60)
    assert await storage.unwarned_lost(clock.now, clock.now) == [match_id]


async def test_only_games_in_play_out_of_reach_are_told_of(storage: Storage,
                                                           clock: FakeClock) -> None:
    payload = await new_active(storage, channel_id=1)
    await storage.record_delivery_problem(payload.id, 0, "channel 1: 413 40005")
    aborted = await lost(storage, clock, channel_id=2)
    await storage.abort_match(aborted)
    ended = await lost(storage, clock, channel_id=3)
    assert await storage.abandon_match(ended, before=clock.now, seats=[], outcome={
        "ranks": [], "abandoned": "its channel could not be reached", "unrated": "yes"})
    fine = await new_active(storage, channel_id=4)
    clock.advance(60)
    assert await storage.unwarned_lost(clock.now, clock.now) == []
    for match_id in (payload.id, aborted, ended, fine.id):
        assert await claim(storage, clock, match_id) is None
    # only the games of this process's shards (the helper's guild 7 is on shard 0 of 2)
    mine = await lost(storage, clock, channel_id=5)
    assert await storage.unwarned_lost(clock.now, clock.now, Shards.of([0], 2)) == [mine]
    assert await storage.unwarned_lost(clock.now, clock.now, Shards.of([1], 2)) == []


async def test_the_warning_s_statements_use_an_index(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """As tests/storage/test_query_plans.py checks every other statement: none of these
    reads a table that grows with the matches whole."""
    trace = Trace(db=tmp_path / "plans.sqlite3")
    clock = FakeClock()
    store = await Storage.open(trace.db, clock=clock)
    try:
        for n in range(40):  # enough matches that a scan would show in the plans
            match = await new_active(store, channel_id=1000 + n)
            if n % 4 == 0:
                await store.abort_match(match.id)
        for helper in HELPERS:
            monkeypatch.setattr(repository_module, helper,
                                capturing(getattr(repository_module, helper), trace))
        match_id = await lost(store, clock)
        await store.unwarned_lost(clock.now, clock.now)
        await store.unwarned_lost(clock.now, clock.now, Shards.of([0], 2))
        claimed = await claim(store, clock, match_id)
        assert claimed is not None
        await store.mark_lost_warned(match_id, claimed)
    finally:
        await store.close()
    statements: dict[str, tuple[Any, ...]] = {
        sql: params for sql, params in trace.statements.items() if not NOT_EXPLAINED.match(sql)}
    assert any("warn" in sql for sql in statements)
    with closing(sqlite3.connect(trace.db)) as raw:
        failures = {sql: bad for sql, params in statements.items()
                    if (bad := full_scans(raw, sql, params))}
    assert not failures, failures
