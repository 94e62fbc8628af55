"""What a player reads at three moments that used to mislead: a bribe with no bribe to make,
an Order played in an answer window, and an Order changing the total after the roll."""

from __future__ import annotations

from engine.core import Rejection

from .helpers import attempt, calm, clear, do, frigate_duel, my_turn, new, pass_window


def test_a_bribe_mid_turn_after_the_pirate_was_sunk_says_there_is_none() -> None:
    state = new(2)
    clear(state)
    calm(state)
    state.pirate_afloat = False
    my_turn(state, 0, stage="card")
    before = state.model_dump_json()
    refused = attempt(state, 0, {"type": "bribe", "amount": 1})
    assert isinstance(refused, Rejection)
    assert "no bribe to make now" in refused.message and "sunk" in refused.message
    assert "may not pass" not in refused.message
    assert state.model_dump_json() == before
    state.pirate_afloat = True
    my_turn(state, 0)
    refused = attempt(state, 0, {"type": "bribe", "amount": 1})
    assert "no bribe to make now" in refused.message and "every player" in refused.message


def test_an_order_in_the_window_says_the_others_must_still_pass() -> None:
    state, events = do(frigate_duel(), 0, {"type": "play_order", "card": "broadside"})
    [line] = [e.text for e in events if e.kind == "order_played"]
    assert line.startswith("{s0} plays Broadside.")
    assert "pass" in line and "the attack goes on once every side has passed" in line, line
    assert "Treasure" not in line  # nothing of the hands


def test_broadside_after_the_roll_shows_the_dice_the_modifiers_and_the_new_total() -> None:
    state, _ = pass_window(frigate_duel())
    assert state.combat is not None and state.combat.stage == "rolled"
    state.combat.attack_dice = [4]
    state, events = do(state, 0, {"type": "play_order", "card": "broadside"})
    [line] = [e.text for e in events if e.kind == "order_played"]
    # 4 on the die, +1 frigate +1 weather gage, +2 Broadside: 8 against a Frigate's 7
    assert "Attack 4+2+2 = 8 against defence 7." in line, line


def test_a_side_that_has_answered_the_window_is_told_what_the_other_still_must() -> None:
    """Rulebook, Captain's Orders: played in the window before or after the dice by either
    side. Once one side has passed, the fight waits for the other, whoever's turn it is."""
    state, _ = do(frigate_duel(), 0, {"type": "pass"})
    refused = attempt(state, 0, {"type": "pass"})
    assert refused.message == ("Waiting for {s1} to play a Captain's Order before the "
                               "attack's dice, or pass; it is not your move."), refused.message
