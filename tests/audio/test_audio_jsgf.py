import pytest
from hypothesis import given, settings, strategies as st

from speech_fixtures import KLONDIKE_JSGF
from voicegame.audio.errors import GrammarError
from voicegame.audio.jsgf import Jsgf

RANKS = "ace two three four five six seven eight nine ten jack queen king".split()
SUITS = "clubs diamonds hearts spades".split()
NUMS = "one two three four five six seven".split()


def test_words_and_name():
    j = Jsgf(KLONDIKE_JSGF)
    assert j.name == "voicegame" and j.public == ["command"]
    assert {"move", "foundation", "spades", "queen", "onto", "new", "game"} <= j.words
    assert "<suit>" not in j.words and "public" not in j.words and "#JSGF" not in j.words


@pytest.mark.parametrize("text,ok", [
    ("move seven of hearts to pile four", True),
    ("seven of hearts on eight of spades", True),
    ("waste onto clubs", True),
    ("new game", True),
    ("two of diamonds on five of", False),   # pocketsphinx's typical partial path
    ("move waste", False),
    ("draw draw", False),
    ("", False),
])
def test_matches(text, ok):
    assert Jsgf(KLONDIKE_JSGF).matches(text) is ok


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(RANKS), st.sampled_from(SUITS), st.sampled_from(NUMS), st.booleans(),
       st.sampled_from(["to", "on", "onto"]))
def test_every_generated_move_matches(rank, suit, num, move, prep):
    text = f"{'move ' if move else ''}{rank} of {suit} {prep} pile {num}"
    assert Jsgf(KLONDIKE_JSGF).matches(text)


def test_without_words_voids_only_those_tokens():
    j = Jsgf(KLONDIKE_JSGF)
    text = j.without_words({"draw", "clubs"})
    j2 = Jsgf(text)
    assert "draw" not in j2.words and "clubs" not in j2.words
    assert j2.matches("undo") and j2.matches("move ace of spades to pile two")
    assert not j2.matches("draw") and not j2.matches("ace of clubs on foundation")


def test_syntax_features():
    g = """#JSGF V1.0 UTF-8 en;
    grammar g;
    // a comment with | and ; inside
    /* block
       comment */
    public <command> = /2/ (go | "new game") [now] {tag} | <NULL> stop+ | <VOID> never | again*;
    """
    j = Jsgf(g)
    assert j.words == frozenset({"go", "new", "game", "now", "stop", "never", "again"})
    for t in ("go", "new game now", "stop stop stop", "", "again again"):
        assert j.matches(t), t
    assert not j.matches("never")


def test_recursive_grammar_cannot_be_matched():
    j = Jsgf("#JSGF V1.0;\ngrammar g;\npublic <command> = go | go <command>;\n")
    assert j.matches("go go") is None


@pytest.mark.parametrize("bad", [
    "#JSGF V1.0;\ngrammar g;\n<command> = go;\n",            # no public rule
    "#JSGF V1.0;\ngrammar g;\npublic <command> = go\n",       # no semicolon
    "#JSGF V1.0;\ngrammar g;\npublic <command> = go };\n",    # bad character
])
def test_bad_grammars_raise(bad):
    with pytest.raises(GrammarError):
        Jsgf(bad)


def test_undefined_rule_reported_when_matching():
    with pytest.raises(GrammarError, match="undefined"):
        Jsgf("#JSGF V1.0;\ngrammar g;\npublic <command> = <nope>;\n").matches("x")


def test_without_words_drops_whole_phrases_and_empty_rules():
    g = ('#JSGF V1.0;\ngrammar g;\npublic <command> = draw | "new game" | <VOID> card | [please] undo '
         '| <x>* go | <x>+ stop;\n<x> = zz;\n')
    out = Jsgf(g).without_words({"zz"})
    j = Jsgf(out)
    assert "zz" not in j.words and "x" not in j.rules
    for t in ("draw", "new game", "please undo", "undo", "go"):
        assert j.matches(t), t
    assert not j.matches("stop") and not j.matches("card")


def test_without_every_word_is_an_error():
    with pytest.raises(GrammarError, match="No phrase"):
        Jsgf("#JSGF V1.0;\ngrammar g;\npublic <command> = draw | undo;\n").without_words({"draw", "undo"})


FINAL = """#JSGF V1.0;
grammar t;
public <command> = draw | undo | take back | <card> [(on | to) <card>] | <card> up | <garbage>;
<card> = [the] (six | seven) of (clubs | hearts);
<garbage> = (people | because)+;
"""


@pytest.mark.parametrize("text, final", [
    ("draw", True),                           # nothing can follow
    ("take back", True),
    ("take", False),                          # not a sentence yet
    ("six of clubs", False),                  # a sentence ("which six?") that may go on
    ("six of clubs on seven of hearts", True),
    ("the six of clubs up", True),
    ("six of clubs on", False),
    ("people", False),                        # a loop can always go on
    ("people because people", False),
    ("", False),
    ("hint", False),                          # not in the grammar at all
])
def test_is_final(text, final):
    assert Jsgf(FINAL).is_final(text) is final


def test_is_final_agrees_with_the_sentences_of_the_grammar():
    """Every beginning of every sentence of FINAL (written out by hand, without the loop): final
    exactly when it is a sentence and no longer sentence starts with it."""
    cards = [f"{the}{rank} of {suit}" for the in ("", "the ") for rank in ("six", "seven") for suit in ("clubs", "hearts")]
    sentences = {"draw", "undo", "take back", *cards, *(f"{c} up" for c in cards),
                 *(f"{a} {prep} {b}" for a in cards for prep in ("on", "to") for b in cards)}
    g = Jsgf(FINAL)
    heads = {" ".join(t.split()[:n]) for t in sentences for n in range(1, len(t.split()) + 1)}
    for head in heads:
        expected = head in sentences and not any(t.startswith(head + " ") for t in sentences)
        assert g.is_final(head) is expected, head


def test_is_final_of_a_recursive_grammar_is_unknown():
    g = Jsgf("#JSGF V1.0;\ngrammar r;\npublic <a> = go | go <a>;\n")
    assert g.is_final("go") is None
