"""Every message key the code can say is in grammars/en/messages.toml, and a missing one is an error.

The keys are found in the source: the first argument of every ``say``, ``phrase`` and ``Reason``
call (a string, either branch of ``a if c else b``, or a variable: every string assigned to that
name in the module), plus the keys made from game declarations (``won_key``, ``help_key``) and
from rule values (``needs_<suit rule>``).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from voicegame.engine.rules import SuitRule
from voicegame.games import GAMES
from voicegame.language.lexicon import load_language
from voicegame.language.messages import Messages, MissingMessage

PACKAGE = Path(__file__).resolve().parents[1] / "voicegame"
KEY = re.compile(r"^[a-z][a-z0-9_]*$")
CALLS = {"say", "phrase", "Reason", "Ask"}
DESCRIPTIONS = {"describe"}
"""Functions whose Reasons describe a rule (``rule_draw``...) for help generated from the rules,
not yet said by anything: not checked here until narration says them."""


def _strings(node: ast.AST) -> set[str]:
    """The key-like strings an expression can be (dict keys and conditions left out: they are looked up, not said)."""
    out: set[str] = set()
    todo = [node]
    while todo:
        n = todo.pop()
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and KEY.match(n.value):
            out.add(n.value)
        elif isinstance(n, ast.Dict):
            todo.extend(v for v in n.values if v is not None)
        elif isinstance(n, ast.IfExp):
            todo += [n.body, n.orelse]  # not the test: "a if intent == 'quit' else b"
        elif isinstance(n, ast.JoinedStr):
            continue  # f"needs_{...}": checked from the values it is made of
        else:
            todo.extend(ast.iter_child_nodes(n))
    return out


def _assigned(tree: ast.Module) -> dict[str, set[str]]:
    """For each name (a variable or an attribute), the key-like strings assigned to it in the module."""
    out: dict[str, set[str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            pairs: list[tuple[ast.expr, ast.expr]] = []
            for target in node.targets:
                if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple):
                    pairs += list(zip(target.elts, node.value.elts))
                else:
                    pairs.append((target, node.value))
            for target, value in pairs:
                name = target.id if isinstance(target, ast.Name) else target.attr if isinstance(target, ast.Attribute) else None
                if name:
                    out.setdefault(name, set()).update(_strings(value))
    return out


def keys_in_code() -> dict[str, str]:
    """Every message key the package's source names, with where (file:line)."""
    found: dict[str, str] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text())
        assigned = _assigned(tree)
        skip = {id(n) for f in ast.walk(tree) if isinstance(f, ast.FunctionDef) and f.name in DESCRIPTIONS for n in ast.walk(f)}
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not node.args or id(node) in skip:
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None
            if name not in CALLS:
                continue
            arg = node.args[0]
            keys = assigned.get(arg.id, set()) if isinstance(arg, ast.Name) else _strings(arg)
            for key in keys:
                found.setdefault(key, f"{path.relative_to(PACKAGE.parent)}:{node.lineno}")
    return found


def test_a_missing_key_is_an_error_that_names_it():
    with pytest.raises(MissingMessage, match="no_such_message"):
        Messages().say("no_such_message")
    with pytest.raises(KeyError):
        Messages().phrase("no_such_message")


def test_the_scan_finds_keys_of_every_layer():
    """The scan itself works: it sees engine reasons, resolver reasons, narration and the session."""
    found = keys_in_code()
    for key in ("needs_rank", "not_alone", "not_a_choice", "which_target", "moved_up", "face_down",
                "phrase_up", "cancelled", "save_back", "winnable_unknown_seconds", "moves_made"):
        assert key in found, key
    assert "rule_draw" not in found and "solved" not in found


def test_every_key_in_the_code_has_its_message():
    messages = load_language().messages
    missing = {key: where for key, where in keys_in_code().items() if key not in messages}
    assert missing == {}


def test_every_game_has_its_messages():
    messages = load_language().messages
    for entry in GAMES:
        game = entry.make()
        assert game.won_key in messages, entry.key
        assert not game.help_key or game.help_key in messages, entry.key


@pytest.mark.parametrize("rule", [r for r in SuitRule if r is not SuitRule.ANY])  # any suit never refuses
def test_every_suit_rule_has_its_reason(rule):
    assert f"needs_{rule.name.lower()}" in load_language().messages


def test_a_reason_inside_a_message_is_said_as_its_phrase():
    from voicegame.engine import Reason

    messages = Messages()
    inner = Reason("spot_column", {"number": "four"})
    assert messages.say("read_empty", pile=inner) == "Column four: empty."
