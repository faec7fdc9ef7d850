"""What was heard -> the legal move it most likely meant, as lichess does for chess moves.

Every legal move of this turn is expanded into the ways the language's templates can say it
(``move``, ``move_up``, ``play``, ``answer``... with the slots bound to that move's card, pile and
target names). Both those phrases and the heard text are first *normalised*: synonyms of one
template rule become one token ("onto", "on top of" -> "to"; "put", "place" -> "move"), rank,
suit and pile-kind words become their first form, and filler words (skip words, verbs) are dropped,
so the expansion stays small (tens of phrases per move) and saying "put" for "move" costs nothing.

The heard words are then aligned with each phrase by a word-level edit distance: a substitution
costs by how alike the two words sound (phoneme edit distance from the CMU dictionary that ships
with pocketsphinx: "seven"/"eleven" are close, "clubs"/"spades" are not), a missing or extra word
costs ``GAP`` ("of" less). A move's cost is that of its closest phrase. A clear single winner is
played, near ties are asked about, and anything too far is rejected. What one utterance is then
understood as, with the recogniser's other decodes and Whisper's opinion, is
voicegame.listen.understanding; what is done with it, voicegame.listen.policy.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable

from voicegame.engine import Engine, Move, MoveKind, PileKind, State
from voicegame.listen.pronouncing import cmu_dictionary
from voicegame.language.parse import Parser
from voicegame.language.phrasing import Phrasing
from voicegame.language.templates import Node, TemplateError, Word, expand

GAP = 0.5
"""Cost of a word heard but not in the phrase, or in the phrase but not heard."""
CHEAP_GAP = {"of": 0.2}
@dataclass(frozen=True)
class Thresholds:
    """Decision costs (after lichess: clear winner played, near ties asked, far rejected)."""

    play: float = 0.8  # best cost at most this ...
    margin: float = 0.45  # ... and the runner-up at least this much worse: play it
    ask: float = 1.0  # otherwise, best cost at most this: ask between the close ones
    max_options: int = 3


@dataclass(frozen=True)
class MatchResult:
    """``kind``: "play" (moves[0]), "ask" (between moves), "reject". ``phrase``: the closest
    phrasing of moves[0], in the language (parseable), for reporting what was understood."""

    kind: str
    moves: tuple[Move, ...] = ()
    costs: tuple[float, ...] = ()
    phrase: str = ""


# ------------------------------------------------------------------------ sounds alike
def _levenshtein(a: tuple[str, ...] | str, b: tuple[str, ...] | str) -> int:
    prev = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        cur = [i]
        for j, y in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x != y)))
        prev = cur
    return prev[-1]


def _pronunciations(token: str) -> list[tuple[str, ...]]:
    """Phonemes of a (possibly multi-word "take_back") token; [] when a word is unknown."""
    dictionary = cmu_dictionary()
    prons: list[tuple[str, ...]] = [()]
    for word in token.split("_"):
        options = dictionary.get(word)
        if not options:
            return []
        prons = [p + q for p in prons for q in options[:2]]
    return prons


@lru_cache(maxsize=65536)
def sound_cost(a: str, b: str) -> float:
    """Substitution cost of two words, 0 (same) .. 1 (nothing alike); at least 0.25 when different."""
    if a == b:
        return 0.0
    pa, pb = _pronunciations(a), _pronunciations(b)
    if pa and pb:
        d = min(_levenshtein(x, y) / max(len(x), len(y), 1) for x in pa for y in pb)
    else:
        d = _levenshtein(a, b) / max(len(a), len(b), 1)
    return min(1.0, 0.25 + 0.75 * d)


def _gap(word: str) -> float:
    return CHEAP_GAP.get(word, GAP)


def phrase_cost(heard: tuple[str, ...], phrase: tuple[str, ...]) -> float:
    """Word-level weighted edit distance."""
    prev = [0.0]
    for w in phrase:
        prev.append(prev[-1] + _gap(w))
    for h in heard:
        gh = _gap(h)
        cur = [prev[0] + gh]
        for j, w in enumerate(phrase, 1):
            cur.append(min(prev[j] + gh, cur[j - 1] + _gap(w), prev[j - 1] + sound_cost(h, w)))
        prev = cur
    return prev[-1]


# --------------------------------------------------------------------------- normalising
class Normaliser:
    """Maps word sequences to canonical tokens and drops filler words (see the module docstring)."""

    def __init__(self, parser: Parser) -> None:
        language = parser.heard.language  # the synonyms of the language as listened for
        self.parser = parser
        self.table: dict[tuple[str, ...], str] = {}
        self.rule_token: dict[str, str] = {}
        for names, phrases in self._synonym_classes(language.rules):
            token = "_".join(phrases[0])
            for name in names:
                self.rule_token[name] = token
            for p in phrases:
                self.table.setdefault(p, token)
        self._add_nouns(parser)
        self.longest = max(len(p) for p in self.table)
        self.filler = frozenset(language.skip) | {self.rule_token.get("move_verb", "move"), self.rule_token.get("play_verb", "play")}

    @classmethod
    def _synonym_classes(cls, rules: dict[str, Node]) -> list[tuple[set[str], list[tuple[str, ...]]]]:
        """The slot-free rules' phrases, by the rules that say them; rules sharing a phrase ("move" is
        a move verb and a play verb) are one class."""
        merged: list[tuple[set[str], list[tuple[str, ...]]]] = []
        for name, node in rules.items():
            phrases = cls._slot_free(node, rules)
            if not phrases:
                continue
            hits = [m for m in merged if set(phrases) & set(m[1])]
            names, union = {name}, list(phrases)
            for m in hits:
                names |= m[0]
                union += [p for p in m[1] if p not in union]
                merged.remove(m)
            merged.append((names, union))
        return merged

    def _add_nouns(self, parser: Parser) -> None:
        """Ranks, suits and kinds of pile to their canonical words."""
        language = parser.heard.language
        for word, rank in language.ranks.items():
            self.table[(word,)] = rank.spoken
        for word, suit in language.suits.items():
            self.table[(word,)] = suit.value
        for words, kind in parser.kind_names.items():
            self.table[words] = language.kinds[kind.value][0]

    @staticmethod
    def _slot_free(node: Node, rules: dict[str, Node]) -> list[tuple[str, ...]]:
        try:
            phrases = expand(node, rules, {}, limit=2000)
        except (KeyError, TemplateError):  # the rule has slots: not a synonym list
            return []
        return [tuple(p.split()) for p in phrases if p]

    def __call__(self, tokens: Iterable[str]) -> tuple[str, ...]:
        tokens = tuple(tokens)
        out: list[str] = []
        i = 0
        while i < len(tokens):
            for n in range(min(self.longest, len(tokens) - i), 0, -1):
                token = self.table.get(tokens[i : i + n])
                if token is not None:
                    out.append(token)
                    i += n
                    break
            else:
                out.append(tokens[i])
                i += 1
        return tuple(t for t in out if t not in self.filler)

    def text(self, text: str) -> tuple[str, ...]:
        return self(self.parser.words(text))


# ----------------------------------------------------------------------------- candidates
class MoveMatcher:
    """Scores heard text against the phrases of one position's legal moves."""

    def __init__(self, parser: Parser, engine: Engine, thresholds: Thresholds | None = None) -> None:
        self.parser = parser
        self.engine = engine
        self.thresholds = thresholds or Thresholds()
        self.normalise = Normaliser(parser)
        cmu_dictionary()  # load once now (0.4 s), not on the first word heard
        self.phrasing = Phrasing(engine, parser.heard.language)  # every way the command templates say a move
        self._rules = {name: (Word(self.normalise.rule_token[name]) if name in self.normalise.rule_token else body)
                       for name, body in parser.heard.language.rules.items()}  # each synonym rule said one way
        self._cache: tuple[State, list[tuple[Move, tuple[str, ...], str]]] | None = None

    # ----- phrases of one move (language/phrasing.py says them; this normalises them) -------------
    def move_phrases(self, state: State, move: Move, natural: bool) -> list[str]:
        """Every way (normalised, verbs dropped) to say ``move`` with the language's templates.
        ``natural``: the move is what naming its source pile alone would mean."""
        out = {" ".join(self.normalise(p.split())) for p in self.phrasing.sayings(state, move, natural, self._rules)}
        out.discard("")
        return sorted(out)

    def move_slots(self, state: State, move: Move, natural: bool) -> dict[str, list[str]]:
        """The slot values that name ``move``: its card, source pile (when ``natural``), target."""
        return self.phrasing.move_words(state, move, natural)

    def naturals(self, state: State) -> list[tuple[Move, bool]]:
        """The legal moves, each with whether naming its source pile alone means it."""
        legal = self.engine.legal_moves(state)
        natural: dict[tuple[int, int], int] = {}
        for m in legal:
            if m.kind is MoveKind.MOVE:
                natural[(m.src, m.dst)] = max(natural.get((m.src, m.dst), 0), m.count)
        return [(m, m.kind is MoveKind.MOVE and natural[(m.src, m.dst)] == m.count) for m in legal]

    def legal_nouns(self, state: State) -> list[tuple[list[str], list[str], bool]]:
        """(ways to name the source, ways to name the target, goes to a foundation) per legal move,
        for a recogniser grammar that prefers the moves that can be played now."""
        out = []
        for move, natural in self.naturals(state):
            if move.kind is MoveKind.MOVE:
                slots = self.move_slots(state, move, natural)
                out.append((slots["place"], slots["target"], self.engine.specs[move.dst].kind is PileKind.FOUNDATION))
        return out

    def candidates(self, state: State) -> list[tuple[Move, tuple[str, ...], str]]:
        """(move, normalised phrase tokens, phrase) for every legal move; cached for the last state."""
        if self._cache is not None and self._cache[0] is state:
            return self._cache[1]
        out = []
        for m, is_natural in self.naturals(state):
            for phrase in self.move_phrases(state, m, is_natural):
                out.append((m, tuple(phrase.split()), phrase))
        self._cache = (state, out)
        return out

    # ----- scoring -------------------------------------------------------------------------
    def scores(self, state: State, text: str) -> list[tuple[float, Move, str]]:
        """(cost, move, closest phrase) per legal move, cheapest first."""
        heard = self.normalise.text(text)
        best: dict[Move, tuple[float, str]] = {}
        for move, tokens, phrase in self.candidates(state):
            cost = phrase_cost(heard, tokens)
            if move not in best or cost < best[move][0]:
                best[move] = (cost, phrase)
        return sorted(((c, m, p) for m, (c, p) in best.items()), key=lambda x: x[0])

    def match(self, state: State, text: str) -> MatchResult:
        ranked = self.scores(state, text)
        t = self.thresholds
        if not ranked or not self.normalise.text(text) or ranked[0][0] > t.ask:
            return MatchResult("reject", tuple(m for _, m, _ in ranked[:1]), tuple(c for c, _, _ in ranked[:1]))
        best = ranked[0][0]
        runner_up = ranked[1][0] if len(ranked) > 1 else float("inf")
        if best <= t.play and runner_up - best >= t.margin:
            return MatchResult("play", (ranked[0][1],), (best,), ranked[0][2])
        close = [(c, m, p) for c, m, p in ranked if c - best < t.margin][: t.max_options]
        return MatchResult("ask", tuple(m for _, m, _ in close), tuple(c for c, _, _ in close), close[0][2])
