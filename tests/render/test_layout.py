"""Layout: grids, box arithmetic, stacks and the last-turn highlight."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from render.common.layout import (
    Grid,
    box_size,
    center,
    clamp,
    contains,
    highlight,
    hstack,
    icon_box,
    inset,
    offset,
    shift_inside,
    split_h,
    split_v,
    union,
    vstack,
)
from render.common.palette import HIGHLIGHT, WHITE

from .helpers import ink_box


def test_box_helpers() -> None:
    box = (10, 20, 110, 70)
    assert box_size(box) == (100, 50)
    assert center(box) == (60, 45)
    assert inset(box, 5) == (15, 25, 105, 65)
    assert inset(box, -5) == (5, 15, 115, 75)
    assert inset(box, 5, 0) == (15, 20, 105, 70)
    assert offset(box, 1, -1) == (11, 19, 111, 69)
    assert icon_box((50, 50), 20) == (40, 40, 60, 60)
    assert box_size(icon_box((50, 50), 21)) == (21, 21)
    assert union([(0, 0, 10, 10), (5, -5, 20, 8)]) == (0, -5, 20, 10)
    assert contains((0, 0, 10, 10), (0, 0, 10, 10)) and not contains((0, 0, 10, 10), (1, 1, 11, 5))
    assert clamp((-5, -5, 20, 20), (0, 0, 10, 10)) == (0, 0, 10, 10)
    assert shift_inside((-5, 2, 5, 6), (0, 0, 100, 100)) == (0, 2, 10, 6)
    assert shift_inside((95, 98, 105, 104), (0, 0, 100, 100)) == (90, 94, 100, 100)


def test_grid_cells() -> None:
    grid = Grid(origin=(100, 50), cols=4, rows=3, cell=(40, 30), gap=5)
    assert grid.box(0, 0) == (100, 50, 140, 80)
    assert grid.box(1, 2) == (145, 120, 185, 150)
    assert grid.center(0, 0) == (120, 65)
    assert grid.span(0, 0, 2, 1) == (100, 50, 185, 80)
    assert grid.bounds == (100, 50, 275, 150)
    assert len(list(grid)) == 12 and next(iter(grid)) == (0, 0)
    assert grid.cell_at((150, 125)) == (1, 2)
    assert grid.cell_at((142, 60)) is None  # in a gap
    assert grid.cell_at((0, 0)) is None
    with pytest.raises(IndexError):
        grid.box(4, 0)


def test_grid_fit() -> None:
    area = (0, 0, 1000, 600)
    grid = Grid.fit(area, 10, 6, gap=4)
    assert contains(area, grid.bounds)
    square = Grid.fit(area, 10, 4, gap=4, square=True)
    assert square.cell[0] == square.cell[1]
    assert contains(area, square.bounds)
    assert center(square.bounds)[0] == pytest.approx(500, abs=2)


def test_stacks() -> None:
    boxes = hstack((10, 10), [(30, 20), (40, 10)], gap=5)
    assert boxes == [(10, 10, 40, 30), (45, 10, 85, 20)]
    assert hstack((0, 0), [(10, 20), (10, 10)], align="center")[1] == (10, 5, 20, 15)
    boxes = vstack((0, 0), [(30, 20), (10, 10)], gap=4, align="end")
    assert boxes == [(0, 0, 30, 20), (20, 24, 30, 34)]
    assert hstack((0, 0), []) == []


def test_splits() -> None:
    cols = split_h((0, 0, 100, 50), 3, gap=5)
    assert len(cols) == 3 and cols[0][0] == 0 and cols[-1][2] == 100
    assert all(cols[i + 1][0] - cols[i][2] == 5 for i in range(2))
    rows = split_v((0, 0, 100, 100), [1, 3])
    assert rows == [(0, 0, 100, 25), (0, 25, 100, 100)]
    with pytest.raises(ValueError):
        split_h((0, 0, 10, 10), [])


def test_highlight_rings_box_and_stays_on_canvas() -> None:
    image = Image.new("RGB", (200, 120), WHITE)
    draw = ImageDraw.Draw(image)
    ring = highlight(draw, (60, 30, 120, 80), width=4, pad=3)
    assert ring == (57, 27, 123, 83)
    assert image.getpixel((90, 27)) == HIGHLIGHT  # on the ring
    assert image.getpixel((90, 55)) == WHITE  # the marked thing is left alone
    ink = ink_box(image, WHITE)
    assert ink is not None and contains(ring, ink)

    edge = highlight(draw, (-10, -10, 30, 30))  # partly off the canvas: clipped to it
    assert contains((0, 0, 200, 120), edge)
    assert image.getpixel((0, 10)) == HIGHLIGHT
