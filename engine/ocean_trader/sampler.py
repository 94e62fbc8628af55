"""A full Ocean Trader state drawn from what one seat sees, for bots that search.

Everything public is copied from the seat's view: ships and cargo, policies, the World Trade cards
in play and out of play, the Prospect cards drawn, the voyage, the claim, who is out. What the
seat cannot see is drawn at random with the given generator:

- the order of both decks (their contents are known: every card not in play, out of play or in
  the seat's own hand of peeked cards), and which World Trade cards another player peeked at;
- the other players' cash and share certificates (secret by the rulebook, Useful Hints), within
  what the view bounds: the holding a challenge showed, while nothing the table could not see
  may have changed it; a certificate for an auction's seller and a claimant, and for a claimant
  more than any challenge it withstood showed; sealed bids no larger than the cash, at least
  one certificate left with the Banker while the seat's own holding leaves one (the seat's own
  offer to buy tells it so; the view does not), the starting £750 for a player who has not had
  a turn;
- the other bidders' sealed bids, and a fresh generator for the state's future chance.

What the view cannot give is a guess: another player's cash follows the seat's own wealth
(between half and one and a half times it), as nothing public bounds it. The peeker's memory of
the order of the cards it put back is not in the view, so the deck is shuffled whole.
"""

from __future__ import annotations

from engine.core import Rng, copied
from engine.core.construct import construct
from engine.core.rng import Draws

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
    # one draw from the caller's generator seeds a private one: a sample makes a hundred draws
    # or so, and the engine's generator (a pydantic model) costs microseconds a draw
    local = Draws(rng)
    pending_view = view.pending

    # --- the cards: contents known, order and other hands drawn ----------------------------
    trade_pool = _unseen(c.trade_deck(), [s.card for s in view.in_play], view.trade_discard,
                         pending_view.cards if pending_view is not None else [])
    local.shuffle(trade_pool)
    peeked: list[str] = []
    if pending_view is not None and pending_view.kind == "order_cards" \
            and pending_view.seat != seat:
        # the peeked cards came off the deck: whatever is unseen beyond the deck's size
        hidden = len(trade_pool) - view.trade_deck_size
        peeked, trade_pool = trade_pool[:hidden], trade_pool[hidden:]
    prospect_pool = _unseen(c.prospect_deck(), view.prospect_discard)
    local.shuffle(prospect_pool)

    # --- the other players' secrets -------------------------------------------------------
    start_cash = c.rules.start.cash
    me = view.players[seat]
    my_cash = me.cash if me.cash is not None else start_cash
    my_shares = me.shares if me.shares is not None else 0
    share_price = c.rules.shares.price
    reference = max(start_cash, my_cash + (share_price * my_shares if full else 0))
    certificates = view.certificates if full else 0
    shares = _draw_shares(view, seat, my_shares, local) if full else [0] * view.seats
    shares[seat] = my_shares

    players: list[Player] = []
    for pv in view.players:
        if pv.seat == seat:
            cash = my_cash
        elif pv.eliminated:
            cash = 0
        elif pv.turns == 0 and pv.seat != view.active:
            cash = start_cash  # nothing has happened to it yet
        else:
            wealth = reference * local.randint(50, 150) // 100
            cash = max(0, wealth - share_price * shares[pv.seat] // 2)
            cash -= cash % 10
        players.append(construct(Player,
            cash=cash, shares=shares[pv.seat], ships=[_ship(s) for s in pv.ships],
            spare_policies=pv.spare_policies, eliminated=pv.eliminated, turns=pv.turns,
            challenged=pv.challenged, shown=pv.shown))

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
            bids[bidder] = 0 if not menu or local.below(2) == 0 else local.choice(menu)
        auction = construct(Auction, seller=av.seller, bids=bids, bidders=bidders)

    pending = None
    if pending_view is not None:
        pd = pending_view
        pending = construct(Pending,
            kind=pd.kind, seat=pd.seat, ship=pd.ship, port=pd.port, count=pd.count,
            cards=list(pd.cards) if pd.seat == seat else peeked)

    claim = None
    if view.claim is not None:
        claim = construct(Claim, claimant=view.claim.claimant, made_on=view.claim.made_on,
                          beaten=view.claim.beaten)

    voyage = None
    if view.voyage is not None:
        vv = view.voyage
        voyage = construct(Voyage,
            die=vv.die, queue=list(vv.queue), departing=list(vv.departing), ship=vv.ship,
            steps=vv.steps, windblown=vv.windblown, card_move=vv.card_move, forced=vv.forced)

    return construct(OceanTraderState,
        game=view.game, rules_version=rules_version, seed=0, seats=view.seats,
        options={"variant": view.variant, "turns": view.turn_limit},
        version=view.version, turn=view.turn, rng=Rng(state=rng.next_u64()), undo_points=[],
        variant=view.variant, turn_limit=view.turn_limit, first_player=view.first_player,
        opening_rolls=[list(r) for r in view.opening_rolls], active=view.active,
        players=players, trade_deck=trade_pool, trade_discard=list(view.trade_discard),
        in_play=[construct(TradeSlot, card=s.card, sold=s.sold) for s in view.in_play],
        prospect_deck=prospect_pool, prospect_discard=list(view.prospect_discard),
        banker_shares=certificates - sum(shares), thrown=view.thrown, voyage=voyage,
        pending=pending, auction=auction, claim=claim,
        eliminated_order=list(view.eliminated_order), shipless_turns=view.shipless_turns,
        last_prospect=view.last_prospect, last=copied(view.last), drawn=[],
        finished=view.finished, end_reason=view.end_reason, winner=view.winner,
        final_assets=list(view.final_assets) if view.final_assets is not None else None)


def _draw_shares(view: OceanTraderView, seat: int, my_shares: int,
                 local: Draws) -> list[int]:
    """The other players' certificates: a holding the table knows of (shown in a challenge,
    unchanged since) is that; an auction's seller and a claimant hold one, and a claimant more
    than any challenge it withstood showed (rulebook, the challenge "demonstrates" a holding);
    the Banker keeps one while the seat's own holding allows it; the rest spread at random,
    each up to a little more than the seat's own."""
    shares = [0] * view.seats
    shares[seat] = my_shares
    known = {p.seat: p.shown for p in view.players
             if p.seat != seat and p.shown is not None and not p.eliminated}
    for other, held in known.items():
        shares[other] = held
    budget = max(0, view.certificates - sum(shares) - 1)
    floor: dict[int, int] = {}
    if view.auction is not None:
        floor[view.auction.seller] = 1
    if view.claim is not None:
        floor[view.claim.claimant] = view.claim.beaten + 1
    for other, least in sorted(floor.items()):
        if other != seat and other not in known and not view.players[other].eliminated:
            shares[other] = min(least, budget)
            budget -= shares[other]
    others = [p.seat for p in view.players
              if p.seat != seat and p.seat not in known and not p.eliminated]
    local.shuffle(others)
    spread = 2 * my_shares + 2
    for other in others:
        room = min(budget, spread)
        extra = local.randint(0, room) if room > 0 else 0
        shares[other] += extra
        budget -= extra
    return shares


def _unseen(deck: list[str], *seen: list[str]) -> list[str]:
    """The deck's cards less those seen elsewhere (each seen card removes one copy)."""
    left = list(deck)
    for cards in seen:
        for card in cards:
            left.remove(card)
    return left


def _ship(ship: Ship) -> Ship:
    fields = dict(ship.__dict__)
    fields["cargo"] = list(ship.cargo)
    return construct(Ship, **fields)
