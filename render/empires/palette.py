"""The nations' colours, and the 256 colours an Empires at Sea board is snapped to before
encoding.

The nations wear the rulebook's colours ("American: white/grey, French: blue, British: red,
Spanish: yellow, Dutch: orange") rather than the platform's seat colours. Red and orange, and
yellow and white, are hard to tell apart for some players, so each nation also keeps its own
marker shape and its initial, as every seat does on the other boards.

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
    RGB,
    SAIL,
    SEA,
    SEA_DEEP,
    WHITE,
    PlayerStyle,
    shade,
    text_colour_on,
)
from render.common.record import paused
from render.common.snapping import distinct, fixed_palette
from render.common.snapping import snap as snap_to
from render.common.snapping import snap_indexed as snap_indexed_to

from . import pieces


def _nation(name: str, rgb: RGB, shape: str) -> PlayerStyle:
    return PlayerStyle(name, rgb, name[0], shape, text_colour_on(rgb, dark=INK))


# By seat: seats are the nations in joining order (US, Britain, France, Spain, the Dutch).
NATION_STYLES: tuple[PlayerStyle, ...] = (
    _nation("US", (128, 132, 138), "circle"),
    _nation("Britain", (200, 30, 45), "square"),
    _nation("France", (25, 85, 200), "triangle"),
    _nation("Spain", (245, 212, 40), "diamond"),
    _nation("Dutch", (240, 128, 16), "hexagon"),
)


def nation_style(seat: int) -> PlayerStyle:
    """The style of a seat's nation (seats are numbered from 0)."""
    if not 0 <= seat < len(NATION_STYLES):
        raise IndexError(f"no nation for seat {seat}; there are {len(NATION_STYLES)}")
    return NATION_STYLES[seat]


def design_colours() -> list[RGB]:
    """The colours that must come out exact, the nations' and the Pirate's first."""
    from .static import COAST, REGION_LINE, SEA_LINE

    out: list[RGB] = [s.rgb for s in NATION_STYLES] + [pieces.PIRATE_HULL]
    out += [INK, WHITE, BACKGROUND, PANEL, PANEL_BORDER, LAND, SEA, SEA_LINE, COAST,
            REGION_LINE, MUTED_INK, HIGHLIGHT, SAIL, GOLD, GOLD_RIM, shade(GOLD_RIM, 1.25),
            SEA_DEEP, shade(SEA_DEEP, 0.8), pieces.PIRATE_SAIL, (200, 200, 200),
            (190, 190, 190)]
    out += list(pieces.RESOURCE_RGB.values())
    out += [shade(s.rgb, 1.8) for s in NATION_STYLES] + [s.text for s in NATION_STYLES]
    return distinct(out)


def board_palette() -> Image.Image:
    return cached_static(("empires", "palette"), _build)


def _build() -> Image.Image:
    from .static import board_image

    # the sample boards only choose colours: what they drew is not on the board being built
    with paused():
        samples = [board_image(side, seats, False) for side, seats in (("atlantic", 5),
                                                                         ("americas", 2))]
    return fixed_palette(design_colours(), samples)


def snap(image: Image.Image) -> Image.Image:
    """``image`` on the board palette, as RGB."""
    return snap_to(image, board_palette())


def snap_indexed(image: Image.Image) -> Image.Image:
    """``image`` on the board palette, as a "P" image (see ``canvas.palette_png``)."""
    return snap_indexed_to(image, board_palette())
