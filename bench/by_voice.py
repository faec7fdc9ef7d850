"""Bench: whole deals played by voice with held-out voices, the figure a player feels (issue 36, item 6).

    python bench/by_voice.py [--games 10] [--condition clean|white20] [--quick] [--jobs 2] [--recogniser pocketsphinx|moonshine|moonshine-whisper]
                             [--voices held-out|tuning] [--voice LABEL] [--typed] [--out FILE.json] [--summary FILE.json]

Deals: Klondike (draw three), FreeCell and Spider (one suit), deals the thoughtful solver wins
quickly (``voicegame.solver.solve_thoughtful``, stretches that come back to an earlier position cut
out, as tests/data/make_scripts.py does). ``--games N`` takes the first N of ``DEALS`` (interleaved
Klondike, FreeCell, Spider, so that a short run still covers the three games); default 10: 4 Klondike,
3 FreeCell, 3 Spider.

The simulated player follows the winning line move by move, in one held-out voice per game
(bench/voices.py ``HELD_OUT``, those installed here (``held_out_here()``), rotated across games: game i speaks
in ``held_out_here()[i % len(...)]``; Piper joe and Festival ked, added last on 2026-11-29, speak games 8 and 9
of 10 where they are installed, and the first eight games keep their voices; ``--voices tuning``: the ``TUNING``
voices this machine can synthesise, rotated the same way, to diagnose and tune on, their figures no result), padded
with 0.3 s of silence either side (bench/asr.py ``pad``), clean or mixed with white noise at 20 dB SNR
(``mix``). Each utterance goes through the game as it listens: ``listening_pocketsphinx(transcriber=
find_transcriber())`` with ``Session.recogniser_grammar()`` of the turn, ``recognise`` then
``Session.hear``.

What the player says for a move, in turn from move to move (a family that does not name the move
unambiguously when typed is skipped: "five of spades on six of spades" in one-suit Spider):
- "narrator": the game's own phrase (``Narrator.move_phrase``: "seven of hearts on eight of spades",
  "ace of clubs up", "six of spades to cell one");
- "X on Y": both cards named, "seven of hearts on eight of spades" (only onto a face-up card);
- "pile to pile": the piles' names, "pile three to pile five", "column two to cell one";
- "move X to pile": "move the seven of hearts to pile five".
Draws: the narrator's word ("draw" / "deal"), then the other of the two.

When the game did not understand, the player says it again: the 2nd time the same words, the 3rd
time the next phrasing, the 4th the same again, and so on; at most ``MAX_ATTEMPTS`` (6) attempts per
move, then the move is given up on (counted) and put on the table directly. A yes/no question
(``dialogue.pending``) is answered "yes" if it is about the meant move (the action waiting for yes
plays that move or that command), else "no" -- spoken, through the recogniser. "Which one?"
(``dialogue.question``) is answered with the label of the meant move among the options offered
(spoken); when the meant move is not among them, the player starts again with the move named by
piles. Anything the game does that is not the meant move is a wrong action (counted): the player
says "undo" (and "yes" if asked); if the table is still not the line's, the session is put back on
the line directly (a reset, counted too).

``--typed``: the same player typing (``Session.handle`` with the same texts): the sanity check, 1.0
utterances per move and every deal won.

Each utterance's row (``--out``) holds what was said, what was heard (the decode, the recogniser's doubt,
its n-best with scores and alternatives, what it rejected, Whisper's transcript and log probability when
the game asked for it), the intent understood and what the game replied, so that every utterance beyond
one a move can be put down to its cause.

Figures, per game and in total: moves, utterances per move, questions per move, wrong actions, resets,
moves given up, seconds of audio (padded, as heard) per game and per move, CPU per utterance
(``time.process_time`` of the worker around grammar set-up, ``recognise`` and ``hear``; the Whisper
second opinion runs in the same process, so it is counted), and whether the deal was won.
"""

from __future__ import annotations

import argparse
import json
import logging
import multiprocessing
import os
import platform
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "audio"))
sys.path.insert(0, str(ROOT / "bench"))

from asr import mix, pad  # noqa: E402
from ears import EARS  # noqa: E402
from voices import TUNING, Voice, available, by_label, held_out_here, pcm  # noqa: E402
from voicegame.audio.backend import TranscriptOnDemand  # noqa: E402
from voicegame.engine import Engine, History, Move, MoveKind, State  # noqa: E402
from voicegame.games import find_game  # noqa: E402
from voicegame.language.resolve import Ask, Play  # noqa: E402
from voicegame.play.dialogue import Dialogue  # noqa: E402
from voicegame.play.session import Session  # noqa: E402
from voicegame.solver import solve_thoughtful  # noqa: E402

SR = 16000
MAX_ATTEMPTS = 6
"""Attempts (the move said) per move before the player gives up on it."""
MAX_UTTERANCES = 16
"""Utterances of every kind (attempts, answers, undo) per move: a backstop so that a game always ends."""
FAMILIES = ("narrator", "X on Y", "pile to pile", "move X to pile")
DEALS: list[tuple[str, dict[str, Any], int]] = [
    ("klondike", {"draw": 3}, 5),
    ("freecell", {}, 1),
    ("spider", {"suits": 1}, 1),
    ("klondike", {"draw": 3}, 3),
    ("freecell", {}, 2),
    ("spider", {"suits": 1}, 3),
    ("klondike", {"draw": 3}, 6),
    ("freecell", {}, 3),
    ("spider", {"suits": 1}, 10),
    ("klondike", {"draw": 3}, 7),
]
"""(game, options, seed): deals the thoughtful solver wins in well under a second (Spider one suit:
seeds 2, 4, 8, 9 not within 6 s, 5 only with a 233-move line), interleaved by game."""
QUICK_MOVES = 30


# ------------------------------------------------------------------------------- the line
def without_loops(engine: Engine, state: State, moves) -> list[Move]:
    """``moves`` with every stretch that returns to an earlier position removed (tests/data/make_scripts.py)."""
    states, kept = [state], []
    for move in moves:
        after = engine.apply(states[-1], move)[0]
        if after in states:
            cut = states.index(after)
            del states[cut + 1 :], kept[cut:]
        else:
            states.append(after)
            kept.append(move)
    return kept


def winning_line(key: str, options: dict[str, Any], seed: int) -> list[Move]:
    engine = Engine(find_game(key).make(**options))
    start = engine.deal(seed)
    result = solve_thoughtful(engine, start, seconds=60)
    if not result.solved:
        raise RuntimeError(f"{key} {options} seed {seed}: {result.outcome}")
    return without_loops(engine, start, result.moves)


# ------------------------------------------------------------------------------- phrasings
def _resolves(session: Session, state: State, text: str, move: Move) -> bool:
    """Whether ``text``, typed at ``state``, is a command that plays exactly ``move``."""
    command = session.parser.parse(text)
    if command is None:
        return False
    if move.kind is MoveKind.DEAL:
        return command.intent == "draw"
    if command.intent != "move":
        return False
    return session.resolver.resolve_move(state, command.source, command.target) == Play(move)


def phrasings(session: Session, state: State, move: Move) -> list[tuple[str, str]]:
    """(family, text) for ``move`` at ``state``, each naming it unambiguously, in ``FAMILIES`` order
    (for a draw: the narrator's word, then the other of "draw" and "deal")."""
    narrator, specs = session.narrator, session.engine.specs
    own = narrator.move_phrase(state, move)
    if move.kind is MoveKind.DEAL:
        out = [("narrator", own)] + [("draw word", w) for w in ("draw", "deal") if w != own]
        return [(f, t) for f, t in out if _resolves(session, state, t, move)] or [("narrator", own)]
    out: list[tuple[str, str]] = []
    if _resolves(session, state, own, move):
        out.append(("narrator", own))
    card = state.piles[move.src].cards[-move.count]
    dst = state.piles[move.dst]
    if dst.top is not None and dst.top_face_up:
        out.append(("X on Y", f"{card.spoken} on {dst.top.spoken}"))
    out.append(("pile to pile", f"{specs[move.src].name} to {specs[move.dst].name}"))
    out.append(("move X to pile", f"move the {card.spoken} to {specs[move.dst].name}"))
    out = [(f, t) for f, t in out if f == "narrator" or _resolves(session, state, t, move)]
    if not out:  # equal cards everywhere: the narrator's own way of naming the piles
        out = [("by pile", narrator.move_phrase(state, move, by_pile=True))]
    return out


def rotation(options: list[tuple[str, str]], index: int) -> list[tuple[str, str]]:
    """The phrasings to try, starting with the family of move ``index`` (FAMILIES in turn)."""
    wanted = FAMILIES[index % len(FAMILIES)]
    fams = [f for f, _ in options]
    start = fams.index(wanted) if wanted in fams else index % len(options)
    return options[start:] + options[:start]


# ------------------------------------------------------------------------------- the player
@dataclass
class Tally:
    moves: int = 0
    utterances: int = 0
    attempts: int = 0
    questions: int = 0
    wrong: int = 0
    resets: int = 0
    given_up: int = 0
    audio_s: float = 0.0
    cpu: list[float] = field(default_factory=list)
    wrong_examples: list[dict] = field(default_factory=list)


class Player:
    """Plays one deal's winning line through a session, by voice or typed."""

    def __init__(self, key: str, options: dict[str, Any], seed: int, voice: Voice | None, condition: str,
                 recogniser=None, rows: list[dict] | None = None, game_index: int = 0) -> None:
        self.session = Session(key, dict(options), seed=seed)
        s = self.session
        s.hint_seconds, s.hint_nodes = None, 2000  # as bench/heard.py: searches bounded by nodes, not the clock
        s.winnable_seconds, s.winnable_nodes = None, 5000
        self.key, self.options, self.seed = key, options, seed
        self.voice, self.condition = voice, condition
        self.recogniser = recogniser
        self.current_grammar = None
        self.rows = rows if rows is not None else []
        self.tally = Tally()
        self.n = 0  # utterance counter (noise seed)
        self.game_index = game_index
        self.move_index = -1
        self.meant = ""
        self.family = ""
        self.per_move = 0  # utterances of every kind for the move being played

    # one utterance --------------------------------------------------------------
    def say(self, text: str, kind: str):
        s = self.session
        self.n += 1
        self.per_move += 1
        before = s.state
        t0 = time.process_time()
        if self.voice is None:
            reply = s.handle(text)
            heard_text, extra = text, {}
            audio_s = 0.0
        else:
            grammar = s.recogniser_grammar()
            if grammar is not self.current_grammar:
                self.recogniser.set_grammar(grammar)
                self.current_grammar = grammar
            t_audio = time.process_time()
            audio = pad(pcm(text, self.voice))
            if self.condition == "white20":
                audio = mix(audio, "white", 20, seed=self.game_index * 100003 + self.n)
            synth = time.process_time() - t_audio  # the synthesiser's own share (cached on disk) is not the game's
            heard = self.recogniser.recognise(audio)
            reply = s.hear(heard)
            heard_text = heard.text
            written = heard.transcript if isinstance(heard.transcript, TranscriptOnDemand) and heard.transcript.asked else None
            got = written.value if written is not None else None
            extra = {"doubt": heard.doubt, "rejected_by": heard.evidence.rejected_by, "second": heard.evidence.second,
                     "whisper": None if written is None else ("" if got is None else got.text),
                     "whisper_logprob": None if got is None else round(got.logprob, 3),
                     "unknown": heard.unknown, "confidence": heard.confidence,
                     "alternatives": list(heard.alternatives[:4]),
                     "nbest": [[t, round(sc, 3)] for t, sc in heard.nbest[:4]]}
            audio_s = len(audio) / SR
            t0 += synth
        cpu = time.process_time() - t0
        t = self.tally
        t.utterances += 1
        t.audio_s += audio_s
        t.cpu.append(cpu)
        asked = "question" in reply.earcons
        t.questions += asked
        self.rows.append({"game": self.key, "seed": self.seed, "voice": self.voice.label if self.voice else "typed",
                          "condition": self.condition, "move": self.move_index, "meant": self.meant, "kind": kind,
                          "family": self.family if kind == "move" else "",
                          "said": text, "heard": heard_text, "intent": reply.command.intent if reply.command else None,
                          "reply": reply.sentences, "asked": asked, "changed": s.state != before,
                          "cpu_s": cpu, "audio_s": audio_s, **extra})
        return reply

    # what is waiting ---------------------------------------------------------------
    def pending_is(self, state: State, move: Move | None, intent: str | None = None) -> bool:
        """Whether the action waiting for "yes" plays ``move`` (or, with ``intent``, does that command)."""
        action = self.session.dialogue.pending
        if not isinstance(action, partial):
            return False
        kw = action.keywords
        if "move" in kw:
            return move is not None and kw["move"] == move
        command = kw.get("command")
        if command is None:
            return False
        if intent is not None:
            return command.intent == intent
        if move is None:
            return False
        if move.kind is MoveKind.DEAL:
            return command.intent == "draw"
        if command.intent == "move":
            return self.session.resolver.resolve_move(state, command.source, command.target) == Play(move)
        return False

    def answer_open(self, state: State, move: Move | None, intent: str | None = None) -> None:
        """Answer what the game asks, a few rounds at most: yes/no questions, "which one?"."""
        s = self.session
        for _ in range(3):
            if self.per_move >= MAX_UTTERANCES:
                return
            if s.dialogue.pending is not None:
                yes = self.pending_is(state, move, intent)
                self.say("yes" if yes else "no", "answer yes" if yes else "answer no")
            elif s.dialogue.question is not None and move is not None:
                ask: Ask = s.dialogue.question
                labels = [label for label, m in ask.options if m == move]
                if not labels:
                    return  # the meant move is not offered: the caller says the move again, by piles
                self.say(labels[0], "answer which")
            else:
                return

    # back on the line ----------------------------------------------------------------
    def back_to(self, state: State, note: dict) -> None:
        s = self.session
        self.tally.wrong += 1
        self.tally.wrong_examples.append(note)
        if s.entry.key == self.key and s.seed == self.seed and s.history.can_undo():
            self.say("undo", "undo")
            self.answer_open(s.history.current, None, "undo")
        if s.entry.key != self.key or s.seed != self.seed or s.state != state:
            self.tally.resets += 1
            if s.entry.key != self.key or s.seed != self.seed:
                s.start_game(find_game(self.key), dict(self.options), self.seed)
            s.history = History.start(state)
        s.dialogue = Dialogue()

    # one move of the line ----------------------------------------------------------
    def play_move(self, index: int, move: Move) -> None:
        s = self.session
        state = s.state
        target = s.engine.apply(state, move)[0]
        options = rotation(phrasings(s, state, move), index)
        self.move_index, self.meant = index, options[0][1]
        self.tally.moves += 1
        self.per_move = 0
        attempt = 0
        by_pile = False
        while attempt < MAX_ATTEMPTS and self.per_move < MAX_UTTERANCES:
            if by_pile:
                self.family, text = "by pile", s.narrator.move_phrase(state, move, by_pile=True)
            else:
                self.family, text = options[(attempt // 2) % len(options)]  # twice the same words, then the next phrasing
            attempt += 1
            self.tally.attempts += 1
            reply = self.say(text, "move")
            if s.state == state and s.entry.key == self.key and not reply.quit:
                self.answer_open(state, move)
                if s.dialogue.question is not None:  # asked which one, and the meant move is not offered
                    by_pile = True
            if s.state == target:
                s.dialogue = Dialogue() if s.dialogue.question_open() else s.dialogue
                return
            if s.state != state or reply.quit or s.entry.key != self.key or s.seed != self.seed:
                last = self.rows[-1]
                self.back_to(state, {"move": index, "meant": text, "said": last["said"], "heard": last["heard"],
                                     "kind": last["kind"], "reply": last["reply"][:2], "quit": reply.quit})
        self.tally.given_up += 1
        s.dialogue = Dialogue()
        s.history = History.start(target) if s.state != target else s.history


def play_deal(job: tuple) -> dict:
    """One deal (a worker's job): the tally and every utterance's row."""
    index, key, options, seed, voice_index, condition, typed, quick, ear = job
    logging.getLogger("voicegame").setLevel(logging.ERROR)
    os.nice(0)
    line = winning_line(key, options, seed)
    if quick:
        line = line[:QUICK_MOVES]
    voice = None if typed else by_label(voice_index)
    recogniser = None
    if not typed:
        from ears import make_ear
        recogniser = make_ear(ear)
    rows: list[dict] = []
    player = Player(key, options, seed, voice, condition, recogniser, rows, index)
    began = time.process_time()
    result = None
    for i, move in enumerate(line):
        player.play_move(i, move)
        if PARTIAL and i % 10 == 9:  # so that a run stopped at a deadline still has this deal's first moves
            result = _result(job, player, line, voice, began, quick=True)
            Path(f"{PARTIAL}.part{index + 1}.json").write_text(json.dumps([result]))
    return _result(job, player, line, voice, began, quick)


def voice_set(name: str) -> tuple[Voice, ...]:
    """The voices of ``name`` ("held-out" or "tuning") that this machine can synthesise, in order."""
    return held_out_here() if name == "held-out" else tuple(v for v in TUNING if available(v))


PARTIAL = ""
"""``--out`` FILE: each deal also writes FILE.partN.json every 10 moves (marked as part of its line)."""


def _result(job: tuple, player: Player, line: list[Move], voice: Voice | None, began: float, quick: bool) -> dict:
    index, key, options, seed, _, condition, *_ = job
    rows = player.rows
    s = player.session
    t = player.tally
    won = s.engine.is_won(s.state)
    return {"index": index, "game": key, "options": options, "seed": seed, "voice": voice.label if voice else "typed",
            "condition": condition, "line": len(line), "moves": t.moves, "utterances": t.utterances,
            "attempts": t.attempts, "questions": t.questions, "wrong": t.wrong, "resets": t.resets,
            "given_up": t.given_up, "audio_s": t.audio_s, "cpu": t.cpu, "won": won,
            "complete_line": not quick, "wrong_examples": t.wrong_examples,
            "cpu_total": time.process_time() - began, "rows": list(rows)}


# ------------------------------------------------------------------------------- report
def p95(values: list[float]) -> float:
    return float(np.percentile(np.asarray(values), 95)) if values else float("nan")


def summarise(results: list[dict]) -> str:
    lines = ["| # | game | seed | voice | moves | utterances / move | questions / move | wrong actions | resets | "
             "given up | audio s | audio s / move | CPU / utt. median s | p95 s | won |",
             "| ---: | --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |"]
    results = sorted(results, key=lambda r: r["index"])
    for r in results:
        m = max(r["moves"], 1)
        won = "yes" if r["won"] else (f"(first {r['moves']} of {r['line']} moves)" if not r["complete_line"] else "no")
        if r["won"] and (r["given_up"] or r["resets"]):
            won = f"yes, {r['given_up'] + r['resets']} put back by hand"
        lines.append(f"| {r['index'] + 1} | {r['game']} | {r['seed']} | {r['voice']} | {r['moves']} | "
                     f"{r['utterances'] / m:.2f} | {r['questions'] / m:.2f} | {r['wrong']} | {r['resets']} | "
                     f"{r['given_up']} | {r['audio_s']:.0f} | {r['audio_s'] / m:.2f} | "
                     f"{statistics.median(r['cpu']):.2f} | {p95(r['cpu']):.2f} | {won} |")
    for game in ("klondike", "freecell", "spider", None):
        mine = [r for r in results if game is None or r["game"] == game]
        if not mine:
            continue
        m = max(sum(r["moves"] for r in mine), 1)
        cpu = [c for r in mine for c in r["cpu"]]
        lines.append(f"| | **{game or 'all'}** ({len(mine)} deals) | | | {m} | {sum(r['utterances'] for r in mine) / m:.2f} | "
                     f"{sum(r['questions'] for r in mine) / m:.2f} | {sum(r['wrong'] for r in mine)} | "
                     f"{sum(r['resets'] for r in mine)} | {sum(r['given_up'] for r in mine)} | "
                     f"{sum(r['audio_s'] for r in mine):.0f} | {sum(r['audio_s'] for r in mine) / m:.2f} | "
                     f"{statistics.median(cpu):.2f} | {p95(cpu):.2f} | {sum(r['won'] for r in mine)} of {len(mine)} |")
    return "\n".join(lines)


def details(results: list[dict]) -> str:
    """Which phrasings and words failed: first attempts by family, and the wrong actions."""
    rows = [row for r in results for row in r["rows"]]
    out = []
    first = [row for row in rows if row["kind"] == "move"]
    by_family: dict[str, Counter] = {}
    per_deal: dict[tuple, Counter] = {}
    for r in results:
        seen = set()
        for row in r["rows"]:
            if row["kind"] != "move" or row["move"] in seen:
                continue
            seen.add(row["move"])
            ok = row["changed"] and not any(e["move"] == row["move"] for e in r["wrong_examples"])
            fam = row.get("family") or _family(row)
            if row["said"] in ("draw", "deal"):
                fam = f"draw: \"{row['said']}\" ({'the narrator' if fam == 'narrator' else 'the other word'})"
            by_family.setdefault(fam, Counter())["ok" if ok else "not"] += 1
            per_deal.setdefault((r["index"], fam), Counter())["ok" if ok else "not"] += 1
    out.append("First attempt of each move played at once (no question), by what was said, all deals and per voice:")
    out.append("")
    ordered = sorted(results, key=lambda r: r["index"])
    out.append("| said | all | " + " | ".join(f"{r['voice']} ({r['game']})" for r in ordered) + " |")
    out.append("| --- | ---: |" + " ---: |" * len(ordered))
    for fam, c in sorted(by_family.items()):
        n = c["ok"] + c["not"]
        cells = []
        for r in ordered:
            mine = per_deal.get((r["index"], fam), Counter())
            m = mine["ok"] + mine["not"]
            cells.append(f"{mine['ok']}/{m}" if m else "-")
        out.append(f"| {fam} | {c['ok']}/{n} ({100 * c['ok'] / n:.0f}%) | " + " | ".join(cells) + " |")
    wrong = [(r["game"], r["seed"], e) for r in results for e in r["wrong_examples"]]
    if wrong:
        out.append("")
        out.append("Wrong actions (said -> heard -> what the game said):")
        out.append("")
        for game, seed, e in wrong:
            out.append(f"- {game} {seed}, move {e['move'] + 1}: \"{e['said']}\" ({e['kind']}) -> \"{e['heard']}\" -> "
                       f"{' '.join(e['reply'])}{' (quit)' if e['quit'] else ''}")
    kinds = Counter(row["kind"] for row in rows)
    out.append("")
    out.append("Utterances by kind: " + ", ".join(f"{k} {v}" for k, v in kinds.most_common()))
    out.append(f"Move attempts heard word for word: {sum(row['heard'] == row['said'] for row in first)} of {len(first)}")
    return "\n".join(out)


def _family(row: dict) -> str:
    said = row["said"]
    if said in ("draw", "deal"):
        return "draw / deal"
    if said.startswith("move the "):
        return "move X to pile"
    if said.endswith(" up"):
        return "X up (narrator)"
    words = said.split()
    if words[0] in ("pile", "column", "waste", "cell", "row") and " to " in said:
        return "pile to pile"
    if " on " in said:
        return "X on Y / narrator's X on Y"
    if " to " in said:
        return "X to pile (narrator)"
    return "other"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10, help="the first N deals of DEALS (default 10)")
    ap.add_argument("--condition", choices=("clean", "white20"), default="clean")
    ap.add_argument("--quick", action="store_true", help="one deal of each game, its first 30 moves")
    ap.add_argument("--typed", action="store_true", help="the same player typing (Session.handle): the sanity check")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--recogniser", choices=EARS, default="pocketsphinx", help="the ear (bench/ears.py)")
    ap.add_argument("--only", help="comma-separated deal numbers (1-based) of DEALS to play")
    ap.add_argument("--voice", help="one voice for every deal (a label of bench/voices.py), instead of the held-out ones in turn")
    ap.add_argument("--voices", choices=("held-out", "tuning"), default="held-out",
                    help="the voices rotated across deals: held-out (figures, the default) or tuning (to diagnose and tune on)")
    ap.add_argument("--out", help="write the results (every utterance's row) to this JSON file, as deals finish")
    ap.add_argument("--summary", nargs="+", help="only summarise these JSON files")
    args = ap.parse_args(argv)
    if args.summary:
        best: dict[tuple, dict] = {}  # a deal's finished result over its partial ones (FILE.partN.json)
        for f in args.summary:
            for r in json.loads(Path(f).read_text()):
                k = (r["index"], r["condition"], r["voice"])
                o = best.get(k)
                if o is None or (r["complete_line"], r["moves"]) > (o["complete_line"], o["moves"]):
                    best[k] = r
        results = list(best.values())
        print(summarise(results))
        print()
        print(details(results))
        return 0
    chosen = list(range(len(DEALS)))[: args.games]
    if args.quick:
        chosen = [0, 1, 2]
    if args.only:
        chosen = [int(x) - 1 for x in args.only.split(",")]
    global PARTIAL
    PARTIAL = args.out or ""
    rotated = voice_set(args.voices)
    work = [(i, *DEALS[i], args.voice or rotated[i % len(rotated)].label, args.condition, args.typed, args.quick, args.recogniser) for i in chosen]
    voices = ", ".join(f"{DEALS[i][0]} {DEALS[i][2]}: {args.voice or rotated[i % len(rotated)].label}" for i in chosen)
    print(f"{len(work)} deals, condition {args.condition}, ear {args.recogniser}, {'typed' if args.typed else 'voices ' + voices}", flush=True)
    t0 = time.time()
    results: list[dict] = []
    with multiprocessing.Pool(min(args.jobs, len(work))) as pool:
        for r in pool.imap_unordered(play_deal, work):
            results.append(r)
            m = max(r["moves"], 1)
            print(f"  done {r['game']} {r['seed']} ({r['voice']}): {r['moves']} moves, {r['utterances'] / m:.2f} utt/move, "
                  f"{r['wrong']} wrong, {r['given_up']} given up, won {r['won']}, CPU {r['cpu_total']:.0f} s", flush=True)
            if args.out:
                Path(args.out).write_text(json.dumps(results))
    print()
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {platform.machine()}, Python {platform.python_version()}, "
          f"{args.jobs} workers, {time.time() - t0:.0f} s wall")
    print(summarise(results))
    print()
    print(details(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
