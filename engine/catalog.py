"""The one place where real games are registered with the platform.

Adding a game means adding its package here (and its renderer in ``render.catalog``)."""

from __future__ import annotations

import importlib

from engine.core import registry

GAME_MODULES: tuple[str, ...] = ("engine.ships", "engine.ocean_trader", "engine.empires")


def load() -> None:
    """Imports every game package; each registers its game object on import."""
    for name in GAME_MODULES:
        module = importlib.import_module(name)
        registry.register(module.GAME)
