"""A game's words: its title, family, summary and other names, and how its piles are said, read from
``grammars/<lang>/games/<key>.toml`` (shared pile nouns from ``grammars/<lang>/piles.toml``), so that
the English of a game lives with the rest of the English and a game module holds no names.

A pile noun is a list of name templates: ``cell = ["cell {n}", "free cell {n}"]``; ``{n}`` is the
pile's number in words ("three"), other values are named by the game ("{side} stack")."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any

from voicegame.engine.words import number_word

LANGUAGE = "en"
"""The language the names of piles are made in: the one the command grammar and narration speak."""


def _read(*path: str) -> dict[str, Any]:
    with resources.files("voicegame.grammars").joinpath(LANGUAGE, *path).open("rb") as handle:
        return tomllib.load(handle)


def _names(templates: tuple[str, ...], n: int | None, values: dict[str, object]) -> tuple[str, ...]:
    numbered = {"n": number_word(n)} if n is not None else {}
    return tuple(t.format(**numbered, **values) for t in templates)


@lru_cache(maxsize=None)
def shared_nouns() -> dict[str, tuple[str, ...]]:
    """The pile nouns of ``piles.toml``: piles many games share (stock, waste, foundation, column)."""
    return {noun: tuple(templates) for noun, templates in _read("piles.toml").items()}


def shared_names(noun: str, n: int | None = None, **values: object) -> tuple[str, ...]:
    """The names of a shared pile: ``shared_names("foundation", 3)`` -> ("foundation three", "home three")."""
    return _names(shared_nouns()[noun], n, values)


@dataclass(frozen=True)
class GameWords:
    """What ``grammars/<lang>/games/<key>.toml`` says of one game."""

    key: str
    title: str
    aliases: tuple[str, ...] = ()
    family: str = ""
    summary: str = ""
    seed_note: str = ""
    piles: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def names(self, noun: str, n: int | None = None, **values: object) -> tuple[str, ...]:
        """The names of pile ``n`` said with ``noun``: the game's own noun, else a shared one."""
        return _names(self.piles.get(noun) or shared_nouns()[noun], n, values)


@lru_cache(maxsize=None)
def game_words(key: str) -> GameWords:
    """``key``'s words (raises FileNotFoundError naming the file a new game must write)."""
    try:
        data = _read("games", f"{key}.toml")
    except FileNotFoundError:
        raise FileNotFoundError(f"the game {key!r} has no words: write grammars/{LANGUAGE}/games/{key}.toml "
                                "(title, family, summary, aliases and its help_/say_/moves_ messages)") from None
    return GameWords(key, data["title"], tuple(data.get("aliases", ())), data.get("family", ""), data.get("summary", ""),
                     data.get("seed_note", ""), {noun: tuple(t) for noun, t in data.get("piles", {}).items()})
