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

from collections.abc import Sequence

from PIL import Image

from engine.core import View
from engine.ocean_trader.state import OceanTraderView
from render.common.canvas import PaletteDraw, cached_static, palette_png
from render.common.layout import Box, Point, highlight, shift_inside
from render.common.palette import player_style
from render.common.snapping import fixed_palette, snap_indexed

from . import geo, panels
from .static import PORT_R, board_image, label_boxes
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
    out: list[tuple[int, list[int], Box]] = []
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
                        [b for _, _, b in out])
            out.append((seat, numbers, box))
    return out


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _free(box: Box, taken: list[Box]) -> Box:
    """``box`` kept on the chart and moved up or down, as little as it can be, off the pills
    already placed (so no fleet hides another)."""
    step = PILL_H + 2
    for k in range(40):
        dy = (k + 1) // 2 * step * (1 if k % 2 else -1)
        moved = shift_inside((box[0], box[1] + dy, box[2], box[3] + dy), MAP_BOX)
        if not any(_overlaps(moved, t) for t in taken):
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
    for seat, numbers, box in ship_boxes(view):
        ship_pill(draw, box, player_style(seat), numbers)
        if moving is not None and moving[0] == seat and moving[1] in numbers:
            highlight(draw, box, pad=3, width=4, radius=PILL_H // 2 + 3)
    panels.status(draw, view, names)
    panels.trade_cards(draw, view)
    for player, box in zip(view.players[:seats], office_boxes(seats), strict=False):
        own = view.viewer is not None and view.viewer == player.seat
        active = player.seat == view.active and not view.finished
        panels.office(draw, box, player, panels.seat_name(names, player.seat), own, active)
    return palette_png(image)


def board_canvas(seats: int) -> Image.Image:
    """A fresh copy of the chart and empty panels already on the board palette (a "P" image to
    draw each turn on with ``canvas.PaletteDraw``)."""
    return cached_static(("ocean_trader", "board-indexed", seats),
                         lambda: snap_indexed(board_image(seats), _palette()))


def _palette() -> Image.Image:
    """Every design colour exact, text edges to a near colour (keeps the PNG on the fast
    exact-palette path); see ``render.common.snapping``."""
    return cached_static(("ocean_trader", "palette"),
                         lambda: fixed_palette(design_colours(), [board_image(6)]))
