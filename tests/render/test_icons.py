"""Icons: every piece draws something inside its square and nothing outside it."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pytest
from PIL import Image, ImageDraw

from render.common.fonts import font
from render.common.icons import (
    SHIP_KINDS,
    draw_card,
    draw_coin,
    draw_cube,
    draw_die,
    draw_disc,
    draw_goods_token,
    draw_industry_counter,
    draw_navigation_counter,
    draw_player_label,
    draw_player_marker,
    draw_shape,
    draw_ship,
    shape_points,
)
from render.common.layout import Box, Point, contains, icon_box
from render.common.palette import GOODS, PLAYER_STYLES, SHAPES, PlayerStyle

from .helpers import ink_box

BG = (255, 0, 255)  # magenta: used by no piece, so any change is the piece's ink
ORANGE, BLUE = PLAYER_STYLES[0].rgb, PLAYER_STYLES[1].rgb
Painter = Callable[[ImageDraw.ImageDraw, Point, int], Box]

ICONS: dict[str, Painter] = {
    "cube": lambda d, at, s: draw_cube(d, at, s, ORANGE),
    "disc": lambda d, at, s: draw_disc(d, at, s, BLUE),
    "coin": lambda d, at, s: draw_coin(d, at, s),
    "coin-value": lambda d, at, s: draw_coin(d, at, s, 10),
    "goods-oil": lambda d, at, s: draw_goods_token(d, at, s, "oil"),
    "goods-spice": lambda d, at, s: draw_goods_token(d, at, s, GOODS["spice"]),
    "goods-unknown": lambda d, at, s: draw_goods_token(d, at, s, "porcelain"),
    "navigation": lambda d, at, s: draw_navigation_counter(d, at, s, BLUE),
    "navigation-value": lambda d, at, s: draw_navigation_counter(d, at, s, BLUE, 4),
    "industry": lambda d, at, s: draw_industry_counter(d, at, s, ORANGE),
    "industry-value": lambda d, at, s: draw_industry_counter(d, at, s, ORANGE, 2),
    "card": lambda d, at, s: draw_card(d, at, s),
    "card-title": lambda d, at, s: draw_card(d, at, s, title="Storm"),
    "card-back": lambda d, at, s: draw_card(d, at, s, back=True),
    **{f"ship-{kind}": partial(draw_ship, fill=ORANGE, kind=kind) for kind in SHIP_KINDS},
    **{f"die-{n}": partial(draw_die, value=n) for n in range(1, 7)},
    **{f"marker-{st.name}": partial(draw_player_marker, style=st) for st in PLAYER_STYLES},
}

SIZES = [16, 33, 64, 121]


def _paint(painter: Painter, size: int) -> tuple[Image.Image, Box, Box]:
    image = Image.new("RGB", (size * 3, size * 3), BG)
    at = (size * 3 // 2, size * 3 // 2)
    returned = painter(ImageDraw.Draw(image), at, size)
    return image, icon_box(at, size), returned


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", sorted(ICONS))
def test_icon_draws_inside_its_box(name: str, size: int) -> None:
    image, box, returned = _paint(ICONS[name], size)
    ink = ink_box(image, BG)
    assert ink is not None, "nothing drawn"
    assert contains(box, returned), (box, returned)
    assert contains(returned, ink), (returned, ink)
    # the piece fills most of its square in at least one direction
    assert max(ink[2] - ink[0], ink[3] - ink[1]) >= 0.8 * size
    # background just outside the box on every side
    x0, y0, x1, y1 = box
    for x in range(x0 - 1, x1 + 1):
        assert image.getpixel((x, y0 - 1)) == BG and image.getpixel((x, y1)) == BG
    for y in range(y0 - 1, y1 + 1):
        assert image.getpixel((x0 - 1, y)) == BG and image.getpixel((x1, y)) == BG
    # and the centre of the box is painted
    cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
    assert any(image.getpixel((cx + dx, cy + dy)) != BG for dx in (-1, 0, 1) for dy in (-1, 0, 1))


@pytest.mark.parametrize("shape", SHAPES)
def test_shapes_inside_box(shape: str) -> None:
    at, size = (100, 100), 60
    box = icon_box(at, size)
    for x, y in shape_points(shape, at, size):
        assert box[0] <= x <= box[2] - 1 and box[1] <= y <= box[3] - 1
    image = Image.new("RGB", (200, 200), BG)
    draw_shape(ImageDraw.Draw(image), shape, at, size, ORANGE)
    ink = ink_box(image, BG)
    assert ink is not None and contains(box, ink)


def test_unknown_shape_and_ship_rejected() -> None:
    draw = ImageDraw.Draw(Image.new("RGB", (50, 50)))
    with pytest.raises(ValueError):
        shape_points("moon", (25, 25), 20)
    with pytest.raises(ValueError):
        draw_ship(draw, (25, 25), 20, ORANGE, kind="submarine")


@pytest.mark.parametrize("st", PLAYER_STYLES, ids=lambda s: s.name)
def test_marker_shows_letter(st: PlayerStyle) -> None:
    plain = Image.new("RGB", (120, 120), BG)
    draw_shape(ImageDraw.Draw(plain), st.shape, (60, 60), 80, st.rgb)
    marked = Image.new("RGB", (120, 120), BG)
    draw_player_marker(ImageDraw.Draw(marked), (60, 60), 80, st)
    assert plain.tobytes() != marked.tobytes()


def test_markers_differ_between_players() -> None:
    images = {_paint(ICONS[f"marker-{st.name}"], 64)[0].tobytes() for st in PLAYER_STYLES}
    assert len(images) == len(PLAYER_STYLES)


def test_die_faces_differ_and_range_checked() -> None:
    faces = {_paint(ICONS[f"die-{n}"], 48)[0].tobytes() for n in range(1, 7)}
    assert len(faces) == 6
    draw = ImageDraw.Draw(Image.new("RGB", (50, 50)))
    for bad in (0, 7):
        with pytest.raises(ValueError):
            draw_die(draw, (25, 25), 40, bad)


def test_ship_kinds_differ() -> None:
    ships = {_paint(ICONS[f"ship-{k}"], 64)[0].tobytes() for k in SHIP_KINDS}
    assert len(ships) == len(SHIP_KINDS)


def test_card_is_portrait() -> None:
    _, _, card = _paint(ICONS["card"], 70)
    assert card[3] - card[1] > card[2] - card[0]


def test_player_label() -> None:
    image = Image.new("RGB", (400, 80), BG)
    box = draw_player_label(ImageDraw.Draw(image), (10, 10), PLAYER_STYLES[2], "Zheng He", font(24))
    ink = ink_box(image, BG)
    assert ink is not None and contains(box, ink)
    assert box[2] - box[0] > 100
