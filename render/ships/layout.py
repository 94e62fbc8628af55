"""Where everything on the Ships board goes, worked out once from the game data.

The board is 1600 x 1180: the turn's status strip across the top (large enough to read on a
phone showing the board at a third of its size), the Ship Age track under it, the map (areas
2-7, the Spice Box and the legend) below that on the left, the cards on display on the right,
and one display per player along the bottom. Boxes are ``(x0, y0, x1, y1)`` with exclusive far
edges.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from engine.ships.content import ships_content
from engine.ships.content_models import GoldBox, GoodsBox, Location
from engine.ships.state import city_space_id, trade_box_id
from render.common.layout import Box, Point, center, inset, split_h, split_v

WIDTH, HEIGHT = 1600, 1180
MARGIN = 8
GAP = 8

# The status strip: whose turn, what they must do, the scores, what the last turn changed
STATUS_H = 96
STATUS = (MARGIN, MARGIN, WIDTH - MARGIN, MARGIN + STATUS_H)

# Ship Age track
ERA_BAND_H = 26
AGE_HEADER_H = 34  # the age, its first-ship VP and the border cost badges, read at half size
SHIP_BOX_H = 66  # the ship's name, then a counter under it
TRACK = (MARGIN, STATUS[3] + GAP, WIDTH - MARGIN,
         STATUS[3] + GAP + ERA_BAND_H + 4 + AGE_HEADER_H + 2 + 2 * SHIP_BOX_H + 4)

# Map, status and cards
MIDDLE_TOP = TRACK[3] + GAP
PLAYERS_H = 236
MIDDLE_BOTTOM = HEIGHT - MARGIN - PLAYERS_H - GAP
MAP = (MARGIN, MIDDLE_TOP, 1072, MIDDLE_BOTTOM)
SIDE = (MAP[2] + GAP, MIDDLE_TOP, WIDTH - MARGIN, MIDDLE_BOTTOM)
PLAYERS = (MARGIN, MIDDLE_BOTTOM + GAP, WIDTH - MARGIN, HEIGHT - MARGIN)

AREA_HEADER_H = 28
ROW_H = 32  # one location
AREA_PAD = 4
TRADE_BOX = 30  # side of a trade box square
PIECE = 28  # a city space's disc slot
CUBE = 32  # a cube on a trade box: as tall as the row, so it reads at half size
DISC = 30  # a disc on a city space
NAME_W = 140  # "North America" whole
PILL_W = 129  # a city space: a disc slot and its benefit, "+2 cube" in 24 px
PILL_H = 28
SPICE_W = 150  # a title and twelve rows
REST_MERCHANT_W = 200  # Area 7's merchant box (its warship box takes the rest)
SUPPLY_H = 66  # the pool beside the board and the decks, two lines


@dataclass(frozen=True)
class AgeGeom:
    number: int
    era: str
    column: Box
    header: Box
    merchant: Box
    warship: Box


@dataclass(frozen=True)
class TradeGeom:
    id: str
    box: Box
    kind: str  # goods, spice, gold
    good: str | None
    amount: int


@dataclass(frozen=True)
class CityGeom:
    id: str
    pill: Box
    slot: Box  # the disc's square
    gain: str
    amount: int


@dataclass(frozen=True)
class LocationGeom:
    id: str
    name: str
    row: Box
    trade: tuple[TradeGeom, ...]
    cities: tuple[CityGeom, ...]


@dataclass(frozen=True)
class AreaGeom:
    number: int
    name: str
    vp: int
    border: int
    frame: Box
    header: Box
    locations: tuple[LocationGeom, ...]


@dataclass(frozen=True)
class RestGeom:
    frame: Box
    header: Box
    merchant: Box
    warship: Box
    name: str
    vp: int
    border: int
    warship_vp: int
    goods: tuple[str, ...]


@dataclass(frozen=True)
class BoardGeom:
    ages: tuple[AgeGeom, ...]
    eras: tuple[tuple[str, str, Box], ...]  # (era id, label, band)
    areas: tuple[AreaGeom, ...]
    rest: RestGeom
    spice: Box
    legend: Box
    supply: Box
    status: Box  # the strip across the top
    cards: Box  # the right-hand column

    def trade_boxes(self) -> dict[str, TradeGeom]:
        return {t.id: t for a in self.areas for loc in a.locations for t in loc.trade}

    def city_spaces(self) -> dict[str, CityGeom]:
        return {c.id: c for a in self.areas for loc in a.locations for c in loc.cities}


def _ages() -> tuple[tuple[AgeGeom, ...], tuple[tuple[str, str, Box], ...]]:
    content = ships_content()
    ages = content.ages.ages
    columns = split_h(TRACK, len(ages), gap=6)
    band_y = (TRACK[1], TRACK[1] + ERA_BAND_H)
    top = band_y[1] + 4
    out = []
    for age, col in zip(ages, columns, strict=True):
        header = (col[0], top, col[2], top + AGE_HEADER_H)
        merchant = (col[0], header[3] + 2, col[2], header[3] + 2 + SHIP_BOX_H)
        warship = (col[0], merchant[3] + 4, col[2], merchant[3] + 4 + SHIP_BOX_H)
        out.append(AgeGeom(age.age, age.era, (col[0], top, col[2], warship[3]), header,
                           merchant, warship))
    eras = []
    for era in content.ages.eras:
        cols = [g.column for g in out if g.era == era.id]
        if cols:
            band = (cols[0][0], band_y[0], cols[-1][2], band_y[1])
            eras.append((era.id, era.name, band))
    return tuple(out), tuple(eras)


def _location(loc: Location, row: Box) -> LocationGeom:
    cy = (row[1] + row[3]) // 2
    x = row[0] + NAME_W
    trade = []
    for i, box in enumerate(loc.trade_boxes):
        square = (x, cy - TRADE_BOX // 2, x + TRADE_BOX, cy - TRADE_BOX // 2 + TRADE_BOX)
        if isinstance(box, GoodsBox):
            kind, good, amount = "goods", box.good, 0
        elif isinstance(box, GoldBox):
            kind, good, amount = "gold", None, box.amount
        else:
            kind, good, amount = "spice", None, 0
        trade.append(TradeGeom(trade_box_id(loc.id, i), square, kind, good, amount))
        x += TRADE_BOX + 4
    x = row[0] + NAME_W + 3 * (TRADE_BOX + 4) + 6
    cities = []
    for i, space in enumerate(loc.city_spaces):
        pill = (x, cy - PILL_H // 2, x + PILL_W, cy - PILL_H // 2 + PILL_H)
        slot = (x + 1, cy - PIECE // 2, x + 1 + PIECE, cy - PIECE // 2 + PIECE)
        cities.append(CityGeom(city_space_id(loc.id, i), pill, slot, space.gain,
                               space.amount))
        x += PILL_W + 6
    return LocationGeom(loc.id, loc.name, row, tuple(trade), tuple(cities))


def _area_height(locations: int) -> int:
    return AREA_HEADER_H + locations * ROW_H + 2 * AREA_PAD


def _areas() -> tuple[tuple[AreaGeom, ...], RestGeom, Box, Box, Box]:
    content = ships_content()
    col_a, col_b = split_h(MAP, 2, gap=GAP)
    by_number = {a.area: a for a in content.areas.areas}
    # Areas 2 and 3 (and then Area 7 and the Spice Box) on the left, 4 to 6 on the right.
    columns: list[list[int]] = [[n for n in (2, 3) if n in by_number],
                                [n for n in sorted(by_number) if n not in (2, 3)]]
    out: list[AreaGeom] = []
    bottoms = []
    for col, numbers in zip((col_a, col_b), columns, strict=True):
        y = col[1]
        for n in numbers:
            area = by_number[n]
            frame = (col[0], y, col[2], y + _area_height(len(area.locations)))
            header = (frame[0], frame[1], frame[2], frame[1] + AREA_HEADER_H)
            locs = []
            ry = header[3] + AREA_PAD
            for loc in area.locations:
                row = (frame[0] + 8, ry, frame[2] - 8, ry + ROW_H)
                locs.append(_location(loc, row))
                ry += ROW_H
            border = area.border_cost.value if area.border_cost else 0
            out.append(AreaGeom(n, area.name.value, area.vp_value, border, frame, header,
                                tuple(locs)))
            y = frame[3] + 6
        bottoms.append(y)
    rest = content.rest_of_world
    supply = (col_a[0], col_a[3] - SUPPLY_H, col_a[2], col_a[3])
    bottom = (col_a[0], bottoms[0], col_a[2], supply[1] - 6)
    frame = (bottom[0], bottom[1], bottom[2] - SPICE_W - GAP, bottom[3])
    header = (frame[0], frame[1], frame[2], frame[1] + AREA_HEADER_H)
    inner = (frame[0] + 8, header[3] + 4, frame[2] - 8, frame[3] - 6)
    # the merchant box is the wider: its counts share it with the goods on offer, two a row
    merchant = (inner[0], inner[1], inner[0] + REST_MERCHANT_W, inner[3])
    warship = (merchant[2] + 8, inner[1], inner[2], inner[3])
    excluded = set(rest.merchant_box.excluded_goods)
    goods = tuple(g.good for g in rest.merchant_box.goods_choice if g.good not in excluded)
    rest_geom = RestGeom(frame, header, merchant, warship, rest.name.value, rest.vp_value,
                         rest.border_cost.value, rest.warship_box.vp, goods)
    spice = (frame[2] + GAP, bottom[1], bottom[2], bottom[3])
    legend = (col_b[0], bottoms[1], col_b[2], col_b[3])
    return tuple(out), rest_geom, spice, legend, supply


@functools.cache
def board_geom() -> BoardGeom:
    ages, eras = _ages()
    areas, rest, spice, legend, supply = _areas()
    return BoardGeom(ages, eras, areas, rest, spice, legend, supply, STATUS, SIDE)


@functools.cache
def player_panels(seats: int) -> tuple[Box, ...]:
    """One display per seat along the bottom, left to right in seat order."""
    return tuple(split_h(PLAYERS, max(seats, 1), gap=GAP)[:seats])


def piece_centre(box: Box) -> Point:
    return center(box)


def rows(box: Box, heights: list[int], gap: int = 0) -> list[Box]:
    """Rows of fixed heights stacked from the top of ``box``."""
    out, y = [], box[1]
    for h in heights:
        out.append((box[0], y, box[2], y + h))
        y += h + gap
    return out


__all__ = [
    "HEIGHT", "WIDTH", "AgeGeom", "AreaGeom", "BoardGeom", "CityGeom", "LocationGeom",
    "RestGeom", "TradeGeom", "board_geom", "center", "inset", "player_panels", "rows", "split_v",
]
