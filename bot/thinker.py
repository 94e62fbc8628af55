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

A worker that thinks far past its budget (``think_limit``) has hung: its pool is killed (the
next decision starts a new one) and the game's easy bot makes this move, in a thread, from the
same view, legal actions and generator: every game's bot seats wait once for the limit, never
for good.
"""

from __future__ import annotations

import asyncio

from bot.painter import WorkerPool, WorkTimedOut
from engine.core import Action, Rng, View, registry
from engine.core.bots import make_bot

# A decision may take this many times the bot's CPU budget in wall time: the budget is counted
# on the thinking thread's CPU clock, and on a busy machine (2 cores shared with the event loop
# and the board workers) the worker gets a third of a core or less; the search also ends a
# little past its budget (its last round of playouts).
THINK_MARGIN = 4.0
# ... plus this much: a fresh worker's start (about 1 s, a fresh interpreter that imports
# every game; several times that on a busy machine) and sending the view and the answer.
THINK_EXTRA_SECONDS = 30.0


def think_limit(think_seconds: float) -> float:
    """Seconds a decision may take in a worker before the worker counts as hung (32 s at
    the default budget of 0.5 s, 70 s at the most, 10 s)."""
    return think_seconds * THINK_MARGIN + THINK_EXTRA_SECONDS


def think(game_id: str, bot_name: str, think_seconds: float, view: View,
          legal: list[Action], rng: Rng) -> Action:
    """One decision, anywhere: in a worker process or a thread."""
    game = registry.get(game_id)
    return make_bot(game, bot_name, think_seconds).choose(view, legal, rng)


class BotThinker(WorkerPool):
    kind = "bot"

    def __init__(self, workers: int, think_seconds: float) -> None:
        super().__init__(workers)
        self.think_seconds = think_seconds
        self.limit = think_limit(think_seconds)

    async def choose(self, game_id: str, bot_name: str, view: View, legal: list[Action],
                     rng: Rng) -> Action:
        """The bot's action; the easy bot's (from the same seat's view) when the worker hung.
        (Our ``rng`` is untouched by the worker, which got a copy.)"""
        try:
            return await self.run(think, game_id, bot_name, self.think_seconds, view, legal,
                                  rng, instead="the easy bot moves instead")
        except WorkTimedOut:
            return await asyncio.to_thread(think, game_id, "easy", self.think_seconds, view,
                                           legal, rng)
