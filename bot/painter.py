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
"""

from __future__ import annotations

import asyncio
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

from engine import catalog
from engine.core import View
from render import catalog as render_catalog

log = logging.getLogger(__name__)
T = TypeVar("T")


class WorkerPool:
    """A few worker processes for CPU work off the event loop, or a thread when there are
    none (see the module): boards and summaries here, bots' thinking in ``bot.thinker``.
    ``kind`` names the workers in the log."""

    kind = "board"

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None
        self._closed = False

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        """``work(*args)`` (a plain function of picklable arguments) in a worker when there
        are workers, else in a thread. Closing: no new pool for a last piece of work."""
        if self.workers <= 0 or self._closed:
            return await asyncio.to_thread(work, *args)
        pool = self._pool or self._start()
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, work, *args)
        except BrokenProcessPool:
            log.warning("a %s worker died; doing this in a thread, new pool next", self.kind)
            if self._pool is pool:
                self._pool = None
            pool.shutdown(wait=False, cancel_futures=True)
            return await asyncio.to_thread(work, *args)

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
        without waiting trips over its own closed pipe when the interpreter exits."""
        self._closed = True
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)


class BoardPainter(WorkerPool):
    async def draw(self, game_id: str, view: View, names: Sequence[str]) -> bytes:
        return await self.run(render_catalog.draw, game_id, view, list(names))


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
