"""The lines a seeded bot game writes say what happened and never contradict the state."""

from __future__ import annotations

import re

from engine.core import Action, Event
from engine.ships import GAME
from engine.ships.actions import DiscardGood, EndTurn, TakeCard
from tests.contract.playout import bot_moves

SEEDS = (3, 4, 5)


def bot_game(seed: int, seats: int = 3) -> tuple[tuple[Action, tuple[Event, ...]], ...]:
    """Every move of a game between standard bots, with the events it made."""
    return bot_moves(GAME, seats, seed)


def lines(seed: int) -> list[str]:
    return [e.text for _, events in bot_game(seed) for e in events if e.text]


def test_every_vp_change_is_said_with_whose_it_is() -> None:
    for seed in SEEDS:
        for _, events in bot_game(seed):
            said = " ".join(e.text for e in events)
            for e in events:
                if e.kind == "vp":
                    assert f"{{s{e.seat}}}" in said and "VP" in said, (seed, e, said)


def test_opening_an_age_names_who_loses_vp_for_ships_left_behind() -> None:
    found = False
    for seed in SEEDS:
        for _, events in bot_game(seed):
            losses = [e for e in events if e.kind == "vp" and e.data["vp"] < 0]
            if not losses:
                continue
            found = True
            text = " ".join(e.text for e in events if e.kind in ("first_ship", "obsolete"))
            for seat in {e.seat for e in losses}:
                lost = -sum(e.data["vp"] for e in losses if e.seat == seat)
                assert re.search(rf"\{{s{seat}\}} loses \d+ VP", text), text
                said = sum(int(n) for n in re.findall(rf"\{{s{seat}\}} loses (\d+) VP", text))
                assert said == lost, (text, seat, lost)
            assert "ships in Age" not in text.split(":")[0].lower() or "1 ships" not in text
    assert found


def test_area_scoring_says_gains_and_new_totals() -> None:
    seen = [t for seed in SEEDS for t in lines(seed) if t.startswith("Area ")]
    assert seen
    for text in seen:
        assert "nobody" in text or re.search(r"\{s\d\} \+\d+ → \d+ VP", text), text


def test_no_line_says_a_zero_gain_or_a_wrong_plural() -> None:
    for seed in SEEDS:
        for text in lines(seed):
            assert not re.search(r"\b0 (gold|VP)\b", text), text
            assert not re.search(r"\b1 (ships|cubes|cards)\b", text), text
            assert " a oil" not in text and not re.search(r"\ba [aeiou]", text), text


def test_a_full_bank_line_agrees_with_the_gold_and_vp_it_gave() -> None:
    found = False
    for seed in SEEDS:
        for _, events in bot_game(seed):
            for e in events:
                if e.kind != "gold_to_vp":
                    continue
                found = True
                vp = sum(v.data["vp"] for v in events
                         if v.kind == "vp" and v.data["reason"] == "surplus gold")
                said = " ".join(x.text for x in events)
                assert f"{e.data['gold']} gold does not fit" in said or \
                    f"{e.data['gold']} more gold does not fit" in said, said
                if vp:
                    assert f"becomes {vp} VP" in said, said
                else:
                    assert "goes back to the pool" in said, said
    assert found


def test_a_turn_that_ends_by_itself_says_so() -> None:
    by_itself = 0
    for seed in SEEDS:
        for action, events in bot_game(seed):
            for e in events:
                if e.kind != "end_of_turn":
                    continue
                if isinstance(action, EndTurn):  # with what it left, when it left some
                    assert re.fullmatch(r"\{s\d\} ends their turn(, leaving \d actions? "
                                        r"unplayed)?\.", e.text), e.text
                else:
                    by_itself += 1
                    assert e.text == f"{{s{e.seat}}} has nothing left to do; the turn passes."
    assert by_itself


def test_paying_with_oil_reads_right() -> None:
    from engine.ships.legal import PAY_WITH

    assert PAY_WITH["oil"] == "pay with oil for a free action cube"
    for seed in SEEDS:
        for action, _ in bot_game(seed):
            label = getattr(action, "label", "") or ""
            assert "a oil" not in label, label


def test_taking_a_card_says_no_more_cards_this_turn() -> None:
    """Rulebook, Take one card: "You can only select this action once during your turn"."""
    closed = 0
    for seed in SEEDS:
        for action, events in bot_game(seed):
            if not isinstance(action, TakeCard):
                continue
            text = next(e.text for e in events if e.kind == "take_card")
            closed += "; no more cards this turn." in text
            assert re.match(r"\{s\d\} took [^;]+(; no more cards this turn)?\.", text), text
    assert closed


def test_pirates_says_who_must_answer_and_with_what() -> None:
    asked = 0
    for seed in SEEDS:
        moves = bot_game(seed)
        for index, (action, events) in enumerate(moves):
            if not isinstance(action, TakeCard) or action.card != "pirates":
                continue
            text = next(e.text for e in events if e.kind == "take_card")
            victims = [int(s) for s in re.findall(r"\{s(\d)\}", text.split(". ", 1)[1])]
            assert re.search(r"must (each )?return 1 good of their choice to the pool\.$", text)
            # the next moves are those players' answers, one good each
            answers = [a for a, _ in moves[index + 1:index + 1 + len(victims)]]
            assert all(isinstance(a, DiscardGood) for a in answers), answers
            asked += 1
    assert asked
