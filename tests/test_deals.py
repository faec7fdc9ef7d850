"""How every game deals, in one table: for each game of the registry, each pile's cards and how many of
them lie face down, checked two ways.

- ``data/deals/deals.json``: the whole deal of one seed a game, pile by pile, as the code dealt it when
  the table was made (``data/deals/make_deals.py`` regenerates it). A change to any deal shows here.
- ``RULES`` below: what each game's rules say of its deal ("Klondike: pile k has k cards, k - 1 face
  down"), written by hand from the rules, never generated; checked on the table's seed and two others,
  so the table is not merely the code agreeing with itself.

That the deal holds the whole deck, and that seeds give the same and other deals: test_conformance.py.
A game's own deal test stays in its file only where it checks more than this (Baker's Dozen's kings at
the bottom, Athena's rows face down and up in turn).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from helpers import game_engine
from voicegame.engine import Engine, State
from voicegame.games import GAMES

TABLE = json.loads((Path(__file__).parent / "data" / "deals" / "deals.json").read_text())
OTHER_SEEDS = (17, 101)  # the rules hold for any deal; FreeCell's numbers start at 1

Shape = tuple[int | None, int | None]  # (cards, of them face down); None where the rules leave it open


@dataclass(frozen=True)
class Rules:
    """What a game's rules fix about its deal."""

    piles: dict[str, Shape]
    cards: dict[str, str] = field(default_factory=dict)  # exact cards, bottom first
    ranks: dict[str, str] = field(default_factory=dict)  # every card of the pile has this rank ("A")
    every: Shape = (None, None)  # what every pile of the layout shows, named or not
    absent: tuple[str, ...] = ()  # piles the game does not have
    score: int | None = None


def each(prefix: str, shapes: Iterable[Shape]) -> dict[str, Shape]:
    """``prefix1``, ``prefix2``...: one shape each."""
    return {f"{prefix}{n}": shape for n, shape in enumerate(shapes, start=1)}


def same(prefix: str, count: int, shape: Shape) -> dict[str, Shape]:
    """``prefix1`` to ``prefix<count>``, all alike."""
    return each(prefix, [shape] * count)


def grid(rows: int, columns: int, shape: Shape) -> dict[str, Shape]:
    """The places ``r1c1`` to ``r<rows>c<columns>``, all alike."""
    return {f"r{r}c{c}": shape for r in range(1, rows + 1) for c in range(1, columns + 1)}


def pyramid(rows: int, shape_of_row: Callable[[int], Shape]) -> dict[str, Shape]:
    """Row r of a pyramid has r places, ``r<r>c1`` to ``r<r>c<r>``; ``shape_of_row(r)`` for each."""
    return {f"r{r}c{c}": shape_of_row(r) for r in range(1, rows + 1) for c in range(1, r + 1)}


def suits(*codes: str) -> dict[str, str]:
    """The four foundations named by suit, clubs to spades, with these cards."""
    return dict(zip(("clubs", "diamonds", "hearts", "spades"), codes))


def klondike_triangle(prefix: str = "pile") -> dict[str, Shape]:
    return each(prefix, [(n, n - 1) for n in range(1, 8)])


EMPTY: Shape = (0, 0)
ONE: Shape = (1, None)
FACE_UP: Shape = (None, 0)
FOUNDATIONS = ("foundation1", "foundation2", "foundation3", "foundation4")
ACES = suits("AC", "AD", "AH", "AS")
EMPTY_SUITS = {suit: EMPTY for suit in ("clubs", "diamonds", "hearts", "spades")}

RULES: dict[str, Rules] = {
    "accordion": Rules({**grid(5, 9, ONE), **same("r6c", 7, ONE)}),
    "agnes": Rules({**klondike_triangle(), "foundation1": ONE, "stock": (23, None)}),
    "athena": Rules({**same("pile", 7, (4, 2)), "stock": (24, None), "waste": EMPTY}),
    "auld_lang_syne": Rules({**same("reserve", 4, EMPTY), "stock": (48, None)},
                            cards=dict(zip(FOUNDATIONS, ("AC", "AD", "AH", "AS"))), score=4),
    "aunt_mary": Rules({**each("pile", [(6, n) for n in range(6)]), "stock": (16, None)}),
    "backbone": Rules({"stack1": (9, 0), "stack2": (9, 0), "backbone": (1, 0), **same("pile", 8, ONE),
                       "stock": (77, None)}),
    "bakers_dozen": Rules(same("pile", 13, (4, 0))),
    "bakers_game": Rules({**each("column", [(7, None)] * 4 + [(6, None)] * 4), **same("cell", 4, EMPTY), **EMPTY_SUITS},
                         every=FACE_UP),
    "bear_river": Rules({"foundation1": ONE, **each("pile", ([(3, None)] * 5 + [(2, None)]) * 3)}, every=FACE_UP),
    "beleaguered_castle": Rules(same("column", 8, (6, None)), cards=ACES, score=0),
    "block_ten": Rules({**grid(3, 3, ONE), "stock": (43, 43)}),
    "bristol": Rules({**same("pile", 8, (3, None)), "stock": (28, None), **same("reserve", 3, EMPTY)}),
    "camelot": Rules({**grid(4, 4, EMPTY), "stock": (52, None)}),
    "canfield": Rules({"foundation1": ONE, "foundation2": EMPTY, "reserve": (13, 12), **same("pile", 4, ONE),
                       "stock": (34, None), "waste": EMPTY}, score=1),
    "carpet": Rules({**grid(4, 5, (1, 0)), "stock": (28, None), "waste": EMPTY}, cards=ACES, score=0),
    "chessboard": Rules(each("column", [(6, None)] + [(5, None)] * 4 + [(6, None)] + [(5, None)] * 4), every=FACE_UP),
    "clock": Rules({**same("under", 12, (4, 4)), **same("hour", 12, EMPTY), "centre": (4, 3)}),
    "cover": Rules({**same("pile", 4, ONE), "stock": (48, None)}),
    "cruel": Rules(same("pile", 12, (4, None)), cards=ACES, every=FACE_UP, score=0),
    "diamond_mine": Rules({**same("pile", 13, (4, 3)), "foundation": EMPTY}),
    "doublets": Rules({**same("reserve", 7, ONE), "foundation": ONE, "stock": (44, None)}),
    "eagle_wing": Rules({"foundation1": ONE, "reserve": (13, 13), **same("pile", 8, ONE), "stock": (30, None)}),
    "easthaven": Rules({**same("pile", 7, (3, 2)), "stock": (31, None)}),
    "eight_off": Rules({**same("column", 8, (6, None)), **each("cell", [(1, None)] * 4 + [EMPTY] * 4), **EMPTY_SUITS},
                       every=FACE_UP),
    "elevator": Rules({**pyramid(7, lambda r: (1, 0 if r == 7 else 1)), "stock": (24, None), "waste": EMPTY}),
    "escalator": Rules({**pyramid(7, lambda r: (1, 0)), "stock": (24, None), "waste": EMPTY}),
    "first_law": Rules({"stock": (52, None), **same("pile", 4, EMPTY)}),
    "fortress": Rules(each("column", [(6, None)] + [(5, None)] * 4 + [(6, None)] + [(5, None)] * 4), every=FACE_UP),
    "fortunes": Rules({**same("pile", 4, ONE), "stock": (48, None)}),
    "forty_thieves": Rules({**same("pile", 10, (4, 0)), "stock": (64, None), "waste": EMPTY,
                            **same("foundation", 8, (None, None))}, absent=("foundation9",)),
    "fourteen": Rules(each("pile", [(5, 0)] * 4 + [(4, 0)] * 8)),
    "freecell": Rules(each("column", [(7, None)] * 4 + [(6, None)] * 4), every=FACE_UP, absent=("stock", "waste")),
    "gaps": Rules({"aces": (4, None)}),
    "gay_gordons": Rules({"reserve": (2, 0), **same("pile", 10, (5, 0))}),
    "giant": Rules({**same("pile", 8, (1, 0)), "stock": (96, None), "reserve": EMPTY}),
    "glenwood": Rules({**same("reserve", 4, (3, 0)), **same("pile", 4, ONE), "stock": (36, None),
                       **same("foundation", 4, EMPTY)}),
    "gold_mine": Rules({"stock": (52, None), **same("pile", 7, EMPTY)}),
    "golf": Rules({**same("column", 7, (5, 0)), "stock": (17, None), "waste": EMPTY}),
    "gypsy": Rules({**same("pile", 8, (3, 2)), "stock": (80, None)}),
    "helsinki": Rules({**same("pile", 10, ONE), "stock": (42, 42)}),
    "hopscotch": Rules({"stock": (48, 48), "waste": EMPTY, **same("reserve", 4, EMPTY)},
                       cards=dict(zip(FOUNDATIONS, ("AC", "2C", "3C", "4C"))), score=0),
    "isabel": Rules(same("pile", 13, (4, 3))),
    "jamestown": Rules({**grid(3, 3, ONE), "stock": (43, 43)}),
    "jumbo": Rules({**each("pile", [(n, n - 1) for n in range(9, 0, -1)]), "stock": (59, None)}),
    "kansas": Rules({"foundation1": ONE, "reserve": (12, 11), **same("pile", 3, ONE), "stock": (36, None)}, score=1),
    "king_albert": Rules({**each("pile", [(10 - n, 9 - n) for n in range(1, 10)]), **same("reserve", 7, ONE)},
                         absent=("stock",)),
    "kings_audience": Rules({**same("reserve", 16, ONE), "stock": (36, None)}),
    "klondike": Rules({**klondike_triangle(), "stock": (24, 24)}),
    "labyrinth": Rules({**same("pile", 8, ONE), **same("bottom", 8, EMPTY), "stock": (40, None)}, cards=ACES),
    "lady_jane": Rules({**klondike_triangle(), **same("reserve", 7, ONE), "foundation1": ONE, "stock": (16, None)}),
    "maze": Rules({"kings": (4, None), **grid(6, 8, ONE), **{f"r{r}c9": EMPTY for r in range(1, 7)}},
                  ranks={"kings": "K"}),
    "monte_carlo": Rules({**grid(5, 5, ONE), "stock": (27, None)}),
    "napoleons_tomb": Rules({"stock": (52, None)}),
    "neighbor": Rules({**grid(5, 5, ONE), "stock": (27, None)}),
    "odessa": Rules(each("pile", [(6 if n in (1, 7) else 8, 3) for n in range(1, 8)]), absent=("stock",)),
    "osmosis": Rules({**same("reserve", 4, (4, 3)), "foundation1": ONE, "stock": (35, None)}),
    "pileon": Rules({**same("pile", 13, (4, 0)), "pile14": EMPTY, "pile15": EMPTY}),
    "peek": Rules({**same("reserve", 4, (4, 0)), "foundation1": ONE, "stock": (35, None)}),  # Osmosis face up
    "plait": Rules({"plait": (20, None), "foundation1": ONE, **same("edge", 4, ONE), **same("field", 8, ONE),
                    "stock": (71, None)}),
    "poker": Rules({"stock": (52, None)}),
    "quatorze": Rules({**grid(5, 5, ONE), "stock": (27, None)}),
    "royal_east": Rules({"foundation1": ONE, **same("pile", 5, ONE), "stock": (46, None)}),
    "royal_parade": Rules({**grid(4, 8, (1, 0)), "stock": (72, 72)}),
    "saratoga": Rules({**each("pile", [(n, 0) for n in range(1, 8)]), "stock": (24, None)}),
    "scorpion": Rules({**each("column", [(7, 3 if n <= 4 else 0) for n in range(1, 8)]), "stock": (3, None)}),
    "scuffle": Rules({**same("reserve", 4, EMPTY), "stock": (48, None)},  # Auld Lang Syne's deal
                     cards=dict(zip(FOUNDATIONS, ("AC", "AD", "AH", "AS")))),
    "seahaven": Rules({**same("column", 10, (5, None)), **each("cell", [EMPTY, ONE, ONE, EMPTY]), **EMPTY_SUITS},
                      every=FACE_UP),
    "sir_tommy": Rules({"stock": (52, 52)}),
    "spider": Rules({**each("column", [(6, 5) if n in (1, 4, 7, 10) else (5, 4) for n in range(1, 11)]),
                     "stock": (50, None)}),
    "spider_three_decks": Rules({**each("column", [(5, 4)] * 6 + [(4, 3)] * 6), "stock": (102, None),
                                 **same("foundation", 12, (None, None))}),
    "spiderette": Rules({**klondike_triangle("column"), "stock": (24, None)}),
    "straight_up": Rules({"reserve": (13, 12), **same("pile", 4, ONE), "stock": (31, None)},
                         cards=suits("2C", "2D", "2H", "2S"), score=0),
    "streets_and_alleys": Rules({**each("column", [(7, None)] * 4 + [(6, None)] * 4), **EMPTY_SUITS}, every=FACE_UP),
    "ten_across": Rules({**each("column", [(5, down) for down in (0, 1, 2, 3, 4, 4, 3, 2, 1, 0)]),
                         "spot1": ONE, "spot2": ONE}),
    "terrace": Rules({"reserve": (11, 0), **each("pile", [ONE] * 4 + [EMPTY] * 5), "waste": ONE, "stock": (88, None)}),
    "thieves": Rules({**same("column", 7, (5, 0)), "stock": (19, None), "waste": EMPTY}),
    "thirteen": Rules({**pyramid(7, lambda r: (1, 0 if r == 7 else 1)), "stock": (24, 24)}),
    "thumb_and_pouch": Rules({**klondike_triangle(), "stock": (24, None)}),
    "treize": Rules({**pyramid(7, lambda r: ONE), "stock": (24, 24)}),
    "triple_peaks": Rules({**each("r1c", [(1, 1)] * 3), **each("r2c", [(1, 1)] * 6), **each("r3c", [(1, 1)] * 9),
                           **each("r4c", [(1, 0)] * 10), "stock": (23, None), "waste": ONE}, score=0),
    "union_square": Rules({**same("pile", 16, ONE), "stock": (88, None)}),
    "valentine": Rules({**same("pile", 4, ONE), "stock": (48, None), "waste": EMPTY}),
    "westhaven": Rules({**same("pile", 10, (3, 2)), "stock": (22, None)}),
    "whitehead": Rules(each("pile", [(n, 0) for n in range(1, 8)])),
    "will_o_the_wisp": Rules({**same("column", 7, (3, 2)), "stock": (31, None)}),
    "yield": Rules({**{f"r{r}c{c}": (1, 0) for r in range(1, 8) for c in range(1, 9 - r)}, "stock": (24, None)},
                   absent=("r1c8", "r7c2")),
    "yukon": Rules(each("pile", [(n - 1 + (1 if n == 1 else 5), n - 1) for n in range(1, 8)]), absent=("stock", "waste"),
                   score=0),
    "zebra": Rules({**same("foundation", 8, ONE), **same("pile", 8, (1, 0)), "stock": (88, None)},
                   ranks={f"foundation{n}": "A" for n in range(1, 9)}, score=0),
}


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


def rule_cases() -> list[object]:
    return [pytest.param(key, seed, id=f"{key}-{seed}")
            for key in sorted(RULES) for seed in (TABLE[key]["seed"], *OTHER_SEEDS)]


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


def test_every_game_of_the_registry_is_in_the_table_and_the_rules_name_games_that_exist() -> None:
    keys = {entry.key for entry in GAMES}
    assert set(TABLE) == keys
    assert set(RULES) <= keys
