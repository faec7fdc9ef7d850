"""Bench: how long the game's answers are, in words and in seconds of speech (issue 18).

    python bench/answers.py [--espeak]

For every game: the scripted game of tests/data (typed commands, as a player reads them off), then
random legal play from seed 11 (80 moves said by pile, so the player names no card, and a reading
after every fourth move: "read the board", "more", "what can I do", "hint", "score"). Each reply is
sorted by kind: a move (a card or a pair played), a draw, a question, a refusal, the board summary,
"more", and other readings. Printed: words per answer (median and 95th percentile) by kind over all
games, and by game for moves (typed by card, from the scripts; said by pile, from random play); then the seconds of "read the board" at the deal (the summary; and
the full reading it replaced, which "more" now gives page by page) at the default rate of 200 words
a minute, and with --espeak, measured by rendering it with espeak-ng at that rate.

Works on older checkouts too (no summary there: "read the board" is the full reading), so the
figures before and after a change come from the same script.
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import wave
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from voicegame.engine import MoveKind  # noqa: E402
from voicegame.games import GAMES  # noqa: E402
from voicegame.play.session import Session  # noqa: E402

RATE = 200  # words a minute: the default speech.rate
SCRIPTS = {
    "canfield": ("canfield_seed8_win.txt", {}, 8),
    "freecell": ("freecell_deal1_win.txt", {}, 1),
    "gaps": ("gaps_seed5_win.txt", {}, 5),
    "golf": ("golf_seed13_win.txt", {}, 13),
    "hopscotch": ("hopscotch_seed10_win.txt", {}, 10),
    "klondike": ("klondike_draw3_seed5_win.txt", {"draw": 3}, 5),
    "monte_carlo": ("monte_carlo_seed1_win.txt", {}, 1),
    "royal_parade": ("royal_parade_seed3_stuck.txt", {}, 3),
    "scorpion": ("scorpion_seed16_win.txt", {}, 16),
    "spider": ("spider_suits2_seed1_win.txt", {"suits": 2}, 1),
    "treize": ("treize_seed2_win.txt", {}, 2),
    "triple_peaks": ("triple_peaks_seed2_win.txt", {}, 2),
    # pairfam (issue 23)
    "thirteen": ("thirteen_seed45_win.txt", {}, 45),
    "yield": ("yield_seed2_win.txt", {}, 2),
    "fourteen": ("fourteen_seed1_win.txt", {}, 1),
    "block_ten": ("block_ten_seed6_win.txt", {}, 6),
    "gay_gordons": ("gay_gordons_seed1_win.txt", {}, 1),
    "helsinki": ("helsinki_seed1_win.txt", {}, 1),
    "jamestown": ("jamestown_seed4_win.txt", {}, 4),
    "isabel": ("isabel_seed1_win.txt", {}, 1),
    "neighbor": ("neighbor_seed1_win.txt", {}, 1),
    "quatorze": ("quatorze_seed1_win.txt", {}, 1),
    "elevator": ("elevator_seed13_win.txt", {}, 13),
    "escalator": ("escalator_seed13_win.txt", {}, 13),
    "sir_tommy": ("sir_tommy_seed1_stuck.txt", {}, 1),
    "auld_lang_syne": ("auld_lang_syne_seed1_stuck.txt", {}, 1),
    "scuffle": ("scuffle_seed4_win.txt", {}, 4),
    "carpet": ("carpet_seed1_win.txt", {}, 1),
    "clock": ("clock_seed5_win.txt", {}, 5),
}
READINGS = ["read the board", "more", "what can i do", "hint", "score"]


def words(sentences: list[str]) -> int:
    return sum(len(s.split()) for s in sentences)


def kind_of(text: str, reply) -> str:
    if reply.moves:
        return "draw" if all(m.kind is MoveKind.DEAL for m in reply.moves) else "move"
    if reply.earcons[-1:] == ["question"]:
        return "question"
    if reply.earcons[-1:] in (["illegal"], ["unknown"]):
        return "refusal"
    if text == "read the board":
        return "board"
    if text == "more":
        return "more"
    return "reading"


def play(key: str) -> dict[str, list[int]]:
    """Word counts of every answer of one game, by kind."""
    counts: dict[str, list[int]] = defaultdict(list)
    name, options, seed = SCRIPTS[key]
    session = Session(key, options, seed=seed)
    for line in (ROOT / "tests" / "data" / name).read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            reply = session.handle(line)
            counts[kind_of(line, reply)].append(words(reply.sentences))
    rng = random.Random(key)
    session = Session(key, seed=11)
    for turn in range(80):
        if turn % 4 == 3:
            for text in READINGS:
                reply = session.handle(text)
                counts[kind_of(text, reply)].append(words(reply.sentences))
        moves = session.engine.legal_moves(session.state)
        if not moves:
            break
        move = rng.choice(moves)
        text = session.narrator.move_phrase(session.state, move, by_pile=move.kind is MoveKind.MOVE)
        reply = session.handle(text)
        kind = kind_of(text, reply)
        counts["move by pile" if kind == "move" else kind].append(words(reply.sentences))
        if reply.earcons[-1:] == ["question"]:
            session.handle("the first one")
    return counts


def board_at_deal(key: str) -> tuple[list[str], list[str]]:
    """("read the board" at the deal, the full reading)."""
    name, options, seed = SCRIPTS[key]
    session = Session(key, options, seed=seed)
    said = session.handle("read the board").sentences
    return said, session.narrator.read_board(session.state)


def espeak_seconds(sentences: list[str]) -> float | None:
    if shutil.which("espeak-ng") is None:
        return None
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "say.wav"
        subprocess.run(["espeak-ng", "-s", str(RATE), "-w", str(path), " ".join(sentences)], check=True, capture_output=True)
        with wave.open(str(path)) as w:
            return w.getnframes() / w.getframerate()


def p95(values: list[int]) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, round(0.95 * (len(values) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--espeak", action="store_true", help="also measure the board reading with espeak-ng")
    args = parser.parse_args()
    keys = [g.key for g in GAMES]
    by_game = {key: play(key) for key in keys}
    kinds = sorted({k for counts in by_game.values() for k in counts})
    print("Words per answer, all games (median / p95 / answers):")
    print("| kind | median | p95 | answers |\n| --- | ---: | ---: | ---: |")
    for kind in kinds:
        values = [v for counts in by_game.values() for v in counts.get(kind, [])]
        print(f"| {kind} | {statistics.median(values):g} | {p95(values):g} | {len(values)} |")
    print("\nWords per answer to a move, by game; the board summary at the deal, in words and seconds:")
    head = "| game | move median | move p95 | by pile median | by pile p95 | board words | board s (200 wpm) | full reading words | full reading s |"
    if args.espeak:
        head += " board s (espeak-ng) |"
    print(head + "\n| --- |" + " ---: |" * (head.count("|") - 2))
    for key in keys:
        moves = by_game[key].get("move", [0])
        by_pile = by_game[key].get("move by pile", [0])
        said, full = board_at_deal(key)
        row = (f"| {key} | {statistics.median(moves):g} | {p95(moves):g} | {statistics.median(by_pile):g} | {p95(by_pile):g} | {words(said)} | {60 * words(said) / RATE:.1f} | "
               f"{words(full)} | {60 * words(full) / RATE:.1f} |")
        if args.espeak:
            seconds = espeak_seconds(said)
            row += f" {seconds:.1f} |" if seconds is not None else " - |"
        print(row)


if __name__ == "__main__":
    main()
