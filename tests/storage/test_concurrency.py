"""Two Storage objects (two connections) racing on one database: exactly one writer per
version."""

from __future__ import annotations

import asyncio
from collections import Counter

from bot.storage import StaleVersion, Storage
from tests.pg import Backend

from .helpers import FakeClock, new_active


async def test_same_expected_version_exactly_one_wins(backend: Backend, clock: FakeClock) -> None:
    first = await Storage.open(backend.target, clock=clock)
    second = await Storage.open(backend.target, clock=clock)
    try:
        match = await new_active(first)
        for version in range(10):

            async def attempt(store: Storage, who: int, expected: int = version) -> int | None:
                try:
                    return await store.append_action(
                        match.id,
                        expected_version=expected,
                        seat=0,
                        action={"who": who},
                        events=[],
                    )
                except StaleVersion:
                    return None

            outcomes = await asyncio.gather(
                *(attempt(first if who % 2 else second, who) for who in range(8))
            )
            winners = [who for who, result in enumerate(outcomes) if result is not None]
            assert len(winners) == 1
            assert outcomes[winners[0]] == version + 1
            log = await second.actions(match.id, after=version)
            assert [(a.seq, a.action) for a in log] == [(version + 1, {"who": winners[0]})]
    finally:
        await first.close()
        await second.close()


async def test_racing_writers_leave_a_gapless_log(backend: Backend, clock: FakeClock) -> None:
    target = 60
    first = await Storage.open(backend.target, clock=clock)
    second = await Storage.open(backend.target, clock=clock)
    try:
        matches = [await new_active(first, channel_id=c) for c in (1, 2)]
        successes: list[tuple[int, int, str]] = []  # (match, version, token)
        stale = Counter[int]()

        async def worker(store: Storage, name: str, match_id: int) -> None:
            attempt = 0
            while True:
                current = (await store.get_match(match_id)).version
                if current >= target:
                    return
                attempt += 1
                token = f"{name}#{attempt}"
                try:
                    version = await store.append_action(
                        match_id,
                        expected_version=current,
                        seat=current % 3,
                        action={"token": token},
                        events=[{"expected": current}],
                        snapshot_json=f'{{"token":"{token}"}}' if current % 7 == 0 else None,
                    )
                except StaleVersion:
                    stale[match_id] += 1
                    await asyncio.sleep(0)
                    continue
                successes.append((match_id, version, token))

        await asyncio.wait_for(
            asyncio.gather(
                *(
                    worker(store, f"{label}{k}", match.id)
                    for match in matches
                    for label, store in (("a", first), ("b", second))
                    for k in range(4)
                )
            ),
            timeout=60,
        )

        assert sum(stale.values()) > 0  # the race really happened
        for match in matches:
            log = await first.actions(match.id)
            assert [a.seq for a in log] == list(range(1, target + 1))
            won = sorted((v, t) for m, v, t in successes if m == match.id)
            assert won == [(a.seq, a.action["token"]) for a in log]
            assert all(a.events == [{"expected": a.seq - 1}] for a in log)
            assert (await second.get_match(match.id)).version == target
            # Each snapshot was written by the same winner as the action at its version.
            for a in log:
                if (a.seq - 1) % 7 == 0:
                    snap = await second.latest_snapshot(match.id, at_most=a.seq)
                    assert snap == (a.seq, f'{{"token":"{a.action["token"]}"}}')
    finally:
        await first.close()
        await second.close()
