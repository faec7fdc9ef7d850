"""Bench: barge-in on a loudspeaker with echo cancellation (not a test; run by hand).

    python bench/bargein.py [--write] [--quick] [--cancellers raw,muted,webrtc,speex,speex-speexdsp,nlms]

Corpus (espeak-ng, cached like the tests' speech):

- far end: the game's own answers, sentences the narrator says in Klondike seed 5 ("read the
  board", "help", "hint", ...), spoken by espeak-ng ``en`` at 200 wpm (the game's default rate);
- echo path: a synthetic room impulse response per room (2 rooms): direct path after a delay of
  10-50 ms, Gaussian tail decaying with RT60 0.3-0.5 s, energy gain -6 dB (the echo's level at the
  microphone), plus a noise floor (Gaussian, sigma 20 LSB, about -64 dBFS);
- commands: "repeat", "draw", "undo", "cancel", "eight of hearts on nine of spades" (all in the
  game's grammar for that position) in two espeak-ng voices (en-us 150 wpm, en-gb+f3 170 wpm),
  scaled to a speech-to-echo ratio of 0 dB or -6 dB (active-speech RMS against the echo's RMS while
  the game speaks) and started at two random offsets while the game speaks;
- echo-only trials: the same answers with no command.

Before the trials of a room the canceller hears 6 s of the game's voice (the microphone drops what
it captures while the game plays until then: ``Microphone.echo_learning_s``).

Each trial goes through what the game does: the canceller is fed the far end as reference, the
microphone signal (echo + command + noise) is processed in 30 ms blocks, the cleaned signal goes to
the real ``Endpointer`` (defaults), which streams the utterance to ``listening_pocketsphinx()`` with
``Session.recogniser_grammar()``. When the endpointer says speech started while the game is
speaking, the game stops speaking (the far end and its echo are cut there; the room's reverberation
tail still rings), as ``on_speech_start=speaker.stop`` does. The canceller persists across trials
within a room (as in a game).

Conditions: ``raw`` (open microphone, no canceller), ``muted`` (today's fallback: microphone
discarded while the game speaks), and each canceller of ``voicegame.audio.capture.echo``.

Reported per condition: commands heard exactly %, commands whose onset cut the game (interrupted),
false interruptions by the game's own voice (echo-only trials where speech was detected %, and
where the recogniser also returned a command %), delay from the command's onset to the detected
speech start (median, p95 ms; audio time), and the canceller's cost (real-time factor, one core).
"""

from __future__ import annotations

import argparse
import logging
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "audio"))

from speech_fixtures import speech_pcm  # noqa: E402
from voicegame.audio.capture import echo  # noqa: E402
from voicegame.audio.capture.microphone import Endpointer  # noqa: E402
from voicegame.audio.recognisers import listening_pocketsphinx  # noqa: E402
from voicegame.play.session import Session  # noqa: E402

SR = 16000
PRE_ROLL_MS = int(__import__("os").environ.get("BARGEIN_PRE_ROLL_MS", "300"))
DEBUG = bool(__import__("os").environ.get("BARGEIN_DEBUG"))
BLOCK = SR * 30 // 1000
RESULTS = ROOT / "bench" / "RESULTS.md"
SECTION = "## Barge-in (bench/bargein.py)"
COMMANDS = ["repeat", "draw", "undo", "cancel", "eight of hearts on nine of spades"]
VOICES = [("en-us", 150), ("en-gb+f3", 170)]
FAR_VOICE = ("en", 200)
SERS = [0.0, -6.0]
CHOSEN = "webrtc+speex-speexdsp"  # what make_echo_canceller("auto") builds when speexdsp is installed
CONDITIONS = ["raw", "muted", "webrtc", "speex", "speex-linear", "speex-speexdsp", "nlms", "webrtc+speex-speexdsp",
              "webrtc+speex", "webrtc+speex-linear", "webrtc+nlms", "webrtc+speex-speexdsp@40", "webrtc+speex-speexdsp@80",
              "webrtc+speex@80"]
NOISE_SIGMA = 20.0
ECHO_GAIN_DB = -6.0


def game_answers() -> list[str]:
    """The game's own answers (the narrator's words), one string per answer."""
    s = Session("klondike", seed=5)
    out = []
    for command in ("read the board", "help", "hint", "how many cards left", "where is the ace of spades", "draw",
                    "read pile three", "score"):
        sentences = s.handle(command).sentences
        out.append(" ".join(sentences))
    # long answers split into chunks of at most ~4 sentences (a few seconds each)
    answers = []
    for a in out:
        words = a.split()
        while words:
            answers.append(" ".join(words[:30]))
            words = words[30:]
    return [a for a in answers if len(a.split()) >= 6]


def room(rng: np.random.Generator) -> tuple[np.ndarray, dict]:
    delay_ms = float(rng.uniform(10, 50))
    rt60 = float(rng.uniform(0.3, 0.5))
    n = int(SR * rt60 * 1.2)
    t = np.arange(n) / SR
    h = rng.normal(0.0, 1.0, n) * np.exp(-6.9 * t / rt60)  # -60 dB at rt60
    d = int(delay_ms * SR / 1000)
    h[:d] = 0.0
    h[d] = 4.0 * np.abs(h[d:]).max()  # direct path stronger than any single reflection
    h *= 10 ** (ECHO_GAIN_DB / 20) / np.sqrt((h * h).sum())
    return h, {"delay_ms": round(delay_ms), "rt60_s": round(rt60, 2)}


def active_rms(x: np.ndarray) -> float:
    x = x.astype(np.float64)
    frames = x[: len(x) // BLOCK * BLOCK].reshape(-1, BLOCK)
    e = (frames ** 2).mean(axis=1)
    loud = e[e > e.max() * 1e-3]
    return float(np.sqrt(loud.mean())) if len(loud) else 0.0


def trim(x: np.ndarray) -> np.ndarray:
    idx = np.flatnonzero(np.abs(x) > 64)
    return x[idx[0]: idx[-1] + 1] if len(idx) else x


def same(heard: str, command: str) -> bool:
    """The command, give or take the grammar's optional words ("the eight of hearts on ...")."""
    drop = {"the", "move", "put"}
    return [w for w in heard.split() if w not in drop] == [w for w in command.split() if w not in drop]


@dataclass
class Trial:
    far: np.ndarray  # far end (int16), starting after `lead` samples of quiet
    command: str | None
    cmd: np.ndarray | None  # the command as heard at the microphone (float, scaled)
    onset: int  # sample of the command's onset in the trial (from the trial's start)
    lead: int = SR // 2
    ser: float | None = None
    voice: str = ""


@dataclass
class Outcome:
    heard: bool = False
    interrupted_by_echo: bool = False  # speech detected before the command's onset (or in echo-only)
    false_command: bool = False
    delay_s: float | None = None
    early_s: float | None = None  # when the game's voice was taken for speech, from the start of the answer
    texts: list[str] = field(default_factory=list)


def run_trial(trial: Trial, h: np.ndarray, canceller, recogniser, noise_rng: np.random.Generator,
              mode: str, cost: list[float]) -> Outcome:
    lead, far = trial.lead, trial.far.astype(np.float64)
    total = lead + len(far) + int(1.5 * SR)
    if trial.cmd is not None:
        total = max(total, trial.onset + len(trial.cmd) + int(1.5 * SR))
    played = np.zeros(total)
    played[lead: lead + len(far)] = far
    echo_sig = np.convolve(played, h)[:total]
    near = np.zeros(total)
    if trial.cmd is not None:
        near[trial.onset: trial.onset + len(trial.cmd)] = trial.cmd
    noise = noise_rng.normal(0.0, NOISE_SIGMA, total)
    playing_until = lead + len(far)
    side = getattr(canceller, "detection", None)
    if side is not None:
        side.clear()
        side.reset()
    ep = Endpointer(stream=recogniser, pre_roll_ms=PRE_ROLL_MS, vad=side if side is not None else "energy")
    skipped = 0  # samples dropped while muted (the endpointer counts only what it is fed)
    out = Outcome()
    stopped = False
    for i in range(0, total - BLOCK + 1, BLOCK):
        mic = np.clip(np.round(echo_sig[i:i + BLOCK] + near[i:i + BLOCK] + noise[i:i + BLOCK]), -32768, 32767).astype(np.int16)
        ref = np.clip(np.round(played[i:i + BLOCK]), -32768, 32767).astype(np.int16)
        if mode == "muted":
            block = mic if i >= playing_until else None
        elif canceller is None:
            block = mic
        else:
            t = time.perf_counter()
            canceller.feed_reference(ref)
            block = canceller.process(mic)
            cost[0] += time.perf_counter() - t
        cost[1] += BLOCK / SR
        if block is None:
            skipped += BLOCK
            continue
        was = ep.started
        for u in ep.feed(block):
            heard = recogniser.finish()
            text = "" if heard.unknown else heard.text
            out.texts.append(text)
            if trial.command is not None and same(text, trial.command) and u.end + skipped > trial.onset:
                out.heard = True
            if trial.command is None and text:
                out.false_command = True
        if ep.started and not was:
            pos = ep.pos + skipped
            if pos < playing_until and (trial.command is None or pos < trial.onset):
                out.interrupted_by_echo = True
                out.early_s = (pos - trial.lead) / SR
            elif out.delay_s is None and pos < playing_until:  # the command cut the game short
                out.delay_s = (pos - trial.onset) / SR
            if not stopped and pos < playing_until:  # the game stops speaking: cut the far end here
                stopped = True
                played[pos:] = 0.0
                tail = np.convolve(played[:pos], h)
                echo_sig[pos:] = 0.0
                end = min(total, len(tail))
                echo_sig[pos:end] = tail[pos:end]
                playing_until = pos
    u = ep.flush()
    if u is not None:
        heard = recogniser.finish()
        text = "" if heard.unknown else heard.text
        out.texts.append(text)
        out.heard = out.heard or (trial.command is not None and same(text, trial.command))
        out.false_command = out.false_command or (trial.command is None and bool(text))
    return out


def corpus(quick: bool, seed: int = 11) -> tuple[list[tuple[np.ndarray, dict, list[Trial]]], np.ndarray]:
    rng = np.random.default_rng(seed)
    answers = [trim(speech_pcm(a, *FAR_VOICE)) for a in game_answers()]
    # what the canceller hears before the microphone trusts it (Microphone.echo_learning_s): 6 s
    warm = np.concatenate([trim(speech_pcm("Klondike, deal 5. Stock 24, waste empty. Say hint for a move, or help.",
                                           *FAR_VOICE)),
                           trim(speech_pcm("Pile one: eight of spades. Pile two: 1 face down, nine of spades.",
                                           *FAR_VOICE))])[: 6 * SR]
    commands = [(c, v, trim(speech_pcm(c, *v))) for c in COMMANDS for v in VOICES]
    offsets = 1 if quick else 2
    rooms = []
    k = 0
    for _ in range(1 if quick else 2):
        h, info = room(rng)
        trials = []
        for text, voice, pcm in commands:
            for ser in SERS:
                for _o in range(offsets):
                    far = answers[k % len(answers)]
                    k += 1
                    played = np.convolve(far.astype(np.float64), h)[: len(far)]
                    scale = active_rms(played) * 10 ** (ser / 20) / active_rms(pcm)
                    lo, hi = int(0.6 * SR), max(int(0.6 * SR) + 1, len(far) - len(pcm) // 2)
                    onset = SR // 2 + int(rng.integers(lo, hi))
                    trials.append(Trial(far, text, pcm.astype(np.float64) * scale, onset, ser=ser, voice=voice[0]))
        for j in range(len(answers) if not quick else 4):
            trials.append(Trial(answers[(k + j) % len(answers)], None, None, 0))
        rng.shuffle(trials)
        rooms.append((h, info, trials))
    return rooms, warm


def run_parallel(names: list[str], quick: bool, jobs: int) -> tuple[str, list[dict]]:
    """Conditions in ``jobs`` processes (each its own recogniser); rows in the order asked."""
    if jobs <= 1 or len(names) <= 1:
        return run(names, quick)
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(jobs) as pool:
        results = list(pool.map(run, [[n] for n in names], [quick] * len(names)))
    return results[0][0], [row for _, rows in results for row in rows]


def condition(name: str) -> tuple[str, int]:
    """("webrtc+speex-speexdsp@80" ->) the canceller's name and the device latency in ms."""
    base, _, delay = name.partition("@")
    return base, int(delay or 0)


def run(names: list[str], quick: bool) -> tuple[str, list[dict]]:
    rooms, warm = corpus(quick)
    session = Session("klondike", seed=5)
    recogniser = listening_pocketsphinx()
    recogniser.set_grammar(session.recogniser_grammar())
    rows = []
    for label in names:
        name, device_ms = condition(label)
        outcomes: list[tuple[Trial, Outcome]] = []
        cost = [0.0, 0.0]
        noise_rng = np.random.default_rng(3)
        available = True
        for h, _info, trials in rooms:
            # the sound card's output and input buffers delay the echo behind the reference
            h = np.concatenate([np.zeros(SR * device_ms // 1000), h])
            canceller = None
            if name not in ("raw", "muted"):
                try:
                    canceller = {"webrtc": lambda: echo.WebRtcEchoCanceller(),
                                 "webrtc-hint80": lambda: echo.WebRtcEchoCanceller(delay_ms=80),
                                 "speex": lambda: echo.SpeexEchoCanceller(backend="pyaec"),
                                 "speex-speexdsp": lambda: echo.SpeexEchoCanceller(backend="speexdsp"),
                                 "nlms": lambda: echo.NlmsEchoCanceller(),
                                 "webrtc+speex-speexdsp": lambda: echo.SplitEchoCanceller(
                                     echo.WebRtcEchoCanceller(), echo.SpeexEchoCanceller(backend="speexdsp")),
                                 "webrtc+speex": lambda: echo.SplitEchoCanceller(
                                     echo.WebRtcEchoCanceller(), echo.SpeexEchoCanceller(backend="pyaec")),
                                 "webrtc+speex-linear": lambda: echo.SplitEchoCanceller(
                                     echo.WebRtcEchoCanceller(), echo.SpeexEchoCanceller(backend="pyaec", preprocess=False)),
                                 "speex-linear": lambda: echo.SpeexEchoCanceller(backend="pyaec", preprocess=False),
                                 "webrtc+nlms": lambda: echo.SplitEchoCanceller(
                                     echo.WebRtcEchoCanceller(), echo.NlmsEchoCanceller(suppress=0.0)),
                                 }[name]()
                except echo.EchoUnavailable as e:
                    print(f"{name}: {e}", file=sys.stderr)
                    available = False
                    break
                # warm-up: the greeting, echo only
                w = warm.astype(np.float64)
                e = np.convolve(w, h)[: len(w)] + noise_rng.normal(0, NOISE_SIGMA, len(w))
                for i in range(0, len(w) - BLOCK + 1, BLOCK):
                    canceller.feed_reference(warm[i:i + BLOCK])
                    canceller.process(np.clip(np.round(e[i:i + BLOCK]), -32768, 32767).astype(np.int16))
            for trial in trials:
                outcomes.append((trial, run_trial(trial, h, canceller, recogniser, noise_rng, name, cost)))
                if DEBUG:
                    t, o = outcomes[-1]
                    print(f"  {name} {t.command!r} ser={t.ser} {t.voice}: heard={o.heard} early={o.interrupted_by_echo} "
                          f"delay={o.delay_s} early_at={o.early_s} onset={(t.onset - t.lead) / SR:.2f} texts={o.texts}", file=sys.stderr)
        if not available:
            continue
        row = {"condition": label, "rtf": cost[0] / cost[1] if cost[1] else 0.0}
        for ser in SERS:
            cmd = [(t, o) for t, o in outcomes if t.command is not None and t.ser == ser]
            row[f"heard{ser:g}"] = sum(o.heard for _, o in cmd) / len(cmd)
            row[f"cut{ser:g}"] = sum(o.delay_s is not None and not o.interrupted_by_echo for _, o in cmd) / len(cmd)
            row[f"n{ser:g}"] = len(cmd)
        cmd = [(t, o) for t, o in outcomes if t.command is not None]
        delays = [o.delay_s for _, o in cmd if o.delay_s is not None and not o.interrupted_by_echo]
        row["delay_med"] = float(np.median(delays)) if delays else float("nan")
        row["delay_p95"] = float(np.percentile(delays, 95)) if delays else float("nan")
        echo_only = [o for t, o in outcomes if t.command is None]
        row["false_int"] = sum(o.interrupted_by_echo for o in echo_only) / len(echo_only)
        row["false_cmd"] = sum(o.false_command for o in echo_only) / len(echo_only)
        row["early"] = sum(o.interrupted_by_echo for _, o in cmd) / len(cmd)
        row["n_echo"] = len(echo_only)
        rows.append(row)
        print(fmt_row(row), flush=True)
    info = "; ".join(f"room {i + 1}: delay {r[1]['delay_ms']} ms, RT60 {r[1]['rt60_s']} s" for i, r in enumerate(rooms))
    return info, rows


HEADER = ("| condition | heard, SER 0 dB | heard, SER -6 dB | game cut by the command (0 / -6 dB) | "
          "cut early by its own voice, command trials | false interruptions, echo only | false commands, echo only | "
          "onset to speech start, median / p95 ms | canceller cost (RTF) |\n"
          "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")


def fmt_row(r: dict) -> str:
    pct = lambda v: f"{v * 100:.0f}%"  # noqa: E731
    delay = "-" if np.isnan(r["delay_med"]) else f"{r['delay_med'] * 1000:.0f} / {r['delay_p95'] * 1000:.0f}"
    rtf = "-" if r["condition"] in ("raw", "muted") else f"{r['rtf']:.3f}"
    name, device_ms = condition(r["condition"])
    name = f"**{name}** (the game's choice)" if name == CHOSEN else name
    if device_ms:
        name += f", echo {device_ms} ms later (device latency)"
    return (f"| {name} | {pct(r['heard0'])} | {pct(r['heard-6'])} | {pct(r['cut0'])} / {pct(r['cut-6'])} | "
            f"{pct(r['early'])} | {pct(r['false_int'])} | {pct(r['false_cmd'])} | {delay} | {rtf} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="write the section into bench/RESULTS.md")
    parser.add_argument("--quick", action="store_true", help="one room, one offset: a smoke run")
    parser.add_argument("--cancellers", default=",".join(CONDITIONS))
    parser.add_argument("--jobs", type=int, default=2, help="conditions run at once (processes)")
    args = parser.parse_args()
    logging.getLogger("voicegame.audio").setLevel(logging.ERROR)
    names = [n.strip() for n in args.cancellers.split(",") if n.strip()]
    started = time.perf_counter()
    info, rows = run_parallel(names, args.quick, args.jobs)
    n = rows[0] if rows else {}
    text = "\n".join([
        SECTION, "",
        f"{time.strftime('%Y-%m-%d')}, x86_64, each condition on one core (two at a time). {n.get('n0', 0)} command trials per SER and "
        f"{n.get('n_echo', 0)} echo-only trials per condition ({info}; echo gain {ECHO_GAIN_DB:g} dB, noise floor "
        f"sigma {NOISE_SIGMA:g} LSB). Far end: the narrator's answers, espeak-ng en 200 wpm; commands: "
        f"{', '.join(COMMANDS)}, in en-us and en-gb+f3. Endpointer defaults, PocketSphinx as the game listens, "
        "Session.recogniser_grammar() of Klondike seed 5. See the script's docstring for the method.", "",
        HEADER, *[fmt_row(r) for r in rows], "",
    ])
    print()
    print(text)
    print(f"({time.perf_counter() - started:.0f} s)")
    if args.write:
        old = RESULTS.read_text()
        start = old.find(SECTION)
        if start >= 0:
            nxt = old.find("\n## ", start + len(SECTION))
            new = old[:start] + text + ("\n" + old[nxt + 1:] if nxt >= 0 else "")
        else:
            new = old.rstrip("\n") + "\n\n" + text
        RESULTS.write_text(new if new.endswith("\n") else new + "\n")
        print(f"written to {RESULTS}")


if __name__ == "__main__":
    main()
