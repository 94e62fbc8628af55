"""The panels of the Empires at Sea board: the round with its Weather and History, the turn
status (actions left, a combat's reaction window, the bribe, decisions awaited), one block per
nation, and the viewer's own hand in "My view"."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from PIL import ImageDraw

from engine.empires.content import empires_content
from engine.empires.state import PIRATE, PIRATES_BAY, EmpiresView
from render.common import icons
from render.common.canvas import draw_text, draw_wrapped, panel
from render.common.fonts import ellipsize, font, line_height, text_width
from render.common.layout import Box
from render.common.palette import (
    INK,
    MUTED_INK,
    PANEL,
    PANEL_BORDER,
    PlayerStyle,
    shade,
)

from . import pieces
from .palette import nation_style

ERA = {1: "I", 2: "II", 3: "III"}
PHASES = {"round": "A new round begins", "production": "Ports and Industries produce",
          "refill": "Hands are refilled", "recovery": "End-of-round recovery",
          "round_end": "The round ends", "pirate": "The Pirate sails", "over": "Game over",
          "bribe": "Bribing the Pirate", "turns": "Turns"}
PENDING = {"claim": "take an uncontrolled port free", "choose_resource": "choose {count} "
           "resources", "launch": "launch a free {ship}", "relocate": "move a ship into the "
           "Mediterranean", "free_attack": "make a free attack at +{bonus}",
           "refill": "discard Orders and refill the hand",
           "draw_port": "draw a free port (no port held)"}
BODY, SMALL = 22, 20


def style(seat: int) -> PlayerStyle | None:
    try:
        return nation_style(seat)
    except IndexError:
        return None


def nation_name(view: EmpiresView, seat: int | None) -> str:
    if seat is None:
        return "nobody"
    if seat == PIRATE:
        return "the Pirate"
    if 0 <= seat < len(view.players):
        try:
            return empires_content().nation(view.players[seat].nation).name
        except KeyError:
            return view.players[seat].nation
    return f"seat {seat + 1}"


def player_name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) and names[seat] else f"Player {seat + 1}"


def who(view: EmpiresView, names: Sequence[str], seat: int | None) -> str:
    if seat is None or seat == PIRATE or not 0 <= seat < len(view.players):
        return nation_name(view, seat)
    return f"{nation_name(view, seat)} ({player_name(names, seat)})"


def _card_name(card: str) -> str:
    try:
        return empires_content().captain(card).name
    except KeyError:
        return card


# ------------------------------------------------------------------ round: Weather, History


def scene(draw: ImageDraw.ImageDraw, box: Box, view: EmpiresView) -> None:
    title = f"Round {view.round} of {view.rounds}  -  Era {ERA.get(view.era, view.era)}"
    inner = panel(draw, box, title, title_font=font(28, bold=True))
    c = empires_content()
    decks = (f"Decks: Weather {view.weather_left}, History {view.history_left}, "
             f"Captain's {view.captain_deck_size} (discards {len(view.captain_discard)})")
    bottom = inner[3] - line_height(font(SMALL))
    parts: list[tuple[str, str]] = []
    if view.weather:
        try:
            w = c.weather_card(view.weather)
            parts.append((f"Weather: {w.name}", w.text))
        except KeyError:
            parts.append((f"Weather: {view.weather}", ""))
    else:
        parts.append(("Weather: none yet", ""))
    if view.history:
        try:
            h = c.history_card(view.history)
            parts.append((f"History: {h.title} ({h.year})", h.text))
        except KeyError:
            parts.append((f"History: {view.history}", ""))
    else:
        parts.append(("History: none yet", ""))
    two_cols = inner[2] - inner[0] > 800
    cols = [(inner[0], inner[1], (inner[0] + inner[2]) // 2 - 8, bottom),
            ((inner[0] + inner[2]) // 2 + 8, inner[1], inner[2], bottom)]
    y = inner[1]
    for i, (head, text) in enumerate(parts):
        x0, x1 = (cols[i][0], cols[i][2]) if two_cols else (inner[0], inner[2])
        top = inner[1] if two_cols else y
        hb = draw_text(draw, (x0, top), ellipsize(head, font(BODY, bold=True), x1 - x0), font(
            BODY, bold=True))
        room_bottom = bottom - 6 if two_cols or i == len(parts) - 1 else \
            max(hb[3] + 30, (inner[1] + bottom) // 2 - 4)
        y = draw_wrapped(draw, (x0, hb[3] + 4, x1, room_bottom), text, font(SMALL)) + 12
    draw_text(draw, (inner[0], inner[3]), ellipsize(decks, font(SMALL), inner[2] - inner[0]),
              font(SMALL), MUTED_INK, anchor="ld")


# ------------------------------------------------------------------ status


def _marker_line(draw: ImageDraw.ImageDraw, x: int, y: int, view: EmpiresView,
                 seats: list[int], label: str, right: int) -> int:
    """A line of nation markers, each followed by a word (e.g. answered / waiting)."""
    f = font(SMALL)
    for seat in seats:
        st = style(seat)
        if st is None:
            continue
        word = label.format(done="answered" if _answered(view, seat) else "waiting")
        w = 30 + text_width(word, f)
        if x + w > right:
            break
        icons.draw_player_marker(draw, (x + 12, y + 12), 24, st)
        draw_text(draw, (x + 28, y + 12), word, f, INK, anchor="lm")
        x += w + 16
    return y + 30


def _answered(view: EmpiresView, seat: int) -> bool:
    return seat < len(view.bribes_answered) and view.bribes_answered[seat]


def headline(view: EmpiresView, names: Sequence[str]) -> str:
    ts = view.turn_state
    if view.finished or view.scores is not None:
        return "Game over"
    if view.phase in ("turns", "pirate") and ts is not None:
        if ts.pirate:
            lead = f"The Pirate's turn, commanded by {who(view, names, ts.seat)}"
        else:
            lead = f"{who(view, names, ts.seat)} to play"
        if ts.stage == "card":
            return f"{lead}: play or discard a Captain's card"
        return f"{lead}: {ts.actions} action{'s' if ts.actions != 1 else ''} left"
    return PHASES.get(view.phase, view.phase.replace("_", " ").capitalize())


def _target(view: EmpiresView) -> str:
    cb = view.combat
    assert cb is not None
    if cb.target_kind == "bay" or cb.target == PIRATES_BAY:
        return "Pirate's Bay"
    if cb.target_kind == "port":
        try:
            name = empires_content().board(view.side).ports[cb.target].name
        except KeyError:
            name = cb.target
        return f"{nation_name(view, cb.defender)}'s port {name}" if cb.defender is not None \
            else name
    ship = next((s for s in view.ships if s.id == cb.target), None)
    kind = pieces.KIND_NAME.get(ship.kind, "ship") if ship else "ship"
    if ship is not None and ship.owner == PIRATE:
        return "the Pirate"
    return f"{nation_name(view, cb.defender)}'s {kind}"


def combat_lines(view: EmpiresView, names: Sequence[str]) -> list[str]:
    cb = view.combat
    if cb is None:
        return []
    lead = "The Pirate" if cb.source == "pirate" else nation_name(view, cb.attacker)
    kinds = []
    for sid in cb.ships:
        s = next((x for x in view.ships if x.id == sid), None)
        kinds.append(pieces.KIND_NAME.get(s.kind, sid) if s else sid)
    fleet = f" with {len(kinds)} ships" if len(kinds) > 1 else ""
    bonus = f" (+{cb.bonus})" if cb.bonus else ""
    lines = [f"Attack: {lead} on {_target(view)}{fleet}{bonus}"]
    waiting = ", ".join(nation_name(view, s) for s in cb.waiting)
    if cb.cancelled:
        lines.append("The attack was called off.")
    elif cb.stage == "targets":
        lines.append(f"Waiting for {nation_name(view, cb.defender)} to pick counter targets")
    elif waiting:
        when = "before the dice" if cb.stage == "declared" else "after the dice"
        lines.append(f"Orders may be played {when}; waiting for {waiting}")
    if cb.attack_dice:
        mod = f" {cb.attack_mod:+d}" if cb.attack_mod else ""
        lines.append("Attack dice: " + " ".join(map(str, cb.attack_dice)) + mod)
    if cb.counter_dice:
        lines.append("Counter dice: " + " ".join(map(str, cb.counter_dice)))
    return lines


def pending_lines(view: EmpiresView) -> list[str]:
    out = []
    for p in view.pending[:2]:
        what = PENDING.get(p.kind, p.kind).format(
            count=p.count, ship=pieces.KIND_NAME.get(p.ship, p.ship), bonus=p.bonus)
        if p.kind == "claim" and p.continent:
            what += f" in {p.continent}"
        out.append(f"Waiting for {nation_name(view, p.seat)} to {what}")
    if len(view.pending) > 2:
        out.append(f"... and {len(view.pending) - 2} more decisions")
    return out


def status(draw: ImageDraw.ImageDraw, box: Box, view: EmpiresView,
           names: Sequence[str]) -> None:
    inner = panel(draw, box, None)
    x0, x1 = inner[0], inner[2]
    f_head, f = font(24, bold=True), font(SMALL)
    step = line_height(f)
    y = draw_text(draw, (x0, inner[1]), ellipsize(headline(view, names), f_head, x1 - x0),
                  f_head)[3] + 6
    lines: list[str] = []
    if view.scores is not None:
        ranked = sorted(range(len(view.scores)), key=lambda s: -view.scores[s])  # type: ignore
        lines.append("Empire Scores: " + ", ".join(
            f"{nation_name(view, s)} {view.scores[s]}" for s in ranked))
        if view.end_reason:
            lines.append(view.end_reason)
    if view.phase == "bribe" and view.bribes_answered:
        y = _marker_line(draw, x0, y, view, list(range(len(view.players))), "{done}", x1)
        lines.append("Bribes stay secret until everyone has answered.")
    if view.my_bribe is not None:
        lines.append(f"Your secret bribe: {view.my_bribe} Gold")
    lines += combat_lines(view, names)
    lines += pending_lines(view)
    if view.last_bribes is not None and view.phase in ("bribe", "pirate", "refill",
                                                       "recovery", "round_end"):
        lines.append("Last bribes: " + ", ".join(
            f"{nation_name(view, s)} {b}" for s, b in enumerate(view.last_bribes)))
    for line in lines:
        if y + step > inner[3] + 4:
            break
        y = draw_wrapped(draw, (x0, y, x1, inner[3] + 4), line, f, max_lines=2) + 4
    if view.combat and view.combat.attack_dice:
        x = x1 - 4
        for value in reversed(view.combat.attack_dice[:6]):
            if 1 <= value <= 6:
                icons.draw_die(draw, (x - 15, inner[1] + 15), 30, value)
                x -= 36


# ------------------------------------------------------------------ nations


def nation(draw: ImageDraw.ImageDraw, box: Box, view: EmpiresView, seat: int,
           names: Sequence[str], active: bool) -> None:
    st = style(seat)
    if st is None:
        return
    p = view.players[seat]
    fill = shade(st.rgb, 1.8) if active else PANEL
    draw.rounded_rectangle([box[0], box[1], box[2] - 1, box[3] - 1], radius=10, fill=fill,
                           outline=INK if active else PANEL_BORDER, width=4 if active else 2)
    x0, y0, x1 = box[0] + 10, box[1] + 6, box[2] - 10
    icons.draw_player_marker(draw, (x0 + 14, y0 + 14), 28, st)
    f_b, f = font(BODY, bold=True), font(SMALL)
    hand = f"Hand {p.hand_size}"
    hw = text_width(hand, f_b)
    pieces.card_back(draw, (x1 - hw - 14, y0 + 14), 28)
    draw_text(draw, (x1, y0 + 14), hand, f_b, INK, anchor="rm")
    title = f"{nation_name(view, seat)} - {player_name(names, seat)}"
    if active:
        title = "> " + title
    draw_text(draw, (x0 + 36, y0 + 14), ellipsize(title, f_b, x1 - hw - 36 - x0 - 36), f_b,
              INK, anchor="lm")
    # resources and ports
    y = y0 + 43
    x = x0
    for res in ("gold", "wood", "steel"):
        pieces.resource_chip(draw, (x + 12, y), 24, res)
        x = draw_text(draw, (x + 28, y), str(getattr(p, res)), f_b, INK, anchor="lm")[2] + 14
    owned = [k for k, o in view.port_owners.items() if o == seat]
    forts = sum(1 for k in owned if view.port_forts.get(k, 0) == 1)
    bases = sum(1 for k in owned if view.port_forts.get(k, 0) >= 2)
    ports = f"Ports {len(owned)}"
    if forts or bases:
        ports += f" ({forts} Fort{'s' if forts != 1 else ''}, {bases} Base{'s' * (bases != 1)})"
    draw_text(draw, (x + 6, y), ellipsize(ports, f, x1 - x - 6), f, INK, anchor="lm")
    # ships in stock and ships taken
    y += 30
    x = draw_text(draw, (x0, y), "Stock", f, MUTED_INK, anchor="lm")[2] + 4
    for kind in ("transport", "frigate", "ship_of_the_line"):
        pieces.ship(draw, (x + 14, y - 1), 28, kind, st)
        x = draw_text(draw, (x + 30, y), f"x{p.pieces.get(kind, 0)}", f, INK, anchor="lm")[2] + 8
    if p.captured:
        x = draw_text(draw, (x + 8, y), "Taken", f, MUTED_INK, anchor="lm")[2] + 4
        for kind, n in sorted(Counter(p.captured).items()):
            if x + 60 > x1:
                break
            pieces.ship(draw, (x + 14, y - 1), 28, "ship_of_the_line" if kind == "pirate"
                        else kind, None if kind == "pirate" else _grey(st))
            x = draw_text(draw, (x + 30, y), f"x{n}", f, INK, anchor="lm")[2] + 8
    # Advancements and Industries
    y += 15
    text = _in_front(p.in_front)
    draw_wrapped(draw, (x0, y, x1, box[3] - 4), text, f, INK if p.in_front else MUTED_INK)


def _grey(st: PlayerStyle) -> PlayerStyle:
    return PlayerStyle(st.name, (190, 190, 190), "?", "circle", INK)


def _in_front(cards: list[str]) -> str:
    c = empires_content()
    adv: list[str] = []
    ind: list[str] = []
    for card, n in sorted(Counter(cards).items()):
        try:
            cc = c.captain(card)
            name, kind = cc.name, cc.type
        except KeyError:
            name, kind = card, "advancement"
        label = f"{name} x{n}" if n > 1 else name
        (ind if kind == "industry" else adv).append(label)
    parts = []
    if adv:
        parts.append("Adv: " + ", ".join(adv))
    if ind:
        parts.append("Ind: " + ", ".join(ind))
    return "; ".join(parts) if parts else "No Advancements or Industries"
