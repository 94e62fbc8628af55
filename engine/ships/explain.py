"""Why a move is refused, in words a player can act on.

Legality itself is decided by ``legal_actions`` alone (an action is legal exactly when it is one
of them); this module only finds the most useful reason for a refusal."""

from __future__ import annotations

from engine.core import Action, Rejection

from . import actions as A
from .board import REST_AREA, board
from .content import ships_content
from .economy import bank_space
from .rules import (
    age_options,
    area_options,
    gold_cost,
    metal_range,
    own_cube_areas,
    wine_range,
)
from .state import ShipsState

PENDING_TEXT = {
    "discard": "return goods until they fit in the warehouse",
    "pirates": "each pirated player returns one good",
    "card": "carry out (or give up) the card you took",
    "choose": "choose the goods the card gives you",
    "convert": "convert wine or stop converting",
}


def explain(state: ShipsState, seat: int, action: Action) -> Rejection:
    reason = _reason(state, seat, action)
    return Rejection(code="illegal", message=reason or "That move is not possible now. Use "
                     "/move to see your legal moves.")


def _partial_reason(state: ShipsState, seat: int, action: A.Retrieve) -> str | None:
    """Why some of an area's cubes cannot be taken back as asked."""
    if action.count is not None:
        held = state.rest_merchant[seat]
        if action.source != REST_AREA:
            return "A number of cubes is for Area 7; elsewhere name the trade boxes."
        if not 0 < action.count < held:
            return (f"You have {held} cubes in Area 7: take 1 to {held - 1} of them, or leave "
                    "out the number to take them all.")
    if action.spaces is not None:
        mine = {t for t, owner in state.trade.items()
                if owner == seat and board().trade[t].area == action.source}
        wrong = [t for t in action.spaces if t not in mine]
        if wrong:
            return f"You have no cube in {wrong[0]} in Area {action.source}."
        if not action.spaces or set(action.spaces) == mine:
            return "To take every cube of the area, leave out the trade boxes."
    return None


def _reason(state: ShipsState, seat: int, action: Action) -> str | None:
    player = state.players[seat]
    if state.pending:
        return f"First {PENDING_TEXT[state.pending[0].kind]}."
    if not isinstance(action, A.Paid):
        if isinstance(action, A.EndTurn):
            return None
        return "There is no decision waiting for that."
    if action.pay == "card":
        return "Only a card you have just taken grants that."
    if action.pay == "merchant" and player.action_merchant < 1:
        return ("You have no merchant cube left in your Action cubes section; pay with a free "
                "action cube (or oil) instead.")
    if action.pay == "free" and player.action_free + player.free_cubes < 1:
        return "You have no free action cube."
    if action.pay == "oil" and player.goods.get("oil", 0) < 1:
        return "You have no oil to exchange for a free action cube."
    cost = gold_cost(action.type, action.pay)
    if isinstance(action, A.TakeCard):
        if player.took_card:
            return "You can take only one card a turn."
        if action.card not in state.display:
            return "That card is not on display."
        cost += ships_content().card(action.card).gold_cost.value
    if not wine_range(state, seat, cost):
        return f"That costs {cost} gold; you have {player.gold} (and {player.goods.get('wine', 0)}"\
               " wine to exchange)."
    if action.wine > cost:
        return (f"Wine can be exchanged only for gold used at once: this move costs {cost} gold, "
                f"so at most {cost} wine.")
    if action.wine > player.goods.get("wine", 0):
        return f"You have {player.goods.get('wine', 0)} wine, not {action.wine}."
    if isinstance(action, A.RemoveShip):
        if seat not in getattr(state.ages[action.age - 1], action.box, []):
            return f"You have no ship in Age {action.age}'s {action.box} box to remove."
    if isinstance(action, A.Retrieve) and action.source:
        if action.source not in own_cube_areas(state, seat):
            return f"You have no cube in Area {action.source} to retrieve."
        part = _partial_reason(state, seat, action)
        if part:
            return part
    if isinstance(action, A.TakeGold) and bank_space(player) < 1:
        return "Your bank is full: take a city disc from it first, or spend some gold."
    if isinstance(action, (A.PlaceShip, A.UpgradeShip)):
        return _placement_reason(state, seat, action)
    if isinstance(action, A.SellGoods):
        for good, count in action.goods:
            if player.goods.get(good, 0) < count:
                return f"You have {player.goods.get(good, 0)} {good}, not {count}."
    return None


def _placement_reason(state: ShipsState, seat: int, action: A.Placement) -> str | None:
    player = state.players[seat]
    b = board()
    origin = action.from_age if isinstance(action, A.UpgradeShip) else None
    if isinstance(action, A.UpgradeShip):
        if seat not in getattr(state.ages[action.from_age - 1], action.from_box, []):
            return f"You have no ship in Age {action.from_age}'s {action.from_box} box."
    ages = {o.age: o for o in age_options(state, origin)}
    if action.age not in ages:
        allowed = " or ".join(f"Age {a}" for a in ages) or "nowhere"
        return f"Your ship can go to {allowed}, not Age {action.age}."
    era = b.age_era[action.age]
    if origin is None and player.ships.get(era, 0) < 1:
        return f"You have no {era} ship counters left."
    if not action.spaces:
        return "Say where the cube or disc goes."
    try:
        area_number = b.area_of(action.spaces[0])
    except KeyError:
        return f"There is no space {action.spaces[0]!r} on the board."
    areas = {o.area: o for o in area_options(state)}
    if area_number not in areas:
        allowed = " or ".join(f"Area {a}" for a in areas)
        return f"Cubes and discs go to {allowed} now, not Area {area_number}."
    navigation = ages[action.age].navigation + areas[area_number].navigation
    if action.metal > navigation:
        return (f"Metal can be exchanged only for navigation used at once: this move needs "
                f"{navigation}, so at most {navigation} metal.")
    if not metal_range(state, seat, navigation):
        return (f"You need {navigation} navigation counters; you have {player.navigation} "
                f"(and {player.goods.get('metal', 0)} metal to exchange).")
    for space in action.spaces:
        if space in state.trade or space in state.cities:
            return f"{b.space_label(space)} is taken."
    if action.box == "warship" and player.goods.get("food", 0) < 1:
        return "A warship box needs one food from your warehouse; you have none."
    if action.box == "merchant" and player.stock_cubes < len(action.spaces):
        return "You have no merchant cube in your available stock; retrieve some first."
    if action.industry and player.industry < 1:
        return "You have no industry counter."
    return None
