"""Canvases, text, panels, PNG output and the cache for a board's unchanging parts."""

from __future__ import annotations

import io
import math
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import lru_cache, wraps
from typing import Any, TypeVar, cast

from PIL import Image, ImageChops, ImageColor, ImageDraw

from .fonts import (
    HEADING_SIZE,
    Font,
    crisp_text_mask,
    displayable,
    ellipsize,
    font,
    line_height,
    stroke_width,
    text_bbox,
    text_mask,
    text_size,
    text_width,
)
from .layout import Box, Point, inset, pil_box
from .palette import BACKGROUND, INK, PANEL, PANEL_BORDER, RGB
from .record import Drawn, note_piece, note_text, paused, recording, replay

MIN_WIDTH = 1200  # every posted board is landscape and at least this wide
MAX_PNG_BYTES = 1_500_000  # hard ceiling for a posted board
PALETTE_BUDGET = 1_000_000  # a palette PNG up to this size is kept without trying RGB


def new_canvas(
    width: int, height: int, bg: RGB = BACKGROUND
) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A fresh RGB image filled with ``bg`` and a drawing context for it."""
    image = Image.new("RGB", (width, height), bg)
    return image, ImageDraw.Draw(image)


class PaletteDraw(ImageDraw.ImageDraw):
    """A drawing context for a board kept on its fixed palette from the start (a "P" image,
    see ``render.common.snapping``): colours are given as RGB like anywhere else and drawn as
    the palette colour ``snapping.snap`` would turn them into, so drawing on the palette image
    gives the same picture as drawing in RGB and snapping it, without the quantising (nor the
    three times larger copy of the static board). Text is drawn crisp ("1" masks), as it must
    be on a palette image. The palette is never extended."""

    def __init__(self, image: Image.Image) -> None:
        if image.mode != "P":
            raise ValueError(f"PaletteDraw needs a palette image, not {image.mode}")
        super().__init__(image)
        self.image = image
        self._colours = bytes(image.getpalette() or [])
        self._inks: dict[Any, int] = {}  # this context's own: colour -> drawing ink

    def _ink(self, colour: Any) -> int:
        if isinstance(colour, list):
            colour = tuple(colour)
        ink = self._inks.get(colour)
        if ink is None:
            rgb = ImageColor.getrgb(colour) if isinstance(colour, str) else colour
            if isinstance(rgb, tuple):
                rgb = palette_index(self._colours, (rgb[0], rgb[1], rgb[2]))
            ink = self._inks[colour] = self.draw.draw_ink(rgb)
        return ink

    def _getink(self, ink: Any, fill: Any = None) -> tuple[int | None, int | None]:
        if ink is None and fill is None:
            return super()._getink(ink, fill)
        return (None if ink is None else self._ink(ink), None if fill is None else self._ink(fill))

    def stamp(self, key: Hashable, at: Point, reach: int,
              paint: Callable[[ImageDraw.ImageDraw, Point], Box]) -> Box:
        """What ``paint(draw, at)`` draws, pasted from a sprite drawn once per process (per
        palette and ``key``, which must name everything ``paint`` draws). ``paint`` must stay
        within ``reach`` pixels of ``at`` and only set pixels (as all drawing on a palette
        image does); the same pixels come out, moved to ``at``."""
        piece, mask, offset, box = _sprite((self._colours, key), reach, paint)
        if piece is not None and mask is not None:
            x, y = at[0] + offset[0], at[1] + offset[1]
            w, h = piece.size
            # the core paste (clipped to the image) skips Image.paste's checks, per piece
            self.im.paste(piece.im, (x, y, x + w, y + h), mask.im)
        return box[0] + at[0], box[1] + at[1], box[2] + at[0], box[3] + at[1]


Sprite = tuple[Image.Image | None, Image.Image | None, Point, Box]
_SPRITES: OrderedDict[Hashable, Sprite] = OrderedDict()
_SPRITES_LOCK = threading.Lock()
SPRITE_CACHE_SIZE = 2048  # small pieces, cropped to what they draw: a few MB at most


def _sprite(key: tuple[bytes, Hashable], reach: int,
            paint: Callable[[ImageDraw.ImageDraw, Point], Box]) -> Sprite:
    with _SPRITES_LOCK:
        found = _SPRITES.get(key)
        if found is not None:
            _SPRITES.move_to_end(key)
            return found
    side = 2 * reach + 1
    drawn: list[Image.Image] = []
    touched: list[Image.Image] = []
    box: Box = (0, 0, 0, 0)
    for bg in (0, 1):  # a pixel is drawn when it is not the background on either canvas
        canvas = Image.new("P", (side, side), bg)
        canvas.putpalette(key[0])
        got = paint(PaletteDraw(canvas), (reach, reach))
        box = (got[0] - reach, got[1] - reach, got[2] - reach, got[3] - reach)
        drawn.append(canvas)
        raw = Image.frombytes("L", canvas.size, canvas.tobytes())
        touched.append(raw.point([0 if v == bg else 255 for v in range(256)]))
    mask = ImageChops.lighter(touched[0], touched[1])
    bbox = mask.getbbox()
    if bbox is None:
        sprite: Sprite = (None, None, (0, 0), box)
    else:
        sprite = (drawn[1].crop(bbox), mask.crop(bbox), (bbox[0] - reach, bbox[1] - reach), box)
    with _SPRITES_LOCK:
        _SPRITES[key] = sprite
        while len(_SPRITES) > SPRITE_CACHE_SIZE:
            _SPRITES.popitem(last=False)
    return sprite


Piece = TypeVar("Piece", bound=Callable[..., Box])


def stamped(reach: float = 1.0, margin: int = 8) -> Callable[[Piece], Piece]:
    """Decorate a piece drawer ``f(draw, at, size, *args)`` (hashable arguments, drawing
    within ``reach * size + margin`` pixels of ``at``) so that on a ``PaletteDraw`` it is
    drawn once per process and pasted after that (``PaletteDraw.stamp``). Other drawing
    contexts, or a point off the pixel grid, get the drawer itself."""

    def decorate(fn: Piece) -> Piece:
        name = (fn.__module__, fn.__qualname__)

        @wraps(fn)
        def piece(draw: ImageDraw.ImageDraw, at: Point, size: int, *args: Any,
                  **kwargs: Any) -> Box:
            with paused():
                box = _piece(draw, at, size, args, kwargs)
            note_piece(box, fn.__name__)
            return box

        def _piece(draw: ImageDraw.ImageDraw, at: Point, size: int, args: tuple[Any, ...],
                   kwargs: dict[str, Any]) -> Box:
            if (not isinstance(draw, PaletteDraw) or type(at[0]) is not int
                    or type(at[1]) is not int):
                return fn(draw, at, size, *args, **kwargs)
            key = (name, size, args, tuple(sorted(kwargs.items())))
            try:
                hash(key)
            except TypeError:
                return fn(draw, at, size, *args, **kwargs)
            return draw.stamp(key, at, int(reach * size) + margin,
                              lambda d, c: fn(d, c, size, *args, **kwargs))

        return cast(Piece, piece)

    return decorate


@lru_cache(maxsize=4096)
def palette_index(colours: bytes, rgb: RGB) -> int:
    """The index ``rgb`` is snapped to on the palette ``colours`` (raw RGB triplets), by the
    same quantiser that snaps whole images (bounded cache; keyed on static colours only)."""
    palette = Image.new("P", (1, 1))
    palette.putpalette(colours)
    pixel = Image.new("RGB", (1, 1), rgb).quantize(palette=palette, dither=Image.Dither.NONE)
    index = pixel.getpixel((0, 0))
    assert isinstance(index, int)
    return index


def _encode(image: Image.Image) -> bytes:
    out = io.BytesIO()
    # a low zlib level: against level 6 it saves ~12 ms per board (a fifth of the drawing
    # time, which is what a busy bot runs short of) for files ~25% larger (~100 KB);
    # optimize=True would cost ~8x the time for ~9% smaller files
    image.save(out, format="PNG", compress_level=3)
    return out.getvalue()


def to_png(image: Image.Image) -> bytes:
    """Optimised PNG bytes. Uses an adaptive 256-colour palette (exact when the image has no
    more colours than that) unless the palette file would still be large, then the smaller of
    palette and full RGB; a file still over ``MAX_PNG_BYTES`` is retried with fewer colours.
    Transparency is flattened onto white."""
    if image.mode != "RGB":
        if "A" in image.getbands() or image.mode == "P":
            base = Image.new("RGB", image.size, (255, 255, 255))
            rgba = image.convert("RGBA")
            base.paste(rgba, mask=rgba.getchannel("A"))
            image = base
        else:
            image = image.convert("RGB")
    paletted = _encode(_quantize(image, 256))
    if len(paletted) <= PALETTE_BUDGET:
        return paletted
    best = min(paletted, _encode(image), key=len)
    for colours in (64, 16):  # last resort for pathological (noisy) images
        if len(best) <= MAX_PNG_BYTES:
            break
        best = _encode(_quantize(image, colours, Image.Quantize.FASTOCTREE))
    return best


def palette_png(image: Image.Image) -> bytes:
    """PNG bytes of a palette ("P") image as it is, for a board already on its fixed palette
    (no colour counting, no second quantising); a file over ``PALETTE_BUDGET`` goes through
    ``to_png`` like any other image."""
    if image.mode != "P" or "transparency" in image.info:
        return to_png(image)
    png = _encode(image)
    return png if len(png) <= PALETTE_BUDGET else to_png(image.convert("RGB"))


def _quantize(
    image: Image.Image, colours: int, method: Image.Quantize = Image.Quantize.MEDIANCUT
) -> Image.Image:
    """A palette image: exact when ``image`` has at most ``colours`` colours, else reduced
    with ``method`` and no dithering (dither noise would only grow the file)."""
    present = image.getcolors(colours)
    if present is None:
        return image.quantize(colours, method=method, dither=Image.Dither.NONE)
    flat: list[int] = []
    for _, rgb in present:
        assert isinstance(rgb, tuple)  # an RGB image's colours are (r, g, b)
        flat.extend(rgb)
    palette = Image.new("P", (1, 1))
    palette.putpalette(flat + flat[:3] * (256 - len(present)))
    return image.quantize(palette=palette, dither=Image.Dither.NONE)


def board_problems(image: Image.Image, png: bytes | None = None) -> list[str]:
    """What keeps an image from meeting the board standards (empty when it meets them):
    landscape, at least ``MIN_WIDTH`` wide, PNG no bigger than ``MAX_PNG_BYTES``."""
    problems = []
    w, h = image.size
    if w <= h:
        problems.append(f"not landscape: {w}x{h}")
    if w < MIN_WIDTH:
        problems.append(f"narrower than {MIN_WIDTH} px: {w}")
    size = len(png if png is not None else to_png(image))
    if size > MAX_PNG_BYTES:
        problems.append(f"PNG is {size} bytes, over {MAX_PNG_BYTES}")
    return problems


def blit_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    f: Font,
    fill: RGB,
    anchor: str = "la",
    stroke: float = 0,
) -> None:
    """``draw.text(xy, text, font=f, fill=fill, anchor=anchor, stroke_width=stroke,
    stroke_fill=fill)`` for one line, pixel for pixel, with the glyphs rendered once per
    process (see ``fonts.text_mask``)."""
    if not text:
        return
    if "\n" in text:  # Pillow's own line spacing, as before
        draw.text(xy, text, font=f, fill=fill, anchor=anchor, stroke_width=stroke,
                  stroke_fill=fill)
        return
    ink = draw._getink(fill)[0]
    if ink is None:
        return
    x, y = xy
    start = (math.modf(x)[0], math.modf(y)[0])
    if isinstance(draw, PaletteDraw):
        mask, offset = crisp_text_mask(f, text, anchor, stroke, start)
    else:
        mask, offset = text_mask(f, text, draw.fontmode, anchor, stroke, start)
    draw.draw.draw_bitmap((int(x) + offset[0], int(y) + offset[1]), mask, ink)


def _bbox(xy: tuple[float, float], text: str, f: Font, anchor: str,
          stroke: float) -> tuple[float, float, float, float]:
    box = text_bbox(f, text, anchor, stroke)
    return box[0] + xy[0], box[1] + xy[1], box[2] + xy[0], box[3] + xy[1]


def _line(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    f: Font,
    fill: RGB,
    anchor: str,
    outline: RGB | None,
) -> Box:
    text = displayable(text)
    bold = stroke_width(f)
    if outline is not None:
        halo = bold + max(2, f.size // 10)
        blit_text(draw, xy, text, f, outline, anchor, halo)
        box = _bbox(xy, text, f, anchor, halo)
    else:
        box = _bbox(xy, text, f, anchor, bold)
    blit_text(draw, xy, text, f, fill, anchor, bold)
    drawn = int(box[0]), int(box[1]), int(box[2]) + 1, int(box[3]) + 1
    note_text(drawn, text, cut=text.endswith("…"))
    return drawn


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: Point,
    text: str,
    font: Font,
    fill: RGB = INK,
    anchor: str = "la",
    outline: RGB | None = None,
) -> Box:
    """Draw text at ``xy`` with a Pillow ``anchor`` (e.g. "la" top-left, "mm" centre, "rs"
    right on the baseline). Bold fonts get their stroke; ``outline`` adds a halo in that colour
    so text stays legible over busy art. Newlines start new lines, the block keeping the
    anchor. Returns the box of the ink drawn."""
    lines = text.split("\n")
    if len(lines) == 1:
        return _line(draw, xy, text, font, fill, anchor, outline)
    step = line_height(font)
    block = text_size(text, font)[1]
    v = anchor[1]
    if v == "s":  # baseline of the first line
        first, row_anchor = xy[1], anchor[0] + "s"
    else:
        first = xy[1] - (block // 2 if v == "m" else block if v in "bd" else 0)
        row_anchor = anchor[0] + "a"
    boxes = [
        _line(draw, (xy[0], first + i * step), line, font, fill, row_anchor, outline)
        for i, line in enumerate(lines)
    ]
    return (
        min(b[0] for b in boxes), min(b[1] for b in boxes),
        max(b[2] for b in boxes), max(b[3] for b in boxes),
    )


def _ink_around(boxes: list[tuple[float, float, float, float]]) -> Box:
    """The whole-pixel box around the ink of pieces of one line drawn apart (its words, its
    letters), as ``_line`` gives for a line drawn whole."""
    return (int(min(b[0] for b in boxes)), int(min(b[1] for b in boxes)),
            int(max(b[2] for b in boxes)) + 1, int(max(b[3] for b in boxes)) + 1)


def draw_words(
    draw: ImageDraw.ImageDraw,
    xy: Point,
    text: str,
    font: Font,
    fill: RGB = INK,
    anchor: str = "la",
    outline: RGB | None = None,
) -> Box:
    """``draw_text`` for one line that changes from turn to turn ("France to play: 3 actions
    left"), drawn word by word so each word's glyph mask comes from the cache; each word
    starts on a whole pixel, so spacing may differ from ``draw_text`` by a pixel. Noted as one
    line of text. Returns the box of the ink drawn."""
    text = displayable(text)
    words = text.split(" ")
    if len(words) == 1 or "\n" in text or not text.strip():
        return _line(draw, xy, text, font, fill, anchor, outline)
    ascent, descent = _metrics(font)
    space = _advance(font, " ")
    width = sum(_advance(font, word) for word in words) + space * (len(words) - 1)
    x = xy[0] - width * {"l": 0.0, "m": 0.5, "r": 1.0}[anchor[0]]
    base = xy[1] + {"a": ascent, "m": (ascent - descent) / 2, "s": 0, "d": -descent,
                    "t": ascent, "b": -descent}[anchor[1]]
    bold = stroke_width(font)
    halo = bold + max(2, font.size // 10) if outline is not None else bold
    boxes: list[tuple[float, float, float, float]] = []
    at = 0.0
    spans: list[tuple[int, str]] = []
    for word in words:
        if word:
            spans.append((round(x + at), word))
        at += _advance(font, word) + space
    y = round(base)
    for left, word in spans:
        if outline is not None:
            blit_text(draw, (left, y), word, font, outline, "ls", halo)
        boxes.append(_bbox((left, y), word, font, "ls", halo))
    for left, word in spans:
        blit_text(draw, (left, y), word, font, fill, "ls", bold)
    drawn = _ink_around(boxes)
    note_text(drawn, text, cut=text.endswith("…"))
    return drawn


def spaced_width(text: str, font: Font) -> int:
    """The width :func:`draw_spaced` draws ``text`` in."""
    text = displayable(text)
    gap = _spacing(font)
    return math.ceil(sum(_advance(font, ch) for ch in text) + gap * (len(text) + 1))


def _spacing(font: Font) -> int:
    """How much further apart :func:`draw_spaced` sets letters: twice the bold stroke, which
    both neighbours' strokes close in on (one stroke's width still read "m" at 20 px)."""
    return 2 * stroke_width(font)


def draw_spaced(
    draw: ImageDraw.ImageDraw,
    xy: Point,
    text: str,
    font: Font,
    fill: RGB = INK,
    anchor: str = "la",
) -> Box:
    """``draw_text`` for a short bold word whose letters its stroke would run together (the
    "rn" of "Turn" read "m" on the Ships board): each letter is drawn on its own, the
    strokes' width further apart. Noted as one line of text. Returns the box of the ink."""
    text = displayable(text)
    bold, gap = stroke_width(font), _spacing(font)
    x = xy[0] - spaced_width(text, font) * {"l": 0.0, "m": 0.5, "r": 1.0}[anchor[0]] + gap
    row = "l" + anchor[1]
    boxes: list[tuple[float, float, float, float]] = []
    for ch in text:
        if ch != " ":
            blit_text(draw, (round(x), xy[1]), ch, font, fill, row, bold)
            boxes.append(_bbox((round(x), xy[1]), ch, font, row, bold))
        x += _advance(font, ch) + gap
    if not boxes:
        return int(xy[0]), int(xy[1]), int(xy[0]), int(xy[1])
    drawn = _ink_around(boxes)
    note_text(drawn, text)
    return drawn


@lru_cache(maxsize=8192)
def _advance(font: Font, word: str) -> float:
    """How far one word (no stroke) moves the pen, for ``draw_words``."""
    return font.getlength(word)


@lru_cache(maxsize=64)
def _metrics(font: Font) -> tuple[int, int]:
    return font.getmetrics()


def wrap_text(text: str, font: Font, max_width: int) -> list[str]:
    """Break text into lines no wider than ``max_width``, at spaces where possible and
    inside over-long words otherwise. Existing newlines are kept."""
    lines: list[str] = []
    for paragraph in displayable(text).split("\n"):
        words = paragraph.split()
        whole = " ".join(words)
        if text_width(whole, font) <= max_width:  # the usual case, in one measurement
            lines.append(whole)
            continue
        current = ""
        for word in words:
            trial = f"{current} {word}" if current else word
            if text_width(trial, font) <= max_width:
                current = trial
                continue
            if current:
                lines.append(current)
            while text_width(word, font) > max_width and len(word) > 1:
                cut = len(word) - 1
                while cut > 1 and text_width(word[:cut], font) > max_width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            current = word
        lines.append(current)
    return lines


def draw_wrapped(
    draw: ImageDraw.ImageDraw,
    box: Box,
    text: str,
    font: Font,
    fill: RGB = INK,
    align: str = "l",
    max_lines: int | None = None,
) -> int:
    """Draw text wrapped to the width of ``box`` from its top, aligned "l", "m" or "r".
    Lines that would pass the bottom of ``box`` (or ``max_lines``) are dropped, the last kept
    line ending in an ellipsis. Returns the y just below the last line drawn."""
    width = box[2] - box[0]
    lines = wrap_text(text, font, width)
    step = line_height(font)
    room = max((box[3] - box[1] - text_size("Ag", font)[1]) // step + 1, 0)
    limit = room if max_lines is None else min(room, max_lines)
    if len(lines) > limit:
        lines = lines[:limit]
        if lines:
            lines[-1] = ellipsize(lines[-1] + "…", font, width)
    x = {"l": box[0], "m": (box[0] + box[2]) // 2, "r": box[2]}[align]
    y = box[1]
    for line in lines:
        _line(draw, (x, y), line, font, fill, align + "a", None)
        y += step
    return y if not lines else y - step + text_size("Ag", font)[1]


def panel(
    draw: ImageDraw.ImageDraw,
    box: Box,
    title: str | None = None,
    *,
    fill: RGB = PANEL,
    border: RGB = PANEL_BORDER,
    title_font: Font | None = None,
    title_fill: RGB = INK,
    radius: int = 14,
    width: int = 2,
    padding: int = 14,
) -> Box:
    """A rounded panel with an optional bold title and a rule under it. Returns the content
    box: inside the border and padding, below the title."""
    draw.rounded_rectangle(pil_box(box), radius=radius, fill=fill, outline=border, width=width)
    content = inset(box, width + padding)
    if title:
        f = title_font or font(HEADING_SIZE, bold=True)
        shown = ellipsize(title, f, content[2] - content[0])
        _line(draw, (content[0], content[1]), shown, f, title_fill, "la", None)
        rule_y = content[1] + text_size(shown, f)[1] + padding // 2
        draw.line([(content[0], rule_y), (content[2] - 1, rule_y)], fill=border, width=width)
        content = (content[0], rule_y + width + padding // 2, content[2], content[3])
    return content


_STATIC: dict[Hashable, tuple[Image.Image, list[Drawn]]] = {}
_STATIC_LOCK = threading.RLock()


def cached_static(key: Hashable, builder: Callable[[], Image.Image]) -> Image.Image:
    """A copy of the image ``builder()`` made, building it only the first time ``key`` is
    asked for in this process. For the parts of a board that never change: draw them once,
    then draw each turn's pieces on the copy. What the builder drew is noted again each time
    (``render.common.record``)."""
    with _STATIC_LOCK:
        found = _STATIC.get(key)
        if found is None:
            with recording() as notes:
                found = _STATIC[key] = (builder(), notes)
        replay(found[1])
        return found[0].copy()


def clear_static_cache() -> None:
    """Forget every cached static image (for tests, or after changing a board's art)."""
    with _STATIC_LOCK:
        _STATIC.clear()
