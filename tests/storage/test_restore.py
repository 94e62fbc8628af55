"""Closing and reopening restores everything: nothing lives only in memory."""

from __future__ import annotations

from typing import Any

from bot.storage import Storage
from tests.pg import Backend

from .helpers import FakeClock, new_active, new_lobby


async def everything(store: Storage) -> dict[str, Any]:
    """All that storage can tell about its matches, through its public API."""
    state: dict[str, Any] = {"matches": await store.matches(), "results": await store.results()}
    for match in state["matches"]:
        state[f"seats {match.id}"] = await store.seats(match.id)
        state[f"actions {match.id}"] = await store.actions(match.id)
        state[f"deadline {match.id}"] = await store.deadline(match.id)
        state[f"snapshots {match.id}"] = [
            await store.latest_snapshot(match.id, at_most=v) for v in range(match.version + 1)
        ]
    return state


async def test_close_and_reopen_restores_everything(backend: Backend, clock: FakeClock) -> None:
    store = await Storage.open(backend.target, clock=clock)
    lobby = await new_lobby(store, channel_id=1)
    await store.add_seat(lobby.id, user_id=50, name="waiting")
    await store.add_seat(lobby.id, user_id=None, name="Robo", bot="random")

    matches = [await new_active(store, channel_id=10 + k, players=2 + k) for k in range(3)]
    for k, match in enumerate(matches):
        for version in range(5 + 7 * k):
            await store.append_action(
                match.id,
                expected_version=version,
                seat=version % (2 + k),
                action={"kind": "move", "n": version, "nested": {"list": [1.5, None, True]}},
                events=[{"type": "moved", "by": version % (2 + k)}, {"type": "tick"}],
                snapshot_json=f'{{"at":{version + 1}}}' if (version + 1) % 5 == 0 else None,
            )
        await store.set_deadline(
            match.id,
            version=5 + 7 * k,
            seats=[0, 1],
            due_at=clock.now + 3600,
            remind_at=None if k == 1 else clock.now + 1800,
        )
    await store.mark_reminded(matches[2].id, 19)
    await store.replace_seat_with_bot(matches[2].id, 3, "random")
    await store.update_settings(matches[1].id, {"turn_minutes": 1})

    finished = await new_active(store, channel_id=20)
    await store.append_action(finished.id, expected_version=0, seat=0, action={}, events=[])
    await store.finish_match(
        finished.id, end_reason="resigned", outcome={"winner": 1}, seats=[{"seat": 0}]
    )
    aborted = await new_active(store, channel_id=21)
    await store.abort_match(aborted.id)

    before = await everything(store)
    raw_before = await backend.dump()
    await store.close()

    reopened = await Storage.open(backend.target, clock=clock)
    try:
        assert await everything(reopened) == before
        assert len(before["matches"]) == 6
        assert before[f"deadline {matches[2].id}"].reminded is True
        assert len(before[f"actions {matches[2].id}"]) == 19
        # The open matches carry on from where they were.
        assert await reopened.open_match(11) == before["matches"][2]
        nxt = await reopened.append_action(
            matches[0].id, expected_version=5, seat=0, action={}, events=[]
        )
        assert nxt == 6
    finally:
        await reopened.close()
    assert await backend.dump() != raw_before  # the append above really went to disk
