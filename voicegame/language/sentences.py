"""Message keys said where no game is at hand: settings, statistics and save files.

``storage/`` may not speak (docs/ARCHITECTURE.md), so it passes an engine ``Reason`` (a key of
``grammars/<lang>/messages.toml`` and its values); this turns one into words. A value that is itself
a ``Reason`` is said inside the sentence ("... it must be {allowed}" with ``setting_takes_text``).
"""

from __future__ import annotations

from voicegame.engine import Reason
from voicegame.language.lexicon import Language
from voicegame.language.messages import Messages


def words(reason: Reason, language: Language | None = None) -> str:
    """The words of ``reason`` as its template gives them (no capital added: it may be a part of a
    sentence). A key with no template is a bug, not something to say: MissingMessage (a KeyError)."""
    return Messages(language).phrase(reason.key, **reason.params)


def sentence(reason: Reason, language: Language | None = None) -> str:
    """``reason`` as a sentence to say or print, its first letter a capital."""
    return Messages(language).reason(reason)
