"""The right-hand panels of the Ships board: whose turn it is and what they have left, what
the game waits for, the next border costs, the decks and pool, the final results, and the cards
on display."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from engine.ships.content import ships_content
from engine.ships.state import LastTurn, Pending, ShipsView
from render.common import icons
from render.common.canvas import draw_text, wrap_text
from render.common.fonts import ellipsize, font, text_width
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

LINE = 27
CARD_ROW = 26

PENDING_WORDS = {
    "discard": "discard goods",
    "pirates": "return {count} goods (Pirates)",
    "card": "carry out or give up {card}",
    "choose": "choose {count} goods",
    "convert": "convert wine",
}


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


def _line(draw: ImageDraw.ImageDraw, box: Box, y: int, text: str, bold: bool = False,
          fill=INK, size: int = 20) -> int:
    f = font(size, bold)
    draw_text(draw, (box[0], y), ellipsize(text, f, box[2] - box[0]), f, fill=fill)
    return y + LINE + (size - 20)


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


def _active_line(draw: ImageDraw.ImageDraw, box: Box, y: int, view: ShipsView,
                 names: Sequence[str]) -> int:
    """The marker and name of the player to play, then what they have left this turn."""
    style = player_style(view.active)
    player = view.players[view.active]
    icons.draw_player_marker(draw, (box[0] + 12, y + 13), 24, style)
    # a free action cube in stock pays for an action as one in the section does
    left = (f": {player.action_merchant} merchant + {player.action_free + player.free_cubes} "
            "free left")
    if player.took_card:
        left += ", card taken"
    b20, f20 = font(20, bold=True), font(20)
    room = box[2] - box[0] - 32 - text_width(left, f20)
    name = ellipsize(seat_name(names, view.active), b20, max(room, 60))
    x = draw_text(draw, (box[0] + 30, y), name, b20)[2]
    draw_text(draw, (x, y), ellipsize(left, f20, box[2] - x), f20)
    return y + LINE


def status(draw: ImageDraw.ImageDraw, box: Box, view: ShipsView, names: Sequence[str]) -> None:
    draw.rounded_rectangle(pil_box(box), radius=14, fill=PANEL, outline=PANEL_BORDER, width=2)
    inner = (box[0] + 12, box[1] + 8, box[2] - 12, box[3] - 6)
    title = f"Turn {view.turn + 1} - {_era_name(view.era)}"
    y = _line(draw, inner, inner[1], title, bold=True, size=24) + 4
    if 0 <= view.active < len(view.players):
        y = _active_line(draw, inner, y, view, names)
    lines: list[tuple[str, bool, tuple[int, int, int]]] = []
    for pending in view.pending[:2]:
        lines.append((pending_text(pending, names), True, HIGHLIGHT))
    if view.end_triggered:
        lines.append(("Final round: play on until all have had equal turns", True, INK))
    costs = next_costs(view)
    if costs:
        lines.append((costs, False, INK))
    ringed = ringed_text(view, names)
    if ringed:
        lines.append((ringed, False, HIGHLIGHT))
    decks = ", ".join(f"{_era_name(era).split()[0]} {n}" for era, n in view.deck_sizes.items())
    if decks:
        lines.append((f"Decks: {decks}", False, MUTED_INK))
    s = view.supply
    lines.append((f"Pool: {s.gold} gold, {s.navigation} nav, {s.industry} ind, "
                  f"{s.free_cubes} free cubes", False, MUTED_INK))
    for text, bold, fill in lines:
        if y + 24 > inner[3]:
            break
        y = _line(draw, inner, y, text, bold=bold, fill=fill)


def results(draw: ImageDraw.ImageDraw, box: Box, view: ShipsView, names: Sequence[str]) -> None:
    """The final results banner: winners, every player's score in order, why it ended."""
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
    f28 = font(28, bold=True)
    draw_text(draw, (x, y), ellipsize(title, f28, width), f28)
    y += 52
    row = font(28, bold=True)
    for seat in sorted(range(len(scores)), key=lambda s: -scores[s]):
        if y + 40 > box[3]:
            break
        place = 1 + sum(1 for v in scores if v > scores[seat])
        style = player_style(seat)
        icons.draw_player_marker(draw, (x + 17, y + 17), 34, style)
        score = draw_text(draw, (box[2] - 20, y + 17), f"{scores[seat]} VP", row, anchor="rm")
        text = ellipsize(f"{place}. {seat_name(names, seat)}", row, score[0] - x - 60)
        draw_text(draw, (x + 44, y + 17), text, row, anchor="lm")
        y += 46
    if view.end_reason and y + 30 < box[3]:
        f20 = font(20)
        wrapped = ellipsize(f"Ended: {view.end_reason}", f20, width)
        draw_text(draw, (x, y + 8), wrapped, f20, fill=MUTED_INK)


def cards(draw: ImageDraw.ImageDraw, box: Box, view: ShipsView) -> None:
    """The cards on display: name, gold cost and effect, on two lines each when there is
    room for that."""
    content = ships_content()
    draw.rounded_rectangle(pil_box(box), radius=14, fill=PANEL, outline=PANEL_BORDER, width=2)
    inner = (box[0] + 12, box[1] + 8, box[2] - 12, box[3] - 8)
    b24 = font(24, bold=True)
    draw_text(draw, (inner[0], inner[1]), f"Cards on display ({len(view.display)})", b24)
    top = inner[1] + 36
    b20, f20 = font(20, bold=True), font(20)
    height = inner[3] - top
    rows = max(height // CARD_ROW, 1)
    shown = view.display[:rows]
    # one line per card (name, cost, effect) or, with room, the effect under the name
    lines = min(max(height // (CARD_ROW * max(len(shown), 1)), 1), 3)
    row_h = lines * CARD_ROW
    name_w = 136 if lines == 1 else inner[2] - inner[0] - 50
    y = top
    for i, card_id in enumerate(shown):
        try:
            card = content.card(card_id)
            name, cost, text = card.name, card.gold_cost.value, card.text
        except KeyError:
            name, cost, text = card_id, 0, ""
        if i % 2:
            draw.rectangle(pil_box((inner[0] - 6, y, inner[2] + 6, y + row_h)),
                           fill=shade(PANEL, 0.96))
        cy = y + CARD_ROW // 2
        name_box = draw_text(draw, (inner[0], cy), ellipsize(name, b20, name_w), b20,
                             anchor="lm")
        if cost:  # the card's own gold cost, paid on top of the cube
            cx = inner[0] + name_w + 4 if lines == 1 else name_box[2] + 8
            icons.draw_coin(draw, (cx + 11, cy), 22)
            draw_text(draw, (cx + 24, cy), str(cost), b20, anchor="lm")
        if lines == 1:
            x = inner[0] + name_w + 50
            draw_text(draw, (x, cy), ellipsize(text, f20, inner[2] - x), f20, anchor="lm")
        else:
            x = inner[0] + 16
            wrapped = wrap_text(text, f20, inner[2] - x)
            if len(wrapped) > lines - 1:
                wrapped = wrapped[: lines - 1]
                wrapped[-1] = ellipsize(wrapped[-1] + "…", f20, inner[2] - x)
            for j, line in enumerate(wrapped):
                draw_text(draw, (x, cy + (j + 1) * CARD_ROW), line, f20, anchor="lm")
        y += row_h
    if len(view.display) > len(shown):
        more = f"+{len(view.display) - len(shown)} more"
        draw_text(draw, (inner[2], inner[1] + 4), more, f20, fill=MUTED_INK, anchor="ra")
    if not view.display:
        draw_text(draw, (inner[0], top), "None left this era", f20, fill=MUTED_INK)
