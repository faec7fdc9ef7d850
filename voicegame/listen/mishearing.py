"""Advice when the game keeps mishearing the player.

"Sorry, I did not catch that" three times in a row tells a player nothing about why. After ``AFTER``
spoken commands in a row that were not understood, the game adds one sentence: when those utterances
stood out of their background by less than ``NOISY_DB`` (``speech_over_noise_db``), that the room is
too noisy for it; otherwise how to say commands. Said once per run of misses; a command understood
starts the count again. Typed commands are not counted: they are never misheard.

Why the noise sentence matters: PocketSphinx gets about 93% of clean commands right, 68% in white
noise at 10 dB SNR and 13% in babble at 10 dB (bench/RESULTS.md "ASR"); a player in a noisy room can
do something about it (come closer, a headset, quiet the television) once told.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

AFTER = 3
"""Misses in a row before the advice (one or two are ordinary and need no lecture)."""

NOISY_DB = 22.0
"""Below this median ``speech_over_noise_db`` the misses are put down to noise: white noise at about
15 dB SNR or worse, babble at about 10 dB or worse (measured values in ``speech_over_noise_db``); a
quiet room with a real microphone reads 30 dB or more."""

MISSED_EARCON = "unknown"
"""The earcon of a reply that did not understand the command (Session's "Sorry, I did not catch that")."""


@dataclass
class MishearingAdvisor:
    """Counts spoken commands not understood in a row; ``note`` returns the advice when it is due.

    ``say(key)`` turns a message key of grammars/<lang>/messages.toml into a sentence (the narrator's)."""

    say: Callable[[str], str]
    after: int = AFTER
    noisy_db: float = NOISY_DB
    levels: list[float | None] = field(default_factory=list)

    def note(self, missed: bool, level_db: float | None) -> str | None:
        """One spoken command: ``missed`` when it was not understood, ``level_db`` its
        ``speech_over_noise_db`` (None: unknown). The advice sentence, or None."""
        if not missed:
            self.levels.clear()
            return None
        self.levels.append(level_db)
        if len(self.levels) != self.after:
            return None
        known = sorted(level for level in self.levels if level is not None)
        noisy = bool(known) and known[len(known) // 2] < self.noisy_db
        return self.say("mishearing_noisy" if noisy else "mishearing")

    def advise(self, reply: Any, level_db: float | None) -> None:
        """Note a spoken command by its reply (a ``Session`` reply: missed when it carries the
        ``MISSED_EARCON``) and add the advice to the reply's sentences when it is due."""
        advice = self.note(MISSED_EARCON in getattr(reply, "earcons", ()), level_db)
        if advice:
            reply.sentences.append(advice)
