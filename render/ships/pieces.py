"""Player pieces on the Ships board: cubes, discs and ship counters, each carrying its owner's
colour and marker shape (so no one has to tell players apart by colour alone); and the goods
tokens, their codes in type that reads at half size."""

from __future__ import annotations

from collections.abc import Callable

from PIL import ImageDraw

from render.common import icons
from render.common.canvas import draw_text, stamped
from render.common.fonts import font, text_width
from render.common.layout import Box, Point
from render.common.palette import INK, WHITE, GoodsStyle, PlayerStyle, goods_style

EMBLEM = 0.62  # the owner's shape on a cube or disc, as a share of the piece
RIM = 3  # the edge round that shape, in the owner's ink
COUNT_SIZE = 24  # "x3" after a piece: read at half size
SHIP_MARKER = 0.58  # the owner's marker on a ship's sail, as a share of the ship
CODE_SIZES = (22, 20)  # a goods token's code: the larger where it fits


def _emblem(draw: ImageDraw.ImageDraw, at: Point, size: int, style: PlayerStyle) -> None:
    """The owner's shape drawn in their ink (``style.text``, black on the light colours, white
    on the dark ones) with their colour inside: the shape reads at half size (blue squares
    apart from green triangles, orange circles apart from yellow diamonds), an orange or yellow
    disc never looks like a plain gold coin, and the centre still shows the owner's colour."""
    outer = max(int(size * EMBLEM), 10)
    icons.draw_shape(draw, style.shape, at, outer, style.text, outline=INK)
    icons.draw_shape(draw, style.shape, at, max(outer - 2 * RIM - 2, 4), style.rgb,
                     outline=style.rgb)


@stamped()
def cube(draw: ImageDraw.ImageDraw, at: Point, size: int, style: PlayerStyle) -> Box:
    """A merchant cube with the owner's shape on it; ``at`` shows the owner's colour."""
    box = icons.draw_cube(draw, at, size, style.rgb)
    _emblem(draw, at, size, style)
    return box


@stamped()
def disc(draw: ImageDraw.ImageDraw, at: Point, size: int, style: PlayerStyle) -> Box:
    """A city disc whose face is centred on ``at``, with the owner's shape on it."""
    face_drop = round(size * 0.07)  # the face sits above the rim
    box = icons.draw_disc(draw, (at[0], at[1] + face_drop), size, style.rgb)
    _emblem(draw, at, size, style)
    return box


@stamped()
def ship(draw: ImageDraw.ImageDraw, at: Point, size: int, style: PlayerStyle, kind: str) -> Box:
    """A ship counter: the hull in the owner's colour, their marker (shape and letter) on the
    sail."""
    box = icons.draw_ship(draw, at, size, style.rgb, kind)
    marker_at = (at[0], at[1] - size // 6)
    icons.draw_player_marker(draw, marker_at, max(round(size * SHIP_MARKER), 10), style)
    return box


@stamped()
def goods_token(draw: ImageDraw.ImageDraw, at: Point, size: int, good: str) -> Box:
    """A goods token (``icons.draw_goods_token``) with its code in real type, at least 20 px
    (the icon's own code, scaled to the token, is half that on a small token); a code too wide
    for the token even so keeps the icon's own."""
    style = goods_style(good)
    fitting = [f for f in (font(s, bold=True) for s in CODE_SIZES)
               if text_width(style.code, f) <= size - (6 if f.size > CODE_SIZES[-1] else 4)]
    if not fitting:
        return icons.draw_goods_token(draw, at, size, style)
    box = icons.draw_goods_token(draw, at, size, GoodsStyle(style.name, style.rgb, "",
                                                             style.text))
    draw_text(draw, (at[0], at[1] + 1), style.code, fitting[0], fill=style.text, anchor="mm")
    return box


def counted(draw: ImageDraw.ImageDraw, x: int, cy: int, size: int, count: int,
            drawer: Callable[..., Box], style: PlayerStyle, extra: str | None = None,
            halo: bool = False, prefix: str = "x", count_size: int = COUNT_SIZE) -> int:
    """A piece followed by "x3" when there are several; returns the x after it. ``halo``
    keeps the count legible where pieces overlap."""
    if extra is None:
        drawer(draw, (x + size // 2, cy), size, style)
    else:
        drawer(draw, (x + size // 2, cy), size, style, extra)
    x += size
    if count != 1:
        x = draw_text(draw, (x + 1, cy), f"{prefix}{count}", font(count_size, bold=True),
                      anchor="lm", outline=WHITE if halo else None)[2]
    return x


def counted_width(size: int, count: int, prefix: str = "x", count_size: int = COUNT_SIZE) -> int:
    return size + (0 if count == 1 else
                   2 + text_width(f"{prefix}{count}", font(count_size, bold=True)))
