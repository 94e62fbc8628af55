"""Announcements: notices handed to the adapter in commit order, and every move's notice made
sure of.

A move's notice counts as announced only once the adapter delivered it; the next one carries
what an undelivered one missed; a transient failure is posted again later (one job per match),
a permanent one is recorded and not retried until a notice gets through. At a start, catch-up
posts what a stop kept from the channels, records an end a stop cut off, and tries again the
games an earlier release set aside.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator
from typing import Any

from bot import history
from bot.notices import (
    DeliveryFailed,
    Notice,
    name_seats,
    private_lines,
    public_lines,
    result_lines,
)
from bot.service.base import (
    RETRY_MOST,
    STORAGE_FAULTS,
    Announced,
    Delivery,
    ServiceBase,
    log,
)
from bot.service.results import ChannelOutOfReach, ServiceError
from bot.service.texts import seed_line
from bot.storage import MatchRow, SeatRow, WrongStatus
from engine.core import Event, Outcome

SUMMARY_TRIES = 6  # a game's summary refused for now is tried this often, pauses doubling
# a game whose posts were refused for good is tried again after this many seconds, then after
# pauses doubling up to REFUSED_MOST (and at each start, and at once by /game status)
REFUSED_FIRST, REFUSED_MOST = 600.0, 6 * 3600.0
REFUSED_ROUND = 60.0  # seconds at least between two looks for them
# seconds between two looks for games whose channel has not heard them for abandon_days
# (the first tick after a start looks at once)
ABANDON_EVERY = 3600.0
DAY = 86400.0
ABANDON = "abandon"  # the job (ServiceBase._running, match 0) that ends them
UNRATED = "the game's channel could not be reached"


def days_text(days: float) -> str:
    """``14 days``, ``1 day``, ``0.5 days``: an abandon_days figure in words."""
    return f"{days:g} day{'' if days == 1 else 's'}"


class Announcements(ServiceBase):
    @contextlib.asynccontextmanager
    async def _announcing(self, match_id: int) -> AsyncIterator[Announced]:
        """Holds the match's lock for the body, which commits and puts what it has to announce
        in the list it is given. The notices are delivered once the match lock is let go, so a
        slow render or upload never holds up the next move, yet in commit order: the order
        lock is taken before the match lock is released; afterwards the list's ``through``
        holds those the adapter took. (A body that raises announces nothing.)"""
        notices = Announced()
        async with self._locks[match_id]:
            yield notices
            await self._order[match_id].acquire()
        try:
            for notice in notices:
                if await self._deliver(notice) == "through":
                    notices.through.append(notice)
        finally:
            self._order[match_id].release()
            self._evict(match_id)

    async def _deliver(self, notice: Notice) -> Delivery:
        """Hands a notice to the adapter, gathering a turn's lines first: a move in the middle
        of a turn that asks nobody anything is held (``turn_batch_seconds`` at most) and goes
        out with the next notice, so that a turn reads as one message with its board. What
        is still held when the time is up goes out as the turn's running message (which the
        adapter edits as the turn goes on). Anything else first lets the held lines out.
        Returns what became of ``notice`` (held: "unsent")."""
        held = self._held.pop(notice.match_id, None)
        if held is not None:
            if notice.ledger:
                _merge(held, notice)
            else:
                held.running = True
                await self._deliver_now(held)
        if self._holds(notice):
            self._held[notice.match_id] = notice
            self._flush_later(notice.match_id)
            return "unsent"
        return await self._deliver_now(notice)

    def _holds(self, notice: Notice) -> bool:
        return (self._notify is not None and self.settings.turn_batch_seconds > 0
                and not self.stopping and notice.ledger and not notice.board
                and not notice.ping and not notice.finished)

    def _flush_later(self, match_id: int) -> None:
        """Lets a match's held lines out once ``turn_batch_seconds`` have passed since the
        first of them (one such job per match), or at once when the service stops or is
        waited on (``flush_held``)."""
        if (match_id, "batch") in self._running:
            return

        async def job() -> None:
            try:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._flushing.wait(),
                                           self.settings.turn_batch_seconds)
                async with self._order[match_id]:
                    held = self._held.pop(match_id, None)
                    if held is not None:
                        held.running = True
                        await self._deliver_now(held)
            finally:
                self._running.pop((match_id, "batch"), None)
                self._evict(match_id)

        self._running[(match_id, "batch")] = self._spawn(job())

    def flush_held(self) -> None:
        """Every held line goes out now (shutdown, and tests that wait for what is posted)."""
        if self._held or any(job == "batch" for _, job in self._running):
            self._flushing.set()
            self._flushing = asyncio.Event()

    async def _deliver_now(self, notice: Notice) -> Delivery:
        """Hands a notice to the adapter. A move's notice (``ledger``) counts as announced
        only once the adapter took it; one that follows a notice that never got out carries
        the lines it missed. A transient failure is retried in the background with growing
        pauses; a permanent one (the channel gone, access lost) is recorded and told once, and
        the next notice tries again. Returns what became of it."""
        if self._notify is None:
            return "unsent"
        if notice.ledger:
            announced = await self.storage.announced(notice.match_id)
            if notice.version <= announced:
                return "through"  # a late post already covered it
            if notice.since is not None and announced < notice.since:
                await self._add_missed(notice, announced)
        try:
            await self._notify(notice)
        except DeliveryFailed as err:
            await self._delivery_failed(notice, err)
            return "refused" if err.permanent else "failed"
        except Exception as err:  # delivery never undoes a committed move
            log.exception("match %s: delivering a notice failed", notice.match_id)
            await self._delivery_failed(notice, DeliveryFailed(False, type(err).__name__))
            return "failed"
        if notice.ledger:
            try:
                await self._got_through(notice.match_id, notice.version)
            except Exception:  # at worst the notice is posted again after a restart
                log.exception("match %s: recording an announcement failed", notice.match_id)
            if notice.finished:
                self._spawn(self._summarise(notice.match_id, notice.channel_id,
                                            notice.version))
        return "through"

    async def _summarise(self, match_id: int, channel_id: int, version: int) -> None:
        """After a game's last board: how it went and the score chart, worked out from its
        record off the event loop. Only what everyone saw (the game is over); a summary that
        cannot be made is logged and the game stays as it is. One Discord refuses for now is
        tried again (``SUMMARY_TRIES``); it is not kept over a restart, as the game's last
        board and result are."""
        try:
            match = await self.storage.get_match(match_id)
            record = await self._record(match)
            lines, image = await self.painter.run(history.summary, record)
            named = self.shown_names(s["name"] for s in sorted(record["seats"],
                                                               key=lambda s: s["seat"]))
            lines = [name_seats(line, named) for line in lines]
        except Exception:
            log.exception("match %s: the summary of the game could not be made", match_id)
            return
        if self._notify is None:
            return
        summary = Notice(match_id, channel_id, version, lines=lines, image=image)
        for attempt in range(1, SUMMARY_TRIES + 1):
            try:
                await self._notify(summary)
                return
            except DeliveryFailed as err:
                # for now (Discord busy, the connection down): again, after a growing pause
                last_try = err.permanent or self.stopping or attempt == SUMMARY_TRIES
                if last_try:
                    log.warning("match %s: the summary could not be posted (%s)", match_id,
                                err.reason)
                    return
            except Exception as err:  # the game is already told: this is only its summary
                log.warning("match %s: the summary could not be posted (%s)", match_id,
                            type(err).__name__)
                return
            await asyncio.sleep(min(RETRY_MOST, self.retry_first * 2 ** (attempt - 1)))

    async def _add_missed(self, notice: Notice, announced: int) -> None:
        """Puts in front of ``notice`` the lines and DMs of the actions whose notice never got
        out (those after ``announced`` and up to where ``notice`` begins)."""
        seats = await self.storage.seats(notice.match_id)
        names = self._shown(seats)
        rows = [r for r in await self.storage.actions(notice.match_id, after=max(announced, 0))
                if r.seq <= (notice.since or 0)]
        events = [Event.model_validate(e) for r in rows for e in r.events]
        missed = public_lines(events, names)
        if missed:
            notice.lines[:0] = ["(Not posted at the time:)", *missed, "(Now:)"]
        for user, lines in self._private_parts(events, seats, names).items():
            notice.private[user] = lines + notice.private.get(user, [])
        notice.board = True
        notice.since = announced

    async def _delivery_failed(self, notice: Notice, err: DeliveryFailed) -> None:
        if not notice.ledger:
            log.warning("match %s: a notice could not be delivered (%s)", notice.match_id,
                        err.reason)
            return
        if err.permanent:
            if await self._refused(notice.match_id, notice.version, err):
                log.warning("match %s: Discord refuses its notices (%s); they are not retried "
                            "until one gets through", notice.match_id, err.reason)
            return
        self._redeliver(notice.match_id)

    def _redeliver(self, match_id: int) -> None:
        """Posts what a transient failure kept from the channel, once it can (one such job
        per match; the next move's notice may get there first, which is as good)."""
        if (match_id, "delivery") in self._running or self.stopping:
            return

        async def attempt() -> None:
            async with self._locks[match_id]:
                match = await self.storage.get_match(match_id)
                announced = await self.storage.announced(match_id)
                if announced >= match.version or match.status not in ("active", "finished") \
                        or await self.storage.delivery_problem(match_id) is not None:
                    return  # posted meanwhile, set aside or aborted, or refused for good
                await self._order[match_id].acquire()
            try:
                seen = await self.storage.announced(match_id)
                if seen < match.version:
                    await self._announce_again(match, seen, restarted=False)
                if await self.storage.announced(match_id) < match.version and \
                        await self.storage.delivery_problem(match_id) is None:
                    raise DeliveryFailed(False, "still not delivered")
            finally:
                self._order[match_id].release()

        async def job() -> None:
            try:
                await asyncio.sleep(self.retry_first)
                await self._supervised(match_id, "delivery", attempt)
            finally:
                self._running.pop((match_id, "delivery"), None)

        self._running[(match_id, "delivery")] = self._spawn(job())

    # --- channels that do not hear the game -----------------------------------------------
    async def channel_reachable(self, match_id: int) -> bool:
        """Whether the match's channel hears the game: False while the adapter refuses its
        posts for good (the channel or thread deleted, the bot removed from the server or
        short of a permission there), as a refused post or the adapter (:meth:`channel_lost`)
        recorded it. Reminders, deadlines and bot seats wait meanwhile, since nobody would
        see what they did, and a game that ends meanwhile is not rated. One small read."""
        return await self.storage.delivery_problem(match_id) is None

    async def _outcome_record(self, match_id: int, result: Outcome) -> dict[str, Any]:
        """A result as stored; ``unrated`` (with why) when the game ends while its channel
        does not hear it: nobody saw how it ended, so it changes no rating."""
        record: dict[str, Any] = result.model_dump(mode="json")
        if not await self.channel_reachable(match_id):
            record["unrated"] = UNRATED
        return record

    def abandon_by(self, since: float) -> float | None:
        """When a game whose channel has not heard it since ``since`` is ended as abandoned
        if it still cannot by then (and nobody moves meanwhile); None: never
        (``abandon_days`` 0)."""
        days = self.settings.abandon_days
        return since + days * DAY if days > 0 else None

    def _abandon_later(self) -> None:
        """Starts, in the background, a look for games out of reach too long
        (:meth:`abandon_unreachable`) unless one runs or one was made in the last
        ``ABANDON_EVERY`` seconds (the clock calls this every tick)."""
        if self._notify is None or self.settings.abandon_days <= 0 or self.stopping \
                or (0, ABANDON) in self._running or self.clock() < self._abandon_next:
            return
        self._abandon_next = self.clock() + ABANDON_EVERY
        self._round(ABANDON, self.abandon_unreachable,
                    "looking for games out of reach failed; tried again later")

    async def abandon_unreachable(self) -> list[int]:
        """Ends as abandoned each game of this process's shards whose channel has been out
        of reach for ``abandon_days`` while nobody moved in it (the channel deleted, the bot
        removed from the server or short of a permission there, as the adapter says with
        :class:`ChannelOutOfReach` or :meth:`channel_lost`; not a post refused for what it
        holds: see :meth:`Storage.long_unreachable`). One last post is tried first, and only
        a refusal for good ends the game: one whose post gets through, or fails only for
        now, carries on. An abandoned game is over: not rated, its seats and channel
        free, its result saying why, its record kept for export and replay; nobody is told,
        as nobody could read it. Each is ended once, even by several processes: the end is
        one transaction that checks again, under the match's lock. Returns the ids ended."""
        days = self.settings.abandon_days
        if days <= 0:
            return []
        before = self.clock() - days * DAY
        ended = []
        for match_id in await self.storage.long_unreachable(before, self.shards):
            if self.stopping:
                break
            try:
                if await self._abandon(match_id, before, days):
                    ended.append(match_id)
            except STORAGE_FAULTS as err:  # held by another process, the database failing
                log.warning("match %s: not ended as abandoned now (%s); tried again later",
                            match_id, type(err).__name__)
            except Exception:
                log.exception("match %s: ending a game out of reach failed", match_id)
            await asyncio.sleep(0)
        return ended

    async def _abandon(self, match_id: int, before: float, days: float) -> bool:
        """Ends one of :meth:`Storage.long_unreachable`'s games as abandoned if one last
        post, tried now under the match's lock, is refused for good. A post that gets
        through carries the game on; one that fails only for now (Discord busy, the network)
        says nothing of the channel: the game is looked at again next time. Without an
        adapter no post can be tried, so nothing is ended."""
        if self._notify is None:
            return False
        if self._locks[match_id].locked():
            return False  # a move or a post is under way there: looked at again next time
        try:
            async with self._locks[match_id]:
                match = await self.storage.get_match(match_id)
                if match.status != "active" \
                        or await self.storage.delivery_problem(match_id) is None:
                    return False  # ended meanwhile (by another process), or heard again
                async with self._order[match_id]:  # the last try
                    tried = await self._post_refused(match, restarted=False)
                if tried != "refused":
                    if tried == "through":
                        log.info("match %s: its channel takes posts again; the game goes on",
                                 match_id)
                    else:
                        log.info("match %s: its last post before being ended as abandoned "
                                 "was not delivered for now (%s); looked at again later",
                                 match_id, tried)
                    return False
                seats = await self.storage.seats(match_id)
                why = f"its channel could not be reached for {days_text(days)}"
                outcome = {"end_reason": "abandoned", "ranks": [], "scores": [],
                           "abandoned": why, "days": days, "unrated": UNRATED}
                refused = await self.storage.abandon_match(match_id, before=before,
                                                           outcome=outcome,
                                                           seats=self._seat_records(seats))
                if refused is None:
                    return False
                self._finished(match_id)
        finally:
            self._evict(match_id)
        self._undelivered.pop(match_id, None)
        self._refused_next.pop(match_id, None)
        log.warning("match %s: ended as abandoned: the bot could not post in its channel for "
                    "%g days (%s)", match_id, days, refused)
        return True

    async def delivery_trouble(self, match_id: int) -> str | None:
        """The adapter's reason for refusing the match's posts for good, if one is recorded
        (for its front end to put in words)."""
        problem = await self.storage.delivery_problem(match_id)
        return None if problem is None else problem[1]

    async def channel_lost(self, channel_id: int, reason: str) -> int | None:
        """The adapter heard that a channel is gone or out of its reach (deleted, a thread
        deleted): the game in play there, if any, waits until a post gets through again; a
        lobby there, which nobody can join or start any more, is closed. Returns the match's
        id."""
        match = await self.storage.open_match(channel_id)
        if match is None or not self.owns(match):
            return None
        if match.status == "lobby":
            await self._close_lobby(match, reason)
        elif match.status == "active":
            await self._lost(match, reason)
        else:
            return None
        return match.id

    async def guild_lost(self, guild_id: int, reason: str) -> list[int]:
        """The bot was removed from a server (or the server deleted): each game in play there
        waits, and each lobby there is closed, as for :meth:`channel_lost`. Returns their
        match ids."""
        lost = []
        for match in [*await self.storage.matches("lobby"),
                      *await self.storage.matches("active")]:
            if match.guild_id == guild_id and self.owns(match):
                if match.status == "lobby":
                    await self._close_lobby(match, reason)
                else:
                    await self._lost(match, reason)
                lost.append(match.id)
        return lost

    async def _close_lobby(self, match: MatchRow, reason: str) -> None:
        """A lobby whose channel is out of reach is aborted (nothing to post: its channel
        cannot hear it); one started or aborted meanwhile is left as it is."""
        async with self._locks[match.id]:
            try:
                await self.storage.abort_match(match.id, only="lobby")
            except WrongStatus:
                return
            self._finished(match.id)
        self._evict(match.id)
        log.info("match %s: its lobby was closed, its channel being out of reach (%s)",
                 match.id, reason)

    async def _lost(self, match: MatchRow, reason: str) -> None:
        if await self._refused(match.id, match.version, ChannelOutOfReach(reason)):
            log.warning("match %s: its channel is out of reach (%s); the game waits until a "
                        "post gets through", match.id, reason)

    async def _got_through(self, match_id: int, version: int) -> None:
        """A post of the match's got through, announcing ``version``: after a refusal for
        good, its bot seats carry on (deadlines apply again at their next tick)."""
        self._undelivered.pop(match_id, None)
        if await self.storage.mark_announced(match_id, version):
            log.info("match %s: notices get through again", match_id)
            self._refused_next.pop(match_id, None)
            self._maybe_run_bots(match_id)

    async def _refused(self, match_id: int, version: int, err: DeliveryFailed) -> bool:
        """Records that the match's posts are refused for good (from ``version``), for the
        mover's answer and for storage, and whether because its channel is out of reach
        (:class:`ChannelOutOfReach`: only that counts towards ending the game as abandoned);
        True if this is news."""
        self._undelivered[match_id] = err.reason
        return await self.storage.record_delivery_problem(
            match_id, version, err.reason, lost=isinstance(err, ChannelOutOfReach))

    async def post_again(self, match_id: int) -> bool:
        """One more try for a match whose posts were refused for good (someone gave the bot
        its permission back, invited it back): what the channel missed, or, when it missed
        nothing, the board and whose move it is. True when its posts get through now (or
        nothing was refused)."""
        if self._notify is None:
            return False
        async with self._locks[match_id]:
            if await self.storage.delivery_problem(match_id) is None:
                return True
            match = await self.storage.get_match(match_id)
            if match.status not in ("active", "finished"):
                return False
            await self._order[match_id].acquire()
        try:
            await self._post_refused(match, restarted=False)
        finally:
            self._order[match_id].release()
            self._evict(match_id)
        return await self.storage.delivery_problem(match_id) is None

    async def _post_refused(self, match: MatchRow, *, restarted: bool) -> Delivery:
        """Called holding the match's lock and order lock, for a match whose posts were
        refused for good. Returns what became of the post tried."""
        announced = await self.storage.announced(match.id)
        if announced < match.version:
            return await self._announce_again(match, announced, restarted=restarted)
        if match.status != "active" or self._notify is None:
            return "unsent"
        try:
            state = await self._state(match)
        except ServiceError:
            return "unsent"  # set aside: its channel was told
        game = self._game(match.game)
        seats = await self.storage.seats(match.id)
        notice = Notice(match.id, match.channel_id, match.version, board=True, lines=[
            "(The bot can post in this channel again; the game goes on.)"])
        self._after_turn(game, state, seats, notice, previous_actors=set())
        try:
            await self._notify(notice)
        except Exception as err:
            reason = err.reason if isinstance(err, DeliveryFailed) else type(err).__name__
            log.info("match %s: its channel still does not take posts (%s)", match.id, reason)
            if isinstance(err, DeliveryFailed) and err.permanent:
                await self._refused(match.id, match.version, err)
                return "refused"
            return "failed"
        await self._got_through(match.id, announced)
        return "through"

    def retry_refused(self) -> None:
        """Starts, in the background, a round of :meth:`post_refused` unless one runs (the
        adapter's clock calls this every tick)."""
        if self._notify is None or self.stopping or (0, "refused") in self._running \
                or self.clock() - self._refused_round < REFUSED_ROUND:
            return
        self._refused_round = self.clock()
        self._round("refused", self.post_refused,
                    "trying refused posts again failed; tried again next tick")

    async def post_refused(self, guild_id: int | None = None) -> int:
        """Tries again the games whose posts were refused for good, now and then: each one
        ``REFUSED_FIRST`` after it was found refused, then after pauses doubling up to
        ``REFUSED_MOST`` while it stays so. With ``guild_id``, that server's games at once (the
        bot was invited back). A move in such a game tries at once anyway, and so does
        ``/game status``. Returns how many get through now."""
        now = self.clock()
        found = await self.storage.refused_matches(self.shards)
        if guild_id is None:
            for gone in set(self._refused_next) - set(found):
                del self._refused_next[gone]
        through = 0
        for match_id in found:
            if self.stopping:
                break
            if guild_id is not None:
                if (await self.storage.get_match(match_id)).guild_id != guild_id:
                    continue
            elif match_id not in self._refused_next:
                self._refused_next[match_id] = (now + REFUSED_FIRST, REFUSED_FIRST)
                continue
            elif now < self._refused_next[match_id][0]:
                continue
            if self._locks[match_id].locked():
                continue  # a move or a deadline is under way there: its post tries anyway
            try:
                ok = await self.post_again(match_id)
            except Exception:
                log.exception("match %s: trying its refused posts again failed", match_id)
                ok = False
            if ok:
                through += 1
                self._refused_next.pop(match_id, None)
            else:
                pause = self._refused_next.get(match_id, (0.0, REFUSED_FIRST / 2))[1]
                pause = min(REFUSED_MOST, pause * 2)
                self._refused_next[match_id] = (self.clock() + pause, pause)
            await asyncio.sleep(0)
        return through

    @staticmethod
    def _private_parts(events: list[Event], seats: list[SeatRow],
                       names: list[str]) -> dict[int, list[str]]:
        """Each seated person's private lines among ``events`` (people with none left out)."""
        parts = {}
        for s in seats:
            if s.user_id is not None and s.seat is not None:
                mine = private_lines(events, s.seat, names)
                if mine:
                    parts[s.user_id] = mine
        return parts

    async def catch_up(self, background: bool = False) -> None:
        """At a start, before any interaction is taken: posts what a stop (or a Discord
        outage) kept from being announced, records the end of a game whose end a stop cut off
        (databases written before the end was committed with its move), and tries again the
        games set aside by an earlier release.

        Finding that work is one query; with ``background`` the work itself goes on after this
        returns, while the matches concerned stay locked, so no fresh move in their channels
        can overtake what is being posted. Every other game can be played at once. Only the
        matches of this process's shards (another process posts its own)."""
        started = time.monotonic()
        ids = await self.storage.unannounced(self.shards) if self._notify else []
        if self._notify:  # and those refused for good: a permission may have come back
            ids = sorted({*ids, *await self.storage.refused_matches(self.shards)})
        held = []
        for match_id in ids:  # free locks: taken at once
            try:
                await self._locks[match_id].acquire()
            except STORAGE_FAULTS as err:  # held by another process running this shard too
                log.warning("match %s: not caught up here (%s)", match_id, err)
                continue
            await self._order[match_id].acquire()
            held.append(match_id)
        work = self._catch_up(held, started)
        if background:
            self._spawn(work)
        else:
            await work

    async def _catch_up(self, held: list[int], started: float) -> None:
        count = len(held)
        try:
            for match_id in list(held):
                try:
                    await self._catch_up_one(match_id)
                except Exception:
                    log.exception("match %s: catching up after a restart failed", match_id)
                finally:
                    held.remove(match_id)
                    self._order[match_id].release()
                    self._locks[match_id].release()
                await asyncio.sleep(0)
        finally:  # cancelled: whatever is still held is let go
            for match_id in held:
                self._order[match_id].release()
                self._locks[match_id].release()
        restored = 0
        for match in await self.storage.matches("set_aside"):
            if not self.owns(match):
                continue
            try:
                restored += await self._try_restore(match)
            except Exception:
                log.exception("match %s: trying a set-aside game again failed", match.id)
        log.info("catch-up of %d matches took %.2f s (%d set-aside games back in play)",
                 count, time.monotonic() - started,
                 restored)
        await self._archive_old_logs()

    async def _archive_old_logs(self) -> None:
        """Games that ended under a release that kept their logs in rows are archived, a
        few at a time, in the background (the log reads the same either way)."""
        archived = 0
        while not self.stopping:
            batch = await self.storage.unarchived(limit=20)
            if not batch:
                break
            for match_id in batch:
                try:
                    await self.storage.archive(match_id)
                    archived += 1
                except Exception:
                    log.exception("match %s: archiving its log failed", match_id)
                    return
            await asyncio.sleep(0)
        if archived:
            log.info("archived the logs of %d finished games", archived)

    async def _catch_up_one(self, match_id: int) -> None:
        """Called holding the match's lock and order lock."""
        match = await self.storage.get_match(match_id)
        if match.status == "active":
            game = self._game(match.game)
            try:
                state = await self._state(match)
            except ServiceError:
                return  # set aside: its channel was told
            result = game.outcome(state)
            if result is not None:
                log.info("match %s: recording the end a stop cut off", match.id)
                await self._record_finish(match, result, await self.storage.seats(match.id))
                match = await self.storage.get_match(match_id)
        if await self.storage.delivery_problem(match.id) is not None:
            await self._post_refused(match, restarted=False)
            return
        announced = await self.storage.announced(match.id)
        if announced < match.version:
            await self._announce_again(match, announced, restarted=True)

    async def _record_finish(self, match: MatchRow, result: Outcome,
                             seats: list[SeatRow]) -> None:
        """The end of a game whose final move was stored without it (older releases)."""
        await self.storage.finish_match(
            match.id, end_reason=result.end_reason,
            outcome=await self._outcome_record(match.id, result),
            seats=self._seat_records(seats),
        )
        self._finished(match.id)

    async def _try_restore(self, match: MatchRow) -> int:
        """A game set aside by an earlier release that this one can rebuild goes back into
        play (its channel is told); one that still cannot stays as it is."""
        try:
            state = await self._rebuild(match)
        except STORAGE_FAULTS:
            raise
        except Exception:
            return 0
        if not await self.storage.restore(match.id):
            return 0
        self._remember(match.id, state)
        restored = await self.storage.get_match(match.id)
        seats = await self.storage.seats(match.id)
        await self.storage.plan_deadlines(  # set aside, it lost its clocks: they start anew
            match.id, state.version,
            self._plan(restored, self._game(match.game), state, seats, []))
        log.info("match %s: set aside before, playable again under this release", match.id)
        game = self._game(match.game)
        await self._deliver(Notice(match.id, match.channel_id, match.version, lines=[
            f"This {game.name} game can be played again: this version of the bot can rebuild "
            "it. Carry on where you left off."]))
        self._maybe_run_bots(match.id)
        return 1

    async def _announce_again(self, match: MatchRow, announced: int, *,
                              restarted: bool) -> Delivery:
        """The notice a stop or a failed delivery kept from the channel: the public lines and
        DMs of every action since the last announcement, the board as it is now, and the pings
        for whoever must act. Called holding the match's order lock. Returns what became of
        it."""
        seats = await self.storage.seats(match.id)
        names = self._shown(seats)
        game = self._game(match.game)
        # up to match.version only: a move committed since has its own notice queued
        events = [Event.model_validate(e) for row in await self.storage.actions(
            match.id, after=max(announced, 0)) if row.seq <= match.version
            for e in row.events]
        lines = ["(The bot was restarted before it could post this.)" if restarted else
                 "(Posted late: it could not be posted at first.)", *public_lines(events, names)]
        if announced < 0:  # the start itself was never posted
            lines[1:1] = [f"{game.name} has begun. Players in seat order: "
                          + ", ".join(names) + "."] \
                + ([seed_line(match)] if match.chosen_seed is not None else [])
        notice = Notice(match.id, match.channel_id, match.version, board=True, ledger=True,
                        lines=lines, private=self._private_parts(events, seats, names),
                        since=announced)
        try:
            state = await self._state(match)
        except ServiceError:
            return "unsent"  # set aside: its channel was told
        result = game.outcome(state)
        if result is not None:
            notice.finished = True
            notice.lines += result_lines(result, names)
        else:
            notice.ping = [user for s in sorted(game.actors(state))
                           if (user := seats[s].user_id) is not None]
        log.info("match %s: announcing versions %s-%s again", match.id, announced + 1,
                 match.version)
        return await self._deliver(notice)


def _merge(held: Notice, notice: Notice) -> None:
    """Puts the lines and DMs of a held notice in front of the next one, which then begins
    where the held one began."""
    notice.lines[:0] = held.lines
    for user, lines in held.private.items():
        notice.private[user] = lines + notice.private.get(user, [])
    notice.since = held.since
