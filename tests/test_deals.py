"""How every game deals, in one table: for each game of the registry, each pile's cards and how many of
them lie face down, checked two ways.

- ``data/deals/deals.json``: the whole deal of one seed a game, pile by pile, as the code dealt it when
  the table was made (``data/deals/make_deals.py`` regenerates it). A change to any deal shows here.
- ``RULES``: what each game's rules say of its deal ("Klondike: pile k has k cards, k - 1 face down"),
  declared beside the game (``deal=DealRules(...)`` in its ``ENTRY``: voicegame/games/deal_rules.py),
  written by hand from the rules, never generated; checked on the table's seed and two others, so the
  table is not merely the code agreeing with itself.

A new game is checked against its declared rules at once; it joins the table when make_deals.py is run
(until then its deal is pinned by its rules and by its scripted game, whose moves fit that deal only).

That the deal holds the whole deck, and that seeds give the same and other deals: test_conformance.py.
A game's own deal test stays in its file only where it checks more than this (Baker's Dozen's kings at
the bottom, Athena's rows face down and up in turn).
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest

from helpers import game_engine
from voicegame.engine import Engine, State
from voicegame.games import GAMES, unlisted_games
from voicegame.games.deal_rules import DealRules

TABLE = json.loads((Path(__file__).parent / "data" / "deals" / "deals.json").read_text())
OTHER_SEEDS = (17, 101)  # the rules hold for any deal; FreeCell's numbers start at 1

RULES: dict[str, DealRules] = {entry.key: entry.deal for entry in GAMES if entry.deal is not None}
"""What each game's rules say of its deal, as its module declares it (``GameEntry.deal``)."""


def shape(state: State, engine: Engine, pile_id: str) -> tuple[int, int]:
    pile = state.piles[engine.layout.index[pile_id]]
    return len(pile.cards), pile.down_count


def codes(state: State, engine: Engine, pile_id: str) -> str:
    return " ".join(card.code for card in state.piles[engine.layout.index[pile_id]].cards)


def fits(found: tuple[int, int], wanted: Shape) -> bool:
    return all(w is None or f == w for f, w in zip(found, wanted))


@pytest.mark.parametrize("key", sorted(TABLE))
def test_the_deal_is_the_table_s(key: str) -> None:
    row = TABLE[key]
    engine = game_engine(key)
    state = engine.deal(row["seed"])
    assert [spec.id for spec in engine.specs] == list(row["piles"])
    assert {pile_id: list(shape(state, engine, pile_id)) for pile_id in row["piles"]} == row["piles"]
    assert {pile_id: codes(state, engine, pile_id) for pile_id in row["cards"]} == row["cards"]
    assert engine.score(state) == row["score"]


def table_seed(key: str) -> int:
    """The seed of the game's row of the table (1 for a game the table does not have yet)."""
    return int(TABLE[key]["seed"]) if key in TABLE else 1


def rule_cases() -> list[object]:
    return [pytest.param(key, seed, id=f"{key}-{seed}")
            for key in sorted(RULES) for seed in (table_seed(key), *OTHER_SEEDS)]


@pytest.mark.parametrize("key, seed", rule_cases())
def test_the_deal_follows_the_game_s_rules(key: str, seed: int) -> None:
    rules = RULES[key]
    engine = game_engine(key)
    state = engine.deal(seed)
    missing = [pile_id for pile_id in (*rules.piles, *rules.cards, *rules.ranks) if pile_id not in engine.layout.index]
    assert not missing, f"{key} has no pile {missing}"
    assert not [pile_id for pile_id in rules.absent if pile_id in engine.layout.index]
    wrong = {pile_id: (shape(state, engine, pile_id), wanted) for pile_id, wanted in rules.piles.items()
             if not fits(shape(state, engine, pile_id), wanted)}
    assert not wrong, f"{key} deal {seed}: pile -> ((cards, face down) dealt, what the rules say): {wrong}"
    assert all(fits(shape(state, engine, spec.id), rules.every) for spec in engine.specs)
    assert {pile_id: codes(state, engine, pile_id) for pile_id in rules.cards} == rules.cards
    for pile_id, rank in rules.ranks.items():
        assert {code[:-1] for code in codes(state, engine, pile_id).split()} == {rank}
    if rules.score is not None:
        assert engine.score(state) == rules.score


def test_every_game_declares_its_deal_rules_and_the_table_names_games_that_exist() -> None:
    """Every game says what its rules make of its deal (``deal`` has no default in ``GameEntry.from_words``);
    a row of the table for a game that is gone is an error, and so is a listed game without a row; a new
    game (not in ``LISTED_FIRST`` yet) without one is a warning naming the command that adds it."""
    keys = {entry.key for entry in GAMES}
    assert set(RULES) == keys, sorted(keys - set(RULES))
    assert set(TABLE) <= keys, sorted(set(TABLE) - keys)
    assert not keys - set(TABLE) - {entry.key for entry in unlisted_games()}, sorted(keys - set(TABLE))
    if keys - set(TABLE):
        warnings.warn(f"tests/data/deals/deals.json has no row for {sorted(keys - set(TABLE))}: "
                      "PYTHONPATH=. python tests/data/deals/make_deals.py adds it", stacklevel=1)
