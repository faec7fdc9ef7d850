"""Small builders shared by the tests: positions from card codes, engines by name."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from hypothesis import strategies as st

from voicegame.engine.cards import Card, new_deck
from voicegame.engine import Engine, Move, Pile, PileKind, State
from voicegame.games import find_game

if TYPE_CHECKING:
    from voicegame.play.session import Session


def cards(codes: str) -> tuple[Card, ...]:
    return tuple(Card.from_code(c) for c in codes.split())


def game_engine(key: str, **options: object) -> Engine:
    """The engine of the registry's game ``key`` (a key or a name: "golf", "forty thieves")."""
    return Engine(find_game(key).make(**options))


def klondike_engine(**options: object) -> Engine:
    return game_engine("klondike", **options)


def move_of(engine: Engine, src: str, dst: str, count: int = 1) -> Move:
    """The move of ``count`` cards from pile ``src`` to pile ``dst`` (pile ids)."""
    return Move.cards(engine.layout.index[src], engine.layout.index[dst], count)


def why_not(engine: Engine, state: State, src: str, dst: str, count: int = 1) -> str | None:
    """The key of the engine's reason for refusing that move; None when it is legal."""
    return refusal(engine, state, move_of(engine, src, dst, count))


CardAt = tuple[str, int]  # a pile id and a card's place in it (0 the bottom card), as pair games name cards


def pair_of(engine: Engine, first: CardAt, second: CardAt | None = None) -> Move:
    """The move that removes the card ``first`` with ``second`` (or alone, when None)."""
    index = engine.layout.index
    return Move.pair((index[first[0]], first[1]), None if second is None else (index[second[0]], second[1]))


def why_not_pair(engine: Engine, state: State, first: CardAt, second: CardAt | None = None) -> str | None:
    """The key of the engine's reason for refusing to remove those cards; None when it is legal."""
    return refusal(engine, state, pair_of(engine, first, second))


def refusal(engine: Engine, state: State, move: Move) -> str | None:
    """The key of the engine's reason for refusing ``move``; None when it is legal."""
    reason = engine.why_not(state, move)
    return None if reason is None else reason.key


def pile(engine: Engine, state: State, pile_id: str) -> Pile:
    """The pile ``pile_id`` of ``state``."""
    return state.piles[engine.layout.index[pile_id]]


def heights(engine: Engine, state: State, kind: PileKind) -> list[int]:
    """How many cards each pile of that kind holds, in layout order."""
    return [len(state.piles[i].cards) for i in engine.game.indices(kind)]


def position(engine: Engine, redeals: int = 0, **piles: str | tuple[str, int]) -> State:
    """A position with only the named piles filled: ``pile3="4D 9S 2D"`` (all face up) or
    ``pile3=("4D 9S 2D", 2)`` (the two lowest face down). Stock cards are face down."""
    result = [Pile() for _ in engine.specs]
    for pile_id, value in piles.items():
        codes, down = (value, 0) if isinstance(value, str) else value
        index = engine.layout.index[pile_id]
        dealt = cards(codes)
        if pile_id == "stock":
            down = len(dealt)
        result[index] = Pile(dealt, down)
    return State(tuple(result), redeals)


def laid_out(engine: Engine, redeals: int = 0, **piles: str | Pile) -> State:
    """A position with only the named piles filled: pile id -> card codes (all face up, a stock's too)
    or a Pile; for toy games, where no pile is dealt face down unless a test says so."""
    found = [Pile() for _ in engine.specs]
    for pile_id, value in piles.items():
        found[engine.layout.index[pile_id]] = value if isinstance(value, Pile) else Pile(cards(value))
    return State(tuple(found), redeals)


def session_at(game: str, seed: int = 1, redeals: int = 0, **piles: str | tuple[str, int]) -> Session:
    """A session of ``game`` (deal ``seed``) whose starting position is replaced by one with only the
    named piles filled, as :func:`position` makes it: a voice test starts from the cards it is about."""
    from voicegame.play.session import Session

    session = Session(game, seed=seed)
    session.history.states[0] = position(session.engine, redeals, **piles)
    return session


def player_turns(max_size: int = 60) -> st.SearchStrategy:
    """Hypothesis strategy for ``play_actions``: a random player's turns, mostly moves, some undo/redo."""
    return st.lists(st.tuples(st.sampled_from(["move", "move", "undo", "redo"]), st.integers(0, 999)), max_size=max_size)


def assert_full_deck(engine: Engine, state: State, decks: int = 1) -> None:
    """Every card of the game's deck(s) is somewhere, exactly once per deck."""
    assert Counter(engine.cards_in_play(state)) == Counter(new_deck() * decks)


def play_actions(session, actions, check=None) -> None:
    """Drive a session's history with (action, choice) pairs: "move" plays legal move
    number ``choice`` (modulo how many there are), "undo"/"redo" step when they can.
    ``check(engine, state)`` runs on the starting position and after every action (so that even no
    actions at all check something)."""
    engine = session.engine
    if check is not None:
        check(engine, session.state)
    for action, choice in actions:
        if action == "undo" and session.history.can_undo():
            session.history.undo()
        elif action == "redo" and session.history.can_redo():
            session.history.redo()
        elif action == "move":
            moves = engine.legal_moves(session.state)
            if moves:
                move = moves[choice % len(moves)]
                session.history.push(move, engine.apply(session.state, move)[0])
        if check is not None:
            check(engine, session.state)


def play_script(game: str, script: str, *args: str, then: str = "") -> list[str]:
    """Pipe ``tests/data/<script>`` (then the line ``then``) into ``voicegame play <game> <args> --text
    --no-save`` and return what the game said, one sentence a line; fails on a non-zero exit."""
    import subprocess
    import sys
    from pathlib import Path

    lines = (Path(__file__).parent / "data" / script).read_text().splitlines()
    commands = "\n".join(line for line in lines if line and not line.startswith("#")) + "\n" + (then + "\n" if then else "")
    result = subprocess.run([sys.executable, "-m", "voicegame", "play", game, *args, "--text", "--no-save"],
                            input=commands, capture_output=True, text=True, timeout=180)
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


def hinted(sentence: str) -> str | None:
    """The command a hint says ("Put the seven of hearts on the eight of spades." -> "put the seven of
    hearts on the eight of spades"; the first hint's "Say yes to do it." dropped); None when the
    sentence is no hint ("You are going round in circles...")."""
    verbs = ("Put ", "Move ", "Discard ", "Remove ", "Pair ", "Draw ", "Deal ", "Redeal")
    if not sentence.startswith(verbs):
        return None
    command = sentence.removesuffix(" Say yes to do it.").removesuffix(".")
    return command[:1].lower() + command[1:]
