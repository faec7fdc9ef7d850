"""A command -> the words a player would say for it, from the templates themselves ("read pile five").

Asking "Did you mean read pile five?" must name the command in words the game understands, so that
the player learns a phrasing that works; the words are found, not written: the first sentence of the
command language, with the command's own places in its slots, that the parser reads as that command.
"""

from __future__ import annotations

from voicegame.language.command import CardRef, Command, GroupRef, KindRef, Place, PileRef
from voicegame.language.parse import Parser
from voicegame.language.templates import TemplateError, expand

SLOTS = ("card", "pile", "place", "second", "target", "foundation", "group", "suit", "number", "ordinal", "game")
LIMIT = 400
"""Sentences tried at most for one template (the places are few, so templates expand to few)."""


def spoken_command(parser: Parser, command: Command) -> str | None:
    """The first sentence of the language that the parser reads as ``command``; None when none is found."""
    names = [name for place in (command.source, command.target) if place is not None
             for name in [_name(parser, place)] if name]
    language = parser.language
    phrases = {slot: names for slot in SLOTS}
    own = [templates for intent, templates in language.intents if intent == command.intent]
    others = [templates for intent, templates in language.intents if intent != command.intent]
    for templates in own + others:  # its own intent's templates first: "undo", not "take back"
        for template in templates:
            try:
                sentences = expand(template, language.rules, phrases, limit=LIMIT)
            except TemplateError:
                continue
            for sentence in sorted(sentences, key=lambda s: len(s.split())):  # the shortest: "read pile three"
                if sentence and parser.parse(sentence) == command:
                    return sentence
    return None


def _name(parser: Parser, place: Place) -> str:
    """How the game names ``place`` first: "seven of hearts", "pile three", "foundation", "row two"."""
    if isinstance(place, CardRef):
        return place.spoken
    if isinstance(place, PileRef):
        return next((spec.names[0] for spec in parser.game.piles if spec.id == place.pile_id), "")
    if isinstance(place, KindRef):
        words = parser.language.kinds.get(place.kind.value, ())
        return words[0] if words else ""
    if isinstance(place, GroupRef):
        names = parser.game.group_names.get(place.group, ())
        return names[0] if names else ""
    return ""
