"""Ships (Martin Wallace, 2015): rules, content and the standard bot."""

from .game import GAME, Ships

__all__ = ["GAME", "Ships"]
