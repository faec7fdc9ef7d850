"""The listening policy as a table: every case of issue 34 is a row (voicegame/listen/policy.py).

Each row is the evidence about one utterance, what acting on it would do, and what must happen. The
first rows are what real people's recordings and voices the project never used made the game do
before the policy was one function; the later ones what must keep working.
"""

from __future__ import annotations

import pytest

from voicegame.listen.policy import (Act, Confirm, Decision, Doubt, Effect, Evidence, Reason, Reject, Situation,
                                     Source, decide, spelled_alike)

ENDS, CHANGES, SETTING, TELLS = Effect.ENDS_GAME, Effect.CHANGES_GAME, Effect.CHANGES_SETTING, Effect.TELLS

ROWS: list[tuple[str, Evidence, Situation, Decision]] = [
    # --- issue 34: what must not happen ---------------------------------------------------------
    ('a person\'s "five" written "bye" by Whisper: quit, with no question asked',
     Evidence(True, Source.TRANSCRIPT, Doubt.TRANSCRIPT_ONLY), Situation(ENDS), Confirm()),
    ('"five" written "bye" while the decode agreed, clear: quit is still asked about',
     Evidence(True, Source.GRAMMAR, agreed=True), Situation(ENDS), Confirm()),
    ('a clear "quit" by voice: "Quit? Your game is saved."',
     Evidence(True), Situation(ENDS), Confirm()),
    ('"smart mirror" heard as "restart" (same deal again from the start)',
     Evidence(True, Source.GRAMMAR, Doubt.RIVAL), Situation(ENDS), Confirm()),
    ('"nine" heard as "new game"', Evidence(True, Source.WHISPER_CHOICE, Doubt.WHISPER_CHOSE, agreed=True),
     Situation(ENDS), Confirm()),
    ('"previous game" heard clearly: another game takes this one\'s place', Evidence(True), Situation(ENDS), Confirm()),
    ('"thank you" heard by the second decode alone as "all up" (auto)',
     Evidence(True, Source.SECOND_DECODE, Doubt.SECOND_ONLY, second_clear=True), Situation(CHANGES), Confirm()),
    ('"hint" heard clearly as "clean up", Whisper wrote "hint": one word that is not auto\'s own',
     Evidence(True, whisper_disagrees=True, whisper_words=1), Situation(CHANGES), Confirm()),
    ('"view glass" heard as "draw" in doubt (a weak word)',
     Evidence(True, Source.GRAMMAR, Doubt.WEAK_WORD), Situation(CHANGES), Confirm()),
    ('"happy" heard as "faster", Whisper wrote "happy"',
     Evidence(True, whisper_disagrees=True, whisper_words=1), Situation(SETTING), Confirm()),
    ('"dog" heard as "verbose" in doubt', Evidence(True, Source.GRAMMAR, Doubt.NOISY), Situation(SETTING), Confirm()),
    ('"three" heard by the second decode alone as "brief"',
     Evidence(True, Source.SECOND_DECODE, Doubt.SECOND_ONLY, second_clear=True, plain=True), Situation(SETTING), Confirm()),
    ('a person\'s "seven" with no question open (Whisper wrote "7"): never a move',
     Evidence(True, Source.TRANSCRIPT, Doubt.TRANSCRIPT_ONLY, bare_answer=True), Situation(CHANGES), Reject()),
    ('typed "seven" with no question open: say what to do instead',
     Evidence(True, Source.TYPED, bare_answer=True), Situation(TELLS), Reject(Reason.BARE_ANSWER)),
    ('typed "pile one" with no question open', Evidence(True, Source.TYPED, bare_answer=True),
     Situation(CHANGES), Reject(Reason.BARE_ANSWER)),
    ('a clear bare "seven" by voice with nothing open: what to do, not a move',
     Evidence(True, bare_answer=True), Situation(CHANGES), Reject(Reason.BARE_ANSWER)),
    ('"let\'s order pizza for dinner" as Whisper\'s choice "score": asked, never read out',
     Evidence(True, Source.WHISPER_CHOICE, Doubt.WHISPER_CHOSE, agreed=True), Situation(TELLS), Confirm()),
    ('"where did you park the car" as Whisper\'s choice "where is the four of hearts"',
     Evidence(True, Source.WHISPER_CHOICE, Doubt.WHISPER_CHOSE, agreed=True), Situation(TELLS), Confirm()),
    ('"the radio is too loud" as a weak fit of "read the board"',
     Evidence(True, Source.GRAMMAR, Doubt.WEAK_FIT, weak_fit=True), Situation(TELLS), Reject()),
    ('a reading the second decode alone heard, not clearly',
     Evidence(True, Source.SECOND_DECODE, Doubt.SECOND_ONLY, plain=True), Situation(TELLS), Reject()),
    ('"cat" written "cat" by Whisper, decoded as "statistics": one word not its own',
     Evidence(True, Source.GRAMMAR, Doubt.NOISY, whisper_disagrees=True, whisper_words=1), Situation(TELLS), Reject()),
    ('"zero" heard clearly as "faster", Whisper wrote "theta theta theta the"',
     Evidence(True, whisper_disagrees=True, whisper_words=4, names_nothing=True), Situation(SETTING), Confirm()),
    ('"view glass" heard clearly as "deal cards", Whisper wrote "view glass"',
     Evidence(True, whisper_disagrees=True, whisper_words=2, names_nothing=True), Situation(CHANGES), Confirm()),
    ('"where" (a person\'s "nine") matched to "seven on eight or draw?": no question made of one word',
     Evidence(True, Source.MATCHED, Doubt.NONE, words=1), Situation(TELLS), Reject()),
    ('"sheila" that only the second decode heard as "deal again", Whisper wrote "sheila": no question at all',
     Evidence(True, Source.SECOND_DECODE, Doubt.SECOND_ONLY, whisper_disagrees=True, whisper_words=1, names_nothing=True),
     Situation(ENDS), Reject()),
    ('"jarvis" as Whisper\'s choice "start again" over its own "jairvis jairvis"',
     Evidence(True, Source.WHISPER_CHOICE, Doubt.WHISPER_CHOSE, agreed=True, whisper_disagrees=True, whisper_words=2,
              names_nothing=True), Situation(ENDS), Reject()),
    ('"snowboy" decoded as "slower" over a phone loop, written "snowboy"',
     Evidence(True, Source.GRAMMAR, Doubt.PHONE_LOOP, whisper_disagrees=True, whisper_words=1, names_nothing=True),
     Situation(SETTING), Reject()),
    ('nothing understood', Evidence(False), Situation(TELLS), Reject()),
    # --- issue 47: what Whisper's transcript plainly contradicts never acts, whatever its fit ------------
    ('a telephone caller\'s "hi hold on let me check something onward" decoded clearly "pile one on the column seven"',
     Evidence(True, whisper_disagrees=True, whisper_words=8, whisper_names_nothing=True, words=5), Situation(CHANGES), Confirm()),
    ('the same sentence, decoded with a doubt: refused, no question',
     Evidence(True, Source.GRAMMAR, Doubt.PHONE_LOOP, whisper_disagrees=True, whisper_words=8, whisper_names_nothing=True,
              words=5), Situation(CHANGES), Reject()),
    ('"athena" decoded clearly "faster", written "athena"',
     Evidence(True, whisper_disagrees=True, whisper_words=1, whisper_names_nothing=True, names_nothing=True), Situation(SETTING),
     Confirm()),
    ('"voyager" decoded clearly "quieter", written "wider"',
     Evidence(True, whisper_disagrees=True, whisper_words=1, whisper_names_nothing=True, names_nothing=True), Situation(SETTING),
     Confirm()),
    ('a "seven" decoded clearly "sleep", written "7" (spelled alike: "seven", "sleep" 60): a mode is a setting',
     Evidence(True, whisper_words=1, other_numbers=True, names_nothing=True), Situation(SETTING), Confirm()),
    ('a "four" decoded "slower" with a doubt, written "4"',
     Evidence(True, Source.GRAMMAR, Doubt.NOISY, whisper_disagrees=True, whisper_words=1, other_numbers=True, names_nothing=True),
     Situation(SETTING), Reject()),
    ('"ten of clubs" decoded clearly "turn off auto", written "10 of clubs" (spelled alike, 56)',
     Evidence(True, whisper_words=3, other_numbers=True, names_nothing=True, words=3), Situation(CHANGES), Confirm()),
    ('"Which eight?" open, a "nine" decoded clearly "one", written "9" (spelled alike, 57): not pile one\'s eight',
     Evidence(True, bare_answer=True, whisper_words=1, other_numbers=True), Situation(CHANGES, answerable=True), Confirm()),
    ('the same "nine" decoded "one" with a doubt: refused',
     Evidence(True, Source.GRAMMAR, Doubt.WEAK_WORD, bare_answer=True, whisper_words=1, other_numbers=True),
     Situation(CHANGES, answerable=True), Reject()),
    ('a "second" decoded clearly, written "2": another answer, asked',
     Evidence(True, bare_answer=True, whisper_words=1, other_numbers=True), Situation(CHANGES, answerable=True), Confirm()),
    ('a reading decoded clearly that Whisper wrote as a sentence naming nothing: not read out either',
     Evidence(True, whisper_disagrees=True, whisper_words=5, whisper_names_nothing=True, names_nothing=True), Situation(TELLS),
     Reject()),
    ('"yes" to "Draw?" decoded clearly but written "no": refused', Evidence(True, bare_answer=True, whisper_disagrees=True,
                                                                         whisper_words=1, whisper_names_nothing=True),
     Situation(TELLS, answerable=True), Reject()),
    # --- what keeps working ------------------------------------------------------------------------
    ('a clear move by voice is played at once', Evidence(True), Situation(CHANGES), Act()),
    ('a clear "faster" by voice', Evidence(True), Situation(SETTING), Act()),
    ('a move in doubt that Whisper wrote the same: played', Evidence(True, Source.GRAMMAR, Doubt.NONE, agreed=True),
     Situation(CHANGES), Act()),
    ('a move found by matching the legal moves: asked', Evidence(True, Source.MATCHED, Doubt.MATCHED),
     Situation(CHANGES), Confirm()),
    ('"seven on eight" broken off, matched to two moves: which one?', Evidence(True, Source.MATCHED, words=3),
     Situation(TELLS), Act()),
    ('a clear move Whisper wrote with another card: still played (moves name cards: Whisper misspells them)',
     Evidence(True, whisper_disagrees=True, whisper_words=6), Situation(CHANGES), Act()),
    ('a clear move Whisper wrote with one rank otherwise ("7 of hearts on 9 of spades"): numbers in common, played',
     Evidence(True, whisper_disagrees=True, whisper_words=7), Situation(CHANGES), Act()),
    ('"3" written for a clear "three" to "Which eight?": played', Evidence(True, bare_answer=True, whisper_words=1),
     Situation(CHANGES, answerable=True), Act()),
    ('a move Whisper chose among candidates: asked', Evidence(True, Source.WHISPER_CHOICE, Doubt.WHISPER_CHOSE, agreed=True),
     Situation(CHANGES), Confirm()),
    ('a typed move is never confirmed', Evidence(True, Source.TYPED), Situation(CHANGES), Act()),
    ('typed "quit" quits', Evidence(True, Source.TYPED), Situation(ENDS), Act()),
    ('"new game" by voice while a game is under way: its own question asks', Evidence(True),
     Situation(ENDS, asks_anyway=True), Act()),
    ('"yes" to "Draw?" heard clearly', Evidence(True, bare_answer=True), Situation(TELLS, answerable=True), Act()),
    ('"three" to "Which eight?" heard clearly', Evidence(True, bare_answer=True), Situation(CHANGES, answerable=True), Act()),
    ('"yes" to "Draw?" that only the second decode heard', Evidence(True, Source.SECOND_DECODE, Doubt.SECOND_ONLY,
                                                                    bare_answer=True), Situation(TELLS, answerable=True), Reject()),
    ('a clear reading', Evidence(True), Situation(TELLS), Act()),
    ('a reading the grammar heard with a rival', Evidence(True, Source.GRAMMAR, Doubt.RIVAL), Situation(TELLS), Act()),
    ('a reading only Whisper wrote down, whole', Evidence(True, Source.TRANSCRIPT, Doubt.TRANSCRIPT_ONLY),
     Situation(TELLS), Act()),
    ('a reading the second decode alone heard clearly', Evidence(True, Source.SECOND_DECODE, Doubt.SECOND_ONLY,
                                                                  second_clear=True, plain=True), Situation(TELLS), Act()),
    ('a weak-fit reading Whisper agrees with', Evidence(True, Source.GRAMMAR, Doubt.NONE, agreed=True, weak_fit=True),
     Situation(TELLS), Act()),
    ('a clear move Whisper wrote with other suits', Evidence(True, other_suits=True, whisper_disagrees=True, whisper_words=6),
     Situation(CHANGES), Confirm()),
    ('a doubtful move Whisper wrote with other suits', Evidence(True, Source.GRAMMAR, Doubt.PHONE_LOOP, other_suits=True,
                                                               whisper_disagrees=True, whisper_words=6), Situation(CHANGES), Reject()),
    # rule 7: what the player has agreed to twice about the same hearing (voicegame.listen.learned)
    ('a draw only Whisper made out, agreed to twice before', Evidence(True, Source.WHISPER_CHOICE, Doubt.WHISPER_CHOSE,
                                                                      confirmed_before=True), Situation(CHANGES), Act()),
    ('a doubtful setting agreed to twice before', Evidence(True, Source.GRAMMAR, Doubt.PHONE_LOOP, confirmed_before=True),
     Situation(SETTING), Act()),
    ('a reading Whisper chose, agreed to twice before', Evidence(True, Source.WHISPER_CHOICE, Doubt.WHISPER_CHOSE,
                                                                 confirmed_before=True), Situation(TELLS), Act()),
    ('a quit agreed to twice before is still asked', Evidence(True, Source.GRAMMAR, Doubt.PHONE_LOOP, confirmed_before=True),
     Situation(ENDS), Confirm()),
    ('contradicted and unclear: refused, agreed to before or not', Evidence(True, Source.SECOND_DECODE, Doubt.SECOND_ONLY,
                                                                             whisper_disagrees=True, whisper_words=1,
                                                                             confirmed_before=True), Situation(CHANGES), Reject()),
    ('a weak-fit reading: refused, agreed to before or not', Evidence(True, Source.GRAMMAR, Doubt.WEAK_FIT, weak_fit=True,
                                                                      confirmed_before=True), Situation(TELLS), Reject()),
    ('a bare answer with nothing open: refused, agreed to before or not', Evidence(True, bare_answer=True, confirmed_before=True),
     Situation(CHANGES), Reject(Reason.BARE_ANSWER)),
]


@pytest.mark.parametrize("case, evidence, situation, expected", ROWS, ids=[row[0] for row in ROWS])
def test_the_policy_table(case: str, evidence: Evidence, situation: Situation, expected: Decision) -> None:
    assert decide(evidence, situation) == expected, case


def test_nothing_heard_ends_or_changes_the_game_without_a_question() -> None:
    """Whatever the evidence short of typed text, a change of the game is either asked about or done on a
    clear decode, and an ending of the game is never done at once (unless its own question asks)."""
    for source in Source:
        if source is Source.TYPED:
            continue
        for doubt in Doubt:
            for agreed in (False, True):
                for one_word in (False, True):
                    evidence = Evidence(True, source, doubt, agreed=agreed, whisper_disagrees=one_word, whisper_words=1)
                    assert not isinstance(decide(evidence, Situation(ENDS)), Act), evidence
                    if isinstance(decide(evidence, Situation(CHANGES)), Act):
                        assert evidence.clear and (source is Source.GRAMMAR or agreed) and not one_word, evidence


def test_nothing_whisper_contradicts_is_acted_on_whatever_its_fit() -> None:
    """Issue 47: words Whisper plainly wrote otherwise (another word, a sentence naming nothing, other suits,
    other numbers) are never acted on, whatever the source, doubt, effect or open question; only what the
    player has agreed to twice before about the same hearing (rule 7) is, and never an ending."""
    contradictions = (dict(whisper_disagrees=True, whisper_words=1), dict(whisper_disagrees=True, whisper_words=3, names_nothing=True),
                      dict(whisper_disagrees=True, whisper_words=8, whisper_names_nothing=True), dict(other_suits=True),
                      dict(other_numbers=True, whisper_words=1))
    for source in Source:
        if source in (Source.TYPED,):
            continue
        for doubt in Doubt:
            for contradiction in contradictions:
                for bare in (False, True):
                    evidence = Evidence(True, source, doubt, bare_answer=bare, **contradiction)  # type: ignore[arg-type]
                    assert evidence.contradicted
                    for effect in Effect:
                        for answerable in (False, True):
                            decision = decide(evidence, Situation(effect, answerable))
                            assert not isinstance(decision, Act), (evidence, effect, answerable)


def test_the_recogniser_doubts_are_known_by_name() -> None:
    for text in ("weak fit", "noisy", "phone loop", "weak word", "incomplete", "low confidence"):
        assert Doubt.of_recogniser(text).value == text
    assert Doubt.of_recogniser("something new") is Doubt.OTHER_RECOGNISER


def test_whisper_misspelling_a_command_is_no_disagreement_but_other_words_are() -> None:
    """Measured pairs (Whisper's words, the decode's): the first are the command misspelt, the others what
    people said that the grammar forced onto a command."""
    for written, decoded in (("rido", "redo"), ("withable", "winnable"), ("clear", "clean up"), ("command", "commands"),
                             ("dis can't reason", "discard aces"), ("speak into tale", "speak in detail")):
        assert spelled_alike(written, decoded), (written, decoded)
    for written, decoded in (("us", "faster"), ("view glass", "deal cards"), ("happy", "faster"), ("5", "faster"),
                             ("theta theta theta the", "faster"), ("snowboy", "slower"), ("bye", "quit"),
                             ("athena", "faster"), ("wider", "quieter")):
        assert not spelled_alike(written, decoded), (written, decoded)
