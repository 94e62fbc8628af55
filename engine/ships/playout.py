"""Quick moves for a search's playouts (``Game.playout_action``): the standard bot's choice,
made straight from a (sampled) state.

A playout makes many moves, so this skips what a person's list of moves needs and a playout
does not: no labels, no validation of moves built from the rules, no copy of the table for a
view (the bot reads the state's own pieces and changes nothing). Of the ways to pay for one
move it offers only the one the standard bot prefers anyway: a merchant cube while one is left
in the Action cubes section, else a free action cube, else oil; the least wine that meets the
gold. A sale is all of one good or all goods, and cubes come back from a whole area or all the
action boxes. Decisions that interrupt play (a card's action, a discard) are few: for them the
full list of legal moves is taken.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any, TypeVar

from engine.core import Action, Rng
from engine.core.construct import construct

from . import actions as A
from .board import board
from .bots import choose_from
from .content import ships_content
from .economy import bank_space
from .legal import actors, legal_actions, placement_targets
from .rules import (
    LAST_AGE,
    age_options,
    area_options,
    gold_cost,
    metal_range,
    own_cube_areas,
    own_ships,
    pay_options,
    placement_rules,
    wine_range,
)
from .state import ShipsState, ShipsView

PREFERRED_PAY = ("merchant", "free", "oil")
M = TypeVar("M", bound=Action)


_MISSING = object()


@functools.cache
def _fields(cls: type[Action]) -> tuple[tuple[str, Any], ...]:
    """Each field of an action class with its default (all immutable), in field order."""
    return tuple((name, _MISSING if f.is_required() else f.default)
                 for name, f in cls.model_fields.items())


def _new(cls: type[M], **given: Any) -> M:
    """``cls.model_construct(**given)`` at a fraction of its cost: the moves here are built
    from the rules, already of their fields' types."""
    return construct(cls, **{name: given.get(name, default) for name, default in _fields(cls)})


def playout_action(state: ShipsState, seat: int, rng: Rng) -> Action | None:
    """The standard bot's move for ``seat`` among the quick moves (see the module)."""
    if seat not in actors(state):
        return None
    moves = legal_actions(state, seat) if state.pending else quick_moves(state, seat)
    if not moves:
        return None
    return choose_from(table_view(state, seat), seat, moves, rng)


def quick_moves(state: ShipsState, seat: int) -> list[Action]:
    """A legal subset of the seat's main-phase moves, unlabelled: see the module."""
    moves: list[Action] = []
    pays = pay_options(state, seat)
    pay = next((p for p in PREFERRED_PAY if p in pays), None)
    if pay is not None:
        moves.extend(_main(state, seat, pay))
    moves.append(_new(A.EndTurn))
    return moves


def _least_wine(state: ShipsState, seat: int, cost: int, reserved: int = 0) -> int | None:
    wines = wine_range(state, seat, cost, reserved)
    return wines.start if wines else None


def _main(state: ShipsState, seat: int, pay: str) -> Iterator[Action]:
    player = state.players[seat]
    yield from _placements(state, seat, pay, upgrade=False)
    yield from _placements(state, seat, pay, upgrade=True)
    wine = _least_wine(state, seat, gold_cost("remove_ship", pay))
    if wine is not None:
        for age, side in own_ships(state, seat):
            yield _new(A.RemoveShip, pay=pay, wine=wine, age=age, box=side)
    if not player.took_card:
        base = gold_cost("take_card", pay)
        for card in sorted(set(state.display)):
            wine = _least_wine(state, seat,
                               base + ships_content().card(card).gold_cost.value)
            if wine is not None:
                yield _new(A.TakeCard, pay=pay, wine=wine, card=card)
    wine = _least_wine(state, seat, gold_cost("take_gold", pay))
    if wine is not None and bank_space(player) > 0:
        yield _new(A.TakeGold, pay=pay, wine=wine)
    wine = _least_wine(state, seat, gold_cost("take_navigation", pay))
    if wine is not None:
        yield _new(A.TakeNavigation, pay=pay, wine=wine)
    yield from _sales(state, seat, pay)
    wine = _least_wine(state, seat, gold_cost("retrieve", pay))
    if wine is not None:
        if any(b.merchant or b.industry for b in player.boxes.values()):
            yield _new(A.Retrieve, pay=pay, wine=wine, source=0)
        for area in own_cube_areas(state, seat):
            yield _new(A.Retrieve, pay=pay, wine=wine, source=area)


def _sales(state: ShipsState, seat: int, pay: str) -> Iterator[Action]:
    goods = state.players[seat].goods
    oil_used = 1 if pay == "oil" else 0
    held = {g: goods[g] - (oil_used if g == "oil" else 0) for g in sorted(goods)}
    held = {g: n for g, n in held.items() if n > 0}
    if not held:
        return
    choices: list[tuple[tuple[str, int], ...]] = [((g, n),) for g, n in held.items()]
    if len(held) > 1:
        choices.append(tuple(held.items()))
    cost = gold_cost("sell_goods", pay)
    for sold in choices:
        wine = _least_wine(state, seat, cost, dict(sold).get("wine", 0))
        if wine is not None:
            yield _new(A.SellGoods, pay=pay, wine=wine, goods=sold)


def _placements(state: ShipsState, seat: int, pay: str, upgrade: bool) -> Iterator[Action]:
    """As ``legal._placements`` offers them, with the least wine and no labels."""
    player = state.players[seat]
    wine = _least_wine(state, seat, gold_cost("upgrade_ship" if upgrade else "place_ship", pay))
    if wine is None:
        return
    oil = 1 if pay == "oil" else 0
    rules = placement_rules(None)
    eras = board().age_era
    origins: list[tuple[int, str] | None] = (
        [o for o in own_ships(state, seat) if o[0] < LAST_AGE] if upgrade else [None])
    areas = area_options(state)
    targets = {area.area: list(placement_targets(state, seat, area.area, rules, oil))
               for area in areas}
    for origin in origins:
        for age in age_options(state, origin[0] if origin else None):
            if not upgrade and player.ships.get(eras[age.age], 0) < 1:
                continue
            for area in areas:
                metals = metal_range(state, seat, age.navigation + area.navigation)
                for side, spaces, extra in targets[area.area]:
                    for metal in metals:
                        fields: dict[str, Any] = dict(pay=pay, wine=wine, age=age.age, box=side,
                                                      spaces=spaces, metal=metal, **extra)
                        if origin is None:
                            yield _new(A.PlaceShip, **fields)
                        else:
                            yield _new(A.UpgradeShip, from_age=origin[0],
                                                                from_box=origin[1], **fields)


def table_view(state: ShipsState, seat: int) -> ShipsView:
    """The seat's view of ``state`` for the standard bot to read, sharing the state's pieces
    (nothing copied): only for a bot that reads it at once and changes nothing."""
    return construct(
        ShipsView,
        game=state.game, version=state.version, viewer=seat, seats=state.seats,
        turn=state.turn, actors=sorted(actors(state)), finished=state.finished,
        active=state.active, era=state.era, present_age=state.present_age(), area=state.area,
        players=state.players, ages=state.ages, trade=state.trade, cities=state.cities,
        rest_merchant=state.rest_merchant, rest_warship=state.rest_warship,
        display=state.display,
        deck_sizes={era: len(deck) for era, deck in state.decks.items()},
        supply=state.supply, pending=state.pending, end_triggered=state.end_triggered,
        last=state.last, current=state.current, scores=None, end_reason=state.end_reason,
    )
