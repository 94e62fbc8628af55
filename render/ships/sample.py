"""Hand-built Ships positions for previews, render tests and the render benchmark: a plausible
mid-game table and a deliberately crowded one. Built from the game data, never by the rules
engine, so they work whatever state the engine is in."""

from __future__ import annotations

import random

from engine.ships.content import ships_content
from engine.ships.state import (
    ActionBox,
    AgeBoxes,
    LastTurn,
    Pending,
    Player,
    ShipsView,
    Supply,
    city_space_id,
    trade_box_id,
)

GOODS = ("food", "oil", "wine", "metal", "cloth")


def _spaces(area: int) -> tuple[list[str], list[str]]:
    content = ships_content()
    trade, cities = [], []
    for loc in content.area(area).locations:
        trade += [trade_box_id(loc.id, i) for i in range(len(loc.trade_boxes))]
        cities += [city_space_id(loc.id, i) for i in range(len(loc.city_spaces))]
    return trade, cities


def _player(rng: random.Random, discs_placed: int, era_index: int, crowded: bool) -> Player:
    rows = {r.id: r.spaces.value for r in ships_content().display.rows}
    on_display = max(16 - discs_placed, 0)
    warehouse_discs = min(rng.randint(on_display // 3, on_display), rows["warehouse"])
    bank_discs = min(on_display - warehouse_discs, rows["bank"])
    room = rows["warehouse"] - warehouse_discs
    goods: dict[str, int] = {}
    for _ in range(room + (2 if crowded else 0) if crowded else rng.randint(0, room)):
        good = rng.choice(GOODS)
        goods[good] = goods.get(good, 0) + 1
    boxes = {}
    for action in ships_content().display.actions:
        if crowded or rng.random() < 0.4:
            boxes[action.id] = ActionBox(merchant=rng.randint(1, 3 if crowded else 2),
                                         free=rng.randint(0, 2) if crowded else 0,
                                         industry=int(crowded))
    ships = {era: max(6 - (3 if i < era_index else rng.randint(0, 3)), 0) if i <= era_index
             else 6 for i, era in enumerate(("galley", "sailing", "steam"))}
    return Player(
        vp=rng.randint(8, 70) + (150 if crowded else 0),
        stock_cubes=rng.randint(0, 12) + (20 if crowded else 0),
        pool_cubes=rng.randint(0, 11),
        free_cubes=rng.randint(0, 3),
        navigation=rng.randint(0, 6),
        industry=rng.randint(0, 2),
        boxes=boxes,
        goods=goods,
        gold=rows["bank"] - bank_discs if crowded else rng.randint(0, rows["bank"] - bank_discs),
        warehouse_discs=warehouse_discs,
        bank_discs=bank_discs,
        ships=ships,
        spice_cubes=rng.randint(5, 12) if crowded else rng.randint(0, 2),
    )


def sample_view(seats: int = 4, seed: int = 0, crowded: bool = False) -> ShipsView:
    """A table in mid-game (``crowded``: every box full, many ships in one box, Area 7
    busy, goods over capacity, long names' worth of numbers)."""
    rng = random.Random(seed * 101 + seats)
    content = ships_content()
    ages = content.ages.ages
    present = len(ages) if crowded else rng.randint(3, 9)
    era = content.age(present).era
    eras = [e.id for e in content.ages.eras]
    boxes = [AgeBoxes() for _ in ages]
    for number in range(max(present - 2, 1), present + 1):
        many = 1 if number < present else 3
        boxes[number - 1] = AgeBoxes(
            merchant=[rng.randrange(seats) for _ in range(rng.randint(0, many) + 1)],
            warship=[rng.randrange(seats) for _ in range(rng.randint(0, many))],
        )
    if crowded:  # the end trigger and then some: every ship of every player in one box
        boxes[present - 1] = AgeBoxes(merchant=[s for s in range(seats) for _ in range(6)],
                                      warship=[s for s in range(seats) for _ in range(3)])
    area = 7 if crowded else rng.randint(3, 6)
    trade: dict[str, int] = {}
    cities: dict[str, int] = {}
    for number in range(2, min(area, 6) + 1):
        share = 1.0 if crowded else (0.7 if number < area else 0.4)
        t, c = _spaces(number)
        trade.update({s: rng.randrange(seats) for s in t if rng.random() < share})
        cities.update({s: rng.randrange(seats) for s in c if rng.random() < share * 0.8})
    rest_merchant = [rng.randint(8, 25) if crowded else 0 for _ in range(seats)]
    rest_warship = [rng.randint(3, 9) if crowded else 0 for _ in range(seats)]
    placed = [sum(1 for s in cities.values() if s == seat) + rest_warship[seat]
              for seat in range(seats)]
    players = [_player(rng, placed[s], eras.index(era), crowded) for s in range(seats)]
    active = rng.randrange(seats)
    players[active].action_merchant = rng.randint(0, 2)
    players[active].action_free = rng.randint(0, eras.index(era))
    deck = list(dict.fromkeys(content.deck(era)))
    rng.shuffle(deck)
    display = deck[: 12 if crowded else rng.randint(6, 12)]
    taken = [s for s in trade if trade[s] == (active - 1) % seats][:1]
    taken += [s for s in cities if cities[s] == (active - 1) % seats][:1]
    pending = [Pending(kind="discard", seats=[(active + 1) % seats])] if crowded or seed % 2 \
        else []
    return ShipsView(
        game="ships", version=rng.randint(50, 400), viewer=None, seats=seats,
        turn=rng.randint(20, 120), actors=[active], active=active, era=era,
        present_age=present, area=area, players=players, ages=boxes, trade=trade,
        cities=cities, rest_merchant=rest_merchant, rest_warship=rest_warship,
        display=display, deck_sizes={e: rng.randint(0, 8) for e in eras},
        supply=Supply(gold=rng.randint(10, 50), navigation=rng.randint(0, 20),
                      industry=rng.randint(0, 13), free_cubes=rng.randint(0, 25),
                      goods={g: rng.randint(0, 8) for g in GOODS}),
        pending=pending, end_triggered=crowded,
        last=LastTurn(seat=(active - 1) % seats, ages=[present], spaces=taken,
                      scored_areas=[area - 1] if seed % 3 == 0 else []),
        current=LastTurn(),
    )
