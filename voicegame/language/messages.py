"""Message templates of ``grammars/<lang>/messages.toml`` filled in with game values.

Two forms: :meth:`Messages.say` makes a sentence (its first letter capitalised, as the
template's full stop ends it); :meth:`Messages.phrase` makes a phrase to put inside another
sentence, exactly as the template writes it (templates used that way have no full stop).
A key that is not in the file is an error (:class:`MissingMessage`), never a made-up sentence.
"""

from __future__ import annotations

import re

from voicegame.engine import Reason
from voicegame.engine.cards import Card, Rank, Suit
from voicegame.language.command import CardRef
from voicegame.language.lexicon import Language, load_language

SINGULAR = re.compile(r"(?<![\w.-])(1|one) (card|move|redeal|deal|gap|cell|point|minute|second|hour|day|game|time|word|run|row|column|pile|spot|space|reserve|place|byte|set)s\b")
"""One of a counted thing is said in the singular ("1 moves in" -> "1 move in", "Stock: 1 card")."""


def deal_number(seed: int) -> str:
    """A deal number as a person can say it: up to six digits as it is; a longer one (a save from
    before deals were kept short) in groups of three digits ("1 319 729 190")."""
    text = str(seed)
    if len(text) <= 6 or not text.isdigit():
        return text
    head = len(text) % 3 or 3
    return " ".join([text[:head]] + [text[i:i + 3] for i in range(head, len(text), 3)])


DEAL_PARAMS = frozenset({"seed", "deal"})
"""Message parameters that are deal numbers (said by :func:`deal_number`)."""


class MissingMessage(KeyError):
    """A message key the code asks for is not in ``messages.toml`` (nor in a game's words file)."""

    def __init__(self, key: str, lang: str) -> None:
        super().__init__(key)
        self.key = key
        self.lang = lang

    def __str__(self) -> str:
        return f"no message {self.key!r} in grammars/{self.lang}/messages.toml or grammars/{self.lang}/games/"


def with_article(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word


def join(items: list[str], conjunction: str = "or") -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {conjunction} " + items[-1]


def spoken_value(value: object) -> str:
    """How a message parameter is said: cards by name, ranks with an article, lists joined by "or"."""
    if isinstance(value, (Card, CardRef)):
        return value.spoken
    if isinstance(value, Rank):
        return with_article(value.spoken)
    if isinstance(value, Suit):
        return value.value
    if isinstance(value, (list, tuple)):
        return join([spoken_value(v) for v in value])
    return str(value)


class Messages:
    """One language's messages: sentences and phrases by key."""

    def __init__(self, language: Language | None = None) -> None:
        self.language = language or load_language()

    def template(self, key: str) -> str:
        """The template of ``key`` as written (raises :class:`MissingMessage`)."""
        try:
            return self.language.messages[key]
        except KeyError:
            raise MissingMessage(key, self.language.code) from None

    def has(self, key: str) -> bool:
        return key in self.language.messages

    def phrase(self, key: str, /, **params: object) -> str:
        """``key``'s template filled in, to go inside a sentence ("3 face down", "on top"). A value
        that is itself a :class:`Reason` is said as its own phrase ("... it must be {allowed}")."""
        values = {k: self.phrase(v.key, **v.params) if isinstance(v, Reason)
                  else deal_number(v) if k in DEAL_PARAMS and isinstance(v, int) else spoken_value(v) for k, v in params.items()}
        return SINGULAR.sub(r"\1 \2", self.template(key).format(**values))

    def say(self, key: str, /, **params: object) -> str:
        """``key``'s template filled in as a sentence: its first letter capitalised."""
        text = self.phrase(key, **params)
        return text[:1].upper() + text[1:]

    def reason(self, reason: Reason) -> str:
        return self.say(reason.key, **reason.params)
