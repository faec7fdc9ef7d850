"""What to say: events, reasons and readings turned into short sentences.

Every sentence comes from a template in ``grammars/<lang>/messages.toml``.
Brief by default; ``verbose`` adds counts the player can also ask for.
"""

from __future__ import annotations

from typing import Iterable

from voicegame.cards import Card, Rank, Suit, new_deck
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
from voicegame.voice.command import CardRef
from voicegame.voice.language import Language, load_language
from voicegame.words import number_word, ordinal_word


EMPTYING_KINDS = (PileKind.TABLEAU, PileKind.RESERVE, PileKind.CELL)
"""Pile kinds whose emptying is worth saying (a gap the player may use)."""


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
        text = template.format(**{k: spoken_value(v) for k, v in params.items()})
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
        reading.append("read the board")
        if PileKind.WASTE in first:
            reading.append(f"read {first[PileKind.WASTE]}")
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

    def move_phrases(self, state: State, moves: list[Move]) -> list[str]:
        """Phrases for several moves, naming piles wherever card names would repeat."""
        phrases = [self.move_phrase(state, m) for m in moves]
        repeated = {p for p in phrases if phrases.count(p) > 1}
        return [self.move_phrase(state, m, by_pile=True) if p in repeated else p for p, m in zip(phrases, moves)]

    def events(self, before: State, events: Iterable[Event], after: State) -> list[str]:
        out: list[str] = []
        for event in events:
            if isinstance(event, Moved):
                out.append(self._moved(before, event))
                moved = len(event.cards)  # keep ``before`` current: a later move may land where this one left
                before = before.with_piles({event.src: before.piles[event.src].without_top(moved), event.dst: before.piles[event.dst].with_added(event.cards)})
                if not after.piles[event.src].cards and self.specs[event.src].kind in EMPTYING_KINDS:
                    out.append(self.say("emptied", pile=self.pile_name(event.src)))
            elif isinstance(event, TurnedOver):
                out.append(self.say("revealed", pile=self.pile_name(event.pile), card=event.card))
            elif isinstance(event, Drew):
                out.extend(self._drew(event, after))
            elif isinstance(event, Restacked):
                out.append(self.say("restacked", count=event.count))
                if event.redeals_left is not None:
                    out.append(self.say("redeals_left", left=event.redeals_left))
            elif isinstance(event, DealtRow):
                out.append(self.say("dealt_cards", cards=join([c.spoken for c in event.cards], "and")))
            elif isinstance(event, Paired):
                out.append(self.say("paired", cards=join([c.spoken for c in event.cards], "and")))
            elif type(event).__name__ == "Compacted":
                out.append(self.say("compacted"))
            elif isinstance(event, Redealt):
                out.append(self.say("redealt", count=event.count))
                if event.redeals_left is not None:
                    out.append(self.say("redeals_left", left=event.redeals_left))
            elif isinstance(event, LiftedOff):
                out.append(self.say("lifted_off", suit=event.cards[0].suit))
            elif isinstance(event, Won):
                out.append(self.say(self.engine.game.won_key))
        return out

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
        return [c for c in dict.fromkeys(new_deck()) if spec.accepts.allows(state, source, spec, pile, (c,))]

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
        for i in self.engine.layout.groups[group]:
            spec, pile = self.specs[i], state.piles[i]
            label = self.spot_label(i)
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
        return self.say("read_group", group=name, parts="; ".join(parts))

    def read_waste(self, state: State, index: int) -> str:
        pile = state.piles[index]
        if not pile.cards:
            return self.say("read_empty", pile=self.specs[index].name)
        shown = [c.spoken for c in reversed(pile.cards[-3:])]
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
        foundations = game.indices(PileKind.FOUNDATION)
        if foundations and game.lift_off is not None:
            done = sum(1 for i in foundations if state.piles[i].cards)
            out.append(self.say("board_runs", count=done, total=len(foundations)))
        elif foundations:
            parts = []
            needs = self.foundation_needs(state)
            for i in foundations:
                top = state.piles[i].top
                part = f"{self.specs[i].name} {top.rank.spoken if top else 'empty'}"
                needed = needs.get(i)
                parts.append(f"{part}, {self.needs_phrase(needed)}" if needed else part)
            out.append(self.say("board_foundations", parts=("; " if needs else ", ").join(parts)))
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
            if i not in grouped and spec.kind not in (PileKind.STOCK, PileKind.WASTE, PileKind.FOUNDATION):
                out.append(self.read_pile(state, i, full=False))
        free = self.free_cards(state)
        if free:
            out.append(self.say("board_free", cards=join([c.spoken for c in free], "and")))
        if briefed:
            out.append(self.say("board_read_a_group", group=briefed))
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
        if not self.engine.game.announce_max_score:
            return self.say("score_only", score=self.engine.score(state))
        return self.say("score", score=self.engine.score(state), max=self.engine.game.max_score)
