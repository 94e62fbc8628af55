"""The contract of ``Game.public_scores`` (the score-over-time chart after a game), for every
game: it shows only what everyone sees. Samples drawn from one seat's view differ in what
that seat cannot see (the others' hands, cash and shares, the decks); a public score that
changed between them would tell the chart's readers something secret."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Game, Rng, all_games

from .playout import played

SEED = 11


def _cases() -> list[Any]:
    return [pytest.param(game, id=game.id) for game in all_games()
            if type(game).public_scores is not Game.public_scores]


@pytest.mark.parametrize("game", _cases())
def test_public_scores_do_not_depend_on_anything_hidden(game: Game[Any]) -> None:
    seats = game.max_players
    states = [s for s in played(game, seats, SEED).states if game.outcome(s) is None]
    for state in states[:: max(1, len(states) // 8)]:
        shown = game.public_scores(state)
        assert shown is not None and len(shown) == seats
        for seat in range(seats):
            view = game.view(state, seat)
            for n in range(3):
                sample = game.sample_state(view, seat, Rng.from_seed(100 * seat + n))
                assert game.public_scores(sample) == shown


def test_every_real_game_shows_a_public_score() -> None:
    assert {p.values[0].id for p in _cases()} >= {"ships", "empires", "ocean_trader"}


@pytest.mark.parametrize("game", _cases())
def test_the_score_unit_is_drawn_as_written_on_the_chart(game: Game[Any]) -> None:
    from render.common.fonts import displayable  # the chart's and the boards' own font

    assert displayable(game.score_unit) == game.score_unit
