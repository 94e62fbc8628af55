"""The determinization sampler: a full state drawn from one seat's view, for bots that search."""

from __future__ import annotations

import time
from collections import Counter

import pytest
from pydantic import ValidationError

from engine.core import Accepted, Rng, step
from engine.empires import GAME
from engine.empires.content import empires_content
from engine.empires.sampler import ViewMismatch
from engine.empires.state import EmpiresState
from tests.contract.playout import played

SEEDS = (1, 2, 3)
SEATS = (2, 3, 4, 5)


def _positions(seats: int, seed: int, stride: int = 15) -> list[tuple[int, EmpiresState]]:
    """The opening, every ``stride``-th position, the middle and the end, and every third one
    with a secret bribe, a combat or a pending decision."""
    states: list[EmpiresState] = played(GAME, seats, seed).states  # type: ignore[assignment]
    special = [i for i, s in enumerate(states)
               if any(b is not None for b in s.bribes) or s.combat is not None or s.pending]
    chosen = {*range(0, len(states), stride), len(states) // 2, len(states) - 1, *special[::3]}
    return [(i, states[i]) for i in sorted(chosen)]


def _hidden(state: EmpiresState, seat: int) -> tuple[object, ...]:
    """What ``seat`` cannot see of ``state``."""
    return (
        [sorted(p.hand) for s, p in enumerate(state.players) if s != seat],
        state.captain_deck, state.history_deck, state.weather_deck,
        [b for s, b in enumerate(state.bribes) if s != seat], state.rng.state,
    )


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("seats", SEATS)
def test_a_sample_agrees_with_the_view_and_offers_the_same_moves(seats: int, seed: int
                                                                 ) -> None:
    for index, state in _positions(seats, seed):
        for seat in range(seats):
            view = GAME.view(state, seat)
            sample = GAME.sample_state(view, seat, Rng.from_seed(index * 10 + seat))
            where = (seats, seed, index, seat)
            assert GAME.view(sample, seat).model_dump() == view.model_dump(), where
            assert [a.key() for a in GAME.legal_actions(sample, seat)] == \
                [a.key() for a in GAME.legal_actions(state, seat)], where
            assert GAME.actors(sample) == GAME.actors(state), where


@pytest.mark.parametrize("seats", SEATS)
def test_a_sample_holds_the_game_s_cards_and_bribes_within_gold(seats: int) -> None:
    c = empires_content()
    full = Counter(c.captain_deck())
    for index, state in _positions(seats, SEEDS[0]):
        seat = index % seats
        sample = GAME.sample_state(GAME.view(state, seat), seat, Rng.from_seed(index))
        cards = Counter(sample.captain_deck) + Counter(sample.captain_discard)
        for p in sample.players:
            cards += Counter(p.hand) + Counter(p.in_front)
        assert cards == full, index
        assert [len(p.hand) for p in sample.players] == [len(p.hand) for p in state.players]
        assert len(sample.history_deck) == len(state.history_deck)
        assert len(sample.weather_deck) == len(state.weather_deck)
        # History cards come era by era, as the backs show, and never the one showing
        assert [c.history_card(h).era for h in sample.history_deck] == \
            [c.history_card(h).era for h in state.history_deck], index
        assert state.history not in sample.history_deck
        assert len(set(sample.history_deck)) == len(sample.history_deck)
        for s, b in enumerate(sample.bribes):
            assert (b is None) == (state.bribes[s] is None)
            if b is not None:
                assert 0 <= b <= sample.players[s].gold
        assert sample.pirate_actions_bonus == state.pirate_actions_bonus
        assert sample.order_index == state.order_index or state.phase != "turns"
        assert GAME.load_state(sample.model_dump_json()) == sample


@pytest.mark.parametrize("seats", SEATS)
def test_play_goes_on_from_a_sample(seats: int) -> None:
    """From the opening, early, middle and late positions, a bribe and a combat (from the
    first of the seeded random games that has a combat: some have none)."""
    seed, states = next((seed, states) for seed in SEEDS[seats % len(SEEDS):] + SEEDS
                        for states in [played(GAME, seats, seed).states]
                        if any(s.combat is not None for s in states))
    picks = {0, len(states) // 5, len(states) // 2, len(states) * 4 // 5, len(states) - 2}
    picks.add(next(i for i, s in enumerate(states) if any(b is not None for b in s.bribes)))
    picks.add(next(i for i, s in enumerate(states) if s.combat is not None))
    for index in sorted(picks):
        seat = index % seats
        sample = GAME.sample_state(GAME.view(states[index], seat), seat, Rng.from_seed(seed))
        chooser = Rng.from_seed(index)
        for _ in range(30):
            if GAME.outcome(sample) is not None:
                break
            actor = chooser.choice(sorted(GAME.actors(sample)))
            legal = GAME.legal_actions(sample, actor)
            assert legal, (seats, seed, index, actor)
            outcome = step(GAME, sample, actor, chooser.choice(legal), sample.version)
            assert isinstance(outcome, Accepted), (seats, seed, index, outcome)
            sample = outcome.state  # type: ignore[assignment]


def test_a_sample_keeps_the_last_turn_and_shares_nothing_with_the_view() -> None:
    """The rings' record (``last``, ``current``) is copied into the sample whole, and a move
    played on the sample notes its change there without touching the view."""
    states: list[EmpiresState] = played(GAME, 3, SEEDS[0]).states  # type: ignore[assignment]
    state = next(s for s in states[len(states) // 3:]
                 if s.last.marks and s.current.marks and s.combat is None and not s.pending)
    seat = state.turn_state.seat  # type: ignore[union-attr]
    view = GAME.view(state, seat)
    sample = GAME.sample_state(view, seat, Rng.from_seed(3))
    assert sample.last == state.last and sample.current == state.current
    kept = view.model_dump()
    sample.current.marks.append(sample.current.marks[0])
    sample.last.marks.clear()
    sample.last.seat = None
    assert view.model_dump() == kept
    with pytest.raises(ValidationError):  # a mark never changes: views and samples share it
        view.last.marks[0].ship = "elsewhere"


@pytest.mark.parametrize("seats", SEATS)
def test_samples_vary_where_something_is_hidden(seats: int) -> None:
    for index, state in _positions(seats, SEEDS[1], stride=25):
        seat = index % seats
        view = GAME.view(state, seat)
        one = GAME.sample_state(view, seat, Rng.from_seed(1))
        two = GAME.sample_state(view, seat, Rng.from_seed(2))
        assert one.rng.state != two.rng.state
        others = sum(len(p.hand) for s, p in enumerate(state.players) if s != seat)
        if others + len(state.captain_deck) > 1:
            assert _hidden(one, seat) != _hidden(two, seat), index
        # the same rng draws the same sample
        again = GAME.sample_state(view, seat, Rng.from_seed(1))
        assert again.model_dump() == one.model_dump()


@pytest.mark.parametrize("seats", SEATS)
def test_a_sample_never_reads_the_true_secrets(seats: int) -> None:
    """Two true states the seat cannot tell apart give the same sample for the same rng."""
    scrambler = Rng.from_seed(5)
    for index, state in _positions(seats, SEEDS[2], stride=15):
        seat = index % seats
        view = GAME.view(state, seat)
        base = GAME.sample_state(view, seat, Rng.from_seed(index)).model_dump()
        for owner in [None, *(s for s in range(seats) if s != seat)]:
            other = GAME.scramble_secrets(state, owner, scrambler)
            other_view = GAME.view(other, seat)
            assert other_view == view
            sample = GAME.sample_state(other_view, seat, Rng.from_seed(index))
            assert sample.model_dump() == base, (index, owner)


def test_a_sample_needs_the_seat_s_own_view() -> None:
    state: EmpiresState = played(GAME, 3, SEEDS[0]).states[5]  # type: ignore[assignment]
    with pytest.raises(ViewMismatch):
        GAME.sample_state(GAME.view(state, 1), 0, Rng.from_seed(1))
    with pytest.raises(ViewMismatch):
        GAME.sample_state(GAME.view(state, None), 0, Rng.from_seed(1))


def test_a_sample_is_quick() -> None:
    """A search draws many: well under a millisecond each on this machine (about 0.3 ms in
    5-player games); the bound here is loose, for a busy test machine."""
    views = [(GAME.view(state, i % 5), i % 5) for i, state in _positions(5, SEEDS[0])]
    rng = Rng.from_seed(3)
    start = time.perf_counter()
    for view, seat in views:
        GAME.sample_state(view, seat, rng)
    per_sample = (time.perf_counter() - start) / len(views)
    assert per_sample < 0.005, per_sample
