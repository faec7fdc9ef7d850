"""The listening grammar (what PocketSphinx listens for) is narrower than the parser's language,
and everything it can produce must parse."""

from __future__ import annotations

import random

from voicegame.audio.jsgf import Jsgf
from voicegame.engine import History
from voicegame.session import Session
from voicegame.voice.grammar import garbage_words, listening_grammar, listening_rules
from voicegame.voice.samples import NOT_COMMANDS, deal_commands
from voicegame.voice.templates import RuleRef, expand, parse_template


def _phrases(session: Session) -> list[str]:
    rules = {name: parse_template(body) for name, body in
             listening_rules(session.parser, session.engine, session.state).items()}
    return expand(RuleRef("cmd"), rules, {}, limit=200_000)


def test_every_phrase_of_the_listening_grammar_parses():
    states, _, _ = deal_commands(7, positions=18)
    session = Session("klondike", seed=7)
    rng = random.Random(1)
    checked = 0
    for state in states[::3]:
        session.history = History.start(state)
        phrases = _phrases(session)
        assert 50 < len(phrases) < 200_000
        jsgf = Jsgf(session.recogniser_grammar().jsgf)
        for text in rng.sample(phrases, min(300, len(phrases))):
            assert session.parser.parse(text) is not None, text
            assert jsgf.matches(text), text
            checked += 1
    assert checked > 1000


def test_garbage_words_are_not_command_words_and_mark_the_grammar():
    session = Session("klondike", seed=7)
    assert len(garbage_words(session.parser, 300, 4)) > 60
    junk = set(garbage_words(session.parser, 150, 5))  # the default: few words survive (see GARBAGE_WORDS)
    assert 0 < len(junk) < 150
    for word in junk:
        assert session.parser.parse(word) is None, word
    grammar = session.recogniser_grammar()
    assert grammar.garbage == junk and "<garbage_word>+" in grammar.jsgf
    assert not grammar.garbage & set(" ".join(_phrases(session)).split())
    assert len(grammar.jsgf) < 6000  # the whole language with every synonym: about 5 KB before turn nouns


def test_listening_grammar_holds_this_turns_moves_not_others():
    session = Session("klondike", seed=7)
    phrases = set(_phrases(session))
    assert "six of diamonds on seven of spades" in phrases  # legal now
    assert "move pile seven to clubs" in phrases
    assert "seven of spades on eight of hearts" not in phrases  # not on the table
    assert {"draw", "undo", "hint", "read pile three", "where is the king of hearts", "four"} <= phrases
    assert not phrases & set(NOT_COMMANDS)
