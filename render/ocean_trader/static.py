"""The parts of the Ocean Trader board that never change: the chart (sea, land, routes, sea
spaces, red spaces, the Suez Canal, the Roaring Forties, the ports with their fees and goods),
the key and the empty panels. Drawn once per process per number of seats."""

from __future__ import annotations

import functools
import math

from PIL import Image, ImageDraw

from engine.ocean_trader.content import ocean_trader_content
from render.common import icons, record
from render.common.canvas import cached_static, draw_text, new_canvas, panel
from render.common.fonts import font, text_width
from render.common.layout import Box, shift_inside
from render.common.palette import BACKGROUND, INK, WHITE

from . import geo
from .style import (
    CARDS_BOX,
    CHIP,
    CHIP_H,
    HEAD,
    HEIGHT,
    KEY_BOX,
    LABEL,
    LABEL_EDGE,
    LAND,
    LAND_EDGE,
    MAP_BOX,
    PORT,
    RED_SPACE,
    ROUTE,
    SEA,
    SEA_LINE,
    SMALL_CHIP,
    SMALL_CHIP_H,
    SPACE,
    STATUS_BOX,
    SUEZ,
    TEXT,
    WIDTH,
    chip_width,
    goods_chip,
    office_boxes,
)

SPACE_R = 6
RED_R = 8
PORT_R = 9
LABEL_PAD = 4
COIN = 20


def _shifted(points: list[tuple[float, float]], dx: float) -> list[tuple[float, float]]:
    return [(x + dx, y) for x, y in points]


def _copies(points: list[tuple[float, float]]) -> list[list[tuple[float, float]]]:
    """The polyline and, where it runs off an edge, its copy coming in from the other edge."""
    out = [points]
    if min(x for x, _ in points) < 0:
        out.append(_shifted(points, geo.MAP_W))
    if max(x for x, _ in points) > geo.MAP_W:
        out.append(_shifted(points, -geo.MAP_W))
    return out


def _draw_land(draw: ImageDraw.ImageDraw) -> None:
    for lon in range(-120, 220, 30):
        x = geo.project(lon, 0)[0]
        draw.line([(x, 0), (x, geo.MAP_H)], fill=SEA_LINE, width=1)
    for lat in (60, 40, 20, 0, -20, -40, -60):
        y = geo.project(0, lat)[1]
        draw.line([(0, y), (geo.MAP_W, y)], fill=SEA_LINE, width=2 if lat == 0 else 1)
    for shape in geo.LAND:
        pts = [geo.project(lon, lat) for lon, lat in shape]
        for copy in _copies(pts):
            draw.polygon(copy, fill=LAND, outline=LAND_EDGE, width=2)


def _space(draw: ImageDraw.ImageDraw, x: float, y: float, red: bool, suez: bool) -> None:
    if suez:
        r = 7
        draw.rectangle((x - r, y - r, x + r, y + r), fill=SUEZ, outline=INK, width=2)
    elif red:
        draw.ellipse((x - RED_R, y - RED_R, x + RED_R, y + RED_R), fill=RED_SPACE, outline=INK,
                     width=2)
    else:
        draw.ellipse((x - SPACE_R, y - SPACE_R, x + SPACE_R, y + SPACE_R), fill=SPACE,
                     outline=ROUTE, width=2)


def _draw_routes(draw: ImageDraw.ImageDraw) -> None:
    content = ocean_trader_content()
    geoms = geo.routes()
    for route in content.routes.routes:
        for copy in _copies(list(geoms[route.id].path)):
            draw.line(copy, fill=ROUTE, width=3, joint="curve")
    for route in content.routes.routes:
        for i, (x, y) in enumerate(geoms[route.id].spaces, start=1):
            _space(draw, x, y, i in route.red, i in route.suez_canal)


def _fee_width(port_id: str) -> int:
    """The coin and the fee written after it."""
    return COIN + 3 + text_width(str(ocean_trader_content().port(port_id).fee),
                                 font(TEXT, bold=True))


ROW = 26  # a label's name line
FeeAt = str  # where a label writes the port's fee: "goods" (after them), "name" or "below"


@functools.cache
def _label_shape(port_id: str) -> tuple[int, int, FeeAt]:
    """A port label's width and height, and where its fee goes: after the goods, beside the
    name when that makes the label narrower, or on a line of its own below the goods where
    the chart has room for a narrow label only (``geo.LABEL_SHAPES``)."""
    port = ocean_trader_content().port(port_id)
    name = text_width(port.name, font(TEXT, bold=True))
    chips = sum(chip_width(g, size=SMALL_CHIP) + 3 for g in port.sells) - 3
    fee = _fee_width(port_id)
    rows = 2 * LABEL_PAD + ROW + SMALL_CHIP_H
    shapes = {"goods": (max(name, chips + 8 + fee), rows),
              "name": (max(name + 8 + fee, chips), rows),
              "below": (max(name, chips, fee), rows + ROW - 2)}
    at = geo.LABEL_SHAPES.get(port_id) or min(("goods", "name"), key=lambda k: shapes[k][0])
    w, h = shapes[at]
    return w + 2 * LABEL_PAD, h, at


def _label_size(port_id: str) -> tuple[int, int]:
    w, h, _ = _label_shape(port_id)
    return w, h


def gap(box: Box, point: tuple[float, float]) -> float:
    """How far ``point`` lies outside ``box`` (0 inside it)."""
    dx = max(box[0] - point[0], 0, point[0] - box[2])
    dy = max(box[1] - point[1], 0, point[1] - box[3])
    return math.hypot(dx, dy)


def _box_at(px: float, py: float, w: int, h: int, dx: float, dy: float, anchor: str) -> Box:
    ax, ay = px + dx, py + dy
    x0 = {"l": ax, "m": ax - w / 2, "r": ax - w}[anchor[0]]
    y0 = {"t": ay, "m": ay - h / 2, "b": ay - h}[anchor[1]]
    return round(x0), round(y0), round(x0) + w, round(y0) + h


def _overlap(a: Box, b: Box) -> int:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0


def _inside(p: tuple[float, float], box: Box, pad: int = 0) -> bool:
    return box[0] - pad <= p[0] < box[2] + pad and box[1] - pad <= p[1] < box[3] + pad


_DIRS = ((1, 0, "lm"), (-1, 0, "rm"), (0, -1, "mb"), (0, 1, "mt"), (0.7, -0.7, "lb"),
         (0.7, 0.7, "lt"), (-0.7, -0.7, "rb"), (-0.7, 0.7, "rt"))
NEAR = 22  # another port's dot this near a label (and nearer than its own) reads as its own
LEADER_AT = 14  # a label further than this from its port's dot has a line to it


def _leader_line(box: Box, point: tuple[float, float]) -> tuple[tuple[float, float],
                                                                 tuple[float, float]] | None:
    """The line from a port's dot to its label, when the label is far enough to need one."""
    if _inside(point, box, LEADER_AT):
        return None
    return point, (min(max(point[0], box[0]), box[2] - 1), min(max(point[1], box[1]), box[3] - 1))


def _crosses(line: tuple[tuple[float, float], tuple[float, float]] | None, box: Box) -> bool:
    """Whether a line passes over a box."""
    if line is None:
        return False
    (x0, y0), (x1, y1) = line
    steps = max(int(math.hypot(x1 - x0, y1 - y0) // 4), 1)
    return any(box[0] - 2 <= x0 + (x1 - x0) * i / steps <= box[2] + 2
               and box[1] - 2 <= y0 + (y1 - y0) * i / steps <= box[3] + 2
               for i in range(steps + 1))


@functools.cache
def label_boxes() -> dict[str, Box]:
    """Each port's label box in chart pixels, placed greedily (the most crowded ports first)
    where it covers the fewest other labels, ports and sea spaces. A label is never read as
    another port's: no other port's dot sits close by it (``NEAR``) nearer than its own, and
    no line from a dot to its label crosses another label."""
    port_pts = geo.ports()
    spaces = [p for g in geo.routes().values() for p in g.spaces]
    fixed = list(special_boxes().values())

    def crowding(pid: str) -> int:
        x, y = port_pts[pid]
        return -sum(1 for q in port_pts.values() if abs(q[0] - x) < 160 and abs(q[1] - y) < 90)

    placed: dict[str, Box] = {}
    for pid, (dx, dy, anchor) in geo.FIXED_LABELS.items():
        w, h = _label_size(pid)
        placed[pid] = _box_at(*port_pts[pid], w, h, dx, dy, anchor)
    for pid in sorted(port_pts, key=lambda p: (crowding(p), p)):
        if pid in placed:
            continue
        px, py = port_pts[pid]
        w, h = _label_size(pid)
        pref = geo.LABEL_AT.get(pid)
        best: tuple[float, Box] | None = None
        for dist in (12, 28, 48, 72):
            for ux, uy, anchor in _DIRS:
                box = shift_inside(_box_at(px, py, w, h, ux * dist, uy * dist, anchor),
                                   (2, 2, geo.MAP_W - 2, geo.MAP_H - 2))
                if _inside((px, py), box, -2):
                    continue
                cost = 2.0 * dist + (0 if pref and pref[2] == anchor else 15)
                cost += sum(_overlap(box, other) for other in placed.values()) * 10
                cost += sum(_overlap(box, other) for other in fixed) * 10
                own = gap(box, (px, py))
                for q, qp in port_pts.items():
                    if q == pid:
                        continue
                    if _inside(qp, box, 12):
                        cost += 40000
                    elif gap(box, qp) < min(own + 10, NEAR):  # read as that port's label
                        cost += 3000
                line = _leader_line(box, (px, py))
                for q, other in placed.items():  # a leader over a label, either way
                    if _crosses(line, other) or _crosses(_leader_line(other, port_pts[q]), box):
                        cost += 3000
                cost += sum(60 for q in spaces if _inside(q, box, 4))
                if best is None or cost < best[0]:
                    best = (cost, box)
        assert best is not None
        placed[pid] = best[1]
    return placed


def _draw_ports(draw: ImageDraw.ImageDraw) -> None:
    content = ocean_trader_content()
    bold = font(TEXT, bold=True)
    boxes = label_boxes()
    for port in content.ports.ports:
        x0, y0, x1, y1 = boxes[port.id]
        px, py = geo.ports()[port.id]
        line = _leader_line(boxes[port.id], (px, py))
        if line is not None:  # a leader line to a distant label
            draw.line(line, fill=LABEL_EDGE, width=3)
        draw.rounded_rectangle((x0, y0, x1 - 1, y1 - 1), radius=6, fill=LABEL,
                               outline=LABEL_EDGE, width=1)
        draw_text(draw, (x0 + LABEL_PAD, y0 + LABEL_PAD), port.name, bold)
        fee_at = _label_shape(port.id)[2]
        cy = y0 + LABEL_PAD + ROW + SMALL_CHIP_H // 2
        x = x0 + LABEL_PAD
        for goods in port.sells:
            x = goods_chip(draw, x, cy, goods, size=SMALL_CHIP) + 3
        if fee_at == "below":  # a line of its own, from the left like the rest
            fee_y = y1 - LABEL_PAD - 12
            icons.draw_coin(draw, (x0 + LABEL_PAD + COIN // 2, fee_y), COIN)
            draw_text(draw, (x0 + LABEL_PAD + COIN + 3, fee_y + 1), str(port.fee), bold,
                      anchor="lm")
            continue
        fee_y = y0 + LABEL_PAD + 12 if fee_at == "name" else cy
        right = draw_text(draw, (x1 - LABEL_PAD, fee_y + 1), str(port.fee), bold, anchor="rm")
        icons.draw_coin(draw, (right[0] - 2 - COIN // 2, fee_y), COIN)
    for port in content.ports.ports:
        px, py = geo.ports()[port.id]
        r = PORT_R
        x, y = int(px), int(py)
        draw.ellipse((x - r, y - r, x + r, y + r), fill=PORT, outline=INK, width=3)
        draw.ellipse((x - 3, y - 3, x + 3, y + 3), fill=INK)


NOTE = 22  # the chart's notes and legend: bold, a size over the smallest text
RF_NOTE = ("Roaring Forties", "east +2  west -2")
LEGEND = ("Prospect card", "Suez tow 50")  # the chart's red spaces and Suez Canal spaces
LEGEND_AT = (338, geo.MAP_H - 8)  # the legend's bottom left corner: open sea below Buenos Aires
LEGEND_SYMBOL = 18  # a red space's and a Suez space's symbol in the legend, and the gaps
LEGEND_H = 36


def _legend_width() -> int:
    bold = font(NOTE, bold=True)
    return 2 * (LABEL_PAD + 2) + sum(LEGEND_SYMBOL + 6 + text_width(t, bold) for t in LEGEND) \
        + LEGEND_SYMBOL


@functools.cache
def special_boxes() -> dict[str, Box]:
    """Where the Roaring Forties note and the legend of the red and Suez Canal spaces are
    written (chart pixels). The legend says what the canal's tow costs: a note beside the
    canal would crowd Alexandria's ships out of their port."""
    out: dict[str, Box] = {}
    bold = font(NOTE, bold=True)
    for route in ocean_trader_content().routes.routes:
        geom = geo.routes()[route.id]
        if route.roaring_forties_east_end:
            x, y = geom.spaces[len(geom.spaces) // 2]
            w = max(text_width(RF_NOTE[0], bold), text_width(RF_NOTE[1], bold))
            out["forties"] = (round(x - w / 2), round(y) + 12, round(x + w / 2), round(y) + 68)
    x, bottom = LEGEND_AT
    out["legend"] = (x, bottom - LEGEND_H, x + _legend_width(), bottom)
    return out


def _draw_specials(draw: ImageDraw.ImageDraw) -> None:
    bold = font(NOTE, bold=True)
    boxes = special_boxes()
    if "forties" in boxes:
        b = boxes["forties"]
        cx = (b[0] + b[2]) // 2
        draw_text(draw, (cx, b[1]), RF_NOTE[0], bold, anchor="mt", outline=WHITE)
        draw_text(draw, (cx, b[1] + 28), RF_NOTE[1], bold, anchor="mt", outline=WHITE)
    x0, y0, x1, y1 = boxes["legend"]
    draw.rounded_rectangle((x0, y0, x1 - 1, y1 - 1), radius=6, fill=LABEL, outline=LABEL_EDGE,
                           width=1)
    cy, s = (y0 + y1) // 2, LEGEND_SYMBOL
    x = x0 + LABEL_PAD + 2
    draw.ellipse((x, cy - s // 2, x + s, cy + s // 2), fill=RED_SPACE, outline=INK, width=2)
    x = draw_text(draw, (x + s + 6, cy), LEGEND[0], bold, anchor="lm")[2] + s
    draw.rectangle((x + 1, cy - s // 2 + 1, x + s - 1, cy + s // 2 - 1), fill=SUEZ, outline=INK,
                   width=2)
    draw_text(draw, (x + s + 6, cy), LEGEND[1], bold, anchor="lm")


def _chart() -> Image.Image:
    image, draw = new_canvas(geo.MAP_W, geo.MAP_H, SEA)
    _draw_land(draw)
    _draw_routes(draw)
    _draw_specials(draw)
    _draw_ports(draw)
    draw.rectangle((0, 0, geo.MAP_W - 1, geo.MAP_H - 1), outline=LABEL_EDGE, width=2)
    return image


def _key(draw: ImageDraw.ImageDraw) -> None:
    """Every goods' chip, name and Bill of Lading price (the price in bold ink: a number)."""
    content = ocean_trader_content()
    inner = panel(draw, KEY_BOX, "Goods: Bill of Lading price", title_font=font(HEAD, bold=True),
                  padding=6)
    goods = list(content.goods.goods)
    rows = (len(goods) + 1) // 2
    col_w = (inner[2] - inner[0]) // 2
    step = min(CHIP_H + 2, (inner[3] - inner[1]) // rows)
    regular, number = font(TEXT), font(CHIP, bold=True)
    for i, g in enumerate(goods):
        x = inner[0] + (i // rows) * (col_w + 6)
        cy = inner[1] + (i % rows) * step + step // 2
        right = goods_chip(draw, x, cy, g.id)
        name = "Manuf." if g.id == "manufactures" else g.name
        draw_text(draw, (right + 6, cy), name, regular, anchor="lm")
        draw_text(draw, (x + col_w - 10, cy), str(g.price), number, anchor="rm")


def _build(seats: int) -> Image.Image:
    image, draw = new_canvas(WIDTH, HEIGHT, BACKGROUND)
    with record.elsewhere() as chart_notes:
        chart = _chart()
    image.paste(chart, MAP_BOX[:2])
    record.pasted(chart_notes, MAP_BOX[:2])
    panel(draw, STATUS_BOX)
    panel(draw, CARDS_BOX)
    _key(draw)
    for box in office_boxes(seats):
        panel(draw, box, padding=8)
    return image


def board_image(seats: int) -> Image.Image:
    """A fresh copy of the unchanging board for ``seats`` players."""
    return cached_static(("ocean_trader", "board", seats), lambda: _build(seats))
