"""/trader: the moves of Ocean Trader as their own commands, each option filled in from the
legal moves.

``/trader roll``, ``/trader buy ship goods`` and the others name one legal action option by
option; each option's autocomplete offers only what some legal action, agreeing with the options
already chosen, allows. The decisions a voyage asks for (the route out of port, docking or
sailing on, cargo lost, World Trade cards put back) go through ``/trader sail``, ``/trader dock``
or ``/trader decide``, and a "Decide" menu under the reply. ``/trader help`` explains each
action with its costs.

Everything is decided by the engine through ``MatchService``: what is offered comes from the
legal actions, and a refusal is the engine's own explanation. Cash and bids are secret in Ocean
Trader, so every reply here is ephemeral; the public lines are the service's notices.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import discord
from discord import app_commands
from pydantic import ValidationError

from bot.service import Choice, ServiceError
from bot.ui import lookup
from bot.ui.text import echo, join_lines
from engine.core import Action
from engine.ocean_trader import actions as A
from engine.ocean_trader.content import ocean_trader_content
from engine.ocean_trader.rules import money
from engine.ocean_trader.state import OceanTraderView

from .game_groups import Form, GameGroupCog, Label, whole

GAME_ID = "ocean_trader"
GAME_NAME = "Ocean Trader"
GROUP = "trader"
# The decisions a voyage or a Prospect card waits for (an auction's bids have /trader bid).
DECISION_TYPES = frozenset({"choose_route", "dock", "sail_on", "jettison", "order_cards"})


# --- reading the options off an action ---------------------------------------------------------
def _attr(name: str) -> Callable[[Action], str | None]:
    def read(action: Action) -> str | None:
        value = getattr(action, name, None)
        return None if value is None else str(value)
    return read


def _depart(action: Action) -> str:
    depart: tuple[int, ...] = action.depart  # type: ignore[attr-defined]
    return ",".join(str(n) for n in depart) or "none"


SHIP = {"ship": _attr("ship")}
CARGO = {**SHIP, "goods": _attr("goods")}

FORMS: dict[str, Form] = {
    "roll": Form(("throw_dice",), {"depart": _depart}),
    "sail": Form(("choose_route", "sail_on"), {"route": _attr("route")}),
    "dock": Form(("dock",), {}),
    "buy": Form(("buy_cargo",), CARGO),
    # a World Trade card names one port and one goods, so ship and goods say which card
    "sell": Form(("sell_cargo",), CARGO),
    "dump": Form(("dump_cargo",), CARGO),
    "buy-ship": Form(("buy_ship",), {}),
    "sell-ship": Form(("sell_ship",), SHIP),
    "insure": Form(("buy_policy",), SHIP),
    "surrender": Form(("surrender_policy",), SHIP),
    "buy-share": Form(("buy_share",), {}),
    "sell-share": Form(("sell_share",), {}),
    "auction": Form(("auction_share",), {}),
    "bid": Form(("bid",), {"amount": _attr("amount")}),
    "claim": Form(("claim_majority",), {}),
    "challenge": Form(("challenge_claim",), {}),
    "end": Form(("end_turn",), {}),
}
COMMAND_OF = {t: name for name, form in FORMS.items() for t in form.types}


def waiting(choices: Sequence[Choice]) -> list[Choice]:
    """The choices of a voyage decision waiting for the user (none in an ordinary turn)."""
    if not any(c.action.type in DECISION_TYPES for c in choices):
        return []
    return [c for c in choices if c.action.type != "undo"]


# --- labels -------------------------------------------------------------------------------------
def port_of(view: OceanTraderView | None, seat: int | None, number: int) -> str | None:
    if view is None or seat is None or not 0 <= seat < len(view.players):
        return None
    for ship in view.players[seat].ships:
        if ship.number == number:
            return ship.port
    return None


def ship_label(number: int, port: str | None, cargo: Sequence[str] = ()) -> str:
    c = ocean_trader_content()
    where = f" in {c.port(port).name}" if port else ""
    load = (", carrying " + ", ".join(c.good(g).name for g in cargo)) if cargo else ""
    return f"Ship {number}{where}{load}"


def _without_ship(label: str) -> str:
    """An action's label without its "Ship 2: " head (the ship is its own option)."""
    text = re.sub(r"^Ship \d+: ", "", label)
    return text[:1].upper() + text[1:]


def option_label(option: str, action: Action, named: Mapping[str, str],
                 view: OceanTraderView | None, seat: int | None) -> str:
    label = named.get(action.key(), action.label or action.type)
    if option == "ship" and action.type in ("buy_cargo", "sell_cargo", "dump_cargo"):
        number: int = action.ship  # type: ignore[attr-defined]
        ships = view.players[seat].ships if view is not None and seat is not None else []
        ship = next((s for s in ships if s.number == number), None)
        return ship_label(number, ship.port if ship else None, ship.cargo if ship else ())
    if option in ("goods", "route"):
        return _without_ship(label)
    return label


# --- building an action from the options, to let the engine say why it is refused -------------
def _number(text: str | None, what: str) -> int:
    if text is None:
        raise ServiceError(f"Fill in {what}.")
    digits = text.strip().lower().removeprefix("ship").removeprefix("£").replace(",", "").strip()
    number = whole(digits) if not digits.startswith("-") else None
    if number is None:
        raise ServiceError(f"{what.capitalize()} should be picked from the list, not {echo(text)}.")
    return number


def _goods(text: str | None) -> str:
    if text is None:
        raise ServiceError("Fill in the goods.")
    wanted = text.strip().lower()
    for goods in ocean_trader_content().goods.goods:
        if wanted in (goods.id, goods.name.lower()):
            return goods.id
    raise ServiceError(f"There are no goods called {echo(text)}; pick them from the list.")


def _departing(text: str | None) -> tuple[int, ...]:
    if text is None or text.strip().lower() in ("none", "no", "0", ""):
        return ()
    parts = [p for p in re.split(r"[\s,]+", text.strip()) if p]
    return tuple(_number(p, "the ships leaving port") for p in parts)


def _card_for(view: OceanTraderView | None, seat: int | None, ship: int, goods: str) -> str:
    """The World Trade card in play wanting ``goods`` where ``ship`` lies, if any (the engine
    explains a sale that no card wants)."""
    port = port_of(view, seat, ship)
    c = ocean_trader_content()
    for slot in view.in_play if view is not None else []:
        card = c.trade_card(slot.card)
        if card.port == port and card.goods == goods:
            return slot.card
    return "none"


def build(command: str, filled: Mapping[str, str | None], view: OceanTraderView | None,
          seat: int | None) -> Action:
    """The action the options describe, legal or not."""
    pending = view.pending if view is not None else None
    pending_ship = pending.ship if pending is not None and pending.ship is not None else 1
    try:
        if command == "roll":
            return A.ThrowDice(depart=_departing(filled.get("depart")))
        if command == "sail":
            route = filled.get("route") or ""
            if pending is not None and pending.kind == "at_port":
                return A.SailOn(ship=pending_ship, route=route)
            return A.ChooseRoute(ship=pending_ship, route=route)
        if command == "dock":
            return A.Dock(ship=pending_ship)
        if command in ("buy", "sell", "dump"):
            ship, goods = _number(filled.get("ship"), "the ship"), _goods(filled.get("goods"))
            if command == "buy":
                return A.BuyCargo(ship=ship, goods=goods)
            if command == "dump":
                return A.DumpCargo(ship=ship, goods=goods)
            return A.SellCargo(ship=ship, goods=goods, card=_card_for(view, seat, ship, goods))
        if command in ("sell-ship", "insure", "surrender"):
            ship = _number(filled.get("ship"), "the ship")
            kind = {"sell-ship": A.SellShip, "insure": A.BuyPolicy,
                    "surrender": A.SurrenderPolicy}[command]
            return kind(ship=ship)
        if command == "bid":
            return A.Bid(amount=_number(filled.get("amount"), "the amount"))
        plain: dict[str, Callable[[], Action]] = {
            "buy-ship": A.BuyShip, "buy-share": A.BuyShare, "sell-share": A.SellShare,
            "auction": A.AuctionShare, "claim": A.ClaimMajority,
            "challenge": A.ChallengeClaim, "end": A.EndTurn,
        }
        return plain[command]()
    except ValidationError:
        raise ServiceError("Those options do not make a move; pick them from the lists.") from None


# --- help ---------------------------------------------------------------------------------------
HELP_TOPICS = [
    app_commands.Choice(name="Roll the dice and sail", value="roll"),
    app_commands.Choice(name="Choose a route (leaving or passing a port)", value="sail"),
    app_commands.Choice(name="Dock at a port", value="dock"),
    app_commands.Choice(name="Buy cargo", value="buy"),
    app_commands.Choice(name="Sell cargo to a World Trade card", value="sell"),
    app_commands.Choice(name="Dump unwanted cargo", value="dump"),
    app_commands.Choice(name="Buy a ship", value="buy-ship"),
    app_commands.Choice(name="Sell a ship", value="sell-ship"),
    app_commands.Choice(name="Insure a ship", value="insure"),
    app_commands.Choice(name="Surrender a policy", value="surrender"),
    app_commands.Choice(name="Buy a share certificate", value="buy-share"),
    app_commands.Choice(name="Sell a share certificate", value="sell-share"),
    app_commands.Choice(name="Auction a share certificate", value="auction"),
    app_commands.Choice(name="Bid at an auction", value="bid"),
    app_commands.Choice(name="Claim a majority", value="claim"),
    app_commands.Choice(name="Challenge a claim", value="challenge"),
    app_commands.Choice(name="End your turn", value="end"),
    app_commands.Choice(name="Decisions", value="decide"),
    app_commands.Choice(name="Ports, fees and the sea", value="ports"),
    app_commands.Choice(name="Goods and prices", value="goods"),
]


def _help_texts() -> dict[str, tuple[str, str]]:
    c = ocean_trader_content()
    r = c.rules
    first, second = (r.world_trade.sale_multipliers + (1, 1))[:2]
    fees = sorted({p.fee for p in c.ports.ports})
    fee_text = f"{money(fees[0])} to {money(fees[-1])}" if fees else "a fee"
    shares = r.shares
    claim = r.claim
    return {
        "roll": (
            f"One throw of the die (1 to {r.die_faces.value}) moves all your ships this turn. "
            "Ships at sea must sail every turn; ships in port that have not traded may leave "
            "too: name them in `depart`. A ship leaving port then asks which route to take. "
            "Ending a move on a red space draws a Prospect card, good or bad.",
            f"Cost: nothing to sail; towing through the Suez Canal costs "
            f"{money(r.suez_canal_fee.value)}; the Roaring Forties add "
            f"{r.roaring_forties.eastward:+d} eastward and {r.roaring_forties.westward:+d} "
            "westward."),
        "sail": (
            "When a ship leaves port, choose its route; when it reaches a port with movement "
            "left, sail on by a route instead of docking. The list shows where each route goes "
            "and its length (the far port counts as a space).",
            "Cost: nothing; docking costs the port's fee."),
        "dock": (
            "Stop in the port your ship has reached, even with movement left. A ship that "
            "docks this turn may trade from next turn.",
            f"Cost: the port's fee, {fee_text}, paid on docking."),
        "buy": (
            f"Load goods the port sells onto a ship that has been in port since before this "
            f"turn (one trade a ship a turn, at most {r.ships.cargo_capacity} cargoes a ship). "
            f"There are {r.bills_of_lading_per_goods.value} Bills of Lading of each goods.",
            "Cost: the goods' Bill of Lading price (see `/trader help goods`)."),
        "sell": (
            f"Sell cargo to a port named on a World Trade card in play: the first sale to a card "
            f"pays {first} times the Bill's price, the second {second} times, then the card "
            f"leaves play (up to {r.world_trade.purchases_per_card} sales a card).",
            "Cost: nothing; the ship must have been in port since before this turn."),
        "dump": (
            "Sell cargo that no card wants to the port you are in.",
            f"You get the Bill's price divided by {r.world_trade.unwanted_goods_divisor}."),
        "buy-ship": (
            f"The Merchant Banker issues a new ship in {c.port(c.start_port).name}; a fleet "
            f"has at most {r.ships.max_per_player} ships.",
            f"Cost: {money(r.ships.buy_price)}."),
        "sell-ship": (
            "Sell an empty ship in port back to the Merchant Banker.",
            f"You get {money(r.ships.sell_price)}."),
        "insure": (
            "Insure a ship: if it is lost, the policy pays for a new ship and its cargo.",
            f"Cost: {money(r.insurance.extra_policy_price)} a policy (your starting ship's "
            "policy came free)."),
        "surrender": (
            "Hand a ship's policy back to the Merchant Banker.",
            f"You get {money(r.insurance.surrender_value)}."),
        "buy-share": (
            f"Full game only: buy a share certificate from the Merchant Banker "
            f"({shares.certificates} certificates, {shares.certificates_two_players} with two "
            "players). Your holding is secret.",
            f"Cost: {money(shares.price)}."),
        "sell-share": (
            "Full game only: sell a certificate back to the Merchant Banker.",
            f"You get {money(shares.banker_buyback)}."),
        "auction": (
            "Full game only: offer one of your certificates to the other players for sealed "
            "bids; the highest bid buys it.",
            "Cost: nothing; you receive the winning bid."),
        "bid": (
            "Answer an auction with a sealed bid (0 passes). Only you see your bid until the "
            "auction closes.",
            "Bids go in £100 steps up to £2,000, then £500 steps, up to your cash."),
        "claim": (
            f"Full game only: claim a majority of the shares. After {claim.turns} more turns "
            f"you win if you still hold the most certificates plus {claim.must_hold_ships} "
            f"ship, {claim.must_hold_policies} policy and {money(claim.must_hold_cash)}.",
            f"A failed claim forfeits {claim.forfeit_on_failure} certificate."),
        "challenge": (
            "Full game only: show your holding to challenge another player's claim (once a "
            "turn).",
            "Cost: nothing."),
        "end": (
            "End your turn once your ships at sea have sailed.",
            f"Cost: each ship that stayed idle in port pays that port's fee again ({fee_text})."),
        "decide": (
            "A voyage can wait for a decision: the route out of port, docking or sailing on, "
            "which cargo a Prospect card takes, the order of the World Trade cards you looked "
            "at. Use `/trader decide` (or the Decide menu under your reply); `/trader sail` and "
            "`/trader dock` answer the route questions directly.",
            ""),
    }


def ports_text() -> str:
    c = ocean_trader_content()
    r = c.rules
    lines = ["**Ports, fees and the sea**",
             f"Every ship starts in {c.port(c.start_port).name}. Docking costs the port's fee, "
             "and a ship that stays idle in port pays it again at the end of your turn:"]
    by_fee: dict[int, list[str]] = {}
    for port in c.ports.ports:
        by_fee.setdefault(port.fee, []).append(port.name)
    lines += [f"{money(fee)}: " + ", ".join(names) for fee, names in sorted(by_fee.items())]
    lines.append(f"Suez Canal towing {money(r.suez_canal_fee.value)}; Roaring Forties "
                 f"{r.roaring_forties.eastward:+d} eastward, {r.roaring_forties.westward:+d} "
                 "westward. Red spaces draw Prospect cards.")
    return join_lines(lines)


def goods_text() -> str:
    c = ocean_trader_content()
    lines = ["**Goods and prices** (Bill of Lading price; a World Trade card pays "
             + " then ".join(f"{m}×" for m in c.rules.world_trade.sale_multipliers) + ")"]
    for category in c.goods.categories:
        goods = [c.good(g) for g in category.goods]
        lines.append(f"{category.name}: " + ", ".join(f"{g.name} {money(g.price)}"
                                                     for g in goods))
    return join_lines(lines)


def help_text(topic: str) -> str:
    if topic == "ports":
        return ports_text()
    if topic == "goods":
        return goods_text()
    texts = _help_texts()
    if topic not in texts:
        known = ", ".join(c.value for c in HELP_TOPICS)
        raise ServiceError(f"There is no help on {echo(topic)}; ask about one of: {known}.")
    name = next(c.name for c in HELP_TOPICS if c.value == topic)
    what, cost = texts[topic]
    return join_lines([f"**{name}**", what, cost])


# --- the cog ------------------------------------------------------------------------------------
class TraderCog(GameGroupCog):
    GAME_ID = GAME_ID
    GAME_NAME = GAME_NAME
    GROUP = GROUP
    FORMS = FORMS
    NOTHING_TO_DECIDE = ("No decision is waiting for you: play an action (/trader roll, "
                         "/trader buy, ...) or end your turn with /trader end.")

    trader = app_commands.Group(name="trader", description="Play Ocean Trader: one command per "
                                "action", guild_only=True)

    # --- what differs from the other games --------------------------------------------------
    def waiting(self, choices: Sequence[Choice]) -> list[Choice]:
        return waiting(choices)

    async def _table(self, channel_id: int | None, user_id: int
                     ) -> tuple[OceanTraderView | None, int | None]:
        """The public view of this channel's Ocean Trader game and the user's seat."""
        if channel_id is None:
            return None, None
        match = await lookup.open_match(self.service, channel_id)
        if match is None or match.status != "active" or match.game != GAME_ID:
            return None, None
        seats = await self.service.storage.seats(match.id)
        seat = next((s.seat for s in seats if s.user_id == user_id), None)
        _game, view, _names = await self.service.view(match.id, None)
        return (view if isinstance(view, OceanTraderView) else None), seat

    async def _suggest_context(self, interaction: discord.Interaction[Any], command: str,
                               option: str) -> tuple[OceanTraderView | None, int | None]:
        if option != "ship":
            return None, None
        return await self._table(interaction.channel_id, interaction.user.id)

    async def _labels(self, interaction: discord.Interaction[Any], command: str, option: str,
                      choices: Sequence[Choice], context: Any) -> tuple[Form, Label]:
        named = {c.action.key(): c.label for c in choices}
        view, seat = context
        return FORMS[command], lambda a: option_label(option, a, named, view, seat)

    async def _build(self, command: str, filled: Mapping[str, str | None], channel: int,
                     user: int, context: Any) -> Action:
        view, seat = await self._table(channel, user)
        return build(command, filled, view, seat)

    # --- sailing --------------------------------------------------------------------------
    @trader.command(name="roll", description="Throw the dice: your ships at sea sail, and any "
                    "you send out of port")
    @app_commands.describe(depart="Which ships in port leave with this throw (the list shows "
                           "each choice)")
    async def roll(self, interaction: discord.Interaction[Any], depart: str | None = None
                   ) -> None:
        await self._play(interaction, "roll", depart=depart)

    @roll.autocomplete("depart")
    async def roll_depart(self, interaction: discord.Interaction[Any], current: str
                          ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "roll", "depart", current)

    @trader.command(name="sail", description="Choose the route a ship leaves port by, or sail "
                    "on past the port reached")
    @app_commands.describe(route="Which route (the list shows where it goes)")
    async def sail(self, interaction: discord.Interaction[Any], route: str) -> None:
        await self._play(interaction, "sail", route=route)

    @sail.autocomplete("route")
    async def sail_route(self, interaction: discord.Interaction[Any], current: str
                         ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "sail", "route", current)

    @trader.command(name="dock", description="Stop in the port your ship has reached (pays "
                    "the port's fee)")
    async def dock(self, interaction: discord.Interaction[Any]) -> None:
        await self._play(interaction, "dock")

    # --- trade ----------------------------------------------------------------------------
    @trader.command(name="buy", description="Buy goods the port sells onto one of your ships")
    @app_commands.describe(ship="Which ship (in port since before this turn)",
                           goods="Which goods (the list shows the price)")
    async def buy(self, interaction: discord.Interaction[Any], ship: str, goods: str) -> None:
        await self._play(interaction, "buy", ship=ship, goods=goods)

    @buy.autocomplete("ship")
    async def buy_ship_option(self, interaction: discord.Interaction[Any], current: str
                              ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "buy", "ship", current)

    @buy.autocomplete("goods")
    async def buy_goods(self, interaction: discord.Interaction[Any], current: str
                        ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "buy", "goods", current)

    @trader.command(name="sell", description="Sell cargo to the port a World Trade card names")
    @app_commands.describe(ship="Which ship", goods="Which cargo (the list shows the price)")
    async def sell(self, interaction: discord.Interaction[Any], ship: str, goods: str) -> None:
        await self._play(interaction, "sell", ship=ship, goods=goods)

    @sell.autocomplete("ship")
    async def sell_ship_option(self, interaction: discord.Interaction[Any], current: str
                               ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "sell", "ship", current)

    @sell.autocomplete("goods")
    async def sell_goods(self, interaction: discord.Interaction[Any], current: str
                         ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "sell", "goods", current)

    @trader.command(name="dump", description="Sell unwanted cargo here for half its price")
    @app_commands.describe(ship="Which ship", goods="Which cargo (the list shows the price)")
    async def dump(self, interaction: discord.Interaction[Any], ship: str, goods: str) -> None:
        await self._play(interaction, "dump", ship=ship, goods=goods)

    @dump.autocomplete("ship")
    async def dump_ship_option(self, interaction: discord.Interaction[Any], current: str
                               ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "dump", "ship", current)

    @dump.autocomplete("goods")
    async def dump_goods(self, interaction: discord.Interaction[Any], current: str
                         ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "dump", "goods", current)

    # --- the office -----------------------------------------------------------------------
    @trader.command(name="buy-ship", description="Buy a new ship from the Merchant Banker")
    async def buy_ship(self, interaction: discord.Interaction[Any]) -> None:
        await self._play(interaction, "buy-ship")

    @trader.command(name="sell-ship", description="Sell an empty ship in port to the Banker")
    @app_commands.describe(ship="Which ship")
    async def sell_ship(self, interaction: discord.Interaction[Any], ship: str) -> None:
        await self._play(interaction, "sell-ship", ship=ship)

    @sell_ship.autocomplete("ship")
    async def sell_ship_ship(self, interaction: discord.Interaction[Any], current: str
                             ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "sell-ship", "ship", current)

    @trader.command(name="insure", description="Buy an insurance policy for a ship")
    @app_commands.describe(ship="Which ship")
    async def insure(self, interaction: discord.Interaction[Any], ship: str) -> None:
        await self._play(interaction, "insure", ship=ship)

    @insure.autocomplete("ship")
    async def insure_ship(self, interaction: discord.Interaction[Any], current: str
                          ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "insure", "ship", current)

    @trader.command(name="surrender", description="Surrender a ship's insurance policy")
    @app_commands.describe(ship="Which ship")
    async def surrender(self, interaction: discord.Interaction[Any], ship: str) -> None:
        await self._play(interaction, "surrender", ship=ship)

    @surrender.autocomplete("ship")
    async def surrender_ship(self, interaction: discord.Interaction[Any], current: str
                             ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "surrender", "ship", current)

    # --- shares ---------------------------------------------------------------------------
    @trader.command(name="buy-share", description="Buy a share certificate from the Banker")
    async def buy_share(self, interaction: discord.Interaction[Any]) -> None:
        await self._play(interaction, "buy-share")

    @trader.command(name="sell-share", description="Sell a share certificate to the Banker")
    async def sell_share(self, interaction: discord.Interaction[Any]) -> None:
        await self._play(interaction, "sell-share")

    @trader.command(name="auction", description="Auction a share certificate to the others")
    async def auction(self, interaction: discord.Interaction[Any]) -> None:
        await self._play(interaction, "auction")

    @trader.command(name="bid", description="A sealed bid for the certificate on auction")
    @app_commands.describe(amount="Your bid (0 passes); only you see it")
    async def bid(self, interaction: discord.Interaction[Any], amount: str) -> None:
        await self._play(interaction, "bid", amount=amount)

    @bid.autocomplete("amount")
    async def bid_amount(self, interaction: discord.Interaction[Any], current: str
                         ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "bid", "amount", current)

    @trader.command(name="claim", description="Claim a majority shareholding")
    async def claim(self, interaction: discord.Interaction[Any]) -> None:
        await self._play(interaction, "claim")

    @trader.command(name="challenge", description="Challenge the majority claim")
    async def challenge(self, interaction: discord.Interaction[Any]) -> None:
        await self._play(interaction, "challenge")

    @trader.command(name="end", description="End your turn")
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        await self._play(interaction, "end")

    # --- decisions ------------------------------------------------------------------------
    @trader.command(name="decide", description="Make a decision the game waits for (route, "
                    "dock, cargo, cards)")
    @app_commands.describe(choice="Start typing: the list shows what you can decide now")
    async def decide(self, interaction: discord.Interaction[Any], choice: str) -> None:
        await self._decide(interaction, choice)

    @decide.autocomplete("choice")
    async def decide_choice(self, interaction: discord.Interaction[Any], current: str
                            ) -> list[app_commands.Choice[str]]:
        return await self._decide_choices(interaction, current)

    # --- help -----------------------------------------------------------------------------
    @trader.command(name="help", description="What an Ocean Trader action does and costs")
    @app_commands.describe(action="Which action (or the ports, or the goods)")
    @app_commands.choices(action=HELP_TOPICS)
    async def help(self, interaction: discord.Interaction[Any],
                   action: app_commands.Choice[str]) -> None:
        await self._help(interaction, action, help_text)
