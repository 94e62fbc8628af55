"""``python -m bot migrate-db --from OLD --to NEW``: every game moved to another database.

Meant for moving a community from its SQLite file to PostgreSQL (any direction works). The bot
must be stopped: nothing may write to either database meanwhile. Both are opened as the bot
opens them (so each is brought to the current schema first); the target must hold no match.
Every table is copied in one transaction of the target, ids kept, so a failure leaves the
target as it was. Then each match is checked on the target through storage's own reading
methods: its row, seats, log, deadlines, result, announcement ledger and delivery problem as
the source has them, and its log replayed from the setup through the rules (a match stored
under older rules through their upgrade steps) to its version, ending where its newest
snapshot says. A set-aside match is copied but not replayed: it could not be rebuilt before.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from .db import Connection, fetchall, transaction
from .errors import StorageError
from .postgres import PgConnection, is_url, redacted
from .repository import Storage

# every table that holds games, parents first (schema_version is each database's own)
TABLES = ("matches", "seats", "actions", "snapshots", "deadlines", "results",
          "delivery_problems", "archived_logs", "ratings")
_OWN = {"schema_version", "sqlite_sequence"}
_BATCH = 500


class TransferError(StorageError):
    """The databases cannot be copied (the target is not empty, the schemas differ ...)."""


@dataclass
class Report:
    """What was copied and what the checks found."""

    rows: dict[str, int] = field(default_factory=dict)
    replayed: int = 0
    not_replayed: list[tuple[int, str]] = field(default_factory=list)  # (match, why)
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def _name(target: str | Path) -> str:
    return redacted(str(target)) if is_url(target) else str(target)


async def _tables(conn: Connection) -> set[str]:
    if isinstance(conn, PgConnection):
        rows = await fetchall(conn, "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
    else:
        rows = await fetchall(conn, "SELECT name FROM sqlite_master WHERE type = 'table'")
    return {str(row[0]) for row in rows}


async def _copy_table(source: Connection, target: Connection, table: str) -> int:
    rows = await fetchall(source, f"SELECT * FROM {table}")
    if not rows:
        return 0
    columns = list(rows[0].keys())  # type: ignore[attr-defined]
    records = [tuple(row[c] for c in columns) for row in rows]
    if isinstance(target, PgConnection):
        await target.copy_rows(table, columns, records)
    else:
        marks = ", ".join("?" for _ in columns)
        sql = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})"
        for start in range(0, len(records), _BATCH):
            await target.executemany(sql, records[start:start + _BATCH])
    return len(records)


async def copy_all(source: Storage, target: Storage) -> dict[str, int]:
    """Copies every table of ``source`` into the empty ``target`` in one transaction."""
    src, dst = source._reader, target._conn
    extra = await _tables(src) - set(TABLES) - _OWN
    if extra:
        raise TransferError(f"the source has tables this release does not know: {sorted(extra)}")
    if await source.schema_version() != await target.schema_version():
        raise TransferError("the two databases are at different schema versions")
    if await target.matches():
        raise TransferError("the target already holds matches; give an empty database")
    counts: dict[str, int] = {}
    async with target._lock, transaction(dst):
        for table in TABLES:
            counts[table] = await _copy_table(src, dst, table)
        if isinstance(dst, PgConnection) and counts["matches"]:
            # new matches go on from the highest id copied
            await dst.execute("SELECT setval(pg_get_serial_sequence('matches', 'id'),"
                              " (SELECT max(id) FROM matches))")
    return counts


# --- the checks ------------------------------------------------------------------------------


async def _same(source: Storage, target: Storage, match_id: int) -> list[str]:
    """What differs between the two databases' accounts of one match, read back through
    storage (so a value the target stored in another type shows up here)."""
    reads: list[tuple[str, Callable[[Storage], Any]]] = [
        ("match", lambda s: s.get_match(match_id)),
        ("seats", lambda s: s.seats(match_id)),
        ("log", lambda s: s.actions(match_id)),
        ("deadlines", lambda s: s.deadlines(match_id)),
        ("announced", lambda s: s.announced(match_id)),
        ("delivery problem", lambda s: s.delivery_problem(match_id)),
        ("newest snapshot", lambda s: s.latest_snapshot(match_id)),
    ]
    return [f"match {match_id}: its {what} differs" for what, read in reads
            if await read(source) != await read(target)]


async def _replay(target: Storage, match_id: int) -> str | None:
    """Replays the match's log on the target; why it does not hold up, or None."""
    from engine.core import SetupRecord, registry, replay_from, upgrade_log
    from engine.core.replay import LogEntry

    match = await target.get_match(match_id)
    game = registry.get(match.game)
    seats = len(await target.seats(match_id))
    setup = SetupRecord(game=game.id, rules_version=game.rules_version, options=match.options,
                        seats=seats, seed=match.seed)
    entries = [LogEntry(seq=r.seq, seat=r.seat, action=r.action, events=r.events)
               for r in await target.actions(match_id)]
    try:
        if match.rules_version != game.rules_version:
            entries = upgrade_log(game, match.rules_version, entries)
        state = replay_from(game, setup.create(game), entries)
    except Exception as err:  # whatever the rules raise, it is this match's problem
        return f"match {match_id}: its log does not replay ({type(err).__name__}: {err})"
    if state.version != match.version:
        return f"match {match_id}: the log ends at {state.version}, the match at {match.version}"
    snap = await target.latest_snapshot(match_id)
    if snap is not None and snap[0] == state.version and match.rules_version == \
            game.rules_version and \
            game.load_state(snap[1]).model_dump_json() != state.model_dump_json():
        return f"match {match_id}: the replay does not end at its newest snapshot"
    return None


async def verify(source: Storage, target: Storage, report: Report) -> None:
    """Checks every match of ``target`` against ``source`` and by replaying it."""
    from engine import catalog
    from engine.core import registry

    catalog.load()
    known = {game.id for game in registry.all_games()}
    if await source.results() != await target.results():
        report.problems.append("the results differ")
    for match in await target.matches():
        report.problems += await _same(source, target, match.id)
        if match.status == "lobby" or (match.status == "aborted" and
                                       await target.latest_snapshot(match.id) is None):
            continue  # never started: nothing to replay
        if match.status == "set_aside":
            report.not_replayed.append((match.id, "set aside: it could not be rebuilt before"))
            continue
        if match.game not in known:
            report.not_replayed.append((match.id, f"{match.game}: a game this release lacks"))
            continue
        problem = await _replay(target, match.id)
        if problem is None:
            report.replayed += 1
        else:
            report.problems.append(problem)


async def migrate(source_target: str | Path, destination: str | Path,
                  out: TextIO | None = None) -> Report:
    """Copies every game from ``source_target`` into ``destination`` and checks them."""
    out = out or sys.stdout
    if not is_url(source_target) and not Path(source_target).exists():
        raise TransferError(f"no database at {source_target}")
    source = await Storage.open(source_target)
    try:
        target = await Storage.open(destination)
        try:
            report = Report(rows=await copy_all(source, target))
            print("copied " + ", ".join(f"{n} {t}" for t, n in report.rows.items()), file=out)
            await verify(source, target, report)
        finally:
            await target.close()
    finally:
        await source.close()
    print(f"{report.replayed} matches replayed on the target and found whole", file=out)
    for match_id, why in report.not_replayed:
        print(f"match {match_id} not replayed: {why}", file=out)
    for problem in report.problems:
        print(f"PROBLEM: {problem}", file=out)
    return report


def run_cli(args: argparse.Namespace) -> int:
    """The ``migrate-db`` command: 0 when every match was copied and holds up."""
    try:
        report = asyncio.run(migrate(args.source, args.target))
    except StorageError as err:
        print(f"migrate-db: {err}", file=sys.stderr)
        return 2
    if not report.ok:
        print(f"migrate-db: {len(report.problems)} problems; {_name(args.target)} holds the "
              "copy: empty it before trying again", file=sys.stderr)
        return 1
    print(f"done: set PORTOLAN_DB={_name(args.target)} and start the bot")
    return 0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--from", dest="source", required=True,
                        help="the database to copy: a SQLite file or a postgresql:// URL")
    parser.add_argument("--to", dest="target", required=True,
                        help="an empty database to copy into (postgresql://user:pw@host/name)")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot migrate-db")
    add_arguments(parser)
    return run_cli(parser.parse_args(argv))
