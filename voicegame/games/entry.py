"""What the registry knows of a game: its names, its options, its deal numbers, and how to make it.

Each game module ends with its ``ENTRY``; ``voicegame.games`` finds them (the registry). The names are
the game's words (grammars/en/games/<key>.toml), read by :meth:`GameEntry.from_words`."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Callable

from voicegame.engine import GameDef
from voicegame.games.deal_rules import DealRules
from voicegame.games.search import HintBudget, Search
from voicegame.games.words import game_words

MAX_SEED = 2**63 - 1
RANDOM_SEEDS = 10**6
"""Deals chosen at random are below this: six digits at most (a number a person can say)."""
"""The highest deal number: deals are seeded with an unsigned 64-bit number, and 2**63 - 1 keeps every
deal number a positive 64-bit integer wherever a save or trace is read."""


@dataclass(frozen=True)
class Option:
    """A game option as the command line and the voice menu see it."""

    name: str
    kind: type
    default: object
    choices: tuple[object, ...] | None = None
    help: str = ""
    allow_none: bool = False
    low: int | None = None  # the smallest value allowed (numbers without ``choices``)


@dataclass(frozen=True)
class GameEntry:
    """One game as the registry knows it: its names (from its words file), how to make it, and what it
    declares for the rest of the package: its search hooks and hint budget (read by
    ``voicegame.solver.hooks``) and what its rules say of its deal (checked by tests/test_deals.py)."""

    key: str
    title: str
    aliases: tuple[str, ...]
    factory: Callable[..., GameDef]
    options: tuple[Option, ...] = ()
    summary: str = ""
    family: str = ""  # AisleRiot's family and sub-family, as in docs/games.md
    seeds: tuple[int, int] = (0, MAX_SEED)  # the deal numbers there are, lowest and highest
    seed_note: str = ""  # what a deal number is, when it is not just a number ("a Microsoft FreeCell deal number")
    search: Search = Search.GENERIC  # the shared search hooks the solver uses for it
    hint_budget: HintBudget = HintBudget()  # how much one hint may search, where the defaults cost too much
    deal: DealRules | None = field(default=None, compare=False)  # what its rules say of its deal

    @classmethod
    def from_words(cls, *, key: str, factory: Callable[..., GameDef], search: Search, deal: DealRules,
                   options: tuple[Option, ...] = (), seeds: tuple[int, int] = (0, MAX_SEED),
                   hint_budget: HintBudget = HintBudget()) -> GameEntry:
        """The entry of game ``key``, its title, aliases, summary, family and seed note read from its
        words file (grammars/en/games/<key>.toml). ``search`` and ``deal`` have no default: a game says
        how it is searched (``Search.GENERIC`` too is a decision) and what its rules say of its deal."""
        words = game_words(key)
        return cls(key=key, title=words.title, aliases=words.aliases, factory=factory, options=options,
                   summary=words.summary, family=words.family, seeds=seeds, seed_note=words.seed_note,
                   search=search, hint_budget=hint_budget, deal=deal)

    def make(self, **options: object) -> GameDef:
        chosen = {o.name: options.get(o.name, o.default) for o in self.options}
        return self.factory(**chosen)

    def seed_problem(self, seed: int) -> str | None:
        """None if ``seed`` is one of this game's deal numbers, else one sentence saying which are."""
        low, high = self.seeds
        if low <= seed <= high:
            return None
        note = f" ({self.seed_note})" if self.seed_note else ""
        return f"--seed must be a whole number from {low} to {high}{note}; you gave {seed}."

    def random_seed(self) -> int:
        """A deal chosen at random, of at most six digits (below a million), so that a person can say
        it; saves of older deals with bigger numbers still play."""
        low, high = self.seeds
        return low + secrets.randbelow(min(high - low + 1, RANDOM_SEEDS))

    def next_seed(self, seed: int) -> int:
        """The deal after ``seed`` ("new game"); after the highest, the lowest (never a number that is
        not a deal)."""
        low, high = self.seeds
        return seed + 1 if low <= seed < high else low


def _or(values: list[str]) -> str:
    return values[0] if len(values) == 1 else ", ".join(values[:-1]) + " or " + values[-1]


def allowed(option: Option) -> str:
    """What ``option`` takes, in words: "1 or 3", "a whole number from 1 up, or unlimited"."""
    if option.choices is not None:
        words = _or([str(c) for c in option.choices])
    elif option.kind is int:
        words = "a whole number" + (f" from {option.low} up" if option.low is not None else "")
    else:
        words = "a word"
    return words + (", or unlimited" if option.allow_none else "")


def given(text: str) -> str:
    """A value the player gave, as it should be read back: bare when it is a plain word or number."""
    return text if text and text.isprintable() and " " not in text and len(text) <= 40 else repr(text[:40])
