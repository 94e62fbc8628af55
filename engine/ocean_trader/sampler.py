"""A full Ocean Trader state drawn from what one seat sees, for bots that search.

Everything public is copied from the seat's view: ships and cargo, policies, the World Trade cards
in play and out of play, the Prospect cards drawn, the voyage, the claim, who is out. What the
seat cannot see is drawn at random with the given generator:

- the order of both decks (their contents are known: every card not in play, out of play or in
  the seat's own hand of peeked cards), and which World Trade cards another player peeked at;
- the other players' cash and share certificates (secret by the rulebook, Useful Hints), within
  what the view bounds: a certificate for an auction's seller and a claimant, sealed bids no
  larger than the cash, at least one certificate left with the Banker while the seat's own
  holding leaves one (the seat's own offer to buy tells it so; the view does not), the starting
  £750 for a player who has not had a turn;
- the other bidders' sealed bids, and a fresh generator for the state's future chance.

What the view cannot give is a guess: another player's cash follows the seat's own wealth
(between half and one and a half times it), as nothing public bounds it. The peeker's memory of
the order of the cards it put back is not in the view, so the deck is shuffled whole.
"""

from __future__ import annotations

from engine.core import Rng

from .content import ocean_trader_content
from .legal import bid_amounts
from .state import (
    Auction,
    Claim,
    OceanTraderState,
    OceanTraderView,
    Pending,
    Player,
    Ship,
    TradeSlot,
    Voyage,
)


def sample_state(view: OceanTraderView, seat: int, rng: Rng,
                 rules_version: str) -> OceanTraderState:
    if view.viewer != seat:
        raise ValueError(f"the view is seat {view.viewer}'s, not seat {seat}'s")
    c = ocean_trader_content()
    full = view.variant == "full"
    pending_view = view.pending

    # --- the cards: contents known, order and other hands drawn ----------------------------
    trade_pool = _unseen(c.trade_deck(), [s.card for s in view.in_play], view.trade_discard,
                         pending_view.cards if pending_view is not None else [])
    rng.shuffle(trade_pool)
    peeked: list[str] = []
    if pending_view is not None and pending_view.kind == "order_cards" \
            and pending_view.seat != seat:
        # the peeked cards came off the deck: whatever is unseen beyond the deck's size
        hidden = len(trade_pool) - view.trade_deck_size
        peeked, trade_pool = trade_pool[:hidden], trade_pool[hidden:]
    prospect_pool = _unseen(c.prospect_deck(), view.prospect_discard)
    rng.shuffle(prospect_pool)

    # --- the other players' secrets -------------------------------------------------------
    start_cash = c.rules.start.cash
    me = view.players[seat]
    my_cash = me.cash if me.cash is not None else start_cash
    my_shares = me.shares if me.shares is not None else 0
    share_price = c.rules.shares.price
    reference = max(start_cash, my_cash + (share_price * my_shares if full else 0))
    certificates = view.certificates if full else 0
    shares = [0] * view.seats
    shares[seat] = my_shares
    if full:
        # leave the Banker one certificate when the seat's own holding allows it
        budget = max(0, certificates - my_shares - 1)
        must_hold = set()
        if view.auction is not None:
            must_hold.add(view.auction.seller)
        if view.claim is not None:
            must_hold.add(view.claim.claimant)
        must_hold.discard(seat)
        others = [p.seat for p in view.players if p.seat != seat and not p.eliminated]
        for other in sorted(must_hold):
            if budget > 0 and not view.players[other].eliminated:
                shares[other] = 1
                budget -= 1
        rng.shuffle(others)
        cap = 2 * my_shares + 2
        for other in others:
            extra = rng.below(min(budget, cap) + 1) if budget > 0 else 0
            shares[other] += extra
            budget -= extra

    players: list[Player] = []
    for pv in view.players:
        if pv.seat == seat:
            cash = my_cash
        elif pv.eliminated:
            cash = 0
        elif pv.turns == 0 and pv.seat != view.active:
            cash = start_cash  # nothing has happened to it yet
        else:
            wealth = reference * (50 + rng.below(101)) // 100
            cash = max(0, wealth - share_price * shares[pv.seat] // 2)
            cash -= cash % 10
        players.append(Player.model_construct(
            cash=cash, shares=shares[pv.seat], ships=[_ship(s) for s in pv.ships],
            spare_policies=pv.spare_policies, eliminated=pv.eliminated, turns=pv.turns,
            challenged=pv.challenged))

    auction = None
    if view.auction is not None:
        av = view.auction
        order = [(av.seller + k) % view.seats for k in range(1, view.seats)]
        bidders = [s for s in order if not view.players[s].eliminated]
        bids: dict[int, int] = {}
        for bidder in bidders:
            if bidder in av.waiting_for:
                continue
            if bidder == seat:
                bids[bidder] = av.my_bid if av.my_bid is not None else 0
                continue
            menu = bid_amounts(players[bidder].cash)
            bids[bidder] = 0 if not menu or rng.below(2) == 0 else rng.choice(menu)
        auction = Auction.model_construct(seller=av.seller, bids=bids, bidders=bidders)

    pending = None
    if pending_view is not None:
        pd = pending_view
        pending = Pending.model_construct(
            kind=pd.kind, seat=pd.seat, ship=pd.ship, port=pd.port, count=pd.count,
            cards=list(pd.cards) if pd.seat == seat else peeked)

    claim = None
    if view.claim is not None:
        claim = Claim.model_construct(claimant=view.claim.claimant, made_on=view.claim.made_on)

    voyage = None
    if view.voyage is not None:
        vv = view.voyage
        voyage = Voyage.model_construct(
            die=vv.die, queue=list(vv.queue), departing=list(vv.departing), ship=vv.ship,
            steps=vv.steps, windblown=vv.windblown, card_move=vv.card_move, forced=vv.forced)

    return OceanTraderState.model_construct(
        game=view.game, rules_version=rules_version, seed=0, seats=view.seats,
        options={"variant": view.variant, "turns": view.turn_limit},
        version=view.version, turn=view.turn, rng=Rng(state=rng.next_u64()), undo_points=[],
        variant=view.variant, turn_limit=view.turn_limit, first_player=view.first_player,
        opening_rolls=[list(r) for r in view.opening_rolls], active=view.active,
        players=players, trade_deck=trade_pool, trade_discard=list(view.trade_discard),
        in_play=[TradeSlot.model_construct(card=s.card, sold=s.sold) for s in view.in_play],
        prospect_deck=prospect_pool, prospect_discard=list(view.prospect_discard),
        banker_shares=certificates - sum(shares), thrown=view.thrown, voyage=voyage,
        pending=pending, auction=auction, claim=claim,
        eliminated_order=list(view.eliminated_order), last_prospect=view.last_prospect,
        finished=view.finished, end_reason=view.end_reason, winner=view.winner,
        final_assets=list(view.final_assets) if view.final_assets is not None else None)


def _unseen(deck: list[str], *seen: list[str]) -> list[str]:
    """The deck's cards less those seen elsewhere (each seen card removes one copy)."""
    left = list(deck)
    for cards in seen:
        for card in cards:
            left.remove(card)
    return left


def _ship(ship: Ship) -> Ship:
    return ship.model_copy(update={"cargo": list(ship.cargo)})
