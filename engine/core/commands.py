"""The vocabulary a game declares its commands in, and the one way typed options become a move.

A game's :class:`CommandTable` names its command group (``/ships``) and, per :class:`Command`,
the action classes the command plays and its :class:`Option` s. An option knows how to read its
value off an action (a short stable text, the *value*), how to name that value for people (the
*label*), and whether it must be given. A command also knows how to build the action its typed
values describe when no legal action agrees with them, so that the engine can say why the move is
refused.

Everything below works on the seat's legal actions and its own view (the *context* the readers
and labels get); Discord's slash commands, their autocomplete, the local table and help are all
built from the tables, so they accept the same commands and give the same answers:

- :func:`resolve` reads typed options against the legal actions: the one move they name, the
  option still to choose (with the values that remain), or why nothing fits;
- :func:`suggest` lists, for one option, the values some legal action agreeing with the other
  options has, filtered by what was typed;
- :func:`waiting` says whether the legal actions are a decision the game waits for;
- :func:`grouped_moves` lists every move under its command, a long list with near-alike moves
  sharing a line where the command has a ``fold``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar

from .content import ContentModel, load_content
from .errors import ContentError
from .protocol import Action, View

A = TypeVar("A", bound=Action)
V = TypeVar("V", bound=View)

OptionKind = Literal["text", "whole", "yes_no"]
WHOLE_DIGITS = 9  # more digits than any count, cell or amount in these games
UNDO = "undo"


class CommandError(Exception):
    """Typed options that do not make a move; the message says why, for the player."""


def whole(text: str | None) -> int | None:
    """``text`` as a whole number written with 0-9 (maybe with a minus) of at most
    :data:`WHOLE_DIGITS` digits; None otherwise (``int`` alone would take superscripts and
    thousands of digits)."""
    if text is None:
        return None
    text = text.strip()
    digits = text.removeprefix("-")
    if not (digits.isascii() and digits.isdecimal()) or len(digits) > WHOLE_DIGITS:
        return None
    return int(text)


def norm(value: object) -> str | None:
    """A typed value as the text options compare: None when it was not filled in."""
    if value is None:
        return None
    if isinstance(value, bool):
        return "yes" if value else "no"
    text = str(value).strip()
    return text or None


def yes_no(flag: bool) -> str:
    return "yes" if flag else "no"


@dataclass(frozen=True)
class Option(Generic[A, V]):
    """One option of a command.

    ``read`` gives the option's value on an action (None when the action has none); ``label``
    names that value for people (default: the action's own label). An ``exchange`` only says how
    a cost is paid (wine for gold): left out, the move using the fewest is played. ``default`` is
    the value meant when the option is left out (an industry counter is spent only when asked).
    ``sole`` gives the one value the option can take for the viewer whatever moves are open
    (the ship of a fleet of one), or None: when no move of the command is open, a command left
    without it is refused with the game's own reason, as if it had been named.
    ``kind`` and ``fixed`` say how a front end asks for it: free text with suggestions, a whole
    number between ``low`` and ``high``, yes or no, or one of a few fixed values."""

    name: str
    description: str
    read: Callable[[A, V], str | None]
    label: Callable[[A, V], str] | None = None
    required: bool = True
    kind: OptionKind = "text"
    fixed: tuple[tuple[str, str], ...] = ()  # (value, label) when the values never change
    low: int | None = None
    high: int | None = None
    exchange: bool = False
    default: str | None = None
    sole: Callable[[V], str | None] | None = None

    def value(self, action: A, view: V) -> str | None:
        return self.read(action, view)

    def name_of(self, action: A, view: V, fallback: str) -> str:
        if self.label is not None:
            return self.label(action, view)
        fixed = dict(self.fixed)
        found = self.read(action, view)
        if found is not None and found in fixed:
            return fixed[found]
        return fallback


@dataclass(frozen=True)
class Folded:
    """Near-alike moves of one command listed as one line: ``text`` says what they are (and
    which options tell them apart); ``moves`` are their places in the list the command's
    ``fold`` was given."""

    text: str
    moves: tuple[int, ...]


@dataclass(frozen=True)
class Command(Generic[A, V]):
    """One command of a game's group: the action classes it plays and its options.

    ``build`` makes the action the typed values describe (legal or not) so the engine can explain
    a refusal; it raises :class:`CommandError` when the values do not make any move. A command
    without options plays the one action its class makes with no arguments.
    ``fold`` lists a long list of the command's moves briefly (see :func:`grouped_moves`): it
    gets the moves with their labels and gives lines that each stand for several near-alike
    moves (:class:`Folded`); a move it leaves out is listed on its own; without it (the default)
    every move has its own line.
    ``unavailable`` gives the game's own reason why none of the seat's legal moves of the command
    agrees with the options typed (each as :func:`resolve` reads it: a legal move's value, or the
    text as typed; options left out are not in the mapping), read off the viewer's view, or None
    when it knows none. It is asked only once nothing fits and no whole move can be built to ask
    the engine, so it words a refusal and never decides one; without it (the default) such a
    refusal says only that no move fits."""

    name: str
    description: str
    plays: tuple[type[A], ...]
    options: tuple[Option[A, V], ...] = ()
    build: Callable[[Mapping[str, str | None], V], A] | None = None
    unavailable: Callable[[Mapping[str, str | None], V], str | None] | None = None
    fold: Callable[[Sequence[tuple[A, str]]], list[Folded]] | None = None

    def __post_init__(self) -> None:
        names = [o.name for o in self.options]
        if len(set(names)) != len(names):
            raise ValueError(f"command {self.name} names an option twice")

    @property
    def types(self) -> frozenset[str]:
        return frozenset(str(cls.model_fields["type"].default) for cls in self.plays)

    def option(self, name: str) -> Option[A, V]:
        for option in self.options:
            if option.name == name:
                return option
        raise KeyError(name)

    def takes(self, action: Action) -> bool:
        return isinstance(action, self.plays)

    def values(self, action: A, view: V) -> dict[str, str | None]:
        """The value of every option on ``action``: what typing it back must give."""
        return {o.name: o.value(action, view) for o in self.options}

    def make(self, typed: Mapping[str, str | None], view: V) -> Action:
        if self.build is not None:
            return self.build(typed, view)
        if len(self.plays) == 1 and not self.options:
            return self.plays[0].model_validate({})
        raise CommandError(f"/{self.name} needs its options picked from the lists.")


@dataclass(frozen=True)
class HelpTopic:
    """One entry of a game's help: a command's (``command`` set) or a general topic's."""

    topic: str
    title: str
    text: str
    command: str | None = None


@dataclass(frozen=True)
class CommandTable(Generic[V]):
    """A game's command group. ``decisions`` are the action types that are a decision the game
    waits for outside the normal turn (a free port, the route out of port); when one is legal,
    the seat's legal actions are that decision. A game whose ordinary turn always offers to end
    it can leave them empty and name ``turn_end`` instead: then any legal actions without it
    are a decision. ``decide`` plays only a decision: an ordinary move has its own command.
    ``values_for_left_out``: an option left out that the moves still differ in is answered with
    the values it can take now ("Choose from: ..."), not with a menu of every move that fits,
    whenever those moves outnumber its values (each value's moves multiplied by the spaces and
    the ways to pay would read as one long list)."""

    group: str
    description: str
    commands: tuple[Command[Any, V], ...]
    nothing_to_decide: str
    decisions: frozenset[str] = frozenset()
    turn_end: str | None = None
    help: tuple[HelpTopic, ...] = ()
    values_for_left_out: bool = False

    def __post_init__(self) -> None:
        names = [c.name for c in self.commands]
        if len(set(names)) != len(names):
            raise ValueError(f"/{self.group} names a command twice")

    def command(self, name: str) -> Command[Any, V]:
        wanted = name.strip().lower()
        for command in self.commands:
            if command.name == wanted:
                return command
        known = ", ".join(c.name for c in self.commands)
        raise CommandError(f"/{self.group} has no command {name!r}; its commands: {known}.")

    def command_of(self, action: Action) -> Command[Any, V] | None:
        for command in self.commands:
            if command.takes(action):
                return command
        return None

    def help_for(self, topic: str) -> HelpTopic:
        wanted = topic.strip().lower()
        for entry in self.help:
            if wanted in (entry.topic, entry.title.lower()):
                return entry
        known = ", ".join(e.topic for e in self.help)
        raise CommandError(f"There is no help on {topic!r}; ask about one of: {known}.")


# --- decisions ----------------------------------------------------------------------------------
def waiting(table: CommandTable[Any], actions: Sequence[A]) -> list[A]:
    """The actions of a decision waiting for the seat (empty in its ordinary turn or when it has
    nothing to do); undo is never part of a decision."""
    moves = [a for a in actions if a.type != UNDO]
    if table.decisions:
        return moves if any(a.type in table.decisions for a in moves) else []
    if table.turn_end is not None and any(a.type == table.turn_end for a in moves):
        return []
    return moves


# --- reading typed options ----------------------------------------------------------------------
@dataclass(frozen=True)
class Value:
    """One value an option can take now: its text, its label, and a legal action that has it."""

    value: str
    label: str
    action: Action


@dataclass(frozen=True)
class Resolution:
    """What typed options name. Exactly one of: ``action`` (legal) to play; ``asking`` the option
    still to choose, with the values left (and every legal action still fitting in ``fitting``);
    ``refused`` the action the options describe, which no legal move is (the engine says why);
    ``problem`` a message saying why the options make no move."""

    command: str
    typed: Mapping[str, str | None]
    action: Action | None = None
    asking: str | None = None
    values: tuple[Value, ...] = ()
    fitting: tuple[Action, ...] = ()
    refused: Action | None = None
    problem: str | None = None


Describe = Callable[[Action], str]


def _label(action: Action) -> str:
    return action.label or action.type


def _agrees(command: Command[Any, V], action: Action, wanted: Mapping[str, str | None],
            view: V) -> bool:
    for option in command.options:
        value = wanted.get(option.name)
        if value is not None and option.value(action, view) != value:
            return False
    return True


def fitting(command: Command[Any, V], actions: Iterable[Action],
            wanted: Mapping[str, str | None], view: V) -> list[Action]:
    """The actions of ``command`` agreeing with every value in ``wanted``."""
    return [a for a in actions if command.takes(a) and _agrees(command, a, wanted, view)]


def values_of(command: Command[Any, V], option: str, actions: Iterable[Action], view: V,
              describe: Describe = _label) -> list[Value]:
    """The distinct values of ``option`` on ``actions``, each named by the first action that has
    it, in the order the actions come."""
    opt = command.option(option)
    seen: dict[str, Value] = {}
    for action in actions:
        value = opt.value(action, view)
        if value is None or value in seen:
            continue
        seen[value] = Value(value, opt.name_of(action, view, describe(action)), action)
    return list(seen.values())


def _head(label: str) -> str:
    """A label's name part: what comes before its first ':' or '(' (``Gold 2`` of ``Gold 2
    (Take 2 gold.)``)."""
    return label.split(":", 1)[0].split("(", 1)[0].strip().lower()


def match_text(typed: str, values: Sequence[Value], ranked: bool = True) -> list[Value]:
    """The values ``typed`` names, any case: the one whose value or label it is exactly; else
    (``ranked``, for a value typed to play; a number names only itself, or the values whose
    first part it is) those whose label starts with it, else those whose name part (before
    ':' or '(') contains it; else those whose label or value contains it; else those whose
    label has all its words (a word typed twice, twice: "1, 1" is not "Ship 1"). A word found
    only in a card's description thus loses to one in its name when playing, while a list being
    typed into shows them all."""
    wanted = typed.strip().lower()
    if not wanted:
        return []
    exact = [v for v in values if wanted in (v.value.lower(), v.label.lower())]
    if exact:
        return exact[:1]
    if ranked and wanted.lstrip("+-").isdecimal():
        # a number played names that number, never one that contains it (0 of 10); a value
        # made of parts ("6:merchant", a ship in Age 6's merchant box) is named by its first
        return [v for v in values if ":" in v.value and v.value.split(":", 1)[0] == wanted]
    tiers = (
        lambda v: v.label.lower().startswith(wanted),
        lambda v: wanted in _head(v.label),
        lambda v: wanted in v.label.lower() or wanted in v.value.lower(),
    )
    for tier in tiers if ranked else tiers[2:]:
        found = [v for v in values if tier(v)]
        if found:
            return found
    words = Counter(w for w in re.split(r"[\s,:;]+", wanted) if w)
    return [v for v in values
            if all(v.label.lower().count(w) >= n for w, n in words.items())]


def unknown_options(command: Command[Any, Any], typed: Iterable[str]) -> list[str]:
    names = {o.name for o in command.options}
    return [name for name in typed if name not in names]


def options_text(command: Command[Any, Any]) -> str:
    return ", ".join(o.name for o in command.options) or "none"


def resolve(table: CommandTable[V], name: str, typed: Mapping[str, object],
            actions: Sequence[Action], view: V, describe: Describe = _label) -> Resolution:
    """What ``/group name`` with the ``typed`` options names among the seat's legal ``actions``.

    A typed value is a value or any unambiguous part of a label (any case); an option left out
    takes its default; when the moves that fit still differ in an option that is not an exchange,
    that option is asked for, never assumed (with its values alone, for a table that says
    ``values_for_left_out``); when they differ only in exchanges, the one using the fewest is
    played."""
    command = table.command(name)
    raw = {key: _shortened(norm(value)) for key, value in typed.items()}
    unknown = unknown_options(command, raw)
    if unknown:
        return Resolution(command.name, raw, problem=(
            f"/{table.group} {command.name} has no option "
            f"{', '.join(repr(name[:40]) for name in unknown)}; "
            f"its options: {options_text(command)}."))
    mine = [a for a in actions if command.takes(a)]
    wanted: dict[str, str | None] = {}
    several: dict[str, list[Value]] = {}  # typed words that fit more than one value
    for option in command.options:
        text = raw.get(option.name)
        if text is None:
            wanted[option.name] = option.default
            continue
        found = match_text(text, values_of(command, option.name, mine, view, describe))
        if len(found) == 1:
            wanted[option.name] = found[0].value
        elif found:
            several[option.name] = found
        else:
            wanted[option.name] = text  # matches no legal move: the engine will say why
    for name, found in several.items():
        # the other options may tell the values apart
        others = {k: v for k, v in wanted.items() if v is not None}
        # each value with every move that has it: the first move listed for a value may
        # disagree with the other options where another of its moves agrees
        narrowed = [v for v in found if fitting(command, mine, {**others, name: v.value}, view)]
        if len({v.value for v in narrowed}) == 1:
            wanted[name] = narrowed[0].value
        elif not narrowed:
            wanted[name] = found[0].value  # nothing fits whichever it is: say why for one
        else:
            fits = [a for a in fitting(command, mine, others, view)
                    if command.option(name).value(a, view) in {v.value for v in narrowed}]
            return Resolution(command.name, raw, asking=name, values=tuple(narrowed),
                              fitting=tuple(fits))
    found_actions = fitting(command, mine, wanted, view)
    if not found_actions:
        return _nothing_fits(table, command, raw, wanted, mine, view)
    for option in command.options:
        if option.exchange:
            continue
        # an action without this option (None) differs from one with it, too
        had = [option.value(a, view) for a in found_actions]
        if len(set(had)) > 1:  # (left out: a value typed or defaulted would agree)
            values = values_of(command, option.name, found_actions, view, describe)
            if table.values_for_left_out and None not in had and len(found_actions) > len(
                    values):
                return Resolution(command.name, raw, problem=(
                    f"/{table.group} {command.name}: fill in {option.name}. Choose from: "
                    f"{values_text(values)}."))
            return Resolution(command.name, raw, asking=option.name, values=tuple(values),
                              fitting=tuple(found_actions))
    return Resolution(command.name, raw, action=min(found_actions,
                                                    key=lambda a: _exchanged(command, a, view)))


OFFERED = 8  # values named in a refusal that says what an option can be
TYPED_LIMIT = 100  # no value is longer (Discord's limit); longer text is cut, so echoes stay short


def values_text(values: Sequence[Value]) -> str:
    """What an option can be, said briefly: the first :data:`OFFERED` values' labels, and how
    many more there are."""
    listed = "; ".join(v.label for v in values[:OFFERED])
    return listed + (f" (and {len(values) - OFFERED} more)" if len(values) > OFFERED else "")


def _shortened(text: str | None) -> str | None:
    if text is None or len(text) <= TYPED_LIMIT:
        return text
    return text[:TYPED_LIMIT] + "…"


def _exchanged(command: Command[Any, V], action: Action, view: V) -> int:
    total = 0
    for option in command.options:
        if option.exchange:
            total += whole(option.value(action, view)) or 0
    return total


def _nothing_fits(table: CommandTable[V], command: Command[Any, V],
                  raw: Mapping[str, str | None], wanted: Mapping[str, str | None],
                  mine: Sequence[Action], view: V) -> Resolution:
    missing = [o.name for o in command.options
               if o.required and wanted.get(o.name) is None and o.default is None]
    if not missing:
        try:
            return Resolution(command.name, raw, refused=command.make(wanted, view))
        except CommandError as err:
            return Resolution(command.name, raw, problem=str(err))
    given = {k: v for k, v in wanted.items() if v is not None and raw.get(k) is not None}
    if not mine:
        filled = dict(wanted)
        for option in command.options:
            if option.name in missing and option.sole is not None:
                filled[option.name] = option.sole(view)
        if all(filled.get(name) is not None for name in missing):  # the game can say why
            try:
                return Resolution(command.name, raw, refused=command.make(filled, view))
            except CommandError as err:
                return Resolution(command.name, raw, problem=str(err))
        return Resolution(command.name, raw, problem=_unavailable(command, given, view) or (
            f"You have no /{table.group} {command.name} move now."))
    for name, value in given.items():
        if not fitting(command, mine, {name: value}, view):
            # the values the other options typed leave open (south: the cells to the south),
            # or every value when they leave none
            others = {k: v for k, v in given.items()
                      if k != name and fitting(command, mine, {k: v}, view)}
            pool = fitting(command, mine, others, view) if others else []
            can = values_of(command, name, pool or mine, view)
            if not can:  # the moves open take no such option now
                narrowed = " with " + ", ".join(f"{k} {raw.get(k)!r}" for k in others) \
                    if pool else ""
                return Resolution(command.name, raw, problem=_unavailable(
                    command, {name: value}, view) or (
                    f"None of your /{table.group} {command.name} moves{narrowed} now takes "
                    f"{name}: leave it out."))
            why = _unavailable(command, {name: value}, view)
            return Resolution(command.name, raw, problem=(
                f"{why} Options for {name} now: {values_text(can)}." if why else
                f"None of your /{table.group} {command.name} moves now has {name} "
                f"{raw.get(name)!r}. It can be: {values_text(can)}."))
    return Resolution(command.name, raw, problem=_unavailable(command, given, view) or (
        f"None of your /{table.group} {command.name} moves now fits "
        + ", ".join(f"{k} {raw.get(k)!r}" for k in given) + "; pick the options from the lists."))


def _unavailable(command: Command[Any, V], typed: Mapping[str, str | None], view: V
                 ) -> str | None:
    """The game's reason why no legal move of ``command`` agrees with ``typed``, if it has one."""
    return command.unavailable(typed, view) if command.unavailable is not None else None


def suggest(table: CommandTable[V], name: str, option: str, typed: str,
            filled: Mapping[str, object], actions: Sequence[Action], view: V,
            describe: Describe = _label, limit: int = 25) -> list[Value]:
    """For autocomplete: the values of ``option`` on the legal actions agreeing with the other
    options already filled in (read as :func:`resolve` reads them), filtered by ``typed``."""
    command = table.command(name)
    mine = [a for a in actions if command.takes(a)]
    others: dict[str, str | None] = {}
    for other in command.options:
        text = norm(filled.get(other.name))
        if other.name == option or text is None:
            continue
        found = match_text(text, values_of(command, other.name, mine, view, describe))
        if len({v.value for v in found}) == 1:
            others[other.name] = found[0].value
        elif not found:
            return []  # no legal move has that value: nothing fits it, whatever this one is
    values = values_of(command, option, fitting(command, mine, others, view), view, describe)
    if typed.strip():
        values = match_text(typed, values, ranked=False)
    return values[:limit]


def check_round_trip(table: CommandTable[V], actions: Iterable[Action], view: V
                     ) -> list[str]:
    """For tests: every action a command plays must come back from its own option values, both
    through the command's ``build`` and through :func:`resolve` against the same actions."""
    pool = list(actions)
    problems: list[str] = []
    for action in pool:
        if action.type == UNDO:
            continue
        command = table.command_of(action)
        if command is None:
            problems.append(f"no command plays {action.type}")
            continue
        typed = command.values(action, view)
        try:
            built = command.make(typed, view)
        except CommandError as err:
            problems.append(f"{command.name}: {action.key()} does not build back: {err}")
            continue
        if built.key() != action.key():
            problems.append(f"{command.name}: {action.key()} builds back as {built.key()}")
        found = resolve(table, command.name, typed, pool, view)
        if found.action is None or found.action.key() != action.key():
            what = found.problem or (f"asks {found.asking}" if found.asking else
                                     (found.action.key() if found.action else "nothing"))
            problems.append(f"{command.name}: {action.key()} resolves to {what}")
    return problems


FOLD_OVER = 40  # moves listed one a line (two or three messages); past this, alike ones share


def grouped_moves(table: CommandTable[Any], labelled: Sequence[tuple[Action, str]],
                  numbered: bool = False) -> list[str]:
    """Every move on offer, as lines grouped under the command that plays it ("My view",
    "Legal moves"). Past :data:`FOLD_OVER` moves, a command with a ``fold`` lists its
    near-alike moves on one line (each played with the command, its options telling them
    apart), and its heading says how many moves it has. ``numbered``: a move on a line of its
    own shows its place in ``labelled`` (from 1), to be picked by that number."""
    grouped: dict[str, list[int]] = {}
    commands: dict[str, Command[Any, Any] | None] = {}
    for index, (action, _) in enumerate(labelled):
        command = table.command_of(action)
        if command is not None:
            head = f"/{table.group} {command.name}"
        else:
            head = "/game undo" if action.type == UNDO else f"/{table.group} decide"
        grouped.setdefault(head, []).append(index)
        commands[head] = command
    folding = len(labelled) > FOLD_OVER
    lines: list[str] = []
    for head, indexes in grouped.items():
        command = commands[head]
        rows = _folded(command, [labelled[i] for i in indexes]) \
            if folding and command is not None and command.fold is not None else []
        if not rows:
            lines.append(f"{head}:")
            rows = [Folded(labelled[i][1], (k,)) for k, i in enumerate(indexes)]
        else:
            lines.append(f"{head} ({len(indexes)} moves):")
        for row in rows:
            if len(row.moves) > 1:
                lines.append(f"  - {row.text}")
                continue
            index = indexes[row.moves[0]]
            lines.append(f"  {index + 1}. {labelled[index][1]}" if numbered else
                         f"  - {labelled[index][1]}")
    return lines


def _folded(command: Command[Any, Any], labelled: Sequence[tuple[Action, str]]
            ) -> list[Folded]:
    """The command's lines for ``labelled`` (its moves), in the order of their first moves:
    its ``fold``'s, and a line of its own for each move the fold left out or gave twice; none
    when nothing was folded."""
    assert command.fold is not None
    rows: list[Folded] = []
    seen: set[int] = set()
    for row in command.fold(labelled):
        kept = tuple(i for i in dict.fromkeys(row.moves)
                     if 0 <= i < len(labelled) and i not in seen)
        seen.update(kept)
        if len(kept) > 1:
            rows.append(Folded(row.text, kept))
        else:
            rows += [Folded(labelled[i][1], (i,)) for i in kept]
    rows += [Folded(labelled[i][1], (i,)) for i in range(len(labelled)) if i not in seen]
    if all(len(row.moves) == 1 for row in rows):
        return []
    return sorted(rows, key=lambda row: min(row.moves))


# --- help as data -------------------------------------------------------------------------------
class HelpEntry(ContentModel):
    """One topic of ``data/<game>/help.yaml``: ``command`` names the command it explains (each
    command has exactly one); topics without one are general (exchanges, ports)."""

    topic: str
    title: str
    text: str
    command: str | None = None


class HelpFile(ContentModel):
    topics: tuple[HelpEntry, ...]


def load_help(relative: str, commands: Sequence[Command[Any, Any]],
              figures: Mapping[str, object]) -> tuple[HelpTopic, ...]:
    """The help topics of ``data/<relative>``, their ``{figure}`` s filled in from ``figures``
    (the game's content), checked against the commands: every command has one topic, every
    topic's command exists, every figure named exists; ``ContentError`` otherwise."""
    entries = load_content(relative, HelpFile).topics
    names = {c.name for c in commands}
    problems: list[str] = []
    seen: dict[str, str] = {}
    topics: list[HelpTopic] = []
    for entry in entries:
        if entry.topic in seen:
            problems.append(f"topic {entry.topic} appears twice")
        seen[entry.topic] = entry.title
        if entry.command is not None and entry.command not in names:
            problems.append(f"topic {entry.topic} explains /{entry.command}, which does not exist")
        try:
            text = entry.text.strip().format_map(dict(figures))
        except (KeyError, IndexError, ValueError) as err:
            problems.append(f"topic {entry.topic} names an unknown figure {err}")
            continue
        topics.append(HelpTopic(entry.topic, entry.title, text, entry.command))
    explained = [e.command for e in entries if e.command is not None]
    for name in sorted(names):
        count = explained.count(name)
        if count != 1:
            problems.append(f"/{name} has {count} help topics, not one")
    if problems:
        raise ContentError(f"{relative}: " + "; ".join(problems))
    return tuple(topics)
