"""The games the platform knows. ``engine.catalog`` registers the real ones."""

from __future__ import annotations

from typing import Any

from .protocol import Game

_GAMES: dict[str, Game[Any]] = {}


def register(game: Game[Any]) -> Game[Any]:
    existing = _GAMES.get(game.id)
    if existing is not None and type(existing) is not type(game):
        raise ValueError(f"two games claim the id {game.id!r}")
    _GAMES[game.id] = game
    return game


def get(game_id: str) -> Game[Any]:
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise KeyError(f"No game {game_id!r} (games: {known}).") from None


def all_games() -> list[Game[Any]]:
    return [_GAMES[k] for k in sorted(_GAMES)]
