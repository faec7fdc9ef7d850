"""Labyrinth: aces home first, eight piles whose top and bottom cards both play home, gaps filled
from the stock until the first deal, a deal of one card on each pile, the win through the CLI."""

from helpers import play_script, position, why_not
from voicegame.engine import Engine, Move, MoveKind, Won
from voicegame.games import find_game
from voicegame.play.session import Session
from voicegame.solver import solve_thoughtful

E = Engine(find_game("labyrinth").make())
I = E.layout.index
DEAL = Move(MoveKind.DEAL)


def test_the_deal_puts_a_card_on_every_pile_and_the_bottom_card_shows_apart():
    state = E.apply(E.deal(1), DEAL)[0]
    first = E.deal(1)
    for n in range(1, 9):
        assert state.piles[I[f"bottom{n}"]].cards == first.piles[I[f"pile{n}"]].cards  # the old card is the bottom
        assert len(state.piles[I[f"pile{n}"]].cards) == 1
    assert len(state.piles[I["stock"]].cards) == 32


def test_both_ends_play_home_in_suit_and_nothing_is_built_on_the_piles():
    state = position(E, hearts="AH", clubs="AC", pile1="9S 2C", bottom1="2H", pile2="5D")
    assert why_not(E, state, "bottom1", "hearts") is None
    assert why_not(E, state, "pile1", "clubs") is None
    assert why_not(E, state, "pile1", "hearts") is not None
    assert why_not(E, state, "pile2", "pile1") == "takes_no_cards"
    assert why_not(E, state, "hearts", "pile1") is not None  # foundation cards stay


def test_a_lone_card_lives_on_the_pile_and_the_next_bottom_card_moves_down():
    state = position(E, hearts="AH", clubs="AC", pile1="2C", bottom1="2H")
    after = E.apply(state, Move.cards(I["bottom1"], I["hearts"]))[0]
    assert after.piles[I["pile1"]].cards[-1].code == "2C" and not after.piles[I["bottom1"]].cards
    three = position(E, hearts="AH", pile1="9S 8D", bottom1="2H")
    after = E.apply(three, Move.cards(I["bottom1"], I["hearts"]))[0]
    assert after.piles[I["bottom1"]].cards[-1].code == "9S" and [c.code for c in after.piles[I["pile1"]].cards] == ["8D"]


def test_gaps_fill_from_the_stock_until_the_first_deal():
    state = position(E, hearts="AH", pile1="2H", stock="5C 7D")
    after = E.apply(state, Move.cards(I["pile1"], I["hearts"]))[0]
    assert after.piles[I["pile1"]].cards[-1].code == "7D"
    dealt = E.apply(position(E, hearts="AH", pile1="9C", pile2="3H", stock="2H 7D 5C"), DEAL)[0]
    after = E.apply(dealt, Move.cards(I["pile3"], I["hearts"]))[0]  # the two of hearts, dealt on empty pile three
    assert not after.piles[I["pile3"]].cards and len(after.piles[I["stock"]].cards) == 0


def test_no_redeal_and_the_win():
    assert E.why_not(position(E, pile1="2H"), DEAL) is not None
    suits = {s: " ".join(f"{r}{s[0].upper()}" for r in "A23456789TJQK") for s in ("clubs", "diamonds", "hearts")}
    state = position(E, **suits, spades="AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS", pile4="KS")
    after, events = E.apply(state, Move.cards(I["pile4"], I["spades"]))
    assert E.is_won(after) and isinstance(events[-1], Won) and E.score(after) == 48 and not E.is_won(state)


def test_the_solver_proves_seed_one_lost():
    assert solve_thoughtful(E, E.deal(1), seconds=30).outcome.value == "proved unwinnable"


def test_voice_and_name():
    s = Session("klondike", seed=1)
    assert s.handle("play labyrinth").sentences == ["New game. Labyrinth, deal 2."] and s.engine.game.key == "labyrinth"
    s.handle("deal")
    assert s.handle("read bottom one").sentences[0].startswith("Bottom one: ")
    assert s.handle("help").sentences[0].startswith("Labyrinth.")


def test_scripted_seed_to_a_win_through_the_cli():
    lines = play_script("labyrinth", "labyrinth_seed63_win.txt", "--seed", "63", then="score")
    assert any(l.startswith("You won") for l in lines) and lines[-1] == "48 of 48 cards home."
    assert not any(l.startswith(("Sorry", "Which", "Did")) or "not" in l for l in lines)
