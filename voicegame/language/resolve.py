"""Command + position -> a move to play, a question to ask, or a refusal with its reason.

The legal moves of the position are the candidates; the command's source and
target narrow them. One left: play it. Several: ask which, naming only what
differs ("Which seven: hearts or spades?"). None: say why, in one sentence.

A resolution is a value, not words: :class:`Play` (a move), :class:`Ask` (a question's
message key, its values and its choices) or :class:`Refuse` (a :class:`Reason`: a message
key and its values). :meth:`Narrator.question` and :meth:`Narrator.refusal` say them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from voicegame.engine.cards import Card
from voicegame.engine import Engine, Move, MoveKind, PileKind, Reason, State
from voicegame.language.phrasing import Phrasing
from voicegame.language.command import CardRef, Command, Intent, KindRef, PileRef, Place
from voicegame.engine.words import number_word


@dataclass(frozen=True)
class Play:
    """Play this move."""

    move: Move


@dataclass(frozen=True)
class Ask:
    """Ask which move was meant: message ``key`` ("which_target", "which_card", "which_location",
    "which_move") with ``params`` (the card or rank it names), and each choice as the words that
    name it (what the player may answer) with the move it plays, in the order said."""

    key: str
    options: tuple[tuple[str, Move], ...]
    params: dict[str, object] = field(default_factory=dict)

    @property
    def labels(self) -> list[str]:
        return [label for label, _ in self.options]

    @property
    def moves(self) -> tuple[Move, ...]:
        return tuple(move for _, move in self.options)


@dataclass(frozen=True)
class Refuse:
    """Nothing to play, and why: an engine reason or one of the resolver's own
    ("not_showing", "no_move_to", "not_a_choice" with the open question as ``question``...)."""

    reason: Reason


Resolution = Play | Ask | Refuse


class Resolver:
    def __init__(self, engine: Engine, phrasing: Phrasing) -> None:
        self.engine = engine
        self.phrasing = phrasing
        self.specs = engine.specs

    # ----- which piles a place can mean --------------------------------------------
    def _sources(self, state: State, ref: Place | None) -> tuple[list[tuple[int, int | None]], Reason | None]:
        """(pile, count or None for any) pairs the source could mean, or why there is none."""
        if ref is None:
            return [(i, None) for i in range(len(self.specs))], None
        if isinstance(ref, PileRef):
            return [(self.engine.layout.index[ref.pile_id], 1 if ref.top else None)], None
        if isinstance(ref, KindRef):
            return [(i, None) for i in self.engine.game.indices(ref.kind)], None
        assert isinstance(ref, CardRef)  # groups are named only to be read, never in a move
        found: list[tuple[int, int | None]] = []
        for i, pile in enumerate(state.piles):
            for j in range(pile.down, len(pile.cards)):
                if ref.matches(pile.cards[j]) and pile.shows(j):
                    found.append((i, len(pile.cards) - j))
        if not found:
            key = "not_showing" if ref.suit is not None else "no_rank_showing"
            return [], Reason(key, {"card": ref})
        return found, None

    def _targets(self, state: State, ref: Place | None) -> tuple[list[int], Reason | None]:
        if ref is None:
            return list(range(len(self.specs))), None
        if isinstance(ref, PileRef):
            return [self.engine.layout.index[ref.pile_id]], None
        if isinstance(ref, KindRef):
            return list(self.engine.game.indices(ref.kind)), None
        assert isinstance(ref, CardRef)  # groups are named only to be read, never in a move
        found = [i for i, p in enumerate(state.piles) if p.top_face_up and ref.matches(p.cards[-1])]
        if not found:
            return [], self._not_on_top(state, ref)
        return found, None

    def _not_on_top(self, state: State, ref: CardRef) -> Reason:
        """Why no pile has the named card on top to take another: it is covered by other cards
        (face up, but not on top), or it is face down (in a pile or the stock), or it is nowhere."""
        places = [pile.shows(j) for pile in state.piles for j, card in enumerate(pile.cards) if ref.matches(card)]
        if ref.suit is None:
            return Reason("no_rank_on_top" if any(places) else "no_rank_showing", {"card": ref})
        face_down = bool(places) and not any(places)
        return Reason("card_not_turned_over" if face_down else "not_movable", {"card": ref})

    # ----- resolving ----------------------------------------------------------------------
    def resolve_move(self, state: State, source: Place | None, target: Place | None) -> Resolution:
        removing = isinstance(target, KindRef) and target.kind is PileKind.DISCARD  # "remove ...": Camelot places cards and pairs them
        if self.engine.game.pairs is not None and (not self.engine._targets or removing):  # noqa: SLF001 (a pure pairing game)
            return self.resolve_pair(state, source, None if target is None or isinstance(target, KindRef) else target)
        sources, refusal = self._sources(state, source)
        if refusal:
            return Refuse(refusal)
        targets, refusal = self._targets(state, target)
        if refusal:
            return Refuse(refusal)
        candidates = self._move_candidates(state, sources, targets)
        if len(candidates) == 1:
            return Play(candidates[0])
        if not candidates:
            return Refuse(self._explain(state, source, sources, targets))
        return self.ask(state, candidates)

    def _move_candidates(self, state: State, sources: list[tuple[int, int | None]], targets: list[int]) -> list[Move]:
        """The legal card moves from one of ``sources`` to one of ``targets``: of those between the
        same two piles, the longest run (but one card home), and one of several equal empty piles."""
        wanted = set(targets)
        by_pair: dict[tuple[int, int], Move] = {}
        for move in self.engine.legal_moves(state):
            if move.kind is not MoveKind.MOVE or move.dst not in wanted:
                continue
            if any(move.src == s and (count is None or count == move.count) for s, count in sources):
                key = (move.src, move.dst)
                home = self.specs[move.dst].kind is PileKind.FOUNDATION  # "pile two up": its top card; a run home is named by its card
                if key not in by_pair or (by_pair[key].count < move.count and not home):
                    by_pair[key] = move
        return self.phrasing.distinct_moves(state, list(by_pair.values()))

    def _free_matching(self, state: State, ref: Place | None) -> list[tuple[int, int]]:
        """The free places (pile, position) a spoken place can mean: a card by name, or a pile's top."""
        pairs = self.engine.game.pairs
        assert pairs is not None  # resolve_pair refuses a game without a pair rule first
        free = pairs.free_places(self.engine.game, state)
        if ref is None:
            return free
        if isinstance(ref, CardRef):
            return [(p, i) for p, i in free if ref.matches(state.piles[p].cards[i])]
        if isinstance(ref, PileRef):
            index = self.engine.layout.index[ref.pile_id]
            return [(p, i) for p, i in free if p == index and i == len(state.piles[p].cards) - 1]
        if isinstance(ref, KindRef):
            return [(p, i) for p, i in free if self.specs[p].kind is ref.kind]
        return [(p, i) for p, i in free if p in self.engine.layout.groups.get(ref.group, ())]

    def resolve_pair(self, state: State, first: Place | None, second: Place | None) -> Resolution:
        """"remove nine and four", "king", "pair row two column three and row three column four".

        One place alone means that card by itself if it may go alone, otherwise that card
        with any partner (asking which when there are several)."""
        if self.engine.game.pairs is None:
            return Refuse(Reason("no_pairs"))
        a_places = self._free_matching(state, first)
        b_places = self._free_matching(state, second) if second is not None else []
        for ref, found in ((first, a_places), (second, b_places)):
            if ref is not None and not found:
                return Refuse(self._not_free(state, ref))
        candidates = self._pair_candidates(state, set(a_places), set(b_places), alone=second is None)
        if len(candidates) == 1:
            return Play(candidates[0])
        if candidates:
            return self.ask(state, candidates)
        return Refuse(self._no_pair(state, a_places, b_places, alone=second is None))

    def _pair_candidates(self, state: State, a_set: set[tuple[int, int]], b_set: set[tuple[int, int]], alone: bool) -> list[Move]:
        """The legal removals of a card of ``a_set`` with one of ``b_set``; ``alone`` (one place
        named): that card by itself, else with any partner."""
        legal = [m for m in self.engine.legal_moves(state) if m.kind is MoveKind.PAIR]
        if alone:
            return ([m for m in legal if m.dst == -1 and _pair_places(m)[0] in a_set]
                    or [m for m in legal if m.dst >= 0 and a_set & set(_pair_places(m))])
        return [m for m in legal if m.dst >= 0 and _names_both(_pair_places(m), a_set, b_set)]

    def _no_pair(self, state: State, a_places: list[tuple[int, int]], b_places: list[tuple[int, int]], alone: bool) -> Reason:
        """Why the named cards make no removal."""
        if alone and len(a_places) >= 1:
            reason = self.engine.why_not(state, Move.pair(a_places[0]))
            card = state.piles[a_places[0][0]].cards[a_places[0][1]]
            if reason is not None and reason.key == "not_alone":
                return Reason("no_pair_for", {"card": card})
            return reason or Reason("not_a_command_now")
        for a in a_places:
            for b in b_places:
                if a != b:
                    reason = self.engine.why_not(state, Move.pair(a, b))
                    if reason is not None:
                        return reason
        return Reason("same_card")

    def _not_free(self, state: State, ref: Place) -> Reason:
        """Why a named place holds no free card."""
        if isinstance(ref, CardRef):
            for i, pile in enumerate(state.piles):
                if self.specs[i].kind not in (PileKind.STOCK, PileKind.DISCARD, PileKind.FOUNDATION):
                    for j, card in enumerate(pile.cards):
                        if pile.shows(j) and ref.matches(card):
                            return Reason("card_not_free", {"card": card if ref.suit is None else ref})
            return Reason("not_showing" if ref.suit is not None else "no_rank_showing", {"card": ref})
        if isinstance(ref, PileRef):
            index = self.engine.layout.index[ref.pile_id]
            pile = state.piles[index]
            if not pile.cards:
                return Reason("pile_empty", {"pile": self.specs[index].name})
            if self.specs[index].kind in (PileKind.STOCK, PileKind.DISCARD):
                return Reason("cannot_take_from", {"pile": self.specs[index].name})
            return Reason("card_not_free", {"card": pile.cards[-1]})
        return Reason("not_a_command_now")

    def _explain(self, state: State, source: Place | None, sources: list[tuple[int, int | None]], targets: list[int]) -> Reason:
        """The reason that best says why nothing matched."""
        if len(targets) == 1 and sources and all(src == targets[0] for src, _ in sources):  # "pile seven to pile seven"
            return Reason("same_pile", {"pile": self.specs[targets[0]].name})
        concrete = [(s, c) for s, c in sources if state.piles[s].cards and self.specs[s].takes is not None]
        if len(concrete) == 1:
            return self._explain_from(state, source, *concrete[0], targets)
        if isinstance(source, CardRef):
            return Reason("cannot_move_anywhere", {"card": source})
        if len(targets) == 1:
            return Reason("no_move_to", {"target": self.specs[targets[0]].name})
        return Reason("not_a_command_now")

    def _explain_from(self, state: State, source: Place | None, src: int, count: int | None, targets: list[int]) -> Reason:
        """Why the one pile the source can mean (``src``, ``count`` cards or any) moves to none of ``targets``."""
        pile = state.piles[src]
        reasons = [r for dst in targets if dst != src
                   if (r := self.engine.why_not(state, Move(MoveKind.MOVE, src, dst, count or self._natural_count(state, src, dst)))) is not None]
        best = _telling_reason(reasons, one_target=len(targets) == 1)
        if best is not None:
            return best
        if any(m.kind is MoveKind.MOVE and m.src == src for m in self.engine.legal_moves(state)):
            return Reason("cannot_go_there", {"pile": self.specs[src].name})  # it can go somewhere, not there
        card = pile.cards[-(count or 1)] if pile.cards else None
        if card is not None and isinstance(source, CardRef):
            return Reason("cannot_move_anywhere", {"card": card})
        return Reason("pile_cannot_move", {"pile": self.specs[src].name})

    def _natural_count(self, state: State, src: int, dst: int) -> int:
        """How many cards "move pile X to Y" means when it cannot be done: one card to a
        foundation, otherwise the longest run that could be lifted."""
        takes = self.specs[src].takes
        if takes is None or self.specs[dst].kind is PileKind.FOUNDATION:
            return 1
        counts = takes.counts(state.piles[src])
        return max(counts) if counts else 1

    def ask(self, state: State, candidates: list[Move]) -> Ask:
        """A question naming only what differs between the candidates.

        With two decks equal cards can lie in two places, so wherever card names
        would repeat, the piles are named instead."""
        if any(m.kind is not MoveKind.MOVE for m in candidates):
            labels = self.phrasing.move_phrases(state, candidates)
            return Ask("which_move", tuple(zip(labels, candidates)))
        if len({(m.src, m.count) for m in candidates}) == 1:  # one card or run, several places to go
            labels = [self._target_label(state, m.dst) for m in candidates]
            if len(set(labels)) < len(labels):
                labels = [self.specs[m.dst].name for m in candidates]
            return Ask("which_target", tuple(zip(labels, candidates)))
        return self._ask_which_card(state, candidates)

    def _ask_which_card(self, state: State, candidates: list[Move]) -> Ask:
        """Several cards or runs could move: which place (one card in two), which suit (one rank), or which move."""
        moved = [state.piles[m.src].cards[-m.count] for m in candidates]
        same_target = len({m.dst for m in candidates}) == 1
        if same_target and len(set(moved)) == 1:
            labels = [self.specs[m.src].name for m in candidates]
            if max(len(label.split()) for label in labels) > 2:  # grid places: the card again would make 14 words
                return Ask("which_one", tuple(zip(labels, candidates)))
            return Ask("which_location", tuple(zip(labels, candidates)), {"card": moved[0]})
        if same_target and len(set(moved)) == len(moved) and len({c.rank for c in moved}) == 1:
            labels = [c.spoken if c.is_joker else c.suit.value for c in moved]  # "red joker", not its stand-in suit
            return Ask("which_card", tuple(zip(labels, candidates)), {"rank": CardRef(moved[0].rank)})  # said "seven"
        return Ask("which_move", tuple(zip(self.phrasing.move_phrases(state, candidates), candidates)))

    def _target_label(self, state: State, dst: int) -> str:
        pile = state.piles[dst]
        spec = self.specs[dst]
        if spec.kind is not PileKind.FOUNDATION and pile.top_face_up:
            return pile.cards[-1].spoken
        return spec.name

    # ----- answering a question --------------------------------------------------------------
    def narrow(self, state: State, ask: Ask, command: Command) -> Resolution:
        """Apply an answer ("hearts", "pile two", "the second one", "yes") to an open question."""
        options = list(ask.options)
        if command.intent == Intent.YES:  # Intent.YES to one choice plays it; to several it picks none
            return Play(options[0][1]) if len(options) == 1 else Ask("which_one", ask.options)
        if command.intent == Intent.CHOOSE and command.number is not None:
            n = len(options) if command.number == -1 else command.number  # "the last one"
            return Play(options[n - 1][1]) if 1 <= n <= len(options) else Refuse(Reason("not_a_choice", {"question": ask}))
        kept = self._kept(state, options, command)
        if len(kept) == 1:
            return Play(kept[0][1])
        if not kept:
            return Refuse(Reason("not_a_choice", {"question": ask}))
        return self.ask(state, [m for _, m in kept])

    def _kept(self, state: State, options: list[tuple[str, Move]], command: Command) -> list[tuple[str, Move]]:
        """The choices an answer can mean: by the choices' words, then by what the moves do, then by
        the number of a choice or of a pile."""
        kept = self._kept_by_words(options, command)
        if len(kept) != 1:  # the words of the choices said nothing, or not enough: what the moves do
            kept = [(label, m) for label, m in (kept or options) if self._answer_fits(state, m, command)] or kept
        if not kept and command.number is not None and 1 <= command.number <= len(options):
            kept = [options[command.number - 1]]
        if len(kept) != 1:  # "three" to "Which eight: spades or clubs?": the eight on pile three
            on_pile = self._on_numbered_pile(options, command)
            kept = on_pile if len(on_pile) == 1 else kept
        return kept

    def _kept_by_words(self, options: list[tuple[str, Move]], command: Command) -> list[tuple[str, Move]]:
        """The choices whose own words the answer names (loosely if none strictly)."""
        kept = [(label, m) for label, m in options if self._label_fits(label, command)]
        if not kept:
            kept = [(label, m) for label, m in options if self._label_fits(label, command, loose=True)]
        if len(kept) > 1 and command.suit is not None:  # "diamonds" to "diamonds, or three of diamonds?": the pile
            named = [(label, m) for label, m in kept if label.lower() == command.suit.value]
            kept = named if len(named) == 1 else kept
        return kept

    def _on_numbered_pile(self, options: list[tuple[str, Move]], command: Command) -> list[tuple[str, Move]]:
        """The choices moving from or to the pile whose number a bare number names ("three": pile three),
        when the number names no card of theirs; [] when the answer is no bare number."""
        ref = command.source
        if isinstance(ref, CardRef) and ref.suit is None and command.target is None:
            number = int(ref.rank.value)
        elif command.number is not None and command.intent == Intent.ANSWER:
            number = command.number
        else:
            return []
        return [(label, m) for label, m in options if m.kind is MoveKind.MOVE
                and number in (self.specs[m.src].number, self.specs[m.dst].number)]

    def _label_fits(self, label: str, command: Command, loose: bool = False) -> bool:
        """Does the answer name what the choice's own words say ("spades" for "nine of spades",
        "nine" for "nine of clubs", "two" or "pile two" for "pile two")? ``loose``: "one", which the
        parser takes for an ace, may also be the number of a row or column."""
        words = label.lower().replace(",", " ").split()
        text = " ".join(words)
        if command.suit is not None:
            return command.suit.value in words
        ref = command.source
        if isinstance(ref, CardRef):
            if ref.suit is not None:
                return f" {ref.spoken} " in f" {text} "
            return ref.rank.spoken in words or (loose and ref.rank.value == 1 and "one" in words)  # "one": ace, or row one
        if isinstance(ref, KindRef):
            return any(w in words for w in self.phrasing.language.kinds.get(ref.kind.value, ()))
        if isinstance(ref, PileRef):
            index = self.engine.layout.index[ref.pile_id]
            return any(f" {name.lower()} " in f" {text} " for name in self.specs[index].names)
        if command.number is not None:
            return number_word(command.number) in words
        return False

    def _answer_fits(self, state: State, move: Move, command: Command) -> bool:
        if move.kind is MoveKind.PAIR:
            return self._pair_answer_fits(state, move, command)
        if move.kind is MoveKind.DEAL:  # "Did you mean draw?": no card, pile or suit names the stock's deal
            return False
        card: Card = state.piles[move.src].cards[-move.count]
        dst_top = state.piles[move.dst].top
        dst_spec, src_spec = self.specs[move.dst], self.specs[move.src]
        if command.suit is not None:
            return card.suit is command.suit or dst_spec.suit is command.suit
        ref = command.source
        if isinstance(ref, CardRef):
            return ref.matches(card) or (dst_top is not None and ref.matches(dst_top))
        if isinstance(ref, PileRef):
            return ref.pile_id in (dst_spec.id, src_spec.id)
        if isinstance(ref, KindRef):
            return ref.kind in (dst_spec.kind, src_spec.kind)
        if command.number is not None:
            return command.number in (dst_spec.number, src_spec.number)
        return False

    def _pair_answer_fits(self, state: State, move: Move, command: Command) -> bool:
        places = [(move.src, move.at[0])] + ([(move.dst, move.at[1])] if move.dst >= 0 else [])
        cards = [state.piles[p].cards[i] for p, i in places]
        if command.suit is not None:
            return any(c.suit is command.suit for c in cards)
        ref = command.source
        if isinstance(ref, CardRef):
            return any(ref.matches(c) for c in cards)
        if isinstance(ref, PileRef):
            return any(self.specs[p].id == ref.pile_id for p, _ in places)
        if command.number is not None:
            return any(self.specs[p].number == command.number for p, _ in places)
        return False


def _pair_places(move: Move) -> list[tuple[int, int]]:
    """The places (pile, position) of the one or two cards a removal takes."""
    out = [(move.src, move.at[0])]
    return out + [(move.dst, move.at[1])] if move.dst >= 0 else out


def _names_both(places: list[tuple[int, int]], a_set: set[tuple[int, int]], b_set: set[tuple[int, int]]) -> bool:
    """Is one of a pair's two places in ``a_set`` and the other in ``b_set``?"""
    first, second = places
    return (first in a_set and second in b_set) or (second in a_set and first in b_set)


SAYS_LITTLE = ("wrong_suit", "same_pile", "source_not_allowed")
"""Reasons from piles that could never take the card (another suit's pile): they say little."""
ABOUT_SOURCE = ("not_on_top", "not_a_run", "not_one_suit", "card_face_down", "cannot_take_from", "pile_empty")
"""Reasons about the card or pile moved, which hold whatever the target."""


def _telling_reason(reasons: list[Reason], one_target: bool) -> Reason | None:
    """The one of ``reasons`` (why each target refused) that says why the move failed, if one does."""
    telling = [r for r in reasons if r.key not in SAYS_LITTLE]
    about_source = [r for r in telling if r.key in ABOUT_SOURCE]
    if about_source:
        return about_source[0]
    if len(telling) == 1 or (one_target and reasons):
        return (telling or reasons)[0]
    return None
