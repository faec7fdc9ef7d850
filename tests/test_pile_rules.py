"""A pile's rules, said from its rule objects (issue 38): "what goes on pile three", "rules of the foundations".

Every pile, kind and group of every game is answered in words (no value left unsaid, no id, no word said
twice running); a few answers are checked word for word; the phrasings are typed and written by Whisper,
not listened for (listening.toml heard_as).
"""

from __future__ import annotations

import re

import pytest

from voicegame.engine import PileKind
from voicegame.games import GAMES
from voicegame.language.command import GroupRef, KindRef, PileRef
from voicegame.language.lexicon import load_language
from voicegame.language.messages import Messages
from voicegame.play.pile_rules import PAGE_WORDS, RULES_WORDS, answer
from voicegame.play.session import Session

MESSAGES = Messages()


def _flaws(text: str) -> list[str]:
    flaws = []
    if not text.strip():
        flaws.append("empty")
    if "{" in text or "}" in text or "_" in text:
        flaws.append("unfilled or an id")
    if re.search(r"[a-z]\d|\d[a-z]", text):
        flaws.append("a pile id")
    for sentence in re.split(r"[.:;,]", text.lower()):
        words = re.findall(r"[a-z0-9']+", sentence)
        flaws += [f"doubled {a!r}" for a, b in zip(words, words[1:]) if a == b]
    return flaws


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.key)
def test_every_pile_of_every_game_says_its_rules(entry):
    game = entry.make()
    places = [PileRef(spec.id) for spec in game.piles] + [KindRef(kind) for kind in PileKind]
    places += [GroupRef(group) for group in game.layout.groups]
    for place in places:
        text = " ".join(answer(game, MESSAGES, place))
        assert not _flaws(text), (place, text, _flaws(text))


def _said(session: Session, text: str) -> list[str]:
    reply = session.handle(text)
    assert reply.command is not None and reply.command.intent in ("pile_rules", "more"), (text, reply.command)
    return reply.sentences


def test_klondike_pile_three():
    session = Session("klondike", seed=1)
    assert _said(session, "what goes on pile three") == [
        "Pile three: build down, alternate colours. An empty pile takes only a king. A run in sequence moves together."]
    assert _said(session, "how does pile three work") == _said(session, "rules of pile three")


def test_klondike_foundations():
    session = Session("klondike", seed=1)
    assert _said(session, "what can go on the foundations") == [
        "The foundations, each of one suit: build up, same suit. An empty pile takes only an ace. "
        "One card at a time. Only the top card can be taken."]
    assert _said(session, "what goes on clubs") == [
        "Clubs: build up, same suit. An empty pile takes only an ace. Only clubs. One card at a time. "
        "Only the top card can be taken."]


def test_freecell_free_cells():
    session = Session("freecell", seed=1)
    assert _said(session, "what goes on the free cells") == [
        "The cells, all 4 alike: nothing goes on a card. An empty pile takes any card. One card at a time. "
        "Only the top card can be taken."]


def test_spider_a_column():
    session = Session("spider", seed=1)
    assert _said(session, "what goes on a column") == [
        "The columns, all 10 alike: build down, any suit. An empty pile takes any card. "
        "A run built down, same suit, moves together."]
    assert _said(session, "rules of the foundations") == [
        "The foundations, all 8 alike: a run from king down to ace, same suit, goes here at once. No card can be taken."]


def test_golf_waste():
    session = Session("golf", seed=1)
    assert _said(session, "what goes on the waste") == [
        "The waste: build up or down, any suit. Nothing goes on a king. An empty pile takes nothing.",
        "Say more for the rest."]
    assert _said(session, "more") == ["One card at a time. It takes cards only from the tableau. No card can be taken.", "That is all of its rules."]
    assert _said(session, "what goes on the stock") == ["The stock: deal turns 1 card onto the waste. There is no redeal."]


def test_piles_that_differ_are_said_to():
    session = Session("bear_river", seed=1)
    assert _said(session, "rules of the piles")[0].startswith("Not all the piles are alike. Here is pile one. Pile one: ")


def test_a_kind_the_game_lacks():
    session = Session("klondike", seed=1)
    assert _said(session, "what goes on the free cells") == ["This game has no cells."]


def test_answers_are_short_or_paged():
    """At most ``RULES_WORDS`` at once; a longer answer in pages of about ``PAGE_WORDS`` and "Say more"."""
    for key in ("klondike", "canfield", "treize", "terrace", "royal_parade"):
        session = Session(key, seed=1)
        for spec in session.game.piles:
            sentences = _said(session, f"what goes on {spec.name}")
            if len(sentences) == 1:
                assert len(sentences[0].split()) <= RULES_WORDS
            else:
                assert sentences[-1] == "Say more for the rest."
                assert len(sentences[0].split()) <= PAGE_WORDS or "." not in sentences[0][:-1]  # one long sentence


@pytest.mark.parametrize("text, place", [
    ("what goes on pile three", PileRef("pile3")),
    ("what's the rule for pile three", PileRef("pile3")),
    ("what can I put on the waste", PileRef("waste")),
    ("what goes on clubs", PileRef("clubs")),
    ("rules of the foundations", KindRef(PileKind.FOUNDATION)),
    ("how do the foundations work", KindRef(PileKind.FOUNDATION)),
    ("what goes on the columns", KindRef(PileKind.TABLEAU)),
    ("how does the stock work", PileRef("stock")),
])
def test_the_phrasings_are_understood_typed(text, place):
    command = Session("klondike", seed=1).parser.parse(text)
    assert command is not None and command.intent == "pile_rules" and command.source == place, command


def test_the_phrasings_are_not_listened_for_yet():
    """Typed and written by Whisper only until measured by voice (docs/listening.md, "What can be said")."""
    language = load_language("en")
    assert "pile_rules" in dict(language.intents)
    assert "pile_rules" not in dict(language.spoken_intents)
    assert "pile_rules" not in dict(language.heard_intents)
    assert "pile_rules" not in dict(language.said_intents)
