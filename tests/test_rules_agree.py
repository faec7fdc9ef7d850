"""One rule, one answer (issue 38, item 3): wherever the engine has a fast yes-or-no check beside the
check that says why not, the two agree, in every registered game and in positions from the deal to late
in play (empty columns, spent stocks).

For every position checked along seeded random walks:

- ``Takes.allows`` is ``Takes.why_not(...) is None`` for every source pile and every count (one past
  the pile's size included);
- ``Accepts.allows`` is ``Accepts.why_not(...) is None`` for every source pile, every count Takes lets
  go and every target pile;
- ``Engine.legal_moves`` lists exactly the moves ``Engine.why_not`` passes, each once: every card move
  Takes lets go (to every pile), every removal of one face-up card or two (pair games; (a, b) and
  (b, a) are one move), and the deal;
- every so often every card of the deck, alone, is offered to every pile as it is and emptied, from a
  pile of each kind: ``allows`` against ``why_not``, and ``Accepts.first_ranks`` (legal-move
  generation's filter) never leaving out a card ``allows`` passes.

A last test checks the smallest rule objects, ``Sequence`` and ``Empty``, for every card.

Walks prefer moves to a foundation or a discard half the time (a random walk alone rarely empties a
column) and run to 240 moves, through most stocks. Everything is seeded: a failure names the game,
options, deal and step to replay it.
"""

from __future__ import annotations

import random
import zlib
from typing import Any, Iterator

import pytest

from voicegame.engine import Empty, Engine, Move, MoveKind, Pile, PileKind, Sequence, State
from voicegame.engine.cards import RANKS, Card, Rank, new_deck
from voicegame.games import GAMES, find_game

SEEDS = (3, 17, 101)  # deal numbers every game has (FreeCell's start at 1)
STEPS = 240  # moves per walk
EVERY = 6  # check every sixth position of a walk (and the last)
PROBE = 10 * EVERY  # and offer every card of the deck to every pile every tenth check
HOMES = (PileKind.FOUNDATION, PileKind.DISCARD)


def variants() -> list[Any]:
    """(game key, options): every game with its default options, then each other choice of an option
    that has choices (as test_conformance.py plays them)."""
    out = []
    for entry in GAMES:
        out.append(pytest.param(entry.key, {}, id=entry.key))
        for option in entry.options:
            for choice in option.choices or ():
                if choice != option.default:
                    out.append(pytest.param(entry.key, {option.name: choice}, id=f"{entry.key}-{option.name}-{choice}"))
    return out


def walk(engine: Engine, seed: int, rng: random.Random) -> Iterator[tuple[int, State]]:
    """(step, position) along one walk from deal ``seed``: a home move when there is one, half the
    time, else any legal move; stops when no move is left."""
    state = engine.deal(seed)
    specs = engine.specs
    for step in range(STEPS):
        moves = engine.legal_moves(state)
        if step % EVERY == 0 or not moves:
            yield step, state
        if not moves:
            return
        homes = [m for m in moves if m.kind is MoveKind.PAIR or (m.kind is MoveKind.MOVE and specs[m.dst].kind in HOMES)]
        move = rng.choice(homes) if homes and rng.random() < 0.5 else rng.choice(moves)
        state = engine.apply(state, move)[0]
    yield STEPS, state


def pair_key(move: Move) -> Any:
    """A removal as the set of its places, so that (a, b) and (b, a) are one move."""
    if move.kind is not MoveKind.PAIR:
        return move
    places = {(move.src, move.at[0])} | ({(move.dst, move.at[1])} if move.dst >= 0 else set())
    return frozenset(places)


def disagreements(engine: Engine, state: State) -> list[str]:
    """What the fast checks and the explaining checks say differently in ``state`` (empty: nothing)."""
    out: list[str] = []
    layout, specs, piles = engine.layout, engine.specs, state.piles
    candidates = [Move.deal()]
    for s, src in enumerate(specs):
        pile = piles[s]
        if src.takes is None:
            candidates += [Move.cards(s, d, 1) for d in range(len(specs)) if d != s and pile.cards]
            continue
        for count in range(1, len(pile.cards) + 2):
            fast = src.takes.allows(layout, state, src, pile, count)
            why = src.takes.why_not(layout, state, src, pile, count)
            if fast != (why is None):
                out.append(f"Takes {src.id} x{count}: allows {fast}, why_not {why}")
            if why is not None:  # a move of this count is refused by Takes, as just checked
                continue
            candidates += [Move.cards(s, d, count) for d in range(len(specs)) if d != s]
            cards = pile.cards[-count:]
            for d, dst in enumerate(specs):
                if dst.accepts is None or d == s:
                    continue
                fast = dst.accepts.allows(layout, state, src, dst, piles[d], cards)
                why = dst.accepts.why_not(layout, state, src, dst, piles[d], cards)
                if fast != (why is None):
                    out.append(f"Accepts {src.id}>{dst.id} x{count}: allows {fast}, why_not {why}")
    listed = engine.legal_moves(state)
    keys = [pair_key(m) for m in listed]
    if len(set(keys)) != len(keys):
        out.append(f"legal_moves lists a move twice: {[m for m in listed if keys.count(pair_key(m)) > 1]}")
    if engine.game.pairs is not None:
        places = [(p, at) for p, pile in enumerate(piles) for at in range(len(pile.cards)) if pile.shows(at)]
        candidates += [Move.pair(a) for a in places]
        candidates += [Move.pair(a, b) for k, a in enumerate(places) for b in places[k + 1 :]]
    passed = {pair_key(m) for m in candidates if engine.why_not(state, m) is None}
    for key in set(keys) - passed:
        out.append(f"legal_moves lists {key}, why_not says {engine.why_not(state, key if isinstance(key, Move) else Move.pair(*sorted(key)))}")
    for key in passed - set(keys):
        out.append(f"why_not passes {key}, legal_moves leaves it out")
    return out


def probe(engine: Engine, state: State, deck: tuple[Card, ...]) -> list[str]:
    """Every card of the deck, alone, offered to every target pile as it is and emptied, from a pile of
    each kind: ``allows`` against ``why_not``, and ``first_ranks`` (legal-move generation's filter)
    never leaving out a rank that ``allows`` passes."""
    out: list[str] = []
    layout, specs = engine.layout, engine.specs
    sources = list({spec.kind: spec for spec in specs if spec.takes is not None}.values())
    for d, dst in enumerate(specs):
        accepts = dst.accepts
        if accepts is None:
            continue
        for position in (state, state.with_piles({d: Pile()})) if state.piles[d].cards else (state,):
            target = position.piles[d]
            ranks = accepts.first_ranks(target)
            for src in sources:
                if src is dst:
                    continue
                for card in deck:
                    fast = accepts.allows(layout, position, src, dst, target, (card,))
                    why = accepts.why_not(layout, position, src, dst, target, (card,))
                    where = f"{card.code} from a {src.kind.value} ({src.id}) onto {dst.id} holding {[c.code for c in target.cards]}"
                    if fast != (why is None):
                        out.append(f"Accepts {where}: allows {fast}, why_not {why}")
                    if fast and ranks is not None and card.rank not in ranks:
                        out.append(f"first_ranks leaves out {where}")
    return out


@pytest.mark.parametrize(("key", "options"), variants())
def test_fast_checks_agree_with_their_reasons(key: str, options: dict[str, object]) -> None:
    entry = find_game(key)
    engine = Engine(entry.make(**options))
    deck = tuple(dict.fromkeys(new_deck(jokers=engine.game.jokers)))
    found: list[str] = []
    for seed in SEEDS:
        rng = random.Random(zlib.crc32(f"{key}{sorted(options.items())}{seed}".encode()))
        for step, state in walk(engine, seed, rng):
            problems = disagreements(engine, state) + (probe(engine, state, deck) if step % PROBE == 0 else [])
            for problem in problems:
                found.append(f"deal {seed} step {step}: {problem}")
    assert not found, "\n".join(found[:20])


def test_each_sequence_and_empty_rule_agrees_with_its_reasons() -> None:
    """The smallest rule objects of every game (each distinct one once): ``Sequence.follows`` against
    ``why_not`` for every two cards, jokers included; ``Empty.allows`` against ``why_not`` for every card."""
    deck = tuple(dict.fromkeys(new_deck(jokers=2)))
    sequences: set[Sequence] = set()
    empties: set[Empty] = set()
    for key, options in (p.values for p in variants()):
        for spec in find_game(key).make(**options).piles:
            sequences.update(r for r in (spec.accepts and spec.accepts.build, spec.takes and spec.takes.sequence) if r is not None)
            if spec.accepts is not None:
                empties.add(spec.accepts.empty)
    found = []
    for sequence in sequences:
        for under in deck:
            for over in deck:
                fast, why = sequence.follows(under, over), sequence.why_not(under, over)
                if fast != (why is None):
                    found.append(f"{sequence}: {over.code} on {under.code}: follows {fast}, why_not {why}")
            if under.rank is not Rank.JOKER:  # the ranks an explanation names are the ranks the rule lets on
                lets_on = [r for r in RANKS if sequence._rank_ok(under, Card(r, under.suit))]
                if [r for r in sequence.needed_ranks(under) if r is not Rank.JOKER] != lets_on:
                    found.append(f"{sequence}: needed_ranks({under.code}) {sequence.needed_ranks(under)}, rule {lets_on}")
    for empty in empties:
        for card in deck:
            fast, why = empty.allows(card), empty.why_not("a pile", card)
            if fast != (why is None):
                found.append(f"{empty}: {card.code}: allows {fast}, why_not {why}")
    assert len(sequences) > 10 and len(empties) >= 3
    assert not found, "\n".join(found[:20])
