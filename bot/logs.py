"""Logging for the bot process: one format, and no private text in the log at any level.

discord.py logs what it sends and receives at DEBUG: the body of every HTTP request (message
content, embeds, the private replies and DMs of a game), the JSON of every answer, and every
gateway event with its data (interactions with what people typed). aiosqlite logs each
statement with its parameters, which hold the games' private events (the cards a player
draws). :class:`PayloadFilter` keeps those records, so the log still shows which request went
where, what status came back and which statement ran, but puts a short note in place of each
payload and each statement's parameters, and hides the interaction and webhook tokens in URLs
(each one lets whoever holds it answer as the bot for 15 minutes).
"""

from __future__ import annotations

import functools
import json
import logging
import re
from collections.abc import Mapping
from typing import Any

FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
# /webhooks/{application id}/{token}... and /interactions/{id}/{token}/callback
_TOKEN = re.compile(r"(/(?:webhooks|interactions)/\d+/)[^/?#\s'\"]+")


def setup_logging(level: str) -> None:
    """Logs to standard error at ``level`` (a name such as ``"info"``), payloads withheld."""
    logging.basicConfig(level=level.upper(), format=FORMAT)
    for handler in logging.getLogger().handlers:
        if not any(isinstance(f, PayloadFilter) for f in handler.filters):
            handler.addFilter(PayloadFilter())


def _within(name: str, logger: str) -> bool:
    return name == logger or name.startswith(logger + ".")


class PayloadFilter(logging.Filter):
    """Keeps every record; in discord.py's and aiosqlite's, replaces payloads with a note."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not (_within(record.name, "discord") or _within(record.name, "aiosqlite")):
            return True
        if isinstance(record.msg, str):
            record.msg = _redact_tokens(record.msg)
        else:  # an object logged as the message itself
            record.msg = withheld(record.msg)
        if isinstance(record.args, Mapping):
            record.args = {key: withheld(value) for key, value in record.args.items()}
        elif isinstance(record.args, tuple):
            record.args = tuple(withheld(value) for value in record.args)
        return True


def withheld(value: Any) -> Any:
    """A log argument with any payload in it replaced by a note of what it was."""
    if value is None or isinstance(value, bool | int | float):
        return value
    if isinstance(value, str):
        text = value.strip()
        if text[:1] in ("{", "[") and _is_json(text):
            return f"<{len(value)} characters of JSON withheld>"
        return _redact_tokens(value)
    if isinstance(value, Mapping):
        if "op" in value and "d" in value:  # a gateway event: say which, not what
            return f"<gateway op={value.get('op')} t={value.get('t')} s={value.get('s')}>"
        return f"<{type(value).__name__} of {len(value)} fields withheld>"
    if isinstance(value, list | tuple | set):
        return f"<{type(value).__name__} of {len(value)} items withheld>"
    if isinstance(value, bytes | bytearray | memoryview):
        return f"<{len(value)} bytes withheld>"
    if isinstance(value, functools.partial):  # aiosqlite's call: the statement, no values
        name = getattr(value.func, "__name__", "call")
        sql = [a for a in value.args if isinstance(a, str)][:1]
        rest = len(value.args) - len(sql) + len(value.keywords)
        shown = ", ".join([repr(s) for s in sql] + ([f"<{rest} more withheld>"] if rest else []))
        return f"{name}({shown})"
    if type(value).__module__.startswith(("discord.", "yarl", "enum")) or isinstance(
            value, BaseException):
        # discord.py's own objects (routes, enums), URLs, errors: their text, tokens hidden
        return _redact_tokens(str(value))
    # anything else (aiohttp's form data, a message object, ...): its kind only
    return f"<{type(value).__name__} withheld>"


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


def _redact_tokens(text: str) -> str:
    return _TOKEN.sub(r"\1<token>", text) if "/webhooks/" in text or "/interactions/" in text \
        else text
