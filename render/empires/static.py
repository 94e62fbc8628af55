"""The unchanging Empires at Sea board, drawn once per map side: sea and land cells with their
coastlines, the row letters and column numbers that name cells as moves do (F8), the
Caribbean and Mediterranean outlined, every port's slot (framed in the colour of what it
produces, a dot per resource icon) and the names that lie on land, Pirate's Bay and the map
key. Names that lie on the sea are placed each turn where no ship is (``draw_moving``).

Every size on the map is given for the Atlantic side's cell (``layout.CELL``) and drawn at the
side's own (``Layout.px``, ``layout.scaled``): a larger map has larger type, pieces and room
between names, so that the names stand where they would on the Atlantic side, cell for cell.
The helpers given a port's cell box take the scale from its width."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.empires.names import col_name, row_name
from render.common import trail
from render.common.canvas import PaletteDraw, cached_static, draw_text, new_canvas
from render.common.fonts import Font, font, is_bold, stroke_width, text_bbox, text_size
from render.common.layout import Box, Point, highlight, inset, pil_box
from render.common.palette import (
    BACKGROUND,
    INK,
    LAND,
    PANEL,
    PANEL_BORDER,
    RGB,
    SEA,
    WHITE,
    shade,
)
from render.common.record import note_text, paused

from . import pieces
from .layout import CELL, HAND_H, HEIGHT, WIDTH, Layout, board, layout, scaled

COAST = (70, 96, 110)
SEA_LINE = shade(SEA, 0.9)
REGION_LINE = (0, 84, 140)
EDGE_INK = INK  # the row letters and column numbers: as dark as any text
LABEL_SIZE = 20
# the ports' names: larger and bold, so that they read on a phone at half size (at 20 px
# regular their small letters were 11 px tall, 5 at half size)
PORT_SIZE = 22
PORT_BOLD = True
SLOT = CELL - 8  # a port's cube
FORT_RISE = 2  # how far a port's Fort tokens stand above its cell


def label_font(lay: Layout, bold: bool = False) -> Font:
    """The map's type: port, region and edge names (``LABEL_SIZE`` at ``CELL``)."""
    return font(lay.px(LABEL_SIZE), bold=bold)


def port_font(lay: Layout) -> Font:
    """The ports' names (``PORT_SIZE`` at ``CELL``)."""
    return font(lay.px(PORT_SIZE), bold=PORT_BOLD)


def _side(cell: Box) -> int:
    """A cell box's width: the map's cell, from which the helpers take their scale."""
    return cell[2] - cell[0]


def _overlap(a: Box, b: Box) -> int:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0


@functools.cache
def chest_box(side: str, seats: int) -> Box:
    """Where the Treasure Chest's amount is shown, beside Pirate's Bay."""
    lay = layout(side, seats)
    bx, by = board(side).pirates_bay
    return lay.grid.span(bx - 4, by + 1, 4, 1)


# a ship is drawn a pixel inside its cell: a label may touch a sea cell this far (whatever the
# cell: it is that pixel and the two a label may touch a piece by, not a size on the map)
SHIP_SLACK = 3
LABEL_GAP = 10  # the least room between two port names on one line, so each reads as one
# the least room between a region's name and a port (its cell, Fort tokens included) or a
# port's name, so the region's name neither crowds the port nor reads as a line of its name
REGION_ROOM = 8
STEP_BUDGET = 2000  # places tried per board when fitting the names on the sea
# what a name's place costs, over its distance from its port: one where it could be taken for
# another port's name (or a region's name crowds a port) costs most, then one a cell away,
# tied to its port by a line; a place no ship leaves free for it (drawn over the ship) more
CROWDED, FAR, COVERED = 1000, 100, 100_000
# ... and what it costs that one of two port names reads as running on from the other along
# its port's row (``continues``): less than a cell away, so it is borne in a crowd
RUN_ON = 60
OTHER_ROW = 25  # ... and that a port's name stands on another port's row (``_on_others_row``)
AS_NEAR = 150  # ... or about as near another port as its own (``_as_near``)
CLOSER = 2  # how much nearer its own port than any other a port's name stands, at least
LINE_ROOM = 2  # a leader line's white edge, each side: it keeps this far off a ship


def _sea_cost(box: Box, sea_boxes: list[Box]) -> int:
    """How much of ``box`` lies where a ship may be drawn."""
    inner = [(s[0] + SHIP_SLACK, s[1] + SHIP_SLACK, s[2] - SHIP_SLACK, s[3] - SHIP_SLACK)
             for s in sea_boxes]
    return sum(_overlap(box, s) for s in inner)


def _place(w: int, h: int, options: list[Point], bounds: Box, taken: list[Box],
           sea_boxes: list[Box]) -> Box | None:
    """The first of ``options`` (left-top corners) that covers no sea and nothing taken, else
    the one covering least, a text over another text or a piece counting most."""
    best: tuple[int, int, Box] | None = None
    for rank, (x, y) in enumerate(options):
        box = (x, y, x + w, y + h)
        if box[0] < bounds[0] or box[1] < bounds[1] or box[2] > bounds[2] \
                or box[3] > bounds[3]:
            continue
        cost = 1000 * sum(_overlap(box, t) for t in taken) + 10 * _sea_cost(box, sea_boxes)
        if best is None or (cost, rank) < best[:2]:
            best = (cost, rank, box)
        if cost == 0:
            break
    return None if best is None else best[2]


ROW_REACH = CELL + 6  # a name this near a port beside it on its row reads as that port's


def _gap(a: Box, b: Box) -> float:
    """The distance between two boxes (0 when they touch or overlap)."""
    dx = max(b[0] - a[2], a[0] - b[2], 0)
    dy = max(b[1] - a[3], a[1] - b[3], 0)
    return float((dx * dx + dy * dy) ** 0.5)


def beside(box: Box, cell: Box) -> bool:
    """Whether a name inked in ``box`` stands beside the port in ``cell`` on its row, within
    ``ROW_REACH`` (at the map's cell): most names stand so, so a reader looks along the row
    for a name's port."""
    over = min(box[3], cell[3]) - max(box[1], cell[1])
    dx = max(cell[0] - box[2], box[0] - cell[2], 0)
    return over >= 0.4 * min(box[3] - box[1], cell[3] - cell[1]) \
        and dx <= scaled(ROW_REACH, _side(cell))


COLUMN_PENALTY = 4  # a name over or under a port reads as its a little less than one beside
CORNER_PENALTY = 8  # ... and one off its corner less again


def _reading_gap(box: Box, cell: Box) -> float:
    """How far a name inked in ``box`` stands from the port in ``cell``, as a reader weighs it:
    the gap beside the port on its row, a little more over or under it, more again off its
    corner."""
    if beside(box, cell):
        return float(max(cell[0] - box[2], box[0] - cell[2], 0))
    over = min(box[2], cell[2]) - max(box[0], cell[0])
    if over >= 0.3 * (cell[2] - cell[0]):
        return max(cell[1] - box[3], box[1] - cell[3], 0) + scaled(COLUMN_PENALTY, _side(cell))
    return _gap(box, cell) + scaled(CORNER_PENALTY, _side(cell))


def misread_as(box: Box, own: str, cells: dict[str, Box]) -> list[str]:
    """The other ports a port's name inked in ``box`` could be taken for: any it stands
    beside on their row, and any it stands at least as near as its own port."""
    mine = _reading_gap(box, cells[own])
    return [pid for pid, cell in cells.items()
            if pid != own and (beside(box, cell) or _reading_gap(box, cell) <= mine)]


def _on_row(box: Box, cell: Box) -> bool:
    """Whether a name inked in ``box`` stands on the row of the port in ``cell``."""
    over = min(box[3], cell[3]) - max(box[1], cell[1])
    return over >= 0.4 * min(box[3] - box[1], cell[3] - cell[1])


def continues(box: Box, own: Box, other_name: Box, other: Box) -> bool:
    """Whether a port's name inked in ``box`` (its port in ``own``) reads as running on from
    another port's name (inked in ``other_name``, beside its port in ``other``) along that
    port's row: it stands off its own port's row, on the other's, within ``ROW_REACH`` of the
    other's name. Toulon's name over its port read so, after Bordeaux's, as Bordeaux's."""
    if beside(box, own) or not _on_row(box, other) or not beside(other_name, other):
        return False
    dx = max(other_name[0] - box[2], box[0] - other_name[2], 0)
    return dx <= scaled(ROW_REACH, _side(other))


ROW_SIGHT = 3 * CELL  # how far along a port's row a reader looks for its name


def _on_others_row(box: Box, own: Box, cells: Iterable[Box]) -> bool:
    """Whether a port's name inked in ``box`` stands off its own port's row (``own``), on
    another port's within ``ROW_SIGHT`` of it, where a reader looking along that row finds
    it (Toulon's over its port, on Bordeaux's row)."""
    if beside(box, own):
        return False
    sight = scaled(ROW_SIGHT, _side(own))
    return any(cell != own and _on_row(box, cell)
               and max(cell[0] - box[2], box[0] - cell[2], 0) <= sight for cell in cells)


def _as_near(box: Box, own: Box, cells: Iterable[Box]) -> bool:
    """Whether a port's name inked in ``box`` stands about as near another port (within
    ``CLOSER`` of as near as its own port, or nearer), the other port's cell touching it."""
    mine = _gap(box, own) + scaled(CLOSER, _side(own))
    return any(cell != own and _gap(box, cell) < mine for cell in cells)


def _run_on(a: Box, own_a: Box, b: Box, own_b: Box) -> bool:
    """Whether either of two ports' names reads as running on from the other (``continues``)."""
    return continues(a, own_a, b, own_b) or continues(b, own_b, a, own_a)


def _ink(xy: Point, text: str, bold: bool, size: int = LABEL_SIZE) -> Box:
    """The box a name drawn at ``xy`` (left-top, with its white halo) in type of ``size``
    inks, as the board's record notes it."""
    f = font(size, bold=bold)
    halo = stroke_width(f) + max(2, f.size // 10)
    b = text_bbox(f, text, "la", halo)
    return int(xy[0] + b[0]), int(xy[1] + b[1]), int(xy[0] + b[2]) + 1, int(xy[1] + b[3]) + 1


def _near(box: Box, cell: int = CELL, region: bool = False) -> Box:
    """A name's box with the least room that keeps a name beside it apart (on a map of
    ``cell``-pixel cells); a region's name keeps ``REGION_ROOM`` all round."""
    if region:
        return inset(box, -scaled(REGION_ROOM, cell))
    room = scaled(6, cell)
    return box[0] - room, box[1], box[2] + room, box[3]


def _spaced(box: Box, cell: int = CELL) -> Box:
    gap, edge = scaled(LABEL_GAP, cell), scaled(2, cell)
    return (box[0] - gap, box[1] - edge, box[2] + gap, box[3] + edge)


@functools.cache
def port_labels(side: str, seats: int) -> dict[str, tuple[Point, str]]:
    """The port names that go on land (where no ship can hide them) and so on the static
    board: each at its nearest place covering no sea, clear of the other names by
    ``LABEL_GAP``; the ports with fewest such places choose first. A port missing here has its
    name placed each turn (``moving_labels``)."""
    lay = layout(side, seats)
    b = board(side)
    c, size = lay.cell, lay.px(PORT_SIZE)
    f = port_font(lay)
    g = lay.grid.bounds
    bx, by = b.pirates_bay
    bay_name = _bay_label_box(lay, side)
    taken: list[Box] = [chest_box(side, seats), _spaced(bay_name[0], c), lay.grid.box(bx, by)]
    # a port's cell with its Fort tokens, which stand a little above it
    taken += [_port_box(lay.grid.box(*p.cell)) for p in b.ports.values()]
    sea_boxes = [lay.grid.box(*c) for c in b.sea]
    moving = moving_regions(side, seats)
    taken += [_spaced(box, c) for _, text, box in region_labels(side, seats)
              if text not in moving]
    cells = {p.id: lay.grid.box(*p.cell) for p in b.ports.values()}
    land: dict[str, list[Box]] = {}
    halo = lay.px(2)
    for port in b.ports.values():
        w, h = text_size(port.name, f)
        w, h = w + 2 * halo, h + 2 * halo  # the white halo
        boxes = [_ink((x + halo, y + halo), port.name, PORT_BOLD, size) for x, y in _clamped(
            _port_options(lay.grid.box(*port.cell), w, h, _lead(port.name, h, halo, size))[:16],
            w, g)]
        fits = [bx_ for bx_ in boxes if bx_[1] >= g[1] and bx_[3] <= g[3]
                and not _sea_cost(bx_, sea_boxes) and not any(_overlap(bx_, t) for t in taken)]
        # a place on land where the name could be taken for another port's is no place for it:
        # the name then goes on the sea, where there is more room (``moving_labels``)
        land[port.id] = [bx_ for bx_ in fits if not misread_as(bx_, port.id, cells)]
    out: dict[str, tuple[Point, str]] = {}
    inked: list[tuple[Box, Box]] = []  # the names placed so far, each with its port's cell
    for pid in sorted(land, key=lambda k: (len(land[k]), b.ports[k].cell[1], b.ports[k].cell[0])):
        # nor one that reads as running on from a name placed before along its port's row
        box = next((bx_ for bx_ in land[pid] if not any(_overlap(bx_, t) for t in taken)
                    and not any(_run_on(bx_, cells[pid], *ink) for ink in inked)), None)
        if box is None:
            continue
        taken.append(_spaced(box, c))
        inked.append((box, cells[pid]))
        out[pid] = (_ink_origin(box, b.ports[pid].name, size), b.ports[pid].name)
    return out


def _lead(text: str, h: int, pad: int, size: int = PORT_SIZE) -> tuple[int, int]:
    """The room above and below a port's name's ink (its halo's) in a box ``h`` high drawn
    ``pad`` in (``_port_options``): the line's ascent over its capitals, its descent under
    letters without tails."""
    ink = _ink((pad, pad), text, PORT_BOLD, size)
    return max(ink[1] - scaled(1, CELL), 0), max(h - ink[3], 0)


def _ink_origin(box: Box, text: str, size: int = PORT_SIZE) -> Point:
    """Where to draw a name so that it inks ``box`` (``_ink`` inverted)."""
    probe = _ink((0, 0), text, PORT_BOLD, size)
    return box[0] - probe[0], box[1] - probe[1]


def _clamped(options: list[Point], w: int, g: Box) -> list[Point]:
    """``options`` slid back onto the map where they pass its left or right edge."""
    return list(dict.fromkeys((min(max(x, g[0]), g[2] - w), y) for x, y in options))


def _port_options(cell: Box, w: int, h: int, lead: tuple[int, int] = (0, 0)) -> list[Point]:
    """Where a port's name may go, nearest first: beside, above, below, at the corners.
    ``lead`` is the room above and below the name's ink in its ``h`` (a line's ascent and
    descent): a name over or under its port stands that much nearer, its ink by the port,
    and one beside it with tails below its line (Port Royal's y) stands as much higher, so
    that its ink is no lower than the port's middle."""
    c = _side(cell)
    side, over, under = scaled(3, c), scaled(6, c), scaled(1, c)
    mid = (cell[1] + cell[3]) // 2
    cy = min(mid - h // 2, mid - (h + lead[0] + 1 - lead[1]) // 2)
    cx = (cell[0] + cell[2]) // 2 - w // 2
    half = (cell[3] - cell[1]) // 2
    up, down = cell[1] - over - h + lead[1], cell[3] + under - lead[0]
    right, left = cell[2] + side, cell[0] - side - w
    return [
        (right, cy), (left, cy), (cx, up), (cx, down),
        (cell[0], up), (cell[2] - w, up), (cell[0], down), (cell[2] - w, down),
        (right, cy - half), (left, cy - half),
        (right, cy + half), (left, cy + half),
        (right, up), (left, up), (right, down), (left, down),
        (cx, up - half), (cx, down + half), (right, up - half), (left, up - half),
        (right, down + half), (left, down + half),
        (cell[0] - w // 2, up), (cell[2] - w // 2, up), (cell[0] - w // 2, down),
        (cell[2] - w // 2, down), (cell[0] - c, up), (cell[2] + c - w, up),
        (cell[0] - c, down), (cell[2] + c - w, down),
    ]


def _far_options(cell: Box, w: int, h: int, lead: tuple[int, int] = (0, 0)) -> list[Point]:
    """Last places for a crowded port's name, a cell further off (tied to it by a line)."""
    c = _side(cell)
    side = scaled(3, c)
    cy = (cell[1] + cell[3]) // 2 - h // 2
    cx = (cell[0] + cell[2]) // 2 - w // 2
    up = cell[1] - scaled(6, c) - h - c + lead[1]
    down = cell[3] + scaled(1, c) + c - lead[0]
    return [(cx, up), (cx, down), (cell[2] + side + c, cy), (cell[0] - side - w - c, cy),
            (cell[0], up), (cell[2] - w, up), (cell[0], down), (cell[2] - w, down)]


def _region_corners(box: Box, w: int, h: int, c: int) -> list[Point]:
    """A region's name's places at the corners of its outline (``box``), inside it, then just
    outside it, on a map of ``c``-pixel cells."""
    i, o = scaled(4, c), scaled(2, c)
    return [
        (box[0] + i, box[3] - i - h), (box[0] + i, box[1] + i), (box[2] - i - w, box[1] + i),
        (box[2] - i - w, box[3] - i - h), (box[0] + i, box[3] + o),
        (box[0] + i, box[1] - o - h), (box[2] - i - w, box[3] + o),
        (box[2] - i - w, box[1] - o - h),
    ]


def _region_options(box: Box, w: int, h: int, c: int = CELL) -> list[Point]:
    """Where a region's name may go: inside a corner of its outline, else just outside, else
    a cell further out."""
    i, o = scaled(4, c), scaled(2, c)
    return _region_corners(box, w, h, c) + [
        (box[0] + i, box[3] + o + c), (box[2] - i - w, box[3] + o + c),
        (box[0] + i, box[1] - o - h - c), (box[2] - i - w, box[1] - o - h - c),
    ]


@dataclass(frozen=True, eq=False)
class Moving:
    """A name that lies on the sea wherever it goes, so it is placed each turn where no ship
    is: ``spots`` are its places, cheapest first (``costs``), each with the sea cells it
    covers or its leader line crosses. One is made per name and map side, and is equal only
    to itself (a quick key for ``_clashes``)."""

    text: str
    bold: bool
    spots: tuple[tuple[Point, Box, frozenset[tuple[int, int]]], ...]
    port: Box | None = None  # the port's cell: a place a row away is tied to it by a line
    # the first this many spots read as no other port's name (a region's: keep their room
    # from the ports, ``REGION_ROOM``); -1: all do
    clear: int = -1
    cell: int = CELL  # the map's cell, to which the room round it is scaled
    size: int = LABEL_SIZE  # its type, at the map's cell (a port's name: ``PORT_SIZE``)
    # what each spot costs the board's reading (``CROWDED``, ``FAR``); the spots come cheapest
    # first, and the names are placed at the least cost of all of them together (``_choose``)
    costs: tuple[int, ...] = ()

    def is_clear(self, j: int) -> bool:
        return self.clear < 0 or j < self.clear


# a name to place each turn: text, bold, places, halo pad, width, its port's cell
Wanted = tuple[str, bool, list[Point], int, int, Box | None]


@functools.cache
def moving_labels(side: str, seats: int) -> tuple[tuple[Moving, ...], frozenset[str]]:
    """The names drawn each turn (``Moving``), and the texts of those that are not: names
    whose place covers no sea stay on the static board."""
    lay = layout(side, seats)
    b = board(side)
    bx, by = b.pirates_bay
    c, size, port_size = lay.cell, lay.px(LABEL_SIZE), lay.px(PORT_SIZE)
    fixed: list[Box] = [chest_box(side, seats), _spaced(_bay_label_box(lay, side)[0], c),
                        lay.grid.box(bx, by)]
    fixed += [_port_box(lay.grid.box(*p.cell)) for p in b.ports.values()]
    wanted: list[Wanted] = []
    f = port_font(lay)
    for _xy, text, box in region_labels(side, seats):
        if text in moving_regions(side, seats):
            w, h = box[2] - box[0], box[3] - box[1]
            region = next(r for r, name in region_boxes(side, seats)
                          if name.capitalize() == text)
            wanted.append((text, True, _region_options(region, w, h, c), lay.px(3), w, None))
        else:
            fixed.append(_near(box, c))
    placed = port_labels(side, seats)
    g = lay.grid.bounds

    def reach(text: str, bold: bool, options: list[Point], pad: int, w: int,
              port: Box | None) -> list[Box]:
        at = size if port is None else port_size
        return [_ink((x + pad, y + pad), text, bold, at) for x, y in _clamped(options, w, g)]

    on_land: list[tuple[Box, Wanted]] = []
    halo = lay.px(2)
    for pid, card in sorted(b.ports.items(), key=lambda kv: (kv[1].cell[1], kv[1].cell[0])):
        w, h = text_size(card.name, f)
        w, h = w + 2 * halo, h + 2 * halo
        cell = lay.grid.box(*card.cell)
        lead = _lead(card.name, h, halo, port_size)
        entry: Wanted = (card.name, PORT_BOLD, _port_options(cell, w, h, lead)
                         + _far_options(cell, w, h, lead), halo, w, cell)
        if pid in placed:
            on_land.append((_near(_ink(placed[pid][0], card.name, PORT_BOLD, port_size), c),
                            entry))
        else:
            wanted.append(entry)
    by_name = {p.name: p.id for p in b.ports.values()}
    # a name on land in the way of a name on the sea moves with it, to give it room
    room = [box for e in wanted for box in reach(*e)]
    on_board: list[tuple[Box, Box]] = []  # the names staying on land: ink, their port's cell
    for box, entry in on_land:
        if any(_overlap(box, r) for r in room):
            wanted.append(entry)
        else:
            fixed.append(box)
            pid = by_name[entry[0]]
            on_board.append((_ink(placed[pid][0], entry[0], PORT_BOLD, port_size),
                             lay.grid.box(*b.ports[pid].cell)))
    cells = {p.id: lay.grid.box(*p.cell) for p in b.ports.values()}
    # a region's name keeps off the ports (and their names, ``_clashes``) by ``REGION_ROOM``
    keep_off = [inset(_port_box(cell), -lay.px(REGION_ROOM)) for cell in cells.values()]
    out: list[Moving] = []
    for text, bold, options, pad, w, port in wanted:
        at = size if port is None else port_size
        spots = []
        costs = []
        # a place past the map's edge slides back onto it
        for rank, (x, y) in enumerate(_clamped(options, w, g)):
            box = _ink((x + pad, y + pad), text, bold, at)
            if box[1] < g[1] or box[3] > g[3]:
                continue
            if any(_overlap(box, t) for t in fixed):
                continue
            covered = _covered(box, lay, b.sea)
            if port is None:  # a region's name: where it keeps its room from the ports first
                crowded = any(_overlap(box, t) for t in keep_off)
                cost = CROWDED * crowded + 2 * rank
            else:  # where it reads as no other port's name first, nearest first
                line = leader_line(box, port, c)
                if line is not None:  # a ship under its line is as a ship under the name
                    covered |= _crossed(line, lay, b.sea)
                misreads = len(misread_as(box, by_name[text], cells))
                run_ons = sum(1 for ink, cell in on_board if _run_on(box, port, ink, cell))
                gap = _reading_gap(box, port) * CELL / c
                cost = CROWDED * misreads + FAR * (line is not None) + RUN_ON * run_ons \
                    + OTHER_ROW * _on_others_row(box, port, cells.values()) \
                    + AS_NEAR * _as_near(box, port, cells.values()) + round(2 * gap) + rank
            spots.append(((x + pad, y + pad), box, frozenset(covered)))
            costs.append(cost)
        order = sorted(range(len(spots)), key=lambda i: (costs[i], i))
        spots = [spots[i] for i in order]
        costs = [costs[i] for i in order]
        clear = sum(1 for k in costs if k < CROWDED)
        out.append(Moving(text, bold, tuple(spots), port, clear, c,
                          LABEL_SIZE if port is None else PORT_SIZE, tuple(costs)))
    return tuple(out), frozenset(m.text for m in out)


def _covered(box: Box, lay: Layout, sea: frozenset[tuple[int, int]]) -> set[tuple[int, int]]:
    """The sea cells a name inked in ``box`` covers (where a ship on them would hide it)."""
    g, c = lay.grid.bounds, lay.cell
    cols = range(max((box[0] - g[0]) // c, 0), (box[2] - g[0]) // c + 1)
    rows = range(max((box[1] - g[1]) // c, 0), (box[3] - g[1]) // c + 1)
    return {(x, y) for x in cols for y in rows
            if (x, y) in sea and _sea_cost(box, [lay.grid.box(x, y)])}


def _crossed(line: Line, lay: Layout, sea: frozenset[tuple[int, int]]) -> set[tuple[int, int]]:
    """The sea cells whose ship ``line`` would cross, a leader's white edge included (a ship
    is drawn a pixel inside its cell)."""
    (x0, y0), (x1, y1) = line
    g, c = lay.grid.bounds, lay.cell
    cols = range(max((min(x0, x1) - g[0]) // c - 1, 0), (max(x0, x1) - g[0]) // c + 2)
    rows = range(max((min(y0, y1) - g[1]) // c - 1, 0), (max(y0, y1) - g[1]) // c + 2)
    room = lay.px(1) - LINE_ROOM
    return {(x, y) for x in cols for y in rows
            if (x, y) in sea and _crosses(line, inset(lay.grid.box(x, y), room))}


def _crosses(line: Line, box: Box) -> bool:
    """Whether ``line`` runs through the inside of ``box`` (Liang-Barsky clipping)."""
    (x0, y0), (x1, y1) = line
    dx, dy = x1 - x0, y1 - y0
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, x0 - box[0]), (dx, box[2] - x0), (-dy, y0 - box[1]), (dy, box[3] - y0)):
        if p == 0:
            if q <= 0:
                return False
        elif p < 0:
            t0 = max(t0, q / p)
        else:
            t1 = min(t1, q / p)
    return t0 < t1


FAILED: list[int] = []  # boards where a name went over a ship or another name (for tests)


# (name, place): {name: its places, as the bits of an int}
Hits = dict[tuple[int, int], dict[int, int]]


@functools.cache
def _clashes(labels: tuple[Moving, ...]) -> tuple[Hits, Hits]:
    """For each name's place, the places of the other names too close to it; and those of the
    port names that it would read as running on from along their port's row, or that would
    read as running on from it along its port's (``continues``)."""
    near = [[_near(spot[1], m.cell, m.port is None and m.is_clear(j))
             for j, spot in enumerate(m.spots)] for m in labels]
    # how far a name's places reach, with the room of a row's run-on each side
    reach = [(min(b[0] for b in n) - scaled(ROW_REACH, m.cell), min(b[1] for b in n),
              max(b[2] for b in n) + scaled(ROW_REACH, m.cell), max(b[3] for b in n))
             if n else (0, 0, 0, 0) for n, m in zip(near, labels, strict=True)]
    # a port's name's places off its port's row, and those beside it on its row
    off = [[j for j, sp in enumerate(m.spots) if m.port is not None
            and not beside(sp[1], m.port)] for m in labels]
    on = [[j for j, sp in enumerate(m.spots) if m.port is not None and beside(sp[1], m.port)]
          for m in labels]
    keys = [(i, j) for i, m in enumerate(labels) for j in range(len(m.spots))]
    clash: dict[tuple[int, int], dict[int, set[int]]] = {key: {} for key in keys}
    run_on: dict[tuple[int, int], dict[int, set[int]]] = {key: {} for key in keys}

    def note(found: dict[tuple[int, int], dict[int, set[int]]], i: int, j: int, k: int,
             c: int) -> None:
        found[(i, j)].setdefault(k, set()).add(c)
        found[(k, c)].setdefault(i, set()).add(j)

    for i in range(len(labels)):
        for k in range(i + 1, len(labels)):
            if not _overlap(reach[i], reach[k]):
                continue
            for j, a in enumerate(near[i]):
                for c, spot in enumerate(labels[k].spots):
                    if _overlap(a, spot[1]):
                        note(clash, i, j, k, c)
            for x, y in ((i, k), (k, i)):
                port, row = labels[x].port, labels[y].port
                if port is None or row is None:
                    continue
                for j in off[x]:
                    box = labels[x].spots[j][1]
                    if not _on_row(box, row):
                        continue
                    for c in on[y]:
                        if c not in clash[(x, j)].get(y, ()) and continues(
                                box, port, labels[y].spots[c][1], row):
                            note(run_on, x, j, y, c)

    def frozen(found: dict[tuple[int, int], dict[int, set[int]]]) -> Hits:
        return {key: {k: sum(1 << c for c in v) for k, v in hits.items()}
                for key, hits in found.items()}

    return frozen(clash), frozen(run_on)


# the most names placed again together to let one stand nearer its port (``_Fit.better``),
# and what that one must stand to gain: a place a cell off, on another's row, a run-on...
RING, WORTH = 4, 40
# ... or, fewer of them, a step round its port (off its corner, where beside it)
NUDGE, STEP = 3, 20


def _bits(places: int) -> Iterator[int]:
    """The places in a set of them (the bits of ``places``), lowest first."""
    while places:
        low = places & -places
        places ^= low
        yield low.bit_length() - 1


class _Fit:
    """Places for the names on the sea, each out of its ``free`` ones, clear of each other
    (``clash``), at the least cost of them all together: the places' ``costs``, and ``RUN_ON``
    for each two names one of which reads as running on from the other along its port's row
    (``run_on``); a search tries ``STEP_BUDGET`` places at most. A set of a name's places is
    the bits of an int, the cheapest the lowest (as a name's spots come), but for the names in
    ``unsorted`` (every place covered by a ship, their costs raised by as much)."""

    def __init__(self, free: dict[int, int], costs: dict[int, Sequence[int]], clash: Hits,
                 run_on: Hits, unsorted: frozenset[int] = frozenset()) -> None:
        self.free, self.costs, self.clash, self.run_on = free, costs, clash, run_on
        self.unsorted = unsorted
        self.budget = STEP_BUDGET

    def cheapest(self, i: int, places: int) -> int:
        if i not in self.unsorted:
            return self.costs[i][(places & -places).bit_length() - 1]
        return min(c for j, c in enumerate(self.costs[i]) if places >> j & 1)

    def order(self, i: int, places: int) -> list[int]:
        """The places in ``places``, cheapest first."""
        out = list(_bits(places))
        if i in self.unsorted:
            out.sort(key=lambda j: self.costs[i][j])
        return out

    def clear(self, i: int, j: int, chosen: dict[int, int]) -> bool:
        return not any(k in chosen and m >> chosen[k] & 1
                       for k, m in self.clash[(i, j)].items())

    def extra(self, i: int, j: int, chosen: dict[int, int]) -> int:
        """What place ``j`` of name ``i`` costs over its own beside the places ``chosen``."""
        runs = self.run_on[(i, j)]
        return RUN_ON * sum(1 for k, m in runs.items() if k in chosen and m >> chosen[k] & 1) \
            if runs else 0

    def cost(self, chosen: dict[int, int], of: list[int]) -> int:
        """What the names ``of`` cost where ``chosen`` puts them."""
        mine = set(of)
        total = 0
        for i in of:
            j = chosen[i]
            total += self.costs[i][j]
            for k, m in self.run_on[(i, j)].items():  # a pair of them counts once
                if k in chosen and m >> chosen[k] & 1:
                    total += RUN_ON if k not in mine else RUN_ON // 2
        return total

    def search(self, domains: dict[int, int], fixed: dict[int, int],
               best: dict[int, int] | None = None, first: bool = False) -> dict[int, int] | None:
        """Places for the names of ``domains`` (their places clear of ``fixed``) at their least
        cost beside ``fixed``, or ``best`` when none costs less: the name with fewest places
        left is placed next, cheapest first, and a branch that cannot cost less than the best
        found is dropped. It stops when the budget runs out, or at the first places found if
        ``first``, with the best found so far."""
        bound = self.cost({**fixed, **best}, list(best)) if best is not None else 1 << 60
        found = best
        chosen = dict(fixed)
        costs, clash, run_on, unsorted = self.costs, self.clash, self.run_on, self.unsorted

        def cheapest(k: int, places: int) -> int:
            if k in unsorted:
                return self.cheapest(k, places)
            return costs[k][(places & -places).bit_length() - 1]

        def place(left: dict[int, int], spent: int, floor: int) -> bool:
            """Whether to stop (``floor``: the least the names ``left`` can cost)."""
            nonlocal bound, found
            if not left:
                bound, found = spent, {k: chosen[k] for k in domains}
                return first
            i = min(left, key=lambda k: left[k].bit_count())
            rest = {k: v for k, v in left.items() if k != i}
            mine, todo = costs[i], left[i]
            least = floor - cheapest(i, todo)
            for j in self.order(i, todo) if i in unsorted else _bits(todo):
                if spent + least + mine[j] >= bound:
                    return False  # cheapest first: no place after this one does better
                if self.budget <= 0:
                    return True
                self.budget -= 1
                near = clash[(i, j)]
                narrowed, low, stuck = rest, least, False
                if near:
                    narrowed = dict(rest)
                    for k, m in near.items():
                        v = rest.get(k, 0) & ~m
                        if k not in rest or v == rest[k]:
                            continue
                        if not v:
                            stuck = True  # a name left without a place
                            break
                        low += cheapest(k, v) - cheapest(k, rest[k])
                        narrowed[k] = v
                if stuck:
                    continue
                now = spent + mine[j]
                runs = run_on[(i, j)]
                if runs:
                    now += RUN_ON * sum(1 for k, m in runs.items()
                                        if k in chosen and m >> chosen[k] & 1)
                if now + low >= bound:
                    continue
                chosen[i] = j
                stop = place(narrowed, now, low)
                del chosen[i]
                if stop:
                    return True
            return False

        if all(domains.values()):
            place(domains, 0, sum(cheapest(k, v) for k, v in domains.items()))
        return found

    def greedy(self) -> dict[int, int] | None:
        """Each name at its cheapest place clear of those placed before it, the names with
        fewest places first; a name that finds none is placed with those in its way
        (``ring``) at their least cost. None when that finds none either."""
        chosen: dict[int, int] = {}
        blocked: dict[int, int] = {}  # the places the names placed leave no other name
        for i in sorted(self.free, key=lambda k: self.free[k].bit_count()):
            pick, least = -1, 0
            for j in self.order(i, self.free[i] & ~blocked.get(i, 0)):
                if pick >= 0 and self.costs[i][j] >= least:
                    break
                cost = self.costs[i][j] + self.extra(i, j, chosen)
                if pick < 0 or cost < least:
                    pick, least = j, cost
            if pick >= 0:
                chosen[i] = pick
                for k, m in self.clash[(i, pick)].items():
                    blocked[k] = blocked.get(k, 0) | m
                continue
            ring = self.ring(i, chosen, None)
            found = self.search(*self.around(ring, chosen))
            if found is None:
                return None
            chosen.update(found)
            blocked = self.blocked(chosen)
        return chosen

    def blocked(self, chosen: dict[int, int]) -> dict[int, int]:
        """The places of each name that clash with the places ``chosen`` of the others."""
        out: dict[int, int] = {}
        for i, j in chosen.items():
            for k, m in self.clash[(i, j)].items():
                out[k] = out.get(k, 0) | m
        return out

    def blocking(self, i: int, j: int, chosen: dict[int, int]) -> list[int]:
        """The names whose places in ``chosen`` clash or run on with place ``j`` of ``i``."""
        return [k for hits in (self.clash[(i, j)], self.run_on[(i, j)])
                for k, m in hits.items() if k in chosen and m >> chosen[k] & 1]

    def ring(self, i: int, chosen: dict[int, int], below: int | None,
             most: int = RING) -> list[int]:
        """Name ``i``, the names in the way of its places (those costing less than ``below``,
        if given) and those in the way of theirs: ``most`` at most."""
        ring = [i]
        for j in self.order(i, self.free[i]):
            if below is not None and self.costs[i][j] >= below:
                break
            ring += [k for k in self.blocking(i, j, chosen) if k not in ring]
        for k in ring[1:]:
            for j in self.order(k, self.free[k]):
                if len(ring) >= most:
                    return ring[:most]
                ring += [n for n in self.blocking(k, j, chosen) if n not in ring]
        return ring[:most]

    def around(self, ring: list[int], chosen: dict[int, int]
               ) -> tuple[dict[int, int], dict[int, int]]:
        """The places of the names of ``ring`` clear of the other names ``chosen``, and those."""
        moved = set(ring)
        fixed = {k: v for k, v in chosen.items() if k not in moved}
        blocked = self.blocked(fixed)
        return {k: self.free[k] & ~blocked.get(k, 0) for k in ring}, fixed

    def better(self, chosen: dict[int, int]) -> None:
        """``chosen`` (places clear of each other) made cheaper where a name stands further
        from its port than it might: that name, those in the way of its cheaper places and
        those in the way of theirs (``ring``) placed again at their least cost, the others
        staying where they are."""
        def gain(i: int) -> int:
            return self.costs[i][chosen[i]] + self.extra(i, chosen[i], chosen) \
                - self.cheapest(i, self.free[i])

        gains = {i: g for i in chosen if (g := gain(i)) >= STEP}
        tried: dict[int, set[int]] = {}  # a name that its ring could not better: the ring
        while self.budget > 0 and gains:
            most, i = max((g, i) for i, g in gains.items())
            now = self.costs[i][chosen[i]] + self.extra(i, chosen[i], chosen)
            ring = self.ring(i, chosen, now, RING if most >= WORTH else NUDGE)
            now_at = {k: chosen[k] for k in ring}
            found = self.search(*self.around(ring, chosen), now_at)
            del gains[i]
            if found is None or found == now_at:
                tried[i] = set(ring)
                continue
            chosen.update(found)
            moved = {k for k in ring if found[k] != now_at[k]}
            # the names round those moved may do better now
            near = moved | {n for k in moved for hits in (self.clash, self.run_on)
                            for j in (now_at[k], chosen[k]) for n in hits[(k, j)]}
            again = [k for k, r in tried.items() if r & near]
            for k in again:
                del tried[k]
            for k in near | set(ring) | set(again):
                if k in chosen and k not in tried:
                    g = gain(k)
                    if g >= STEP:
                        gains[k] = g
                    else:
                        gains.pop(k, None)


@functools.cache
def _covering(labels: tuple[Moving, ...]) -> list[dict[tuple[int, int], int]]:
    """For each name, the places (as the bits of an int) that a ship on a cell takes from it,
    by cell."""
    out: list[dict[tuple[int, int], int]] = []
    for m in labels:
        under: dict[tuple[int, int], int] = {}
        for j, spot in enumerate(m.spots):
            for cell in spot[2]:
                under[cell] = under.get(cell, 0) | 1 << j
        out.append(under)
    return out


def _choose(labels: tuple[Moving, ...], ships: set[tuple[int, int]]) -> list[int]:
    """A place for each name (an index into its ``spots``) that no ship covers nor a leader
    line to it crosses, and no other name comes too near, as cheap as may be (``Moving.costs``,
    ``RUN_ON``: places where a name reads as its own port's first, then the nearest): each
    at its cheapest place clear of those placed before it, the names with fewest places first
    (``_Fit.greedy``), then those left further from their ports than need be moved nearer,
    with the names in their way (``_Fit.better``). Where ships leave the names no such places,
    a name may go over the fewest ships (``COVERED``); where the search finds none in
    ``STEP_BUDGET`` tries, each name takes its cheapest place clear of those placed before it
    (over a ship rather than another name)."""
    clash, run_on = _clashes(labels)
    covering = _covering(labels)
    chosen = None
    for over in (False, True):  # over ships, only where the names fit no other way
        free: dict[int, int] = {}
        costs: dict[int, Sequence[int]] = {}
        unsorted = set()
        for i, m in enumerate(labels):
            if not m.spots:
                continue
            under = covering[i]
            free[i] = (1 << len(m.spots)) - 1
            for cell in ships:
                free[i] &= ~under.get(cell, 0)
            costs[i] = m.costs
            if over or not free[i]:  # every place: those over ships cost more
                costs[i] = [k + COVERED * len(spot[2] & ships) for k, spot in zip(
                    m.costs, m.spots, strict=True)]
                free[i] = (1 << len(m.spots)) - 1
                unsorted.add(i)
        fit = _Fit(free, costs, clash, run_on, frozenset(unsorted))
        chosen = fit.greedy() or fit.search(dict(free), {}, first=True)
        if chosen is not None:
            fit.better(chosen)
            break
    if chosen is None:  # each at its cheapest place clear of those placed before it
        chosen = {}
        for i in sorted(free, key=lambda k: costs[k][fit.order(k, free[k])[0]]):
            places = fit.order(i, free[i])
            chosen[i] = next((j for j in places if fit.clear(i, j, chosen)), places[0])
    if unsorted:
        FAILED.append(len(labels))
    return [chosen.get(i, -1) for i in range(len(labels))]


Line = tuple[Point, Point]


def placed_names(side: str, seats: int, ships: set[tuple[int, int]]
                 ) -> list[tuple[Moving, int, Line | None]]:
    """The names on the sea this turn: each with the index of its place among its ``spots``
    and the line tying it to its port when it stands a cell away (else None)."""
    labels = moving_labels(side, seats)[0]
    return [(label, j, leader_line(label.spots[j][1], label.port, label.cell))
            for label, j in zip(labels, _choose(labels, ships), strict=True) if j >= 0]


def draw_moving(draw: ImageDraw.ImageDraw, side: str, seats: int,
                ships: set[tuple[int, int]]) -> None:
    """The names on the sea, each where it reads best that no ship covers, no line to it
    crosses and no other name takes (``_choose``; drawn after the ships)."""
    placed = placed_names(side, seats, ships)
    for label, _j, line in placed:  # the lines first, so that no line crosses another's letters
        if line is not None:
            _leader(draw, line, label.cell)
    for label, j, _line in placed:
        f = font(scaled(label.size, label.cell), bold=label.bold)
        _name(draw, label.spots[j][0], label.text, f,
              INK if label.port is not None else REGION_LINE)


def _name(draw: ImageDraw.ImageDraw, xy: Point, text: str, f: Font, fill: RGB) -> None:
    """A name with its white halo, pasted from a sprite made once (``PaletteDraw.stamp``);
    noted as the text it is."""
    if not isinstance(draw, PaletteDraw):
        draw_text(draw, xy, text, f, fill, outline=WHITE)
        return
    ink = text_bbox(f, text, "la", stroke_width(f) + max(2, f.size // 10))
    reach = int(max(abs(v) for v in ink)) + 4

    def paint(d: ImageDraw.ImageDraw, at: Point) -> Box:
        return draw_text(d, at, text, f, fill, outline=WHITE)

    with paused():
        box = draw.stamp(("empires-name", text, f.size, is_bold(f), fill), xy, reach, paint)
    note_text(box, text)


@functools.cache
def fixed_names(side: str, seats: int) -> tuple[tuple[Point, str, bool, Box], ...]:
    """The names drawn on the static board (ports' and regions' on land): where each is
    drawn, its text, whether it is a region's, and the box of its ink."""
    lay = layout(side, seats)
    moved = moving_labels(side, seats)[1]
    size, port_size = lay.px(LABEL_SIZE), lay.px(PORT_SIZE)
    out = [(xy, name, False, _ink(xy, name, PORT_BOLD, port_size))
           for xy, name in port_labels(side, seats).values() if name not in moved]
    moving = moving_regions(side, seats)
    out += [(xy, text, True, _ink(xy, text, True, size))
            for xy, text, _ in region_labels(side, seats) if text not in moving]
    return tuple(out)


def redraw_names(draw: ImageDraw.ImageDraw, side: str, seats: int, boxes: list[Box]) -> None:
    """The static board's names that anything in ``boxes`` (drawn over the board this turn)
    touches, drawn again over it, as the static board drew them."""
    if not boxes:
        return
    lay = layout(side, seats)
    for xy, text, region, ink in fixed_names(side, seats):
        if any(_overlap(ink, b) for b in boxes):
            f = label_font(lay, bold=True) if region else port_font(lay)
            draw_text(draw, xy, text, f, REGION_LINE if region else INK, anchor="la",
                      outline=WHITE)


def leader_line(box: Box, port: Box | None, cell: int = CELL) -> Line | None:
    """The line from a port's name inked in ``box`` to the side of its port (``port``, its
    cell) facing it, when the name stands off the port (more than 8 px at ``CELL``, on a map
    of ``cell``-pixel cells); None for a name beside its port or a region's."""
    if port is None:
        return None
    near = scaled(8, cell)
    if box[0] <= port[2] + near and box[2] >= port[0] - near \
            and box[1] <= port[3] + near and box[3] >= port[1] - near:
        return None
    cx, cy = (box[0] + box[2]) // 2, (box[1] + box[3]) // 2
    px, py = (port[0] + port[2]) // 2, (port[1] + port[3]) // 2
    if box[3] <= port[1]:
        return (cx, box[3]), (px, port[1])
    if box[1] >= port[3]:
        return (cx, box[1]), (px, port[3])
    if box[2] <= port[0]:
        return (box[2], cy), (port[0], py)
    return (box[0], cy), (port[2], py)


def _leader(draw: ImageDraw.ImageDraw, line: Line, cell: int) -> None:
    """A line from a name placed a cell away to the side of its port facing it."""
    draw.line(list(line), fill=WHITE, width=scaled(5, cell))
    draw.line(list(line), fill=INK, width=scaled(2, cell))


def _port_box(cell: Box) -> Box:
    """A port's cell with the room its Fort tokens take above its top corners."""
    c = _side(cell)
    return cell[0], cell[1] - scaled(FORT_RISE, c), cell[2] + scaled(2, c), cell[3]


@functools.cache
def region_boxes(side: str, seats: int) -> list[tuple[Box, str]]:
    lay = layout(side, seats)
    grid = lay.grid
    out = []
    for name, region in board(side).regions.items():
        x0, y0 = region.sea.x[0], region.sea.y[0]
        if x0 >= grid.cols:
            continue
        x1 = min(region.sea.x[1], grid.cols - 1)
        out.append((grid.span(x0, y0, x1 - x0 + 1, region.sea.y[1] - y0 + 1), name))
    return out


@functools.cache
def region_labels(side: str, seats: int) -> list[tuple[Point, str, Box]]:
    """Each outlined region's name at a corner of its outline, inside or just outside it,
    where it covers no sea (where a ship would hide it) if it can."""
    lay = layout(side, seats)
    b = board(side)
    out: list[tuple[Point, str, Box]] = []
    f = label_font(lay, bold=True)
    sea_boxes = [lay.grid.box(*c) for c in b.sea]
    bx, by = b.pirates_bay
    room = lay.px(REGION_ROOM)
    taken: list[Box] = [inset(_port_box(lay.grid.box(*p.cell)), -room) for p in b.ports.values()]
    taken += [lay.grid.box(bx, by)]
    halo = lay.px(3)
    for box, name in region_boxes(side, seats):
        text = name.capitalize()
        w, h = text_size(text, f)
        w, h = w + 2 * halo, h + 2 * halo  # the halo
        options = _region_corners(box, w, h, lay.cell)
        best = _place(w, h, options, lay.grid.bounds, taken, sea_boxes)
        if best is None:
            continue
        taken.append(best)
        xy = (best[0] + halo, best[1] + halo)
        out.append((xy, text, best))
    return out


@functools.cache
def moving_regions(side: str, seats: int) -> frozenset[str]:
    """The region names that lie on the sea wherever they go (placed each turn)."""
    lay = layout(side, seats)
    sea_boxes = [lay.grid.box(*c) for c in board(side).sea]
    return frozenset(text for _, text, box in region_labels(side, seats)
                     if _sea_cost(box, sea_boxes))


def _bay_label_box(lay: Layout, side: str) -> tuple[Box, str]:
    text = "Pirate's Bay"
    w, h = text_size(text, label_font(lay, bold=True))
    cell = lay.grid.box(*board(side).pirates_bay)
    x1, cy = cell[0] - lay.px(4), (cell[1] + cell[3]) // 2
    return (x1 - w, cy - h // 2, x1, cy - h // 2 + h), text


def _map(draw: ImageDraw.ImageDraw, lay: Layout, side: str, seats: int) -> None:
    b = board(side)
    grid = lay.grid
    draw.rectangle([lay.frame[0], lay.frame[1], lay.frame[2] - 1, lay.frame[3] - 1],
                   fill=PANEL, outline=PANEL_BORDER, width=2)
    g = grid.bounds
    draw.rectangle([g[0], g[1], g[2] - 1, g[3] - 1], fill=LAND)
    for cell in b.sea:
        x0, y0, x1, y1 = grid.box(*cell)
        draw.rectangle([x0, y0, x1 - 1, y1 - 1], fill=SEA, outline=SEA_LINE, width=1)
    for cx, cy in grid:
        if (cx, cy) in b.sea:
            continue
        x0, y0, x1, y1 = grid.box(cx, cy)
        for (nx, ny), edge in (((cx, cy - 1), [(x0, y0), (x1 - 1, y0)]),
                               ((cx, cy + 1), [(x0, y1 - 1), (x1 - 1, y1 - 1)]),
                               ((cx - 1, cy), [(x0, y0), (x0, y1 - 1)]),
                               ((cx + 1, cy), [(x1 - 1, y0), (x1 - 1, y1 - 1)])):
            if (nx, ny) in b.sea:
                draw.line(edge, fill=COAST, width=lay.px(3))
    # the edges name cells as moves do (engine.empires.names): row letter, column number
    f = port_font(lay)
    names = label_font(lay, bold=True)
    for col in range(grid.cols):
        x0, _, x1, _ = grid.box(col, 0)
        draw_text(draw, ((x0 + x1) // 2, g[1] - lay.px(2)), col_name(col), names, EDGE_INK,
                  anchor="mb")
    for row in range(grid.rows):
        _, y0, _, y1 = grid.box(0, row)
        draw_text(draw, (g[0] - lay.px(6), (y0 + y1) // 2), row_name(row), names, EDGE_INK,
                  anchor="rm")
    for box, _ in region_boxes(side, seats):
        _dashed(draw, box, REGION_LINE, lay.px(10), lay.px(3))
    moving = moving_regions(side, seats)
    for xy, text, _ in region_labels(side, seats):
        if text in moving:
            continue
        draw_text(draw, xy, text, names, REGION_LINE, outline=WHITE)
    # ports and Pirate's Bay
    dot, apart = lay.px(3), lay.px(6)
    for port in b.ports.values():
        x0, y0, x1, y1 = grid.box(*port.cell)
        draw.rectangle([x0, y0, x1 - 1, y1 - 1], fill=pieces.RESOURCE_RGB[port.produces],
                       outline=INK, width=1)
        at = grid.center(*port.cell)
        pieces.empty_port(draw, at, slot(lay))
        for i in range(port.icons):
            dx = -apart + 2 * apart * i if port.icons > 1 else 0
            draw.ellipse([at[0] + dx - dot, at[1] - dot, at[0] + dx + dot, at[1] + dot],
                         fill=pieces.RESOURCE_RGB[port.produces], outline=INK)
    moved = moving_labels(side, seats)[1]
    for _pid, (xy, name) in port_labels(side, seats).items():
        if name in moved:
            continue
        draw_text(draw, xy, name, f, INK, anchor="la", outline=WHITE)
    bx0, by0, bx1, by1 = grid.box(*b.pirates_bay)
    draw.rectangle([bx0, by0, bx1 - 1, by1 - 1], fill=pieces.PIRATE_HULL, outline=INK)
    pieces.skull(draw, grid.center(*b.pirates_bay), lay.cell - lay.px(10))
    box, text = _bay_label_box(lay, side)
    draw_text(draw, (box[0], box[1]), text, names, INK, outline=WHITE)


def slot(lay: Layout) -> int:
    """A port's slot (``SLOT`` at ``CELL``): the empty white square, or a held port's frame."""
    return lay.cell - lay.px(CELL - SLOT)


def _dashed(draw: ImageDraw.ImageDraw, box: Box, colour: tuple[int, int, int], dash: int = 10,
            width: int = 3) -> None:
    x0, y0, x1, y1 = box[0], box[1], box[2] - 1, box[3] - 1
    for x in range(x0, x1, 2 * dash):
        draw.line([(x, y0), (min(x + dash, x1), y0)], fill=colour, width=width)
        draw.line([(x, y1), (min(x + dash, x1), y1)], fill=colour, width=width)
    for y in range(y0, y1, 2 * dash):
        draw.line([(x0, y), (x0, min(y + dash, y1))], fill=colour, width=width)
        draw.line([(x1, y), (x1, min(y + dash, y1))], fill=colour, width=width)


def _key(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """What the pieces mean, laid out in rows that wrap to the key's width."""
    draw.rectangle([box[0], box[1], box[2] - 1, box[3] - 1], fill=PANEL, outline=INK, width=2)
    f = font(LABEL_SIZE)
    style = _key_style()
    items = [
        (lambda d, at: pieces.ship(d, at, 30, "transport", style), "Transport"),
        (lambda d, at: pieces.ship(d, at, 30, "frigate", style), "Frigate"),
        (lambda d, at: pieces.ship(d, at, 30, "ship_of_the_line", style), "Ship of the Line"),
        (lambda d, at: pieces.ship(d, at, 30, "ship_of_the_line", None), "Pirate"),
        (lambda d, at: _key_port(d, at, 1), "Fort"),
        (lambda d, at: _key_port(d, at, 2), "Naval Base"),
    ]
    for res in ("gold", "wood", "steel"):
        items.append((functools.partial(_resource_key, resource=res), f"{res.capitalize()} port"))
    # what the last turn changed (render.empires.changes), on a row of its own
    items += [(_ringed_key, "Ringed: last turn"), (_trail_key, "Sailed from"),
              (lambda d, at: pieces.sunk_cross(d, at, 24), "Sunk"),
              (lambda d, at: pieces.attacked(d, at, 22), "Attacked")]
    x, y, row_h = box[0] + 8, box[1] + 6, 31
    for glyph, label in items:
        w = 32 + text_size(label, f)[0]
        if x + w > box[2] - 6 or glyph is _ringed_key and x > box[0] + 8:
            x, y = box[0] + 8, y + row_h
        glyph(draw, (x + 15, y + row_h // 2))
        draw_text(draw, (x + 34, y + row_h // 2), label, f, INK, anchor="lm")
        x += w + 14


def _ringed_key(draw: ImageDraw.ImageDraw, at: Point) -> None:
    box = (at[0] - 12, at[1] - 12, at[0] + 12, at[1] + 12)
    draw.rectangle(pil_box(box), fill=SEA, outline=SEA_LINE)
    highlight(draw, box, width=4, pad=1, radius=4)


def _trail_key(draw: ImageDraw.ImageDraw, at: Point) -> None:
    """A trail's start and two of its dots, as ``render.empires.changes`` draws them."""
    trail.dot(draw, (at[0] + 11, at[1]), trail.DOT)
    trail.dot(draw, (at[0] + 1, at[1]), trail.DOT)
    trail.origin(draw, (at[0] - 10, at[1]), 14)


def _key_style():  # noqa: ANN202
    from render.common.palette import PlayerStyle

    grey = (200, 200, 200)
    return PlayerStyle("Nation", grey, "N", "circle", INK)


def _key_port(draw: ImageDraw.ImageDraw, at: Point, forts: int) -> None:
    pieces.empty_port(draw, at, 26)
    pieces.fort_tokens(draw, (at[0] + 15, at[1] - 13 - FORT_RISE), forts, width=30)


def _build(side: str, seats: int, hand: bool) -> Image.Image:
    lay = layout(side, seats)
    image, draw = new_canvas(WIDTH, HEIGHT + (HAND_H if hand else 0), BACKGROUND)
    draw.fontmode = "1"
    _map(draw, lay, side, seats)
    _key(draw, lay.key)
    _frames(draw, lay)
    return image


SCENE_TITLE = 28  # the round's title


def scene_inner(box: Box) -> tuple[Box, int]:
    """The round panel's content box under its title, and the y of the rule above it (the
    panel as ``canvas.panel`` draws it, with a one-line title)."""
    content = inset(box, 2 + 14)
    rule_y = content[1] + text_size("Round", font(SCENE_TITLE, bold=True))[1] + 7
    return (content[0], rule_y + 2 + 7, content[2], content[3]), rule_y


def _frames(draw: ImageDraw.ImageDraw, lay: Layout) -> None:
    """The panels' frames, which never move: the round's (its rule too), the status strip's
    and each nation's as it is when not its turn (the nation whose turn it is is drawn over)."""
    draw.rounded_rectangle(pil_box(lay.scene), radius=14, fill=PANEL, outline=PANEL_BORDER,
                           width=2)
    inner, rule_y = scene_inner(lay.scene)
    draw.line([(inner[0], rule_y), (inner[2] - 1, rule_y)], fill=PANEL_BORDER, width=2)
    box = lay.status
    draw.rounded_rectangle([box[0], box[1], box[2] - 1, box[3] - 1], radius=12, fill=WHITE,
                           outline=INK, width=3)
    for box in lay.nations:
        draw.rounded_rectangle([box[0], box[1], box[2] - 1, box[3] - 1], radius=10, fill=PANEL,
                               outline=PANEL_BORDER, width=2)


def board_image(side: str, seats: int, hand: bool) -> Image.Image:
    return cached_static(("empires", side, seats, hand), lambda: _build(side, seats, hand))


def board_canvas(side: str, seats: int, hand: bool) -> Image.Image:
    """A fresh copy of ``board_image`` already on the board palette (a "P" image to draw each
    turn on with ``canvas.PaletteDraw``)."""
    from .palette import snap_indexed

    return cached_static(("empires", "indexed", side, seats, hand),
                         lambda: snap_indexed(board_image(side, seats, hand)))


def _resource_key(draw: ImageDraw.ImageDraw, at: tuple[int, int], resource: str) -> None:
    pieces.resource_chip(draw, at, 28, resource)
