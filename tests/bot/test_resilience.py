"""No game lost or stuck: bad records, releases, vanished players, failed deliveries, disk
full, repeated sends, crowded lobbies and chosen seeds, on real SQLite files."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import signal
import sqlite3
from typing import Any

import pytest

from bot.notices import DeliveryFailed, Notice
from bot.service import CACHED_STATES, MatchService, ServiceError, mix_seed
from bot.storage import Storage
from bot.thinker import BotThinker
from engine.core import SetupRecord, registry
from engine.core.bots import bot_rng, make_bot

from .conftest import Harness
from .test_service import ANNA, BEN, CARL, CH, actor_user, started

OTHER = 501


def raw(harness: Harness) -> sqlite3.Connection:
    return sqlite3.connect(harness.path)


async def two_games(harness: Harness) -> tuple[int, int]:
    """A Harbour Race game in CH and another in OTHER, each four moves in (snapshots come
    every five)."""
    service = harness.service
    assert service is not None
    first = await started(service)
    second = await service.create(channel_id=OTHER, guild_id=1, game_id="race", host_id=CARL,
                                  host_name="Carl", seed=9)
    await service.join(OTHER, BEN, "Ben")
    await service.start(OTHER, CARL)
    for channel, match_id in ((CH, first), (OTHER, second.id)):
        for _ in range(4):
            user = await actor_user(service, match_id)
            assert (await service.act(channel, user, {"type": "roll"})).ok
    return first, second.id


# --- 1. one bad game never takes the others down -------------------------------------------
@pytest.mark.parametrize("damage", ["action", "event data", "snapshot byte", "state field"])
async def test_a_game_that_cannot_be_rebuilt_is_set_aside_and_the_others_play(
        harness: Harness, damage: str, caplog: pytest.LogCaptureFixture) -> None:
    first, second = await two_games(harness)
    await harness.close()
    with raw(harness) as db:
        if damage == "action":  # a stored action that no longer validates
            db.execute("UPDATE actions SET action = '{\"type\": \"fly\"}' WHERE match_id = ? "
                       "AND seq = 4", (first,))
        elif damage == "event data":  # a chance outcome that replays differently
            (events,) = db.execute("SELECT events FROM actions WHERE match_id = ? AND seq = 4",
                                   (first,)).fetchone()
            changed = json.loads(events)
            for e in changed:
                if e.get("chance"):
                    e["data"] = {k: (v + 1 if isinstance(v, int) else v)
                                 for k, v in e["data"].items()}
            assert any(e.get("chance") for e in changed)
            db.execute("UPDATE actions SET events = ? WHERE match_id = ? AND seq = 4",
                       (json.dumps(changed), first))
        else:
            db.execute("DELETE FROM snapshots WHERE match_id = ? AND version > 0", (first,))
            (state,) = db.execute("SELECT state FROM snapshots WHERE match_id = ?",
                                  (first,)).fetchone()
            if damage == "snapshot byte":
                state = state[:10] + chr(ord(state[10]) ^ 1) + state[11:]
            else:  # a field renamed by a release
                state = state.replace('"positions"', '"places"')
            db.execute("UPDATE snapshots SET state = ? WHERE match_id = ?", (state, first))
    harness.notices.clear()
    service = await harness.open()
    with caplog.at_level(logging.INFO):
        await service.catch_up()
        await service.resume()
        status = await service.status(CH)
    match = await service.storage.get_match(first)
    if damage in ("snapshot byte", "state field"):
        # the snapshot is only a shortcut: the game is rebuilt from the log and plays on
        assert match.status == "active"
        assert (await service.act(CH, await actor_user(service, first), {"type": "roll"})).ok
        assert "unusable" in caplog.text
        return
    assert match.status == "set_aside" and match.set_aside_reason
    await service.idle()
    told = [n for n in harness.notices if n.match_id == first]
    assert len(told) == 1 and "set aside" in told[0].lines[0] and "/game abort" in told[0].lines[0]
    assert "set aside" in status[-1]
    assert caplog.text.count("is set aside") == 1  # logged once
    with pytest.raises(ServiceError, match="set aside"):
        await service.act(CH, ANNA, {"type": "roll"})
    # the other game plays on
    assert (await service.act(OTHER, await actor_user(service, second), {"type": "roll"})).ok
    # the host ends it, then the record can be taken away
    await service.abort(CH, ANNA)
    record = await service.export(match_id=first)
    assert record["status"] == "aborted" and record["actions"]
    assert await service.storage.open_match(CH) is None


async def test_reworded_events_are_not_a_rules_change(harness: Harness) -> None:
    first, _ = await two_games(harness)
    await harness.close()
    with raw(harness) as db:
        for seq, events in db.execute("SELECT seq, events FROM actions WHERE match_id = ?",
                                      (first,)).fetchall():
            reworded = [{**e, "text": e["text"].upper()} for e in json.loads(events)]
            db.execute("UPDATE actions SET events = ? WHERE match_id = ? AND seq = ?",
                       (json.dumps(reworded), first, seq))
        db.execute("DELETE FROM snapshots WHERE version > 0")
    service = await harness.open()
    assert (await service.act(CH, await actor_user(service, first), {"type": "roll"})).ok


async def test_a_game_under_rules_this_release_cannot_play_is_set_aside_with_why(
        harness: Harness) -> None:
    first, second = await two_games(harness)
    await harness.close()
    with raw(harness) as db:
        db.execute("UPDATE matches SET rules_version = '99' WHERE id = ?", (first,))
    service = await harness.open()
    assert "set aside" in (await service.status(CH))[-1]
    match = await service.storage.get_match(first)
    assert match.status == "set_aside" and "99" in (match.set_aside_reason or "")
    assert (await service.act(OTHER, await actor_user(service, second), {"type": "roll"})).ok


async def test_a_set_aside_game_comes_back_when_a_release_can_rebuild_it(
        harness: Harness) -> None:
    first, _ = await two_games(harness)
    service = harness.service
    assert service is not None
    assert await service.storage.set_aside(first, "a test")
    harness.notices.clear()
    await service.catch_up()
    assert (await service.storage.get_match(first)).status == "active"
    assert any("can be played again" in line for n in harness.notices for line in n.lines)


# --- 3. turn deadlines follow the turn -----------------------------------------------------
async def test_one_action_then_silence_gets_the_reminder_and_the_policy(
        harness: Harness) -> None:
    service = harness.service
    assert service is not None
    await service.create(channel_id=CH, guild_id=1, game_id="race", host_id=ANNA,
                         host_name="Anna", seed=4)
    await service.join(CH, BEN, "Ben")
    await service.update_settings(CH, ANNA, turn_hours=4, policy="bot")
    await service.start(CH, ANNA)
    match = await service.storage.open_match(CH)
    assert match is not None
    late = await actor_user(service, match.id)
    harness.clock.now += 600
    assert (await service.act(CH, late, {"type": "boost"})).ok  # one move of the turn, then
    deadline = await service.storage.deadline(match.id)
    assert deadline is not None and deadline.due_at == pytest.approx(1_000_000 + 4 * 3600)
    harness.clock.now = 1_000_000 + 3.5 * 3600
    reminders = await service.tick()
    assert [n.ping for n in reminders] == [[late]]
    harness.clock.now = 1_000_000 + 4 * 3600 + 1
    await service.tick()
    await service.idle()
    state = await service.state_of(match.id)
    assert state.turn == 1 and await actor_user(service, match.id) != late
    assert any("missed the deadline; the random bot plays" in line for n in harness.notices
               for line in n.lines)


async def test_a_deadline_read_before_a_move_that_ends_the_turn_does_nothing(
        harness: Harness) -> None:
    """The clock races a move: it found the deadline due, the move ended the turn first."""
    service = harness.service
    assert service is not None
    match_id = await started(service)
    await service.update_settings(CH, ANNA, turn_hours=1, policy="bot")
    row = await service.storage.deadline(match_id)
    assert row is not None
    user = await actor_user(service, match_id)
    harness.clock.now += 2 * 3600
    assert (await service.act(CH, user, {"type": "roll"})).ok  # the turn ends
    version = (await service.storage.get_match(match_id)).version
    assert await service._deadline(row, harness.clock.now) == []
    await service.idle()
    assert (await service.storage.get_match(match_id)).version == version
    fresh = await service.storage.deadline(match_id)
    assert fresh is not None and fresh.version == version  # the new turn's own clock


async def test_the_clock_and_a_move_at_once_apply_one_or_the_other(harness: Harness) -> None:
    service = harness.service
    assert service is not None
    match_id = await started(service)
    await service.update_settings(CH, ANNA, turn_hours=1, policy="bot")
    user = await actor_user(service, match_id)
    harness.clock.now += 2 * 3600
    move, _ = await asyncio.gather(service.act(CH, user, {"type": "roll"}), service.tick())
    await service.idle()
    log = await service.storage.actions(match_id)
    turn_one = [row for row in log if row.seq <= 1]
    assert len(turn_one) == 1  # one roll ended the turn: the person's or the bot's
    assert move.ok == (log[0].seat == 0 or log[0].seat == 1) or not move.ok


async def test_deadline_is_written_with_the_move_that_starts_the_turn(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    service = harness.service
    assert service is not None
    match_id = await started(service)
    await service.update_settings(CH, ANNA, turn_hours=1)
    user = await actor_user(service, match_id)

    def dies(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt  # the process dies right after the commit
    monkeypatch.setattr(service, "_announce", dies)
    with pytest.raises(KeyboardInterrupt):
        await service.act(CH, user, {"type": "roll"})
    row = await service.storage.deadline(match_id)
    state = await service.state_of(match_id)
    assert row is not None and row.turn == state.turn == 1


# --- 4. every announcement arrives, once ----------------------------------------------------
async def test_a_notice_discord_refused_for_a_while_is_posted_later_once(
        harness: Harness) -> None:
    service = harness.service
    assert service is not None
    service.retry_first = 0.01
    match_id = await started(service)
    failures = [DeliveryFailed(False, "503"), DeliveryFailed(False, "503")]
    posted: list[Notice] = []

    async def flaky(notice: Notice) -> None:
        if failures:
            raise failures.pop(0)
        posted.append(notice)
    service._notify = flaky
    user = await actor_user(service, match_id)
    assert (await service.act(CH, user, {"type": "roll"})).ok
    assert await service.storage.announced(match_id) == 0  # not marked: it did not get out
    await service.idle()
    assert [n.version for n in posted] == [1]
    assert any("roll" in line for line in posted[0].lines)
    assert await service.storage.announced(match_id) == 1
    assert posted[0].ping == [await actor_user(service, match_id)]


async def played_out(service: MatchService) -> int:
    """A short game of Anna against two bots, played to its end (Anna rolls on her turns)."""
    match_id = await started(service, bots=2, humans=(), target=8)
    for _ in range(500):
        await service.idle()
        if (await service.match(match_id)).status == "finished":
            return match_id
        await service.act(CH, await actor_user(service, match_id), {"type": "roll"})
    raise AssertionError("the game did not finish")


async def test_a_games_summary_refused_for_a_while_is_posted_later_once(
        harness: Harness) -> None:
    service = harness.service
    assert service is not None
    service.retry_first = 0.01
    refusals = [DeliveryFailed(False, "503"), DeliveryFailed(False, "the connection closed")]
    summaries: list[Notice] = []

    async def flaky(notice: Notice) -> None:
        if notice.image is not None:  # the summary, with its score chart
            if refusals:
                raise refusals.pop(0)
            summaries.append(notice)
    service._notify = flaky
    match_id = await played_out(service)
    assert not refusals and len(summaries) == 1
    assert summaries[0].match_id == match_id and summaries[0].lines


async def test_a_games_summary_refused_for_good_is_not_tried_again(
        harness: Harness, caplog: pytest.LogCaptureFixture) -> None:
    service = harness.service
    assert service is not None
    service.retry_first = 0.01
    tries: list[Notice] = []

    async def gone(notice: Notice) -> None:
        if notice.image is not None:
            tries.append(notice)
            raise DeliveryFailed(True, "channel 500: 403 50001")
    service._notify = gone
    with caplog.at_level(logging.WARNING):
        await played_out(service)
    assert len(tries) == 1
    assert "the summary could not be posted (channel 500: 403 50001)" in caplog.text


async def test_a_notice_refused_for_good_is_recorded_and_the_next_one_carries_it(
        harness: Harness, caplog: pytest.LogCaptureFixture) -> None:
    service = harness.service
    assert service is not None
    service.retry_first = 0.01
    match_id = await started(service)
    posted: list[Notice] = []
    gone = [True]

    async def lost(notice: Notice) -> None:
        if gone[0]:
            raise DeliveryFailed(True, "channel 500: 403 50001")
        posted.append(notice)
    service._notify = lost
    with caplog.at_level(logging.WARNING):
        for _ in range(2):
            assert (await service.act(CH, await actor_user(service, match_id),
                                      {"type": "roll"})).ok
        await service.idle()
    assert caplog.text.count("refuses its notices") == 1  # logged once, not retried
    assert await service.storage.delivery_problem(match_id) is not None
    gone[0] = False  # access is back
    assert (await service.act(CH, await actor_user(service, match_id), {"type": "roll"})).ok
    await service.idle()
    [notice] = posted
    assert notice.version == 3 and notice.lines[0] == "(Not posted at the time:)"
    assert await service.storage.delivery_problem(match_id) is None
    assert await service.storage.announced(match_id) == 3


# --- 5. nothing waits for ever on a failed task ----------------------------------------------
async def bot_to_move(service: MatchService, match_id: int) -> bool:
    state = await service.state_of(match_id)
    seats = await service.storage.seats(match_id)
    return any(seats[s].bot for s in registry.get("race").actors(state))


async def fill_the_disk(storage: Storage) -> None:
    """Real SQLite, out of room: the file may not grow, and the room left in the snapshots
    table is taken (by rows of no match), so the next snapshot a move writes does not fit."""
    writer = storage._conn
    (pages,) = await (await writer.execute("PRAGMA page_count")).fetchone()  # type: ignore[misc]
    await writer.execute("PRAGMA foreign_keys = OFF")
    await writer.execute(f"PRAGMA max_page_count = {pages}")
    version = 0
    for size in (2000, 200, 20, 1):
        try:
            for _ in range(100_000):
                version += 1
                await writer.execute("INSERT INTO snapshots VALUES (999999, ?, ?, 0)",
                                     (version, "x" * size))
        except sqlite3.OperationalError as err:
            assert "full" in str(err)
    await writer.execute("PRAGMA foreign_keys = ON")


async def free_the_disk(storage: Storage) -> None:
    writer = storage._conn
    await writer.execute("DELETE FROM snapshots WHERE match_id = 999999")
    await writer.execute("PRAGMA max_page_count = 1073741823")


async def test_disk_full_refuses_the_move_and_play_resumes_once_space_is_back(
        harness: Harness) -> None:
    service = harness.service
    assert service is not None and harness.storage is not None
    service.retry_first = 0.01
    harness.settings.snapshot_every = 1  # every move writes a snapshot
    match_id = await started(service, bots=1, humans=())
    await service.idle()
    assert await actor_user(service, match_id) == ANNA  # the bot moves after her
    before = (await service.storage.get_match(match_id)).version
    await fill_the_disk(harness.storage)
    refused = await service.act(CH, ANNA, {"type": "roll"})
    assert not refused.ok and "could not be saved" in refused.message and "full" in \
        refused.message
    assert (await service.storage.get_match(match_id)).version == before  # nothing lost
    await free_the_disk(harness.storage)
    assert (await service.act(CH, ANNA, {"type": "roll"})).ok
    await service.idle()
    assert await actor_user(service, match_id) == ANNA  # the bot has moved again


async def test_a_bot_seat_whose_move_cannot_be_saved_moves_once_space_is_back(
        harness: Harness) -> None:
    service = harness.service
    assert service is not None and harness.storage is not None
    service.retry_first = 0.01
    harness.settings.snapshot_every = 1
    service.run_bots = False
    match_id = await started(service, bots=1, humans=())
    if not await bot_to_move(service, match_id):
        assert (await service.act(CH, ANNA, {"type": "roll"})).ok
    version = (await service.storage.get_match(match_id)).version
    await fill_the_disk(harness.storage)
    service.run_bots = True
    service._maybe_run_bots(match_id)
    await asyncio.sleep(0.5)  # several attempts, all refused by the full disk
    assert (await service.storage.get_match(match_id)).version == version
    await free_the_disk(harness.storage)
    await service.idle()
    assert await actor_user(service, match_id) == ANNA
    lines = [line for n in harness.notices for line in n.lines]
    assert any("keeps failing (the bot's storage is full)" in line for line in lines)


async def test_a_bot_task_that_fails_is_retried_and_told(harness: Harness,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    service = harness.service
    assert service is not None
    service.retry_first = 0.01
    service.run_bots = False
    match_id = await started(service, bots=1, humans=())
    if not await bot_to_move(service, match_id):
        assert (await service.act(CH, ANNA, {"type": "roll"})).ok
    real = service.storage.seats
    broken = [4]

    async def flaky(match: int) -> Any:
        if broken[0]:
            broken[0] -= 1
            raise RuntimeError("a bug")
        return await real(match)
    monkeypatch.setattr(service.storage, "seats", flaky)
    service.run_bots = True
    service._maybe_run_bots(match_id)
    await service.idle()
    assert await actor_user(service, match_id) == ANNA  # the bot moved in the end
    lines = [line for n in harness.notices for line in n.lines]
    assert any("keeps failing" in line for line in lines)
    assert any("running again" in line for line in lines)


async def test_a_hung_bot_worker_holds_the_bot_seats_up_only_until_its_limit(
        harness: Harness, caplog: pytest.LogCaptureFixture) -> None:
    """A bot worker that hangs (stopped) no longer stops the game's bot seats for good: after
    the limit the seat plays the game's easy bot's move, chosen from its own view, which goes
    through the usual commit; the log says so once, without the view."""
    service = harness.service
    assert service is not None
    service.run_bots = False
    match = await service.create(channel_id=CH, guild_id=1, game_id="ships", host_id=ANNA,
                                 host_name="Anna", seed=3, exact_seed=True)
    await service.add_bot(CH, ANNA, "strong")
    await service.start(CH, ANNA)
    seats = await service.storage.seats(match.id)
    anna = next(s.seat for s in seats if s.user_id == ANNA)
    assert anna is not None
    await service.storage.replace_seat_with_bot(match.id, anna, "strong")  # bots only
    game = registry.get("ships")
    state = await service.state_of(match.id)
    seat = min(game.actors(state))
    easy = make_bot(game, "easy").choose(game.view(state, seat), game.legal_actions(state, seat),
                                         bot_rng(state.seed, state.version, seat))
    await service.thinker.close()
    service.thinker = thinker = BotThinker(workers=1, think_seconds=0.02)
    stopped: list[int] = []
    try:
        await thinker.warm()
        assert thinker._pool is not None
        stopped = list(thinker._pool._processes)  # type: ignore[attr-defined]
        for pid in stopped:
            os.kill(pid, signal.SIGSTOP)
        thinker.limit = 1.0
        with caplog.at_level(logging.WARNING):
            moved = await asyncio.wait_for(service.run_bot_turns(match.id, delay=0, limit=1),
                                           20)
        assert moved == 1
        [row] = await service.storage.actions(match.id, after=state.version)
        assert (row.seat, row.action) == (seat, easy.model_dump(mode="json"))
        warnings = [r for r in caplog.records if r.levelno >= logging.WARNING]
        assert [r.name for r in warnings] == ["bot.painter"]
        assert "over 1 s" in warnings[0].getMessage() and "easy" in warnings[0].getMessage()
        assert thinker._pool is None  # killed; the next decision starts a new one
    finally:
        for pid in stopped:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        await thinker.close()


# --- 6. a command sent twice applies once ------------------------------------------------------
async def test_a_command_sent_twice_applies_once_and_says_so(harness: Harness) -> None:
    service = harness.service
    assert service is not None
    match_id = await started(service)
    user = await actor_user(service, match_id)
    first = await service.act(CH, user, {"type": "boost"}, sent_at=5000.0)
    second = await service.act(CH, user, {"type": "boost"}, sent_at=5000.3)
    assert first.ok and not second.ok and "Already done" in second.message
    assert len(await service.storage.actions(match_id)) == 1
    third = await service.act(CH, user, {"type": "boost"}, sent_at=5009.0)  # meant
    assert third.ok


async def test_undo_sent_twice_takes_back_one_and_names_it(harness: Harness) -> None:
    service = harness.service
    assert service is not None
    match_id = await started(service)
    user = await actor_user(service, match_id)
    assert (await service.act(CH, user, {"type": "boost"}, sent_at=100.0)).ok
    assert (await service.act(CH, user, {"type": "boost"}, sent_at=110.0)).ok
    undo = await service.undo(CH, user, sent_at=120.0)
    again = await service.undo(CH, user, sent_at=120.3)
    assert undo.ok and undo.message.startswith("Undone: Boost")
    assert not again.ok and "Already done" in again.message
    state = await service.state_of(match_id)
    assert len(state.undo_points) == 1  # one boost is still there
    assert any("took back: Boost" in line for n in harness.notices for line in n.lines)


# --- 7. joining and exporting at the edges ----------------------------------------------------
async def test_ten_joins_at_once_fill_six_seats(harness: Harness) -> None:
    service = harness.service
    assert service is not None
    await service.create(channel_id=CH, guild_id=1, game_id="ocean_trader", host_id=ANNA,
                         host_name="Anna")
    other_storage = await Storage.open(harness.path)
    other = MatchService(other_storage, harness.settings, run_bots=False)
    try:
        results = await asyncio.gather(
            *[(service if i % 2 else other).join(CH, 100 + i, f"P{i}") for i in range(10)],
            return_exceptions=True)
    finally:
        await other_storage.close()
    match = await service.storage.open_match(CH)
    assert match is not None
    assert len(await service.storage.seats(match.id)) == 6
    refusals = [r for r in results if isinstance(r, Exception)]
    assert len(refusals) == 5 and all("is full" in str(r) for r in refusals)


async def test_exports_are_rate_limited_and_never_hold_up_a_move(harness: Harness) -> None:
    service = harness.service
    assert service is not None and harness.storage is not None
    match_id = await started(service, target=8)
    while (await service.storage.get_match(match_id)).status == "active":
        assert (await service.act(CH, await actor_user(service, match_id),
                                  {"type": "roll"})).ok
    assert await service.export(match_id=match_id, requested_by=ANNA)
    with pytest.raises(Exception, match="a moment ago"):
        await service.export(match_id=match_id, requested_by=ANNA)
    assert await service.export(match_id=match_id, requested_by=BEN)  # another user
    second = await started_in(service, OTHER)
    async with harness.storage._read_lock:  # a long read under way on the reading connection
        move = await asyncio.wait_for(
            service.storage.append_action(second, expected_version=0, seat=0,
                                          action={"type": "roll"}, events=[]), 2)
    assert move == 1


async def started_in(service: MatchService, channel: int) -> int:
    match = await service.create(channel_id=channel, guild_id=1, game_id="race", host_id=CARL,
                                 host_name="Carl", seed=3)
    await service.join(channel, BEN, "Ben")
    await service.start(channel, CARL)
    return match.id


# --- 8. a fixed seed gives no one secret knowledge -------------------------------------------
async def test_a_chosen_seed_is_public_and_mixed_with_a_secret_shown_after_the_end(
        harness: Harness) -> None:
    service = harness.service
    assert service is not None
    harness.settings.mix_seeds = True
    match = await service.create(channel_id=CH, guild_id=1, game_id="race", host_id=ANNA,
                                 host_name="Anna", seed=42, options={"target": 8})
    other = await service.create(channel_id=OTHER, guild_id=1, game_id="race", host_id=ANNA,
                                 host_name="Anna", seed=42, options={"target": 8})
    assert match.chosen_seed == other.chosen_seed == 42
    assert match.seed != 42 and match.seed != other.seed  # the host cannot work it out
    assert any("Seed 42" in line for line in await service.status(CH))  # everyone sees it
    await service.join(CH, BEN, "Ben")
    start = await service.start(CH, ANNA)
    assert any("Seed 42" in line and "secret" in line for line in start.lines)
    with pytest.raises(Exception, match="once the game is over"):
        await service.export(channel_id=CH)
    while (await service.storage.get_match(match.id)).status == "active":
        assert (await service.act(CH, await actor_user(service, match.id),
                                  {"type": "roll"})).ok
    record = await service.export(match_id=match.id)
    assert record["seed_chosen"] == 42
    assert mix_seed(42, record["seed_secret"]) == record["setup"]["seed"]
    SetupRecord.model_validate(record["setup"]).create(registry.get("race"))


async def test_a_seed_too_large_for_storage_is_refused(harness: Harness) -> None:
    service = harness.service
    assert service is not None
    with pytest.raises(Exception, match="whole number from 0"):
        await service.create(channel_id=CH, guild_id=1, game_id="race", host_id=ANNA,
                             host_name="Anna", seed=2**64)
    assert await service.storage.open_match(CH) is None


# --- 9. growth -----------------------------------------------------------------------------------
async def test_a_finished_game_keeps_one_snapshot_and_leaves_memory(harness: Harness) -> None:
    service = harness.service
    assert service is not None
    match_id = await started(service, target=10)
    while (await service.storage.get_match(match_id)).status == "active":
        assert (await service.act(CH, await actor_user(service, match_id),
                                  {"type": "roll"})).ok
    with raw(harness) as db:
        (count,) = db.execute("SELECT count(*) FROM snapshots WHERE match_id = ?",
                              (match_id,)).fetchone()
    assert count == 1
    assert match_id not in service._states
    assert (await service.view(match_id, None))[1].finished  # rebuilt when looked at


async def test_memory_holds_a_bounded_number_of_games(harness: Harness) -> None:
    service = harness.service
    assert service is not None
    game = registry.get("race")
    for i in range(CACHED_STATES + 5):
        service._remember(i, game.setup({"target": 20, "energy": 2}, 2, i))
    assert len(service._states) == CACHED_STATES


async def test_games_ended_under_an_older_release_are_archived_at_the_start(
        harness: Harness) -> None:
    service = harness.service
    assert service is not None
    match_id = await started(service, target=8)
    while (await service.storage.get_match(match_id)).status == "active":
        assert (await service.act(CH, await actor_user(service, match_id),
                                  {"type": "roll"})).ok
    log = await service.storage.actions(match_id)
    await harness.close()
    with raw(harness) as db:  # as an older release left it: the log in rows
        for row in log:
            db.execute("INSERT INTO actions VALUES (?, ?, ?, ?, ?, ?)",
                       (match_id, row.seq, row.seat, json.dumps(row.action),
                        json.dumps(row.events), row.created_at))
        db.execute("DELETE FROM archived_logs")
    service = await harness.open()
    await service.catch_up()
    with raw(harness) as db:
        assert db.execute("SELECT count(*) FROM actions").fetchone() == (0,)
    assert [(r.seq, r.action) for r in await service.storage.actions(match_id)] == \
        [(r.seq, r.action) for r in log]


async def test_a_move_committed_while_a_game_is_read_never_sets_it_aside(
        harness: Harness) -> None:
    """A read outside the match's lock (status, the board, the choices) or another process
    may meet a move committed after it read the match's row: it gets the state at that row's
    version, and the game plays on."""
    first, _ = await two_games(harness)
    service = harness.service
    assert service is not None
    seen = await service.storage.get_match(first)  # read before the move below commits
    assert (await service.act(CH, await actor_user(service, first), {"type": "roll"})).ok
    fresh = MatchService(harness.storage, harness.settings, run_bots=False)  # type: ignore[arg-type]
    state = await fresh._state(seen)
    assert state.version == seen.version
    assert (await service.storage.get_match(first)).status == "active"


async def test_a_move_made_while_a_late_post_is_under_way_is_posted_once(
        harness: Harness) -> None:
    service = harness.service
    assert service is not None
    service.retry_first = 0.01
    match_id = await started(service)
    posted: list[Notice] = []
    failed = [False]

    async def flaky(notice: Notice) -> None:
        if not failed[0]:
            failed[0] = True
            raise DeliveryFailed(False, "503")
        if notice.lines and notice.lines[0].startswith("(Posted late"):
            for _ in range(100):  # the next move commits while this post is under way
                if (await service.storage.get_match(match_id)).version >= 2:
                    break
                await asyncio.sleep(0.01)
        posted.append(notice)
    service._notify = flaky
    assert (await service.act(CH, await actor_user(service, match_id), {"type": "roll"})).ok
    await asyncio.sleep(0.05)  # the late post has begun
    second = asyncio.ensure_future(service.act(CH, await actor_user(service, match_id),
                                               {"type": "roll"}))
    assert (await second).ok
    await service.idle()
    rolls = [line for n in posted for line in n.lines if " rolls " in line]
    assert len(rolls) == 2, [n.lines for n in posted]  # each move's line once
    assert await service.storage.announced(match_id) == 2


async def test_a_restored_game_gets_its_clocks_back(harness: Harness) -> None:
    first, _ = await two_games(harness)
    service = harness.service
    assert service is not None
    await service.update_settings(CH, ANNA, turn_hours=2)
    assert await service.storage.set_aside(first, "a test")
    assert await service.storage.deadline(first) is None
    await service.catch_up()
    assert (await service.storage.get_match(first)).status == "active"
    assert await service.storage.deadline(first) is not None
