"""What a finished game's record shows afterwards: the public board after every turn, each
player's score over the turns, the turning points, and the replay animation.

Everything here is worked out from an exported record (setup, seats, every action) by
replaying it, and only from what everyone saw: the public view after each turn, and the
scores the game shows in public (``Game.public_scores``). Private information (hands, cash)
appears nowhere until the record's end, where the final result (which the game makes public)
is used.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any

from engine.core import Game, LogEntry, SetupRecord, State, View, registry, replay_from, seat_ref
from render import catalog as render_catalog
from render.chart import score_chart
from render.replay import animate


@dataclass
class TurnRecord:
    """A record replayed: the public view at the start and after every turn, and the public
    scores at those moments (``None`` where the game shows none)."""

    game: Game[Any]
    names: list[str]
    views: list[View]
    seqs: list[int]  # the action each view follows (0: the start)
    scores: list[list[float] | None]
    final: list[float] | None  # the result's scores, when the game ended


def replay_turns(record: dict[str, Any]) -> TurnRecord:
    setup = SetupRecord.model_validate(record["setup"])
    game = registry.get(setup.game)
    names = [s["name"] for s in sorted(record["seats"], key=lambda s: s["seat"])]
    state: State = setup.create(game)
    views = [game.view(state, None)]
    seqs = [0]
    scores = [game.public_scores(state)]
    for raw in record["actions"]:
        entry = LogEntry.model_validate(raw)
        before = state.turn
        state = replay_from(game, state, [entry])
        if state.turn != before or game.outcome(state) is not None:
            views.append(game.view(state, None))
            seqs.append(entry.seq)
            scores.append(game.public_scores(state))
    outcome = game.outcome(state)
    return TurnRecord(game, names, views, seqs, scores,
                      list(outcome.scores) if outcome is not None else None)


def load_record(path: Path) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(path.read_text())
    return record


def replay_gif(record: dict[str, Any], width: int = 800) -> bytes:
    """The finished game as an animated GIF of its public boards, one frame a turn."""
    turns = replay_turns(record)
    renderer = render_catalog.get(turns.game.id)
    return animate(turns.views, lambda view: renderer(view, turns.names), width=width)


def chart_png(turns: TurnRecord) -> bytes | None:
    """Every player's public score after each turn (and the real final scores at the end),
    or ``None`` when the game shows no score in public."""
    series = [row for row in turns.scores if row is not None]
    if len(series) < 2:
        return None
    unit = turns.game.score_unit
    return score_chart(series, turns.names, f"{turns.game.name}: {unit} by turn", unit,
                       final=turns.final)


@dataclass(frozen=True)
class TurningPoint:
    turn: int
    text: str


def turning_points(turns: TurnRecord, most: int = 3) -> list[TurningPoint]:
    """What the engine can name of how the game went: who led when (each change of the lead)
    and the biggest gains in one turn, at most ``most`` of each, earliest first. The players
    are the engine's seat references (``{s0}``), named by whoever posts the text."""
    series = [(k, row) for k, row in enumerate(turns.scores) if row is not None]
    unit = turns.game.score_unit

    def when(k: int) -> str:
        """The turn that led to view ``k``, counted as the board counts (its round)."""
        return turns.game.progress(turns.views[max(k - 1, 0)])

    points: list[TurningPoint] = []
    leader: int | None = None
    changes = []
    for k, row in series:
        best = max(row)
        leaders = [s for s, v in enumerate(row) if v == best]
        if best > 0 and len(leaders) == 1 and leaders[0] != leader:
            if leader is not None:
                # (named by its unit: a game's public score may be only part of the real
                # one, as Ocean Trader's visible assets are)
                changes.append(TurningPoint(k, f"{when(k)}: {seat_ref(leaders[0])} took the "
                                              f"lead in {unit} from {seat_ref(leader)} "
                                              f"({best:g})."))
            leader = leaders[0]
    points += changes[-most:]
    swings = [(after[seat] - before[seat], k, seat)
              for (_, before), (k, after) in pairwise(series)
              for seat in range(min(len(before), len(after)))
              if after[seat] > before[seat]]
    biggest = sorted(swings, key=lambda t: (-t[0], t[1]))[:most]
    for rank, (gain, k, seat) in enumerate(biggest):
        alone = rank == 0 and (len(biggest) == 1 or gain > biggest[1][0])
        note = ", the game's biggest in one turn" if alone else ""
        points.append(TurningPoint(k, f"{when(k)}: {seat_ref(seat)} gained {gain:g} {unit}{note}."))
    return sorted(points, key=lambda p: p.turn)


def summary(record: dict[str, Any]) -> tuple[list[str], tuple[str, bytes] | None]:
    """What is posted after a finished game: how it went (the turning points) and the score
    chart, worked out from its record (a plain function of a picklable argument, so that it
    can run in a worker process)."""
    turns = replay_turns(record)
    lines = [f"**How the game went** ({len(turns.views) - 1} turns)"]
    lines += [f"- {point.text}" for point in turning_points(turns)]
    png = chart_png(turns)
    return lines, (("scores.png", png) if png is not None else None)
