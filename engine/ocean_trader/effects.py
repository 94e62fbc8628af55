"""The closed vocabulary of Prospect card effects. A card in ``prospects.yaml`` names one of these;
``prospects.py`` carries them out. No card has code of its own."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from engine.core.content import ContentModel, effect_kinds


class CancelCategory(ContentModel):
    effect: Literal["cancel_category"]
    category: int


class MissTurns(ContentModel):
    effect: Literal["miss_turns"]
    turns: Annotated[int, Field(gt=0)]


class Move(ContentModel):
    effect: Literal["move"]
    spaces: int  # forward when positive, back along the route when negative


class DoubleNextRoll(ContentModel):
    effect: Literal["double_next_roll"]


class Pay(ContentModel):
    effect: Literal["pay"]
    amount: Annotated[int, Field(gt=0)]


class Collect(ContentModel):
    effect: Literal["collect"]
    amount: Annotated[int, Field(gt=0)]


class LoseShip(ContentModel):
    effect: Literal["lose_ship"]


class LoseCargo(ContentModel):
    effect: Literal["lose_cargo"]
    count: Annotated[int, Field(gt=0)]


class DividendPerShare(ContentModel):
    effect: Literal["dividend_per_share"]
    amount: Annotated[int, Field(gt=0)]


class ToNextPort(ContentModel):
    effect: Literal["to_next_port"]
    quarantine: bool = False


class PeekTradeDeck(ContentModel):
    effect: Literal["peek_trade_deck"]
    count: Annotated[int, Field(gt=0)]


Effect = Annotated[
    CancelCategory | MissTurns | Move | DoubleNextRoll | Pay | Collect | LoseShip | LoseCargo
    | DividendPerShare | ToNextPort | PeekTradeDeck,
    Field(discriminator="effect"),
]
EFFECT_TYPES = effect_kinds(Effect, "effect")
"""Every ``effect:`` key the engine must interpret."""
