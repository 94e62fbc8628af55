"""The lines a seeded bot game writes: who moves first and why, routes by name, and charges
that say why they are paid."""

from __future__ import annotations

import re

from engine.core import Action, Event
from engine.ocean_trader import GAME
from tests.contract.playout import bot_moves

SEEDS = (3, 4, 5, 6, 7, 8)


def bot_game(seed: int, seats: int = 3) -> tuple[tuple[Action, tuple[Event, ...]], ...]:
    """Every move of a game between standard bots, with the events it made."""
    return bot_moves(GAME, seats, seed)


def lines(seed: int, kind: str | None = None) -> list[str]:
    return [e.text for _, events in bot_game(seed) for e in events
            if e.text and (kind is None or e.kind == kind)]


def test_the_first_line_says_who_moves_first_and_why() -> None:
    state = GAME.setup({}, 3, 4)
    first = [e for e in bot_game(4)[0][1] if e.text][0]
    assert first.text.startswith(
        "Opening throws: {s0} 6, {s1} 6, {s2} 5; then {s0} 5, {s1} 1. {s0} threw highest and "
        "moves first; play then goes round in seat order: {s0}, {s1}, {s2}.")
    assert state.first_player == 0 and first.seat == 0
    single = [e for e in bot_game(3)[0][1] if e.text][0].text
    assert single.startswith("Opening throw: {s0} 4, {s1} 4, {s2} 6. {s2} threw highest")
    for seed in SEEDS:
        said = [t for t in lines(seed) if "Opening throw" in t]
        assert len(said) == 1
        who = int(re.search(r"\{s(\d)\} threw highest", said[0]).group(1))  # type: ignore[union-attr]
        assert who == GAME.setup({}, 3, seed).first_player


def test_no_line_shows_a_route_id() -> None:
    for seed in SEEDS:
        for text in lines(seed):
            assert not re.search(r"\b[A-Z]{3}-[A-Z]{3}\b", text), text
    at_sea = [t for seed in SEEDS for t in lines(seed, "at_sea")]
    assert "{s2}'s ship 1 is at sea between Liverpool and Bordeaux." in at_sea or \
        any(t.endswith("between Liverpool and Bordeaux.") for t in at_sea)
    assert any(" on Western Ocean." in t for t in at_sea)


def test_a_prospect_charge_says_the_card_demands_it() -> None:
    fees = [t for seed in SEEDS for t in lines(seed, "fee") if "Prospect" in t]
    assert fees
    for text in fees:
        assert re.fullmatch(r"\{s\d\} pays £[\d,]+ to the Banker, as the Prospect card .+ "
                            r"demands\.", text), text
