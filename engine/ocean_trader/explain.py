"""Why a move is refused, in words a player can act on.

Legality is decided by ``legal_actions`` alone; this module only finds the most useful reason."""

from __future__ import annotations

from engine.core import Action, Rejection, seat_ref

from . import actions as A
from .legal import bid_amounts
from .rules import (
    bills_available,
    content,
    free_ship_number,
    goods_name,
    is_held,
    may_depart,
    money,
    must_sail,
    port_name,
    ship_may_trade,
    wanted,
    wanting_cards,
)
from .state import OceanTraderState, OceanTraderView, Ship

PENDING_TEXT = {
    "depart": "choose the route for the ship leaving port",
    "at_port": "say whether the ship docks or sails on",
    "jettison": "choose the cargo that is lost",
    "order_cards": "put the World Trade cards back in an order",
}


def explain(state: OceanTraderState, seat: int, action: Action) -> Rejection:
    reason = _reason(state, seat, action)
    return Rejection(code="illegal", message=reason or "That move is not possible now; "
                     "look at your list of legal moves.")


def _reason(state: OceanTraderState, seat: int, action: Action) -> str | None:
    c = content()
    rules = c.rules
    player = state.players[seat]
    if state.auction is not None:
        if not isinstance(action, A.Bid):
            return "A certificate is on auction: bid for it or pass first."
        if action.amount > player.cash:
            return f"You cannot bid {money(action.amount)}; you have {money(player.cash)}."
        steps = bid_amounts(10**9)  # the whole menu, whatever the bidder's cash
        return (f"Bids are £0 (pass), £100 steps up to £2,000, then £500 steps up to "
                f"{money(steps[-1])}.")
    if isinstance(action, A.Bid):
        return "There is no certificate on auction."
    if state.pending is not None:
        pending = state.pending
        if pending.kind == "depart" and isinstance(action, A.ChooseRoute):
            return f"That route does not leave {port_name(pending.port or '')}."
        if pending.kind == "at_port" and isinstance(action, A.SailOn):
            return f"That route does not leave {port_name(pending.port or '')}."
        if isinstance(action, (A.Dock, A.ChooseRoute, A.SailOn, A.Jettison)) \
                and action.ship != pending.ship:
            return f"The decision waiting is about ship {pending.ship}."
        if isinstance(action, A.Jettison):
            return f"Ship {pending.ship} carries no {goods_name(action.goods)}."
        if isinstance(action, A.OrderCards):
            return "Put back exactly the cards you looked at, each once."
        return f"First {PENDING_TEXT[pending.kind]}."
    if isinstance(action, (A.ChooseRoute, A.Dock, A.SailOn)):
        # routes and docking are asked during a throw's voyage, never before or after it
        if state.thrown is None:
            return ("No ship is waiting for a route or at a port: a route is chosen, and a port "
                    "docked at, once the die is thrown (/trader roll).")
        return (f"No ship is waiting for a route or at a port: this turn's throw of "
                f"{state.thrown} has been sailed.")
    if isinstance(action, (A.Jettison, A.OrderCards)):
        return "No Prospect card asks that of you now."
    ship = player.ship(getattr(action, "ship", 0) or 0)
    if isinstance(action, (A.BuyCargo, A.SellCargo, A.DumpCargo, A.SellShip, A.BuyPolicy,
                           A.SurrenderPolicy)) and ship is None:
        return f"You have no ship {getattr(action, 'ship', '?')}."
    if isinstance(action, (A.BuyCargo, A.SellCargo, A.DumpCargo)):
        assert ship is not None
        blocked = trade_block(ship, player.turns)
        if blocked is not None:
            return blocked
        assert ship.port is not None
        if isinstance(action, A.BuyCargo):
            port = ship.port
            if action.goods not in c.port(port).sells:
                sold = ", ".join(goods_name(g) for g in c.port(port).sells)
                return f"{port_name(port)} does not sell that; it sells {sold}."
            if len(ship.cargo) >= rules.ships.cargo_capacity:
                return (f"Ship {ship.number} already carries {rules.ships.cargo_capacity} "
                        f"cargoes; sell one first.")
            price = c.good(action.goods).price
            if player.cash < price:
                return (f"You need {money(price)} for {goods_name(action.goods)}; you have "
                        f"{money(player.cash)}.")
            if bills_available(state, action.goods) <= 0:
                return (f"All {rules.bills_of_lading_per_goods.value} Bills of Lading for "
                        f"{goods_name(action.goods)} are out; none can be bought now.")
        if action.goods not in ship.cargo and not isinstance(action, A.BuyCargo):
            return f"Ship {ship.number} carries no {goods_name(action.goods)}."
        if isinstance(action, A.SellCargo):
            wanting = wanting_cards(state, ship.port, action.goods)
            if not any(s.card == action.card for s in wanting):
                return (f"No World Trade card in play has {port_name(ship.port)} wanting "
                        f"{goods_name(action.goods)}; {where_it_sells(state, action.goods)}")
        if isinstance(action, A.DumpCargo) and wanted(state, action.goods):
            return (f"A World Trade card in play still wants {goods_name(action.goods)}, so it "
                    f"is not sold for half price: "
                    f"{where_it_sells(state, action.goods)}")
        return None
    if isinstance(action, A.ThrowDice):
        if seat != state.active:
            return "It is not your turn."
        if state.thrown is not None:
            return "You have thrown the dice this turn: one throw a turn for all your ships."
        for number in action.depart:
            s = player.ship(number)
            if s is None:
                return f"You have no ship {number}."
            if s.port is None:
                return f"Ship {number} is already at sea."
            if not may_depart(state, seat, s):
                return _kept_in_port(state, seat, s)[1]
        if len(set(action.depart)) != len(action.depart) or list(action.depart) != sorted(
                action.depart):
            return "List each departing ship once, in number order."
        if not action.depart and not any(must_sail(state, seat, s) for s in player.ships):
            if not any(s.port is not None and may_depart(state, seat, s) for s in player.ships):
                return f"None of your ships can sail this turn ({_staying(state, seat)}): " \
                       "end your turn."
            return "None of your ships is at sea: name the ships that leave port."
        return None
    if isinstance(action, A.EndTurn):
        if state.thrown is None and any(must_sail(state, seat, s) for s in player.ships):
            return ("Your ships at sea must move every turn: throw the die before ending "
                    "your turn.")
        return None
    if isinstance(action, A.BuyShip):
        if free_ship_number(state, seat) is None:
            return f"A fleet has at most {rules.ships.max_per_player} ships."
        return (f"You need {money(rules.ships.buy_price)} for a ship; you have "
                f"{money(player.cash)}.")
    if isinstance(action, A.SellShip):
        assert ship is not None
        if ship.port is None:
            return f"Ship {ship.number} is at sea: ships are sold to the Banker only in port."
        return f"Ship {ship.number} cannot be sold now."
    if isinstance(action, A.BuyPolicy):
        assert ship is not None
        if ship.insured:
            return f"Ship {ship.number} is already insured."
        price = rules.insurance.extra_policy_price
        return f"You need {money(price)} for a policy; you have {money(player.cash)}."
    if isinstance(action, A.SurrenderSparePolicy):
        return "Your office holds no spare policy."
    if isinstance(action, A.SurrenderPolicy):
        return "That ship has no policy to surrender."
    if state.variant != "full":
        return "The short game has no share certificates."
    shares = rules.shares
    if isinstance(action, A.BuyShare):
        if player.cash < shares.price:
            return (f"You need {money(shares.price)} for a certificate; you have "
                    f"{money(player.cash)}.")
        return ("The Merchant Banker has no certificates left; one can now be bought only when "
                "another player auctions one (a sealed bid: /trader bid).")
    if isinstance(action, A.ChallengeClaim) and state.claim is None:
        return "Nobody has claimed a majority: there is no claim to challenge."
    if isinstance(action, (A.SellShare, A.AuctionShare, A.ClaimMajority, A.ChallengeClaim)):
        if player.shares < 1:
            return "You hold no share certificates."
    if isinstance(action, A.AuctionShare):
        return "There is nobody left to bid."
    if isinstance(action, A.ClaimMajority) and state.claim is not None:
        claim = state.claim
        if claim.claimant == seat:
            left = max(rules.claim.turns - claim.turns_done(player.turns), 0)
            return (f"Your claim of a majority is already running: it is checked after {left} "
                    f"more of your turn{'s' if left != 1 else ''}.")
        return f"{seat_ref(claim.claimant)} has a claim running; challenge it instead."
    if isinstance(action, A.ChallengeClaim):
        assert state.claim is not None
        if state.claim.claimant == seat:
            return "That is your own claim."
        return "You have challenged once this turn already."
    return None


def _staying(state: OceanTraderState, seat: int) -> str:
    """Why each of the seat's ships stays where it is this turn, for a throw that moves none:
    "ship 1 is held at sea by a Prospect card; ship 2 has traded this turn"."""
    reasons = []
    for ship in state.players[seat].ships:
        if ship.port is None:
            why = "is held at sea by a Prospect card" if is_held(state, seat, ship) \
                else "has sailed this turn"
        else:
            why = _kept_in_port(state, seat, ship)[0]
        reasons.append(f"ship {ship.number} {why}")
    return "; ".join(reasons) or "you have no ship"


def _kept_in_port(state: OceanTraderState, seat: int, ship: Ship) -> tuple[str, str]:
    """Why ``ship``, in port, may not leave it this turn: the clause for a list of ships ("has
    traded this turn") and the sentence that refuses its departure, with when it may sail. The
    reason that keeps it longest comes first. Only what the table sees of the fleet is named."""
    turns = state.players[seat].turns
    assert ship.port is not None
    name, port = f"Ship {ship.number}", port_name(ship.port)
    if is_held(state, seat, ship):
        return ("is held in port by a Prospect card",
                f"{name} is held in port by a Prospect card "
                f"{_turns_left(ship.held_through - turns + 1)}.")
    if ship.quarantine_through >= turns:
        # rulebook card Fever Aboard: it "must remain in port (quarantine) on its owner's next
        # turn ... and may not trade that turn"
        return ("is in quarantine",
                f"{name} is in quarantine at {port}: it stays in port and may not trade "
                f"{_turns_left(ship.quarantine_through - turns + 1)}.")
    if ship.traded:
        return ("has traded this turn",
                f"{name} has traded this turn: a ship cannot trade and sail in the same turn. "
                f"Sail next turn.")
    if ship.docked_now or ship.sailed:
        return ("has just arrived",
                f"{name} docked at {port} this turn: a ship moves once a turn. Sail next turn.")
    return ("has just been issued", f"{name} has just been issued; it can sail next turn.")


def _turns_left(count: int) -> str:
    """The turns of its owner a ship still loses, this one first, and when it sails again."""
    if count <= 1:
        return "this turn; it can sail next turn"
    more = "turn" if count == 2 else f"{count - 1} turns"
    return f"this turn and your next {more}; it can sail on the turn after that"


def trade_block(ship: Ship, turns: int) -> str | None:
    """Why ``ship`` (of an owner who has played ``turns`` turns) trades nothing this turn, or
    None when it may trade."""
    if ship.port is None:
        return f"Ship {ship.number} is at sea: goods are traded in port."
    if ship_may_trade(ship, turns):
        return None
    if ship.traded:
        return (f"Ship {ship.number} has traded this turn: one cargo a turn per ship. "
                f"Trade again next turn.")
    if ship.sailed or ship.docked_now:
        return (f"Ship {ship.number} has sailed this turn: a ship cannot trade and sail "
                f"in the same turn. Trade next turn.")
    if ship.new:
        return f"Ship {ship.number} has just been issued; it can trade next turn."
    return f"Ship {ship.number} is in quarantine this turn."


def where_it_sells(table: OceanTraderState | OceanTraderView, goods: str) -> str:
    """What a player can still do with a cargo: the ports whose cards want it, or, when none
    does, the half-price sale."""
    ports = sorted({content().trade_card(slot.card).port for slot in wanted(table, goods)},
                   key=port_name)
    if not ports:
        return "no card wants it now, so sell it for half price (/trader dump), or carry it on."
    return ("take it to " + " or ".join(port_name(p) for p in ports)
            + ", where a card wants it; only goods no card wants sell for half price.")
