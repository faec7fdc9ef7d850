"""Bench: what Moonshine's grammar costs a turn, and its decode beside it.

    python bench/moonshine_compile.py [--commands 40] [--voice "flite slt"]

1. **Compile**: for Klondike, FreeCell and Spider, four positions along each deal's hint path: the CPU
   seconds of compiling the turn's ``Session.recogniser_grammar()`` to Moonshine's token automaton
   (``GrammarCache.compiled``: the word automaton, determinised as decodes walk it, and the token tries).
2. **Decode**: the first ``--commands`` commands of bench/heard.py's quick corpus, spoken by ``--voice``
   (a tuning voice by default: this is a cost figure, not an accuracy one), each heard by Moonshine alone
   after its turn's grammar is set: CPU a grammar set, CPU a decode, and how many sentences came out exact.

CPU time of this process (``time.process_time``), so a busy machine changes little.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import heard  # noqa: E402
import voices  # noqa: E402
from voicegame.audio.moonshine.grammar_cache import GrammarCache  # noqa: E402
from voicegame.audio.moonshine.model import find_model_files  # noqa: E402
from voicegame.audio.moonshine.recogniser import MoonshineRecogniser  # noqa: E402
from voicegame.audio.moonshine.tokenizer import MoonshineTokenizer  # noqa: E402

GAMES = ("klondike", "freecell", "spider")


def compile_costs(positions: int = 4) -> dict[str, float]:
    """Mean CPU seconds to compile a new turn's grammar, per game."""
    tokenizer = MoonshineTokenizer.from_file(find_model_files().tokenizer)
    out = {}
    for game in GAMES:
        session, states = heard.positions(game, dict(heard.GAMES)[game], positions)
        cache = GrammarCache(tokenizer)
        spent = 0.0
        for state in states:
            heard._reset(session, state)
            grammar = session.recogniser_grammar()
            started = time.process_time()
            cache.compiled(grammar)
            spent += time.process_time() - started
        out[game] = spent / len(states)
    return out


def decode_costs(count: int, label: str) -> tuple[float, float, int, int]:
    """(CPU a grammar set, CPU a decode, exact sentences, commands) over the quick corpus's first ``count``."""
    samples = heard.corpus(quick=True)[:count]
    voice = voices.by_label(label)
    recogniser = MoonshineRecogniser()
    recogniser.model  # loaded before the clock starts
    sessions: dict[str, tuple] = {}
    grammar_cpu = decode_cpu = 0.0
    exact = 0
    for i, sample in enumerate(samples):
        if sample.game not in sessions:
            sessions[sample.game] = heard.positions(sample.game, dict(heard.GAMES)[sample.game], 4)
        session, states = sessions[sample.game]
        heard._reset(session, states[sample.position])
        grammar = session.recogniser_grammar()
        audio = heard.clip_audio(sample.text, voice, "clean", None, seed=i)
        started = time.process_time()
        recogniser.set_grammar(grammar)
        set_at = time.process_time()
        result = recogniser.recognise(audio)
        grammar_cpu += set_at - started
        decode_cpu += time.process_time() - set_at
        exact += result.text == sample.text
    return grammar_cpu / len(samples), decode_cpu / len(samples), exact, len(samples)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--commands", type=int, default=40)
    ap.add_argument("--voice", default="flite slt")
    args = ap.parse_args(argv)
    print(f"{time.strftime('%Y-%m-%d')}: compiling a turn's grammar for Moonshine (CPU, mean of 4 positions)")
    for game, seconds in compile_costs().items():
        print(f"  {game}: {seconds * 1000:.0f} ms")
    grammar, decode, exact, total = decode_costs(args.commands, args.voice)
    print(f"{total} commands in {args.voice}: grammar set {grammar * 1000:.0f} ms, decode {decode * 1000:.0f} ms CPU "
          f"an utterance; exact sentences {exact} of {total}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
