"""Helpers for Ocean Trader tests: positions set up by hand, a loaded die, whole-game playouts."""

from __future__ import annotations

from typing import Any

from engine.core import Accepted, Action, Event, Rng, bot_rng, step
from engine.ocean_trader import GAME
from engine.ocean_trader.content import ocean_trader_content
from engine.ocean_trader.state import OceanTraderState, Ship, TradeSlot


def content() -> Any:
    return ocean_trader_content()


def new_game(seats: int = 2, variant: str = "full", cash: int | None = None,
             seed: int = 1, turns: int = 30) -> OceanTraderState:
    """A fresh game with seat 0 to play; ``cash`` overrides everyone's money."""
    state = GAME.setup({"variant": variant, "turns": turns}, seats, seed)
    state.active = state.first_player = 0
    if cash is not None:
        for player in state.players:
            player.cash = cash
    return state


def act(state: OceanTraderState, seat: int, action: Action) -> tuple[OceanTraderState,
                                                                      list[Event]]:
    result = step(GAME, state, seat, action, state.version)
    assert isinstance(result, Accepted), result
    assert isinstance(result.state, OceanTraderState)
    return result.state, result.events


def rejected(state: OceanTraderState, seat: int, action: Action) -> str:
    result = step(GAME, state, seat, action, state.version)
    assert not isinstance(result, Accepted), f"{action} was accepted"
    return result.message


def load_die(state: OceanTraderState, value: int) -> None:
    """Sets the game's PRNG so that its next throw is ``value``."""
    for seed in range(1000):
        rng = Rng.from_seed(seed)
        if rng.model_copy().randint(1, 6) == value:
            state.rng = rng
            return
    raise AssertionError("no seed found")


def put_at_sea(ship: Ship, route: str, at: int, toward: str) -> None:
    ship.port = None
    ship.route, ship.at, ship.toward = route, at, toward


def only_card(state: OceanTraderState, *cards: str) -> None:
    """Replaces the World Trade cards in play (the rest stay in the deck)."""
    state.in_play = [TradeSlot(card=c) for c in cards]
    state.trade_deck = [c for c in state.trade_deck if c not in cards]


def card_for(port: str, goods: str) -> str:
    for card in content().world_trade.cards:
        if card.port == port and card.goods == goods:
            return card.id
    raise KeyError((port, goods))


def playout(seats: int, seed: int, bots: list[Any], options: dict[str, Any],
            cap: int = 20000) -> OceanTraderState:
    state = GAME.setup(options, seats, seed)
    for _ in range(cap):
        if GAME.outcome(state) is not None:
            return state
        seat = min(GAME.actors(state))
        legal = GAME.legal_actions(state, seat)
        choice = bots[seat].choose(GAME.view(state, seat), legal, bot_rng(seed, state.version,
                                                                          seat))
        state, _ = act(state, seat, choice)
    raise AssertionError("the game did not end")
