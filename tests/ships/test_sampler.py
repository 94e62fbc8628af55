"""The Ships state sampler: states drawn from one seat's view, for bots that search.

Positions come from seeded random games (the contract suite's playouts): the first, some in the
middle, the last, and those waiting on a decision (discards, pirates, a card's action)."""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

import pytest

from engine.core import Accepted, Rng, step
from engine.ships import GAME
from engine.ships.content import ships_content
from engine.ships.sampler import ViewMismatchError
from engine.ships.state import ERAS, ShipsState
from tests.contract.playout import played

GAMES = [(2, 1), (2, 3), (3, 2), (4, 1), (4, 3)]  # shared with the contract suite's playouts


FRACTIONS = (0.0, 1 / 5, 1 / 3, 1 / 2, 2 / 3, 4 / 5)  # of the way through the game
PENDING = 4  # positions where a decision is pending, spread over the game
PICKS = len(FRACTIONS) + 2 + PENDING  # and the last two positions


def positions(seats: int, seed: int) -> list[ShipsState]:
    """``PICKS`` positions of the game, whose playout is made when a test first asks (not
    when the tests are collected, which every worker does)."""
    states: list[Any] = played(GAME, seats, seed).states
    n = len(states)
    picks = [int(f * n) for f in FRACTIONS] + [n - 2, n - 1]
    pending = [i for i, s in enumerate(states) if s.pending] or [n // 2]
    picks += [pending[k * len(pending) // PENDING] for k in range(PENDING)]
    return [states[i] for i in picks]


CASES = [(seats, seed, i) for seats, seed in GAMES for i in range(PICKS)]


def case(seats: int, seed: int, index: int) -> ShipsState:
    return positions(seats, seed)[index]


@pytest.mark.parametrize(("seats", "seed", "index"), CASES)
def test_a_sample_shows_its_seat_the_view_it_came_from(seats: int, seed: int,
                                                         index: int) -> None:
    state = case(seats, seed, index)
    for seat in range(seats):
        view = GAME.view(state, seat)
        sample = GAME.sample_state(view, seat, Rng.from_seed(seed * 100 + index))
        assert GAME.view(sample, seat).model_dump() == view.model_dump()
        # everything is public in Ships: every other seat sees the same table too
        for other in range(seats):
            assert GAME.view(sample, other).model_dump() == GAME.view(state, other).model_dump()


@pytest.mark.parametrize(("seats", "seed", "index"), CASES)
def test_a_sample_offers_the_same_moves(seats: int, seed: int, index: int) -> None:
    state = case(seats, seed, index)
    for seat in range(seats):
        sample = GAME.sample_state(GAME.view(state, seat), seat, Rng.from_seed(index))
        assert GAME.actors(sample) == GAME.actors(state)
        assert [a.key() for a in GAME.legal_actions(sample, seat)] == \
            [a.key() for a in GAME.legal_actions(state, seat)]
        assert GAME.forced_action(sample, seat) == GAME.forced_action(state, seat)


@pytest.mark.parametrize(("seats", "seed", "index"), CASES)
def test_play_goes_on_from_a_sample(seats: int, seed: int, index: int) -> None:
    state = case(seats, seed, index)
    seat = min(GAME.actors(state), default=0)
    sample = GAME.sample_state(GAME.view(state, seat), seat, Rng.from_seed(seed + index))
    chooser = Rng.from_seed(index)
    for _ in range(30):
        if GAME.outcome(sample) is not None:
            break
        actor = chooser.choice(sorted(GAME.actors(sample)))
        outcome = step(GAME, sample, actor, chooser.choice(GAME.legal_actions(sample, actor)),
                       sample.version)
        assert isinstance(outcome, Accepted), outcome
        sample = outcome.state  # type: ignore[assignment]


@pytest.mark.parametrize(("seats", "seed", "index"), CASES)
def test_a_sample_is_a_valid_state(seats: int, seed: int, index: int) -> None:
    """Built without validation for speed, so checked here: it round-trips through JSON."""
    state = case(seats, seed, index)
    sample = GAME.sample_state(GAME.view(state, 0), 0, Rng.from_seed(3))
    again = ShipsState.model_validate_json(sample.model_dump_json())
    assert again.model_dump() == sample.model_dump()
    assert GAME.load_state(sample.model_dump_json()).model_dump() == sample.model_dump()


@pytest.mark.parametrize(("seats", "seed", "index"), CASES)
def test_decks_hold_only_cards_that_could_be_there(seats: int, seed: int, index: int) -> None:
    state = case(seats, seed, index)
    sample = GAME.sample_state(GAME.view(state, 0), 0, Rng.from_seed(seed))
    content = ships_content()
    assert list(sample.decks) == list(state.decks)
    for era, deck in sample.decks.items():
        assert len(deck) == len(state.decks[era])
        unseen = Counter(content.deck(era))
        if era == state.era:
            unseen -= Counter(state.display)
        assert not Counter(deck) - unseen, era
        if ERAS.index(era) > ERAS.index(state.era):  # an era to come: its whole set
            assert Counter(deck) == Counter(content.deck(era))


@pytest.mark.parametrize(("seats", "seed", "index"), CASES)
def test_samples_differ_where_something_is_hidden(seats: int, seed: int, index: int) -> None:
    state = case(seats, seed, index)
    view = GAME.view(state, 0)
    a = GAME.sample_state(view, 0, Rng.from_seed(1))
    b = GAME.sample_state(view, 0, Rng.from_seed(2))
    assert a.rng != b.rng  # the dice to come
    if any(len(d) > 1 for d in state.decks.values()):
        assert a.decks != b.decks
    # and the same rng gives the same sample
    assert GAME.sample_state(view, 0, Rng.from_seed(1)).model_dump() == a.model_dump()


@pytest.mark.parametrize(("seats", "seed", "index"), CASES)
def test_a_sample_never_uses_the_true_secrets(seats: int, seed: int, index: int) -> None:
    """Two true states that differ only in what the seat cannot see give the same samples."""
    state = case(seats, seed, index)
    scramble = Rng.from_seed(seed * 31 + index)
    for seat in range(seats):
        twins = [state, GAME.scramble_secrets(state, None, scramble)]
        twins += [GAME.scramble_secrets(state, other, scramble)
                  for other in range(seats) if other != seat]
        samples = []
        for twin in twins:
            view = GAME.view(twin, seat)
            assert view.model_dump() == GAME.view(state, seat).model_dump()
            samples.append(GAME.sample_state(view, seat, Rng.from_seed(9)).model_dump())
        assert all(s == samples[0] for s in samples)
        assert twins[1].rng != state.rng  # the twins do differ in their secrets


def test_a_sample_shares_nothing_with_its_view() -> None:
    """A search may play on a sample in place; the view it came from stays as it was."""
    for state in positions(4, 3):
        seat = min(GAME.actors(state), default=0)
        view = GAME.view(state, seat)
        before = view.model_dump()
        sample = GAME.sample_state(view, seat, Rng.from_seed(1))
        chooser = Rng.from_seed(2)
        for _ in range(10):
            if GAME.outcome(sample) is not None:
                break
            actor = chooser.choice(sorted(GAME.actors(sample)))
            GAME.apply(sample, actor, chooser.choice(GAME.legal_actions(sample, actor)))
        assert view.model_dump() == before


def test_a_view_as_data_samples_the_same() -> None:
    state = positions(3, 2)[3]
    view = GAME.view(state, 1)
    a = GAME.sample_state(view, 1, Rng.from_seed(4))
    b = GAME.sample_state(view.model_dump(mode="json"), 1, Rng.from_seed(4))
    assert a.model_dump() == b.model_dump()


def test_a_view_samples_only_its_own_seat() -> None:
    state = positions(2, 1)[2]
    with pytest.raises(ViewMismatchError):
        GAME.sample_state(GAME.view(state, 0), 1, Rng.from_seed(1))


def test_a_deck_larger_than_its_unseen_cards_is_refused() -> None:
    state = positions(2, 1)[0]
    view = GAME.view(state, 0)
    view.deck_sizes["galley"] = len(ships_content().deck("galley"))
    with pytest.raises(ViewMismatchError):
        GAME.sample_state(view, 0, Rng.from_seed(1))


def test_a_sample_is_cheap() -> None:
    """A search draws many: well under a millisecond each (the bound here is loose, for a
    loaded test machine; a sample costs about 0.1-0.2 ms)."""
    views = [GAME.view(s, 0) for s in positions(4, 3)]
    rng = Rng.from_seed(1)
    start = time.process_time()
    for _ in range(50):
        for view in views:
            GAME.sample_state(view, 0, rng)
    per_sample = (time.process_time() - start) / (50 * len(views))
    assert per_sample < 0.002, per_sample
