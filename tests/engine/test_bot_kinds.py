"""The bots a host may name: the same three for every game, the strongest the default."""

from __future__ import annotations

import pytest

from engine import catalog
from engine.core import RandomBot, registry
from engine.core.bots import (
    BOT_KINDS,
    bot_line,
    bot_names,
    canonical,
    default_bot,
    make_bot,
    resolve,
)
from engine.core.search import SearchBot

catalog.load()
GAMES = ["ships", "empires", "ocean_trader"]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_the_three_and_the_strongest_is_the_default(game_id: str) -> None:
    game = registry.get(game_id)
    assert bot_names(game) == ["strong", "easy", "random"]
    expected = "strong"
    assert type(game).search_by_default
    assert default_bot(game) == expected
    assert resolve(game, None) == resolve(game, "") == expected
    assert bot_line(game, expected).endswith("(the default)")
    assert [n for n in bot_names(game) if bot_line(game, n).endswith("(the default)")] == [
        expected]
    strong = make_bot(game, "strong", 0.3)
    assert isinstance(strong, SearchBot) and strong.budget == 0.3
    assert type(make_bot(game, "easy")) is type(game.bots()["standard"])
    assert isinstance(make_bot(game, "random"), RandomBot)


def test_the_old_name_and_any_case_are_read_as_meant() -> None:
    game = registry.get("ships")
    assert canonical(" Standard ") == "easy" and canonical("STRONG") == "strong"
    assert resolve(game, "standard") == "easy"
    with pytest.raises(KeyError):
        resolve(game, "grandmaster")


def test_a_game_without_a_bot_of_its_own_stands_in_the_next_weaker() -> None:
    """The test game has no rule-of-thumb bot, so no strong bot either: only random, which
    is therefore its default (every real game has all three)."""
    from tests.games import race  # noqa: F401  (registers it)

    game = registry.get("race")
    assert bot_names(game) == ["random"]
    assert resolve(game, "strong") == resolve(game, "easy") == "random"


def test_each_kind_has_a_line_for_people() -> None:
    assert list(BOT_KINDS) == ["strong", "easy", "random"]
    # an autocomplete choice shows "name: line" in at most 100 characters
    assert all(10 < len(f"{name}: {line}") <= 100 for name, line in BOT_KINDS.items())
