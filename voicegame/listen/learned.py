"""What this player's words turned out to mean: every yes and no to "Did you mean ...?" questions.

A recogniser that hears a player badly tends to hear them badly *the same way*: a voice whose "draw"
PocketSphinx cannot place and Whisper writes as "Draw." is asked "Draw?" every time, and a game of a
hundred draws becomes two hundred utterances. Each answer to such a question pairs what was heard (the
grammar decode and what Whisper wrote: ``hearing_key``) with what was asked about
(the question's words, which name the command in full). Once a hearing has been confirmed as the same
command ``TRUSTED_AFTER`` times and never denied, the listening policy acts on it without asking
(``Evidence.confirmed_before``); one "no" to it and it is asked about again for good. A question the
player has said "no" to twice, and more often than "yes", about the same hearing is not asked again
(``denied``; but what ends the game, asked even when heard for sure, where "no" is "not now"): the same
hearing is refused ("Sorry, I did not catch that."), so that a voice heard the same wrong way is not
asked the same wrong question at every try (espeak-ng en 160, a tuning voice, in bench/by_voice.py: "eight
of hearts on nine of clubs" asked "Eight on hearts?" four times running, each "no").

Corrections teach it too: a hearing the game refused ("Sorry, I did not catch that."), or asked about
and heard "no" to, followed at once by a command that was carried out, pairs what was heard with what was
meant. After ``CORRECTED_AFTER`` such pairs, the same hearing is asked about as that command ("Hint?")
rather than refused: a question, never an action, however often it was right.

Never used for what ends the game (quit, new deal: always asked by voice, ``policy.Effect.ENDS_GAME``),
and never to act on what the policy would refuse: it only turns a question into the action the player
has already agreed to twice. Kept with the player's data (voicegame.storage.hearings) so it lasts
between games; bounded (``KEEP``), the least recently used hearings dropped first.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

TRUSTED_AFTER = 2
"""Yes answers to the same hearing meaning the same command before it is acted on unasked."""
CORRECTED_AFTER = 2
"""Times a hearing the game refused was followed at once by the same command carried out, before that
hearing is answered with a question about the command ("Hint?") instead of "Sorry, I did not catch that"."""
DENIED_AFTER = 2
""""No" answers to the same question about the same hearing (and more than its yes answers) before it is not
asked again: one "no" may be a change of mind ("Draw?" "no, wait"), and a hearing never asked again can never
be answered yes; the second says it was misheard."""
KEEP = 500
"""Hearings remembered at most (a game asks a few dozen questions at most)."""
FORMAT = 2
"""The file's format: 2 since the keys hold one decode (``hearing_key``); older files are forgotten."""


def hearing_key(decoded: str, second: str | None, written: str | None) -> str:
    """What was heard, in a form that repeats when the same words are heard the same way again: the
    grammar decode (the second decode's words when it found none) and Whisper's transcript, lower case,
    punctuation dropped. Not both decodes: the second's sentence follows the nouns of the turn's grammar
    (a voice's "draw", always decoded "turn on" and written "drilav", came out of the second decode as
    "read home", then "ten home" once a ten was showing), so keying on it never let the same "draw"
    be recognised again."""
    def plain(text: str | None) -> str:
        return " ".join(re.sub(r"[^a-z0-9' ]+", " ", (text or "").lower()).split())

    return f"{plain(decoded) or plain(second)}|{plain(written)}"


@dataclass
class Answers:
    yes: int = 0
    no: int = 0


@dataclass
class HeardBefore:
    """Answers given to questions about hearings: key -> question -> yes / no counts (in use order)."""

    answers: dict[str, dict[str, Answers]] = field(default_factory=dict)
    corrections: dict[str, dict[str, int]] = field(default_factory=dict)
    """Hearing key -> the command carried out right after it was refused (its words) -> times."""
    changed: bool = False
    """Something was recorded since the last ``to_json`` (for the caller that saves it)."""

    def record(self, key: str, question: str, yes: bool) -> None:
        """The player answered ``question`` (asked about the hearing ``key``) yes or no."""
        if not key.strip("|"):
            return  # nothing was heard at all: nothing to recognise again
        about = self.answers.pop(key, {})  # re-inserted last: the most recently used
        got = about.setdefault(question, Answers())
        if yes:
            got.yes += 1
        else:
            got.no += 1
        self.answers[key] = about
        while len(self.answers) > KEEP:
            del self.answers[next(iter(self.answers))]
        self.changed = True

    def record_correction(self, key: str, meant: str) -> None:
        """The hearing ``key`` was refused, and the player's next words, ``meant``, were carried out."""
        if not key.strip("|") or not meant:
            return
        about = self.corrections.pop(key, {})
        about[meant] = about.get(meant, 0) + 1
        self.corrections[key] = about
        while len(self.corrections) > KEEP:
            del self.corrections[next(iter(self.corrections))]
        self.changed = True

    def correction(self, key: str) -> str | None:
        """What the player meant by this hearing, when they have said the same after it
        ``CORRECTED_AFTER`` times and nothing else (None otherwise)."""
        about = self.corrections.get(key)
        if not about or len(about) != 1:
            return None
        meant, times = next(iter(about.items()))
        return meant if times >= CORRECTED_AFTER else None

    def trusted(self, key: str, question: str) -> bool:
        """Whether the player has said yes to ``question`` about this hearing ``TRUSTED_AFTER`` times and
        never no (to it, or to anything else asked about the same hearing)."""
        about = self.answers.get(key)
        if not about or any(a.no for a in about.values()):
            return False
        got = about.get(question)
        return got is not None and got.yes >= TRUSTED_AFTER

    def denied(self, key: str, question: str) -> bool:
        """Whether the player has said no to ``question`` about this hearing ``DENIED_AFTER`` times, and more
        often than yes."""
        got = self.answers.get(key, {}).get(question)
        return got is not None and got.no >= DENIED_AFTER and got.no > got.yes

    def to_json(self) -> dict[str, Any]:
        self.changed = False
        return {"format": FORMAT, "answers": {k: {q: [a.yes, a.no] for q, a in about.items()} for k, about in self.answers.items()},
                "corrections": self.corrections}

    @classmethod
    def from_json(cls, data: Any) -> "HeardBefore":
        """Read what ``to_json`` wrote; anything else (an older format, a damaged file) is an empty memory."""
        made = cls()
        if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("answers"), dict):
            return made
        for key, about in _entries(data["answers"]):
            got = {q: Answers(int(c[0]), int(c[1])) for q, c in about.items() if isinstance(q, str) and _counts(c)}
            if got:
                made.answers[key] = got
        for key, about in _entries(data.get("corrections", {})):
            meant = {m: n for m, n in about.items() if isinstance(m, str) and isinstance(n, int) and n > 0}
            if meant:
                made.corrections[key] = meant
        return made


def _entries(table: Any) -> list[tuple[str, dict[Any, Any]]]:
    """The (hearing, table) pairs of a read ``table`` that have the right shape; none when it has not."""
    if not isinstance(table, dict):
        return []
    return [(key, about) for key, about in table.items() if isinstance(key, str) and isinstance(about, dict)]


def _counts(value: Any) -> bool:
    """Whether ``value`` is a read [yes, no] pair of counts."""
    return isinstance(value, list) and len(value) == 2 and all(isinstance(n, int) and n >= 0 for n in value)
