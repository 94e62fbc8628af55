"""What a player reads at three moments that used to mislead: a bribe with no bribe to make,
an Order played in an answer window, and an Order changing the total after the roll."""

from __future__ import annotations

from engine.core import Event, Rejection
from engine.empires import GAME

from .helpers import attempt, calm, clear, do, frigate_duel, my_turn, new, own, pass_window, put


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


def test_gold_wood_and_steel_are_written_as_the_rulebook_writes_them() -> None:
    """The rulebook writes the resources with capitals ("Each Player starts with 2 Gold, 2 Wood
    and 2 Steel"); the production, trade and choice lines and labels do too, where they read
    'collects 2 gold, 1 steel' and 'Trade 1 gold for 1 wood' beside 'gains 3 Gold'. The Great
    Exhibition's choices count down."""
    from engine.empires.resolve import advance

    state = new(2)
    clear(state)
    calm(state)
    own(state, 0, "veracruz")  # 2 Gold
    own(state, 0, "boston")  # 1 Steel
    own(state, 1, "halifax")  # 1 Wood
    state.phase = "production"
    state.turn_state = None
    events: list[Event] = []
    advance(state, events)
    assert [e.text for e in events if e.kind == "produce"] == [
        "{s0} collects 2 Gold, 1 Steel.", "{s1} collects 1 Wood."]
    put(state, 0, "transport", (8, 4), "t")  # beside Boston
    my_turn(state, 0)
    labels = [a.label for a in GAME.legal_actions(state, 0)
              if a.type == "trade" and a.label.endswith("Boston")]
    assert labels == ["Trade 1 Gold for 1 Steel at Boston", "Trade 1 Wood for 1 Steel at Boston"]
    state.ports["boston"].owner = 1
    state, events = do(state, 0, {"type": "trade", "port": "boston", "give": "gold"})
    assert events[0].text == ("{s0} trades 1 Gold for 1 Steel at Boston; {s1} receives the "
                              "Gold.")
    state = new(2)
    state.history_deck.insert(0, "great_exhibition")
    state.phase = "round"
    state.turn_state = None
    advance(state, [])
    assert [a.label for a in GAME.legal_actions(state, 1)] == [
        "Take 1 Gold", "Take 1 Wood", "Take 1 Steel"]
    state, events = do(state, 1, {"type": "choose_resource", "resource": "wood"})
    assert events[0].text == "{s1} takes 1 Wood (2 more to choose)."
    state, events = do(state, 1, {"type": "choose_resource", "resource": "wood"})
    state, events = do(state, 1, {"type": "choose_resource", "resource": "gold"})
    assert events[0].text == "{s1} takes 1 Gold."


def test_a_sail_refused_by_hurricane_season_says_so() -> None:
    """Hurricane Season: "No ship may start or end a Sailing action in the Caribbean this
    round." A ship there, or a sail ending there, is refused with the card's words, where it
    was told only that a ship sails in a straight line until blocked."""
    state = new(2)
    clear(state)
    calm(state)
    state.weather = "hurricane"
    put(state, 0, "transport", (12, 9), "in")  # in the Caribbean
    put(state, 0, "transport", (15, 9), "out")  # east of it
    my_turn(state, 0)
    card = ("The Weather (Hurricane Season): No ship may start or end a Sailing action in the "
            "Caribbean this round.")
    refused = attempt(state, 0, {"type": "sail", "ship": "in", "to": [12, 10]})
    assert isinstance(refused, Rejection) and refused.message == f"{card} This ship is there."
    refused = attempt(state, 0, {"type": "sail", "ship": "out", "to": [13, 9]})
    assert isinstance(refused, Rejection)
    assert refused.message == f"{card} That cell is there: sail the ship elsewhere."
