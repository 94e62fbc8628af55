"""The closed vocabulary of Prospect card effects. A card in ``prospects.yaml`` names one of these;
``prospects.py`` carries them out. No card has code of its own."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from engine.core.content import ContentModel, effect_kinds


class CancelCategory(ContentModel):
    type: Literal["cancel_category"]
    category: int


class MissTurns(ContentModel):
    type: Literal["miss_turns"]
    turns: Annotated[int, Field(gt=0)]


class Move(ContentModel):
    type: Literal["move"]
    spaces: int  # forward when positive, back along the route when negative


class DoubleNextRoll(ContentModel):
    type: Literal["double_next_roll"]


class Pay(ContentModel):
    type: Literal["pay"]
    amount: Annotated[int, Field(gt=0)]


class Collect(ContentModel):
    type: Literal["collect"]
    amount: Annotated[int, Field(gt=0)]


class LoseShip(ContentModel):
    type: Literal["lose_ship"]


class LoseCargo(ContentModel):
    type: Literal["lose_cargo"]
    count: Annotated[int, Field(gt=0)]


class DividendPerShare(ContentModel):
    type: Literal["dividend_per_share"]
    amount: Annotated[int, Field(gt=0)]


class ToNextPort(ContentModel):
    type: Literal["to_next_port"]
    quarantine: bool = False


class PeekTradeDeck(ContentModel):
    type: Literal["peek_trade_deck"]
    count: Annotated[int, Field(gt=0)]


Effect = Annotated[
    CancelCategory | MissTurns | Move | DoubleNextRoll | Pay | Collect | LoseShip | LoseCargo
    | DividendPerShare | ToNextPort | PeekTradeDeck,
    Field(discriminator="type"),
]
EFFECT_TYPES = effect_kinds(Effect, "type")
"""Every ``type:`` key the engine must interpret."""
