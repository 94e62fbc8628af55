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


# what a search counts, besides the VP the game would give if it ended now (measured on games
# between standard bots: these predict the final margin a little better than the VP alone)
OBSOLESCENCE_PAID = 0.7  # of the VP a ship will lose as the ages pass it (some move on first)
CUBE_WORTH = 1.0  # a merchant cube ready to place (each placed cube scores its area)
BOXED_CUBE_WORTH = 0.5  # one in an action box (it takes a retrieve to use again)


def ship_liability(age: int, present: int) -> int:
    """The VP a ship in ``age`` is still to lose, with ``present`` the highest age opened: 1
    when the age two above opens, 2 when the age three above opens (rulebook: Placing Your
    Ship in the Next Age Level)."""
    last = len(board().age_era)
    loss = 0
    if present < age + 2 <= last:
        loss += 1
    if present < age + 3 <= last:
        loss += 2
    return loss


def standing(state: ShipsState) -> list[float]:
    """Each player's expected final VP from here, for a search to score a position by: the VP
    if the game ended now (the present area scored, goods sold, gold turned into VP), less the
    losses their ships on the track are still likely to suffer, plus a little for the merchant
    cubes they have to place. Once the game is over, the final VP."""
    if state.finished:
        return [float(player.vp) for player in state.players]
    area = area_scores(state, state.area) if state.area >= 2 else [0] * state.seats
    present = state.present_age()
    liability = [0] * state.seats
    for index, boxes in enumerate(state.ages):
        for owner in (*boxes.merchant, *boxes.warship):
            liability[owner] += ship_liability(index + 1, present)
    return [player.vp + area[seat]
            + (player.gold + sum(price(g) * n for g, n in player.goods.items())) / GOLD_PER_VP
            - OBSOLESCENCE_PAID * liability[seat]
            + CUBE_WORTH * (player.stock_cubes + player.action_merchant)
            + BOXED_CUBE_WORTH * sum(b.merchant for b in player.boxes.values())
            for seat, player in enumerate(state.players)]
