"""Whole seeded games of Ships with invariants checked after every action."""

from __future__ import annotations

import pytest

from engine.core import Accepted, Rng, step
from engine.ships import GAME
from engine.ships.content import ships_content
from engine.ships.economy import bank_capacity, warehouse_capacity
from engine.ships.state import ShipsState

# random games of two to four players, kept to what fits the test budget; the contract suite
# plays random games of every game as well
RANDOM_GAMES = 40  # 2-4 players in turn, in 4 blocks that run in parallel
# the invariants are checked on every INVARIANT_EVERY-th position of a game (which ones moves
# with the seed, so the 64 games together cover every move number), and on the last
INVARIANT_EVERY = 4
MOVE_CAP = 3000


def check_invariants(state: ShipsState) -> None:
    c = ships_content()
    per_player = c.components.per_player
    supply = c.components.supply
    players = state.players
    counts = [state.supply.gold, state.supply.navigation, state.supply.industry,
              state.supply.free_cubes, *state.supply.goods.values()]
    for p in players:
        counts += [p.stock_cubes, p.pool_cubes, p.free_cubes, p.navigation, p.industry,
                   p.action_merchant, p.action_free, p.gold, p.warehouse_discs, p.bank_discs,
                   p.spice_cubes, *p.ships.values(), *p.goods.values()]
        counts += [n for b in p.boxes.values() for n in (b.merchant, b.free, b.industry)]
    assert min(counts) >= 0, "no stock is ever negative"
    # every component is somewhere: the pool, a display or the board
    assert state.supply.gold + sum(p.gold for p in players) == supply.gold
    assert state.supply.navigation + sum(p.navigation for p in players) == supply.navigation
    assert state.supply.industry + sum(
        p.industry + sum(b.industry for b in p.boxes.values()) for p in players
    ) == supply.industry
    assert state.supply.free_cubes + sum(
        p.free_cubes + p.action_free + sum(b.free for b in p.boxes.values()) for p in players
    ) == supply.free_action_cubes
    for good in c.components.goods.items:
        held = sum(p.goods.get(good.id, 0) for p in players)
        assert state.supply.goods.get(good.id, 0) + held == good.counters, good.id
    for seat, p in enumerate(players):
        cubes = (p.stock_cubes + p.pool_cubes + p.action_merchant + p.spice_cubes
                 + sum(b.merchant for b in p.boxes.values())
                 + sum(1 for owner in state.trade.values() if owner == seat)
                 + state.rest_merchant[seat])
        assert cubes == per_player.merchant_cubes
        discs = (p.warehouse_discs + p.bank_discs + state.rest_warship[seat]
                 + sum(1 for owner in state.cities.values() if owner == seat)
                 + c.components.setup.vp_marker_discs)
        assert discs == per_player.city_discs
        for counter in per_player.ship_counters:
            on_board = sum(
                (boxes.merchant + boxes.warship).count(seat)
                for age, boxes in enumerate(state.ages, 1)
                if c.age(age).era == counter.era
            )
            assert p.ships[counter.era] + on_board <= counter.count  # upgrades retire some
        assert p.gold <= bank_capacity(p)
        overflowing = any(x.kind == "discard" and seat in x.seats for x in state.pending)
        assert p.goods_count() <= warehouse_capacity(p) or overflowing


def play_checked(seats: int, seed: int, bot: str) -> ShipsState:
    state = GAME.setup({}, seats, seed)
    start_vp = [p.vp for p in state.players]
    logged = [0] * seats
    rng = Rng.from_seed(seed)
    chooser = GAME.bots()[bot]
    for move in range(MOVE_CAP):
        if GAME.outcome(state) is not None:
            check_invariants(state)  # the end, always
            break
        if move % INVARIANT_EVERY == seed % INVARIANT_EVERY:  # a sample, shifted by the seed
            check_invariants(state)
        seat = min(GAME.actors(state))
        legal = GAME.legal_actions(state, seat)
        result = step(GAME, state, seat, chooser.choose(GAME.view(state, seat), legal, rng),
                      state.version)
        assert isinstance(result, Accepted), result
        for event in result.events:
            if event.kind == "vp":
                logged[event.seat or 0] += event.data["vp"]
        state = result.state  # type: ignore[assignment]
    else:
        raise AssertionError(f"no end after {MOVE_CAP} moves")
    # a score is the starting VP plus every logged change
    assert [p.vp for p in state.players] == [s + d for s, d in zip(start_vp, logged, strict=True)]
    assert state.finished and state.end_reason == "five ships in Age 11"
    assert state.ages[-1].count() >= 5
    assert len({p.turns for p in state.players}) == 1, "everyone has had the same turns"
    return state


@pytest.mark.parametrize("block", range(4))
def test_random_games_keep_every_invariant(block: int) -> None:
    for seed in range(block * RANDOM_GAMES // 4, (block + 1) * RANDOM_GAMES // 4):
        play_checked(2 + seed % 3, seed, "random")


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_standard_bot_games_end_by_the_rules(seats: int) -> None:
    for seed in range(1, 6):
        play_checked(seats, seed, "standard")


def test_standard_bot_beats_the_random_bot() -> None:
    """Moves are applied straight to the state, as a search's playouts are: the games above
    take every move through ``step``, and this one is about strength."""
    wins = 0
    games = 12  # bench/arena.py --a standard --b random measures it over many more
    for seed in range(games):
        state = GAME.setup({}, 2, 1000 + seed)
        rng = Rng.from_seed(seed)
        bots = [GAME.bots()["standard"], GAME.bots()["random"]]
        if seed % 2:
            bots.reverse()  # the standard bot plays first in half the games
        while GAME.outcome(state) is None:
            seat = min(GAME.actors(state))
            legal = GAME.legal_actions(state, seat)
            GAME.apply(state, seat, bots[seat].choose(GAME.view(state, seat), legal, rng))
            state.version += 1
        standard = 1 if seed % 2 else 0
        outcome = GAME.outcome(state)
        assert outcome is not None
        wins += outcome.ranks[standard] == 1 and outcome.ranks[1 - standard] == 2
    assert wins >= 0.9 * games, f"the standard bot won {wins} of {games}"
