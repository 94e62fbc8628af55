"""Empires at Sea (Deluxe Edition): rules, content and the standard bot."""

from .game import GAME, EmpiresAtSea

__all__ = ["EmpiresAtSea", "GAME"]
