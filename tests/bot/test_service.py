"""The match service on real SQLite files, driven with the test game Harbour Race."""

from __future__ import annotations

import asyncio
import json
import sqlite3

import pytest

from bot.service import MatchService, ServiceError
from bot.storage import Storage
from engine.core import LogEntry, SetupRecord, registry, replay

from .conftest import Harness

CH = 500
ANNA, BEN, CARL = 11, 12, 13


async def started(service: MatchService, seed: int = 4, bots: int = 0,
                  humans: tuple[int, ...] = (BEN,), target: int = 20) -> int:
    match = await service.create(channel_id=CH, guild_id=1, game_id="race", host_id=ANNA,
                                 host_name="Anna", seed=seed, options={"target": target})
    for user in humans:
        await service.join(CH, user, {BEN: "Ben", CARL: "Carl"}[user])
    for _ in range(bots):
        await service.add_bot(CH, ANNA)
    await service.start(CH, ANNA)
    return match.id


async def actor_user(service: MatchService, match_id: int) -> int:
    game = registry.get("race")
    state = await service.state_of(match_id)
    seats = await service.storage.seats(match_id)
    (seat,) = game.actors(state)
    user = seats[seat].user_id
    assert user is not None
    return user


async def other_user(service: MatchService, match_id: int) -> int:
    me = await actor_user(service, match_id)
    seats = await service.storage.seats(match_id)
    return next(s.user_id for s in seats if s.user_id not in (None, me))  # type: ignore[return-value]


async def test_lobby_rules(harness: Harness) -> None:
    service = harness.service
    assert service is not None
    await service.create(channel_id=CH, guild_id=1, game_id="race", host_id=ANNA,
                         host_name="Anna")
    with pytest.raises(ServiceError, match="already has a game"):
        await service.create(channel_id=CH, guild_id=1, game_id="race", host_id=BEN,
                             host_name="Ben")
    with pytest.raises(ServiceError, match="needs 2 to 4 players"):
        await service.start(CH, ANNA)
    await service.join(CH, BEN, "Ben")
    with pytest.raises(ServiceError, match="already joined"):
        await service.join(CH, BEN, "Ben")
    with pytest.raises(ServiceError, match="Only the host"):
        await service.start(CH, BEN)
    await service.leave(CH, BEN)
    with pytest.raises(ServiceError, match="not started"):
        await service.act(CH, ANNA, {"type": "roll"})


async def test_bad_options_are_refused_with_a_reason(harness: Harness) -> None:
    assert harness.service is not None
    with pytest.raises(ServiceError, match="at most 60"):
        await harness.service.create(channel_id=CH, guild_id=1, game_id="race", host_id=ANNA,
                                     host_name="Anna", options={"target": "99"})
    with pytest.raises(ServiceError, match="no option 'speed'"):
        await harness.service.create(channel_id=CH, guild_id=1, game_id="race", host_id=ANNA,
                                     host_name="Anna", options={"speed": "1"})
    with pytest.raises(ServiceError, match="No game 'chess'"):
        await harness.service.create(channel_id=CH, guild_id=1, game_id="chess", host_id=ANNA,
                                     host_name="Anna")


async def test_whole_game_announces_turns_and_keeps_secrets(harness: Harness) -> None:
    service = harness.service
    assert service is not None
    match_id = await started(service)
    start = harness.notices[-1]
    assert start.board and len(start.ping) == 1
    turns = 0
    while (await service.storage.get_match(match_id)).status == "active":
        user = await actor_user(service, match_id)
        choices = await service.choices(CH, user)
        labels = [c.label for c in choices]
        pick = next((c for c in choices if c.label.startswith("Play")), choices[-1])
        before = len(harness.notices)
        result = await service.act_choice(CH, user, pick.value)
        assert result.ok, (result.message, labels)
        notice = harness.notices[before]
        if notice.board and not notice.finished:
            turns += 1
            assert notice.ping and notice.ping != [user]  # the next player, once
        else:
            assert notice.ping == []
        for line in notice.lines:
            assert "draw" not in line.lower()  # drawn cards are private
        for who, lines in notice.private.items():
            assert who == user and all("draw" in line for line in lines)
    assert turns > 3
    final = harness.notices[-1]
    assert final.finished and any(x.startswith("The game is over") for x in final.lines)
    results = await service.storage.results("race")
    assert len(results) == 1
    assert await service.storage.open_match(CH) is None
    # the finished match leaves memory: its locks and its cached state
    assert match_id not in service._locks and match_id not in service._order
    assert match_id not in service._states


async def test_rejections_say_why_and_change_nothing(harness: Harness) -> None:
    service = harness.service
    assert service is not None
    match_id = await started(service)
    before = (await service.storage.get_match(match_id)).version
    waiting = await other_user(service, match_id)
    result = await service.act(CH, waiting, {"type": "roll"})
    assert not result.ok and "turn, not yours" in result.message
    mover = await actor_user(service, match_id)
    name = next(s.name for s in await service.storage.seats(match_id) if s.user_id == mover)
    assert name in result.message  # "It is Anna's turn", with the name filled in
    spectator = await service.act(CH, 999, {"type": "roll"})
    assert not spectator.ok and "not playing" in spectator.message
    mover = await actor_user(service, match_id)
    stale = await service.act(CH, mover, {"type": "roll"}, expected_version=before - 1 + 5)
    assert not stale.ok and "moved first" in stale.message
    junk = await service.act(CH, mover, {"type": "roll", "dice": 6})
    assert not junk.ok and "not a move" in junk.message
    hand_typed = await service.act_choice(CH, mover, "v0:99")
    assert not hand_typed.ok
    assert (await service.storage.get_match(match_id)).version == before
    assert await service.storage.actions(match_id) == []


async def test_stale_choice_value_is_out_of_date(harness: Harness) -> None:
    service = harness.service
    assert service is not None
    match_id = await started(service)
    user = await actor_user(service, match_id)
    old = await service.choices(CH, user)
    boost = next(c for c in old if c.label.startswith("Boost"))
    assert (await service.act_choice(CH, user, boost.value)).ok
    again = await service.act_choice(CH, user, boost.value)  # a second click
    assert not again.ok and "Already done" in again.message
    assert len(await service.storage.actions(match_id)) == 1
    assert (await service.act(CH, user, {"type": "roll"})).ok
    late = await service.act_choice(CH, user, boost.value)  # two moves later: out of date
    assert not late.ok and "out of date" in late.message


async def test_undo_is_logged_not_deleted(harness: Harness) -> None:
    service = harness.service
    assert service is not None
    match_id = await started(service)
    user = await actor_user(service, match_id)
    before = await service.state_of(match_id)
    assert (await service.act(CH, user, {"type": "boost"})).ok
    assert (await service.undo(CH, user)).ok
    after = await service.state_of(match_id)
    assert after.model_copy(update={"version": 0}) == before.model_copy(update={"version": 0})
    log = await service.storage.actions(match_id)
    assert [e.action["type"] for e in log] == ["boost", "undo"]
    assert not (await service.undo(CH, user)).ok  # nothing left to undo
    assert (await service.act(CH, user, {"type": "roll"})).ok
    assert not (await service.undo(CH, user)).ok  # dice were rolled


async def test_restart_restores_the_game_exactly(harness: Harness) -> None:
    service = harness.service
    assert service is not None
    match_id = await started(service, target=60)
    for _ in range(13):  # past a snapshot (every 5) and into the log after it
        user = await actor_user(service, match_id)
        choice = (await service.choices(CH, user))[-1]
        assert (await service.act_choice(CH, user, choice.value)).ok
    live = await service.state_of(match_id)
    service = await harness.restart()
    assert await service.state_of(match_id) == live


async def test_failure_before_commit_loses_nothing_and_applies_nothing_twice(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = harness.service
    assert service is not None and harness.storage is not None
    match_id = await started(service)
    user = await actor_user(service, match_id)
    assert (await service.act(CH, user, {"type": "boost"})).ok
    acknowledged = await service.state_of(match_id)

    async def broken(*args: object, **kwargs: object) -> int:
        raise OSError("disk unplugged")

    monkeypatch.setattr(harness.storage, "append_action", broken)
    refused = await service.act(CH, user, {"type": "roll"})
    assert not refused.ok and "could not be saved" in refused.message
    monkeypatch.undo()
    assert await service.state_of(match_id) == acknowledged
    service = await harness.restart()
    assert await service.state_of(match_id) == acknowledged
    assert (await service.act(CH, user, {"type": "roll"}, expected_version=1)).ok
    again = await service.act(CH, user, {"type": "roll"}, expected_version=1)
    assert not again.ok and "Already done" in again.message  # the same choice, sent twice
    assert [e.seq for e in await service.storage.actions(match_id)] == [1, 2]


async def test_two_clicks_at_once_apply_exactly_one(harness: Harness) -> None:
    service = harness.service
    assert service is not None
    match_id = await started(service)
    user = await actor_user(service, match_id)
    results = await asyncio.gather(
        *[service.act(CH, user, {"type": "roll"}, expected_version=0) for _ in range(5)]
    )
    assert sum(r.ok for r in results) == 1
    assert len(await service.storage.actions(match_id)) == 1


async def test_two_services_on_one_file_apply_exactly_one(harness: Harness) -> None:
    service = harness.service
    assert service is not None
    match_id = await started(service)
    user = await actor_user(service, match_id)
    other_storage = await Storage.open(harness.path)
    other = MatchService(other_storage, harness.settings, run_bots=False)
    try:
        results = await asyncio.gather(
            service.act(CH, user, {"type": "roll"}, expected_version=0),
            other.act(CH, user, {"type": "roll"}, expected_version=0),
        )
    finally:
        await other_storage.close()
    assert sorted(r.ok for r in results) == [False, True]
    assert len(await service.storage.actions(match_id)) == 1


async def test_bot_seats_play_through_step(harness: Harness) -> None:
    service = harness.service
    assert service is not None
    match_id = await started(service, bots=2, humans=())
    for _ in range(200):
        await service.idle()
        match = await service.storage.get_match(match_id)
        if match.status != "active":
            break
        user = await actor_user(service, match_id)
        assert user == ANNA  # bots never leave a human waiting on them
        assert (await service.act(CH, ANNA, {"type": "roll"})).ok
    assert (await service.storage.get_match(match_id)).status == "finished"
    seats = {s.seat: s for s in await service.storage.seats(match_id)}
    movers = {e.seat for e in await service.storage.actions(match_id)}
    assert {s for s, row in seats.items() if row.bot} <= movers


async def test_export_only_after_the_end_and_it_replays(harness: Harness) -> None:
    service = harness.service
    assert service is not None
    match_id = await started(service, bots=1, humans=())
    with pytest.raises(ServiceError, match="once the game is over"):
        await service.export(channel_id=CH)
    while (await service.storage.get_match(match_id)).status == "active":
        await service.idle()
        if (await service.storage.get_match(match_id)).status != "active":
            break
        await service.act(CH, ANNA, {"type": "roll"})
    record = json.loads(json.dumps(await service.export(match_id=match_id)))
    game = registry.get("race")
    final = replay(game, SetupRecord.model_validate(record["setup"]),
                   [LogEntry.model_validate(e) for e in record["actions"]])
    assert final == await service.state_of(match_id)


async def test_abort_needs_host_or_manage_channels(harness: Harness) -> None:
    service = harness.service
    assert service is not None
    await started(service)
    with pytest.raises(ServiceError, match="Only the host"):
        await service.abort(CH, BEN)
    match = await service.current(CH)
    assert match is not None
    await service.abort(CH, BEN, can_manage=True)
    assert await service.storage.open_match(CH) is None
    assert match.id not in service._locks and match.id not in service._states


async def test_deadline_reminds_then_a_bot_plays_the_turn(harness: Harness) -> None:
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
    harness.clock.now += 3.5 * 3600
    reminders = await service.tick()
    assert len(reminders) == 1 and reminders[0].ping == [late]
    assert await service.tick() == []  # a reminder is sent once
    service = await harness.restart()  # the deadline survives a restart
    harness.clock.now += 1 * 3600
    await service.tick()
    await service.idle()
    state = await service.state_of(match.id)
    assert state.turn == 1  # a bot finished the late player's turn
    assert await actor_user(service, match.id) != late
    assert any("missed the deadline" in line for n in harness.notices for line in n.lines)
    count = len(await service.storage.actions(match.id))
    await service.tick()
    await service.idle()
    assert len(await service.storage.actions(match.id)) == count  # handled once


async def test_deadline_missed_while_down_is_handled_once_by_remove(harness: Harness) -> None:
    service = harness.service
    assert service is not None
    await service.create(channel_id=CH, guild_id=1, game_id="race", host_id=ANNA,
                         host_name="Anna", seed=4)
    await service.join(CH, BEN, "Ben")
    await service.update_settings(CH, ANNA, turn_hours=1, policy="remove")
    await service.start(CH, ANNA)
    match = await service.storage.open_match(CH)
    assert match is not None
    late = await actor_user(service, match.id)
    await harness.close()
    harness.clock.now += 30 * 3600  # the bot was down for a day
    service = await harness.open()
    await service.tick()
    await service.idle()
    seats = await service.storage.seats(match.id)
    assert [s.bot for s in seats if s.name.startswith(("Anna", "Ben")) and s.user_id is None]
    assert all(s.user_id != late for s in seats)


async def test_bot_seats_due_to_move_resume_after_a_restart(harness: Harness) -> None:
    service = harness.service
    assert service is not None
    service.run_bots = False  # the bot is "down" before its seat can move
    match_id = await started(service, bots=1, humans=())
    # Anna rolls if it is her turn; either way a bot seat is now due to move
    await service.act(CH, ANNA, {"type": "roll"})
    version = (await service.storage.get_match(match_id)).version
    service = await harness.restart()
    await service.resume()
    await service.idle()
    assert (await service.storage.get_match(match_id)).version > version
    assert await actor_user(service, match_id) == ANNA


async def test_an_unanswered_bribe_times_out_to_the_games_default(harness: Harness) -> None:
    """Secret bribes in Empires at Sea have a time limit; the missing answer is no bribe."""
    from engine.core import Rng

    service = harness.service
    assert service is not None
    match = await service.create(channel_id=CH, guild_id=1, game_id="empires", host_id=ANNA,
                                 host_name="Anna", seed=5)
    await service.join(CH, BEN, "Ben")
    await service.update_settings(CH, ANNA, answer_seconds=120)
    await service.start(CH, ANNA)
    game = registry.get("empires")
    users = {s.seat: s.user_id for s in await service.storage.seats(match.id)}
    rng = Rng.from_seed(1)
    for _ in range(400):  # play sensible moves until both are asked for a bribe
        state = await service.state_of(match.id)
        actors = sorted(game.actors(state))
        if getattr(state, "phase", "") == "bribe" and len(actors) == 2:
            break
        seat = actors[0]
        action = game.bots()["standard"].choose(game.view(state, seat),
                                                game.legal_actions(state, seat), rng)
        assert (await service.act(CH, users[seat], action)).ok  # type: ignore[arg-type]
    else:
        raise AssertionError("no bribe phase reached")
    first, second = actors
    # the notice that asked for the bribes says until when, in each reader's own time
    [due] = [int(d.due_at) for d in await service.storage.deadlines(match.id)
             if d.kind == "answer"]
    asked = harness.notices[-1]
    assert set(asked.ping) == {users[first], users[second]}
    assert f"Time to answer: until <t:{due}:t> (<t:{due}:R>); then" in asked.lines[-1]
    assert due == int(harness.clock.now) + 120
    assert (await service.act(CH, users[first], {"type": "bribe", "amount": 0})).ok  # type: ignore[arg-type]
    assert not any("Time to answer" in line for line in harness.notices[-1].lines)
    harness.clock.now += 60
    await service.tick()
    assert game.actors(await service.state_of(match.id)) == {second}  # not yet
    harness.clock.now += 61  # one clock for both: the first answer did not reset it
    await service.tick()
    await service.idle()
    state = await service.state_of(match.id)
    assert second not in game.actors(state) or getattr(state, "phase", "") != "bribe"
    late = next(s.name for s in await service.storage.seats(match.id) if s.seat == second)
    assert any(f"{late} did not answer in time." in line
               for n in harness.notices for line in n.lines)
    log = await service.storage.actions(match.id)
    assert log[-1].seat == second or any(e.seat == second and e.action["type"] == "bribe"
                                         for e in log)


async def test_a_notice_cut_off_by_a_stop_is_posted_again_at_the_next_start(
        harness: Harness) -> None:
    """The move is committed, then the process stops before its notice goes out (here: the
    delivery never finishes). The next start posts the lines, the board and the ping."""
    service = harness.service
    assert service is not None
    match_id = await started(service)
    user = await actor_user(service, match_id)
    stuck = asyncio.Event()

    async def never(notice: object) -> None:
        stuck.set()
        await asyncio.Event().wait()  # the process dies while posting
    service._notify = never
    move = asyncio.ensure_future(service.act(CH, user, {"type": "roll"}))
    await stuck.wait()
    move.cancel()
    version = (await service.storage.get_match(match_id)).version
    assert version == 1 and await service.storage.unannounced()
    harness.notices.clear()
    service = await harness.restart()
    await service.catch_up()
    [notice] = harness.notices
    assert notice.version == version and notice.board
    assert any("rolls" in line or "roll" in line for line in notice.lines[1:]), notice.lines
    assert notice.ping == [await actor_user(service, match_id)]
    assert await service.storage.unannounced() == []
    await service.catch_up()  # once only
    assert len(harness.notices) == 1


async def test_a_game_whose_end_a_stop_cut_off_is_finished_at_the_next_start(
        harness: Harness) -> None:
    """Releases before the end was committed with its move could stop between the two; such a
    database is finished at the next start."""
    service = harness.service
    assert service is not None
    match_id = await started(service, target=8)
    for _ in range(200):
        state = await service.state_of(match_id)
        if registry.get("race").outcome(state) is not None:
            break
        assert (await service.act(CH, await actor_user(service, match_id),
                                  {"type": "roll"})).ok
    assert (await service.storage.get_match(match_id)).status == "finished"  # with the move
    await harness.close()
    with sqlite3.connect(harness.path) as raw:  # as an older release could leave it
        raw.execute("DELETE FROM results")
        raw.execute("UPDATE matches SET announced = -1")
        raw.execute("UPDATE matches SET status = 'active', finished_at = NULL")
    service = await harness.open()
    await service.catch_up()
    assert (await service.storage.get_match(match_id)).status == "finished"
    assert len(await service.storage.results("race")) == 1
