"""Never act on a doubt: what the recogniser is unsure of is confirmed before it changes
the game; reading and help are answered at once; the same question serves every recogniser."""

from __future__ import annotations

from typing import Any

from voicegame.audio.recognisers import DecodeEvidence, Heard
from voicegame.audio.vosk_recogniser import parse_vosk_result
from voicegame.engine import MoveKind
from voicegame.play.session import Session
from voicegame.listen.grammar import build_grammar, missing_words

LEGAL = "six of diamonds on seven of spades"  # Klondike deal 7: legal at the start


def decoded(text: str, confidence: float | None, **evidence: Any) -> Heard:
    """A PocketSphinx result: ``text`` ("": nothing heard) with what its second decode and checks found."""
    return Heard(text, confidence, not text, evidence=DecodeEvidence(**evidence))


def _session() -> Session:
    session = Session("klondike", seed=7)
    assert session.parser.parse(LEGAL) is not None
    return session


def test_a_doubtful_move_is_asked_about_and_yes_plays_it():
    session = _session()
    reply = session.hear(Heard(LEGAL, 0.1, False, "weak fit"))
    assert reply.sentences == ["Six of diamonds on seven of spades?"] and not reply.moves
    assert session.history.cursor == 0
    reply = session.hear(Heard("yes", 0.9))
    assert [m.kind for m in reply.moves] == [MoveKind.MOVE] and session.history.cursor == 1


def test_no_or_cancel_drops_the_doubtful_command():
    for answer in ("no", "cancel"):
        session = _session()
        session.hear(Heard(LEGAL, 0.1, False, "weak fit"))
        reply = session.hear(Heard(answer, 0.9))
        assert reply.sentences == ["Cancelled."] and session.history.cursor == 0
        assert session.pending is None


def test_anything_else_drops_the_question_and_is_a_new_command():
    session = _session()
    session.hear(Heard(LEGAL, 0.1, False, "weak fit"))
    reply = session.hear(Heard("read the board", 0.9))
    assert reply.sentences == _session().handle("read the board").sentences  # the summary, as typed
    assert session.pending is None and session.history.cursor == 0
    assert session.hear(Heard("yes", 0.9)).moves == []  # the question is gone


def test_a_sure_move_is_played_at_once():
    session = _session()
    assert session.hear(Heard(LEGAL, 0.1)).moves


def test_reading_and_help_are_never_confirmed():
    for text in ("read the board", "help", "what can i say", "score", "where is the ace of spades", "hint"):
        session = _session()
        reply = session.hear(Heard(text, 0.1, False, "second decode differs"))
        assert reply.sentences == _session().handle(text).sentences, text  # answered at once, as typed
        assert session.pending is None, text


def test_a_weak_fit_that_would_change_nothing_is_not_answered_but_asked_again():
    """A weak acoustic fit is mostly not what was said (``Evidence.weak_fit``, voicegame.listen.evidence): a reading is not read out
    on it (the player says it again), and a weak "yes" does not confirm a move."""
    for text in ("read the board", "score", "where is the ace of spades"):
        session = _session()
        reply = session.hear(Heard(text, 0.1, False, "weak fit"))
        assert reply.sentences == ["Sorry, I did not catch that."] and session.pending is None, text
    session = _session()
    session.hear(Heard(LEGAL, 0.1, False, "weak fit"))
    assert session.hear(Heard("yes", 0.1, False, "weak fit")).moves == [] and session.history.cursor == 0
    assert session.pending is not None  # still asked: a clear "yes" plays it
    assert session.hear(Heard("yes", 0.9)).moves and session.history.cursor == 1
    # a broken-off weak decode is not made into a "which move?" question either (held-out voice: "play
    # jumbo" heard as "play the column two" asked "Did you mean ace of spades up or ...?")
    athena = Session("athena", seed=9)
    assert athena.hear(Heard("play the column two", 0.0, False, "")).sentences[0].startswith("Did you mean")
    athena = Session("athena", seed=9)
    assert athena.hear(Heard("play the column two", 0.0, False, "weak fit")).sentences == ["Sorry, I did not catch that."]
    assert athena.question is None


def test_every_kind_of_change_is_confirmed_when_doubtful():
    for text, question in [("draw", "Draw?"), ("auto on", "Auto on?"), ("new game", "New game?"),
                           ("restart", "Restart?"), ("play spider", "Play Spider?"), ("quit", "Quit?")]:
        session = _session()
        reply = session.hear(Heard(text, 0.1, False, "weak fit"))
        assert reply.sentences == [question] and not reply.quit, text
    session = _session()
    session.handle(LEGAL)
    assert session.hear(Heard("undo", 0.1, False, "weak fit")).sentences == ["Undo?"]
    assert session.history.cursor == 1
    session.hear(Heard("yes", 1.0))
    assert session.history.cursor == 0


def test_a_game_switch_heard_is_always_confirmed_even_when_sure():
    session = _session()
    reply = session.hear(Heard("play spider", 1.0))
    assert reply.sentences == ["Play Spider?"] and session.game.key == "klondike"
    session.hear(Heard("no", 1.0))
    assert session.game.key == "klondike"
    session.hear(Heard("play spider", 1.0))
    session.hear(Heard("yes", 1.0))
    assert session.game.key == "spider"
    typed = _session()
    typed.handle("play spider")  # typed: no question (nothing was misheard)
    assert typed.game.key == "spider"


def test_a_game_switch_only_the_second_decode_heard_is_asked_about():
    """Game names are left to the whole-language decode: a switch it alone heard is asked about,
    at a deal's start ("Play Spider?") and in a game under way ("This game is not finished...")."""
    fresh = _session()
    assert fresh.hear(decoded("", None, second="play spider")).sentences == ["Play Spider?"]
    under_way = _session()
    under_way.handle(LEGAL)
    reply = under_way.hear(decoded("", None, second="play spider"))
    assert reply.sentences[0].startswith("Leave this game for ") and under_way.game.key == "klondike"
    under_way.hear(Heard("yes", 1.0))
    assert under_way.game.key == "spider"


def test_a_close_alternative_that_means_something_else_is_a_doubt():
    session = _session()
    reply = session.hear(Heard("draw", 0.1, False, "", ("help",)))
    assert reply.sentences == ["Draw?"]
    session = _session()
    reply = session.hear(Heard("draw", 0.1, False, "", ("deal",)))  # the same command: no doubt
    assert reply.moves


def test_the_second_decode_decides_doubt_and_hears_illegal_moves():
    session = _session()
    reply = session.hear(decoded("draw", 0.1, second="help"))  # the two grammars disagree
    assert reply.sentences == ["Draw?"]
    session = _session()
    assert session.hear(decoded("draw", 0.1, second="draw")).moves  # they agree
    # an illegal move heard by the whole language alone, not clearly, is not answered (SECOND_ONLY)
    session = _session()
    illegal = "seven of spades on ace of clubs"
    assert session.parser.parse(illegal) is not None
    reply = session.hear(decoded("", None, second=illegal))
    assert not reply.moves and reply.sentences == [session.narrator.say("not_understood")]
    # heard as such by the first decode, it gets its reason
    reply = session.hear(Heard(illegal, 0.2))
    assert not reply.moves and reply.sentences == _session().handle(illegal).sentences
    # both heard a move, different ones: asked about the first (the likely one), never played at once
    session = _session()
    reply = session.hear(decoded(LEGAL, 0.1, second=illegal))
    assert reply.sentences == ["Six of diamonds on seven of spades?"]
    # the first decode found nothing; the second a whole command: acted on only after a "yes"
    session = _session()
    reply = session.hear(decoded("", None, second=LEGAL))
    assert reply.sentences == ["Six of diamonds on seven of spades?"]
    # heard by the second decode alone and not a change: not acted on (SECOND_ONLY: false accepts)
    for said in ("read the board", "read pile one", "where is the seven of spades"):
        session = _session()
        assert session.parser.parse(said) is not None
        reply = session.hear(decoded("", None, second=said))
        assert reply.sentences == [session.narrator.say("not_understood")], said
    # a setting heard there is asked about (voicegame.listen.policy: a change of a setting on a doubt)
    session = _session()
    assert session.hear(decoded("", None, second="speak faster")).sentences == ["Faster?"]
    assert not session.speech_settings
    session = _session()
    session.hear(decoded(LEGAL, 0.1, second=illegal))  # "Six of diamonds on seven of spades?"
    assert not session.hear(decoded("", None, second="yes")).moves  # a "yes" from the second decode alone
    assert session.hear(Heard("yes", 0.9)).moves  # heard as such


def test_a_reading_only_the_second_decode_heard_clearly_is_answered():
    not_understood = _session().narrator.say("not_understood")
    for said in ("read the board", "hint", "what moves"):
        typed = _session().handle(said).sentences
        session = _session()
        assert session.hear(decoded("", None, second=said, second_clear=True)).sentences == typed, said
        assert session.history.cursor == 0
    # not clearly, or a pile or card named, or a skipped first word: nothing
    for said, clear in (("read the board", False), ("read pile one", True), ("where is the seven of spades", True),
                        ("the all the piles", True), ("my statistics", True)):
        session = _session()
        assert session.parser.parse(said) is not None
        reply = session.hear(decoded("", None, second=said, second_clear=clear))
        assert reply.sentences == [not_understood], said
    # a setting (voice or detail) is a change: asked about first, never done on the second decode alone
    for said, question in (("speak faster", "Faster?"), ("quieter", "Quieter?"), ("more detail", "Verbose?")):
        session = _session()
        reply = session.hear(decoded("", None, second=said, second_clear=True))
        assert reply.sentences == [question] and not session.speech_settings and not session.verbose, said
    # an illegal move of cards named in full, heard clearly by the second decode alone: its reason
    illegal = "seven of spades on ace of clubs"
    session = _session()
    reply = session.hear(decoded("", None, second=illegal, second_clear=True))
    assert reply.sentences == _session().handle(illegal).sentences and not reply.moves
    for said in ("seven on ace of clubs", "seven of spades on the ace", "the seven of spades on ace of clubs"):
        session = _session()
        assert session.parser.parse(said) is not None
        reply = session.hear(decoded("", None, second=said, second_clear=True))
        assert reply.sentences == [not_understood], said
    # a change of the game heard clearly by the second decode alone is still asked about, never done
    session = _session()
    reply = session.hear(decoded("", None, second=LEGAL, second_clear=True))
    assert reply.sentences == ["Six of diamonds on seven of spades?"] and session.history.cursor == 0
    session = _session()
    assert not session.hear(decoded("", None, second="draw", second_clear=True)).moves


def test_a_second_decode_naming_the_same_move_in_other_words_agrees():
    for said in ("six on seven of spades", "move six to seven of spades", "six on seven"):
        session = _session()
        assert session.parser.parse(said) != session.parser.parse(LEGAL)
        assert session.hear(decoded(LEGAL, 0.9, second=said)).moves, said  # the same move: played at once
    session = _session()  # unless the first sentence begins with a skipped word, as forced speech does
    assert not session.hear(decoded("the " + LEGAL, 0.9, second="six on seven")).moves
    session = _session()
    reply = session.hear(decoded(LEGAL, 0.9, second="eight of diamonds on seven of spades"))
    assert reply.sentences == ["Six of diamonds on seven of spades?"]  # another card: asked


def test_a_second_sentence_fitting_clearly_worse_is_no_rival():
    other = "seven of spades on eight of diamonds"  # also legal at the start of deal 7
    session = _session()
    assert session.hear(decoded(LEGAL, 0.9, second=other, second_behind=True)).moves
    session = _session()
    reply = session.hear(decoded(LEGAL, 0.9, second=other))
    assert reply.sentences == ["Six of diamonds on seven of spades?"] and not reply.moves
    session = _session()  # unless the first sentence begins with a skipped word, as forced speech does
    reply = session.hear(decoded("the " + LEGAL, 0.9, second=other, second_behind=True))
    assert reply.sentences == ["Six of diamonds on seven of spades?"] and not reply.moves


def test_typed_commands_are_never_confirmed():
    session = _session()
    assert session.handle(LEGAL).moves


def test_vosk_low_word_confidence_and_alternatives_are_doubts():
    heard = parse_vosk_result({"text": "draw", "result": [{"word": "draw", "conf": 0.42}]})
    assert heard.text == "draw" and heard.doubt
    sure = parse_vosk_result({"text": "draw", "result": [{"word": "draw", "conf": 1.0}]})
    assert not sure.doubt
    alternatives = parse_vosk_result({"alternatives": [{"text": "draw", "confidence": 300.0},
                                                       {"text": "help", "confidence": 290.0}]})
    assert alternatives.text == "draw" and alternatives.alternatives == ("help",)
    session = _session()
    assert session.hear(alternatives).sentences == ["Draw?"]


def test_every_command_word_has_a_pronunciation():
    session = _session()
    grammar = build_grammar(session.parser)
    assert missing_words(grammar) == []  # "verbose", "freecell", "redeal" come from grammars/en
    assert "verbose" in {w for w, _ in grammar.pronunciations}


def test_a_move_with_a_rival_sentence_that_fits_as_well_is_asked_about():
    """``Heard.rival``: the whole-language decode fitted the audio as well with other words, though a
    check threw it out; the legal-move prior may have chosen the move, so it is confirmed first."""
    session = _session()
    other = "seven of spades up"  # another command than LEGAL
    assert session.parser.parse(other) not in (None, session.parser.parse(LEGAL))
    reply = session.hear(decoded(LEGAL, 0.9, rival=other))
    assert reply.sentences == ["Six of diamonds on seven of spades?"] and session.history.cursor == 0
    session = _session()
    assert session.hear(decoded(LEGAL, 0.9, rival="the six of diamonds on the seven of spades")).moves  # same command
    session = _session()
    assert session.hear(decoded(LEGAL, 0.9, rival="six of")).moves  # a broken-off rival means nothing


# ------------------------------------------------------------------- the free transcript's say
def _transcribed(text: str, logprob: float = -0.3):
    """``Heard.transcript`` as a recogniser with a transcriber offers it, counting the calls."""
    from voicegame.audio.backend import Transcript

    calls: list[int] = []

    def transcript() -> Transcript:
        calls.append(1)
        return Transcript(text, logprob, 0.05)

    return transcript, calls


def test_a_command_rejected_by_the_grammar_but_written_down_is_understood():
    """Nothing fitted the grammar well enough, the transcriber wrote a command down: a reading is
    answered at once, a change of the game is asked about first."""
    from dataclasses import replace

    nothing = decoded("", None, rejected_by="no sentence")
    session = _session()
    score = session.hear(replace(nothing, transcript=_transcribed("score")[0]))
    assert score.command is not None and score.command.intent == "score" and session.pending is None
    session = _session()
    reply = session.hear(replace(nothing, transcript=_transcribed(LEGAL)[0]))
    assert reply.sentences == ["Six of diamonds on seven of spades?"] and not reply.moves and session.pending is not None
    assert session.hear(Heard("yes", 0.9)).moves and session.history.cursor == 1
    # an illegal move is told why at once, as when typed (nothing changes)
    illegal = "king of clubs on two of hearts"
    typed = _session().handle(illegal)
    assert not typed.moves and typed.earcons == ["illegal"]
    session = _session()
    refused = session.hear(replace(nothing, transcript=_transcribed(illegal)[0]))
    assert refused.sentences == typed.sentences and session.pending is None and session.history.cursor == 0


def test_a_transcript_that_is_no_command_or_unsure_changes_nothing():
    from dataclasses import replace

    nothing = decoded("", None, rejected_by="no sentence")
    for text, logprob in (("what a lovely afternoon", -0.2), ("score", -3.0), ("", 0.0)):
        session = _session()
        reply = session.hear(replace(nothing, transcript=_transcribed(text, logprob)[0]))
        assert reply.sentences == ["Sorry, I did not catch that."] and session.pending is None, text


def test_a_transcript_naming_the_same_move_lifts_the_doubt_and_another_takes_its_place():
    from dataclasses import replace

    doubtful = Heard(LEGAL, 0.1, False, "weak fit")
    session = _session()
    reply = session.hear(replace(doubtful, transcript=_transcribed("6 of diamonds onto the 7 of spades")[0]))
    assert reply.moves and session.history.cursor == 1 and session.pending is None  # played, not asked
    session = _session()  # another command: the transcript's is taken, and asked about as it changes the game
    reply = session.hear(replace(doubtful, transcript=_transcribed("draw")[0]))
    assert reply.sentences == ["Draw?"] and session.history.cursor == 0
    session = _session()  # an unsure transcript leaves the doubt: the decode is asked about
    reply = session.hear(replace(doubtful, transcript=_transcribed("draw", -3.0)[0]))
    assert reply.sentences == ["Six of diamonds on seven of spades?"] and session.history.cursor == 0
    # written down surely as no command at all: the doubtful decode was speech forced onto the language
    session = _session()
    reply = session.hear(replace(doubtful, transcript=_transcribed("the post has not come yet", -0.1)[0]))
    assert reply.sentences == ["Sorry, I did not catch that."] and session.pending is None


def test_a_bare_word_written_down_vouches_for_no_move():
    """A move decoded with a weak fit and a transcript of one bare word that could be read as the same
    move ("six" for "six of diamonds on seven of spades"): a bare word is an answer, not a command, so it
    lifts no doubt and the move is asked about (a person's "seven" played a seven at a deal's start)."""
    for transcript in (_transcribed("seven")[0],  # written as the bare word
                       _judged("seven", {"seven": -1.0, "seven to seven": -6.0})[0]):  # and chosen as the likeliest
        session = Session("klondike", seed=1)  # the seven of diamonds can go on the eight of spades, no other seven
        heard = Heard("seven to seven", 0.1, False, "weak fit", ("seven",), transcript=transcript)
        reply = session.hear(heard)
        assert not reply.moves and session.history.cursor == 0
        assert reply.sentences == ["Seven of diamonds on eight of spades?"]


def test_a_transcript_reading_as_another_command_overrules_a_clear_decode_but_asks_first():
    """Heard clearly as one command, written down as another: the transcript's is taken (it was right
    every time on bench/heard.py), asked about when it changes the game, answered when it does not."""
    from dataclasses import replace

    session = _session()
    reply = session.hear(replace(Heard("undo", 0.9), transcript=_transcribed(LEGAL)[0]))
    assert reply.sentences == ["Six of diamonds on seven of spades?"] and session.history.cursor == 0
    session = _session()
    reply = session.hear(replace(Heard("slower", 0.9), transcript=_transcribed("score")[0]))
    assert reply.command is not None and reply.command.intent == "score" and session.pending is None
    # the same command in other words, an unsure transcript, or no command at all: the decode stands
    for text, logprob in (("six of diamonds onto the 7 of spades", -0.3), ("draw", -3.0), ("hmm", -0.1)):
        session = _session()
        reply = session.hear(replace(Heard(LEGAL, 0.9), transcript=_transcribed(text, logprob)[0]))
        assert reply.moves and session.history.cursor == 1, text
    # a transcribed "yes" never answers a question by itself
    session = _session()
    session.hear(Heard(LEGAL, 0.1, False, "weak fit"))
    reply = session.hear(replace(Heard("no", 0.9), transcript=_transcribed("yes")[0]))
    assert reply.sentences == ["Cancelled."] and session.history.cursor == 0


def test_a_transcriber_that_fails_is_no_opinion_and_the_game_goes_on():
    """A second opinion that raises (a broken native library, a model that cannot decode) is logged and
    read as none: the grammar's decode stands, nothing crashes."""
    from dataclasses import replace

    from voicegame.audio.backend import TranscriptOnDemand

    def broken():
        raise RuntimeError("model exploded")

    session = _session()
    reply = session.hear(replace(Heard("", None, True), transcript=TranscriptOnDemand(broken)))
    assert reply.sentences == ["Sorry, I did not catch that."]
    failing = TranscriptOnDemand(broken)
    reply = session.hear(replace(Heard(LEGAL, 0.9), transcript=failing))
    assert reply.moves and session.history.cursor == 1 and failing.asked and failing.value is None


# ------------------------------------------------------------- Whisper's choice among commands
def _judged(text: str, likely: dict[str, float], floor: float = -20.0):
    """``Heard.transcript`` with a ``score``: Whisper's log probability of each sentence given the audio,
    here from ``likely`` (``floor`` for any other sentence), so the policy can be checked clip by clip."""
    from voicegame.audio.backend import Transcript

    asked: list[list[str]] = []

    def score(sentences):
        asked.append(list(sentences))
        return [likely.get(s, floor) for s in sentences]

    return (lambda: Transcript(text, -0.8, 0.05, score)), asked


def test_a_command_whisper_misspelled_is_chosen_among_the_candidates():
    """"score" written down as "sword" does not parse, but scored against the commands spelled like it,
    "score" is far likelier than any other and close to what Whisper wrote: asked about ("Score?"), since
    ordinary speech forced onto the nearest command became a reading (voicegame.listen.policy), then
    answered on "yes"."""
    from dataclasses import replace

    session = _session()
    transcript, asked = _judged("sword", {"score": -4.0, "sword": -3.0, "slower": -9.0})
    reply = session.hear(replace(decoded("", None, rejected_text="slower"), transcript=transcript))
    assert reply.sentences == ["Score?"] and session.pending is not None
    assert session.hear(Heard("yes", 1.0)).sentences == _session().handle("score").sentences
    assert "score" in asked[0] and "slower" in asked[0] and "sword" == asked[0][-1]  # the decode, the nearest, the transcript


def test_a_change_of_the_game_whisper_chose_is_asked_about_first():
    from dataclasses import replace

    session = _session()
    transcript, _ = _judged("draw a cart", {"draw card": -3.0, "draw a cart": -2.5})
    reply = session.hear(replace(Heard("", None, True), transcript=transcript))
    assert reply.sentences == ["Draw?"] and session.pending is not None and session.history.cursor == 0
    assert session.hear(Heard("yes", 0.9)).moves


def test_no_clear_choice_or_ordinary_speech_changes_nothing():
    from dataclasses import replace

    nothing = decoded("", None, rejected_text="score")
    for text, likely in (("sword", {"score": -4.0, "board": -5.0, "show board": -5.0, "sword": -3.0}),  # two commands alike
                         # ("show board" is the reading of the board spelt most like "sword" now)
                         ("the post has not come yet", {"the post has not come yet": -3.0, "score": -12.0}),
                         ("hello you", {"hello you": -7.5, "help": -8.5})):  # likely, but says a third of it
        session = _session()
        transcript, _ = _judged(text, likely)
        reply = session.hear(replace(nothing, transcript=transcript))
        assert reply.sentences == ["Sorry, I did not catch that."] and session.pending is None, text


def test_whisper_choosing_the_doubtful_decode_lifts_the_doubt():
    """A weak fit of a legal move, which would be asked about, is played at once when Whisper finds it
    clearly the likeliest candidate; when it finds another command likelier, that is asked about."""
    from dataclasses import replace

    doubtful = Heard(LEGAL, 0.1, False, "weak fit")
    session = _session()
    transcript, _ = _judged("sixty diamonds on 7 spades", {LEGAL: -5.0, "sixty diamonds on 7 spades": -4.0})
    reply = session.hear(replace(doubtful, transcript=transcript))
    assert reply.moves and session.history.cursor == 1 and session.pending is None
    session = _session()
    transcript, _ = _judged("undo", {LEGAL: -15.0, "undo": -2.0})
    reply = session.hear(replace(doubtful, transcript=transcript))
    assert reply.sentences != ["Six of diamonds on seven of spades?"] and session.history.cursor == 0


def test_a_scorer_that_fails_is_no_choice_and_the_game_goes_on():
    """Whisper's scoring raising (a native library failing mid-game) is logged and read as no choice:
    the grammar's understanding stands, nothing crashes."""
    from dataclasses import replace

    from voicegame.audio.backend import Transcript

    def broken(sentences):
        raise RuntimeError("decoder exploded")

    transcript = lambda: Transcript("sword", -0.8, 0.05, broken)  # noqa: E731
    session = _session()
    reply = session.hear(replace(decoded("", None, rejected_text="score"), transcript=transcript))
    assert reply.sentences == ["Sorry, I did not catch that."]
    reply = session.hear(replace(Heard(LEGAL, 0.1, False, "weak fit"), transcript=transcript))
    assert reply.sentences == ["Six of diamonds on seven of spades?"] and session.history.cursor == 0


def test_a_clear_move_that_would_be_refused_gets_whispers_choice():
    """The grammar holds every card on every card, so a move said is sometimes decoded clearly with one
    card wrong, and would be refused. Whisper then chooses among it and the card moves put together from
    what was heard: the move it finds clearly likelier is asked about; a legal move heard clearly is
    played without asking Whisper anything."""
    from dataclasses import replace

    refused = Heard("three of clubs on six of diamonds", 0.9)  # Klondike deal 7: the three needs a red four
    session = _session()
    transcript, asked = _judged("3 of clubs on 4 of dimonds", {"three of clubs on four of diamonds": -6.0,
                                                               "3 of clubs on 4 of dimonds": -5.0})  # no command as typed
    reply = session.hear(replace(refused, transcript=transcript))
    assert reply.sentences == ["Three of clubs on four of diamonds?"] and session.history.cursor == 0
    assert "three of clubs on four of diamonds" in asked[0]  # put together from the decode and the transcript
    assert session.hear(Heard("yes", 0.9)).moves
    session = _session()
    transcript, _ = _judged("3 of clubs on 6 of dimonds", {"three of clubs on six of diamonds": -4.0,
                                                           "3 of clubs on 6 of dimonds": -4.0})
    reply = session.hear(replace(refused, transcript=transcript))
    assert "cannot" in " ".join(reply.sentences).lower() and session.pending is None  # its reason, as typed
    session = _session()
    transcript, asked = _judged("6 of diamonds on 7 of spades", {})
    assert session.hear(replace(Heard(LEGAL, 0.9), transcript=transcript)).moves and asked == []


def test_a_clear_decode_beginning_with_a_skipped_word_gets_whispers_choice():
    """Forced onto the language, speech tends to begin with "the"; so does a move whose card was misheard.
    Such a decode, clear or not, is checked by Whisper: a likelier other move is asked about first."""
    from dataclasses import replace

    session = _session()
    transcript, asked = _judged("6 of dimonds on 7 of spades", {LEGAL: -5.0, "6 of dimonds on 7 of spades": -4.5,
                                                                "the three of clubs on four of diamonds": -15.0})
    reply = session.hear(replace(Heard("the three of clubs on four of diamonds", 0.9), transcript=transcript))
    assert reply.sentences == ["Six of diamonds on seven of spades?"] and session.history.cursor == 0 and asked
    session = _session()
    transcript, asked = _judged("3 of clubs on 4 of dimonds", {"three of clubs on four of diamonds": -5.0})
    reply = session.hear(replace(Heard("three of clubs on four of diamonds", 0.9), transcript=transcript))
    assert reply.moves and session.history.cursor == 1 and asked == []  # no skipped word: played at once
