"""Rebuild ``Aileron-Regular.ttf``, the board font (not run at run time).

Pillow's built-in scalable face (``ImageFont.load_default(size=...)``) is Aileron Regular 1.102
cut down to basic Latin, so a place name such as "Lübeck" lost its accent on the boards. This
script takes that face as it is (every glyph, metric and kerning pair the boards were drawn
with stays the same) and adds, from the complete Aileron Regular 1.102, every glyph of its
Latin set that Pillow's face lacks (the Latin-1 letters, the pound and euro signs, dashes,
the multiplication sign, ...). The added outlines are scaled from 2048 to Pillow's 1000 units
per em, their composites decomposed and their hinting dropped (Pillow's face has none).

Both faces are Sora Sagano's Aileron, dedicated to the public domain under CC0 1.0 (see
``LICENSE`` beside this file). The complete face comes from the npm package
``@fontsource/aileron`` (``files/aileron-latin-400-normal.woff``)::

    npm pack @fontsource/aileron && tar xzf fontsource-aileron-*.tgz
    pip install fonttools   # only for this script; Portolan does not need it
    python render/fonts/make_font.py package/files/aileron-latin-400-normal.woff
"""

from __future__ import annotations

import sys
from io import BytesIO
from pathlib import Path

from fontTools.pens.recordingPen import DecomposingRecordingPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont
from fontTools.ttLib.scaleUpem import scale_upem
from PIL import ImageFont

OUT = Path(__file__).resolve().parent / "Aileron-Regular.ttf"


def pillow_face() -> TTFont:
    loaded = ImageFont.load_default(size=24)
    data = getattr(loaded, "font_bytes", None)
    if not data:
        raise SystemExit("this Pillow keeps no bytes of its built-in face")
    return TTFont(BytesIO(data))


def merged(complete_path: str) -> TTFont:
    base = pillow_face()
    donor = TTFont(complete_path)
    scale_upem(donor, base["head"].unitsPerEm)
    base_map = base.getBestCmap()
    donor_map = donor.getBestCmap()
    donor_glyphs = donor.getGlyphSet()
    order = list(base.getGlyphOrder())
    glyf, hmtx = base["glyf"], base["hmtx"]
    added: dict[int, str] = {}
    for code in sorted(set(donor_map) - set(base_map)):
        source = donor_map[code]
        name = source if source not in order else f"{source}.aileron"
        recording = DecomposingRecordingPen(donor_glyphs)
        donor_glyphs[source].draw(recording)
        pen = TTGlyphPen(None)
        recording.replay(pen)
        glyph = pen.glyph()
        glyph.recalcBounds(glyf)
        order.append(name)
        base.setGlyphOrder(order)
        glyf.glyphOrder = order
        glyf[name] = glyph
        advance = donor["hmtx"][source][0]
        hmtx[name] = (advance, getattr(glyph, "xMin", 0))
        added[code] = name
    for table in base["cmap"].tables:
        if table.isUnicode():
            for code, name in added.items():
                if table.format != 4 or code <= 0xFFFF:
                    table.cmap[code] = name
    if "post" in base and base["post"].formatType == 2.0:
        base["post"].extraNames = []
        base["post"].mapping = {}
    name_table = base["name"]
    name_table.setName(
        "Aileron Regular 1.102 (Pillow's built-in subset) with the Latin-1 glyphs of the "
        "complete face, for Portolan's boards", 10, 3, 1, 0x409)
    print(f"added {len(added)} glyphs: {''.join(chr(c) for c in added)}")
    return base


def main() -> None:
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    font = merged(sys.argv[1])
    font.save(str(OUT))
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
