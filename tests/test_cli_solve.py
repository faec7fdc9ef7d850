"""``voicegame solve``: what it imports before the search, and many deals in one process (``--seeds``)."""

import json
import subprocess
import sys

from voicegame.cli import main as cli_main
from voicegame.cli.common import game_by_module
from voicegame.cli.solve import quick_args
from voicegame.engine import Engine, Move
from voicegame.games import all_games, find_game

IMPORTED = """
import json, sys
from voicegame.cli.main import main
status = main(sys.argv[1:])
print(json.dumps([status, sorted(m for m in sys.modules if m.startswith("voicegame") or m == "numpy")]), file=sys.stderr)
"""


FILE_READING = {"voicegame.audio", "voicegame.audio.lazy", "voicegame.audio.bounded_file", "voicegame.audio.errors"}
"""What of audio/ every sub-command may load: the bounded, non-blocking reader of the files a player names
(and the sentence its refusal is), a few small modules; never numpy or a recogniser."""


def imported_by(*argv: str) -> tuple[int, list[str]]:
    """(exit status, the voicegame modules and numpy imported) of ``voicegame ARGV`` in a fresh interpreter."""
    done = subprocess.run([sys.executable, "-c", IMPORTED, *argv], capture_output=True, text=True, timeout=120)
    status, modules = json.loads(done.stderr.splitlines()[-1])
    return status, modules


def test_the_solve_path_imports_the_engine_the_game_and_its_solver_only():
    status, modules = imported_by("solve", "klondike", "--seed", "3", "--draw", "3", "--nodes", "3000", "--codes")
    assert status == 0
    layers = {name.split(".")[1] for name in modules if name.count(".") >= 1 and name not in FILE_READING}
    assert layers <= {"cli", "engine", "games", "grammars", "solver"}, layers  # no audio/ but FILE_READING, listen/, play/, language/, storage/ (grammars/: the game's words file, data)
    assert "numpy" not in modules
    assert {name for name in modules if name.startswith("voicegame.games.")} == {
        "voicegame.games.deal_rules", "voicegame.games.entry", "voicegame.games.klondike", "voicegame.games.parts",
        "voicegame.games.search", "voicegame.games.words"}
    assert "voicegame.solver.freecell_solver" not in modules and "voicegame.solver.fair" not in modules


def test_the_spoken_commands_bring_in_the_language_layer_only_when_printed():
    status, modules = imported_by("solve", "klondike", "--seed", "3", "--draw", "3", "--nodes", "3000")
    assert status == 0 and "voicegame.language.narrate" in modules
    assert not any(name.startswith(("voicegame.audio", "voicegame.listen", "voicegame.play"))
                   for name in modules if name not in FILE_READING)
    status, modules = imported_by("solve", "klondike", "--seed", "3", "--draw", "3", "--nodes", "5")
    assert status == 1 and "voicegame.language.narrate" not in modules  # nothing to say but "unsolved within budget"


def test_a_game_found_by_its_module_is_the_game_find_game_finds():
    for entry in all_games():
        for name in (entry.key, entry.title, *entry.aliases, entry.title.upper(), entry.key.replace("_", "-")):
            found = game_by_module(name)
            assert found is None or found is find_game(name), name
    assert game_by_module("free cell") is find_game("freecell")
    assert game_by_module(["bakers", "game"]) is find_game("bakers game")
    for not_a_game in ("parts", "entry", "__init__", "os.path", "", "solitare", "../klondike"):
        assert game_by_module(not_a_game) is None, not_a_game


def test_the_quick_parser_declines_what_only_the_full_parser_answers():
    assert quick_args(["klondike", "--seed", "1", "--draw", "1"]).draw == 1
    assert quick_args(["--seed", "1"]).game == ["klondike"]
    declined = (["klondike", "--seed", "1", "--suits", "2"],  # another game's option: refused in one sentence by the full parser
                ["klondike", "--help"], ["klondike"], ["klondike", "--seed", "x"], ["solitare", "--seed", "1"],
                ["--seed", "1", "free", "cell"], ["klondike", "--seed", "1", "--draw", "2"])
    for argv in declined:
        assert quick_args(argv) is None, argv


def solve(argv, capsys):
    status = cli_main.main(["solve", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_many_deals_in_one_process_one_json_line_each(capsys):
    status, out, err = solve(["klondike", "--seeds", "3-5", "--draw", "3", "--budget", "5"], capsys)
    rows = [json.loads(line) for line in out.splitlines()]
    assert [row["seed"] for row in rows] == [3, 4, 5]
    assert all(set(row) == {"seed", "outcome", "cpu_seconds", "positions", "length", "moves"} for row in rows)
    assert {row["outcome"] for row in rows} <= {"solved", "unwinnable", "unsolved"}
    assert status == (0 if all(row["outcome"] == "solved" for row in rows) else 1)
    assert err.startswith("Klondike, draw three, deals 3-5, thoughtful: 3 solved") and "CPU per deal median" in err
    engine = Engine(find_game("klondike").make(draw=3))
    for row in rows:
        if row["outcome"] == "solved":  # the codes play the deal to a win
            state = engine.deal(row["seed"])
            for code in row["moves"]:
                state = engine.apply(state, Move.from_code(code, engine))[0]
            assert engine.is_won(state) and row["length"] == len(row["moves"])


def test_one_deal_as_a_json_line(capsys):
    status, out, _ = solve(["freecell", "--seed", "617", "--jsonl"], capsys)
    (row,) = [json.loads(line) for line in out.splitlines()]
    assert status == 0 and row["seed"] == 617 and row["outcome"] == "solved" and row["length"] == len(row["moves"]) > 0


def test_a_bad_range_is_said_in_one_sentence_and_exits_2(capsys):
    for bad in ("5-1", "x", "1-2-3", "-3", "", "1-99999999999999999999"):
        try:
            status = cli_main.main(["solve", "klondike", "--seeds", bad])
        except SystemExit as exit_:
            status = exit_.code
        err = capsys.readouterr().err
        assert status == 2 and err.startswith("voicegame solve: --seeds must be a range of deal numbers such as 1-200"), bad
        assert len(err.splitlines()[0]) < 200
    status, out, err = solve(["freecell", "--seeds", "0-2"], capsys)
    assert (status, out) == (2, "") and err == "voicegame solve: --seeds must be deal numbers from 1 to 1000000; you gave 0-2.\n"
