"""Where everything on the Empires at Sea board goes, worked out once per map side.

The board is 1600 x 1152 (1600 x 1592 for a seat's own "My view", which adds the hand along
the bottom). The grid map sits top left with its column and row numbers.

The Atlantic side's map, the rulebook's big one, is drawn with cells of ``CELL`` pixels; the
turn status and the map key run under it and the round's Weather and History, then one block
per nation, fill the right-hand column. A side whose grid at that size would leave a
right-hand column of ``RIGHT_MIN`` or more (the Americas side: 16 x 24 cells, about a third
of the width) gets cells of its own instead (``map_cell``): as large as the board's height
allows, so that the map fills the height and about half the width. Everything drawn on the map
grows with the cell (``Layout.px``: pieces, names and where they go, rings, trails); the
right-hand column then holds the round, the status, the nations in two columns and the key.
Boxes are ``(x0, y0, x1, y1)``, far edges exclusive.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from engine.empires.content import Board, empires_content
from render.common.layout import Box, Grid, Point, center, split_h, split_v

WIDTH, HEIGHT = 1600, 1152
HAND_H = 440  # the hand strip of "My view"
MARGIN = 8
GAP = 8
CELL = 34  # the Atlantic side's cell: every size on the map is given at this cell
ROW_LABELS = 30  # the row letters left of the grid
COL_LABELS = 26  # the column numbers above it
RIGHT_MIN = 800  # the right-hand column's least width beside a map drawn the height of the board
NATION_GAP = 6
NATION_H = 134  # a nation's block at its least: name and score, resources, ships, a line of cards
NATION_MAX = 200  # ... and with room: all in larger pieces and type, three lines of cards
SCENE_MIN = 430  # the round's panel at its least: the longest Weather and History in small type
SCENE_H = 370  # the round's panel beside a tall map (two columns)
STATUS_MIN = 260  # the status strip's least beside a tall map
KEY_W = 430
KEY_H = 108  # the key beside a tall map: three rows of pieces, as wide as the column


@dataclass(frozen=True)
class Layout:
    side: str
    grid: Grid
    frame: Box  # the map with its numbers
    key: Box  # the map key
    scene: Box  # round, Weather and History
    status: Box  # whose turn, combats, bribes, decisions
    nations: tuple[Box, ...]  # one per seat
    nation_cols: int

    @property
    def cell(self) -> int:
        """The map's cell, across."""
        return self.grid.cell[0]

    def px(self, n: int) -> int:
        """``n`` pixels on a map of ``CELL``-pixel cells, on this map (``n`` itself on the
        Atlantic side)."""
        return scaled(n, self.cell)

    def hand(self) -> Box:
        return (MARGIN, HEIGHT, WIDTH - MARGIN, HEIGHT + HAND_H - MARGIN)


def scaled(n: int, cell: int) -> int:
    """``n`` pixels at a cell of ``CELL``, at a cell of ``cell`` pixels."""
    return n if cell == CELL else round(n * cell / CELL)


def board(side: str) -> Board:
    return empires_content().board(side)  # type: ignore[arg-type]


def nation_height(room: int, rows: int) -> int:
    """A nation block's height when ``rows`` of them share ``room``: as tall as they can be,
    up to ``NATION_MAX``, so that few nations get larger pieces and type, not empty space."""
    return max(NATION_H, min(NATION_MAX, (room - NATION_GAP * (rows - 1)) // max(rows, 1)))


def _nation_boxes(area: Box, seats: int, cols: int) -> tuple[Box, ...]:
    rows = (seats + cols - 1) // cols
    boxes: list[Box] = []
    for row in split_v(area, max(rows, 1), NATION_GAP):
        boxes.extend(split_h(row, cols, NATION_GAP))
    return tuple(boxes[:seats])


def _map_width(cols: int, cell: int) -> int:
    """The map's frame across, its row letters included."""
    return scaled(ROW_LABELS, cell) + cols * cell + 4


@functools.cache
def map_cell(side: str) -> int:
    """The side's cell: ``CELL`` where the grid at that size leaves the right-hand column
    narrower than ``RIGHT_MIN`` (the Atlantic side), else the largest that the board's height
    holds with the column numbers, keeping that column ``RIGHT_MIN`` wide."""
    b = board(side)
    room_w = WIDTH - 2 * MARGIN - GAP - RIGHT_MIN
    if _map_width(b.width, CELL) > room_w:
        return CELL
    room_h = HEIGHT - 2 * MARGIN - 4
    cell = CELL
    while (b.height * (cell + 1) + scaled(COL_LABELS, cell + 1) <= room_h
           and _map_width(b.width, cell + 1) <= room_w):
        cell += 1
    return cell


@functools.cache
def layout(side: str, seats: int) -> Layout:
    cell = map_cell(side)
    return _wide(side, seats) if cell == CELL else _tall(side, seats, cell)


def _wide(side: str, seats: int) -> Layout:
    """A map of ``CELL``-pixel cells with the status and the key under it; the round and one
    block per nation on the right."""
    b = board(side)
    grid = Grid((MARGIN + ROW_LABELS, MARGIN + COL_LABELS), b.width, b.height, (CELL, CELL))
    g = grid.bounds
    frame = (MARGIN, MARGIN, g[2] + 4, g[3] + 4)
    below = (MARGIN, frame[3] + GAP, frame[2], HEIGHT - MARGIN)
    right = (frame[2] + GAP, MARGIN, WIDTH - MARGIN, HEIGHT - MARGIN)
    key = (below[2] - KEY_W, below[1], below[2], below[3])
    status = (below[0], below[1], key[0] - GAP, below[3])
    each = nation_height(right[3] - right[1] - SCENE_MIN - GAP, seats)
    nation_h = each * seats + NATION_GAP * (seats - 1)
    scene = (right[0], right[1], right[2], max(right[3] - nation_h - GAP, 280))
    nations = _nation_boxes((right[0], scene[3] + GAP, right[2], right[3]), seats, 1)
    return Layout(side, grid, frame, key, scene, status, nations, 1)


def _tall(side: str, seats: int, cell: int) -> Layout:
    """A map the board's height at ``cell`` pixels, top to bottom: the round, the status, the
    nations in two columns and the key on the right."""
    b = board(side)
    top = MARGIN + scaled(COL_LABELS, cell)
    slack = HEIGHT - MARGIN - 4 - top - b.height * cell  # shared above and below the grid
    grid = Grid((MARGIN + scaled(ROW_LABELS, cell), top + slack // 2), b.width, b.height,
                (cell, cell))
    frame = (MARGIN, MARGIN, grid.bounds[2] + 4, HEIGHT - MARGIN)
    right = (frame[2] + GAP, MARGIN, WIDTH - MARGIN, HEIGHT - MARGIN)
    scene = (right[0], right[1], right[2], right[1] + SCENE_H)
    key = (right[0], right[3] - KEY_H, right[2], right[3])
    rows = (seats + 1) // 2
    bottom = key[1] - GAP
    each = nation_height(bottom - scene[3] - 2 * GAP - STATUS_MIN, rows)
    top = bottom - each * rows - NATION_GAP * (rows - 1)
    status = (right[0], scene[3] + GAP, right[2], top - GAP)
    nations = _nation_boxes((right[0], top, right[2], bottom), seats, 2)
    return Layout(side, grid, frame, key, scene, status, nations, 2)


def cell_center(lay: Layout, cell: tuple[int, int]) -> Point:
    return lay.grid.center(cell[0], cell[1])


def ship_point(at: Point, cell: int = CELL) -> Point:
    """A pixel of a ship's hull in its owner's colour (clear of the marker on it), on a map of
    ``cell``-pixel cells."""
    return at[0] - scaled(11, cell), at[1] + scaled(2, cell)


def port_point(at: Point, cell: int = CELL) -> Point:
    """A pixel of a held port's cube in its owner's colour (left of the initial on it),
    whether the cube stands in the middle of the port or lower, under Fort tokens."""
    return at[0] - scaled(9, cell), at[1] + scaled(4, cell)


def in_grid(lay: Layout, cell: tuple[int, int]) -> bool:
    return 0 <= cell[0] < lay.grid.cols and 0 <= cell[1] < lay.grid.rows


__all__ = ["CELL", "HAND_H", "HEIGHT", "Layout", "MARGIN", "WIDTH", "board", "cell_center",
           "center", "in_grid", "layout", "map_cell", "port_point", "scaled", "ship_point"]
