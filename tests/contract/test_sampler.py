"""The contract of a game's state sampler (``Game.sample_state``), for every game: a sample
agrees with the view it was drawn from and gives the seat the same moves, and a search bot
built on it chooses the same move when only what the seat cannot see is changed."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Game, Rng, all_games
from engine.core.bots import bot_rng
from engine.core.search import SearchBot

from .playout import played

SEED = 7
SHOWN = 6  # positions per game, spread over it


def _cases() -> list[Any]:
    return [pytest.param(game, seats, id=f"{game.id}-{seats}p")
            for game in all_games() for seats in sorted({game.min_players, game.max_players})]


def _sampled(game: Game[Any], view: Any, seat: int, rng: Rng) -> Any:
    try:
        return game.sample_state(view, seat, rng)
    except NotImplementedError as err:
        pytest.fail(f"{game.name} cannot be searched yet: {err}")


def _positions(game: Game[Any], seats: int) -> list[Any]:
    states = [s for s in played(game, seats, SEED).states if game.outcome(s) is None]
    return [states[round(i * (len(states) - 1) / (SHOWN - 1))] for i in range(SHOWN)]


@pytest.mark.parametrize(("game", "seats"), _cases())
def test_a_sample_agrees_with_the_view_it_came_from(game: Game[Any], seats: int) -> None:
    for n, state in enumerate(_positions(game, seats)):
        for seat in range(seats):
            view = game.view(state, seat)
            sample = _sampled(game, view, seat, Rng.from_seed(n * 10 + seat))
            assert game.view(sample, seat).model_dump() == view.model_dump()
            assert [a.key() for a in game.legal_actions(sample, seat)] == \
                [a.key() for a in game.legal_actions(state, seat)]


@pytest.mark.parametrize(("game", "seats"), _cases())
def test_a_sample_rolls_fresh_dice(game: Game[Any], seats: int) -> None:
    """The dice of a sample come from the generator it was drawn with, never from the true
    state (whoever knows its generator knows every coming roll); the same generator draws the
    same sample, so a search can play several moves from one sample."""
    state = _positions(game, seats)[SHOWN // 2]
    seat = min(game.actors(state))
    view = game.view(state, seat)
    first, again, other = (_sampled(game, view, seat, Rng.from_seed(s)) for s in (1, 1, 2))
    assert first.rng.state != state.rng.state
    assert first.rng.state != other.rng.state
    assert first.model_dump() == again.model_dump()


@pytest.mark.parametrize(("game", "seats"), _cases())
def test_the_search_bot_sees_only_what_its_seat_sees(game: Game[Any], seats: int) -> None:
    bot = SearchBot(game, game.bots()[game.default_bot()], iterations=12, rollout=3)
    for n, state in enumerate(_positions(game, seats)[1::2]):
        seat = min(game.actors(state))
        others = [s for s in range(seats) if s != seat]
        hidden = game.scramble_secrets(state, None, Rng.from_seed(n))
        for other in others:
            hidden = game.scramble_secrets(hidden, other, Rng.from_seed(n + other))
        assert game.view(hidden, seat).model_dump() == game.view(state, seat).model_dump()
        picks = {bot.choose(game.view(s, seat), game.legal_actions(s, seat),
                            bot_rng(SEED, s.version, seat)).key() for s in (state, hidden)}
        assert len(picks) == 1
