"""The Ocean Trader data files: they load, agree with each other, pin the rulebook's numbers,
keep the placeholders labelled as such, and report broken data with its file and place."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.content import DATA_DIR, load_content, parse_content
from engine.core.errors import ContentError
from engine.ocean_trader.commands import table
from engine.ocean_trader.content import FILES, build_content, ocean_trader_content
from engine.ocean_trader.content_models import RoutesFile, RulesFile, RulingsFile

DIR = DATA_DIR / "ocean_trader"


@pytest.mark.parametrize("name", sorted(FILES))
def test_every_file_loads(name: str) -> None:
    path, model = FILES[name]
    assert isinstance(load_content(path, model), model)


def test_every_yaml_file_is_loaded() -> None:
    # help.yaml is the command table's (engine.ocean_trader.commands), loaded and checked there
    shipped = {p.name for p in DIR.glob("*.yaml")} - {"help.yaml"}
    assert shipped == {Path(p).name for p, _ in FILES.values()}
    assert table().help


def test_rulebook_numbers_are_pinned() -> None:
    r = ocean_trader_content().rules
    assert (r.players.min, r.players.max) == (2, 6)
    assert (r.start.cash, r.start.ships, r.start.policies) == (750, 1, 1)
    assert (r.ships.max_per_player, r.ships.buy_price, r.ships.sell_price) == (3, 2000, 1000)
    assert r.ships.cargo_capacity == 3
    assert (r.insurance.first_policy_price, r.insurance.extra_policy_price,
            r.insurance.surrender_value) == (0, 500, 250)
    assert r.bills_of_lading_per_goods.value == 6
    assert [(row.max_players, row.cards) for row in r.world_trade.in_play] == [(4, 5), (6, 7)]
    assert r.world_trade.purchases_per_card == 2
    assert r.world_trade.sale_multipliers == (4, 2)
    assert r.world_trade.unwanted_goods_divisor == 2
    assert r.suez_canal_fee.value == 50
    assert (r.roaring_forties.eastward, r.roaring_forties.westward) == (2, -2)
    assert (r.shares.certificates, r.shares.certificates_two_players) == (10, 9)
    assert (r.shares.price, r.shares.banker_buyback) == (1000, 500)
    assert (r.claim.turns, r.claim.must_hold_ships, r.claim.must_hold_policies,
            r.claim.must_hold_cash, r.claim.forfeit_on_failure) == (12, 1, 1, 750, 1)
    assert r.die_faces.value == 6
    assert ocean_trader_content().world_trade.deck_size.value == 83
    assert ocean_trader_content().start_port == "LIV"


def test_found_values_are_labelled_found() -> None:
    r = ocean_trader_content().rules
    for block in (r.players, r.start, r.ships, r.insurance, r.world_trade, r.roaring_forties,
                  r.shares, r.claim, r.die_faces, r.suez_canal_fee,
                  r.bills_of_lading_per_goods):
        assert block.provenance == "found", block
        assert block.source and "rulebook" in block.source


def test_placeholders_keep_their_provenance() -> None:
    c = ocean_trader_content()
    for part in (c.goods, c.ports, c.routes, c.world_trade, c.prospects):
        assert part.provenance == "reconstructed"
    assert c.rules.asset_values.provenance == "inferred"
    assert c.rules.short_game.provenance == "unknown"


def test_board_and_decks_have_the_reconstructed_shape() -> None:
    c = ocean_trader_content()
    assert len(c.ports.ports) == 29
    assert len(c.routes.routes) == 42
    assert sum(r.spaces for r in c.routes.routes) == 225
    assert sum(len(r.red) for r in c.routes.routes) == 33
    assert len(c.goods.goods) == 18 and len(c.goods.categories) == 6
    assert len(c.world_trade.cards) == 83
    assert len(c.prospect_deck()) == 30
    assert [r.id for r in c.routes.routes if r.suez_canal] == ["R05"]
    assert [r.id for r in c.routes.routes if r.roaring_forties_east_end] == ["R21"]
    assert sum(1 for k in c.prospects.cards if k.effect.effect == "cancel_category") == 6


def test_broken_yaml_names_the_file_and_line() -> None:
    with pytest.raises(ContentError, match=r"rules\.yaml: line \d+"):
        parse_content(DIR / "rules.yaml", "players: [1, 2\n", RulesFile)


def test_a_misspelt_key_names_the_file_and_place() -> None:
    text = (DIR / "routes.yaml").read_text(encoding="utf-8").replace("spaces: 2,", "spaecs: 2,",
                                                                      1)
    with pytest.raises(ContentError, match=r"routes\.yaml: routes/0/spaecs"):
        parse_content(DIR / "routes.yaml", text, RoutesFile)


def test_cross_file_checks_catch_an_unknown_port() -> None:
    c = ocean_trader_content()
    bad = c.routes.model_copy(update={"routes": (
        c.routes.routes[0].model_copy(update={"b": "XXX"}), *c.routes.routes[1:])})
    parts = {name: getattr(c, name) for name in FILES}
    parts["routes"] = bad
    with pytest.raises(ContentError, match="unknown port XXX"):
        build_content(**parts)


def test_rulings_load_and_each_quotes_the_passage_it_reads() -> None:
    rulings = ocean_trader_content().rulings
    assert rulings.provenance == "inferred"
    assert len(rulings.rulings) >= 5
    topics = {r.topic for r in rulings.rulings}
    assert len(topics) == len(rulings.rulings)
    assert {"Insurance policies belong to the office", "Selling a ship with cargo aboard",
            "Entering the Roaring Forties during a throw",
            "Secrets and the flow of play"} <= topics
    for r in rulings.rulings:
        assert r.ruling.strip() and len(r.passage.split()) >= 5
    from engine.ocean_trader import GAME

    assert GAME.rulings()[0] == (rulings.rulings[0].topic, rulings.rulings[0].ruling,
                                 rulings.rulings[0].passage)


def test_a_ruling_without_a_passage_is_refused() -> None:
    text = "provenance: inferred\nrulings:\n  - {topic: A, ruling: B}\n"
    with pytest.raises(ContentError, match="rulings/0/passage"):
        parse_content(Path("rulings.yaml"), text, RulingsFile)
    with pytest.raises(ContentError, match="rulings"):
        parse_content(Path("rulings.yaml"), "provenance: inferred\nrulings: []\n", RulingsFile)
