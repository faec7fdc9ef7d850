"""bench/by_voice.py, a tiny piece of it quickly: the typed player follows a winning line one utterance a
move, and the spoken player's bookkeeping (questions answered, a wrong action undone) with a stub
recogniser instead of audio."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

import by_voice  # noqa: E402
from voicegame.audio.recognisers import Heard  # noqa: E402
from voicegame.engine import MoveKind  # noqa: E402


def test_the_typed_player_says_each_move_once():
    for key, options, seed in by_voice.DEALS[:3]:
        line = by_voice.winning_line(key, options, seed)[:25]
        player = by_voice.Player(key, options, seed, None, "clean")
        for i, move in enumerate(line):
            player.play_move(i, move)
        t = player.tally
        assert (t.moves, t.utterances, t.questions, t.wrong, t.given_up) == (25, 25, 0, 0, 0), key
        families = {row["family"] for row in player.rows}
        assert len(families) >= 3, families  # the phrasings rotate


class StubRecogniser:
    """Hears what was said, with doubt (so every move is asked about); the first move is heard as "draw"."""

    def __init__(self) -> None:
        self.said: list[str] = []

    def set_grammar(self, grammar) -> None:
        pass

    def recognise(self, audio) -> Heard:
        text = self.said[-1]
        if len(self.said) == 1:
            return Heard("draw", 0.9)
        if text in ("yes", "no", "undo"):
            return Heard(text, 0.9)
        return Heard(text, 0.1, False, "weak fit")


def test_the_spoken_player_answers_questions_and_undoes_a_wrong_action(monkeypatch):
    recogniser = StubRecogniser()

    def fake_pcm(text, voice):
        recogniser.said.append(text)
        return np.zeros(1600, np.int16)

    monkeypatch.setattr(by_voice, "pcm", fake_pcm)
    key, options, seed = by_voice.DEALS[0]
    line = by_voice.winning_line(key, options, seed)[:3]
    assert line[0].kind is MoveKind.MOVE
    player = by_voice.Player(key, options, seed, by_voice.by_label("flite rms"), "clean", recogniser)
    for i, move in enumerate(line):
        player.play_move(i, move)
    t = player.tally
    assert t.wrong == 1 and t.resets == 0 and t.given_up == 0
    assert player.session.state == player.session.engine.apply(
        player.session.engine.apply(player.session.engine.apply(player.session.engine.deal(seed), line[0])[0], line[1])[0],
        line[2])[0]
    kinds = [row["kind"] for row in player.rows]
    assert kinds[:2] == ["move", "undo"]  # heard as "draw": a wrong action, undone by voice
    assert t.questions >= 3 and kinds.count("answer yes") >= 3


def test_the_tuning_voices_are_rotated_only_when_asked_for():
    import voices

    assert by_voice.voice_set("held-out") == voices.held_out_here()
    tuning = by_voice.voice_set("tuning")
    assert set(tuning) <= set(voices.TUNING) and not set(tuning) & set(voices.HELD_OUT)
    assert all(voices.available(v) for v in tuning)
    assert all(voices.by_label(v.label) == v for v in tuning)  # a deal's job names its voice by label
