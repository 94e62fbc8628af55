"""/ships: the moves of Ships as their own commands, each option filled in from the legal moves.

``/ships place age box where pay`` and the others name one legal action option by option; each
option's autocomplete offers only what some legal action, agreeing with the options already
chosen, allows. Pending decisions (goods to return, a card's action) go through
``/ships decide``, and a "Decide" menu under the reply. ``/ships help`` explains each action.

Everything is decided by the engine through ``MatchService``: what is offered comes from the
legal actions, and a refusal is the engine's own explanation.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import discord
from discord import app_commands

from bot.service import ActResult, Choice, ServiceError
from bot.ui import lookup
from bot.ui.decide import reply_with_menu
from bot.ui.text import bullets, echo, join_lines
from engine.core import Action
from engine.ships import actions as A
from engine.ships.board import board
from engine.ships.content import ships_content
from engine.ships.economy import price
from engine.ships.rules import AgeOption, AreaOption, age_options, area_options, gold_cost
from engine.ships.state import ShipsView

from .game_groups import Form, GameGroupCog, Label, whole

GAME_ID = "ships"
MAX_EXCHANGE = 20
PAY_TEXT = {
    "merchant": "a merchant cube",
    "free": "a free action cube",
    "oil": "oil (for a free action cube)",
}


# --- reading the options off an action ---------------------------------------------------------
def _yes_no(flag: bool) -> str:
    return "yes" if flag else "no"


def _where(action: Action) -> str:
    return ",".join(action.spaces)  # type: ignore[attr-defined]


def _goods(action: Action) -> str:
    return ",".join(f"{good}:{count}" for good, count in action.goods)  # type: ignore[attr-defined]


def _ship(age: int, box: str) -> str:
    return f"{age}:{box}"


def _attr(name: str) -> Callable[[Action], str | None]:
    def read(action: Action) -> str | None:
        value = getattr(action, name, None)
        return None if value is None else str(value)
    return read


PAY = {"pay": _attr("pay")}
WINE = {"wine": _attr("wine")}
PLACEMENT = {
    "box": _attr("box"),
    "where": _where,
    **PAY,
    "industry": lambda a: _yes_no(a.industry),  # type: ignore[attr-defined]
    "disc": _attr("disc_from"),
}
EXCHANGES = {"metal": _attr("metal"), **WINE}

FORMS: dict[str, Form] = {
    "place": Form(("place_ship",), {"age": _attr("age"), **PLACEMENT}, EXCHANGES),
    "upgrade": Form(("upgrade_ship",),
                    {"from": lambda a: _ship(a.from_age, a.from_box),  # type: ignore[attr-defined]
                     **PLACEMENT}, EXCHANGES),
    "remove": Form(("remove_ship",),
                   {"ship": lambda a: _ship(a.age, a.box), **PAY},  # type: ignore[attr-defined]
                   WINE),
    "card": Form(("take_card",), {"card": _attr("card"), **PAY}, WINE),
    "gold": Form(("take_gold",), PAY, WINE),
    "navigation": Form(("take_navigation",), PAY, WINE),
    "sell": Form(("sell_goods",), {"goods": _goods, **PAY}, WINE),
    "retrieve": Form(("retrieve",), {"from": _attr("source"), **PAY}, WINE),
    "end": Form(("end_turn",), {}),
}


# --- labels -------------------------------------------------------------------------------------
class _Table:
    """The parts of the public view that the engine's age and area rules read, so that the
    navigation shown in a label is the engine's own figure."""

    def __init__(self, view: ShipsView) -> None:
        self.ages = view.ages
        self.area = view.area
        self.cities = view.cities
        self.rest_warship = view.rest_warship
        self._present = view.present_age

    def present_age(self) -> int:
        return self._present


@dataclass
class Where:
    """What the labels need to know about the board now (filled in only when asked)."""

    table: _Table | None = None

    def ages(self, from_age: int | None = None) -> dict[int, AgeOption]:
        if self.table is None:
            return {}
        return {o.age: o for o in age_options(self.table, from_age)}  # type: ignore[arg-type]

    def areas(self) -> dict[int, AreaOption]:
        if self.table is None:
            return {}
        return {o.area: o for o in area_options(self.table)}  # type: ignore[arg-type]


def navigation_text(navigation: int) -> str:
    return f"{navigation} navigation" if navigation else "no navigation"


def age_label(age: int, option: AgeOption | None, first: bool = False) -> str:
    if first:
        return f"Age {age} (the first ship)"
    if option is None or not option.opens:
        return f"Age {age} (present age)"
    return f"Age {age} (next age): {navigation_text(option.navigation)}"


def where_label(action: Action, where: Where) -> str:
    b = board()
    spaces: tuple[str, ...] = action.spaces  # type: ignore[attr-defined]
    area = b.area_of(spaces[0])
    option = where.areas().get(area)
    if option is not None and option.opens and where.table is not None and where.table.area >= 2:
        area_text = f"Area {area}, next area: {navigation_text(option.navigation)}"
    else:
        area_text = f"Area {area}"
    return " and ".join(b.space_label(s) for s in spaces) + f" ({area_text})"


def gold_of(action: Action) -> int:
    pay: str = action.pay  # type: ignore[attr-defined]
    if pay == "card":
        return 0
    gold = gold_cost(action.type, pay)
    if isinstance(action, A.TakeCard):
        gold += ships_content().card(action.card).gold_cost.value
    return gold


def pay_label(action: Action) -> str:
    pay: str = action.pay  # type: ignore[attr-defined]
    if pay == "card":
        return "with the card you took (no cube, no gold)"
    gold = gold_of(action)
    return f"pay with {PAY_TEXT[pay]}" + (f" + {gold} gold" if gold else "")


def ship_label(age: int, box: str) -> str:
    return f"Age {age} {box}: {board().ship_names[age, box]}"


def card_label(card_id: str) -> str:
    card = ships_content().card(card_id)
    cost = card.gold_cost.value
    return f"{card.name}: {card.text}" + (f" (costs {cost} gold more)" if cost else "")


def goods_label(goods: tuple[tuple[str, int], ...]) -> str:
    value = sum(price(good) * count for good, count in goods)
    return ", ".join(f"{count} {good}" for good, count in goods) + f" for {value} gold"


def source_label(source: int) -> str:
    return "everything in your action boxes" if source == 0 else f"your cubes in Area {source}"


def option_label(option: str, action: Action, where: Where) -> str:
    if option == "age":
        age: int = action.age  # type: ignore[attr-defined]
        first = where.table is not None and where.table.present_age() == 0
        return age_label(age, where.ages().get(age), first)
    if option == "where":
        return where_label(action, where)
    if option == "pay":
        return pay_label(action)
    if option == "from" and isinstance(action, A.UpgradeShip):
        target = where.ages(action.from_age).get(action.age)
        return f"{ship_label(action.from_age, action.from_box)}, up to " + \
            age_label(action.age, target)
    if option == "from" and isinstance(action, A.Retrieve):
        return source_label(action.source)
    if option == "ship" and isinstance(action, A.RemoveShip):
        return ship_label(action.age, action.box)
    if option == "card" and isinstance(action, A.TakeCard):
        return card_label(action.card)
    if option == "goods" and isinstance(action, A.SellGoods):
        return goods_label(action.goods)
    return _attr(option)(action) or ""


# --- building an action from the options, to let the engine say why it is refused -------------
def _number(text: str | None, what: str) -> int:
    if text is None:
        raise ServiceError(f"Fill in {what}.")
    digits = text.split(":", 1)[0].strip().lower().removeprefix("age").removeprefix("area")
    number = whole(digits) if not digits.strip().startswith("-") else None
    if number is None:
        raise ServiceError(f"{what.capitalize()} should be picked from the list, not {echo(text)}.")
    return number


def _origin(text: str | None, what: str) -> tuple[int, str]:
    age = _number(text, what)
    box = (text or "").partition(":")[2].strip() or "merchant"
    if box not in ("merchant", "warship"):
        raise ServiceError(f"{what.capitalize()} should be picked from the list, not {echo(text)}.")
    return age, box


def _spaces(text: str | None) -> tuple[str, ...]:
    if text is None:
        raise ServiceError("Fill in where: pick a trade box or city space from the list.")
    return tuple(s.strip() for s in text.split(",") if s.strip())


def _sale(text: str | None) -> tuple[tuple[str, int], ...]:
    if text is None:
        raise ServiceError("Fill in goods: pick what to sell from the list.")
    sold: dict[str, int] = {}
    for part in text.split(","):
        good, _, count = part.strip().partition(":")
        number = whole(count) if count.strip() else 1
        if not good or number is None or number < 0:
            raise ServiceError(f"Goods should be picked from the list, not {echo(text)}.")
        sold[good.strip().lower()] = sold.get(good.strip().lower(), 0) + number
    return tuple(sorted(sold.items()))


def build(command: str, filled: Mapping[str, str | None]) -> Action:
    """The action the options describe, legal or not (the engine explains a refusal)."""
    pay = filled.get("pay") or "merchant"
    paid: dict[str, Any] = {"pay": pay, "wine": int(filled.get("wine") or 0)}
    try:
        if command in ("place", "upgrade"):
            fields = dict(paid, box=filled.get("box") or "merchant",
                          spaces=_spaces(filled.get("where")),
                          disc_from=filled.get("disc"),
                          industry=filled.get("industry") == "yes",
                          metal=int(filled.get("metal") or 0))
            if command == "place":
                return A.PlaceShip(age=_number(filled.get("age"), "the age"), **fields)
            from_age, from_box = _origin(filled.get("from"), "the ship to upgrade")
            return A.UpgradeShip(age=from_age + 1, from_age=from_age, from_box=from_box,
                                 **fields)
        if command == "remove":
            age, box = _origin(filled.get("ship"), "the ship to remove")
            return A.RemoveShip(age=age, box=box, **paid)
        if command == "card":
            return A.TakeCard(card=filled.get("card") or "", **paid)
        if command == "gold":
            return A.TakeGold(**paid)
        if command == "navigation":
            return A.TakeNavigation(**paid)
        if command == "sell":
            return A.SellGoods(goods=_sale(filled.get("goods")), **paid)
        if command == "retrieve":
            return A.Retrieve(source=_number(filled.get("from"), "where to retrieve from"),
                              **paid)
        return A.EndTurn()
    except ValueError as err:  # pydantic: a value outside the game's vocabulary
        raise ServiceError(f"Those options do not make a move: {_first_error(err)}. Pick "
                           "each option from its list.") from None


def _first_error(err: ValueError) -> str:
    errors = getattr(err, "errors", None)
    if callable(errors):
        found = errors()
        if found:
            where = ".".join(str(p) for p in found[0].get("loc", ()))
            return f"{where}: {found[0].get('msg', 'not allowed')}"
    return str(err).splitlines()[0]


# --- help ---------------------------------------------------------------------------------------
HELP_TOPICS = [
    app_commands.Choice(name="Place ship", value="place"),
    app_commands.Choice(name="Upgrade ship", value="upgrade"),
    app_commands.Choice(name="Remove one ship", value="remove"),
    app_commands.Choice(name="Take one card", value="card"),
    app_commands.Choice(name="Take one gold", value="gold"),
    app_commands.Choice(name="Take two navigation counters", value="navigation"),
    app_commands.Choice(name="Sell goods", value="sell"),
    app_commands.Choice(name="Retrieve merchant cubes", value="retrieve"),
    app_commands.Choice(name="Exchanges (oil, metal, wine)", value="exchanges"),
    app_commands.Choice(name="Cards", value="cards"),
]
ACTION_IDS = {
    "place": "place_ship", "upgrade": "upgrade_ship", "remove": "remove_ship",
    "card": "take_card", "gold": "take_gold", "navigation": "take_navigation",
    "sell": "sell_goods", "retrieve": "retrieve_cubes",
}
HELP_TEXT = {
    "place": (
        "Put a ship counter of the present era on the Ship Age track, in the highest age that "
        "has ships or one age beyond it. Going beyond costs navigation counters (fewer for every "
        "ship already in the present age) and scores the first ship's points; ships two and "
        "three ages behind then cost their owners points, and those three behind go home.\n"
        "A **merchant** ship sends one of your cubes to an empty trade box: take its goods "
        "(two food from a food box; a spice box scores 7 VP and 1 gold but locks an extra cube "
        "away). An industry counter adds one more good. A **warship** costs one food and sends "
        "a city disc (from your warehouse or your bank row, which frees a space there) to an "
        "empty city space for its benefit.\n"
        "Cubes and discs go to the present area or the next one; the next one costs navigation "
        "(fewer for every disc in the present area) and scores the area left behind.\n"
        "Use `/ships place age box where pay`; metal can stand in for navigation (and scores "
        "2 VP each), wine for gold."
    ),
    "upgrade": (
        "Move one of your ships up exactly one age, then carry on as if you had just placed it "
        "there: a cube to a trade box or, for a food, a disc to a city space. The ship may "
        "change box. This is the one way to put a ship below the highest age. Moving into a "
        "new age follows the Place ship rules (the moving ship still counts toward the "
        "discount). Use `/ships upgrade from box where pay`."
    ),
    "remove": (
        "Take any one of your ship counters off the track and back to your stock, to escape the "
        "points old ships cost or to have a counter to place again. Use `/ships remove ship pay`."
    ),
    "card": (
        "Take one card from the display (once a turn). Some cards cost gold as well. Most are "
        "carried out at once; a card that gives you an action (a ship, an upgrade, a sale, "
        "cubes back) waits for `/ships decide` or the matching command with pay:card. Taken "
        "cards are not replaced until the era changes. Use `/ships card card pay`."
    ),
    "gold": "Take one gold into your bank; you need an empty bank space. Use `/ships gold pay`.",
    "navigation": (
        "Take two navigation counters into your stock, for later trips into a new age or area. "
        "Use `/ships navigation pay`."
    ),
    "sell": (
        "Sell any of your goods: food 1, oil 2, metal and wine 3, cloth 4 gold each. The gold "
        "fills the empty spaces of your bank; every 2 gold that does not fit becomes 1 VP. Use "
        "`/ships sell goods pay`."
    ),
    "retrieve": (
        "Bring merchant cubes back to your stock, either everything from your action boxes "
        "(industry counters too, and the cube that paid for this) or all your cubes from one "
        "area. Use `/ships retrieve from pay`."
    ),
}


def cost_line(topic: str) -> str:
    costs = ships_content().action(ACTION_IDS[topic]).costs  # type: ignore[arg-type]

    def gold(n: int) -> str:
        return f" + {n} gold" if n else ", no gold"

    return (f"Cost: a merchant cube{gold(costs.merchant_cube)}; or a free action cube (oil "
            f"can buy one){gold(costs.free_action_cube)}.")


def exchanges_text() -> str:
    lines = ["Goods you may exchange during your turn, as often as you like, if you use what "
             "you get at once (never to keep). Each one is chosen for you when it is needed, "
             "or set it with the wine/metal options and pay:oil:"]
    words = {"free_action_cubes": "a free action cube", "navigation": "a navigation counter",
             "gold": "a gold", "vp": "VP"}
    for good in ships_content().components.goods.items:
        if not good.exchange:
            continue
        gains = [f"{g.amount} {words.get(g.what, g.what)}" if g.what == "vp"
                 else words.get(g.what, g.what) for g in good.exchange]
        lines.append(f"• 1 {good.name.lower()} → " + " and ".join(gains))
    return "\n".join(lines)


def cards_text() -> str:
    content = ships_content()
    lines = ["A card is taken with the Take one card action (see `/ships help card`); its text "
             "shows in the `/ships card` list. Cards by era (extra gold in brackets):"]
    for era in ("galley", "sailing", "steam"):
        names = []
        for card in content.cards.cards:
            if card.era == era:
                cost = card.gold_cost.value
                names.append(card.name + (f" ({cost} gold)" if cost else ""))
        lines.append(f"**{era.capitalize()}**: " + ", ".join(dict.fromkeys(names)))
    return "\n".join(lines)


def help_text(topic: str) -> str:
    if topic == "exchanges":
        return exchanges_text()
    if topic == "cards":
        return cards_text()
    if topic not in HELP_TEXT:
        known = ", ".join(c.value for c in HELP_TOPICS)
        raise ServiceError(f"There is no help on {echo(topic)}; ask about one of: {known}.")
    name = next(c.name for c in HELP_TOPICS if c.value == topic)
    return join_lines([f"**{name}**", HELP_TEXT[topic], cost_line(topic)])


# --- the cog ------------------------------------------------------------------------------------
class ShipsCog(GameGroupCog):
    GAME_ID = GAME_ID
    GAME_NAME = "Ships"
    GROUP = "ships"
    FORMS = FORMS
    NOTHING_TO_DECIDE = ("No decision is waiting for you: play an action (/ships place, "
                         "/ships sell, ...) or end your turn with /ships end.")
    DEFAULTS = {"industry": "no"}  # industry is spent only when asked for
    ONLY_WAITING = False

    ships = app_commands.Group(name="ships", description="Play Ships: one command per action",
                               guild_only=True)

    # --- what differs from the other games --------------------------------------------------
    async def _where(self, interaction: discord.Interaction[Any]) -> Where:
        if interaction.channel_id is None:
            return Where()
        match = await lookup.open_match(self.service, interaction.channel_id)
        if match is None or match.status != "active" or match.game != GAME_ID:
            return Where()
        _game, view, _names = await self.service.view(match.id, None)
        return Where(_Table(view)) if isinstance(view, ShipsView) else Where()

    async def _suggest_context(self, interaction: discord.Interaction[Any], command: str,
                               option: str) -> Where:
        return await self._where(interaction) if option in ("age", "where", "from") else Where()

    async def _labels(self, interaction: discord.Interaction[Any], command: str, option: str,
                      choices: Sequence[Choice], context: Any) -> tuple[Form, Label]:
        return FORMS[command], lambda a: option_label(option, a, context)

    async def _build(self, command: str, filled: Mapping[str, str | None], channel: int,
                     user: int, context: Any) -> Action:
        return build(command, filled)

    def _undecided(self, form: Form, choices: Sequence[Choice],
                   filled: Mapping[str, str | None], undecided: list[str]) -> str:
        return _undecided_text(form, [c.action for c in choices], filled, undecided)

    async def _reply(self, interaction: discord.Interaction[Any], channel: int,
                     result: ActResult) -> None:
        await reply_with_menu(interaction, channel, result)

    # --- the actions ----------------------------------------------------------------------
    @ships.command(name="place",
                   description="Place a ship: a cube in a trade box or a disc in a city")
    @app_commands.describe(
        age="Which age on the Ship Age track (the list shows the navigation each needs)",
        box="Merchant box (a cube for goods) or warship box (a food, a disc for a benefit)",
        where="The trade box or city space (the list shows its goods or benefit and area)",
        pay="How you pay for the action",
        industry="Spend an industry counter for one more good (merchant box)",
        disc="Warship box: take the city disc from your warehouse or your bank row",
        metal="Metal to exchange for navigation (2 VP each); left out: only what is needed",
        wine="Wine to exchange for gold; left out: only what is needed",
    )
    async def place(
        self, interaction: discord.Interaction[Any], age: str,
        box: Literal["merchant", "warship"], where: str, pay: str,
        industry: bool | None = None, disc: Literal["warehouse", "bank"] | None = None,
        metal: app_commands.Range[int, 0, MAX_EXCHANGE] | None = None,
        wine: app_commands.Range[int, 0, MAX_EXCHANGE] | None = None,
    ) -> None:
        await self._play(interaction, "place", age=age, box=box, where=where, pay=pay,
                         industry=industry, disc=disc, metal=metal, wine=wine)

    @place.autocomplete("age")
    async def place_age(self, interaction: discord.Interaction[Any], current: str
                        ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "place", "age", current)

    @place.autocomplete("where")
    async def place_where(self, interaction: discord.Interaction[Any], current: str
                          ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "place", "where", current)

    @place.autocomplete("pay")
    async def place_pay(self, interaction: discord.Interaction[Any], current: str
                        ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "place", "pay", current)

    @ships.command(name="upgrade", description="Move one of your ships up one age, then place")
    @app_commands.describe(
        origin="The ship to move up one age",
        box="Merchant box (a cube for goods) or warship box (a food, a disc for a benefit)",
        where="The trade box or city space (the list shows its goods or benefit and area)",
        pay="How you pay for the action",
        industry="Spend an industry counter for one more good (merchant box)",
        disc="Warship box: take the city disc from your warehouse or your bank row",
        metal="Metal to exchange for navigation (2 VP each); left out: only what is needed",
        wine="Wine to exchange for gold; left out: only what is needed",
    )
    @app_commands.rename(origin="from")
    async def upgrade(
        self, interaction: discord.Interaction[Any], origin: str,
        box: Literal["merchant", "warship"], where: str, pay: str,
        industry: bool | None = None, disc: Literal["warehouse", "bank"] | None = None,
        metal: app_commands.Range[int, 0, MAX_EXCHANGE] | None = None,
        wine: app_commands.Range[int, 0, MAX_EXCHANGE] | None = None,
    ) -> None:
        await self._play(interaction, "upgrade", box=box, where=where, pay=pay,
                         industry=industry, disc=disc, metal=metal, wine=wine,
                         **{"from": origin})

    @upgrade.autocomplete("origin")
    async def upgrade_from(self, interaction: discord.Interaction[Any], current: str
                           ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "upgrade", "from", current)

    @upgrade.autocomplete("where")
    async def upgrade_where(self, interaction: discord.Interaction[Any], current: str
                            ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "upgrade", "where", current)

    @upgrade.autocomplete("pay")
    async def upgrade_pay(self, interaction: discord.Interaction[Any], current: str
                          ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "upgrade", "pay", current)

    @ships.command(name="remove", description="Take one of your ships off the Ship Age track")
    @app_commands.describe(ship="Which of your ships", pay="How you pay for the action",
                           wine="Wine to exchange for gold; left out: only what is needed")
    async def remove(self, interaction: discord.Interaction[Any], ship: str, pay: str,
                     wine: app_commands.Range[int, 0, MAX_EXCHANGE] | None = None) -> None:
        await self._play(interaction, "remove", ship=ship, pay=pay, wine=wine)

    @remove.autocomplete("ship")
    async def remove_ship(self, interaction: discord.Interaction[Any], current: str
                          ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "remove", "ship", current)

    @remove.autocomplete("pay")
    async def remove_pay(self, interaction: discord.Interaction[Any], current: str
                         ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "remove", "pay", current)

    @ships.command(name="card", description="Take one card from the display (once a turn)")
    @app_commands.describe(card="Which card (the list shows what it does)",
                           pay="How you pay for the action",
                           wine="Wine to exchange for gold; left out: only what is needed")
    async def card(self, interaction: discord.Interaction[Any], card: str, pay: str,
                   wine: app_commands.Range[int, 0, MAX_EXCHANGE] | None = None) -> None:
        await self._play(interaction, "card", card=card, pay=pay, wine=wine)

    @card.autocomplete("card")
    async def card_card(self, interaction: discord.Interaction[Any], current: str
                        ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "card", "card", current)

    @card.autocomplete("pay")
    async def card_pay(self, interaction: discord.Interaction[Any], current: str
                       ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "card", "pay", current)

    @ships.command(name="gold", description="Take one gold into your bank")
    @app_commands.describe(pay="How you pay for the action",
                           wine="Wine to exchange for gold; left out: only what is needed")
    async def gold(self, interaction: discord.Interaction[Any], pay: str,
                   wine: app_commands.Range[int, 0, MAX_EXCHANGE] | None = None) -> None:
        await self._play(interaction, "gold", pay=pay, wine=wine)

    @gold.autocomplete("pay")
    async def gold_pay(self, interaction: discord.Interaction[Any], current: str
                       ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "gold", "pay", current)

    @ships.command(name="navigation", description="Take two navigation counters")
    @app_commands.describe(pay="How you pay for the action",
                           wine="Wine to exchange for gold; left out: only what is needed")
    async def navigation(self, interaction: discord.Interaction[Any], pay: str,
                         wine: app_commands.Range[int, 0, MAX_EXCHANGE] | None = None) -> None:
        await self._play(interaction, "navigation", pay=pay, wine=wine)

    @navigation.autocomplete("pay")
    async def navigation_pay(self, interaction: discord.Interaction[Any], current: str
                             ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "navigation", "pay", current)

    @ships.command(name="sell", description="Sell goods from your warehouse for gold")
    @app_commands.describe(goods="What to sell (the list shows the gold it brings)",
                           pay="How you pay for the action",
                           wine="Wine to exchange for gold; left out: only what is needed")
    async def sell(self, interaction: discord.Interaction[Any], goods: str, pay: str,
                   wine: app_commands.Range[int, 0, MAX_EXCHANGE] | None = None) -> None:
        await self._play(interaction, "sell", goods=goods, pay=pay, wine=wine)

    @sell.autocomplete("goods")
    async def sell_goods(self, interaction: discord.Interaction[Any], current: str
                         ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "sell", "goods", current)

    @sell.autocomplete("pay")
    async def sell_pay(self, interaction: discord.Interaction[Any], current: str
                       ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "sell", "pay", current)

    @ships.command(name="retrieve", description="Bring merchant cubes back to your stock")
    @app_commands.describe(origin="Your action boxes, or one area", pay="How you pay",
                           wine="Wine to exchange for gold; left out: only what is needed")
    @app_commands.rename(origin="from")
    async def retrieve(self, interaction: discord.Interaction[Any], origin: str, pay: str,
                       wine: app_commands.Range[int, 0, MAX_EXCHANGE] | None = None) -> None:
        await self._play(interaction, "retrieve", pay=pay, wine=wine, **{"from": origin})

    @retrieve.autocomplete("origin")
    async def retrieve_from(self, interaction: discord.Interaction[Any], current: str
                            ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "retrieve", "from", current)

    @retrieve.autocomplete("pay")
    async def retrieve_pay(self, interaction: discord.Interaction[Any], current: str
                           ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "retrieve", "pay", current)

    @ships.command(name="end", description="End your turn")
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        await self._play(interaction, "end")

    # --- decisions ------------------------------------------------------------------------
    @ships.command(name="decide", description="Make a decision the game waits for (goods, cards)")
    @app_commands.describe(choice="Start typing: the list shows what you can decide now")
    async def decide(self, interaction: discord.Interaction[Any], choice: str) -> None:
        await self._decide(interaction, choice)

    @decide.autocomplete("choice")
    async def decide_choice(self, interaction: discord.Interaction[Any], current: str
                            ) -> list[app_commands.Choice[str]]:
        return await self._decide_choices(interaction, current)

    # --- help -----------------------------------------------------------------------------
    @ships.command(name="help", description="What a Ships action does and what it costs")
    @app_commands.describe(action="Which action (or the exchanges, or the cards)")
    @app_commands.choices(action=HELP_TOPICS)
    async def help(self, interaction: discord.Interaction[Any],
                   action: app_commands.Choice[str]) -> None:
        await self._help(interaction, action, help_text)


def _undecided_text(form: Form, actions: list[Action], filled: Mapping[str, str | None],
                    undecided: list[str]) -> str:
    """Several legal moves fit the options given: say which option tells them apart."""
    found = form.matching(actions, filled)
    option = undecided[0]
    values = list(dict.fromkeys(v for a in found if (v := form.read(a, option)) is not None))
    where = Where()
    labels = {form.read(a, option): option_label(option, a, where) for a in found}
    lines = [f"Several moves fit those options; fill in {option} to say which:"]
    lines.append(bullets(f"{labels[v]} ({option}: {v})" for v in values[:10]))
    return join_lines(lines)
