"""Why something cannot be done, as data: a message key and its values.

The engine never builds English: a rule that refuses a move returns a :class:`Reason`,
and the language layer turns its key (``grammars/<lang>/messages.toml``) into a sentence.

>>> Reason("pile_empty", {"pile": "column two"}).key
'pile_empty'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Reason:
    """Why something cannot be done: a key in ``grammars/<lang>/messages.toml`` and its values.

    The same type carries a rule's description (``describe()``), whose keys start ``rule_``."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)
