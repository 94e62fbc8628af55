"""The Ocean Trader board's panels: the turn status (whose turn, the die, decisions pending,
the countdown), the World Trade cards in play and the players' offices."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from engine.ocean_trader.content import ocean_trader_content
from engine.ocean_trader.state import OceanTraderView, PendingView, PlayerView, Ship
from render.common import icons
from render.common.canvas import draw_text, draw_wrapped
from render.common.fonts import ellipsize, font, line_height, text_width
from render.common.layout import Box, inset
from render.common.palette import GOLD, INK, MUTED_INK, WHITE, player_style, shade

from .style import (
    BODY,
    CARDS_BOX,
    CHIP_H,
    HEAD,
    INSURED,
    PILL_H,
    SOLD,
    STATUS_BOX,
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


def countdown_text(view: OceanTraderView, names: Sequence[str]) -> str:
    if view.variant == "short":
        playing = [p.turns for p in view.players if not p.eliminated] or [0]
        left = max(view.turn_limit - min(playing), 0)
        return f"Short game: {left} of {view.turn_limit} rounds left"
    if view.claim is not None:
        c = view.claim
        left = max(c.turns_needed - c.turns_done, 0)
        return (f"{seat_name(names, c.claimant)} claims a majority: "
                f"{left} of {c.turns_needed} turns left")
    return f"No majority claimed ({view.certificates} certificates)"


def _line(draw: ImageDraw.ImageDraw, x: int, y: int, right: int, text: str, bold: bool = False,
          fill: tuple[int, int, int] = INK) -> int:
    f = font(TEXT, bold=bold)
    draw_text(draw, (x, y), ellipsize(text, f, right - x), f, fill=fill)
    return y + line_height(f, 1.1)


def status(draw: ImageDraw.ImageDraw, view: OceanTraderView, names: Sequence[str]) -> None:
    box = inset(STATUS_BOX, 14)
    x, y, right = box[0], box[1], box[2]
    mode = "short game" if view.variant == "short" else "full game"
    draw_text(draw, (x, y), "Ocean Trader", font(HEAD, bold=True))
    draw_text(draw, (right, y + 4), mode, font(TEXT), fill=MUTED_INK, anchor="ra")
    y += 38
    if view.finished:
        _finished(draw, (x, y, right, box[3]), view, names)
        return
    style = player_style(view.active)
    icons.draw_player_marker(draw, (x + 14, y + 14), 28, style)
    who = ellipsize(f"{seat_name(names, view.active)} to play", font(BODY, bold=True),
                    right - x - 36 - 70)
    draw_text(draw, (x + 36, y + 14), who, font(BODY, bold=True), anchor="lm")
    draw_text(draw, (right, y + 14), f"turn {view.turn + 1}", font(TEXT), fill=MUTED_INK,
              anchor="rm")
    y += 36
    if view.thrown is not None:
        icons.draw_die(draw, (x + 20, y + 20), 40, min(max(view.thrown, 1), 6))
        text = f"Threw {view.thrown}"
        if view.voyage is not None and view.voyage.ship is not None:
            text += f": ship {view.voyage.ship} moving, {view.voyage.steps} to go"
        elif view.voyage is not None and view.voyage.queue:
            text += f"; ships {', '.join(map(str, view.voyage.queue))} to move"
        draw_wrapped(draw, (x + 50, y + 2, right, y + 48), text, font(TEXT), max_lines=2)
        y += 48
    else:
        y = _line(draw, x, y, right, "Die not thrown yet", fill=MUTED_INK)
    y = draw_wrapped(draw, (x, y, right, y + 52), countdown_text(view, names),
                     font(TEXT, bold=True), max_lines=2) + 6
    notes: list[str] = []
    if view.pending is not None:
        notes.append("Waiting for " + pending_text(view.pending, names))
        if view.pending.cards:
            content = ocean_trader_content()
            for card_id in view.pending.cards:
                try:
                    card = content.trade_card(card_id)
                    wanted = content.good(card.goods).name
                    notes.append(f"  next: {_port(card.port)} wants {wanted}")
                except KeyError:
                    pass
    if view.auction is not None:
        au = view.auction
        waiting = ", ".join(seat_name(names, s) for s in au.waiting_for) or "nobody"
        notes.append(f"Share auction by {seat_name(names, au.seller)}; bids from {waiting}")
        if au.my_bid is not None:
            notes.append(f"  your sealed bid: {money(au.my_bid)}")
    if view.last_prospect:
        try:
            title = ocean_trader_content().prospect(view.last_prospect).title
        except KeyError:
            title = view.last_prospect
        notes.append(f"Last Prospect card: {title}")
    f = font(TEXT)
    for note in notes:
        if y + line_height(f) > box[3]:
            break
        y = draw_wrapped(draw, (x, y, right, box[3]), note, f, max_lines=2) + 4


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
        y = draw_wrapped(draw, (x, y, right, y + 50), view.end_reason, font(TEXT),
                         max_lines=2) + 6
    assets = view.final_assets
    if assets:
        y = _line(draw, x, y, right, "Total assets", bold=True)
        order = sorted(range(len(assets)), key=lambda s: -assets[s])
        for seat in order:
            if y + 24 > box[3]:
                break
            icons.draw_player_marker(draw, (x + 10, y + 11), 20, player_style(seat))
            draw_text(draw, (right, y), money(assets[seat]), font(TEXT), anchor="ra")
            _line(draw, x + 26, y, right - 80, seat_name(names, seat))
            y += 26


def trade_cards(draw: ImageDraw.ImageDraw, view: OceanTraderView) -> None:
    content = ocean_trader_content()
    box = inset(CARDS_BOX, 14)
    x, right = box[0], box[2]
    draw_text(draw, (x, box[1]), "World Trade cards", font(HEAD, bold=True))
    draw_text(draw, (right, box[1] + 4), f"deck {view.trade_deck_size}", font(TEXT),
              fill=MUTED_INK, anchor="ra")
    top = box[1] + 40
    draw.line([(x, top - 6), (right, top - 6)], fill=MUTED_INK, width=1)
    slots = view.in_play
    if not slots:
        draw_text(draw, (x, top), "none in play", font(TEXT), fill=MUTED_INK)
        return
    step = min(38, (box[3] - top) // max(len(slots), 1))
    multipliers = content.rules.world_trade.sale_multipliers
    per_card = content.rules.world_trade.purchases_per_card
    bold, regular = font(TEXT, bold=True), font(TEXT)
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
        pays = draw_text(draw, (right, cy), f"pays {money(price)}", regular, anchor="rm")
        bx = pays[0] - 10 - per_card * 20
        for k in range(per_card):  # the sales made: a filled box per Bill laid beside it
            b = (bx + k * 20, cy - 8, bx + k * 20 + 15, cy + 8)
            draw.rectangle(b, fill=SOLD if k < sold else WHITE, outline=INK, width=2)
        chip_x = bx - 12 - chip_width(card.goods)
        goods_chip(draw, chip_x, cy, card.goods)
        name = ellipsize(_port(card.port), bold, chip_x - 8 - x)
        draw_text(draw, (x, cy), name, bold, anchor="lm")


def _arrow(draw: ImageDraw.ImageDraw, x: int, cy: int) -> int:
    draw.polygon([(x, cy - 6), (x + 10, cy), (x, cy + 6)], fill=INK)
    return x + 12


def _insured(draw: ImageDraw.ImageDraw, x: int, cy: int) -> int:
    f = font(TEXT, bold=True)
    w = text_width("Ins", f) + 8
    draw.rounded_rectangle((x, cy - 12, x + w - 1, cy + 11), radius=5, fill=INSURED)
    draw_text(draw, (x + w // 2, cy), "Ins", f, fill=WHITE, anchor="mm")
    return x + w


def ship_row(draw: ImageDraw.ImageDraw, x: int, cy: int, right: int, seat: int,
             ship: Ship) -> None:
    """One ship in an office: its pill, where it is, its policy and its cargo with the price
    on each Bill of Lading."""
    style = player_style(seat)
    w = pill_width(style, [ship.number])
    ship_pill(draw, (x, cy - PILL_H // 2, x + w, cy + PILL_H // 2), style, [ship.number])
    x += w + 4
    bold = font(TEXT, bold=True)
    bills = {g.id: g.price for g in ocean_trader_content().goods.goods}
    prices = [str(bills[g]) if g in bills else "" for g in ship.cargo]
    need = sum(chip_width(g, p) + 3 for g, p in zip(ship.cargo, prices, strict=True))
    need += text_width("Ins", bold) + 12 if ship.insured else 0
    where = ship.port or ship.toward or ""
    if where and x + text_width(where, bold) + 16 + need <= right:  # else the chart shows it
        if ship.port is None:
            x = _arrow(draw, x, cy)
        x = draw_text(draw, (x, cy), where, bold, anchor="lm")[2] + 4
    if ship.insured:
        x = _insured(draw, x, cy) + 4
    for goods, price in zip(ship.cargo, prices, strict=True):
        if x + chip_width(goods, price) > right:
            draw_text(draw, (right, cy), "+", bold, anchor="rm")
            break
        x = goods_chip(draw, x, cy, goods, price) + 3
    if not ship.cargo:
        draw_text(draw, (x, cy), "empty", font(TEXT), fill=MUTED_INK, anchor="lm")


def office(draw: ImageDraw.ImageDraw, box: Box, player: PlayerView, name: str,
           own: bool, active: bool) -> None:
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
        if player.shares is not None:
            extra += f", {player.shares} sh"
    if player.spare_policies and not player.eliminated:  # the office is open to view
        spare = (f"{player.spare_policies} spare "
                 f"{'policy' if player.spare_policies == 1 else 'policies'}")
        extra = f"{extra}, {spare}" if extra else spare
    if player.eliminated:
        extra = "eliminated"
    bold = font(TEXT, bold=True)
    ex = right
    if extra:
        ex = draw_text(draw, (right, y + 13), extra, bold if own else font(TEXT),
                       fill=INK if own else MUTED_INK, anchor="rm")[0] - 8
    draw_text(draw, (x + 32, y + 13), ellipsize(name, font(BODY, bold=True), ex - x - 32),
              font(BODY, bold=True), anchor="lm")
    y += 30
    ships = sorted(player.ships, key=lambda s: s.number)
    if not ships:
        draw_text(draw, (x, y + 14), "no ships", font(TEXT), fill=MUTED_INK, anchor="lm")
        return
    step = max(min(34, (inner[3] - y) // max(len(ships), 1)), PILL_H)
    for i, ship in enumerate(ships):
        cy = y + i * step + step // 2
        if cy + PILL_H // 2 > box[3]:
            break
        ship_row(draw, x, cy, right, seat, ship)
