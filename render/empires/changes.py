"""What the last turn changed, on the Empires at Sea board (``EmpiresView.last`` and
``current``, kept by ``engine.empires.marks``).

On the map: a ship that sailed leaves a dotted trail from where it set out (a small ring there),
through the corner of a turning move, to where it is now; that ship, a ship launched, a port
bought, claimed, taken, fortified or traded at, and the target of an attack are ringed in
``HIGHLIGHT``, as Ships rings its changes; where a ship was sunk a cross is drawn. In the status
strip: whose turn the rings show, and in words what it did (``ringed_text``, ``summary``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PIL import ImageDraw

from engine.empires.content import Cell
from engine.empires.state import PIRATE, PIRATE_ID, PIRATES_BAY, EmpiresView, LastTurn, Mark
from render.common import trail
from render.common.layout import Box, highlight
from render.common.record import paused

from . import pieces
from .layout import board, in_grid, layout
from .static import FORT_RISE

RING = 4  # a changed cell's ring
CROSS = 24  # the cross where a ship was sunk
ATTACKED = 20  # the crossed swords on the target of an attack
# (each at the Atlantic side's cell, ``layout.CELL``, and grown with a larger map's cell)


def marks(view: EmpiresView) -> list[Mark]:
    """Every change the rings show: the last turn's (with what followed it), then this turn's
    so far."""
    return [*view.last.marks, *view.current.marks]


def _cell(value: Cell | Sequence[int] | None) -> Cell | None:
    return None if value is None else (int(value[0]), int(value[1]))


def trails(view: EmpiresView) -> list[list[Cell]]:
    """Each sailing ship's way, cell by cell at the corners: where it set out, where it turned
    (Marine Chronometer) and where each sailing ended; a ship that sailed again from where it
    stopped goes on the same way."""
    ways: dict[str, list[list[Cell]]] = {}
    for m in marks(view):
        start, to = _cell(m.start), _cell(m.cell)
        if m.what != "sail" or m.ship is None or start is None or to is None:
            continue
        legs = ways.setdefault(m.ship, [])
        via = _cell(m.via)
        leg = [p for p in (via, to) if p is not None]
        if legs and legs[-1][-1] == start:
            legs[-1] += leg
        else:
            legs.append([start, *leg])
    return [way for legs in ways.values() for way in legs]


def kept_clear(view: EmpiresView) -> set[Cell]:
    """Where the trails start and ships were sunk: names on the sea keep off these cells, as
    they keep off ships."""
    return {way[0] for way in trails(view)} | set(sunk_cells(view))


def ringed_cells(view: EmpiresView) -> list[Cell]:
    """The cells ringed, each once: the ships that sailed or were launched (where they are
    now, if still afloat), the ports changed or traded at, the targets of attacks."""
    afloat = {s.id: _cell(s.cell) for s in view.ships}
    b = board(view.side)
    found: list[Cell | None] = []
    for m in marks(view):
        if m.what in ("sail", "launch") and m.ship is not None:
            found.append(afloat.get(m.ship))
        elif m.what in ("port", "fortify", "trade") and m.port in b.ports:
            found.append(b.ports[m.port].cell)
        elif m.what == "attack":
            if m.how == "ship" and m.ship is not None:
                found.append(afloat.get(m.ship, _cell(m.cell)))
            else:
                found.append(_cell(m.cell))
    return list(dict.fromkeys(c for c in found if c is not None))


def attacked_cells(view: EmpiresView) -> list[Cell]:
    """The targets of the attacks the rings show and of the combat in progress, each once:
    the ship attacked (where it is now, if still afloat), the port, Pirate's Bay."""
    afloat = {s.id: _cell(s.cell) for s in view.ships}
    b = board(view.side)
    found: list[Cell | None] = []
    for m in marks(view):
        if m.what != "attack":
            continue
        if m.how == "ship" and m.ship is not None:
            found.append(afloat.get(m.ship, _cell(m.cell)))
        elif m.how == "port" and m.port in b.ports:
            found.append(b.ports[m.port].cell)
        elif m.how == "bay":
            found.append(b.pirates_bay)
        else:
            found.append(_cell(m.cell))
    cb = view.combat
    if cb is not None:
        if cb.target == PIRATES_BAY or cb.target_kind == "bay":
            found.append(b.pirates_bay)
        elif cb.target in b.ports:
            found.append(b.ports[cb.target].cell)
        else:
            found.append(afloat.get(cb.target))
    return list(dict.fromkeys(c for c in found if c is not None))


def sunk_cells(view: EmpiresView) -> list[Cell]:
    """Where ships were sunk and no ship stands now."""
    taken = {_cell(s.cell) for s in view.ships}
    cells = [_cell(m.cell) for m in marks(view) if m.what == "sunk"]
    return list(dict.fromkeys(c for c in cells if c is not None and c not in taken))


# ------------------------------------------------------------------ on the map


def draw_trails(draw: ImageDraw.ImageDraw, view: EmpiresView) -> None:
    """The sailing ships' trails: drawn before the pieces, so ships stand over them, and the
    names on the sea, which keep off where a trail starts (``kept_clear``) as off a ship."""
    lay = layout(view.side, view.seats)
    px = lay.px
    origin, size, step = px(trail.ORIGIN), px(trail.DOT), px(trail.STEP)
    for way in trails(view):
        if not all(in_grid(lay, c) for c in way):
            continue
        points = [lay.grid.center(*c) for c in way]
        # the dots lie under the names on the sea (each in its white halo), which may cross
        # them: they are not noted as pieces a name must keep off
        with paused():
            for at in trail.dots(points, origin // 2 + px(6), px(12), step):
                trail.dot(draw, at, size)
        trail.origin(draw, points[0], origin)


def draw_rings(draw: ImageDraw.ImageDraw, view: EmpiresView) -> list[Box]:
    """The rings round what changed, and a cross where a ship was sunk (drawn over the
    pieces, under the names, which are drawn again over them); the boxes they take."""
    lay = layout(view.side, view.seats)
    px = lay.px
    ports = {p.cell for p in board(view.side).ports.values()}
    out: list[Box] = []
    for cell in ringed_cells(view):
        if not in_grid(lay, cell):
            continue
        box = lay.grid.box(*cell)
        if cell in ports:  # take in the Fort tokens standing above the port
            box = (box[0], box[1] - px(FORT_RISE), box[2] + px(2), box[3])
        out.append(highlight(draw, box, width=px(RING), pad=px(1), radius=px(4)))
    for cell in sunk_cells(view):
        if in_grid(lay, cell):
            out.append(pieces.sunk_cross(draw, lay.grid.center(*cell), px(CROSS)))
    for cell in attacked_cells(view):  # on the corner of its ring, top left
        if in_grid(lay, cell):
            x0, y0, _, _ = lay.grid.box(*cell)
            at = px(ATTACKED) // 2 - px(3)
            out.append(pieces.attacked(draw, (x0 + at, y0 + at), px(ATTACKED)))
    return out


# ------------------------------------------------------------------ in words


def _changed(turn: LastTurn) -> bool:
    return bool(turn.marks)


def _possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def ringed_text(view: EmpiresView, names: Sequence[str]) -> str:
    """Whose changes the rings show ("Ringed: Spain's last turn (Dara)"); empty when none."""
    from .panels import nation_name, player_name

    last, now = view.last, view.current
    parts: list[str] = []
    if _changed(last):
        if last.seat is None:
            parts.append("the changes before this turn")
        else:
            player = player_name(names, last.seat)
            if last.pirate:
                turn = f"the Pirate's last turn (commanded by {nation_name(view, last.seat)})"
            else:
                turn = f"{_possessive(nation_name(view, last.seat))} last turn ({player})"
            parts.append(turn + (" and what followed" if last.after else ""))
    if _changed(now):
        parts.append("this turn so far" if now.seat is not None else "the changes since")
    return "Ringed: " + " and ".join(parts) if parts else ""


def _count(n: int, word: str, plural: str | None = None) -> str:
    return f"a {word}" if n == 1 else f"{n} {plural or word + 's'}"


KIND = {"transport": ("Transport", "Transports"), "frigate": ("Frigate", "Frigates"),
        "ship_of_the_line": ("Ship of the Line", "Ships of the Line")}
PORT_VERB = {"bought": "bought {}", "claimed": "claimed {}", "taken": "took {}",
             "destroyed": "destroyed {}", "emptied": "left {} uncontrolled",
             "freed": "gave up {}"}


# the words of the lines above, for ``panels.warm_glyphs`` (ports, cards and nations apart)
WORDS = frozenset(" ".join([
    "Ringed: last turn turn, and what followed this so far the changes since before",
    "Pirate's (commanded by Britain) France) Spain) the Dutch) States)",
    "sailed sailed, a ship, ships, ship 2 3 4 5 6 launched bought claimed took destroyed left",
    "uncontrolled gave up built Fort Naval Base at traded attacked lost was sunk sunk; sunk.",
    "played discarded for Gold Gold, Gold; Gold. Someone Transport Transport, Transport;",
    "Transport. Transports Frigate Frigate, Frigate; Frigate. Frigates Ship of the Line Line,",
    "Line; Line. Ships Bay Bay, Bay; Bay. Pirate Pirate, Pirate; Pirate. ...",
]).split())


def _listing(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def summary(view: EmpiresView) -> str:
    """What the ringed changes were, nation by nation, each in the order it first did them:
    "Spain played Trading Company, sailed 3 ships and bought Salvador; Britain lost a
    Frigate." Empty when nothing changed."""
    from engine.empires.content import empires_content

    from .panels import nation_name

    c = empires_content()
    b = board(view.side)

    def port_name(port: str | None) -> str:
        return b.ports[port].name if port in b.ports else "a port"

    def card_name(card: str | None) -> str:
        try:
            return c.captain(card or "").name
        except KeyError:
            return card or "a card"

    by_seat: dict[int | None, dict[str, list[Mark]]] = {}
    for m in marks(view):
        key = {"port": f"port:{m.how}", "fortify": f"fortify:{m.how}",
               "card": f"card:{m.how}", "launch": f"launch:{m.kind}",
               "sunk": f"sunk:{m.kind}", "attack": "attack"}.get(m.what, m.what)
        by_seat.setdefault(m.seat, {}).setdefault(key, []).append(m)
    parts: list[str] = []
    for seat, kinds in by_seat.items():
        phrases: list[str] = []
        for key, items in kinds.items():
            what, _, how = key.partition(":")
            if what == "sail":
                ships = len({m.ship for m in items})
                phrases.append("sailed" if seat == PIRATE else f"sailed {_count(ships, 'ship')}")
            elif what == "launch":
                one, many = KIND.get(how, (how, how))
                phrases.append(f"launched {_count(len(items), one, many)}")
            elif what == "port":
                where = _listing(list(dict.fromkeys(port_name(m.port) for m in items)))
                phrases.append(PORT_VERB.get(how, how + " {}").format(where))
            elif what == "fortify":
                level = "a Naval Base" if how == "naval_base" else "a Fort"
                where = _listing(list(dict.fromkeys(port_name(m.port) for m in items)))
                phrases.append(f"built {level} at {where}")
            elif what == "trade":
                where = _listing(list(dict.fromkeys(port_name(m.port) for m in items)))
                phrases.append(f"traded at {where}")
            elif what == "attack":
                phrases.append("attacked " + _listing(list(dict.fromkeys(
                    _target(m, port_name) for m in items))))
            elif what == "sunk":
                if seat == PIRATE or any(m.ship == PIRATE_ID for m in items):
                    phrases.append("was sunk")
                else:
                    one, many = KIND.get(how, (how, how))
                    phrases.append(f"lost {_count(len(items), one, many)}")
            elif what == "card":
                cards = _listing([card_name(m.card) for m in items])
                phrases.append(f"discarded {cards} for Gold" if how == "discarded"
                               else f"played {cards}")
        if phrases:
            who = nation_name(view, seat) if seat is not None else "someone"
            parts.append(f"{who} {_listing(phrases)}")
    text = "; ".join(parts)
    return text[0].upper() + text[1:] + "." if text else ""


def _target(m: Mark, port_name: Callable[[str | None], str]) -> str:
    if m.how == "bay":
        return "Pirate's Bay"
    if m.how == "port":
        return port_name(m.port)
    if m.ship == PIRATE_ID:
        return "the Pirate"
    one, _ = KIND.get(m.kind or "", ("ship", "ships"))
    return f"a {one}"
