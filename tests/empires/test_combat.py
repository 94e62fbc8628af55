"""Combat: the Table of War, fleet attacks, counter-attacks, captures, reaction windows."""

from __future__ import annotations

from engine.core import Rejection
from engine.empires import GAME
from engine.empires import actions as A

from .helpers import (
    attempt,
    calm,
    clear,
    do,
    fight,
    fleet_around,
    my_turn,
    new,
    own,
    pass_window,
    put,
)


def duel(attacker: str = "frigate", defender: str = "frigate"):  # noqa: ANN201
    """Seat 0's ship at (10,2) beside seat 1's ship at (11,2), seat 0 to act."""
    state = new(2)
    clear(state)
    calm(state)
    put(state, 0, attacker, (10, 2), "a")
    put(state, 1, defender, (11, 2), "d")
    my_turn(state, 0)
    return state


def test_attack_succeeds_on_total_at_least_defence() -> None:
    state = duel("frigate", "frigate")  # 1 die + 1 gage + 1 frigate vs 7
    state, _ = do(state, 0, {"type": "attack", "ship": "a", "target": "d"})
    done, _ = fight(state, [5], [1])
    assert done.ship("d") is None and done.players[0].captured == ["frigate"]
    done, _ = fight(state, [4], [1])
    assert done.ship("d") is not None


def test_counter_attack_needs_a_total_greater_than_defence() -> None:
    state = duel("frigate", "ship_of_the_line")  # counter: 1 die + 2, no gage, vs 7
    state, _ = do(state, 0, {"type": "attack", "ship": "a", "target": "d"})
    done, _ = fight(state, [1], [6])
    assert done.ship("a") is None and done.players[1].captured == ["frigate"]
    done, _ = fight(state, [1], [5])  # 7 is not more than 7
    assert done.ship("a") is not None


def test_attack_and_counter_attack_sink_both_ships_at_once() -> None:
    state = duel("transport", "transport")
    state, _ = do(state, 0, {"type": "attack", "ship": "a", "target": "d"})
    done, _ = fight(state, [4], [6])  # 4+1 >= 5 and 6 > 5
    assert done.ship("a") is None and done.ship("d") is None
    assert done.players[0].captured == ["transport"] and done.players[1].captured == ["transport"]


def test_attack_ends_the_turn() -> None:
    state = duel()
    state, _ = do(state, 0, {"type": "attack", "ship": "a", "target": "d"})
    assert GAME.actors(state) == {0, 1}  # the reaction window before the roll
    done, _ = fight(state, [1], [1])
    assert done.turn_state is None or done.turn_state.seat != 0


def test_weather_gage_and_ship_modifiers() -> None:
    state = duel("ship_of_the_line", "ship_of_the_line")  # 1 + gage 1 + 2 vs 8
    state, _ = do(state, 0, {"type": "attack", "ship": "a", "target": "d"})
    assert fight(state, [5], [1])[0].ship("d") is None
    foggy = duel("ship_of_the_line", "ship_of_the_line")
    foggy.weather = "fog"  # no weather gage
    foggy, _ = do(foggy, 0, {"type": "attack", "ship": "a", "target": "d"})
    assert fight(foggy, [5], [1])[0].ship("d") is not None


def test_advancements_and_history_add_to_the_attack() -> None:
    state = duel("frigate", "frigate")
    state.players[0].in_front = ["gunnery_drill"]
    state.history = "war_of_1812"  # the US +1 against Britain
    state, _ = do(state, 0, {"type": "attack", "ship": "a", "target": "d"})
    assert fight(state, [3], [1])[0].ship("d") is None  # 3+1+1+1+1 = 7


def test_fleet_attack_adds_one_plain_die_per_ship() -> None:
    state = fleet_around("ship_of_the_line", "frigate", "transport")
    attacks = {(a.ship, a.fleet) for a in GAME.legal_actions(state, 0) if isinstance(a, A.Attack)}
    assert ("a", ("b",)) in attacks and ("a", ()) in attacks and ("b", ("a",)) in attacks
    state, _ = do(state, 0, {"type": "attack", "ship": "a", "fleet": ["b"], "target": "d"})
    state, _ = pass_window(state)
    # a Ship of the Line counter-attacks both attackers, one die each, without choosing
    assert state.combat.counters == ["a", "b"] and len(state.combat.attack_dice) == 2  # type: ignore
    state.combat.attack_dice = [3, 3]  # type: ignore[union-attr]
    state.combat.counter_dice = [1, 1]  # type: ignore[union-attr]
    done, _ = pass_window(state)
    assert done.ship("d") is None  # 3+3 + gage 1 + frigate 1 = 8 >= 8 (no bonus for the transport)


def test_frigate_defender_chooses_one_counter_target_before_the_roll() -> None:
    state = fleet_around("frigate", "transport", "transport")
    state, _ = do(state, 0, {"type": "attack", "ship": "a", "fleet": ["b"], "target": "d"})
    state, _ = pass_window(state)
    assert GAME.actors(state) == {1} and state.combat.stage == "targets"  # type: ignore
    choices = {a.ships for a in GAME.legal_actions(state, 1)}
    assert choices == {("a",), ("b",)}
    state, events = do(state, 1, {"type": "counter_targets", "ships": ["b"]})
    assert state.combat.counters == ["b"] and any(e.chance for e in events)  # type: ignore


def test_a_refused_counter_target_choice_says_how_many_ships_it_may_aim_at() -> None:
    """Rulebook, Fleet Attacks: "Frigates and Transports must chose one ship to
    counterattack", "A Ship of the Line may counter-attack up to two attacking ships"."""
    for defender, aim in (("transport", "your Transport may aim at one ship"),
                          ("frigate", "your Frigate may aim at one ship"),
                          ("ship_of_the_line", "your Ship of the Line may aim at up to 2 ships")):
        state = fleet_around(defender, "transport", "transport", "transport")
        state.players[0].hand, state.players[1].hand = [], []
        state, _ = do(state, 0, {"type": "attack", "ship": "a", "fleet": ["b", "c"],
                                 "target": "d"})
        state, _ = pass_window(state)
        assert state.combat is not None and state.combat.stage == "targets"
        refused = attempt(state, 1, {"type": "pass"})
        assert isinstance(refused, Rejection) and aim in refused.message, refused
        assert "Transport" in refused.message and "(a)" in refused.message
        assert "/empires decide" in refused.message


def test_ship_of_the_line_counter_attacks_up_to_two_of_three() -> None:
    state = fleet_around("ship_of_the_line", "transport", "transport", "transport")
    state, _ = do(state, 0, {"type": "attack", "ship": "a", "fleet": ["b", "c"], "target": "d"})
    state, _ = pass_window(state)
    sizes = {len(a.ships) for a in GAME.legal_actions(state, 1)}
    assert sizes == {1, 2}


def test_captured_port_changes_hands_with_its_forts() -> None:
    state = new(2)
    clear(state)
    calm(state)
    own(state, 1, "boston", forts=1)  # Fort: defence 8
    put(state, 0, "ship_of_the_line", (8, 4), "a")
    my_turn(state, 0)
    cubes = (state.players[0].cubes, state.players[1].cubes)
    state, _ = do(state, 0, {"type": "attack", "ship": "a", "target": "boston"})
    assert state.combat.counters == []  # type: ignore[union-attr]  # ports never counter-attack
    done, _ = fight(state, [5])
    assert done.ports["boston"].owner == 0 and done.ports["boston"].forts == 1
    assert (done.players[0].cubes, done.players[1].cubes) == (cubes[0] - 1, cubes[1] + 1)


def test_a_third_naval_base_captured_loses_one_fort_token() -> None:
    state = new(2)
    clear(state)
    calm(state)
    own(state, 0, "new_york", forts=2)
    own(state, 0, "philadelphia", forts=2)
    own(state, 1, "boston", forts=2)
    put(state, 0, "ship_of_the_line", (8, 4), "a")
    my_turn(state, 0)
    tokens = state.fort_tokens
    state, _ = do(state, 0, {"type": "attack", "ship": "a", "target": "boston"})
    done, _ = fight(state, [6])  # 6+1+2 = 9 against a Naval Base's 9
    assert done.ports["boston"].owner == 0 and done.ports["boston"].forts == 1
    assert done.fort_tokens == tokens + 1


def test_order_played_after_the_roll_changes_the_outcome() -> None:
    state = duel("frigate", "frigate")
    state.players[0].hand = ["broadside"] * 6
    state.players[1].hand = ["treasure_galleon"] * 6
    state, _ = do(state, 0, {"type": "attack", "ship": "a", "target": "d"})
    state, _ = pass_window(state)
    state.combat.attack_dice = [3]  # type: ignore[union-attr]  # 3+1+1 = 5 < 7
    state.combat.counter_dice = [1]  # type: ignore[union-attr]
    state, _ = do(state, 0, {"type": "play_order", "card": "broadside"})
    assert state.combat.waiting == [0, 1] or set(state.combat.waiting) == {0, 1}  # type: ignore
    state, _ = pass_window(state)
    assert state.ship("d") is None and state.players[0].captured == ["frigate"]


def test_both_sides_pass_and_nothing_changes_the_dice() -> None:
    state = duel("frigate", "frigate")
    state, _ = do(state, 0, {"type": "attack", "ship": "a", "target": "d"})
    assert {a.type for a in GAME.legal_actions(state, 1)} >= {"pass"}
    state, _ = do(state, 1, {"type": "pass"})
    assert GAME.actors(state) == {0}
    state, events = do(state, 0, {"type": "pass"})
    assert state.combat.stage == "rolled" and any(e.kind == "dice" and e.chance  # type: ignore
                                                  for e in events)


def test_decoy_cancels_a_whole_fleet_attack() -> None:
    state = fleet_around("transport", "frigate", "frigate")
    state.players[1].hand = ["decoy"] * 6
    state, _ = do(state, 0, {"type": "attack", "ship": "a", "fleet": ["b"], "target": "d"})
    state, events = do(state, 1, {"type": "play_order", "card": "decoy"})
    assert state.combat is None and state.ship("d") is not None
    assert any(e.kind == "attack_cancelled" for e in events)
    assert not any(e.kind == "dice" for e in events)


def test_decoy_after_the_roll_saves_the_ship() -> None:
    state = duel("frigate", "transport")
    state.players[1].hand = ["decoy"] * 6
    state, _ = do(state, 0, {"type": "attack", "ship": "a", "target": "d"})
    state, _ = pass_window(state)
    state.combat.attack_dice = [6]  # type: ignore[union-attr]
    state, _ = do(state, 1, {"type": "play_order", "card": "decoy"})
    assert state.ship("d") is not None and state.combat is None


def test_double_shot_rerolls_a_die_as_a_chance_event() -> None:
    state = duel("frigate", "frigate")
    state.players[0].hand = ["double_shot"] * 6
    state, _ = do(state, 0, {"type": "attack", "ship": "a", "target": "d"})
    assert not any(a.type == "play_order" for a in GAME.legal_actions(state, 0))  # not before
    state, _ = pass_window(state)
    state, events = do(state, 0, {"type": "play_order", "card": "double_shot",
                                  "die": ["attack", 0]})
    assert any(e.kind == "reroll" and e.chance for e in events)


def test_a_peace_card_forbids_attacks() -> None:
    state = duel()
    state.history = "treaty_of_utrecht"
    assert not any(isinstance(a, A.Attack) for a in GAME.legal_actions(state, 0))
    state.history = "congress_of_vienna"  # only the US (seat 0) may attack
    assert any(isinstance(a, A.Attack) for a in GAME.legal_actions(state, 0))
