"""Real speech through real PocketSphinx: espeak-ng speaks commands that make sense in a seeded
Klondike deal, and the game must understand them as Session.hear would (parse, then matching
against the legal moves), position by position.

Recognition uses the session's listening grammar (voicegame.listen.grammar.listening_grammar: the
canonical phrasings of this turn's legal moves and commands). "ok" = the game does what it does with
the words really said, or what was meant (``samples.judge_heard``).

Error budgets (measured 2026-11-22 on this machine, see bench/RESULTS.md "ASR"): a few points under
what was measured per file set, asserted; false accepts on non-command speech are still far from
the 2% target and the budget records where we are.
"""

from __future__ import annotations

import pytest

from speech_fixtures import needs_espeak, pad, speech_pcm
from voicegame.engine import History
from voicegame.play.session import Session
from voicegame.listen.understanding import understand
from voicegame.audio.pocketsphinx.checks import MIN_FRAME_SCORE
from voicegame.audio.recognisers import Heard
from samples import NOT_COMMANDS, deal_commands, judge_heard

SEED = 7
# (voice, speed) file sets: two voices, two speeds; commands are dealt round-robin to the sets.
FILE_SETS = [("en", 160), ("en", 200), ("en-us+f3", 170), ("en-us+f3", 220)]
MIN_OK = {("en", 160): 0.80, ("en", 200): 0.89, ("en-us+f3", 170): 0.85, ("en-us+f3", 220): 0.80}
"""Least share of commands understood right per file set (measured 2026-11-22 with the noise floor
30 dB under the speech and the three checks of ``listening_pocketsphinx``, 28-29 commands each:
25/29, 27/29, 25/28, 26/28; before the floor and the coverage and score checks 25/29, 23/29, 25/28,
25/28. The budget is about one command under; decoding is deterministic). 2026-11-23, with the
likely and whole grammars: en 160 21-22 of 26, en-us+f3 220 21 of 25, depending on the
utterances the shared recogniser decoded before (its cepstral mean)."""
MAX_WRONG = 0.08
"""Most share understood as something else (a different command or move) per file set (measured
2026-11-22: at most 1/29, "score" -> "four"; 2026-11-23 with the likely and whole grammars:
2/26, "read spades" -> "three to knave"). Understood, not acted on: Session.hear confirms a
doubtful move first (tests/test_heard.py)."""
MAX_FALSE_ACCEPTS = 0
"""Of the 20 sentences that are not commands, at most this many may change the game (measured
2026-11-22 with the phone-loop check, ``pocketsphinx.phone_loop.PHONE_RATIO``: 0; without it 2,
"i would like a cup of tea" -> "auto", "tell me a joke" -> "deal")."""
MAX_ACTED_ON = 4
"""At most this many may get any answer but "Sorry, I did not catch that." (measured 2026-11-22: 0;
2 with the phone loop alone, 9 with no check; 2026-11-23, with the whole language decoded alongside:
4, each a question or an unplayable move's reason from the second decode, none a change)."""


@pytest.fixture(scope="module")
def corpus():
    states, samples, _ = deal_commands(SEED)
    assert len({s.text for s in samples}) >= 100
    return states, samples


def _understand(session, recogniser, state, pcm):
    session.history = History.start(state)
    grammar = session.recogniser_grammar()
    if getattr(recogniser, "_voicegame_grammar", None) is not grammar:
        recogniser.set_grammar(grammar)
        recogniser._voicegame_grammar = grammar
    heard = recogniser.recognise(pcm)
    return heard, understand(heard, session.state, session.parser, session.resolver, session.move_matcher,
                             session.narrator)


@needs_espeak
def test_commands_spoken_by_espeak_are_understood(sphinx, corpus):
    states, samples = corpus
    session = Session("klondike", seed=SEED)
    results: dict[tuple[str, int], dict[str, int]] = {fs: {"ok": 0, "wrong": 0, "asked": 0, "rejected": 0} for fs in FILE_SETS}
    failures = []
    for i, sample in enumerate(samples):
        voice, speed = FILE_SETS[i % len(FILE_SETS)]
        heard, understood = _understand(session, sphinx, states[sample.position], pad(speech_pcm(sample.text, voice, speed), 0.3, 0.3))
        reference = understand(Heard(sample.text, 1.0), session.state, session.parser, session.resolver,
                               session.move_matcher, session.narrator)
        verdict = judge_heard(understood, reference, sample.command, session.state, session.resolver)
        results[(voice, speed)][verdict] += 1
        if verdict != "ok":
            failures.append((voice, speed, sample.text, heard.text, verdict))
    report = "\n".join(map(str, failures))
    for fs, counts in results.items():
        n = sum(counts.values())
        assert n >= 25
        assert counts["ok"] >= MIN_OK[fs] * n, (fs, counts, report)
        assert counts["wrong"] <= MAX_WRONG * n, (fs, counts, report)


@needs_espeak
def test_speech_that_is_not_a_command_is_not_a_move(sphinx, corpus):
    states, _ = corpus
    session = Session("klondike", seed=SEED)
    accepted = []
    acted_on = []
    for i, text in enumerate(NOT_COMMANDS):
        voice, speed = FILE_SETS[i % len(FILE_SETS)]
        session.history = History.start(states[0])
        session.question = None
        before = session.state
        grammar = session.recogniser_grammar()
        if getattr(sphinx, "_voicegame_grammar", None) is not grammar:
            sphinx.set_grammar(grammar)
            sphinx._voicegame_grammar = grammar
        heard = sphinx.recognise(pad(speech_pcm(text, voice, speed), 0.3, 0.3))
        reply = session.hear(heard)
        if reply.moves or session.state is not before:
            accepted.append((text, heard.text, reply.sentences))
        if reply.sentences != ["Sorry, I did not catch that."]:
            acted_on.append((text, heard.text))
        else:
            assert session.state is before
    assert len(accepted) <= MAX_FALSE_ACCEPTS, accepted
    assert len(acted_on) <= MAX_ACTED_ON, acted_on


@needs_espeak
def test_phone_loop_rejects_a_sentence_decoded_as_a_short_command(sphinx, corpus):
    """'i would like a cup of tea' fits the grammar as a one-word command; the phone loop hears far
    more phones."""
    from voicegame.audio.recognisers import PocketSphinxRecogniser

    states, _ = corpus
    session = Session("klondike", seed=SEED)
    session.history = History.start(states[0])
    grammar = session.recogniser_grammar()
    plain = PocketSphinxRecogniser(**PocketSphinxRecogniser.NARROW_BEAMS)
    plain.set_grammar(grammar)
    sphinx.set_grammar(grammar)
    sphinx._voicegame_grammar = grammar
    pcm = pad(speech_pcm("i would like a cup of tea", "en", 160), 0.3, 0.3)
    fooled = plain.recognise(pcm)  # the grammar alone is fooled: "auto", since streaming "five", now "auto off"
    assert not fooled.unknown and len(fooled.text.split()) <= 2, fooled
    heard = sphinx.recognise(pcm)
    assert heard.unknown and heard.text == ""
    command = pad(speech_pcm("six of diamonds on seven of spades", "en", 160), 0.3, 0.3)
    said = session.parser.parse("six of diamonds on seven of spades")
    assert session.parser.parse(sphinx.recognise(command).text) == said  # "the" may be heard before it


@needs_espeak
def test_acoustic_score_rejects_a_sentence_forced_onto_a_whole_move(corpus):
    """"the garden looks lovely in spring" fits the grammar as a whole move, covering all the speech
    (so neither the phone loop nor the coverage check can tell); its acoustic score per frame is far
    under a real command's."""
    from voicegame.audio.recognisers import PocketSphinxRecogniser, listening_pocketsphinx

    states, _ = corpus
    session = Session("klondike", seed=SEED)
    session.history = History.start(states[0])
    grammar = session.recogniser_grammar()
    scored = PocketSphinxRecogniser(compallsen=True, **PocketSphinxRecogniser.NARROW_BEAMS)
    checked = listening_pocketsphinx()
    scored.set_grammar(grammar)
    checked.set_grammar(grammar)
    junk = pad(speech_pcm("the garden looks lovely in spring", "en", 160), 0.3, 0.3)
    fooled = scored.recognise(junk)
    # measured 2026-11-22: "move pile two on seven of spades"; streamed: "move pile two on the", -8.7;
    # 2026-11-23 (the likely grammar): "the column two on the", an incomplete path
    # whose score (-6.3) no longer tells; the checks together still reject the sentence
    assert fooled.text and not fooled.unknown
    heard = checked.recognise(junk)  # rejected, or (now) an incomplete path: doubtful either way
    assert heard.unknown or heard.doubt
    reply = session.hear(heard)
    assert not reply.moves and session.history.cursor == 0  # never played without a "yes"
    command = pad(speech_pcm("six of diamonds on seven of spades", "en", 160), 0.3, 0.3)
    assert session.parser.parse(checked.recognise(command).text) == session.parser.parse("six of diamonds on seven of spades")
    assert checked.frame_score() > MIN_FRAME_SCORE


@needs_espeak
def test_the_silence_around_a_command_does_not_decide_the_check(corpus):
    """The acoustic score counts the words' frames only: the same command with 0.3 s of digital
    silence around it, or endpointed out of a second of room noise on each side, is accepted."""
    import numpy as np

    from voicegame.audio.capture.microphone import Endpointer
    from voicegame.audio.recognisers import listening_pocketsphinx

    states, _ = corpus
    session = Session("klondike", seed=SEED)
    session.history = History.start(states[0])
    recogniser = listening_pocketsphinx()
    recogniser.set_grammar(session.recogniser_grammar())
    speech = speech_pcm("six of diamonds on seven of spades", "en", 160)
    room = np.concatenate([np.zeros(16000), speech, np.zeros(16000)]) + np.random.default_rng(5).normal(0, 8, len(speech) + 32000)
    endpointer = Endpointer()
    utterances = [u for i in range(0, len(room), 480) for u in endpointer.feed(np.round(room[i:i + 480]).astype(np.int16))]
    assert len(utterances) == 1
    for audio in (pad(speech, 0.3, 0.3), utterances[0].pcm):
        assert recogniser.recognise(audio).text == "six of diamonds on seven of spades"
        assert recogniser.frame_score() > MIN_FRAME_SCORE


@needs_espeak
def test_two_decodes_agreeing_outweigh_one_phone_too_many():
    """espeak-ng's "louder" is heard by the phone loop as five phones for the four of L AW D ER, one
    over its limit, which threw out a right command. The second decode (the whole language) found
    "louder" too, so it is kept, as a doubt (a change of the game would be confirmed first); a
    sentence that is no command, heard as a short command by the first decode alone, is still
    thrown out."""
    from voicegame.audio.recognisers import listening_pocketsphinx

    session = Session("klondike", seed=1)
    recogniser = listening_pocketsphinx()
    recogniser.set_grammar(session.recogniser_grammar())
    heard = recogniser.recognise(pad(speech_pcm("louder", "en", 160), 0.3, 0.3))
    assert heard.text == "louder" and heard.doubt == "phone loop", (heard, recogniser.first_fit)
    heard_phones, expected = recogniser.first_fit["phones"]
    assert heard_phones > recogniser.phone_loop.ratio * expected  # the loop alone would have thrown it out
    assert session.hear(heard).command.intent == "louder"  # a reading of the volume: answered at once
    junk = recogniser.recognise(pad(speech_pcm("i would like a cup of tea", "en", 160), 0.3, 0.3))
    assert junk.unknown and junk.text == "", junk


@needs_espeak
def test_a_reading_only_the_whole_language_heard_clearly_is_answered():
    """One-word synonyms ("winnable", "instructions") are left out of the first decode (they took short
    commands' audio), so only the second decode hears them. A reading or help command it heard
    clearly (``DecodeEvidence.second_clear``) is answered as typed; speech that is no command is not."""
    from voicegame.audio.recognisers import listening_pocketsphinx

    for said, voice in (("instructions", ("en", 160)), ("more detail", ("en-gb", 180))):
        session = Session("klondike", seed=1)
        recogniser = listening_pocketsphinx()
        recogniser.set_grammar(session.recogniser_grammar())
        heard = recogniser.recognise(pad(speech_pcm(said, *voice), 0.3, 0.3))
        assert heard.unknown and heard.evidence.second == said and heard.evidence.second_clear, (heard, recogniser.second_fit)
        typed = Session("klondike", seed=1).handle(said)
        reply = session.hear(heard)
        assert reply.command is not None and reply.command == typed.command
        if said == "more detail":  # a setting: asked first on the second decode alone (a change of the game), then done
            assert reply.sentences == ["Verbose?"] and not session.verbose
            reply = session.hear(Heard("yes", 1.0))
        assert reply.sentences == typed.sentences and session.history.cursor == 0
        junk = recogniser.recognise(pad(speech_pcm("the car needs new tyres", *voice), 0.3, 0.3))
        assert session.hear(junk).sentences == [session.narrator.say("not_understood")], junk
