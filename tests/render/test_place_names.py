"""Every place a game's data names draws in the board font as written: no letter of it falls
back to the face's missing-glyph box, and none is swapped for a near equivalent ("Lübeck", not
"Lubeck"). The contract suite checks the same of each game's score unit; a game that adds a
board adds its places here (``PLACES`` must cover every renderer)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from PIL import Image, ImageDraw

from render import catalog
from render.common.canvas import draw_text
from render.common.fonts import displayable, font, has_glyph

DATA = Path(__file__).resolve().parents[2] / "data"


def _ships() -> list[str]:
    from engine.ships.content import ships_content

    c = ships_content()
    names = [c.rest_of_world.name.value]
    for area in c.areas.areas:
        names.append(area.name.value)
        names += [loc.name for loc in area.locations]
    return names


def _empires() -> list[str]:
    from engine.empires.content import empires_content

    m = empires_content().map
    return [m.atlantic.name, m.americas.name] + [p.name for p in m.ports] \
        + sorted({p.continent for p in m.ports})


def _ocean_trader() -> list[str]:
    from engine.ocean_trader.content import ocean_trader_content

    c = ocean_trader_content()
    return [p.name for p in c.ports.ports] + sorted({p.region for p in c.ports.ports}) \
        + [r.name for r in c.routes.routes if r.name]


PLACES: dict[str, Callable[[], list[str]]] = {
    "ships": _ships, "empires": _empires, "ocean_trader": _ocean_trader,
}


def _missing(name: str) -> list[str]:
    """The characters of ``name`` the board font cannot draw as they are."""
    return [ch for ch in name if not ch.isspace() and not has_glyph(ch)]


def test_every_game_with_a_board_names_its_places() -> None:
    assert set(PLACES) == set(catalog.RENDER_MODULES)


@pytest.mark.parametrize("game_id", sorted(PLACES))
def test_every_place_name_draws_without_a_missing_glyph(game_id: str) -> None:
    names = PLACES[game_id]()
    assert len(names) >= 10
    problems = {name: _missing(name) for name in names if _missing(name)}
    assert not problems, f"{game_id}: letters the board font lacks: {problems}"
    assert [name for name in names if displayable(name) != name] == []


def test_lubeck_keeps_its_umlaut_on_the_ships_board() -> None:
    assert "Lübeck" in _ships()

    def drawn(text: str) -> bytes:
        image = Image.new("RGB", (200, 40), (0, 0, 0))
        draw_text(ImageDraw.Draw(image), (4, 4), text, font(20), fill=(255, 255, 255))
        return image.convert("L").tobytes()

    assert drawn("Lübeck") != drawn("Lubeck")
    assert sum(drawn("Lübeck")) > sum(drawn("Lubeck"))  # the dots over the u


def _names(node: Any, where: str) -> Iterator[tuple[str, str]]:
    """Every ``name:`` string in a YAML tree (a plain string, or a sourced ``value``)."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "name":
                if isinstance(value, dict):
                    value = value.get("value")
                if isinstance(value, str):
                    yield where, value
            yield from _names(value, f"{where}.{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _names(value, f"{where}[{i}]")


def test_every_name_in_the_game_data_draws_without_a_missing_glyph() -> None:
    """Cards, nations, goods and places alike: whatever a board may draw by its name."""
    found = 0
    problems = []
    for path in sorted(DATA.glob("*/*.yaml")):
        for where, name in _names(yaml.safe_load(path.read_text(encoding="utf-8")), ""):
            found += 1
            if _missing(name):
                problems.append(f"{path.relative_to(DATA)}{where}: {name!r} {_missing(name)}")
    assert found > 100
    assert not problems, "\n".join(problems)
