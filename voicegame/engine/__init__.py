"""The generic solitaire engine: piles with rule objects, moves as data, immutable states.

Modules, each importing only those above it:

- ``cards``, ``words``: cards, decks, seeded deals; number words.
- ``reason``: why something cannot be done (a message key and values).
- ``piles``, ``state``: what is on a pile; the whole position.
- ``moves``: moves and the events applying them reports.
- ``sequence``: how a card goes on another; what an empty pile takes.
- ``rules``: what a pile is (:class:`PileSpec`), what it accepts and gives, the :class:`Layout` hooks see.
- ``stock``, ``pairs``, ``settling``: how the stock deals; pair removal; what happens by itself after a move.
- ``game``: a game declaration (:class:`GameDef`), data only.
- ``engine``: the :class:`Engine` that runs a declaration; ``auto``, ``history`` on top of it.

Everything a game module needs is importable from here: ``from voicegame.engine import ...``.
"""

from voicegame.engine.engine import Engine, IllegalMove
from voicegame.engine.game import DealSpec, GameDef, free_cells_run_limit, free_space_run_limit
from voicegame.engine.history import History
from voicegame.engine.lifts import top_or_all_face_up
from voicegame.engine.moves import (
    Compacted, DealtRow, Drew, Event, LiftedOff, Move, MoveKind, Moved, Paired, Redealt, Restacked, TurnedOver, Won,
)
from voicegame.engine.pairs import PairRule, Place, card_value
from voicegame.engine.piles import Pile, PileKind
from voicegame.engine.reason import Reason
from voicegame.engine.rules import TOP_CARD, Accepts, Layout, Phase, PileSpec, Takes
from voicegame.engine.sequence import EMPTY_ANY, EMPTY_NONE, Direction, Empty, Sequence, SuitRule
from voicegame.engine.settling import Refill, Uncover
from voicegame.engine.state import State
from voicegame.engine.stock import CompactAndRefill, DealOnePerPile, DrawToWaste, EachStock, GatherAndRedeal, StockRule

__all__ = [
    # positions and moves
    "Pile", "PileKind", "State", "Move", "MoveKind", "History", "Reason",
    "Event", "Moved", "TurnedOver", "Drew", "DealtRow", "Restacked", "LiftedOff", "Paired", "Compacted", "Redealt", "Won",
    # rule vocabulary
    "Sequence", "Direction", "SuitRule", "Empty", "EMPTY_ANY", "EMPTY_NONE", "Accepts", "Takes", "TOP_CARD", "Phase",
    "PileSpec", "Layout", "PairRule", "Place", "card_value", "Refill", "Uncover",
    "StockRule", "DrawToWaste", "DealOnePerPile", "CompactAndRefill", "GatherAndRedeal", "EachStock",
    # games and the engine
    "DealSpec", "GameDef", "free_space_run_limit", "free_cells_run_limit", "Engine", "IllegalMove",
    # colour rules and lifting
    "top_or_all_face_up",
]

# pairing games
from voicegame.engine.compacting import Compact  # noqa: E402
from voicegame.engine.gathering import GatherToStock  # noqa: E402
from voicegame.engine.feeding import FeedBack  # noqa: E402
# FreeCell's family
from voicegame.engine.deals import RankToBottom  # noqa: E402
from voicegame.engine.bases import SameBase  # noqa: E402
from voicegame.engine.limits import AtMost  # noqa: E402

__all__ += ["Compact", "GatherToStock", "FeedBack", "RankToBottom", "SameBase", "AtMost"]
# lines and sets
from voicegame.engine.suits import ExceptSuit  # noqa: E402
from voicegame.engine.line import Collapse, LineJump  # noqa: E402
from voicegame.engine.matching import same_suit  # noqa: E402
from voicegame.engine.sets import Leftmost, RemoveSets  # noqa: E402
from voicegame.engine.restocking import GatherInOrder  # noqa: E402
from voicegame.engine.outranked import OutrankedInSuit  # noqa: E402
from voicegame.engine.doubling import Doubles  # noqa: E402
from voicegame.engine.replacing import RankToStockBottom  # noqa: E402
from voicegame.engine.recycling import Recycle  # noqa: E402
from voicegame.engine.poker import BRITISH, HandScores, SwapBack, TableFull, hand_name, source_top, taken_only_by_swap  # noqa: E402

__all__ += ["ExceptSuit", "Collapse", "LineJump", "same_suit", "Leftmost", "RemoveSets", "GatherInOrder", "OutrankedInSuit", "Doubles", "RankToStockBottom", "Recycle", "BRITISH", "HandScores", "SwapBack", "TableFull",
            "hand_name", "source_top", "taken_only_by_swap"]
# Jumbo
from voicegame.engine.stuck_search import ShuffleSearch  # noqa: E402

__all__ += ["ShuffleSearch"]
