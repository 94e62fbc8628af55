"""engine.core on its own: step's checks, undo, options, content loading, the registry."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from engine.core import (
    ContentError,
    OptionError,
    Rejection,
    SetupRecord,
    Undo,
    registry,
    step,
)
from engine.core.content import ContentModel, parse_content
from engine.core.errors import CANNOT_UNDO, GAME_OVER, ILLEGAL, MALFORMED, NOT_AN_ACTOR, STALE
from tests.games.race import GAME, RaceState


def new(seed: int = 1, seats: int = 2, **options: object) -> RaceState:
    return GAME.setup(GAME.resolve_options(options), seats, seed)


def test_step_checks_in_order() -> None:
    state = new()
    idle = 1 - state.active
    # well-formed comes first, even from a seat that may not act, at a stale version
    assert step(GAME, state, idle, {"type": "fly"}, 99).code == MALFORMED  # type: ignore[union-attr]
    assert step(GAME, state, idle, {"type": "roll"}, 99).code == STALE  # type: ignore[union-attr]
    refused = step(GAME, state, idle, {"type": "roll"}, 0)
    assert isinstance(refused, Rejection) and refused.code == NOT_AN_ACTOR
    assert refused.message == f"It is {{s{state.active}}}'s turn, not yours."
    done = state.model_copy(update={"positions": [99, 0]})
    assert step(GAME, done, 0, {"type": "roll"}, 0).code == GAME_OVER  # type: ignore[union-attr]


def test_illegal_action_is_refused_by_the_game_with_its_reason() -> None:
    state = new(energy=0)
    refused = step(GAME, state, state.active, {"type": "boost"}, 0)
    assert isinstance(refused, Rejection)
    assert refused.code == "no_energy" and "no energy" in refused.message
    assert ILLEGAL == "illegal"


def test_undo_back_to_chance_and_never_another_seats_action() -> None:
    state = new()
    me = state.active
    first = step(GAME, state, me, {"type": "boost"}, 0)
    second = step(GAME, first.state, me, {"type": "boost"}, 1)  # type: ignore[union-attr]
    s2 = second.state  # type: ignore[union-attr]
    assert len(s2.undo_points) == 2
    back = step(GAME, s2, me, Undo(), 2)
    assert back.state.version == 3 and back.state.boost == 1  # type: ignore[union-attr]
    other = step(GAME, s2, 1 - me, Undo(), 2)
    assert isinstance(other, Rejection) and other.code == CANNOT_UNDO
    rolled = step(GAME, s2, me, {"type": "roll"}, 2).state  # type: ignore[union-attr]
    assert rolled.undo_points == []
    assert step(GAME, rolled, me, Undo(), 3).code == CANNOT_UNDO  # type: ignore[union-attr]
    card = step(GAME, state, me, {"type": "play_card"}, 0).state  # type: ignore[union-attr]
    assert card.undo_points == []  # revealing a card is a barrier too


def test_replay_is_deterministic_from_the_seed() -> None:
    setup = SetupRecord(game="race", rules_version="1", seats=3, seed=77)
    a, b = setup.create(GAME), setup.create(GAME)
    assert a == b and a.hands != new(78, 3).hands or a.deck != new(78, 3).deck


def test_options_defaults_and_validation() -> None:
    assert GAME.resolve_options({}) == {"target": 20, "energy": 2}
    assert GAME.resolve_options({"target": "30"})["target"] == 30
    with pytest.raises(OptionError, match="at least 8"):
        GAME.resolve_options({"target": 3})
    with pytest.raises(OptionError, match="whole number"):
        GAME.resolve_options({"target": "far"})
    with pytest.raises(OptionError, match="2 to 4 players"):
        GAME.setup(GAME.resolve_options({}), 5, 1)


def test_options_shown_are_those_that_count() -> None:
    trader = registry.get("ocean_trader")
    full = trader.resolve_options({"variant": "full"})
    assert full["turns"] == 30  # kept (a record replays with it), but not shown
    assert trader.options_in_play(full) == {"variant": "full"}
    short = trader.resolve_options({"turns": "12"})
    assert trader.options_in_play(short) == {"variant": "short", "turns": 12}
    assert GAME.options_in_play(GAME.resolve_options({})) == {"target": 20, "energy": 2}


def test_registry_lists_and_refuses_unknown_games() -> None:
    assert registry.get("race") is GAME
    assert GAME in registry.all_games()
    with pytest.raises(KeyError, match="No game 'nope'"):
        registry.get("nope")


class Board(ContentModel):
    name: str
    ports: list[int]


def test_content_error_names_file_path_and_problem() -> None:
    path = Path("data/example/board.yaml")
    with pytest.raises(ContentError) as err:
        parse_content(path, "name: Aegean\nports: [1, two]\n", Board)
    text = str(err.value)
    assert "data/example/board.yaml" in text and "ports/1" in text and "integer" in text
    with pytest.raises(ContentError, match="Extra inputs"):
        parse_content(path, "name: A\nports: []\ncolour: red\n", Board)
    with pytest.raises(ContentError, match="line 2"):
        parse_content(path, "name: A\n  ports: [\n", Board)
    board = parse_content(path, "name: A\nports: [1]\n", Board)
    with pytest.raises(ValidationError):
        board.name = "B"  # type: ignore[misc]
