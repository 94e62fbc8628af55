"""How a search scores a Ships position it stops short of the end (``Game.standing``)."""

from __future__ import annotations

import pytest

from engine.core import Accepted, Rng, step
from engine.ships import GAME
from engine.ships.economy import price
from engine.ships.scoring import area_scores, ship_liability
from engine.ships.state import ShipsState


def _game(seats: int, seed: int) -> list[ShipsState]:
    state = GAME.setup({}, seats, seed)
    bot = GAME.bots()["standard"]
    rng = Rng.from_seed(seed)
    states = [state]
    while GAME.outcome(state) is None:
        seat = min(GAME.actors(state))
        legal = GAME.legal_actions(state, seat)
        result = step(GAME, state, seat, bot.choose(GAME.view(state, seat), legal, rng),
                      state.version)
        assert isinstance(result, Accepted), result
        state = result.state  # type: ignore[assignment]
        states.append(state)
    return states


def test_a_finished_game_stands_at_its_final_scores() -> None:
    end = _game(2, 5)[-1]
    outcome = GAME.outcome(end)
    assert outcome is not None
    assert GAME.standing(end) == outcome.scores


def test_standing_counts_what_the_end_would_bring_and_the_losses_still_to_come() -> None:
    for state in _game(3, 6)[::25]:
        if state.finished:
            continue
        area = area_scores(state, state.area) if state.area >= 2 else [0] * state.seats
        present = state.present_age()
        for seat, (player, stands) in enumerate(zip(state.players, GAME.standing(state),
                                                    strict=True)):
            now = player.vp + area[seat] + (
                player.gold + sum(price(g) * n for g, n in player.goods.items())) / 2
            lagging = sum(ship_liability(i + 1, present) for i, b in enumerate(state.ages)
                          for owner in b.merchant + b.warship if owner == seat)
            cubes = player.stock_cubes + player.action_merchant
            boxed = sum(b.merchant for b in player.boxes.values())
            assert stands == pytest.approx(now - 0.7 * lagging + cubes + 0.5 * boxed)


def test_a_ship_left_behind_lowers_its_owner_s_standing() -> None:
    state = next(s for s in _game(2, 7) if s.present_age() >= 4 and not s.finished)
    before = GAME.standing(state)
    lagging = state.model_copy(deep=True)
    lagging.ages[state.present_age() - 2].merchant.append(1)  # a ship one age behind
    after = GAME.standing(lagging)
    assert after[0] == before[0]
    assert after[1] == pytest.approx(before[1] - 0.7 * 3)


def test_ship_liability_counts_only_ages_still_to_open() -> None:
    assert ship_liability(3, 3) == 3  # loses 1 when Age 5 opens, 2 when Age 6 opens
    assert ship_liability(3, 5) == 2  # Age 5 is open: only the 2 VP of Age 6 to come
    assert ship_liability(3, 6) == 0
    assert ship_liability(9, 9) == 1  # Age 11 is the last: no Age 12 to take 2 VP
    assert ship_liability(10, 10) == 0
