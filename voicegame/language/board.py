"""The board in brief ("read the board"), then page by page ("more").

The summary says, for every game from its pile kinds, what is where and what can be played in
about ``SUMMARY_WORDS`` words; the pages are the full reading of :mod:`voicegame.language.readings`
cut into whole sentences.
"""

from __future__ import annotations

from voicegame.engine import Move, MoveKind, PileKind, State
from voicegame.engine.cards import Card
from voicegame.engine.words import number_word
from voicegame.language.phrasing import Phrasing
from voicegame.language.readings import Readings
from voicegame.solver.hints import ranked_moves


class BoardSummary:
    """"Read the board" and "more" for one game: its ``readings`` in brief, its moves in ``phrasing``'s words."""

    SUMMARY_WORDS = 40
    """The most words the board summary should take (about 12 s at 200 words a minute)."""
    PAGE_WORDS = 45
    """About how many words each "more" reads of the full board."""

    def __init__(self, readings: Readings, phrasing: Phrasing) -> None:
        self.readings = readings
        self.phrasing = phrasing
        self.messages = readings.messages
        self.engine = readings.engine
        self.specs = readings.specs

    def board_summary(self, state: State) -> list[str]:
        """"Read the board" in brief, for every game from its pile kinds: the stock and waste, how
        much is home, the cells and reserves, how many cards are face down, then what can be played
        (the top of each column; a pyramid's or peaks' free cards; on a grid, the moves)."""
        out = [*self._stock_part(state), *self._home_part(state), *self._face_down_part(state),
               *self._cells_part(state), *self._reserves_part(state)]
        budget = self.SUMMARY_WORDS - sum(len(x.split()) for x in out)
        playable, listed_moves = self._playable(state, budget)
        out.extend(playable)
        if playable and not listed_moves and sum(len(x.split()) for x in out) + 2 <= self.SUMMARY_WORDS:
            out.append(self._open_moves_part(state))  # how much is open
        return out

    def _stock_part(self, state: State) -> list[str]:
        """"Stock: 24 cards, waste: seven of clubs." (or the stock alone)."""
        stock, waste = self.engine.game.layout.stock, self.engine.game.layout.waste
        if stock >= 0 and waste >= 0:
            top = state.piles[waste].top
            return [self.messages.say("board_stock", stock=len(state.piles[stock].cards), waste=top.spoken if top else self.messages.phrase("empty_word"))]
        if stock >= 0:
            return [self.messages.say("summary_stock", count=len(state.piles[stock].cards))]
        return []

    def _home_part(self, state: State) -> list[str]:
        """How much is home: cards on the foundations, or runs lifted off (Spider)."""
        game = self.engine.game
        foundations = game.indices(PileKind.FOUNDATION)
        if not foundations:
            return []
        if game.lift_off is not None:
            done = sum(1 for i in foundations if state.piles[i].cards)
            return [self.messages.say("summary_runs", count=number_word(done), total=number_word(len(foundations))) if done else self.messages.say("summary_no_runs")]
        home = sum(len(state.piles[i].cards) for i in foundations)
        return [self.messages.say("summary_home", count=number_word(home)) if home else self.messages.say("summary_none_home")]

    def _face_down_part(self, state: State) -> list[str]:
        down = sum(p.down_count for i, p in enumerate(state.piles) if self.specs[i].kind is not PileKind.STOCK)
        return [self.messages.say("summary_face_down", count=number_word(down))] if down else []

    def _cells_part(self, state: State) -> list[str]:
        return [self.readings.read_cells(state)] if self.engine.game.indices(PileKind.CELL) else []

    def _reserves_part(self, state: State) -> list[str]:
        """The reserves not in a named group: one read with its count, several by their tops."""
        reserves = [i for i in self.engine.game.indices(PileKind.RESERVE) if i not in self.readings.named_group_piles()]
        if len(reserves) == 1:
            pile = state.piles[reserves[0]]
            if len(pile.cards) <= 1:
                return [self.readings.read_pile(state, reserves[0])]
            top = pile.top.spoken if pile.top is not None and pile.top_face_up else self.messages.phrase("empty_word")
            return [self.messages.say("summary_reserve", card=top, count=len(pile.cards))]
        if reserves and not any(state.piles[i].cards for i in reserves):
            return [self.messages.say("summary_reserves", cards=self.messages.phrase("all_empty", count=len(reserves)))]
        if reserves:
            return [self.messages.say("summary_reserves", cards=", ".join(self.readings.top_word(state, i) for i in reserves))]
        return []

    def _open_moves_part(self, state: State) -> str:
        """How many moves there are (when the summary named cards, not moves)."""
        moves = self._summary_moves(state)
        return self.messages.say("summary_move_count", count=len(moves)) if moves else self.messages.say("summary_no_moves")

    def _summary_moves(self, state: State) -> list[Move]:
        """The distinct moves of the position, best first, but the stock's."""
        return self.phrasing.distinct_moves(state, [m for m in ranked_moves(self.engine, state) if m.kind is not MoveKind.DEAL])

    def playable_summary(self, state: State, budget: int) -> list[str]:
        """What can be played, in at most about ``budget`` words."""
        return self._playable(state, budget)[0]

    def _playable(self, state: State, budget: int) -> tuple[list[str], bool]:
        """:meth:`playable_summary`, and whether it listed the moves themselves (on a grid)."""
        table = self.engine.game.indices(PileKind.TABLEAU)
        loose = [i for i in table if i not in self.readings.named_group_piles()]
        if loose and len(loose) <= self.readings.LONG_GROUP:
            word = self.specs[loose[0]].name.split()[0]  # "pile one" -> "Piles: ...", "column one" -> "Columns: ..."
            items = [self.readings.top_word(state, i) for i in loose]
            return [self._listed("summary_tops", items, budget, kind=word)], False
        free = self._free_to_play(state, table)
        if free is not None:
            return ([self._listed("summary_free", [c.spoken for c in free], budget)] if free else []), False
        moves = self._summary_moves(state)
        if not moves:
            return [self.messages.say("summary_no_moves")], False
        return [self._listed("summary_moves", self.phrasing.move_phrases(state, moves), budget)], True

    def _free_to_play(self, state: State, table: tuple[int, ...]) -> list[Card] | None:
        """A pyramid's free cards; the peaks' face-up ones; else None (no such game)."""
        free = self.readings.free_cards(state)
        if free is None and any(state.piles[i].down for i in table):  # peaks: the face-up cards are the free ones
            free = [state.piles[i].cards[-1] for i in table if state.piles[i].top_face_up]
        return free

    def _listed(self, key: str, items: list[str], budget: int, **params: object) -> str:
        """Sentence ``key`` listing ``items``, as many as fit in ``budget`` words, then "and N more"."""
        shown = list(items)
        if sum(len(x.split()) for x in shown) > budget:  # room for "and N more" too
            while len(shown) > 1 and sum(len(x.split()) for x in shown) + 3 > budget:
                shown.pop()
        listed = ", ".join(shown)
        if len(shown) < len(items):
            listed += ", " + self.messages.phrase("and_more", count=len(items) - len(shown))
        return self.messages.say(key, cards=listed, **params)

    def board_pages(self, state: State) -> list[list[str]]:
        """The full board reading cut into pages of about ``PAGE_WORDS`` words, whole sentences
        each, group by group: what "more" reads after the summary."""
        pages: list[list[str]] = []
        summary = set(self.board_summary(state))
        stock = self.engine.game.layout.stock
        if stock >= 0:
            summary.add(self.readings.read_pile(state, stock))
        for sentence in self.readings.read_board(state):
            if sentence in summary:
                continue  # said already (the stock and the waste)
            words = len(sentence.split())
            if pages and sum(len(x.split()) for x in pages[-1]) + words <= self.PAGE_WORDS:
                pages[-1].append(sentence)
            else:
                pages.append([sentence])
        return pages
