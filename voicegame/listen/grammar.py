"""The recogniser grammar of the current game: the language's templates plus the game's nouns.

One source, two shapes:

- JSGF for PocketSphinx: one rule per template rule (``<onto>``), one per slot (``<card>``,
  ``<pile>``...) and one per intent (``<cmd_move>``), so the document stays a few kilobytes
  instead of millions of expanded sentences.
- A phrase list for Vosk. Vosk compiles its phrase list into a loop over the phrases (a sentence
  may be several phrases in a row: ``["how are you", "i am fine"]`` also yields "how fine"), so a
  full expansion buys little and costs a lot (Klondike's move template alone expands to millions).
  The list is every slot-free command in full, every slot value (card and pile names) and every
  template with its slots left out as its own fragment; the parser and the matcher check the
  structure afterwards.

Bare numbers and bare card names are commands of their own (the ``answer`` intent).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING, Callable, Iterable, Mapping

from voicegame.audio.grammar_spec import RecogniserGrammar
from voicegame.engine.cards import Card
from voicegame.language.parse import Parser
from voicegame.language.templates import Alt, Node, Opt, RuleRef, Seq, Slot, Word, expand
from voicegame.engine.words import NUMBER_WORDS, ORDINAL_WORDS

if TYPE_CHECKING:
    from voicegame.engine import Engine, State

TOP = "command"
ARTICLE = True
"""Whether "the" may precede cards and piles in the grammar ``grammar_for`` builds."""
LEGAL_WEIGHT = 10.0
"""How strongly ``grammar_for`` prefers this turn's legal moves when given them (JSGF alternative
weight). Measured: weights 1, 10 and 1000 gave the same accuracy (pocketsphinx seems to flatten
them), and ``inf`` (legal moves only) gained a little on moves but lost on everything else."""
ARTICLE_RULES = frozenset({"board"})
"""Rules that may be preceded by "the" when spoken ("read the board")."""
ARTICLE_SLOTS = frozenset({"place", "target", "pile", "card"})
"""Slots that may be preceded by "the" ("move the seven ... to the eight ..."); the parser skips it."""


# --------------------------------------------------------------------------- nouns
COMPOUND_SLOTS = {
    "card": "<rank> [of <suit>]",
    "place": "<card> | <pile>",
    "target": "<place> | <foundation>",
}
"""Slots the parser builds out of others; every other slot is a list of names."""
ANY_CARD_INTENTS = frozenset({"where"})
"""Intents that may name any card, showing or not; elsewhere ``visible`` restricts ``{card}``."""


def highest_number(parser: Parser) -> int:
    """The largest pile number of the game, and at least 4 so that "the third one" always works."""
    numbers = [number for spec in parser.game.piles if (number := getattr(spec, "number", None))]
    return max([4, *numbers])


def _names(table: Mapping[tuple[str, ...], object]) -> list[str]:
    return sorted({" ".join(name) for name in table})


def slot_phrases(parser: Parser) -> dict[str, list[str]]:
    """Every way to say each basic slot in this game; an empty list means the game has none.

    Kind words ("foundation", "discard pile") are kept only for kinds of pile the game has.
    A slot the grammar does not know yet is looked up as ``parser.<slot>_names``.
    """
    language = parser.language
    kinds = {spec.kind for spec in parser.game.piles}
    top = highest_number(parser)
    out = {
        "rank": sorted(language.ranks, key=lambda w: (language.ranks[w], w)),
        "suit": sorted(language.suits),
        "pile": _names(parser.pile_names),
        "foundation": _names({n: k for n, k in parser.kind_names.items() if k in kinds}),
        "number": list(NUMBER_WORDS[1 : top + 1]),
        "ordinal": [*ORDINAL_WORDS[1 : top + 1], "last"],
        "game": _names(parser.game_names),
    }
    for slot in parser.matcher.slots:
        if slot not in out and slot not in COMPOUND_SLOTS:
            out[slot] = _names(getattr(parser, f"{slot}_names", {}))
    return out


# --------------------------------------------------------------------- pruning
def _prune(node: Node, void: frozenset[str]) -> Node | None:
    """``node`` without the alternatives that need a slot or rule in ``void`` (None: nothing left)."""
    if isinstance(node, Slot):
        return None if node.name in void else node
    if isinstance(node, RuleRef):
        return None if node.name in void else node
    if isinstance(node, Seq):
        items = [_prune(i, void) for i in node.items]
        kept = [i for i in items if i is not None]
        return None if len(kept) < len(items) else Seq(tuple(kept))
    if isinstance(node, Alt):
        options = [o for o in (_prune(o, void) for o in node.options) if o is not None]
        return None if not options else options[0] if len(options) == 1 else Alt(tuple(options))
    if isinstance(node, Opt):
        inner = _prune(node.item, void)
        return Seq(()) if inner is None else Opt(inner)
    return node


def _pruned_language(parser: Parser, nouns: dict[str, list[str]], spoken: bool = False) -> tuple[dict[str, Node], list[tuple[str, list[Node]]]]:
    """Rules and intent templates of the language with what this game cannot say removed;
    ``spoken``: with the skip words as optional words (``Language.spoken_rules``)."""
    language = parser.language
    source_rules = language.spoken_rules if spoken and language.spoken_intents else language.rules
    source_intents = language.spoken_intents if spoken and language.spoken_intents else language.intents
    void = {slot for slot, values in nouns.items() if not values}
    while True:  # a rule that becomes void voids every rule using it
        pruned = {name: _prune(node, frozenset(void)) for name, node in source_rules.items()}
        new_void = void | {name for name, node in pruned.items() if node is None}
        if new_void == void:
            break
        void = new_void
    rules = {name: node for name, node in pruned.items() if node is not None}
    intents = []
    for name, templates in source_intents:
        kept = [t for t in (_prune(t, frozenset(void)) for t in templates) if t is not None]
        if kept:
            intents.append((name, kept))
    return rules, intents


# ----------------------------------------------------------------------------- JSGF
def _jsgf(node: Node, any_card: bool = False) -> str:
    if isinstance(node, Word):
        return node.text
    if isinstance(node, Seq):
        parts = [_jsgf(item, any_card) for item in node.items]
        parts = [p for p in parts if p != "<NULL>"]
        return " ".join(parts) if parts else "<NULL>"
    if isinstance(node, Alt):
        return "(" + " | ".join(_jsgf(o, any_card) for o in node.options) + ")"
    if isinstance(node, Opt):
        inner = _jsgf(node.item, any_card)
        return "<NULL>" if inner == "<NULL>" else f"[{inner}]"
    if isinstance(node, RuleRef):
        return f"<{node.name}>"
    name = "any_card" if any_card and node.name == "card" else node.name
    return f"<{'the_' if node.name in ARTICLE_SLOTS else ''}{name}>"


def _is_plural(word: str, words: Iterable[str]) -> bool:
    return any(word == w + "s" or word == w + "es" for w in words)


def visible_card_rules(parser: Parser, cards: Iterable[Card]) -> tuple[str, str]:
    """JSGF bodies of ``<card>`` and ``<vis_rank>`` for just these cards (singular rank words)."""
    ranks, suits = parser.language.ranks, parser.language.suits
    singular = [w for w in ranks if not _is_plural(w, ranks)]
    cards = set(cards)
    rank_words = sorted({w for w in singular for c in cards if ranks[w] is c.rank}, key=lambda w: (ranks[w], w))
    full = sorted(
        {f"{w} of {s}" for c in cards for w in singular if ranks[w] is c.rank for s in suits if suits[s] is c.suit},
        key=lambda p: (ranks[p.split()[0]], p),
    )
    if not rank_words:
        return "<VOID>", "<VOID>"
    return " | ".join(["<vis_rank>", *full]), " | ".join(rank_words)


LegalNouns = list[tuple[list[str], list[str], bool]]
"""Per legal move: ways to name its source, ways to name its target, whether it goes to a foundation."""


def _legal_rules(legal: LegalNouns, the: str) -> tuple[str, str]:
    """Bodies of ``<legal_move>`` and ``<legal_up>`` (``<VOID>``-free: "" when there is none)."""
    def alts(values: list[str]) -> str:
        return "(" + " | ".join(sorted(set(values))) + ")"

    pairs = sorted({f"{the}{alts(src)} <onto> {the}{alts(dst)}" for src, dst, _ in legal if src and dst})
    ups = sorted({f"{the}{alts(src)}" for src, _, up in legal if src and up})
    move = f"[<move_verb>] ({' | '.join(pairs)})" if pairs else ""
    up = f"[<play_verb>] ({' | '.join(ups)}) <up>" if ups else ""
    return move, up


def _canonical(templates: list[Node], parser: Parser) -> list[Node]:
    """``templates`` reduced to the first phrase of the first one when they have no slots."""
    language = parser.language
    if _rule_refs(templates[0]) & ARTICLE_RULES:  # "read [the] board": keep the rule
        return [_first_options(templates[0])]
    try:
        phrase = expand(templates[0], language.rules, {}, limit=50)[0]
    except Exception:  # a slot (KeyError, TemplateError): the first of each choice
        return [_first_options(templates[0])]
    return [Seq(tuple(Word(w) for w in phrase.split()))] if phrase else templates


def _rule_refs(node: Node) -> set[str]:
    if isinstance(node, RuleRef):
        return {node.name}
    if isinstance(node, (Seq, Alt)):
        items = node.items if isinstance(node, Seq) else node.options
        return set().union(*(_rule_refs(i) for i in items)) if items else set()
    if isinstance(node, Opt):
        return _rule_refs(node.item)
    return set()


def _first_options(node: Node, keep: int = 1) -> Node:
    """``node`` with every choice cut to its first ``keep`` options ("(read | show) {pile}" -> "read {pile}")."""
    if isinstance(node, Alt):
        options = tuple(_first_options(o, keep) for o in node.options[:keep])
        return options[0] if len(options) == 1 else Alt(options)
    if isinstance(node, Seq):
        return Seq(tuple(_first_options(i, keep) for i in node.items))
    if isinstance(node, Opt):
        return Opt(_first_options(node.item, keep))
    return node


def _weight(value: float) -> str:
    """A JSGF weight as pocketsphinx reads it (no exponent: "1e+20" fails to parse)."""
    return f"{value:.6f}".rstrip("0").rstrip(".")


def build_jsgf(parser: Parser, article: bool = True, visible: Iterable[Card] | None = None,
               legal: LegalNouns | None = None, legal_weight: float = 10.0,
               skip_intents: frozenset[str] = frozenset(), spoken: bool = False, canonical: bool = False) -> str:
    """The JSGF document: public ``<command>`` over one rule per intent, template rule and slot.

    Intent rules are named ``<cmd_INTENT>`` (an intent and a rule may share a name, "draw").
    ``article``: "the" may precede a card or pile (the parser skips it anyway).
    ``visible``: the face-up cards of this turn; when given, ``{card}`` in moves and answers names
    only them (any other card would be refused as "not showing" anyway), which makes the grammar
    several times smaller and recognition both faster and more accurate.
    ``legal``: the legal moves of this turn (``MoveMatcher.legal_nouns``); when given, the move
    intents prefer them ``legal_weight`` to one over the general move phrases, which stay sayable
    (an illegal move is still heard, and refused with its reason); ``inf``: only legal moves.
    ``skip_intents``: intents left out (the listening grammar leaves out bare answers while no
    question is open). ``spoken``: skip words of the templates may be said ("give me a hint").
    ``canonical``: a slot-free intent only in its first phrasing ("draw", not "flip"; the prior
    grammar of ``listening_grammar``).
    """
    nouns = slot_phrases(parser)
    rules, intents = _pruned_language(parser, nouns, spoken)
    intents = [(name, templates) for name, templates in intents if name not in skip_intents]
    if canonical:
        intents = [(name, templates if name == "answer" else _canonical(templates, parser)) for name, templates in intents]
    the = "[the] " if article else ""
    legal_move, legal_up = _legal_rules(legal, the) if legal else ("", "")
    legal_bodies = {"move": legal_move, "move_up": legal_up}
    lines = ["#JSGF V1.0;", "grammar voicegame;", ""]
    if legal_weight == float("inf") and legal is not None:
        intents = [(name, t) for name, t in intents if name not in legal_bodies or legal_bodies[name]]
    lines.append(f"public <{TOP}> = " + " | ".join(f"<cmd_{name}>" for name, _ in intents) + ";")
    for name, templates in intents:
        any_card = visible is not None and name in ANY_CARD_INTENTS
        body = " | ".join(_jsgf(t, any_card) for t in templates)
        if name in legal_bodies and legal_bodies[name]:
            body = f"<legal_{name}>" if legal_weight == float("inf") else f"/{_weight(legal_weight)}/ <legal_{name}> | /1/ ({body})"
        lines.append(f"<cmd_{name}> = {body};")
    for name, node in rules.items():
        body = _jsgf(_first_options(node, LIKELY_OPTIONS) if canonical else node)
        lines.append(f"<{name}> = {'[the] ' if article and name in ARTICLE_RULES else ''}{body};")
    for name, values in nouns.items():
        if values:
            lines.append(f"<{name}> = {' | '.join(values)};")
    for name, body in COMPOUND_SLOTS.items():  # less the alternatives naming what the game lacks ("<foundation>" in Golf)
        defined = {slot for slot, values in nouns.items() if values} | set(COMPOUND_SLOTS)
        kept = [part.strip() for part in body.split(" | ")
                if all(ref in defined for ref in re.findall(r"<(\w+)>", part))]
        lines.append(f"<{name}> = {' | '.join(kept) or '<VOID>'};")
    for name, body in legal_bodies.items():
        if body:
            lines.append(f"<legal_{name}> = {body};")
    for name in sorted(ARTICLE_SLOTS):
        lines.append(f"<the_{name}> = {the}<{name}>;")
    if visible is not None:
        card, ranks = visible_card_rules(parser, visible)
        lines = [line for line in lines if not line.startswith("<card> =")]
        lines += [f"<card> = {card};", f"<vis_rank> = {ranks};", f"<any_card> = {COMPOUND_SLOTS['card']};",
                  f"<the_any_card> = {the}<any_card>;"]
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------- Vosk phrases
def vosk_phrases(parser: Parser) -> list[str]:
    """Fragments for Vosk (see the module docstring); sorted, no duplicates."""
    nouns = slot_phrases(parser)
    rules, intents = _pruned_language(parser, nouns)
    out: set[str] = set()
    cards = [f"{r} of {s}" for r in nouns["rank"] for s in nouns["suit"]]
    for values in (cards, *nouns.values()):
        out.update(values)
    # templates with every slot said as nothing: "move to", "read", "where is", "up", "undo"...
    empty = {name: [""] for name in (*nouns, *COMPOUND_SLOTS)}
    for _, templates in intents:
        for template in templates:
            out.update(expand(template, rules, empty, limit=20_000))
    out.discard("")
    return sorted(out)


# -------------------------------------------------------------------------- building
def build_grammar(parser: Parser, article: bool = True, visible: Iterable[Card] | None = None,
                  legal: LegalNouns | None = None, legal_weight: float = 10.0) -> RecogniserGrammar:
    """The recogniser grammar for ``parser``'s game (its piles, cards, numbers and game names);
    ``visible`` and ``legal`` tune it to this turn (see ``build_jsgf``)."""
    jsgf = build_jsgf(parser, article, visible, legal, legal_weight)
    phrases = tuple(vosk_phrases(parser))
    words = set(" ".join(phrases).split())
    return RecogniserGrammar(jsgf, phrases, frozenset(words | ({"the"} if article else set())),
                             pronunciations=pronunciations(parser.language.code))


@lru_cache(maxsize=None)
def pronunciations(lang: str = "en") -> tuple[tuple[str, str], ...]:
    """(word, phones) for command words a recogniser's dictionary may lack ("verbose", game names),
    from ``grammars/<lang>/pronunciations.toml`` (CMU phone set); () when there is none."""
    import tomllib
    from importlib import resources

    try:
        with resources.files("voicegame.grammars").joinpath(lang, "pronunciations.toml").open("rb") as handle:
            table = tomllib.load(handle).get("words", {})
    except FileNotFoundError:
        return ()
    return tuple(sorted((word, phones) for word, phones in table.items()))


def _noun_key(parser: Parser) -> tuple:
    return (parser.language.code, tuple((k, tuple(v)) for k, v in sorted(slot_phrases(parser).items())))


_CACHE: dict[tuple, RecogniserGrammar] = {}


def grammar_for(parser: Parser, visible: Iterable[Card] | None = None, legal: LegalNouns | None = None) -> RecogniserGrammar:
    """``build_grammar`` cached by the game's nouns (and ``visible``, ``legal``): an unchanged turn
    returns the very same object, so a recogniser can skip ``set_grammar``."""
    cards = None if visible is None else frozenset(visible)
    moves = None if legal is None else tuple((tuple(a), tuple(b), up) for a, b, up in legal)
    key = (_noun_key(parser), cards, moves)
    grammar = _CACHE.get(key)
    if grammar is None:
        if len(_CACHE) > 64:
            _CACHE.clear()
        grammar = _CACHE[key] = build_grammar(parser, ARTICLE, cards, legal, LEGAL_WEIGHT)
    return grammar


def intent_phrase(parser: Parser, intent: str) -> str:
    """The first way the language says a slot-free ``intent`` ("draw", "new game"): how the game
    names it when it asks "Draw?"; the intent's name when it has slots."""
    language = parser.language
    for template in dict(language.intents).get(intent, ()):
        try:
            phrases = expand(template, language.rules, {}, limit=50)
        except Exception:  # a slot: not slot-free
            continue
        if phrases and phrases[0]:
            return phrases[0]
    return intent.replace("_", " ")


# ------------------------------------------------------------------------ dictionary
@lru_cache(maxsize=1)
def cmu_dictionary() -> dict[str, tuple[tuple[str, ...], ...]]:
    """The CMU pronouncing dictionary shipped with pocketsphinx: word -> pronunciations ({} if absent)."""
    try:
        import pocketsphinx

        path = pocketsphinx.get_model_path("en-us/cmudict-en-us.dict")
    except Exception:
        return {}
    out: dict[str, list[tuple[str, ...]]] = {}
    with open(path, encoding="utf-8", errors="replace") as handle:
        for line in handle:
            parts = line.split()
            if len(parts) < 2:
                continue
            word = parts[0].split("(")[0]
            out.setdefault(word, []).append(tuple(parts[1:]))
    return {w: tuple(p) for w, p in out.items()}


def missing_words(grammar: RecogniserGrammar, knows: Callable[[str], bool] | None = None) -> list[str]:
    """Words of ``grammar`` that the pronouncing dictionary (default: pocketsphinx's, with the
    grammar's own pronunciations) lacks, sorted."""
    from voicegame.audio.jsgf import Jsgf

    if knows is None:
        dictionary = cmu_dictionary()
        own = {word for word, _ in grammar.pronunciations}
        knows = lambda word: word in dictionary or word in own  # noqa: E731
    words = set(grammar.words) | set(Jsgf(grammar.jsgf).words)
    return sorted(w for w in words if not knows(w))


def visible_cards(engine: "Engine", state: "State") -> frozenset[Card]:
    """Cards a player can name in a move now: face-up tableau cards, and the top of every other pile
    (waste, foundations, cells) except the stock."""
    from voicegame.engine import PileKind

    out: set[Card] = set()
    for spec, pile in zip(engine.specs, state.piles):
        if spec.kind is PileKind.STOCK or not pile.top_face_up:
            continue
        out.update(pile.face_up if spec.kind is PileKind.TABLEAU else pile.cards[-1:])
    return frozenset(out)


# ------------------------------------------------------------------- listening grammar
# What the recogniser listens for is the whole command language of grammars/*/commands.toml (every
# intent, every synonym) with this game's nouns: ``build_jsgf`` over the same templates the parser
# reads, so what can be typed can be said. Three things depend on the moment:
# - moves name the cards showing (``visible_cards``: any other card would be refused as not showing),
#   legal and illegal moves alike, so an illegal move is heard and refused with its reason;
# - this turn's legal moves are preferred (``LISTEN_LEGAL_WEIGHT``), never the only choice;
# - bare answers ("three", "hearts", "the second one", a bare card or pile) only while a question is
#   open: alone, a single number or suit is too easily made out of other speech.
# A loop of frequent English words that are not command words takes speech that is not a command
# (``RecogniserGrammar.garbage``). The recogniser's own checks do the rest, and what is doubtful is
# confirmed before it changes the game (voicegame.listen.match ``Understanding.doubt``).

LISTEN_LEGAL_WEIGHT = 1.0
"""JSGF weight of this turn's legal moves over the general move phrases in the listening grammar.
PocketSphinx applies JSGF weights (scaled by its language weight), but they take effect only at
huge values: on a six-word grammar a weight of 10^6 changed nothing and 10^20 turned every
"help"/"deal"/"score" into the preferred words (measured 2026-11-23). A prior that strong is the
narrow grammar again (what was said loses to what is legal), so the legal moves get no extra
weight by default: the matcher and the confirmation question use the legal moves instead."""
GARBAGE_WORDS = 150
"""How many frequent English words (voicegame.listen.filler) the garbage loop offers, before removing
the command words and the short ones. Measured (114 commands, 40 non-commands, en -s 160, clean):
300 words of >= 4 phonemes ate commands ("draw" -> "told"); 300 of >= 6: 96 ok, 15 false accepts;
150 of >= 5 (only 4 words are left: because, before, people, something): 100 ok, 19 false accepts;
no loop: about the same. So the loop barely helps yet; see bench/RESULTS.md "ASR"."""
GARBAGE_MIN_PHONES = 5
"""Shortest garbage word, in phonemes: short function words ("but", "or") make a loop that matches
anything, commands included (measured)."""
GARBAGE_SHAPE = "<garbage_word>+"
"""The garbage alternative."""
LISTEN_FIRST = "likely"
"""Which of the two grammars of ``listening_grammar`` is decoded first, with the checks against
speech that is not a command: "likely" (``likely_jsgf``) or "whole" (``whole_jsgf``); the other is
decoded alongside (``RecogniserGrammar.second_jsgf``) and what it hears is compared (``Heard.second``,
voicegame.listen.match ``understand``). Measured 2026-11-23 (bench/heard.py, bench/RESULTS.md "ASR"):
with the whole language first, espeak-ng's British voice got 43% of commands right, because single
words collide in the big grammar ("draw" -> "rules"); the likely grammar first keeps the accuracy of
the narrow grammar on what it holds and hears the rest through the second decode."""
ANSWER_INTENTS = frozenset({"answer"})
LIKELY_OPTIONS = 3
"""In the likely grammar, the choices of the language's rules keep their first this many options
("(move | put | place | ...)" -> "(move | put | place)", "(to | onto | on | ...)" -> "(to | onto | on)"):
the first are the usual ways, the rest are heard by the whole language. Legal moves name cards in
full ("six of diamonds", not "six") there, as the narrow grammar of session 4 did."""
LIKELY_LEAVES_OUT = frozenset({"play", "discard", "fill"})
"""Move intents the likely grammar leaves to the whole language: with any card or pile after one
short verb ("bin", "fill") they take other speech onto themselves, and the legal moves are there."""
READING_INTENTS = frozenset({"more"})
"""Intents that only go on with a reading: in the likely grammar only while there is more to read
(espeak's "draw" decoded as "more" at a deal's start, when "more" was always in it)."""
"""Intents that are only answers to an open question: in the listening grammar only while one is."""


def garbage_words(parser: Parser, count: int = GARBAGE_WORDS, min_phones: int = 0) -> tuple[str, ...]:
    """The first ``count`` frequent English words of at least ``min_phones`` phonemes, less every
    word the command language knows."""
    from voicegame.listen.filler import FREQUENT_WORDS

    known = set(_full_vocabulary(parser)) | set(parser.language.skip)
    dictionary = cmu_dictionary()
    return tuple(w for w in FREQUENT_WORDS[:count] if w not in known and w in dictionary
                 and min(len(p) for p in dictionary[w]) >= min_phones)


def _full_vocabulary(parser: Parser) -> frozenset[str]:
    key = _noun_key(parser)
    words = _VOCAB.get(key)
    if words is None:
        from voicegame.audio.jsgf import Jsgf

        full = build_grammar(parser)
        words = _VOCAB[key] = full.words | Jsgf(full.jsgf).words
    return words


_VOCAB: dict[tuple, frozenset[str]] = {}


def _with_garbage(jsgf: str, junk: tuple[str, ...]) -> str:
    if not junk:
        return jsgf
    top = f"public <{TOP}> = "
    jsgf = jsgf.replace(top, f"{top}<garbage> | ", 1)
    return jsgf + f"<garbage> = {GARBAGE_SHAPE};\n<garbage_word> = {' | '.join(junk)};\n"


def whole_jsgf(parser: Parser, engine: "Engine", state: "State", legal: LegalNouns | None = None,
               question_open: bool = False, reading_open: bool = False) -> str:
    """The whole command language as spoken, with this turn's nouns (see above); answers only to a
    question, "more" only while a reading has more."""
    skip = (frozenset() if question_open else ANSWER_INTENTS) | (frozenset() if reading_open else READING_INTENTS)
    return build_jsgf(parser, ARTICLE, visible_cards(engine, state), legal, LISTEN_LEGAL_WEIGHT,
                      skip_intents=skip, spoken=True)


def likely_jsgf(parser: Parser, engine: "Engine", state: "State", legal: LegalNouns | None,
                question_open: bool = False, reading_open: bool = False) -> str:
    """What a player most likely says now, from the same language data: this turn's legal moves
    (no illegal ones), every slot-free command in its first phrasing ("draw", "undo", "what can i
    say"), reading, "where is" and game names as in the language; "more" only while a reading
    has more (``reading_open``)."""
    skip = ((frozenset() if question_open else ANSWER_INTENTS) | LIKELY_LEAVES_OUT
            | (frozenset() if reading_open else READING_INTENTS))
    ranks = set(parser.language.ranks)
    legal = [([v for v in src if v not in ranks], [v for v in dst if v not in ranks], up) for src, dst, up in legal or []]
    return build_jsgf(parser, ARTICLE, visible_cards(engine, state), legal or None, float("inf"),
                      skip_intents=skip, spoken=True, canonical=True)


def listening_jsgf(parser: Parser, engine: "Engine", state: "State", legal: LegalNouns | None = None,
                   question_open: bool = False, garbage: int | None = None,
                   min_phones: int | None = None, reading_open: bool = False) -> tuple[str, str, frozenset[str]]:
    """The listening grammar's two JSGF documents (first decoded, second decoded alongside; see
    ``LISTEN_FIRST``) and the garbage words of the first (``garbage`` frequent words, default
    ``GARBAGE_WORDS``, of at least ``min_phones`` phonemes, default ``GARBAGE_MIN_PHONES``).
    ``legal``: this turn's legal moves (``MoveMatcher.legal_nouns``)."""
    garbage = GARBAGE_WORDS if garbage is None else garbage
    min_phones = GARBAGE_MIN_PHONES if min_phones is None else min_phones
    junk = garbage_words(parser, garbage, min_phones) if garbage else ()
    whole = whole_jsgf(parser, engine, state, legal, question_open, reading_open)
    likely = likely_jsgf(parser, engine, state, legal, question_open, reading_open)
    if LISTEN_FIRST == "whole":
        return _with_garbage(whole, junk), likely, frozenset(junk)
    return _with_garbage(likely, junk), whole, frozenset(junk)


_LISTEN_CACHE: dict[tuple, RecogniserGrammar] = {}


def listening_grammar(parser: Parser, engine: "Engine", state: "State", legal: LegalNouns | None = None,
                      question_open: bool = False, reading_open: bool = False) -> RecogniserGrammar:
    """The grammar a recogniser should listen with now (see above), cached: an unchanged turn
    (same legal moves, same cards showing, same question state) returns the very same object. The
    Vosk phrase list is the whole language's (Vosk has "[unk]" for what is not a command)."""
    jsgf, second, junk = listening_jsgf(parser, engine, state, legal, question_open, reading_open=reading_open)
    key = (_noun_key(parser), jsgf, second)
    grammar = _LISTEN_CACHE.get(key)
    if grammar is None:
        if len(_LISTEN_CACHE) > 64:
            _LISTEN_CACHE.clear()
        full = grammar_for(parser)
        from voicegame.audio.jsgf import Jsgf

        words = full.words | ((Jsgf(jsgf).words | Jsgf(second).words) - junk)
        grammar = _LISTEN_CACHE[key] = RecogniserGrammar(jsgf, full.phrases, frozenset(words), junk,
                                                         full.pronunciations, second)
    return grammar
