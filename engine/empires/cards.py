"""Captain's cards (playing them on one's turn, and Captain's Orders at reaction windows) and
History cards (applied at the start of each round "to the extent possible")."""

from __future__ import annotations

from engine.core import Event, seat_ref
from engine.core.words import listing

from . import actions as A
from .combat import attack_sum, counter_text, named_ship, reroll, sides, target_defence
from .effects import ClaimPort, ExtraActions, Fortify, LaunchShip
from .marks import note
from .names import KIND_NAME as KIND_NAME  # re-exported: commands and legal read it here
from .names import cell_text, held, where
from .rules import (
    board,
    content,
    cost_text,
    has,
    launch_cells,
    may_take_port,
    naval_bases,
    owned_ports,
    pay,
    port_card,
    port_level,
    ports_beside_ship,
)
from .state import PIRATE_ID, EmpiresState, Pending, Ship


def card_label(card_id: str) -> str:
    card = content().captain(card_id)
    return f"{card.name} ({cost_text(card.cost_of())}): {card.text}"


# ------------------------------------------------------------------ the turn's card
def fortify_targets(state: EmpiresState, seat: int, to: str) -> list[str]:
    found = []
    for port_id in owned_ports(state, seat):
        forts = state.ports[port_id].forts
        new = 2 if to == "naval_base" else forts + 1
        if forts >= 2 or state.fort_tokens < new - forts:
            continue
        if new == 2 and naval_bases(state, seat) >= content().rules.combat.naval_base_limit:
            continue
        found.append(port_id)
    return found


def claim_targets(state: EmpiresState, seat: int, where: str) -> list[str]:
    if state.players[seat].cubes < 1:
        return []
    if where == "beside_own_ship":
        ports = {p for s in state.ships if s.owner == seat for p in ports_beside_ship(state, s)}
    else:
        continents = {port_card(state, p).continent for p in owned_ports(state, seat)}
        ports = {p for p in state.ports if port_card(state, p).continent in continents}
    return sorted(
        p for p in ports if state.ports[p].owner is None and may_take_port(state, seat, p)
    )


def card_plays(state: EmpiresState, seat: int) -> list[A.PlayCard]:
    """Every way to play a card from the hand as the turn's Captain's card."""
    player = state.players[seat]
    found: list[A.PlayCard] = []
    for card_id in sorted(set(player.hand)):
        card = content().captain(card_id)
        if not has(player, card.cost_of()):
            continue
        label = f"Play {card_label(card_id)}"
        # a card played at one of several places names the place, not its text again for
        # each one (the hand and /empires help give the text)
        short = f"Play {card.name} ({cost_text(card.cost_of())})"
        effect = card.effects[0] if card.effects else None
        if isinstance(effect, LaunchShip):
            if player.pieces[effect.ship] > 0:
                found += [
                    A.PlayCard(card=card_id, cell=c, label=f"{short} at {cell_text(c)}")
                    for c in launch_cells(state, seat)
                ]
        elif isinstance(effect, Fortify):
            found += [
                A.PlayCard(card=card_id, port=p,
                           label=f"{short} at {port_card(state, p).name}")
                for p in fortify_targets(state, seat, effect.to)
            ]
        elif isinstance(effect, ClaimPort):
            found += [
                A.PlayCard(card=card_id, port=p,
                           label=f"{short}: take {port_card(state, p).name}")
                for p in claim_targets(state, seat, effect.where)
            ]
        elif card.type == "order":
            # Full Sail: the only order with an effect outside combat
            if isinstance(effect, ExtraActions):
                found.append(A.PlayCard(card=card_id, label=label))
        else:
            found.append(A.PlayCard(card=card_id, label=label))
    return found


def discards(state: EmpiresState, seat: int) -> list[A.DiscardCard]:
    gold = content().rules.turn.discard_for_gold
    return [
        A.DiscardCard(card=c, label=f"Discard {content().captain(c).name} for {gold} Gold")
        for c in sorted(set(state.players[seat].hand))
    ]


def launch(
    state: EmpiresState, seat: int, kind: str, cell: tuple[int, int], events: list[Event]
) -> Ship:
    player = state.players[seat]
    player.pieces[kind] -= 1
    ship = Ship(id=f"{player.nation}{state.next_ship}", owner=seat, kind=kind, cell=cell)
    state.next_ship += 1
    state.ships.append(ship)
    note(state, "launch", seat=seat, ship=ship.id, kind=kind, cell=cell)
    events.append(
        Event(
            kind="launch",
            seat=seat,
            text=f"{seat_ref(seat)} launches a {KIND_NAME[kind]} "
            f"{where(state.side, cell, held(state, seat))}.",
            data={"ship": ship.id, "cell": list(cell)},
        )
    )
    return ship


def claim(state: EmpiresState, seat: int, port_id: str, events: list[Event], how: str) -> None:
    """Takes an uncontrolled port (bought, by a card, by History or the end-of-round draw).

    "A nation can only have 2 Naval Bases. If a third is captured in an attack, remove one Fort
    token": a port left with its Fort tokens (one that fell to a player without a port cube,
    or one a History card set free) is gained the same way by every other route too, so a
    third Naval Base always comes down to a Fort."""
    state.players[seat].cubes -= 1
    hold = state.ports[port_id]
    limit = content().rules.combat.naval_base_limit
    cut = hold.forts >= 2 and naval_bases(state, seat) >= limit
    hold.owner = seat
    note(state, "port", seat=seat, port=port_id, how="bought" if how == "buys" else "claimed")
    text = f"{seat_ref(seat)} {how} {port_card(state, port_id).name}"
    if cut:
        hold.forts = 1
        state.fort_tokens += 1
        text += " (a third Naval Base: one Fort token is removed)"
    events.append(
        Event(
            kind="port_claimed",
            seat=seat,
            text=text + ".",
            data={"port": port_id, "forts": hold.forts} if cut else {"port": port_id},
        )
    )


def play_card(state: EmpiresState, seat: int, action: A.PlayCard, events: list[Event]) -> None:
    player = state.players[seat]
    card = content().captain(action.card)
    pay(player, card.cost_of())
    player.hand.remove(action.card)
    note(state, "card", seat=seat, card=card.id, how="played")
    events.append(
        Event(
            kind="card_played",
            seat=seat,
            reveals=True,  # the card is shown: no undo past it
            text=f"{seat_ref(seat)} plays {card.name}.",
            data={"card": card.id},
        )
    )
    turn = state.turn_state
    assert turn is not None
    for e in card.effects:
        if e.effect == "launch_ship":
            assert action.cell is not None
            launch(state, seat, e.ship, action.cell, events)
        elif e.effect == "fortify":
            assert action.port is not None
            hold = state.ports[action.port]
            new = 2 if e.to == "naval_base" else hold.forts + 1
            state.fort_tokens -= new - hold.forts
            hold.forts = new
            note(state, "fortify", seat=seat, port=action.port, how=port_level(new))
            events.append(
                Event(
                    kind="fortified",
                    seat=seat,
                    text=f"{port_card(state, action.port).name}"
                    f" is now a {port_level(new).replace('_', ' ').title()}.",
                )
            )
        elif e.effect == "claim_port":
            assert action.port is not None
            claim(state, seat, action.port, events, "takes command of")
        elif e.effect == "gain":
            for r, n in e.items():
                setattr(player, r, getattr(player, r) + n)
        elif e.effect == "attack_keeps_turn":
            turn.keep_turn_on_attack = True
        elif e.effect == "extra_actions":
            turn.actions += e.amount
    if card.type in ("advancement", "industry"):
        player.in_front.append(card.id)
    else:
        state.captain_discard.append(card.id)


# ------------------------------------------------------------------ Captain's Orders in combat
def window_orders(state: EmpiresState, seat: int) -> list[A.PlayOrder]:
    c = state.combat
    if c is None or seat not in c.waiting or c.stage == "targets":
        return []
    attacking = seat == c.attacker
    defending = seat == c.defender
    rolled = c.stage == "rolled"
    at_ship = c.target_kind == "ship"
    found: list[A.PlayOrder] = []
    for card_id in sorted(set(state.players[seat].hand)):
        card = content().captain(card_id)
        if card.type != "order" or not card.effects:
            continue
        e = card.effects[0]
        name = card.name
        if e.effect == "cancel_attack" and defending and at_ship:
            found.append(A.PlayOrder(card=card_id, label=f"Play {name}: call off this attack"))
        elif e.effect == "roll_bonus":
            if attacking:
                found.append(
                    A.PlayOrder(card=card_id, label=f"Play {name}: +{e.amount} to the attack")
                )
            if defending and rolled:
                found += [
                    A.PlayOrder(
                        card=card_id,
                        ship=s,
                        label=f"Play {name}: +{e.amount} to the counter-attack on "
                        f"{named_ship(state, s)}",
                    )
                    for s in c.counters
                ]
        elif e.effect == "defence_bonus":
            if defending:
                found.append(
                    A.PlayOrder(
                        card=card_id,
                        label=f"Play {name}: +{e.amount} defence for your attacked ship or port",
                    )
                )
            if attacking and at_ship:
                ships = c.counters if rolled else c.ships
                found += [
                    A.PlayOrder(
                        card=card_id,
                        ship=s,
                        label=f"Play {name}: +{e.amount} "
                        f"defence for {named_ship(state, s)} against the counter-attack",
                    )
                    for s in ships
                    if s != PIRATE_ID or c.source == "pirate"
                ]
        elif e.effect == "reroll" and rolled:
            if attacking:
                found += [
                    A.PlayOrder(
                        card=card_id,
                        die=("attack", i),
                        label=f"Play {name}: re-roll attack die {i + 1} (a {d})",
                    )
                    for i, d in enumerate(c.attack_dice)
                ]
            if defending:
                found += [
                    A.PlayOrder(
                        card=card_id,
                        die=("counter", i),
                        label=f"Play {name}: re-roll the counter-attack die {i + 1} (a {d})",
                    )
                    for i, d in enumerate(c.counter_dice)
                ]
        elif e.effect == "steal_gage" and defending and at_ship:
            found.append(
                A.PlayOrder(
                    card=card_id,
                    label=f"Play {name}: the attacker loses the "
                    f"Weather Gage, +{e.counter_bonus} to your counter-attack",
                )
            )
    return found


def window_text(state: EmpiresState) -> str:
    """What the open reaction window lets each waiting side answer, by the rules alone: the
    Captain's Orders the stage allows each of them (found by offering that side one of every
    Order), never what anyone holds; passing is always allowed."""
    c = state.combat
    assert c is not None
    orders = [card.id for card in content().captains.cards if card.type == "order"]
    allowed = []
    for seat in c.waiting:
        # window_orders reads only the combat, the ships and this hand: a shallow probe
        probe = state.model_copy()
        probe.players = list(state.players)
        probe.players[seat] = state.players[seat].model_copy(update={"hand": list(orders)})
        names = {content().captain(a.card).name for a in window_orders(probe, seat)}
        allowed.append((seat, [content().captain(o).name for o in orders
                               if content().captain(o).name in names]))
    who = listing([seat_ref(s) for s in c.waiting])
    many = len(c.waiting) > 1
    parts = [f"{seat_ref(s)}: {either(names)}" for s, names in allowed if names]
    goes_on = ("the attack goes on once every side has passed" if many
               else "the attack goes on once they pass")
    if not parts:
        return f"{who} {'can each only pass' if many else 'can only pass'}; {goes_on}."
    # the Orders the moment allows, not what anyone holds (a hand is secret)
    return (f"{who} {'may each' if many else 'may'} pass or play a Captain's Order; {goes_on}. "
            f"Orders the rules allow now, whatever anyone holds: {'; '.join(parts)}.")


def either(parts: list[str]) -> str:
    """"a", "a or b", "a, b or c"."""
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " or " + parts[-1]


def play_order(state: EmpiresState, seat: int, action: A.PlayOrder, events: list[Event]) -> None:
    c = state.combat
    player = state.players[seat]
    card = content().captain(action.card)
    player.hand.remove(action.card)
    state.captain_discard.append(action.card)
    note(state, "card", seat=seat, card=card.id, how="played")
    events.append(
        Event(
            kind="order_played",
            seat=seat,
            reveals=True,  # the card is shown: no undo past it
            text=f"{seat_ref(seat)} plays {card.name}.",
            data={
                "card": card.id,
                "ship": action.ship,
                "die": list(action.die) if action.die else None,
            },
        )
    )
    e = card.effects[0]
    if c is None:  # Full Sail on one's own turn
        assert state.turn_state is not None and e.effect == "extra_actions"
        state.turn_state.actions += e.amount
        return
    c.orders.append((seat, card.id))
    if e.effect == "cancel_attack":
        c.cancelled = True
    elif e.effect == "roll_bonus":
        if action.ship is None:
            c.attack_mod += e.amount
        else:
            c.counter_mod[action.ship] = c.counter_mod.get(action.ship, 0) + e.amount
    elif e.effect == "defence_bonus":
        if action.ship is None:
            c.defence_mod += e.amount
        else:
            c.attacker_defence_mod[action.ship] = (
                c.attacker_defence_mod.get(action.ship, 0) + e.amount
            )
    elif e.effect == "reroll":
        assert action.die is not None
        reroll(state, action.die[0], action.die[1], events)
    elif e.effect == "steal_gage":
        c.gage_lost = True
        for s in c.ships:
            c.counter_mod[s] = c.counter_mod.get(s, 0) + e.counter_bonus
    if c.stage == "rolled" and e.effect in ("roll_bonus", "defence_bonus", "steal_gage"):
        # the dice are known: the line tells the new totals before anyone answers
        i = next(i for i in range(len(events) - 1, -1, -1) if events[i].kind == "order_played")
        events[i] = events[i].model_copy(update={
            "text": f"{events[i].text} Attack {attack_sum(state, c)} against defence "
                    f"{target_defence(state, c)}.{counter_text(state, c)}"})
    # the other side may answer this order
    for other in sides(c):
        if other != seat and other not in c.waiting:
            c.waiting.append(other)


def full_sail_orders(state: EmpiresState, seat: int) -> list[A.PlayOrder]:
    found = []
    for card_id in sorted(set(state.players[seat].hand)):
        card = content().captain(card_id)
        e = card.effects[0] if card.effects else None
        if card.type == "order" and e is not None and e.effect == "extra_actions":
            found.append(
                A.PlayOrder(
                    card=card_id, label=f"Play {card.name}: +{e.amount} actions this turn"
                )
            )
    return found


# ------------------------------------------------------------------ History cards
def apply_history(state: EmpiresState, events: list[Event]) -> None:
    """Follow the History card "to the extent possible": effects on absent nations do nothing."""
    card = content().history_card(state.history or "")
    state.pirate_actions_bonus = 0
    order = state.order()
    told: list[str] = []  # what the card gave and took, added to the line that reveals it

    def changed(s: int, resource: str, n: int, verb: str = "gains") -> None:
        if n:
            told.append(f"{seat_ref(s)} {verb} {n} {resource.capitalize()}")

    def seat(nation_id: str | None) -> int | None:
        return None if nation_id is None else state.seat_of(nation_id)

    for e in card.effects:
        if e.effect == "gain":
            s = seat(e.nation)
            if s is not None:
                got = []
                for r, n in e.items():
                    setattr(state.players[s], r, getattr(state.players[s], r) + n)
                    got += [f"{n} {r.capitalize()}"] if n else []
                if got:
                    told.append(f"{seat_ref(s)} gains {listing(got)}")
        elif e.effect == "gain_per_port":
            s = seat(e.nation)
            if s is not None:
                n = len(owned_ports(state, s))
                n = min(n, e.maximum) if e.maximum is not None else n
                setattr(state.players[s], e.resource, getattr(state.players[s], e.resource) + n)
                changed(s, e.resource, n)
        elif e.effect == "pirate_actions":
            state.pirate_actions_bonus += e.amount
        elif e.effect == "lose_gold":
            s = seat(e.nation)
            if s is not None:
                p = state.players[s]
                lost = p.gold // 2 if e.half else min(p.gold, e.amount)
                p.gold -= lost
                changed(s, "gold", lost, "loses")
        elif e.effect == "pay_gold":
            s, to = seat(e.nation), seat(e.to)
            if s is not None and to is not None:
                n = min(e.amount, state.players[s].gold)
                state.players[s].gold -= n
                state.players[to].gold += n
                if n:
                    told.append(f"{seat_ref(s)} pays {n} Gold to {seat_ref(to)}")
        elif e.effect == "free_claim":
            for s in order:
                if not e.nations or state.players[s].nation in e.nations:
                    state.pending.append(Pending(kind="claim", seat=s, continent=e.continent))
        elif e.effect == "choose_resources":
            s = seat(e.nation)
            if s is not None:
                state.pending.append(
                    Pending(kind="choose_resource", seat=s, count=e.amount, optional=False)
                )
        elif e.effect == "free_launch":
            s = seat(e.nation)
            if s is not None:
                state.pending.append(Pending(kind="launch", seat=s, ship=e.ship))
        elif e.effect == "release_port":
            s = seat(e.nation)
            if s is not None:
                hold = state.ports.get(e.port)
                if hold is not None and hold.owner == s:
                    hold.owner = None
                    state.players[s].cubes += 1
                    note(state, "port", seat=s, port=e.port, how="freed")
                    events.append(
                        Event(
                            kind="port_lost",
                            reveals=True,  # final, as every port lost (see combat.finish)
                            text=f"{port_card(state, e.port).name} becomes uncontrolled.",
                        )
                    )
                else:
                    lost = min(state.players[s].gold, e.else_lose_gold)
                    state.players[s].gold -= lost
                    changed(s, "gold", lost, "loses")
        elif e.effect == "to_mediterranean":
            for s in order:
                state.pending.append(Pending(kind="relocate", seat=s, optional=False))
        elif e.effect == "free_attack":
            s = seat(e.nation)
            if s is None:
                continue
            if e.against == "pirate" and not state.pirate_afloat:
                state.players[s].gold += e.instead_gold
                changed(s, "gold", e.instead_gold)
            else:
                state.pending.append(
                    Pending(kind="free_attack", seat=s, bonus=e.bonus, against=e.against)
                )

    revealed = next((ev for ev in reversed(events) if ev.kind == "history"), None)
    if told and revealed is not None:
        revealed.text += " " + "; ".join(told) + "."


def relocate_options(
    state: EmpiresState, seat: int
) -> tuple[list[Ship], list[tuple[int, int]], bool]:
    """Battle of Trafalgar: (ships that may move, free Mediterranean cells, whether optional)."""
    b = board(state)
    occupied = {s.cell for s in state.ships}
    med = sorted(c for c in b.sea if b.in_region(c, "mediterranean") and c not in occupied)
    mine = [s for s in state.ships if s.owner == seat]
    outside = [s for s in mine if not b.in_region(s.cell, "mediterranean")]
    if not med or not mine:
        return [], [], True
    if outside:
        rank = {"transport": 0, "frigate": 1, "ship_of_the_line": 2}
        best = max(rank[s.kind] for s in outside)
        return [s for s in outside if rank[s.kind] == best], med, False
    if len(mine) == 1:
        return mine, med, True
    return [], [], True

