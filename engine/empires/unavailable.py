"""Why a turn's action (sail, trade, buy, attack) has no move open for a seat, read off its own
view, for ``/empires`` commands to answer with instead of a bare "You have no move now".

Each reason is the moment's (an attack being fought, a decision waiting, the card the turn
starts with, the actions spent), then the round's (the Weather, the History card, the
Pirate's turn) or the player's (no port cube, no resources): each one that keeps every move of
the command shut. A waiting decision the command's own moves answer (a History card's free
attack) is no reason: its moves say what is open.
Where the ships stand is in the view too: no ship at all, every ship in a region the Weather
closes, no ship beside a port (to trade) or beside an uncontrolled one (to buy) is said so.
None leaves the command table's own answer (a ship boxed in, a target out of reach). Nothing
here decides a move: the legal moves do; this only words why there are none."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine.core import seat_ref

from .content import empires_content
from .explain import PENDING_TEXT, PIRATES_TURN
from .rules import attack_banned, cost_text, has, sailing_allowed
from .state import PIRATE_ID, EmpiresView, Ship

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


def _commanded(view: EmpiresView, seat: int) -> list[Ship]:
    """The ships ``seat`` moves this turn: its own, or the Pirate on the Pirate's turn."""
    pirate = _pirates_turn(view)
    return [s for s in view.ships if (s.id == PIRATE_ID if pirate else s.owner == seat)]


def _sail(view: EmpiresView, seat: int) -> str | None:
    if view.weather is None:
        return None
    weather = empires_content().weather_card(view.weather)
    if not sailing_allowed(view):
        return f"The Weather ({weather.name}) allows no Sailing this round."
    ships = _commanded(view, seat)
    if not ships:
        return "You have no ship on the map to sail."
    board = empires_content().board(view.side)
    closed = [e.region for e in weather.effects if e.effect == "no_sail_region"]
    if closed and all(any(board.in_region(s.cell, r) for r in closed) for s in ships):
        where = "it is" if len(ships) == 1 else "they are all"
        return (f"The Weather ({weather.name}): {weather.text} Your "
                f"{'ship' if len(ships) == 1 else 'ships'} cannot sail, as {where} there.")
    return None


def _attack(view: EmpiresView, seat: int) -> str | None:
    turn = view.turn_state
    if turn is None:
        return None
    if not turn.pirate:
        why = attack_banned(view, seat, None)  # a ban on every attack, not a truce with one
        if why:
            return f"No attack this round: {why}"
    ships = _commanded(view, seat)
    if not ships:
        return "You have no ship on the map to attack with."
    # rulebook, Attack: "If a Player has a ship adjacent to an enemy ship or Port"; the Pirate
    # attacks "the other Players", never its commander
    board = empires_content().board(view.side)
    beside = {c for s in ships for c in board.neighbours(s.cell)}
    targets = [s.cell for s in view.ships
               if s.owner != seat and not (turn.pirate and s.id == PIRATE_ID)]
    targets += [board.ports[p].cell for p, owner in view.port_owners.items()
                if owner is not None and owner != seat]
    if not turn.pirate:
        targets.append(board.pirates_bay)
    if any(c in beside for c in targets):
        return None
    if turn.pirate:
        return ("The Pirate is beside no other nation's ship or port: it attacks only what "
                "is next to it (not diagonally).")
    where = ("Your ship is beside no enemy ship or port, nor the Pirate or Pirate's Bay"
             if len(ships) == 1 else "None of your ships is beside an enemy ship or port, "
             "the Pirate or Pirate's Bay")
    return f"{where}: an attack needs its target next to the attacking ship (not diagonally)."


def _trade(view: EmpiresView, seat: int) -> str | None:
    if _pirates_turn(view):
        return PIRATES_TURN
    player = view.players[seat]
    if player.gold + player.wood + player.steel < 1:
        return "You have no Gold, Wood or Steel to give."
    board = empires_content().board(view.side)
    if not any(c in board.port_at for s in _commanded(view, seat)
               for c in board.neighbours(s.cell)):
        return ("Trading needs one of your ships beside a port (rulebook: \"If a Player has a "
                "ship adjacent to a port\"); none of yours is.")
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
    board = empires_content().board(view.side)
    if not any(c in board.port_at and view.port_owners.get(board.port_at[c], 0) is None
               for s in _commanded(view, seat) for c in board.neighbours(s.cell)):
        return ("Buying a port needs one of your ships beside an uncontrolled port; none of "
                "yours is.")
    return None


sail = _after_the_moment(_sail)
attack = _after_the_moment(_attack, plays=frozenset({"free_attack"}))
trade = _after_the_moment(_trade)
buy = _after_the_moment(_buy)
