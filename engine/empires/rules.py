"""Questions the rules ask of a position: what the current Weather and History cards and the
cards in front of a player change, where a ship may sail, which ports produce, who may attack
whom. Nothing here changes the state."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Protocol

from .content import (
    PORT_LEVELS,
    Board,
    Cell,
    Cost,
    EmpiresContent,
    PortCard,
    PortLevel,
    empires_content,
)
from .effects import (
    RESOURCES,
    AttackBonus,
    CaptainEffect,
    CounterBonus,
    HistoryEffect,
    Resource,
    ShipDefence,
    WeatherEffect,
)
from .state import PIRATE, EmpiresState, Player, PublicPlayer, Ship


class Table(Protocol):
    """What a state, a seat's view and a bot's copy of either show the same way: the round's
    Weather and History cards and the players (their nations, the cards in front of them).
    The questions below that read only these take any of them."""

    @property
    def weather(self) -> str | None: ...

    @property
    def history(self) -> str | None: ...

    @property
    def players(self) -> Sequence[Player | PublicPlayer]: ...


def content() -> EmpiresContent:
    """A short alias used across the package."""
    return empires_content()


def board(state: EmpiresState) -> Board:
    return content().board(state.side)


def weather_effects(state: Table) -> tuple[WeatherEffect, ...]:
    return content().weather_card(state.weather).effects if state.weather else ()


def history_effects(state: Table) -> tuple[HistoryEffect, ...]:
    return content().history_card(state.history).effects if state.history else ()


def front_effects(state: Table, seat: int) -> Iterator[CaptainEffect]:
    """Effects of the Advancements and Industry cards in front of ``seat``."""
    if seat < 0:
        return
    for card_id in state.players[seat].in_front:
        yield from content().captain(card_id).effects


def advancement_bonus(state: Table, ship: Ship,
                      effect: type[AttackBonus | ShipDefence | CounterBonus]) -> int:
    """The Advancements of a ship's owner that add ``effect`` to its fights (an attack bonus
    may be for one kind of ship); the Pirate gets none."""
    if ship.owner == PIRATE:
        return 0
    total = 0
    for e in front_effects(state, ship.owner):
        for_kind = not isinstance(e, AttackBonus) or e.ship in (None, ship.kind)
        if isinstance(e, effect) and for_kind:
            total += e.amount
    return total


def nation(state: Table, seat: int | None) -> str | None:
    if seat is None or seat < 0:
        return None
    return state.players[seat].nation


# ------------------------------------------------------------------ actions
def actions_per_turn(state: Table, seat: int) -> int:
    """5, changed by the Weather, the History card and the player's Advancements."""
    total = content().rules.turn.actions
    for w in weather_effects(state):
        if w.effect == "actions":
            total += w.amount
    me = nation(state, seat)
    for h in history_effects(state):
        if h.effect == "actions" and (not h.nations or me in h.nations):
            total += h.amount
    for f in front_effects(state, seat):
        if f.effect == "actions_each_turn":
            total += f.amount
    return max(0, total)


def pirate_actions(state: EmpiresState) -> int:
    total = content().rules.turn.pirate_actions + state.pirate_actions_bonus
    for e in weather_effects(state):
        if e.effect == "actions":
            total += e.amount
    return max(0, total)


def first_sail_free(state: Table, seat: int) -> int:
    """The free Sailing of Trade Winds and Copper Sheathing: one more action, usable in any
    way (rulebook, How to Play: added ship movements modify the total action count). The two
    together give one, as each frees the same "first" Sailing."""
    return int(any(e.effect == "free_first_sail" for e in weather_effects(state)) or any(
        e.effect == "free_first_sail" for e in front_effects(state, seat)))


# ------------------------------------------------------------------ sailing
NO_SAIL_LIMIT = 99  # more cells than any line on the board: the Weather sets no limit


def max_sail(state: EmpiresState) -> int:
    return sail_limit(state.weather)


def sail_limit(weather: str | None) -> int:
    """The most cells a Sailing action may cross under the Weather card ``weather`` (Fog,
    Light Airs, a Storm), for a state, a view or a bot's copy of one."""
    effects = content().weather_card(weather).effects if weather else ()
    return min((e.cells for e in effects if e.effect == "max_sail"), default=NO_SAIL_LIMIT)


def sailing_allowed(state: Table) -> bool:
    return not any(e.effect == "no_sailing" for e in weather_effects(state))


def closed_regions(state: EmpiresState) -> list[str]:
    return [e.region for e in weather_effects(state) if e.effect == "no_sail_region"]


def _ray(b: Board, occupied: set[Cell], start: Cell, d: tuple[int, int], limit: int
         ) -> list[Cell]:
    cells = []
    x, y = start
    for _ in range(limit):
        x, y = x + d[0], y + d[1]
        if (x, y) not in b.sea or (x, y) in occupied:
            break
        cells.append((x, y))
    return cells


DIRECTIONS = ((0, -1), (1, 0), (0, 1), (-1, 0))


def sail_moves(state: EmpiresState, ship: Ship, turning: bool) -> list[tuple[Cell, Cell | None]]:
    """Every (destination, corner) a Sailing action can take ``ship`` to: straight lines until
    blocked by land, a port, a ship or the edge; with ``turning``, one 90-degree turn too."""
    b = board(state)
    occupied = {s.cell for s in state.ships}
    limit = max_sail(state)
    closed = closed_regions(state)
    if any(b.in_region(ship.cell, r) for r in closed):
        return []
    found: list[tuple[Cell, Cell | None]] = []
    for d in DIRECTIONS:
        line = _ray(b, occupied, ship.cell, d, limit)
        for i, cell in enumerate(line):
            found.append((cell, None))
            if turning:
                for d2 in DIRECTIONS:
                    if d2[0] * d[0] + d2[1] * d[1] != 0:
                        continue
                    for end in _ray(b, occupied, cell, d2, limit - (i + 1)):
                        found.append((end, cell))
    return [(c, v) for c, v in found if not any(b.in_region(c, r) for r in closed)]


# ------------------------------------------------------------------ ports
def port_card(state: EmpiresState, port_id: str) -> PortCard:
    return board(state).ports[port_id]


def port_level(forts: int) -> PortLevel:
    return PORT_LEVELS[min(forts, 2)]


def owned_ports(state: EmpiresState, seat: int) -> list[str]:
    return [p for p, hold in state.ports.items() if hold.owner == seat]


def naval_bases(state: EmpiresState, seat: int) -> int:
    return sum(1 for h in state.ports.values() if h.owner == seat and h.forts >= 2)


def ports_beside_ship(state: EmpiresState, ship: Ship) -> list[str]:
    b = board(state)
    return [b.port_at[c] for c in b.neighbours(ship.cell) if c in b.port_at]


def free_cells_beside(state: EmpiresState, cell: Cell) -> list[Cell]:
    occupied = {s.cell for s in state.ships}
    return [c for c in board(state).sea_beside(cell) if c not in occupied]


def launch_cells(state: EmpiresState, seat: int) -> list[Cell]:
    cells: list[Cell] = []
    for port_id in owned_ports(state, seat):
        for c in free_cells_beside(state, port_card(state, port_id).cell):
            if c not in cells:
                cells.append(c)
    return sorted(cells)


def may_take_port(state: EmpiresState, seat: int, port_id: str) -> bool:
    """The Monroe Doctrine closes the Americas (the ruby ports) to all but one nation."""
    card = port_card(state, port_id)
    for e in history_effects(state):
        if e.effect == "americas_closed" and card.ruby and nation(state, seat) != e.except_nation:
            return False
    return True


def claimable_ports(state: EmpiresState, seat: int, continent: str | None = None) -> list[str]:
    if state.players[seat].cubes < 1:
        return []
    return sorted(p for p, hold in state.ports.items() if hold.owner is None
                  and (continent is None or port_card(state, p).continent == continent)
                  and may_take_port(state, seat, p))


def income(side: Board, ports: Iterable[str], in_front: Iterable[str]) -> dict[Resource, int]:
    """What one production brings a nation: each of its ``ports``' icons of what the port
    makes, and what its Industry cards (among ``in_front``) make. (Which ports produce this
    round is the caller's to say: see ``produces``.)"""
    got = dict.fromkeys(RESOURCES, 0)
    for port_id in ports:
        card = side.ports[port_id]
        got[card.produces] += card.icons
    for card_id in in_front:
        for e in content().captain(card_id).effects:
            if e.effect == "produce":
                for r, n in e.items():
                    got[r] += n
    return got


def produces(state: EmpiresState, port_id: str) -> bool:
    """Whether a held port produces this round (History cards may stop it)."""
    card = port_card(state, port_id)
    owner = nation(state, state.ports[port_id].owner)
    for e in history_effects(state):
        if e.effect != "no_production":
            continue
        if e.owner is not None and e.owner != owner:
            continue
        if e.continent is not None and e.continent != card.continent:
            continue
        if e.region is not None and port_id not in content().map.regions[e.region].island_ports:
            continue
        return False
    return True


def trade_yield(state: EmpiresState, seat: int) -> int:
    """Resources received per trade: 1, or the best of the cards that raise it."""
    best = 1
    for e in (*history_effects(state), *front_effects(state, seat)):
        if e.effect == "trade_yield":
            best = max(best, e.amount)
    return best


def trade_banned(state: EmpiresState, seat: int, port_id: str) -> bool:
    owner = nation(state, state.ports[port_id].owner)
    me = nation(state, seat)
    return any(e.effect == "trade_ban" and e.at == owner and e.by in (None, me)
               for e in history_effects(state))


# ------------------------------------------------------------------ attacks
def attack_banned(state: Table, seat: int, defender: int | None) -> str | None:
    """Why ``seat`` may not attack (``defender``'s pieces) this round, or None."""
    me = nation(state, seat)
    them = nation(state, defender)
    for e in history_effects(state):
        if e.effect == "attack_ban" and me not in e.only:
            card = content().history_card(state.history or "")
            return f"{card.title}: {card.text}"
        if e.effect == "truce" and them is not None and {me, them} == set(e.nations):
            card = content().history_card(state.history or "")
            return f"{card.title}: {card.text}"
    return None


def history_attack_bonus(state: Table, seat: int, defender: int | None,
                         target_is_port: bool) -> int:
    me = nation(state, seat)
    them = nation(state, defender)
    total = 0
    for e in history_effects(state):
        if e.effect != "attack_bonus" or me not in e.nations:
            continue
        if e.against is not None and e.against != them:
            continue
        if e.ports_only and not target_is_port:
            continue
        total += e.amount
    return total


def weather_gage(state: Table) -> int:
    if any(e.effect == "no_weather_gage" for e in weather_effects(state)):
        return 0
    return content().rules.table_of_war.weather_gage


def has(player: Player | PublicPlayer, cost: Cost) -> bool:
    return all(getattr(player, r) >= getattr(cost, r) for r in RESOURCES)


def pay(player: Player, cost: Cost) -> None:
    for r in RESOURCES:
        setattr(player, r, getattr(player, r) - getattr(cost, r))


def cost_text(cost: Cost) -> str:
    parts = [f"{getattr(cost, r)} {r.capitalize()}" for r in RESOURCES if getattr(cost, r)]
    return ", ".join(parts) or "free"
