"""Recordings of real people, for the benches and the spoken tests (issue 34).

    python bench/human_clips.py SOURCES_DIR OUT_DIR [--per-word N] [--seed S]

``SOURCES_DIR`` holds clones of these openly licensed sets (``git clone`` each into it, under the
folder name given):

| folder | repository | licence | what |
| --- | --- | --- | --- |
| free-spoken-digit-dataset | github.com/Jakobovski/free-spoken-digit-dataset | CC BY-SA 4.0 | 6 speakers saying digits, 8 kHz |
| speech-commands-recognition | github.com/vinsis/speech-commands-recognition | CC BY 4.0 (Speech Commands v0.01, Pete Warden) | 30 words, 10 clips each, 16 kHz |
| wake-word-benchmark | github.com/Picovoice/wake-word-benchmark | Apache 2.0 | 6 wake words, crowd-sourced, 16 kHz |
| speech-to-intent-benchmark | github.com/Picovoice/speech-to-intent-benchmark | Apache 2.0 | coffee orders, crowd-sourced, 16 kHz |

Every clip is copied as a 16-bit mono WAV at its own rate (sox converts FLAC) named ``<set>/<words>__<speaker>__<n>.wav``
and listed in ``OUT_DIR/manifest.json`` with its words, speaker (where the set names one), set and
licence. ``--per-word`` keeps at most N clips of each word per set, as many speakers as there are first, chosen by
``--seed``; ``--per-set SET=N`` keeps at most N clips of a set in all (coffee orders are each said once).
tests/data/human is made by this script (``--per-word 2 --per-word fsdd=6 --per-set coffee_orders=6``:
every digit by each of FSDD's 6 speakers), so the spoken CI test and the benches
read the same kind of files.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import subprocess
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

SETS = {
    "fsdd": ("free-spoken-digit-dataset", "CC BY-SA 4.0, Zohar Jackson and contributors (Free Spoken Digit Dataset)"),
    "speech_commands": ("speech-commands-recognition", "CC BY 4.0, Pete Warden (Speech Commands v0.01)"),
    "wake_words": ("wake-word-benchmark", "Apache 2.0, Picovoice (wake-word-benchmark)"),
    "coffee_orders": ("speech-to-intent-benchmark", "Apache 2.0, Picovoice (speech-to-intent-benchmark)"),
}
DIGITS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


@dataclass(frozen=True)
class Clip:
    """One recording: ``words`` as said (lower case), ``speaker`` ("" when the set does not say)."""

    path: str
    words: str
    speaker: str
    set: str
    licence: str


def _found(sources: Path) -> dict[str, list[tuple[Path, str, str]]]:
    """(file, words, speaker) per set, for the sets present under ``sources``."""
    out: dict[str, list[tuple[Path, str, str]]] = {}
    fsdd = sources / SETS["fsdd"][0] / "recordings"
    if fsdd.is_dir():
        out["fsdd"] = []
        for f in sorted(fsdd.glob("*.wav")):
            digit, speaker, _ = f.stem.split("_")
            out["fsdd"].append((f, DIGITS[int(digit)], speaker))
    sc = sources / SETS["speech_commands"][0] / "speech_commands_v0.01"
    if sc.is_dir():
        out["speech_commands"] = [(f, f.parent.name, f.stem.split("_")[0])
                                  for f in sorted(sc.glob("*/*.wav")) if not f.parent.name.startswith("_")]
    ww = sources / SETS["wake_words"][0] / "audio"
    if ww.is_dir():
        out["wake_words"] = [(f, f.parent.name, "") for f in sorted(ww.glob("*/*")) if f.suffix in (".wav", ".flac")]
    ci = sources / SETS["coffee_orders"][0] / "data"
    if (ci / "label" / "label.json").is_file():
        labels = json.loads((ci / "label" / "label.json").read_text())
        out["coffee_orders"] = []
        for name, label in sorted(labels.items()):
            f = ci / "speech" / "clean" / name
            if f.is_file():
                words = " ".join(label.get("slots", {}).get(k, "") for k in sorted(label.get("slots", {})))
                out["coffee_orders"].append((f, f"order {words}".strip(), ""))
    return out


def _spread(items: list[tuple[Path, str, str]], count: int, rng: random.Random) -> list[tuple[Path, str, str]]:
    """``count`` of ``items`` at random, as many speakers as there are first (round robin over speakers)."""
    by_speaker: dict[str, list[tuple[Path, str, str]]] = {}
    for item in rng.sample(items, len(items)):
        by_speaker.setdefault(item[2] or str(item[0]), []).append(item)
    queues = list(by_speaker.values())
    rng.shuffle(queues)
    out: list[tuple[Path, str, str]] = []
    while len(out) < count:
        for queue in queues:
            if queue and len(out) < count:
                out.append(queue.pop())
    return out


def _slug(words: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", words.lower()).strip("-")[:40]


def build(sources: Path, out_dir: Path, per_word: dict[str, int], seed: int,
          per_set: dict[str, int] | None = None, exclude: Path | list[Path] | None = None) -> list[Clip]:
    """Copy the clips (see the module docstring); ``per_word`` by set, "" for every other set. A clip
    already in the folder ``exclude`` (the same recording: tests/data/human, used for tuning) is left out,
    so that figures on this folder are on recordings the policy was not tuned on; several folders may be
    given (a second held-out set that leaves out the first)."""
    rng = random.Random(seed)
    clips: list[Clip] = []
    excluded = [exclude] if isinstance(exclude, Path) else list(exclude or [])
    seen = {hashlib.sha1(f.read_bytes()).hexdigest() for folder in excluded for f in folder.glob("*/*.wav")}
    for set_name, files in _found(sources).items():
        if per_set and set_name in per_set and len(files) > per_set[set_name]:
            files = rng.sample(files, per_set[set_name])
        by_word: dict[str, list[tuple[Path, str, str]]] = {}
        for item in files:
            by_word.setdefault(item[1], []).append(item)
        cap = per_word.get(set_name, per_word.get(""))
        for words, items in sorted(by_word.items()):
            if cap is not None and len(items) > cap:
                items = _spread(items, cap, rng)
            for n, (src, said, speaker) in enumerate(items):
                target = out_dir / set_name / f"{_slug(said)}__{speaker or 'anon'}__{n}.wav"
                target.parent.mkdir(parents=True, exist_ok=True)
                subprocess.run(["sox", str(src), "-c", "1", "-b", "16", str(target)], check=True,
                               stderr=subprocess.DEVNULL)
                if hashlib.sha1(target.read_bytes()).hexdigest() in seen:
                    target.unlink()
                    continue
                clips.append(Clip(str(target.relative_to(out_dir)), said, speaker, set_name, SETS[set_name][1]))
    (out_dir / "manifest.json").write_text(json.dumps([asdict(c) for c in clips], indent=1) + "\n")
    return clips


def load(folder: Path) -> list[Clip]:
    """The clips listed in ``folder/manifest.json``, with paths made absolute."""
    rows = json.loads((folder / "manifest.json").read_text())
    return [Clip(str(folder / r["path"]), r["words"], r["speaker"], r["set"], r["licence"]) for r in rows]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sources", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("--per-word", action="append", default=[], metavar="[SET=]N")
    ap.add_argument("--per-set", action="append", default=[], metavar="SET=N")
    ap.add_argument("--seed", type=int, default=34)
    ap.add_argument("--exclude", type=Path, action="append", default=[],
                    help="leave out the recordings already in this folder (e.g. tests/data/human); may be repeated")
    args = ap.parse_args(argv)
    per_set = {name: int(n) for name, n in (item.split("=") for item in args.per_set)}
    per_word = {name: int(n) for name, _, n in (item.rpartition("=") for item in args.per_word)}
    clips = build(args.sources, args.out, per_word, args.seed, per_set, args.exclude)
    counts: dict[str, int] = {}
    for c in clips:
        counts[c.set] = counts.get(c.set, 0) + 1
    print(f"{len(clips)} clips: {counts}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
