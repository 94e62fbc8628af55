"""The Ocean Trader board image: a pure function of an ``OceanTraderView``.

Layout (1600 x 1000): the world chart across the top left (sea routes with their sea spaces,
red spaces that draw a Prospect card, the Suez Canal's towed spaces, the Roaring Forties, and
every port with its fee and the goods it sells); the turn status, the World Trade cards in play
and the goods key down the right; one office per player along the bottom (each ship, where it
is, its insurance and its cargo with the price on each Bill of Lading). Ships are pills in the
owner's colour with their shape and letter and the ship numbers (one pill per fleet per spot).

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
from render.common.palette import INK, player_style
from render.common.snapping import fixed_palette, snap_indexed

from . import geo, panels
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


def _stack_down(port_id: str) -> bool:
    """Ships in port are stacked away from the port's label."""
    box = label_boxes()[port_id]
    return (box[1] + box[3]) / 2 < geo.ports()[port_id][1]


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
    return [(seat, numbers, box) for seat, numbers, box, _ in _placed(view)]


def _placed(view: OceanTraderView) -> list[tuple[int, list[int], Box, Point]]:
    """Every fleet's pill box and the spot it stands for: on its spot where that is clear,
    else moved as little as it can be off the port labels, the ports' dots, the chart's notes
    and the pills already placed, and no nearer another port than its own spot (a pill hides
    no label, no port and no other fleet, and is not read as standing where it is not)."""
    out: list[tuple[int, list[int], Box, Point]] = []
    for spot, owners in sorted(_fleets(view).items()):
        cx, cy = _spot_point(spot)
        n = len(owners)
        if spot[0] == "port":
            down = _stack_down(spot[1])
            first = cy + PORT_R + 2 if down else cy - PORT_R - 2 - PILL_H
            ys = [first + (i * (PILL_H + 2) if down else -i * (PILL_H + 2)) for i in range(n)]
        else:
            total = n * PILL_H + (n - 1) * 2
            ys = [cy - total // 2 + i * (PILL_H + 2) for i in range(n)]
        for (seat, numbers), y in zip(owners, ys, strict=True):
            w = pill_width(player_style(seat), numbers)
            box = _free((cx - w // 2, y, cx - w // 2 + w, y + PILL_H),
                        [b for _, _, b, _ in out], (cx, cy))
            out.append((seat, numbers, box, (cx, cy)))
    return out


def _overlaps(a: Box, b: Box, pad: int = 0) -> bool:
    return (a[0] < b[2] + pad and b[0] < a[2] + pad and a[1] < b[3] + pad
            and b[1] < a[3] + pad)


def _on_chart(box: Box) -> Box:
    return box[0] + MAP_BOX[0], box[1] + MAP_BOX[1], box[2] + MAP_BOX[0], box[3] + MAP_BOX[1]


@functools.cache
def _chart_texts() -> tuple[Box, ...]:
    """The boxes of the chart's own writing (port labels, the Suez and Roaring Forties notes)
    in canvas pixels."""
    return tuple(_on_chart(b) for b in [*label_boxes().values(), *special_boxes().values()])


@functools.cache
def _avoid() -> tuple[Box, ...]:
    """What a pill keeps off if it can: the chart's writing and the ports' dots (a dot's box
    drawn in by the margin ``_free`` keeps, so that a pill may still sit right against it)."""
    r = PORT_R - 3
    return (*_chart_texts(), *((x - r, y - r, x + r, y + r) for x, y in _port_points()))


def _distance(box: Box, point: Point) -> float:
    dx = max(box[0] - point[0], 0, point[0] - box[2])
    dy = max(box[1] - point[1], 0, point[1] - box[3])
    return math.hypot(dx, dy)


def _nearest_port_is(box: Box, spot: Point) -> bool:
    """No port's dot lies nearer ``box`` than ``spot`` does (the spot itself may be a port)."""
    near = _distance(box, spot)
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


def _free(box: Box, taken: list[Box], spot: Point) -> Box:
    """``box`` kept on the chart and moved as little as it can be off the chart's writing,
    the ports' dots and the pills already placed, and no nearer another port than ``spot``."""
    # nearest its spot and off the writing and the dots if it can be, then off the writing
    # and the dots, and off the pills always
    for avoid, nearest in ((_avoid(), True), (_avoid(), False), ((), False)):
        for dx, dy in _moves():
            moved = shift_inside((box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy), MAP_BOX)
            if not any(_overlaps(moved, t, 2) for t in taken) \
                    and not any(_overlaps(moved, t, 3) for t in avoid) \
                    and (not nearest or _nearest_port_is(moved, spot)):
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


def _leader(draw: PaletteDraw, spot: Point, box: Box) -> None:
    x = min(max(spot[0], box[0] + PILL_H // 2), box[2] - PILL_H // 2)
    y = min(max(spot[1], box[1]), box[3])
    draw.line([spot, (x, y)], fill=INK, width=2)
    draw.ellipse((spot[0] - 4, spot[1] - 4, spot[0] + 4, spot[1] + 4), fill=INK)


def _moving(view: OceanTraderView) -> tuple[int, int] | None:
    """The ship whose move or decision play is waiting on."""
    if view.pending is not None and view.pending.ship is not None:
        return view.pending.seat, view.pending.ship
    if view.voyage is not None and view.voyage.ship is not None:
        return view.active, view.voyage.ship
    return None


def render(view: View, names: Sequence[str]) -> bytes:
    """The board for ``view`` as PNG bytes; ``names`` are the players' names by seat."""
    if not isinstance(view, OceanTraderView):
        raise TypeError(f"the Ocean Trader renderer needs an OceanTraderView, not "
                        f"{type(view).__name__}")
    seats = min(len(view.players), 6)
    image = board_canvas(seats)  # on the board palette: design colours exact
    draw = PaletteDraw(image)  # crisp text, every colour drawn as its palette colour
    moving = None if view.finished else _moving(view)
    for seat, numbers, box, spot in _placed(view):
        if not _overlaps(box, (spot[0], spot[1], spot[0] + 1, spot[1] + 1), PORT_R + 6):
            _leader(draw, spot, box)  # moved off its spot: a line leads back to it
        ship_pill(draw, box, player_style(seat), numbers)
        if moving is not None and moving[0] == seat and moving[1] in numbers:
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
