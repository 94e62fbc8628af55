"""The Empire Scoring card."""

from __future__ import annotations

from .rules import content, income, port_level
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


# How a seat's final Empire Score follows from where it stands, fitted by least squares on the
# positions of 150 two-player games between standard bots (every third position, each seat's
# final score against these figures): points scored so far count a little more than their
# face (a leader tends to pull away), every production still to come adds its Gold and, less,
# its Wood and Steel, each Captain's card in hand is worth about two points, and ships afloat
# are at risk until the end (the Pirate and rivals sink them). Gold, Wood and Steel short of a
# whole point count for their share of one (an odd Gold half a point): the fit's own terms for
# them, a flat 1.8 for an odd Gold and 0.64 a Wood or Steel past a multiple of five, made a
# useless trade (1 Gold for 1 Steel with 10 Steel in hand) look like a gain to the search
STANDING_WEIGHTS = {"score": 1.16, "gold_to_come": 0.70, "wood_steel_to_come": 0.22,
                    "hand": 2.1, "ships_at_risk": -1.08}


def productions_left(state: EmpiresState) -> int:
    """The production steps still to come: this round's too if it has not produced yet."""
    return max(0, state.rounds - state.round + (state.phase in ("round", "production")))


def standing(state: EmpiresState) -> list[float]:
    """Each seat's expected final Empire Score from here (``STANDING_WEIGHTS``)."""
    w, rules = STANDING_WEIGHTS, content().rules.scoring
    left = productions_left(state)
    owned: list[list[str]] = [[] for _ in range(state.seats)]
    for port_id, hold in state.ports.items():
        if hold.owner is not None and hold.owner >= 0:
            owned[hold.owner].append(port_id)
    side = content().board(state.side)
    found = []
    for seat, player in enumerate(state.players):
        coming = income(side, owned[seat], player.in_front)
        parts = score_parts(state, seat)
        stock = player.gold / rules.gold_per_point \
            + (player.wood + player.steel) / rules.wood_or_steel_per_point
        found.append(w["score"] * (sum(parts.values()) - parts["resources"] + stock)
                     + left * (w["gold_to_come"] * coming["gold"]
                               + w["wood_steel_to_come"] * (coming["wood"] + coming["steel"]))
                     + w["hand"] * len(player.hand)
                     + w["ships_at_risk"] * parts["ships"] * left / max(1, state.rounds))
    return found
