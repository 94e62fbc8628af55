"""The closed vocabulary of card effects in Empires at Sea.

Every Captain's, History and Weather card lists its effects as models below, told apart by their
``effect`` key; the engine interprets them (``cards.py``, ``rules.py``, ``combat.py``). A card
that needs something the vocabulary cannot say needs a new effect type here, not code per card."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from engine.core.content import ContentModel

ShipKind = Literal["transport", "frigate", "ship_of_the_line"]
Resource = Literal["gold", "wood", "steel"]
RESOURCES: tuple[Resource, ...] = ("gold", "wood", "steel")
Count = Annotated[int, Field(ge=0)]


class Amounts(ContentModel):
    gold: Count = 0
    wood: Count = 0
    steel: Count = 0

    def items(self) -> list[tuple[Resource, int]]:
        return [(r, getattr(self, r)) for r in RESOURCES if getattr(self, r)]


# ------------------------------------------------------------------ Captain's cards: Events
class LaunchShip(ContentModel):
    """Place one of the player's own pieces beside a port they control."""
    effect: Literal["launch_ship"]
    ship: ShipKind


class Fortify(ContentModel):
    """Add one Fort token (``next``) or make the port a Naval Base (``naval_base``)."""
    effect: Literal["fortify"]
    to: Literal["next", "naval_base"]


class ClaimPort(ContentModel):
    """Take an uncontrolled port without paying for it (Land Ho! and its variants)."""
    effect: Literal["claim_port"]
    where: Literal["beside_own_ship", "same_continent"]


class Gain(Amounts):
    """Captain's card: the player gains; History card: ``nation`` gains."""
    effect: Literal["gain"]
    nation: str | None = None


class AttackKeepsTurn(ContentModel):
    effect: Literal["attack_keeps_turn"]


class ExtraActions(ContentModel):
    """More actions this turn, usable in any way (rulebook, How to Play)."""
    effect: Literal["extra_actions"]
    amount: int


# ------------------------------------------------------------------ Industry and Advancements
class Produce(Amounts):
    effect: Literal["produce"]


class FreeFirstSail(ContentModel):
    """The first Sailing action of a turn costs no action (also a Weather effect)."""
    effect: Literal["free_first_sail"]


class AttackBonus(ContentModel):
    """Advancement: own ships (of ``ship`` kind) attack better. History: ``nations`` attack
    better (``against`` one nation, optionally only its ports) this round."""
    effect: Literal["attack_bonus"]
    amount: int
    ship: ShipKind | None = None
    nations: tuple[str, ...] = ()
    against: str | None = None
    ports_only: bool = False


class PortDefence(ContentModel):
    effect: Literal["port_defence"]
    amount: int


class ShipDefence(ContentModel):
    effect: Literal["ship_defence"]
    amount: int


class CounterBonus(ContentModel):
    effect: Literal["counter_bonus"]
    amount: int


class TurningSail(ContentModel):
    """Once per turn a Sailing action may turn 90 degrees once."""
    effect: Literal["turning_sail"]


class ActionsEachTurn(ContentModel):
    effect: Literal["actions_each_turn"]
    amount: int


class TradeYield(ContentModel):
    """A Trading action gives ``amount`` of the port's resource for one."""
    effect: Literal["trade_yield"]
    amount: int


# ------------------------------------------------------------------ Captain's Orders
class CancelAttack(ContentModel):
    effect: Literal["cancel_attack"]


class RollBonus(ContentModel):
    effect: Literal["roll_bonus"]
    amount: int


class DefenceBonus(ContentModel):
    effect: Literal["defence_bonus"]
    amount: int


class Reroll(ContentModel):
    effect: Literal["reroll"]


class StealGage(ContentModel):
    effect: Literal["steal_gage"]
    counter_bonus: int


# ------------------------------------------------------------------ History cards
class GainPerPort(ContentModel):
    effect: Literal["gain_per_port"]
    nation: str
    resource: Resource
    maximum: int | None = None


class NoProduction(ContentModel):
    """Matching ports produce nothing this round: all conditions given must hold."""
    effect: Literal["no_production"]
    owner: str | None = None
    continent: str | None = None
    region: str | None = None


class FreeClaim(ContentModel):
    """``nations`` (everyone when empty), in turn order, may each take one uncontrolled port
    (on ``continent`` if given) free."""
    effect: Literal["free_claim"]
    nations: tuple[str, ...] = ()
    continent: str | None = None


class PirateActions(ContentModel):
    effect: Literal["pirate_actions"]
    amount: int


class AttackBan(ContentModel):
    """No player may initiate combat this round, except ``only`` (the Pirate still may)."""
    effect: Literal["attack_ban"]
    only: tuple[str, ...] = ()


class Truce(ContentModel):
    """These nations may not attack each other this round."""
    effect: Literal["truce"]
    nations: tuple[str, str]


class LoseGold(ContentModel):
    effect: Literal["lose_gold"]
    nation: str
    amount: int = 0
    half: bool = False


class PayGold(ContentModel):
    effect: Literal["pay_gold"]
    nation: str
    to: str
    amount: int


class Actions(ContentModel):
    """History: ``nations`` (all players when empty) get more or fewer actions this round.
    Weather: every player and the Pirate."""
    effect: Literal["actions"]
    amount: int
    nations: tuple[str, ...] = ()


class FreeLaunch(ContentModel):
    effect: Literal["free_launch"]
    nation: str
    ship: ShipKind


class ChooseResources(ContentModel):
    effect: Literal["choose_resources"]
    nation: str
    amount: int


class TradeBan(ContentModel):
    """No trading at ports owned by ``at`` (by ``by`` only, when given) this round."""
    effect: Literal["trade_ban"]
    at: str
    by: str | None = None


class AmericasClosed(ContentModel):
    effect: Literal["americas_closed"]
    except_nation: str


class ReleasePort(ContentModel):
    effect: Literal["release_port"]
    nation: str
    port: str
    else_lose_gold: int = 0


class ToMediterranean(ContentModel):
    effect: Literal["to_mediterranean"]


class FreeAttack(ContentModel):
    """``nation`` may at once attack (``against`` a nation or the Pirate) at +``bonus``, with one
    ship; ``instead_gold`` when the Pirate is gone."""
    effect: Literal["free_attack"]
    nation: str
    bonus: int
    against: str
    instead_gold: int = 0


# ------------------------------------------------------------------ Weather
class MaxSail(ContentModel):
    effect: Literal["max_sail"]
    cells: int


class NoWeatherGage(ContentModel):
    effect: Literal["no_weather_gage"]


class NoSailing(ContentModel):
    effect: Literal["no_sailing"]


class NoSailRegion(ContentModel):
    effect: Literal["no_sail_region"]
    region: str


CaptainEffect = Annotated[
    LaunchShip | Fortify | ClaimPort | Gain | AttackKeepsTurn | ExtraActions | Produce
    | FreeFirstSail | AttackBonus | PortDefence | ShipDefence | CounterBonus | TurningSail
    | ActionsEachTurn | TradeYield | CancelAttack | RollBonus | DefenceBonus | Reroll | StealGage,
    Field(discriminator="effect"),
]
HistoryEffect = Annotated[
    Gain | GainPerPort | NoProduction | FreeClaim | PirateActions | AttackBan | Truce | LoseGold
    | PayGold | Actions | FreeLaunch | ChooseResources | TradeBan | AmericasClosed | ReleasePort
    | ToMediterranean | FreeAttack | AttackBonus | TradeYield,
    Field(discriminator="effect"),
]
WeatherEffect = Annotated[
    Actions | MaxSail | NoWeatherGage | NoSailing | NoSailRegion | FreeFirstSail,
    Field(discriminator="effect"),
]
