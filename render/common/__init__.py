"""The drawing kit every game's renderer shares: colours, fonts, canvas, pieces and layout.

The submodules are the API (``from render.common import icons``); the most used names are
also importable from here.
"""

from __future__ import annotations

from .canvas import (
    MAX_PNG_BYTES,
    MIN_WIDTH,
    board_problems,
    cached_static,
    draw_text,
    draw_wrapped,
    new_canvas,
    panel,
    to_png,
    wrap_text,
)
from .fonts import BODY_SIZE, HEADING_SIZE, SMALL_SIZE, TITLE_SIZE, fit_font, font, text_size
from .layout import Box, Grid, Point, center, highlight, hstack, inset, vstack
from .palette import BACKGROUND, GOODS, INK, PLAYER_STYLES, PlayerStyle, goods_style, player_style

__all__ = [
    "BACKGROUND",
    "BODY_SIZE",
    "GOODS",
    "HEADING_SIZE",
    "INK",
    "MAX_PNG_BYTES",
    "MIN_WIDTH",
    "PLAYER_STYLES",
    "SMALL_SIZE",
    "TITLE_SIZE",
    "Box",
    "Grid",
    "PlayerStyle",
    "Point",
    "board_problems",
    "cached_static",
    "center",
    "draw_text",
    "draw_wrapped",
    "fit_font",
    "font",
    "goods_style",
    "highlight",
    "hstack",
    "inset",
    "new_canvas",
    "panel",
    "player_style",
    "text_size",
    "to_png",
    "vstack",
    "wrap_text",
]
