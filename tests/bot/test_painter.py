"""Boards drawn in worker processes: the same bytes as in a thread, and a dead or hung worker
costs nothing but a fresh pool."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import time

import pytest

from bot.painter import BOARD_SECONDS, BoardPainter, WorkTimedOut
from render import catalog
from render.ships.sample import sample_view

NAMES = ["Ann", "Ben", "Cleo", "Dev"]


async def test_a_worker_draws_the_same_board_as_a_thread() -> None:
    view = sample_view()
    painter = BoardPainter(1)
    try:
        drawn = await painter.draw("ships", view, NAMES)
        assert painter._pool is not None and painter._pool._processes  # type: ignore[attr-defined]
    finally:
        await painter.close()
    assert drawn == catalog.draw("ships", view, NAMES)


async def test_a_killed_worker_is_replaced_and_the_board_still_comes() -> None:
    view = sample_view()
    painter = BoardPainter(1)
    try:
        first = await painter.draw("ships", view, NAMES)
        pool = painter._pool
        assert pool is not None
        for pid in list(pool._processes):  # type: ignore[attr-defined]
            os.kill(pid, signal.SIGKILL)
        again = await painter.draw("ships", view, NAMES)  # drawn in a thread this once
        assert again == first
        third = await painter.draw("ships", view, NAMES)
        assert third == first and painter._pool is not pool
    finally:
        await painter.close()


async def test_no_workers_means_a_thread() -> None:
    painter = BoardPainter(0)
    assert await painter.draw("ships", sample_view(), NAMES)
    assert painter._pool is None


# --- a worker that hangs -------------------------------------------------------------------
def _gone(pid: int, within: float = 10.0) -> bool:
    """Whether process ``pid`` has ended (and been reaped) within ``within`` seconds."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    return False


def _kill_all(pids: list[int]) -> None:
    """Kills what a test stopped (the old code would leave a stopped worker behind, and its
    pool's close would wait for it for ever)."""
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


async def test_a_hung_worker_is_killed_and_the_board_left_out_within_the_limit(
        caplog: pytest.LogCaptureFixture) -> None:
    """A worker that hangs (stopped, as in a deadlock) no longer holds up the game for
    good: after the time limit the board is given up (the message goes out without it), the
    stopped process is killed, and the next board comes from a fresh pool."""
    view = sample_view()
    painter = BoardPainter(1)
    stopped: list[int] = []
    try:
        first = await painter.draw("ships", view, NAMES)
        pool = painter._pool
        assert pool is not None
        stopped = list(pool._processes)  # type: ignore[attr-defined]
        for pid in stopped:
            os.kill(pid, signal.SIGSTOP)
        painter.board_limit = 1.0  # (a fresh worker's start takes about as long)
        started = time.monotonic()
        with caplog.at_level(logging.WARNING, logger="bot.painter"):
            with pytest.raises(WorkTimedOut):
                await asyncio.wait_for(painter.draw("ships", view, NAMES), 20)
        assert time.monotonic() - started < 1.0 + 2.0
        assert all(_gone(pid) for pid in stopped)
        [record] = [r for r in caplog.records if r.name == "bot.painter"]
        assert record.levelno == logging.WARNING and "over 1 s" in record.getMessage()
        painter.board_limit = BOARD_SECONDS
        again = await asyncio.wait_for(painter.draw("ships", view, NAMES), 20)
        assert again == first and painter._pool is not None and painter._pool is not pool
        assert not set(painter._pool._processes) & set(stopped)  # type: ignore[attr-defined]
    finally:
        _kill_all(stopped)
        await painter.close()


async def test_work_past_its_limit_is_stopped_and_other_work_still_comes() -> None:
    """A piece of work that runs far past its limit (a sleep) is given up within the limit
    and its worker killed; work that was under way beside it in the same pool is done again
    in a thread, and the next piece of work runs in a new pool."""
    painter = BoardPainter(2)
    pids: list[int] = []
    try:
        await painter.warm()
        pool = painter._pool
        assert pool is not None
        pids = list(pool._processes)  # type: ignore[attr-defined]
        started = time.monotonic()
        hung = asyncio.ensure_future(painter.run(time.sleep, 600, limit=0.5))
        beside = asyncio.ensure_future(painter.run(time.sleep, 1.0, limit=20))
        with pytest.raises(WorkTimedOut):
            await asyncio.wait_for(hung, 20)
        assert time.monotonic() - started < 0.5 + 2.0
        assert await asyncio.wait_for(beside, 20) is None  # done again, in a thread
        assert all(_gone(pid) for pid in pids)
        assert await asyncio.wait_for(painter.run(os.getpid), 20) not in pids + [os.getpid()]
        assert painter._pool is not None and painter._pool is not pool
    finally:
        _kill_all(pids)
        await painter.close()


@pytest.mark.parametrize("how", ["own limit", "caller gives up"])
async def test_closing_kills_a_hung_worker_rather_than_wait_for_it(how: str) -> None:
    """A hung worker no longer keeps the close (and the bot's exit) waiting for ever: it is
    killed after the pool's limit, or as soon as whoever waits for the close gives up."""
    painter = BoardPainter(1)
    stopped: list[int] = []
    try:
        await painter.warm()
        assert painter._pool is not None
        stopped = list(painter._pool._processes)  # type: ignore[attr-defined]
        for pid in stopped:
            os.kill(pid, signal.SIGSTOP)
        started = time.monotonic()
        if how == "own limit":
            painter.limit = 1.0
            await asyncio.wait_for(painter.close(), 20)
        else:
            with pytest.raises(TimeoutError):
                await asyncio.wait_for(painter.close(), 1.0)  # like WORKERS_GRACE
        assert time.monotonic() - started < 1.0 + 2.0
        assert all(_gone(pid) for pid in stopped)
    finally:
        _kill_all(stopped)
        await painter.close()
