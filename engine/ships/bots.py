"""The standard Ships bot: a quick greedy player that scores each legal move by rules of thumb.

It sees only its seat's view and legal moves. It is meant to be a fair sparring partner and to
drive whole-game tests to a real ending, not to play well."""

from __future__ import annotations

from engine.core import Action, Rng, View

from . import actions as A
from .board import board
from .economy import price
from .state import ShipsView

PAY_PENALTY = {"merchant": 0.0, "free": 1.5, "oil": 2.0, "card": 0.0}


class StandardBot:
    def choose(self, view: View, legal: list[Action], rng: Rng) -> Action:
        assert isinstance(view, ShipsView)
        me = view.viewer if view.viewer is not None else view.active
        best: list[Action] = []
        best_value = float("-inf")
        for action in legal:
            value = _value(view, me, action)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        return rng.choice(best)


def _value(view: ShipsView, me: int, action: Action) -> float:
    player = view.players[me]
    b = board()
    if isinstance(action, A.EndTurn):
        return 0.5
    if isinstance(action, A.DiscardGood):
        return -price(action.good)
    if isinstance(action, (A.ChooseGood, A.ConvertWine)):
        return price(action.good)
    if isinstance(action, A.StopConverting):
        return 0.0
    if isinstance(action, A.SkipCard):
        return -5.0
    value = 0.0
    pay = getattr(action, "pay", "card")
    if isinstance(action, A.Paid):
        value -= PAY_PENALTY[pay] + 0.6 * action.wine
    if isinstance(action, (A.PlaceShip, A.UpgradeShip)):
        value += 4.0 + 0.8 * (action.age - view.present_age) * 3
        value += 1.5 * action.metal
        for space in action.spaces:
            trade = b.trade.get(space)
            if trade is not None:
                value += 8 if trade.kind == "spice" else (
                    trade.amount if trade.kind == "gold" else price(trade.good or "food"))
            elif space in b.cities:
                value += 2.5 + b.cities[space].amount
            else:
                value += 5
        if b.area_of(action.spaces[0]) > view.area:
            value += 3
        if action.industry:
            value += 1.5
        if isinstance(action, A.UpgradeShip):
            value += 1.0 if action.age > view.present_age - 2 else 2.0
        return value
    if isinstance(action, A.SellGoods):
        sold = sum(n for _, n in action.goods)
        full = player.goods_count() >= 3
        return value + (sold * 1.2 if full else sold * 0.4) - 1
    if isinstance(action, A.Retrieve):
        stock = player.stock_cubes
        return value + (6.0 if stock < 2 else 1.0 if stock < 4 else -2.0)
    if isinstance(action, A.RetrieveMany):
        return 3.0 if player.stock_cubes < 3 else -1.0
    if isinstance(action, A.TakeNavigation):
        return value + (3.0 if player.navigation < 6 else 0.2)
    if isinstance(action, A.TakeGold):
        return value + 1.0
    if isinstance(action, A.TakeCard):
        return value + 2.5
    if isinstance(action, A.RemoveShip):
        return value - 1.0
    if isinstance(action, A.RemoveShips):
        return 0.5
    return value
