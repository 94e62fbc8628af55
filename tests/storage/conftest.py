"""Fixtures for storage tests: real SQLite files under ``tmp_path`` and a controllable clock."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import Storage

from .helpers import FakeClock


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "portolan.sqlite3"


@pytest.fixture
async def storage(db_path: Path, clock: FakeClock) -> AsyncIterator[Storage]:
    store = await Storage.open(db_path, clock=clock)
    try:
        yield store
    finally:
        await store.close()
