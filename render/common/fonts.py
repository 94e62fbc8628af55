"""Fonts and text measurement.

Every font is the board face shipped in ``render/fonts/Aileron-Regular.ttf``: Pillow's
built-in scalable face (``ImageFont.load_default(size=...)``, Aileron Regular cut down to basic
Latin) with the Latin-1 letters and signs of the complete Aileron added, loaded with Pillow's
basic layout as ``load_default`` loads it, so basic Latin draws exactly as the built-in face
draws it and "Lübeck" keeps its umlaut. Rendering never depends on fonts installed on the
host. The face has no bold weight; a bold font is the same face drawn with a thin stroke in the
text colour (:func:`stroke_width` says how thick), which :func:`render.common.canvas.draw_text`
applies. Text is passed through :func:`displayable` before it is measured or drawn: a character
the face lacks becomes a near equivalent (accents dropped, arrows spelt "->") or "?".
"""

from __future__ import annotations

import io
import math
import re
import unicodedata
import weakref
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from PIL import ImageFont

Font = ImageFont.FreeTypeFont

FACE = Path(__file__).resolve().parents[1] / "fonts" / "Aileron-Regular.ttf"

# Sizes that stay readable on a phone when a 1600 px wide board is shown at half scale.
TITLE_SIZE = 40
HEADING_SIZE = 30
BODY_SIZE = 24
SMALL_SIZE = 20  # the least for anything a player must read

_BOLD: weakref.WeakSet[Font] = weakref.WeakSet()


def font(size: int, bold: bool = False) -> Font:
    """The board face at ``size`` pixels, cached; ``bold`` thickens it."""
    if size < 1:
        raise ValueError(f"font size must be positive, not {size}")
    return _load(int(size), bool(bold))


@cache
def _face() -> bytes:
    try:
        return FACE.read_bytes()
    except OSError as exc:
        raise RuntimeError(f"the board font {FACE} cannot be read: {exc}") from exc


@cache
def _load(size: int, bold: bool) -> Font:
    try:  # the basic layout, as load_default uses: the same advances and kerning as before
        loaded = ImageFont.truetype(io.BytesIO(_face()), size,
                                    layout_engine=ImageFont.Layout.BASIC)
    except ImportError as exc:
        raise RuntimeError("Pillow was built without FreeType; scalable fonts are unavailable") \
            from exc
    if bold:
        _BOLD.add(loaded)
    return loaded


_SUBSTITUTES = {
    "\u2014": "-", "\u2013": "-", "\u2212": "\u2013", "\u2022": "*", "\u00d7": "x",
    "\u2192": "->", "\u2190": "<-", "\u00a0": " ", "\u00f8": "o", "\u00d8": "O",
    "\u00df": "ss", "\u00e6": "ae", "\u00c6": "AE", "\u0153": "oe", "\u0152": "OE",
    "\u0142": "l", "\u0141": "L", "\u0111": "d", "\u0110": "D", "\u00fe": "th",
}


def _glyph(ch: str) -> tuple[tuple[int, int], bytes]:
    mask = _load(24, False).getmask(ch)
    return mask.size, bytes(mask)


@lru_cache(maxsize=4096)
def has_glyph(ch: str) -> bool:
    """True when the board face draws ``ch`` (rather than its missing-glyph box)."""
    return ch.isspace() or _glyph(ch) != _glyph("\uffff")


# a hyphen that starts a number ("-2 actions", "west -2", "-£50") is a minus sign; the face
# has none (U+2212), and its hyphen is so short that a phone's half-size copy of the board
# drops it ("2 actions"): such a hyphen, and a true minus sign, are drawn as the en dash
_MINUS = re.compile(r"(?<![\w)\]])[-\u2212](?=[0-9£])")


def displayable(text: str) -> str:
    """``text`` with every character the board face lacks replaced by a near equivalent
    (accents dropped, dashes to hyphens) or "?", and a minus sign drawn wide enough to read
    at half size (``_MINUS``)."""
    return _displayable(text) if len(text) <= 200 else _substitute(text)


@lru_cache(maxsize=8192)
def _displayable(text: str) -> str:
    return _substitute(text)


def _substitute(text: str) -> str:
    if "-" in text or "\u2212" in text:
        text = _MINUS.sub("\u2013", text)
    if all(ch == "\n" or has_glyph(ch) for ch in text):
        return text
    out = []
    for ch in text:
        if ch == "\n" or has_glyph(ch):
            out.append(ch)
        elif ch in _SUBSTITUTES:
            out.append(_SUBSTITUTES[ch])
        else:
            base = "".join(c for c in unicodedata.normalize("NFKD", ch) if has_glyph(c))
            base = "".join(c for c in base if not unicodedata.combining(c))
            out.append(base or "?")
    return "".join(out)


def is_bold(f: Font) -> bool:
    """True for fonts made by ``font(..., bold=True)``."""
    return f in _BOLD


def stroke_width(f: Font) -> int:
    """The stroke that makes a bold font look bold (0 for regular fonts)."""
    return max(1, round(f.size / 22)) if is_bold(f) else 0


def line_height(f: Font, spacing: float = 1.2) -> int:
    """Distance between baselines of wrapped lines."""
    ascent, descent = f.getmetrics()
    return math.ceil((ascent + descent) * spacing) + 2 * stroke_width(f)


def text_width(text: str, f: Font) -> int:
    """Advance width of one line of text, including any bold stroke."""
    return _width(text, f)


@lru_cache(maxsize=8192)
def _width(text: str, f: Font) -> int:
    return math.ceil(f.getlength(displayable(text))) + 2 * stroke_width(f)


# Rendering text with FreeType is most of what a board costs, and boards repeat their labels
# turn after turn, so a line's glyph mask is rendered once and blitted after that. The masks
# depend only on what is drawn (font, text, mask mode, anchor, stroke, sub-pixel start), never
# on where or in what colour, so one cache serves every seat's view. lru_cache is thread-safe.

@lru_cache(maxsize=4096)
def text_mask(
    f: Font, text: str, mode: str, anchor: str, stroke: float, start: tuple[float, float]
) -> tuple[Any, tuple[int, int]]:
    """Pillow's mask for one line of text and its offset from the anchor point (exactly what
    ``ImageDraw.text`` would render)."""
    return f.getmask2(text, mode, None, None, None, stroke, anchor, 0, start, stroke_filled=True)


@lru_cache(maxsize=4096)
def crisp_text_mask(
    f: Font, text: str, anchor: str, stroke: float, start: tuple[float, float]
) -> tuple[Any, tuple[int, int]]:
    """``text_mask`` in mode "1" with every pixel fully on or off (a stroked line comes back
    from FreeType with soft edges even then): covered at least half is ink. For drawing on a
    palette image, where a soft edge cannot be blended."""
    mask, offset = text_mask(f, text, "1", anchor, stroke, start)
    if stroke:
        mask = mask.point(_HALF, None)
    return mask, offset


_HALF = [0] * 128 + [255] * 128


@lru_cache(maxsize=8192)
def text_bbox(f: Font, text: str, anchor: str, stroke: float) -> tuple[float, float, float, float]:
    """The box of one line of text drawn at (0, 0), as ``ImageDraw.textbbox`` on an RGB image
    gives it."""
    return f.getbbox(text, "L", None, None, None, stroke, anchor)


def text_size(text: str, f: Font) -> tuple[int, int]:
    """Width and height of the text block (lines split on newlines). Height is a whole number
    of font lines (ascent + descent), so equal-sized labels line up whatever their letters."""
    lines = text.split("\n")
    ascent, descent = f.getmetrics()
    height = ascent + descent + 2 * stroke_width(f)
    if len(lines) > 1:
        height += (len(lines) - 1) * line_height(f)
    return max(text_width(line, f) for line in lines), height


def fit_font(
    text: str, max_width: int, start_size: int, min_size: int = SMALL_SIZE, bold: bool = False
) -> Font:
    """The largest font from ``start_size`` down to ``min_size`` in which ``text`` fits
    ``max_width``; ``min_size`` if none does (pair with :func:`ellipsize`)."""
    for size in range(start_size, min_size - 1, -1):
        f = font(size, bold)
        if text_size(text, f)[0] <= max_width:
            return f
    return font(min_size, bold)


def ellipsize(text: str, f: Font, max_width: int, ellipsis: str = "…") -> str:
    """``text`` cut short with an ellipsis so it fits ``max_width`` (unchanged if it fits)."""
    text = displayable(text)
    if text_width(text, f) <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if text_width(text[:mid].rstrip() + ellipsis, f) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ellipsis if lo else ""
