"""From the layout itself, on positions seeded games reach: no two texts of a board collide,
no label hides under a piece, nothing leaves the canvas and no text is cut short. Each game's
public board and a seat's own board are checked."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from engine.core import Game, registry
from render import catalog
from render.common.canvas import clear_static_cache
from render.common.record import layout_problems, recording
from tests.contract.playout import played

NAMES = ["Player 1", "Bot 2 (strong)", "Marguerite", "Bot 4 (easy)", "Player 5", "Anna (bot)"]
POSITIONS = 8  # spread over the game, the last one final

CASES = [
    ("ships", 2, 21), ("ships", 4, 22),
    ("empires", 2, 23), ("empires", 4, 24),
    ("ocean_trader", 2, 25), ("ocean_trader", 4, 26),
]


def _problems(game: Game[Any], view: Any, seats: int) -> list[str]:
    with recording() as notes:
        png = catalog.draw(game.id, view, NAMES[:seats])
    size = Image.open(io.BytesIO(png)).size
    return layout_problems(notes, size)


@pytest.mark.parametrize("game_id,seats,seed", CASES)
def test_no_text_collides_hides_or_leaves_the_board(game_id: str, seats: int, seed: int) -> None:
    clear_static_cache()  # the static board's texts are noted as it is drawn
    game = registry.get(game_id)
    states = played(game, seats, seed).states
    picks = sorted({round(i * (len(states) - 1) / (POSITIONS - 1)) for i in range(POSITIONS)})
    found: dict[str, str] = {}
    for i in picks:
        for seat in (None, i % seats):
            for problem in _problems(game, game.view(states[i], seat), seats):
                found.setdefault(problem, f"move {i}, seat {seat}")
    assert not found, "\n".join(f"{where}: {p}" for p, where in found.items())


def test_the_check_finds_collisions_hidden_labels_cuts_and_overflow() -> None:
    from render.common.canvas import PaletteDraw, draw_text
    from render.common.fonts import font
    from render.common.icons import draw_player_marker
    from render.common.palette import player_style
    image = Image.new("RGB", (400, 200), (255, 255, 255)).quantize(256)
    draw = PaletteDraw(image)
    f = font(20)
    with recording() as notes:
        draw_text(draw, (10, 10), "Santo Domingo", f)
        draw_text(draw, (60, 14), "Port Royal", f)  # over the first
        draw_player_marker(draw, (40, 80), 30, player_style(0))
        draw_text(draw, (10, 76), "Havana", f)  # drawn across the marker
        draw_text(draw, (200, 80), "Nassau", f)
        draw_player_marker(draw, (220, 90), 40, player_style(1))  # hides Nassau
        draw_text(draw, (300, 150), "Cartagena Willemstad", f)  # off the right edge
        draw_text(draw, (10, 150), "Sell any of your goods…", f)
    problems = layout_problems(notes, image.size)
    assert any("'Santo Domingo'" in p and "'Port Royal'" in p and "overlap" in p for p in problems)
    assert any("'Havana'" in p and "runs over" in p for p in problems)
    assert any("'Nassau'" in p and "hidden under" in p for p in problems)
    assert any("'Cartagena Willemstad'" in p and "leaves" in p for p in problems)
    assert any("cut short" in p for p in problems)
    assert len(problems) == 5, problems

    with recording() as notes:
        draw_player_marker(draw, (40, 80), 60, player_style(0))
        draw_text(draw, (40, 80), "3", f, anchor="mm")  # a label on the piece
        draw_text(draw, (10, 150), "Bordeaux", f)
    assert layout_problems(notes, image.size) == []
