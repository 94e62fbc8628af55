"""What every part of the match service shares: its state (storage, settings, the per-match
locks, the state cache, the background tasks), the lookups every request starts with, and, for
the type checker only, the methods the parts call on one another.

The parts are mixins on this class, put together as :class:`bot.service.MatchService`; each
reaches the others through ``self``. All of them log as "bot.service".
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
import time
from collections import OrderedDict, defaultdict
from collections.abc import Awaitable, Callable, Coroutine, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Literal

from bot.notices import Notice, name_seats
from bot.painter import BoardPainter
from bot.service.results import ActResult, Choice, ServiceError, Undone
from bot.service.texts import set_aside_text
from bot.settings import Settings, parse_shards
from bot.storage import (
    DeadlinePlan,
    DeadlineRow,
    MatchRow,
    SeatRow,
    Shards,
    Storage,
    StorageError,
)
from bot.thinker import BotThinker
from engine.core import Action, Event, Game, Outcome, State, registry

log = logging.getLogger("bot.service")  # the one logger of every part of the service

Notify = Callable[[Notice], Awaitable[None]]
# what became of a notice handed to the adapter: it took it ("through"; or a later post had
# covered it already), refused it for good, failed for now (Discord busy, the network), or it
# was not handed over ("unsent": no adapter, held to go out with the turn's next lines, a
# game set aside)
Delivery = Literal["through", "refused", "failed", "unsent"]


class Announced(list[Notice]):
    """The notices a block under ``_announcing`` hands over to be announced; once the block
    is left, ``through`` holds those the adapter took."""

    def __init__(self) -> None:
        super().__init__()
        self.through: list[Notice] = []

    def got_through(self, notice: Notice) -> bool:
        return any(n is notice for n in self.through)
RETRY_FIRST, RETRY_MOST = 1.0, 60.0  # seconds between attempts of a failing background task
SURFACE_AFTER = 3  # failed attempts in a row before the channel is told
# what storage raises when the database itself fails (disk full, I/O): not the match's fault,
# so a match is never set aside for it
STORAGE_FAULTS = (sqlite3.Error, StorageError, OSError)


ENDED_KEPT = 10_000  # ended matches remembered, so that late lookers let go of their locks


class MatchLock:
    """A match's lock: an ``asyncio.Lock`` for the tasks of this process, then the match's
    lock in the database (:meth:`Storage.lock_match`) for other processes sharing it, so that
    a commit and its announcement are one process's at a time even if two run the same shard.
    Used like ``asyncio.Lock`` (``async with``, ``acquire``, ``release``, ``locked``)."""

    def __init__(self, storage: Storage, match_id: int) -> None:
        self._storage = storage
        self._match_id = match_id
        self._local = asyncio.Lock()
        self._unlocking: set[asyncio.Task[None]] = set()

    def locked(self) -> bool:
        return self._local.locked()

    async def acquire(self) -> bool:
        await self._local.acquire()
        try:
            await self._storage.lock_match(self._match_id)
        except BaseException:
            self._local.release()
            raise
        return True

    def release(self) -> None:
        """Lets the next task of this process in at once; the database lock goes a moment
        later (the locks of one process stack, so the order does not matter)."""
        self._local.release()
        if self._storage.dialect.name == "postgresql":
            task = asyncio.ensure_future(self._unlock())
            self._unlocking.add(task)
            task.add_done_callback(self._unlocking.discard)

    async def _unlock(self) -> None:
        try:
            await self._storage.unlock_match(self._match_id)
        except Exception as err:  # the connection is gone: so is the lock
            log.warning("match %s: letting go of its database lock failed (%s)",
                        self._match_id, type(err).__name__)

    async def __aenter__(self) -> None:
        await self.acquire()

    async def __aexit__(self, *exc: object) -> None:
        self.release()


class MatchLocks(dict[int, MatchLock]):
    def __init__(self, storage: Storage) -> None:
        super().__init__()
        self._storage = storage

    def __missing__(self, match_id: int) -> MatchLock:
        lock = self[match_id] = MatchLock(self._storage, match_id)
        return lock

class ServiceBase:
    """The shared state and small helpers of :class:`bot.service.MatchService`."""

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
        # how a player's name is written into message text: the adapter sets its own (Discord
        # escapes its markdown and breaks its mentions). Pictures and the labels of buttons
        # and menus take the name as it is.
        self.shown_name: Callable[[str], str] = str
        # the states of recently used matches, least recently used first (bounded)
        self._states: OrderedDict[int, State] = OrderedDict()
        self._locks = MatchLocks(storage)
        # the Discord shards whose guilds' matches this process looks after (None: all)
        self.shards: Shards | None = Shards.of(*parse_shards(settings.shards)) \
            if settings.shards else None
        # Announcements leave in commit order, but after the match lock is released, so a slow
        # render or upload never holds up the next move.
        self._order: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        # matches recently over (the newest ENDED_KEPT), whose locks go once they are let go
        self._ended: OrderedDict[int, None] = OrderedDict()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._running: dict[tuple[int, str], asyncio.Task[Any]] = {}  # one per match and job
        self._bots_again: set[int] = set()  # matches whose bot runner is to look once more
        self._moving = 0  # people's moves under way (commit, then announcement)
        self.stopping = False  # set on shutdown: no new moves, bots stop after the current one
        self.painter = BoardPainter(settings.render_workers)
        self.thinker = BotThinker(settings.bot_workers, settings.bot_think_seconds)
        self.retry_first = RETRY_FIRST  # tests shorten the waits between retries
        # (seat, action key, version it produced, when it was sent) of each match's last move
        self._sent: dict[int, tuple[int, str, int, float]] = {}
        # (what, user) -> when they last had it: a record, a replay (see _throttle)
        self._throttled: dict[tuple[str, int], float] = {}
        # each match's lines of the turn so far, not yet posted (see Announcements._deliver)
        self._held: dict[int, Notice] = {}
        self._flushing = asyncio.Event()  # set: every held line goes out now
        # matches whose last post the adapter refused for good, with its reason (see
        # Announcements._deliver_now), and when each is next tried again with its pause
        self._undelivered: dict[int, str] = {}
        self._refused_next: dict[int, tuple[float, float]] = {}
        self._refused_round = float("-inf")  # when the last round of them began
        # when the clock next looks for games out of reach too long (see abandon_unreachable)
        self._abandon_next = float("-inf")
        # when the clock next looks for games whose players to tell their channel is out of
        # reach (see LostChannels.warn_lost_channels)
        self._warn_next = float("-inf")

    async def close(self) -> None:
        """Stops the board and bot workers together (the storage is closed by its owner): a
        caller that stops waiting (cancels) cancels both closes, and each then kills its
        workers, rather than leave the second pool unclosed."""
        await asyncio.gather(self.painter.close(), self.thinker.close())

    def owns(self, match: MatchRow) -> bool:
        """Whether the match's guild is on one of this process's shards."""
        return self.shards is None or self.shards.owns(match.guild_id)

    def _throttle(self, user_id: int, seconds: float, what: str) -> None:
        """Refuses ``what`` (a record, a replay: each reads a whole game) to a user who had
        one less than ``seconds`` ago, saying when to try again."""
        now = time.monotonic()
        key = (what, user_id)
        last = self._throttled.get(key)
        if last is not None and now - last < seconds:
            wait = max(1, round(seconds - (now - last)))
            raise ServiceError(f"You asked for a {what} a moment ago; try again in {wait} s.")
        self._throttled[key] = now
        if len(self._throttled) > 10_000:  # forget the oldest
            self._throttled = dict(list(self._throttled.items())[-5_000:])

    def _spawn(self, work: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def _round(self, job: str, work: Callable[[], Awaitable[Any]], failed: str) -> None:
        """Starts ``work``, a round over every match (match 0 in ``_running``), in the
        background as the job ``job``, which runs once at a time; a round that raises is
        logged as ``failed`` and the next one starts afresh."""
        key = (0, job)

        async def run() -> None:
            try:
                await work()
            except Exception:
                log.exception(failed)
            finally:
                self._running.pop(key, None)

        self._running[key] = self._spawn(run())

    def _game(self, game_id: str) -> Game[Any]:
        try:
            return registry.get(game_id)
        except KeyError as err:
            raise ServiceError(str(err.args[0])) from None

    async def _open(self, channel_id: int) -> MatchRow:
        match = await self.storage.open_match(channel_id)
        if match is None:
            raise ServiceError(await self.no_game(channel_id))
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
            raise ServiceError(set_aside_text(self._game(match.game).name,
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

    def _evict(self, match_id: int) -> None:
        """A match that is over leaves the lock tables once nobody holds its locks. A late look
        at it (a bot runner, a retry) takes a fresh lock, finds the game over, and calls this
        again on its way out."""
        if match_id not in self._ended:
            return
        lock, order = self._locks.get(match_id), self._order.get(match_id)
        if (lock is not None and lock.locked()) or (order is not None and order.locked()):
            return
        self._locks.pop(match_id, None)
        self._order.pop(match_id, None)

    def _ended_now(self, match_id: int) -> None:
        self._ended[match_id] = None
        while len(self._ended) > ENDED_KEPT:
            self._ended.popitem(last=False)

    @staticmethod
    def _names(seats: Sequence[SeatRow]) -> list[str]:
        """The players' names in seat order, as they are (for pictures and labels)."""
        return [s.name for s in sorted(seats, key=lambda s: s.seat or 0)]

    def shown_names(self, names: Iterable[str]) -> list[str]:
        """Names as message text writes them (:attr:`shown_name`)."""
        return [self.shown_name(name) for name in names]

    def _shown(self, seats: Sequence[SeatRow]) -> list[str]:
        """The players' names in seat order as message text writes them."""
        return self.shown_names(self._names(seats))

    def moves_text(self, choices: Sequence[Choice], names: Sequence[str]
                   ) -> list[tuple[Action, str]]:
        """Each move with its label as message text writes it: the players it names (its
        seats written ``{sN}``, ``names`` in seat order) as :attr:`shown_name` shows them,
        where a menu's label (``Choice.label``) takes them as they are."""
        shown = self.shown_names(names)
        return [(c.action, name_seats(c.action.label or c.action.type, shown)) for c in choices]

    if TYPE_CHECKING:  # provided by the parts (named in each comment)
        async def _state(self, match: MatchRow) -> State: ...  # loading
        async def _rebuild(self, match: MatchRow) -> State: ...  # loading
        def _remember(self, match_id: int, state: State) -> None: ...  # loading
        def _forget(self, match_id: int) -> None: ...  # loading
        def _finished(self, match_id: int) -> None: ...  # loading

        async def choices(self, channel_id: int, user_id: int) -> list[Choice]: ...  # moves
        async def _commit(self, match: MatchRow, game: Game[Any], state: State,
                          seats: list[SeatRow], seat: int, action: Action | dict[str, Any],
                          expected: int, undone: Undone | None = None,
                          forced: int = 0) -> ActResult: ...  # moves
        @staticmethod
        def _after_turn(game: Game[Any], state: State, seats: list[SeatRow], notice: Notice,
                        previous_actors: set[int], new_turn: bool = True) -> None: ...  # moves
        @staticmethod
        def _seat_records(seats: list[SeatRow]) -> list[dict[str, Any]]: ...  # moves

        async def _deliver(self, notice: Notice) -> Delivery: ...  # announcements
        async def channel_reachable(self, match_id: int) -> bool: ...  # announcements
        def _abandon_later(self) -> None: ...  # announcements
        async def _post_refused(self, match: MatchRow, *,
                                restarted: bool) -> Delivery: ...  # announcements
        def _warn_later(self) -> None: ...  # lost_channels
        def abandon_by(self, since: float) -> float | None: ...  # announcements
        def _redeliver(self, match_id: int) -> None: ...  # announcements
        async def _outcome_record(self, match_id: int,
                                  result: Outcome) -> dict[str, Any]: ...  # announcements
        def flush_held(self) -> None: ...  # announcements
        # announcements
        def _announcing(self, match_id: int
                        ) -> contextlib.AbstractAsyncContextManager[Announced]: ...
        @staticmethod
        def _private_parts(events: list[Event], seats: list[SeatRow],
                           names: list[str]) -> dict[int, list[str]]: ...  # announcements

        def _plan(self, match: MatchRow, game: Game[Any], state: State, seats: list[SeatRow],
                  current: list[DeadlineRow]) -> DeadlinePlan: ...  # deadlines

        def _maybe_run_bots(self, match_id: int) -> None: ...  # bots
        async def _bot_move(self, match: MatchRow, game: Game[Any], state: State,
                            seats: list[SeatRow], seat: int,
                            bot_name: str) -> ActResult: ...  # bots
        async def _supervised(self, match_id: int, what: str,
                              run: Callable[[], Awaitable[Any]]) -> None: ...  # bots

        async def status(self, channel_id: int) -> list[str]: ...  # reading
        async def no_game(self, channel_id: int) -> str: ...  # reading
        async def _record(self, match: MatchRow) -> dict[str, Any]: ...  # reading
        async def export(self, channel_id: int | None = None, match_id: int | None = None,
                         requested_by: int | None = None) -> dict[str, Any]: ...  # reading


def disk_full(err: BaseException) -> bool:
    while err is not None:
        if isinstance(err, sqlite3.OperationalError) and "full" in str(err).lower():
            return True
        if isinstance(err, OSError) and err.errno == 28:  # ENOSPC
            return True
        if type(err).__name__ == "DiskFullError":  # PostgreSQL's (asyncpg), SQLSTATE 53100
            return True
        err = err.__cause__  # type: ignore[assignment]
    return False
