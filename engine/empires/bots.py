"""The standard Empires at Sea bot: a greedy player with rules of thumb.

It sees only its seat's view and legal actions (plus the printed content: map, cards, tables).
It plays its cards for ships, forts, ports and industry, heads for free ports and buys them,
attacks when the odds favour it, keeps Captain's Orders for combat, and bribes modestly."""

from __future__ import annotations

import functools
from collections.abc import Callable

from engine.core import Action, Rng, View

from . import actions as A
from .content import empires_content
from .state import PIRATE_ID, PIRATES_BAY, EmpiresView, Ship

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


def p_at_least(dice: int, need: int) -> float:
    return sum(p for t, p in _sum_dist(dice).items() if t >= need)


class StandardBot:
    def choose(self, view: View, legal: list[Action], rng: Rng) -> Action:
        assert isinstance(view, EmpiresView)
        me = view.viewer if view.viewer is not None else 0
        scored = [(_value(view, me, a), i) for i, a in enumerate(legal)]
        best = max(v for v, _ in scored)
        options = [legal[i] for v, i in scored if v >= best - 1e-9]
        return rng.choice(options)


# ------------------------------------------------------------------ helpers on the view
def _ships(view: EmpiresView) -> dict[str, Ship]:
    return {s.id: s for s in view.ships}


def _attack_bonus(view: EmpiresView, ship: Ship) -> int:
    c = empires_content()
    war = c.rules.table_of_war
    bonus = war.ships[ship.kind].attack + war.weather_gage
    if ship.owner >= 0:
        for card in view.players[ship.owner].in_front:
            for e in c.captain(card).effects:
                if e.effect == "attack_bonus" and e.ship in (None, ship.kind):
                    bonus += e.amount
    return bonus


def _defence(view: EmpiresView, target: str) -> int:
    c = empires_content()
    war = c.rules.table_of_war
    ships = _ships(view)
    if target in ships:
        return war.ships[ships[target].kind].defence
    if target == PIRATES_BAY:
        return war.ports["naval_base"].defence
    forts = view.port_forts.get(target, 0)
    return war.ports[("port", "fort", "naval_base")[forts]].defence


def _target_value(view: EmpiresView, target: str) -> float:
    ships = _ships(view)
    scoring = empires_content().rules.scoring
    if target in ships:
        return scoring.ships[ships[target].kind] * 2.0
    if target == PIRATES_BAY:
        return view.chest / 2 + 1
    forts = view.port_forts.get(target, 0)
    return scoring.ports[("port", "fort", "naval_base")[forts]] * 2.0 + 4


def _attack_odds(view: EmpiresView, a: A.Attack) -> float:
    ships = _ships(view)
    lead = ships[a.ship]
    need = _defence(view, a.target) - _attack_bonus(view, lead)
    return p_at_least(1 + len(a.fleet), need)


def _free_port_cells(view: EmpiresView) -> set[tuple[int, int]]:
    b = empires_content().board(view.side)
    cells = set()
    for port_id, owner in view.port_owners.items():
        if owner is None:
            cells.update(b.sea_beside(b.ports[port_id].cell))
    return cells


def _distance(cell: tuple[int, int], targets: set[tuple[int, int]]) -> int:
    if not targets:
        return 0
    return min(abs(cell[0] - x) + abs(cell[1] - y) for x, y in targets)


def _enemy_cells(view: EmpiresView, me: int) -> set[tuple[int, int]]:
    b = empires_content().board(view.side)
    cells: set[tuple[int, int]] = set()
    for s in view.ships:
        if s.owner != me and s.kind == "transport":
            cells.update(b.sea_beside(s.cell))
    for port_id, owner in view.port_owners.items():
        if owner is not None and owner != me and not view.port_forts.get(port_id):
            cells.update(b.sea_beside(b.ports[port_id].cell))
    return cells


# ------------------------------------------------------------------ valuing one action
def _value(view: EmpiresView, me: int, a: Action) -> float:
    handler = HANDLERS.get(type(a))
    return handler(view, me, a) if handler else 0.0


def _play_card(view: EmpiresView, me: int, a: Action) -> float:
    assert isinstance(a, A.PlayCard)
    value = CARD_VALUE.get(a.card, 1)
    if a.port is not None:
        card = empires_content().board(view.side).ports[a.port]
        value += card.icons + (1 if card.produces == "gold" else 0)
    return value


def _discard(view: EmpiresView, me: int, a: Action) -> float:
    assert isinstance(a, A.DiscardCard)
    return 5.0 - KEEP_VALUE.get(a.card, 0) - CARD_VALUE.get(a.card, 0) / 4


def _sail(view: EmpiresView, me: int, a: Action) -> float:
    assert isinstance(a, A.Sail)
    ships = _ships(view)
    ship = ships[a.ship]
    if a.ship == PIRATE_ID:
        targets = _enemy_cells(view, me)
        return 3.0 + _distance(ship.cell, targets) - _distance(a.to, targets)
    p = view.players[me]
    can_buy = p.gold >= 1 and p.steel >= 1 and p.wood >= 1
    targets = _free_port_cells(view) if ship.kind == "transport" or can_buy else set()
    if ship.kind != "transport":
        targets = targets | _enemy_cells(view, me)
    if not targets:
        return -1.0
    gain = _distance(ship.cell, targets) - _distance(a.to, targets)
    if a.to in targets:
        gain += 3
    return 1.0 + gain if gain > 0 else -1.0


def _trade(view: EmpiresView, me: int, a: Action) -> float:
    assert isinstance(a, A.Trade)
    p = view.players[me]
    have = {"gold": p.gold, "wood": p.wood, "steel": p.steel}
    get = empires_content().board(view.side).ports[a.port].produces
    if have[a.give] <= 1 or have[get] >= 2:
        return -1.0
    return 2.0 + (have[a.give] - have[get]) * 0.5


def _buy(view: EmpiresView, me: int, a: Action) -> float:
    assert isinstance(a, A.BuyPort)
    card = empires_content().board(view.side).ports[a.port]
    return 8.0 + card.icons


def _attack(view: EmpiresView, me: int, a: Action) -> float:
    assert isinstance(a, A.Attack)
    odds = _attack_odds(view, a)
    value = _target_value(view, a.target)
    ships = _ships(view)
    risk = 0.0
    if a.target in ships:  # the counter-attack may sink our lead ship
        war = empires_content().rules.table_of_war
        target = ships[a.target]
        lead = ships[a.ship]
        p_counter = p_at_least(1, war.ships[lead.kind].defence + 1 - war.ships[target.kind].attack)
        risk = p_counter * empires_content().rules.scoring.ships[lead.kind] * 2
    expected = odds * value - risk - (0 if a.ship == PIRATE_ID else 4)
    return expected if odds >= 0.5 else -5.0


def _window(view: EmpiresView, me: int, a: Action) -> float:
    c = view.combat
    if c is None or isinstance(a, A.Pass):
        return 0.0
    assert isinstance(a, A.PlayOrder)
    card = a.card
    attacking = c.attacker == me
    if c.stage != "rolled":
        if card == "decoy" and not attacking:
            return 2.0
        return -1.0
    # after the roll: spend an order only where it turns the result
    ships = _ships(view)
    lead = ships.get(c.ships[0])
    if lead is None:
        return -1.0
    attack = sum(c.attack_dice) + c.attack_mod + c.bonus + _attack_bonus(view, lead) \
        - (1 if c.gage_lost else 0)
    defence = _defence(view, c.target) + c.defence_mod
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


def _bribe(view: EmpiresView, me: int, a: Action) -> float:
    assert isinstance(a, A.Bribe)
    gold = view.players[me].gold
    # a modest bribe: worth it only with spare gold, and never most of the treasury
    target = min(gold // 3, 2 + view.round // 5) if gold >= 3 else 0
    return -abs(a.amount - target)


def _end_turn(view: EmpiresView, me: int, a: Action) -> float:
    return 0.0


def _counter(view: EmpiresView, me: int, a: Action) -> float:
    assert isinstance(a, A.CounterTargets)
    ships = _ships(view)
    war = empires_content().rules.table_of_war
    return sum(10 - war.ships[ships[s].kind].defence for s in a.ships if s in ships) + len(a.ships)


def _claim(view: EmpiresView, me: int, a: Action) -> float:
    assert isinstance(a, A.ClaimPort)
    return 5.0 + empires_content().board(view.side).ports[a.port].icons


def _choose(view: EmpiresView, me: int, a: Action) -> float:
    assert isinstance(a, A.ChooseResource)
    p = view.players[me]
    return -float({"gold": p.gold, "wood": p.wood, "steel": p.steel}[a.resource])


HANDLERS: dict[type, Callable[[EmpiresView, int, Action], float]] = {
    A.PlayCard: _play_card, A.DiscardCard: _discard, A.Sail: _sail, A.Trade: _trade,
    A.BuyPort: _buy, A.Attack: _attack, A.PlayOrder: _window, A.Pass: _window,
    A.Bribe: _bribe, A.EndTurn: _end_turn, A.CounterTargets: _counter, A.ClaimPort: _claim,
    A.ChooseResource: _choose,
    A.Launch: lambda v, m, a: 5.0, A.Relocate: lambda v, m, a: 1.0,
    A.Decline: lambda v, m, a: 0.0, A.Draw: lambda v, m, a: 1.0,
    A.DiscardOrder: lambda v, m, a: -1.0,
}
