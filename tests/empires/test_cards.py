"""Captain's cards played on a turn: what each one offers and what it does to the turn."""

from __future__ import annotations

from engine.empires import GAME

from .helpers import calm, clear, do, fight, my_turn, new, put


def _marque_duel():  # noqa: ANN202
    """Seat 0 has played Letter of Marque with its Frigate beside seat 1's Frigate."""
    state = new(2)
    clear(state)
    calm(state)
    put(state, 0, "frigate", (10, 2), "a")
    put(state, 1, "frigate", (11, 2), "d")
    my_turn(state, 0, actions=0, stage="card")
    state.players[0].hand = ["letter_of_marque", "treasure_galleon"]
    state.players[1].hand = ["treasure_galleon"]
    state.players[0].gold = 3
    state, _ = do(state, 0, {"type": "play_card", "card": "letter_of_marque"})
    return state


def test_letter_of_marque_attack_is_not_offered_as_ending_the_turn() -> None:
    """Rulebook, How to Play: "Attack: ... This action ends a Player's turn." Letter of
    Marque ("This turn your first Attack action does not end your turn") lifts that for the
    first attack, so its label says the turn goes on, and the second attack's says it ends."""
    state = _marque_duel()
    label = next(a.label for a in GAME.legal_actions(state, 0) if a.type == "attack")
    assert "ends the turn" not in label and "Letter of Marque: your turn goes on" in label
    state, _ = do(state, 0, {"type": "attack", "ship": "a", "target": "d"})
    state, events = fight(state, [1], [1])
    assert state.turn_state is not None and state.turn_state.seat == 0
    assert state.turn_state.actions == 4
    assert "Letter of Marque: the attack does not end {s0}'s turn." in events[-1].text
    label = next(a.label for a in GAME.legal_actions(state, 0) if a.type == "attack")
    assert label.endswith("(ends the turn)")
    state, _ = do(state, 0, {"type": "attack", "ship": "a", "target": "d"})
    state, events = fight(state, [1], [1])
    assert state.turn_state is None or state.turn_state.seat != 0
    assert any(e.kind == "end_of_turn" and e.data["why"] == "attack" for e in events)
