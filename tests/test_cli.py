"""The console script through a real subprocess, as a player or a script would use it."""

import json
import subprocess
import sys
from pathlib import Path

DATA = Path(__file__).parent / "data"


def run(args, stdin="", timeout=60):
    return subprocess.run([sys.executable, "-m", "voicegame", *args], input=stdin, capture_output=True, text=True, timeout=timeout)


def script(name):
    return "\n".join(line for line in (DATA / name).read_text().splitlines() if line and not line.startswith("#")) + "\n"


def test_scripted_game_wins_through_the_text_cli(tmp_path):
    trace = tmp_path / "trace.jsonl"
    result = run(["play", "klondike", "--seed", "5", "--text", "--trace", str(trace)], script("klondike_draw3_seed5_win.txt"))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "Klondike, draw three. Say help at any time."
    assert "You won! Every card is home." in lines
    assert not any(line.startswith(("Sorry", "Which", "Where", "The ")) for line in lines), "every command was understood and legal"
    records = [json.loads(line) for line in trace.read_text().splitlines()]
    assert len(records) == 1 + 189
    final = records[-1]["state"]
    assert final["won"] and final["score"] == 52 and final["moves"] == 189
    assert all(len(p["cards"]) == 13 for p in final["piles"] if p["kind"] == "foundation")


def test_trace_records_heard_command_moves_sentences_and_state(tmp_path):
    trace = tmp_path / "t.jsonl"
    result = run(["play", "--seed", "1", "--text", "--trace", str(trace)], "move pile seven to pile five\npile one to pile seven\nbanana\n")
    assert result.returncode == 0
    greeting, refused, moved, junk = [json.loads(line) for line in trace.read_text().splitlines()]
    assert greeting["heard"] == "" and greeting["sentences"]
    assert moved["heard"] == "pile one to pile seven"
    assert moved["command"] == {"intent": "move", "source": {"pile": "pile1"}, "target": {"pile": "pile7"}}
    assert moved["moves"] == ["pile1>pile7"]  # each move as its code (Move.code)
    assert moved["sentences"] == ["Seven of diamonds onto eight of spades.", "Pile one is empty."]
    assert refused["moves"] == [] and refused["command"]["intent"] == "move"
    assert junk["command"] is None and junk["sentences"] == ["Sorry, I did not catch that."]
    state = moved["state"]
    assert set(state) == {"game", "options", "seed", "moves", "score", "won", "redeals", "piles"}
    assert state["options"] == {"draw": 3, "passes": None}
    assert [p["id"] for p in state["piles"]][:2] == ["stock", "waste"]
    assert sum(len(p["cards"]) for p in state["piles"]) == 52


def test_quit_ends_cleanly_and_ignores_the_rest():
    result = run(["play", "--seed", "2", "--text"], "quit\ndraw\n")
    assert result.returncode == 0
    assert result.stdout.splitlines()[-1] == "Goodbye."


def test_end_of_input_ends_cleanly():
    result = run(["play", "--seed", "2", "--text"], "draw\n")
    assert result.returncode == 0 and result.stderr == ""


def test_same_seed_same_deal_and_options():
    a = run(["play", "--seed", "9", "--text"], "read the board\n").stdout
    b = run(["play", "klondike", "--seed", "9", "--text"], "read the board\n").stdout
    c = run(["play", "--seed", "10", "--text"], "read the board\n").stdout
    assert a == b and a != c
    one = run(["play", "--seed", "9", "--text", "--draw", "1"], "draw\n").stdout
    assert one.splitlines()[0] == "Klondike, draw one. Say help at any time."


def test_junk_never_crashes():
    junk = "banana\n\nmove move move\n\x00\x01\nseven of\n" + "pile " * 2000 + "\nyes\nhearts\n"
    result = run(["play", "--seed", "4", "--text"], junk)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr


def test_games_lists_klondike():
    result = run(["games"])
    assert result.returncode == 0 and result.stdout.startswith("klondike:")


def test_unknown_game_and_bad_option_are_clear_errors():
    result = run(["play", "nosuchgame", "--text"])
    assert result.returncode == 2 and "Unknown game" in result.stderr
    result = run(["play", "--draw", "2", "--text"])
    assert result.returncode == 2


def test_push_to_talk_without_a_microphone_says_so_and_takes_typed_commands():
    r = run(["play", "klondike", "--seed", "5", "--no-save", "--speaker", "print", "--no-sounds",
             "--recogniser", "pocketsphinx", "--push-to-talk"], stdin="\ndraw\nquit\n")
    lines = r.stdout.splitlines()
    assert r.returncode == 0
    # Found before anything else (issue 35): said first and once, with no invitation to press Enter
    # for a microphone that is not there, and no second sentence saying to type.
    assert lines[0] == "No microphone found. Plug one in, or type commands."
    assert "Press Enter to talk, and Enter again when you have finished." not in lines
    assert "Type your commands instead, one a line." not in lines
    assert lines[-2:] == ["Five of spades.", "Goodbye."]


def test_output_cut_short_by_the_reader_is_not_a_crash():
    """`voicegame solve ... | head`: the reader may leave early. `| true` leaves before the first line
    is written (deterministically), which used to end in a BrokenPipeError traceback."""
    import shlex

    command = f"{shlex.quote(sys.executable)} -m voicegame solve klondike --seed 11 --draw 1 | true"
    result = subprocess.run(["bash", "-c", command], capture_output=True, text=True, timeout=60)
    assert "Traceback" not in result.stderr and "BrokenPipeError" not in result.stderr, result.stderr
    assert "solved; 160 moves" in result.stderr  # the summary (stderr) still arrives


def test_winnable_by_voice_says_it_is_searching_before_the_wait(monkeypatch, capsys):
    """The voice path speaks the notice with the game's own speaker (here: printing), not only logs it."""
    import io

    from voicegame.cli import main as cli, solve as solve_cli

    monkeypatch.setattr(solve_cli, "WINNABLE_SECONDS", 0.5)
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert cli.main(["play", "spider", "--seed", "7", "--winnable", "--speaker", "print", "--recogniser", "text",
                     "--no-sounds", "--no-save"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Looking for a deal the solver can win")
    assert any(line.startswith("Spider") for line in lines[1:])


def test_solve_prints_codes_that_replay_turns_into_commands_that_win(tmp_path):
    """solve --codes | replay | play --text: the winning line as codes, played back as commands."""
    solved = run(["solve", "freecell", "--seed", "617", "--codes"])
    assert solved.returncode == 0, solved.stderr
    codes = solved.stdout.splitlines()
    assert codes and all(">" in code for code in codes)
    line = tmp_path / "line.txt"
    line.write_text("# FreeCell 617\n" + solved.stdout)
    replayed = run(["replay", "freecell", str(line), "--seed", "617"])
    assert replayed.returncode == 0, replayed.stderr
    assert replayed.stderr.strip() == f"FreeCell, deal 617: {len(codes)} moves, score 52, won."
    commands = run(["solve", "freecell", "--seed", "617"]).stdout
    assert replayed.stdout == commands  # the same spoken commands as solve prints
    played = run(["play", "freecell", "--seed", "617", "--text", "--no-save"], replayed.stdout)
    assert "You won! Every card is home." in played.stdout.splitlines()


def test_replay_refuses_a_bad_code_and_an_illegal_move_by_line():
    bad = run(["replay", "klondike", "--seed", "5"], "pile4>pile7\npile4 to pile7\n")
    assert bad.returncode == 1 and bad.stdout == ""
    assert bad.stderr.startswith("voicegame replay: line 2: 'pile4 to pile7': not a move code")
    illegal = run(["replay", "klondike", "--seed", "5"], "pile4>pile7\n\npile4>pile7\n")
    assert illegal.returncode == 1 and illegal.stderr == "voicegame replay: line 3: pile4>pile7 is not legal there.\n"
    assert run(["replay", "nosuchgame", "--seed", "5"], "").returncode == 2
    assert run(["replay", "klondike", "/no/such/file", "--seed", "5"]).returncode == 2


def test_every_sub_command_is_its_own_module_in_the_command_table():
    """main.py only builds the parser from the sub-command modules and dispatches; the one-line help it
    lists without importing a module is the module's own."""
    import importlib

    from voicegame.cli import main as cli

    parser = cli.build_parser()
    names = next(a for a in parser._actions if a.dest == "command").choices
    assert set(names) == {"play", "games", "stats", "config", "saves", "transcribe", "model", "setup", "solve",
                          "replay", "kiosk", "satellite"}
    assert set(cli.COMMANDS) == set(names)
    listed = {a.dest: a.help for a in next(a for a in parser._actions if a.dest == "command")._choices_actions}
    for name, (path, help_text) in cli.COMMANDS.items():
        module = importlib.import_module(path)
        assert path.startswith("voicegame.cli.") and callable(module.add_parser)
        assert listed[name] == help_text, name  # the table's help is what the module registers
    assert all(callable(names[name].get_default("run")) for name in names if name not in ("model", "setup"))


def test_only_the_sub_command_given_is_built():
    """``voicegame games`` builds (and imports) the games parser only; the others are names and help."""
    from voicegame.cli import main as cli

    parser = cli.build_parser(["games"])
    names = next(a for a in parser._actions if a.dest == "command").choices
    assert callable(names["games"].get_default("run"))
    assert names["play"].get_default("run") is None  # listed, not built
    assert parser.parse_args(["games"]).command == "games"
    assert cli.chosen_command(["--help"]) is None and cli.chosen_command(["stats", "x"]) == "stats"
