from __future__ import annotations

import functools
import inspect
import re
import sys
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.notices import Notice
from bot.service import MatchService
from bot.settings import Settings
from bot.storage import Storage
from tests.pg import BACKENDS, backend_for


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


class Harness:
    """A real service on a real SQLite file, recording every notice it sends."""

    def __init__(self, path: str | Path) -> None:
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
async def harness(service_backend: str | Path) -> AsyncIterator[Harness]:
    h = Harness(service_backend)
    await h.open()
    yield h
    await h.close()


# --- both backends ---------------------------------------------------------------------------
# Every service test with a harness runs on SQLite and on PostgreSQL (tests/pg.py), except
# those that reach into the SQLite file itself (sqlite3, the writer connection, the
# module's raw(...)), directly or through a helper of their module: those stay on SQLite.

_SQLITE_ONLY = re.compile(r"\bsqlite3\b|\._conn\b|\braw\(")


def _reaches_into_sqlite(function: Callable[..., Any]) -> bool:
    source = inspect.getsource(function)
    return bool(_SQLITE_ONLY.search(source)) or any(
        re.search(rf"\b{name}\(", source)
        for name in _sqlite_helpers(function.__module__) if name != function.__name__)


@functools.cache
def _sqlite_helpers(module_name: str) -> tuple[str, ...]:
    """The functions of a test module that reach into the SQLite file (read once a module)."""
    module = sys.modules[module_name]
    return tuple(name for name, value in vars(module).items()
                 if inspect.isfunction(value) and value.__module__ == module_name
                 and _SQLITE_ONLY.search(inspect.getsource(value)))


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "service_backend" in metafunc.fixturenames:
        names = ["sqlite"] if _reaches_into_sqlite(metafunc.function) else list(BACKENDS)
        metafunc.parametrize("service_backend", names, indirect=True)


@pytest.fixture
async def service_backend(request: pytest.FixtureRequest, tmp_path: Path) -> str | Path:
    """Where the harness keeps its matches: a SQLite file, or a PostgreSQL database."""
    backend = await backend_for(request, request.param, tmp_path / "portolan.sqlite3")
    return backend.target
