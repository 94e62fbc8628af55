"""Deadlines: reminders before a turn runs out, and what happens when it does (by the match's
policy the game waits, a bot plays the turn, or a bot takes the seat) or when the time to answer
a reaction, a bid or a bribe runs out (the game's default answer, through ``step``).

Which deadlines a match has after a move is planned by the pure :mod:`bot.service.clocks` and
written with the move; this part applies them, each once, under the match's lock.
"""

from __future__ import annotations

import functools
import os
import socket
import uuid
from typing import Any

from bot.notices import Notice
from bot.service import clocks
from bot.service.base import STORAGE_FAULTS, ServiceBase, log
from bot.service.results import ActResult
from bot.storage import DeadlinePlan, DeadlineRow, MatchRow, SeatRow
from engine.core import Game, State
from engine.core.bots import default_bot

# how long a claimed deadline is this process's to apply before it is due again (renewed
# before each move of a late turn): long enough for a move and a retry's pause, short enough
# that a game whose process died waits only a few minutes more
LEASE_SECONDS = 300.0
LATE_TURN = "late turn"  # the job of a match (ServiceBase._running) that plays a late turn


class Deadlines(ServiceBase):
    async def tick(self) -> list[Notice]:
        """Sends due reminders and applies due deadlines, each once, and now and then ends
        the games whose channel has not heard them for too long (``abandon_days``, in the
        background: :meth:`abandon_unreachable`), having told their players privately
        first (:meth:`warn_lost_channels`). Call it periodically;
        after a restart the first call catches up on what came due while the bot was down.
        Each match on its own: one that fails is logged and tried again next tick. Only the
        matches of this process's shards (``self.shards``); each reminder and deadline is
        claimed in the database first, so of two processes only one ever applies it."""
        now = self.clock()
        notices: list[Notice] = []
        due = await self.storage.due_deadlines(now, self.shards)
        overdue = {(row.match_id, row.kind) for row in due}  # after downtime: the deadline
        for row in await self.storage.due_reminders(now, self.shards):
            try:
                notice = await self._reminder(row, now, overdue)
            except Exception:
                log.exception("match %s: a reminder failed", row.match_id)
                continue
            if notice is not None:
                notices.append(notice)
        for row in due:
            try:
                notices += await self._deadline(row, now)
            except Exception:
                log.exception("match %s: applying a deadline failed", row.match_id)
        self._abandon_later()  # games whose channel has not heard them for too long
        self._warn_later()  # and the players of games whose channel has just stopped hearing
        return notices

    async def _reminder(self, row: DeadlineRow, now: float,
                        overdue: set[tuple[int, str]]) -> Notice | None:
        """Sends a due reminder, if it is still wanted. It is claimed for a while first
        (:meth:`Storage.claim_reminder`) and marked sent only once it is handed over, so a
        process that dies or fails in between leaves it due again when the claim runs out."""
        if not await self.storage.claim_reminder(row.match_id, row.kind, row.version,
                                                 now=now,
                                                 until=self.clock() + LEASE_SECONDS):
            return None  # sent by another process, or the deadline changed meanwhile
        if not await self.channel_reachable(row.match_id):
            return None  # nobody would read it: due again when the claim runs out
        try:
            notice = await self._reminder_notice(row, now, overdue)
        except STORAGE_FAULTS:
            raise  # tried again when the claim runs out
        except Exception:  # the match's own problem (told elsewhere): not tried again
            await self.storage.mark_reminded(row.match_id, row.version, row.kind)
            raise
        if notice is not None:
            await self._deliver(notice)
        await self.storage.mark_reminded(row.match_id, row.version, row.kind)
        return notice

    async def _reminder_notice(self, row: DeadlineRow, now: float,
                               overdue: set[tuple[int, str]]) -> Notice | None:
        if (row.match_id, row.kind) in overdue:
            return None
        match = await self.storage.get_match(row.match_id)
        if match.status != "active":
            return None
        game = self._game(match.game)
        state = await self._state(match)
        if not _holds(row, match, state):
            return None
        seats = await self.storage.seats(match.id)
        late = self._late(row, game, state, seats)
        if not late:
            return None
        left = max(0.0, (row.due_at - now) / 3600)
        who = [seats[s] for s in late]
        notice = Notice(match.id, match.channel_id, match.version,
                        ping=[s.user_id for s in who if s.user_id is not None])
        named = ", ".join(self.shown_name(s.name) for s in who)
        notice.lines.append(f"Reminder: {named}, it is your move; about {left:.1f} h left.")
        return notice

    @staticmethod
    def _late(row: DeadlineRow, game: Game[Any], state: State,
              seats: list[SeatRow]) -> list[int]:
        """The seats a deadline concerns now: whoever is asked for an answer (an answer
        deadline) or whoever holds the turn (a turn deadline), people only."""
        if row.kind == "answer":
            return clocks.answering(game, state, seats)
        return clocks.turn_takers(game, state, seats)

    async def _deadline(self, due: DeadlineRow, now: float) -> list[Notice]:
        """Applies one due deadline, if it still holds once the match's lock is taken (a move
        committed meanwhile may have ended the turn or answered).

        A turn deadline is claimed for a while (:data:`LEASE_SECONDS`, see
        :meth:`Storage.claim_deadline`) and removed only once its effect is stored: with the
        seats handed to a bot (policy 'remove', one transaction), or once the late turn is
        played (policy 'bot', in the background, its claim kept meanwhile). A process that
        dies or fails half way leaves the deadline due again once the claim runs out.

        The channel is told of the miss once: a late turn taken up again after such a break
        is played on without telling it again, since the claim that told it marked the
        deadline told (:meth:`Storage.mark_told`) once the line got through. One whose line
        did not get through (it died first, Discord failed or refused it) leaves it untold,
        for the next claim to tell; each claim reads ``told`` as it claims."""
        if (due.match_id, LATE_TURN) in self._running:
            return []  # this process is playing the late turn already
        telling: Notice | None = None  # a late turn's line: marked told once it got through
        async with self._announcing(due.match_id) as notices:
            match = await self.storage.get_match(due.match_id)
            row = next((r for r in await self.storage.deadlines(match.id)
                        if r.kind == due.kind and r.version == due.version
                        and r.due_at <= now), None)
            if row is None or match.status != "active":
                return []
            if not await self.channel_reachable(match.id):
                return []  # the game waits for its channel: the deadline stays due
            game = self._game(match.game)
            state = await self._state(match)
            seats = await self.storage.seats(match.id)
            if not _holds(row, match, state):
                await self.storage.clear_deadline(match.id, row.kind)
                return []
            late = self._late(row, game, state, seats)
            if not late:
                if row.kind == "answer":
                    await self.storage.clear_deadline(match.id, "answer")
                # a turn deadline waits while others answer: it applies once the turn is
                # theirs again
                return []
            policy = str(match.settings.get("policy", "wait"))
            if row.kind == "answer":
                # no clearing first: each default answer's commit plans the clock anew (the
                # row goes once nobody is asked), and an answer that cannot be saved leaves
                # it due, to be tried again at the next tick
                results = await self._answer_for(match, game, seats, late)
                notices += [r.notice for r in results if r.notice is not None]
            else:
                holder = self.lease_holder
                claimed = await self.storage.claim_deadline(
                    match.id, row.kind, row.version, now=now,
                    until=self.clock() + LEASE_SECONDS, holder=holder)
                if claimed is None:
                    return []  # applied by another process meanwhile
                names = ", ".join(self.shown_name(seats[s].name) for s in late)
                notice = Notice(match.id, match.channel_id, match.version)
                stand_in = default_bot(game)
                if policy == "remove":
                    if not await self.storage.hand_seats_to_bot(
                            match.id, late, stand_in, kind=row.kind, version=row.version,
                            holder=holder):
                        return []
                    notice.lines.append(f"{names} missed the deadline and the {stand_in} bot "
                                        "takes the seat from now on.")
                elif policy == "bot":
                    # the claim stays until the late turn is played (_late_turn); a claim
                    # taking it up again after a break plays on without a word
                    if not claimed.told:
                        telling = notice
                        notice.lines.append(f"{names} missed the deadline; the {stand_in} "
                                            "bot plays this turn.")
                else:
                    await self.storage.finish_deadline(match.id, row.kind, row.version, holder)
                    notice.lines.append(f"{names}: the turn deadline has passed; the game "
                                        "waits.")
                if notice.lines:
                    notices.append(notice)
        # the notices are handed over by now (in commit order, once the lock was let go)
        if telling is not None and notices.got_through(telling):
            try:
                await self.storage.mark_told(match.id, row.kind, row.version,
                                             self.lease_holder)
            except STORAGE_FAULTS as err:  # at worst the line is told again with a retry
                log.warning("match %s: a missed deadline could not be marked told (%s)",
                            match.id, type(err).__name__)
        if row.kind == "answer" or policy == "remove":
            self._maybe_run_bots(match.id)
        elif policy == "bot":
            self._late_turn(row, late, state.turn)
        return notices

    @functools.cached_property
    def lease_holder(self) -> str:
        """This service's name on the deadlines it claims (host, process, and a random part:
        two services of one process are two holders)."""
        return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:12]}"

    def _late_turn(self, row: DeadlineRow, late: list[int], turn: int) -> None:
        """Plays a late turn (policy 'bot') in the background, one such task per match, so
        that the clock goes on to the other games at once. Its deadline stays claimed while it
        runs and goes once the turn is played; a task cut off by a stop leaves it claimed, due
        again when the claim runs out."""
        key = (row.match_id, LATE_TURN)
        if key in self._running:
            return

        async def job() -> None:
            try:
                await self._supervised(row.match_id, "late turn",
                                       lambda: self._play_late_turn(row.match_id, late, turn,
                                                                    lease=row))
            finally:
                self._running.pop(key, None)

        self._running[key] = self._spawn(job())

    async def _answer_for(self, match: MatchRow, game: Game[Any], seats: list[SeatRow],
                          late: list[int]) -> list[ActResult]:
        """The time to answer ran out: each late seat gives the game's default answer (a
        pass, no bid, no bribe), through ``step``. Called under the match's lock."""
        results = []
        for seat in late:
            match = await self.storage.get_match(match.id)
            state = await self._state(match)
            action = game.timeout_action(state, seat)
            if action is None:
                continue
            result = await self._commit(match, game, state, seats, seat, action, state.version)
            if result.notice is not None:
                named = self.shown_name(seats[seat].name)
                result.notice.lines.insert(0, f"{named} did not answer in time.")
            results.append(result)
        return results

    async def _play_late_turn(self, match_id: int, late: list[int], turn: int,
                              lease: DeadlineRow) -> None:
        """The game's strongest bot moves for the late seats until turn ``turn`` passes
        (policy 'bot'). ``lease``: the claimed deadline this turn applies, kept claimed before
        each move and removed once the turn has passed (left claimed, to run out, if the work
        stops early: a stop, or the claim lost to another process)."""
        while True:
            if self.stopping:
                return  # the claim runs out, and the next start plays the turn
            async with self._announcing(match_id) as announce:
                match = await self.storage.get_match(match_id)
                if match.status != "active" or not await self.channel_reachable(match_id):
                    return  # (a channel lost: its claim runs out, and the deadline waits)
                game = self._game(match.game)
                state = await self._state(match)
                acting = [s for s in sorted(game.actors(state)) if s in late]
                if state.turn != turn or not acting:
                    break
                if not await self.storage.hold_deadline(
                        match_id, lease.kind, lease.version,
                        until=self.clock() + LEASE_SECONDS, holder=self.lease_holder):
                    log.warning("match %s: its late turn's deadline is no longer this "
                                "process's to apply", match_id)
                    return
                seats = await self.storage.seats(match_id)
                result = await self._bot_move(match, game, state, seats, acting[0],
                                              default_bot(game))
                if result.notice is not None:
                    announce.append(result.notice)
            # refused or not (another process may have moved first), the game is looked at anew
        # the deadline goes, unless the move that passed the turn replaced it already
        await self.storage.finish_deadline(match_id, lease.kind, lease.version,
                                           self.lease_holder)
        self._maybe_run_bots(match_id)

    def _plan(self, match: MatchRow, game: Game[Any], state: State, seats: list[SeatRow],
              current: list[DeadlineRow]) -> DeadlinePlan:
        return clocks.plan(game, state, seats, match.settings, current, self.clock(),
                           remind_hours=self.settings.remind_hours,
                           default_answer_seconds=self.settings.answer_seconds)


def _holds(row: DeadlineRow, match: MatchRow, state: State) -> bool:
    """Whether a deadline still belongs to the present moment of the game."""
    if row.turn < 0:  # written before deadlines followed turns: as it was, by version
        return row.version == match.version
    return row.turn == state.turn
