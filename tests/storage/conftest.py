"""Fixtures for storage tests: a controllable clock, and a real database of each backend (a
SQLite file under ``tmp_path``; a PostgreSQL database on the throwaway server of tests/pg.py).
``storage`` and ``backend`` run a test once per backend; ``db_path`` is for tests of what only
SQLite has (its file, its pragmas, its query plans)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import Storage
from tests.pg import BACKENDS, Backend, backend_for

from .helpers import FakeClock


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "portolan.sqlite3"


@pytest.fixture(params=BACKENDS)
async def backend(request: pytest.FixtureRequest, db_path: Path) -> Backend:
    return await backend_for(request, request.param, db_path)


@pytest.fixture
async def storage(backend: Backend, clock: FakeClock) -> AsyncIterator[Storage]:
    store = await Storage.open(backend.target, clock=clock)
    try:
        yield store
    finally:
        await store.close()
