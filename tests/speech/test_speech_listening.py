"""The listening grammar (what PocketSphinx listens for) is the whole command language with this
turn's nouns; everything it can produce must parse, and bare answers are in it only while a question
is open."""

from __future__ import annotations

import random

from voicegame.audio.jsgf import Jsgf
from voicegame.engine import History
from voicegame.play.session import Session
from voicegame.audio.recognisers import Heard
from voicegame.listen.grammar import garbage_words, visible_cards
from samples import NOT_COMMANDS, deal_commands


def sample(jsgf: Jsgf, rng: random.Random, rule: str | None = None) -> str:
    """One random sentence of ``jsgf`` (garbage loop left out)."""
    ast = jsgf.ast

    def walk(node: tuple) -> list[str]:
        kind = node[0]
        if kind == "word":
            return [node[1]]
        if kind == "seq":
            return [w for child in node[1] for w in walk(child)]
        if kind == "alt":
            options = [o for o in node[1] if o != ("rule", "garbage")]
            return walk(rng.choice(options))
        if kind == "opt":
            return walk(node[1]) if rng.random() < 0.5 else []
        if kind in ("plus", "star"):
            return walk(node[1])
        if kind == "rule":
            return walk(ast[node[1]])
        return []

    return " ".join(walk(ast[rule or jsgf.top]))


def test_every_phrase_of_the_listening_grammar_parses():
    states, _, _ = deal_commands(7, positions=18)
    session = Session("klondike", seed=7)
    rng = random.Random(1)
    checked = 0
    for state in states[::3]:
        session.history = History.start(state)
        grammar = session.recogniser_grammar()
        for jsgf in (Jsgf(grammar.jsgf), Jsgf(grammar.second_jsgf)):
            for _ in range(150):
                text = sample(jsgf, rng)
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


class Sayable:
    """Both decodes of a listening grammar: a text is sayable when either holds it."""

    def __init__(self, grammar):
        self.first, self.second = Jsgf(grammar.jsgf), Jsgf(grammar.second_jsgf)

    def matches(self, text: str) -> bool:
        return bool(self.first.matches(text) or self.second.matches(text))


def test_listening_grammar_holds_the_whole_language_with_this_turns_cards():
    session = Session("klondike", seed=7)
    jsgf = Sayable(session.recogniser_grammar())
    said = ["six of diamonds on seven of spades", "move pile seven to clubs", "draw", "undo", "hint",
            "read pile three", "where is the king of hearts", "faster", "slower", "louder", "quieter", "brief",
            "verbose", "statistics", "auto on", "play spider", "is this game still winnable", "all commands",
            "give me a hint", "what are my moves", "put the six of diamonds on to the seven of spades",
            "move the six of diamonds onto the seven of spades", "help", "what can i say"]
    for text in said:
        assert jsgf.matches(text), text
    showing = sorted(visible_cards(session.engine, session.state), key=lambda c: (c.rank, c.suit.value))
    illegal = f"{showing[-1].spoken} on {showing[0].spoken}"  # a king on an ace: never legal
    assert jsgf.matches(illegal)  # but sayable, and refused with its reason
    reply = session.hear(Heard(illegal, 0.2))
    assert reply.sentences == session.handle(illegal).sentences and not reply.moves  # the refusal, as typed
    assert not jsgf.matches("seven of spades on eight of hearts")  # not on the table
    assert not any(jsgf.matches(text) for text in NOT_COMMANDS)


def test_bare_answers_only_while_a_question_is_open():
    session = Session("klondike", seed=7)
    closed = Sayable(session.recogniser_grammar())
    for text in ("three", "hearts", "the second one", "six of diamonds", "pile two"):
        assert not closed.matches(text), text
    reply = session.handle("six")  # two sixes showing? either way a question or a move
    session.handle("undo") if reply.moves else None
    session.question = None
    session.handle("read pile two")
    ask = session.handle("seven")  # asked about when several sevens can move; else refused
    if session.question is None:
        session.pending = lambda reply: None  # any open question does
    opened = Sayable(session.recogniser_grammar())
    for text in ("three", "hearts", "the second one", "six of diamonds", "pile two"):
        assert opened.matches(text), (text, ask.sentences)


def test_the_open_document_holds_every_phrasing_the_parser_reads_and_parses():
    """What Moonshine listens for (``open_jsgf``): the phrasings PocketSphinx's decodes leave out too
    ("replay", "oops"), everything in it parses, and answer words stay out while nothing is asked."""
    session = Session("klondike", seed=7)
    grammar = session.recogniser_grammar()
    opened, pocketsphinx = Jsgf(grammar.open_jsgf), Sayable(grammar)
    for text in ("replay", "oops undo that", "what are my stats", "points", "pardon me", "draw"):
        assert opened.matches(text) and session.parser.parse(text) is not None, text
    assert not pocketsphinx.matches("replay") and not pocketsphinx.matches("oops undo that")
    for text in ("yeah", "sure", "right", "three", "hearts", "six of diamonds"):
        assert not opened.matches(text), text  # bare answers and answer words: only to a question
    rng = random.Random(3)
    for _ in range(300):
        text = sample(opened, rng)
        assert session.parser.parse(text) is not None, text


def test_the_likely_grammar_holds_every_phrasing_of_two_words_or_more_but_not_rare_single_words(monkeypatch):
    """With ``LIKELY_MULTIWORD`` (on: see its docstring) the first decode hears "speak faster" and
    "volume down" itself; one-word synonyms that pull other speech onto themselves ("flip", "stats")
    and listening.toml's ``second_only`` are left to the second decode."""
    import voicegame.listen.likely_phrasing as likely
    session = Session("klondike", seed=7)
    monkeypatch.setattr(likely, "LIKELY_MULTIWORD", False)
    assert not Jsgf(session.recogniser_grammar().jsgf).matches("speak faster")  # off: first phrasings only
    monkeypatch.setattr(likely, "LIKELY_MULTIWORD", True)
    grammar = session.recogniser_grammar()
    first, second = Jsgf(grammar.jsgf), Jsgf(grammar.second_jsgf)
    for text in ("faster", "speak faster", "speed up", "volume down", "is it still winnable",
                 "never mind", "how do i play", "list commands", "draw", "turn over"):
        assert first.matches(text), text
        assert session.parser.parse(text) is not None
    for text in ("flip", "stats", "terse", "points"):
        assert session.parser.parse(text) is not None  # understood when typed ...
        assert not first.matches(text), text  # ... but not in the first decode
    assert second.matches("terse") and second.matches("stats")
    for text in ("what moves", "more cards", "throw away aces"):  # listening.toml second_only
        assert not first.matches(text) and second.matches(text), text


def test_commands_that_only_go_on_in_their_own_words_end_early_the_others_wait():
    """With the multi-word phrasings "draw" can go on ("draw cards"), which made the endpointer wait
    the long silence after every "draw"; what goes on from it means the same, so it may end early.
    "help" goes on to "help me" (a hint) and "auto" to "auto on": those must wait."""
    session = Session("klondike", seed=5)
    grammar = session.recogniser_grammar()
    first = Jsgf(grammar.jsgf)
    for text in ("draw", "quit", "restart", "undo"):  # "undo that", "quit game", "draw cards"
        assert first.matches(text) and not first.is_final(text), text  # the grammar goes on ...
        assert text in grammar.ends_early, text  # ... but only in the same command's words
    for text in ("help", "auto", "no"):
        assert first.matches(text) and not first.is_final(text), text
        assert text not in grammar.ends_early, text
    assert "hint" not in grammar.ends_early and first.is_final("hint")  # final anyway
