"""The search bot (engine.core.search) on the test game: it reads only its view, it keeps to
its budget, the same view gives the same move whatever is hidden, and it plays better than
chance."""

from __future__ import annotations

import math
import time

import pytest

from engine.core import Accepted, Action, Rng, State, View, registry, step
from engine.core.bots import bot_rng
from engine.core.protocol import RandomBot
from engine.core.search import (
    CANDIDATES,
    SearchBot,
    _Candidate,
    margin_reward,
    ranks_reward,
)
from tests.contract.playout import played


def race_bot(iterations: int | None = 150, budget: float = 0.5) -> SearchBot:
    game = registry.get("race")
    return SearchBot(game, RandomBot(), iterations=iterations, budget=budget)


def test_ranks_reward_orders_and_shares_ties() -> None:
    assert ranks_reward([3.0, 1.0, 2.0]) == [1.0, 0.0, 0.5]
    assert ranks_reward([2.0, 2.0]) == [0.5, 0.5]


def test_margin_reward_grows_with_the_lead_and_sums_to_one_for_two() -> None:
    near, far = margin_reward([11.0, 10.0], 2.0), margin_reward([16.0, 10.0], 2.0)
    assert 0.5 < near[0] < far[0] < 1.0
    assert abs(sum(near) - 1.0) < 1e-9 and abs(sum(far) - 1.0) < 1e-9
    assert margin_reward([4.0, 4.0, 4.0], 1.0) == [0.5, 0.5, 0.5]
    assert abs(margin_reward([5.0, 3.0, 1.0], 1.0)[1] - 0.5) < 1e-9  # one ahead, one behind


class RollFirst:
    """A guide that always rolls at once: a card left in the hand is worth nothing to it."""

    def choose(self, view: View, legal: list[Action], rng: Rng) -> Action:
        return next((a for a in legal if a.type == "roll"), legal[0])


def test_with_one_candidate_it_plays_the_guides_move_without_a_playout() -> None:
    game = registry.get("race")
    state = game.setup({"energy": 0}, 2, 4)
    bot = SearchBot(game, RollFirst(), iterations=40, candidates=1)
    pick = bot.choose(game.view(state, 0), game.legal_actions(state, 0), Rng.from_seed(1))
    assert pick.type == "roll" and bot.last_playouts == 0


def test_a_clearly_better_move_wins_against_the_guides_order_and_ends_the_race_early() -> None:
    """Playing the card moves the boat on by its value in every sample, the dice alike (the
    candidates share each round's sample and generator): rolling at once is put out after a
    few rounds, each race again with longer playouts, until they reach the end of the game
    and the search stops short of its playouts."""
    game = registry.get("race")
    for seed in range(4):
        state = game.setup({"energy": 0, "target": 10}, 2, seed)
        bot = SearchBot(game, RollFirst(), iterations=200)
        pick = bot.choose(game.view(state, 0), game.legal_actions(state, 0), Rng.from_seed(seed))
        assert pick.type == "play_card"
        assert 0 < bot.last_playouts < 200


def test_the_sample_agrees_with_the_view_it_came_from() -> None:
    game = registry.get("race")
    for state in played(game, 3, 5).states[::3]:
        for seat in range(3):
            view = game.view(state, seat)
            sample = game.sample_state(view, seat, Rng.from_seed(seat))
            assert game.view(sample, seat).model_dump() == view.model_dump()


def test_the_same_view_gives_the_same_move_whatever_is_hidden() -> None:
    game = registry.get("race")
    bot = race_bot()
    checked = 0
    for state in played(game, 3, 6).states[::4]:
        if game.outcome(state) is not None:
            continue
        seat = min(game.actors(state))
        other = (seat + 1) % 3
        hidden = game.scramble_secrets(state, other, Rng.from_seed(9))
        assert game.view(hidden, seat) == game.view(state, seat)
        picks = [bot.choose(game.view(s, seat), game.legal_actions(s, seat), bot_rng(1, 0, seat))
                 for s in (state, hidden, game.scramble_secrets(state, None, Rng.from_seed(3)))]
        assert len({p.key() for p in picks}) == 1
        checked += 1
    assert checked >= 5


def test_a_decision_keeps_to_its_budget() -> None:
    game = registry.get("race")
    bot = race_bot(iterations=None, budget=0.05)
    state = game.setup({}, 2, 3)
    seat = min(game.actors(state))
    started = time.process_time()
    bot.choose(game.view(state, seat), game.legal_actions(state, seat), Rng.from_seed(1))
    assert time.process_time() - started < 0.5


def test_it_beats_the_random_bot() -> None:
    game = registry.get("race")
    search, rand = race_bot(iterations=120), RandomBot()
    wins = 0
    games = 16
    for n in range(games):
        state = game.setup({}, 2, 100 + n)
        us = n % 2  # seats rotated
        while game.outcome(state) is None:
            seat = min(game.actors(state))
            bot = search if seat == us else rand
            action = bot.choose(game.view(state, seat), game.legal_actions(state, seat),
                                bot_rng(n, state.version, seat))
            outcome = step(game, state, seat, action, state.version)
            assert isinstance(outcome, Accepted)
            state = outcome.state
        result = game.outcome(state)
        assert result is not None
        wins += result.ranks[us] == 1
    assert wins >= games * 0.7, wins


def test_the_guides_move_stands_unless_another_leads_it_clearly() -> None:
    """With nothing put out of the race, a move is played instead of the guide's own only when
    it leads it by ``anchor`` standard errors: an anchor no lead can reach keeps the guide's
    move, none lets the best mean win."""
    game = registry.get("race")
    state = game.setup({"energy": 0, "target": 10}, 2, 1)
    view, legal = game.view(state, 0), game.legal_actions(state, 0)
    picks = [SearchBot(game, RollFirst(), iterations=60, drop=1e9, anchor=anchor)
             .choose(view, legal, Rng.from_seed(2)).type for anchor in (1e9, 0.0)]
    assert picks == ["roll", "play_card"]


def test_the_search_scores_a_position_on_its_own_scale(monkeypatch: pytest.MonkeyPatch) -> None:
    game = registry.get("race")
    asked: list[int] = []

    def scale_for(self: object, state: State) -> float:
        asked.append(state.version)
        return 1.0

    monkeypatch.setattr(type(game), "standing_scale_for", scale_for)
    state = game.setup({"energy": 0, "target": 30}, 2, 1)
    SearchBot(game, RollFirst(), iterations=12, horizon=1).choose(
        game.view(state, 0), game.legal_actions(state, 0), Rng.from_seed(2))
    assert asked


def test_a_games_tuning_sets_its_search_and_a_setting_given_wins(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = registry.get("race")
    monkeypatch.setattr(type(game), "search_tuning", {"horizon": 7, "anchor": 3.0})
    bot = SearchBot(game, RollFirst())
    assert (bot.horizon, bot.anchor, bot.candidates, bot.final) == (7, 3.0, CANDIDATES, "ranks")
    assert SearchBot(game, RollFirst(), horizon=2).horizon == 2


def test_a_tuning_that_names_no_setting_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    game = registry.get("race")
    with pytest.raises(ValueError, match="final"):
        SearchBot(game, RollFirst(), final="score")  # type: ignore[arg-type]
    monkeypatch.setattr(type(game), "search_tuning", {"horizn": 7})
    with pytest.raises(ValueError, match="horizn"):
        SearchBot(game, RollFirst())


def test_a_playout_that_ends_scores_by_the_places_or_by_the_final_standing() -> None:
    """With ``final="ranks"`` a finished playout scores a win, a loss or a tie; with
    ``"standing"`` the margin it ended by, a narrow win a little above a narrow loss."""
    game = registry.get("race")
    state = game.setup({"energy": 0, "target": 8}, 2, 1)
    view = game.view(state, 0)
    roll = next(a for a in game.legal_actions(state, 0) if a.type == "roll")
    by = {final: [SearchBot(game, RollFirst(), horizon=64, final=final)
                  ._playout(view, 0, roll, 64, seed, seed + 1) for seed in range(1, 9)]
          for final in ("ranks", "standing")}
    assert all(ended for results in by.values() for _, ended in results)
    assert {reward for reward, _ in by["ranks"]} <= {0.0, 0.5, 1.0}
    for (ranked, _), (stood, _) in zip(by["ranks"], by["standing"], strict=True):
        assert 0.0 < stood < 1.0 and (stood - 0.5) * (ranked - 0.5) >= 0


def test_a_guides_move_kept_in_the_race_is_still_overturned_by_a_clear_lead() -> None:
    """With ``drop_own`` out of reach the guide's own move is never put out, so the race runs
    to its last playout; the move that leads it by far is played all the same."""
    game = registry.get("race")
    for seed in range(3):
        state = game.setup({"energy": 0, "target": 10}, 2, seed)
        bot = SearchBot(game, RollFirst(), iterations=120, drop_own=math.inf)
        pick = bot.choose(game.view(state, 0), game.legal_actions(state, 0), Rng.from_seed(seed))
        assert pick.type == "play_card" and bot.last_playouts >= 120



def test_a_guides_move_that_ties_the_leader_on_the_rounds_both_played_stays_in_the_race(
        ) -> None:
    """The guide's move lost one early round; a move that entered the race later has tied it
    on every round since, so leads it by its mean. Over the rounds both played the two are
    equal (a standard error of 0), and the guide's move, which a ``drop_own`` out of reach
    keeps to the end, stays. (It once left: an infinite limit times 0 is not a number.)"""
    game = registry.get("race")
    state = game.setup({"energy": 0, "target": 10}, 2, 3)
    moves = game.legal_actions(state, 0)
    for drop_own in (math.inf, None):
        bot = SearchBot(game, RollFirst(), drop_own=drop_own)
        own, late = _Candidate(moves[0], 0), _Candidate(moves[1], 3)
        for reward in (0.5, 1.0, 1.0, 1.0, 1.0):
            own.rewards.append(reward)
            own.total += reward
        for _ in range(4):
            late.rewards.append(1.0)
            late.total += 1.0
        assert bot._survivors([own, late]) == [own, late]
        assert bot._pick([own, late]) is own
