"""Ships and places named for people, the same in move labels and in command options:
``Frigate at Havana``, ``Transport near Quebec [11, 1]``, ``[7, 5]``."""

from __future__ import annotations

import functools
from collections.abc import Sequence

from .content import Cell, MapSide, empires_content
from .state import PIRATE_ID, Ship

KIND_NAME = {"transport": "Transport", "frigate": "Frigate", "ship_of_the_line": "Ship of the Line"}
NEAR = 3  # a ship this many cells from a port or closer is named after it


def cell_text(cell: Cell) -> str:
    return f"[{cell[0]}, {cell[1]}]"


@functools.cache
def where(side: MapSide, cell: Cell) -> str:
    """Where something on ``cell`` lies: at the port beside it, near the nearest port, else at
    the cell."""
    x, y = int(cell[0]), int(cell[1])
    ports = sorted((abs(p.cell[0] - x) + abs(p.cell[1] - y), p.name)
                   for p in empires_content().board(side).ports.values())
    if ports and ports[0][0] == 1:
        return f"at {ports[0][1]}"
    if ports and ports[0][0] <= NEAR:
        return f"near {ports[0][1]}"
    return f"at {cell_text((x, y))}"


def destination(side: MapSide, cell: Cell) -> str:
    """Where a ship sails to: ``Havana [7, 11]``, ``[7, 12] near Havana``, ``[20, 3]``."""
    place = where(side, cell)
    if place.startswith("at ["):
        return cell_text(cell)
    if place.startswith("at "):
        return f"{place[3:]} {cell_text(cell)}"
    return f"{cell_text(cell)} {place}"


def kind_name(ship: Ship) -> str:
    if ship.id == PIRATE_ID:
        return "The Pirate (Ship of the Line)"
    return KIND_NAME[ship.kind]


def ship_words(ship: Ship, ships: Sequence[Ship], side: MapSide) -> str:
    """``Frigate at Havana``; the cell is added when another ship of the same side would read
    the same."""
    base = f"{kind_name(ship)} {where(side, ship.cell)}"
    twins = [s for s in ships if s.owner == ship.owner and s.id != ship.id
             and f"{kind_name(s)} {where(side, s.cell)}" == base]
    return f"{base} {cell_text(ship.cell)}" if twins and "[" not in base else base
