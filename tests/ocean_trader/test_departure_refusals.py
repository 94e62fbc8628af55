"""A throw that names a ship which may not leave port is refused with that ship's own reason
and when it may sail, and changes nothing."""

from __future__ import annotations

import pytest

from engine.ocean_trader import actions as A
from engine.ocean_trader.state import OceanTraderState
from tests.ocean_trader.helpers import act, load_die, new_game, put_at_sea, rejected


def refused(state: OceanTraderState, *depart: int) -> str:
    """The refusal of seat 0's throw with ``depart`` leaving, checked to leave the game as it
    was and to name no money (a refusal is the mover's, but cash stays out of ship texts)."""
    before = state.model_dump()
    message = rejected(state, 0, A.ThrowDice(depart=depart))
    assert state.model_dump() == before
    assert "£" not in message
    return message


def test_a_ship_that_has_traded_is_refused_as_having_traded() -> None:
    state = new_game(cash=5000)
    state, _ = act(state, 0, A.BuyCargo(ship=1, goods="coal"))
    assert refused(state, 1) == ("Ship 1 has traded this turn: a ship cannot trade and sail in "
                                 "the same turn. Sail next turn.")


def test_a_ship_bought_this_turn_is_refused_as_new() -> None:
    state = new_game(cash=5000)
    state, _ = act(state, 0, A.BuyShip())
    assert refused(state, 2) == "Ship 2 has just been issued; it can sail next turn."


def test_a_ship_in_quarantine_is_refused_as_in_quarantine() -> None:
    """Fever Aboard sends the ship into Gibraltar; on its owner's next turn it stays there."""
    state = new_game(cash=5000)
    put_at_sea(state.players[0].ships[0], "R02", 1, "GIB")
    state.prospect_deck.remove("quarantine")
    state.prospect_deck.insert(0, "quarantine")
    load_die(state, 1)
    state, _ = act(state, 0, A.ThrowDice())
    state, _ = act(state, 0, A.EndTurn())
    state, _ = act(state, 1, A.EndTurn())
    assert state.players[0].ships[0].port == "GIB"
    assert refused(state, 1) == ("Ship 1 is in quarantine at Gibraltar: it stays in port and "
                                 "may not trade this turn; it can sail next turn.")


def test_a_ship_that_docked_this_turn_is_refused_as_docked() -> None:
    """Set by hand: in play the one throw a turn comes first, so this is a fallback."""
    state = new_game(cash=5000)
    ship = state.players[0].ships[0]
    ship.port, ship.docked_now = "GIB", True
    assert refused(state, 1) == ("Ship 1 docked at Gibraltar this turn: a ship moves once a "
                                 "turn. Sail next turn.")


@pytest.mark.parametrize(("more", "text"), [
    (0, "Ship 1 is held in port by a Prospect card this turn; it can sail next turn."),
    (1, "Ship 1 is held in port by a Prospect card this turn and your next turn; it can sail "
        "on the turn after that."),
    (2, "Ship 1 is held in port by a Prospect card this turn and your next 2 turns; it can "
        "sail on the turn after that."),
])
def test_a_held_ship_is_refused_with_the_turns_it_still_loses(more: int, text: str) -> None:
    """Becalmed holds a ship one turn, Dismasted two; the refusal counts what is left."""
    state = new_game(cash=5000)
    ship = state.players[0].ships[0]
    ship.held_through = state.players[0].turns + more
    assert refused(state, 1) == text


def test_the_first_ship_that_may_not_leave_is_the_one_named() -> None:
    state = new_game(cash=5000)
    state, _ = act(state, 0, A.BuyShip())
    assert refused(state, 1, 2) == "Ship 2 has just been issued; it can sail next turn."
