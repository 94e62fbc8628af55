"""The Ocean Trader board's layout, its colours and the small pieces drawn on it: goods chips
(a colour and a two-letter code in bold, with a Bill of Lading's price beside the code on a
white part of its own) and ship pills (the owner's colour, shape and letter, and the ship
numbers)."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from render.common import icons, record
from render.common.canvas import draw_text
from render.common.fonts import font, text_width
from render.common.layout import Box, Point, split_h, split_v
from render.common.palette import BLACK, INK, RGB, WHITE, PlayerStyle, shade, text_colour_on

WIDTH, HEIGHT = 1600, 1000
MARGIN = 10
GAP = 10
MAP_BOX: Box = (MARGIN, MARGIN, MARGIN + 1180, MARGIN + 670)
RIGHT_X = MAP_BOX[2] + GAP
STATUS_BOX: Box = (RIGHT_X, MARGIN, WIDTH - MARGIN, 392)
CARDS_BOX: Box = (RIGHT_X, STATUS_BOX[3] + GAP, WIDTH - MARGIN, 676)
KEY_BOX: Box = (RIGHT_X, CARDS_BOX[3] + GAP, WIDTH - MARGIN, HEIGHT - MARGIN)
OFFICES_BOX: Box = (MARGIN, MAP_BOX[3] + GAP, MAP_BOX[2], HEIGHT - MARGIN)

TEXT = 20  # the one small size: nothing on the board is written smaller
BODY = 22
HEAD = 26
LEAD = 36  # whose turn: read at a third of full size on a phone
TASK = 28  # what they must do
SECRET_SIZE = 24  # the viewer's own cash and shares
NOTE = 24  # the status panel's notes (the last Prospect card, a claim) and final assets
SECRET_ROW = 30

SEA: RGB = (176, 208, 228)
SEA_LINE: RGB = (150, 186, 210)
LAND: RGB = (222, 210, 172)
LAND_EDGE: RGB = (170, 152, 112)
ROUTE: RGB = (52, 86, 128)
SPACE: RGB = (250, 250, 246)
RED_SPACE: RGB = (196, 28, 36)
SUEZ: RGB = (0, 84, 196)
LABEL: RGB = (252, 249, 241)
LABEL_EDGE: RGB = (120, 110, 90)
PORT: RGB = (255, 255, 255)
SOLD: RGB = (60, 60, 70)
INSURED: RGB = (0, 120, 90)
SECRET: RGB = (250, 240, 200)  # behind the viewer's own secrets

# goods id -> (colour, code); each code is unique, so colour is never needed to tell them apart.
# No code has an "i", "l" or "I": at half size the dot of an "i" is lost and "Ti" reads "Tl".
GOODS: dict[str, tuple[RGB, str]] = {
    "grain": ((226, 196, 96), "Gr"), "rice": ((238, 236, 222), "Rc"),
    "sugar": ((246, 222, 180), "Su"), "tea": ((70, 122, 62), "Te"),
    "coffee": ((98, 62, 34), "Cf"), "wine": ((122, 26, 58), "Wn"),
    "cotton": ((196, 212, 240), "Ct"), "wool": ((206, 196, 176), "Wo"),
    "jute": ((176, 148, 86), "Ju"), "coal": ((52, 52, 56), "Co"),
    "copper": ((186, 112, 52), "Cu"), "nitrate": ((150, 162, 174), "Nt"),
    "timber": ((124, 84, 46), "Tb"), "hides": ((150, 96, 78), "Hd"),
    "tobacco": ((96, 110, 40), "To"), "silk": ((214, 150, 206), "Sk"),
    "spices": ((204, 80, 30), "Sp"), "manufactures": ((84, 104, 150), "Mf"),
}


def goods_colours(goods: str) -> tuple[RGB, RGB, str]:
    """Fill, text colour and code of a goods chip."""
    fill, code = GOODS.get(goods, ((160, 160, 160), goods[:2].capitalize()))
    return fill, text_colour_on(fill, dark=BLACK), code


CHIP = 22  # the code and the price on a chip: bold, a size over the smallest text
CHIP_H = 26
SMALL_CHIP = TEXT  # the chips of a port's label on the crowded chart
SMALL_CHIP_H = 24
CHIP_PAD = 5  # either side of the code, and of the price
RULE = 2  # a priced chip's rim and the rule between its code and its price


def chip_width(goods: str, extra: str = "", size: int = CHIP) -> int:
    """How wide ``goods_chip`` draws the chip (with the price ``extra`` beside the code)."""
    f = font(size, bold=True)
    pad = CHIP_PAD if size >= CHIP else CHIP_PAD - 1
    w = text_width(goods_colours(goods)[2], f) + 2 * pad
    return w + text_width(extra, f) + 2 * pad if extra else w


def goods_chip(draw: ImageDraw.ImageDraw, x: int, cy: int, goods: str, extra: str = "",
               size: int = CHIP) -> int:
    """A goods chip whose left edge is ``x``, centred on ``cy``: the code on the goods' colour
    and ``extra`` (a price), if any, on a white part of the chip after a rule, so that code and
    price never run together. ``size``: ``CHIP``, or ``SMALL_CHIP`` on the chart. Returns the x
    just after it."""
    fill, ink, code = goods_colours(goods)
    f = font(size, bold=True)
    pad = CHIP_PAD if size >= CHIP else CHIP_PAD - 1
    h = CHIP_H if size >= CHIP else SMALL_CHIP_H
    w = chip_width(goods, extra, size)
    top, bottom = cy - h // 2, cy + h // 2 - 1
    split = x + text_width(code, f) + 2 * pad
    if extra:
        # the rim as heavy as the rule (RULE px), all round: a 1 px rim beside the 2 px rule
        # went grey at half size, and the price's part read as a stray bracket ("Te 450]")
        draw.rounded_rectangle((x, top, x + w - 1, bottom), radius=5, fill=WHITE, outline=INK,
                               width=RULE)
        # the code's part, its own rim's right side the rule
        draw.rounded_rectangle((x, top, split, bottom), radius=5, fill=fill, outline=INK,
                               width=RULE, corners=(True, False, False, True))
        draw_text(draw, ((split + x + w) // 2 + 1, cy), extra, f, anchor="mm")
    else:
        draw.rounded_rectangle((x, top, x + w - 1, bottom), radius=5, fill=fill, outline=INK,
                               width=1)
    draw_text(draw, ((x + split) // 2 + 1, cy), code, f, fill=ink, anchor="mm")
    return x + w


PILL_H = 28
PILL_SHAPE = 20


def pill_text(style: PlayerStyle, numbers: Sequence[int]) -> str:
    return style.letter + ",".join(str(n) for n in sorted(numbers))


def pill_width(style: PlayerStyle, numbers: Sequence[int]) -> int:
    return 4 + PILL_SHAPE + 4 + text_width(pill_text(style, numbers), font(TEXT, bold=True)) + 6


def shape_centre(box: Box) -> Point:
    """Where a pill's shape sits: the one pixel sure to show the owner's colour."""
    return box[0] + 4 + PILL_SHAPE // 2, (box[1] + box[3]) // 2


def ship_pill(draw: ImageDraw.ImageDraw, box: Box, style: PlayerStyle,
              numbers: Sequence[int], ring: RGB | None = None) -> None:
    """A fleet's ships on one spot: the owner's colour, shape and letter, then the numbers."""
    x0, y0, x1, y1 = box
    record.note_piece(box, f"ship pill {pill_text(style, numbers)}")
    draw.rounded_rectangle((x0, y0, x1 - 1, y1 - 1), radius=(y1 - y0) // 2, fill=style.rgb,
                           outline=ring or INK, width=2)
    icons.draw_shape(draw, style.shape, shape_centre(box), PILL_SHAPE, style.rgb)
    draw_text(draw, (x0 + 4 + PILL_SHAPE + 4, (y0 + y1) // 2), pill_text(style, numbers),
              font(TEXT, bold=True), fill=style.text, anchor="lm")


def office_boxes(seats: int) -> list[Box]:
    """One office per seat across the bottom: one row up to three seats, else two rows."""
    if seats <= 3:
        return split_h(OFFICES_BOX, max(seats, 1), GAP)
    cols = 2 if seats == 4 else 3
    rows = split_v(OFFICES_BOX, 2, GAP)
    return [b for row in rows for b in split_h(row, cols, GAP)][:seats]


def design_colours() -> list[RGB]:
    """Every flat colour the board uses (for the fixed palette the PNG is snapped to)."""
    from render.common.palette import (
        BACKGROUND,
        HIGHLIGHT,
        MUTED_INK,
        PANEL,
        PANEL_BORDER,
        PLAYER_STYLES,
        WHITE,
    )

    out = [BACKGROUND, INK, WHITE, BLACK, MUTED_INK, HIGHLIGHT, PANEL, PANEL_BORDER, SEA,
           SEA_LINE, LAND, LAND_EDGE, ROUTE, SPACE, RED_SPACE, SUEZ, LABEL, LABEL_EDGE, SOLD,
           INSURED, shade(PANEL, 0.94), shade(SEA, 0.9), (250, 240, 200), (236, 226, 196)]
    for style in PLAYER_STYLES:
        out += [style.rgb, style.text, shade(style.rgb, 1.6)]
    for fill, _ in GOODS.values():
        out.append(fill)
    return out
