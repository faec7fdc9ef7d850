"""Bench: does a speech-enhancement front end help the game hear in a noisy room? (issue 36, item 4)

    python bench/denoise.py [--system game|moonshine-whisper] [--voices held-out|tuning] [--commands 120] [--junk 40]
        [--front none,webrtc,rnnoise,...] [--conditions clean,white20,white10,babble10,babble20] [--jobs 2] [--out FILE.json]

A fixed set of clips: ``--commands`` commands drawn (seeded) from bench/heard.py's ``corpus()`` and
``--junk`` of its ordinary non-command sentences, each spoken by one of bench/voices.py's HELD_OUT (or,
``--voices tuning``, TUNING) voices in turn, padded (bench/asr.py ``pad``) and mixed (``mix``) in clean, white 10 dB, babble 10 dB and
babble 20 dB. Every clip has 0.5 s of noise-only audio before it (a microphone stream has the room
before anyone speaks: the suppressor learns the noise there) and 0.2 s after it (the suppressor's
latency is flushed with more of the room). The same noisy audio then goes to the game:

- ``none``: the clip as bench/heard.py plays it (the lead and tail cut off);
- each front end (bench/denoisers.py): the whole stream through it, then the same span of its output,
  shifted by the front end's own latency (measured on clean speech).

Recognised and judged exactly as bench/heard.py's ``run_job``/``judge`` do, by ``--system``: ``game``
(the listening PocketSphinx with the Whisper second opinion) or ``moonshine-whisper`` (Moonshine held to
the grammar with Whisper's second opinion, the default ear), then ``Session.hear``. Every front end hears
the same noisy stream of a clip in the same worker, so the fronts' rows pair clip by clip. CPU time is
``time.process_time`` (this machine is shared).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

import heard  # noqa: E402  (sets sys.path as bench/heard.py does)
import denoisers  # noqa: E402
from asr import mix, pad  # noqa: E402
from voices import HELD_OUT, TUNING, available, pcm  # noqa: E402

SR = 16000
LEAD, TAIL = int(0.5 * SR), int(0.2 * SR)
CONDITIONS = [("white", 10), ("babble", 10), ("white", 20), ("babble", 20), ("clean", None)]  # the noisy ones first
CONDITION_NAMES = ("clean", "white 20 dB", "white 10 dB", "babble 10 dB", "babble 20 dB")
_LAGS: dict[str, int] = {}


def lag(front: str) -> int:
    """The front end's latency in samples: the cross-correlation peak on a clean sentence."""
    if front not in _LAGS:
        x = pad(pcm("move the seven of hearts to pile three", HELD_OUT[0]))
        x = np.concatenate([np.zeros(LEAD, np.int16), x, np.zeros(TAIL, np.int16)])
        y = denoisers.MAKERS[front]().process(x).astype(np.float64)
        size = 1 << (len(x) + len(y)).bit_length()  # the full cross-correlation, through the FFT
        c = np.fft.irfft(np.fft.rfft(y, size) * np.conj(np.fft.rfft(x.astype(np.float64), size)), size)
        _LAGS[front] = int(np.argmax(c[:len(y)]))  # lags 0 .. len(y) - 1 (a front end never leads)
    return _LAGS[front]


def clips(n_commands: int, n_junk: int, seed: int = 36, voice_set: tuple = HELD_OUT):
    rng = random.Random(seed)
    samples = rng.sample(heard.corpus(), n_commands)
    junk = rng.sample(list(heard.NOT_COMMANDS + heard.NOT_COMMANDS_MORE + heard.NOT_COMMANDS_EXTRA), n_junk)
    voices = [v for v in voice_set if available(v)]
    items = [(s, s.text) for s in samples] + [(None, t) for t in junk]
    return [(s, t, voices[i % len(voices)]) for i, (s, t) in enumerate(items)]


def noisy(text: str, voice, kind: str, snr, seed: int) -> tuple[np.ndarray, int]:
    """The stream (lead + padded clip + tail, mixed) and the clip's length."""
    clip = pad(pcm(text, voice))
    stream = np.concatenate([np.zeros(LEAD, np.int16), clip, np.zeros(TAIL, np.int16)])
    return mix(stream, kind, snr, seed=seed), len(clip)


_EARS: dict[str, object] = {}


def _ear(system: str):  # noqa: ANN202
    """One recogniser per worker and system (the models load once, not once per job)."""
    if system not in _EARS:
        _EARS[system] = heard._recogniser(system)
    return _EARS[system]


def run_job(job: tuple) -> list[dict]:
    """Every clip of ``items`` in one condition, heard through every front end in turn."""
    system, fronts, (kind, snr), items = job
    recogniser = _ear(system)
    sessions: dict = {}
    rows, current = [], None
    cpu_front: dict[str, float] = dict.fromkeys(fronts, 0.0)
    audio_s = 0.0
    for i, (sample, text, voice) in enumerate(items):
        stream, n = noisy(text, voice, kind, snr, seed=i)
        audio_s += len(stream) / SR
        for front in fronts:
            game = sample.game if sample is not None else "klondike"
            if game not in sessions or sessions[game][0].entry.key != game or sessions[game][0].seed != dict(heard.GAMES)[game]:
                sessions[game] = heard.positions(game, dict(heard.GAMES)[game], 4)
            session, states = sessions[game]
            session.hint_seconds, session.hint_nodes = None, 2000
            session.winnable_seconds, session.winnable_nodes = None, 5000
            state = states[sample.position if sample is not None else 0]
            heard._reset(session, state)
            grammar = session.recogniser_grammar()
            if grammar is not current:
                recogniser.set_grammar(grammar)
                current = grammar
            if front == "none":
                audio = stream[LEAD:LEAD + n]
            else:
                shift = lag(front)
                d = denoisers.MAKERS[front]()
                t0 = time.process_time()
                out = d.process(stream)
                cpu_front[front] += time.process_time() - t0
                audio = out[LEAD + shift:LEAD + shift + n]
            t0 = time.process_time()
            h = recogniser.recognise(audio)
            spent = time.process_time() - t0
            outcome = heard.judge(session, state, text if sample is not None else None, h, system)
            if session.entry.key != game or session.seed != dict(heard.GAMES)[game]:
                del sessions[game]
            rows.append({"system": system, "front": front, "condition": "clean" if snr is None else f"{kind} {snr} dB",
                         "command": sample is not None, "text": text, "voice": voice.label, "heard": h.text,
                         "doubt": h.doubt, "half": sample.half if sample else "", "intent": sample.intent if sample else "",
                         "outcome": outcome, "cpu_recognise": spent + heard.HEAR_CPU, "clip": i})
    for front in fronts:  # the front end's CPU on its first row of this job
        first = next(r for r in rows if r["front"] == front)
        first["cpu_front"], first["front_audio_s"] = cpu_front[front], audio_s if front != "none" else 0.0
    return rows


def pct(a: int, b: int) -> str:
    return f"{100 * a / b:.1f}%" if b else "-"


def summarise(rows: list[dict]) -> str:
    fronts = list(dict.fromkeys(r["front"] for r in rows))
    conds = [c for c in CONDITION_NAMES if any(r["condition"] == c for r in rows)]
    out = ["| condition | front end | commands | right | of which confirmed | wrong action | misheard | rejected | confirmations asked | non-commands | false accepts (+ asked) |",
           "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for c in conds:
        for f in fronts:
            cmd = [r for r in rows if r["front"] == f and r["condition"] == c and r["command"]]
            junk = [r for r in rows if r["front"] == f and r["condition"] == c and not r["command"]]
            k, j = Counter(r["outcome"] for r in cmd), Counter(r["outcome"] for r in junk)
            n = len(cmd)
            out.append(f"| {c} | {f} | {n} | {pct(k['right'] + k['right-confirmed'], n)} | {pct(k['right-confirmed'], n)} | "
                       f"{pct(k['wrong action'], n)} | {pct(k['misheard'], n)} | {pct(k['rejected'] + k['rejected-confirmed'], n)} | "
                       f"{pct(k['right-confirmed'] + k['rejected-confirmed'], n)} | {len(junk)} | "
                       f"{j['accepted']} (+{j['asked']}) |")
    out += ["", "| front end | CPU s per s of audio (front end) | recogniser CPU s per clip |", "| --- | ---: | ---: |"]
    for f in fronts:
        mine = [r for r in rows if r["front"] == f]
        fa = sum(r.get("front_audio_s", 0.0) for r in mine)
        fc = sum(r.get("cpu_front", 0.0) for r in mine)
        rc = sum(r["cpu_recognise"] for r in mine) / max(1, len(mine))
        out.append(f"| {f} | {fc / fa:.4f} | {rc:.2f} |" if fa else f"| {f} | 0 | {rc:.2f} |")
    return "\n".join(out)


def paired(rows: list[dict]) -> str:
    """Each front end against none on the same clips: commands right with it only / without it only, and
    the wrong actions and game-changing false accepts it lets through."""
    key = lambda r: (r["condition"], r["voice"], r["text"])  # noqa: E731
    base = {key(r): r for r in rows if r["front"] == "none"}
    fronts = [f for f in dict.fromkeys(r["front"] for r in rows) if f != "none"]
    good = ("right", "right-confirmed")
    out = ["| condition | front end | pairs | right with it only | right without it only | change in right |",
           "| --- | --- | ---: | ---: | ---: | ---: |"]
    for c in CONDITION_NAMES:
        for f in fronts:
            pairs = [(r, base[key(r)]) for r in rows if r["front"] == f and r["condition"] == c and r["command"] and key(r) in base]
            if not pairs:
                continue
            gain = sum(1 for r, b in pairs if r["outcome"] in good and b["outcome"] not in good)
            loss = sum(1 for r, b in pairs if b["outcome"] in good and r["outcome"] not in good)
            out.append(f"| {c} | {f} | {len(pairs)} | {gain} | {loss} | {100 * (gain - loss) / len(pairs):+.1f} points |")
    bad = [r for r in rows if (r["command"] and r["outcome"] == "wrong action") or (not r["command"] and r["outcome"] == "accepted")]
    if bad:
        out += ["", "Wrong actions and false accepts:"]
        out += [f"- {r['front']}, {r['condition']}, {r['voice']}: {r['text']!r} heard as {r['heard']!r} ({r['outcome']})" for r in bad]
    return "\n".join(out)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--system", default="game", choices=["game", "moonshine-whisper", "moonshine"])
    ap.add_argument("--voices", default="held-out", choices=["held-out", "tuning"])
    ap.add_argument("--commands", type=int, default=120)
    ap.add_argument("--junk", type=int, default=40)
    ap.add_argument("--front", default="none,webrtc,rnnoise")
    ap.add_argument("--conditions", default="clean,white10,babble10,babble20")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--chunks", type=int, default=2, help="jobs per condition")
    ap.add_argument("--out")
    ap.add_argument("--summary")
    args = ap.parse_args(argv)
    if args.summary:
        rows = json.loads(Path(args.summary).read_text())
        print(summarise(rows))
        print()
        print(paired(rows))
        return 0
    items = clips(args.commands, args.junk, voice_set=TUNING if args.voices == "tuning" else HELD_OUT)
    print(f"{args.system}, {args.voices} voices ({', '.join(dict.fromkeys(v.label for _, _, v in items))}), "
          f"{args.commands} commands + {args.junk} non-commands per condition", flush=True)
    for _, text, voice in items:  # synthesise once, before the workers start
        pcm(text, voice)
    fronts = args.front.split(",")
    for f in fronts:
        if f != "none":
            print(f, "latency", lag(f), "samples", flush=True)
    wanted = set(args.conditions.split(","))
    conds = [c for c in CONDITIONS if (c[0] if c[1] is None else f"{c[0]}{c[1]}") in wanted]
    work = [(args.system, fronts, c, items[k::args.chunks]) for c in conds for k in range(args.chunks)]
    rows: list[dict] = []
    t0 = time.time()
    with multiprocessing.Pool(args.jobs) as pool:
        for part in pool.imap_unordered(run_job, work):
            rows += part
            if args.out:
                Path(args.out).write_text(json.dumps(rows))
            print(f"  done {part[0]['condition']}: {len(part)} clips, {time.time() - t0:.0f} s", flush=True)
    print(summarise(rows))
    print()
    print(paired(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
