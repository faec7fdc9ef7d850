"""What several sub-commands share: the game named on the command line and its options."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from voicegame.games import GAMES, GameEntry, UnknownGame, find_game


def chosen_options(entry: GameEntry, args: argparse.Namespace) -> dict[str, Any]:
    """The game options given on the command line (``--draw 1``); the rest are left to the game."""
    return {o.name: getattr(args, o.name) for o in entry.options if getattr(args, o.name, None) is not None}


def named_game(name: str, command: str, seed: int | None = None) -> GameEntry | None:
    """The game called ``name`` whose deal ``seed`` exists, or None once the reason is printed on
    standard error (``command`` names the sub-command in it)."""
    try:
        entry = find_game(name)
    except UnknownGame:
        print(f"Unknown game {name!r}. Games: {', '.join(g.key for g in GAMES)}.", file=sys.stderr)
        return None
    problem = entry.seed_problem(seed) if seed is not None else None
    if problem:
        print(f"voicegame {command}: {problem}", file=sys.stderr)
        return None
    return entry
