"""What happened: the engine's events after a move, said in short sentences.

A move the player named is not said back to them; what it changed that they could not know
(a turned-over card, the waste's next card, an emptied column, cards a pyramid set free) is.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from voicegame.engine import (
    Compacted,
    DealtRow,
    Drew,
    Event,
    LiftedOff,
    Move,
    MoveKind,
    Moved,
    Paired,
    Pile,
    PileKind,
    Redealt,
    Restacked,
    State,
    TurnedOver,
    Won,
)
from voicegame.engine.words import number_word
from voicegame.language.command import CardRef, Command, Intent, KindRef, PileRef
from voicegame.language.messages import join
from voicegame.language.phrasing import Phrasing
from voicegame.language.readings import Readings


@dataclass
class Telling:
    """What one move's events have said so far, and what is left to say after them."""

    before: State  # kept current event by event: a later move may land where an earlier one left
    after: State
    said: Command | None  # the command the player typed (what it named is not said back)
    named: bool  # the move was said already (redo says it first)
    again: bool  # a draw or a deal done again (redo)
    named_source: int | None  # "pile four to pile three": the player named pile four
    out: list[str] = field(default_factory=list)
    left: list[int] = field(default_factory=list)  # piles cards left, in order: their new tops are what the player must hear
    told: set[int] = field(default_factory=set)  # piles whose new state was said already
    unsaid: set[int] = field(default_factory=set)  # piles a card went to that the player named, so it was not said back


class EventNarration:
    """Events said for one game: moves in ``phrasing``'s words, what they uncovered as ``readings``
    say it; ``verbose`` adds counts the player can also ask for."""

    def __init__(self, readings: Readings, phrasing: Phrasing, verbose: bool = False) -> None:
        self.readings = readings
        self.phrasing = phrasing
        self.messages = readings.messages
        self.engine = readings.engine
        self.specs = readings.specs
        self.verbose = verbose

    def events(self, before: State, events: Iterable[Event], after: State, said: Command | None = None,
               named: bool = False, again: bool = False) -> list[str]:
        """What happened, then what it changed that was not said yet: the new top of every pile a card
        left (a turned-over card, the waste's next card, a column's next card), an emptied column or
        cell, cards a pyramid set free. ``said`` is the command the player typed: what it named (the
        card and where it went) is not said back to them; ``named``: the move was said already
        (redo says it first). ``again``: a draw or a deal done again (redo). Each event is said by
        its handler in :data:`EVENT_TELLERS`."""
        events = list(events)
        telling = Telling(before, after, said, named, again, self._named_source(said))
        for event in events:
            EVENT_TELLERS[type(event)](self, telling, event)
        self._foundations_reached(telling, events)
        out = telling.out
        won = any(isinstance(e, Won) for e in events)
        if not won:
            out.extend(self._changed_tops(before, after, telling.left, telling.told, telling.named_source))
            out.extend(self._newly_free(before, after, events, {e.card for e in events if isinstance(e, TurnedOver)}))
        if not out and any(isinstance(e, (Moved, Paired)) for e in events):
            out.append(self.messages.say("done"))  # everything was said by the player: confirm, briefly
        if won:
            out.extend(self.messages.say(self.engine.game.won_key) for e in events if isinstance(e, Won))
        return out

    def _foundations_reached(self, telling: Telling, events: list[Event]) -> None:
        """A run sent home card by card, its last card named by the player and so not said: read
        where the foundation ends."""
        homes = [e.dst for e in events if isinstance(e, Moved) and self.specs[e.dst].kind is PileKind.FOUNDATION]
        for foundation in {h for h in homes if homes.count(h) > 1} & telling.unsaid:
            telling.left.append(foundation)
            telling.told.discard(foundation)

    def tell_moved(self, t: Telling, event: Moved) -> None:
        """A card or run moved: said unless the player's words said it; an emptied column after it."""
        if not t.named and not self._was_said(t.before, event, t.said) and not self._card_was_known(event, t.after, t.named_source):
            t.out.append(self._moved(t.before, event, t.said))
        elif not t.named:
            t.unsaid.add(event.dst)
        moved = len(event.cards)
        t.before = t.before.with_piles({event.src: t.before.piles[event.src].without_top(moved),
                                        event.dst: t.before.piles[event.dst].with_added(event.cards)})
        t.left.append(event.src)
        t.told.discard(event.src)
        t.told.add(event.dst)  # its top is the card just moved, said or named by the player
        if not t.after.piles[event.src].cards and not t.before.piles[event.src].cards and self.readings.is_gap(event.src):  # once: a run home moves card by card
            t.out.append(self.messages.say("emptied", pile=self.phrasing.pile_name(event.src)))
            t.told.add(event.src)

    def tell_turned_over(self, t: Telling, event: TurnedOver) -> None:
        t.out.append(self.messages.say("turned_over", card=event.card) if event.pile == t.named_source
                     else self.messages.say("revealed", pile=self.phrasing.pile_name(event.pile), card=event.card))
        t.told.add(event.pile)

    def tell_drew(self, t: Telling, event: Drew) -> None:
        t.out.extend(self._drew(event, t.after, t.again))
        t.told.add(event.dst)

    def tell_restacked(self, t: Telling, event: Restacked) -> None:
        t.out.append(self.messages.say("restacked", count=event.count))
        if event.redeals_left is not None:
            t.out.append(self.messages.say("redeals_left", left=event.redeals_left))

    def tell_dealt_row(self, t: Telling, event: DealtRow) -> None:
        t.out.append(self.messages.say("dealt_again" if t.again else "dealt_cards", cards=join([c.spoken for c in event.cards], "and")))

    def tell_paired(self, t: Telling, event: Paired) -> None:
        if not t.named and not self._pair_was_said(event, t.said):
            cards = join([c.spoken for c in event.cards], "and")
            home = self.specs[event.dst]
            t.out.append(self.messages.say("paired", cards=cards) if home.kind is PileKind.DISCARD
                         else self.messages.say("paired_to", cards=cards, pile=home.name))  # King's Audience's thrones
        t.left.extend(event.srcs)
        t.told.difference_update(event.srcs)  # a card just put there may have gone with the rest (First Law's sets)
        for card, src in zip(event.cards, event.srcs):  # keep ``before`` current: a refill may land there
            pile = t.before.piles[src]
            t.before = t.before.with_piles({src: Pile(tuple(c for c in pile.cards if c != card), min(pile.down, len(pile.cards) - 1))})

    def tell_compacted(self, t: Telling, event: Compacted) -> None:
        t.out.append(self.messages.say("compacted"))

    def tell_redealt(self, t: Telling, event: Redealt) -> None:
        t.out.append(self.messages.say("redealt", count=event.count))
        if event.redeals_left is not None:
            t.out.append(self.messages.say("redeals_left", left=event.redeals_left))

    def tell_lifted_off(self, t: Telling, event: LiftedOff) -> None:
        t.out.append(self.messages.say("lifted_off", suit=event.cards[0].suit))
        t.left.append(event.src)
        t.told.discard(event.src)

    def tell_won(self, t: Telling, event: Won) -> None:
        """Said last, after everything else (:meth:`events`)."""

    def _changed_tops(self, before: State, after: State, piles: list[int], told: set[int], named: int | None = None) -> list[str]:
        """"Waste: nine of clubs.", "Column three: five of hearts.": the new face-up top of each pile
        a card left, unless it was said (turned over) or is unchanged; of the pile the player named
        (``named``: "pile four to pile three") without its name again: "Five of hearts shows."."""
        out = []
        for i in dict.fromkeys(piles):
            pile, spec = after.piles[i], self.specs[i]
            if i not in told and not pile.cards and self.readings.is_gap(i):
                out.append(self.messages.say("emptied", pile=spec.name))  # a run lifted off (Spider) left a gap
            if i in told or not pile.top_face_up or spec.kind in (PileKind.STOCK, PileKind.DISCARD):
                continue
            old = before.piles[i]
            if old.top_face_up and old.cards == pile.cards:
                continue  # unchanged (a card went and came back)
            if spec.kind is PileKind.WASTE:
                out.append(self.messages.say("waste_top", card=pile.cards[-1]))
            elif spec.kind is PileKind.FOUNDATION:
                out.append(self.messages.say("read_foundation", pile=spec.name, rank=pile.cards[-1].rank.spoken))
            elif i == named:
                out.append(self.messages.say("now_shows", card=pile.cards[-1]))
            else:
                out.append(self.messages.say("new_top", pile=spec.name, card=pile.cards[-1]))
        return out

    def _newly_free(self, before: State, after: State, events: list[Event], said: set | frozenset = frozenset()) -> list[str]:
        """Cards a pair set free in a pyramid (Treize): "Now free: eight of clubs.", but for those just
        said (a card turned over: "Row six column five shows eight of clubs.")."""
        if not any(isinstance(e, Paired) for e in events):
            return []
        was = self.readings.free_cards(before) or []
        now = [c for c in (self.readings.free_cards(after) or []) if c not in was and c not in said]
        return [self.messages.say("now_free", cards=join([c.spoken for c in now], "and"))] if now else []

    def _was_said(self, before: State, event: Moved, said: Command | None) -> bool:
        """Did the player's own words name both the card that moved and where it went ("seven of
        hearts on eight of spades", "nine of clubs to cell two", "ace of clubs up")?"""
        if said is None or said.intent != Intent.MOVE or not isinstance(said.source, CardRef) or said.source.suit is None:
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
        if said is None or said.intent not in (Intent.PAIR, Intent.MOVE):
            return False
        named = [p for p in (said.source, said.target) if isinstance(p, CardRef)]  # "remove king of clubs": the discard pile is no card
        return (len(named) == len(event.cards) and all(isinstance(p, CardRef) and p.suit is not None for p in named)
                and all(any(p.matches(c) for p in named) for c in event.cards))

    def _card_was_known(self, event: Moved, after: State, named_source: int | None) -> bool:
        """Is the card a move said by pile took ("pile four to pile three") one the player knew, so
        that what pile four shows now, or that it is empty, is the whole news ("Ten of hearts
        shows.", "Pile four is empty.")? A single card from the top of the pile they named: they
        chose the move by it. A run is still counted ("Nine of clubs and 2 more moved."), and
        ``verbose`` says the card every time."""
        if self.verbose or event.src != named_source or len(event.cards) != 1:
            return False
        if self.specs[event.src].kind in (PileKind.STOCK, PileKind.DISCARD):
            return False
        left = after.piles[event.src]
        return left.top_face_up or (not left.cards and self.readings.is_gap(event.src))

    def _named_source(self, said: Command | None) -> int | None:
        """The pile a move said by pile came from ("pile four to pile three"), else None."""
        if said is None or said.intent != Intent.MOVE or not isinstance(said.source, PileRef) or not isinstance(said.target, PileRef):
            return None
        return self.engine.layout.index.get(said.source.pile_id)

    def _moved(self, before: State, event: Moved, said: Command | None = None) -> str:
        card, more = event.cards[0], len(event.cards) - 1
        if self._named_source(said) is not None and self.specs[event.dst].kind not in (PileKind.FOUNDATION, PileKind.DISCARD):
            return self.messages.say("moved_run_short" if more else "moved_short", card=card, more=more)  # both piles were named: what moved
        dst_spec = self.specs[event.dst]
        target_pile = before.piles[event.dst]
        if dst_spec.kind is PileKind.FOUNDATION:
            return self.messages.say("moved_up", card=card)
        if dst_spec.kind is PileKind.DISCARD:
            return self.messages.say("moved_discard", card=card)
        if target_pile.cards and target_pile.top_face_up:
            key = "moved_run" if more else "moved"
            return self.messages.say(key, card=card, more=more, target=target_pile.cards[-1])
        key = "moved_run_to_pile" if more else "moved_to_pile"
        return self.messages.say(key, card=card, more=more, pile=dst_spec.name)

    def _drew(self, event: Drew, after: State, again: bool = False) -> list[str]:
        top = event.cards[-1]
        if again:
            out = [self.messages.say("drew_again", card=top)]
        else:
            out = [self.messages.say("drew_verbose", count=len(event.cards), card=top) if self.verbose else self.messages.say("drew", card=top)]
        left = len(after.piles[event.src].cards)
        if left == 0:
            out.append(self.messages.say("stock_now_empty"))
        elif self.verbose:
            out.append(self.messages.say("stock_left", count=left))
        return out


    def undone(self, after: State, move: Move) -> list[str]:
        """What undo took back, and what that changed: "Took back the draw. The waste shows the
        seven of clubs.", "Took back the deal.", "Took back seven of hearts on eight of spades."."""
        if move.kind is not MoveKind.DEAL:
            return [self.messages.say("undone", move=self.phrasing.move_phrase(after, move))]
        verb = self.phrasing.stock_verb()
        out = [self.messages.say(f"undone_{verb}")]
        waste = self.engine.game.layout.waste
        if verb == "draw" and waste >= 0:
            top = after.piles[waste].top
            out.append(self.messages.say("waste_shows", card=top) if top is not None else self.messages.say("waste_now_empty"))
        return out

    def redone(self, before: State, move: Move, events: list[Event], after: State) -> list[str]:
        """What redo did again: "Drew again: the seven of clubs.", "Dealt again: ...", "Again: seven
        of hearts on eight of spades. Pile two shows the ten of clubs."."""
        if move.kind is MoveKind.DEAL:
            return self.events(before, events, after, again=True)
        return [self.messages.say("redone", move=self.phrasing.move_phrase(before, move))] + self.events(before, events, after, named=True)

    def auto_played(self, before: State, after: State, count: int) -> list[str]:
        """An auto-play cascade in one sentence ("Two cards went home: the ace of hearts and the ace
        of spades.", "Six cards went home: clubs up to nine and hearts up to four."), then what it
        uncovered on the table."""
        out = [self._went_home(before, after, count)]
        touched = [i for i, (a, b) in enumerate(zip(before.piles, after.piles)) if a.cards != b.cards and self.specs[i].kind is not PileKind.FOUNDATION]
        gaps = [self.specs[i].name for i in touched if not after.piles[i].cards and self.readings.is_gap(i)]
        if len(gaps) > 1:
            out.append(self.messages.say("emptied_many", piles=join(gaps, "and")))
        elif gaps:
            out.append(self.messages.say("emptied", pile=gaps[0]))
        for i in touched:
            pile, kind = after.piles[i], self.specs[i].kind
            if pile.cards and pile.top_face_up and kind not in (PileKind.STOCK, PileKind.DISCARD):
                key = "waste_top" if kind is PileKind.WASTE else "new_top"
                out.append(self.messages.say(key, pile=self.specs[i].name, card=pile.cards[-1]))
        return out

    def _went_home(self, before: State, after: State, count: int) -> str:
        """The cards a cascade sent home, or for a long one how far each foundation got."""
        parts, cards = [], []
        for i in self.engine.game.indices(PileKind.FOUNDATION):
            if before.piles[i].cards != after.piles[i].cards and after.piles[i].cards:
                parts.append(self.messages.phrase("up_to", pile=self.specs[i].name, rank=after.piles[i].cards[-1].rank.spoken))
                cards += ["the " + c.spoken for c in after.piles[i].cards[len(before.piles[i].cards):]]
        if len(cards) > 3 or len(cards) != count:  # a long cascade: how far each foundation got
            cards = parts
        return self.messages.say("auto_played", count=number_word(count), parts=join(cards, "and"))


EVENT_TELLERS: dict[type, Callable[[EventNarration, Telling, Any], None]] = {
    Moved: EventNarration.tell_moved, TurnedOver: EventNarration.tell_turned_over, Drew: EventNarration.tell_drew,
    Restacked: EventNarration.tell_restacked, DealtRow: EventNarration.tell_dealt_row, Paired: EventNarration.tell_paired,
    Compacted: EventNarration.tell_compacted, Redealt: EventNarration.tell_redealt,
    LiftedOff: EventNarration.tell_lifted_off, Won: EventNarration.tell_won,
}
"""Event type -> what says it (every engine event has one; tests/test_event_tellers.py checks they agree)."""
