"""The viewer's own hand in "My view": one card per Captain's card held, with its name, type,
cost (resource chips; "free" when it costs nothing) and effect. Drawn only when the view holds
the hand, that is only in that seat's own image."""

from __future__ import annotations

from PIL import ImageDraw

from engine.empires.content import empires_content
from render.common.canvas import draw_text, draw_wrapped, panel
from render.common.fonts import font, text_width
from render.common.layout import Box
from render.common.palette import INK, MUTED_INK, PANEL_BORDER, WHITE

from . import pieces
from .panels import fits, wrapped_words

CARD_TYPE = {"order": "Order", "event": "Event", "industry": "Industry",
             "advancement": "Advancement"}
SMALL = 20


def hand(draw: ImageDraw.ImageDraw, box: Box, cards: list[str], bribe: int | None) -> None:
    title = f"Your hand ({len(cards)} Captain's cards) - only you see this"
    if bribe is not None:
        title += f"; your secret bribe: {bribe} Gold"
    inner = panel(draw, box, title, title_font=font(24, bold=True))
    n = max(len(cards), 6)
    gap = 10
    w = (inner[2] - inner[0] - gap * (n - 1)) // n
    c = empires_content()
    for i, card in enumerate(cards):
        x = inner[0] + i * (w + gap)
        cb = (x, inner[1], x + w, inner[3])
        draw.rounded_rectangle([cb[0], cb[1], cb[2] - 1, cb[3] - 1], radius=10, fill=WHITE,
                               outline=INK, width=2)
        try:
            cc = c.captain(card)
        except KeyError:
            draw_text(draw, (x + 8, cb[1] + 6), card, font(SMALL, bold=True))
            continue
        f_b, f = font(SMALL, bold=True), font(SMALL)
        name_f = f_b if text_width(cc.name, f_b) <= w - 16 else f
        y = wrapped_words(draw, (x + 8, cb[1] + 6, cb[2] - 8, cb[1] + 70), cc.name, name_f,
                          max_lines=2) + 4
        xx = draw_text(draw, (x + 8, y + 12), CARD_TYPE.get(cc.type, cc.type), f, MUTED_INK,
                       anchor="lm")[2] + 6
        cost = cc.cost_of()
        for res in ("gold", "wood", "steel"):
            amount = getattr(cost, res)
            if amount and xx + 42 <= cb[2]:
                pieces.resource_chip(draw, (xx + 13, y + 12), 26, res)
                xx = draw_text(draw, (xx + 28, y + 12), str(amount), f_b, anchor="lm")[2] + 4
        if not any(getattr(cost, r) for r in ("gold", "wood", "steel")):
            if xx + text_width("free", f) <= cb[2] - 6:
                draw_text(draw, (xx, y + 12), "free", f, MUTED_INK, anchor="lm")
        draw.line([(x + 8, y + 30), (cb[2] - 9, y + 30)], fill=PANEL_BORDER, width=1)
        room = (x + 8, y + 38, cb[2] - 8, cb[3] - 6)
        if fits(cc.text, f, room):
            wrapped_words(draw, room, cc.text, f, by_word=False)
        else:  # a hand too big for its strip: the text as far as it goes, marked as cut
            draw_wrapped(draw, room, cc.text, f)
