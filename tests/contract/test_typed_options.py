"""Whatever a player types into a game's command options, the command table answers without
an exception, and whatever move it names goes through ``step``: played if legal, refused with
a reason otherwise, the state unchanged by a refusal. Autocomplete offers what Discord takes.

Property-based, over positions of seeded random playouts of every game with a command table.
Hypothesis runs derandomized (the same examples every run) and keeps no database."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from engine.core import Accepted, Game, Rejection, State, all_games, step
from engine.core.commands import (
    TYPED_LIMIT,
    CommandError,
    CommandTable,
    resolve,
    suggest,
    values_of,
)

from .playout import played

POSITIONS = 12  # positions of one playout the examples are drawn from
EXAMPLES = 300  # typed commands tried per game
CHOICES = 25  # what one autocomplete answer may hold (Discord's limit)


def _tables() -> list[Any]:
    return [pytest.param(game, id=game.id) for game in all_games()
            if game.commands() is not None]


_POSITIONS: dict[str, list[State]] = {}


def positions(game: Game[Any]) -> list[State]:
    """Positions spread over one playout in which someone has a move."""
    if game.id not in _POSITIONS:
        states = [s for s in played(game, game.min_players, 5).states if game.actors(s)]
        stride = max(1, len(states) // POSITIONS)
        _POSITIONS[game.id] = states[::stride][:POSITIONS]
    return _POSITIONS[game.id]


# what a person may type: any text (control characters, other scripts, markdown, mentions),
# numbers of every size, and the same with padding and odd case
typed_text = st.one_of(
    st.text(max_size=40),
    st.text(max_size=300),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.sampled_from(["", " ", "0", "-1", "1e9", "NaN", "∞", "@everyone", "<@123>",
                     "9" * 5000, "x" * 6000, "\x00", "ship 1", "yes", "no", "none"]),
)


def typed_value(data: st.DataObject, real: list[str]) -> str:
    """Now and then a real value or a piece of one (which the matching reads as the value),
    otherwise anything."""
    if real and data.draw(st.booleans(), label="real") is True:
        value = data.draw(st.sampled_from(real), label="value")
        cut = data.draw(st.integers(0, len(value)), label="cut")
        return data.draw(st.sampled_from([value, value[:cut], value.upper(), f" {value} "]),
                         label="shape")
    return data.draw(typed_text, label="typed")


@pytest.mark.parametrize("game", _tables())
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_typed_options_are_answered_and_refusals_change_nothing(
        game: Game[Any], data: st.DataObject) -> None:
    table: CommandTable[Any] = game.commands()
    state = data.draw(st.sampled_from(positions(game)), label="position")
    seat = data.draw(st.sampled_from(sorted(game.actors(state))), label="seat")
    view = game.view(state, seat)
    actions = game.legal_actions(state, seat)
    name = data.draw(st.sampled_from([c.name for c in table.commands] + ["no-such"]),
                     label="command")
    typed: dict[str, object] = {}
    if name != "no-such":
        command = table.command(name)
        mine = [a for a in actions if command.takes(a)]
        for option in command.options:
            if data.draw(st.booleans(), label=f"fill {option.name}"):
                real = [v.value for v in values_of(command, option.name, mine, view)] + \
                    [v.label for v in values_of(command, option.name, mine, view)]
                typed[option.name] = typed_value(data, real)
        if data.draw(st.integers(0, 9), label="unknown option") == 0:
            typed[data.draw(st.text(min_size=1, max_size=50), label="key")] = "1"
    before = state.model_dump_json()
    try:
        resolution = resolve(table, name, typed, actions, view)
    except CommandError as err:
        assert name == "no-such" or str(err), err  # a refusal in words, nothing else
        event("unknown command")
        return
    answered = {"played": resolution.action, "refused": resolution.refused,
                "asked": resolution.asking, "problem": resolution.problem}
    assert sum(part is not None for part in answered.values()) == 1, resolution
    event(next(kind for kind, part in answered.items() if part is not None))
    for echoed in resolution.typed.values():
        assert echoed is None or len(echoed) <= TYPED_LIMIT + 1  # cut, with "…"
    if resolution.problem is not None:
        assert resolution.problem.strip() and len(resolution.problem) < 2000
    if resolution.asking is not None:
        assert resolution.values and resolution.fitting
        assert {a.key() for a in resolution.fitting} <= {a.key() for a in actions}
    move = resolution.action or resolution.refused
    if move is not None:
        if resolution.action is not None:
            assert move.key() in {a.key() for a in actions}
        outcome = step(game, state, seat, move, state.version)
        assert isinstance(outcome, Accepted | Rejection)
        if isinstance(outcome, Rejection):
            assert outcome.message.strip()
            assert resolution.refused is not None
    assert state.model_dump_json() == before


@pytest.mark.parametrize("game", _tables())
@settings(max_examples=EXAMPLES // 2, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_autocomplete_offers_what_discord_takes(game: Game[Any], data: st.DataObject) -> None:
    table: CommandTable[Any] = game.commands()
    state = data.draw(st.sampled_from(positions(game)), label="position")
    seat = data.draw(st.sampled_from(sorted(game.actors(state))), label="seat")
    view = game.view(state, seat)
    actions = game.legal_actions(state, seat)
    command = data.draw(st.sampled_from(table.commands), label="command")
    if not command.options:
        return
    option = data.draw(st.sampled_from(command.options), label="option").name
    filled = {o.name: data.draw(typed_text, label=o.name) for o in command.options
              if o.name != option and data.draw(st.booleans(), label=f"fill {o.name}")}
    typed = data.draw(typed_text, label="typed")
    offered = suggest(table, command.name, option, typed, filled, actions, view,
                      limit=CHOICES)
    assert len(offered) <= CHOICES
    for value in offered:
        assert 0 < len(value.value) <= TYPED_LIMIT, value.value
        assert value.label.strip()
        assert value.action.key() in {a.key() for a in actions}
