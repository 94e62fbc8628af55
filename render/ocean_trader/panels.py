"""The Ocean Trader board's panels: the turn status (whose turn, the die, decisions pending,
the countdown), the World Trade cards in play and the players' offices."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from engine.core.words import count, listing
from engine.ocean_trader import GAME
from engine.ocean_trader.content import ocean_trader_content
from engine.ocean_trader.rules import shipless_turns_allowed
from engine.ocean_trader.state import OceanTraderView, PendingView, PlayerView, Ship
from render.common import icons
from render.common.canvas import draw_text, draw_wrapped, wrap_text
from render.common.fonts import ellipsize, fit_font, font, line_height, text_width
from render.common.layout import Box, highlight, inset
from render.common.palette import GOLD, INK, MUTED_INK, WHITE, player_style, shade

from .style import (
    BODY,
    CARDS_BOX,
    CHIP,
    CHIP_H,
    HEAD,
    INSURED,
    LEAD,
    NOTE,
    PILL_H,
    SECRET,
    SECRET_ROW,
    SECRET_SIZE,
    SOLD,
    STATUS_BOX,
    TASK,
    TEXT,
    chip_width,
    goods_chip,
    pill_width,
    ship_pill,
)


def seat_name(names: Sequence[str], seat: int) -> str:
    if 0 <= seat < len(names) and names[seat].strip():
        return names[seat].strip()
    return player_style(seat).name


def money(amount: int) -> str:
    return f"{amount:,}"


def _port(port_id: str | None) -> str:
    if not port_id:
        return "port"
    try:
        return ocean_trader_content().port(port_id).name
    except KeyError:
        return port_id


def pending_text(pending: PendingView, names: Sequence[str]) -> str:
    """A decision being waited for, in words."""
    who = seat_name(names, pending.seat)
    ship = f"ship {pending.ship}" if pending.ship is not None else "a ship"
    if pending.kind == "depart":
        return f"{who}: choose a route for {ship} leaving {_port(pending.port)}"
    if pending.kind == "at_port":
        return f"{who}: {ship} reached {_port(pending.port)} - dock or sail on"
    if pending.kind == "jettison":
        n = pending.count
        return f"{who}: choose {n} cargo{'es' if n != 1 else ''} of {ship} to lose"
    return f"{who}: put the top World Trade cards back in order"


def claim_text(view: OceanTraderView, names: Sequence[str]) -> str:
    if view.variant == "short":
        return ""
    if view.claim is not None:
        c = view.claim
        left = max(c.turns_needed - c.turns_done, 0)
        return (f"{seat_name(names, c.claimant)} claims a majority: "
                f"{left} of {c.turns_needed} turns left")
    return f"No majority claimed ({view.certificates} share certificates)"


def shipless_text(view: OceanTraderView) -> str:
    """The count of the ruling "No ships left", while no player holds a ship."""
    if view.shipless_turns is None or view.finished:
        return ""
    players_in = max(1, sum(1 for p in view.players if not p.eliminated))
    left = -(-(shipless_turns_allowed(players_in) - view.shipless_turns) // players_in)
    each = " each" if players_in > 1 else ""
    return f"No ships left: the game ends in {left} turns{each} unless one is bought"


def task_text(view: OceanTraderView, names: Sequence[str]) -> tuple[int, str]:
    """Who is being waited for and what they must do."""
    if view.auction is not None:
        au = view.auction
        waiting = ", ".join(seat_name(names, s) for s in au.waiting_for) or "nobody"
        seat = au.waiting_for[0] if au.waiting_for else au.seller
        return seat, f"Sealed bids for {seat_name(names, au.seller)}'s share: {waiting}"
    if view.pending is not None:
        pd = view.pending
        ship = f"ship {pd.ship}" if pd.ship is not None else "a ship"
        if pd.kind == "depart":
            return pd.seat, f"Choose a route for {ship} from {_port(pd.port)}"
        if pd.kind == "at_port":
            return pd.seat, f"{ship.capitalize()} is at {_port(pd.port)}: dock or sail on"
        if pd.kind == "jettison":
            n = pd.count
            return pd.seat, f"Choose {n} cargo{'es' if n != 1 else ''} of {ship} to lose"
        return pd.seat, "Put the top World Trade cards back in order"
    me = view.players[view.active]
    if not me.ships:  # nothing to sail or trade with
        return view.active, "No ships: buy one, or end the turn"
    if view.thrown is not None and view.voyage is not None and view.voyage.ship is not None:
        steps = view.voyage.steps
        return view.active, (f"Move ship {view.voyage.ship}: {steps} "
                             f"space{'s' if steps != 1 else ''} to go")
    if view.thrown is not None and view.voyage is not None and view.voyage.queue:
        return view.active, f"Ships {', '.join(map(str, view.voyage.queue))} still to move"
    return view.active, turn_choices(me, thrown=view.thrown is not None)


def _ships_named(numbers: Sequence[int]) -> str:
    return ("ship " if len(numbers) == 1 else "ships ") + listing([str(n) for n in numbers])


def may_trade(player: PlayerView, ship: Ship) -> bool:
    """In port since before this turn, neither sailed nor traded this turn, and out of
    quarantine (the rules' ``can_trade``, read from what the table sees)."""
    return (ship.port is not None and not (ship.traded or ship.sailed or ship.docked_now
                                           or ship.new)
            and ship.quarantine_through < player.turns)


def must_sail(player: PlayerView, ship: Ship) -> bool:
    """At sea, not held by a Prospect card, and not yet moved this turn."""
    return ship.port is None and ship.held_through < player.turns and not ship.sailed


def may_leave(player: PlayerView, ship: Ship) -> bool:
    """In port and free to sail with this turn's throw."""
    return may_trade(player, ship) and ship.held_through < player.turns


def turn_choices(player: PlayerView, thrown: bool) -> str:
    """What the player whose turn it is may do with their ships, from what the table sees:
    trade with the ships in port that may trade, throw the die (a ship at sea must sail, so
    the turn cannot end before it has), or end the turn."""
    ships = sorted(player.ships, key=lambda s: s.number)
    traders = [s.number for s in ships if may_trade(player, s)]
    trade = f"Trade with {_ships_named(traders)}" if traders else ""
    if thrown:
        return f"{trade}, or end the turn" if trade else "End the turn"
    at_sea = [s.number for s in ships if must_sail(player, s)]
    if at_sea:
        sail = f"{_ships_named(at_sea)} must sail"
        return f"{trade}, then throw: {sail}" if trade else f"Throw the die: {sail}"
    if any(may_leave(player, s) for s in ships):
        return f"{trade}, or throw the die to sail" if trade else \
            "Throw the die to sail, or end the turn"
    held = [s.number for s in ships if s.held_through >= player.turns]
    why = f" ({_ships_named(held)} held by a Prospect card)" if held else ""
    return f"{trade}, or end the turn{why}" if trade else f"End the turn{why}"


def _line(draw: ImageDraw.ImageDraw, x: int, y: int, right: int, text: str, bold: bool = False,
          fill: tuple[int, int, int] = INK, size: int = TEXT) -> int:
    """One line of text from ``(x, y)``, wrapped onto a second line if it must be."""
    f = font(size, bold=bold)
    return draw_wrapped(draw, (x, y, right, y + 2 * line_height(f)), text, f, fill=fill,
                        max_lines=2) + 6


def status(draw: ImageDraw.ImageDraw, view: OceanTraderView, names: Sequence[str]) -> None:
    """Whose turn and what they must do in large bold type (read on a phone at a third of full
    size), the round, the die, the decisions pending, and the viewer's own secrets."""
    box = inset(STATUS_BOX, 14)
    x, y, right = box[0], box[1], box[2]
    if view.finished:
        draw_text(draw, (x, y), "Ocean Trader", font(HEAD, bold=True))
        _finished(draw, (x, y + 38, right, box[3]), view, names)
        return
    secrets = _secrets(view)
    bottom = box[3] - (len(secrets) * SECRET_ROW + 16 if secrets else 0)
    seat, task = task_text(view, names)
    icons.draw_player_marker(draw, (x + 17, y + 18), 34, player_style(seat))
    who = seat_name(names, seat)
    big = fit_font(f"{who} to play", right - x - 44, LEAD, BODY, bold=True)
    if text_width(f"{who} to play", big) <= right - x - 44:
        draw_text(draw, (x + 44, y + 18), f"{who} to play", big, anchor="lm")
        y += 44
    else:
        y = draw_wrapped(draw, (x + 44, y, right, y + 2 * line_height(big)), f"{who} to play",
                         big, max_lines=2) + 8
    tf = font(TASK, bold=True)
    y = draw_wrapped(draw, (x, y, right, y + 3 * line_height(tf)), task, tf, max_lines=3) + 10
    count = font(SECRET_SIZE, bold=True)
    if view.thrown is not None:  # the die, and the round beside it
        icons.draw_die(draw, (x + 17, y + 17), 34, min(max(view.thrown, 1), 6))
        draw_text(draw, (x + 44, y + 17), f"Threw {view.thrown}", count, anchor="lm")
        draw_text(draw, (right, y + 17), GAME.progress(view), count, anchor="rm")
        y += 42
    else:
        y = _line(draw, x, y, right, GAME.progress(view), bold=True, size=SECRET_SIZE)
    notes: list[str] = []
    claim = claim_text(view, names)
    if claim:
        notes.append(claim)
    shipless = shipless_text(view)
    if shipless:
        notes.append(shipless)
    if view.last_prospect:
        try:
            title = ocean_trader_content().prospect(view.last_prospect).title
        except KeyError:
            title = view.last_prospect
        notes.append(f"Last Prospect card: {title}")
    f = font(NOTE, bold=True)  # read at half size: bold, and larger than the smallest text
    for note in notes:
        lines = len(wrap_text(note, f, right - x))
        if y + lines * line_height(f) > bottom:
            break
        y = draw_wrapped(draw, (x, y, right, bottom), note, f) + 4
    if secrets:
        _draw_secrets(draw, (x - 6, bottom + 4, right + 6, box[3] + 6), secrets)


def _secrets(view: OceanTraderView) -> list[tuple[str, str]]:
    """The viewer's own secrets, as rows of a left and a right part (none on the public
    board): cash and share certificates (the full game only), total assets and a sealed bid."""
    me = next((p for p in view.players if view.viewer is not None and p.seat == view.viewer),
              None)
    if me is None or me.cash is None:
        return []
    shares = ""
    if view.variant == "full" and me.shares is not None:
        shares = count(me.shares, "share")
    bid = ""
    if view.auction is not None and view.auction.my_bid is not None:
        bid = f"bid {money(view.auction.my_bid)}"
    rows = [(f"Your cash {money(me.cash)}", shares), (f"Assets {money(own_assets(me))}", bid)]
    if view.pending is not None and view.pending.seat == me.seat:  # the cards only you saw
        content = ocean_trader_content()
        for i, card_id in enumerate(view.pending.cards, start=1):
            try:
                card = content.trade_card(card_id)
            except KeyError:
                continue
            rows.append((f"{i}. {_port(card.port)} wants", content.good(card.goods).name))
    return rows


def own_assets(player: PlayerView) -> int:
    """What the rules count as the player's total assets, from what their own view holds."""
    content = ocean_trader_content()
    values = content.rules.asset_values
    if player.eliminated or player.cash is None:
        return 0
    total = player.cash + values.share * (player.shares or 0)
    total += values.policy * player.spare_policies
    prices = {g.id: g.price for g in content.goods.goods}
    for ship in player.ships:
        total += values.ship + (values.policy if ship.insured else 0)
        total += sum(prices.get(g, 0) for g in ship.cargo)
    return total


def _draw_secrets(draw: ImageDraw.ImageDraw, box: Box, rows: list[tuple[str, str]]) -> None:
    draw.rounded_rectangle(box, radius=10, fill=SECRET, outline=INK, width=2)
    f = font(SECRET_SIZE, bold=True)
    y = box[1] + 8
    for left, right in rows:
        draw_text(draw, (box[0] + 10, y), left, f)
        if right:
            draw_text(draw, (box[2] - 10, y), right, f, anchor="ra")
        y += SECRET_ROW


ASSET_ROW = 32  # a player's final assets (less when six must fit)


def _finished(draw: ImageDraw.ImageDraw, box: Box, view: OceanTraderView,
              names: Sequence[str]) -> None:
    x, y, right = box[0], box[1], box[2]
    draw.rounded_rectangle((x - 4, y - 2, right + 3, y + 32), radius=8, fill=shade(GOLD, 1.55))
    if view.winner is not None:
        icons.draw_player_marker(draw, (x + 14, y + 15), 26, player_style(view.winner))
        text = f"{seat_name(names, view.winner)} wins"
    else:
        text = "Game over"
    draw_text(draw, (x + 34, y + 15), ellipsize(text, font(BODY, bold=True), right - x - 40),
              font(BODY, bold=True), anchor="lm")
    y += 40
    if view.end_reason:
        f = font(TEXT)
        y = draw_wrapped(draw, (x, y, right, y + 3 * line_height(f)), view.end_reason, f,
                         max_lines=3) + 6
    assets = view.final_assets
    if assets:
        y = _line(draw, x, y, right, "Total assets", bold=True, size=BODY)
        order = sorted(range(len(assets)), key=lambda s: -assets[s])
        row = min(ASSET_ROW, (box[3] - y) // len(order))  # every player's, however many
        number = font(NOTE if row >= ASSET_ROW else BODY, bold=True)  # bold, in full ink
        for seat in order:
            mid = y + row // 2
            icons.draw_player_marker(draw, (x + 12, mid), min(24, row - 2), player_style(seat))
            amount = draw_text(draw, (right, mid), money(assets[seat]), number, anchor="rm")
            name = seat_name(names, seat)
            draw_text(draw, (x + 32, mid), ellipsize(name, font(TEXT), amount[0] - 12 - x - 32),
                      font(TEXT), anchor="lm")
            y += row


def trade_cards(draw: ImageDraw.ImageDraw, view: OceanTraderView) -> None:
    content = ocean_trader_content()
    box = inset(CARDS_BOX, 14)
    x, right = box[0], box[2]
    draw_text(draw, (x, box[1]), "World Trade cards", font(HEAD, bold=True))
    draw_text(draw, (right, box[1] + 4), f"deck {view.trade_deck_size}", font(CHIP, bold=True),
              anchor="ra")
    top = box[1] + 40
    draw.line([(x, top - 6), (right, top - 6)], fill=MUTED_INK, width=1)
    slots = view.in_play
    if not slots:
        draw_text(draw, (x, top), "none in play", font(TEXT), fill=MUTED_INK)
        return
    step = min(38, (box[3] - top) // max(len(slots), 1))
    multipliers = content.rules.world_trade.sale_multipliers
    per_card = content.rules.world_trade.purchases_per_card
    bold, number = font(TEXT, bold=True), font(CHIP, bold=True)
    for i, slot in enumerate(slots):
        cy = top + i * step + step // 2
        if cy + CHIP_H // 2 > box[3]:
            break
        try:
            card = content.trade_card(slot.card)
        except KeyError:
            continue
        good = content.good(card.goods)
        if i % 2:
            draw.rectangle((x - 6, cy - step // 2, right + 5, cy + step // 2 - 1),
                           fill=shade(WHITE, 0.96))
        sold = min(slot.sold, per_card)
        price = good.price * multipliers[min(sold, len(multipliers) - 1)]
        pays = draw_text(draw, (right, cy), f"pays {money(price)}", number, anchor="rm")
        bx = pays[0] - 10 - per_card * 20
        for k in range(per_card):  # the sales made: a filled box per Bill laid beside it
            b = (bx + k * 20, cy - 8, bx + k * 20 + 15, cy + 8)
            draw.rectangle(b, fill=SOLD if k < sold else WHITE, outline=INK, width=2)
        chip_x = bx - 12 - chip_width(card.goods)
        goods_chip(draw, chip_x, cy, card.goods)
        name = ellipsize(_port(card.port), bold, chip_x - 8 - x)
        draw_text(draw, (x, cy), name, bold, anchor="lm")
        if slot.card in view.last.cards:  # came into play in the last turn
            highlight(draw, (x - 4, cy - step // 2 + 3, right + 3, cy + step // 2 - 3),
                      width=3, pad=0, radius=6)


def _arrow(draw: ImageDraw.ImageDraw, x: int, cy: int) -> int:
    draw.polygon([(x, cy - 6), (x + 10, cy), (x, cy + 6)], fill=INK)
    return x + 12


def _insured(draw: ImageDraw.ImageDraw, x: int, cy: int) -> int:
    f = font(TEXT, bold=True)
    w = text_width("Ins", f) + 8
    draw.rounded_rectangle((x, cy - 12, x + w - 1, cy + 11), radius=5, fill=INSURED)
    draw_text(draw, (x + w // 2, cy), "Ins", f, fill=WHITE, anchor="mm")
    return x + w


# Shorter names for the few long ports, for an office too narrow for the whole name.
SHORT_NAMES = {"RIO": "Rio", "SFO": "San Fran.", "BAS": "B. Aires", "NOR": "N. Orleans",
               "NYC": "New York", "ALX": "Alex.", "VAL": "Valparaiso", "WEL": "Wellington"}


def spaces_left(ship: Ship) -> int | None:
    """Sea spaces between a ship at sea and the port it is heading for."""
    if ship.route is None or ship.port is not None:
        return None
    try:
        route = ocean_trader_content().route(ship.route)
    except KeyError:
        return None
    return route.spaces + 1 - ship.at if ship.toward == route.b else ship.at


def _where(ship: Ship, form: int) -> str:
    """Where a ship is, or where it is headed: the port's name with the spaces to go (form 0),
    the name (1), a shorter name (2) or the port's code (3)."""
    port = ship.port or ship.toward
    if not port:
        return ""
    name = _port(port) if form < 2 else SHORT_NAMES.get(port, _port(port)) if form == 2 \
        else port
    left = spaces_left(ship)
    if form == 0 and left is not None:
        name += f", {left} to go"
    return name


def _cargo_width(ship: Ship, priced: bool) -> int:
    prices = _prices(ship) if priced else ["" for _ in ship.cargo]
    if not ship.cargo:
        return text_width("empty", font(TEXT))
    return sum(chip_width(g, p) + 3 for g, p in zip(ship.cargo, prices, strict=True))


def _prices(ship: Ship) -> list[str]:
    bills = {g.id: g.price for g in ocean_trader_content().goods.goods}
    return [str(bills[g]) if g in bills else "" for g in ship.cargo]


def _cargo(draw: ImageDraw.ImageDraw, x: int, cy: int, ship: Ship, priced: bool) -> int:
    if not ship.cargo:
        return draw_text(draw, (x, cy), "empty", font(TEXT), fill=MUTED_INK, anchor="lm")[2]
    prices = _prices(ship) if priced else ["" for _ in ship.cargo]
    for goods, price in zip(ship.cargo, prices, strict=True):
        x = goods_chip(draw, x, cy, goods, price) + 3
    return x


def ship_row(draw: ImageDraw.ImageDraw, x: int, cy: int, right: int, seat: int,
             ship: Ship, two_lines: bool = False) -> None:
    """One ship in an office: its pill, where it is (or the port it is headed for, with the
    spaces to go), its policy and its cargo with the price on each Bill of Lading. On two
    lines (the cargo under the rest) when ``two_lines``; on one, the longest form that fits."""
    style = player_style(seat)
    w = pill_width(style, [ship.number])
    bold = font(TEXT, bold=True)
    ins = text_width("Ins", bold) + 12 if ship.insured else 0
    arrow = 12 if ship.port is None else 0
    start = x + w + 6

    def head_width(form: int) -> int:
        where = _where(ship, form)
        return (arrow + text_width(where, bold) + 8 if where else 0) + ins

    if two_lines:
        cy -= CHIP_H // 2 + 2
        form = next((f for f in range(4) if start + head_width(f) <= right), 3)
        priced = start + _cargo_width(ship, True) <= right
        layout = (form, priced)
    else:
        layout = next(((f, p) for f in range(4) for p in (True, False)
                       if start + head_width(f) + _cargo_width(ship, p) <= right), (3, False))
    ship_pill(draw, (x, cy - PILL_H // 2, x + w, cy + PILL_H // 2), style, [ship.number])
    x = start
    where = _where(ship, layout[0])
    if where:
        if ship.port is None:
            x = _arrow(draw, x, cy)
        x = draw_text(draw, (x, cy), where, bold, anchor="lm")[2] + 8
    if ship.insured:
        x = _insured(draw, x, cy) + 4
    if two_lines:
        x, cy = start, cy + PILL_H // 2 + CHIP_H // 2 + 4
    _cargo(draw, x, cy, ship, layout[1])


def office(draw: ImageDraw.ImageDraw, box: Box, player: PlayerView, name: str,
           own: bool, active: bool, shares: bool = True) -> None:
    """A player's office: name, what is open to view (spare policies; the viewer's own cash and
    share certificates, ``shares`` only in the full game, and another player's holding while
    the table knows it from a challenge or an auction), and every ship."""
    seat = player.seat
    style = player_style(seat)
    inner = inset(box, 10)
    x, y, right = inner[0], inner[1], inner[2]
    if active:
        draw.rounded_rectangle((box[0], box[1], box[2] - 1, box[3] - 1), radius=14,
                               outline=INK, width=4)
    icons.draw_player_marker(draw, (x + 13, y + 13), 26, style)
    extra = ""
    if own and player.cash is not None:
        extra = f"cash {money(player.cash)}"
        if shares and player.shares is not None:
            extra += f", {count(player.shares, 'share')}"
    elif shares and player.shown is not None:  # public: shown in a challenge, kept up to date
        extra = f"{count(player.shown, 'share')} shown"
    if player.spare_policies and not player.eliminated:  # the office is open to view
        spare = count(player.spare_policies, "spare policy", "spare policies")
        extra = f"{extra}, {spare}" if extra else spare
    if player.eliminated:
        extra = "eliminated"
    bold = font(TEXT, bold=True)
    head = font(BODY, bold=True)
    name_w = min(text_width(name, head), (right - x - 32) // 2)
    ex = right
    if extra:
        f = bold  # it holds numbers: bold, in full ink
        while text_width(extra, f) > right - x - 40 - name_w and ", " in extra:
            extra = extra.rsplit(", ", 1)[0]  # the rest is in the status panel's own box
        ex = draw_text(draw, (right, y + 13), extra, f, anchor="rm")[0] - 8
    head = fit_font(name, ex - x - 32, BODY, TEXT, bold=True)
    if text_width(name, head) > ex - x - 32:  # a very long name: regular weight, then cut
        head = font(TEXT)
    draw_text(draw, (x + 32, y + 13), ellipsize(name, head, ex - x - 32), head, anchor="lm")
    y += 30
    ships = sorted(player.ships, key=lambda s: s.number)
    if not ships:
        draw_text(draw, (x, y + 14), "no ships", font(TEXT), fill=MUTED_INK, anchor="lm")
        return
    step = max(min(64, (inner[3] - y) // max(len(ships), 1)), PILL_H)
    two = step >= PILL_H + CHIP_H + 8
    for i, ship in enumerate(ships):
        cy = y + i * step + step // 2
        if cy + PILL_H // 2 > box[3]:
            break
        ship_row(draw, x, cy, right, seat, ship, two_lines=two)
