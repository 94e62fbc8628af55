"""The Empires at Sea data files load and pin the rulebook's numbers and tables; reconstructed
values keep their provenance."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core.content import DATA_DIR, load_content, parse_content
from engine.core.errors import ContentError
from engine.empires.commands import table
from engine.empires.content import FILES, RulesFile, empires_content


@pytest.mark.parametrize("name", sorted(FILES))
def test_every_file_loads(name: str) -> None:
    path, model = FILES[name]
    assert isinstance(load_content(path, model), model)


def test_every_yaml_file_is_loaded() -> None:
    shipped = {p.name for p in (DATA_DIR / "empires").glob("*.yaml")}
    # help.yaml is the command table's (engine.empires.commands), loaded and checked there
    assert shipped - {"help.yaml"} == {path.split("/")[1] for path, _ in FILES.values()}
    assert table().help


def test_a_misspelt_key_names_the_file_and_place() -> None:
    text = (DATA_DIR / "empires" / "rules.yaml").read_text().replace("hand_size", "hand_sise")
    with pytest.raises(ContentError, match="setup"):
        parse_content(DATA_DIR / "empires" / "rules.yaml", text, RulesFile)


def test_rulebook_numbers() -> None:
    r = empires_content().rules
    assert (r.players.min, r.players.max) == (2, 5)
    assert [n.id for n in r.nations.items] == ["us", "britain", "france", "spain", "dutch"]
    assert [n.from_players for n in r.nations.items] == [2, 2, 3, 4, 5]
    p = r.pieces_per_nation
    assert (p.port_cubes, p.transport, p.frigate, p.ship_of_the_line) == (10, 5, 4, 2)
    assert r.shared_pieces.fort_tokens == 20 and r.shared_pieces.dice == 2
    assert r.setup.hand_size == 6
    assert r.setup.start_resources.model_dump() == {"gold": 2, "wood": 2, "steel": 2}
    assert (r.setup.history_per_era, r.setup.history_per_era_five_players) == (5, 4)
    assert r.setup.weather_dealt == 15
    assert r.turn.actions == 5 and r.turn.discard_for_gold == 3 and r.turn.pirate_actions == 5
    assert r.turn.buy_port_cost.model_dump() == {"gold": 1, "wood": 1, "steel": 1}
    assert r.turn.buy_port_ends_turn and r.turn.attack_ends_turn
    assert r.map_side_by_players.sides == {2: "americas", 3: "atlantic", 4: "atlantic",
                                           5: "atlantic"}


def test_table_of_war() -> None:
    war = empires_content().rules.table_of_war
    assert war.weather_gage == 1
    assert {k: (v.attack, v.defence) for k, v in war.ships.items()} == {
        "ship_of_the_line": (2, 8), "frigate": (1, 7), "transport": (0, 5)}
    assert {k: v.defence for k, v in war.ports.items()} == {"port": 5, "fort": 8,
                                                           "naval_base": 9}
    assert war.provenance == "found"


def test_fleet_dice_and_counter_attacks() -> None:
    c = empires_content().rules.combat
    assert c.fleet_extra_die_per_ship == 1
    assert c.counter_targets == {"ship_of_the_line": 2, "frigate": 1, "transport": 1}
    assert (c.attack_succeeds, c.counter_succeeds) == ("at_least", "greater_than")
    assert c.naval_base_limit == 2
    assert empires_content().rules.pirate.pirates_bay_defence == "naval_base"


def test_empire_scoring_card() -> None:
    s = empires_content().rules.scoring
    assert s.ships == {"transport": 2, "frigate": 5, "ship_of_the_line": 10}
    assert s.ports == {"port": 2, "fort": 5, "naval_base": 10}
    assert (s.gold_per_point, s.wood_or_steel_per_point) == (2, 5)


def test_deck_sizes() -> None:
    c = empires_content()
    types = Counter(c.captain(x).type for x in c.captain_deck())
    assert len(c.captain_deck()) == 76
    assert types == {"event": 37, "industry": 12, "advancement": 12, "order": 15}
    assert Counter(h.era for h in c.history.cards) == {1: 18, 2: 18, 3: 18}
    for era in (1, 2, 3):
        marks = Counter(h.min_players for h in c.history.cards if h.era == era)
        assert marks == {2: 7, 3: 5, 4: 3, 5: 3}
    assert len(c.weather_deck()) == 18
    assert len(c.map.ports) == 37 and sum(p.ruby for p in c.map.ports) == 21


def test_the_two_map_sides() -> None:
    c = empires_content()
    americas, atlantic = c.board("americas"), c.board("atlantic")
    assert (americas.width, atlantic.width, atlantic.height) == (16, 30, 24)
    assert len(americas.ports) == 21 and all(p.ruby for p in americas.ports.values())
    assert len(atlantic.ports) == 37
    for b in (americas, atlantic):
        assert b.is_sea(b.pirate_start) and not b.is_sea(b.pirates_bay)
        assert all(not b.is_sea(p.cell) and b.sea_beside(p.cell) for p in b.ports.values())
    med = [x for x in atlantic.sea if atlantic.in_region(x, "mediterranean")]
    assert len(med) == 9


def test_reconstructed_values_keep_their_provenance() -> None:
    c = empires_content()
    assert c.map.provenance == "reconstructed"
    land_ho = c.captain("land_ho")
    assert land_ho.provenance == "found" and land_ho.count_provenance == "reconstructed"
    assert c.captain("decoy").provenance == "found"
    assert c.captain("launch_frigate").provenance == "reconstructed"
    found_history = {h.id for h in c.history.cards if h.provenance == "found"}
    assert found_history == {"congress_of_vienna", "trafalgar", "irish_famine",
                             "smallpox_vaccine", "austrian_succession", "great_exhibition",
                             "aix_la_chapelle"}
    assert {w.id for w in c.weather.cards if w.provenance == "found"} == {"steady_winds",
                                                                         "strong_breeze"}
    assert sum(1 for h in c.history.cards if h.provenance == "reconstructed") == 47
