"""bench/hidden.py: the search sees what it is told to of the true state, and nothing more."""

from __future__ import annotations

from types import ModuleType

from engine.core import registry
from engine.core.rng import Rng
from tests.benches import load as load_bench


def load() -> ModuleType:
    return load_bench("hidden")


def samples(sees: str) -> tuple[object, object, object]:
    """The true state of a race game, and the sample the bench gives seat 0 from it and from
    a fresh generator, both drawn alike."""
    hidden = load()
    game = registry.get("race")
    state = game.setup({}, 2, 5)
    seeing = hidden.Seeing(game, sees)
    view = seeing.view(state, 0)
    return state, seeing.sample_state(view, 0, Rng(state=9)), game.sample_state(view, 0,
                                                                               Rng(state=9))


def test_seeing_all_plays_on_the_true_state_and_its_dice() -> None:
    true, sample, _ = samples("all")
    assert sample is not true and sample.model_dump() == true.model_dump()  # type: ignore[attr-defined]


def test_seeing_the_cards_gets_the_true_decks_with_fresh_dice() -> None:
    true, sample, fair = samples("cards")
    assert fair.deck != true.deck  # type: ignore[attr-defined]  (a sample shuffles them)
    assert sample.deck == true.deck  # type: ignore[attr-defined]
    assert sample.rng.model_dump() != true.rng.model_dump()  # type: ignore[attr-defined]


def test_seeing_the_dice_gets_its_own_sample_with_the_true_dice() -> None:
    true, sample, fair = samples("dice")
    assert sample.rng.model_dump() == true.rng.model_dump()  # type: ignore[attr-defined]
    assert sample.deck == fair.deck  # type: ignore[attr-defined]


def test_seeing_nothing_is_the_search_bots_own_sample() -> None:
    _, sample, fair = samples("nothing")
    assert sample.model_dump() == fair.model_dump()  # type: ignore[attr-defined]


def test_a_short_match_gives_the_arenas_figures() -> None:
    hidden = load()
    result = hidden.one_game("race", "all", 2, 0.01, 1, 0, {})
    share, _, finished, times, _ = result
    assert finished and share in (0.0, 0.5, 1.0) and times["a"] and times["b"]


def test_seeing_the_secrets_gets_the_others_cash_and_no_cards() -> None:
    hidden = load()
    game = registry.get("ocean_trader")
    state = game.setup({"variant": "full"}, 3, 5)
    state.players[1].cash, state.players[1].shares = 4_321, 2
    state.banker_shares -= 2
    seeing = hidden.Seeing(game, "secrets")
    view = seeing.view(state, 0)
    sample = seeing.sample_state(view, 0, Rng(state=9))
    fair = game.sample_state(view, 0, Rng(state=9))
    assert sample.players == state.players
    assert sample.players is not state.players
    assert sample.banker_shares == state.banker_shares
    assert fair.players != state.players  # a guess
    assert sample.trade_deck == fair.trade_deck != state.trade_deck
    assert sample.rng.model_dump() == fair.rng.model_dump()
