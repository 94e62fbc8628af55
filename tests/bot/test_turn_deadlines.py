"""A turn's deadline lasts the whole turn, in every game: one action of a turn, then silence,
still gets the reminder and then the deadline policy (here: a bot plays the rest of the
turn). Real games, real SQLite files."""

from __future__ import annotations

import pytest

from bot.service import MatchService
from engine.core import Accepted, Rng, registry, step
from engine.core.bots import default_bot

from .conftest import Harness

CH, ANNA, BEN = 700, 21, 22
HOURS = 4.0


async def to_a_turn_of_several_actions(service: MatchService, game_id: str, match_id: int
                                       ) -> int:
    """Plays the games' standard bots' moves through the service until a person is about to
    make a move after which the turn is still theirs; makes it and returns that user."""
    game = registry.get(game_id)
    users = {s.seat: s.user_id for s in await service.storage.seats(match_id)}
    rng = Rng.from_seed(3)
    for _ in range(600):
        state = await service.state_of(match_id)
        seat = sorted(game.actors(state))[0]
        legal = game.legal_actions(state, seat)
        action = game.bots()["standard"].choose(game.view(state, seat), legal, rng)
        taker = game.timeout_action(state, seat) is None and len(game.actors(state)) == 1
        keeps = [a for a in legal if taker and _keeps_the_turn(game, state, seat, a)]
        if keeps:
            action = keeps[0]
        result = await service.act(CH, users[seat], action)  # type: ignore[arg-type]
        assert result.ok, result.message
        if keeps:
            return users[seat]  # type: ignore[return-value]
    raise AssertionError(f"no turn of several actions in {game_id}")


def _keeps_the_turn(game: object, state: object, seat: int, action: object) -> bool:
    accepted = step(game, state, seat, action, state.version)  # type: ignore[arg-type, attr-defined]
    return isinstance(accepted, Accepted) and not accepted.turn_ended \
        and game.actors(accepted.state) == {seat}  # type: ignore[attr-defined]


@pytest.mark.parametrize("game_id", ["ships", "empires", "ocean_trader"])
async def test_one_action_then_silence_meets_the_reminder_and_the_policy(
        harness: Harness, game_id: str) -> None:
    service = harness.service
    assert service is not None
    match = await service.create(channel_id=CH, guild_id=1, game_id=game_id, host_id=ANNA,
                                 host_name="Anna", seed=12, exact_seed=True)
    await service.join(CH, BEN, "Ben")
    await service.update_settings(CH, ANNA, turn_hours=HOURS, policy="bot")
    await service.start(CH, ANNA)
    late = await to_a_turn_of_several_actions(service, game_id, match.id)
    turn = (await service.state_of(match.id)).turn
    row = await service.storage.deadline(match.id)
    assert row is not None and row.turn == turn
    harness.notices.clear()
    harness.clock.now = row.due_at - 0.5 * 3600  # after the reminder time, before the end
    reminders = await service.tick()
    assert [n.ping for n in reminders] == [[late]], reminders
    harness.clock.now = row.due_at + 1
    await service.tick()
    await service.idle()
    state = await service.state_of(match.id)
    assert state.turn > turn or (await service.storage.get_match(match.id)).status != "active"
    lines = [line for n in harness.notices for line in n.lines]
    stand_in = default_bot(registry.get(game_id))  # the strongest for the game
    assert any(f"missed the deadline; the {stand_in} bot plays this turn" in line
               for line in lines), lines
