"""Everyday phrasings, typed: how much of what people say the game understands (issue 37).

    python bench/phrasings.py [--corpus tests/data/phrasings/en.txt] [--failures] [--half H|T]

Types every phrasing of the corpus (tests/data/phrasings/en.txt: its header says the format, the
sources and the fixed rule that splits it into a TUNING and a HELD-OUT half) into a fresh game of its
section (``Session.handle``: the path of ``voicegame play --text``) and sorts the answer:

- understood: the command the game took is what the person meant (intent and slots);
- refused: no command ("Sorry, I did not catch that."), or a command the game then answered so;
- misunderstood: a command other than the one meant, or any command for a phrasing that is none.

Prints, for each half, the figures for commands and for non-commands, then (``--failures``) every
phrasing that was not understood as meant. Target (issue 37): held-out >= 85 % understood, and
0 misunderstood in either half.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from voicegame.play.session import Session  # noqa: E402

CORPUS = ROOT / "tests" / "data" / "phrasings" / "en.txt"
HALVES = {"T": "tuning", "H": "held-out"}


@dataclass(frozen=True)
class Phrasing:
    """One line of the corpus: what was said, in which game, and what was meant (None: no command)."""

    half: str
    source: str
    text: str
    game: str
    seed: int
    meanings: tuple[dict[str, object], ...]
    """The commands (as ``Command.to_json()``) that are what the person meant; empty: no command."""
    line: int

    @property
    def intent(self) -> str:
        return str(self.meanings[0]["intent"]) if self.meanings else "-"


def _place(value: str) -> dict[str, object]:
    if value.startswith("#"):
        return {"pile": value[1:]}
    if value.startswith("@"):
        return {"kind": value[1:]}
    if value.startswith("$"):
        return {"group": value[1:]}
    return {"card": value.replace("_", " ")}


def meaning(text: str) -> dict[str, object]:
    """"move src=seven_of_hearts dst=#pile2" -> the command's JSON form."""
    intent, *slots = text.split()
    out: dict[str, object] = {"intent": intent}
    for slot in slots:
        key, _, value = slot.partition("=")
        if key == "src":
            out["source"] = _place(value)
        elif key == "dst":
            out["target"] = _place(value)
        elif key == "num":
            out["number"] = int(value)
        elif key == "name":
            out["name"] = value.replace("_", " ")
        elif key in ("game", "suit"):
            out[key] = value
        else:
            raise ValueError(f"unknown slot {key!r} in {text!r}")
    return out


def load(path: Path = CORPUS) -> list[Phrasing]:
    game, seed = "", 0
    out = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("@"):
            _, game, seed_text = line.split()
            seed = int(seed_text)
            continue
        half, source, text, meant = (part.strip() for part in line.split("|", 3))
        meanings = () if meant == "-" else tuple(meaning(m) for m in meant.split("||"))
        out.append(Phrasing(half, source, text, game, seed, meanings, number))
    return out


def outcome(phrasing: Phrasing) -> tuple[str, str]:
    """("understood" | "refused" | "misunderstood", what the game took it for)."""
    session = Session(phrasing.game, seed=phrasing.seed)
    session.winnable_seconds = 0.2  # the answer does not matter here, only what was understood
    reply = session.handle(phrasing.text)
    command = reply.command
    took = "-" if command is None else json.dumps(command.to_json())
    if command is None or "unknown" in reply.earcons:
        return ("understood" if not phrasing.meanings else "refused"), took + " / " + " ".join(reply.sentences)
    if command.to_json() in phrasing.meanings:
        return "understood", took
    return "misunderstood", took


def measure(phrasings: list[Phrasing]) -> dict[str, dict[str, list[tuple[Phrasing, str]]]]:
    """half -> kind ("command" understood/refused/misunderstood, "none" understood=rightly refused) -> list."""
    results: dict[str, dict[str, list[tuple[Phrasing, str]]]] = {}
    for phrasing in phrasings:
        kind, took = outcome(phrasing)
        prefix = "command" if phrasing.meanings else "none"
        results.setdefault(phrasing.half, {}).setdefault(f"{prefix} {kind}", []).append((phrasing, took))
    return results


def figures(results: dict[str, list[tuple[Phrasing, str]]]) -> dict[str, int]:
    return {key: len(value) for key, value in results.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", type=Path, default=CORPUS)
    ap.add_argument("--failures", action="store_true", help="list every phrasing not understood as meant")
    ap.add_argument("--half", choices=sorted(HALVES), help="only this half")
    args = ap.parse_args()
    phrasings = [p for p in load(args.corpus) if args.half in (None, p.half)]
    results = measure(phrasings)
    games = sorted({p.game for p in phrasings})
    print(f"{len(phrasings)} phrasings in {len(games)} games, "
          f"{len({p.intent for p in phrasings if p.meanings})} intents, sources "
          f"{', '.join(sorted({p.source for p in phrasings}))}\n")
    print("| half | commands | understood | refused | misunderstood | non-commands | rightly refused | understood as a command |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for half in ("T", "H"):
        if half not in results:
            continue
        n = figures(results[half])
        commands = n.get("command understood", 0) + n.get("command refused", 0) + n.get("command misunderstood", 0)
        nones = n.get("none understood", 0) + n.get("none misunderstood", 0)
        understood = n.get("command understood", 0)
        print(f"| {HALVES[half]} | {commands} | {understood} ({100 * understood / max(commands, 1):.1f} %) | "
              f"{n.get('command refused', 0)} | {n.get('command misunderstood', 0)} | {nones} | "
              f"{n.get('none understood', 0)} | {n.get('none misunderstood', 0)} |")
    if args.failures:
        for half in ("T", "H"):
            for kind in ("command misunderstood", "none misunderstood", "command refused"):
                for phrasing, took in results.get(half, {}).get(kind, []):
                    meant = " || ".join(json.dumps(m) for m in phrasing.meanings) or "-"
                    print(f"{HALVES[half]:8} {kind:21} {phrasing.game:12} {phrasing.text!r}: meant {meant}; took {took}")


if __name__ == "__main__":
    main()
