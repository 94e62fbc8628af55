"""The moves of Ocean Trader, as structured actions. Ships are named by their number (1-3)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from engine.core import Action


# --- ships in port ---------------------------------------------------------------------------
class BuyCargo(Action):
    type: Literal["buy_cargo"] = "buy_cargo"
    ship: int
    goods: str


class SellCargo(Action):
    """Sell to the port named by the World Trade card ``card`` (four, then two times the price)."""

    type: Literal["sell_cargo"] = "sell_cargo"
    ship: int
    goods: str
    card: str


class DumpCargo(Action):
    """Sell unwanted goods to this port for half the purchase price."""

    type: Literal["dump_cargo"] = "dump_cargo"
    ship: int
    goods: str


# --- sailing ---------------------------------------------------------------------------------
class ThrowDice(Action):
    """One throw for every ship that sails this turn: all ships at sea that are free to move,
    and the ships in port listed in ``depart``."""

    type: Literal["throw_dice"] = "throw_dice"
    depart: tuple[int, ...] = ()


class ChooseRoute(Action):
    """Leave port by ``route`` (answers a ``depart`` decision)."""

    type: Literal["choose_route"] = "choose_route"
    ship: int
    route: str


class Dock(Action):
    """Stop in the port reached (answers an ``at_port`` decision)."""

    type: Literal["dock"] = "dock"
    ship: int


class SailOn(Action):
    """Sail through the port reached and on by ``route`` (answers an ``at_port`` decision)."""

    type: Literal["sail_on"] = "sail_on"
    ship: int
    route: str


class Jettison(Action):
    type: Literal["jettison"] = "jettison"
    ship: int
    goods: str


class OrderCards(Action):
    """Put the peeked World Trade cards back, ``order[0]`` on top."""

    type: Literal["order_cards"] = "order_cards"
    order: tuple[str, ...]


class EndTurn(Action):
    type: Literal["end_turn"] = "end_turn"


# --- the office: ships, insurance, shares ----------------------------------------------------
class BuyShip(Action):
    type: Literal["buy_ship"] = "buy_ship"


class SellShip(Action):
    type: Literal["sell_ship"] = "sell_ship"
    ship: int


class BuyPolicy(Action):
    """Cover ``ship``: with the office's spare policy if it holds one (free), else a new one."""

    type: Literal["buy_policy"] = "buy_policy"
    ship: int


class SurrenderPolicy(Action):
    type: Literal["surrender_policy"] = "surrender_policy"
    ship: int


class SurrenderSparePolicy(Action):
    """Surrender a policy the office holds that covers no ship."""

    type: Literal["surrender_spare_policy"] = "surrender_spare_policy"


class BuyShare(Action):
    type: Literal["buy_share"] = "buy_share"


class SellShare(Action):
    """Sell one certificate back to the Merchant Banker."""

    type: Literal["sell_share"] = "sell_share"


class AuctionShare(Action):
    """Offer one certificate to the other players for sealed bids."""

    type: Literal["auction_share"] = "auction_share"


class Bid(Action):
    """A sealed bid for the certificate on auction; 0 passes."""

    type: Literal["bid"] = "bid"
    amount: int


class ClaimMajority(Action):
    type: Literal["claim_majority"] = "claim_majority"


class ChallengeClaim(Action):
    type: Literal["challenge_claim"] = "challenge_claim"


OceanTraderAction = Annotated[
    BuyCargo | SellCargo | DumpCargo | ThrowDice | ChooseRoute | Dock | SailOn | Jettison
    | OrderCards | EndTurn | BuyShip | SellShip | BuyPolicy | SurrenderPolicy
    | SurrenderSparePolicy | BuyShare
    | SellShare | AuctionShare | Bid | ClaimMajority | ChallengeClaim,
    Field(discriminator="type"),
]
ACTION_ADAPTER: TypeAdapter[OceanTraderAction] = TypeAdapter(OceanTraderAction)
