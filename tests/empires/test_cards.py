"""Captain's cards played on a turn: what each one offers and what it does to the turn."""

from __future__ import annotations

from engine.empires import GAME

from .helpers import calm, clear, do, fight, my_turn, new, own, pass_window, put


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


def test_press_gang_adds_two_actions_this_turn() -> None:
    """Press Gang: "+2 actions this turn"; rulebook, How to Play: "Captain ... cards that add
    action(s) ... modify the total permitted action count"."""
    state = new(2)
    clear(state)
    calm(state)
    my_turn(state, 0, actions=0, stage="card")
    state.players[0].hand = ["press_gang"]
    state, _ = do(state, 0, {"type": "play_card", "card": "press_gang"})
    assert state.turn_state is not None and state.turn_state.actions == 7


def test_royal_charter_takes_a_port_on_a_continent_already_held() -> None:
    """Royal Charter: "take command of one uncontrolled port on a continent (or island group)
    where you already control a port. No ship needed, no settlement cost." It costs 1 Gold."""
    state = new(2)
    clear(state)
    calm(state)
    own(state, 0, "recife")  # South America
    my_turn(state, 0, actions=0, stage="card")
    state.players[0].hand = ["royal_charter"]
    plays = [a for a in GAME.legal_actions(state, 0) if a.type == "play_card"]
    offered = {a.port for a in plays}
    assert offered == {"buenos_aires", "cartagena", "rio", "salvador"}
    gold = state.players[0].gold
    state, _ = do(state, 0, next(a for a in plays if a.port == "rio"))
    assert state.ports["rio"].owner == 0 and state.players[0].gold == gold - 1
    assert state.turn_state is not None and state.turn_state.actions == 5  # the turn goes on


def test_industry_cards_produce_from_the_next_resource_phase() -> None:
    """Rulebook, Industry: "Industry cards permanently grant you their specified resource(s)
    during the Resource Phase of each subsequent round"."""
    from engine.empires.content import empires_content
    from engine.empires.rules import income

    side = empires_content().board("americas")
    for card, got in (("lumber_mill", (0, 1, 0)), ("iron_works", (0, 0, 1)),
                      ("silver_mine", (1, 0, 0)), ("sugar_plantation", (1, 0, 0)),
                      ("shipyard", (0, 1, 1)), ("royal_mint", (2, 0, 0))):
        brought = income(side, [], [card])
        assert (brought["gold"], brought["wood"], brought["steel"]) == got, card


def _combat(attacker: str, defender: str, front: tuple[list[str], list[str]]):  # noqa: ANN202
    """Seat 0's ``attacker`` beside seat 1's ``defender`` (or seat 1's port Quebec), with
    the Advancements ``front`` in front of each seat; the attack declared and both windows
    waiting."""
    state = new(2)
    clear(state)
    calm(state)
    put(state, 0, attacker, (10, 1), "a")  # beside Quebec
    if defender == "port":
        own(state, 1, "quebec")
        target = "quebec"
    else:
        put(state, 1, defender, (11, 1), "d")
        target = "d"
    state.players[0].in_front, state.players[1].in_front = list(front[0]), list(front[1])
    state.players[0].hand, state.players[1].hand = [], []
    my_turn(state, 0)
    state, _ = do(state, 0, {"type": "attack", "ship": "a", "target": target})
    state, _ = pass_window(state)
    return state


def test_advancements_change_attack_defence_and_counter_attack() -> None:
    """Rulebook, Modifiers: "Captain's cards such as Advancements ... can provide additional
    combat modifiers". Carronades: "Your Frigates get +1 attack"; Gunnery Drill: "All your
    ships get +1 attack"; Coastal Batteries: "Your Ports, Forts and Naval Bases get +1
    defence"; Reinforced Hulls: "Your ships get +1 defence"; Crow's Nest Lookouts: "Your ships
    get +1 to counter-attack rolls"."""
    from engine.empires.combat import attack_total, attacker_defence, counter_total, target_defence

    state = _combat("frigate", "frigate", ([], []))
    c = state.combat
    assert c is not None
    c.attack_dice, c.counter_dice = [3], [3]
    plain = (attack_total(state, c), target_defence(state, c), counter_total(state, c, 0),
             attacker_defence(state, c, "a"))
    assert plain == (3 + 1 + 1, 7, 3 + 1, 7)
    state.players[0].in_front = ["carronades", "gunnery_drill", "reinforced_hulls"]
    state.players[1].in_front = ["crows_nest", "reinforced_hulls"]
    assert (attack_total(state, c), target_defence(state, c), counter_total(state, c, 0),
            attacker_defence(state, c, "a")) == (5 + 2, 7 + 1, 4 + 1, 7 + 1)
    state.players[0].in_front = ["carronades"]  # a Transport is no Frigate
    state.ship("a").kind = "transport"  # type: ignore[union-attr]
    assert attack_total(state, c) == 3 + 1
    port = _combat("transport", "port", ([], ["coastal_batteries"]))
    assert port.combat is not None and target_defence(port, port.combat) == 5 + 1
    assert port.combat.counters == []  # "Ports, Forts and Naval Bases do not counter-attack"


def test_trading_company_gives_two_for_one() -> None:
    """Trading Company: "Each of your Trading actions gives 2 resources for 1"; rulebook,
    Trading: "Each unit traded requires 1 action"."""
    state = new(2)
    clear(state)
    calm(state)
    put(state, 0, "transport", (8, 4), "t")  # beside Boston, which makes Steel
    state.players[0].in_front = ["trading_company"]
    my_turn(state, 0)
    steel = state.players[0].steel
    state, _ = do(state, 0, {"type": "trade", "port": "boston", "give": "gold"})
    assert state.players[0].steel == steel + 2
    assert state.turn_state is not None and state.turn_state.actions == 4


def test_the_marine_chronometer_turns_once_a_turn_within_the_weathers_limit() -> None:
    """Marine Chronometer: "Once per turn, one Sailing action may make a single 90-degree turn
    (an L-shaped move)"; under Fog "A Sailing action may move a ship at most 2 cells", the
    turn included. Rulebook, Sailing: "You may not move diagonally" (without the card)."""
    state = new(2)
    clear(state)
    calm(state)
    state.weather = "fog"
    put(state, 0, "transport", (12, 5), "a")
    my_turn(state, 0)
    assert not any(a.type == "sail" and a.via is not None for a in GAME.legal_actions(state, 0))
    state.players[0].in_front = ["chronometer"]
    turning = [a for a in GAME.legal_actions(state, 0) if a.type == "sail" and a.via]
    assert turning and all(abs(a.to[0] - 12) + abs(a.to[1] - 5) == 2 for a in turning)
    state, _ = do(state, 0, {"type": "sail", "ship": "a", "to": [13, 4], "via": [12, 4]})
    assert state.ship("a").cell == (13, 4)  # type: ignore[union-attr]
    assert not any(a.type == "sail" and a.via for a in GAME.legal_actions(state, 0))


def test_weather_that_changes_actions_changes_the_pirates_too() -> None:
    """Gale: "-1 action for every player and for the Pirate"; Atlantic Storm: "-2 actions ...
    and a Sailing action may move at most 4 cells"; Trade Winds: "A free ship movement for
    each player this round" (the players', not the Pirate's). Rulebook: the Pirate takes "up
    to 5 actions (more or less, subject to the Weather)"."""
    from engine.empires.rules import actions_per_turn, first_sail_free, max_sail, pirate_actions

    state = new(2)
    calm(state)
    for weather, player, pirate, cells in (("gale", 4, 4, 99), ("storm", 3, 3, 4),
                                           ("trade_winds", 6, 5, 99)):
        state.weather = weather
        assert (actions_per_turn(state, 0) + first_sail_free(state, 0), pirate_actions(state),
                max_sail(state)) == (player, pirate, cells), weather
