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
from render.common.canvas import draw_spaced, draw_text, spaced_width
from render.common.fonts import Font, ellipsize, fit_font, font, text_width
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

from .pieces import cube, disc, goods_token

HEADER_H = 38  # from the panel's top edge: the header band is 34 high
ROW_H = 30
SLOT = 26  # a space of the warehouse or bank; a goods token covers it
PITCH = 28
WIDE_SLOT = 28  # ... on a wide display
WIDE_PITCH = 31
LABEL_W = 68  # "Goods" at LABEL_SIZE; a wide display's larger labels take more
LABEL_SIZE = 20
WIDE = 480  # a display at least this wide (three players or fewer) has larger labels
WIDE_LABEL_SIZE = 24
ICON = 28  # the stock's and the ships' icons
ITEM_GAP = 6  # between one item's count and the next icon
WIDE_ITEM_GAP = 12  # ... on a wide display
# The widest count each item of the stock and ships rows usually shows (cubes and navigation
# run past 9): the columns are as wide as that, the same for every seat.
STOCK_DIGITS = (2, 1, 2, 1)
SHIPS_DIGITS = (1, 1, 1)
COUNT_SIZE = 28  # the counts: read at half size, so larger than the labels
WIDE_COUNT_SIZE = 30
POOL_SIZE = 24
VP_SIZE = 28
PARKED = 20  # a cube parked in an action box, at the least
PARKED_SIZES = (26, 24, 22)  # ... larger where the box has room: read at half size
PARKED_SIZE = 24
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
        y = self.header[3] + 3
        self.rows = [(left, y + i * ROW_H, right, y + (i + 1) * ROW_H) for i in range(4)]
        top = y + 4 * ROW_H + 3
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
        """The centre of the icon of item ``index`` in a row of counted items (the stock's,
        row 2, or the ships', row 3); the index after the last is where the row goes on."""
        r = self.rows[row]
        digits = STOCK_DIGITS if row == 2 else SHIPS_DIGITS
        x = r[0] + label_w(r)
        for wide in digits[:index]:
            x += item_width(r, wide)
        return x + ICON // 2, center(r)[1]


def _free_cube(draw: ImageDraw.ImageDraw, at: Point, size: int) -> None:
    icons.draw_cube(draw, at, size, SAIL)


def _counter_fill(style: PlayerStyle) -> tuple[int, int, int]:
    return shade(style.rgb, 1.3)


def label_size(row: Box) -> int:
    """The size of a display's row and action labels: larger on a wide display."""
    return WIDE_LABEL_SIZE if row[2] - row[0] >= WIDE - 18 else LABEL_SIZE


def label_w(row: Box) -> int:
    """Where a row's pieces start, after its label."""
    return LABEL_W + (14 if label_size(row) > LABEL_SIZE else 0)


def _wide(row: Box) -> bool:
    return label_size(row) > LABEL_SIZE


def count_size(row: Box) -> int:
    return WIDE_COUNT_SIZE if _wide(row) else COUNT_SIZE


def count_font(row: Box) -> Font:
    return font(count_size(row), bold=True)


def item_width(row: Box, digits: int) -> int:
    """An icon, its count of ``digits`` digits and the gap to the next icon."""
    return (ICON + 3 + text_width("8" * digits, count_font(row))
            + (WIDE_ITEM_GAP if _wide(row) else ITEM_GAP))


def slot_size(row: Box) -> int:
    return WIDE_SLOT if _wide(row) else SLOT


def _slot_centres(row: Box, count: int) -> list[int]:
    start = label_w(row)
    room = row[2] - row[0] - start
    slot = slot_size(row)
    most = WIDE_PITCH if _wide(row) else PITCH
    pitch = max(min(most, (room - slot) // max(count - 1, 1)), 6)
    return [row[0] + start + i * pitch + slot // 2 for i in range(count)]


def _slot_row(draw: ImageDraw.ImageDraw, row: Box, count: int) -> list[int]:
    """Empty spaces after the row's label; returns their centres."""
    cy = center(row)[1]
    centres = _slot_centres(row, count)
    half = slot_size(row) // 2
    for cx in centres:
        draw.rounded_rectangle(pil_box((cx - half, cy - half, cx + half, cy + half)), radius=4,
                               fill=WHITE, outline=GRID)
    return centres


def _spaces() -> dict[str, int]:
    return {r.id: r.spaces.value for r in ships_content().display.rows}


def _action_cell(draw: ImageDraw.ImageDraw, cell: Box, action_id: str, used: bool) -> int:
    draw.rounded_rectangle(pil_box(cell), radius=5, fill=WHITE if used else PANEL,
                           outline=PANEL_BORDER)
    label = ACTION_LABELS.get(action_id, action_id[:4].capitalize())
    # the same in both states: a used box's label covers the idle one
    f = font(WIDE_LABEL_SIZE if cell[2] - cell[0] >= 120 else LABEL_SIZE, bold=True)
    return draw_text(draw, (cell[0] + 4, center(cell)[1]), label, f,
                     fill=INK if used else MUTED_INK, anchor="lm")[2] + 2


def skeleton(draw: ImageDraw.ImageDraw, box: Box, style: PlayerStyle) -> None:
    """The parts of a display that never change."""
    g = Geometry(box)
    draw.rounded_rectangle(pil_box(box), radius=10, fill=PANEL, outline=PANEL_BORDER, width=2)
    b = font(label_size(g.rows[0]), bold=True)
    for row, label in zip(g.rows, ("Goods", "Gold", "Stock", "Ships"), strict=True):
        draw_text(draw, (row[0], center(row)[1]), label, b, anchor="lm")
    spaces = _spaces()
    _slot_row(draw, g.rows[0], spaces.get("warehouse", 11))
    _slot_row(draw, g.rows[1], spaces.get("bank", 10))
    cube(draw, g.item(2, 0), ICON, style)
    _free_cube(draw, g.item(2, 1), ICON)
    icons.draw_navigation_counter(draw, g.item(2, 2), ICON, _counter_fill(style))
    icons.draw_industry_counter(draw, g.item(2, 3), ICON, _counter_fill(style))
    for i, kind in enumerate(ERA_SHIP.values()):
        x, cy = g.item(3, i)
        icons.draw_ship(draw, (x + 2, cy), ICON, style.rgb, kind)
    for action_id, cell in g.actions.items():
        _action_cell(draw, cell, action_id, used=False)


def _number(draw: ImageDraw.ImageDraw, row: Box, at: Point, value: int, room: int) -> Box:
    """The count after the icon centred on ``at``, large; a zero steps back in grey, so the
    counts a player has stand out. A count wider than ``room`` (its column) is set smaller."""
    text = str(value)
    f = count_font(row)
    if text_width(text, f) > room:
        f = fit_font(text, room, count_size(row), bold=True)
    return draw_text(draw, (at[0] + ICON // 2 + 3, at[1]), text, f,
                     fill=INK if value else MUTED_INK, anchor="lm")


def _goods(draw: ImageDraw.ImageDraw, row: Box, player: Player, style: PlayerStyle,
           spaces: int) -> None:
    goods = [g for g in GOODS_ORDER for _ in range(player.goods.get(g, 0))]
    goods += [g for g in sorted(player.goods) if g not in GOODS_ORDER
              for _ in range(player.goods[g])]
    open_spaces = max(spaces - player.warehouse_discs, 0)
    total = max(spaces, len(goods) + player.warehouse_discs)
    centres = _row_centres(draw, row, spaces, total)
    cy = center(row)[1]
    slot = slot_size(row)
    for i, good in enumerate(goods):
        goods_token(draw, (centres[i], cy), slot, good)
        if i >= open_spaces:  # more goods than room: some must go back
            x0 = centres[i] - slot // 2 - 1
            draw.rectangle(pil_box((x0, cy - slot // 2 - 1, x0 + slot + 2, cy + slot // 2 + 1)),
                           outline=HIGHLIGHT, width=3)
    for i in range(total - player.warehouse_discs, total):
        disc(draw, (centres[i], cy - 1), slot - 4, style)


def _row_centres(draw: ImageDraw.ImageDraw, row: Box, spaces: int, total: int) -> list[int]:
    """The slot centres of a storage row, redrawn tighter when it must hold more pieces than
    it has spaces."""
    if total <= spaces:
        return _slot_centres(row, total)
    draw.rectangle(pil_box((row[0] + label_w(row) - 2, row[1], row[2] + 2, row[3])), fill=PANEL)
    return _slot_row(draw, row, total)


def _bank(draw: ImageDraw.ImageDraw, row: Box, player: Player, style: PlayerStyle,
          spaces: int) -> None:
    total = max(spaces, player.gold + player.bank_discs)
    centres = _row_centres(draw, row, spaces, total)
    cy = center(row)[1]
    slot = slot_size(row)
    for i in range(player.gold):
        icons.draw_coin(draw, (centres[i], cy), slot - 2)
    for i in range(total - player.bank_discs, total):
        disc(draw, (centres[i], cy - 1), slot - 4, style)


def _parked(draw: ImageDraw.ImageDraw, cell: Box, x: int, counts: list[tuple[int, str]],
            style: PlayerStyle) -> None:
    """The cubes and counters parked in an action box, after its label: as large as the box
    has room for, all of them with their counts (``PARKED`` at the least)."""
    cy = center(cell)[1]
    b = font(PARKED_SIZE, bold=True)

    def needed(size: int) -> int:
        return sum(size + (text_width(str(n), b) + 2 if n > 1 else 0) for n, _ in counts)

    size = next((s for s in PARKED_SIZES if s <= cell[3] - cell[1] - 4
                 and x + needed(s) <= cell[2] - 2), PARKED)
    for n, kind in counts:
        if x + size > cell[2]:
            break
        at = (x + size // 2, cy)
        if kind == "merchant":
            cube(draw, at, size, style)
        elif kind == "free":
            _free_cube(draw, at, size)
        else:
            icons.draw_industry_counter(draw, at, size, _counter_fill(style))
        x += size
        if n > 1 and x + text_width(str(n), b) <= cell[2] - 2:
            x = draw_text(draw, (x, cy), str(n), b, anchor="lm")[2] + 2


def _header(draw: ImageDraw.ImageDraw, header: Box, player: Player, style: PlayerStyle,
            name: str, active: bool) -> None:
    draw.rounded_rectangle(pil_box(header), radius=8, fill=style.rgb)
    cy = center(header)[1]
    icons.draw_player_marker(draw, (header[0] + 17, cy), 28, style)
    vp = draw_text(draw, (header[2] - 8, cy), f"{player.vp} VP", font(VP_SIZE, bold=True),
                   fill=style.text, anchor="rm")
    right = vp[0] - 10
    if active:
        b22 = font(22, bold=True)
        w = text_width("to play", b22) + 16
        tag = (right - w, cy - 14, right, cy + 14)
        draw.rounded_rectangle(pil_box(tag), radius=13, fill=INK)
        draw_text(draw, center(tag), "to play", b22, fill=WHITE, anchor="mm")
        right = tag[0] - 6
    room = right - header[0] - 38
    f = fit_font(name, room, 26, bold=True)  # a long name in smaller type, cut only past that
    draw_text(draw, (header[0] + 36, cy), ellipsize(name, f, room), f, fill=style.text,
              anchor="lm")


def _pool(draw: ImageDraw.ImageDraw, row: Box, x: int, cubes: int) -> None:
    """The player's merchant cubes still in the pool, after their stock: "+7 pool", or "+7"
    where the word does not fit."""
    cy = center(row)[1]
    b = font(POOL_SIZE, bold=True)
    count = f"+{cubes}"
    word = " pool"
    if x + text_width(count + word, b) > row[2]:
        word = ""
    end = draw_text(draw, (x, cy), count, b, anchor="lm")[2]
    if word:
        draw_text(draw, (end, cy), word, font(POOL_SIZE), fill=MUTED_INK, anchor="lm")


def _turn(draw: ImageDraw.ImageDraw, row: Box, x: int, player: Player,
          style: PlayerStyle) -> None:
    """The cubes to act with this turn, in a dark tag like the header's "to play": "Turn"
    and a merchant and a free cube with their counts (without the word where it does not
    fit)."""
    cy = center(row)[1]
    b = font(POOL_SIZE, bold=True)
    counts = [str(player.action_merchant), str(player.action_free)]
    inner = sum(ICON - 2 + 3 + text_width(c, b) for c in counts) + 8
    word = "Turn"
    width = 8 + spaced_width(word, b) + 6 + inner + 8
    if x + width > row[2]:
        word, width = "", 8 + inner + 8
    tag = (x, cy - 14, x + width, cy + 14)
    draw.rounded_rectangle(pil_box(tag), radius=13, fill=INK)
    x += 8
    if word:
        x = draw_spaced(draw, (x, cy), word, b, fill=WHITE, anchor="lm")[2] + 6
    for n, (value, kind) in enumerate(zip(counts, ("merchant", "free"), strict=True)):
        at = (x + (ICON - 2) // 2, cy)
        if kind == "merchant":
            cube(draw, at, ICON - 2, style)
        else:
            _free_cube(draw, at, ICON - 2)
        x = draw_text(draw, (x + ICON - 2 + 3, cy), value, b, fill=WHITE, anchor="lm")[2]
        x += 8 if n == 0 else 0


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
        room = g.item(2, i + 1)[0] - g.item(2, i)[0] - ICON - 3
        _number(draw, g.rows[2], g.item(2, i), value, room)
    if player.pool_cubes:
        _pool(draw, g.rows[2], g.item(2, 4)[0] - ICON // 2, player.pool_cubes)
    for i, era in enumerate(ERA_SHIP):
        x, cy = g.item(3, i)
        room = g.item(3, i + 1)[0] - x - ICON - 5
        _number(draw, g.rows[3], (x + 4, cy), player.ships.get(era, 0), room)
    if active or player.action_merchant or player.action_free:
        _turn(draw, g.rows[3], g.item(3, 3)[0] - ICON // 2, player, style)
    for action_id, cell in g.actions.items():
        parked = player.boxes.get(action_id)
        if parked is None or not (parked.merchant or parked.free or parked.industry):
            continue
        x = _action_cell(draw, cell, action_id, used=True)
        counts = [(parked.merchant, "merchant"), (parked.free, "free"),
                  (parked.industry, "industry")]
        _parked(draw, cell, x, [(n, kind) for n, kind in counts if n], style)
