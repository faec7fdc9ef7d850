"""Terrace, as AisleRiot's manual describes it, with the manual's other ways to play as presets.

Two decks. Eleven cards form the reserve, all face up and readable, but only its top card is in
play, and only onto the foundations. Four cards are offered on the first four piles: the first
move puts one of them on foundation one, and its rank is the base rank of all eight foundations.
Then every empty pile of the nine gets a card from the stock. The foundations build up in
alternating colours from the base rank, round the corner (king to ace); cards there are out of
play. The piles build down in alternating colours, round the corner too, one card at a time; an
empty pile takes only the waste's top card. The stock is turned one card at a time onto the waste
and cannot be turned again; an empty waste takes the stock's next card at once. While any pile
is empty only one card may be turned, until the gaps are filled or the waste's top card is played.

Presets (``variant``), the manual's "ways to play":

- ``terrace``: as above (reserve 11, nine piles, base chosen from four).
- ``falling_stars``: reserve 11, nine piles; the base is dealt (the first card, to foundation one).
- ``signora``: as Falling Stars, and a gap is filled at once from the waste, or from the stock
  when the waste is empty.
- ``redheads``: reserve 21, eight piles, the base dealt; a gap is filled at once from the reserve,
  and once the reserve is empty a gap takes any card.
- ``blondes_and_brunettes``: reserve 10, eight piles, the base dealt.
- ``wood``: reserve 10, nine piles, the base dealt.

Decisions where the manual is silent or unclear (see GAMES.md):

- Two decks: stated only in AisleRiot's own help (eight foundations need them).
- The four cards offered for the base are dealt on piles one to four; the three not chosen stay
  there as those piles' cards, and the chosen one's pile and piles five to nine get a card each
  from the stock ("nine cards dealt face up once the base card is selected"). Until the base is
  chosen nothing else moves and the stock does not turn.
- "The top card in Waste or the next card from the Stock" fills a gap: the next stock card is
  turned onto the waste (the one turn the lock allows) and played from there.
- The lock: the one card allowed while a pile is empty is counted from the last time a card left
  the waste or the gaps were filled; the card that turns up by itself onto an emptied waste is
  not that one card.
- The foundations build round the corner from the base rank: thirteen cards, base rank to the
  rank below it.
- General Patience (in suit, reserve 13, one turn of the stock on which every card turned must be
  played at once or the game is lost) is not offered: the engine has no rule for a turn that loses
  the game.
- Score: one point per card on the foundations; 104 at most.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from voicegame.engine import (EMPTY_ANY, TOP_CARD, Accepts, DealSpec, Direction, DrawToWaste, GameDef, Phase, PileKind,
                              PileSpec, Refill, Sequence, SuitRule)
from voicegame.engine.locking import StockLock
from voicegame.engine.opening import EachSettle, OpeningFill, RefillAfter, Settle
from voicegame.engine.safety import CoveredHome
from voicegame.games.deal_rules import EMPTY, ONE, DealRules, each
from voicegame.games.parts import STOCK, WASTE, numbered_foundation, tableau_pile
from voicegame.games.entry import GameEntry, Option
from voicegame.games.search import Search
from voicegame.games.words import game_words

WORDS = game_words("terrace")
"""How Terrace and its piles are said (grammars/en/games/terrace.toml)."""

DOWN_ALTERNATE = Sequence(Direction.DOWN, SuitRule.ALTERNATE, wrap=True)
UP_ALTERNATE = Sequence(Direction.UP, SuitRule.ALTERNATE, wrap=True)
BASE = "foundation1"
CHOSEN = Phase(BASE)  # "while foundation one holds cards": once the base is chosen
OFFERED = 4
TABLE_SOURCES = frozenset({PileKind.TABLEAU, PileKind.WASTE})


@dataclass(frozen=True)
class Preset:
    title: str
    reserve: int
    piles: int
    chosen_base: bool
    gaps: str = ""  # "waste": filled at once from the waste, then the stock; "reserve": from the reserve
    help_key: str = "help_terrace_dealt"


PRESETS = {
    "terrace": Preset("Terrace", 11, 9, True, help_key="help_terrace"),
    "falling_stars": Preset("Terrace, Falling Stars", 11, 9, False),
    "signora": Preset("Terrace, Signora", 11, 9, False, gaps="waste", help_key="help_terrace_signora"),
    "redheads": Preset("Terrace, Redheads", 21, 8, False, gaps="reserve", help_key="help_terrace_redheads"),
    "blondes_and_brunettes": Preset("Terrace, Blondes and Brunettes", 10, 8, False),
    "wood": Preset("Terrace, Wood", 10, 9, False),
}

TERRACE_WASTE = replace(WASTE, group="waste")
RESERVE = PileSpec("reserve", PileKind.RESERVE, WORDS.names("reserve"), takes=TOP_CARD)


def foundation(n: int, chosen_base: bool) -> PileSpec:
    if n == 1:
        accepts = Accepts(build=UP_ALTERNATE, empty=EMPTY_ANY, single=True,
                          empty_from=frozenset({PileKind.TABLEAU}) if chosen_base else None)
    else:
        accepts = Accepts(build=UP_ALTERNATE, empty=EMPTY_ANY, single=True, base_from=BASE, phase=CHOSEN if chosen_base else None)
    return numbered_foundation(n, accepts)


def pile(n: int, preset: Preset) -> PileSpec:
    accepts = Accepts(build=DOWN_ALTERNATE, sources=TABLE_SOURCES, phase=CHOSEN if preset.chosen_base else None,
                      empty_from=None if preset.gaps == "reserve" else frozenset({PileKind.WASTE}))
    return tableau_pile(n, accepts, TOP_CARD, id_prefix="pile", noun="pile")


def terrace(variant: str = "terrace") -> GameDef:
    """Terrace; ``variant``: one of :data:`PRESETS` (the manual's ways to play)."""
    if variant not in PRESETS:
        raise ValueError("variant must be one of " + ", ".join(PRESETS))
    preset = PRESETS[variant]
    piles = range(1, preset.piles + 1)
    if preset.chosen_base:
        deal = (DealSpec("reserve", up=preset.reserve), *(DealSpec(f"pile{n}") for n in range(1, OFFERED + 1)), DealSpec("waste"))
    else:
        deal = (DealSpec(BASE), DealSpec("reserve", up=preset.reserve), *(DealSpec(f"pile{n}") for n in piles), DealSpec("waste"))
    lock = StockLock(DrawToWaste(draw=1, redeals=0), group="tableau", phase=CHOSEN if preset.chosen_base else None)
    hooks: tuple[Settle, ...] = (RefillAfter(Refill(group="waste", source="stock", keep_down=True)), lock)
    if preset.chosen_base:
        hooks = (OpeningFill(BASE, "tableau", "stock"), *hooks)
    gaps = {"waste": Refill(group="tableau", source="waste", keep_down=True, fallback="stock"),
            "reserve": Refill(group="tableau", source="reserve")}.get(preset.gaps)
    return GameDef(
        key="terrace",
        title=preset.title,
        piles=(STOCK, TERRACE_WASTE, RESERVE, *(foundation(n, preset.chosen_base) for n in range(1, 9)),
               *(pile(n, preset) for n in piles)),
        layout_deal=deal,
        deal_by_rows=False,
        decks=2,
        stock_rule=lock,
        refill=gaps,
        settle=EachSettle(hooks),
        max_score=104,
        safe_to_foundation=CoveredHome(SuitRule.ALTERNATE, wrap=True),
        help_key=preset.help_key,
        options={"variant": variant},
    )


ENTRY = GameEntry.from_words(
    key="terrace",
    factory=terrace,
    options=(Option("variant", str, "terrace", tuple(PRESETS), "the way to play: the reserve's size, the piles, how the base is set and gaps filled"),),
    search=Search.LOCKED_STOCK,
    deal=DealRules({"reserve": (11, 0), **each("pile", [ONE] * 4 + [EMPTY] * 5), "waste": ONE, "stock": (88, None)}),
)
