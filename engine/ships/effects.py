"""The Ships cards and the closed vocabulary of card effects.

A card's ``effects`` is a list of ``Effect``; each is one of the models below, told apart by its
``effect`` key. The rules engine resolves them in order. Ids of goods, locations and ship boxes
are checked against the other data files by ``content_checks``."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from engine.core.content import ContentModel, Sourced, SourcedValue, effect_kinds

from .content_models import Count, Gain, Id, Positive, Resource


class GainEffect(ContentModel):
    """Take ``amount`` of a resource from the pool (merchant cubes: the player's own)."""

    effect: Literal["gain"]
    what: Resource
    amount: Positive


class GainGoodsOfChoice(ContentModel):
    """Take ``amount`` goods counters, each of a good the player chooses, into the warehouse."""

    effect: Literal["gain_goods_of_choice"]
    amount: Positive
    excluded: tuple[Id, ...] = ()


class SellGoods(ContentModel):
    """The Sell Goods action, with a bonus for each good sold."""

    effect: Literal["sell_goods"]
    extra_gold_per_good: Count = 0
    vp_per_good: Count = 0


class PlaceShip(ContentModel):
    """The Place Ship action, optionally restricted to one box and with changed costs/yield."""

    effect: Literal["place_ship"]
    box: Literal["merchant", "warship"] | None = None  # None: either box
    food_cost: Count = 1  # food paid for a warship box
    merchant_cubes: Positive = 1  # cubes placed for a merchant box

    @model_validator(mode="after")
    def _coherent(self) -> PlaceShip:
        if self.food_cost != 1 and self.box != "warship":
            raise ValueError("a changed food_cost needs box: warship")
        if self.merchant_cubes != 1 and self.box != "merchant":
            raise ValueError("a changed merchant_cubes needs box: merchant")
        return self


class UpgradeShip(ContentModel):
    """The Upgrade Ship action."""

    effect: Literal["upgrade_ship"]


class RemoveShipsFromOneAge(ContentModel):
    """Return any number of the player's own ships from a single age to their stock."""

    effect: Literal["remove_ships_from_one_age"]


class RetrieveCubes(ContentModel):
    """Return own merchant cubes (and industry counters) to the available stock."""

    effect: Literal["retrieve_cubes"]
    action_boxes: bool
    areas: Literal["none", "one", "all"]


class PerOwnShip(ContentModel):
    """Gain ``each`` once for every own ship counter in the ship box ``box``."""

    effect: Literal["per_own_ship"]
    box: Id
    each: tuple[Gain, ...] = Field(min_length=1)


class PerOwnCube(ContentModel):
    """Gain ``each`` once for every own merchant cube in a matching trade box on the board:
    either a box of the good ``in_trade_box_with`` or any box of the location ``in_location``.
    Cubes in the Rest of the World box are not in a trade box and never count."""

    effect: Literal["per_own_cube"]
    in_trade_box_with: Id | None = None
    in_location: Id | None = None
    include_scored_areas: bool = True
    each: tuple[Gain, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _one_filter(self) -> PerOwnCube:
        if (self.in_trade_box_with is None) == (self.in_location is None):
            raise ValueError("give exactly one of in_trade_box_with and in_location")
        return self


class ConvertGoods(ContentModel):
    """Turn any number of own ``good`` counters into goods of choice (not ``excluded``),
    gaining ``each`` per counter converted."""

    effect: Literal["convert_goods"]
    good: Id
    excluded: tuple[Id, ...] = ()
    each: tuple[Gain, ...] = ()


class OpponentsDiscardGoods(ContentModel):
    """Every other player returns ``amount`` goods of their choice from their warehouse."""

    effect: Literal["opponents_discard_goods"]
    amount: Positive


Effect = Annotated[
    GainEffect
    | GainGoodsOfChoice
    | SellGoods
    | PlaceShip
    | UpgradeShip
    | RemoveShipsFromOneAge
    | RetrieveCubes
    | PerOwnShip
    | PerOwnCube
    | ConvertGoods
    | OpponentsDiscardGoods,
    Field(discriminator="effect"),
]

EFFECT_TYPES = effect_kinds(Effect, "effect")
"""Every ``effect:`` key the engine must interpret."""


class Card(Sourced):
    """A card; ``provenance`` covers its name, era and effects."""

    id: Id
    name: str
    era: Id
    kind: Literal["named", "symbols"]  # text card, or symbols only
    copies: SourcedValue[Positive]
    gold_cost: SourcedValue[Count]  # paid on top of the Take One Card action
    text: str = Field(min_length=1)
    effects: tuple[Effect, ...] = Field(min_length=1)


class CardsFile(ContentModel):
    deck_split: Sourced  # labels the number of cards in each deck
    cards: tuple[Card, ...]
