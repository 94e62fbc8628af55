"""The Empires at Sea game state and what each seat may see of it.

Hidden: each hand (its owner sees it), each bribe until all are revealed (its owner sees it),
the order of the Captain's, History and Weather decks, and the PRNG. Everything else is on the
table: resources sit in bowls in front of each player, and the discard pile is face up.

What the last turn changed (``last``, ``current``: ``LastTurn``) is kept for the board's rings;
only what the whole table saw goes in it (never a hand, a card drawn or a bribe before the
reveal)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.core import State, View

from .content import Cell, MapSide
from .effects import ShipKind

Captured = ShipKind | Literal["pirate"]  # a ship sunk and taken, or the Pirate

PIRATE = -1  # the owner of the Pirate Ship of the Line
PIRATE_ID = "pirate"
PIRATES_BAY = "pirates_bay"

Phase = Literal["round", "production", "turns", "bribe", "pirate", "refill", "recovery",
                "round_end", "over"]


class Ship(BaseModel):
    id: str
    owner: int  # a seat, or PIRATE
    kind: ShipKind
    cell: Cell


class PortHold(BaseModel):
    """Who holds a port (None: uncontrolled) and its Fort tokens (1 Fort, 2 Naval Base)."""

    owner: int | None = None
    forts: int = 0


class Player(BaseModel):
    nation: str
    gold: int
    wood: int
    steel: int
    hand: list[str] = Field(default_factory=list)  # secret: only its owner sees it
    in_front: list[str] = Field(default_factory=list)  # Advancements and Industry
    pieces: dict[str, int]  # ships not yet launched, by kind
    cubes: int  # port cubes not on the map
    captured: list[Captured] = Field(default_factory=list)  # ship kinds sunk and taken ("pirate")


class PublicPlayer(BaseModel):
    nation: str
    gold: int
    wood: int
    steel: int
    hand_size: int
    in_front: list[str]
    pieces: dict[str, int]
    cubes: int
    captured: list[Captured]


class TurnState(BaseModel):
    """The turn in progress: a player's own, or the bribe winner's Pirate turn."""

    seat: int
    pirate: bool = False
    stage: Literal["card", "actions"] = "card"
    actions: int = 0  # actions left for anything
    turned: bool = False  # the Marine Chronometer's turn has been used
    keep_turn_on_attack: bool = False  # Letter of Marque, until the first attack


class Combat(BaseModel):
    """An attack being fought. ``waiting`` are the sides still to answer the reaction window
    (``declared``: before the dice; ``rolled``: after them); ``targets`` waits for the defender
    to name the ships its counter-attack aims at."""

    source: Literal["turn", "pirate", "history"]
    attacker: int  # the seat commanding the attack (the bribe winner for the Pirate)
    ships: list[str]  # the lead ship first
    target: str  # a ship id, a port id or PIRATES_BAY
    target_kind: Literal["ship", "port", "bay"]
    defender: int | None  # the seat commanding the target, if any
    bonus: int = 0  # from a History card's free attack
    stage: Literal["declared", "targets", "rolled"] = "declared"
    waiting: list[int] = Field(default_factory=list)
    counters: list[str] = Field(default_factory=list)  # attacking ships counter-attacked
    attack_dice: list[int] = Field(default_factory=list)
    counter_dice: list[int] = Field(default_factory=list)  # one per entry of ``counters``
    attack_mod: int = 0  # Captain's Orders on the attack roll
    defence_mod: int = 0  # Captain's Orders on the target's defence
    counter_mod: dict[str, int] = Field(default_factory=dict)  # per countered ship
    attacker_defence_mod: dict[str, int] = Field(default_factory=dict)
    gage_lost: bool = False
    cancelled: bool = False
    orders: list[tuple[int, str]] = Field(default_factory=list)  # (seat, card) as played


class Pending(BaseModel):
    """A decision outside the normal turn.

    claim            -- take an uncontrolled port free (History), ``continent`` if given
    choose_resource  -- take ``count`` more resources of one's choice
    launch           -- launch a free ``ship`` beside an own port (History; end-of-round recovery)
    relocate         -- Battle of Trafalgar: move one's strongest ship into the Mediterranean
    free_attack      -- attack at once at +``bonus`` against ``against`` (a nation or the Pirate)
    refill           -- discard Captain's Orders if wished, then refill the hand
    draw_port        -- end-of-round recovery: a player with no port may draw one at random
    ``recovery``       a launch offered only to a player with no ship (end-of-round recovery)
    """

    kind: Literal["claim", "choose_resource", "launch", "relocate", "free_attack", "refill",
                  "draw_port"]
    seat: int
    continent: str | None = None
    count: int = 0
    ship: ShipKind = "transport"
    bonus: int = 0
    against: str | None = None
    optional: bool = True
    recovery: bool = False


MarkKind = Literal["sail", "launch", "port", "fortify", "trade", "attack", "sunk", "card"]


class Mark(BaseModel):
    """One change the whole table saw, for the board's rings. ``seat`` is the nation it is
    told of (``PIRATE`` for the Pirate); what the other fields hold depends on ``what``:

    sail     -- ``ship`` (a ``kind``; ``seat`` its owner) sailed from ``start`` to ``cell``,
                turning at ``via`` (Marine Chronometer); a History relocation is one too
    launch   -- ``seat`` launched ``ship`` (a ``kind``) at ``cell``
    port     -- ``seat`` gained ``port``: ``how`` is "bought", "claimed" (a card, History, the
                end-of-round draw) or "taken" (an attack); "destroyed" (the Pirate's attack),
                "emptied" (taken without a cube to hold it) and "freed" (History; ``seat`` let
                it go) leave it uncontrolled
    fortify  -- ``seat`` raised ``port`` to ``how``: "fort" or "naval_base"
    trade    -- ``seat`` traded at ``port``
    attack   -- ``seat`` (the attacking nation, or PIRATE for the Pirate's attacks) attacked
                the ``how`` ("ship", "port", "bay") at ``cell``: ``ship`` (a ``kind``) or
                ``port``
    sunk     -- ``ship`` (a ``kind``; ``seat`` its owner) was sunk at ``cell``
    card     -- ``seat`` played ``card`` (``how`` "played") or discarded it for Gold
                ("discarded"), face up

    A mark never changes once made (frozen), so views and samples share it.
    """

    model_config = ConfigDict(frozen=True)

    what: MarkKind
    seat: int | None = None
    cell: Cell | None = None
    start: Cell | None = None
    via: Cell | None = None
    ship: str | None = None
    kind: ShipKind | None = None
    port: str | None = None
    card: str | None = None
    how: str = ""


class LastTurn(BaseModel):
    """What one turn changed on the table, for the board's rings, in the order it happened.

    ``seat`` is whose turn it was (the bribe winner's for the Pirate's turn, ``pirate``); None
    for changes between turns (the round's end and the next round's History), which are added
    to the turn before them when the next turn begins (``after``)."""

    seat: int | None = None
    pirate: bool = False
    after: bool = False  # changes made after the turn ended were added to it
    marks: list[Mark] = Field(default_factory=list)


class EmpiresState(State):
    side: MapSide
    players: list[Player]
    ships: list[Ship] = Field(default_factory=list)
    ports: dict[str, PortHold] = Field(default_factory=dict)
    next_ship: int = 1
    captain_deck: list[str] = Field(default_factory=list)
    captain_discard: list[str] = Field(default_factory=list)
    history_deck: list[str] = Field(default_factory=list)
    weather_deck: list[str] = Field(default_factory=list)
    history: str | None = None
    weather: str | None = None
    round: int = 0
    rounds: int
    per_era: int
    start_player: int = 0
    phase: Phase = "round"
    order_index: int = 0
    turn_state: TurnState | None = None
    pending: list[Pending] = Field(default_factory=list)
    combat: Combat | None = None
    bribes: list[int | None] = Field(default_factory=list)  # secret until all are in
    last_bribes: list[int] | None = None
    pirate_afloat: bool = True
    pirate_actions_bonus: int = 0
    chest: int = 0
    fort_tokens: int
    finished: bool = False
    end_reason: str = ""
    # what the last turn changed (with what followed it until this turn began), and what the
    # turn in progress (or, between turns, the time since the last one) has changed so far
    last: LastTurn = Field(default_factory=LastTurn)
    current: LastTurn = Field(default_factory=LastTurn)
    # round 1's public lines (its Weather, its History card and what the card gave), drawn by
    # the setup, which makes no events: told as the game starts
    prologue: list[str] = Field(default_factory=list)

    @property
    def era(self) -> int:
        return min(3, (max(self.round, 1) - 1) // self.per_era + 1)

    def order(self) -> list[int]:
        return [(self.start_player + i) % self.seats for i in range(self.seats)]

    def ship(self, ship_id: str) -> Ship | None:
        for s in self.ships:
            if s.id == ship_id:
                return s
        return None

    def ship_at(self, cell: Cell) -> Ship | None:
        for s in self.ships:
            if s.cell == cell:
                return s
        return None

    def seat_of(self, nation: str) -> int | None:
        for seat, p in enumerate(self.players):
            if p.nation == nation:
                return seat
        return None


class EmpiresView(View):
    side: MapSide
    round: int
    rounds: int
    era: int
    start_player: int
    order: list[int]
    phase: str
    weather: str | None
    history: str | None
    weather_left: int
    history_left: int
    captain_deck_size: int
    captain_discard: list[str]
    players: list[PublicPlayer]
    hand: list[str] | None = None  # the viewer's own
    my_bribe: int | None = None  # the viewer's own, before the reveal
    bribes_answered: list[bool]
    last_bribes: list[int] | None
    ships: list[Ship]
    port_owners: dict[str, int | None]  # every port on this side; None: uncontrolled
    port_forts: dict[str, int]  # Fort tokens under a port (1 Fort, 2 Naval Base)
    pirate_afloat: bool
    chest: int
    fort_tokens: int
    turn_state: TurnState | None
    combat: Combat | None
    pending: list[Pending]
    scores: list[int] | None = None
    end_reason: str = ""
    last: LastTurn = Field(default_factory=LastTurn)  # what the last turn changed
    current: LastTurn = Field(default_factory=LastTurn)  # ... and this turn so far
