"""Bench: how long the game's answers are, in words and in seconds of speech (issues 18 and 37).

    python bench/answers.py [--espeak] [--games KEY ...]

For every game of the registry: the scripted game of tests/data where there is one (typed commands, as
a player reads them off), then random legal play from deal 11 twice, the same moves: once said by pile
(60 moves; the player names no card), with readings after every sixth move ("read the board", "more",
"what can I do", "hint", "score", "what can I say", "undo", "redo") and "new game" half way (a
question, answered no); once said by card; and 20 moves as heard by a recogniser (``Session.hear``,
by card and by pile in turn; a heard move is said back in full). Then the greeting and "help". Each reply is sorted by kind:
a move typed by card (scripted) or said by card or by pile (random), a draw, a question, a refusal, the
board summary, "more", other readings, the greeting, help. Printed: words per answer by kind over all
games (median, 95th percentile, longest), then by game against the budgets of issue 37 (median answer
to a move <= 6 words, any question <= 12, the greeting <= 15, help <= 45 before "more"), and the
board summary at the deal in words and seconds at 200 words a minute (with --espeak, measured with
espeak-ng at that rate); last, which games are over each budget.

Works on older checkouts too (it uses only ``Session.handle``, ``greeting`` and the narrator's
``move_phrase`` and ``read_board``), so the figures before and after a change come from one script.
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
READINGS = ["read the board", "more", "what can i do", "hint", "score", "what can i say", "undo", "redo"]
MOVES, READ_EVERY, HEARD = 60, 6, 20
BUDGETS = {"move": 6, "move by card": 6, "move by pile": 6, "move heard": 6}
"""Issue 37: the median answer to a move, typed or heard, by pile or by card, at most 6 words."""
LIMITS = {"question": 12, "greeting": 15, "help": 45}
"""Issue 37: any question at most 12 words, the greeting 15, help 45 before "more"."""


def words(sentences: list[str]) -> int:
    return sum(len(s.split()) for s in sentences)


def kind_of(text: str, reply) -> str:
    if text in ("undo", "redo"):
        return "undo or redo"
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


def heard_play(key: str, counts: dict[str, list[int]]) -> None:
    """``HEARD`` random legal moves from deal 11 as a recogniser hears them (``Session.hear``), half
    by card and half by pile: a move heard is said back in full, in case it was misheard."""
    try:
        from voicegame.audio.recognisers import Heard
    except ImportError:
        return
    rng = random.Random(key + " heard")
    session = Session(key, seed=11)
    for turn in range(HEARD):
        moves = session.engine.legal_moves(session.state)
        if not moves:
            break
        move = rng.choice(moves)
        text = session.narrator.move_phrase(session.state, move, by_pile=turn % 2 == 1 and move.kind is MoveKind.MOVE)
        reply = session.hear(Heard(text))
        if reply.moves and not all(m.kind is MoveKind.DEAL for m in reply.moves):
            counts["move heard"].append(words(reply.sentences))
        if reply.earcons[-1:] == ["question"]:
            session.handle("no")


def random_play(key: str, by_pile: bool, counts: dict[str, list[int]], readings: bool) -> None:
    """``MOVES`` random legal moves from deal 11, each said by pile (the player names no card) or by
    card; with ``readings``, the readings after every ``READ_EVERY``-th move."""
    rng = random.Random(key)
    session = Session(key, seed=11)
    for turn in range(MOVES):
        if readings and turn % READ_EVERY == READ_EVERY - 1:
            for text in READINGS:
                reply = session.handle(text)
                counts[kind_of(text, reply)].append(words(reply.sentences))
        moves = session.engine.legal_moves(session.state)
        if not moves:
            break
        move = rng.choice(moves)
        text = session.narrator.move_phrase(session.state, move, by_pile=by_pile and move.kind is MoveKind.MOVE)
        reply = session.handle(text)
        kind = kind_of(text, reply)
        if kind == "move":
            kind = "move by pile" if by_pile and move.kind is MoveKind.MOVE else "move by card" if not by_pile else kind
        counts[kind].append(words(reply.sentences))
        if reply.earcons[-1:] == ["question"]:
            session.handle("the first one")
        if turn == MOVES // 2:
            reply = session.handle("new game")  # "This game is not finished. Start a new one?": a question
            counts[kind_of("new game", reply)].append(words(reply.sentences))
            session.handle("no")


def play(key: str) -> dict[str, list[int]]:
    """Word counts of every answer of one game, by kind."""
    counts: dict[str, list[int]] = defaultdict(list)
    if key in SCRIPTS:
        name, options, seed = SCRIPTS[key]
        session = Session(key, options, seed=seed)
        for line in (ROOT / "tests" / "data" / name).read_text().splitlines():
            line = line.strip()
            if line and not line.startswith("#"):
                reply = session.handle(line)
                counts[kind_of(line, reply)].append(words(reply.sentences))
    random_play(key, True, counts, readings=True)
    random_play(key, False, counts, readings=False)
    heard_play(key, counts)
    session = Session(key, seed=11)
    counts["greeting"].append(words(session.greeting().sentences))
    counts["help"].append(words(session.handle("help").sentences))
    return counts


def board_at_deal(key: str) -> tuple[list[str], list[str]]:
    """("read the board" at the deal, the full reading)."""
    name, options, seed = SCRIPTS.get(key, ("", {}, 11))
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
    parser.add_argument("--games", nargs="*", help="only these games (keys)")
    args = parser.parse_args()
    keys = [g.key for g in GAMES if not args.games or g.key in args.games]
    by_game = {key: play(key) for key in keys}
    kinds = sorted({k for counts in by_game.values() for k in counts})
    print("Words per answer, all games (median / p95 / max / answers):")
    print("| kind | median | p95 | max | answers |\n| --- | ---: | ---: | ---: | ---: |")
    for kind in kinds:
        values = [v for counts in by_game.values() for v in counts.get(kind, [])]
        print(f"| {kind} | {statistics.median(values):g} | {p95(values):g} | {max(values)} | {len(values)} |")
    print("\nBudgets by game (issue 37): median words of a move typed by card (scripted and random), said by")
    print(f"card and by pile (random) <= {BUDGETS['move']}; the longest question <= {LIMITS['question']}, greeting <= "
          f"{LIMITS['greeting']}, help before more <= {LIMITS['help']}; x marks a figure over its budget.")
    head = ("| game | move median | by card median | by pile median | heard median | move p95 | question max | greeting | help | "
            "board words | board s (200 wpm) | full reading words |")
    if args.espeak:
        head += " board s (espeak-ng) |"
    print(head + "\n| --- |" + " ---: |" * (head.count("|") - 2))
    over: dict[str, list[str]] = defaultdict(list)
    for key in keys:
        counts = by_game[key]
        cells = []
        for kind in ("move", "move by card", "move by pile", "move heard"):
            values = counts.get(kind)
            if not values:
                cells.append("-")
                continue
            median = statistics.median(values)
            mark = "" if median <= BUDGETS[kind] else " x"
            if mark:
                over[kind].append(key)
            cells.append(f"{median:g}{mark}")
        cells.append(f"{p95(counts.get('move', [0])):g}")
        for kind in ("question", "greeting", "help"):
            values = counts.get(kind)
            if not values:
                cells.append("-")
                continue
            mark = "" if max(values) <= LIMITS[kind] else " x"
            if mark:
                over[kind].append(key)
            cells.append(f"{max(values)}{mark}")
        said, full = board_at_deal(key)
        row = f"| {key} | " + " | ".join(cells) + f" | {words(said)} | {60 * words(said) / RATE:.1f} | {words(full)} |"
        if args.espeak:
            seconds = espeak_seconds(said)
            row += f" {seconds:.1f} |" if seconds is not None else " - |"
        print(row)
    print("\nOver budget:")
    for kind in ("move", "move by card", "move by pile", "move heard", "question", "greeting", "help"):
        print(f"- {kind}: {len(over[kind])} of {len(keys)} games" + (f" ({', '.join(over[kind])})" if over[kind] else ""))


if __name__ == "__main__":
    main()
