"""Bot seats as a host picks them (strong by default, easy, random by name), what the channel
calls them, and bots thinking off the event loop (and a hung one giving way)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import time

import pytest

from bot.service import ServiceError
from bot.thinker import BotThinker, think_limit
from engine import catalog
from engine.core import Accepted, Rng, registry, step
from engine.core.bots import bot_rng, make_bot

from .conftest import Harness

CH = 700
ANNA = 21
catalog.load()


async def test_addbot_gives_the_strongest_unless_named(harness: Harness) -> None:
    service = harness.service
    assert service is not None
    match = await service.create(channel_id=CH, guild_id=1, game_id="ships", host_id=ANNA,
                                 host_name="Anna", seed=3, exact_seed=True)
    await service.add_bot(CH, ANNA)
    await service.add_bot(CH, ANNA, "Standard")  # the old name of easy
    with pytest.raises(ServiceError, match=r"No bot 'grandmaster' for Ships \(bots: strong, "
                                           r"easy, random\)"):
        await service.add_bot(CH, ANNA, "grandmaster")
    seats = await service.storage.seats(match.id)
    assert [(s.name, s.bot) for s in seats] == [
        ("Anna", None), ("Bot 1 (strong)", "strong"), ("Bot 2 (easy)", "easy")]


async def test_a_game_of_bots_plays_on_and_the_channel_names_them(harness: Harness) -> None:
    service = harness.service
    assert service is not None
    service.run_bots = False  # moved here, a few at a time
    match = await service.create(channel_id=CH, guild_id=1, game_id="ships", host_id=ANNA,
                                 host_name="Anna", seed=5, exact_seed=True)
    await service.add_bot(CH, ANNA, "strong")
    await service.start(CH, ANNA)
    seats = await service.storage.seats(match.id)
    anna = next(s.seat for s in seats if s.user_id == ANNA)
    assert anna is not None
    await service.storage.replace_seat_with_bot(match.id, anna, "easy")
    moved = await service.run_bot_turns(match.id, delay=0, limit=30)
    assert moved == 30
    lines = [line for n in harness.notices for line in n.lines]
    assert any("Bot 1 (strong)" in line for line in lines)
    assert any("Anna (bot)" in line for line in lines)
    # every move went through step: the log replays to the same state
    state = await service.state_of(match.id)
    assert state.version >= 30


async def test_bots_think_in_a_worker_process_and_the_loop_runs_meanwhile() -> None:
    """A strong bot thinking half a second in the worker leaves the event loop free: a
    timer ticking every 10 ms never waits long."""
    game = registry.get("ships")
    state = game.setup(game.resolve_options({}), 2, 9)
    seat = min(game.actors(state))
    legal = game.legal_actions(state, seat)
    thinker = BotThinker(workers=1, think_seconds=0.5)
    try:
        await thinker.warm()  # the worker's start (a fresh interpreter) is not measured
        gaps: list[float] = []
        done = asyncio.Event()

        async def tick() -> None:
            last = time.perf_counter()
            while not done.is_set():
                await asyncio.sleep(0.01)
                now = time.perf_counter()
                gaps.append(now - last)
                last = now

        ticking = asyncio.ensure_future(tick())
        started = time.perf_counter()
        action = await thinker.choose("ships", "strong", game.view(state, seat), legal,
                                      bot_rng(9, state.version, seat))
        thought = time.perf_counter() - started
        done.set()
        await ticking
    finally:
        await thinker.close()
    assert isinstance(step(game, state, seat, action, state.version), Accepted)
    assert thought >= 0.4  # it did think, in the worker
    assert max(gaps) < 0.25, max(gaps)


async def test_a_thread_thinks_the_same_way_when_there_are_no_workers() -> None:
    game = registry.get("empires")
    state = game.setup(game.resolve_options({}), 2, 4)
    seat = min(game.actors(state))
    legal = game.legal_actions(state, seat)
    action = await BotThinker(workers=0, think_seconds=0.05).choose(
        "empires", "strong", game.view(state, seat), legal, Rng.from_seed(1))
    assert action in legal


async def test_a_hung_bot_worker_gives_way_to_the_easy_bot_within_the_limit() -> None:
    """A bot worker that hangs (stopped, as in a deadlock) no longer stops every game's bot
    seats: after the limit the worker is killed and the game's easy bot moves, from the same
    seat's view; the next decision thinks in a fresh pool."""
    game = registry.get("ships")
    state = game.setup(game.resolve_options({}), 3, 9)
    seat = min(game.actors(state))
    legal = game.legal_actions(state, seat)
    view = game.view(state, seat)
    thinker = BotThinker(workers=1, think_seconds=0.05)
    stopped: list[int] = []
    try:
        await thinker.warm()
        pool = thinker._pool
        assert pool is not None
        stopped = list(pool._processes)  # type: ignore[attr-defined]
        for pid in stopped:
            os.kill(pid, signal.SIGSTOP)
        thinker.limit = 1.0
        started = time.monotonic()
        action = await asyncio.wait_for(
            thinker.choose("ships", "strong", view, legal, bot_rng(9, state.version, seat)), 20)
        assert time.monotonic() - started < 1.0 + 2.0
        easy = make_bot(game, "easy").choose(view, legal, bot_rng(9, state.version, seat))
        assert action == easy and action in legal
        assert isinstance(step(game, state, seat, action, state.version), Accepted)
        for pid in stopped:  # the stopped worker is gone (killed and reaped)
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline and os.path.exists(f"/proc/{pid}"):
                await asyncio.sleep(0.05)
            assert not os.path.exists(f"/proc/{pid}")
        thinker.limit = think_limit(0.05)
        again = await asyncio.wait_for(
            thinker.choose("ships", "strong", view, legal, bot_rng(9, state.version, seat)), 60)
        assert again in legal and thinker._pool is not None and thinker._pool is not pool
    finally:
        for pid in stopped:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        await thinker.close()


async def test_one_bot_runner_a_match_however_often_it_is_asked(harness: Harness) -> None:
    """Every move asks for the match's bot seats to act; asked while a runner is going, the
    runner looks once more rather than a second one thinking the same move again."""
    service = harness.service
    assert service is not None
    service.run_bots = False
    match = await service.create(channel_id=CH, guild_id=1, game_id="race", host_id=ANNA,
                                 host_name="Anna", seed=5, exact_seed=True)
    await service.add_bot(CH, ANNA, "random")
    await service.add_bot(CH, ANNA, "random")
    await service.start(CH, ANNA)
    seats = await service.storage.seats(match.id)
    anna = next(s.seat for s in seats if s.user_id == ANNA)
    assert anna is not None
    await service.storage.replace_seat_with_bot(match.id, anna, "random")
    thinking = 0
    most = 0
    choose = service._bot_choice

    async def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        nonlocal thinking, most
        thinking += 1
        most = max(most, thinking)
        try:
            await asyncio.sleep(0.01)
            return await choose(*args, **kwargs)
        finally:
            thinking -= 1

    service._bot_choice = counted  # type: ignore[method-assign]
    service.run_bots = True
    for _ in range(5):
        service._maybe_run_bots(match.id)
    assert len([k for k in service._running if k[0] == match.id]) == 1
    await service.idle()
    assert most == 1  # never two decisions of one match at once
    assert (await service.storage.get_match(match.id)).status == "finished"
    assert not service._running and not service._bots_again
