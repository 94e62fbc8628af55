"""The 256 colours an Empires at Sea board is snapped to before encoding.

Why a fixed palette keeps the nations' colours exact: see ``render.common.snapping``."""

from __future__ import annotations

from PIL import Image

from render.common.canvas import cached_static
from render.common.palette import (
    BACKGROUND,
    GOLD,
    GOLD_RIM,
    HIGHLIGHT,
    INK,
    LAND,
    MUTED_INK,
    PANEL,
    PANEL_BORDER,
    PLAYER_STYLES,
    RGB,
    SAIL,
    SEA,
    SEA_DEEP,
    WHITE,
    shade,
)
from render.common.snapping import distinct, fixed_palette
from render.common.snapping import snap as snap_to

from . import empires_pieces as pieces


def design_colours() -> list[RGB]:
    """The colours that must come out exact, the nations' and the Pirate's first."""
    from .empires_static import COAST, REGION_LINE, SEA_LINE

    out: list[RGB] = [s.rgb for s in PLAYER_STYLES] + [pieces.PIRATE_HULL]
    out += [INK, WHITE, BACKGROUND, PANEL, PANEL_BORDER, LAND, SEA, SEA_LINE, COAST,
            REGION_LINE, MUTED_INK, HIGHLIGHT, SAIL, GOLD, GOLD_RIM, shade(GOLD_RIM, 1.25),
            SEA_DEEP, shade(SEA_DEEP, 0.8), pieces.PIRATE_SAIL, (200, 200, 200),
            (190, 190, 190)]
    out += list(pieces.RESOURCE_RGB.values())
    out += [shade(s.rgb, 1.8) for s in PLAYER_STYLES] + [s.text for s in PLAYER_STYLES]
    return distinct(out)


def board_palette() -> Image.Image:
    return cached_static(("empires", "palette"), _build)


def _build() -> Image.Image:
    from .empires_static import board_image

    samples = [board_image(side, seats, False) for side, seats in (("atlantic", 5),
                                                                     ("americas", 2))]
    return fixed_palette(design_colours(), samples)


def snap(image: Image.Image) -> Image.Image:
    """``image`` on the board palette, as RGB."""
    return snap_to(image, board_palette())
