"""Set-up without a compiler (issue 35): run.sh installs wheels only and writes its stamp at once;
WebRTC's echo canceller, the one part pip builds from C++, is built only by ``voicegame setup
barge-in``, and the game's sentence about the missing canceller names that command."""

from __future__ import annotations

import argparse
import tomllib
from pathlib import Path

import pytest

from voicegame.cli import setup as setup_cli

ROOT = Path(__file__).resolve().parent.parent


def barge_in_args(tmp_path: Path) -> argparse.Namespace:
    return argparse.Namespace(log=str(tmp_path / "pip.log"))


def test_the_requirement_built_is_the_extra_aec():
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert setup_cli.WEBRTC_REQUIREMENT in extras["aec"]
    assert not any("aec-audio-processing" in r for r in extras["speex"])  # what run.sh installs has wheels


def test_run_sh_builds_nothing_on_the_way_to_play_and_writes_the_stamp_first():
    """Everything before the test tools' block is the way to ``./run.sh play``: no source build there."""
    text = (ROOT / "run.sh").read_text()
    code = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
    to_play = code[: code.index('if [ "$what" = test ]')]
    assert "pip install" in to_play
    assert "'.[aec]'" not in to_play and "aec-audio-processing>" not in to_play
    for line in to_play.splitlines():
        if "pip install" in line and ("speex" in line or "aec" in line):
            assert "--only-binary" in line, line
    assert to_play.index('touch "$stamp"') < to_play.index("setup barge-in")
    assert "'.[aec]'" in code[code.index('if [ "$what" = test ]'):]  # the test suite still gets it


def test_already_installed_is_said_and_nothing_is_built(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(setup_cli, "webrtc_installed", lambda: True)
    monkeypatch.setattr(setup_cli, "run_pip", lambda *a, **k: pytest.fail("pip ran"))
    assert setup_cli.run_barge_in(barge_in_args(tmp_path)) == 0
    assert "installed already" in capsys.readouterr().out


def test_no_compiler_is_one_sentence_and_nothing_is_built(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(setup_cli, "webrtc_installed", lambda: False)
    monkeypatch.setattr(setup_cli.shutil, "which", lambda name: None)
    monkeypatch.setattr(setup_cli, "run_pip", lambda *a, **k: pytest.fail("pip ran"))
    assert setup_cli.run_barge_in(barge_in_args(tmp_path)) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "C++ compiler" in err[0] and "voicegame setup barge-in" in err[0]


def test_the_build_says_what_it_does_and_how_long(tmp_path, monkeypatch, capsys):
    ran: list[list[str]] = []
    monkeypatch.setattr(setup_cli, "webrtc_installed", lambda: False)
    monkeypatch.setattr(setup_cli, "missing_tools", lambda: None)
    monkeypatch.setattr(setup_cli, "run_pip", lambda command, log, tick: ran.append(command) or 0)
    monkeypatch.setattr(setup_cli, "importable_now", lambda: True)
    assert setup_cli.run_barge_in(barge_in_args(tmp_path)) == 0
    out = capsys.readouterr().out
    assert f"about {setup_cli.BUILD_MINUTES} minutes" in out and out.strip().endswith("Done: barge-in is on. The game now listens while it speaks.")
    assert ran and ran[0][-1] == setup_cli.WEBRTC_REQUIREMENT and ran[0][1:4] == ["-m", "pip", "install"]


def test_a_failed_build_keeps_the_log_and_says_the_game_still_plays(tmp_path, monkeypatch, capsys):
    def failing_pip(command, log, tick):
        tick(1)
        log.write_text("compiling...\nerror: abseil would not build\n")
        return 1

    monkeypatch.setattr(setup_cli, "webrtc_installed", lambda: False)
    monkeypatch.setattr(setup_cli, "missing_tools", lambda: None)
    monkeypatch.setattr(setup_cli, "run_pip", failing_pip)
    assert setup_cli.run_barge_in(barge_in_args(tmp_path)) == 1
    captured = capsys.readouterr()
    assert "Still building: 1 minute so far." in captured.out  # singular
    assert "error: abseil would not build" in captured.err
    assert f"pip's output is in {tmp_path / 'pip.log'}" in captured.err and (tmp_path / "pip.log").exists()


def test_an_unwritable_log_is_refused_in_one_sentence(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(setup_cli, "webrtc_installed", lambda: False)
    monkeypatch.setattr(setup_cli, "missing_tools", lambda: None)
    args = argparse.Namespace(log=str(tmp_path / "no" / "such" / "dir" / "pip.log"))
    assert setup_cli.run_barge_in(args) == 2
    assert "I cannot write pip's output to" in capsys.readouterr().err


def test_run_pip_really_runs_and_ticks(tmp_path):
    ticks: list[int] = []
    import sys

    status = setup_cli.run_pip([sys.executable, "-c", "import time; print('hi'); time.sleep(0.3)"], tmp_path / "l.log",
                               ticks.append, every=0.1)
    assert status == 0 and ticks and (tmp_path / "l.log").read_text().strip() == "hi"


def test_the_command_is_on_the_cli():
    from voicegame.cli.main import build_parser

    args = build_parser(["setup"]).parse_args(["setup", "barge-in"])
    assert args.run is setup_cli.run_barge_in and args.log is None


def test_the_missing_canceller_sentence_names_the_command():
    from voicegame.audio.capture.echo import NO_CANCELLER

    assert "voicegame setup barge-in" in NO_CANCELLER
