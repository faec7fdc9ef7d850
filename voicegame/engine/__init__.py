"""The generic solitaire engine: piles with rule objects, moves as data, immutable states."""

from voicegame.engine.engine import Engine, IllegalMove
from voicegame.engine.game import DealSpec, GameDef, Layout, free_space_run_limit
from voicegame.engine.history import History
from voicegame.engine.moves import Compacted, DealtRow, Drew, Event, LiftedOff, Move, MoveKind, Moved, Paired, Redealt, Restacked, TurnedOver, Won
from voicegame.engine.pairs import PairRule, Place, card_value
from voicegame.engine.piles import Pile, PileKind, PileSpec
from voicegame.engine.rules import (
    EMPTY_ANY,
    EMPTY_NONE,
    TOP_CARD,
    Accepts,
    Direction,
    Empty,
    Reason,
    Sequence,
    SuitRule,
    Takes,
)
from voicegame.engine.state import State
from voicegame.engine.stock import CompactAndRefill, DealOnePerPile, DrawToWaste

__all__ = [
    "Accepts", "DealOnePerPile", "DealSpec", "DealtRow", "Direction", "Drew", "DrawToWaste", "EMPTY_ANY",
    "EMPTY_NONE", "Empty", "Engine", "free_space_run_limit", "Event", "GameDef", "History", "IllegalMove", "Layout", "LiftedOff", "Move",
    "MoveKind", "Moved", "Pile", "PileKind", "PileSpec", "Reason", "Restacked", "Sequence", "State",
    "SuitRule", "TOP_CARD", "Takes", "TurnedOver", "Won",
    "CompactAndRefill", "Compacted", "PairRule", "Paired", "Place", "card_value", "Redealt",
]
