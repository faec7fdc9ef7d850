"""Gaps (Montana), as AisleRiot plays it.

All 52 cards are dealt face up in four rows of thirteen spots; the four aces are then
taken out (onto a pile of removed aces), leaving four gaps. A gap takes only the card one
rank higher, in the same suit, than the card on its left; a gap in column one takes any
two; a gap after a king or after another gap is dead. Each row should end up running two
to king in one suit (column thirteen stays empty). Where a card sits is the whole game:
each spot is a pile whose rule names its left neighbour.

Decisions where the manual is unclear (see GAMES.md, "Gaps"), following AisleRiot's
``gaps.scm`` where it decides:

- *Fixed cards.* A row's cards in order from a two in column one (two, three, four... of
  the two's suit, each in its own column) are fixed: they never move again, not even a two
  from one column-one gap to another. Only single cards move, and only into gaps.
- *When to redeal.* Only when every gap is dead (no card can go anywhere), and at most
  twice, as in AisleRiot; "redeal" or "draw" says it. The game is over ("no moves left")
  when every gap is dead and both redeals are used.
- *What a redeal does.* Every card not fixed is gathered (row by row, left to right),
  shuffled, and dealt back into the spots that are not fixed, left to right, leaving one
  gap right after each row's fixed run (at column one when the row has none). With the
  option ``redeal_gaps="random"`` the four gaps are shuffled in with the cards instead and land
  anywhere among those spots (AisleRiot's "Randomly Placed Gaps on Redeal").
- *Deterministic reshuffle.* Redeal number ``n`` (1 or 2) of deal ``seed`` shuffles with
  :func:`voicegame.engine.cards.shuffled` seeded by ``seed * 16 + n``; the deal seed is kept in
  ``State.counters[0]`` from the deal on, so a save replays exactly.
- *Score.* One point per fixed card (AisleRiot adds a point each time a card joins a fixed
  run; counting the runs gives the same number); out of 48. Won at 48.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from voicegame.engine.cards import Card, Rank, shuffled
from voicegame.engine import Accepts, DealSpec, Empty, Event, GameDef, Layout, Pile, PileKind, PileSpec, Reason, Redealt, State, Takes
from voicegame.games.parts import spot_id as cell_id, spot_place
from voicegame.engine.words import number_word
from voicegame.games.deal_rules import DealRules
from voicegame.games.entry import GameEntry, Option
from voicegame.games.search import HintBudget, Search
from voicegame.games.words import game_words

WORDS = game_words("gaps")
"""How Gaps and its piles are said (grammars/en/games/gaps.toml)."""

ROWS = range(1, 5)
COLUMNS = range(1, 14)
REDEALS = 2

CELLS = tuple(cell_id(r, c) for r in ROWS for c in COLUMNS)


def fixed_run(layout: Layout, state: State, row: int) -> int:
    """How many cards of ``row`` are fixed: in order from a two in column one, one suit."""
    first = layout.pile(state, cell_id(row, 1)).top
    if first is None or first.rank != Rank.TWO:
        return 0
    count = 1
    for column in range(2, 13):
        card = layout.pile(state, cell_id(row, column)).top
        if card is None or card.suit is not first.suit or card.rank != column + 1:
            break
        count += 1
    return count


def not_fixed(layout: Layout, state: State, spec: PileSpec, pile: Pile, count: int) -> Reason | None:
    row, column = spot_place(spec.id)
    if column <= fixed_run(layout, state, row):
        return Reason("pile_locked", {"card": pile.cards[-1]})
    return None


def needed_after(left: Card | None) -> Card | None:
    """The one card a gap after ``left`` takes (None: the gap is dead)."""
    if left is None or left.rank == Rank.KING:
        return None
    return Card(Rank(left.rank + 1), left.suit)


def follows_left(layout: Layout, state: State, src: PileSpec, dst: PileSpec, cards: tuple[Card, ...]) -> Reason | None:
    """A spot after column one takes only the card after its left neighbour's."""
    row, column = spot_place(dst.id)
    left = layout.pile(state, cell_id(row, column - 1)).top
    if left is None:
        return Reason("gap_after_gap", {"pile": dst.name})
    if left.rank == Rank.KING:
        return Reason("gap_after_king", {"pile": dst.name, "left": left})
    needed = needed_after(left)
    if cards[0] != needed:
        return Reason("gap_needs", {"pile": dst.name, "needed": needed, "left": left})
    return None


TAKES = Takes(extra=not_fixed)
FIRST_COLUMN = Accepts(build=None, empty=Empty(rank=Rank.TWO), single=True)
LATER_COLUMN = Accepts(build=None, single=True, extra=follows_left)


def _cell(row: int, column: int) -> PileSpec:
    r, c = number_word(row), number_word(column)
    return PileSpec(cell_id(row, column), PileKind.TABLEAU, WORDS.names("spot", row=r, column=c),
                    accepts=FIRST_COLUMN if column == 1 else LATER_COLUMN, takes=TAKES, number=column, group=f"row{row}")


ACES = PileSpec("aces", PileKind.DISCARD, WORDS.names("aces"))
PILES = (ACES, *(_cell(r, c) for r in ROWS for c in COLUMNS))


def live_gap(layout: Layout, state: State) -> bool:
    """True when some gap can be filled now (a gap in column one always can: a two is elsewhere)."""
    for row in ROWS:
        for column in COLUMNS:
            if layout.pile(state, cell_id(row, column)).cards:
                continue
            if column == 1 or needed_after(layout.pile(state, cell_id(row, column - 1)).top) is not None:
                return True
    return False


def redeal_seed(seed: int, redeal: int) -> int:
    """The shuffle seed of redeal number ``redeal`` (1, 2...) of deal ``seed``."""
    return seed * 16 + redeal


@dataclass(frozen=True)
class Redeal:
    """Gather the cards not fixed, shuffle them (seeded by the deal seed and the redeal number)
    and deal them back with a gap after each fixed run; only when every gap is dead."""

    redeals: int = REDEALS
    random_gaps: bool = False
    cycles = False

    def why_not(self, layout: Layout, state: State) -> Reason | None:
        if state.redeals >= self.redeals:
            return Reason("gaps_no_redeals")
        if live_gap(layout, state):
            return Reason("gaps_not_stuck")
        return None

    def apply(self, layout: Layout, state: State) -> tuple[State, list[Event]]:
        number = state.redeals + 1
        seed = state.counters[0] if state.counters else 0
        spots: list[int] = []
        first_free: list[int] = []
        for row in ROWS:
            fixed = fixed_run(layout, state, row)
            row_spots = [layout.index[cell_id(row, c)] for c in range(fixed + 1, 14)]
            first_free.append(row_spots[0])
            spots.extend(row_spots)
        cards = [state.piles[i].cards[0] for i in spots if state.piles[i].cards]
        mixed = shuffled(cards, redeal_seed(seed, number))
        if self.random_gaps:
            slots: list[Card | None] = shuffled([*mixed, *[None] * 4], redeal_seed(seed, number))
            fill = dict(zip(spots, slots))
        else:
            targets = [i for i in spots if i not in first_free]
            fill = {i: None for i in first_free} | dict(zip(targets, mixed))
        changes = {i: Pile((card,)) if card is not None else Pile() for i, card in fill.items()}
        new = replace(state.with_piles(changes), redeals=number)
        return new, [Redealt(len(cards), tuple(spots), self.redeals - number)]

    def describe(self) -> tuple[Reason, ...]:
        return (Reason("rule_redeal", {"redeals": self.redeals}),)


def take_out_aces(game: GameDef, state: State, seed: int) -> State:
    """After the deal: the aces go to the removed-aces pile, and the seed is kept for redeals."""
    aces = [i for i, pile in enumerate(state.piles) if pile.top is not None and pile.top.rank == Rank.ACE]
    changes = {i: Pile() for i in aces}
    changes[game.layout.index["aces"]] = Pile(tuple(state.piles[i].cards[-1] for i in aces))  # each one's top, an ace
    return replace(state.with_piles(changes), counters=(seed,))


def score(game: GameDef, state: State) -> int:
    return sum(fixed_run(game.layout, state, row) for row in ROWS)


def is_won(game: GameDef, state: State) -> bool:
    return score(game, state) == 48


def gaps(redeal_gaps: str = "after_runs") -> GameDef:
    """Gaps; ``redeal_gaps`` "random": a redeal scatters the gaps instead of putting one after each fixed run."""
    random_gaps = redeal_gaps == "random"
    return GameDef(
        key="gaps",
        title=WORDS.title,
        piles=PILES,
        layout_deal=tuple(DealSpec(cell) for cell in CELLS),
        stock_rule=Redeal(random_gaps=random_gaps),
        score=score,
        max_score=48,
        is_won=is_won,
        won_key="won_gaps",
        help_key="help_gaps",
        options={"redeal_gaps": redeal_gaps},
        group_names={f"row{r}": WORDS.names("row", r) for r in ROWS},
        after_deal=take_out_aces,
    )


ENTRY = GameEntry.from_words(
    key="gaps",
    factory=gaps,
    options=(Option("redeal_gaps", str, "after_runs", ("after_runs", "random"), "random: a redeal scatters the four gaps instead of one after each fixed run"),),
    search=Search.GENERIC,
    hint_budget=HintBudget(nodes=150),
    deal=DealRules({"aces": (4, None)}),
)
