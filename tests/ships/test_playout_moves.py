"""The quick moves a search's playouts make (``Game.playout_action``): always legal, and the
standard bot's own choice among them, over positions of seeded games."""

from __future__ import annotations

import pytest

from engine.core import Accepted, Rng, step
from engine.core.bots import bot_rng
from engine.ships import GAME
from engine.ships import actions as A
from engine.ships.bots import StandardBot
from engine.ships.playout import quick_moves, table_view
from engine.ships.state import ShipsState


def _positions(seats: int, seed: int, bot: str, every: int = 1) -> list[tuple[ShipsState, int]]:
    """Every ``every``-th position of a seeded game, with the seat to act."""
    state = GAME.setup({}, seats, seed)
    chooser = GAME.bots()[bot]
    rng = Rng.from_seed(seed)
    found = []
    while GAME.outcome(state) is None:
        seat = min(GAME.actors(state))
        if state.version % every == 0:
            found.append((state, seat))
        legal = GAME.legal_actions(state, seat)
        result = step(GAME, state, seat, chooser.choose(GAME.view(state, seat), legal, rng),
                      state.version)
        assert isinstance(result, Accepted), result
        state = result.state  # type: ignore[assignment]
    return found


@pytest.mark.parametrize(("seats", "seed", "bot"), [(2, 11, "random"), (3, 12, "random"),
                                                     (4, 13, "random"), (2, 14, "standard"),
                                                     (4, 15, "standard")])
def test_a_playout_move_is_always_legal(seats: int, seed: int, bot: str) -> None:
    checked = 0
    for state, seat in _positions(seats, seed, bot):
        legal = {a.key(): a for a in GAME.legal_actions(state, seat)}
        for n in range(2):
            move = GAME.playout_action(state, seat, bot_rng(seed + n, state.version, seat))
            assert move is not None
            assert move.key() in legal, (move, state.version)
            checked += 1
        for other in range(seats):
            if other not in GAME.actors(state):
                assert GAME.playout_action(state, other, Rng.from_seed(1)) is None
    assert checked > 100


@pytest.mark.parametrize(("seats", "seed"), [(2, 21), (3, 22)])
def test_quick_moves_are_legal_moves_with_every_kind_the_main_phase_offers(seats: int,
                                                                           seed: int) -> None:
    kinds_seen = set()
    for state, seat in _positions(seats, seed, "standard"):
        if state.pending:
            continue
        legal = GAME.legal_actions(state, seat)
        keys = {a.key() for a in legal}
        quick = quick_moves(state, seat)
        assert {a.key() for a in quick} <= keys
        assert all(a.label == "" for a in quick)
        # every kind of move on offer is among the quick ones (one way of paying for it)
        assert {a.type for a in quick} == {a.type for a in legal}, state.version
        kinds_seen |= {a.type for a in quick}
    assert {"place_ship", "sell_goods", "take_card", "end_turn"} <= kinds_seen


def test_the_quick_view_reads_like_the_seat_s_own_view() -> None:
    for state, seat in _positions(3, 31, "standard", every=9):
        quick, real = table_view(state, seat), GAME.view(state, seat)
        assert quick.model_dump() == real.model_dump()


def test_a_playout_move_is_the_standard_bot_s_choice_where_the_moves_are_few() -> None:
    """Where the quick moves are all the legal moves (an interruption, or one way to pay for
    each), the playout moves as the standard bot would."""
    bot = StandardBot()
    compared = 0
    for state, seat in _positions(2, 41, "standard"):
        legal = GAME.legal_actions(state, seat)
        if not state.pending and len(quick_moves(state, seat)) != len(legal):
            continue
        rng_a, rng_b = bot_rng(41, state.version, seat), bot_rng(41, state.version, seat)
        move = GAME.playout_action(state, seat, rng_a)
        assert move is not None
        assert move.key() == bot.choose(GAME.view(state, seat), legal, rng_b).key()
        compared += 1
    assert compared > 20


def test_a_playout_move_changes_nothing_it_reads() -> None:
    for state, seat in _positions(2, 51, "standard", every=5):
        before = state.model_dump_json()
        GAME.playout_action(state, seat, Rng.from_seed(3))
        assert state.model_dump_json() == before


def test_the_quick_moves_sell_all_of_one_good_or_everything() -> None:
    for state, seat in _positions(2, 61, "standard"):
        if state.pending:
            continue
        goods = state.players[seat].goods
        sales = [a for a in quick_moves(state, seat) if isinstance(a, A.SellGoods)]
        for sale in sales:
            sold = dict(sale.goods)
            # everything, but the oil that pays for the action
            left = {g: n - (g == "oil" and sale.pay == "oil") for g, n in goods.items()}
            assert len(sold) == 1 or sold == {g: n for g, n in left.items() if n}
