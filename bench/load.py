"""Load benchmark: N games at once through the fake Discord, against the real bot process.

Run from the repository root: ``python bench/load.py --games 50 [--players 3] [--actions 20]
[--think 1.0] [--game ships|ocean_trader|empires|mix] [--bots K] [--bot strong|easy|random]
[--db PATH_OR_URL] [--processes N] [--json]``.

The fake Discord of the end-to-end tests (``tests/fakediscord``) runs in this process; the bot
runs as ``python -m bot run`` in another, with a fresh database (``--db``: a new SQLite file,
or an empty PostgreSQL database as ``postgresql://...``, whose matches are deleted again at
the end). ``--processes N`` runs N bot processes on one PostgreSQL database, each running one
of N gateway shards (``PORTOLAN_SHARDS=k/N``), with the games spread over a guild on each
shard. Each game has its own channel and ``--players`` players. A player's move is what a
person does: ask /move's autocomplete, pick one, send /move; then wait ``--think`` seconds
(0: as fast as the bot answers). With ``--bots K``, K more seats of each game are bots of the
kind ``--bot`` names, thinking in the bot's worker process while the people play, so the
figures show whether their thinking holds up answers to people. Figures:

- ``ack_ms_p50/p95/p99``: INTERACTION_CREATE sent to the bot's first callback received;
- ``posts_per_turn`` / ``edits_per_turn``: messages everyone sees created (and edited) in the
  game channels per turn that ended with its board
- ``post_ms_p50/p95``: the /move that ended a turn sent to its board image posted in the channel
  (engine, commit, render, upload, in the bot; measured here, on the same clock);
- ``actions_per_s``: people's moves accepted per second over the whole run;
- ``bot_moves``: moves the bot seats made meanwhile (actions in the database, less people's);
- ``rss_mb``: peak resident memory (VmHWM) of the bot processes and their board workers;
- ``rate_limited_global``/``_channel``: 429s the fake gave for Discord's usual limits (50
  requests a second per bot, 5 messages per 5 s per channel); discord.py waits them out.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import asyncpg  # noqa: E402

from bot.storage import Storage  # noqa: E402
from bot.storage.postgres import is_url  # noqa: E402
from tests.fakediscord import BotProcess, FakeDiscord, Person  # noqa: E402

GAMES = ("ships", "ocean_trader", "empires")
FIRST_CHANNEL, FIRST_USER = 10_000, 20_000
UNDO = "Undo your last action"


def percentile(samples: list[float], pct: int) -> float:
    if not samples:
        return 0.0
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(pct / 100 * (len(ordered) - 1)))]


class Table:
    """One game: its channel, its players, and when each of its moves was sent."""

    def __init__(self, fake: FakeDiscord, index: int, game: str, players: int,
                 bots: int = 0, bot: str = "strong") -> None:
        self.channel = FIRST_CHANNEL + index
        self.game = game
        self.bots, self.bot = bots, bot
        self.players = [Person(fake, FIRST_USER + players * index + k, self.channel)
                        for k in range(players)]
        self.moves_sent: list[float] = []
        self.accepted = 0

    async def open(self, seed: int) -> None:
        host, *guests = self.players
        await host.slash("game new", game=self.game, seed=seed, timeout=120)
        for guest in guests:
            await guest.slash("game join", timeout=120)
        for _ in range(self.bots):
            await host.slash("game addbot", bot=self.bot, timeout=120)
        await host.slash("game start", timeout=120)

    async def play(self, actions: int, think: float, rng: random.Random) -> None:
        for _ in range(actions):
            person, choices = await self._someone_to_move()
            if person is None:
                return  # the game is over (or waits on a clock): nothing more to do here
            self.moves_sent.append(time.monotonic())
            reply = await person.slash("move", action=rng.choice(choices)["value"],
                                       timeout=120)
            self.accepted += reply.text.startswith("Done.")
            if think:
                await asyncio.sleep(think * (0.5 + rng.random()))


    async def _someone_to_move(self) -> tuple[Person | None, list[dict[str, str]]]:
        """A person who may move now and their moves; while bots play, this waits for them
        (up to a minute)."""
        for _ in range(120 if self.bots else 1):
            for person in self.players:
                choices = [c for c in await person.autocomplete("move", "action")
                           if c["name"] != UNDO]
                if choices:
                    return person, choices
            if self.bots:
                await asyncio.sleep(0.5)
        return None, []


def post_times(fake: FakeDiscord, table: Table) -> list[float]:
    """For each board posted after a move: the time since that move was sent."""
    found = []
    for board in fake.boards(table.channel):
        before = [t for t in table.moves_sent if t <= board.created]
        if before:
            found.append((board.created - before[-1]) * 1000)
    return found


def channel_posts(fake: FakeDiscord, table: Table, since: float) -> tuple[int, int, int]:
    """(messages everyone sees that were posted, edits made to them, turns completed) in the
    table's channel since ``since``; a completed turn is one that ended with its board."""
    public = [m for m in fake.channel(table.channel) if not m.ephemeral and m.created >= since]
    turns = sum(1 for m in fake.boards(table.channel) if m.created >= since)
    return len(public), sum(m.edits for m in public), turns


def peak_rss_mb(pid: int) -> float:
    """Peak resident memory (VmHWM) of one process, in MB."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


async def actions_stored(db: Path | str) -> int:
    """People's and bots' moves in the database (finished games' logs are archived: their
    versions count them)."""
    sql = "SELECT COALESCE(SUM(version), 0) FROM matches"
    if is_url(db):
        conn = await asyncpg.connect(str(db))
        try:
            return int(await conn.fetchval(sql))
        finally:
            await conn.close()
    with sqlite3.connect(db) as raw:
        return int(raw.execute(sql).fetchone()[0])


async def empty_database(url: str) -> None:
    """Migrates the PostgreSQL database (once, before any bot starts) and checks it holds no
    games."""
    await (await Storage.open(url)).close()
    conn = await asyncpg.connect(url)
    try:
        if await conn.fetchval("SELECT count(*) FROM matches"):
            raise SystemExit("--db: give an empty database (this one holds matches)")
    finally:
        await conn.close()


async def delete_games(url: str) -> None:
    conn = await asyncpg.connect(url)
    try:
        await conn.execute("DELETE FROM ratings")
        await conn.execute("DELETE FROM matches")  # the rest follows by ON DELETE CASCADE
    finally:
        await conn.close()


def guild_on(shard: int, shards: int) -> int:
    """A guild id Discord's rule puts on ``shard`` of ``shards``."""
    return ((100 * shards + shard) << 22) + 1


async def run(games: int, players: int, actions: int, think: float, game: str,
              seed: int, bots: int = 0, bot_kind: str = "strong", db: str | None = None,
              processes: int = 1) -> dict[str, float | str]:
    users = {FIRST_USER + i: f"Player{i}" for i in range(players * games)}
    channels = [FIRST_CHANNEL + i for i in range(games)]
    guilds = {guild_on(s, processes): tuple(channels[s::processes]) for s in range(processes)}
    main = guild_on(0, processes)
    fake = FakeDiscord(users=users, channels=guilds.pop(main), guild_id=main,
                       rate_limits=True, shards=processes, max_concurrency=processes,
                       guilds=guilds)
    await fake.start()
    workdir = Path(tempfile.mkdtemp(prefix="portolan-load-"))
    target: Path | str = db if db is not None else workdir / "bot0" / "portolan.sqlite3"
    if is_url(target):
        await empty_database(str(target))
    elif Path(target).exists():
        raise SystemExit(f"--db: {target} exists; give a new file")
    env = {"PORTOLAN_DB": str(target)}
    bots_running = [BotProcess(fake, workdir / f"bot{k}", env={
        **env, **({"PORTOLAN_SHARDS": f"{k}/{processes}"} if processes > 1 else {})})
        for k in range(processes)]
    await asyncio.gather(*(b.start() for b in bots_running))
    try:
        tables = [Table(fake, i, GAMES[i % 3] if game == "mix" else game, players, bots,
                        bot_kind) for i in range(games)]
        await asyncio.gather(*(t.open(seed + i) for i, t in enumerate(tables)))
        started = time.monotonic()
        await asyncio.gather(*(t.play(actions, think, random.Random(seed + i))
                               for i, t in enumerate(tables)))
        await asyncio.sleep(2.0)  # the last boards
        elapsed = time.monotonic() - started
        rss = 0.0
        for bot in bots_running:  # the bots and their board workers
            assert bot.process is not None
            rss += sum(peak_rss_mb(pid) for pid in (bot.process.pid, *bot.children()))
        stored = await actions_stored(target)
    finally:
        await asyncio.gather(*(b.stop() for b in bots_running))
        await fake.stop()
        if is_url(target):
            await delete_games(str(target))
    if fake.problems:
        raise SystemExit("payloads Discord would refuse:\n" + "\n".join(fake.problems[:20]))
    acks = [i.ack_ms for i in fake.interactions.values() if i.ack_ms is not None]
    late = sum(1 for i in fake.interactions.values() if i.ack_ms is None)
    posts = [ms for t in tables for ms in post_times(fake, t)]
    moves = sum(t.accepted for t in tables)
    counted = [channel_posts(fake, t, started) for t in tables]
    turns = sum(c[2] for c in counted) or 1
    return {
        "games": games, "players": players, "bots": bots, "bot": bot_kind if bots else "",
        "db": "postgresql" if is_url(target) else "sqlite", "processes": processes,
        "interactions": len(fake.interactions),
        "unanswered": late,
        "rate_limited_global": sum(r.startswith("global") for r in fake.rate_limited),
        "rate_limited_channel": sum(r.startswith("channel") for r in fake.rate_limited),
        "ack_ms_p50": round(percentile(acks, 50), 1),
        "ack_ms_p95": round(percentile(acks, 95), 1),
        "ack_ms_p99": round(percentile(acks, 99), 1),
        "ack_ms_max": round(max(acks, default=0.0), 1),
        "post_ms_p50": round(percentile(posts, 50), 1),
        "post_ms_p95": round(percentile(posts, 95), 1),
        "boards": len(posts),
        # channel messages created and edited per completed turn (goal: at most 2 posts)
        "posts_per_turn": round(sum(c[0] for c in counted) / turns, 2),
        "edits_per_turn": round(sum(c[1] for c in counted) / turns, 2),
        "actions": moves,
        "actions_per_s": round(moves / elapsed, 2),
        "bot_moves": stored - moves,
        "rss_mb": round(rss, 1),
        "seconds": round(elapsed, 1),
        "mean_board_kb": round(statistics.fmean(
            [len(m.attachments[0].data) / 1024 for t in tables for m in fake.boards(t.channel)]
            or [0.0]), 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10, help="concurrent games")
    parser.add_argument("--players", type=int, default=3, choices=range(2, 5),
                        help="players in each game (2-4: every game takes them)")
    parser.add_argument("--actions", type=int, default=20, help="moves per game")
    parser.add_argument("--think", type=float, default=1.0,
                        help="mean seconds a player waits between moves (0: none)")
    parser.add_argument("--game", default="mix", choices=(*GAMES, "mix"))
    parser.add_argument("--bots", type=int, default=0, choices=range(0, 3),
                        help="bot seats in each game, besides the players")
    parser.add_argument("--bot", default="strong", choices=("strong", "easy", "random"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", help="a new SQLite file (default: one in a temporary "
                        "folder), or an empty PostgreSQL database as postgresql://...")
    parser.add_argument("--processes", type=int, default=1, choices=range(1, 9),
                        help="bot processes, each running one of as many shards "
                        "(more than one needs --db postgresql://...)")
    parser.add_argument("--json", action="store_true", help="end with one line of JSON")
    args = parser.parse_args()
    if args.players + args.bots > 4:
        parser.error("at most 4 seats in all (--players and --bots)")
    if args.processes > 1 and not is_url(args.db):
        parser.error("--processes above 1 needs --db postgresql://... (one database for all)")
    if args.processes > args.games:
        parser.error("--processes: at most one per game")
    figures = asyncio.run(run(args.games, args.players, args.actions, args.think, args.game,
                              args.seed, args.bots, args.bot, args.db, args.processes))
    if args.json:
        print(json.dumps(figures))
    else:
        for name, value in figures.items():
            print(f"{name:>16}: {value}")


if __name__ == "__main__":
    main()
