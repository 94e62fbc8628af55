"""Boards drawn in worker processes: the same bytes as in a thread, and a dead worker costs
nothing but a fresh pool."""

from __future__ import annotations

import os
import signal

from bot.painter import BoardPainter
from render import catalog
from render.ships.sample import sample_view

NAMES = ["Ann", "Ben", "Cleo", "Dev"]


async def test_a_worker_draws_the_same_board_as_a_thread() -> None:
    view = sample_view()
    painter = BoardPainter(1)
    try:
        drawn = await painter.draw("ships", view, NAMES)
        assert painter._pool is not None and painter._pool._processes  # type: ignore[attr-defined]
    finally:
        await painter.close()
    assert drawn == catalog.draw("ships", view, NAMES)


async def test_a_killed_worker_is_replaced_and_the_board_still_comes() -> None:
    view = sample_view()
    painter = BoardPainter(1)
    try:
        first = await painter.draw("ships", view, NAMES)
        pool = painter._pool
        assert pool is not None
        for pid in list(pool._processes):  # type: ignore[attr-defined]
            os.kill(pid, signal.SIGKILL)
        again = await painter.draw("ships", view, NAMES)  # drawn in a thread this once
        assert again == first
        third = await painter.draw("ships", view, NAMES)
        assert third == first and painter._pool is not pool
    finally:
        await painter.close()


async def test_no_workers_means_a_thread() -> None:
    painter = BoardPainter(0)
    assert await painter.draw("ships", sample_view(), NAMES)
    assert painter._pool is None
