"""Every legal action of a seat, each with a label a player can read."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator

from engine.core import Action
from engine.core.words import count

from . import actions as A
from .board import REST_AREA, REST_SPACE, board
from .content import ships_content
from .economy import bank_space, price
from .effects import PlaceShip as PlaceShipEffect
from .effects import RemoveShipsFromOneAge, RetrieveCubes, SellGoods, UpgradeShip
from .rules import (
    LAST_AGE,
    SPICE_EXTRA_CUBES,
    age_options,
    area_options,
    card_action_effect,
    free_city_spaces,
    free_trade_boxes,
    gold_cost,
    industry_choices,
    industry_good,
    is_spice,
    metal_range,
    own_cube_areas,
    own_ships,
    pay_options,
    placement_rules,
    wine_range,
)
from .state import ShipsState

PAY_LABEL = {"merchant": "merchant cube", "free": "free action cube",
             "oil": "oil for a free action cube", "card": "card"}
# how "pay with ..." reads: oil is a good, taken without an article
PAY_WITH = {"merchant": "pay with a merchant cube", "free": "pay with a free action cube",
            "oil": "pay with oil for a free action cube", "card": "with the card"}


def actors(state: ShipsState) -> set[int]:
    if state.finished:
        return set()
    if state.pending:
        return set(state.pending[0].seats)
    return {state.active}


def legal_actions(state: ShipsState, seat: int) -> list[Action]:
    if seat not in actors(state):
        return []
    if state.pending:
        return list(_pending_actions(state, seat))
    return [*_main_actions(state, seat), A.EndTurn(label="End your turn")]


def only_end_turn_left(state: ShipsState, seat: int) -> bool:
    """In the main phase of the seat's own turn, whether ending it is all ``legal_actions``
    offers (the first other move found is enough to say no)."""
    return next(_main_actions(state, seat), None) is None


def card_action_possible(state: ShipsState, seat: int) -> bool:
    """Whether the card action waiting for the seat offers anything but giving it up (the
    first such move found is enough to say yes)."""
    return any(not isinstance(move, A.SkipCard) for move in _pending_actions(state, seat))


# --- the main phase ----------------------------------------------------------------------------
def _main_actions(state: ShipsState, seat: int) -> Iterator[Action]:
    player = state.players[seat]
    for pay in pay_options(state, seat):
        yield from _placements(state, seat, pay, upgrade=False)
        yield from _placements(state, seat, pay, upgrade=True)
        yield from _paid(state, seat, pay, "remove_ship", _removals(state, seat))
        if not player.took_card:
            yield from _cards(state, seat, pay)
        if bank_space(player) > 0:
            # legal with an empty pool (the action box is open), but it brings nothing
            took = "Take one gold" if state.supply.gold else \
                "Take one gold (the pool is empty: it brings nothing)"
            yield from _paid(state, seat, pay, "take_gold", [({}, took)])
        yield from _paid(state, seat, pay, "take_navigation",
                         [({}, _navigation_label(state.supply.navigation))])
        yield from _sales(state, seat, pay, "sell_goods")
        yield from _paid(state, seat, pay, "retrieve", _retrievals(state, seat, pay))


def _navigation_label(pool: int) -> str:
    """Take Two Navigation Counters, saying so when the pool cannot give two: like Take One
    Gold, the action is open with a short pool, but a player should not spend a cube on it
    unawares (the pieces are finite: components.yaml, limited_supply)."""
    if pool >= 2:
        return "Take two navigation counters"
    if pool == 1:
        return "Take two navigation counters (the pool has only 1: it brings 1)"
    return "Take two navigation counters (the pool is empty: it brings nothing)"


def _pay_text(pay: str, gold: int, wine: int) -> str:
    text = PAY_WITH[pay]
    if gold:
        text += f" + {gold} gold" + (f" ({wine} from wine)" if wine else "")
    return text


def _paid(state: ShipsState, seat: int, pay: str, kind: str,
          variants: list[tuple[dict[str, object], str]], extra_gold: int = 0,
          wine_reserved: int = 0) -> Iterator[Action]:
    """One action per variant and per way of paying its gold (wine exchanged at once)."""
    cost = gold_cost(kind, pay) + extra_gold
    model = {"remove_ship": A.RemoveShip, "take_gold": A.TakeGold, "take_card": A.TakeCard,
             "take_navigation": A.TakeNavigation, "retrieve": A.Retrieve,
             "sell_goods": A.SellGoods}[kind]
    for fields, text in variants:
        for wine in wine_range(state, seat, cost, wine_reserved):
            yield model(pay=pay, wine=wine, label=f"{text}: {_pay_text(pay, cost, wine)}",
                        **fields)


def _removals(state: ShipsState, seat: int) -> list[tuple[dict[str, object], str]]:
    names = board().ship_names
    return [({"age": age, "box": side}, f"Remove your ship from Age {age} ({names[age, side]})")
            for age, side in own_ships(state, seat)]


def _cards(state: ShipsState, seat: int, pay: str) -> Iterator[Action]:
    content = ships_content()
    for card_id in sorted(set(state.display)):
        card = content.card(card_id)
        yield from _paid(state, seat, pay, "take_card", [({"card": card_id},
                         f"Take card {card.name} ({card.text})")],
                         extra_gold=card.gold_cost.value)


def _retrievals(state: ShipsState, seat: int, pay: str) -> list[tuple[dict[str, object], str]]:
    player = state.players[seat]
    found: list[tuple[dict[str, object], str]] = []
    if any(b.merchant or b.industry for b in player.boxes.values()):
        found.append(({"source": 0}, "Retrieve everything from your action boxes"))
    for area in own_cube_areas(state, seat):
        found.append(({"source": area}, f"Retrieve all your cubes from Area {area}"))
        found.extend(({"source": area, **fields}, f"Retrieve {text} from Area {area}")
                     for fields, text in area_part_choices(state, seat, area))
    return found


def area_part_choices(state: ShipsState, seat: int, area: int
                      ) -> list[tuple[dict[str, object], str]]:
    """The ways to take back some but not all of the seat's cubes in one area: a proper,
    non-empty set of its trade boxes (Areas 2-6) or a smaller number of cubes (Area 7)."""
    if area == REST_AREA:
        return [({"count": n}, f"{n} of your cubes")
                for n in range(1, state.rest_merchant[seat])]
    mine = own_trade_boxes(state, seat, area)
    return [({"spaces": chosen},
             "your cubes in " + ", ".join(board().space_label(c) for c in chosen))
            for n in range(1, len(mine)) for chosen in itertools.combinations(mine, n)]


def own_trade_boxes(state: ShipsState, seat: int, area: int) -> tuple[str, ...]:
    return tuple(space for space in board().trade_by_area.get(area, ())
                 if state.trade.get(space) == seat)


def _sales(state: ShipsState, seat: int, pay: str, kind: str, card: str | None = None
           ) -> Iterator[Action]:
    """Every sale of some of the seat's goods; with ``card`` (Docks and the like), the card's
    sale, its label counting the card's extra gold and VP for each good sold."""
    goods = state.players[seat].goods
    held = sorted(goods)
    oil_used = 1 if pay == "oil" else 0
    limits = [goods[g] - (oil_used if g == "oil" else 0) for g in held]
    bonus = _sale_bonus(card)
    for counts in itertools.product(*[range(n + 1) for n in limits]):
        if not any(counts):
            continue
        sold = tuple((g, n) for g, n in zip(held, counts, strict=True) if n)
        many = sum(n for _, n in sold)
        value = sum((price(g) + bonus.extra_gold_per_good) * n for g, n in sold)
        text = "Sell " + ", ".join(f"{n} {g}" for g, n in sold) + f" for {value} gold"
        wine_sold = dict(sold).get("wine", 0)
        if card is not None:
            vp = bonus.vp_per_good * many
            yield A.SellGoods(pay="card", goods=sold,
                              label=text + (f" and {vp} VP" if vp else "") + " (card)")
            continue
        yield from _paid(state, seat, pay, kind, [({"goods": sold}, text)],
                         wine_reserved=wine_sold)


def _sale_bonus(card: str | None) -> SellGoods:
    """What a card's sale adds for each good sold (nothing for the display's Sell Goods)."""
    effect = card_action_effect(card) if card is not None else None
    return effect if isinstance(effect, SellGoods) else SellGoods(effect="sell_goods")


# --- Place Ship and Upgrade Ship ---------------------------------------------------------------
def _placements(state: ShipsState, seat: int, pay: str, upgrade: bool,
                card: str | None = None) -> Iterator[Action]:
    player = state.players[seat]
    kind = "upgrade_ship" if upgrade else "place_ship"
    cost = gold_cost(kind, pay)
    wines = wine_range(state, seat, cost)
    if not wines:
        return
    oil = 1 if pay == "oil" else 0
    rules = placement_rules(card)
    origins: list[tuple[int, str] | None] = (
        [o for o in own_ships(state, seat) if o[0] < LAST_AGE] if upgrade else [None])
    for origin in origins:
        for age in age_options(state, origin[0] if origin else None):
            era = board().age_era[age.age]
            if not upgrade and player.ships.get(era, 0) < 1:
                continue
            for area in area_options(state):
                navigation = age.navigation + area.navigation
                metals = metal_range(state, seat, navigation)
                for side, spaces, extra in placement_targets(state, seat, area.area, rules,
                                                             oil):
                    for metal in metals:
                        for wine in wines:
                            fields = dict(pay=pay, wine=wine, age=age.age, box=side,
                                          spaces=spaces, metal=metal, **extra)
                            label = _placement_label(origin, age.age, age.opens, area.area,
                                                     area.opens, navigation, side, spaces,
                                                     extra.get("industry"),
                                                     extra.get("disc_from"),
                                                     pay, cost, wine, metal)
                            if origin is None:
                                yield A.PlaceShip(label=label, **fields)
                            else:
                                yield A.UpgradeShip(label=label, from_age=origin[0],
                                                    from_box=origin[1], **fields)


def placement_targets(state: ShipsState, seat: int, area: int, rules: PlaceShipEffect,
                      oil: int) -> Iterator[tuple[str, tuple[str, ...], dict[str, object]]]:
    """(box, spaces, extra fields) for each way of placing a cube or a disc in ``area``."""
    player = state.players[seat]
    if rules.box in (None, "merchant"):
        cubes = rules.merchant_cubes
        boxes = free_trade_boxes(state, area)
        if area == REST_AREA:
            groups = list(itertools.combinations_with_replacement(boxes, cubes))
        else:
            groups = list(itertools.combinations(boxes, cubes))
        for group in groups:
            needed = cubes + SPICE_EXTRA_CUBES * sum(1 for s in group if is_spice(s))
            if player.stock_cubes < needed:
                continue
            yield "merchant", group, {}
            if player.industry > 0:
                # one move for each good the counter can add: the player's choice with two cubes
                for boosted in industry_choices(group):
                    yield "merchant", group, {"industry": boosted}
    if rules.box in (None, "warship"):
        food = player.goods.get("food", 0)
        if food >= rules.food_cost:
            for space in free_city_spaces(state, area):
                for row in ("warehouse", "bank"):
                    discs = player.warehouse_discs if row == "warehouse" else player.bank_discs
                    if discs > 0:
                        yield "warship", (space,), {"disc_from": row}


@functools.lru_cache(maxsize=1 << 16)
def _placement_label(origin: tuple[int, str] | None, age: int, opens_age: bool, area: int,
                     opens_area: bool, navigation: int, side: str, spaces: tuple[str, ...],
                     industry: str | None, disc_from: str | None, pay: str, cost: int, wine: int,
                     metal: int) -> str:
    """The move's label, worked out once for each way it can read (a search asks again and
    again for the same moves)."""
    b = board()
    where = f"Age {age}{' (next age)' if opens_age else ''}, {side}"
    if origin is not None:
        where = f"Upgrade from Age {origin[0]} {origin[1]} to {where}"
    targets = " and ".join(b.space_label(s) for s in spaces)
    area_text = f" in Area {area}{' (next area)' if opens_area else ''}"
    parts = [f"{where}: {targets}{area_text}"]
    if industry:
        parts.append(f"+1 {industry_good(industry)} with industry")
    if disc_from:
        parts.append(f"disc from {disc_from}")
    if navigation:
        parts.append(f"{navigation} navigation" + (f" ({metal} from metal)" if metal else ""))
    parts.append(_pay_text(pay, cost, wine))
    return "; ".join(parts)


# --- decisions that interrupt play -------------------------------------------------------------
def _pending_actions(state: ShipsState, seat: int) -> Iterator[Action]:
    pending = state.pending[0]
    player = state.players[seat]
    goods_ids = ships_content().goods_ids
    if pending.kind in ("discard", "pirates"):
        for good in sorted(player.goods):
            yield A.DiscardGood(good=good, label=f"Return one {good} to the pool")
        return
    if pending.kind == "choose":
        for good in goods_ids:
            if good not in pending.excluded and state.supply.goods.get(good, 0) > 0:
                yield A.ChooseGood(good=good, label=f"Take one {good}")
        return
    if pending.kind == "convert":
        if player.goods.get("wine", 0) > 0:
            for good in goods_ids:
                if good not in pending.excluded and good != "wine" \
                        and state.supply.goods.get(good, 0) > 0:
                    yield A.ConvertWine(good=good, label=f"Turn one wine into {good}")
        yield A.StopConverting(label="Stop converting wine")
        return
    assert pending.card is not None
    effect = card_action_effect(pending.card)
    name = ships_content().card(pending.card).name
    if effect is not None and effect.effect == "place_ship":  # type: ignore[attr-defined]
        yield from _placements(state, seat, "card", upgrade=False, card=pending.card)
    elif isinstance(effect, UpgradeShip):
        yield from _placements(state, seat, "card", upgrade=True, card=pending.card)
    elif isinstance(effect, SellGoods):
        yield from _sales(state, seat, "card", "sell_goods", card=pending.card)
    elif isinstance(effect, RemoveShipsFromOneAge):
        for index, boxes in enumerate(state.ages):
            mine = (boxes.merchant.count(seat), boxes.warship.count(seat))
            for m in range(mine[0] + 1):
                for w in range(mine[1] + 1):
                    if m + w:
                        ships = " and ".join(
                            count(n, word) for n, word in ((m, "merchant ship"), (w, "warship"))
                            if n)
                        yield A.RemoveShips(age=index + 1, merchant=m, warship=w,
                                            label=f"Remove {ships} from Age {index + 1}")
    elif isinstance(effect, RetrieveCubes):
        yield from _retrieve_many(state, seat, effect, started=pending.count > 0)
        if pending.count > 0:
            return  # cubes already came back: the action is carried out, not given up
    yield A.SkipCard(label=f"Give up the {name} card's action")


def _retrieve_many(state: ShipsState, seat: int, effect: RetrieveCubes,
                   started: bool) -> Iterator[Action]:
    """Whole areas (and the boxes) at once, or one cube at a time, so that any of them can
    stay; once a single cube came back, a last choice with nothing in it ends the action."""
    player = state.players[seat]
    box_options = [False, True] if effect.action_boxes and any(
        b.merchant or b.industry for b in player.boxes.values()) else [False]
    areas = own_cube_areas(state, seat)
    if effect.areas == "all":
        area_sets = [c for n in range(len(areas) + 1) for c in itertools.combinations(areas, n)]
    elif effect.areas == "one":
        area_sets = [()] + [(a,) for a in areas]
    else:
        area_sets = [()]
    for boxes in box_options:
        for chosen in area_sets:
            if boxes or chosen:
                where = (["action boxes"] if boxes else []) + [f"Area {a}" for a in chosen]
                yield A.RetrieveMany(boxes=boxes, areas=chosen,
                                     label="Retrieve cubes from " + ", ".join(where))
            elif started:
                yield A.RetrieveMany(boxes=False, areas=(), label="Stop retrieving cubes")
    if effect.areas == "all":
        for area in areas:
            if area == REST_AREA:
                yield A.RetrieveCube(space=REST_SPACE,
                                     label="Retrieve one of your cubes from Area 7")
                continue
            for space in own_trade_boxes(state, seat, area):
                yield A.RetrieveCube(space=space, label="Retrieve your cube in "
                                     + board().space_label(space))
