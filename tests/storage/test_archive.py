"""A game that is over keeps its log as one compressed archive and its newest snapshot."""

from __future__ import annotations

from bot.storage import Finish, Storage
from tests.pg import Backend

from .helpers import new_active


async def played(storage: Storage, moves: int = 6) -> int:
    match = await new_active(storage, players=2)
    for v in range(moves):
        await storage.append_action(
            match.id, expected_version=v, seat=v % 2, action={"type": "roll", "n": v},
            events=[{"kind": "rolled", "data": {"die": v}}],
            snapshot_json=f'{{"v":{v + 1}}}' if (v + 1) % 2 == 0 else None)
    return match.id


async def test_finishing_archives_the_log_and_keeps_the_newest_snapshot(
        storage: Storage, backend: Backend) -> None:
    match_id = await played(storage)
    before = await storage.actions(match_id)
    await storage.append_action(match_id, expected_version=6, seat=0, action={"type": "end"},
                                events=[], finish=Finish("target", {"scores": [1, 2]}, []))
    assert await backend.count("actions", match_id) == 0
    assert await backend.count("archived_logs", match_id) == 1
    assert await backend.count("snapshots", match_id) == 1
    after = await storage.actions(match_id)
    assert [(r.seq, r.seat, r.action, r.events) for r in after[:6]] == \
        [(r.seq, r.seat, r.action, r.events) for r in before]
    assert [r.seq for r in await storage.actions(match_id, after=4)] == [5, 6, 7]
    last = await storage.last_action(match_id)
    assert last is not None and last.action == {"type": "end"}
    assert (await storage.latest_snapshot(match_id)) == (6, '{"v":6}')


async def test_aborting_archives_too_and_an_older_finished_game_is_archived_later(
        storage: Storage, backend: Backend) -> None:
    aborted = await played(storage)
    await storage.abort_match(aborted)
    assert await backend.count("actions", aborted) == 0
    assert len(await storage.actions(aborted)) == 6
    legacy = await played(storage)
    # ended under a release that did not archive
    await backend.execute("UPDATE matches SET status = 'finished' WHERE id = ?", legacy)
    assert await storage.unarchived() == [legacy]
    await storage.archive(legacy)
    assert await storage.unarchived() == []
    assert len(await storage.actions(legacy)) == 6 and await backend.count("actions", legacy) == 0


async def test_upgrading_a_finished_log_rewrites_its_archive(storage: Storage) -> None:
    match_id = await played(storage, moves=2)
    await storage.append_action(match_id, expected_version=2, seat=0, action={"type": "end"},
                                events=[], finish=Finish("target", {}, []))
    await storage.upgrade_log(match_id, rules_version="2.0", entries=[
        (1, {"type": "roll", "count": 0}, []), (2, {"type": "roll", "count": 1}, []),
        (3, {"type": "end"}, [])], state_json='{"v":3}', version=3)
    assert [r.action for r in await storage.actions(match_id)][:2] == [
        {"type": "roll", "count": 0}, {"type": "roll", "count": 1}]
    assert (await storage.get_match(match_id)).rules_version == "2.0"
