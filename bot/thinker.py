"""Where bots think: in worker processes, or in a thread.

A strong bot spends about half a second of CPU on a move. In the bot's own process that time
would be taken from the event loop (threads share the interpreter), and people's clicks in
every other game would wait for it; so bots think in a small pool of worker processes, like
boards are drawn (:mod:`bot.painter`). The worker gets the game's id, the bot's name, the
seat's view, its legal actions and the decision's generator (all plain pydantic models,
pickled) and sends back the chosen action. ``workers=0`` thinks in a thread of this process:
the tests use it, and so must any game registered only here (a fresh process would not know
it).

A worker that dies breaks the pool; that decision is then made in a thread and a new pool
starts for the next one. Thinking time is counted on the thinking thread's own CPU clock, so
a busy machine makes a bot slower to answer, never weaker.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from bot.painter import ready, start_worker
from engine.core import Action, Rng, View, registry
from engine.core.bots import make_bot

log = logging.getLogger(__name__)


def think(game_id: str, bot_name: str, think_seconds: float, view: View,
          legal: list[Action], rng: Rng) -> Action:
    """One decision, anywhere: in a worker process or a thread."""
    game = registry.get(game_id)
    return make_bot(game, bot_name, think_seconds).choose(view, legal, rng)


class BotThinker:
    def __init__(self, workers: int, think_seconds: float) -> None:
        self.workers = workers
        self.think_seconds = think_seconds
        self._pool: ProcessPoolExecutor | None = None
        self._closed = False

    async def choose(self, game_id: str, bot_name: str, view: View, legal: list[Action],
                     rng: Rng) -> Action:
        args = (game_id, bot_name, self.think_seconds, view, legal, rng)
        if self.workers <= 0 or self._closed:
            return await asyncio.to_thread(think, *args)
        pool = self._pool or self._start()
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, think, *args)
        except BrokenProcessPool:
            log.warning("a bot worker died; this move is thought out in a thread, new pool "
                        "next")
            if self._pool is pool:
                self._pool = None
            pool.shutdown(wait=False, cancel_futures=True)
            return await asyncio.to_thread(think, *args)

    async def warm(self) -> None:
        """Starts the workers now, so that the first bot move after a start is not slower."""
        if self.workers <= 0 or self._closed or self._pool is not None:
            return
        pool = self._start()
        loop = asyncio.get_running_loop()
        try:
            await asyncio.gather(*[loop.run_in_executor(pool, ready)
                                   for _ in range(self.workers)])
        except BrokenProcessPool:
            log.warning("a bot worker died while starting; a new pool comes with a move")
            if self._pool is pool:
                self._pool = None

    def _start(self) -> ProcessPoolExecutor:
        self._pool = ProcessPoolExecutor(max_workers=self.workers,
                                         mp_context=multiprocessing.get_context("spawn"),
                                         initializer=start_worker, initargs=(os.getpid(),))
        return self._pool

    async def close(self) -> None:
        self._closed = True
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)
