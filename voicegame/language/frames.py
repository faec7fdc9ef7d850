"""Words nobody wrote into the templates -> :class:`Command`, by composition (``grammars/<lang>/frames.toml``).

The templates of commands.toml are whole phrasings: what the recognisers listen for, and what typed text
and transcripts are first read against (:meth:`Parser.parse`). People say far more than any list of
phrasings holds ("oops wrong one", "do I have any free cells", "the sixth pile over to the ninth"), so
what no template matches is read once more as a frame: the words are cut into places the game knows
(cards, piles, "the third pile"), concepts of the lexicon ("take back" is ``undo``) and fillers, with as
few pieces as can be; a word that is none of these and nothing is understood. The concepts heard and
the places, in the order said, must fit exactly one frame, which makes the command.

Why not Home Assistant's hassil here: hassil matches whole templates with wildcards, which is what
commands.toml already is; what it cannot do is accept a new word order or a new combination of known
words without a new template. A frame is a set of concepts, so "the deck: how many left" and "how many
are left in the deck" are one frame. The places come from the parser's own slots, so every way of naming
a card or a pile the templates know (and the recognisers hear) is known here too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator

from voicegame.engine.piles import PileKind
from voicegame.engine.words import NUMBER_WORDS, ORDINAL_WORDS, number_word
from voicegame.language.command import CardRef, Command, GroupRef, Intent, KindRef, Place, PileRef
from voicegame.language.lexicon import grammar_file, load_language
from voicegame.language.parse import Parser, tokenize
from voicegame.language.templates import expand, parse_template

UNKNOWN_COST = 100
"""A word that is no place, concept or filler costs more than any cut into known pieces."""
SLACK = 2
"""Cuts with up to this many pieces more than the fewest are tried when those fit no frame."""
MAX_CUTS = 64
"""The cuts of least cost tried at most (ties: "home" is a place and the concept ``up``, "in" is ``onto`` and ``from``)."""
CORRECTION = "correction"
"""The concept of words that take back the place just said ("sorry", "no wait", "i mean")."""
GAME_NAMED = "game_name"
"""The concept a game's name is ("how do you play klondike" is help, as "how do you play" is)."""
INTENT_NAMES = frozenset(intent.value for intent in Intent)
MAX_WORDS = 24
"""Longer texts are not read as frames (a request is shorter; the cutting is quadratic)."""


@dataclass(frozen=True)
class Frame:
    """An intent and what it is made of (see frames.toml)."""

    name: str
    intent: str
    needs: frozenset[str]
    allows: frozenset[str]
    places: tuple[str, ...]


@dataclass(frozen=True)
class FrameLexicon:
    """frames.toml as token tuples: fillers, concept phrases (phrase -> concept) and frames."""

    filler: frozenset[tuple[str, ...]]
    concepts: dict[tuple[str, ...], frozenset[str]]
    frames: tuple[Frame, ...]
    longest: int
    words: frozenset[str]
    """Every word of a concept or a filler."""
    together: dict[str, tuple[str, ...]]
    """Words written together and the words they are ("gimme": give me)."""
    endings: tuple[tuple[str, tuple[str, ...]], ...]
    """Endings written for a word and the word ("'ve": have), in the order tried."""
    sounds_like: dict[str, str]
    """Words written for others that sound alike ("sell": cell)."""
    before_of: dict[str, str]
    """A rank's sound-alikes before "of" ("for": four)."""
    blocking: frozenset[str]
    """Concepts no frame takes ("do not know"): where the fewest pieces hold one, nothing is understood, though
    other cuts would fit ("do not" as ``no``)."""


@dataclass(frozen=True)
class Piece:
    """One piece of a cut: a place (``place`` set), a concept, a filler, a bare ordinal or an unknown word."""

    kind: str
    words: tuple[str, ...]
    concept: str = ""
    place: Place | None = None
    game: str = ""
    """The game named, for ``GAME_NAMED``."""


@lru_cache(maxsize=None)
def load_frames(lang: str = "en") -> FrameLexicon:
    """frames.toml of ``lang``, its concepts expanded to phrases (``<rule>`` from commands.toml's rules)."""
    data = grammar_file(lang, "frames.toml")
    language = load_language(lang)
    concepts: dict[tuple[str, ...], frozenset[str]] = {}
    for concept, template in data.get("concepts", {}).items():
        for phrase in expand(parse_template(template), language.rules, {}):
            words = tuple(w for t in tokenize(phrase) for w in language.contractions.get(t, (t,)))
            if words:
                concepts[words] = concepts.get(words, frozenset()) | {concept}
    filler = frozenset(tokenize(w) for w in data.get("filler", []))
    named = data.get("frames", {})
    frames = [Frame(name, spec.get("intent", name), frozenset(spec.get("needs", [])), frozenset(spec.get("allows", [])),
                    tuple(spec.get("places", []))) for name, spec in named.items()]
    for concept in {c for named_by in concepts.values() for c in named_by} - set(named):  # a concept alone makes the intent of its name
        if concept in INTENT_NAMES:
            frames.append(Frame(concept, concept, frozenset({concept}), frozenset(), ()))
    longest = max(len(p) for p in (*concepts, *filler))
    taken = {c for frame in frames for c in frame.needs | frame.allows} | {GAME_NAMED, CORRECTION}
    blocking = frozenset(c for named_by in concepts.values() for c in named_by) - taken
    written = data.get("written_together", {})
    together = {word: tuple(said.split()) for word, said in written.get("words", {}).items()}
    endings = tuple((ending, tuple(said.split())) for ending, said in written.get("endings", {}).items())
    alike = data.get("sounds_like", {})
    vocabulary = frozenset(w for phrase in (*concepts, *filler) for w in phrase)
    return FrameLexicon(filler, concepts, tuple(frames), longest, vocabulary, together, endings, alike.get("words", {}),
                        alike.get("before_of", {}), blocking)


def read_frame(parser: Parser, text: str) -> Command | None:
    """The one command the words of ``text`` make as a frame; None when a word is unknown, no frame
    fits, or the best cuts of the words make different commands."""
    lexicon = load_frames(parser.language.code)
    tokens = _words(parser, lexicon, text)
    if not tokens or len(tokens) > MAX_WORDS:
        return None
    levels = _cuts(parser, lexicon, tokens)
    if not levels or all(any(p.concept in lexicon.blocking for p in cut) for cut in levels[0]):
        return None  # "i do not know": no "no"
    fillers = {span for cut in levels[0] for span in _filler_spans(cut)}
    levels = [levels[0]] + [[cut for cut in cuts if _filler_spans(cut) <= fillers] for cuts in levels[1:]]
    for cuts in levels:  # the fewest pieces first; the first count that fits decides; a cut with more pieces
        # may split a phrase into two concepts ("put on" as "put", "on"), never make a filler of a phrase's
        # word ("oh no" is no "no")
        made = {command for cut in cuts if (command := _fit(parser, lexicon, cut)) is not None}
        if made:
            return made.pop() if len(made) == 1 else None
    return None


def nearest_frame(parser: Parser, text: str) -> Command | None:
    """The command ``text`` is nearest to when one word of it is unknown and the rest is a frame that fits
    one command alone ("quieter please it's late"): something to ask about ("Did you mean quieter?"),
    never to do. None for anything else: no unknown word (``read_frame`` reads it or nothing does), more
    than one, fewer than two known pieces besides fillers ("lower the lights": "lower" alone is no sign of
    what was meant), no concept, or the unknown word beside a place (it may belong to the place: "the sevn
    of hearts" is no "hearts")."""
    lexicon = load_frames(parser.language.code)
    tokens = _words(parser, lexicon, text)
    if len(tokens) < 3 or len(tokens) > MAX_WORDS:
        return None
    made: set[Command] = set()
    for cut in (cut for cuts in _cuts(parser, lexicon, tokens, unknown_words=1)[:1] for cut in cuts):
        said = [p for p in cut if p.kind != "filler"]
        at = next(i for i, p in enumerate(said) if p.kind == "unknown")
        if any(p.kind in ("place", "ordinal") for p in said[max(0, at - 1):at + 2]):
            continue  # "the sevn of hearts": a word beside a place, fillers apart, may be part of it
        if len(said) < 3 or not any(p.kind == "concept" for p in said):
            continue  # one known word beside an unknown one ("lower the lights"): no sign of what was meant
        command = _fit(parser, lexicon, tuple(p for p in cut if p.kind != "unknown"))
        if command is not None:
            made.add(command)
    return made.pop() if len(made) == 1 else None


def fluent_text(parser: Parser, text: str) -> str:
    """``text`` as the words meant: false starts and repeats left out ("d-draw", "the the seven of of hearts",
    "to pile, to pile one"), sound-alikes read as the words of the language ("sell one", "the for of clubs"),
    what is written together spelled out, "number" dropped between a pile's noun and its number."""
    return " ".join(_words(parser, load_frames(parser.language.code), text))


FALSE_START = re.compile(r"\b(\w{1,5})-\s*(?=\1)", re.IGNORECASE)
"""A word begun and begun again ("d-draw", "un- undo", "wh- what"): the fragment and its hyphen."""
REPEATED = 3
"""Words said twice in a row are said once, up to this many at a time ("to pile, to pile one")."""


def _words(parser: Parser, lexicon: FrameLexicon, text: str) -> tuple[str, ...]:
    """The words of ``text`` as meant (``fluent_text``)."""
    while (shorter := FALSE_START.sub("", text)) != text:
        text = shorter
    words = [w for t in tokenize(text) for w in _spelled_out(parser, lexicon, t)]
    words = [lexicon.sounds_like.get(w, w) for w in words]
    words = [_unstretched(w, lexicon) for w in words]
    words = [lexicon.before_of.get(w, w) if i + 1 < len(words) and words[i + 1] == "of" else w
             for i, w in enumerate(words)]
    words = _said_once(words)
    return tuple(w for i, w in enumerate(words)
                 if not (w == "number" and 0 < i < len(words) - 1 and words[i + 1] in NUMBER_WORDS[1:]
                         and parser.pile_like((words[i - 1], words[i + 1]), words[i + 1]) is not None))


STRETCHED = re.compile(r"(\w)\1{2,}")
"""A letter written three times or more ("pleeease", "yesss", "nooo")."""


def _unstretched(word: str, lexicon: FrameLexicon) -> str:
    """A word with a letter stretched as the word of the lexicon it is ("pleeease": please), else as written."""
    if word in lexicon.words or not STRETCHED.search(word):
        return word
    for times in (r"\1", r"\1\1"):
        said = STRETCHED.sub(times, word)
        if said in lexicon.words:
            return said
    return word


def _said_once(words: list[str]) -> list[str]:
    """``words`` with a run of up to ``REPEATED`` words said again at once left said once."""
    out: list[str] = []
    for word in words:
        out.append(word)
        for size in range(1, REPEATED + 1):
            if len(out) >= 2 * size and out[-size:] == out[-2 * size:-size]:
                del out[-size:]
                break
    return out


def _spelled_out(parser: Parser, lexicon: FrameLexicon, token: str) -> tuple[str, ...]:
    """Words written together as their words: the language's contractions ("what's"), frames.toml's words
    ("gimme") and endings ("whatever's safe", "what've")."""
    if token in parser.language.contractions:
        return parser.language.contractions[token]
    if token in lexicon.together:
        return lexicon.together[token]
    for ending, said in lexicon.endings:
        if token.endswith(ending) and len(token) > len(ending):
            return (token[: -len(ending)], *said)
    return (token.strip("'"),) if token.strip("'") else ()


def _pieces_at(parser: Parser, lexicon: FrameLexicon, tokens: tuple[str, ...], pos: int) -> Iterator[Piece]:
    """Every piece that may begin at ``pos``."""
    for end, value in parser.places_at(tokens, pos):
        yield Piece("place", tokens[pos:end], place=value)
    for end, game in parser.game_at(tokens, pos):  # "how do you play klondike": a game named, as a concept
        yield Piece("concept", tokens[pos:end], concept=GAME_NAMED, game=game)
    for size in range(1, min(lexicon.longest, len(tokens) - pos) + 1):
        words = tokens[pos:pos + size]
        for concept in sorted(lexicon.concepts.get(words, ())):
            yield Piece("concept", words, concept=concept)
        if words in lexicon.filler:
            yield Piece("filler", words)
    word = tokens[pos]
    nth = parser.language.ordinal_places[1].get(word, word)  # "leftmost": first
    if nth in ORDINAL_WORDS[1:] or nth == "last":
        yield Piece("ordinal", (nth,))
    yield Piece("unknown", (word,))


def _cuts(parser: Parser, lexicon: FrameLexicon, tokens: tuple[str, ...],
          unknown_words: int = 0) -> list[list[tuple[Piece, ...]]]:
    """The cuts of ``tokens`` into pieces with the fewest unknown words, in groups of one count of pieces, the
    fewest first, up to ``SLACK`` more (longest phrases first: "take it back" is one concept, not a verb, a
    filler and a word; but "the king put on pile five" is "put", "on", not the phrase "put on" of ``rules``);
    none when the fewest unknown words are not ``unknown_words``."""
    n = len(tokens)
    table: list[dict[int, list[tuple[Piece, ...]]]] = [{} for _ in range(n + 1)]
    table[0][0] = [()]
    for pos in range(n):
        if not table[pos]:
            continue
        floor = min(table[pos])
        pieces = list(_pieces_at(parser, lexicon, tokens, pos))
        for cost, cuts in table[pos].items():
            if cost > floor + SLACK:
                continue
            for piece in pieces:
                step = UNKNOWN_COST if piece.kind == "unknown" else 1
                kept = table[pos + len(piece.words)].setdefault(cost + step, [])
                kept.extend(cut + (piece,) for cut in cuts[:MAX_CUTS - len(kept)])
    if not table[n]:
        return []
    floor = min(table[n])
    if floor // UNKNOWN_COST != unknown_words:
        return []
    return [table[n][cost] for cost in sorted(table[n]) if cost <= floor + SLACK]


def _fit(parser: Parser, lexicon: FrameLexicon, cut: tuple[Piece, ...]) -> Command | None:
    """The command of the one frame (most needs first) that the cut's concepts and places fit."""
    cut = _corrected(cut)
    concepts = frozenset(p.concept for p in cut if p.kind == "concept")
    said = [(p, i > 0 and cut[i - 1].kind == "filler" and cut[i - 1].words[-1] in parser.language.skip,
             next((q for q in reversed(cut[:i]) if q.kind != "filler"), None))
            for i, p in enumerate(cut) if p.kind in ("place", "ordinal")]  # a place, whether "the" came before it, and what
    fits: list[tuple[int, Command]] = []
    for frame in lexicon.frames:
        if not frame.needs <= concepts or not concepts <= frame.needs | frame.allows:
            continue
        places = _places(parser, frame, said)
        if places is None:
            continue
        game = next((p.game for p in cut if p.game), None)
        fits.append((len(frame.needs), _command(frame, places, game)))
    if not fits:
        return None
    most = max(n for n, _ in fits)
    best = {command for n, command in fits if n == most}
    return best.pop() if len(best) == 1 else None


def _filler_spans(cut: tuple[Piece, ...]) -> set[tuple[int, int]]:
    """Where the cut's fillers begin and end, in words."""
    spans, at = set(), 0
    for piece in cut:
        if piece.kind == "filler":
            spans.add((at, at + len(piece.words)))
        at += len(piece.words)
    return spans


def _corrected(cut: tuple[Piece, ...]) -> tuple[Piece, ...]:
    """The cut with a place said again left as said the second time, and ``CORRECTION`` words as fillers:
    "the third, sorry, the sixth pile" (``CORRECTION`` words between two places), "the queen, the queen of
    spades" (a card said again with more of it)."""
    out: list[Piece] = []
    for piece in cut:
        if piece.kind in ("place", "ordinal"):
            at = len(out)
            while at > 0 and (out[at - 1].kind == "filler" or out[at - 1].concept == CORRECTION):
                at -= 1
            between = out[at:]
            if at > 0 and out[at - 1].kind in ("place", "ordinal") and (
                    any(p.concept == CORRECTION for p in between) or _said_again(out[at - 1], piece)):
                del out[at - 1:]
        out.append(Piece("filler", piece.words) if piece.concept == CORRECTION else piece)
    return tuple(out)


def _said_again(first: Piece, then: Piece) -> bool:
    """Whether ``then`` is the card ``first`` named, said again with more ("the queen, the queen of spades")."""
    a, b = first.place, then.place
    return isinstance(a, CardRef) and isinstance(b, CardRef) and a.rank == b.rank and a.suit is None and b.suit is not None


def _places(parser: Parser, frame: Frame, said: list[tuple[Piece, bool, Piece | None]]) -> list[Place] | None:
    """The places ``said`` as the frame takes them (a bare ordinal or number after a numbered pile names
    a pile of the same noun: "the second pile to the seventh"); None when they do not fit."""
    if len(said) != len(frame.places):
        return None
    out: list[Place] = []
    for role, (piece, after_article, before) in zip(frame.places, said):
        place = piece.place
        if out and isinstance(out[0], PileRef) and (piece.kind == "ordinal" or (_bare_number(piece) and not after_article)):
            named = said[0][0]  # the source as said
            place = (parser.pile_like(named.words, piece.words[-1]) if named.kind == "place"
                     else parser.tableau_pile(piece.words[-1])) or place
        elif not out and piece.kind == "ordinal" and len(said) > 1 and said[1][0].kind == "ordinal":
            place = parser.tableau_pile(piece.words[-1])  # "second to the fifth": two tableau piles
        elif role == "pile" and _bare_number(piece) and before is not None and before.words == ("read",):
            place = parser.tableau_pile(piece.words[-1])  # "read five": a pile read, not a card
        if place is None or not _takes(role, place):
            return None
        out.append(place)
    return out


def _bare_number(piece: Piece) -> bool:
    return isinstance(piece.place, CardRef) and piece.place.suit is None and piece.words[-1] in NUMBER_WORDS[1:]


def _takes(role: str, place: Place) -> bool:
    if role == "card":
        return isinstance(place, CardRef)
    if role == "pile":
        return isinstance(place, (PileRef, GroupRef))
    if role == "area":
        return isinstance(place, (PileRef, GroupRef, KindRef))
    if role == "target":
        return isinstance(place, (CardRef, PileRef, KindRef))
    return isinstance(place, (CardRef, PileRef))  # source, place


def _command(frame: Frame, places: list[Place], game: str | None) -> Command:
    if frame.intent == Intent.MOVE:
        target = places[1] if len(places) > 1 else KindRef(PileKind.FOUNDATION) if "up" in frame.needs else None
        return Command(Intent.MOVE, source=places[0], target=target)
    if frame.intent == Intent.SWITCH_GAME:
        return Command(Intent.SWITCH_GAME, game=game)
    return Command(frame.intent, source=places[0] if places else None)
