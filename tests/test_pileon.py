"""Pileon: cards of one rank piled on their rank, at most four to a pile; any card or group on an
empty pile; a complete four of a kind frozen; the win through the CLI."""

from helpers import play_script, position, why_not
from voicegame.engine import Engine, Move, Won
from voicegame.games import find_game
from voicegame.play.session import Session

E = Engine(find_game("pileon").make())
I = E.layout.index


def test_a_card_goes_only_on_its_own_rank():
    state = position(E, pile1="2C 7H", pile2="3D 7S", pile3="4C 8S")
    assert why_not(E, state, "pile1", "pile2") is None
    assert why_not(E, state, "pile1", "pile3") == "needs_rank"


def test_a_group_of_one_rank_moves_together_but_not_a_mixed_one():
    state = position(E, pile1="2C 7H 7D", pile2="7S", pile3="2D 3D", pile4="3C")
    assert why_not(E, state, "pile1", "pile2", 2) is None
    assert why_not(E, state, "pile1", "pile2", 3) == "not_a_run"
    assert why_not(E, state, "pile3", "pile4", 1) is None


def test_no_pile_grows_past_four():
    state = position(E, pile1="2C 7H 7D", pile2="5C 6C 7S")
    assert why_not(E, state, "pile1", "pile2", 1) is None
    assert why_not(E, state, "pile1", "pile2", 2) == "pile_full"


def test_an_empty_pile_takes_any_card_or_group():
    state = position(E, pile1="2C 7H 7D")
    assert why_not(E, state, "pile1", "pile15", 2) is None
    assert why_not(E, state, "pile1", "pile14", 1) is None


def test_a_complete_four_of_a_kind_is_frozen():
    state = position(E, pile1="7H 7D 7C 7S", pile2="2C 3C 4C 5C 6C")
    assert why_not(E, state, "pile1", "pile15") == "pile_frozen"
    assert why_not(E, position(E, pile1="7D 7C 7S"), "pile1", "pile15", 3) is None  # three are not a set


def test_won_when_every_rank_sits_in_a_pile_of_its_own():
    ranks = "A23456789TJQK"
    piles = {f"pile{n}": " ".join(f"{r}{s}" for s in "CDHS") for n, r in enumerate(ranks[:-1], 1)}
    state = position(E, **piles, pile13="KC KD KH", pile15="KS")
    after, events = E.apply(state, Move.cards(I["pile15"], I["pile13"]))
    assert E.is_won(after) and isinstance(events[-1], Won) and E.score(after) == 52
    assert not E.is_won(state) and E.score(state) == 48
    assert E.is_stuck(position(E, **{f"pile{n}": "2C 3C 4C 5C" for n in range(1, 16)}))  # every pile full
    assert not E.is_stuck(position(E, **{f"pile{n}": "2C 3C 4C 5C" for n in range(1, 15)}))


def test_voice_and_name():
    s = Session("klondike", seed=1)
    assert s.handle("play pileon").sentences == ["New game. Pileon, deal 2."] and s.engine.game.key == "pileon"
    assert s.handle("help").sentences[0].startswith("Pileon.")


def test_scripted_seed_to_a_win_through_the_cli():
    lines = play_script("pileon", "pileon_seed1_win.txt", "--seed", "1", then="score")
    assert any(l.startswith("You won") for l in lines) and lines[-1] == "52 of 52 cards in finished piles."
    assert not any(l.startswith(("Sorry", "Which", "Did")) or "not" in l for l in lines)
