"""Menu options and autocomplete choices: cut to Discord's 100 characters, and never two alike.

A Ships card's label carries its text, so two ways of taking one card ("pay with a merchant
cube", "pay with a free action cube") once read the same when cut at the end."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.ui.text import CHOICE_TEXT_LIMIT, choice_names, clip_choice
from engine.core import Game, get
from tests.contract.playout import played


def test_a_long_name_is_cut_in_the_middle_keeping_its_start_and_end() -> None:
    label = ("Take card Greek Empire (Take 2 gold; score 2 VP for each of your cubes in an oil "
             "trade box.): pay with a free action cube")
    name = clip_choice(label)
    assert len(name) <= CHOICE_TEXT_LIMIT and "…" in name
    assert name.startswith("Take card Greek Empire")
    assert name.endswith("pay with a free action cube")
    assert clip_choice("short") == "short"


def test_names_alike_once_cut_are_told_apart() -> None:
    base = "x" * 150
    names = choice_names([base + "a" + "y" * 60, base + "b" + "y" * 60, "plain"])
    assert names[0] != names[1] and names[2] == "plain"
    assert all(len(n) <= CHOICE_TEXT_LIMIT for n in names)
    # labels alike but for one character far from both ends show it (or their place)
    same = ["z" * 60 + c + "z" * 60 for c in "ab"]
    shown = choice_names(same)
    assert shown[0] != shown[1] and all(len(n) <= CHOICE_TEXT_LIMIT for n in shown)


@pytest.mark.parametrize(("game_id", "seats"), [("ships", 4), ("empires", 5),
                                                ("ocean_trader", 6)])
def test_every_decision_of_a_game_lists_distinct_names(game_id: str, seats: int) -> None:
    game: Game[Any] = get(game_id)
    long = numbered = 0
    for state in played(game, seats, 1).states[::3]:
        for seat in game.actors(state):
            labels = [a.label for a in game.legal_actions(state, seat)]
            if len(set(labels)) < len(labels):
                continue  # the engine's own labels alike: not this test's to judge
            names = choice_names(labels)
            assert len(set(names)) == len(names)
            assert all(len(n) <= CHOICE_TEXT_LIMIT for n in names)
            long += sum(1 for label in labels if len(label) > CHOICE_TEXT_LIMIT)
            numbered += sum(1 for n in names if re.search(r" #\d+$", n))
    # what tells a move apart shows in its name: a place in the list is a rare last resort
    assert numbered <= 0.02 * long


def test_a_long_name_keeps_what_tells_it_from_its_twins() -> None:
    place = "Age 5, warship: "
    labels = [f"{place}{city} in Area 5; disc from {row}; pay with {pay}"
              for city in ("North America city: +2 merchant cubes", "Caribbean city: +4 VP")
              for row in ("warehouse", "bank")
              for pay in ("a merchant cube", "oil for a free action cube + 2 gold")]
    names = choice_names(labels)
    assert sum(len(label) > CHOICE_TEXT_LIMIT for label in labels) >= 2
    for label, name in zip(labels, names, strict=True):
        assert name.startswith("Age 5,")
        for part in ("North America", "warehouse", "pay with a merchant cube"):
            assert (part in name) == (part in label), (name, label)
        assert not re.search(r" #\d+$", name)
