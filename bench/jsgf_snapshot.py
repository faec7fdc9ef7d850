"""Digests of every JSGF document the game builds, to check that a change to the JSGF builder leaves
them byte-identical: PocketSphinx's and Moonshine's compiled grammars and the speech tests depend on
the exact text.

For every game of the registry, at the start of deals 1-3: every flag combination the callers of
``build_jsgf`` use (the command grammar, the whole and likely listening grammars, questions and
readings open or not, the session's own listening grammar), plus a full cross product of the flags
for a few games whose nouns differ (jokers, no foundations, cells).

    PYTHONPATH=$PWD .venv/bin/python bench/jsgf_snapshot.py > /tmp/now.json
    PYTHONPATH=$PWD .venv/bin/python bench/jsgf_snapshot.py --compare /tmp/before.json
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import sys
import time

from voicegame.games import all_games
from voicegame.listen.command_grammar import ARTICLE, LEGAL_WEIGHT
from voicegame.listen.jsgf_builder import JsgfOptions, build_jsgf
from voicegame.listen.listening_grammar import (ANSWER_INTENTS, LIKELY_LEAVES_OUT, READING_INTENTS, likely_jsgf,
                                                listening_jsgf, whole_jsgf)
from voicegame.listen.sayable import Phrasing, visible_cards
from voicegame.play.session import Session

SEEDS = (1, 2, 3)
CROSS_GAMES = ("klondike", "golf", "thieves", "freecell", "spider", "accordion")
"""Games whose every flag combination is built (the others get the callers' combinations)."""


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _callers(session: Session) -> dict[str, str]:
    """The documents the game's callers build at this position."""
    parser, engine, state = session.parser, session.engine, session.state
    legal = session.words.move_matcher.legal_nouns(state)
    out = {
        "full": build_jsgf(parser),
        "spoken": build_jsgf(parser, JsgfOptions(ARTICLE, phrasing=Phrasing.SPOKEN)),
        "turn": build_jsgf(parser, JsgfOptions(ARTICLE, visible_cards(engine, state), legal, LEGAL_WEIGHT)),
        "session": session.recogniser_grammar().jsgf + "\n----\n" + session.recogniser_grammar().second_jsgf,
    }
    for question, reading in itertools.product((False, True), repeat=2):
        tag = f"q{int(question)}r{int(reading)}"
        for name, legal_moves in (("legal", legal), ("nolegal", None), ("emptylegal", [])):
            out[f"whole/{tag}/{name}"] = whole_jsgf(parser, engine, state, legal_moves, question, reading)
            out[f"likely/{tag}/{name}"] = likely_jsgf(parser, engine, state, legal_moves, question, reading)
        first, second, _ = listening_jsgf(parser, engine, state, legal, question, reading_open=reading)
        out[f"listening/{tag}"] = first + "\n----\n" + second
    return out


def _cross(session: Session) -> dict[str, str]:
    """Every combination of ``build_jsgf``'s flags at this position."""
    parser, state = session.parser, session.state
    legal = session.words.move_matcher.legal_nouns(state)
    visible = visible_cards(session.engine, state)
    skips = {"none": frozenset(), "answers": ANSWER_INTENTS | READING_INTENTS,
             "likely": ANSWER_INTENTS | READING_INTENTS | LIKELY_LEAVES_OUT}
    out = {}
    for article, vis, (lname, leg), weight, skip, spoken, canonical in itertools.product(
            (True, False), (None, visible), (("none", None), ("empty", []), ("legal", legal)),
            (10.0, 1.0, float("inf")), skips, (False, True), (False, True)):
        key = f"cross/a{int(article)}/v{int(vis is not None)}/{lname}/w{weight}/{skip}/s{int(spoken)}/c{int(canonical)}"
        out[key] = build_jsgf(parser, JsgfOptions(article, vis, leg, weight, skips[skip], Phrasing.SPOKEN if spoken else Phrasing.TYPED, canonical))
    return out


def snapshot() -> dict[str, str]:
    """Digest of every document, keyed by game, deal and combination."""
    digests: dict[str, str] = {}
    for entry in all_games():
        for seed in SEEDS:
            if entry.seed_problem(seed):
                continue
            session = Session(entry, seed=seed)
            documents = _callers(session)
            if entry.key in CROSS_GAMES:
                documents.update(_cross(session))
            for name, text in documents.items():
                digests[f"{entry.key}/{seed}/{name}"] = _digest(text)
    return digests


def main() -> int:
    arguments = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    arguments.add_argument("--compare", help="a JSON file of digests written earlier: report every difference")
    options = arguments.parse_args()
    start = time.process_time()
    digests = snapshot()
    seconds = time.process_time() - start
    everything = _digest(json.dumps(digests, sort_keys=True))
    print(f"{len(digests)} documents, {len(set(digests.values()))} distinct, digest {everything}, "
          f"{seconds:.1f} s CPU", file=sys.stderr)
    if not options.compare:
        json.dump(digests, sys.stdout, indent=0, sort_keys=True)
        return 0
    with open(options.compare, encoding="utf-8") as file:
        before = json.load(file)
    changed = sorted(k for k in before.keys() | digests.keys() if before.get(k) != digests.get(k))
    for key in changed[:40]:
        print(f"differs: {key}")
    print(f"{len(changed)} of {len(before)} documents differ")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
