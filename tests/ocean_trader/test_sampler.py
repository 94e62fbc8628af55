"""The determinization sampler: a full state drawn from one seat's view, for search bots."""

from __future__ import annotations

import time
from functools import cache

import pytest

from engine.core import Accepted, Rng, bot_rng, step
from engine.ocean_trader import GAME
from engine.ocean_trader.actions import ChallengeClaim
from engine.ocean_trader.bots import StandardBot
from engine.ocean_trader.state import Claim, OceanTraderState
from tests.contract.playout import played

SEEDS = (1, 2, 3)
PLAYERS = (2, 3, 4, 6)


@cache
def full_game(seats: int, seed: int, moves: int = 600) -> tuple[OceanTraderState, ...]:
    """Positions of a full-variant game (shares, claims, auctions): standard bots with a random
    move now and then, since random games of the full variant seldom buy certificates."""
    state = GAME.setup({"variant": "full"}, seats, seed)
    chooser = Rng.from_seed(seed * 31 + seats)
    bot = StandardBot()
    states = []
    for _ in range(moves):
        states.append(state)
        if GAME.outcome(state) is not None:
            break
        seat = chooser.choice(sorted(GAME.actors(state)))
        legal = GAME.legal_actions(state, seat)
        if chooser.below(4) == 0:
            action = chooser.choice(legal)
        else:
            action = bot.choose(GAME.view(state, seat), legal, bot_rng(seed, state.version, seat))
        result = step(GAME, state, seat, action, state.version)
        assert isinstance(result, Accepted), result
        assert isinstance(result.state, OceanTraderState)
        state = result.state
    return tuple(states)


def positions(seats: int, seed: int) -> list[OceanTraderState]:
    """The opening, and every few positions of a short (random) and a full game."""
    short = [s for s in played(GAME, seats, seed).states if isinstance(s, OceanTraderState)]
    full = list(full_game(seats, seed))
    return [*short[::23], short[-1], *full[::29], full[-1]]


def banker_sold_out(state: OceanTraderState) -> bool:
    """The one thing the sampler assumes against the truth: the Banker has a certificate left
    (the view never says; the seat's own offer to buy does)."""
    return state.variant == "full" and state.banker_shares == 0


@pytest.mark.parametrize("seats", PLAYERS)
@pytest.mark.parametrize("seed", SEEDS)
def test_the_sample_agrees_with_the_view_and_offers_the_same_moves(seats: int,
                                                                   seed: int) -> None:
    rng = Rng.from_seed(seed)
    for state in positions(seats, seed):
        for seat in range(seats):
            view = GAME.view(state, seat)
            sample = GAME.sample_state(view, seat, rng)
            assert GAME.view(sample, seat).model_dump() == view.model_dump()
            assert GAME.load_state(sample.model_dump_json()) == sample
            assert sample.banker_shares + sum(p.shares for p in sample.players) == \
                view.certificates
            assert all(p.cash >= 0 and p.shares >= 0 for p in sample.players)
            if not banker_sold_out(state):
                assert [a.key() for a in GAME.legal_actions(sample, seat)] == \
                    [a.key() for a in GAME.legal_actions(state, seat)]


@pytest.mark.parametrize("seats", PLAYERS)
def test_play_goes_on_from_a_sample(seats: int) -> None:
    rng = Rng.from_seed(seats)
    for seed in SEEDS:
        for state in positions(seats, seed):
            seat = state.active
            sample = GAME.sample_state(GAME.view(state, seat), seat, rng)
            for _ in range(30):
                if GAME.outcome(sample) is not None:
                    break
                actor = rng.choice(sorted(GAME.actors(sample)))
                legal = GAME.legal_actions(sample, actor)
                assert legal
                result = step(GAME, sample, actor, rng.choice(legal), sample.version)
                assert isinstance(result, Accepted), result
                assert isinstance(result.state, OceanTraderState)
                sample = result.state


def hidden_parts(state: OceanTraderState, seat: int) -> tuple[object, ...]:
    others = [(p.cash, p.shares) for s, p in enumerate(state.players) if s != seat]
    bids = dict(state.auction.bids) if state.auction is not None else {}
    peeked = state.pending.cards if state.pending is not None else []
    return (tuple(state.trade_deck), tuple(state.prospect_deck), tuple(others),
            state.banker_shares, tuple(sorted(bids.items())), tuple(peeked), state.rng.state)


@pytest.mark.parametrize("seats", (2, 4))
def test_samples_vary_where_something_is_hidden(seats: int) -> None:
    for seed in SEEDS:
        for state in positions(seats, seed):
            for seat in range(seats):
                view = GAME.view(state, seat)
                one = GAME.sample_state(view, seat, Rng.from_seed(1))
                two = GAME.sample_state(view, seat, Rng.from_seed(2))
                # the PRNG is always hidden; the decks are while two or more cards are left
                assert hidden_parts(one, seat) != hidden_parts(two, seat)
                assert one.rng.state != two.rng.state
                samples = [GAME.sample_state(view, seat, Rng.from_seed(k)) for k in range(5)]
                if len(one.prospect_deck) > 1:
                    assert len({tuple(s.prospect_deck) for s in samples}) > 1
                if len(one.trade_deck) > 1:
                    assert len({tuple(s.trade_deck) for s in samples}) > 1
                if any(not p.eliminated and (p.turns or s == state.active) and s != seat
                       for s, p in enumerate(state.players)):
                    assert len({tuple(p.cash for p in s.players) for s in samples}) > 1


def test_the_sample_shares_nothing_with_the_view() -> None:
    state = full_game(3, 1)[-1]
    view = GAME.view(state, 0)
    before = view.model_dump()
    sample = GAME.sample_state(view, 0, Rng.from_seed(1))
    for player in sample.players:
        for ship in player.ships:
            ship.cargo.append("tea")
            ship.at += 1
        player.ships.clear()
    sample.in_play.clear()
    sample.trade_discard.append("x")
    if sample.voyage is not None:
        sample.voyage.queue.append(9)
    assert view.model_dump() == before


@pytest.mark.parametrize("seats", (2, 3, 6))
def test_the_sample_never_uses_the_true_hidden_values(seats: int) -> None:
    scrambler = Rng.from_seed(7)
    for seed in SEEDS:
        for state in positions(seats, seed):
            for seat in range(seats):
                others = [None, *(s for s in range(seats) if s != seat)]
                twin = state
                for owner in others:
                    twin = GAME.scramble_secrets(twin, owner, scrambler)
                view, twin_view = GAME.view(state, seat), GAME.view(twin, seat)
                assert twin_view == view
                assert twin != state
                one = GAME.sample_state(view, seat, Rng.from_seed(seed))
                two = GAME.sample_state(twin_view, seat, Rng.from_seed(seed))
                assert one.model_dump() == two.model_dump()


def test_the_secrets_drawn_fit_what_is_public() -> None:
    """Sellers and claimants hold a certificate, sealed bids fit the bidder's cash, a player
    who has not had a turn still has the starting £750, the Banker keeps one certificate."""
    checked = {"auction": 0, "claim": 0}
    for seats in PLAYERS:
        for seed in SEEDS:
            for state in full_game(seats, seed):
                seat = (state.active + 1) % seats
                sample = GAME.sample_state(GAME.view(state, seat), seat, Rng.from_seed(3))
                mine = state.players[seat].shares
                if mine < GAME.view(state, seat).certificates:
                    assert sample.banker_shares >= 1
                if sample.auction is not None:
                    checked["auction"] += 1
                    seller = sample.auction.seller
                    assert seller == seat or sample.players[seller].shares >= 1
                    for bidder, bid in sample.auction.bids.items():
                        assert 0 <= bid <= sample.players[bidder].cash
                if sample.claim is not None:
                    checked["claim"] += 1
                    claimant = sample.claim.claimant
                    assert claimant == seat or sample.players[claimant].shares >= 1
                    assert sample.claim.made_on == state.claim.made_on  # type: ignore[union-attr]
                for other, player in enumerate(sample.players):
                    if other != seat and player.turns == 0 and other != sample.active:
                        assert player.cash == 750
    assert checked["claim"] > 0 and checked["auction"] > 0


@pytest.mark.parametrize("seats", (2, 3, 4))
def test_a_challenge_that_left_the_claim_standing_bounds_the_holdings(seats: int) -> None:
    """The challenger showed fewer certificates than the claimant holds; every sample keeps
    it so, whoever's view it comes from."""
    # two-player games of 600 moves come to a claim from some seeds only
    state = next(s for seed in (*SEEDS, 8) for s in full_game(seats, seed) if s.claim is not None
                 and s.active != s.claim.claimant and s.pending is None and s.auction is None
                 and not s.players[s.active].challenged)
    assert state.claim is not None
    claimant, challenger = state.claim.claimant, state.active
    state = state.model_copy(deep=True)
    for holder, wanted in ((challenger, max(1, state.players[challenger].shares)),
                           (claimant, max(1, state.players[challenger].shares) + 1)):
        more = max(0, wanted - state.players[holder].shares)
        state.players[holder].shares += more
        state.banker_shares -= more
    assert state.banker_shares >= 0
    result = step(GAME, state, challenger, ChallengeClaim(), state.version)
    assert isinstance(result, Accepted), result
    stood = result.state
    assert isinstance(stood, OceanTraderState) and stood.claim is not None
    assert stood.players[challenger].challenged
    for seat in range(seats):
        view = GAME.view(stood, seat)
        for k in range(10):
            sample = GAME.sample_state(view, seat, Rng.from_seed(k))
            assert sample.players[challenger].shares < sample.players[claimant].shares
            assert GAME.view(sample, seat).model_dump() == view.model_dump()


@pytest.mark.parametrize("seats", (3, 4))
def test_a_holding_the_table_knows_is_kept_and_a_claim_holds_more_than_it_withstood(
        seats: int) -> None:
    state = next(s for seed in SEEDS for s in full_game(seats, seed) if s.claim is None
                 and s.pending is None and s.auction is None)
    state = state.model_copy(deep=True)
    for player in state.players:
        player.shares, player.shown = 0, None
    state.players[1].shares = state.players[1].shown = 2  # shown in an earlier challenge
    state.players[2].shares = 4
    state.banker_shares = 10 - 6  # seat 0, whose view it is, holds none
    state.claim = Claim(claimant=2, made_on=state.players[2].turns, beaten=3)
    view = GAME.view(state, 0)
    for k in range(20):
        sample = GAME.sample_state(view, 0, Rng.from_seed(k))
        assert sample.players[1].shares == 2 and sample.players[2].shares >= 4
        assert sum(p.shares for p in sample.players) + sample.banker_shares == 10
        assert GAME.view(sample, 0).model_dump() == view.model_dump()


def test_a_peeked_hand_is_drawn_for_the_others_and_kept_for_the_peeker() -> None:
    found = 0
    for seats in PLAYERS:
        for seed in SEEDS:
            for state in [*played(GAME, seats, seed).states, *full_game(seats, seed)]:
                assert isinstance(state, OceanTraderState)
                pending = state.pending
                if pending is None or pending.kind != "order_cards":
                    continue
                found += 1
                own = GAME.sample_state(GAME.view(state, pending.seat), pending.seat,
                                        Rng.from_seed(1))
                assert own.pending is not None and own.pending.cards == pending.cards
                other = (pending.seat + 1) % seats
                drawn = GAME.sample_state(GAME.view(state, other), other, Rng.from_seed(1))
                assert drawn.pending is not None
                assert len(drawn.pending.cards) == len(pending.cards)
                assert sorted(drawn.trade_deck + drawn.pending.cards) == \
                    sorted(state.trade_deck + pending.cards)
    if not found:
        pytest.skip("no peek in these games")


def test_a_sample_is_quick() -> None:
    states = [s for s in full_game(6, 1)][::10]
    views = [(GAME.view(s, s.active), s.active) for s in states]
    rng = Rng.from_seed(1)
    start = time.perf_counter()
    rounds = 20
    for _ in range(rounds):
        for view, seat in views:
            GAME.sample_state(view, seat, rng)
    per_sample = (time.perf_counter() - start) / (rounds * len(views))
    assert per_sample < 0.002, f"{per_sample * 1e3:.2f} ms a sample"
