"""Taking and paying pieces: the finite pool, warehouse and bank capacity, gold beyond the bank.

All of these change the state in place (they run inside ``apply`` on the engine's private copy).
"""

from __future__ import annotations

from engine.core import Event, seat_ref

from .content import ships_content
from .state import Pending, Player, ShipsState

GOLD_PER_VP = 2


def award(state: ShipsState, seat: int, vp: int, reason: str, events: list[Event]) -> None:
    """Every change of VP goes through here and is logged, so a score can be audited."""
    if vp:
        state.players[seat].vp += vp
        events.append(Event(kind="vp", seat=seat, data={"vp": vp, "reason": reason}))


def warehouse_capacity(player: Player) -> int:
    rows = {r.id: r.spaces.value for r in ships_content().display.rows}
    return rows["warehouse"] - player.warehouse_discs


def bank_capacity(player: Player) -> int:
    rows = {r.id: r.spaces.value for r in ships_content().display.rows}
    return rows["bank"] - player.bank_discs


def bank_space(player: Player) -> int:
    return max(0, bank_capacity(player) - player.gold)


def price(good: str) -> int:
    return ships_content().good(good).price


def gain_gold(state: ShipsState, seat: int, amount: int, events: list[Event],
              carried: int = 0) -> int:
    """Gold from the pool into the bank; what does not fit scores 1 VP per 2 and stays in the
    pool (rulebook: Important Note About Gold). An empty pool gives what it has. ``carried`` is
    the surplus of earlier parts of the same gain (Hanseatic League's coins, one a wine): it
    pairs with this part's. Returns this part's surplus."""
    player = state.players[seat]
    taken = min(amount, state.supply.gold)
    kept = min(taken, bank_space(player))
    player.gold += kept
    state.supply.gold -= kept
    surplus = taken - kept
    if surplus:
        vp = (carried + surplus) // GOLD_PER_VP - carried // GOLD_PER_VP
        award(state, seat, vp, "surplus gold", events)
        events.append(Event(kind="gold_to_vp", seat=seat, data={"gold": surplus},
                            text=f"{seat_ref(seat)}'s bank is full: {surplus} gold becomes "
                                 f"{vp} VP."))
    return surplus


def pay_gold(state: ShipsState, seat: int, amount: int) -> None:
    player = state.players[seat]
    assert player.gold >= amount
    player.gold -= amount
    state.supply.gold += amount


def gain_goods(state: ShipsState, seat: int, good: str, amount: int) -> int:
    """Goods from the pool into the warehouse; returns how many were taken. A warehouse that
    overflows asks its owner what to return (a pending decision)."""
    taken = min(amount, state.supply.goods.get(good, 0))
    if taken:
        player = state.players[seat]
        state.supply.goods[good] -= taken
        player.goods[good] = player.goods.get(good, 0) + taken
        check_warehouse(state, seat)
    return taken


def check_warehouse(state: ShipsState, seat: int) -> None:
    player = state.players[seat]
    if player.goods_count() > warehouse_capacity(player):
        if not any(p.kind == "discard" and seat in p.seats for p in state.pending):
            state.pending.insert(0, Pending(kind="discard", seats=[seat]))


def return_goods(state: ShipsState, seat: int, good: str, amount: int = 1) -> None:
    player = state.players[seat]
    assert player.goods.get(good, 0) >= amount
    player.goods[good] -= amount
    if not player.goods[good]:
        del player.goods[good]
    state.supply.goods[good] = state.supply.goods.get(good, 0) + amount


def gain(state: ShipsState, seat: int, what: str, amount: int, events: list[Event]) -> str:
    """A benefit from a city space or a card; returns a short text of what was received."""
    player = state.players[seat]
    if what == "gold":
        before = player.gold
        gain_gold(state, seat, amount, events)
        return f"{player.gold - before} gold"
    if what == "vp":
        award(state, seat, amount, "benefit", events)
        return f"{amount} VP"
    if what == "merchant_cubes":
        got = min(amount, player.pool_cubes)
        player.pool_cubes -= got
        player.stock_cubes += got
        return f"{got} merchant cube{'s' if got != 1 else ''}"
    if what == "free_action_cubes":
        got = min(amount, state.supply.free_cubes)
        state.supply.free_cubes -= got
        player.free_cubes += got
        return f"{got} free action cube{'s' if got != 1 else ''}"
    if what == "navigation":
        got = min(amount, state.supply.navigation)
        state.supply.navigation -= got
        player.navigation += got
        return f"{got} navigation"
    if what == "industry":
        got = min(amount, state.supply.industry)
        state.supply.industry -= got
        player.industry += got
        return f"{got} industry"
    got = gain_goods(state, seat, what, amount)
    return f"{got} {what}"
