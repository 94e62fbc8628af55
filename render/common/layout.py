"""Box arithmetic for laying out a board: grids, insets, stacks and highlights.

A box is ``(x0, y0, x1, y1)`` in pixels with ``x1``/``y1`` exclusive, so its width is
``x1 - x0``. Pillow's shape functions include their last pixel, so :func:`pil_box` converts.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

from PIL import ImageDraw

from .palette import HIGHLIGHT, RGB, WHITE

Point = tuple[int, int]
Size = tuple[int, int]
Box = tuple[int, int, int, int]
Align = Literal["start", "center", "end"]


def box_size(box: Box) -> Size:
    """Width and height of a box."""
    return box[2] - box[0], box[3] - box[1]


def center(box: Box) -> Point:
    """The middle pixel of a box."""
    return (box[0] + box[2]) // 2, (box[1] + box[3]) // 2


def inset(box: Box, n: int, ny: int | None = None) -> Box:
    """Shrink a box by ``n`` on every side (``ny`` vertically, if given); negative grows it."""
    dy = n if ny is None else ny
    return box[0] + n, box[1] + dy, box[2] - n, box[3] - dy


def offset(box: Box, dx: int, dy: int) -> Box:
    """Move a box by ``(dx, dy)``."""
    return box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy


def icon_box(at: Point, size: int) -> Box:
    """The square of side ``size`` centred on ``at``: where an icon of that size is drawn."""
    x0, y0 = at[0] - size // 2, at[1] - size // 2
    return x0, y0, x0 + size, y0 + size


def pil_box(box: Box) -> tuple[int, int, int, int]:
    """A box with an inclusive far corner, as Pillow's rectangle and ellipse expect."""
    return box[0], box[1], box[2] - 1, box[3] - 1


def union(boxes: Sequence[Box]) -> Box:
    """The smallest box holding all of ``boxes``."""
    if not boxes:
        raise ValueError("union() needs at least one box")
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def contains(outer: Box, inner: Box) -> bool:
    """True when ``inner`` lies wholly inside ``outer``."""
    return (
        outer[0] <= inner[0] and outer[1] <= inner[1]
        and inner[2] <= outer[2] and inner[3] <= outer[3]
    )


def clamp(box: Box, bounds: Box) -> Box:
    """Cut a box down to the part inside ``bounds``."""
    return (
        max(box[0], bounds[0]),
        max(box[1], bounds[1]),
        min(box[2], bounds[2]),
        min(box[3], bounds[3]),
    )


def shift_inside(box: Box, bounds: Box) -> Box:
    """Move a box (without resizing) so it lies inside ``bounds`` where it fits."""
    dx = max(bounds[0] - box[0], 0) or min(bounds[2] - box[2], 0)
    dy = max(bounds[1] - box[1], 0) or min(bounds[3] - box[3], 0)
    return offset(box, dx, dy)


def _place(start: int, extent: int, size: int, align: Align) -> int:
    if align == "center":
        return start + (extent - size) // 2
    if align == "end":
        return start + extent - size
    return start


def hstack(origin: Point, sizes: Sequence[Size], gap: int = 0, align: Align = "start") -> list[Box]:
    """Boxes of the given sizes placed left to right from ``origin``, ``gap`` apart, aligned
    vertically within the tallest."""
    tallest = max((h for _, h in sizes), default=0)
    x, boxes = origin[0], []
    for w, h in sizes:
        y = _place(origin[1], tallest, h, align)
        boxes.append((x, y, x + w, y + h))
        x += w + gap
    return boxes


def vstack(origin: Point, sizes: Sequence[Size], gap: int = 0, align: Align = "start") -> list[Box]:
    """Boxes of the given sizes placed top to bottom from ``origin``, ``gap`` apart, aligned
    horizontally within the widest."""
    widest = max((w for w, _ in sizes), default=0)
    y, boxes = origin[1], []
    for w, h in sizes:
        x = _place(origin[0], widest, w, align)
        boxes.append((x, y, x + w, y + h))
        y += h + gap
    return boxes


def _cuts(start: int, extent: int, parts: int | Sequence[float], gap: int) -> list[tuple[int, int]]:
    weights = [1.0] * parts if isinstance(parts, int) else [float(p) for p in parts]
    if not weights or min(weights) < 0 or sum(weights) <= 0:
        raise ValueError("parts must be a positive count or non-negative weights")
    free = extent - gap * (len(weights) - 1)
    total, acc = sum(weights), 0.0
    cuts: list[tuple[int, int]] = []
    for w in weights:
        a = start + round(free * acc / total) + gap * len(cuts)
        acc += w
        b = start + round(free * acc / total) + gap * len(cuts)
        cuts.append((a, b))
    return cuts


def split_h(area: Box, parts: int | Sequence[float], gap: int = 0) -> list[Box]:
    """Divide an area into columns: ``parts`` equal ones or in proportion to weights."""
    return [(a, area[1], b, area[3]) for a, b in _cuts(area[0], area[2] - area[0], parts, gap)]


def split_v(area: Box, parts: int | Sequence[float], gap: int = 0) -> list[Box]:
    """Divide an area into rows: ``parts`` equal ones or in proportion to weights."""
    return [(area[0], a, area[2], b) for a, b in _cuts(area[1], area[3] - area[1], parts, gap)]


@dataclass(frozen=True)
class Grid:
    """A regular grid of ``cols`` x ``rows`` cells of ``cell`` pixels, ``gap`` apart, with its
    top-left corner at ``origin``."""

    origin: Point
    cols: int
    rows: int
    cell: Size
    gap: int = 0

    @classmethod
    def fit(cls, area: Box, cols: int, rows: int, gap: int = 0, square: bool = False) -> Grid:
        """The largest grid that fits ``area``, centred in it; ``square`` keeps cells square."""
        w, h = box_size(area)
        cw = (w - gap * (cols - 1)) // cols
        ch = (h - gap * (rows - 1)) // rows
        if square:
            cw = ch = min(cw, ch)
        if cw <= 0 or ch <= 0:
            raise ValueError("area too small for the grid")
        used_w, used_h = cols * cw + gap * (cols - 1), rows * ch + gap * (rows - 1)
        origin = (area[0] + (w - used_w) // 2, area[1] + (h - used_h) // 2)
        return cls(origin, cols, rows, (cw, ch), gap)

    @property
    def bounds(self) -> Box:
        """The box covering every cell."""
        return self.span(0, 0, self.cols, self.rows)

    def box(self, col: int, row: int) -> Box:
        """The pixel box of one cell."""
        if not (0 <= col < self.cols and 0 <= row < self.rows):
            raise IndexError(f"cell ({col}, {row}) outside a {self.cols}x{self.rows} grid")
        x = self.origin[0] + col * (self.cell[0] + self.gap)
        y = self.origin[1] + row * (self.cell[1] + self.gap)
        return x, y, x + self.cell[0], y + self.cell[1]

    def center(self, col: int, row: int) -> Point:
        """The middle pixel of one cell."""
        return center(self.box(col, row))

    def span(self, col: int, row: int, cols: int = 1, rows: int = 1) -> Box:
        """The box covering a block of cells, gaps included."""
        first = self.box(col, row)
        last = self.box(col + cols - 1, row + rows - 1)
        return first[0], first[1], last[2], last[3]

    def cell_at(self, point: Point) -> tuple[int, int] | None:
        """The (col, row) of the cell holding ``point``, or None in a gap or outside."""
        for col, row in self:
            b = self.box(col, row)
            if b[0] <= point[0] < b[2] and b[1] <= point[1] < b[3]:
                return col, row
        return None

    def __iter__(self) -> Iterator[tuple[int, int]]:
        """Every (col, row), row by row."""
        for row in range(self.rows):
            for col in range(self.cols):
                yield col, row


def canvas_box(draw: ImageDraw.ImageDraw) -> Box:
    """The whole canvas a drawing context paints on."""
    w, h = draw.im.size
    return 0, 0, w, h


def highlight(
    draw: ImageDraw.ImageDraw,
    box: Box,
    colour: RGB = HIGHLIGHT,
    width: int = 5,
    pad: int = 4,
    radius: int = 8,
) -> Box:
    """Ring ``box`` (grown by ``pad``) to mark what the last turn changed: a thick ring in
    ``colour`` with a thin white halo inside, kept on the canvas. Returns the ring's box."""
    ring = clamp(inset(box, -pad), canvas_box(draw))
    draw.rounded_rectangle(pil_box(ring), radius=radius, outline=colour, width=width)
    halo = inset(ring, width)
    if halo[2] - halo[0] > 2 and halo[3] - halo[1] > 2:
        draw.rounded_rectangle(
            pil_box(halo), radius=max(radius - width, 0), outline=WHITE, width=max(width // 3, 1)
        )
    return ring
