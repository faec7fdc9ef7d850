"""Help from the rules (issue 38 item 4): a game's help is its hand-written opening (``help_<key>``: name,
goal, what no rule object says), the rules of its piles as ``pile_rules`` says them, and its example of
what to say (``say_<key>``); at most ``HELP_WORDS`` words before "Say more for the rest."."""

from __future__ import annotations

import re

import pytest

from voicegame.engine import PileKind
from voicegame.games import GAMES, find_game
from voicegame.language.command import KindRef
from voicegame.language.messages import Messages
from voicegame.play.pile_rules import HELP_KINDS, answer, help_rules, help_sentences, kind_rules
from voicegame.play.reading import HELP_WORDS
from voicegame.play.session import Session

MESSAGES = Messages()


def _doubled(text: str) -> list[str]:
    doubled = []
    for sentence in re.split(r"[.:;,]", text.lower()):
        words = re.findall(r"[a-z0-9']+", sentence)
        doubled += [a for a, b in zip(words, words[1:]) if a == b]
    return doubled


def _pages(session: Session) -> list[list[str]]:
    pages = [session.handle("help").sentences]
    if pages[0][-1] == MESSAGES.say("help_more"):
        while pages[-1][-1] != MESSAGES.say("help_end"):
            pages.append(session.handle("more").sentences)
            assert len(pages) < 20
    return pages


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.key)
def test_every_games_help_is_its_opening_rules_and_example(entry):
    session = Session(entry.key, seed=1)
    game = session.game
    pages = _pages(session)
    first = " ".join(pages[0])
    assert first.startswith(entry.title), first
    assert len(first.split()) <= HELP_WORDS, first
    text = " ".join(" ".join(page) for page in pages)
    assert "{" not in text and "}" not in text and "_" not in text, text
    assert not _doubled(text), (_doubled(text), text)
    assert all(page[0][:1].isupper() for page in pages), [page[0] for page in pages]
    said = " ".join(help_sentences(game, MESSAGES))
    if len(pages) > 1:
        assert pages[-1][-1] == MESSAGES.say("help_end")
        said_pages = " ".join(" ".join(p for p in page if p not in (MESSAGES.say("help_more"), MESSAGES.say("help_end")))
                              for page in pages)
        assert re.sub(r"[.;]", "", said_pages) == re.sub(r"[.;]", "", said)  # paging loses nothing
    else:
        assert first == said
    assert MESSAGES.has("say_" + game.help_key.removeprefix("help_")), game.help_key


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.key)
def test_helps_rules_are_what_pile_rules_says(entry):
    """The rules help says are the "what goes on the tableau" answer (so they cannot drift apart)."""
    game = entry.make()
    sentences = help_sentences(game, MESSAGES)
    opening = MESSAGES.say(game.help_key)
    assert sentences[0] == opening
    kind = next(k for k in HELP_KINDS if game.indices(k))
    rules = kind_rules(game, MESSAGES, kind)
    assert help_rules(game, MESSAGES)[0][0] == rules[0]
    assert {x for x in help_rules(game, MESSAGES)[0] if "the same, with" not in x} <= set(rules)  # help_same_but
    if kind is PileKind.TABLEAU and not rules[0].startswith(MESSAGES.template("pile_rules_differ").split("{")[0]):
        told = [x for x in answer(game, MESSAGES, KindRef(PileKind.TABLEAU)) if x != MESSAGES.say("rule_game_hook")]
        if [x for x in rules if x != MESSAGES.say("rule_game_hook")] == told and len(told) == len(set(told)):
            assert sentences[1:1 + len(told)] == told


def test_klondike_help_word_for_word():
    session = Session("klondike", seed=1)
    assert session.handle("help").sentences == [
        "Klondike. Build each suit up from ace to king on clubs, diamonds, hearts and spades. The piles, all 7 alike: "
        "build down, alternate colours. An empty pile takes only a king. A run in sequence moves together.",
        "Say more for the rest."]
    assert session.handle("more").sentences[0].startswith("Say pile three to pile five, seven of hearts up, or draw.")


def test_royal_parades_rows_are_told_once_and_the_others_by_their_rank():
    game = find_game("royal_parade").make()
    first = help_rules(game, MESSAGES)[0]
    assert "Row two, all 8 alike: the same, with a three instead of a two." in first
    assert "Row three, all 8 alike: the same, with a four instead of a two." in first
    assert sum("founded by" in x for x in first) == 2  # row one's two sentences only
