"""Ocean Trader content: the six data files loaded once, checked against each other, and gathered
into one ``OceanTraderContent`` with the lookups the rules need."""

from __future__ import annotations

import functools

from engine.core.content import ContentModel, load_content
from engine.core.errors import ContentError

from .content_models import (
    Goods,
    GoodsFile,
    Port,
    PortsFile,
    ProspectCard,
    ProspectsFile,
    Route,
    RoutesFile,
    RulesFile,
    RulingsFile,
    WorldTradeCard,
    WorldTradeFile,
)

# Which file each part of the content comes from (relative to data/).
FILES: dict[str, tuple[str, type[ContentModel]]] = {
    "rules": ("ocean_trader/rules.yaml", RulesFile),
    "goods": ("ocean_trader/goods.yaml", GoodsFile),
    "ports": ("ocean_trader/ports.yaml", PortsFile),
    "routes": ("ocean_trader/routes.yaml", RoutesFile),
    "world_trade": ("ocean_trader/world_trade.yaml", WorldTradeFile),
    "prospects": ("ocean_trader/prospects.yaml", ProspectsFile),
    "rulings": ("ocean_trader/rulings.yaml", RulingsFile),
}


class OceanTraderContent(ContentModel):
    rules: RulesFile
    goods: GoodsFile
    ports: PortsFile
    routes: RoutesFile
    world_trade: WorldTradeFile
    prospects: ProspectsFile
    rulings: RulingsFile

    # ------------------------------------------------------------------ lookups
    @functools.cached_property
    def _goods(self) -> dict[str, Goods]:
        return {g.id: g for g in self.goods.goods}

    @functools.cached_property
    def _ports(self) -> dict[str, Port]:
        return {p.id: p for p in self.ports.ports}

    @functools.cached_property
    def _routes(self) -> dict[str, Route]:
        return {r.id: r for r in self.routes.routes}

    @functools.cached_property
    def _port_routes(self) -> dict[str, tuple[Route, ...]]:
        found: dict[str, list[Route]] = {p: [] for p in self._ports}
        for r in self.routes.routes:
            found[r.a].append(r)
            found[r.b].append(r)
        return {p: tuple(rs) for p, rs in found.items()}

    @functools.cached_property
    def _trade_cards(self) -> dict[str, WorldTradeCard]:
        return {c.id: c for c in self.world_trade.cards}

    @functools.cached_property
    def _prospects(self) -> dict[str, ProspectCard]:
        return {c.id: c for c in self.prospects.cards}

    def good(self, goods_id: str) -> Goods:
        return self._goods[goods_id]

    def port(self, port_id: str) -> Port:
        return self._ports[port_id]

    def route(self, route_id: str) -> Route:
        return self._routes[route_id]

    def routes_from(self, port_id: str) -> tuple[Route, ...]:
        return self._port_routes[port_id]

    def trade_card(self, card_id: str) -> WorldTradeCard:
        return self._trade_cards[card_id]

    def prospect(self, card_id: str) -> ProspectCard:
        return self._prospects[card_id]

    @property
    def start_port(self) -> str:
        return self.ports.start_port.value

    def prospect_deck(self) -> list[str]:
        """One entry per printed card (a card with ``count: 2`` appears twice)."""
        return [c.id for c in self.prospects.cards for _ in range(c.count)]

    def trade_deck(self) -> list[str]:
        return [c.id for c in self.world_trade.cards]

    def trade_card_sources(self, goods_id: str) -> tuple[str, ...]:
        """The ports that sell ``goods_id``."""
        return self._sources.get(goods_id, ())

    @functools.cached_property
    def _sources(self) -> dict[str, tuple[str, ...]]:
        found: dict[str, list[str]] = {}
        for p in self.ports.ports:
            for g in p.sells:
                found.setdefault(g, []).append(p.id)
        return {g: tuple(ps) for g, ps in found.items()}

    def cards_in_play(self, players: int) -> int:
        for row in self.rules.world_trade.in_play:
            if players <= row.max_players:
                return row.cards
        return self.rules.world_trade.in_play[-1].cards

    def certificates(self, players: int) -> int:
        shares = self.rules.shares
        return shares.certificates_two_players if players == 2 else shares.certificates

    def category_name(self, number: int) -> str:
        for c in self.goods.categories:
            if c.number == number:
                return c.name
        return f"Category {number}"


def build_content(**parts: ContentModel) -> OceanTraderContent:
    content = OceanTraderContent.model_validate(parts)
    check_content(content)
    return content


def check_content(c: OceanTraderContent) -> None:
    """The files agree with each other; raises ``ContentError`` naming the first problem."""
    problems: list[str] = []
    goods = {g.id for g in c.goods.goods}
    ports = {p.id for p in c.ports.ports}
    if len(goods) != len(c.goods.goods):
        problems.append("goods.yaml: a goods id is used twice")
    if len(ports) != len(c.ports.ports):
        problems.append("ports.yaml: a port id is used twice")
    categories = {k.number for k in c.goods.categories}
    for g in c.goods.goods:
        if g.category not in categories:
            problems.append(f"goods.yaml: {g.id} is in unknown category {g.category}")
        if not any(g.id in k.goods for k in c.goods.categories if k.number == g.category):
            problems.append(f"goods.yaml: category {g.category} does not list {g.id}")
    if c.start_port not in ports:
        problems.append(f"ports.yaml: start port {c.start_port} is not a port")
    for p in c.ports.ports:
        for sold in p.sells:
            if sold not in goods:
                problems.append(f"ports.yaml: {p.id} sells unknown goods {sold}")
    for r in c.routes.routes:
        for end in (r.a, r.b):
            if end not in ports:
                problems.append(f"routes.yaml: {r.id} ends at unknown port {end}")
        for space in (*r.red, *r.suez_canal):
            if not 1 <= space <= r.spaces:
                problems.append(f"routes.yaml: {r.id} has no space {space}")
        if r.roaring_forties_east_end not in (None, r.a, r.b):
            problems.append(f"routes.yaml: {r.id}'s Roaring Forties end is not on the route")
    pairs = set()
    for card in c.world_trade.cards:
        if card.port not in ports or card.goods not in goods:
            problems.append(f"world_trade.yaml: {card.id} names an unknown port or goods")
            continue
        if (card.port, card.goods) in pairs:
            problems.append(f"world_trade.yaml: {card.id} repeats {card.port} {card.goods}")
        pairs.add((card.port, card.goods))
        if card.category != c.good(card.goods).category:
            problems.append(f"world_trade.yaml: {card.id} has the wrong category")
        if card.goods in c.port(card.port).sells:
            problems.append(f"world_trade.yaml: {card.id} asks {card.port} for goods it sells")
        sellers = tuple(p.id for p in c.ports.ports if card.goods in p.sells)
        if sorted(card.from_) != sorted(sellers):
            problems.append(f"world_trade.yaml: {card.id} 'from' differs from the ports' goods")
    if len(c.world_trade.cards) != c.world_trade.deck_size.value:
        problems.append(f"world_trade.yaml: {len(c.world_trade.cards)} cards, not "
                        f"{c.world_trade.deck_size.value}")
    for prospect in c.prospects.cards:
        effect = prospect.effect
        if effect.effect == "cancel_category" and effect.category not in categories:
            problems.append(f"prospects.yaml: {prospect.id} cancels unknown category")
    topics = [r.topic for r in c.rulings.rulings]
    if len(set(topics)) != len(topics):
        problems.append("rulings.yaml: a topic is used twice")
    if problems:
        raise ContentError("\n".join(problems))
    # every port can be reached from the start port
    seen = {c.start_port}
    frontier = [c.start_port]
    while frontier:
        here = frontier.pop()
        for r in c.routes_from(here):
            there = r.other(here)
            if there not in seen:
                seen.add(there)
                frontier.append(there)
    if seen != ports:
        problems.append(f"routes.yaml: ports not reachable from {c.start_port}: "
                        f"{sorted(ports - seen)}")
    if problems:
        raise ContentError("\n".join(problems))


@functools.cache
def ocean_trader_content() -> OceanTraderContent:
    parts = {name: load_content(path, model) for name, (path, model) in FILES.items()}
    return build_content(**parts)
