"""Commands that make sense in a real deal, for speech tests and benchmarks.

``deal_commands(seed)`` plays a Klondike deal forward along the hint moves and, at each position,
lists what a player could say there: every legal move in several phrasings (card on card, pile to
pile, "up"), plus reading, drawing and undo (bare cards and numbers are answers, said only to a
question). Each sample carries the
position it belongs to and the command the parser makes of the text, so a recogniser's result can
be checked against it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from voicegame.engine.cards import RANKS, Card, Suit
from voicegame.engine import Engine, MoveKind, PileKind, State
from voicegame.solver.hints import ranked_moves
from voicegame.language.narrate import Narrator
from voicegame.language.command import Command
from voicegame.language.parse import Parser

if TYPE_CHECKING:
    from voicegame.listen.understanding import Understanding
    from voicegame.language.resolve import Resolver

NON_MOVES = (
    "draw", "undo", "hint", "read the board", "what can i do", "score", "how many cards left",
    "repeat", "help", "next card", "take back", "read waste", "auto", "deal",
)
NOT_COMMANDS = (
    "i would like a cup of tea", "the weather is nice today", "can you call my mother",
    "what time is it", "my dog likes to run in the park", "turn on the kitchen lights",
    "how old are you", "tell me a joke", "she sells sea shells by the sea shore",
    "open the window please", "where did i leave my keys", "good morning everybody",
    "let us go to the cinema tonight", "the train was late again", "i am going to bed",
    "please pass the salt", "what is the capital of france", "this soup is too hot",
    "remind me to buy milk", "the cat is sleeping on the sofa",
)
NOT_COMMANDS_MORE = (
    "we should paint the fence green", "my brother works at the hospital", "did you feed the fish",
    "the children are playing outside", "i forgot my umbrella at work", "have you seen my glasses",
    "that movie was really long", "the bus stops near the bridge", "could you turn the music down",
    "he plays the piano every evening", "it might rain tomorrow afternoon", "we ran out of coffee",
    "my phone needs charging", "the garden looks lovely in spring", "who wants some pizza",
    "i have a meeting at nine", "put the kettle on", "the ace pilot landed safely",
    "seven people came to the party", "i will read the newspaper later",
)
"""Twenty more sentences that are not commands, written after the listening grammar's garbage loop
(so its word list was not tuned on them); a few share words with commands on purpose."""


DECK = [Card(rank, suit) for suit in Suit for rank in RANKS]


@dataclass(frozen=True)
class Sample:
    text: str
    position: int  # index into the positions list returned alongside
    command: Command


def move_texts(engine: Engine, narrator: Narrator, state: State) -> list[str]:
    """Several ways to say each legal move of ``state``."""
    out: list[str] = []
    specs = engine.specs
    best_count: dict[tuple[int, int], int] = {}
    for m in engine.legal_moves(state):
        if m.kind is MoveKind.MOVE:
            best_count[(m.src, m.dst)] = max(best_count.get((m.src, m.dst), 0), m.count)
    for m in engine.legal_moves(state):
        if m.kind is not MoveKind.MOVE:
            continue
        card = state.piles[m.src].cards[-m.count]
        src, dst = specs[m.src], specs[m.dst]
        out.append(narrator.move_phrase(state, m))
        out.append(f"move {card.spoken} to {dst.name}")
        if best_count[(m.src, m.dst)] == m.count and src.kind in (PileKind.TABLEAU, PileKind.WASTE):
            out.append(f"move {src.name} to {dst.name}")
        if dst.kind is PileKind.FOUNDATION:
            out.append(f"put the {card.spoken} on the foundation")
    return out


def deal_commands(seed: int = 7, positions: int = 18, per_position: int = 30, rng_seed: int = 0) -> tuple[list[State], list[Sample], Engine]:
    """Positions along the hint path of Klondike deal ``seed`` and what can be said at each."""
    from voicegame.games import GAMES, find_game

    game = find_game("klondike").make()
    engine = Engine(game)
    narrator = Narrator(engine)
    parser = Parser(game, game_names={name: g.key for g in GAMES for name in (g.key, g.title, *g.aliases)})
    rng = random.Random(rng_seed)
    state = engine.deal(seed)
    states: list[State] = []
    samples: list[Sample] = []
    seen: set[str] = set()
    for k in range(positions):
        states.append(state)
        texts = move_texts(engine, narrator, state)
        showing = [c for p in state.piles[2:] for c in p.face_up]
        # bare cards and numbers are answers to a question, not commands (the listening grammar
        # holds them only while a question is open); the random draws stay, so that the rest of
        # the corpus is what it was
        rng.sample(showing, min(3, len(showing)))
        texts += [f"read {spec.name}" for spec in rng.sample(list(engine.specs), 4)]
        texts += [f"where is the {c.spoken}" for c in rng.sample(DECK, 3)]
        rng.choice(("one", "two", "three", "four", "five", "six", "seven"))
        texts += rng.sample(NON_MOVES, 4)
        rng.shuffle(texts)
        count = 0
        for text in texts:
            if text in seen or count >= per_position:
                continue
            command = parser.parse(text)
            if command is None:
                continue
            seen.add(text)
            samples.append(Sample(text, k, command))
            count += 1
        moves = [m for m in ranked_moves(engine, state) if m.kind is MoveKind.MOVE] or ranked_moves(engine, state)
        if not moves:
            break
        state, _ = engine.apply(state, moves[0])
    return states, samples, engine


def judge(understood: "Understanding", expected: Command, state: State, resolver: "Resolver") -> str:
    """"ok" when what was understood does what ``expected`` would do (the same command, or for a
    move the same move), "asked" for a question, "rejected" for not understood, else "wrong"."""
    from voicegame.language.resolve import Play, Resolution

    if understood.how == "rejected":
        return "rejected"
    if understood.how == "asked":
        return "asked"
    want = resolver.resolve_move(state, expected.source, expected.target) if _is_move(expected) else None
    if understood.how == "matched":
        got: Resolution | None = understood.resolution
        return "ok" if isinstance(want, Play) and isinstance(got, Play) and got.move == want.move else "wrong"
    command = understood.command
    if command == expected:
        return "ok"
    if command is not None and isinstance(want, Play) and _is_move(command):
        got = resolver.resolve_move(state, command.source, command.target)
        return "ok" if isinstance(got, Play) and got.move == want.move else "wrong"
    return "wrong"


def _is_move(command: Command) -> bool:
    return command.intent == "move" or (command.intent == "answer" and command.source is not None)


def judge_heard(understood: "Understanding", reference: "Understanding", expected: Command, state: State,
                resolver: "Resolver") -> str:
    """``judge``, except that doing exactly what the game does with the words really said (``reference``:
    the understanding of the sample's own text) is "ok": a bare "seven" that the game asks about
    ("which seven?") is a right recognition when the game asks the same about what was heard."""
    if understood.how == reference.how and understood.command == reference.command and \
            _resolved(understood) == _resolved(reference):
        return "ok"
    return judge(understood, expected, state, resolver)


def _resolved(understood: "Understanding") -> object:
    resolution = understood.resolution
    return getattr(resolution, "move", None) or getattr(resolution, "options", None)
