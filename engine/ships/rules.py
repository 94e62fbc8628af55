"""Rules shared by the legal-move generator and by ``apply``: costs, options, counts.

Both sides call these functions, so what is offered and what is carried out cannot drift apart.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from .board import REST_AREA, board
from .content import ships_content
from .effects import PlaceShip as PlaceShipEffect
from .state import REST_MERCHANT, REST_WARSHIP, ShipsState, ShipsView

# what the age and area rules read: the state, or any seat's view of it (the same table)
Table = ShipsState | ShipsView

LAST_AGE = 11
ACTION_BOX = {
    "place_ship": "place_ship", "upgrade_ship": "upgrade_ship", "remove_ship": "remove_ship",
    "take_card": "take_card", "take_gold": "take_gold", "take_navigation": "take_navigation",
    "sell_goods": "sell_goods", "retrieve": "retrieve_cubes",
}
METAL_VP = 2
SPICE_EXTRA_CUBES = 1


@functools.cache
def gold_cost(action_type: str, pay: str) -> int:
    """The gold printed on the action box for the kind of cube used (none for a card)."""
    if pay == "card":
        return 0
    costs = ships_content().action(ACTION_BOX[action_type]).costs  # type: ignore[arg-type]
    return costs.merchant_cube if pay == "merchant" else costs.free_action_cube


def pay_options(state: Table, seat: int, oil_reserved: int = 0) -> list[str]:
    player = state.players[seat]
    options = []
    if player.action_merchant > 0:
        options.append("merchant")
    if player.action_free + player.free_cubes > 0:
        options.append("free")
    if player.goods.get("oil", 0) - oil_reserved > 0 and state.supply.free_cubes > 0:
        options.append("oil")
    return options


def wine_range(state: Table, seat: int, cost: int, wine_reserved: int = 0) -> range:
    """How many wine counters may be exchanged toward a gold cost: at least the shortfall, at
    most the cost. Empty when the cost cannot be met."""
    player = state.players[seat]
    wine = player.goods.get("wine", 0) - wine_reserved
    low = max(0, cost - player.gold)
    return range(low, min(wine, cost) + 1)


def metal_range(state: Table, seat: int, cost: int) -> range:
    player = state.players[seat]
    low = max(0, cost - player.navigation)
    return range(low, min(player.goods.get("metal", 0), cost) + 1)


@dataclass(frozen=True)
class AgeOption:
    age: int
    navigation: int
    opens: bool


def opening_cost(state: Table, age: int) -> int:
    """The navigation that opens ``age``: its border, less one for each ship in the age below
    (a ship moving up from there counts before it moves)."""
    return max(0, board().age_border[age] - state.ages[age - 2].count())


def age_options(state: Table, from_age: int | None = None) -> list[AgeOption]:
    """Where a ship may go: the present age or the next (Place Ship), or one up (Upgrade)."""
    present = state.present_age() if isinstance(state, ShipsState) else state.present_age
    if from_age is not None:
        target = from_age + 1
        if target > LAST_AGE:
            return []
        if target <= present:
            return [AgeOption(target, 0, False)]
        # the moving ship counts toward the discount: it is counted before it moves
        return [AgeOption(target, opening_cost(state, target), True)]
    if present == 0:
        return [AgeOption(1, 0, True)]
    options = [AgeOption(present, 0, False)]
    # "As long as there are one or more ship counters in the present age" the next one is open
    if present < LAST_AGE and state.ages[present - 1].count():
        options.append(AgeOption(present + 1, opening_cost(state, present + 1), True))
    return options


def discs_in_area(state: Table, area: int) -> int:
    if area == REST_AREA:
        return sum(state.rest_warship)
    cities = board().cities_by_area.get(area, ())
    return sum(1 for c in cities if c in state.cities)


@dataclass(frozen=True)
class AreaOption:
    area: int
    navigation: int
    opens: bool


@functools.cache
def area_border(area: int) -> int:
    return ships_content().border_cost_into_area(area)


def area_options(state: Table) -> list[AreaOption]:
    if state.area < 2:
        return [AreaOption(2, 0, True)]
    options = [AreaOption(state.area, 0, False)]
    if state.area < REST_AREA:
        nav = max(0, area_border(state.area + 1) - discs_in_area(state, state.area))
        options.append(AreaOption(state.area + 1, nav, True))
    return options


def free_trade_boxes(state: Table, area: int) -> list[str]:
    if area == REST_AREA:
        return [f"{REST_MERCHANT}.{g}" for g in board().rest_goods]
    return [t for t in board().trade_by_area.get(area, ()) if t not in state.trade]


def free_city_spaces(state: Table, area: int) -> list[str]:
    if area == REST_AREA:
        return [REST_WARSHIP]
    return [c for c in board().cities_by_area.get(area, ()) if c not in state.cities]


@functools.cache
def is_spice(space: str) -> bool:
    t = board().trade.get(space)
    return t is not None and t.kind == "spice"


@functools.cache
def industry_allowed(space: str) -> bool:
    if space.startswith(REST_MERCHANT):
        return ships_content().rest_of_world.merchant_box.industry_allowed.value
    t = board().trade.get(space)
    return t is not None and t.kind == "goods"


@functools.cache
def industry_good(space: str) -> str | None:
    """The good an industry counter adds one of when placing in ``space``; None where no
    industry counter may be used (spice, the two-gold box, a city)."""
    if not industry_allowed(space):
        return None
    if space.startswith(REST_MERCHANT):
        return space.rsplit(".", 1)[1]
    return board().trade[space].good


@functools.cache
def industry_choices(spaces: tuple[str, ...]) -> tuple[str, ...]:
    """The spaces of a placement an industry counter may go with, one for each good it can
    add (the first space giving that good): two only when a card places two cubes whose boxes
    give different goods, the one choice that changes what the player gets (rulebook: Industry
    Counters, "take one additional goods counter")."""
    found: dict[str, str] = {}
    for space in spaces:
        good = industry_good(space)
        if good is not None and good not in found:
            found[good] = space
    return tuple(found.values())


def first_industry_space(spaces: tuple[str, ...]) -> str | None:
    """The first of ``spaces`` an industry counter may go with: where "spend an industry
    counter", said without naming a box, puts it (and where rules 2 put it)."""
    return next((s for s in spaces if industry_allowed(s)), None)


def own_ships(state: Table, seat: int) -> list[tuple[int, str]]:
    """(age, side) of each box holding at least one of the seat's ships."""
    found = []
    for index, boxes in enumerate(state.ages):
        for side in ("merchant", "warship"):
            if seat in getattr(boxes, side):
                found.append((index + 1, side))
    return found


def own_cube_areas(state: Table, seat: int) -> list[int]:
    areas = {board().trade[t].area for t, owner in state.trade.items() if owner == seat}
    if state.rest_merchant[seat]:
        areas.add(REST_AREA)
    return sorted(areas)


@functools.cache
def card_action_effect(card_id: str) -> object | None:
    """The card's effect that needs the player's choices, if any."""
    interactive = ("place_ship", "upgrade_ship", "sell_goods", "remove_ships_from_one_age",
                   "retrieve_cubes")
    for effect in ships_content().card(card_id).effects:
        if effect.effect in interactive:
            return effect
    return None


@functools.cache
def placement_rules(card_id: str | None) -> PlaceShipEffect:
    """The restrictions on a Place Ship: the card's, or the display's (none)."""
    if card_id is not None:
        effect = card_action_effect(card_id)
        if isinstance(effect, PlaceShipEffect):
            return effect
    return PlaceShipEffect(effect="place_ship")
