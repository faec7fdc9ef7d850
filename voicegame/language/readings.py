"""Reading the table: a pile, a group, the cells, the foundations, where a card is, counts, score.

Every sentence and phrase comes from ``grammars/<lang>/messages.toml``; the board summary and its
pages ("read the board", "more") are in :mod:`voicegame.language.board`.
"""

from __future__ import annotations

from voicegame.engine import Engine, Pile, PileKind, State
from voicegame.engine.cards import JOKERS, Card, Rank, Suit, new_deck
from voicegame.engine.words import number_word, ordinal_word
from voicegame.language.command import CardRef
from voicegame.language.messages import Messages, join, with_article

EMPTYING_KINDS = (PileKind.TABLEAU, PileKind.RESERVE, PileKind.CELL)
"""Pile kinds whose emptying is worth saying (a gap the player may use)."""


class Readings:
    """What is on the table, said for one game in its ``messages``."""

    LONG_GROUP = 10
    """Groups of more piles than this (a Gaps row: 13) are read in brief in the board reading."""

    def __init__(self, engine: Engine, messages: Messages) -> None:
        self.engine = engine
        self.specs = engine.specs
        self.messages = messages

    def is_gap(self, index: int) -> bool:
        """Is pile ``index``, when empty, a gap worth saying: a column, cell or reserve that takes
        cards (not a Golf column or a spot of a pyramid, which stay empty)."""
        spec = self.specs[index]
        return spec.kind in EMPTYING_KINDS and spec.accepts is not None


    def read_pile(self, state: State, index: int, full: bool = True) -> str:
        """One pile read out; ``full``: every face-up card, else a run said by its ends."""
        spec, pile = self.specs[index], state.piles[index]
        if spec.kind is PileKind.STOCK:
            return self.messages.say("read_stock", count=len(pile.cards))
        if spec.kind is PileKind.WASTE:
            return self.read_waste(state, index)
        if not pile.cards:
            return self.messages.say("read_empty", pile=spec.name)
        if spec.kind is PileKind.FOUNDATION:
            return self._read_foundation(state, index)
        if spec.kind is PileKind.DISCARD:
            return self.messages.say("read_count", pile=spec.name, count=len(pile.cards))
        parts = [self.messages.phrase("face_down", count=pile.down)] if pile.down else []
        parts += self._covered_cards(pile)
        up = pile.face_up
        sequence = spec.takes.sequence if spec.takes is not None and spec.takes.runs else None
        if full or len(up) <= 2 or sequence is None or not sequence.is_run(up):
            parts.extend(card.spoken for card in up)
        else:
            parts.append(self.messages.phrase("run_range", first=up[0], last=up[-1]))
        return self.messages.say("read_pile", pile=spec.name, parts=", ".join(parts))

    def _read_foundation(self, state: State, index: int) -> str:
        spec, top = self.specs[index], state.piles[index].cards[-1]
        needed = self.foundation_needs(state).get(index)
        if needed:
            return self.messages.say("read_foundation_needs", pile=spec.name, rank=top.rank.spoken, needs=self.needs_phrase(needed))
        return self.messages.say("read_foundation", pile=spec.name, rank=top.rank.spoken)

    def _covered_cards(self, pile: Pile) -> list[str]:
        """Face-up cards covered by face-down ones, bottom first: "seven of hearts, under one face down"."""
        if not pile.hidden:
            return []
        parts = []
        for j in range(pile.down, len(pile.cards) - pile.up_count):
            if pile.shows(j):
                over = next(k for k in range(j + 1, len(pile.cards) + 1) if k not in pile.hidden) - j - 1
                parts.append(self.messages.phrase("covered_card", card=pile.cards[j], count=over) if over else pile.cards[j].spoken)
        return parts

    def needs(self, state: State, index: int) -> list[Card]:
        """The distinct cards that could go on pile ``index`` now, from any other pile."""
        spec = self.specs[index]
        if spec.accepts is None:
            return []
        pile = state.piles[index]
        sources = [s for i, s in enumerate(self.specs) if i != index and s.takes is not None and s.kind is not PileKind.FOUNDATION]
        source = sources[0] if sources else spec
        return [c for c in dict.fromkeys(new_deck(jokers=self.engine.game.jokers)) if spec.accepts.allows(self.engine.layout, state, source, spec, pile, (c,))]

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
            return self.messages.phrase("needs", cards=with_article(cards[0].rank.spoken))
        if len(cards) > 4:  # a spot of Camelot's grid takes forty cards: not a list to hear
            whole = sorted({c.rank for c in cards if sum(1 for d in cards if d.rank is c.rank) >= 4}, key=lambda r: r.value)
            if len(whole) == len(ranks) and len(ranks) <= 3:
                return self.messages.phrase("needs", cards=join([with_article(r.spoken) for r in whole]))
            return self.messages.phrase("needs_many", count=len(cards))
        return self.messages.phrase("needs", cards=join([c.spoken for c in cards]))

    def spot_label(self, index: int) -> str:
        """A pile's name inside its group's reading: "column four", else its own name."""
        spec = self.specs[index]
        return self.messages.phrase("spot_column", number=number_word(spec.number)) if spec.number is not None else spec.name

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
            words = [self.top_word(state, i)]
            if spec.kind is PileKind.RESERVE and len(pile.cards) > 1:
                words.append(self.messages.phrase("card_count", count=len(pile.cards)))
            if free is not None and pile.cards and pile.cards[-1] in free:
                words.append(self.messages.phrase("free_marker"))
            needed = self.needs(state, i)
            if needed:
                words.append(self.needs_phrase(needed))
            elif not pile.cards and spec.accepts is not None:
                words.append(self.messages.phrase("takes_nothing_now"))  # a dead gap (Gaps)
            parts.append(self.messages.phrase("spot_part", spot=label, words=", ".join(words)))
        if hidden:
            parts.insert(0, self.messages.phrase("face_down", count=hidden))
        return self.messages.say("read_group", group=name, parts="; ".join(parts))

    def read_waste(self, state: State, index: int) -> str:
        pile = state.piles[index]
        if not pile.cards:
            return self.messages.say("read_empty", pile=self.specs[index].name)
        shown = [c.spoken for c in pile.cards[-3:]]  # top last, as every pile is read
        if len(pile.cards) > 3:
            return self.messages.say("read_waste_more", cards=", ".join(shown), count=len(pile.cards))
        return self.messages.say("read_waste", cards=", ".join(shown))

    def read_board(self, state: State) -> list[str]:
        """The whole board, a sentence for each part: stock, foundations, cells, groups, other piles."""
        game = self.engine.game
        stock, waste = game.layout.stock, game.layout.waste
        out: list[str] = []
        if stock >= 0 and waste >= 0:
            top = state.piles[waste].top
            out.append(self.messages.say("board_stock", stock=len(state.piles[stock].cards), waste=top.spoken if top else self.messages.phrase("empty_word")))
        elif stock >= 0:
            out.append(self.read_pile(state, stock))
        if game.indices(PileKind.FOUNDATION):
            out.append(self.read_foundations(state))
        if game.indices(PileKind.CELL):
            out.append(self.read_cells(state))  # one sentence for the cells, not one each
        groups, briefed = self._read_groups(state)
        out += groups
        grouped = self.named_group_piles()
        for i, spec in enumerate(self.specs):
            if i not in grouped and spec.kind not in (PileKind.STOCK, PileKind.WASTE, PileKind.FOUNDATION, PileKind.CELL):
                out.append(self.read_pile(state, i, full=False))
        free = self.free_cards(state)
        if free:
            out.append(self.messages.say("board_free", cards=join([c.spoken for c in free], "and")))
        if briefed:
            out.append(self.messages.say("board_read_a_group", group=briefed))
        return out

    def _read_groups(self, state: State) -> tuple[list[str], str]:
        """Every named group read for the board, and the name of the first read in brief ("" if none)."""
        game = self.engine.game
        out, briefed = [], ""
        for group, names in game.group_names.items():
            if len(game.layout.groups[group]) > self.LONG_GROUP:
                out.append(self.read_group_gaps(state, group, names[0]))
                briefed = briefed or names[0]
            else:
                out.append(self.read_group(state, group, names[0], mark_free=False))  # one "Free:" sentence ends the board
        return out, briefed


    def named_group_piles(self) -> set[int]:
        """The piles in groups the player names ("row two": a grid, a pyramid)."""
        game = self.engine.game
        return {i for group in game.group_names for i in game.layout.groups.get(group, ())}

    def top_word(self, state: State, index: int) -> str:
        pile = state.piles[index]
        return pile.cards[-1].spoken if pile.top_face_up else self.messages.phrase("face_down_word" if pile.cards else "empty_word")


    def read_cells(self, state: State) -> str:
        """"Cells: nine of hearts, 3 free." (in order, the free ones counted)."""
        cells = self.engine.game.indices(PileKind.CELL)
        held = [state.piles[i].cards[-1].spoken for i in cells if state.piles[i].cards]
        free = len(cells) - len(held)
        if not held:
            return self.messages.say("cells_all_free", count=free)
        if not free:
            return self.messages.say("cells_full", cards=join(held, "and"))
        return self.messages.say("cells", cards=", ".join(held), count=free)

    def read_foundations(self, state: State) -> str:
        """Every foundation's top in one sentence (the board's own foundations sentence)."""
        game = self.engine.game
        foundations = game.indices(PileKind.FOUNDATION)
        if game.lift_off is not None:
            done = sum(1 for i in foundations if state.piles[i].cards)
            return self.messages.say("board_runs", count=done, total=len(foundations))
        parts = []
        needs = self.foundation_needs(state)
        for i in foundations:
            top = state.piles[i].top
            part = self.messages.phrase("foundation_part", pile=self.specs[i].name, rank=top.rank.spoken if top else self.messages.phrase("empty_word"))
            needed = needs.get(i)
            parts.append(self.messages.phrase("part_needs", part=part, needs=self.needs_phrase(needed)) if needed else part)
        return self.messages.say("board_foundations", parts=("; " if needs else ", ").join(parts))


    def read_group_gaps(self, state: State, group: str, name: str) -> str:
        """A long group (a Gaps row of 13) in brief for the board: its empty spots and what each takes,
        the dead ones only counted; "read row two" still reads every card."""
        live, dead, open_ = [], 0, 0
        for i in self.engine.layout.groups[group]:
            if state.piles[i].cards or self.specs[i].accepts is None:
                continue
            needed = self.needs(state, i)
            if not needed:
                dead += 1
                continue
            if len(needed) > 4 and len({c.rank for c in needed}) > 3:
                open_ += 1  # Camelot's spots: many cards go there, counted rather than listed
                continue
            live.append(self.messages.phrase("part_needs", part=self.spot_label(i), needs=self.needs_phrase(needed)))
        if open_:
            said = self.messages.say("read_group_open_gaps", group=name, count=number_word(open_))
            return said if not live and not dead else said + " " + self.read_group_gaps_listed(name, live, dead)
        return self.read_group_gaps_listed(name, live, dead)

    def read_group_gaps_listed(self, name: str, live: list[str], dead: int) -> str:
        if live and dead:
            return self.messages.say("read_group_gaps_and_dead", group=name, parts="; ".join(live), count=number_word(dead))
        if live:
            return self.messages.say("read_group_gaps", group=name, parts="; ".join(live))
        if dead:
            return self.messages.say("read_group_dead_gaps", group=name, count=number_word(dead))  # "one gaps": said "one gap"
        return self.messages.say("read_group_no_gaps", group=name)

    def where(self, state: State, ref: CardRef) -> list[str]:
        cards = ([Card(ref.rank, ref.suit)] if ref.suit else list(JOKERS) if ref.rank is Rank.JOKER
                 else [Card(ref.rank, s) for s in Suit])
        out = []
        for card in cards:
            places = [(i, j) for i, j in self.engine.locate(state, card) if state.piles[i].shows(j)]
            if not places:
                if ref.suit is not None:
                    out.append(self.messages.say("where_hidden", card=card))
                continue
            for i, j in places:
                spec, depth = self.specs[i], len(state.piles[i].cards) - 1 - j
                position = self.messages.phrase("on_top") if depth == 0 else self.messages.phrase("from_top", nth=ordinal_word(depth + 1))
                if spec.kind is PileKind.FOUNDATION or len(state.piles[i].cards) == 1:  # "on top" of nothing else says nothing
                    out.append(self.messages.say("where_foundation", card=card, pile=spec.name))
                elif spec.kind is PileKind.WASTE:
                    out.append(self.messages.say("where_waste", card=card, position=position))
                else:
                    out.append(self.messages.say("where_pile", card=card, pile=spec.name, position=position))
        return out or [self.messages.say("no_rank_showing", card=ref)]

    def count(self, state: State) -> str:
        """How many cards are where: stock, waste, face down, home (only what this game has)."""
        game = self.engine.game
        parts = []
        if game.layout.stock >= 0:
            parts.append(self.messages.phrase("count_stock", count=len(state.piles[game.layout.stock].cards)))
        if game.layout.waste >= 0:
            parts.append(self.messages.phrase("count_waste", count=len(state.piles[game.layout.waste].cards)))
        down = sum(p.down_count for i, p in enumerate(state.piles) if self.specs[i].kind is not PileKind.STOCK)
        if down:
            parts.append(self.messages.phrase("face_down", count=down))
        sentences = [self.messages.say("parts_sentence", parts=", ".join(parts))] if parts else []
        foundations = game.indices(PileKind.FOUNDATION)
        if foundations:
            home = sum(len(state.piles[i].cards) for i in foundations)
            sentences.append(self.messages.say("count_home", home=home, total=52 * game.decks))
        return " ".join(sentences) or self.score(state)  # no stock and no foundations: the score says it

    def _score_key(self) -> str:
        """The message that says what this game's score counts: ``score_<game>``, else
        ``score_<its score function>`` ("score_foundation_cards": "20 of 52 cards home."), or for a
        game module's own ``score`` function ``score_<module>`` ("score_spider"), else "score"."""
        game = self.engine.game
        function = game.score
        name = getattr(function, "__name__", "")
        module = getattr(function, "__module__", "").rsplit(".", 1)[-1]
        for key in (f"score_{game.key}", f"score_{module if name == 'score' else name}"):
            if self.messages.has(key):
                return key
        return "score"

    def score(self, state: State) -> str:
        points = self.engine.score(state)
        said = str(points) if points >= 0 else self.messages.phrase("minus", count=-points)  # "Score minus 3", not "Score -3"
        game = self.engine.game
        total = self.messages.say("score_only", score=said) if not game.announce_max_score else self.messages.say(self._score_key(), score=said, max=game.max_score)
        if game.score_parts is None:
            return total
        parts = [self.messages.say("score_part", what=what, how=self.messages.phrase(how), points=n) for what, how, n in game.score_parts(game, state) if n]
        return " ".join([total, *parts])