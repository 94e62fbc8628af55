"""Ships and places named for people, the same in move labels, in command options and on the
board's edges: ``Frigate at Havana``, ``Transport near Quebec B12``, ``F8``.

A cell is named like a chess square, a letter and a number: the letter is its row (A at the
top, down to X: the map has 24 rows, which fit the alphabet, where its 30 columns would not)
and the number its column counted from 1 at the left, as the board's edges show them. Cell
``[x, y]`` of the rules (column x, row y, from 0) is ``f"{ROWS[y]}{x + 1}"``: ``[7, 5]`` is
F8. ``read_cell`` reads that back, and the old ``[7, 5]`` and ``7,5`` too."""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence

from .content import Cell, MapSide, empires_content
from .state import PIRATE_ID, EmpiresState, Ship

KIND_NAME = {"transport": "Transport", "frigate": "Frigate", "ship_of_the_line": "Ship of the Line"}
NEAR = 3  # a ship this many cells from a port or closer is named after it


ROWS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def row_name(y: int) -> str:
    return ROWS[y] if 0 <= y < len(ROWS) else f"row {y}"


def col_name(x: int) -> str:
    return str(x + 1)


def cell_text(cell: Cell) -> str:
    """``F8`` for the cell ``[7, 5]``: its row's letter, then its column's number."""
    return f"{row_name(int(cell[1]))}{col_name(int(cell[0]))}"


_SQUARE = re.compile(r"\s*\[?\s*([A-Za-z])\s*-?\s*([0-9]{1,2})\s*\]?\s*")
_SQUARE_BACK = re.compile(r"\s*\[?\s*([0-9]{1,2})\s*-?\s*([A-Za-z])\s*\]?\s*")
_PAIR = re.compile(r"\s*\[?\s*(-?[0-9]+)\s*[,; ]\s*(-?[0-9]+)\s*\]?\s*")


def read_cell(text: str) -> Cell | None:
    """The cell ``text`` names: ``F8`` (also ``f8``, ``8F``), or the rules' ``[7, 5]`` or
    ``7,5``; None when it names no cell."""
    found = _SQUARE.fullmatch(text)
    if found:
        return int(found.group(2)) - 1, ROWS.index(found.group(1).upper())
    found = _SQUARE_BACK.fullmatch(text)
    if found:
        return int(found.group(1)) - 1, ROWS.index(found.group(2).upper())
    found = _PAIR.fullmatch(text)
    if found:
        return int(found.group(1)), int(found.group(2))
    return None


def _ranked(side: MapSide, cell: Cell, prefer: tuple[str, ...]) -> list[tuple[int, str, str]]:
    """The ports within ``NEAR`` of ``cell``, nearest first, as (distance, id, name). Among
    ports at the same distance a port in ``prefer`` (the owner's, the one the action is about)
    comes first, then the one whose own sea cells (the cells beside it, where its ships lie)
    are nearer; the name only orders the rest."""
    x, y = int(cell[0]), int(cell[1])
    board = empires_content().board(side)
    found = []
    for port_id, p in board.ports.items():
        far = abs(p.cell[0] - x) + abs(p.cell[1] - y)
        if far > NEAR:
            continue
        sea = min((abs(c[0] - x) + abs(c[1] - y) for c in board.sea_beside(p.cell)), default=far)
        found.append((far, port_id not in prefer, sea, p.name, port_id))
    found.sort()
    return [(f[0], f[4], f[3]) for f in found]


@functools.cache
def where(side: MapSide, cell: Cell, prefer: tuple[str, ...] = ()) -> str:
    """Where something on ``cell`` lies: at the port beside it, near the nearest port, else at
    the cell. ``prefer`` (port ids: the owner's, the one the action is about) settles a tie
    between ports as far away: a Frigate launched from New York at F8, beside Boston too, is
    ``at New York``."""
    ports = _ranked(side, (int(cell[0]), int(cell[1])), prefer)
    if ports and ports[0][0] == 1:
        return f"at {ports[0][2]}"
    if ports:
        return f"near {ports[0][2]}"
    return f"at {cell_text(cell)}"


def _by_port(side: MapSide, cell: Cell) -> bool:
    """True when ``where`` names the cell after a port rather than by itself."""
    return where(side, cell) != f"at {cell_text(cell)}"


@functools.cache
def destination(side: MapSide, cell: Cell, prefer: tuple[str, ...] = ()) -> str:
    """Where a ship sails to: ``Havana L8``, ``M8 near Havana``, ``D21``; a cell beside two
    ports, neither of them preferred, names both: ``R15 between Recife and Salvador``."""
    ports = _ranked(side, (int(cell[0]), int(cell[1])), prefer)
    if not ports:
        return cell_text(cell)
    best = ports[0]
    tied = [p for p in ports if p[0] == best[0]]
    if best[1] not in prefer and len(tied) > 1 and best[0] == 1:
        names = sorted(p[2] for p in tied)
        return f"{cell_text(cell)} between {', '.join(names[:-1])} and {names[-1]}"
    place = where(side, cell, prefer)
    if place.startswith("at "):
        return f"{place[3:]} {cell_text(cell)}"
    return f"{cell_text(cell)} {place}"


def held(state: EmpiresState, seat: int) -> tuple[str, ...]:
    """The ports ``seat`` holds, for ``prefer``."""
    return homes({p: hold.owner for p, hold in state.ports.items()}, seat)


def homes(owners: Mapping[str, int | None], seat: int) -> tuple[str, ...]:
    """The ports ``seat`` holds (``owners``: port id -> seat), for ``prefer``."""
    return tuple(sorted(p for p, owner in owners.items() if owner == seat))


def kind_name(ship: Ship) -> str:
    if ship.id == PIRATE_ID:
        return "The Pirate (Ship of the Line)"
    return KIND_NAME[ship.kind]


def ship_words(ship: Ship, ships: Sequence[Ship], side: MapSide,
               prefer: tuple[str, ...] = ()) -> str:
    """``Frigate at Havana``; the cell is added when another ship of the same side would read
    the same. ``prefer``: the owner's ports, named first when the ship lies as near another."""
    base = f"{kind_name(ship)} {where(side, ship.cell, prefer)}"
    twins = [s for s in ships if s.owner == ship.owner and s.id != ship.id
             and f"{kind_name(s)} {where(side, s.cell, prefer)}" == base]
    return f"{base} {cell_text(ship.cell)}" if twins and _by_port(side, ship.cell) else base
