"""Load one language's phrase templates and vocabulary from ``grammars/<lang>/``."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field, replace
from functools import lru_cache
from importlib import resources
from typing import Any, Callable

from voicegame.engine.cards import Colour, Rank, Suit
from voicegame.language.templates import Node, optional_words, parse_template, without_phrases, without_words


@dataclass(frozen=True)
class Language:
    """Templates per intent (in priority order), rules, skip words and vocabulary."""

    code: str
    intents: tuple[tuple[str, tuple[Node, ...]], ...]
    rules: dict[str, Node]
    skip: frozenset[str]
    ranks: dict[str, Rank]
    suits: dict[str, Suit]
    kinds: dict[str, tuple[str, ...]]
    messages: dict[str, str]
    spoken_rules: dict[str, Node] = field(default_factory=dict)
    """``rules`` with their skip words kept, as optional words, less the phrasings of
    ``grammars/<lang>/listening.toml`` ("unheard"): what a recogniser should hear."""
    spoken_intents: tuple[tuple[str, tuple[Node, ...]], ...] = ()
    """``intents`` likewise ("give me [a] hint")."""
    second_only: frozenset[str] = frozenset()
    """Phrasings of ``listening.toml`` ("second_only") the likely grammar leaves to the second decode
    because they take another command's audio ("what moves" heard for "verbose")."""
    jokers: dict[str, Colour | None] = field(default_factory=dict)
    """Ways to say a joker, to its colour (None: either joker), heard only in games with jokers."""
    said_rules: dict[str, Node] = field(default_factory=dict)
    """``rules`` with their skip words kept, as optional words, and nothing left out: everything a player
    may say, for Whisper's choice among commands (voicegame.listen.rescore), which, unlike a grammar
    decode, a rare single word ("redeal") does not pull other speech onto."""
    said_intents: tuple[tuple[str, tuple[Node, ...]], ...] = ()
    """``intents`` likewise."""
    contractions: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Contractions and the words they stand for ("what's" -> what is), read so before matching."""
    heard_rules: dict[str, Node] = field(default_factory=dict)
    """``rules`` as a recogniser listens for them (listening.toml ``heard_as``; {}: as ``rules``)."""
    heard_intents: tuple[tuple[str, tuple[Node, ...]], ...] = ()
    """``intents`` likewise (an intent only typed and written by Whisper is not among them)."""
    open_rules: dict[str, Node] = field(default_factory=dict)
    """``rules`` as written in commands.toml, with their skip words as optional words, less only the
    words no ear listens for alone (listening.toml ``never_alone``): every phrasing the parser reads, for
    an ear held to the grammar that a rare single word does not pull other speech onto (Moonshine)."""
    open_intents: tuple[tuple[str, tuple[Node, ...]], ...] = ()
    """``intents`` likewise."""
    ordinal_places: tuple[tuple[str, ...], dict[str, str]] = (("{nth}", "{noun}"), {})
    """How a numbered pile is said with an ordinal (vocabulary.toml ``[ordinal_places]``): the word order of
    "the third pile" for "pile three", and other words that stand for an ordinal ("leftmost": "first")."""

    def templates(self, intent: str) -> tuple[Node, ...]:
        return dict(self.intents)[intent]

    def heard(self) -> Language:
        """This language as the recogniser's grammars are built from: its rules and templates as heard."""
        if not self.heard_intents:
            return self
        return replace(self, rules=self.heard_rules, intents=self.heard_intents, heard_rules={}, heard_intents=())


def _read_toml(lang: str, name: str) -> dict:
    path = resources.files("voicegame.grammars").joinpath(lang, name)
    with path.open("rb") as handle:
        return tomllib.load(handle)


def grammar_file(lang: str, name: str) -> dict:
    """One TOML file of ``grammars/<lang>/`` ({} when the language has none)."""
    try:
        return _read_toml(lang, name)
    except FileNotFoundError:
        return {}


Templates = tuple[tuple[str, tuple[Node, ...]], ...]
"""Intents and their templates, in priority order."""


def _compiled(rules: dict[str, str], intents: dict[str, list[str]], compile_: Callable[[str], Node]) -> tuple[dict[str, Node], Templates]:
    """Rules and intents' templates as written, compiled by ``compile_``."""
    return ({name: compile_(text) for name, text in rules.items()},
            tuple((name, tuple(compile_(t) for t in templates)) for name, templates in intents.items()))


@lru_cache(maxsize=None)
def load_language(lang: str = "en") -> Language:
    commands = _read_toml(lang, "commands.toml")
    vocabulary = _read_toml(lang, "vocabulary.toml")
    messages = _read_toml(lang, "messages.toml")
    skip = frozenset(commands.get("skip", []))
    listening = grammar_file(lang, "listening.toml")
    unheard = frozenset(listening.get("unheard", []))

    def compile_(text: str) -> Node:
        return without_words(parse_template(text), skip)

    def spoken(text: str) -> Node:
        return without_phrases(optional_words(parse_template(text), skip), unheard)

    def said(text: str) -> Node:
        return optional_words(parse_template(text), skip)

    never_alone = frozenset(listening.get("never_alone", []))

    def open_(text: str) -> Node:
        return without_phrases(optional_words(parse_template(text), skip), never_alone)

    rules, intents = _compiled(commands.get("rules", {}), commands["intents"], compile_)
    heard = heard_as(commands, listening)
    spoken_rules, spoken_intents = _compiled(*heard, spoken)
    said_rules, said_intents = _compiled(*heard, said)
    heard_rules, heard_intents = _compiled(*heard, compile_)
    open_rules, open_intents = _compiled(commands.get("rules", {}), commands["intents"], open_)
    ranks = {word: Rank[key.upper()] for key, words in vocabulary["ranks"].items() for word in words}
    suits = {word: Suit(key) for key, words in vocabulary["suits"].items() for word in words}
    kinds = {key: tuple(words) for key, words in vocabulary.get("kinds", {}).items()}
    flat_messages = {key: value for key, value in messages.items() if isinstance(value, str)} | game_messages(lang)
    jokers = {word: None if key == "any" else Colour(key) for key, words in vocabulary.get("jokers", {}).items() for word in words}
    return Language(lang, intents, rules, skip, ranks, suits, kinds, flat_messages, spoken_rules, spoken_intents,
                    frozenset(listening.get("second_only", [])), jokers, said_rules, said_intents,
                    {short: tuple(long.split()) for short, long in commands.get("contractions", {}).items()},
                    heard_rules, heard_intents, open_rules, open_intents, _ordinal_places(vocabulary))


def _ordinal_places(vocabulary: dict[str, Any]) -> tuple[tuple[str, ...], dict[str, str]]:
    """vocabulary.toml's ``[ordinal_places]``: its word order as words, and its ordinal words."""
    table = vocabulary.get("ordinal_places", {})
    order = tuple(str(table.get("order", "{nth} {noun}")).split())
    return order, {str(k): str(v) for k, v in table.get("words", {}).items()}


def game_messages(lang: str) -> dict[str, str]:
    """The messages of every game's words file (``grammars/<lang>/games/<key>.toml``, its ``[messages]``:
    help_<key>, say_<key>, moves_<key>), found by file, so a new game adds its words in one place."""
    folder = resources.files("voicegame.grammars").joinpath(lang, "games")
    if not folder.is_dir():
        return {}
    found: dict[str, str] = {}
    for path in sorted(folder.iterdir(), key=lambda p: p.name):
        if path.name.endswith(".toml"):
            with path.open("rb") as handle:
                found |= tomllib.load(handle).get("messages", {})
    return found


def heard_as(commands: dict, listening: dict) -> tuple[dict[str, str], dict[str, list[str]]]:
    """The rules and intents' templates of ``commands`` (commands.toml) as a recogniser listens for them and
    Whisper's choice scores them: listening.toml's ``heard_as`` in place of what it names (a rule's text,
    an intent's templates; an intent with none is understood typed and written down, never listened for)."""
    override = listening.get("heard_as", {})
    rules = {**commands.get("rules", {}), **override.get("rules", {})}
    changed = override.get("intents", {})
    intents = {name: list(changed.get(name, templates)) for name, templates in commands["intents"].items()}
    intents = {name: templates for name, templates in intents.items() if templates}
    used: set[str] = set()  # only the rules the heard templates use: a rule of typed phrasings only is not heard
    todo = [ref for templates in intents.values() for t in templates for ref in _RULE_REF.findall(t)]
    while todo:
        name = todo.pop()
        if name in rules and name not in used:
            used.add(name)
            todo += _RULE_REF.findall(rules[name])
    return {name: text for name, text in rules.items() if name in used}, intents


_RULE_REF = re.compile(r"<(\w+)>")

