"""MatchService: load -> engine.step -> persist -> announce. It knows no Discord types.

Every change to a game, from any adapter, goes through :meth:`MatchService.act` (or the bot and
deadline paths, which use the same ``_commit``), which runs ``engine.core.step`` under the
match's lock and commits the action and the new version in one transaction before anyone is
told about it.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.notices import Notice, name_seats, private_lines, public_lines, result_lines
from bot.painter import BoardPainter
from bot.settings import Settings
from bot.storage import ChannelBusy, MatchRow, NotFound, SeatRow, StaleVersion, Storage
from engine.core import (
    Accepted,
    Action,
    Event,
    Game,
    LogEntry,
    OptionError,
    Outcome,
    Rejection,
    Rng,
    SetupRecord,
    State,
    Undo,
    View,
    bot_rng,
    can_undo,
    registry,
    replay_from,
    step,
)

log = logging.getLogger(__name__)

Notify = Callable[[Notice], Awaitable[None]]
POLICIES = ("wait", "bot", "remove")


class ServiceError(Exception):
    """A request that cannot be done; the message is shown to the user as it is."""


@dataclass
class ActResult:
    """What the acting user is told (ephemerally)."""

    ok: bool
    message: str
    private: list[str] = field(default_factory=list)
    version: int = 0
    notice: Notice | None = None  # what to announce, delivered once the match is unlocked


@dataclass(frozen=True)
class Choice:
    """A legal action offered to a seat: ``value`` names it at one version of the game."""

    value: str
    label: str
    action: Action


class MatchService:
    def __init__(
        self,
        storage: Storage,
        settings: Settings,
        notify: Notify | None = None,
        clock: Callable[[], float] = time.time,
        run_bots: bool = True,
    ) -> None:
        self.storage = storage
        self.settings = settings
        self._notify = notify
        self.clock = clock
        self.run_bots = run_bots
        self._states: dict[int, State] = {}
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        # Announcements leave in commit order, but after the match lock is released, so a slow
        # render or upload never holds up the next move.
        self._order: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._tasks: set[asyncio.Task[int]] = set()
        self._moving = 0  # people's moves under way (commit, then announcement)
        self.stopping = False  # set on shutdown: no new moves, bots stop after the current one
        self.painter = BoardPainter(settings.render_workers)

    async def close(self) -> None:
        """Stops the board workers (the storage is closed by its owner)."""
        await self.painter.close()

    # --- lobby ------------------------------------------------------------------------------
    async def create(
        self,
        *,
        channel_id: int,
        guild_id: int | None,
        game_id: str,
        host_id: int,
        host_name: str,
        options: dict[str, Any] | None = None,
        seed: int | None = None,
    ) -> MatchRow:
        game = self._game(game_id)
        try:
            resolved = game.resolve_options(options)
        except OptionError as err:
            raise ServiceError(str(err)) from None
        settings = {
            "turn_hours": self.settings.turn_hours,
            "policy": self.settings.deadline_policy,
            "answer_seconds": self.settings.answer_seconds,
        }
        try:
            return await self.storage.create_match(
                channel_id=channel_id,
                guild_id=guild_id,
                game=game.id,
                options=resolved,
                seed=secrets.randbits(62) if seed is None else seed,
                host_id=host_id,
                host_name=host_name,
                rules_version=game.rules_version,
                settings=settings,
            )
        except ChannelBusy:
            raise ServiceError(
                "This channel already has a game. Finish or abort it (/game abort), "
                "or start a thread and play there."
            ) from None

    async def join(self, channel_id: int, user_id: int, name: str) -> MatchRow:
        match = await self._lobby(channel_id)
        game = self._game(match.game)
        seats = await self.storage.seats(match.id)
        if any(s.user_id == user_id for s in seats):
            raise ServiceError("You have already joined this game.")
        if len(seats) >= game.max_players:
            raise ServiceError(f"{game.name} is full ({game.max_players} players).")
        await self.storage.add_seat(match.id, user_id=user_id, name=name)
        return match

    async def leave(self, channel_id: int, user_id: int) -> MatchRow:
        match = await self._lobby(channel_id, "You can only leave before the game starts.")
        seats = await self.storage.seats(match.id)
        if not any(s.user_id == user_id for s in seats):
            raise ServiceError("You have not joined this game.")
        if user_id == match.host_id:
            raise ServiceError("You are the host: use /game abort to cancel the game instead.")
        await self.storage.remove_seat(match.id, user_id)
        return match

    async def add_bot(self, channel_id: int, user_id: int, bot: str = "random") -> MatchRow:
        match = await self._lobby(channel_id)
        self._require_host(match, user_id)
        game = self._game(match.game)
        if bot not in game.bots():
            known = ", ".join(game.bots())
            raise ServiceError(f"No bot {bot[:40]!r} for {game.name} (bots: {known}).")
        seats = await self.storage.seats(match.id)
        if len(seats) >= game.max_players:
            raise ServiceError(f"{game.name} is full ({game.max_players} players).")
        number = sum(1 for s in seats if s.bot) + 1
        await self.storage.add_seat(match.id, user_id=None, name=f"Bot {number}", bot=bot)
        return match

    async def start(self, channel_id: int, user_id: int) -> Notice:
        match = await self._lobby(channel_id)
        self._require_host(match, user_id)
        game = self._game(match.game)
        seats = await self.storage.seats(match.id)
        if not game.min_players <= len(seats) <= game.max_players:
            raise ServiceError(
                f"{game.name} needs {game.min_players} to {game.max_players} players; "
                f"{len(seats)} have joined. Others join with /game join; add a bot with "
                "/game addbot."
            )
        order = [s.position for s in seats]
        Rng.from_seed(match.seed).fork(1).shuffle(order)  # seat order comes from the seed
        async with self._locks[match.id]:
            state = game.setup(match.options, len(seats), match.seed)
            match = await self.storage.start_match(
                match.id, seat_order=order, state_json=state.model_dump_json()
            )
            self._states[match.id] = state
            seats = await self.storage.seats(match.id)
            names = [s.name for s in seats]
            notice = Notice(match.id, match.channel_id, state.version, board=True, ledger=True)
            notice.lines.append(
                f"{game.name} begins. Seat order: " + ", ".join(names) + "."
            )
            await self._after_turn(match, game, state, seats, notice, previous_actors=set())
            await self._order[match.id].acquire()  # announced in order, like every move
        await self._deliver_ordered(match.id, notice)
        self._maybe_run_bots(match.id)
        return notice

    async def update_settings(
        self, channel_id: int, user_id: int, *, turn_hours: float | None = None,
        policy: str | None = None, answer_seconds: float | None = None,
    ) -> MatchRow:
        match = await self._open(channel_id)
        self._require_host(match, user_id)
        settings = dict(match.settings)
        if turn_hours is not None:
            if turn_hours < 0:
                raise ServiceError("Turn hours are 0 (no deadline) or more.")
            settings["turn_hours"] = turn_hours
        if answer_seconds is not None:
            if answer_seconds < 0:
                raise ServiceError("The time to answer is 0 (no limit) or more seconds.")
            settings["answer_seconds"] = answer_seconds
        if policy is not None:
            if policy not in POLICIES:
                raise ServiceError(f"The deadline policy is one of: {', '.join(POLICIES)}.")
            settings["policy"] = policy
        match = await self.storage.update_settings(match.id, settings)
        if match.status == "active":
            async with self._locks[match.id]:
                state = await self._state(match)
                seats = await self.storage.seats(match.id)
                await self._set_deadline(match, self._game(match.game), state, seats)
        return match

    async def abort(self, channel_id: int, user_id: int, can_manage: bool = False) -> Notice:
        match = await self._open(channel_id)
        if user_id != match.host_id and not can_manage:
            raise ServiceError("Only the host or someone with Manage Channels can abort the game.")
        async with self._locks[match.id]:
            await self.storage.abort_match(match.id)
            self._states.pop(match.id, None)
        notice = Notice(match.id, match.channel_id, match.version, lines=["The game was aborted."])
        await self._deliver(notice)
        return notice

    # --- play -------------------------------------------------------------------------------
    async def act(
        self,
        channel_id: int,
        user_id: int,
        action: Action | dict[str, Any],
        expected_version: int | None = None,
    ) -> ActResult:
        """Applies one action for the user's seat, if ``step`` accepts it."""
        match = await self._active(channel_id)
        seats = await self.storage.seats(match.id)
        seat = self._seat_of(seats, user_id)
        if seat is None:
            return ActResult(False, "You are not playing in this game; you can watch it.")
        return await self._act_as(match, seats, seat, action, expected_version)

    async def undo(self, channel_id: int, user_id: int) -> ActResult:
        return await self.act(channel_id, user_id, Undo())

    async def choices(self, channel_id: int, user_id: int) -> list[Choice]:
        """The user's legal actions now, each with a value that names it at this version."""
        match = await self.storage.open_match(channel_id)
        if match is None or match.status != "active":
            return []
        seats = await self.storage.seats(match.id)
        seat = self._seat_of(seats, user_id)
        if seat is None:
            return []
        game = self._game(match.game)
        state = await self._state(match)
        actions = list(game.legal_actions(state, seat))
        if can_undo(state, seat):
            actions.append(Undo())
        return [
            Choice(f"v{state.version}:{i}", name_seats(a.label or a.type, self._names(seats)), a)
            for i, a in enumerate(actions)
        ]

    async def act_choice(self, channel_id: int, user_id: int, value: str) -> ActResult:
        """Acts on a value from :meth:`choices` (or, typed by hand, a label)."""
        match = await self._active(channel_id)
        if self._seat_of(await self.storage.seats(match.id), user_id) is None:
            return ActResult(False, "You are not playing in this game; you can watch it.")
        version, index = _parse_choice(value)
        options = await self.choices(channel_id, user_id)
        if version is None:
            wanted = value.strip().lower()
            found = [c for c in options if c.label.lower() == wanted]
            if not found:
                return ActResult(False, "That is not one of your legal moves now. "
                                 "Pick one from the list that /move offers.")
            return await self.act(channel_id, user_id, found[0].action)
        if not options:
            waiting = (await self.status(channel_id))[-1]
            return ActResult(False, f"You have no move to make right now. {waiting}")
        if not options[0].value.startswith(f"v{version}:"):
            return ActResult(False, "That choice is out of date: the game has moved on. "
                             "Type /move again to see your moves now.")
        if index is None or not 0 <= index < len(options):
            return ActResult(False, "That is not one of your legal moves now.")
        return await self.act(channel_id, user_id, options[index].action, version)

    async def resume(self) -> None:
        """After a start (and :meth:`catch_up`): lets bot seats that were due to move carry
        on."""
        for match in await self.storage.matches("active"):
            game = self._game(match.game)
            seats = await self.storage.seats(match.id)
            state = await self._state(match)
            if any(seats[s].bot for s in game.actors(state)):
                self._maybe_run_bots(match.id)

    async def catch_up(self) -> None:
        """At a start, before any interaction is taken (so no fresh move can overtake it):
        records the end of a game whose last move ended it when a stop came before that was
        written, and posts what a stop kept from being announced."""
        for match in await self.storage.matches("active"):
            game = self._game(match.game)
            result = game.outcome(await self._state(match))
            if result is not None:
                log.info("match %s: recording the end a stop cut off", match.id)
                await self._record_finish(match, result, await self.storage.seats(match.id))
        for match_id in await self.storage.unannounced() if self._notify else []:
            # Under the match lock no move commits, and under the order lock none is being
            # announced, so the gap found inside is a real one (and is not posted twice).
            async with self._locks[match_id], self._order[match_id]:
                match = await self.storage.get_match(match_id)
                announced = await self.storage.announced(match.id)
                if announced >= match.version:
                    continue
                try:
                    await self._announce_again(match, announced)
                except Exception:
                    log.exception("match %s: announcing again after a restart failed",
                                  match.id)

    async def _announce_again(self, match: MatchRow, announced: int) -> None:
        """The notice a stop cut off (between committing a move and posting it): the public
        lines and DMs of every action since the last announcement, the board as it is now, and
        the pings for whoever must act."""
        seats = await self.storage.seats(match.id)
        names = self._names(seats)
        game = self._game(match.game)
        events = [Event.model_validate(e) for row in await self.storage.actions(
            match.id, after=max(announced, 0)) for e in row.events]
        lines = ["(The bot was restarted before it could post this.)",
                 *public_lines(events, names)]
        notice = Notice(match.id, match.channel_id, match.version, board=True, ledger=True,
                        lines=lines, private=self._private_parts(events, seats, names))
        state = await self._state(match)
        result = game.outcome(state)
        if result is not None:
            notice.finished = True
            notice.lines += result_lines(result, names)
        else:
            notice.ping = [user for s in sorted(game.actors(state))
                           if (user := seats[s].user_id) is not None]
        log.info("match %s: announcing versions %s-%s again after a restart", match.id,
                 announced + 1, match.version)
        await self._deliver(notice)

    # --- reading ----------------------------------------------------------------------------
    async def current(self, channel_id: int) -> MatchRow | None:
        """The channel's open match (in the lobby or being played)."""
        return await self.storage.open_match(channel_id)

    async def match(self, match_id: int) -> MatchRow:
        """The match a button or menu names; a made-up or deleted id is the user's error."""
        try:
            return await self.storage.get_match(match_id)
        except NotFound:
            raise ServiceError("That button belongs to a game this bot does not know "
                               "(any more). Use /game status to see this channel's game.") \
                from None

    async def view(self, match_id: int, viewer: int | None) -> tuple[Game[Any], View, list[str]]:
        match = await self.storage.get_match(match_id)
        game = self._game(match.game)
        state = await self._state(match)
        seats = await self.storage.seats(match.id)
        return game, game.view(state, viewer), self._names(seats)

    async def state_of(self, match_id: int) -> State:
        """The full state, for self-play and tests only: it holds every secret."""
        return await self._state(await self.storage.get_match(match_id))

    async def render(self, match_id: int, viewer_user: int | None = None) -> bytes:
        """The board PNG: public, or as the given user's seat sees it. Drawn off the event loop
        (in a worker process unless ``render_workers`` is 0)."""
        seats = await self.storage.seats(match_id)
        seat = self._seat_of(seats, viewer_user) if viewer_user is not None else None
        game, view, names = await self.view(match_id, seat)
        return await self.painter.draw(game.id, view, names)

    async def private_summary(self, channel_id: int, user_id: int) -> tuple[int, list[str]]:
        """(match id, lines) for "My view": the seat's private lines and legal moves."""
        match = await self._active(channel_id)
        seats = await self.storage.seats(match.id)
        seat = self._seat_of(seats, user_id)
        if seat is None:
            raise ServiceError("You are not playing in this game, so there is nothing private "
                               "to show; the board is public.")
        game = self._game(match.game)
        state = await self._state(match)
        lines = [f"You are {seats[seat].name} (seat {seat + 1}) in {game.name}."]
        lines += [name_seats(t, self._names(seats)) for t in game.private_lines(state, seat)]
        options = await self.choices(channel_id, user_id)
        if options:
            lines.append("Your moves: " + "; ".join(c.label for c in options[:25]))
        else:
            lines.append("You have nothing to do right now.")
        return match.id, lines

    async def status(self, channel_id: int) -> list[str]:
        match = await self.storage.open_match(channel_id)
        if match is None:
            return ["No game in this channel. Start one with /game new."]
        game = self._game(match.game)
        seats = await self.storage.seats(match.id)
        names = [s.name + (" (bot)" if s.bot and not s.name.endswith("(bot)") else "")
                 for s in seats]
        hours = match.settings.get("turn_hours", 0)
        deadline = f"{hours:g} h per turn, then {match.settings.get('policy')}" if hours else "off"
        answer = match.settings.get("answer_seconds", self.settings.answer_seconds)
        lines = [f"{game.name}, {match.status}. Players: {', '.join(names)}.",
                 f"Options: {_options_text(match.options)}. Turn deadline: {deadline}. "
                 f"Time to answer reactions, bids and bribes: "
                 f"{f'{answer:g} s' if answer else 'no limit'}."]
        if match.status == "lobby":
            lines.append(f"{len(seats)} of {game.min_players}-{game.max_players} players; "
                         "join with /game join, the host starts with /game start.")
            return lines
        state = await self._state(match)
        actors = sorted(game.actors(state))
        lines.append(f"Turn {state.turn + 1}, move {state.version}. To act: "
                     + (", ".join(seats[s].name for s in actors) or "nobody") + ".")
        return lines

    async def export(self, channel_id: int | None = None, match_id: int | None = None
                     ) -> dict[str, Any]:
        """The match record: setup, seed, rules version, seats and the whole action log.

        Only for games that are over: the seed would reveal every hidden card and future roll."""
        if match_id is None:
            assert channel_id is not None
            open_match = await self.storage.open_match(channel_id)
            if open_match is not None:
                raise ServiceError("The record can be exported once the game is over: it holds "
                                   "the seed, which would reveal hidden cards and future rolls.")
            raise ServiceError("No game in this channel to export.")
        match = await self.storage.get_match(match_id)
        if match.status in ("lobby", "active"):
            raise ServiceError("The record can be exported once the game is over.")
        return await self._record(match)

    async def last_finished(self, channel_id: int) -> MatchRow | None:
        done = [m for m in await self.storage.matches() if m.channel_id == channel_id
                and m.status in ("finished", "aborted")]
        return max(done, key=lambda m: m.id) if done else None

    async def _record(self, match: MatchRow) -> dict[str, Any]:
        seats = await self.storage.seats(match.id)
        entries = await self.storage.actions(match.id)
        return {
            "format": "portolan-match-1",
            "setup": SetupRecord(game=match.game, rules_version=match.rules_version,
                                 options=match.options, seats=len(seats),
                                 seed=match.seed).model_dump(mode="json"),
            "status": match.status,
            "seats": [{"seat": s.seat, "name": s.name, "bot": s.bot} for s in seats],
            "actions": [
                LogEntry(seq=e.seq, seat=e.seat, action=e.action, events=e.events).model_dump(
                    mode="json")
                for e in entries
            ],
        }

    # --- time -------------------------------------------------------------------------------
    async def tick(self) -> list[Notice]:
        """Sends due reminders and applies due deadlines, each once. Call it periodically;
        after a restart the first call catches up on what came due while the bot was down."""
        now = self.clock()
        notices: list[Notice] = []
        due = await self.storage.due_deadlines(now)
        overdue = {row.match_id for row in due}  # after downtime: no reminder, the deadline
        for row in await self.storage.due_reminders(now):
            match = await self.storage.get_match(row.match_id)
            await self.storage.mark_reminded(row.match_id, row.version)
            if match.status != "active" or match.version != row.version \
                    or row.match_id in overdue:
                continue
            seats = await self.storage.seats(match.id)
            left = max(0.0, (row.due_at - now) / 3600)
            who = [seats[s] for s in row.seats]
            notice = Notice(match.id, match.channel_id, match.version,
                            ping=[s.user_id for s in who if s.user_id is not None])
            notice.lines.append(f"Reminder: {', '.join(s.name for s in who)}, it is your move; "
                                f"about {left:.1f} h left.")
            notices.append(notice)
        for row in due:
            waiting = await self._deadline(row.match_id, row.version)
            if waiting is not None:
                notices.append(waiting)
        for notice in notices:
            await self._deliver(notice)
        return notices

    async def _deadline(self, match_id: int, version: int) -> Notice | None:
        async with self._locks[match_id]:
            match = await self.storage.get_match(match_id)
            await self.storage.clear_deadline(match_id)
            if match.status != "active" or match.version != version:
                return None
            seats = await self.storage.seats(match.id)
            game = self._game(match.game)
            state = await self._state(match)
            late = [s for s in sorted(game.actors(state)) if seats[s].bot is None]
            answers = [s for s in late if game.timeout_action(state, s) is not None]
            if answers:
                results = await self._answer_for(match, game, seats, answers)
            else:
                results = []
                policy = match.settings.get("policy", "wait")
                names = ", ".join(seats[s].name for s in late)
                notice = Notice(match.id, match.channel_id, match.version)
                if policy == "wait" or not late:
                    notice.lines.append(f"{names}: the turn deadline has passed; the game "
                                        "waits.")
                    return notice
                if policy == "remove":
                    for s in late:
                        await self.storage.replace_seat_with_bot(match.id, s, "random")
                    notice.lines.append(f"{names} missed the deadline and a bot takes the "
                                        "seat from now on.")
                else:
                    notice.lines.append(f"{names} missed the deadline; a bot plays this turn.")
            await self._order[match_id].acquire()
        try:
            for result in results:
                if result.notice is not None:
                    await self._deliver(result.notice)
        finally:
            self._order[match_id].release()
        if answers:
            self._maybe_run_bots(match_id)
            return None
        await self._deliver(notice)
        await self._play_late_turn(match.id, late, policy)
        return None

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

    async def _play_late_turn(self, match_id: int, late: list[int], policy: str) -> None:
        """A bot moves for the late seats until the turn passes (policy 'bot') or always
        (policy 'remove': the seat is a bot seat now and runs as one)."""
        if policy == "remove":
            self._maybe_run_bots(match_id)
            return
        turn: int | None = None
        while True:
            async with self._locks[match_id]:
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
                result = await self._bot_move(match, game, state, seats, acting[0], "random")
                await self._order[match_id].acquire()
            await self._deliver_ordered(match_id, result.notice)
            if not result.ok:
                break
        self._maybe_run_bots(match_id)

    # --- bots -------------------------------------------------------------------------------
    def _maybe_run_bots(self, match_id: int) -> None:
        if self.run_bots and not self.stopping:
            task = asyncio.create_task(self.run_bot_turns(match_id))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def idle(self) -> None:
        """Waits until no bot is thinking and no move is being committed or announced (for
        tests and orderly shutdown)."""
        while self._tasks or self._moving:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)
            if self._moving:
                await asyncio.sleep(0.05)

    async def run_bot_turns(self, match_id: int, delay: float | None = None,
                            limit: int | None = None) -> int:
        """Lets bot seats act, one action at a time, while a bot may act (at most ``limit``
        actions). Returns the count."""
        pause = self.settings.bot_delay if delay is None else delay
        moves = 0
        while (limit is None or moves < limit) and not self.stopping:
            if pause:
                await asyncio.sleep(pause)
            if self.stopping:
                break
            async with self._locks[match_id]:
                match = await self.storage.get_match(match_id)
                if match.status != "active":
                    return moves
                game = self._game(match.game)
                state = await self._state(match)
                seats = await self.storage.seats(match_id)
                bots = [s for s in sorted(game.actors(state)) if seats[s].bot]
                if not bots:
                    return moves
                seat = bots[0]
                bot_name = seats[seat].bot or "random"
                result = await self._bot_move(match, game, state, seats, seat, bot_name)
                await self._order[match_id].acquire()
            await self._deliver_ordered(match_id, result.notice)
            if not result.ok:
                return moves
            moves += 1
        return moves

    async def _bot_move(self, match: MatchRow, game: Game[Any], state: State,
                        seats: list[SeatRow], seat: int, bot_name: str) -> ActResult:
        """One bot action through ``step``; must be called under the match's lock."""
        legal = game.legal_actions(state, seat)
        if not legal:
            log.error("match %s: bot seat %s may act but has no legal action", match.id, seat)
            return ActResult(False, "The bot has no legal action.")
        bot = game.bots().get(bot_name) or game.bots()["random"]
        action = bot.choose(game.view(state, seat), legal, bot_rng(match.seed, state.version, seat))
        result = await self._commit(match, game, state, seats, seat, action, state.version)
        if not result.ok:
            log.error("match %s: bot move refused: %s", match.id, result.message)
        return result

    # --- the one path that changes a game ---------------------------------------------------
    async def _act_as(self, match: MatchRow, seats: list[SeatRow], seat: int,
                      action: Action | dict[str, Any], expected: int | None) -> ActResult:
        if self.stopping:
            return ActResult(False, "The bot is restarting; nothing was changed. Try again in "
                             "a minute.")
        self._moving += 1
        try:
            return await self._act_locked(match, seats, seat, action, expected)
        finally:
            self._moving -= 1

    async def _act_locked(self, match: MatchRow, seats: list[SeatRow], seat: int,
                          action: Action | dict[str, Any], expected: int | None) -> ActResult:
        async with self._locks[match.id]:
            match = await self.storage.get_match(match.id)
            if match.status != "active":
                return ActResult(False, "This game is over.")
            game = self._game(match.game)
            state = await self._state(match)
            result = await self._commit(
                match, game, state, seats, seat, action,
                state.version if expected is None else expected,
            )
            await self._order[match.id].acquire()
        await self._deliver_ordered(match.id, result.notice)
        self._maybe_run_bots(match.id)
        return result

    async def _deliver_ordered(self, match_id: int, notice: Notice | None) -> None:
        """Delivers a notice; the caller took the match's order lock while it still held the
        match lock, so notices leave in the order their moves were committed."""
        try:
            if notice is not None:
                await self._deliver(notice)
        finally:
            self._order[match_id].release()

    async def _commit(self, match: MatchRow, game: Game[Any], state: State,
                      seats: list[SeatRow], seat: int, action: Action | dict[str, Any],
                      expected: int) -> ActResult:
        """step, then commit, then announce. Called under the match's lock."""
        names = self._names(seats)
        outcome = step(game, state, seat, action, expected)
        if isinstance(outcome, Rejection):
            return ActResult(False, name_seats(outcome.message, names), version=state.version)
        new = outcome.state
        snapshot = new.model_dump_json() if new.version % self.settings.snapshot_every == 0 \
            else None
        try:
            await self.storage.append_action(
                match.id, expected_version=state.version, seat=seat,
                action=outcome.action.model_dump(mode="json"),
                events=[e.model_dump(mode="json") for e in outcome.events],
                snapshot_json=snapshot,
            )
        except StaleVersion:
            self._states.pop(match.id, None)
            return ActResult(False, "Someone moved first: look at the board again.")
        except BaseException:
            self._states.pop(match.id, None)  # nothing was acknowledged; reload from disk
            raise
        self._states[match.id] = new
        try:
            notice = await self._announce(match, game, state, outcome, seats, seat)
        except Exception:  # the move is committed: it stands, whatever fails after
            log.exception("match %s: bookkeeping after move %s failed", match.id, new.version)
            notice = Notice(match.id, match.channel_id, new.version, ledger=True,
                            lines=public_lines(outcome.events, names), board=True)
        mine = notice.private.get(seats[seat].user_id or -1, [])
        return ActResult(True, "Done.", private=mine, version=new.version, notice=notice)

    async def _announce(self, match: MatchRow, game: Game[Any], before: State,
                        accepted: Accepted, seats: list[SeatRow], seat: int) -> Notice:
        names = self._names(seats)
        new = accepted.state
        notice = Notice(match.id, match.channel_id, new.version, ledger=True,
                        lines=public_lines(accepted.events, names),
                        private=self._private_parts(accepted.events, seats, names))
        result = game.outcome(new)
        if result is not None:
            notice.board = notice.finished = True
            notice.lines += result_lines(result, names)
            await self._record_finish(match, result, seats)
            return notice
        notice.board = accepted.turn_ended
        # mid-turn, whoever just acted needs no ping to act again (an undo, a second action)
        already = game.actors(before) | (set() if accepted.turn_ended else {seat})
        await self._after_turn(match, game, new, seats, notice, already,
                               new_turn=accepted.turn_ended)
        return notice

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

    async def _record_finish(self, match: MatchRow, result: Outcome,
                             seats: list[SeatRow]) -> None:
        await self.storage.finish_match(
            match.id, end_reason=result.end_reason, outcome=result.model_dump(mode="json"),
            seats=[{"seat": s.seat, "user_id": s.user_id, "name": s.name, "bot": s.bot}
                   for s in seats],
        )

    async def _after_turn(self, match: MatchRow, game: Game[Any], state: State,
                          seats: list[SeatRow], notice: Notice, previous_actors: set[int],
                          new_turn: bool = True) -> None:
        """Pings whoever must act and was not already acting (once per turn); sets the
        deadline."""
        actors = game.actors(state)
        fresh = actors if new_turn else actors - previous_actors
        notice.ping = [user for s in sorted(fresh) if (user := seats[s].user_id) is not None]
        if fresh or self._timed(game, state, seats):
            await self._set_deadline(match, game, state, seats)

    @staticmethod
    def _timed(game: Game[Any], state: State, seats: list[SeatRow]) -> list[int]:
        """Human seats asked for an answer with a short time limit (reaction, bid, bribe)."""
        return [s for s in sorted(game.actors(state))
                if seats[s].bot is None and game.timeout_action(state, s) is not None]

    async def _set_deadline(self, match: MatchRow, game: Game[Any], state: State,
                            seats: list[SeatRow]) -> None:
        timed = self._timed(game, state, seats)
        seconds = float(match.settings.get("answer_seconds", self.settings.answer_seconds) or 0)
        if timed and seconds:
            # one clock for everyone asked at this moment: an answer by one does not reset it
            now = self.clock()
            current = await self.storage.deadline(match.id)
            keep = current is not None and set(timed) <= set(current.seats) \
                and current.due_at <= now + seconds
            due = current.due_at if keep and current is not None else now + seconds
            await self.storage.set_deadline(match.id, version=state.version, seats=timed,
                                            due_at=due, remind_at=None)
            return
        hours = float(match.settings.get("turn_hours", 0) or 0)
        humans = [s for s in sorted(game.actors(state)) if seats[s].bot is None]
        if not hours or not humans:
            await self.storage.clear_deadline(match.id)
            return
        now = self.clock()
        due = now + hours * 3600
        remind_hours = self.settings.remind_hours or hours / 4
        remind = due - remind_hours * 3600 if remind_hours < hours else None
        await self.storage.set_deadline(match.id, version=state.version, seats=humans,
                                        due_at=due, remind_at=remind)

    async def _deliver(self, notice: Notice) -> None:
        if self._notify is None:
            return
        try:
            await self._notify(notice)
        except Exception:  # delivery never undoes a committed move
            log.exception("match %s: delivering a notice failed", notice.match_id)
            return
        if notice.ledger:
            try:
                await self.storage.mark_announced(notice.match_id, notice.version)
            except Exception:  # at worst the notice is posted again after a restart
                log.exception("match %s: recording an announcement failed", notice.match_id)

    # --- loading ----------------------------------------------------------------------------
    async def _state(self, match: MatchRow) -> State:
        """The current state: from memory, or the newest snapshot plus the log after it."""
        cached = self._states.get(match.id)
        if cached is not None and cached.version == match.version:
            return cached
        game = self._game(match.game)
        snap = await self.storage.latest_snapshot(match.id)
        if snap is None:
            raise ServiceError("This game's saved start is missing; it cannot be loaded.")
        state = game.load_state(snap[1])
        rows = await self.storage.actions(match.id, after=snap[0])
        entries = [LogEntry(seq=r.seq, seat=r.seat, action=r.action, events=r.events)
                   for r in rows]
        state = replay_from(game, state, entries)
        self._states[match.id] = state
        return state

    # --- small helpers ----------------------------------------------------------------------
    def _game(self, game_id: str) -> Game[Any]:
        try:
            return registry.get(game_id)
        except KeyError as err:
            raise ServiceError(str(err.args[0])) from None

    async def _open(self, channel_id: int) -> MatchRow:
        match = await self.storage.open_match(channel_id)
        if match is None:
            raise ServiceError("No game in this channel. Start one with /game new.")
        return match

    async def _lobby(self, channel_id: int, started: str = "The game has already started."
                     ) -> MatchRow:
        match = await self._open(channel_id)
        if match.status != "lobby":
            raise ServiceError(started)
        return match

    async def _active(self, channel_id: int) -> MatchRow:
        match = await self._open(channel_id)
        if match.status != "active":
            raise ServiceError("The game has not started yet; the host starts it with "
                               "/game start.")
        return match

    @staticmethod
    def _require_host(match: MatchRow, user_id: int) -> None:
        if user_id != match.host_id:
            raise ServiceError("Only the host who created the game can do that.")

    @staticmethod
    def _seat_of(seats: Sequence[SeatRow], user_id: int | None) -> int | None:
        for s in seats:
            if user_id is not None and s.user_id == user_id and s.seat is not None:
                return s.seat
        return None

    @staticmethod
    def _names(seats: Sequence[SeatRow]) -> list[str]:
        return [s.name for s in sorted(seats, key=lambda s: s.seat or 0)]


def _parse_choice(value: str) -> tuple[int | None, int | None]:
    head, _, tail = value.partition(":")
    if not head.startswith("v") or not head[1:].isdigit():
        return None, None
    return int(head[1:]), int(tail) if tail.isdigit() else None


def _options_text(options: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in options.items()) or "none"
