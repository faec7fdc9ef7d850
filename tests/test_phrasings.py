"""Everyday phrasings, typed (issue 37, issue 50): the corpora of tests/data/phrasings/ through bench/phrasings.py.

Nothing may be misunderstood in either half (a command other than the one meant, or any command for
speech that is none), and the held-out half, never used to add templates, must stay understood at the
rate reached when it was measured (bench/RESULTS.md, "Everyday phrasings, typed"), less a small margin.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

import phrasings  # noqa: E402
from voicegame.games import find_game  # noqa: E402

HELD_OUT_UNDERSTOOD = 0.977
"""Held-out commands understood when measured (346 of 354, 2026-11-27)."""
MARGIN = 0.02
OUTSIDE = phrasings.CORPUS.parent / "outside.txt"
OUTSIDE2 = phrasings.CORPUS.parent / "outside2.txt"
OUTSIDE3 = phrasings.CORPUS.parent / "outside3.txt"
OUTSIDE_FLOORS = {
    OUTSIDE: (0.873, 4),
    OUTSIDE2: (0.838, 3),
}
"""Corpora written outside the project (issue 50): the share of held-out commands understood and the phrasings
misunderstood in both halves (commands taken for another, table talk taken for a command) when last measured
(bench/RESULTS.md, 2026-11-29: outside.txt 117 of 134 held out, 4 misunderstood (5 when first measured, 78 of 134
understood); outside2.txt 181 of 216, 3 misunderstood (0 and 100 of 216 before the frame reader)). The issue's
target is 0 misunderstood: these floors only keep the figures from slipping."""
ORDINARY_TAKEN = 8
"""Ordinary requests (tests/data/phrasings/nlu_ordinary.txt, held-out half, Klondike) taken as a command: 6 of 4,501
when measured (3 by templates: "play golf", "stock"; 3 by frames), 2026-11-29."""


@pytest.fixture(scope="module")
def corpus() -> list[phrasings.Phrasing]:
    return phrasings.load()


@pytest.fixture(scope="module")
def results(corpus: list[phrasings.Phrasing]) -> dict:
    return phrasings.measure(corpus)


def test_the_corpus_is_as_the_issue_asks(corpus: list[phrasings.Phrasing]) -> None:
    from voicegame.play.intents import INTENTS

    assert len(corpus) >= 400
    assert len({p.game for p in corpus}) >= 10
    for game in {p.game for p in corpus}:
        find_game(game)  # every section names a game there is
    meant = {m["intent"] for p in corpus for m in p.meanings}
    assert set(INTENTS) <= meant, set(INTENTS) - meant  # every intent the game has is said some way
    assert {"own", "manual", "forum", "assistant", "table"} <= {p.source for p in corpus}
    assert sum(1 for p in corpus if not p.meanings) >= 20  # speech that is no command


@pytest.mark.parametrize("path", [phrasings.CORPUS, OUTSIDE])
def test_the_halves_follow_the_fixed_rule(path: Path) -> None:
    """Within each intent, in file order: first tuning, then held-out, alternately."""
    seen: Counter[str] = Counter()
    for p in phrasings.load(path):
        assert p.half == ("T" if seen[p.intent] % 2 == 0 else "H"), (p.line, p.text)
        seen[p.intent] += 1


@pytest.mark.parametrize("path, half", [(OUTSIDE2, "H"), (OUTSIDE3, "T")])
def test_a_corpus_written_as_one_half_is_that_half(path: Path, half: str) -> None:
    """outside2.txt is held out whole; outside3.txt is a tuning set whole."""
    loaded = phrasings.load(path)
    assert len(loaded) >= 200 and {p.half for p in loaded} == {half}
    assert len({p.game for p in loaded}) == 6


@pytest.mark.parametrize("path", sorted(OUTSIDE_FLOORS))
def test_the_outside_corpora_do_not_lose_ground(path: Path) -> None:
    """Corpora written by someone who never read the grammar (issue 50): their held-out commands stay understood at
    least as well as when last measured, and no more is misunderstood. The issue's target is above these floors
    (>= 90% held out, 0 misunderstood); they only keep the figures from slipping."""
    floor, most_wrong = OUTSIDE_FLOORS[path]
    results = phrasings.measure(phrasings.load(path))
    held_out = results["H"]
    understood = len(held_out.get("command understood", []))
    commands = understood + len(held_out.get("command refused", [])) + len(held_out.get("command misunderstood", []))
    wrong = sum(len(kinds.get(kind, [])) for kinds in results.values() for kind in ("command misunderstood", "none misunderstood"))
    assert understood / commands >= floor - MARGIN
    assert wrong <= most_wrong


def test_ordinary_requests_are_seldom_taken_as_commands() -> None:
    """Requests to a home assistant (alarms, music, lights; NLU Evaluation Data, CC BY 4.0) are no card-game command:
    the held-out half typed in Klondike stays at most as often taken for one as when measured."""
    import ordinary
    from voicegame.language.typed import read_typed
    from voicegame.play.session import Session

    parser = Session("klondike", seed=1).words.parser
    held_out = [text for half, _, text in ordinary.load() if half == "H"]
    assert len(held_out) > 4000
    taken = [text for text in held_out if read_typed(parser, text) is not None]
    assert len(taken) <= ORDINARY_TAKEN, taken


def test_nothing_is_misunderstood(results: dict) -> None:
    wrong = [(half, p.text, p.game, took) for half, kinds in results.items()
             for kind in ("command misunderstood", "none misunderstood") for p, took in kinds.get(kind, [])]
    assert not wrong


def test_the_held_out_half_stays_understood(results: dict) -> None:
    held_out = results["H"]
    understood = len(held_out.get("command understood", []))
    commands = understood + len(held_out.get("command refused", [])) + len(held_out.get("command misunderstood", []))
    assert understood / commands >= HELD_OUT_UNDERSTOOD - MARGIN, [p.text for p, _ in held_out.get("command refused", [])]


# ----- what the new phrasings do ------------------------------------------------------------------
def _said(session, text: str) -> str:  # noqa: ANN001
    return " ".join(session.handle(text).sentences)


def test_a_place_the_game_does_not_have_is_named_in_the_answer() -> None:
    from voicegame.play.session import Session

    freecell = Session("freecell", seed=5)
    assert _said(freecell, "cell one to column nine") == "There is no column nine."
    assert _said(freecell, "cell one to column two") != "There is no column two."
    assert _said(Session("royal_parade", seed=5), "read row nine") == "There is no row nine."


def test_go_to_sleep_in_play_waits_for_wake_up() -> None:
    from voicegame.play.session import Session

    session = Session("klondike", seed=5)
    assert _said(session, "go to sleep") == "Sleeping. Say wake up to wake me."
    reply = session.handle("draw")
    assert not reply.moves and reply.sentences == ["Sleeping. Say wake up to wake me."]
    assert _said(session, "wake up") == "I am listening."
    assert session.handle("draw").moves


def test_the_last_move_the_redeals_and_the_game_are_said() -> None:
    from voicegame.play.session import Session

    session = Session("freecell", seed=5)
    assert _said(session, "what did I just do") == "No move yet."
    session.handle("put the top card of column two in a free cell")
    assert _said(session, "what did I just do").startswith("Your last move: ")
    assert _said(session, "how many redeals are left") == "This game has no redeals."
    assert _said(session, "what is this game").startswith("This is FreeCell.")


def test_the_top_card_of_a_pile_moves_one_card() -> None:
    from voicegame.language.command import PileRef
    from voicegame.play.session import Session

    session = Session("klondike", seed=5)
    command = session.parser.parse("move the top card of pile seven to pile one")
    assert command is not None and command.source == PileRef("pile7", top=True)
    sources, _ = session.resolver._sources(session.state, command.source)  # noqa: SLF001
    assert sources == [(session.engine.layout.index["pile7"], 1)]


def test_the_one_on_a_pile_is_an_answer_not_an_ace() -> None:
    from voicegame.play.session import Session

    command = Session("klondike", seed=5).parser.parse("the one on pile three")
    assert command is not None and command.intent == "answer"


def test_the_tolerant_reading_is_for_typed_text_only() -> None:
    """What a recogniser heard is parsed as written: "could you ... please" and "okay" are typed habits."""
    from voicegame.play.session import Session

    session = Session("klondike", seed=5)
    assert session.intent_of("could you draw a card for me please") is None
    assert session.intent_of("okay") is None
    assert session.handle("could you draw a card for me please").moves


def test_asleep_in_voice_play_speech_is_not_acted_on_until_wake_up() -> None:
    from voicegame.audio.recognisers import Heard
    from voicegame.play.session import Session

    session = Session("klondike", seed=5)
    assert session.hear(Heard("go to sleep", 1.0)).sentences == ["Sleeping. Say wake up to wake me."]
    reply = session.hear(Heard("draw", 1.0))
    assert not reply.moves and not reply.sentences  # silence: talk at the table is not for the game
    assert session.hear(Heard("wake up", 1.0)).sentences == ["I am listening."]
    assert session.hear(Heard("draw", 1.0)).moves
