"""Two bot processes sharing one PostgreSQL database, each running half of four gateway shards
(``PORTOLAN_SHARDS=0-1/4`` and ``2-3/4``), against the fake Discord with a guild on every
shard: each plays its own guilds' games, one is SIGKILLed and started again while the other
plays on, a deadline of the killed one's guild waits for it (the other never fires it), and
nothing is lost or doubled, in the database or in the channels."""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import Storage
from tests.e2e.conftest import ANNA, BEN, USERS, stopped_cleanly
from tests.e2e.table import DONE, movers, public, settle
from tests.e2e.test_games import open_game
from tests.fakediscord import BotProcess, FakeDiscord, Person
from tests.pg import PostgresBackend, require_server

SHARDS = 4
# a guild on each shard: Discord puts guild g on shard (g >> 22) % count
GUILDS = {shard: ((100 + shard) << 22) + 7 for shard in range(SHARDS)}
CHANNELS = {shard: 6000 + shard for shard in range(SHARDS)}
WAITED = "the turn deadline has passed; the game waits"


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    server = FakeDiscord(users=USERS, channels=(CHANNELS[0],), guild_id=GUILDS[0],
                         shards=SHARDS, max_concurrency=SHARDS,
                         guilds={GUILDS[s]: (CHANNELS[s],) for s in range(1, SHARDS)})
    await server.start()
    yield server
    await server.stop()
    assert server.problems == [], "\n".join(server.problems)


def bot_process(fake: FakeDiscord, folder: Path, shards: str, url: str) -> BotProcess:
    return BotProcess(fake, folder, env={
        "PORTOLAN_SHARDS": shards, "PORTOLAN_DB": url,
        "PORTOLAN_RENDER_WORKERS": "0", "PORTOLAN_BOT_WORKERS": "0",
        "PORTOLAN_TURN_BATCH_SECONDS": "0"})  # every move posted at once


def pair(fake: FakeDiscord, shard: int) -> list[Person]:
    return [Person(fake, ANNA, CHANNELS[shard]), Person(fake, BEN, CHANNELS[shard])]


async def move(people: list[Person]) -> None:
    (person, choices), *_ = await movers(people)
    done = await person.slash("move", action=choices[0]["value"])
    assert done.text.startswith(DONE), done.text


async def test_two_processes_split_the_shards_and_survive_a_sigkill(
        fake: FakeDiscord, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    url = await require_server(request).new_database()
    await (await Storage.open(url)).close()  # migrated once, before either starts
    db = PostgresBackend(url)
    first = bot_process(fake, tmp_path / "first", "0-1/4", url)
    second = bot_process(fake, tmp_path / "second", "2-3/4", url)
    await asyncio.gather(first.start(), second.start())
    assert fake.live_shards().keys() == {0, 1, 2, 3}
    try:
        tables = {shard: pair(fake, shard) for shard in range(SHARDS)}
        for shard, (anna, ben) in tables.items():  # a game in every guild, a move in each
            await open_game(fake, anna, [ben], "ships", seed=70 + shard)
            await move(tables[shard])

        # a deadline in a guild of each process, both due while the first one is dead
        for shard in (1, 3):
            saved = await tables[shard][0].slash("game settings", turn_hours=0.0015)  # 5.4 s
            assert "Saved" in saved.text, saved.text
        set_at = time.monotonic()
        await first.kill()
        await move(tables[2])  # the other plays on
        await move(tables[3])
        await fake.wait_for(lambda: waited(fake, 3), timeout=20,
                            what="the second process's own deadline")
        while time.monotonic() < set_at + 5.4 + 2.5:  # two ticks past the first's deadline
            await asyncio.sleep(0.2)
        assert not waited(fake, 1), "a deadline was applied by a process not running its shard"

        await first.start()
        await fake.wait_for(lambda: waited(fake, 1), timeout=20,
                            what="the restarted process applying its deadline")
        for shard in range(SHARDS):
            await move(tables[shard])
        for shard in range(SHARDS):
            await tables[shard][0].slash("game settings", turn_hours=0.0)
        for shard in range(SHARDS):
            await settle(fake, CHANNELS[shard], quiet=0.3)

        # nothing lost: every move stored and announced; nothing doubled: one board per
        # version, each deadline told once, no action stored twice
        rows = await db.rows("SELECT guild_id, version, announced FROM matches ORDER BY id")
        assert [r[0] for r in rows] == [GUILDS[s] for s in range(SHARDS)]
        for (guild, version, announced), shard in zip(rows, range(SHARDS), strict=True):
            assert announced == version, (guild, version, announced)
            moves = 3 if shard in (2, 3) else 2
            assert version == moves, (shard, version)
        counts = await db.rows("SELECT match_id, count(*), count(DISTINCT seq), max(seq)"
                               " FROM actions GROUP BY match_id ORDER BY match_id")
        assert all(n == distinct == top for _, n, distinct, top in counts), counts
        for shard in range(SHARDS):
            posted = public(fake, CHANNELS[shard])
            boards = Counter(a.filename for m in posted for a in m.attachments
                             if a.filename.endswith(".png"))
            assert boards and max(boards.values()) == 1, boards
            assert sum(WAITED in m.content for m in posted) == (shard in (1, 3)), shard
        assert fake.repeated_nonces == []
        # (what the killed process had logged may be lost with it: at least the restart's)
        assert "shards 0,1 of 4" in first.log() and "shards 2,3 of 4" in second.log()
    finally:
        await stopped_cleanly(second)
        await first.stop()
    assert first.returncode == 0 and "Traceback" not in first.log(), first.log()[-3000:]


def waited(fake: FakeDiscord, shard: int) -> bool:
    return any(WAITED in m.content for m in public(fake, CHANNELS[shard]))
