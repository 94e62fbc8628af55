"""Deadlines: reminders before a turn runs out, and what happens when it does (by the match's
policy the game waits, a bot plays the turn, or a bot takes the seat) or when the time to answer
a reaction, a bid or a bribe runs out (the game's default answer, through ``step``).

Which deadlines a match has after a move is planned by the pure :mod:`bot.service.clocks` and
written with the move; this part applies them, each once, under the match's lock.
"""

from __future__ import annotations

from typing import Any

from bot.notices import Notice
from bot.service import clocks
from bot.service.base import ServiceBase, log
from bot.service.results import ActResult
from bot.storage import DeadlinePlan, DeadlineRow, MatchRow, SeatRow
from engine.core import Game, State
from engine.core.bots import default_bot


class Deadlines(ServiceBase):
    async def tick(self) -> list[Notice]:
        """Sends due reminders and applies due deadlines, each once. Call it periodically;
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
                await self._deliver(notice)
        for row in due:
            try:
                notices += await self._deadline(row, now)
            except Exception:
                log.exception("match %s: applying a deadline failed", row.match_id)
        return notices

    async def _reminder(self, row: DeadlineRow, now: float,
                        overdue: set[tuple[int, str]]) -> Notice | None:
        if not await self.storage.mark_reminded(row.match_id, row.version, row.kind):
            return None  # sent by another process, or the deadline changed meanwhile
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
        notice.lines.append(f"Reminder: {', '.join(s.name for s in who)}, it is your move; "
                            f"about {left:.1f} h left.")
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
        committed meanwhile may have ended the turn or answered)."""
        async with self._announcing(due.match_id) as notices:
            match = await self.storage.get_match(due.match_id)
            row = next((r for r in await self.storage.deadlines(match.id)
                        if r.kind == due.kind and r.version == due.version
                        and r.due_at <= now), None)
            if row is None or match.status != "active":
                return []
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
                if not await self.storage.take_deadline(match.id, row.kind, row.version):
                    return []  # applied by another process meanwhile
                names = ", ".join(seats[s].name for s in late)
                notice = Notice(match.id, match.channel_id, match.version)
                stand_in = default_bot(game)
                if policy == "remove":
                    for s in late:
                        await self.storage.replace_seat_with_bot(match.id, s, stand_in)
                    notice.lines.append(f"{names} missed the deadline and the {stand_in} bot "
                                        "takes the seat from now on.")
                elif policy == "bot":
                    notice.lines.append(f"{names} missed the deadline; the {stand_in} bot "
                                        "plays this turn.")
                else:
                    notice.lines.append(f"{names}: the turn deadline has passed; the game "
                                        "waits.")
                notices.append(notice)
        if row.kind == "answer":
            self._maybe_run_bots(match.id)
        elif policy in ("bot", "remove"):
            turn = state.turn
            await self._supervised(match.id, "late turn",
                                   lambda: self._play_late_turn(match.id, late, policy, turn))
        return notices

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
                result.notice.lines.insert(0, f"{seats[seat].name} did not answer in time.")
            results.append(result)
        return results

    async def _play_late_turn(self, match_id: int, late: list[int], policy: str,
                              turn: int | None = None) -> None:
        """The game's strongest bot moves for the late seats until the turn passes (policy
        'bot') or always (policy 'remove': the seat is a bot seat now and runs as one)."""
        if policy == "remove":
            self._maybe_run_bots(match_id)
            return
        while True:
            async with self._announcing(match_id) as announce:
                match = await self.storage.get_match(match_id)
                if match.status != "active":
                    return
                game = self._game(match.game)
                state = await self._state(match)
                turn = state.turn if turn is None else turn
                acting = [s for s in sorted(game.actors(state)) if s in late]
                if state.turn != turn or not acting:
                    break
                seats = await self.storage.seats(match_id)
                result = await self._bot_move(match, game, state, seats, acting[0],
                                              default_bot(game))
                if result.notice is not None:
                    announce.append(result.notice)
            if not result.ok:
                break
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
