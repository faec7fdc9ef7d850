"""Bench: does the game do what nobody asked for? Real people's recordings through the game as it
listens, this code side by side with an earlier commit in the same run (issue 34).

    python bench/unasked.py CLIPS [--against REV] [--recogniser pocketsphinx|moonshine|moonshine-whisper ...] [--jobs 2]
                            [--out FILE.json] [--summary FILE.json]

``CLIPS`` is a folder made by bench/human_clips.py (tests/data/human, or a larger one). Each clip is
heard by PocketSphinx with Whisper's second opinion, as ``voicegame play`` listens
(``listening_pocketsphinx(transcriber=find_transcriber())``), and acted on by ``Session.hear`` in
three situations of Klondike:

- **start**: deal 1's first position, nothing asked. None of these clips asks for a change: every
  change is counted. Outcomes: *game changed* (a move, draw, undo, new deal, quit...), *setting changed*
  (speech rate or volume, brief/verbose, auto on/off, asleep), *asked* (a yes/no question or "which one?"),
  *answered* (any other answer: a reading, help, a refusal), *nothing* ("Sorry, I did not catch that" or
  silence).
- **which**: deal 14 after "move the eight" ("Which eight: spades or clubs?"; the eights lie on piles
  one and three). Digits "one" and "three" should answer it (*right*: the eight of that pile played);
  any other move is *wrong*.
- **confirm**: deal 1 after a doubtful "draw" ("Draw?" waiting for yes). "yes" should draw, "no"
  cancel; any other change is *wrong*.

``--recogniser moonshine`` hears the clips with Moonshine base-en held to the same grammar
(voicegame/audio/moonshine/) instead; given twice (``--recogniser pocketsphinx --recogniser moonshine``)
both ears run side by side, their rows marked "this" and "this moonshine".

``--against REV`` installs that commit of this repository (``pip install --no-deps --target``, no
work tree touched) and runs the same clips through it in a second process at the same time, so both
figures come from one run on one machine.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import platform
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from ears import EARS  # noqa: E402
from human_clips import Clip, load  # noqa: E402

DIGITS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
WHICH = ("klondike", 14, "move the eight", {"one": "pile1>pile2", "three": "pile3>pile2"})
"""Deal, command and the move each right answer plays: "Which eight: spades or clubs?" (piles one, three)."""


# ------------------------------------------------------------------------------- in a worker
def _session(game: str, seed: int):  # noqa: ANN202 - imported late: the code under test is chosen by sys.path
    from voicegame.play.session import Session

    session = Session(game, seed=seed)
    session.hint_seconds, session.hint_nodes = None, 2000
    return session


def _settings(session) -> tuple:  # noqa: ANN001
    """Speech rate and volume, brief/verbose, auto play and sleep (a mode: "Sleeping. Say wake up to wake me.")."""
    return (len(session.speech_settings), session.verbose, session.auto_play, getattr(session, "asleep", False))


def _game(session) -> tuple:  # noqa: ANN001
    return (session.history.cursor, len(session.history.states), session.state, session.seed, session.entry.key)


def outcome(session, reply, game_before: tuple, settings_before: tuple, not_understood: str,  # noqa: ANN001
            question_before: object = None) -> str:
    """What ``reply`` did; a question open before that is asked again ("That is not one of the choices.
    Which eight...?") is an answer, not a new question."""
    if reply.quit or reply.moves or _game(session) != game_before:
        return "game changed"
    if _settings(session) != settings_before:
        return "setting changed"
    if session.dialogue.pending is not None or (session.dialogue.question is not None and question_before is None):
        return "asked"
    if reply.sentences and reply.sentences != [not_understood]:
        return "answered"
    return "nothing"


def _open(situation: str):  # noqa: ANN202
    """A fresh session in ``situation``, with what it asked."""
    from voicegame.audio.recognisers import Heard

    if situation == "which":
        game, seed, command, _ = WHICH
        session = _session(game, seed)
        session.handle(command)
        return session
    session = _session("klondike", 1)
    if situation == "confirm":
        session.hear(Heard("draw", 1.0, False, "weak fit"))  # doubtful: "Draw?" waits for yes
    return session


def _recogniser(kind: str):  # noqa: ANN202
    from ears import make_ear

    return make_ear(kind)


def run_clips(clips: list[dict], situation: str, kind: str = "pocketsphinx") -> list[dict]:
    """Hear every clip in ``situation`` with the recogniser ``kind``; one row per clip."""
    from voicegame.audio.wavio import read_wav
    try:
        from voicegame.listen.understanding import understand
    except ImportError:  # code before 2026-11-27 (--against)
        from voicegame.listen.match import understand  # type: ignore[attr-defined,no-redef]

    recogniser = _recogniser(kind)
    rows = []
    current = None
    for clip in clips:
        session = _open(situation)
        not_understood = session.narrator.say("not_understood")
        grammar = session.recogniser_grammar()
        if grammar is not current:
            recogniser.set_grammar(grammar)
            current = grammar
        audio = read_wav(clip["path"])
        cpu = time.process_time()
        heard = recogniser.recognise(audio)
        game_before, settings_before = _game(session), _settings(session)
        question_before = session.dialogue.question
        understood = understand(heard, session.state, session.parser, session.resolver, session.move_matcher,
                                session.narrator, question_before is not None)
        reply = session.hear(heard)
        spent = time.process_time() - cpu
        got = outcome(session, reply, game_before, settings_before, not_understood, question_before)
        codes = [m.code(session.engine) for m in reply.moves]
        if situation == "which" and got == "game changed":
            got = "right" if codes == [WHICH[3].get(clip["words"])] else "wrong"
        elif situation == "confirm" and got == "game changed":
            got = "right" if clip["words"] == "yes" and codes == ["deal"] else "wrong"
        elif situation == "confirm" and clip["words"] == "no" and got == "answered" \
                and session.narrator.say("cancelled") in reply.sentences:
            got = "right"
        transcript = getattr(heard.transcript, "value", None) if getattr(heard.transcript, "asked", False) else None
        rows.append({**clip, "situation": situation, "outcome": got, "heard": heard.text, "doubt": str(heard.doubt),
                     "understood": {"how": understood.how, "doubt": str(understood.doubt), "text": understood.text,
                                    "intent": understood.command.intent if understood.command else None},
                     "transcript": getattr(transcript, "text", None), "said": reply.sentences, "moves": codes,
                     "whisper": _whisper_evidence(session), "cpu": spent, "recogniser": kind})
    return rows


def _whisper_evidence(session) -> dict:  # noqa: ANN001
    """What the policy was told of Whisper's opinion of the clip ({} for code without ``last_evidence``)."""
    evidence = getattr(session, "last_evidence", None)
    if evidence is None:
        return {}
    return {"disagrees": evidence.whisper_disagrees}


def worker(job: tuple[list[dict], str, str]) -> list[dict]:
    return run_clips(*job)


def run_all(clips: list[Clip], jobs: int, kinds: tuple[str, ...] = ("pocketsphinx",)) -> list[dict]:
    plain = [{"path": c.path, "words": c.words, "speaker": c.speaker, "set": c.set} for c in clips]
    answers = [c for c in plain if c["words"] in DIGITS or c["words"] in ("yes", "no")]
    work = []
    for kind in kinds:
        work += [(plain[i::jobs], "start", kind) for i in range(jobs)]
        work += [([c for c in answers if c["words"] in DIGITS], "which", kind),
                 ([c for c in answers if c["words"] in ("yes", "no")], "confirm", kind)]
    rows: list[dict] = []
    with multiprocessing.Pool(jobs) as pool:
        for part in pool.imap_unordered(worker, work):
            rows += part
    return rows


# ------------------------------------------------------------------------------- comparing
def install(rev: str, into: Path) -> None:
    """That commit of this repository as an installed package (grammars and sounds in place) in ``into``."""
    tree = into / "tree"
    tree.mkdir(parents=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target",
                    str(into / "site"), str(tree)], check=True)


def summarise(rows: list[dict]) -> str:
    lines = []
    codes = sorted({r["code"] for r in rows}, key=lambda c: c != "this")
    for situation, kinds in (("start", ("game changed", "setting changed", "asked", "answered", "nothing")),
                             ("which", ("right", "wrong", "asked", "answered", "nothing", "setting changed")),
                             ("confirm", ("right", "wrong", "asked", "answered", "nothing", "setting changed"))):
        mine = [r for r in rows if r["situation"] == situation]
        if not mine:
            continue
        lines.append(f"\n{situation}: clips by set and code")
        lines.append("| set | code | clips | " + " | ".join(kinds) + " |")
        lines.append("| --- | --- | ---: |" + " ---: |" * len(kinds))
        for set_name in sorted({r["set"] for r in mine}) + ["all"]:
            for code in codes:
                part = [r for r in mine if r["code"] == code and set_name in ("all", r["set"])]
                c = Counter(r["outcome"] for r in part)
                lines.append(f"| {set_name} | {code} | {len(part)} | " + " | ".join(f"{c[k]}" for k in kinds) + " |")
    changes = defaultdict(Counter)
    for r in rows:
        if r["outcome"] in ("game changed", "setting changed", "wrong", "answered") and r["situation"] == "start":
            changes[r["code"]][f"{r['words']} -> {' '.join(r['said'])[:60]}"] += 1
    for code in codes:
        lines.append(f"\n{code}: what changed or was answered at the start ({sum(changes[code].values())})")
        for what, n in changes[code].most_common(25):
            lines.append(f"- {n} x {what}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("clips", type=Path, nargs="?")
    ap.add_argument("--against", metavar="REV", help="also run this commit of the repository, side by side")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--recogniser", action="append", choices=list(EARS),
                    help="the ear (default: pocketsphinx, as the game listens); twice: both side by side")
    ap.add_argument("--out", type=Path)
    ap.add_argument("--summary", type=Path, help="only summarise this JSON file")
    ap.add_argument("--code", default="this", help=argparse.SUPPRESS)  # set in the child that runs REV
    args = ap.parse_args(argv)
    if args.summary:
        print(summarise(json.loads(args.summary.read_text())))
        return 0
    if args.clips is None:
        ap.error("CLIPS is needed")
    clips = load(args.clips)
    print(f"{len(clips)} clips: {dict(Counter(c.set for c in clips))}; speakers named: "
          f"{len({(c.set, c.speaker) for c in clips if c.speaker})}", flush=True)
    t0, cpu0 = time.time(), os.times()
    other: subprocess.Popen[bytes] | None = None
    scratch = None
    if args.against:
        scratch = tempfile.TemporaryDirectory()
        install(args.against, Path(scratch.name))
        env = {**os.environ, "PYTHONPATH": str(Path(scratch.name) / "site")}
        other_out = Path(scratch.name) / "rows.json"
        other = subprocess.Popen([sys.executable, "-u", str(Path(__file__)), str(args.clips.resolve()),
                                  "--jobs", str(max(1, args.jobs // 2)), "--out", str(other_out), "--code", args.against,
                                  *(flag for kind in args.recogniser or () for flag in ("--recogniser", kind))],
                                 env=env, cwd=scratch.name, stdout=subprocess.DEVNULL,
                                 stderr=open(Path(scratch.name) / "log.txt", "w"))
    kinds = tuple(args.recogniser or ["pocketsphinx"])
    rows = [{**r, "code": args.code if r.get("recogniser", "pocketsphinx") == "pocketsphinx" else f"{args.code} {r['recogniser']}"}
            for r in run_all(clips, max(1, args.jobs // 2) if other else args.jobs, kinds)]
    if other is not None and scratch is not None:
        if other.wait() != 0:
            print(f"{args.against} failed:\n" + (Path(scratch.name) / "log.txt").read_text(), file=sys.stderr)
            return 1
        rows += json.loads((Path(scratch.name) / "rows.json").read_text())
    if args.out:
        args.out.write_text(json.dumps(rows))
    if args.code != "this":
        return 0  # the child: its rows go back to the parent
    cpu = os.times()
    print(f"\n{time.strftime('%Y-%m-%d')}, {platform.machine()}, Python {platform.python_version()}, {args.jobs} workers, "
          f"{time.time() - t0:.0f} s wall, {cpu.children_user + cpu.children_system - cpu0.children_user - cpu0.children_system:.0f} s CPU of workers")
    print(summarise(rows))
    if scratch is not None:
        scratch.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
