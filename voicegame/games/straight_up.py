"""Straight Up, as AisleRiot plays it.

The four twos start the four foundations, which build up in suit from the two to
the king and finish with the ace; cards there are out of play. Thirteen cards form
the reserve (only its top card in play); four piles get one card each; the other
thirty-one are the stock, turned one at a time onto the waste, with two redeals.
The piles build down in suit, and runs move together; aces are high here (the
foundations go "from twos to aces"), so a king goes on an ace and nothing on a two. A gap is filled at once from
the reserve; once the reserve is used up, a gap may be filled with the waste's top
card, when you like.

Decisions where AisleRiot's manual is silent or unclear:

- "Two redeals": the waste is turned back over into the stock (in order) twice, so
  the stock is gone through three times.
- The reserve's twelve lower cards are face down (as Canfield's are); only the top
  one is face up and in play.
- Once the reserve is empty a gap takes only the waste's top card (the manual names
  no other source).
- Each foundation belongs to the suit of its two, so it can be named ("hearts").
- Score: one point per card moved to the foundations (the twos are dealt), 48 at most.
"""

from __future__ import annotations

from voicegame.engine import EMPTY_NONE, TOP_CARD, Accepts, DealSpec, Direction, DrawToWaste, GameDef, PileKind, PileSpec, Refill, Sequence, State, SuitRule, Takes
from voicegame.engine.cards import Card, Rank, Suit, seeded_deck
from voicegame.games.deal_rules import ONE, DealRules, same, suits
from voicegame.games.parts import STOCK, WASTE, suit_foundation, tableau_pile
from voicegame.games.entry import GameEntry
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("straight_up")
"""How Straight Up and its piles are said (grammars/en/games/straight_up.toml)."""

TWO_TO_ACE = Sequence(Direction.UP, SuitRule.SAME, wrap=True)  # ... queen, king, ace
ACE_TO_TWO = Sequence(Direction.DOWN, SuitRule.SAME, wrap=True, closed=frozenset({int(Rank.TWO)}))
"""The piles: down in suit from the ace (high) to the two; a king goes on an ace, nothing on a two."""
SLOTS = range(1, 5)


def foundation(suit: Suit) -> PileSpec:
    """A suit's foundation: its two is dealt, then three to king, then the ace; one card at a time."""
    return suit_foundation(suit, playback=False, accepts=Accepts(build=TWO_TO_ACE, empty=EMPTY_NONE, suit=suit, single=True))


def pile(n: int) -> PileSpec:
    """Builds down in suit, runs move; a gap takes only the waste's top card (the reserve fills it first)."""
    return tableau_pile(n, Accepts(build=ACE_TO_TWO, empty_from=frozenset({PileKind.WASTE})), Takes(runs=True, sequence=ACE_TO_TWO),
                        id_prefix="pile", noun="pile")


RESERVE = PileSpec("reserve", PileKind.RESERVE, WORDS.names("reserve"), takes=TOP_CARD, auto_turn=True)


def twos_first(seed: int) -> list[Card]:
    """The deal order: the four twos (one to each foundation, in suit order), then the other cards shuffled."""
    return [Card(Rank.TWO, suit) for suit in Suit] + [card for card in seeded_deck(seed) if card.rank != Rank.TWO]


def score(game: GameDef, state: State) -> int:
    """Cards moved to the foundations: every card there but the dealt twos."""
    return sum(1 for i in game.indices(PileKind.FOUNDATION) for card in state.piles[i].cards if card.rank != Rank.TWO)


def straight_up() -> GameDef:
    """Straight Up (no options): draw one, two redeals."""
    return GameDef(
        key="straight_up",
        title=WORDS.title,
        piles=(STOCK, WASTE, RESERVE, *(foundation(s) for s in Suit), *(pile(n) for n in SLOTS)),
        layout_deal=(*(DealSpec(s.value) for s in Suit), DealSpec("reserve", down=12, up=1), *(DealSpec(f"pile{n}") for n in SLOTS)),
        deal_by_rows=False,
        shuffle=twos_first,
        stock_rule=DrawToWaste(draw=1, redeals=2),
        refill=Refill(group="tableau", source="reserve"),
        score=score,
        max_score=48,
        help_key="help_straight_up",
    )


ENTRY = GameEntry.from_words(
    key="straight_up",
    factory=straight_up,
    search=Search.GENERIC,
    deal=DealRules({"reserve": (13, 12), **same("pile", 4, ONE), "stock": (31, None)},
                   cards=suits("2C", "2D", "2H", "2S"), score=0),
)
