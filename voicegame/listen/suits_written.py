"""Whether Whisper's words name other suits than a decoded move: a sign the decode took another card or
place for the one said.

A move names cards by suit, or a foundation by its suit ("to clubs"), and suits are words Whisper writes
well even when it garbles the rest ("move the 8 of clubster clubs"), while the grammar decode may put a
pile number in the suit's place ("move the eight of clubs to pile six") or a place in the card's ("move
the free cell one to cell four" for "move the queen of diamonds to cell four", written "move the queen of
diamonds to sell for"). Found in whole deals of FreeCell in Flite slt's voice (bench/by_voice.py,
2026-11-27: 4 wrong actions in one game).
"""

from __future__ import annotations

from functools import partial
from typing import Mapping, Sequence

from voicegame.engine.cards import Suit


def other_suits(written: Sequence[str], decoded: Sequence[str], suits: Mapping[str, Suit], move: bool = True) -> bool:
    """Whether ``written`` (Whisper's words) names suits that ``decoded`` (the decode's words) does not
    account for: none in common, or each naming one the other does not; and, when the decode is a
    ``move``, suits written where it names none, or the transcript ending on a suit (a foundation named)
    where the decode ends on something else (a pile or cell number).

    >>> S = {"clubs": Suit.CLUBS, "club": Suit.CLUBS, "diamonds": Suit.DIAMONDS, "hearts": Suit.HEARTS}
    >>> other_suits("move the 8 of clubster clubs".split(), "move the eight of clubs to pile six".split(), S)
    True
    >>> other_suits("move the queen of diamonds to sell for".split(), "move the free cell one to cell four".split(), S)
    True
    >>> other_suits("move the 5 of clubster clubbers".split(), "move the five of clubs to pile six".split(), S)
    True
    >>> other_suits("8 of hertz on 9 of clubs".split(), "eight of hearts on nine of clubs".split(), S)
    False
    >>> other_suits("move the 3 of clubs to clubs".split(), "move the three of clubs to clubs".split(), S)
    False
    """
    written_suits = {s for s in map(partial(suit_written, suits=suits), written) if s is not None}
    decoded_suits = {suits[w] for w in decoded if w in suits}
    if not written_suits:
        return False
    if not decoded_suits:
        return move
    if not written_suits & decoded_suits or (written_suits - decoded_suits and decoded_suits - written_suits):
        return True
    return move and suit_written(written[-1], suits) is not None and decoded[-1] not in suits


def suit_written(word: str, suits: Mapping[str, Suit]) -> Suit | None:
    """The suit a word of Whisper's names: a suit word, or a longer word beginning with one ("clubster",
    "clubbers" for "clubs" in Flite slt's voice; the decode's words are the language's own).

    >>> suit_written("clubbers", {"club": Suit.CLUBS, "clubs": Suit.CLUBS})
    <Suit.CLUBS: 'clubs'>
    >>> suit_written("cup", {"club": Suit.CLUBS}) is None
    True
    """
    if word in suits:
        return suits[word]
    return next((suit for name, suit in suits.items() if word.startswith(name) and len(name) >= MIN_STEM), None)


MIN_STEM = 4
"""The shortest suit word a longer written word may begin with and count as that suit."""
