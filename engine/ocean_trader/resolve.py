"""Carrying out a legal action. ``apply_action`` assumes ``legal_actions`` offered it."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Event, seat_ref
from engine.core.words import count, listing

from . import actions as A
from .legal import bid_amounts
from .movement import continue_voyage, dock, sail_on, set_out, start_throw
from .prospects import lose_cargo
from .rules import (
    content,
    dump_price,
    free_ship_number,
    goods_name,
    may_depart,
    money,
    must_sail,
    new_ship,
    port_name,
    receive,
    remove_trade_card,
    sale_price,
    ship_ref,
    slot_of,
)
from .state import Auction, Claim, OceanTraderState, Ship
from .turns import end_turn, known_change


def apply_action(state: OceanTraderState, seat: int, action: Action) -> list[Event]:
    events: list[Event] = []
    handler: Any = HANDLERS[type(action)]
    handler(state, seat, action, events)
    return events


# --- trading -----------------------------------------------------------------------------------
def _sailing_left(state: OceanTraderState, seat: int) -> tuple[set[int], bool]:
    """The ships that could still leave port this turn, and whether a throw is still to come."""
    if state.thrown is not None:
        return set(), False
    ships = state.players[seat].ships
    leaving = {s.number for s in ships if may_depart(state, seat, s)}
    return leaving, bool(leaving) or any(must_sail(state, seat, s) for s in ships)


def _trade_closes(state: OceanTraderState, seat: int, ship: Ship,
                  before: tuple[set[int], bool]) -> str:
    """What a trade closes for the rest of the turn (rulebook, Method of Play: "It is not
    permitted for any ship to trade and sail during the same turn"): the ship stays in port,
    and when no other ship can sail, there is no dice throw this turn."""
    leaving, throw = before
    if ship.number not in leaving:
        return ""
    if throw and not _sailing_left(state, seat)[1]:
        return "; no dice throw this turn"
    return "; it stays in port this turn"


def _buy_cargo(state: OceanTraderState, seat: int, action: A.BuyCargo,
               events: list[Event]) -> None:
    ship = _ship(state, seat, action.ship)
    before = _sailing_left(state, seat)
    price = content().good(action.goods).price
    state.players[seat].cash -= price
    ship.cargo.append(action.goods)
    ship.traded = True
    events.append(Event(kind="buy_cargo", seat=seat,
                        data={"ship": ship.number, "goods": action.goods, "price": price},
                        text=f"{ship_ref(seat, ship.number)} loads {goods_name(action.goods)} "
                             f"at {port_name(ship.port or '')} for {money(price)}"
                             f"{_trade_closes(state, seat, ship, before)}."))


def _sell_cargo(state: OceanTraderState, seat: int, action: A.SellCargo,
                events: list[Event]) -> None:
    ship = _ship(state, seat, action.ship)
    before = _sailing_left(state, seat)
    slot = slot_of(state, action.card)
    assert slot is not None
    price = sale_price(slot, action.goods)
    receive(state, seat, price)
    ship.cargo.remove(action.goods)
    ship.traded = True
    slot.sold += 1
    events.append(Event(kind="sell_cargo", seat=seat,
                        data={"ship": ship.number, "goods": action.goods, "card": action.card,
                              "price": price, "purchase": slot.sold},
                        text=f"{ship_ref(seat, ship.number)} sells {goods_name(action.goods)} "
                             f"to {port_name(ship.port or '')} for {money(price)}"
                             f"{_trade_closes(state, seat, ship, before)}."))
    if slot.sold >= content().rules.world_trade.purchases_per_card:
        remove_trade_card(state, slot, "two cargoes bought", events)


def _dump_cargo(state: OceanTraderState, seat: int, action: A.DumpCargo,
                events: list[Event]) -> None:
    ship = _ship(state, seat, action.ship)
    before = _sailing_left(state, seat)
    price = dump_price(action.goods)
    receive(state, seat, price)
    ship.cargo.remove(action.goods)
    ship.traded = True
    events.append(Event(kind="dump_cargo", seat=seat,
                        data={"ship": ship.number, "goods": action.goods, "price": price},
                        text=f"{ship_ref(seat, ship.number)} sells unwanted "
                             f"{goods_name(action.goods)} for {money(price)}"
                             f"{_trade_closes(state, seat, ship, before)}."))


# --- sailing -----------------------------------------------------------------------------------
def _throw(state: OceanTraderState, seat: int, action: A.ThrowDice, events: list[Event]) -> None:
    start_throw(state, seat, action.depart, events)


def _choose_route(state: OceanTraderState, seat: int, action: A.ChooseRoute,
                  events: list[Event]) -> None:
    state.pending = None
    set_out(state, seat, _ship(state, seat, action.ship), action.route, events)
    continue_voyage(state, seat, events)


def _dock(state: OceanTraderState, seat: int, action: A.Dock, events: list[Event]) -> None:
    pending = state.pending
    assert pending is not None and pending.port is not None and state.voyage is not None
    state.pending = None
    state.voyage.ship = None
    dock(state, seat, _ship(state, seat, action.ship), pending.port, events)
    continue_voyage(state, seat, events)


def _sail_on(state: OceanTraderState, seat: int, action: A.SailOn, events: list[Event]) -> None:
    state.pending = None
    sail_on(state, seat, _ship(state, seat, action.ship), action.route, events)
    continue_voyage(state, seat, events)


def _jettison(state: OceanTraderState, seat: int, action: A.Jettison,
              events: list[Event]) -> None:
    pending = state.pending
    assert pending is not None
    ship = _ship(state, seat, action.ship)
    lose_cargo(state, seat, ship, action.goods, events)
    pending.count -= 1
    if pending.count <= 0 or not ship.cargo:
        state.pending = None
    elif len(set(ship.cargo)) == 1:
        for _ in range(min(pending.count, len(ship.cargo))):
            lose_cargo(state, seat, ship, ship.cargo[0], events)
        state.pending = None
    continue_voyage(state, seat, events)


def _order_cards(state: OceanTraderState, seat: int, action: A.OrderCards,
                 events: list[Event]) -> None:
    state.trade_deck = [*action.order, *state.trade_deck]
    state.pending = None
    events.append(Event(kind="cards_ordered", seat=seat,
                        text=f"{seat_ref(seat)} puts the World Trade cards back."))
    continue_voyage(state, seat, events)


def _end_turn(state: OceanTraderState, seat: int, action: A.EndTurn, events: list[Event]) -> None:
    end_turn(state, events)


# --- the office --------------------------------------------------------------------------------
def _buy_ship(state: OceanTraderState, seat: int, action: A.BuyShip, events: list[Event]) -> None:
    rules = content().rules.ships
    player = state.players[seat]
    number = free_ship_number(state, seat)
    assert number is not None
    player.cash -= rules.buy_price
    player.ships.append(new_ship(number, insured=False))
    player.ships.sort(key=lambda s: s.number)
    events.append(Event(kind="buy_ship", seat=seat, data={"ship": number},
                        text=f"{seat_ref(seat)} buys ship {number} for "
                             f"{money(rules.buy_price)}; it waits in "
                             f"{port_name(content().start_port)}."))


def _sell_ship(state: OceanTraderState, seat: int, action: A.SellShip,
               events: list[Event]) -> None:
    """Sold in port for £1,000. Cargo aboard goes with the ship: its Bills of Lading return to
    the Merchant Banker unpaid. A policy on the ship stays with the office as a spare."""
    player = state.players[seat]
    ship = _ship(state, seat, action.ship)
    player.ships.remove(ship)
    price = content().rules.ships.sell_price
    receive(state, seat, price)
    if ship.insured:
        player.spare_policies += 1
    text = f"{seat_ref(seat)} sells ship {action.ship} to the Banker for {money(price)}"
    if ship.cargo:
        text += (f"; its cargo ({', '.join(goods_name(g) for g in ship.cargo)}) goes back to "
                 f"the Banker unpaid")
    if ship.insured:
        text += "; its policy stays with the office"
    events.append(Event(kind="sell_ship", seat=seat,
                        data={"ship": action.ship, "cargo": list(ship.cargo),
                              "policy_kept": ship.insured},
                        text=text + "."))


def _buy_policy(state: OceanTraderState, seat: int, action: A.BuyPolicy,
                events: list[Event]) -> None:
    player = state.players[seat]
    _ship(state, seat, action.ship).insured = True
    if player.spare_policies > 0:
        player.spare_policies -= 1
        events.append(Event(kind="buy_policy", seat=seat,
                            data={"ship": action.ship, "price": 0, "spare": True},
                            text=f"{seat_ref(seat)} puts ship {action.ship} under the office's "
                                 f"spare policy."))
        return
    price = content().rules.insurance.extra_policy_price
    player.cash -= price
    events.append(Event(kind="buy_policy", seat=seat, data={"ship": action.ship},
                        text=f"{seat_ref(seat)} insures ship {action.ship} for {money(price)}."))


def _surrender_policy(state: OceanTraderState, seat: int, action: A.SurrenderPolicy,
                      events: list[Event]) -> None:
    value = content().rules.insurance.surrender_value
    receive(state, seat, value)
    _ship(state, seat, action.ship).insured = False
    events.append(Event(kind="surrender_policy", seat=seat, data={"ship": action.ship},
                        text=f"{seat_ref(seat)} surrenders ship {action.ship}'s policy for "
                             f"{money(value)}."))


def _surrender_spare_policy(state: OceanTraderState, seat: int,
                            action: A.SurrenderSparePolicy, events: list[Event]) -> None:
    value = content().rules.insurance.surrender_value
    receive(state, seat, value)
    state.players[seat].spare_policies -= 1
    events.append(Event(kind="surrender_policy", seat=seat, data={"ship": None},
                        text=f"{seat_ref(seat)} surrenders a spare policy for {money(value)}."))


def _buy_share(state: OceanTraderState, seat: int, action: A.BuyShare,
               events: list[Event]) -> None:
    player = state.players[seat]
    price = content().rules.shares.price
    player.cash -= price
    player.shares += 1
    state.banker_shares -= 1
    _dealt_privately(state, seat)
    events.append(_banker_business(seat))
    events.append(Event(kind="buy_share", seat=seat, to=[seat], data={"shares": player.shares},
                        text=f"You buy a share certificate for {money(price)}; you hold "
                             f"{player.shares}."))


def _sell_share(state: OceanTraderState, seat: int, action: A.SellShare,
                events: list[Event]) -> None:
    player = state.players[seat]
    price = content().rules.shares.banker_buyback
    player.cash += price
    player.shares -= 1
    state.banker_shares += 1
    _dealt_privately(state, seat)
    events.append(_banker_business(seat))
    events.append(Event(kind="sell_share", seat=seat, to=[seat], data={"shares": player.shares},
                        text=f"You sell a share certificate to the Banker for {money(price)}; "
                             f"you hold {player.shares}."))


def _dealt_privately(state: OceanTraderState, seat: int) -> None:
    """After a dealing in shares with the Banker, whose kind the table does not see: the
    holding the table knew of is known no longer, and a claimant's may have fallen by one."""
    state.players[seat].shown = None
    if state.claim is not None and state.claim.claimant == seat:
        state.claim.beaten = max(0, state.claim.beaten - 1)


def _banker_business(seat: int) -> Event:
    """What the table sees of a private dealing in shares with the Merchant Banker: that it
    happens, and nothing of what it was (a purchase or a sale, or the holding)."""
    return Event(kind="banker_business", seat=seat,
                 text=f"{seat_ref(seat)} does business with the Banker.")


def _auction_share(state: OceanTraderState, seat: int, action: A.AuctionShare,
                   events: list[Event]) -> None:
    order = [(seat + k) % state.seats for k in range(1, state.seats)]
    bidders = [s for s in order if not state.players[s].eliminated]
    state.auction = Auction(seller=seat, bidders=bidders)
    events.append(Event(kind="auction", seat=seat, data={"bidders": bidders},
                        text=f"{seat_ref(seat)} auctions a share certificate: "
                             f"{_who_may_bid(bidders)} a sealed bid of "
                             f"{money(bid_amounts(10**9)[0])} or more (up to their cash) or "
                             f"pass."))


def _who_may_bid(bidders: list[int]) -> str:
    """"{s1} may hand in", "{s1} and {s2} may each hand in"."""
    each = " each" if len(bidders) > 1 else ""
    return f"{listing([seat_ref(s) for s in bidders])} may{each} hand in"


def _bid(state: OceanTraderState, seat: int, action: A.Bid, events: list[Event]) -> None:
    auction = state.auction
    assert auction is not None
    auction.bids[seat] = action.amount
    events.append(Event(kind="sealed_bid", seat=seat,
                        text=f"{seat_ref(seat)} hands in a sealed bid."))
    events.append(Event(kind="bid", seat=seat, to=[seat], data={"amount": action.amount},
                        text=f"You bid {money(action.amount)}." if action.amount else
                        "You pass."))
    if len(auction.bids) < len(auction.bidders):
        return
    state.auction = None
    best = max(auction.bids.values())
    seller = state.players[auction.seller]
    if best <= 0:
        events.append(Event(kind="auction_closed", seat=auction.seller, reveals=True,
                            text=f"Nobody bids: {seat_ref(auction.seller)} keeps the "
                                 f"certificate."))
        return
    # ties go to the first bidder after the seller in turn order
    winner = next(s for s in auction.bidders if auction.bids[s] == best)
    state.players[winner].cash -= best
    state.players[winner].shares += 1
    seller.cash += best
    seller.shares -= 1
    known_change(state, winner, +1)
    known_change(state, auction.seller, -1)
    events.append(Event(kind="auction_closed", seat=winner, reveals=True,
                        data={"winner": winner, "price": best},
                        text=f"{seat_ref(winner)} buys {seat_ref(auction.seller)}'s certificate "
                             f"for {money(best)}."))


def _claim(state: OceanTraderState, seat: int, action: A.ClaimMajority,
           events: list[Event]) -> None:
    state.claim = Claim(claimant=seat, made_on=state.players[seat].turns)
    turns = content().rules.claim.turns
    events.append(Event(kind="claim", seat=seat, reveals=True,
                        text=f"{seat_ref(seat)} claims a majority shareholding. After their "
                             f"{turns}th turn from now they must still hold a majority, a ship, "
                             f"a policy and £750."))


def _challenge(state: OceanTraderState, seat: int, action: A.ChallengeClaim,
               events: list[Event]) -> None:
    claim = state.claim
    assert claim is not None
    player = state.players[seat]
    player.challenged = True
    claimant = state.players[claim.claimant]
    player.shown = player.shares
    if player.shares >= claimant.shares:
        state.claim = None
        events.append(Event(kind="challenge", seat=seat, reveals=True,
                            data={"blocked": True, "shares": player.shares},
                            text=f"{seat_ref(seat)} shows {count(player.shares, 'certificate')}"
                                 f", as many as or more than {seat_ref(claim.claimant)} holds: "
                                 f"the claim is blocked."))
    else:
        claim.beaten = max(claim.beaten, player.shares)
        events.append(Event(kind="challenge", seat=seat, reveals=True,
                            data={"blocked": False, "shares": player.shares},
                            text=f"{seat_ref(seat)} shows {count(player.shares, 'certificate')}; "
                                 f"{seat_ref(claim.claimant)} holds more and the claim "
                                 f"stands."))


def _ship(state: OceanTraderState, seat: int, number: int) -> Ship:
    ship = state.players[seat].ship(number)
    assert ship is not None
    return ship


HANDLERS = {
    A.BuyCargo: _buy_cargo, A.SellCargo: _sell_cargo, A.DumpCargo: _dump_cargo,
    A.ThrowDice: _throw, A.ChooseRoute: _choose_route, A.Dock: _dock, A.SailOn: _sail_on,
    A.Jettison: _jettison, A.OrderCards: _order_cards, A.EndTurn: _end_turn,
    A.BuyShip: _buy_ship, A.SellShip: _sell_ship, A.BuyPolicy: _buy_policy,
    A.SurrenderPolicy: _surrender_policy, A.SurrenderSparePolicy: _surrender_spare_policy,
    A.BuyShare: _buy_share, A.SellShare: _sell_share,
    A.AuctionShare: _auction_share, A.Bid: _bid, A.ClaimMajority: _claim,
    A.ChallengeClaim: _challenge,
}
