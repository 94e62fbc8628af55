"""/empires: the moves of Empires at Sea as their own commands, each option filled in from the
legal moves.

``/empires play card where``, ``/empires sail ship direction distance`` and the others name one
legal action option by option; each option's autocomplete offers only what some legal action,
agreeing with the options already chosen, allows (a ship is offered only the directions and
distances it can really sail). Decisions outside the normal turn (a free port, a resource, a
launch, the counter-attack's targets, refilling the hand) go through ``/empires decide`` and a
"Decide" menu under the reply. ``/empires help`` explains each action with its costs.

Everything is decided by the engine through ``MatchService``. Hands and bribes are secret, so
every reply here is ephemeral; the public lines are the service's notices.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import discord
from discord import app_commands
from pydantic import ValidationError

from bot.service import Choice, ServiceError
from bot.ui import lookup
from bot.ui.text import echo, join_lines
from engine.core import Action
from engine.empires import actions as A
from engine.empires.cards import KIND_NAME, card_label
from engine.empires.content import Board, Cell, empires_content
from engine.empires.rules import cost_text
from engine.empires.state import PIRATE_ID, PIRATES_BAY, EmpiresView

from .game_groups import Form, GameGroupCog, Label, filled_in, whole

GAME_ID = "empires"
GAME_NAME = "Empires at Sea"
GROUP = "empires"
# Decisions outside the normal turn; a free attack (History) is one too, as it can be declined.
DECISION_TYPES = frozenset({"counter_targets", "claim_port", "launch", "relocate",
                            "choose_resource", "discard_order", "draw", "decline"})
DIRECTIONS = {(0, -1): "north", (1, 0): "east", (0, 1): "south", (-1, 0): "west"}
STEP = {name: d for d, name in DIRECTIONS.items()}
STRAIGHT = "straight"


def waiting(choices: Sequence[Choice]) -> list[Choice]:
    """The choices of a decision waiting for the user outside their normal turn."""
    if not any(c.action.type in DECISION_TYPES for c in choices):
        return []
    return [c for c in choices if c.action.type != "undo"]


# --- reading the options off an action ---------------------------------------------------------
def _attr(name: str) -> Callable[[Action], str | None]:
    def read(action: Action) -> str | None:
        value = getattr(action, name, None)
        return None if value is None else str(value)
    return read


def cell_text(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


def _where(action: Action) -> str | None:
    cell: Cell | None = action.cell  # type: ignore[attr-defined]
    port: str | None = action.port  # type: ignore[attr-defined]
    if cell is not None:
        return cell_text(cell)
    return port


def _fleet(action: Action) -> str:
    fleet: tuple[str, ...] = action.fleet  # type: ignore[attr-defined]
    return ",".join(fleet) or "none"


def _on(action: Action) -> str:
    ship: str | None = action.ship  # type: ignore[attr-defined]
    die: tuple[str, int] | None = action.die  # type: ignore[attr-defined]
    if die is not None:
        return f"{die[0]}-{die[1] + 1}"
    return ship or "none"


def leg(start: Cell, end: Cell) -> tuple[str, int] | None:
    """The direction and length of a straight line of cells, or None."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    if (dx == 0) == (dy == 0):
        return None
    step = (dx // abs(dx) if dx else 0, dy // abs(dy) if dy else 0)
    return DIRECTIONS[step], abs(dx) + abs(dy)


def sail_form(cells: Mapping[str, Cell]) -> Form:
    """/empires sail reads the direction and distance from where each ship lies now."""

    def first_leg(action: Action) -> tuple[str, int] | None:
        start = cells.get(action.ship)  # type: ignore[attr-defined]
        if start is None:
            return None
        return leg(start, action.via or action.to)  # type: ignore[attr-defined]

    def direction(action: Action) -> str | None:
        found = first_leg(action)
        return found[0] if found else None

    def distance(action: Action) -> str | None:
        found = first_leg(action)
        return str(found[1]) if found else None

    def turn(action: Action) -> str | None:
        via: Cell | None = action.via  # type: ignore[attr-defined]
        if via is None:
            return STRAIGHT
        found = leg(via, action.to)  # type: ignore[attr-defined]
        return f"{found[0]}-{found[1]}" if found else None

    return Form(("sail",), {"ship": _attr("ship"), "direction": direction,
                            "distance": distance, "turn": turn})


FORMS: dict[str, Form] = {
    "play": Form(("play_card",), {"card": _attr("card"), "where": _where}),
    "discard": Form(("discard_card",), {"card": _attr("card")}),
    "sail": sail_form({}),  # replaced by one built from the ships' cells on each use
    "trade": Form(("trade",), {"port": _attr("port"), "give": _attr("give")}),
    "buy": Form(("buy_port",), {"port": _attr("port")}),
    "attack": Form(("attack",), {"target": _attr("target"), "ship": _attr("ship"),
                                 "fleet": _fleet}),
    "order": Form(("play_order",), {"card": _attr("card"), "on": _on}),
    "pass": Form(("pass",), {}),
    "bribe": Form(("bribe",), {"amount": _attr("amount")}),
    "end": Form(("end_turn",), {}),
}
COMMAND_OF = {t: name for name, form in FORMS.items() for t in form.types}


# --- labels -------------------------------------------------------------------------------------
class Table:
    """What the labels need to know about the board: the public view (ships and ports are on
    the table for all to see)."""

    def __init__(self, view: EmpiresView | None) -> None:
        self.view = view
        self.board: Board | None = empires_content().board(view.side) if view else None
        self.ships = {s.id: s for s in view.ships} if view else {}

    @property
    def cells(self) -> dict[str, Cell]:
        return {s.id: s.cell for s in self.ships.values()}

    def nation(self, seat: int | None) -> str:
        if self.view is None or seat is None or not 0 <= seat < len(self.view.players):
            return "nobody"
        return empires_content().nation(self.view.players[seat].nation).name

    def port_name(self, port: str) -> str:
        if self.board is not None and port in self.board.ports:
            return self.board.ports[port].name
        return port

    def beside(self, cell: Cell) -> list[str]:
        if self.board is None:
            return []
        return [self.board.ports[self.board.port_at[c]].name
                for c in self.board.neighbours(cell) if c in self.board.port_at]

    def ship_label(self, ship_id: str) -> str:
        ship = self.ships.get(ship_id)
        if ship is None:
            return ship_id
        if ship.id == PIRATE_ID:
            return f"The Pirate (Ship of the Line) at {list(ship.cell)}"
        return f"{ship.id}: {KIND_NAME[ship.kind]} at {list(ship.cell)}"

    def target_label(self, target: str) -> str:
        if target == PIRATES_BAY:
            return "Pirate's Bay (defends as a Naval Base)"
        if target in self.ships:
            ship = self.ships[target]
            if ship.id == PIRATE_ID:
                return f"The Pirate (Ship of the Line) at {list(ship.cell)}"
            return (f"{self.nation(ship.owner)}'s {KIND_NAME[ship.kind]} {ship.id} at "
                    f"{list(ship.cell)}")
        owner_seat = self.view.port_owners.get(target) if self.view else None
        forts = self.view.port_forts.get(target, 0) if self.view else 0
        level = ("", ", a Fort", ", a Naval Base")[min(forts, 2)]
        return f"{self.port_name(target)} ({self.nation(owner_seat)}{level})"

    def port_label(self, port: str) -> str:
        if self.board is None or port not in self.board.ports:
            return port
        card = self.board.ports[port]
        owner = self.view.port_owners.get(port) if self.view else None
        held = f", held by {self.nation(owner)}" if owner is not None else ""
        return f"{card.name}: produces {card.produces}{held}"


def place_label(cell: Cell, table: Table) -> str:
    ports = table.beside(cell)
    return f"{list(cell)}" + (" beside " + ", ".join(ports) if ports else "")


def option_label(option: str, action: Action, named: Mapping[str, str], table: Table,
                 reach: Mapping[tuple[str, str], int]) -> str:
    label = named.get(action.key(), action.label or action.type)
    kind = action.type
    if option == "card" and kind in ("play_card", "discard_card"):
        return card_label(action.card)  # type: ignore[attr-defined]
    if option == "card" and kind == "play_order":
        card = empires_content().captain(action.card)  # type: ignore[attr-defined]
        return f"{card.name}: {card.text}"
    if option == "where" and isinstance(action, A.PlayCard):
        if action.cell is not None:
            return "At " + place_label(action.cell, table)
        return table.port_label(action.port or "")
    if option == "ship" and kind in ("sail", "attack"):
        return table.ship_label(action.ship)  # type: ignore[attr-defined]
    if option == "target" and isinstance(action, A.Attack):
        return table.target_label(action.target)
    if option == "fleet" and isinstance(action, A.Attack):
        return "with " + ", ".join(action.fleet) if action.fleet else "alone (no fleet)"
    if option == "port" and kind == "trade":
        return table.port_label(action.port)  # type: ignore[attr-defined]
    if isinstance(action, A.Sail):
        start = table.ships[action.ship].cell if action.ship in table.ships else None
        first = action.via or action.to
        if option == "direction" and start is not None:
            found = leg(start, first)
            if found is not None:
                most = reach.get((action.ship, found[0]), 0)
                return f"{found[0].capitalize()} (1 to {most} cells)" if most > 1 else \
                    f"{found[0].capitalize()} (1 cell)"
        if option == "distance" and start is not None:
            found = leg(start, first)
            if found is not None:
                return f"{found[1]} cell{'s' if found[1] > 1 else ''} to " + \
                    place_label(first, table)
        if option == "turn":
            if action.via is None:
                return "Straight on (no turn)"
            found = leg(action.via, action.to)
            if found is not None:
                return f"Then turn {found[0]} {found[1]} to " + place_label(action.to, table) \
                    + " (Marine Chronometer)"
    return label


def sail_reach(actions: Sequence[Action], cells: Mapping[str, Cell]) -> dict[tuple[str, str], int]:
    """The farthest first leg of each ship in each direction."""
    reach: dict[tuple[str, str], int] = {}
    for action in actions:
        if isinstance(action, A.Sail) and action.ship in cells:
            found = leg(cells[action.ship], action.via or action.to)
            if found is not None:
                key = (action.ship, found[0])
                reach[key] = max(reach.get(key, 0), found[1])
    return reach


# --- building an action from the options, to let the engine say why it is refused -------------
def _cell(text: str | None) -> Cell | None:
    numbers = [whole(n) for n in re.findall(r"-?[0-9]+", text or "")]
    if len(numbers) != 2 or numbers[0] is None or numbers[1] is None:
        return None
    return numbers[0], numbers[1]


def _card(text: str | None) -> str:
    if text is None:
        raise ServiceError("Fill in the card.")
    wanted = text.strip().lower()
    for card in empires_content().captains.cards:
        if wanted in (card.id, card.name.lower()):
            return card.id
    return wanted


def _port(text: str | None, table: Table) -> str:
    if text is None:
        raise ServiceError("Fill in the port.")
    wanted = text.strip().lower()
    if table.board is not None:
        for port in table.board.ports.values():
            if wanted in (port.id, port.name.lower()):
                return port.id
    return wanted


def _whole(text: str | None, what: str) -> int:
    if text is None:
        raise ServiceError(f"Fill in {what}.")
    number = whole(text.strip().split()[0]) if text.strip() else None
    if number is None:
        raise ServiceError(f"{what.capitalize()} should be picked from the list, not {echo(text)}.")
    return number


def _heading(text: str | None, what: str) -> str:
    wanted = (text or "").strip().lower()
    if wanted not in STEP:
        raise ServiceError(f"{what.capitalize()} is north, east, south or west, not {echo(text)}.")
    return wanted


def _move(start: Cell, heading: str, cells: int) -> Cell:
    dx, dy = STEP[heading]
    return start[0] + dx * cells, start[1] + dy * cells


def build(command: str, filled: Mapping[str, str | None], table: Table) -> Action:
    """The action the options describe, legal or not."""
    try:
        if command == "play":
            where = filled.get("where")
            cell = _cell(where)
            port = _port(where, table) if where is not None and cell is None else None
            return A.PlayCard(card=_card(filled.get("card")), cell=cell, port=port)
        if command == "discard":
            return A.DiscardCard(card=_card(filled.get("card")))
        if command == "sail":
            ship = filled.get("ship") or ""
            start = table.cells.get(ship, (0, 0))
            first = _move(start, _heading(filled.get("direction"), "the direction"),
                          _whole(filled.get("distance"), "the distance"))
            turn = filled.get("turn") or STRAIGHT
            if turn == STRAIGHT:
                return A.Sail(ship=ship, to=first)
            heading, _, cells = turn.replace(" ", "-").partition("-")
            to = _move(first, _heading(heading, "the turn"), _whole(cells, "the turn's cells"))
            return A.Sail(ship=ship, to=to, via=first)
        if command == "trade":
            return A.Trade(port=_port(filled.get("port"), table),
                           give=(filled.get("give") or "").lower())
        if command == "buy":
            return A.BuyPort(port=_port(filled.get("port"), table))
        if command == "attack":
            fleet = filled.get("fleet") or "none"
            return A.Attack(ship=filled.get("ship") or "",
                            fleet=() if fleet == "none" else tuple(fleet.split(",")),
                            target=filled.get("target") or "")
        if command == "order":
            on = filled.get("on") or "none"
            die = re.fullmatch(r"(attack|counter)-([0-9]{1,3})", on)
            if die is not None:
                return A.PlayOrder(card=_card(filled.get("card")),
                                   die=(die[1], int(die[2]) - 1))
            return A.PlayOrder(card=_card(filled.get("card")),
                               ship=None if on == "none" else on)
        if command == "bribe":
            return A.Bribe(amount=_whole(filled.get("amount"), "the bribe"))
        return {"pass": A.Pass, "end": A.EndTurn}[command]()
    except ValidationError as err:
        fields = {str(e["loc"][0]) for e in err.errors() if e.get("loc")}
        if "give" in fields:
            raise ServiceError("Give gold, wood or steel.") from None
        if "amount" in fields:
            raise ServiceError("A bribe is 0 Gold or more.") from None
        raise ServiceError("Those options do not make a move; pick them from the lists.") from None


# --- help ---------------------------------------------------------------------------------------
HELP_TOPICS = [
    app_commands.Choice(name="Play a Captain's card", value="play"),
    app_commands.Choice(name="Discard a card for Gold", value="discard"),
    app_commands.Choice(name="Sail", value="sail"),
    app_commands.Choice(name="Trade at a port", value="trade"),
    app_commands.Choice(name="Buy a port", value="buy"),
    app_commands.Choice(name="Attack", value="attack"),
    app_commands.Choice(name="Play a Captain's Order", value="order"),
    app_commands.Choice(name="Pass a reaction window", value="pass"),
    app_commands.Choice(name="Bribe the Pirate", value="bribe"),
    app_commands.Choice(name="End your turn", value="end"),
    app_commands.Choice(name="Decisions", value="decide"),
    app_commands.Choice(name="The Table of War", value="war"),
    app_commands.Choice(name="Empire scoring", value="scoring"),
]


def _help_texts() -> dict[str, tuple[str, str]]:
    r = empires_content().rules
    t = r.turn
    buy = cost_text(t.buy_port_cost)
    return {
        "play": (
            f"Start your turn with one Captain's card from your hand ({r.setup.hand_size} "
            "cards): an Event, an Industry or Advancement that stays in front of you, or a "
            "card that launches a ship, fortifies a port or takes one (choose where). Then you "
            f"have {t.actions} actions.",
            "Cost: the card's cost in Gold, Steel and Wood (the list shows it)."),
        "discard": (
            "Instead of playing a card, discard one to start your turn.",
            f"You get {t.discard_for_gold} Gold."),
        "sail": (
            "A ship sails like a rook: one straight line, north, east, south or west, stopping "
            "before land, a port, another ship or the edge. The lists offer only the directions "
            "and distances it can reach this round (the Weather may shorten or close them).",
            "Cost: 1 action."),
        "trade": (
            "With a ship beside a port, give 1 resource other than the one the port produces "
            "and take what it produces; another nation's port takes the resource you give.",
            "Cost: 1 action and 1 resource."),
        "buy": (
            "With a ship beside an uncontrolled port, place one of your port cubes on it.",
            f"Cost: 1 action and {buy}; it ends your turn."
            if t.buy_port_ends_turn else f"Cost: 1 action and {buy}."),
        "attack": (
            "Attack an enemy ship or port, or Pirate's Bay, from a ship beside it; your other "
            f"ships beside the target may join as a fleet, each adding "
            f"{r.combat.fleet_extra_die_per_ship} plain die. Beat the target's defence (see "
            "`/empires help war`); the defender may counter-attack.",
            "Cost: 1 action; it ends your turn." if t.attack_ends_turn else "Cost: 1 action."),
        "order": (
            "Captain's Orders are played in an attack's reaction windows, before or after the "
            "dice: bonuses, re-rolls, calling an attack off. Full Sail is played on your own "
            "turn for extra Sailing actions.",
            "Cost: the card; orders cost no resources."),
        "pass": (
            "Play no Captain's Order at this reaction window; the attack goes on.",
            "Cost: nothing."),
        "bribe": (
            "After everyone's turn, each player secretly bribes the Pirate with Gold (0 is "
            f"allowed). The highest single bribe commands the Pirate for {t.pirate_actions} "
            "actions; a tie leaves it idle. Your bribe stays private until all are revealed.",
            "Cost: the Gold bid, paid by everyone when the bribes are revealed."),
        "end": (
            "End your turn before your actions run out (it ends by itself when they do).",
            "Cost: nothing; unused actions are lost."),
        "decide": (
            "Some moments wait for a decision outside the normal turn: a History card's free "
            "port, resource, launch or attack, the ships your counter-attack aims at, "
            "discarding orders and refilling your hand. Use `/empires decide` or the Decide "
            "menu under your reply.",
            ""),
    }


def war_text() -> str:
    r = empires_content().rules
    war = r.table_of_war
    lines = ["**The Table of War**",
             "An attack rolls one die plus the ship's attack bonus; it succeeds at the target's "
             f"defence or more. The attacker has the Weather Gage (+{war.weather_gage}) unless "
             "the Weather takes it away."]
    lines.append("Ships: " + "; ".join(f"{s.name} attack +{s.attack}, defence {s.defence}"
                                       for s in war.ships.values()))
    lines.append("Ports: " + "; ".join(f"{p.name} defence {p.defence}"
                                       for p in war.ports.values()))
    lines.append("A ship attacked may counter-attack up to " + ", ".join(
        f"{n} attacker{'s' if n > 1 else ''} as a {KIND_NAME[k]}"
        for k, n in r.combat.counter_targets.items()) + "; it must beat their defence.")
    lines.append(f"At most {r.combat.naval_base_limit} Naval Bases a nation.")
    return join_lines(lines)


def scoring_text() -> str:
    s = empires_content().rules.scoring
    return join_lines([
        "**Empire scoring**",
        "Ships: " + ", ".join(f"{KIND_NAME[k]} {v}" for k, v in s.ships.items()),
        "Ports: " + ", ".join(f"{k.replace('_', ' ').title()} {v}" for k, v in s.ports.items()),
        f"1 point per {s.gold_per_point} Gold and per {s.wood_or_steel_per_point} Wood or Steel.",
    ])


def help_text(topic: str) -> str:
    if topic == "war":
        return war_text()
    if topic == "scoring":
        return scoring_text()
    texts = _help_texts()
    if topic not in texts:
        known = ", ".join(c.value for c in HELP_TOPICS)
        raise ServiceError(f"There is no help on {echo(topic)}; ask about one of: {known}.")
    name = next(c.name for c in HELP_TOPICS if c.value == topic)
    what, cost = texts[topic]
    return join_lines([f"**{name}**", what, cost])


# --- the cog ------------------------------------------------------------------------------------
class EmpiresCog(GameGroupCog):
    GAME_ID = GAME_ID
    GAME_NAME = GAME_NAME
    GROUP = GROUP
    FORMS = FORMS
    NOTHING_TO_DECIDE = ("No decision is waiting for you: play your turn (/empires play, "
                         "/empires sail, ...), answer the attack with /empires order or "
                         "/empires pass, or bribe with /empires bribe.")
    # the Marine Chronometer's turn only when asked for; the lead ship alone unless a fleet is
    # named
    DEFAULTS = {"turn": STRAIGHT, "fleet": "none"}

    empires = app_commands.Group(name="empires", description="Play Empires at Sea: one command "
                                 "per action", guild_only=True)

    # --- what differs from the other games --------------------------------------------------
    def waiting(self, choices: Sequence[Choice]) -> list[Choice]:
        return waiting(choices)

    async def _table(self, channel_id: int | None) -> Table:
        if channel_id is None:
            return Table(None)
        match = await lookup.open_match(self.service, channel_id)
        if match is None or match.status != "active" or match.game != GAME_ID:
            return Table(None)
        _game, view, _names = await self.service.view(match.id, None)
        return Table(view if isinstance(view, EmpiresView) else None)

    async def _context(self, command: str, channel: int) -> Table:
        return await self._table(channel)

    def _form(self, command: str, context: Any) -> Form:
        return sail_form(context.cells) if command == "sail" else FORMS[command]

    async def _labels(self, interaction: discord.Interaction[Any], command: str, option: str,
                      choices: Sequence[Choice], context: Any) -> tuple[Form, Label]:
        table = await self._table(interaction.channel_id)
        form = self._form(command, table)
        named = {c.action.key(): c.label for c in choices}
        reach: dict[tuple[str, str], int] = {}
        if command == "sail":
            ship = filled_in(interaction, form.fields).get("ship")
            reach = sail_reach(form.matching([c.action for c in choices], {"ship": ship}),
                               table.cells)
        return form, lambda a: option_label(option, a, named, table, reach)

    async def _build(self, command: str, filled: Mapping[str, str | None], channel: int,
                     user: int, context: Any) -> Action:
        return build(command, filled, context)

    # --- the turn's card ------------------------------------------------------------------
    @empires.command(name="play", description="Play a Captain's card from your hand, paying "
                     "its cost")
    @app_commands.describe(card="Which card (the list shows its cost and what it does)",
                           where="Where it acts: a sea cell or a port (only when it needs one)")
    async def play(self, interaction: discord.Interaction[Any], card: str,
                   where: str | None = None) -> None:
        await self._play(interaction, "play", card=card, where=where)

    @play.autocomplete("card")
    async def play_card(self, interaction: discord.Interaction[Any], current: str
                        ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "play", "card", current)

    @play.autocomplete("where")
    async def play_where(self, interaction: discord.Interaction[Any], current: str
                         ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "play", "where", current)

    @empires.command(name="discard", description="Discard a card for Gold instead of playing one")
    @app_commands.describe(card="Which card")
    async def discard(self, interaction: discord.Interaction[Any], card: str) -> None:
        await self._play(interaction, "discard", card=card)

    @discard.autocomplete("card")
    async def discard_card(self, interaction: discord.Interaction[Any], current: str
                           ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "discard", "card", current)

    # --- actions --------------------------------------------------------------------------
    @empires.command(name="sail", description="Sail a ship in a straight line (1 action)")
    @app_commands.describe(
        ship="Which ship (the Pirate on the Pirate's turn)",
        direction="Which way (only the directions it can sail)",
        distance="How many cells (only the cells it can reach)",
        turn="Marine Chronometer: a 90-degree turn after the first leg; left out: straight on",
    )
    async def sail(self, interaction: discord.Interaction[Any], ship: str, direction: str,
                   distance: str, turn: str | None = None) -> None:
        await self._play(interaction, "sail", ship=ship, direction=direction,
                         distance=distance, turn=turn)

    @sail.autocomplete("ship")
    async def sail_ship(self, interaction: discord.Interaction[Any], current: str
                        ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "sail", "ship", current)

    @sail.autocomplete("direction")
    async def sail_direction(self, interaction: discord.Interaction[Any], current: str
                             ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "sail", "direction", current)

    @sail.autocomplete("distance")
    async def sail_distance(self, interaction: discord.Interaction[Any], current: str
                            ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "sail", "distance", current)

    @sail.autocomplete("turn")
    async def sail_turn(self, interaction: discord.Interaction[Any], current: str
                        ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "sail", "turn", current)

    @empires.command(name="trade", description="Trade 1 resource at a port beside your ship "
                     "(1 action)")
    @app_commands.describe(port="Which port (the list shows what it produces)",
                           give="Which resource you give")
    async def trade(self, interaction: discord.Interaction[Any], port: str, give: str) -> None:
        await self._play(interaction, "trade", port=port, give=give)

    @trade.autocomplete("port")
    async def trade_port(self, interaction: discord.Interaction[Any], current: str
                         ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "trade", "port", current)

    @trade.autocomplete("give")
    async def trade_give(self, interaction: discord.Interaction[Any], current: str
                         ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "trade", "give", current)

    @empires.command(name="buy", description="Buy an uncontrolled port beside your ship (ends "
                     "your turn)")
    @app_commands.describe(port="Which port")
    async def buy(self, interaction: discord.Interaction[Any], port: str) -> None:
        await self._play(interaction, "buy", port=port)

    @buy.autocomplete("port")
    async def buy_port(self, interaction: discord.Interaction[Any], current: str
                       ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "buy", "port", current)

    @empires.command(name="attack", description="Attack a ship or port beside your ship (ends "
                     "your turn)")
    @app_commands.describe(target="What to attack", ship="Your lead ship",
                           fleet="Your other ships beside the target that join; left out: none")
    async def attack(self, interaction: discord.Interaction[Any], target: str, ship: str,
                     fleet: str | None = None) -> None:
        await self._play(interaction, "attack", target=target, ship=ship, fleet=fleet)

    @attack.autocomplete("target")
    async def attack_target(self, interaction: discord.Interaction[Any], current: str
                            ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "attack", "target", current)

    @attack.autocomplete("ship")
    async def attack_ship(self, interaction: discord.Interaction[Any], current: str
                          ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "attack", "ship", current)

    @attack.autocomplete("fleet")
    async def attack_fleet(self, interaction: discord.Interaction[Any], current: str
                           ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "attack", "fleet", current)

    # --- reaction windows -----------------------------------------------------------------
    @empires.command(name="order", description="Play a Captain's Order (in an attack, or Full "
                     "Sail on your turn)")
    @app_commands.describe(card="Which order (the list shows what it does now)",
                           on="Which ship or die it acts on, when it asks")
    async def order(self, interaction: discord.Interaction[Any], card: str,
                    on: str | None = None) -> None:
        await self._play(interaction, "order", card=card, on=on)

    @order.autocomplete("card")
    async def order_card(self, interaction: discord.Interaction[Any], current: str
                         ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "order", "card", current)

    @order.autocomplete("on")
    async def order_on(self, interaction: discord.Interaction[Any], current: str
                       ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "order", "on", current)

    @empires.command(name="pass", description="Play no Captain's Order at this point of the "
                     "attack")
    async def pass_(self, interaction: discord.Interaction[Any]) -> None:
        await self._play(interaction, "pass")

    # --- the Pirate -----------------------------------------------------------------------
    @empires.command(name="bribe", description="Your secret bribe for the Pirate (only you "
                     "see it)")
    @app_commands.describe(amount="Gold to bribe with (0 allowed); kept secret until all are in")
    async def bribe(self, interaction: discord.Interaction[Any], amount: str) -> None:
        await self._play(interaction, "bribe", amount=amount)

    @bribe.autocomplete("amount")
    async def bribe_amount(self, interaction: discord.Interaction[Any], current: str
                           ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "bribe", "amount", current)

    @empires.command(name="end", description="End your turn (or the Pirate's)")
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        await self._play(interaction, "end")

    # --- decisions ------------------------------------------------------------------------
    @empires.command(name="decide", description="Make a decision the game waits for (ports, "
                     "launches, refills)")
    @app_commands.describe(choice="Start typing: the list shows what you can decide now")
    async def decide(self, interaction: discord.Interaction[Any], choice: str) -> None:
        await self._decide(interaction, choice)

    @decide.autocomplete("choice")
    async def decide_choice(self, interaction: discord.Interaction[Any], current: str
                            ) -> list[app_commands.Choice[str]]:
        return await self._decide_choices(interaction, current)

    # --- help -----------------------------------------------------------------------------
    @empires.command(name="help", description="What an Empires at Sea action does and costs")
    @app_commands.describe(action="Which action (or the Table of War, or scoring)")
    @app_commands.choices(action=HELP_TOPICS)
    async def help(self, interaction: discord.Interaction[Any],
                   action: app_commands.Choice[str]) -> None:
        await self._help(interaction, action, help_text)
