"""What ordinary speech makes the game do: 9,178 requests to a home assistant that are no game command.

    python bench/ordinary.py [--games klondike,freecell,spider] [--failures --half T]

Reads tests/data/phrasings/nlu_ordinary.txt (the NLU Evaluation Data, CC BY 4.0: "set an alarm for six",
"play some jazz", "turn off the lights", "tell me a joke" ...) as typed text and as a transcript would
be read (voicegame.language.typed.read_typed: the templates, their tolerant readings, then the frame
reader of voicegame.language.frames), in each game, and counts those taken as a command, by which
reading, and those asked about as the command they are one word away from ("Did you mean ...?",
voicegame.language.frames ``nearest_frame``: nothing done). Every one is wrong: none of these asks anything
of a card game. Speech is asked about before
a transcript's frame changes the game (voicegame.listen.understanding), so this counts the questions
and readings a player's ordinary talk would cause. Tune only on the T half.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from voicegame.language.frames import nearest_frame, read_frame  # noqa: E402
from voicegame.language.typed import read_typed  # noqa: E402
from voicegame.play.session import Session  # noqa: E402

CORPUS = ROOT / "tests" / "data" / "phrasings" / "nlu_ordinary.txt"
HALVES = {"T": "tuning", "H": "held-out"}


def load(path: Path = CORPUS) -> list[tuple[str, str, str]]:
    """(half, the dataset's intent, text) of every line."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            half, intent, text = (part.strip() for part in line.split("|", 2))
            out.append((half, intent, text))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", default="klondike,freecell,spider")
    ap.add_argument("--failures", action="store_true", help="list what was taken as a command")
    ap.add_argument("--half", choices=sorted(HALVES), help="only this half")
    args = ap.parse_args(argv)
    lines = [line for line in load() if args.half in (None, line[0])]
    print(f"{len(lines)} ordinary requests, games {args.games}")
    print("| game | half | requests | taken as a command | by a template | by a frame | asked \"Did you mean ...?\" | CPU ms a request |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for game in args.games.split(","):
        parser = Session(game, seed=1).words.parser
        for half in HALVES:
            mine = [line for line in lines if line[0] == half]
            if not mine:
                continue
            taken: Counter[str] = Counter()
            cpu = time.process_time()
            for _, intent, text in mine:
                command = read_typed(parser, text)
                if command is None:
                    nearest = nearest_frame(parser, text)
                    if nearest is not None:
                        taken["asked"] += 1
                        if args.failures:
                            print(f"  {game} {half} asked    {intent:24} {text!r} -> {nearest.to_json()}")
                    continue
                by = "frame" if read_frame(parser, text) == command and parser.parse(text) is None else "template"
                taken[by] += 1
                if args.failures:
                    print(f"  {game} {half} {by:8} {intent:24} {text!r} -> {command.to_json()}")
            cpu = (time.process_time() - cpu) * 1000 / len(mine)
            total = taken["template"] + taken["frame"]
            print(f"| {game} | {HALVES[half]} | {len(mine)} | {total} ({100 * total / len(mine):.2f} %) | "
                  f"{taken['template']} | {taken['frame']} | {taken['asked']} ({100 * taken['asked'] / len(mine):.2f} %) | {cpu:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
