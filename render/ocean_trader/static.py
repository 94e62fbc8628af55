"""The parts of the Ocean Trader board that never change: the chart (sea, land, routes, sea
spaces, red spaces, the Suez Canal, the Roaring Forties, the ports with their fees and goods),
the key and the empty panels. Drawn once per process per number of seats."""

from __future__ import annotations

import functools

from PIL import Image, ImageDraw

from engine.ocean_trader.content import ocean_trader_content
from render.common import icons, record
from render.common.canvas import cached_static, draw_text, new_canvas, panel
from render.common.fonts import font, text_width
from render.common.layout import Box, shift_inside
from render.common.palette import BACKGROUND, INK, MUTED_INK, WHITE

from . import geo
from .style import (
    CARDS_BOX,
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


def _label_size(port_id: str) -> tuple[int, int]:
    port = ocean_trader_content().port(port_id)
    bold = font(TEXT, bold=True)
    chips_w = sum(chip_width(g) + 3 for g in port.sells) + COIN + 3 + text_width(
        str(port.fee), bold)
    return max(text_width(port.name, bold), chips_w) + 2 * LABEL_PAD, 2 * LABEL_PAD + 26 + CHIP_H


_DIRS = ((1, 0, "lm"), (-1, 0, "rm"), (0, -1, "mb"), (0, 1, "mt"), (0.7, -0.7, "lb"),
         (0.7, 0.7, "lt"), (-0.7, -0.7, "rb"), (-0.7, 0.7, "rt"))


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


@functools.cache
def label_boxes() -> dict[str, Box]:
    """Each port's label box in chart pixels, placed greedily (the most crowded ports first)
    where it covers the fewest other labels, ports and sea spaces."""
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
                cost += sum(40000 for q, qp in port_pts.items()
                            if q != pid and _inside(qp, box, 12))
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
        if not _inside((px, py), boxes[port.id], 14):  # a leader line to a distant label
            lx, ly = min(max(px, x0), x1 - 1), min(max(py, y0), y1 - 1)
            draw.line([(px, py), (lx, ly)], fill=LABEL_EDGE, width=2)
        draw.rounded_rectangle((x0, y0, x1 - 1, y1 - 1), radius=6, fill=LABEL,
                               outline=LABEL_EDGE, width=1)
        draw_text(draw, (x0 + LABEL_PAD, y0 + LABEL_PAD), port.name, bold)
        cy = y1 - LABEL_PAD - CHIP_H // 2
        x = x0 + LABEL_PAD
        for goods in port.sells:
            x = goods_chip(draw, x, cy, goods) + 3
        right = draw_text(draw, (x1 - LABEL_PAD, cy + 1), str(port.fee), bold, anchor="rm")
        icons.draw_coin(draw, (right[0] - 2 - COIN // 2, cy), COIN)
    for port in content.ports.ports:
        px, py = geo.ports()[port.id]
        r = PORT_R
        x, y = int(px), int(py)
        draw.ellipse((x - r, y - r, x + r, y + r), fill=PORT, outline=INK, width=3)
        draw.ellipse((x - 3, y - 3, x + 3, y + 3), fill=INK)


@functools.cache
def special_boxes() -> dict[str, Box]:
    """Where the Suez Canal and Roaring Forties notes are written (chart pixels)."""
    out: dict[str, Box] = {}
    bold = font(TEXT, bold=True)
    for route in ocean_trader_content().routes.routes:
        geom = geo.routes()[route.id]
        if route.suez_canal:
            x, y = geom.spaces[route.suez_canal[-1] - 1]
            w = text_width(SUEZ_NOTE, bold)
            out["suez"] = (round(x) + 12, round(y) - 12, round(x) + 12 + w, round(y) + 12)
        if route.roaring_forties_east_end:
            x, y = geom.spaces[len(geom.spaces) // 2]
            w = max(text_width(RF_NOTE[0], bold), text_width(RF_NOTE[1], font(TEXT)))
            out["forties"] = (round(x - w / 2), round(y) + 14, round(x + w / 2), round(y) + 64)
    return out


SUEZ_NOTE = "Suez tow 50"
RF_NOTE = ("Roaring Forties", "east +2  west -2")


def _draw_specials(draw: ImageDraw.ImageDraw) -> None:
    bold = font(TEXT, bold=True)
    boxes = special_boxes()
    if "suez" in boxes:
        b = boxes["suez"]
        draw_text(draw, (b[0], (b[1] + b[3]) // 2), SUEZ_NOTE, bold, fill=SUEZ, anchor="lm",
                  outline=WHITE)
    if "forties" in boxes:
        b = boxes["forties"]
        cx = (b[0] + b[2]) // 2
        draw_text(draw, (cx, b[1]), RF_NOTE[0], bold, anchor="mt", outline=WHITE)
        draw_text(draw, (cx, b[1] + 25), RF_NOTE[1], font(TEXT), anchor="mt", outline=WHITE)


def _chart() -> Image.Image:
    image, draw = new_canvas(geo.MAP_W, geo.MAP_H, SEA)
    _draw_land(draw)
    _draw_routes(draw)
    _draw_specials(draw)
    _draw_ports(draw)
    draw.rectangle((0, 0, geo.MAP_W - 1, geo.MAP_H - 1), outline=LABEL_EDGE, width=2)
    return image


def _key(draw: ImageDraw.ImageDraw) -> None:
    content = ocean_trader_content()
    inner = panel(draw, KEY_BOX, "Goods: Bill of Lading price", title_font=font(HEAD, bold=True),
                  padding=8)
    goods = list(content.goods.goods)
    rows = (len(goods) + 1) // 2
    col_w = (inner[2] - inner[0]) // 2
    step = CHIP_H + 1
    regular = font(TEXT)
    for i, g in enumerate(goods):
        x = inner[0] + (i // rows) * col_w
        cy = inner[1] + (i % rows) * step + CHIP_H // 2
        right = goods_chip(draw, x, cy, g.id)
        name = "Manuf." if g.id == "manufactures" else g.name
        draw_text(draw, (right + 6, cy), name, regular, anchor="lm")
        draw_text(draw, (x + col_w - 8, cy), str(g.price), regular, fill=MUTED_INK,
                  anchor="rm")
    y = inner[1] + rows * step + 10
    x = inner[0]
    draw.ellipse((x + 2, y - RED_R, x + 2 + 2 * RED_R, y + RED_R), fill=RED_SPACE, outline=INK,
                 width=2)
    x = draw_text(draw, (x + 24, y), "Prospect card", regular, anchor="lm")[2] + 16
    draw.rectangle((x, y - 7, x + 14, y + 7), fill=SUEZ, outline=INK, width=2)
    draw_text(draw, (x + 22, y), "Suez tow 50", regular, anchor="lm")


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
