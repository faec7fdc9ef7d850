"""Random phrases of the command language (grammars/en/commands.toml), with each slot filled from the
game being played, for tests that say every intent to every game.

A phrase is one random walk through a template: each alternative and each optional part is picked at
random, each ``{slot}`` filled from what the game and the position offer (the cards showing, the piles'
spoken names, the game's named groups...). A slot this module has no words for fails loudly, so a new
slot in commands.toml cannot silently stop an intent from being sampled.
"""

from __future__ import annotations

import random
from typing import Mapping

from voicegame.engine.cards import new_deck
from voicegame.games import GAMES
from voicegame.language.templates import Alt, Node, Opt, RuleRef, Seq, Slot, Word

COMMAND_OF = {"move_up": "move", "play": "move", "fill": "move", "discard": "move", "answer": "answer|choose",
              "move_whole": "move", "move_top": "move", "answer_place": "answer"}
"""The command an intent's phrase parses to, where the parser folds intents together ("play seven" is
a move with no target); any other intent parses to a command of its own name."""


def slot_words(session, rng: random.Random) -> dict[str, list[str]]:
    """What each slot can be filled with in ``session``'s game and position: mostly the cards showing
    (so that moves and pairs are often legal), some other cards, every pile name and group name."""
    state = session.state
    showing = [pile.cards[-1].spoken for pile in state.piles if pile.cards and pile.top_face_up]
    cards = showing + [card.spoken for card in rng.sample(new_deck(), 3)] + ["seven", "king", "ace"]
    piles = [name for spec in session.game.piles for name in spec.names]
    places = cards + piles
    return {
        "card": cards,
        "place": places,
        "second": places,
        "target": places + ["foundation"],
        "pile": piles,
        "group": [" ".join(words) for words in session.parser.group_names],
        "suit": ["hearts", "spades", "clubs", "diamonds"],
        "number": ["one", "two", "nine"],
        "ordinal": ["first", "second", "third"],
        "game": [entry.title for entry in GAMES],
        "foundation": ["foundation", "home"],
    }


def slots_of(node: Node, rules: Mapping[str, Node]) -> set[str]:
    """The names of every slot a template can ask for."""
    if isinstance(node, Slot):
        return {node.name}
    if isinstance(node, Word):
        return set()
    if isinstance(node, Seq):
        return set().union(*(slots_of(item, rules) for item in node.items))
    if isinstance(node, Alt):
        return set().union(*(slots_of(option, rules) for option in node.options))
    if isinstance(node, Opt):
        return slots_of(node.item, rules)
    if isinstance(node, RuleRef):
        return slots_of(rules[node.name], rules)
    raise TypeError(f"unknown template node {node!r}")


def random_phrase(node: Node, rules: Mapping[str, Node], words: Mapping[str, list[str]], rng: random.Random) -> str:
    """One phrase ``node`` accepts, every choice made at random. KeyError for a slot with no words."""
    if isinstance(node, Word):
        return node.text
    if isinstance(node, Seq):
        return " ".join(part for part in (random_phrase(item, rules, words, rng) for item in node.items) if part)
    if isinstance(node, Alt):
        return random_phrase(rng.choice(node.options), rules, words, rng)
    if isinstance(node, Opt):
        return random_phrase(node.item, rules, words, rng) if rng.random() < 0.5 else ""
    if isinstance(node, RuleRef):
        return random_phrase(rules[node.name], rules, words, rng)
    if isinstance(node, Slot):
        if node.name not in words:
            raise KeyError(f"no words for the slot {{{node.name}}}: add them to tests/phrases.py slot_words")
        return rng.choice(words[node.name])
    raise TypeError(f"unknown template node {node!r}")
