"""Storage benchmark: how long an action takes to commit, and how fast matches come back.

Run from the repository root:
``python bench/storage.py [--actions N] [--matches M] [--db PATH_OR_URL] [--json]``.
Without ``--db`` it works on a real file in a temporary directory, so the figures include
SQLite's WAL writes (``synchronous=NORMAL``: no fsync per commit) and aiosqlite's thread hop,
as the bot sees them. ``--db postgresql://...`` measures a PostgreSQL database instead (an
empty one: the benchmark's matches are deleted again at the end), network round trips and the
server's own durability settings included.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.storage import Storage  # noqa: E402
from bot.storage.db import execute, fetchone  # noqa: E402
from bot.storage.postgres import is_url  # noqa: E402

SNAPSHOT_EVERY = 20
SEATS = 4


def payload(rng: random.Random, size: int) -> str:
    """Printable filler of ``size`` characters (varied, so nothing compresses it away)."""
    return "".join(rng.choices("abcdefghijklmnopqrstuvwxyz0123456789", k=size))


def percentile(samples: list[float], pct: int) -> float:
    """The ``pct``-th percentile (inclusive method: a single sample is every percentile)."""
    if len(samples) == 1:
        return samples[0]
    return statistics.quantiles(samples, n=100, method="inclusive")[pct - 1]


async def commit_phase(path: Path | str, actions: int, matches: int,
                       rng: random.Random) -> list[float]:
    """Starts ``matches`` matches, appends ``actions`` actions round-robin over them (~2 KB
    of action and events each, a ~8 KB snapshot every 20th version); returns each append's
    latency in milliseconds."""
    store = await Storage.open(path)
    try:
        ids = []
        for channel in range(1, matches + 1):
            match = await store.create_match(
                channel_id=channel,
                guild_id=1,
                game="bench",
                options={"size": "large"},
                seed=channel,
                host_id=channel * 10,
                host_name="host",
                rules_version="1",
                settings={},
            )
            for bot in range(1, SEATS):
                await store.add_seat(match.id, user_id=None, name=f"bot{bot}", bot="random")
            state = json.dumps({"version": 0, "board": payload(rng, 8000)})
            await store.start_match(match.id, seat_order=list(range(SEATS)), state_json=state)
            ids.append(match.id)

        versions = dict.fromkeys(ids, 0)
        latencies: list[float] = []
        for n in range(actions):
            match_id = ids[n % len(ids)]
            version = versions[match_id]
            snapshot = None
            if (version + 1) % SNAPSHOT_EVERY == 0:
                snapshot = json.dumps({"version": version + 1, "board": payload(rng, 8000)})
            action = {"kind": "move", "route": payload(rng, 1000)}
            events = [{"type": "moved", "log": payload(rng, 500)} for _ in range(2)]
            started = time.perf_counter()
            versions[match_id] = await store.append_action(
                match_id,
                expected_version=version,
                seat=version % SEATS,
                action=action,
                events=events,
                snapshot_json=snapshot,
            )
            latencies.append((time.perf_counter() - started) * 1000)
        return latencies
    finally:
        await store.close()


async def restore_phase(path: Path | str) -> tuple[int, float, float, int]:
    """What a restarted bot does: open the file, then for every active match read the latest
    snapshot and the actions after it. Returns (matches, open seconds, restore seconds,
    actions read)."""
    started = time.perf_counter()
    store = await Storage.open(path)
    opened = time.perf_counter() - started
    try:
        started = time.perf_counter()
        replayed = 0
        active = await store.matches("active")
        for match in active:
            snapshot = await store.latest_snapshot(match.id)
            assert snapshot is not None
            json.loads(snapshot[1])
            replayed += len(await store.actions(match.id, after=snapshot[0]))
        return len(active), opened, time.perf_counter() - started, replayed
    finally:
        await store.close()


async def on_server(url: str, actions: int, matches: int, rng: random.Random
                    ) -> tuple[list[float], tuple[int, float, float, int], float]:
    """Both phases on a PostgreSQL database, which must hold no match; the benchmark's own
    matches are deleted afterwards (and their rows with them)."""
    store = await Storage.open(url)
    try:
        if await store.matches():
            raise SystemExit("--db: give an empty database (this one holds matches)")
    finally:
        await store.close()
    try:
        latencies = await commit_phase(url, actions, matches, rng)
        restored = await restore_phase(url)
        store = await Storage.open(url)
        try:
            row = await fetchone(store._conn, "SELECT pg_database_size(current_database())")
            size_mb = int(row[0]) / 1e6 if row else 0.0
        finally:
            await store.close()
    finally:
        store = await Storage.open(url)
        try:
            await execute(store._conn, "DELETE FROM matches WHERE game = 'bench'")
        finally:
            await store.close()
    return latencies, restored, size_mb


async def run(actions: int, matches: int, db: str | None = None) -> dict[str, float | int | str]:
    rng = random.Random(20240601)
    if db is not None and is_url(db):
        latencies, (restored, opened, elapsed, replayed), size_mb = await on_server(
            db, actions, matches, rng)
        backend, what = "postgresql", "database"
    else:
        with tempfile.TemporaryDirectory() as folder:
            path = Path(db) if db else Path(folder) / "bench.sqlite3"
            if path.exists():
                raise SystemExit(f"--db: {path} exists; give a new file")
            latencies = await commit_phase(path, actions, matches, rng)
            restored, opened, elapsed, replayed = await restore_phase(path)
            size_mb = sum(f.stat().st_size for f in path.parent.iterdir()
                          if f.name.startswith(path.name)) / 1e6
        backend, what = "sqlite", "file"

    p50, p95 = percentile(latencies, 50), percentile(latencies, 95)
    per_second = restored / elapsed if elapsed > 0 else float("inf")
    print(f"{backend} {what}: {size_mb:.1f} MB after {actions} actions over {matches} matches")
    print(
        f"commit latency: p50 {p50:.3f} ms, p95 {p95:.3f} ms, max {max(latencies):.3f} ms "
        f"(~2 KB action+events, snapshot every {SNAPSHOT_EVERY} versions)"
    )
    print(
        f"restore: {restored} matches in {elapsed * 1000:.1f} ms = {per_second:.0f} matches/s "
        f"({replayed} actions read after snapshots; open took {opened * 1000:.1f} ms)"
    )
    return {
        "backend": backend,
        "commit_ms_p50": round(p50, 4),
        "commit_ms_p95": round(p95, 4),
        "restore_matches_per_s": round(per_second, 1),
        "actions": actions,
        "matches": matches,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=5000, help="actions to append")
    parser.add_argument("--matches", type=int, default=100, help="matches to spread them over")
    parser.add_argument("--db", help="a new SQLite file, or an empty PostgreSQL database as "
                        "postgresql://user:pw@host/name (default: a temporary SQLite file)")
    parser.add_argument("--json", action="store_true", help="end with one line of JSON")
    args = parser.parse_args()
    if args.actions < 1 or args.matches < 1:
        parser.error("--actions and --matches must be at least 1")
    figures = asyncio.run(run(args.actions, args.matches, args.db))
    if args.json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
