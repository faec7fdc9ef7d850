"""Engine vocabulary added on the pair3 branch (issues 22 and 23), each piece on a toy game."""

from __future__ import annotations

from voicegame.engine import EMPTY_ANY, Accepts, Direction, Engine, ExceptSuit, GameDef, Move, Pile, PileKind, PileSpec, Sequence, State, SuitRule, Takes
from voicegame.engine.cards import Card, Suit


def cards(codes: str) -> tuple[Card, ...]:
    return tuple(Card.from_code(c) for c in codes.split())


def toy(*piles: PileSpec, **declaration: object) -> Engine:
    """A game of just these piles (nothing dealt: tests build their positions)."""
    return Engine(GameDef(key="toy", title="Toy", piles=piles, layout_deal=(), **declaration))  # type: ignore[arg-type]


def at(engine: Engine, **piles: str) -> State:
    found = [Pile() for _ in engine.specs]
    for pile_id, value in piles.items():
        found[engine.layout.index[pile_id]] = Pile(cards(value))
    return State(tuple(found))


# ----- a suit kept out of building (Diamond Mine's diamonds) --------------------------------------------------------
def test_except_suit_keeps_a_suit_out_of_a_pile_and_off_its_cards():
    down = Sequence(Direction.DOWN, SuitRule.ANY)

    def pile(n: int, extra: ExceptSuit | None) -> PileSpec:
        return PileSpec(f"p{n}", PileKind.TABLEAU, (f"pile {n}",), accepts=Accepts(build=down, empty=EMPTY_ANY, extra=extra),
                        takes=Takes(runs=True, sequence=down))

    kept = toy(pile(1, ExceptSuit(Suit.DIAMONDS)), pile(2, ExceptSuit(Suit.DIAMONDS)), pile(3, ExceptSuit(Suit.DIAMONDS)))
    plain = toy(pile(1, None), pile(2, None), pile(3, None))
    position = dict(p1="9S", p2="8D")
    assert plain.why_not(at(plain, **position), Move.cards(1, 0)) is None
    assert kept.why_not(at(kept, **position), Move.cards(1, 0)).key == "suit_kept_out"
    assert kept.why_not(at(kept, **position), Move.cards(1, 2)).key == "suit_kept_out"  # not to an empty pile either
    assert kept.why_not(at(kept, p1="9D", p2="8S"), Move.cards(1, 0)).key == "nothing_on_suit"
    assert kept.why_not(at(kept, p1="9D", p2="8S"), Move.cards(1, 2)) is None
    assert kept.why_not(at(kept, p1="TH", p2="9C 8H"), Move.cards(1, 0, 2)) is None  # a run without the suit
    only_in = toy(pile(1, ExceptSuit(Suit.DIAMONDS, covers=False)), pile(2, None))
    assert only_in.why_not(at(only_in, p1="9D", p2="8S"), Move.cards(1, 0)) is None  # covers=False: cards may go on it
