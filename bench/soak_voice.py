"""Soak by voice: spoken turns through the game as it listens; memory, CPU and every answer.

    python bench/soak_voice.py kiosk [--turns 1000] [--hours 8] [--recogniser pocketsphinx] [--voice LABEL]
                                     [--people DIR] [--no-whisper] [--answers FILE.jsonl] [--seed 1]
    python bench/soak_voice.py play  [--turns 150] [--recogniser pocketsphinx] [--voice LABEL] ...

**kiosk**: one ``Kiosk`` around one Klondike ``Session`` (autosave and statistics on, in a temporary
data folder), a fake clock, and a recogniser as ``voicegame kiosk`` builds it (``listening_recogniser``
path: PocketSphinx with Whisper's second opinion, or any kind of ``RECOGNISER_KINDS``). Every utterance is
audio: the player's command is spoken by ``--voice`` (bench/voices.py; a held-out voice by default), and
ordinary speech is real people's recordings (``--people``, a folder made by bench/human_clips.py). The
player chooses from the position at each turn:

  a legal move said by pile 38%, draw 14%, undo 5%, readings 12%, "what can I do" / "what can I say" 4%,
  "yes" or "no" when the game asks, hint 2%, a real person's clip (digits, words, wake words, orders) 20%,
  "sleep" then the wake phrase 1%, and silences of 1 to 30 minutes until ``--hours`` of kiosk time pass.

**play**: ``voicegame play klondike --seed 5 --input CLIP...`` as a player runs it (a child process),
the same kinds of clips in a fixed order (no position to choose from), its RSS and CPU read from /proc
after every 50 turns of its ``--trace``.

Both print RSS (MB) and CPU seconds per turn for each block of ``--every`` turns, the answers'
outcomes, and write every turn (what was said, what the game heard and answered) to ``--answers``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tests"))  # kiosk_fixtures: the fake clock and the scripted listener

import numpy as np  # noqa: E402

from soak import CountingSpeaker, rss_mb  # noqa: E402
from voices import HELD_OUT, available, by_label, pcm  # noqa: E402

READS = ["read the board", "score", "how many cards left", "repeat", "read the waste", "read pile three",
         "where is the ace of hearts"]
QUESTIONS = ["what can I do", "what can I say"]
DEFAULT_PEOPLE = Path("/work/humans/held")


class RecordingSpeaker(CountingSpeaker):
    """Counts like the soak's speaker and keeps the sentences of the current turn."""

    def __init__(self) -> None:
        super().__init__()
        self.turn: list[str] = []

    def say(self, text: str) -> None:
        super().say(text)
        self.turn.append(text)


def people_clips(folder: Path) -> list[tuple[str, np.ndarray]]:
    """(words, int16 16 kHz samples) of every clip of a bench/human_clips.py folder; [] when absent."""
    from voicegame.audio.wavio import read_wav

    manifest = folder / "manifest.json"
    if not manifest.is_file():
        return []
    out = []
    for clip in json.loads(manifest.read_text()):
        path = Path(clip["path"])
        path = path if path.is_absolute() else folder / path
        if path.is_file():
            out.append((clip["words"], read_wav(path)))
    return out


def default_voice() -> str:
    for voice in HELD_OUT:
        if available(voice):
            return voice.label
    raise SystemExit("no held-out voice is available: apt-get install espeak-ng flite")


def pad(samples: np.ndarray, seconds: float = 0.3) -> np.ndarray:
    """A spoken command with a little silence either side, as an endpointed utterance has."""
    gap = np.zeros(int(16000 * seconds), dtype=np.int16)
    return np.concatenate([gap, samples.astype(np.int16), gap])


def cpu_seconds() -> float:
    return time.process_time()


# --------------------------------------------------------------------------------- kiosk
def run_kiosk(args: argparse.Namespace) -> dict:
    from kiosk_fixtures import FakeClock, ScriptedListener, Silence
    from voicegame.audio.output.earcons import EarconPlayer
    from voicegame.audio.recognisers import RecogniserRequest, make_backend
    from voicegame.engine import MoveKind
    from voicegame.play.kiosk import Kiosk, KioskSettings
    from voicegame.play.session import Session
    from voicegame.storage.autosave import Persistence

    voice = by_label(args.voice)
    people = people_clips(args.people)
    rng = random.Random(args.seed)
    clock = FakeClock()
    session = Session("klondike", {"draw": 3}, args.seed, persistence=Persistence())
    recogniser, note = make_backend(args.recogniser, RecogniserRequest(second_opinion=not args.no_whisper))
    speaker = RecordingSpeaker()
    holder: dict = {}
    said: list[tuple[str, str]] = []  # (kind, what was said) per turn, in order
    spoken: dict[str, np.ndarray] = {}
    blocks: list[dict] = []
    started = {"cpu": cpu_seconds(), "wall": time.perf_counter()}
    mark = {"cpu": started["cpu"], "turns": 0}
    seconds_of_kiosk = args.hours * 3600.0

    def speak(kind: str, text: str) -> np.ndarray:
        said.append((kind, text))
        if text not in spoken:
            spoken[text] = pad(pcm(text, voice))
        return spoken[text]

    def checkpoint() -> None:
        now = cpu_seconds()
        turns = len(said)
        per_turn = (now - mark["cpu"]) / max(1, turns - mark["turns"])
        blocks.append({"turns": turns, "rss_mb": round(rss_mb(), 1), "cpu_per_turn": round(per_turn, 3),
                       "kiosk_hours": round(clock.now() / 3600, 2)})
        mark.update(cpu=now, turns=turns)
        print(f"{turns:>5} turns  RSS {blocks[-1]['rss_mb']:7.1f} MB  CPU {per_turn:.3f} s a turn  "
              f"kiosk time {blocks[-1]['kiosk_hours']:.2f} h", flush=True)

    def player():
        kiosk = holder["kiosk"]
        turns_left = args.turns
        while turns_left > 0:
            if len(said) and len(said) % args.every == 0 and (not blocks or blocks[-1]["turns"] != len(said)):
                checkpoint()
            s = kiosk.session
            # silences spread so that the run lasts --hours of kiosk time
            if clock.now() < seconds_of_kiosk and rng.random() < 0.06:
                yield Silence(rng.uniform(60, 1800))
                continue
            turns_left -= 1
            if not kiosk.awake:
                yield speak("wake", kiosk.settings.wake_phrase)
                continue
            if s.dialogue.pending is not None:
                yield speak("answer", "yes" if rng.random() < 0.7 else "no")
                continue
            r = rng.random()
            if r < 0.20 and people:
                words, samples = rng.choice(people)
                said.append(("person", words))
                yield samples
            elif r < 0.58:
                moves = [m for m in s.engine.legal_moves(s.state) if m.kind is MoveKind.MOVE]
                if moves:
                    yield speak("move", s.narrator.move_phrase(s.state, rng.choice(moves), by_pile=True))
                else:
                    yield speak("draw", "draw")
            elif r < 0.72:
                yield speak("draw", "draw")
            elif r < 0.77:
                yield speak("undo", "undo")
            elif r < 0.89:
                yield speak("read", rng.choice(READS))
            elif r < 0.93:
                yield speak("question", rng.choice(QUESTIONS))
            elif r < 0.95:
                s.hints.nodes, s.hints.seconds = 200, 0.05
                yield speak("hint", "hint")
            elif r < 0.96:
                yield speak("sleep", "sleep")
            else:
                yield speak("draw", "draw")

    listener = ScriptedListener(player(), clock, seconds_per_command=4.0)
    kiosk = Kiosk(session, listener, recogniser=recogniser, speaker=speaker,
                  earcons=EarconPlayer(enabled=False), settings=KioskSettings(backoff_cap=60), clock=clock)
    holder["kiosk"] = kiosk
    checkpoint()
    answers = open(args.answers, "w", encoding="utf-8") if args.answers else None
    outcomes: Counter[str] = Counter()
    turn_before = 0
    kiosk.start()
    while kiosk.step():
        if len(said) != turn_before:  # one utterance acted on: what the game said to it
            kind, text = said[-1]
            answer = " ".join(speaker.turn)
            outcomes[f"{kind}: {'silent' if not answer else 'answered'}"] += 1
            if answers is not None:
                answers.write(json.dumps({"turn": len(said), "kind": kind, "said": text, "answer": answer}) + "\n")
            speaker.turn.clear()
            turn_before = len(said)
    checkpoint()
    if answers is not None:
        answers.close()
    return {"note": note, "blocks": blocks, "counters": str(kiosk.counters), "outcomes": dict(sorted(outcomes.items())),
            "cpu": round(cpu_seconds() - started["cpu"], 1), "kiosk_hours": round(clock.now() / 3600, 2)}


# ---------------------------------------------------------------------------------- play
def child_memory(pid: int) -> tuple[float, float]:
    """(RSS MB, CPU seconds) of process ``pid`` from /proc."""
    rss = rss_mb(pid)
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return rss, (int(fields[11]) + int(fields[12])) / ticks


def run_play(args: argparse.Namespace) -> dict:
    from voicegame.audio.wavio import write_wav

    voice = by_label(args.voice)
    people = people_clips(args.people)
    rng = random.Random(args.seed)
    folder = Path(tempfile.mkdtemp(prefix="voicegame-soak-voice-"))
    texts = ["draw"] * 5 + ["undo", "pile one to pile two", "read the board", "what can I do", "hint",
                            "seven of hearts on eight of spades", "score", "yes", "no", "repeat"]
    files: list[Path] = []
    kinds: list[str] = []
    for n in range(args.turns):
        if people and rng.random() < 0.2:
            words, samples = rng.choice(people)
            path, kind = folder / f"{n:05d}.wav", f"person: {words}"
            write_wav(path, samples, 16000)
        else:
            text = rng.choice(texts)
            path, kind = folder / f"say-{text.replace(' ', '_')}.wav", text
            if not path.exists():
                write_wav(path, pad(pcm(text, voice)), 16000)
        files.append(path)
        kinds.append(kind)
    trace = folder / "trace.jsonl"
    env = {**os.environ, "VOICEGAME_DATA_DIR": str(folder / "data"), "VOICEGAME_CONFIG": str(folder / "config.toml")}
    command = [sys.executable, "-m", "voicegame", "play", "klondike", "--seed", "5", "--recogniser", args.recogniser,
               "--trace", str(trace), "--input", *map(str, files)]
    child = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    blocks: list[dict] = []
    peak = 0.0
    next_mark, cpu_before, turns_before = 0, 0.0, 0
    while child.poll() is None:
        try:
            rss, cpu = child_memory(child.pid)
        except (OSError, IndexError, ValueError):
            break
        peak = max(peak, rss)
        turns = sum(1 for _ in trace.open()) if trace.exists() else 0
        if turns >= next_mark:
            per_turn = (cpu - cpu_before) / max(1, turns - turns_before)
            blocks.append({"turns": turns, "rss_mb": round(rss, 1), "cpu_per_turn": round(per_turn, 3)})
            print(f"{turns:>5} turns  RSS {rss:7.1f} MB  CPU {per_turn:.3f} s a turn", flush=True)
            next_mark, cpu_before, turns_before = turns - turns % args.every + args.every, cpu, turns
        time.sleep(0.2)
    stderr = child.stderr.read() if child.stderr else ""
    lines = trace.read_text().splitlines() if trace.exists() else []
    outcomes: Counter[str] = Counter()
    if args.answers:
        with open(args.answers, "w", encoding="utf-8") as out:
            for kind, line in zip(kinds, lines):
                turn = json.loads(line)
                out.write(json.dumps({"said": kind, "turn": turn}) + "\n")
    for line in lines:
        turn = json.loads(line)
        outcomes["answered" if turn.get("sentences") else "silent"] += 1
    return {"exit": child.returncode, "turns_traced": len(lines), "peak_rss_mb": round(peak, 1), "blocks": blocks,
            "outcomes": dict(outcomes), "tracebacks": stderr.count("Traceback"), "stderr_tail": stderr[-400:]}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("mode", choices=("kiosk", "play"))
    ap.add_argument("--turns", type=int, default=1000)
    ap.add_argument("--hours", type=float, default=8.0, help="kiosk time to simulate (kiosk mode)")
    ap.add_argument("--recogniser", default="pocketsphinx")
    ap.add_argument("--voice", default="", help="a voice of bench/voices.py (default: the first held-out one available)")
    ap.add_argument("--people", type=Path, default=DEFAULT_PEOPLE, help="real people's clips (bench/human_clips.py)")
    ap.add_argument("--no-whisper", action="store_true", help="PocketSphinx without Whisper's second opinion")
    ap.add_argument("--every", type=int, default=50)
    ap.add_argument("--answers", default="")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    args.voice = args.voice or default_voice()
    data = tempfile.mkdtemp(prefix="voicegame-soak-voice-data-")
    os.environ["VOICEGAME_DATA_DIR"] = data
    os.environ["VOICEGAME_CONFIG"] = str(Path(data) / "config.toml")
    print(f"mode {args.mode}, recogniser {args.recogniser}, voice {args.voice}, people {args.people} "
          f"({len(people_clips(args.people))} clips), turns {args.turns}", flush=True)
    result = run_kiosk(args) if args.mode == "kiosk" else run_play(args)
    blocks = result["blocks"]
    if len(blocks) >= 2:
        rss = [b["rss_mb"] for b in blocks]
        result["rss_growth_mb"] = round(rss[-1] - rss[1], 1)  # from the first block on: start-up is not growth
        result["peak_block_rss_mb"] = max(rss)
        result["median_cpu_per_turn"] = sorted(b["cpu_per_turn"] for b in blocks[1:])[len(blocks[1:]) // 2]
    print(json.dumps({k: v for k, v in result.items() if k != "blocks"}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
