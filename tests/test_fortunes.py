"""Fortunes: every rule of the manual (legal and illegal side), voice, and a solver's win through the
text CLI. Conservation, undo/redo and saves: test_conformance.py."""

from helpers import cards, move_of as mv, play_script, position, session_at, why_not as why
from voicegame.engine.cards import new_deck
from voicegame.engine import DealtRow, Move, MoveKind, Won

GAME = "fortunes"
DEAL = Move(MoveKind.DEAL)


def test_the_lower_of_two_cards_of_a_suit_is_discarded_aces_high(engine):
    state = position(engine, pile1="KH", pile2="AH", pile3="9S", pile4="2S 4C")
    assert why(engine, state, "pile1", "discard") is None  # the ace of hearts outranks the king
    assert why(engine, state, "pile2", "discard") == "not_outranked"  # nothing outranks an ace
    assert why(engine, state, "pile4", "discard") == "not_outranked"  # no other club shows
    assert why(engine, position(engine, pile1="KH", pile2="QH"), "pile2", "discard") is None
    assert why(engine, position(engine, pile1="KH", pile2="QH"), "pile1", "discard") == "not_outranked"
    assert why(engine, position(engine, pile1="KH 2S", pile2="QH"), "pile2", "discard") == "not_outranked"  # the king is covered


def test_an_empty_pile_takes_any_group_and_nothing_goes_on_a_card(engine):
    state = position(engine, pile1="KH 5D 2C", pile2="AH", pile3="9S")
    assert why(engine, state, "pile1", "pile4", 2) is None
    assert why(engine, state, "pile1", "pile4", 3) is None
    assert why(engine, state, "pile1", "pile4") is None
    assert why(engine, state, "pile1", "pile2") == "takes_no_cards"
    assert why(engine, state, "pile1", "discard", 2) == "single_only"


def test_deal_puts_one_card_on_each_pile_even_an_empty_one(engine):
    state = position(engine, stock="2C 3C 4C 5C", pile1="KH", pile2="AH", pile3="9S")
    after, events = engine.apply(state, DEAL)
    assert [after.piles[engine.layout.index[f"pile{n}"]].top for n in range(1, 5)] == list(cards("5C 4C 3C 2C"))
    assert isinstance(events[0], DealtRow) and engine.why_not(after, DEAL).key == "stock_empty"


def test_won_with_only_the_aces_left(engine):
    rest = " ".join(c.code for c in new_deck() if c.rank != 1 and c.code != "KH")
    state = position(engine, discard=rest, pile1="AC", pile2="AD", pile3="AH KH", pile4="AS")
    assert not engine.is_won(state) and engine.score(state) == 47  # the king covers the ace of hearts
    state = position(engine, discard=rest, pile1="AC", pile2="AD", pile3="KH", pile4="AS AH")
    after, events = engine.apply(state, mv(engine, "pile3", "discard"))
    assert engine.is_won(after) and isinstance(events[-1], Won) and engine.score(after) == 48


def test_no_moves_left(engine):
    assert engine.is_stuck(position(engine, pile1="KH", pile2="AS", pile3="9C", pile4="2D"))
    assert not engine.is_stuck(position(engine, pile1="KH", pile2="AH", pile3="9C", pile4="2D"))
    assert not engine.is_stuck(position(engine, stock="5C 6C 7C 8C", pile1="KH", pile2="AS", pile3="9C", pile4="2D"))
    assert not engine.is_stuck(position(engine, pile1="KH 3H", pile2="AS", pile3="9C"))  # the three can move to the gap


def test_voice_commands_read_and_help():
    s = session_at(GAME, stock="2C 3C 4C 5C", pile1="KH", pile2="AH", pile3="9S", pile4="2S")
    assert s.handle("discard king of hearts").sentences
    assert s.state.piles[s.engine.layout.index["discard"]].cards == cards("KH")
    assert s.handle("remove two of spades").sentences
    assert s.handle("read pile two").sentences == ["Pile two: ace of hearts."]
    assert s.handle("help").sentences[0].startswith("Fortunes. Four piles")
    assert s.handle("score").sentences == ["2 of 48 cards removed."]


def test_scripted_win_through_the_cli():
    lines = play_script("fortunes", "fortunes_seed5_win.txt", "--seed", "5", then="score")
    assert "You won! Only the aces are left." in lines
    assert lines[-1] == "48 of 48 cards removed."
    assert not any(l.startswith(("Sorry", "Which", "Where", "The ", "Did")) for l in lines)
