"""Area scoring and the final reckoning (rulebook: Scoring Victory Points; Ending and Winning)."""

from __future__ import annotations

from engine.core import Event, seat_ref

from .board import REST_AREA, board
from .economy import GOLD_PER_VP, award, price
from .state import ShipsState


def area_scores(state: ShipsState, area: int) -> list[int]:
    """Each cube scores the area's number; each disc the area's number plus one for each of its
    owner's cubes in the same location. In Area 7 each disc gains one per own merchant cube."""
    b = board()
    value = b.area_values[area]
    scores = [0] * state.seats
    if area == REST_AREA:
        for seat in range(state.seats):
            cubes, discs = state.rest_merchant[seat], state.rest_warship[seat]
            scores[seat] = cubes * value + discs * (value + cubes)
        return scores
    cubes_at: dict[tuple[str, int], int] = {}
    for space in b.trade_by_area.get(area, ()):
        owner = state.trade.get(space)
        if owner is not None:
            scores[owner] += value
            key = (b.trade[space].location, owner)
            cubes_at[key] = cubes_at.get(key, 0) + 1
    for space in b.cities_by_area.get(area, ()):
        owner = state.cities.get(space)
        if owner is not None:
            scores[owner] += value + cubes_at.get((b.cities[space].location, owner), 0)
    return scores


def score_area(state: ShipsState, area: int, events: list[Event]) -> None:
    scores = area_scores(state, area)
    for seat, points in enumerate(scores):
        award(state, seat, points, f"area {area} scored", events)
    state.current.scored_areas.append(area)
    parts = ", ".join(f"{seat_ref(s)} +{p} → {state.players[s].vp} VP"
                      for s, p in enumerate(scores) if p)
    events.append(Event(kind="area_scored", data={"area": area, "scores": scores},
                        text=f"Area {area} is scored: {parts or 'nobody has pieces there'}."))


def final_scoring(state: ShipsState, events: list[Event]) -> None:
    """The present area is scored, all goods are sold, and all gold becomes VP at 2:1."""
    if state.area >= 2:
        score_area(state, state.area, events)
    for seat, player in enumerate(state.players):
        sale = sum(price(g) * n for g, n in player.goods.items())
        gold = player.gold + sale
        award(state, seat, gold // GOLD_PER_VP, "final gold", events)
        events.append(Event(kind="final_sale", seat=seat,
                            text=_final_text(seat, sale, gold, player.vp)))


def _final_text(seat: int, sale: int, gold: int, total: int) -> str:
    who = seat_ref(seat)
    sold = f"{who} sells their goods for {sale} gold and" if sale else f"{who} has no goods and"
    vp = gold // GOLD_PER_VP
    if not vp:
        return f"{sold} {'has no gold' if not gold else f'has only {gold} gold'} to score: " \
            f"{total} VP."
    return f"{sold} turns {gold} gold into +{vp} VP → {total} VP."


def standing(state: ShipsState) -> list[float]:
    """Each player's VP as if the game ended now: the present area scored, goods sold and
    gold turned into VP (what a search scores a position by)."""
    area = area_scores(state, state.area) if state.area >= 2 else [0] * state.seats
    return [player.vp + area[seat]
            + (player.gold + sum(price(g) * n for g, n in player.goods.items())) / GOLD_PER_VP
            for seat, player in enumerate(state.players)]
