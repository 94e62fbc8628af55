"""Input at the edges through the slash commands: values of thousands of digits, seeds beyond
what Discord or SQLite hold, unknown games, a second start, hostile display names. Each gets one
clear private answer and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from bot.cogs.game import MAX_SEED
from bot.ui import lookup
from bot.ui.decide import decide_from_menu
from bot.ui.text import NOT_A_MOVE, NOTHING_CHANGED, clean_name
from engine.core import get
from engine.core.commands import CommandError, resolve, whole

from .conftest import ALICE, BOB, CAROL, CHANNEL, FakeInteraction, Table

HUGE = "9" * 5000  # more digits than Python turns into a number unasked (4,300)
SUPERSCRIPT_TWO = "\u00b2"  # a digit to str.isdigit, but int() refuses it


def answered(inter: FakeInteraction) -> str:
    """The one private answer, asserted to be no "something went wrong"."""
    assert inter.public == [], [s.text for s in inter.public]
    [text] = inter.private
    assert text and text != NOTHING_CHANGED, text
    return text


async def names(table: Table) -> list[str]:
    match = await lookup.open_match(table.service, CHANNEL)
    assert match is not None
    return [s.name for s in await table.service.storage.seats(match.id)]


@pytest.mark.parametrize("value", [
    "v0:" + HUGE, "v" + HUGE + ":0", HUGE, "v" + HUGE, f"v0:{SUPERSCRIPT_TWO}",
    f"v{SUPERSCRIPT_TWO}:0", SUPERSCRIPT_TWO, "x" * 6000,
])
async def test_move_values_no_move_can_have(table: Table, value: str) -> None:
    await table.lobby(ALICE, BOB)
    actor, before = await table.actor(), await table.version()
    posted = len(table.channel.messages)
    text = answered(await table.move(actor, value))
    assert text == NOT_A_MOVE
    assert await table.version() == before and len(table.channel.messages) == posted


async def test_a_decide_menu_value_made_up_by_hand(table: Table) -> None:
    await table.lobby(ALICE, BOB)
    match = await table.match()
    assert match is not None
    for value in (f"v{match.version}:{HUGE}", f"v{match.version}:{SUPERSCRIPT_TWO}"):
        inter = table.interaction(await table.actor())
        await decide_from_menu(inter, match.id, match.version, value)
        assert "out of date" in answered(inter)
    assert await table.version() == match.version


@pytest.mark.parametrize("seed", [MAX_SEED + 1, 2**63, 2**64, 10**30, -1])
async def test_a_seed_beyond_the_options_range(table: Table, seed: int) -> None:
    """Discord keeps the option within 0..2**53-1; a payload made by hand need not be."""
    text = answered(await table.game("new", ALICE, "race", None, seed))
    assert f"The seed is a whole number from 0 to {MAX_SEED}" in text
    assert await table.match() is None


async def test_the_largest_seed_discord_sends_is_kept(table: Table) -> None:
    await table.game("new", ALICE, "race", None, MAX_SEED)
    match = await table.match()
    assert match is not None and MAX_SEED in (match.seed, match.chosen_seed)  # mixed or not


async def test_unknown_games_and_a_second_start(table: Table) -> None:
    text = answered(await table.game("new", ALICE, "x" * 6000))
    assert text.startswith("There is no game 'xxx") and len(text) < 300
    rules = await table.command("HelpCog", "rules", ALICE, "chess")
    [sent] = rules.replies
    assert sent.ephemeral and sent.text.startswith("There is no game 'chess'")
    await table.lobby(ALICE, BOB)
    before, posted = await table.version(), len(table.channel.messages)
    assert answered(await table.game("start", ALICE)) == "The game has already started."
    assert answered(await table.game("start", CAROL)) == "The game has already started."
    assert await table.version() == before and len(table.channel.messages) == posted


async def test_display_names_are_cleaned_and_clipped(table: Table) -> None:
    table.users[ALICE].display_name = "\u202eAl\x00ice\n\x1b[1m"
    table.users[BOB].display_name = "B" * 200_000
    table.users[CAROL].display_name = "\x01\u200b \t"
    new = await table.game("new", ALICE, "race", None, 1)
    assert new.public[0].text.startswith("Alice [1m opened a game")
    await table.game("join", BOB)
    carol = await table.game("join", CAROL)
    assert carol.public[0].text.startswith("Player 3 joined.")
    assert await names(table) == ["Alice [1m", "B" * 31 + "…", "Player 3"]


def test_clean_name() -> None:
    assert clean_name("  Zoë  \u00e9 ", "Player 2") == "Zoë é"
    assert clean_name("\U0001f468\u200d\U0001f469\u200d\U0001f467", "P") == \
        "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # a family emoji keeps its joiners
    assert clean_name("\ud800x\u2028y", "P") == "x y"  # an unpaired surrogate, a line separator
    for empty in ("", "   ", "\x00\x01", "\u200b\u202e", "\u0301"):
        assert clean_name(empty, "Player 4") == "Player 4"
    assert len(clean_name("é" * 100, "P")) == 32


@pytest.mark.parametrize("text", [HUGE, SUPERSCRIPT_TWO, "1" * 10, "", "-", "1.5", " 12 x"])
def test_whole_refuses_what_is_no_small_number(text: str) -> None:
    assert whole(text) is None


def test_whole_reads_small_numbers() -> None:
    assert [whole(t) for t in ("0", " 12 ", "-3", "999999999")] == [0, 12, -3, 999_999_999]


@pytest.mark.parametrize("value", [HUGE, SUPERSCRIPT_TWO, "-1"])
@pytest.mark.parametrize(("game_id", "command", "typed"), [
    ("ocean_trader", "bid", {}),
    ("ocean_trader", "buy", {"goods": "tea", "ship": None}),
    ("empires", "sail", {"ship": "britain1", "direction": "north", "distance": None}),
    ("empires", "bribe", {}),
])
def test_typed_numbers_that_are_not_are_refused_in_words(
        value: str, game_id: str, command: str, typed: dict[str, str | None]) -> None:
    """What a game command makes of a made-up number, against the legal moves of a real game:
    a refusal in words (or the move built for the engine to refuse), never a ValueError."""
    game = get(game_id)
    state = game.setup({}, 2, 1)
    seat = min(game.actors(state))
    options = {k: v if v is not None else value for k, v in typed.items()}
    options.setdefault("amount", value) if command in ("bid", "bribe") else None
    found = resolve(game.commands(), command, options, game.legal_actions(state, seat),
                    game.view(state, seat))
    if found.refused is not None:  # the engine says why
        assert game.validate(state, seat, found.refused) is not None
    else:
        assert found.problem and found.action is None, found
        assert "Traceback" not in found.problem and len(found.problem) < 300
    with pytest.raises(CommandError):  # building the move from the number alone is refused
        game.commands().command(command).make(options, game.view(state, seat))


async def test_every_command_that_acts_says_when_it_was_sent(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """The service recognises a command sent twice by the time Discord stamped on it: /move,
    /game undo, a game's own command and the Decide menu all pass it on."""
    service = table.service
    stamps: list[tuple[str, float | None]] = []
    for name in ("act", "act_choice", "undo"):
        original = getattr(service, name)

        def spy(*args: Any, _name: str = name, _original: Any = original, **kwargs: Any
                ) -> Any:
            stamps.append((_name, kwargs.get("sent_at")))
            return _original(*args, **kwargs)

        monkeypatch.setattr(service, name, spy)

    def sent(inter: FakeInteraction) -> float:
        return inter.created_at.timestamp()

    await table.lobby(ALICE, BOB)
    actor = await table.actor()
    move = await table.move(actor, (await table.suggest(actor))[0].value)
    assert stamps[0] == ("act_choice", sent(move))
    undo = await table.game("undo", actor)
    assert ("undo", sent(undo)) in stamps
    match = await table.match()
    assert match is not None
    menu = table.interaction(actor)
    await decide_from_menu(menu, match.id, match.version, f"v{match.version}:0")
    assert ("act_choice", sent(menu)) in stamps
    await table.abort(ALICE)

    stamps.clear()
    await table.game("new", ALICE, "ships", None, 7)
    await table.game("join", BOB)
    await table.game("start", ALICE)
    mover = ALICE if await service.choices(CHANNEL, ALICE) else BOB
    gold = await table.play("ships", "gold", mover, pay="merchant")
    assert stamps and stamps[-1] == ("act", sent(gold))
    assert all(stamp is not None for _, stamp in stamps)
