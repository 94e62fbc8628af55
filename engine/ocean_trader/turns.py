"""The flow of play: paying the Banker (a fee that cannot be paid eliminates), the end of a turn
(port fees for idle ships), passing play on, the claim's check after twelve turns, elimination
and the end of the game."""

from __future__ import annotations

from engine.core import Event, seat_ref
from engine.core.words import count

from .rules import (
    content,
    is_held,
    money,
    policies_held,
    port_name,
    ship_ref,
    shipless_turns_allowed,
    total_assets,
)
from .state import LastTurn, OceanTraderState


def pay(state: OceanTraderState, seat: int, amount: int, what: str, events: list[Event],
        why: str | None = None) -> bool:
    """Pays a fee or charge to the Banker; a player who cannot pay is eliminated (False).
    ``why`` tells the table the reason when "pays £N for <what>" would not read true."""
    player = state.players[seat]
    if player.cash >= amount:
        player.cash -= amount
        said = f"pays {money(amount)} {why}" if why else f"pays {money(amount)} for {what}"
        events.append(Event(kind="fee", seat=seat, data={"amount": amount, "for": what},
                            text=f"{seat_ref(seat)} {said}."))
        return True
    eliminate(state, seat, f"could not pay {money(amount)} for {what}", events)
    return False


def end_turn(state: OceanTraderState, events: list[Event], by_itself: bool = False) -> None:
    """``by_itself``: the engine ends the turn since nothing is left to do but end it."""
    seat = state.active
    player = state.players[seat]
    # rulebook, Ports: the fee again "for each turn the ship remains in port unless it is buying
    # or selling within that turn" (a ship that docked this turn paid on docking)
    for ship in list(player.ships):
        if ship.port is not None and not (ship.traded or ship.docked_now or ship.new):
            fee = content().port(ship.port).fee
            if not pay(state, seat, fee, f"ship {ship.number}'s turn in {port_name(ship.port)}",
                       events):
                return
    player.turns += 1
    state.last = LastTurn(seat=seat,
                          sailed=[s.number for s in player.ships if s.sailed or s.docked_now],
                          traded=[s.number for s in player.ships if s.traded],
                          issued=[s.number for s in player.ships if s.new],
                          cards=state.drawn)
    state.drawn = []
    _tidy(state, seat)
    text = f"{seat_ref(seat)} has nothing left to do; the turn passes." if by_itself else \
        f"{seat_ref(seat)} ends their turn."
    ended = Event(kind="end_of_turn", seat=seat, text=text)
    events.append(ended)
    claim = state.claim
    if claim is not None and claim.claimant == seat \
            and claim.turns_done(player.turns) >= content().rules.claim.turns:
        check_claim(state, seat, events)
        if state.finished:
            return
    if _turn_limit_reached(state):
        finish(state, "the turn limit was reached", None, events)
        return
    if _no_ships_left(state, events):
        return
    next_player(state)
    # a ship a Prospect card holds (Becalmed, Dismasted) loses the turn now beginning
    held = [s for s in state.players[state.active].ships if is_held(state, state.active, s)]
    for ship in held:
        ended.text += (f" {ship_ref(state.active, ship.number)} may not move this turn, held "
                       f"by a Prospect card.")
    if state.variant == "short" and state.players[state.active].turns == state.turn_limit - 1:
        ended.text += (f" {seat_ref(state.active)} plays their last turn: the short game ends "
                       f"after each player's turn {state.turn_limit}.")


def _no_ships_left(state: OceanTraderState, events: list[Event]) -> bool:
    """Ruling "No ships left": counts the turns ended while no player still in the game holds
    a ship, and ends the game after twelve each (True). Reads only what the table sees."""
    seats = state.active_seats()
    if any(state.players[s].ships for s in seats):
        state.shipless_turns = None
        return False
    needed = content().rules.no_ships_left.turns
    if state.shipless_turns is None:
        state.shipless_turns = 0
        events.append(Event(
            kind="no_ships_left", data={"turns": needed},
            text=f"No player has a ship any more. Unless one is bought, the game ends after "
                 f"{needed} more turns each and total assets decide the places."))
        return False
    state.shipless_turns += 1
    if state.shipless_turns < shipless_turns_allowed(len(seats)):
        return False
    finish(state, f"no player held a ship for {needed} turns each", None, events)
    return True


def _tidy(state: OceanTraderState, seat: int) -> None:
    player = state.players[seat]
    player.challenged = False
    for ship in player.ships:
        if not (ship.sailed or ship.docked_now):
            ship.wake = []  # a turn that did not move it leaves no wake
        ship.traded = ship.sailed = ship.docked_now = ship.new = False
    state.thrown = None
    state.voyage = None


def _turn_limit_reached(state: OceanTraderState) -> bool:
    if state.variant != "short":
        return False
    return all(state.players[s].turns >= state.turn_limit for s in state.active_seats())


def next_player(state: OceanTraderState) -> None:
    for offset in range(1, state.seats + 1):
        seat = (state.active + offset) % state.seats
        if not state.players[seat].eliminated:
            state.active = seat
            break
    state.turn += 1
    state.thrown = None
    state.voyage = None


def check_claim(state: OceanTraderState, seat: int, events: list[Event]) -> None:
    """After the claimant's twelfth turn: a majority (more certificates than any other player)
    plus the starting assets of one ship, one policy and £750, or forfeit one certificate."""
    rules = content().rules.claim
    player = state.players[seat]
    others = [p.shares for s, p in enumerate(state.players) if s != seat and not p.eliminated]
    majority = player.shares > max(others, default=0)
    policies = policies_held(state, seat)
    holds = (len(player.ships) >= rules.must_hold_ships and policies >= rules.must_hold_policies
             and player.cash >= rules.must_hold_cash)
    state.claim = None
    if majority and holds:
        events.append(Event(kind="claim_succeeds", seat=seat, reveals=True,
                            text=f"{seat_ref(seat)} still holds a majority of the shares and "
                                 f"the starting assets: they control the shipping line."))
        finish(state, "a majority claim succeeded", seat, events)
        return
    forfeit = min(rules.forfeit_on_failure, player.shares)
    player.shares -= forfeit
    state.banker_shares += forfeit
    known_change(state, seat, -forfeit)  # the forfeit is told to the table
    # the check is made before the table, as over a real one: which part failed is told
    why = "they hold no more certificates than every other player" if not majority else \
        "they lack the starting assets the check asks for (a ship, a policy and " \
        f"{money(rules.must_hold_cash)})"
    events.append(Event(kind="claim_fails", seat=seat, reveals=True,
                        data={"forfeit": forfeit},
                        text=f"{seat_ref(seat)}'s claim fails ({why}): " + (
                            f"they forfeit {count(forfeit, 'share certificate')} to the Merchant "
                            f"Banker" if forfeit else "they hold no certificate to forfeit")
                        + " and play goes on."))


def known_change(state: OceanTraderState, seat: int, change: int) -> None:
    """A change of holding the table sees (an auction's certificate changing hands, a failed
    claim's forfeit) keeps what it knows of the holding up to date; a claimant that sells may
    hold one fewer than the challenges it withstood showed."""
    player = state.players[seat]
    if player.shown is not None:
        player.shown += change
    if change < 0 and state.claim is not None and state.claim.claimant == seat:
        state.claim.beaten = max(0, state.claim.beaten + change)


def eliminate(state: OceanTraderState, seat: int, why: str, events: list[Event]) -> None:
    """A player who cannot pay is out; their assets return to the Merchant Banker."""
    player = state.players[seat]
    player.eliminated = True
    state.banker_shares += player.shares
    player.shares = 0
    player.shown = 0
    player.cash = 0
    player.ships = []
    player.spare_policies = 0
    state.eliminated_order.append(seat)
    events.append(Event(kind="eliminated", seat=seat, data={"why": why},
                        text=f"{seat_ref(seat)} {why} and is eliminated; their assets return "
                             f"to the Merchant Banker."))
    if state.claim is not None and state.claim.claimant == seat:
        state.claim = None
    if state.pending is not None and state.pending.seat == seat:
        state.pending = None
    remaining = state.active_seats()
    if len(remaining) == 1:
        finish(state, "every other player was eliminated", remaining[0], events)
        return
    if state.active == seat:
        _tidy(state, seat)
        if _turn_limit_reached(state):
            finish(state, "the turn limit was reached", None, events)
            return
        next_player(state)


def finish(state: OceanTraderState, reason: str, winner: int | None,
           events: list[Event]) -> None:
    state.final_assets = [total_assets(state, s) for s in range(state.seats)]
    state.finished = True
    state.end_reason = reason
    state.winner = winner
    state.voyage = None
    state.pending = None
    state.auction = None
    events.append(Event(kind="game_over", reveals=True,
                        data={"assets": state.final_assets, "winner": winner},
                        # the table announces the end and the places itself (result lines)
                        text="Total assets at the end: " + ", ".join(
                            f"{seat_ref(s)} {money(a)}" for s, a in
                            enumerate(state.final_assets)) + "."))
