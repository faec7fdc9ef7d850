"""The recogniser grammar follows the game: JSGF and Vosk phrases from the templates and the nouns."""

from __future__ import annotations

import dataclasses

from voicegame.audio.jsgf import Jsgf
from voicegame.audio.recognisers import vosk_phrase_list
from voicegame.engine import PileSpec
from voicegame.games import find_game
from voicegame.play.session import Session
from voicegame.listen.grammar import build_grammar, grammar_for, missing_words, visible_cards
from voicegame.language.parse import Parser

# Words of the language that the CMU dictionary of pocketsphinx lacks; the recogniser drops the
# phrases that need them (and logs them). Keep this list short and known.
KNOWN_MISSING = {"redeal", "autoplay", "verbose", "xa11ytaire", "royal_parade", "freecell", "treize", "monte_carlo"}  # "free cell" is the spoken alias


def klondike_parser(**options) -> Parser:
    return Parser(find_game("klondike").make(**options), game_names={"klondike": "klondike", "solitaire": "klondike"})


def test_every_word_is_in_the_dictionary_or_reported():
    grammar = build_grammar(Session("klondike", seed=1).parser)
    assert set(missing_words(grammar)) <= KNOWN_MISSING
    assert Jsgf(grammar.jsgf).words <= grammar.words | {"the"}


def test_jsgf_is_structured_not_flat():
    jsgf = build_grammar(klondike_parser()).jsgf
    assert "<card> = <rank> [of <suit>];" in jsgf
    assert "<cmd_move> = [<move_verb>] <the_place> <onto> <the_target>;" in jsgf
    assert len(jsgf) < 10_000


def test_grammar_accepts_commands_bare_numbers_and_cards():
    parser = klondike_parser()
    jsgf = Jsgf(build_grammar(parser).jsgf)
    for text in ["move pile three to clubs", "seven of hearts on eight of spades", "seven", "three",
                 "queen of spades", "draw", "undo", "read pile seven", "where is the ace of clubs",
                 "second one", "play solitaire", "move the waste to pile two"]:
        assert jsgf.matches(text), text
        assert parser.parse(text) is not None, text
    for text in ["pile eight to clubs", "pile three clubs", "eight of", "i would like tea"]:
        assert not jsgf.matches(text), text


def test_grammar_changes_with_the_game_nouns():
    base = klondike_parser()
    game = base.game
    renamed = dataclasses.replace(game, piles=tuple(
        dataclasses.replace(p, names=(f"stack {p.names[0].split()[-1]}",)) if p.id.startswith("pile") else p
        for p in game.piles))
    other = Parser(renamed, game_names={"klondike": "klondike"})
    a, b = grammar_for(base), grammar_for(other)
    assert a is not b and "stack three" in b.jsgf and "stack three" not in a.jsgf
    assert "pile three" in a.jsgf and "pile three" not in b.jsgf
    assert grammar_for(klondike_parser()) is a  # same nouns, same object: no set_grammar needed


def test_session_grammar_follows_the_position_and_the_game():
    session = Session("klondike", seed=3)
    g1 = session.recogniser_grammar()
    assert session.recogniser_grammar() is g1
    shown = visible_cards(session.engine, session.state)
    assert len(shown) == 7 + 0  # seven face-up tableau cards, empty waste
    for card in shown:
        assert card.spoken in g1.jsgf
    session.handle("draw")
    assert session.recogniser_grammar() is not g1  # a new waste card can be named now
    session.handle("new game")
    assert session.recogniser_grammar().jsgf.count("|") > 40  # the narrow listening grammar of the new deal


def test_vosk_phrases_are_fragments_with_every_noun():
    grammar = build_grammar(klondike_parser())
    phrases = set(grammar.phrases)
    assert {"seven of hearts", "pile three", "clubs", "draw", "undo", "three"} <= phrases
    assert 200 < len(phrases) < 2000  # a full expansion would be millions
    listed = vosk_phrase_list(grammar.phrases, missing=["verbose"])
    assert listed[-1] == "[unk]" and "verbose" not in listed
