"""The JSGF document PocketSphinx decodes with: one rule per template rule (``<onto>``), one per slot
(``<card>``, ``<pile>``...) and one per intent (``<cmd_move>``), so the document stays a few
kilobytes instead of millions of expanded sentences. ``build_jsgf`` tunes it to the turn (the cards
showing, the legal moves) when asked."""

from __future__ import annotations

import re
from typing import Iterable

from voicegame.engine.cards import Card
from voicegame.language.parse import Parser
from voicegame.language.templates import Alt, Node, Opt, RuleRef, Seq, Word, expand
from voicegame.listen.sayable import ANY_CARD_INTENTS, COMPOUND_SLOTS, pruned_language, slot_phrases

TOP = "command"
ARTICLE_RULES = frozenset({"board"})
"""Rules that may be preceded by "the" when spoken ("read the board")."""
ARTICLE_SLOTS = frozenset({"place", "target", "pile", "card"})
"""Slots that may be preceded by "the" ("move the seven ... to the eight ..."); the parser skips it."""
LIKELY_OPTIONS = 3
"""In the likely grammar, the choices of the language's rules keep their first this many options
("(move | put | place | ...)" -> "(move | put | place)", "(to | onto | on | ...)" -> "(to | onto | on)"):
the first are the usual ways, the rest are heard by the whole language. Legal moves name cards in
full ("six of diamonds", not "six") there, as an earlier, narrower grammar did."""


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
    names = {" ".join(w): colour for w, colour in parser.joker_names.items()}
    jokers = sorted({name for name, colour in names.items() if not _is_plural(name, names)
                     for c in cards if c.is_joker and (colour is None or colour is c.colour)})  # "red joker", "joker"
    if not rank_words and not jokers:
        return "<VOID>", "<VOID>"
    if not rank_words:
        return " | ".join(jokers), "<VOID>"
    return " | ".join(["<vis_rank>", *full, *jokers]), " | ".join(rank_words)


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


LIKELY_MULTIWORD = True
"""Whether the likely grammar keeps, besides an intent's first phrase, every phrase of two words or
more ("speak faster", "volume down"; less listening.toml's ``second_only``): one-word synonyms
("stats", "compact") are what pull other speech onto themselves. Measured 2026-11-24 (bench/heard.py,
clean, 232 commands in 4 espeak-ng voices, 80 non-commands): right 54.6% -> 67.2% (tune) and 29.3% ->
48.3% (held-out), wrong actions 0 -> 0, false accepts 1.2% -> 1.2%, confirmations 11.5% -> 9.8%.
Off for one session because 4 voice-loop tests failed with it: espeak-ng's "draw" came out as the
broken-off "more" ("more cards") or "throw" ("throw away aces"), now left to the second decode
(``second_only``); and espeak-ng's default "draw" fits at -7.27 to -7.32 per frame, right on
``DOUBT_FRAME_SCORE`` (-7.3), so a grammar change tips it into "Draw?" (a confirmation, not a
mishearing: the tests that were about something else now say a move)."""


def _canonical(templates: list[Node], parser: Parser) -> list[Node]:
    """``templates`` reduced to the first phrase of the first one when they have no slots
    (with ``LIKELY_MULTIWORD``, also their phrases of two words or more)."""
    language = parser.heard.language
    if _rule_refs(templates[0]) & ARTICLE_RULES:  # "read [the] board": keep the rule
        return [_first_options(templates[0])]
    try:
        phrases = ([p for t in templates for p in expand(t, language.rules, {}, limit=200)] if LIKELY_MULTIWORD
                   else expand(templates[0], language.rules, {}, limit=50)[:1])
    except Exception:  # a slot (KeyError, TemplateError): the first of each choice
        return [_first_options(templates[0])]
    if not phrases or not phrases[0]:
        return templates
    kept = list(dict.fromkeys([phrases[0]] + [p for p in phrases[1:]
                                              if len(p.split()) >= 2 and not second_only_phrase(p, language.second_only)]))
    return [Seq(tuple(Word(w) for w in p.split())) for p in kept]


def likely_phrases(parser: Parser) -> dict[str, str]:
    """Every phrase of a slot-free intent in the likely grammar (``canonical``), with its intent."""
    out: dict[str, str] = {}
    for name, templates in parser.heard.language.intents:
        if name == "answer":
            continue
        for node in _canonical(list(templates), parser):
            if isinstance(node, Seq) and all(isinstance(w, Word) for w in node.items):
                out.setdefault(" ".join(w.text for w in node.items if isinstance(w, Word)), name)
    return out


def ends_early(parser: Parser) -> frozenset[str]:
    """Likely phrases after which a listener need not wait although the likely grammar goes on,
    because every likely phrase that goes on from them means the same command: "quit" ("quit
    game"), "draw" ("draw cards"); not "help" ("help me" is a hint) or "auto" ("auto on").
    Without it, every such command waits out the longer end-of-speech silence (``Endpointer``):
    the multi-word phrasings made "draw" wait 400 ms instead of 200 (bench/session.py)."""
    phrases = likely_phrases(parser)
    out = set()
    for phrase in phrases:
        longer = [p for p in phrases if p.startswith(phrase + " ")]
        if longer:
            meaning = parser.parse(phrase)
            if all(parser.parse(p) == meaning for p in longer):
                out.add(phrase)
    return frozenset(out)


def second_only_phrase(phrase: str, starts: frozenset[str]) -> bool:
    """Whether ``phrase`` is, or begins with, a phrasing left to the second decode (listening.toml)."""
    return any(phrase == start or phrase.startswith(start + " ") for start in starts)


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
    ``canonical``: a slot-free intent only in its first phrasing and its phrasings of two words or more
    ("draw", "turn over", not "flip": ``LIKELY_MULTIWORD``; the likely grammar of ``listening_grammar``).
    """
    nouns = slot_phrases(parser)
    parser = parser.heard  # the language as listened for (listening.toml heard_as)
    rules, intents = pruned_language(parser, nouns, spoken)
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
    compound = {}
    for name, body in COMPOUND_SLOTS.items():  # less the alternatives naming what the game lacks ("<foundation>" in Golf)
        defined = {slot for slot, values in nouns.items() if values} | set(COMPOUND_SLOTS)
        kept = [part.strip() for part in body.split(" | ")
                if all(ref in defined for ref in re.findall(r"<(\w+)>", part))]
        compound[name] = ' | '.join(kept) or '<VOID>'
        lines.append(f"<{name}> = {compound[name]};")
    for name, body in legal_bodies.items():
        if body:
            lines.append(f"<legal_{name}> = {body};")
    for name in sorted(ARTICLE_SLOTS):
        lines.append(f"<the_{name}> = {the}<{name}>;")
    if visible is not None:
        card, ranks = visible_card_rules(parser, visible)
        lines = [line for line in lines if not line.startswith("<card> =")]
        lines += [f"<card> = {card};", f"<vis_rank> = {ranks};", f"<any_card> = {compound['card']};",
                  f"<the_any_card> = {the}<any_card>;"]
    return "\n".join(lines) + "\n"
