"""The Ocean Trader board image: size and file size on positions from seeded games, ships where
``layout_positions`` says, secrets kept out of the picture, legibility, nothing off the canvas."""

from __future__ import annotations

import io
import math
from functools import cache

import pytest
from PIL import Image

from engine.core import Accepted, Rng, View, step
from engine.ocean_trader import GAME
from engine.ocean_trader.state import OceanTraderState, OceanTraderView, PendingView, Ship
from render import catalog, ocean_trader
from render.common.canvas import MAX_PNG_BYTES, board_problems, clear_static_cache
from render.common.fonts import SMALL_SIZE
from render.common.palette import BACKGROUND, HIGHLIGHT, player_style
from render.ocean_trader import panels as ocean_trader_panels
from render.ocean_trader import static as ocean_trader_static
from render.ocean_trader import style as ocean_trader_style
from render.ocean_trader.style import HEIGHT, MARGIN, WIDTH

from .helpers import ink_box

NAMES = ["Ann", "Bj\u00f6rn \u00d8stergaard", "Chen", "Dora, who has a very long name indeed",
         "Eve", "Femi"]


def _decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def _rgb(png: bytes) -> Image.Image:
    return _decode(png).convert("RGB")


@cache
def _played(seats: int, seed: int, variant: str) -> tuple[OceanTraderState, ...]:
    """Every state of a seeded game of random legal moves."""
    state = GAME.setup({"variant": variant, "turns": 12}, seats, seed)
    chooser = Rng.from_seed(seed * 7919 + seats)
    states = [state]
    for _ in range(1500):
        if GAME.outcome(state) is not None:
            break
        seat = chooser.choice(sorted(GAME.actors(state)))
        outcome = step(GAME, state, seat, chooser.choice(GAME.legal_actions(state, seat)),
                       state.version)
        assert isinstance(outcome, Accepted), outcome
        state = outcome.state
        states.append(state)
    return tuple(states)


def _picks(seats: int, seed: int, variant: str, count: int) -> list[OceanTraderState]:
    states = _played(seats, seed, variant)
    idx = sorted({round(i * (len(states) - 1) / (count - 1)) for i in range(count)})
    return [states[i] for i in idx]


GAMES = [(2, 21, "short"), (6, 22, "short"), (2, 23, "full"), (6, 24, "full")]


def _check_ships(image: Image.Image, view: OceanTraderView) -> int:
    ships = ocean_trader.layout_positions(view)["ships"]
    checked = 0
    for player in view.players:
        for ship in player.ships:
            key = f"{player.seat}.{ship.number}"
            assert key in ships, key
            assert image.getpixel(ships[key]) == player_style(player.seat).rgb, key
            checked += 1
    return checked


# ------------------------------------------------------------------ the image itself


@pytest.mark.parametrize("seats,seed,variant", GAMES)
def test_positions_from_seeded_games_render_within_limits(seats: int, seed: int,
                                                          variant: str) -> None:
    ships_seen = 0
    for state in _picks(seats, seed, variant, 6):
        for viewer in (None, 0):
            view = GAME.view(state, viewer)
            png = ocean_trader.render(view, NAMES[:seats])
            image = _decode(png)
            assert image.format == "PNG" and image.mode in ("P", "RGB")
            assert image.size == (WIDTH, HEIGHT)
            assert image.width >= 1200 and image.width > image.height
            assert len(png) <= MAX_PNG_BYTES
            rgb = image.convert("RGB")
            assert board_problems(rgb, png) == []
            ships_seen += _check_ships(rgb, view)
    assert ships_seen > 0


def test_renderer_is_registered_by_game_id_and_pure() -> None:
    try:
        render = catalog.get("ocean_trader")
    except KeyError:
        catalog.register("ocean_trader", ocean_trader.render)
        render = catalog.get("ocean_trader")
    view = GAME.view(_picks(2, 21, "short", 3)[1], None)
    assert render(view, NAMES) == render(view.model_copy(deep=True), NAMES)


def test_rejects_another_games_view() -> None:
    other = View(game="race", version=0, viewer=None, seats=2, turn=0, actors=[0])
    with pytest.raises(TypeError):
        ocean_trader.render(other, NAMES)


# ------------------------------------------------------------------ where ships land


def test_layout_positions_lie_on_the_chart() -> None:
    positions = ocean_trader.layout_positions()
    assert len(positions["ports"]) == 29
    assert len(positions["spaces"]) == sum(r.spaces for r in
                                           ocean_trader_static.ocean_trader_content()
                                           .routes.routes)
    x0, y0, x1, y1 = ocean_trader_style.MAP_BOX
    for x, y in [*positions["ports"].values(), *positions["spaces"].values()]:
        assert x0 <= x < x1 and y0 <= y < y1


@pytest.mark.parametrize("seat", range(6))
def test_a_ship_shows_its_owners_colour_where_layout_puts_it(seat: int) -> None:
    state = GAME.setup({}, 6, 5)
    for player in state.players:
        player.ships = []
    route = "R13"  # Liverpool - Rio: a long open ocean passage
    state.players[seat].ships = [Ship(number=2, route=route, at=5, toward="RIO")]
    view = GAME.view(state, None)
    point = ocean_trader.layout_positions(view)["ships"][f"{seat}.2"]
    space = ocean_trader.layout_positions()["spaces"][f"{route}.5"]
    assert abs(point[0] - space[0]) < 40 and abs(point[1] - space[1]) < 20
    image = _rgb(ocean_trader.render(view, NAMES))
    assert image.getpixel(point) == player_style(seat).rgb
    state.players[seat].ships = []
    empty = _rgb(ocean_trader.render(GAME.view(state, None), NAMES))
    assert empty.getpixel(point) != player_style(seat).rgb


def test_a_crowded_port_keeps_every_fleet_visible() -> None:
    state = GAME.setup({}, 6, 6)  # every fleet starts in Liverpool
    for player in state.players:
        player.ships += [Ship(number=2, port="LIV"), Ship(number=3, port="CPT", insured=True,
                                                          cargo=["silk", "wine", "coal"])]
    view = GAME.view(state, None)
    image = _rgb(ocean_trader.render(view, NAMES))
    assert _check_ships(image, view) == 18


def test_no_ship_hides_a_port() -> None:
    """A pill over a port's dot reads as a ship in that port: pills keep off every dot (a
    leader line joins a pill moved off its spot to the spot)."""
    views = [GAME.view(state, None) for args in GAMES for state in _picks(*args, 8)]
    state = GAME.setup({}, 2, 8)  # two ports where the labels crowd the pills
    state.players[0].ships[0].port, state.players[1].ships[0].port = "BAT", "BOR"
    views.append(GAME.view(state, None))
    dots = ocean_trader.layout_positions()["ports"]

    def away(box: tuple[int, int, int, int], port: str) -> float:
        x, y = dots[port]
        return math.hypot(max(box[0] - x, 0, x - box[2]), max(box[1] - y, 0, y - box[3]))

    for view in views:
        for seat, numbers, box in ocean_trader.ship_boxes(view):
            hidden = [port for port, (x, y) in dots.items()
                      if box[0] <= x < box[2] and box[1] <= y < box[3]]
            assert not hidden, (seat, numbers, box, hidden)
            ship = next(s for s in view.players[seat].ships if s.number == numbers[0])
            fleets = sum(any(s.port == ship.port for s in p.ships) for p in view.players)
            # and it reads as being in its own port (but for a crowd of fleets, which may
            # spread further: six start in Liverpool, between Bordeaux and Quebec)
            if ship.port is not None and fleets <= 3:
                nearest = min(dots, key=lambda port: (away(box, port), port != ship.port))
                assert nearest == ship.port, (seat, numbers, ship.port, nearest)


def test_the_ship_awaiting_a_decision_is_ringed() -> None:
    state = GAME.setup({}, 3, 7)
    view = GAME.view(state, None)
    box = [b for s, n, b in ocean_trader.ship_boxes(view) if s == view.active][0]
    probe = (box[0] - 2, (box[1] + box[3]) // 2)  # on the ring round the pill
    assert _rgb(ocean_trader.render(view, NAMES)).getpixel(probe) != HIGHLIGHT
    view.pending = PendingView(kind="depart", seat=view.active, ship=1, port="LIV")
    assert _rgb(ocean_trader.render(view, NAMES)).getpixel(probe) == HIGHLIGHT
    assert "choose a route for ship 1 leaving Liverpool" in \
        ocean_trader_panels.pending_text(view.pending, NAMES)


# ------------------------------------------------------------------ secrets


@pytest.mark.parametrize("seats,seed,variant", [(2, 23, "full"), (6, 24, "full"),
                                                (6, 22, "short")])
def test_spectator_image_is_the_same_whatever_the_secrets(seats: int, seed: int,
                                                          variant: str) -> None:
    rng = Rng.from_seed(99)
    for state in _picks(seats, seed, variant, 4):
        base = ocean_trader.render(GAME.view(state, None), NAMES[:seats])
        for seat in range(seats):
            scrambled = GAME.scramble_secrets(state, seat, rng)
            assert ocean_trader.render(GAME.view(scrambled, None), NAMES[:seats]) == base
            # and no other seat's view shows this seat's cash or shares
            other = (seat + 1) % seats
            assert ocean_trader.render(GAME.view(scrambled, other), NAMES[:seats]) == \
                ocean_trader.render(GAME.view(state, other), NAMES[:seats])


def test_own_cash_appears_only_in_the_viewers_office() -> None:
    state = GAME.setup({"variant": "full"}, 3, 8)
    state.players[1].cash = 123_456
    own = _rgb(ocean_trader.render(GAME.view(state, 1), NAMES))
    spectator = _rgb(ocean_trader.render(GAME.view(state, None), NAMES))
    office = ocean_trader_style.office_boxes(3)[1]
    assert own.crop(office).tobytes() != spectator.crop(office).tobytes()
    for seat in (0, 2):
        box = ocean_trader_style.office_boxes(3)[seat]
        assert own.crop(box).tobytes() == spectator.crop(box).tobytes()


def test_a_spare_policy_shows_in_the_open_office() -> None:
    state = GAME.setup({"variant": "short"}, 3, 8)
    plain = _rgb(ocean_trader.render(GAME.view(state, None), NAMES))
    state.players[2].spare_policies = 1
    spare = _rgb(ocean_trader.render(GAME.view(state, None), NAMES))
    for seat in range(3):
        box = ocean_trader_style.office_boxes(3)[seat]
        assert (plain.crop(box).tobytes() != spare.crop(box).tobytes()) == (seat == 2)


def test_a_holding_the_table_knows_shows_in_that_office_for_everyone() -> None:
    state = GAME.setup({"variant": "full"}, 3, 8)
    state.players[2].shares = 4
    plain = _rgb(ocean_trader.render(GAME.view(state, None), NAMES))
    state.players[2].shown = 4  # shown in a challenge
    for viewer in (None, 0, 1):
        assert "4 shares shown" in [t for t, _ in _texts(GAME.view(state, viewer))]
    known = _rgb(ocean_trader.render(GAME.view(state, None), NAMES))
    for seat in range(3):
        box = ocean_trader_style.office_boxes(3)[seat]
        assert (plain.crop(box).tobytes() != known.crop(box).tobytes()) == (seat == 2)
    own = [t for t, _ in _texts(GAME.view(state, 2))]
    assert "4 shares shown" not in own and "4 shares" in own  # its own holding, as always


# ------------------------------------------------------------------ legibility and bounds


def test_no_text_below_the_half_scale_minimum(monkeypatch: pytest.MonkeyPatch) -> None:
    sizes: set[int] = set()
    for module in (ocean_trader_static, ocean_trader_panels, ocean_trader_style):
        original = module.font

        def recording(size: int, bold: bool = False, _original=original):  # noqa: ANN202
            sizes.add(size)
            return _original(size, bold)

        monkeypatch.setattr(module, "font", recording)
    clear_static_cache()
    try:
        for seats, seed, variant in GAMES:
            for state in _picks(seats, seed, variant, 3):
                ocean_trader.render(GAME.view(state, 0), NAMES[:seats])
    finally:
        clear_static_cache()
    assert sizes and min(sizes) >= SMALL_SIZE >= 20


@pytest.mark.parametrize("seats,seed,variant", GAMES)
def test_nothing_runs_off_the_canvas(seats: int, seed: int, variant: str) -> None:
    for state in _picks(seats, seed, variant, 3):
        view = GAME.view(state, 0)
        for player in view.players:  # full holds, every ship out, long names
            player.ships = [Ship(number=n, port="SFO" if n == 1 else None,
                                 route=None if n == 1 else "R24", at=n, toward="VAL",
                                 insured=True, cargo=["manufactures", "tobacco", "spices"])
                            for n in (1, 2, 3)]
        image = _rgb(ocean_trader.render(view, [n * 3 for n in NAMES[:seats]]))
        ink = ink_box(image, BACKGROUND)
        assert ink is not None
        assert ink[0] >= MARGIN // 2 and ink[1] >= MARGIN // 2
        assert ink[2] <= WIDTH - MARGIN // 2 and ink[3] <= HEIGHT - MARGIN // 2


def test_final_position_names_the_result() -> None:
    states = _played(2, 21, "short")
    final = GAME.view(states[-1], None)
    assert final.finished
    png = ocean_trader.render(final, NAMES[:2])
    assert len(png) <= MAX_PNG_BYTES


# ------------------------------------------------------------------ what the texts say


def _texts(view: OceanTraderView) -> list[tuple[str, int]]:
    """Every text line the board draws, with its height in pixels."""
    from render.common.record import recording

    with recording() as notes:
        ocean_trader.render(view, NAMES[:view.seats])
    return [(d.text, d.box[3] - d.box[1]) for d in notes if d.kind == "text"]


def test_the_short_game_shows_one_round_count_and_no_shares() -> None:
    state = _picks(2, 21, "short", 3)[1]
    for viewer in (None, 0):
        texts = [t for t, _ in _texts(GAME.view(state, viewer))]
        assert sum(t.startswith("Round ") and t.endswith(f" of {state.turn_limit}")
                   for t in texts) == 1, texts
        assert not any("turn " in t.lower() and t[-1].isdigit() for t in texts), texts
        assert not any("share" in t.lower() or t.endswith(" sh") or " sh," in t
                       for t in texts), texts


def test_a_seats_own_board_shows_its_secrets_large() -> None:
    state = GAME.setup({"variant": "full"}, 3, 8)
    state.players[1].cash = 4_321
    state.players[1].shares = 3
    own = _texts(GAME.view(state, 1))
    cash = [h for t, h in own if t == "Your cash 4,321"]
    assert cash and min(cash) >= 20
    assert ("3 shares" in [t for t, _ in own])
    public = [t for t, _ in _texts(GAME.view(state, None))]
    assert not any("4,321" in t or "Your" in t for t in public)
