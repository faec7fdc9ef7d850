"""Cruel (its deal: test_deals.py): building down in suit, the gather-and-redeal in fours,
voice, and a scripted win through the text CLI."""

from helpers import cards, move_of as mv, play_script, position, session_at, why_not as why
from voicegame.engine import Move, MoveKind, PileKind, Redealt, Won

GAME = "cruel"
DEAL = Move(MoveKind.DEAL)


def piles(engine, state):
    return [state.piles[i] for i in engine.game.indices(PileKind.TABLEAU)]


def test_build_down_in_suit_top_card_only(engine):
    state = position(engine, pile1="8H", pile2="7H", pile3="7S", pile4="6H", pile5="2C 7H")
    assert why(engine, state, "pile2", "pile1") is None
    assert why(engine, state, "pile3", "pile1") == "needs_same"
    assert why(engine, state, "pile4", "pile1") == "needs_rank"
    assert why(engine, state, "pile5", "pile1", 2) is not None


def test_an_empty_pile_is_not_filled_by_a_move(engine):
    state = position(engine, pile1="KH")
    assert why(engine, state, "pile1", "pile2") == "empty_takes_nothing"


def test_foundations_build_up_in_suit_and_keep_their_cards(engine):
    state = position(engine, clubs="AC", pile1="2C", pile2="3C", pile3="2D")
    assert why(engine, state, "pile1", "clubs") is None
    assert why(engine, state, "pile2", "clubs") == "needs_rank"
    assert why(engine, state, "pile3", "clubs") == "wrong_suit"
    assert why(engine, state, "clubs", "pile4") == "cannot_take_from"


def test_a_redeal_gathers_the_piles_in_order_and_deals_fours_from_pile_one(engine):
    state = position(engine, pile1="9C 8C", pile2="KD", pile5="2H 3H 4H 5H 6H")
    after, events = engine.apply(state, DEAL)
    assert [p.cards for p in piles(engine, after)][:3] == [cards("9C 8C KD 2H"), cards("3H 4H 5H 6H"), ()]
    assert isinstance(events[0], Redealt) and events[0].count == 8
    assert engine.why_not(after, DEAL).key == "nothing_to_redeal"  # dealt in fours already: no change


def test_redeals_are_unlimited(engine):
    state = position(engine, pile1="9C", pile2="8C", redeals=500)
    after, events = engine.apply(state, DEAL)
    assert piles(engine, after)[0].cards == cards("9C 8C") and after.redeals == 501
    assert events[0].redeals_left is None


def test_won_and_scored_beyond_the_aces(engine):
    homes = {s: " ".join(r + s[0].upper() for r in "A23456789TJQK") for s in ("clubs", "diamonds", "hearts")}
    state = position(engine, **homes, spades="AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS", pile3="KS")
    assert engine.score(state) == 47 and not engine.is_won(state)
    after, events = engine.apply(state, mv(engine, "pile3", "spades"))
    assert engine.is_won(after) and isinstance(events[-1], Won) and engine.score(after) == 48


def test_no_moves_left_only_when_a_redeal_changes_nothing(engine):
    assert engine.is_stuck(position(engine, clubs="AC", pile1="9C 5D KH 3S", pile2="7H"))
    assert not engine.is_stuck(position(engine, clubs="AC", pile1="9C 5D", pile2="7H"))  # a redeal moves the heart


def test_voice_commands_and_help():
    s = session_at(GAME, seed=2, clubs="AC", pile1="KH 2C", pile2="9S", pile3="8S")
    assert s.handle("two of clubs up").sentences == ["Pile one: king of hearts."]
    assert s.handle("eight of spades on nine of spades").sentences == ["Pile three is empty."]
    assert s.handle("deal").sentences[0] == "Redealt 3 cards."
    assert s.handle("help").sentences[0].startswith("Cruel. The four aces start")


def test_scripted_win_through_the_cli():
    lines = play_script("cruel", "cruel_seed2_win.txt", "--seed", "2", then="score")
    assert "You won! Every card is home." in lines
    assert lines[-1] == "48 of 48 cards home on the aces."
    assert not any(l.startswith(("Sorry", "Which", "Where", "The ", "Did", "Only")) for l in lines)
