"""Taking and paying pieces: the finite pool, warehouse and bank capacity, gold beyond the bank.

All of these change the state in place (they run inside ``apply`` on the engine's private copy).
"""

from __future__ import annotations

import functools

from engine.core import Event, seat_ref
from engine.core.words import count

from .content import ships_content
from .state import Pending, Player, ShipsState

GOLD_PER_VP = 2


def award(state: ShipsState, seat: int, vp: int, reason: str, events: list[Event]) -> None:
    """Every change of VP goes through here and is logged, so a score can be audited."""
    if vp:
        state.players[seat].vp += vp
        events.append(Event(kind="vp", seat=seat, data={"vp": vp, "reason": reason}))


@functools.cache
def row_spaces(row: str) -> int:
    """The spaces of a display row (warehouse, bank), discs or not."""
    return next(r.spaces.value for r in ships_content().display.rows if r.id == row)


def warehouse_capacity(player: Player) -> int:
    return row_spaces("warehouse") - player.warehouse_discs


def bank_capacity(player: Player) -> int:
    return row_spaces("bank") - player.bank_discs


def bank_space(player: Player) -> int:
    return max(0, bank_capacity(player) - player.gold)


@functools.cache
def price(good: str) -> int:
    return ships_content().good(good).price


def gain_gold(state: ShipsState, seat: int, amount: int, events: list[Event],
              carried: int = 0, said: bool = False) -> int:
    """Gold from the pool into the bank; what does not fit scores 1 VP per 2 and stays in the
    pool (rulebook: Important Note About Gold). The surplus is the gold beyond the bank's room,
    however little the pool holds: its coins go straight back to the pool, so the pool never
    limits it. Only what goes into the bank comes from the pool: a short pool gives what it has
    (gold that would fit but is not there is simply not received). ``carried`` is the surplus
    of earlier parts of the same gain (Hanseatic League's coins, one a wine): it pairs with
    this part's. Returns this part's surplus. ``said``: the caller's own line tells what became
    of the gold (``gold_text``), so the surplus event carries no line of its own."""
    player = state.players[seat]
    room = bank_space(player)
    kept = min(amount, room, state.supply.gold)
    player.gold += kept
    state.supply.gold -= kept
    surplus = max(0, amount - room)
    if surplus:
        vp = (carried + surplus) // GOLD_PER_VP - carried // GOLD_PER_VP
        award(state, seat, vp, "surplus gold", events)
        text = "" if said else \
            f"{seat_ref(seat)}'s bank is full: {surplus_text(surplus, vp, carried)}."
        events.append(Event(kind="gold_to_vp", seat=seat, data={"gold": surplus}, text=text))
    return surplus


def surplus_text(surplus: int, vp: int, carried: int = 0) -> str:
    """What became of gold that did not fit in a full bank, in words true to the VP it gave."""
    if vp and carried % GOLD_PER_VP:
        return (f"{surplus} more gold does not fit and, with the gold left over before it, "
                f"becomes {vp} VP")
    left = surplus - vp * GOLD_PER_VP
    if vp and left:
        return (f"{surplus} gold does not fit: {vp * GOLD_PER_VP} becomes {vp} VP and {left} "
                "goes back to the pool")
    if vp:
        return f"{surplus} gold does not fit and becomes {vp} VP"
    return (f"{surplus} gold does not fit and goes back to the pool, as it takes {GOLD_PER_VP} "
            "gold for 1 VP")


def gold_notes(amount: int, kept: int, room: int, pool: int, surplus: int) -> list[str]:
    """What to say of a gain of ``amount`` gold of which ``kept`` went into a bank that had
    ``room`` for it, from a pool of ``pool``, with ``surplus`` beyond the room: that the pool
    ran short of what would fit, and what became of the surplus."""
    notes = []
    if kept < min(amount, room):
        notes.append(f"the pool had only {pool}" if pool else "the pool is empty")
    if surplus:
        notes.append(surplus_note(kept, room, surplus))
    return notes


def surplus_note(kept: int, room: int, surplus: int) -> str:
    """What became of the ``surplus`` of a gain of which ``kept`` went into a bank with
    ``room`` for it: "the bank is full: ..." (or had room for only some)."""
    full = "the bank is full" if kept == room else f"the bank had room for only {room}"
    return f"{full}: {surplus_text(surplus, surplus // GOLD_PER_VP)}"


def gold_text(state: ShipsState, seat: int, amount: int, events: list[Event]) -> str:
    """Takes ``amount`` gold as a benefit; returns what the player got, saying so when the bank
    was full or the pool short."""
    player = state.players[seat]
    before, pool, room = player.gold, state.supply.gold, bank_space(player)
    surplus = gain_gold(state, seat, amount, events, said=True)
    kept = player.gold - before
    text = f"{kept} gold" if kept else "no gold"
    return "; ".join([text, *gold_notes(amount, kept, room, pool, surplus)])


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
        return gold_text(state, seat, amount, events)
    if what == "vp":
        award(state, seat, amount, "benefit", events)
        return f"{amount} VP"
    if what == "merchant_cubes":
        got = min(amount, player.pool_cubes)
        player.pool_cubes -= got
        player.stock_cubes += got
        return _got(got, "merchant cube", "merchant cubes", "none are left in the pool")
    if what == "free_action_cubes":
        got = min(amount, state.supply.free_cubes)
        state.supply.free_cubes -= got
        player.free_cubes += got
        return _got(got, "free action cube", "free action cubes", "the pool has none")
    if what == "navigation":
        got = min(amount, state.supply.navigation)
        state.supply.navigation -= got
        player.navigation += got
        return _got(got, "navigation", "navigation", "the pool has none")
    if what == "industry":
        got = min(amount, state.supply.industry)
        state.supply.industry -= got
        player.industry += got
        return _got(got, "industry", "industry", "the pool has none")
    got = gain_goods(state, seat, what, amount)
    return _got(got, what, what, "the pool has none")


def _got(got: int, one: str, many: str, why_none: str) -> str:
    return f"no {many} ({why_none})" if got == 0 else count(got, one, many)
