"""The Empires at Sea board image: a pure function of an ``EmpiresView``.

Layout (1600 x 1152): the grid map top left, its rows lettered and columns numbered as moves
name cells (F8), with its coastlines, ports (each framed in the colour of what it produces,
a held one too, round its owner's cube; Fort tokens as black towers at its top corners) and
their names (each where it reads as no other port's), the Caribbean and Mediterranean
outlined, Pirate's Bay with the Treasure Chest, and a key.
On the Atlantic side the turn status runs under the map and the right-hand column holds the
round (Weather and History in force, decks) and one block per nation: resources, ports and
forts, ships in stock and taken, Advancements and Industries, hand size. The narrower Americas
side's map gets larger cells, filling the board's height (``layout.map_cell``), with all on it
grown to match, and the round, status, nations (two columns) and key go on the right.
"My view" (a seat's own view) adds the hand along the bottom: 1600 x 1592.

The map is drawn once per process (``render.empires.static``); ports, ships, the Pirate and the
panels go on a copy. What the last turn (and the turn in progress) changed is ringed with
``highlight``, a sailing ship's way dotted from where it set out (``render.empires.changes``),
and the status strip says whose turn the rings show and what it did; a combat's ships and
target are ringed too. Hands and bribes are drawn only when the view holds them, i.e. only in
the viewer's own image.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from engine.core import View
from engine.empires.state import PIRATE, PIRATES_BAY, EmpiresView
from render.common.canvas import PaletteDraw, draw_text, palette_png
from render.common.fonts import font, text_width
from render.common.layout import Box, Point, highlight
from render.common.palette import INK, WHITE

from . import changes, panels, pieces
from . import hand as empires_hand
from .layout import CELL, Layout, board, in_grid, layout, port_point, ship_point
from .static import FORT_RISE, board_canvas, chest_box, draw_moving, redraw_names, slot

SHIP = CELL - 2  # a ship on the map, at ``CELL`` (``Layout.px``)


def layout_positions(side: str = "atlantic", seats: int = 5) -> dict[str, dict]:
    """Where pieces are drawn: ``{"ship": {(x, y): pixel}, "port": {port id: pixel},
    "bay": {"pirates_bay": centre}}``. A ship's pixel shows its owner's colour (the Pirate's:
    its black hull) and a held port's pixel its owner's colour."""
    lay = layout(side, seats)
    b = board(side)
    return {
        "ship": {c: ship_point(lay.grid.center(*c), lay.cell) for c in sorted(b.sea)},
        "port": {pid: port_point(lay.grid.center(*p.cell), lay.cell)
                 for pid, p in b.ports.items()},
        "bay": {PIRATES_BAY: lay.grid.center(*b.pirates_bay)},
    }


def _map_pieces(draw: ImageDraw.ImageDraw, view: EmpiresView) -> None:
    lay = layout(view.side, view.seats)
    b = board(view.side)
    px = lay.px
    ship_size = lay.cell - px(CELL - SHIP)
    for pid, owner in view.port_owners.items():
        port = b.ports.get(pid)
        if port is None:
            continue
        at = lay.grid.center(*port.cell)
        st = panels.style(owner) if owner is not None else None
        forts = view.port_forts.get(pid, 0)
        if st is not None:  # the owner's cube in a frame of what the port produces
            ax, ay = pieces.FORT_ASIDE.get(forts, (0, 4))
            pieces.port_cube(draw, at, slot(lay), st, port.produces, (px(ax), px(ay)),
                             held=px(pieces.HELD), letter=px(pieces.LETTER))
        if forts:
            box = lay.grid.box(*port.cell)
            pieces.fort_tokens(draw, (box[2] + px(2), box[1] - px(FORT_RISE)), forts,
                               size=px(pieces.FORT), width=box[2] + px(2) - box[0])
    for s in view.ships:
        cell = (int(s.cell[0]), int(s.cell[1]))
        if not in_grid(lay, cell):
            continue
        at = lay.grid.center(*cell)
        if s.owner == PIRATE:
            pieces.ship(draw, at, ship_size, s.kind, None)
        else:
            st = panels.style(s.owner)
            if st is not None:
                pieces.ship(draw, at, ship_size, s.kind, st)
    chest = chest_box(view.side, view.seats)
    cy = (chest[1] + chest[3]) // 2
    label = f"{view.chest} Gold"
    f = font(px(20), bold=True)
    right = chest[0] + px(40) + text_width(label, f)
    draw.rectangle([chest[0], chest[1] + px(2), right, chest[3] - px(3)], fill=WHITE,
                   outline=INK, width=px(2))
    _chest(draw, (chest[0] + px(16), cy), lay)
    draw_text(draw, (chest[0] + px(34), cy), label, f, INK, anchor="lm")


def _chest(draw: ImageDraw.ImageDraw, at: Point, lay: Layout) -> None:
    x, y = at
    px = lay.px
    draw.rectangle([x - px(12), y - px(6), x + px(12), y + px(10)], fill=(140, 92, 48),
                   outline=INK)
    draw.chord([x - px(12), y - px(14), x + px(12), y + px(2)], 180, 360, fill=(140, 92, 48),
               outline=INK)
    draw.rectangle([x - px(3), y - px(3), x + px(3), y + px(3)],
                   fill=pieces.RESOURCE_RGB["gold"], outline=INK)


def _combat_rings(draw: ImageDraw.ImageDraw, view: EmpiresView) -> list[Box]:
    cb = view.combat
    if cb is None:
        return []
    lay = layout(view.side, view.seats)
    b = board(view.side)
    cells = [s.cell for s in view.ships if s.id in cb.ships or s.id == cb.target]
    if cb.target == PIRATES_BAY or cb.target_kind == "bay":
        cells.append(b.pirates_bay)
    elif cb.target in b.ports:
        cells.append(b.ports[cb.target].cell)
    out = []
    for cell in cells:
        c = (int(cell[0]), int(cell[1]))
        if in_grid(lay, c):
            out.append(highlight(draw, lay.grid.box(*c), width=lay.px(4), pad=lay.px(1),
                                 radius=lay.px(4)))
    return out


def _taken(view: EmpiresView) -> list[Box]:
    """Where this turn's ships and Fort tokens stand on the map, which the names on the
    static board beside them are drawn again over."""
    lay = layout(view.side, view.seats)
    b = board(view.side)
    out = [lay.grid.box(int(s.cell[0]), int(s.cell[1])) for s in view.ships
           if in_grid(lay, (int(s.cell[0]), int(s.cell[1])))]
    for pid, forts in view.port_forts.items():
        if forts and pid in b.ports:
            x0, y0, x1, y1 = lay.grid.box(*b.ports[pid].cell)
            out.append((x0, y0 - lay.px(FORT_RISE) - 2, x1 + lay.px(2) + 2, y1))
    return out


def render(view: View, names: Sequence[str]) -> bytes:
    """The board for ``view`` as PNG bytes; ``names`` are the players' names by seat."""
    if not isinstance(view, EmpiresView):
        raise TypeError(f"the Empires renderer needs an EmpiresView, not {type(view).__name__}")
    own_hand = view.hand is not None
    panels.warm_glyphs()
    image = board_canvas(view.side, view.seats, own_hand)  # on the board palette
    draw = PaletteDraw(image)  # crisp text, every colour drawn as its palette colour
    lay = layout(view.side, view.seats)
    changes.draw_trails(draw, view)  # under the pieces
    _map_pieces(draw, view)
    rings = _combat_rings(draw, view)
    rings += changes.draw_rings(draw, view)  # over the pieces
    # the names over everything, so no piece or ring hides a letter: those on the sea, placed
    # off the ships, and those on the static board that a ship, Fort token or ring touches
    draw_moving(draw, view.side, view.seats,
                {(int(s.cell[0]), int(s.cell[1])) for s in view.ships}
                | changes.kept_clear(view))
    redraw_names(draw, view.side, view.seats, rings + _taken(view))
    panels.scene(draw, lay.scene, view)
    panels.status(draw, lay.status, view, names)
    ts = view.turn_state
    active = ts.seat if ts is not None and not view.finished else None
    for seat, box in enumerate(lay.nations):
        if seat < len(view.players):
            panels.nation(draw, box, view, seat, names, seat == active)
    if own_hand:
        empires_hand.hand(draw, lay.hand(), list(view.hand or []), view.my_bribe)
    return palette_png(image)
