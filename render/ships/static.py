"""The parts of the Ships board that never change: drawn once per process and cached.

Everything here depends only on the game data (and, for the player displays, on the number of
seats); the pieces are drawn on a copy by ``render.ships``.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.ships.content import ships_content
from render.common import icons
from render.common.canvas import cached_static, draw_spaced, draw_text, new_canvas, spaced_width
from render.common.fonts import ellipsize, font, text_width
from render.common.layout import Box, center, inset, pil_box
from render.common.palette import (
    BACKGROUND,
    GOLD,
    GOLD_RIM,
    GRID,
    HIGHLIGHT,
    INK,
    LAND,
    MUTED_INK,
    PANEL,
    PANEL_BORDER,
    PLAYER_STYLES,
    RGB,
    SAIL,
    SEA,
    WHITE,
    goods_style,
    shade,
)
from render.common.record import paused
from render.common.snapping import distinct, fixed_palette, snap_indexed

from .layout import (
    HEIGHT,
    PIECE,
    TRADE_BOX,
    WIDTH,
    AgeGeom,
    BoardGeom,
    board_geom,
    player_panels,
)
from .panels import cards_panel, status_strip
from .pieces import goods_token
from .players import skeleton

ERA_FILL: dict[str, RGB] = {
    "galley": (222, 196, 150),
    "sailing": (176, 204, 222),
    "steam": (196, 196, 200),
}
SEA_PANEL: RGB = (222, 235, 243)
AREA_HEADER: RGB = shade(SEA, 0.95)
WARSHIP_FILL: RGB = (236, 226, 208)

# Ship names short enough for a box of the track; unknown ids fall back to an ellipsis.
SHORT_NAMES: dict[str, str] = {
    "phoenician_trader": "Phoen. Trader", "phoenician_galley": "Phoen. Galley",
    "greek_merchantman": "Merchantman", "greek_trireme": "Trireme",
    "roman_grain_ship": "Grain Ship", "roman_quinquereme": "Quinquereme",
    "spanish_warship": "Sp. Warship", "east_indiaman": "E. Indiaman",
    "ship_of_the_line": "Ship of Line", "steel_merchant_ship": "Steel Ship",
    "great_western": "Gt. Western", "tramp_steamer": "Tramp",
}

F20 = 20
BADGE = 32  # a navigation cost on an area's header
BADGE_SIZE = 24  # ... and its number
TRACK_BADGE = 36  # a navigation cost on the Ship Age track, on the border between two ages
TRACK_BADGE_SIZE = 28  # ... and its number: read at half size
FOOD_TOKEN = 24  # the food a warship costs, in its box's corner
FOOD_CORNER = FOOD_TOKEN + 4  # kept free of ships at the box's right
LEGEND_TOKEN = 28
BENEFIT_SIZE = 24  # a city space's benefit: read at half size
AGE_HEADER_GAP = 5  # between an age's number and its VP chip
# (age number, VP number, the chip's padding) on an age's header, the largest that fits first
AGE_HEADER_SIZES = ((30, 28, 4), (28, 26, 4), (26, 24, 4), (24, 22, 3))
VP_SIZE, VP_PAD = AGE_HEADER_SIZES[0][1:]
VP_UNIT = F20  # "VP" after the chip's number
BENEFIT_WORDS = {
    "merchant_cubes": "+{} cube", "free_action_cubes": "+{} free", "gold": "{} gold",
    "navigation": "{} nav", "industry": "+{} ind", "vp": "{} VP",
}


def benefit(gain: str, amount: int) -> str:
    """A city space's benefit in a few characters: "+1 cube", "2 nav", "3 VP"."""
    return BENEFIT_WORDS.get(gain, "{} " + gain).format(amount)


def ship_label(box_id: str, name: str, width: int) -> str:
    """The ship's name, or its short form when the name does not fit ``width``."""
    f = font(F20)
    if text_width(name, f) > width:
        name = SHORT_NAMES.get(box_id, name)
    return ellipsize(name, f, width)


def _age_track(draw: ImageDraw.ImageDraw, geom: BoardGeom) -> None:
    content = ships_content()
    b20, f20 = font(F20, bold=True), font(F20)
    for era_id, label, band in geom.eras:
        draw.rounded_rectangle(pil_box(band), radius=8, fill=shade(ERA_FILL[era_id], 0.9),
                               outline=PANEL_BORDER)
        draw_text(draw, center(band), label, b20, anchor="mm")
    era_notes(draw, geom.eras[0][2], INK)
    for age_geom in geom.ages:
        age = content.age(age_geom.number)
        fill = ERA_FILL[age_geom.era]
        draw.rounded_rectangle(pil_box(age_geom.header), radius=6, fill=fill,
                               outline=PANEL_BORDER)
        age_header(draw, age_geom, age.age, age.first_ship_vp.value,
                   age.border_cost is not None, _next_has_border(age_geom.number))
        for side, box, ship in (("merchant", age_geom.merchant, age.merchant),
                                ("warship", age_geom.warship, age.warship)):
            draw.rounded_rectangle(pil_box(box), radius=6,
                                   fill=PANEL if side == "merchant" else WARSHIP_FILL,
                                   outline=shade(fill, 0.7), width=2)
            draw_text(draw, (box[0] + 5, box[1] + 3),
                      ship_label(ship.id, ship.name, box[2] - box[0] - 10), f20, fill=INK)
            if side == "warship":  # a warship costs one food
                at = box[2] - 3 - FOOD_TOKEN // 2, box[3] - 3 - FOOD_TOKEN // 2
                goods_token(draw, at, FOOD_TOKEN, "food")
    # The navigation needed to open an age sits on its border with the age before it.
    for age_geom in geom.ages:
        age = content.age(age_geom.number)
        if age.border_cost is not None:
            border_badge(draw, age_geom.header[0] - 3, center(age_geom.header)[1],
                         age.border_cost.value, TRACK_BADGE, TRACK_BADGE_SIZE)


def _next_has_border(number: int) -> bool:
    ages = ships_content().ages.ages
    return any(a.age == number + 1 and a.border_cost is not None for a in ages)


def badge_reach() -> int:
    """How far a border badge on the age track, its number included, reaches into the
    columns either side of the gap it sits on."""
    costs = [a.border_cost.value for a in ships_content().ages.ages if a.border_cost]
    widest = max([text_width(str(c), font(TRACK_BADGE_SIZE, bold=True)) for c in costs]
                 + [TRACK_BADGE])
    return (widest + 1) // 2 - 3


def _age_header_fit(width: int, number: int, vp: int) -> tuple[int, int, int, int]:
    """(age number size, VP number size, chip padding), the largest whose number and chip
    fit ``width`` side by side with ``AGE_HEADER_GAP`` between them, and the room left
    over."""
    for age_size, vp_size, pad in AGE_HEADER_SIZES:
        needed = (text_width(str(number), font(age_size, bold=True)) + AGE_HEADER_GAP
                  + vp_chip_width(vp, vp_size, pad))
        if needed <= width:
            return age_size, vp_size, pad, width - needed
    return (*AGE_HEADER_SIZES[-1], 0)


def age_header(draw: ImageDraw.ImageDraw, age_geom: AgeGeom, number: int, vp: int,
               left_badge: bool, right_badge: bool) -> tuple[Box, Box]:
    """An age's number, large and plain, and the VP its first ship scores in a white chip
    with a gold rim at the right, both clear of the border badges either side (on the gaps
    between the columns). Returns the number's and the chip's boxes."""
    header = age_geom.header
    reach = badge_reach() + 4  # the type's stroke reaches past its advance
    left = header[0] + (reach if left_badge else 6)
    right = header[2] - (reach if right_badge else 6)
    age_size, vp_size, pad, spare = _age_header_fit(right - left, number, vp)
    cy = center(header)[1]
    # spare room first keeps the chip off the next badge, then spreads the number out
    chip = vp_chip(draw, right - min(spare // 2, 6), cy, vp, vp_size, pad)
    number_font = font(age_size, bold=True)
    x = (left + chip[0] - AGE_HEADER_GAP) // 2
    number_box = draw_text(draw, (x, cy + round(age_size * 0.36)), str(number), number_font,
                           anchor="ms")
    return number_box, chip


def era_notes(draw: ImageDraw.ImageDraw, band: Box, ink: RGB) -> tuple[Box, Box]:
    """What the age headers' chips and badges say, on the first era's band either side of its
    label: "VP: first ship in the age" at the left, a border badge's "nav to open" at the
    right (in ``ink``: white on the band of the era in play). Returns the two notes' boxes."""
    cy = center(band)[1]
    f20, b20 = font(F20), font(F20, bold=True)
    x = band[0] + 8
    w = text_width("VP", b20) + 8
    chip = (x, cy - 11, x + w, cy + 11)
    draw.rounded_rectangle(pil_box(chip), radius=6, fill=WHITE, outline=GOLD_RIM, width=2)
    draw_text(draw, center(chip), "VP", b20, anchor="mm")
    left = draw_text(draw, (chip[2] + 6, cy), "first ship in the age", f20, fill=ink,
                     anchor="lm")
    right = draw_text(draw, (band[2] - 8, cy), "nav to open", f20, fill=ink, anchor="rm")
    badge = icons.draw_navigation_counter(draw, (right[0] - 6 - 12, cy), 24, SEA)
    return (chip[0], min(chip[1], left[1]), left[2], max(chip[3], left[3])), \
        (badge[0], min(badge[1], right[1]), right[2], max(badge[3], right[3]))


def vp_chip_width(vp: int, size: int = VP_SIZE, pad: int = VP_PAD) -> int:
    return (text_width(str(vp), font(size, bold=True)) + 2
            + text_width("VP", font(VP_UNIT, bold=True)) + 2 * pad)


def vp_chip(draw: ImageDraw.ImageDraw, right: int, cy: int, vp: int, size: int = VP_SIZE,
            pad: int = VP_PAD) -> Box:
    """The VP the first ship in an age scores, in a white chip with a gold rim ending at
    ``right``: the number large, "VP" smaller after it."""
    number_font, unit_font = font(size, bold=True), font(VP_UNIT, bold=True)
    w = vp_chip_width(vp, size, pad)
    box = (right - w, cy - 14, right, cy + 14)
    draw.rounded_rectangle(pil_box(box), radius=7, fill=WHITE, outline=GOLD_RIM, width=2)
    baseline = cy + round(size * 0.36)  # the digits' middle on the chip's
    x = box[0] + pad
    draw_text(draw, (x, baseline), str(vp), number_font, anchor="ls")
    draw_text(draw, (x + text_width(str(vp), number_font) + 2, baseline), "VP", unit_font,
              anchor="ls")
    return box


def border_badge(draw: ImageDraw.ImageDraw, x: int, cy: int, value: int, size: int = BADGE,
                 text_size: int = BADGE_SIZE) -> Box:
    """A navigation counter centred on ``(x, cy)`` with the cost written large across it: the
    compass star's points show round a plain middle, so the number reads at half size."""
    box = icons.draw_navigation_counter(draw, (x, cy), size, SEA)
    r = round(size * 0.3)
    draw.ellipse(pil_box((x - r, cy - r, x + r + 1, cy + r + 1)), fill=SEA)
    draw_text(draw, (x, cy + 1), str(value), font(text_size, bold=True), anchor="mm",
              outline=SAIL)
    return box


def _area_header(draw: ImageDraw.ImageDraw, header: Box, number: int, name: str, vp: int,
                 border: int, fill: RGB, ink: RGB, note: str = "") -> None:
    draw.rounded_rectangle(pil_box(header), radius=8, fill=fill)
    b20 = font(F20, bold=True)
    cy = center(header)[1]
    right = header[2] - 8
    f20 = font(F20)
    name = name[4:] if name.startswith("The ") else name  # "Rest of the World" needs room
    # room for a note is kept whether one is shown or not, so the "now" and "scored" headers
    # drawn over the static one each turn say the VP the same way, in the same place
    noted = max(text_width(note, b20), text_width("now" if number == 7 else "scored", b20))
    fixed = 8 + (BADGE + 6 if border else 0) + noted + 8 + 8
    vp_text = f"{vp} VP each"
    label_w = text_width(f"{number}  {name}", b20)
    if label_w > right - header[0] - fixed - text_width(vp_text, f20):
        vp_text = f"{vp} VP"
    vp_box = draw_text(draw, (right, cy), vp_text, f20, fill=ink, anchor="rm")
    right = vp_box[0] - 8
    if border:
        badge = border_badge(draw, right - BADGE // 2, cy, border)
        right = badge[0] - 6
    if note:
        note_box = draw_text(draw, (right, cy), note, b20, fill=ink, anchor="rm")
        right = note_box[0] - 8
    label = ellipsize(f"{number}  {name}", b20, right - header[0] - 8)
    draw_text(draw, (header[0] + 8, cy), label, b20, fill=ink, anchor="lm")


def area_header(draw: ImageDraw.ImageDraw, number: int, fill: RGB, ink: RGB,
                note: str = "") -> None:
    """(Re)draw the header band of area ``number`` (2-7) in the given colours."""
    geom = board_geom()
    for area in geom.areas:
        if area.number == number:
            _area_header(draw, area.header, area.number, area.name, area.vp, area.border,
                         fill, ink, note)
            return
    rest = geom.rest
    _area_header(draw, rest.header, 7, rest.name, rest.vp, rest.border, fill, ink, note)


def trade_box(draw: ImageDraw.ImageDraw, box: Box, kind: str, good: str | None,
              amount: int) -> None:
    """A goods (or spice) box is the good's token, the whole box, its code large; a gold box
    is a white box with a coin of its amount."""
    at = center(box)
    if kind in ("goods", "spice"):
        goods_token(draw, at, TRADE_BOX, good if kind == "goods" and good else "spice")
        return
    draw.rounded_rectangle(pil_box(box), radius=5, fill=WHITE, outline=GRID, width=2)
    icons.draw_coin(draw, at, PIECE - 2, amount)


def _map(draw: ImageDraw.ImageDraw, geom: BoardGeom) -> None:
    f20 = font(F20)
    for area in geom.areas:
        draw.rounded_rectangle(pil_box(area.frame), radius=10, fill=SEA_PANEL,
                               outline=PANEL_BORDER, width=2)
        _area_header(draw, area.header, area.number, area.name, area.vp, area.border,
                     AREA_HEADER, INK)
        for i, loc in enumerate(area.locations):
            if i % 2:
                draw.rectangle(pil_box(loc.row), fill=shade(SEA_PANEL, 0.96))
            name = ellipsize(loc.name, f20, loc.trade[0].box[0] - loc.row[0] - 8)
            draw_text(draw, (loc.row[0] + 2, center(loc.row)[1]), name, f20, anchor="lm")
            for t in loc.trade:
                trade_box(draw, t.box, t.kind, t.good, t.amount)
            for c in loc.cities:
                draw.rounded_rectangle(pil_box(c.pill), radius=PIECE // 2, fill=LAND,
                                       outline=PANEL_BORDER)
                draw.ellipse(pil_box(inset(c.slot, 2)), fill=shade(LAND, 1.3),
                             outline=PANEL_BORDER)
                draw_text(draw, (c.slot[2] + 5, center(c.pill)[1]), benefit(c.gain, c.amount),
                          font(BENEFIT_SIZE, bold=True), anchor="lm")
    rest = geom.rest
    draw.rounded_rectangle(pil_box(rest.frame), radius=10, fill=SEA_PANEL,
                           outline=PANEL_BORDER, width=2)
    _area_header(draw, rest.header, 7, rest.name, rest.vp, rest.border, AREA_HEADER, INK)
    for box, title in ((rest.merchant, "Merchant"),
                       (rest.warship, f"Warship +{rest.warship_vp} VP")):
        draw.rounded_rectangle(pil_box(box), radius=6, fill=WHITE, outline=GRID, width=2)
        draw_text(draw, (box[0] + 6, box[1] + 3), title, font(F20, bold=True))
    # one good of the player's choice, two a row at the right
    right, top = rest.merchant[2] - 4, rest.merchant[1] + 4
    for i, good in enumerate(rest.goods):
        col, row = i % 2, i // 2
        at = (right - REST_TOKEN // 2 - (1 - col) * (REST_TOKEN + 2),
              top + REST_TOKEN // 2 + row * (REST_TOKEN + 2))
        goods_token(draw, at, REST_TOKEN, good)
    spice = geom.spice
    draw.rounded_rectangle(pil_box(spice), radius=10, fill=PANEL, outline=PANEL_BORDER, width=2)
    rules = ships_content().areas.spice_box
    goods_token(draw, (spice[0] + 19, spice[1] + 19), 28, "spice")
    draw_text(draw, (spice[0] + 37, spice[1] + 19), "Spice Box", font(F20, bold=True),
              anchor="lm")
    draw_text(draw, (spice[0] + 10, spice[1] + 44), f"{rules.vp} VP + {rules.gold} gold",
              font(F20), anchor="lm")
    _legend(draw, geom.legend)
    _supply_box(draw, geom.supply)
    status_strip(draw, geom.status, PANEL)
    cards_panel(draw, geom.cards)


LEGEND_ROW = 30
REST_TOKEN = 24  # the goods Area 7's merchant box offers
REST_GOODS_W = 2 * REST_TOKEN + 2 + 8  # their two columns, kept free of the players' cubes


def _legend(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """What the goods codes and the player displays' icons stand for."""
    f20, b20 = font(F20), font(F20, bold=True)
    x, cy = box[0] + 4, box[1] + LEGEND_ROW // 2 + 2
    for good in ("food", "oil", "wine", "metal", "cloth", "spice"):
        goods_token(draw, (x + LEGEND_TOKEN // 2, cy), LEGEND_TOKEN, good)
        x = draw_text(draw, (x + LEGEND_TOKEN + 4, cy), good, f20, fill=MUTED_INK,
                      anchor="lm")[2] + 12
    piece = PANEL_BORDER
    x, cy = box[0] + 4, cy + LEGEND_ROW
    x = draw_text(draw, (x, cy), "Stock:", b20, anchor="lm")[2] + 6
    for draw_icon, word in ((lambda at: icons.draw_cube(draw, at, 22, piece), "cubes"),
                            (lambda at: icons.draw_cube(draw, at, 22, SAIL), "free cubes"),
                            (lambda at: icons.draw_navigation_counter(draw, at, 22, piece),
                             "navigation"),
                            (lambda at: icons.draw_industry_counter(draw, at, 22, piece),
                             "industry")):
        draw_icon((x + 11, cy))
        x = draw_text(draw, (x + 26, cy), word, f20, fill=MUTED_INK, anchor="lm")[2] + 12
    x, cy = box[0] + 4, cy + LEGEND_ROW
    # the dark tag the player displays show the turn's cubes in, and the pool's count
    tag_font = font(F20, bold=True)
    tag = (x, cy - 13, x + spaced_width("Turn", tag_font) + 16, cy + 13)
    draw.rounded_rectangle(pil_box(tag), radius=12, fill=INK)
    draw_spaced(draw, center(tag), "Turn", tag_font, fill=WHITE, anchor="mm")
    x = draw_text(draw, (tag[2] + 6, cy), "cubes to act with", f20, fill=MUTED_INK,
                  anchor="lm")[2] + 16
    x = draw_text(draw, (x, cy), "+7", b20, anchor="lm")[2] + 5
    draw_text(draw, (x, cy), "cubes still in the pool", f20, fill=MUTED_INK, anchor="lm")


def _supply_box(draw: ImageDraw.ImageDraw, box: Box) -> None:
    draw.rounded_rectangle(pil_box(box), radius=10, fill=PANEL, outline=PANEL_BORDER, width=2)


def _build(seats: int) -> Image.Image:
    image, draw = new_canvas(WIDTH, HEIGHT, BACKGROUND)
    draw.fontmode = "1"  # see board_palette
    geom = board_geom()
    _age_track(draw, geom)
    _map(draw, geom)
    for seat, box in enumerate(player_panels(seats)):
        if seat < len(PLAYER_STYLES):
            skeleton(draw, box, PLAYER_STYLES[seat])
    return image


def board_image(seats: int) -> Image.Image:
    """A fresh copy of the unchanging board for ``seats`` players."""
    return cached_static(("ships", "board", WIDTH, HEIGHT, seats), lambda: _build(seats))


def board_canvas(seats: int) -> Image.Image:
    """A fresh copy of the unchanging board already on ``board_palette`` (a "P" image to draw
    each turn on with ``canvas.PaletteDraw``)."""
    return cached_static(("ships", "board-indexed", WIDTH, HEIGHT, seats),
                         lambda: snap_indexed(board_image(seats), _palette_unnoted()))


def _palette_unnoted() -> Image.Image:
    """``board_palette``, whose 4-seat sample board is not this board: what it drew is not
    noted as drawn here."""
    with paused():
        return board_palette()


# ------------------------------------------------------------------ the board's palette

def _design_colours() -> list[RGB]:
    """Every solid colour the pieces and panels are drawn in, static board or not."""
    out: list[RGB] = [BACKGROUND, INK, WHITE, MUTED_INK, HIGHLIGHT, SAIL, GOLD, GOLD_RIM, SEA,
                      PANEL, PANEL_BORDER, GRID, LAND, SEA_PANEL, AREA_HEADER, WARSHIP_FILL,
                      shade(SEA_PANEL, 0.96), shade(LAND, 1.3), shade(SAIL, 1.35),
                      shade(SAIL, 0.72), shade(SAIL, 0.68), shade(GOLD_RIM, 1.25),
                      shade(GOLD, 1.55), shade(PANEL, 0.96), shade(MUTED_INK, 1.6),
                      shade(MUTED_INK, 1.45), shade(AREA_HEADER, 1.45)]
    for era_fill in ERA_FILL.values():
        out += [era_fill, shade(era_fill, 0.6), shade(era_fill, 0.7), shade(era_fill, 0.9)]
    for style in PLAYER_STYLES:
        rgb = style.rgb
        out += [rgb, style.text, shade(rgb, 1.35), shade(rgb, 0.72), shade(rgb, 0.68),
                shade(rgb, 1.3), shade(shade(rgb, 1.3), 1.35), shade(shade(rgb, 1.3), 0.72)]
    for good in ("food", "oil", "wine", "metal", "cloth", "spice", "gold"):
        out += [goods_style(good).rgb, goods_style(good).text]
    return distinct(out)


def board_palette() -> Image.Image:
    """The board's 256 colours, chosen once per process: every design colour (the players'
    above all) kept exact, then the static board's commonest colours (see
    ``render.common.snapping``)."""
    return cached_static(("ships", "palette"),
                         lambda: fixed_palette(_design_colours(), [board_image(4)]))
