"""Fuzz the command line: any mix of sub-commands, flags, numbers, game names and paths (missing
folders, folders for files, /dev/full, text that is not a path at all) ends with an exit status and
never a traceback (issue 35).

``voicegame.cli.main.main`` runs in this process, with typed commands on standard input and devices
that print instead of speaking; Hypothesis is derandomized, so CI runs the same examples every time.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from voicegame.audio.wavio import write_wav
from voicegame.cli import main as cli_main
from voicegame.cli import solve as solve_cli

COMMANDS = ("play", "play", "play", "play", "solve", "solve", "replay", "replay", "games", "stats", "saves", "config")
NUMBERS = ("0", "-1", "1001", "99999999999999999999", "2e3", "nan", "inf", "-inf", "1e999", "0x10", " 7 ", "٣", "1_000",
           "none", "", "0.5")
"""Numbers that are not what a flag takes, or only just."""
GAMES = ("klondike", "free", "cell", "freecell", "golf", "spider", "solitare", "Klondike", "triple", "peaks", "gaps",
         "clock", "spiderette", "poker", "doublets", "no-such-game")
GOOD = {
    "--seed": ("1", "5", "617", "2"), "--draw": ("1", "3"), "--passes": ("1", "3", "unlimited", "1000"),
    "--suits": ("1", "2", "4"), "--redeals": ("0", "2"), "--cards-per-deal": ("1", "3"), "--budget": ("0.5", "0"),
    "--nodes": ("50", "100"), "--rate": ("80", "200"), "--volume": ("0.5", "1"), "--scoring": ("standard", "multiplier"),
    "--mode": ("fair", "thoughtful"), "--spots": ("reuse", "once"), "--shuffle": ("off", "on"),
    "--direction": ("up", "down"), "--build": ("alternate", "suit"),
}
"""Values each flag takes: most examples should get past argparse, to reach the checks and the games."""
PATH_FLAGS = ("--trace", "--output", "--input", "--model")
SWITCHES = ("--resume", "--resume", "--no-save", "--verbose", "--winnable", "--text", "--text", "--codes",
            "--push-to-talk", "--help", "--version", "--", "-x", "--nope", "--barge-in")


def paths(folder: Path) -> tuple[str, ...]:
    """Paths a player might give, and paths that can never work."""
    return (str(folder / "t.jsonl"), str(folder / "out.wav"), str(folder / "in.wav"), str(folder / "text.txt"),
            str(folder), str(folder / "missing" / "x.wav"), str(folder / "text.txt" / "x"), "/nonexistent/dir/x.wav",
            "/dev/full", "/dev/null", "", " ", "-", "nul\0byte", "é/ü.wav", "x" * 300)


def argv_strategy(folder: Path) -> st.SearchStrategy[list[str]]:
    """A command line: a sub-command, game words, flags with values of their kind (now and then of
    another kind), switches and now and then any text."""
    anything = st.one_of(st.sampled_from(NUMBERS), st.sampled_from(GAMES), st.sampled_from(paths(folder)), st.text(max_size=8))
    good = st.sampled_from(sorted(GOOD)).flatmap(lambda flag: st.sampled_from(GOOD[flag]).map(lambda value: (flag, value)))
    pair = st.one_of(
        good, good, good,
        st.tuples(st.sampled_from(PATH_FLAGS), st.sampled_from(paths(folder))),
        st.tuples(st.sampled_from(sorted(GOOD) + list(PATH_FLAGS)), anything),  # a value of another kind
        st.sampled_from(SWITCHES).map(lambda switch: (switch,)),
    )
    seed = st.one_of(st.just(()), st.sampled_from(("1", "5", "617", "1", "5", "0", "-3", "x")).map(lambda n: ("--seed", n)))

    def line(command: str, game: list[str], seed_pair: tuple[str, ...], pairs: list[tuple[str, ...]], tail: list[str]) -> list[str]:
        words = game if command in ("play", "solve", "replay") else []
        if command in ("solve", "replay") and not seed_pair:
            seed_pair = ("--seed", "5")  # required: without it, argparse alone would answer
        return [command, *words, *seed_pair, *(part for p in pairs for part in p), *tail]

    game = st.one_of(st.sampled_from(GAMES[:8]).map(lambda name: [name]), st.lists(st.sampled_from(GAMES + paths(folder)[:4]), max_size=2))
    return st.builds(line, st.sampled_from(COMMANDS), game,
                     seed, st.lists(pair, max_size=4), st.one_of(st.just([]), st.just([]), st.just([]), st.lists(anything, max_size=1)))


DATA_DIRS = ("fine",) * 9 + ("a file", "under a file", "missing, to be made")


def data_dir(folder: Path, kind: str) -> Path:
    """``VOICEGAME_DATA_DIR`` of a kind: a folder, a file, a path under a file, a folder to be made."""
    return {"fine": folder / "data", "a file": folder / "text.txt", "under a file": folder / "text.txt" / "data",
            "missing, to be made": folder / "made" / "data"}[kind]


SAFE_TAIL = {
    # Appended so that no example opens a sound device or searches for long: the last value of a flag wins.
    "play": ["--speaker", "print", "--recogniser", "text", "--no-sounds"],
    "solve": ["--budget", "1", "--nodes", "200"],
}


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    where = tmp_path_factory.mktemp("cli-fuzz")
    write_wav(where / "in.wav", np.zeros(4000, dtype=np.int16))
    (where / "text.txt").write_text("deal\nquit\n")
    return where


def run_main(argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> tuple[object, str]:
    """Exit status and standard error of ``voicegame ARGV``; any exception but SystemExit fails the test."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("read the board\ndraw\nundo\nquit\n"))
    try:
        status: object = cli_main.main(argv)
    except SystemExit as exit_:  # argparse: --help, --version (0) and bad flags (2)
        status = 0 if exit_.code is None else exit_.code
    return status, capsys.readouterr().err


def test_the_cli_answers_any_flags_and_paths_with_a_status_never_a_traceback(folder, capsys, monkeypatch):
    monkeypatch.setattr(solve_cli, "WINNABLE_SECONDS", 0.2)  # --winnable: a short search, whatever it finds
    monkeypatch.chdir(folder)  # relative paths ("-", "é/ü.wav") are made here, not in the checkout

    @settings(max_examples=150, derandomize=True, database=None, deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
    @given(argv=argv_strategy(folder), data=st.sampled_from(DATA_DIRS))
    def check(argv: list[str], data: str) -> None:
        monkeypatch.setenv("VOICEGAME_DATA_DIR", str(data_dir(folder, data)))
        argv = argv + SAFE_TAIL.get(argv[0], [])
        status, err = run_main(argv, capsys, monkeypatch)
        assert isinstance(status, int) and not isinstance(status, bool), (argv, status)
        assert status in (0, 1, 2), (argv, status, err)
        assert "Traceback" not in err and "Error:" not in err, (argv, err)
        if status == 2:  # refused: one sentence, the line naming --help aside
            lines = [line for line in err.split("\n") if line and not line.endswith("lists every option.")]
            assert len(lines) == 1, (argv, err)

    check()


def test_the_fuzz_reaches_the_games_and_the_refusals(folder, capsys, monkeypatch):
    """The vocabulary is not all refused at the door: a game is played, and paths are refused by the
    checks before the game (not by argparse)."""
    status, err = run_main(["play", "free", "cell", "--seed", "617", *SAFE_TAIL["play"]], capsys, monkeypatch)
    assert status == 0 and err == ""
    status, err = run_main(["play", "golf", "--trace", str(folder / "text.txt" / "x"), *SAFE_TAIL["play"]], capsys, monkeypatch)
    assert status == 2 and "is a file, not a folder" in err
