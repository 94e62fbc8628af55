"""The Ocean Trader board image: a pure function of an ``OceanTraderView``.

Layout (1600 x 1000): the world chart across the top left (sea routes with their sea spaces,
red spaces that draw a Prospect card, the Suez Canal's towed spaces, the Roaring Forties, every
port with its fee and the goods it sells, and a legend of the red and Suez spaces); the turn
status, the World Trade cards in play and the goods key down the right; one office per player
along the bottom (each ship, where it is, its insurance and its cargo with the price on each
Bill of Lading). Ships are pills in the owner's colour with their shape and letter and the ship
numbers (one pill per fleet per spot); a fleet in port is drawn where it reads as in that port,
with a line to the port's dot when it is not right against it. The ship whose move or decision
play waits on, and every ship the last turn or the turn in progress has changed, is ringed; a
ship they sailed leaves a dotted trail from where it set out (``wakes``).

The chart and the empty panels are drawn once per process (``render.ocean_trader.static``); each
turn's pieces and panels are drawn on a copy. Cash and shares are drawn only in the viewer's
own office, and only when the view holds them.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

from PIL import Image

from engine.core import View
from engine.ocean_trader.state import OceanTraderView
from render.common import record
from render.common.canvas import PaletteDraw, cached_static, palette_png
from render.common.layout import Box, Point, highlight, shift_inside
from render.common.palette import INK, WHITE, player_style
from render.common.snapping import fixed_palette, snap_indexed

from . import geo, panels, wakes
from .static import PORT_R, board_image, label_boxes, special_boxes
from .style import (
    MAP_BOX,
    PILL_H,
    design_colours,
    office_boxes,
    pill_width,
    shape_centre,
    ship_pill,
)

Spot = tuple[str, ...]  # ("port", id) or ("sea", route, at)


def _canvas(p: tuple[float, float]) -> Point:
    return round(p[0]) + MAP_BOX[0], round(p[1]) + MAP_BOX[1]


def _spot_point(spot: Spot) -> Point:
    if spot[0] == "port":
        return _canvas(geo.ports()[spot[1]])
    return _canvas(geo.space_point(spot[1], int(spot[2])))


def _fleets(view: OceanTraderView) -> dict[Spot, list[tuple[int, list[int]]]]:
    """The ships on each spot, grouped by owner (seat order)."""
    spots: dict[Spot, dict[int, list[int]]] = {}
    known_ports = geo.ports()
    known_routes = geo.routes()
    for player in view.players:
        if player.seat >= 6:
            continue
        for ship in player.ships:
            if ship.port is not None and ship.port in known_ports:
                spot: Spot = ("port", ship.port)
            elif ship.route is not None and ship.route in known_routes:
                spot = ("sea", ship.route, str(ship.at))
            else:
                continue
            spots.setdefault(spot, {}).setdefault(player.seat, []).append(ship.number)
    return {s: sorted(owners.items()) for s, owners in spots.items()}


def ship_boxes(view: OceanTraderView) -> list[tuple[int, list[int], Box]]:
    """(seat, ship numbers, pill box) for every fleet on the chart, in drawing order."""
    return [(seat, numbers, box) for seat, numbers, box, _, _ in _placed(view)]


def _placed(view: OceanTraderView) -> list[tuple[int, list[int], Box, Point, bool]]:
    """Every fleet's pill box, the point it stands for and whether that is a port. A fleet
    in port goes where it reads as in that port (``_dock``); a fleet at sea goes on its space
    where that is clear, else moved as little as it can be off the port labels, the ports'
    dots, the chart's notes and the pills already placed, and no nearer another port than its
    space (a pill hides no label, no port and no other fleet, and is not read as standing
    where it is not)."""
    out: list[tuple[int, list[int], Box, Point, bool]] = []
    for spot, owners in sorted(_fleets(view).items()):
        cx, cy = _spot_point(spot)
        widths = [pill_width(player_style(seat), numbers) for seat, numbers in owners]
        if spot[0] == "port":
            boxes = _dock(spot[1], widths, [b for _, _, b, _, _ in out])
            out += [(seat, numbers, box, (cx, cy), True)
                    for (seat, numbers), box in zip(owners, boxes, strict=True)]
            continue
        n = len(owners)
        total = n * PILL_H + (n - 1) * 2
        ys = [cy - total // 2 + i * (PILL_H + 2) for i in range(n)]
        for (seat, numbers), w, y in zip(owners, widths, ys, strict=True):
            box = _free((cx - w // 2, y, cx - w // 2 + w, y + PILL_H),
                        [b for _, _, b, _, _ in out], (cx, cy), clear=SEA_CLEAR)
            out.append((seat, numbers, box, (cx, cy), False))
    return out


# A fleet in port reads as there when its pill lies this much nearer the port's dot than any
# other port's dot (canvas pixels: 8 at half size), and nearer the port's label than any other.
DOCK_MARGIN = 16
SEA_CLEAR = 26  # a fleet at sea keeps this far from every port's dot, not to read as in port
DOCK_REACH = 64  # the furthest a fleet's pill is set from its port's dot
DOCK_KEPT = 60  # the places kept nearer another port's dot, for a crowd of fleets
DOCK_CLASS = 8  # pill widths are rounded up to a multiple of this for the places worked out


def _box_gap(a: Box, b: Box) -> float:
    """How far apart two boxes are (0 when they touch or overlap)."""
    dx = max(a[0] - b[2], 0, b[0] - a[2])
    dy = max(a[1] - b[3], 0, b[1] - a[3])
    return math.hypot(dx, dy)


@functools.cache
def _dock_options(port: str, w: int, stack: int = 1) -> tuple[Box, ...]:
    """Where a pill ``w`` wide (or a stack of ``stack`` of them) may stand for the fleets in
    ``port``, best first: never over a label, a note or a dot, nor off the chart; nearest the
    port's dot and its label, covering the fewest sea spaces, and above all where it reads as
    in the port (``DOCK_MARGIN`` nearer its dot than any other port's, and nearer its label
    than any other label)."""
    spot = _spot_point(("port", port))
    x, y, h = spot[0], spot[1], stack * PILL_H + (stack - 1) * 2
    own_label = _on_chart(label_boxes()[port])
    here = (x, y, x, y)
    reach = DOCK_REACH + w + h + 3  # nothing further off can touch a place
    near_avoid = [(a[0] - 3, a[1] - 3, a[2] + 3, a[3] + 3) for a in _avoid()
                  if _box_gap(a, here) < reach]
    near_dots = [d for d in _port_points()
                 if d != spot and math.dist(d, spot) < reach + DOCK_REACH + DOCK_MARGIN]
    labels = [t for t in _chart_texts() if t != own_label and _box_gap(t, here) < 2 * reach]
    spaces = [p for p in _space_points() if math.dist(p, spot) < reach]
    left, top, right, bottom = MAP_BOX
    ranked: list[tuple[float, Box]] = []
    for x0 in range(max(x - w - DOCK_REACH, left), min(x + DOCK_REACH, right - w) + 1, 4):
        x1 = x0 + w
        dx = max(x0 - x, 0, x - x1)
        for y0 in range(max(y - h - DOCK_REACH, top), min(y + DOCK_REACH, bottom - h) + 1, 3):
            y1 = y0 + h
            own = math.hypot(dx, max(y0 - y, 0, y - y1))
            if not PORT_R + 3 <= own <= DOCK_REACH or any(
                    x0 < a[2] and a[0] < x1 and y0 < a[3] and a[1] < y1 for a in near_avoid):
                continue
            box = (x0, y0, x1, y1)
            rival = min((_distance(box, d) for d in near_dots), default=math.inf)
            to_label = _box_gap(box, own_label)
            other_label = min((_box_gap(box, t) for t in labels), default=math.inf)
            covered = sum(1 for p in spaces if x0 <= p[0] < x1 and y0 <= p[1] < y1)
            score = _misread_by(own, rival) + 0.5 * to_label + 6 * covered
            if to_label > other_label:  # read with another port's label
                score += 40
            ranked.append((score, box))
    ranked.sort()
    fair = sum(1 for score, _ in ranked if score < 600)  # no nearer another port's dot
    return tuple(box for _, box in ranked[:fair + DOCK_KEPT])


DOCK_STACK = 3  # up to this many fleets in a port are placed as one stack of pills


def _dock(port: str, widths: list[int], taken: list[Box]) -> list[Box]:
    """The pills of the fleets in ``port`` (``widths``, in order): stacked one above the other
    at the best of ``_dock_options`` for the stack clear of the pills already placed, each
    pill keeping the end nearer the dot; a crowd of fleets, or a stack with no room, a pill at
    a time, else moved as little as it can be (``_free``). The places are worked out for the
    width rounded up (``DOCK_CLASS``)."""
    x, y = _spot_point(("port", port))
    wide = -(-max(widths) // DOCK_CLASS) * DOCK_CLASS

    def rows(place: Box, ws: list[int]) -> list[Box]:
        out = []
        for i, w in enumerate(ws):
            left = place[0] if (place[0] + place[2]) // 2 >= x else place[2] - w
            top = place[1] + i * (PILL_H + 2)
            out.append((left, top, left + w, top + PILL_H))
        return out

    stacked: list[Box] = []
    if 1 < len(widths) <= DOCK_STACK:
        for place in _dock_options(port, wide, len(widths)):
            boxes = rows(place, widths)
            if not any(_overlaps(b, t, 2) for b in boxes for t in taken):
                stacked = boxes
                break
    placed: list[Box] = []
    for w in widths:
        alone = -(-w // DOCK_CLASS) * DOCK_CLASS
        box = next((b for b in (rows(place, [w])[0] for place in _dock_options(port, alone))
                    if not any(_overlaps(b, t, 2) for t in [*taken, *placed])), None)
        if box is None:
            box = _free((x - w // 2, y + PORT_R + 3, x - w // 2 + w, y + PORT_R + 3 + PILL_H),
                        [*taken, *placed], (x, y))
        placed.append(box)
    if stacked and sum(_misread(b, (x, y)) for b in stacked) \
            <= sum(_misread(b, (x, y)) for b in placed):
        return stacked
    return placed


def _misread(box: Box, spot: Point) -> float:
    """How far a pill is from reading as at ``spot``, its port (``_misread_by``)."""
    return _misread_by(_distance(box, spot),
                       min(_distance(box, d) for d in _port_points() if d != spot))


def _misread_by(own: float, rival: float) -> float:
    """How far a pill ``own`` pixels from its port's dot and ``rival`` from the nearest other
    is from reading as at its port: that distance, and a large part for each pixel the other
    dot comes within ``DOCK_MARGIN`` of it (read as between two ports, or at the other)."""
    return own + 12 * max(own + DOCK_MARGIN - rival, 0) + (600 if rival < own else 0)


@functools.cache
def _space_points() -> tuple[Point, ...]:
    return tuple(_canvas(xy) for g in geo.routes().values() for xy in g.spaces)


def _overlaps(a: Box, b: Box, pad: int = 0) -> bool:
    return (a[0] < b[2] + pad and b[0] < a[2] + pad and a[1] < b[3] + pad
            and b[1] < a[3] + pad)


def _on_chart(box: Box) -> Box:
    return box[0] + MAP_BOX[0], box[1] + MAP_BOX[1], box[2] + MAP_BOX[0], box[3] + MAP_BOX[1]


@functools.cache
def _chart_texts() -> tuple[Box, ...]:
    """The boxes of the chart's own writing (port labels, the Roaring Forties note and the
    legend) in canvas pixels."""
    return tuple(_on_chart(b) for b in [*label_boxes().values(), *special_boxes().values()])


@functools.cache
def _avoid() -> tuple[Box, ...]:
    """What a pill keeps off if it can: the chart's writing and the ports' dots (a dot's box
    drawn in by the margin ``_free`` keeps, so that a pill may still sit right against it)."""
    r = PORT_R - 3
    return (*_chart_texts(), *((x - r, y - r, x + r, y + r) for x, y in _port_points()))


def _distance(box: Box, point: Point) -> float:
    return _box_gap(box, (point[0], point[1], point[0], point[1]))


def _nearest_port_is(box: Box, spot: Point, clear: int = 0) -> bool:
    """No port's dot lies nearer ``box`` than ``spot`` does (the spot itself may be a port),
    nor within ``clear`` of it."""
    near = max(_distance(box, spot), clear)
    return all(_distance(box, dot) >= near for dot in _port_points() if dot != spot)


@functools.cache
def _port_points() -> tuple[Point, ...]:
    return tuple(_spot_point(("port", port)) for port in geo.ports())


@functools.cache
def _moves() -> tuple[tuple[int, int], ...]:
    """Offsets to try for a pill, nearest first: up and down half a pill's height at a time,
    then to either side."""
    step = (PILL_H + 2) // 2
    out = {(dx, k * step) for k in range(-16, 17) for dx in range(-240, 241, 10)}
    return tuple(sorted(out, key=lambda d: (abs(d[0]) + 1.3 * abs(d[1]), d)))


def _free(box: Box, taken: list[Box], spot: Point, clear: int = 0) -> Box:
    """``box`` kept on the chart and moved as little as it can be off the chart's writing,
    the ports' dots and the pills already placed, and no nearer another port than ``spot``
    (nor within ``clear`` of one: a pill at sea right beside a port reads as in it)."""
    # nearest its spot and off the writing and the dots if it can be, then off the writing
    # and the dots, and off the pills always
    for avoid, nearest, margin in ((_avoid(), True, clear), (_avoid(), True, 0),
                                   (_avoid(), False, 0), ((), False, 0)):
        for dx, dy in _moves():
            moved = shift_inside((box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy), MAP_BOX)
            if not any(_overlaps(moved, t, 2) for t in taken) \
                    and not any(_overlaps(moved, t, 3) for t in avoid) \
                    and (not nearest or _nearest_port_is(moved, spot, margin)):
                return moved
    return shift_inside(box, MAP_BOX)


def layout_positions(view: OceanTraderView | None = None) -> dict[str, dict[str, Point]]:
    """Where things are drawn, in image pixels: ``{"ports": {port id: centre}, "spaces":
    {"R07.3": centre of route R07's space 3}}``, and with a view ``"ships": {"seat.number":
    a pixel that shows the owner's colour}`` for every ship on the chart."""
    out: dict[str, dict[str, Point]] = {
        "ports": {p: _canvas(xy) for p, xy in geo.ports().items()},
        "spaces": {f"{r}.{i}": _canvas(xy) for r, g in geo.routes().items()
                   for i, xy in enumerate(g.spaces, start=1)},
    }
    if view is not None:
        out["ships"] = {f"{seat}.{n}": shape_centre(box)
                        for seat, numbers, box in ship_boxes(view) for n in numbers}
    return out


LEADER = 4  # a leader line's width: 2 pixels at half size, on a white casing as wide again


def _leader(draw: PaletteDraw, spot: Point, box: Box) -> None:
    """A line from a pill moved off its spot back to the spot, thick enough to follow at half
    size, cased in white so that it reads over the sea, the land and the routes."""
    x = min(max(spot[0], box[0] + PILL_H // 2), box[2] - PILL_H // 2)
    y = min(max(spot[1], box[1]), box[3])
    draw.line([spot, (x, y)], fill=WHITE, width=2 * LEADER)
    draw.line([spot, (x, y)], fill=INK, width=LEADER)
    draw.ellipse((spot[0] - 5, spot[1] - 5, spot[0] + 5, spot[1] + 5), fill=INK)


def _needs_leader(spot: Point, box: Box, port: bool) -> bool:
    """A pill right against its port's dot, or on its sea space, needs no line to it."""
    if port:
        return _distance(box, spot) > PORT_R + 4
    return not _overlaps(box, (spot[0], spot[1], spot[0] + 1, spot[1] + 1), PORT_R + 6)


def _moving(view: OceanTraderView) -> tuple[int, int] | None:
    """The ship whose move or decision play is waiting on."""
    if view.pending is not None and view.pending.ship is not None:
        return view.pending.seat, view.pending.ship
    if view.voyage is not None and view.voyage.ship is not None:
        return view.active, view.voyage.ship
    return None


def changed_ships(view: OceanTraderView) -> set[tuple[int, int]]:
    """(seat, ship number) of every ship the last finished turn changed (``view.last``: sailed
    or docked, traded, issued) and of every ship the turn in progress has changed (its own
    marks: sailed, docked, traded or bought this turn), all open to the table."""
    last = view.last
    before = set() if last.seat is None else \
        {(last.seat, n) for n in (*last.traded, *last.issued)}
    return wakes.sailed(view) | before | {(p.seat, s.number) for p in view.players
                                          for s in p.ships if s.traded or s.new}


def render(view: View, names: Sequence[str]) -> bytes:
    """The board for ``view`` as PNG bytes; ``names`` are the players' names by seat."""
    if not isinstance(view, OceanTraderView):
        raise TypeError(f"the Ocean Trader renderer needs an OceanTraderView, not "
                        f"{type(view).__name__}")
    seats = min(len(view.players), 6)
    image = board_canvas(seats)  # on the board palette: design colours exact
    draw = PaletteDraw(image)  # crisp text, every colour drawn as its palette colour
    moving = None if view.finished else _moving(view)
    placed = _placed(view)
    wakes.draw_trails(draw, view, _chart_texts(), _port_points())  # under the pills
    for _, _, box, spot, docked in placed:
        if _needs_leader(spot, box, docked):
            _leader(draw, spot, box)  # moved off its spot: a line leads back to it
    changed = changed_ships(view)
    for seat, numbers, box, _, _ in placed:
        ship_pill(draw, box, player_style(seat), numbers)
        if (moving is not None and moving[0] == seat and moving[1] in numbers) \
                or any((seat, n) in changed for n in numbers):
            highlight(draw, box, pad=3, width=4, radius=PILL_H // 2 + 3)
    panels.status(draw, view, names)
    panels.trade_cards(draw, view)
    for player, box in zip(view.players[:seats], office_boxes(seats), strict=False):
        own = view.viewer is not None and view.viewer == player.seat
        active = player.seat == view.active and not view.finished
        panels.office(draw, box, player, panels.seat_name(names, player.seat), own, active,
                      shares=view.variant == "full")
    return palette_png(image)


def board_canvas(seats: int) -> Image.Image:
    """A fresh copy of the chart and empty panels already on the board palette (a "P" image to
    draw each turn on with ``canvas.PaletteDraw``)."""
    return cached_static(("ocean_trader", "board-indexed", seats),
                         lambda: snap_indexed(board_image(seats), _palette()))


def _palette() -> Image.Image:
    """Every design colour exact, text edges to a near colour (keeps the PNG on the fast
    exact-palette path); see ``render.common.snapping``. What the six-seat board it is made
    from drew is not this board's: nothing is noted."""
    with record.paused():
        return cached_static(("ocean_trader", "palette"),
                             lambda: fixed_palette(design_colours(), [board_image(6)]))
