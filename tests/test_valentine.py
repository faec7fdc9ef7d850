"""Valentine: every rule of the manual (legal and illegal side), the stock's three uses, voice, and a
solver's win through the text CLI. Conservation, undo/redo and saves: test_conformance.py."""

from helpers import cards, move_of as mv, play_script, position, session_at, why_not as why
from voicegame.engine import DealtRow, Drew, Move, MoveKind, Redealt, Won

GAME = "valentine"
DEAL = Move(MoveKind.DEAL)
HEARTS = "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AH"


def piles(engine, state):
    return [state.piles[engine.layout.index[f"pile{n}"]].cards for n in range(1, 5)]


def test_the_lower_card_goes_on_the_next_higher_of_its_suit_without_wrap(engine):
    state = position(engine, stock="2C", pile1="6H", pile2="5H", pile3="5C", pile4="KS", waste="AS")
    assert why(engine, state, "pile2", "pile1") is None
    assert why(engine, state, "pile3", "pile1") == "needs_same"
    assert why(engine, state, "pile1", "pile2") == "needs_rank"  # the higher never goes on the lower
    assert why(engine, state, "waste", "pile4") == "needs_rank"  # no wrap: the ace does not follow the king
    moved = position(engine, pile1="6H", pile2="9C 5H 4H")
    assert why(engine, moved, "pile2", "pile1", 2) is None  # with the card lying on it


def test_nothing_goes_on_an_empty_pile_by_hand_and_deal_fills_it(engine):
    state = position(engine, stock="2C 3C", pile1="6H", pile2="5H", pile3="9S")
    assert why(engine, state, "pile1", "pile4") == "empty_takes_nothing"
    after, events = engine.apply(state, DEAL)
    assert piles(engine, after)[3] == cards("3C") and isinstance(events[0], DealtRow)


def test_deal_turns_a_card_onto_the_empty_waste_which_may_go_on_a_pile(engine):
    state = position(engine, stock="2C 5H", pile1="6H", pile2="8C", pile3="9S", pile4="KD")
    after, events = engine.apply(state, DEAL)
    assert after.piles[engine.layout.waste].cards == cards("5H") and isinstance(events[0], Drew)
    assert why(engine, after, "waste", "pile1") is None
    assert engine.why_not(after, DEAL).key == "play_waste_first"  # it fits: no recycling yet


def test_once_the_waste_card_fits_nowhere_the_piles_go_under_the_stock(engine):
    state = position(engine, stock="2C 3C 4C", pile1="6H 5H", pile2="9D", pile3="9S", pile4="KD", waste="JC", redeals=3)
    after, events = engine.apply(state, DEAL)
    assert piles(engine, after) == [cards("JC"), cards("4C"), cards("3C"), cards("2C")]
    assert [c.code for c in reversed(after.piles[engine.layout.stock].cards)] == ["6H", "5H", "9D", "9S", "KD"]
    assert isinstance(events[0], Redealt) and after.redeals == 4 and not after.piles[engine.layout.waste].cards


def test_won_with_four_suits_king_to_ace(engine):
    full = {f"pile{n}": HEARTS.replace("H", s) for n, s in zip((1, 2, 3), "CDH")}
    state = position(engine, **full, pile4=HEARTS.replace("H", "S").rsplit(" ", 1)[0], waste="AS")
    assert not engine.is_won(state) and engine.score(state) == 0
    after, events = engine.apply(state, mv(engine, "waste", "pile4"))
    assert engine.is_won(after) and isinstance(events[-1], Won) and engine.score(after) == 1


def test_voice_commands_read_and_help():
    s = session_at(GAME, stock="2C 7H", pile1="6H", pile2="5H", pile3="9S", pile4="KD")
    assert s.handle("five of hearts on six of hearts").sentences
    assert piles(s.engine, s.state)[0] == cards("6H 5H")
    assert s.handle("deal").sentences  # fills pile two
    assert piles(s.engine, s.state)[1] == cards("7H")
    assert s.handle("read pile two").sentences == ["Pile two: seven of hearts."]
    assert s.handle("help").sentences[0].startswith("Valentine. Four piles")
    assert s.handle("score").sentences == ["Score 0."]


def test_scripted_win_through_the_cli():
    lines = play_script("valentine", "valentine_seed1_win.txt", "--seed", "1", then="score")
    assert "You won! Every suit is in order." in lines
    assert lines[-1] == "Score 1."
    assert not any(l.startswith(("Sorry", "Which", "Where", "The ", "Did")) for l in lines)
