"""Diamond Mine: every rule of the manual (legal and illegal side), scoring, voice, and a solver's win
through the text CLI. Conservation, undo/redo and saves: test_conformance.py."""

from helpers import cards, move_of as mv, play_script, position, session_at, why_not as why
from voicegame.engine import TurnedOver, Won

GAME = "diamond_mine"
CLUBS = "KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C AC"


def test_any_diamond_starts_the_foundation_and_only_diamonds_go_there(engine):
    state = position(engine, pile1="9D", pile2="9S")
    assert why(engine, state, "pile1", "foundation") is None
    assert why(engine, state, "pile2", "foundation") == "wrong_suit"


def test_the_foundation_builds_up_by_one_and_wraps_from_king_to_ace(engine):
    state = position(engine, foundation="QD KD", pile1="AD", pile2="3D", pile3="2D")
    assert why(engine, state, "pile1", "foundation") is None  # ace after king
    assert why(engine, state, "pile2", "foundation") == "needs_rank"
    after, _ = engine.apply(state, mv(engine, "pile1", "foundation"))
    assert why(engine, after, "pile3", "foundation") is None


def test_other_suits_build_down_in_any_suit(engine):
    state = position(engine, pile1="8H", pile2="7C", pile3="6S", pile4="9C")
    assert why(engine, state, "pile2", "pile1") is None
    assert why(engine, state, "pile3", "pile1") == "needs_rank"
    assert why(engine, state, "pile4", "pile1") == "needs_rank"


def test_diamonds_never_go_on_a_pile_and_nothing_goes_on_them(engine):
    state = position(engine, pile1="8H", pile2="7D", pile3="9D", pile4="8S")
    assert why(engine, state, "pile2", "pile1") == "suit_kept_out"
    assert why(engine, state, "pile4", "pile3") == "nothing_on_suit"
    assert why(engine, state, "pile2", "pile5") == "suit_kept_out"  # not even to an empty pile


def test_a_build_moves_as_a_unit_and_an_empty_pile_takes_any_build(engine):
    state = position(engine, pile1=("2D 9C 8H 7S", 1), pile2="TH", pile3="5C 9S 7H")
    assert why(engine, state, "pile1", "pile2", 3) is None
    after, events = engine.apply(state, mv(engine, "pile1", "pile2", 3))
    assert after.piles[engine.layout.index["pile2"]].cards == cards("TH 9C 8H 7S")
    assert TurnedOver(engine.layout.index["pile1"], cards("2D")[0]) in events
    assert why(engine, state, "pile1", "pile4", 3) is None  # a whole build to an empty pile
    assert why(engine, state, "pile3", "pile4", 2) == "not_a_run"  # 9S 7H is no build


def test_score_counts_diamond_values_and_whole_suits(engine):
    state = position(engine, foundation="JD QD KD", pile1=CLUBS, pile2="KS QS")
    assert engine.score(state) == 11 + 12 + 13 + 3
    assert engine.score(position(engine, pile1=CLUBS.replace(" 4C", " 4H"))) == 0  # not one suit


def test_won_with_every_diamond_home_and_three_suits_in_order(engine):
    diamonds = " ".join(r + "D" for r in "56789TJQKA234")
    suits = {f"pile{n}": CLUBS.replace("C", s) for n, s in zip((1, 2), "HS")}
    state = position(engine, foundation=diamonds.rsplit(" ", 1)[0], **suits, pile3=CLUBS, pile4="4D")
    assert not engine.is_won(state)
    after, events = engine.apply(state, mv(engine, "pile4", "foundation"))
    assert engine.is_won(after) and isinstance(events[-1], Won) and engine.score(after) == 100
    assert not engine.is_won(position(engine, foundation=diamonds, **suits, pile3=CLUBS.replace("4C", "4H"), pile4="4C"))


def test_no_moves_left(engine):
    others = dict(zip((f"pile{n}" for n in range(4, 14)), "KC KH KS 6H 6C 6S JC JH JS 3H".split()))
    assert engine.is_stuck(position(engine, foundation="5D", pile1="9C", pile2=("2D 3S", 1), pile3="8D", **others))
    assert not engine.is_stuck(position(engine, foundation="7D", pile1="9C", pile2=("2D 3S", 1), pile3="8D", **others))
    del others["pile13"]  # an empty pile takes the three of spades, and the two of diamonds turns up
    assert not engine.is_stuck(position(engine, foundation="5D", pile1="9C", pile2=("2D 3S", 1), pile3="8D", **others))


def test_voice_commands_read_and_help():
    s = session_at(GAME, pile1=("2C 7H", 1), pile2="8S", pile3="5D")
    assert s.handle("seven of hearts on eight of spades").sentences == ["Pile one shows two of clubs."]
    assert s.handle("five of diamonds up").sentences
    assert s.state.piles[s.engine.layout.index["foundation"]].cards == cards("5D")
    assert s.handle("read diamonds").sentences == ["Diamonds: up to five."]
    assert s.handle("help").sentences[0].startswith("Diamond Mine. Thirteen piles")
    assert s.handle("score").sentences == ["Score 5 of 100."]


def test_scripted_win_through_the_cli():
    lines = play_script("diamond_mine", "diamond_mine_seed6_win.txt", "--seed", "6", then="score")
    assert "You won! Every diamond is home and every other suit is in order." in lines
    assert lines[-1] == "Score 100 of 100."
    assert not any(l.startswith(("Sorry", "Which", "Where", "The ", "Did")) for l in lines)
