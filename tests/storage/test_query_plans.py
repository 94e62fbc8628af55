"""Every query storage runs finds its rows through an index, so no move, status or tick gets
slower as finished games pile up.

A workload calls every public method of ``Storage`` (the list is taken from the class, so a
method added later must be added here too) on a database of a few hundred matches in every
status. Each distinct statement it ran, caught on its way into the ``bot.storage.db`` helpers
with its parameters, is then explained with ``EXPLAIN QUERY PLAN``; a full scan of a table that
grows with the matches fails the test, naming the statement. ``SEARCH``, ``SCAN ... USING
(COVERING) INDEX`` and scans of tiny tables (``schema_version``) are fine.
"""

from __future__ import annotations

import functools
import inspect
import re
import sqlite3
from collections.abc import AsyncIterator, Callable
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import bot.storage.migrate as migrate_module
import bot.storage.repository as repository_module
from bot.storage import (
    AlreadySeated,
    ChannelBusy,
    DeadlinePlan,
    DeadlineSpec,
    Finish,
    Shards,
    Storage,
    TableFull,
)

from .helpers import FakeClock

# tables with a row (or many) per match: a full scan of one reads the whole history
GROWING = {"matches", "seats", "actions", "snapshots", "results", "deadlines", "announcements",
           "delivery_problems", "ratings"}
# Reads that return every row by their contract (``matches()`` and ``results()`` without a
# filter: nothing in the bot calls them, they are there for tools and tests). Scanning is
# what they are for; any other statement must use an index.
WHOLE_TABLE_READS = {
    "SELECT * FROM matches ORDER BY id",
    "SELECT * FROM results ORDER BY finished_at, match_id",
    "SELECT * FROM ratings",  # all_ratings, for tools and the rebuild check
}
HELPERS = ("fetchone", "fetchall", "execute", "insert")
NOT_EXPLAINED = re.compile(r"^\s*(BEGIN|COMMIT|ROLLBACK|PRAGMA|SAVEPOINT|RELEASE)\b", re.I)
SOURCE = Path(repository_module.__file__)


@dataclass
class Trace:
    """What the workload ran: each statement once (with the parameters of its first run),
    and the public methods of ``Storage`` it called."""

    statements: dict[str, tuple[Any, ...]] = field(default_factory=dict)
    called: set[str] = field(default_factory=set)
    db: Path = Path()


def normalized(sql: str) -> str:
    return " ".join(sql.split())


def public_methods() -> list[str]:
    return sorted(name for name in vars(Storage)
                  if not name.startswith("_") and callable(getattr(Storage, name)))


def capturing(helper: Callable[..., Any], trace: Trace) -> Callable[..., Any]:
    @functools.wraps(helper)
    async def wrapper(conn: Any, sql: str, params: Any = ()) -> Any:
        params = tuple(params)
        trace.statements.setdefault(normalized(sql), params)
        return await helper(conn, sql, params)
    return wrapper


def counting(name: str, trace: Trace) -> Any:
    raw = vars(Storage)[name]
    method = raw.__func__ if isinstance(raw, (classmethod, staticmethod)) else raw

    if inspect.iscoroutinefunction(method):
        @functools.wraps(method)
        async def wrapper(*args: Any, **kwargs: Any) -> Any:
            trace.called.add(name)
            return await method(*args, **kwargs)
    else:
        @functools.wraps(method)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            trace.called.add(name)
            return method(*args, **kwargs)
    if isinstance(raw, classmethod):
        return classmethod(wrapper)
    if isinstance(raw, staticmethod):
        return staticmethod(wrapper)
    return wrapper


# --- the workload --------------------------------------------------------------------------

STATE = '{"board":"' + "x" * 400 + '"}'
SETTINGS = {"turn_hours": 24, "policy": "wait", "answer_seconds": 300}
HALF = Shards.of([0, 1], 4)  # the shard filter of one of two processes
TURN = DeadlinePlan(write=(DeadlineSpec("turn", 0, [0], 2e9, 1.9e9),))
ANSWER = DeadlinePlan(write=(DeadlineSpec("answer", 0, [1, 2], 1.5e9, None),))


async def lobby(store: Storage, channel: int, players: int = 3) -> int:
    match = await store.create_match(
        channel_id=channel, guild_id=7, game=("ships", "empires", "ocean_trader")[channel % 3],
        options={"map": "rulebook"}, seed=channel, host_id=channel * 10, host_name="host",
        rules_version="1", settings=SETTINGS)
    for k in range(1, players):
        bot = "standard" if k == players - 1 and channel % 4 == 0 else None
        await store.add_seat(match.id, user_id=None if bot else channel * 10 + k,
                             name=f"p{k}", bot=bot, max_seats=4)
    return match.id


async def active(store: Storage, channel: int, moves: int) -> int:
    match_id = await lobby(store, channel)
    await store.start_match(match_id, seat_order=[2, 0, 1], state_json=STATE, deadlines=TURN)
    for version in range(moves):
        await store.append_action(
            match_id, expected_version=version, seat=version % 3,
            action={"type": "move", "n": version}, events=[{"kind": "moved", "seat": 0}],
            snapshot_json=STATE if (version + 1) % 3 == 0 else None,
            deadlines=ANSWER if version % 2 else TURN)
        if version % 2 == 0:
            await store.mark_announced(match_id, version + 1)
    return match_id


async def workload(store: Storage, clock: FakeClock) -> None:
    """A few hundred matches in every status, then every public method of ``Storage``."""
    channel = 1000
    lobbies, playing, done, aborted, aside = [], [], [], [], []
    for n in range(240):
        channel += 1
        if n % 6 == 0:
            lobbies.append(await lobby(store, channel, players=1 + n % 3))
        elif n % 6 in (1, 2):
            playing.append(await active(store, channel, moves=4 + n % 5))
        elif n % 6 == 3:
            match_id = await active(store, channel, moves=5)
            await store.append_action(  # the end, written with the last move
                match_id, expected_version=5, seat=2, action={"type": "move"}, events=[],
                finish=Finish("score", {"scores": [1, 2, 3]}, [{"seat": 0, "user_id": 1}]))
            done.append(match_id)
        elif n % 6 == 4:
            match_id = await active(store, channel, moves=3)
            if n % 12 == 4:
                await store.finish_match(match_id, end_reason="score", outcome={"w": [0]},
                                         seats=[{"seat": 0}])
                done.append(match_id)
            else:
                await store.abort_match(match_id)
                aborted.append(match_id)
        else:
            match_id = await active(store, channel, moves=2)
            if n % 18 == 5:
                await store.set_aside(match_id, "replay failed")
                aside.append(match_id)
            else:
                playing.append(match_id)
        clock.advance(60)

    # lobby
    lobby_id = lobbies[1]
    host = (await store.get_match(lobby_id)).host_id
    with pytest.raises(ChannelBusy):
        await lobby(store, (await store.get_match(lobby_id)).channel_id)
    await store.add_seat(lobby_id, user_id=77, name="late")
    with pytest.raises(AlreadySeated):
        await store.add_seat(lobby_id, user_id=77, name="again")
    with pytest.raises(TableFull):
        await store.add_seat(lobby_id, user_id=78, name="full", max_seats=2)
    await store.remove_seat(lobby_id, 77)
    await store.update_settings(lobby_id, {**SETTINGS, "turn_hours": 12})
    assert (await store.seats(lobby_id))[0].user_id == host

    # reading
    some = playing[3]
    match = await store.get_match(some)
    assert (await store.open_match(match.channel_id)) is not None
    assert await store.open_match(999_999) is None
    for status in (None, "lobby", "active", "finished", "aborted", "set_aside"):
        await store.matches(status)
    await store.match_ids("active")
    await store.active_with_bots()
    await store.active_with_bots(HALF)
    await store.last_finished((await store.get_match(done[0])).channel_id)
    await store.schema_version()

    # the log and snapshots
    await store.actions(some)
    await store.actions(some, after=2)
    await store.last_action(some)
    await store.latest_snapshot(some)
    await store.latest_snapshot(some, at_most=2)
    await store.add_snapshot(some, 1, STATE)
    await store.drop_snapshot(some, 1)
    await store.announced(some)
    await store.mark_announced(some, match.version)
    await store.unannounced()
    await store.unannounced(HALF)
    await store.upgrade_log(some, rules_version="2", entries=[(1, {"type": "move"}, [])],
                            state_json=STATE, version=match.version)
    await store.replace_seat_with_bot(some, 1, "standard")
    await store.actions(done[0])  # a finished match: from its archive
    await store.last_action(done[0])
    legacy = playing[4]  # as a release that did not archive left a finished game
    await store._conn.execute("UPDATE matches SET status = 'finished' WHERE id = ?", (legacy,))
    assert legacy in await store.unarchived()
    await store.archive(legacy)

    # clocks
    await store.set_deadline(some, version=match.version, seats=[0], due_at=1.0,
                             remind_at=0.5)
    await store.plan_deadlines(some, match.version, DeadlinePlan(clear=("answer",)))
    await store.deadline(some)
    await store.deadline(some, kind="answer")
    await store.deadlines(some)
    await store.due_reminders(clock.now, HALF)
    for row in await store.due_reminders(clock.now):
        await store.claim_reminder(row.match_id, row.kind, row.version, now=clock.now,
                                   until=clock.now + 300)
        await store.mark_reminded(row.match_id, row.version, row.kind)
    await store.due_deadlines(clock.now, HALF)
    for row in await store.due_deadlines(clock.now):
        await store.claim_deadline(row.match_id, row.kind, row.version, now=clock.now,
                                   until=clock.now + 300, holder="me")
        await store.hold_deadline(row.match_id, row.kind, row.version, until=clock.now + 600,
                                  holder="me")
        await store.mark_told(row.match_id, row.kind, row.version, "me")
        await store.finish_deadline(row.match_id, row.kind, row.version, "me")
    await store.set_deadline(some, version=match.version, seats=[0], due_at=1.0,
                             remind_at=0.5)
    await store.claim_deadline(some, "turn", match.version, now=clock.now,
                               until=clock.now + 300, holder="me")
    await store.hand_seats_to_bot(some, [0], "standard", kind="turn", version=match.version,
                                  holder="me")
    await store.lock_match(some)
    await store.unlock_match(some)
    await store.set_deadline(some, version=match.version, seats=[0], due_at=1.0,
                             remind_at=0.5)
    await store.clear_deadline(some, "turn")
    await store.clear_deadline(playing[4])

    # set aside, and back
    await store.restore(aside[0])
    await store.set_aside(aside[0], "again")

    # results and deliveries
    await store.results()
    await store.results("ships")
    assert await store.record_delivery_problem(some, match.version, "channel gone")
    await store.delivery_problem(some)
    await store.unreachable_since(some)
    assert some in await store.refused_matches()
    await store.refused_matches(HALF)
    lost = playing[5]
    await store.record_delivery_problem(lost, 0, "channel gone", lost=True)
    clock.advance(60)
    assert lost in await store.long_unreachable(clock.now)
    await store.long_unreachable(clock.now, HALF)
    assert await store.abandon_match(lost, before=clock.now, seats=[{"seat": 0}], outcome={
        "ranks": [], "abandoned": "its channel could not be reached", "unrated": "yes"})
    warned = playing[6]
    await store.record_delivery_problem(warned, 0, "channel gone", lost=True)
    assert warned in await store.unwarned_lost(clock.now, clock.now)
    await store.unwarned_lost(clock.now, clock.now, HALF)
    lost_at = await store.claim_lost_warning(warned, before=clock.now, now=clock.now,
                                             until=clock.now + 300)
    assert lost_at is not None
    await store.mark_lost_warned(warned, lost_at)

    # ratings and the history of finished games
    rated = await active(store, 5000, moves=2)
    await store.append_action(
        rated, expected_version=2, seat=0, action={"type": "move"}, events=[],
        finish=Finish("score", {"scores": [3, 1], "ranks": [1, 2]},
                      [{"seat": 0, "user_id": 1}, {"seat": 1, "user_id": 2}]))
    await store.set_final_message(rated, 123)
    await store.result(rated)
    guild = (await store.get_match(rated)).guild_id
    for channel_id, user_id in ((None, None), (5000, None), (None, 1)):
        await store.finished(guild_id=guild, channel_id=channel_id, user_id=user_id)
    await store.finished(guild_id=None)
    await store.ratings(guild, "ships")
    await store.rating(guild, "ships", "u1")
    await store.all_ratings()
    await store.ratings_from_results()
    await store.rebuild_ratings()


@pytest.fixture
async def traced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Trace]:
    trace = Trace(db=tmp_path / "plans.sqlite3")
    for name in public_methods():
        monkeypatch.setattr(Storage, name, counting(name, trace))
    clock = FakeClock()
    store = await Storage.open(trace.db, clock=clock)  # the migrations are not traced
    try:
        for helper in HELPERS:
            monkeypatch.setattr(repository_module, helper,
                                capturing(getattr(repository_module, helper), trace))
        monkeypatch.setattr(migrate_module, "fetchone",
                            capturing(migrate_module.fetchone, trace))
        await workload(store, clock)
    finally:
        await store.close()
    yield trace


# --- plans ---------------------------------------------------------------------------------

_TABLE_REF = re.compile(
    r"\b(?:FROM|JOIN|UPDATE|INTO)\s+(\w+)(?:\s+(?:AS\s+)?(?!(?:WHERE|ON|LEFT|JOIN|INNER|CROSS"
    r"|ORDER|GROUP|LIMIT|USING|SET|VALUES|SELECT|DEFAULT)\b)(\w+))?", re.I)
_SCAN = re.compile(r"^SCAN (\w+)(.*)$")


def aliases(sql: str) -> dict[str, str]:
    """Each name a plan may use for a table in ``sql`` (the table's own, or its alias)."""
    found: dict[str, str] = {}
    for table, alias in _TABLE_REF.findall(sql):
        found[table] = table
        if alias and not alias.startswith("("):
            found[alias] = table
    return found


def full_scans(raw: sqlite3.Connection, sql: str, params: tuple[Any, ...]) -> list[str]:
    """The plan lines of ``sql`` that read a growing table whole."""
    names = aliases(sql)
    bad = []
    for _, _, _, detail in raw.execute(f"EXPLAIN QUERY PLAN {sql}", params):
        scan = _SCAN.match(detail)
        if scan is None:
            continue
        table = names.get(scan.group(1), scan.group(1))
        if table in GROWING and not re.search(r"USING (COVERING )?INDEX", scan.group(2)):
            bad.append(detail)
    return bad


# --- the tests -------------------------------------------------------------------------------

async def test_the_workload_calls_every_public_method(traced: Trace) -> None:
    missing = sorted(set(public_methods()) - traced.called - {"open", "close"})
    assert not missing, f"call these in the workload of {Path(__file__).name}: {missing}"
    assert len(traced.statements) > 40  # the capture saw the statements


def test_storage_runs_sql_only_through_the_helpers() -> None:
    """Otherwise the capture above would miss statements."""
    source = SOURCE.read_text(encoding="utf-8")
    assert not re.search(r"\.execute(many|script)?\(|\.executescript\(", source), \
        "repository.py runs SQL without the bot.storage.db helpers; capture it too"


async def test_every_statement_uses_an_index(traced: Trace) -> None:
    with closing(sqlite3.connect(traced.db)) as raw:
        failures = {}
        for sql, params in sorted(traced.statements.items()):
            if NOT_EXPLAINED.match(sql) or sql in WHOLE_TABLE_READS:
                continue
            bad = full_scans(raw, sql, params)
            if bad:
                failures[sql] = bad
    assert not failures, "statements that read a whole table:\n" + "\n".join(
        f"  {sql}\n      {'; '.join(bad)}" for sql, bad in failures.items())


async def test_the_whole_table_reads_are_still_run(traced: Trace) -> None:
    """The exemptions name statements storage really runs (a stale one would hide nothing,
    but should go)."""
    assert WHOLE_TABLE_READS <= set(traced.statements)


def test_the_plan_check_sees_a_scan(tmp_path: Path) -> None:
    """The check itself: an unindexed filter is caught, under an alias too; an indexed one
    is not."""
    with closing(sqlite3.connect(tmp_path / "t.sqlite3")) as raw:
        raw.execute("CREATE TABLE matches (id INTEGER PRIMARY KEY, channel_id INTEGER,"
                    " status TEXT)")
        raw.execute("CREATE INDEX matches_status ON matches (status)")
        assert full_scans(raw, "SELECT * FROM matches WHERE channel_id = ?", (1,)) \
            == ["SCAN matches"]
        assert full_scans(raw, "SELECT m.id FROM matches m WHERE m.channel_id = ?", (1,)) \
            == ["SCAN m"]
        assert full_scans(raw, "SELECT * FROM matches WHERE status = ?", ("x",)) == []
        assert full_scans(raw, "SELECT * FROM matches WHERE ?1 IS NULL OR status = ?1",
                          ("x",)) == ["SCAN matches"]
