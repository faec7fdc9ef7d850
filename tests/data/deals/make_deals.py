"""Writes deals.json next to this file: how every game of the registry deals, as the code deals it now.

For each game (default options), one seed: each pile id -> [cards, of them face down], the score of the
deal, and the exact cards of the piles whose cards a game's rules fix (the aces set out on the
foundations, Maze's kings aside). tests/test_deals.py checks every deal against this table, and
separately against what each game's rules say, written there by hand.

Regenerate after a change that is meant to change a deal, and read the difference before committing it:

    cd <checkout> && PYTHONPATH=. python tests/data/deals/make_deals.py && git diff tests/data/deals
"""

from __future__ import annotations

import json
from pathlib import Path

from voicegame.engine import Engine
from voicegame.games import GAMES

TABLE = Path(__file__).with_name("deals.json")

# The seed each game is dealt with: the one its own deal test used before the table (1 otherwise).
SEEDS = {
    "accordion": 4, "agnes": 3, "athena": 3, "aunt_mary": 2, "backbone": 3, "bakers_dozen": 3, "bakers_game": 3,
    "bear_river": 4, "bristol": 3, "canfield": 3, "chessboard": 2, "cover": 5, "cruel": 3, "diamond_mine": 3,
    "eagle_wing": 3, "easthaven": 3, "eight_off": 3, "fortress": 2, "fortunes": 5, "forty_thieves": 3,
    "freecell": 11982, "giant": 3, "glenwood": 3, "gold_mine": 4, "golf": 4, "gypsy": 3, "jumbo": 2, "kansas": 5,
    "king_albert": 3, "klondike": 11, "lady_jane": 3, "odessa": 3, "royal_east": 3, "royal_parade": 8,
    "saratoga": 4, "scorpion": 7, "seahaven": 3, "spider": 3, "spider_three_decks": 6, "spiderette": 6,
    "streets_and_alleys": 4, "ten_across": 7, "terrace": 4, "thieves": 4, "thumb_and_pouch": 4, "triple_peaks": 5,
    "union_square": 3, "westhaven": 4, "whitehead": 4, "will_o_the_wisp": 6, "yukon": 3, "zebra": 7,
}

SUITS = ("clubs", "diamonds", "hearts", "spades")
FOUNDATIONS = tuple(f"foundation{n}" for n in range(1, 5))

# The piles whose exact cards a game's rules fix at the deal.
EXACT = {
    "auld_lang_syne": FOUNDATIONS, "beleaguered_castle": SUITS, "carpet": SUITS, "cruel": SUITS, "gaps": ("aces",),
    "hopscotch": FOUNDATIONS, "labyrinth": SUITS, "maze": ("kings",), "straight_up": SUITS,
    "zebra": tuple(f"foundation{n}" for n in range(1, 9)),
}


def dealt(key: str) -> dict[str, object]:
    """One game's row of the table."""
    entry = next(e for e in GAMES if e.key == key)
    engine = Engine(entry.make())
    seed = SEEDS.get(key, 1)
    state = engine.deal(seed)
    piles = {spec.id: [len(pile.cards), pile.down_count] for spec, pile in zip(engine.specs, state.piles)}
    cards = {pile_id: " ".join(card.code for card in state.piles[engine.layout.index[pile_id]].cards)
             for pile_id in EXACT.get(key, ())}
    return {"seed": seed, "score": engine.score(state), "piles": piles, "cards": cards}


def main() -> None:
    rows = [f"  {json.dumps(entry.key)}: {json.dumps(dealt(entry.key))}" for entry in sorted(GAMES, key=lambda e: e.key)]
    TABLE.write_text("{\n" + ",\n".join(rows) + "\n}\n")
    print(f"{TABLE}: {len(rows)} games")


if __name__ == "__main__":
    main()
