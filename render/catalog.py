"""Renderers by game id: each turns a game's View into PNG bytes."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence

from engine.core import View

# render(view, seat_names) -> PNG bytes
Renderer = Callable[[View, Sequence[str]], bytes]

RENDER_MODULES: dict[str, str] = {
    "ships": "render.ships",
    "empires": "render.empires",
    "ocean_trader": "render.ocean_trader",
}
_RENDERERS: dict[str, Renderer] = {}


def register(game_id: str, renderer: Renderer) -> None:
    _RENDERERS[game_id] = renderer


def get(game_id: str) -> Renderer:
    if game_id not in _RENDERERS and game_id in RENDER_MODULES:
        module = importlib.import_module(RENDER_MODULES[game_id])
        register(game_id, module.render)
    try:
        return _RENDERERS[game_id]
    except KeyError:
        raise KeyError(f"No renderer for {game_id!r}.") from None


def draw(game_id: str, view: View, names: Sequence[str]) -> bytes:
    """The board PNG for a view: a plain function of picklable arguments, so it can run in a
    worker process."""
    return get(game_id)(view, names)
