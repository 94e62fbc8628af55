"""The contract between the platform and a game.

A game is one object (a subclass of :class:`Game`) that brings its state, actions, views and
rules. Everything else -- turn order checks, undo, replay, storage, Discord -- is the platform's.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Literal, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from .errors import OptionError, Rejection
from .rng import Rng

Seat = int  # seats are numbered 0..n-1 in turn order


def seat_ref(seat: Seat) -> str:
    """How engine text names a seat; the adapter replaces it with the player's name."""
    return f"{{s{seat}}}"


class Action(BaseModel):
    """One move. Games subclass it with a ``type: Literal[...]`` field and join the subclasses
    in a discriminated union. ``label`` is for people and is never part of the move itself."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    type: str
    label: str = Field(default="", exclude=True, repr=False)

    def key(self) -> str:
        """A canonical text form: two actions are the same move when their keys are equal."""
        return json.dumps(self.model_dump(mode="json"), sort_keys=True, separators=(",", ":"))


class Undo(Action):
    """Take back one's own last action of this turn; handled by ``step`` for every game."""

    type: Literal["undo"] = "undo"
    label: str = Field(default="Undo your last action", exclude=True, repr=False)


class Event(BaseModel):
    """Something that happened. Every chance outcome is an event with ``chance`` set and the
    outcome in ``data``, so a log can be audited and a replay checked against it.

    ``to`` limits who may see the event (``None`` means everyone). ``reveals`` marks
    information someone had not seen before; like chance, it stops undo."""

    kind: str
    text: str = ""
    seat: Seat | None = None
    to: list[Seat] | None = None
    data: dict[str, Any] = Field(default_factory=dict)
    chance: bool = False
    reveals: bool = False

    def visible_to(self, viewer: Seat | None) -> bool:
        return self.to is None or (viewer is not None and viewer in self.to)


class UndoPoint(BaseModel):
    """The state before an undoable action, kept until the turn ends or chance intervenes."""

    seat: Seat
    state: str  # the earlier state as JSON, without its own undo points


M = TypeVar("M", bound=BaseModel)


def copied(model: M) -> M:
    """A deep copy of a state (or of any part of one), through pydantic's own serializer and
    validator: several times quicker than ``copy.deepcopy`` on these plain-data models, and
    exactly as faithful as the JSON a game is stored as (nothing shared, no private parts)."""
    return type(model).model_validate(model.model_dump())


class State(BaseModel):
    """What every game's state carries besides its own fields.

    ``turn`` counts turns; a game increments it when play passes to the next turn. The platform
    uses it to end undo, post the board and ping the next player."""

    game: str
    rules_version: str
    seed: int
    seats: int
    options: dict[str, Any] = Field(default_factory=dict)
    version: int = 0
    turn: int = 0
    rng: Rng = Field(default_factory=Rng)
    undo_points: list[UndoPoint] = Field(default_factory=list)


class View(BaseModel):
    """What one seat (or a spectator, ``viewer=None``) may see. Games subclass it. Renderers,
    channel messages and bots only ever get views."""

    game: str
    version: int
    viewer: Seat | None
    seats: int
    turn: int
    actors: list[Seat]
    finished: bool = False


class Outcome(BaseModel):
    """The end of a game: scores per seat, ranks (1 is first; tied seats share a place)."""

    scores: list[float]
    ranks: list[int]
    end_reason: str

    @property
    def winners(self) -> list[Seat]:
        return [s for s, r in enumerate(self.ranks) if r == 1]

    @classmethod
    def from_scores(
        cls, scores: list[float], end_reason: str, tiebreak: list[float] | None = None
    ) -> Outcome:
        """Ranks by score, higher first; equal (score, tiebreak) share a place."""
        keys = [(s, tiebreak[i] if tiebreak else 0) for i, s in enumerate(scores)]
        ranks = [1 + sum(1 for other in keys if other > k) for k in keys]
        return cls(scores=scores, ranks=ranks, end_reason=end_reason)


class OptionSpec(BaseModel):
    """A game option chosen at ``/game new``."""

    model_config = ConfigDict(frozen=True)

    name: str
    description: str
    kind: Literal["int", "bool", "choice"]
    default: Any
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    # (option, value): the option counts only while that other option has that value (Ocean
    # Trader's turn limit, in the short game); a game's options are shown without it otherwise
    only_with: tuple[str, Any] | None = None

    def parse(self, raw: Any) -> Any:
        if self.kind == "bool":
            if isinstance(raw, bool):
                return raw
            text = str(raw).strip().lower()
            if text in {"1", "true", "yes", "on"}:
                return True
            if text in {"0", "false", "no", "off"}:
                return False
            raise OptionError(f"Option {self.name} is yes or no, not {raw!r}.")
        if self.kind == "int":
            try:
                value = int(raw)
            except (TypeError, ValueError):
                raise OptionError(f"Option {self.name} is a whole number, not {raw!r}.") from None
            if self.minimum is not None and value < self.minimum:
                raise OptionError(f"Option {self.name} is at least {self.minimum}.")
            if self.maximum is not None and value > self.maximum:
                raise OptionError(f"Option {self.name} is at most {self.maximum}.")
            return value
        text = str(raw).strip()
        if text not in self.choices:
            raise OptionError(f"Option {self.name} is one of: {', '.join(self.choices)}.")
        return text


# --- bots --------------------------------------------------------------------------------------
class Bot(Protocol):
    """A bot player. A bot sees exactly what its seat sees: the seat's view and legal actions."""

    def choose(self, view: View, legal: list[Action], rng: Rng) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions (never undo)."""

    def choose(self, view: View, legal: list[Action], rng: Rng) -> Action:
        moves = [a for a in legal if not isinstance(a, Undo)]
        if not moves:
            raise ValueError("a bot was asked to move with no legal action")
        return rng.choice(moves)


# --- rules versions (what ``engine.core.upgrade`` does with them is told there) ---------------
ActionUpgrade = Callable[[dict[str, Any]], dict[str, Any]]
EventsUpgrade = Callable[[list[Event]], list[Event]]


@dataclass(frozen=True)
class Upgrade:
    """Games stored under ``from_version`` continue under ``to_version`` once their log is
    rewritten. ``note`` says in a sentence what changed, for release notes and announcements."""

    from_version: str
    to_version: str
    action: ActionUpgrade | None = None
    events: Literal["keep", "drop"] | EventsUpgrade = "keep"
    note: str = ""


@dataclass(frozen=True)
class NotUpgradable:
    """Games stored under ``from_version`` cannot continue under ``to_version``; ``message``
    tells their players why."""

    from_version: str
    to_version: str
    message: str


VersionStep = Upgrade | NotUpgradable


S = TypeVar("S", bound=State)


class Game(ABC, Generic[S]):
    """One game's rules. Subclasses set the class attributes and implement the methods.

    ``apply`` receives a private copy of the state and changes it in place; randomness comes only
    from ``state.rng``; every chance outcome is reported in an :class:`Event`."""

    id: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    rules_version: ClassVar[str]
    # how games stored under earlier rules versions are treated (see engine.core.upgrade)
    version_steps: ClassVar[tuple[VersionStep, ...]] = ()
    options: ClassVar[tuple[OptionSpec, ...]] = ()
    #: How far apart two seats' ``standing`` must be for one to be clearly ahead (a search
    #: turns differences into rewards by a logistic curve of difference / scale).
    standing_scale: ClassVar[float] = 1.0
    #: Whether a seat nobody names a bot for gets the look-ahead bot ("strong"). A game sets it
    #: False while bench/arena.py measures its search no stronger than its own standard bot.
    search_by_default: ClassVar[bool] = True
    #: How the look-ahead bot plays this game where its defaults do not suit it: keyword
    #: arguments of ``engine.core.search.SearchBot`` (``horizon``, ``candidates``, ``anchor``,
    #: ``final``, ...), each measured against the defaults with bench/arena.py.
    search_tuning: ClassVar[Mapping[str, Any]] = {}
    #: What ``public_scores`` counts, for people ("VP").
    score_unit: ClassVar[str] = "points"
    state_type: ClassVar[type[State]]
    action_adapter: ClassVar[TypeAdapter[Any]]
    summary: ClassVar[str] = ""  # a few sentences for /rules, in our own words

    # --- the protocol -------------------------------------------------------------------------
    @abstractmethod
    def setup(self, options: dict[str, Any], seats: int, seed: int) -> S: ...

    @abstractmethod
    def actors(self, state: S) -> set[Seat]: ...

    @abstractmethod
    def legal_actions(self, state: S, seat: Seat) -> list[Action]: ...

    def validate(self, state: S, seat: Seat, action: Action) -> Rejection | None:
        """Legal exactly when ``legal_actions`` offers the action, so the two can never
        disagree; ``explain`` finds the reason for a refusal. A game may override this."""
        if action.key() in self.legal_keys(state, seat):
            return None
        return self.explain(state, seat, action)

    def explain(self, state: S, seat: Seat, action: Action) -> Rejection:
        """Why ``action`` is refused, in words the player can act on. Games override it."""
        return Rejection(code="illegal", message="That move is not possible now. Use /move to "
                         "see your legal moves.")

    def legal_keys(self, state: S, seat: Seat) -> frozenset[str]:
        """The keys of the seat's legal actions. The last answer is kept, with the state object
        itself, since one position is often checked many times in a row (autocomplete, then the
        move); states are never changed in place outside ``apply``, which works on a copy."""
        cached = self.__dict__.get("_legal_memo")
        if cached is not None and cached[0] is state and cached[1] == (state.version, seat):
            memo: frozenset[str] = cached[2]
            return memo
        keys = frozenset(a.key() for a in self.legal_actions(state, seat))
        self.__dict__["_legal_memo"] = (state, (state.version, seat), keys)
        return keys

    def forget_legal_keys(self) -> None:
        """For tests that edit a state in place between checks."""
        self.__dict__.pop("_legal_memo", None)

    @abstractmethod
    def apply(self, state: S, seat: Seat, action: Action) -> list[Event]: ...

    @abstractmethod
    def view(self, state: S, viewer: Seat | None) -> View: ...

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None: ...

    # --- for tests of hidden information ----------------------------------------------------
    @abstractmethod
    def scramble_secrets(self, state: S, owner: Seat | None, rng: Rng) -> S:
        """A copy of ``state`` in which only what ``owner`` alone knows (or, for ``None``, what
        nobody knows, such as the order of a deck) is changed. Every other seat's view must not
        change; the contract suite checks it."""

    # --- for bots that search ---------------------------------------------------------------
    def sample_state(self, view: Any, seat: Seat, rng: Rng) -> S:
        """A full state that agrees with everything ``seat`` sees in ``view`` (its own view:
        ``self.view(result, seat)`` equals ``view``), with what the seat cannot see drawn at
        random from what the view allows: unseen cards shuffled among the places they could be,
        other players' secrets from what is known of them, a fresh random generator. A search
        bot plays on such samples, never on the true state. Games without one cannot be
        searched."""
        raise NotImplementedError(f"{self.name} has no state sampler")

    def standing(self, state: S) -> list[float]:
        """Each seat's expected final score from here, higher is better, in the game's own
        units (VP, assets): what a search scores a position it stops short of the end by.
        Differences count, in units of ``standing_scale``. The default knows nothing: every
        seat level."""
        return [0.0] * state.seats

    def standing_scale_for(self, state: S) -> float:
        """``standing_scale`` for this position: a game whose standings grow surer as its end
        nears (or whose variants score on different scales) may say so. The default is
        ``standing_scale`` whatever the position."""
        return self.standing_scale

    def public_scores(self, state: S) -> list[float] | None:
        """Each seat's score as everyone can see it now (the VP track, what the board shows
        of a player's worth), for the score-over-time chart after the game; never anything
        only one seat knows. ``None``: the game shows no running score."""
        return None

    def playout_action(self, state: S, seat: Seat, rng: Rng) -> Action | None:
        """A quick move for ``seat`` in a search's playout, chosen from the (sampled) state
        itself: no view, no labels, no list of every legal move. It must be legal. ``None``
        (the default) lets the search ask the guide bot through the seat's view."""
        return None

    def figures(self, state: S, events: list[Event]) -> dict[str, float]:
        """What a whole game's events show of how it was played, for ``bot selfplay``: counts
        a person would look at to judge the bots (goods sold and thrown away, attacks,
        eliminations). ``state`` is where the game ended. Nothing by default."""
        return {}

    # --- helpers every game gets ------------------------------------------------------------
    def parse_action(self, raw: Any) -> Action:
        """Raises pydantic.ValidationError when ``raw`` is not one of this game's actions."""
        if isinstance(raw, Action):
            raw = raw.model_dump(mode="json")
        if isinstance(raw, dict) and raw.get("type") == "undo":
            return Undo.model_validate(raw)
        action: Action = self.action_adapter.validate_python(raw)
        return action

    def load_state(self, text: str) -> S:
        return self.state_type.model_validate_json(text)  # type: ignore[return-value]

    def resolve_options(self, raw: dict[str, Any] | None) -> dict[str, Any]:
        """Defaults filled in, each value checked; unknown names refused."""
        raw = dict(raw or {})
        known = {o.name: o for o in self.options}
        unknown = sorted(set(raw) - set(known))
        if unknown:
            names = ", ".join(known) or "none"
            raise OptionError(f"{self.name} has no option {unknown[0]!r} (options: {names}).")
        return {name: spec.parse(raw.get(name, spec.default)) for name, spec in known.items()}

    def options_in_play(self, options: dict[str, Any]) -> dict[str, Any]:
        """``options`` less those that do not count with the others chosen (``only_with``),
        for showing people."""
        specs = {o.name: o for o in self.options}
        return {name: value for name, value in options.items()
                if (spec := specs.get(name)) is None or spec.only_with is None
                or options.get(spec.only_with[0]) == spec.only_with[1]}

    def check_players(self, seats: int) -> None:
        if not self.min_players <= seats <= self.max_players:
            raise OptionError(
                f"{self.name} is for {self.min_players} to {self.max_players} players, not {seats}."
            )

    def base_state_fields(self, options: dict[str, Any], seats: int, seed: int) -> dict[str, Any]:
        """The platform's fields for a new state; games pass them on to their state type."""
        return {
            "game": self.id,
            "rules_version": self.rules_version,
            "seed": seed,
            "seats": seats,
            "options": options,
            "rng": Rng.from_seed(seed),
        }

    def base_view_fields(self, state: S, viewer: Seat | None) -> dict[str, Any]:
        return {
            "game": self.id,
            "version": state.version,
            "viewer": viewer,
            "seats": state.seats,
            "turn": state.turn,
            "actors": sorted(self.actors(state)),
            "finished": self.outcome(state) is not None,
        }

    def timeout_action(self, state: S, seat: Seat) -> Action | None:
        """The answer given for ``seat`` when its time runs out at a moment that has a short
        time limit (a reaction window, a sealed bid, a secret bribe), or ``None`` when the
        present moment has none. The platform applies it through ``step`` like any move."""
        return None

    def forced_action(self, state: S, seat: Seat) -> Action | None:
        """The move the platform makes for ``seat`` now, because it is the seat's only legal
        move and making it reveals nothing the others could not already see (returning the
        one kind of good a player holds, bribing with no Gold), or ``None``. A move that is
        the only one because of something hidden (the cards in a hand) is never forced: the
        seat makes it like any other, and nobody learns why. The platform applies it through
        ``step`` like any move, and says it was made for them."""
        return None

    def awaited(self, view: View) -> str | None:
        """What the table waits for from those who may act when it is not simply their turn
        (a sealed bid, a bribe, goods given up to the Pirates), in words that follow "Waiting
        for Bob to" (seats written ``{sN}``). Worked out from the public ``view`` only, so
        that saying it to anyone reveals nothing. ``None``: it is their turn, as by default."""
        return None

    def not_your_move(self, view: View, names: Sequence[str]) -> str:
        """Why a seated player who is not among those acting now (``names``, in seat order)
        cannot move: whose turn it is, or what the table waits for (:meth:`awaited`) from
        ``view``, the public one."""
        if not names:
            return "Nobody may act now."
        what = self.awaited(view)
        if what is None:
            return f"It is {' or '.join(names)}'s turn, not yours."
        return f"Waiting for {' and '.join(names)} to {what}; it is not your move."

    def progress(self, view: View) -> str:
        """How far the game has come, in the words its board uses (``Turn 23``, ``Round 6 of
        10``), for the status line: by default the turns played so far, plus one."""
        return f"Turn {view.turn + 1}"

    def opening_lines(self, state: S) -> list[str]:
        """What the table hears as the game starts, before any move, in public (seats written
        ``{sN}``): who moves first and why, where the setup decided it by chance."""
        return []

    def private_lines(self, state: S, seat: Seat) -> list[str]:
        """A few lines of what only ``seat`` knows (its hand, its cash), for "My view"."""
        return []

    def commands(self) -> Any:
        """The game's command table, an :class:`engine.core.commands.CommandTable` (typed
        there: this module cannot import it): its command group and, per command, the actions
        it plays and its options. Discord's slash commands, their autocomplete, the local table
        and help are generated from it."""
        raise NotImplementedError(f"{self.name} declares no commands")

    def bots(self) -> dict[str, Bot]:
        """Named bot players for this game; ``random`` is always there, and a game adds its
        own ``standard`` bot."""
        return {"random": RandomBot()}

    def default_bot(self) -> str:
        return "standard" if "standard" in self.bots() else "random"
