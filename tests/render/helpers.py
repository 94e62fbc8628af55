"""Pixel checks shared by the render tests."""

from __future__ import annotations

from PIL import Image, ImageChops

from render.common.layout import Box
from render.common.palette import RGB


def ink_box(image: Image.Image, bg: RGB) -> Box | None:
    """The box of every pixel that differs from ``bg`` (None if the image is blank)."""
    blank = Image.new(image.mode, image.size, bg)
    return ImageChops.difference(image.convert("RGB"), blank).getbbox()
