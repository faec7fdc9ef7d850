"""Plait, as AisleRiot plays it.

Two decks. The plait, twenty cards in the middle, only its top card movable; four edges around
it, one card each, refilled at once from the plait; eight fields either side, one card each; eight
foundations; a stock turned one card at a time onto the waste, with two redeals. One card is dealt
to the first foundation: its rank is the base, and every foundation starts with that rank. All
eight build the same way, up or down, as the player chooses at the start. Cards come from the
plait's top, the edges, the fields and the waste's top. All 104 cards on the foundations wins.

Decisions where AisleRiot's manual is unclear (see GAMES.md, "Plait"):

- The choice of direction is a game option, ``direction`` ``up`` (the default) or ``down``
  (``--direction down``, or "new game" after changing it).
- Foundations build in suit, round the corner (king to ace going up, ace to king going down),
  thirteen cards each.
- The deal: twenty cards face up on the plait, one on each edge and one on each field, one on
  the first foundation; the other 71 are the stock.
- Only the fields take cards from the player: one card, from the waste,
  the plait, an edge or another field. An edge is refilled only from the plait, and stays empty
  once the plait is used up.
- By voice the edges are "reserve one" to "reserve four" (or "edge one"...), the fields "pile one"
  to "pile eight" (or "field one"...).
- Cards on the foundations stay there.
- Score: one point per card on the foundations, the base card included, out of 104 (the manual
  keeps no score; the number says how far the game went).
- No moves left: the stock is used up and no card can go to a foundation or an empty field.
"""

from __future__ import annotations

from voicegame.engine import (
    EMPTY_ANY, TOP_CARD, Accepts, DealSpec, Direction, DrawToWaste, GameDef, PileKind, PileSpec, Refill, Sequence, SuitRule,
)
from voicegame.games.deal_rules import ONE, DealRules, same
from voicegame.games.entry import GameEntry, Option
from voicegame.games.parts import STOCK, WASTE, numbered_foundation
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("plait")
"""How Plait and its piles are said (grammars/en/games/plait.toml)."""

PLAIT = PileSpec("plait", PileKind.RESERVE, WORDS.names("plait"), takes=TOP_CARD)
FIELD_SOURCES = frozenset({PileKind.WASTE, PileKind.RESERVE, PileKind.TABLEAU})


def edge(n: int) -> PileSpec:
    return PileSpec(f"edge{n}", PileKind.RESERVE, WORDS.names("edge", n), takes=TOP_CARD, number=n, group="edges")


def field(n: int) -> PileSpec:
    return PileSpec(f"field{n}", PileKind.TABLEAU, WORDS.names("field", n),
                    accepts=Accepts(build=None, empty=EMPTY_ANY, single=True, sources=FIELD_SOURCES), takes=TOP_CARD,
                    number=n, group="fields")


def foundation(n: int, build: Sequence) -> PileSpec:
    return numbered_foundation(n, Accepts(build=build, empty=EMPTY_ANY, single=True, base_from="foundation1", max_cards=13))


def plait(direction: str = "up") -> GameDef:
    """Plait: foundations built ``direction`` "up" or "down" in suit from the base card."""
    build = Sequence(Direction.UP if direction == "up" else Direction.DOWN, SuitRule.SAME, wrap=True)
    return GameDef(
        key="plait",
        title=WORDS.title if direction == "up" else "Plait, building down",
        piles=(STOCK, WASTE, PLAIT, *(edge(n) for n in range(1, 5)), *(field(n) for n in range(1, 9)),
               *(foundation(n, build) for n in range(1, 9))),
        layout_deal=(DealSpec("plait", up=20), *(DealSpec(f"edge{n}") for n in range(1, 5)),
                     *(DealSpec(f"field{n}") for n in range(1, 9)), DealSpec("foundation1")),
        deal_by_rows=False,
        decks=2,
        stock_rule=DrawToWaste(draw=1, redeals=2),
        max_score=104,
        refill=Refill(group="edges", source="plait"),
        help_key="help_plait",
        options={"direction": direction},
        group_names={"edges": WORDS.names("edges_group"), "fields": WORDS.names("fields_group"), "foundations": WORDS.names("foundations_group")},
    )


ENTRY = GameEntry.from_words(
    key="plait",
    factory=plait,
    options=(Option("direction", str, "up", ("up", "down"), "foundations build up or down from the base card"),),
    search=Search.HOME_FIRST,
    deal=DealRules({"plait": (20, None), "foundation1": ONE, **same("edge", 4, ONE), **same("field", 8, ONE),
                    "stock": (71, None)}),
)
