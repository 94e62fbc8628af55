"""Palette: player styles are told apart by colour, letter and shape; text on colour reads."""

from __future__ import annotations

import itertools

import pytest

from render.common.palette import (
    GOODS,
    PLAYER_STYLES,
    RGB,
    SHAPES,
    PlayerStyle,
    contrast_ratio,
    goods_style,
    player_style,
    relative_luminance,
    shade,
    text_colour_on,
)

AA_TEXT = 4.5  # WCAG AA contrast for normal text

# Vienot et al. (1999) dichromat simulation matrices, applied in linear RGB.
CVD = {
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protan": ((0.11238, 0.88762, 0), (0.11238, 0.88762, 0), (0.00401, -0.00401, 1)),
    "deutan": ((0.29275, 0.70725, 0), (0.29275, 0.70725, 0), (-0.02234, 0.02234, 1)),
}


def _simulate(rgb: RGB, matrix: tuple[tuple[float, ...], ...]) -> tuple[float, ...]:
    def lin(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    def enc(c: float) -> float:
        c = min(max(c, 0.0), 1.0)
        return 255 * (12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055)

    linear = [lin(v) for v in rgb]
    return tuple(enc(sum(m * c for m, c in zip(row, linear, strict=True))) for row in matrix)


def test_six_players() -> None:
    assert len(PLAYER_STYLES) == 6
    assert [player_style(i) for i in range(6)] == PLAYER_STYLES
    with pytest.raises(IndexError):
        player_style(6)


def test_names_letters_shapes_colours_distinct() -> None:
    for field in ("name", "rgb", "letter", "shape"):
        values = [getattr(s, field) for s in PLAYER_STYLES]
        assert len(set(values)) == len(values), field
    assert {s.shape for s in PLAYER_STYLES} == set(SHAPES)
    for s in PLAYER_STYLES:
        assert len(s.letter) == 1 and s.letter.isupper() and s.name.startswith(s.letter)


@pytest.mark.parametrize("vision", sorted(CVD))
def test_player_colours_apart_under_colour_blindness(vision: str) -> None:
    for a, b in itertools.combinations(PLAYER_STYLES, 2):
        sa, sb = _simulate(a.rgb, CVD[vision]), _simulate(b.rgb, CVD[vision])
        distance = sum((x - y) ** 2 for x, y in zip(sa, sb, strict=True)) ** 0.5
        assert distance > 45, (vision, a.name, b.name, round(distance))


@pytest.mark.parametrize("style", PLAYER_STYLES, ids=lambda s: s.name)
def test_player_text_contrast(style: PlayerStyle) -> None:
    assert contrast_ratio(style.rgb, style.text) >= AA_TEXT


@pytest.mark.parametrize("name", sorted(GOODS))
def test_goods_styles(name: str) -> None:
    g = GOODS[name]
    assert g.name == name
    assert 1 <= len(g.code) <= 2
    assert contrast_ratio(g.rgb, g.text) >= AA_TEXT


def test_common_goods_present_and_distinct() -> None:
    for name in ("oil", "wine", "cloth", "spice", "metal", "food", "gold"):
        assert name in GOODS
    assert len({g.rgb for g in GOODS.values()}) == len(GOODS)
    assert len({g.code for g in GOODS.values()}) == len(GOODS)


def test_goods_lookup_case_and_unknown() -> None:
    assert goods_style("Wine") is GOODS["wine"]
    tea = goods_style("tea")
    assert tea == goods_style("TEA")  # stable
    assert tea.code == "Te"


def test_contrast_helpers() -> None:
    assert relative_luminance((0, 0, 0)) == 0
    assert relative_luminance((255, 255, 255)) == pytest.approx(1)
    assert contrast_ratio((0, 0, 0), (255, 255, 255)) == pytest.approx(21)
    assert text_colour_on((250, 250, 250)) != (255, 255, 255)
    assert text_colour_on((10, 10, 40)) == (255, 255, 255)
    assert shade((100, 100, 100), 0.5) == (50, 50, 50)
    assert shade((100, 100, 100), 2.0) == (255, 255, 255)
