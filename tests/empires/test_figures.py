"""What ``bot selfplay`` shows of an Empires at Sea game: attacks told apart by who attacked
what, and standard bots that attack each other, not only the Pirate."""

from __future__ import annotations

from engine.core import Accepted, Event, bot_rng, step
from engine.empires import GAME
from engine.empires.state import PIRATE_ID, PIRATES_BAY


def attack(lead: str, target: str) -> Event:
    return Event(kind="attack", data={"ships": [lead], "target": target})


def test_attacks_are_counted_by_attacker_and_target() -> None:
    state = GAME.setup({}, 2, 1)
    events = [attack("us1", "gb2"), attack("us1", "havana"), attack("gb2", PIRATE_ID),
              attack("gb2", PIRATES_BAY), attack(PIRATE_ID, "us1"), attack(PIRATE_ID, "gb2"),
              Event(kind="sunk"), Event(kind="sail")]
    figures = GAME.figures(state, events)
    assert figures["attacks"] == 6
    assert figures["attacks_on_players"] == 2
    assert figures["attacks_on_pirate"] == 1
    assert figures["attacks_on_bay"] == 1
    assert figures["pirate_attacks"] == 2
    assert figures["ships_sunk"] == 1 and figures["sails"] == 1


def test_standard_bots_attack_each_other_in_a_bigger_game() -> None:
    for seats, seed in ((3, 7), (4, 8)):
        bot = GAME.bots()["standard"]
        state = GAME.setup({}, seats, seed)
        events: list[Event] = []
        while GAME.outcome(state) is None:
            seat = min(GAME.actors(state))
            action = bot.choose(GAME.view(state, seat), GAME.legal_actions(state, seat),
                                bot_rng(seed, state.version, seat))
            result = step(GAME, state, seat, action, state.version)
            assert isinstance(result, Accepted), result
            state, events = result.state, events + result.events  # type: ignore[assignment]
        figures = GAME.figures(state, events)
        assert figures["attacks_on_players"] >= 1, (seats, figures)
        assert figures["attacks"] == figures["attacks_on_players"] + \
            figures["attacks_on_pirate"] + figures["attacks_on_bay"] + figures["pirate_attacks"]
