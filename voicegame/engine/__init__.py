"""The generic solitaire engine: piles with rule objects, moves as data, immutable states."""

from voicegame.engine.engine import Engine, IllegalMove
from voicegame.engine.game import DealSpec, GameDef, free_space_run_limit
from voicegame.engine.history import History
from voicegame.engine.moves import Compacted, DealtRow, Drew, Event, LiftedOff, Move, MoveKind, Moved, Paired, Redealt, Restacked, TurnedOver, Won
from voicegame.engine.pairs import PairRule, Place, card_value
from voicegame.engine.piles import Pile, PileKind
from voicegame.engine.reason import Reason
from voicegame.engine.rules import TOP_CARD, Accepts, Layout, PileSpec, Takes
from voicegame.engine.sequence import EMPTY_ANY, EMPTY_NONE, Direction, Empty, Sequence, SuitRule
from voicegame.engine.settling import Refill, Uncover
from voicegame.engine.state import State
from voicegame.engine.stock import CompactAndRefill, DealOnePerPile, DrawToWaste

__all__ = [
    "Accepts", "DealOnePerPile", "DealSpec", "DealtRow", "Direction", "Drew", "DrawToWaste", "EMPTY_ANY",
    "EMPTY_NONE", "Empty", "Engine", "free_space_run_limit", "Event", "GameDef", "History", "IllegalMove", "Layout", "LiftedOff", "Move",
    "MoveKind", "Moved", "Pile", "PileKind", "PileSpec", "Reason", "Restacked", "Sequence", "State",
    "SuitRule", "TOP_CARD", "Takes", "TurnedOver", "Won",
    "CompactAndRefill", "Compacted", "PairRule", "Paired", "Place", "card_value", "Redealt",
    "Refill", "Uncover",
]
