"""The standard Empires at Sea bot: a greedy player with rules of thumb.

It sees only its seat's view and legal actions (plus the printed content: map, cards, tables).
It plays its cards for ships, forts, ports and industry, sends each ship towards the best thing
within reach (a free port to buy, or a port selling what buying one lacks, an enemy ship or
port worth its odds, Pirate's Bay once the chest pays for the try), keeps Captain's Orders
for combat, and bribes the Pirate by what commanding it is worth this round.

An attack ends the turn, and is weighed against the actions it gives up, but for one that
does not: the first attack after a Letter of Marque spends an action and the turn goes on, so
a worthwhile one is made before anything else (a port can still be bought, or another attack
made, after it); a History card's free attack, made outside any turn at its bonus, gives up
nothing. Letter of Marque itself is played when the turn has two moves in reach that would
each end it (an attack and a second attack, or a port to buy, or the same attack again should
it fail), for the lesser of the two, which without it would wait.

Cards that add actions are worth them only where the turn has a use for them: Press Gang,
the turn's card, where our ships' plans want more moves than the turn has; Full Sail, an
Order played in the turn, before its last action when that action's move does not end the
turn and more moves are wanted after it (kept otherwise, for a turn that needs it).

The odds of an attack count what the engine's combat counts but the dice and the Orders: the
Weather Gage unless the Weather takes it, the History card's bonuses, the Advancements of
both sides (the defender's Coastal Batteries and Reinforced Hulls, and in the counter-attack
its Crow's Nest and attack bonuses against our own Reinforced Hulls).

Sailing is valued by a potential on the ship's cell (the best target's worth, less with every
sailing move still needed), so a move is made only when it brings the ship nearer its target:
no ship sails back to the square it left while nothing has changed.

``playout_move`` plays the same rules of thumb for a search's playouts, reading the sampled
state itself (the search may read all of a sample) instead of a view and a list of labelled
moves."""

from __future__ import annotations

import functools
from collections import deque
from collections.abc import Callable

from engine.core import Action, Rng, View

from . import actions as A
from .cards import full_sail_orders
from .content import PORT_LEVELS, Cell, Cost, MapSide, empires_content
from .effects import (
    RESOURCES,
    AttackBonus,
    CounterBonus,
    ExtraActions,
    PortDefence,
    Resource,
    ShipDefence,
)
from .legal import actors, attacks, buys, legal_actions
from .rules import (
    NO_SAIL_LIMIT,
    actions_per_turn,
    advancement_bonus,
    attack_banned,
    first_sail_free,
    front_effects,
    history_attack_bonus,
    income,
    port_card,
    ports_beside_ship,
    sail_limit,
    sail_moves,
    sailing_allowed,
    trade_banned,
    weather_gage,
)
from .state import (
    PIRATE,
    PIRATE_ID,
    PIRATES_BAY,
    Combat,
    EmpiresState,
    EmpiresView,
    Pending,
    Player,
    Ship,
    TurnState,
)

CARD_VALUE = {
    "launch_sotl": 30, "launch_frigate": 24, "launch_transport": 14, "naval_base": 20,
    "fortify": 16, "land_ho": 22, "royal_charter": 20, "royal_mint": 15, "shipyard": 14,
    "silver_mine": 13, "sugar_plantation": 13, "iron_works": 12, "lumber_mill": 12,
    "treasure_galleon": 9, "timber_convoy": 8, "iron_shipment": 8, "naval_academy": 11,
    "gunnery_drill": 9, "reinforced_hulls": 8, "copper_sheathing": 7, "trading_company": 6,
    "carronades": 5, "coastal_batteries": 6, "crows_nest": 4, "chronometer": 3, "press_gang": 6,
    "letter_of_marque": 2, "full_sail": 2,
}
KEEP_VALUE = {"decoy": 6, "broadside": 5, "evasive": 5, "double_shot": 4, "weather_gage": 3}
FAR = 99  # sailing moves to a cell no straight line reaches


@functools.cache
def _sum_dist(n: int) -> dict[int, float]:
    dist = {0: 1.0}
    for _ in range(n):
        nxt: dict[int, float] = {}
        for total, p in dist.items():
            for face in range(1, 7):
                nxt[total + face] = nxt.get(total + face, 0.0) + p / 6
        dist = nxt
    return dist


@functools.cache
def p_at_least(dice: int, need: int) -> float:
    return sum(p for t, p in _sum_dist(dice).items() if t >= need)


@functools.cache
def _moves_from(side: MapSide, cell: Cell, limit: int = NO_SAIL_LIMIT) -> dict[Cell, int]:
    """Sailing moves (straight lines over the sea of at most ``limit`` cells, ships ignored)
    from ``cell`` to every sea cell; the same both ways, so it also counts the moves *to*
    ``cell``."""
    b = empires_content().board(side)
    dist = {cell: 0}
    queue = deque([cell])
    while queue:
        here = queue.popleft()
        d = dist[here] + 1
        for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
            x, y = here[0] + dx, here[1] + dy
            for _ in range(limit):
                if (x, y) not in b.sea:
                    break
                if (x, y) not in dist:
                    dist[(x, y)] = d
                    queue.append((x, y))
                x, y = x + dx, y + dy
    return dist


def _by_worth(side: MapSide, worth_at: dict[Cell, float], limit: int
              ) -> list[tuple[float, dict[Cell, int]]]:
    """(worth, sailing moves to the cell from everywhere, of at most ``limit`` cells each) per
    target cell, the most worth first."""
    return sorted(((w, _moves_from(side, c, limit)) for c, w in worth_at.items()),
                  key=lambda t: -t[0])


@functools.cache
def _beside(side: MapSide, cell: Cell) -> tuple[Cell, ...]:
    return tuple(empires_content().board(side).sea_beside(cell))


class StandardBot:
    def choose(self, view: View, legal: list[Action], rng: Rng) -> Action:
        assert isinstance(view, EmpiresView)
        ctx = _Ctx(view, view.viewer if view.viewer is not None else 0, rng)
        return _best(ctx, legal, rng)


def _best(ctx: _Ctx, legal: list[Action], rng: Rng) -> Action:
    """The move of most worth (``_values``), chance choosing among equals."""
    scored = [(v, i) for i, v in enumerate(_values(ctx, legal))]
    best = max(v for v, _ in scored)
    return rng.choice([legal[i] for v, i in scored if v >= best - 1e-9])


class _Table:
    """What is on the table in a full state, read where the bot reads a view (the fields its
    rules of thumb use, shared with the state, not copied): for quick playout moves on a
    search's sampled state, which may be read whole."""

    def __init__(self, state: EmpiresState) -> None:
        self.side: MapSide = state.side
        self.ships: list[Ship] = state.ships
        self.players: list[Player] = state.players
        self.port_owners: dict[str, int | None] = {k: v.owner for k, v in state.ports.items()}
        self.port_forts: dict[str, int] = {k: v.forts for k, v in state.ports.items() if v.forts}
        self.chest: int = state.chest
        self.round: int = state.round
        self.rounds: int = state.rounds
        self.pirate_afloat: bool = state.pirate_afloat
        self.weather: str | None = state.weather
        self.history: str | None = state.history
        self.turn_state: TurnState | None = state.turn_state
        self.combat: Combat | None = state.combat
        self.pending: list[Pending] = state.pending


Seen = EmpiresView | _Table  # what one decision reads: a seat's view, or a sampled state


class _Ctx:
    """One decision's view, with what several actions' values share worked out once."""

    def __init__(self, view: Seen, me: int, rng: Rng) -> None:
        self.view = view
        self.me = me
        self.rng = rng
        self.ships = {s.id: s for s in view.ships}
        self.board = empires_content().board(view.side)
        self.occupied = {s.cell for s in view.ships}
        # a target one long line away is several moves away while the Weather shortens them
        self.sail_limit = sail_limit(view.weather)
        self._targets: dict[str, list[tuple[float, dict[Cell, int]]]] = {}
        self._bribe: int | None = None
        self._potential: dict[tuple[str, Cell], float] = {}
        self._worth_at: dict[str, dict[Cell, float]] = {}
        self._by_kind: dict[tuple[int, str], tuple[dict[Cell, float], dict[Cell, float],
                                                   list[tuple[float, dict[Cell, int]]]]] = {}

    @property
    def actions_left(self) -> int:
        t = self.view.turn_state
        return t.actions if t is not None else 0

    def targets(self, ship: Ship) -> list[tuple[float, dict[Cell, int]]]:
        """What ``ship`` wants to reach: (worth of being there, sailing moves to there from
        every cell), one per target cell, the most worth first; none where another ship is."""
        found = self._targets.get(ship.id)
        if found is None:
            side = self.view.side
            # what a ship wants depends on its side and kind alone, but for the cell it is on
            shared = self._by_kind.get((ship.owner, ship.kind))
            if shared is None:
                every: dict[Cell, float] = {}
                for cell, worth in _ship_targets(self, ship):
                    if worth > every.get(cell, 0.0):
                        every[cell] = worth
                free = {c: w for c, w in every.items() if c not in self.occupied}
                shared = every, free, _by_worth(side, free, self.sail_limit)
                self._by_kind[(ship.owner, ship.kind)] = shared
            every, best, found = shared
            here = every.get(ship.cell)
            if here is not None:
                best = {**best, ship.cell: here}
                found = _by_worth(side, best, self.sail_limit)
            self._worth_at[ship.id] = best
            self._targets[ship.id] = found
        return found

    def potential(self, ship: Ship, cell: Cell) -> float:
        """The best target's worth, halved, thirded ... by the sailing moves still needed."""
        key = (ship.id, cell)
        best = self._potential.get(key)
        if best is None:
            targets = self.targets(ship)
            # the target here, if any, then the others, each a move away or more: the same
            # best as trying every target, found with fewer tries
            best = self._worth_at[ship.id].get(cell, 0.0)
            for worth, moves in targets:
                if worth <= 2 * best:
                    break  # sorted: no later target can do better
                value = worth / (1 + moves.get(cell, FAR))
                if value > best:
                    best = value
            self._potential[key] = best
        return best


# ------------------------------------------------------------------ helpers on the view
# The combat odds read the modifiers ``combat`` counts (``attack_total``, ``target_defence``,
# ``counter_total``, ``attacker_defence``) from what the bot sees, with the rules' own
# questions for the Weather Gage and the History card's bonuses; only the dice and the
# Captain's Orders (unknown until played) are left out.
def _attack_bonus(ctx: _Ctx, ship: Ship, target: str) -> int:
    """What ``ship`` adds to its attack die against ``target`` (``combat.attack_total``): its
    kind's bonus, its owner's Advancements, the Weather Gage but where the Weather takes it
    (Fog), and the History card's bonus for its nation against the target's (a ports-only one
    against a port or Pirate's Bay); the Pirate gets no Advancements and no nation's bonus."""
    view = ctx.view
    bonus = empires_content().rules.table_of_war.ships[ship.kind].attack
    bonus += advancement_bonus(view, ship, AttackBonus) + weather_gage(view)
    if ship.owner != PIRATE:
        defender = None if target == PIRATES_BAY else _owner(ctx, target)
        bonus += history_attack_bonus(view, ship.owner, defender, target not in ctx.ships)
    return bonus


def _defence(ctx: _Ctx, target: str) -> int:
    """The target's defence (``combat.target_defence``): a ship's with its owner's Reinforced
    Hulls, a port's by its Fort tokens with its owner's Coastal Batteries."""
    war = empires_content().rules.table_of_war
    if target in ctx.ships:
        ship = ctx.ships[target]
        return war.ships[ship.kind].defence + advancement_bonus(ctx.view, ship, ShipDefence)
    if target == PIRATES_BAY:
        return war.ports[empires_content().rules.pirate.pirates_bay_defence].defence
    forts = ctx.view.port_forts.get(target, 0)
    owner = ctx.view.port_owners.get(target)
    extra = 0 if owner is None else sum(
        e.amount for e in front_effects(ctx.view, owner) if isinstance(e, PortDefence))
    return war.ports[PORT_LEVELS[min(forts, 2)]].defence + extra


def _port_points(ctx: _Ctx, port: str) -> float:
    scoring = empires_content().rules.scoring
    forts = ctx.view.port_forts.get(port, 0)
    return scoring.ports[PORT_LEVELS[min(forts, 2)]] + \
        ctx.board.ports[port].icons * 1.0


def _target_value(ctx: _Ctx, target: str) -> float:
    """What winning an attack on ``target`` is worth to the attacker, in points: a sunk ship
    is taken (it scores for the winner and no longer for its owner), a port changes hands,
    the chest's Gold is 1 point a pair."""
    scoring = empires_content().rules.scoring
    if target in ctx.ships:
        return scoring.ships[ctx.ships[target].kind] * 2.0
    if target == PIRATES_BAY:
        return ctx.view.chest / 2 + 1
    return _port_points(ctx, target) * 2.0


def _counter_risk(ctx: _Ctx, lead: Ship, target: str) -> float:
    """The expected loss from the target's counter-attack on the lead ship."""
    if target not in ctx.ships:
        return 0.0  # ports, forts and naval bases do not counter-attack
    war = empires_content().rules.table_of_war
    view = ctx.view
    defender = ctx.ships[target]
    # ``combat.counter_total``: the die, the ship bonus, the defender's Advancements that add
    # to attack or to counter-attack, its nation's History bonus against ours (no Weather Gage)
    counter = war.ships[defender.kind].attack + advancement_bonus(view, defender, CounterBonus) \
        + advancement_bonus(view, defender, AttackBonus)
    if defender.owner != PIRATE:
        them = None if lead.owner == PIRATE else lead.owner
        counter += history_attack_bonus(view, defender.owner, them, False)
    # it sinks the lead when greater than its defence (``combat.attacker_defence``)
    hold = war.ships[lead.kind].defence + advancement_bonus(view, lead, ShipDefence)
    p = p_at_least(1, hold + 1 - counter)
    return p * empires_content().rules.scoring.ships[lead.kind] * 2


def _enemy_targets(ctx: _Ctx, pirate: bool) -> list[tuple[str, Cell]]:
    """(target, its cell) of every enemy ship and port; for the Pirate, not our own."""
    me = ctx.me
    found = [(s.id, s.cell) for s in ctx.view.ships if s.owner != me
             and not (pirate and s.owner == PIRATE)]
    found += [(p, ctx.board.ports[p].cell) for p, o in ctx.view.port_owners.items()
              if o is not None and o != me]
    return found


def _bay_odds(ctx: _Ctx, ship: Ship) -> float:
    """The odds of taking Pirate's Bay led by ``ship``, with a second ship beside it if we
    have one (the bay has room for two)."""
    need = _defence(ctx, PIRATES_BAY) - _attack_bonus(ctx, ship, PIRATES_BAY)
    mine = sum(1 for s in ctx.view.ships if s.owner == ctx.me)
    return p_at_least(2 if mine >= 2 else 1, need)


def _ship_targets(ctx: _Ctx, ship: Ship) -> list[tuple[Cell, float]]:
    view, b = ctx.view, ctx.board
    side = view.side
    found: list[tuple[Cell, float]] = []
    if ship.id == PIRATE_ID:
        for target, cell in _enemy_targets(ctx, True):
            worth = _pirate_ev(ctx, ship, target, _attack_bonus(ctx, ship, target))
            if worth > 0:
                found += [(c, worth) for c in _beside(side, cell)]
        return found
    p = view.players[ctx.me]
    short = _short_for_a_port(ctx)
    can_buy = not short and p.cubes > 0
    free = [b.ports[port_id] for port_id, owner in view.port_owners.items() if owner is None]
    if p.cubes > 0 and free:
        if ship.kind == "transport" or can_buy:
            # a port that cannot be paid for is worth waiting beside while the production
            # will bring what is missing; not when nothing brings it (a Wood-less nation
            # with no Wood coming would wait there all game)
            coming = _income(ctx)
            wait = 0.6 if all(coming[r] > 0 for r in short) else 0.2
            for card in free:
                worth = (8.0 + card.icons) * (1.0 if can_buy else wait)
                found += [(c, worth) for c in _beside(side, card.cell)]
        # short of what a port costs but with some to spare: a port that sells what is
        # missing is the way to a port bought (a trade there, then the sail to the port)
        if short and _spare(ctx) and ship.kind == "transport":
            worth = 0.8 * max(8.0 + card.icons for card in free)
            for card in b.ports.values():
                if card.produces in short:
                    found += [(c, worth) for c in _beside(side, card.cell)]
    for target, cell in _enemy_targets(ctx, False):
        odds = p_at_least(1, _defence(ctx, target) - _attack_bonus(ctx, ship, target))
        worth = odds * _target_value(ctx, target) - _counter_risk(ctx, ship, target)
        if worth > 1:
            found += [(c, worth) for c in _beside(side, cell)]
    if view.chest >= 6:
        worth = _bay_odds(ctx, ship) * _target_value(ctx, PIRATES_BAY)
        if worth > 1:
            found += [(c, worth) for c in _beside(side, b.pirates_bay)]
    return found


def _short_for_a_port(ctx: _Ctx) -> list[Resource]:
    """The resources we lack to buy a port (1 Gold, 1 Steel, 1 Wood)."""
    p = ctx.view.players[ctx.me]
    cost = empires_content().rules.turn.buy_port_cost
    return [r for r in RESOURCES if getattr(p, r) < getattr(cost, r)]


def _spare(ctx: _Ctx) -> bool:
    """Whether we hold a resource we can trade away and keep one (as ``_trade`` asks)."""
    p = ctx.view.players[ctx.me]
    return any(getattr(p, r) >= 2 for r in RESOURCES)


def _income(ctx: _Ctx) -> dict[Resource, int]:
    """What each production brings us: our ports' icons and our Industry cards."""
    return income(ctx.board, [p for p, o in ctx.view.port_owners.items() if o == ctx.me],
                  ctx.view.players[ctx.me].in_front)


def _pirate_ev(ctx: _Ctx, pirate: Ship, target: str, bonus: int) -> float:
    """What a Pirate attack on ``target`` is worth to the seat commanding it: the target is
    destroyed, costing its owner; a Ship of the Line may sink the Pirate, which scores for
    the one who sinks it."""
    scoring = empires_content().rules.scoring
    odds = p_at_least(1, _defence(ctx, target) - bonus)
    if target in ctx.ships:
        loss = float(scoring.ships[ctx.ships[target].kind])
    else:
        loss = _port_points(ctx, target) + 1
    risk = _counter_risk(ctx, pirate, target) / 2  # a point lost to another, not to us
    return odds * loss - risk


# ------------------------------------------------------------------ attacks that keep the turn
ACTION = 0.5  # what an action of a turn is worth, as an attack that ends the turn counts it
FIRST = 100.0  # above any other move of a turn: an attack that keeps the turn is made first


def _free_attack(ctx: _Ctx) -> Pending | None:
    """The History card's free attack offered to us now, if any: it is made at once, at its
    bonus, outside any turn (no turn ends with it)."""
    pending = ctx.view.pending
    if pending and pending[0].kind == "free_attack" and pending[0].seat == ctx.me:
        return pending[0]
    return None


def _keeps_turn(ctx: _Ctx) -> bool:
    """Whether our attack made now leaves our turn going on: the first one after a Letter of
    Marque (``legal.attacks`` labels it "Letter of Marque: your turn goes on")."""
    t = ctx.view.turn_state
    return t is not None and t.seat == ctx.me and not t.pirate and t.keep_turn_on_attack \
        and not ctx.view.pending


def _actions_coming(ctx: _Ctx) -> int:
    """The actions our turn has, or will have once its Captain's card is played (the rules'
    ``actions_per_turn`` and ``first_sail_free``, which read only what the view shows too)."""
    t = ctx.view.turn_state
    if t is None:
        return 0
    if t.stage == "actions":
        return t.actions
    return t.actions + actions_per_turn(ctx.view, ctx.me) + first_sail_free(ctx.view, ctx.me)


def _may_attack(ctx: _Ctx, defender: int | None) -> bool:
    """The rules' ``attack_banned``: the History card's ban or truce."""
    return attack_banned(ctx.view, ctx.me, defender) is None


def _moves_to(ctx: _Ctx, ship: Ship, cell: Cell) -> int:
    """Sailing moves for ``ship`` to a free sea cell beside ``cell`` (0 where it is beside
    it), ships in the way ignored; FAR when none reaches."""
    side = ctx.view.side
    beside = _beside(side, cell)
    if ship.cell in beside:
        return 0
    if not sailing_allowed(ctx.view):
        return FAR
    return min((_moves_from(side, c, ctx.sail_limit).get(ship.cell, FAR) for c in beside
                if c not in ctx.occupied), default=FAR)


Ender = tuple[str, float, int, float]  # (what: a target or a port, worth, moves, odds)


def _enders_in_reach(ctx: _Ctx, actions: int, paid: Cost) -> tuple[list[Ender], list[Ender]]:
    """The moves that end a turn which our ships can make this turn, with an action to spare
    after them: (attacks worth making by ships beside their target now, ``_ship_targets``'
    worth with the fleet dice ``_attack`` counts; ports to buy with what is left once ``paid``
    is paid, sailing there first).

    An attack that needs sailing first is left out: the turn's moves would seldom make it, as
    a ship sails for the most worth near it, mostly a port to buy (counting such attacks, a
    third of the Letters the bot played in 100 games went unused)."""
    view = ctx.view
    mine = [s for s in view.ships if s.owner == ctx.me]
    attacks: list[Ender] = []
    buys: list[Ender] = []
    p = view.players[ctx.me]
    cost = empires_content().rules.turn.buy_port_cost
    can_buy = p.cubes > 0 and all(getattr(p, r) - getattr(paid, r) >= getattr(cost, r)
                                  for r in RESOURCES)
    free = [port for port, owner in view.port_owners.items() if owner is None] \
        if can_buy else []
    targets = [(t, cell) for t, cell in _enemy_targets(ctx, False)
               if _may_attack(ctx, _owner(ctx, t))]
    if _may_attack(ctx, None):
        targets.append((PIRATES_BAY, ctx.board.pirates_bay))
    for ship in mine:
        for target, cell in targets:
            beside = _beside(view.side, cell)
            if actions < 2 or ship.cell not in beside:
                continue
            # led by this ship, with every other of ours beside the target (as ``_attack``
            # weighs the fleet attack)
            dice = sum(1 for s in mine if s.cell in beside)
            odds = p_at_least(dice, _defence(ctx, target) - _attack_bonus(ctx, ship, target))
            worth = odds * _target_value(ctx, target) - _counter_risk(ctx, ship, target)
            if worth > 1 and odds >= 0.15:
                attacks.append((target, worth, 0, odds))
        for port in free:
            moves = _moves_to(ctx, ship, ctx.board.ports[port].cell)
            if moves + 2 <= actions:
                buys.append((port, 8.0 + ctx.board.ports[port].icons, moves, 1.0))
    return attacks, buys


def _marque_gain(ctx: _Ctx, paid: Cost) -> float:
    """What a Letter of Marque adds to this turn, in the units of a turn's moves. Without it
    an attack ends the turn, so of two moves that each end it only one is made; with it the
    attack comes first and the turn goes on to the other: a second attack, a port bought, or
    the same attack tried again should it fail. The gain is the lesser move of the best such
    pair our ships can reach this turn; none without an attack worth making at once with an
    action left after it (the Letter is then a Gold and the turn's card for nothing)."""
    actions = _actions_coming(ctx)
    attacks, buys = _enders_in_reach(ctx, actions, paid)
    gain = 0.0
    for target, worth, moves, odds in attacks:
        gain = max(gain, (1 - odds) * worth)  # the same attack again, should it fail
        for other, worth2, moves2, _ in [*attacks, *buys]:
            if other != target and moves + moves2 + 2 <= actions:
                gain = max(gain, min(worth, worth2))
    return gain


# ------------------------------------------------------------------ actions added to a turn
KEEP = -1.0  # below ending the turn: a Full Sail whose actions would have no use is kept


def _plan(ctx: _Ctx, ship: Ship) -> tuple[Cell, int] | None:
    """The target ``potential`` sails ``ship`` for (the most worth once divided by one more
    than the sailing moves to it): its cell and those moves; None with nothing in reach."""
    ctx.targets(ship)  # works out ``_worth_at``
    sailing = sailing_allowed(ctx.view)
    best, found = 0.0, None
    for cell, worth in ctx._worth_at[ship.id].items():
        moves = _moves_from(ctx.view.side, cell, ctx.sail_limit).get(ship.cell, FAR)
        if moves >= FAR or (moves and not sailing):
            continue
        if worth / (1 + moves) > best:
            best, found = worth / (1 + moves), (cell, moves)
    return found


def _act_at(ctx: _Ctx, cell: Cell) -> bool:
    """Whether a ship at ``cell`` has a move to make there: a free port beside it to buy (paid
    for), an enemy ship or port (or Pirate's Bay with Gold in its chest) to attack, a trade
    that evens out the purse (as ``_trade_worth`` has it)."""
    view, side = ctx.view, ctx.view.side
    p = view.players[ctx.me]
    have = {"gold": p.gold, "wood": p.wood, "steel": p.steel}
    can_buy = not _short_for_a_port(ctx) and p.cubes > 0
    for port_id, card in ctx.board.ports.items():
        if port_id not in view.port_owners or cell not in _beside(side, card.cell):
            continue
        owner = view.port_owners[port_id]
        if owner is None and can_buy:
            return True
        if owner is not None and owner != ctx.me and _may_attack(ctx, owner):
            return True
        if any(_trade_worth(have, give, card.produces) > 0 for give in RESOURCES):
            return True
    if any(s.owner != ctx.me and cell in _beside(side, s.cell) and _may_attack(ctx, _owner(
            ctx, s.id)) for s in view.ships):
        return True
    return view.chest >= 6 and cell in _beside(side, ctx.board.pirates_bay) \
        and _may_attack(ctx, None)


def _demand(ctx: _Ctx) -> int:
    """The actions our ships' plans want this turn: the sailing moves each still needs to its
    target (``_plan``), and one more where a target has a move to make there (a port bought
    or an attack ends the turn, so one such move is counted)."""
    total, act = 0, False
    for ship in ctx.view.ships:
        if ship.owner != ctx.me:
            continue
        plan = _plan(ctx, ship)
        if plan is not None:
            total += plan[1]
            act = act or _act_at(ctx, plan[0])
    return total + int(act)


def _extra_actions_worth(ctx: _Ctx, value: float, extra: int) -> float:
    """A card adding ``extra`` actions to the turn it is played in (Press Gang), as the turn's
    card: its value (``CARD_VALUE``) stands for every added action put to use; each our ships'
    plans leave idle takes its share off, down to a card with no use (1) when none has one."""
    useful = max(0, min(extra, _demand(ctx) - _actions_coming(ctx)))
    return 1.0 + (value - 1.0) * useful / extra


def _full_sail(ctx: _Ctx, others: list[tuple[float, object]]) -> float:
    """Full Sail (+2 actions, an Order played in the turn at no cost) among the turn's other
    moves, each (value, move): played before the turn's last action (``KEEP`` while more are
    left, which may yet be spent or the turn ended by a port bought or an attack), and only
    where that action's move is worth making, does not end the turn itself, and leaves our
    ships' plans more to do (``_demand``). Otherwise the actions would have no use, and the
    card is kept for a turn they have one (before, it was valued as ending the turn, and the
    choice between the two was left to chance)."""
    if ctx.actions_left != 1 or not others:
        return KEEP
    best, move = max(others, key=lambda o: o[0])
    if best <= 0 or isinstance(move, (A.BuyPort, A.Attack, A.EndTurn)):
        return KEEP
    return best + 0.5 if _demand(ctx) >= 2 else KEEP


# ------------------------------------------------------------------ valuing one action
def _value(ctx: _Ctx, a: Action) -> float:
    handler = HANDLERS.get(type(a))
    return handler(ctx, a) if handler else 0.0


def _values(ctx: _Ctx, legal: list[Action]) -> list[float]:
    """``_value`` of every move, Full Sail's (an Order played outside combat) weighed against
    the others (``_full_sail``)."""
    values = [_value(ctx, a) for a in legal]
    if ctx.view.combat is None:
        orders = {i for i, a in enumerate(legal) if isinstance(a, A.PlayOrder)}
        if orders:
            worth = _full_sail(ctx, [(v, a) for i, (v, a) in enumerate(zip(values, legal,
                                                                          strict=True))
                                     if i not in orders])
            for i in orders:
                values[i] = worth
    return values


def _play_card(ctx: _Ctx, a: Action) -> float:
    assert isinstance(a, A.PlayCard)
    value: float = CARD_VALUE.get(a.card, 1)
    if a.port is not None:
        card = ctx.board.ports[a.port]
        value += card.icons + (1 if card.produces == "gold" else 0)
    captain = empires_content().captain(a.card)
    extra = sum(e.amount for e in captain.effects if isinstance(e, ExtraActions))
    if extra > 0:
        value = _extra_actions_worth(ctx, value, extra)
    if any(e.effect == "attack_keeps_turn" for e in captain.effects):
        # Letter of Marque is worth what it lets the turn do besides: a card counts about
        # twice a turn's move (Land Ho! 22, a port bought 8 and its icons)
        value += 2 * _marque_gain(ctx, captain.cost_of())
    return value


def _discard(ctx: _Ctx, a: Action) -> float:
    assert isinstance(a, A.DiscardCard)
    return 5.0 - KEEP_VALUE.get(a.card, 0) - CARD_VALUE.get(a.card, 0) / 4


def _sail(ctx: _Ctx, a: Action) -> float:
    assert isinstance(a, A.Sail)
    ship = ctx.ships[a.ship]
    gain = ctx.potential(ship, a.to) - ctx.potential(ship, ship.cell)
    return 1.0 + gain if gain > 1e-9 else -1.0


def _trade(ctx: _Ctx, a: Action) -> float:
    assert isinstance(a, A.Trade)
    p = ctx.view.players[ctx.me]
    have = {"gold": p.gold, "wood": p.wood, "steel": p.steel}
    get = ctx.board.ports[a.port].produces
    return _trade_worth(have, a.give, get)


USELESS_TRADE = -3.0  # below every other move, ending the turn and an idle Sailing too


def _trade_worth(have: dict[str, int], give: str, get: str) -> float:
    """A trade gains only where it evens out the purse: it pays a resource we hold two or
    more of for one we hold less than two of. Any other (for Steel while holding ten) is an
    action wasted, and ranked below every other move, so that a search the standard bot
    guides spends no playouts on it while it has other moves to try."""
    if have[give] <= 1 or have[get] >= 2:
        return USELESS_TRADE
    return 2.0 + (have[give] - have[get]) * 0.5


def _buy(ctx: _Ctx, a: Action) -> float:
    assert isinstance(a, A.BuyPort)
    return 8.0 + ctx.board.ports[a.port].icons


def _attack(ctx: _Ctx, a: Action) -> float:
    assert isinstance(a, A.Attack)
    lead = ctx.ships[a.ship]
    bonus = _attack_bonus(ctx, lead, a.target)
    if a.ship == PIRATE_ID:
        ev = _pirate_ev(ctx, lead, a.target, bonus)
        return 1.0 + ev if ev > 0.5 else -1.0
    free = _free_attack(ctx)
    if free is not None:
        bonus += free.bonus
    odds = p_at_least(1 + len(a.fleet), _defence(ctx, a.target) - bonus)
    expected = odds * _target_value(ctx, a.target) - _counter_risk(ctx, lead, a.target)
    if odds < 0.15:
        return -5.0
    if free is not None:
        # a History card's free attack is made outside any turn and spends no action: it
        # gives nothing up (declining it is worth 0)
        return expected if expected > 0 else -5.0
    if _keeps_turn(ctx) and ctx.actions_left >= 2:
        # Letter of Marque: the attack spends one action and the turn goes on (to sail, trade,
        # buy or attack again), so a worthwhile one is made before anything else: a port
        # bought or another attack first would end the turn and forfeit it
        ev = expected - ACTION
        return FIRST + ev if ev > 0 else -5.0
    # the attack ends the turn: the actions left are given up
    cost = 1.0 + ACTION * max(0, ctx.actions_left - 1)
    ev = expected - cost
    return ev if ev > 0 else -5.0


def _window(ctx: _Ctx, a: Action) -> float:
    c = ctx.view.combat
    if c is None or isinstance(a, A.Pass):
        return 0.0
    assert isinstance(a, A.PlayOrder)
    card = a.card
    attacking = c.attacker == ctx.me
    if c.stage != "rolled":
        if card == "decoy" and not attacking:
            return 2.0
        return -1.0
    # after the roll: spend an order only where it turns the result
    lead = ctx.ships.get(c.ships[0])
    if lead is None:
        return -1.0
    attack = sum(c.attack_dice) + c.attack_mod + c.bonus + _attack_bonus(ctx, lead, c.target) \
        - (weather_gage(ctx.view) if c.gage_lost else 0)
    defence = _defence(ctx, c.target) + c.defence_mod
    success = attack >= defence
    if attacking and not success:
        gap = defence - attack
        if card == "broadside" and gap <= 2:
            return 3.0
        if card == "double_shot" and a.die and a.die[0] == "attack" and \
                c.attack_dice[a.die[1]] <= 3 and gap <= 3:
            return 2.0 - c.attack_dice[a.die[1]] * 0.1
    if not attacking and success:
        gap = attack - defence
        if card == "decoy":
            return 3.0
        if card == "evasive" and a.ship is None and gap <= 1:
            return 2.5
        if card == "double_shot" and a.die and a.die[0] == "attack":
            return 1.0
    return -1.0


def pirate_worth(ctx: _Ctx) -> float:
    """What commanding the Pirate this round is worth to us, in Gold (2 Gold a point): the
    best attack it can reach on an enemy, and keeping it off our own ships and ports."""
    view, me = ctx.view, ctx.me
    pirate = ctx.ships.get(PIRATE_ID)
    if pirate is None or not view.pirate_afloat:
        return 0.0
    reach = max(1, empires_content().rules.turn.pirate_actions)  # sailing moves, then attack
    moves = _moves_from(view.side, pirate.cell, ctx.sail_limit)
    gain = guard = 0.0
    for target, cell in [*_enemy_targets(ctx, True), *_own_targets(ctx)]:
        near = min((moves.get(c, FAR) for c in ctx.board.sea_beside(cell)), default=FAR)
        if near >= reach:
            continue
        ev = _pirate_ev(ctx, pirate, target, _attack_bonus(ctx, pirate, target))
        if _owner(ctx, target) == me:
            guard = max(guard, ev)
        else:
            gain = max(gain, ev)
    rivals = max(1, len(view.players) - 1)
    # in a bigger game the Pirate hurts one rival of several, and another rival may take it
    return 2.0 * (gain * (1.0 if rivals == 1 else 0.7) + guard / rivals)


def _own_targets(ctx: _Ctx) -> list[tuple[str, Cell]]:
    found = [(s.id, s.cell) for s in ctx.view.ships if s.owner == ctx.me]
    found += [(p, ctx.board.ports[p].cell) for p, o in ctx.view.port_owners.items()
              if o == ctx.me]
    return found


def _owner(ctx: _Ctx, target: str) -> int | None:
    if target in ctx.ships:
        return ctx.ships[target].owner
    return ctx.view.port_owners.get(target)


def _bribe_target(ctx: _Ctx) -> int:
    """A sealed bid by what the Pirate is worth this round: each amount is weighed by the odds
    that it beats the others (each thought to bid anything up to what the Pirate is worth, as
    far as their purse goes) against the Gold it costs; among the amounts nearly as good as the
    best, the rng picks, as a person varies their bids. Never more than outbids every purse."""
    if ctx._bribe is None:
        view, me = ctx.view, ctx.me
        gold = view.players[me].gold
        worth = pirate_worth(ctx)
        rivals = [view.players[s].gold for s in range(len(view.players)) if s != me]
        top = min(gold, max(rivals, default=0) + 1)
        if worth < 1 or top <= 0:
            ctx._bribe = 0
            return 0
        caps = [min(g, int(worth + 0.5)) for g in rivals]
        # the chest's Gold may be won back at Pirate's Bay, but not after the last round's
        # bribe: then every Gold bid is a Gold (half a point) lost
        cost = 1.0 if view.round >= view.rounds else 0.6
        evs = []
        for bid in range(top + 1):
            p_win = 1.0
            for cap in caps:
                p_win *= min(1.0, bid / (cap + 1))
            evs.append(p_win * worth - cost * bid)
        best = max(evs)
        margin = 0.2 + 0.1 * worth
        near = [bid for bid, ev in enumerate(evs) if ev >= best - margin]
        ctx._bribe = ctx.rng.choice(near)
    return ctx._bribe


def _bribe(ctx: _Ctx, a: Action) -> float:
    assert isinstance(a, A.Bribe)
    return -abs(a.amount - _bribe_target(ctx))


def _end_turn(ctx: _Ctx, a: Action) -> float:
    return 0.0


def _counter(ctx: _Ctx, a: Action) -> float:
    assert isinstance(a, A.CounterTargets)
    war = empires_content().rules.table_of_war
    return sum(10 - war.ships[ctx.ships[s].kind].defence for s in a.ships if s in ctx.ships) \
        + len(a.ships)


def _claim(ctx: _Ctx, a: Action) -> float:
    assert isinstance(a, A.ClaimPort)
    return 5.0 + ctx.board.ports[a.port].icons


def _choose(ctx: _Ctx, a: Action) -> float:
    assert isinstance(a, A.ChooseResource)
    p = ctx.view.players[ctx.me]
    return -float({"gold": p.gold, "wood": p.wood, "steel": p.steel}[a.resource])


HANDLERS: dict[type, Callable[[_Ctx, Action], float]] = {
    A.PlayCard: _play_card, A.DiscardCard: _discard, A.Sail: _sail, A.Trade: _trade,
    A.BuyPort: _buy, A.Attack: _attack, A.PlayOrder: _window, A.Pass: _window,
    A.Bribe: _bribe, A.EndTurn: _end_turn, A.CounterTargets: _counter, A.ClaimPort: _claim,
    A.ChooseResource: _choose,
    A.Launch: lambda c, a: 5.0, A.Relocate: lambda c, a: 1.0,
    A.Decline: lambda c, a: 0.0, A.Draw: lambda c, a: 1.0,
    A.DiscardOrder: lambda c, a: -1.0,
}


# ------------------------------------------------------------------ quick moves for playouts
def playout_move(state: EmpiresState, seat: int, rng: Rng) -> Action | None:
    """The standard bot's move for ``seat`` read straight from a full (sampled) state, for a
    search's playouts: the same rules of thumb, but a turn's actions are weighed without
    building every move and its label, and a bribe is named at once. ``None`` when ``seat``
    has nothing to do."""
    if seat not in actors(state):
        return None
    ctx = _Ctx(_Table(state), seat, rng)
    turn = state.turn_state
    if state.combat is None and not state.pending:
        if state.phase == "bribe":
            return A.Bribe(amount=_bribe_target(ctx))
        if turn is not None and state.phase in ("turns", "pirate") and \
                (turn.pirate or turn.stage == "actions"):
            return _turn_move(state, seat, ctx, turn)
    legal = legal_actions(state, seat)
    if not legal:
        return None
    return _best(ctx, legal, rng)


Option = tuple[float, Action | Callable[[], Action]]  # a move, or how to build it once chosen


def _turn_move(state: EmpiresState, seat: int, ctx: _Ctx, turn: TurnState) -> Action:
    """What ``legal_actions`` offers in a turn's action stage, each weighed as ``_value``
    weighs it, but a move is built only once chosen."""
    options: list[Option] = [(0.0, A.EndTurn())]
    orders: list[A.PlayOrder] = []
    if turn.pirate:
        pirate = state.ship(PIRATE_ID)
        mine = [pirate] if pirate is not None else []
    else:
        mine = [s for s in state.ships if s.owner == seat]
        orders = full_sail_orders(state, seat)
    if turn.actions > 0 and mine:
        turning = not turn.pirate and not turn.turned and any(
            e.effect == "turning_sail" for e in front_effects(state, seat))
        if sailing_allowed(state):
            for ship in mine:
                here = ctx.potential(ship, ship.cell)
                for to, via in sail_moves(state, ship, turning=turning):
                    gain = ctx.potential(ship, to) - here
                    options.append((1.0 + gain if gain > 1e-9 else -1.0,
                                    functools.partial(A.Sail, ship=ship.id, to=to, via=via)))
        if not turn.pirate:
            options += _trade_options(state, seat, ctx, mine)
            options += [(_buy(ctx, a), a) for a in buys(state, seat, mine)]
        options += [(_attack(ctx, a), a) for a in attacks(state, seat, mine, labels=False)]
    if orders:
        # a Sailing or a Trade is built once chosen: neither ends the turn, as ``_full_sail``
        # asks of the move Full Sail is weighed against
        worth = _full_sail(ctx, [(v, move) for v, move in options])
        options += [(worth, o) for o in orders]
    best = max(v for v, _ in options)
    chosen = ctx.rng.choice([move for v, move in options if v >= best - 1e-9])
    return chosen if isinstance(chosen, Action) else chosen()


def _trade_options(state: EmpiresState, seat: int, ctx: _Ctx, mine: list[Ship]
                   ) -> list[Option]:
    """The trades ``legal.trades`` offers, valued as ``_trade`` values them, but for paying
    the resource the port produces, which gains only while a card raises trades (the search
    weighs those)."""
    player = state.players[seat]
    have = {"gold": player.gold, "wood": player.wood, "steel": player.steel}
    found: list[Option] = []
    for port_id in sorted({p for s in mine for p in ports_beside_ship(state, s)}):
        if trade_banned(state, seat, port_id):
            continue
        get = port_card(state, port_id).produces
        for give in RESOURCES:
            if give != get and have[give] > 0:
                value = _trade_worth(have, give, get)
                found.append((value, functools.partial(A.Trade, port=port_id, give=give)))
    return found
