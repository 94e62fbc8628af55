"""A sailing ship's trail, as the boards mark what the last turn changed: a small ring where
the ship set out and dots in the ring colour along its way, drawn under the pieces."""

from __future__ import annotations

import math

from PIL import ImageDraw

from .canvas import stamped
from .layout import Box, Point, icon_box
from .palette import HIGHLIGHT, WHITE

DOT = 9  # a trail's dot, across: four pixels at half size
STEP = 12  # from one dot to the next
ORIGIN = 16  # the ring where a trail starts, across


@stamped()
def dot(draw: ImageDraw.ImageDraw, at: Point, size: int) -> Box:
    """One dot of a sailing ship's trail: the ring's colour on a thin white edge."""
    box = icon_box(at, size)
    draw.ellipse([box[0], box[1], box[2] - 1, box[3] - 1], fill=HIGHLIGHT, outline=WHITE,
                 width=1)
    return box


@stamped()
def origin(draw: ImageDraw.ImageDraw, at: Point, size: int) -> Box:
    """Where a sailing ship's trail starts: a small ring, white inside."""
    box = icon_box(at, size)
    draw.ellipse([box[0], box[1], box[2] - 1, box[3] - 1], fill=WHITE, outline=HIGHLIGHT,
                 width=max(size // 5, 2))
    return box


def dots(points: list[Point], skip_start: int, skip_end: int, step: int = STEP
         ) -> list[Point]:
    """Points every ``step`` pixels along the polyline, leaving its ends clear (a board that
    draws larger dots sets them further apart)."""
    lengths = [math.dist(a, b) for a, b in zip(points, points[1:], strict=False)]
    total = sum(lengths)
    out: list[Point] = []
    at = float(skip_start)
    while at <= total - skip_end:
        walked, i = at, 0
        while i < len(lengths) - 1 and walked > lengths[i]:
            walked -= lengths[i]
            i += 1
        (x0, y0), (x1, y1) = points[i], points[i + 1]
        t = walked / lengths[i] if lengths[i] else 0.0
        out.append((round(x0 + (x1 - x0) * t), round(y0 + (y1 - y0) * t)))
        at += step
    return out
