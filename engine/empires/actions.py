"""The moves of Empires at Sea, as a discriminated union on ``type``.

Cells are ``[x, y]`` (column, row). Ships are named by id (``pirate`` for the Pirate); ports by
the id of their Port card; Pirate's Bay is ``pirates_bay``."""

from __future__ import annotations

import json
from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from engine.core import Action

from .content import Cell
from .effects import Resource


class PlayCard(Action):
    """The turn's Captain's card, paying its cost; ``cell`` or ``port`` say where it acts."""

    type: Literal["play_card"] = "play_card"
    card: str
    cell: Cell | None = None
    port: str | None = None


class DiscardCard(Action):
    """Instead of playing a card: discard one for 3 Gold."""

    type: Literal["discard_card"] = "discard_card"
    card: str


class PlayOrder(Action):
    """A Captain's Order at a reaction window (or Full Sail on one's own turn). ``ship`` picks
    the own ship it helps; ``die`` the die it re-rolls (``attack`` or ``counter`` dice, index)."""

    type: Literal["play_order"] = "play_order"
    card: str
    ship: str | None = None
    die: tuple[Literal["attack", "counter"], int] | None = None


class Pass(Action):
    type: Literal["pass"] = "pass"


class Sail(Action):
    type: Literal["sail"] = "sail"
    ship: str
    to: Cell
    via: Cell | None = None  # the corner of a turning (Marine Chronometer) move


class Trade(Action):
    type: Literal["trade"] = "trade"
    port: str
    give: Resource


class BuyPort(Action):
    type: Literal["buy_port"] = "buy_port"
    port: str


def _key_with_sorted(action: Action, field: str) -> str:
    data = action.model_dump(mode="json")
    data[field] = sorted(data[field])
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


class Attack(Action):
    """``ship`` leads; ``fleet`` are the other ships joining (each beside the target), named
    in any order: the same fleet is the same move."""

    type: Literal["attack"] = "attack"
    ship: str
    fleet: tuple[str, ...] = ()
    target: str

    def key(self) -> str:
        return _key_with_sorted(self, "fleet")


class EndTurn(Action):
    type: Literal["end_turn"] = "end_turn"


class Bribe(Action):
    type: Literal["bribe"] = "bribe"
    amount: int = Field(ge=0)


class CounterTargets(Action):
    """The attacking ships a counter-attack aims at, in any order."""

    type: Literal["counter_targets"] = "counter_targets"
    ships: tuple[str, ...]

    def key(self) -> str:
        return _key_with_sorted(self, "ships")


class ClaimPort(Action):
    type: Literal["claim_port"] = "claim_port"
    port: str


class Launch(Action):
    type: Literal["launch"] = "launch"
    cell: Cell


class Relocate(Action):
    type: Literal["relocate"] = "relocate"
    ship: str
    cell: Cell


class ChooseResource(Action):
    type: Literal["choose_resource"] = "choose_resource"
    resource: Resource


class DiscardOrder(Action):
    type: Literal["discard_order"] = "discard_order"
    card: str


class Draw(Action):
    type: Literal["draw"] = "draw"


class Decline(Action):
    type: Literal["decline"] = "decline"


EmpiresAction = Annotated[
    PlayCard | DiscardCard | PlayOrder | Pass | Sail | Trade | BuyPort | Attack | EndTurn | Bribe
    | CounterTargets | ClaimPort | Launch | Relocate | ChooseResource | DiscardOrder | Draw
    | Decline,
    Field(discriminator="type"),
]
ACTION_ADAPTER: TypeAdapter[EmpiresAction] = TypeAdapter(EmpiresAction)
