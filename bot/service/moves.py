"""Moves: the one path that changes a game.

An action (picked from the list of :meth:`Moves.choices`, typed, or from a button) goes through
``engine.core.step`` under the match's lock and is committed with the turn's deadlines, or the
result, in one transaction; only then is its notice built, and it is delivered in commit order
once the lock is let go. A command that arrives twice counts once; an undo names what it takes
back. Bots and deadlines commit through the same ``_commit``.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from bot.notices import Notice, name_seats, public_lines, result_lines
from bot.service.base import STORAGE_FAULTS, ServiceBase, disk_full, log
from bot.service.results import (
    ActResult,
    Choice,
    Commanding,
    SaveFailed,
    ServiceError,
    Undone,
)
from bot.service.texts import set_aside_text
from bot.storage import DeadlineSpec, Finish, MatchRow, SeatRow, StaleVersion
from engine.core import (
    Accepted,
    Action,
    Event,
    Game,
    Outcome,
    Rejection,
    State,
    Undo,
    can_undo,
    step,
)

# the same command from the same seat sent again this soon (by the user's own clock, as
# Discord stamps it) was sent before its answer could be read: it is applied once
DOUBLE_SEND_SECONDS = 2.0


class Moves(ServiceBase):
    async def act(
        self,
        channel_id: int,
        user_id: int,
        action: Action | dict[str, Any],
        expected_version: int | None = None,
        *,
        sent_at: float | None = None,
    ) -> ActResult:
        """Applies one action for the user's seat, if ``step`` accepts it. ``expected_version``
        is the version the user's choice was made at (a button, a menu, an autocomplete
        value); ``sent_at`` is when the user sent it (Discord stamps every interaction). Either
        lets a command that arrives twice count once."""
        match = await self._active(channel_id)
        seats = await self.storage.seats(match.id)
        seat = self._seat_of(seats, user_id)
        if seat is None:
            return ActResult(False, "You are not playing in this game; you can watch it.")
        return await self._act_as(match, seats, seat, action, expected_version, sent_at)

    async def undo(self, channel_id: int, user_id: int, *, sent_at: float | None = None
                   ) -> ActResult:
        return await self.act(channel_id, user_id, Undo(), sent_at=sent_at)

    async def choices(self, channel_id: int, user_id: int) -> list[Choice]:
        """The user's legal actions now, each with a value that names it at this version."""
        found = await self.commanding(channel_id, user_id)
        return found.choices if found is not None else []

    async def commanding(self, channel_id: int, user_id: int) -> Commanding | None:
        """The user's legal actions now and their seat's own view, read at one version; None
        when no game is in play here or the user has no seat in it."""
        match = await self.storage.open_match(channel_id)
        if match is None or match.status != "active":
            return None
        seats = await self.storage.seats(match.id)
        seat = self._seat_of(seats, user_id)
        if seat is None:
            return None
        game = self._game(match.game)
        state = await self._state(match)
        actions = list(game.legal_actions(state, seat))
        if can_undo(state, seat):
            actions.append(Undo())
        names = self._names(seats)
        choices = [Choice(f"v{state.version}:{i}", name_seats(a.label or a.type, names), a)
                   for i, a in enumerate(actions)]
        return Commanding(game, match.id, state.version, seat, game.view(state, seat), choices,
                          names)

    async def act_choice(self, channel_id: int, user_id: int, value: str, *,
                         sent_at: float | None = None) -> ActResult:
        """Acts on a value from :meth:`choices` (or, typed by hand, a label)."""
        match = await self._active(channel_id)
        seats = await self.storage.seats(match.id)
        seat = self._seat_of(seats, user_id)
        if seat is None:
            return ActResult(False, "You are not playing in this game; you can watch it.")
        version, index = _parse_choice(value)
        if version is None:
            options = await self.choices(channel_id, user_id)
            wanted = value.strip().lower()[:200]
            found = [c for c in options if c.label.lower() == wanted]
            if not found:
                return ActResult(False, "That is not one of your legal moves now. "
                                 "Pick one from the list that /move offers.")
            return await self.act(channel_id, user_id, found[0].action, sent_at=sent_at)
        if version < match.version:
            if index is not None and await self._same_as_last(match, seat, version, index):
                return ActResult(False, "Already done: that choice was applied when it first "
                                 "arrived, and counts once. Use /move for your next move.",
                                 version=match.version)
            return ActResult(False, "That choice is out of date: the game has moved on. "
                             "Type /move again to see your moves now.")
        options = await self.choices(channel_id, user_id)
        if not options:
            waiting = (await self.status(channel_id))[-1]
            return ActResult(False, f"You have no move to make right now. {waiting}")
        if not options[0].value.startswith(f"v{version}:"):
            return ActResult(False, "That choice is out of date: the game has moved on. "
                             "Type /move again to see your moves now.")
        if index is None or not 0 <= index < len(options):
            return ActResult(False, "That is not one of your legal moves now.")
        return await self.act(channel_id, user_id, options[index].action, version,
                              sent_at=sent_at)

    async def _act_as(self, match: MatchRow, seats: list[SeatRow], seat: int,
                      action: Action | dict[str, Any], expected: int | None,
                      sent_at: float | None = None) -> ActResult:
        if self.stopping:
            return ActResult(False, "The bot is restarting; nothing was changed. Try again in "
                             "a minute.")
        self._moving += 1
        try:
            return await self._act_locked(match, seats, seat, action, expected, sent_at)
        finally:
            self._moving -= 1

    async def _act_locked(self, match: MatchRow, seats: list[SeatRow], seat: int,
                          action: Action | dict[str, Any], expected: int | None,
                          sent_at: float | None) -> ActResult:
        async with self._announcing(match.id) as announce:
            match = await self.storage.get_match(match.id)
            if match.status != "active":
                return ActResult(False, "This game is over." if match.status != "set_aside"
                                 else set_aside_text(self._game(match.game).name,
                                                      match.set_aside_reason))
            game = self._game(match.game)
            state = await self._state(match)
            key = _key_of(game, action)
            if key is not None and (self._sent_twice(match.id, seat, key, state, sent_at)
                                    or await self._chosen_twice(match, game, state, seat, key,
                                                                expected)):
                return ActResult(False, "Already done: that command arrived twice and counts "
                                 "once. Send it again if you meant to do it twice.",
                                 version=state.version)
            undone = await self._undone_label(match, game, state, seat) \
                if key == Undo().key() else None
            try:
                result = await self._commit(
                    match, game, state, seats, seat, action,
                    state.version if expected is None else expected, undone=undone,
                )
            except SaveFailed as err:
                if err.unknown:
                    return ActResult(False, f"Your move may not have been saved ({err}). Look "
                                     "at /game status in a minute before you try it again: "
                                     "if it was saved, it is posted in the channel.",
                                     version=state.version)
                return ActResult(False, f"Your move could not be saved ({err}). Nothing was "
                                 "changed; try again in a while.", version=state.version)
            if result.ok and key is not None and sent_at is not None:
                self._sent[match.id] = (seat, key, result.version, sent_at)
            if result.notice is not None:
                announce.append(result.notice)
        if result.ok and result.notice is not None:
            # its post went out as the lock was let go: say so if it was refused for good
            result.undelivered = self._undelivered.get(match.id)
        self._maybe_run_bots(match.id)
        return result

    async def _saved_anyway(self, match_id: int, version: int, seat: int,
                            action: dict[str, Any]) -> bool | None:
        """After a commit that failed: whether the database holds this seat's ``action`` as
        ``version`` all the same (None: it cannot be asked now). Called under the match's
        lock, so nobody else of this process moved meanwhile."""
        try:
            match = await self.storage.get_match(match_id)
            if match.version < version:
                return False
            last = await self.storage.actions(match_id, after=version - 1)
        except STORAGE_FAULTS as err:
            log.warning("match %s: cannot tell whether move %s was saved (%s)", match_id,
                        version, type(err).__name__)
            return None
        return bool(last) and last[0].seq == version and last[0].seat == seat \
            and last[0].action == action

    def _sent_twice(self, match_id: int, seat: int, key: str, state: State,
                    sent_at: float | None) -> bool:
        """The seat's last move, the very last of the game, was this same command, sent so
        shortly before this one that its answer could not have been read yet."""
        last = self._sent.get(match_id)
        if last is None or sent_at is None:
            return False
        last_seat, last_key, version, last_sent = last
        return (last_seat, last_key, version) == (seat, key, state.version) \
            and abs(sent_at - last_sent) < DOUBLE_SEND_SECONDS  # in either order

    async def _same_as_last(self, match: MatchRow, seat: int, version: int, index: int) -> bool:
        """Whether choice ``index`` of the list offered at ``version`` is the move the seat made
        right after it (the version just before now): a second click of the same choice."""
        if version != match.version - 1:
            return False
        last = await self.storage.last_action(match.id)
        if last is None or last.seat != seat or last.seq != match.version:
            return False
        game = self._game(match.game)
        try:
            earlier = await self._state_at(match, version)
            offered = list(game.legal_actions(earlier, seat))
            if can_undo(earlier, seat):
                offered.append(Undo())
            return 0 <= index < len(offered) and \
                offered[index].key() == _key_of(game, last.action)
        except ServiceError:
            return False

    async def _state_at(self, match: MatchRow, version: int) -> State:
        """The match's state at an earlier ``version`` (for telling a double click): the
        rebuild of the match as it stood then."""
        try:
            return await self._rebuild(dataclasses.replace(match, version=version))
        except STORAGE_FAULTS:
            raise
        except Exception:
            raise ServiceError("That earlier position cannot be rebuilt.") from None

    async def _chosen_twice(self, match: MatchRow, game: Game[Any], state: State, seat: int,
                            key: str, expected: int | None) -> bool:
        """A choice made at the version just before the seat's own last move, and the same
        move: a second click or send of the first (each names the version it was made at)."""
        if expected is None or expected != state.version - 1:
            return False
        last = await self.storage.last_action(match.id)
        return last is not None and last.seat == seat and last.seq == state.version \
            and _key_of(game, last.action) == key

    async def _undone_label(self, match: MatchRow, game: Game[Any], state: State,
                            seat: int) -> Undone | None:
        """How the action an undo would take back was offered, for the undo to name it: the
        newest action of the seat's not already taken back by a later undo. The channel hears
        it named only if everything that action told was told to everyone (a dealing the
        table saw only as "business with the Banker" stays that)."""
        if not can_undo(state, seat):
            return None
        depth = len(state.undo_points)
        rows = await self.storage.actions(match.id, after=max(0, state.version - 4 * depth - 4))
        skip = 0
        for row in reversed(rows):
            if row.action.get("type") == "undo":
                skip += 1
            elif skip:
                skip -= 1
            else:
                try:
                    earlier = game.load_state(state.undo_points[-1].state)
                    taken = game.parse_action(row.action).key()
                    label = next((a.label for a in game.legal_actions(earlier, seat)
                                  if a.key() == taken and a.label), None)
                except Exception:
                    return None
                if label is None:
                    return None
                public = all(Event.model_validate(e).to is None for e in row.events)
                return Undone(label, public)
        return None

    async def _commit(self, match: MatchRow, game: Game[Any], state: State,
                      seats: list[SeatRow], seat: int, action: Action | dict[str, Any],
                      expected: int, undone: Undone | None = None, forced: int = 0
                      ) -> ActResult:
        """step, then commit (with the turn's deadlines, or the result), then announce, and
        make the moves the game forces on people after it (``_forced_after``). Called under
        the match's lock. ``SaveFailed`` when storage could not write."""
        names = self._shown(seats)
        outcome = step(game, state, seat, action, expected)
        if isinstance(outcome, Rejection):
            return ActResult(False, name_seats(outcome.message, names), version=state.version)
        new = outcome.state
        snapshot = new.model_dump_json() if new.version % self.settings.snapshot_every == 0 \
            else None
        result = game.outcome(new)
        finish = plan = None
        opened: list[DeadlineSpec] = []
        if result is not None:
            finish = Finish(result.end_reason, await self._outcome_record(match.id, result),
                            self._seat_records(seats))
        else:
            current = await self.storage.deadlines(match.id)
            plan = self._plan(match, game, new, seats, current)
            opened = [spec for spec in plan.write if spec.kind == "answer"
                      and all(row.due_at != spec.due_at for row in current)]
        try:
            await self.storage.append_action(
                match.id, expected_version=state.version, seat=seat,
                action=outcome.action.model_dump(mode="json"),
                events=[e.model_dump(mode="json") for e in outcome.events],
                snapshot_json=snapshot, deadlines=plan, finish=finish,
            )
        except StaleVersion:
            self._states.pop(match.id, None)
            return ActResult(False, "Someone moved first: look at the board again.")
        except STORAGE_FAULTS as err:
            self._states.pop(match.id, None)  # nothing was acknowledged; reload from disk
            # a connection lost while COMMIT's answer was on its way: the server may have
            # committed. Asked again (on the reading connection, opened anew if need be)
            saved = await self._saved_anyway(match.id, state.version + 1, seat,
                                             outcome.action.model_dump(mode="json"))
            if saved is not True:
                log.error("match %s: a move could not be saved (%s: %s)%s", match.id,
                          type(err).__name__, err,
                          "" if saved is False else "; whether it was is not known yet")
                if saved is None:  # found out later: posted then, if it was saved
                    self._redeliver(match.id)
                raise SaveFailed("the bot's storage is full" if disk_full(err) else
                                 "the bot's storage failed", unknown=saved is None) from err
            log.warning("match %s: storage reported a failure (%s) but move %s was saved",
                        match.id, type(err).__name__, state.version + 1)
        except BaseException:
            self._states.pop(match.id, None)
            raise
        self._remember(match.id, new)
        if result is not None:
            self._finished(match.id)
        try:
            notice = self._announce(match, game, state, outcome, seats, seat, result)
            notice.lines += answer_by(game, new, opened)
        except Exception:  # the move is committed: it stands, whatever fails after
            log.exception("match %s: bookkeeping after move %s failed", match.id, new.version)
            notice = Notice(match.id, match.channel_id, new.version, ledger=True,
                            since=state.version,
                            lines=public_lines(outcome.events, names), board=True)
        message = "Done."
        if isinstance(outcome.action, Undo) and undone:
            message = f"Undone: {undone.label}."
            said = name_seats(outcome.events[0].text, names) if outcome.events else None
            if undone.public:
                notice.lines = [f"{names[seat]} took back: {undone.label}." if line == said
                                else line for line in notice.lines]
        mine = notice.private.get(seats[seat].user_id or -1, [])
        done = ActResult(True, message, private=mine, version=new.version, notice=notice)
        if result is None and forced < FORCED_CHAIN:
            await self._forced_after(match, game, new, seats, notice, forced)
        return done

    async def _forced_after(self, match: MatchRow, game: Game[Any], state: State,
                            seats: list[SeatRow], notice: Notice, depth: int) -> None:
        """A person whose only move reveals nothing (``Game.forced_action``) has it made for
        them at once, and the channel is told; it goes out in the same notice as the move
        that led to it. A move that cannot be saved is left for them to make."""
        for seat in sorted(game.actors(state)):
            if seats[seat].bot is not None:
                continue  # a bot seat moves by itself
            action = game.forced_action(state, seat)
            if action is None:
                continue
            try:
                later = await self._commit(match, game, state, seats, seat, action,
                                           state.version, forced=depth + 1)
            except SaveFailed:
                return
            if not later.ok or later.notice is None:
                log.error("match %s: a forced move was refused (%s)", match.id, later.message)
                return
            name = self._shown(seats)[seat]
            then = later.notice
            then.lines.insert(_after_own_lines(then), f"({name} had no other choice: "
                                                      "Portolan made that move for them.)")
            acting = {seats[s].user_id for s in game.actors(self._states.get(match.id, state))}
            notice.lines += then.lines
            for user, lines in then.private.items():
                notice.private[user] = notice.private.get(user, []) + lines
            notice.ping = [u for u in dict.fromkeys(notice.ping + then.ping) if u in acting]
            notice.version, notice.board = then.version, notice.board or then.board
            notice.finished = then.finished
            return

    def _announce(self, match: MatchRow, game: Game[Any], before: State,
                  accepted: Accepted, seats: list[SeatRow], seat: int,
                  result: Outcome | None) -> Notice:
        names = self._shown(seats)
        new = accepted.state
        notice = Notice(match.id, match.channel_id, new.version, ledger=True,
                        since=before.version, lines=public_lines(accepted.events, names),
                        private=self._private_parts(accepted.events, seats, names))
        if result is not None:
            notice.board = notice.finished = True
            notice.lines += result_lines(result, names)
            return notice
        notice.board = accepted.turn_ended
        # mid-turn, whoever just acted needs no ping to act again (an undo, a second action)
        already = game.actors(before) | (set() if accepted.turn_ended else {seat})
        self._after_turn(game, new, seats, notice, already, new_turn=accepted.turn_ended)
        return notice

    @staticmethod
    def _after_turn(game: Game[Any], state: State, seats: list[SeatRow], notice: Notice,
                    previous_actors: set[int], new_turn: bool = True) -> None:
        """Pings whoever must act and was not already acting (once per turn)."""
        actors = game.actors(state)
        fresh = actors if new_turn else actors - previous_actors
        notice.ping = [user for s in sorted(fresh) if (user := seats[s].user_id) is not None]

    @staticmethod
    def _seat_records(seats: list[SeatRow]) -> list[dict[str, Any]]:
        return [{"seat": s.seat, "user_id": s.user_id, "name": s.name, "bot": s.bot,
                 "left_user_id": s.left_user_id} for s in seats]


def _parse_choice(value: str) -> tuple[int | None, int | None]:
    head, _, tail = value.partition(":")
    # versions and indexes are small ASCII numbers: thousands of digits, or digits of other
    # scripts, name no move
    number = head[1:]
    if not head.startswith("v") or not (number.isascii() and number.isdecimal()) \
            or len(number) > 18:
        return None, None
    index = int(tail) if tail.isascii() and tail.isdecimal() and len(tail) <= 9 else None
    return int(number), index


def _key_of(game: Game[Any], action: Action | dict[str, Any]) -> str | None:
    try:
        return game.parse_action(action).key()
    except Exception:
        return None  # malformed: step says why


FORCED_CHAIN = 20  # forced moves made in a row at most (each may force the next)


def _after_own_lines(notice: Notice) -> int:
    """Where a forced move's own lines end in its notice (before a result or a clock)."""
    for i, line in enumerate(notice.lines):
        if line.startswith(("The game is over", "Time to answer")):
            return i
    return len(notice.lines)


def answer_by(game: Game[Any], state: State, opened: list[DeadlineSpec]) -> list[str]:
    """When a move opens a window with a time limit (a reaction, a bid, a bribe): until when
    it is open, as a Discord timestamp each reader sees in their own time, and what is chosen
    for whoever has not answered by then."""
    for spec in opened:
        due = int(spec.due_at)
        defaults = {action.label for s in spec.seats
                    if (action := game.timeout_action(state, s)) is not None and action.label}
        then = (f"then \u201c{defaults.pop()}\u201d is chosen for whoever has not answered"
                if len(defaults) == 1 else "then the game answers for whoever has not")
        return [f"Time to answer: until <t:{due}:t> (<t:{due}:R>); {then}."]
    return []
