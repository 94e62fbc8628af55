"""Lookups over the Ships content that the rules use on every move, computed once."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field

from .content import ships_content
from .content_models import CitySpace, GoldBox, GoodsBox, SpiceBox
from .state import REST_MERCHANT, REST_WARSHIP, city_space_id, trade_box_id

REST_AREA = 7
REST_SPACE = "rest_of_world"  # Area 7's cubes, as a place to take one back from


@dataclass(frozen=True)
class TradeSpace:
    id: str
    area: int
    location: str
    kind: str  # goods, spice, gold
    good: str | None
    amount: int  # gold for the 2-gold box


@dataclass(frozen=True)
class CitySpot:
    id: str
    area: int
    location: str
    gain: str
    amount: int


@dataclass(frozen=True)
class Board:
    trade: dict[str, TradeSpace]
    cities: dict[str, CitySpot]
    trade_by_area: dict[int, tuple[str, ...]]
    cities_by_area: dict[int, tuple[str, ...]]
    location_names: dict[str, str]
    area_values: dict[int, int]
    rest_goods: tuple[str, ...]
    age_border: dict[int, int]  # navigation to open age N
    age_first_vp: dict[int, int]
    age_era: dict[int, str]
    box_ids: dict[tuple[int, str], str]  # (age, side) -> ship box id
    ship_names: dict[tuple[int, str], str]
    # each space's label once worked out (labels are asked for on every legal move)
    labels: dict[str, str] = field(default_factory=dict, compare=False, repr=False)

    def area_of(self, space: str) -> int:
        if space.startswith(REST_MERCHANT) or space == REST_WARSHIP:
            return REST_AREA
        if space in self.trade:
            return self.trade[space].area
        return self.cities[space].area

    def is_space(self, space: str) -> bool:
        """Whether ``space`` is the id of a space a cube or disc can name: a trade box, a city
        space, or one of Area 7's two boxes (its merchant box with any good, even one it never
        gives, so that a refusal can say so)."""
        if space in self.trade or space in self.cities or space == REST_WARSHIP:
            return True
        good = space.removeprefix(REST_MERCHANT + ".")
        return good != space and good in ships_content().goods_ids

    def spaces_named(self, text: str) -> list[str]:
        """The spaces ``text`` names, any case and whether or not a cube or disc may go there
        now: the space whose id or label it is; else those whose label starts with it, else
        those whose label contains it, else those whose label has all its words. A trailing
        area as the lists show it ("Tyre: cloth (Area 2)") is left out."""
        wanted = re.sub(r"\s*\(area [^)]*\)\s*$", "", text.strip().lower())
        if not wanted:
            return []
        if self.is_space(wanted):
            return [wanted]
        labels = {space: self.space_label(space).lower() for space in self.named_spaces()}
        exact = [s for s, label in labels.items() if label == wanted]
        if exact:
            return exact
        for fits in (str.startswith, str.__contains__):
            found = [s for s, label in labels.items() if fits(label, wanted)]
            if found:
                return found
        words = wanted.replace(",", " ").replace(":", " ").split()
        return [s for s, label in labels.items() if all(w in label for w in words)]

    def named_spaces(self) -> tuple[str, ...]:
        """Every space a player may name, in the board's order (Area 7's last)."""
        rest = tuple(f"{REST_MERCHANT}.{g}" for g in ships_content().goods_ids)
        return (*self.trade, *self.cities, *rest, REST_WARSHIP)

    def space_label(self, space: str) -> str:
        label = self.labels.get(space)
        if label is None:
            label = self.labels[space] = self._space_label(space)
        return label

    def _space_label(self, space: str) -> str:
        if space.startswith(REST_MERCHANT):
            return f"Rest of the World: {space.rsplit('.', 1)[1]}"
        if space == REST_WARSHIP:
            return "Rest of the World warship box"
        if space in self.trade:
            t = self.trade[space]
            what = _trade_text(t)
            twins = sorted(o.id for o in self.trade.values()
                           if o.location == t.location and _trade_text(o) == what)
            nth = f" ({ORDINALS[twins.index(space)]} box)" if len(twins) > 1 else ""
            return f"{self.location_names[t.location]}: {what}{nth}"
        c = self.cities[space]
        return f"{self.location_names[c.location]} city: {benefit_text(c.gain, c.amount)}"


ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")


def _trade_text(t: TradeSpace) -> str:
    return t.good or "" if t.kind == "goods" else ("spice" if t.kind == "spice" else
                                                   f"{t.amount} gold")


def benefit_text(gain: str, amount: int) -> str:
    names = {"merchant_cubes": "merchant cube", "free_action_cubes": "free action cube",
             "gold": "gold", "navigation": "navigation", "industry": "industry", "vp": "VP"}
    word = names.get(gain, gain)
    if gain in ("merchant_cubes", "free_action_cubes") and amount > 1:
        word += "s"
    return f"+{amount} {word}"


@functools.cache
def board() -> Board:
    c = ships_content()
    trade: dict[str, TradeSpace] = {}
    cities: dict[str, CitySpot] = {}
    trade_by_area: dict[int, list[str]] = {}
    cities_by_area: dict[int, list[str]] = {}
    names: dict[str, str] = {}
    values: dict[int, int] = {}
    for area in c.areas.areas:
        values[area.area] = area.vp_value
        for loc in area.locations:
            names[loc.id] = loc.name
            for i, box in enumerate(loc.trade_boxes):
                tid = trade_box_id(loc.id, i)
                if isinstance(box, GoodsBox):
                    trade[tid] = TradeSpace(tid, area.area, loc.id, "goods", box.good, 0)
                elif isinstance(box, SpiceBox):
                    trade[tid] = TradeSpace(tid, area.area, loc.id, "spice", None, 0)
                elif isinstance(box, GoldBox):
                    trade[tid] = TradeSpace(tid, area.area, loc.id, "gold", None, box.amount)
                trade_by_area.setdefault(area.area, []).append(tid)
            for i, city in enumerate(loc.city_spaces):
                assert isinstance(city, CitySpace)
                cid = city_space_id(loc.id, i)
                cities[cid] = CitySpot(cid, area.area, loc.id, city.gain, city.amount)
                cities_by_area.setdefault(area.area, []).append(cid)
    rest = c.rest_of_world
    values[rest.area] = rest.vp_value
    excluded = set(rest.merchant_box.excluded_goods)
    rest_goods = tuple(g.good for g in rest.merchant_box.goods_choice if g.good not in excluded)
    border = {a.age: (a.border_cost.value if a.border_cost else 0) for a in c.ages.ages}
    return Board(
        trade=trade,
        cities=cities,
        trade_by_area={k: tuple(v) for k, v in trade_by_area.items()},
        cities_by_area={k: tuple(v) for k, v in cities_by_area.items()},
        location_names=names,
        area_values=values,
        rest_goods=rest_goods,
        age_border=border,
        age_first_vp={a.age: a.first_ship_vp.value for a in c.ages.ages},
        age_era={a.age: a.era for a in c.ages.ages},
        box_ids={**{(a.age, "merchant"): a.merchant.id for a in c.ages.ages},
                 **{(a.age, "warship"): a.warship.id for a in c.ages.ages}},
        ship_names={**{(a.age, "merchant"): a.merchant.name for a in c.ages.ages},
                    **{(a.age, "warship"): a.warship.name for a in c.ages.ages}},
    )
