"""A JSGF document as a small tree of frozen values, written out in one place.

The grammar builders compose these values (as hassil composes its template tree) instead of joining
strings, so the document's syntax (brackets, bars, weights, ``;``) is decided here once and a rule can
be left out or changed without editing text. ``<NULL>`` and ``<VOID>`` are JSGF's special rules:
``NULL`` says nothing, ``VOID`` can never be said.

>>> rule = Rule("card", Choice((Sequence((Ref("rank"), Optional(Sequence((Words("of"), Ref("suit")))))), Ref("joker"))))
>>> rule.jsgf()
'<card> = <rank> [of <suit>] | <joker>;'
>>> Choice((Ref("legal"), Group(Words("draw"))), weights=(10.0, 1.0)).jsgf()
'/10/ <legal> | /1/ (draw)'
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Words:
    """One or more words said in this order ("six of hearts")."""

    text: str

    def jsgf(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Ref:
    """A reference to a rule: ``<name>``."""

    name: str

    def jsgf(self) -> str:
        return f"<{self.name}>"


@dataclass(frozen=True, slots=True)
class Sequence:
    """Its items said one after the other."""

    items: tuple[Expr, ...]

    def jsgf(self) -> str:
        return " ".join(item.jsgf() for item in self.items)


@dataclass(frozen=True, slots=True)
class Choice:
    """One of its options, bare (``a | b``): a rule's whole body, or inside a :class:`Group`.
    ``weights``, when given, one per option (JSGF's ``/10/ a | /1/ b``)."""

    options: tuple[Expr, ...]
    weights: tuple[float, ...] | None = None

    def jsgf(self) -> str:
        if self.weights is None:
            return " | ".join(option.jsgf() for option in self.options)
        return " | ".join(f"/{weight_text(w)}/ {o.jsgf()}" for w, o in zip(self.weights, self.options))


@dataclass(frozen=True, slots=True)
class Group:
    """Brackets around an expression: ``(a | b)``."""

    item: Expr

    def jsgf(self) -> str:
        return f"({self.item.jsgf()})"


@dataclass(frozen=True, slots=True)
class Optional:
    """An expression that may be left out: ``[the]``."""

    item: Expr

    def jsgf(self) -> str:
        return f"[{self.item.jsgf()}]"


@dataclass(frozen=True, slots=True)
class Repeat:
    """An expression said once or more: ``<word>+``."""

    item: Expr

    def jsgf(self) -> str:
        return f"{self.item.jsgf()}+"


Expr = Words | Ref | Sequence | Choice | Group | Optional | Repeat
NULL = Ref("NULL")
VOID = Ref("VOID")


@dataclass(frozen=True, slots=True)
class Rule:
    """``<name> = body;``, ``public`` when a recogniser may start from it."""

    name: str
    body: Expr
    public: bool = False

    def jsgf(self) -> str:
        return f"{'public ' if self.public else ''}<{self.name}> = {self.body.jsgf()};"


@dataclass(frozen=True, slots=True)
class Document:
    """A whole grammar: its name and its rules, in the order they are written."""

    name: str
    rules: tuple[Rule, ...]

    def jsgf(self) -> str:
        lines = ["#JSGF V1.0;", f"grammar {self.name};", "", *(rule.jsgf() for rule in self.rules)]
        return "\n".join(lines) + "\n"


def weight_text(value: float) -> str:
    """A JSGF weight as pocketsphinx reads it (no exponent: "1e+20" fails to parse)."""
    return f"{value:.6f}".rstrip("0").rstrip(".")
