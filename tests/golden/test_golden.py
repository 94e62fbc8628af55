"""Every golden record replays under the current rules and ends exactly as it was recorded.

A failure here means a change altered how a recorded game goes: raise the game's
``rules_version`` and declare how older games are treated, or regenerate the records with
``python -m tests.golden.make`` (see README.md beside this file)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from engine.core import NotUpgradable, Upgrade, registry
from tests.games.race import GAME as RACE
from tests.golden.records import (
    GOLDEN,
    MAX_BYTES,
    RECORDS,
    CourseChanged,
    Golden,
    check,
    dump,
    load,
    play,
)

FILES = sorted(RECORDS.glob("*.json.gz"))


@pytest.mark.parametrize("path", FILES, ids=[p.name.removesuffix(".json.gz") for p in FILES])
def test_a_recorded_game_ends_as_recorded(path: Path) -> None:
    check(load(path), path.name)


def test_every_golden_game_has_its_record_and_each_is_modest() -> None:
    missing = [spec.name for spec in GOLDEN if not spec.path.exists()]
    assert not missing, f"no record for {missing}: run `python -m tests.golden.make`"
    assert {spec.game for spec in GOLDEN} == {"ships", "empires", "ocean_trader"}
    for path in FILES:
        assert path.stat().st_size <= MAX_BYTES, path.name
        record = load(path)
        assert record["final"]["version"] == len(record["log"])
        game = registry.get(record["setup"]["game"])  # options are stored with their defaults
        assert set(record["setup"]["options"]) == {o.name for o in game.options}


# --- the check itself, on the small test game ----------------------------------------------

@pytest.fixture(scope="module")
def race_record() -> dict[str, Any]:
    return play(Golden("race", 3, 7))


def edited(record: dict[str, Any]) -> dict[str, Any]:
    return copy.deepcopy(record)


def test_a_fresh_record_checks_and_is_written_the_same_each_time(
        race_record: dict[str, Any]) -> None:
    assert "as recorded" in check(race_record, "race")
    assert dump(play(Golden("race", 3, 7))) == dump(race_record)


def test_reworded_events_are_not_a_change(race_record: dict[str, Any]) -> None:
    record = edited(race_record)
    for entry in record["log"]:
        for event in entry["events"]:
            event["text"] = "Worded otherwise."
    check(record, "race")


def test_a_different_chance_outcome_is_a_change_of_course(race_record: dict[str, Any]) -> None:
    record = edited(race_record)
    entry = next(e for e in record["log"] if e["events"][0]["kind"] == "roll")
    entry["events"][0]["data"]["roll"] = entry["events"][0]["data"]["roll"] % 6 + 1
    with pytest.raises(CourseChanged) as raised:
        check(record, "race")
    text = str(raised.value)
    assert text.startswith("The course of a recorded Harbour Race game changed (race): "
                           f"entry {entry['seq']} ")
    assert "raise Harbour Race's rules_version and write an upgrade step" in text
    assert "regenerate the golden records with `python -m tests.golden.make`" in text


def test_a_different_outcome_is_a_change_of_course(race_record: dict[str, Any]) -> None:
    record = edited(race_record)
    record["outcome"]["end_reason"] = "something else"
    with pytest.raises(CourseChanged, match="course of a recorded Harbour Race game"):
        check(record, "race")


def test_a_different_final_state_is_reported_as_such(race_record: dict[str, Any]) -> None:
    record = edited(race_record)
    record["final"]["sha256"] = "0" * 64
    with pytest.raises(CourseChanged, match="final state of a recorded Harbour Race game"):
        check(record, "race")


def test_a_record_from_older_rules_is_upgraded_first(
        race_record: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    record = edited(race_record)
    record["setup"]["rules_version"] = "0"
    with pytest.raises(CourseChanged, match="cannot continue under the current rules"):
        check(record, "race")  # no step from 0 is declared

    monkeypatch.setattr(type(RACE), "version_steps", (Upgrade("0", "1"),))
    assert "upgraded from Harbour Race 0 to 1" in check(record, "race")

    monkeypatch.setattr(type(RACE), "version_steps", (NotUpgradable("0", "1", "Tides."),))
    with pytest.raises(CourseChanged, match="Tides"):
        check(record, "race")


def test_an_upgrade_that_does_not_replay_is_reported(
        race_record: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    record = edited(race_record)
    record["setup"]["rules_version"] = "0"
    broken = Upgrade("0", "1", action=lambda a: {**a, "type": "sail"})
    monkeypatch.setattr(type(RACE), "version_steps", (broken,))
    with pytest.raises(CourseChanged, match="after its upgrade: entry 1 is refused"):
        check(record, "race")
