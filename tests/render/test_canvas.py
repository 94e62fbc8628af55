"""Canvas: PNG output, text drawing and wrapping, panels and the static-image cache."""

from __future__ import annotations

import io
import random

from PIL import Image, ImageChops, ImageDraw

from render.common.canvas import (
    MAX_PNG_BYTES,
    board_problems,
    cached_static,
    clear_static_cache,
    draw_spaced,
    draw_text,
    draw_wrapped,
    new_canvas,
    panel,
    spaced_width,
    to_png,
    wrap_text,
)
from render.common.fonts import BODY_SIZE, font, text_size
from render.common.icons import (
    SHIP_KINDS,
    draw_die,
    draw_goods_token,
    draw_player_marker,
    draw_shape,
    draw_ship,
)
from render.common.layout import Grid, contains, inset
from render.common.palette import BACKGROUND, GOODS, INK, PLAYER_STYLES, SEA, WHITE

from .helpers import ink_box

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def _busy_board() -> Image.Image:
    """A crowded 1600x1000 board: shaded sea, a grid of pieces, numbers and text."""
    image, draw = new_canvas(1600, 1000)
    for y in range(1000):
        draw.line([(0, y), (1599, y)], fill=(SEA[0] - y // 20, SEA[1] - y // 25, SEA[2] - y // 30))
    grid = Grid.fit((10, 10, 1590, 990), 30, 18, gap=2)
    rng = random.Random(1234)
    goods = sorted(GOODS)
    for i, (col, row) in enumerate(grid):
        at = grid.center(col, row)
        kind = rng.randrange(5)
        if kind == 0:
            draw_player_marker(draw, at, 40, rng.choice(PLAYER_STYLES))
        elif kind == 1:
            draw_ship(draw, at, 44, rng.choice(PLAYER_STYLES).rgb, rng.choice(SHIP_KINDS))
        elif kind == 2:
            draw_goods_token(draw, at, 38, rng.choice(goods))
        elif kind == 3:
            draw_die(draw, at, 36, rng.randint(1, 6))
        else:
            draw_text(draw, at, str(i), font(22, bold=True), anchor="mm", outline=WHITE)
    return image


def test_new_canvas() -> None:
    image, draw = new_canvas(1600, 1000)
    assert image.size == (1600, 1000) and image.mode == "RGB"
    assert image.getpixel((0, 0)) == BACKGROUND
    draw.point((5, 5), fill=INK)
    assert image.getpixel((5, 5)) == INK


def test_flat_image_round_trips_exactly_as_palette_png() -> None:
    image, draw = new_canvas(1200, 700)
    for i, style in enumerate(PLAYER_STYLES):
        draw_shape(draw, style.shape, (100 + 180 * i, 300), 120, style.rgb)
    data = to_png(image)
    assert data.startswith(PNG_SIGNATURE)
    decoded = _decode(data)
    assert decoded.format == "PNG" and decoded.size == (1200, 700) and decoded.mode == "P"
    assert decoded.convert("RGB").tobytes() == image.tobytes()  # few colours: lossless


def test_text_image_round_trips_closely() -> None:
    image, draw = new_canvas(1200, 700)
    draw_player_marker(draw, (300, 300), 120, PLAYER_STYLES[0])
    draw_text(draw, (600, 100), "Turn 3: Orange sails to Lisbon", font(32, bold=True))
    decoded = _decode(to_png(image))
    assert decoded.size == (1200, 700) and decoded.mode == "P"
    diff = ImageChops.difference(decoded.convert("RGB"), image)
    assert max(diff.tobytes()) <= 16


def test_busy_board_stays_small() -> None:
    image = _busy_board()
    data = to_png(image)
    assert data.startswith(PNG_SIGNATURE)
    assert len(data) < MAX_PNG_BYTES
    decoded = _decode(data)
    assert decoded.size == (1600, 1000) and decoded.mode in ("P", "RGB")
    assert board_problems(image, data) == []


def test_noise_is_squeezed_under_the_ceiling() -> None:
    noise = Image.frombytes("RGB", (1600, 1000), random.Random(5).randbytes(1600 * 1000 * 3))
    data = to_png(noise)
    assert len(data) <= MAX_PNG_BYTES
    assert _decode(data).size == (1600, 1000)


def test_transparent_image_flattened() -> None:
    image = Image.new("RGBA", (1200, 600), (0, 0, 0, 0))
    data = to_png(image)
    assert _decode(data).convert("RGB").getpixel((10, 10)) == (255, 255, 255)


def test_board_problems() -> None:
    assert board_problems(Image.new("RGB", (1600, 900))) == []
    problems = board_problems(Image.new("RGB", (800, 900)))
    assert any("landscape" in p for p in problems) and any("narrower" in p for p in problems)


def test_draw_text_anchor_and_box() -> None:
    image, draw = new_canvas(400, 200, WHITE)
    box = draw_text(draw, (200, 100), "Genoa", font(BODY_SIZE), anchor="mm")
    ink = ink_box(image, WHITE)
    assert ink is not None and contains(box, ink)
    assert abs((ink[0] + ink[2]) / 2 - 200) <= 3 and abs((ink[1] + ink[3]) / 2 - 100) <= 4


def test_draw_text_outline_and_bold_add_ink() -> None:
    def ink_width(**kwargs: object) -> int:
        image, draw = new_canvas(400, 200, WHITE)
        draw_text(draw, (20, 50), "Venice", **kwargs)  # type: ignore[arg-type]
        box = ink_box(image, WHITE)
        assert box is not None
        return box[2] - box[0]

    plain = ink_width(font=font(30))
    assert ink_width(font=font(30, bold=True)) > plain
    assert ink_width(font=font(30), outline=SEA) > plain


def test_draw_text_multiline() -> None:
    image, draw = new_canvas(400, 300, WHITE)
    f = font(24)
    box = draw_text(draw, (20, 20), "Oil\nWine\nCloth", f)
    assert box[3] - box[1] > 2 * text_size("Oil", f)[1]
    ink = ink_box(image, WHITE)
    assert ink is not None and contains(box, ink)


def test_wrap_text_fits_width() -> None:
    f = font(24)
    text = "The fleet sails from Lisbon to Goa carrying cloth, wine and a great deal of oil."
    lines = wrap_text(text, f, 260)
    assert len(lines) > 1
    assert all(text_size(line, f)[0] <= 260 for line in lines)
    assert " ".join(lines) == text
    assert wrap_text("One\n\nTwo", f, 260) == ["One", "", "Two"]


def test_wrap_text_breaks_long_words() -> None:
    f = font(24)
    lines = wrap_text("Supercalifragilisticexpialidocious", f, 100)
    assert len(lines) > 1 and all(text_size(line, f)[0] <= 100 for line in lines)
    assert "".join(lines) == "Supercalifragilisticexpialidocious"


def test_draw_wrapped_stays_in_box() -> None:
    image, draw = new_canvas(500, 400, WHITE)
    box = (50, 50, 350, 160)
    bottom = draw_wrapped(draw, box, "word " * 200, font(24))
    ink = ink_box(image, WHITE)
    assert ink is not None and contains(box, ink)
    assert bottom <= box[3]


def test_panel_draws_inside_and_returns_content_box() -> None:
    image, draw = new_canvas(600, 400, WHITE)
    box = (40, 30, 560, 370)
    content = panel(draw, box, "Cargo hold")
    ink = ink_box(image, WHITE)
    assert ink is not None and contains(box, ink)
    assert contains(inset(box, 2), content)
    assert content[1] > box[1] + text_size("Cargo hold", font(30))[1]
    untitled = panel(draw, box)
    assert untitled[1] < content[1]


def test_cached_static_builds_once() -> None:
    clear_static_cache()
    calls: list[str] = []

    def build() -> Image.Image:
        calls.append("built")
        image, draw = new_canvas(300, 200)
        draw.rectangle((10, 10, 100, 100), fill=SEA)
        return image

    first = cached_static(("test-board", 1), build)
    second = cached_static(("test-board", 1), build)
    assert calls == ["built"]
    assert first is not second and first.tobytes() == second.tobytes()
    first.putpixel((50, 50), (0, 0, 0))  # a copy: drawing on it leaves the cache alone
    assert cached_static(("test-board", 1), build).getpixel((50, 50)) == SEA
    cached_static(("test-board", 2), build)
    assert calls == ["built", "built"]
    clear_static_cache()
    cached_static(("test-board", 1), build)
    assert len(calls) == 3
    clear_static_cache()


def test_a_spaced_bold_word_keeps_its_letters_apart() -> None:
    """Bold is the face with a stroke, which runs "rn" together into "m" (the Ships board's
    "Turn" tag read "Tum"); draw_spaced leaves a clear column between the letters, within the
    width spaced_width gives."""
    def columns(spaced: bool) -> list[bool]:
        image = Image.new("L", (80, 40), 0)
        draw = ImageDraw.Draw(image)
        bold = font(20, bold=True)
        if spaced:
            box = draw_spaced(draw, (4, 20), "rn", bold, fill=255, anchor="lm")
            assert box[2] - 4 <= spaced_width("rn", bold) + 1
        else:
            draw_text(draw, (4, 20), "rn", bold, fill=255, anchor="lm")
        inked = [any(image.getpixel((x, y)) > 96 for y in range(40)) for x in range(80)]
        first, last = inked.index(True), 79 - inked[::-1].index(True)
        return inked[first:last + 1]

    assert all(columns(spaced=False))  # the stroke closes the gap
    assert not all(columns(spaced=True))
