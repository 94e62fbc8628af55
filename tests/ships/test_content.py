"""The Ships data files: they load, they agree with each other, the rulebook's numbers are pinned,
broken data is reported with its file and place, and placeholders keep their provenance."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.core.content import DATA_DIR, load_content, parse_content
from engine.core.errors import ContentError
from engine.ships import GAME
from engine.ships.commands import table
from engine.ships.content import (
    FILES,
    ShipsContent,
    build_content,
    ships_content,
    ships_rulings,
)
from engine.ships.content_checks import check_rulings
from engine.ships.content_models import (
    AgesFile,
    DisplayFile,
    GoldBox,
    GoodsBox,
    RulingsFile,
    SpiceBox,
)
from engine.ships.effects import (
    EFFECT_TYPES,
    CardsFile,
    ConvertGoods,
    GainEffect,
    OpponentsDiscardGoods,
    PerOwnCube,
    PerOwnShip,
    PlaceShip,
    RetrieveCubes,
    SellGoods,
)

SHIPS_DIR = DATA_DIR / "ships"


@pytest.fixture(scope="module")
def content() -> ShipsContent:
    return ships_content()


def _text(name: str) -> str:
    return (SHIPS_DIR / name).read_text(encoding="utf-8")


def _rebuild(content: ShipsContent, **files: Any) -> ShipsContent:
    parts: dict[str, Any] = {
        name: getattr(content, name) for name in ("ages", "areas", "display", "cards", "components")
    }
    parts.update(files)
    return build_content(**parts)


# ---------------------------------------------------------------------- loading


@pytest.mark.parametrize("name", sorted(FILES))
def test_every_file_loads(name: str) -> None:
    path, model = FILES[name]
    assert isinstance(load_content(path, model), model)


def test_every_yaml_file_is_loaded() -> None:
    # help.yaml is the command table's (engine.ships.commands), loaded and checked there
    shipped = {p.name for p in SHIPS_DIR.glob("*.yaml")} - {"help.yaml"}
    assert shipped == {Path(path).name for path, _ in FILES.values()}
    assert table().help


def test_files_agree_with_each_other(content: ShipsContent) -> None:
    assert ships_content() is content  # loaded and checked once
    _rebuild(content)  # the cross-checks pass


# ---------------------------------------------------------------------- ship age track


def test_eleven_ages_in_three_eras(content: ShipsContent) -> None:
    assert [a.age for a in content.ages.ages] == list(range(1, 12))
    assert [a.era for a in content.ages.ages] == ["galley"] * 4 + ["sailing"] * 4 + ["steam"] * 3
    assert content.ages.era_split.provenance == "found"
    assert content.age(1).border_cost is None


def test_age_5_border_cost_and_first_ship_vp(content: ShipsContent) -> None:
    age5 = content.age(5)
    assert age5.border_cost is not None
    assert (age5.border_cost.value, age5.border_cost.provenance) == (9, "found")
    assert (age5.first_ship_vp.value, age5.first_ship_vp.provenance) == (5, "found")
    # The rulebook's example: seven ships in Age 4 leave two counters to pay.
    assert max(0, age5.border_cost.value - 7) == 2


def test_obsolescence_penalties(content: ShipsContent) -> None:
    p = content.ages.penalties
    assert (p.two_below_vp_loss, p.three_below_vp_loss, p.three_below_returned) == (1, 2, True)
    assert p.provenance == "found"


def test_ship_boxes_named_by_sources(content: ShipsContent) -> None:
    assert (content.age(1).merchant.name, content.age(1).warship.name) == (
        "Phoenician Trader", "Phoenician Galley")
    assert (content.age(11).merchant.name, content.age(11).warship.name) == (
        "Tramp Steamer", "Lexington")
    age, side, _ = content.ship_box("great_western")  # Emigrants: the Great Western merchant box
    assert (age.era, side) == ("steam", "merchant")
    assert content.ship_box("longships")[0].era == "galley"  # Vikings!
    assert content.ship_box("lusitania")[0].era == "steam"  # Blue Riband
    assert content.ship_box("tramp_steamer")[0].age == 11  # Refrigeration


# ---------------------------------------------------------------------- areas


def test_areas_two_to_seven(content: ShipsContent) -> None:
    assert [a.area for a in content.areas.areas] == [2, 3, 4, 5, 6]
    assert content.rest_of_world.area == 7
    assert content.area(2).border_cost is None
    assert content.area(2).name.value == "Eastern Mediterranean"
    for area in content.areas.areas:
        assert area.vp_value == area.area


def test_area_5_border_cost(content: ShipsContent) -> None:
    cost = content.area(5).border_cost
    assert cost is not None and (cost.value, cost.provenance) == (10, "found")


def test_miletus_has_an_oil_trade_box(content: ShipsContent) -> None:
    area, miletus = content.location_area("miletus")
    assert area.area == 2 and miletus.provenance == "found"
    oil = [b for b in miletus.trade_boxes if isinstance(b, GoodsBox) and b.good == "oil"]
    assert oil and oil[0].provenance == "found"


def test_knossos_has_a_merchant_cube_city(content: ShipsContent) -> None:
    area, knossos = content.location_area("knossos")
    assert area.area == 2
    found = [s for s in knossos.city_spaces if s.provenance == "found"]
    assert [(s.gain, s.amount) for s in found] == [("merchant_cubes", 1)]


def test_area_4_has_the_six_named_locations(content: ShipsContent) -> None:
    area4 = content.area(4)
    assert [loc.name for loc in area4.locations] == [
        "London", "Amsterdam", "Danzig", "Bordeaux", "Lübeck", "Birka"]
    assert all(loc.provenance == "found" for loc in area4.locations)
    assert area4.location_list.provenance == "inferred"


def test_the_one_two_gold_box_is_in_south_america(content: ShipsContent) -> None:
    gold = [(area.area, loc.id, box) for area in content.areas.areas for loc in area.locations
            for box in loc.trade_boxes if isinstance(box, GoldBox)]
    assert len(gold) == 1
    area, location, box = gold[0]
    assert (area, location, box.amount, box.provenance) == (5, "south_america", 2, "found")


def test_spice(content: ShipsContent) -> None:
    spice = content.areas.spice_box
    assert (spice.vp, spice.gold, spice.cubes_locked, spice.industry_allowed) == (7, 1, 1, False)
    boxes = [b for loc in content.area(6).locations for b in loc.trade_boxes]
    assert any(isinstance(b, SpiceBox) for b in boxes)


def test_city_spaces_follow_the_rulebook(content: ShipsContent) -> None:
    for area in content.areas.areas:
        for loc in area.locations:
            assert 1 <= len(loc.city_spaces) <= 2, loc.id
            assert loc.trade_boxes, loc.id
            for space in loc.city_spaces:
                if space.gain == "navigation":
                    assert space.amount == 2
                if space.gain == "industry":
                    assert space.amount == 1


def test_area_7(content: ShipsContent) -> None:
    world = content.rest_of_world
    assert world.name.value == "The Rest of the World"
    assert world.merchant_box.unlimited and world.warship_box.unlimited
    assert world.warship_box.vp == 6
    assert world.merchant_box.goods_taken == 1
    assert world.merchant_box.excluded_goods == ("oil",)
    assert "oil" not in {c.good for c in world.merchant_box.goods_choice}
    assert "cloth" in {c.good for c in world.merchant_box.goods_choice}


# The rulebook's Area 5 example: who has what in Area 4 when Green opens Area 5.
AREA_4_EXAMPLE = {
    "green": {"london": (2, 0), "amsterdam": (1, 1)},  # location: (cubes, discs)
    "red": {"danzig": (1, 1), "amsterdam": (1, 0)},
    "blue": {"bordeaux": (1, 2), "lubeck": (1, 0)},
    "yellow": {"london": (0, 1), "lubeck": (0, 1), "danzig": (1, 0), "birka": (1, 0)},
}


def test_area_4_scoring_example_fits_the_board(content: ShipsContent) -> None:
    area4 = content.area(4)
    cubes: Counter[str] = Counter()
    discs: Counter[str] = Counter()
    scores = {}
    for player, pieces in AREA_4_EXAMPLE.items():
        score = 0
        for location, (c, d) in pieces.items():
            cubes[location] += c
            discs[location] += d
            score += c * area4.vp_value + d * (area4.vp_value + c)
        scores[player] = score
    assert scores == {"green": 17, "red": 13, "blue": 18, "yellow": 16}
    for loc in area4.locations:
        assert cubes[loc.id] <= len(loc.trade_boxes), loc.id
        assert discs[loc.id] <= len(loc.city_spaces), loc.id
    # Six discs in Area 4 take six off the ten counters into Area 5.
    assert content.border_cost_into_area(5) - sum(discs.values()) == 4


# ---------------------------------------------------------------------- player display


def test_eight_action_boxes(content: ShipsContent) -> None:
    assert [a.id for a in content.display.actions] == [
        "place_ship", "upgrade_ship", "remove_ship", "take_card", "take_gold",
        "take_navigation", "sell_goods", "retrieve_cubes"]
    upgrade = content.action("upgrade_ship").costs
    assert (upgrade.merchant_cube, upgrade.free_action_cube, upgrade.provenance) == (1, 3, "found")
    assert content.action("take_card").once_per_turn
    assert content.action("take_gold").needs_bank_space
    card = content.action("take_card").costs
    assert (card.merchant_cube, card.free_action_cube) == (0, 0)


def test_action_cubes_per_era(content: ShipsContent) -> None:
    per_era = {}
    for era in ("galley", "sailing", "steam"):
        cubes = content.action_cubes(era)
        per_era[era] = (cubes.merchant_cubes, cubes.free_action_cubes)
    assert per_era == {"galley": (2, 0), "sailing": (2, 1), "steam": (2, 2)}
    assert content.display.action_cubes.fallback_free_action_cubes == 1


def test_disc_layout(content: ShipsContent) -> None:
    rows = {r.id: r for r in content.display.rows}
    assert rows["warehouse"].open_at_start.value == 3
    assert rows["bank"].open_at_start.value == 2
    assert content.display.disc_removal.value == "leftmost"
    # 17 discs: one marks the score, the other 16 fill the display but for 3 + 2 spaces.
    assert content.components.setup.vp_marker_discs == 1
    assert content.discs_on_display == 16
    assert sum(r.spaces.value for r in rows.values()) == 21


# ---------------------------------------------------------------------- cards

RULEBOOK_CARDS = {
    "galley": {"Currency", "Docks", "Greek Empire", "Lateen Sail", "Lighthouse",
               "Navigation Device", "Phoenician Alphabet", "Ram", "Roman Empire", "Vikings!",
               "Warehouse"},
    "sailing": {"Compass", "Cannons", "Copper Bottoms", "Double-Entry Book Keeping", "Factories",
                "Hanseatic League", "Henry the Navigator", "Industry", "Lloyds of London",
                "Pirates", "Sea Clocks", "Slave Trade", "Spanish Empire", "Venetian Empire",
                "V.O.C."},
    "steam": {"Blue Riband", "British Empire", "Emigrants", "Gunship Diplomacy", "Industry",
              "Nautical Maps", "Panama Canal", "Refrigeration", "Screw Propulsion", "Ship Yards",
              "Steam-Powered Cranes", "Suez Canal"},
}


def test_fifty_five_cards_twelve_shown_per_era(content: ShipsContent) -> None:
    assert sum(c.copies.value for c in content.cards.cards) == 55
    assert content.components.supply.cards == 55
    assert content.components.setup.cards_on_display == 12
    for era in ("galley", "sailing", "steam"):
        assert len(content.deck(era)) >= 12


def test_named_cards_are_the_rulebooks(content: ShipsContent) -> None:
    for era, names in RULEBOOK_CARDS.items():
        named = {c.name for c in content.cards.cards if c.era == era and c.kind == "named"}
        assert named == names, era
    for card in content.cards.cards:
        assert card.text.strip()
        assert card.provenance == ("found" if card.kind == "named" else "reconstructed")


def test_card_effects(content: ShipsContent) -> None:
    (vikings,) = content.card("vikings").effects
    assert isinstance(vikings, PerOwnShip) and vikings.box == "longships"
    assert {(g.what, g.amount) for g in vikings.each} == {("gold", 1), ("navigation", 1)}
    for card_id in ("ram", "cannons", "gunship_diplomacy"):
        (place,) = content.card(card_id).effects
        assert isinstance(place, PlaceShip) and (place.box, place.food_cost) == ("warship", 0)
    for card_id in ("panama_canal", "suez_canal"):
        (place,) = content.card(card_id).effects
        assert isinstance(place, PlaceShip)
        assert (place.box, place.merchant_cubes) == ("merchant", 2)
    gold, cloth = content.card("british_empire").effects
    assert isinstance(gold, GainEffect) and (gold.what, gold.amount) == ("gold", 2)
    assert isinstance(cloth, PerOwnCube) and cloth.in_trade_box_with == "cloth"
    assert cloth.include_scored_areas and cloth.each[0].amount == 1
    _, cube = content.card("slave_trade").effects
    assert isinstance(cube, PerOwnCube) and cube.in_location == "caribbean"
    discard, vp = content.card("pirates").effects
    assert isinstance(discard, OpponentsDiscardGoods) and discard.amount == 1
    assert isinstance(vp, GainEffect) and (vp.what, vp.amount) == ("vp", 3)
    (hansa,) = content.card("hanseatic_league").effects
    assert isinstance(hansa, ConvertGoods) and hansa.good == "wine" and "wine" in hansa.excluded
    (cranes,) = content.card("steam_powered_cranes").effects
    assert isinstance(cranes, SellGoods)
    assert (cranes.extra_gold_per_good, cranes.vp_per_good) == (2, 1)
    (factories,) = content.card("factories").effects
    assert isinstance(factories, RetrieveCubes) and factories.action_boxes
    assert factories.areas == "all"
    voc = {(e.what, e.amount) for e in content.card("voc").effects if isinstance(e, GainEffect)}
    assert voc == {("merchant_cubes", 1), ("gold", 2), ("navigation", 2)}


def test_effect_vocabulary_is_closed_and_used(content: ShipsContent) -> None:
    used = {e.effect for c in content.cards.cards for e in c.effects}
    assert used == set(EFFECT_TYPES)


# ---------------------------------------------------------------------- components


def test_component_counts(content: ShipsContent) -> None:
    comp = content.components
    assert (comp.players.min, comp.players.max) == (2, 4)
    assert [s.count for s in comp.per_player.ship_counters] == [6, 6, 6]
    pp = comp.per_player
    assert (pp.city_discs, pp.merchant_cubes, pp.displays) == (17, 20, 1)
    s = comp.supply
    assert (s.cards, s.free_action_cubes, s.gold, s.navigation, s.industry) == (55, 25, 56, 20, 13)


def test_goods(content: ShipsContent) -> None:
    goods = {g.id: g for g in content.components.goods.items}
    assert {k: (g.counters, g.price) for k, g in goods.items()} == {
        "food": (14, 1), "oil": (8, 2), "metal": (8, 3), "wine": (10, 3), "cloth": (20, 4)}
    assert sum(g.counters for g in goods.values()) == 60
    assert goods["food"].trade_box_yield == 2
    assert all(g.trade_box_yield == 1 for k, g in goods.items() if k != "food")
    exchange = {k: {(x.what, x.amount) for x in g.exchange} for k, g in goods.items()}
    assert exchange["oil"] == {("free_action_cubes", 1)}
    assert exchange["metal"] == {("navigation", 1), ("vp", 2)}
    assert exchange["wine"] == {("gold", 1)}
    assert not exchange["food"] and not exchange["cloth"]


def test_setup_and_end(content: ShipsContent) -> None:
    comp = content.components
    assert comp.setup.start_vp == 5
    stock = comp.setup.start_stock
    assert (stock.merchant_cubes, stock.free_action_cubes) == (9, 2)
    (food,) = comp.setup.start_goods
    assert (food.seats, food.good, food.amount, food.min_players) == ((3, 4), "food", 1, 3)
    assert comp.scoring.gold_per_vp == 2
    end = comp.end_game
    assert (end.trigger_age, end.trigger_ships, end.equal_turns) == (11, 5, True)


# ---------------------------------------------------------------------- broken data


def _error(path: Path, text: str, model: type[Any]) -> str:
    with pytest.raises(ContentError) as err:
        parse_content(path, text, model)
    return str(err.value)


def test_invalid_yaml_names_file_and_line() -> None:
    message = _error(SHIPS_DIR / "cards.yaml", "cards: [\n  {id: x\n", CardsFile)
    assert "cards.yaml" in message and "line" in message


CARD = """
deck_split: {provenance: reconstructed}
cards:
  - id: sample
    name: Sample
    era: galley
    kind: named
    provenance: found
    copies: {value: 1, provenance: reconstructed}
    gold_cost: {value: 0, provenance: unknown}
    text: A sample card.
    effects:
      - EFFECT
"""


@pytest.mark.parametrize(("effect", "where"), [
    ("{effect: teleport}", "cards/0/effects/0"),
    ("{effect: gain, what: silver, amount: 1}", "cards/0/effects/0/gain/what"),
    ("{effect: gain, what: gold, amount: 0}", "cards/0/effects/0/gain/amount"),
    ("{effect: place_ship, box: warship, merchant_cubes: 2}", "cards/0/effects/0/place_ship"),
    ("{effect: per_own_cube, each: [{what: vp, amount: 1}]}", "cards/0/effects/0/per_own_cube"),
    ("{effect: upgrade_ship, free: true}", "cards/0/effects/0/upgrade_ship/free"),
])
def test_bad_effect_names_file_and_place(effect: str, where: str) -> None:
    message = _error(SHIPS_DIR / "cards.yaml", CARD.replace("EFFECT", effect), CardsFile)
    assert "cards.yaml" in message
    assert f": {where}" in message


def test_bad_provenance_and_misspelt_key() -> None:
    text = _text("ages.yaml")
    message = _error(SHIPS_DIR / "ages.yaml",
                     text.replace("provenance: found, source: \"rulebook Age 5 example: nine",
                                  "provenance: printed, source: \"rulebook Age 5 example: nine"),
                     AgesFile)
    assert "ages.yaml: ages/4/border_cost/provenance" in message
    message = _error(SHIPS_DIR / "ages.yaml",
                     text.replace("first_ship_vp: {value: 5", "first_ship_points: {value: 5"),
                     AgesFile)
    assert "ages.yaml: ages/4/first_ship_points" in message


def test_cross_check_unknown_good(content: ShipsContent) -> None:
    text = _text("cards.yaml").replace("in_trade_box_with: oil", "in_trade_box_with: olives")
    cards = parse_content(SHIPS_DIR / "cards.yaml", text, CardsFile)
    with pytest.raises(ContentError) as err:
        _rebuild(content, cards=cards)
    message = str(err.value)
    assert "cards.yaml: cards/2 (greek_empire)/effects/1/in_trade_box_with" in message
    assert "unknown good 'olives'" in message


def test_cross_check_unknown_ship_box(content: ShipsContent) -> None:
    text = _text("cards.yaml").replace("box: lusitania", "box: titanic")
    cards = parse_content(SHIPS_DIR / "cards.yaml", text, CardsFile)
    with pytest.raises(ContentError, match=r"cards\.yaml: .*\(blue_riband\)/effects/0/box"):
        _rebuild(content, cards=cards)


def test_cross_check_card_total(content: ShipsContent) -> None:
    text = _text("cards.yaml").replace(
        "copies: {value: 1, provenance: reconstructed}\n    gold_cost: {value: 1",
        "copies: {value: 2, provenance: reconstructed}\n    gold_cost: {value: 1", 1)
    cards = parse_content(SHIPS_DIR / "cards.yaml", text, CardsFile)
    with pytest.raises(ContentError, match=r"cards\.yaml: cards: 56 cards in all"):
        _rebuild(content, cards=cards)


def test_cross_check_disc_count(content: ShipsContent) -> None:
    text = _text("display.yaml").replace("spaces: {value: 10,", "spaces: {value: 11,")
    display = parse_content(SHIPS_DIR / "display.yaml", text, DisplayFile)
    with pytest.raises(ContentError, match=r"display\.yaml: rows: 17 discs start on the display"):
        _rebuild(content, display=display)


def test_cross_check_missing_age(content: ShipsContent) -> None:
    ages = content.ages.model_copy(update={"ages": content.ages.ages[:-1]})
    with pytest.raises(ContentError) as err:
        _rebuild(content, ages=ages)
    message = str(err.value)
    assert "ages.yaml: ages: ages must be numbered 1 to 11" in message
    assert "components.yaml: end_game/trigger_age" in message
    assert "cards.yaml" in message  # the Refrigeration card lost its box


# ---------------------------------------------------------------------- provenance

RECONSTRUCTED: dict[str, Callable[[ShipsContent], Any]] = {
    "Age 2 border cost": lambda c: c.age(2).border_cost,
    "Age 6 border cost": lambda c: c.age(6).border_cost,
    "Age 11 first-ship VP": lambda c: c.age(11).first_ship_vp,
    "Age 1 first-ship VP": lambda c: c.age(1).first_ship_vp,
    "Age 2 merchant name": lambda c: c.age(2).merchant,
    "Age 4 merchant name (Knarr)": lambda c: c.age(4).merchant,
    "Age 6 warship name": lambda c: c.age(6).warship,
    "Area 3 border cost": lambda c: c.area(3).border_cost,
    "Area 6 border cost": lambda c: c.area(6).border_cost,
    "Area 7 border cost": lambda c: c.rest_of_world.border_cost,
    "Area 2 location list": lambda c: c.area(2).location_list,
    "Tyre": lambda c: c.location("tyre"),
    "Miletus wine box": lambda c: c.location("miletus").trade_boxes[1],
    "Miletus city space": lambda c: c.location("miletus").city_spaces[0],
    "London trade box": lambda c: c.location("london").trade_boxes[0],
    "North America": lambda c: c.location("north_america"),
    "South America metal box": lambda c: c.location("south_america").trade_boxes[1],
    "India spice box": lambda c: c.location("india").trade_boxes[2],
    "warehouse spaces": lambda c: c.display.rows[0].spaces,
    "bank spaces": lambda c: c.display.rows[1].spaces,
    "Place ship costs": lambda c: c.action("place_ship").costs,
    "Take two navigation costs": lambda c: c.action("take_navigation").costs,
    "deck split": lambda c: c.cards.deck_split,
    "card copies": lambda c: c.card("currency").copies,
    "symbol-only card": lambda c: c.card("galley_gold_2"),
    "Merchant 2 gold cost": lambda c: c.card("sailing_merchant_2").gold_cost,
    "Gold 4 gold cost": lambda c: c.card("steam_gold_4").gold_cost,
    "VP track length": lambda c: c.components.vp_track.track_length,
}


@pytest.mark.parametrize("what", sorted(RECONSTRUCTED))
def test_reconstructed_values_stay_labelled(content: ShipsContent, what: str) -> None:
    assert RECONSTRUCTED[what](content).provenance == "reconstructed"


def test_other_labels(content: ShipsContent) -> None:
    assert content.card("currency").gold_cost.provenance == "unknown"
    assert content.card("sailing_merchant_2").gold_cost.value == 1
    assert content.age(9).merchant.provenance == "inferred"
    assert content.area(5).name.provenance == "inferred"
    assert content.action("take_card").costs.provenance == "inferred"
    assert content.rest_of_world.merchant_box.industry_allowed.provenance == "inferred"
    assert content.components.limited_supply.provenance == "inferred"
    assert {s.provenance for s in content.location("bordeaux").city_spaces} == {"inferred"}


# ---------------------------------------------------------------------- rulings


def test_rulings_load_and_name_their_passages() -> None:
    rulings = ships_rulings()
    topics = [r.topic for r in rulings]
    assert len(topics) == len(set(topics))
    assert "Retrieve from one area: some or all" in topics
    assert all(r.ruling and len(r.passage) >= 20 for r in rulings)
    assert GAME.rulings()[0] == (rulings[0].topic, rulings[0].ruling, rulings[0].passage)


def test_rulings_file_is_checked() -> None:
    entry = {"topic": "Twice", "ruling": "A ruling.",
             "passage": "A passage of the rulebook, quoted."}
    with pytest.raises(ContentError, match="used 2 times"):
        check_rulings(RulingsFile.model_validate({"rulings": [entry, entry]}))
    with pytest.raises(ContentError, match="quote the rulebook"):
        check_rulings(RulingsFile.model_validate(
            {"rulings": [{**entry, "passage": "Retrieve"}]}))
    with pytest.raises(ValueError):
        RulingsFile.model_validate({"rulings": [{**entry, "ruling": " "}]})


@pytest.mark.parametrize("topic", [
    "Panama and Suez Canal: both cubes in one area",
    "The next area stays open",
    "A spice box needs two cubes",
    "Empire cards count every area",
    "Fewer than five ships in Age 11 again",
])
def test_the_rulings_a_player_can_read_include_the_engines_readings(topic: str) -> None:
    """Where the rulebook is open, the reading the engine plays is written down for players
    (GAME.rulings, the rules help), not only in a comment of the data files. Each of these is
    played as written: tests/ships/test_rules_cards.py (the canal and empire cards),
    test_rules_place.py (the next area; spice), test_rules_end.py (Age 11)."""
    assert topic in [t for t, _, _ in GAME.rulings()]
