"""The Ships board read as players see it, on a phone at half size: a player's pieces never
pass for gold coins, and the border costs, the ship boxes' counts, the goods codes, the stock,
the pool and decks and the cubes on the trade boxes are all large enough to read."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image, ImageDraw

from engine.ships.content import ships_content
from render import ships
from render.common import icons
from render.common.canvas import clear_static_cache
from render.common.layout import Box
from render.common.palette import PANEL, PLAYER_STYLES, contrast_ratio, player_style
from render.common.record import Drawn, recording
from render.ships import pieces as ships_pieces
from render.ships import players as ships_players
from render.ships import static as ships_static
from render.ships.layout import CUBE, TRADE_BOX, board_geom, player_panels
from render.ships.sample import sample_view

NAMES = ["Ann", "Ben", "Chen", "Dora"]
GOODS = ("food", "oil", "wine", "metal", "cloth", "spice")


def _notes(seats: int = 4, seed: int = 1, crowded: bool = False) -> list[Drawn]:
    """Everything one board drew, the static board included."""
    clear_static_cache()  # so the cached board is drawn again, under the recording
    try:
        with recording() as notes:
            ships.render(sample_view(seats=seats, seed=seed, crowded=crowded), NAMES[:seats])
    finally:
        clear_static_cache()
    return notes


def _centre(box: Box) -> tuple[int, int]:
    return (box[0] + box[2]) // 2, (box[1] + box[3]) // 2


def _inside(point: tuple[int, int], box: Box) -> bool:
    return box[0] <= point[0] < box[2] and box[1] <= point[1] < box[3]


# ------------------------------------------------------------------ pieces and gold


def _half(paint: Callable[[ImageDraw.ImageDraw, tuple[int, int]], Any], size: int) -> Image.Image:
    side = size + 8
    image = Image.new("RGB", (side, side), PANEL)
    paint(ImageDraw.Draw(image), (side // 2, side // 2))
    return image.resize((side // 2, side // 2), Image.LANCZOS)


def _mean_middle(image: Image.Image, radius: float = 4) -> tuple[float, ...]:
    """The mean colour of the middle of a piece, as the eye averages it at half size."""
    w, h = image.size
    pixels = [image.getpixel((x, y)) for x in range(w) for y in range(h)
              if (x - w / 2 + 0.5) ** 2 + (y - h / 2 + 0.5) ** 2 <= radius ** 2]
    return tuple(sum(p[i] for p in pixels) / len(pixels) for i in range(3))  # type: ignore[index]


def _distance(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    return float(sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5)


@pytest.mark.parametrize("seat", range(len(PLAYER_STYLES)))
def test_the_owners_shape_on_a_piece_stands_out_from_their_colour(seat: int) -> None:
    """The shape on a cube or disc is drawn in the owner's ink, black or white, whichever
    stands out more from their colour (white on yellow or orange hardly showed)."""
    style = player_style(seat)
    assert contrast_ratio(style.rgb, style.text) >= 4.5
    for piece, size in ((ships_pieces.cube, CUBE), (ships_pieces.disc, 22)):
        image = Image.new("RGB", (size + 8, size + 8), PANEL)
        piece(ImageDraw.Draw(image), ((size + 8) // 2, (size + 8) // 2), size, style)
        inked = sum(1 for p in image.get_flattened_data() if p == style.text)
        assert inked >= size // 2, (piece.__name__, inked)


def test_an_orange_disc_is_no_gold_coin_at_half_size() -> None:
    """Player 1's orange is close to gold: at half size the middle of an orange disc in the
    Gold row of a four-player display must still look far from a coin's beside it (a white
    ring on orange read as a coin's rim)."""
    orange, slot = player_style(0), ships_players.SLOT
    coin = _half(lambda d, at: icons.draw_coin(d, at, slot - 2), slot)
    piece = _half(lambda d, at: ships_pieces.disc(d, at, slot - 4, orange), slot)
    assert _distance(_mean_middle(coin), _mean_middle(piece)) >= 100


# ------------------------------------------------------------------ type sizes


def test_the_border_costs_on_the_age_track_read_at_half_size() -> None:
    """Every age's navigation cost is written at least 24 px tall (12 at half size; it was
    21), wholly on its badge, clear of the age numbers beside it."""
    geom = board_geom()
    costs = {a.border_cost.value for a in ships_content().ages.ages if a.border_cost}
    header = geom.ages[0].header
    notes = _notes()
    drawn = [d for d in notes if d.kind == "text" and d.text.isdigit()
             and int(d.text) in costs and header[1] <= _centre(d.box)[1] < header[3]
             and any(abs(_centre(d.box)[0] - a.header[0]) <= 6 for a in geom.ages)]
    assert len(drawn) >= len(costs)
    assert min(d.box[3] - d.box[1] for d in drawn) >= 24


def test_the_counts_in_crowded_ship_boxes_read_at_half_size() -> None:
    """The counts beside the ships and markers in the ship boxes ("x2", "3") are at least
    19 px tall (they were 17), even where four owners share a box."""
    geom = board_geom()
    boxes = [b for a in geom.ages for b in (a.merchant, a.warship)]
    notes = _notes(crowded=True)
    counts = [d for d in notes if d.kind == "text" and d.text.lstrip("x").isdigit()
              and any(_inside(_centre(d.box), b) for b in boxes)]
    assert len(counts) >= 8
    assert min(d.box[3] - d.box[1] for d in counts) >= 19


def test_four_owners_in_one_ship_box_do_not_cover_one_another() -> None:
    """Where the owners' markers and counts do not fit one row, they step up and down in two,
    every marker whole: no count runs over another owner's marker."""
    geom = board_geom()
    box = geom.ages[-1].merchant
    view = sample_view(seats=4, seed=1)
    view.ages[-1].merchant = [0, 1, 2, 3] * 3
    clear_static_cache()
    with recording() as notes:
        ships.render(view, NAMES)
    inside = [d for d in notes if _inside(_centre(d.box), box)]
    markers = [d for d in inside if d.kind == "piece"]
    counts = [d for d in inside if d.kind == "text" and d.text == "3"]
    assert len(markers) == 4 and len(counts) == 4
    for count in counts:
        for marker in markers:
            w = min(count.box[2], marker.box[2]) - max(count.box[0], marker.box[0])
            h = min(count.box[3], marker.box[3]) - max(count.box[1], marker.box[1])
            assert w <= 2 or h <= 3, (count.box, marker.box)


@pytest.mark.parametrize("size", sorted({ships_players.SLOT, ships_players.WIDE_SLOT, TRADE_BOX,
                                         ships_static.LEGEND_TOKEN, ships_static.REST_TOKEN,
                                         ships_static.FOOD_TOKEN}))
def test_goods_codes_are_type_that_reads_at_half_size(size: int,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Every goods token the board draws writes its code ("F", "Cl") in type of at least
    20 px (it was about 12: 6 px at half size), within the token. (Spice, whose code is the
    widest, is never drawn smaller than a trade box's token.)"""
    drawn: list[tuple[str, int, Box]] = []
    original = ships_pieces.draw_text

    def noting(draw: ImageDraw.ImageDraw, xy: tuple[int, int], text: str, f: Any,
               **kwargs: Any) -> Box:
        box = original(draw, xy, text, f, **kwargs)
        drawn.append((text, f.size, box))
        return box

    monkeypatch.setattr(ships_pieces, "draw_text", noting)
    for good in GOODS if size >= 28 else GOODS[:-1]:
        image = Image.new("RGB", (size + 8, size + 8), PANEL)
        at = ((size + 8) // 2, (size + 8) // 2)
        token = ships_pieces.goods_token.__wrapped__(ImageDraw.Draw(image), at, size, good)
        text, type_size, box = drawn[-1]
        assert type_size >= 20, (good, type_size)
        assert token[0] <= box[0] and box[2] <= token[2], (good, box, token)


def test_the_stock_reads_at_half_size() -> None:
    """The stock's icons are 28 px (14 at half size; they were 24) on every display."""
    notes = _notes(seats=4)
    for box in player_panels(4):
        stock = ships_players.Geometry(box).rows[2]
        icons_drawn = [d for d in notes if d.kind == "piece" and _inside(_centre(d.box), stock)
                       and d.box[0] < stock[0] + ships_players.label_w(stock) + 200]
        assert len(icons_drawn) >= 4
        assert min(d.box[3] - d.box[1] for d in icons_drawn) >= 28


def test_the_pool_and_decks_read_at_half_size() -> None:
    """The pool and decks lines under the map are in 24 px type (they were 20)."""
    supply = board_geom().supply
    words = [d for d in _notes() if d.kind == "text" and _inside(_centre(d.box), supply)]
    assert any(d.text == "Pool:" for d in words) and any(d.text == "Decks" for d in words)
    capitals = [d for d in words if d.text in ("Pool:", "Decks")]
    assert min(d.box[3] - d.box[1] for d in capitals) >= 18


def test_cubes_on_trade_boxes_are_as_tall_as_a_row() -> None:
    """A cube on a trade box is 32 px tall (16 at half size; it was 28)."""
    trade = board_geom().trade_boxes()
    view = sample_view(seats=4, seed=1)
    with recording() as notes:
        ships.render(view, NAMES)
    centres = {_centre(trade[s].box) for s in view.trade}
    cubes = [d for d in notes if d.kind == "piece" and d.text == "cube"
             and _centre(d.box) in centres]
    assert cubes and min(d.box[3] - d.box[1] for d in cubes) >= 32


def _header_parts(notes: list[Drawn]) -> list[tuple[Drawn, Drawn, Drawn, list[Drawn]]]:
    """Per age: its number, its chip's VP number and "VP", and the border badges (pieces and
    their costs) either side of it."""
    geom = board_geom()
    out = []
    for a in geom.ages:
        header = a.header
        band = [d for d in notes if header[1] <= _centre(d.box)[1] < header[3]]
        near = [d for d in band if header[0] - 24 <= _centre(d.box)[0] < header[2] + 24]
        badges = [d for d in near if any(abs(_centre(d.box)[0] - b.header[0] + 3) <= 4
                                         for b in geom.ages)]
        inside = [d for d in near if d not in badges and d.kind == "text"
                  and _inside(_centre(d.box), header)]
        digits = sorted((d for d in inside if d.text.isdigit()), key=lambda d: d.box[0])
        unit = [d for d in inside if d.text == "VP"]
        assert len(digits) == 2 and len(unit) == 1, (a.number, inside)
        out.append((digits[0], digits[1], unit[0], badges))
    return out


def test_the_age_track_header_reads_at_half_size() -> None:
    """Each age's header says its number in type at least 24 px (its digits 19 px tall; they
    were 24 px type, 17 px digits), and the VP its first ship scores in a chip of its own
    with the number at least 22 px type (it was "1VP" in 20 px: 7 px digits at half size)
    and "VP" smaller after it (20 px); both stand clear of the border badges either side, the
    navigation costs, by at least 2 px."""
    content = ships_content()
    notes = _notes()
    parts = _header_parts(notes)
    sizes = []
    for age, (number, vp, unit, badges) in zip(content.ages.ages, parts, strict=True):
        assert number.text == str(age.age) and vp.text == str(age.first_ship_vp.value)
        assert number.box[2] < vp.box[0] and vp.box[2] <= unit.box[0]
        assert number.box[3] - number.box[1] >= 19, (age.age, number.box)
        assert vp.box[3] - vp.box[1] >= 18, (age.age, vp.box)
        assert unit.box[3] - unit.box[1] < vp.box[3] - vp.box[1]
        sizes.append(min(number.box[3] - number.box[1], vp.box[3] - vp.box[1]))
        for badge in badges:
            for mine in (number, vp, unit):
                gap = max(badge.box[0] - mine.box[2], mine.box[0] - badge.box[2])
                assert gap >= 2, (age.age, mine, badge)
    # most ages have the room for larger still: digits 21 px tall
    assert sum(1 for s in sizes if s >= 21) >= len(sizes) - 1, sizes


def test_city_benefits_read_at_half_size_within_their_spaces() -> None:
    """Every city space's benefit ("+2 cube", "3 VP") is in 24 px type (it was 20), its ink
    within its space, clear of the disc's slot, and no two spaces of a row overlap."""
    cities = board_geom().city_spaces()
    words = {ships_static.benefit(c.gain, c.amount) for c in cities.values()}
    notes = _notes()
    for c in cities.values():
        text = ships_static.benefit(c.gain, c.amount)
        drawn = [d for d in notes if d.kind == "text" and d.text == text
                 and _inside(_centre(d.box), c.pill)]
        assert len(drawn) == 1, (c.id, text)
        box = drawn[0].box
        assert c.slot[2] <= box[0] and box[2] <= c.pill[2], (c.id, box, c.pill)
        digits = [d for d in notes if d.kind == "text" and d.text in words
                  and d.box[3] - d.box[1] >= 17 and _inside(_centre(d.box), c.pill)]
        assert digits, (c.id, box)  # 24 px: digits 17 px tall (20 px made 14)
    pills = sorted(c.pill for c in cities.values())
    for a in pills:
        for b in pills:
            if a < b:
                assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)


def test_pieces_in_the_open_boxes_read_at_half_size() -> None:
    """The players' cubes and discs in Area 7's boxes and the Spice Box are 28 px (14 at half
    size; they were 24), each count clear of the next player's piece."""
    geom = board_geom()
    view = sample_view(seats=4, seed=1)
    view.rest_merchant, view.rest_warship = [2, 3, 1, 4], [1, 2, 3, 1]
    for p in view.players:
        p.spice_cubes = 2
    with recording() as notes:
        ships.render(view, NAMES)
    for box in (geom.rest.merchant, geom.rest.warship, geom.spice):
        inside = [d for d in notes if _inside(_centre(d.box), box)]
        pieces = [d for d in inside if d.kind == "piece" and d.text in ("cube", "disc")]
        assert len(pieces) == 4, (box, inside)
        assert min(d.box[3] - d.box[1] for d in pieces) >= 28
        for d in inside:
            for e in inside:
                if d is not e and d.kind != e.kind:
                    w = min(d.box[2], e.box[2]) - max(d.box[0], e.box[0])
                    h = min(d.box[3], e.box[3]) - max(d.box[1], e.box[1])
                    assert w <= 1 or h <= 1, (d, e)


def _supply_words(view: Any) -> str:
    supply = board_geom().supply
    with recording() as notes:
        ships.render(view, NAMES)
    words = [d for d in notes if d.kind == "text" and _inside(_centre(d.box), supply)]
    return " ".join(d.text for d in sorted(words, key=lambda d: (d.box[1] // 20, d.box[0])))


def test_only_the_decks_still_to_come_are_on_the_board() -> None:
    """An era's cards left in its deck never come back (the Galley leftovers go back in the
    box; no card replaces one taken): the decks line names only the eras still to come, and
    once the last era is on it says the leftovers are out of play. It read "Decks: Galley 6,
    Sailing 8, Steamship 17" all game."""
    view = sample_view(seats=4, seed=1)
    view.deck_sizes = {"galley": 6, "sailing": 8, "steam": 17}
    view.era = "sailing"
    line = _supply_words(view)
    assert "Decks to come: Steamship 17" in line, line
    assert "Galley" not in line and "Sailing" not in line, line
    view.era = "galley"
    assert "Decks to come: Sailing 8, Steamship 17" in _supply_words(view)
    view.era = "steam"
    line = _supply_words(view)
    decks = line[line.index("Decks"):]
    assert "Galley" not in decks and "Steamship" not in decks and "17" not in decks, line
    assert "out of play" in decks, line


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_cubes_parked_in_action_boxes_read_at_half_size(seats: int) -> None:
    """The cubes parked in a display's action boxes are as large as the box has room for:
    26 px on a two- or three-player display (13 at half size; they were 20), never smaller
    than 20, each wholly in its box and clear of the box's label and count."""
    view = sample_view(seats=seats, seed=1)
    with recording() as notes:
        ships.render(view, NAMES[:seats])
    sizes = []
    for box in player_panels(seats):
        for cell in ships_players.Geometry(box).actions.values():
            inside = [d for d in notes if _inside(_centre(d.box), cell)]
            pieces = [d for d in inside if d.kind == "piece"]
            texts = [d for d in inside if d.kind == "text"]
            for p in pieces:
                assert cell[0] <= p.box[0] and p.box[2] <= cell[2], (cell, p)
                assert cell[1] <= p.box[1] and p.box[3] <= cell[3], (cell, p)
                sizes.append(p.box[3] - p.box[1])
                for t in texts:
                    w = min(p.box[2], t.box[2]) - max(p.box[0], t.box[0])
                    assert w <= 1, (p, t)
    assert sizes and min(sizes) >= 20
    if seats <= 3:
        assert min(sizes) >= 26, sizes


@pytest.mark.parametrize("seed", [1, 2])
def test_the_first_era_band_says_what_the_age_headers_chips_and_badges_mean(seed: int) -> None:
    """The first era's band explains the age headers: "VP" chip "first ship in the age" at
    its left and a border badge "nav to open" at its right, within the band and clear of the
    era's name and its "(now)", whether the era is in play (seed 2) or past (seed 1)."""
    band = board_geom().eras[0][2]
    view = sample_view(seats=4, seed=seed)
    clear_static_cache()
    try:
        with recording() as notes:
            ships.render(view, NAMES)
    finally:
        clear_static_cache()
    inside = [d for d in notes if _inside(_centre(d.box), band)]
    texts = {d.text: d for d in inside if d.kind == "text"}
    assert {"VP", "first ship in the age", "nav to open", "Galley era"} <= set(texts), texts
    assert any(d.kind == "piece" and d.text == "draw_navigation_counter" for d in inside)
    for d in inside:
        assert band[0] <= d.box[0] and d.box[2] <= band[2], d
    label = [d for d in inside if d.text in ("Galley era", "(now)")]
    for note in ("first ship in the age", "nav to open"):
        for d in label:
            assert texts[note].box[2] < d.box[0] or d.box[2] < texts[note].box[0], (note, d)
