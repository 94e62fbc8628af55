"""MatchService: load -> engine.step -> persist -> announce. It knows no Discord types.

Every change to a game, from any adapter, goes through :meth:`MatchService.act` (or the bot and
deadline paths, which use the same ``_commit``), which runs ``engine.core.step`` under the
match's lock and commits the action, the new version, the turn's deadlines and (when the move
ends the game) the result in one transaction before anyone is told about it.

Each match stands on its own: one that cannot be rebuilt (a release changed its rules, a
stored record no longer reads) is set aside with its reason, its channel is told, and every
other game goes on. A notice counts as announced only once the adapter delivered it; one that
failed for a while is posted later, with what it missed, in order.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
import sqlite3
import time
from collections import OrderedDict, defaultdict
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot import deadlines as clocks
from bot.notices import (
    DeliveryFailed,
    Notice,
    name_seats,
    private_lines,
    public_lines,
    result_lines,
)
from bot.painter import BoardPainter
from bot.settings import Settings
from bot.storage import (
    AlreadySeated,
    ChannelBusy,
    DeadlinePlan,
    DeadlineRow,
    Finish,
    MatchRow,
    NotFound,
    SeatRow,
    StaleVersion,
    Storage,
    StorageError,
    TableFull,
    WrongStatus,
)
from bot.ui.text import clean_name
from engine.core import (
    Accepted,
    Action,
    Event,
    Game,
    LogEntry,
    OptionError,
    Outcome,
    Rejection,
    ReplayError,
    Rng,
    RulesVersionError,
    SetupRecord,
    State,
    Undo,
    View,
    bot_rng,
    can_undo,
    registry,
    replay_from,
    step,
    upgrade_log,
)

log = logging.getLogger(__name__)

Notify = Callable[[Notice], Awaitable[None]]
POLICIES = ("wait", "bot", "remove")
MAX_SEED = (1 << 63) - 1  # what SQLite's INTEGER holds
# the same command from the same seat sent again this soon (by the user's own clock, as
# Discord stamps it) was sent before its answer could be read: it is applied once
DOUBLE_SEND_SECONDS = 2.0
EXPORT_EVERY_SECONDS = 10.0  # per user: an export reads a whole game
CACHED_STATES = 256  # states kept in memory; the rest are rebuilt from storage when needed
RETRY_FIRST, RETRY_MOST = 1.0, 60.0  # seconds between attempts of a failing background task
SURFACE_AFTER = 3  # failed attempts in a row before the channel is told
# what storage raises when the database itself fails (disk full, I/O): not the match's fault,
# so a match is never set aside for it
STORAGE_FAULTS = (sqlite3.Error, StorageError, OSError)


class ServiceError(Exception):
    """A request that cannot be done; the message is shown to the user as it is."""


class SaveFailed(Exception):
    """Storage could not write a move (the disk is full, an I/O error); nothing was saved."""


@dataclass
class ActResult:
    """What the acting user is told (ephemerally). ``ok``: the action was applied now (a
    command that arrived twice is not ok the second time: it says it was already done)."""

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
        # the states of recently used matches, least recently used first (bounded)
        self._states: OrderedDict[int, State] = OrderedDict()
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        # Announcements leave in commit order, but after the match lock is released, so a slow
        # render or upload never holds up the next move.
        self._order: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._tasks: set[asyncio.Task[Any]] = set()
        self._running: dict[tuple[int, str], asyncio.Task[Any]] = {}  # one per match and job
        self._moving = 0  # people's moves under way (commit, then announcement)
        self.stopping = False  # set on shutdown: no new moves, bots stop after the current one
        self.painter = BoardPainter(settings.render_workers)
        self.retry_first = RETRY_FIRST  # tests shorten the waits between retries
        # (seat, action key, version it produced, when it was sent) of each match's last move
        self._sent: dict[int, tuple[int, str, int, float]] = {}
        self._exports: dict[int, float] = {}  # user -> when their last export was read

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
        exact_seed: bool = False,
    ) -> MatchRow:
        """A new match in the channel's lobby.

        A seed a person chooses is public (shown in the lobby and at the start) and is mixed
        with a secret of the bot's, revealed in the record after the end: whoever picks the
        seed learns nothing of hidden cards, deck orders or future rolls that the others do
        not. ``exact_seed`` (self-play, the local table, tests) plays the seed as given."""
        game = self._game(game_id)
        try:
            resolved = game.resolve_options(options)
        except OptionError as err:
            raise ServiceError(str(err)) from None
        if seed is not None and not 0 <= seed <= MAX_SEED:
            raise ServiceError(f"A seed is a whole number from 0 to {MAX_SEED}.")
        chosen = secret = None
        if seed is None:
            seed = secrets.randbits(62)
        else:
            chosen = seed
            if not exact_seed and self.settings.mix_seeds:
                secret = secrets.randbits(62)
                seed = mix_seed(chosen, secret)
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
                seed=seed,
                host_id=host_id,
                host_name=clean_name(host_name, "Player 1"),
                rules_version=game.rules_version,
                settings=settings,
                chosen_seed=chosen,
                seed_secret=secret,
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
        try:
            await self.storage.add_seat(match.id, user_id=user_id,
                                        name=clean_name(name, f"Player {len(seats) + 1}"),
                                        max_seats=game.max_players)
        except TableFull:
            raise ServiceError(f"{game.name} is full ({game.max_players} players).") from None
        except AlreadySeated:
            raise ServiceError("You have already joined this game.") from None
        except WrongStatus:
            raise ServiceError("The game has already started.") from None
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
        try:
            await self.storage.add_seat(match.id, user_id=None, name=f"Bot {number}", bot=bot,
                                        max_seats=game.max_players)
        except TableFull:
            raise ServiceError(f"{game.name} is full ({game.max_players} players).") from None
        except WrongStatus:
            raise ServiceError("The game has already started.") from None
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
            by_position = {s.position: s for s in seats}
            first = self._plan(match, game, state, [by_position[p] for p in order], [])
            try:
                match = await self.storage.start_match(
                    match.id, seat_order=order, state_json=state.model_dump_json(),
                    deadlines=first,
                )
            except WrongStatus:  # a second /game start that came at the same moment
                raise ServiceError("The game has already started.") from None
            self._remember(match.id, state)
            seats = await self.storage.seats(match.id)
            names = [s.name for s in seats]
            notice = Notice(match.id, match.channel_id, state.version, board=True, ledger=True,
                            since=-1)
            notice.lines.append(
                f"{game.name} begins. Seat order: " + ", ".join(names) + "."
            )
            if match.chosen_seed is not None:
                notice.lines.append(_seed_line(match))
            self._after_turn(game, state, seats, notice, previous_actors=set())
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
                # new settings, new clocks from now
                plan = self._plan(match, self._game(match.game), state, seats, [])
                await self.storage.plan_deadlines(match.id, state.version, DeadlinePlan(
                    write=plan.write, clear=tuple({"turn", "answer"} - {w.kind
                                                                          for w in plan.write})))
        return match

    async def abort(self, channel_id: int, user_id: int, can_manage: bool = False) -> Notice:
        match = await self._open(channel_id)
        if user_id != match.host_id and not can_manage:
            raise ServiceError("Only the host or someone with Manage Channels can abort the game.")
        async with self._locks[match.id]:
            try:
                await self.storage.abort_match(match.id)
            except WrongStatus:  # it ended, or someone aborted it, a moment ago
                raise ServiceError("This game is already over.") from None
            self._forget(match.id)
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

    async def resume(self, background: bool = False) -> None:
        """After a start (and :meth:`catch_up`): lets bot seats that were due to move carry
        on. Each match on its own: one that cannot be loaded is set aside, the rest go on."""
        if background:
            self._spawn(self.resume())
            return
        for match_id in await self.storage.active_with_bots():
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

    async def catch_up(self, background: bool = False) -> None:
        """At a start, before any interaction is taken: posts what a stop (or a Discord
        outage) kept from being announced, records the end of a game whose end a stop cut off
        (databases written before the end was committed with its move), and tries again the
        games set aside by an earlier release.

        Finding that work is one query; with ``background`` the work itself goes on after this
        returns, while the matches concerned stay locked, so no fresh move in their channels
        can overtake what is being posted. Every other game can be played at once."""
        started = time.monotonic()
        ids = await self.storage.unannounced() if self._notify else []
        held = []
        for match_id in ids:  # free locks: taken at once
            await self._locks[match_id].acquire()
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
            try:
                restored += await self._try_restore(match)
            except Exception:
                log.exception("match %s: trying a set-aside game again failed", match.id)
        log.info("catch-up of %d matches took %.2f s (%d set-aside games back in play)",
                 count, time.monotonic() - started,
                 restored)

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
        announced = await self.storage.announced(match.id)
        if announced < match.version:
            await self._announce_again(match, announced, restarted=True)

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
        log.info("match %s: set aside before, playable again under this release", match.id)
        game = self._game(match.game)
        await self._deliver(Notice(match.id, match.channel_id, match.version, lines=[
            f"This {game.name} game can be played again: this version of the bot can rebuild "
            "it. Carry on where you left off."]))
        self._maybe_run_bots(match.id)
        return 1

    async def _announce_again(self, match: MatchRow, announced: int, *,
                              restarted: bool) -> None:
        """The notice a stop or a failed delivery kept from the channel: the public lines and
        DMs of every action since the last announcement, the board as it is now, and the pings
        for whoever must act. Called holding the match's order lock."""
        seats = await self.storage.seats(match.id)
        names = self._names(seats)
        game = self._game(match.game)
        events = [Event.model_validate(e) for row in await self.storage.actions(
            match.id, after=max(announced, 0)) for e in row.events]
        lines = ["(The bot was restarted before it could post this.)" if restarted else
                 "(Posted late: Discord did not take it at first.)", *public_lines(events, names)]
        notice = Notice(match.id, match.channel_id, match.version, board=True, ledger=True,
                        lines=lines, private=self._private_parts(events, seats, names),
                        since=announced)
        try:
            state = await self._state(match)
        except ServiceError:
            return  # set aside: its channel was told
        result = game.outcome(state)
        if result is not None:
            notice.finished = True
            notice.lines += result_lines(result, names)
        else:
            notice.ping = [user for s in sorted(game.actors(state))
                           if (user := seats[s].user_id) is not None]
        log.info("match %s: announcing versions %s-%s again", match.id, announced + 1,
                 match.version)
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
        if match.chosen_seed is not None:
            lines.append(_seed_line(match))
        if match.status == "lobby":
            lines.append(f"{len(seats)} of {game.min_players}-{game.max_players} players; "
                         "join with /game join, the host starts with /game start.")
            return lines
        if match.status == "set_aside":
            lines.append(_set_aside_text(game.name, match.set_aside_reason))
            return lines
        try:
            state = await self._state(match)
        except ServiceError as err:  # set aside just now
            lines.append(str(err))
            return lines
        actors = sorted(game.actors(state))
        lines.append(f"Turn {state.turn + 1}, move {state.version}. To act: "
                     + (", ".join(seats[s].name for s in actors) or "nobody") + ".")
        return lines

    async def export(self, channel_id: int | None = None, match_id: int | None = None,
                     requested_by: int | None = None) -> dict[str, Any]:
        """The match record: setup, seed, rules version, seats and the whole action log.

        Only for games that are over: the seed would reveal every hidden card and future roll.
        A record reads a whole game, so each user gets one every few seconds."""
        if requested_by is not None:
            now = time.monotonic()
            last = self._exports.get(requested_by)
            if last is not None and now - last < EXPORT_EVERY_SECONDS:
                wait = EXPORT_EVERY_SECONDS - (now - last)
                raise ServiceError(f"You asked for a record a moment ago; try again in "
                                   f"{max(1, round(wait))} s.")
            self._exports[requested_by] = now
            if len(self._exports) > 10_000:  # forget the oldest
                self._exports = dict(list(self._exports.items())[-5_000:])
        if match_id is None:
            assert channel_id is not None
            open_match = await self.storage.open_match(channel_id)
            if open_match is not None:
                raise ServiceError("The record can be exported once the game is over: it holds "
                                   "the seed, which would reveal hidden cards and future rolls.")
            raise ServiceError("No game in this channel to export.")
        match = await self.storage.get_match(match_id)
        if match.status in ("lobby", "active", "set_aside"):
            raise ServiceError("The record can be exported once the game is over (a game set "
                               "aside: once the host has ended it with /game abort).")
        return await self._record(match)

    async def last_finished(self, channel_id: int) -> MatchRow | None:
        return await self.storage.last_finished(channel_id)

    async def _record(self, match: MatchRow) -> dict[str, Any]:
        seats = await self.storage.seats(match.id)
        entries = await self.storage.actions(match.id)
        return {
            "format": "portolan-match-1",
            "setup": SetupRecord(game=match.game, rules_version=match.rules_version,
                                 options=match.options, seats=len(seats),
                                 seed=match.seed).model_dump(mode="json"),
            "status": match.status,
            # a seed a person chose and the bot's secret mixed into it: anyone can check that
            # mix_seed(chosen, secret) gives the seed the game ran on
            "seed_chosen": match.chosen_seed,
            "seed_secret": match.seed_secret,
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
        after a restart the first call catches up on what came due while the bot was down.
        Each match on its own: one that fails is logged and tried again next tick."""
        now = self.clock()
        notices: list[Notice] = []
        due = await self.storage.due_deadlines(now)
        overdue = {(row.match_id, row.kind) for row in due}  # after downtime: the deadline
        for row in await self.storage.due_reminders(now):
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
        await self.storage.mark_reminded(row.match_id, row.version, row.kind)
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
        notices: list[Notice] = []
        async with self._locks[due.match_id]:
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
            await self.storage.clear_deadline(match.id, row.kind)
            policy = str(match.settings.get("policy", "wait"))
            if row.kind == "answer":
                results = await self._answer_for(match, game, seats, late)
                notices = [r.notice for r in results if r.notice is not None]
            else:
                names = ", ".join(seats[s].name for s in late)
                notice = Notice(match.id, match.channel_id, match.version)
                if policy == "remove":
                    for s in late:
                        await self.storage.replace_seat_with_bot(match.id, s,
                                                                 game.default_bot())
                    notice.lines.append(f"{names} missed the deadline and a bot takes the "
                                        "seat from now on.")
                elif policy == "bot":
                    notice.lines.append(f"{names} missed the deadline; a bot plays this turn.")
                else:
                    notice.lines.append(f"{names}: the turn deadline has passed; the game "
                                        "waits.")
                notices = [notice]
            await self._order[match.id].acquire()
        try:
            for notice in notices:
                await self._deliver(notice)
        finally:
            self._order[match.id].release()
        if row.kind == "answer":
            self._maybe_run_bots(match.id)
        elif policy in ("bot", "remove"):
            await self._play_late_turn(match.id, late, policy)
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

    async def _play_late_turn(self, match_id: int, late: list[int], policy: str) -> None:
        """The game's strongest bot moves for the late seats until the turn passes (policy
        'bot') or always (policy 'remove': the seat is a bot seat now and runs as one)."""
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
                result = await self._bot_move(match, game, state, seats, acting[0],
                                              game.default_bot())
                await self._order[match_id].acquire()
            await self._deliver_ordered(match_id, result.notice)
            if not result.ok:
                break
        self._maybe_run_bots(match_id)

    # --- background work ----------------------------------------------------------------
    def _spawn(self, work: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

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
                    reason = "the bot's storage is full" if _disk_full(err) else \
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

    # --- bots -------------------------------------------------------------------------------
    def _maybe_run_bots(self, match_id: int) -> None:
        if self.run_bots and not self.stopping:
            self._spawn(self._supervised(match_id, "bot seats",
                                         lambda: self.run_bot_turns(match_id)))

    async def idle(self) -> None:
        """Waits until no bot is thinking, no background work runs and no move is being
        committed or announced (for tests and orderly shutdown)."""
        while self._tasks or self._moving:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)
            if self._moving:
                await asyncio.sleep(0.05)

    async def run_bot_turns(self, match_id: int, delay: float | None = None,
                            limit: int | None = None) -> int:
        """Lets bot seats act, one action at a time, while a bot may act (at most ``limit``
        actions). Returns the count. A move that could not be saved raises (the supervisor
        tries again later)."""
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
                try:
                    state = await self._state(match)
                except ServiceError:
                    return moves  # set aside: its channel was told
                seats = await self.storage.seats(match_id)
                bots = [s for s in sorted(game.actors(state)) if seats[s].bot]
                if not bots:
                    return moves
                seat = bots[0]
                bot_name = seats[seat].bot or game.default_bot()
                result = await self._bot_move(match, game, state, seats, seat, bot_name)
                await self._order[match_id].acquire()
            await self._deliver_ordered(match_id, result.notice)
            if not result.ok:
                return moves
            moves += 1
        return moves

    async def _bot_move(self, match: MatchRow, game: Game[Any], state: State,
                        seats: list[SeatRow], seat: int, bot_name: str) -> ActResult:
        """One bot action through ``step``; must be called under the match's lock. A bot that
        fails or picks a refused move is replaced, for this move, by the random bot."""
        legal = game.legal_actions(state, seat)
        if not legal:
            raise RuntimeError(f"bot seat {seat} may act but has no legal action")
        rng = bot_rng(match.seed, state.version, seat)
        bots = game.bots()
        try:
            action = (bots.get(bot_name) or bots["random"]).choose(
                game.view(state, seat), legal, rng)
        except Exception:
            log.exception("match %s: the %s bot failed to choose; a random move instead",
                          match.id, bot_name)
            action = bots["random"].choose(game.view(state, seat), legal, rng)
        result = await self._commit(match, game, state, seats, seat, action, state.version)
        if not result.ok:
            log.error("match %s: the %s bot's move was refused (%s); a random move instead",
                      match.id, bot_name, result.message)
            action = bots["random"].choose(game.view(state, seat), legal, rng)
            result = await self._commit(match, game, state, seats, seat, action,
                                        state.version)
            if not result.ok:
                raise RuntimeError(f"bot seat {seat}: a legal move was refused")
        return result

    # --- the one path that changes a game ---------------------------------------------------
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
        async with self._locks[match.id]:
            match = await self.storage.get_match(match.id)
            if match.status != "active":
                return ActResult(False, "This game is over." if match.status != "set_aside"
                                 else _set_aside_text(self._game(match.game).name,
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
                return ActResult(False, f"Your move could not be saved ({err}). Nothing was "
                                 "changed; try again in a while.", version=state.version)
            if result.ok and key is not None and sent_at is not None:
                self._sent[match.id] = (seat, key, result.version, sent_at)
            await self._order[match.id].acquire()
        await self._deliver_ordered(match.id, result.notice)
        self._maybe_run_bots(match.id)
        return result

    def _sent_twice(self, match_id: int, seat: int, key: str, state: State,
                    sent_at: float | None) -> bool:
        """The seat's last move, the very last of the game, was this same command, sent so
        shortly before this one that its answer could not have been read yet."""
        last = self._sent.get(match_id)
        if last is None or sent_at is None:
            return False
        last_seat, last_key, version, last_sent = last
        return (last_seat, last_key, version) == (seat, key, state.version) \
            and 0 <= sent_at - last_sent < DOUBLE_SEND_SECONDS

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
        """The match's state at an earlier ``version`` (for telling a double click)."""
        game = self._game(match.game)
        snap = await self.storage.latest_snapshot(match.id, version)
        try:
            if snap is None:
                raise ReplayError("no snapshot")
            state = game.load_state(snap[1])
        except Exception:
            state = SetupRecord(game=game.id, rules_version=game.rules_version,
                                options=match.options,
                                seats=len(await self.storage.seats(match.id)),
                                seed=match.seed).create(game)
        rows = [r for r in await self.storage.actions(match.id, after=state.version)
                if r.seq <= version]
        try:
            return replay_from(game, state, _entries(rows))
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
                            seat: int) -> str | None:
        """How the action an undo would take back was offered, for the undo to name it: the
        newest action of the seat's not already taken back by a later undo."""
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
                    return next((a.label for a in game.legal_actions(earlier, seat)
                                 if a.key() == taken and a.label), None)
                except Exception:
                    return None
        return None

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
                      expected: int, undone: str | None = None) -> ActResult:
        """step, then commit (with the turn's deadlines, or the result), then announce.
        Called under the match's lock. ``SaveFailed`` when storage could not write."""
        names = self._names(seats)
        outcome = step(game, state, seat, action, expected)
        if isinstance(outcome, Rejection):
            return ActResult(False, name_seats(outcome.message, names), version=state.version)
        new = outcome.state
        snapshot = new.model_dump_json() if new.version % self.settings.snapshot_every == 0 \
            else None
        result = game.outcome(new)
        finish = plan = None
        if result is not None:
            finish = Finish(result.end_reason, result.model_dump(mode="json"),
                            self._seat_records(seats))
        else:
            plan = self._plan(match, game, new, seats, await self.storage.deadlines(match.id))
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
            log.error("match %s: a move could not be saved (%s: %s)", match.id,
                      type(err).__name__, err)
            raise SaveFailed("the bot's storage is full" if _disk_full(err) else
                             "the bot's storage failed") from err
        except BaseException:
            self._states.pop(match.id, None)
            raise
        self._remember(match.id, new)
        if result is not None:
            self._finished(match.id)
        try:
            notice = self._announce(match, game, state, outcome, seats, seat, result)
        except Exception:  # the move is committed: it stands, whatever fails after
            log.exception("match %s: bookkeeping after move %s failed", match.id, new.version)
            notice = Notice(match.id, match.channel_id, new.version, ledger=True,
                            since=state.version,
                            lines=public_lines(outcome.events, names), board=True)
        message = "Done."
        if isinstance(outcome.action, Undo) and undone:
            message = f"Undone: {undone}."
            said = name_seats(outcome.events[0].text, names) if outcome.events else None
            notice.lines = [f"{names[seat]} took back: {undone}." if line == said else line
                            for line in notice.lines]
        mine = notice.private.get(seats[seat].user_id or -1, [])
        return ActResult(True, message, private=mine, version=new.version, notice=notice)

    def _announce(self, match: MatchRow, game: Game[Any], before: State,
                  accepted: Accepted, seats: list[SeatRow], seat: int,
                  result: Outcome | None) -> Notice:
        names = self._names(seats)
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

    @staticmethod
    def _seat_records(seats: list[SeatRow]) -> list[dict[str, Any]]:
        return [{"seat": s.seat, "user_id": s.user_id, "name": s.name, "bot": s.bot}
                for s in seats]

    async def _record_finish(self, match: MatchRow, result: Outcome,
                             seats: list[SeatRow]) -> None:
        """The end of a game whose final move was stored without it (older releases)."""
        await self.storage.finish_match(
            match.id, end_reason=result.end_reason, outcome=result.model_dump(mode="json"),
            seats=self._seat_records(seats),
        )
        self._finished(match.id)

    @staticmethod
    def _after_turn(game: Game[Any], state: State, seats: list[SeatRow], notice: Notice,
                    previous_actors: set[int], new_turn: bool = True) -> None:
        """Pings whoever must act and was not already acting (once per turn)."""
        actors = game.actors(state)
        fresh = actors if new_turn else actors - previous_actors
        notice.ping = [user for s in sorted(fresh) if (user := seats[s].user_id) is not None]

    def _plan(self, match: MatchRow, game: Game[Any], state: State, seats: list[SeatRow],
              current: list[DeadlineRow]) -> DeadlinePlan:
        return clocks.plan(game, state, seats, match.settings, current, self.clock(),
                           remind_hours=self.settings.remind_hours,
                           default_answer_seconds=self.settings.answer_seconds)

    # --- delivery ---------------------------------------------------------------------------
    async def _deliver(self, notice: Notice) -> None:
        """Hands a notice to the adapter. A move's notice (``ledger``) counts as announced
        only once the adapter took it; one that follows a notice that never got out carries
        the lines it missed. A transient failure is retried in the background with growing
        pauses; a permanent one (the channel gone, access lost) is recorded and told once, and
        the next notice tries again."""
        if self._notify is None:
            return
        if notice.ledger:
            announced = await self.storage.announced(notice.match_id)
            if notice.version <= announced:
                return  # a late post already covered it
            if notice.since is not None and announced < notice.since:
                await self._add_missed(notice, announced)
        try:
            await self._notify(notice)
        except DeliveryFailed as err:
            await self._delivery_failed(notice, err.permanent, err.reason)
            return
        except Exception as err:  # delivery never undoes a committed move
            log.exception("match %s: delivering a notice failed", notice.match_id)
            await self._delivery_failed(notice, False, type(err).__name__)
            return
        if notice.ledger:
            try:
                await self.storage.mark_announced(notice.match_id, notice.version)
                if await self.storage.delivery_problem(notice.match_id) is not None:
                    await self.storage.clear_delivery_problem(notice.match_id)
                    log.info("match %s: notices get through again", notice.match_id)
            except Exception:  # at worst the notice is posted again after a restart
                log.exception("match %s: recording an announcement failed", notice.match_id)

    async def _add_missed(self, notice: Notice, announced: int) -> None:
        """Puts in front of ``notice`` the lines and DMs of the actions whose notice never got
        out (those after ``announced`` and up to where ``notice`` begins)."""
        seats = await self.storage.seats(notice.match_id)
        names = self._names(seats)
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

    async def _delivery_failed(self, notice: Notice, permanent: bool, reason: str) -> None:
        if not notice.ledger:
            log.warning("match %s: a notice could not be delivered (%s)", notice.match_id,
                        reason)
            return
        if permanent:
            if await self.storage.record_delivery_problem(notice.match_id, notice.version,
                                                          reason):
                log.warning("match %s: Discord refuses its notices (%s); they are not retried "
                            "until one gets through", notice.match_id, reason)
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
                if announced >= match.version or \
                        await self.storage.delivery_problem(match_id) is not None:
                    return
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

    # --- loading ----------------------------------------------------------------------------
    async def _state(self, match: MatchRow) -> State:
        """The current state: from memory, or rebuilt from storage (see :meth:`_rebuild`).
        A match that cannot be rebuilt is set aside, and ``ServiceError`` says so."""
        cached = self._states.get(match.id)
        if cached is not None and cached.version == match.version:
            self._states.move_to_end(match.id)
            return cached
        game = self._game(match.game)
        if match.status == "set_aside":
            raise ServiceError(_set_aside_text(game.name, match.set_aside_reason))
        try:
            state = await self._rebuild(match)
        except STORAGE_FAULTS:
            raise
        except Exception as err:
            if match.status == "active":
                await self._set_aside(match, game, err)
                raise ServiceError(_set_aside_text(game.name, _reason(err))) from None
            log.error("match %s: its record cannot be rebuilt (%s)", match.id,
                      type(err).__name__)
            raise ServiceError("This game's record cannot be loaded by this version of the "
                               "bot.") from None
        self._remember(match.id, state)
        return state

    async def _rebuild(self, match: MatchRow) -> State:
        """The match's state at its version: the newest usable snapshot plus the log after it.
        A snapshot that does not load, or disagrees with the match or its log, is skipped for
        an earlier one (and finally the setup); skipped ones are replaced by a good one. A
        match stored under older rules has its log upgraded (or cannot continue)."""
        game = self._game(match.game)
        seats = len(await self.storage.seats(match.id))
        setup = SetupRecord(game=game.id, rules_version=game.rules_version,
                            options=match.options, seats=seats, seed=match.seed)
        if match.rules_version != game.rules_version:
            return await self._upgrade(match, game, setup)
        bad: list[int] = []
        at_most: int | None = None
        state: State | None = None
        while state is None:
            snap = await self.storage.latest_snapshot(match.id, at_most)
            if snap is None:
                break
            version, text = snap
            try:
                loaded = game.load_state(text)
                if (loaded.version, loaded.game, loaded.rules_version, loaded.seed) != \
                        (version, game.id, game.rules_version, match.seed):
                    raise ReplayError("the snapshot does not belong to this match's record")
                rows = await self.storage.actions(match.id, after=version)
                state = replay_from(game, loaded, _entries(rows))
            except STORAGE_FAULTS:
                raise
            except Exception as err:
                log.warning("match %s: the snapshot at version %s is unusable (%s); trying "
                            "an earlier one", match.id, version, type(err).__name__)
                bad.append(version)
                at_most = version - 1
        if state is None:
            rows = await self.storage.actions(match.id)
            state = replay_from(game, setup.create(game), _entries(rows))
        if state.version != match.version:
            raise ReplayError(f"the log ends at version {state.version}, the match is at "
                              f"{match.version}")
        if bad:
            for version in bad:
                await self.storage.drop_snapshot(match.id, version)
            await self.storage.add_snapshot(match.id, state.version, state.model_dump_json())
        return state

    async def _upgrade(self, match: MatchRow, game: Game[Any], setup: SetupRecord) -> State:
        """A match stored under older rules: its log rewritten by the game's version steps
        and replayed from the setup under the new rules, then stored that way. Raises
        ``RulesVersionError`` (its text is for the players) when it cannot continue."""
        rows = await self.storage.actions(match.id)
        entries = upgrade_log(game, match.rules_version, _entries(rows))
        state = replay_from(game, setup.create(game), entries)
        await self.storage.upgrade_log(
            match.id, rules_version=game.rules_version,
            entries=[(e.seq, e.action, [ev.model_dump(mode="json") for ev in e.events])
                     for e in entries],
            state_json=state.model_dump_json(), version=state.version,
        )
        log.info("match %s: upgraded from rules %s to %s", match.id, match.rules_version,
                 game.rules_version)
        return state

    async def _set_aside(self, match: MatchRow, game: Game[Any], err: Exception) -> None:
        """Sets a match that cannot be rebuilt aside: the reason stored and logged once, its
        channel told once what happened and what the host can do."""
        reason = _reason(err)
        if not await self.storage.set_aside(match.id, reason):
            return
        self._forget(match.id)
        log.error("match %s (%s) is set aside: %s [%s]", match.id, match.game, reason,
                  type(err).__name__)
        notice = Notice(match.id, match.channel_id, match.version,
                        lines=[_set_aside_text(game.name, reason)])
        self._spawn(self._deliver(notice))

    def _remember(self, match_id: int, state: State) -> None:
        self._states[match_id] = state
        self._states.move_to_end(match_id)
        while len(self._states) > CACHED_STATES:
            self._states.popitem(last=False)

    def _forget(self, match_id: int) -> None:
        self._states.pop(match_id, None)
        self._sent.pop(match_id, None)

    def _finished(self, match_id: int) -> None:
        """A finished game leaves memory (a later look at it is rebuilt from storage)."""
        self._forget(match_id)

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
        if match.status == "set_aside":
            raise ServiceError(_set_aside_text(self._game(match.game).name,
                                               match.set_aside_reason))
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
    # versions and indexes are small ASCII numbers: thousands of digits, or digits of other
    # scripts, name no move
    number = head[1:]
    if not head.startswith("v") or not (number.isascii() and number.isdecimal()) \
            or len(number) > 18:
        return None, None
    index = int(tail) if tail.isascii() and tail.isdecimal() and len(tail) <= 9 else None
    return int(number), index


def _options_text(options: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in options.items()) or "none"


def mix_seed(chosen: int, secret: int) -> int:
    """The seed a game runs on when a person chose ``chosen``: nobody can steer it or work
    it out without ``secret``, and anyone given both can check it."""
    digest = hashlib.sha256(f"portolan-seed:{chosen}:{secret}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2


def _seed_line(match: MatchRow) -> str:
    if match.seed_secret is None:
        return (f"Seed {match.chosen_seed}, chosen by the host and played as given: anyone "
                "can work out hidden cards and future rolls from it.")
    return (f"Seed {match.chosen_seed}, chosen by the host and shown to everyone. It is mixed "
            "with a secret of the bot's that the record reveals after the game, so no one can "
            "work out hidden cards or future rolls in advance.")


def _set_aside_text(game_name: str, reason: str | None) -> str:
    why = f" ({reason})" if reason else ""
    return (f"This {game_name} game is set aside: this version of the bot cannot rebuild "
            f"it{why}. Nothing is lost: every move is kept. The host can end it with "
            "/game abort; /game export then gives its whole record.")


def _reason(err: Exception) -> str:
    """A reason for setting a match aside that may be shown in its channel: never a stored
    action's content (it may hold a secret), only what kind of fault it is."""
    if isinstance(err, RulesVersionError):
        return str(err)
    if isinstance(err, ReplayError):
        return "its recorded moves no longer replay the same way"
    if isinstance(err, ValueError):  # pydantic's ValidationError and JSON errors among them
        return "its saved record no longer reads"
    return f"an internal error ({type(err).__name__}) while loading it"


def _holds(row: DeadlineRow, match: MatchRow, state: State) -> bool:
    """Whether a deadline still belongs to the present moment of the game."""
    if row.turn < 0:  # written before deadlines followed turns: as it was, by version
        return row.version == match.version
    return row.turn == state.turn


def _key_of(game: Game[Any], action: Action | dict[str, Any]) -> str | None:
    try:
        return game.parse_action(action).key()
    except Exception:
        return None  # malformed: step says why


def _entries(rows: Sequence[Any]) -> list[LogEntry]:
    return [LogEntry(seq=r.seq, seat=r.seat, action=r.action, events=r.events) for r in rows]


def _disk_full(err: BaseException) -> bool:
    while err is not None:
        if isinstance(err, sqlite3.OperationalError) and "full" in str(err).lower():
            return True
        if isinstance(err, OSError) and err.errno == 28:  # ENOSPC
            return True
        err = err.__cause__  # type: ignore[assignment]
    return False
