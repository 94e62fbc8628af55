"""Schemas of the Ships data files: the Ship Age track, the map areas, the player display and the
component list. The cards and their effect vocabulary are in ``effects.py``.

Provenance: a labelled item subclasses ``Sourced`` (``provenance`` plus an optional ``source``
note); a single labelled number or name is a ``SourcedValue``. See ``data/README.md``."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints, model_validator

from engine.core.content import ContentModel, Sourced, SourcedValue

Id = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*$")]
"""A key that other entries refer to: lower-case letters, digits and underscores."""

Count = Annotated[int, Field(ge=0)]
Positive = Annotated[int, Field(gt=0)]

Resource = Literal["gold", "vp", "merchant_cubes", "free_action_cubes", "navigation", "industry"]
"""What a player can gain apart from goods (which are named by their id in components.yaml)."""

class Gain(ContentModel):
    """An amount of one resource, taken from the pool (VP are scored)."""

    what: Resource
    amount: Positive


# ------------------------------------------------------------------ ages.yaml


class Era(Sourced):
    id: Id
    name: str


class ShipBox(Sourced):
    """A merchant or warship box of one age; ``id`` is how cards refer to the box."""

    id: Id
    name: str


class Penalties(Sourced):
    """VP lost by ships left behind when a new age is opened."""

    two_below_vp_loss: Positive
    three_below_vp_loss: Positive
    three_below_returned: bool


class Age(ContentModel):
    age: Positive
    era: Id
    merchant: ShipBox
    warship: ShipBox
    # Navigation counters to open this age from the one below; None only for Age 1.
    border_cost: SourcedValue[Count] | None
    first_ship_vp: SourcedValue[Count]

    def boxes(self) -> tuple[ShipBox, ShipBox]:
        return (self.merchant, self.warship)


class AgesFile(ContentModel):
    era_split: Sourced  # labels every age's ``era``
    eras: tuple[Era, ...]
    penalties: Penalties
    ages: tuple[Age, ...]


# ------------------------------------------------------------------ areas.yaml


class GoodsBox(Sourced):
    kind: Literal["goods"]
    good: Id


class SpiceBox(Sourced):
    kind: Literal["spice"]


class GoldBox(Sourced):
    kind: Literal["gold"]
    amount: Positive


TradeBox = Annotated[GoodsBox | SpiceBox | GoldBox, Field(discriminator="kind")]


class CitySpace(Sourced):
    """A city space and the benefit taken once when a disc is placed there."""

    gain: Resource
    amount: Positive

    def benefit(self) -> Gain:
        return Gain(what=self.gain, amount=self.amount)


class Location(Sourced):
    """A named location; its own label covers the name, each box and space has its own."""

    id: Id
    name: str
    trade_boxes: tuple[TradeBox, ...] = Field(min_length=1)
    city_spaces: tuple[CitySpace, ...] = Field(min_length=1, max_length=2)


class Area(ContentModel):
    area: Positive
    name: SourcedValue[str]
    vp_value: Positive
    border_cost: SourcedValue[Count] | None  # None only for the start area
    location_list: Sourced  # whether the list of locations is complete
    locations: tuple[Location, ...] = Field(min_length=1)


class SpiceRules(Sourced):
    vp: Positive
    gold: Count
    cubes_locked: Positive
    industry_allowed: bool


class GoodsChoice(Sourced):
    good: Id


class OpenMerchantBox(Sourced):
    """Area 7's Merchant box: any number of cubes; each takes goods of the player's choice."""

    unlimited: bool
    goods_taken: Positive
    goods_choice: tuple[GoodsChoice, ...] = Field(min_length=1)
    excluded_goods: tuple[Id, ...] = ()
    industry_allowed: SourcedValue[bool]


class OpenWarshipBox(Sourced):
    """Area 7's Warship box: any number of discs; each scores ``vp`` when placed."""

    unlimited: bool
    vp: Positive


class RestOfWorld(ContentModel):
    area: Positive
    name: SourcedValue[str]
    vp_value: Positive
    border_cost: SourcedValue[Count]
    merchant_box: OpenMerchantBox
    warship_box: OpenWarshipBox


class AreasFile(ContentModel):
    spice_box: SpiceRules
    areas: tuple[Area, ...]
    rest_of_world: RestOfWorld


# ------------------------------------------------------------------ display.yaml

ActionId = Literal[
    "place_ship", "upgrade_ship", "remove_ship", "take_card", "take_gold", "take_navigation",
    "sell_goods", "retrieve_cubes",
]


class StorageRow(ContentModel):
    """A row of the display; a disc covers every space but the first ``open_at_start``."""

    id: Literal["warehouse", "bank"]
    holds: Literal["goods", "gold"]
    spaces: SourcedValue[Positive]
    open_at_start: SourcedValue[Count]

    @model_validator(mode="after")
    def _open_fits(self) -> StorageRow:
        if self.open_at_start.value > self.spaces.value:
            raise ValueError("open_at_start is larger than the number of spaces")
        return self

    @property
    def discs_at_start(self) -> int:
        return self.spaces.value - self.open_at_start.value


class EraCubes(ContentModel):
    era: Id
    merchant_cubes: Count
    free_action_cubes: Count


class ActionCubes(Sourced):
    per_era: tuple[EraCubes, ...]
    fallback_free_action_cubes: Positive


class ActionCosts(Sourced):
    """Gold paid on top of the cube: with a merchant cube, or with a free action cube."""

    merchant_cube: Count
    free_action_cube: Count


class DisplayAction(ContentModel):
    id: ActionId
    name: str
    costs: ActionCosts
    once_per_turn: bool = False
    needs_bank_space: bool = False


class DisplayFile(ContentModel):
    rows: tuple[StorageRow, ...]
    disc_removal: SourcedValue[Literal["leftmost"]]
    action_cubes: ActionCubes
    actions: tuple[DisplayAction, ...]


# ------------------------------------------------------------------ components.yaml


class Players(Sourced):
    min: Positive
    max: Positive


class ShipCounters(ContentModel):
    era: Id
    name: str
    count: Positive


class PerPlayer(Sourced):
    ship_counters: tuple[ShipCounters, ...]
    city_discs: Positive
    merchant_cubes: Positive
    displays: Positive


class Supply(Sourced):
    cards: Positive
    free_action_cubes: Positive
    gold: Positive
    navigation: Positive
    industry: Positive


class Good(ContentModel):
    id: Id
    name: str
    counters: Positive
    price: Positive  # gold when sold
    trade_box_yield: Positive  # counters one trade box of this good gives
    exchange: tuple[Gain, ...] = ()  # free exchange during a turn, used at once


class Goods(Sourced):
    items: tuple[Good, ...]


class StartStock(ContentModel):
    merchant_cubes: Count
    free_action_cubes: Count


class StartGoods(ContentModel):
    seats: tuple[Positive, ...]  # 1-based turn order
    good: Id
    amount: Positive
    min_players: Positive


class Setup(Sourced):
    start_vp: Count
    vp_marker_discs: Count
    start_stock: StartStock
    start_goods: tuple[StartGoods, ...] = ()
    cards_on_display: Positive


class VpTrack(ContentModel):
    location: SourcedValue[str]
    track_length: SourcedValue[Positive]  # for drawing only: scores are unbounded


class Scoring(Sourced):
    gold_per_vp: Positive


class EndGame(Sourced):
    trigger_age: Positive
    trigger_ships: Positive
    equal_turns: bool
    ties_shared: bool


class ComponentsFile(ContentModel):
    players: Players
    per_player: PerPlayer
    supply: Supply
    limited_supply: SourcedValue[bool]
    goods: Goods
    setup: Setup
    vp_track: VpTrack
    scoring: Scoring
    end_game: EndGame


# ------------------------------------------------------------------ rulings.yaml

NonEmpty = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1)]


class Ruling(ContentModel):
    """How the engine reads the rulebook where it is silent or ambiguous: the ``ruling`` played,
    and the rulebook ``passage`` it reads, quoted as printed."""

    topic: NonEmpty
    ruling: NonEmpty
    passage: NonEmpty


class RulingsFile(ContentModel):
    rulings: list[Ruling]
