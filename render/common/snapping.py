"""Snapping a finished board onto a fixed 256-colour palette before encoding.

Bold text and halos are drawn anti-aliased, which leaves hundreds of in-between colours; an
adaptive palette would then shift every colour a little, the players' colours included.
Pillow maps colours onto a palette through a cache of 4x4x4 colour cells, so a colour only maps
to itself when no other palette colour is nearer its cell; colours at least ``SEPARATION``
apart always do. A palette holding every design colour, well apart, therefore keeps those exact
and folds the soft edges into the nearest solid colour, few enough for ``to_png``'s exact path.
"""

from __future__ import annotations

from collections.abc import Iterable

from PIL import Image

from .palette import RGB

SEPARATION = 12
PALETTE_SIZE = 256


def apart(a: RGB, b: RGB) -> bool:
    return sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) >= SEPARATION ** 2


def distinct(colours: Iterable[RGB]) -> list[RGB]:
    """The colours in order, leaving out any near twin of one already kept (it is drawn as
    that one)."""
    kept: list[RGB] = []
    for rgb in colours:
        if all(apart(rgb, k) for k in kept):
            kept.append(rgb)
    return kept


def fixed_palette(design: Iterable[RGB], samples: Iterable[Image.Image]) -> Image.Image:
    """Every design colour (kept exact), then the samples' commonest colours that are well
    apart from those already chosen, up to 256."""
    chosen = distinct(design)[:PALETTE_SIZE]
    counts: dict[RGB, int] = {}
    for sample in samples:
        for n, found in sample.getcolors(1 << 24) or []:
            if isinstance(found, tuple) and len(found) == 3:
                key = (found[0], found[1], found[2])
                counts[key] = counts.get(key, 0) + n
    for rgb, _ in sorted(counts.items(), key=lambda c: -c[1]):
        if len(chosen) >= PALETTE_SIZE:
            break
        if all(apart(rgb, c) for c in chosen):
            chosen.append(rgb)
    flat = [v for rgb in chosen for v in rgb]
    palette = Image.new("P", (1, 1))
    palette.putpalette(flat + flat[:3] * (PALETTE_SIZE - len(chosen)))
    return palette


def snap(image: Image.Image, palette: Image.Image) -> Image.Image:
    """``image`` with every pixel moved to its palette colour, as RGB."""
    return snap_indexed(image, palette).convert("RGB")


def snap_indexed(image: Image.Image, palette: Image.Image) -> Image.Image:
    """``image`` with every pixel moved to its palette colour, as a "P" image on ``palette``
    (what ``canvas.palette_png`` encodes as it is)."""
    return image.quantize(palette=palette, dither=Image.Dither.NONE)
