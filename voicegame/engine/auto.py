"""Auto-play: which cards can go to the foundations without ever hurting the game."""

from __future__ import annotations

from dataclasses import dataclass

from voicegame.engine.cards import Card, Rank, Suit
from voicegame.engine.engine import Engine
from voicegame.engine.game import GameDef
from voicegame.engine.moves import Move, MoveKind
from voicegame.engine.piles import PileKind
from voicegame.engine.sequence import SuitRule
from voicegame.engine.state import State


def opposite_colours_ready(game: GameDef, state: State, src: int) -> bool:
    """The usual Klondike/FreeCell safety rule: an ace or two is always safe; any
    other card is safe once both foundations of the other colour hold its rank minus one."""
    card = state.piles[src].top
    if card is None:
        return False
    if card.rank <= Rank.TWO:
        return True
    opposite = [
        len(state.piles[i].cards)
        for i in game.indices(PileKind.FOUNDATION)
        if (suit := game.piles[i].suit) is not None and suit.colour is not card.colour
    ]
    return len(opposite) >= 2 and all(height >= card.rank - 1 for height in opposite)


def always_safe(game: GameDef, state: State, src: int) -> bool:
    """Auto-play's rule for a game in which a card that can go home is never needed on the table: its
    foundations never give a card back, and no card that could go on it is still waiting (the games
    built in suit whose next lower card is home first, the games with nothing built on the table, or
    with no decisions at all, as Clock)."""
    return True


def safe_foundation_move(engine: Engine, state: State) -> Move | None:
    """One move of a single card to a foundation that the game's safety rule allows, or None."""
    rule = engine.game.safe_to_foundation
    if rule is None:
        return None
    foundations = set(engine.game.indices(PileKind.FOUNDATION))
    for move in engine.legal_moves(state):
        if move.kind is MoveKind.MOVE and move.dst in foundations and move.src not in foundations and move.count == 1:
            if rule(engine.game, state, move.src):
                return move
    return None


# ----- auto-play's safety rule for any build colour rule -----
@dataclass(frozen=True)
class SeatsFilled:
    """Auto-play's safety rule for a table that builds down by ``suit`` (one suit per foundation):
    an ace or two is always safe; any other card once every foundation of a suit whose card one
    rank lower could lie on it holds that rank. ``SeatsFilled(SuitRule.ALTERNATE)`` is
    :func:`opposite_colours_ready`; Whitehead builds by ``SAME_COLOUR``, Thumb and Pouch by
    ``DIFFERENT`` suit."""

    suit: SuitRule

    def seated_by(self, card: Card) -> tuple[Suit, ...]:
        """The suits whose card one rank lower may lie on ``card``, other than its own (whose card
        one rank lower is already home when ``card`` may go up)."""
        rule = self.suit
        return tuple(s for s in Suit if s is not card.suit and (
            rule is SuitRule.ANY or rule is SuitRule.DIFFERENT
            or (rule is SuitRule.ALTERNATE and s.colour is not card.colour)
            or (rule is SuitRule.SAME_COLOUR and s.colour is card.colour)))

    def __call__(self, game: GameDef, state: State, src: int) -> bool:
        card = state.piles[src].top
        if card is None:
            return False
        if card.rank <= Rank.TWO:
            return True
        heights = {suit: len(state.piles[i].cards) for i in game.indices(PileKind.FOUNDATION) if (suit := game.piles[i].suit) is not None}
        return all(heights.get(s, 0) >= card.rank - 1 for s in self.seated_by(card))

# ----- building down in suit ---------------------------------------------------------------------------------
def same_suit_ready(game: GameDef, state: State, src: int) -> bool:
    """The safety rule of games that build down in suit, with any number of decks: a card is safe on
    the foundations once every card of its suit one rank lower is there (nothing else could ever go
    on it); an ace always is."""
    card = state.piles[src].top
    if card is None:
        return False
    if card.rank == Rank.ACE:
        return True
    home = sum(1 for i in game.indices(PileKind.FOUNDATION) for c in state.piles[i].cards
               if c.suit is card.suit and c.rank == card.rank - 1)
    return home == game.decks
