"""Harbour Race: a tiny game that exists only to exercise the platform.

Two to four boats race along a track. On your turn you may spend energy to boost your next roll
(undoable: no chance involved), play your hidden card (once a turn) to move ahead by its value
(reveals it and draws a new one), and must finally roll the die, which moves you and ends your
turn. The first boat to reach the target wins.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from engine.core import (
    Action,
    Event,
    Game,
    OptionSpec,
    Outcome,
    Rejection,
    Rng,
    Seat,
    State,
    View,
    seat_ref,
)
from engine.core.commands import Command, CommandTable, HelpTopic

DECK = [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]


class Boost(Action):
    type: Literal["boost"] = "boost"


class PlayCard(Action):
    type: Literal["play_card"] = "play_card"


class Roll(Action):
    type: Literal["roll"] = "roll"


RaceAction = Annotated[Boost | PlayCard | Roll, Field(discriminator="type")]


class RaceState(State):
    active: Seat = 0
    positions: list[int]
    energy: list[int]
    boost: int = 0
    played: bool = False  # one card a turn
    hands: list[int | None]
    deck: list[int]
    discard: list[int] = Field(default_factory=list)
    last_roll: int | None = None
    moved: list[Seat] = Field(default_factory=list)  # who moved in the last turn


class RaceView(View):
    target: int
    active: Seat
    positions: list[int]
    energy: list[int]
    boost: int
    has_card: list[bool]
    my_card: int | None
    deck_size: int
    discard: list[int]
    last_roll: int | None
    played: bool = False


class HarbourRace(Game[RaceState]):
    id = "race"
    name = "Harbour Race"
    min_players = 2
    max_players = 4
    rules_version = "1"
    options = (
        OptionSpec(name="target", description="Track length", kind="int", default=20,
                   minimum=8, maximum=60),
        OptionSpec(name="energy", description="Boosts per player", kind="int", default=2,
                   minimum=0, maximum=5),
    )
    state_type = RaceState
    action_adapter = TypeAdapter(RaceAction)
    summary = "Race your boat to the target: boost, play your hidden card, then roll."

    def commands(self) -> CommandTable[RaceView]:
        return COMMANDS

    def setup(self, options, seats, seed):  # type: ignore[no-untyped-def]
        self.check_players(seats)
        options = self.resolve_options(options)
        state = RaceState(
            **self.base_state_fields(options, seats, seed),
            positions=[0] * seats,
            energy=[options["energy"]] * seats,
            hands=[None] * seats,
            deck=list(DECK),
        )
        state.rng.shuffle(state.deck)
        for seat in range(seats):
            state.hands[seat] = state.deck.pop()
        return state

    def actors(self, state: RaceState) -> set[Seat]:
        return set() if self.outcome(state) else {state.active}

    def legal_actions(self, state: RaceState, seat: Seat) -> list[Action]:
        if seat not in self.actors(state):
            return []
        moves: list[Action] = []
        if state.energy[seat] > 0:
            moves.append(Boost(label=f"Boost (+1 to your roll, {state.energy[seat]} left)"))
        if state.hands[seat] is not None and not state.played:
            moves.append(PlayCard(label=f"Play your card (+{state.hands[seat]})"))
        moves.append(Roll(label=f"Roll the die (+{state.boost})" if state.boost else "Roll"))
        return moves

    def validate(self, state: RaceState, seat: Seat, action: Action) -> Rejection | None:
        if isinstance(action, Boost) and state.energy[seat] == 0:
            return Rejection(code="no_energy", message="You have no energy left to boost.")
        if isinstance(action, PlayCard) and state.hands[seat] is None:
            return Rejection(code="no_card", message="You have no card to play.")
        if isinstance(action, PlayCard) and state.played:
            return Rejection(code="played", message="You have played a card this turn already.")
        return None

    def apply(self, state: RaceState, seat: Seat, action: Action) -> list[Event]:
        who = seat_ref(seat)
        if isinstance(action, Boost):
            state.energy[seat] -= 1
            state.boost += 1
            return [Event(kind="boost", seat=seat, text=f"{who} boosts (+{state.boost}).")]
        if isinstance(action, PlayCard):
            card = state.hands[seat]
            assert card is not None
            state.positions[seat] += card
            state.discard.append(card)
            state.played = True
            events = [Event(kind="card", seat=seat, reveals=True, data={"card": card},
                            text=f"{who} plays a {card} and moves to {state.positions[seat]}.")]
            if not state.deck:
                state.deck, state.discard = state.discard, []
                state.rng.shuffle(state.deck)
                events.append(Event(kind="shuffle", chance=True, data={"deck": list(state.deck)},
                                    to=[], text="The discards are shuffled into a new deck."))
            state.hands[seat] = state.deck.pop()
            events.append(Event(kind="draw", seat=seat, chance=True, to=[seat],
                                data={"card": state.hands[seat]},
                                text=f"You draw a {state.hands[seat]}."))
            return events
        roll = state.rng.randint(1, 6)
        state.positions[seat] += roll + state.boost
        state.last_roll = roll
        state.moved = [seat]
        text = f"{who} rolls {roll}" + (f" +{state.boost}" if state.boost else "")
        state.boost = 0
        state.played = False
        if not self.outcome(state):
            state.active = (state.active + 1) % state.seats
            state.turn += 1
        return [Event(kind="roll", seat=seat, chance=True, data={"roll": roll},
                      text=f"{text} and reaches {state.positions[seat]}.")]

    def view(self, state: RaceState, viewer: Seat | None) -> RaceView:
        return RaceView(
            **self.base_view_fields(state, viewer),
            target=state.options["target"],
            active=state.active,
            positions=list(state.positions),
            energy=list(state.energy),
            boost=state.boost,
            has_card=[c is not None for c in state.hands],
            my_card=state.hands[viewer] if viewer is not None else None,
            deck_size=len(state.deck),
            discard=list(state.discard),
            last_roll=state.last_roll,
            played=state.played,
        )

    def standing(self, state: RaceState) -> list[float]:
        return [float(p) for p in state.positions]

    def public_scores(self, state: RaceState) -> list[float] | None:
        return [float(p) for p in state.positions]  # the track is open to all

    def sample_state(self, view: RaceView, seat: Seat, rng: Rng) -> RaceState:  # type: ignore[override]
        """The seat's own card as it is; the cards it has not seen (the deck's and the other
        hands') dealt at random from the deck less the discards and its card."""
        unseen = list(DECK)
        for card in [*view.discard, *([view.my_card] if view.my_card is not None else [])]:
            unseen.remove(card)
        rng.shuffle(unseen)
        hands: list[int | None] = []
        for s, has in enumerate(view.has_card):
            hands.append(view.my_card if s == seat else unseen.pop() if has else None)
        fields = self.base_state_fields({"target": view.target, "energy": 0}, view.seats, 0)
        fields["rng"] = Rng(state=rng.next_u64())
        return RaceState(**fields, version=view.version, turn=view.turn, active=view.active,
                         positions=list(view.positions), energy=list(view.energy),
                         boost=view.boost, played=view.played, hands=hands, deck=unseen,
                         discard=list(view.discard), last_roll=view.last_roll)

    def outcome(self, state: RaceState) -> Outcome | None:
        target = state.options["target"]
        if max(state.positions) < target:
            return None
        return Outcome.from_scores([float(p) for p in state.positions], "target reached")

    def private_lines(self, state: RaceState, seat: Seat) -> list[str]:
        card = state.hands[seat]
        return [f"Your hidden card: {card}." if card is not None else "You hold no card."]

    def scramble_secrets(self, state: RaceState, owner: Seat | None, rng: Rng) -> RaceState:
        new = state.model_copy(deep=True)
        if owner is None:
            rng.shuffle(new.deck)
            new.rng = Rng(state=rng.next_u64())
        elif new.hands[owner] is not None and new.deck:
            i = rng.below(len(new.deck))
            new.hands[owner], new.deck[i] = new.deck[i], new.hands[owner]
        return new


GAME = HarbourRace()


COMMANDS: CommandTable[RaceView] = CommandTable(
    group="race", description="Play Harbour Race: one command per move",
    commands=(
        Command("boost", "Spend a boost: +1 to your next roll", (Boost,)),
        Command("card", "Play your hidden card", (PlayCard,)),
        Command("roll", "Roll the die: move, and end your turn", (Roll,)),
    ),
    nothing_to_decide="Harbour Race has no decisions outside your turn.",
    help=(
        HelpTopic("boost", "Boost", "Spend one energy: +1 to your next roll.", "boost"),
        HelpTopic("card", "Play your card", "Move ahead by your card's value.", "card"),
        HelpTopic("roll", "Roll", "Roll the die and move; your turn ends.", "roll"),
    ),
)
