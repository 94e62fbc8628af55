"""bench/load.py still runs and prints its figures (a tiny run; no timing is asserted)."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIGURES = {"ack_ms_p50", "ack_ms_p95", "ack_ms_p99", "post_ms_p50", "post_ms_p95",
           "actions_per_s", "rss_mb", "posts_per_turn", "edits_per_turn"}


async def test_load_bench_prints_its_figures() -> None:
    process = await asyncio.create_subprocess_exec(
        sys.executable, "bench/load.py", "--games", "3", "--players", "2", "--actions", "3",
        "--think", "0",
        "--json", cwd=ROOT, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(process.communicate(), 180)
    assert process.returncode == 0, err.decode()[-3000:]
    figures = json.loads(out.decode().strip().splitlines()[-1])
    assert FIGURES <= figures.keys()
    assert figures["unanswered"] == 0 and figures["actions"] == 9
    assert figures["boards"] >= 1 and figures["rss_mb"] > 0
    assert figures["posts_per_turn"] >= 1  # a turn that ended posted its board, at least
