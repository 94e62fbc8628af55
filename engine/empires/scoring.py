"""The Empire Scoring card."""

from __future__ import annotations

from .rules import content, port_level
from .state import EmpiresState


def score_parts(state: EmpiresState, seat: int) -> dict[str, int]:
    s = content().rules.scoring
    player = state.players[seat]
    ships = sum(s.ships[x.kind] for x in state.ships if x.owner == seat)
    captured = sum(s.ships["ship_of_the_line" if k == "pirate" else k]
                   for k in player.captured)
    ports = sum(s.ports[port_level(h.forts)] for h in state.ports.values()
                if h.owner == seat)
    resources = player.gold // s.gold_per_point + (player.wood + player.steel) \
        // s.wood_or_steel_per_point
    return {"ships": ships, "captured": captured, "ports": ports, "resources": resources}


def scores(state: EmpiresState) -> list[int]:
    return [sum(score_parts(state, seat).values()) for seat in range(state.seats)]
