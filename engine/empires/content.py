"""Empires at Sea content: the YAML files under ``data/empires/`` as frozen models, checked
against each other once, with the lookups the rules need (the grid of each map side, ports by id
and by cell, the decks).

Provenance: every card and every block of rule constants carries ``provenance`` (and a
``source`` note where useful); see ``data/README.md``."""

from __future__ import annotations

import functools
from typing import Annotated, Literal

from pydantic import Field

from engine.core.content import ContentModel, Provenance, Sourced, load_content
from engine.core.errors import ContentError

from .effects import CaptainEffect, HistoryEffect, ShipKind, WeatherEffect

Id = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]
Cell = tuple[int, int]
MapSide = Literal["americas", "atlantic"]
PortLevel = Literal["port", "fort", "naval_base"]
PORT_LEVELS: tuple[PortLevel, ...] = ("port", "fort", "naval_base")
SHIP_KINDS: tuple[ShipKind, ...] = ("transport", "frigate", "ship_of_the_line")


# ------------------------------------------------------------------ rules.yaml
class Nation(ContentModel):
    id: Id
    name: str
    colour: str
    from_players: int


class Nations(Sourced):
    items: tuple[Nation, ...]


class Players(Sourced):
    min: int
    max: int


class MapSides(Sourced):
    sides: dict[int, MapSide]


class Pieces(Sourced):
    port_cubes: int
    transport: int
    frigate: int
    ship_of_the_line: int

    def ships(self, kind: ShipKind) -> int:
        return int(getattr(self, kind))


class SharedPieces(Sourced):
    fort_tokens: int
    pirate_ship_of_the_line: int
    dice: int
    die_faces: tuple[int, ...]


class Cost(ContentModel):
    gold: int = 0
    wood: int = 0
    steel: int = 0


class Setup(Sourced):
    hand_size: int
    start_resources: Cost
    history_per_era: int
    history_per_era_five_players: int
    eras: int
    weather_dealt: int


class TurnRules(Sourced):
    actions: int
    discard_for_gold: int
    buy_port_cost: Cost
    buy_port_ends_turn: bool
    attack_ends_turn: bool
    pirate_actions: int


class ShipLine(ContentModel):
    name: str
    attack: int
    defence: int


class PortLine(ContentModel):
    name: str
    defence: int


class TableOfWar(Sourced):
    weather_gage: int
    ships: dict[ShipKind, ShipLine]
    ports: dict[PortLevel, PortLine]


class CombatRules(Sourced):
    attack_succeeds: Literal["at_least"]
    counter_succeeds: Literal["greater_than"]
    fleet_extra_die_per_ship: int
    counter_targets: dict[ShipKind, int]
    naval_base_limit: int


class PirateRules(Sourced):
    ship: ShipKind
    pirates_bay_defence: PortLevel


class Scoring(Sourced):
    ships: dict[ShipKind, int]
    ports: dict[PortLevel, int]
    gold_per_point: int
    wood_or_steel_per_point: int


class RulesFile(ContentModel):
    players: Players
    nations: Nations
    map_side_by_players: MapSides
    pieces_per_nation: Pieces
    shared_pieces: SharedPieces
    setup: Setup
    turn: TurnRules
    table_of_war: TableOfWar
    combat: CombatRules
    pirate: PirateRules
    scoring: Scoring


# ------------------------------------------------------------------ map.yaml
class AtlanticSide(ContentModel):
    name: str
    width: int
    height: int
    pirate_start: Cell
    pirates_bay: Cell
    rows: tuple[str, ...]


class AmericasSide(ContentModel):
    name: str
    columns: tuple[int, int]
    ruby_only: bool


class Box(ContentModel):
    x: tuple[int, int]
    y: tuple[int, int]

    def holds(self, cell: Cell) -> bool:
        return self.x[0] <= cell[0] <= self.x[1] and self.y[0] <= cell[1] <= self.y[1]


class Region(ContentModel):
    sea: Box
    island_ports: tuple[Id, ...] = ()


class PortCard(ContentModel):
    id: Id
    name: str
    continent: str
    produces: Literal["gold", "wood", "steel"]
    icons: int
    cell: Cell
    ruby: bool


class MapFile(Sourced):
    atlantic: AtlanticSide
    americas: AmericasSide
    regions: dict[Id, Region]
    ports: tuple[PortCard, ...]


# ------------------------------------------------------------------ cards
class CaptainCard(Sourced):
    id: Id
    name: str
    type: Literal["event", "industry", "advancement", "order"]
    cost: dict[Literal["g", "s", "w"], int]
    count: int
    count_provenance: Provenance | None = None
    text: str
    effects: tuple[CaptainEffect, ...]

    def cost_of(self) -> Cost:
        return Cost(
            gold=self.cost.get("g", 0), steel=self.cost.get("s", 0), wood=self.cost.get("w", 0)
        )


class CaptainsFile(ContentModel):
    cards: tuple[CaptainCard, ...]


class HistoryCard(Sourced):
    era: int
    id: Id
    title: str
    year: str
    min_players: int
    text: str
    effects: tuple[HistoryEffect, ...]


class HistoryFile(ContentModel):
    cards: tuple[HistoryCard, ...]


class WeatherCard(Sourced):
    id: Id
    name: str
    count: int
    text: str
    effects: tuple[WeatherEffect, ...]


class WeatherFile(ContentModel):
    cards: tuple[WeatherCard, ...]


class Ruling(ContentModel):
    """One decision where the rulebook is silent or open to more than one reading: what it is
    about, how this game plays it, and the rulebook line it interprets (quoted)."""

    topic: str = Field(min_length=3)
    ruling: str = Field(min_length=10)
    passage: str = Field(min_length=10)


class RulingsFile(ContentModel):
    rulings: tuple[Ruling, ...] = Field(min_length=1)


FILES: dict[str, tuple[str, type[ContentModel]]] = {
    "rules": ("empires/rules.yaml", RulesFile),
    "map": ("empires/map.yaml", MapFile),
    "captains": ("empires/captains.yaml", CaptainsFile),
    "history": ("empires/history.yaml", HistoryFile),
    "weather": ("empires/weather.yaml", WeatherFile),
    "rulings": ("empires/rulings.yaml", RulingsFile),
}


class Board:
    """One side of the board: which cells are sea, where the ports are."""

    def __init__(self, side: MapSide, m: MapFile) -> None:
        self.side = side
        lo, hi = (0, m.atlantic.width - 1) if side == "atlantic" else m.americas.columns
        self.width = hi - lo + 1
        self.height = m.atlantic.height
        ports = [
            p
            for p in m.ports
            if lo <= p.cell[0] <= hi and (side == "atlantic" or not m.americas.ruby_only or p.ruby)
        ]
        self.ports: dict[str, PortCard] = {p.id: p for p in ports}
        self.port_at: dict[Cell, str] = {p.cell: p.id for p in ports}
        self.pirate_start: Cell = m.atlantic.pirate_start
        self.pirates_bay: Cell = m.atlantic.pirates_bay
        blocked = {m.atlantic.pirates_bay} | {p.cell for p in m.ports}
        self.sea: frozenset[Cell] = frozenset(
            (x - lo, y)
            for y, row in enumerate(m.atlantic.rows)
            for x, ch in enumerate(row)
            if lo <= x <= hi and ch == "." and (x, y) not in blocked
        )
        self.regions = m.regions

    def is_sea(self, cell: Cell) -> bool:
        return cell in self.sea

    @staticmethod
    def neighbours(cell: Cell) -> list[Cell]:
        x, y = cell
        return [(x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)]  # north, east, south, west

    def sea_beside(self, cell: Cell) -> list[Cell]:
        return [c for c in self.neighbours(cell) if c in self.sea]

    def in_region(self, cell: Cell, region: str) -> bool:
        r = self.regions.get(region)
        return r is not None and r.sea.holds(cell)


class EmpiresContent(ContentModel):
    rules: RulesFile
    map: MapFile
    captains: CaptainsFile
    history: HistoryFile
    weather: WeatherFile
    rulings: RulingsFile

    def captain(self, card_id: str) -> CaptainCard:
        return _captain_index(self)[card_id]

    def history_card(self, card_id: str) -> HistoryCard:
        return _history_index(self)[card_id]

    def weather_card(self, card_id: str) -> WeatherCard:
        return _weather_index(self)[card_id]

    def captain_deck(self) -> list[str]:
        return [c.id for c in self.captains.cards for _ in range(c.count)]

    def weather_deck(self) -> list[str]:
        return [c.id for c in self.weather.cards for _ in range(c.count)]

    def board(self, side: MapSide) -> Board:
        return _board(self, side)

    def nation(self, nation_id: str) -> Nation:
        for n in self.rules.nations.items:
            if n.id == nation_id:
                return n
        raise KeyError(nation_id)


# Lookups built once per content object (content models are frozen, so they never go stale).
_INDEXES: dict[tuple[int, str], object] = {}


def _cached(c: EmpiresContent, key: str, build: object) -> object:
    found = _INDEXES.get((id(c), key))
    if found is None:
        found = build()  # type: ignore[operator]
        _INDEXES[(id(c), key)] = found
    return found


def _captain_index(c: EmpiresContent) -> dict[str, CaptainCard]:
    return _cached(c, "captain", lambda: {x.id: x for x in c.captains.cards})  # type: ignore


def _history_index(c: EmpiresContent) -> dict[str, HistoryCard]:
    return _cached(c, "history", lambda: {x.id: x for x in c.history.cards})  # type: ignore


def _weather_index(c: EmpiresContent) -> dict[str, WeatherCard]:
    return _cached(c, "weather", lambda: {x.id: x for x in c.weather.cards})  # type: ignore


def _board(c: EmpiresContent, side: MapSide) -> Board:
    return _cached(c, "board:" + side, lambda: Board(side, c.map))  # type: ignore


def check_content(c: EmpiresContent) -> None:
    """Cross-file checks; a ``ContentError`` names what is wrong."""
    problems: list[str] = []
    nations = {n.id for n in c.rules.nations.items}
    ids = [card.id for card in c.captains.cards]
    if len(set(ids)) != len(ids):
        problems.append("captains.yaml: duplicate card ids")
    if len(c.map.ports) != len({p.id for p in c.map.ports}):
        problems.append("map.yaml: duplicate port ids")
    port_ids = {p.id for p in c.map.ports}
    for card in c.history.cards:
        for e in card.effects:
            for field in ("nation", "to", "at", "by", "against", "except_nation", "owner"):
                value = getattr(e, field, None)
                if isinstance(value, str) and value not in nations and value != "pirate":
                    problems.append(f"history.yaml: {card.id}: unknown nation {value!r}")
            for value in getattr(e, "nations", ()):
                if value not in nations:
                    problems.append(f"history.yaml: {card.id}: unknown nation {value!r}")
            port = getattr(e, "port", None)
            if port is not None and port not in port_ids:
                problems.append(f"history.yaml: {card.id}: unknown port {port!r}")
    for region in c.map.regions.values():
        for p in region.island_ports:
            if p not in port_ids:
                problems.append(f"map.yaml: unknown port {p!r} in a region")
    for side in ("atlantic", "americas"):
        b = Board(side, c.map)
        for port in b.ports.values():
            if not b.sea_beside(port.cell):
                problems.append(f"map.yaml: {side}: {port.id} has no sea beside it")
        if not b.is_sea(b.pirate_start):
            problems.append(f"map.yaml: {side}: the Pirate does not start at sea")
    if problems:
        raise ContentError("\n".join(problems))


def build_content(**parts: ContentModel) -> EmpiresContent:
    content = EmpiresContent(**parts)
    check_content(content)
    return content


@functools.cache
def empires_content() -> EmpiresContent:
    """All Empires at Sea data, loaded and checked once per process."""
    return build_content(
        **{name: load_content(path, model) for name, (path, model) in FILES.items()}
    )
