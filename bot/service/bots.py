"""Bot seats and background work.

Bots move one action at a time, through the same commit as people, while a bot may act. Every
background task runs supervised: a failure is retried with growing pauses and told in the
channel once it persists. :meth:`BotSeats.idle` waits until all of it is done.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from bot.notices import Notice
from bot.service.base import RETRY_MOST, SURFACE_AFTER, ServiceBase, disk_full, log
from bot.service.results import ActResult, ServiceError
from bot.storage import MatchRow, SeatRow
from engine.core import Action, Game, State, bot_rng
from engine.core import bots as kinds

BOT_SEATS = "bot seats"  # the job of a match (ServiceBase._running) that lets its bots act


class BotSeats(ServiceBase):
    async def resume(self, background: bool = False) -> None:
        """After a start (and :meth:`catch_up`): lets bot seats that were due to move carry
        on. Each match on its own: one that cannot be loaded is set aside, the rest go on. Only
        the matches of this process's shards."""
        if background:
            self._spawn(self.resume())
            return
        for match_id in await self.storage.active_with_bots(self.shards):
            try:
                match = await self.storage.get_match(match_id)
                game = self._game(match.game)
                seats = await self.storage.seats(match.id)
                state = await self._state(match)
                if any(seats[s].bot for s in game.actors(state)):
                    self._maybe_run_bots(match.id)
            except ServiceError:
                continue  # set aside (and told) by _state
            except Exception:
                log.exception("match %s: resuming its bot seats failed", match_id)
            await asyncio.sleep(0)  # let interactions in between

    def _maybe_run_bots(self, match_id: int) -> None:
        """Lets the match's bot seats act, in the background: one runner a match. Asked while
        one runs, that runner looks once more before it stops (a move it did not see may
        have made a bot's turn); a second runner would only think the same move again."""
        if not self.run_bots or self.stopping:
            return
        key = (match_id, BOT_SEATS)
        if key in self._running:
            self._bots_again.add(match_id)
            return

        async def job() -> None:
            try:
                while not self.stopping:
                    self._bots_again.discard(match_id)
                    await self._supervised(match_id, "bot seats",
                                           lambda: self.run_bot_turns(match_id))
                    if match_id not in self._bots_again:
                        break
            finally:
                self._running.pop(key, None)
                self._bots_again.discard(match_id)

        self._running[key] = self._spawn(job())

    async def idle(self) -> None:
        """Waits until no bot is thinking, no background work runs and no move is being
        committed or announced (for tests and orderly shutdown). Lines held for a turn's
        message go out at once."""
        while self._tasks or self._moving:
            self.flush_held()
            await asyncio.gather(*list(self._tasks), return_exceptions=True)
            if self._moving:
                await asyncio.sleep(0.05)

    async def run_bot_turns(self, match_id: int, delay: float | None = None,
                            limit: int | None = None) -> int:
        """Lets bot seats act, one action at a time, while a bot may act (at most ``limit``
        actions). Returns the count. A move that could not be saved raises (the supervisor
        tries again later)."""
        try:
            return await self._bot_turns(match_id, delay, limit)
        finally:
            self._evict(match_id)  # when the game is over

    async def _bot_turns(self, match_id: int, delay: float | None, limit: int | None) -> int:
        pause = self.settings.bot_delay if delay is None else delay
        moves = 0
        while (limit is None or moves < limit) and not self.stopping:
            if pause:
                await asyncio.sleep(pause)
            if self.stopping:
                break
            # the bot thinks without the match's lock, so that people answering at the same
            # moment (a reaction window) are not kept waiting; its move is then committed
            # under the lock, only if nobody moved meanwhile (else it thinks anew)
            looked = await self._bot_to_move(match_id)
            if looked is None:
                return moves
            game, state, seat, bot_name = looked
            action = await self._bot_choice(game, state, seat, bot_name)
            async with self._announcing(match_id) as announce:
                match = await self.storage.get_match(match_id)
                if match.status != "active":
                    return moves
                try:
                    now = await self._state(match)
                except ServiceError:
                    return moves  # set aside: its channel was told
                if now.version != state.version:
                    continue
                seats = await self.storage.seats(match_id)
                result = await self._bot_commit(match, game, state, seats, seat, bot_name,
                                                action)
                if result.notice is not None:
                    announce.append(result.notice)
            if not result.ok:
                return moves
            moves += 1
        return moves

    async def _bot_to_move(self, match_id: int) -> tuple[Game[Any], State, int, str] | None:
        """The game, its state, and the first bot seat that may act with its bot's name; or
        ``None`` when no bot may act (or the match cannot be loaded: its channel was told)."""
        match = await self.storage.get_match(match_id)
        if match.status != "active" or not await self.channel_reachable(match_id):
            return None  # (bot seats wait while the channel does not hear the game)
        game = self._game(match.game)
        try:
            state = await self._state(match)
        except ServiceError:
            return None
        seats = await self.storage.seats(match_id)
        waiting = [s for s in sorted(game.actors(state)) if seats[s].bot]
        if not waiting:
            return None
        return game, state, waiting[0], self._bot_name(game, seats[waiting[0]].bot)

    @staticmethod
    def _bot_name(game: Game[Any], stored: str | None) -> str:
        """The bot a seat's stored name means now (an old name is read as its new one)."""
        try:
            return kinds.resolve(game, stored)
        except KeyError:
            log.warning("a seat names an unknown bot %r; the default bot plays it",
                        (stored or "")[:40])
            return kinds.default_bot(game)

    async def _bot_choice(self, game: Game[Any], state: State, seat: int,
                          bot_name: str) -> Action:
        """The bot's move, thought out off the event loop (:class:`bot.thinker.BotThinker`).
        A bot that fails is stood in for by the next weaker one, for this move."""
        legal = game.legal_actions(state, seat)
        if not legal:
            raise RuntimeError(f"bot seat {seat} may act but has no legal action")
        rng = bot_rng(state.seed, state.version, seat)
        view = game.view(state, seat)
        name: str | None = bot_name
        while name is not None:
            try:
                if name == "strong":
                    return await self.thinker.choose(game.id, name, view, legal, rng)
                return kinds.make_bot(game, name).choose(view, legal, rng)
            except Exception:
                weaker = kinds.FALLBACK.get(name)
                log.exception("the %s bot failed to choose; the %s bot moves instead", name,
                              weaker or "first legal")
                name = weaker
        return legal[0]

    async def _bot_move(self, match: MatchRow, game: Game[Any], state: State,
                        seats: list[SeatRow], seat: int, bot_name: str) -> ActResult:
        """One bot action through ``step``; must be called under the match's lock."""
        action = await self._bot_choice(game, state, seat, bot_name)
        return await self._bot_commit(match, game, state, seats, seat, bot_name, action)

    async def _bot_commit(self, match: MatchRow, game: Game[Any], state: State,
                          seats: list[SeatRow], seat: int, bot_name: str,
                          action: Action) -> ActResult:
        """Commits a bot's move (under the match's lock). A move that is refused, which is a
        bug in that bot, is logged and replaced by the next weaker bot's."""
        result = await self._commit(match, game, state, seats, seat, action, state.version)
        name = bot_name
        while not result.ok:
            log.error("match %s: the %s bot's move was refused (%s)", match.id, name,
                      result.message)
            weaker = kinds.FALLBACK.get(name)
            if weaker is None:
                raise RuntimeError(f"bot seat {seat}: a legal move was refused")
            name = weaker
            action = await self._bot_choice(game, state, seat, name)
            result = await self._commit(match, game, state, seats, seat, action,
                                        state.version)
        return result

    async def _supervised(self, match_id: int, what: str,
                          run: Callable[[], Awaitable[Any]]) -> None:
        """Runs ``run`` until it succeeds: a failure is logged (in full once, then briefly),
        tried again after a growing pause, and told in the channel once it persists. Nothing
        waits for ever on a task that failed once."""
        failures = 0
        while not self.stopping:
            try:
                await run()
                if failures >= SURFACE_AFTER:
                    await self._tell(match_id, f"The {what} work in this game is running "
                                     "again.")
                return
            except asyncio.CancelledError:
                raise
            except Exception as err:
                failures += 1
                if failures == 1:
                    log.exception("match %s: %s failed; trying again", match_id, what)
                else:
                    log.warning("match %s: %s failed again (%s; attempt %d)", match_id, what,
                                type(err).__name__, failures)
                if failures == SURFACE_AFTER:
                    reason = "the bot's storage is full" if disk_full(err) else \
                        "something went wrong on the bot's side"
                    await self._tell(match_id, f"The {what} work in this game keeps failing "
                                     f"({reason}). It is retried by itself and play resumes "
                                     "once it succeeds; nothing is lost.")
                await asyncio.sleep(min(RETRY_MOST, self.retry_first * 2 ** (failures - 1)))

    async def _tell(self, match_id: int, line: str) -> None:
        try:
            match = await self.storage.get_match(match_id)
            await self._deliver(Notice(match.id, match.channel_id, match.version, lines=[line]))
        except Exception:
            log.warning("match %s: could not tell the channel about a problem", match_id)
