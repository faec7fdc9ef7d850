"""Odessa, as AisleRiot plays it.

Seven piles: three rows dealt face down, then three rows face up, then two more
face-up rows on the middle five piles (piles one and seven hold six cards, piles
two to six eight). Build down in suit. Any face-up card moves with everything on
it, in order or not (the Yukon rule), as long as that card fits where it goes; an
empty pile takes only a king (with whatever lies on it). Four foundations build
up in suit from the ace; cards there are out of play. "Groups of cards in sequence
can be moved into an appropriate and receptive Foundation pile": a run going down in
suit goes home in one move, its top card first ("pile three to hearts"). There is
no stock.

Scoring (the manual's; tableau points kept in ``State.counters``): at the deal,
one point per face-up card lying in a run going down in suit (two cards or more);
each move within the tableau scores one point per card in the run it creates (the
longest run going down in suit, through face-up cards, that holds the two cards
the move put together); one point per card on the foundations. The best game
builds every suit one card at a time from its king and scores 4 x (2 + ... + 13)
+ 52 = 412, the manual's maximum.

Decisions where AisleRiot's manual is silent or unclear:

- A group sent home scores a point per card, as if its cards went up one at a time.
- Cards in the deal's runs count only when face up (face-down cards are unseen).
- A king (or king-headed group) moved to an empty pile joins nothing and scores nothing.
- Each foundation belongs to one suit, so it can be named ("hearts").
"""

from __future__ import annotations

from voicegame.engine.cards import Rank, Suit
from voicegame.engine import (
    Accepts,
    DealSpec,
    Empty,
    Event,
    GameDef,
    Move,
    MoveKind,
    Pile,
    PileKind,
    PileSpec,
    State,
    Takes,
)
from voicegame.engine.game import foundation_cards
from voicegame.games.deal_rules import DealRules, each
from voicegame.games.parts import DOWN_IN_SUIT, runs_home, suit_foundation, tableau_pile
from voicegame.games.entry import GameEntry
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("odessa")
"""How Odessa and its piles are said (grammars/en/games/odessa.toml)."""

PILES_AT = range(1, 8)
MAX_SCORE = 4 * sum(range(2, 14)) + 52


def pile(n: int) -> PileSpec:
    """Any face-up card moves with everything on it (the Yukon rule): runs with no sequence rule."""
    return tableau_pile(n, Accepts(build=DOWN_IN_SUIT, empty=Empty(rank=Rank.KING)), Takes(runs=True, sequence=None),
                        id_prefix="pile", noun="pile", auto_turn=True)


def run_through(pile: Pile, join: int) -> int:
    """How many face-up cards of ``pile`` form the run going down in suit that holds cards ``join - 1``
    and ``join`` (0 when those two do not follow each other)."""
    cards, first = pile.cards, pile.down
    if join <= first or join >= len(cards) or not DOWN_IN_SUIT.follows(cards[join - 1], cards[join]):
        return 0
    low, high = join - 1, join
    while low > first and DOWN_IN_SUIT.follows(cards[low - 1], cards[low]):
        low -= 1
    while high + 1 < len(cards) and DOWN_IN_SUIT.follows(cards[high], cards[high + 1]):
        high += 1
    return high - low + 1


def dealt_runs(pile: Pile) -> int:
    """Face-up cards lying in runs going down in suit of two cards or more."""
    up, counted = pile.face_up, 0
    for i, card in enumerate(up):
        if (i > 0 and DOWN_IN_SUIT.follows(up[i - 1], card)) or (i + 1 < len(up) and DOWN_IN_SUIT.follows(card, up[i + 1])):
            counted += 1
    return counted


def score(game: GameDef, state: State) -> int:
    return (state.counters[0] if state.counters else 0) + foundation_cards(game, state)


def score_the_deal(game: GameDef, dealt: State, seed: int) -> State:
    points = sum(dealt_runs(dealt.piles[i]) for i in game.indices(PileKind.TABLEAU))
    return State(dealt.piles, dealt.redeals, (points,))


def score_the_move(game: GameDef, before: State, move: Move, after: State, events: list[Event]) -> State:
    """A move within the tableau scores the run it makes."""
    if move.kind is not MoveKind.MOVE or game.piles[move.dst].kind is not PileKind.TABLEAU:
        return after
    if game.piles[move.src].kind is not PileKind.TABLEAU:
        return after
    target = after.piles[move.dst]
    points = run_through(target, len(target.cards) - move.count)
    if not points:
        return after
    return State(after.piles, after.redeals, ((before.counters[0] if before.counters else 0) + points,))


def odessa() -> GameDef:
    """Odessa (no options)."""
    return GameDef(
        key="odessa",
        title=WORDS.title,
        piles=(*(runs_home(suit_foundation(s, playback=False)) for s in Suit), *(pile(n) for n in PILES_AT)),
        layout_deal=tuple(DealSpec(f"pile{n}", down=3, up=3 if n in (1, 7) else 5) for n in PILES_AT),
        score=score,
        max_score=MAX_SCORE,
        settle=score_the_move,
        after_deal=score_the_deal,
        help_key="help_odessa",
    )


ENTRY = GameEntry.from_words(
    key="odessa",
    factory=odessa,
    search=Search.GENERIC,
    deal=DealRules(each("pile", [(6 if n in (1, 7) else 8, 3) for n in range(1, 8)]), absent=("stock",)),
)
