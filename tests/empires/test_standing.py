"""The search's standing values Gold, Wood and Steel for their share of a point."""

from __future__ import annotations

import pytest

from engine.empires.scoring import standing
from tests.empires.helpers import new


@pytest.mark.parametrize("gold, wood, steel", [(4, 1, 10), (2, 0, 0), (6, 3, 4)])
def test_a_trade_that_buys_nothing_lowers_the_standing(gold: int, wood: int,
                                                       steel: int) -> None:
    """1 Gold for 1 Steel with nothing to spend the Steel on: a Gold is half a point, a Steel
    a fifth. The standing the search plays out to counted an odd Gold as 1.8 points and a
    Steel past a multiple of five as 0.64, so the trade looked like a gain."""
    state = new(2, 3)
    player = state.players[0]
    player.gold, player.wood, player.steel = gold, wood, steel
    before = standing(state)
    player.gold, player.steel = gold - 1, steel + 1
    after = standing(state)
    assert after[0] < before[0] and after[1] == before[1]


def test_each_gold_adds_the_same_to_the_standing() -> None:
    state = new(2, 3)
    values = []
    for gold in range(6):
        state.players[0].gold = gold
        values.append(standing(state)[0])
    steps = [b - a for a, b in zip(values, values[1:], strict=False)]
    assert max(steps) - min(steps) < 1e-9 and steps[0] > 0
