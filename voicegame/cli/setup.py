"""``voicegame setup barge-in``: build WebRTC's echo canceller, so the player can talk over the game
on a loudspeaker.

WebRTC's canceller (the PyPI package ``aec-audio-processing``, extra ``voicegame[aec]``) ships no
wheel: pip builds its C++ (abseil and WebRTC) from source, about 5 minutes on an idle 2-core machine
and tens of minutes on a busy one. A player must never wait for a compiler before the first spoken
word, so ``./run.sh`` installs wheels only and this command builds it when asked. Until
then the game mutes the microphone while it speaks and says once that this command turns barge-in on.
Speex's canceller (``pyaec``), a prebuilt wheel, is installed by ``./run.sh`` already.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

from voicegame.audio.bounded_file import check_appendable, open_plain

WEBRTC_MODULE = "aec_audio_processing"
WEBRTC_REQUIREMENT = "aec-audio-processing>=1.0.1"
"""What pip builds; the same as the extra ``aec`` of pyproject.toml (tests/test_setup.py checks it)."""

BUILD_MINUTES = 5
"""Minutes the build took on an idle 2-core machine (measured when it was made optional); told to the player."""


def add_parser(subparsers: Any) -> None:
    setup = subparsers.add_parser("setup", help="optional parts that take a while to install (barge-in)")
    parts = setup.add_subparsers(dest="setup_part", metavar="barge-in", required=True)
    barge_in = parts.add_parser("barge-in", help="build WebRTC's echo canceller from source (a C++ compiler and "
                                                 f"about {BUILD_MINUTES} minutes), to talk over the game on a loudspeaker")
    barge_in.add_argument("--log", metavar="FILE", help="where pip's output goes (default: a temporary file, "
                                                        "kept when the build fails)")
    barge_in.set_defaults(run=run_barge_in)


def say(key: str, /, **params: object) -> str:
    """The sentence ``key`` of grammars/en/messages.toml (imported here: ``voicegame --help`` stays light)."""
    from voicegame.language.messages import Messages

    return Messages().say(key, **params)


def webrtc_installed() -> bool:
    """Whether WebRTC's canceller can be imported by this Python (looked for, not imported)."""
    return importlib.util.find_spec(WEBRTC_MODULE) is not None


def missing_tools() -> str | None:
    """The message key of what the build needs and this machine lacks, or None."""
    if not (shutil.which("c++") or shutil.which("g++")):
        return "setup_barge_in_no_compiler"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
        return "setup_barge_in_no_headers"
    return None


def pip_command() -> list[str]:
    """pip of the Python running voicegame (its venv), quiet about progress bars."""
    return [sys.executable, "-m", "pip", "install", "--progress-bar", "off", WEBRTC_REQUIREMENT]


def run_pip(command: list[str], log: Path, tick: Callable[[int], None], every: float = 60.0) -> int:
    """Run ``command`` with its output in ``log``; ``tick(minutes)`` every ``every`` seconds so the
    player hears it is still working. Ctrl-C stops pip (KeyboardInterrupt goes on up)."""
    with open(log, "ab") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        began = time.monotonic()
        try:
            while True:
                try:
                    return process.wait(timeout=every)
                except subprocess.TimeoutExpired:
                    tick(int((time.monotonic() - began) // 60))
        finally:
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()


def importable_now() -> bool:
    """Whether a fresh Python imports the canceller (the running one has cached what it looked for)."""
    return subprocess.run([sys.executable, "-c", f"import {WEBRTC_MODULE}"], capture_output=True).returncode == 0


def log_tail(log: Path, lines: int = 12) -> str:
    """The last ``lines`` lines of pip's output: usually the compiler's error."""
    try:
        with os.fdopen(open_plain(log), "rb") as handle:  # never waits on a pipe
            end = handle.seek(0, os.SEEK_END)
            handle.seek(max(0, end - 64 * 1024))  # a long build's log can be megabytes; its end is enough
            text = handle.read().decode("utf-8", "replace")
    except OSError:
        return ""
    return "\n".join(text.splitlines()[-lines:])


def run_barge_in(args: argparse.Namespace) -> int:
    if webrtc_installed():
        print(say("setup_barge_in_ready"))
        return 0
    lacking = missing_tools()
    if lacking is not None:
        print(say(lacking), file=sys.stderr)
        return 1
    if args.log:
        log = Path(args.log)
    else:
        handle, name = tempfile.mkstemp(prefix="voicegame-barge-in-", suffix=".log")
        os.close(handle)
        log = Path(name)
    try:
        check_appendable(log, plain_only=False)  # a pipe nobody reads is refused, not waited on
    except OSError as error:
        print(say("setup_barge_in_log_unwritable", path=str(log), reason=error.strerror or str(error)), file=sys.stderr)
        return 2
    print(say("setup_barge_in_start", minutes=BUILD_MINUTES), flush=True)
    try:
        status = run_pip(pip_command(), log, lambda minutes: print(say("setup_barge_in_still", minutes=minutes), flush=True))
    except KeyboardInterrupt:
        print(say("setup_barge_in_stopped"), file=sys.stderr)
        return 130
    except OSError as error:
        status = -1
        print(error, file=sys.stderr)
    if status != 0 or not importable_now():
        tail = log_tail(log)
        if tail:
            print(tail, file=sys.stderr)
        print(say("setup_barge_in_failed", log=str(log)), file=sys.stderr)
        return 1
    print(say("setup_barge_in_done"))
    if not args.log:
        log.unlink(missing_ok=True)
    return 0
