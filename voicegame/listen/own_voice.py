"""The answer the player's own recorded voice heard (``Heard.enrolled``, from ``voicegame train``),
put beside what the decodes understood, while "Which eight: spades or clubs?" is open.

On people's digits the templates were right far more often than the decodes (bench/RESULTS.md,
"Enrolment": 93% against 37-68% on held-out speakers; where they differed, the templates were right 22
times of 22), so an enrolled digit that answers the question vouches for the same answer decoded and
takes the place of anything else; the listening policy then acts on it when the match is sure and
asks otherwise. A digit that answers nothing makes a decoded answer doubtful. Only numbers, only to a
"which?" question: yes and no were not measured and are left to the decodes.
"""

from __future__ import annotations

from dataclasses import replace

from voicegame.engine import State
from voicegame.language.command import Intent
from voicegame.language.parse import Parser
from voicegame.language.resolve import Ask, Play, Resolver
from voicegame.listen.policy import Doubt
from voicegame.listen.understanding import Heard, How, Understanding


def with_own_voice(heard: Heard, understood: Understanding, parser: Parser, resolver: Resolver, state: State,
                   question: Ask | None) -> Understanding:
    """``understood``, or what the player's own voice heard in its place (``Doubt.OWN_VOICE``)."""
    if heard.enrolled is None or question is None:
        return understood
    word, _margin = heard.enrolled
    answer = parser.parse(word)
    if answer is None or answer.intent != Intent.ANSWER:
        return understood  # "yes" and "no" parse as their own intents: left to the decodes
    if not isinstance(resolver.narrow(state, question, answer), Play):
        if understood.command is not None and understood.command.intent == Intent.ANSWER and understood.doubt is Doubt.NONE:
            return replace(understood, doubt=Doubt.OWN_VOICE_DIFFERS)  # their voice heard a digit that answers nothing
        return understood
    if understood.command == answer:
        return replace(understood, doubt=Doubt.NONE, agreed=True)
    return Understanding(How.PARSED, answer, doubt=Doubt.OWN_VOICE, text=word)


def sure_margin(margin: float) -> bool:
    """Whether the templates' margin (``Heard.enrolled``) is wide enough to act without asking
    (``voice_templates.SURE_MARGIN``: imported here, when templates are in use, since it brings numpy and
    a typed game loads no audio stack)."""
    from voicegame.audio.enrolment.voice_templates import SURE_MARGIN  # noqa: PLC0415

    return margin >= SURE_MARGIN
