"""Checks that the Ships data files agree with each other and with the rulebook's fixed numbers.

Each file is already valid against its own schema when these run; these checks look across
entries and files. All problems are collected and raised together as one ``ContentError``, one
line each, naming the file and the place inside it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Protocol, get_args

from engine.core.content import DATA_DIR
from engine.core.errors import ContentError

from .content_models import (
    ActionId,
    AgesFile,
    AreasFile,
    ComponentsFile,
    DisplayFile,
    GoldBox,
    GoodsBox,
    RulingsFile,
)
from .effects import (
    CardsFile,
    ConvertGoods,
    Effect,
    GainGoodsOfChoice,
    PerOwnCube,
    PerOwnShip,
    PlaceShip,
    RetrieveCubes,
    SellGoods,
    UpgradeShip,
)


class ShipsFiles(Protocol):
    """What the checks read: the parsed files (``content.ShipsContent`` is one)."""

    @property
    def ages(self) -> AgesFile: ...
    @property
    def areas(self) -> AreasFile: ...
    @property
    def display(self) -> DisplayFile: ...
    @property
    def cards(self) -> CardsFile: ...
    @property
    def components(self) -> ComponentsFile: ...
    @property
    def goods_ids(self) -> tuple[str, ...]: ...


# Numbers and names the rulebook fixes.
AGES = 11
FIRST_AREA = 2
LAST_AREA = 7
ACTION_BOXES = 8
NAVIGATION_PER_CITY_SYMBOL = 2
INDUSTRY_PER_CITY_SYMBOL = 1
NAMED_LOCATIONS: dict[int, frozenset[str]] = {
    2: frozenset({"miletus", "knossos"}),
    4: frozenset({"london", "amsterdam", "danzig", "bordeaux", "lubeck", "birka"}),
    5: frozenset({"south_america"}),
}
GOLD_BOX_LOCATION = "south_america"  # the one trade box with gold coin symbols

# Card effects that copy an action of the display.
EFFECT_ACTIONS: dict[type, str] = {
    PlaceShip: "place_ship",
    UpgradeShip: "upgrade_ship",
    SellGoods: "sell_goods",
    RetrieveCubes: "retrieve_cubes",
}


class _Problems:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def add(self, file: str, where: str, message: str) -> None:
        self.lines.append(f"{DATA_DIR / 'ships' / file}: {where}: {message}")

    def duplicates(self, file: str, where: str, ids: Iterable[str]) -> None:
        for key, n in Counter(ids).items():
            if n > 1:
                self.add(file, where, f"id {key!r} is used {n} times")


def check_content(content: ShipsFiles) -> None:
    """Raises ``ContentError`` listing every inconsistency in ``content``."""
    problems = _Problems()
    _check_ages(content, problems)
    _check_areas(content, problems)
    _check_display(content, problems)
    _check_components(content, problems)
    _check_cards(content, problems)
    if problems.lines:
        raise ContentError("\n".join(problems.lines))


def check_rulings(rulings: RulingsFile) -> None:
    """Raises ``ContentError`` when two rulings share a topic or a ruling quotes no passage."""
    problems = _Problems()
    problems.duplicates("rulings.yaml", "rulings", (r.topic for r in rulings.rulings))
    for index, r in enumerate(rulings.rulings):
        if len(r.passage) < 20:
            problems.add("rulings.yaml", f"rulings[{index}]",
                         "the passage must quote the rulebook's sentence, not a word or two")
    if problems.lines:
        raise ContentError("\n".join(problems.lines))


def _check_ages(c: ShipsFiles, p: _Problems) -> None:
    f = "ages.yaml"
    era_ids = [e.id for e in c.ages.eras]
    p.duplicates(f, "eras", era_ids)
    numbers = [a.age for a in c.ages.ages]
    if numbers != list(range(1, AGES + 1)):
        p.add(f, "ages", f"ages must be numbered 1 to {AGES} in order, not {numbers}")
    p.duplicates(f, "ages", (box.id for a in c.ages.ages for box in a.boxes()))
    last_era = 0
    for i, age in enumerate(c.ages.ages):
        where = f"ages/{i}"
        if age.era not in era_ids:
            p.add(f, f"{where}/era", f"unknown era {age.era!r}")
        elif era_ids.index(age.era) < last_era:
            p.add(f, f"{where}/era", f"era {age.era!r} comes after a later era")
        else:
            last_era = era_ids.index(age.era)
        if (age.border_cost is None) != (i == 0):
            wanted = "no border cost" if i == 0 else "a border cost"
            p.add(f, f"{where}/border_cost", f"age {age.age} must have {wanted}")
    used = {a.era for a in c.ages.ages}
    for era in era_ids:
        if era not in used:
            p.add(f, "eras", f"era {era!r} has no age")


def _check_areas(c: ShipsFiles, p: _Problems) -> None:
    f = "areas.yaml"
    numbers = [a.area for a in c.areas.areas] + [c.areas.rest_of_world.area]
    if numbers != list(range(FIRST_AREA, LAST_AREA + 1)):
        p.add(f, "areas", f"areas must be {FIRST_AREA} to {LAST_AREA - 1} in order, then "
                          f"rest_of_world as {LAST_AREA}; found {numbers}")
    p.duplicates(f, "areas/*/locations", (loc.id for a in c.areas.areas for loc in a.locations))
    goods = c.goods_ids
    gold_boxes: list[str] = []
    for i, area in enumerate(c.areas.areas):
        where = f"areas/{i}"
        if area.vp_value != area.area:
            p.add(f, f"{where}/vp_value", "an area's value is its number")
        if (area.border_cost is None) != (area.area == FIRST_AREA):
            p.add(f, f"{where}/border_cost", "only the start area has no border cost")
        ids = {loc.id for loc in area.locations}
        for missing in sorted(NAMED_LOCATIONS.get(area.area, frozenset()) - ids):
            p.add(f, f"{where}/locations", f"the rulebook names location {missing!r} here")
        for j, loc in enumerate(area.locations):
            at = f"{where}/locations/{j}"
            for k, trade_box in enumerate(loc.trade_boxes):
                if isinstance(trade_box, GoodsBox) and trade_box.good not in goods:
                    p.add(f, f"{at}/trade_boxes/{k}/good", f"unknown good {trade_box.good!r}")
                if isinstance(trade_box, GoldBox):
                    gold_boxes.append(loc.id)
            for k, space in enumerate(loc.city_spaces):
                fixed = {"navigation": NAVIGATION_PER_CITY_SYMBOL,
                         "industry": INDUSTRY_PER_CITY_SYMBOL}.get(space.gain)
                if fixed is not None and space.amount != fixed:
                    p.add(f, f"{at}/city_spaces/{k}/amount",
                          f"a {space.gain} city symbol always gives {fixed}")
    if gold_boxes != [GOLD_BOX_LOCATION]:
        p.add(f, "areas", f"there must be exactly one gold trade box, in {GOLD_BOX_LOCATION!r}; "
                          f"found {gold_boxes}")
    world = c.areas.rest_of_world
    if world.vp_value != world.area:
        p.add(f, "rest_of_world/vp_value", "an area's value is its number")
    merchant = world.merchant_box
    at = "rest_of_world/merchant_box"
    for k, choice in enumerate(merchant.goods_choice):
        if choice.good not in goods:
            p.add(f, f"{at}/goods_choice/{k}", f"unknown good {choice.good!r}")
        if choice.good in merchant.excluded_goods:
            p.add(f, f"{at}/goods_choice/{k}", f"{choice.good!r} is also excluded")
    for k, good in enumerate(merchant.excluded_goods):
        if good not in goods:
            p.add(f, f"{at}/excluded_goods/{k}", f"unknown good {good!r}")


def _check_display(c: ShipsFiles, p: _Problems) -> None:
    f = "display.yaml"
    rows = [r.id for r in c.display.rows]
    if sorted(rows) != ["bank", "warehouse"]:
        p.add(f, "rows", f"need one warehouse row and one bank row, found {rows}")
    actions = [a.id for a in c.display.actions]
    p.duplicates(f, "actions", actions)
    if len(actions) != ACTION_BOXES or set(actions) != set(get_args(ActionId)):
        p.add(f, "actions", f"the display has {ACTION_BOXES} action boxes, one of each kind")
    _check_per_era(c, p, f, "action_cubes/per_era", [e.era for e in c.display.action_cubes.per_era])
    components = c.components
    on_display = sum(r.discs_at_start for r in c.display.rows)
    wanted = components.per_player.city_discs - components.setup.vp_marker_discs
    if on_display != wanted:
        p.add(f, "rows", f"{on_display} discs start on the display, but each player has "
                         f"{components.per_player.city_discs} discs of which "
                         f"{components.setup.vp_marker_discs} marks the score: expected {wanted}")


def _check_components(c: ShipsFiles, p: _Problems) -> None:
    f = "components.yaml"
    comp = c.components
    p.duplicates(f, "goods/items", (g.id for g in comp.goods.items))
    if comp.players.min > comp.players.max:
        p.add(f, "players", "min is larger than max")
    _check_per_era(c, p, f, "per_player/ship_counters",
                   [s.era for s in comp.per_player.ship_counters])
    stock = comp.setup.start_stock
    if stock.merchant_cubes > comp.per_player.merchant_cubes:
        p.add(f, "setup/start_stock/merchant_cubes", "more than a player owns")
    if stock.free_action_cubes * comp.players.max > comp.supply.free_action_cubes:
        p.add(f, "setup/start_stock/free_action_cubes", "more than the supply holds")
    for k, extra in enumerate(comp.setup.start_goods):
        where = f"setup/start_goods/{k}"
        if extra.good not in c.goods_ids:
            p.add(f, f"{where}/good", f"unknown good {extra.good!r}")
        if any(seat > comp.players.max for seat in extra.seats):
            p.add(f, f"{where}/seats", f"seats run from 1 to {comp.players.max}")
    if c.ages.ages and comp.end_game.trigger_age != c.ages.ages[-1].age:
        p.add(f, "end_game/trigger_age", "the game ends on the last age of the track")


def _check_per_era(c: ShipsFiles, p: _Problems, f: str, where: str, eras: list[str]) -> None:
    wanted = [e.id for e in c.ages.eras]
    if sorted(eras) != sorted(wanted):
        p.add(f, where, f"need exactly one entry for each era {wanted}, found {eras}")


def _check_cards(c: ShipsFiles, p: _Problems) -> None:
    f = "cards.yaml"
    cards = c.cards.cards
    p.duplicates(f, "cards", (card.id for card in cards))
    eras = [e.id for e in c.ages.eras]
    total = sum(card.copies.value for card in cards)
    if total != c.components.supply.cards:
        p.add(f, "cards", f"{total} cards in all, but components.yaml counts "
                          f"{c.components.supply.cards}")
    shown = c.components.setup.cards_on_display
    for era in eras:
        size = sum(card.copies.value for card in cards if card.era == era)
        if size < shown:
            p.add(f, "cards", f"the {era!r} deck has {size} cards, fewer than the {shown} shown")
    refs = _References(c)
    for i, card in enumerate(cards):
        where = f"cards/{i} ({card.id})"
        if card.era not in eras:
            p.add(f, f"{where}/era", f"unknown era {card.era!r}")
        for k, effect in enumerate(card.effects):
            _check_effect(effect, refs, p, f"{where}/effects/{k}")


class _References:
    """The ids a card effect may refer to."""

    def __init__(self, c: ShipsFiles) -> None:
        self.goods = set(c.goods_ids)
        self.boxes = {box.id for age in c.ages.ages for box in age.boxes()}
        self.locations = {loc.id for area in c.areas.areas for loc in area.locations}
        self.boxed_goods = {box.good for area in c.areas.areas for loc in area.locations
                            for box in loc.trade_boxes if isinstance(box, GoodsBox)}
        self.actions = {a.id for a in c.display.actions}


def _check_effect(effect: Effect, refs: _References, p: _Problems, at: str) -> None:
    f = "cards.yaml"
    goods: list[tuple[str, str]] = []  # (field, good id)
    if isinstance(effect, GainGoodsOfChoice):
        goods += [(f"excluded/{n}", g) for n, g in enumerate(effect.excluded)]
    elif isinstance(effect, ConvertGoods):
        goods.append(("good", effect.good))
        goods += [(f"excluded/{n}", g) for n, g in enumerate(effect.excluded)]
    elif isinstance(effect, PerOwnCube):
        wanted = effect.in_trade_box_with
        if wanted is not None:
            goods.append(("in_trade_box_with", wanted))
            if wanted in refs.goods and wanted not in refs.boxed_goods:
                p.add(f, f"{at}/in_trade_box_with", f"no trade box holds {wanted!r}")
        if effect.in_location is not None and effect.in_location not in refs.locations:
            p.add(f, f"{at}/in_location", f"unknown location {effect.in_location!r}")
    elif isinstance(effect, PerOwnShip) and effect.box not in refs.boxes:
        p.add(f, f"{at}/box", f"unknown ship box {effect.box!r}")
    for field, good in goods:
        if good not in refs.goods:
            p.add(f, f"{at}/{field}", f"unknown good {good!r}")
    action = EFFECT_ACTIONS.get(type(effect))
    if action is not None and action not in refs.actions:
        p.add(f, f"{at}/effect", f"copies the action {action!r}, missing from the display")
