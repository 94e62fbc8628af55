"""The Ships game state and the public view of it.

Ships hides nothing from the players but the order of the card decks (and the PRNG), so every
seat's view is the same as a spectator's, apart from ``viewer``.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from engine.core import State, View

from .content import ShipsContent, ships_content

ERAS = ("galley", "sailing", "steam")
BoxSide = Literal["merchant", "warship"]


def trade_box_id(location: str, index: int) -> str:
    return f"{location}.t{index}"


def city_space_id(location: str, index: int) -> str:
    return f"{location}.c{index}"


REST_MERCHANT = "rest_of_world.merchant"
REST_WARSHIP = "rest_of_world.warship"


class ActionBox(BaseModel):
    """One action box on a player's display: the cubes and industry counters parked in it."""

    merchant: int = 0  # stay until retrieved
    free: int = 0  # go back to the pool at tidy up
    industry: int = 0  # cycle like merchant cubes


class Player(BaseModel):
    vp: int
    stock_cubes: int  # merchant cubes in the available stock
    pool_cubes: int  # own merchant cubes still in the pool
    free_cubes: int  # free action cubes kept in the available stock
    navigation: int = 0
    industry: int = 0
    action_merchant: int = 0  # the 'Action cubes' section this turn
    action_free: int = 0
    boxes: dict[str, ActionBox] = Field(default_factory=dict)
    goods: dict[str, int] = Field(default_factory=dict)
    gold: int = 0
    warehouse_discs: int
    bank_discs: int
    ships: dict[str, int]  # ship counters in stock, by era
    spice_cubes: int = 0
    took_card: bool = False
    turns: int = 0

    def goods_count(self) -> int:
        return sum(self.goods.values())


class AgeBoxes(BaseModel):
    merchant: list[int] = Field(default_factory=list)  # owners of the ships, in placing order
    warship: list[int] = Field(default_factory=list)

    def count(self) -> int:
        return len(self.merchant) + len(self.warship)


class Supply(BaseModel):
    """The pool beside the board. Pieces are finite: taking from an empty pool takes what is
    there."""

    gold: int
    navigation: int
    industry: int
    free_cubes: int
    goods: dict[str, int]


class Pending(BaseModel):
    """A decision that must be made before play goes on.

    discard   -- ``seats`` must each return goods until their warehouse fits (``count`` is
                 unused) -- or, for Pirates, return ``count`` goods each.
    card      -- the active player carries out the card's action or gives it up.
    choose    -- the active player picks ``count`` more goods of their choice.
    convert   -- the active player turns wine into other goods one at a time, or stops.
    """

    kind: Literal["discard", "pirates", "card", "choose", "convert"]
    seats: list[int]
    card: str | None = None
    count: int = 0
    excluded: list[str] = Field(default_factory=list)


class LastTurn(BaseModel):
    """What the last turn changed, for the board's highlights."""

    seat: int | None = None
    ages: list[int] = Field(default_factory=list)
    spaces: list[str] = Field(default_factory=list)
    scored_areas: list[int] = Field(default_factory=list)


class ShipsState(State):
    active: int = 0
    players: list[Player]
    ages: list[AgeBoxes]  # index 0 is Age 1
    trade: dict[str, int] = Field(default_factory=dict)  # trade box id -> owner
    cities: dict[str, int] = Field(default_factory=dict)  # city space id -> owner
    rest_merchant: list[int]  # cubes per seat in Area 7's merchant box
    rest_warship: list[int]  # discs per seat in Area 7's warship box
    reached_age: int = 0  # the highest age any ship has been placed in (0: none yet)
    area: int = 1  # the highest area holding a cube or disc (1: none yet)
    era: str = "galley"
    display: list[str] = Field(default_factory=list)  # the card ids on display
    decks: dict[str, list[str]] = Field(default_factory=dict)
    supply: Supply
    pending: list[Pending] = Field(default_factory=list)
    end_triggered: bool = False
    finished: bool = False
    end_reason: str = ""
    last: LastTurn = Field(default_factory=LastTurn)
    current: LastTurn = Field(default_factory=LastTurn)

    def present_age(self) -> int:
        """The highest age reached, 0 before the first ship. Once a ship has been placed in an
        age, Place Ship never goes lower, even if that age empties again (rulebook: Place
        Ship), and the age is never opened (paid for, scored) a second time."""
        occupied = max((i + 1 for i, boxes in enumerate(self.ages) if boxes.count()), default=0)
        return max(self.reached_age, occupied)


class ShipsView(View):
    """Everything on the table. Ships has no hidden information apart from the decks' order."""

    active: int
    era: str
    present_age: int
    area: int
    players: list[Player]
    ages: list[AgeBoxes]
    trade: dict[str, int]
    cities: dict[str, int]
    rest_merchant: list[int]
    rest_warship: list[int]
    display: list[str]
    deck_sizes: dict[str, int]
    supply: Supply
    pending: list[Pending]
    end_triggered: bool
    last: LastTurn
    current: LastTurn
    scores: list[int] | None = None
    end_reason: str = ""


def content() -> ShipsContent:
    return ships_content()
