"""A full Ships state drawn from what one seat sees, for bots that search.

Ships hides nothing from the players but the cards left in the decks and the PRNG (see
``state.py``): goods, gold, cubes, ships and the display are all on the table, and the view
carries every one of them. So a sample is the view's table copied over, plus:

- the decks: each era's cards that are not on display, dealt at random into the deck's known
  size. A future era's deck is its whole era set; the present and past eras' decks hold what
  was left in the box when they were dealt (rulebook, Setup: "The remaining Galley cards will
  not be required"), which nobody can see, and which play never draws again;
- a fresh generator from the sampling one, so each sample's future (the next era's deal) differs;
- no undo points: a sample is a start for search, not a turn to take back.

The view is only read; nothing in the sample shares an object with it, so a search may change a
sample in place. Copies are made field by field (``model_construct``): a deep model copy costs
about ten times as much, and a search draws many samples.
"""

from __future__ import annotations

from functools import cache
from math import perm

from engine.core import Rng, Seat
from engine.core.construct import construct

from .content import ships_content
from .state import (
    ActionBox,
    AgeBoxes,
    LastTurn,
    Pending,
    Player,
    ShipsState,
    ShipsView,
    Supply,
)


class ViewMismatchError(ValueError):
    """The view cannot be a Ships view of a real position (a deck larger than its cards)."""


def sample_state(view: ShipsView, seat: Seat, rng: Rng, rules_version: str) -> ShipsState:
    """A state whose ``view(state, seat)`` equals ``view``; only the decks and the PRNG are
    drawn (from ``rng``), everything else is the view's."""
    if view.viewer is not None and view.viewer != seat:
        raise ViewMismatchError(f"a view for seat {view.viewer} cannot sample seat {seat}'s "
                                "positions")
    decks = _draw_decks(view, rng)
    finished = view.finished
    return construct(
        ShipsState,
        game=view.game,
        rules_version=rules_version,
        seed=0,  # the true seed would tell the dice; a sample has no setup to replay
        seats=view.seats,
        options={},
        version=view.version,
        turn=view.turn,
        rng=Rng(state=rng.next_u64()),
        undo_points=[],
        active=view.active,
        players=[_player(p) for p in view.players],
        ages=[construct(AgeBoxes, merchant=list(a.merchant), warship=list(a.warship))
              for a in view.ages],
        trade=dict(view.trade),
        cities=dict(view.cities),
        rest_merchant=list(view.rest_merchant),
        rest_warship=list(view.rest_warship),
        # present_age() is the larger of this and the highest occupied age: the view's is both
        reached_age=view.present_age,
        area=view.area,
        era=view.era,
        display=list(view.display),
        decks=decks,
        supply=_supply(view.supply),
        pending=[_pending(p) for p in view.pending],
        end_triggered=view.end_triggered,
        finished=finished,
        end_reason=view.end_reason,
        last=_last(view.last),
        current=_last(view.current),
    )


def _draw_decks(view: ShipsView, rng: Rng) -> dict[str, list[str]]:
    """Each deck: ``size`` cards drawn at random from its era's cards less those on display
    (cards of one kind can come in several copies, so the display is taken off one by one)."""
    decks: dict[str, list[str]] = {}
    for era, size in view.deck_sizes.items():
        cards = list(_era_cards(era))
        if era == view.era:
            for card in view.display:
                if card in cards:
                    cards.remove(card)
        n = len(cards)
        if size > n:
            raise ViewMismatchError(f"the {era} deck holds {size} cards, but only {n} of its "
                                    "cards are unseen")
        _deal(cards, size, rng)
        del cards[size:]
        decks[era] = cards
    return decks


def _player(p: Player) -> Player:
    fields = dict(p.__dict__)
    fields["boxes"] = {name: construct(ActionBox, **box.__dict__)
                       for name, box in p.boxes.items()}
    fields["goods"] = dict(p.goods)
    fields["ships"] = dict(p.ships)
    return construct(Player, **fields)


def _supply(s: Supply) -> Supply:
    return construct(Supply, gold=s.gold, navigation=s.navigation, industry=s.industry,
                                  free_cubes=s.free_cubes, goods=dict(s.goods))


def _pending(p: Pending) -> Pending:
    return construct(Pending, kind=p.kind, seats=list(p.seats), card=p.card, count=p.count,
                                   excluded=list(p.excluded))


def _last(t: LastTurn) -> LastTurn:
    return construct(LastTurn, seat=t.seat, ages=list(t.ages), spaces=list(t.spaces),
                                    scored_areas=list(t.scored_areas))


def _deal(cards: list[str], size: int, rng: Rng) -> None:
    """Puts ``size`` of ``cards``, drawn at random, at the front in random order: the first
    ``size`` steps of a Fisher-Yates shuffle. Its indices are the digits, in a mixed radix, of
    one draw of 64 bits more than the number of orderings needs (so the bias is below 2**-64):
    two or three draws in all, where one per card costs ten times as much."""
    if size == 0:
        return
    n = len(cards)
    words = (perm(n, size).bit_length() + 127) // 64
    x = 0
    for _ in range(words):
        x = (x << 64) | rng.next_u64()
    for i in range(size):
        x, r = divmod(x, n - i)
        j = i + r
        cards[i], cards[j] = cards[j], cards[i]


@cache
def _era_cards(era: str) -> tuple[str, ...]:
    return ships_content().deck(era)
