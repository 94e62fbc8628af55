"""The Ships board image: a pure function of a ``ShipsView``.

Layout (1600 x 1180): the status strip across the top in large bold type (who plays and what
they have left, everyone's VP, what the rings show, the next border costs), read on a phone at
a third of full size; the Ship Age track under it (three era bands, eleven ages with their
border costs, first-ship VP and merchant/warship boxes holding the ship counters); the map
below it on the left (areas 2-6 as lists of locations with their trade boxes and city spaces,
Area 7's two open boxes, the Spice Box, the pool and decks, and a legend of goods and icons);
the cards on display, every effect whole, on the right; one display per player along the
bottom. What the last turn
(and the turn in progress) changed is ringed with ``highlight``. Once the game is over the
board shows the table as the game leaves it, after the final sale (``as_it_ends``).

The unchanging board is drawn once per process (``render.ships.static``) and the pieces pasted on a
copy of it. Pieces carry their owner's colour and marker shape; ships carry the letter too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PIL import ImageDraw

from engine.core import View
from engine.ships.economy import GOLD_PER_VP, price
from engine.ships.state import REST_MERCHANT, REST_WARSHIP, AgeBoxes, ShipsView
from render.common import icons
from render.common.canvas import PaletteDraw, draw_text, palette_png
from render.common.fonts import font
from render.common.layout import Box, Point, center, highlight, inset, pil_box
from render.common.palette import INK, MUTED_INK, WHITE, PlayerStyle, player_style, shade

from . import panels as ships_panels
from . import players as ships_players
from .layout import CUBE, DISC, AgeGeom, board_geom, player_panels
from .pieces import counted, counted_width, cube, disc, ship
from .players import ERA_SHIP
from .static import (
    AREA_HEADER,
    ERA_FILL,
    FOOD_CORNER,
    REST_GOODS_W,
    WARSHIP_FILL,
    area_header,
    board_canvas,
    era_notes,
)

SHIP = 36
MARKER = 22  # an owner's marker standing for their ships in a crowded box
SMALL_MARKER = 20  # ... in a box so crowded they step up and down in two rows
SCORED_HEADER = shade(AREA_HEADER, 1.45)
SUPPLY_SIZE = 24  # the pool and decks lines
OPEN_PIECE = 28  # a player's cubes or discs in Area 7's boxes and the Spice Box


def layout_positions() -> dict[str, dict[str, Point]]:
    """Where pieces are drawn: ``{"trade": {trade box id: centre of its cube}, "city": {city
    space id: centre of its disc's face}}``. The pixel at each point shows the owner's colour
    when the space is taken."""
    geom = board_geom()
    return {
        "trade": {t: center(g.box) for t, g in geom.trade_boxes().items()},
        "city": {c: center(g.slot) for c, g in geom.city_spaces().items()},
    }


def _style(seat: int) -> PlayerStyle | None:
    try:
        return player_style(seat)
    except IndexError:
        return None


# ------------------------------------------------------------------ Ship Age track


def _owners(seats: list[int]) -> list[tuple[int, int]]:
    """(seat, ships) in the order each owner first placed in the box."""
    counts: dict[int, int] = {}
    for seat in seats:
        counts[seat] = counts.get(seat, 0) + 1
    return list(counts.items())


def _marker(draw: ImageDraw.ImageDraw, at: Point, size: int, style: PlayerStyle) -> Box:
    return icons.draw_player_marker(draw, at, size, style)


def _ship_box(draw: ImageDraw.ImageDraw, box: Box, seats: list[int], kind: str,
              warship: bool) -> None:
    """One ship counter per owner (with "xN" for several), in first-placed order. A crowded
    box shows smaller ships, then just the owners' markers and counts, then those stepping
    up and down in two rows (read left to right), then lets them overlap."""
    entries = [(s, n) for s, n in _owners(seats) if _style(s) is not None]
    if not entries:
        return
    top, bottom = box[1] + 28, box[3] - 2  # under the ship's name
    left, gap = box[0] + 4, 2
    corner = FOOD_CORNER if warship else 4
    # (piece size, count prefix, room kept at the right, rows)
    modes = [(SHIP, "x", corner, 1), (SHIP - 6, "x", corner, 1), (MARKER, "", 4, 1),
             (SMALL_MARKER, "", 4, 2)]
    for size, prefix, right, rows in modes:
        room = box[2] - right - left
        widths = [counted_width(size, n, prefix) for _, n in entries]
        # the step from one owner to the next: in two rows, the next but one must clear it
        step = max(widths) + gap if rows == 1 else max(size, (max(widths) + gap + 1) // 2)
        if len(entries) > 1 and rows == 2:
            step = max(step, min((room - widths[-1]) // (len(entries) - 1), max(widths) + gap))
        needed = (sum(widths) + gap * (len(widths) - 1) if rows == 1
                  else step * (len(widths) - 1) + widths[-1])
        if needed <= room:
            break
    drawer = _marker if prefix == "" else ship
    extra = None if drawer is _marker else kind
    if warship and right == 4:  # the pieces need the food symbol's corner
        draw.rectangle(pil_box((box[2] - FOOD_CORNER - 2, box[3] - FOOD_CORNER - 2,
                                box[2] - 3, box[3] - 3)), fill=WARSHIP_FILL)
    crowded = needed > room
    if rows == 1 and not crowded:
        xs, x = [], left
        for w in widths:
            xs.append(x)
            x += w + gap
    else:  # evenly spread; where they overlap, earlier ones stay on top
        spread = (room - widths[-1]) / max(len(widths) - 1, 1)
        if not crowded:
            spread = min(spread, step)
        xs = [left + round(i * spread) for i in range(len(widths))]
    half = (bottom - top) // 4
    for i, ((seat, n), x) in reversed(list(enumerate(zip(entries, xs, strict=True)))):
        cy = (top + bottom) // 2 + (0 if rows == 1 else half * (1 if i % 2 else -1))
        counted(draw, x, cy, size, n, drawer, player_style(seat), extra, halo=crowded,
                prefix=prefix)


def _boxes(age_geom: AgeGeom) -> Box:
    """An age's two ship boxes (its header, shared with the border badges, left out)."""
    return (age_geom.column[0], age_geom.merchant[1], age_geom.column[2], age_geom.warship[3])


def _ages(draw: ImageDraw.ImageDraw, view: ShipsView) -> None:
    geom = board_geom()
    for age_geom in geom.ages:
        index = age_geom.number - 1
        boxes = view.ages[index] if index < len(view.ages) else AgeBoxes()
        kind = ERA_SHIP.get(age_geom.era, "sail")
        if age_geom.number == view.present_age:
            ring = inset(_boxes(age_geom), -3)
            draw.rounded_rectangle(pil_box(ring), radius=8, outline=INK, width=3)
        _ship_box(draw, age_geom.merchant, boxes.merchant, kind, False)
        _ship_box(draw, age_geom.warship, boxes.warship, kind, True)
    for era_id, label, band in geom.eras:
        if era_id == view.era:  # the era in play
            draw.rounded_rectangle(pil_box(band), radius=8, fill=shade(ERA_FILL[era_id], 0.6),
                                   outline=INK, width=2)
            # the static label again, in white where it was; "now" beside it
            label_box = draw_text(draw, center(band), label, font(20, bold=True), fill=WHITE,
                                  anchor="mm")
            draw_text(draw, (label_box[2] + 10, center(band)[1]), "(now)", font(20, bold=True),
                      fill=WHITE, anchor="lm")
            if band == geom.eras[0][2]:  # the band's notes on the age headers, in white
                era_notes(draw, band, WHITE)


# ------------------------------------------------------------------ map


def _map(draw: ImageDraw.ImageDraw, view: ShipsView) -> None:
    geom = board_geom()
    for area in geom.areas:
        if area.number == view.area:
            area_header(draw, area.number, INK, WHITE, "now")
        elif area.number < view.area:
            area_header(draw, area.number, SCORED_HEADER, MUTED_INK, "scored")
    if view.area == 7:
        area_header(draw, 7, INK, WHITE, "now")
    trade = geom.trade_boxes()
    for space, seat in view.trade.items():
        style, g = _style(seat), trade.get(space)
        if style is not None and g is not None:
            cube(draw, center(g.box), CUBE, style)
    cities = geom.city_spaces()
    for space, seat in view.cities.items():
        style, c = _style(seat), cities.get(space)
        if style is not None and c is not None:
            disc(draw, center(c.slot), DISC, style)
    rest = geom.rest
    merchant = (rest.merchant[0] + 4, rest.merchant[1] + 26, rest.merchant[2] - REST_GOODS_W,
                rest.merchant[3] - 2)
    warship = (rest.warship[0] + 4, rest.warship[1] + 26, rest.warship[2] - 4,
               rest.warship[3] - 2)
    _counts(draw, merchant, view.rest_merchant, cube)
    _counts(draw, warship, view.rest_warship, disc)
    spice = geom.spice
    _counts(draw, (spice[0] + 6, spice[1] + 58, spice[2] - 4, spice[3] - 4),
            [p.spice_cubes for p in view.players], cube)


def _counts(draw: ImageDraw.ImageDraw, box: Box, counts: list[int],
            drawer: Callable[..., Box]) -> None:
    """Each player's pieces in an open box: one piece and a count, two players a row."""
    present = [(s, n) for s, n in enumerate(counts) if n > 0 and _style(s) is not None]
    if not present:
        return
    cols = 2
    rows = (len(present) + cols - 1) // cols
    cw = (box[2] - box[0]) // cols
    ch = min((box[3] - box[1]) // rows, 30)
    for i, (seat, n) in enumerate(present):
        x = box[0] + (i % cols) * cw
        cy = box[1] + (i // cols) * ch + ch // 2
        size = min(OPEN_PIECE, ch - 2)
        for smaller in (24, 18):  # smaller pieces where the count would not fit
            if counted_width(size, n) > cw - 2:
                size = smaller
        counted(draw, x, cy, size, n, drawer, player_style(seat))


def _supply(draw: ImageDraw.ImageDraw, box: Box, view: ShipsView) -> None:
    """The pool beside the board and the decks, in their box under the map."""
    y = box[1] + 18
    for line in ships_panels.supply_lines(view):
        ships_panels.draw_words(draw, (box[0] + 10, y), line, font(SUPPLY_SIZE))
        y += SUPPLY_SIZE + 6


# ------------------------------------------------------------------ highlights


def _highlights(draw: ImageDraw.ImageDraw, view: ShipsView) -> None:
    geom = board_geom()
    ages = set(view.last.ages) | set(view.current.ages)
    spaces = set(view.last.spaces) | set(view.current.spaces)
    scored = set(view.last.scored_areas) | set(view.current.scored_areas)
    for age_geom in geom.ages:
        if age_geom.number in ages:
            highlight(draw, _boxes(age_geom), pad=2, width=4)
    trade, cities = geom.trade_boxes(), geom.city_spaces()
    for space in spaces:
        if space in trade:
            highlight(draw, trade[space].box, pad=2, width=4, radius=6)
        elif space in cities:
            highlight(draw, cities[space].pill, pad=2, width=4, radius=14)
        elif space.startswith(REST_MERCHANT):
            highlight(draw, geom.rest.merchant, pad=2, width=4)
        elif space == REST_WARSHIP:
            highlight(draw, geom.rest.warship, pad=2, width=4)
    for area in geom.areas:
        if area.number in scored:
            highlight(draw, area.header, pad=1, width=4)
    if 7 in scored:
        highlight(draw, geom.rest.header, pad=1, width=4)


# ------------------------------------------------------------------ the end of the game


def final_sales(view: ShipsView) -> list[ships_panels.FinalSale] | None:
    """What each player's final sale turned into VP (None before the end): the game's last
    scoring sells every player's goods and turns their gold into VP, 2 gold for 1."""
    if not (view.finished or view.scores is not None):
        return None
    sales = []
    for player in view.players:
        gold = player.gold + sum(price(g) * n for g, n in player.goods.items())
        sales.append(ships_panels.FinalSale(player.goods_count(), player.gold,
                                            gold // GOLD_PER_VP))
    return sales


def as_it_ends(view: ShipsView) -> ShipsView:
    """The table as the game leaves it. The final scoring sells every player's goods and turns
    their gold into VP; the game's state keeps the goods and gold it scored (its VP already
    count them), so the final board shows what is left instead: no goods, and only the odd gold
    that made no VP. What was sold and spent goes back to the pool. A view already showing
    that (no goods, less gold than a VP costs) comes back the same; a game still on is left as
    it is."""
    if not (view.finished or view.scores is not None):
        return view
    supply = view.supply.model_copy(deep=True)
    players = []
    for player in view.players:
        sale = sum(price(g) * n for g, n in player.goods.items())
        left = (player.gold + sale) % GOLD_PER_VP
        for good, n in player.goods.items():
            supply.goods[good] = supply.goods.get(good, 0) + n
        supply.gold += player.gold - left  # the pool paid the sale and took back the VP's gold
        players.append(player.model_copy(update={"goods": {}, "gold": left}))
    return view.model_copy(update={"players": players, "supply": supply})


# ------------------------------------------------------------------ entry point


def render(view: View, names: Sequence[str]) -> bytes:
    """The board for ``view`` as PNG bytes; ``names`` are the players' names by seat."""
    if not isinstance(view, ShipsView):
        raise TypeError(f"the Ships renderer needs a ShipsView, not {type(view).__name__}")
    sales = final_sales(view)
    view = as_it_ends(view)
    image = board_canvas(len(view.players))  # on the board palette: design colours exact
    draw = PaletteDraw(image)  # crisp text, every colour drawn as its palette colour
    geom = board_geom()
    _ages(draw, view)
    _map(draw, view)
    ships_panels.status(draw, geom.status, view, names)
    if view.finished or view.scores is not None:
        ships_panels.results(draw, geom.cards, view, names, sales)
    else:
        ships_panels.cards(draw, geom.cards, view)
    _supply(draw, geom.supply, view)
    panels = player_panels(len(view.players))
    for seat, (player, box) in enumerate(zip(view.players, panels, strict=False)):
        style = _style(seat)
        if style is not None:
            active = seat == view.active and not view.finished
            ships_players.player_display(draw, box, player, style,
                                         ships_panels.seat_name(names, seat), active)
    _highlights(draw, view)
    return palette_png(image)
