"""What Whisper's transcript says of the command a decode was understood as, for the listening policy
(voicegame.listen.policy ``Evidence``): whether it wrote something else, how many words, whether it named
other suits, and how much less likely it finds the decode's words than its own.

Whisper is asked only when the grammar decode was rejected or in doubt (``Heard.transcript``); what it
wrote then counts against the decode unless it is the same command, spelled alike (``spelled_alike``:
"rido" for "redo") or a move's first rank alone ("8": Whisper cut short).

Tried and not kept (bench/RESULTS.md, "Whisper's words read against the decode"): Whisper's words not counting against a decode both
grammar decodes heard when Whisper, asked, finds the decode nearly as likely as its own words (within 4
in summed log probability: a voice's "hint" written "and"). On real people it let "snowboy", decoded
"slower" by both and written "snowboy snowboy snowboy ...", change the speech rate unasked: a transcript
that repeats itself is unlikely as a whole, so any short command comes close to it.
"""

from __future__ import annotations

from typing import Any

from voicegame.audio.backend import Heard, Transcript
from voicegame.engine import State
from voicegame.language.command import CardRef, Command, Intent
from voicegame.language.frames import read_frame
from voicegame.language.parse import Parser
from voicegame.language.resolve import Play, Resolver
from voicegame.listen.policy import spelled_alike
from voicegame.listen.listening_grammar import choice_words
from voicegame.listen.numbers_written import numbers_named, other_numbers
from voicegame.listen.suits_written import other_suits, suit_written
from voicegame.listen.understanding import Understanding, as_said, read_transcript

MAX_WRITTEN_CHARS = 200
"""A transcript longer than this is not read as a command (no command is a tenth as long)."""


def whisper_says(heard: Heard, understood: Understanding, parser: Parser, resolver: Resolver, state: State) -> dict[str, Any]:
    """``Evidence`` fields from Whisper's transcript, when the game asked for it ({} when it did not, or
    nothing was understood): ``whisper_disagrees``, ``whisper_words``, ``other_suits``, ``other_numbers``,
    ``whisper_names_nothing``."""
    written, command = _written(heard), understood.command
    if written is None or command is None or not written.text:
        return {}
    text = as_said(parser, written.text)
    words = parser.words(text)
    own = _command_written(parser, text)
    said = understood.text or heard.text
    decoded = parser.words(said)
    other = own != command and not spelled_alike(" ".join(words), " ".join(decoded)) and not first_card_rank(own, command) \
        and not cut_short(words, decoded)
    another_move = own != command and bool(words) and bool(decoded) and not _same_move(own, command, resolver, state)
    suits = another_move and other_suits(words, decoded, parser.language.suits, command.intent == Intent.MOVE)
    return {"whisper_disagrees": other, "whisper_words": len(words), "other_suits": suits,
            "other_numbers": another_move and other_numbers(words, decoded),
            "whisper_names_nothing": bool(words) and not names_something(words, parser)}


def _written(heard: Heard) -> Transcript | None:
    """Whisper's transcript, when the game asked for one."""
    transcript = heard.transcript
    return getattr(transcript, "value", None) if getattr(transcript, "asked", False) else None


def _command_written(parser: Parser, text: str) -> Command | None:
    """The command Whisper's ``text`` is, itself and not only its intent: "6" written for a decoded
    "one" is another answer; words no template holds as a frame ("do I have any free cells" is "read cells":
    voicegame.language.frames). None: none, or too long to be one."""
    if len(text) > MAX_WRITTEN_CHARS:
        return None
    try:
        written, command = read_transcript(parser, text)
    except RecursionError:
        return None
    return command if command is not None else read_frame(parser, written)


def names_something(words: tuple[str, ...], parser: Parser) -> bool:
    """Whether Whisper's ``words`` (as the parser reads them) name a card, place or number: a rank, suit (or
    a word beginning with one, voicegame.listen.suits_written), number, ordinal or a word of a pile's
    name. A transcript naming none of them is no misspelt move."""
    naming = choice_words(parser)
    suits = parser.language.suits
    return any(w in naming or suit_written(w, suits) is not None for w in words) or bool(numbers_named(words))


def first_card_rank(written: Command | None, command: Command) -> bool:
    """Whether Whisper wrote only the rank of the card the decoded move starts with: a voice's whole
    "eight of hearts on nine of clubs" written "8" (Flite slt and rms in bench/by_voice.py, where it
    made most of FreeCell's questions) is Whisper cut short, not another command."""
    return written is not None and written.intent == Intent.ANSWER and command.intent != Intent.ANSWER \
        and isinstance(written.source, CardRef) and written.source.suit is None and written.target is None \
        and isinstance(command.source, CardRef) and command.source.rank == written.source.rank


CUT_SHORT_LETTERS = 2
"""The most letters a transcript may hold to be read as Whisper cut short at the decode's first letters."""


def cut_short(written: tuple[str, ...], decoded: tuple[str, ...]) -> bool:
    """Whether Whisper wrote only the first letter or two of the decode's first word: "d'" for a "draw" Moonshine
    decoded clearly, its own free transcript "draw" too (Flite kal16, a tuning voice, twice in bench/by_voice.py's
    Spider 3, each asked "Draw?"). Letters that begin the decode are no other word said.

    >>> cut_short(("d'",), ("draw",))
    True
    >>> cut_short(("be",), ("deal",)), cut_short(("door",), ("draw",)), cut_short((), ("draw",))
    (False, False, False)
    """
    letters = "".join(ch for word in written for ch in word if ch.isalpha())
    return 0 < len(letters) <= CUT_SHORT_LETTERS and bool(decoded) and decoded[0].startswith(letters)


def _same_move(written: Command | None, command: Command, resolver: Resolver, state: State) -> bool:
    """Whether Whisper's command plays the very move the decoded one does (in other words: a pile for the
    card on it)."""
    if written is None or written.intent != Intent.MOVE or command.intent != Intent.MOVE:
        return False
    mine = resolver.resolve_move(state, command.source, command.target)
    theirs = resolver.resolve_move(state, written.source, written.target)
    return isinstance(mine, Play) and isinstance(theirs, Play) and mine.move == theirs.move
