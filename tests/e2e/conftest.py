"""End to end: the real bot process against the fake Discord (tests/fakediscord).

``fake`` is the server, on a free local port, with three players and a spectator in one guild;
``bot`` is ``python -m bot run`` pointed at it, started and connected. Every test ends by
checking that the bot sent Discord nothing it would have refused (its limits and its OpenAPI
description) and that the fake answered nothing Discord's description does not allow.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.fakediscord import BotProcess, FakeDiscord, Person
from tests.fakediscord.process import alive

TABLE, OTHER_TABLE = 555, 556
ANNA, BEN, CLARA, DORA, SPECTATOR = 2001, 2002, 2003, 2004, 2009
USERS = {ANNA: "Anna", BEN: "Ben", CLARA: "Clara", DORA: "Dora", SPECTATOR: "Sam"}


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    server = FakeDiscord(users=USERS, channels=(TABLE, OTHER_TABLE), admins=(DORA,))
    await server.start()
    yield server
    await server.stop()
    assert server.problems == [], ("payloads Discord would refuse, or answers it would not "
                                   "give:\n" + "\n".join(server.problems))


@pytest.fixture
async def bot(fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[BotProcess]:
    process = BotProcess(fake, tmp_path / "bot")
    await process.start()
    yield process
    workers = process.children()
    await process.stop()
    assert process.returncode == 0, process.log()  # SIGTERM closes cleanly
    assert "Portolan has stopped cleanly" in process.log(), process.log()[-3000:]
    await gone(workers)
    assert "Traceback" not in process.log(), process.log()


async def gone(pids: list[int], timeout: float = 5.0) -> None:
    """Waits until none of these processes runs any more."""
    deadline = asyncio.get_running_loop().time() + timeout
    while any(alive(p) for p in pids):
        assert asyncio.get_running_loop().time() < deadline, f"still running: {pids}"
        await asyncio.sleep(0.1)


@pytest.fixture
def people(fake: FakeDiscord) -> dict[str, Person]:
    return {name.lower(): Person(fake, uid, TABLE) for uid, name in USERS.items()}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Under ``make test`` (pytest-xdist, ``--dist loadgroup``) the end-to-end tests run on one
    worker, one after another: each starts a bot process and its board workers, and their
    timings (the 3-second acknowledgement, rate limits) assume no other bot beside them."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.xdist_group("e2e"))
