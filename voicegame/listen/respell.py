"""Whisper's transcript with a word it misspelt by one letter written as the language's word.

Whisper writes the words it hears in the spelling it learnt from the web, which is not always the
language's: "winable" for "winnable" (every held-out voice that asked "is this game still winnable" in
bench/heard.py, 2026-11-27), so a transcript that is the command word for word does not parse. A word
the language does not know, of ``MIN_LETTERS`` letters or more, that is one edit (a letter added, left
out or changed) from exactly one word of the language is read as that word. Short words are left alone:
one letter changes too many of them into others ("cell" / "call", "five" / "fire").
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable

MIN_LETTERS = 6


def _one_edit(word: str) -> set[str]:
    """Every string one letter added, left out or changed from ``word`` (letters a-z)."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    out = {a + b[1:] for a, b in splits if b}
    out |= {a + c + b[1:] for a, b in splits if b for c in letters}
    out |= {a + c + b for a, b in splits for c in letters}
    out.discard(word)
    return out


@lru_cache(maxsize=8)
def _near(vocabulary: frozenset[str]) -> dict[str, str | None]:
    """Each string one edit from a long word of ``vocabulary`` -> that word (None: from several)."""
    near: dict[str, str | None] = {}
    for word in vocabulary:
        if len(word) < MIN_LETTERS - 1 or not word.isalpha():
            continue
        for other in _one_edit(word):
            if other in vocabulary:
                continue
            near[other] = word if near.get(other, word) == word else None
    return near


def respelled(words: Iterable[str], vocabulary: frozenset[str]) -> tuple[str, ...]:
    """``words`` with each unknown word of ``MIN_LETTERS`` letters or more that is one edit from exactly
    one word of ``vocabulary`` replaced by it; every other word as it was.

    >>> respelled("is the game still winable".split(), frozenset("is the game still winnable".split()))
    ('is', 'the', 'game', 'still', 'winnable')
    >>> respelled(["cancer"], frozenset(["cancel", "cancels"]))
    ('cancel',)
    >>> respelled(["tee"], frozenset(["tea"]))
    ('tee',)
    """
    near = _near(vocabulary)
    return tuple(near.get(w) or w if len(w) >= MIN_LETTERS and w not in vocabulary else w for w in words)
