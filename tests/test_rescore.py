"""Whisper's choice among candidate commands (voicegame.listen.rescore): which sentences are candidates,
and how a choice is made from the model's scores (here given as numbers; tests/audio/test_audio_whisper.py
scores real speech with the real model)."""

from __future__ import annotations

import math
import re

from voicegame.listen import rescore
from voicegame.listen.sayable import visible_cards
from voicegame.play.session import Session


def _session(game: str = "klondike") -> Session:
    return Session(game, seed=7)


def test_the_language_sentences_are_every_command_naming_no_card_with_this_games_nouns():
    session = _session()
    sentences = set(rescore.language_sentences(session.parser))
    for said in ("cancel", "score", "talk slower", "speak a little slower", "read stock",
                 "what can i say", "play spider", "turn on auto play", "how many cards are left"):
        assert said in sentences, said
    assert all(session.parser.parse(s) is not None for s in sentences)  # every one a command as typed
    unheard = {"redeal", "reshuffle", "rules", "pardon"}  # rare words no grammar decode listens for (listening.toml)
    grammar = session.recogniser_grammar()
    assert unheard <= sentences and not unheard & set(re.findall(r"[a-z']+", grammar.jsgf + grammar.second_jsgf))
    card = re.compile(r"\b(ace|two|three|four|five|six|seven|eight|nine|ten|jack|queen|king) of hearts")
    assert not any(card.search(s) for s in sentences)  # cards come from the moves of the moment ("top of hearts" is a pile)
    freecell = set(rescore.language_sentences(_session("freecell").parser))
    assert "read cell one" in freecell and "read cell one" not in sentences  # Klondike has no cells


def test_the_moves_of_the_moment_are_said_as_the_narrator_and_pile_to_pile():
    session = _session()
    moves = rescore.move_sentences(session.engine, session.state, session.narrator.move_phrase)
    assert "six of diamonds on seven of spades" in moves
    assert any(" to " in m and m.split(" to ")[0].startswith("pile") for m in moves)
    assert all(session.parser.parse(m) is not None for m in moves)


def test_the_nearest_sentences_are_spelled_like_the_transcript_a_few_of_each_meaning():
    session = _session()
    pool = rescore.language_sentences(session.parser)
    meaning = session.parser.parse
    assert "cancel" in rescore.nearest("council", pool, meaning)
    assert "talk slower" in rescore.nearest("torque slower", pool, meaning)
    near = rescore.nearest("read column 7", pool, meaning)  # digits read as words
    assert near[0].endswith("seven") and len(near) == rescore.SHORTLIST
    assert sum(meaning(s) == meaning("read pile seven") for s in near) <= rescore.PER_MEANING


def test_candidates_are_the_decodes_then_the_nearest_once_each():
    session = _session()
    pool = rescore.language_sentences(session.parser)
    found = rescore.candidates(["score", "", "score", "  slower "], "sword", pool, session.parser.parse)
    assert found[:2] == ["score", "slower"] and len(found) == len(set(found))
    assert len(found) <= 2 + rescore.SHORTLIST


def test_a_choice_is_the_likeliest_command_with_its_margin_over_another_meaning():
    session = _session()
    meaning = session.parser.parse
    likely = {"score": -4.0, "points": -3.5, "slower": -9.0, "sword": -3.0}
    choice = rescore.choose(["score", "points", "slower", "hmm"], "sword", lambda s: [likely.get(x, -20.0) for x in s], meaning)
    assert choice is not None and choice.text == "points"
    assert choice.margin == 5.5  # over "slower": "score" means the same as "points"
    assert choice.behind_transcript == 0.5
    assert [t for t, _ in choice.scored] == ["points", "score", "slower"]  # "hmm" is no command
    alone = rescore.choose(["score"], "", lambda s: [-1.0 for _ in s], meaning)
    assert alone is not None and math.isinf(alone.margin) and alone.behind_transcript == 0.0
    assert rescore.choose(["hmm", "the weather"], "the weather", lambda s: [-1.0 for _ in s], meaning) is None


def test_syllables_tell_a_short_command_from_a_sentence():
    assert rescore.syllables("help") == 1 and rescore.syllables("hello you") == 3
    assert rescore.syllables("statistics") == 3 and rescore.syllables("column 7 to cell 4") == 7
    assert rescore.syllables("the sharp glowing in at six") == 7 > 3 * rescore.syllables("keep going")
    choice = rescore.choose(["help"], "hello you", lambda s: [-8.0 for _ in s], lambda s: s)
    assert choice is not None and choice.cover == 1 / 3


def test_the_cards_a_transcript_names_are_read_loosely_in_order():
    parser = _session().parser
    named = rescore.cards_named("6 of club on the eye of club", parser)
    assert [(c.rank.value, c.suit.value if c.suit else None) for c in named] == [(6, "clubs")]
    named = rescore.cards_named("6 on page on 4 long diamonds", parser)
    assert [(c.rank.value, c.suit.value if c.suit else None) for c in named] == [(6, None), (4, "diamonds")]
    assert rescore.cards_named("what a lovely afternoon", parser) == []


def test_card_moves_put_the_cards_of_decodes_and_transcript_together():
    session = _session()  # showing: six of diamonds, eight of diamonds, seven of spades, three of clubs...
    cards = visible_cards(session.engine, session.state)
    # the decodes each had one card right; the transcript names the six without its suit
    moves = rescore.card_moves(["the three of clubs on eight of diamonds", "six on to seven of spades"],
                               "6 on the 8 of dimes", session.parser, cards)
    assert "six of diamonds on eight of diamonds" in moves  # cannot be played: no legal move says it
    assert "three of clubs on seven of spades" in moves
    assert all(session.parser.parse(m) is not None for m in moves)
    assert not any(m.split(" on ")[0] == m.split(" on ")[1] for m in moves)
    assert rescore.card_moves(["read stock"], "read stock", session.parser, cards) == []


def test_candidates_add_the_card_moves_nearest_the_transcript():
    session = _session()
    pool = rescore.language_sentences(session.parser)
    moves = ["six of diamonds on eight of diamonds", "three of clubs on seven of spades", "ace of clubs on four of diamonds"]
    found = rescore.candidates(["read stock"], "6 of diamonds on the 8 of diamonds", pool, session.parser.parse, 3, moves)
    assert "six of diamonds on eight of diamonds" in found
    assert sum(m in found for m in moves) == rescore.CARD_SHORTLIST


def test_whatever_whisper_writes_card_moves_and_the_choice_never_raise():
    """A transcript can be anything (numbers, punctuation, other scripts): reading it for cards and
    putting moves together from it never raises, and a session hearing it goes on."""
    from dataclasses import replace

    from hypothesis import given, settings, strategies as st

    from voicegame.audio.backend import Transcript
    from voicegame.audio.recognisers import Heard

    session = _session()
    cards = visible_cards(session.engine, session.state)
    words = st.sampled_from(["6", "99", "of", "club", "clums", "dimonds", "jack", "the", "on", "'s", "-", "٣", "é", "ace"])
    texts = st.one_of(st.text(max_size=60), st.lists(words, max_size=12).map(" ".join))

    @settings(max_examples=150, deadline=None)
    @given(texts, texts)
    def check(transcript: str, decode: str) -> None:
        rescore.cards_named(transcript, session.parser)
        moves = rescore.card_moves([decode, "the three of clubs on eight of diamonds"], transcript, session.parser, cards)
        assert all(session.parser.parse(m) is not None for m in moves)
        scored = lambda s: [-5.0 for _ in s]  # noqa: E731
        reply = session.hear(replace(Heard(decode, 0.9), transcript=lambda: Transcript(transcript, -0.5, 0.1, scored)))
        assert reply.sentences  # an answer, whatever it is
        session.dialogue.pending = None

    check()
