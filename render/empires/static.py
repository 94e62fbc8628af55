"""The unchanging Empires at Sea board, drawn once per map side: sea and land cells with their
coastlines, the column and row numbers, the Caribbean and Mediterranean outlined, every port's
slot (framed in the colour of what it produces, a dot per resource icon) and name, Pirate's Bay
and the map key."""

from __future__ import annotations

import functools

from PIL import Image, ImageDraw

from render.common.canvas import cached_static, draw_text, new_canvas
from render.common.fonts import font, text_size
from render.common.layout import Box, Point
from render.common.palette import (
    BACKGROUND,
    INK,
    LAND,
    MUTED_INK,
    PANEL,
    PANEL_BORDER,
    SEA,
    WHITE,
    shade,
)

from . import pieces
from .layout import CELL, HAND_H, HEIGHT, WIDTH, Layout, board, layout

COAST = (70, 96, 110)
SEA_LINE = shade(SEA, 0.9)
REGION_LINE = (0, 84, 140)
LABEL_SIZE = 20
SLOT = CELL - 8  # a port's cube


def _overlap(a: Box, b: Box) -> int:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0


@functools.cache
def chest_box(side: str, seats: int) -> Box:
    """Where the Treasure Chest's amount is shown, beside Pirate's Bay."""
    lay = layout(side, seats)
    bx, by = board(side).pirates_bay
    return lay.grid.span(bx - 4, by + 1, 4, 1)


@functools.cache
def port_labels(side: str, seats: int) -> dict[str, tuple[Point, str]]:
    """Each port's name: where it goes (a left-top corner) so it covers as little sea, and
    nothing else already placed, as it can."""
    lay = layout(side, seats)
    b = board(side)
    f = font(LABEL_SIZE)
    bounds = lay.grid.bounds
    bx, by = b.pirates_bay
    bay_name = _bay_label_box(lay, side)
    taken: list[Box] = [lay.key, chest_box(side, seats), bay_name[0], lay.grid.box(bx, by)]
    taken += [lay.grid.box(*p.cell) for p in b.ports.values()]
    taken += [box for _, _, box in region_labels(side, seats)]
    sea_boxes = [lay.grid.box(*c) for c in b.sea]
    out: dict[str, tuple[Point, str]] = {}
    for port in sorted(b.ports.values(), key=lambda p: (p.cell[1], p.cell[0])):
        cell = lay.grid.box(*port.cell)
        w, h = text_size(port.name, f)
        cy = (cell[1] + cell[3]) // 2 - h // 2
        cx = (cell[0] + cell[2]) // 2 - w // 2
        options = [
            (cell[2] + 2, cy), (cell[0] - 2 - w, cy), (cx, cell[1] - h), (cx, cell[3]),
            (cell[0], cell[1] - h), (cell[2] - w, cell[1] - h), (cell[0], cell[3]),
            (cell[2] - w, cell[3]),
        ]
        best: tuple[int, Box] | None = None
        for x, y in options:
            box = (x, y, x + w, y + h)
            if box[0] < bounds[0] or box[1] < bounds[1] or box[2] > bounds[2] \
                    or box[3] > bounds[3]:
                continue
            cost = 50 * sum(_overlap(box, t) for t in taken if t != cell)
            cost += sum(_overlap(box, s) for s in sea_boxes)
            if best is None or cost < best[0]:
                best = (cost, box)
        if best is None:
            continue
        taken.append(best[1])
        out[port.id] = ((best[1][0], best[1][1]), port.name)
    return out


@functools.cache
def region_boxes(side: str, seats: int) -> list[tuple[Box, str]]:
    lay = layout(side, seats)
    grid = lay.grid
    out = []
    for name, region in board(side).regions.items():
        x0, y0 = region.sea.x[0], region.sea.y[0]
        if x0 >= grid.cols:
            continue
        x1 = min(region.sea.x[1], grid.cols - 1)
        out.append((grid.span(x0, y0, x1 - x0 + 1, region.sea.y[1] - y0 + 1), name))
    return out


@functools.cache
def region_labels(side: str, seats: int) -> list[tuple[Point, str, Box]]:
    """Each outlined region's name, inside its bottom-left corner."""
    out = []
    f = font(LABEL_SIZE, bold=True)
    for box, name in region_boxes(side, seats):
        text = name.capitalize()
        w, h = text_size(text, f)
        xy = (box[0] + 5, box[3] - 4 - h)
        out.append((xy, text, (xy[0], xy[1], xy[0] + w, xy[1] + h)))
    return out


def _bay_label_box(lay: Layout, side: str) -> tuple[Box, str]:
    text = "Pirate's Bay"
    w, h = text_size(text, font(LABEL_SIZE, bold=True))
    cell = lay.grid.box(*board(side).pirates_bay)
    x1, cy = cell[0] - 4, (cell[1] + cell[3]) // 2
    return (x1 - w, cy - h // 2, x1, cy - h // 2 + h), text


def _map(draw: ImageDraw.ImageDraw, lay: Layout, side: str, seats: int) -> None:
    b = board(side)
    grid = lay.grid
    draw.rectangle([lay.frame[0], lay.frame[1], lay.frame[2] - 1, lay.frame[3] - 1],
                   fill=PANEL, outline=PANEL_BORDER, width=2)
    g = grid.bounds
    draw.rectangle([g[0], g[1], g[2] - 1, g[3] - 1], fill=LAND)
    for cell in b.sea:
        x0, y0, x1, y1 = grid.box(*cell)
        draw.rectangle([x0, y0, x1 - 1, y1 - 1], fill=SEA, outline=SEA_LINE, width=1)
    for cx, cy in grid:
        if (cx, cy) in b.sea:
            continue
        x0, y0, x1, y1 = grid.box(cx, cy)
        for (nx, ny), edge in (((cx, cy - 1), [(x0, y0), (x1 - 1, y0)]),
                               ((cx, cy + 1), [(x0, y1 - 1), (x1 - 1, y1 - 1)]),
                               ((cx - 1, cy), [(x0, y0), (x0, y1 - 1)]),
                               ((cx + 1, cy), [(x1 - 1, y0), (x1 - 1, y1 - 1)])):
            if (nx, ny) in b.sea:
                draw.line(edge, fill=COAST, width=3)
    f = font(LABEL_SIZE)
    for col in range(grid.cols):
        x0, _, x1, _ = grid.box(col, 0)
        draw_text(draw, ((x0 + x1) // 2, g[1] - 2), str(col), f, MUTED_INK, anchor="mb")
    for row in range(grid.rows):
        _, y0, _, y1 = grid.box(0, row)
        draw_text(draw, (g[0] - 4, (y0 + y1) // 2), str(row), f, MUTED_INK, anchor="rm")
    for box, _ in region_boxes(side, seats):
        _dashed(draw, box, REGION_LINE)
    for xy, text, _ in region_labels(side, seats):
        draw_text(draw, xy, text, font(LABEL_SIZE, bold=True), REGION_LINE, outline=WHITE)
    # ports and Pirate's Bay
    for port in b.ports.values():
        x0, y0, x1, y1 = grid.box(*port.cell)
        draw.rectangle([x0, y0, x1 - 1, y1 - 1], fill=pieces.RESOURCE_RGB[port.produces],
                       outline=INK, width=1)
        at = grid.center(*port.cell)
        pieces.empty_port(draw, at, SLOT)
        for i in range(port.icons):
            dx = -6 + 12 * i if port.icons > 1 else 0
            draw.ellipse([at[0] + dx - 3, at[1] - 3, at[0] + dx + 3, at[1] + 3],
                         fill=pieces.RESOURCE_RGB[port.produces], outline=INK)
    for _pid, (xy, name) in port_labels(side, seats).items():
        draw_text(draw, xy, name, f, INK, anchor="la", outline=WHITE)
    bx0, by0, bx1, by1 = grid.box(*b.pirates_bay)
    draw.rectangle([bx0, by0, bx1 - 1, by1 - 1], fill=pieces.PIRATE_HULL, outline=INK)
    pieces.skull(draw, grid.center(*b.pirates_bay), CELL - 10)
    box, text = _bay_label_box(lay, side)
    draw_text(draw, (box[0], box[1]), text, font(LABEL_SIZE, bold=True), INK, outline=WHITE)


def _dashed(draw: ImageDraw.ImageDraw, box: Box, colour: tuple[int, int, int]) -> None:
    x0, y0, x1, y1 = box[0], box[1], box[2] - 1, box[3] - 1
    dash = 10
    for x in range(x0, x1, 2 * dash):
        draw.line([(x, y0), (min(x + dash, x1), y0)], fill=colour, width=3)
        draw.line([(x, y1), (min(x + dash, x1), y1)], fill=colour, width=3)
    for y in range(y0, y1, 2 * dash):
        draw.line([(x0, y), (x0, min(y + dash, y1))], fill=colour, width=3)
        draw.line([(x1, y), (x1, min(y + dash, y1))], fill=colour, width=3)


def _key(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """What the pieces mean, laid out in rows that wrap to the key's width."""
    draw.rectangle([box[0], box[1], box[2] - 1, box[3] - 1], fill=PANEL, outline=INK, width=2)
    f = font(LABEL_SIZE)
    style = _key_style()
    items = [
        (lambda d, at: pieces.ship(d, at, 30, "transport", style), "Transport"),
        (lambda d, at: pieces.ship(d, at, 30, "frigate", style), "Frigate"),
        (lambda d, at: pieces.ship(d, at, 30, "ship_of_the_line", style), "Ship of the Line"),
        (lambda d, at: pieces.ship(d, at, 30, "ship_of_the_line", None), "Pirate"),
        (lambda d, at: _key_port(d, at, 1), "Fort"),
        (lambda d, at: _key_port(d, at, 2), "Naval Base"),
    ]
    for res in ("gold", "wood", "steel"):
        items.append((functools.partial(_resource_key, resource=res), f"{res.capitalize()} port"))
    x, y, row_h = box[0] + 8, box[1] + 6, 31
    for glyph, label in items:
        w = 32 + text_size(label, f)[0]
        if x + w > box[2] - 6:
            x, y = box[0] + 8, y + row_h
        glyph(draw, (x + 15, y + row_h // 2))
        draw_text(draw, (x + 34, y + row_h // 2), label, f, INK, anchor="lm")
        x += w + 14


def _key_style():  # noqa: ANN202
    from render.common.palette import PlayerStyle

    grey = (200, 200, 200)
    return PlayerStyle("Nation", grey, "N", "circle", INK)


def _key_port(draw: ImageDraw.ImageDraw, at: Point, forts: int) -> None:
    pieces.empty_port(draw, at, 26)
    pieces.fort_tokens(draw, (at[0] + 14, at[1] - 14), forts, 11)


def _build(side: str, seats: int, hand: bool) -> Image.Image:
    lay = layout(side, seats)
    image, draw = new_canvas(WIDTH, HEIGHT + (HAND_H if hand else 0), BACKGROUND)
    draw.fontmode = "1"
    _map(draw, lay, side, seats)
    _key(draw, lay.key)
    return image


def board_image(side: str, seats: int, hand: bool) -> Image.Image:
    return cached_static(("empires", side, seats, hand), lambda: _build(side, seats, hand))


def board_canvas(side: str, seats: int, hand: bool) -> Image.Image:
    """A fresh copy of ``board_image`` already on the board palette (a "P" image to draw each
    turn on with ``canvas.PaletteDraw``)."""
    from .palette import snap_indexed

    return cached_static(("empires", "indexed", side, seats, hand),
                         lambda: snap_indexed(board_image(side, seats, hand)))


def _resource_key(draw: ImageDraw.ImageDraw, at: tuple[int, int], resource: str) -> None:
    pieces.resource_chip(draw, at, 24, resource)
