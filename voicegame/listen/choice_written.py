"""The choice Whisper wrote, put beside a decode that answers nothing, while "Which eight: spades or clubs?"
is open.

A person's one-word answer is the hardest thing to hear: Moonshine held to the grammar may decode a
"one" as "what" (and "one" second) or a "three" as "yeah", while Whisper writes "1" or "three". The decode
alone would be refused ("Sorry, I did not catch that."), and the player says it again to the same ear. The
question narrows what can be meant to its few choices, so a transcript that names one of them, where the
decode names none, is worth taking up:

- the grammar's own decodes also found that choice among their other readings (its n-best), and the
  transcript is another recogniser's (``Transcript.own`` is False: not Moonshine's free pass weighed
  against Moonshine): two ears agree, and it is played;
- otherwise it is asked about ("Eight of clubs on nine of hearts?"), never played unasked;
- a choice the decode found likeliest but rejected is asked about too when Whisper's words are spelled like
  it ("three" rejected, written "street").

Only when the decode is not itself a choice: two answers that differ ("one" decoded, "3" written) stay the
listening policy's (voicegame.listen.policy, rule 3). A decode that is a bare answer naming another number
("nine" decoded, "1" written, "one" in its n-best) is asked about, not played: people's "nine" and "one"
are the pair the ears confuse. Chosen on tests/data/human's recordings (the tuning people; bench/RESULTS.md).
"""

from __future__ import annotations

from voicegame.engine import State
from voicegame.language.command import Command, Intent
from voicegame.language.parse import Parser
from voicegame.language.resolve import Ask, Play, Resolver
from voicegame.listen.policy import Doubt, spelled_alike
from voicegame.listen.understanding import Heard, How, Understanding, read_transcript

CHOICES = frozenset({Intent.ANSWER, Intent.CHOOSE})
"""What can name one choice of a "which?" question ("three", "spades", "the second one")."""


def with_choice_written(heard: Heard, understood: Understanding, parser: Parser, resolver: Resolver, state: State,
                        question: Ask | None) -> Understanding:
    """``understood``, or the choice Whisper wrote in its place (see the module)."""
    if question is None or heard.transcript is None or heard.typed:
        return understood
    if _chooses(understood.command, resolver, state, question):
        return understood
    transcript = heard.transcript()
    if transcript is None or not transcript.text:
        return understood
    written, answer = read_transcript(parser, transcript.text)
    if answer is None or not _chooses(answer, resolver, state, question):
        return _rejected_choice_spelled_alike(heard, understood, written, parser, resolver, state, question)
    play = resolver.narrow(state, question, answer)  # a Play: ``_chooses`` said so
    decoded_answer = understood.command is not None and understood.command.intent in CHOICES
    if not transcript.own and not decoded_answer and _among_readings(heard, play, parser, resolver, state, question):
        return Understanding(How.PARSED, answer, text=written, agreed=True)
    return Understanding(How.PARSED, answer, doubt=Doubt.TRANSCRIPT_ONLY, text=written)


def _rejected_choice_spelled_alike(heard: Heard, understood: Understanding, written: str, parser: Parser,
                                   resolver: Resolver, state: State, question: Ask) -> Understanding:
    """The choice the grammar decode found likeliest but rejected (Moonshine's free pass fitted much better),
    when Whisper wrote words spelled like it ("street" for "three": ``policy.spelled_alike``): asked about, as
    a weak fit; ``understood`` otherwise. A person's "three" (FSDD nicolas) was refused so."""
    reading = heard.evidence.rejected_text
    command = parser.parse(reading) if reading and understood.how is How.REJECTED else None
    if command is None or not _chooses(command, resolver, state, question) \
            or not spelled_alike(" ".join(parser.words(written)), " ".join(parser.words(reading))):
        return understood
    return Understanding(How.PARSED, command, doubt=Doubt.WEAK_FIT, text=reading)


def _chooses(command: Command | None, resolver: Resolver, state: State, question: Ask) -> bool:
    """Whether ``command`` is an answer that picks one choice of ``question``."""
    return command is not None and command.intent in CHOICES \
        and isinstance(resolver.narrow(state, question, command), Play)


def _among_readings(heard: Heard, play: object, parser: Parser, resolver: Resolver, state: State,
                    question: Ask) -> bool:
    """Whether one of the grammar decode's other readings (its n-best, a sentence it rejected) picks the
    same choice as ``play``."""
    readings = (*heard.alternatives, *(text for text, _ in heard.nbest), heard.evidence.rejected_text,
                heard.evidence.second or "")
    for text in readings:
        command = parser.parse(text) if text else None
        if command is not None and _chooses(command, resolver, state, question) \
                and resolver.narrow(state, question, command) == play:
            return True
    return False
