"""Ships and places are named as a player would say: a cell beside two ports is named after
the owner's port (the one the action is about), never after the other one for its name's
sake; a sail to such a cell held by neither names both."""

from __future__ import annotations

from engine.empires import GAME
from engine.empires import actions as A
from engine.empires.names import destination, where

from .helpers import calm, clear, do, my_turn, new, own, put

F8 = (7, 5)  # beside Boston and New York (americas)
R15 = (14, 17)  # beside Recife and Salvador


def test_a_cell_beside_two_ports_is_named_after_the_preferred_one() -> None:
    assert where("americas", F8, ("new_york",)) == "at New York"
    assert where("americas", F8, ("boston",)) == "at Boston"
    assert where("americas", F8, ()) == where("americas", F8)  # cached, same without context
    assert destination("americas", R15, ("salvador",)) == "Salvador R15"
    assert destination("americas", R15) == "R15 between Recife and Salvador"


def test_a_launch_is_named_at_the_owners_port() -> None:
    state = new(2)
    clear(state)
    calm(state)
    state.side = "americas"
    own(state, 0, "new_york")
    my_turn(state, 0, stage="card")
    state.players[0].hand = ["launch_frigate"]
    state.players[0].gold = state.players[0].wood = state.players[0].steel = 9
    play = A.PlayCard(card="launch_frigate", cell=F8)
    state, events = do(state, 0, play)
    [line] = [e.text for e in events if e.kind == "launch"]
    assert line == "{s0} launches a Frigate at New York."
    # and the ship keeps that name in the moves
    frigate = next(s for s in state.ships if s.cell == F8)
    labels = [a.label for a in GAME.legal_actions(state, 0) if getattr(a, "ship", None)
              == frigate.id]
    assert labels and all("at Boston" not in t for t in labels), labels


def test_a_sail_beside_two_ports_held_by_neither_names_both() -> None:
    state = new(2)
    clear(state)
    calm(state)
    state.side = "americas"
    put(state, 1, "frigate", (14, 19), "b")
    my_turn(state, 1)
    sail = next(a for a in GAME.legal_actions(state, 1)
                if isinstance(a, A.Sail) and a.to == R15)
    _, events = do(state, 1, sail)
    [line] = [e.text for e in events if e.kind == "sail"]
    assert line.endswith("sails to R15 between Recife and Salvador."), line
