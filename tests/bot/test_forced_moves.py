"""A person whose only move reveals nothing has it made for them, and the channel says so."""

from __future__ import annotations

from engine.core import Rng, registry

from .conftest import Harness
from .test_service import ANNA, BEN, CARL, CH


async def test_a_one_answer_decision_is_made_for_the_player_and_said(harness: Harness) -> None:
    service = harness.service
    assert service is not None
    match = await service.create(channel_id=CH, guild_id=1, game_id="ships", host_id=ANNA,
                                 host_name="Anna", seed=32)
    await service.join(CH, BEN, "Ben")
    await service.join(CH, CARL, "Carl")
    await service.start(CH, ANNA)
    game = registry.get("ships")
    seats = await service.storage.seats(match.id)
    users = {s.seat: s.user_id for s in seats}
    names = {s.seat: s.name for s in seats}
    rng = Rng.from_seed(5)
    said: list[str] = []
    for _ in range(600):
        state = await service.state_of(match.id)
        if game.outcome(state) is not None:
            break
        for seat in sorted(game.actors(state)):  # never left waiting on a forced move
            assert game.forced_action(state, seat) is None, (seat, state.pending)
        seat = min(game.actors(state))
        before = len(harness.notices)
        action = rng.choice(game.legal_actions(state, seat))
        assert (await service.act(CH, users[seat], action)).ok  # type: ignore[arg-type]
        lines = [line for n in harness.notices[before:] for line in n.lines]
        said += [line for line in lines if "had no other choice" in line]
        if len(said) >= 3:
            break
    assert said, "no forced move in this game"
    assert all(any(f"({names[s]} had no other choice: Portolan made that move for them.)"
                   == line for s in names) for line in said)
    # the forced moves are in the log like any other: the game rebuilds to the same state
    state = await service.state_of(match.id)
    service._forget(match.id)
    assert (await service.state_of(match.id)).model_dump() == state.model_dump()
