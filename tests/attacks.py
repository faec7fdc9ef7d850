"""Running ``voicegame`` as an attacker would, for tests/test_attacks.py: the real console entry in a
child process, with a timeout (a hang fails, it does not stall the suite), optionally as an
unprivileged user.

Root ignores file permissions, so a permission test must drop privileges. The interpreter may live
where the unprivileged user cannot reach it (pyenv under /root, mode 700), so the child starts as
root, imports every sub-command's module and what they import lazily (while the interpreter's
library can still be read), then becomes ``nobody`` and runs ``voicegame``; a user who is not root
runs it directly (the permissions then apply to them already).
"""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT = 60.0
"""Generous: the machine is shared; a run that takes this long has hung."""

_AS_NOBODY = """
import os, pwd, sys
import voicegame.cli.main as main
for name in main.COMMANDS:
    main.command_module(name)
import voicegame.language.sentences, voicegame.storage.config, voicegame.storage.autosave, voicegame.play.kiosk
import difflib, json, tomllib, tomlkit, platformdirs, logging.handlers, encodings.idna, shutil, tempfile
nobody = pwd.getpwnam("nobody")
os.setgroups([])
os.setgid(nobody.pw_gid)
os.setuid(nobody.pw_uid)
sys.exit(main.main(sys.argv[1:]))
"""


@dataclass
class Run:
    status: int
    out: str
    err: str

    @property
    def sentences(self) -> list[str]:
        """The lines on standard error."""
        return [line for line in self.err.splitlines() if line.strip()]


def can_drop_privileges() -> bool:
    """Whether a child can run as ``nobody`` (we are root and the user exists)."""
    if os.geteuid() != 0:
        return False
    try:
        import pwd

        pwd.getpwnam("nobody")
    except (ImportError, KeyError):
        return False
    return True


def is_root() -> bool:
    return os.geteuid() == 0


def voicegame(*args: str, env: dict[str, str] | None = None, stdin: str | bytes | None = "",
              as_nobody: bool = False, timeout: float = TIMEOUT, cwd: Path | None = None) -> Run:
    """``voicegame ARGS`` in a child process (``python -m voicegame``), with ``env`` added to the
    environment; ``as_nobody`` runs it as user nobody when we are root (see the module's docstring)."""
    environment = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    environment.pop("PYTHONDONTWRITEBYTECODE", None)
    if as_nobody and is_root():
        command = [sys.executable, "-c", _AS_NOBODY, *args]
        environment["PYTHONDONTWRITEBYTECODE"] = "1"  # nobody cannot write __pycache__ here
    else:
        command = [sys.executable, "-m", "voicegame", *args]
    data = stdin.encode() if isinstance(stdin, str) else stdin
    feed: dict[str, object] = {"input": data} if data is not None else {"stdin": subprocess.DEVNULL}
    done = subprocess.run(command, capture_output=True, env=environment, timeout=timeout, cwd=cwd or ROOT,
                          **feed)  # type: ignore[call-overload]
    return Run(done.returncode, done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace"))
