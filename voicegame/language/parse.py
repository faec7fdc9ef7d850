"""Text -> :class:`Command`, using the language's templates and the current game's nouns."""

from __future__ import annotations

import re
from typing import Callable, Iterator, Mapping, TypedDict, TypeVar, cast

from voicegame.engine.cards import JOKER_SUITS, Rank, Suit
from voicegame.engine.game import GameDef
from voicegame.engine.piles import PileKind
from voicegame.language.command import CardRef, Command, GroupRef, Intent, KindRef, PileRef
from voicegame.language.lexicon import Language, load_language
from voicegame.language.templates import Matcher, SlotMatcher
from voicegame.engine.words import NUMBER_WORDS, ORDINAL_WORDS, number_word, ordinal_word, word_number

_PUNCTUATION = re.compile(r"[^\w\s']")
T = TypeVar("T")


class Slots(TypedDict, total=False):
    """What the slot matchers of :meth:`Parser._slot_matchers` bind, by slot name."""

    card: CardRef
    suit: Suit
    pile: PileRef
    foundation: KindRef
    place: CardRef | PileRef
    second: CardRef | PileRef
    target: CardRef | PileRef | KindRef
    number: int
    ordinal: int
    game: str
    group: GroupRef


def tokenize(text: str) -> tuple[str, ...]:
    """Lower case, punctuation dropped, numbers up to 20 spelled out ("Pile 3!" -> pile three).
    A number is decimal digits of any script ("٣" is three); other digit-like characters ("²",
    "①") are not numbers, and stay words that match nothing."""
    words = _PUNCTUATION.sub(" ", text.lower().replace("-", " ")).split()
    return tuple(number_word(int(w)) if _small_number(w) else w for w in words)


def _small_number(word: str) -> bool:
    return word.isdecimal() and len(word) <= 4 and int(word) <= 20


def ordinal_said(order: tuple[str, ...], nth: str, noun: tuple[str, ...]) -> tuple[str, ...]:
    """A pile's noun with an ordinal, in the language's word order ("{nth} {noun}": "third pile")."""
    return tuple(w for part in order for w in ((nth,) if part == "{nth}" else noun if part == "{noun}" else (part,)))


def ordinal_names(pile_names: Mapping[tuple[str, ...], str],
                  ordinal_places: tuple[tuple[str, ...], dict[str, str]]) -> dict[tuple[str, ...], str]:
    """Each numbered pile name ("pile three", "free cell two") said with an ordinal as the language orders it
    ("third pile", "second free cell"), "last" for the highest number of its noun, and the language's other
    words for an ordinal ("leftmost pile"). Names holding another number ("row two column three") are left out."""
    order, words = ordinal_places
    numbered: dict[tuple[str, ...], dict[int, str]] = {}
    for name, pile_id in pile_names.items():
        if len(name) >= 2 and name[-1] in NUMBER_WORDS[1:] and not any(w in NUMBER_WORDS for w in name[:-1]):
            numbered.setdefault(name[:-1], {}).setdefault(NUMBER_WORDS.index(name[-1]), pile_id)
    out: dict[tuple[str, ...], str] = {}
    for noun, piles in numbered.items():
        by_ordinal = {ordinal_word(n): pile_id for n, pile_id in piles.items()} | {"last": piles[max(piles)]}
        by_ordinal |= {word: by_ordinal[meaning] for word, meaning in words.items() if meaning in by_ordinal}
        for nth, pile_id in by_ordinal.items():
            out.setdefault(ordinal_said(order, nth, noun), pile_id)
    return out


class Parser:
    """Parses one game's commands. Build a new one when the game changes."""

    def __init__(self, game: GameDef, game_names: dict[str, str] | None = None, language: Language | None = None) -> None:
        self.game = game
        self.language = language or load_language()
        self._game_names = game_names
        self._heard: Parser | None = None
        self.game_names = {self.words(name): key for name, key in (game_names or {}).items()}  # skip words dropped, as from what is heard
        self.pile_names: dict[tuple[str, ...], str] = {}
        for spec in game.piles:
            for name in spec.names:
                self.pile_names.setdefault(self.words(name), spec.id)
        self.ordinal_pile_names = ordinal_names(self.pile_names, self.language.ordinal_places)
        """"the third pile", "the last column", "the leftmost pile": piles by an ordinal before their noun (read,
        not listened for: the recogniser's grammars are built from ``pile_names``)."""
        self._ordinal_starts = frozenset(name[0] for name in self.ordinal_pile_names)
        self.group_names = {self.words(name): group for group, names in game.group_names.items() for name in names}
        self.kind_names = {
            tokenize(word): PileKind(kind) for kind, words in self.language.kinds.items() for word in words
        }
        self.joker_names = ({tokenize(word): colour for word, colour in self.language.jokers.items()}
                            if game.jokers else {})
        """Ways to say a joker in this game (none in a game without jokers)."""
        self.matcher = Matcher(self.language.rules, self._slot_matchers())

    # ----- slots -----------------------------------------------------------------
    def _slot_matchers(self) -> dict[str, SlotMatcher]:
        return {
            "card": self._card,
            "suit": self._suit,
            "pile": self._pile,
            "foundation": self._kind,
            "place": self._place,
            "second": self._place,
            "target": self._target,
            "number": self._number,
            "ordinal": self._ordinal,
            "game": self.game_at,
            "group": self._group,
        }

    def _card(self, tokens: tuple[str, ...], pos: int) -> Iterator[tuple[int, object]]:
        if pos >= len(tokens):
            return
        for end, colour in self._names(self.joker_names, tokens, pos):  # "red joker", "joker"
            yield end, CardRef(Rank.JOKER, None if colour is None else JOKER_SUITS[colour])
        rank = self.language.ranks.get(tokens[pos])
        if rank is None and tokens[pos] == "one":
            rank = Rank.ACE
        if rank is None:
            return
        if pos + 2 < len(tokens) and tokens[pos + 1] == "of" and tokens[pos + 2] in self.language.suits:
            yield pos + 3, CardRef(rank, self.language.suits[tokens[pos + 2]])
        yield pos + 1, CardRef(rank)

    def _suit(self, tokens: tuple[str, ...], pos: int) -> Iterator[tuple[int, object]]:
        if pos < len(tokens) and tokens[pos] in self.language.suits:
            yield pos + 1, self.language.suits[tokens[pos]]

    @staticmethod
    def _names(table: Mapping[tuple[str, ...], T], tokens: tuple[str, ...], pos: int) -> Iterator[tuple[int, T]]:
        for name, value in table.items():
            end = pos + len(name)
            if tokens[pos:end] == name:
                yield end, value

    def _pile(self, tokens: tuple[str, ...], pos: int) -> Iterator[tuple[int, object]]:
        for end, pile_id in self._names(self.pile_names, tokens, pos):
            yield end, PileRef(pile_id)
        if pos < len(tokens) and tokens[pos] in self._ordinal_starts:
            for end, pile_id in self._names(self.ordinal_pile_names, tokens, pos):
                yield end, PileRef(pile_id)

    def _group(self, tokens: tuple[str, ...], pos: int) -> Iterator[tuple[int, object]]:
        for end, group in self._names(self.group_names, tokens, pos):
            yield end, GroupRef(group)

    def _kind(self, tokens: tuple[str, ...], pos: int) -> Iterator[tuple[int, object]]:
        for end, kind in self._names(self.kind_names, tokens, pos):
            yield end, KindRef(kind)

    def _place(self, tokens: tuple[str, ...], pos: int) -> Iterator[tuple[int, object]]:
        yield from self._card(tokens, pos)
        yield from self._pile(tokens, pos)

    def _target(self, tokens: tuple[str, ...], pos: int) -> Iterator[tuple[int, object]]:
        yield from self._place(tokens, pos)
        yield from self._kind(tokens, pos)

    def _number(self, tokens: tuple[str, ...], pos: int) -> Iterator[tuple[int, object]]:
        if pos < len(tokens) and tokens[pos] in NUMBER_WORDS[1:]:
            yield pos + 1, word_number(tokens[pos])

    def _ordinal(self, tokens: tuple[str, ...], pos: int) -> Iterator[tuple[int, object]]:
        if pos < len(tokens):
            if tokens[pos] in ORDINAL_WORDS[1:]:
                yield pos + 1, ORDINAL_WORDS.index(tokens[pos])
            elif tokens[pos] == "last":
                yield pos + 1, -1

    def game_at(self, tokens: tuple[str, ...], pos: int) -> Iterator[tuple[int, str]]:
        """Every game named from ``pos`` and where its name ends."""
        yield from self._names(self.game_names, tokens, pos)

    def places_at(self, tokens: tuple[str, ...], pos: int) -> Iterator[tuple[int, CardRef | PileRef | KindRef | GroupRef]]:
        """Every place named from ``pos`` (a card, a pile by name or ordinal, a kind, a group) and where it ends:
        the slots of the templates, for the frame reader (voicegame.language.frames)."""
        for matcher in (self._card, self._pile, self._kind, self._group):
            for end, value in matcher(tokens, pos):
                yield end, cast(CardRef | PileRef | KindRef | GroupRef, value)

    def pile_like(self, named: tuple[str, ...], word: str) -> PileRef | None:
        """The pile of the same noun as the numbered pile ``named`` ("pile three", "the third pile") with the
        number or ordinal ``word`` instead: "pile three to five", "the second pile to the seventh". None when
        ``named`` is no numbered pile or this game has no such pile."""
        order, ordinal_words = self.language.ordinal_places
        words = tuple(ordinal_words.get(w, w) for w in named if w not in self.language.skip)
        word = ordinal_words.get(word, word)
        nouns = []
        if len(words) >= 2 and words[-1] in NUMBER_WORDS[1:]:
            nouns.append(words[:-1])
        if len(words) >= 2 and (words[0] in ORDINAL_WORDS[1:] or words[0] == "last"):
            nouns.append(words[1:])
        number = number_word(ORDINAL_WORDS.index(word)) if word in ORDINAL_WORDS[1:] else word
        for noun in nouns:
            if noun + (number,) in self.pile_names:
                return PileRef(self.pile_names[noun + (number,)])
            if word == "last" and ordinal_said(order, "last", noun) in self.ordinal_pile_names:
                return PileRef(self.ordinal_pile_names[ordinal_said(order, "last", noun)])
        return None

    def tableau_pile(self, word: str) -> PileRef | None:
        """The tableau pile an ordinal or number alone names where no noun was said ("second to the fifth"):
        of this game's first numbered tableau pile's noun ("pile", "column")."""
        for spec in self.game.piles:
            if spec.kind is PileKind.TABLEAU:
                return next((pile for name in spec.names if (pile := self.pile_like(self.words(name), word)) is not None), None)
        return None

    def _same_noun_target(self, tokens: tuple[str, ...], command: Command) -> Command:
        """A move to a bare number right after a pile named by its number is to the pile of that number
        ("pile three to five", "column three onto eight"), not to a card: people leave the noun out the
        second time; after a pile named otherwise, to the tableau pile of that number ("waste to four",
        "reserve to two"). "pile three to the five" keeps the card."""
        source, target = command.source, command.target
        if command.intent != Intent.MOVE or not isinstance(source, PileRef) or not isinstance(target, CardRef) \
                or target.suit is not None or len(tokens) < 3 or tokens[-1] not in NUMBER_WORDS[1:] \
                or tokens[-2] in self.language.skip:
            return command
        for name, pile_id in self.pile_names.items():
            if pile_id == source.pile_id and any(tokens[i:i + len(name)] == name for i in range(len(tokens) - 2)):
                pile = self.pile_like(name, tokens[-1]) if name[-1] in NUMBER_WORDS else self.tableau_pile(tokens[-1])
                if pile is not None:
                    return Command(Intent.MOVE, source=source, target=pile)
        return command

    # ----- parsing -----------------------------------------------------------------
    @property
    def heard(self) -> Parser:
        """This game's parser over the language as a recogniser listens for it (``Language.heard``): what
        the recognisers' grammars are built from. Typed text and Whisper's transcripts are read by ``self``."""
        if self._heard is None:
            heard = self.language.heard()
            self._heard = self if heard is self.language else Parser(self.game, self._game_names, heard)
        return self._heard

    def words(self, text: str) -> tuple[str, ...]:
        """The tokens that matter: tokenized, contractions read as their words, skip words removed."""
        contractions = self.language.contractions
        tokens = [w for t in tokenize(text) for w in contractions.get(t, (t,))]
        return tuple(t for t in tokens if t not in self.language.skip)

    def begins_with_skipped_word(self, text: str) -> bool:
        """Whether ``text`` is empty or begins with a word the parser skips ("the all the piles"): what a
        recogniser makes of speech that is no command, forced onto the language, tends to (bench/heard.py)."""
        tokens = tokenize(text)
        return not tokens or tokens[0] in self.language.skip

    def parse(self, text: str) -> Command | None:
        """The first intent (in file order) whose template matches all of ``text``; None if none does."""
        tokens = self.words(text)
        if not tokens:
            return None
        for intent, templates in self.language.intents:
            for template in templates:
                for bindings in self.matcher.full_matches(template, tokens):
                    command = self._command(intent, cast(Slots, dict(bindings)))  # bound by _slot_matchers
                    return self._same_noun_target(tokenize(text), command)
        return None

    @staticmethod
    def _command(intent: str, slots: Slots) -> Command:
        """The command an intent's template makes of its slots (:data:`SLOT_COMMANDS`; most intents have none)."""
        make = SLOT_COMMANDS.get(intent)
        return Command(intent) if make is None else make(intent, slots)


def _move_up(intent: str, slots: Slots) -> Command:
    return Command(Intent.MOVE, source=slots.get("place"), target=KindRef(PileKind.FOUNDATION))


def _move(intent: str, slots: Slots) -> Command:
    return Command(Intent.MOVE, source=slots.get("place"), target=slots.get("target"))


def _move_whole(intent: str, slots: Slots) -> Command:
    """"everything from pile six to pile seven", "the queen and everything on it"."""
    return Command(Intent.MOVE, source=slots.get("pile") or slots.get("place"), target=slots.get("target"))


def _move_top(intent: str, slots: Slots) -> Command:
    """"the top card of column two": one card."""
    pile = slots.get("pile")
    top = None if pile is None else PileRef(pile.pile_id, top=True)
    return Command(Intent.MOVE, source=top, target=slots.get("target") or slots.get("foundation"))


def _answer_place(intent: str, slots: Slots) -> Command:
    """"the one on pile three"."""
    return Command(Intent.ANSWER, source=slots.get("pile"))


def _pair(intent: str, slots: Slots) -> Command:
    return Command(Intent.PAIR, source=slots.get("place"), target=slots.get("second"))


def _play(intent: str, slots: Slots) -> Command:
    """"play the nine", "play from column three"."""
    return Command(Intent.MOVE, source=slots.get("place") or slots.get("pile"))


def _fill(intent: str, slots: Slots) -> Command:
    return Command(Intent.MOVE, target=slots.get("pile"))


def _read(intent: str, slots: Slots) -> Command:
    return Command(intent, source=slots.get("pile") or slots.get("card") or slots.get("group"))


def _pile_rules(intent: str, slots: Slots) -> Command:
    """"what goes on pile three", "the free cells", "row two"; none: the columns."""
    return Command(intent, source=slots.get("pile") or slots.get("foundation") or slots.get("group") or KindRef(PileKind.TABLEAU))


def _discard(intent: str, slots: Slots) -> Command:
    return Command(Intent.MOVE, source=slots.get("place"), target=KindRef(PileKind.DISCARD))


def _switch_game(intent: str, slots: Slots) -> Command:
    return Command(intent, game=slots.get("game"))


def _answer(intent: str, slots: Slots) -> Command:
    place = slots.get("card") or slots.get("pile") or slots.get("foundation")  # "the cell", "home"
    number = slots.get("number")
    if number is None and "ordinal" in slots:
        return Command(Intent.CHOOSE, number=slots["ordinal"])
    return Command(Intent.ANSWER, source=place, number=number, suit=slots.get("suit"))


SLOT_COMMANDS: dict[str, Callable[[str, Slots], Command]] = {
    "move_up": _move_up, "move": _move, "move_whole": _move_whole, "move_top": _move_top,
    "answer_place": _answer_place, "pair": _pair, "play": _play, "fill": _fill,
    "read": _read, "where": _read, "read_group": _read, "pile_rules": _pile_rules,
    "discard": _discard, "switch_game": _switch_game, "answer": _answer,
}
"""Intent -> the command its slots make (an intent not here makes a command of its name alone)."""
