"""The moves of Ships, as structured actions.

Every paid action says how it is paid (``pay``): a merchant cube or a free action cube from the
Action cubes section (free cubes also from the stock), ``oil`` to exchange an oil counter for a
free action cube used at once, or ``card`` when a card grants the action. ``wine`` and ``metal``
are the free exchanges used at once: wine for a gold toward this action's gold cost, metal for a
navigation counter (and 2 VP) toward this action's navigation cost.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from engine.core import Action

Pay = Literal["merchant", "free", "oil", "card"]
Side = Literal["merchant", "warship"]
Row = Literal["warehouse", "bank"]


class Paid(Action):
    pay: Pay
    wine: int = 0


class Placement(Paid):
    """Where a ship goes and what it brings: ``spaces`` are trade box ids (merchant box) or a
    city space id (warship box). Area 7's merchant box is written ``rest_of_world.merchant.GOOD``
    with the good chosen; its warship box ``rest_of_world.warship``. ``industry`` names the one
    of ``spaces`` whose goods an industry counter adds one to (None: no counter spent); with two
    cubes (Panama and Suez Canal) the player chooses it when the two give different goods."""

    age: int
    box: Side
    spaces: tuple[str, ...]
    disc_from: Row | None = None
    industry: str | None = None
    metal: int = 0


class PlaceShip(Placement):
    type: Literal["place_ship"] = "place_ship"


class UpgradeShip(Placement):
    """Moves one own ship from ``from_age``/``from_box`` to ``age`` (one higher)."""

    type: Literal["upgrade_ship"] = "upgrade_ship"
    from_age: int
    from_box: Side


class RemoveShip(Paid):
    type: Literal["remove_ship"] = "remove_ship"
    age: int
    box: Side


class TakeCard(Paid):
    type: Literal["take_card"] = "take_card"
    card: str


class TakeGold(Paid):
    type: Literal["take_gold"] = "take_gold"


class TakeNavigation(Paid):
    type: Literal["take_navigation"] = "take_navigation"


class SellGoods(Paid):
    """``goods`` as sorted (good, count) pairs."""

    type: Literal["sell_goods"] = "sell_goods"
    goods: tuple[tuple[str, int], ...]


class Retrieve(Paid):
    """``source`` 0 takes everything back from the action boxes; 2-7 cubes from that area:
    ``spaces`` the trade boxes (Areas 2-6) or ``count`` the cubes (Area 7) taken back, every
    own cube there when left out."""

    type: Literal["retrieve"] = "retrieve"
    source: int
    spaces: tuple[str, ...] | None = None
    count: int | None = None


class RetrieveMany(Action):
    """Factories: cubes back from the action boxes and/or every own cube in any areas; this
    ends the card's action (after single cubes, nothing more: ``boxes`` false, no areas)."""

    type: Literal["retrieve_many"] = "retrieve_many"
    boxes: bool
    areas: tuple[int, ...]


class RetrieveCube(Action):
    """Factories: one own cube back from a trade box (``space``) or from Area 7
    (``rest_of_world``); the card's action goes on, so some of an area's cubes can stay."""

    type: Literal["retrieve_cube"] = "retrieve_cube"
    space: str


class RemoveShips(Action):
    """Lighthouse, Sea Clocks: own ships from one age back to stock."""

    type: Literal["remove_ships"] = "remove_ships"
    age: int
    merchant: int
    warship: int


class DiscardGood(Action):
    type: Literal["discard_good"] = "discard_good"
    good: str


class ChooseGood(Action):
    type: Literal["choose_good"] = "choose_good"
    good: str


class ConvertWine(Action):
    type: Literal["convert_wine"] = "convert_wine"
    good: str


class StopConverting(Action):
    type: Literal["stop_converting"] = "stop_converting"


class SkipCard(Action):
    type: Literal["skip_card"] = "skip_card"


class EndTurn(Action):
    type: Literal["end_turn"] = "end_turn"


ShipsAction = Annotated[
    PlaceShip | UpgradeShip | RemoveShip | TakeCard | TakeGold | TakeNavigation | SellGoods
    | Retrieve | RetrieveMany | RetrieveCube | RemoveShips | DiscardGood | ChooseGood | ConvertWine
    | StopConverting | SkipCard | EndTurn,
    Field(discriminator="type"),
]
ACTION_ADAPTER: TypeAdapter[ShipsAction] = TypeAdapter(ShipsAction)
