"""The JSGF tree writes the syntax PocketSphinx reads, and the templates become it with what says
nothing (an empty optional) left out, as the documents always had it."""

from __future__ import annotations

import doctest

import voicegame.listen.jsgf_tree as jsgf_tree
from voicegame.language.templates import Opt, Seq, Word, parse_template
from voicegame.listen.jsgf_tree import NULL, Choice, Document, Ref, Repeat, Rule, Words, weight_text
from voicegame.listen.sayable import Phrasing
from voicegame.listen.templates_as_jsgf import template_expr


def test_the_examples_in_the_docstrings_hold():
    result = doctest.testmod(jsgf_tree)
    assert result.attempted >= 2 and result.failed == 0


def test_a_document_is_its_header_and_one_line_per_rule():
    document = Document("toy", (Rule("command", Choice((Ref("cmd_draw"), Ref("garbage"))), public=True),
                                Rule("cmd_draw", Words("draw")), Rule("garbage", Repeat(Ref("word")))))
    assert document.jsgf() == ("#JSGF V1.0;\ngrammar toy;\n\npublic <command> = <cmd_draw> | <garbage>;\n"
                               "<cmd_draw> = draw;\n<garbage> = <word>+;\n")


def test_weights_are_written_without_an_exponent():
    assert weight_text(1e20) == "100000000000000000000" and weight_text(2.5) == "2.5" and weight_text(1.0) == "1"


def test_a_template_becomes_jsgf_with_slots_as_rules_and_alternatives_in_brackets():
    assert template_expr(parse_template("(move | put) {card} <onto> {foundation}")).jsgf() == \
        "(move | put) <the_card> <onto> <foundation>"
    assert template_expr(parse_template("where is {card}"), any_card=True).jsgf() == "where is <the_any_card>"
    assert template_expr(parse_template("[please] hint")).jsgf() == "[please] hint"


def test_what_can_only_be_said_as_nothing_is_null_and_drops_out_of_a_sequence():
    nothing = Opt(Seq(()))
    assert template_expr(nothing) == NULL
    assert template_expr(Seq((Word("hint"), nothing))).jsgf() == "hint"
    assert template_expr(Seq((nothing, nothing))) == NULL


def test_the_language_part_made_once_per_parser_is_the_part_a_fresh_parser_makes():
    from voicegame.listen.jsgf_builder import JsgfOptions, build_jsgf
    from voicegame.play.session import Session

    shapes = [JsgfOptions(), JsgfOptions(phrasing=Phrasing.SPOKEN, canonical=True, visible=()), JsgfOptions(article=False)]
    session = Session("golf", seed=1)
    made = [build_jsgf(session.parser, options) for options in shapes + shapes]
    fresh = [build_jsgf(Session("golf", seed=1).parser, options) for options in shapes]
    assert made == fresh + fresh and len(set(made)) == 3
