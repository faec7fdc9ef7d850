"""Message keys said where no game is at hand: settings, statistics and save files.

``storage/`` may not speak (docs/ARCHITECTURE.md), so it passes an engine ``Reason`` (a key of
``grammars/<lang>/messages.toml`` and its values); this turns one into words. A value that is itself
a ``Reason`` is said inside the sentence ("... it must be {allowed}" with ``setting_takes_text``).
"""

from __future__ import annotations

from voicegame.engine import Reason
from voicegame.language.lexicon import Language, load_language
from voicegame.language.narrate import SINGULAR, spoken_value


def words(reason: Reason, language: Language | None = None) -> str:
    """The words of ``reason`` as its template gives them (no capital added: it may be a part of a
    sentence). A key with no template is a bug, not something to say: KeyError."""
    language = language or load_language()
    template = language.messages[reason.key]
    values = {name: words(value, language) if isinstance(value, Reason) else spoken_value(value)
              for name, value in reason.params.items()}
    return SINGULAR.sub(r"\1 \2", template.format(**values))


def sentence(reason: Reason, language: Language | None = None) -> str:
    """``reason`` as a sentence to say or print, its first letter a capital."""
    text = words(reason, language)
    return text[:1].upper() + text[1:]
