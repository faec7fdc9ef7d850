"""Bench: speech commands -> game commands, per recogniser, voice, speed and noise (run by hand).

    python bench/asr.py [--quick] [--seed 7] [--recogniser pocketsphinx]

Commands that make sense in a real Klondike deal (samples: legal moves in several
phrasings, reading, drawing, answers) are spoken by espeak-ng, padded with 0.3 s of silence, mixed
with white or babble noise (several espeak voices summed) at a given SNR, recognised with the
per-turn grammar (Session.recogniser_grammar) and understood as Session.hear would (parse, then
matching against the legal moves). Per condition:
- ok: the game does what it does with the words really said (the same understanding), or what was
  said (the same command, or the same move), in %;
- ask: the game asked "did you mean..." instead (not counted as ok);
- FA: false accepts, in %: of the 40 sentences that are not commands (samples.NOT_COMMANDS and
  NOT_COMMANDS_MORE), the share acted on;
- RTF: decoding time / audio time;
- lat: median (and 95th percentile) from the end of the audio to the command (decode + understand),
  in ms. The audio is streamed as the microphone delivers it (30 ms blocks) to a recogniser that
  decodes while it arrives (``StreamingRecogniser``: PocketSphinx and Vosk), so what is timed is
  the last block, the end of the utterance, the checks and understanding; a recogniser that cannot
  stream decodes the whole utterance in that time. ``--whole`` times whole-utterance decoding.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # the spoken-command corpus (tests/samples.py)
sys.path.insert(0, str(ROOT / "tests" / "audio"))

from speech_fixtures import speech_pcm  # noqa: E402
from voicegame.audio.recognisers import Recogniser, StreamingRecogniser, make_recogniser  # noqa: E402
from voicegame.engine import History  # noqa: E402
from voicegame.play.session import Session  # noqa: E402
from voicegame.listen.understanding import understand  # noqa: E402
from voicegame.audio.recognisers import Heard  # noqa: E402
from samples import NOT_COMMANDS, NOT_COMMANDS_MORE, deal_commands, judge_heard  # noqa: E402

SR = 16000
BLOCK = SR * 30 // 1000  # the microphone's block: 30 ms
VOICES = [("en", 160), ("en", 200), ("en-us+f3", 170), ("en-us+f3", 220)]
BABBLE_VOICES = [("en-us+m3", 170), ("en+f2", 180), ("en-gb", 150), ("en-us+f4", 190)]
CONDITIONS = [("clean", None)] + [(kind, snr) for kind in ("white", "babble") for snr in (20, 10, 5)]


def pad(pcm: np.ndarray, seconds: float = 0.3) -> np.ndarray:
    z = np.zeros(int(seconds * SR), np.int16)
    return np.concatenate([z, pcm, z])


def speech_power(pcm: np.ndarray) -> float:
    """Mean power of the speech frames (20 ms frames above -40 dB of the loudest)."""
    x = pcm.astype(np.float64)
    n = len(x) // 320
    frames = (x[: n * 320].reshape(n, 320) ** 2).mean(axis=1)
    active = frames[frames > frames.max() * 1e-4]
    return float(active.mean()) if len(active) else float(frames.mean())


_BABBLE: np.ndarray | None = None


def babble() -> np.ndarray:
    """Several espeak voices talking at once (non-command sentences), 20 s, unit power."""
    global _BABBLE
    if _BABBLE is None:
        total = np.zeros(20 * SR)
        for k, (voice, speed) in enumerate(BABBLE_VOICES):
            talk = np.concatenate([speech_pcm(s, voice, speed) for s in NOT_COMMANDS[k::2]]).astype(np.float64)
            talk = np.resize(np.roll(talk, k * 7919), len(total))
            total += talk / np.sqrt(speech_power(talk.astype(np.int16)))
        _BABBLE = total / np.sqrt((total**2).mean())
    return _BABBLE


def mix(pcm: np.ndarray, kind: str, snr: float | None, seed: int) -> np.ndarray:
    if snr is None:
        return pcm
    rng = np.random.default_rng(seed)
    if kind == "white":
        noise = rng.normal(0.0, 1.0, len(pcm))
    else:
        b = babble()
        start = int(rng.integers(0, len(b) - len(pcm)))
        noise = b[start : start + len(pcm)]
    scale = np.sqrt(speech_power(pcm) / 10 ** (snr / 10))
    return np.clip(np.round(pcm + noise * scale), -32768, 32767).astype(np.int16)


def hear(recogniser: Recogniser, audio: np.ndarray, whole: bool) -> tuple[Heard, float, float]:
    """What the recogniser hears in ``audio``; seconds spent decoding in all, and after the last block
    arrived (streaming) or on the whole utterance (``whole``, or a recogniser that cannot stream)."""
    if whole or not isinstance(recogniser, StreamingRecogniser):
        t0 = time.perf_counter()
        heard = recogniser.recognise(audio)
        spent = time.perf_counter() - t0
        return heard, spent, spent
    t0 = time.perf_counter()
    recogniser.begin()
    last = max(0, (len(audio) - 1) // BLOCK * BLOCK)
    for start in range(0, last, BLOCK):
        recogniser.feed(audio[start : start + BLOCK])
    t1 = time.perf_counter()
    recogniser.feed(audio[last:])
    heard = recogniser.finish()
    t2 = time.perf_counter()
    return heard, t2 - t0, t2 - t1


def run(recogniser_kind: str, voices: list[tuple[str, int]], conditions: list[tuple[str, float | None]],
        seed: int, limit: int | None, oog: int, whole: bool = False) -> list[dict]:
    recogniser, note = make_recogniser(recogniser_kind)
    states, samples, _ = deal_commands(seed)
    samples = samples[:limit] if limit else samples
    session = Session("klondike", seed=seed)
    rows = []
    for voice, speed in voices:
        clips = [pad(speech_pcm(s.text, voice, speed)) for s in samples]
        junk = [pad(speech_pcm(t, voice, speed)) for t in (NOT_COMMANDS + NOT_COMMANDS_MORE)[:oog]]
        for kind, snr in conditions:
            counts = {"ok": 0, "wrong": 0, "asked": 0, "rejected": 0}
            decode_s = audio_s = 0.0
            latencies = []
            current = None
            for i, (sample, clip) in enumerate(zip(samples, clips)):
                session.history = History.start(states[sample.position])
                grammar = session.recogniser_grammar()
                if grammar is not current:
                    recogniser.set_grammar(grammar)
                    current = grammar
                audio = mix(clip, kind, snr, seed=i)
                heard, spent, tail = hear(recogniser, audio, whole)
                t1 = time.perf_counter()
                understood = understand(heard, session.state, session.parser, session.resolver,
                                        session.move_matcher, session.narrator)
                t2 = time.perf_counter()
                reference = understand(Heard(sample.text, 1.0), session.state, session.parser, session.resolver,
                                       session.move_matcher, session.narrator)
                counts[judge_heard(understood, reference, sample.command, session.state, session.resolver)] += 1
                decode_s += spent
                audio_s += len(audio) / SR
                latencies.append(tail + t2 - t1)
            accepted = asked = 0
            session.history = History.start(states[0])
            grammar = session.recogniser_grammar()
            if grammar is not current:
                recogniser.set_grammar(grammar)
                current = grammar
            for j, clip in enumerate(junk):
                heard = hear(recogniser, mix(clip, kind, snr, seed=1000 + j), whole)[0]
                u = understand(heard, session.state, session.parser, session.resolver, session.move_matcher,
                               session.narrator)
                accepted += u.how in ("parsed", "matched")
                asked += u.how == "asked"
            n = len(samples)
            lat = sorted(latencies)
            rows.append({
                "recogniser": recogniser.name, "voice": f"{voice} -s {speed}",
                "noise": "clean" if snr is None else f"{kind} {snr} dB",
                "n": n, "ok": 100 * counts["ok"] / n, "ask": 100 * counts["asked"] / n,
                "rej": 100 * counts["rejected"] / n,
                "fa": 100 * accepted / max(1, len(junk)), "fa_ask": 100 * asked / max(1, len(junk)),
                "rtf": decode_s / audio_s, "lat50": 1000 * statistics.median(lat),
                "lat95": 1000 * lat[int(0.95 * (len(lat) - 1))],
            })
            r = rows[-1]
            print(f"{r['recogniser']:12} {r['voice']:16} {r['noise']:13} n={n:3} ok {r['ok']:5.1f}%  ask {r['ask']:4.1f}%  "
                  f"rej {r['rej']:4.1f}%  FA {r['fa']:4.1f}% (+ask {r['fa_ask']:4.1f}%)  RTF {r['rtf']:.3f}  "
                  f"lat {r['lat50']:.0f}/{r['lat95']:.0f} ms", flush=True)
    return rows


def table(rows: list[dict]) -> str:
    lines = ["| recogniser | voice | noise | commands | ok | asked | false accepts | RTF | latency median / p95 |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        lines.append(f"| {r['recogniser']} | {r['voice']} | {r['noise']} | {r['n']} | {r['ok']:.1f}% | {r['ask']:.1f}% | "
                     f"{r['fa']:.1f}% | {r['rtf']:.3f} | {r['lat50']:.0f} / {r['lat95']:.0f} ms |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--recogniser", action="append", help="pocketsphinx and/or vosk (default: every one available)")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--quick", action="store_true", help="one voice, clean and 10 dB only, 60 commands")
    ap.add_argument("--limit", type=int, default=None, help="at most this many commands")
    ap.add_argument("--oog", type=int, default=len(NOT_COMMANDS + NOT_COMMANDS_MORE), help="non-command sentences per condition")
    ap.add_argument("--voices", help="indices into VOICES, e.g. 1,2,3 (default: all)")
    ap.add_argument("--noise", help="conditions, e.g. clean,white10,babble10 (default: all)")
    ap.add_argument("--whole", action="store_true", help="decode whole utterances instead of streaming them")
    args = ap.parse_args(argv)
    voices = VOICES[:1] if args.quick else VOICES
    if args.voices:
        voices = [VOICES[int(i)] for i in args.voices.split(",")]
    conditions = [c for c in CONDITIONS if c[1] in (None, 10)] if args.quick else CONDITIONS
    if args.noise:
        wanted = set(args.noise.split(","))
        conditions = [c for c in CONDITIONS if (c[0] if c[1] is None else f"{c[0]}{c[1]}") in wanted]
    limit = 60 if args.quick and args.limit is None else args.limit
    kinds = args.recogniser or ["pocketsphinx", "vosk"]
    rows = []
    for kind in kinds:
        try:
            rows += run(kind, voices, conditions, args.seed, limit, args.oog, args.whole)
        except Exception as error:  # no model: say so and go on
            print(f"{kind}: skipped ({error})")
    print()
    print(f"{time.strftime('%Y-%m-%d')}, {platform.machine()}, {platform.python_version()}")
    print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
