"""Every message of grammars/en/messages.toml, rendered with sample values, reads as English a
listener can follow (issue 37): no "1 moves", no "Try draw.", no "the the", no snake_case ids
or underscores, nothing left in braces.

Each message is rendered twice, its counts as 1 and as 2 (and as words, "one" and "two"), through
:meth:`Messages.say`, the way the game says it. The checks look at the sentence heard, so a
template that reads well only for some values fails here.
"""

from __future__ import annotations

import re
import string

import pytest

from voicegame.engine.cards import Card, Rank, Suit
from voicegame.language.messages import Messages

MESSAGES = Messages()
KEYS = sorted(MESSAGES.language.messages)

NUMBERS = {"count", "more", "left", "days", "limit", "hours", "minutes", "seconds", "played", "won", "streak", "best",
           "rate", "score", "max", "total", "home", "skipped", "keep", "redeals", "steps", "size", "bits", "low", "high",
           "points", "takes", "draw", "number", "seed", "deal", "cap", "line"}
"""Parameters that are counts or numbers: rendered as 1 and as 2."""

TEXT: dict[str, object] = {
    "allowed": "a whole number", "base": "an ace", "by": "the backbone", "card": Card(Rank.SEVEN, Suit.HEARTS),
    "cards": "the seven of hearts and the two of clubs", "character": "'#'", "choices": "1 or 3",
    "close": "FreeCell", "default": "200", "device": "USB headset", "error": "draw must be 1 or 3",
    "example": "seven of hearts on eight of spades", "families": "Klondike 12 and FreeCell 9", "family": "Klondike",
    "file": "save.json", "first": Card(Rank.NINE, Suit.CLUBS), "flag": "--draw", "folder": "saves",
    "format": "85", "game": "free cell", "games": "Klondike or FreeCell", "group": "row two", "host": "example.org",
    "how": "a pair", "key": "speech.rate", "kind": "Pile", "kinds": "piles and the waste", "known": "en",
    "lang": "fr", "last": Card(Rank.FOUR, Suit.CLUBS), "log": "pip.log", "model": "vosk-small",
    "move": "Put the seven of hearts on the eight of spades.", "moves": "pile three to clubs, draw",
    "name": "Pyramid", "near": "<move", "needed": Card(Rank.THREE, Suit.SPADES), "needs": "needs the two of hearts",
    "note": "Using Vosk.", "nth": "third", "options": "hearts or spades", "other": "pile four",
    "part": "clubs up to a four", "parts": "clubs up to a four and hearts up to a two", "path": "/home/ann/save.json",
    "phrase": "seven of hearts on eight of spades", "pile": "pile two", "piles": "pile one and pile three",
    "player": "Ann", "position": "on top", "problem": "The save file is damaged.", "question": "Which seven: hearts or spades?",
    "rank": Rank.SEVEN, "ranks": "a six or an eight", "reading": "read pile one, read the board",
    "reason": "the disk is full", "right": Card(Rank.TEN, Suit.DIAMONDS), "rule": "move", "saved": "--draw 3",
    "second": Card(Rank.FOUR, Suit.DIAMONDS), "section": "sound", "setting": "faster", "source": "the waste",
    "spot": "column two", "stock": "24", "suit": Suit.HEARTS, "step": "one", "target": Card(Rank.EIGHT, Suit.SPADES),
    "time": "6 seconds", "title": "Klondike, draw three", "token": ")", "unlimited": ", or unlimited",
    "uri": "tcp://homeassistant.local:10300", "value": "\"pyramid\"", "variable": "VOSK_MODEL", "verb": "deal", "voice": "Amy", "new": "a three", "old": "a two",
    "wake": "hey solitaire", "wanted": "--draw 1", "waste": "the seven of hearts", "what": "pile three",
    "word": "seven", "words": "seven and eight", "left": Card(Rank.SIX, Suit.HEARTS), "place": "column nine",
    "summary": "Build the four suits up from the aces.", "id": "5-k3f9", "when": "today",
}
"""Sample values of the other parameters (a few, like ``left``, are a card in some messages and a count
in others: the card is used, the count is checked through the messages that say it with a noun)."""

COUNTED_LEFT = {"redeals_left"}  # messages whose {left} is a count
COUNTED = ("card move cell pile column row run gap point second minute hour day game deal redeal place spot space "
           "reserve foundation word time byte suit rank deck cards").split()
PLURALS = re.compile(r"(?<![\w.-])(?:1 ([a-z]+s)|one (%s)s)\b" % "|".join(COUNTED), re.IGNORECASE)
"""A "1" before a plural ("1 moves"), or "one" before a counted noun's plural ("one cards"; "foundation one
sets the rank" is a verb)."""
NOT_PLURAL = {"is", "was", "has", "does", "this", "his", "its", "us", "yes", "plus", "less", "as", "across", "always"}
TRY_VERB = re.compile(r"(?:^|[.!?:]\s+)Try (?!saying\b|again\b|to\b|not\b)(\w+)")
DOUBLED = re.compile(r"\b(\w+)\s+\1\b", re.IGNORECASE)
SNAKE = re.compile(r"(?<![\w.])(?=[a-z0-9_]*[a-z])[a-z0-9]*_[a-z0-9_]*(?!\w|\.\w)|(?<!\w)_|_(?!\w)")
"""A lowercase id with an underscore ("royal_parade", "game_default"), or a stray underscore. Not a file
name the player must type ("one_1.wav") nor an environment variable ("VOSK_MODEL"): those are spelt so."""
UNFILLED = re.compile(r"[{}]")

DOUBLED_ALLOWED: dict[str, str] = {}
"""Messages where a word really repeats, with the reason (none so far)."""


def fields(key: str) -> list[str]:
    return [f for _, f, _, _ in string.Formatter().parse(MESSAGES.template(key)) if f]


def render(key: str, n: int, as_word: bool) -> str:
    values: dict[str, object] = {}
    for name in fields(key):
        name = name.split("!")[0]
        if name in NUMBERS or (name == "left" and key in COUNTED_LEFT):
            values[name] = ("one", "two")[n - 1] if as_word and name not in ("seed", "deal", "rate") else n
        else:
            values[name] = TEXT.get(name, "pile two")
    return MESSAGES.say(key, **values)


def test_the_samples_cover_every_parameter():
    missing = {f.split("!")[0] for key in KEYS for f in fields(key)} - NUMBERS - set(TEXT)
    assert not missing


@pytest.mark.parametrize("key", KEYS)
def test_message_reads_well(key):
    for n in (1, 2):
        for as_word in (False, True):
            text = render(key, n, as_word)
            plural = [m.group(0) for m in PLURALS.finditer(text) if (m.group(1) or "").lower() not in NOT_PLURAL]
            assert not plural, f"{key}: a plural after one: {plural} in {text!r}"
            assert not TRY_VERB.search(text), f"{key}: starts 'Try <verb>': {text!r}"
            doubled = [m.group(0) for m in DOUBLED.finditer(text) if not m.group(1).isdigit()]
            assert not doubled or key in DOUBLED_ALLOWED, f"{key}: a doubled word {doubled}: {text!r}"
            assert not SNAKE.search(text), f"{key}: an underscore or snake_case id: {text!r}"
            assert not UNFILLED.search(text), f"{key}: a field left unfilled: {text!r}"


def test_the_checks_catch_what_they_are_for():
    assert PLURALS.search("Klondike, deal 5: 1 moves")
    assert TRY_VERB.search("Try draw. Say yes to play it.")
    assert DOUBLED.search("Put the the seven")
    assert SNAKE.search("The games are: klondike, royal_parade.")
    assert not SNAKE.search("Recordings named like one_1.wav, in VOSK_MODEL.")
    assert not PLURALS.search("The card on foundation one sets the rank.")
    assert PLURALS.search("Turned one cards.")
    assert UNFILLED.search("New game {title}.")
    assert not TRY_VERB.search("Try saying the whole command.")
