"""The documented limits of Discord's HTTP API that the fake Discord enforces.

Real Discord answers a request body that breaks one of its documented limits with
``400 Invalid Form Body``; a test that talks to the fake Discord should fail the same way.
Each public function here takes one decoded JSON body and returns a list of problems, one
readable sentence each, that starts with the JSON path it is about (for example
``commands[3].options[0].name: 'Game' must be lowercase``). An empty list means that Discord
would accept the body.

- :func:`check_commands`: bulk overwrite of global or guild application commands.
- :func:`check_message`: a message to create or edit (channel message, interaction response
  data, webhook follow-up).
- :func:`check_autocomplete`: the data of an autocomplete result (callback type 8).
- :func:`check_callback`: the body of ``POST /interactions/{id}/{token}/callback``.

The numbers follow the Discord developer documentation (application commands, message
resource, component reference, receiving and responding, uploading files). Two choices go
beyond it: messages may use only the legacy component layout (``IS_COMPONENTS_V2`` is
reported, since nothing here checks that layout), and ``default_member_permissions`` may
also be a plain integer, which Discord accepts and discord.py sends.

Stdlib only: the fake server must not depend on the library under test.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any

__all__ = ["check_autocomplete", "check_callback", "check_commands", "check_message"]

# --- application commands -------------------------------------------------------------------
CHAT_INPUT, USER_COMMAND, MESSAGE_COMMAND, PRIMARY_ENTRY_POINT = 1, 2, 3, 4
COMMAND_TYPE_NAMES = {1: "CHAT_INPUT", 2: "USER", 3: "MESSAGE", 4: "PRIMARY_ENTRY_POINT"}
COMMANDS_PER_TYPE = {CHAT_INPUT: 100, USER_COMMAND: 5, MESSAGE_COMMAND: 5, PRIMARY_ENTRY_POINT: 1}

SUB_COMMAND, SUB_COMMAND_GROUP, STRING, INTEGER, NUMBER, CHANNEL = 1, 2, 3, 4, 10, 7
OPTION_TYPE_NAMES = {
    1: "SUB_COMMAND", 2: "SUB_COMMAND_GROUP", 3: "STRING", 4: "INTEGER", 5: "BOOLEAN",
    6: "USER", 7: "CHANNEL", 8: "ROLE", 9: "MENTIONABLE", 10: "NUMBER", 11: "ATTACHMENT",
}
NESTING_TYPES = (SUB_COMMAND, SUB_COMMAND_GROUP)
VALUE_TYPES = tuple(t for t in OPTION_TYPE_NAMES if t not in NESTING_TYPES)
CHOICE_TYPES = (STRING, INTEGER, NUMBER)
BOUNDED_TYPES = (INTEGER, NUMBER)

NAME_MAX = 32
DESCRIPTION_MAX = 100
OPTIONS_MAX = 25
CHOICES_MAX = 25
CHOICE_NAME_MAX = 100
CHOICE_STRING_MAX = 100
STRING_OPTION_LENGTH_MAX = 6000
COMMAND_TEXT_MAX = 8000  # name + description + values of a command and everything in it
INTEGER_LIMIT = 2**53 - 1  # INTEGER options: -2^53+1 .. 2^53-1
NUMBER_LIMIT = 2**53  # NUMBER options: -2^53 .. 2^53
INTERACTION_CONTEXTS = (0, 1, 2)  # GUILD, BOT_DM, PRIVATE_CHANNEL
INTEGRATION_TYPES = (0, 1)  # GUILD_INSTALL, USER_INSTALL

# Discord's pattern is ^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$. Python's \w is exactly
# letters, numbers and "_"; the two scripts are approximated by their Unicode blocks, which
# adds their combining vowel signs (not letters) that the pattern allows.
_SLASH_NAME = re.compile(
    r"[-_'\w\u0900-\u097F\uA8E0-\uA8FF\U00011B00-\U00011B5F\u0E00-\u0E7F]+"
)

# --- messages ---------------------------------------------------------------------------------
CONTENT_MAX = 2000
EMBEDS_MAX = 10
EMBED_TITLE_MAX = 256
EMBED_DESCRIPTION_MAX = 4096
EMBED_FIELDS_MAX = 25
EMBED_FIELD_NAME_MAX = 256
EMBED_FIELD_VALUE_MAX = 1024
EMBED_FOOTER_MAX = 2048
EMBED_AUTHOR_MAX = 256
EMBED_TEXT_MAX = 6000  # all embeds of one message together
STICKERS_MAX = 3
FILES_MAX = 10
FILE_SIZE_MAX = 10 * 1024 * 1024  # the default per-file upload limit
REQUEST_SIZE_MAX = 25 * 1024 * 1024  # the whole request

SUPPRESS_EMBEDS = 1 << 2
EPHEMERAL = 1 << 6
SUPPRESS_NOTIFICATIONS = 1 << 12
IS_COMPONENTS_V2 = 1 << 15
FLAG_NAMES = {
    1 << 0: "CROSSPOSTED", 1 << 1: "IS_CROSSPOST", SUPPRESS_EMBEDS: "SUPPRESS_EMBEDS",
    1 << 3: "SOURCE_MESSAGE_DELETED", 1 << 4: "URGENT", 1 << 5: "HAS_THREAD",
    EPHEMERAL: "EPHEMERAL", 1 << 7: "LOADING", 1 << 8: "FAILED_TO_MENTION_SOME_ROLES_IN_THREAD",
    SUPPRESS_NOTIFICATIONS: "SUPPRESS_NOTIFICATIONS", 1 << 13: "IS_VOICE_MESSAGE",
    1 << 14: "HAS_SNAPSHOT", IS_COMPONENTS_V2: "IS_COMPONENTS_V2",
}

MENTION_TYPES = ("roles", "users", "everyone")
MENTION_IDS_MAX = 100

# --- components -------------------------------------------------------------------------------
ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT, LABEL = 1, 2, 3, 4, 18
SELECT_TYPES = (3, 5, 6, 7, 8)
LINK_STYLE, PREMIUM_STYLE = 5, 6
BUTTON_STYLES = range(1, 7)
ACTION_ROWS_MAX = 5  # top-level components of a legacy message
BUTTONS_PER_ROW_MAX = 5
BUTTON_LABEL_MAX = 80
CUSTOM_ID_MAX = 100
SELECT_OPTIONS_MAX = 25
SELECT_OPTION_TEXT_MAX = 100
SELECT_PLACEHOLDER_MAX = 150
SELECT_VALUES_MAX = 25

# --- interaction callbacks --------------------------------------------------------------------
MESSAGE_CALLBACK, DEFERRED_MESSAGE, UPDATE_CALLBACK = 4, 5, 7
AUTOCOMPLETE_CALLBACK, MODAL_CALLBACK = 8, 9
CALLBACK_TYPES = (1, 4, 5, 6, 7, 8, 9, 10, 12)
MODAL_TITLE_MAX = 45
MODAL_COMPONENTS_MAX = 5
TEXT_INPUT_LABEL_MAX = 45
TEXT_INPUT_STYLES = (1, 2)
TEXT_INPUT_LENGTH_MAX = 4000
TEXT_INPUT_PLACEHOLDER_MAX = 100


# --- small helpers ----------------------------------------------------------------------------
def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _int_in(value: object, allowed: Sequence[int]) -> bool:
    return _is_int(value) and value in allowed


def _is_snowflake(value: object) -> bool:
    """A snowflake or bit set: a string of digits, or a non-negative integer."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value >= 0
    return isinstance(value, str) and re.fullmatch(r"[0-9]+", value) is not None


def _kind(value: object) -> str:
    """The JSON name of a value's type, for messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, str):
        return "a string"
    if _is_number(value):
        return "a number"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _join(root: str, key: str) -> str:
    return f"{root}.{key}" if root else key


def _is_set(value: object) -> bool:
    """Whether an optional field carries something (not absent, null, false, "" or [])."""
    return value is not None and value is not False and value != "" and value != []


def _trimmed_len(text: str) -> int:
    return len(text.strip())  # Discord trims embed text before measuring it


def _dicts(value: object) -> list[dict[str, Any]]:
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


class _Report:
    """Collects problems, each prefixed with the JSON path it is about."""

    def __init__(self) -> None:
        self.problems: list[str] = []

    def add(self, path: str, message: str) -> None:
        self.problems.append(f"{path}: {message}")

    def text(
        self,
        path: str,
        value: object,
        *,
        high: int,
        low: int = 1,
        required: bool = True,
        measure: Callable[[str], int] = len,
    ) -> str | None:
        """Check a string field's length; return the string if it is one."""
        if value is None:
            if required:
                self.add(path, "is required")
            return None
        if not isinstance(value, str):
            self.add(path, f"must be a string, not {_kind(value)}")
            return None
        size = measure(value)
        if size < low:
            self.add(path, f"{value!r} is {size} characters, fewer than the minimum of {low}")
        elif size > high:
            self.add(path, f"is {size} characters, more than the maximum of {high}")
        return value

    def items(
        self,
        path: str,
        value: object,
        *,
        what: str,
        high: int | None = None,
        low: int = 0,
        required: bool = False,
    ) -> list[Any]:
        """Check a list field's length; return its items (none if it is absent or no list)."""
        if value is None:
            if required or low > 0:
                self.add(path, f"is required (at least {max(low, 1)} {what})")
            return []
        if not isinstance(value, list):
            self.add(path, f"must be a list of {what}, not {_kind(value)}")
            return []
        if high is not None and len(value) > high:
            self.add(path, f"has {len(value)} {what}, more than the maximum of {high}")
        elif len(value) < low:
            self.add(path, f"has {len(value)} {what}, fewer than the minimum of {low}")
        return value

    def integer(
        self, path: str, value: object, *, low: int, high: int, default: int | None = None
    ) -> int | None:
        """Check an optional integer field's range; return it, or ``default`` when absent."""
        if value is None:
            return default
        if not _is_int(value):
            self.add(path, f"must be an integer, not {_kind(value)}")
            return None
        assert isinstance(value, int)
        if not low <= value <= high:
            self.add(path, f"{value} is outside the allowed range {low}..{high}")
            return None
        return value

    def localizations(
        self, path: str, value: object, check: Callable[[str, object], object]
    ) -> None:
        """Check each text of a localization dictionary (locale -> text) with ``check``."""
        if value is None:
            return
        if not isinstance(value, dict):
            self.add(path, f"must be an object of locale -> text, not {_kind(value)}")
            return
        for locale, text in value.items():
            if text is not None:  # null removes a localization
                check(f"{path}.{locale}", text)


# --- application commands ---------------------------------------------------------------------
def check_commands(payload: object) -> list[str]:
    """Check a bulk-overwrite body (global or guild): a list of application commands."""
    report = _Report()
    if not isinstance(payload, list):
        report.add("commands", f"must be a list of application commands, not {_kind(payload)}")
        return report.problems
    first_use: dict[tuple[int, str], int] = {}
    per_type: Counter[int] = Counter()
    for i, command in enumerate(payload):
        path = f"commands[{i}]"
        kind = _check_command(report, path, command)
        if kind is None:
            continue
        per_type[kind] += 1
        name = command.get("name")
        if isinstance(name, str):
            earlier = first_use.setdefault((kind, name), i)
            if earlier != i:
                report.add(f"{path}.name", f"{name!r} is already the name of "
                           f"{COMMAND_TYPE_NAMES[kind]} command commands[{earlier}]")
    for kind, count in sorted(per_type.items()):
        if count > COMMANDS_PER_TYPE[kind]:
            report.add("commands", f"{count} {COMMAND_TYPE_NAMES[kind]} commands, more than "
                       f"the maximum of {COMMANDS_PER_TYPE[kind]}")
    return report.problems


def _check_command(report: _Report, path: str, command: object) -> int | None:
    """Check one command; return its type, or None if it is too broken to count."""
    if not isinstance(command, dict):
        report.add(path, f"must be an object, not {_kind(command)}")
        return None
    kind = command.get("type", CHAT_INPUT)
    if not _int_in(kind, tuple(COMMAND_TYPE_NAMES)):
        report.add(f"{path}.type", f"{kind!r} is not an application command type (1-4)")
        return None
    assert isinstance(kind, int)
    if kind == CHAT_INPUT:
        _check_slash_texts(report, path, command)
        _check_option_list(report, f"{path}.options", command.get("options"), parent="command")
        size = _text_size(command)
        if size > COMMAND_TEXT_MAX:
            report.add(path, f"names, descriptions and choice values add up to {size} "
                       f"characters, more than the maximum of {COMMAND_TEXT_MAX}")
    else:
        _check_menu_command(report, path, command, kind)
    _check_command_access(report, path, command)
    return kind


def _check_slash_name(report: _Report, path: str, name: object) -> None:
    text = report.text(path, name, high=NAME_MAX)
    if not text:
        return
    if not _SLASH_NAME.fullmatch(text):
        report.add(path, f"{text!r} may hold only letters, numbers, '-', '_' and \"'\"")
    elif text != text.lower():
        report.add(path, f"{text!r} must be lowercase")


def _check_description(report: _Report, path: str, text: object) -> None:
    report.text(path, text, high=DESCRIPTION_MAX)


def _check_slash_texts(report: _Report, path: str, node: dict[str, Any]) -> None:
    """Name, description and their localizations of a chat-input command or an option."""
    _check_slash_name(report, f"{path}.name", node.get("name"))
    report.localizations(f"{path}.name_localizations", node.get("name_localizations"),
                         lambda where, text: _check_slash_name(report, where, text))
    _check_description(report, f"{path}.description", node.get("description"))
    report.localizations(f"{path}.description_localizations",
                         node.get("description_localizations"),
                         lambda where, text: _check_description(report, where, text))


def _check_menu_command(report: _Report, path: str, command: dict[str, Any], kind: int) -> None:
    """A USER or MESSAGE command (or an entry point): any-case name, no options."""
    type_name = COMMAND_TYPE_NAMES[kind]
    report.text(f"{path}.name", command.get("name"), high=NAME_MAX)
    report.localizations(f"{path}.name_localizations", command.get("name_localizations"),
                         lambda where, text: report.text(where, text, high=NAME_MAX))
    if kind == PRIMARY_ENTRY_POINT:
        report.text(f"{path}.description", command.get("description"),
                    high=DESCRIPTION_MAX, low=0, required=False)
    else:
        if _is_set(command.get("description")):
            report.add(f"{path}.description", f"must be empty or absent for {type_name} commands")
        if _is_set(command.get("description_localizations")):
            report.add(f"{path}.description_localizations",
                       f"must be absent for {type_name} commands")
    if _is_set(command.get("options")):
        report.add(f"{path}.options", f"only CHAT_INPUT commands take options, not {type_name}")


def _check_command_access(report: _Report, path: str, command: dict[str, Any]) -> None:
    """default_member_permissions, contexts and integration_types."""
    permissions = command.get("default_member_permissions")
    if permissions is not None and not _is_snowflake(permissions):
        report.add(f"{path}.default_member_permissions",
                   f"{permissions!r} must be null or a permission bit set as a string of digits")
    for field, allowed in (("contexts", INTERACTION_CONTEXTS),
                           ("integration_types", INTEGRATION_TYPES)):
        for i, value in enumerate(report.items(f"{path}.{field}", command.get(field),
                                               what="integers")):
            if not _int_in(value, allowed):
                report.add(f"{path}.{field}[{i}]",
                           f"{value!r} is not one of {', '.join(map(str, allowed))}")


def _check_option_list(report: _Report, path: str, options: object, *, parent: str) -> None:
    """One level of options under a command, a sub-command group or a sub-command."""
    names: dict[str, int] = {}
    first_optional: str | None = None
    nesting = values = 0
    for i, option in enumerate(report.items(path, options, what="options", high=OPTIONS_MAX)):
        where = f"{path}[{i}]"
        kind = _check_option(report, where, option, parent=parent)
        if kind is None:
            continue
        name = option.get("name")
        if isinstance(name, str):
            earlier = names.setdefault(name, i)
            if earlier != i:
                report.add(f"{where}.name", f"{name!r} is already used by {path}[{earlier}]")
        if kind in NESTING_TYPES:
            nesting += 1
            continue
        values += 1
        if option.get("required") is not True:
            first_optional = first_optional or (name if isinstance(name, str) else f"#{i}")
        elif first_optional is not None:
            report.add(where, f"required option {name!r} comes after optional option "
                       f"{first_optional!r}; required options must come first")
    if nesting and values:
        report.add(path, "sub-commands and sub-command groups cannot be mixed with other "
                   "option types at the same level")


_CHILD_TYPES = {
    "command": tuple(OPTION_TYPE_NAMES),
    "sub-command group": (SUB_COMMAND,),
    "sub-command": VALUE_TYPES,
}


def _check_option(report: _Report, path: str, option: object, *, parent: str) -> int | None:
    """Check one option; return its type, or None if it has no usable type."""
    if not isinstance(option, dict):
        report.add(path, f"must be an object, not {_kind(option)}")
        return None
    kind = option.get("type")
    if not _int_in(kind, tuple(OPTION_TYPE_NAMES)):
        report.add(f"{path}.type", f"{kind!r} is not an option type (1-11)")
        return None
    assert isinstance(kind, int)
    if kind not in _CHILD_TYPES[parent]:
        report.add(f"{path}.type", f"a {OPTION_TYPE_NAMES[kind]} option cannot be inside a "
                   f"{parent} (nesting goes command -> group -> sub-command -> options)")
    _check_slash_texts(report, path, option)
    if kind in NESTING_TYPES:
        child = "sub-command group" if kind == SUB_COMMAND_GROUP else "sub-command"
        _check_option_list(report, f"{path}.options", option.get("options"), parent=child)
    else:
        if _is_set(option.get("options")):
            report.add(f"{path}.options", "only sub-commands and groups take nested options")
        _check_value_option(report, path, option, kind)
    return kind


def _only_on(
    report: _Report, path: str, option: dict[str, Any], field: str, kind: int,
    allowed: Sequence[int],
) -> bool:
    """Report ``field`` on an option type that does not take it; True if it is set and fits."""
    if not _is_set(option.get(field)):
        return False
    if kind not in allowed:
        takers = "/".join(OPTION_TYPE_NAMES[t] for t in allowed)
        report.add(f"{path}.{field}",
                   f"only {takers} options take {field}, not {OPTION_TYPE_NAMES[kind]}")
        return False
    return True


def _check_value_option(report: _Report, path: str, option: dict[str, Any], kind: int) -> None:
    """Choices, autocomplete, value and length bounds and channel types of a value option."""
    if _only_on(report, path, option, "choices", kind, CHOICE_TYPES):
        _check_choices(report, f"{path}.choices", option["choices"], kind)
    autocomplete = option.get("autocomplete")
    if autocomplete is not None and not isinstance(autocomplete, bool):
        report.add(f"{path}.autocomplete", f"must be a boolean, not {_kind(autocomplete)}")
    elif _only_on(report, path, option, "autocomplete", kind, CHOICE_TYPES):
        if _is_set(option.get("choices")):
            report.add(f"{path}.autocomplete", "cannot be true when the option has choices")
    _check_value_bounds(report, path, option, kind)
    _check_length_bounds(report, path, option, kind)
    if _only_on(report, path, option, "channel_types", kind, (CHANNEL,)):
        channel_types = report.items(f"{path}.channel_types", option["channel_types"],
                                     what="channel types")
        for i, channel_type in enumerate(channel_types):
            if not _is_int(channel_type):
                report.add(f"{path}.channel_types[{i}]", f"{channel_type!r} is not an integer")


def _named_choices(report: _Report, path: str, choices: object,
                   required: bool = False) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each choice that is an object, with its path, after checking its name; the caller
    checks the value, whose rules differ between option choices and autocomplete answers."""
    found = report.items(path, choices, what="choices", high=CHOICES_MAX, required=required)
    for i, choice in enumerate(found):
        where = f"{path}[{i}]"
        if not isinstance(choice, dict):
            report.add(where, f"must be an object, not {_kind(choice)}")
            continue
        report.text(f"{where}.name", choice.get("name"), high=CHOICE_NAME_MAX)
        report.localizations(f"{where}.name_localizations", choice.get("name_localizations"),
                             lambda at, text: report.text(at, text, high=CHOICE_NAME_MAX))
        yield where, choice


def _check_choices(report: _Report, path: str, choices: object, kind: int) -> None:
    for where, choice in _named_choices(report, path, choices):
        value = choice.get("value")
        if kind == STRING:
            report.text(f"{where}.value", value, high=CHOICE_STRING_MAX, low=0)
        else:
            _check_typed_number(report, f"{where}.value", value, kind)


def _check_typed_number(report: _Report, path: str, value: object, kind: int) -> bool:
    """An INTEGER or NUMBER value (a choice or a bound) of the right type and range."""
    if kind == INTEGER and not _is_int(value):
        report.add(path, f"{value!r} must be an integer for an INTEGER option")
        return False
    if kind == NUMBER and not _is_number(value):
        report.add(path, f"{value!r} must be a number for a NUMBER option")
        return False
    assert isinstance(value, int | float)
    limit = INTEGER_LIMIT if kind == INTEGER else NUMBER_LIMIT
    if abs(value) > limit:
        report.add(path, f"{value} is outside the allowed range -{limit}..{limit}")
        return False
    return True


def _check_value_bounds(report: _Report, path: str, option: dict[str, Any], kind: int) -> None:
    bounds: dict[str, float] = {}
    for field in ("min_value", "max_value"):
        if (_only_on(report, path, option, field, kind, BOUNDED_TYPES)
                and _check_typed_number(report, f"{path}.{field}", option[field], kind)):
            bounds[field] = option[field]
    if len(bounds) == 2 and bounds["min_value"] > bounds["max_value"]:
        report.add(f"{path}.min_value", f"{bounds['min_value']} is greater than max_value "
                   f"{bounds['max_value']}")


def _check_length_bounds(report: _Report, path: str, option: dict[str, Any], kind: int) -> None:
    low = high = None
    if _only_on(report, path, option, "min_length", kind, (STRING,)):
        low = report.integer(f"{path}.min_length", option["min_length"],
                             low=0, high=STRING_OPTION_LENGTH_MAX)
    if _only_on(report, path, option, "max_length", kind, (STRING,)):
        high = report.integer(f"{path}.max_length", option["max_length"],
                              low=1, high=STRING_OPTION_LENGTH_MAX)
    if low is not None and high is not None and low > high:
        report.add(f"{path}.min_length", f"{low} is greater than max_length {high}")


def _longest(node: dict[str, Any], field: str) -> int:
    """The longest of a text and its localizations: what the size limit counts."""
    texts: list[object] = [node.get(field)]
    localized = node.get(f"{field}_localizations")
    if isinstance(localized, dict):
        texts.extend(localized.values())
    return max((len(text) for text in texts if isinstance(text, str)), default=0)


def _text_size(node: dict[str, Any]) -> int:
    """Characters of a command or option that count towards the command size limit."""
    size = _longest(node, "name") + _longest(node, "description")
    for choice in _dicts(node.get("choices")):
        value = choice.get("value")
        size += _longest(choice, "name") + len(value if isinstance(value, str) else str(value))
    return size + sum(_text_size(option) for option in _dicts(node.get("options")))


# --- autocomplete results ---------------------------------------------------------------------
def check_autocomplete(data: object) -> list[str]:
    """Check the data of an APPLICATION_COMMAND_AUTOCOMPLETE_RESULT callback (type 8)."""
    report = _Report()
    _check_autocomplete(report, "", data)
    return report.problems


def _check_autocomplete(report: _Report, root: str, data: object) -> None:
    if not isinstance(data, dict):
        report.add(root or "data", f"must be an object with choices, not {_kind(data)}")
        return
    path = _join(root, "choices")
    for where, choice in _named_choices(report, path, data.get("choices"), required=True):
        value = choice.get("value")
        if isinstance(value, str) or value is None:
            report.text(f"{where}.value", value, high=CHOICE_STRING_MAX, low=0)
        elif not _is_number(value):
            report.add(f"{where}.value", f"must be a string or a number, not {_kind(value)}")
        else:
            _check_typed_number(report, f"{where}.value", value, NUMBER)


# --- messages ---------------------------------------------------------------------------------
def check_message(
    payload: object,
    *,
    files: Sequence[tuple[str, int]] = (),
    in_interaction: bool = False,
    edit: bool = False,
) -> list[str]:
    """Check a message body to create or edit, with ``files`` as (filename, bytes) uploads.

    ``in_interaction`` allows the EPHEMERAL flag (interaction responses and follow-ups);
    ``edit`` drops the rule that a message must not be empty.
    """
    report = _Report()
    _check_message(report, "", payload, files=files, in_interaction=in_interaction, edit=edit)
    return report.problems


def _check_message(
    report: _Report,
    root: str,
    payload: object,
    *,
    files: Sequence[tuple[str, int]],
    in_interaction: bool,
    edit: bool,
) -> None:
    if not isinstance(payload, dict):
        report.add(root or "message", f"must be an object, not {_kind(payload)}")
        return
    content = report.text(_join(root, "content"), payload.get("content"),
                          high=CONTENT_MAX, low=0, required=False)
    embeds = _check_embeds(report, _join(root, "embeds"), payload.get("embeds"))
    stickers = report.items(_join(root, "sticker_ids"), payload.get("sticker_ids"),
                            what="stickers", high=STICKERS_MAX)
    rows = _check_components(report, _join(root, "components"), payload.get("components"))
    _check_files(report, files)
    _check_attachments(report, _join(root, "attachments"), payload.get("attachments"))
    _check_flags(report, _join(root, "flags"), payload.get("flags"), in_interaction)
    _check_allowed_mentions(report, _join(root, "allowed_mentions"),
                            payload.get("allowed_mentions"))
    has_body = bool(content and content.strip()) or bool(embeds or stickers or rows or files)
    if not edit and not has_body and payload.get("poll") is None:
        report.add(root or "message", "is empty: it needs content, an embed, a sticker, "
                   "a component, a poll or a file")


def _check_embeds(report: _Report, path: str, embeds: object) -> list[Any]:
    items = report.items(path, embeds, what="embeds", high=EMBEDS_MAX)
    total = sum(_check_embed(report, f"{path}[{i}]", embed) for i, embed in enumerate(items))
    if total > EMBED_TEXT_MAX:
        report.add(path, f"all embeds together hold {total} characters of text, more than the "
                   f"maximum of {EMBED_TEXT_MAX}")
    return items


def _check_embed(report: _Report, path: str, embed: object) -> int:
    """Check one embed; return how many of its characters count towards the 6000."""
    if not isinstance(embed, dict):
        report.add(path, f"must be an object, not {_kind(embed)}")
        return 0
    counted = _embed_text(report, f"{path}.title", embed.get("title"), EMBED_TITLE_MAX)
    counted += _embed_text(report, f"{path}.description", embed.get("description"),
                           EMBED_DESCRIPTION_MAX)
    fields = report.items(f"{path}.fields", embed.get("fields"), what="fields",
                          high=EMBED_FIELDS_MAX)
    for i, field in enumerate(fields):
        where = f"{path}.fields[{i}]"
        if not isinstance(field, dict):
            report.add(where, f"must be an object, not {_kind(field)}")
            continue
        counted += _embed_text(report, f"{where}.name", field.get("name"),
                               EMBED_FIELD_NAME_MAX, required=True)
        counted += _embed_text(report, f"{where}.value", field.get("value"),
                               EMBED_FIELD_VALUE_MAX, required=True)
    for part, key, high in (("footer", "text", EMBED_FOOTER_MAX),
                            ("author", "name", EMBED_AUTHOR_MAX)):
        inner = embed.get(part)
        if inner is None:
            continue
        if not isinstance(inner, dict):
            report.add(f"{path}.{part}", f"must be an object, not {_kind(inner)}")
            continue
        counted += _embed_text(report, f"{path}.{part}.{key}", inner.get(key), high,
                               required=True)
    return counted


def _embed_text(
    report: _Report, path: str, value: object, high: int, *, required: bool = False
) -> int:
    text = report.text(path, value, high=high, low=1 if required else 0, required=required,
                       measure=_trimmed_len)
    return _trimmed_len(text) if text else 0


def _check_files(report: _Report, files: Sequence[tuple[str, int]]) -> None:
    if len(files) > FILES_MAX:
        report.add("files", f"has {len(files)} files, more than the maximum of {FILES_MAX}")
    total = 0
    for i, (filename, size) in enumerate(files):
        if not filename or not filename.strip():
            report.add(f"files[{i}]", "has no filename")
        if size > FILE_SIZE_MAX:
            report.add(f"files[{i}]", f"{filename!r} is {size} bytes, more than the upload "
                       f"limit of {FILE_SIZE_MAX} bytes (10 MiB)")
        total += size
    if total > REQUEST_SIZE_MAX:
        report.add("files", f"{total} bytes of files in one request, more than the request "
                   f"limit of {REQUEST_SIZE_MAX} bytes (25 MiB)")


def _check_attachments(report: _Report, path: str, attachments: object) -> None:
    items = report.items(path, attachments, what="attachments", high=FILES_MAX)
    for i, attachment in enumerate(items):
        if not isinstance(attachment, dict):
            report.add(f"{path}[{i}]", f"must be an object, not {_kind(attachment)}")
        elif attachment.get("id") is None:
            report.add(f"{path}[{i}].id", "is required")


def _check_flags(report: _Report, path: str, flags: object, in_interaction: bool) -> None:
    if flags is None:
        return
    if not isinstance(flags, int) or isinstance(flags, bool) or flags < 0:
        report.add(path, f"{flags!r} must be a non-negative integer bit set")
        return
    allowed = SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | (EPHEMERAL if in_interaction else 0)
    for bit in (1 << n for n in range(flags.bit_length())):
        if not flags & bit or bit & allowed:
            continue
        name = f"{FLAG_NAMES.get(bit, 'unknown flag')} ({bit})"
        if bit == IS_COMPONENTS_V2:
            report.add(path, f"{name} is not allowed here: the bot must send legacy components")
        elif bit == EPHEMERAL:
            report.add(path, f"{name} may be set only on interaction responses and follow-ups")
        else:
            report.add(path, f"{name} may not be set on a message the bot sends")


def _check_allowed_mentions(report: _Report, path: str, mentions: object) -> None:
    if mentions is None:
        return
    if not isinstance(mentions, dict):
        report.add(path, f"must be an object, not {_kind(mentions)}")
        return
    parse = report.items(f"{path}.parse", mentions.get("parse"), what="mention types")
    for i, kind in enumerate(parse):
        if kind not in MENTION_TYPES:
            report.add(f"{path}.parse[{i}]",
                       f"{kind!r} is not a mention type ({', '.join(MENTION_TYPES)})")
    for field in ("users", "roles"):
        ids = report.items(f"{path}.{field}", mentions.get(field), what="ids",
                           high=MENTION_IDS_MAX)
        for i, snowflake in enumerate(ids):
            if not _is_snowflake(snowflake):
                report.add(f"{path}.{field}[{i}]", f"{snowflake!r} is not a snowflake")
        if ids and field in parse:
            report.add(f"{path}.{field}", f"cannot list {field} while parse contains {field!r}")
    if "replied_user" in mentions and not isinstance(mentions["replied_user"], bool):
        report.add(f"{path}.replied_user",
                   f"must be a boolean, not {_kind(mentions['replied_user'])}")


# --- message components (legacy layout) -------------------------------------------------------
def _check_components(report: _Report, path: str, components: object) -> list[Any]:
    rows = report.items(path, components, what="top-level components", high=ACTION_ROWS_MAX)
    custom_ids: dict[str, str] = {}
    for i, row in enumerate(rows):
        _check_action_row(report, f"{path}[{i}]", row, custom_ids)
    return rows


def _check_action_row(
    report: _Report, path: str, row: object, custom_ids: dict[str, str]
) -> None:
    if not isinstance(row, dict):
        report.add(path, f"must be an object, not {_kind(row)}")
        return
    if row.get("type") != ACTION_ROW:
        report.add(f"{path}.type", f"{row.get('type')!r}: a top-level component must be an "
                   "action row (type 1)")
        return
    children = report.items(f"{path}.components", row.get("components"), what="components",
                            low=1, high=BUTTONS_PER_ROW_MAX)
    kinds = [child.get("type") for child in _dicts(children)]
    if any(_int_in(kind, SELECT_TYPES) for kind in kinds) and len(children) > 1:
        report.add(f"{path}.components", "a select menu must be alone in its action row")
    for i, child in enumerate(children):
        where = f"{path}.components[{i}]"
        if not isinstance(child, dict):
            report.add(where, f"must be an object, not {_kind(child)}")
            continue
        kind = child.get("type")
        if kind == BUTTON:
            _check_button(report, where, child, custom_ids)
        elif _int_in(kind, SELECT_TYPES):
            _check_select(report, where, child, custom_ids)
        else:
            report.add(f"{where}.type", f"{kind!r}: an action row holds buttons (2) or one "
                       "select menu (3, 5-8)")


def _check_custom_id(
    report: _Report, path: str, value: object, custom_ids: dict[str, str]
) -> None:
    """A custom_id of 1-100 characters, unique within the message (or modal)."""
    text = report.text(path, value, high=CUSTOM_ID_MAX)
    if not text:
        return
    earlier = custom_ids.setdefault(text, path)
    if earlier != path:
        report.add(path, f"{text!r} is already the custom_id of {earlier}")


def _check_button(
    report: _Report, path: str, button: dict[str, Any], custom_ids: dict[str, str]
) -> None:
    style = button.get("style")
    if not _int_in(style, BUTTON_STYLES):
        report.add(f"{path}.style", f"{style!r} is not a button style (1-6)")
        return
    forbidden: tuple[str, ...]
    if style == LINK_STYLE:
        what, needed, forbidden = "a link button", "url", ("custom_id", "sku_id")
    elif style == PREMIUM_STYLE:
        what, needed = "a premium button", "sku_id"
        forbidden = ("custom_id", "label", "url", "emoji")
    else:
        what, needed, forbidden = f"a style {style} button", "custom_id", ("url", "sku_id")
        _check_custom_id(report, f"{path}.custom_id", button.get("custom_id"), custom_ids)
    if not _is_set(button.get(needed)):
        report.add(f"{path}.{needed}", f"{what} needs a {needed}")
    for field in forbidden:
        if _is_set(button.get(field)):
            report.add(f"{path}.{field}", f"{what} cannot have a {field}")
    report.text(f"{path}.label", button.get("label"), high=BUTTON_LABEL_MAX, low=0,
                required=False)
    if style != PREMIUM_STYLE and not (_is_set(button.get("label"))
                                       or _is_set(button.get("emoji"))):
        report.add(path, "a button needs a label or an emoji")


def _check_select(
    report: _Report, path: str, select: dict[str, Any], custom_ids: dict[str, str]
) -> None:
    _check_custom_id(report, f"{path}.custom_id", select.get("custom_id"), custom_ids)
    report.text(f"{path}.placeholder", select.get("placeholder"),
                high=SELECT_PLACEHOLDER_MAX, low=0, required=False)
    low = report.integer(f"{path}.min_values", select.get("min_values"),
                         low=0, high=SELECT_VALUES_MAX, default=1)
    high = report.integer(f"{path}.max_values", select.get("max_values"),
                          low=1, high=SELECT_VALUES_MAX, default=1)
    if low is not None and high is not None and low > high:
        report.add(f"{path}.min_values", f"{low} is greater than max_values {high}")
    if select.get("type") == STRING_SELECT:
        options = _check_select_options(report, f"{path}.options", select.get("options"))
        if options and high is not None and high > len(options):
            report.add(f"{path}.max_values",
                       f"{high} is more than the {len(options)} options to choose from")


def _check_select_options(report: _Report, path: str, options: object) -> list[Any]:
    items = report.items(path, options, what="options", low=1, high=SELECT_OPTIONS_MAX)
    values: dict[str, int] = {}
    for i, option in enumerate(items):
        where = f"{path}[{i}]"
        if not isinstance(option, dict):
            report.add(where, f"must be an object, not {_kind(option)}")
            continue
        report.text(f"{where}.label", option.get("label"), high=SELECT_OPTION_TEXT_MAX)
        report.text(f"{where}.description", option.get("description"),
                    high=SELECT_OPTION_TEXT_MAX, low=0, required=False)
        value = report.text(f"{where}.value", option.get("value"), high=SELECT_OPTION_TEXT_MAX)
        if value:
            earlier = values.setdefault(value, i)
            if earlier != i:
                report.add(f"{where}.value", f"{value!r} is already the value of {path}[{earlier}]")
    return items


# --- interaction callbacks --------------------------------------------------------------------
def check_callback(body: object, *, files: Sequence[tuple[str, int]] = ()) -> list[str]:
    """Check the body of ``POST /interactions/{id}/{token}/callback`` and its uploads."""
    report = _Report()
    if not isinstance(body, dict):
        report.add("body", f"must be an object, not {_kind(body)}")
        return report.problems
    kind = body.get("type")
    if not _int_in(kind, CALLBACK_TYPES):
        report.add("type", f"{kind!r} is not an interaction callback type "
                   f"({', '.join(map(str, CALLBACK_TYPES))})")
        return report.problems
    data = body.get("data")
    if kind in (MESSAGE_CALLBACK, UPDATE_CALLBACK):
        _check_message(report, "data", {} if data is None else data, files=files,
                       in_interaction=True, edit=kind == UPDATE_CALLBACK)
        return report.problems
    if files:
        report.add("files", f"only message callbacks (types 4 and 7) carry files, not type {kind}")
    if kind == DEFERRED_MESSAGE:
        _check_deferred(report, data)
    elif kind == AUTOCOMPLETE_CALLBACK:
        _check_autocomplete(report, "data", data)
    elif kind == MODAL_CALLBACK:
        _check_modal(report, data)
    return report.problems


def _check_deferred(report: _Report, data: object) -> None:
    """DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE: at most the EPHEMERAL flag."""
    if data is None:
        return
    if not isinstance(data, dict):
        report.add("data", f"must be an object, not {_kind(data)}")
        return
    for key in data:
        if key != "flags":
            report.add(f"data.{key}", "a deferred response (type 5) carries only flags")
    flags = data.get("flags")
    if flags is not None and (not _is_int(flags) or flags & ~EPHEMERAL):
        report.add("data.flags", f"{flags!r}: only EPHEMERAL (64) may be set on a deferred "
                   "response")


def _check_modal(report: _Report, data: object) -> None:
    if not isinstance(data, dict):
        report.add("data", f"must be an object with a modal, not {_kind(data)}")
        return
    report.text("data.custom_id", data.get("custom_id"), high=CUSTOM_ID_MAX)
    report.text("data.title", data.get("title"), high=MODAL_TITLE_MAX)
    components = report.items("data.components", data.get("components"), what="components",
                              low=1, high=MODAL_COMPONENTS_MAX)
    custom_ids: dict[str, str] = {}
    for i, component in enumerate(components):
        path = f"data.components[{i}]"
        if not isinstance(component, dict):
            report.add(path, f"must be an object, not {_kind(component)}")
        elif component.get("type") == ACTION_ROW:
            inputs = report.items(f"{path}.components", component.get("components"),
                                  what="text inputs", low=1, high=1)
            for j, text_input in enumerate(inputs):
                _check_text_input(report, f"{path}.components[{j}]", text_input, custom_ids,
                                  labelled=False)
        elif component.get("type") == LABEL:
            report.text(f"{path}.label", component.get("label"), high=TEXT_INPUT_LABEL_MAX)
            inner = component.get("component")
            if isinstance(inner, dict) and inner.get("type") == TEXT_INPUT:
                _check_text_input(report, f"{path}.component", inner, custom_ids,
                                  labelled=True)


def _check_text_input(
    report: _Report, path: str, text_input: object, custom_ids: dict[str, str], *,
    labelled: bool,
) -> None:
    """A modal text input; inside a Label component it needs no label of its own."""
    if not isinstance(text_input, dict) or text_input.get("type") != TEXT_INPUT:
        report.add(path, "an action row in a modal must hold one text input (type 4)")
        return
    _check_custom_id(report, f"{path}.custom_id", text_input.get("custom_id"), custom_ids)
    if not _int_in(text_input.get("style"), TEXT_INPUT_STYLES):
        report.add(f"{path}.style", f"{text_input.get('style')!r} is not a text input style "
                   "(1 short, 2 paragraph)")
    report.text(f"{path}.label", text_input.get("label"), high=TEXT_INPUT_LABEL_MAX,
                required=not labelled)
    low = report.integer(f"{path}.min_length", text_input.get("min_length"),
                         low=0, high=TEXT_INPUT_LENGTH_MAX)
    high = report.integer(f"{path}.max_length", text_input.get("max_length"),
                          low=1, high=TEXT_INPUT_LENGTH_MAX)
    if low is not None and high is not None and low > high:
        report.add(f"{path}.min_length", f"{low} is greater than max_length {high}")
    report.text(f"{path}.value", text_input.get("value"), high=TEXT_INPUT_LENGTH_MAX, low=0,
                required=False)
    report.text(f"{path}.placeholder", text_input.get("placeholder"),
                high=TEXT_INPUT_PLACEHOLDER_MAX, low=0, required=False)
