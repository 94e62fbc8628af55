"""The commands of Ships (``/ships place``, ``/ships sell``, ...): one per kind of move, each
option read off the legal actions and named for the player who is choosing.

Every move of the game has a command: the actions of the display, the moves a card grants
(``pay: card``, Factories' cubes one by one through ``/ships retrieve``, a card's ships taken
off one age through ``/ships remove-ships``) and the goods decisions that interrupt play
(``/ships return``, ``/ships choose``, ``/ships convert``, ``/ships skip``).

A command none of whose legal moves fits what was typed is refused with the game's reason
(:mod:`engine.ships.unavailable`, asked through each command's ``unavailable``), and a whole move
typed is refused with the engine's (:mod:`engine.ships.explain`).

A long list of moves ("My view", "Legal moves") folds near-alike moves into one line each
(:func:`fold`): every set of trade boxes to retrieve from, every space, every way to pay.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from pydantic import ValidationError

from engine.core import Action
from engine.core.commands import (
    Command,
    CommandError,
    CommandTable,
    Folded,
    Option,
    load_help,
    whole,
    yes_no,
)

from . import actions as A
from .board import REST_AREA, REST_SPACE, board
from .content import ships_content
from .economy import price
from .explain import cards_with
from .legal import PAY_LABEL, PAY_WITH
from .rules import (
    METAL_VP,
    AgeOption,
    age_options,
    area_options,
    first_industry_space,
    gold_cost,
    industry_choices,
    industry_good,
)
from .state import ShipsView
from .unavailable import Asked, why_none

MAX_EXCHANGE = 20
ALL = "all"  # a retrieve that takes every cube there (no boxes or count chosen)
NONE = "none"  # Factories: nothing more to take back
STOP = "stop"  # stop turning wine into goods
BOXES = "0"  # the action boxes, as a place to retrieve from

V = ShipsView
P = TypeVar("P", bound=Action)
T = TypeVar("T")
Placement = A.PlaceShip | A.UpgradeShip
Retrieving = A.Retrieve | A.RetrieveMany | A.RetrieveCube
Converting = A.ConvertWine | A.StopConverting
Payable = A.Paid | A.RetrieveMany | A.RetrieveCube
PA = TypeVar("PA", bound=Payable)
PL = TypeVar("PL", bound=Placement)


# --- labels -------------------------------------------------------------------------------------
def navigation_text(navigation: int) -> str:
    return f"{navigation} navigation" if navigation else "no navigation"


def age_label(age: int, option: AgeOption | None, first: bool = False) -> str:
    if first:
        return f"Age {age} (the first ship)"
    if option is None or not option.opens:
        return f"Age {age} (present age)"
    return f"Age {age} (next age): {navigation_text(option.navigation)}"


def ages_of(view: V, from_age: int | None = None) -> dict[int, AgeOption]:
    return {o.age: o for o in age_options(view, from_age)}


def good_name(good: str) -> str:
    try:
        return ships_content().good(good).name.lower()
    except KeyError:
        return good


def ship_label(age: int, box: str) -> str:
    return f"Age {age} {box}: {board().ship_names[age, box]}"


def spaces_label(spaces: tuple[str, ...]) -> str:
    return " and ".join(board().space_label(s) for s in spaces)


def where_label(action: Placement, view: V) -> str:
    area = board().area_of(action.spaces[0])
    option = next((o for o in area_options(view) if o.area == area), None)
    if option is not None and option.opens and view.area >= 2:
        area_text = f"Area {area}, next area: {navigation_text(option.navigation)}"
    else:
        area_text = f"Area {area}"
    return f"{spaces_label(action.spaces)} ({area_text})"


def gold_of(action: A.Paid) -> int:
    if action.pay == "card":
        return 0
    gold = gold_cost(action.type, action.pay)
    if isinstance(action, A.TakeCard):
        gold += ships_content().card(action.card).gold_cost.value
    return gold


def pay_text(pay: str, gold: int) -> str:
    """How a move is paid, in the engine's words for each kind of payment."""
    if pay == "card":
        return f"with the {PAY_LABEL['card']} you took (no cube, no gold)"
    return PAY_WITH[pay] + (f" + {gold} gold" if gold else "")


def card_label(card_id: str) -> str:
    card = ships_content().card(card_id)
    cost = card.gold_cost.value
    return f"{card.name}: {card.text}" + (f" (costs {cost} gold more)" if cost else "")


def goods_label(goods: tuple[tuple[str, int], ...]) -> str:
    value = sum(price(good) * count for good, count in goods)
    return ", ".join(f"{count} {good_name(good)}" for good, count in goods) + \
        f" for {value} gold"


def source_label(sources: tuple[int, ...]) -> str:
    parts = ["everything in your action boxes"] if 0 in sources else []
    areas = [a for a in sources if a]
    if len(areas) == 1:
        parts.append(f"your cubes in Area {areas[0]}")
    elif areas:
        parts.append("your cubes in Areas " + ", ".join(str(a) for a in areas[:-1])
                     + f" and {areas[-1]}")
    return " and ".join(parts) or "nothing more (stop retrieving)"


def count_label(count: int, what: str) -> str:
    return f"{count} {what}" if count else f"no {what}"


# --- options shared by the paid actions ----------------------------------------------------------
def _pay(action: A.Paid | A.RetrieveMany | A.RetrieveCube, view: V) -> str:
    return action.pay if isinstance(action, A.Paid) else "card"


def _pay_label(action: A.Paid | A.RetrieveMany | A.RetrieveCube, view: V) -> str:
    if not isinstance(action, A.Paid):
        return pay_text("card", 0)
    return pay_text(action.pay, gold_of(action))


def _wine(action: A.Paid | A.RetrieveMany | A.RetrieveCube, view: V) -> str | None:
    return str(action.wine) if isinstance(action, A.Paid) else None


def _wine_label(action: A.Paid | A.RetrieveMany | A.RetrieveCube, view: V) -> str:
    wine = action.wine if isinstance(action, A.Paid) else 0
    return f"{wine} wine for {wine} gold" if wine else "no wine"


def pay_option() -> Option[PA, V]:
    return Option("pay", "How you pay for the action", _pay, _pay_label)


def wine_option() -> Option[PA, V]:
    return Option("wine", "Wine to exchange for gold; left out: only what is needed", _wine,
                  _wine_label, required=False, kind="whole", low=0, high=MAX_EXCHANGE,
                  exchange=True)


# --- place and upgrade ---------------------------------------------------------------------------
def _age(action: Placement, view: V) -> str:
    return str(action.age)


def _age_label(action: Placement, view: V) -> str:
    return age_label(action.age, ages_of(view).get(action.age), view.present_age == 0)


def _origin(action: A.UpgradeShip, view: V) -> str:
    return f"{action.from_age}:{action.from_box}"


def _origin_label(action: A.UpgradeShip, view: V) -> str:
    target = ages_of(view, action.from_age).get(action.age)
    return f"{ship_label(action.from_age, action.from_box)}, up to " + \
        age_label(action.age, target)


def _box(action: Placement, view: V) -> str:
    return action.box


def _where(action: Placement, view: V) -> str:
    return ",".join(action.spaces)


def _industry(action: Placement, view: V) -> str:
    return yes_no(action.industry is not None)


def _extra(action: Placement, view: V) -> str | None:
    """The trade box whose goods the industry counter adds to, where the move's two cubes give
    different goods (Panama and Suez Canal); no value where there is nothing to choose."""
    if action.industry is None or len(industry_choices(action.spaces)) < 2:
        return None
    return action.industry


def extra_label(space: str) -> str:
    return f"+1 {good_name(industry_good(space) or '')} with industry " \
        f"({board().space_label(space)})"


def _disc(action: Placement, view: V) -> str | None:
    return action.disc_from


def _metal(action: Placement, view: V) -> str:
    return str(action.metal)


def _metal_label(action: Placement, view: V) -> str:
    metal = action.metal
    return f"{metal} metal for {metal} navigation (+{metal * METAL_VP} VP)" if metal \
        else "no metal"


BOX_DESCRIPTION = "Merchant box (a cube for goods) or warship box (a food, a disc for a benefit)"
BOX_VALUES = (("merchant", "merchant box: a cube in a trade box for its goods"),
              ("warship", "warship box: a city disc for its benefit"))
DISC_VALUES = (("warehouse", "from your warehouse row"), ("bank", "from your bank row"))


def placement_options() -> tuple[Option[PL, V], ...]:
    return (
        Option("box", BOX_DESCRIPTION, _box, fixed=BOX_VALUES),
        Option("where", "The trade box or city space (the list shows its goods or benefit and "
               "area)", _where, where_label),
        pay_option(),
        Option("industry", "Spend an industry counter for one more good (merchant box)",
               _industry, lambda a, v: "spend an industry counter" if a.industry else
               "no industry counter", required=False, kind="yes_no", default="no"),
        Option("extra", "Two cubes with an industry counter: the trade box whose goods get the "
               "one more good", _extra, lambda a, v: extra_label(a.industry or ""),
               required=False),
        Option("disc", "Warship box: take the city disc from your warehouse or your bank row",
               _disc, required=False, fixed=DISC_VALUES),
        Option("metal", "Metal to exchange for navigation (2 VP each); left out: only what is "
               "needed", _metal, _metal_label, required=False, kind="whole", low=0,
               high=MAX_EXCHANGE, exchange=True),
        wine_option(),
    )


def _number(text: str | None, what: str, prefixes: tuple[str, ...] = ()) -> int:
    if text is None:
        raise CommandError(f"Fill in {what}.")
    digits = text.split(":", 1)[0].strip().lower()
    for prefix in prefixes:
        digits = digits.removeprefix(prefix).strip()
    number = whole(digits)
    if number is None or number < 0:
        raise CommandError(f"{what.capitalize()} is picked from the list, not {text!r}.")
    return number


def _ship(text: str | None, what: str) -> tuple[int, str]:
    age = _number(text, what, ("age",))
    box = (text or "").partition(":")[2].strip().lower() or "merchant"
    if box not in ("merchant", "warship"):
        raise CommandError(f"{what.capitalize()} is picked from the list, not {text!r}.")
    return age, box


OFFERED = 8  # spaces named when a typed name fits several


def _spaces(text: str | None) -> tuple[str, ...]:
    """The spaces ``where`` names: space ids, or spaces named by their labels anywhere on the
    board (so that a space no move can take now is refused for its own reason); text that names
    no space is kept as it is, for the engine to say so."""
    if text is None:
        raise CommandError("Fill in where: pick a trade box or city space from the list.")
    found, named = _spaces_named(text)
    if named is None or not found:
        return found or tuple(s.strip() for s in text.split(",") if s.strip())
    labels = [board().space_label(s) for s in found]
    shown = "; ".join(labels[:OFFERED]) + (f" (and {len(labels) - OFFERED} more)"
                                           if len(labels) > OFFERED else "")
    raise CommandError(f"{named!r} names several spaces ({shown}); pick one from the list.")


def _spaces_named(text: str) -> tuple[tuple[str, ...], str | None]:
    """The spaces ``text`` names, and None; or, when it names none or several, the spaces it
    might mean and the text itself."""
    b = board()
    parts = [part.strip() for part in text.split(",") if part.strip()]
    if parts and all(b.is_space(part) for part in parts):
        return tuple(parts), None
    named = b.spaces_named(text)
    if len(named) == 1:
        return (named[0],), None
    pieces = [p.strip() for p in text.replace(" and ", ",").split(",") if p.strip()]
    if not named and len(pieces) > 1:
        each = [b.spaces_named(piece) for piece in pieces]
        if all(len(found) == 1 for found in each):
            return tuple(found[0] for found in each), None
    return tuple(named), text.strip()


def _count(text: str | None, what: str) -> int:
    if text is None:
        return 0
    number = whole(text)
    if number is None or number < 0:
        raise CommandError(f"The {what} is a whole number, not {text!r}.")
    return number


def _paid(typed: Mapping[str, str | None]) -> dict[str, Any]:
    return {"pay": typed.get("pay") or "merchant", "wine": _count(typed.get("wine"), "wine")}


def _checked(make: Callable[[], P]) -> P:
    try:
        return make()
    except ValidationError as err:
        found = err.errors()
        where = ".".join(str(p) for p in found[0].get("loc", ())) if found else ""
        raise CommandError(f"Those options do not make a move ({where}: "
                           f"{found[0].get('msg', 'not allowed') if found else err}); pick "
                           "each option from its list.") from None


def _placement(typed: Mapping[str, str | None]) -> dict[str, Any]:
    spaces = _spaces(typed.get("where"))
    return dict(_paid(typed), box=typed.get("box") or "merchant", spaces=spaces,
                disc_from=typed.get("disc"),
                industry=_industry_space(typed.get("industry"), typed.get("extra"), spaces),
                metal=_count(typed.get("metal"), "metal"))


def _industry_space(industry: str | None, extra: str | None, spaces: tuple[str, ...]
                    ) -> str | None:
    """The trade box an industry counter goes with: the one ``extra`` names (a space, or the
    good one of ``spaces`` gives), else the first of ``spaces`` that takes one; None without
    the counter. Asked for where none can take it, the first space stands for it, so that the
    engine says why."""
    if industry != "yes":
        if extra is not None:
            raise CommandError("Extra says which good an industry counter adds to: set "
                               "industry to yes as well, or leave extra out.")
        return None
    if extra is not None:
        wanted = extra.strip().lower()
        found = next((s for s in spaces if s == wanted),
                     next((s for s in spaces if industry_good(s) == wanted), None))
        goods = [good_name(industry_good(s) or "") for s in industry_choices(spaces)]
        if found is None and len(goods) > 1:
            raise CommandError(f"Extra names the good the industry counter adds one more of: "
                               f"{' or '.join(goods)}.")
        if found is None and goods:
            raise CommandError(f"Here the industry counter can only add {goods[0]}: leave "
                               "out extra.")
        return found or extra.strip()
    return first_industry_space(spaces) or (spaces[0] if spaces else None)


def build_place(typed: Mapping[str, str | None], view: V) -> A.PlaceShip:
    age = _number(typed.get("age"), "the age", ("age",))
    return _checked(lambda: A.PlaceShip(age=age, **_placement(typed)))


def build_upgrade(typed: Mapping[str, str | None], view: V) -> A.UpgradeShip:
    from_age, from_box = _ship(typed.get("from"), "the ship to upgrade")
    return _checked(lambda: A.UpgradeShip(age=from_age + 1, from_age=from_age,
                                          from_box=from_box, **_placement(typed)))


# --- remove, card, gold, navigation, sell ------------------------------------------------------
def _ship_value(action: A.RemoveShip, view: V) -> str:
    return f"{action.age}:{action.box}"


def build_remove(typed: Mapping[str, str | None], view: V) -> A.RemoveShip:
    age, box = _ship(typed.get("ship"), "the ship to remove")
    return _checked(lambda: A.RemoveShip(age=age, box=box, **_paid(typed)))


def build_card(typed: Mapping[str, str | None], view: V) -> A.TakeCard:
    card = typed.get("card")
    if card is None:
        raise CommandError("Fill in card: pick a card from the display.")
    return _checked(lambda: A.TakeCard(card=card, **_paid(typed)))


def build_gold(typed: Mapping[str, str | None], view: V) -> A.TakeGold:
    return _checked(lambda: A.TakeGold(**_paid(typed)))


def build_navigation(typed: Mapping[str, str | None], view: V) -> A.TakeNavigation:
    return _checked(lambda: A.TakeNavigation(**_paid(typed)))


def _goods(action: A.SellGoods, view: V) -> str:
    return ",".join(f"{good}:{count}" for good, count in action.goods)


def _sale(text: str | None) -> tuple[tuple[str, int], ...]:
    if text is None:
        raise CommandError("Fill in goods: pick what to sell from the list.")
    sold: dict[str, int] = {}
    for part in text.split(","):
        good, _, count = part.strip().partition(":")
        number = whole(count) if count.strip() else 1
        good = good.strip().lower()
        if not good or number is None or number < 0:
            raise CommandError(f"Goods are picked from the list, not {text!r}.")
        sold[good] = sold.get(good, 0) + number
    return tuple(sorted(sold.items()))


def build_sell(typed: Mapping[str, str | None], view: V) -> A.SellGoods:
    goods = _sale(typed.get("goods"))
    return _checked(lambda: A.SellGoods(goods=goods, **_paid(typed)))


# --- retrieve (the display's action, and Factories' cubes) -------------------------------------
def _sources(action: Retrieving) -> tuple[int, ...]:
    if isinstance(action, A.Retrieve):
        return (action.source,)
    if isinstance(action, A.RetrieveMany):
        return ((0,) if action.boxes else ()) + action.areas
    return (board().area_of(action.space) if action.space != REST_SPACE else REST_AREA,)


def _from(action: Retrieving, view: V) -> str:
    return ",".join(str(s) for s in _sources(action)) or NONE


def _from_label(action: Retrieving, view: V) -> str:
    return source_label(_sources(action))


def _boxes(action: Retrieving, view: V) -> str:
    if isinstance(action, A.Retrieve) and action.spaces is not None:
        return ",".join(action.spaces)
    if isinstance(action, A.RetrieveCube) and action.space != REST_SPACE:
        return action.space
    return ALL


def _boxes_label(action: Retrieving, view: V) -> str:
    value = _boxes(action, view)
    if value == ALL:
        return "every trade box you hold there"
    return spaces_label(tuple(value.split(",")))


def _cubes(action: Retrieving, view: V) -> str:
    if isinstance(action, A.Retrieve) and action.count is not None:
        return str(action.count)
    if isinstance(action, A.RetrieveCube) and action.space == REST_SPACE:
        return "1"
    return ALL


def _cubes_label(action: Retrieving, view: V) -> str:
    value = _cubes(action, view)
    if value == ALL:
        return "all your cubes there"
    return f"{value} of your cubes in Area {REST_AREA}"


def _source_list(text: str | None) -> tuple[int, ...]:
    if text is None:
        raise CommandError("Fill in from: your action boxes or one area, from the list.")
    if text.strip().lower() == NONE:
        return ()
    return tuple(_number(part, "where to retrieve from", ("area",))
                 for part in text.replace(" and ", ",").split(",") if part.strip())


def _box_list(text: str, area: int | None) -> tuple[str, ...]:
    """Trade box ids, or trade boxes named by their labels in ``area``, in the board's order."""
    b = board()
    named = {b.space_label(t).lower(): t for t in b.trade
             if area is None or b.trade[t].area == area}
    found: list[str] = []
    for part in text.replace(" and ", ",").split(","):
        part = part.strip()
        if not part:
            continue
        if part in b.trade:
            found.append(part)
            continue
        matches = [t for name, t in named.items() if part.lower() in name]
        if len(matches) != 1:
            raise CommandError(f"Boxes are trade boxes where you have cubes, picked from the "
                               f"list; {part!r} names {'several' if matches else 'none'}.")
        found.append(matches[0])
    order = list(b.trade)
    return tuple(sorted(dict.fromkeys(found), key=order.index))


def build_retrieve(typed: Mapping[str, str | None], view: V) -> Retrieving:
    sources = _source_list(typed.get("from"))
    boxes = typed.get("boxes") or ALL
    cubes = typed.get("cubes") or ALL
    area = sources[0] if len(sources) == 1 and sources[0] else None
    spaces = None if boxes.lower() == ALL else _box_list(boxes, area)
    count = None if cubes.lower() == ALL else _count(cubes, "number of cubes")
    if typed.get("pay") == "card":  # Factories: cubes back without paying
        if spaces is not None:
            if len(spaces) != 1:
                raise CommandError("Factories takes single cubes back one trade box at a time.")
            return _checked(lambda: A.RetrieveCube(space=spaces[0]))
        if count is not None:
            if count != 1:
                raise CommandError(f"Factories takes single cubes back from Area {REST_AREA} "
                                   "one at a time.")
            return A.RetrieveCube(space=REST_SPACE)
        return _checked(lambda: A.RetrieveMany(boxes=0 in sources,
                                               areas=tuple(s for s in sources if s)))
    if len(sources) != 1:
        raise CommandError("Retrieve takes back from your action boxes or from one area.")
    return _checked(lambda: A.Retrieve(source=sources[0], spaces=spaces, count=count,
                                       **_paid(typed)))


# --- the decisions a card or a full warehouse brings --------------------------------------------
def _good(action: A.DiscardGood | A.ChooseGood, view: V) -> str:
    return action.good


def _held_label(action: A.DiscardGood, view: V) -> str:
    held = view.players[view.viewer].goods.get(action.good, 0) if view.viewer is not None else 0
    return f"one {good_name(action.good)} (you have {held})"


def _pool_label(action: A.ChooseGood, view: V) -> str:
    return f"one {good_name(action.good)} ({view.supply.goods.get(action.good, 0)} in the pool)"


def _convert(action: Converting, view: V) -> str:
    return action.good if isinstance(action, A.ConvertWine) else STOP


def _convert_label(action: Converting, view: V) -> str:
    if isinstance(action, A.ConvertWine):
        return f"one wine into one {good_name(action.good)}"
    return "stop converting wine"


def _good_text(typed: Mapping[str, str | None]) -> str:
    good = typed.get("good")
    if good is None:
        raise CommandError("Fill in good: pick one from the list.")
    return good.strip().lower()


def build_return(typed: Mapping[str, str | None], view: V) -> A.DiscardGood:
    return _checked(lambda: A.DiscardGood(good=_good_text(typed)))


def build_choose(typed: Mapping[str, str | None], view: V) -> A.ChooseGood:
    return _checked(lambda: A.ChooseGood(good=_good_text(typed)))


def build_convert(typed: Mapping[str, str | None], view: V) -> Converting:
    good = _good_text(typed)
    if good == STOP:
        return A.StopConverting()
    return _checked(lambda: A.ConvertWine(good=good))


def _ships_age(action: A.RemoveShips, view: V) -> str:
    return str(action.age)


def _ships_age_label(action: A.RemoveShips, view: V) -> str:
    seat = view.viewer
    boxes = view.ages[action.age - 1]
    mine = (boxes.merchant.count(seat), boxes.warship.count(seat)) if seat is not None else (0, 0)
    return f"Age {action.age} (your ships there: {mine[0]} merchant, {mine[1]} warship)"


def build_remove_ships(typed: Mapping[str, str | None], view: V) -> A.RemoveShips:
    age = _number(typed.get("age"), "the age", ("age",))
    merchant = _count(typed.get("merchant"), "number of merchant ships")
    warship = _count(typed.get("warship"), "number of warships")
    return _checked(lambda: A.RemoveShips(age=age, merchant=merchant, warship=warship))


def ship_counters() -> int:
    return sum(c.count for c in ships_content().components.per_player.ship_counters)


# --- why a command has no move that fits ---------------------------------------------------------
def _pay_named(text: str) -> str | None:
    """The way of paying ``text`` names: its value, or a word of its label."""
    wanted = text.strip().lower()
    if wanted in PAY_LABEL:
        return wanted
    for pay in ("oil", "card", "free", "merchant"):  # "oil for a free action cube" is oil
        if pay in wanted:
            return pay
    return None


def _card_named(text: str) -> str:
    """The card ``text`` names (its id, or part of one card's name); else the text itself."""
    wanted = text.strip().lower()
    cards = ships_content().cards.cards
    if any(card.id == wanted for card in cards):
        return wanted
    named = {card.id for card in cards if card.name.lower() == wanted.split(":", 1)[0].strip()}
    named = named or {card.id for card in cards if wanted in card.name.lower()}
    return named.pop() if len(named) == 1 else text.strip()


def _good_named(text: str) -> str:
    """The good ``text`` names: a good's id, or the one good a label mentions; else the text."""
    wanted = text.strip().lower()
    goods = ships_content().goods_ids
    if wanted in goods or wanted == STOP:
        return wanted
    words = set(wanted.replace("(", " ").replace(")", " ").split())
    found = [good for good in goods if good in words]
    return found[0] if len(found) == 1 else wanted


def _read(typed: Mapping[str, str | None], name: str, parse: Callable[[str], T]
          ) -> T | None:
    text = typed.get(name)
    if text is None:
        return None
    try:
        return parse(text)
    except CommandError:
        return None


def asked(command: str, typed: Mapping[str, str | None]) -> Asked:
    """What ``typed`` (the options of ``command``, as the command table reads them) says, read as
    far as it can be, for :func:`engine.ships.unavailable.why_none`."""
    where = _read(typed, "where", _spaces_named)
    box = (typed.get("box") or "").strip().lower()
    disc = (typed.get("disc") or "").strip().lower()
    industry = (typed.get("industry") or "").strip().lower()
    boxes = (typed.get("boxes") or ALL).strip()
    ship_option = {"upgrade": "from", "remove": "ship"}.get(command)
    return Asked(
        pay=_read(typed, "pay", _pay_named),
        age=_read(typed, "age", lambda t: _number(t, "the age", ("age",))),
        box=next((side for side in ("merchant", "warship") if box.startswith(side)), None),
        spaces=where[0] if where is not None else None,
        where=where[1] if where is not None else None,
        ship=_read(typed, ship_option, lambda t: _ship(t, "the ship")) if ship_option else None,
        card=_read(typed, "card", _card_named),
        goods=_read(typed, "goods", lambda t: _sale(_goods_typed(t))),
        sources=_read(typed, "from", _sources_typed) if command == "retrieve" else None,
        boxes=None if boxes.lower() == ALL else _read(typed, "boxes",
                                                      lambda t: _box_list(t, None)),
        good=_read(typed, "good", _good_named),
        disc=next((row for row in ("warehouse", "bank") if row in disc), None),
        industry=industry in ("yes", "true") or industry.startswith("spend"),
        wine=_read(typed, "wine", whole),
        metal=_read(typed, "metal", whole),
    )


def _goods_typed(text: str) -> str:
    """Goods as typed: "food:2,oil" as the values read, or "2 food" as the labels do."""
    parts = []
    for part in text.split(" for ", 1)[0].split(","):
        words = part.split()
        if len(words) == 2 and whole(words[0]) is not None:
            part = f"{words[1]}:{words[0]}"
        parts.append(part)
    return ",".join(parts)


def _sources_typed(text: str) -> tuple[int, ...]:
    if "box" in text.lower():
        return (0,)
    return _source_list(text)


def unavailable(command: str, kind: str) -> Callable[[Mapping[str, str | None], V], str | None]:
    """The reason the game gives when no legal move of ``command`` (which plays ``kind``) fits
    the options typed."""
    def reason(typed: Mapping[str, str | None], view: V) -> str | None:
        return why_none(kind, asked(command, typed), view)
    return reason


# --- a long list of moves, folded -----------------------------------------------------------------
# Late in a game a seat has hundreds of moves: every set of an area's trade boxes to retrieve
# from, every space for every ship, every set of goods to sell, each paid in two or three ways.
# One line stands for the moves that differ only there, read off their labels (engine.ships.legal
# writes them); a label that does not read as expected is listed on its own.
Rest = Callable[[list[Action]], str]  # how the line of moves alike goes on after its heading
SALES_LISTED = 6  # sales of different goods listed one a line; more share one line


def fold(labelled: Sequence[tuple[Action, str]]) -> list[Folded]:
    """A line for each set of moves alike but for how they are paid, where the ship goes (the
    spaces, an industry counter, the disc), which trade boxes of an area are retrieved from or,
    past :data:`SALES_LISTED` sales, which goods are sold; then ships placed alike (the same
    box, spaces and payment) share one line, the ages or the ships moved up named together."""
    sales = {a.goods for a, _ in labelled if isinstance(a, A.SellGoods)}
    groups: dict[tuple[object, ...], tuple[str, Rest, list[int]]] = {}
    for index, (action, label) in enumerate(labelled):
        found = _alike(action, label, len(sales) > SALES_LISTED)
        if found is not None:
            key, head, rest = found
            groups.setdefault(key, (head, rest, []))[2].append(index)
    lines: dict[tuple[object, ...], tuple[list[str], str, list[int]]] = {}
    for key, (head, rest, moves) in groups.items():
        text = rest([labelled[i][0] for i in moves])
        # a placement's heading ends with its box: "Upgrade from Age 7 merchant to Age 8, warship"
        ship, _, side = head.rpartition(", ") if key[0] in PLACEMENTS else ("", "", "")
        same = (key[0], side, text) if ship else key
        heads, _, joined = lines.setdefault(same, ([], text, []))
        heads.append(ship or head)
        joined += moves
    return [Folded(_heading(heads, same) + text, tuple(moves))
            for same, (heads, text, moves) in lines.items() if len(moves) > 1]


PLACEMENTS = ("place_ship", "upgrade_ship")


def _heading(heads: list[str], same: tuple[object, ...]) -> str:
    """The heading of a line: its moves', or the ages (or the ships moved up) of placements in
    one box (``same`` is then the kind, the box and the rest of the line), named together."""
    if len(same) != 3 or same[0] not in PLACEMENTS:
        return heads[0]
    if same[0] == "upgrade_ship":
        return "Upgrade " + _or([h.removeprefix("Upgrade ") for h in heads]) + f", {same[1]}"
    return _or(heads) + f", {same[1]}"


def _alike(action: Action, label: str, sales: bool
           ) -> tuple[tuple[object, ...], str, Rest] | None:
    """What a move shares with the moves it folds with (a key), the heading of their line and
    how the rest of it reads; None for a move listed on its own. ``sales``: every sale shares
    a line."""
    if not isinstance(action, A.Paid):
        return None
    paid = label.rfind(PAY_WITH[action.pay])
    if isinstance(action, A.SellGoods) and action.pay == "card" and label.endswith(" (card)"):
        paid = len(label) - len("(card)")  # a card's sale: "Sell 2 food for 2 gold (card)"
    if paid < 2:
        return None
    what = label[:paid - 2]
    if isinstance(action, (A.PlaceShip, A.UpgradeShip)):
        return _placement_alike(action, what)
    if isinstance(action, A.Retrieve) and action.source:
        area = action.source
        return (action.type, area), f"Retrieve all your cubes from Area {area}", \
            lambda moves: f"{_retrieved(moves)}: {_paying(moves)}"
    if isinstance(action, A.SellGoods) and sales:
        extra, vp = _card_sale_bonus(action, label)
        return (action.type,), "Sell", \
            lambda moves: f" {_sold(moves, extra, vp)}: {_paying(moves)}"
    return (action.type, what), what, lambda moves: f": {_paying(moves)}"


def _placement_alike(action: Placement, what: str
                     ) -> tuple[tuple[object, ...], str, Rest] | None:
    """A placement's label without its spaces, industry, disc, metal and payment (the ship,
    the age, the box, the area and its navigation): the same for every move it folds with."""
    for part in (f"; +1 {industry_good(action.industry or '')} with industry" if action.industry
                 else "", f"; disc from {action.disc_from}" if action.disc_from else "",
                 f" ({action.metal} from metal)" if action.metal else ""):
        if part and part not in what:
            return None
        what = what.replace(part, "", 1)
    targets = f": {spaces_label(action.spaces)} in Area "
    at = what.find(targets)
    if at < 0:
        return None
    head, tail = what[:at], what[at + len(targets) - len(" in Area "):]

    def rest(moves: list[Action]) -> str:
        placed = [m for m in moves if isinstance(m, (A.PlaceShip, A.UpgradeShip))]
        spaces = _or(list(dict.fromkeys(spaces_label(m.spaces) for m in placed)))
        cubes = {len(m.spaces) for m in placed}
        if cubes != {1} and len(cubes) == 1:  # a canal's cubes: every pair would be a list
            named = ", ".join(dict.fromkeys(board().space_label(s) for m in placed
                                            for s in m.spaces))
            twice = " (or one twice)" if any(len(set(m.spaces)) < len(m.spaces)
                                             for m in placed) else ""
            count = cubes.pop()
            spaces = f"{count} cubes in any {count}{twice} of {named} (where, joined with 'and')"
        rows = _or(list(dict.fromkeys(m.disc_from for m in placed if m.disc_from)))
        boosted = {m.spaces for m in placed if m.industry}
        plain = list(dict.fromkeys(spaces_label(m.spaces) for m in placed
                                   if m.spaces not in boosted))
        notes = "".join((
            ("; an industry counter can add one more good" + (
                f", but not in {_or(plain)}" if plain else "")) if boosted else "",
            f"; disc from {rows}" if rows else "",
            "; metal can pay for navigation" if any(m.metal for m in placed) else ""))
        return f": {spaces}{tail}{notes}; {_paying(moves)}"
    return (action.type, head, tail), head, rest


def _retrieved(moves: list[Action]) -> str:
    """What else the retrievals of one area can take back than all the cubes: those of the
    trade boxes named (Areas 2-6), or some of them (Area 7)."""
    taken = [m for m in moves if isinstance(m, A.Retrieve)]
    order = list(board().trade)
    boxes = sorted({s for m in taken for s in m.spaces or ()}, key=order.index)
    counts = sorted({m.count for m in taken if m.count is not None})
    text = ""
    if boxes:
        named = ", ".join(board().space_label(s) for s in boxes)
        text += f", or those in some of its trade boxes (boxes, joined with 'and': {named})"
    if counts:
        text += f", or only some of them (cubes: {counts[0]} to {counts[-1]})"
    return text


def _card_sale_bonus(action: A.SellGoods, label: str) -> tuple[int, int]:
    """The extra gold and the VP a card's sale gives for each good, read off its label ("Sell
    2 food for 4 gold and 2 VP (card)", written by ``legal``); none for the display's sale."""
    found = re.search(r" for (\d+) gold(?: and (\d+) VP)? \(card\)$", label)
    if action.pay != "card" or found is None:
        return 0, 0
    sold = sum(n for _, n in action.goods)
    base = sum(price(good) * n for good, n in action.goods)
    return (int(found[1]) - base) // sold, int(found[2] or 0) // sold


def _sold(moves: list[Action], extra: int = 0, vp: int = 0) -> str:
    """The goods that sales of any of them sell: how many of each at most, at what price (a
    card's ``extra`` gold and ``vp`` for each good included)."""
    most: dict[str, int] = {}
    for move in moves:
        for good, count in move.goods if isinstance(move, A.SellGoods) else ():
            most[good] = max(most.get(good, 0), count)
    held = sorted(most.items())  # as the labels name them
    paid = f" and {vp} VP" if vp else ""
    named = _and([f"{count} {good_name(good)} ({price(good) + extra} gold{paid} each)"
                  for good, count in held])
    sales = {m.goods for m in moves if isinstance(m, A.SellGoods)}
    # the biggest sale as typed: no other sale's label starts with it
    biggest = max(sales, key=lambda goods: (len(goods), sum(n for _, n in goods)))
    example = ", ".join(f"{count} {good_name(good)}" for good, count in biggest)
    return f"any of your {named}, in {len(sales)} ways (goods, e.g. '{example}')"


def _paying(moves: list[Action]) -> str:
    """The ways the moves are paid, each once ("pay with a merchant cube, or a free action cube
    + 1 gold"), and whether wine can pay the gold."""
    paid = [m for m in moves if isinstance(m, A.Paid)]
    ways = list(dict.fromkeys(pay_text(m.pay, gold_of(m)) for m in paid))
    text = ", or ".join([ways[0], *(way.removeprefix("pay with ") for way in ways[1:])])
    return text + (" (wine can pay the gold)" if any(m.wine for m in paid) else "")


def _or(names: list[str]) -> str:
    return ", ".join(names[:-1]) + f" or {names[-1]}" if len(names) > 1 else "".join(names)


def _and(names: list[str]) -> str:
    return ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else "".join(names)


# --- the table ------------------------------------------------------------------------------------
PLACE_AGE_DESCRIPTION = "Which age on the Ship Age track (the list shows the navigation each needs)"


def commands() -> tuple[Command[Any, V], ...]:
    ships = ship_counters()
    place: Command[A.PlaceShip, V] = Command(
        "place", "Place a ship: a cube in a trade box or a disc in a city", (A.PlaceShip,),
        (Option("age", PLACE_AGE_DESCRIPTION, _age, _age_label), *placement_options()),
        build_place, unavailable("place", "place_ship"), fold=fold)
    upgrade: Command[A.UpgradeShip, V] = Command(
        "upgrade", "Move one of your ships up one age, then place", (A.UpgradeShip,),
        (Option("from", "The ship to move up one age", _origin, _origin_label),
         *placement_options()),
        build_upgrade, unavailable("upgrade", "upgrade_ship"), fold=fold)
    remove: Command[A.RemoveShip, V] = Command(
        "remove", "Take one of your ships off the Ship Age track", (A.RemoveShip,),
        (Option("ship", "Which of your ships", _ship_value,
                lambda a, v: ship_label(a.age, a.box)),
         pay_option(), wine_option()),
        build_remove, unavailable("remove", "remove_ship"), fold=fold)
    card: Command[A.TakeCard, V] = Command(
        "card", "Take one card from the display (once a turn)", (A.TakeCard,),
        (Option("card", "Which card (the list shows what it does)", lambda a, v: a.card,
                lambda a, v: card_label(a.card)),
         pay_option(), wine_option()),
        build_card, unavailable("card", "take_card"), fold=fold)
    gold: Command[A.TakeGold, V] = Command(
        "gold", "Take one gold into your bank", (A.TakeGold,), (pay_option(), wine_option()),
        build_gold, unavailable("gold", "take_gold"), fold=fold)
    navigation: Command[A.TakeNavigation, V] = Command(
        "navigation", "Take two navigation counters", (A.TakeNavigation,),
        (pay_option(), wine_option()), build_navigation,
        unavailable("navigation", "take_navigation"), fold=fold)
    sell: Command[A.SellGoods, V] = Command(
        "sell", "Sell goods from your warehouse for gold", (A.SellGoods,),
        (Option("goods", "What to sell (the list shows the gold it brings)", _goods,
                lambda a, v: goods_label(a.goods)),
         pay_option(), wine_option()),
        build_sell, unavailable("sell", "sell_goods"), fold=fold)
    retrieve: Command[Retrieving, V] = Command(
        "retrieve", "Bring merchant cubes back to your stock",
        (A.Retrieve, A.RetrieveMany, A.RetrieveCube),
        (Option("from", "Your action boxes, or one area", _from, _from_label),
         Option("boxes", "Only these trade boxes of the area; left out: all of them", _boxes,
                _boxes_label, required=False, default=ALL),
         Option("cubes", f"Area {REST_AREA}: only this many of your cubes there; left out: all",
                _cubes, _cubes_label, required=False, kind="whole", low=1, high=ships_content(
                ).components.per_player.merchant_cubes, default=ALL),
         pay_option(), wine_option()),
        build_retrieve, unavailable("retrieve", "retrieve"), fold=fold)
    end: Command[A.EndTurn, V] = Command("end", "End your turn", (A.EndTurn,),
                                         unavailable=unavailable("end", "end_turn"))
    give_back: Command[A.DiscardGood, V] = Command(
        "return", "Return one good to the pool (a warehouse too full, or pirates)",
        (A.DiscardGood,),
        (Option("good", "Which good to give back", _good, _held_label),), build_return,
        unavailable("return", "discard_good"))
    choose: Command[A.ChooseGood, V] = Command(
        "choose", "Take one good of your choice from the pool (a card's gift)", (A.ChooseGood,),
        (Option("good", "Which good to take", _good, _pool_label),), build_choose,
        unavailable("choose", "choose_good"))
    convert: Command[Converting, V] = Command(
        "convert", "Turn one wine into another good (a card's action), or stop",
        (A.ConvertWine, A.StopConverting),
        (Option("good", "The good to turn one wine into, or stop", _convert, _convert_label),),
        build_convert, unavailable("convert", "convert_wine"))
    skip: Command[A.SkipCard, V] = Command(
        "skip", "Give up the action of the card you took", (A.SkipCard,),
        unavailable=unavailable("skip", "skip_card"))
    remove_ships: Command[A.RemoveShips, V] = Command(
        "remove-ships", "A card's action: take some of your ships in one age back to stock",
        (A.RemoveShips,),
        (Option("age", "Which age of the Ship Age track", _ships_age, _ships_age_label),
         Option("merchant", "How many of your merchant ships there", lambda a, v:
                str(a.merchant), lambda a, v: count_label(a.merchant, "merchant ships"),
                kind="whole", low=0, high=ships),
         Option("warship", "How many of your warships there", lambda a, v: str(a.warship),
                lambda a, v: count_label(a.warship, "warships"), kind="whole", low=0,
                high=ships)),
        build_remove_ships, unavailable("remove-ships", "remove_ships"))
    return (place, upgrade, remove, card, gold, navigation, sell, retrieve, end, give_back,
            choose, convert, skip, remove_ships)


# --- help figures -------------------------------------------------------------------------------
HELP_ACTIONS = {
    "place": "place_ship", "upgrade": "upgrade_ship", "remove": "remove_ship",
    "card": "take_card", "gold": "take_gold", "navigation": "take_navigation",
    "sell": "sell_goods", "retrieve": "retrieve",
}


def cost_line(action_type: str) -> str:
    def gold(n: int) -> str:
        return f" + {n} gold" if n else ", no gold"

    return (f"Cost: a {PAY_LABEL['merchant']}{gold(gold_cost(action_type, 'merchant'))}; or a "
            f"{PAY_LABEL['free']} (oil can buy one){gold(gold_cost(action_type, 'free'))}.")


def exchanges_text() -> str:
    words = {"free_action_cubes": "a free action cube", "navigation": "a navigation counter",
             "gold": "a gold", "vp": "VP"}
    lines = []
    for good in ships_content().components.goods.items:
        if not good.exchange:
            continue
        gains = [f"{g.amount} {words.get(g.what, g.what)}" if g.what == "vp"
                 else words.get(g.what, g.what) for g in good.exchange]
        lines.append(f"• 1 {good.name.lower()} → " + " and ".join(gains))
    return "\n".join(lines)


def cards_text() -> str:
    content = ships_content()
    lines = []
    for era in ("galley", "sailing", "steam"):
        names = []
        for card in content.cards.cards:
            if card.era == era:
                cost = card.gold_cost.value
                names.append(card.name + (f" ({cost} gold)" if cost else ""))
        lines.append(f"**{era.capitalize()}**: " + ", ".join(dict.fromkeys(names)))
    return "\n".join(lines)


def figures() -> dict[str, object]:
    content = ships_content()
    goods = content.components.goods.items
    spice = content.areas.spice_box
    found: dict[str, object] = {
        f"{name}_cost": cost_line(kind) for name, kind in HELP_ACTIONS.items()}
    found.update(
        prices=", ".join(f"{g.name.lower()} {g.price}" for g in goods),
        food_yield=content.good("food").trade_box_yield,
        spice_vp=spice.vp, spice_gold=spice.gold, spice_cubes=spice.cubes_locked,
        gold_per_vp=content.components.scoring.gold_per_vp,
        metal_vp=METAL_VP, rest_area=REST_AREA,
        exchanges=exchanges_text(), cards=cards_text(),
        retrieve_cards=cards_with("retrieve_cubes"),
        remove_ships_cards=cards_with("remove_ships_from_one_age"),
        choose_cards=cards_with("gain_goods_of_choice"),
        convert_cards=cards_with("convert_goods"),
        discard_cards=cards_with("opponents_discard_goods"),
    )
    return found


@functools.cache
def table() -> CommandTable[ShipsView]:
    found = commands()
    return CommandTable(
        group="ships",
        description="Play Ships: one command per action",
        commands=found,
        nothing_to_decide=("No decision is waiting for you: play an action (/ships place, "
                           "/ships sell, ...) or end your turn with /ships end."),
        turn_end="end_turn",
        help=load_help("ships/help.yaml", found, figures()),
        values_for_left_out=True,  # an upgrade's ship left out: the ships, not every upgrade
    )
