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

from bot.painter import WorkerPool
from engine.core import Action, Rng, View, registry
from engine.core.bots import make_bot


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

    async def choose(self, game_id: str, bot_name: str, view: View, legal: list[Action],
                     rng: Rng) -> Action:
        return await self.run(think, game_id, bot_name, self.think_seconds, view, legal, rng)
