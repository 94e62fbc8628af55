"""Who may act, and every legal action of a seat, each with a label a player can read."""

from __future__ import annotations

import itertools

from engine.core import Action

from . import actions as A
from .cards import (
    KIND_NAME,
    card_plays,
    discards,
    full_sail_orders,
    relocate_options,
    window_orders,
)
from .combat import counter_limit
from .content import Cell
from .effects import RESOURCES
from .names import cell_text, held, ship_words
from .rules import (
    attack_banned,
    board,
    claimable_ports,
    content,
    front_effects,
    has,
    launch_cells,
    may_take_port,
    port_card,
    ports_beside_ship,
    sail_moves,
    sailing_allowed,
    trade_banned,
    trade_yield,
)
from .state import PIRATE, PIRATE_ID, PIRATES_BAY, EmpiresState, Ship


def actors(state: EmpiresState) -> set[int]:
    if state.finished:
        return set()
    if state.combat is not None:
        return set(state.combat.waiting)
    if state.pending:
        return {state.pending[0].seat}
    if state.phase == "bribe":
        return {s for s, b in enumerate(state.bribes) if b is None}
    if state.phase in ("turns", "pirate") and state.turn_state is not None:
        return {state.turn_state.seat}
    return set()


def legal_actions(state: EmpiresState, seat: int) -> list[Action]:
    if seat not in actors(state):
        return []
    if state.combat is not None:
        c = state.combat
        if c.stage == "targets":
            return counter_target_choices(state)
        return [*window_orders(state, seat), A.Pass(label="Pass (play no Captain's Order)")]
    if state.pending:
        return pending_actions(state, seat)
    if state.phase == "bribe":
        gold = state.players[seat].gold
        return [A.Bribe(amount=n, label=f"Bribe the Pirate with {n} Gold") for n in range(gold + 1)]
    turn = state.turn_state
    assert turn is not None
    if turn.pirate:
        pirate = state.ship(PIRATE_ID)
        found: list[Action] = []
        if pirate is not None and turn.actions > 0:
            found += sails(state, pirate, True)
            found += attacks(state, seat, [pirate])
        return [*found, A.EndTurn(label="End the Pirate's turn")]
    if turn.stage == "card":
        return [*card_plays(state, seat), *discards(state, seat)]
    mine = [s for s in state.ships if s.owner == seat]
    found = []
    if turn.actions > 0:
        for ship in mine:
            found += sails(state, ship, turn.turned or not _turning(state, seat))
        found += trades(state, seat, mine)
        found += buys(state, seat, mine)
        found += attacks(state, seat, mine)
    found += full_sail_orders(state, seat)
    return [*found, A.EndTurn(label="End your turn")]


def _turning(state: EmpiresState, seat: int) -> bool:
    return any(e.effect == "turning_sail" for e in front_effects(state, seat))


def sails(state: EmpiresState, ship: Ship, no_turn: bool) -> list[Action]:
    if not sailing_allowed(state):
        return []
    return [
        A.Sail(
            ship=ship.id,
            to=to,
            via=via,
            label=f"Sail the {_ship_text(state, ship)} to {place_text(state, to)}"
            + (f", turning at {cell_text(via)}" if via else ""),
        )
        for to, via in sail_moves(state, ship, turning=not no_turn)
    ]


def trades(state: EmpiresState, seat: int, mine: list[Ship]) -> list[Action]:
    player = state.players[seat]
    ports = sorted({p for s in mine for p in ports_beside_ship(state, s)})
    found: list[Action] = []
    n = trade_yield(state, seat)
    for port_id in ports:
        if trade_banned(state, seat, port_id):
            continue
        card = port_card(state, port_id)
        for give in RESOURCES:
            # rulebook, Trading: "pay one resource to the bank for one resource of the type
            # produced by that port": any resource, the port's own too while a card gives
            # more than one for one (one for one it is no trade, only an action spent)
            if getattr(player, give) > 0 and (give != card.produces or n > 1):
                found.append(
                    A.Trade(
                        port=port_id,
                        give=give,
                        label=f"Trade 1 {give.capitalize()} for {n} "
                              f"{card.produces.capitalize()} at {card.name}",
                    )
                )
    return found


def buys(state: EmpiresState, seat: int, mine: list[Ship]) -> list[Action]:
    player = state.players[seat]
    cost = content().rules.turn.buy_port_cost
    if not has(player, cost) or player.cubes < 1:
        return []
    ports = sorted(
        {
            p
            for s in mine
            for p in ports_beside_ship(state, s)
            if state.ports[p].owner is None and may_take_port(state, seat, p)
        }
    )
    return [
        A.BuyPort(
            port=p,
            label=f"Buy {port_card(state, p).name} for 1 Gold, 1 Steel, 1 Wood (ends your turn)",
        )
        for p in ports
    ]


def attack_targets(state: EmpiresState, seat: int, pirate: bool) -> list[tuple[str, object]]:
    """(target id, the target's cell) of every enemy ship and port."""
    b = board(state)
    found: list[tuple[str, object]] = []
    for s in state.ships:
        if pirate:
            if s.owner not in (PIRATE, seat):
                found.append((s.id, s.cell))
        elif (
            s.owner != seat
            and attack_banned(state, seat, None if s.owner == PIRATE else s.owner) is None
        ):
            found.append((s.id, s.cell))
    for port_id, hold in state.ports.items():
        if hold.owner is not None and hold.owner != seat:
            if pirate or attack_banned(state, seat, hold.owner) is None:
                found.append((port_id, b.ports[port_id].cell))
    if not pirate and attack_banned(state, seat, None) is None:
        found.append((PIRATES_BAY, b.pirates_bay))
    return found


def attacks(
    state: EmpiresState,
    seat: int,
    mine: list[Ship],
    single: bool = False,
    bonus_against: str | None = None,
    labels: bool = True,
) -> list[Action]:
    """Every attack: a lead ship and any other own ships beside the same target (without
    labels for a search's playouts, which show no one the moves)."""
    pirate = bool(mine) and mine[0].id == PIRATE_ID
    found: list[Action] = []
    by_cell = {s.cell: s for s in mine}
    # ruling "The Pirate's turn": its attacks use one action each; a player's attack ends the
    # turn, but for the first one after a Letter of Marque (a History card's free attack,
    # made outside any turn, relabels it)
    turn = state.turn_state
    keeps = turn is not None and turn.keep_turn_on_attack and not state.pending
    ending = "" if pirate else (" (Letter of Marque: your turn goes on)" if keeps
                                else " (ends the turn)")
    for target, cell in attack_targets(state, seat, pirate):
        if bonus_against is not None and not _owned_by(state, target, bonus_against):
            continue
        beside = [by_cell[c] for c in board(state).neighbours(cell) if c in by_cell]  # type: ignore[arg-type]
        for lead in beside:
            others = [s.id for s in beside if s.id != lead.id]
            sizes = [0] if single else range(len(others) + 1)
            for size in sizes:
                for fleet in itertools.combinations(others, size):
                    if not labels:
                        found.append(A.Attack(ship=lead.id, fleet=fleet, target=target))
                        continue
                    extra = (" with the " + " and the ".join(
                        _ship_text(state, state.ship(f)) for f in fleet)) if fleet else ""
                    found.append(
                        A.Attack(
                            ship=lead.id,
                            fleet=fleet,
                            target=target,
                            label=f"Attack {_target_name(state, target)} with the "
                            f"{_ship_text(state, lead)}{extra}{ending}",
                        )
                    )
    return found


def _owned_by(state: EmpiresState, target: str, against: str) -> bool:
    if against == "pirate":
        return target == PIRATE_ID
    ship = state.ship(target)
    owner = (
        ship.owner
        if ship is not None
        else (state.ports[target].owner if target in state.ports else None)
    )
    return owner is not None and owner >= 0 and state.players[owner].nation == against


def _target_name(state: EmpiresState, target: str) -> str:
    if target == PIRATE_ID:
        return "the Pirate"
    if target == PIRATES_BAY:
        return "Pirate's Bay"
    ship = state.ship(target)
    if ship is not None:
        name = content().nation(state.players[ship.owner].nation).name
        return f"{name}'{'' if name.endswith('s') else 's'} {_ship_text(state, ship)}"
    return port_card(state, target).name


def _ship_text(state: EmpiresState, ship: Ship | None) -> str:
    """``Frigate at Havana`` (after "the"; the kinds are the game's own names, written as the
    board and the rulebook write them: "the Ship of the Line", never "the ship of the Line")."""
    if ship is None:
        return "ship"
    if ship.id == PIRATE_ID:
        return "Pirate"
    return ship_words(ship, state.ships, state.side, held(state, ship.owner))


def place_text(state: EmpiresState, cell: Cell) -> str:
    """A sea cell for people: ``[7, 5] beside Havana``."""
    board = content().board(state.side)
    ports = [board.ports[board.port_at[c]].name for c in board.neighbours(cell)
             if c in board.port_at]
    return cell_text(cell) + (" beside " + " and ".join(ports) if ports else "")


def counter_target_choices(state: EmpiresState) -> list[Action]:
    c = state.combat
    assert c is not None
    limit = counter_limit(state, c)
    return [
        A.CounterTargets(ships=combo, label="Counter-attack the " + " and the ".join(
            _ship_text(state, state.ship(s)) for s in combo))
        for n in range(1, limit + 1)
        for combo in itertools.combinations(c.ships, n)
    ]


def pending_actions(state: EmpiresState, seat: int) -> list[Action]:
    p = state.pending[0]
    found: list[Action] = []
    if p.kind == "claim":
        found = [
            A.ClaimPort(port=x, label=f"Take {port_card(state, x).name} free")
            for x in claimable_ports(state, seat, p.continent)
        ]
    elif p.kind == "choose_resource":
        return [A.ChooseResource(resource=r, label=f"Take 1 {r.capitalize()}") for r in RESOURCES]
    elif p.kind == "draw_port":
        free = recovery_ports(state, seat)
        if free:
            closed = len(free) < sum(1 for h in state.ports.values() if h.owner is None)
            found = [A.Draw(label="Draw a Port card at random and take that port free"
                            + (" (among the ports the History card leaves open)" if closed
                               else ""))]
    elif p.kind == "launch":
        shipless = not p.recovery or not any(s.owner == seat for s in state.ships)
        if shipless and state.players[seat].pieces[p.ship] > 0:
            found = [
                A.Launch(cell=c, label=f"Launch a free {KIND_NAME[p.ship]} at "
                         f"{place_text(state, c)}")
                for c in launch_cells(state, seat)
            ]
    elif p.kind == "relocate":
        ships, cells, optional = relocate_options(state, seat)
        found = [
            A.Relocate(ship=s.id, cell=c, label=f"Move the {_ship_text(state, s)} to "
                       f"{place_text(state, c)} in the Mediterranean")
            for s in ships
            for c in cells
        ]
        if not optional:
            return found
    elif p.kind == "free_attack":
        mine = [s for s in state.ships if s.owner == seat]
        found = [a for a in attacks(state, seat, mine, single=True, bonus_against=p.against)]
        found = [
            a.model_copy(
                update={"label": a.label.replace("(ends the turn)", f"(free, +{p.bonus})")}
            )
            for a in found
        ]
    elif p.kind == "refill":
        hand = state.players[seat].hand
        orders = sorted({c for c in hand if content().captain(c).type == "order"})
        # the refill first: a number typed out of habit picks it, not an Order thrown away
        return [
            A.Draw(label="Refill your hand to six cards"),
            *[
                A.DiscardOrder(card=c, label=f"Discard {content().captain(c).name} unplayed, "
                                             "before refilling (no effect)")
                for c in orders
            ],
        ]
    return [*found, A.Decline(label="Decline")]


def recovery_ports(state: EmpiresState, seat: int) -> list[str]:
    """The ports the end-of-round draw can give ``seat``: none unless it holds no port and has
    a cube left."""
    if state.players[seat].cubes < 1 or any(h.owner == seat for h in state.ports.values()):
        return []
    # a History card that closes ports (the Monroe Doctrine) holds until the next one is
    # drawn, so through this round's recovery too: the draw is among the ports it leaves open
    return sorted(p for p, h in state.ports.items()
                  if h.owner is None and may_take_port(state, seat, p))


def pending_has_choice(state: EmpiresState) -> bool:
    """Whether the first pending decision offers more than declining (else it is skipped)."""
    p = state.pending[0]
    if p.kind in ("choose_resource", "refill"):
        return True
    return any(not isinstance(a, A.Decline) for a in pending_actions(state, p.seat))

