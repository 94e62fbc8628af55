"""The pieces of Empires at Sea: ships by type (crates, two sails, three), the Pirate, port cubes
with their Fort tokens, and resource chips. A nation's pieces carry its colour and its marker
(shape and letter), so no one has to tell nations apart by colour alone."""

from __future__ import annotations

from PIL import ImageDraw

from render.common import icons
from render.common.canvas import blit_text, stamped
from render.common.fonts import font, stroke_width
from render.common.layout import Box, Point, icon_box
from render.common.palette import HIGHLIGHT, INK, SAIL, WHITE, PlayerStyle, shade
from render.common.palette import RGB as Colour

PIRATE_HULL: Colour = (40, 40, 44)
PIRATE_SAIL: Colour = (92, 92, 100)
RESOURCE_RGB: dict[str, Colour] = {
    "gold": (232, 182, 36),
    "wood": (140, 92, 48),
    "steel": (150, 156, 166),
}
RESOURCE_LETTER = {"gold": "G", "wood": "W", "steel": "S"}
KIND_SHORT = {"transport": "T", "frigate": "F", "ship_of_the_line": "L"}
KIND_NAME = {"transport": "Transport", "frigate": "Frigate", "ship_of_the_line": "Ship of the Line"}
MASTS = {"transport": 0, "frigate": 2, "ship_of_the_line": 3}


def _p(at: Point, size: int):  # noqa: ANN202
    box = icon_box(at, size)
    span = size - 1
    return box, lambda u, v: (box[0] + u * span, box[1] + v * span)


CARGO: Colour = (140, 92, 48)  # a Transport's crates: wood brown, no sail at all


@stamped()
def ship(draw: ImageDraw.ImageDraw, at: Point, size: int, kind: str,
         style: PlayerStyle | None) -> Box:
    """A ship in profile, the hull in the nation's colour with its marker on it. The kinds
    differ in outline, so they tell apart at a glance even small: a Transport carries brown
    crates and no sail; a Frigate two small sails with a gap between; a Ship of the Line three
    tall sails side by side (one wide white block) under a pennant, and a raised stern.
    ``style`` None is the Pirate: black hull and sails, a white skull mark."""
    box, p = _p(at, size)
    hull = PIRATE_HULL if style is None else style.rgb
    sail = PIRATE_SAIL if style is None else SAIL
    w = 1 if size < 30 else 2
    masts = MASTS.get(kind, 0)
    if masts == 0:
        for u0, u1 in ((0.12, 0.46), (0.54, 0.88)):
            draw.rectangle([p(u0, 0.16), p(u1, 0.48)], fill=CARGO, outline=INK, width=w)
            draw.line([p(u0, 0.32), p(u1, 0.32)], fill=INK, width=1)
    elif masts == 2:
        for u in (0.3, 0.7):
            draw.line([p(u, 0.1), p(u, 0.5)], fill=INK, width=max(w, 2))
            draw.rectangle([p(u - 0.11, 0.2), p(u + 0.11, 0.42)], fill=sail, outline=INK,
                           width=1)
    else:
        draw.line([p(0.5, 0.0), p(0.5, 0.5)], fill=INK, width=max(w, 2))
        draw.polygon([p(0.5, 0.0), p(0.72, 0.05), p(0.5, 0.1)],
                     fill=INK if style is None else hull, outline=INK)
        for u in (0.2, 0.5, 0.8):
            draw.line([p(u, 0.06), p(u, 0.5)], fill=INK, width=max(w, 2))
            draw.rectangle([p(u - 0.16, 0.08), p(u + 0.16, 0.46)], fill=sail, outline=INK,
                           width=1)
        draw.rectangle([p(0.0, 0.34), p(0.16, 0.48)], fill=hull, outline=INK, width=w)
    draw.polygon([p(0.0, 0.46), p(1.0, 0.46), p(0.86, 0.98), p(0.14, 0.98)], fill=hull,
                 outline=INK, width=w)
    mark = (at[0], round(p(0, 0.72)[1]))
    if style is None:
        skull(draw, mark, max(round(size * 0.5), 12))
    else:
        icons.draw_player_marker(draw, mark, max(round(size * 0.58), 12), style)
    return box


@stamped()
def skull(draw: ImageDraw.ImageDraw, at: Point, size: int) -> Box:
    """A white skull and crossbones mark on a dark ground."""
    box, p = _p(at, size)
    draw.line([p(0.1, 0.9), p(0.9, 0.45)], fill=WHITE, width=max(2, size // 8))
    draw.line([p(0.1, 0.45), p(0.9, 0.9)], fill=WHITE, width=max(2, size // 8))
    draw.ellipse([p(0.22, 0.02), p(0.78, 0.6)], fill=WHITE)
    draw.ellipse([p(0.34, 0.22), p(0.46, 0.36)], fill=PIRATE_HULL)
    draw.ellipse([p(0.54, 0.22), p(0.66, 0.36)], fill=PIRATE_HULL)
    return box


HELD = 22  # a held port's cube: its owner's initial on it as large as the board's type
LETTER = 20  # that initial, bold: the smallest type on the board, read at half size
# how far a held port's cube moves down from its Fort tokens, which stand at its top corners
FORT_ASIDE: dict[int, tuple[int, int]] = {0: (0, 0), 1: (0, 6), 2: (0, 6)}
FORT = 15  # a Fort token's tower, with a white halo round it


@stamped()
def port_cube(draw: ImageDraw.ImageDraw, at: Point, size: int, style: PlayerStyle,
              resource: str | None = None, aside: tuple[int, int] = (0, 0), held: int = HELD,
              letter: int = LETTER) -> Box:
    """A held port: a cube in the owner's colour with their initial on it in bold type, large
    enough to read at half size. With ``resource`` the port's slot (``size``) is filled in the
    colour of what it produces and the cube is smaller (``held``), on a thin white edge, so
    the frame round it still says gold, wood or steel; ``aside`` moves the cube that far
    (x, y), clear of Fort tokens. ``letter`` is the initial's type (a larger map's cube
    carries a larger one)."""
    slot = icon_box(at, size)
    cube = size
    if resource is not None:
        draw.rectangle([slot[0], slot[1], slot[2] - 1, slot[3] - 1],
                       fill=RESOURCE_RGB[resource])
        cube = min(held, size)
        at = (at[0] + aside[0], at[1] + aside[1])
        edge = icon_box(at, cube + 2)
        draw.rectangle([edge[0], edge[1], edge[2] - 1, edge[3] - 1], fill=WHITE)
    box = icon_box(at, cube)
    draw.rectangle([box[0], box[1], box[2] - 1, box[3] - 1], fill=style.rgb, outline=INK,
                   width=2)
    initial(draw, at, style, letter)
    return slot


def initial(draw: ImageDraw.ImageDraw, at: Point, style: PlayerStyle,
            size: int = LETTER) -> None:
    """A nation's initial in bold type centred on ``at``, in the colour that reads on its own
    (drawn on a piece in the nation's colour)."""
    f = font(size, bold=True)
    blit_text(draw, (at[0], at[1] - 1), style.letter, f, style.text, "mm", stroke_width(f))


@stamped()
def empty_port(draw: ImageDraw.ImageDraw, at: Point, size: int) -> Box:
    """An uncontrolled port: an empty white slot."""
    box = icon_box(at, size)
    draw.rectangle([box[0], box[1], box[2] - 1, box[3] - 1], fill=WHITE, outline=INK, width=2)
    return box


def _tower(draw: ImageDraw.ImageDraw, x0: int, y0: int, w: int, h: int) -> None:
    """A black tower with three battlements, its box ``(x0, y0)`` ``w`` by ``h``."""
    x1, y1 = x0 + w - 1, y0 + h - 1
    merlon = max(h // 4, 2)
    draw.rectangle([x0 + 1, y0 + merlon, x1 - 1, y1], fill=INK)
    for mx in (x0, (x0 + x1 - merlon) // 2 + 1, x1 - merlon + 1):
        draw.rectangle([mx, y0, mx + merlon - 1, y0 + merlon], fill=INK)


@stamped()
def fort_tower(draw: ImageDraw.ImageDraw, at: Point, size: int) -> Box:
    """One Fort token: a black tower with battlements in a white halo, dark against sea, land,
    every nation's colour and every resource's."""
    box = icon_box(at, size + 4)
    draw.rounded_rectangle([box[0], box[1], box[2] - 1, box[3] - 1], radius=3, fill=WHITE)
    x0, y0 = at[0] - size // 2, at[1] - size // 2
    _tower(draw, x0, y0, size, size)
    door = max(size // 5, 2)
    y1 = y0 + size - 1
    draw.rectangle([at[0] - door // 2, y1 - 2 * door, at[0] - door // 2 + door, y1],
                   fill=WHITE)
    return box


@stamped()
def naval_base(draw: ImageDraw.ImageDraw, at: Point, size: int, width: int) -> Box:
    """Two Fort tokens, a Naval Base: a black castle ``width`` wide centred on ``at``, a
    tower ``size`` high at each end and a gated wall between, in a white halo. Twice a Fort's
    width, it tells from one at a glance at half size, as two small towers apart did not."""
    x0, y0 = at[0] - width // 2, at[1] - size // 2
    box = (x0 - 2, y0 - 2, x0 + width + 2, y0 + size + 2)
    draw.rounded_rectangle([box[0], box[1], box[2] - 1, box[3] - 1], radius=3, fill=WHITE)
    tower = round(size * 0.8)
    _tower(draw, x0, y0, tower, size)
    _tower(draw, x0 + width - tower, y0, tower, size)
    wall = x0 + tower - 1, y0 + size // 3, x0 + width - tower, y0 + size - 1
    draw.rectangle(list(wall), fill=INK)
    merlon = max(size // 4, 2)
    for mx in range(wall[0] + merlon, wall[2] - merlon, 2 * merlon):  # the wall's battlements
        draw.rectangle([mx, wall[1] - merlon, mx + merlon - 1, wall[1]], fill=INK)
    gate = max(size // 3, 3)
    cx = x0 + width // 2
    draw.rectangle([cx - gate // 2, wall[3] - gate, cx - gate // 2 + gate - 1, wall[3]],
                   fill=WHITE)
    return box


def fort_tokens(draw: ImageDraw.ImageDraw, top_right: Point, count: int,
                size: int = FORT, width: int | None = None) -> None:
    """The Fort tokens on a port whose top right corner is ``top_right`` (where the token's
    halo ends): a Fort, one tower, at that corner; a Naval Base, a castle as wide as the port
    (``width``, else two towers' width) along its top, so that the owner's initial under it
    stays in sight."""
    x1, y0 = top_right
    half = (size + 4) // 2
    if count >= 2:
        w = (width if width is not None else 2 * size + 6) - 4
        naval_base(draw, (x1 - 2 - w // 2 - w % 2, y0 + half), size, w)
    elif count == 1:
        fort_tower(draw, (x1 - half, y0 + half), size)


@stamped()
def resource_chip(draw: ImageDraw.ImageDraw, at: Point, size: int, resource: str) -> Box:
    """A rounded chip in the resource's colour with its initial (G, W, S) in the board's bold
    type, so it reads at half size (``size`` at least 26)."""
    rgb = RESOURCE_RGB[resource]
    box = icon_box(at, size)
    draw.rounded_rectangle([box[0], box[1], box[2] - 1, box[3] - 1], radius=max(2, size // 5),
                           fill=rgb, outline=INK, width=2)
    letter = PlayerStyle(resource, rgb, RESOURCE_LETTER[resource], "square",
                         INK if resource != "wood" else WHITE)
    initial(draw, at, letter)
    return box


@stamped()
def card_back(draw: ImageDraw.ImageDraw, at: Point, size: int) -> Box:
    return icons.draw_card(draw, at, size, accent=shade((120, 164, 198), 0.8), back=True)


# ------------------------------------------------------------------ what the last turn changed


@stamped()
def sunk_cross(draw: ImageDraw.ImageDraw, at: Point, size: int) -> Box:
    """Where a ship was sunk: a cross in the ring's colour on a white edge."""
    box = icon_box(at, size)
    x0, y0, x1, y1 = box[0] + 3, box[1] + 3, box[2] - 4, box[3] - 4
    strokes = (((x0, y0), (x1, y1)), ((x0, y1), (x1, y0)))
    for a, b in strokes:
        draw.line([a, b], fill=WHITE, width=max(size // 3, 5))
    for a, b in strokes:
        draw.line([a, b], fill=HIGHLIGHT, width=max(size // 6, 3))
    return box


@stamped()
def attacked(draw: ImageDraw.ImageDraw, at: Point, size: int) -> Box:
    """The target of an attack (the last turn's, or the combat in progress): white crossed
    swords on a disc in the ring's colour, rimmed in black, at its ring's corner: unlike any
    other change's plain ring, even at half size."""
    box = icon_box(at, size)
    draw.ellipse([box[0], box[1], box[2] - 1, box[3] - 1], fill=HIGHLIGHT, outline=INK,
                 width=max(1, size // 12))
    _, p = _p(at, size)
    blade = max(2, size // 7)
    for (u0, v0), (u1, v1), guard in (((0.25, 0.25), (0.72, 0.72), ((0.56, 0.76), (0.76, 0.56))),
                                      ((0.75, 0.25), (0.28, 0.72), ((0.44, 0.76), (0.24, 0.56)))):
        draw.line([p(u0, v0), p(u1, v1)], fill=WHITE, width=blade)
        draw.line([p(*guard[0]), p(*guard[1])], fill=WHITE, width=blade)
    return box
