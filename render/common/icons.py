"""Game pieces drawn in code.

Every ``draw_*`` takes the drawing context, the centre point and the size of the square the
piece fits in (``layout.icon_box(at, size)``), draws nothing outside that square and returns the
box it used. Pieces have an ink outline so they read on any background.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

from PIL import ImageDraw

from .canvas import blit_text, stamped
from .fonts import Font, displayable, fit_font, text_width
from .layout import Box, Point, icon_box
from .palette import (
    GOLD,
    GOLD_RIM,
    INK,
    MUTED_INK,
    PANEL,
    RGB,
    SAIL,
    SEA_DEEP,
    WHITE,
    GoodsStyle,
    PlayerStyle,
    goods_style,
    shade,
    text_colour_on,
)

FPoint = tuple[float, float]
Frame = Callable[[float, float], FPoint]
SHIP_KINDS: tuple[str, ...] = ("sail", "galley", "steam", "warship")


def _frame(at: Point, size: int) -> tuple[Box, Frame]:
    """The icon's box and a map from unit coordinates (0..1 across the box) to pixels."""
    box = icon_box(at, size)
    span = size - 1

    def p(u: float, v: float) -> FPoint:
        return box[0] + u * span, box[1] + v * span

    return box, p


def _rect(p: Frame, u0: float, v0: float, u1: float, v1: float) -> list[FPoint]:
    return [p(u0, v0), p(u1, v1)]


def _line_width(size: int) -> int:
    return max(1, round(size / 22))


def _label(
    draw: ImageDraw.ImageDraw,
    xy: FPoint,
    text: str,
    max_w: float,
    max_h: float,
    fill: RGB,
    halo: RGB | None = None,
) -> None:
    """Centred bold text no wider than ``max_w`` and no taller than ``max_h``."""
    text = displayable(text)
    start = max(int(max_h), 1)
    if start < 7 or not text:
        return
    f: Font = fit_font(text, int(max_w), start, min_size=7, bold=True)
    if text_width(text, f) > max_w:
        return
    stroke = max(1, round(f.size / 22))
    if halo is not None:
        blit_text(draw, xy, text, f, halo, "mm", stroke + 2)
    blit_text(draw, xy, text, f, fill, "mm", stroke)


def shape_points(shape: str, at: Point, size: int) -> list[FPoint]:
    """The outline of a marker shape (see ``palette.SHAPES``) filling ``icon_box(at, size)``."""
    return list(_shape_points(shape, (at[0], at[1]), size))


@lru_cache(maxsize=2048)
def _shape_points(shape: str, at: Point, size: int) -> tuple[FPoint, ...]:
    return tuple(_outline(shape, at, size))


def _outline(shape: str, at: Point, size: int) -> list[FPoint]:
    _, p = _frame(at, size)
    if shape == "circle":
        return [p(0.5 + 0.5 * math.cos(a), 0.5 + 0.5 * math.sin(a))
                for a in (2 * math.pi * i / 48 for i in range(48))]
    if shape == "square":
        return [p(0.06, 0.06), p(0.94, 0.06), p(0.94, 0.94), p(0.06, 0.94)]
    if shape == "triangle":
        return [p(0.5, 0.02), p(0.98, 0.92), p(0.02, 0.92)]
    if shape == "diamond":
        return [p(0.5, 0.0), p(1.0, 0.5), p(0.5, 1.0), p(0.0, 0.5)]
    if shape == "hexagon":
        return [p(0.5 + 0.5 * math.cos(a), 0.5 + 0.5 * math.sin(a))
                for a in (math.pi / 3 * i for i in range(6))]
    if shape == "star":
        pts = []
        for i in range(10):
            r = 0.48 if i % 2 == 0 else 0.22
            a = -math.pi / 2 + math.pi / 5 * i
            pts.append(p(0.5 + r * math.cos(a), 0.54 + r * math.sin(a)))
        return pts
    raise ValueError(f"unknown shape {shape!r}")


# Where the letter sits in each shape (unit coordinates) and how tall it may be.
_LETTER: dict[str, tuple[float, float, float]] = {
    "circle": (0.5, 0.5, 0.5),
    "square": (0.5, 0.5, 0.56),
    "triangle": (0.5, 0.64, 0.36),
    "diamond": (0.5, 0.5, 0.42),
    "hexagon": (0.5, 0.5, 0.5),
    "star": (0.5, 0.56, 0.3),
}


def draw_shape(
    draw: ImageDraw.ImageDraw, shape: str, at: Point, size: int, fill: RGB, outline: RGB = INK
) -> Box:
    """One marker shape, filled and outlined."""
    draw.polygon(_shape_points(shape, (at[0], at[1]), size), fill=fill, outline=outline,
                 width=_line_width(size))
    return icon_box(at, size)


@stamped()
def draw_player_marker(
    draw: ImageDraw.ImageDraw, at: Point, size: int, style: PlayerStyle, outline: RGB = INK
) -> Box:
    """A player's marker: their shape in their colour, their letter on it."""
    box = draw_shape(draw, style.shape, at, size, style.rgb, outline)
    u, v, h = _LETTER[style.shape]
    _, p = _frame(at, size)
    _label(draw, p(u, v), style.letter, size * h, size * h, style.text)
    return box


def draw_player_label(
    draw: ImageDraw.ImageDraw, xy: Point, style: PlayerStyle, name: str, f: Font, fill: RGB = INK
) -> Box:
    """A legend entry: the player's marker then ``name``, with ``xy`` the top-left corner."""
    ascent, descent = f.getmetrics()
    size = ascent + descent
    draw_player_marker(draw, (xy[0] + size // 2, xy[1] + size // 2), size, style)
    x = xy[0] + size + size // 3
    name = displayable(name)
    blit_text(draw, (x, xy[1] + size // 2), name, f, fill, "lm")
    return xy[0], xy[1], x + text_width(name, f), xy[1] + size


@stamped()
def draw_cube(
    draw: ImageDraw.ImageDraw, at: Point, size: int, fill: RGB, outline: RGB = INK
) -> Box:
    """A small isometric cube: light top, plain left face, shaded right face."""
    box, p = _frame(at, size)
    w = _line_width(size)
    top, ur, lr = p(0.5, 0.0), p(0.933, 0.25), p(0.933, 0.75)
    bottom, ll, ul, mid = p(0.5, 1.0), p(0.067, 0.75), p(0.067, 0.25), p(0.5, 0.5)
    draw.polygon([top, ur, mid, ul], fill=shade(fill, 1.35), outline=outline, width=w)
    draw.polygon([ul, mid, bottom, ll], fill=fill, outline=outline, width=w)
    draw.polygon([mid, ur, lr, bottom], fill=shade(fill, 0.72), outline=outline, width=w)
    return box


@stamped()
def draw_disc(
    draw: ImageDraw.ImageDraw, at: Point, size: int, fill: RGB, outline: RGB = INK
) -> Box:
    """A round wooden disc seen slightly from the side: a shaded rim under the face."""
    box, p = _frame(at, size)
    w = _line_width(size)
    draw.ellipse(_rect(p, 0, 0.14, 1, 1), fill=shade(fill, 0.68), outline=outline, width=w)
    draw.ellipse(_rect(p, 0, 0, 1, 0.86), fill=fill, outline=outline, width=w)
    return box


@stamped()
def draw_ship(
    draw: ImageDraw.ImageDraw,
    at: Point,
    size: int,
    fill: RGB,
    kind: str = "sail",
    outline: RGB = INK,
    sail: RGB = SAIL,
) -> Box:
    """A ship in profile, bow to the right, hull in ``fill``. ``kind`` is one of
    ``SHIP_KINDS``: "sail" (one mast), "galley" (oars, lateen sail), "steam" (funnel) or
    "warship" (two masts, gun ports)."""
    box, p = _frame(at, size)
    w = _line_width(size)

    def poly(points: list[FPoint], colour: RGB) -> None:
        draw.polygon(points, fill=colour, outline=outline, width=w)

    def mast(u: float, v0: float, v1: float) -> None:
        draw.line([p(u, v0), p(u, v1)], fill=outline, width=max(w, 2))

    if kind == "galley":
        for i in range(6):
            u = 0.22 + 0.11 * i
            draw.line([p(u, 0.7), p(u - 0.07, 0.95)], fill=outline, width=w)
        mast(0.5, 0.12, 0.58)
        poly([p(0.14, 0.46), p(0.86, 0.08), p(0.62, 0.5)], sail)
        poly([p(0.02, 0.56), p(0.98, 0.5), p(0.86, 0.76), p(0.1, 0.76)], fill)
    elif kind == "steam":
        draw.ellipse(_rect(p, 0.6, 0.02, 0.76, 0.14), fill=shade(MUTED_INK, 1.6))
        draw.ellipse(_rect(p, 0.72, 0.06, 0.9, 0.2), fill=shade(MUTED_INK, 1.45))
        poly([p(0.46, 0.16), p(0.6, 0.16), p(0.6, 0.44), p(0.46, 0.44)], fill)
        draw.rectangle(_rect(p, 0.46, 0.16, 0.6, 0.23), fill=outline)
        poly([p(0.24, 0.42), p(0.76, 0.42), p(0.76, 0.62), p(0.24, 0.62)], sail)
        poly([p(0.03, 0.6), p(0.97, 0.6), p(0.85, 0.9), p(0.12, 0.9)], fill)
    elif kind == "warship":
        for u in (0.3, 0.66):
            mast(u, 0.06, 0.58)
            poly([p(u - 0.15, 0.14), p(u + 0.15, 0.14), p(u + 0.17, 0.5), p(u - 0.17, 0.5)],
                 sail)
        poly([p(0.66, 0.01), p(0.84, 0.05), p(0.66, 0.1)], fill)
        poly([p(0.02, 0.56), p(0.98, 0.56), p(0.84, 0.93), p(0.12, 0.93)], fill)
        for i in range(4):
            u = 0.22 + 0.16 * i
            draw.rectangle(_rect(p, u, 0.66, u + 0.08, 0.74), fill=outline)
    elif kind == "sail":
        mast(0.48, 0.04, 0.64)
        poly([p(0.2, 0.14), p(0.76, 0.14), p(0.8, 0.54), p(0.16, 0.54)], sail)
        poly([p(0.48, 0.01), p(0.68, 0.05), p(0.48, 0.1)], fill)
        poly([p(0.03, 0.6), p(0.97, 0.6), p(0.82, 0.9), p(0.15, 0.9)], fill)
    else:
        raise ValueError(f"unknown ship kind {kind!r}; expected one of {SHIP_KINDS}")
    return box


@stamped()
def draw_coin(
    draw: ImageDraw.ImageDraw,
    at: Point,
    size: int,
    label: str | int | None = None,
    fill: RGB = GOLD,
    rim: RGB = GOLD_RIM,
) -> Box:
    """A gold coin with a rim and an inner ring; ``label`` (e.g. its value) in the middle."""
    box, p = _frame(at, size)
    draw.ellipse(_rect(p, 0, 0, 1, 1), fill=fill, outline=rim, width=max(2, size // 12))
    draw.ellipse(_rect(p, 0.2, 0.2, 0.8, 0.8), outline=shade(rim, 1.25), width=max(1, size // 30))
    if label is not None:
        _label(draw, p(0.5, 0.5), str(label), size * 0.52, size * 0.46, INK)
    return box


@stamped()
def draw_goods_token(
    draw: ImageDraw.ImageDraw,
    at: Point,
    size: int,
    good: str | GoodsStyle,
    outline: RGB = INK,
) -> Box:
    """A rounded square in the good's colour with its one- or two-letter code."""
    style = goods_style(good) if isinstance(good, str) else good
    box, p = _frame(at, size)
    draw.rounded_rectangle(_rect(p, 0, 0, 1, 1), radius=max(2, size // 5), fill=style.rgb,
                           outline=outline, width=_line_width(size))
    _label(draw, p(0.5, 0.5), style.code, size * 0.72, size * 0.5, style.text)
    return box


@stamped()
def draw_navigation_counter(
    draw: ImageDraw.ImageDraw,
    at: Point,
    size: int,
    fill: RGB,
    value: str | int | None = None,
    outline: RGB = INK,
) -> Box:
    """A round counter with a compass star; ``value`` (a level) on top of it."""
    box, p = _frame(at, size)
    w = _line_width(size)
    draw.ellipse(_rect(p, 0, 0, 1, 1), fill=fill, outline=outline, width=w)
    star = []
    for i in range(8):
        r = 0.4 if i % 2 == 0 else 0.11
        a = -math.pi / 2 + math.pi / 4 * i
        star.append(p(0.5 + r * math.cos(a), 0.5 + r * math.sin(a)))
    draw.polygon(star, fill=SAIL, outline=outline, width=max(1, w // 2))
    if value is not None:
        _label(draw, p(0.5, 0.5), str(value), size * 0.6, size * 0.48, INK, halo=SAIL)
    return box


@stamped()
def draw_industry_counter(
    draw: ImageDraw.ImageDraw,
    at: Point,
    size: int,
    fill: RGB,
    value: str | int | None = None,
    outline: RGB = INK,
) -> Box:
    """A square counter with a cog wheel; ``value`` (a level) in the cog's hub."""
    box, p = _frame(at, size)
    w = _line_width(size)
    draw.rounded_rectangle(_rect(p, 0, 0, 1, 1), radius=max(2, size // 8), fill=fill,
                           outline=outline, width=w)
    cog = []
    for i in range(32):  # eight teeth, four points each
        r = 0.4 if i % 4 in (1, 2) else 0.3
        a = 2 * math.pi * (i - 0.5) / 32
        cog.append(p(0.5 + r * math.cos(a), 0.5 + r * math.sin(a)))
    draw.polygon(cog, fill=SAIL, outline=outline, width=max(1, w // 2))
    draw.ellipse(_rect(p, 0.36, 0.36, 0.64, 0.64), fill=fill, outline=outline,
                 width=max(1, w // 2))
    if value is not None:
        _label(draw, p(0.5, 0.5), str(value), size * 0.26, size * 0.26, text_colour_on(fill))
    return box


_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


def draw_die(
    draw: ImageDraw.ImageDraw,
    at: Point,
    size: int,
    value: int,
    fill: RGB = WHITE,
    pip: RGB = INK,
    outline: RGB = INK,
) -> Box:
    """A die face showing ``value`` (1 to 6) as pips."""
    if value not in _PIPS:
        raise ValueError(f"a die shows 1 to 6, not {value}")
    box, p = _frame(at, size)
    draw.rounded_rectangle(_rect(p, 0, 0, 1, 1), radius=max(2, size // 6), fill=fill,
                           outline=outline, width=_line_width(size))
    r = 0.09
    for u, v in _PIPS[value]:
        draw.ellipse(_rect(p, u - r, v - r, u + r, v + r), fill=pip)
    return box


def draw_card(
    draw: ImageDraw.ImageDraw,
    at: Point,
    size: int,
    fill: RGB = PANEL,
    title: str | None = None,
    accent: RGB = SEA_DEEP,
    back: bool = False,
    outline: RGB = INK,
) -> Box:
    """A portrait card (5:7) as tall as ``size``: an inner frame in ``accent`` and an optional
    title band; ``back`` shows the patterned back instead. Returns the card's own box."""
    _, p = _frame(at, size)
    u0, u1 = 0.5 - 5 / 14, 0.5 + 5 / 14
    w = _line_width(size)
    draw.rounded_rectangle(_rect(p, u0, 0, u1, 1), radius=max(2, size // 14), fill=fill,
                           outline=outline, width=w)
    m = 0.06
    inner = _rect(p, u0 + m, m, u1 - m, 1 - m)
    if back:
        draw.rectangle(inner, fill=accent)
        diamond = [p(0.5, 0.3), p(0.66, 0.5), p(0.5, 0.7), p(0.34, 0.5)]
        draw.polygon(diamond, fill=fill, outline=outline, width=max(1, w // 2))
    else:
        draw.rectangle(inner, outline=accent, width=max(1, w // 2))
        if title:
            band = _rect(p, u0 + m, m, u1 - m, 0.24)
            draw.rectangle(band, fill=accent)
            _label(draw, p(0.5, (m + 0.24) / 2), title, (u1 - u0 - 2 * m - 0.04) * size,
                   (0.24 - m) * size * 0.8, text_colour_on(accent))
    x0, y0 = p(u0, 0)
    x1, y1 = p(u1, 1)
    return math.floor(x0), math.floor(y0), math.ceil(x1) + 1, math.ceil(y1) + 1


__all__ = [
    "SHIP_KINDS",
    "draw_card",
    "draw_coin",
    "draw_cube",
    "draw_die",
    "draw_disc",
    "draw_goods_token",
    "draw_industry_counter",
    "draw_navigation_counter",
    "draw_player_label",
    "draw_player_marker",
    "draw_ship",
    "draw_shape",
    "shape_points",
]
