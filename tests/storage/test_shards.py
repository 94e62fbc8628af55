"""Several bot processes on one database: each one's background work takes only its shards'
matches (filtered in SQL), and two processes that both think a match is theirs never act on it
at once (reminders and deadlines are claimed; PostgreSQL holds a lock per match)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import pytest

from bot.notices import Notice
from bot.service import ChannelOutOfReach, MatchService
from bot.settings import Settings, parse_shards
from bot.storage import MatchRow, Shards, Storage, StorageError
from tests.pg import Backend

from .helpers import FakeClock

# a guild on each of four shards, one beyond 2**62 (snowflakes are big), and the local table
GUILDS = {0: None, 1: (5 << 22) + 3, 2: (1 << 62) + (2 << 22), 3: (7 << 22) + 99}


async def match_in(store: Storage, channel: int, guild: int | None) -> MatchRow:
    match = await store.create_match(
        channel_id=channel, guild_id=guild, game="ships", options={}, seed=1, host_id=1,
        host_name="host", rules_version="1", settings={})
    await store.add_seat(match.id, user_id=None, name="bot", bot="standard")
    return await store.start_match(match.id, seat_order=[0, 1], state_json="{}")


def test_the_shard_of_a_guild_is_discords_rule() -> None:
    shards = Shards.of([0, 1], 4)
    assert [shards.shard(g) for g in GUILDS.values()] == [0, 1, 2, 3]
    assert [shards.owns(g) for g in GUILDS.values()] == [True, True, False, False]
    assert Shards.of(range(4), 4).every and not shards.every
    with pytest.raises(ValueError):
        Shards.of([4], 4)


def test_portolan_shards_is_first_last_of_count() -> None:
    assert parse_shards("0-3/8") == ([0, 1, 2, 3], 8)
    assert parse_shards("5/8") == ([5], 8)
    for wrong in ("0-8/8", "3-2/8", "0-3", "a/8", "1/0", "-1/4"):
        with pytest.raises(ValueError, match="PORTOLAN_SHARDS"):
            parse_shards(wrong)
    assert Settings(shards="2-3/4", _env_file=None).shards == "2-3/4"  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="0 <= FIRST <= LAST < COUNT"):
        Settings(shards="4/4", _env_file=None)  # type: ignore[call-arg]


async def test_background_work_is_filtered_by_shard(storage: Storage,
                                                     clock: FakeClock) -> None:
    ids = {}
    for shard, guild in GUILDS.items():
        match = await match_in(storage, 100 + shard, guild)
        await storage.set_deadline(match.id, version=0, seats=[0], due_at=clock.now,
                                   remind_at=clock.now)
        ids[shard] = match.id
    clock.advance(10)
    for owned in ([0, 1], [2, 3], [1], [0, 1, 2, 3]):
        shards = Shards.of(owned, 4)
        mine = sorted(ids[s] for s in owned)
        assert [d.match_id for d in await storage.due_deadlines(clock.now, shards)] == mine
        assert [d.match_id for d in await storage.due_reminders(clock.now, shards)] == mine
        assert await storage.active_with_bots(shards) == mine
        assert await storage.unannounced(shards) == mine
    assert len(await storage.due_deadlines(clock.now)) == 4  # no filter: every match


async def test_a_reminder_and_a_deadline_are_claimed_once(backend: Backend,
                                                          clock: FakeClock) -> None:
    one = await Storage.open(backend.target, clock=clock)
    two = await Storage.open(backend.target, clock=clock)
    try:
        match = await match_in(one, 100, None)
        await one.set_deadline(match.id, version=0, seats=[0], due_at=5.0, remind_at=1.0)
        claims = await asyncio.gather(one.mark_reminded(match.id, 0),
                                      two.mark_reminded(match.id, 0))
        assert sorted(claims) == [False, True]
        assert not await one.claim_deadline(match.id, "turn", 1, now=10.0, until=70.0,
                                            holder="one")  # not that one
        taken = await asyncio.gather(
            one.claim_deadline(match.id, "turn", 0, now=10.0, until=70.0, holder="one"),
            two.claim_deadline(match.id, "turn", 0, now=10.0, until=70.0, holder="two"))
        assert sorted(t is not None for t in taken) == [False, True]
        holder = "one" if taken[0] else "two"
        row = await one.deadline(match.id)
        assert row is not None and row.held_by == holder and row.due_at == 70.0
        # a claim that ran out (its holder died) is taken up by one of the others, once
        again = await asyncio.gather(
            one.claim_deadline(match.id, "turn", 0, now=70.0, until=130.0, holder="three"),
            two.claim_deadline(match.id, "turn", 0, now=70.0, until=130.0, holder="four"))
        assert sorted(t is not None for t in again) == [False, True]
        assert not await one.finish_deadline(match.id, "turn", 0, holder)  # not its any more
        new_holder = "three" if again[0] else "four"
        assert await two.finish_deadline(match.id, "turn", 0, new_holder)
        assert await one.deadline(match.id) is None
    finally:
        await one.close()
        await two.close()


async def test_a_match_is_locked_across_processes_on_postgresql(
        backend: Backend, clock: FakeClock) -> None:
    one = await Storage.open(backend.target, clock=clock)
    two = await Storage.open(backend.target, clock=clock)
    try:
        match = await match_in(one, 100, None)
        other = await match_in(one, 101, None)
        await one.lock_match(match.id)
        await one.lock_match(match.id)  # a process's locks stack
        await two.lock_match(other.id)  # another match is free
        if backend.name == "sqlite":  # one process by design: nothing is held
            await two.lock_match(match.id, wait=0.1)
            return
        with pytest.raises(StorageError, match="another bot process"):
            await two.lock_match(match.id, wait=0.2)
        await one.unlock_match(match.id)
        with pytest.raises(StorageError):
            await two.lock_match(match.id, wait=0.2)  # still held once
        await one.unlock_match(match.id)
        await two.lock_match(match.id, wait=1.0)
        await two.unlock_match(match.id)
    finally:
        await one.close()
        await two.close()


class Process:
    """A match service as one bot process has it, recording what it would post."""

    def __init__(self, storage: Storage, shards: str | None, clock: FakeClock) -> None:
        self.notices: list[Notice] = []
        settings = Settings(bot_delay=0, render_workers=0, bot_workers=0, turn_batch_seconds=0,
                            mix_seeds=False, shards=shards,
                            _env_file=None)  # type: ignore[call-arg]
        self.service = MatchService(storage, settings, self.record, clock=clock)

    async def record(self, notice: Notice) -> None:
        self.notices.append(notice)

    def said(self, text: str) -> int:
        return sum(text in line for n in self.notices for line in n.lines)



@contextlib.asynccontextmanager
async def processes_of(backend: Backend, clock: FakeClock,
                       *shards: str | None) -> AsyncIterator[list[Process]]:
    """One bot process for each of ``shards`` (None: every shard), each with its own
    connection to the same database; closed afterwards, a task cancelled in a test's process
    (its bot dying) left to end quietly."""
    stores = [await Storage.open(backend.target, clock=clock) for _ in shards]
    processes = [Process(store, shard, clock) for store, shard in zip(stores, shards, strict=True)]
    try:
        yield processes
    finally:
        for p in processes:
            with contextlib.suppress(asyncio.CancelledError):
                await p.service.idle()
            await p.service.close()
        for store in stores:
            await store.close()

async def test_a_due_deadline_is_applied_by_one_process_only(
        backend: Backend, clock: FakeClock) -> None:
    """Two processes both running every shard (a mistake) tick at the same moment: the turn
    deadline is applied, and told, once; a third one running other shards leaves it alone."""
    async with processes_of(backend, clock, None, "0-3/4", "2-3/4") as processes:
        first = processes[0].service
        await first.create(channel_id=100, guild_id=GUILDS[1], game_id="ships", host_id=1,
                           host_name="Anna", seed=5, exact_seed=True)
        await first.join(100, 2, "Ben")
        await first.update_settings(100, 1, turn_hours=1.0, policy="wait")
        await first.start(100, 1)
        await first.idle()
        clock.advance(2 * 3600)
        await asyncio.gather(*(p.service.tick() for p in processes))
        for p in processes:
            await p.service.idle()
        waited = [p.said("the turn deadline has passed") for p in processes]
        assert sorted(waited[:2]) == [0, 1] and waited[2] == 0, waited


async def test_a_late_turn_taken_up_by_another_process_is_told_once(
        backend: Backend, clock: FakeClock) -> None:
    """Policy 'bot': process A claims the missed deadline, tells the channel and dies while
    its bot thinks (its task cancelled). Once A's claim runs out, process B takes the
    deadline up and plays the late turn, without telling the miss again."""
    async with processes_of(backend, clock, None, None) as (a, b):
        first = a.service
        match = await first.create(channel_id=100, guild_id=GUILDS[1], game_id="race",
                                   host_id=1, host_name="Anna", seed=4,
                                   options={"target": 20})
        await first.join(100, 2, "Ben")
        await first.update_settings(100, 1, turn_hours=1.0, policy="bot")
        await first.start(100, 1)
        await first.idle()

        async def dies(*args: object, **kwargs: object) -> None:
            raise asyncio.CancelledError
        first._bot_choice = dies  # type: ignore[method-assign]
        clock.advance(2 * 3600)
        with contextlib.suppress(asyncio.CancelledError):
            await first.tick()
        with contextlib.suppress(asyncio.CancelledError):
            await first.idle()
        assert (await b.service.state_of(match.id)).turn == 0
        told = "missed the deadline; the random bot plays this turn"
        assert a.said(told) == 1

        clock.advance(600)  # A's claim has run out
        await b.service.tick()
        await b.service.idle()
        assert (await b.service.state_of(match.id)).turn > 0
        assert (a.said(told), b.said(told)) == (1, 0)


async def test_a_game_out_of_reach_for_too_long_is_abandoned_by_one_process(
        backend: Backend, clock: FakeClock) -> None:
    """Two processes both running the game's shard (a mistake) tick at the same moment, 14
    days after its channel was deleted: it is ended once; a third one running other shards
    leaves it alone."""

    async def gone(notice: Notice) -> None:
        raise ChannelOutOfReach("channel 100: 404 10003")
    async with processes_of(backend, clock, None, "0-3/4", "2-3/4") as processes:
        first = processes[0].service
        match = await first.create(channel_id=100, guild_id=GUILDS[1], game_id="race",
                                   host_id=1, host_name="Anna", seed=4,
                                   options={"target": 20})
        await first.join(100, 2, "Ben")
        await first.start(100, 1)
        await first.idle()
        for p in processes:
            p.service._notify = gone
        assert await first.channel_lost(100, "channel 100: deleted") == match.id
        clock.advance(15 * 86400)
        ended = await asyncio.gather(*(p.service.abandon_unreachable() for p in processes))
        assert sorted(len(e) for e in ended) == [0, 0, 1] and ended[2] == [], ended
        store = first.storage
        assert (await store.get_match(match.id)).status == "finished"
        assert len(await store.results()) == 1
