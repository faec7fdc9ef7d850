"""The listening policy's inputs, weighed in one place beside :func:`voicegame.listen.policy.decide`: what
is known of one utterance (an :class:`~voicegame.listen.policy.Evidence`: which decode the words came
from, what the recogniser doubted, what Whisper wrote) and what acting on it would do (a
:class:`~voicegame.listen.policy.Situation`: the command's effect and what is open to answer).

The session says how the game and the dialogue stand (:class:`Open`, :class:`GameStanding`), asks here,
asks ``decide``, and carries the decision out; it weighs nothing itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from voicegame.audio.backend import Heard
from voicegame.engine import State
from voicegame.language.command import CardRef, Command, Intent, YES_NO_CANCEL
from voicegame.language.parse import Parser
from voicegame.language.resolve import Ask, Play, Refuse, Resolver
from voicegame.listen.own_voice import sure_margin
from voicegame.listen.policy import Doubt, Effect, Evidence, Situation, Source
from voicegame.listen.understanding import How, Understanding
from voicegame.listen.whisper_opinion import whisper_says

EFFECTS: dict[str, Effect] = {
    **dict.fromkeys((Intent.QUIT, Intent.NEW_GAME, Intent.RESTART, Intent.SWITCH_GAME, Intent.PREVIOUS_GAME), Effect.ENDS_GAME),
    **dict.fromkeys((Intent.DRAW, Intent.UNDO, Intent.REDO, Intent.AUTO, Intent.AUTO_ON, Intent.AUTO_OFF, Intent.DISCARD_ALL), Effect.CHANGES_GAME),
    **dict.fromkeys((Intent.FASTER, Intent.SLOWER, Intent.LOUDER, Intent.QUIETER, Intent.BRIEF, Intent.VERBOSE, Intent.SLEEP), Effect.CHANGES_SETTING),
}
"""What the slot-free intents do: heard by voice, the first group is always confirmed, the other two
when heard with doubt or contradicted by Whisper (a mode is a setting: a person's "seven" decoded
"sleep" and written "7" answered "Sleeping. Say wake up to wake me."). Moves and answers that play one
are ``Effect.CHANGES_GAME`` too (``situation_of``); every other intent changes nothing."""
CHANGES_GAME = frozenset(intent for intent, effect in EFFECTS.items() if effect is not Effect.CHANGES_SETTING)
"""Intents (besides moves) that change the game."""
SOURCE_OF_DOUBT = {Doubt.SECOND_ONLY: Source.SECOND_DECODE, Doubt.TRANSCRIPT_ONLY: Source.TRANSCRIPT,
                   Doubt.WHISPER_CHOSE: Source.WHISPER_CHOICE, Doubt.OWN_VOICE: Source.ENROLLED}
"""Doubts that say where the words came from (otherwise the grammar's decode, or matching)."""
SECOND_ONLY_ANSWERED = frozenset({
    Intent.HINT, Intent.MOVES, Intent.WINNABLE, Intent.WHAT_CAN_I_SAY, Intent.ALL_COMMANDS, Intent.HELP, Intent.LIST_GAMES, Intent.READ_BOARD, Intent.MORE,
    Intent.READ_CELLS, Intent.READ_FOUNDATIONS, Intent.READ_FREE, Intent.COUNT, Intent.SCORE, Intent.REPEAT, Intent.STATISTICS})
"""Intents answered when only the second decode heard them, clearly (``DecodeEvidence.second_clear``): advice and
readings of no pile or card in particular, which change neither the game nor what is open. Not the
settings: a wrong one changes how everything after it sounds ("faster" was heard as "softer" there;
quieter and quieter could end in silence), so they are confirmed (voicegame.listen.policy). Anything
else heard only there is confirmed or dropped (``SECOND_ONLY``). Measured 2026-11-24 (bench/heard.py, 242 clean commands and
61 in each white noise, 80 non-commands): clean right 72.7 -> 75.6% tune, 55.7 -> 57.1% held-out,
white 20 dB 71.7 -> 78.3% tune, white 10 dB 63.0 -> 69.6 / 46.7 -> 53.3%; no wrong action or false
accept added (bench/RESULTS.md "ASR")."""
ANSWER_WORDS = frozenset({Intent.YES, Intent.NO, Intent.CANCEL, Intent.ANSWER, Intent.CHOOSE})
"""Intents that only answer what is open (a bare answer, ``Evidence.bare_answer``): said as the second
unclear answer to "Resume your game?", they resume the game and do nothing more."""
ASKS_ANYWAY = frozenset({Intent.NEW_GAME, Intent.RESTART, Intent.SWITCH_GAME})
"""Intents that ask a question of their own before they leave a game in progress ("This game is not
finished. Play Spider instead?")."""


@dataclass(frozen=True)
class Open:
    """What an utterance may answer when it comes."""

    question: bool = False
    """A "which?" question ("Which eight: spades or clubs?")."""
    waiting: bool = False
    """A command waiting for "yes" ("Draw?", "Quit? Your game is saved.")."""
    offer: bool = False
    """"Resume your game?"."""
    hinted: bool = False
    """A hint just given: "yes" plays it, "no" declines it."""


class GameStanding(Protocol):
    """How the game stands, as far as what a command would do depends on it (the session is one)."""

    def is_over(self) -> bool:
        """Won, or no move left."""

    def in_progress(self) -> bool:
        """Moves made, and the game neither won nor out of moves."""

    def refused_anyway(self, intent: str) -> bool:
        """Whether ``intent`` would be refused (nothing to undo, redo, draw or go back to)."""


def names_nothing(command: Command) -> bool:
    """The command names no card, place, number or game ("draw", "faster", "read the board")."""
    return (command.source is None and command.target is None and command.number is None
            and command.suit is None and command.game is None)


def answerable(command: Command | None, opened: Open) -> bool:
    """Whether ``command``, were it a bare answer, has something open to answer: a card, place or
    ordinal answers "Which eight?" (or is an unclear answer to "Resume your game?"); "yes", "no" and
    "cancel" also answer a question waiting for yes, and the move just hinted ("yes" plays it, "no" declines)."""
    if opened.question or opened.offer:
        return True
    if command is not None and command.intent in YES_NO_CANCEL:
        return opened.waiting or opened.hinted
    return False


def effect_of(intent: str, game: GameStanding) -> Effect:
    """What a slot-free ``intent`` would do now: a game won or out of moves is not lost by another
    deal; what would be refused anyway changes nothing."""
    effect = EFFECTS.get(intent, Effect.TELLS)
    if effect is Effect.ENDS_GAME and intent != Intent.QUIT and game.is_over():
        effect = Effect.CHANGES_GAME  # asked only on a doubt
    return Effect.TELLS if game.refused_anyway(intent) else effect


def situation_of(understood: Understanding, resolution: Play | Ask | Refuse | None, opened: Open,
                 game: GameStanding) -> Situation:
    """What acting on ``understood`` would do, and whether what is open is its to answer. ``resolution``:
    what its command resolved to (a move, an answer, "yes" to the hint; ``Session._resolution``)."""
    command = understood.command
    is_answerable = answerable(command, opened)
    if opened.offer:
        # "Resume your game?" is answered first: only its own answers are acted on, and anything else is
        # an unclear answer (lifecycle.unclear_answer), which changes nothing
        return Situation(Effect.TELLS, is_answerable)
    if understood.how is How.MATCHED and isinstance(understood.resolution, Play):
        return Situation(Effect.CHANGES_GAME, is_answerable)
    if understood.how is not How.PARSED or command is None or (command.intent == Intent.YES and opened.waiting):
        return Situation(Effect.TELLS, is_answerable)  # "yes" to the question asked does what it said
    if resolution is not None:  # a move plays; a refusal says why, a question asks
        return Situation(Effect.CHANGES_GAME if isinstance(resolution, Play) else Effect.TELLS, is_answerable)
    effect = effect_of(command.intent, game)
    if effect is Effect.TELLS:
        return Situation(Effect.TELLS, is_answerable)
    asks_anyway = command.intent in ASKS_ANYWAY and game.in_progress()
    return Situation(effect, is_answerable, asks_anyway=asks_anyway)


def evidence_of(heard: Heard, understood: Understanding, parser: Parser, resolver: Resolver, state: State) -> Evidence:
    """What is known about ``heard`` and the command it was understood as."""
    command = understood.command
    understood_any = understood.how is not How.REJECTED and (command is not None or understood.resolution is not None)
    return Evidence(
        understood=understood_any,
        source=SOURCE_OF_DOUBT.get(understood.doubt, Source.MATCHED if understood.how in (How.MATCHED, How.ASKED) else Source.GRAMMAR),
        doubt=Doubt(understood.doubt),
        agreed=understood.agreed,
        bare_answer=command is not None and command.intent in ANSWER_WORDS and understood.how is How.PARSED,
        **whisper_says(heard, understood, parser, resolver, state),
        names_nothing=command is not None and names_nothing(command),
        words=len(parser.words(understood.text or heard.text)),
        second_clear=heard.evidence.second_clear,
        plain=understood.doubt in (Doubt.SECOND_ONLY, Doubt.TRANSCRIPT_ONLY) and answers_unasked(understood, parser, resolver, state),
        weak_fit=Doubt.of_recogniser(heard.doubt) is Doubt.WEAK_FIT and understood.doubt is not Doubt.OWN_VOICE,
        enrolled_sure=heard.enrolled is not None and sure_margin(heard.enrolled[1]),
    )


def answers_unasked(understood: Understanding, parser: Parser, resolver: Resolver, state: State) -> bool:
    """Whether a command heard only by the second decode, fitting clearly (``DecodeEvidence.second_clear``),
    is answered: one that names no card, pile, number or game and changes neither the game nor the
    dialogue (``SECOND_ONLY_ANSWERED``), or a move that is refused (``refused_card_move``); never one
    beginning with a word the parser skips: forced onto the language, an unrelated sentence's first
    word tends to become "the" or "my" ("the car needs new tyres" -> "the all the piles",
    bench/heard.py)."""
    command = understood.command
    if understood.how is not How.PARSED or command is None or parser.begins_with_skipped_word(understood.text):
        return False
    if command.intent == Intent.MOVE:
        return refused_card_move(command, resolver, state)
    return command.intent in SECOND_ONLY_ANSWERED and names_nothing(command)


def refused_card_move(command: Command, resolver: Resolver, state: State) -> bool:
    """A move of a card named in full ("seven of spades on ace of clubs") that cannot be played: its
    reason is given. A card named in part is not: forced onto the language, ordinary speech came
    out as such moves ("pile one to the eight", "move the three over the three of club")."""
    source, target = command.source, command.target
    return (isinstance(source, CardRef) and source.suit is not None
            and not (isinstance(target, CardRef) and target.suit is None)
            and isinstance(resolver.resolve_move(state, source, target), Refuse))
