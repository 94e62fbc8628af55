"""Empires at Sea: a full state drawn from what one seat sees, for bots that search.

What the seat cannot see (state.py says what is hidden) is drawn from what its view allows:
- the Captain's cards it has not seen (the whole deck less its own hand, the face-up discard
  pile and every card in front of a player) are shuffled and dealt into the other hands, at
  their known sizes, and the draw deck, at its known size;
- the Weather and History decks, at their known sizes, from the cards not showing this round
  (History by era, since the backs show it: era I on top);
- a bribe another player has already chosen, from 0 to the Gold it holds (bribes are paid at
  the reveal, so the Gold in its bowl bounds it);
- a fresh PRNG, so each sample's dice and draws differ.

What the last turn changed (``last``, ``current``: only what the table saw) is copied as the
view shows it. What the view does not carry but the rules fix is worked out: the Pirate's
extra actions come from this round's History card, whose turn it is from the turn in
progress, the next ship's number from the highest one afloat. Past Weather and History cards
are not kept anywhere, so a sampled deck may hold a card already drawn in an earlier round.
"""

from __future__ import annotations

import functools
import re
from typing import Any, cast, get_args

from engine.core import Rng
from engine.core.construct import construct
from engine.core.rng import Draws

from .content import empires_content
from .marks import marks_copy
from .state import (
    PIRATE_ID,
    Combat,
    EmpiresState,
    EmpiresView,
    Pending,
    Phase,
    Player,
    PortHold,
    Ship,
    TurnState,
)

_NUMBER = re.compile(r"(\d+)$")
class ViewMismatch(ValueError):
    """The view is not the seat's own view of an Empires at Sea game."""


@functools.cache
def _captain_cards() -> tuple[str, ...]:
    return tuple(empires_content().captain_deck())


@functools.cache
def _weather_cards() -> tuple[str, ...]:
    return tuple(empires_content().weather_deck())


@functools.cache
def _history_by_era(seats: int) -> dict[int, tuple[str, ...]]:
    """The History cards that can be in a game of ``seats`` players, by era (setup)."""
    found: dict[int, list[str]] = {}
    for h in empires_content().history.cards:
        if h.min_players <= seats:
            found.setdefault(h.era, []).append(h.id)
    return {era: tuple(ids) for era, ids in found.items()}


@functools.cache
def _pirate_bonus(history: str | None) -> int:
    """The Pirate's extra actions this round: set by this round's History card alone."""
    if history is None:
        return 0
    card = empires_content().history_card(history)
    return sum(e.amount for e in card.effects if e.effect == "pirate_actions")


def _without(cards: tuple[str, ...], seen: list[str]) -> list[str]:
    """``cards`` less one copy of each card in ``seen``."""
    pool = list(cards)
    for card in seen:
        try:
            pool.remove(card)
        except ValueError:
            raise ViewMismatch(f"the view shows more {card!r} cards than the game has") from None
    return pool


def _draw(pool: list[str], n: int, rng: Draws) -> list[str]:
    """``n`` cards drawn at random from ``pool`` (which is shuffled in part, in place)."""
    if n > len(pool):
        raise ViewMismatch(f"{n} unseen cards are needed where only {len(pool)} can be")
    last = len(pool) - 1
    for i in range(n):  # a partial Fisher-Yates from the back
        j = rng.below(last - i + 1)
        pool[j], pool[last - i] = pool[last - i], pool[j]
    return pool[len(pool) - n:]


def _history_deck(view: EmpiresView, per_era: int, eras: int, rng: Draws) -> list[str]:
    """The History cards still to come, era by era (era I on top): position i is drawn in
    round ``view.round + 1 + i``."""
    by_era = _history_by_era(view.seats)
    needed: dict[int, int] = {}
    for i in range(view.history_left):
        era = min(eras, (view.round + i) // per_era + 1)
        needed[era] = needed.get(era, 0) + 1
    deck: list[str] = []
    for era in sorted(needed):
        pool = [h for h in by_era.get(era, ()) if h != view.history]
        deck += _draw(pool, needed[era], rng)
    return deck


def _copied(model: Any) -> dict[str, Any]:
    """A model's fields with its lists and dicts copied (their items are immutable values)."""
    out: dict[str, Any] = {}
    for k, v in model.__dict__.items():
        if isinstance(v, list):
            v = list(v)
        elif isinstance(v, dict):
            v = dict(v)
        out[k] = v
    return out


def sample_state(view: EmpiresView, seat: int, rng: Rng, rules_version: str) -> EmpiresState:
    """A state agreeing with ``view`` (``seat``'s own), the hidden parts drawn with ``rng``."""
    if view.viewer != seat or view.hand is None or not 0 <= seat < view.seats:
        raise ViewMismatch(f"a sample needs seat {seat}'s own view")
    if view.phase not in get_args(Phase):
        raise ViewMismatch(f"no Empires at Sea phase is called {view.phase!r}")
    rules = empires_content().rules
    draws = Draws(rng)

    # Captain's cards: everything not seen is in the deck or another hand
    seen = list(view.hand) + view.captain_discard
    for p in view.players:
        seen += p.in_front
    unseen = _without(_captain_cards(), seen)
    others = sum(p.hand_size for s, p in enumerate(view.players) if s != seat)
    if len(unseen) != others + view.captain_deck_size:
        raise ViewMismatch(f"{len(unseen)} unseen Captain's cards for {others} in hands and "
                           f"{view.captain_deck_size} in the deck")
    draws.shuffle(unseen)

    bribes: list[int | None] = []
    if view.bribes_answered:
        for s, answered in enumerate(view.bribes_answered):
            if s == seat:
                bribes.append(view.my_bribe)
            elif answered:
                bribes.append(draws.below(max(0, view.players[s].gold) + 1))
            else:
                bribes.append(None)

    players = []
    dealt = 0
    for s, p in enumerate(view.players):
        if s == seat:
            hand = list(view.hand)
        else:
            hand = unseen[dealt:dealt + p.hand_size]
            dealt += p.hand_size
        players.append(construct(Player, **{
            "nation": p.nation, "gold": p.gold, "wood": p.wood, "steel": p.steel, "hand": hand,
            "in_front": list(p.in_front), "pieces": dict(p.pieces), "cubes": p.cubes,
            "captured": list(p.captured)}))
    captain_deck = unseen[dealt:]

    weather_pool = _without(_weather_cards(), [view.weather] if view.weather else [])
    weather_deck = _draw(weather_pool, view.weather_left, draws)
    per_era = view.rounds // rules.setup.eras
    history_deck = _history_deck(view, per_era, rules.setup.eras, draws)

    ships = [construct(Ship, **s.__dict__) for s in view.ships]
    numbers = [int(m.group(1)) for s in ships if s.id != PIRATE_ID
               and (m := _NUMBER.search(s.id)) is not None]
    forts = view.port_forts
    ports = {k: construct(PortHold, owner=v, forts=forts.get(k, 0))
             for k, v in view.port_owners.items()}

    turn_state = construct(TurnState, **view.turn_state.__dict__) \
        if view.turn_state is not None else None
    if view.phase == "turns":
        order_index = view.order.index(turn_state.seat) \
            if turn_state is not None and not turn_state.pirate else 0
    else:  # the index is reset when production starts the turns
        order_index = 0 if view.round <= 1 and view.phase in ("round", "production") \
            else view.seats

    rulebook_side = rules.map_side_by_players.sides.get(view.seats)
    options = {"map": "rulebook" if rulebook_side == view.side else view.side}

    return EmpiresState.model_construct(
        game=view.game, rules_version=rules_version, seed=0, seats=view.seats, options=options,
        version=view.version, turn=view.turn, rng=Rng(state=rng.next_u64()), undo_points=[],
        side=view.side, players=players, ships=ships, ports=ports,
        next_ship=max(numbers, default=0) + 1,
        captain_deck=captain_deck, captain_discard=list(view.captain_discard),
        history_deck=history_deck, weather_deck=weather_deck,
        history=view.history, weather=view.weather, round=view.round, rounds=view.rounds,
        per_era=per_era, start_player=view.start_player, phase=cast(Phase, view.phase),
        order_index=order_index, turn_state=turn_state,
        pending=[construct(Pending, **p.__dict__) for p in view.pending],
        combat=construct(Combat, **_copied(view.combat))
        if view.combat is not None else None,
        bribes=bribes,
        last_bribes=list(view.last_bribes) if view.last_bribes is not None else None,
        pirate_afloat=view.pirate_afloat, pirate_actions_bonus=_pirate_bonus(view.history),
        chest=view.chest, fort_tokens=view.fort_tokens, finished=view.finished,
        end_reason=view.end_reason, last=marks_copy(view.last), current=marks_copy(view.current),
    )
