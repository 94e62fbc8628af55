"""The ``/trader`` commands of Ocean Trader: one command per move, each option read off the legal
actions and named for people from the acting seat's own view.

Ships are named where they lie ("Ship 2 in Bombay, carrying tea"), routes by where they go
("Liverpool → New York (8 spaces)") and goods by name and price. Cash and share holdings are
secret: a label shows only what the acting seat's view holds (its own cash at most).

The decisions a voyage or a Prospect card waits for are in :data:`DECISIONS`; the route out of
port and docking have ``sail`` and ``dock``, the cargo a Prospect card takes and the order of the
World Trade cards put back are answered through the generic ``decide``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, Literal, TypeVar

from pydantic import ValidationError

from engine.core.commands import (
    Command,
    CommandError,
    CommandTable,
    HelpTopic,
    Option,
    load_help,
    whole,
)
from engine.core.protocol import Action

from . import actions as A
from .content import ocean_trader_content
from .explain import trade_block, where_it_sells
from .legal import bid_amounts, route_costs, throw_lands
from .rules import money, wanted, wanting_cards
from .state import OceanTraderView, Ship

GROUP = "trader"
# The decisions a voyage or a Prospect card waits for (an auction's bids have /trader bid).
DECISIONS = frozenset({"choose_route", "dock", "sail_on", "jettison", "order_cards"})
NOTHING_TO_DECIDE = ("No decision is waiting for you: play an action (/trader roll, /trader buy, "
                     "...) or end your turn with /trader end.")
SPARE = "spare"  # the surrender option's value for a spare policy (one covering no ship)
NONE = "none"  # the depart option's value when no ship leaves port

V = OceanTraderView


# --- what the acting seat's view says -----------------------------------------------------------
def my_ships(view: V) -> list[Ship]:
    seat = view.viewer
    if seat is None or not 0 <= seat < len(view.players):
        return []
    return view.players[seat].ships


def my_ship(view: V, number: int) -> Ship | None:
    return next((s for s in my_ships(view) if s.number == number), None)


def port_name(port: str) -> str:
    return ocean_trader_content().port(port).name


def goods_name(goods: str) -> str:
    return ocean_trader_content().good(goods).name


def cargo_text(cargo: list[str]) -> str:
    counts: dict[str, int] = {}
    for goods in cargo:
        counts[goods] = counts.get(goods, 0) + 1
    return ", ".join(goods_name(g).lower() + (f" ×{n}" if n > 1 else "")
                     for g, n in counts.items())


def ship_label(number: int, view: V) -> str:
    """"Ship 2 in Bombay, carrying tea" (or "at sea, bound for ...") from the seat's view."""
    ship = my_ship(view, number)
    if ship is None:
        return f"Ship {number}"
    if ship.port is not None:
        where = f" in {port_name(ship.port)}"
    elif ship.toward is not None:
        where = f" at sea, bound for {port_name(ship.toward)}"
    else:
        where = " at sea"
    load = f", carrying {cargo_text(ship.cargo)}" if ship.cargo else ""
    return f"Ship {number}{where}{load}"


def route_label(route_id: str, view: V, wind: bool = True) -> str:
    """"Liverpool → New York (8 spaces, Roaring Forties +2, ends 4 spaces out)" from the port the
    waiting decision is about, with where the throw takes the ship (``throw_lands``)."""
    c = ocean_trader_content()
    route = c.route(route_id)
    here = view.pending.port if view.pending is not None and view.pending.port else route.a
    there = route.other(here)
    twins = [r for r in c.routes_from(here) if r.other(here) == there]
    by = f" by the {route.name}" if route.name and len(twins) > 1 else ""
    notes = [f"{route.length} spaces", *route_costs(route, there, wind=wind),
             *(throw_lands(view, view.pending.seat, route) if view.pending is not None else [])]
    return f"{port_name(here)} → {port_name(there)}{by} ({', '.join(notes)})"


def _windblown(view: V) -> bool:
    voyage = view.voyage
    return voyage is not None and (voyage.windblown or voyage.card_move)


def _trade_card(view: V, ship: int, goods: str) -> str:
    """The World Trade card in play wanting ``goods`` where ``ship`` lies ("none" when none does:
    the engine explains a sale that no card wants)."""
    found = my_ship(view, ship)
    c = ocean_trader_content()
    for slot in view.in_play:
        card = c.trade_card(slot.card)
        if found is not None and card.port == found.port and card.goods == goods:
            return slot.card
    return NONE


# --- reading typed values -----------------------------------------------------------------------
def _number(text: str | None, what: str) -> int:
    if text is None:
        raise CommandError(f"Fill in {what}.")
    digits = text.strip().lower().removeprefix("ship").replace("£", "").replace(",", "").strip()
    number = whole(digits)
    if number is None or number < 0:
        raise CommandError(f"{what.capitalize()} is picked from the list, not {text!r}.")
    return number


def _goods(text: str | None) -> str:
    if text is None:
        raise CommandError("Fill in the goods.")
    wanted = text.strip().lower()
    every = ocean_trader_content().goods.goods
    for goods in every:
        if wanted in (goods.id, goods.name.lower()):
            return goods.id
    # the start of a name names the goods it alone begins ("manufactured", "tob")
    begun = [g for g in every if wanted and (g.name.lower().startswith(wanted)
                                             or g.id.startswith(wanted))]
    if len(begun) == 1:
        return begun[0].id
    if begun:
        names = [g.name for g in sorted(begun, key=lambda g: g.name)]
        raise CommandError(f"{text.strip()!r} could be {', '.join(names[:-1])} or {names[-1]}: "
                           f"type more of the name.")
    raise CommandError(f"There are no goods called {text!r}; pick them from the list.")


def _departing(text: str | None, view: V) -> tuple[int, ...]:
    if text is None or text.strip().lower() in (NONE, "no", "0", ""):
        return ()
    numbers: list[int] = []
    for part in re.split(r"[,;]+|\band\b", text.strip().lower()):
        port = _port_of(part)
        if port is not None:
            # a port typed for its ships ("bombay"): the viewer's ships lying there, so the
            # engine can say why they stay, when the menu offers none of them
            ships = [s.number for s in my_ships(view) if s.port == port]
            if not ships:
                raise CommandError(f"You have no ship in {port_name(port)}.")
            numbers.extend(ships)
            continue
        for word in part.split():
            if word not in ("ship", "ships"):
                numbers.append(_number(word, "each ship leaving port"))
    if not numbers:
        raise CommandError(f"Name the ships that leave port by number, not {text!r}.")
    twice = sorted({n for n in numbers if numbers.count(n) > 1})
    if twice:
        # a ship typed twice is a slip, not a guess to make for the player
        named = " and ".join(f"ship {n}" for n in twice)
        raise CommandError(f"In {text.strip()!r} {named} {'is' if len(twice) == 1 else 'are'} "
                           f"named more than once: name each ship leaving port once, by its "
                           f"number (as '1,2').")
    return tuple(sorted(numbers))  # the engine lists them in number order


def _port_of(text: str) -> str | None:
    """The port ``text`` names in full (any case), or None."""
    wanted = text.strip().lower()
    for port in ocean_trader_content().ports.ports:
        if wanted in (port.id.lower(), port.name.lower()):
            return port.id
    return None


def _pending_ship(view: V) -> int:
    pending = view.pending
    return pending.ship if pending is not None and pending.ship is not None else 1


# --- roll ---------------------------------------------------------------------------------------
def _read_depart(action: A.ThrowDice, view: V) -> str:
    return ",".join(str(n) for n in action.depart) or NONE


def _label_depart(action: A.ThrowDice, view: V) -> str:
    if not action.depart:
        return "No ship leaves port: only the ships at sea sail"
    parts = []
    for number in action.depart:
        ship = my_ship(view, number)
        where = f" leaves {port_name(ship.port)}" if ship is not None and ship.port else " leaves"
        parts.append(f"ship {number}{where}")
    text = ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + parts[-1]
    return text[:1].upper() + text[1:]


def _build_roll(typed: Mapping[str, str | None], view: V) -> A.ThrowDice:
    return A.ThrowDice(depart=_departing(typed.get("depart"), view))


# --- sail and dock ------------------------------------------------------------------------------
Route = A.ChooseRoute | A.SailOn


def _read_route(action: Route, view: V) -> str:
    return action.route


def _label_route(action: Route, view: V) -> str:
    wind = isinstance(action, A.ChooseRoute) or not _windblown(view)
    return route_label(action.route, view, wind=wind)


def _build_sail(typed: Mapping[str, str | None], view: V) -> Route:
    route = typed.get("route")
    if route is None:
        raise CommandError("Fill in the route.")
    c = ocean_trader_content()
    here = view.pending.port if view.pending is not None else None
    if here is not None and route not in {r.id for r in c.routes.routes}:
        # a port's name typed for a route no legal move has: the route there, if one leads there
        wanted = route.strip().lower()
        for r in c.routes_from(here):
            if port_name(r.other(here)).lower() == wanted:
                route = r.id
                break
    if view.pending is not None and view.pending.kind == "at_port":
        return A.SailOn(ship=_pending_ship(view), route=route)
    return A.ChooseRoute(ship=_pending_ship(view), route=route)


def _build_dock(typed: Mapping[str, str | None], view: V) -> A.Dock:
    return A.Dock(ship=_pending_ship(view))


# --- trade --------------------------------------------------------------------------------------
Cargo = A.BuyCargo | A.SellCargo | A.DumpCargo


def _read_ship(action: Cargo | A.SellShip | A.BuyPolicy, view: V) -> str:
    return str(action.ship)


def _label_ship(action: Cargo | A.SellShip | A.BuyPolicy, view: V) -> str:
    return ship_label(action.ship, view)


def _only_ship(view: V) -> str | None:
    """The viewer's ship when its fleet has just one."""
    ships = my_ships(view)
    return str(ships[0].number) if len(ships) == 1 else None


def _read_goods(action: Cargo, view: V) -> str:
    return action.goods


def _label_buy_goods(action: A.BuyCargo, view: V) -> str:
    price = ocean_trader_content().good(action.goods).price
    return f"{goods_name(action.goods)} for {money(price)}"


def _label_sell_goods(action: A.SellCargo, view: V) -> str:
    c = ocean_trader_content()
    card = c.trade_card(action.card)
    slot = next((s for s in view.in_play if s.card == action.card), None)
    multipliers = c.rules.world_trade.sale_multipliers
    sold = slot.sold if slot is not None else 0
    price = c.good(action.goods).price * multipliers[min(sold, len(multipliers) - 1)]
    return f"{goods_name(action.goods)} to {port_name(card.port)} for {money(price)}"


def _label_dump_goods(action: A.DumpCargo, view: V) -> str:
    c = ocean_trader_content()
    price = c.good(action.goods).price // c.rules.world_trade.unwanted_goods_divisor
    return f"{goods_name(action.goods)} for half price, {money(price)}"


def _build_buy(typed: Mapping[str, str | None], view: V) -> A.BuyCargo:
    return A.BuyCargo(ship=_number(typed.get("ship"), "the ship"), goods=_goods(typed.get("goods")))


def _build_sell(typed: Mapping[str, str | None], view: V) -> A.SellCargo:
    ship, goods = _number(typed.get("ship"), "the ship"), _goods(typed.get("goods"))
    return A.SellCargo(ship=ship, goods=goods, card=_trade_card(view, ship, goods))


def _build_dump(typed: Mapping[str, str | None], view: V) -> A.DumpCargo:
    return A.DumpCargo(ship=_number(typed.get("ship"), "the ship"),
                       goods=_goods(typed.get("goods")))


Trade = Literal["buy", "sell", "dump"]


def _cannot_trade(kind: Trade) -> Callable[[Mapping[str, str | None], V], str | None]:
    """The reason none of the seat's ships (or the one typed) has a ``kind`` trade now, read off
    its view, for the command table to give when no move of the command is open; None leaves
    the table's own answer (out of turn, a decision waiting, no such ship)."""
    def why(typed: Mapping[str, str | None], view: V) -> str | None:
        seat = view.viewer
        if seat is None or not 0 <= seat < len(view.players) or view.active != seat \
                or view.pending is not None or view.auction is not None:
            return None
        me = view.players[seat]
        ships = me.ships
        named = typed.get("ship")
        if named is not None:
            ships = [s for s in ships if str(s.number) == named.strip()]
            if not ships:
                return None
        if not ships:
            return "You have no ship to trade with."
        goods = _typed_goods(typed.get("goods"))
        if goods is not None:
            # the goods typed: why each ship free to trade does not trade them
            reasons = [trade_block(ship, me.turns)
                       or _goods_reason(kind, ship, goods, me.cash, view) for ship in ships]
        else:
            reasons = [_trade_reason(kind, ship, me.turns, me.cash, view) for ship in ships]
        if any(r is None for r in reasons):
            return None
        return " ".join(dict.fromkeys(r for r in reasons if r is not None))
    return why


def _typed_goods(text: str | None) -> str | None:
    """The goods ``text`` names, or None (text that names none is refused by ``build``)."""
    if text is None:
        return None
    try:
        return _goods(text)
    except CommandError:
        return None


def _goods_reason(kind: Trade, ship: Ship, goods: str, cash: int | None, view: V
                  ) -> str | None:
    """Why ``ship``, free to trade in port, has no ``kind`` trade of ``goods`` (read off the
    seat's own view: its cash is its own), or None when it has one."""
    c = ocean_trader_content()
    assert ship.port is not None
    here, name = port_name(ship.port), goods_name(goods)
    if kind == "buy":
        sells = c.port(ship.port).sells
        capacity = c.rules.ships.cargo_capacity
        price = c.good(goods).price
        if goods not in sells:
            return f"{here} does not sell {name}; it sells {', '.join(map(goods_name, sells))}."
        if len(ship.cargo) >= capacity:
            return f"Ship {ship.number} already carries {capacity} cargoes; sell one first."
        if view.bills_available.get(goods, 0) <= 0:
            return (f"All {c.rules.bills_of_lading_per_goods.value} Bills of Lading for {name} "
                    f"are out; none can be bought now.")
        if cash is not None and cash < price:
            return f"You need {money(price)} for {name}; you have {money(cash)}."
        return None
    if goods not in ship.cargo:
        return f"Ship {ship.number} carries no {name}."
    if kind == "sell" and not wanting_cards(view, ship.port, goods):
        return (f"No World Trade card in play has {here} wanting {name}; "
                f"{where_it_sells(view, goods)}")
    if kind == "dump" and wanted(view, goods):
        return (f"A World Trade card in play still wants {name}, so it is not sold for half "
                f"price: {where_it_sells(view, goods)}")
    return None


def _trade_reason(kind: Trade, ship: Ship, turns: int, cash: int | None, view: V) -> str | None:
    blocked = trade_block(ship, turns)
    if blocked is not None:
        return blocked
    c = ocean_trader_content()
    assert ship.port is not None
    here = port_name(ship.port)
    if kind == "buy":
        capacity = c.rules.ships.cargo_capacity
        if len(ship.cargo) >= capacity:
            return f"Ship {ship.number} already carries {capacity} cargoes; sell one first."
        stocked = [g for g in c.port(ship.port).sells if view.bills_available.get(g, 0) > 0]
        if not stocked:
            return (f"All the Bills of Lading for the goods {here} sells are out; none can be "
                    f"bought there now.")
        cheapest = min(c.good(g).price for g in stocked)
        if cash is not None and cash < cheapest:
            return (f"You need {money(cheapest)} for the cheapest goods {here} sells; you have "
                    f"{money(cash)}.")
        return None
    if not ship.cargo:
        return f"Ship {ship.number} carries no cargo."
    goods = sorted(set(ship.cargo), key=goods_name)
    names = ", ".join(goods_name(g) for g in goods)
    if kind == "sell":
        if any(wanting_cards(view, ship.port, g) for g in goods):
            return None
        unwanted = [g for g in goods if not wanted(view, g)]
        dump = " /trader dump sells goods no card wants for half price." if unwanted else ""
        return (f"No World Trade card in play has {here} wanting ship {ship.number}'s cargo "
                f"({names}).{dump}")
    if not all(wanted(view, g) for g in goods):
        return None
    then = where_it_sells(view, goods[0]) if len(goods) == 1 else \
        "carry it to the ports that want it."
    return (f"A World Trade card in play still wants all of ship {ship.number}'s cargo "
            f"({names}), so none of it sells for half price: {then}")


# --- the office ---------------------------------------------------------------------------------
def _label_sell_ship(action: A.SellShip, view: V) -> str:
    price = ocean_trader_content().rules.ships.sell_price
    ship = my_ship(view, action.ship)
    notes = []
    if ship is not None and ship.cargo:
        notes.append("its cargo goes back unpaid")
    if ship is not None and ship.insured:
        notes.append("its policy stays with the office")
    extra = f" ({'; '.join(notes)})" if notes else ""
    return f"{ship_label(action.ship, view)}: sells for {money(price)}{extra}"


def _label_insure(action: A.BuyPolicy, view: V) -> str:
    seat = view.viewer
    spare = seat is not None and 0 <= seat < len(view.players) \
        and view.players[seat].spare_policies > 0
    price = ocean_trader_content().rules.insurance.extra_policy_price
    cost = "free, under the office's spare policy" if spare else money(price)
    return f"{ship_label(action.ship, view)}: {cost}"


def _build_sell_ship(typed: Mapping[str, str | None], view: V) -> A.SellShip:
    return A.SellShip(ship=_number(typed.get("ship"), "the ship"))


def _build_insure(typed: Mapping[str, str | None], view: V) -> A.BuyPolicy:
    return A.BuyPolicy(ship=_number(typed.get("ship"), "the ship"))


Surrender = A.SurrenderPolicy | A.SurrenderSparePolicy


def _read_policy(action: Surrender, view: V) -> str:
    return SPARE if isinstance(action, A.SurrenderSparePolicy) else str(action.ship)


def _label_policy(action: Surrender, view: V) -> str:
    value = money(ocean_trader_content().rules.insurance.surrender_value)
    if isinstance(action, A.SurrenderSparePolicy):
        return f"A spare policy the office holds (covering no ship), for {value}"
    return f"{ship_label(action.ship, view)}: its policy, for {value}"


def _build_surrender(typed: Mapping[str, str | None], view: V) -> Surrender:
    text = typed.get("ship")
    if text is not None and text.strip().lower() in (SPARE, "a spare policy", "spare policy"):
        return A.SurrenderSparePolicy()
    return A.SurrenderPolicy(ship=_number(text, "the ship"))


# --- shares -------------------------------------------------------------------------------------
def _read_amount(action: A.Bid, view: V) -> str:
    return str(action.amount)


def _label_amount(action: A.Bid, view: V) -> str:
    return "Pass: no bid (£0)" if action.amount == 0 else money(action.amount)


def _build_bid(typed: Mapping[str, str | None], view: V) -> A.Bid:
    text = typed.get("amount")
    if text is not None and text.strip().lower() in ("pass", "no", "none"):
        return A.Bid(amount=0)
    try:
        return A.Bid(amount=_number(text, "the amount"))
    except CommandError:
        if view.auction is None:  # no list to pick from: that is what the bidder must hear
            raise CommandError("There is no certificate on auction.") from None
        raise


# --- the table ----------------------------------------------------------------------------------
T = TypeVar("T", bound=Action)
BuildFn = Callable[[Mapping[str, str | None], V], T]


def _validated(build: BuildFn[T]) -> BuildFn[T]:
    """``build`` with pydantic's refusal of a value turned into a plain sentence."""
    def run(typed: Mapping[str, str | None], view: V) -> T:
        try:
            return build(typed, view)
        except ValidationError:
            raise CommandError("Those options do not make a move; pick them from the "
                               "lists.") from None
    return run


def _commands() -> tuple[Command[Any, V], ...]:
    buy_ship: Option[A.BuyCargo, V] = Option("ship", "Which ship (in port since before this turn)",
                                             _read_ship, _label_ship, sole=_only_ship)
    sell_ship_opt: Option[A.SellCargo, V] = Option("ship", "Which ship", _read_ship, _label_ship,
                                                   sole=_only_ship)
    dump_ship: Option[A.DumpCargo, V] = Option("ship", "Which ship", _read_ship, _label_ship,
                                               sole=_only_ship)
    roll: Command[A.ThrowDice, V] = Command(
        "roll", "Throw the die: your ships at sea sail, and any you send out of port",
        (A.ThrowDice,),
        (Option("depart", "Which ships in port leave with this throw (the list shows each "
                "choice)", _read_depart, _label_depart, required=False),),
        _validated(_build_roll))
    sail: Command[Route, V] = Command(
        "sail", "Choose the route a ship leaves port by, or sail on past the port reached",
        (A.ChooseRoute, A.SailOn),
        (Option("route", "Which route (the list shows where it goes)", _read_route,
                _label_route),),
        _validated(_build_sail))
    dock: Command[A.Dock, V] = Command(
        "dock", "Stop in the port your ship has reached (pays the port's fee)", (A.Dock,), (),
        _validated(_build_dock))
    buy: Command[A.BuyCargo, V] = Command(
        "buy", "Buy goods the port sells onto one of your ships", (A.BuyCargo,),
        (buy_ship, Option("goods", "Which goods (the list shows the price)", _read_goods,
                          _label_buy_goods)),
        _validated(_build_buy), unavailable=_cannot_trade("buy"))
    sell: Command[A.SellCargo, V] = Command(
        "sell", "Sell cargo to the port a World Trade card names", (A.SellCargo,),
        (sell_ship_opt, Option("goods", "Which cargo (the list shows the price)", _read_goods,
                               _label_sell_goods)),
        _validated(_build_sell), unavailable=_cannot_trade("sell"))
    dump: Command[A.DumpCargo, V] = Command(
        "dump", "Sell unwanted cargo here for half its price", (A.DumpCargo,),
        (dump_ship, Option("goods", "Which cargo (the list shows the price)", _read_goods,
                           _label_dump_goods)),
        _validated(_build_dump), unavailable=_cannot_trade("dump"))
    sell_ship: Command[A.SellShip, V] = Command(
        "sell-ship", "Sell a ship in port to the Banker (cargo aboard goes back unpaid)",
        (A.SellShip,),
        (Option("ship", "Which ship", _read_ship, _label_sell_ship, sole=_only_ship),),
        _validated(_build_sell_ship))
    insure: Command[A.BuyPolicy, V] = Command(
        "insure", "Buy an insurance policy for a ship", (A.BuyPolicy,),
        (Option("ship", "Which ship", _read_ship, _label_insure, sole=_only_ship),),
        _validated(_build_insure))
    surrender: Command[Surrender, V] = Command(
        "surrender", "Surrender an insurance policy: a ship's, or a spare one your office holds",
        (A.SurrenderPolicy, A.SurrenderSparePolicy),
        (Option("ship", "Which ship's policy, or a spare one (the list shows each)",
                _read_policy, _label_policy),),
        _validated(_build_surrender))
    bid: Command[A.Bid, V] = Command(
        "bid", "A sealed bid for the certificate on auction", (A.Bid,),
        (Option("amount", "Your bid (0 passes); only you see it", _read_amount,
                _label_amount),),
        _validated(_build_bid))
    buy_a_ship: Command[A.BuyShip, V] = Command(
        "buy-ship", "Buy a new ship from the Merchant Banker", (A.BuyShip,))
    buy_share: Command[A.BuyShare, V] = Command(
        "buy-share", "Buy a share certificate from the Banker", (A.BuyShare,))
    sell_share: Command[A.SellShare, V] = Command(
        "sell-share",
        "Sell a share certificate to the Banker (to another player: /trader auction)",
        (A.SellShare,))
    auction: Command[A.AuctionShare, V] = Command(
        "auction", "Auction a share certificate to the others", (A.AuctionShare,))
    claim: Command[A.ClaimMajority, V] = Command(
        "claim", "Claim a majority shareholding", (A.ClaimMajority,))
    challenge: Command[A.ChallengeClaim, V] = Command(
        "challenge", "Challenge the majority claim", (A.ChallengeClaim,))
    end: Command[A.EndTurn, V] = Command("end", "End your turn", (A.EndTurn,))
    return (roll, sail, dock, buy, sell, dump, buy_a_ship, sell_ship, insure, surrender,
            buy_share, sell_share, auction, bid, claim, challenge, end)


# --- help ---------------------------------------------------------------------------------------
def _signed(change: int) -> str:
    return f"{change:+d}"


def ports_by_fee() -> str:
    """The ports, grouped by their fee (cheapest first)."""
    by_fee: dict[int, list[str]] = {}
    for port in ocean_trader_content().ports.ports:
        by_fee.setdefault(port.fee, []).append(port.name)
    return "\n".join(f"{money(fee)}: " + ", ".join(names) for fee, names in sorted(by_fee.items()))


def goods_prices() -> str:
    """Each category's goods with their Bill of Lading price."""
    c = ocean_trader_content()
    lines = []
    for category in c.goods.categories:
        goods = [c.good(g) for g in category.goods]
        lines.append(f"{category.name}: " + ", ".join(f"{g.name} {money(g.price)}"
                                                     for g in goods))
    return "\n".join(lines)


def figures() -> dict[str, object]:
    """The figures the help texts name, from the game's content (and the bid steps the engine
    offers)."""
    c = ocean_trader_content()
    r = c.rules
    multipliers = r.world_trade.sale_multipliers
    first, second = (multipliers + (1, 1))[:2]
    fees = sorted({p.fee for p in c.ports.ports})
    bids = bid_amounts(10**9)
    step = bids[1] - bids[0]
    turn = next(i for i in range(1, len(bids) - 1) if bids[i + 1] - bids[i] != step)
    return {
        "die_faces": r.die_faces.value,
        "suez_fee": money(r.suez_canal_fee.value),
        "forties_east": _signed(r.roaring_forties.eastward),
        "forties_west": _signed(r.roaring_forties.westward),
        "fee_range": f"{money(fees[0])} to {money(fees[-1])}" if fees else "a fee",
        "cargo_capacity": r.ships.cargo_capacity,
        "bills_per_goods": r.bills_of_lading_per_goods.value,
        "first_multiplier": first,
        "second_multiplier": second,
        "multipliers": " then ".join(f"{m}×" for m in multipliers),
        "purchases_per_card": r.world_trade.purchases_per_card,
        "dump_divisor": r.world_trade.unwanted_goods_divisor,
        "start_port": c.port(c.start_port).name,
        "start_cash": money(r.start.cash),
        "max_ships": r.ships.max_per_player,
        "ship_price": money(r.ships.buy_price),
        "ship_sell_price": money(r.ships.sell_price),
        "policy_price": money(r.insurance.extra_policy_price),
        "surrender_value": money(r.insurance.surrender_value),
        "certificates": r.shares.certificates,
        "certificates_two_players": r.shares.certificates_two_players,
        "share_price": money(r.shares.price),
        "share_buyback": money(r.shares.banker_buyback),
        "claim_turns": r.claim.turns,
        "claim_ships": r.claim.must_hold_ships,
        "claim_policies": r.claim.must_hold_policies,
        "claim_cash": money(r.claim.must_hold_cash),
        "claim_forfeit": r.claim.forfeit_on_failure,
        "no_ships_turns": r.no_ships_left.turns,
        "bid_step": money(step),
        "bid_step_until": money(bids[turn]),
        "bid_big_step": money(bids[turn + 1] - bids[turn]),
        "ports_by_fee": ports_by_fee(),
        "goods_prices": goods_prices(),
    }


@cache
def table() -> CommandTable[OceanTraderView]:
    """The ``/trader`` group."""
    commands = _commands()
    help_topics: tuple[HelpTopic, ...] = load_help("ocean_trader/help.yaml", commands, figures())
    return CommandTable(
        group=GROUP,
        description="Play Ocean Trader: one command per action",
        commands=commands,
        nothing_to_decide=NOTHING_TO_DECIDE,
        decisions=DECISIONS,
        help=help_topics,
    )
