"""End to end: the real bot process against the fake Discord (tests/fakediscord).

``fake`` is the server, on a free local port, with three players and a spectator in one guild;
``bot`` is ``python -m bot run`` pointed at it, started and connected. Every test ends by
checking that the bot sent Discord nothing it would have refused (its limits and its OpenAPI
description) and that the fake answered nothing Discord's description does not allow.

Modules whose tests are not about start-up, shutdown, restarts or timing share one fake and
one bot process for all their tests (``shared_fake``, ``shared_bot``: see :class:`Table`); each
test still gets channels and people of its own, so no game of an earlier test is in its way.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import pytest_asyncio

from tests.fakediscord import BotProcess, FakeDiscord, Person
from tests.fakediscord.process import alive

TABLE, OTHER_TABLE = 555, 556
ANNA, BEN, CLARA, DORA, SPECTATOR = 2001, 2002, 2003, 2004, 2009
USERS = {ANNA: "Anna", BEN: "Ben", CLARA: "Clara", DORA: "Dora", SPECTATOR: "Sam"}
SHARED_TABLES = 40  # the most tests one module may run against a shared bot
SPARE_CHANNELS = tuple(range(10_001, 10_001 + 2 * SHARED_TABLES))


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
    await stopped_cleanly(process)


async def stopped_cleanly(process: BotProcess) -> None:
    """SIGTERM; the bot and its board workers must end cleanly, with no traceback logged."""
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


# --- one fake and one bot process for a whole module ---------------------------------------
# A module using these marks its tests ``pytest.mark.asyncio(loop_scope="module")`` and
# ``pytest.mark.usefixtures("table")``; its async function-scoped fixtures take
# ``loop_scope="module"`` too, as everything must run on the loop the fake's server runs on.
@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def shared_fake() -> AsyncIterator[FakeDiscord]:
    server = FakeDiscord(users=USERS, channels=(TABLE, OTHER_TABLE, *SPARE_CHANNELS),
                         admins=(DORA,))
    await server.start()
    yield server
    await server.stop()
    assert server.problems == [], ("payloads Discord would refuse, or answers it would not "
                                   "give:\n" + "\n".join(server.problems))


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def shared_bot(shared_fake: FakeDiscord,
                     tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[BotProcess]:
    process = BotProcess(shared_fake, tmp_path_factory.mktemp("shared") / "bot")
    await process.start()
    yield process
    await stopped_cleanly(process)  # at the end of the module


@dataclass
class Table:
    """One test's own part of the shared fake: two channels (``here``, where its game is
    played, and ``there``, another table) and five people of its own (so DMs, seats and
    names of other tests are not theirs), named and with rights as in :data:`USERS`."""

    fake: FakeDiscord
    here: int
    there: int
    people: dict[str, Person]
    ids: dict[int, int]  # USERS' id -> this table's id for that person

    def at(self, person: Person, channel: int) -> Person:
        return Person(self.fake, person.id, channel)


@pytest.fixture(scope="module")
def tables_given() -> Iterator[int]:
    """Numbers the tables of one module's tests: 0, 1, 2, ..."""
    return itertools.count()


@pytest.fixture
def table(shared_fake: FakeDiscord, shared_bot: BotProcess,
          tables_given: Iterator[int]) -> Iterator[Table]:
    """Channels and people no other test uses; after the test, the shared bot must still run,
    and neither its log nor the fake may have grown a problem during this test."""
    fake = shared_fake
    n = next(tables_given)
    assert n < SHARED_TABLES, "more tests than SHARED_TABLES in one module: raise it"
    here, there = SPARE_CHANNELS[2 * n], SPARE_CHANNELS[2 * n + 1]
    ids = {uid: uid + 1000 * (n + 1) for uid in USERS}  # 2001 -> 3001, 4001, ...
    for uid, name in USERS.items():
        fake.users[ids[uid]] = name
    fake.admins.add(ids[DORA])
    people = {name.lower(): Person(fake, ids[uid], here) for uid, name in USERS.items()}
    log_before, problems_before = len(shared_bot.log()), len(fake.problems)
    yield Table(fake, here, there, people, ids)
    assert shared_bot.returncode is None, ("the shared bot process ended during this test:\n"
                                           + shared_bot.log()[log_before:][-3000:])
    grown = shared_bot.log()[log_before:]
    assert "Traceback" not in grown, f"the bot logged a traceback during this test:\n{grown}"
    new = fake.problems[problems_before:]
    assert new == [], ("payloads Discord would refuse, or answers it would not give, during "
                       "this test:\n" + "\n".join(new))


# The modules whose tests time what the bot does (deadlines, the 3-second acknowledgement, rate
# limits, restarts and the turn's running message): under ``make test`` they run one after
# another on one pytest-xdist worker, one bot process at a time. Each other end-to-end module
# (its own games, hostile input, a bench's tiny run) times nothing, and goes whole (so that its
# tests share one bot process) to whichever worker is free.
TIMED = {"test_faults", "test_survival", "test_turn_posts", "test_shards", "test_after_game"}


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Under ``make test`` (pytest-xdist, ``--dist loadgroup``) the timed end-to-end tests
    (``TIMED``) are one group, run on one worker. All the end-to-end tests come first: the
    group is the longest piece of work, and the others mostly wait on the bot, so they overlap
    best with the tests that only compute, and the run ends about when the group does. The
    marks are set before pytest-xdist reads them (``tryfirst``): after, they group nothing."""
    here = Path(__file__).parent
    e2e = [item for item in items if here in Path(str(item.fspath)).parents]
    for item in e2e:
        module = Path(str(item.fspath)).stem
        item.add_marker(pytest.mark.xdist_group("e2e" if module in TIMED else f"e2e-{module}"))
    chosen = set(map(id, e2e))
    items[:] = e2e + [item for item in items if id(item) not in chosen]
