"""Results of finished matches."""

from __future__ import annotations

from typing import Any

from bot.storage import Storage

from .helpers import FakeClock, new_active


async def test_results_recorded_on_finish(storage: Storage, clock: FakeClock) -> None:
    assert await storage.results() == []
    first = await new_active(storage, channel_id=1)
    second = await new_active(storage, channel_id=2)
    third = await storage.create_match(
        channel_id=3,
        guild_id=None,
        game="trader",
        options={},
        seed=1,
        host_id=1,
        host_name="h",
        rules_version="2",
        settings={},
    )
    third = await storage.start_match(third.id, seat_order=[0], state_json="{}")
    aborted = await new_active(storage, channel_id=4)

    seats: list[dict[str, Any]] = [
        {"seat": 0, "user_id": 1, "score": 12},
        {"seat": 1, "user_id": None, "score": 3},
    ]
    await storage.finish_match(
        second.id, end_reason="won", outcome={"winners": [0], "scores": [12, 3]}, seats=seats
    )
    clock.advance(10)
    await storage.finish_match(third.id, end_reason="timeout", outcome={"winners": []}, seats=[])
    await storage.finish_match(first.id, end_reason="resigned", outcome={}, seats=[])
    await storage.abort_match(aborted.id)

    finished = await storage.get_match(second.id)
    assert finished.status == "finished" and finished.finished_at is not None
    everything = await storage.results()
    assert [r["match_id"] for r in everything] == [second.id, third.id, first.id]
    assert everything[0] == {
        "match_id": second.id,
        "game": "ships",
        "finished_at": finished.finished_at,
        "end_reason": "won",
        "outcome": {"winners": [0], "scores": [12, 3]},
        "seats": seats,
    }
    assert [r["match_id"] for r in await storage.results("ships")] == [second.id, first.id]
    assert [r["match_id"] for r in await storage.results("trader")] == [third.id]
    assert await storage.results("nothing") == []
