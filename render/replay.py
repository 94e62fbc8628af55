"""A finished game as an animation: the public board before the first move and after every
turn, one frame each, as a GIF small enough to post (Discord takes files up to 10 MB) and to
play on a phone.

Frames are the boards everyone saw, drawn from the public view (so whatever the live board
rings as the last turn's changes is ringed here too), shrunk to ``width`` pixels and put on
one shared palette, so that the GIF stores only what changed from frame to frame. The last
frame stays up longer. A GIF over the size limit is made again narrower, then with every
other turn, until it fits.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from itertools import pairwise

from PIL import Image, ImageChops

from engine.core import View

LIMIT_BYTES = 10 * 1024 * 1024 - 64 * 1024  # Discord's 10 MB, less room for the message
FRAME_MS = 900
LAST_FRAME_MS = 4000
CLEAR = 255  # the palette index of "as in the frame before"


def animate(views: Sequence[View], draw: Callable[[View], bytes], width: int = 800,
            limit: int = LIMIT_BYTES) -> bytes:
    """The GIF of ``views`` (in order), each drawn to PNG bytes by ``draw``."""
    if not views:
        raise ValueError("a replay needs at least one board")
    boards = [Image.open(io.BytesIO(draw(view))).convert("RGB") for view in views]
    keep_every = 1
    while True:
        frames = boards[::keep_every]
        if frames[-1] is not boards[-1]:
            frames.append(boards[-1])  # always end on the final board
        data = _gif(frames, width)
        if len(data) <= limit:
            return data
        if width > 640:
            width = max(640, int(width * 0.8))
        elif len(frames) > 2:
            keep_every *= 2
        else:
            return data  # two boards at the smallest width: as small as it gets


def _gif(boards: Sequence[Image.Image], width: int) -> bytes:
    frames = []
    for board in boards:
        height = round(board.height * width / board.width)
        frames.append(board.resize((width, height), Image.Resampling.LANCZOS))
    # one palette for every frame, from the first and last boards (the map and the pieces),
    # with its last entry kept for "unchanged": each frame after the first stores only the
    # pixels that changed, the rest see-through onto the frame before, which compresses to
    # almost nothing
    size = frames[0].size
    sample = Image.new("RGB", (width, 2 * size[1]))
    sample.paste(frames[0], (0, 0))
    sample.paste(frames[-1], (0, size[1]))
    palette = sample.quantize(colors=CLEAR, method=Image.Quantize.MEDIANCUT)
    colours = (palette.getpalette() or [])[: 3 * CLEAR]
    colours += [0] * (3 * 256 - len(colours))
    indices = [Image.frombytes("L", size, f.quantize(palette=palette,
                                                     dither=Image.Dither.NONE).tobytes())
               for f in frames]
    stored = [indices[0]]
    for before, now in pairwise(indices):
        changed = ImageChops.difference(before, now).point(lambda v: 255 if v else 0)
        delta = Image.new("L", size, CLEAR)
        delta.paste(now, mask=changed)
        stored.append(delta)
    paletted = []
    for frame in stored:
        image = Image.frombytes("P", size, frame.tobytes())
        image.putpalette(colours)
        paletted.append(image)
    out = io.BytesIO()
    durations = [FRAME_MS] * (len(paletted) - 1) + [LAST_FRAME_MS]
    paletted[0].save(out, format="GIF", save_all=True, append_images=paletted[1:],
                     duration=durations, loop=0, optimize=False, disposal=1,
                     transparency=CLEAR)
    return out.getvalue()
