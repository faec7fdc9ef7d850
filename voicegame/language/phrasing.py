"""How a move is said, and every way it may be said: the one place that turns moves into words.

Narration ("Took back seven of hearts on eight of spades"), the resolver's questions ("Did you mean
...?") and the full command list say moves through :meth:`Phrasing.move_phrase`; hints say them as
whole sentences with the game's verb through :meth:`Phrasing.move_sentence` ("Put the seven of hearts
on the eight of spades.", "Deal the cards."). Their words come from the ``phrase_*`` and ``do_*``
templates of ``grammars/<lang>/messages.toml``. :meth:`Phrasing.move_words` and :meth:`Phrasing.sayings` give
every way the command templates of ``commands.toml`` name a move (its card, its source pile, its
target), for matching what was heard and for test corpora. tests/test_parser.py checks that the
one is among the other and that both are understood as that move.
"""

from __future__ import annotations

from typing import Iterable

from voicegame.engine import Engine, Move, MoveKind, PileKind, State
from voicegame.engine.cards import Card
from voicegame.language.lexicon import Language
from voicegame.language.messages import Messages, join
from voicegame.language.templates import Alt, Node, Opt, RuleRef, Seq, Slot, expand

MOVE_INTENTS: dict[str, PileKind | None] = {"move": None, "move_up": PileKind.FOUNDATION, "play": None,
                                            "discard": PileKind.DISCARD, "answer": None}
"""Intents whose command is a move, and the kind of pile their target must be (None: any)."""
MOVE_SLOTS = frozenset({"place", "target", "card", "pile", "foundation"})
"""The slots a move's templates may have (what :meth:`Phrasing.move_words` fills)."""


class Phrasing:
    """The words for one game's moves, made from its ``messages`` (by default, ``language``'s)."""

    def __init__(self, engine: Engine, language: Language | None = None, messages: Messages | None = None) -> None:
        self.messages = messages or Messages(language)
        self.engine = engine
        self.specs = engine.specs

    @property
    def language(self) -> Language:
        """The language the moves are said in (its command templates say every way to say them)."""
        return self.messages.language

    def pile_name(self, index: int) -> str:
        return self.specs[index].name

    def move_phrase(self, state: State, move: Move, by_pile: bool = False) -> str:
        """A short phrase for ``move`` that is also a command the player could say.

        ``by_pile`` names the piles instead of the cards ("row four column two to row two
        column three"): unambiguous when two decks put equal cards on the table."""
        if move.kind is MoveKind.DEAL:
            return self.stock_verb()
        if move.kind is MoveKind.PAIR:
            return self.pair_phrase(state, move, by_pile)
        dst_spec = self.specs[move.dst]
        if by_pile and not (move.count > 1 and dst_spec.kind is PileKind.FOUNDATION):  # "pile two up" sends one card home
            return self.messages.phrase("phrase_to", what=self.specs[move.src].name, pile=self.specs[move.dst].name)
        card = state.piles[move.src].cards[-move.count]
        target = state.piles[move.dst].top
        if dst_spec.kind is PileKind.FOUNDATION:
            return self.messages.phrase("phrase_up", card=card)
        if dst_spec.kind is PileKind.DISCARD:
            return self.messages.phrase("phrase_discard", card=card)
        if target is not None and state.piles[move.dst].top_face_up:
            return self.messages.phrase("phrase_onto", card=card, target=target)
        return self.messages.phrase("phrase_to", what=card, pile=dst_spec.name)

    def stock_verb(self) -> str:
        """The game's own word for its stock action, as its command list says it: "draw" (Klondike,
        Golf), "deal" (Spider, Monte Carlo), "redeal" (Gaps); the parser takes each for every game."""
        key = f"moves_{self.engine.game.key}"
        if self.messages.has(key):
            for word in self.messages.phrase(key).split(", "):
                if word in ("draw", "deal", "redeal"):
                    return word
        return self.messages.phrase("phrase_draw")

    def move_sentence(self, state: State, move: Move, by_pile: bool = False) -> str:
        """``move`` as a whole sentence with the game's own verb, for hints, that is also a command
        the player can say back: "Draw a card.", "Deal the cards.", "Put the seven of hearts on the eight of spades.", "Move the ace of
        clubs up.", "Remove the nine of hearts and the four of clubs.", "Move pile three to clubs."."""
        if move.kind is MoveKind.DEAL:
            return self.messages.say(f"do_{self.stock_verb()}")
        if move.kind is MoveKind.PAIR:
            places = [(move.src, move.at[0])] + ([(move.dst, move.at[1])] if move.dst >= 0 else [])
            if by_pile:
                return self.messages.say("do_pair", piles=join([self.specs[p].name for p, _ in places], "and"))
            cards = [state.piles[p].cards[at if at >= 0 else -1] for p, at in places]
            return self.messages.say("do_remove", cards=join(["the " + c.spoken for c in cards], "and"))
        if by_pile:
            return self.messages.say("do_move_pile", what=self.specs[move.src].name, pile=self.specs[move.dst].name)
        card = state.piles[move.src].cards[-move.count]
        dst_spec = self.specs[move.dst]
        target = state.piles[move.dst].top
        if dst_spec.kind is PileKind.FOUNDATION:
            return self.messages.say("do_up", card=card)
        if dst_spec.kind is PileKind.DISCARD:
            return self.messages.say("do_discard", card=card)
        if target is not None and state.piles[move.dst].top_face_up:
            return self.messages.say("do_onto", card=card, target=target)
        return self.messages.say("do_to", card=card, pile=dst_spec.name)

    def move_sentence_among(self, state: State, move: Move, moves: Iterable[Move]) -> str:
        """:meth:`move_sentence`, naming the piles when another of ``moves`` would be said the same way."""
        phrase = self.move_phrase(state, move)
        by_pile = any(other != move and self.move_phrase(state, other) == phrase for other in moves)
        return self.move_sentence(state, move, by_pile)

    def pair_phrase(self, state: State, move: Move, by_pile: bool = False) -> str:
        """"remove nine of hearts and four of clubs", "remove king of spades" (or by pile)."""
        places = [(move.src, move.at[0])] + ([(move.dst, move.at[1])] if move.dst >= 0 else [])
        names = []
        for pile, at in places:
            cards = state.piles[pile].cards
            names.append(self.specs[pile].name if by_pile else cards[at if at >= 0 else -1].spoken)
        return self.messages.phrase("phrase_remove", cards=join(names, "and"))

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
        reading = [self.messages.phrase("phrase_read", pile=first[PileKind.TABLEAU])] if PileKind.TABLEAU in first else []
        reading += [self.messages.phrase("phrase_read_board"), self.messages.phrase("phrase_more")]
        if PileKind.WASTE in first:
            reading.append(self.messages.phrase("phrase_read", pile=first[PileKind.WASTE]))
        if PileKind.CELL in first:
            reading.append(self.messages.phrase("phrase_read_cells"))
        if PileKind.FOUNDATION in first:
            reading.append(self.messages.phrase("phrase_read_foundations"))
        reading += [self.messages.phrase("phrase_where_example"), self.messages.phrase("phrase_score")]
        key = f"moves_{self.engine.game.key}"
        moves = self.messages.phrase(key if self.messages.has(key) else "phrase_draw")
        return self.messages.say("what_can_i_say", moves=moves, reading=", ".join(reading))

    def move_example(self) -> str:
        """One whole move as this game says it (the first example "what can I say" gives), to tell a
        player who said a card or pile alone what a command sounds like."""
        key = f"moves_{self.engine.game.key}"
        return self.messages.phrase(key).split(", ")[0] if self.messages.has(key) else self.messages.phrase("move_example")

    # ----- every way the command templates say a move ------------------------------------------
    def card_words(self, card: Card) -> list[str]:
        """A card by name and by rank alone ("seven of hearts", "seven")."""
        return [card.spoken, card.rank.spoken]

    def pile_words(self, index: int) -> list[str]:
        return list(self.specs[index].names)

    def kind_words(self, kind: PileKind) -> list[str]:
        """The first word for every pile of a kind at once ("foundation"), if the language has one."""
        words = self.language.kinds.get(kind.value)
        return [words[0]] if words else []

    def move_words(self, state: State, move: Move, natural: bool = True) -> dict[str, list[str]]:
        """The slot values that name ``move`` (a card move): its card, its source pile when
        ``natural`` (naming the pile alone means this move), its target."""
        card = state.piles[move.src].cards[-move.count]
        dst, dst_pile = self.specs[move.dst], state.piles[move.dst]
        cards = self.card_words(card)
        sources = self.pile_words(move.src) if natural else []
        targets = self.pile_words(move.dst) + self.kind_words(dst.kind)
        if dst_pile.top_face_up:
            targets += self.card_words(dst_pile.cards[-1])
        return {"card": cards, "pile": sources, "place": cards + sources, "target": targets,
                "foundation": self.kind_words(dst.kind)}

    def move_templates(self) -> list[tuple[str, PileKind | None, Node]]:
        """(intent, kind of target, template) for every template that says a move by its card and
        places (a bare answer only as a card or pile alone: "on pile two" says too little)."""
        language = self.language
        intents = dict(language.intents)
        return [(intent, kind, t) for intent, kind in MOVE_INTENTS.items() if intent in intents
                for t in intents[intent]
                if slots_of(t, language.rules) <= MOVE_SLOTS and (intent != "answer" or isinstance(t, Slot))]

    def sayings(self, state: State, move: Move, natural: bool = True, rules: dict[str, Node] | None = None) -> list[str]:
        """Every phrase of the command templates that says ``move`` (skip words left out), each rule
        said every way (or as ``rules`` says it: a matcher says each synonym rule one way)."""
        if move.kind is MoveKind.DEAL:
            return [self.stock_verb()]
        if move.kind is not MoveKind.MOVE:
            return []  # pairs: "remove nine and four", understood by the parser
        dst = self.specs[move.dst]
        words = self.move_words(state, move, natural)
        out: set[str] = set()
        for _, kind, template in self.move_templates():
            if kind is None or dst.kind is kind:
                out.update(expand(template, rules or self.language.rules, words, limit=20_000))
        out.discard("")
        return sorted(out)


def slots_of(node: Node, rules: dict[str, Node], seen: frozenset[str] = frozenset()) -> set[str]:
    """The slots a template has, through its rules."""
    if isinstance(node, Slot):
        return {node.name}
    if isinstance(node, Seq):
        return set().union(*(slots_of(i, rules, seen) for i in node.items)) if node.items else set()
    if isinstance(node, Alt):
        return set().union(*(slots_of(o, rules, seen) for o in node.options))
    if isinstance(node, Opt):
        return slots_of(node.item, rules, seen)
    if isinstance(node, RuleRef) and node.name not in seen and node.name in rules:
        return slots_of(rules[node.name], rules, seen | {node.name})
    return set()
