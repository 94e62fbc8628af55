"""Schemas of the Ocean Trader data files (``data/ocean_trader/*.yaml``).

Each file carries a ``provenance`` label for its items (and single values may carry their own),
as described in ``data/README.md``: the rulebook's numbers are ``found``, the board and the cards
are ``reconstructed`` placeholders."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints

from engine.core.content import ContentModel, Sourced, SourcedValue

from .effects import Effect

PortId = Annotated[str, StringConstraints(pattern=r"^[A-Z]{3}$")]
GoodsId = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z_]*$")]
Money = Annotated[int, Field(ge=0)]
Positive = Annotated[int, Field(gt=0)]

# ------------------------------------------------------------------ rules.yaml


class Players(Sourced):
    min: Positive
    max: Positive


class Start(Sourced):
    cash: Money
    ships: Positive
    policies: Money


class ShipRules(Sourced):
    max_per_player: Positive
    buy_price: Money
    sell_price: Money
    cargo_capacity: Positive


class InsuranceRules(Sourced):
    first_policy_price: Money
    extra_policy_price: Money
    surrender_value: Money


class InPlay(ContentModel):
    max_players: Positive
    cards: Positive


class WorldTradeRules(Sourced):
    in_play: tuple[InPlay, ...]
    purchases_per_card: Positive
    sale_multipliers: tuple[Positive, ...]
    unwanted_goods_divisor: Positive


class RoaringForties(Sourced):
    eastward: int
    westward: int


class ShareRules(Sourced):
    certificates: Positive
    certificates_two_players: Positive
    price: Money
    banker_buyback: Money


class ClaimRules(Sourced):
    turns: Positive
    must_hold_ships: Money
    must_hold_policies: Money
    must_hold_cash: Money
    forfeit_on_failure: Money


class NoShipsLeft(Sourced):
    turns: Positive


class AssetValues(Sourced):
    ship: Money
    policy: Money
    share: Money
    cargo: Literal["bill_price"]


class ShortGame(Sourced):
    default_turns: Positive


class RulesFile(ContentModel):
    players: Players
    start: Start
    die_faces: SourcedValue[Positive]
    ships: ShipRules
    insurance: InsuranceRules
    bills_of_lading_per_goods: SourcedValue[Positive]
    world_trade: WorldTradeRules
    suez_canal_fee: SourcedValue[Money]
    roaring_forties: RoaringForties
    shares: ShareRules
    claim: ClaimRules
    no_ships_left: NoShipsLeft
    asset_values: AssetValues
    short_game: ShortGame


# ------------------------------------------------------------------ goods.yaml


class Category(ContentModel):
    number: Positive
    name: str
    goods: tuple[GoodsId, ...]


class Goods(ContentModel):
    id: GoodsId
    name: str
    category: Positive
    price: Positive


class GoodsFile(Sourced):
    categories: tuple[Category, ...]
    goods: tuple[Goods, ...]


# ------------------------------------------------------------------ ports.yaml


class Port(ContentModel):
    id: PortId
    name: str
    region: str
    fee: Money
    sells: tuple[GoodsId, ...]


class PortsFile(Sourced):
    start_port: SourcedValue[PortId]
    ports: tuple[Port, ...]


# ------------------------------------------------------------------ routes.yaml


class Route(ContentModel):
    id: str
    a: PortId
    b: PortId
    spaces: Positive
    red: tuple[Positive, ...] = ()
    suez_canal: tuple[Positive, ...] = ()
    roaring_forties_east_end: PortId | None = None
    name: str | None = None

    @property
    def length(self) -> int:
        """Movement points from one port to the other: the far port counts as a space."""
        return self.spaces + 1

    def other(self, port: str) -> str:
        return self.b if port == self.a else self.a

    def label(self) -> str:
        return self.name or f"{self.a}-{self.b}"


class RoutesFile(Sourced):
    routes: tuple[Route, ...]


# ------------------------------------------------------------------ world_trade.yaml


class WorldTradeCard(ContentModel):
    id: str
    port: PortId
    goods: GoodsId
    category: Positive
    from_: tuple[PortId, ...] = Field(alias="from")


class WorldTradeFile(Sourced):
    deck_size: SourcedValue[Positive]
    cards: tuple[WorldTradeCard, ...]


# ------------------------------------------------------------------ prospects.yaml


class ProspectCard(ContentModel):
    id: str
    title: str
    count: Positive
    effect: Effect
    text: str


class ProspectsFile(Sourced):
    cards: tuple[ProspectCard, ...]


# ------------------------------------------------------------------ rulings.yaml


class Ruling(ContentModel):
    """A reading of the rulebook where it is silent or ambiguous; ``passage`` quotes the line."""

    topic: Annotated[str, StringConstraints(min_length=1)]
    ruling: Annotated[str, StringConstraints(min_length=1)]
    passage: Annotated[str, StringConstraints(min_length=1)]


class RulingsFile(Sourced):
    rulings: Annotated[tuple[Ruling, ...], Field(min_length=1)]
