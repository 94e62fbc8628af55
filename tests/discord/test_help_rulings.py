"""/rules shows a game's rulings, when the game provides them, within Discord's limits."""

from __future__ import annotations

from bot.ui.text import game_rulings, rulings_messages
from engine.core import all_games
from engine.ships import GAME as SHIPS

from .conftest import CAROL, Table


async def test_rules_for_ships_follow_with_its_rulings(table: Table) -> None:
    inter = await table.command("HelpCog", "rules", CAROL, "ships")
    first, *rest = inter.replies
    assert first.text.startswith("**Ships**")
    assert rest and all(sent.ephemeral for sent in inter.replies)
    assert all(len(sent.text) <= 2000 for sent in inter.replies)
    shown = "\n".join(sent.text for sent in rest)
    for topic, ruling, passage in SHIPS.rulings():
        assert f"**{topic}**: {ruling}" in shown
        assert f"> {passage}" in shown


async def test_rules_without_rulings_is_one_message(table: Table) -> None:
    race = next(g for g in all_games() if g.id == "race")
    assert game_rulings(race) == []
    inter = await table.command("HelpCog", "rules", CAROL, "race")
    assert len(inter.replies) == 1
    unknown = await table.command("HelpCog", "rules", CAROL, "go")
    assert len(unknown.replies) == 1


def test_rulings_are_split_into_messages_within_the_limit() -> None:
    rulings = [(f"Topic {n}", "A ruling. " * 40, "A passage quoted. " * 10) for n in range(12)]
    messages = rulings_messages("Ships", rulings)
    assert len(messages) > 1
    assert all(len(m) <= 2000 for m in messages)
    joined = "\n\n".join(messages)
    assert all(f"**Topic {n}**" in joined for n in range(12))
    assert joined.count("**Topic 3**") == 1  # each ruling whole in one message
    huge = rulings_messages("Ships", [("Long", "x" * 5000, "y")])
    assert all(len(m) <= 2000 for m in huge)


async def test_rules_for_empires_follow_with_its_rulings(table: Table) -> None:
    empires = next(g for g in all_games() if g.id == "empires")
    rulings = game_rulings(empires)
    assert rulings
    inter = await table.command("HelpCog", "rules", CAROL, "empires")
    shown = "\n".join(sent.text for sent in inter.replies[1:])
    assert all(len(sent.text) <= 2000 for sent in inter.replies)
    assert all(f"**{topic}**" in shown for topic, _, _ in rulings)
