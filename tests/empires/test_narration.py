"""The lines a seeded bot game writes name ships for people, read as English and start with a
capital."""

from __future__ import annotations

import re

from engine.core import Action, Event
from engine.empires import GAME
from tests.contract.playout import bot_moves

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
        assert re.fullmatch(r"(\{s\d\}'s|The Pirate) .+ (at|near) .+ sails to .*\[\d+, \d+\].*\.",
                            text), text
    assert "The Pirate Ship of the Line near Santo Domingo sails to Nassau [7, 9]." in sails
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


def test_the_first_line_says_who_starts_and_round_one() -> None:
    for seed in SEEDS:
        state = GAME.setup({}, 3, seed)
        first = next(e for e in bot_game(seed)[0][1] if e.text and e.to is None)
        order = ", ".join(f"{{s{s}}}" for s in state.order())
        assert first.text.startswith(
            f"{{s{state.start_player}}} is the start player, drawn at random; the turn order "
            f"is {order}. Round 1. Weather: "), first.text
        assert " History (" in first.text
        assert sum("is the start player" in t for t in lines(seed)) == 1
    assert next(e.text for e in bot_game(3)[0][1] if e.text).startswith(
        "{s1} is the start player, drawn at random; the turn order is {s1}, {s2}, {s0}. "
        "Round 1. Weather: Trade Winds:")
