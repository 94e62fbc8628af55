"""Games whose channel cannot hear them: storage keeps since when the channel has been out of
reach (a refusal saying so while one is recorded keeps that time; one of another kind clears
it), finds the games that have been out of reach and untouched since a moment, and ends one
as abandoned in one transaction, once."""

from __future__ import annotations

import asyncio

from bot.storage import Shards, Storage
from tests.pg import Backend

from .helpers import FakeClock, new_active

DAY = 86400.0
SEATS = [{"seat": 0, "user_id": 1, "name": "user1", "bot": None, "left_user_id": None},
         {"seat": 1, "user_id": 2, "name": "user2", "bot": None, "left_user_id": None},
         {"seat": 2, "user_id": 3, "name": "user3", "bot": None, "left_user_id": None}]


def abandoned(why: str = "its channel could not be reached for 14 days") -> dict[str, object]:
    return {"end_reason": "abandoned", "ranks": [], "scores": [], "abandoned": why,
            "unrated": "the game's channel could not be reached"}


async def test_a_refusal_keeps_the_time_the_refusals_began(storage: Storage,
                                                          clock: FakeClock) -> None:
    match = await new_active(storage)
    assert await storage.unreachable_since(match.id) is None
    assert await storage.record_delivery_problem(match.id, 0, "channel gone", lost=True)
    began = await storage.unreachable_since(match.id)
    assert began is not None and abs(began - clock.now) < 1
    clock.advance(DAY)
    assert await storage.record_delivery_problem(match.id, 0, "access lost", lost=True)
    assert not await storage.record_delivery_problem(match.id, 0, "access lost", lost=True)
    assert await storage.unreachable_since(match.id) == began  # still out of reach since then
    assert await storage.delivery_problem(match.id) == (0, "access lost")
    assert await storage.mark_announced(match.id, 0)  # a post got through
    assert await storage.unreachable_since(match.id) is None
    clock.advance(DAY)
    await storage.record_delivery_problem(match.id, 0, "channel gone", lost=True)
    assert (await storage.unreachable_since(match.id) or 0) > began + DAY  # a new stretch


async def test_games_out_of_reach_and_untouched_since_a_moment(storage: Storage,
                                                              clock: FakeClock) -> None:
    lost = await new_active(storage, channel_id=1)
    moved = await new_active(storage, channel_id=2)
    fine = await new_active(storage, channel_id=3)
    late = await new_active(storage, channel_id=4)
    ended = await new_active(storage, channel_id=5)
    for match in (lost, moved, ended):
        await storage.record_delivery_problem(match.id, 0, "channel gone", lost=True)
    clock.advance(10 * DAY)
    await storage.record_delivery_problem(late.id, 0, "channel gone", lost=True)
    await storage.append_action(moved.id, expected_version=0, seat=0, action={"type": "x"},
                                events=[])  # someone plays on where the bot cannot post
    await storage.abort_match(ended.id)
    clock.advance(5 * DAY)
    cutoff = clock.now - 14 * DAY
    assert await storage.long_unreachable(cutoff) == [lost.id]
    assert await storage.long_unreachable(clock.now - 4 * DAY) == [lost.id, moved.id, late.id]
    assert fine.id not in await storage.long_unreachable(clock.now)
    # only the games of this process's shards (the helper's matches are on guild 7: shard 0)
    assert await storage.long_unreachable(cutoff, Shards.of([0], 2)) == [lost.id]
    assert await storage.long_unreachable(cutoff, Shards.of([1], 2)) == []


async def test_an_abandoned_game_is_ended_unrated_with_its_log_kept(
        storage: Storage, backend: Backend, clock: FakeClock) -> None:
    match = await new_active(storage)
    for version in range(3):
        await storage.append_action(match.id, expected_version=version, seat=version,
                                    action={"type": "x", "n": version}, events=[])
    await storage.set_deadline(match.id, version=3, seats=[0], due_at=clock.now + 3600,
                               remind_at=None)
    await storage.mark_announced(match.id, 1)
    await storage.record_delivery_problem(match.id, 2, "channel gone", lost=True)
    clock.advance(15 * DAY)
    assert await storage.abandon_match(match.id, before=clock.now - 14 * DAY,
                                       outcome=abandoned(), seats=SEATS) == "channel gone"
    over = await storage.get_match(match.id)
    assert over.status == "finished" and over.finished_at is not None
    result = await storage.result(match.id)
    assert result is not None and result["end_reason"] == "abandoned"
    assert result["outcome"]["abandoned"] == "its channel could not be reached for 14 days"
    assert await storage.ratings(7, "ships") == []  # nobody rated
    assert [a.action["n"] for a in await storage.actions(match.id)] == [0, 1, 2]  # archived
    assert await backend.count("actions", match.id) == 0
    assert await storage.deadlines(match.id) == []
    # nothing is left to post to a channel that is gone, nor tried again
    assert await storage.delivery_problem(match.id) is None
    assert await storage.announced(match.id) == 3
    assert match.id not in await storage.refused_matches() + await storage.unannounced()
    # the channel, and the seats, are free
    assert await storage.open_match(over.channel_id) is None
    assert [m.id for m, _ in await storage.finished(guild_id=7)] == [match.id]
    assert await storage.abandon_match(match.id, before=clock.now, outcome=abandoned(),
                                       seats=SEATS) is None  # once


async def test_a_game_heard_again_or_played_on_is_not_abandoned(storage: Storage,
                                                                clock: FakeClock) -> None:
    back = await new_active(storage, channel_id=1)
    played = await new_active(storage, channel_id=2)
    for match in (back, played):
        await storage.record_delivery_problem(match.id, 0, "channel gone", lost=True)
    clock.advance(15 * DAY)
    await storage.mark_announced(back.id, 0)  # a post got through just now
    await storage.append_action(played.id, expected_version=0, seat=0, action={"type": "x"},
                                events=[])
    for match in (back, played):
        assert not await storage.abandon_match(match.id, before=clock.now - 14 * DAY,
                                               outcome=abandoned(), seats=SEATS)
        assert (await storage.get_match(match.id)).status == "active"
        assert await storage.result(match.id) is None


async def test_two_processes_abandon_a_game_once(backend: Backend, clock: FakeClock) -> None:
    one = await Storage.open(backend.target, clock=clock)
    two = await Storage.open(backend.target, clock=clock)
    try:
        match = await new_active(one)
        await one.record_delivery_problem(match.id, 0, "channel gone", lost=True)
        clock.advance(15 * DAY)
        cutoff = clock.now - 14 * DAY
        done = await asyncio.gather(
            one.abandon_match(match.id, before=cutoff, outcome=abandoned(), seats=SEATS),
            two.abandon_match(match.id, before=cutoff, outcome=abandoned(), seats=SEATS))
        assert sorted(map(str, done)) == ["None", "channel gone"]
        assert len(await one.results()) == 1
    finally:
        await one.close()
        await two.close()


async def test_refusals_for_what_a_post_holds_are_no_channel_out_of_reach(
        storage: Storage, clock: FakeClock) -> None:
    """Only a refusal saying the channel is out of reach (``lost``: deleted, the bot removed
    or short of a permission) starts the clock; one for what a post holds (a payload Discord
    will not take) neither starts it nor lets it run."""
    payload = await new_active(storage, channel_id=1)
    then_payload = await new_active(storage, channel_id=2)
    await storage.record_delivery_problem(payload.id, 0, "channel 1: 400 50035")
    await storage.record_delivery_problem(then_payload.id, 0, "channel 2: 404 10003",
                                          lost=True)
    clock.advance(10 * DAY)
    await storage.record_delivery_problem(then_payload.id, 0, "channel 2: 413 40005")
    clock.advance(5 * DAY)
    before = clock.now - 14 * DAY
    assert await storage.long_unreachable(before) == []
    assert not await storage.abandon_match(payload.id, before=before, outcome=abandoned(),
                                           seats=SEATS)
    assert await storage.unreachable_since(payload.id) is None
    assert await storage.delivery_problem(payload.id) == (0, "channel 1: 400 50035")
    # lost again: a new stretch, from now; another lost refusal keeps its start
    await storage.record_delivery_problem(then_payload.id, 0, "channel 2: 403 50013",
                                          lost=True)
    began = await storage.unreachable_since(then_payload.id)
    assert began is not None and abs(began - clock.now) < 1
    clock.advance(DAY)
    await storage.record_delivery_problem(then_payload.id, 0, "channel 2: 404 10003",
                                          lost=True)
    assert await storage.unreachable_since(then_payload.id) == began


async def test_what_the_bot_itself_changes_is_no_move(storage: Storage,
                                                      clock: FakeClock) -> None:
    """"Nobody moved" reads the last action: a release upgrading a game's rules version, or
    setting it aside and restoring it, changes the match but does not restart its clock."""
    upgraded = await new_active(storage, channel_id=1)
    restored = await new_active(storage, channel_id=2)
    for match in (upgraded, restored):
        await storage.append_action(match.id, expected_version=0, seat=0,
                                    action={"type": "x"}, events=[])
    clock.advance(DAY)
    for match in (upgraded, restored):
        await storage.record_delivery_problem(match.id, 1, "channel gone", lost=True)
    lost_at = clock.now
    clock.advance(10 * DAY)
    await storage.upgrade_log(upgraded.id, rules_version="2",
                              entries=[(1, {"type": "x"}, [])], state_json='{"turn":0}',
                              version=1)
    assert await storage.set_aside(restored.id, "unreadable")
    assert await storage.restore(restored.id)
    for match in (upgraded, restored):
        since = await storage.unreachable_since(match.id)
        assert since is not None and abs(since - lost_at) < 1
    clock.advance(5 * DAY)
    before = clock.now - 14 * DAY
    assert await storage.long_unreachable(before) == [upgraded.id, restored.id]
    for match in (upgraded, restored):
        assert await storage.abandon_match(match.id, before=before, outcome=abandoned(),
                                           seats=SEATS) == "channel gone"
        result = await storage.result(match.id)
        assert result is not None and result["outcome"]["refused"] == "channel gone"
