"""A turn reads as one message: the lines of a turn's moves are gathered into the notice that
ends it; a long turn lets them out meanwhile as its running notice; anything else, a stop or a
crash lets out (or posts again) what was held, once and in order."""

from __future__ import annotations

import asyncio

from bot.notices import Notice
from bot.service import MatchService
from engine.core import registry

from .conftest import Harness
from .test_service import ANNA, CH, actor_user, started


def gathering(harness: Harness, seconds: float) -> None:
    harness.settings = harness.settings.model_copy(update={"turn_batch_seconds": seconds})
    assert harness.service is not None
    harness.service.settings = harness.settings


def lines_of(notices: list[Notice]) -> list[str]:
    return [line for n in notices for line in n.lines]


async def test_a_turns_lines_go_out_with_its_board_in_one_notice(harness: Harness) -> None:
    gathering(harness, 60)
    service = harness.service
    assert service is not None
    match_id = await started(service)
    user = await actor_user(service, match_id)
    before = len(harness.notices)
    assert (await service.act(CH, user, {"type": "boost"})).ok
    assert (await service.act(CH, user, {"type": "boost"})).ok
    assert len(harness.notices) == before  # held: nothing is posted mid-turn
    assert await service.storage.announced(match_id) < (await service.match(match_id)).version
    assert (await service.act(CH, user, {"type": "roll"})).ok
    [turn] = harness.notices[before:]
    assert turn.board and turn.ping and not turn.running
    assert turn.lines[0].endswith("boosts (+1).") and turn.lines[1].endswith("boosts (+2).")
    assert "rolls" in turn.lines[2]
    version = (await service.match(match_id)).version
    assert turn.version == version and turn.since == version - 3
    assert await service.storage.announced(match_id) == version


async def test_a_long_turn_shows_its_lines_in_a_running_notice(harness: Harness) -> None:
    gathering(harness, 0.05)
    service = harness.service
    assert service is not None
    match_id = await started(service)
    user = await actor_user(service, match_id)
    before = len(harness.notices)
    assert (await service.act(CH, user, {"type": "boost"})).ok
    await asyncio.sleep(0.3)
    [first] = harness.notices[before:]
    assert first.running and not first.board and first.lines[0].endswith("boosts (+1).")
    assert await service.storage.announced(match_id) == first.version
    assert (await service.act(CH, user, {"type": "boost"})).ok
    await asyncio.sleep(0.3)
    assert (await service.act(CH, user, {"type": "roll"})).ok
    second, last = harness.notices[before + 1:]
    assert second.running and second.lines == [line for line in second.lines if "(+2)" in line]
    assert last.board and len(last.lines) == 1 and "rolls" in last.lines[0]
    # every line once, in order
    said = lines_of(harness.notices[before:])
    assert [("(+1)" in t, "(+2)" in t, "rolls" in t) for t in said] == [
        (True, False, False), (False, True, False), (False, False, True)]


async def test_a_side_notice_lets_the_held_lines_out_first(harness: Harness) -> None:
    gathering(harness, 60)
    service = harness.service
    assert service is not None
    match_id = await started(service)
    user = await actor_user(service, match_id)
    before = len(harness.notices)
    assert (await service.act(CH, user, {"type": "boost"})).ok
    await service.abort(CH, ANNA)
    held, aborted = harness.notices[before:]
    assert held.lines[0].endswith("boosts (+1).") and held.running
    assert aborted.lines == ["The game was aborted."]
    assert await service.storage.announced(match_id) == held.version


async def test_a_stop_lets_the_held_lines_out(harness: Harness) -> None:
    gathering(harness, 60)
    service = harness.service
    assert service is not None
    match_id = await started(service)
    user = await actor_user(service, match_id)
    assert (await service.act(CH, user, {"type": "boost"})).ok
    service.stopping = True
    await asyncio.wait_for(service.idle(), 5)  # not the 60 s of gathering
    assert harness.notices[-1].lines[0].endswith("boosts (+1).")
    assert await service.storage.announced(match_id) == (await service.match(match_id)).version


async def test_lines_held_when_the_bot_dies_are_posted_at_the_next_start(
        harness: Harness) -> None:
    gathering(harness, 60)
    service = harness.service
    assert service is not None and harness.storage is not None
    match_id = await started(service)
    user = await actor_user(service, match_id)
    assert (await service.act(CH, user, {"type": "boost"})).ok
    before = len(harness.notices)
    # the process dies: its held lines are gone with it, and nothing recorded them as posted
    for task in list(service._tasks):
        task.cancel()
    fresh = MatchService(harness.storage, harness.settings, harness.record, clock=harness.clock)
    await fresh.catch_up()
    [again] = harness.notices[before:]
    assert again.lines[0] == "(The bot was restarted before it could post this.)"
    assert again.lines[1].endswith("boosts (+1).")
    assert await fresh.storage.announced(match_id) == (await fresh.match(match_id)).version
    harness.service = fresh


async def test_a_bots_whole_turn_is_one_notice(harness: Harness) -> None:
    gathering(harness, 60)
    service = harness.service
    assert service is not None
    match_id = await started(service, bots=2, humans=())
    for _ in range(2000):  # not idle(), which would let out what is held at once
        match = await service.match(match_id)
        if match.status == "finished":
            break
        state = await service.state_of(match_id)
        seats = await service.storage.seats(match_id)
        if any(seats[s].user_id == ANNA for s in registry.get("race").actors(state)):
            # Anna's turn: she rolls at once
            await service.act(CH, ANNA, {"type": "roll"}, expected_version=state.version)
        await asyncio.sleep(0.01)
    else:
        raise AssertionError("the game did not finish")
    turns = [n for n in harness.notices if n.board and n.match_id == match_id][1:]
    assert turns, "the bots played"
    # every move's notice but the start ends a turn: the bots' boosts and cards ride along
    # with it (after the last, the game's summary follows, which is no move's notice)
    assert all(n.board for n in harness.notices if n.match_id == match_id and n.ledger)
    assert any(len(n.lines) > 1 for n in turns)
