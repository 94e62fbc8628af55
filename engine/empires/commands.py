"""/empires: the moves of Empires at Sea as a declarative command table.

One command per kind of move (``/empires play card where``, ``/empires sail ship direction
distance turn``, ...), each option read off the legal actions and named for people from the
acting seat's own view ("Frigate at Havana", "France's Frigate at Havana", "Havana (produces
wood; held by France, with a Fort)"). The decisions outside the normal turn (a free port, a
resource, a launch, the counter-attack's targets, refilling the hand) have no command of their
own: they are the table's ``decisions``, made with the generic ``decide``.

Sailing is typed as a direction and a distance from where the ship lies (the view holds every
ship's cell), and a Marine Chronometer turn as a second leg: :func:`leg` reads them off a move.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from pydantic import ValidationError

from engine.core import Action
from engine.core.commands import (
    Command,
    CommandError,
    CommandTable,
    HelpTopic,
    Option,
    load_help,
    whole,
)

from . import unavailable
from .actions import (
    Attack,
    Bribe,
    BuyPort,
    DiscardCard,
    EndTurn,
    Pass,
    PlayCard,
    PlayOrder,
    Sail,
    Trade,
)
from .cards import KIND_NAME, card_label
from .content import Board, Cell, empires_content
from .names import cell_text, homes, read_cell, ship_words, where
from .rules import cost_text
from .state import PIRATE_ID, PIRATES_BAY, EmpiresView, Ship

V = EmpiresView
T = TypeVar("T", bound=Action)
GROUP = "empires"
# Decisions outside the normal turn; a free attack (History) is one too, as it can be declined,
# and so are an attack's answer (an Order or a pass) and the round's secret bribe: the game
# waits for them, and /empires decide lists them (with their own commands beside)
DECISION_TYPES = frozenset({"counter_targets", "claim_port", "launch", "relocate",
                            "choose_resource", "discard_order", "draw", "decline",
                            "play_order", "pass", "bribe"})
DIRECTIONS: dict[tuple[int, int], str] = {(0, -1): "north", (1, 0): "east", (0, 1): "south",
                                          (-1, 0): "west"}
STEP = {name: d for d, name in DIRECTIONS.items()}
STRAIGHT = "straight"
NONE = "none"
RESOURCE_NAMES = (("gold", "Gold"), ("wood", "Wood"), ("steel", "Steel"))


# --- the board as the acting seat sees it -------------------------------------------------------
def leg(start: Cell, end: Cell) -> tuple[str, int] | None:
    """The direction and length of a straight line of cells, or None."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    if (dx == 0) == (dy == 0):
        return None
    step = (dx // abs(dx) if dx else 0, dy // abs(dy) if dy else 0)
    return DIRECTIONS[step], abs(dx) + abs(dy)


def _board(view: V) -> Board:
    return empires_content().board(view.side)


def _cell(cell: Cell) -> tuple[int, int]:
    return int(cell[0]), int(cell[1])


@dataclass
class _Memo:
    """What the readers work out once per view: they are asked for every action of a list
    with the same view (a view is never changed once made)."""

    view: V
    ships: dict[str, Ship]
    legs: dict[int, tuple[Sail, tuple[str, int] | None]] = field(default_factory=dict)


_MEMO: list[_Memo] = []  # the last view's


def _memo(view: V) -> _Memo:
    if _MEMO and _MEMO[0].view is view:
        return _MEMO[0]
    memo = _Memo(view, {s.id: s for s in view.ships})
    _MEMO[:] = [memo]
    return memo


def _ship(view: V, ship_id: str) -> Ship | None:
    return _memo(view).ships.get(ship_id)


def nation(view: V, seat: int | None) -> str:
    if seat is None or not 0 <= seat < len(view.players):
        return "nobody"
    if seat == view.viewer:
        return "you"
    return empires_content().nation(view.players[seat].nation).name


def _whose(view: V, seat: int) -> str:
    if seat == view.viewer:
        return "your"
    name = nation(view, seat)
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def beside(cell: Cell, board: Board) -> list[str]:
    return [board.ports[board.port_at[c]].name for c in board.neighbours(_cell(cell))
            if c in board.port_at]


def place(cell: Cell, view: V) -> str:
    """A sea cell for people: ``F8 beside Havana``."""
    ports = beside(cell, _board(view))
    return cell_text(cell) + (" beside " + " and ".join(ports) if ports else "")


def ship_name(ship: Ship, view: V) -> str:
    return ship_words(ship, view.ships, view.side, homes(view.port_owners, ship.owner))


def ship_label(ship_id: str, view: V) -> str:
    ship = _ship(view, ship_id)
    return ship_name(ship, view) if ship is not None else "a ship no longer afloat"


def port_label(port: str, view: V) -> str:
    """``Havana (produces wood; held by France, with a Fort)``."""
    board = _board(view)
    if port not in board.ports:
        return "an unknown port"
    card = board.ports[port]
    owner = view.port_owners.get(port)
    held = "uncontrolled" if owner is None else f"held by {nation(view, owner)}"
    forts = view.port_forts.get(port, 0)
    levels = empires_content().rules.table_of_war.ports
    level = (f", with a {levels['fort'].name}" if forts == 1 else
             f", with a {levels['naval_base'].name}" if forts >= 2 else "")
    return f"{card.name} (produces {card.produces.capitalize()}; {held}{level})"


def target_label(target: str, view: V) -> str:
    if target == PIRATES_BAY:
        defence = empires_content().rules.pirate.pirates_bay_defence
        name = empires_content().rules.table_of_war.ports[defence].name
        return f"Pirate's Bay (defends as a {name})"
    ship = _ship(view, target)
    if ship is not None:
        if ship.id == PIRATE_ID:
            return f"The Pirate (Ship of the Line) {where(view.side, ship.cell)}"
        return f"{_whose(view, ship.owner)} {ship_name(ship, view)}"
    return port_label(target, view)


# --- reading typed text back --------------------------------------------------------------------
def _find_card(text: str | None) -> str:
    if text is None:
        raise CommandError("Fill in the card.")
    wanted = text.strip().lower()
    cards = empires_content().captains.cards
    for card in cards:
        if wanted in (card.id, card.name.lower()):
            return card.id
    named = [c.id for c in cards if wanted and wanted in c.name.lower()]
    if len(named) == 1:
        return named[0]
    raise CommandError(f"There is no Captain's card called {text!r}.")


def _find_port(text: str, view: V) -> str | None:
    wanted = text.strip().lower()
    board = _board(view)
    for port in board.ports.values():
        if wanted in (port.id, port.name.lower()):
            return port.id
    named = [p.id for p in board.ports.values() if wanted and wanted in p.name.lower()]
    return named[0] if len(named) == 1 else None


def _port(text: str | None, view: V) -> str:
    if text is None:
        raise CommandError("Fill in the port.")
    found = _find_port(text, view)
    if found is None:
        raise CommandError(f"There is no port called {text!r} on this side of the board.")
    return found


def _find_ship(text: str | None, view: V, what: str = "ship") -> str:
    """A ship by id or by (part of) its name as the lists show it."""
    if text is None:
        raise CommandError(f"Fill in the {what}.")
    wanted = text.strip().lower()
    for ship in view.ships:
        if ship.id == wanted:
            return ship.id
    mine = [s for s in view.ships if s.owner == view.viewer or s.id == PIRATE_ID]
    for ships in (mine, view.ships):
        exact = [s.id for s in ships if ship_name(s, view).lower() == wanted]
        if len(exact) == 1:
            return exact[0]
        named = [s.id for s in ships if wanted and wanted in ship_name(s, view).lower()]
        if len(named) == 1:
            return named[0]
    raise CommandError(f"No ship is called {text!r}; pick the {what} from the list.")


def _heading(text: str | None, what: str) -> str:
    wanted = (text or "").strip().lower()
    found = [name for name in STEP if wanted and name.startswith(wanted)]
    if len(found) != 1:
        raise CommandError(f"{what} is north, east, south or west, not {text!r}.")
    return found[0]


def _cells(text: str | None, what: str) -> int:
    words = (text or "").strip().split()
    number = whole(words[0]) if words else None
    if number is None or number < 1:  # a ship sails forward: -2 south is not 2 north
        raise CommandError(f"{what} is a whole number of cells, 1 or more, not {text!r}.")
    return number


def _move(start: Cell, heading: str, cells: int) -> Cell:
    dx, dy = STEP[heading]
    return start[0] + dx * cells, start[1] + dy * cells


def _guarded(make: Callable[[Mapping[str, str | None], V], T]
             ) -> Callable[[Mapping[str, str | None], V], T]:
    """``make``, with pydantic's ValidationError told as a CommandError."""
    def build(typed: Mapping[str, str | None], view: V) -> T:
        try:
            return make(typed, view)
        except ValidationError as err:
            fields = {str(e["loc"][0]) for e in err.errors() if e.get("loc")}
            if "give" in fields:
                raise CommandError("Give gold, wood or steel.") from None
            if "amount" in fields:
                raise CommandError("A bribe is 0 Gold or more.") from None
            raise CommandError("Those options do not make a move; pick them from the lists."
                               ) from None
    return build


# --- play and discard ---------------------------------------------------------------------------
def _play_card(action: PlayCard | DiscardCard, view: V) -> str | None:
    return action.card


def _play_card_label(action: PlayCard | DiscardCard, view: V) -> str:
    return card_label(action.card)


def _play_where(action: PlayCard, view: V) -> str | None:
    if action.cell is not None:
        return cell_text(action.cell)
    return action.port


def _play_where_label(action: PlayCard, view: V) -> str:
    if action.cell is not None:
        return "At " + place(action.cell, view)
    return port_label(action.port or "", view)


def _build_play(typed: Mapping[str, str | None], view: V) -> PlayCard:
    card = _find_card(typed.get("card"))
    where = typed.get("where")
    if where is None:
        return PlayCard(card=card)
    cell = read_cell(where)  # F8, as the board's edges name it (or the rules' [7, 5])
    if cell is not None:
        return PlayCard(card=card, cell=cell)
    port = _find_port(where, view)
    if port is None:
        raise CommandError(f"Where is a sea cell such as F8 (row letter, then column number, "
                           f"as the board's edges show them) or a port, not {where!r}.")
    return PlayCard(card=card, port=port)


def _build_discard(typed: Mapping[str, str | None], view: V) -> DiscardCard:
    return DiscardCard(card=_find_card(typed.get("card")))


PLAY: Command[PlayCard, V] = Command(
    name="play", description="Play a Captain's card from your hand, paying its cost",
    plays=(PlayCard,), options=(
        Option[PlayCard, V]("card", "Which card (the list shows its cost and what it does)",
                            _play_card, _play_card_label),
        Option[PlayCard, V]("where", "Where it acts: a sea cell or a port (only when it needs "
                            "one)", _play_where, _play_where_label, required=False),
    ), build=_guarded(_build_play))

DISCARD: Command[DiscardCard, V] = Command(
    name="discard", description="Discard a card for Gold instead of playing one",
    plays=(DiscardCard,), options=(
        Option[DiscardCard, V]("card", "Which card", _play_card, _play_card_label),
    ), build=_guarded(_build_discard))


# --- sail ---------------------------------------------------------------------------------------
def _sail_ship(action: Sail, view: V) -> str | None:
    return action.ship


def _sail_ship_label(action: Sail, view: V) -> str:
    return ship_label(action.ship, view)


def _first_leg(action: Sail, view: V) -> tuple[str, int] | None:
    """The first leg of a sail from where its ship lies (kept with the action, so that its id
    is not reused)."""
    legs = _memo(view).legs
    known = legs.get(id(action))
    if known is not None and known[0] is action:
        return known[1]
    ship = _ship(view, action.ship)
    found = None if ship is None else leg(_cell(ship.cell), _cell(action.via or action.to))
    legs[id(action)] = (action, found)
    return found


def _sail_direction(action: Sail, view: V) -> str | None:
    found = _first_leg(action, view)
    return found[0] if found else None


def _sail_distance(action: Sail, view: V) -> str | None:
    found = _first_leg(action, view)
    return str(found[1]) if found else None


def _sail_distance_label(action: Sail, view: V) -> str:
    found = _first_leg(action, view)
    cells = found[1] if found else 0
    return f"{cells} cell{'s' if cells != 1 else ''}, to " + place(action.via or action.to, view)


def _sail_turn(action: Sail, view: V) -> str | None:
    if action.via is None:
        return STRAIGHT
    found = leg(_cell(action.via), _cell(action.to))
    return f"{found[0]}-{found[1]}" if found else None


def _sail_turn_label(action: Sail, view: V) -> str:
    if action.via is None:
        return "Straight on (no turn)"
    found = leg(_cell(action.via), _cell(action.to))
    if found is None:
        return "a turn"
    cells = f"{found[1]} cell{'s' if found[1] != 1 else ''}"
    return f"Then turn {found[0]} {cells} to {place(action.to, view)} (Marine Chronometer)"


def _build_sail(typed: Mapping[str, str | None], view: V) -> Sail:
    ship_id = _find_ship(typed.get("ship"), view)
    ship = _ship(view, ship_id)
    assert ship is not None
    first = _move(_cell(ship.cell), _heading(typed.get("direction"), "The direction"),
                  _cells(typed.get("distance"), "The distance"))
    turn = (typed.get("turn") or STRAIGHT).strip().lower()
    if turn in (STRAIGHT, NONE, "no"):
        return Sail(ship=ship_id, to=first)
    heading, _, cells = turn.replace(" ", "-").partition("-")
    to = _move(first, _heading(heading, "The turn"), _cells(cells, "The turn's distance"))
    return Sail(ship=ship_id, to=to, via=first)


def _sail_direction_label(action: Sail, view: V) -> str:
    return (_sail_direction(action, view) or "").capitalize()


SAIL: Command[Sail, V] = Command(
    name="sail", description="Sail a ship in a straight line (1 action)", plays=(Sail,),
    options=(
        Option[Sail, V]("ship", "Which ship (the Pirate on the Pirate's turn)", _sail_ship,
                        _sail_ship_label),
        Option[Sail, V]("direction", "Which way (only the directions it can sail)",
                        _sail_direction, _sail_direction_label),
        Option[Sail, V]("distance", "How many cells (only the cells it can reach)",
                        _sail_distance, _sail_distance_label),
        Option[Sail, V]("turn", "Marine Chronometer: a 90-degree turn after the first leg; "
                        "left out: straight on", _sail_turn, _sail_turn_label, required=False,
                        default=STRAIGHT),
    ), build=_guarded(_build_sail), unavailable=unavailable.sail)


# --- trade and buy ------------------------------------------------------------------------------
def _port_of(action: Trade | BuyPort, view: V) -> str | None:
    return action.port


def _port_of_label(action: Trade | BuyPort, view: V) -> str:
    return port_label(action.port, view)


def _trade_give(action: Trade, view: V) -> str | None:
    return action.give


def _build_trade(typed: Mapping[str, str | None], view: V) -> Trade:
    give = (typed.get("give") or "").strip().lower()
    return Trade.model_validate({"port": _port(typed.get("port"), view), "give": give})


def _build_buy(typed: Mapping[str, str | None], view: V) -> BuyPort:
    return BuyPort(port=_port(typed.get("port"), view))


TRADE: Command[Trade, V] = Command(
    name="trade", description="Trade 1 resource at a port beside your ship (1 action)",
    plays=(Trade,), options=(
        Option[Trade, V]("port", "Which port (the list shows what it produces)", _port_of,
                         _port_of_label),
        Option[Trade, V]("give", "Which resource you give", _trade_give, fixed=RESOURCE_NAMES),
    ), build=_guarded(_build_trade), unavailable=unavailable.trade)

BUY: Command[BuyPort, V] = Command(
    name="buy", description="Buy an uncontrolled port beside your ship (ends your turn)",
    plays=(BuyPort,), options=(
        Option[BuyPort, V]("port", "Which port", _port_of, _port_of_label),
    ), build=_guarded(_build_buy), unavailable=unavailable.buy)


# --- attack -------------------------------------------------------------------------------------
def _attack_target(action: Attack, view: V) -> str | None:
    return action.target


def _attack_target_label(action: Attack, view: V) -> str:
    return target_label(action.target, view)


def _attack_ship(action: Attack, view: V) -> str | None:
    return action.ship


def _attack_ship_label(action: Attack, view: V) -> str:
    return ship_label(action.ship, view)


def _attack_fleet(action: Attack, view: V) -> str | None:
    return ",".join(sorted(action.fleet)) or NONE


def _attack_fleet_label(action: Attack, view: V) -> str:
    if not action.fleet:
        return "Alone (no fleet)"
    return "With " + " and ".join(ship_label(s, view) for s in sorted(action.fleet))


def _find_target(text: str | None, view: V) -> str:
    if text is None:
        raise CommandError("Fill in the target.")
    wanted = text.strip().lower()
    if wanted == PIRATES_BAY or wanted in ("pirate's bay", "pirates bay"):
        return PIRATES_BAY
    if _ship(view, wanted) is not None:
        return wanted
    port = _find_port(wanted, view)
    if port is not None:
        return port
    try:
        return _find_ship(text, view, "target")
    except CommandError:
        raise CommandError(f"There is no ship or port called {text!r} to attack.") from None


def _build_attack(typed: Mapping[str, str | None], view: V) -> Attack:
    fleet = (typed.get("fleet") or NONE).strip()
    ships = () if fleet.lower() in (NONE, "alone", "no") else tuple(
        _find_ship(s, view) for s in fleet.split(",") if s.strip())
    return Attack(ship=_find_ship(typed.get("ship"), view), fleet=ships,
                  target=_find_target(typed.get("target"), view))


ATTACK: Command[Attack, V] = Command(
    name="attack", description="Attack a ship or port beside your ship (ends your turn)",
    plays=(Attack,), options=(
        Option[Attack, V]("target", "What to attack", _attack_target, _attack_target_label),
        Option[Attack, V]("ship", "Your lead ship", _attack_ship, _attack_ship_label),
        Option[Attack, V]("fleet", "Your other ships beside the target that join; left out: "
                          "none", _attack_fleet, _attack_fleet_label, required=False,
                          default=NONE),
    ), build=_guarded(_build_attack), unavailable=unavailable.attack)


# --- Captain's Orders and the reaction windows --------------------------------------------------
def _order_card(action: PlayOrder, view: V) -> str | None:
    return action.card


def _order_card_label(action: PlayOrder, view: V) -> str:
    card = empires_content().captain(action.card)
    return f"{card.name}: {card.text}"


def _order_on(action: PlayOrder, view: V) -> str | None:
    if action.die is not None:
        return f"{action.die[0]}-{action.die[1] + 1}"
    return action.ship or NONE


def _order_on_label(action: PlayOrder, view: V) -> str:
    if action.die is not None:
        side, index = action.die
        combat = view.combat
        dice = (combat.attack_dice if side == "attack" else combat.counter_dice) if combat else []
        rolled = f" (a {dice[index]})" if 0 <= index < len(dice) else ""
        what = "attack" if side == "attack" else "counter-attack"
        return f"Re-roll the {what} die {index + 1}{rolled}"
    if action.ship is not None:
        ship = _ship(view, action.ship)
        if ship is None:
            return "a ship no longer afloat"
        return f"{_whose(view, ship.owner).capitalize()} {ship_name(ship, view)}"
    return "No ship or die to pick"


def _build_order(typed: Mapping[str, str | None], view: V) -> PlayOrder:
    card = _find_card(typed.get("card"))
    on = (typed.get("on") or NONE).strip().lower()
    if on == NONE:
        return PlayOrder(card=card)
    die = re.fullmatch(r"(attack|counter)[- ]([0-9]{1,3})", on)
    if die is not None:
        return PlayOrder.model_validate({"card": card, "die": (die[1], int(die[2]) - 1)})
    return PlayOrder(card=card, ship=_find_ship(on, view))


ORDER: Command[PlayOrder, V] = Command(
    name="order", description="Play a Captain's Order (in an attack, or Full Sail on your turn)",
    plays=(PlayOrder,), options=(
        Option[PlayOrder, V]("card", "Which order (the list shows what it does now)",
                             _order_card, _order_card_label),
        Option[PlayOrder, V]("on", "Which ship or die it acts on, when it asks", _order_on,
                             _order_on_label, required=False),
    ), build=_guarded(_build_order))

PASS: Command[Pass, V] = Command(
    name="pass", description="Play no Captain's Order at this point of the attack",
    plays=(Pass,))


# --- the Pirate and the end of the turn ---------------------------------------------------------
def _bribe_amount(action: Bribe, view: V) -> str | None:
    return str(action.amount)


def _bribe_amount_label(action: Bribe, view: V) -> str:
    return f"{action.amount} Gold"


def _build_bribe(typed: Mapping[str, str | None], view: V) -> Bribe:
    text = typed.get("amount")
    words = (text or "").strip().split()
    amount = whole(words[0]) if words else None
    if amount is None:
        raise CommandError(f"A bribe is a whole number of Gold, not {text!r}.")
    return Bribe(amount=amount)


BRIBE: Command[Bribe, V] = Command(
    name="bribe", description="Your secret bribe for the Pirate (only you see it)",
    plays=(Bribe,), options=(
        Option[Bribe, V]("amount", "Gold to bribe with (0 allowed); kept secret until all are "
                         "in", _bribe_amount, _bribe_amount_label, kind="whole", low=0),
    ), build=_guarded(_build_bribe))

END: Command[EndTurn, V] = Command(
    name="end", description="End your turn (or the Pirate's)", plays=(EndTurn,))

COMMANDS: tuple[Command[Any, V], ...] = (PLAY, DISCARD, SAIL, TRADE, BUY, ATTACK, ORDER, PASS,
                                         BRIBE, END)
NOTHING_TO_DECIDE = ("No decision is waiting for you: play your turn with /empires play, "
                     "/empires sail, ... (an attack to answer or a bribe to make is listed "
                     "by /empires decide when it comes).")


# --- help ---------------------------------------------------------------------------------------
def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def figures() -> dict[str, object]:
    """The numbers and lists the help texts quote, from the game's content."""
    r = empires_content().rules
    t = r.turn
    war = r.table_of_war
    s = r.scoring
    ends = "; it ends your turn"
    return {
        "hand_size": r.setup.hand_size,
        "actions": t.actions,
        "discard_for_gold": t.discard_for_gold,
        "buy_cost": cost_text(t.buy_port_cost),
        "buy_ends": ends if t.buy_port_ends_turn else "",
        "attack_ends": ends if t.attack_ends_turn else "",
        "fleet_die": _plural(r.combat.fleet_extra_die_per_ship, "plain die"),
        "pirate_actions": t.pirate_actions,
        "weather_gage": war.weather_gage,
        "war_ships": "; ".join(f"{line.name} attack +{line.attack}, defence {line.defence}"
                               for line in war.ships.values()),
        "war_ports": "; ".join(f"{line.name} defence {line.defence}"
                               for line in war.ports.values()),
        "pirates_bay": war.ports[r.pirate.pirates_bay_defence].name,
        "counter_targets": ", ".join(
            f"{_plural(n, 'attacker')} as a {KIND_NAME[k]}"
            for k, n in r.combat.counter_targets.items()),
        "naval_base_limit": r.combat.naval_base_limit,
        "score_ships": ", ".join(f"{KIND_NAME[k]} {v}" for k, v in s.ships.items()),
        "score_ports": ", ".join(f"{war.ports[k].name} {v}" for k, v in s.ports.items()),
        "gold_per_point": s.gold_per_point,
        "wood_or_steel_per_point": s.wood_or_steel_per_point,
    }


def help_topics() -> tuple[HelpTopic, ...]:
    return load_help("empires/help.yaml", COMMANDS, figures())


@functools.cache
def table() -> CommandTable[EmpiresView]:
    return CommandTable[EmpiresView](
        group=GROUP, description="Play Empires at Sea: one command per action",
        commands=COMMANDS, nothing_to_decide=NOTHING_TO_DECIDE, decisions=DECISION_TYPES,
        help=help_topics())
