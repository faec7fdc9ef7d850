"""What a pile takes and gives, said from its rule objects: "what goes on pile three",
"rules of the foundations".

The sentences are the ``describe()`` of the pile's :class:`~voicegame.engine.rules.Accepts` and
:class:`~voicegame.engine.rules.Takes` (and of the game-wide rules that act on that pile: the stock
rule on the stock, a lift-off on the foundations, a pairing rule on every pile but the stock, a refill
on the piles it fills and empties), said through ``grammars/<lang>/messages.toml``: what the game says is what it enforces.
A kind ("the free cells") or group ("row two") is told by its first pile, saying whether the others
follow it. Long answers are paged as help is: "Say more for the rest."
"""

from __future__ import annotations

import re

from voicegame.engine import PileKind, Reason
from voicegame.engine.cards import Rank
from voicegame.engine.game import GameDef
from voicegame.engine.rules import PileSpec
from voicegame.language.command import Command, GroupRef, KindRef, PileRef
from voicegame.language.messages import Messages, join
from voicegame.play.core import SessionCore
from voicegame.play.dialogue import Opened
from voicegame.play.reply import Reply

RULES_WORDS = 30
"""The most words an answer says at once; a longer one is paged (``PAGE_WORDS`` and "Say more for the rest.")."""
PAGE_WORDS = 20
"""Words of a page when paged (with "Say more for the rest." about 25 in all)."""


def pages_of(text: str, words: int) -> list[list[str]]:
    """``text`` cut into its sentences and clauses (at "; "), grouped into pages of at most about
    ``words`` words; a page that ends on a clause ends with a full stop."""
    pieces = [part for part in re.split(r"(?<=[.?!;])\s+", text.strip()) if part]
    pages: list[list[str]] = []
    for piece in pieces:
        if pages and sum(len(x.split()) for x in pages[-1]) + len(piece.split()) <= words:
            pages[-1].append(piece)
        else:
            pages.append([piece])
    for page in pages:
        if page[-1].endswith(";"):
            page[-1] = page[-1][:-1] + "."
    return pages


def rule_reasons(game: GameDef, spec: PileSpec) -> list[Reason]:
    """Every rule of pile ``spec``, as the rule objects describe themselves (keys ``rule_*``)."""
    accepts = list(spec.accepts.describe()) if spec.accepts is not None else []
    lifted = spec.kind is PileKind.FOUNDATION and game.lift_off is not None
    parts = list(accepts) or ([] if spec.kind is PileKind.STOCK or lifted else [Reason("rule_accepts_none")])
    if lifted and game.lift_off is not None:
        parts.append(Reason("rule_lift_off", {"suit": game.lift_off.suit.value}))
    if spec.takes is not None:
        parts += _takes(list(spec.takes.describe()), accepts)
    elif spec.kind is not PileKind.STOCK and game.pairs is None:  # a pairing game's cards leave in pairs
        parts.append(Reason("rule_takes_none"))
    parts += _game_rules_on(game, spec)
    if spec.kind is PileKind.STOCK and not parts:
        parts.append(Reason("rule_accepts_none"))
    return _plainer(parts)


def _game_rules_on(game: GameDef, spec: PileSpec) -> list[Reason]:
    """The game-wide rules that act on pile ``spec``: the stock rule, pairing, a refill, uncovering."""
    parts: list[Reason] = []
    if spec.kind is PileKind.STOCK and game.stock_rule is not None:
        parts += game.stock_rule.describe()
    if game.pairs is not None and spec.kind is not PileKind.STOCK:
        parts += game.pairs.describe()
    refill = game.refill
    if refill is not None and (spec.id == refill.source or game.layout.index[spec.id] in game.layout.groups.get(refill.group, ())):
        parts += refill.describe()
    if game.uncover is not None and spec.id in game.uncover.covered_by:
        parts += game.uncover.describe()
    return parts


def _plainer(parts: list[Reason]) -> list[Reason]:
    """Said more plainly: "any card" is not said where a base rank narrows it, nor "0 times"."""
    based = any(r.key in ("rule_base_from", "rule_base_step") for r in parts)
    return [_plain(r) for r in parts if not (based and r.key == "rule_empty_any")]


def _plain(reason: Reason) -> Reason:
    """One rule said more plainly: "by 0" is the same rank, "by 1" goes unsaid, "0 times" is no redeal."""
    key, params = reason.key, reason.params
    if key == "rule_base_step" and params.get("step") == -1:
        return Reason("rule_base_below", {"pile": params.get("pile", "")})
    if key == "rule_redeals" and params.get("redeals") in (0, 1):
        return Reason("rule_redeals_once" if params["redeals"] else "rule_redeals_none")
    if key == "rule_keep" and params.get("count") == 1:
        return Reason("rule_keep_one")
    if params.get("step") == 0 and key in SAME_RANK:
        return Reason(SAME_RANK[key], {"suit": params.get("suit", "")})
    if key == "rule_deal_row" and params.get("group") == PileKind.TABLEAU.value:
        return Reason("rule_deal_row_all")  # "on each pile", not "on each pile of the piles"
    if params.get("step") == 1 and key in SAME_RANK:  # the build and run keys
        return Reason(f"{key}_by_one", {"suit": params.get("suit", "")})
    return reason


def _takes(parts: list[Reason], accepts: list[Reason]) -> list[Reason]:
    """What may be taken: a run's sequence said once, as the build when it is the build ("A run in
    sequence moves together."), else in the sentence about runs ("A run built down by 1, same suit,
    moves together.")."""
    if len(parts) > 1 and parts[0].key == "rule_runs" and parts[1].key in RUNS:
        if parts[1] in accepts:
            return [parts[0]] + parts[2:]
        return [Reason(RUNS[parts[1].key], parts[1].params)] + parts[2:]
    return parts


RUNS = {"rule_build_down": "rule_runs_down", "rule_build_up": "rule_runs_up", "rule_build_either": "rule_runs_either"}
"""A build, said of the runs that move together."""
SAME_RANK = {"rule_build_down": "rule_build_same_rank", "rule_build_up": "rule_build_same_rank",
             "rule_build_either": "rule_build_same_rank", "rule_runs_down": "rule_runs_same_rank",
             "rule_runs_up": "rule_runs_same_rank", "rule_runs_either": "rule_runs_same_rank"}
"""A build "by 0", said as the same rank."""


KIND_WORDS = {kind: f"pile_kind_{kind.value}" for kind in PileKind}
"""The message naming every pile of a kind ("the free cells" -> "cells")."""


def _spoken(game: GameDef, messages: Messages, reason: Reason) -> dict[str, object]:
    """``reason``'s values as they are said: pile ids and group ids by their names, kinds by their words."""
    def pile(pile_id: object) -> object:
        return game.pile(pile_id).name if isinstance(pile_id, str) and pile_id in game.layout.index else pile_id

    def group(group_id: object) -> object:
        if not isinstance(group_id, str):
            return group_id
        if group_id in game.group_names:
            return game.group_names[group_id][0]
        if group_id in {kind.value for kind in PileKind}:
            return "the " + messages.phrase(f"pile_source_{group_id}")
        return "the " + group_id.replace("_", " ")

    template = messages.template(reason.key)
    values: dict[str, object] = {}
    for key, value in reason.params.items():
        if key == "pile":
            value = pile(value)
        elif key == "piles":
            ids = value.split(" and ") if isinstance(value, str) else list(value)
            value = join([str(pile(p)) for p in ids], "and")
        elif key == "group":
            value = group(value)
        elif key == "kinds":
            value = [messages.phrase(f"pile_source_{kind}") for kind in value]
        if isinstance(value, str) and value.startswith("the ") and f"the {{{key}}}" in template:
            value = value[4:]  # "a pile of the {group}"
        values[key] = value
    return values


def rule_sentences(game: GameDef, messages: Messages, spec: PileSpec) -> list[str]:
    """Pile ``spec``'s rules as sentences, each said once."""
    said = [messages.say(r.key, **_spoken(game, messages, r)) for r in rule_reasons(game, spec)]
    return list(dict.fromkeys(said))


def _same_but_suit(reasons: list[Reason]) -> list[Reason]:
    """The rules without the suit the pile takes (each foundation its own)."""
    return [r for r in reasons if r.key != "rule_only_suit"]


def _kind_words(messages: Messages, specs: list[PileSpec], kind: PileKind | None) -> str:
    """How the piles are named together: "columns" for column one, two..., else the kind's word."""
    words = specs[0].name.split()
    if len(words) == 2 and all(len(s.name.split()) == 2 and s.name.split()[0] == words[0] for s in specs):
        return words[0] + ("es" if words[0].endswith(("s", "x", "ch", "sh")) else "s")
    return messages.phrase(KIND_WORDS[kind or specs[0].kind])


def answer(game: GameDef, messages: Messages, place: PileRef | KindRef | GroupRef | None) -> list[str]:
    """The sentences answering "what goes on <place>" (None: the tableau piles)."""
    if isinstance(place, PileRef):
        spec = game.pile(place.pile_id)
        return _told(messages, "pile_rules", spec.name, rule_sentences(game, messages, spec))
    specs, name, kind = _piles_named(game, place)
    if not specs:
        return [messages.say("pile_rules_none", kind=messages.phrase(KIND_WORDS[kind or PileKind.TABLEAU]))]
    first = specs[0]
    sentences = rule_sentences(game, messages, first)
    if len(specs) == 1:
        return _told(messages, "pile_rules", first.name, sentences)
    name = name or "the " + _kind_words(messages, specs, kind)
    reasons = [rule_reasons(game, s) for s in specs]
    if all(r == reasons[0] for r in reasons):
        return _told(messages, "pile_rules_all", name, sentences, count=len(specs))
    if all(_same_but_suit(r) == _same_but_suit(reasons[0]) and len(_same_but_suit(r)) < len(r) for r in reasons):
        own = [messages.say(r.key, **_spoken(game, messages, r)) for r in _same_but_suit(reasons[0])]
        return _told(messages, "pile_rules_suits", name, list(dict.fromkeys(own)), count=len(specs))
    return [messages.say("pile_rules_differ", kind=name, pile=first.name)] + _told(messages, "pile_rules", first.name, sentences)


def _piles_named(game: GameDef, place: KindRef | GroupRef | None) -> tuple[list[PileSpec], str, PileKind | None]:
    """The piles of a group or kind (None: the tableau), the group's name ("" for a kind) and the kind."""
    if isinstance(place, GroupRef):
        specs = [game.piles[i] for i in game.layout.groups.get(place.group, ())]
        return specs, game.group_names[place.group][0] if place.group in game.group_names else place.group, None
    kind = place.kind if isinstance(place, KindRef) else PileKind.TABLEAU
    return [game.piles[i] for i in game.indices(kind)], "", kind


def _told(messages: Messages, key: str, name: str, sentences: list[str], **params: object) -> list[str]:
    """The first sentence led by the pile's name ("Pile three: build down..."), the others as they are."""
    head, rest = sentences[0], sentences[1:]
    return [messages.say(key, pile=name, rule=head[:1].lower() + head[1:], **params)] + rest


def do_pile_rules(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    """"What goes on pile three?": its rules, about ``PAGE_WORDS`` words at a time past ``RULES_WORDS``;
    "more" goes on."""
    place = command.source
    if place is not None and not isinstance(place, (PileRef, KindRef, GroupRef)):
        place = None
    text = " ".join(answer(s.played.game, s.words.narrator.messages, place))
    if len(text.split()) <= RULES_WORDS:
        reply.sentences.append(text)
        return
    pages = pages_of(text, PAGE_WORDS)
    reply.sentences.append(" ".join(pages[0]))
    reply.sentences.append(s.say("help_more"))
    s.dialogue.more_pages = [[" ".join(page)] for page in pages[1:]]
    s.dialogue.more_end = "pile_rules_end"


# ----- help, from the rules ---------------------------------------------------------------------
HELP_KINDS = (PileKind.TABLEAU, PileKind.FOUNDATION, PileKind.CELL, PileKind.RESERVE, PileKind.WASTE, PileKind.STOCK)
"""The kinds of pile help tells, most useful first (the discard pile only holds what has left play)."""


def kind_rules(game: GameDef, messages: Messages, kind: PileKind) -> list[str]:
    """The rules of every pile of ``kind``: as "what goes on the <kind>" answers, or, where its piles
    differ, group by group ("Row one: ...", "Row two: ..."), each different answer once."""
    told = answer(game, messages, KindRef(kind))
    differ = _differ(messages)
    if not told or not told[0].startswith(differ):
        return told
    indices = set(game.indices(kind))
    groups = [g for g, members in game.layout.groups.items() if members and set(members) <= indices]
    if not groups or set().union(*(set(game.layout.groups[g]) for g in groups)) != indices:
        return told
    said = [answer(game, messages, GroupRef(group)) for group in groups]
    if any(told_by_group[0].startswith(differ) for told_by_group in said):
        return told
    return [sentence for told_by_group in said for sentence in told_by_group]


def help_rules(game: GameDef, messages: Messages) -> list[list[str]]:
    """Each kind's rules as help says them, most useful kind first. A rule said already is not said
    again, nor a pile or group whose every rule was said ("Row three, all 9 alike: nothing can be put there.")."""
    said = {messages.say("rule_game_hook")}  # "a rule of its own": the opening says it in words
    parts: list[list[str]] = []
    differ = _differ(messages)
    for kind in HELP_KINDS:
        told = _kind_help(game, messages, kind, said, differ) if game.indices(kind) else []
        if told:
            parts.append(told)
    return parts


def _kind_help(game: GameDef, messages: Messages, kind: PileKind, said: set[str], differ: str) -> list[str]:
    """The rules of ``kind`` as help says them, but for those in ``said`` (which it adds to)."""
    told: list[str] = []
    shapes: dict[tuple[str, ...], str] = {}  # a group's rules with its rank left out -> that rank
    for block in _blocks(kind_rules(game, messages, kind), differ):
        lead = [x for x in block if ": " in x][:1]
        rule = lead[0].partition(": ")[2] if lead else ""
        rule = rule[:1].upper() + rule[1:]
        same_but = _same_but_rank(messages, lead, [rule] + [x for x in block if x not in lead], shapes)
        told += [same_but] if same_but is not None else _unsaid(block, lead, rule, said, differ)
    return told


def _same_but_rank(messages: Messages, lead: list[str], rules: list[str], shapes: dict[tuple[str, ...], str]) -> str | None:
    """Royal Parade's rows: "Row two: the same, with a three instead of a two." when a group's ``rules``
    are an earlier group's but for the rank (``shapes``: each shape of rules seen, with its rank)."""
    shape, rank = _rank_shape(rules)
    if rank is None:
        return None
    if lead and shape in shapes and shapes[shape] != rank:
        return messages.say("help_same_but", group=lead[0].partition(": ")[0], new=rank, old=shapes[shape])
    shapes.setdefault(shape, rank)
    return None


def _unsaid(block: list[str], lead: list[str], rule: str, said: set[str], differ: str) -> list[str]:
    """A block's sentences not said yet (its lead with them); none when all it says was said."""
    rest = [x for x in block if x not in lead and x not in said]
    if rule in said and not [x for x in rest if not x.startswith(differ)]:
        return []
    said.update(rest + [rule])
    return [x for x in block if x in lead or x in rest]


RANK_WORDS = re.compile(r"\b(an? (?:%s))\b" % "|".join(rank.spoken for rank in Rank))
"""A rank said with its article ("a three", "an ace"), as rule sentences name the rank a pile takes."""


def _rank_shape(sentences: list[str]) -> tuple[tuple[str, ...], str | None]:
    """``sentences`` with the one rank they name left out, and that rank ("a three"); None when they
    name no rank or more than one."""
    ranks = {m.group(1) for sentence in sentences for m in RANK_WORDS.finditer(sentence)}
    if len(ranks) != 1:
        return tuple(sentences), None
    return tuple(RANK_WORDS.sub("RANK", sentence) for sentence in sentences), ranks.pop()


def _differ(messages: Messages) -> str:
    """How the sentence saying that a kind's piles differ begins ("Not all ")."""
    return messages.template("pile_rules_differ").split("{")[0]


def _blocks(sentences: list[str], differ: str) -> list[list[str]]:
    """The sentences cut before each one led by a pile's or group's name ("Row two, all 6 alike: ...")
    or saying the piles differ."""
    blocks: list[list[str]] = []
    for sentence in sentences:
        starts = ": " in sentence and not (blocks and blocks[-1][-1].startswith(differ))
        if not blocks or starts or sentence.startswith(differ):
            blocks.append([sentence])
        else:
            blocks[-1].append(sentence)
    return blocks


def help_sentences(game: GameDef, messages: Messages) -> list[str]:
    """A game's help: its hand-written opening (``help_<key>``: name, goal, what no rule object says),
    the rules of its most useful kind of pile, the hand-written example of what to say (``say_<key>``),
    then the rules of its other piles."""
    opening = [messages.say(game.help_key)]
    parts = help_rules(game, messages)
    example_key = f"say_{game.help_key.removeprefix('help_')}"
    example = [messages.say(example_key)] if messages.has(example_key) else []
    first = parts[0] if parts else []
    return opening + first + example + [s for part in parts[1:] for s in part]

