"""Number words shared by narration, pile names and the parser."""

from __future__ import annotations

NUMBER_WORDS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen twenty"
).split()
ORDINAL_WORDS = (
    "zeroth first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth "
    "thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth"
).split()


def number_word(n: int) -> str:
    """0..20 as a word; larger numbers as digits (speech engines read them fine)."""
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def ordinal_word(n: int) -> str:
    """1 -> "first" ... 20 -> "twentieth"; beyond that "21st", "22nd", "23rd", "24th"."""
    if 0 <= n < len(ORDINAL_WORDS):
        return ORDINAL_WORDS[n]
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def word_number(word: str) -> int | None:
    """"seven" -> 7, "seventh" -> 7, "7" -> 7; anything else -> None."""
    if word.isdigit():
        return int(word)
    if word in NUMBER_WORDS:
        return NUMBER_WORDS.index(word)
    if word in ORDINAL_WORDS:
        return ORDINAL_WORDS.index(word)
    return None
