"""Message text for Discord: limits, safe truncation, and the few fixed sentences we reuse."""

from __future__ import annotations

import re
import time
import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import discord

from engine.core.bots import bot_line, bot_names

MESSAGE_LIMIT = 2000  # characters in one message's content
CHOICE_LIMIT = 25  # autocomplete suggestions per answer
CHOICE_TEXT_LIMIT = 100  # characters in a choice's name, and in a string value

OUT_OF_DATE = "That board is out of date; the newest one is further down."
NOTHING_CHANGED = "Something went wrong; nothing was changed."
DONE_BUT_FAILED = (
    "Your request was carried out, but something went wrong afterwards; "
    "look at the channel or /game status to see where things stand."
)
NOT_DRAWN = ("The picture could not be drawn in time (the bot is busy); nothing was changed. "
             "Try again in a moment.")
DONE_BUT_NOT_DRAWN = ("Your request was carried out, but its picture could not be drawn in time "
                      "(the bot is busy); look at the channel or /game status to see where "
                      "things stand.")
NO_DM = "{name}, I can't DM you; use the My view button."
NOT_A_MOVE = ("That is not one of your legal moves now. Pick one from the list that /move "
              "offers.")
TYPED_LIMIT = 1000  # characters: longer than any move's label or value

_ELLIPSIS = "…"
ELLIPSIS = _ELLIPSIS  # what marks text left out


def echo(typed: str | None, limit: int = 60) -> str:
    """What a user typed, quoted for an answer: cut short, so a 6,000-character option value
    cannot fill (or overflow) the reply."""
    if typed is None:
        return "nothing"
    short = typed if len(typed) <= limit else typed[:limit] + _ELLIPSIS
    return repr(short)


def unreadable_move(value: str) -> bool:
    """Whether a move value typed by hand can name no move: longer than any label or value, or
    written like a listed value (``v<version>:<index>``) with digits that are not numbers
    (superscripts, circled digits). Such values are refused before anything reads them."""
    if len(value) > TYPED_LIMIT:
        return True
    head, _, tail = value.strip().partition(":")
    if not head.startswith("v"):
        return False
    return any(part.isdigit() and not part.isdecimal() for part in (head[1:], tail))


def clip(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """``text`` cut to at most ``limit`` characters, at a line break where one is near."""
    if len(text) <= limit:
        return text
    cut = text[: limit - len(_ELLIPSIS)]
    newline = cut.rfind("\n")
    if newline >= limit // 2:
        cut = cut[:newline]
    return cut.rstrip() + _ELLIPSIS


def clip_choice(text: str, limit: int = CHOICE_TEXT_LIMIT) -> str:
    """A menu option's or an autocomplete choice's name, cut to Discord's 100 characters in
    the middle: moves alike differ at the start (what is done) or at the end (how it is paid,
    where it goes), so both are kept."""
    if len(text) <= limit:
        return text
    keep = limit - len(_ELLIPSIS)
    head = keep * 3 // 5
    return text[:head].rstrip() + _ELLIPSIS + text[len(text) - (keep - head):].lstrip()


def choice_names(labels: Sequence[str]) -> list[str]:
    """Each of ``labels`` as a choice's name of at most 100 characters, so that no two choices
    of one menu or list read alike. A long label keeps its first part (what the move is: the
    card, the age, the upgrade) and, against each label that begins alike, a part it does not
    share with it (a city, a good, how it is paid); it leaves out, as "…", what the others
    have too, the commonest first. What is still too long is cut in the middle; as a last
    resort a name shows its place in the list ("#7")."""
    split = [_SEGMENT.split(label) for label in labels]
    alike: dict[str, list[int]] = {}
    for i, parts in enumerate(split):
        alike.setdefault(parts[0], []).append(i)
    names = []
    for i, (label, parts) in enumerate(zip(labels, split, strict=True)):
        if len(label) <= CHOICE_TEXT_LIMIT:
            names.append(label)
            continue
        rivals = [split[j] for j in alike[parts[0]] if j != i]
        seen = Counter(part for other in rivals for part in set(other))
        names.append(_without(parts, seen, _telling(parts, rivals, seen)))
    count = Counter(names)
    for i, name in enumerate(names):
        if count[name] > 1:  # its place in the list tells it apart
            suffix = f" #{i + 1}"
            names[i] = clip_choice(name, CHOICE_TEXT_LIMIT - len(suffix)) + suffix
    return names


# a label's parts: "Age 1, warship: Tyre city: +2 gold in Area 2; disc from bank; pay with ..."
_SEGMENT = re.compile(r"(?<=[;,:]) ")


def _telling(parts: list[str], rivals: list[list[str]], seen: Counter[str]) -> set[int]:
    """Which of ``parts`` to keep so that the label reads apart from each of ``rivals``: the
    first, and against each rival (the nearest first) one part it lacks, the rarest."""
    keep = {0}
    for other in sorted(rivals, key=lambda o: -len(set(o) & set(parts))):
        theirs = set(other)
        differ = [k for k, part in enumerate(parts) if part not in theirs]
        if differ and not keep.intersection(differ):
            keep.add(min(differ, key=lambda k: (seen[parts[k]], len(parts[k]))))
    return keep


def _without(parts: list[str], seen: Counter[str], keep: set[int]) -> str:
    """A label of ``parts`` cut to a choice's length by leaving out parts but those of
    ``keep``, the commonest among its rivals (``seen``) first; each gap an ellipsis."""
    gone: set[int] = set()

    def text() -> str:
        kept: list[str] = []
        for i, part in enumerate(parts):
            if i not in gone:
                kept.append(part)
            elif not kept or kept[-1] != _ELLIPSIS:
                kept.append(_ELLIPSIS)
        return " ".join(kept)

    for i in sorted(set(range(len(parts))) - keep, key=lambda i: (-seen[parts[i]],
                                                                  -len(parts[i]))):
        if len(text()) <= CHOICE_TEXT_LIMIT:
            break
        gone.add(i)
    return clip_choice(text())


def join_lines(lines: Iterable[str], limit: int = MESSAGE_LIMIT) -> str:
    return clip("\n".join(line for line in lines if line), limit)


def pages(lines: Iterable[str], limit: int = MESSAGE_LIMIT) -> list[str]:
    """``lines`` as messages of at most ``limit`` characters, whole lines to a message (a line
    longer than a message on its own is clipped)."""
    found: list[str] = []
    current = ""
    for line in (clip(x, limit) for x in lines if x):
        if current and len(current) + 1 + len(line) > limit:
            found.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    if current:
        found.append(current)
    return found


def bullets(lines: Iterable[str]) -> str:
    return "\n".join(f"• {line}" for line in lines)


def options_text(options: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in options.items()) or "default options"


def players_text(low: int, high: int) -> str:
    return f"{low} players" if low == high else f"{low}-{high} players"


def bot_lines(game: Any) -> list[str]:
    """One line per bot the game has, strongest first: its name and what it is like, the
    default marked."""
    return [f"{name}: {bot_line(game, name)}" for name in bot_names(game)]


def rules_text(game: Any) -> str:
    """What /rules and the Rules button say about one game: who plays, what the options are."""
    lines = [f"**{game.name}** ({players_text(game.min_players, game.max_players)})"]
    if game.summary:
        lines.append(game.summary)
    specs: Sequence[Any] = game.options
    if specs:
        lines.append("Options for /game new, written name=value:")
        lines.append(bullets(_option_line(spec) for spec in specs))
    else:
        lines.append("This game has no options.")
    lines.append("Bots for /game addbot:")
    lines.append(bullets(bot_lines(game)))
    lines.append("Play with /move; see your hand with the My view button.")
    return join_lines(lines)


def game_rulings(game: Any) -> list[tuple[str, str, str]]:
    """The game's rulings as (topic, ruling, passage), when its package provides them (a
    ``rulings()`` method on the game object); none otherwise."""
    provider = getattr(game, "rulings", None)
    if not callable(provider):
        return []
    return [(str(topic), str(ruling), str(passage)) for topic, ruling, passage in provider()]


def rulings_messages(name: str, rulings: list[tuple[str, str, str]],
                     limit: int = MESSAGE_LIMIT) -> list[str]:
    """The rulings as messages of at most ``limit`` characters, whole rulings to a message
    where they fit (one longer than a message on its own is clipped)."""
    entries = [clip(f"**{topic}**: {ruling}\n> {passage}", limit)
               for topic, ruling, passage in rulings]
    messages: list[str] = []
    current = f"**How Portolan reads the {name} rulebook** (the passage each ruling reads is " \
        "quoted below it)"
    for entry in entries:
        if len(current) + 2 + len(entry) <= limit:
            current += "\n\n" + entry
        else:
            messages.append(current)
            current = entry
    messages.append(current)
    return messages


def _option_line(spec: Any) -> str:
    if spec.kind == "int":
        low, high = spec.minimum, spec.maximum
        if low is not None and high is not None:
            kind = f"a whole number {low}-{high}"
        elif low is not None:
            kind = f"a whole number, at least {low}"
        elif high is not None:
            kind = f"a whole number, at most {high}"
        else:
            kind = "a whole number"
    elif spec.kind == "bool":
        kind = "yes or no"
    else:
        kind = "one of " + ", ".join(spec.choices)
    return f"{spec.name}: {spec.description}; {kind}, default {spec.default}."


NAME_LIMIT = 32  # characters in a Discord display name

# Format characters kept in a name: the zero-width joiner and the tag characters, which build
# emoji (family emoji, subdivision flags). Every other one (bidi overrides, zero-width spaces)
# is dropped, with the control characters and unpaired surrogates.
_KEPT_FORMAT = {"\u200d", *map(chr, range(0xE0020, 0xE0080))}


def clean_name(text: str, fallback: str) -> str:
    """A player's name as it may be shown and stored: control and format characters removed,
    whitespace runs (newlines, tabs) made one space, at most :data:`NAME_LIMIT` characters;
    ``fallback`` (such as "Player 3") when nothing visible is left."""
    kept = []
    for char in text[: NAME_LIMIT * 64]:  # a name is short: no need to read 200,000 characters
        kind = unicodedata.category(char)
        if char.isspace() or kind in ("Zl", "Zp"):
            kept.append(" ")
        elif kind in ("Cc", "Cs") or (kind == "Cf" and char not in _KEPT_FORMAT):
            continue
        else:
            kept.append(char)
    name = " ".join("".join(kept).split())
    if len(name) > NAME_LIMIT:
        name = name[: NAME_LIMIT - 1].rstrip(" \u200d") + _ELLIPSIS
    if not any(unicodedata.category(c)[0] not in "MCZ" for c in name):
        return fallback
    return name


def shown_name(name: str) -> str:
    """A name (a player's, a channel's, a server's) as Discord message text shows it: its
    markdown escaped (``**``, ``__``, ``||``, a leading ``#`` or ``>``, a masked link) and its
    mentions broken (``@everyone``, ``@here``, ``<@id>``, ``<@&id>``), so that whatever
    someone calls themselves reads as typed, formats nothing around it and pings nobody."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(name))


_STAMP = re.compile(r"<t:(-?\d+)(?::([tTdDfFR]))?>")


def local_times(text: str, now: float) -> str:
    """Discord's timestamps (``<t:1700000000:R>``) written out for a terminal in its styles:
    the clock time (``t``, ``T``), the date (``d``, ``D``), both (``f``, the default, and
    ``F``), or "in 4 min" for the relative one (``R``)."""

    def one(match: re.Match[str]) -> str:
        at = int(match.group(1))
        style = match.group(2) or "f"
        if style == "R":
            minutes = round((at - now) / 60)
            if abs(minutes) < 1:
                return "now"
            span = f"{abs(minutes)} min" if abs(minutes) < 120 else \
                f"{abs(minutes) // 60} h" if abs(minutes) < 48 * 60 else \
                f"{abs(minutes) // (24 * 60)} days"
            return f"in {span}" if minutes > 0 else f"{span} ago"
        moment = time.localtime(at)
        day = f"{moment.tm_mday} {time.strftime('%b %Y', moment)}"
        return {"t": time.strftime("%H:%M", moment), "T": time.strftime("%H:%M:%S", moment),
                "d": day, "D": day, "f": f"{day} {time.strftime('%H:%M', moment)}",
                "F": f"{time.strftime('%A', moment)} {day} {time.strftime('%H:%M', moment)}",
                }[style]

    return _STAMP.sub(one, text)
