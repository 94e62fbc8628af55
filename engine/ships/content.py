"""Ships content: the data files under ``data/ships/`` loaded once, checked against each other,
and gathered into one ``ShipsContent`` with lookups for the rules engine.

The schemas are in ``content_models`` (board, display, components) and ``effects`` (cards and the
card effect vocabulary); the cross-file checks are in ``content_checks``."""

from __future__ import annotations

import functools
from typing import Literal

from engine.core.content import ContentModel, load_content

from .content_checks import check_content, check_rulings
from .content_models import (
    ActionId,
    Age,
    AgesFile,
    Area,
    AreasFile,
    ComponentsFile,
    DisplayAction,
    DisplayFile,
    EraCubes,
    Good,
    Location,
    RestOfWorld,
    Ruling,
    RulingsFile,
    ShipBox,
)
from .effects import Card, CardsFile

BoxSide = Literal["merchant", "warship"]

# Which file each part of ShipsContent comes from (relative to data/).
FILES: dict[str, tuple[str, type[ContentModel]]] = {
    "ages": ("ships/ages.yaml", AgesFile),
    "areas": ("ships/areas.yaml", AreasFile),
    "display": ("ships/display.yaml", DisplayFile),
    "cards": ("ships/cards.yaml", CardsFile),
    "components": ("ships/components.yaml", ComponentsFile),
    "rulings": ("ships/rulings.yaml", RulingsFile),
}


class ShipsContent(ContentModel):
    """All Ships data. Lookups raise ``KeyError`` for an unknown id or number."""

    ages: AgesFile
    areas: AreasFile
    display: DisplayFile
    cards: CardsFile
    components: ComponentsFile

    # -------------------------------------------------------------- ship age track

    def age(self, number: int) -> Age:
        for age in self.ages.ages:
            if age.age == number:
                return age
        raise KeyError(number)

    def era_ages(self, era: str) -> tuple[Age, ...]:
        return tuple(a for a in self.ages.ages if a.era == era)

    def ship_box(self, box_id: str) -> tuple[Age, BoxSide, ShipBox]:
        """The age and side of the ship box ``box_id``."""
        for age in self.ages.ages:
            if age.merchant.id == box_id:
                return age, "merchant", age.merchant
            if age.warship.id == box_id:
                return age, "warship", age.warship
        raise KeyError(box_id)

    # -------------------------------------------------------------- map

    @property
    def rest_of_world(self) -> RestOfWorld:
        return self.areas.rest_of_world

    def area(self, number: int) -> Area:
        """A finite area (2-6); Area 7 is ``rest_of_world``."""
        for area in self.areas.areas:
            if area.area == number:
                return area
        raise KeyError(number)

    def location(self, location_id: str) -> Location:
        return self.location_area(location_id)[1]

    def location_area(self, location_id: str) -> tuple[Area, Location]:
        for area in self.areas.areas:
            for loc in area.locations:
                if loc.id == location_id:
                    return area, loc
        raise KeyError(location_id)

    def border_cost_into_area(self, number: int) -> int:
        """Navigation counters to open area ``number`` before any discount (0 for the start)."""
        if number == self.rest_of_world.area:
            return self.rest_of_world.border_cost.value
        cost = self.area(number).border_cost
        return 0 if cost is None else cost.value

    # -------------------------------------------------------------- goods, display, cards

    @property
    def goods_ids(self) -> tuple[str, ...]:
        return tuple(g.id for g in self.components.goods.items)

    @functools.cached_property
    def goods_index(self) -> dict[str, Good]:
        return {good.id: good for good in self.components.goods.items}

    @functools.cached_property
    def cards_index(self) -> dict[str, Card]:
        found: dict[str, Card] = {}
        for card in self.cards.cards:
            found.setdefault(card.id, card)
        return found

    def good(self, good_id: str) -> Good:
        return self.goods_index[good_id]

    def action(self, action_id: ActionId) -> DisplayAction:
        for action in self.display.actions:
            if action.id == action_id:
                return action
        raise KeyError(action_id)

    def action_cubes(self, era: str) -> EraCubes:
        for entry in self.display.action_cubes.per_era:
            if entry.era == era:
                return entry
        raise KeyError(era)

    @property
    def discs_on_display(self) -> int:
        """City discs each player puts on their display at setup."""
        return sum(row.discs_at_start for row in self.display.rows)

    def card(self, card_id: str) -> Card:
        return self.cards_index[card_id]

    def deck(self, era: str) -> tuple[str, ...]:
        """The era's deck as card ids, one entry per copy, in file order (shuffle before use)."""
        return tuple(
            card.id for card in self.cards.cards if card.era == era
            for _ in range(card.copies.value)
        )


def build_content(
    ages: AgesFile,
    areas: AreasFile,
    display: DisplayFile,
    cards: CardsFile,
    components: ComponentsFile,
) -> ShipsContent:
    """Gathers already parsed files and checks them against each other."""
    content = ShipsContent(
        ages=ages, areas=areas, display=display, cards=cards, components=components
    )
    check_content(content)
    return content


@functools.cache
def ships_content() -> ShipsContent:
    """All Ships data, loaded and checked once per process; ``ContentError`` if anything is off."""
    return build_content(
        ages=load_content("ships/ages.yaml", AgesFile),
        areas=load_content("ships/areas.yaml", AreasFile),
        display=load_content("ships/display.yaml", DisplayFile),
        cards=load_content("ships/cards.yaml", CardsFile),
        components=load_content("ships/components.yaml", ComponentsFile),
    )


@functools.cache
def ships_rulings() -> tuple[Ruling, ...]:
    """The rulings, loaded and checked once per process; ``ContentError`` if anything is off."""
    rulings = load_content("ships/rulings.yaml", RulingsFile)
    check_rulings(rulings)
    return tuple(rulings.rulings)
