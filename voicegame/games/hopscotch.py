"""Hopscotch (a Calculation game), as AisleRiot plays it.

The ace, two, three and four of clubs start the four foundations; the other 48
cards are the stock. Foundation n builds up by steps of n whatever the suits,
going on past the king as if the ace followed it: foundation one A 2 3 .. K,
two 2 4 6 8 10 Q A 3 5 7 9 J K, three 3 6 9 Q 2 5 8 J A 4 7 10 K, four 4 8 Q 3
7 J 2 6 10 A 5 9 K. The stock turns one card at a time onto the waste, and that
card must be played before the next: onto a foundation or onto any of four
reserves (AisleRiot's "waste piles"). A reserve's top card may go only to a
foundation. All 52 cards on the foundations wins.

Decisions where AisleRiot's manual is silent (see GAMES.md, Hopscotch):

- One pass through the stock, no redeal (the manual states none).
- "Played at once" means the stock will not turn while a card is on the waste; in
  the meantime reserve cards may still go to the foundations (that can only open
  a foundation for the waste card), and the waste card can always go to a reserve.
- A reserve takes any card, from the waste only, however many cards it holds;
  reserves are never built onto each other, and only their top card plays.
- A foundation is complete at its king (its thirteenth card) and takes nothing
  more: wrapping on to another ace would leave another foundation short.
- Foundation cards are out of play; the four starting clubs are fixed.
- Score: one point per card played to the foundations, not counting the four
  starting cards, so 48 at most (the original help's maximum).
- No moves left: the stock and waste are empty and no reserve's top card fits a
  foundation (the engine's ``is_stuck``; it uses nothing the player cannot see).
"""

from __future__ import annotations

from voicegame.engine.cards import Card, Rank, Suit, seeded_deck
from voicegame.engine import (
    EMPTY_ANY,
    EMPTY_NONE,
    TOP_CARD,
    Accepts,
    DealSpec,
    Direction,
    DrawToWaste,
    GameDef,
    PileKind,
    PileSpec,
    Sequence,
    State,
    SuitRule,
)
from voicegame.games.deal_rules import EMPTY, FOUNDATIONS, DealRules, same
from voicegame.games.parts import STOCK, numbered_foundation
from voicegame.games.entry import GameEntry
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("hopscotch")
"""How Hopscotch and its piles are said (grammars/en/games/hopscotch.toml)."""

SLOTS = range(1, 5)
BASES = tuple(Card(Rank(n), Suit.CLUBS) for n in SLOTS)
ANY_CARD = Sequence(Direction.ANY_RANK, SuitRule.ANY)


def step_of(n: int) -> Sequence:
    """Foundation ``n``'s rule: up by ``n`` in any suit, ace after king, complete at the king."""
    return Sequence(Direction.UP, SuitRule.ANY, step=n, wrap=True, closed=frozenset({int(Rank.KING)}))


def foundation(n: int) -> PileSpec:
    return numbered_foundation(n, Accepts(build=step_of(n), empty=EMPTY_NONE, single=True, sources=frozenset({PileKind.WASTE, PileKind.RESERVE})),
                               names=WORDS.names("foundation", n, base=Rank(n).spoken))


def reserve(n: int) -> PileSpec:
    return PileSpec(
        id=f"reserve{n}",
        kind=PileKind.RESERVE,
        names=WORDS.names("reserve", n),
        accepts=Accepts(build=ANY_CARD, empty=EMPTY_ANY, single=True, sources=frozenset({PileKind.WASTE})),
        takes=TOP_CARD,
        group="reserves",
    )


WASTE = PileSpec("waste", PileKind.WASTE, WORDS.names("waste"), takes=TOP_CARD)
PILES = (STOCK, WASTE, *(foundation(n) for n in SLOTS), *(reserve(n) for n in SLOTS))


def shuffle(seed: int) -> list[Card]:
    """The four club bases first (one to each foundation), then the other 48 in seeded order."""
    return [*BASES, *(c for c in seeded_deck(seed) if c not in BASES)]


def score(game: GameDef, state: State) -> int:
    return sum(len(state.piles[i].cards) for i in game.indices(PileKind.FOUNDATION)) - len(BASES)


def hopscotch() -> GameDef:
    """Hopscotch (no options): one pass, one card at a time."""
    return GameDef(
        key="hopscotch",
        title=WORDS.title,
        piles=PILES,
        layout_deal=tuple(DealSpec(f"foundation{n}") for n in SLOTS),
        deal_by_rows=False,
        stock_rule=DrawToWaste(draw=1, redeals=0, waste_limit=1),
        shuffle=shuffle,
        score=score,
        max_score=48,
        help_key="help_hopscotch",
    )


ENTRY = GameEntry.from_words(
    key="hopscotch",
    factory=hopscotch,
    search=Search.GENERIC,
    deal=DealRules({"stock": (48, 48), "waste": EMPTY, **same("reserve", 4, EMPTY)},
                   cards=dict(zip(FOUNDATIONS, ("AC", "2C", "3C", "4C"))), score=0),
)
