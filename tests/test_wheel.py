"""The game as a user gets it: a wheel built from this tree and installed (not editable) into a
fresh virtual environment outside the source tree, then run from there.

A module left out of the wheel, a phrase file or earcon not installed, or a console script that
does not start fails here, where an editable install would hide it.
"""

from __future__ import annotations

import os
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run(cmd: list[str], cwd: Path, env: dict[str, str] | None = None, stdin: str = "") -> str:
    done = subprocess.run(cmd, cwd=cwd, env=env, input=stdin, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"{cmd} exited {done.returncode}\n{done.stdout}\n{done.stderr}"
    assert "Traceback" not in done.stderr, done.stderr
    return done.stdout


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out), str(ROOT)], cwd=out)
    (built,) = out.glob("voicegame-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bin/ folder of a fresh venv with the wheel and its dependencies installed."""
    home = tmp_path_factory.mktemp("venv")
    venv.create(home / "env", with_pip=True)
    bin_dir = home / "env" / "bin"
    run([str(bin_dir / "python"), "-m", "pip", "install", "-q", str(wheel)], cwd=home)
    return bin_dir


def user_env(tmp: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("VOICEGAME_", "PYTHON"))}
    env["VOICEGAME_DATA_DIR"] = str(tmp / "data")
    env["VOICEGAME_CONFIG"] = str(tmp / "config.toml")
    return env


def test_every_module_and_data_file_is_in_the_wheel(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = {p.relative_to(ROOT).as_posix() for p in (ROOT / "voicegame").rglob("*.py")}
    for folder in ("grammars", "sounds"):
        for p in (ROOT / folder).rglob("*"):
            if p.is_file() and p.suffix in {".py", ".toml", ".wav", ".md"}:
                expected.add(f"voicegame/{p.relative_to(ROOT).as_posix()}")
    missing = sorted(expected - names)
    assert not missing, f"left out of the wheel: {missing}"
    assert any(n.endswith("licenses/LICENSE") for n in names)


def test_the_installed_game_runs_outside_the_source_tree(installed: Path, tmp_path: Path) -> None:
    env = user_env(tmp_path)
    where = run([str(installed / "python"), "-c", "import voicegame; print(voicegame.__file__)"], tmp_path, env)
    assert Path(where.strip()).is_relative_to(installed.parent), where
    assert not Path(where.strip()).is_relative_to(ROOT)

    models = run([str(installed / "python"), "-c",
                  "from voicegame.audio.vosk_recogniser import model_dirs; print(*model_dirs(), sep=chr(10))"],
                 tmp_path, env)
    assert str(ROOT) not in models  # an installed copy never looks in a source checkout's models/

    games = run([str(installed / "voicegame"), "games"], tmp_path, env)
    assert "freecell" in games and "klondike" in games and "royal_parade" in games

    solution = run([str(installed / "voicegame"), "solve", "klondike", "--seed", "5"], tmp_path, env)
    moves = solution.splitlines()
    assert len(moves) > 50 and "on" in moves[0]

    said = run(
        [str(installed / "voicegame"), "play", "freecell", "--seed", "1", "--text", "--no-save"],
        tmp_path,
        env,
        stdin="read column one\nhint\nquit\n",
    )
    assert said.startswith("FreeCell") and "Say yes to do it." in said and said.rstrip().endswith("Goodbye.")


def test_the_installed_game_replays_a_win(installed: Path, tmp_path: Path) -> None:
    """A whole winning Klondike game from the wheel: rules, phrase files and narration all installed."""
    script = (ROOT / "tests" / "data" / "klondike_draw3_seed5_win.txt").read_text()
    said = run(
        [str(installed / "voicegame"), "play", "klondike", "--seed", "5", "--text", "--no-save"],
        tmp_path,
        user_env(tmp_path),
        stdin=script,
    )
    assert "won" in said.lower()


def test_a_source_checkout_keeps_its_speech_models_in_models() -> None:
    from voicegame.audio.vosk_recogniser import checkout_models_dir

    assert checkout_models_dir() == ROOT / "models"  # the tests run from this checkout
    assert (ROOT / "models" / "README.md").is_file()
