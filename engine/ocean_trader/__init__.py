"""Ocean Trader (Clipper Games Ltd, 1988): rules, content and the standard bot."""

from .game import GAME, OceanTrader

__all__ = ["GAME", "OceanTrader"]
