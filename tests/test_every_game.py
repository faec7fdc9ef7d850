"""Checks every registered game gets for free: same deal for the same seed, cards conserved through
random play with undo, every pile sayable, help and board reading, save round trip, and no command a
player can say ever raises."""

import random
from collections import Counter

import pytest

from voicegame.engine.cards import new_deck
from voicegame.games import GAMES
from voicegame.storage.autosave import Persistence
from voicegame.play.session import Session
from voicegame.storage.savefile import load
from voicegame.language.templates import expand

from helpers import hinted

KEYS = [g.key for g in GAMES]


@pytest.mark.parametrize("key", KEYS)
def test_same_seed_same_deal(key):
    assert Session(key, seed=42).state == Session(key, seed=42).state
    assert Session(key, seed=42).state != Session(key, seed=43).state


@pytest.mark.parametrize("key", KEYS)
def test_random_play_with_undo_keeps_every_card(key):
    s = Session(key, seed=7)
    start = Counter(s.engine.cards_in_play(s.state))
    assert start == Counter(new_deck(s.game.decks)) or sum(start.values()) == 52 * s.game.decks
    rng = random.Random(key)
    for _ in range(150):
        moves = s.engine.legal_moves(s.state)
        if not moves or rng.random() < 0.15:
            if s.history.can_undo():
                s.history.undo()
            continue
        move = rng.choice(moves)
        s.history.push(move, s.engine.apply(s.state, move)[0])
        assert Counter(s.engine.cards_in_play(s.state)) == start
    while s.history.can_undo():
        s.history.undo()
    assert s.state == Session(key, seed=7).state


@pytest.mark.parametrize("key", KEYS)
def test_every_pile_can_be_named_and_read(key):
    s = Session(key, seed=3)
    for spec in s.game.piles:
        command = s.parser.parse(f"read {spec.name}")
        assert command is not None and command.source is not None and command.source.pile_id == spec.id, spec.name
        assert s.handle(f"read {spec.name}").sentences[0]
    assert len(s.handle("help").sentences[0].split()) > 15
    assert s.handle("read the board").sentences


@pytest.mark.parametrize("key", KEYS)
def test_save_round_trip(key, private_data_dir):
    p = Persistence(private_data_dir)
    s = Session(key, seed=5, persistence=p)
    for move in s.engine.legal_moves(s.state)[:1]:
        s.history.push(move, s.engine.apply(s.state, move)[0])
    p.autosave(s)
    saved = load(p.save_path(s.game.key)).saved
    assert saved is not None and saved.moves == s.history.moves and saved.seed == 5


SLOW_INTENTS = {"hint", "winnable"}  # searches with a time budget: tested in test_solver.py


def sample_phrases(session: Session, count: int, rng: random.Random) -> list[str]:
    """Random phrases the templates accept, with slots filled from this game's nouns (and some
    nonsense values), so that every intent is exercised against a real position."""
    cards = [c.spoken for c in new_deck()] + ["seven", "king", "ace"]
    piles = [n for spec in session.game.piles for n in spec.names]
    slots = {"card": cards, "place": cards + piles, "target": cards + piles + ["foundation"], "pile": piles,
             "suit": ["hearts", "spades"], "number": ["one", "two", "nine"], "ordinal": ["first", "second"],
             "game": [g.title for g in GAMES], "group": list(session.parser.group_names and [" ".join(k) for k in session.parser.group_names] or ["row two"]),
             "foundation": ["foundation"], "kind": ["foundation"]}
    out = []
    language = session.parser.language
    intents = [(i, t) for i, t in language.intents if i not in SLOW_INTENTS]
    for _ in range(count):
        intent, templates = rng.choice(intents)
        template = rng.choice(templates)
        try:
            phrases = expand(template, language.rules, {k: rng.sample(v, min(2, len(v))) for k, v in slots.items()}, limit=5000)
        except Exception:
            continue
        out.append(rng.choice(phrases))
    return out


@pytest.mark.parametrize("key", KEYS)
def test_no_command_ever_raises(key):
    rng = random.Random(f"phrases-{key}")
    s = Session(key, seed=11)
    for phrase in sample_phrases(s, 400, rng):
        if phrase.split()[:1] in (["quit"], ["exit"]):
            continue
        reply = s.handle(phrase)
        assert reply.sentences, phrase


@pytest.mark.parametrize("key", KEYS)
def test_every_hint_said_back_plays_the_hinted_move(key):
    """"Try X." must be something the player can say to do X: no question back, no other move (with
    two decks two moves can have the same card names; the hint then names the piles)."""
    for seed in (4, 11):
        s = Session(key, seed=seed)
        ranked = s.hints.ranked(s.state)
        for i in range(min(3, len(ranked))):
            sentence = s.handle("hint").sentences[0]
            phrase = hinted(sentence)
            assert phrase is not None and sentence.endswith("."), sentence
            trial = Session(key, seed=seed)
            reply = trial.handle(phrase)
            assert reply.moves == [ranked[i]], (phrase, reply.sentences)


@pytest.mark.parametrize("key", KEYS)
def test_all_commands_gives_examples_this_game_understands(key):
    """"All commands" is a list of examples: each must parse in this game (its own pile names), and a
    move example must aim at a kind of pile the game has (no "seven of hearts up" without foundations)."""
    s = Session(key, seed=4)
    sentence = s.handle("all commands").sentences[0]
    moves = sentence.split("Moves: ")[1].split(". Reading: ")[0].split(", ")
    reading = sentence.split(". Reading: ")[1].split(". Also: ")[0].split(", ")
    assert f"moves_{key}" in s.narrator.language.messages  # its own examples, not the fallback
    kinds = {spec.kind for spec in s.engine.specs}
    for example in moves + reading:
        command = s.parser.parse(example)
        assert command is not None, (key, example)
        target_kind = getattr(command.target, "kind", None)  # "up": a foundation, "to waste"...
        assert target_kind is None or target_kind in kinds, (key, example, command)
