"""Start-up and growth benchmark: the real bot process on a database of many games.

Run from the repository root:

    python bench/startup.py [--finished N] [--active M] [--moves K] [--json] [--db PATH] [--keep]

First a database of ``N`` finished (default 5000) and ``M`` active (default 500) games is built,
by script and from ``--seed``, so the same parameters give the same database. The games are
real: for each game and player count (2, 3 or 4 players) a few games are played to the end by
the games' own bots and written through ``Storage`` as the service writes them (create_match,
add_seat, start_match, then append_action with the deadlines each move leaves, a snapshot every
``snapshot_every`` actions and, with the last move, the result; finishing moves the log into one
compressed ``archived_logs`` row and keeps only the newest snapshot). The other matches are
copies of those with their own ids, channels, players and times, written through a plain SQLite
connection in large transactions: a finished match gets its own archived log (the template's,
with its times) and no action rows; an active match is such a game cut at a random move (its
moves up to there as action rows, with the snapshots and deadlines it had then; its clocks are
set to run out long after the benchmark). A third of the games have a turn deadline of a day;
every seat is a person, every match is announced up to its version (``matches.announced``), so
starting the bot has nothing to catch up on and no bot to resume.
The file is kept under ``var/bench/``, named after its parameters and a key of the build, the
schema and the games' rules, so later runs skip the build and a changed schema rebuilds it.

Then the bot (``python -m bot run``) is started against a copy of it and the fake Discord of the
end-to-end tests (``tests/fakediscord``). Figures:

- ``ready_s``: spawning the process to the answer of a ``/game status`` in a channel with an
  active game: imports, migrations, catch-up, the command sync, the gateway, the first answer;
- ``connected_s``: spawning to a connected gateway with synced commands (part of ``ready_s``);
  of it, from the bot's log, ``imports_s`` spawning to its first line (the interpreter and the
  imports) and ``setup_s`` from there to the command sync (storage opened, catch-up, sync);
- ``ready_empty_s``, ``setup_empty_s``: the same for the bot on an empty database (whose
  schema it creates), for comparison;
- ``catch_up_s``: what the bot logs as "catch-up of N matches took X s" (null when it does not);
- ``db_mb``: the database file; of it, the big tables: ``actions_mb`` (the moves of active
  games), ``snapshots_mb`` (with its index) and ``archive_mb`` (finished games' logs);
- ``kb_per_finished_match``: the bytes finished matches take, per match, every table counted,
  the archived logs too (from SQLite's dbstat table when it is compiled in: each table's pages
  shared out by its rows' sizes, an index's by its rows; else the rows' sizes summed);
- ``move_ms_p50/p95``: through Discord, ``/move`` sent to its answer received (the answer comes
  after the move is committed and announced, board image included when the turn ended), over
  ``--moves`` moves in active games, one at a time; ``move_ack_ms_p50`` to its deferral;
  ``first_board_move_ms`` the first move whose answer came with a board posted (the board
  workers start then), ``board_move_ms_p50`` the others that did;
- in the benchmark's own process, on the same database after the bot stopped (no Discord, no
  drawing): ``load_ms_p50/p95`` to rebuild one active match's state from storage (its newest
  snapshot and the moves after it), ``act_ms_p50/p95`` for ``MatchService.act`` on a match
  already loaded (the move checked, committed with its deadlines, nothing announced),
  ``open_ms`` for ``Storage.open`` and ``unannounced_ms`` for the query catch-up starts with.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import math
import random
import re
import shutil
import sqlite3
import sys
import tempfile
import time
import zlib
from collections.abc import Awaitable
from contextlib import closing
from dataclasses import asdict, dataclass, field
from datetime import datetime
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.service import MatchService, clocks  # noqa: E402
from bot.settings import Settings  # noqa: E402
from bot.storage import DeadlinePlan, DeadlineRow, Finish, Storage, load_migrations  # noqa: E402
from bot.storage.rows import dumps  # noqa: E402
from engine import catalog  # noqa: E402
from engine.core import Accepted, Game, Rng, State, bot_rng, registry, step  # noqa: E402
from tests.fakediscord import BotProcess, FakeDiscord, Person  # noqa: E402

GAMES = ("ships", "ocean_trader", "empires")
PLAYERS = {2: 0.40, 3: 0.35, 4: 0.25}  # how often each player count is played
TEMPLATES = 8  # games played per game and player count, at most; the rest are copies
TURN_HOURS = (0, 0, 24)  # a third of the games have a turn deadline of a day
BUILD_FORMAT = 3  # bump when the way the database is built changes
CACHE = ROOT / "var" / "bench"
GUILD = 777  # the fake Discord's guild
FIRST_CHANNEL, FIRST_USER = 50_000_000, 60_000_000
EPOCH = 1_735_689_600.0  # 2025-01-01: the built history ends here, whatever the date today
FAR = 4_102_444_800.0  # 2100-01-01: the deadlines of the built games never fall due
MOVE_CAP = 5000
UNDO = "Undo your last action"
T = TypeVar("T")
CATCH_UP = re.compile(r"catch-up of (\d+) matches took ([0-9.]+) ?s")
LOG_LINE = re.compile(r"^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}) (.*)$", re.M)


def percentile(samples: list[float], pct: int) -> float:
    if not samples:
        return 0.0
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(pct / 100 * (len(ordered) - 1)))]


def log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


# --- building the database -------------------------------------------------------------------

class Clock:
    """The time the storage writes: set by the builder, so the database does not depend on
    when it was built."""

    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@dataclass
class Template:
    """A game played to its end and stored. What finishing removes from storage (all but the
    last snapshot) and what an active match has that a finished one has not (its deadlines)
    is kept here, by version, for the active matches cut from it; its moves are read back from
    its archived log."""

    match_id: int
    game: str
    players: int
    versions: int
    created_at: float
    snapshots: dict[int, tuple[str, float]] = field(default_factory=dict)  # state, time
    times: list[float] = field(default_factory=list)  # when each version was reached
    deadlines: list[list[dict[str, Any]]] = field(default_factory=list)  # rows, by version


@dataclass
class Plan:
    """What the database holds: each match's game and player count, in id order."""

    finished: list[tuple[str, int]]
    active: list[tuple[str, int]]
    templates: dict[tuple[str, int], int]  # how many games of each kind are played


def plan(finished: int, active: int, seed: int) -> Plan:
    rng = random.Random(seed)
    counts, weights = list(PLAYERS), list(PLAYERS.values())

    def kind() -> tuple[str, int]:
        return rng.choice(GAMES), rng.choices(counts, weights)[0]

    done = [kind() for _ in range(finished)]
    per_kind: dict[tuple[str, int], int] = {}
    for k in done:
        per_kind[k] = per_kind.get(k, 0) + 1
    templates = {k: max(1, min(TEMPLATES, math.ceil(n / 25))) for k, n in sorted(per_kind.items())}
    kinds = sorted(templates)
    playing = [kind() for _ in range(active)]
    # an active game is cut from a played one, so only kinds with a played game are used
    playing = [k if k in templates else rng.choice(kinds) for k in playing]
    return Plan(done, playing, templates)


def build_key(finished: int, active: int, seed: int, snapshot_every: int) -> str:
    """What the built file depends on: the parameters, the schema, the games' rules."""
    parts = [f"format {BUILD_FORMAT}", f"schema {len(load_migrations())}",
             f"{finished} {active} {seed} {snapshot_every}"]
    folder = resources.files("bot.storage").joinpath("migrations")
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".sql"):
            parts.append(entry.name + "\n" + entry.read_text(encoding="utf-8"))
    for game_id in GAMES:
        parts.append(f"{game_id} {registry.get(game_id).rules_version}")
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:12]


def match_settings(settings: Settings, turn_hours: float) -> dict[str, Any]:
    """The settings a match is created with (as ``MatchService.create`` gives them)."""
    return {"turn_hours": turn_hours, "policy": settings.deadline_policy,
            "answer_seconds": settings.answer_seconds}


def user_name(user_id: int) -> str:
    return f"Player {user_id - FIRST_USER}"


async def play_template(store: Storage, clock: Clock, game: Game[Any], players: int,
                        seed: int, channel: int, users: list[int],
                        settings: Settings, rng: random.Random) -> Template | None:
    """One whole game by the game's bots, written move by move through ``Storage`` as the
    service writes it (each move with the deadlines it leaves, the last with the result).
    None (and the match aborted) if it does not end within the cap."""
    options = game.resolve_options(None)
    created = clock.now
    match = await store.create_match(
        channel_id=channel, guild_id=GUILD, game=game.id, options=options, seed=seed,
        host_id=users[0], host_name=user_name(users[0]), rules_version=game.rules_version,
        settings=match_settings(settings, rng.choice(TURN_HOURS)))
    for user in users[1:]:
        await store.add_seat(match.id, user_id=user, name=user_name(user))
    order = list(range(players))
    Rng.from_seed(seed).fork(1).shuffle(order)  # the seat order, as the service draws it
    state = game.setup(options, players, seed)
    seats = [next(s for s in await store.seats(match.id) if s.position == p) for p in order]

    def deadlines(state: State, current: list[DeadlineRow]) -> DeadlinePlan:
        return clocks.plan(game, state, seats, match.settings, current, clock.now,
                           remind_hours=settings.remind_hours,
                           default_answer_seconds=settings.answer_seconds)

    first = state.model_dump_json()
    await store.start_match(match.id, seat_order=order, state_json=first,
                            deadlines=deadlines(state, []))
    seats = await store.seats(match.id)  # by seat, now that they have one
    t = Template(match.id, game.id, players, 0, created, {0: (first, clock.now)})
    bot = game.bots()[game.default_bot()]
    while True:
        current = await store.deadlines(match.id)
        t.times.append(clock.now)
        t.deadlines.append([{**asdict(row), "seats": dumps(row.seats)} for row in current])
        actors = sorted(game.actors(state))
        if state.version >= MOVE_CAP or not actors:
            await store.abort_match(match.id)
            return None
        seat = actors[0]
        action = bot.choose(game.view(state, seat), game.legal_actions(state, seat),
                            bot_rng(seed, state.version, seat))
        accepted = step(game, state, seat, action, state.version)
        assert isinstance(accepted, Accepted), accepted
        new = accepted.state
        clock.now += rng.uniform(5, 240)
        snapshot = new.model_dump_json() if new.version % settings.snapshot_every == 0 \
            else None
        if snapshot is not None:
            t.snapshots[new.version] = (snapshot, clock.now)
        result = game.outcome(new)
        finish = None if result is None else Finish(
            result.end_reason, result.model_dump(mode="json"),
            [{"seat": s.seat, "user_id": s.user_id, "name": s.name, "bot": s.bot}
             for s in seats])
        await store.append_action(
            match.id, expected_version=state.version, seat=seat,
            action=accepted.action.model_dump(mode="json"),
            events=[e.model_dump(mode="json") for e in accepted.events],
            snapshot_json=snapshot, finish=finish,
            deadlines=None if result is not None else deadlines(new, current))
        state = new
        if result is not None:
            break
    await store.mark_announced(match.id, state.version)
    t.versions = state.version
    return t


def columns(raw: sqlite3.Connection, table: str) -> list[str]:
    return [row[1] for row in raw.execute(f"PRAGMA table_info({table})")]


class Copier:
    """Writes copies of played games through a plain connection (the schema is Storage's):
    every column copied as it is, but for those that make the copy another match. A finished
    copy's log is the template's archived log with its own times, compressed as ``Storage``
    archives one; an active copy's moves are action rows, as ``Storage`` keeps them until the
    end."""

    def __init__(self, raw: sqlite3.Connection, rng: random.Random, users: int) -> None:
        self.raw = raw
        self.rng = rng
        self.users = users
        self.next_id = 1 + raw.execute("SELECT COALESCE(MAX(id), 0) FROM matches").fetchone()[0]
        self._sql: dict[str, str] = {}
        self._seats: dict[int, list[tuple[int, int, str | None]]] = {}
        self._results: dict[int, list[dict[str, Any]]] = {}
        self._logs: dict[int, list[list[Any]]] = {}

    def copy_rows(self, table: str, where: str, changed: dict[str, str],
                  params: dict[str, Any]) -> None:
        """INSERT ... SELECT of a template's rows, ``changed`` columns given by expressions."""
        key = f"{table} {where} {sorted(changed.items())}"
        if key not in self._sql:
            names = columns(self.raw, table)
            self._sql[key] = (f"INSERT INTO {table} ({', '.join(names)}) SELECT "
                              + ", ".join(changed.get(n, n) for n in names)
                              + f" FROM {table} WHERE {where}")
        self.raw.execute(self._sql[key], params)

    def seats_of(self, template: int) -> list[tuple[int, int, str | None]]:
        if template not in self._seats:
            self._seats[template] = [tuple(row) for row in self.raw.execute(
                "SELECT position, seat, bot FROM seats WHERE match_id = ? ORDER BY position",
                (template,))]
        return self._seats[template]

    def log_of(self, template: int) -> list[list[Any]]:
        """The template's archived log: [seq, seat, action, events, created_at] entries."""
        if template not in self._logs:
            row = self.raw.execute("SELECT entries FROM archived_logs WHERE match_id = ?",
                                   (template,)).fetchone()
            if row is None:
                raise SystemExit(f"template match {template} has no archived log")
            self._logs[template] = json.loads(zlib.decompress(row[0]))
        return self._logs[template]

    def copy(self, t: Template, channel: int, created: float, cut: int | None) -> int:
        """A copy of ``t`` created at ``created``: finished, or active at version ``cut``."""
        new, raw = self.next_id, self.raw
        self.next_id += 1
        users = [FIRST_USER + u for u in self.rng.sample(range(self.users), t.players)]
        version = t.versions if cut is None else cut
        shift = created - t.created_at
        # an active copy was last moved (or started) when the template reached its cut
        last = None if cut is None else t.times[cut] + shift
        p = {"new": new, "t": t.match_id, "shift": shift, "v": version,
             "channel": channel, "host": users[0], "last": last}
        self.copy_rows("matches", "id = :t", {
            "id": ":new", "channel_id": ":channel", "host_id": ":host", "version": ":v",
            "status": "'finished'" if cut is None else "'active'",
            "announced": ":v",  # every move was announced: nothing to catch up on
            "created_at": "created_at + :shift",
            "updated_at": "updated_at + :shift" if cut is None else ":last",
            "finished_at": "finished_at + :shift" if cut is None else "NULL"}, p)
        seats = self.seats_of(t.match_id)
        raw.executemany(
            "INSERT INTO seats (match_id, position, seat, user_id, name, bot)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [(new, position, seat, users[position], user_name(users[position]), bot)
             for position, seat, bot in seats])
        entries = self.log_of(t.match_id)
        if cut is None:  # its archived log, its one snapshot, and the result
            moved = [[seq, seat, action, events, at + shift]
                     for seq, seat, action, events, at in entries]
            raw.execute("INSERT INTO archived_logs (match_id, entries) VALUES (?, ?)",
                        (new, zlib.compress(dumps(moved).encode(), 6)))
            self.copy_rows("snapshots", "match_id = :t",
                           {"match_id": ":new", "created_at": "created_at + :shift"}, p)
            by_seat = {seat: users[position] for position, seat, _ in seats}
            result_seats = [{**s, "user_id": by_seat[s["seat"]],
                             "name": user_name(by_seat[s["seat"]])}
                            for s in self.result_seats(t.match_id)]
            self.copy_rows("results", "match_id = :t", {
                "match_id": ":new", "finished_at": "finished_at + :shift",
                "seats": ":seats"}, {**p, "seats": dumps(result_seats)})
            return new
        raw.executemany(
            "INSERT INTO actions (match_id, seq, seat, action, events, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [(new, seq, seat, dumps(action), dumps(events), at + shift)
             for seq, seat, action, events, at in entries if seq <= cut])
        raw.executemany(
            "INSERT INTO snapshots (match_id, version, state, created_at) VALUES (?, ?, ?, ?)",
            [(new, v, state, at + shift) for v, (state, at) in t.snapshots.items()
             if v <= cut])
        for row in t.deadlines[cut]:  # clocks that never run out while the benchmark runs
            row = {**row, "match_id": new, "due_at": row["due_at"] - t.created_at + FAR,
                   "remind_at": None if row["remind_at"] is None
                   else row["remind_at"] - t.created_at + FAR}
            names = [n for n in columns(raw, "deadlines") if n in row]
            raw.execute(f"INSERT INTO deadlines ({', '.join(names)}) VALUES"
                        f" ({', '.join(':' + n for n in names)})", row)
        return new

    def result_seats(self, template: int) -> list[dict[str, Any]]:
        if template not in self._results:
            row = self.raw.execute("SELECT seats FROM results WHERE match_id = ?",
                                   (template,)).fetchone()
            self._results[template] = json.loads(row[0])
        return self._results[template]


async def build(path: Path, finished: int, active: int, seed: int,
                settings: Settings) -> dict[str, Any]:
    """Writes the database to ``path`` (through a temporary file); returns what was built."""
    started = time.perf_counter()
    the_plan = plan(finished, active, seed)
    rng = random.Random(seed * 7919 + 1)
    users = max(200, (finished + active) // 2)  # people, each playing many games
    scratch = path.with_name(path.name + ".building")
    for leftover in (scratch, Path(f"{scratch}-wal"), Path(f"{scratch}-shm")):
        leftover.unlink(missing_ok=True)
    history = 365 * 86400.0  # finished games spread over the year before EPOCH
    clock = Clock(EPOCH - history - 86400)
    store = await Storage.open(scratch, clock=clock)
    templates: dict[tuple[str, int], list[Template]] = {}
    game_seed = seed * 1_000_003
    channels = FIRST_CHANNEL + active  # open games each have their own channel below this
    try:
        for (game_id, players), count in the_plan.templates.items():
            game = registry.get(game_id)
            made: list[Template] = []
            while len(made) < count:
                game_seed += 1
                channel = channels + rng.randrange(max(100, finished // 3))
                users_drawn = [FIRST_USER + u for u in rng.sample(range(users), players)]
                t = await play_template(store, clock, game, players, game_seed, channel,
                                        users_drawn, settings, rng)
                if t is not None:
                    made.append(t)
            templates[(game_id, players)] = made
            log(f"played {count} {game_id} games for {players} "
                f"({sum(t.versions for t in made)} moves)")
    finally:
        await store.close()
    played = time.perf_counter() - started
    with closing(sqlite3.connect(scratch, isolation_level=None)) as raw:
        raw.execute("PRAGMA journal_mode = DELETE")  # one big write, no WAL to grow
        raw.execute("PRAGMA synchronous = OFF")
        copier = Copier(raw, rng, users)
        played_ids = {t.match_id for ts in templates.values() for t in ts}
        copies = finished - len(played_ids)
        raw.execute("BEGIN")
        for index, kind in enumerate(the_plan.finished[:max(0, copies)]):
            # spread over the year, each over before EPOCH (no game lasts two days)
            created = EPOCH - history + (history - 2 * 86400) * index / max(1, copies)
            channel = channels + rng.randrange(max(100, finished // 3))
            copier.copy(rng.choice(templates[kind]), channel, created, None)
            if index % 500 == 499:
                raw.execute("COMMIT")
                raw.execute("BEGIN")
        for index, kind in enumerate(the_plan.active):
            t = rng.choice(templates[kind])
            cut = rng.randrange(t.versions)
            # started in the last week, its last move (at the cut) before EPOCH
            created = EPOCH - (t.times[cut] - t.created_at) - rng.uniform(60, 7 * 86400)
            copier.copy(t, FIRST_CHANNEL + index, created, cut)
        raw.execute("COMMIT")
        raw.execute("PRAGMA journal_mode = WAL")  # as the bot keeps it
    for leftover in (Path(f"{scratch}-wal"), Path(f"{scratch}-shm")):
        leftover.unlink(missing_ok=True)
    scratch.replace(path)
    return {"finished": finished, "active": active, "seed": seed,
            "played": sum(len(ts) for ts in templates.values()),
            "play_s": round(played, 1), "build_s": round(time.perf_counter() - started, 1)}


async def database(finished: int, active: int, seed: int, settings: Settings,
                   path: Path | None) -> tuple[Path, dict[str, Any]]:
    """The built database for these parameters: from the cache, or built now."""
    key = build_key(finished, active, seed, settings.snapshot_every)
    if path is None:
        name = f"startup-f{finished}-a{active}-s{seed}"
        path = CACHE / f"{name}-{key}.sqlite3"
        for old in CACHE.glob(f"{name}-*.sqlite3*"):  # built by older code or schemas
            if not old.name.startswith(path.name):
                old.unlink()
    info_path = Path(f"{path}.json")
    if path.exists() and info_path.exists():
        info = json.loads(info_path.read_text())
        if info.get("key") == key:
            return path, {**info, "cached": True}
    path.parent.mkdir(parents=True, exist_ok=True)
    for stale in (path, Path(f"{path}-wal"), Path(f"{path}-shm"), info_path):
        stale.unlink(missing_ok=True)
    log(f"building {path.name}: {finished} finished and {active} active games")
    info = {**await build(path, finished, active, seed, settings), "key": key}
    info_path.write_text(json.dumps(info))
    return path, {**info, "cached": False}


# --- sizes ---------------------------------------------------------------------------------

# each table's rows and their size (roughly: the bytes of their values), per match status
ROW_SIZES = {
    "matches": "SELECT status = 'finished', count(*), sum(length(options) + length(settings)"
               " + length(game) + length(rules_version) + ifnull(length(set_aside_reason), 0)"
               " + 80) FROM matches GROUP BY 1",
    "seats": "SELECT m.status = 'finished', count(*), sum(length(s.name)"
             " + ifnull(length(s.bot), 0) + 24)"
             " FROM seats s JOIN matches m ON m.id = s.match_id GROUP BY 1",
    "actions": "SELECT m.status = 'finished', count(*), sum(length(a.action) + length(a.events)"
               " + 24) FROM actions a JOIN matches m ON m.id = a.match_id GROUP BY 1",
    "archived_logs": "SELECT m.status = 'finished', count(*), sum(length(a.entries) + 8)"
                     " FROM archived_logs a JOIN matches m ON m.id = a.match_id GROUP BY 1",
    "snapshots": "SELECT m.status = 'finished', count(*), sum(length(s.state) + 16)"
                 " FROM snapshots s JOIN matches m ON m.id = s.match_id GROUP BY 1",
    "results": "SELECT m.status = 'finished', count(*), sum(length(r.outcome) + length(r.seats)"
               " + length(r.end_reason) + 24) FROM results r JOIN matches m ON m.id = r.match_id"
               " GROUP BY 1",
    "deadlines": "SELECT m.status = 'finished', count(*), sum(length(d.seats) + length(d.kind)"
                 " + 40) FROM deadlines d JOIN matches m ON m.id = d.match_id GROUP BY 1",
    "delivery_problems": "SELECT m.status = 'finished', count(*), sum(length(p.reason) + 24)"
                         " FROM delivery_problems p JOIN matches m ON m.id = p.match_id"
                         " GROUP BY 1",
}


def sizes(path: Path) -> dict[str, Any]:
    """The file's size, its big tables, and the bytes per finished match."""
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as raw:
        finished = raw.execute(
            "SELECT count(*) FROM matches WHERE status = 'finished'").fetchone()[0]
        share: dict[str, tuple[float, float]] = {}  # table: (by size, by count) of finished
        sums: dict[str, tuple[float, float]] = {}  # table: bytes of (finished, all) rows
        for table, sql in ROW_SIZES.items():
            rows = {bool(f): (n, size or 0) for f, n, size in raw.execute(sql)}
            count = sum(n for n, _ in rows.values()) or 1
            size = sum(s for _, s in rows.values()) or 1
            share[table] = (rows.get(True, (0, 0))[1] / size, rows.get(True, (0, 0))[0] / count)
            sums[table] = (rows.get(True, (0, 0))[1], sum(s for _, s in rows.values()))
        owner = dict(raw.execute("SELECT name, tbl_name FROM sqlite_schema"
                                 " WHERE type IN ('table', 'index')").fetchall())
        try:
            pages = dict(raw.execute("SELECT name, sum(pgsize) FROM dbstat GROUP BY name"))
            method = "dbstat"
        except sqlite3.OperationalError:  # SQLite built without the dbstat table
            pages = {table: whole for table, (_, whole) in sums.items()}
            method = "row sums"
        if method == "dbstat":
            total = 0.0
            for name, size in pages.items():
                table = owner.get(name, name)
                if table in share:  # a table by its rows' sizes, an index by its rows
                    total += size * share[table][0 if name == table else 1]
        else:
            total = sum(of_finished for of_finished, _ in sums.values())

    def mb(*names: str) -> float:
        return round(sum(pages.get(n, 0) for n in names) / 2**20, 1)

    return {
        "db_mb": round(path.stat().st_size / 2**20, 1),
        "actions_mb": mb("actions"),
        "snapshots_mb": mb("snapshots", "sqlite_autoindex_snapshots_1"),
        "archive_mb": mb("archived_logs"),
        "kb_per_finished_match": round(total / max(1, finished) / 1024, 1),
        "size_method": method,
    }


# --- the bot ---------------------------------------------------------------------------------

@dataclass
class Table:
    """An active game the benchmark plays in: its channel and its players."""

    match_id: int
    channel: int
    users: list[int]


def tables(path: Path, count: int, seed: int) -> list[Table]:
    """``count`` active games, as many of each game as can be, chosen by the seed."""
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as raw:
        rows = raw.execute("SELECT id, channel_id, game FROM matches WHERE status = 'active'"
                           " ORDER BY id").fetchall()
        rng = random.Random(seed)
        by_game = [[r for r in rows if r[2] == g] for g in GAMES]
        for group in by_game:
            rng.shuffle(group)
        chosen: list[tuple[int, int, str]] = []
        while len(chosen) < min(count, len(rows)):
            for group in by_game:  # one of each game in turn
                if group and len(chosen) < count:
                    chosen.append(group.pop())
        found = []
        for match_id, channel, _ in chosen:
            users = [u for (u,) in raw.execute(
                "SELECT user_id FROM seats WHERE match_id = ? AND user_id IS NOT NULL"
                " ORDER BY position", (match_id,))]
            found.append(Table(match_id, channel, users))
    return found


@dataclass
class Start:
    """A started bot and how long it took, from spawning it (at ``spawned``, wall clock)."""

    fake: FakeDiscord
    bot: BotProcess
    spawned: float
    connected_s: float
    ready_s: float

    def phases(self) -> dict[str, float | None]:
        """From the bot's log: spawning to its first line (the interpreter and the imports),
        and from there to the command sync (settings, storage, catch-up, the sync)."""
        times = [(datetime.strptime(m.group(1), "%Y-%m-%d %H:%M:%S,%f").timestamp(), m.group(2))
                 for m in LOG_LINE.finditer(self.bot.log())]
        synced = next((t for t, text in times if "synced" in text and "commands" in text), None)
        if not times:
            return {"imports_s": None, "setup_s": None}
        return {"imports_s": round(times[0][0] - self.spawned, 2),
                "setup_s": None if synced is None else round(synced - times[0][0], 2)}


async def start_bot(db: Path | None, workdir: Path, users: dict[int, str],
                    channels: list[int], snapshot_every: int) -> Start:
    """Starts the fake and the bot (on a copy of ``db``, or an empty database), timing it to
    a connected gateway and to the first ``/game status`` answered."""
    fake = FakeDiscord(users=users, channels=tuple(channels), guild_id=GUILD)
    await fake.start()
    bot = BotProcess(fake, workdir, env={"PORTOLAN_SNAPSHOT_EVERY": str(snapshot_every)})
    workdir.mkdir(parents=True, exist_ok=True)
    if db is not None:
        shutil.copyfile(db, bot.db)
    person = Person(fake, min(users), channels[0])
    spawned, started = time.time(), time.monotonic()
    try:
        await while_alive(bot, bot.start(timeout=600))
        connected = time.monotonic() - started
        await while_alive(bot, person.slash("game status", timeout=600))
    except BaseException:
        await bot.stop()
        await fake.stop()
        raise
    return Start(fake, bot, spawned, connected, time.monotonic() - started)


async def while_alive(bot: BotProcess, work: Awaitable[T]) -> T:
    """Awaits ``work``, giving up at once (with the bot's log) if the bot process exits."""
    task = asyncio.ensure_future(work)
    while not task.done():
        await asyncio.wait({task}, timeout=0.25)
        if not task.done() and bot.returncode is not None:
            task.cancel()
            raise SystemExit(f"the bot exited ({bot.returncode}); its log:\n{bot.log()[-4000:]}")
    return task.result()


@dataclass
class Moves:
    """The moves timed through Discord: answer and deferral times (ms), which answers came
    with a board image posted, and how many moves were refused."""

    answers: list[float] = field(default_factory=list)
    acks: list[float] = field(default_factory=list)
    boards: list[float] = field(default_factory=list)
    refused: int = 0


async def play_moves(fake: FakeDiscord, found: list[Table], moves: int, seed: int) -> Moves:
    """``moves`` moves, one at a time, round the tables; each is what a person does (the
    autocomplete of /move, then /move)."""
    rng = random.Random(seed)
    done = Moves()
    live = list(found)
    while len(done.answers) < moves and live:
        for table in list(live):
            if len(done.answers) >= moves:
                break
            for user in table.users:
                person = Person(fake, user, table.channel)
                choices = [c for c in await person.autocomplete("move", "action")
                           if c["name"] != UNDO]
                if choices:
                    break
            else:
                live.remove(table)  # over, or waiting for nobody the benchmark plays
                continue
            boards = len(fake.boards(table.channel))
            sent = time.monotonic()
            reply = await person.slash("move", action=rng.choice(choices)["value"], timeout=120)
            done.answers.append((time.monotonic() - sent) * 1000)
            done.acks.append(reply.ack_ms)
            if len(fake.boards(table.channel)) > boards:
                done.boards.append(done.answers[-1])
            done.refused += not reply.text.startswith("Done.")
    return done


def logged_catch_up(text: str) -> float | None:
    found = CATCH_UP.findall(text)
    return float(found[-1][1]) if found else None


# --- in this process -------------------------------------------------------------------------

async def in_process(path: Path, found: list[Table], moves: int, settings: Settings,
                     seed: int) -> dict[str, Any]:
    """State loads and moves timed through the service, on the database the bot has just
    used (nothing is announced: the service has nowhere to send notices)."""
    rng = random.Random(seed)
    started = time.perf_counter()
    store = await Storage.open(path)
    opened = time.perf_counter() - started
    try:
        started = time.perf_counter()
        await store.unannounced()
        unannounced = time.perf_counter() - started
        quiet = settings.model_copy(update={"render_workers": 0, "bot_delay": 0.0})
        service = MatchService(store, quiet, run_bots=False)
        loads: list[float] = []
        active = [m.id for m in await store.matches("active")]
        for match_id in rng.sample(active, min(len(active), max(moves, 20))):
            started = time.perf_counter()
            await service.state_of(match_id)
            loads.append((time.perf_counter() - started) * 1000)
        acts: list[float] = []
        for table in found * max(1, math.ceil(moves / max(1, len(found)))):
            if len(acts) >= moves:
                break
            match = await store.get_match(table.match_id)
            if match.status != "active":
                continue
            game = registry.get(match.game)
            state = await service.state_of(match.id)
            seats = await store.seats(match.id)
            actors = sorted(game.actors(state))
            if not actors or seats[actors[0]].user_id is None:
                continue
            seat = actors[0]
            action = game.bots()[game.default_bot()].choose(
                game.view(state, seat), game.legal_actions(state, seat), bot_rng(
                    match.seed, state.version, seat))
            started = time.perf_counter()
            result = await service.act(match.channel_id, seats[seat].user_id or 0, action)
            acts.append((time.perf_counter() - started) * 1000)
            assert result.ok, result.message
        await service.close()
    finally:
        await store.close()
    return {
        "load_ms_p50": round(percentile(loads, 50), 1),
        "load_ms_p95": round(percentile(loads, 95), 1),
        "act_ms_p50": round(percentile(acts, 50), 1),
        "act_ms_p95": round(percentile(acts, 95), 1),
        "open_ms": round(opened * 1000, 1),
        "unannounced_ms": round(unannounced * 1000, 1),
    }


async def run(args: argparse.Namespace) -> dict[str, Any]:
    catalog.load()
    settings = Settings()
    db, info = await database(args.finished, args.active, args.seed, settings, args.db)
    figures: dict[str, Any] = {"finished": args.finished, "active": args.active,
                               "cached": info["cached"], "build_s": info["build_s"]}
    figures.update(sizes(db))
    found = tables(db, min(args.active, max(3, args.moves // 2)), args.seed)
    if not found:
        raise SystemExit("no active game to play in (use --active 1 or more)")
    users = {u: user_name(u) for t in found for u in t.users}
    channels = [t.channel for t in found]
    workdir = Path(tempfile.mkdtemp(prefix="portolan-startup-"))
    try:
        empty = await start_bot(None, workdir / "empty", users, channels,
                                settings.snapshot_every)
        await empty.bot.stop()
        await empty.fake.stop()
        log(f"the bot on an empty database answered after {empty.ready_s:.2f} s")
        start = await start_bot(db, workdir / "bot", users, channels, settings.snapshot_every)
        fake, bot = start.fake, start.bot
        log(f"the bot on {figures['db_mb']} MB answered after {start.ready_s:.2f} s")
        try:
            moves = await play_moves(fake, found, args.moves, args.seed)
        finally:
            await bot.stop()
            await fake.stop()
        text = bot.log()
        if bot.returncode != 0 or "Traceback" in text:
            raise SystemExit(f"the bot failed (exit {bot.returncode}); its log:\n{text[-4000:]}")
        if fake.problems:
            raise SystemExit("payloads Discord would refuse:\n" + "\n".join(fake.problems[:20]))
        figures.update({
            "ready_s": round(start.ready_s, 2),
            "connected_s": round(start.connected_s, 2),
            **start.phases(),
            "ready_empty_s": round(empty.ready_s, 2),
            "setup_empty_s": empty.phases()["setup_s"],
            "catch_up_s": logged_catch_up(text),
            "moves": len(moves.answers),
            "refused": moves.refused,
            "move_ms_p50": round(percentile(moves.answers, 50), 1),
            "move_ms_p95": round(percentile(moves.answers, 95), 1),
            "move_ack_ms_p50": round(percentile(moves.acks, 50), 1),
            "first_board_move_ms": round(moves.boards[0], 1) if moves.boards else None,
            "board_move_ms_p50": round(percentile(moves.boards[1:], 50), 1)
            if len(moves.boards) > 1 else None,
        })
        figures.update(await in_process(workdir / "bot" / "portolan.sqlite3", found,
                                        args.moves, settings, args.seed))
    finally:
        if args.keep:
            log(f"kept the bot's database and log in {workdir / 'bot'}")
        else:
            shutil.rmtree(workdir, ignore_errors=True)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--finished", type=int, default=5000, help="finished games")
    parser.add_argument("--active", type=int, default=500, help="games being played")
    parser.add_argument("--moves", type=int, default=50, help="moves timed through Discord")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", type=Path, help="where the built database is kept (default: "
                        "var/bench/, named after the parameters); rebuilt if they differ")
    parser.add_argument("--keep", action="store_true",
                        help="keep the copy of the database the bot ran on, and its log")
    parser.add_argument("--json", action="store_true", help="print one line of JSON")
    args = parser.parse_args()
    if args.finished < 1 or args.active < 1:
        parser.error("--finished and --active must be 1 or more")
    figures = asyncio.run(run(args))
    if args.json:
        print(json.dumps(figures))
    else:
        for name, value in figures.items():
            print(f"{name:>22}: {value}")


if __name__ == "__main__":
    main()
