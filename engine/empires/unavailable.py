"""Why a turn's action (sail, trade, buy, attack) has no move open for a seat, read off its own
view, for ``/empires`` commands to answer with instead of a bare "You have no move now".

Each reason is the moment's (an attack being fought, a decision waiting, the card the turn
starts with, the actions spent), then the round's (the Weather, the History card, the
Pirate's turn) or the player's (no port cube, no resources): each one that keeps every move of
the command shut. A waiting decision the command's own moves answer (a History card's free
attack) is no reason: its moves say what is open.
None leaves the command table's own answer (a view cannot tell whether a ship is placed to
move). Nothing here decides a move: the legal moves do; this only words why there are none."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine.core import seat_ref

from .content import empires_content
from .explain import PENDING_TEXT
from .rules import attack_banned, cost_text, has, sailing_allowed
from .state import EmpiresView

Why = Callable[[Mapping[str, str | None], EmpiresView], str | None]


def moment(view: EmpiresView, seat: int) -> str | None:
    """What keeps ``seat`` from a turn's action at this moment, if something does."""
    c = view.combat
    if c is not None:
        if seat not in c.waiting:
            return "An attack is being fought: play goes on when it is over."
        if c.stage == "targets":
            return ("Name the attacking ships your counter-attack aims at first: "
                    "/empires decide.")
        return "An attack is being fought: answer it first (play a Captain's Order or pass)."
    if view.pending:
        p = view.pending[0]
        if p.seat != seat:
            return f"Play waits for {seat_ref(p.seat)}'s decision."
        return f"First {PENDING_TEXT[p.kind]}."
    if view.phase == "bribe":
        if view.bribes_answered[seat]:
            return "Your bribe is in: play goes on when everyone has sent theirs."
        return ("Everyone is choosing a secret bribe for the Pirate: send yours with "
                "/empires bribe (0 is allowed).")
    turn = view.turn_state
    if turn is None:
        return None
    if turn.seat != seat:
        if turn.pirate:
            return f"It is the Pirate's turn ({seat_ref(turn.seat)} commands it)."
        return f"It is {seat_ref(turn.seat)}'s turn."
    if turn.stage == "card":
        return ("Start your turn by playing one Captain's card (paying its cost) or discarding "
                "one for 3 Gold: /empires play or /empires discard.")
    if turn.actions <= 0:
        return "You have no actions left: end your turn with /empires end."
    return None


PIRATES_TURN = ("On the Pirate's turn you command only the Pirate: it sails and attacks, and "
                "/empires end ends its turn.")


def _after_the_moment(why: Callable[[EmpiresView, int], str | None],
                      plays: frozenset[str] = frozenset()) -> Why:
    """A command's reason: the moment's, else ``why`` (the round's or the player's). ``plays``:
    the kinds of waiting decision the command's own moves answer (a History card's free attack
    is made with /empires attack)."""
    def answer(typed: Mapping[str, str | None], view: EmpiresView) -> str | None:
        seat = view.viewer
        if seat is None:
            return None
        if view.pending and view.pending[0].seat == seat and view.pending[0].kind in plays:
            return None  # the decision is the command's own: its moves say what is open
        return moment(view, seat) or why(view, seat)
    return answer


def _pirates_turn(view: EmpiresView) -> bool:
    return view.turn_state is not None and view.turn_state.pirate


def _sail(view: EmpiresView, seat: int) -> str | None:
    if sailing_allowed(view) or view.weather is None:
        return None
    return f"The Weather ({empires_content().weather_card(view.weather).name}) allows no " \
        "Sailing this round."


def _attack(view: EmpiresView, seat: int) -> str | None:
    turn = view.turn_state
    if turn is None or turn.pirate:
        return None
    why = attack_banned(view, seat, None)  # a ban on every attack, not a truce with one
    return f"No attack this round: {why}" if why else None


def _trade(view: EmpiresView, seat: int) -> str | None:
    if _pirates_turn(view):
        return PIRATES_TURN
    player = view.players[seat]
    if player.gold + player.wood + player.steel < 1:
        return "You have no Gold, Wood or Steel to give."
    return None


def _buy(view: EmpiresView, seat: int) -> str | None:
    if _pirates_turn(view):
        return PIRATES_TURN
    player = view.players[seat]
    cost = empires_content().rules.turn.buy_port_cost
    if player.cubes < 1:
        return "You have no port cube left."
    if not has(player, cost):
        return (f"A port costs {cost_text(cost)}; you have {player.gold} Gold, {player.wood} "
                f"Wood and {player.steel} Steel.")
    return None


sail = _after_the_moment(_sail)
attack = _after_the_moment(_attack, plays=frozenset({"free_attack"}))
trade = _after_the_moment(_trade)
buy = _after_the_moment(_buy)
