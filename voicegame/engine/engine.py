"""The generic rules engine: deal, list legal moves, explain illegal ones, apply.

A toy game: one column built down in alternate colours, a stock turned one card at a time,
once, onto a waste.

>>> from voicegame.engine import *
>>> from voicegame.engine.cards import Card
>>> down = Sequence(Direction.DOWN, SuitRule.ALTERNATE)
>>> game = GameDef(key="toy", title="Toy", piles=(
...     PileSpec("stock", PileKind.STOCK, ("the stock",)),
...     PileSpec("waste", PileKind.WASTE, ("the waste",), takes=TOP_CARD),
...     PileSpec("column1", PileKind.TABLEAU, ("column one",), accepts=Accepts(build=down), takes=TOP_CARD)),
...     layout_deal=(DealSpec("column1"),), stock_rule=DrawToWaste(draw=1, redeals=0))
>>> engine = Engine(game)
>>> state = engine.deal_cards([Card.from_code(c) for c in ("8S", "7H", "7C")])
>>> state.piles[2].top, state.piles[0].cards  # the seven of hearts is dealt next
(Card.from_code('8S'), (Card.from_code('7C'), Card.from_code('7H')))
>>> engine.legal_moves(state) == [Move.deal()]
True
>>> state, events = engine.apply(state, Move.deal())
>>> events == [Drew((Card.from_code("7H"),), 0, 1)]
True
>>> engine.legal_moves(state) == [Move.cards(1, 2), Move.deal()]
True
>>> engine.why_not(state, Move.cards(2, 1)).key  # nothing goes onto the waste
'takes_no_cards'
>>> state, events = engine.apply(state, Move.cards(1, 2))
>>> state.piles[2].cards
(Card.from_code('8S'), Card.from_code('7H'))
>>> engine.apply(state, Move.cards(1, 2))
Traceback (most recent call last):
...
voicegame.engine.engine.IllegalMove: pile_empty
"""

from __future__ import annotations

from collections.abc import Callable

from voicegame.engine.cards import Card, Suit, seeded_deck
from voicegame.engine.game import GameDef
from voicegame.engine.homing import RunsHome
from voicegame.engine.moves import Event, LiftedOff, Move, MoveKind, Moved, Paired, TurnedOver, Won
from voicegame.engine.piles import Pile, PileKind
from voicegame.engine.reason import Reason
from voicegame.engine.rules import Accepts, PileSpec, Takes
from voicegame.engine.state import State


Opening = tuple["frozenset[int] | None", Accepts, "Card | None", "Suit | None", "Callable[[Card, Card], bool] | None"]
"""What a pile could take, by the pile alone (see ``Engine._openings``)."""
Target = tuple[int, int, "frozenset[int] | None", "frozenset[int] | None", Accepts, "Card | None", "Suit | None", "Callable[[Card, Card], bool] | None"]
"""A pile that could take a card in this position: index, longest run, feeders, then its opening."""
SourceRule = tuple[int, PileSpec, Takes, bool, "dict[int, tuple[Pile, range]]"]
"""A pile cards may leave: index, spec, its rule, whether a hook may forbid a run, its offers memo."""


class IllegalMove(ValueError):
    """Raised by :meth:`Engine.apply` for a move the rules forbid; carries the reason."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(reason.key)
        self.reason = reason


class Engine:
    """Runs one :class:`GameDef`. Stateless: every method takes the state."""

    def __init__(self, game: GameDef) -> None:
        self.game = game
        self.layout = game.layout
        self.specs = game.piles
        self._sources = tuple(i for i, s in enumerate(self.specs) if s.takes is not None)
        self._targets = tuple(i for i, s in enumerate(self.specs) if s.accepts is not None)
        self._memo_each = max(1_000, self.MEMO_SIZE // (2 * len(self.specs)))
        self._offers_memo: list[dict[int, tuple[Pile, range]]] = [{} for _ in self.specs]
        self._openings_memo: list[dict[int, tuple[Pile, Opening | None]]] = [{} for _ in self.specs]
        self._source_rules = tuple((i, self.specs[i], takes, takes.restricted, self._offers_memo[i])
                                   for i in self._sources if (takes := self.specs[i].takes) is not None)
        self._target_memos = tuple((i, self._openings_memo[i]) for i in self._targets)
        self._feeders = [self._feeders_of(spec) for spec in self.specs]

    # ----- dealing -------------------------------------------------------------
    def deal(self, seed: int) -> State:
        """The initial position for ``seed`` (see :mod:`voicegame.engine.cards` for the shuffle, or the game's own ``shuffle``)."""
        order = self.game.shuffle(seed) if self.game.shuffle is not None else seeded_deck(seed, self.game.decks, self.game.jokers)
        state = self.deal_cards(order)
        if self.game.after_deal is not None:
            state = self.game.after_deal(self.game, state, seed)
        return state

    def deal_cards(self, order: list[Card]) -> State:
        """Deal ``order`` (first element first) by the game's layout."""
        cards = list(order)
        specs = self.game.layout_deal
        piles: dict[int, list[Card]] = {self.layout.index[d.pile]: [] for d in specs}
        wanted = {self.layout.index[d.pile]: d.down + d.up for d in specs}
        position = 0
        if self.game.deal_by_rows:
            while any(len(piles[i]) < wanted[i] for i in piles):
                for d in specs:
                    i = self.layout.index[d.pile]
                    if len(piles[i]) < wanted[i]:
                        piles[i].append(cards[position])
                        position += 1
        else:
            for d in specs:
                i = self.layout.index[d.pile]
                piles[i] = cards[position : position + wanted[i]]
                position += wanted[i]
        result = [Pile() for _ in self.specs]
        for d in specs:
            i = self.layout.index[d.pile]
            result[i] = Pile(tuple(piles[i]), d.down, d.hidden)
        rest = tuple(reversed(cards[position:]))  # the next card to deal ends on top
        if rest:
            r = self.layout.index[self.game.rest_to]
            face_down = self.specs[r].kind is PileKind.STOCK
            result[r] = Pile(rest, len(rest) if face_down else 0)
        return State(tuple(result))

    # ----- checking --------------------------------------------------------------
    def why_not(self, state: State, move: Move) -> Reason | None:
        """None if ``move`` is legal in ``state``, else the reason it is not."""
        if move.kind is MoveKind.DEAL:
            rule = self.game.stock_rule
            if rule is None:
                return Reason("no_stock")
            return rule.why_not(self.layout, state)
        if move.kind is MoveKind.PAIR:
            return self._why_not_pair(state, move)
        if not (0 <= move.src < len(self.specs) and 0 <= move.dst < len(self.specs)):
            return Reason("no_such_pile")
        src, dst = self.specs[move.src], self.specs[move.dst]
        if move.src == move.dst:
            return Reason("same_pile", {"pile": src.name})
        if src.takes is None:
            return Reason("cannot_take_from", {"pile": src.name})
        pile = state.piles[move.src]
        reason = src.takes.why_not(self.layout, state, src, pile, move.count)
        if reason is not None:
            return reason
        if dst.accepts is None:
            return Reason("takes_no_cards", {"pile": dst.name})
        cards = pile.cards[-move.count :]
        reason = dst.accepts.why_not(self.layout, state, src, dst, state.piles[move.dst], cards)
        if reason is None and self.game.max_run is not None:  # as legal_moves asks it, for any count
            limit = self.game.max_run(self.game, state, move.dst)
            if move.count > limit:
                return Reason("run_too_long", {"count": move.count, "limit": limit, "pile": dst.name})
        return reason

    def _pair_places(self, state: State, move: Move) -> tuple[tuple[int, int], tuple[int, int] | None] | Reason:
        """The (pile, position) of each card a PAIR move names, or why it names none."""
        places = []
        for pile, at in ((move.src, move.at[0]), (move.dst, move.at[1]))[: 1 if move.dst == -1 else 2]:
            if not 0 <= pile < len(self.specs):
                return Reason("no_such_pile")
            cards = state.piles[pile].cards
            if not cards:
                return Reason("pile_empty", {"pile": self.specs[pile].name})
            position = len(cards) - 1 if at == -1 else at
            if not 0 <= position < len(cards):
                return Reason("no_such_pile")
            places.append((pile, position))
        return places[0], (places[1] if len(places) > 1 else None)

    def _why_not_pair(self, state: State, move: Move) -> Reason | None:
        rule = self.game.pairs
        if rule is None:
            return Reason("no_pairs")
        places = self._pair_places(state, move)
        if isinstance(places, Reason):
            return places
        first, second = places
        if first == second:
            return Reason("same_card")
        if rule.phase is not None and (reason := rule.phase.why_not(self.layout, state)) is not None:
            return reason
        free = rule.free_places(self.game, state)
        for place in (first, second):
            if place is not None and place not in free:
                return Reason("card_not_free", {"card": state.piles[place[0]].cards[place[1]], "pile": self.specs[place[0]].name})
        return rule.why_not(self.game, state, first, second)

    def pair_moves(self, state: State) -> list[Move]:
        """Every legal removal: single cards first, then pairs (in free-place order)."""
        rule = self.game.pairs
        if rule is None:
            return []
        free = rule.free_places(self.game, state)
        moves = [Move.pair(a) for a in free if rule.why_not(self.game, state, a, None) is None]
        for k, a in enumerate(free):
            for b in free[k + 1 :]:
                if rule.why_not(self.game, state, a, b) is None:
                    moves.append(Move.pair(a, b))
        return moves

    def is_legal(self, state: State, move: Move) -> bool:
        return self.why_not(state, move) is None

    def legal_moves(self, state: State) -> list[Move]:
        """Every legal move: card moves (source order, then run length, then target), then the deal.

        The hot loop of every search, so it asks as little as it can. What a pile offers (the run
        lengths that may leave it) and what it could take (the first ranks that fit) depend on the
        pile alone, and a move changes two or three piles, so both are remembered per pile object
        (:meth:`_offers`, :meth:`_openings`). Targets are grouped by those ranks (each group built
        once per call, in pile order), and a target whose rule is
        :attr:`~voicegame.engine.rules.Accepts.plain` then needs only the suit checks; every other
        target asks :meth:`Accepts.refusal`."""
        moves: list[Move] = []
        targets, by_rank, any_rank = self._targets_by_rank(state)
        if targets:
            for source in self._source_rules:
                self._add_moves_from(state, source, targets, by_rank, any_rank, moves)
        if self.game.pairs is not None:
            moves.extend(self.pair_moves(state))
        if self.game.stock_rule is not None and self.game.stock_rule.why_not(self.layout, state) is None:
            moves.append(Move(MoveKind.DEAL))
        return moves

    def _targets_by_rank(self, state: State) -> tuple[list[Target], dict[int, list[Target]], bool]:
        """The piles that could take a card now, in pile order; the same grouped by the first ranks
        they take; and whether one takes any rank (then the groups start empty and
        :meth:`_rank_group` builds each one a run asks for, since such a target belongs in all)."""
        piles, max_run, openings = state.piles, self.game.max_run, self._openings
        targets: list[Target] = []
        by_rank: dict[int, list[Target]] = {}
        any_rank = False
        for d, taking in self._target_memos:
            pile = piles[d]
            known = taking.get(id(pile))
            opening = known[1] if known is not None and known[0] is pile else openings(d, pile)
            if opening is None:
                continue
            limit = max_run(self.game, state, d) if max_run is not None else 1 << 30
            target = (d, limit, self._feeders[d], *opening)
            targets.append(target)
            ranks = opening[0]
            if ranks is None:
                any_rank = True
            else:
                for rank in ranks:
                    by_rank.setdefault(rank, []).append(target)
        return targets, ({} if any_rank else by_rank), any_rank

    @staticmethod
    def _rank_group(targets: list[Target], rank: int) -> list[Target]:
        """The targets, in pile order, that could take a run whose first card has ``rank``."""
        return [t for t in targets if t[3] is None or rank in t[3]]

    def _add_moves_from(self, state: State, source: SourceRule, targets: list[Target],
                        by_rank: dict[int, list[Target]], any_rank: bool, moves: list[Move]) -> None:
        """Append the legal moves from one source pile, shortest run first (groups built here are
        kept in ``by_rank`` for the next source)."""
        s, spec, takes, restricted, offering = source
        pile = state.piles[s]
        offered = offering.get(id(pile))
        counts = offered[1] if offered is not None and offered[0] is pile else self._offers(s, pile)
        for count in counts:
            if restricted and takes.forbids(self.layout, state, spec, pile, count) is not None:
                continue
            cards = pile.cards[-count:]
            rank = cards[0].rank
            group = by_rank.get(rank)
            if group is None:
                if not any_rank:
                    continue
                group = by_rank[rank] = self._rank_group(targets, rank)
            self._add_run_moves(state, s, spec, cards, group, moves)

    def _add_run_moves(self, state: State, s: int, spec: PileSpec, cards: tuple[Card, ...],
                       group: list[Target], moves: list[Move]) -> None:
        """Append a move of ``cards`` (the top run of pile ``s``) to each target in ``group`` that
        takes it. Inline rather than one call per target: this is the innermost loop of a search."""
        count, first = len(cards), cards[0]
        for d, limit, feeders, _ranks, accepts, top, suit, suit_fits in group:
            if d == s or count > limit or (feeders is not None and s not in feeders):
                continue
            if accepts.plain:  # first_ranks already matched: only the suit checks are left
                if ((accepts.single and count > 1) or (suit is not None and first.suit is not suit)
                        or (suit_fits is not None and top is not None and not suit_fits(top, first))):
                    continue
            elif accepts.refusal(self.layout, state, spec, self.specs[d], state.piles[d], cards) is not None:
                continue
            moves.append(Move(MoveKind.MOVE, s, d, count))

    def _feeders_of(self, spec: PileSpec) -> frozenset[int] | None:
        """The indices of the only piles whose cards may go on ``spec``, when its rule's hook says so
        by a ``feeders(pile id)`` method (Accordion's line: a card goes one or three places left);
        None: any pile may."""
        hook = spec.accepts.extra if spec.accepts is not None else None
        feeders = getattr(hook, "feeders", None)
        ids = feeders(spec.id) if feeders is not None else None
        return None if ids is None else frozenset(self.layout.index[i] for i in ids)

    MEMO_SIZE = 200_000
    """Piles remembered in all, shared out among the pile places (a search keeps the piles of every
    position it holds alive; this bounds what the memo adds to that, also in games of 50 places)."""

    def _offers(self, index: int, pile: Pile) -> range:
        """The run lengths that may be lifted from ``pile`` at ``index`` by its rule's sequence,
        before any hook (:meth:`Takes.counts`; none when its top card is face down)."""
        memo = self._offers_memo[index]
        known = memo.get(id(pile))
        if known is not None and known[0] is pile:
            return known[1]
        if not pile.cards or not pile.top_face_up:
            counts = range(1, 1)
        else:
            takes = self.specs[index].takes
            assert takes is not None  # only source piles are asked
            counts = takes.counts(pile)
        if len(memo) >= self._memo_each:
            memo.clear()
        memo[id(pile)] = (pile, counts)
        return counts

    def _openings(self, index: int, pile: Pile) -> Opening | None:
        """What ``pile`` at ``index`` could take, by the pile alone: (first ranks or None for any,
        the rule, the top card, the suit it takes, the build's suit check), or None for nothing."""
        memo = self._openings_memo[index]
        known = memo.get(id(pile))
        if known is not None and known[0] is pile:
            return known[1]
        accepts = self.specs[index].accepts
        assert accepts is not None  # only target piles are asked
        ranks = accepts.first_ranks(pile)
        opening = None
        if ranks is None or ranks:
            top = pile.cards[-1] if pile.cards else None
            suit_fits = accepts.build._suit_ok if top is not None and accepts.build is not None else None
            opening = (ranks, accepts, top, accepts.suit, suit_fits)
        if len(memo) >= self._memo_each:
            memo.clear()
        memo[id(pile)] = (pile, opening)
        return opening

    # ----- applying ----------------------------------------------------------------
    def apply(self, state: State, move: Move) -> tuple[State, list[Event]]:
        """The position after ``move`` and what happened; raises :class:`IllegalMove`."""
        reason = self.why_not(state, move)
        if reason is not None:
            raise IllegalMove(reason)
        return self.apply_legal(state, move)

    def apply_legal(self, state: State, move: Move) -> tuple[State, list[Event]]:
        """:meth:`apply` without checking the move again: only for a move :meth:`legal_moves`
        returned for this very ``state`` (searches apply thousands of them; checking each again
        cost a fifth of their time). Anything a player said goes through :meth:`apply`."""
        if move.kind is MoveKind.DEAL:
            rule = self.game.stock_rule
            assert rule is not None  # why_not refuses a deal when there is no stock rule
            new, events = rule.apply(self.layout, state)
        elif move.kind is MoveKind.PAIR:
            new, events = self._apply_pair(state, move)
        else:
            src = state.piles[move.src]
            cards = src.cards[-move.count :]
            remaining = src.without_top(move.count)
            events = [Moved(cards, move.src, move.dst)]
            if move.count > 1 and isinstance(self.specs[move.dst].accepts, RunsHome):  # a run home lands card by card
                cards = RunsHome.laid(cards)
                events = [Moved((card,), move.src, move.dst) for card in cards]
            if self.specs[move.src].auto_turn and remaining.cards and not remaining.top_face_up:
                remaining = remaining.turned_up()
                events.append(TurnedOver(move.src, remaining.cards[-1]))
            new = state.with_piles({move.src: remaining, move.dst: state.piles[move.dst].with_added(cards)})
        if self.game.lift_off is not None:
            new = self.lift_off(new, events)
        if self.game.refill is not None:
            new = self.game.refill.apply(self.layout, new, events)
        if self.game.uncover is not None:
            new = self.game.uncover.apply(self.layout, new, events)
        if self.game.settle is not None:
            new = self.game.settle(self.game, state, move, new, events)
        if self.game.is_won(self.game, new):
            events.append(Won())
        return new, events

    def _apply_pair(self, state: State, move: Move) -> tuple[State, list[Event]]:
        found = self._pair_places(state, move)
        assert not isinstance(found, Reason)  # apply() checked the move with why_not first
        first, second = found
        places = [first] if second is None else [first, second]
        cards = tuple(state.piles[p].cards[i] for p, i in places)
        changes: dict[int, Pile] = {}
        for pile in {p for p, _ in places}:
            old = state.piles[pile]
            gone = sorted((i for p, i in places if p == pile), reverse=True)
            kept = list(old.cards)
            down = old.down
            for i in gone:
                del kept[i]
                if i < down:
                    down -= 1
            changes[pile] = Pile(tuple(kept), min(down, len(kept)))
        rule = self.game.pairs
        assert rule is not None  # _why_not_pair refuses a PAIR move without a pair rule
        target, placed = (rule.discard, cards) if rule.send is None else rule.send(self.layout, state, cards)
        discard = self.layout.index[target]
        changes[discard] = state.piles[discard].with_added(placed)
        return state.with_piles(changes), [Paired(cards, tuple(p for p, _ in places), discard)]

    def lift_off(self, state: State, events: list[Event]) -> State:
        """Move every finished king-to-ace run on top of a tableau pile to an empty foundation."""
        sequence = self.game.lift_off
        assert sequence is not None  # called only for games that lift off runs
        foundations = self.game.indices(PileKind.FOUNDATION)
        for i in self.game.indices(PileKind.TABLEAU):
            pile = state.piles[i]
            if pile.up_count < 13:
                continue
            run = pile.cards[-13:]
            if run[0].rank != 13 or not sequence.is_run(run):
                continue
            free = next((f for f in foundations if not state.piles[f].cards), None)
            if free is None:
                break
            remaining = pile.without_top(13)
            events.append(LiftedOff(run, i, free))
            if self.specs[i].auto_turn and remaining.cards and not remaining.top_face_up:
                remaining = remaining.turned_up()
                events.append(TurnedOver(i, remaining.cards[-1]))
            state = state.with_piles({i: remaining, free: Pile(run)})
        return state

    # ----- position facts ----------------------------------------------------------
    def is_won(self, state: State) -> bool:
        return self.game.is_won(self.game, state)

    def score(self, state: State) -> int:
        return self.game.score(self.game, state)

    def is_stuck(self, state: State) -> bool:
        """True when the game is lost: no useful move now, and dealing cannot help.

        Never uses hidden cards: a stock that deals onto the table must be empty; a
        stock that cycles through a waste is followed round only once every card in
        it has been turned up at least once (after the first redeal), so the answer
        says nothing the player could not know. With ``GameDef.stuck_search`` a move counts only
        if some rearrangement of the face-up cards leads to progress (see its module).
        """
        if self.game.stuck_search is not None:
            return self.game.stuck_search.is_stuck(self, state)
        if self.is_won(state):
            return False
        rule = self.game.stock_rule
        seen: set[tuple[Pile, ...]] = set()
        current = state
        while current.piles not in seen:  # the redeal count alone does not make a position new
            seen.add(current.piles)
            moves = self.legal_moves(current)
            if any(m.kind is not MoveKind.DEAL and self.is_productive(current, m) for m in moves):
                return False
            deal = Move(MoveKind.DEAL)
            if deal not in moves:
                return True
            if rule is None or not rule.cycles or state.redeals == 0:
                return False
            current = self.apply_legal(current, deal)[0]
        return True

    def is_productive(self, state: State, move: Move) -> bool:
        """False for moves that only shuffle a pile onto an equal place.

        A whole face-up pile moved to another empty pile with the same rules changes
        nothing that matters (unless a hook in them may depend on the pile's place);
        every other legal move counts as progress.
        """
        if move.kind is not MoveKind.MOVE:
            return True
        src = state.piles[move.src]
        if move.count == len(src.cards) and src.down_count == 0 and not state.piles[move.dst].cards:
            a, b = self.specs[move.src], self.specs[move.dst]
            if b.accepts is not None and b.accepts.extra is not None:
                return True  # a hook may depend on where the pile is (Gaps: its left neighbour)
            return (a.kind, a.accepts, a.takes) != (b.kind, b.accepts, b.takes)
        return True

    # ----- helpers for narration and resolving ------------------------------------
    def cards_in_play(self, state: State) -> list[Card]:
        return [card for pile in state.piles for card in pile.cards]

    def locate(self, state: State, card: Card) -> list[tuple[int, int]]:
        """Every (pile index, position from the bottom) holding ``card``."""
        return [(i, j) for i, pile in enumerate(state.piles) for j, c in enumerate(pile.cards) if c == card]
