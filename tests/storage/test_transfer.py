"""``migrate-db``: a SQLite database with games of all three games in every state moves to
PostgreSQL whole, each match replayed there, and play goes on from the copy."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.service import MatchService
from bot.settings import Settings
from bot.storage import Storage
from bot.storage.transfer import TABLES, TransferError, migrate
from tests.pg import Backend, PostgresBackend, SqliteBackend, backend_for

GAMES = ("ships", "empires", "ocean_trader")
# one worker fills the source database once for the whole module
pytestmark = pytest.mark.xdist_group("migrate-db")
HOST = 1


def settings() -> Settings:
    # a turn deadline, so that deadlines are copied too; bots as quick as they come
    return Settings(bot_delay=0, snapshot_every=7, render_workers=0, bot_workers=0,
                    bot_think_seconds=0.02, turn_batch_seconds=0, mix_seeds=False, turn_hours=24,
                    _env_file=None)  # type: ignore[call-arg]


async def new_game(service: MatchService, channel: int, game: str, start: bool) -> int:
    match = await service.create(channel_id=channel, guild_id=5, game_id=game, host_id=HOST,
                                 host_name="Host", seed=channel)
    await service.add_bot(channel, HOST, "easy")
    if start:
        await service.start(channel, HOST)
        host = next(s.seat for s in await service.storage.seats(match.id) if s.user_id == HOST)
        assert host is not None
        await service.storage.replace_seat_with_bot(match.id, host, "easy")
    return match.id


async def fill(path: Path) -> dict[str, int]:
    """Of each game: a lobby, one in play (with its turn deadline), one finished, one aborted
    mid-game; and a match set aside. Returns match ids by name."""
    store = await Storage.open(path)
    service = MatchService(store, settings(), run_bots=False)
    ids: dict[str, int] = {}
    try:
        for k, game in enumerate(GAMES):
            base = 100 * (k + 1)
            ids[f"{game} lobby"] = await new_game(service, base, game, start=False)
            ids[f"{game} active"] = playing = await new_game(service, base + 1, game, start=True)
            await service.run_bot_turns(playing, delay=0, limit=9)
            version = (await store.get_match(playing)).version
            await store.set_deadline(playing, version=version, seats=[0], due_at=2e9,
                                     remind_at=1.9e9, turn=3)
            ids[f"{game} finished"] = done = await new_game(service, base + 2, game, start=True)
            if game == "ocean_trader":  # the shortest game is played to its end
                while await service.run_bot_turns(done, delay=0, limit=500):
                    pass
            else:  # the others end early, as a game whose players left may be ended
                await service.run_bot_turns(done, delay=0, limit=6)
                await store.finish_match(done, end_reason="abandoned", outcome={"winners": []},
                                         seats=[{"seat": 0}, {"seat": 1}])
            assert (await store.get_match(done)).status == "finished"
            ids[f"{game} aborted"] = aborted = await new_game(service, base + 3, game, True)
            await service.run_bot_turns(aborted, delay=0, limit=5)
            await service.abort(base + 3, HOST)
        ids["set aside"] = aside = await new_game(service, 900, "ships", start=True)
        await store.set_aside(aside, "a test")
        await store.mark_announced(ids["ships active"], 3)
        await store.record_delivery_problem(ids["ships active"], 4, "channel gone")
    finally:
        await service.close()
        await store.close()
    return ids


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, int]]:
    """One filled SQLite database for the module (copied, never written, by the tests)."""
    path = tmp_path_factory.mktemp("transfer") / "source.sqlite3"
    ids = asyncio.run(fill(path))
    return path, ids


@pytest.fixture
async def target(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    return await backend_for(request, "postgresql", tmp_path / "unused", fresh=True)


async def statuses(store: Storage) -> dict[int, str]:
    return {m.id: m.status for m in await store.matches()}


async def test_every_game_moves_and_play_goes_on(
        source: tuple[Path, dict[str, int]], target: Backend) -> None:
    path, ids = source
    before = await SqliteBackend(path).dump()
    out = io.StringIO()
    report = await migrate(path, target.target, out=out)
    assert report.ok, out.getvalue()
    assert report.replayed == 9  # in play, finished and aborted of each game
    assert [m for m, _ in report.not_replayed] == [ids["set aside"]]
    assert report.rows["matches"] == len(ids) and report.rows["archived_logs"] == 6
    assert report.rows["deadlines"] > 0 and report.rows["delivery_problems"] == 1
    assert await SqliteBackend(path).dump() == before  # the source is only read

    store = await Storage.open(target.target)
    service = MatchService(store, settings(), run_bots=False)
    try:
        assert set((await statuses(store)).values()) == {
            "lobby", "active", "finished", "aborted", "set_aside"}
        assert await store.announced(ids["ships active"]) == 3
        # its channel did not hear it (the problem came along): its bot seats wait, until a
        # post gets through
        assert await service.run_bot_turns(ids["ships active"], delay=0, limit=4) == 0
        await store.mark_announced(ids["ships active"], 4)
        for game in GAMES:
            playing = ids[f"{game} active"]
            version = (await store.get_match(playing)).version
            assert await service.run_bot_turns(playing, delay=0, limit=4) == 4
            assert (await store.get_match(playing)).version == version + 4
            assert len(await store.actions(playing)) == version + 4
            await service.start(100 * (GAMES.index(game) + 1), HOST)  # the lobby starts
            assert (await store.get_match(ids[f"{game} lobby"])).status == "active"
            finished = await service.export(match_id=ids[f"{game} finished"])
            assert finished["actions"]
        # a new match gets an id after the copied ones
        newest = await new_game(service, 5000, "ships", start=False)
        assert newest == max(ids.values()) + 1
    finally:
        await service.close()
        await store.close()


async def test_a_target_with_matches_is_refused(
        source: tuple[Path, dict[str, int]], target: Backend) -> None:
    path, ids = source
    async with await Storage.open(target.target) as store:
        await store.create_match(channel_id=1, guild_id=None, game="ships", options={}, seed=1,
                                 host_id=1, host_name="x", rules_version="1", settings={})
    with pytest.raises(TransferError, match="already holds"):
        await migrate(path, target.target, out=io.StringIO())
    assert len(await target.rows("SELECT id FROM matches")) == 1  # nothing was added


def test_back_from_postgresql_to_sqlite_through_the_command(
        source: tuple[Path, dict[str, int]], target: Backend, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The command line, both ways: SQLite -> PostgreSQL -> a new SQLite file, same rows."""
    path, ids = source
    assert main(["migrate-db", "--from", str(path), "--to", str(target.target)]) == 0
    back = tmp_path / "back.sqlite3"
    assert main(["migrate-db", "--from", str(target.target), "--to", str(back)]) == 0
    assert "done: set PORTOLAN_DB=" in capsys.readouterr().out
    first = asyncio.run(SqliteBackend(path).dump())
    second = asyncio.run(SqliteBackend(back).dump())
    assert {t: first[t] for t in TABLES} == {t: second[t] for t in TABLES}
    assert main(["migrate-db", "--from", str(tmp_path / "none.sqlite3"), "--to", str(back)]) == 2


async def test_the_copy_knows_every_table(target: Backend, tmp_path: Path) -> None:
    """A migration that adds a table must add it to the copy too."""
    sqlite = SqliteBackend(tmp_path / "t.sqlite3")
    for backend in (sqlite, target):
        await (await Storage.open(backend.target)).close()
        found = set(await backend.tables()) - {"schema_version"}
        assert found == set(TABLES), backend.name


async def test_both_backends_build_the_same_columns(target: Backend, tmp_path: Path) -> None:
    """The two dialects' migrations end in the same tables with the same columns, in order."""
    sqlite = SqliteBackend(tmp_path / "t.sqlite3")
    await (await Storage.open(sqlite.target)).close()
    await (await Storage.open(target.target)).close()
    assert isinstance(target, PostgresBackend)
    for table in TABLES:
        lite = [name for (_, name, *_) in await sqlite.rows(f"PRAGMA table_info({table})")]
        pg = [name for (name,) in await target.rows(
            "SELECT column_name FROM information_schema.columns WHERE table_name = ?"
            " ORDER BY ordinal_position", table)]
        assert lite == pg, table
