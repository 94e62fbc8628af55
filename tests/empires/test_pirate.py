"""The Pirate: secret simultaneous bribes, the winner's Pirate turn, ties, Pirate's Bay."""

from __future__ import annotations

from engine.core import Rejection, Rng, step
from engine.empires import GAME
from engine.empires import actions as A
from engine.empires.resolve import advance

from .helpers import calm, clear, do, fight, my_turn, new, own, pass_window, put


def bribe_phase(seats: int = 3):  # noqa: ANN201
    state = new(seats)
    calm(state, "colbert")
    state.turn_state = None
    state.pending = []
    state.phase = "turns"
    state.order_index = seats
    advance(state, [])
    assert state.phase == "bribe"
    for p in state.players:
        p.gold = 6
    return state


def test_bribes_are_simultaneous_and_hidden_until_all_are_in() -> None:
    state = bribe_phase(3)
    assert GAME.actors(state) == {0, 1, 2}
    state, events = do(state, 1, {"type": "bribe", "amount": 4})
    assert GAME.actors(state) == {0, 2}
    public = [e for e in events if e.to is None]
    assert public and not any("4" in e.text or e.data for e in public)
    for viewer in (None, 0, 2):
        view = GAME.view(state, viewer)
        assert view.bribes_answered == [False, True, False] and view.my_bribe is None
        assert view.players[1].gold == 6  # the gold is not paid before the reveal
    assert GAME.view(state, 1).my_bribe == 4
    # another amount for seat 1 changes nobody else's view
    other = GAME.scramble_secrets(state, 1, Rng.from_seed(5))
    for viewer in (None, 0, 2):
        assert GAME.view(other, viewer) == GAME.view(state, viewer)
    # a second bribe is refused as what the table waits for: the others' bribes, not a turn
    again = step(GAME, state, 1, {"type": "bribe", "amount": 5}, state.version)
    assert isinstance(again, Rejection) and again.message == (
        "Waiting for {s0} and {s2} to choose a secret bribe for the Pirate; it is not your "
        "move.")
    state, _ = do(state, 0, {"type": "bribe", "amount": 2})
    state, events = do(state, 2, {"type": "bribe", "amount": 1})
    reveal = next(e for e in events if e.kind == "bribes_revealed")
    assert reveal.reveals and reveal.data["bribes"] == [2, 4, 1]
    assert state.chest == 7 and [p.gold for p in state.players] == [4, 2, 5]
    assert state.phase == "pirate" and GAME.actors(state) == {1}


def test_a_secret_bribe_is_told_to_its_owner_alone() -> None:
    """Rulebook, the Pirate: "Players secretly select an amount of Gold to bribe the Pirates
    ... and then all Players reveal their bribe at the same time". The amount is told to the
    briber alone; a move with an event for one seat only is never named to the table when it
    is taken back (the platform names an undone move only if all it told was told to all)."""
    state = bribe_phase(2)
    state, events = do(state, 0, {"type": "bribe", "amount": 3})
    secret = [e for e in events if e.to is not None]
    assert [e.to for e in secret] == [[0]] and "3 Gold" in secret[0].text
    assert secret[0].data == {"amount": 3} and not secret[0].reveals
    assert [e.text for e in events if e.to is None] == ["{s0} has chosen a bribe."]
    assert GAME.view(state, 1).my_bribe is None


def test_a_pirate_sunk_on_its_own_turn_ends_that_turn() -> None:
    """Rulebook, Piracy: "If the Pirate is defeated, it is taken by the Player who sunk it ...
    There is no longer a Pirate bribe phase." Sunk by a counter-attack on its own turn, the
    Pirate has nothing left to command: the round goes on to the refill at once."""
    state = bribe_phase(2)
    clear(state, pirate_at=(10, 2))
    put(state, 0, "ship_of_the_line", (11, 2), "us")
    state, _ = do(state, 0, {"type": "bribe", "amount": 0})
    state, _ = do(state, 1, {"type": "bribe", "amount": 1})
    state, _ = do(state, 1, {"type": "attack", "ship": "pirate", "target": "us"})
    assert state.turn_state is not None and state.turn_state.actions == 4
    state, _ = pass_window(state)
    assert state.combat is not None
    state.combat.attack_dice, state.combat.counter_dice = [1], [6]
    state.combat.counter_mod = {"pirate": 2}  # a Broadside: 6+2+2 = 10 > 8
    done, events = pass_window(state)
    assert done.ship("pirate") is None and done.players[0].captured == ["pirate"]
    end = next(e for e in events if e.kind == "end_of_turn")
    assert end.data == {"why": "sunk"} and end.text == "With the Pirate sunk, its turn ends."
    assert done.turn_state is None and done.phase not in ("pirate", "bribe")
    assert not any(isinstance(a, A.EndTurn) for a in GAME.legal_actions(done, 1))


def test_a_tied_bribe_means_the_pirates_do_nothing() -> None:
    state = bribe_phase(2)
    state, _ = do(state, 0, {"type": "bribe", "amount": 3})
    state, events = do(state, 1, {"type": "bribe", "amount": 3})
    assert state.chest == 6 and state.phase != "pirate"
    assert any("tie" in e.text for e in events)


def test_the_bribe_winner_sails_and_attacks_with_the_pirate() -> None:
    state = bribe_phase(2)
    clear(state, pirate_at=(10, 2))
    put(state, 0, "transport", (11, 2), "us")
    own(state, 0, "boston")
    state, _ = do(state, 0, {"type": "bribe", "amount": 0})
    state, _ = do(state, 1, {"type": "bribe", "amount": 1})
    legal = GAME.legal_actions(state, 1)
    assert any(isinstance(a, A.Sail) and a.ship == "pirate" for a in legal)
    assert any(isinstance(a, A.Attack) and a.target == "us" for a in legal)
    pieces = state.players[0].pieces["transport"]
    state, _ = do(state, 1, {"type": "attack", "ship": "pirate", "target": "us"})
    done, _ = fight(state, [6], [1])
    # the Pirate's victim goes back to its owner, not to the bribe winner
    assert done.ship("us") is None and done.players[1].captured == []
    assert done.players[0].pieces["transport"] == pieces + 1


def test_sinking_the_pirate_ends_the_bribes() -> None:
    state = new(2)
    clear(state, pirate_at=(11, 2))
    calm(state)
    put(state, 0, "ship_of_the_line", (10, 2), "a")
    my_turn(state, 0)
    state, _ = do(state, 0, {"type": "attack", "ship": "a", "target": "pirate"})
    assert GAME.actors(state) == {0}  # nobody commands the Pirate outside its turn
    done, _ = fight(state, [6], [1])
    assert not done.pirate_afloat and done.players[0].captured == ["pirate"]
    done.turn_state = None
    done.order_index = 2
    advance(done, [])
    assert done.phase != "bribe"


def test_pirates_bay_is_a_naval_base_holding_the_treasure_chest() -> None:
    state = new(2)
    clear(state, pirate_at=(10, 2))
    calm(state)
    state.chest = 9
    put(state, 0, "ship_of_the_line", (12, 15), "a")  # beside the bay at (11, 15)
    my_turn(state, 0)
    gold = state.players[0].gold
    state, _ = do(state, 0, {"type": "attack", "ship": "a", "target": "pirates_bay"})
    missed, _ = fight(state, [5])  # 5+1+2 = 8 < 9
    assert missed.chest == 9
    done, _ = fight(state, [6])
    assert done.chest == 0 and done.players[0].gold == gold + 9


def test_a_move_refused_on_the_pirates_turn_says_what_the_pirate_may_do() -> None:
    """Rulebook, Piracy: the bribe winner may "take up to 5 actions ... to sail and attack the
    other Players". A trade, a purchase or a card on the Pirate's turn is refused as the
    Pirate's (it said 'Trade needs one of your ships beside the port' and 'You have already
    played your Captain's card this turn'); an attack on Pirate's Bay or on the commander's own
    ship says whom the Pirate attacks (it said '... or Pirate's Bay' and 'You cannot attack
    your own ships or ports')."""
    state = bribe_phase(2)
    clear(state, pirate_at=(11, 14))  # beside Pirate's Bay
    put(state, 1, "transport", (12, 14), "mine")  # the commander's own, beside the Pirate
    own(state, 1, "recife")
    put(state, 1, "transport", (14, 15), "trader")  # beside Recife
    state, _ = do(state, 0, {"type": "bribe", "amount": 0})
    state, _ = do(state, 1, {"type": "bribe", "amount": 1})
    assert state.phase == "pirate"
    state.players[1].hand = ["treasure_galleon"]

    def refused(action: dict[str, object]) -> str:
        result = step(GAME, state, 1, action, state.version)
        assert isinstance(result, Rejection), result
        return result.message

    pirates = ("On the Pirate's turn you command only the Pirate: it sails and attacks, and "
               "/empires end ends its turn.")
    assert refused({"type": "trade", "port": "recife", "give": "gold"}) == pirates
    assert refused({"type": "buy_port", "port": "salvador"}) == pirates
    assert refused({"type": "play_card", "card": "treasure_galleon"}) == pirates
    assert refused({"type": "attack", "ship": "pirate", "target": "pirates_bay"}) == (
        "The Pirate does not attack Pirate's Bay: it attacks the other players' ships and "
        "ports.")
    assert refused({"type": "attack", "ship": "pirate", "target": "mine"}) == (
        "The Pirate attacks the other players' ships and ports, never those of the player "
        "commanding it.")


def test_an_attack_on_a_port_nobody_holds_says_it_may_be_bought() -> None:
    """Rulebook, Attack: "If a Player has a ship adjacent to an enemy ship or Port"; a port
    nobody holds is no enemy's, and Buy a Port is the way to it ("adjacent to an uncontrolled
    Port, they may buy rights to the Port")."""
    state = new(2)
    clear(state)
    calm(state)
    put(state, 0, "transport", (10, 1), "a")  # beside Quebec
    my_turn(state, 0)
    result = step(GAME, state, 0, {"type": "attack", "ship": "a", "target": "quebec"},
                  state.version)
    assert isinstance(result, Rejection) and result.message == (
        "Quebec is held by nobody: there is no enemy to attack there, but a ship beside it may "
        "buy it.")
    result = step(GAME, state, 0, {"type": "attack", "ship": "a", "target": "atlantis"},
                  state.version)
    assert isinstance(result, Rejection)
    assert result.message == "There is no ship or port 'atlantis' to attack."
