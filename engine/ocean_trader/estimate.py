"""How each seat stands short of the end: its total assets now plus what its fleet is likely
to turn into money, for a search that stops a playout early (``OceanTrader.standing``).

Total assets value a cargo at its Bill of Lading price; a cargo that a World Trade card in
play wants is worth more than that, as it sells for four (or two) times the price once the
ship gets there. The extra counts in full when the ship is in that port, less the further off
it is, and nothing when the turns left in the short game are too few to get there. A ship
earns from trade for every turn still to play, so a ship bought now (counted at the £1,000 the
Banker would pay back for it) is worth what it will earn as well; a ship with room aboard is
worth part of the best deal in its reach; and a policy keeps the ship and its cargo safe, worth
more than the £250 the Banker pays for it while there are turns to play."""

from __future__ import annotations

from .bots import distance, where
from .content import ocean_trader_content
from .rules import total_assets
from .state import OceanTraderState, Ship

MEAN_THROW = 3.5  # spaces a throw moves a ship, on average
# spaces off at which a sale's (or a deal's) extra counts half: the standard bot's own trade
# off between a near sale and a far one (``bots._Plan._target``)
SALE_REACH = 2.0
DEAL_REACH = 4.0
UNSOLD = 0.9
EARNINGS = 35.0  # £ a ship earns from trade a turn, about (measured over standard bots' games)
FLEET_TURNS = 20  # turns of earnings counted at most: the far future is too uncertain
OPPORTUNITY = 0.5  # share of the best deal in reach counted for a ship with room aboard
COVER = 400.0  # what a policy on a ship is worth beyond the £250 the Banker pays for it
SHORT_SCALE = 450.0
FULL_SCALE = 1500.0
# the full game is won by a claim, not by assets: a claim made with an outright majority,
# which no holding can match, all but wins (over 300 two-player full games between standard
# bots, such a claim won every game it was made in), and a finished game's winner stands first
# whatever its assets
CONTROL = 6000.0
WON = 1e6
SPARE = 150  # cash kept back from buying cargo: a Prospect card may ask for up to £150


def expected_assets(state: OceanTraderState) -> list[float]:
    """Each seat's expected final assets; an eliminated player scores nothing, and ranks below
    everyone, so it stands below nothing."""
    wants = _wants(state)
    capacity = ocean_trader_content().rules.ships.cargo_capacity
    surrender = ocean_trader_content().rules.insurance.surrender_value
    out = []
    for seat, player in enumerate(state.players):
        if player.eliminated:
            out.append(-500.0)
            continue
        left = _turns_left(state, player.turns)
        value = float(total_assets(state, seat))
        # what the office could pay for cargo: its cash, and its policies' surrender value
        # (so that cashing a policy in does not look like a gain)
        means = player.cash + surrender * (player.spare_policies
                                           + sum(s.insured for s in player.ships))
        for ship in player.ships:
            value += _cargo_extra(ship, wants, left)
            value += EARNINGS * min(left, FLEET_TURNS)
            if ship.insured and left > 0:
                value += COVER  # the ship and its cargo are safe from the sea
            if len(ship.cargo) < capacity:
                value += OPPORTUNITY * _best_deal(ship, wants, left, means)
        if state.variant == "full":
            value += _control(state, seat)
        out.append(value)
    return out


def _control(state: OceanTraderState, seat: int) -> float:
    """What control of the line adds to the seat's standing in the full game: everything once
    won (a search scores a playout that ends by its final standing, and the full game's winner
    is the claimant, not the richest), and nearly that once claimed with an outright
    majority."""
    if state.winner == seat:
        return WON
    claim = state.claim
    if claim is not None and claim.claimant == seat \
            and 2 * state.players[seat].shares > ocean_trader_content().certificates(state.seats):
        return CONTROL
    return 0.0


def standing_scale(state: OceanTraderState) -> float:
    """How far apart two seats' expected assets must be for one to be clearly ahead: the
    scale of the logistic curve that best predicts the winner of two-player games between
    standard bots from their standings (over the whole game: 300-600 fit about as well); the
    full game, won by a claim rather than by assets, fits a wider one (1,100-2,000)."""
    if state.variant == "full":
        return FULL_SCALE
    return SHORT_SCALE


def _turns_left(state: OceanTraderState, turns: int) -> int:
    if state.variant == "short":
        return max(0, state.turn_limit - turns)
    return FLEET_TURNS


def _wants(state: OceanTraderState) -> dict[str, list[tuple[str, int]]]:
    """For each goods wanted by a card in play: (port, extra over the Bill's price) of its
    next sale."""
    c = ocean_trader_content()
    mult = c.rules.world_trade.sale_multipliers
    wants: dict[str, list[tuple[str, int]]] = {}
    for slot in state.in_play:
        card = c.trade_card(slot.card)
        price = c.good(card.goods).price
        extra = price * mult[min(slot.sold, len(mult) - 1)] - price
        wants.setdefault(card.goods, []).append((card.port, extra))
    return wants


def _cargo_extra(ship: Ship, wants: dict[str, list[tuple[str, int]]], left: int) -> float:
    if not ship.cargo:
        return 0.0
    here, off = where(ship)
    total = 0.0
    for goods in ship.cargo:
        best = 0.0
        for port, extra in wants.get(goods, ()):
            d = off + distance(here, port)
            if d / MEAN_THROW + 1 > left:
                continue  # the game ends before the ship gets there
            # discounted by distance as the standard bot ranks its sales (so that a search
            # guided by it does not pull its ships another way), and a little more: the sale
            # is a turn off even in port, and may yet be lost to a rival or a card
            best = max(best, UNSOLD * extra * SALE_REACH / (SALE_REACH + d))
        total += best
    return total


def _best_deal(ship: Ship, wants: dict[str, list[tuple[str, int]]], left: int,
               cash: int) -> float:
    """The profit of the best deal in reach of a ship with room aboard: goods bought where
    they are sold, for a port whose card wants them, less the further off both are. A ship in
    the port that sells them stands better than one sailing away from it."""
    c = ocean_trader_content()
    here, off = where(ship)
    best = 0.0
    for goods, sales in wants.items():
        price = c.good(goods).price
        if price > cash - SPARE:
            continue
        for source in c.trade_card_sources(goods):
            to_source = off + distance(here, source)
            for port, extra in sales:
                d = to_source + distance(source, port)
                if d / MEAN_THROW + 2 > left:
                    continue
                best = max(best, extra * DEAL_REACH / (DEAL_REACH + d))
    return best
