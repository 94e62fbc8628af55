"""Helpers shared by the storage tests."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

from bot.storage import MatchRow, Storage


class FakeClock:
    """A clock that only moves when told to, plus a small tick per reading so that every
    timestamp is distinct (and an ordering bug shows up as a wrong value)."""

    def __init__(self, start: float = 1_700_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        self.now += 0.001
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


async def new_lobby(store: Storage, channel_id: int = 100, host_id: int = 1) -> MatchRow:
    """A lobby with only its host."""
    return await store.create_match(
        channel_id=channel_id,
        guild_id=7,
        game="ships",
        options={"board": "small", "ports": [1, 2]},
        seed=12345,
        host_id=host_id,
        host_name=f"host{host_id}",
        rules_version="1.0",
        settings={"turn_minutes": 60},
    )


async def new_active(store: Storage, channel_id: int = 100, players: int = 3) -> MatchRow:
    """A started match with ``players`` human seats (users 1..players), seat k = position k."""
    match = await new_lobby(store, channel_id=channel_id, host_id=1)
    for user in range(2, players + 1):
        await store.add_seat(match.id, user_id=user, name=f"user{user}")
    return await store.start_match(
        match.id, seat_order=list(range(players)), state_json='{"turn":0}'
    )


@contextmanager
def raw_database(path: Path) -> Iterator[sqlite3.Connection]:
    """A plain sqlite3 connection beside the one under test: commits on success, always
    closes."""
    with closing(sqlite3.connect(path)) as raw, raw:
        yield raw


def dump_database(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table, read through a separate plain connection: what is really
    committed, independent of the code under test."""
    with raw_database(path) as raw:
        names = [
            name
            for (name,) in raw.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
            )
        ]
        return {name: sorted(raw.execute(f"SELECT * FROM {name}").fetchall()) for name in names}
