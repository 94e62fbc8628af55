"""The suite every registered game must pass (run for Harbour Race and for each real game)."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel

from engine.core import Action, Game, Rng, Undo, all_games, copied, step
from engine.core.errors import NOT_AN_ACTOR, STALE

from .playout import play, played, replayed

SEEDS = (1, 2, 3)
POOL_SAMPLE = 40


def _cases() -> list[Any]:
    return [
        pytest.param(game, seats, id=f"{game.id}-{seats}p")
        for game in all_games()
        for seats in sorted({game.min_players, game.max_players})
    ]


# Known gaps in a game's engine, by test and case id: the case is a strict xfail until fixed.
KNOWN_GAPS: dict[tuple[str, str], str] = {}


def _gap(request: pytest.FixtureRequest, test: str, game: Game[Any], seats: int) -> None:
    reason = KNOWN_GAPS.get((test, f"{game.id}-{seats}p"))
    if reason is not None:
        request.applymarker(pytest.mark.xfail(strict=True, reason=reason))


pytestmark = pytest.mark.parametrize(("game", "seats"), _cases())


@pytest.mark.parametrize("seed", SEEDS)
def test_playout_reaches_an_outcome(game: Game[Any], seats: int, seed: int) -> None:
    result = play(game, seats, seed, keep_states=False)
    outcome = game.outcome(result.final)
    assert outcome is not None
    assert game.actors(result.final) == set()
    for seat in range(seats):
        assert game.legal_actions(result.final, seat) == []
    assert len(outcome.scores) == len(outcome.ranks) == seats
    assert min(outcome.ranks) == 1 and outcome.winners


@pytest.mark.parametrize("seed", SEEDS)
def test_replay_equals_live_play(game: Game[Any], seats: int, seed: int) -> None:
    result = play(game, seats, seed, keep_states=False)
    assert replayed(game, result) == result.final


def test_legal_actions_and_validate_agree(game: Game[Any], seats: int) -> None:
    result = played(game, seats, SEEDS[0])
    pool: dict[str, Action] = {}
    for state in result.states:
        for seat in range(seats):
            for action in game.legal_actions(state, seat):
                pool.setdefault(action.key(), action)
    keys = sorted(pool)
    sampler = Rng.from_seed(17)
    for state in result.states:
        actors = game.actors(state)
        for seat in range(seats):
            legal = {a.key(): a for a in game.legal_actions(state, seat)}
            if seat not in actors:
                assert not legal, "only actors have legal actions"
                continue
            # every legal action, and a sample of actions legal elsewhere in the game
            sample = [keys[sampler.below(len(keys))] for _ in range(POOL_SAMPLE)]
            for key in [*legal, *sample]:
                verdict = game.validate(state, seat, pool[key])
                assert (verdict is None) == (key in legal), (key, verdict)
                if verdict is not None:
                    assert verdict.message and verdict.code


def test_state_serialization_round_trips(game: Game[Any], seats: int) -> None:
    for state in played(game, seats, SEEDS[1]).states:
        assert game.load_state(state.model_dump_json()) == state


def test_a_copied_state_is_equal_and_shares_nothing(game: Game[Any], seats: int) -> None:
    """``copied`` (what ``step`` and the samplers copy states with) keeps every field, with
    its type, and the copy is the copy's own: changing it leaves the original as it was."""
    for state in played(game, seats, SEEDS[1]).states[::7]:
        before = state.model_dump_json()
        copy = copied(state)
        assert copy == state and copy.model_dump_json() == before
        assert type(copy) is type(state)
        for name in type(state).model_fields:
            assert type(getattr(copy, name)) is type(getattr(state, name)), name
        copy.rng.next_u64()
        _empty_everything(copy)
        assert state.model_dump_json() == before


def _empty_everything(value: object) -> None:
    """Empties every list, dict and set inside ``value``, the deepest first."""
    if isinstance(value, BaseModel):
        for part in vars(value).values():
            _empty_everything(part)
    elif isinstance(value, list | dict | set):
        for part in list(value.values() if isinstance(value, dict) else value):
            _empty_everything(part)
        value.clear()


def test_views_hold_nothing_private_to_others(game: Game[Any], seats: int) -> None:
    rng = Rng.from_seed(99)
    for state in played(game, seats, SEEDS[2]).states:
        viewers = [None, *range(seats)]
        seen = {viewer: game.view(state, viewer) for viewer in viewers}
        for owner in [None, *range(seats)]:
            scrambled = game.scramble_secrets(state, owner, rng)
            for viewer in viewers:
                if viewer == owner and owner is not None:
                    continue
                assert game.view(scrambled, viewer) == seen[viewer], (owner, viewer)
        for viewer in viewers:
            assert str(state.rng.state) not in seen[viewer].model_dump_json()


def test_step_rejections_change_nothing(game: Game[Any], seats: int) -> None:
    for state in played(game, seats, SEEDS[0]).states[:200]:
        before = state.model_dump_json()
        actors = game.actors(state)
        for seat in range(seats):
            legal = game.legal_actions(state, seat)
            if seat not in actors:
                for action in legal or [Undo()]:
                    result = step(game, state, seat, action, state.version)
                    if not isinstance(action, Undo):
                        assert getattr(result, "code", None) == NOT_AN_ACTOR
            elif legal:
                stale = step(game, state, seat, legal[0], state.version - 1)
                assert getattr(stale, "code", None) == STALE
        malformed = step(game, state, next(iter(actors), 0), {"type": "no-such-move"},
                         state.version)
        assert getattr(malformed, "code", None) == "malformed"
        assert state.model_dump_json() == before


def test_undo_restores_the_earlier_position(game: Game[Any], seats: int) -> None:
    undone = 0
    for state in play(game, seats, SEEDS[0], undo_rate=0.0).states:
        if not state.undo_points:
            continue
        seat = state.undo_points[-1].seat
        result = step(game, state, seat, Undo(), state.version)
        assert not hasattr(result, "code"), result
        earlier = game.load_state(state.undo_points[-1].state)
        restored = result.state  # type: ignore[union-attr]
        assert restored.version == state.version + 1
        assert restored.model_copy(update={"version": 0, "undo_points": []}) == \
            earlier.model_copy(update={"version": 0, "undo_points": []})
        undone += 1
    # Not every game has undoable moves in every playout; the test game does.
    if game.id == "race":
        assert undone > 0


def test_every_actor_can_answer(request: pytest.FixtureRequest, game: Game[Any],
                                seats: int) -> None:
    """A seat the game waits for has a legal move, or the game has an answer for it when its
    time runs out: otherwise the game is stuck with that seat."""
    _gap(request, "test_every_actor_can_answer", game, seats)
    for seed in SEEDS:
        for index, state in enumerate(played(game, seats, seed).states):
            for seat in sorted(game.actors(state)):
                assert game.legal_actions(state, seat) or \
                    game.timeout_action(state, seat) is not None, \
                    f"seat {seat} is an actor with nothing to do (seed {seed}, state {index})"
