"""Sailing (rulebook, Sailing and Ports): one throw moves all of a player's sailing ships, one
after another; a ship keeps its direction until the next port; a throw that reaches a port may
stop there and one that ends exactly there must dock; the Suez Canal costs a towing fee; the
Roaring Forties add 2 eastward and take 2 westward.

Positions: a ship at sea is on space ``at`` of its route, counted from the route's port ``a``
(port ``a`` itself is 0, port ``b`` is ``spaces + 1``), heading for ``toward``."""

from __future__ import annotations

from engine.core import Event, seat_ref

from .content_models import Route
from .prospects import draw_prospect
from .rules import content, must_sail, port_name, route_words, ship_ref
from .state import OceanTraderState, Pending, Ship, Voyage
from .turns import pay


def port_index(route: Route, port: str) -> int:
    return 0 if port == route.a else route.spaces + 1


def heading(route: Route, toward: str) -> int:
    return 1 if toward == route.b else -1


def lands_on_red(route: Route, start: str, points: int) -> bool:
    """Whether ``points`` from port ``start`` end a move on one of ``route``'s red spaces (not
    short of the route, nor at or past its far port)."""
    if not 0 < points < route.length:
        return False
    return (points if start == route.a else route.length - points) in route.red


def roaring_forties(route: Route, toward: str) -> int:
    """The wind's change to a throw on this route in this direction (0 elsewhere)."""
    east_end = route.roaring_forties_east_end
    if east_end is None:
        return 0
    rf = content().rules.roaring_forties
    return rf.eastward if toward == east_end else rf.westward


def start_throw(state: OceanTraderState, seat: int, depart: tuple[int, ...],
                events: list[Event]) -> None:
    faces = content().rules.die_faces.value
    die = state.rng.randint(1, faces)
    state.thrown = die
    player = state.players[seat]
    queue = sorted(s.number for s in player.ships
                   if must_sail(state, seat, s) or s.number in depart)
    doubled = []
    for ship in player.ships:
        ship.wake = []  # the last turn's wake gives way to this one's
        if ship.number in queue:
            ship.sailed = True
            if ship.double_next:
                doubled.append(ship.number)
    # a Favourable Current drawn last turn doubles the throw for its ship: said with the throw,
    # or the table reads a 3 and sees the ship sail 6
    current = "".join(f" A Favourable Current doubles it to {2 * die} for "
                      f"{ship_ref(seat, n)}." for n in doubled)
    events.append(Event(kind="dice", seat=seat, chance=True, data={"die": die, "ships": queue},
                        text=f"{{s{seat}}} throws a {die}.{current}"))
    state.voyage = Voyage(die=die, queue=queue, departing=sorted(depart))
    continue_voyage(state, seat, events)


def continue_voyage(state: OceanTraderState, seat: int, events: list[Event]) -> None:
    """Moves ships until one needs a decision or all have moved."""
    player = state.players[seat]
    while state.voyage is not None and state.pending is None and not state.finished:
        if player.eliminated:
            state.voyage = None
            return
        voyage = state.voyage
        if voyage.ship is not None:
            ship = player.ship(voyage.ship)
            if ship is None:
                voyage.ship = None
                continue
            advance(state, seat, ship, events)
            continue
        if not voyage.queue:
            state.voyage = None
            return
        ship = player.ship(voyage.queue.pop(0))
        if ship is None:
            continue
        if ship.port is not None:
            routes = content().routes_from(ship.port)
            if len(routes) == 1:
                set_out(state, seat, ship, routes[0].id, events)
            else:
                state.pending = Pending(kind="depart", seat=seat, ship=ship.number,
                                        port=ship.port)
        else:
            begin_move(state, seat, ship, events)


def mark_wake(ship: Ship) -> None:
    """Notes the space the ship stands on in its wake (not twice in a row)."""
    assert ship.route is not None
    here = (ship.route, ship.at)
    if not ship.wake or ship.wake[-1] != here:
        ship.wake.append(here)


def set_out(state: OceanTraderState, seat: int, ship: Ship, route_id: str,
            events: list[Event]) -> None:
    route = content().route(route_id)
    origin = ship.port
    assert origin is not None
    ship.port = None
    ship.route = route_id
    ship.toward = route.other(origin)
    ship.at = port_index(route, origin)
    mark_wake(ship)
    events.append(Event(kind="set_sail", seat=seat, data={"ship": ship.number, "route": route_id},
                        text=f"{ship_ref(seat, ship.number)} leaves {port_name(origin)} for "
                             f"{port_name(ship.toward)}"
                             + (f" ({route.name})." if route.name else ".")))
    begin_move(state, seat, ship, events)


def begin_move(state: OceanTraderState, seat: int, ship: Ship, events: list[Event]) -> None:
    """The throw, doubled by a Favourable Current and changed by the Roaring Forties."""
    voyage = state.voyage
    assert voyage is not None and ship.route is not None and ship.toward is not None
    route = content().route(ship.route)
    mark_wake(ship)  # a ship at sea sets off from its space
    points = voyage.die * (2 if ship.double_next else 1)
    ship.double_next = False
    wind = roaring_forties(route, ship.toward)
    if wind:
        points += wind
        events.append(Event(kind="roaring_forties", seat=seat,
                            data={"ship": ship.number, "change": wind, "points": points},
                            text=f"The Roaring Forties: {wind:+d}, so {ship_ref(seat, ship.number)}"
                                 f" moves {points}."))
    voyage.card_move = False
    voyage.forced = False
    voyage.windblown = bool(wind)
    if points > 0:
        voyage.ship = ship.number
        voyage.steps = points
        return
    voyage.ship = None
    voyage.steps = 0
    behind = route.other(ship.toward)
    if ship.at == port_index(route, behind):
        # setting out into the wind with no points, or fewer: the ship never leaves, so it
        # does not dock again either (rulebook, Ports: the fee is paid "the moment a ship
        # docks"); it stays in port, and a turn in port without trading pays the fee at the
        # turn's end, as for any ship that stays
        ship.port, ship.route, ship.toward, ship.at = behind, None, None, 0
        events.append(Event(kind="stand_still", seat=seat, data={"ship": ship.number},
                            text=f"{ship_ref(seat, ship.number)} cannot make way against the "
                                 f"wind and stays in {port_name(behind)}."))
        return
    if points == 0:
        events.append(Event(kind="stand_still", seat=seat, data={"ship": ship.number},
                            text=f"{ship_ref(seat, ship.number)} stands still."))
        return
    move_back(state, seat, ship, -points, events, card_move=False)


def advance(state: OceanTraderState, seat: int, ship: Ship, events: list[Event]) -> None:
    """Moves the current ship forward by its remaining points; stops for a port decision."""
    voyage = state.voyage
    assert voyage is not None and ship.route is not None and ship.toward is not None
    route = content().route(ship.route)
    step = heading(route, ship.toward)
    while voyage.steps > 0:
        ahead = ship.at + step
        if not _tow(state, seat, ship, route, ahead, events):
            return
        ship.at = ahead
        mark_wake(ship)
        voyage.steps -= 1
        if ahead == port_index(route, ship.toward):
            if voyage.steps == 0 or voyage.forced:
                voyage.ship = None
                dock(state, seat, ship, ship.toward, events)
                return
            state.pending = Pending(kind="at_port", seat=seat, ship=ship.number,
                                    port=ship.toward)
            return
    voyage.ship = None
    land(state, seat, ship, events, card_move=voyage.card_move)


def sail_on(state: OceanTraderState, seat: int, ship: Ship, route_id: str,
            events: list[Event]) -> None:
    """Through the port reached and on by ``route_id`` with the points left. A throw that enters
    the Roaring Forties here is changed by the wind as one that began on the route (once a
    throw; not a move a Prospect card orders): left with no points, the ship stays and docks."""
    route = content().route(route_id)
    port = ship.toward
    assert port is not None
    ship.route = route_id
    ship.toward = route.other(port)
    ship.at = port_index(route, port)
    mark_wake(ship)
    events.append(Event(kind="sail_on", seat=seat, data={"ship": ship.number, "route": route_id},
                        text=f"{ship_ref(seat, ship.number)} sails through {port_name(port)} "
                             f"towards {port_name(ship.toward)}."))
    voyage = state.voyage
    wind = roaring_forties(route, ship.toward)
    if voyage is None or not wind or voyage.windblown or voyage.card_move:
        return
    voyage.windblown = True
    voyage.steps += wind
    events.append(Event(kind="roaring_forties", seat=seat,
                        data={"ship": ship.number, "change": wind, "points": voyage.steps},
                        text=f"The Roaring Forties: {wind:+d}, so {ship_ref(seat, ship.number)}"
                             f" has {max(voyage.steps, 0)} to move."))
    if voyage.steps <= 0:
        # standing still or driven back at the port it was passing: it stays there
        voyage.ship = None
        voyage.steps = 0
        dock(state, seat, ship, port, events)


def move_back(state: OceanTraderState, seat: int, ship: Ship, spaces: int, events: list[Event],
              card_move: bool) -> None:
    """Back along the route, never past the port the ship last left: reaching it, it docks."""
    assert ship.route is not None and ship.toward is not None
    route = content().route(ship.route)
    behind = route.other(ship.toward)
    step = -heading(route, ship.toward)
    for _ in range(spaces):
        if ship.at == port_index(route, behind):
            break
        back = ship.at + step
        if not _tow(state, seat, ship, route, back, events):
            return
        ship.at = back
        mark_wake(ship)
    events.append(Event(kind="move_back", seat=seat, data={"ship": ship.number, "spaces": spaces},
                        text=f"{ship_ref(seat, ship.number)} is driven back."))
    if ship.at == port_index(route, behind):
        dock(state, seat, ship, behind, events)
        return
    land(state, seat, ship, events, card_move=card_move)


def _tow(state: OceanTraderState, seat: int, ship: Ship, route: Route, space: int,
         events: list[Event]) -> bool:
    """Entering the Suez Canal costs the towing fee, once per passage (False: eliminated)."""
    if space in route.suez_canal and ship.at not in route.suez_canal:
        fee = content().rules.suez_canal_fee.value
        return pay(state, seat, fee, "towing through the Suez Canal", events)
    return True


def dock(state: OceanTraderState, seat: int, ship: Ship, port: str, events: list[Event]) -> None:
    """Docks and pays the port's fee at once (rulebook, Ports)."""
    ship.port, ship.route, ship.toward, ship.at = port, None, None, 0
    ship.docked_now = True
    events.append(Event(kind="dock", seat=seat, data={"ship": ship.number, "port": port},
                        text=f"{ship_ref(seat, ship.number)} docks at {port_name(port)}; "
                             f"{_trades_from(state, seat, ship)}."))
    pay(state, seat, content().port(port).fee, f"docking at {port_name(port)}", events)


def _trades_from(state: OceanTraderState, seat: int, ship: Ship) -> str:
    """When a ship that docks now may trade: a ship trades after a complete turn in port
    (rulebook, Buying Goods), so not in the turn it docks; quarantine keeps it a turn more."""
    if ship.quarantine_through > state.players[seat].turns:
        return f"in quarantine, it may trade there from the turn after {seat_ref(seat)}'s next"
    return f"it may trade there from {seat_ref(seat)}'s next turn"


def land(state: OceanTraderState, seat: int, ship: Ship, events: list[Event],
         card_move: bool) -> None:
    """The ship ends its move at sea; a red space draws a Prospect card (not after a move the
    card itself ordered)."""
    assert ship.route is not None
    route = content().route(ship.route)
    events.append(Event(kind="at_sea", seat=seat,
                        data={"ship": ship.number, "route": ship.route, "at": ship.at},
                        text=f"{ship_ref(seat, ship.number)} is at sea "
                             + (f"on {route.name}." if route.name else
                                f"{route_words(ship.route)}.")))
    if not card_move and ship.at in route.red:
        draw_prospect(state, seat, ship, events, drive_back=_driven_back)


def _driven_back(state: OceanTraderState, seat: int, ship: Ship, spaces: int,
                 events: list[Event]) -> None:
    """A Prospect card's move back, which draws no further card."""
    move_back(state, seat, ship, spaces, events, card_move=True)
