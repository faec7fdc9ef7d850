"""Never act on a mishearing (issue 34), through the session: the listening policy
(voicegame/listen/policy.py, table in tests/test_policy.py) as a player meets it, typed and heard.

Heard text is given as the recogniser's ``Heard`` (and Whisper's transcript as a stand-in), so each
case is exact; tests/speech/test_speech_people.py plays real people's recordings through the same path.
"""

from __future__ import annotations

from dataclasses import replace

from voicegame.audio.backend import Transcript, TranscriptOnDemand
from voicegame.audio.recognisers import Heard
from voicegame.play.session import Session
from voicegame.storage.autosave import Persistence

WHOLE_MOVE = "Say a whole move, like pile three to clubs, or say what can I say."  # the game's own first example


def written(heard: Heard, text: str, logprob: float = -0.5) -> Heard:
    """``heard`` with Whisper's transcript ``text`` already asked for, as the game's understanding asks."""
    transcript = TranscriptOnDemand(lambda: Transcript(text, logprob, 0.05))
    transcript()
    return replace(heard, transcript=transcript)


def test_a_spoken_quit_is_asked_first_and_yes_quits():
    session = Session("klondike", seed=9)
    reply = session.hear(Heard("quit", 1.0))
    assert reply.sentences == ["Quit?"] and not reply.quit
    reply = session.hear(Heard("yes", 1.0))
    assert reply.sentences == ["Goodbye."] and reply.quit


def test_a_spoken_quit_in_a_game_under_way_says_the_game_is_saved(tmp_path):
    session = Session("klondike", seed=9, persistence=Persistence(tmp_path))
    session.handle("draw")
    assert session.hear(Heard("quit", 1.0)).sentences == ["Quit? Your game is saved."]
    assert session.hear(Heard("no", 1.0)).sentences == ["Cancelled."]
    assert not session.hear(Heard("draw", 1.0)).quit and session.history.cursor == 2


def test_five_written_bye_never_ends_the_game():
    """Issue 34's first finding: a person's "five", written "bye" by Whisper (the grammar heard "a")."""
    session = Session("klondike", seed=1)
    reply = session.hear(written(Heard("a", 0.0, False, "incomplete"), "bye"))
    assert not reply.quit and reply.sentences == ["Quit?"]


def test_what_ends_or_replaces_the_game_is_always_asked_by_voice_and_never_typed():
    for said, question in (("new game", "New game?"), ("restart", "Restart?"), ("play spider", "Play Spider?")):
        session = Session("klondike", seed=9)
        reply = session.hear(Heard(said, 1.0))
        assert reply.sentences == [question] and session.seed == 9 and session.entry.key == "klondike", said
        typed = Session("klondike", seed=9)
        typed.handle(said)
        assert (typed.seed, typed.entry.key) != (9, "klondike") or said == "restart", said


def test_a_finished_game_is_not_lost_by_a_new_deal_heard_clearly():
    session = Session("klondike", seed=9)
    session.played.is_over = lambda: True  # type: ignore[method-assign]  # won, say
    reply = session.hear(Heard("new game", 1.0))
    assert reply.sentences[0] != "New game?" and session.seed != 9


def test_bare_cards_and_numbers_answer_only_a_question():
    for said in ("seven", "one", "pile one", "seven of diamonds"):
        session = Session("klondike", seed=9)
        assert session.handle(said).sentences == [WHOLE_MOVE] and session.history.cursor == 0, said
        assert not session.hear(written(Heard("", None, True), said)).moves, said
    for said in ("yes", "no", "hearts", "the second one"):
        session = Session("klondike", seed=9)
        assert session.handle(said).sentences == ["There is no question to answer."], said


def test_yes_to_several_answers_asks_which_and_a_bare_number_answers_by_pile():
    session = Session("klondike", seed=14)
    assert session.handle("move the eight").sentences == ["Which eight: spades or clubs?"]
    assert session.hear(Heard("yes", 1.0)).sentences == ["Which one: spades or clubs?"]
    assert session.history.cursor == 0
    reply = session.hear(Heard("three", 1.0))  # the eight on pile three
    assert [m.code(session.engine) for m in reply.moves] == ["pile3>pile2"]


def test_settings_heard_with_doubt_or_contradicted_are_asked():
    session = Session("klondike", seed=9)
    assert session.hear(Heard("faster", 0.3, False, "noisy")).sentences == ["Faster?"]
    assert session.speech_settings == []
    session = Session("klondike", seed=9)
    assert session.hear(written(Heard("faster", 1.0), "happy")).sentences == ["Faster?"]  # a person's "happy"
    session = Session("klondike", seed=9)
    assert session.hear(written(Heard("faster", 1.0), "faster")).sentences == ["Faster."]  # agreed: at once


def test_a_short_change_whisper_wrote_otherwise_is_asked_but_not_a_misspelling():
    session = Session("klondike", seed=9)
    reply = session.hear(written(Heard("deal cards", 1.0), "view glass"))
    assert reply.sentences == ["Draw?"] and session.history.cursor == 0
    session = Session("klondike", seed=9)
    assert session.hear(written(Heard("draw", 1.0), "drow")).moves  # Whisper misspelt it: played


def test_typed_commands_are_never_confirmed():
    session = Session("klondike", seed=9)
    assert session.handle("draw").moves and session.handle("faster").sentences == ["Faster."]
    assert session.handle("quit").quit


def test_typed_lines_in_voice_play_are_taken_as_typed():
    from voicegame.audio.recognisers import TextRecogniser

    session = Session("klondike", seed=9)
    assert session.hear(TextRecogniser().recognise_text("quit")).quit


def test_an_answer_whisper_wrote_as_another_number_is_asked_not_played():
    """A person's "six" decoded clearly as "one" to "Which eight?" (the eight on pile one), Whisper
    writing "6": the same intent, another answer. Asked, never played at once."""
    session = Session("klondike", seed=14)
    session.handle("move the eight")
    reply = session.hear(written(Heard("one", 1.0), "6"))
    assert not reply.moves and session.history.cursor == 0 and session.dialogue.pending is not None
    session = Session("klondike", seed=14)
    session.handle("move the eight")
    assert session.hear(written(Heard("one", 1.0), "1")).moves  # Whisper agrees: played


def test_a_clear_move_whisper_wrote_with_other_suits_is_asked_first():
    """Both decodes heard "pile seven on clubs foundation" for "seven of spades on eight of diamonds"
    (a held-out voice in babble, 2026-11-27); Whisper wrote "diamonds". A move whose suits Whisper
    wrote otherwise is asked about, not played."""
    session = Session("klondike", seed=9)
    heard = written(Heard("six of clubs on seven of diamonds", 1.0), "sticks of spades on sabin of hearts")
    reply = session.hear(heard)
    assert reply.sentences == ["Six of clubs on seven of diamonds?"] and not reply.moves
    same = written(Heard("six of clubs on seven of diamonds", 1.0), "6 of clubs on 7 of diamonds")
    assert Session("klondike", seed=9).hear(same).moves  # the same suits: played at once
    no_suit = written(Heard("six of clubs on seven of diamonds", 1.0), "six on seven")
    assert Session("klondike", seed=9).hear(no_suit).moves  # no suit written: no objection


def test_a_yes_decoded_as_an_answer_to_nothing_is_whispers_yes():
    """"Draw?" waiting, a voice's "yes" decoded "fifth" (a bare answer that cannot answer it) and written
    "Yes.": the yes draws; "no" written for "the ace" cancels. Nothing else gives way to Whisper."""
    session = Session("klondike", seed=9)
    assert session.hear(Heard("draw", 0.4, doubt="phone loop")).sentences == ["Draw?"]
    before = session.history.cursor
    session.hear(written(Heard("fifth", 1.0), "Yes."))
    assert session.history.cursor == before + 1
    session.hear(Heard("draw", 0.4, doubt="phone loop"))
    assert session.hear(written(Heard("the ace", 1.0), "no")).sentences == ["Cancelled."]
    session.hear(Heard("draw", 0.4, doubt="phone loop"))
    before = session.history.cursor
    reply = session.hear(written(Heard("undo", 1.0), "Yes."))  # a command decoded: not overruled
    assert session.history.cursor <= before and not reply.moves
    fresh = Session("klondike", seed=9)  # nothing waiting: a written yes answers nothing
    assert fresh.hear(written(Heard("fifth", 1.0), "Yes.")).sentences == ["Sorry, I did not catch that."]
    session.hear(Heard("draw", 0.4, doubt="phone loop"))
    before = session.history.cursor
    session.hear(written(Heard("fifth", 1.0), "yes please do"))  # not the one word: refused
    assert session.history.cursor == before


def test_a_move_whisper_wrote_as_its_first_cards_rank_is_no_contradiction():
    """"six of clubs on seven of diamonds" written "6" (Whisper cut short): played as decoded; written
    "9", another rank alone, it is a one-word contradiction and asked about."""
    played = Session("klondike", seed=9).hear(written(Heard("six of clubs on seven of diamonds", 1.0), "6"))
    assert played.moves
    other = Session("klondike", seed=9).hear(written(Heard("six of clubs on seven of diamonds", 1.0), "9"))
    assert not other.moves and other.sentences == ["Six of clubs on seven of diamonds?"]


def test_a_command_whisper_misspelt_by_a_letter_is_read_as_the_command():
    """Whisper writes "winnable" as "winable": read as the language's word, the transcript is the command."""
    session = Session("klondike", seed=9)
    session.winnable_seconds, session.winnable_nodes = None, 2000
    reply = session.hear(written(Heard("", None, True), "is this game still winable", logprob=-0.3))
    assert reply.sentences != ["Sorry, I did not catch that."]
    assert session.last_evidence is not None and session.last_evidence.understood


def test_a_move_decoded_to_a_place_where_whisper_wrote_a_suit_is_asked_first():
    """Flite slt's "move the eight of clubs to clubs" decoded "... to pile six" and written "move the 8 of
    clubster clubs"; "move the queen of diamonds to cell four" decoded "move the free cell one to cell
    four" (FreeCell by voice, 2026-11-27: both played, wrong). A move to a place where Whisper ended on a
    suit, or named by places where Whisper wrote a suit, is asked about; the same move in Whisper's
    words (the card for its pile) is not."""
    ended_on_suit = written(Heard("six of clubs on pile three", 1.0), "6 of clubster clubs")
    reply = Session("klondike", seed=9).hear(ended_on_suit)
    assert not reply.moves and reply.sentences == ["Six of clubs on seven of diamonds?"]
    by_places = written(Heard("pile six to pile three", 1.0), "the 6 of clubs to the sudden diamonds")
    reply = Session("klondike", seed=9).hear(by_places)
    assert not reply.moves and reply.sentences == ["Six of clubs on seven of diamonds?"]
    same_move = written(Heard("six of clubs on pile three", 1.0), "6 of clubs on 7 of diamonds")
    assert Session("klondike", seed=9).hear(same_move).moves


# --- issue 47: what Whisper plainly contradicts never acts (real people's recordings, as Heard values) ---------
def _unchanged(session: Session) -> tuple:
    return (session.history.cursor, session.asleep, session.auto_play, len(session.speech_settings), session.verbose)


def test_a_sentence_whisper_wrote_never_plays_the_move_it_was_decoded_as():
    """A telephone caller's "hi hold on let me check something onward", decoded clearly "pile one on the column
    seven" (seven of diamonds on eight of spades at deal 1), was played. Asked now; with a doubt, refused."""
    session = Session("klondike", seed=1)
    heard = written(Heard("pile one on the column seven", 1.0), "hi hold on let me check something onward")
    reply = session.hear(heard)
    assert not reply.moves and reply.sentences == ["Seven of diamonds on eight of spades?"]
    doubtful = written(Heard("pile one on the column seven", 0.4, False, "phone loop"), "hi hold on let me check something onward")
    session = Session("klondike", seed=1)
    assert session.hear(doubtful).sentences == ["Sorry, I did not catch that."] and session.history.cursor == 0
    said = written(Heard("pile one on the column seven", 1.0), "pile 1 on the column 7")
    assert Session("klondike", seed=1).hear(said).moves  # Whisper wrote the same: played


def test_wake_words_and_digits_decoded_as_settings_or_modes_change_nothing_unasked():
    """People's "athena" decoded "faster", "voyager" "quieter" (written "wider"), a "seven" "sleep" (written
    "7"), "ten of clubs" "turn off auto" (written "10 of clubs"): each was done at once. Decoded clearly they
    are asked; decoded with a doubt, refused."""
    for decoded, transcript, question in (("faster", "athena", "Faster?"), ("quieter", "wider", "Quieter?"),
                                          ("sleep", "7", "Sleep?"), ("go to sleep", "Seven.", "Sleep?"),
                                          ("slower", "4", "Slower?"), ("turn off auto", "10 of clubs", "Auto off?"),
                                          ("brief", "the 3rd", "Brief?")):
        session = Session("klondike", seed=1)
        before = _unchanged(session)
        assert session.hear(written(Heard(decoded, 1.0), transcript)).sentences == [question], decoded
        assert _unchanged(session) == before, decoded
        session = Session("klondike", seed=1)
        reply = session.hear(written(Heard(decoded, 0.4, False, "noisy"), transcript))
        assert reply.sentences == ["Sorry, I did not catch that."] and _unchanged(session) == before, decoded
    session = Session("klondike", seed=1)
    assert session.hear(Heard("go to sleep", 1.0)).sentences == ["Sleeping. Say wake up to wake me."]  # heard clearly
    assert session.asleep


def test_a_digit_whisper_wrote_as_another_never_answers_which_eight():
    """"Which eight: spades or clubs?" (deal 14; the eights on piles one and three). A person's "nine" decoded
    "one" and written "9" played pile one's eight. Every digit decoded, written as any other digit or
    ordinal, plays nothing; written as itself, "one" and "three" play their eight."""
    numbers = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
    for n, decoded in enumerate(numbers, 1):
        for transcript in [str(m) for m in range(1, 11) if m != n] + ["2nd", "the first"]:
            session = Session("klondike", seed=14)
            session.handle("move the eight")
            reply = session.hear(written(Heard(decoded, 1.0), transcript))
            assert not reply.moves and session.history.cursor == 0, (decoded, transcript)
    for decoded, transcript in (("first", "2nd"), ("second", "1st"), ("second", "2")):
        session = Session("klondike", seed=14)
        session.handle("move the eight")
        assert not session.hear(written(Heard(decoded, 1.0), transcript)).moves, (decoded, transcript)
    for decoded, transcript in (("one", "1"), ("three", "3"), ("three", "Three."), ("second", "2nd")):
        session = Session("klondike", seed=14)
        session.handle("move the eight")
        assert session.hear(written(Heard(decoded, 1.0), transcript)).moves, (decoded, transcript)


def test_yeah_yep_sure_and_nope_answer_a_yes_or_no_question_typed_and_heard():
    """With "Draw?" waiting, a person's "yeah" (decoded "yeah" broken off from "yeah go on", written "yes") got
    "Sorry, I did not catch that."."""
    for said in ("yeah", "yep", "yup", "sure", "yes"):
        session = Session("klondike", seed=9)
        session.hear(Heard("draw", 0.4, doubt="phone loop"))
        assert session.handle(said).moves, said
        session = Session("klondike", seed=9)
        session.hear(Heard("draw", 0.4, doubt="phone loop"))
        assert session.hear(Heard(said, 1.0)).moves, said
    for said in ("nope", "nah", "no"):
        session = Session("klondike", seed=9)
        session.hear(Heard("draw", 0.4, doubt="phone loop"))
        assert session.handle(said).sentences == ["Cancelled."], said
        session = Session("klondike", seed=9)
        session.hear(Heard("draw", 0.4, doubt="phone loop"))
        assert session.hear(Heard(said, 1.0)).sentences == ["Cancelled."], said
    session = Session("klondike", seed=9)
    session.hear(Heard("draw", 0.4, doubt="phone loop"))
    assert session.hear(written(Heard("yeah", 0.0, False, "incomplete"), "Yes.")).moves
    session = Session("klondike", seed=9)
    session.hear(Heard("draw", 0.4, doubt="phone loop"))
    assert session.hear(written(Heard("yeah", 0.3, False, "weak fit"), "Yeah.")).moves
    session = Session("klondike", seed=9)
    session.hear(Heard("draw", 0.4, doubt="phone loop"))
    reply = session.hear(written(Heard("nope", 1.0), "Yes."))  # the two disagree: nothing done
    assert not reply.moves and reply.sentences == ["Sorry, I did not catch that."]


def test_yeah_and_nope_are_listened_for_only_while_a_question_is_open():
    """Alone they would be made out of other speech ("yeah" is heard only in "yeah go on" then)."""
    def yes_rule(jsgf: str) -> set[str]:
        line = next(line for line in jsgf.splitlines() if line.startswith("<cmd_yes> = "))
        return {option.strip(" ();") for option in line.split(" = ", 1)[1].replace("(", "|").split("|")}

    session = Session("klondike", seed=9)
    closed = session.recogniser_grammar()
    assert not {"yeah", "yep", "sure"} & (yes_rule(closed.jsgf) | yes_rule(closed.second_jsgf))
    session.hear(Heard("draw", 0.4, doubt="phone loop"))
    grammar = session.recogniser_grammar()
    for word in ("yeah", "yep", "sure"):
        assert word in yes_rule(grammar.jsgf) and word in yes_rule(grammar.second_jsgf), word
    assert "nope" in grammar.jsgf and "nope" in grammar.second_jsgf
