"""The lines a seeded bot game writes name ships for people, read as English and start with a
capital."""

from __future__ import annotations

import re
from collections.abc import Iterator

from engine.core import Accepted, Action, Event, step
from engine.core.bots import bot_rng
from engine.empires import GAME
from engine.empires import actions as A
from engine.empires.cards import window_text
from engine.empires.content import empires_content
from engine.empires.names import where
from engine.empires.state import EmpiresState
from tests.contract.playout import bot_moves, played

SEEDS = (3, 4)


def bot_game(seed: int, seats: int = 3) -> tuple[tuple[Action, tuple[Event, ...]], ...]:
    """Every move of a game between standard bots, with the events it made."""
    return bot_moves(GAME, seats, seed)


def lines(seed: int, kind: str | None = None) -> list[str]:
    return [e.text for _, events in bot_game(seed) for e in events
            if e.text and (kind is None or e.kind == kind)]


def test_no_line_shows_a_ship_id() -> None:
    ids = re.compile(r"\((britain|france|spain|dutch|us)\d+\)|\b(britain|france|spain|dutch|us)\d+")
    for seed in SEEDS:
        for text in lines(seed):
            assert not ids.search(text), text


def test_a_sail_names_the_ship_where_it_was_and_where_it_goes() -> None:
    sails = lines(3, "sail")
    assert sails
    for text in sails:
        assert re.fullmatch(r"(\{s\d\}'s|The Pirate) .+ (at|near) .+ sails to .*\b[A-X]\d+\b.*\.",
                            text), text
    assert "The Pirate Ship of the Line near Santo Domingo sails to Nassau J8." in sails
    assert any(t.startswith("The Pirate Ship of the Line ") for t in sails)


def test_card_draws_read_right() -> None:
    draws = [t for seed in SEEDS for t in lines(seed, "draw")]
    assert draws
    for text in draws:
        assert not re.search(r"\b1 Captain's cards\b", text), text
        assert re.search(r"draws (1 Captain's card\.|\d+ Captain's cards\.|no )|already holds",
                         text), text


def test_every_line_starts_with_a_capital() -> None:
    for seed in SEEDS:
        for text in lines(seed):
            assert not re.match(r"[a-z]", text), text


def test_a_tied_bribe_speaks_of_one_pirate() -> None:
    tied = [t for seed in SEEDS for t in lines(seed, "bribes_revealed") if "tie" in t]
    assert tied
    assert all("the Pirate does nothing" in t for t in tied)


def test_the_start_says_who_starts_the_nations_and_round_one() -> None:
    for seed in SEEDS:
        state = GAME.setup({}, 3, seed)
        (first,) = GAME.opening_lines(state)
        order = ", ".join(f"{{s{s}}}" for s in state.order())
        nations = "; ".join(f"{{s{s}}}: {name}" for s, name in
                            enumerate(("United States", "Britain", "France")))
        assert first.startswith(
            f"{{s{state.start_player}}} is the start player, drawn at random; the turn order "
            f"is {order}. Nations: {nations}. Round 1. Weather: "), first
        assert " History (" in first
        assert not any("is the start player" in t for t in lines(seed))  # not told twice
    # round 1's History card says what it gave, as every later one does
    assert "History (1694): Bank of England Founded: Britain gains 3 Gold. {s1} gains 3 Gold." \
        in GAME.opening_lines(GAME.setup({}, 2, 2))[0]
    assert GAME.opening_lines(GAME.setup({}, 3, 3))[0].startswith(
        "{s1} is the start player, drawn at random; the turn order is {s1}, {s2}, {s0}. "
        "Nations: {s0}: United States; {s1}: Britain; {s2}: France. Round 1. Weather: Trade "
        "Winds:")


def test_a_launch_names_its_place_the_way_moves_do() -> None:
    launches = [e for seed in SEEDS for _, events in bot_game(seed) for e in events
                if e.kind == "launch"]
    assert launches
    side = GAME.setup({}, 3, 3).side
    board = empires_content().board(side)
    for e in launches:
        cell = (e.data["cell"][0], e.data["cell"][1])
        # named as a ship is named, after one of the ports it lies beside (the owner's first)
        beside = [board.port_at[c] for c in board.neighbours(cell) if c in board.port_at]
        assert any(e.text.endswith(f" {where(side, cell, (p,))}.") for p in beside), e.text


def test_every_turn_end_is_told_and_says_why() -> None:
    """A turn the player ends says so; one whose actions ran out passes by itself, and says so;
    a port bought or an attack ends the turn by the rules, and the line says which."""
    whys: set[str] = set()
    for seed in SEEDS:
        starts = ends = 0
        for action, events in bot_game(seed):
            for e in events:
                starts += e.kind == "turn"
                if e.kind != "end_of_turn":
                    continue
                ends += 1
                why = e.data["why"]
                whys.add(why)
                who = f"{{s{e.seat}}}"
                if why == "end":
                    assert isinstance(action, A.EndTurn), e.text
                    assert e.text in (f"{who} ends their turn.", f"{who} ends the Pirate's turn.")
                elif why == "spent":
                    assert not isinstance(action, A.EndTurn), e.text
                    assert e.text in (f"{who} has no actions left; the turn passes.",
                                      "The Pirate has no actions left; its turn ends.")
                elif why == "sunk":
                    assert e.text == "With the Pirate sunk, its turn ends."
                elif why == "buy":
                    assert isinstance(action, A.BuyPort)
                    assert e.text == f"Buying a port ends {who}'s turn."
                else:
                    assert e.text == f"The attack ends {who}'s turn."
        assert ends >= starts  # every player's turn that began ended, and the Pirate's too
    assert {"end", "spent", "buy", "attack"} <= whys


def test_a_reaction_window_says_who_may_answer_with_what_and_never_the_hand() -> None:
    """The line that opens a window (the attack, then its dice) names who may answer, the kinds
    of Captain's Order the rules allow each at that point, and that they may pass; the line is
    the same whatever the players hold."""
    windows = 0
    for _, _, events, after in _states(3, limit=12):
        c = after.combat
        if c is None or c.stage not in ("declared", "rolled"):
            continue
        opening = [e for e in events if e.kind in ("attack", "dice")]
        if not opening:
            continue
        windows += 1
        text = opening[-1].text
        who = " and ".join(f"{{s{s}}}" for s in c.waiting)
        assert f"{who} may" in text or f"{who} can" in text, text
        assert "pass" in text and "the attack goes on once" in text, text
        # the Orders are listed as what the rules allow, never as if they were a hand
        assert ": " not in window_text(after) or "whatever anyone holds: " in text, text
        for name in re.findall(r"\{s\d\}: ([^;.]+)", text):
            for card in re.split(r", | or ", name):
                assert card in ORDER_NAMES, (card, text)
        emptied = after.model_copy(deep=True)
        for p in emptied.players:
            p.hand = []
        assert window_text(emptied) == window_text(after)
        assert text.endswith(window_text(after))
    assert windows


ORDER_NAMES = {c.name for c in empires_content().captains.cards if c.type == "order"}


def _states(seed: int, limit: int) -> Iterator[tuple[EmpiresState, Action, list[Event],
                                                     EmpiresState]]:
    """The first moves of a seeded bot game, each with the state before and after, until
    ``limit`` attacks have been declared."""
    state = GAME.setup({}, 3, seed)
    bot = GAME.bots()[GAME.default_bot()]
    attacks = 0
    while GAME.outcome(state) is None and attacks < limit:
        seat = min(GAME.actors(state))
        action = bot.choose(GAME.view(state, seat), GAME.legal_actions(state, seat),
                            bot_rng(seed, state.version, seat))
        outcome = step(GAME, state, seat, action, state.version)
        assert isinstance(outcome, Accepted)
        attacks += any(e.kind == "attack" for e in outcome.events)
        yield state, action, outcome.events, outcome.state
        state = outcome.state


def test_the_bribe_line_says_what_may_be_bribed() -> None:
    said = lines(3, "bribe_phase")
    assert said
    assert set(said) == {"Bribe the Pirate: everyone chooses in secret an amount of Gold, from "
                         "none to all they hold; the highest bribe commands the Pirate this "
                         "round."}


def test_counter_attack_lines_name_ships_for_people() -> None:
    """The dice line and the aimed counter-attack name the ships (a random game has fleets the
    bots' games lack)."""
    ids = re.compile(r"\b(britain|france|spain|dutch|us)\d+")
    counters = 0
    for seed in (1, 2):
        for entry in played(GAME, 5, seed).log:
            for e in entry.events:
                assert not ids.search(e.text), e.text
                counters += "Counter-attack: die " in e.text
    assert counters


def test_the_window_line_is_the_same_for_two_different_hidden_hands() -> None:
    from .helpers import frigate_attack

    lines = []
    for hands in ((["broadside"] * 3, ["evasive"] * 3), (["decoy"], ["treasure_galleon"] * 6)):
        _state, events = frigate_attack(hands)
        [line] = [e.text for e in events if e.kind == "attack"]
        lines.append(line)
    assert lines[0] == lines[1]
    assert "Orders the rules allow now, whatever anyone holds: " in lines[0]
    assert "Treasure" not in lines[0] and "Decoy" not in lines[0].split("holds: ")[0]
