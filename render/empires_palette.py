"""The 256 colours an Empires at Sea board is snapped to before encoding.

Bold text and text halos are drawn anti-aliased, which leaves hundreds of in-between colours;
an adaptive palette would then shift every colour a little, the nations' colours included.
Snapping onto a fixed palette that holds every design colour keeps those exact (Pillow maps a
colour to itself when no other palette colour is within ``SEPARATION`` of it) and turns the
soft edges into the nearest solid colour, few enough for ``to_png``'s exact path."""

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

from . import empires_pieces as pieces

SEPARATION = 12


def _apart(a: RGB, b: RGB) -> bool:
    return sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) >= SEPARATION ** 2


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
    kept: list[RGB] = []
    for rgb in out:
        if all(_apart(rgb, k) for k in kept):
            kept.append(rgb)
    return kept


def board_palette() -> Image.Image:
    return cached_static(("empires", "palette"), _build)


def _build() -> Image.Image:
    from .empires_static import board_image

    chosen = design_colours()
    counts: dict[RGB, int] = {}
    for side, seats in (("atlantic", 5), ("americas", 2)):
        for n, rgb in board_image(side, seats, False).getcolors(1 << 24) or []:
            if isinstance(rgb, tuple) and len(rgb) == 3:
                key = (rgb[0], rgb[1], rgb[2])
                counts[key] = counts.get(key, 0) + n
    for rgb, _ in sorted(counts.items(), key=lambda c: -c[1]):
        if len(chosen) >= 256:
            break
        if all(_apart(rgb, c) for c in chosen):
            chosen.append(rgb)
    flat = [v for rgb in chosen for v in rgb]
    palette = Image.new("P", (1, 1))
    palette.putpalette(flat + flat[:3] * (256 - len(chosen)))
    return palette


def snap(image: Image.Image) -> Image.Image:
    """``image`` on the board palette, as RGB."""
    return image.quantize(palette=board_palette(), dither=Image.Dither.NONE).convert("RGB")
