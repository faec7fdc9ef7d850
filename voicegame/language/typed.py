"""Typed text -> :class:`Command`, tolerant of everyday habits of writing.

Typed play (``voicegame play --text``, a line typed in voice play) first parses the text as written
(:meth:`Parser.parse`). When that finds no command, the text is read again the ways
``grammars/<lang>/typed.toml`` lists, after Home Assistant's hassil: politeness before and after the
command dropped ("could you ... please"), a word for a pile the game names otherwise ("stack two"
for "pile two"), cards in forum notation ("7h on 8s"); each reading must still match a whole
template, so nothing is understood that the command language does not say. Then "okay" typed alone
agrees; the words as meant (voicegame.language.frames ``fluent_text``: "d-draw", "the the seven of of
hearts", "sell one") are read by the templates; a place named by a number that this game does not have
("column nine" in FreeCell) is the command ``no_such_place``, answered "There is no column nine." rather
than "did not catch that"; and last, the words are read as a frame (``read_frame``: "oops wrong one").

Speech never comes here: what a recogniser heard is the listening layer's (voicegame.listen), which
does not act on a doubt.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator

from voicegame.engine.words import NUMBER_WORDS
from voicegame.language.command import Command, Intent
from voicegame.language.frames import fluent_text, read_frame
from voicegame.language.lexicon import grammar_file
from voicegame.language.parse import Parser, tokenize

_FORUM_CARD = re.compile(r"^(10|[2-9jqk])([cdhs])$")
"""A card as players write it in forums ("7h", "10d", "qs"); not aces: "ah", "as", "ad" are words."""
_RANK_LETTERS = {"j": "jack", "q": "queen", "k": "king"}
_SUIT_LETTERS = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
MAX_READINGS = 8
"""Readings tried at most for one text (each is a parse)."""
MAX_WORDS = 16
"""Longer texts are read only as written: a command with its politeness is shorter."""


@dataclass(frozen=True)
class TypedHabits:
    """The data of ``typed.toml``, as token tuples."""

    before: tuple[tuple[str, ...], ...]
    after: tuple[tuple[str, ...], ...]
    piles: dict[str, tuple[tuple[str, ...], ...]]
    agree: frozenset[tuple[str, ...]]
    places: tuple[tuple[str, ...], ...]


@lru_cache(maxsize=None)
def load_habits(lang: str = "en") -> TypedHabits:
    data = grammar_file(lang, "typed.toml")

    def phrases(words: list[str]) -> tuple[tuple[str, ...], ...]:
        return tuple(sorted((tokenize(w) for w in words), key=len, reverse=True))

    return TypedHabits(
        phrases(data.get("before", [])),
        phrases(data.get("after", [])),
        {word: phrases(instead) for word, instead in data.get("piles", {}).items()},
        frozenset(tokenize(w) for w in data.get("agree", {}).get("words", [])),
        phrases(data.get("places", {}).get("words", [])),
    )


def read_typed(parser: Parser, text: str) -> Command | None:
    """What typed ``text`` asks for: as written, else as one of its tolerant readings (see the module)."""
    command = parser.parse(text)
    if command is not None:
        return command
    habits = load_habits(parser.language.code)
    tokens = tuple(w for t in tokenize(text) for w in parser.language.contractions.get(t, (t,)))
    if not tokens:
        return None
    if tokens in habits.agree:
        return Command(Intent.YES)
    if len(tokens) > MAX_WORDS:
        return _no_such_place(parser, tokens, habits)
    for count, reading in enumerate(_readings(tokens, habits)):
        if count >= MAX_READINGS:
            break
        if reading != tokens and reading:
            command = parser.parse(" ".join(reading))
            if command is not None:
                return command
    fluent = " ".join(_spell_cards(tokenize(fluent_text(parser, text))))  # "the the seven of of hearts", "d-draw"
    command = parser.parse(fluent) if fluent != " ".join(tokens) else None
    return command or _no_such_place(parser, tokens, habits) or read_frame(parser, fluent)


def _readings(tokens: tuple[str, ...], habits: TypedHabits) -> Iterator[tuple[str, ...]]:
    """The text with its forum cards spelled out, then with politeness dropped, each with each pile word."""
    spelled = _spell_cards(tokens)
    seen: set[tuple[str, ...]] = set()
    for bare in (spelled, _trimmed(spelled, habits)):
        for reading in _pile_words(bare, habits):
            if reading not in seen:
                seen.add(reading)
                yield reading


def _spell_cards(tokens: tuple[str, ...]) -> tuple[str, ...]:
    out: list[str] = []
    for token in tokens:
        m = _FORUM_CARD.match(token)
        if m is None:
            out.append(token)
            continue
        rank = m.group(1)
        out += [_RANK_LETTERS.get(rank) or NUMBER_WORDS[int(rank)], "of", _SUIT_LETTERS[m.group(2)]]
    return tuple(out)


def _trimmed(tokens: tuple[str, ...], habits: TypedHabits) -> tuple[str, ...]:
    """Without the politeness before and after the command ("could you ... for me please")."""
    changed = True
    while changed and tokens:
        changed = False
        for phrase in habits.before:
            if tokens[: len(phrase)] == phrase and len(tokens) > len(phrase):
                tokens, changed = tokens[len(phrase):], True
                break
        for phrase in habits.after:
            if len(tokens) > len(phrase) and tokens[-len(phrase):] == phrase:
                tokens, changed = tokens[: -len(phrase)], True
                break
    return tokens


def _pile_words(tokens: tuple[str, ...], habits: TypedHabits) -> Iterator[tuple[str, ...]]:
    """The tokens as they are, then with each pile word read as each word the game may use instead."""
    yield tokens
    at = [i for i, t in enumerate(tokens) if t in habits.piles]
    if not at:
        return
    for i in at:
        for instead in habits.piles[tokens[i]]:
            yield tokens[:i] + instead + tokens[i + 1:]
    if len(at) > 1:  # "stack two to stack four": every one read the same way
        for instead in {w for i in at for w in habits.piles[tokens[i]]}:
            out: list[str] = []
            for t in tokens:
                out += list(instead) if t in habits.piles and instead in habits.piles[t] else [t]
            yield tuple(out)


def _no_such_place(parser: Parser, tokens: tuple[str, ...], habits: TypedHabits) -> Command | None:
    """``no_such_place`` for the first place named by a number ("column nine", "row one column nine")
    that no pile or group of this game is called; None when every place named is one of the game's."""
    known = [*parser.pile_names, *parser.group_names]
    for i in range(len(tokens)):
        for word in habits.places:
            end = i + len(word)
            if tokens[i:end] != word or end >= len(tokens) or not _is_number(tokens[end]):
                continue
            if any(_covers(name, tokens, i, end + 1) for name in known):
                continue
            start = i - 2 if i >= 2 and tokens[i - 2] == "row" and _is_number(tokens[i - 1]) else i
            return Command(Intent.NO_SUCH_PLACE, name=" ".join(tokens[start:end + 1]))
    return None


def _is_number(token: str) -> bool:
    return token in NUMBER_WORDS[1:] or token.isdecimal()


def _covers(name: tuple[str, ...], tokens: tuple[str, ...], start: int, end: int) -> bool:
    """Whether ``name`` is said in ``tokens`` over all of ``start:end``."""
    for s in range(max(0, end - len(name)), start + 1):
        if tokens[s:s + len(name)] == name:
            return True
    return False
