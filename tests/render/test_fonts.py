"""Fonts: the board face loads, is cached, measures consistently, draws basic Latin as
Pillow's built-in face does and has the Latin-1 letters."""

from __future__ import annotations

import pytest
from PIL import ImageFont

from render.common.fonts import (
    FACE,
    displayable,
    ellipsize,
    fit_font,
    font,
    has_glyph,
    is_bold,
    line_height,
    stroke_width,
    text_size,
)

SIZES = [12, 18, 24, 32, 48, 72]


@pytest.mark.parametrize("size", SIZES)
def test_font_loads_as_scalable_freetype(size: int) -> None:
    f = font(size)
    assert isinstance(f, ImageFont.FreeTypeFont)
    assert f.size == size


def test_fonts_are_cached_per_size_and_weight() -> None:
    assert font(24) is font(24)
    assert font(24) is font(size=24, bold=False)
    assert font(24, bold=True) is not font(24)
    assert is_bold(font(24, bold=True)) and not is_bold(font(24))
    assert stroke_width(font(24)) == 0 < stroke_width(font(24, bold=True))


def test_bad_size_rejected() -> None:
    with pytest.raises(ValueError):
        font(0)


def test_text_size_grows_with_font_size() -> None:
    sizes = [text_size("Harbour of Genoa", font(s)) for s in SIZES]
    widths = [w for w, _ in sizes]
    heights = [h for _, h in sizes]
    assert widths == sorted(widths) and len(set(widths)) == len(widths)
    assert heights == sorted(heights) and len(set(heights)) == len(heights)


def test_text_size_grows_with_text_and_lines() -> None:
    f = font(24)
    assert text_size("Oil", f)[0] < text_size("Oil and wine", f)[0]
    one = text_size("Oil", f)
    two = text_size("Oil\nWine", f)
    assert two[1] == one[1] + line_height(f)
    assert text_size("x", font(24, bold=True))[0] > text_size("x", f)[0]


def test_line_height_independent_of_letters() -> None:
    f = font(24)
    assert text_size("ace", f)[1] == text_size("Ägypt", f)[1]


def test_fit_font_shrinks_to_fit() -> None:
    text = "A rather long harbour name"
    wide = fit_font(text, 2000, 40, 10)
    assert wide.size == 40
    narrow = fit_font(text, 200, 40, 10)
    assert 10 <= narrow.size < 40
    assert text_size(text, narrow)[0] <= 200
    assert text_size(text, font(int(narrow.size) + 1))[0] > 200


def test_fit_font_stops_at_min_size() -> None:
    assert fit_font("Too long for ten pixels", 10, 30, 14).size == 14


def test_ellipsize() -> None:
    f = font(24)
    assert ellipsize("Genoa", f, 500) == "Genoa"
    cut = ellipsize("The Most Serene Republic of Venice", f, 150)
    assert cut.endswith("…") and text_size(cut, f)[0] <= 150


def test_displayable_replaces_missing_glyphs() -> None:
    assert displayable("Plain ASCII 123") == "Plain ASCII 123"
    assert displayable("Łódź → Győr") == "Lódz -> Gyor"  # beyond Latin-1: near equivalents
    assert displayable("⚓") == "?"
    assert displayable("a\nb") == "a\nb"


def test_latin_1_draws_as_written() -> None:
    """The board face has the Latin-1 letters and the usual signs: "Lübeck" is drawn with its
    umlaut, not as "Lubeck"."""
    for text in ("Lübeck", "José — Straße", "Bjørn Østergaard", "Curaçao", "£100 × 2 – €5"):
        assert displayable(text) == text
        assert all(has_glyph(ch) for ch in text)


def test_an_umlaut_is_drawn_not_dropped() -> None:
    """The letter with its umlaut covers more pixels than the letter alone, and the board face
    does not draw it as its missing-glyph box."""
    f = font(40)
    plain, umlaut, missing = (f.getmask(ch) for ch in ("u", "ü", "\uffff"))
    assert bytes(umlaut) != bytes(missing)
    assert sum(bytes(umlaut)) > sum(bytes(plain))
    assert f.getbbox("ü")[1] < f.getbbox("u")[1]  # the dots stand above the letter


def test_basic_latin_draws_exactly_as_pillows_built_in_face() -> None:
    """The shipped face adds glyphs to Pillow's built-in one and changes none: every board
    drawn in basic Latin is the same, pixel for pixel."""
    import string

    for size in (20, 24, 36):
        ours, builtin = font(size), ImageFont.load_default(size=size)
        assert isinstance(builtin, ImageFont.FreeTypeFont)
        assert ours.getmetrics() == builtin.getmetrics()
        for text in [*string.printable[:95], "Harbour of Genoa", "VP 12 - Turn 3"]:
            assert ours.getlength(text) == builtin.getlength(text), text
            mine, theirs = ours.getmask2(text, "L"), builtin.getmask2(text, "L")
            assert mine[1] == theirs[1] and bytes(mine[0]) == bytes(theirs[0]), text


def test_the_board_face_ships_with_its_licence() -> None:
    assert FACE.is_file()
    licence = FACE.parent / "LICENSE"
    assert "CC0 1.0 Universal" in licence.read_text(encoding="utf-8")


def test_a_minus_sign_is_drawn_wide_enough_to_read_at_half_size() -> None:
    """The face's hyphen is too short to survive a phone's half-size copy of the board, and
    it has no minus sign: a hyphen that starts a number is drawn as the en dash, other
    hyphens stay."""
    assert displayable("-2 actions for every player") == "\u20132 actions for every player"
    assert displayable("east +2 west -2 (-1) pays -£50") == \
        "east +2 west \u20132 (\u20131) pays \u2013£50"
    assert displayable("x \u22123") == "x \u20133"
    assert displayable("B-12, 1-2, Ports-1, a - b") == "B-12, 1-2, Ports-1, a - b"
