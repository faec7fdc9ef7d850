"""Real people's recordings through the game as it listens (issue 34): what they say that is no
command changes nothing, and their answers answer.

The clips are tests/data/human (see its README: the Free Spoken Digit Dataset, Speech Commands and
Picovoice's crowd-sourced wake words and coffee orders; 138 clips, 32 named speakers and more unnamed).
Each is heard by the recogniser ``voicegame play`` builds (``make_recogniser``: PocketSphinx with
Whisper's second opinion here; Vosk where an English model is installed) and acted on by
``Session.hear``. bench/unasked.py runs the same on larger sets and against earlier code.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from voicegame.audio.recognisers import find_vosk_model, make_recogniser
from voicegame.audio.wavio import read_wav
from voicegame.play.session import Session

HUMAN = Path(__file__).resolve().parents[1] / "data" / "human"
CLIPS = json.loads((HUMAN / "manifest.json").read_text())
DIGITS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
ANSWER_WORDS = frozenset(DIGITS) | {"yes", "no", "right", "stop", "cancel"}
"""Words that answer a question (yes, no, numbers: "right" is a yes, "stop" a cancel)."""


def one_of_each(clips: list[dict]) -> list[dict]:
    """The first clip of each word in each set: the answer words' other takes are bench/unasked.py's
    (a clip costs about 0.6 s of CPU here)."""
    seen: set[tuple[str, str]] = set()
    return [c for c in clips if (c["set"], c["words"]) not in seen and not seen.add((c["set"], c["words"]))]


@pytest.fixture(params=["pocketsphinx", "vosk"])
def recogniser(request):
    """A new recogniser for each test: PocketSphinx's cepstral mean follows the utterances it has heard,
    so a clip can decode otherwise after other tests' clips (a person's "yes" did)."""
    if request.param == "vosk" and find_vosk_model(None) is None:
        pytest.skip("No English Vosk model installed (not downloadable here: see models/README.md); "
                    "the same clips run with PocketSphinx")
    made, _ = make_recogniser(request.param)
    return made


def _hear(recogniser, session: Session, clip: dict):
    recogniser.set_grammar(session.recogniser_grammar())
    heard = recogniser.recognise(read_wav(HUMAN / clip["path"]))
    before = (session.history.cursor, len(session.history.states), session.state, session.seed, session.entry.key,
              len(session.speech_settings), session.verbose, session.auto_play, session.asleep)
    reply = session.hear(heard)
    after = (session.history.cursor, len(session.history.states), session.state, session.seed, session.entry.key,
             len(session.speech_settings), session.verbose, session.auto_play, session.asleep)
    return reply, before != after or reply.quit or bool(reply.moves)


def test_what_people_say_at_a_deals_start_changes_nothing(recogniser):
    """Digits, yes and no, everyday words, other assistants' wake words and coffee orders, said by real
    people with nothing asked: no move, no draw, no new deal, no quit, no setting or mode changed (asleep). Ordinary
    words get at most "Sorry, I did not catch that" or a question; answer words with nothing to answer
    may be told what to say instead."""
    not_understood = Session("klondike", seed=1).narrator.say("not_understood")
    changed, answered, asked = [], [], 0
    clips = [c for c in CLIPS if c["words"] not in ANSWER_WORDS] + one_of_each([c for c in CLIPS if c["words"] in ANSWER_WORDS])
    for clip in clips:
        session = Session("klondike", seed=1)
        reply, change = _hear(recogniser, session, clip)
        if change:
            changed.append((clip["path"], reply.sentences))
        elif session.dialogue.pending is not None or session.dialogue.question is not None:
            asked += 1
        elif reply.sentences != [not_understood] and clip["words"] not in ANSWER_WORDS:
            answered.append((clip["path"], reply.sentences))
    assert changed == []
    ordinary = sum(c["words"] not in ANSWER_WORDS for c in CLIPS)
    assert len(answered) <= ordinary * 0.03, answered  # issue 34: at most 3% of ordinary speech gets an answer
    assert asked <= len(clips) * 0.25, asked  # 14 of 74 when measured (2026-11-27): "Faster?" for "happy"...


def test_their_digits_answer_which_pile_and_never_pick_the_other(recogniser):
    """Klondike deal 14 after "move the eight": "Which eight: spades or clubs?" (on piles one and three).
    A person's "one" or "three" (every take) plays that pile's eight, any other digit (one take of each)
    plays nothing, and no digit ever plays the other eight."""
    plays = {"one": "pile1>pile2", "three": "pile3>pile2"}
    right, wrong, tried = 0, [], 0
    others = one_of_each([c for c in CLIPS if c["words"] in DIGITS and c["words"] not in plays])
    for clip in [c for c in CLIPS if c["words"] in plays] + others:
        session = Session("klondike", seed=14)
        session.handle("move the eight")
        assert session.dialogue.question is not None
        reply, _ = _hear(recogniser, session, clip)
        codes = [m.code(session.engine) for m in reply.moves]
        if clip["words"] in plays:
            tried += 1
            right += codes == [plays[clip["words"]]]
        if codes and codes != [plays.get(clip["words"])]:
            wrong.append((clip["path"], reply.sentences))
    assert wrong == []
    # 7 of 16 played at once when measured (2026-11-27); the others are asked ("Eight of clubs onto nine of
    # hearts?") where Whisper wrote the digit otherwise, or nothing is done: never the other eight
    assert tried >= 12 and right >= 5, (right, tried)


def test_their_yes_and_no_answer_a_question_waiting_for_yes(recogniser):
    from voicegame.audio.recognisers import Heard

    outcomes = Counter()
    for clip in [c for c in CLIPS if c["words"] in ("yes", "no")]:
        session = Session("klondike", seed=1)
        session.hear(Heard("draw", 1.0, False, "weak fit"))  # doubtful: "Draw?" waits for yes
        assert session.dialogue.pending is not None
        reply, _ = _hear(recogniser, session, clip)
        drew = [m.code(session.engine) for m in reply.moves] == ["deal"]
        outcomes[(clip["words"], "drew" if drew else "moved" if reply.moves else "nothing")] += 1
    assert outcomes[("no", "drew")] == outcomes[("no", "moved")] == outcomes[("yes", "moved")] == 0, outcomes
    assert outcomes[("yes", "drew")] >= 1, outcomes


def test_a_person_saying_five_never_ends_the_game_from_the_command_line(tmp_path):
    """Issue 34's first finding, played as a player would: `voicegame play --input` with six people's
    "five" (two were written "bye" by Whisper and quit the game). Nothing is played and the game never
    says goodbye."""
    fives = sorted(str(HUMAN / c["path"]) for c in CLIPS if c["words"] == "five" and c["set"] == "fsdd")
    assert len(fives) == 6
    done = subprocess.run([sys.executable, "-m", "voicegame", "play", "klondike", "--seed", "1", "--no-save",
                           "--speaker", "print", "--no-sounds", "--recogniser", "pocketsphinx", "--input", *fives],
                          capture_output=True, text=True, timeout=600, env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path),
                                                                            "XDG_DATA_HOME": str(tmp_path)})
    assert done.returncode == 0, done.stderr
    said = done.stdout.splitlines()
    assert any(line.startswith("Klondike, draw three.") for line in said[:2]), said  # after the recogniser's name
    assert "Goodbye." not in said and not any("onto" in line for line in said), said
