"""The rulings of issue 12, each named after the rulebook line it applies, with the rulebook's
numbers; and the check that no position ever leaves an actor without an answer."""

from __future__ import annotations

from engine.core import Accepted, Rejection, Rng, step
from engine.empires import GAME
from engine.empires import actions as A
from engine.empires.combat import counter_total
from engine.empires.content import empires_content
from engine.empires.resolve import advance
from engine.empires.state import EmpiresState
from render.empires.palette import NATION_STYLES

from .helpers import attempt, calm, clear, do, fight, my_turn, new, own, put


# ------------------------------------------------------------------ every actor can answer
def _check_answers(state: EmpiresState) -> None:
    GAME.forget_legal_keys()
    for seat in GAME.actors(state):
        assert GAME.legal_actions(state, seat) or GAME.timeout_action(state, seat) is not None, (
            f"seat {seat} has no move at phase {state.phase}"
        )


def _playout(state: EmpiresState, seed: int, corner=None) -> None:  # noqa: ANN001
    chooser = Rng.from_seed(seed)
    for _ in range(3000):
        if corner is not None:
            corner(state)
        _check_answers(state)
        if GAME.outcome(state) is not None:
            return
        actors = sorted(GAME.actors(state))
        assert actors, f"nobody may act at phase {state.phase}"
        seat = chooser.choice(actors)
        result = step(GAME, state, seat, chooser.choice(GAME.legal_actions(state, seat)),
                      state.version)
        assert isinstance(result, Accepted), result
        state = result.state  # type: ignore[assignment]
    raise AssertionError("the playout did not end")


def _broke(state: EmpiresState) -> None:
    for p in state.players:
        p.gold = p.wood = p.steel = 0


def _empty_hands_and_decks(state: EmpiresState) -> None:
    # hands can empty only between turns or during the actions (Orders are never played at
    # the card step), so that is where they are emptied here
    turn = state.turn_state
    if state.combat is None and not state.pending and (turn is None or turn.stage == "actions"):
        for p in state.players:
            p.hand = []
        state.captain_deck = []
        state.captain_discard = []


def test_every_actor_has_a_legal_move_or_a_timeout_answer() -> None:
    for seats, seed in ((2, 1), (3, 2), (5, 3)):
        _playout(new(seats, seed), seed)
    for seats, seed in ((2, 4), (4, 5)):
        _playout(new(seats, seed), seed, corner=_broke)
        _playout(new(seats, seed), seed + 10, corner=_empty_hands_and_decks)


# ------------------------------------------------------------------ 1. empty hands
def test_if_a_player_is_unable_to_play_a_card_with_an_empty_hand_the_card_step_is_skipped(
) -> None:
    state = new(2)
    clear(state)
    calm(state)
    state.start_player = 0
    my_turn(state, 0)
    state.players[1].hand = []  # every Order spent during seat 0's turn
    gold = state.players[1].gold
    state, events = do(state, 0, A.EndTurn())
    turn = state.turn_state
    assert turn is not None and turn.seat == 1
    assert turn.stage == "actions" and turn.actions == 5  # the rulebook's five actions
    assert state.players[1].gold == gold  # nothing discarded, so no 3 Gold
    assert any(e.kind == "no_card" for e in events)
    assert any(isinstance(a, A.EndTurn) for a in GAME.legal_actions(state, 1))


# ------------------------------------------------------------------ 2. touch move
def test_sailing_is_touch_move_no_undos() -> None:
    state = new(2)
    clear(state)
    calm(state)
    put(state, 0, "frigate", (10, 2), "f")
    my_turn(state, 0)
    sail = next(a for a in GAME.legal_actions(state, 0) if isinstance(a, A.Sail))
    state, events = do(state, 0, sail)
    assert all(e.reveals for e in events if e.kind == "sail")
    refused = attempt(state, 0, {"type": "undo"})
    assert isinstance(refused, Rejection)


def test_the_pirates_sailing_is_touch_move_too() -> None:
    state = new(2)
    clear(state, pirate_at=(10, 2))
    calm(state)
    state.phase = "pirate"
    from engine.empires.state import TurnState

    state.turn_state = TurnState(seat=1, pirate=True, stage="actions", actions=5)
    sail = next(a for a in GAME.legal_actions(state, 1) if isinstance(a, A.Sail))
    state, _ = do(state, 1, sail)
    assert isinstance(attempt(state, 1, {"type": "undo"}), Rejection)


def test_an_attacks_outcome_once_told_cannot_be_undone() -> None:
    # the Pirate sinks a Transport on the last pass of the window after the roll: that pass
    # cannot be taken back (it used to reopen the window and raise the sunk Transport)
    state = new(2)
    clear(state, pirate_at=(10, 2))
    calm(state)
    put(state, 0, "transport", (11, 2), "a")
    state.phase = "pirate"
    from engine.empires.state import TurnState

    state.turn_state = TurnState(seat=1, pirate=True, stage="actions", actions=5)
    state, _ = do(state, 1, A.Attack(ship="pirate", target="a"))
    state, events = fight(state, [6], [1])
    assert state.ship("a") is None
    assert [e.reveals for e in events if e.kind == "sunk"] == [True]
    assert isinstance(attempt(state, 1, {"type": "undo"}), Rejection)
    assert isinstance(attempt(state, 0, {"type": "undo"}), Rejection)


# ------------------------------------------------------------------ 3. two Naval Bases
def _two_bases() -> EmpiresState:
    state = new(2)
    clear(state)
    calm(state)
    own(state, 0, "new_york", forts=2)
    own(state, 0, "philadelphia", forts=2)
    state.ports["boston"].forts = 2  # uncontrolled, its Fort tokens left behind
    put(state, 0, "transport", (8, 4), "t")  # beside Boston (7,4)
    return state


def test_a_nation_can_only_have_2_naval_bases_when_buying_a_port() -> None:
    state = _two_bases()
    my_turn(state, 0)
    p = state.players[0]
    p.gold, p.steel, p.wood = 1, 1, 1
    tokens = state.fort_tokens
    state, _ = do(state, 0, A.BuyPort(port="boston"))
    assert state.ports["boston"].owner == 0 and state.ports["boston"].forts == 1
    assert state.fort_tokens == tokens + 1


def test_a_nation_can_only_have_2_naval_bases_when_a_card_gives_a_port() -> None:
    state = _two_bases()
    my_turn(state, 0, actions=0, stage="card")
    state.players[0].hand = ["land_ho"]
    state, _ = do(state, 0, A.PlayCard(card="land_ho", port="boston"))
    assert state.ports["boston"].owner == 0 and state.ports["boston"].forts == 1


def test_ports_attacked_by_the_pirate_are_destroyed_with_their_forts() -> None:
    state = new(2)
    clear(state, pirate_at=(8, 4))
    calm(state)
    own(state, 0, "boston", forts=2)
    state.phase = "pirate"
    from engine.empires.state import TurnState

    state.turn_state = TurnState(seat=1, pirate=True, stage="actions", actions=5)
    tokens, cubes = state.fort_tokens, state.players[0].cubes
    state, _ = do(state, 1, A.Attack(ship="pirate", target="boston"))
    done, _ = fight(state, [6])  # 6 + 1 gage + 2 Ship of the Line = 9 against a Naval Base's 9
    hold = done.ports["boston"]
    assert hold.owner is None and hold.forts == 0
    assert done.fort_tokens == tokens + 2 and done.players[0].cubes == cubes + 1


# ------------------------------------------------------------------ 4. added actions
def test_additional_actions_can_be_used_in_any_way() -> None:
    state = new(2)
    clear(state)
    calm(state)
    own(state, 1, "boston")
    put(state, 0, "transport", (8, 4), "t")
    my_turn(state, 0, actions=0, stage="card")
    state.players[0].hand = ["full_sail", "full_sail"]
    state.players[0].in_front = ["copper_sheathing"]
    state, _ = do(state, 0, A.PlayCard(card="full_sail"))
    assert state.turn_state is not None
    assert state.turn_state.actions == 5 + 2 + 1  # Full Sail's +2, Copper Sheathing's +1
    state.players[0].gold = 10
    for _ in range(8):  # every one of them spent on trading
        state, _ = do(state, 0, A.Trade(port="boston", give="gold"))
    assert state.turn_state is None or state.turn_state.seat != 0


# ------------------------------------------------------------------ 5. the Pirate's turn
def test_the_pirate_takes_up_to_5_actions_to_sail_and_attack() -> None:
    state = new(2)
    clear(state, pirate_at=(10, 2))
    calm(state)
    put(state, 0, "transport", (11, 2), "a")
    put(state, 0, "transport", (10, 3), "b")
    state.phase = "pirate"
    from engine.empires.state import TurnState

    state.turn_state = TurnState(seat=1, pirate=True, stage="actions", actions=5)
    # so its attacks are not offered as ending the turn, as a player's are
    offered = [a for a in GAME.legal_actions(state, 1) if isinstance(a, A.Attack)]
    assert offered and not any("ends the turn" in a.label for a in offered)
    state, _ = do(state, 1, A.Attack(ship="pirate", target="a"))
    state, _ = fight(state, [6], [1])  # 9 against a Transport's 5: sunk
    assert state.ship("a") is None
    assert state.turn_state is not None and state.turn_state.pirate
    assert state.turn_state.actions == 4
    assert any(isinstance(a, A.Attack) and a.target == "b" for a in GAME.legal_actions(state, 1))


# ------------------------------------------------------------------ 6. counter-attack total
def test_the_total_counter_attack_includes_modifiers() -> None:
    state = new(2)
    clear(state)
    calm(state)
    put(state, 0, "frigate", (10, 2), "a")
    put(state, 1, "frigate", (11, 2), "d")
    state.players[1].in_front = ["gunnery_drill"]  # all your ships +1 attack
    my_turn(state, 0)
    state, _ = do(state, 0, A.Attack(ship="a", target="d"))
    done, _ = fight(state, [1], [6])  # counter 6 + 1 Frigate + 1 Gunnery Drill = 8 > 7
    assert done.ship("a") is None


def test_the_counter_attack_takes_no_weather_gage() -> None:
    state = new(2)
    clear(state)
    calm(state)
    put(state, 0, "frigate", (10, 2), "a")
    put(state, 1, "frigate", (11, 2), "d")
    my_turn(state, 0)
    state, _ = do(state, 0, A.Attack(ship="a", target="d"))
    from .helpers import pass_window

    state, _ = pass_window(state)
    assert state.combat is not None
    state.combat.counter_dice = [6]
    assert counter_total(state, state.combat, 0) == 6 + 1  # die + Frigate, no +1 gage


# ------------------------------------------------------------------ 7. the recovery
def test_at_the_end_of_a_round_a_player_with_no_ports_may_draw_a_port_card() -> None:
    state = new(2)
    clear(state)
    own(state, 1, "boston")
    put(state, 1, "transport", (8, 4), "b")
    put(state, 0, "transport", (10, 2), "a")
    state.turn_state = None
    state.round = state.rounds  # the last round
    state.phase = "refill"
    state.pending = []
    advance(state, [])
    assert not state.finished and state.pending[0].kind == "draw_port"
    state, _ = do(state, 0, A.Decline())  # "may": declined
    assert state.finished and not any(h.owner == 0 for h in state.ports.values())


# ------------------------------------------------------------------ 8. ships in any order
def test_fleet_ships_may_be_named_in_any_order() -> None:
    state = new(2)
    clear(state)
    calm(state)
    own(state, 1, "boston")
    put(state, 0, "frigate", (8, 4), "x")
    put(state, 0, "frigate", (7, 3), "y")
    put(state, 0, "frigate", (7, 5), "z")
    my_turn(state, 0)
    for fleet in (("y", "z"), ("z", "y")):
        assert A.Attack(ship="x", fleet=fleet, target="boston").key() in GAME.legal_keys(state, 0)
    state, _ = do(state, 0, A.Attack(ship="x", fleet=("z", "y"), target="boston"))
    assert state.combat is not None and set(state.combat.ships) == {"x", "y", "z"}


# ------------------------------------------------------------------ 9. colours
def test_nation_colours_follow_the_rulebook() -> None:
    nations = [n.id for n in empires_content().rules.nations.items]
    styles = dict(zip(nations, NATION_STYLES, strict=True))
    r, g, b = styles["us"].rgb
    # white/grey: a neutral grey, dark enough to stand out on the pale sea at half size
    assert min(r, g, b) > 100 and max(r, g, b) - min(r, g, b) < 20
    r, g, b = styles["france"].rgb
    assert b > r and b > g  # blue
    r, g, b = styles["britain"].rgb
    assert r > 150 and g < 80 and b < 80  # red
    r, g, b = styles["spain"].rgb
    assert r > 200 and g > 180 and b < 100  # yellow
    r, g, b = styles["dutch"].rgb
    assert r > 200 and 90 < g < 170 and b < 60  # orange
    # told apart without colour: each nation its own shape and letter
    assert len({s.shape for s in NATION_STYLES}) == len({s.letter for s in NATION_STYLES}) == 5


# ------------------------------------------------------------------ 10. rulings
def test_rulings_load_and_quote_the_rulebook() -> None:
    rulings = empires_content().rulings.rulings
    assert len(rulings) >= 10
    topics = [r.topic for r in rulings]
    assert len(set(topics)) == len(topics)
    assert any("Sailing is touch move" in r.passage for r in rulings)
