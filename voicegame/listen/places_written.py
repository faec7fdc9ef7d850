"""Whisper's letter-and-digit writing of a place the game names by a word and a number, spelled as said.

"cell three" sounds like the letter L and a number, and Whisper writes it so: "column 5 to l3", "column 6
to l1" (tuning voices espeak-ng en-us+f3 200 and en-gb 180 in bench/by_voice.py's FreeCell, 2026-11-29).
Read as written, such a transcript is no command, and a sure transcript that is no command rejects a
doubtful decode (voicegame.listen.understanding): the right "column five to cell three" was refused, and
"column six to cell one" was asked about as "Column six to seven?". The letters and the words they stand
for are language data (listening.toml ``written_places``).
"""

from __future__ import annotations

import re
from functools import lru_cache

from voicegame.language.lexicon import grammar_file

_LETTERS_AND_DIGITS = re.compile(r"\b([a-z]+)(\d{1,2})\b")


@lru_cache(maxsize=8)
def written_places(lang: str) -> dict[str, str]:
    """listening.toml's ``written_places`` of language ``lang``: a letter Whisper writes -> the place word."""
    table = grammar_file(lang, "listening.toml").get("written_places", {})
    return {str(k): str(v) for k, v in table.items()}


def places_spelled(text: str, places: dict[str, str]) -> str:
    """``text`` with each word that is one of ``places``' letters followed by digits written as the place
    word and the number; every other word as it was.

    >>> places_spelled("column 5 to l3", {"l": "cell"})
    'column 5 to cell 3'
    >>> places_spelled("l1 to clubs, ll2 and p3", {"l": "cell"})
    'cell 1 to clubs, ll2 and p3'
    """
    def spelled(match: re.Match[str]) -> str:
        word = places.get(match.group(1))
        return f"{word} {match.group(2)}" if word is not None else match.group(0)

    return _LETTERS_AND_DIGITS.sub(spelled, text) if places else text
