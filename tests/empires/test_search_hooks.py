"""What Empires at Sea gives a search bot besides the sampler: quick playout moves, read from
a full state, that are always legal, and a standing that guesses each seat's final score."""

from __future__ import annotations

import pytest

from engine.core import Accepted, Rng, bot_rng, step
from engine.empires import GAME
from engine.empires.bots import playout_move
from engine.empires.scoring import productions_left, scores, standing
from engine.empires.state import EmpiresState
from tests.empires.helpers import new, own


def positions(seats: int, seed: int, kinds: list[str]) -> list[EmpiresState]:
    """Every position of a whole game between the named bots."""
    bots = GAME.bots()
    state = GAME.setup({}, seats, seed)
    found = [state]
    while GAME.outcome(state) is None:
        seat = min(GAME.actors(state))
        action = bots[kinds[seat]].choose(GAME.view(state, seat),
                                          GAME.legal_actions(state, seat),
                                          bot_rng(seed, state.version, seat))
        result = step(GAME, state, seat, action, state.version)
        assert isinstance(result, Accepted), result
        state = result.state  # type: ignore[assignment]
        found.append(state)
    return found


@pytest.mark.parametrize(("seats", "seed", "kinds"), [
    (2, 61, ["standard", "standard"]), (2, 62, ["random", "standard"]),
    (3, 63, ["standard", "random", "standard"]), (4, 64, ["random"] * 4)])
def test_playout_moves_are_legal_in_every_position(seats: int, seed: int,
                                                   kinds: list[str]) -> None:
    rng = Rng.from_seed(seed)
    checked = 0
    for i, state in enumerate(positions(seats, seed, kinds)):
        for seat in GAME.actors(state):
            move = GAME.playout_action(state, seat, rng)
            assert move is not None
            legal = {a.key() for a in GAME.legal_actions(state, seat)}
            assert move.key() in legal, (i, seat, move)
            checked += 1
        if i % 5 == 0 and GAME.actors(state):
            # and on what a search plays on: a state sampled from a seat's view
            seat = min(GAME.actors(state))
            sample = GAME.sample_state(GAME.view(state, seat), seat, rng)
            move = GAME.playout_action(sample, seat, rng)
            assert move is not None
            assert move.key() in {a.key() for a in GAME.legal_actions(sample, seat)}
    assert checked > 100
    assert GAME.playout_action(state, 0, rng) is None  # the game is over: nobody moves


def test_playout_moves_follow_the_standard_bot() -> None:
    """Where the standard bot has one best move, the quick move is that move."""
    bot = GAME.bots()["standard"]
    same = total = 0
    for state in positions(2, 65, ["standard", "standard"])[::3]:
        for seat in GAME.actors(state):
            legal = GAME.legal_actions(state, seat)
            if len(legal) < 2:
                continue
            picks = {bot.choose(GAME.view(state, seat), legal, Rng.from_seed(k)).key()
                     for k in range(4)}
            if len(picks) == 1:
                total += 1
                same += playout_move(state, seat, Rng.from_seed(9)).key() in picks  # type: ignore[union-attr]
    assert total > 20 and same == total


def test_standing_counts_what_is_still_to_come() -> None:
    state = new(2, 3)
    before = standing(state)
    port = next(p for p, h in state.ports.items() if h.owner is None)
    own(state, 0, port)
    after = standing(state)
    assert after[0] > before[0] and after[1] == before[1]
    # the same port is worth less when fewer productions are left
    late = state.model_copy(deep=True)
    late.round, late.phase = late.rounds, "turns"
    # the game opens with round 1 produced
    assert productions_left(late) == 0 and productions_left(state) == state.rounds - 1
    early_gain = after[0] - before[0]
    late_before = standing(late)
    late.ports[port].owner = None
    assert late_before[0] - standing(late)[0] < early_gain


def test_standing_follows_the_score_at_the_end() -> None:
    final = positions(2, 66, ["standard", "standard"])[-1]
    live = final.model_copy(deep=True)
    live.finished = False
    s, points = standing(live), scores(live)
    assert (s[0] > s[1]) == (points[0] > points[1]) or points[0] == points[1]
