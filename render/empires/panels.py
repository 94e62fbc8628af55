"""The panels of the Empires at Sea board: the round with its Weather and History, the turn
status (actions left, a combat's reaction window, the bribe, decisions awaited), one block per
nation, and the viewer's own hand in "My view"."""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from types import SimpleNamespace
from typing import cast

from PIL import ImageDraw

from engine.core.words import count
from engine.empires.content import empires_content
from engine.empires.scoring import score_parts
from engine.empires.state import PIRATE, PIRATES_BAY, EmpiresState, EmpiresView
from render.common import icons
from render.common.canvas import draw_text, draw_words, wrap_text
from render.common.fonts import (
    Font,
    displayable,
    font,
    line_height,
    stroke_width,
    text_size,
    text_width,
)
from render.common.layout import Box
from render.common.palette import (
    HIGHLIGHT,
    INK,
    MUTED_INK,
    RGB,
    WHITE,
    PlayerStyle,
    shade,
)

from . import changes, pieces
from .palette import nation_style
from .static import SCENE_TITLE, scene_inner

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
LARGE = 26  # the status strip's lines where it is tall (the Americas side's)
TALL = 400
REGION_INK = (0, 84, 140)  # the task line: the map key's dark blue, apart from the name above


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


# ------------------------------------------------------------------ the glyph cache


@functools.cache
def warm_glyphs() -> None:
    """Render once, at the first board of the process, the glyphs of the words and numbers
    the panels draw turn after turn (card texts, counts, phases), so a later board renders
    few new ones (what a board's text costs is rendering glyphs it has not drawn before)."""
    from render.common.fonts import crisp_text_mask

    c = empires_content()
    words: set[str] = set()
    for w in c.weather.cards:
        words.update(w.text.split())
    for h in c.history.cards:
        words.update(h.text.split())
    for phrase in list(PHASES.values()) + list(PENDING.values()) + [
            "to play", "actions left", "action left", "Waiting for", "Attack:", "on",
            "Orders may be played before after the dice; waiting for", "Last bribes:",
            "Bribes stay secret until everyone has answered.", "Empire Scores:"]:
        words.update(phrase.split())
    for nation in c.rules.nations.items:
        words.update(nation.name.split())
    words.update(changes.WORDS)  # what the last turn did, with its ports and cards
    names = [p.name for side in ("atlantic", "americas") for p in c.board(side).ports.values()]
    names += [card.name for card in c.captains.cards]
    for name in names:
        *head, tail = name.split()
        words.update(head)
        words.update(tail + end for end in ("", ",", ";", "."))
    heading = {w for w in changes.WORDS if w[:1].isupper() or w.startswith("(")}
    numbers = [str(n) for n in range(60)]
    plan: list[tuple[Font, list[str], str]] = [
        (font(SMALL), sorted(words) + numbers + [f"x{n}" for n in range(10)], "ls"),
        (font(BODY), sorted(words), "ls"),
        (font(LARGE), sorted(words), "ls"),
        (font(SMALL), [f"x{n}" for n in range(10)], "lm"),
        (font(BODY, bold=True), sorted(changes.WORDS | heading), "ls"),
        (font(BODY, bold=True), numbers + [f"Hand {n}" for n in range(13)], "lm"),
        (font(SCORE, bold=True), numbers, "mm"),
        (font(TASK, bold=True), numbers + ["actions", "action", "left"], "ls"),
    ]
    for f, texts, anchor in plan:
        for text in texts:
            crisp_text_mask(f, displayable(text), anchor, stroke_width(f), (0.0, 0.0))


# ------------------------------------------------------------------ round: Weather, History


def scene(draw: ImageDraw.ImageDraw, box: Box, view: EmpiresView) -> None:
    title = f"Round {view.round} of {view.rounds}  -  Era {ERA.get(view.era, view.era)}"
    inner, _ = scene_inner(box)  # the frame and its rule are on the static board
    draw_words(draw, (box[0] + 16, box[1] + 16), title, font(SCENE_TITLE, bold=True))
    c = empires_content()
    small = font(SMALL)
    decks = (f"Decks: Weather {view.weather_left}, History {view.history_left}, "
             f"Captain's {view.captain_deck_size}, discards {len(view.captain_discard)}")
    deck_lines = _wrap(decks, small, inner[2] - inner[0])
    step = line_height(small)
    bottom = inner[3] - (len(deck_lines) - 1) * step - text_size("Ag", small)[1] - 6
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
    two_cols = inner[2] - inner[0] > 720  # beside a tall map (not the Atlantic side's 490)
    half = (inner[0] + inner[2]) // 2
    cols = [(inner[0], half - 8), (half + 8, inner[2])] if two_cols else \
        [(inner[0], inner[2])] * 2
    head = font(BODY, bold=True)
    # the cards' texts in the body's type where it fits, else in small type
    text_f = small
    for size in (BODY, SMALL):
        heights = [_card_height(name, text, head, font(size), x1 - x0)
                   for (name, text), (x0, x1) in zip(parts, cols, strict=True)]
        if (max(heights) if two_cols else sum(heights)) <= bottom - inner[1]:
            text_f = font(size)
            break
    y = inner[1]
    for i, (name, text) in enumerate(parts):
        x0, x1 = cols[i]
        top = inner[1] if two_cols else y
        y = wrapped_words(draw, (x0, top, x1, bottom), name, head, INK, max_lines=2) + 4
        y = wrapped_words(draw, (x0, y, x1, bottom), text, text_f, by_word=False) + 12
    y = inner[3] - (len(deck_lines) - 1) * step - text_size("Ag", small)[1]
    for line in deck_lines:
        draw_words(draw, (inner[0], y), line, small, MUTED_INK)
        y += step


def _card_height(name: str, text: str, head: Font, f: Font, width: int) -> int:
    """The height ``scene`` takes for a card's name (two lines at most) and its text."""
    def lines(t: str, ft: Font, most: int | None = None) -> int:
        n = min(len(_wrap(t, ft, width)), most or 99) if t else 0
        return (n - 1) * line_height(ft) + text_size("Ag", ft)[1] if n else 0

    return lines(name, head, 2) + 4 + lines(text, f) + 12


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
    """Whose turn it is and what they must do, in one line (``turn_lines`` splits it)."""
    who_, task = turn_lines(view, names)
    return f"{who_}: {task}" if task else who_


def turn_lines(view: EmpiresView, names: Sequence[str]) -> tuple[str, str]:
    """Whose turn it is ("Spain (Bot 4) to play") and what they must do ("Play or discard a
    Captain's card"), the status strip's two big lines."""
    ts = view.turn_state
    if view.finished or view.scores is not None:
        return "Game over", ""
    if view.phase in ("turns", "pirate") and ts is not None:
        if ts.pirate:
            lead = f"The Pirate's turn, commanded by {who(view, names, ts.seat)}"
        else:
            lead = f"{who(view, names, ts.seat)} to play"
        if ts.stage == "card":
            return lead, "Play or discard a Captain's card"
        return lead, f"{ts.actions} action{'s' if ts.actions != 1 else ''} left"
    return PHASES.get(view.phase, view.phase.replace("_", " ").capitalize()), ""


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
        return f"{_owner(nation_name(view, cb.defender))} port {name}" if cb.defender is not None \
            else name
    ship = next((s for s in view.ships if s.id == cb.target), None)
    kind = pieces.KIND_NAME.get(ship.kind, "ship") if ship else "ship"
    if ship is not None and ship.owner == PIRATE:
        return "the Pirate"
    return f"{_owner(nation_name(view, cb.defender))} {kind}"


def _owner(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


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


HEAD, TASK = 40, 32  # the status strip's two big lines: read on a phone at a third of full size


def wrapped_words(draw: ImageDraw.ImageDraw, box: Box, text: str, f: Font,
                  fill: RGB = INK, max_lines: int | None = None, by_word: bool = True) -> int:
    """``text`` wrapped to the width of ``box`` from its top; lines past the bottom of ``box``
    or ``max_lines`` are left out whole, never cut. A line that changes from turn to turn is
    drawn word by word (``draw_words``: each word's glyphs come from the cache); a fixed text
    (a card's) line by line (``by_word`` False: each line's glyphs come from the cache).
    Returns the y below the last line drawn (``box[1]`` when none fit)."""
    step = line_height(f)
    high = text_size("Ag", f)[1]
    y = box[1]
    for i, line in enumerate(_wrap(text, f, box[2] - box[0])):
        if y + high > box[3] or (max_lines is not None and i >= max_lines):
            break
        if by_word:
            draw_words(draw, (box[0], y), line, f, fill)
        else:
            draw_text(draw, (box[0], y), line, f, fill)
        y += step
    return y if y == box[1] else y - step + high


@functools.lru_cache(maxsize=2048)
def _wrap(text: str, f: Font, width: int) -> tuple[str, ...]:
    """``wrap_text``, measuring each word once (a word's width is cached; a line's is the sum
    of its words' and spaces'), as ``draw_words`` lays them out."""
    if "\n" in text:
        return tuple(wrap_text(text, f, width))
    space = _word_width(" ", f)
    lines: list[str] = []
    current: list[str] = []
    used = 0.0
    for word in text.split():
        w = _word_width(word, f)
        if w > width:  # a word too long for a line: the generic wrap cuts it
            return tuple(wrap_text(text, f, width))
        if current and used + space + w > width:
            lines.append(" ".join(current))
            current, used = [], 0.0
        used += (space if current else 0) + w
        current.append(word)
    if current:
        lines.append(" ".join(current))
    return tuple(lines)


@functools.lru_cache(maxsize=8192)
def _word_width(word: str, f: Font) -> float:
    return f.getlength(displayable(word)) + (2 * stroke_width(f) if word != " " else 0)


def fits(text: str, f: Font, box: Box, max_lines: int | None = None) -> bool:
    lines = len(_wrap(text, f, box[2] - box[0]))
    if max_lines is not None and lines > max_lines:
        return False
    step = line_height(f)
    return (lines - 1) * step + text_size("Ag", f)[1] <= box[3] - box[1]


def status(draw: ImageDraw.ImageDraw, box: Box, view: EmpiresView,
           names: Sequence[str]) -> None:
    # the frame is on the static board
    inner = (box[0] + 14, box[1] + 8, box[2] - 14, box[3] - 6)
    x0, x1 = inner[0], inner[2]
    f = font(BODY)
    step = line_height(f)
    who_, task = turn_lines(view, names)
    dice = bool(view.combat and view.combat.attack_dice)
    right = x1 - (36 * min(len(view.combat.attack_dice), 6) + 8 if dice and view.combat else 0)
    # one line if it can (a long name takes smaller type first), else two
    head = next((font(size, bold=True) for size in (HEAD, HEAD - 6)
                 if text_width(who_, font(size, bold=True)) <= right - x0),
                font(HEAD - 6, bold=True))
    y = wrapped_words(draw, (x0, inner[1], right, inner[3]), who_, head, INK, max_lines=2) + 4
    if task:
        y = wrapped_words(draw, (x0, y, x1, inner[3]), task, font(TASK, bold=True),
                          REGION_INK, max_lines=2) + 6
    lines: list[str] = []
    if view.scores is not None:
        ranked = sorted(range(len(view.scores)), key=lambda s: -view.scores[s])  # type: ignore
        scores = "Empire Scores: " + ", ".join(
            f"{nation_name(view, s)} {view.scores[s]}" for s in ranked)
        y = wrapped_words(draw, (x0, y, x1, inner[3]), scores, font(TASK, bold=True), INK,
                          max_lines=2) + 6
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
    sizes = (LARGE, BODY, SMALL) if inner[3] - inner[1] >= TALL else (BODY, SMALL)
    for line in lines:
        room = (x0, y, x1, inner[3])
        use = next((font(size) for size in sizes if fits(line, font(size), room, 2)), None)
        if use is None:
            break  # no room left: the rest waits for the next board rather than being cut
        y = wrapped_words(draw, room, line, use, INK, max_lines=2) + 4
    _ringed(draw, (x0, y + 4, x1, inner[3]), view, names, sizes)
    del step
    if dice and view.combat:
        x = x1 - 4
        for value in reversed(view.combat.attack_dice[:6]):
            if 1 <= value <= 6:
                icons.draw_die(draw, (x - 15, inner[1] + 17), 30, value)
                x -= 36


def _ringed(draw: ImageDraw.ImageDraw, box: Box, view: EmpiresView,
            names: Sequence[str], sizes: tuple[int, ...] = (BODY, SMALL)) -> None:
    """Whose changes the map's rings show, in the rings' colour, then what they were."""
    heading = changes.ringed_text(view, names)
    if not heading:
        return
    bold = next((font(size, bold=True) for size in sizes
                 if fits(heading, font(size, bold=True), box, 2)), None)
    if bold is None:
        return  # no room left: the map's key still says what the rings are
    y = wrapped_words(draw, box, heading, bold, HIGHLIGHT, max_lines=2) + 4
    told = changes.summary(view)
    room = (box[0], y, box[2], box[3])
    use = next((font(size) for size in sizes if fits(told, font(size), room, 3)),
               font(SMALL))
    wrapped_words(draw, room, _cut(told, use, room), use, INK)


def _cut(text: str, f: Font, box: Box) -> str:
    """``text`` as far as it fits in ``box``, ending " ..." where it is cut."""
    step, high = line_height(f), text_size("Ag", f)[1]
    room = max((box[3] - box[1] - high) // step + 1, 0)
    lines = list(_wrap(text, f, box[2] - box[0]))
    if len(lines) <= room:
        return text
    if room == 0:
        return ""
    words = " ".join(lines[:room]).split()
    while words and len(_wrap(" ".join(words) + " ...", f, box[2] - box[0])) > room:
        words.pop()
    return " ".join(words).rstrip(";,") + " ..." if words else ""


# ------------------------------------------------------------------ nations


def empire_score(view: EmpiresView, seat: int) -> int:
    """The seat's Empire Score if the game ended now, by the Empire Scoring card
    (``engine.empires.scoring``), from what the public view shows: ships afloat and taken,
    ports with their Forts, and resources."""
    table = SimpleNamespace(
        players=view.players, ships=view.ships,
        ports={pid: SimpleNamespace(owner=owner, forts=view.port_forts.get(pid, 0))
               for pid, owner in view.port_owners.items()})
    return sum(score_parts(cast(EmpiresState, table), seat).values())


SCORE = 30  # the Empire Score: big, white on black, read at a third of full size


@dataclass(frozen=True)
class Rows:
    """Where a nation block's rows go and how large their pieces and type are: ``COMPACT``
    on a full table, ``ROOMY`` when few nations leave room (``layout.nation_height``)."""

    marker: int  # the nation's marker by its name
    title: int  # the name's row, from the block's top
    chip: int  # a resource chip, its letter in bold type
    goods: int  # the resources' row
    ship: int  # a ship in stock
    stock: int  # the ships' row
    count: int  # the counts' bold type ("x3", "12")
    text: int  # the type of ports, Advancements and Industries
    cards: int  # where Advancements and Industries start, below the ships' row


COMPACT = Rows(marker=30, title=16, chip=28, goods=49, ship=32, stock=80, count=BODY,
               text=SMALL, cards=17)
ROOMY = Rows(marker=34, title=19, chip=32, goods=60, ship=36, stock=101, count=BODY + 2,
             text=BODY, cards=22)


def nation(draw: ImageDraw.ImageDraw, box: Box, view: EmpiresView, seat: int,
           names: Sequence[str], active: bool) -> None:
    st = style(seat)
    if st is None:
        return
    p = view.players[seat]
    if active:  # the others' frames are on the static board
        draw.rounded_rectangle([box[0], box[1], box[2] - 1, box[3] - 1], radius=10,
                               fill=shade(st.rgb, 1.8), outline=INK, width=4)
    r = ROOMY if box[3] - box[1] >= 170 else COMPACT
    x0, y0, x1 = box[0] + 10, box[1] + 6, box[2] - 10
    ty = y0 + r.title
    icons.draw_player_marker(draw, (x0 + r.marker // 2, ty), r.marker, st)
    f_b, f = font(BODY, bold=True), font(SMALL)
    f_n, f_t = font(r.count, bold=True), font(r.text)
    # the Empire Score, top right
    score = str(view.scores[seat]) if view.scores is not None and seat < len(view.scores) \
        else str(empire_score(view, seat))
    f_s = font(SCORE, bold=True)
    sw = text_width(score, f_s)
    label_w = text_width("Score", f)
    pill = (x1 - sw - 16, ty - 16, x1, ty + 17)
    draw.rounded_rectangle([pill[0], pill[1], pill[2] - 1, pill[3] - 1], radius=8, fill=INK)
    draw_text(draw, ((pill[0] + pill[2]) // 2, (pill[1] + pill[3]) // 2), score, f_s, WHITE,
              anchor="mm")
    draw_text(draw, (pill[0] - 6, ty), "Score", f, INK, anchor="rm")
    title = f"{nation_name(view, seat)} - {player_name(names, seat)}"
    if active:
        title = "> " + title
    left = x0 + r.marker + 8
    room = pill[0] - 6 - label_w - 10 - left
    shown = title if text_width(title, f_b) <= room else nation_name(view, seat)
    if text_width(shown, f_b) > room:
        shown = st.name
    draw_words(draw, (left, ty), shown, f_b, INK, anchor="lm")
    # resources and ports; the hand's size at the right
    y = y0 + r.goods
    x = x0
    for res in ("gold", "wood", "steel"):
        pieces.resource_chip(draw, (x + r.chip // 2, y), r.chip, res)
        x = draw_text(draw, (x + r.chip + 4, y), str(getattr(p, res)), f_n, INK,
                      anchor="lm")[2] + 14
    hand = f"Hand {p.hand_size}"
    hw = text_width(hand, f_n)
    pieces.card_back(draw, (x1 - hw - 14, y), r.chip)
    draw_text(draw, (x1, y), hand, f_n, INK, anchor="rm")
    owned = [k for k, o in view.port_owners.items() if o == seat]
    forts = sum(1 for k in owned if view.port_forts.get(k, 0) == 1)
    bases = sum(1 for k in owned if view.port_forts.get(k, 0) >= 2)
    room = x1 - hw - 14 - r.chip // 2 - 8 - x - 6
    # the ports by the resources; where they leave no room (a narrow block), before the cards
    ports_texts = (_ports_text(len(owned), forts, bases, True),
                   _ports_text(len(owned), forts, bases, False), f"Ports {len(owned)}")
    leads = [t + ". " for t in ports_texts]  # where they leave no room, before the cards
    for ports in ports_texts:
        use = next((t for t in (f_t, f) if text_width(ports, t) <= room), None)
        if use is not None:
            draw_words(draw, (x + 6, y), ports, use, INK, anchor="lm")
            leads = [""]
            break
    # ships in stock and ships taken
    y = y0 + r.stock
    half = r.ship // 2
    x = draw_text(draw, (x0, y), "Stock", f_t, MUTED_INK, anchor="lm")[2] + 4
    for kind in ("transport", "frigate", "ship_of_the_line"):
        pieces.ship(draw, (x + half, y - 1), r.ship, kind, st)
        x = draw_text(draw, (x + r.ship + 2, y), f"x{p.pieces.get(kind, 0)}", f_n, INK,
                      anchor="lm")[2] + 10
    taken = sorted(Counter(p.captured).items())
    # "Taken" only with a ship after it (a narrow block may have room for neither)
    if taken and x + 12 + text_width("Taken", f_t) + r.ship + 2 \
            + text_width(f"x{taken[0][1]}", f_n) <= x1:
        x = draw_text(draw, (x + 8, y), "Taken", f_t, MUTED_INK, anchor="lm")[2] + 4
        for kind, n in taken:
            if x + r.ship + 2 + text_width(f"x{n}", f_n) > x1:
                break
            pieces.ship(draw, (x + half, y - 1), r.ship, "ship_of_the_line" if kind == "pirate"
                        else kind, None if kind == "pirate" else _grey(st))
            x = draw_text(draw, (x + r.ship + 2, y), f"x{n}", f_n, INK, anchor="lm")[2] + 10
    # Advancements and Industries: in full when they fit, else counted
    # (after the ports where they did not fit by the resources, said as shortly as need be)
    room_box = (x0, y + r.cards, x1, box[3] - 3)
    full, counted = _in_front(p.in_front), _in_front(p.in_front, short=True)
    options = [(lead + front, t) for front in (full, counted, counted.removesuffix(TOO_MANY))
               for lead in leads for t in ((f_t, f) if front is full else (f_t,))]
    text, use = next(((s, t) for s, t in options if fits(s, t, room_box)), options[-1])
    wrapped_words(draw, room_box, text, use, INK if p.in_front or leads[0] else MUTED_INK)


def _ports_text(n: int, forts: int, bases: int, long: bool) -> str:
    ports = f"Ports {n}"
    if not (forts or bases):
        return ports
    if long:
        return ports + f" ({forts} Fort{'s' if forts != 1 else ''}, " \
            f"{bases} Base{'s' * (bases != 1)})"
    return ports + f" ({forts}F, {bases}B)"


def _grey(st: PlayerStyle) -> PlayerStyle:
    return PlayerStyle(st.name, (190, 190, 190), "?", "circle", INK)


TOO_MANY = " (too many to list)"


def _in_front(cards: list[str], short: bool = False) -> str:
    """Advancements and Industries by name, or ``short``: counted (ending ``TOO_MANY``)."""
    c = empires_content()
    adv: list[str] = []
    ind: list[str] = []
    for card, n in sorted(Counter(cards).items()):
        try:
            cc = c.captain(card)
            name, kind = cc.name, cc.type
        except KeyError:
            name, kind = card, "advancement"
        label = f"{name} (x{n})" if n > 1 else name
        (ind if kind == "industry" else adv).extend([label] if not short else [label] * n)
    if short:
        return (f"{count(len(adv), 'Advancement')}, {count(len(ind), 'Industry', 'Industries')}"
                + TOO_MANY)
    parts = []
    if adv:
        parts.append("Adv: " + ", ".join(adv))
    if ind:
        parts.append("Ind: " + ", ".join(ind))
    return "; ".join(parts) if parts else "No Advancements or Industries"
