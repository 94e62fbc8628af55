"""``Storage``: every durable fact about matches, in a SQLite file or a PostgreSQL database.

Nothing about a game lives only in memory: the lobby, the seats, every accepted action, the
snapshots that shorten replays and the pending turn deadline are all rows, so a restarted bot
rebuilds each match from ``latest_snapshot`` plus ``actions`` after it.

Several tasks may share one ``Storage``. aiosqlite runs calls one at a time, but a transaction
is several calls, so an ``asyncio.Lock`` keeps one task's transaction (and the uncommitted rows
inside it) away from the others. Reads go through a second connection of their own (WAL lets
it read the last commit while a write is under way), so a long read such as an export never
holds up a move. Across processes, or across two ``Storage`` objects on the same file,
``BEGIN IMMEDIATE`` serializes writers and the version check inside it decides who moved first.

On PostgreSQL (``Storage.open("postgresql://...")``) the same two connections and locks are
used; across connections and processes each write that checks a match first locks the match's
row (``SELECT ... FOR UPDATE``), so the version check is just as final, per match rather than
for the whole database. The SQL is shared; the few phrases that differ come from the
connection's ``Dialect``.
"""

from __future__ import annotations

import asyncio
import json
import time
import zlib
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from bot import ratings as rating_model
from bot.ratings import Rating

from .db import (
    INTEGRITY_ERRORS,
    Connection,
    Dialect,
    attempt,
    connect,
    dialect_of,
    execute,
    fetchall,
    fetchone,
    insert,
    transaction,
)
from .errors import (
    AlreadySeated,
    ChannelBusy,
    NotFound,
    StaleVersion,
    StorageError,
    TableFull,
    WrongStatus,
)
from .migrate import apply_migrations, current_version, load_migrations
from .postgres import PgConnection, is_url
from .rows import (
    OPEN_STATUSES,
    STATUSES,
    ActionRow,
    DeadlinePlan,
    DeadlineRow,
    DeadlineSpec,
    Finish,
    MatchRow,
    SeatRow,
    dumps,
    rating_of,
    result_of,
)
from .shards import Shards, owned

Clock = Callable[[], float]

# the high bits of the key of a match's advisory lock (PostgreSQL; the match id is the low
# 40), so that other software sharing the database cannot take ours by chance
MATCH_LOCK_SPACE = 0x504F52 << 40  # "POR"
MATCH_LOCK_WAIT = 10.0  # seconds a match held by another process is waited for

_SEAT_ORDER = "ORDER BY seat IS NULL, seat, position"
# a deadline as one claim of it holds it (parameters: match, kind, version, holder): gone,
# replaced by a new clock or claimed by another process once this claim ran out, it matches
# no row
_CLAIMED = "match_id = ? AND kind = ? AND version = ? AND held_by = ?"
# a delivery problem whose channel has been out of reach since a moment (the first
# parameter) and whose players were not told, nor is a claim to tell them running at a
# moment (the second): see Storage.unwarned_lost
_UNWARNED = ("p.lost_at IS NOT NULL AND p.lost_at <= ? AND p.warned_at IS NULL"
             " AND (p.warn_until IS NULL OR p.warn_until <= ?)")


class Storage:
    """The storage of matches. Obtain one with ``await Storage.open(path_or_url)``; ``close``
    it."""

    def __init__(self, conn: Connection, clock: Clock,
                 reader: Connection | None = None) -> None:
        self._conn = conn
        self._reader = reader or conn
        self._clock = clock
        self.dialect: Dialect = dialect_of(conn)
        self._lock = asyncio.Lock()
        self._read_lock = asyncio.Lock() if reader is not None else self._lock

    @classmethod
    async def open(cls, target: str | Path, clock: Clock = time.time) -> Storage:
        """Opens (or creates) the database at ``target`` and brings its schema up to date: a
        file path (SQLite), or a ``postgresql://`` URL of an existing database."""
        if is_url(target):
            url = str(target)
            conn: Connection = await PgConnection.open(url)
            try:
                await apply_migrations(conn, load_migrations("postgresql"), clock)
                reader: Connection = await PgConnection.open(url)
            except BaseException:
                await conn.close()
                raise
            return cls(conn, clock, reader)
        conn = await connect(Path(target))
        try:
            await apply_migrations(conn, load_migrations(), clock)
            reader = await connect(Path(target))
        except BaseException:
            await conn.close()
            raise
        return cls(conn, clock, reader)

    async def close(self) -> None:
        """Closes the connections (waiting for a running operation); safe to call twice."""
        async with self._lock:
            await self._conn.close()
        if self._reader is not self._conn:
            async with self._read_lock:
                await self._reader.close()

    async def __aenter__(self) -> Storage:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def schema_version(self) -> int:
        """The number of the last migration applied."""
        async with self._read() as db:
            return await current_version(db)

    # -- plumbing ---------------------------------------------------------------------------

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[Connection]:
        """Exclusive use of the reading connection; it sees every committed write."""
        async with self._read_lock:
            yield self._reader

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[Connection]:
        """Exclusive use of the connection inside one ``BEGIN IMMEDIATE`` transaction."""
        async with self._lock, transaction(self._conn) as db:
            yield db

    async def _match(self, db: Connection, match_id: int, lock: bool = False) -> MatchRow:
        """The match (``lock``: its row locked until the transaction ends, PostgreSQL)."""
        row = await fetchone(
            db, "SELECT * FROM matches WHERE id = ?" + (self.dialect.for_update if lock else ""),
            (match_id,))
        if row is None:
            raise NotFound(f"no match {match_id}")
        return MatchRow.of(row)

    async def _match_in(self, db: Connection, match_id: int, *allowed: str) -> MatchRow:
        match = await self._match(db, match_id, lock=True)
        if match.status not in allowed:
            raise WrongStatus(match_id, match.status, allowed)
        return match

    async def _touch(self, db: Connection, match_id: int, now: float) -> None:
        await execute(db, "UPDATE matches SET updated_at = ? WHERE id = ?", (now, match_id))

    async def _insert_snapshot(
        self, db: Connection, match_id: int, version: int, state_json: str, now: float
    ) -> None:
        await execute(
            db,
            "INSERT INTO snapshots (match_id, version, state, created_at) VALUES (?, ?, ?, ?)",
            (match_id, version, state_json, now),
        )

    # -- matches and lobby ------------------------------------------------------------------

    async def create_match(
        self,
        *,
        channel_id: int,
        guild_id: int | None,
        game: str,
        options: dict[str, Any],
        seed: int,
        host_id: int,
        host_name: str,
        rules_version: str,
        settings: dict[str, Any],
        chosen_seed: int | None = None,
        seed_secret: int | None = None,
    ) -> MatchRow:
        """A new match in the lobby, the host at position 0. ``ChannelBusy`` if the channel
        already has an open match (the partial unique index decides, not a prior SELECT).
        ``chosen_seed`` and ``seed_secret`` record a seed a person chose and the secret mixed
        into it to give ``seed``."""
        now = self._clock()
        values = (
            channel_id,
            guild_id,
            game,
            dumps(options),
            seed,
            rules_version,
            host_id,
            dumps(settings),
            now,
            now,
            chosen_seed,
            seed_secret,
        )
        async with self._write() as db:
            try:
                async with attempt(db):
                    match_id = await insert(
                        db,
                        "INSERT INTO matches (channel_id, guild_id, game, options, seed, status,"
                        " version, rules_version, host_id, settings, created_at, updated_at,"
                        " chosen_seed, seed_secret)"
                        " VALUES (?, ?, ?, ?, ?, 'lobby', 0, ?, ?, ?, ?, ?, ?, ?)",
                        values,
                    )
            except INTEGRITY_ERRORS:
                row = await fetchone(
                    db,
                    "SELECT id FROM matches WHERE channel_id = ?"
                    " AND status IN ('lobby', 'active', 'set_aside')",
                    (channel_id,),
                )
                if row is None:
                    raise
                raise ChannelBusy(channel_id, row["id"]) from None
            await execute(
                db,
                "INSERT INTO seats (match_id, position, user_id, name) VALUES (?, 0, ?, ?)",
                (match_id, host_id, host_name),
            )
            return await self._match(db, match_id)

    async def get_match(self, match_id: int) -> MatchRow:
        """The match; ``NotFound`` if there is none."""
        async with self._read() as db:
            return await self._match(db, match_id)

    async def open_match(self, channel_id: int) -> MatchRow | None:
        """The match in the lobby, in play or set aside in this channel, if any."""
        async with self._read() as db:
            row = await fetchone(
                db,
                "SELECT * FROM matches WHERE channel_id = ?"
                " AND status IN ('lobby', 'active', 'set_aside')",
                (channel_id,),
            )
        return MatchRow.of(row) if row else None

    async def matches(self, status: str | None = None) -> list[MatchRow]:
        """All matches, or those with ``status``, oldest first."""
        if status is not None and status not in STATUSES:
            raise ValueError(f"unknown status {status!r}")
        async with self._read() as db:
            if status is None:
                rows = await fetchall(db, "SELECT * FROM matches ORDER BY id")
            else:
                rows = await fetchall(
                    db, "SELECT * FROM matches WHERE status = ? ORDER BY id", (status,)
                )
        return [MatchRow.of(row) for row in rows]

    async def match_ids(self, status: str) -> list[int]:
        """The ids of the matches with ``status``, oldest first (no rows decoded)."""
        async with self._read() as db:
            rows = await fetchall(
                db, "SELECT id FROM matches WHERE status = ? ORDER BY id", (status,)
            )
        return [int(row["id"]) for row in rows]

    async def active_with_bots(self, shards: Shards | None = None) -> list[int]:
        """The ids of active matches with at least one bot seat, oldest first (only those of
        ``shards``' guilds, when given)."""
        async with self._read() as db:
            rows = await fetchall(
                db,
                "SELECT m.id FROM matches m WHERE m.status = 'active' AND EXISTS"
                " (SELECT 1 FROM seats s WHERE s.match_id = m.id AND s.bot IS NOT NULL)"
                f"{_and_owned(shards)} ORDER BY m.id",
            )
        return [int(row["id"]) for row in rows]

    async def last_finished(self, channel_id: int) -> MatchRow | None:
        """The channel's newest match that is over (finished or aborted), if any."""
        async with self._read() as db:
            row = await fetchone(
                db,
                "SELECT * FROM matches WHERE channel_id = ? AND status IN ('finished', 'aborted')"
                " ORDER BY id DESC LIMIT 1",
                (channel_id,),
            )
        return MatchRow.of(row) if row else None

    async def set_aside(self, match_id: int, reason: str) -> bool:
        """Sets an active match aside because it cannot be rebuilt: status 'set_aside', the
        reason kept, its deadlines gone. False if it was not active (already set aside)."""
        now = self._clock()
        async with self._write() as db:
            changed = await execute(
                db,
                "UPDATE matches SET status = 'set_aside', set_aside_reason = ?, updated_at = ?"
                " WHERE id = ? AND status = 'active'",
                (reason, now, match_id),
            )
            if changed:
                await execute(db, "DELETE FROM deadlines WHERE match_id = ?", (match_id,))
        return bool(changed)

    async def restore(self, match_id: int) -> bool:
        """Brings a set-aside match back into play (a release that can rebuild it again)."""
        now = self._clock()
        async with self._write() as db:
            changed = await execute(
                db,
                "UPDATE matches SET status = 'active', set_aside_reason = NULL, updated_at = ?"
                " WHERE id = ? AND status = 'set_aside'",
                (now, match_id),
            )
        return bool(changed)

    async def add_seat(
        self, match_id: int, *, user_id: int | None, name: str, bot: str | None = None,
        max_seats: int | None = None,
    ) -> SeatRow:
        """A seat at the next position (lobby only). ``AlreadySeated`` if the user has one;
        ``TableFull`` if ``max_seats`` are taken (counted inside the transaction, so joins at
        the same moment cannot overfill the table); a bot seat has ``user_id=None`` and its
        ``bot`` name."""
        now = self._clock()
        async with self._write() as db:
            await self._match_in(db, match_id, "lobby")
            if max_seats is not None:
                taken = await fetchone(
                    db, "SELECT count(*) FROM seats WHERE match_id = ?", (match_id,)
                )
                if taken is not None and int(taken[0]) >= max_seats:
                    raise TableFull(match_id, max_seats)
            row = await fetchone(
                db,
                "SELECT COALESCE(MAX(position) + 1, 0) FROM seats WHERE match_id = ?",
                (match_id,),
            )
            position = int(row[0]) if row else 0
            try:
                async with attempt(db):
                    await execute(
                        db,
                        "INSERT INTO seats (match_id, position, user_id, name, bot)"
                        " VALUES (?, ?, ?, ?, ?)",
                        (match_id, position, user_id, name, bot),
                    )
            except INTEGRITY_ERRORS:
                if user_id is None:
                    raise
                raise AlreadySeated(match_id, user_id) from None
            await self._touch(db, match_id, now)
        return SeatRow(match_id, position, None, user_id, name, bot)

    async def remove_seat(self, match_id: int, user_id: int) -> None:
        """Removes the user's seat (lobby only). Other seats keep their positions."""
        now = self._clock()
        async with self._write() as db:
            await self._match_in(db, match_id, "lobby")
            removed = await execute(
                db, "DELETE FROM seats WHERE match_id = ? AND user_id = ?", (match_id, user_id)
            )
            if not removed:
                raise NotFound(f"user {user_id} has no seat in match {match_id}")
            await self._touch(db, match_id, now)

    async def seats(self, match_id: int) -> list[SeatRow]:
        """The seats, by turn-order seat once started, else by position."""
        async with self._read() as db:
            rows = await fetchall(
                db, f"SELECT * FROM seats WHERE match_id = ? {_SEAT_ORDER}", (match_id,)
            )
        return [SeatRow.of(row) for row in rows]

    async def start_match(
        self, match_id: int, *, seat_order: list[int], state_json: str,
        deadlines: DeadlinePlan | None = None,
    ) -> MatchRow:
        """Starts a lobby match in one transaction: ``seat_order[k]`` is the position that
        becomes seat k (a permutation of the seated positions), status 'active', version 0,
        and ``state_json`` stored as the snapshot at version 0."""
        now = self._clock()
        async with self._write() as db:
            await self._match_in(db, match_id, "lobby")
            rows = await fetchall(db, "SELECT position FROM seats WHERE match_id = ?", (match_id,))
            positions = sorted(row["position"] for row in rows)
            if not positions or sorted(seat_order) != positions:
                raise ValueError(
                    f"seat_order {seat_order} is not a permutation of positions {positions}"
                )
            for seat, position in enumerate(seat_order):
                await execute(
                    db,
                    "UPDATE seats SET seat = ? WHERE match_id = ? AND position = ?",
                    (seat, match_id, position),
                )
            await execute(
                db,
                "UPDATE matches SET status = 'active', version = 0, updated_at = ? WHERE id = ?",
                (now, match_id),
            )
            await self._insert_snapshot(db, match_id, 0, state_json, now)
            if deadlines is not None:
                await self._plan_deadlines(db, match_id, 0, deadlines)
            return await self._match(db, match_id)

    async def update_settings(self, match_id: int, settings: dict[str, Any]) -> MatchRow:
        """Replaces the match settings (lobby or active)."""
        now = self._clock()
        async with self._write() as db:
            await self._match_in(db, match_id, *OPEN_STATUSES)
            await execute(
                db,
                "UPDATE matches SET settings = ?, updated_at = ? WHERE id = ?",
                (dumps(settings), now, match_id),
            )
            return await self._match(db, match_id)

    async def replace_seat_with_bot(self, match_id: int, seat: int, bot: str,
                                    name: str | None = None) -> None:
        """Hands a seat of an active match to a bot: the user is removed (and remembered as
        the one who left it), the name kept with " (bot)" appended (once: replacing a bot
        only changes which bot plays), or ``name`` when one is given (self-play names the
        seat its host held for its bot, as a bot seat is named)."""
        now = self._clock()
        async with self._write() as db:
            await self._match_in(db, match_id, "active")
            await self._replace_seat(db, match_id, seat, bot, name)
            await self._touch(db, match_id, now)

    @staticmethod
    async def _replace_seat(db: Connection, match_id: int, seat: int, bot: str,
                            name: str | None = None) -> None:
        changed = await execute(
            db,
            "UPDATE seats SET bot = ?, user_id = NULL,"
            " left_user_id = COALESCE(left_user_id, user_id),"
            " name = COALESCE(?, CASE WHEN user_id IS NULL THEN name"
            " ELSE name || ' (bot)' END)"
            " WHERE match_id = ? AND seat = ?",
            (bot, name, match_id, seat),
        )
        if not changed:
            raise NotFound(f"match {match_id} has no seat {seat}")

    # -- the action log ---------------------------------------------------------------------

    async def append_action(
        self,
        match_id: int,
        *,
        expected_version: int,
        seat: int,
        action: dict[str, Any],
        events: list[dict[str, Any]],
        snapshot_json: str | None = None,
        deadlines: DeadlinePlan | None = None,
        finish: Finish | None = None,
    ) -> int:
        """Records an action atomically and returns the new version (``expected_version + 1``).

        ``StaleVersion`` (and nothing written) unless the match is active at exactly
        ``expected_version``; the check and the writes share one ``BEGIN IMMEDIATE``
        transaction, so of two writers expecting the same version exactly one succeeds.
        ``deadlines`` and ``finish`` are written in the same transaction: no crash can leave a
        turn without its deadline, or an ended game unrecorded."""
        action_json, events_json = dumps(action), dumps(events)
        now = self._clock()
        new_version = expected_version + 1
        async with self._write() as db:
            row = await fetchone(
                db, "SELECT status, version FROM matches WHERE id = ?" + self.dialect.for_update,
                (match_id,),
            )
            if row is None:
                raise NotFound(f"no match {match_id}")
            if row["status"] != "active" or row["version"] != expected_version:
                raise StaleVersion(match_id, expected_version, row["version"], row["status"])
            await execute(
                db,
                "INSERT INTO actions (match_id, seq, seat, action, events, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (match_id, new_version, seat, action_json, events_json, now),
            )
            await execute(
                db,
                "UPDATE matches SET version = ?, updated_at = ? WHERE id = ?",
                (new_version, now, match_id),
            )
            if snapshot_json is not None:
                await self._insert_snapshot(db, match_id, new_version, snapshot_json, now)
            if deadlines is not None:
                await self._plan_deadlines(db, match_id, new_version, deadlines)
            if finish is not None:
                await self._finish(db, match_id, finish, now)
        return new_version

    async def upgrade_log(
        self, match_id: int, *, rules_version: str,
        entries: list[tuple[int, dict[str, Any], list[dict[str, Any]]]], state_json: str,
        version: int,
    ) -> None:
        """Stores a match's log as upgraded to ``rules_version`` in one transaction: each
        ``(seq, action, events)`` rewritten, the old snapshots replaced by ``state_json`` at
        ``version``. Nothing changes if the match moved on meanwhile (``StaleVersion``)."""
        now = self._clock()
        async with self._write() as db:
            row = await fetchone(
                db, "SELECT status, version FROM matches WHERE id = ?" + self.dialect.for_update,
                (match_id,),
            )
            if row is None:
                raise NotFound(f"no match {match_id}")
            if row["version"] != version:
                raise StaleVersion(match_id, version, row["version"], row["status"])
            archived = await self._archived(db, match_id)
            for seq, action, events in entries:
                await execute(
                    db, "UPDATE actions SET action = ?, events = ? WHERE match_id = ? AND seq = ?",
                    (dumps(action), dumps(events), match_id, seq),
                )
            if archived:  # a finished match: its log is the archive
                upgraded = {seq: (action, events) for seq, action, events in entries}
                await execute(db, "DELETE FROM archived_logs WHERE match_id = ?", (match_id,))
                await self._write_archive(db, match_id, [
                    [r.seq, r.seat, *upgraded.get(r.seq, (r.action, r.events)), r.created_at]
                    for r in archived])
            await execute(db, "UPDATE matches SET rules_version = ?, updated_at = ? WHERE id = ?",
                          (rules_version, now, match_id))
            await execute(db, "DELETE FROM snapshots WHERE match_id = ?", (match_id,))
            await self._insert_snapshot(db, match_id, version, state_json, now)

    async def last_action(self, match_id: int) -> ActionRow | None:
        """The newest action of the match, if any."""
        async with self._read() as db:
            row = await fetchone(
                db, "SELECT * FROM actions WHERE match_id = ? ORDER BY seq DESC LIMIT 1",
                (match_id,),
            )
            if row is None:
                archived = await self._archived(db, match_id)
                return archived[-1] if archived else None
        return ActionRow.of(row)

    async def actions(self, match_id: int, after: int = 0) -> list[ActionRow]:
        """The actions with ``seq > after``, in order (from the archive once the match is
        finished)."""
        async with self._read() as db:
            rows = await fetchall(
                db,
                "SELECT * FROM actions WHERE match_id = ? AND seq > ? ORDER BY seq",
                (match_id, after),
            )
            if not rows:
                return [r for r in await self._archived(db, match_id) if r.seq > after]
        return [ActionRow.of(row) for row in rows]

    @staticmethod
    async def _archived(db: Connection, match_id: int) -> list[ActionRow]:
        row = await fetchone(db, "SELECT entries FROM archived_logs WHERE match_id = ?",
                             (match_id,))
        if row is None:
            return []
        entries = json.loads(zlib.decompress(row["entries"]))
        return [ActionRow(match_id, seq, seat, action, events, created_at)
                for seq, seat, action, events, created_at in entries]

    async def _archive(self, db: Connection, match_id: int) -> None:
        """Moves a finished match's log into one compressed row (inside the caller's
        transaction)."""
        rows = await fetchall(
            db, "SELECT seq, seat, action, events, created_at FROM actions WHERE match_id = ?"
            " ORDER BY seq", (match_id,),
        )
        if not rows:
            return
        entries = [[r["seq"], r["seat"], json.loads(r["action"]), json.loads(r["events"]),
                    r["created_at"]] for r in rows]
        await self._write_archive(db, match_id, entries)
        await execute(db, "DELETE FROM actions WHERE match_id = ?", (match_id,))

    @staticmethod
    async def _write_archive(db: Connection, match_id: int,
                             entries: list[list[Any]]) -> None:
        await execute(db, "INSERT INTO archived_logs (match_id, entries) VALUES (?, ?)",
                      (match_id, zlib.compress(dumps(entries).encode(), 6)))

    async def unarchived(self, limit: int = 100) -> list[int]:
        """Matches that are over but whose log is still in rows (ended under a release that
        did not archive), oldest first."""
        async with self._read() as db:
            rows = await fetchall(
                db,
                "SELECT m.id FROM matches m WHERE m.status IN ('finished', 'aborted') AND EXISTS"
                " (SELECT 1 FROM actions a WHERE a.match_id = m.id) ORDER BY m.id LIMIT ?",
                (limit,),
            )
        return [int(row["id"]) for row in rows]

    async def archive(self, match_id: int) -> None:
        """Archives the log of a match that is over (see ``archived_logs``), keeping only its
        newest snapshot."""
        async with self._write() as db:
            await self._match_in(db, match_id, "finished", "aborted")
            await self._prune(db, match_id)
            await self._archive(db, match_id)

    async def mark_announced(self, match_id: int, version: int) -> bool:
        """Records that the notice of ``version`` (and so of every earlier one) went out; a
        delivery problem recorded for the match is over with it. True if there was one."""
        async with self._write() as db:
            await execute(
                db, f"UPDATE matches SET announced = {self.dialect.greatest}(announced, ?)"
                " WHERE id = ?",
                (version, match_id),
            )
            cleared = await execute(db, "DELETE FROM delivery_problems WHERE match_id = ?",
                                    (match_id,))
        return bool(cleared)

    async def announced(self, match_id: int) -> int:
        """The newest version of the match that was announced (-1: none)."""
        async with self._read() as db:
            row = await fetchone(db, "SELECT announced FROM matches WHERE id = ?", (match_id,))
        return -1 if row is None else int(row["announced"])

    async def unannounced(self, shards: Shards | None = None) -> list[int]:
        """The ids of started matches whose newest version was never announced (those Discord
        refused for good are left out: they are tried again with their next notice); only
        those of ``shards``' guilds, when given."""
        async with self._read() as db:
            rows = await fetchall(
                db,
                f"SELECT m.id FROM matches m {self.dialect.index('matches_unannounced')} "
                "WHERE m.announced < m.version AND m.status IN ('active', 'finished') "
                "AND NOT EXISTS (SELECT 1 FROM delivery_problems p WHERE p.match_id = m.id) "
                f"{_and_owned(shards)} ORDER BY m.id",
                (),
            )
        return [int(row["id"]) for row in rows]

    async def latest_snapshot(
        self, match_id: int, at_most: int | None = None
    ) -> tuple[int, str] | None:
        """``(version, state_json)`` of the newest snapshot at or below ``at_most``."""
        async with self._read() as db:
            row = await fetchone(
                db,
                "SELECT version, state FROM snapshots WHERE match_id = ? AND version <= ?"
                " ORDER BY version DESC LIMIT 1",
                (match_id, (1 << 62) if at_most is None else at_most),
            )
        return (row["version"], row["state"]) if row else None

    async def drop_snapshot(self, match_id: int, version: int) -> None:
        """Removes a snapshot found unusable (it is only ever a shortcut through the log)."""
        async with self._write() as db:
            await execute(db, "DELETE FROM snapshots WHERE match_id = ? AND version = ?",
                          (match_id, version))

    async def add_snapshot(self, match_id: int, version: int, state_json: str) -> None:
        """Stores a snapshot of the match at ``version`` (replacing one there)."""
        now = self._clock()
        async with self._write() as db:
            await execute(db, "DELETE FROM snapshots WHERE match_id = ? AND version = ?",
                          (match_id, version))
            await self._insert_snapshot(db, match_id, version, state_json, now)

    async def finish_match(
        self,
        match_id: int,
        *,
        end_reason: str,
        outcome: dict[str, Any],
        seats: list[dict[str, Any]],
    ) -> None:
        """Ends an active match: status 'finished', a ``results`` row, the deadline gone."""
        now = self._clock()
        async with self._write() as db:
            await self._finish(db, match_id, Finish(end_reason, outcome, seats), now)

    async def _finish(self, db: Connection, match_id: int, finish: Finish,
                      now: float) -> None:
        """The end of a match, inside the caller's transaction. The log is the game: of its
        snapshots only the newest is kept, to show the final board without a replay."""
        match = await self._match_in(db, match_id, "active")
        await execute(
            db,
            "UPDATE matches SET status = 'finished', finished_at = ?, updated_at = ?"
            " WHERE id = ?",
            (now, now, match_id),
        )
        await execute(
            db,
            "INSERT INTO results (match_id, game, finished_at, end_reason, outcome, seats)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (match_id, match.game, now, finish.end_reason, dumps(finish.outcome),
             dumps(finish.seats)),
        )
        await execute(db, "DELETE FROM deadlines WHERE match_id = ?", (match_id,))
        await self._rate(db, match, {"match_id": match_id, "outcome": finish.outcome,
                                     "seats": finish.seats}, now)
        await self._prune(db, match_id)
        await self._archive(db, match_id)

    # -- ratings (bot/ratings.py says who is rated and how) ---------------------------------

    async def _rate(self, db: Connection, match: MatchRow, result: dict[str, Any],
                    now: float) -> None:
        """Updates the ratings of a game's players, inside the transaction finishing it."""
        guild = match.guild_id or 0
        players = [p for p, _ in rating_model.rated_places(result)]
        book = {}
        for player in players:
            row = await fetchone(
                db, "SELECT * FROM ratings WHERE guild_id = ? AND game = ? AND player = ?",
                (guild, match.game, player))
            if row is not None:
                book[player] = rating_of(row)
        for rating in rating_model.apply(book, result).values():
            await self._put_rating(db, guild, match.game, rating, now)

    @staticmethod
    async def _put_rating(db: Connection, guild: int, game: str, rating: Rating,
                          now: float) -> None:
        await execute(
            db,
            "INSERT INTO ratings (guild_id, game, player, mu, sigma, games, wins, places,"
            " best_match, best_key, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (guild_id, game, player) DO UPDATE SET mu = excluded.mu,"
            " sigma = excluded.sigma, games = excluded.games, wins = excluded.wins,"
            " places = excluded.places, best_match = excluded.best_match,"
            " best_key = excluded.best_key, updated_at = excluded.updated_at",
            (guild, game, rating.player, rating.mu, rating.sigma, rating.games, rating.wins,
             dumps(list(rating.places)), rating.best_match, dumps(list(rating.best_key)),
             now),
        )

    async def rating(self, guild_id: int | None, game: str,
                     player: str) -> Rating | None:
        async with self._read() as db:
            row = await fetchone(
                db, "SELECT * FROM ratings WHERE guild_id = ? AND game = ? AND player = ?",
                (guild_id or 0, game, player))
        return rating_of(row) if row is not None else None

    async def ratings(self, guild_id: int | None, game: str) -> list[Rating]:
        """Every rated player of ``game`` on that server (0 or None: the local table)."""
        async with self._read() as db:
            rows = await fetchall(
                db, "SELECT * FROM ratings WHERE guild_id = ? AND game = ? ORDER BY player",
                (guild_id or 0, game))
        return [rating_of(row) for row in rows]

    async def all_ratings(self) -> dict[tuple[int, str], dict[str, Rating]]:
        """Every rating, by (server, game) and player."""
        async with self._read() as db:
            rows = await fetchall(db, "SELECT * FROM ratings")
        found: dict[tuple[int, str], dict[str, Rating]] = {}
        for row in rows:
            found.setdefault((int(row["guild_id"]), row["game"]), {})[row["player"]] = \
                rating_of(row)
        return found

    async def rebuild_ratings(self) -> int:
        """Works every rating out again from the stored results (:meth:`ratings_from_results`)
        and puts them in place of the kept ones (they are equal unless something was lost).
        Returns how many ratings there are."""
        now = self._clock()
        async with self._write() as db:
            books = await self._books(db)
            await execute(db, "DELETE FROM ratings")
            for (guild, game), book in books.items():
                for rating in book.values():
                    await self._put_rating(db, guild, game, rating, now)
        return sum(len(book) for book in books.values())

    async def ratings_from_results(self) -> dict[tuple[int, str], dict[str, Rating]]:
        """Every rating as the stored results give it, by (server, game) and player, the games
        taken in the order they finished; nothing is written."""
        async with self._read() as db:
            return await self._books(db)

    @staticmethod
    async def _books(db: Connection) -> dict[tuple[int, str], dict[str, Rating]]:
        rows = await fetchall(
            db, "SELECT r.*, m.guild_id AS guild_id FROM results r"
            " JOIN matches m ON m.id = r.match_id ORDER BY r.finished_at, r.match_id")
        books: dict[tuple[int, str], dict[str, Rating]] = {}
        for row in rows:
            book = books.setdefault((int(row["guild_id"] or 0), row["game"]), {})
            book.update(rating_model.apply(book, result_of(row)))
        return books

    # -- finished games, for the history -----------------------------------------------------

    async def finished(self, *, guild_id: int | None, channel_id: int | None = None,
                       user_id: int | None = None, limit: int = 10
                       ) -> list[tuple[MatchRow, dict[str, Any]]]:
        """The newest finished games of a server (or only of one channel, or only those
        ``user_id`` played in, or left), each with its result."""
        where = ["m.status = 'finished'",
                 "m.guild_id IS NULL" if guild_id is None else "m.guild_id = ?"]
        params: list[Any] = [] if guild_id is None else [guild_id]
        if channel_id is not None:
            where.append("m.channel_id = ?")
            params.append(channel_id)
        if user_id is not None:
            where.append("EXISTS (SELECT 1 FROM seats s WHERE s.match_id = m.id"
                         " AND (s.user_id = ? OR s.left_user_id = ?))")
            params += [user_id, user_id]
        params.append(max(1, min(limit, 100)))
        async with self._read() as db:
            rows = await fetchall(
                db, "SELECT m.*, r.game AS r_game, r.finished_at AS r_finished_at,"
                " r.end_reason AS r_end_reason, r.outcome AS r_outcome, r.seats AS r_seats"
                " FROM matches m JOIN results r ON r.match_id = m.id"
                f" WHERE {' AND '.join(where)} ORDER BY m.finished_at DESC, m.id DESC LIMIT ?",
                params)
        return [(MatchRow.of(row), {
            "match_id": row["id"], "game": row["r_game"], "finished_at": row["r_finished_at"],
            "end_reason": row["r_end_reason"], "outcome": json.loads(row["r_outcome"]),
            "seats": json.loads(row["r_seats"])}) for row in rows]

    async def result(self, match_id: int) -> dict[str, Any] | None:
        async with self._read() as db:
            row = await fetchone(db, "SELECT * FROM results WHERE match_id = ?", (match_id,))
        return result_of(row) if row is not None else None

    async def set_final_message(self, match_id: int, message_id: int) -> None:
        """Remembers the message that showed a finished game's last board."""
        async with self._write() as db:
            await execute(db, "UPDATE matches SET final_message_id = ? WHERE id = ?",
                          (message_id, match_id))

    @staticmethod
    async def _prune(db: Connection, match_id: int) -> None:
        """Of a finished match's snapshots only the newest is kept (to show its last board
        without a replay): the log is the game."""
        await execute(
            db,
            "DELETE FROM snapshots WHERE match_id = ?1 AND version < (SELECT max(version)"
            " FROM snapshots WHERE match_id = ?1)",
            (match_id,),
        )

    async def abort_match(self, match_id: int, only: str | None = None) -> None:
        """Abandons a lobby, active or set-aside match (or only one with status ``only``;
        ``WrongStatus`` otherwise): status 'aborted' (``finished_at`` records when), the
        deadline gone, the channel free for a new match."""
        now = self._clock()
        async with self._write() as db:
            await self._match_in(db, match_id, *((only,) if only else OPEN_STATUSES))
            await execute(
                db,
                "UPDATE matches SET status = 'aborted', finished_at = ?, updated_at = ?"
                " WHERE id = ?",
                (now, now, match_id),
            )
            await execute(db, "DELETE FROM deadlines WHERE match_id = ?", (match_id,))
            await self._prune(db, match_id)
            await self._archive(db, match_id)

    # -- turn deadlines ---------------------------------------------------------------------

    async def set_deadline(
        self,
        match_id: int,
        *,
        version: int,
        seats: list[int],
        due_at: float,
        remind_at: float | None,
        kind: str = "turn",
        turn: int = -1,
    ) -> None:
        """Sets the match's deadline of this kind, replacing any previous one (not reminded)."""
        async with self._write() as db:
            await self._match_in(db, match_id, "active")
            await self._upsert_deadline(db, match_id, version, DeadlineSpec(
                kind=kind, turn=turn, seats=seats, due_at=due_at, remind_at=remind_at))

    async def plan_deadlines(self, match_id: int, version: int, plan: DeadlinePlan) -> None:
        """Applies a :class:`DeadlinePlan` outside a move (a start, a change of settings)."""
        async with self._write() as db:
            await self._match_in(db, match_id, "active")
            await self._plan_deadlines(db, match_id, version, plan)

    async def _plan_deadlines(self, db: Connection, match_id: int, version: int,
                              plan: DeadlinePlan) -> None:
        for kind in plan.clear:
            await execute(db, "DELETE FROM deadlines WHERE match_id = ? AND kind = ?",
                          (match_id, kind))
        for spec in plan.write:
            await self._upsert_deadline(db, match_id, version, spec)

    @staticmethod
    async def _upsert_deadline(db: Connection, match_id: int, version: int,
                               spec: DeadlineSpec) -> None:
        if spec.kind not in ("turn", "answer"):
            raise ValueError(f"unknown deadline kind {spec.kind!r}")
        await execute(
            db,
            "INSERT INTO deadlines (match_id, kind, turn, version, seats, due_at, remind_at,"
            " reminded) VALUES (?, ?, ?, ?, ?, ?, ?, 0) ON CONFLICT (match_id, kind) DO UPDATE"
            " SET turn = excluded.turn, version = excluded.version, seats = excluded.seats,"
            " due_at = excluded.due_at, remind_at = excluded.remind_at, reminded = 0,"
            " held_by = NULL, told = 0",
            (match_id, spec.kind, spec.turn, version, dumps(spec.seats), spec.due_at,
             spec.remind_at),
        )

    async def clear_deadline(self, match_id: int, kind: str | None = None) -> None:
        """Removes the match's deadline of this kind (every kind: ``None``), if any."""
        async with self._write() as db:
            if kind is None:
                await execute(db, "DELETE FROM deadlines WHERE match_id = ?", (match_id,))
            else:
                await execute(db, "DELETE FROM deadlines WHERE match_id = ? AND kind = ?",
                              (match_id, kind))

    async def deadline(self, match_id: int, kind: str = "turn") -> DeadlineRow | None:
        """The match's pending deadline of this kind, if any."""
        async with self._read() as db:
            row = await fetchone(
                db, "SELECT * FROM deadlines WHERE match_id = ? AND kind = ?", (match_id, kind)
            )
        return DeadlineRow.of(row) if row else None

    async def deadlines(self, match_id: int) -> list[DeadlineRow]:
        """The match's pending deadlines (at most one of each kind)."""
        async with self._read() as db:
            rows = await fetchall(
                db, "SELECT * FROM deadlines WHERE match_id = ? ORDER BY kind", (match_id,)
            )
        return [DeadlineRow.of(row) for row in rows]

    async def due_reminders(self, now: float,
                            shards: Shards | None = None) -> list[DeadlineRow]:
        """Deadlines whose reminder time has come and whose reminder was not sent yet (only
        those of ``shards``' guilds, when given)."""
        async with self._read() as db:
            rows = await fetchall(
                db,
                f"SELECT d.* FROM deadlines d{_join_owned(shards)} WHERE d.reminded = 0"
                f" AND d.remind_at <= ?{_and_owned(shards)} ORDER BY d.remind_at, d.match_id",
                (now,),
            )
        return [DeadlineRow.of(row) for row in rows]

    async def claim_reminder(self, match_id: int, kind: str, version: int, *, now: float,
                             until: float) -> bool:
        """Claims a due reminder until ``until``: only if the deadline is still the one set at
        ``version`` and its reminder, not sent, is due at ``now`` (never claimed, or its last
        claim ran out). True for the one caller that claimed it, who sends it and then
        marks it sent (:meth:`mark_reminded`); one that dies first leaves it due again at
        ``until``."""
        async with self._write() as db:
            claimed = await execute(
                db,
                "UPDATE deadlines SET remind_at = ? WHERE match_id = ? AND kind = ?"
                " AND version = ? AND reminded = 0 AND remind_at <= ?",
                (until, match_id, kind, version, now))
        return bool(claimed)

    async def mark_reminded(self, match_id: int, version: int, kind: str = "turn") -> bool:
        """Marks the reminder sent; only if the deadline is still the one set at ``version``,
        so a late reminder cannot silence the reminder of a newer deadline. True for the one
        caller that marked it (the reminder is its to send): of two processes at once, the
        other gets False."""
        async with self._write() as db:
            changed = await execute(
                db,
                "UPDATE deadlines SET reminded = 1 WHERE match_id = ? AND kind = ?"
                " AND version = ? AND reminded = 0",
                (match_id, kind, version),
            )
        return bool(changed)

    async def due_deadlines(self, now: float,
                            shards: Shards | None = None) -> list[DeadlineRow]:
        """Deadlines that have expired (only those of ``shards``' guilds, when given)."""
        async with self._read() as db:
            rows = await fetchall(
                db, f"SELECT d.* FROM deadlines d{_join_owned(shards)} WHERE d.due_at <= ?"
                f"{_and_owned(shards)} ORDER BY d.due_at, d.match_id", (now,)
            )
        return [DeadlineRow.of(row) for row in rows]

    async def claim_deadline(self, match_id: int, kind: str, version: int, *, now: float,
                             until: float, holder: str) -> DeadlineRow | None:
        """Claims a due deadline for ``holder`` until ``until``: only if it is still the one
        set at ``version`` and due at ``now`` (never claimed, or its last claim ran out).
        The deadline as claimed (its ``told`` read in the same transaction, so what an
        earlier claim marked is seen) for the one caller that claimed it, who applies it and
        then removes it (:meth:`finish_deadline`, :meth:`hand_seats_to_bot`), keeping the
        claim meanwhile (:meth:`hold_deadline`); None for any other. A holder that dies
        leaves it due again at ``until``, for itself after a restart or for another process.
        (The row lock of the UPDATE makes a second process wait, then find it no longer
        due.) A claimed deadline needs no reminder."""
        async with self._write() as db:
            claimed = await execute(
                db,
                "UPDATE deadlines SET due_at = ?, held_by = ?, reminded = 1"
                " WHERE match_id = ? AND kind = ? AND version = ? AND due_at <= ?",
                (until, holder, match_id, kind, version, now))
            if not claimed:
                return None
            row = await fetchone(
                db, "SELECT * FROM deadlines WHERE match_id = ? AND kind = ?", (match_id, kind))
        return DeadlineRow.of(row) if row is not None else None

    async def hold_deadline(self, match_id: int, kind: str, version: int, *, until: float,
                            holder: str) -> bool:
        """Extends ``holder``'s claim on a deadline to ``until``; False if the deadline is gone
        (a move passed the turn, a new clock replaced it) or another process claimed it once
        this claim ran out."""
        async with self._write() as db:
            held = await execute(
                db,
                f"UPDATE deadlines SET due_at = ? WHERE {_CLAIMED}",
                (until, match_id, kind, version, holder))
        return bool(held)

    async def mark_told(self, match_id: int, kind: str, version: int, holder: str) -> bool:
        """Records that the channel was told that the deadline ``holder`` claimed was missed
        (once the line was handed over), so that a later claim of the same deadline (this
        one ran out: a crash, a stop, a lost channel) carries out its effect without telling
        it again. False if it is no longer that claim."""
        async with self._write() as db:
            marked = await execute(
                db,
                f"UPDATE deadlines SET told = 1 WHERE {_CLAIMED}",
                (match_id, kind, version, holder))
        return bool(marked)

    async def finish_deadline(self, match_id: int, kind: str, version: int,
                              holder: str) -> bool:
        """Removes a deadline ``holder`` claimed, its effect done; False if it is no longer
        that claim (gone, replaced, or claimed by another process)."""
        async with self._write() as db:
            removed = await execute(
                db,
                f"DELETE FROM deadlines WHERE {_CLAIMED}",
                (match_id, kind, version, holder))
        return bool(removed)

    async def hand_seats_to_bot(self, match_id: int, seats: Sequence[int], bot: str, *,
                                kind: str, version: int, holder: str) -> bool:
        """A missed deadline's policy 'remove', in one transaction: the deadline ``holder``
        claimed is removed and each of ``seats`` handed to ``bot`` (as
        :meth:`replace_seat_with_bot`). False, and nothing changed, if the deadline is no
        longer that claim."""
        now = self._clock()
        async with self._write() as db:
            await self._match_in(db, match_id, "active")
            removed = await execute(
                db,
                f"DELETE FROM deadlines WHERE {_CLAIMED}",
                (match_id, kind, version, holder))
            if not removed:
                return False
            for seat in seats:
                await self._replace_seat(db, match_id, seat, bot)
            await self._touch(db, match_id, now)
        return True

    # -- one process at a time per match (PostgreSQL) ---------------------------------------

    async def lock_match(self, match_id: int, wait: float = MATCH_LOCK_WAIT) -> None:
        """Takes the match's lock across processes (PostgreSQL: a session advisory lock on
        the writing connection, held past commits until :meth:`unlock_match`), so two
        processes, even misconfigured to run the same shard, never commit and announce for
        one match at once. Tried without blocking the connection, every 50 ms up to ``wait``
        seconds, then ``StorageError``. Locks of one process stack (each needs its unlock);
        a connection lost lets go of them all. SQLite: nothing to do, one process by
        design (its file lock serializes each write, not a write and its announcement)."""
        if self.dialect.name != "postgresql":
            return
        loop = asyncio.get_running_loop()
        give_up = loop.time() + wait
        while True:
            async with self._lock:
                row = await fetchone(self._conn, "SELECT pg_try_advisory_lock(?::bigint)",
                                     (MATCH_LOCK_SPACE + match_id,))
            if row is not None and row[0]:
                return
            if loop.time() >= give_up:
                raise StorageError(f"match {match_id} is held by another bot process")
            await asyncio.sleep(0.05)

    async def unlock_match(self, match_id: int) -> None:
        """Lets go of one :meth:`lock_match` (nothing on SQLite)."""
        if self.dialect.name != "postgresql":
            return
        async with self._lock:
            if isinstance(self._conn, PgConnection) and self._conn.raw.is_closed():
                return  # the session, and its locks, are gone already
            await fetchone(self._conn, "SELECT pg_advisory_unlock(?::bigint)",
                           (MATCH_LOCK_SPACE + match_id,))

    # -- results ----------------------------------------------------------------------------

    async def results(self, game: str | None = None) -> list[dict[str, Any]]:
        """Finished matches' results (all, or of one game), oldest first: dicts with
        match_id, game, finished_at, end_reason, outcome and seats."""
        async with self._read() as db:
            if game is None:
                rows = await fetchall(db, "SELECT * FROM results ORDER BY finished_at, match_id")
            else:
                rows = await fetchall(
                    db, "SELECT * FROM results WHERE game = ? ORDER BY finished_at, match_id",
                    (game,),
                )
        return [result_of(row) for row in rows]

    # -- deliveries Discord refused for good ------------------------------------------------

    async def record_delivery_problem(self, match_id: int, version: int, reason: str, *,
                                      lost: bool = False) -> bool:
        """Records that the notice of ``version`` was refused for good; True if this is news
        (no problem was recorded, or another reason), so it is logged and told once. The
        row's ``at`` is when the refusals began: a refusal while one is recorded keeps it
        (the stretch ends when a post gets through, :meth:`mark_announced`).

        ``lost``: the refusal says the channel is out of the bot's reach (deleted, the bot
        removed from the server or short of a permission there). The row's ``lost_at`` is
        then since when it has been, kept by the next such refusal; a refusal of another
        kind (a post Discord will not take for what it holds, in a channel that works)
        clears it, and with it the players' warning of that stretch
        (:meth:`claim_lost_warning`). Only ``lost_at`` counts towards ending a game as
        abandoned."""
        now = self._clock()
        async with self._write() as db:
            row = await fetchone(db, "SELECT reason FROM delivery_problems WHERE match_id = ?",
                                 (match_id,))
            await execute(
                db,
                "INSERT INTO delivery_problems (match_id, version, reason, at, lost_at)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (match_id) DO UPDATE"
                " SET version = excluded.version, reason = excluded.reason,"
                " lost_at = CASE WHEN excluded.lost_at IS NULL THEN NULL"
                " ELSE COALESCE(delivery_problems.lost_at, excluded.lost_at) END,"
                # the players' warning belongs to the stretch of lost_at (0008)
                " warn_until = CASE WHEN excluded.lost_at IS NULL THEN NULL"
                " ELSE delivery_problems.warn_until END,"
                " warned_at = CASE WHEN excluded.lost_at IS NULL THEN NULL"
                " ELSE delivery_problems.warned_at END",
                (match_id, version, reason, now, now if lost else None),
            )
        return row is None or row["reason"] != reason

    async def _unreachable(self, db: Connection, before: float | None, where: str = "",
                           params: tuple[Any, ...] = ()) -> list[tuple[int, float, str]]:
        """``(match id, since, reason)`` of each active match whose channel is out of reach
        (see :meth:`record_delivery_problem`) and in which nobody has moved since ``since``,
        oldest first; only those since ``before`` or earlier, when given. ``since`` is the
        later of when the channel was found out of reach and the match's last action (an
        action only: what the bot itself changes, a release upgrading the game's rules or
        restoring it, is no move; with none, the refusals, which only follow the start,
        count alone). The abandon clock: the one definition that finding such games, ending
        one and /game status read. ``where`` narrows it further (with ``params``)."""
        last_action = ("(SELECT a.created_at FROM actions a WHERE a.match_id = m.id"
                       " ORDER BY a.seq DESC LIMIT 1)")
        rows = await fetchall(
            db,
            f"SELECT m.id, p.reason, {self.dialect.greatest}(p.lost_at, "
            f"COALESCE({last_action}, p.lost_at)) AS since "
            f"FROM matches m {self.dialect.index('matches_status')} "
            "JOIN delivery_problems p ON p.match_id = m.id "
            f"WHERE m.status = 'active' AND p.lost_at IS NOT NULL{where} ORDER BY m.id",
            params,
        )
        found = [(int(row["id"]), float(row["since"]), str(row["reason"])) for row in rows]
        return [f for f in found if before is None or f[1] <= before]

    async def unreachable_since(self, match_id: int) -> float | None:
        """Since when an active match's channel has been out of reach and nobody has moved
        in it (see :meth:`_unreachable`), if it is out of reach: what the abandon clock
        counts from."""
        async with self._read() as db:
            found = await self._unreachable(db, None, " AND m.id = ?", (match_id,))
        return found[0][1] if found else None

    async def long_unreachable(self, before: float,
                               shards: Shards | None = None) -> list[int]:
        """The ids of the active matches whose channel has been out of reach since
        ``before`` or earlier and in which nobody has moved since (see
        :meth:`_unreachable`), oldest first (only those of ``shards``' guilds, when given):
        the games to end as abandoned (:meth:`abandon_match`)."""
        async with self._read() as db:
            found = await self._unreachable(db, before, _and_owned(shards))
        return [match_id for match_id, _, _ in found]

    async def unwarned_lost(self, before: float, now: float,
                            shards: Shards | None = None) -> list[int]:
        """The ids of the active matches whose channel has been out of reach (``lost_at``,
        see :meth:`record_delivery_problem`) since ``before`` or earlier and whose players
        were not told so in this stretch, nor is anyone telling them at ``now`` (no claim of
        :meth:`claim_lost_warning` running), oldest first (only those of ``shards``'
        guilds, when given): the games whose players are to be warned."""
        async with self._read() as db:
            rows = await fetchall(
                db,
                f"SELECT m.id FROM matches m {self.dialect.index('matches_status')} "
                "JOIN delivery_problems p ON p.match_id = m.id "
                f"WHERE m.status = 'active' AND {_UNWARNED}{_and_owned(shards)} ORDER BY m.id",
                (before, now),
            )
        return [int(row["id"]) for row in rows]

    async def claim_lost_warning(self, match_id: int, *, before: float, now: float,
                                 until: float) -> float | None:
        """Claims telling the players of an active match that its channel is out of reach,
        until ``until``: only if it still is one of :meth:`unwarned_lost`'s (out of reach
        since ``before`` or earlier, not told in this stretch, no claim running at ``now``),
        checked again in one transaction under the match's row lock, as
        :meth:`abandon_match` does, so of several processes one claims it. The stretch's
        ``lost_at`` for the one caller that claimed it, who sends the warning and then marks
        it sent (:meth:`mark_lost_warned`); one that dies first leaves it to be claimed
        again at ``until``. None, and nothing changed, otherwise."""
        async with self._write() as db:
            match = await self._match(db, match_id, lock=True)
            if match.status != "active":
                return None
            row = await fetchone(
                db, "SELECT p.lost_at FROM delivery_problems p"
                f" WHERE p.match_id = ? AND {_UNWARNED}", (match_id, before, now))
            if row is None:
                return None
            await execute(db, "UPDATE delivery_problems SET warn_until = ? WHERE match_id = ?",
                          (until, match_id))
        return float(row["lost_at"])

    async def mark_lost_warned(self, match_id: int, lost_at: float) -> bool:
        """Records that the players were told their game's channel is out of reach, in the
        stretch that began at ``lost_at`` (as :meth:`claim_lost_warning` gave it), so that
        nobody tells them again in it, after a restart or from another process. False, and
        nothing changed, when that stretch is over (a post got through meanwhile) or was
        marked already."""
        now = self._clock()
        async with self._write() as db:
            changed = await execute(
                db, "UPDATE delivery_problems SET warned_at = ?, warn_until = NULL"
                " WHERE match_id = ? AND lost_at = ? AND warned_at IS NULL",
                (now, match_id, lost_at))
        return bool(changed)

    async def abandon_match(self, match_id: int, *, before: float, outcome: dict[str, Any],
                            seats: list[dict[str, Any]]) -> str | None:
        """Ends an active match as abandoned, in one transaction, if it still is one of
        :meth:`long_unreachable`'s (its channel out of reach since ``before`` or earlier,
        nobody moved since): status 'finished' with a result of end reason 'abandoned'
        (``outcome``, which should be ``unrated``: no rating changes, with ``refused`` set
        to the recorded refusal's reason), its deadlines gone, its log archived (export and
        replay read it as any finished game's), and nothing left to post (announced up to
        its version, its delivery problem gone), so no later post pings anyone for a game
        that is over. Returns the refusal's reason; None, and nothing changed, otherwise (a
        post got through, someone moved, it ended, another process ended it first)."""
        now = self._clock()
        async with self._write() as db:
            await self._match(db, match_id, lock=True)
            found = await self._unreachable(db, before, " AND m.id = ?", (match_id,))
            if not found:
                return None
            reason = found[0][2]
            await self._finish(db, match_id,
                               Finish("abandoned", {**outcome, "refused": reason}, seats), now)
            await execute(db, "UPDATE matches SET announced = version WHERE id = ?",
                          (match_id,))
            await execute(db, "DELETE FROM delivery_problems WHERE match_id = ?", (match_id,))
        return reason

    async def delivery_problem(self, match_id: int) -> tuple[int, str] | None:
        """``(version, reason)`` of the match's recorded delivery problem, if any."""
        async with self._read() as db:
            row = await fetchone(
                db, "SELECT version, reason FROM delivery_problems WHERE match_id = ?",
                (match_id,),
            )
        return (int(row["version"]), str(row["reason"])) if row else None

    # -- matches whose deliveries were refused for good, to try again (channel faults) ------

    async def refused_matches(self, shards: Shards | None = None) -> list[int]:
        """The ids of the matches with a recorded delivery problem that are in play, or over
        with their last post not yet announced, oldest first (only those of ``shards``'
        guilds, when given): what is tried again now and then, and at a start."""
        async with self._read() as db:
            rows = await fetchall(
                db,
                f"SELECT m.id FROM matches m {self.dialect.index('matches_status')} "
                "WHERE m.status = 'active' AND EXISTS (SELECT 1 FROM delivery_problems p "
                f"WHERE p.match_id = m.id){_and_owned(shards)} "
                f"UNION SELECT m.id FROM matches m {self.dialect.index('matches_unannounced')} "
                "WHERE m.announced < m.version AND m.status IN ('active', 'finished') "
                "AND EXISTS (SELECT 1 FROM delivery_problems p WHERE p.match_id = m.id)"
                f"{_and_owned(shards)} ORDER BY 1",
                (),
            )
        return [int(row["id"]) for row in rows]


def _join_owned(shards: Shards | None) -> str:
    """The join a deadline query needs to know its match's guild (only with a filter)."""
    return " JOIN matches m ON m.id = d.match_id" if owned(shards) is not None else ""


def _and_owned(shards: Shards | None) -> str:
    found = owned(shards)
    return "" if found is None else f" AND {found.where()}"
