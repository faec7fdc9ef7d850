"""First Law: every rule of the manual (legal and illegal side), sets leaving play, the redeal in
order, voice, and a solver's win through the text CLI. Conservation, undo/redo and saves:
test_conformance.py."""

from collections import Counter

from helpers import cards, move_of as mv, play_script, position, session_at, why_not as why
from voicegame.engine.cards import new_deck
from voicegame.engine import DealtRow, Move, MoveKind, Paired, Redealt, Won

GAME = "first_law"
DEAL = Move(MoveKind.DEAL)


def tops(engine, state):
    return [state.piles[engine.layout.index[f"pile{n}"]].cards for n in range(1, 5)]


def test_every_card_starts_in_the_stock_and_a_deal_puts_one_on_each_pile(engine):
    state = engine.deal(1)
    assert len(state.piles[engine.layout.stock].cards) == 52 and all(not p for p in tops(engine, state))
    assert Counter(engine.cards_in_play(state)) == Counter(new_deck())
    after, events = engine.apply(state, DEAL)
    assert all(len(p) == 1 for p in tops(engine, after)) and isinstance(events[0], DealtRow)


def test_a_like_card_goes_only_onto_the_leftmost_of_its_rank(engine):
    state = position(engine, stock="2C 3C 4C 5C", pile1="3S", pile2="7H", pile3="7S", pile4="7D")
    assert why(engine, state, "pile3", "pile2") is None
    assert why(engine, state, "pile4", "pile2") is None
    assert why(engine, state, "pile4", "pile3") == "not_leftmost"
    assert why(engine, state, "pile2", "pile3") == "is_leftmost"
    assert why(engine, state, "pile1", "pile2") == "not_same_rank"


def test_nothing_goes_on_an_empty_pile_until_a_deal(engine):
    state = position(engine, stock="2C 3C 4C 5C", pile1="3S", pile2="7H")
    assert why(engine, state, "pile2", "pile3") == "empty_takes_nothing"
    after, _ = engine.apply(state, DEAL)
    assert tops(engine, after) == [cards("3S 5C"), cards("7H 4C"), cards("3C"), cards("2C")]


def test_four_of_a_rank_together_leave_play(engine):
    state = position(engine, stock="2C 3C 4C 5C", pile1="3S 7C 7H 7S", pile2="9H 7D", pile3="4H", pile4="5H")
    after, events = engine.apply(state, mv(engine, "pile2", "pile1"))
    assert tops(engine, after)[0] == cards("3S") and tops(engine, after)[1] == cards("9H")
    assert any(isinstance(e, Paired) and len(e.cards) == 4 for e in events) and engine.score(after) == 1
    showing = position(engine, stock="8C 8D 8H 8S", pile1="3S", pile2="9H", pile3="4H", pile4="5H")
    dealt, events = engine.apply(showing, DEAL)  # four eights showing on the four piles
    assert tops(engine, dealt) == [cards("3S"), cards("9H"), cards("4H"), cards("5H")]
    assert engine.score(dealt) == 1
    three = position(engine, stock="8C 8D 8H 2S", pile1="3S", pile2="9H", pile3="4H", pile4="5H")
    assert engine.score(engine.apply(three, DEAL)[0]) == 0


def test_the_empty_stock_gathers_the_piles_in_order_without_limit(engine):
    state = position(engine, pile1="3S 4S", pile2="9H", pile3="4H", pile4="5H", redeals=40)
    after, events = engine.apply(state, DEAL)
    assert isinstance(events[0], Redealt) and after.redeals == 41 and all(not p for p in tops(engine, after))
    dealt, _ = engine.apply(after, DEAL)  # the first card dealt is dealt first again
    assert tops(engine, dealt) == [cards("3S"), cards("4S"), cards("9H"), cards("4H")]


def test_won_when_every_card_is_removed(engine):
    rest = " ".join(c.code for c in new_deck() if c.rank != 7)
    state = position(engine, discard=rest, pile1="7C 7H 7S", pile2="7D")
    after, events = engine.apply(state, mv(engine, "pile2", "pile1"))
    assert engine.is_won(after) and isinstance(events[-1], Won) and engine.score(after) == 13


def test_no_moves_left_when_dealing_round_comes_back_without_a_move(engine):
    state = position(engine, pile1="3S 4S", pile2="9H 2D", pile3="6H 5D", pile4="JH QD", redeals=1)
    assert engine.is_stuck(state)  # eight ranks, none twice: no deal ever shows a pair
    assert not engine.is_stuck(position(engine, pile1="3S 4S", pile2="9H 2D", pile3="6H 5D", pile4="JH 5H", redeals=1))


def test_voice_commands_read_and_help():
    s = session_at(GAME, stock="2C 3C 4C 5C", pile1="3S", pile2="7H", pile3="7S", pile4="7D")
    assert s.handle("seven of spades on seven of hearts").sentences
    assert s.state.piles[s.engine.layout.index["pile2"]].cards == cards("7H 7S")
    assert s.handle("read pile two").sentences == ["Pile two: seven of hearts, seven of spades."]
    assert s.handle("help").sentences[0].startswith("First Law. All the cards")
    assert s.handle("score").sentences == ["0 of 13 sets removed."]


def test_scripted_win_through_the_cli():
    lines = play_script("first_law", "first_law_seed3_win.txt", "--seed", "3", then="score")
    assert "You won! The table is clear." in lines
    assert lines[-1] == "13 of 13 sets removed."
    assert not any(l.startswith(("Sorry", "Which", "Where", "The ", "Did")) for l in lines)
