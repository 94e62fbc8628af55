"""The Ocean Trader game state and what each seat may see of it.

Private information (rulebook, Useful Hints: "your office must be open to view, DO NOT ... reveal
your cash or share holding situation"): each player's **cash** and **shareholding** are secret.
The office is open: ships, where they are, their cargo (Bills of Lading) and insurance policies
(those covering ships and the office's spare ones) are public, as are the World Trade cards in
play, the dice and the Prospect cards drawn.

Share purchases are therefore private: buying and selling to the Banker are reported to the
player alone, and the table is told only what it would see, that the player "does business
with the Banker"; nothing that happens by itself depends on a secret (a turn ends by itself only
when no cash or shares could leave another move). The number of certificates left with the
Merchant Banker is not shown (with it, and two players, anyone could work out the other's
holding). What the rulebook makes
public is public: putting a certificate up for auction and its result, a claim of majority, a
challenge (the challenger "demonstrates" a holding) and the claimant's check. Auction bids are
sealed: a bidder sees only their own bid until the auction closes.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from engine.core import State, View

Variant = Literal["full", "short"]


class Ship(BaseModel):
    """One ship of a fleet. In port when ``port`` is set; otherwise at sea on ``route``, on space
    ``at`` counted from the route's port ``a`` (1 = next to it), heading for ``toward``."""

    number: int
    port: str | None = None
    route: str | None = None
    at: int = 0
    toward: str | None = None
    cargo: list[str] = Field(default_factory=list)  # goods ids, one per Bill of Lading
    insured: bool = False
    held_through: int = -1  # the owner's turn index up to which the ship may not move
    quarantine_through: int = -1  # ... up to which it must stay in port without trading
    double_next: bool = False  # moves double the next throw
    # what the ship did this turn
    traded: bool = False
    sailed: bool = False
    docked_now: bool = False  # docked during this turn (the fee was paid on docking)
    new: bool = False  # issued by the Banker during this turn
    # where the ship went in its owner's last turn, if that turn moved it (public, for the
    # board's trail): each space it stood on, as (route, space counted from the route's port
    # a), from where it set out or stood at sea; emptied when its owner next throws, and when
    # a turn of its owner ends without moving it
    wake: list[tuple[str, int]] = Field(default_factory=list)


class Player(BaseModel):
    cash: int  # secret
    shares: int = 0  # secret
    ships: list[Ship] = Field(default_factory=list)
    # policies the office holds that cover no ship (rulebook, The Insurance Policy: a policy
    # "remain[s] valid until ... the ship owner surrenders" it; selling a ship does not end it)
    spare_policies: int = 0
    eliminated: bool = False
    turns: int = 0  # completed turns
    challenged: bool = False  # has challenged the claim during this turn
    # the holding the table knows of (public): shown in a challenge and kept up to date with
    # what the table has seen since (auctions, a forfeit); None once a dealing in shares with
    # the Banker, whose kind the table does not see, may have changed it
    shown: int | None = None

    def ship(self, number: int) -> Ship | None:
        for ship in self.ships:
            if ship.number == number:
                return ship
        return None


class TradeSlot(BaseModel):
    """A World Trade card in play and the Bills of Lading laid beside it (its purchases)."""

    card: str
    sold: int = 0


class Voyage(BaseModel):
    """The throw being resolved: ships move one after another in ``queue`` order."""

    die: int
    queue: list[int] = Field(default_factory=list)  # ships still to move
    departing: list[int] = Field(default_factory=list)  # ships leaving port with this throw
    ship: int | None = None  # the ship moving now
    steps: int = 0  # movement points it has left
    windblown: bool = False  # the Roaring Forties have changed the moving ship's throw
    card_move: bool = False  # a move ordered by a Prospect card draws no further card
    forced: bool = False  # straight to the next port, docking there


PendingKind = Literal["depart", "at_port", "jettison", "order_cards"]


class Pending(BaseModel):
    """A decision that must be made before play goes on.

    depart      -- ``ship`` leaves ``port``: choose the route.
    at_port     -- ``ship`` reaches ``port`` with movement left: dock, or sail on by a route.
    jettison    -- choose ``count`` more cargoes of ``ship`` to lose (a Prospect card).
    order_cards -- put the peeked World Trade ``cards`` back on the deck in an order.
    """

    kind: PendingKind
    seat: int
    ship: int | None = None
    port: str | None = None
    count: int = 0
    cards: list[str] = Field(default_factory=list)  # private to ``seat``


class Auction(BaseModel):
    """A certificate offered by ``seller`` to the other players for sealed bids."""

    seller: int
    bids: dict[int, int] = Field(default_factory=dict)  # seat -> bid (0 passes); secret
    bidders: list[int] = Field(default_factory=list)


class Claim(BaseModel):
    claimant: int
    made_on: int  # the claimant's turn index when the claim was made
    # the largest holding shown against the claim by a challenge it withstood (public): the
    # claimant holds more, less one for each dealing in shares with the Banker since
    beaten: int = 0

    def turns_done(self, turns_completed: int) -> int:
        return max(0, turns_completed - self.made_on - 1)


class LastTurn(BaseModel):
    """What the last finished turn changed that the whole table saw, for the board's rings:
    ``seat``'s ships that sailed (or docked), traded or were issued, and the World Trade cards
    that came into play."""

    seat: int | None = None
    sailed: list[int] = Field(default_factory=list)
    traded: list[int] = Field(default_factory=list)
    issued: list[int] = Field(default_factory=list)
    cards: list[str] = Field(default_factory=list)


class OceanTraderState(State):
    variant: Variant = "full"
    turn_limit: int = 30
    first_player: int = 0
    opening_rolls: list[list[int]] = Field(default_factory=list)
    active: int = 0
    players: list[Player]
    trade_deck: list[str]  # top first; order secret
    trade_discard: list[str] = Field(default_factory=list)
    in_play: list[TradeSlot] = Field(default_factory=list)
    prospect_deck: list[str]  # top first; order secret
    prospect_discard: list[str] = Field(default_factory=list)
    banker_shares: int = 0  # secret (it would reveal the players' holdings)
    thrown: int | None = None  # this turn's throw, once made
    voyage: Voyage | None = None
    pending: Pending | None = None
    auction: Auction | None = None
    claim: Claim | None = None
    eliminated_order: list[int] = Field(default_factory=list)
    # ruling "No ships left": turns ended since the table was told that no player still in
    # the game holds a ship; None while one does (public: the fleets are open to view)
    shipless_turns: int | None = None
    last_prospect: str | None = None
    last: LastTurn = Field(default_factory=LastTurn)
    drawn: list[str] = Field(default_factory=list)  # World Trade cards drawn this turn (public)
    finished: bool = False
    end_reason: str = ""
    winner: int | None = None
    final_assets: list[int] | None = None

    def active_seats(self) -> list[int]:
        return [s for s, p in enumerate(self.players) if not p.eliminated]


class PlayerView(BaseModel):
    seat: int
    ships: list[Ship]
    eliminated: bool
    turns: int
    spare_policies: int = 0
    challenged: bool = False  # has challenged the claim during this turn (a public act)
    shown: int | None = None  # the holding the table knows of (see Player)
    cash: int | None = None  # only in the player's own view
    shares: int | None = None


class PendingView(BaseModel):
    kind: PendingKind
    seat: int
    ship: int | None = None
    port: str | None = None
    count: int = 0
    cards: list[str] = Field(default_factory=list)  # only for the deciding seat


class AuctionView(BaseModel):
    seller: int
    waiting_for: list[int]
    my_bid: int | None = None


class ClaimView(BaseModel):
    claimant: int
    turns_done: int
    turns_needed: int
    made_on: int = 0  # the claimant's turn index when the claim was made (public)
    beaten: int = 0  # see Claim


class OceanTraderView(View):
    variant: Variant
    turn_limit: int
    first_player: int
    opening_rolls: list[list[int]]
    active: int
    players: list[PlayerView]
    in_play: list[TradeSlot]
    trade_deck_size: int
    prospect_deck_size: int
    bills_available: dict[str, int]
    certificates: int
    thrown: int | None
    voyage: Voyage | None
    pending: PendingView | None
    auction: AuctionView | None
    claim: ClaimView | None
    last_prospect: str | None
    last: LastTurn = Field(default_factory=LastTurn)
    # public: the cards that left play and the Prospect cards drawn, in order, and who was
    # eliminated when (the outcome ranks by it)
    trade_discard: list[str] = Field(default_factory=list)
    prospect_discard: list[str] = Field(default_factory=list)
    eliminated_order: list[int] = Field(default_factory=list)
    shipless_turns: int | None = None  # see OceanTraderState
    end_reason: str = ""
    winner: int | None = None
    final_assets: list[int] | None = None
