"""The attack suite: bad paths, permissions, named pipes, devices, symbolic links to /dev/zero, huge and
binary files, read-only folders, closed output, numbers out of range, a satellite that is not there.

Each runs the real console entry (``python -m voicegame``) in a child process with a timeout, and
checks what a player would see: no traceback, one sentence on standard error, the right exit status
and no hang. Root ignores permissions, so the permission attacks run the child as ``nobody``
(tests/attacks.py), in folders under /tmp that nobody may reach.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Callable

import pytest
from attacks import ROOT, TIMEOUT, Run, can_drop_privileges, is_root, voicegame

from voicegame.audio.bounded_file import FileTooBig, NotAFile, read_bounded
from voicegame.audio.wyoming.link import WyomingUnavailable

HUGE = 2 * 1024 ** 3
"""A sparse file of 2 GB: no disk used, but more than any reader takes."""

needs_nobody = pytest.mark.skipif(is_root() and not can_drop_privileges(),
                                  reason="running as root with no user 'nobody' to drop to: root ignores permissions")


def calm(run: Run, status: int, sentences: int = 1) -> str:
    """Check ``run`` ended with ``status`` and said ``sentences`` lines on standard error, none a
    traceback; return what it said."""
    assert "Traceback" not in run.err and "Error:" not in run.err, run.err
    assert run.status == status, (run.status, run.err)
    assert len(run.sentences) == sentences, run.err
    return run.err


@pytest.fixture
def open_dir() -> Any:
    """A folder under /tmp that every user may reach (pytest's own are private to their user)."""
    folder = Path(tempfile.mkdtemp(prefix="voicegame-attack-", dir="/tmp"))
    folder.chmod(0o755)
    yield folder
    for path in [folder, *folder.rglob("*")]:
        try:
            if path.is_dir() and not path.is_symlink():
                path.chmod(0o755)
        except OSError:
            pass
    shutil.rmtree(folder, ignore_errors=True)


def fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def huge(path: Path) -> Path:
    with open(path, "wb") as handle:
        handle.truncate(HUGE)
    return path


def binary(path: Path) -> Path:
    path.write_bytes(bytes(range(256)) * 64)
    return path


def link_to_zero(path: Path) -> Path:
    path.symlink_to("/dev/zero")
    return path


def env_for(folder: Path, **more: str) -> dict[str, str]:
    return {"VOICEGAME_DATA_DIR": str(folder / "data"), "VOICEGAME_CONFIG": str(folder / "config.toml"),
            "HOME": str(folder), **more}


# ------------------------------------------------------------------------ files named on the command line
BAD_FILES: dict[str, tuple[Callable[[Path], Path | str], str]] = {
    "a device": (lambda folder: "/dev/zero", "it is a device, not a file"),
    "a full device": (lambda folder: "/dev/full", "it is a device, not a file"),
    "a symbolic link to /dev/zero": (lambda folder: link_to_zero(folder / "line.txt"), "it is a device, not a file"),
    "a named pipe": (lambda folder: fifo(folder / "line.txt"), "it is a named pipe, not a file"),
    "a huge file": (lambda folder: huge(folder / "line.txt"), "it is larger than 16 MB"),
    "a folder": (lambda folder: folder, "is a folder"),
    "a missing file": (lambda folder: folder / "nothing.txt", "no such file or directory"),
}


@pytest.mark.parametrize("kind", BAD_FILES)
def test_replay_refuses_a_file_that_is_not_one(tmp_path, kind):
    make, words = BAD_FILES[kind]
    run = voicegame("replay", "klondike", "--seed", "5", str(make(tmp_path)), env=env_for(tmp_path))
    assert words in calm(run, 2)


def test_replay_of_a_binary_file_names_its_bad_line(tmp_path):
    run = voicegame("replay", "klondike", "--seed", "5", str(binary(tmp_path / "line.txt")), env=env_for(tmp_path))
    assert "line 1" in calm(run, 1)


@pytest.mark.parametrize("kind", ["a device", "a named pipe", "a folder", "a missing file"])
def test_play_refuses_such_an_input_recording(tmp_path, kind):
    make, words = BAD_FILES[kind]
    run = voicegame("play", "klondike", "--seed", "5", "--input", str(make(tmp_path)), "--recogniser", "pocketsphinx",
                    env=env_for(tmp_path))
    assert words in calm(run, 2)


@pytest.mark.parametrize("content", [b"not a recording\n", bytes(range(256)) * 4, b"RIFF\x00\x00\x00\x00WAVEjunk"])
def test_play_refuses_an_input_that_is_not_a_wav_file(tmp_path, content):
    """A recording that cannot be heard is an error before the game, not "Sorry..." and exit 0."""
    wav = tmp_path / "draw.wav"
    wav.write_bytes(content)
    run = voicegame("play", "klondike", "--seed", "5", "--input", str(wav), "--recogniser", "pocketsphinx",
                    env=env_for(tmp_path))
    assert "draw.wav" in calm(run, 2)


@pytest.mark.parametrize("kind", ["a device", "a named pipe", "a huge file"])
def test_transcribe_does_not_read_without_end(tmp_path, kind):
    make, _ = BAD_FILES[kind]
    run = voicegame("transcribe", str(make(tmp_path)), "--recogniser", "pocketsphinx", env=env_for(tmp_path))
    assert run.status == 1 and "Traceback" not in run.err
    assert json.loads(run.out.splitlines()[-1])["error"]


# ------------------------------------------------------------------------------------ the settings file
CONFIGS: dict[str, tuple[Callable[[Path], Path | str], str]] = {
    "a full device": (lambda folder: "/dev/full", "it is a device, not a file"),
    "a named pipe": (lambda folder: fifo(folder / "config.toml"), "it is a named pipe, not a file"),
    "a symbolic link to /dev/zero": (lambda folder: link_to_zero(folder / "config.toml"), "it is a device, not a file"),
    "a huge file": (lambda folder: huge(folder / "config.toml"), "it is larger than 256 KB"),
    "a binary file": (lambda folder: binary(folder / "config.toml"), "is damaged at line 2"),  # byte 128 follows one newline
}


@pytest.mark.parametrize("kind", CONFIGS)
def test_config_says_why_the_settings_file_is_not_used(tmp_path, kind):
    make, words = CONFIGS[kind]
    run = voicegame("config", env=env_for(tmp_path, VOICEGAME_CONFIG=str(make(tmp_path))))
    assert words in calm(run, 1)
    assert "rate = 200" in run.out  # the defaults still printed, a file to start again from


@pytest.mark.parametrize("kind", CONFIGS)
def test_a_game_starts_whatever_the_settings_file_is(tmp_path, kind):
    make, words = CONFIGS[kind]
    path = make(tmp_path)
    before = Path(path).read_bytes()[:100] if kind == "a binary file" else None
    run = voicegame("play", "klondike", "--seed", "5", "--text", stdin="faster\nverbose\nquit\n",
                    env=env_for(tmp_path, VOICEGAME_CONFIG=str(path)))
    calm(run, 0, sentences=0)
    assert words in run.out
    if before is not None:
        assert Path(path).read_bytes()[:100] == before  # never written over


def test_a_damaged_settings_file_is_kept_byte_for_byte(tmp_path):
    path = tmp_path / "config.toml"
    text = "# mine\n[speech]\nrate = 300 # slow down?\nvolume = 0.4\nvoice = oops\n"
    path.write_text(text)
    run = voicegame("play", "klondike", "--seed", "5", "--text", stdin="verbose\nquit\n",
                    env=env_for(tmp_path, VOICEGAME_CONFIG=str(path)))
    calm(run, 0, sentences=0)
    assert "damaged at line 5" in run.out and path.read_text() == text


def test_a_change_in_play_keeps_the_players_comments(tmp_path):
    path = tmp_path / "config.toml"
    text = "# mine\n[speech]\nrate = 300 # slow down?\nvolume = 0.4\n\n[game]\ndraw = 1 # easy\n"
    path.write_text(text)
    run = voicegame("play", "klondike", "--seed", "5", "--text", stdin="verbose\nquit\n",
                    env=env_for(tmp_path, VOICEGAME_CONFIG=str(path)))
    calm(run, 0, sentences=0)
    assert path.read_text() == text.replace("volume = 0.4\n", 'volume = 0.4\nverbosity = "verbose"\n')


# ------------------------------------------------------------------------------------ the data folder
SAVES: dict[str, Callable[[Path], Path]] = {
    "a symbolic link to /dev/zero": link_to_zero,
    "a named pipe": fifo,
    "a huge file": huge,
    "a binary file": binary,
}


def data_with(folder: Path, name: str, make: Callable[[Path], Path]) -> Path:
    saves = folder / "data" / "saves"
    saves.mkdir(parents=True)
    return make(saves / name)


@pytest.mark.parametrize("kind", SAVES)
def test_saves_lists_around_a_save_that_is_not_one(tmp_path, kind):
    data_with(tmp_path, "klondike.json", SAVES[kind])
    run = voicegame("saves", env=env_for(tmp_path))
    calm(run, 0, sentences=0)
    assert "put aside" in run.out


@pytest.mark.parametrize("kind", SAVES)
def test_play_starts_over_a_save_that_is_not_one(tmp_path, kind):
    data_with(tmp_path, "klondike.json", SAVES[kind])
    (tmp_path / "data" / "stats.json").symlink_to("/dev/zero")
    run = voicegame("play", "klondike", "--text", stdin="draw\nquit\n", env=env_for(tmp_path))
    calm(run, 0, sentences=0)
    assert "Goodbye." in run.out


def test_stats_over_a_statistics_file_that_is_a_pipe(tmp_path):
    (tmp_path / "data").mkdir()
    fifo(tmp_path / "data" / "stats.json")
    run = voicegame("stats", env=env_for(tmp_path))
    calm(run, 0, sentences=0)


@pytest.mark.parametrize("make", [fifo, link_to_zero, huge], ids=["a named pipe", "a link to /dev/zero", "a huge file"])
def test_the_storage_readers_return_at_once(tmp_path, make):
    """What voice play reads besides the save: what the answers taught, the voice templates, statistics."""
    from voicegame.audio.enrolment.voice_templates import VoiceTemplates
    from voicegame.storage import hearings, savefile
    from voicegame.storage.stats import StatsBook

    made = {name: make(tmp_path / name) for name in ("hearings.json", "voice.npz", "stats.json", "klondike.json")}
    results: dict[str, Any] = {}

    def read_all() -> None:
        results["hearings"] = hearings.load(tmp_path)
        results["voice"] = VoiceTemplates.load(made["voice.npz"])
        results["stats"] = StatsBook(made["stats.json"]).problem
        results["save"] = savefile.load(made["klondike.json"]).problem

    reader = threading.Thread(target=read_all, daemon=True)
    reader.start()
    reader.join(TIMEOUT)
    assert not reader.is_alive(), "a reader hung"
    assert results["hearings"] is None and not results["voice"].words
    assert results["stats"] is not None and results["save"] is not None


def test_setup_reads_the_end_of_its_log_without_waiting_on_a_pipe(tmp_path):
    from voicegame.cli.setup import log_tail

    results: list[str] = []
    reader = threading.Thread(target=lambda: results.append(log_tail(fifo(tmp_path / "pip.log"))), daemon=True)
    reader.start()
    reader.join(TIMEOUT)
    assert results == [""]
    log = tmp_path / "long.log"
    log.write_text("".join(f"line {n}\n" for n in range(200_000)))
    assert log_tail(log, 2) == "line 199998\nline 199999"


def test_the_bounded_reader_refuses_before_reading():
    with pytest.raises(NotAFile) as device:
        read_bounded("/dev/zero", 10)
    assert str(device.value) == "it is a device, not a file" and isinstance(device.value, OSError)
    with pytest.raises(FileTooBig):
        read_bounded("/proc/self/maps", 1)  # says 0 bytes, holds more: counted while read
    assert read_bounded("/proc/self/comm", 4096).strip()


# --------------------------------------------------------------------------- the kiosk and the satellite
def kiosk_args(command: str) -> list[str]:
    return ["kiosk", "--text"] if command == "kiosk" else ["satellite", "tcp://127.0.0.1:1"]


@pytest.mark.parametrize("command", ["kiosk", "satellite"])
@pytest.mark.parametrize("log_dir", ["/etc/passwd", "/etc/passwd/logs", "pipe"])
def test_a_log_folder_that_cannot_be_used_is_one_sentence(tmp_path, command, log_dir):
    if log_dir == "pipe":
        fifo(tmp_path / "kiosk.log")
        log_dir = str(tmp_path)
    run = voicegame(*kiosk_args(command), "--log-dir", log_dir, env=env_for(tmp_path))
    assert "log" in calm(run, 2)


@needs_nobody
@pytest.mark.parametrize("command", ["kiosk", "satellite"])
def test_a_read_only_data_folder_is_one_sentence(open_dir, command):
    data = open_dir / "data"
    data.mkdir()
    data.chmod(0o555)
    run = voicegame(*kiosk_args(command), env=env_for(open_dir), as_nobody=True)
    assert "permission denied" in calm(run, 2)


@needs_nobody
def test_a_kiosk_with_its_log_elsewhere_plays_on_a_read_only_data_folder(open_dir):
    """Saving fails and is said; the kiosk plays on (a kiosk's SD card gone read-only)."""
    data, logs = open_dir / "data", open_dir / "logs"
    data.mkdir()
    logs.mkdir()
    data.chmod(0o555)
    logs.chmod(0o777)
    run = voicegame("kiosk", "--text", "--log-dir", str(logs), stdin="draw\n", env=env_for(open_dir), as_nobody=True)
    calm(run, 0, sentences=0)
    assert "I cannot save the game on this device" in run.out


@pytest.mark.parametrize("value", ["-5", "0", "nan", "inf", "1e9", "soon"])
def test_backoff_cap_out_of_range_is_refused(tmp_path, value):
    run = voicegame("satellite", "tcp://127.0.0.1:1", "--backoff-cap", value, env=env_for(tmp_path))
    assert "--backoff-cap must be a number of seconds from 1 to 3600" in calm(run, 2, sentences=2)


@pytest.mark.parametrize("flag, value", [("--rate", "nan"), ("--rate", "-5"), ("--volume", "nan"), ("--volume", "-0.5"),
                                         ("--volume", "inf"), ("--passes", "-1"), ("--seed", "-1")])
def test_numbers_out_of_range_are_refused_in_play(tmp_path, flag, value):
    """One sentence naming the flag (the parser's refusals add where the full list of options is)."""
    run = voicegame("play", "klondike", flag, value, env=env_for(tmp_path))
    assert flag in calm(run, 2, sentences=1 if flag == "--seed" else 2).splitlines()[0]


def test_the_satellite_says_it_waits_for_its_satellite_and_why(tmp_path):
    command = [sys.executable, "-m", "voicegame", "satellite", "tcp://127.0.0.1:1", "--backoff-cap", "1",
               "--recogniser", "pocketsphinx", "--no-sounds"]
    environment = {**os.environ, "PYTHONPATH": str(ROOT), **env_for(tmp_path)}
    child = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                             env=environment, cwd=ROOT, text=True)
    try:
        lines: list[str] = []
        def read() -> None:
            for line in iter(child.stderr.readline, ""):
                lines.append(line)

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        deadline = time.monotonic() + 3 * TIMEOUT  # it loads its recogniser first: slow on a busy machine
        while time.monotonic() < deadline and not any("Waiting" in line for line in lines) and child.poll() is None:
            time.sleep(0.2)
    finally:
        child.terminate()
        child.wait(TIMEOUT)
    said = "".join(lines)
    assert ("voicegame satellite: Waiting for the satellite at tcp://127.0.0.1:1 (connection refused); "
            "I keep trying, at most 1 second apart.") in said, said
    assert "Traceback" not in said


def test_the_terminal_is_told_once_per_outage_and_when_it_is_back():
    from voicegame.cli.satellite import ConnectionNotice

    told: list[str] = []
    notice = ConnectionNotice("tcp://kitchen:10700", 30, told.append)
    refused = WyomingUnavailable("wyoming_satellite_lost", uri="tcp://kitchen:10700")
    refused.__cause__ = ConnectionRefusedError(111, "Connect call failed ('10.0.0.9', 10700)")
    notice.connected()
    notice.failed(refused)
    notice.failed(refused)
    notice.connected()
    notice.connected()
    timed_out = WyomingUnavailable("wyoming_satellite_lost", uri="tcp://kitchen:10700")
    timed_out.__cause__ = TimeoutError()
    notice.failed(timed_out)
    assert told == [
        "voicegame satellite: Waiting for the satellite at tcp://kitchen:10700 (connection refused); "
        "I keep trying, at most 30 seconds apart.",
        "voicegame satellite: The satellite at tcp://kitchen:10700 answers; playing.",
        "voicegame satellite: Waiting for the satellite at tcp://kitchen:10700 (no answer in time); "
        "I keep trying, at most 30 seconds apart."]


# ---------------------------------------------------------------------------------------- permissions
@needs_nobody
def test_config_under_a_folder_it_may_not_read(open_dir):
    private = open_dir / "noperm"
    private.mkdir()
    (private / "c.toml").write_text("[speech]\nrate = 300\n")
    private.chmod(0o700 if is_root() else 0o000)
    run = voicegame("config", env=env_for(open_dir, VOICEGAME_CONFIG=str(private / "c.toml")), as_nobody=True)
    assert "I cannot read the settings file c.toml (permission denied)" in calm(run, 1)


@needs_nobody
def test_play_with_the_settings_under_another_users_home(open_dir):
    home = open_dir / "home"
    (home / ".config" / "voicegame").mkdir(parents=True)
    (home / ".config" / "voicegame" / "config.toml").write_text("[speech]\nrate = 300\n")
    home.chmod(0o700 if is_root() else 0o000)
    environment = {**env_for(open_dir), "HOME": str(home), "XDG_CONFIG_HOME": ""}
    environment.pop("VOICEGAME_CONFIG")
    run = voicegame("play", "klondike", "--seed", "5", "--text", stdin="verbose\nquit\nyes\n",
                    env={**environment, "VOICEGAME_CONFIG": ""}, as_nobody=True)
    calm(run, 0, sentences=0)
    assert "(permission denied)" in run.out


@needs_nobody
@pytest.mark.parametrize("args", [["play", "klondike", "--text"], ["play", "klondike", "--seed", "5", "--resume", "--text"],
                                  ["saves"], ["stats"]], ids=" ".join)
def test_a_saves_folder_it_may_not_read(open_dir, args):
    saves = open_dir / "data" / "saves"
    saves.mkdir(parents=True)
    (saves / "klondike.json").write_text("{}")
    saves.chmod(0o000)
    run = voicegame(*args, env=env_for(open_dir), as_nobody=True, stdin="draw\nquit\nyes\n")
    if args == ["saves"]:
        assert "cannot be listed: permission denied" in calm(run, 1)
    else:
        calm(run, 0, sentences=0)


# ------------------------------------------------------------------------------------- standard output
@pytest.mark.parametrize("args", [["games"], ["config"], ["solve", "klondike", "--seed", "5"],
                                  ["play", "klondike", "--seed", "5", "--text"]], ids=" ".join)
def test_a_closed_standard_output_is_said_not_silent(tmp_path, args):
    environment = {**os.environ, "PYTHONPATH": str(ROOT), **env_for(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "voicegame", *args], input=b"quit\n", stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, env=environment, cwd=ROOT, timeout=TIMEOUT,
                          preexec_fn=lambda: os.close(1))
    err = done.stderr.decode()
    assert done.returncode == 1 and err.count("\n") == 1 and "Standard output is closed" in err, err
