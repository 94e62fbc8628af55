"""The local table and the command line, with input piped in and a real database."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.console import run_local
from bot.settings import Settings


def settings() -> Settings:
    return Settings(_env_file=None, render_workers=0, bot_workers=0,  # type: ignore[call-arg]
                    bot_think_seconds=0.02)


async def play(tmp_path: Path, script: str, **kwargs: object) -> str:
    out = io.StringIO()
    await run_local(settings(), db=tmp_path / "t.sqlite3", boards=tmp_path / "boards",
                    stdin=io.StringIO(script), stdout=out, **kwargs)  # type: ignore[arg-type]
    return out.getvalue()


async def test_scripted_game_writes_boards_and_is_saved(tmp_path: Path) -> None:
    text = await play(tmp_path, "/game new race target=12 seed=5\n/game join Ben\n/game start\n"
                      "/move\n/move 1\n/game undo\n/game status\n/quit\n")
    assert "Harbour Race begins" in text
    assert "Player 1 took back: Boost" in text
    assert "Turn 1, move 2" in text
    boards = sorted((tmp_path / "boards").glob("*.png"))
    assert boards and boards[0].read_bytes().startswith(b"\x89PNG")
    # Run again on the same database: the game is still there.
    again = await play(tmp_path, "/game status\n")
    assert "A saved game is open here" in again and "move 2" in again


async def test_bad_input_is_answered_and_changes_nothing(tmp_path: Path) -> None:
    text = await play(tmp_path, "/fly\n/game new chess\n/game new race speed=3\n"
                      "/game new race\n/game start\n/move 9\n/move \"unclosed\n/quit\n")
    assert "Unknown command" in text
    assert "There is no game 'chess'" in text
    assert "no option 'speed'" in text
    assert "needs 2 to 4 players" in text
    assert "not started" in text
    assert "Cannot read that line" in text


async def test_a_move_number_beyond_the_list_says_which_numbers_there_are(
        tmp_path: Path) -> None:
    text = await play(tmp_path, "/move\n/move 99\n/move 0\n/move -1\n-1\n/quit\n", game="race",
                      players=2, bots=1, seed=9)
    assert "Pick a number from 1 to" in text and "/move lists them" in text
    # a negative number reads as 0 does: no such entry, and the list says which there are
    out_of_range = text.split("> /move 99\n", 1)[1].split("\n")[0]
    assert text.split("> /move -1\n", 1)[1].split("\n")[0] == out_of_range
    assert text.split("> /move 0\n", 1)[1].split("\n")[0] == out_of_range
    assert text.split("> -1\n", 1)[1].startswith("Pick a number from 1 to")


async def test_quick_start_with_bots_plays_to_the_end(tmp_path: Path) -> None:
    moves = "".join("/move Roll\n" for _ in range(40))
    text = await play(tmp_path, moves + "/game export\n", game="race", players=3, bots=2,
                      seed=9)
    assert "The game is over" in text
    record_line = next(line for line in text.splitlines() if line.startswith("[record]"))
    record = json.loads(Path(record_line.split(" ", 1)[1]).read_text())
    assert record["setup"]["seed"] == 9 and record["actions"]


def test_selfplay_prints_a_line_per_game_and_a_summary(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    status = main(["selfplay", "race", "--games", "3", "--seed", "11", "--players", "3",
                   "--records", str(tmp_path / "records")])
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert status == 0
    games, summary = lines[:-1], lines[-1]
    assert [g["seed"] for g in games] == [11, 12, 13]
    for g in games:
        assert g["finished"] and g["players"] == 3 and g["actions"] > 0 and g["winners"]
        assert set(g) >= {"game", "seed", "players", "finished", "end_reason", "turns",
                          "turns_per_player", "figures", "actions", "scores", "winners",
                          "seconds"}
        assert g["turns_per_player"] == round(g["turns"] / 3, 1)
    assert summary["games"] == 3 and summary["errors"] == 0
    assert summary["summary"]["median"]["turns_per_player"] > 0
    records = sorted((tmp_path / "records").glob("*.json"))
    assert len(records) == 3
    out = tmp_path / "boards"
    assert main(["replay", str(records[0]), "--out", str(out)]) == 0
    pngs = sorted(out.glob("*.png"))
    # the start, every turn's end, and the winning move (which ends no turn in this game)
    assert len(pngs) == games[0]["turns"] + 2
    assert all(p.read_bytes().startswith(b"\x89PNG") for p in pngs)


def test_selfplay_names_every_seat_for_its_bot(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    """Each seat reads as /game addbot names a bot's, the host's too: "Bot 3 (easy)", never
    "Bot 0 (bot)"."""
    assert main(["selfplay", "race", "--games", "1", "--seed", "11", "--players", "3",
                 "--bot", "random", "--records", str(tmp_path)]) == 0
    capsys.readouterr()
    [record] = [json.loads(p.read_text()) for p in tmp_path.glob("*.json")]
    assert sorted(s["name"] for s in record["seats"]) == [
        "Bot 1 (random)", "Bot 2 (random)", "Bot 3 (random)"]
    assert all(s["bot"] == "random" for s in record["seats"])


def test_selfplay_plays_the_seeds_it_prints(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    """The same seeds play the same games, whatever the host's seed mixing: the figures of a
    run can be had again, and each record is of the seed its line names."""
    runs = []
    for run in range(2):
        assert main(["selfplay", "ocean_trader", "--games", "2", "--seed", "5",
                     "--records", str(tmp_path / f"records{run}")]) == 0
        games = [json.loads(x) for x in capsys.readouterr().out.splitlines()][:-1]
        runs.append([{k: v for k, v in g.items() if k != "seconds"} for g in games])
        for g in games:
            record = json.loads((tmp_path / f"records{run}" /
                                 f"ocean_trader-{g['seed']}.json").read_text())
            assert record["setup"]["seed"] == g["seed"]
    assert runs[0] == runs[1]


def test_selfplay_shows_how_the_bots_played(capsys) -> None:  # type: ignore[no-untyped-def]
    """What a person looks at to judge the bots: in Ships, goods sold against goods thrown
    away; the figures come from the game's own events."""
    assert main(["selfplay", "ships", "--games", "2", "--seed", "3", "--players", "3"]) == 0
    *games, summary = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    for g in games:
        figures = g["figures"]
        assert set(figures) >= {"sales", "goods_returned", "area_at_end"}
        assert figures["sales"] > figures["goods_returned"]
        assert figures["area_at_end"] >= 5
    assert set(summary["summary"]["median"]) >= {"turns_per_player", "sales"}


def test_selfplay_reports_a_move_cap_as_an_error(capsys) -> None:  # type: ignore[no-untyped-def]
    status = main(["selfplay", "race", "--games", "1", "--max-actions", "2"])
    summary = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert status == 1 and summary["errors"] == 1


def test_without_a_token_python_m_bot_opens_the_local_table(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    done = subprocess.run([sys.executable, "-m", "bot"], input="/help\n/quit\n", text=True,
                          capture_output=True, cwd=tmp_path, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "No DISCORD_TOKEN is set" in done.stderr
    assert "Portolan local table" in done.stdout and "/game new" in done.stdout
    assert (tmp_path / "var" / "portolan.sqlite3").exists()


async def test_a_games_own_commands_work_at_the_local_table(tmp_path: Path) -> None:
    text = await play(tmp_path, "/game new ships seed=3\n/game join Ben\n/game start\n"
                      "/ships\n/ships plaec\n/ships place age=1 box=merchant\n"
                      "/ships place age=5 box=merchant where=miletus.t1 pay=merchant\n"
                      "/ships place age=1 box=merchant where=miletus.t0 pay=merchant\n"
                      "/game status\n")
    assert "/ships commands: place, upgrade" in text
    assert "/ships has no command 'plaec'. /ships commands: place" in text
    assert "/ships place: fill in where" in text  # where left out
    assert "Miletus: oil in Area 2" in text
    assert "Your ship can go to Age 1, not Age 5." in text  # the engine's reason
    assert "took 1 oil in Miletus" in text
    assert "Round 1, move 1." in text  # the refused move changed nothing


async def test_a_numbered_list_stays_open_through_a_refusal(tmp_path: Path) -> None:
    text = await play(tmp_path, "/game new ocean_trader seed=11\n/game join Ben\n/game start\n"
                      "/trader roll\n/trader end\n/help\n1\n/quit\n")
    assert "1. Ship 1: sail for Bordeaux (3 spaces, " in text
    assert "First choose the route for the ship leaving port." in text  # refused
    assert "Unknown command '1'" not in text
    assert "ship 1 leaves Liverpool for Bordeaux" in text  # the list's entry 1, played


async def test_a_bare_number_picks_from_the_list_move_gave(tmp_path: Path) -> None:
    text = await play(tmp_path, "/game new race target=12 seed=5\n/game join Ben\n/game start\n"
                      "/move\n1\n/game status\n/quit\n")
    assert "Unknown command '1'" not in text
    assert "Turn 1, move 1." in text  # entry 1 was played


async def test_a_number_the_list_does_not_have_is_refused_and_the_list_stays(
        tmp_path: Path) -> None:
    text = await play(tmp_path, "/game new ocean_trader seed=11\n/game join Ben\n"
                      "7\n/game start\n/trader roll\n7\n0\n" + "9" * 40 + "\n1\n/quit\n")
    assert "No numbered list is open: /move lists your moves" in text  # before any list
    assert text.count("Pick a number from 1 to ") == 3  # 7, 0 and a huge number
    assert "Unknown command" not in text and "not one of your legal moves" not in text
    assert "ship 1 leaves Liverpool for Bordeaux" in text  # then 1 plays the list's first


HUGE = "9" * 5000  # more digits than Python turns into a number unasked (4,300)


async def test_input_at_the_edges_is_answered_and_the_table_carries_on(tmp_path: Path) -> None:
    """Each of these lines used to end the table with a traceback, or could; now each gets
    one clear answer, changes nothing, and the next line is read."""
    script = "".join(f"{line}\n/game status\n" for line in [
        "/rules chess",
        "/rules " + "x" * 200_000,
        "/game new " + "x" * 200_000,
        "/game new race seed=" + HUGE,
        f"/game new race seed={2**64}",
        f"/game new race seed={2**63}",
        "/game new race seed=-1",
        "/game new race seed=\u00b2",  # a superscript two: a digit, but not a number
        "/game new race seed=5",
        "/game join Ben",
        "/game start",
        "/game start",  # a second start
        "/move v0:" + HUGE,
        "/move v" + HUGE + ":0",
        "/move " + HUGE,
        "/move v0:\u00b2",
        "/move \u00b2",
        "/move " + "x" * 6000,
        "/game settings turn_hours=nan",
        "/game settings turn_hours=1e400",
        "/game settings answer_seconds=" + HUGE,
        "/game export " + str(tmp_path),  # a folder: nothing to export yet, and not a file
    ])
    text = await play(tmp_path, script + "/game status\n")
    assert "Traceback" not in text and "went wrong" not in text
    assert text.count("There is no game") == 3
    assert "There is no game 'xxxxxxxx" in text and max(map(len, text.splitlines())) < 2200
    assert text.count("The seed is a whole number from 0 to 9223372036854775807") == 5
    assert "The game has already started." in text
    assert text.count("That is not one of your legal moves now.") == 6
    assert text.count("turn_hours is a number from 0 to 720") == 2
    assert "answer_seconds is a number from 0 to 86400" in text
    assert "once the game is over" in text
    # the refused lines changed nothing: the game made at seed 5 has not moved, every status
    # after the start says so, and it is the only game
    after_start = text.split("Harbour Race begins", 1)[1]
    assert after_start.count("Turn 1, move 0.") == after_start.count("> /game status")
    again = await play(tmp_path, "/game export\n")
    assert "once the game is over" in again


async def test_a_seed_too_large_from_the_command_line_is_refused(tmp_path: Path) -> None:
    text = await play(tmp_path, "/game status\n", game="race", players=2, seed=2**70)
    assert "The seed is a whole number from 0 to" in text
    # nothing was made, and no join or start was tried: only /game status says there is none
    assert text.count("No game in this channel") == 1


async def test_player_names_are_cleaned_and_clipped(tmp_path: Path) -> None:
    text = await play(tmp_path, "/game new race seed=2\n"
                      "/game join \x1b[31mBen\x07\tthe\x00Bold\n"
                      "/game join " + "y" * 200_000 + "\n"
                      "/game join \u202e\u200b\x01\n"
                      "/game status\n")
    assert "[31mBen theBold joins." in text and "> /game join ?[31mBen??the?Bold" in text
    assert not any(c in text for c in "\x1b\x07\x00\x01\u202e\u200b")  # not even in the echo
    answers = [line for line in text.splitlines() if not line.startswith("> ")]
    assert "y" * 31 + "… joins." in answers and max(map(len, answers)) < 200
    assert "Player 4 joins." in text  # nothing visible was left: the seat's number
    assert "Players: Player 1, [31mBen theBold, " + "y" * 31 + "…, Player 4." in text


async def test_a_bug_in_a_command_is_answered_and_the_table_carries_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    from bot.service import MatchService

    async def broken(self: MatchService, channel_id: int) -> list[str]:
        raise RuntimeError("a bug")

    monkeypatch.setattr(MatchService, "status", broken)
    text = await play(tmp_path, "/game status\n/help\n")
    assert "Something went wrong with that command" in text and "/game new" in text
    assert "RuntimeError: a bug" in caplog.text  # the details are in the log


async def test_after_the_game_history_stats_leaderboard_and_replay(tmp_path: Path) -> None:
    moves = "".join("/move Roll\n" for _ in range(40))
    after = "/game history\n/stats\n/leaderboard race bots\n/leaderboard race\n/game replay 1\n"
    text = await play(tmp_path, moves + after, game="race", players=3, bots=2, seed=9)
    assert "The game is over" in text
    # the summary after the last board: how it went, with its chart written beside the boards
    assert "How the game went (" in text and "**" not in text
    chart = next(line for line in text.splitlines() if line.startswith("[picture]"))
    assert Path(chart.split(" ", 1)[1]).read_bytes().startswith(b"\x89PNG")
    assert "The last finished games at this table" in text
    assert "#1 Harbour Race" in text
    assert "Player 1 at this table:" in text and "rating " in text
    # the bots appear only when asked for
    board = text[text.index("Harbour Race: the best"):]
    assert "the random bot" in board.split("Harbour Race: the best", 2)[1]
    assert "the random bot" not in board.split("Harbour Race: the best", 2)[2]
    replay = next(line for line in text.splitlines() if line.startswith("[replay of #1"))
    gif = Path(replay.split("] ", 1)[1].split(" (")[0]).read_bytes()
    assert gif.startswith(b"GIF89a")


async def test_a_list_asking_which_move_closes_when_another_command_is_typed(
        tmp_path: Path) -> None:
    """/ships place without where lists the trade boxes to pick; once another command is
    typed (here a refused one), a bare number no longer picks from that list."""
    text = await play(tmp_path, "/game new ships seed=3\n/game join Ben\n/game start\n"
                      "/ships place age=1 box=merchant pay=merchant\n"
                      "/ships place age=5 box=merchant where=miletus.t1 pay=merchant\n"
                      "1\n/game status\n/quit\n")
    assert "Miletus: oil" in text  # the list was shown
    assert "Your ship can go to Age 1, not Age 5." in text
    assert "No numbered list is open: /move lists your moves" in text
    assert "Round 1, move 0." in text  # nothing was played


class Typing(io.StringIO):
    """A terminal that a player types at: each line once the table has printed a text (or at
    once), while the bots may still be moving."""

    def __init__(self, out: io.StringIO, script: list[tuple[str, int, str]]) -> None:
        super().__init__()
        self.out, self.script = out, list(script)

    def isatty(self) -> bool:
        return True

    def readline(self, size: int | None = -1) -> str:
        import time

        if not self.script:
            return ""
        text, times, line = self.script.pop(0)
        deadline = time.monotonic() + 60
        while self.out.getvalue().count(text) < times and time.monotonic() < deadline:
            time.sleep(0.01)
        return line + "\n"


async def test_a_command_typed_while_the_bots_move_is_answered_then_not_kept(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.service import MatchService

    thinks = MatchService._bot_choice

    async def slowly(self: MatchService, *args: object) -> object:
        import asyncio

        await asyncio.sleep(0.3)  # the bots are still moving when the player types
        return await thinks(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(MatchService, "_bot_choice", slowly)
    out = io.StringIO()
    mine = "-> Player 1: your move."
    typing = Typing(out, [(mine, 1, "/ships end"), ("Player 1 ends their turn", 1, "/ships gold"),
                          ("", 0, "/game undo"), ("", 0, "/ships end"), (mine, 2, "/game status")])
    await run_local(settings(), game="ships", players=2, bots=1, seed=3, db=tmp_path / "t.db",
                    boards=tmp_path / "boards", stdin=typing, stdout=out)
    text = out.getvalue()
    # /ships gold and the second /ships end were refused at once, while the bot moved ...
    assert text.count("It is Bot 1 (strong)'s turn, not yours.") == 2
    before_my_turn = text.split(mine)[1]
    assert "not yours" in before_my_turn and "Bot 1 (strong) has nothing left" in before_my_turn
    # ... and did not wait for Player 1's next turn, which is whole
    assert "Player 1 took 1 gold" not in text
    assert text.count("Player 1 ends their turn") == 1
    assert "Round 2, move" in text.split(mine)[-1] and "To act: Player 1." in text


async def test_export_names_the_game_it_saves_and_takes_a_history_number(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    moves = "".join("/move Roll\n" for _ in range(40))
    text = await play(tmp_path, moves + "/game new ships\n/game join Ben\n/game start\n"
                      "/game abort yes\n/game history\n/game export\n/game export 1\n"
                      "/game export #1 mine.json\n/game export 99\n", game="race", players=2,
                      bots=1, seed=9)
    assert "#1 Harbour Race" in text.split("> /game history\n", 1)[1]
    # with no number: the last game here that is over, an aborted one too, and it says so
    last = text.split("> /game export\n", 1)[1].split("\n> ", 1)[0]
    assert "The record of #2 Ships" in last and "(aborted)" in last
    # a number: that game of /game history
    first = text.split("> /game export 1\n", 1)[1].split("\n> ", 1)[0]
    assert "The record of #1 Harbour Race" in first and "(finished)" in first
    saved = json.loads((tmp_path / "mine.json").read_text())
    assert saved["setup"]["game"] == "race" and saved["status"] == "finished"
    assert not (tmp_path / "1").exists()
    assert "This server has no finished game #99." in text


async def test_a_game_command_typed_without_its_group_is_pointed_to(tmp_path: Path) -> None:
    text = await play(tmp_path, "status\nmoves\nfly\n/quit\n")
    assert "Unknown command 'status'; did you mean /game status? /help lists" in text
    assert "Unknown command 'moves'; did you mean /move? /help lists" in text
    assert "Unknown command 'fly'; /help lists the commands." in text
