"""The fake Discord's payload checks, without the bot: its documented limits
(tests.fakediscord.limits) and Discord's OpenAPI description (tests.fakediscord.openapi). Valid
bodies pass, each broken limit is reported at its JSON path, payloads the limits let through
but the description refuses are refused, the fake answers them with Discord's 400, and the
bot's real command tree is within every limit."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import aiohttp
import pytest

from tests.fakediscord import FakeDiscord
from tests.fakediscord.limits import (
    check_autocomplete,
    check_callback,
    check_commands,
    check_message,
)
from tests.fakediscord.openapi import Compiler, spec
from tests.fakediscord.server import TOKEN

MIB = 1024 * 1024
Run = Callable[[], list[str]]
Change = Callable[[Any], Any]


# --- valid payloads ---------------------------------------------------------------------------
def _string_option(name: str, **extra: Any) -> dict[str, Any]:
    return {"type": 3, "name": name, "description": f"The {name}", **extra}


SLASH_COMMAND: dict[str, Any] = {
    "name": "game",
    "type": 1,
    "description": "Open, join and run a board game",
    "name_localizations": {"fr": "partie", "hi": "खेल"},
    "description_localizations": {"fr": "Ouvrir une partie"},
    "default_member_permissions": "32",
    "dm_permission": False,
    "contexts": [0, 1],
    "integration_types": [0],
    "nsfw": False,
    "options": [
        {"type": 2, "name": "host", "description": "Host tools", "options": [
            {"type": 1, "name": "kick", "description": "Remove a player", "options": [
                {"type": 6, "name": "player", "description": "Who leaves", "required": True},
            ]},
        ]},
        {"type": 1, "name": "new", "description": "Open a new game", "options": [
            _string_option("game", required=True, autocomplete=True),
            _string_option("policy", min_length=1, max_length=10, choices=[
                {"name": "Wait", "value": "wait", "name_localizations": {"fr": "Attendre"}},
                {"name": "Bot", "value": "bot"},
            ]),
            {"type": 4, "name": "seed", "description": "A fixed seed",
             "min_value": 0, "max_value": 2**53 - 1},
            {"type": 10, "name": "hours", "description": "Turn hours",
             "choices": [{"name": "Half a day", "value": 12.5}, {"name": "A day", "value": 24}]},
            {"type": 7, "name": "where", "description": "Where to play", "channel_types": [0]},
            {"type": 4, "name": "answer", "description": "Seconds to answer",
             "autocomplete": True},
        ]},
    ],
}
USER_COMMAND: dict[str, Any] = {"type": 2, "name": "Show Seat"}
MESSAGE_COMMAND: dict[str, Any] = {"type": 3, "name": "Replay This", "description": ""}
VALID_COMMANDS = [SLASH_COMMAND, USER_COMMAND, MESSAGE_COMMAND]
NEW = (0, "options", 1, "options")  # the options of /game new


def _button(custom_id: str, **extra: Any) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": custom_id.title(), "custom_id": custom_id, **extra}


VALID_MESSAGE: dict[str, Any] = {
    "content": "Your move, <@1001>.",
    "tts": False,
    "embeds": [{
        "title": "Harbour",
        "description": "Three ships wait.",
        "color": 0x3366AA,
        "fields": [{"name": "Gold", "value": "12", "inline": True}],
        "footer": {"text": "Turn 4"},
        "author": {"name": "Portolan"},
        "image": {"url": "attachment://board.png"},
    }],
    "allowed_mentions": {"parse": [], "users": ["1001"], "replied_user": False},
    "flags": 4096,
    "attachments": [{"id": 0, "filename": "board.png"}],
    "components": [
        {"type": 1, "components": [
            _button("board"),
            _button("rules", style=2, emoji={"name": "📜"}),
            {"type": 2, "style": 5, "label": "Guide", "url": "https://example.org/guide"},
            {"type": 2, "style": 6, "sku_id": "123456789"},
            {"type": 2, "style": 4, "emoji": {"name": "🏳"}, "custom_id": "resign"},
        ]},
        {"type": 1, "components": [{
            "type": 3, "custom_id": "pick", "placeholder": "Pick goods",
            "min_values": 1, "max_values": 2,
            "options": [{"label": "Wine", "value": "wine", "description": "Sells well"},
                        {"label": "Metal", "value": "metal"}],
        }]},
        {"type": 1, "components": [{"type": 5, "custom_id": "who", "max_values": 3}]},
    ],
}
VALID_FILES = [("board.png", 300_000)]
VALID_AUTOCOMPLETE: dict[str, Any] = {"choices": [
    {"name": "Ships", "value": "ships"},
    {"name": "Forty", "value": 40},
    {"name": "Half", "value": 0.5, "name_localizations": {"fr": "Moitié"}},
]}
VALID_MODAL: dict[str, Any] = {
    "custom_id": "bid", "title": "Sealed bid",
    "components": [
        {"type": 1, "components": [
            {"type": 4, "custom_id": "amount", "style": 1, "label": "Gold to bid",
             "min_length": 1, "max_length": 4, "placeholder": "0"},
        ]},
        {"type": 18, "label": "A note", "component":
            {"type": 4, "custom_id": "note", "style": 2, "required": False}},
    ],
}


def test_valid_commands_pass() -> None:
    assert check_commands(copy.deepcopy(VALID_COMMANDS)) == []
    assert check_commands([]) == []


def test_valid_message_passes() -> None:
    assert check_message(copy.deepcopy(VALID_MESSAGE), files=VALID_FILES) == []
    assert check_message({"content": "Hi"}) == []
    assert check_message({}, files=[("board.png", 10)]) == []
    assert check_message({"content": "Only you", "flags": 64}, in_interaction=True) == []
    assert check_message({"content": None, "embeds": []}, edit=True) == []


def test_valid_autocomplete_passes() -> None:
    assert check_autocomplete(copy.deepcopy(VALID_AUTOCOMPLETE)) == []
    assert check_autocomplete({"choices": []}) == []


@pytest.mark.parametrize("body", [
    {"type": 1},
    {"type": 4, "data": {"content": "Done", "flags": 64}},
    {"type": 5},
    {"type": 5, "data": {"flags": 64}},
    {"type": 6},
    {"type": 7, "data": {}},
    {"type": 7, "data": {"content": "Updated", "components": []}},
    {"type": 8, "data": VALID_AUTOCOMPLETE},
    {"type": 9, "data": VALID_MODAL},
])
def test_valid_callbacks_pass(body: dict[str, Any]) -> None:
    assert check_callback(copy.deepcopy(body)) == []


def test_valid_callback_with_files_passes() -> None:
    body = {"type": 4, "data": copy.deepcopy(VALID_MESSAGE)}
    assert check_callback(body, files=VALID_FILES) == []


# --- changes to a valid payload ---------------------------------------------------------------
def _node(payload: Any, keys: tuple[Any, ...]) -> Any:
    for key in keys:
        payload = payload[key]
    return payload


def setting(*keys: Any, to: Any) -> Change:
    """A change that sets payload[k1]...[kn] to a value."""
    def change(payload: Any) -> None:
        _node(payload, keys[:-1])[keys[-1]] = copy.deepcopy(to)
    return change


def appending(*keys: Any, items: list[Any]) -> Change:
    """A change that appends items to the list at payload[k1]...[kn]."""
    def change(payload: Any) -> None:
        _node(payload, keys).extend(copy.deepcopy(items))
    return change


def removing(*keys: Any) -> Change:
    def change(payload: Any) -> None:
        del _node(payload, keys[:-1])[keys[-1]]
    return change


def both(first: Change, second: Change) -> Change:
    def change(payload: Any) -> None:
        first(payload)
        second(payload)
    return change


def replaced_by(value: Any) -> Change:
    return lambda payload: value


def _changed(base: Any, change: Change) -> Any:
    payload = copy.deepcopy(base)
    replacement = change(payload)
    return payload if replacement is None else replacement


def commands_with(change: Change) -> Run:
    return lambda: check_commands(_changed(VALID_COMMANDS, change))


def message_with(change: Change, *, files: list[tuple[str, int]] | None = None,
                 in_interaction: bool = False) -> Run:
    return lambda: check_message(_changed(VALID_MESSAGE, change),
                                 files=VALID_FILES if files is None else files,
                                 in_interaction=in_interaction)


def autocomplete_with(change: Change) -> Run:
    return lambda: check_autocomplete(_changed(VALID_AUTOCOMPLETE, change))


def callback(body: dict[str, Any], files: list[tuple[str, int]] | None = None) -> Run:
    return lambda: check_callback(copy.deepcopy(body), files=files or [])


def _many(count: int, make: Callable[[int], Any]) -> list[Any]:
    return [make(i) for i in range(count)]


def _slash(name: str, **extra: Any) -> dict[str, Any]:
    return {"name": name, "description": f"The {name} command", **extra}


_LONG_CHOICES = _many(25, lambda i: {"name": f"{i:03}" + "n" * 97, "value": f"{i:03}" + "v" * 97})
_ROW = {"type": 1, "components": [_button("x")]}


def case(run: Run, path: str, fragment: str, name: str) -> Any:
    return pytest.param(run, path, fragment, id=name)


COMMAND_CASES = [
    case(commands_with(replaced_by({"name": "game"})), "commands", "must be a list",
         "not-a-list"),
    case(commands_with(appending(items=_many(100, lambda i: _slash(f"c{i}")))), "commands",
         "101 CHAT_INPUT commands", "too-many-chat-input"),
    case(commands_with(appending(items=_many(5, lambda i: {"type": 2, "name": f"U{i}"}))),
         "commands", "6 USER commands", "too-many-user"),
    case(commands_with(appending(items=_many(5, lambda i: {"type": 3, "name": f"M{i}"}))),
         "commands", "6 MESSAGE commands", "too-many-message"),
    case(commands_with(appending(items=[_slash("game")])), "commands[3].name",
         "already the name of CHAT_INPUT command commands[0]", "duplicate-name"),
    case(commands_with(setting(0, "type", to=9)), "commands[0].type",
         "not an application command type", "unknown-type"),
    case(commands_with(setting(0, "name", to="Game")), "commands[0].name",
         "'Game' must be lowercase", "name-uppercase"),
    case(commands_with(setting(0, "name", to="new game")), "commands[0].name",
         "may hold only", "name-space"),
    case(commands_with(setting(0, "name", to="g" * 33)), "commands[0].name",
         "maximum of 32", "name-too-long"),
    case(commands_with(setting(0, "name", to="")), "commands[0].name", "minimum of 1",
         "name-empty"),
    case(commands_with(removing(0, "name")), "commands[0].name", "is required",
         "name-missing"),
    case(commands_with(setting(1, "name", to="S" * 33)), "commands[1].name",
         "maximum of 32", "user-name-too-long"),
    case(commands_with(removing(0, "description")), "commands[0].description",
         "is required", "description-missing"),
    case(commands_with(setting(0, "description", to="d" * 101)), "commands[0].description",
         "maximum of 100", "description-too-long"),
    case(commands_with(setting(0, "description", to="")), "commands[0].description",
         "minimum of 1", "description-empty"),
    case(commands_with(setting(1, "description", to="Shows a seat")), "commands[1].description",
         "must be empty or absent for USER", "user-description"),
    case(commands_with(setting(2, "options", to=[_string_option("x")])), "commands[2].options",
         "only CHAT_INPUT commands take options", "message-command-options"),
    case(commands_with(setting(0, "name_localizations", to={"fr": "p" * 33})),
         "commands[0].name_localizations.fr", "maximum of 32", "localized-name-too-long"),
    case(commands_with(setting(0, "name_localizations", to={"de": "Spiel"})),
         "commands[0].name_localizations.de", "must be lowercase", "localized-name-case"),
    case(commands_with(setting(0, "description_localizations", to={"fr": "d" * 101})),
         "commands[0].description_localizations.fr", "maximum of 100",
         "localized-description-too-long"),
    case(commands_with(setting(0, "name_localizations", to=["partie"])),
         "commands[0].name_localizations", "must be an object", "localizations-not-object"),
    case(commands_with(setting(0, "default_member_permissions", to="admin")),
         "commands[0].default_member_permissions", "permission bit set", "bad-permissions"),
    case(commands_with(setting(0, "contexts", to="guild")), "commands[0].contexts",
         "must be a list of integers", "contexts-not-list"),
    case(commands_with(setting(0, "contexts", to=[0, "1"])), "commands[0].contexts[1]",
         "is not one of 0, 1, 2", "contexts-not-int"),
    case(commands_with(setting(0, "integration_types", to=[0, 7])),
         "commands[0].integration_types[1]", "is not one of 0, 1", "integration-type"),
    case(commands_with(setting(*NEW, to=_many(26, lambda i: _string_option(f"o{i}")))),
         "commands[0].options[1].options", "has 26 options", "too-many-options"),
    case(commands_with(setting(*NEW, 0, "type", to=12)), "commands[0].options[1].options[0].type",
         "not an option type", "option-type"),
    case(commands_with(setting(*NEW, 0, "name", to="Game")),
         "commands[0].options[1].options[0].name", "must be lowercase", "option-name-case"),
    case(commands_with(setting(*NEW, 0, "name", to="o" * 33)),
         "commands[0].options[1].options[0].name", "maximum of 32", "option-name-too-long"),
    case(commands_with(setting(*NEW, 0, "description", to="")),
         "commands[0].options[1].options[0].description", "minimum of 1",
         "option-description-empty"),
    case(commands_with(setting(*NEW, 0, "description", to="d" * 101)),
         "commands[0].options[1].options[0].description", "maximum of 100",
         "option-description-too-long"),
    case(commands_with(setting(*NEW, 1, "name", to="game")),
         "commands[0].options[1].options[1].name", "already used", "option-duplicate"),
    case(commands_with(setting(*NEW, 2, "required", to=True)),
         "commands[0].options[1].options[2]", "required options must come first",
         "required-after-optional"),
    case(commands_with(appending(0, "options", items=[_string_option("loose")])),
         "commands[0].options", "cannot be mixed", "subcommands-mixed"),
    case(commands_with(appending(0, "options", 0, "options", items=[_string_option("x")])),
         "commands[0].options[0].options[1].type", "cannot be inside a sub-command group",
         "value-in-group"),
    case(commands_with(setting(0, "options", 0, "options", 0, "type", to=2)),
         "commands[0].options[0].options[0].type",
         "SUB_COMMAND_GROUP option cannot be inside a sub-command group", "group-in-group"),
    case(commands_with(appending(*NEW, items=[{"type": 1, "name": "deep", "description": "x"}])),
         "commands[0].options[1].options[6].type", "cannot be inside a sub-command",
         "subcommand-in-subcommand"),
    case(commands_with(setting(*NEW, 4, "options", to=[_string_option("x")])),
         "commands[0].options[1].options[4].options", "only sub-commands and groups",
         "options-on-value-option"),
    case(commands_with(setting(*NEW, 4, "choices", to=[{"name": "a", "value": "a"}])),
         "commands[0].options[1].options[4].choices", "only STRING/INTEGER/NUMBER options",
         "choices-on-channel"),
    case(commands_with(setting(*NEW, 1, "choices",
                               to=_many(26, lambda i: {"name": f"c{i}", "value": f"{i}"}))),
         "commands[0].options[1].options[1].choices", "has 26 choices", "too-many-choices"),
    case(commands_with(setting(*NEW, 1, "choices", 0, "name", to="n" * 101)),
         "commands[0].options[1].options[1].choices[0].name", "maximum of 100",
         "choice-name-too-long"),
    case(commands_with(setting(*NEW, 1, "choices", 0, "name", to="")),
         "commands[0].options[1].options[1].choices[0].name", "minimum of 1",
         "choice-name-empty"),
    case(commands_with(setting(*NEW, 1, "choices", 0, "value", to="v" * 101)),
         "commands[0].options[1].options[1].choices[0].value", "maximum of 100",
         "choice-value-too-long"),
    case(commands_with(setting(*NEW, 1, "choices", 0, "value", to=3)),
         "commands[0].options[1].options[1].choices[0].value", "must be a string",
         "string-choice-not-string"),
    case(commands_with(setting(*NEW, 1, "choices", 0, "name_localizations",
                               to={"fr": "n" * 101})),
         "commands[0].options[1].options[1].choices[0].name_localizations.fr",
         "maximum of 100", "choice-localization-too-long"),
    case(commands_with(setting(*NEW, 2, "choices", to=[{"name": "one", "value": "1"}])),
         "commands[0].options[1].options[2].choices[0].value", "must be an integer",
         "integer-choice-type"),
    case(commands_with(setting(*NEW, 2, "choices", to=[{"name": "big", "value": 2**53}])),
         "commands[0].options[1].options[2].choices[0].value", "outside the allowed range",
         "integer-choice-range"),
    case(commands_with(setting(*NEW, 3, "choices", 0, "value", to="12.5")),
         "commands[0].options[1].options[3].choices[0].value", "must be a number",
         "number-choice-type"),
    case(commands_with(setting(*NEW, 3, "choices", 0, "value", to=2.0**54)),
         "commands[0].options[1].options[3].choices[0].value", "outside the allowed range",
         "number-choice-range"),
    case(commands_with(setting(*NEW, 4, "autocomplete", to=True)),
         "commands[0].options[1].options[4].autocomplete", "only STRING/INTEGER/NUMBER",
         "autocomplete-on-channel"),
    case(commands_with(setting(*NEW, 1, "autocomplete", to=True)),
         "commands[0].options[1].options[1].autocomplete", "cannot be true when",
         "autocomplete-with-choices"),
    case(commands_with(setting(*NEW, 0, "min_value", to=1)),
         "commands[0].options[1].options[0].min_value", "only INTEGER/NUMBER options",
         "min-value-on-string"),
    case(commands_with(setting(*NEW, 2, "max_value", to=2**53)),
         "commands[0].options[1].options[2].max_value", "outside the allowed range",
         "max-value-range"),
    case(commands_with(both(setting(*NEW, 2, "min_value", to=10),
                            setting(*NEW, 2, "max_value", to=5))),
         "commands[0].options[1].options[2].min_value", "greater than max_value",
         "min-value-above-max-value"),
    case(commands_with(setting(*NEW, 2, "min_length", to=1)),
         "commands[0].options[1].options[2].min_length", "only STRING options",
         "min-length-on-integer"),
    case(commands_with(setting(*NEW, 1, "min_length", to=6001)),
         "commands[0].options[1].options[1].min_length", "range 0..6000", "min-length-range"),
    case(commands_with(setting(*NEW, 1, "max_length", to=0)),
         "commands[0].options[1].options[1].max_length", "range 1..6000", "max-length-range"),
    case(commands_with(setting(*NEW, 1, "max_length", to=6001)),
         "commands[0].options[1].options[1].max_length", "range 1..6000",
         "max-length-too-big"),
    case(commands_with(setting(*NEW, 0, "channel_types", to=[0])),
         "commands[0].options[1].options[0].channel_types", "only CHANNEL options",
         "channel-types-on-string"),
    case(commands_with(appending(items=[_slash("big", options=[
        _string_option("first", choices=_LONG_CHOICES),
        _string_option("second", choices=_LONG_CHOICES)])])),
         "commands[3]", "more than the maximum of 8000", "command-too-big"),
]

AUTOCOMPLETE_CASES = [
    case(autocomplete_with(replaced_by(["ships"])), "data", "must be an object",
         "not-an-object"),
    case(autocomplete_with(removing("choices")), "choices", "is required", "no-choices"),
    case(autocomplete_with(setting("choices", to=_many(26, lambda i: {"name": f"{i}",
                                                                      "value": f"{i}"}))),
         "choices", "has 26 choices", "too-many"),
    case(autocomplete_with(setting("choices", 0, "name", to="")), "choices[0].name",
         "minimum of 1", "name-empty"),
    case(autocomplete_with(setting("choices", 0, "name", to="n" * 101)), "choices[0].name",
         "maximum of 100", "name-too-long"),
    case(autocomplete_with(setting("choices", 0, "value", to="v" * 101)), "choices[0].value",
         "maximum of 100", "value-too-long"),
    case(autocomplete_with(setting("choices", 0, "value", to=True)), "choices[0].value",
         "must be a string or a number", "value-boolean"),
]

EMBED = ("embeds", 0)
ROW0 = ("components", 0, "components")
SELECT = ("components", 1, "components", 0)

MESSAGE_CASES = [
    case(lambda: check_message(["hello"]), "message", "must be an object", "not-an-object"),
    case(message_with(setting("content", to="c" * 2001)), "content", "maximum of 2000",
         "content-too-long"),
    case(message_with(setting("content", to=42)), "content", "must be a string",
         "content-not-string"),
    case(lambda: check_message({"content": ""}), "message", "is empty", "empty"),
    case(lambda: check_message({"content": "  ", "embeds": [], "components": []}), "message",
         "is empty", "blank"),
    case(message_with(setting("embeds", to=_many(11, lambda i: {"title": f"{i}"}))), "embeds",
         "has 11 embeds", "too-many-embeds"),
    case(message_with(setting(*EMBED, "title", to="t" * 257)), "embeds[0].title",
         "maximum of 256", "embed-title"),
    case(message_with(setting(*EMBED, "description", to="d" * 4097)), "embeds[0].description",
         "maximum of 4096", "embed-description"),
    case(message_with(setting(*EMBED, "fields", to=_many(26, lambda i: {"name": "n",
                                                                        "value": "v"}))),
         "embeds[0].fields", "has 26 fields", "embed-fields"),
    case(message_with(setting(*EMBED, "fields", 0, "name", to="n" * 257)),
         "embeds[0].fields[0].name", "maximum of 256", "field-name"),
    case(message_with(setting(*EMBED, "fields", 0, "name", to=" ")),
         "embeds[0].fields[0].name", "minimum of 1", "field-name-blank"),
    case(message_with(setting(*EMBED, "fields", 0, "value", to="v" * 1025)),
         "embeds[0].fields[0].value", "maximum of 1024", "field-value"),
    case(message_with(setting(*EMBED, "footer", "text", to="f" * 2049)), "embeds[0].footer.text",
         "maximum of 2048", "footer"),
    case(message_with(setting(*EMBED, "author", "name", to="a" * 257)), "embeds[0].author.name",
         "maximum of 256", "author"),
    case(message_with(setting("embeds", to=[{"description": "d" * 3001}] * 2)), "embeds",
         "more than the maximum of 6000", "embed-total"),
    case(message_with(setting("sticker_ids", to=["1", "2", "3", "4"])), "sticker_ids",
         "has 4 stickers", "stickers"),
    case(message_with(lambda p: None, files=_many(11, lambda i: (f"{i}.png", 10))), "files",
         "has 11 files", "too-many-files"),
    case(message_with(lambda p: None, files=[("board.png", 10 * MIB + 1)]), "files[0]",
         "more than the upload limit", "file-too-big"),
    case(message_with(lambda p: None, files=[("", 10)]), "files[0]", "has no filename",
         "file-without-name"),
    case(message_with(lambda p: None, files=[(f"{i}.png", 9 * MIB) for i in range(3)]), "files",
         "request limit", "files-too-big-together"),
    case(message_with(setting("attachments", to=[{"filename": "board.png"}])),
         "attachments[0].id", "is required", "attachment-without-id"),
    case(message_with(setting("flags", to=64)), "flags", "EPHEMERAL (64) may be set only",
         "ephemeral-outside-interaction"),
    case(message_with(setting("flags", to=32768), in_interaction=True), "flags",
         "IS_COMPONENTS_V2 (32768) is not allowed", "components-v2"),
    case(message_with(setting("flags", to=1 << 13), in_interaction=True), "flags",
         "IS_VOICE_MESSAGE (8192) may not be set", "other-flag"),
    case(message_with(setting("flags", to=-4)), "flags", "non-negative integer",
         "negative-flags"),
    case(message_with(setting("allowed_mentions", "parse", to=["here"])),
         "allowed_mentions.parse[0]", "not a mention type", "mention-type"),
    case(message_with(setting("allowed_mentions", "users", to=[str(i) for i in range(101)])),
         "allowed_mentions.users", "has 101 ids", "too-many-users"),
    case(message_with(setting("allowed_mentions", "roles", to=[str(i) for i in range(101)])),
         "allowed_mentions.roles", "has 101 ids", "too-many-roles"),
    case(message_with(setting("allowed_mentions", "users", to=["alice"])),
         "allowed_mentions.users[0]", "not a snowflake", "user-not-snowflake"),
    case(message_with(setting("allowed_mentions", "parse", to=["users"])),
         "allowed_mentions.users", "while parse contains 'users'", "users-twice"),
    case(message_with(setting("allowed_mentions", to={"parse": ["roles"], "roles": [5]})),
         "allowed_mentions.roles", "while parse contains 'roles'", "roles-twice"),
    case(message_with(setting("allowed_mentions", "replied_user", to="yes")),
         "allowed_mentions.replied_user", "must be a boolean", "replied-user"),
    case(message_with(appending("components", items=[_ROW] * 3)), "components",
         "has 6 top-level components", "too-many-rows"),
    case(message_with(setting("components", 0, to=_button("bare"))), "components[0].type",
         "must be an action row", "button-at-top"),
    case(message_with(appending(*ROW0, items=[_button("sixth")])), "components[0].components",
         "has 6 components", "six-buttons"),
    case(message_with(setting(*ROW0, to=[])), "components[0].components", "minimum of 1",
         "empty-row"),
    case(message_with(appending("components", 1, "components", items=[_button("extra")])),
         "components[1].components", "must be alone in its action row", "select-with-button"),
    case(message_with(setting(*ROW0, 0, "type", to=4)), "components[0].components[0].type",
         "an action row holds buttons", "text-input-in-message"),
    case(message_with(setting(*ROW0, 0, "style", to=7)), "components[0].components[0].style",
         "not a button style", "button-style"),
    case(message_with(removing(*ROW0, 0, "custom_id")),
         "components[0].components[0].custom_id", "needs a custom_id", "button-no-custom-id"),
    case(message_with(setting(*ROW0, 0, "url", to="https://example.org")),
         "components[0].components[0].url", "cannot have a url", "button-with-url"),
    case(message_with(removing(*ROW0, 2, "url")), "components[0].components[2].url",
         "a link button needs a url", "link-without-url"),
    case(message_with(setting(*ROW0, 2, "custom_id", to="guide")),
         "components[0].components[2].custom_id", "a link button cannot have a custom_id",
         "link-with-custom-id"),
    case(message_with(removing(*ROW0, 3, "sku_id")), "components[0].components[3].sku_id",
         "a premium button needs a sku_id", "premium-without-sku"),
    case(message_with(setting(*ROW0, 3, "label", to="Buy")), "components[0].components[3].label",
         "a premium button cannot have a label", "premium-with-label"),
    case(message_with(setting(*ROW0, 0, "label", to="l" * 81)),
         "components[0].components[0].label", "maximum of 80", "button-label"),
    case(message_with(removing(*ROW0, 0, "label")), "components[0].components[0]",
         "needs a label or an emoji", "button-no-label"),
    case(message_with(setting(*ROW0, 0, "custom_id", to="i" * 101)),
         "components[0].components[0].custom_id", "maximum of 100", "custom-id-too-long"),
    case(message_with(setting(*ROW0, 0, "custom_id", to="")),
         "components[0].components[0].custom_id", "minimum of 1", "custom-id-empty"),
    case(message_with(setting(*SELECT, "custom_id", to="board")),
         "components[1].components[0].custom_id", "already the custom_id of components[0]",
         "custom-id-duplicate"),
    case(message_with(setting(*SELECT, "options", to=[])), "components[1].components[0].options",
         "minimum of 1", "select-no-options"),
    case(message_with(setting(*SELECT, "options", to=_many(26, lambda i: {"label": f"{i}",
                                                                          "value": f"{i}"}))),
         "components[1].components[0].options", "has 26 options", "select-too-many-options"),
    case(message_with(setting(*SELECT, "options", 0, "label", to="l" * 101)),
         "components[1].components[0].options[0].label", "maximum of 100", "option-label"),
    case(message_with(setting(*SELECT, "options", 0, "value", to="v" * 101)),
         "components[1].components[0].options[0].value", "maximum of 100", "option-value"),
    case(message_with(setting(*SELECT, "options", 0, "description", to="d" * 101)),
         "components[1].components[0].options[0].description", "maximum of 100",
         "option-description"),
    case(message_with(setting(*SELECT, "options", 1, "value", to="wine")),
         "components[1].components[0].options[1].value", "already the value",
         "option-duplicate-value"),
    case(message_with(setting(*SELECT, "placeholder", to="p" * 151)),
         "components[1].components[0].placeholder", "maximum of 150", "placeholder"),
    case(message_with(setting(*SELECT, "min_values", to=26)),
         "components[1].components[0].min_values", "range 0..25", "min-values"),
    case(message_with(setting(*SELECT, "max_values", to=0)),
         "components[1].components[0].max_values", "range 1..25", "max-values"),
    case(message_with(both(setting(*SELECT, "min_values", to=2),
                           setting(*SELECT, "max_values", to=1))),
         "components[1].components[0].min_values", "greater than max_values",
         "min-values-above-max-values"),
    case(message_with(setting(*SELECT, "max_values", to=3)),
         "components[1].components[0].max_values", "more than the 2 options",
         "max-values-above-options"),
]

MESSAGE_4 = {"type": 4, "data": {"content": "Done"}}
CALLBACK_CASES = [
    case(lambda: check_callback([4]), "body", "must be an object", "not-an-object"),
    case(callback({"type": 2}), "type", "not an interaction callback type", "unknown-type"),
    case(callback({"type": 4, "data": {"content": "c" * 2001}}), "data.content",
         "maximum of 2000", "message-content"),
    case(callback({"type": 4}), "data", "is empty", "message-without-data"),
    case(callback({"type": 4, "data": {"content": "x", "flags": 32768}}), "data.flags",
         "IS_COMPONENTS_V2", "message-components-v2"),
    case(callback({"type": 7, "data": {"embeds": [{"title": "t" * 257}]}}),
         "data.embeds[0].title", "maximum of 256", "update-embed"),
    case(callback(MESSAGE_4, files=[("big.bin", 10 * MIB + 1)]), "files[0]",
         "more than the upload limit", "message-file-too-big"),
    case(callback({"type": 5, "data": {"content": "wait"}}), "data.content",
         "carries only flags", "deferred-content"),
    case(callback({"type": 5, "data": {"flags": 4}}), "data.flags", "only EPHEMERAL",
         "deferred-flags"),
    case(callback({"type": 6}, files=[("board.png", 10)]), "files", "only message callbacks",
         "files-without-message"),
    case(callback({"type": 8, "data": {"choices": _many(26, lambda i: {"name": "n",
                                                                       "value": "v"})}}),
         "data.choices", "has 26 choices", "autocomplete-too-many"),
    case(callback({"type": 8}), "data", "must be an object with choices",
         "autocomplete-without-data"),
    case(callback({"type": 9, "data": {**VALID_MODAL, "title": "t" * 46}}), "data.title",
         "maximum of 45", "modal-title"),
    case(callback({"type": 9, "data": {**VALID_MODAL, "title": ""}}), "data.title",
         "minimum of 1", "modal-title-empty"),
    case(callback({"type": 9, "data": {**VALID_MODAL, "custom_id": "i" * 101}}),
         "data.custom_id", "maximum of 100", "modal-custom-id"),
    case(callback({"type": 9, "data": {**VALID_MODAL, "components": []}}), "data.components",
         "minimum of 1", "modal-no-components"),
    case(callback({"type": 9, "data": {**VALID_MODAL,
                                       "components": [VALID_MODAL["components"][0]] * 6}}),
         "data.components", "has 6 components", "modal-too-many-components"),
    case(callback({"type": 9, "data": {**VALID_MODAL, "components": [
        {"type": 1, "components": [{"type": 4, "custom_id": "a", "style": 1,
                                    "label": "l" * 46}]}]}}),
         "data.components[0].components[0].label", "maximum of 45", "modal-input-label"),
]


@pytest.mark.parametrize(("run", "path", "fragment"),
                         COMMAND_CASES + AUTOCOMPLETE_CASES + MESSAGE_CASES + CALLBACK_CASES)
def test_a_broken_limit_is_reported_at_its_path(run: Run, path: str, fragment: str) -> None:
    problems = run()
    assert any(p.startswith(f"{path}: ") and fragment in p for p in problems), problems


def test_problems_name_the_json_path() -> None:
    commands = copy.deepcopy(VALID_COMMANDS)
    commands[0]["options"][1]["options"][0]["name"] = "Game"
    assert check_commands(commands) == [
        "commands[0].options[1].options[0].name: 'Game' must be lowercase"
    ]


def test_names_follow_discords_pattern() -> None:
    """Letters and numbers of any script, '-', '_' and an apostrophe; nothing else."""
    for name in ("rules", "buy-ship", "sell_all", "o'clock", "числа", "खेल", "ราคา", "2d6"):
        assert check_commands([_slash(name)]) == [], name
    for name in ("buy ship", "buy!", "a.b", "émoji🎲"):
        assert check_commands([_slash(name)]) != [], name


def test_integer_permissions_are_accepted_like_discord_does() -> None:
    """discord.py sends default_member_permissions as an integer, and Discord takes it."""
    assert check_commands([_slash("admin", default_member_permissions=8)]) == []
    assert check_commands([_slash("admin", default_member_permissions=None)]) == []
    assert check_commands([_slash("admin", default_member_permissions=-1)]) != []


def test_embed_text_is_measured_trimmed() -> None:
    """Discord trims leading and trailing whitespace before it measures embed text."""
    assert check_message({"embeds": [{"title": " " + "t" * 256 + "  "}]}) == []


# --- beyond the limits: what Discord's OpenAPI description refuses ---------------------------
MESSAGES = "/channels/555/messages"
GUILD_COMMANDS = "/applications/4242/guilds/777/commands"
CALLBACK = "/interactions/1/token/callback"


def spec_message_with(change: Change) -> Run:
    return lambda: spec().check_request("POST", MESSAGES, _changed(VALID_MESSAGE, change))


def spec_commands_with(change: Change) -> Run:
    return lambda: spec().check_request("PUT", GUILD_COMMANDS, _changed(VALID_COMMANDS, change))


def spec_request(method: str, path: str, body: Any) -> Run:
    return lambda: spec().check_request(method, path, copy.deepcopy(body))


def test_valid_payloads_fit_the_description() -> None:
    assert spec().check_request("POST", MESSAGES, copy.deepcopy(VALID_MESSAGE)) == []
    assert spec().check_request("PUT", GUILD_COMMANDS, copy.deepcopy(VALID_COMMANDS)) == []
    assert spec().check_request("PATCH", "/webhooks/4242/token/messages/@original",
                                {"content": None, "embeds": []}) == []
    for body in ({"type": 4, "data": {"content": "Done", "flags": 64}}, {"type": 5},
                 {"type": 5, "data": {"flags": 64}}, {"type": 6}, {"type": 7, "data": {}},
                 {"type": 8, "data": {"choices": [{"name": "Ships", "value": "ships"}]}},
                 {"type": 9, "data": VALID_MODAL}):
        assert spec().check_request("POST", CALLBACK, copy.deepcopy(body)) == [], body
    # discord.py's own spellings: ids as integers, permissions as an integer, a string nonce
    assert spec().check_request("POST", MESSAGES, {
        "content": "Hi <@2001>", "allowed_mentions": {"parse": [], "users": [2001]},
        "nonce": "portolan-1-2-3", "enforce_nonce": True}) == []
    assert spec().check_request("PUT", GUILD_COMMANDS, [
        _slash("admin", default_member_permissions=32, contexts=None,
               integration_types=None)]) == []


# Each of these passed tests.fakediscord.limits when the description was brought in; Discord
# refuses them all.
SPEC_CASES = [
    case(spec_message_with(setting("allowed_mentions", "users", to=["1001", "1001"])),
         "$.allowed_mentions.users", "duplicate item '1001'", "mention-users-twice"),
    case(spec_message_with(setting("allowed_mentions", to={"parse": [], "roles": ["5", "5"]})),
         "$.allowed_mentions.roles", "duplicate item '5'", "mention-roles-twice"),
    case(spec_message_with(setting("allowed_mentions", to={"parse": ["users", "users"]})),
         "$.allowed_mentions.parse", "duplicate item 'users'", "mention-parse-twice"),
    case(spec_message_with(setting("nonce", to="n" * 26)), "$.nonce",
         "26 characters, more than the maximum of 25", "nonce-too-long"),
    case(spec_message_with(setting("nonce", to=True)), "$.nonce",
         "must be an integer or a string or null, not a boolean", "nonce-boolean"),
    case(spec_message_with(setting("nonce", to=1.5)), "$.nonce", "not a number",
         "nonce-fraction"),
    case(spec_message_with(setting("nonce", to=2**63)), "$.nonce", "more than the maximum",
         "nonce-too-big"),
    case(spec_message_with(setting("enforce_nonce", to="yes")), "$.enforce_nonce",
         "must be a boolean or null", "enforce-nonce-string"),
    case(spec_message_with(setting("tts", to="no")), "$.tts", "must be a boolean or null",
         "tts-string"),
    case(spec_message_with(setting(*EMBED, "color", to=2**24)), "$.embeds[0].color",
         "more than the maximum of 16777215", "embed-color"),
    case(spec_message_with(setting(*EMBED, "url", to="https://example.org/" + "a" * 2030)),
         "$.embeds[0].url", "more than the maximum of 2048", "embed-url-too-long"),
    case(spec_message_with(setting(*EMBED, "fields", 0, "inline", to="yes")),
         "$.embeds[0].fields[0].inline", "must be a boolean or null", "embed-field-inline"),
    case(spec_message_with(setting(*ROW0, 1, "emoji", "name", to="e" * 33)),
         "$.components[0].components[1].emoji.name", "more than the maximum of 32",
         "button-emoji-name-too-long"),
    case(spec_message_with(setting(*ROW0, 2, "url", to="https://example.org/" + "a" * 500)),
         "$.components[0].components[2].url", "more than the maximum of 512",
         "button-url-too-long"),
    case(spec_message_with(setting(*ROW0, 0, "disabled", to="no")),
         "$.components[0].components[0].disabled", "must be a boolean or null",
         "button-disabled-string"),
    case(spec_message_with(setting(*ROW0, 0, "id", to=-1)), "$.components[0].components[0].id",
         "less than the minimum of 0", "component-id-negative"),
    case(spec_message_with(setting("components", 0, "id", to=2**31)), "$.components[0].id",
         "does not fit in int32", "component-id-too-big"),
    case(spec_message_with(setting(*SELECT, "options", 0, "emoji", to={"name": "w" * 33})),
         "$.components[1].components[0].options[0].emoji.name", "more than the maximum of 32",
         "select-option-emoji-name-too-long"),
    case(spec_message_with(setting(*SELECT, "options", 0, "default", to=1)),
         "$.components[1].components[0].options[0].default", "must be a boolean or null",
         "select-option-default-number"),
    case(spec_message_with(setting("attachments", 0, "filename", to="b" * 1025)),
         "$.attachments[0].filename", "more than the maximum of 1024",
         "attachment-filename-too-long"),
    case(spec_message_with(setting("attachments", 0, "id", to="board")), "$.attachments[0].id",
         "does not match", "attachment-id-not-snowflake"),
    case(spec_message_with(setting("sticker_ids", to=["sticker"])), "$.sticker_ids[0]",
         "does not match", "sticker-not-snowflake"),
    case(spec_message_with(setting("message_reference", to={"channel_id": "555"})),
         "$.message_reference.message_id", "is required", "reply-without-message"),
    case(spec_commands_with(setting(0, "contexts", to=[])), "$[0].contexts",
         "fewer than the minimum of 1", "contexts-empty"),
    case(spec_commands_with(setting(0, "contexts", to=[0, 0])), "$[0].contexts",
         "duplicate item 0", "contexts-twice"),
    case(spec_commands_with(setting(0, "integration_types", to=[])), "$[0].integration_types",
         "fewer than the minimum of 1", "integration-types-empty"),
    case(spec_commands_with(setting(0, "integration_types", to=[0, 0])),
         "$[0].integration_types", "duplicate item 0", "integration-types-twice"),
    case(spec_commands_with(setting(0, "dm_permission", to="no")), "$[0].dm_permission",
         "must be a boolean or null", "dm-permission-string"),
    case(spec_commands_with(setting(0, "default_member_permissions", to="9" * 18)),
         "$[0].default_member_permissions", "more than the maximum of 17",
         "permissions-too-big"),
    case(spec_commands_with(setting(0, "name_localizations",
                                    to={f"x{i}": "name" for i in range(35)})),
         "$[0].name_localizations", "35 fields, more than the maximum of 34",
         "too-many-localizations"),
    case(spec_commands_with(setting(*NEW, 0, "required", to="yes")),
         "$[0].options[1].options[0].required", "must be a boolean or null",
         "option-required-string"),
    case(spec_commands_with(setting(*NEW, 4, "channel_types", to=[0, 0])),
         "$[0].options[1].options[4].channel_types", "duplicate item 0",
         "channel-types-twice"),
    case(spec_commands_with(setting(*NEW, 4, "channel_types", to=[99])),
         "$[0].options[1].options[4].channel_types[0]", "99 is not one of",
         "channel-type-unknown"),
    case(spec_request("POST", CALLBACK, {"type": 8, "data": VALID_AUTOCOMPLETE}),
         "$.data.choices[0].value", "must be a number", "autocomplete-mixed-value-types"),
    case(spec_request("POST", CALLBACK, {"type": 4, "data": {"content": "x", "tts": "no"}}),
         "$.data.tts", "must be a boolean or null", "callback-tts-string"),
    case(spec_request("POST", "/users/@me/channels", {"recipient_id": "anna"}),
         "$.recipient_id", "does not match", "dm-recipient-not-snowflake"),
]


@pytest.mark.parametrize(("run", "path", "fragment"), SPEC_CASES)
def test_the_description_refuses_what_the_limits_let_through(run: Run, path: str,
                                                             fragment: str) -> None:
    problems = run()
    assert any(p.startswith(f"{path}: ") and fragment in p for p in problems), problems


async def test_the_fake_answers_a_refused_payload_with_discords_400() -> None:
    fake = FakeDiscord(users={2001: "Anna"}, channels=(555,))
    await fake.start()
    try:
        async with aiohttp.ClientSession(headers={"Authorization": f"Bot {TOKEN}"}) as http:
            url = f"{fake.api_url}/api/v10{MESSAGES}"
            async with http.post(url, json={"content": "Hi", "nonce": "n" * 26}) as refused:
                assert refused.status == 400
                assert (await refused.json())["code"] == 50035
            async with http.post(url, json={"content": "Hi", "nonce": "n" * 25}) as taken:
                assert taken.status == 200
    finally:
        await fake.stop()
    assert fake.problems == [
        "spec, POST /channels/{channel_id}/messages: $.nonce: has 26 characters, more than "
        "the maximum of 25"]
    assert [m.content for m in fake.channel(555)] == ["Hi"]


def test_every_schema_of_the_description_compiles() -> None:
    """The checker knows every keyword the extract uses (it refuses to compile others)."""
    for name in spec().document["components"]["schemas"]:
        assert isinstance(spec().check_schema(name, {}), list)
    with pytest.raises(ValueError, match="unsupported schema keywords"):
        Compiler({}).compile({"type": "string", "contains": {}})


def test_answers_and_dispatches_are_checked_too() -> None:
    assert spec().check_response("POST", CALLBACK, 200, {
        "interaction": {"id": "1", "type": 2, "response_message_id": None},
        "resource": {"type": 5}}) == [
        "$.interaction.response_message_id: must be a string, not null",
        "$.resource.type: 5 is not one of 4, 12, 7"]
    assert spec().check_response("GET", "/users/2001", 500, None) == [
        "500 is not an answer of GET /users/{user_id}"]
    problems = spec().check_dispatch("GUILD_CREATE", {"members": [{"user": {}}]})
    assert "$.members[0].user.id: is required" in problems


# --- the bot's real command tree --------------------------------------------------------------
async def test_the_bots_command_tree_is_within_discords_limits() -> None:
    from bot.discord_bot import PortolanBot
    from bot.settings import Settings

    bot = PortolanBot(Settings(_env_file=None), sync_only=True)
    try:
        await bot.prepare()
        payload = [command.to_dict(bot.tree) for command in bot.tree.get_commands()]
    finally:
        await bot.close()
    assert payload, "the tree has no commands"
    assert check_commands(payload) == []
    assert spec().check_request("PUT", GUILD_COMMANDS, payload) == []
