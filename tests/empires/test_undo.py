"""Undo never goes past anything revealed (README: "undo only within the current turn and never
across revealed information"): a Captain's card shown from a hand (discarded, played, an Order)
and an action the other seats were asked to answer (an attack's answer window) are final."""

from __future__ import annotations

from engine.core import Rejection
from engine.empires import GAME
from engine.empires import actions as A
from engine.empires.state import EmpiresState

from .helpers import attempt, calm, clear, do, frigate_duel, my_turn, new, own, put


def _refused(state: EmpiresState, seat: int) -> Rejection:
    before = state.model_dump_json()
    refused = attempt(state, seat, {"type": "undo"})
    assert isinstance(refused, Rejection), refused
    assert refused.code == "cannot_undo"
    assert state.model_dump_json() == before  # the game unchanged
    return refused


def _card_step() -> EmpiresState:
    state = new(2)
    clear(state)
    calm(state)
    my_turn(state, 0, stage="card")
    state.players[0].hand = ["timber_convoy", "broadside"]
    return state


def test_a_discarded_card_cannot_be_taken_back() -> None:
    state, events = do(_card_step(), 0, A.DiscardCard(card="timber_convoy"))
    assert [e.reveals for e in events if e.kind == "discard"] == [True]
    refused = _refused(state, 0)
    assert "card drawn or shown" in refused.message
    assert "timber_convoy" not in state.players[0].hand


def test_a_played_card_cannot_be_taken_back() -> None:
    state, events = do(_card_step(), 0, A.PlayCard(card="timber_convoy"))
    assert [e.reveals for e in events if e.kind == "card_played"] == [True]
    _refused(state, 0)


def _attack() -> EmpiresState:
    state = frigate_duel()
    assert state.combat is not None and 1 in state.combat.waiting  # the window asks seat 1
    return state


def test_an_attack_that_opened_the_answer_window_cannot_be_withdrawn() -> None:
    refused = _refused(_attack(), 0)
    assert "asked to answer" in refused.message


def test_an_order_played_in_the_window_cannot_be_taken_back_nor_the_attack_behind_it() -> None:
    state, events = do(_attack(), 0, {"type": "play_order", "card": "broadside"})
    assert [e.reveals for e in events if e.kind == "order_played"] == [True]
    _refused(state, 0)
    assert state.combat is not None and state.combat.ships == ["a"]


def test_a_pass_the_other_side_is_answering_cannot_be_taken_back() -> None:
    state, _ = do(_attack(), 0, {"type": "pass"})
    assert state.combat is not None and state.combat.waiting == [1]
    _refused(state, 0)


def test_what_reveals_nothing_is_still_taken_back_but_not_past_the_shown_card() -> None:
    state, _ = do(_card_step(), 0, A.DiscardCard(card="timber_convoy"))
    own(state, 0, "new_york")
    put(state, 0, "frigate", (8, 4), "a")
    state.players[0].gold = 5
    trade = next(a for a in GAME.legal_actions(state, 0) if isinstance(a, A.Trade))
    after, _ = do(state, 0, trade)
    back, _ = do(after, 0, {"type": "undo"})  # a trade shows nothing: it may be taken back
    assert back.players[0] == state.players[0]
    _refused(back, 0)  # but not the discard before it


def test_a_secret_bribe_is_no_window_but_a_pass_in_one_is() -> None:
    state = new(3)
    state.phase = "bribe"
    state.pending = []
    state.combat = None
    state.bribes = [None, None, None]
    for p in state.players:
        p.gold = 3
    after, _ = do(state, 0, {"type": "bribe", "amount": 2})
    back, _ = do(after, 0, {"type": "undo"})  # nothing shown until every seat has bribed
    assert back.bribes == [None, None, None]
    state, events = do(_attack(), 1, {"type": "pass"})
    assert [e.text for e in events if e.kind == "pass"] == ["{s1} passes."]
    _refused(state, 1)
