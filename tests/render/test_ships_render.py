"""The Ships board image: size, file size, where pieces land, crowded tables, legibility, and
positions from seeded games."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from PIL import Image, ImageChops

from engine.core import View
from engine.ships.content import ships_content
from engine.ships.state import LastTurn, ShipsView, city_space_id, trade_box_id
from render import catalog, ships
from render.common.canvas import MAX_PNG_BYTES, board_problems, clear_static_cache
from render.common.fonts import SMALL_SIZE
from render.common.palette import BACKGROUND, GOLD, HIGHLIGHT, player_style, shade
from render.ships import panels as ships_panels
from render.ships import pieces as ships_pieces
from render.ships import players as ships_players
from render.ships import static as ships_static
from render.ships.layout import HEIGHT, MARGIN, WIDTH, board_geom
from render.ships.sample import sample_view

from .helpers import ink_box

NAMES = ["Ann", "Bj\u00f6rn \u00d8stergaard", "Chen", "Dora, who has a very long name indeed"]


def _decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def _rgb(png: bytes) -> Image.Image:
    return _decode(png).convert("RGB")


def _bare(seats: int = 4) -> ShipsView:
    """A table with nothing on the map, so a placed piece is the only thing that changes."""
    view = sample_view(seats=seats, seed=2)
    view.trade, view.cities = {}, {}
    view.last = view.current = LastTurn()
    return view


# ------------------------------------------------------------------ the image itself


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_image_is_a_landscape_board_within_limits(seats: int) -> None:
    png = ships.render(sample_view(seats=seats, seed=seats), NAMES[:seats])
    image = _decode(png)
    assert image.format == "PNG"
    assert image.mode in ("P", "RGB")
    assert image.size == (WIDTH, HEIGHT)
    assert image.width >= 1200 and image.width > image.height
    assert len(png) < MAX_PNG_BYTES
    assert board_problems(image.convert("RGB"), png) == []


def test_renderer_is_registered_by_game_id_and_pure() -> None:
    view = sample_view(seed=5)
    try:
        render = catalog.get("ships")
    except KeyError:
        catalog.register("ships", ships.render)
        render = catalog.get("ships")
    assert render(view, NAMES) == render(view.model_copy(deep=True), NAMES)


def test_rejects_another_games_view() -> None:
    other = View(game="race", version=0, viewer=None, seats=2, turn=0, actors=[0])
    with pytest.raises(TypeError):
        ships.render(other, NAMES)


# ------------------------------------------------------------------ where pieces land


def test_layout_positions_cover_every_space_inside_the_map() -> None:
    content = ships_content()
    positions = ships.layout_positions()
    trade = {trade_box_id(loc.id, i) for a in content.areas.areas for loc in a.locations
             for i in range(len(loc.trade_boxes))}
    cities = {city_space_id(loc.id, i) for a in content.areas.areas for loc in a.locations
              for i in range(len(loc.city_spaces))}
    assert set(positions["trade"]) == trade
    assert set(positions["city"]) == cities
    points = list(positions["trade"].values()) + list(positions["city"].values())
    assert len(set(points)) == len(points)
    for x, y in points:
        assert MARGIN <= x < WIDTH - MARGIN and MARGIN <= y < HEIGHT - MARGIN


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_placed_cube_and_disc_show_their_owners_colour(seat: int) -> None:
    positions = ships.layout_positions()
    trade_id, city_id = "miletus.t0", "athens.c1"
    colour = player_style(seat).rgb
    empty = _rgb(ships.render(_bare(), NAMES))
    assert empty.getpixel(positions["trade"][trade_id]) != colour
    assert empty.getpixel(positions["city"][city_id]) != colour

    view = _bare()
    view.trade[trade_id] = seat
    view.cities[city_id] = seat
    placed = _rgb(ships.render(view, NAMES))
    assert placed.getpixel(positions["trade"][trade_id]) == colour
    assert placed.getpixel(positions["city"][city_id]) == colour


def test_png_keeps_every_colour_of_the_board(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[Image.Image] = []
    encode = ships.palette_png

    def recording(image: Image.Image) -> bytes:
        drawn.append(image.convert("RGB"))
        return encode(image)

    monkeypatch.setattr(ships, "palette_png", recording)
    png = ships.render(sample_view(seats=4, seed=1, crowded=True), NAMES)
    assert ImageChops.difference(_rgb(png), drawn[0].convert("RGB")).getbbox() is None
    palette_colours = {c for _, c in drawn[0].getcolors(256) or []}
    for seat in range(4):
        assert player_style(seat).rgb in palette_colours


def test_every_trade_box_and_city_space_can_be_taken() -> None:
    view = _bare()
    positions = ships.layout_positions()
    view.trade = {space: i % 4 for i, space in enumerate(positions["trade"])}
    view.cities = {space: (i + 1) % 4 for i, space in enumerate(positions["city"])}
    image = _rgb(ships.render(view, NAMES))
    for space, seat in view.trade.items():
        assert image.getpixel(positions["trade"][space]) == player_style(seat).rgb, space
    for space, seat in view.cities.items():
        assert image.getpixel(positions["city"][space]) == player_style(seat).rgb, space


def test_last_turn_is_ringed() -> None:
    geom = board_geom()
    box = geom.trade_boxes()["knossos.t1"].box
    probe = (box[0] - 1, (box[1] + box[3]) // 2)  # on the ring round the box
    view = _bare()
    assert _rgb(ships.render(view, NAMES)).getpixel(probe) != HIGHLIGHT
    view.last = LastTurn(seat=1, ages=[2], spaces=["knossos.t1"], scored_areas=[2])
    assert _rgb(ships.render(view, NAMES)).getpixel(probe) == HIGHLIGHT
    view.last = LastTurn()
    view.current = LastTurn(spaces=["knossos.t1"])
    assert _rgb(ships.render(view, NAMES)).getpixel(probe) == HIGHLIGHT


# ------------------------------------------------------------------ crowded tables


def _crowded_views() -> Iterator[ShipsView]:
    yield sample_view(seats=4, seed=1, crowded=True)
    view = sample_view(seats=4, seed=3, crowded=True)
    view.ages[-1].merchant = [0, 1, 2, 3] * 6 + [1] * 12  # more ships than anyone owns
    view.ages[-1].warship = [3, 2, 1, 0] * 5
    view.rest_merchant = [99, 120, 7, 250]
    view.rest_warship = [40, 0, 99, 12]
    for player in view.players:
        player.goods = {"food": 9, "cloth": 9, "wine": 4}  # far past the warehouse
        player.gold = 15
        player.vp = 1234
        player.stock_cubes = 120
    view.pending = view.pending * 3
    yield view
    view = sample_view(seats=2, seed=4, crowded=True)
    view.display = view.display * 2  # more cards than rows
    yield view


@pytest.mark.parametrize("view", list(_crowded_views()), ids=["full", "overfull", "two"])
def test_crowded_tables_stay_on_the_canvas(view: ShipsView) -> None:
    png = ships.render(view, NAMES[: view.seats])
    image = _rgb(png)
    assert image.size == (WIDTH, HEIGHT)
    assert len(png) < MAX_PNG_BYTES
    ink = ink_box(image, BACKGROUND)
    assert ink is not None
    # a margin of plain background all round: nothing ran off the board
    assert ink[0] >= MARGIN // 2 and ink[1] >= MARGIN // 2
    assert ink[2] <= WIDTH - MARGIN // 2 and ink[3] <= HEIGHT - MARGIN // 2


def test_final_results_banner() -> None:
    view = sample_view(seats=3, seed=7)
    view.finished = True
    view.scores = [88, 120, 120]
    view.end_reason = "Five ships reached Age 11 and everyone had the same number of turns."
    image = _rgb(ships.render(view, NAMES[:3]))
    geom = board_geom()
    corner = (geom.status[0] + 8, geom.status[1] + 30)
    assert image.getpixel(corner) == shade(GOLD, 1.55)


def test_pending_decision_is_spelled_out() -> None:
    view = sample_view(seats=4, seed=1, crowded=True)
    text = ships_panels.pending_text(view.pending[0], NAMES)
    assert text == f"Waiting for {NAMES[view.pending[0].seats[0]]} to discard goods"


# ------------------------------------------------------------------ legibility


def test_no_text_below_the_half_scale_minimum(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every font the board asks for is at least 20 px, so text still reads on a phone that
    shows the board at half size. (Letters inside icons - a marker's initial, a goods code -
    are icon art with a legend in plain text.)"""
    sizes: set[int] = set()
    for module in (ships, ships_static, ships_panels, ships_players, ships_pieces):
        if hasattr(module, "font"):
            original = module.font

            def recording(size: int, bold: bool = False, _original=original):  # noqa: ANN202
                sizes.add(size)
                return _original(size, bold)

            monkeypatch.setattr(module, "font", recording)
    clear_static_cache()  # so the cached board is drawn again, through the recorder
    try:
        for view in (sample_view(seed=1), sample_view(seats=4, seed=1, crowded=True)):
            ships.render(view, NAMES)
        finished = sample_view(seed=2)
        finished.finished, finished.scores = True, [1, 2, 3, 4]
        ships.render(finished, NAMES)
    finally:
        clear_static_cache()
    assert sizes and min(sizes) >= SMALL_SIZE >= 20


# ------------------------------------------------------------------ seeded games


def _played_views(seats: int, seed: int, count: int) -> list[ShipsView]:
    """``count`` views spread over a seeded game of random legal moves, the last one final."""
    ships_engine = pytest.importorskip("engine.ships")
    from engine.core import Accepted, Rng, step

    game = ships_engine.GAME
    state = game.setup({}, seats, seed)
    chooser = Rng.from_seed(seed * 7919 + seats)
    states = [state]
    for _ in range(5000):
        if game.outcome(state) is not None:
            break
        seat = chooser.choice(sorted(game.actors(state)))
        outcome = step(game, state, seat, chooser.choice(game.legal_actions(state, seat)),
                       state.version)
        assert isinstance(outcome, Accepted), outcome
        state = outcome.state
        states.append(state)
    picks = sorted({round(i * (len(states) - 1) / (count - 1)) for i in range(count)})
    return [game.view(states[i], None) for i in picks]


@pytest.mark.parametrize("seats,seed", [(2, 11), (3, 12), (4, 13)])
def test_positions_from_seeded_games_render(seats: int, seed: int) -> None:
    views = _played_views(seats, seed, count=6)
    positions = ships.layout_positions()
    for view in views:
        png = ships.render(view, NAMES[:seats])
        assert len(png) < MAX_PNG_BYTES
        image = _rgb(png)
        assert image.size == (WIDTH, HEIGHT)
        for space, owner in view.trade.items():
            assert image.getpixel(positions["trade"][space]) == player_style(owner).rgb
        for space, owner in view.cities.items():
            assert image.getpixel(positions["city"][space]) == player_style(owner).rgb


# ------------------------------------------------------------------ the end of the game


def _drawn_in_rows(view: ShipsView) -> list[tuple[int, int]]:
    """Per seat, the goods tokens and the coins drawn in the warehouse and bank rows of its
    display, counted from what the board drew."""
    from render.common.record import recording
    from render.ships.layout import player_panels

    clear_static_cache()
    with recording() as notes:
        ships.render(view, NAMES[: view.seats])
    out = []
    for box in player_panels(view.seats):
        rows = ships_players.Geometry(box).rows

        def count(row: tuple[int, int, int, int], what: str) -> int:
            return sum(1 for d in notes if d.kind == "piece" and d.text == what
                       and row[0] <= (d.box[0] + d.box[2]) // 2 < row[2]
                       and row[1] <= (d.box[1] + d.box[3]) // 2 < row[3])

        out.append((count(rows[0], "goods_token"), count(rows[1], "draw_coin")))
    return out


def _left_after_the_sale(view: ShipsView) -> list[tuple[int, int]]:
    """What each player holds once the final sale is over: no goods, and the gold that made
    no VP (2 gold a VP)."""
    from engine.ships.economy import GOLD_PER_VP, price

    return [(0, (p.gold + sum(price(g) * n for g, n in p.goods.items())) % GOLD_PER_VP)
            for p in view.players]


def test_the_final_board_shows_what_the_final_sale_left() -> None:
    """The game's last scoring sells every player's goods and turns their gold into VP; the
    final board shows no goods and only the gold that made no VP."""
    view = sample_view(seats=3, seed=7)
    view.players[0].goods, view.players[0].gold = {"oil": 2, "food": 1}, 3
    view.players[1].goods, view.players[1].gold = {}, 5
    view.players[2].goods, view.players[2].gold = {"wine": 1}, 0
    during = _drawn_in_rows(view)
    assert during == [(p.goods_count(), p.gold) for p in view.players]
    view.finished = True
    view.scores = [p.vp for p in view.players]
    assert _drawn_in_rows(view) == _left_after_the_sale(view) != during


def test_the_final_board_of_a_played_game_shows_its_end_state() -> None:
    final = _played_views(3, 12, count=2)[-1]
    assert final.finished
    assert _drawn_in_rows(final) == _left_after_the_sale(final)


def test_the_end_state_returns_what_was_sold_to_the_pool() -> None:
    from engine.ships.economy import price

    view = sample_view(seats=2, seed=3)
    view.players[0].goods, view.players[0].gold = {"oil": 2}, 3
    view.players[1].goods, view.players[1].gold = {"cloth": 1}, 0
    assert ships.as_it_ends(view) is view  # a game still on is drawn as it is
    view.finished = True
    ended = ships.as_it_ends(view)
    assert [p.goods for p in ended.players] == [{}, {}]
    assert [p.gold for p in ended.players] == [(3 + 2 * price("oil")) % 2, price("cloth") % 2]
    assert ended.supply.goods["oil"] == view.supply.goods.get("oil", 0) + 2
    assert ended.supply.gold == view.supply.gold + 3 - ended.players[0].gold \
        - ended.players[1].gold
    assert ended.players[0].vp == view.players[0].vp  # the VP already count the sale
    assert view.players[0].goods == {"oil": 2}  # the view itself is left alone
    assert ships.as_it_ends(ended) == ended  # a board already showing the end is kept


def test_the_results_say_what_each_final_sale_made() -> None:
    from engine.ships.economy import price
    from render.common.record import recording

    view = sample_view(seats=3, seed=7)
    view.players[0].goods, view.players[0].gold = {"oil": 2}, 1
    view.players[1].goods, view.players[1].gold = {}, 1
    view.players[2].goods, view.players[2].gold = {}, 0
    view.finished, view.scores = True, [p.vp for p in view.players]
    with recording() as notes:
        ships.render(view, NAMES[:3])
    texts = {d.text for d in notes if d.kind == "text"}
    sale = ships_panels.FinalSale(2, 1, (1 + 2 * price("oil")) // 2)
    assert ships_panels.sale_text(sale) in texts
    assert "no VP for 1 gold" in texts


# ------------------------------------------------------------------ read at half size


def _number_heights(view: ShipsView) -> dict[str, list[int]]:
    """The ink heights of the counts drawn in the player displays, by kind."""
    from render.common.record import recording
    from render.ships.layout import player_panels

    clear_static_cache()
    with recording() as notes:
        ships.render(view, NAMES[: view.seats])
    heights: dict[str, list[int]] = {"counts": [], "others": []}
    for box in player_panels(view.seats):
        g = ships_players.Geometry(box)
        for d in notes:
            cx, cy = (d.box[0] + d.box[2]) // 2, (d.box[1] + d.box[3]) // 2
            if d.kind != "text" or not box[0] <= cx < box[2] or not box[1] <= cy < box[3]:
                continue
            if not any(ch.isdigit() for ch in d.text):
                continue
            # the header's VP and the stock and ships rows; the others are in action boxes
            in_rows = g.rows[2][1] <= cy < g.rows[3][3] or cy < g.header[3]
            heights["counts" if in_rows else "others"].append(d.box[3] - d.box[1])
    return heights


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_displays_counts_read_at_half_size(seats: int) -> None:
    """Every count on a player's display (VP, stock, ships, the turn's cubes, the pool, the
    cubes parked in action boxes) is drawn at least 18 px tall, 9 at half size; those of the
    stock, the ships and the VP at least 20 (they were 16 and 17)."""
    heights = _number_heights(sample_view(seats=seats, seed=1, crowded=True))
    assert heights["counts"] and min(heights["counts"]) >= 18
    assert heights["others"] and min(heights["others"]) >= 18
    assert sorted(heights["counts"])[len(heights["counts"]) // 4] >= 20


def _wordiest_display(era: str) -> list[str]:
    cards = [c for c in ships_content().cards.cards if c.era == era]
    return [c.id for c in sorted(cards, key=lambda c: -len(c.text))][:12]


@pytest.mark.parametrize("era", ["galley", "sailing", "steam"])
def test_twelve_cards_on_display_read_at_half_size(era: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The twelve wordiest cards of an era all fit the panel, their effects in type of 22 px
    at least (20 before, 10 px at half size): said in fewer words, in the largest type that
    fits."""
    from render.common.record import recording

    sizes: list[int] = []
    original = ships_panels.font

    def recording_font(size: int, bold: bool = False):  # noqa: ANN202
        sizes.append(size)
        return original(size, bold)

    monkeypatch.setattr(ships_panels, "font", recording_font)
    view = sample_view(seats=4, seed=1)
    view.display = _wordiest_display(era)
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    from PIL import ImageDraw

    with recording() as notes:
        ships_panels.cards(ImageDraw.Draw(image), board_geom().cards, view)
    assert not any("more cards" in d.text for d in notes)
    assert min(sizes) >= 22


def test_card_effects_in_fewer_words_keep_their_numbers() -> None:
    import re
    from collections import Counter

    shorter = 0
    for card in ships_content().cards.cards:
        short = ships_panels.card_text(card.text)
        assert short and len(short) <= len(card.text), card.id
        # every number of the card is still there ("two ... instead of one" may become digits)
        assert not Counter(re.findall(r"\d+", card.text)) - Counter(re.findall(r"\d+", short))
        shorter += len(short) < len(card.text)
    assert shorter >= 40
    assert ships_panels.card_text("Take 3 navigation counters.") == "+3 nav"
    assert ships_panels.card_text(
        "Take 1 of your merchant cubes, 2 gold and 2 navigation counters.") == \
        "+1 cube, +2 gold and +2 nav"
