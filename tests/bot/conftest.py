from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.notices import Notice
from bot.service import MatchService
from bot.settings import Settings
from bot.storage import Storage


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


class Harness:
    """A real service on a real SQLite file, recording every notice it sends."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.clock = Clock()
        self.notices: list[Notice] = []
        # every notice is handed over as it is made (tests/bot/test_turn_batching.py gathers)
        # seeds as given, so that each test plays the same game every run
        self.settings = Settings(bot_delay=0, snapshot_every=5, render_workers=0, bot_workers=0,
                                 bot_think_seconds=0.02,
                                 turn_batch_seconds=0, mix_seeds=False,
                                 _env_file=None)  # type: ignore[call-arg]
        self.storage: Storage | None = None
        self.service: MatchService | None = None

    async def open(self) -> MatchService:
        self.storage = await Storage.open(self.path, clock=self.clock)
        self.service = MatchService(self.storage, self.settings, self.record, clock=self.clock)
        return self.service

    async def record(self, notice: Notice) -> None:
        self.notices.append(notice)

    async def restart(self) -> MatchService:
        assert self.service is not None and self.storage is not None
        await self.service.idle()
        await self.storage.close()
        return await self.open()

    async def close(self) -> None:
        if self.service is not None:
            await self.service.idle()
        if self.storage is not None:
            await self.storage.close()


@pytest.fixture
async def harness(tmp_path: Path) -> AsyncIterator[Harness]:
    h = Harness(tmp_path / "portolan.sqlite3")
    await h.open()
    yield h
    await h.close()
