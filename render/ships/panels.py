"""The right-hand panels of the Ships board: whose turn it is and what they have left, what
the game waits for, the next border costs, the decks and pool, the final results, and the cards
on display."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from PIL import ImageDraw

from engine.ships import GAME
from engine.ships.content import ships_content
from engine.ships.state import LastTurn, Pending, ShipsView
from render.common import icons
from render.common.canvas import draw_text, wrap_text
from render.common.fonts import Font, ellipsize, fit_font, font, stroke_width, text_width
from render.common.layout import Box, pil_box
from render.common.palette import (
    GOLD,
    HIGHLIGHT,
    INK,
    MUTED_INK,
    PANEL,
    PANEL_BORDER,
    player_style,
    shade,
)

CARD_SIZES = (26, 24, 22, 20)  # the largest in which every card on display fits is used
CARD_GAP = 4

PENDING_WORDS = {
    "discard": "discard goods",
    "pirates": "return {count} goods (Pirates)",
    "card": "carry out or give up {card}",
    "choose": "choose {count} goods",
    "convert": "convert wine",
}


def status_strip(draw: ImageDraw.ImageDraw, box: Box, fill: tuple[int, int, int]) -> None:
    draw.rounded_rectangle(pil_box(box), radius=14, fill=fill, outline=INK, width=3)


def cards_panel(draw: ImageDraw.ImageDraw, box: Box) -> None:
    draw.rounded_rectangle(pil_box(box), radius=14, fill=PANEL, outline=PANEL_BORDER, width=2)


def seat_name(names: Sequence[str], seat: int) -> str:
    style = player_style(seat)
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return style.name


def _joined(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def pending_text(pending: Pending, names: Sequence[str]) -> str:
    who = _joined([seat_name(names, s) for s in pending.seats]) or "nobody"
    card = pending.card or "the card"
    if pending.card:
        try:
            card = ships_content().card(pending.card).name
        except KeyError:
            pass
    what = PENDING_WORDS.get(pending.kind, pending.kind).format(count=pending.count, card=card)
    return f"Waiting for {who} to {what}"


def ringed_text(view: ShipsView, names: Sequence[str]) -> str:
    """Whose moves the highlight rings show."""
    def changed(turn: LastTurn) -> bool:
        return bool(turn.ages or turn.spaces or turn.scored_areas)

    parts = []
    if changed(view.last) and view.last.seat is not None:
        parts.append(f"{seat_name(names, view.last.seat)}'s last turn")
    if changed(view.current):
        parts.append("this turn so far")
    return "Ringed: " + " and ".join(parts) if parts else ""


def _era_name(era: str) -> str:
    for e in ships_content().ages.eras:
        if e.id == era:
            return e.name
    return era.capitalize()


def next_costs(view: ShipsView) -> str:
    """What opening the next age and the next area costs now, discounts applied."""
    content = ships_content()
    parts = []
    present = view.present_age
    if 0 < present < len(view.ages):
        age = content.age(present + 1)
        cost = age.border_cost.value if age.border_cost else 0
        ships = view.ages[present - 1].count()
        parts.append(f"Age {present + 1}: {max(cost - ships, 0)} nav")
    area = view.area
    numbers = [a.area for a in content.areas.areas] + [content.rest_of_world.area]
    if 2 <= area and area + 1 in numbers:
        cost = content.border_cost_into_area(area + 1)
        discs = sum(1 for space in view.cities if _area_of_city(space) == area)
        parts.append(f"Area {area + 1}: {max(cost - discs, 0)} nav")
    return "To open " + "; ".join(parts) if parts else ""


def _area_of_city(space: str) -> int:
    location = space.rsplit(".", 1)[0]
    try:
        return ships_content().location_area(location)[0].area
    except KeyError:
        return 0


BAND_BIG = 36  # the status strip's first line: read at a third of full size
BAND_SMALL = 28


def draw_words(draw: ImageDraw.ImageDraw, xy: tuple[int, int], text: str, f: Font,
          fill: tuple[int, int, int] = INK, anchor: str = "lm") -> Box:
    """One line of ``text`` drawn word by word ("lm" or "rm" anchored): the status and the
    pool change every turn, their words far less often, and a word's glyphs are rendered once
    (``fonts.crisp_text_mask``) where a whole new line would be rendered anew."""
    parts = text.split(" ")
    space = text_width(" ", f) - 2 * stroke_width(f)
    x, cy = xy
    if anchor[0] == "r":
        x -= sum(text_width(p, f) for p in parts) + space * (len(parts) - 1)
    box: Box | None = None
    for part in parts:
        if part:
            drawn = draw_text(draw, (x, cy), part, f, fill=fill, anchor="l" + anchor[1])
            box = drawn if box is None else (min(box[0], drawn[0]), min(box[1], drawn[1]),
                                             max(box[2], drawn[2]), max(box[3], drawn[3]))
        x += text_width(part, f) + space
    return box if box is not None else (x, cy, x, cy)


def _fitted(text: str, width: int, size: int, least: int = 24) -> Font:
    """The largest bold font from ``size`` down to ``least`` in which ``text`` fits."""
    return fit_font(text, width, size, min_size=least, bold=True)


def _scores(draw: ImageDraw.ImageDraw, right: int, cy: int, view: ShipsView) -> int:
    """Every player's marker and VP, right-aligned at ``right``; returns the left edge."""
    b = font(BAND_BIG, bold=True)
    x = right
    for seat in reversed(range(len(view.players))):
        score = draw_text(draw, (x, cy), str(view.players[seat].vp), b, anchor="rm")
        icons.draw_player_marker(draw, (score[0] - 20, cy), 32, player_style(seat))
        x = score[0] - 46
    return draw_text(draw, (x, cy), "VP", font(BAND_SMALL, bold=True), fill=MUTED_INK,
                     anchor="rm")[0]


def _must_do(view: ShipsView, names: Sequence[str]) -> tuple[str, str]:
    """Who must act and what they must do, as (name, what)."""
    if view.pending:
        return "", pending_text(view.pending[0], names)
    player = view.players[view.active]
    # a free action cube in stock pays for an action as one in the section does
    free = player.action_free + player.free_cubes
    left = f"{player.action_merchant} merchant + {free} free cube{'s' if free != 1 else ''} left"
    if player.took_card:
        left += ", card taken"
    return seat_name(names, view.active), f" to play: {left}"


def status(draw: ImageDraw.ImageDraw, box: Box, view: ShipsView, names: Sequence[str]) -> None:
    """The strip across the top: who must act and what they must do, everyone's VP, what the
    rings show, the next border costs and the turn, all large and bold."""
    over = view.finished or view.scores is not None
    if over:  # the plain strip is part of the static board (``static.status_strip``)
        status_strip(draw, box, shade(GOLD, 1.55))
    inner = (box[0] + 14, box[1] + 6, box[2] - 14, box[3] - 6)
    top_cy, low_cy = inner[1] + 22, inner[3] - 18
    left = _scores(draw, inner[2], top_cy, view) - 24
    x = inner[0]
    if over:
        scores = view.scores if view.scores is not None else [p.vp for p in view.players]
        best = max(scores, default=0)
        winners = [seat_name(names, s) for s, v in enumerate(scores) if v == best]
        title = f"Game over: {_joined(winners)} win{'s' if len(winners) == 1 else ''}!"
        draw_words(draw, (x, top_cy), title, _fitted(title, left - x, BAND_BIG))
    elif 0 <= view.active < len(view.players):
        name, what = _must_do(view, names)
        if name:
            icons.draw_player_marker(draw, (x + 17, top_cy), 34, player_style(view.active))
            x += 42
        f = _fitted(name + what, left - x, BAND_BIG)
        if name:
            x = draw_words(draw, (x, top_cy), name, f)[2]
        draw_words(draw, (x, top_cy), what, f, fill=HIGHLIGHT if view.pending else INK)
    b = font(BAND_SMALL, bold=True)
    turn = draw_words(draw, (inner[2], low_cy), f"{GAME.progress(view)} - {_era_name(view.era)}", b,
                 fill=MUTED_INK, anchor="rm")
    said = [(ringed_text(view, names), HIGHLIGHT)]
    if len(view.pending) > 1:
        said.append((pending_text(view.pending[1], names), HIGHLIGHT))
    if view.end_triggered:
        said.append(("Final round: play on until all have had equal turns", INK))
    said.append((next_costs(view), INK))
    if over:
        said = [(f"Ended: {view.end_reason}" if view.end_reason else "", INK)]
    x = inner[0]
    for text, fill in said:
        if not text:
            continue
        f = font(BAND_SMALL, bold=True)
        if x + text_width(text, f) > turn[0] - 24:
            f = _fitted(text, turn[0] - 24 - x, BAND_SMALL, least=20)
            if x + text_width(text, f) > turn[0] - 24:
                break  # no room left on the strip: the rest is on the board itself
        x = draw_words(draw, (x, low_cy), text, f, fill=fill)[2] + 28


def decks_to_come(view: ShipsView) -> dict[str, int]:
    """The decks that still matter: those of the eras still to come, each dealt onto the
    display when its era begins. The cards an era leaves in its deck never come back (the
    rules put the Galley leftovers back in the box, and no card replaces one taken), so the
    present and past eras' decks are left out."""
    order = [e.id for e in ships_content().ages.eras]
    present = order.index(view.era) if view.era in order else -1
    return {era: n for era, n in view.deck_sizes.items()
            if era in order and order.index(era) > present}


def supply_lines(view: ShipsView) -> list[str]:
    """The pool beside the board and the decks still to come, for the legend."""
    s = view.supply
    lines = [f"Pool: {s.gold} gold, {s.navigation} nav, {s.industry} ind, "
             f"{s.free_cubes} free cubes"]
    if view.deck_sizes:
        decks = ", ".join(f"{_era_name(era).split()[0]} {n}"
                          for era, n in decks_to_come(view).items())
        lines.append(f"Decks to come: {decks}" if decks
                     else "Decks: none to come, leftovers out of play")
    return lines


class FinalSale(NamedTuple):
    """What one player's goods and gold became at the end of the game."""

    goods: int
    gold: int
    vp: int


def sale_text(sale: FinalSale) -> str:
    """The final sale in a few words: "+9 VP for 4 goods and 7 gold"."""
    had = [f"{sale.goods} good{'s' if sale.goods != 1 else ''}" if sale.goods else "",
           f"{sale.gold} gold" if sale.gold else ""]
    held = " and ".join(part for part in had if part)
    if not held:
        return ""
    return f"+{sale.vp} VP for {held}" if sale.vp else f"no VP for {held}"


def results(draw: ImageDraw.ImageDraw, box: Box, view: ShipsView, names: Sequence[str],
            sales: Sequence[FinalSale] | None = None) -> None:
    """The final results banner: winners, every player's score in order (with what their goods
    and gold became at the end), why it ended."""
    draw.rounded_rectangle(pil_box(box), radius=14, fill=shade(GOLD, 1.55), outline=INK,
                           width=4)
    scores = view.scores if view.scores is not None else [p.vp for p in view.players]
    best = max(scores, default=0)
    x, y = box[0] + 18, box[1] + 16
    width = box[2] - x - 18
    winners = [seat_name(names, s) for s, v in enumerate(scores) if v == best]
    f36 = font(36, bold=True)
    draw_text(draw, (x, y), "Game over", f36)
    y += 50
    title = f"{_joined(winners)} win{'s' if len(winners) == 1 else ''}!"
    draw_text(draw, (x, y), title, _fitted(title, width, 28, least=20), fill=INK)
    y += 52
    row, sold = font(28, bold=True), font(24)
    for seat in sorted(range(len(scores)), key=lambda s: -scores[s]):
        if y + 40 > box[3]:
            break
        place = 1 + sum(1 for v in scores if v > scores[seat])
        style = player_style(seat)
        icons.draw_player_marker(draw, (x + 17, y + 17), 34, style)
        score = draw_text(draw, (box[2] - 20, y + 17), f"{scores[seat]} VP", row, anchor="rm")
        text = f"{place}. {seat_name(names, seat)}"
        draw_text(draw, (x + 44, y + 17), text, _fitted(text, score[0] - x - 60, 28, least=20),
                  anchor="lm")
        y += 46
        said = sale_text(sales[seat]) if sales is not None and seat < len(sales) else ""
        if said and y + 30 <= box[3]:
            draw_text(draw, (x + 44, y - 4), ellipsize(said, sold, box[2] - x - 64), sold)
            y += 30
    f20 = font(20)
    y += 8
    for line in wrap_text(f"Ended: {view.end_reason}" if view.end_reason else "", f20, width):
        if not line or y + 24 > box[3]:
            break
        draw_text(draw, (x, y), line, f20, fill=MUTED_INK)
        y += 24


# A card's effect in fewer words for the board ("Take 3 navigation counters." -> "+3 nav"),
# the same numbers and the same meaning; a text none of these fit is shown as it is.
_SHORTER: tuple[tuple[str, str], ...] = (
    (r"\.$", ""),
    (r"\bnavigation counters?\b", "nav"),
    (r"\bindustry counters?\b", "industry"),
    (r"\b(\d+) of your merchant cubes\b", r"\1 cubes"),
    (r"\b1 cubes\b", "1 cube"),
    (r" into your (?:bank|warehouse)\b", ""),
    (r"\b[Ss]core (\d+) VP for each of your (cube|ship)s\b", r"\1 VP per \2"),
    (r"\bSell any of your goods for (\d+) extra gold and (\d+) VP each\b",
     r"Sell any goods for +\1 gold and +\2 VP each"),
    (r"\bFor each of your ships in (the [^,;]+ box), ", r"Per ship in \1: "),
    (r"\bUpgrade one of your ships\b", "Upgrade a ship"),
    (r"\bSwap any of your wine\b", "Swap your wine"),
    (r"\b(\d+) gold and (\d+) VP per swap\b", r"+\1 gold and +\2 VP per swap"),
    (r"\bPay (\d+) gold; ", r"Pay \1 gold: "),
    (r"\bPlace a ship in a merchant box and place two merchant cubes instead of one\b",
     "Place a merchant ship with 2 cubes, not 1"),
    (r"\bPlace a ship in a warship box without paying food\b",
     "Place a warship without paying food"),
    (r", scored areas included, the Rest of the World excluded\b",
     " (scored areas too, not Area 7)"),
    (r"\bEvery other player returns\b", "Others each return"),
    (r"\bTake back any of your ships from a single age\b", "Take back your ships from one age"),
    (r"\bTake back any of your merchant cubes from your action boxes and from every area\b",
     "Take back your cubes from your action boxes and every area"),
)


def _gains(match: re.Match[str]) -> str:
    """ "take 1 cube, 2 gold and 2 nav" -> "+1 cube, +2 gold and +2 nav"."""
    return re.sub(r"(^|, | and )(\d+)", r"\1+\2", match.group(1))


def card_text(text: str) -> str:
    """A card's effect as the board shows it: the same effect in fewer words."""
    for pattern, replacement in _SHORTER:
        text = re.sub(pattern, replacement, text)
    return re.sub(r"\b[Tt]ake (\d[^;:.]*)", _gains, text)


def _card_lines(text: str, f: Font, first: int, rest: int) -> list[str]:
    """``text`` broken into lines: the first ``first`` wide (beside the card's name), the others
    ``rest`` wide. Nothing is cut: a word too long for the first line starts the second."""
    lines: list[str] = []
    words, current, width = text.split(), "", first
    for word in words:
        trial = f"{current} {word}" if current else word
        if text_width(trial, f) <= width:
            current = trial
        elif current or not lines and width != rest:
            lines.append(current)  # an empty first line: the word starts under the name
            current, width = word, rest
        else:
            current = word  # longer than a whole line: it runs on as it must
    lines.append(current)
    return lines


Laid = list[tuple[str, int, list[str]]]


def _lay_cards(view: ShipsView, inner: Box, size: int) -> Laid:
    """Each card's name, gold cost and effect, broken into lines for ``size``."""
    content = ships_content()
    bold, plain = font(size, bold=True), font(size)
    indent = inner[0] + 12
    laid = []
    for card_id in view.display:
        try:
            card = content.card(card_id)
            name, cost, text = card.name, card.gold_cost.value, card_text(card.text)
        except KeyError:
            name, cost, text = card_id, 0, ""
        after = inner[0] + text_width(name, bold) + (
            size + 12 + text_width(str(cost), bold) if cost else 0)
        laid.append((name, cost, _card_lines(text, plain, inner[2] - after - 8,
                                             inner[2] - indent)))
    return laid


def _card_line(size: int) -> int:
    return size + 3


def _cards_height(laid: Laid, size: int) -> int:
    return sum(len(lines) * _card_line(size) + CARD_GAP for _, _, lines in laid)


def cards(draw: ImageDraw.ImageDraw, box: Box, view: ShipsView) -> None:
    """The cards on display: each card's name (and gold cost) in bold, its whole effect after it
    in few words, wrapped onto as many lines as it needs; in the largest type in which every
    card fits."""
    # the panel itself is part of the static board (``static.cards_panel``)
    inner = (box[0] + 12, box[1] + 8, box[2] - 12, box[3] - 6)
    draw_text(draw, (inner[0], inner[1]), f"Cards on display ({len(view.display)})",
              font(26, bold=True))
    top = inner[1] + 38
    size = CARD_SIZES[-1]
    laid: Laid = []
    for size in CARD_SIZES:
        laid = _lay_cards(view, inner, size)
        if top + _cards_height(laid, size) <= inner[3]:
            break
    bold, plain = font(size, bold=True), font(size)
    step = _card_line(size)
    indent = inner[0] + 12
    y, shown = top, 0
    for i, (name, cost, lines) in enumerate(laid):
        height = len(lines) * step + CARD_GAP
        more = i + 1 < len(laid)
        if y + height > inner[3] - (step if more else 0):
            break
        if i % 2:
            draw.rectangle(pil_box((inner[0] - 6, y - CARD_GAP // 2, inner[2] + 6,
                                    y + height - CARD_GAP // 2)), fill=shade(PANEL, 0.95))
        cy = y + step // 2
        x = draw_text(draw, (inner[0], cy), name, bold, anchor="lm")[2]
        if cost:  # the card's own gold cost, paid on top of the cube
            icons.draw_coin(draw, (x + 6 + size // 2, cy), size + 2)
            x = draw_text(draw, (x + size + 12, cy), str(cost), bold, anchor="lm")[2]
        for j, line in enumerate(lines):
            if line:
                draw_text(draw, (x + 8 if j == 0 else indent, cy + j * step), line, plain,
                          anchor="lm")
        y += height
        shown += 1
    if shown < len(laid):
        draw_text(draw, (inner[0], y + step // 2),
                  f"and {len(laid) - shown} more cards", bold, fill=MUTED_INK, anchor="lm")
    if not view.display:
        draw_text(draw, (inner[0], top), "None left this era", font(24), fill=MUTED_INK)
