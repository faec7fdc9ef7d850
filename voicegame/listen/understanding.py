"""What one utterance is understood as: the recogniser's decodes, the legal moves and Whisper's opinion
weighed into one :class:`Understanding` (what to act on, and why it may be wrong).

:func:`understand` parses the first decode; falls back on matching the legal moves
(voicegame.listen.match) when it does not parse, is incomplete or is a move that cannot be played; lets
the second decode and Whisper's free transcript have their say; and hands what is still rejected or in
doubt to Whisper's choice among candidate commands (voicegame.listen.rescore). What is then done with
it, act, ask first or refuse, is decided by voicegame.listen.policy.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Callable, Hashable

from voicegame.audio.backend import Heard, Transcript
from voicegame.engine import State
from voicegame.language.command import Command, Intent
from voicegame.language.frames import read_frame
from voicegame.language.narrate import Narrator
from voicegame.language.parse import Parser
from voicegame.language.resolve import Ask, Play, Refuse, Resolver
from voicegame.listen.match import MatchResult, MoveMatcher
from voicegame.listen.numbers_written import ordinals_spelled
from voicegame.listen.places_written import places_spelled, written_places
from voicegame.listen.policy import Doubt, spelled_alike
from voicegame.listen.respell import respelled
from voicegame.listen.rescore import SHORTLIST, SHORTLIST_DOUBT, Choice, candidates, card_moves, choose, language_sentences, move_sentences, vocabulary
from voicegame.listen.sayable import visible_cards

log = logging.getLogger(__name__)

SECOND_ONLY = Doubt.SECOND_ONLY
"""``Understanding.doubt`` when only the second decode heard a command: the session asks about it
when it would change the game and otherwise ignores it. Measured 2026-11-23 (bench/heard.py):
answering what only the whole language heard made 27% of ordinary sentences get an answer; even
answering only unplayable moves with their reason, 17.5% (clean), while it got 2 of 20 spoken
illegal moves right. So neither is answered (bench/RESULTS.md "ASR"). Measured again 2026-11-24, with the
likely grammar holding every phrasing of two words or more: answering the slot-free commands that change
nothing (no moves, no "where is", no reading a pile) gained 2 of 232 clean commands and answered 2 more
of 80 ordinary sentences (false accepts 1.2% -> 3.8%), so still not. Since 2026-11-24 the
second decode's own best path is read, and a sentence it heard *clearly*
(``DecodeEvidence.second_clear``) is answered when it is a reading or help command naming nothing, or a
refused move of cards named in full (voicegame.listen.evidence ``SECOND_ONLY_ANSWERED``, ``answers_unasked``)."""
TRANSCRIPT_ONLY = Doubt.TRANSCRIPT_ONLY
"""``Understanding.doubt`` when the words acted on are the free transcript's (``Heard.transcript``)."""
TRANSCRIPT_MIN_LOGPROB = -2.5
"""A transcript whose tokens average under this log probability is no opinion (Whisper unsure)."""
NOT_OVERRULING = frozenset({Intent.YES, Intent.ANSWER, Intent.CHOOSE})
"""Intents a transcript does not put in place of a clear decode: "yes" would answer a question by itself,
and a bare answer ("3") is what Whisper writes when it lost most of a sentence ("read row four column
three")."""
TRANSCRIPT_SURE_LOGPROB = -0.6
"""A transcript that is no command and averages at least this rejects a doubtful grammar decode."""
WHISPER_CHOSE = Doubt.WHISPER_CHOSE
"""``Understanding.doubt`` when the words acted on are Whisper's choice among candidate commands
(voicegame.listen.rescore): a change of the game is asked about first."""
CHOICE_MARGIN = 2.0
"""How much likelier (summed log probability) Whisper's choice must be than any candidate that means
something else."""
CHOICE_BEHIND = 4.0
"""How much less likely than Whisper's own free transcript the choice may be. Measured 2026-11-24
(bench/heard.py): of 71 ordinary sentences in clean speech and white noise whose likeliest command was
ahead of the others by ``CHOICE_MARGIN`` and long enough, the nearest was 7.0 behind its transcript, and
commands said and chosen were within 4 of theirs 260 times of 315, within 6, 276; but in babble at 20 dB
"she reads a book every week" came out "read everything" 4.5 behind, and at 6 it was answered while
one command more was heard right ("column 6 to l1" for "column six to cell one", 4.2): kept at 4."""
CHOICE_MIN_COVER = 0.4
"""The least share of the transcript's syllables the choice must have: ordinary speech written down
("the sharp glowing in at six", "hello you") must not become a short command spelled a little like it
("keep going", "help"). Measured 2026-11-24 on bench/heard.py: 0.4 turned away both such false accepts
of 80 sentences and no command heard right."""
NEVER_CHOSEN = NOT_OVERRULING | {Intent.NO}
"""Intents Whisper's choice never acts on (they stay candidates, so that they can win and change
nothing): an answer to an open question ("deal" became "no" in babble) only from the grammar or the
transcript itself."""


class How(StrEnum):
    """How the words were understood."""

    PARSED = "parsed"  # act on the parsed command, as on typed text
    MATCHED = "matched"  # play ``Understanding.resolution``, the legal move found by matching
    ASKED = "asked"  # ``Understanding.resolution`` is the question ("Did you mean ...?")
    REJECTED = "rejected"  # not understood: nothing changes


@dataclass(frozen=True)
class Understanding:
    """What to do with one recognition result: ``how`` it was understood, and ``command``, what was
    understood (for traces and transcripts)."""

    how: How
    command: Command | None = None
    resolution: Play | Ask | None = None
    match: MatchResult | None = None
    doubt: Doubt = Doubt.NONE
    """Why this understanding may not be what was said (``Doubt.NONE`` when nothing says so): the recogniser's
    own doubt (``Heard.doubt``: a weak acoustic fit, an incomplete decode, low confidence), a close
    second hypothesis that means something else, or a move found by matching rather than said.
    The session confirms a doubtful command before it changes the game."""
    text: str = ""
    """The words acted on when they are not the recogniser's first text (``DecodeEvidence.second``)."""
    agreed: bool = False
    """Whether Whisper vouches for the command: its free transcript (``Heard.transcript``) names the same,
    or its choice among candidates (``_whisper_choice``) is this command. The recogniser's doubt about a
    weak fit is then no reason to ask again."""


@dataclass(frozen=True)
class Hearing:
    """What understanding an utterance needs besides the utterance: the position, the game's words and
    rules, and whether a question is open (bare answers are then answers, not moves)."""

    state: State
    parser: Parser
    resolver: Resolver
    matcher: MoveMatcher
    narrator: Narrator
    question_open: bool = False


def _is_move(command: Command, question_open: bool) -> bool:
    return command.intent == Intent.MOVE or (command.intent == Intent.ANSWER and command.source is not None and not question_open)


def understand(heard: Heard, state: State, parser: Parser, resolver: Resolver, matcher: MoveMatcher,
               narrator: Narrator, question_open: bool = False) -> Understanding:
    """Parse what was heard; fall back on matching the legal moves when it does not parse, when it
    is an incomplete decode (confidence 0.0), or when it is a move that cannot be played. Says how
    sure it is in ``Understanding.doubt``. The free transcript (``Heard.transcript``), when there is
    one, has its say (``_second_opinion``), and what is still rejected or in doubt, is a move the game
    would refuse (``_refused_move``) or begins with a skipped word goes to Whisper's choice among candidate
    commands (``_whisper_choice``). A decode beginning with "the" is often a sentence forced onto the
    language (see ``_by_grammar``) or a card misheard ("six of clubs on nine of clubs" heard clearly as
    "the eight of clubs on nine of clubs"; bench/heard.py: 7 such clear decodes of 484 clips, one wrong)."""
    at = Hearing(state, parser, resolver, matcher, narrator, question_open)
    understood = _by_grammar(heard, at)
    if heard.transcript is None:
        return understood
    understood = _second_opinion(understood, heard, at)
    if understood.how is How.REJECTED or (understood.doubt and not understood.agreed) \
            or _refused_move(understood, at) \
            or (understood.how is How.PARSED and parser.begins_with_skipped_word(understood.text or heard.text)):
        understood = _whisper_choice(understood, heard, at)
    return understood


def _refused_move(understood: Understanding, at: Hearing) -> bool:
    """Whether ``understood`` is a move heard clearly that the game would refuse. The grammar holds every
    card on every card, so a move said is often decoded clearly with one card wrong ("six of clubs on
    nine of clubs" as "the eight of clubs on nine of clubs"): such a decode gets Whisper's choice too.
    Moves a player says are mostly legal, so the wait (about 6 ms a sentence scored) is rarely paid."""
    command = understood.command
    return (understood.how is How.PARSED and not understood.doubt and command is not None
            and _is_move(command, at.question_open)
            and isinstance(at.resolver.resolve_move(at.state, command.source, command.target), Refuse))


def _meaning(at: Hearing) -> Callable[[str], Hashable | None]:
    """What a sentence would do: the move it plays when it names a playable one (two sentences naming
    the same move mean the same), else its command; None when it is no command."""
    def meaning(text: str) -> Hashable | None:
        command = at.parser.parse(text)
        if command is not None and _is_move(command, at.question_open):
            resolution = at.resolver.resolve_move(at.state, command.source, command.target)
            if isinstance(resolution, Play):
                return resolution.move
        return command
    return meaning


def _whisper_choice(understood: Understanding, heard: Heard, at: Hearing) -> Understanding:
    """Whisper's choice among the commands the utterance plausibly was (voicegame.listen.rescore), for a
    decode that was rejected, is still in doubt, or is clear but checked anyway (``understand``). A choice that is not clearly the likeliest
    (``CHOICE_MARGIN``), much less likely than what Whisper wrote freely (``CHOICE_BEHIND``: ordinary
    speech) or much shorter (``CHOICE_MIN_COVER``) changes nothing. One that means what the grammar
    decode means lifts its doubt; another takes its place with doubt ``WHISPER_CHOSE`` (``agreed``: the
    weak-fit rule of the session does not throw it out again), unless it is an answer (``NEVER_CHOSEN``)
    or the decode is the transcript's own command (``TRANSCRIPT_ONLY``), which is then asked about.
    Measured 2026-11-24 (bench/heard.py, bench/RESULTS.md): clean commands right 86.0 -> 94.2% (tune),
    75.7 -> 82.9% (held-out), white noise 10 dB 73.9 -> 82.6% (tune), no wrong action."""
    transcript = _transcript(heard)
    if transcript is None:
        return understood
    meaning = _meaning(at)
    choice = _likeliest(understood, heard, at, transcript, meaning)
    if choice is None:
        return understood
    command = at.parser.parse(choice.text)
    if understood.how is not How.REJECTED and meaning(choice.text) == _meaning_of(understood, heard, meaning):
        return _agreed_by_choice(understood, command, at)
    if command is None or command.intent in NEVER_CHOSEN or understood.doubt == TRANSCRIPT_ONLY:
        return understood  # the transcript's own command is asked about rather than another ("points" -> "do it")
    other = _by_grammar(Heard(choice.text, None), at)
    if other.how not in (How.PARSED, How.ASKED):
        return understood
    return replace(other, doubt=WHISPER_CHOSE, text=choice.text, agreed=True)


def _likeliest(understood: Understanding, heard: Heard, at: Hearing, transcript: Transcript,
               meaning: Callable[[str], Hashable | None]) -> Choice | None:
    """Whisper's choice among the candidate sentences, when it is clearly the likeliest, not far behind
    what Whisper wrote freely and long enough; None otherwise (or when scoring failed or cannot be done)."""
    score = transcript.score
    if score is None:
        return None
    state, parser, evidence = at.state, at.parser, heard.evidence
    pool = (*language_sentences(parser), *move_sentences(at.matcher.engine, state, at.narrator.move_phrase))
    decodes = [understood.text, heard.text, evidence.second or "", evidence.rival, evidence.rejected_text,
               *heard.alternatives]
    moves = card_moves(decodes, transcript.text, parser, visible_cards(at.matcher.engine, state))
    sentences = candidates(decodes, transcript.text, pool, meaning,
                           SHORTLIST_DOUBT if understood.how is not How.REJECTED else SHORTLIST, moves)
    try:
        choice = choose(sentences, transcript.text, score, meaning)
    except Exception as e:  # noqa: BLE001 - a native library failing mid-game: no choice, the game goes on
        log.warning("Whisper could not score the candidates: %s", e)
        return None
    if choice is None or choice.margin < CHOICE_MARGIN or choice.behind_transcript > CHOICE_BEHIND \
            or choice.cover < CHOICE_MIN_COVER:
        return None
    return choice


def _agreed_by_choice(understood: Understanding, command: Command | None, at: Hearing) -> Understanding:
    """``understood`` once Whisper's choice means the same: its doubt lifted, except where the decode is
    Whisper's own transcript and nothing was asked, or the choice is a bare word (it vouches for no move):
    those are asked about."""
    if understood.doubt == TRANSCRIPT_ONLY and not at.question_open:
        return understood  # Whisper agreeing with its own transcript, nothing asked: asked about
    if command is not None and command.intent in NOT_OVERRULING and not _is_bare(understood):
        return understood  # a bare word chosen vouches for no move: asked about
    return replace(understood, doubt=Doubt.NONE, agreed=True)


def _meaning_of(understood: Understanding, heard: Heard, meaning: Callable[[str], Hashable | None]) -> Hashable | None:
    """``_meaning`` of what ``understood`` would act on."""
    if isinstance(understood.resolution, Play):
        return understood.resolution.move
    return meaning(understood.text or heard.text)


def _second_opinion(understood: Understanding, heard: Heard, at: Hearing) -> Understanding:
    """What the free transcript changes. One that parses as typed text would and names another command
    than the grammar decode, clear or doubtful (or the grammar heard nothing), is understood in its
    place, with doubt ``TRANSCRIPT_ONLY`` (a change of the game is asked about first); never a "yes" or a
    bare answer (``NOT_OVERRULING``) against a decode. On bench/heard.py, of the clips heard clearly whose
    transcript was another command, the transcript was right every time (9 of 9 in all conditions:
    "help" heard as "do", "quit" as "wake", "auto play off" as "autoplay on") and never wrong where the
    grammar was right (0 of 103). One naming the same command or move lifts a doubt; a sure one that is
    no command rejects a doubtful decode; an unsure one changes nothing.
    Whisper writes ordinary speech down as it is, so it does not parse: on bench/heard.py's 80 non-command
    sentences it made no command at all, where the grammar decode must be checked hard to reject them."""
    transcript = _transcript(heard)
    if transcript is None or not transcript.text or transcript.logprob < TRANSCRIPT_MIN_LOGPROB:
        return understood
    written, command = read_transcript(at.parser, transcript.text)
    if command is None:
        framed = _framed(understood, written, transcript.logprob, heard, at) \
            or _framed_free_text(understood, written, transcript.logprob, heard, at)
        if framed is not None:
            return framed
        return Understanding(How.REJECTED) if _sure_no_command(understood, heard, transcript.logprob, written, at.parser) \
            else understood
    decoded = understood.how is not How.REJECTED
    if decoded and (command == understood.command or _same_play(understood, command, at)):
        return _agreed_by_transcript(understood, command)
    if decoded and command.intent in NOT_OVERRULING:
        return understood
    other = _by_grammar(Heard(written, None), at)
    return replace(other, doubt=TRANSCRIPT_ONLY, text=written) if other.how in (How.PARSED, How.ASKED) else understood


def _framed(understood: Understanding, written: str, logprob: float, heard: Heard, at: Hearing) -> Understanding | None:
    """What a transcript in words no template holds ("oops wrong one", "do I have any free cells") means as a
    frame (voicegame.language.frames), where the grammar decode heard nothing, is in doubt, or is clear but
    written down surely as words spelled nothing like it (a sentence out of the grammar forced onto it, which
    Whisper's disagreeing would have refused): the frame's command, asked about before it changes the game
    (``TRANSCRIPT_ONLY``); the decode's doubt lifted when the frame names the same command. Never a "yes" or a
    bare answer (``NOT_OVERRULING``). None: the frame changes nothing."""
    command = read_frame(at.parser, written)
    if command is None or command.intent in NOT_OVERRULING:
        return None
    decoded = understood.how is not How.REJECTED
    if decoded and (command == understood.command or _same_play(understood, command, at)):
        return _agreed_by_transcript(understood, command)
    if decoded and not understood.doubt and (logprob < TRANSCRIPT_SURE_LOGPROB or spelled_alike(
            " ".join(at.parser.words(written)), " ".join(at.parser.words(understood.text or heard.text)))):
        return None
    return Understanding(How.PARSED, command, doubt=TRANSCRIPT_ONLY, text=written)


def _framed_free_text(understood: Understanding, written: str, logprob: float, heard: Heard,
                      at: Hearing) -> Understanding | None:
    """Moonshine's own free transcript (the decode's alternative no template reads: "could you move the fourth
    pile to the seventh pile please") as a frame, where the grammar decode heard nothing or is in doubt and
    Whisper's words are no command: asked about before it changes the game (``TRANSCRIPT_ONLY``). Not where
    Whisper surely wrote something else (ordinary speech, written down as it is); where it wrote the same
    words misspelt ("the fourth pal"), it is no objection. None: nothing of the kind."""
    if understood.how is not How.REJECTED and not understood.doubt:
        return None
    said = [(text, command) for text in heard.alternatives if at.parser.parse(text) is None
            and (command := read_frame(at.parser, text)) is not None and command.intent not in NOT_OVERRULING]
    if len({command for _, command in said}) != 1:
        return None
    text, command = said[0]
    if logprob >= TRANSCRIPT_SURE_LOGPROB and not spelled_alike(" ".join(at.parser.words(written)),
                                                                 " ".join(at.parser.words(text))):
        return None
    return Understanding(How.PARSED, command, doubt=TRANSCRIPT_ONLY, text=text)


def _sure_no_command(understood: Understanding, heard: Heard, logprob: float, written: str, parser: Parser) -> bool:
    """Whether a transcript written down with confidence (``written``, as the game reads it), and no command,
    shows the doubtful grammar decode was forced onto the language (bench/heard.py: "what a lovely
    afternoon", -0.17, had become "play elevator"). Not when the grammar's two decodes agree (in white noise
    Whisper wrote "undo" as "and who" with -0.53), its second decode heard clearly ("hint" written down as
    "h"), or the transcript is the decode's words misspelt (``policy.spelled_alike``): ordinary speech forced
    onto the language is spelled nothing like it, while a right "nine of spades to cell one" with a close
    alternative was written "9 of spades to sell one" (Flite slt, a tuning voice, bench/by_voice.py)."""
    evidence = heard.evidence
    return understood.how is not How.REJECTED and bool(understood.doubt) \
        and logprob >= TRANSCRIPT_SURE_LOGPROB \
        and not (understood.doubt == SECOND_ONLY and evidence.second_clear) \
        and not (heard.text and evidence.second == heard.text) \
        and not spelled_alike(" ".join(parser.words(written)), " ".join(parser.words(understood.text or heard.text)))


def _agreed_by_transcript(understood: Understanding, command: Command) -> Understanding:
    """``understood`` once the transcript named the same command or move: its doubt lifted, unless the
    transcript is a bare word, which vouches for no move ("seven" written, "seven to seven" decoded)."""
    if command.intent in NOT_OVERRULING and not _is_bare(understood):
        return understood
    return replace(understood, doubt=Doubt.NONE, agreed=True) if understood.doubt else understood


def _transcript(heard: Heard) -> Transcript | None:
    """Whisper's transcript of the utterance, written when first asked for (None: no second opinion)."""
    return heard.transcript() if heard.transcript is not None else None


def _is_bare(understood: Understanding) -> bool:
    """Whether ``understood`` is itself a bare answer or "yes" (``NOT_OVERRULING``): a transcript of one such
    word agrees with it, not with a move it could be read as. Measured 2026-11-28 (bench/unasked.py,
    held-out real people, Moonshine with Whisper): a person's "seven" at a deal's start, decoded "seven to
    seven" with a weak fit and written "seven" by Whisper, played the seven of diamonds."""
    return understood.command is not None and understood.command.intent in NOT_OVERRULING


def as_said(parser: Parser, text: str) -> str:
    """Whisper's ``text`` with what it writes in digits and letters spelled as the language says it: ordinals
    ("2nd" -> "second") and places ("l3" -> "cell 3")."""
    return places_spelled(ordinals_spelled(text), written_places(parser.language.code))


def read_transcript(parser: Parser, text: str) -> tuple[str, Command | None]:
    """Whisper's words as the game reads them, and the command they are (None: none): as written, or,
    when that is no command, with the words it misspelt by a letter respelled (voicegame.listen.respell:
    "is the game still winable"), ordinals written in digits spelled out ("2nd": voicegame.listen.numbers_written),
    a place written as a letter and digits spelled as said ("l3": voicegame.listen.places_written)."""
    text = as_said(parser, text)
    command = parser.parse(text)
    if command is not None or not text:
        return text, command
    respelt = " ".join(respelled(text.split(), vocabulary(parser)))
    return (respelt, parser.parse(respelt)) if respelt != text else (text, None)


def _by_grammar(heard: Heard, at: Hearing) -> Understanding:
    """``understand`` from the grammar decodes alone (``Heard.text``, ``second``, ``rival``, ``alternatives``)."""
    understood = _understand(heard, at)
    if understood.how is How.REJECTED:
        second_only = _second_only(heard, at)
        if second_only is not None:
            return second_only
    if understood.how in (How.REJECTED, How.ASKED):
        return understood
    doubt = _recogniser_doubt(heard) or _decodes_differ(understood, heard, at)
    if not doubt and understood.how is How.MATCHED:
        doubt = Doubt.MATCHED
    if not doubt and understood.command is not None and _alternative_differs(understood, heard, at):
        doubt = Doubt.CLOSE_ALTERNATIVE
    return replace(understood, doubt=doubt) if doubt else understood


def _second_only(heard: Heard, at: Hearing) -> Understanding | None:
    """The first decode (what is likely now) found nothing, the whole language did, and it fits the audio
    as a command must: understood, never to change the game without asking (see ``SECOND_ONLY``)."""
    second = heard.evidence.second
    if not (heard.unknown and second and at.parser.parse(second) is not None):
        return None
    other = _understand(Heard(second, None), at)
    return None if other.how is How.REJECTED else replace(other, doubt=SECOND_ONLY, text=second)


def _recogniser_doubt(heard: Heard) -> Doubt:
    """What the recogniser itself doubted, or a decode that did not reach the end of a sentence."""
    if heard.doubt:
        return Doubt.of_recogniser(heard.doubt)
    return Doubt.INCOMPLETE if heard.confidence == 0.0 else Doubt.NONE


def _decodes_differ(understood: Understanding, heard: Heard, at: Hearing) -> Doubt:
    """Whether the grammar's other decodes heard another command than ``understood``."""
    parser, evidence = at.parser, heard.evidence
    second = parser.parse(evidence.second) if evidence.second else None
    forced = parser.begins_with_skipped_word(heard.text)
    if second is not None and second != understood.command \
            and (forced or not (evidence.second_behind or _same_play(understood, second, at))):
        # The second decode (the whole language, when the first is the likely grammar) heard
        # something else: the first result is doubtful. Unless it fitted clearly worse
        # (``DecodeEvidence.second_behind``) or names the same move in other words, and the first
        # sentence does not begin with a skipped word: forced onto the language, speech that is no
        # command tends to start with "the" (babble at 20 dB: "autoplay on" -> "the pile two to the
        # column eight", and the second decode "the four over the column eight", the same move).
        return Doubt.SECOND_DIFFERS
    rival = parser.parse(evidence.rival) if evidence.rival else None
    if rival is not None and rival != understood.command:
        # A sentence of the whole language that means something else fitted the audio as well, though
        # it failed a check: the first decode's legal-move prior may have chosen (bench/heard.py: the
        # illegal "six of clubs on jack of clubs" played as "eight of clubs on column five").
        return Doubt.RIVAL
    return Doubt.NONE


def _alternative_differs(understood: Understanding, heard: Heard, at: Hearing) -> bool:
    """Whether the recogniser's n-best list holds another command than ``understood``."""
    for alternative in heard.alternatives:
        command = at.parser.parse(alternative)
        if command is not None and command != understood.command:
            return True
    return False


def _same_play(understood: Understanding, other: Command, at: Hearing) -> bool:
    """Whether ``other`` (another decode's move) would play the very move ``understood`` would: "seven
    on to eight of diamonds" agrees with "the seven of spades on eight of diamonds" when only that seven
    can go there. The two decodes then differ in words, not in what the game would do."""
    mine: Play | Ask | Refuse | None = understood.resolution
    if not isinstance(mine, Play) and understood.command is not None and understood.command.intent == Intent.MOVE:
        mine = at.resolver.resolve_move(at.state, understood.command.source, understood.command.target)
    if not isinstance(mine, Play) or other.intent != Intent.MOVE:
        return False
    theirs = at.resolver.resolve_move(at.state, other.source, other.target)
    return isinstance(theirs, Play) and theirs.move == mine.move


def _understand(heard: Heard, at: Hearing) -> Understanding:
    state, parser, resolver, question_open = at.state, at.parser, at.resolver, at.question_open
    if heard.unknown or not heard.text.strip():
        return Understanding(How.REJECTED)
    command = parser.parse(heard.text)
    partial = heard.confidence == 0.0
    if command is not None and not partial:
        if not _is_move(command, question_open) or not heard.doubt:
            return Understanding(How.PARSED, command)  # a clear illegal move is refused with its reason
        if not isinstance(resolver.resolve_move(state, command.source, command.target), Refuse):
            return Understanding(How.PARSED, command)
    if command is not None and question_open:
        return Understanding(How.PARSED, command)
    result = at.matcher.match(state, heard.text)
    if result.kind == "play":
        return Understanding(How.MATCHED, parser.parse(result.phrase) or command, Play(result.moves[0]), result)
    if result.kind == "ask":
        labels = [at.narrator.move_phrase(state, m) for m in result.moves]
        return Understanding(How.ASKED, command, Ask("which_move", tuple(zip(labels, result.moves))), result)
    if command is not None:  # a whole, clear command that is not legal: say why
        return Understanding(How.PARSED, command, None, result)
    return Understanding(How.REJECTED, None, None, result)
