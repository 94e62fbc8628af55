"""Combat (rulebook: Modifiers, Combat, Fleet Attacks, Piracy).

An attack goes: declared -> reaction window (both sides may play Captain's Orders or pass) ->
the defender names its counter-attack targets when it must choose -> dice (chance events) ->
a second reaction window -> the outcome, applied to both sides at once."""

from __future__ import annotations

from engine.core import Event, seat_ref
from engine.core.words import capital

from .content import SHIP_KINDS
from .effects import AttackBonus, CounterBonus, ShipDefence
from .marks import note
from .names import held, ship_words, where
from .rules import (
    advancement_bonus,
    content,
    front_effects,
    history_attack_bonus,
    naval_bases,
    port_level,
    weather_gage,
)
from .state import PIRATE, PIRATE_ID, PIRATES_BAY, Combat, EmpiresState, Ship


def sides(combat: Combat) -> list[int]:
    found = [combat.attacker]
    if combat.defender is not None and combat.defender != combat.attacker:
        found.append(combat.defender)
    return found


def declare(
    state: EmpiresState,
    seat: int,
    ships: list[str],
    target: str,
    source: str,
    bonus: int,
    events: list[Event],
) -> None:
    target_ship = state.ship(target)
    board = content().board(state.side)
    by = PIRATE if ships[0] == PIRATE_ID else seat  # the Pirate attacks, though a seat commands
    if target_ship is not None:
        kind = "ship"
        defender = None if target_ship.owner == PIRATE else target_ship.owner
        if target_ship.owner == PIRATE and state.phase == "pirate" and state.turn_state:
            defender = state.turn_state.seat  # the bribe winner commands the Pirate
        what = describe_ship(state, target_ship)
        note(state, "attack", seat=by, how=kind, cell=target_ship.cell, ship=target,
             kind=target_ship.kind)
    elif target == PIRATES_BAY:
        kind, defender, what = "bay", None, "Pirate's Bay"
        note(state, "attack", seat=by, how=kind, cell=board.pirates_bay)
    else:
        kind, defender = "port", state.ports[target].owner
        what = board.ports[target].name
        note(state, "attack", seat=by, how=kind, cell=board.ports[target].cell, port=target)
    state.combat = Combat(
        source=source,
        attacker=seat,
        ships=list(ships),
        target=target,
        target_kind=kind,
        defender=defender,
        bonus=bonus,
    )
    state.combat.waiting = sides(state.combat)
    lead = state.ship(ships[0])
    assert lead is not None
    fleet = f" with {len(ships)} ships" if len(ships) > 1 else ""
    events.append(
        Event(
            kind="attack",
            seat=seat,
            text=f"{commander(state, lead)} attacks {what}"
            f" with {describe_ship(state, lead)}{fleet}.",
            data={"ships": ships, "target": target},
        )
    )


def named_ship(state: EmpiresState, ship_id: str) -> str:
    """``describe_ship`` by id (the id itself never reaches a line)."""
    ship = state.ship(ship_id)
    return describe_ship(state, ship) if ship is not None else "a ship"


def commander(state: EmpiresState, ship: Ship) -> str:
    if ship.id == PIRATE_ID:
        return "The Pirate"
    return seat_ref(ship.owner)


def describe_ship(state: EmpiresState, ship: Ship) -> str:
    """A ship as people name it, where it is now: ``{s1}'s Transport near Havana``; the
    Pirate is ``the Pirate Ship of the Line near Havana`` (``capital`` at a line's start)."""
    if ship.id == PIRATE_ID:
        return f"the Pirate Ship of the Line {where(state.side, ship.cell)}"
    words = ship_words(ship, state.ships, state.side, held(state, ship.owner))
    return f"{seat_ref(ship.owner)}'s {words}"


# ------------------------------------------------------------------ modifiers
def attack_total(state: EmpiresState, c: Combat) -> int:
    lead = state.ship(c.ships[0])
    assert lead is not None
    total = sum(c.attack_dice) + c.attack_mod + c.bonus
    total += content().rules.table_of_war.ships[lead.kind].attack
    total += advancement_bonus(state, lead, AttackBonus)
    if not c.gage_lost:
        total += weather_gage(state)
    if lead.owner != PIRATE:
        total += history_attack_bonus(
            state,
            lead.owner,
            c.defender if c.target_kind != "bay" else None,
            c.target_kind != "ship",
        )
    return total


def attack_sum(state: EmpiresState, c: Combat) -> str:
    """The attack total written out: the dice, the ship and its bonuses, then the Orders'
    modifiers: ``6+1+2 = 9``."""
    total = attack_total(state, c)
    rest = total - sum(c.attack_dice) - c.attack_mod
    parts = [str(d) for d in c.attack_dice] + [str(n) for n in (rest, c.attack_mod) if n]
    text = "+".join(parts).replace("+-", "-")
    return text if len(parts) == 1 else f"{text} = {total}"


def target_defence(state: EmpiresState, c: Combat) -> int:
    war = content().rules.table_of_war
    if c.target_kind == "ship":
        ship = state.ship(c.target)
        assert ship is not None
        return war.ships[ship.kind].defence + advancement_bonus(state, ship, ShipDefence) \
            + c.defence_mod
    if c.target_kind == "bay":
        return war.ports[content().rules.pirate.pirates_bay_defence].defence + c.defence_mod
    hold = state.ports[c.target]
    extra = 0
    if hold.owner is not None:
        extra = sum(
            e.amount for e in front_effects(state, hold.owner) if e.effect == "port_defence"
        )
    return war.ports[port_level(hold.forts)].defence + extra + c.defence_mod


def counter_total(state: EmpiresState, c: Combat, index: int) -> int:
    """"The total counter-attack (including modifiers)": the die, the ship bonus, the
    defender's Advancements that add to attack or to counter-attack, the History card's
    attack bonuses for the defender's nation (against the attacker's), and Captain's Orders.
    Not the Weather Gage, which belongs to the ship "initiating the attack"; the Pirate gets
    no Advancements and no nation's History bonus."""
    defender = state.ship(c.target)
    assert defender is not None
    aimed = c.counters[index]
    total = c.counter_dice[index] + content().rules.table_of_war.ships[defender.kind].attack
    total += advancement_bonus(state, defender, CounterBonus)
    total += advancement_bonus(state, defender, AttackBonus)
    total += c.counter_mod.get(aimed, 0)
    if defender.owner != PIRATE:
        attacker = state.ship(aimed)
        them = None if attacker is None or attacker.owner == PIRATE else attacker.owner
        total += history_attack_bonus(state, defender.owner, them, False)
    return total


def attacker_defence(state: EmpiresState, c: Combat, ship_id: str) -> int:
    ship = state.ship(ship_id)
    assert ship is not None
    war = content().rules.table_of_war
    return (
        war.ships[ship.kind].defence
        + advancement_bonus(state, ship, ShipDefence)
        + c.attacker_defence_mod.get(ship_id, 0)
    )


def counter_limit(state: EmpiresState, c: Combat) -> int:
    ship = state.ship(c.target)
    assert ship is not None
    return content().rules.combat.counter_targets[ship.kind]


def auto_counter_targets(state: EmpiresState, c: Combat) -> list[str]:
    """The strongest attackers, for a defender nobody commands (the Pirate outside its turn)."""
    rank = {k: i for i, k in enumerate(SHIP_KINDS)}
    ships = sorted(c.ships, key=lambda s: -rank[state.ship(s).kind])  # type: ignore[union-attr]
    return ships[: counter_limit(state, c)]


# ------------------------------------------------------------------ the steps
def close_window(state: EmpiresState, events: list[Event]) -> None:
    """Called when every side has answered the current window."""
    c = state.combat
    assert c is not None
    if c.cancelled:
        finish(state, events, sunk_target=False, sunk_attackers=[])
        return
    if c.stage == "declared":
        if c.target_kind == "ship":
            limit = counter_limit(state, c)
            if len(c.ships) <= limit:
                c.counters = list(c.ships)
            elif c.defender is None:
                c.counters = auto_counter_targets(state, c)
            else:
                c.stage = "targets"
                c.waiting = [c.defender]
                return
        roll(state, events)
        return
    if c.stage == "rolled":
        resolve(state, events)


def roll(state: EmpiresState, events: list[Event]) -> None:
    c = state.combat
    assert c is not None
    faces = content().rules.shared_pieces.die_faces
    extra = content().rules.combat.fleet_extra_die_per_ship
    c.attack_dice = [state.rng.choice(faces) for _ in range(1 + extra * (len(c.ships) - 1))]
    c.counter_dice = [state.rng.choice(faces) for _ in c.counters]
    c.stage = "rolled"
    c.waiting = sides(c)
    text = (
        f"Attack dice {c.attack_dice}: total {attack_total(state, c)} against defence "
        f"{target_defence(state, c)}."
    )
    text += counter_text(state, c)
    events.append(
        Event(
            kind="dice",
            chance=True,
            text=text,
            data={"attack": c.attack_dice, "counter": c.counter_dice, "counters": c.counters},
        )
    )


def counter_text(state: EmpiresState, c: Combat) -> str:
    """The counter-attack's dice, each with its total against the defence of the ship it
    aims at (it sinks that ship when greater); empty without a counter-attack."""
    if not c.counters:
        return ""
    return " Counter-attack: " + "; ".join(
        f"die {d}, total {counter_total(state, c, i)} against defence "
        f"{attacker_defence(state, c, s)} ({named_ship(state, s)})"
        for i, (d, s) in enumerate(zip(c.counter_dice, c.counters, strict=True))) + "."


def reroll(state: EmpiresState, which: str, index: int, events: list[Event]) -> None:
    c = state.combat
    assert c is not None
    dice = c.attack_dice if which == "attack" else c.counter_dice
    old = dice[index]
    dice[index] = state.rng.choice(content().rules.shared_pieces.die_faces)
    events.append(
        Event(
            kind="reroll",
            chance=True,
            text=f"{'An attack' if which == 'attack' else 'A counter-attack'} die is "
                 f"re-rolled: {old} becomes {dice[index]}. "
                 f"Attack total {attack_total(state, c)} against defence "
                 f"{target_defence(state, c)}.{counter_text(state, c)}",
            data={"dice": which, "index": index, "was": old, "now": dice[index]},
        )
    )


def resolve(state: EmpiresState, events: list[Event]) -> None:
    c = state.combat
    assert c is not None
    hit = attack_total(state, c) >= target_defence(state, c)
    sunk = [
        s
        for i, s in enumerate(c.counters)
        if counter_total(state, c, i) > attacker_defence(state, c, s)
    ]
    finish(state, events, sunk_target=hit, sunk_attackers=sunk)


def _sink(
    state: EmpiresState, ship: Ship, by_seat: int | None, by_pirate: bool, events: list[Event]
) -> None:
    """A sunk ship goes to whoever sank it; the Pirate's victims go back to their owner."""
    state.ships = [s for s in state.ships if s.id != ship.id]
    note(state, "sunk", seat=ship.owner, ship=ship.id, kind=ship.kind, cell=ship.cell)
    if ship.id == PIRATE_ID:
        state.pirate_afloat = False
        if by_seat is not None:
            state.players[by_seat].captured.append("pirate")
        events.append(
            Event(
                kind="pirate_sunk",
                seat=by_seat,
                text=f"The Pirate is sunk and "
                f"taken by {seat_ref(by_seat) if by_seat is not None else 'nobody'};"
                " there is no more Pirate bribe.",
            )
        )
        return
    if by_pirate or by_seat is None:
        state.players[ship.owner].pieces[ship.kind] += 1
        events.append(
            Event(
                kind="sunk",
                text=f"{capital(describe_ship(state, ship))} is destroyed by the "
                "Pirate and returns to its owner.",
                data={"ship": ship.id},
            )
        )
    else:
        state.players[by_seat].captured.append(ship.kind)
        events.append(
            Event(
                kind="sunk",
                seat=by_seat,
                text=f"{capital(describe_ship(state, ship))} is sunk and taken by "
                f"{seat_ref(by_seat)}.",
                data={"ship": ship.id},
            )
        )


def _take_port(state: EmpiresState, c: Combat, by_pirate: bool, events: list[Event]) -> None:
    hold = state.ports[c.target]
    name = content().board(state.side).ports[c.target].name
    if hold.owner is not None:
        state.players[hold.owner].cubes += 1
    loser = hold.owner
    hold.owner = None
    if by_pirate:
        # "Ports and Ships attacked by the Pirate are destroyed and returned to their rightful
        # owner": the cube goes home, and the Fort tokens, destroyed with the port, go back
        # to the supply; the port is a plain uncontrolled port again
        razed = hold.forts
        state.fort_tokens += razed
        hold.forts = 0
        note(state, "port", seat=PIRATE, port=c.target, how="destroyed")
        text = f"The Pirate destroys {name}: its cube returns to its owner"
        text += ", its Fort tokens to the supply." if razed else "."
        events.append(
            Event(
                kind="port_lost",
                text=text,
                data={"port": c.target, "from": loser, "forts_razed": razed},
            )
        )
        return
    winner = state.players[c.attacker]
    if winner.cubes < 1:
        note(state, "port", seat=c.attacker, port=c.target, how="emptied")
        events.append(
            Event(
                kind="port_lost",
                text=f"{name} falls, but {seat_ref(c.attacker)} has"
                " no port cube left: it is uncontrolled.",
                data={"port": c.target},
            )
        )
        return
    winner.cubes -= 1
    hold.owner = c.attacker
    note(state, "port", seat=c.attacker, port=c.target, how="taken")
    previous = seat_ref(loser) if loser is not None else "nobody"
    text = f"{seat_ref(c.attacker)} takes {name} from {previous}"
    limit = content().rules.combat.naval_base_limit
    if hold.forts >= 2 and naval_bases(state, c.attacker) > limit:
        hold.forts = 1
        state.fort_tokens += 1
        text += " (a third Naval Base: one Fort token is removed)"
    events.append(
        Event(
            kind="port_taken",
            seat=c.attacker,
            text=text + ".",
            data={"port": c.target, "from": loser},
        )
    )


def finish(
    state: EmpiresState, events: list[Event], sunk_target: bool, sunk_attackers: list[str]
) -> None:
    c = state.combat
    assert c is not None
    told = len(events)
    lead = state.ship(c.ships[0])
    by_pirate = lead is not None and lead.id == PIRATE_ID
    target_ship = state.ship(c.target) if c.target_kind == "ship" else None
    if c.cancelled:
        events.append(Event(kind="attack_cancelled", text="The attack is called off."))
    elif not sunk_target and not sunk_attackers:
        events.append(Event(kind="attack_failed", text="The attack fails; nobody is sunk."))
    # both happen at once
    if sunk_target:
        if c.target_kind == "ship":
            assert target_ship is not None
            _sink(state, target_ship, None if by_pirate else c.attacker, by_pirate, events)
        elif c.target_kind == "bay":
            gold, state.chest = state.chest, 0
            state.players[c.attacker].gold += gold
            events.append(
                Event(
                    kind="bay_taken",
                    seat=c.attacker,
                    text=f"{seat_ref(c.attacker)}"
                    f" defeats Pirate's Bay and takes {gold} Gold from the Treasure "
                    "Chest.",
                    data={"gold": gold},
                )
            )
        else:
            _take_port(state, c, by_pirate, events)
    for ship_id in sunk_attackers:
        ship = state.ship(ship_id)
        assert ship is not None and target_ship is not None
        pirate_defends = target_ship.id == PIRATE_ID
        _sink(state, ship, None if pirate_defends else target_ship.owner, pirate_defends, events)
    state.combat = None
    # the outcome, once told, is final: like a die, it closes the chance to take back the
    # answers that led to it (the last pass would otherwise reopen the window and raise the
    # sunk ships)
    for event in events[told:]:
        event.reveals = True
