"""A bot that looks ahead, for any game: determinized Monte Carlo search over the bot's own
view, guided by the game's standard bot.

The bot never sees the true state. It plays on samples: full states consistent with its seat's
view (``Game.sample_state``: unseen cards shuffled, others' secrets drawn, fresh dice).

One decision:

1. The guide (the game's standard bot) ranks the legal moves: its choice first, then its
   choice among the rest, and so on. Its first ``candidates`` moves enter the race; each one
   put out makes room for the guide's next, up to ``widest`` in all. So the few playouts a
   decision can afford are spent where a good move may be.
2. Rounds: each round draws one sample and plays every candidate still in the race from that
   same sample, with the same generator for the playout's choices and dice, so the candidates
   are compared on equal terms (common random numbers): the luck of the sample falls on all
   of them alike and their differences show in a few rounds.
3. A playout plays on with the game's quick ``playout_action`` (or the guide through the
   seat's view) until the game ends or ``horizon`` turns have passed from the decision (the
   seat's own turn and the next player's, at first), and scores the position: the game's
   ranks if it ended (or its final standing, for a game tuned with ``final="standing"``),
   else how far apart the seats stand (``Game.standing``) through ``margin_reward``, on the
   position's scale (``Game.standing_scale_for``).
4. A candidate whose rounds are clearly worse than the leader's (their paired differences,
   ``drop`` standard errors below, over the rounds both played; ``drop_own`` for the guide's
   own move, which a game may keep in the race to the end) leaves the race; the search
   ends when one is left and no move is waiting, at its CPU ``budget`` (or ``iterations``
   playouts, for tests), and plays the candidate with the best mean of those that played
   a few rounds, the guide's order breaking ties; but while the guide's own move is in the
   race, another is played only if it leads it by ``anchor`` standard errors (moves the
   playouts cannot tell apart are left to the guide's judgement).
5. A race decided with time to spare is run again from the start with playouts twice as
   long (up to ``MAX_HORIZON`` turns, or the end of the game), so cheap playouts look further
   ahead; the move played is the longest-sighted race's choice, once its candidates have
   played a few rounds each.

A game whose short playouts mislead (a standing that undervalues what pays only later) tunes
the search through ``Game.search_tuning``: longer playouts from the first race, fewer
candidates so that each plays more rounds, a stricter ``anchor``.

The search applies moves with ``Game.apply`` on its own samples: no validation (the moves come
from ``legal_actions`` or the game's own playout move), no undo snapshots, no events kept.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any, Literal

from .protocol import Action, Bot, Game, Seat, State, Undo, View
from .rng import Rng

CANDIDATES = 6  # moves in the race at once, in the guide's order
WIDEST = 12  # moves that may enter the race in one decision, as others are put out
HORIZON = 2  # turns a playout runs past the decision's turn, at first
MAX_HORIZON = 64  # turns it may run when races settle early and leave time to look further
MAX_PLAYOUT = 400  # moves a playout may make at most, whatever its horizon
DROP = 2.5  # standard errors of the paired difference that put a candidate out (and, unless
# a game's ``drop_own`` says otherwise, the guide's own move)
ANCHOR = 1.0  # standard errors a move must lead the guide's own by to be played instead
MIN_ROUNDS = 4  # rounds before any candidate is put out

# how a playout that reaches the end is scored: by the places (a win is a win, however
# narrow), or by the final standing through ``margin_reward``, for a game whose final scores
# decide its places: a narrow win then scores a little above a narrow loss, which tells moves
# apart in fewer playouts
Final = Literal["ranks", "standing"]

# the settings a game's ``search_tuning`` may change, and their defaults
DEFAULTS: dict[str, Any] = {
    "rollout": MAX_PLAYOUT, "horizon": HORIZON, "candidates": CANDIDATES, "widest": WIDEST,
    "drop": DROP, "drop_own": None, "anchor": ANCHOR, "final": "ranks",
}


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


class _Candidate:
    __slots__ = ("action", "order", "rewards", "total")

    def __init__(self, action: Action, order: int) -> None:
        self.action = action
        self.order = order  # place in the guide's ranking, 0 for its own choice
        self.rewards: list[float] = []  # one per round it took part in
        self.total = 0.0

    @property
    def mean(self) -> float:
        return self.total / len(self.rewards) if self.rewards else 0.0


def _paired(a: list[float], b: list[float]) -> tuple[float, float]:
    """The mean of the paired differences a - b and its standard error."""
    n = len(a)
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n)


class _Ranking:
    """The guide's order of the legal moves, worked out as far as it is asked: its choice,
    then its choice among the rest, and so on."""

    def __init__(self, guide: Bot, view: View, moves: list[Action], rng: Rng) -> None:
        self.guide, self.view, self.rng = guide, view, rng
        self.moves = moves
        self.rest = list(moves)
        self.order: list[Action] = []

    def at(self, place: int) -> Action:
        while len(self.order) <= place:
            self.order.append(self._next())
        return self.order[place]

    def _next(self) -> Action:
        rest = self.rest
        try:
            pick = self.guide.choose(self.view, rest, self.rng)
        except Exception:
            pick = rest[0]
        index = next((i for i, a in enumerate(rest) if a is pick), None)
        if index is None:  # a guide that answers with an equal copy of a move
            key = pick.key()
            index = next((i for i, a in enumerate(rest) if a.key() == key), 0)
        return rest.pop(index)


class SearchBot:
    """Looks ahead from the seat's view: see the module. ``budget`` is CPU seconds per
    decision; ``iterations`` (when given) stops after that many playouts instead, so that tests
    do not depend on the machine. ``rollout`` caps the moves of one playout (``horizon`` turns
    end it sooner). A setting left out is the game's (``Game.search_tuning``) or else the
    default of this module. After each decision, ``last_playouts`` says how many playouts it
    made."""

    def __init__(self, game: Game[Any], guide: Bot, *, budget: float = 0.5,
                 iterations: int | None = None, rollout: int | None = None,
                 horizon: int | None = None, candidates: int | None = None,
                 widest: int | None = None, drop: float | None = None,
                 drop_own: float | None = None, anchor: float | None = None,
                 final: Final | None = None,
                 clock: Callable[[], float] = time.process_time) -> None:
        unknown = set(game.search_tuning) - set(DEFAULTS)
        if unknown:
            raise ValueError(f"{game.id}'s search_tuning names no setting: "
                             f"{', '.join(sorted(unknown))}")
        given = {"rollout": rollout, "horizon": horizon, "candidates": candidates,
                 "widest": widest, "drop": drop, "drop_own": drop_own, "anchor": anchor,
                 "final": final}
        tuned = {**DEFAULTS, **game.search_tuning,
                 **{k: v for k, v in given.items() if v is not None}}
        self.game = game
        self.guide = guide
        self.budget = budget
        self.iterations = iterations
        self.rollout = int(tuned["rollout"])
        self.horizon = int(tuned["horizon"])
        self.candidates = int(tuned["candidates"])
        self.widest = max(int(tuned["widest"]), self.candidates)
        self.drop = float(tuned["drop"])
        self.drop_own = self.drop if tuned["drop_own"] is None else float(tuned["drop_own"])
        self.anchor = float(tuned["anchor"])
        if tuned["final"] not in ("ranks", "standing"):
            raise ValueError(f"final is 'ranks' or 'standing', not {tuned['final']!r}")
        self.final: Final = tuned["final"]
        self.clock = clock
        self.last_playouts = 0

    def choose(self, view: View, legal: list[Action], rng: Rng) -> Action:
        moves = [a for a in legal if not isinstance(a, Undo)]
        if not moves:
            raise ValueError("a bot was asked to move with no legal action")
        self.last_playouts = 0
        if len(moves) == 1:
            return moves[0]
        seat = view.viewer
        if seat is None:
            raise ValueError("a search bot needs a seat's own view")
        started = self.clock()
        ranking = _Ranking(self.guide, view, moves, rng)
        best = ranking.at(0)
        horizon = self.horizon
        playout_cost = 0.0
        while True:
            race, finished, to_the_end, playout_cost = self._race(
                view, seat, ranking, horizon, started, 2 * playout_cost, rng)
            settled = [c for c in race if len(c.rewards) >= MIN_ROUNDS]
            if finished or settled:
                best = self._pick(settled or race).action
            # a race settled early leaves time to look further ahead, unless every playout
            # already reached the end of the game
            if not finished or to_the_end or horizon >= MAX_HORIZON:
                break
            horizon *= 2
        return best

    def _race(self, view: View, seat: Seat, ranking: _Ranking, horizon: int, started: float,
              playout_cost: float, rng: Rng) -> tuple[list[_Candidate], bool, bool, float]:
        """One race of the guide's moves with playouts ``horizon`` turns long, each expected
        to take ``playout_cost`` CPU seconds at first: the candidates left, whether it was
        decided (one left) before the budget ran out, whether every playout reached the end of
        the game, and what a playout of its last round took."""
        limit = min(self.widest, len(ranking.moves))
        race = [_Candidate(ranking.at(i), i) for i in range(min(self.candidates, limit))]
        entered = len(race)
        to_the_end = True
        while len(race) > 1:
            if self.iterations is not None:
                if self.last_playouts >= self.iterations:
                    return race, False, False, playout_cost
            elif self.last_playouts and \
                    self.clock() - started + playout_cost * len(race) > self.budget:
                return race, False, False, playout_cost
            round_started = self.clock()
            sample_seed, playout_seed = rng.next_u64(), rng.next_u64()
            for candidate in race:
                reward, ended = self._playout(view, seat, candidate.action, horizon,
                                              sample_seed, playout_seed)
                to_the_end = to_the_end and ended
                candidate.rewards.append(reward)
                candidate.total += reward
            self.last_playouts += len(race)
            playout_cost = (self.clock() - round_started) / len(race)
            race = self._survivors(race)
            # a candidate put out makes room for the guide's next move
            while len(race) < self.candidates and entered < limit:
                race.append(_Candidate(ranking.at(entered), entered))
                entered += 1
        return race, True, to_the_end, playout_cost

    # --- the parts of a decision -----------------------------------------------------------
    def _pick(self, race: list[_Candidate]) -> _Candidate:
        """The leader by mean, unless the guide's own move is still in the race and the
        leader is not ``anchor`` standard errors ahead of it: when playouts cannot tell two
        moves apart, the guide's judgement (which may see further than a playout) decides."""
        leader = max(race, key=lambda c: (c.mean, -c.order))
        own = next((c for c in race if c.order == 0), None)
        if own is None or own is leader:
            return leader
        n = min(len(own.rewards), len(leader.rewards))
        if n < 2:
            return leader
        mean, se = _paired(leader.rewards[-n:], own.rewards[-n:])
        return leader if mean > self.anchor * se else own

    def _survivors(self, race: list[_Candidate]) -> list[_Candidate]:
        """The candidates not clearly worse than the leader, by their paired rounds."""
        settled = [c for c in race if len(c.rewards) >= MIN_ROUNDS]
        if len(settled) < 2:
            return race
        leader = max(settled, key=lambda c: (c.mean, -c.order))
        kept = []
        for candidate in race:
            n = min(len(candidate.rewards), len(leader.rewards))
            if candidate is leader or n < MIN_ROUNDS:
                kept.append(candidate)
                continue
            # the last n rounds, which both played (a candidate plays every round from the
            # one it entered at until it is put out)
            mean, se = _paired(leader.rewards[-n:], candidate.rewards[-n:])
            limit = self.drop_own if candidate.order == 0 else self.drop
            # (a limit out of reach keeps the move even when every round tied: inf * 0 is
            # not a number, and no comparison with it holds)
            if math.isinf(limit) or mean <= limit * se:
                kept.append(candidate)
        return kept

    def _playout(self, view: View, seat: Seat, action: Action, horizon: int,
                 sample_seed: int, playout_seed: int) -> tuple[float, bool]:
        """``seat``'s reward for ``action`` played on the sample ``sample_seed`` draws, the
        game then played on by quick moves from ``playout_seed`` for ``horizon`` turns; and
        whether the game ended."""
        game = self.game
        state = game.sample_state(view, seat, Rng(state=sample_seed))
        rng = Rng(state=playout_seed)
        self._apply(state, seat, action)
        until = view.turn + horizon
        for _ in range(self.rollout):
            if state.turn >= until or game.outcome(state) is not None:
                break
            turn = self.playout_move(state, rng)
            if turn is None:
                break
            self._apply(state, *turn)
        outcome = game.outcome(state)
        if outcome is not None and self.final == "ranks":
            return ranks_reward([-float(r) for r in outcome.ranks])[seat], True
        reward = margin_reward(list(game.standing(state)), game.standing_scale_for(state))[seat]
        return reward, outcome is not None

    def playout_move(self, state: State, rng: Rng) -> tuple[Seat, Action] | None:
        """The next move of a playout from ``state``, and whose it is: the game's quick
        ``playout_action``, or the guide's through the seat's view; None when nobody can
        move."""
        actors = self.game.actors(state)
        if not actors:
            return None
        actor = min(actors)
        move = self.game.playout_action(state, actor, rng)
        if move is None:
            move = self._guide_move(state, actor, rng)
        return None if move is None else (actor, move)

    def _guide_move(self, state: State, actor: Seat, rng: Rng) -> Action | None:
        game = self.game
        legal = [a for a in game.legal_actions(state, actor) if not isinstance(a, Undo)]
        if not legal:
            return None
        try:
            return self.guide.choose(game.view(state, actor), legal, rng)
        except Exception:
            return legal[rng.below(len(legal))]

    def _apply(self, state: State, seat: Seat, action: Action) -> None:
        self.game.apply(state, seat, action)
        state.version += 1
