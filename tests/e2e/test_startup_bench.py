"""bench/startup.py builds its database, starts the bot on it and prints its figures (a tiny
run; no timing is asserted beyond being plausible)."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import sys
import zlib
from contextlib import closing
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
EPOCH = 1735689600  # the built history ends here
FIGURES = {"ready_s", "connected_s", "ready_empty_s", "catch_up_s", "db_mb", "actions_mb",
           "snapshots_mb", "archive_mb", "kb_per_finished_match", "move_ms_p50", "move_ms_p95",
           "move_ack_ms_p50", "load_ms_p50", "load_ms_p95", "act_ms_p50", "act_ms_p95",
           "build_s", "cached"}


async def bench(db: Path) -> dict[str, Any]:
    process = await asyncio.create_subprocess_exec(
        sys.executable, "bench/startup.py", "--finished", "20", "--active", "5", "--moves", "6",
        "--db", str(db), "--json", cwd=ROOT, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(process.communicate(), 180)
    assert process.returncode == 0, err.decode()[-3000:]
    figures: dict[str, Any] = json.loads(out.decode().strip().splitlines()[-1])
    return figures


async def test_startup_bench_builds_its_database_and_prints_its_figures(tmp_path: Path) -> None:
    db = tmp_path / "built.sqlite3"
    figures = await bench(db)
    assert FIGURES <= figures.keys()
    assert figures["cached"] is False and figures["finished"] == 20 and figures["active"] == 5
    assert figures["moves"] == 6 and figures["refused"] == 0
    for name in ("ready_s", "connected_s", "ready_empty_s"):
        assert 0 < figures[name] < 120, (name, figures)
    assert figures["connected_s"] <= figures["ready_s"]
    assert 0 < figures["move_ack_ms_p50"] <= figures["move_ms_p50"]
    assert figures["move_ms_p50"] <= figures["move_ms_p95"]
    assert figures["catch_up_s"] is None or figures["catch_up_s"] >= 0
    assert 0 < figures["db_mb"] < 50
    assert 0 < figures["archive_mb"] < figures["db_mb"]
    assert figures["actions_mb"] + figures["snapshots_mb"] + figures["archive_mb"] \
        <= figures["db_mb"] + 0.2
    assert 5 < figures["kb_per_finished_match"] < 2000
    assert figures["load_ms_p50"] > 0 and figures["act_ms_p50"] > 0

    # the database is what was asked for, and the bot ran on a copy of it
    with closing(sqlite3.connect(db)) as raw:
        counts = dict(raw.execute("SELECT status, count(*) FROM matches GROUP BY status"))
        games = {g for (g,) in raw.execute("SELECT DISTINCT game FROM matches")}
        moved = raw.execute("SELECT count(*) FROM actions WHERE created_at > ?", (EPOCH,))
        assert moved.fetchone()[0] == 0  # nothing written after the built history ends
        # every match announced up to its version: nothing for a start to catch up on
        behind = raw.execute("SELECT count(*) FROM matches WHERE announced <> version")
        assert behind.fetchone()[0] == 0
        # a finished match's log is its archived row (whole, in its own times), an active
        # one's its action rows
        logs = raw.execute(
            "SELECT m.status, m.version, m.created_at, m.finished_at, a.entries,"
            " (SELECT count(*) FROM actions x WHERE x.match_id = m.id),"
            " (SELECT count(*) FROM snapshots s WHERE s.match_id = m.id)"
            " FROM matches m LEFT JOIN archived_logs a ON a.match_id = m.id").fetchall()
    for status, version, created, finished, archived, actions, snapshots in logs:
        if status == "active":
            assert archived is None and actions == version and snapshots >= 1
            continue
        entries = json.loads(zlib.decompress(archived))
        assert actions == 0 and snapshots == 1
        assert [e[0] for e in entries] == list(range(1, version + 1))
        assert created <= entries[0][4] <= entries[-1][4] <= finished < EPOCH
    assert counts == {"finished": 20, "active": 5}
    assert games == {"ships", "ocean_trader", "empires"}
