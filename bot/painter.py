"""Where boards are drawn: in a small pool of worker processes, or in a thread.

Drawing and encoding a board is CPU work (50-100 ms). In a thread it competes with the event
loop for the interpreter, so under load interactions wait to be acknowledged and boards queue;
worker processes draw in parallel and leave the event loop alone. Views are sent to the workers
pickled (they are plain pydantic models) and PNG bytes come back. ``workers=0`` draws in a
thread of this process: the tests use it, and any game whose renderer is registered only here
(not importable by a fresh process) needs it.

A worker that dies (killed, out of memory) breaks the pool; the board is then drawn in a thread
and a new pool is started for the next one. A worker whose parent is gone (the bot was killed
with SIGKILL) exits by itself within a second, rather than linger.

A piece of work that runs past its time limit (a worker that hangs: a deadlock, a swap storm,
a pathological board) is given up: that pool's processes are killed and a new pool is started
for the next piece of work, and the caller gets :class:`WorkTimedOut` (a board is then posted
without its image; a bot's thinking gives way to the game's easy bot, see ``bot.thinker``).
Other work that was under way in the killed pool is done again in a thread, as after a worker
died. A pool never holds more pieces of work than it has workers (the rest wait their turn
here), so a limit times the work itself and a fresh worker's start, never a queue. Work done in
a thread (``workers=0``, or after a worker died) has no limit: a thread cannot be stopped.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar
from weakref import WeakSet

from engine import catalog
from engine.core import View
from render import catalog as render_catalog

log = logging.getLogger(__name__)
T = TypeVar("T")

# A board is drawn in 15-60 ms at the 95th percentile (bench/render.py, ships, empires and
# ocean_trader: 37, 28 and 62 ms), the first one in a worker in about 0.5 s (it builds the cached
# static board) and a fresh worker starts in about 1 s; under heavy load (README, "Running it
# for a large community") a board was posted 1.4 s after the move at the 95th percentile,
# queueing included. 30 s is far beyond any of that, and short enough that a game whose board
# hangs goes on after a pause rather than never.
BOARD_SECONDS = 30.0
# A whole game's work (the replay GIF draws every board of the game, the summary replays it
# all): a 57-turn Ships game's GIF takes about 4.5 s (README, "After the game"), and a long
# Ocean Trader game or a GIF made again narrower takes several times that.
WHOLE_GAME_SECONDS = 300.0


class WorkTimedOut(TimeoutError):
    """A piece of work ran past its time limit in a worker, which was then killed."""


class WorkerPool:
    """A few worker processes for CPU work off the event loop, or a thread when there are
    none (see the module): boards and summaries here, bots' thinking in ``bot.thinker``.
    ``kind`` names the workers in the log."""

    kind = "board"
    #: seconds a piece of work may take in a worker, unless ``run`` is given its own limit
    limit = WHOLE_GAME_SECONDS

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None
        self._closed = False
        # at most one piece of work per worker in the pool at a time (see the module)
        self._slots = asyncio.Semaphore(max(workers, 1))
        self._killed: WeakSet[ProcessPoolExecutor] = WeakSet()  # pools stopped for a hang

    async def run(self, work: Callable[..., T], *args: Any, limit: float | None = None,
                  instead: str = "given up") -> T:
        """``work(*args)`` (a plain function of picklable arguments) in a worker when there
        are workers, else in a thread. Closing: no new pool for a last piece of work. Work
        that takes longer than ``limit`` seconds (``self.limit`` if not given) in a worker
        raises :class:`WorkTimedOut`, once the pool's processes are killed; ``instead`` says
        in the log what the caller does then."""
        if self.workers <= 0 or self._closed:
            return await asyncio.to_thread(work, *args)
        seconds = self.limit if limit is None else limit
        async with self._slots:
            pool = self._pool or self._start()
            future = asyncio.get_running_loop().run_in_executor(pool, work, *args)
            try:
                done, _ = await asyncio.wait({future}, timeout=seconds)
            except asyncio.CancelledError:
                future.cancel()
                raise
            if not done:
                future.cancel()
                # only the name of the work and the limit: never its arguments (views, hands)
                log.warning("a %s worker ran %s for over %g s and was stopped (%s); a new "
                            "pool starts with the next piece of work", self.kind,
                            getattr(work, "__name__", "work"), seconds, instead)
                self._kill(pool)
                raise WorkTimedOut(f"{self.kind} work ran for over {seconds:g} s")
            try:
                return future.result()
            except BrokenProcessPool:
                if self._pool is pool:
                    self._pool = None
                if pool not in self._killed:  # (a pool killed for a hang was told and shut)
                    log.warning("a %s worker died; doing this in a thread, new pool next",
                                self.kind)
                    pool.shutdown(wait=False, cancel_futures=True)
        return await asyncio.to_thread(work, *args)

    def _kill(self, pool: ProcessPoolExecutor) -> None:
        """Kills the processes of ``pool`` (SIGKILL: a hung or stopped process may never get
        to a gentler signal) and lets it go; the next piece of work starts a new pool. The pool
        then breaks: other work under way in it is done again in a thread."""
        if self._pool is pool:
            self._pool = None
        if pool in self._killed:
            return
        self._killed.add(pool)
        processes = list((getattr(pool, "_processes", None) or {}).values())
        results = getattr(pool, "_result_queue", None)
        for process in processes:
            with contextlib.suppress(Exception):
                process.kill()
        # the pool's own thread then fails what is still pending (BrokenProcessPool) and reaps
        # the processes; without our end of the results pipe, a result a killed worker had
        # half written ends in EOF there instead of a wait for the rest
        with contextlib.suppress(Exception):
            results._writer.close()  # type: ignore[union-attr]
        pool.shutdown(wait=False)  # not cancel_futures: pending work must fail, not vanish

    async def warm(self) -> None:
        """Starts the workers now (each a fresh interpreter that imports the games and
        renderers), so that the first piece of work after a start is as fast as the others."""
        if self.workers <= 0 or self._closed or self._pool is not None:
            return
        pool = self._start()
        loop = asyncio.get_running_loop()
        try:
            await asyncio.gather(*[loop.run_in_executor(pool, ready)
                                   for _ in range(self.workers)])
        except BrokenProcessPool:
            log.warning("a %s worker died while starting; a new pool comes with the next "
                        "piece of work", self.kind)
            if self._pool is pool:
                self._pool = None

    def _start(self) -> ProcessPoolExecutor:
        # "spawn": a fresh interpreter, not a fork of one running an event loop and threads
        self._pool = ProcessPoolExecutor(max_workers=self.workers,
                                         mp_context=multiprocessing.get_context("spawn"),
                                         initializer=start_worker, initargs=(os.getpid(),))
        return self._pool

    async def close(self) -> None:
        """Stops the workers, waiting (off the event loop) for work under way; a pool shut
        without waiting trips over its own closed pipe when the interpreter exits. A worker
        that is still busy after ``self.limit``, or when whoever waits for the close gives up
        (cancels it), is killed: a hung worker would keep the pool, and so the interpreter's
        exit, waiting for ever."""
        self._closed = True
        pool, self._pool = self._pool, None
        if pool is None:
            return
        closing = asyncio.ensure_future(
            asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True))
        try:
            done, _ = await asyncio.wait({closing}, timeout=self.limit)
        except asyncio.CancelledError:
            self._kill(pool)
            raise
        if not done:
            log.warning("a %s worker was still busy %g s into the close and was stopped",
                        self.kind, self.limit)
            self._kill(pool)
            await closing


class BoardPainter(WorkerPool):
    board_limit = BOARD_SECONDS

    async def draw(self, game_id: str, view: View, names: Sequence[str]) -> bytes:
        """The board's PNG; raises :class:`WorkTimedOut` when drawing it hung (the message
        is then posted without it)."""
        return await self.run(render_catalog.draw, game_id, view, list(names),
                              limit=self.board_limit, instead="the board is left out")


def ready() -> bool:
    return True


def start_worker(parent: int) -> None:
    """A worker's start: watch the parent, and know every game (a whole game's summary or
    replay replays its record)."""
    watch_parent(parent)
    catalog.load()


def watch_parent(parent: int) -> None:
    """In a worker: leave Ctrl+C to the bot (which closes the pool), and exit as soon as the
    bot process that started it is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)
    threading.Thread(target=watch, name="parent-watch", daemon=True).start()
