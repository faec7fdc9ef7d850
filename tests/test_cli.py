"""The console script through a real subprocess, as a player or a script would use it."""

import json
import subprocess
import sys
from pathlib import Path

from processes import Child

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
    assert moved["sentences"] == ["Pile one is empty."]
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
    assert result.returncode == 2 and result.stderr == "voicegame play: There is no game called nosuchgame; voicegame games lists them all.\n"
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
                          "replay", "kiosk", "satellite", "train"}
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


# ----- issue 35: no traceback from any flag or file; options mean what they say ----------------------
def cli(argv, capsys, monkeypatch, stdin="quit\n"):
    """``voicegame ARGV`` in this process: (exit status, standard output, standard error)."""
    import io

    from voicegame.cli import main as cli_main

    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    try:
        status = cli_main.main(argv)
    except SystemExit as exit_:  # argparse's own exits (bad flag: 2, --help: 0)
        status = exit_.code
    out, err = capsys.readouterr()
    return status, out, err


VOICE = ["--speaker", "print", "--recogniser", "text", "--no-sounds"]


def test_paths_that_cannot_work_are_refused_before_the_game_starts(tmp_path, capsys, monkeypatch):
    """One sentence on standard error, status 2, and not a word of the game (nothing played, then lost)."""
    plain = tmp_path / "plain.txt"
    plain.write_text("x")
    refused = {
        ("--text", "--trace", "/nonexistent/dir/t.jsonl"): "--trace /nonexistent/dir/t.jsonl: there is no folder /nonexistent/dir.",
        ("--text", "--trace", str(tmp_path)): f"--trace {tmp_path} is a folder; give the name of a file in it.",
        ("--text", "--trace", f"{plain}/t.jsonl"): f"--trace {plain}/t.jsonl: {plain} is a file, not a folder.",
        (*VOICE, "--output", "/nonexistent/dir/x.wav"): "--output /nonexistent/dir/x.wav: there is no folder /nonexistent/dir.",
        (*VOICE, "--input", str(tmp_path / "missing.wav")): f"--input {tmp_path / 'missing.wav'} cannot be read: no such file or directory.",
        (*VOICE, "--model", str(plain)): f"--model {plain} is a file, not a folder.",
        ("--text", "--output", str(tmp_path / "x.wav")): "--output is for play by voice, and --text plays by typing; leave out one of them.",
    }
    for flags, sentence in refused.items():
        status, out, err = cli(["play", "klondike", "--seed", "1", *flags], capsys, monkeypatch)
        assert (status, out, err) == (2, "", f"voicegame play: {sentence}\n"), flags
    assert not (tmp_path / "x.wav").exists()
    monkeypatch.setenv("VOICEGAME_DATA_DIR", str(plain))
    status, out, err = cli(["play", "klondike", "--seed", "1", "--text"], capsys, monkeypatch)
    assert (status, out) == (2, "") and err == f"voicegame play: VOICEGAME_DATA_DIR {plain} is a file, not a folder.\n"
    assert cli(["play", "klondike", "--seed", "1", "--text", "--no-save"], capsys, monkeypatch)[0] == 0  # no saves, no folder needed


def test_the_trace_is_written_in_voice_play_from_recordings(tmp_path, capsys, monkeypatch):
    """--trace with --input (and any voice play) writes a line a turn; it used to be silently ignored."""
    import numpy as np

    from voicegame.audio.wavio import write_wav

    wavs = []
    for name in ("one", "two"):
        wavs.append(tmp_path / f"{name}.wav")
        write_wav(wavs[-1], np.zeros(8000, dtype=np.int16))
    trace = tmp_path / "t.jsonl"
    status, out, err = cli(["play", "klondike", "--seed", "1", *VOICE, "--input", *map(str, wavs), "--trace", str(trace)],
                           capsys, monkeypatch)
    assert status == 0, err
    records = [json.loads(line) for line in trace.read_text().splitlines()]
    assert len(records) == 1 + len(wavs)  # the greeting, then one a recording
    assert records[0]["sentences"] == ["Klondike, draw three. Say help at any time."]
    assert all(r["heard"] == "" and r["state"]["seed"] == 1 for r in records)


def test_standard_output_that_cannot_be_written_is_one_sentence_not_a_traceback():
    for command in ("play klondike --seed 1 --text", "games", "--help"):
        result = subprocess.run(["bash", "-c", f"echo quit | {sys.executable} -m voicegame {command} > /dev/full"],
                                capture_output=True, text=True, timeout=60)
        assert result.returncode == 1, (command, result.stderr)
        assert result.stderr == ("voicegame: Standard output could not be written (no space left on device), so voicegame "
                                 "stopped; a game in play is saved.\n"), command


def test_ctrl_c_says_goodbye_exits_130_and_the_game_is_saved(tmp_path):
    """Text and voice play alike: the move made before Ctrl-C is in the save. The signal is sent
    once the child has said the move's answer (read from its output, however long a loaded machine
    takes to get there), never after a fixed sleep."""
    import os
    import signal

    for number, flags in enumerate((["--text"], VOICE)):
        data = tmp_path / f"data{number}"
        env = {**os.environ, "VOICEGAME_DATA_DIR": str(data), "VOICEGAME_CONFIG": str(tmp_path / "c.toml")}
        game = Child("play", "klondike", "--seed", "3", *flags, env=env)
        game.lines_until(lambda line: "Say help" in line)  # the greeting: the game is dealt and listening
        assert game.say("draw") == "Nine of diamonds."  # the move is made (and saved before it is said)
        game.proc.send_signal(signal.SIGINT)
        assert game.ended() == (130, "Goodbye.\n", ""), flags
        assert json.loads((data / "saves" / "klondike.json").read_text())["moves"] == ["deal"]


def test_hang_up_ends_with_129_and_loses_nothing_written(tmp_path):
    """SIGHUP (the terminal closed) runs the game's clean-up: the trace is complete and closed."""
    import os
    import signal

    trace = tmp_path / "t.jsonl"
    env = {**os.environ, "VOICEGAME_DATA_DIR": str(tmp_path / "data")}
    game = Child("play", "klondike", "--seed", "3", "--text", "--trace", str(trace), env=env)
    game.lines_until(lambda line: "Say help" in line)
    assert game.say("draw") == "Nine of diamonds."
    game.proc.send_signal(signal.SIGHUP)
    status, _, err = game.ended()
    assert status == 129 and "Traceback" not in err
    assert [json.loads(line)["moves"] for line in trace.read_text().splitlines()] == [[], ["deal"]]


def test_an_option_the_game_does_not_have_is_refused_naming_its_options(capsys, monkeypatch):
    refused = {
        ("golf", "--draw", "1"): "Golf has no option --draw; it has no options.",
        ("spider", "--draw", "1"): "Spider has no option --draw; its options are --suits.",
        ("klondike", "--suits", "2"): "Klondike has no option --suits; its options are --draw and --passes.",
        ("klondike", "--passes", "99999999999999999999"):
            "--passes must be a whole number from 1 to 1000, or unlimited; you gave 99999999999999999999.",
    }
    for words, sentence in refused.items():
        for command in ("play", "solve"):
            text = ["--text"] if command == "play" else []
            status, out, err = cli([command, *words, "--seed", "1", *text], capsys, monkeypatch)
            assert (status, out, err) == (2, "", f"voicegame {command}: {sentence}\n"), (command, words)
    status, out, _ = cli(["play", "klondike", "--passes", "1000", "--seed", "1", "--text"], capsys, monkeypatch)
    assert status == 0 and out.startswith("Klondike")


def test_resume_with_options_other_than_the_save_is_refused_not_ignored(capsys, monkeypatch):
    assert cli(["play", "klondike", "--seed", "4", "--draw", "1", "--text"], capsys, monkeypatch, "draw\n")[0] == 0
    status, out, err = cli(["play", "klondike", "--seed", "4", "--draw", "3", "--resume", "--text"], capsys, monkeypatch)
    assert (status, out) == (2, "")
    assert err == ("voicegame play: Your saved Klondike game of deal 4 is played with --draw 1, not --draw 3; leave out "
                   "--draw 3 to go on with it, or leave out --resume for a new game.\n")
    status, out, _ = cli(["play", "klondike", "--seed", "4", "--draw", "1", "--resume", "--text"], capsys, monkeypatch)
    assert out.splitlines()[:2] == ["Klondike, draw one. Say help at any time.", "Resumed, 1 move in."]
    # Without --resume, a draw-three game is not offered the draw-one save in its place: that is kept.
    status, out, _ = cli(["play", "klondike", "--draw", "3", "--text"], capsys, monkeypatch, "draw\nquit\n")
    assert status == 0 and not any(line.startswith("Resume") for line in out.splitlines())
    status, out, _ = cli(["play", "klondike", "--text"], capsys, monkeypatch, "quit\n")
    assert out.splitlines()[1].startswith("Resume your Klondike game")  # no option given: offered as before


def test_game_names_of_several_words_and_misspellings(tmp_path, capsys, monkeypatch):
    status, out, _ = cli(["play", "free", "cell", "--seed", "617", "--text"], capsys, monkeypatch)
    assert status == 0 and out.startswith("FreeCell")
    status, out, err = cli(["play", "solitare", "--text"], capsys, monkeypatch)
    assert (status, out) == (2, "")
    assert err == "voicegame play: There is no game called solitare; did you mean Klondike? voicegame games lists them all.\n"
    status, _, err = cli(["solve", "spidr", "--seed", "1"], capsys, monkeypatch)
    assert status == 2 and "did you mean Spider?" in err


def test_replay_takes_the_readmes_order_and_names_of_several_words(tmp_path, capsys, monkeypatch):
    line = tmp_path / "line.txt"
    line.write_text("deal\ndeal\n")  # two turns of the stock
    for argv in (["replay", "klondike", "--seed", "5", str(line)], ["replay", "klondike", str(line), "--seed", "5"],
                 ["replay", "--seed", "5", "klondike", str(line)]):
        status, out, err = cli(argv, capsys, monkeypatch, "")
        assert status == 0 and err == "Klondike, draw three, deal 5: 2 moves, score 0, not won.\n", argv
    status, _, err = cli(["replay", "free", "cell", "--seed", "5", str(line)], capsys, monkeypatch, "")
    assert status == 1 and err == "voicegame replay: line 1: deal is not legal there.\n"  # read as FreeCell's: no stock
    status, _, err = cli(["replay", "klondike", "--seed", "5", str(tmp_path)], capsys, monkeypatch, "")
    assert status == 2 and err == f"voicegame replay: The file {tmp_path} is a folder; give the name of a file in it.\n"


def test_solve_budget_and_nodes_out_of_range_get_their_own_sentence(capsys, monkeypatch):
    status, _, err = cli(["solve", "klondike", "--seed", "1", "--budget", "-1"], capsys, monkeypatch)
    assert status == 2 and err.startswith("voicegame solve: --budget must be a number of seconds from 0 to 86400 "
                                          "(0: no time limit, with --nodes); you gave -1.\n")
    for bad in ("nan", "inf", "1e999"):
        assert cli(["solve", "klondike", "--seed", "1", "--budget", bad], capsys, monkeypatch)[0] == 2
    status, _, err = cli(["solve", "klondike", "--seed", "1", "--budget", "0"], capsys, monkeypatch)
    assert status == 2 and "--budget 0 means no time limit, so it needs --nodes" in err
    status, _, err = cli(["solve", "klondike", "--seed", "1", "--nodes", "-5"], capsys, monkeypatch)
    assert status == 2 and "--nodes must be a whole number from 1" in err


def test_saves_tells_a_damaged_save_and_how_many_are_kept(capsys, monkeypatch):
    import os
    from pathlib import Path

    from voicegame.storage.autosave import KEEP

    for seed in (1, 2, 3):
        cli(["play", "klondike", "--seed", str(seed), "--text"], capsys, monkeypatch, "draw\n")
    kept = sorted((Path(os.environ["VOICEGAME_DATA_DIR"]) / "saves" / "kept").glob("*.json"))
    assert len(kept) == 2
    kept[0].write_text('{"format": "voicegame-save", "version": 3')
    status, out, _ = cli(["saves"], capsys, monkeypatch)
    lines = out.splitlines()
    assert status == 0 and lines[0].startswith("The save file is damaged. It was put aside as klondike-")
    assert lines[1] == (f"Unfinished games saved, the newest first (of each game, the one played last and the {KEEP} "
                        "newest set aside are kept):")
    assert sum(line.startswith("Klondike") for line in lines) == 2
    assert cli(["saves"], capsys, monkeypatch)[1].splitlines()[0] == lines[1]  # said once: the file is put aside


def test_saves_keeps_the_last_game_and_ten_set_aside(capsys, monkeypatch):
    """What the message says is what autosave does: of each game, the one played last and KEEP (10) more."""
    from voicegame.storage.autosave import KEEP

    assert KEEP == 10
    for seed in range(1, KEEP + 4):
        cli(["play", "klondike", "--seed", str(seed), "--text"], capsys, monkeypatch, "draw\n")
    out = cli(["saves"], capsys, monkeypatch)[1]
    assert sum(line.startswith("Klondike") for line in out.splitlines()) == KEEP + 1


def test_stats_tells_a_damaged_statistics_file(capsys, monkeypatch):
    import os
    from pathlib import Path

    (Path(os.environ["VOICEGAME_DATA_DIR"]) / "stats.json").parent.mkdir(parents=True, exist_ok=True)
    (Path(os.environ["VOICEGAME_DATA_DIR"]) / "stats.json").write_text('{"games": {"klondike": {"played": "many"}}}')
    status, out, _ = cli(["stats"], capsys, monkeypatch)
    assert status == 0 and out.splitlines() == ["The statistics file was damaged, so statistics start again.", "No games played yet."]


def test_closed_standard_input_and_contradicting_flags(capsys, monkeypatch):
    """`<&-` is no input, not a TypeError; --resume with --no-save is said, not ignored."""
    import subprocess as sp

    for command in ("play klondike --seed 1 --text", "replay klondike --seed 1"):
        result = sp.run(["bash", "-c", f"{sys.executable} -m voicegame {command} <&-"], capture_output=True, text=True, timeout=60)
        assert result.returncode == 0 and "Traceback" not in result.stderr, (command, result.stderr)
    status, out, err = cli(["play", "klondike", "--resume", "--no-save", "--text"], capsys, monkeypatch)
    assert (status, out) == (2, "")
    assert err == "voicegame play: --no-save plays without saved games, so there is none to --resume; leave out one of them.\n"


def test_a_trace_or_recording_that_cannot_be_written_after_all_is_said_not_a_traceback(tmp_path, capsys, monkeypatch):
    """/dev/full passes the check before the game (it opens) and fails on the first write."""
    import numpy as np

    from voicegame.audio.wavio import write_wav

    status, out, err = cli(["play", "klondike", "--seed", "1", "--text", "--trace", "/dev/full"], capsys, monkeypatch, "draw\nquit\n")
    assert status == 0 and out.splitlines()[-1] == "Goodbye."  # the game went on without its trace
    assert err == "voicegame play: The trace file /dev/full could not be written: no space left on device.\n"  # once
    write_wav(tmp_path / "in.wav", np.zeros(4000, dtype=np.int16))
    status, out, err = cli(["play", "klondike", "--seed", "1", *VOICE, "--input", str(tmp_path / "in.wav"), "--output", "/dev/full"],
                           capsys, monkeypatch)
    assert status == 1 and "Traceback" not in err and "Exception ignored" not in err
    assert err.strip().startswith("I cannot write the sound file") and len(err.strip().splitlines()) == 1


def test_ctrl_c_while_saving_fails_tries_once_more_and_says_the_truth(tmp_path):
    from voicegame.play.session import Session
    from voicegame.play.voice_play import interrupted
    from voicegame.storage.autosave import Persistence

    blocker = tmp_path / "blocker"
    blocker.write_text("a file where the data folder should be")
    session = Session("klondike", {}, 3, persistence=Persistence(blocker / "data"))
    session.greeting()
    session.handle("draw")
    assert session.persistence.failing
    assert interrupted(session) == ["I still cannot save this game, so stopping now loses it.", "Goodbye."]
    blocker.unlink()  # the disk is back
    assert interrupted(session) == ["The game is saved again.", "Goodbye."]
    assert json.loads((blocker / "data" / "saves" / "klondike.json").read_text())["moves"] == ["deal"]
