"""Colours shared by every board: paper, ink, sea, players and trade goods.

Player colours come from the Okabe-Ito set, which stays distinguishable under the common
colour-vision deficiencies; each player also has a letter and a marker shape, so no one has to
tell players apart by colour alone.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass

RGB = tuple[int, int, int]

WHITE: RGB = (255, 255, 255)
BLACK: RGB = (0, 0, 0)

BACKGROUND: RGB = (244, 238, 224)  # parchment
PANEL: RGB = (252, 249, 241)
PANEL_BORDER: RGB = (150, 138, 114)
INK: RGB = (33, 37, 46)
MUTED_INK: RGB = (96, 98, 108)
GRID: RGB = (190, 178, 152)
SEA: RGB = (172, 205, 226)
SEA_DEEP: RGB = (120, 164, 198)
LAND: RGB = (214, 201, 160)
# Marks what the last turn changed (drawn as a ring with a white halo); no player's colour.
HIGHLIGHT: RGB = (200, 0, 150)
SAIL: RGB = (250, 247, 236)
GOLD: RGB = (232, 182, 36)
GOLD_RIM: RGB = (160, 112, 10)


def relative_luminance(rgb: RGB) -> float:
    """WCAG relative luminance of an sRGB colour, 0 (black) to 1 (white)."""

    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: RGB, b: RGB) -> float:
    """WCAG contrast ratio between two colours, 1 to 21."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def text_colour_on(bg: RGB, dark: RGB = INK, light: RGB = WHITE) -> RGB:
    """Whichever of ``dark`` or ``light`` reads better on ``bg``."""
    return dark if contrast_ratio(bg, dark) >= contrast_ratio(bg, light) else light


def shade(rgb: RGB, factor: float) -> RGB:
    """Darken (factor < 1) or lighten towards white (factor > 1) a colour."""
    if factor <= 1:
        return (round(rgb[0] * factor), round(rgb[1] * factor), round(rgb[2] * factor))
    t = min(factor - 1, 1.0)
    return (
        round(rgb[0] + (255 - rgb[0]) * t),
        round(rgb[1] + (255 - rgb[1]) * t),
        round(rgb[2] + (255 - rgb[2]) * t),
    )


@dataclass(frozen=True)
class PlayerStyle:
    """How one seat is shown: a colour, a letter and a marker shape."""

    name: str
    rgb: RGB
    letter: str
    shape: str
    text: RGB  # colour for the letter or any text drawn on ``rgb``


SHAPES: tuple[str, ...] = ("circle", "square", "triangle", "diamond", "hexagon", "star")


def _player(name: str, rgb: RGB, shape: str) -> PlayerStyle:
    return PlayerStyle(name, rgb, name[0], shape, text_colour_on(rgb, dark=BLACK))


# Six of the eight Okabe-Ito colours (reddish purple is left out: under protanopia it is
# close to blue; "Red" is Okabe-Ito's vermillion).
PLAYER_STYLES: list[PlayerStyle] = [
    _player("Orange", (230, 159, 0), "circle"),
    _player("Blue", (0, 114, 178), "square"),
    _player("Green", (0, 158, 115), "triangle"),
    _player("Yellow", (240, 228, 66), "diamond"),
    _player("Sky", (86, 180, 233), "hexagon"),
    _player("Red", (213, 94, 0), "star"),
]


def player_style(seat: int) -> PlayerStyle:
    """The style of a seat (seats are numbered from 0)."""
    if not 0 <= seat < len(PLAYER_STYLES):
        raise IndexError(f"no player style for seat {seat}; there are {len(PLAYER_STYLES)}")
    return PLAYER_STYLES[seat]


@dataclass(frozen=True)
class GoodsStyle:
    """How one trade good is shown: a colour, a short code and the colour for that code."""

    name: str
    rgb: RGB
    code: str
    text: RGB


def _good(name: str, rgb: RGB, code: str) -> GoodsStyle:
    return GoodsStyle(name, rgb, code, text_colour_on(rgb, dark=BLACK))


GOODS: dict[str, GoodsStyle] = {
    g.name: g
    for g in (
        _good("oil", (120, 112, 30), "O"),
        _good("wine", (122, 26, 58), "W"),
        _good("cloth", (150, 170, 222), "Cl"),
        _good("spice", (204, 80, 30), "Sp"),
        _good("metal", (128, 134, 142), "M"),
        _good("food", (120, 176, 72), "F"),
        _good("gold", GOLD, "Au"),
        _good("timber", (124, 84, 46), "T"),
        _good("stone", (190, 184, 172), "St"),
        _good("salt", (236, 236, 230), "Sa"),
        _good("fish", (70, 150, 160), "Fi"),
        _good("silk", (214, 150, 206), "Si"),
        _good("coal", (52, 52, 56), "C"),
        _good("sugar", (246, 222, 180), "Su"),
    )
}


def goods_style(name: str) -> GoodsStyle:
    """The style of a good by name (any case); unknown goods get a stable made-up colour."""
    key = name.strip().lower()
    if key in GOODS:
        return GOODS[key]
    h = zlib.crc32(key.encode())
    rgb = (60 + h % 160, 60 + (h >> 8) % 160, 60 + (h >> 16) % 160)
    return _good(key, rgb, (key[:2] or "?").capitalize())
