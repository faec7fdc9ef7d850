"""Regenerate the scripted games in tests/data (run by hand after a rules change).

    python tests/data/make_scripts.py

- klondike_draw3_seed5_win.txt: the solver's winning line for Klondike seed 5, draw three.
- royal_parade_seed3_stuck.txt: Royal Parade seed 3 played greedily (the hint's first choice
  every turn) until no move and no card is left.
Each line is a spoken command; moves are named by card, or by pile where two equal cards
could be meant.
"""

from __future__ import annotations

from pathlib import Path

from voicegame.engine import Engine, MoveKind
from voicegame.games import find_game
from voicegame.hints import ranked_moves
from voicegame.narrate import Narrator
from voicegame.solver import solve
from voicegame.voice.parse import Parser
from voicegame.voice.resolve import Play, Resolver

HERE = Path(__file__).parent


def write(name: str, header: str, lines: list[str]) -> None:
    (HERE / name).write_text(header + "\n".join(lines) + "\n")


def klondike() -> None:
    engine = Engine(find_game("klondike").make(draw=3))
    narrator = Narrator(engine)
    state = engine.deal(5)
    result = solve(engine, state)
    assert result.moves is not None
    lines = []
    for move in result.moves:
        lines.append(narrator.move_phrase(state, move))
        state = engine.apply(state, move)[0]
    write("klondike_draw3_seed5_win.txt", "# Klondike, draw three, --seed 5: a winning line found by voicegame.solver.solve,\n# written as the spoken commands that play it (one per line).\n", lines)


def royal_parade() -> None:
    engine = Engine(find_game("royal_parade").make())
    narrator = Narrator(engine)
    state = engine.deal(3)
    lines = []
    parser, resolver = Parser(engine.game), Resolver(engine, narrator)
    while moves := ranked_moves(engine, state):
        move = moves[0]
        phrase = narrator.move_phrase(state, move)
        command = parser.parse(phrase)
        if move.kind is MoveKind.MOVE and resolver.resolve_move(state, command.source, command.target) != Play(move):
            phrase = narrator.move_phrase(state, move, by_pile=True)  # equal cards: name the piles
        lines.append(phrase)
        state = engine.apply(state, move)[0]
    assert engine.is_stuck(state)
    write("royal_parade_seed3_stuck.txt", "# Royal Parade, --seed 3, played greedily (the hint's first choice) until no move\n# and no card is left. Regenerate with tests/data/make_scripts.py.\n", lines)


if __name__ == "__main__":
    klondike()
    royal_parade()
