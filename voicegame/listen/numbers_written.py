"""Whether Whisper's words name other numbers than the decode: a sign the decode took another word for the
one said.

Whisper writes a number it heard as a digit ("9", "10 of clubs", "2nd"), and writes it right far more often
than the grammar decodes a short word right, while spelling alone cannot tell numbers apart ("nine" and
"one" are spelled alike, rapidfuzz 57; "seven" and "sleep" 60). Real people's "nine" decoded "one" while
"Which eight?" was open (written "9") played pile one's eight; a "seven" decoded "sleep" (written "7") put
the game to sleep; "ten of clubs" decoded "turn off auto" (written "10 of clubs") turned auto play off.
"""

from __future__ import annotations

import re
from typing import Sequence

from voicegame.engine.words import NUMBER_WORDS, ORDINAL_WORDS, ordinal_word

_ORDINAL_DIGITS = re.compile(r"^(\d{1,2})(st|nd|rd|th)$")
ACE = frozenset({"ace", "aces"})
"""An ace is a one: "one of clubs" is the ace of clubs to the parser, and Whisper may write "1 of clubs"."""


def ordinals_spelled(text: str) -> str:
    """``text`` with ordinals Whisper wrote in digits spelled out as the language says them ("the 2nd one" ->
    "the second one"), so that they read as the words the parser knows.

    >>> ordinals_spelled("the 2nd one, not the 21st")
    'the second one, not the 21st'
    """
    return _ORDINAL_IN_TEXT.sub(lambda m: ordinal_word(int(m.group(1))) if int(m.group(1)) < len(ORDINAL_WORDS) else m.group(0), text)


_ORDINAL_IN_TEXT = re.compile(r"\b(\d{1,2})(?:st|nd|rd|th)\b", re.IGNORECASE)


def numbers_named(words: Sequence[str]) -> frozenset[tuple[str, int]]:
    """The numbers ``words`` name, each as ("number", n) or ("ordinal", n): "second" and "2" answer
    "Which one?" differently (the second choice, pile two), so they are different numbers here.

    >>> sorted(numbers_named("the 2nd one".split()))
    [('number', 1), ('ordinal', 2)]
    >>> sorted(numbers_named(("ten", "of", "clubs")))
    [('number', 10)]
    """
    named: set[tuple[str, int]] = set()
    for word in words:
        ordinal = _ORDINAL_DIGITS.match(word)
        if word in NUMBER_WORDS:
            named.add(("number", NUMBER_WORDS.index(word)))
        elif word in ACE:
            named.add(("number", 1))
        elif word in ORDINAL_WORDS:
            named.add(("ordinal", ORDINAL_WORDS.index(word)))
        elif word.isdecimal() and len(word) <= 4:
            named.add(("number", int(word)))
        elif ordinal is not None:
            named.add(("ordinal", int(ordinal.group(1))))
    return frozenset(named)


def other_numbers(written: Sequence[str], decoded: Sequence[str]) -> bool:
    """Whether ``written`` (Whisper's words, as the parser reads them: "9" is "nine") names numbers and
    none of them is a number ``decoded`` (the decode's words) names: another digit or ordinal, or numbers
    where the decode names none. A move Whisper wrote with one card's rank otherwise ("7 of hearts on 9 of
    spades" for "... on eight of spades") still shares a number: Whisper misspells cards in long commands,
    and other rules weigh those (suits written, spelling).

    >>> other_numbers(["nine"], ["one"])
    True
    >>> other_numbers(["seven"], ["sleep"])
    True
    >>> other_numbers("ten of clubs".split(), "turn off auto".split())
    True
    >>> other_numbers(["three"], ["three"])
    False
    >>> other_numbers("seven of hearts on nine of spades".split(), "seven of hearts on eight of spades".split())
    False
    >>> other_numbers(["draw"], ["draw"])
    False
    """
    numbers = numbers_named(written)
    return bool(numbers) and not numbers & numbers_named(decoded)
