"""What the search bot asks of Ocean Trader: a quick playout move straight from a state, a
standing (each seat's expected final assets), and a turn that ends by itself without copying
the state."""

from __future__ import annotations

import pytest

from engine.core import Rng, bot_rng
from engine.ocean_trader import GAME
from engine.ocean_trader.actions import ClaimMajority
from engine.ocean_trader.estimate import expected_assets
from engine.ocean_trader.game import only_end_left
from engine.ocean_trader.rules import bills_available, bills_left, new_ship, total_assets
from engine.ocean_trader.state import OceanTraderState
from tests.ocean_trader.helpers import act, content, new_game, only_card, put_at_sea


def _positions(variant: str, seats: int, seed: int, every: int = 3) -> list[OceanTraderState]:
    """Positions of a seeded game played by the standard bot and the random one in turn."""
    bots = GAME.bots()
    players = [bots["standard"] if s % 2 == 0 else bots["random"] for s in range(seats)]
    state = GAME.setup({"variant": variant}, seats, seed)
    found = []
    moves = 0
    while GAME.outcome(state) is None and moves < 3000:
        seat = min(GAME.actors(state))
        if moves % every == 0:
            found.append(state.model_copy(deep=True))
        action = players[seat].choose(GAME.view(state, seat), GAME.legal_actions(state, seat),
                                      bot_rng(seed, state.version, seat))
        GAME.apply(state, seat, action)
        state.version += 1
        moves += 1
    return found


@pytest.mark.parametrize(("variant", "seats", "seed"),
                         [("short", 2, 11), ("full", 2, 12), ("full", 4, 13), ("short", 3, 14)])
def test_the_playout_move_is_legal_and_the_standard_bots_own(variant: str, seats: int,
                                                             seed: int) -> None:
    bot = GAME.bots()["standard"]
    checked = 0
    for state in _positions(variant, seats, seed, every=2):
        seat = min(GAME.actors(state))
        legal = GAME.legal_actions(state, seat)
        before = state.model_dump()
        move = GAME.playout_action(state, seat, Rng.from_seed(checked))
        assert state.model_dump() == before  # it only reads the state
        assert move is not None and move in legal, (move, legal)
        assert move == bot.choose(GAME.view(state, seat), legal, Rng.from_seed(checked))
        checked += 1
    assert checked > 40


def test_bills_left_counts_what_bills_available_counts() -> None:
    for state in _positions("short", 3, 21, every=17):
        left = bills_left(state)
        assert left == {g.id: bills_available(state, g.id) for g in content().goods.goods}


@pytest.mark.parametrize("variant", ["short", "full"])
def test_a_turn_ends_by_itself_exactly_when_the_copying_test_said_so(variant: str) -> None:
    """``only_end_left`` tests on the state itself and puts it back; the old test on a rich
    copy of the state is the reference."""
    def by_copy(state: OceanTraderState, seat: int) -> bool:
        rich = state.model_copy(deep=True)
        rich.players[seat].cash = 10**9
        if rich.variant == "full":
            rich.players[seat].shares = max(rich.players[seat].shares, 1)
            rich.banker_shares = max(rich.banker_shares, 1)
        return [a.type for a in GAME.legal_actions(rich, seat)] == ["end_turn"]

    # three insured ships at sea that have sailed: no ship to buy, so the test runs in full
    fleet = new_game(2, variant)
    fleet.players[0].ships = [new_ship(n, insured=True) for n in (1, 2, 3)]
    for ship in fleet.players[0].ships:
        put_at_sea(ship, "R29", 1, "SHA")
        ship.sailed = True
    fleet.thrown = 4
    seen = set()
    for state in [fleet, *_positions(variant, 4, 31, every=1)]:
        if state.pending is not None or state.auction is not None:
            continue
        before = state.model_dump()
        said = only_end_left(state, state.active)
        assert state.model_dump() == before
        assert said == by_copy(state, state.active)
        seen.add(said)
    # a rich office always has a policy to buy or to surrender
    assert seen == {False}


def test_cargo_a_card_wants_stands_above_its_price_and_more_the_nearer_the_port() -> None:
    state = new_game(2, "short")
    only_card(state, next(c.id for c in content().world_trade.cards
                          if c.port == "HKG" and c.goods == "cotton"))
    near, far = state.players
    for player in (near, far):
        player.ships[0].cargo = ["cotton"]
    put_at_sea(near.ships[0], next(r.id for r in content().routes.routes
                                   if r.b == "HKG"), 1, "HKG")
    assets = [total_assets(state, s) for s in range(2)]
    assert assets[0] == assets[1]
    standing = expected_assets(state)
    assert standing[0] > standing[1] > assets[1]
    # the last turn: the cargo counts at its Bill's price, as the final assets will
    for player in state.players:
        player.turns = state.turn_limit
    assert expected_assets(state) == [float(a) for a in assets]


def test_an_eliminated_player_stands_below_a_penniless_one() -> None:
    state = new_game(3, "short")
    state.players[1].eliminated = True
    state.players[2].cash = 0
    state.players[2].ships = []
    standing = GAME.standing(state)
    assert standing[1] < standing[2] < standing[0]


def test_the_full_game_is_read_on_a_wider_standing_scale_than_the_short_one() -> None:
    """The full game is won by a claim rather than by assets: a lead in assets says less."""
    short, full = new_game(2, "short"), new_game(2, "full")
    assert GAME.standing_scale_for(short) == GAME.standing_scale
    assert GAME.standing_scale_for(full) > 2 * GAME.standing_scale



def test_in_the_full_game_control_stands_above_any_lead_in_assets() -> None:
    """The full game is won by a claim: a claim made with an outright majority stands far above
    the same position unclaimed, and the winner of a finished game stands first whatever the
    assets (a search scores an ended playout by its final standing)."""
    state = new_game(2, "full", cash=3000)
    state.players[0].shares, state.banker_shares = 5, 4  # five of the nine certificates
    state, _ = act(state, 0, ClaimMajority())
    claimed = GAME.standing(state)
    state.claim = None
    unclaimed = GAME.standing(state)
    assert claimed[0] - claimed[1] > unclaimed[0] - unclaimed[1] + 5000
    state.players[1].cash = 30000
    assert GAME.standing(state)[0] < GAME.standing(state)[1]
    state.finished, state.winner = True, 0
    assert GAME.standing(state)[0] > GAME.standing(state)[1]
    # the short game's standing is its expected assets alone
    short = new_game(2, "short")
    short.winner = 0
    assert GAME.standing(short)[0] == GAME.standing(short)[1]
