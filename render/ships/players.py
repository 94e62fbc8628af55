"""The player displays along the bottom of the Ships board: warehouse, bank, stock, ships left,
this turn's action cubes and the eight action boxes with the pieces parked in them.

``skeleton`` draws what never changes for a seat (labels, empty spaces, icons, idle action
boxes) into the cached board; ``player_display`` adds the header and the pieces each turn.
"""

from __future__ import annotations

from PIL import ImageDraw

from engine.ships.content import ships_content
from engine.ships.state import Player
from render.common import icons
from render.common.canvas import draw_text
from render.common.fonts import ellipsize, fit_font, font, text_width
from render.common.layout import Box, Point, center, pil_box
from render.common.palette import (
    GRID,
    HIGHLIGHT,
    INK,
    MUTED_INK,
    PANEL,
    PANEL_BORDER,
    SAIL,
    WHITE,
    PlayerStyle,
    shade,
)

from .pieces import cube, disc

HEADER_H = 34
ROW_H = 30
SLOT = 26
PITCH = 28
LABEL_W = 64
ITEM_W = 56  # an icon and a number of up to two digits
ICON = 22
GOODS_ORDER = ("food", "oil", "wine", "metal", "cloth")
ERA_SHIP = {"galley": "galley", "sailing": "sail", "steam": "steam"}
ACTION_LABELS = {
    "place_ship": "Place", "upgrade_ship": "Upgr.", "remove_ship": "Rem.",
    "take_card": "Card", "take_gold": "Gold", "take_navigation": "Nav",
    "sell_goods": "Sell", "retrieve_cubes": "Retr.",
}


class Geometry:
    """Where the rows and action boxes of one display go."""

    def __init__(self, box: Box) -> None:
        self.box = box
        self.header = (box[0] + 4, box[1] + 4, box[2] - 4, box[1] + HEADER_H)
        left, right = box[0] + 10, box[2] - 8
        y = self.header[3] + 4
        self.rows = [(left, y + i * ROW_H, right, y + (i + 1) * ROW_H) for i in range(4)]
        top = y + 4 * ROW_H + 4
        ids = [a.id for a in ships_content().display.actions]
        cols = 4
        rows = (len(ids) + cols - 1) // cols
        cw = (right - left - (cols - 1) * 4) // cols
        ch = (box[3] - 8 - top - (rows - 1) * 4) // rows
        self.actions = {
            action_id: (left + (i % cols) * (cw + 4), top + (i // cols) * (ch + 4),
                        left + (i % cols) * (cw + 4) + cw, top + (i // cols) * (ch + 4) + ch)
            for i, action_id in enumerate(ids)
        }

    def item(self, row: int, index: int) -> Point:
        """The centre of the icon of item ``index`` in a row of counted items."""
        r = self.rows[row]
        return r[0] + LABEL_W + index * ITEM_W + ICON // 2, center(r)[1]


def _free_cube(draw: ImageDraw.ImageDraw, at: Point, size: int) -> None:
    icons.draw_cube(draw, at, size, SAIL)


def _counter_fill(style: PlayerStyle) -> tuple[int, int, int]:
    return shade(style.rgb, 1.3)


def _slot_centres(row: Box, count: int) -> list[int]:
    room = row[2] - row[0] - LABEL_W
    pitch = max(min(PITCH, (room - SLOT) // max(count - 1, 1)), 6)
    return [row[0] + LABEL_W + i * pitch + SLOT // 2 for i in range(count)]


def _slot_row(draw: ImageDraw.ImageDraw, row: Box, count: int) -> list[int]:
    """Empty spaces after the row's label; returns their centres."""
    cy = center(row)[1]
    centres = _slot_centres(row, count)
    for cx in centres:
        draw.rounded_rectangle(pil_box((cx - SLOT // 2, cy - SLOT // 2, cx + SLOT // 2,
                                        cy + SLOT // 2)), radius=4, fill=WHITE, outline=GRID)
    return centres


def _spaces() -> dict[str, int]:
    return {r.id: r.spaces.value for r in ships_content().display.rows}


def _action_cell(draw: ImageDraw.ImageDraw, cell: Box, action_id: str, used: bool) -> int:
    draw.rounded_rectangle(pil_box(cell), radius=5, fill=WHITE if used else PANEL,
                           outline=PANEL_BORDER)
    label = ACTION_LABELS.get(action_id, action_id[:4].capitalize())
    f = font(20, bold=True)  # the same in both states: a used box's label covers the idle one
    return draw_text(draw, (cell[0] + 4, center(cell)[1]), label, f,
                     fill=INK if used else MUTED_INK, anchor="lm")[2] + 2


def skeleton(draw: ImageDraw.ImageDraw, box: Box, style: PlayerStyle) -> None:
    """The parts of a display that never change."""
    g = Geometry(box)
    draw.rounded_rectangle(pil_box(box), radius=10, fill=PANEL, outline=PANEL_BORDER, width=2)
    b20 = font(20, bold=True)
    for row, label in zip(g.rows, ("Goods", "Gold", "Stock", "Ships"), strict=True):
        draw_text(draw, (row[0], center(row)[1]), label, b20, anchor="lm")
    spaces = _spaces()
    _slot_row(draw, g.rows[0], spaces.get("warehouse", 11))
    _slot_row(draw, g.rows[1], spaces.get("bank", 10))
    cube(draw, g.item(2, 0), ICON, style)
    _free_cube(draw, g.item(2, 1), ICON)
    icons.draw_navigation_counter(draw, g.item(2, 2), ICON, _counter_fill(style))
    icons.draw_industry_counter(draw, g.item(2, 3), ICON, _counter_fill(style))
    for i, kind in enumerate(ERA_SHIP.values()):
        x, cy = g.item(3, i)
        icons.draw_ship(draw, (x + 2, cy), 28, style.rgb, kind)
    for action_id, cell in g.actions.items():
        _action_cell(draw, cell, action_id, used=False)


def _number(draw: ImageDraw.ImageDraw, at: Point, value: int) -> None:
    draw_text(draw, (at[0] + ICON // 2 + 3, at[1]), str(value), font(20, bold=True),
              anchor="lm")


def _goods(draw: ImageDraw.ImageDraw, row: Box, player: Player, style: PlayerStyle,
           spaces: int) -> None:
    goods = [g for g in GOODS_ORDER for _ in range(player.goods.get(g, 0))]
    goods += [g for g in sorted(player.goods) if g not in GOODS_ORDER
              for _ in range(player.goods[g])]
    open_spaces = max(spaces - player.warehouse_discs, 0)
    total = max(spaces, len(goods) + player.warehouse_discs)
    centres = _row_centres(draw, row, spaces, total)
    cy = center(row)[1]
    for i, good in enumerate(goods):
        icons.draw_goods_token(draw, (centres[i], cy), SLOT - 2, good)
        if i >= open_spaces:  # more goods than room: some must go back
            x0 = centres[i] - SLOT // 2 - 1
            draw.rectangle(pil_box((x0, cy - SLOT // 2 - 1, x0 + SLOT + 2, cy + SLOT // 2 + 1)),
                           outline=HIGHLIGHT, width=3)
    for i in range(total - player.warehouse_discs, total):
        disc(draw, (centres[i], cy - 1), SLOT - 4, style)


def _row_centres(draw: ImageDraw.ImageDraw, row: Box, spaces: int, total: int) -> list[int]:
    """The slot centres of a storage row, redrawn tighter when it must hold more pieces than
    it has spaces."""
    if total <= spaces:
        return _slot_centres(row, total)
    draw.rectangle(pil_box((row[0] + LABEL_W - 2, row[1], row[2] + 2, row[3])), fill=PANEL)
    return _slot_row(draw, row, total)


def _bank(draw: ImageDraw.ImageDraw, row: Box, player: Player, style: PlayerStyle,
          spaces: int) -> None:
    total = max(spaces, player.gold + player.bank_discs)
    centres = _row_centres(draw, row, spaces, total)
    cy = center(row)[1]
    for i in range(player.gold):
        icons.draw_coin(draw, (centres[i], cy), SLOT - 2)
    for i in range(total - player.bank_discs, total):
        disc(draw, (centres[i], cy - 1), SLOT - 4, style)


def _parked(draw: ImageDraw.ImageDraw, cell: Box, x: int, counts: list[tuple[int, str]],
            style: PlayerStyle) -> None:
    cy = center(cell)[1]
    b20 = font(20, bold=True)
    for n, kind in counts:
        if x + 18 > cell[2]:
            break
        if kind == "merchant":
            cube(draw, (x + 9, cy), 18, style)
        elif kind == "free":
            _free_cube(draw, (x + 9, cy), 18)
        else:
            icons.draw_industry_counter(draw, (x + 9, cy), 18, _counter_fill(style))
        x += 18
        if n > 1 and x + text_width(str(n), b20) <= cell[2] - 2:
            x = draw_text(draw, (x, cy), str(n), b20, anchor="lm")[2] + 2


def _header(draw: ImageDraw.ImageDraw, header: Box, player: Player, style: PlayerStyle,
            name: str, active: bool) -> None:
    draw.rounded_rectangle(pil_box(header), radius=8, fill=style.rgb)
    cy = center(header)[1]
    icons.draw_player_marker(draw, (header[0] + 16, cy), 26, style)
    b24, b20 = font(24, bold=True), font(20, bold=True)
    vp = draw_text(draw, (header[2] - 8, cy), f"{player.vp} VP", b24, fill=style.text,
                   anchor="rm")
    right = vp[0] - 10
    if active:
        w = text_width("to play", b20) + 14
        tag = (right - w, cy - 13, right, cy + 13)
        draw.rounded_rectangle(pil_box(tag), radius=12, fill=INK)
        draw_text(draw, center(tag), "to play", b20, fill=WHITE, anchor="mm")
        right = tag[0] - 6
    room = right - header[0] - 36
    f = fit_font(name, room, 24, bold=True)  # a long name in smaller type, cut only past that
    draw_text(draw, (header[0] + 34, cy), ellipsize(name, f, room), f, fill=style.text,
              anchor="lm")


def player_display(draw: ImageDraw.ImageDraw, box: Box, player: Player, style: PlayerStyle,
                   name: str, active: bool) -> None:
    """One player's display, on top of its ``skeleton``."""
    g = Geometry(box)
    if active:
        draw.rounded_rectangle(pil_box(box), radius=10, outline=INK, width=4)
    _header(draw, g.header, player, style, name, active)
    spaces = _spaces()
    _goods(draw, g.rows[0], player, style, spaces.get("warehouse", 11))
    _bank(draw, g.rows[1], player, style, spaces.get("bank", 10))
    for i, value in enumerate((player.stock_cubes, player.free_cubes, player.navigation,
                               player.industry)):
        _number(draw, g.item(2, i), value)
    if player.pool_cubes:
        x = g.item(2, 4)[0] - ICON // 2
        text = ellipsize(f"+{player.pool_cubes} pool", font(20), g.rows[2][2] - x)
        draw_text(draw, (x, center(g.rows[2])[1]), text, font(20), fill=MUTED_INK, anchor="lm")
    for i, era in enumerate(ERA_SHIP):
        x, cy = g.item(3, i)
        _number(draw, (x + 4, cy), player.ships.get(era, 0))
    if active or player.action_merchant or player.action_free:
        x, cy = g.item(3, 3)
        x = draw_text(draw, (x - ICON // 2, cy), "Turn", font(20, bold=True), anchor="lm")[2]
        cube(draw, (x + 4 + ICON // 2, cy), ICON, style)
        _number(draw, (x + 4 + ICON // 2, cy), player.action_merchant)
        x += 4 + ITEM_W - 8
        _free_cube(draw, (x + ICON // 2, cy), ICON)
        _number(draw, (x + ICON // 2, cy), player.action_free)
    for action_id, cell in g.actions.items():
        parked = player.boxes.get(action_id)
        if parked is None or not (parked.merchant or parked.free or parked.industry):
            continue
        x = _action_cell(draw, cell, action_id, used=True)
        counts = [(parked.merchant, "merchant"), (parked.free, "free"),
                  (parked.industry, "industry")]
        _parked(draw, cell, x, [(n, kind) for n, kind in counts if n], style)
