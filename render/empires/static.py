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


def _clearest(boxes: list[Box], own: str, cells: dict[str, Box]) -> list[int]:
    """The order to try a port's name's places in: those where it reads as no other port's
    first, nearest first, then the others, those it could be misread in fewest ways first."""
    misreads = [len(misread_as(b, own, cells)) for b in boxes]
    return sorted(range(len(boxes)), key=lambda i: (misreads[i], i))


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
    for pid in sorted(land, key=lambda k: (len(land[k]), b.ports[k].cell[1], b.ports[k].cell[0])):
        box = next((bx_ for bx_ in land[pid] if not any(_overlap(bx_, t) for t in taken)), None)
        if box is None:
            continue
        taken.append(_spaced(box, c))
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
    descent): a name over or under its port stands that much nearer, its ink by the port."""
    c = _side(cell)
    side, over, under = scaled(3, c), scaled(6, c), scaled(1, c)
    cy = (cell[1] + cell[3]) // 2 - h // 2
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


@dataclass(frozen=True)
class Moving:
    """A name that lies on the sea wherever it goes, so it is placed each turn where no ship
    is: ``spots`` are its places, nearest first, each with the sea cells it covers."""

    text: str
    bold: bool
    spots: tuple[tuple[Point, Box, frozenset[tuple[int, int]]], ...]
    port: Box | None = None  # the port's cell: a place a row away is tied to it by a line
    # the first this many spots read as no other port's name (a region's: keep their room
    # from the ports, ``REGION_ROOM``); -1: all do
    clear: int = -1
    cell: int = CELL  # the map's cell, to which the room round it is scaled
    size: int = LABEL_SIZE  # its type, at the map's cell (a port's name: ``PORT_SIZE``)

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
    sea = sorted(b.sea)
    sea_boxes = [lay.grid.box(*c) for c in sea]
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
    # a name on land in the way of a name on the sea moves with it, to give it room
    room = [box for e in wanted for box in reach(*e)]
    for box, entry in on_land:
        if any(_overlap(box, r) for r in room):
            wanted.append(entry)
        else:
            fixed.append(box)
    cells = {p.id: lay.grid.box(*p.cell) for p in b.ports.values()}
    by_name = {p.name: p.id for p in b.ports.values()}
    # a region's name keeps off the ports (and their names, ``_clashes``) by ``REGION_ROOM``
    keep_off = [inset(_port_box(cell), -lay.px(REGION_ROOM)) for cell in cells.values()]
    out: list[Moving] = []
    for text, bold, options, pad, w, port in wanted:
        at = size if port is None else port_size
        spots = []
        # a place past the map's edge slides back onto it
        for x, y in _clamped(options, w, g):
            box = _ink((x + pad, y + pad), text, bold, at)
            if box[1] < g[1] or box[3] > g[3]:
                continue
            if any(_overlap(box, t) for t in fixed):
                continue
            covered = frozenset(c for c, sb in zip(sea, sea_boxes, strict=True)
                                if _sea_cost(box, [sb]))
            spots.append(((x + pad, y + pad), box, covered))
        clear = -1
        if port is not None:  # where it reads as no other port's name first
            boxes = [spot[1] for spot in spots]
            order = _clearest(boxes, by_name[text], cells)
            spots = [spots[i] for i in order]
            clear = sum(1 for b_ in boxes if not misread_as(b_, by_name[text], cells))
        else:  # a region's name: where it keeps its room from the ports first
            crowded = [any(_overlap(spot[1], t) for t in keep_off) for spot in spots]
            spots = [sp for sp, c_ in zip(spots, crowded, strict=True) if not c_] + \
                [sp for sp, c_ in zip(spots, crowded, strict=True) if c_]
            clear = crowded.count(False)
        out.append(Moving(text, bold, tuple(spots), port, clear, c,
                          LABEL_SIZE if port is None else PORT_SIZE))
    return tuple(out), frozenset(m.text for m in out)


FAILED: list[int] = []  # boards where no place was free for every name (for tests)


@functools.cache
def _clashes(labels: tuple[Moving, ...]) -> dict[tuple[int, int], dict[int, frozenset[int]]]:
    """For each name's place, the places of the other names too close to it."""
    near = [[_near(spot[1], m.cell, m.port is None and m.is_clear(j))
             for j, spot in enumerate(m.spots)] for m in labels]
    reach = [(min(b[0] for b in n), min(b[1] for b in n), max(b[2] for b in n),
              max(b[3] for b in n)) if n else (0, 0, 0, 0) for n in near]
    out: dict[tuple[int, int], dict[int, frozenset[int]]] = {}
    for i, m in enumerate(labels):
        for j, _ in enumerate(m.spots):
            out[(i, j)] = {}
    for i in range(len(labels)):
        for k in range(i + 1, len(labels)):
            if not _overlap(reach[i], reach[k]):
                continue
            for j, a in enumerate(near[i]):
                hit = frozenset(c for c, spot in enumerate(labels[k].spots)
                                if _overlap(a, spot[1]))
                if hit:
                    out[(i, j)][k] = hit
                    for c in hit:
                        out[(k, c)][i] = out[(k, c)].get(i, frozenset()) | {j}
    return out


def _greedy(labels: tuple[Moving, ...], free: dict[int, list[int]],
            clashes: dict[tuple[int, int], dict[int, frozenset[int]]]) -> dict[int, int] | None:
    """Each name at its nearest free place clear of those placed before it, the names with
    fewest places first; None when one finds none (the search then takes over)."""
    chosen: dict[int, int] = {}
    for i in sorted(free, key=lambda k: len(free[k])):
        pick = next((j for j in free[i] if not any(
            chosen.get(k, -1) in hit for k, hit in clashes[(i, j)].items())), None)
        if pick is None:
            return None
        chosen[i] = pick
    return chosen


def _choose(labels: tuple[Moving, ...], ships: set[tuple[int, int]]) -> list[int]:
    """A place for each name (an index into its ``spots``) that no ship covers and no other
    name comes too near, nearest places first: a search that places the name with fewest
    places left next and gives up after ``STEP_BUDGET`` tries, falling back to each name's
    nearest place clear of the names already placed."""
    clashes = _clashes(labels)
    start = {i: [j for j, spot in enumerate(m.spots) if not spot[2] & ships]
             for i, m in enumerate(labels) if m.spots}
    steps = [0]

    def solve(domains: dict[int, list[int]], done: dict[int, int]) -> dict[int, int] | None:
        if not domains:
            return done
        i = min(domains, key=lambda k: len(domains[k]))
        rest = {k: v for k, v in domains.items() if k != i}
        for j in domains[i]:
            steps[0] += 1
            if steps[0] > STEP_BUDGET:
                return None
            hit = clashes[(i, j)]
            narrowed = {k: [c for c in v if c not in hit[k]] if k in hit else v
                        for k, v in rest.items()}
            if any(not v for v in narrowed.values()):
                continue
            found = solve(narrowed, {**done, i: j})
            if found is not None:
                return found
        return None

    found = None
    if all(start.values()):
        # first where every name reads as its own port's (a name with no such place free
        # takes any), then anywhere
        clear = {i: [j for j in v if labels[i].is_clear(j)] or v for i, v in start.items()}
        found = _greedy(labels, clear, clashes) or solve(clear, {})
        # else all but one name there, the one with fewest such places anywhere
        for i in sorted(clear, key=lambda k: len(clear[k])):
            if found is not None:
                break
            if clear[i] != start[i]:
                found = _greedy(labels, {**clear, i: start[i]}, clashes)
        if found is None:
            steps[0] = 0
            found = _greedy(labels, start, clashes) or solve(start, {})
    if found is None:
        # a name every place of which a ship covers (ships all round its port) goes where
        # the fewest do, drawn over them; the others still keep clear
        FAILED.append(len(labels))
        for i, m in enumerate(labels):
            if i in start and not start[i]:
                start[i] = sorted(range(len(m.spots)), key=lambda j: len(m.spots[j][2] & ships))
        steps[0] = 0
        found = solve(start, {})
    if found is not None:
        return [found.get(i, -1) for i in range(len(labels))]
    chosen: dict[int, int] = {}
    for i in sorted(start, key=lambda k: len(start[k])):
        order = start[i] + [j for j in range(len(labels[i].spots)) if j not in start[i]]
        pick = next((j for j in order if not any(
            k in chosen and chosen[k] in clashes[(i, j)].get(k, ()) for k in chosen)), order[0])
        chosen[i] = pick
    return [chosen.get(i, -1) for i in range(len(labels))]


def draw_moving(draw: ImageDraw.ImageDraw, side: str, seats: int,
                ships: set[tuple[int, int]]) -> None:
    """The names on the sea, each at its nearest place that no ship covers nor another name
    takes (drawn after the ships)."""
    labels = moving_labels(side, seats)[0]
    placed = [(label, j) for label, j in zip(labels, _choose(labels, ships), strict=True)
              if j >= 0]
    for label, j in placed:  # the lines first, so that no line crosses another's letters
        box = label.spots[j][1]
        port = label.port
        near = scaled(8, label.cell)
        if port is not None and not (box[0] <= port[2] + near and box[2] >= port[0] - near
                                     and box[1] <= port[3] + near and box[3] >= port[1] - near):
            _leader(draw, box, port)
    for label, j in placed:
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


def _leader(draw: ImageDraw.ImageDraw, box: Box, port: Box) -> None:
    """A line from a name placed a cell away to the side of its port facing it."""
    cx, cy = (box[0] + box[2]) // 2, (box[1] + box[3]) // 2
    px, py = (port[0] + port[2]) // 2, (port[1] + port[3]) // 2
    if box[3] <= port[1]:
        a, b = (cx, box[3]), (px, port[1])
    elif box[1] >= port[3]:
        a, b = (cx, box[1]), (px, port[3])
    elif box[2] <= port[0]:
        a, b = (box[2], cy), (port[0], py)
    else:
        a, b = (box[0], cy), (port[2], py)
    c = _side(port)
    draw.line([a, b], fill=WHITE, width=scaled(5, c))
    draw.line([a, b], fill=INK, width=scaled(2, c))


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
