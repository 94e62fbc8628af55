"""/game status says how far the game has come the way its board says it (``Game.progress``):
Ships and Empires at Sea the table's rounds (Empires of its fixed number), Ocean Trader each
player's own turns as rounds (of the short game's limit)."""

from __future__ import annotations

import pytest

from engine import catalog
from engine.core import View, registry

from .conftest import Harness

CH = 710
ANNA = 31
catalog.load()


def board_count(view: View) -> str:
    """The count the game's board shows in its status strip (render/)."""
    if view.game == "ships":
        return f"Round {view.turn // view.seats + 1}"  # render/ships/panels.py: "Round N - Era"
    if view.game == "empires":
        return f"Round {view.round} of {view.rounds}"  # type: ignore[attr-defined]
    active = next(p for p in view.players if p.seat == view.active)  # type: ignore[attr-defined]
    limit = view.turn_limit  # type: ignore[attr-defined]
    return f"Round {active.turns + 1}" + (f" of {limit}" if view.variant == "short"  # type: ignore[attr-defined]
                                          else "")


@pytest.mark.parametrize("game_id", ["ships", "empires", "ocean_trader"])
async def test_status_counts_as_the_board_does(harness: Harness, game_id: str) -> None:
    service = harness.service
    assert service is not None
    service.run_bots = False  # moved here, a few at a time
    match = await service.create(channel_id=CH, guild_id=1, game_id=game_id, host_id=ANNA,
                                 host_name="Anna", seed=5, exact_seed=True)
    await service.add_bot(CH, ANNA, "easy")
    await service.start(CH, ANNA)
    anna = next(s.seat for s in await service.storage.seats(match.id) if s.user_id == ANNA)
    assert anna is not None
    await service.storage.replace_seat_with_bot(match.id, anna, "easy")
    game = registry.get(game_id)
    counts = set()
    for _batch in range(12):
        state = await service.state_of(match.id)
        view = game.view(state, None)
        line = (await service.status(CH))[-1]
        count, _, rest = line.partition(", ")
        assert rest.startswith(f"move {state.version}. To act: "), line
        # the same count, in the same words
        assert count == board_count(view), (count, line)
        counts.add(count)
        if await service.run_bot_turns(match.id, delay=0, limit=9) == 0:
            break
    assert len(counts) > 1  # the count moved on, and the status with it
    # the turns played are not the rounds the board counts
    assert count.startswith("Round ") and count.split()[1] != str(state.turn + 1), line


def test_each_game_tells_its_progress_from_the_public_view() -> None:
    for game_id, state_turn, expected in (("ships", 4, "Round 3"), ("empires", 4, "Round 1 of 15"),
                                          ("ocean_trader", 4, "Round 3 of 30")):
        game = registry.get(game_id)
        state = game.setup({}, 2, 1)
        state.turn = state_turn
        if game_id == "ocean_trader":
            for player in state.players:
                player.turns = 2
        assert game.progress(game.view(state, None)) == expected, game_id
