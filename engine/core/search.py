"""A bot that looks ahead, for any game: single-observer information-set Monte Carlo tree
search over the bot's own view.

The bot never sees the true state. Each iteration draws a full state consistent with its
seat's view (``Game.sample_state``: unseen cards shuffled, others' secrets drawn), walks one
shared tree of moves down that sample, choosing among the moves legal in it by UCB with
availability counts, adds one node, then plays on with a guide bot (the game's standard bot)
for a few moves and scores the position (the game's result if it ended, else how far apart
the seats stand by ``Game.standing``, through ``margin_reward``). Moves are told apart by
``Action.key()``, so a node means the same move in every sample where it is legal.

The search applies moves with ``Game.apply`` on its own copy: no validation (the moves come
from ``legal_actions``), no undo snapshots, no events kept. It stops at its CPU budget (or an
iteration count, for tests), and picks the root move visited most.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .protocol import Action, Bot, Game, Seat, State, Undo, View
from .rng import Rng

EXPLORE = 0.7  # the UCB constant, for rewards in [0, 1]


@dataclass
class _Node:
    seat: Seat = -1  # who made the move that leads here
    visits: int = 0
    available: int = 0  # times this move was legal when its parent was passed through
    reward: float = 0.0  # summed, for ``seat``
    children: dict[str, _Node] = field(default_factory=dict)
    action: Action | None = None


def margin_reward(standing: list[float], scale: float) -> list[float]:
    """Each seat's chance of finishing ahead of each other seat, guessed from how far apart
    they stand (a logistic curve of the difference over ``scale``), averaged over the others.
    Unlike ranks, a position a little better scores a little higher."""
    n = len(standing)
    if n <= 1:
        return [1.0] * n
    rewards = []
    for i, s in enumerate(standing):
        total = 0.0
        for j, t in enumerate(standing):
            if j != i:
                x = max(-30.0, min(30.0, (s - t) / scale))
                total += 1.0 / (1.0 + math.exp(-x))
        rewards.append(total / (n - 1))
    return rewards


def ranks_reward(scores: list[float]) -> list[float]:
    """Each seat's share of "being ahead": 1 for the clear leader, 0 for the clear last,
    ties sharing, the rest in between by rank."""
    n = len(scores)
    if n <= 1:
        return [1.0] * n
    rewards = []
    for s in scores:
        below = sum(1 for t in scores if t < s)
        equal = sum(1 for t in scores if t == s) - 1
        rewards.append((below + equal / 2) / (n - 1))
    return rewards


class SearchBot:
    """Looks ahead from the seat's view: see the module. ``budget`` is CPU seconds per
    decision; ``iterations`` (when given) stops after that many instead, so that tests do
    not depend on the machine."""

    def __init__(self, game: Game[Any], guide: Bot, *, budget: float = 0.8,
                 iterations: int | None = None, rollout: int = 12,
                 clock: Callable[[], float] = time.process_time) -> None:
        self.game = game
        self.guide = guide
        self.budget = budget
        self.iterations = iterations
        self.rollout = rollout
        self.clock = clock

    def choose(self, view: View, legal: list[Action], rng: Rng) -> Action:
        moves = [a for a in legal if not isinstance(a, Undo)]
        if not moves:
            raise ValueError("a bot was asked to move with no legal action")
        if len(moves) == 1:
            return moves[0]
        seat = view.viewer
        if seat is None:
            raise ValueError("a search bot needs a seat's own view")
        root = _Node()
        offered = {a.key(): a for a in moves}
        started = self.clock()
        done = 0
        while True:
            if self.iterations is not None:
                if done >= self.iterations:
                    break
            elif done and self.clock() - started >= self.budget:
                break
            self._iterate(root, view, seat, offered, rng)
            done += 1
        best = max((c for k, c in root.children.items() if k in offered),
                   key=lambda c: (c.visits, c.reward), default=None)
        return offered[best.action.key()] if best is not None and best.action else moves[0]

    # --- one iteration -----------------------------------------------------------------------
    def _iterate(self, root: _Node, view: View, seat: Seat, offered: dict[str, Action],
                 rng: Rng) -> None:
        game = self.game
        state = game.sample_state(view, seat, rng)
        node, path = root, [root]
        first = True
        while game.outcome(state) is None:
            actors = game.actors(state)
            if not actors:
                break
            actor = seat if first else min(actors)
            legal = offered if first else {a.key(): a for a in game.legal_actions(state, actor)
                                           if not isinstance(a, Undo)}
            first = False
            if not legal:
                break
            for key in legal:
                child = node.children.get(key)
                if child is not None:
                    child.available += 1
            untried = [k for k in legal if k not in node.children]
            if untried:
                key = untried[rng.below(len(untried))]
                child = node.children[key] = _Node(seat=actor, available=1,
                                                   action=legal[key])
                self._apply(state, actor, legal[key])
                path.append(child)
                break
            key = max(legal, key=lambda k: _ucb(node.children[k]))
            node = node.children[key]
            self._apply(state, actor, legal[key])
            path.append(node)
        rewards = self._playout(state, rng)
        for n in path[1:]:
            n.visits += 1
            n.reward += rewards[n.seat]
        root.visits += 1

    def _apply(self, state: State, seat: Seat, action: Action) -> None:
        self.game.apply(state, seat, action)
        state.version += 1

    def _playout(self, state: State, rng: Rng) -> list[float]:
        game = self.game
        for _ in range(self.rollout):
            if game.outcome(state) is not None:
                break
            actors = game.actors(state)
            if not actors:
                break
            actor = min(actors)
            action = game.playout_action(state, actor, rng)
            if action is None:
                legal = [a for a in game.legal_actions(state, actor)
                         if not isinstance(a, Undo)]
                if not legal:
                    break
                try:
                    action = self.guide.choose(game.view(state, actor), legal, rng)
                except Exception:
                    action = legal[rng.below(len(legal))]
            self._apply(state, actor, action)
        outcome = game.outcome(state)
        if outcome is not None:
            return ranks_reward([-float(r) for r in outcome.ranks])
        return margin_reward(list(game.standing(state)), game.standing_scale)


def _ucb(node: _Node) -> float:
    if node.visits == 0:
        return math.inf
    return node.reward / node.visits + EXPLORE * math.sqrt(
        math.log(max(node.available, 1)) / node.visits)
