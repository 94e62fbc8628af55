"""Small helpers for the lines the engine writes: counts with the right plural, articles and a
capital at the start of a line."""

from __future__ import annotations

from collections.abc import Sequence

_VOWELS = "aeiou"


def count(n: int, word: str, many: str | None = None) -> str:
    """``count(1, "cube")`` is "1 cube", ``count(2, "cube")`` "2 cubes"."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def article(phrase: str) -> str:
    """"a merchant cube", "an oil"."""
    return f"{'an' if phrase[:1].lower() in _VOWELS else 'a'} {phrase}"


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def listing(parts: Sequence[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]
