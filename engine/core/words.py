"""Small helpers for the lines every game's engine writes: counts with the right plural, a
capital at the start of a line, a list joined with "and"."""

from __future__ import annotations

from collections.abc import Sequence


def count(n: int, word: str, many: str | None = None) -> str:
    """``count(1, "cube")`` is "1 cube", ``count(2, "cube")`` "2 cubes"."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def listing(parts: Sequence[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]
