"""Bench: the numbers of Moonshine's verdict (voicegame/audio/moonshine/rejection.py), on tuning material only.

    python bench/moonshine_tuning.py [--voices tuning] [--noise white10|babble10|...] [--no-people]
                                     [--out FILE.json] [--summary FILE.json]

Every clip is decoded held to the game's grammar with the free transcript beside it, and what decides
the verdict is kept: the grammar's best sentence, the free transcript, their mean log probabilities a
token and the gap between them. Clips: bench/heard.py's commands (quick corpus, every game and position)
and its 80 non-commands spoken by the ``TUNING`` voices of bench/voices.py, clean; and tests/data/human
(real people: digits answering "Which eight?", yes/no answering "Draw?", and every clip at a deal's start,
where none is a command). The summary sweeps the rejection gap: commands kept and right, non-commands
let through. Held-out voices and recordings are never used here (bench/voices.py).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "audio"))

import heard  # noqa: E402
import voices  # noqa: E402
from asr import mix, pad  # noqa: E402
from human_clips import load  # noqa: E402
from unasked import DIGITS, _open  # noqa: E402
from voicegame.audio.moonshine.recogniser import MoonshineRecogniser  # noqa: E402
from voicegame.audio.wavio import read_wav  # noqa: E402
from voicegame.engine import History  # noqa: E402


def _row(recogniser: MoonshineRecogniser, audio, expected: str | None, source: str, grammar) -> dict:  # noqa: ANN001
    recogniser.set_grammar(grammar)
    cpu = time.process_time()
    got = recogniser.recognise(audio)
    spent = time.process_time() - cpu
    last = recogniser.last
    best = last.decoded.nbest[0] if last and last.decoded.nbest else None
    return {"source": source, "expected": expected, "heard": got.text, "best": best.text if best else "",
            "best_mean": best.mean if best else None, "free": last.decoded.free_text if last else "",
            "free_mean": last.decoded.free.mean if last else None, "gap": last.verdict.gap if last else None,
            "same": bool(best) and last.decoded.free.words == best.words, "cpu": spent}


def run(voice_set: str, noise: tuple[str, int | None] = ("clean", None), people: bool = True) -> list[dict]:
    recogniser = MoonshineRecogniser()
    rows: list[dict] = []
    chosen = [v for v in (voices.TUNING if voice_set == "tuning" else [voices.by_label(x) for x in voice_set.split(",")])
              if voices.available(v)]
    samples = heard.corpus(quick=True)
    junk = list(heard.NOT_COMMANDS + heard.NOT_COMMANDS_MORE + heard.NOT_COMMANDS_EXTRA)
    sessions = {game: heard.positions(game, seed, 4) for game, seed in heard.GAMES}
    for v, voice in enumerate(chosen):
        for sample in samples[v :: len(chosen)]:
            session, states = sessions[sample.game]
            session.history = History.start(states[sample.position])
            rows.append(_row(recogniser, mix(pad(voices.pcm(sample.text, voice)), noise[0], noise[1], seed=len(rows)),
                             sample.text, voice.label, session.recogniser_grammar()))
        session, states = sessions["klondike"]
        session.history = History.start(states[0])
        for text in junk[v :: len(chosen)]:
            rows.append(_row(recogniser, mix(pad(voices.pcm(text, voice)), noise[0], noise[1], seed=len(rows)), None,
                             voice.label, session.recogniser_grammar()))
        print(f"  {voice.label}: {len(rows)} clips so far", flush=True)
    for clip in load(ROOT / "tests" / "data" / "human") if people else []:
        audio = read_wav(clip.path)
        rows.append(_row(recogniser, audio, None, f"people {clip.set} at start", _open("start").recogniser_grammar()))
        if clip.words in DIGITS:
            rows.append(_row(recogniser, audio, clip.words if clip.words in ("one", "three") else None,
                             "people which", _open("which").recogniser_grammar()))
        if clip.words in ("yes", "no"):
            rows.append(_row(recogniser, audio, clip.words, "people confirm", _open("confirm").recogniser_grammar()))
    return rows


def _accepted(row: dict, gap: float) -> bool:
    return bool(row["best"]) and (row["same"] or row["gap"] <= gap)


def summarise(rows: list[dict]) -> str:
    commands = [r for r in rows if r["expected"] is not None]
    others = [r for r in rows if r["expected"] is None]
    lines = [f"{len(commands)} commands (best sentence right before any verdict: "
             f"{sum(r['best'].replace('autoplay', 'auto play') == r['expected'] for r in commands)}), {len(others)} non-commands",
             "", "| reject gap | commands accepted | accepted and right | non-commands accepted | of which people |",
             "| ---: | ---: | ---: | ---: | ---: |"]
    for gap in (0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 2.5, 3.0):
        kept = [r for r in commands if _accepted(r, gap)]
        right = [r for r in kept if r["best"] == r["expected"]]
        let = [r for r in others if _accepted(r, gap)]
        people = [r for r in let if r["source"].startswith("people")]
        lines.append(f"| {gap} | {len(kept)} | {len(right)} | {len(let)} | {len(people)} |")
    cpu = sorted(r["cpu"] for r in rows)
    lines.append("")
    lines.append(f"CPU a clip: median {cpu[len(cpu) // 2]:.3f} s, p95 {cpu[int(len(cpu) * 0.95)]:.3f} s")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--voices", default="tuning")
    ap.add_argument("--noise", default="clean", help="clean, or KIND and SNR such as white10, babble10")
    ap.add_argument("--no-people", action="store_true", help="leave out tests/data/human")
    ap.add_argument("--out", type=Path)
    ap.add_argument("--summary", type=Path)
    args = ap.parse_args(argv)
    kind = args.noise.rstrip("0123456789")
    noise = (kind, int(args.noise[len(kind):])) if kind != "clean" else ("clean", None)
    rows = json.loads(args.summary.read_text()) if args.summary else run(args.voices, noise, not args.no_people)
    if args.out:
        args.out.write_text(json.dumps(rows))
    print(summarise(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
