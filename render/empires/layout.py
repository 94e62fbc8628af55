"""Where everything on the Empires at Sea board goes, worked out once per map side.

The board is 1600 x 1152 (1600 x 1592 for a seat's own "My view", which adds the hand along
the bottom). The grid map sits top left with its column and row numbers. On the Atlantic side
the turn status and the map key run under the map and the round's Weather and History, then
one block per nation, fill the right-hand column. The Americas side
is narrower, so the key goes under the map and the right-hand column holds the round, the
status and the nations in two columns. Boxes are ``(x0, y0, x1, y1)``, far edges exclusive.
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
CELL = 34
ROW_LABELS = 30  # the row letters left of the grid
COL_LABELS = 26  # the column numbers above it
NATION_GAP = 6
NATION_H = 134  # a nation's block at its least: name and score, resources, ships, a line of cards
NATION_MAX = 200  # ... and with room: all in larger pieces and type, three lines of cards
SCENE_MIN = 430  # the round's panel at its least: the longest Weather and History in small type
SCENE_H = 330  # the round's panel on the Americas side (two columns)
STATUS_MIN = 300  # the status strip's least on the Americas side
KEY_W = 430


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

    def hand(self) -> Box:
        return (MARGIN, HEIGHT, WIDTH - MARGIN, HEIGHT + HAND_H - MARGIN)


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


@functools.cache
def layout(side: str, seats: int) -> Layout:
    b = board(side)
    grid = Grid((MARGIN + ROW_LABELS, MARGIN + COL_LABELS), b.width, b.height, (CELL, CELL))
    g = grid.bounds
    frame = (MARGIN, MARGIN, g[2] + 4, g[3] + 4)
    below = (MARGIN, frame[3] + GAP, frame[2], HEIGHT - MARGIN)
    right = (frame[2] + GAP, MARGIN, WIDTH - MARGIN, HEIGHT - MARGIN)
    if side == "atlantic":
        key = (below[2] - KEY_W, below[1], below[2], below[3])
        status = (below[0], below[1], key[0] - GAP, below[3])
        each = nation_height(right[3] - right[1] - SCENE_MIN - GAP, seats)
        nation_h = each * seats + NATION_GAP * (seats - 1)
        scene = (right[0], right[1], right[2], max(right[3] - nation_h - GAP, 280))
        nations = _nation_boxes((right[0], scene[3] + GAP, right[2], right[3]), seats, 1)
        return Layout(side, grid, frame, key, scene, status, nations, 1)
    scene = (right[0], right[1], right[2], right[1] + SCENE_H)
    rows = (seats + 1) // 2
    each = nation_height(right[3] - scene[3] - 2 * GAP - STATUS_MIN, rows)
    top = right[3] - each * rows - NATION_GAP * (rows - 1)
    status = (right[0], scene[3] + GAP, right[2], top - GAP)
    nations = _nation_boxes((right[0], top, right[2], right[3]), seats, 2)
    return Layout(side, grid, frame, below, scene, status, nations, 2)


def cell_center(lay: Layout, cell: tuple[int, int]) -> Point:
    return lay.grid.center(cell[0], cell[1])


def ship_point(at: Point) -> Point:
    """A pixel of a ship's hull in its owner's colour (clear of the marker on it)."""
    return at[0] - 11, at[1] + 2


def port_point(at: Point) -> Point:
    """A pixel of a held port's cube in its owner's colour (left of the initial on it),
    whether the cube stands in the middle of the port or lower, under Fort tokens."""
    return at[0] - 9, at[1] + 4


def in_grid(lay: Layout, cell: tuple[int, int]) -> bool:
    return 0 <= cell[0] < lay.grid.cols and 0 <= cell[1] < lay.grid.rows


__all__ = ["CELL", "HAND_H", "HEIGHT", "Layout", "MARGIN", "WIDTH", "board", "cell_center",
           "center", "in_grid", "layout", "port_point", "ship_point"]
