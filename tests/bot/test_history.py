"""How a finished game went: the turning points name the round they came in, counted as the
board and /game status count (``Game.progress``), never the table's running count of turns."""

from __future__ import annotations

from bot.history import TurnRecord, turning_points
from bot.notices import name_seats
from engine import catalog
from engine.core import registry

catalog.load()


def test_turning_points_name_the_round_as_the_board_counts_it() -> None:
    game = registry.get("ships")
    state = game.setup({}, 3, 1)
    views = []
    for turn in range(8):  # three seats: turns 0-2 are round 1, 3-5 round 2, 6-7 round 3
        state.turn = turn
        views.append(game.view(state, None))
    scores: list[list[float] | None] = [
        [0, 0, 0], [5, 0, 0], [5, 1, 0], [5, 1, 0], [5, 9, 0], [5, 9, 0], [5, 9, 0], [5, 9, 2]]
    record = TurnRecord(game=game, names=["Ann", "Ben", "Cy"], views=views,
                        seqs=list(range(8)), scores=scores, final=None)
    texts = [name_seats(p.text, record.names) for p in turning_points(record)]
    # the 8 came in the table's fourth turn (view 4 follows it): the first of round 2
    assert "Round 2: Ben took the lead in VP from Ann (9)." in texts, texts
    assert "Round 2: Ben gained 8 VP, the game's biggest in one turn." in texts, texts
    assert "Round 1: Ann gained 5 VP." in texts, texts
    assert not any(t.startswith("Turn ") for t in texts)
