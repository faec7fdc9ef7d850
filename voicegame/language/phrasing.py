"""How a move is said: the one place that turns a move into words.

Narration ("Took back seven of hearts on eight of spades"), hints ("Try ..."), the resolver's
questions ("Did you mean ...?") and the full command list all say moves through
:class:`Phrasing`; every phrase is also a command the parser accepts (tests/test_parser.py
checks this for every game), and its words come from the ``phrase_*`` templates of
``grammars/<lang>/messages.toml``.
"""

from __future__ import annotations

from typing import Iterable

from voicegame.engine import Engine, Move, MoveKind, PileKind, State
from voicegame.language.lexicon import Language
from voicegame.language.messages import Messages, join


class Phrasing(Messages):
    """Messages for one game, and the words for its moves."""

    def __init__(self, engine: Engine, language: Language | None = None) -> None:
        super().__init__(language)
        self.engine = engine
        self.specs = engine.specs

    def pile_name(self, index: int) -> str:
        return self.specs[index].name

    def move_phrase(self, state: State, move: Move, by_pile: bool = False) -> str:
        """A short phrase for ``move`` that is also a command the player could say.

        ``by_pile`` names the piles instead of the cards ("row four column two to row two
        column three"): unambiguous when two decks put equal cards on the table."""
        if move.kind is MoveKind.DEAL:
            return self.phrase("phrase_draw")
        if move.kind is MoveKind.PAIR:
            return self.pair_phrase(state, move, by_pile)
        if by_pile:
            return self.phrase("phrase_to", what=self.specs[move.src].name, pile=self.specs[move.dst].name)
        card = state.piles[move.src].cards[-move.count]
        dst_spec = self.specs[move.dst]
        target = state.piles[move.dst].top
        if dst_spec.kind is PileKind.FOUNDATION:
            return self.phrase("phrase_up", card=card)
        if dst_spec.kind is PileKind.DISCARD:
            return self.phrase("phrase_discard", card=card)
        if target is not None and state.piles[move.dst].top_face_up:
            return self.phrase("phrase_onto", card=card, target=target)
        return self.phrase("phrase_to", what=card, pile=dst_spec.name)

    def pair_phrase(self, state: State, move: Move, by_pile: bool = False) -> str:
        """"remove nine of hearts and four of clubs", "remove king of spades" (or by pile)."""
        places = [(move.src, move.at[0])] + ([(move.dst, move.at[1])] if move.dst >= 0 else [])
        names = []
        for pile, at in places:
            cards = state.piles[pile].cards
            names.append(self.specs[pile].name if by_pile else cards[at if at >= 0 else -1].spoken)
        return self.phrase("phrase_remove", cards=join(names, "and"))

    def move_phrase_among(self, state: State, move: Move, moves: Iterable[Move]) -> str:
        """``move``'s phrase, naming the piles when another of ``moves`` (e.g. every legal move) would
        be said the same way: with two decks, "eight of clubs on nine of clubs" can be two moves."""
        phrase = self.move_phrase(state, move)
        if any(other != move and self.move_phrase(state, other) == phrase for other in moves):
            return self.move_phrase(state, move, by_pile=True)
        return phrase

    def move_phrases(self, state: State, moves: list[Move]) -> list[str]:
        """Phrases for several moves, naming piles wherever card names would repeat."""
        phrases = [self.move_phrase(state, m) for m in moves]
        repeated = {p for p in phrases if phrases.count(p) > 1}
        return [self.move_phrase(state, m, by_pile=True) if p in repeated else p for p, m in zip(phrases, moves)]

    def distinct_moves(self, state: State, moves: list[Move]) -> list[Move]:
        """``moves`` without those that only differ by which of several equal empty piles they fill
        ("eight of clubs to cell one ... cell four" is one choice: the first free cell)."""
        seen: set[tuple] = set()
        out = []
        for move in moves:
            key: tuple = (move,)
            if move.kind is MoveKind.MOVE and not state.piles[move.dst].cards:
                spec = self.specs[move.dst]
                key = (move.src, move.count, spec.kind, spec.accepts, spec.suit, spec.group)
            if key not in seen:
                seen.add(key)
                out.append(move)
        return out

    def all_commands(self) -> str:
        """The full command list ("all commands"): this game's ways of moving (message
        ``moves_<game key>``), reading with its own pile names, then what every game has."""
        first: dict[PileKind, str] = {}
        for spec in self.specs:
            first.setdefault(spec.kind, spec.names[0])
        reading = [self.phrase("phrase_read", pile=first[PileKind.TABLEAU])] if PileKind.TABLEAU in first else []
        reading += [self.phrase("phrase_read_board"), self.phrase("phrase_more")]
        if PileKind.WASTE in first:
            reading.append(self.phrase("phrase_read", pile=first[PileKind.WASTE]))
        if PileKind.CELL in first:
            reading.append(self.phrase("phrase_read_cells"))
        if PileKind.FOUNDATION in first:
            reading.append(self.phrase("phrase_read_foundations"))
        reading += [self.phrase("phrase_where_example"), self.phrase("phrase_score")]
        key = f"moves_{self.engine.game.key}"
        moves = self.phrase(key if self.has(key) else "phrase_draw")
        return self.say("what_can_i_say", moves=moves, reading=", ".join(reading))
