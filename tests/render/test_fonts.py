"""Fonts: the built-in scalable face loads, is cached, and measures consistently."""

from __future__ import annotations

import pytest
from PIL import ImageFont

from render.common.fonts import (
    displayable,
    ellipsize,
    fit_font,
    font,
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
    assert displayable("José — Straße") == "Jose - Strasse"
    assert displayable("⚓") == "?"
    assert displayable("a\nb") == "a\nb"
