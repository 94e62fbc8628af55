"""Who may act, and every legal action of a seat, each with a label a player can read."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from engine.core import Action, seat_ref
from engine.core.words import listing

from . import actions as A
from .content_models import Route
from .movement import lands_on_red, roaring_forties
from .rules import (
    bills_available,
    can_trade,
    card_text,
    content,
    dump_price,
    free_ship_number,
    goods_name,
    may_depart,
    money,
    must_sail,
    port_name,
    sale_price,
    wanted,
    wanting_cards,
)
from .state import OceanTraderState, OceanTraderView


def actors(state: OceanTraderState) -> set[int]:
    if state.finished:
        return set()
    if state.auction is not None:
        return {s for s in state.auction.bidders if s not in state.auction.bids}
    if state.pending is not None:
        return {state.pending.seat}
    return {state.active}


def legal_actions(state: OceanTraderState, seat: int) -> list[Action]:
    if seat not in actors(state):
        return []
    if state.auction is not None:
        return list(_bids(state, seat))
    if state.pending is not None:
        return list(_answers(state, seat))
    return [*_trades(state, seat), *_sailing(state, seat), *_office(state, seat),
            *_end(state, seat)]


# --- auctions and decisions ------------------------------------------------------------------
def bid_amounts(cash: int) -> list[int]:
    """Bids in £100 steps up to £2,000, then £500 steps (a finite menu for buttons)."""
    small = list(range(100, min(cash, 2000) + 1, 100))
    large = list(range(2500, min(cash, 20000) + 1, 500))
    return small + large


def _bids(state: OceanTraderState, seat: int) -> Iterator[Action]:
    yield A.Bid(amount=0, label="Pass: no bid for the certificate")
    for amount in bid_amounts(state.players[seat].cash):
        yield A.Bid(amount=amount, label=f"Bid {money(amount)} for the certificate")


def _answers(state: OceanTraderState, seat: int) -> Iterator[Action]:
    pending = state.pending
    assert pending is not None
    c = content()
    voyage = state.voyage
    if pending.kind == "depart":
        assert pending.port is not None and pending.ship is not None
        for route in c.routes_from(pending.port):
            there = route.other(pending.port)
            notes = [f"{route.length} spaces", *route_costs(route, there),
                     *throw_lands(state, seat, route)]
            yield A.ChooseRoute(ship=pending.ship, route=route.id,
                                label=f"Ship {pending.ship}: sail for {port_name(there)} "
                                      f"({', '.join(notes)})")
    elif pending.kind == "at_port":
        assert pending.port is not None and pending.ship is not None
        fee = c.port(pending.port).fee
        # (a menu is the deciding player's own: their cash may be read in it)
        ruin = ": you cannot pay it, so docking eliminates you" \
            if fee > state.players[seat].cash else ""
        left = voyage.steps if voyage is not None else 0
        yield A.Dock(ship=pending.ship,
                     label=f"Ship {pending.ship}: dock at {port_name(pending.port)}, "
                           f"{left} {'point' if left == 1 else 'points'} unused "
                           f"(fee {money(fee)}{ruin})")
        windblown = voyage is not None and (voyage.windblown or voyage.card_move)
        for route in c.routes_from(pending.port):
            there = route.other(pending.port)
            notes = [*route_costs(route, there, wind=not windblown),
                     *throw_lands(state, seat, route)]
            yield A.SailOn(ship=pending.ship, route=route.id,
                           label=f"Ship {pending.ship}: sail on towards {port_name(there)} "
                                 f"({', '.join(notes)})")
    elif pending.kind == "jettison":
        ship = state.players[seat].ship(pending.ship or 0)
        if ship is not None:
            for goods in sorted(set(ship.cargo)):
                yield A.Jettison(ship=ship.number, goods=goods,
                                 label=f"Ship {ship.number}: lose the {goods_name(goods)}")
    elif pending.kind == "order_cards":
        for order in itertools.permutations(pending.cards):
            yield A.OrderCards(order=tuple(order), label="Put back, top first: " + "; ".join(
                card_text(card) for card in order))


def throw_lands(table: OceanTraderState | OceanTraderView, seat: int,
                route: Route) -> list[str]:
    """Where the ship of the waiting route decision ends on ``route`` with the points it has
    (``landing``); nothing when no decision waits. Read from a state or a view alike: the
    throw and the ships are public."""
    points = throw_points(table, seat, route)
    if points is None:
        return []
    assert table.pending is not None and table.pending.port is not None
    assert table.voyage is not None
    return [landing(route, table.pending.port, points, table.voyage.card_move)]


def throw_points(table: OceanTraderState | OceanTraderView, seat: int,
                 route: Route) -> int | None:
    """The points the waiting route decision's ship has along ``route`` from the port it is in
    or passing: the throw, doubled by a Favourable Current, changed by the Roaring Forties
    where the route enters them (once a throw, and not on a move a card ordered); ``None``
    when no route decision waits."""
    pending, voyage = table.pending, table.voyage
    if pending is None or voyage is None or pending.port is None:
        return None
    toward = route.other(pending.port)
    if pending.kind == "depart":
        ship = next((s for s in table.players[seat].ships if s.number == pending.ship), None)
        if ship is None:
            return None
        return voyage.die * (2 if ship.double_next else 1) + roaring_forties(route, toward)
    if pending.kind == "at_port":
        windblown = voyage.windblown or voyage.card_move
        return voyage.steps + (0 if windblown else roaring_forties(route, toward))
    return None


def landing(route: Route, start: str, points: int, card_move: bool = False) -> str:
    """Where ``points`` take a ship setting out along ``route`` from port ``start``: back in
    port, a space out (a red one draws a Prospect card, unless a card ordered the move), the
    next port's dock ("there": the label names the port), or into it with points to spare.
    Only the dice and the board decide it, so every player could count it."""
    if points <= 0:
        return f"stays in {port_name(start)}"
    if points == route.length:
        return "docks there"
    if points > route.length:
        spare = points - route.length
        return f"arrives with {spare} {'point' if spare == 1 else 'points'} to spare"
    where = f"ends {points} {'space' if points == 1 else 'spaces'} out"
    if lands_on_red(route, start, points) and not card_move:
        return where + " on a red space"
    return where


def route_costs(route: Route, toward: str, wind: bool = True) -> list[str]:
    """What sailing the route costs beyond the throw: the Suez Canal's tow, the wind."""
    notes = []
    if route.suez_canal:
        notes.append(f"Suez Canal tow {money(content().rules.suez_canal_fee.value)}")
    change = roaring_forties(route, toward)
    if change and wind:
        notes.append(f"Roaring Forties {change:+d}")
    return notes


# --- the main part of a turn -----------------------------------------------------------------
def _trades(state: OceanTraderState, seat: int) -> Iterator[Action]:
    c = content()
    player = state.players[seat]
    capacity = c.rules.ships.cargo_capacity
    for ship in player.ships:
        if not can_trade(state, seat, ship):
            continue
        port = ship.port
        assert port is not None
        for goods in sorted(set(ship.cargo)):
            for slot in wanting_cards(state, port, goods):
                price = sale_price(slot, goods)
                yield A.SellCargo(ship=ship.number, goods=goods, card=slot.card,
                                  label=f"Ship {ship.number}: sell {goods_name(goods)} to "
                                        f"{port_name(port)} for {money(price)}")
            if not wanted(state, goods):
                yield A.DumpCargo(ship=ship.number, goods=goods,
                                  label=f"Ship {ship.number}: sell unwanted {goods_name(goods)} "
                                        f"for half price, {money(dump_price(goods))}")
        if len(ship.cargo) < capacity:
            for goods in c.port(port).sells:
                price = c.good(goods).price
                if player.cash >= price and bills_available(state, goods) > 0:
                    yield A.BuyCargo(ship=ship.number, goods=goods,
                                     label=f"Ship {ship.number}: buy {goods_name(goods)} for "
                                           f"{money(price)}")


def _sailing(state: OceanTraderState, seat: int) -> Iterator[Action]:
    if state.thrown is not None:
        return
    player = state.players[seat]
    at_sea = [s.number for s in player.ships if must_sail(state, seat, s)]
    leaving = [s for s in player.ships if may_depart(state, seat, s)]
    winds = []
    for ship in player.ships:
        if ship.number in at_sea and ship.double_next:
            winds.append(f"ship {ship.number}'s throw doubled (Favourable Current)")
        if ship.number in at_sea and ship.route is not None and ship.toward is not None:
            change = roaring_forties(content().route(ship.route), ship.toward)
            if change:
                winds.append(f"Roaring Forties {change:+d} to ship {ship.number}'s throw")
    for size in range(0 if at_sea else 1, len(leaving) + 1):
        for group in itertools.combinations(leaving, size):
            parts = []
            if at_sea:
                parts.append("ships at sea sail" if len(at_sea) > 1 else
                             f"ship {at_sea[0]} sails on")
                parts.extend(winds)
            for ship in group:
                assert ship.port is not None
                parts.append(f"ship {ship.number} leaves {port_name(ship.port)}"
                             + (", its throw doubled (Favourable Current)"
                                if ship.double_next else ""))
            yield A.ThrowDice(depart=tuple(s.number for s in group),
                              label="Throw the die: " + ", ".join(parts))


def _office(state: OceanTraderState, seat: int) -> Iterator[Action]:
    c = content()
    rules = c.rules
    player = state.players[seat]
    if free_ship_number(state, seat) is not None and player.cash >= rules.ships.buy_price:
        yield A.BuyShip(label=f"Buy ship {free_ship_number(state, seat)} for "
                              f"{money(rules.ships.buy_price)} (it starts in "
                              f"{port_name(c.start_port)})")
    for ship in player.ships:
        if ship.port is not None:
            notes = []
            if ship.cargo:
                goods = listing([goods_name(g) for g in ship.cargo])
                notes.append(f"its cargo of {goods} goes back to the Banker unpaid")
            if ship.insured:
                notes.append("its policy stays with the office")
            label = f"Sell ship {ship.number} to the Banker for {money(rules.ships.sell_price)}"
            yield A.SellShip(ship=ship.number,
                             label=label + (f" ({'; '.join(notes)})" if notes else ""))
        if not ship.insured and player.spare_policies > 0:
            yield A.BuyPolicy(ship=ship.number,
                              label=f"Put ship {ship.number} under the office's spare policy "
                                    f"(free)")
        elif not ship.insured and player.cash >= rules.insurance.extra_policy_price:
            yield A.BuyPolicy(ship=ship.number,
                              label=f"Insure ship {ship.number} for "
                                    f"{money(rules.insurance.extra_policy_price)}")
        if ship.insured:
            yield A.SurrenderPolicy(ship=ship.number,
                                    label=f"Surrender ship {ship.number}'s policy for "
                                          f"{money(rules.insurance.surrender_value)}")
    if player.spare_policies > 0:
        yield A.SurrenderSparePolicy(label=f"Surrender a spare policy for "
                                          f"{money(rules.insurance.surrender_value)}")
    if state.variant != "full":
        return
    shares = rules.shares
    if state.banker_shares > 0 and player.cash >= shares.price:
        yield A.BuyShare(label=f"Buy a share certificate for {money(shares.price)}")
    if player.shares > 0:
        yield A.SellShare(label=f"Sell a share certificate to the Banker for "
                                f"{money(shares.banker_buyback)}")
        if len(state.active_seats()) > 1:
            yield A.AuctionShare(label="Auction a share certificate to the other players")
        if state.claim is None:
            yield A.ClaimMajority(label="Claim a majority shareholding (checked after twelve "
                                        "more turns)")
        elif state.claim.claimant != seat and not player.challenged:
            yield A.ChallengeClaim(label=f"Challenge {seat_ref(state.claim.claimant)}'s claim by "
                                         f"showing your holding")


def _end(state: OceanTraderState, seat: int) -> Iterator[Action]:
    player = state.players[seat]
    if state.thrown is None and any(must_sail(state, seat, s) for s in player.ships):
        return
    idle = [s for s in player.ships
            if s.port is not None and not (s.traded or s.docked_now or s.new)]
    if idle:
        fees = sum(content().port(s.port).fee for s in idle if s.port is not None)
        ruin = ": you cannot pay them, so ending the turn eliminates you" \
            if fees > player.cash else ""  # (read only in the player's own menu)
        yield A.EndTurn(label=f"End your turn (port fees {money(fees)} for ships idle in "
                              f"port{ruin})")
    else:
        yield A.EndTurn(label="End your turn")
