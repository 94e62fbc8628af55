"""Empires at Sea (Zach and Amy Silverzweig): the game object registered with the platform."""

from __future__ import annotations

from typing import Any

from engine.core import (
    Action,
    Event,
    Game,
    OptionSpec,
    Outcome,
    Rejection,
    Rng,
    Seat,
    Upgrade,
    View,
    copied,
    seat_ref,
)
from engine.core.commands import CommandTable

from . import actions as A
from .bots import StandardBot, playout_move
from .commands import table as command_table
from .content import empires_content
from .explain import explain
from .legal import actors, legal_actions
from .marks import marks_copy
from .resolve import advance, apply_action, setup_board
from .rules import cost_text
from .sampler import sample_state
from .scoring import scores, standing
from .state import (
    PIRATE,
    PIRATE_ID,
    PIRATES_BAY,
    EmpiresState,
    EmpiresView,
    Player,
    PortHold,
    PublicPlayer,
    Ship,
)

MAP_CHOICES = ("rulebook", "americas", "atlantic")


class EmpiresAtSea(Game[EmpiresState]):
    id = "empires"
    name = "Empires at Sea"
    min_players = 2
    max_players = 5
    rules_version = "7"
    # see engine.core.upgrade; a stored game that never met a changed rule replays unchanged
    version_steps = (
        Upgrade("1", "2", events=lambda events: [_sail_final(e) for e in events],
                note="Issue 12: a Sailing cannot be undone; an empty hand skips the card "
                     "step; the two-Naval-Base limit holds however a port is gained; the "
                     "Pirate destroys Forts; added actions may be used for anything; the "
                     "Pirate may attack more than once; counter-attacks take attack bonuses; "
                     "the end-of-round recovery is a choice and follows the last round too."),
        # rules 3 tells the end of every turn (a new event); the moves are unchanged, and the
        # events recorded before it, which never told it, are not compared
        Upgrade("2", "3", events="drop",
                note="Issue 14: the end of every turn is told, and why it ended (the player "
                     "ended it, the actions ran out, or a port bought or an attack ended it)."),
        # rules 4: an attack's outcome, once told, cannot be undone; the moves are unchanged,
        # and the outcomes recorded before it are read as final (a game that took one back
        # is set aside, with this note)
        Upgrade("3", "4", events=lambda events: [_outcome_final(e) for e in events],
                note="An attack's outcome, once told (ships sunk, a port taken or lost, the "
                     "attack failed or called off), is final: the answers that led to it "
                     "can no longer be taken back."),
        # rules 5 adds a move (a trade paying the port's own resource), which no stored game
        # made, and keeps the end-of-round port draw out of the ports a History card closes: a
        # stored game whose draw went there tells another story and is set aside
        Upgrade("4", "5", events="keep",
                note="While a card gives more than one for one, a trade may pay the resource "
                     "the port produces, as the rulebook allows; the end-of-round "
                     "free port is drawn only among the ports the History card leaves open "
                     "(the Monroe Doctrine closes the Americas)."),
        # rules 6: a card shown from a hand (discarded, played, an Order) and an action that
        # asks other seats to answer are final; the moves are unchanged, the marks differ
        # (the events are no longer compared); a game that took one back is set aside
        Upgrade("5", "6", events="drop",
                note="A Captain's card shown to the table (discarded, played or an Order) "
                     "and an action other players were asked to answer (an attack's answer "
                     "window) cannot be taken back."),
        # rules 7: the Pirate's turn ends by itself when the Pirate is sunk (a stored game
        # whose bribe winner ended it by hand is set aside), and a secret bribe is told to its
        # owner alone in a new event (the events are no longer compared)
        Upgrade("6", "7", events="drop",
                note="The Pirate's turn ends as soon as the Pirate is sunk; each player is told "
                     "their own secret bribe, so that taking it back names it to nobody else."),
    )
    options = (
        OptionSpec(name="map", kind="choice", default="rulebook", choices=MAP_CHOICES,
                   description="Board side: rulebook (Americas for 2 players, the Atlantic "
                               "for 3-5), or americas / atlantic whatever the player count"),
    )
    # the spread of the final margin left to chance, read as a logistic: about 34 points
    # (standard deviation) from mid-game positions of standard-bot games, divided by 1.7
    standing_scale = 20.0
    # the strong bot keeps the standard bot's move unless another leads it by two standard
    # errors, not one: some choices differ only by luck the playouts cannot weigh (at the
    # refill, keeping the Orders or swapping one for an unknown card), and with several such
    # moves in a race one of them led by one standard error often enough that the bot threw
    # away a Decoy or an Evasive Manoeuvres at a refill on chance alone
    search_tuning = {"anchor": 2.0}
    score_unit = "points"
    state_type = EmpiresState
    action_adapter = A.ACTION_ADAPTER
    summary = (
        "Lead a maritime nation from the 1650s to 1850. Each round a Weather and a History card "
        "set the scene; ports and industries produce Gold, Wood and Steel. On your turn play or "
        "discard a Captain's card, then take five actions: sail like a rook, trade at ports, buy "
        "ports, or attack ships and ports with dice. Bribe the Pirate in secret to send it "
        "against your rivals. After the last History card, ships, ports, forts and resources "
        "are scored; the highest Empire Score wins."
    )

    def setup(self, options: dict[str, Any], seats: int, seed: int) -> EmpiresState:
        self.check_players(seats)
        options = self.resolve_options(options)
        c = empires_content()
        r = c.rules
        side = options["map"]
        if side == "rulebook":
            side = r.map_side_by_players.sides[seats]
        nations = [n.id for n in r.nations.items if n.from_players <= seats][:seats]
        start = r.setup.start_resources
        per_era = r.setup.history_per_era_five_players if seats == 5 else r.setup.history_per_era
        players = [Player(nation=n, gold=start.gold, wood=start.wood, steel=start.steel,
                          pieces={k: r.pieces_per_nation.ships(k)
                                  for k in ("transport", "frigate", "ship_of_the_line")},
                          cubes=r.pieces_per_nation.port_cubes) for n in nations]
        state = EmpiresState(
            **self.base_state_fields(options, seats, seed), side=side, players=players,
            rounds=per_era * r.setup.eras, per_era=per_era,
            fort_tokens=r.shared_pieces.fort_tokens,
        )
        b = c.board(side)
        state.ports = {p: PortHold() for p in sorted(b.ports)}
        # decks: History by era (era I on top), Weather, Captain's cards
        for era in range(1, r.setup.eras + 1):
            cards = [h.id for h in c.history.cards if h.era == era and h.min_players <= seats]
            state.rng.shuffle(cards)
            state.history_deck += cards[:per_era]
        weather = c.weather_deck()
        state.rng.shuffle(weather)
        state.weather_deck = weather[:r.setup.weather_dealt]
        state.captain_deck = c.captain_deck()
        state.rng.shuffle(state.captain_deck)
        for p in state.players:
            p.hand = [state.captain_deck.pop() for _ in range(r.setup.hand_size)]
        setup_board(state)
        state.ships.append(_pirate(b.pirate_start))
        state.start_player = state.rng.below(seats)
        told: list[Event] = []
        advance(state, told)
        state.prologue = [e.text for e in told if e.text and e.to is None]
        return state

    def actors(self, state: EmpiresState) -> set[Seat]:
        return actors(state)

    def legal_actions(self, state: EmpiresState, seat: Seat) -> list[Action]:
        return legal_actions(state, seat)

    def timeout_action(self, state: EmpiresState, seat: Seat) -> Action | None:
        """Reaction windows pass, and an unanswered bribe is no bribe (rulebook: the Pirate;
        the time limit is the platform's)."""
        if seat not in actors(state):
            return None
        if state.combat is not None and state.combat.stage != "targets":
            return A.Pass()
        if state.phase == "bribe" and not state.pending and state.combat is None:
            return A.Bribe(amount=0)
        return None

    def explain(self, state: EmpiresState, seat: Seat, action: Action) -> Rejection:
        return explain(state, seat, action)

    def figures(self, state: EmpiresState, events: list[Event]) -> dict[str, float]:
        """Counts of what happened; attacks are told apart by who attacked what: a nation's
        ships on another nation's ships or ports, on the Pirate, on Pirate's Bay, and the
        Pirate's own attacks (commanded by the bribe winner)."""
        kinds = [e.kind for e in events]
        attacks = [e.data for e in events if e.kind == "attack"]
        by_pirate = [a for a in attacks if a.get("ships", [None])[0] == PIRATE_ID]
        by_players = [a for a in attacks if a.get("ships", [None])[0] != PIRATE_ID]
        return {"attacks": len(attacks),
                "attacks_on_players": sum(1 for a in by_players
                                          if a.get("target") not in (PIRATE_ID, PIRATES_BAY)),
                "attacks_on_pirate": sum(1 for a in by_players if a.get("target") == PIRATE_ID),
                "attacks_on_bay": sum(1 for a in by_players if a.get("target") == PIRATES_BAY),
                "pirate_attacks": len(by_pirate),
                "pirate_bay_taken": kinds.count("bay_taken"),
                "ships_sunk": kinds.count("sunk"), "ports_lost": kinds.count("port_lost"),
                "sails": kinds.count("sail")}

    def public_scores(self, state: EmpiresState) -> list[float] | None:
        """The Empire Scores the board shows (ports, ships and Gold are all in the open)."""
        return [float(s) for s in scores(state)]

    def standing(self, state: EmpiresState) -> list[float]:
        """Each seat's expected final Empire Score: the score so far, what its ports and
        Industry will still produce, its hand, its ships' risk (engine.empires.scoring)."""
        return standing(state)

    def forced_action(self, state: EmpiresState, seat: Seat) -> Action | None:
        """A bribe by a nation with no Gold is none, and a refill with an empty hand is a
        draw: both open to all (Gold and hand sizes are public). A refill whose only move is
        a draw because the hand holds no Order is left to the player, as it would tell the
        others what the hand holds."""
        if seat not in actors(state) or state.combat is not None:
            return None
        player = state.players[seat]
        if state.phase == "bribe" and not state.pending and player.gold == 0:
            return A.Bribe(amount=0, label="Bribe the Pirate with 0 Gold")
        pending = state.pending[0] if state.pending else None
        if pending is not None and pending.kind == "refill" and pending.seat == seat \
                and not player.hand:
            return A.Draw(label="Refill your hand to six cards")
        return None

    def apply(self, state: EmpiresState, seat: Seat, action: Action) -> list[Event]:
        events = apply_action(state, seat, action)
        return _asked_final(state, seat, events)

    def opening_lines(self, state: EmpiresState) -> list[str]:
        return [_opening_text(state)]

    def awaited(self, view: View) -> str | None:
        """A fight's reaction window and counter-attack, and the bribes for the Pirate, are
        answered by whoever they concern, not in turn."""
        assert isinstance(view, EmpiresView)
        combat = view.combat
        if combat is not None:
            if combat.stage == "targets":
                return "name the ships the counter-attack aims at"
            when = "before" if combat.stage == "declared" else "after"
            return f"play a Captain's Order {when} the attack's dice, or pass"
        if view.phase == "bribe" and not view.pending:
            return "choose a secret bribe for the Pirate"
        return None

    def progress(self, view: View) -> str:
        assert isinstance(view, EmpiresView)
        return f"Round {view.round} of {view.rounds}"

    def view(self, state: EmpiresState, viewer: Seat | None) -> EmpiresView:
        outcome = self.outcome(state)
        own = viewer is not None and 0 <= viewer < state.seats
        return EmpiresView(
            **self.base_view_fields(state, viewer),
            side=state.side, round=state.round, rounds=state.rounds, era=state.era,
            start_player=state.start_player, order=state.order(), phase=state.phase,
            weather=state.weather, history=state.history,
            weather_left=len(state.weather_deck), history_left=len(state.history_deck),
            captain_deck_size=len(state.captain_deck),
            captain_discard=list(state.captain_discard),
            players=[PublicPlayer(nation=p.nation, gold=p.gold, wood=p.wood, steel=p.steel,
                                  hand_size=len(p.hand), in_front=list(p.in_front),
                                  pieces=dict(p.pieces), cubes=p.cubes,
                                  captured=list(p.captured)) for p in state.players],
            hand=sorted(state.players[viewer].hand) if own else None,  # type: ignore[index]
            my_bribe=(state.bribes[viewer] if own and state.bribes else None),  # type: ignore[index]
            bribes_answered=[b is not None for b in state.bribes],
            last_bribes=list(state.last_bribes) if state.last_bribes is not None else None,
            # the pieces' fields are immutable values, so shallow copies are safe and quick
            ships=[Ship.model_construct(**s.__dict__) for s in state.ships],
            port_owners={k: v.owner for k, v in state.ports.items()},
            port_forts={k: v.forts for k, v in state.ports.items() if v.forts},
            pirate_afloat=state.pirate_afloat, chest=state.chest, fort_tokens=state.fort_tokens,
            turn_state=state.turn_state.model_copy() if state.turn_state else None,
            combat=copied(state.combat) if state.combat else None,
            pending=[p.model_copy() for p in state.pending],
            scores=scores(state) if outcome else None, end_reason=state.end_reason,
            last=marks_copy(state.last), current=marks_copy(state.current),
        )

    def outcome(self, state: EmpiresState) -> Outcome | None:
        if not state.finished:
            return None
        return Outcome.from_scores([float(s) for s in scores(state)], state.end_reason)

    def scramble_secrets(self, state: EmpiresState, owner: Seat | None, rng: Rng
                         ) -> EmpiresState:
        """``owner``: another hand of the same size and another secret bribe. ``None``: the
        decks' order (History only within each era, as the backs show the era) and the PRNG."""
        new = copied(state)
        c = empires_content()
        if owner is None:
            rng.shuffle(new.captain_deck)
            rng.shuffle(new.weather_deck)
            blocks: list[str] = []
            for era in (1, 2, 3):
                block = [h for h in new.history_deck if c.history_card(h).era == era]
                rng.shuffle(block)
                blocks += block
            new.history_deck = blocks
            new.rng = Rng(state=rng.next_u64())
            return new
        ids = [card.id for card in c.captains.cards]
        player = new.players[owner]
        player.hand = [rng.choice(ids) for _ in player.hand]
        if new.bribes and new.bribes[owner] is not None:
            new.bribes[owner] = rng.randint(0, player.gold)
        return new

    def sample_state(self, view: Any, seat: Seat, rng: Rng) -> EmpiresState:
        """Unseen Captain's cards dealt among the deck and the other hands, the Weather and
        History decks from the cards not showing, others' chosen bribes within their Gold, a
        fresh PRNG (see engine.empires.sampler); only ``view`` is read."""
        return sample_state(view, seat, rng, self.rules_version)

    def playout_action(self, state: EmpiresState, seat: Seat, rng: Rng) -> Action | None:
        """The standard bot's move read from the sampled state itself (engine.empires.bots:
        ``playout_move``), for a search's playouts."""
        return playout_move(state, seat, rng)

    def private_lines(self, state: EmpiresState, seat: Seat) -> list[str]:
        c = empires_content()
        player = state.players[seat]
        lines = [f"Your nation: {c.nation(player.nation).name}.",
                 f"Your hand ({len(player.hand)} Captain's cards):"]
        for card_id in sorted(player.hand):
            card = c.captain(card_id)
            kind = {"order": "Captain's Order", "event": "Event", "industry": "Industry",
                    "advancement": "Advancement"}[card.type]
            lines.append(f"- {card.name} [{kind}; cost: {cost_text(card.cost_of())}]: {card.text}")
        if state.bribes and state.bribes[seat] is not None:
            lines.append(f"Your secret bribe this round: {state.bribes[seat]} Gold.")
        return lines

    def commands(self) -> CommandTable[EmpiresView]:
        return command_table()

    def bots(self) -> dict[str, Any]:
        return {**super().bots(), "standard": StandardBot()}

    def rulings(self) -> list[tuple[str, str, str]]:
        """How this game reads the rulebook where it is silent or ambiguous, as (topic,
        ruling, the rulebook passage it reads), for /rules."""
        return [(r.topic, r.ruling, r.passage) for r in empires_content().rulings.rulings]


def _asked_final(state: EmpiresState, seat: Seat, events: list[Event]) -> list[Event]:
    """An action after which other seats are asked to act (an answer window opened or still
    open, another seat's choice pending) is final from rules 6 on: they have seen it and may
    be answering it, so it cannot be taken back ("never across revealed information"). Its
    first event is marked ``reveals``, the engine's undo barrier. The secret bribes are not
    such a moment: every seat chooses at once and nothing is shown until all have."""
    others = actors(state) - {seat}
    asked = state.combat is not None or bool(state.pending)
    if not others or not asked or not events or any(e.reveals or e.chance for e in events):
        return events
    return [events[0].model_copy(update={"reveals": True}), *events[1:]]


def _sail_final(event: Event) -> Event:
    """Rules 2 mark every Sailing as final (no undo); the old records' sails are read so."""
    if event.kind == "sail":
        return event.model_copy(update={"reveals": True})
    return event


# what an attack's outcome tells (engine.empires.combat.finish), and a port a History card
# frees: final from rules 4 on
OUTCOME_KINDS = frozenset({"attack_cancelled", "attack_failed", "sunk", "pirate_sunk",
                           "bay_taken", "port_lost", "port_taken"})


def _outcome_final(event: Event) -> Event:
    """Rules 4 mark an attack's outcome as final (no undo); the old records' outcomes are
    read so."""
    if event.kind in OUTCOME_KINDS:
        return event.model_copy(update={"reveals": True})
    return event


def _pirate(cell: tuple[int, int]) -> Ship:
    return Ship(id=PIRATE_ID, owner=PIRATE, kind="ship_of_the_line", cell=cell)


GAME = EmpiresAtSea()


def _opening_text(state: EmpiresState) -> str:
    """What the setup decided, told as the game starts (the setup makes no events): the start
    player, drawn at random, the turn order, the nations, and round 1's Weather and History
    (with what the History card gave)."""
    c = empires_content()
    order = ", ".join(seat_ref(s) for s in state.order())
    nations = "; ".join(f"{seat_ref(s)}: {c.nation(p.nation).name}"
                        for s, p in enumerate(state.players))
    text = (f"{seat_ref(state.start_player)} is the start player, drawn at random; the turn "
            f"order is {order}. Nations: {nations}.")
    # told only as a game starts, from the state its setup has just made
    return " ".join([text, *state.prologue])
