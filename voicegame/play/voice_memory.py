"""The session's side of learning the player's voice (voicegame.listen.learned): which hearing a
question was about, which hearing was refused, and what the player's answer or next command says.

A "yes" or "no" to "Draw?" teaches only when it answers the question asked about that hearing (not a
hint's "yes"); a refused hearing teaches only when the very next utterance is a command carried out
(or a question about one, answered yes). What is learned is saved with the player's data after
each lesson (voicegame.storage.hearings).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from voicegame.listen.understanding import Heard
from voicegame.listen.learned import HeardBefore, hearing_key
from voicegame.storage import hearings

Action = Callable[..., None]


@dataclass(frozen=True)
class Asked:
    """A confirmation waiting for its answer."""

    key: str  # the hearing it is about
    question: str  # its words ("Draw?")
    action: Action  # what "yes" does (to tell its answer from other questions')
    meant: str  # words that say the command asked about


def key_of(heard: Heard) -> str:
    """What was heard, as ``HeardBefore`` remembers it: both decodes and Whisper's words, when asked."""
    transcript = heard.transcript
    written = getattr(transcript, "value", None) if getattr(transcript, "asked", False) else None
    return hearing_key(heard.text, heard.evidence.second, written.text if written is not None else None)


class VoiceMemory:
    """What this player's answers taught, and what the current turn may teach."""

    def __init__(self, folder: Path | None = None) -> None:
        """``folder``: the player's data folder (None: learn for this session only)."""
        self.folder = folder
        self.heard_before = HeardBefore.from_json(hearings.load(folder)) if folder is not None else HeardBefore()
        self.asked: Asked | None = None
        self.missed: str | None = None
        """The hearing refused or told "no" last: the next command carried out says what it meant."""

    def trusted(self, heard: Heard, question: str) -> bool:
        return self.heard_before.trusted(key_of(heard), question)

    def denied(self, heard: Heard, question: str) -> bool:
        return self.heard_before.denied(key_of(heard), question)

    def correction(self, heard: Heard) -> str | None:
        return self.heard_before.correction(key_of(heard))

    def asking(self, heard: Heard, question: str, action: Action, meant: str) -> None:
        self.asked = Asked(key_of(heard), question, action, meant)

    def refused(self, heard: Heard) -> None:
        self.missed = key_of(heard)

    def start_turn(self) -> str | None:
        """The hearing missed just before this utterance (a correction is the very next thing said)."""
        missed, self.missed = self.missed, None
        return missed

    def end_turn(self, missed: str | None, asking_now: bool, carried_out: str | None) -> None:
        """After a heard utterance: ``asking_now`` a question about it (the answer will tell), or
        ``carried_out`` the words of the command done (None: nothing was)."""
        if missed is None:
            return
        if asking_now:
            self.missed = missed
        elif carried_out:
            self.heard_before.record_correction(missed, carried_out)
            self.save()

    def answered(self, action: Action | None, yes: bool, parses: Callable[[str], bool]) -> None:
        """The player said yes or no to the question waiting (``action`` is what "yes" does)."""
        asked, self.asked = self.asked, None
        missed, self.missed = self.missed, None
        if asked is None or action is not asked.action:
            return  # another question's answer (a hint's "yes", "Resume your game?")
        self.heard_before.record(asked.key, asked.question, yes)
        if not yes:
            self.missed = asked.key  # what they say next is what they meant
        elif missed is not None and parses(asked.meant):
            self.heard_before.record_correction(missed, asked.meant)
        self.save()

    def save(self) -> None:
        if self.folder is not None and self.heard_before.changed:
            hearings.save(self.folder, self.heard_before.to_json())
