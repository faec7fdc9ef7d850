"""The contract between the grammar generator (voicegame.listen.grammar) and the recogniser backends."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RecogniserGrammar:
    """What a recogniser needs to know about what can be said now."""

    jsgf: str  # a complete JSGF v1.0 document, `grammar voicegame;`, public rule `<command>`
    phrases: tuple[str, ...]  # phrase list for Vosk (words/phrases; the backend adds "[unk]")
    words: frozenset[str]  # every word of ``jsgf`` and ``second_jsgf``, lower case (``open_jsgf`` may hold more)
    garbage: frozenset[str] = frozenset()
    """Words of the JSGF's out-of-grammar loop: a hypothesis holding one is not a command."""
    pronunciations: tuple[tuple[str, str], ...] = ()
    """(word, phones) for words a recogniser's dictionary may lack (CMU phones, "V ER B OW S")."""
    second_jsgf: str = ""
    """A second JSGF document for a recogniser that can decode it alongside ``jsgf`` (PocketSphinx):
    what it hears is ``DecodeEvidence.second``; the game compares the two ("": none)."""
    open_jsgf: str = ""
    """The whole language as written, every phrasing the parser reads ("replay", "oops", "read me the
    foundations"), with this turn's nouns, for a recogniser that rare single words do not pull other
    speech onto (Moonshine): it decodes this in place of ``second_jsgf`` ("": none, decode ``second_jsgf``)."""
    ends_early: frozenset[str] = frozenset()
    """Whole sentences after which the endpointer need not wait although the grammar goes on: every
    sentence that goes on from them means the same command ("quit": "quit game")."""
    choice_words: frozenset[str] = frozenset()
    """Words that name a card or a place (ranks, suits, pile names, numbers): a recogniser that can
    score single words doubts a hypothesis whose choice word fits badly (``WORD_DOUBT_SCORE``)."""
