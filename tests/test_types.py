"""The type check of issue 16: mypy, with the configuration in pyproject.toml (strict on engine/,
games/ and solver/), finds no error in the voicegame package."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_finds_no_errors() -> None:
    assert (ROOT / "pyproject.toml").is_file() and (ROOT / "voicegame").is_dir()
    done = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    output = (done.stdout + done.stderr).strip()
    assert done.returncode == 0, f"mypy found problems (exit {done.returncode}):\n{output}"
    assert "Success: no issues found" in output, output
