"""What to say: events, reasons and readings turned into short sentences.

Every sentence comes from a template in ``grammars/<lang>/messages.toml``.
Brief by default; ``verbose`` adds counts the player can also ask for.
"""

from __future__ import annotations

import re
from typing import Iterable

from voicegame.engine.cards import Card, Rank, Suit, new_deck
from voicegame.engine import (
    DealtRow,
    Drew,
    Engine,
    Event,
    LiftedOff,
    Move,
    MoveKind,
    Moved,
    Paired,
    PileKind,
    Reason,
    Redealt,
    Restacked,
    State,
    TurnedOver,
    Won,
)
from voicegame.solver.hints import ranked_moves
from voicegame.language.command import CardRef, Command, KindRef, PileRef
from voicegame.language.lexicon import Language, load_language
from voicegame.engine.words import number_word, ordinal_word


EMPTYING_KINDS = (PileKind.TABLEAU, PileKind.RESERVE, PileKind.CELL)
"""Pile kinds whose emptying is worth saying (a gap the player may use)."""


SINGULAR = re.compile(r"(?<![\w.-])(1|one) (card|move|redeal|deal|gap|cell)s\b")
"""One of a counted thing is said in the singular ("1 moves in" -> "1 move in", "Stock: 1 card")."""


def with_article(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word


def join(items: list[str], conjunction: str = "or") -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {conjunction} " + items[-1]


def spoken_value(value: object) -> str:
    """How a message parameter is said: cards by name, ranks with an article, lists joined by "or"."""
    if isinstance(value, (Card, CardRef)):
        return value.spoken
    if isinstance(value, Rank):
        return with_article(value.spoken)
    if isinstance(value, Suit):
        return value.value
    if isinstance(value, (list, tuple)):
        return join([spoken_value(v) for v in value])
    return str(value)


class Narrator:
    """Turns game facts into sentences for one game."""

    LONG_GROUP = 10
    """Groups of more piles than this (a Gaps row: 13) are read in brief in the board reading."""

    def __init__(self, engine: Engine, language: Language | None = None, verbose: bool = False) -> None:
        self.engine = engine
        self.specs = engine.specs
        self.language = language or load_language()
        self.verbose = verbose

    # ----- basics ----------------------------------------------------------------
    def say(self, key: str, **params: object) -> str:
        template = self.language.messages.get(key)
        if template is None:
            return key.replace("_", " ").capitalize() + "."
        text = SINGULAR.sub(r"\1 \2", template.format(**{k: spoken_value(v) for k, v in params.items()}))
        return text[:1].upper() + text[1:]

    def reason(self, reason: Reason) -> str:
        return self.say(reason.key, **reason.params)

    def pile_name(self, index: int) -> str:
        return self.specs[index].name

    # ----- moves -------------------------------------------------------------------
    def move_phrase(self, state: State, move: Move, by_pile: bool = False) -> str:
        """A short phrase for ``move`` that is also a command the player could say.

        ``by_pile`` names the piles instead of the cards ("row four column two to row two
        column three"): unambiguous when two decks put equal cards on the table."""
        if move.kind is MoveKind.DEAL:
            return "draw"
        if move.kind is MoveKind.PAIR:
            return self.pair_phrase(state, move, by_pile)
        if by_pile:
            return f"{self.specs[move.src].name} to {self.specs[move.dst].name}"
        card = state.piles[move.src].cards[-move.count]
        dst_spec = self.specs[move.dst]
        target = state.piles[move.dst].top
        if dst_spec.kind is PileKind.FOUNDATION:
            return f"{card.spoken} up"
        if dst_spec.kind is PileKind.DISCARD:
            return f"discard {card.spoken}"
        if target is not None and state.piles[move.dst].top_face_up:
            return f"{card.spoken} on {target.spoken}"
        return f"{card.spoken} to {dst_spec.name}"

    def pair_phrase(self, state: State, move: Move, by_pile: bool = False) -> str:
        """"remove nine of hearts and four of clubs", "remove king of spades" (or by pile)."""
        places = [(move.src, move.at[0])] + ([(move.dst, move.at[1])] if move.dst >= 0 else [])
        names = []
        for pile, at in places:
            cards = state.piles[pile].cards
            names.append(self.specs[pile].name if by_pile else cards[at if at >= 0 else -1].spoken)
        return "remove " + " and ".join(names)

    def all_commands(self) -> str:
        """The full command list ("all commands"): this game's ways of moving (message
        ``moves_<game key>``), reading with its own pile names, then what every game has."""
        first: dict[PileKind, str] = {}
        for spec in self.specs:
            first.setdefault(spec.kind, spec.names[0])
        reading = [f"read {first[PileKind.TABLEAU]}"] if PileKind.TABLEAU in first else []
        reading += ["read the board", "more"]
        if PileKind.WASTE in first:
            reading.append(f"read {first[PileKind.WASTE]}")
        if PileKind.CELL in first:
            reading.append("read cells")
        if PileKind.FOUNDATION in first:
            reading.append("read foundations")
        reading += ["where is the queen of spades", "score"]
        moves = self.language.messages.get(f"moves_{self.engine.game.key}", "draw")
        return self.say("what_can_i_say", moves=moves, reading=", ".join(reading))

    def move_phrase_among(self, state: State, move: Move, moves: Iterable[Move]) -> str:
        """``move``'s phrase, naming the piles when another of ``moves`` (e.g. every legal move) would
        be said the same way: with two decks, "eight of clubs on nine of clubs" can be two moves."""
        phrase = self.move_phrase(state, move)
        if any(other != move and self.move_phrase(state, other) == phrase for other in moves):
            return self.move_phrase(state, move, by_pile=True)
        return phrase

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

    def move_phrases(self, state: State, moves: list[Move]) -> list[str]:
        """Phrases for several moves, naming piles wherever card names would repeat."""
        phrases = [self.move_phrase(state, m) for m in moves]
        repeated = {p for p in phrases if phrases.count(p) > 1}
        return [self.move_phrase(state, m, by_pile=True) if p in repeated else p for p, m in zip(phrases, moves)]

    def events(self, before: State, events: Iterable[Event], after: State, said: Command | None = None) -> list[str]:
        """What happened, then what it changed that was not said yet: the new top of every pile a card
        left (a turned-over card, the waste's next card, a column's next card), an emptied column or
        cell, cards a pyramid set free. ``said`` is the command the player typed: what it named (the
        card and where it went) is not said back to them."""
        events = list(events)
        start = before
        out: list[str] = []
        left: list[int] = []  # piles cards left, in order: their new tops are what the player must hear
        told: set[int] = set()  # piles whose new state was said already
        for event in events:
            if isinstance(event, Moved):
                if not self._was_said(before, event, said):
                    out.append(self._moved(before, event))
                moved = len(event.cards)  # keep ``before`` current: a later move may land where this one left
                before = before.with_piles({event.src: before.piles[event.src].without_top(moved), event.dst: before.piles[event.dst].with_added(event.cards)})
                left.append(event.src)
                told.discard(event.src)
                told.add(event.dst)  # its top is the card just moved, said or named by the player
                if not after.piles[event.src].cards and self.is_gap(event.src):
                    out.append(self.say("emptied", pile=self.pile_name(event.src)))
                    told.add(event.src)
            elif isinstance(event, TurnedOver):
                out.append(self.say("revealed", pile=self.pile_name(event.pile), card=event.card))
                told.add(event.pile)
            elif isinstance(event, Drew):
                out.extend(self._drew(event, after))
                told.add(event.dst)
            elif isinstance(event, Restacked):
                out.append(self.say("restacked", count=event.count))
                if event.redeals_left is not None:
                    out.append(self.say("redeals_left", left=event.redeals_left))
            elif isinstance(event, DealtRow):
                out.append(self.say("dealt_cards", cards=join([c.spoken for c in event.cards], "and")))
            elif isinstance(event, Paired):
                if not self._pair_was_said(event, said):
                    out.append(self.say("paired", cards=join([c.spoken for c in event.cards], "and")))
                left.extend(event.srcs)
            elif type(event).__name__ == "Compacted":
                out.append(self.say("compacted"))
            elif isinstance(event, Redealt):
                out.append(self.say("redealt", count=event.count))
                if event.redeals_left is not None:
                    out.append(self.say("redeals_left", left=event.redeals_left))
            elif isinstance(event, LiftedOff):
                out.append(self.say("lifted_off", suit=event.cards[0].suit))
                left.append(event.src)
                told.discard(event.src)
        if not any(isinstance(e, Won) for e in events):
            out.extend(self._changed_tops(start, after, left, told))
            out.extend(self._newly_free(start, after, events))
        if not out and any(isinstance(e, (Moved, Paired)) for e in events):
            out.append(self.say("done"))  # everything was said by the player: confirm, briefly
        out.extend(self.say(self.engine.game.won_key) for e in events if isinstance(e, Won))
        return out

    def is_gap(self, index: int) -> bool:
        """Is pile ``index``, when empty, a gap worth saying: a column, cell or reserve that takes
        cards (not a Golf column or a spot of a pyramid, which stay empty)."""
        spec = self.specs[index]
        return spec.kind in EMPTYING_KINDS and spec.accepts is not None

    def _changed_tops(self, before: State, after: State, piles: list[int], told: set[int]) -> list[str]:
        """"Waste: nine of clubs.", "Column three: five of hearts.": the new face-up top of each pile
        a card left, unless it was said (turned over) or is unchanged."""
        out = []
        for i in dict.fromkeys(piles):
            pile, spec = after.piles[i], self.specs[i]
            if i not in told and not pile.cards and self.is_gap(i):
                out.append(self.say("emptied", pile=spec.name))  # a run lifted off (Spider) left a gap
            if i in told or not pile.top_face_up or spec.kind in (PileKind.STOCK, PileKind.DISCARD):
                continue
            old = before.piles[i]
            if old.top_face_up and old.cards == pile.cards:
                continue  # unchanged (a card went and came back)
            if spec.kind is PileKind.WASTE:
                out.append(self.say("waste_top", card=pile.cards[-1]))
            elif spec.kind is PileKind.FOUNDATION:
                out.append(self.say("read_foundation", pile=spec.name, rank=pile.cards[-1].rank.spoken))
            else:
                out.append(self.say("new_top", pile=spec.name, card=pile.cards[-1]))
        return out

    def _newly_free(self, before: State, after: State, events: list[Event]) -> list[str]:
        """Cards a pair set free in a pyramid (Treize): "Now free: eight of clubs."."""
        if not any(isinstance(e, Paired) for e in events):
            return []
        was = self.free_cards(before) or []
        now = [c for c in (self.free_cards(after) or []) if c not in was]
        return [self.say("now_free", cards=join([c.spoken for c in now], "and"))] if now else []

    def _was_said(self, before: State, event: Moved, said: Command | None) -> bool:
        """Did the player's own words name both the card that moved and where it went ("seven of
        hearts on eight of spades", "nine of clubs to cell two", "ace of clubs up")?"""
        if said is None or said.intent != "move" or not isinstance(said.source, CardRef) or said.source.suit is None:
            return False
        if not said.source.matches(event.cards[0]):
            return False
        target = said.target
        if isinstance(target, CardRef):
            top = before.piles[event.dst].top
            return target.suit is not None and top is not None and target.matches(top)
        if isinstance(target, PileRef):
            return True  # the pile was named, and the card; the narrator checked nothing else moved there
        if isinstance(target, KindRef):
            return target.kind is self.specs[event.dst].kind  # "up", "to the foundation", "discard"
        return False

    @staticmethod
    def _pair_was_said(event: Paired, said: Command | None) -> bool:
        if said is None or said.intent not in ("pair", "move"):
            return False
        named = [p for p in (said.source, said.target) if isinstance(p, CardRef)]  # "remove king of clubs": the discard pile is no card
        return (len(named) == len(event.cards) and all(isinstance(p, CardRef) and p.suit is not None for p in named)
                and all(any(p.matches(c) for p in named) for c in event.cards))

    def _moved(self, before: State, event: Moved) -> str:
        card, more = event.cards[0], len(event.cards) - 1
        dst_spec = self.specs[event.dst]
        target_pile = before.piles[event.dst]
        if dst_spec.kind is PileKind.FOUNDATION:
            return self.say("moved_up", card=card)
        if dst_spec.kind is PileKind.DISCARD:
            return self.say("moved_discard", card=card)
        if target_pile.cards and target_pile.top_face_up:
            key = "moved_run" if more else "moved"
            return self.say(key, card=card, more=more, target=target_pile.cards[-1])
        key = "moved_run_to_pile" if more else "moved_to_pile"
        return self.say(key, card=card, more=more, pile=dst_spec.name)

    def _drew(self, event: Drew, after: State) -> list[str]:
        top = event.cards[-1]
        out = [self.say("drew_verbose", count=len(event.cards), card=top) if self.verbose else self.say("drew", card=top)]
        left = len(after.piles[event.src].cards)
        if left == 0:
            out.append(self.say("stock_now_empty"))
        elif self.verbose:
            out.append(self.say("stock_left", count=left))
        return out

    # ----- reading -------------------------------------------------------------------
    def read_pile(self, state: State, index: int, full: bool = True) -> str:
        spec, pile = self.specs[index], state.piles[index]
        if spec.kind is PileKind.STOCK:
            return self.say("read_stock", count=len(pile.cards))
        if spec.kind is PileKind.WASTE:
            return self.read_waste(state, index)
        if not pile.cards:
            return self.say("read_empty", pile=spec.name)
        if spec.kind is PileKind.FOUNDATION:
            said = self.say("read_foundation", pile=spec.name, rank=pile.cards[-1].rank.spoken)
            needed = self.foundation_needs(state).get(index)
            return f"{said[:-1]}, {self.needs_phrase(needed)}." if needed else said
        if spec.kind is PileKind.DISCARD:
            return self.say("read_count", pile=spec.name, count=len(pile.cards))
        parts = []
        if pile.down:
            parts.append(self.say("face_down", count=pile.down).rstrip("."))
        up = pile.face_up
        sequence = spec.takes.sequence if spec.takes is not None and spec.takes.runs else None
        if full or len(up) <= 2 or sequence is None or not sequence.is_run(up):
            parts.extend(card.spoken for card in up)
        else:
            parts.append(self.say("run_range", first=up[0], last=up[-1]).rstrip(".").lower())
        return self.say("read_pile", pile=spec.name, parts=", ".join(parts))

    def needs(self, state: State, index: int) -> list[Card]:
        """The distinct cards that could go on pile ``index`` now, from any other pile."""
        spec = self.specs[index]
        if spec.accepts is None:
            return []
        pile = state.piles[index]
        sources = [s for i, s in enumerate(self.specs) if i != index and s.takes is not None and s.kind is not PileKind.FOUNDATION]
        source = sources[0] if sources else spec
        return [c for c in dict.fromkeys(new_deck()) if spec.accepts.allows(self.engine.layout, state, source, spec, pile, (c,))]

    def foundation_needs(self, state: State) -> dict[int, list[Card]]:
        """What each foundation takes next, by pile index, when it is worth saying: when some
        foundation takes something other than the next rank of its own suit (Hopscotch builds by
        twos, threes and fours); otherwise (Klondike...) nothing, the obvious goes unsaid."""
        needs = {i: self.needs(state, i) for i in self.engine.game.indices(PileKind.FOUNDATION)}
        for i, needed in needs.items():
            pile, spec = state.piles[i], self.specs[i]
            if needed and pile.cards:
                top = pile.cards[-1]
                if any(c.rank != top.rank + 1 or (spec.suit is not None and c.suit is not spec.suit) for c in needed):
                    return needs
        return {}

    def free_cards(self, state: State) -> list[Card] | None:
        """The free table cards of a pairing game where some are covered (a pyramid), else None."""
        game = self.engine.game
        if game.pairs is None:
            return None
        table = set(game.indices(PileKind.TABLEAU))
        free = [(i, j) for i, j in game.pairs.free_places(game, state) if i in table]
        occupied = [i for i in table if state.piles[i].cards]
        if len(free) == len(occupied):
            return None
        return [state.piles[i].cards[j] for i, j in sorted(free)]

    def needs_phrase(self, cards: list[Card]) -> str:
        if not cards:
            return ""
        ranks = {c.rank for c in cards}
        if len(ranks) == 1 and len(cards) == 4:
            return self.say("needs", cards=with_article(cards[0].rank.spoken)).rstrip(".").lower()
        return self.say("needs", cards=join([c.spoken for c in cards])).rstrip(".").lower()

    def spot_label(self, index: int) -> str:
        """A pile's name inside its group's reading: "column four", else its own name."""
        spec = self.specs[index]
        return f"column {number_word(spec.number)}" if spec.number is not None else spec.name

    def read_group(self, state: State, group: str, name: str, mark_free: bool = True) -> str:
        """Every pile of a group in one sentence, each with what it needs next ("column one: five of hearts, needs eight of hearts")."""
        parts = []
        free = self.free_cards(state) if mark_free else None
        hidden = 0
        for i in self.engine.layout.groups[group]:
            spec, pile = self.specs[i], state.piles[i]
            label = self.spot_label(i)
            if pile.cards and not pile.top_face_up and spec.accepts is None:
                hidden += 1  # a face-down spot of the peaks: counted, not named one by one
                continue
            words = [pile.cards[-1].spoken if pile.top_face_up else ("face down" if pile.cards else "empty")]
            if spec.kind is PileKind.RESERVE and len(pile.cards) > 1:
                words.append(f"{len(pile.cards)} cards")
            if free is not None and pile.cards and pile.cards[-1] in free:
                words.append(self.say("free_marker").lower())
            needed = self.needs(state, i)
            if needed:
                words.append(self.needs_phrase(needed))
            elif not pile.cards and spec.accepts is not None:
                words.append(self.say("takes_nothing_now").rstrip(".").lower())  # a dead gap (Gaps)
            parts.append(f"{label}: " + ", ".join(words))
        if hidden:
            parts.insert(0, self.say("face_down", count=hidden))
        return self.say("read_group", group=name, parts="; ".join(parts))

    def read_waste(self, state: State, index: int) -> str:
        pile = state.piles[index]
        if not pile.cards:
            return self.say("read_empty", pile=self.specs[index].name)
        shown = [c.spoken for c in pile.cards[-3:]]  # top last, as every pile is read
        if len(pile.cards) > 3:
            return self.say("read_waste_more", cards=", ".join(shown), count=len(pile.cards))
        return self.say("read_waste", cards=", ".join(shown))

    def read_board(self, state: State) -> list[str]:
        out: list[str] = []
        game = self.engine.game
        stock, waste = game.layout.stock, game.layout.waste
        if stock >= 0 and waste >= 0:
            top = state.piles[waste].top
            out.append(self.say("board_stock", stock=len(state.piles[stock].cards), waste=top.spoken if top else "empty"))
        elif stock >= 0:
            out.append(self.read_pile(state, stock))
        if game.indices(PileKind.FOUNDATION):
            out.append(self.read_foundations(state))
        if game.indices(PileKind.CELL):
            out.append(self.read_cells(state))  # one sentence for the cells, not one each
        grouped: set[int] = set()
        briefed = ""
        for group, names in game.group_names.items():
            if len(game.layout.groups[group]) > self.LONG_GROUP:
                out.append(self.read_group_gaps(state, group, names[0]))
                briefed = briefed or names[0]
            else:
                out.append(self.read_group(state, group, names[0], mark_free=False))  # one "Free:" sentence ends the board
            grouped.update(game.layout.groups[group])
        for i, spec in enumerate(self.specs):
            if i not in grouped and spec.kind not in (PileKind.STOCK, PileKind.WASTE, PileKind.FOUNDATION, PileKind.CELL):
                out.append(self.read_pile(state, i, full=False))
        free = self.free_cards(state)
        if free:
            out.append(self.say("board_free", cards=join([c.spoken for c in free], "and")))
        if briefed:
            out.append(self.say("board_read_a_group", group=briefed))
        return out

    # ----- the board in brief, then group by group ("more") --------------------------------
    SUMMARY_WORDS = 40
    """The most words the board summary should take (about 12 s at 200 words a minute)."""
    PAGE_WORDS = 45
    """About how many words each "more" reads of the full board."""

    def board_summary(self, state: State) -> list[str]:
        """"Read the board" in brief, for every game from its pile kinds: the stock and waste, how
        much is home, the cells and reserves, how many cards are face down, then what can be played
        (the top of each column; a pyramid's or peaks' free cards; on a grid, the moves)."""
        game = self.engine.game
        out: list[str] = []
        stock, waste = game.layout.stock, game.layout.waste
        if stock >= 0 and waste >= 0:
            top = state.piles[waste].top
            out.append(self.say("board_stock", stock=len(state.piles[stock].cards), waste=top.spoken if top else "empty"))
        elif stock >= 0:
            out.append(self.say("summary_stock", count=len(state.piles[stock].cards)))
        foundations = game.indices(PileKind.FOUNDATION)
        counts = []
        if foundations and game.lift_off is not None:
            done = sum(1 for i in foundations if state.piles[i].cards)
            counts.append(self.say("summary_runs", count=done, total=len(foundations)).rstrip("."))
        elif foundations:
            home = sum(len(state.piles[i].cards) for i in foundations)
            counts.append(self.say("summary_home", count=home if home else "none").rstrip("."))
        down = sum(p.down for i, p in enumerate(state.piles) if self.specs[i].kind is not PileKind.STOCK)
        if down:
            counts.append(self.say("face_down", count=down))
        if counts:
            out.append("; ".join(counts) + ".")
        cells = game.indices(PileKind.CELL)
        if cells:
            out.append(self.read_cells(state))
        reserves = [i for i in game.indices(PileKind.RESERVE) if i not in self._named_groups()]
        if len(reserves) == 1:
            pile = state.piles[reserves[0]]
            out.append(self.say("summary_reserve", card=pile.top.spoken if pile.top is not None and pile.top_face_up else "empty", count=len(pile.cards)) if len(pile.cards) > 1
                       else self.read_pile(state, reserves[0]))
        elif reserves and not any(state.piles[i].cards for i in reserves):
            out.append(self.say("summary_reserves", cards=f"all {len(reserves)} empty"))
        elif reserves:
            out.append(self.say("summary_reserves", cards=", ".join(self._top_word(state, i) for i in reserves)))
        budget = self.SUMMARY_WORDS - sum(len(x.split()) for x in out)
        playable = self.playable_summary(state, budget)
        out.extend(playable)
        listed_moves = playable and playable[0].startswith(self.say("summary_moves", cards="").split(":")[0])
        if playable and not listed_moves and sum(len(x.split()) for x in out) + 2 <= self.SUMMARY_WORDS:
            moves = self.distinct_moves(state, [m for m in ranked_moves(self.engine, state) if m.kind is not MoveKind.DEAL])
            out.append(self.say("summary_move_count", count=len(moves)) if moves else self.say("summary_no_moves"))  # how much is open
        return out

    def _named_groups(self) -> set[int]:
        """The piles in groups the player names ("row two": a grid, a pyramid)."""
        game = self.engine.game
        return {i for group in game.group_names for i in game.layout.groups.get(group, ())}

    def _top_word(self, state: State, index: int) -> str:
        pile = state.piles[index]
        return pile.cards[-1].spoken if pile.top_face_up else ("face down" if pile.cards else "empty")

    def playable_summary(self, state: State, budget: int) -> list[str]:
        """What can be played, in at most about ``budget`` words."""
        game = self.engine.game
        table = game.indices(PileKind.TABLEAU)
        loose = [i for i in table if i not in self._named_groups()]
        if loose and len(loose) <= self.LONG_GROUP:
            word = self.specs[loose[0]].name.split()[0]  # "pile one" -> piles, "column one" -> columns
            items = [self._top_word(state, i) for i in loose]
            return [self._listed("summary_tops", items, budget, kind=word.capitalize() + "s")]
        free = self.free_cards(state)
        if free is None and any(state.piles[i].down for i in table):  # peaks: the face-up cards are the free ones
            free = [state.piles[i].cards[-1] for i in table if state.piles[i].top_face_up]
        if free is not None:
            return [self._listed("summary_free", [c.spoken for c in free], budget)] if free else []
        moves = self.distinct_moves(state, [m for m in ranked_moves(self.engine, state) if m.kind is not MoveKind.DEAL])
        if not moves:
            return [self.say("summary_no_moves")]
        return [self._listed("summary_moves", self.move_phrases(state, moves), budget)]

    def _listed(self, key: str, items: list[str], budget: int, **params: object) -> str:
        """Sentence ``key`` listing ``items``, as many as fit in ``budget`` words, then "and N more"."""
        shown = list(items)
        if sum(len(x.split()) for x in shown) > budget:  # room for "and N more" too
            while len(shown) > 1 and sum(len(x.split()) for x in shown) + 3 > budget:
                shown.pop()
        listed = ", ".join(shown)
        if len(shown) < len(items):
            listed += ", " + self.say("and_more", count=len(items) - len(shown)).rstrip(".").lower()
        return self.say(key, cards=listed, **params)

    def board_pages(self, state: State) -> list[list[str]]:
        """The full board reading cut into pages of about ``PAGE_WORDS`` words, whole sentences
        each, group by group: what "more" reads after the summary."""
        pages: list[list[str]] = []
        summary = set(self.board_summary(state))
        stock = self.engine.game.layout.stock
        if stock >= 0:
            summary.add(self.read_pile(state, stock))
        for sentence in self.read_board(state):
            if sentence in summary:
                continue  # said already (the stock and the waste)
            words = len(sentence.split())
            if pages and sum(len(x.split()) for x in pages[-1]) + words <= self.PAGE_WORDS:
                pages[-1].append(sentence)
            else:
                pages.append([sentence])
        return pages

    def read_cells(self, state: State) -> str:
        """"Cells: nine of hearts, 3 free." (in order, the free ones counted)."""
        cells = self.engine.game.indices(PileKind.CELL)
        held = [state.piles[i].cards[-1].spoken for i in cells if state.piles[i].cards]
        free = len(cells) - len(held)
        if not held:
            return self.say("cells_all_free", count=free)
        if not free:
            return self.say("cells_full", cards=join(held, "and"))
        return self.say("cells", cards=", ".join(held), count=free)

    def read_foundations(self, state: State) -> str:
        """Every foundation's top in one sentence (the board's own foundations sentence)."""
        game = self.engine.game
        foundations = game.indices(PileKind.FOUNDATION)
        if game.lift_off is not None:
            done = sum(1 for i in foundations if state.piles[i].cards)
            return self.say("board_runs", count=done, total=len(foundations))
        parts = []
        needs = self.foundation_needs(state)
        for i in foundations:
            top = state.piles[i].top
            part = f"{self.specs[i].name} {top.rank.spoken if top else 'empty'}"
            needed = needs.get(i)
            parts.append(f"{part}, {self.needs_phrase(needed)}" if needed else part)
        return self.say("board_foundations", parts=("; " if needs else ", ").join(parts))

    def auto_played(self, before: State, after: State, count: int) -> list[str]:
        """An auto-play cascade in one sentence ("Auto played 6 cards; clubs up to nine."), then what
        it uncovered on the table."""
        parts = []
        for i in self.engine.game.indices(PileKind.FOUNDATION):
            if before.piles[i].cards != after.piles[i].cards and after.piles[i].cards:
                parts.append(f"{self.specs[i].name} up to {after.piles[i].cards[-1].rank.spoken}")
        out = [self.say("auto_played", count=count, parts=join(parts, "and"))]
        touched = [i for i, (a, b) in enumerate(zip(before.piles, after.piles)) if a.cards != b.cards and self.specs[i].kind is not PileKind.FOUNDATION]
        gaps = [self.specs[i].name for i in touched if not after.piles[i].cards and self.is_gap(i)]
        if len(gaps) > 1:
            out.append(self.say("emptied_many", piles=join(gaps, "and")))
        elif gaps:
            out.append(self.say("emptied", pile=gaps[0]))
        for i in touched:
            pile = after.piles[i]
            if not pile.cards:
                continue
            elif pile.top_face_up and self.specs[i].kind not in (PileKind.STOCK, PileKind.DISCARD):
                key = "waste_top" if self.specs[i].kind is PileKind.WASTE else "new_top"
                out.append(self.say(key, pile=self.specs[i].name, card=pile.cards[-1]))
        return out

    def read_group_gaps(self, state: State, group: str, name: str) -> str:
        """A long group (a Gaps row of 13) in brief for the board: its empty spots and what each takes,
        the dead ones only counted; "read row two" still reads every card."""
        live, dead = [], 0
        for i in self.engine.layout.groups[group]:
            if state.piles[i].cards or self.specs[i].accepts is None:
                continue
            needed = self.needs(state, i)
            if not needed:
                dead += 1
                continue
            live.append(f"{self.spot_label(i)}, {self.needs_phrase(needed)}")
        if live and dead:
            return self.say("read_group_gaps_and_dead", group=name, parts="; ".join(live), count=number_word(dead))
        if live:
            return self.say("read_group_gaps", group=name, parts="; ".join(live))
        if dead:
            return self.say("read_group_dead_gaps", group=name, count=number_word(dead), s="" if dead == 1 else "s")
        return self.say("read_group_no_gaps", group=name)

    def where(self, state: State, ref: CardRef) -> list[str]:
        cards = [Card(ref.rank, ref.suit)] if ref.suit else [Card(ref.rank, s) for s in Suit]
        out = []
        for card in cards:
            places = [(i, j) for i, j in self.engine.locate(state, card) if j >= state.piles[i].down]
            if not places:
                if ref.suit is not None:
                    out.append(self.say("where_hidden", card=card))
                continue
            for i, j in places:
                spec, depth = self.specs[i], len(state.piles[i].cards) - 1 - j
                position = self.say("on_top").rstrip(".").lower() if depth == 0 else self.say("from_top", nth=ordinal_word(depth + 1)).rstrip(".").lower()
                if spec.kind is PileKind.FOUNDATION or len(state.piles[i].cards) == 1:  # "on top" of nothing else says nothing
                    out.append(self.say("where_foundation", card=card, pile=spec.name))
                elif spec.kind is PileKind.WASTE:
                    out.append(self.say("where_waste", card=card, position=position))
                else:
                    out.append(self.say("where_pile", card=card, pile=spec.name, position=position))
        return out or [self.say("no_rank_showing", card=ref)]

    def count(self, state: State) -> str:
        """How many cards are where: stock, waste, face down, home (only what this game has)."""
        game = self.engine.game
        parts = []
        if game.layout.stock >= 0:
            parts.append(self.say("count_stock", count=len(state.piles[game.layout.stock].cards)).rstrip("."))
        if game.layout.waste >= 0:
            parts.append(self.say("count_waste", count=len(state.piles[game.layout.waste].cards)).rstrip(".").lower())
        down = sum(p.down for i, p in enumerate(state.piles) if self.specs[i].kind is not PileKind.STOCK)
        if down:
            parts.append(self.say("face_down", count=down).rstrip("."))
        sentences = [", ".join(parts) + "."] if parts else []
        foundations = game.indices(PileKind.FOUNDATION)
        if foundations:
            home = sum(len(state.piles[i].cards) for i in foundations)
            sentences.append(self.say("count_home", home=home, total=52 * game.decks))
        return " ".join(sentences) or self.score(state)  # no stock and no foundations: the score says it

    def score(self, state: State) -> str:
        points = self.engine.score(state)
        said = str(points) if points >= 0 else f"minus {-points}"  # "Score minus 3", not "Score -3"
        if not self.engine.game.announce_max_score:
            return self.say("score_only", score=said)
        return self.say("score", score=said, max=self.engine.game.max_score)
