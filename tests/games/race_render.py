"""A plain drawing of Harbour Race, enough to exercise the platform's image paths."""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw, ImageFont

from engine.core import View

from .race import RaceView

COLOURS = [(230, 159, 0), (86, 180, 233), (0, 158, 115), (204, 121, 167)]
WIDTH, HEIGHT = 1200, 500


def render(view: View, names: Sequence[str]) -> bytes:
    assert isinstance(view, RaceView)
    image = Image.new("RGB", (WIDTH, HEIGHT), (245, 240, 225))
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default(size=26)
    step = (WIDTH - 100) / view.target
    for lane, pos in enumerate(view.positions):
        y = 60 + lane * 100
        draw.line([(50, y + 30), (WIDTH - 50, y + 30)], fill=(60, 60, 60), width=3)
        x = 50 + min(pos, view.target) * step
        draw.ellipse([x - 20, y + 10, x + 20, y + 50], fill=COLOURS[lane])
        label = f"{names[lane]}: {pos}" + (" <" if lane == view.active else "")
        draw.text((60, y - 20), label, fill=(0, 0, 0), font=font)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()
