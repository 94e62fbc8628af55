"""What the last turn changed (``EmpiresView.last`` and ``current``): what is noted, only what
the whole table saw, and when it makes way for the next turn's."""

from __future__ import annotations

from engine.core import Rng
from engine.empires import GAME
from engine.empires import actions as A
from engine.empires.state import PIRATE, PIRATE_ID, EmpiresState, LastTurn, Mark, Pending

from .helpers import calm, clear, do, fight, my_turn, new, own, put


def _table(state: EmpiresState) -> tuple[LastTurn, LastTurn]:
    view = GAME.view(state, None)
    return view.last, view.current


def _what(turn: LastTurn) -> list[tuple[str, int | None]]:
    return [(m.what, m.seat) for m in turn.marks]


def test_a_sail_and_a_purchase_are_the_last_turn_until_the_next_turn_ends() -> None:
    state = new(2)
    clear(state)
    calm(state)
    first, second = state.order()
    put(state, first, "transport", (10, 2), "t")
    put(state, first, "transport", (8, 4), "u")
    my_turn(state, first)
    state, _ = do(state, first, {"type": "sail", "ship": "t", "to": [12, 2]})
    last, current = _table(state)
    assert current.seat == first and _what(current) == [("sail", first)]  # this turn so far
    assert not last.marks

    state, _ = do(state, first, {"type": "buy_port", "port": "boston"})  # ends the turn
    assert state.turn_state is not None and state.turn_state.seat == second
    last, current = _table(state)
    assert current == LastTurn(seat=second)  # the next turn has begun, with nothing changed
    assert last.seat == first and not last.pirate and not last.after
    sail, bought = last.marks
    assert (sail.what, sail.ship, sail.kind, sail.start, sail.cell) == \
        ("sail", "t", "transport", (10, 2), (12, 2))
    assert (bought.what, bought.seat, bought.port, bought.how) == \
        ("port", first, "boston", "bought")

    # the second player's turn: its card, then its end; the first player's changes are gone
    card = sorted(state.players[second].hand)[0]
    state, _ = do(state, second, {"type": "discard_card", "card": card})
    last, current = _table(state)
    assert last.seat == first and _what(current) == [("card", second)]
    state, _ = do(state, second, {"type": "end_turn"})
    last, current = _table(state)
    assert last.seat == second and [(m.what, m.card, m.how) for m in last.marks] == \
        [("card", card, "discarded")]
    assert current == LastTurn()  # the bribe phase: between turns, nothing changed yet


def test_a_trade_a_launch_and_a_card_are_noted() -> None:
    state = new(2)
    clear(state)
    calm(state)
    seat = state.order()[0]
    own(state, seat, "boston")
    put(state, seat, "transport", (8, 4), "u")
    my_turn(state, seat, stage="card")
    player = state.players[seat]
    player.hand[0] = "launch_frigate"
    player.gold = player.wood = player.steel = 6
    launch = next(a for a in GAME.legal_actions(state, seat)
                  if isinstance(a, A.PlayCard) and a.card == "launch_frigate")
    state, _ = do(state, seat, launch)
    state, _ = do(state, seat, {"type": "trade", "port": "boston", "give": "gold"})
    _, current = _table(state)
    played, launched, traded = current.marks
    assert (played.what, played.card, played.how) == ("card", "launch_frigate", "played")
    ship = next(s for s in state.ships if s.kind == "frigate")
    assert (launched.what, launched.ship, launched.kind, launched.cell) == \
        ("launch", ship.id, "frigate", launch.cell)
    assert (traded.what, traded.seat, traded.port) == ("trade", seat, "boston")


def test_what_changes_between_turns_joins_the_turn_before() -> None:
    """A free launch at the round's start (History) is told with the turn before it."""
    state = new(2)
    clear(state)
    calm(state)
    first, second = state.order()
    own(state, first, "boston")
    before = LastTurn(seat=second, marks=[Mark(what="trade", seat=second, port="boston")])
    state.last, state.current = before, LastTurn()
    state.phase, state.turn_state, state.order_index = "production", None, 0
    state.pending = [Pending(kind="launch", seat=first, ship="frigate")]
    cell = next(a.cell for a in GAME.legal_actions(state, first) if isinstance(a, A.Launch))
    state, _ = do(state, first, {"type": "launch", "cell": list(cell)})
    assert state.turn_state is not None and state.turn_state.seat == first
    last, current = _table(state)
    assert last.seat == second and last.after
    assert _what(last) == [("trade", second), ("launch", first)]
    assert current == LastTurn(seat=first)


def test_an_attack_and_a_sinking_are_noted_with_whose_ship_sank() -> None:
    state = new(2)
    clear(state)
    calm(state)
    put(state, 0, "frigate", (10, 2), "a")
    put(state, 1, "frigate", (11, 2), "d")
    my_turn(state, 0)
    state, _ = do(state, 0, {"type": "attack", "ship": "a", "target": "d"})
    state, _ = fight(state, [5], [1])  # the target sinks; the attack ends the turn
    last, _ = _table(state)
    assert last.seat == 0
    attack, sunk = last.marks
    assert (attack.what, attack.seat, attack.how, attack.ship, attack.cell) == \
        ("attack", 0, "ship", "d", (11, 2))
    assert (sunk.what, sunk.seat, sunk.ship, sunk.kind, sunk.cell) == \
        ("sunk", 1, "d", "frigate", (11, 2))


def test_the_pirates_attack_is_the_pirates_though_a_seat_commands_it() -> None:
    state = new(2)
    clear(state, pirate_at=(10, 2))
    calm(state)
    put(state, 1, "transport", (11, 2), "d")
    my_turn(state, 0)
    state.phase = "pirate"
    state.turn_state.pirate = True  # type: ignore[union-attr]
    state, _ = do(state, 0, {"type": "attack", "ship": PIRATE_ID, "target": "d"})
    _, current = _table(state)
    assert [(m.what, m.seat) for m in current.marks] == [("attack", PIRATE)]


def test_nothing_secret_is_noted() -> None:
    """Bribes before the reveal and the cards a refill draws leave no mark; every view holds
    the same marks, whatever the hands and bribes."""
    state = new(3, seed=5)
    for _ in range(400):  # on to a round's bribe phase
        if state.phase == "bribe":
            break
        seat = min(GAME.actors(state))
        state, _ = do(state, seat, GAME.legal_actions(state, seat)[0])
    assert state.phase == "bribe"
    marks = _table(state)
    for seat in sorted(GAME.actors(state)):
        state, _ = do(state, seat, {"type": "bribe", "amount": state.players[seat].gold})
        if state.phase == "bribe":
            assert _table(state) == marks
    for _ in range(400):  # the Pirate's turn, then the refills
        if state.pending and state.pending[0].kind == "refill":
            break
        seat = min(GAME.actors(state))
        state, _ = do(state, seat, GAME.legal_actions(state, seat)[0])
    seat = state.pending[0].seat
    state.players[seat].hand = state.players[seat].hand[:2]
    marks = _table(state)
    state, events = do(state, seat, {"type": "draw"})
    assert any(e.kind == "drawn" for e in events)
    assert _table(state) == marks
    for owner in range(state.seats):
        scrambled = GAME.scramble_secrets(state, owner, Rng.from_seed(owner))
        for viewer in (None, *range(state.seats)):
            seen = GAME.view(scrambled, viewer)
            assert (seen.last, seen.current) == marks
