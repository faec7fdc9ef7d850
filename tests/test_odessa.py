"""Odessa: every rule of AisleRiot's manual (legal and illegal side), its run scoring, voice and a
solver's win through the text CLI (conservation, undo/redo and saves: test_conformance.py)."""

from helpers import cards, move_of as mv, pile, play_script, position, why_not as why
from voicegame.engine import State, TurnedOver, Won
from voicegame.games.odessa import MAX_SCORE, score_the_deal
from voicegame.play.session import Session

GAME = "odessa"
HEARTS = "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"


def scored(engine, points: int, **piles) -> State:
    state = position(engine, **piles)
    return State(state.piles, state.redeals, (points,))


def test_build_down_in_suit(engine):
    state = position(engine, pile1="8S", pile2="7S", pile3="7C", pile4="6S")
    assert why(engine, state, "pile2", "pile1") is None
    assert why(engine, state, "pile3", "pile1") == "needs_same"
    assert why(engine, state, "pile4", "pile1") == "needs_rank"


def test_groups_move_regardless_of_sequence(engine):
    state = position(engine, pile1=("2C 7H KD 3S", 1), pile2="8H")
    assert why(engine, state, "pile1", "pile2", 3) is None
    after, events = engine.apply(state, mv(engine, "pile1", "pile2", 3))
    assert pile(engine, after, "pile2").cards == cards("8H 7H KD 3S")
    assert TurnedOver(engine.layout.index["pile1"], cards("2C")[0]) in events
    assert why(engine, state, "pile1", "pile2", 4) == "card_face_down"
    assert why(engine, position(engine, pile1="7C KD 3S", pile2="8H"), "pile1", "pile2", 3) == "needs_same"


def test_only_a_king_or_a_king_headed_group_fills_an_empty_pile(engine):
    state = position(engine, pile1="5D KC 4H", pile2="QS 2D")
    assert why(engine, state, "pile1", "pile3", 2) is None
    assert why(engine, state, "pile1", "pile3", 1) == "empty_needs_rank"
    assert why(engine, state, "pile2", "pile3", 2) == "empty_needs_rank"


def test_foundations_build_up_in_suit_from_the_ace_and_are_out_of_play(engine):
    state = position(engine, pile1="3H 2H AH", pile2="2S")
    assert why(engine, state, "pile1", "hearts") is None
    assert why(engine, state, "pile2", "spades") == "empty_needs_rank"
    assert why(engine, state, "pile1", "spades") == "wrong_suit"
    on_ace = position(engine, pile1="3H 2H", hearts="AH", pile2="4S")
    assert why(engine, on_ace, "pile1", "hearts") is None
    assert why(engine, on_ace, "hearts", "pile2") == "cannot_take_from"


def test_a_run_goes_up_in_one_move(engine):
    """The manual: "Groups of cards in sequence can be moved into an appropriate and receptive Foundation pile"."""
    state = position(engine, pile1="4H 3H 2H", hearts="AH", pile2="2S AS", pile3="5C 3S 2S")
    assert why(engine, state, "pile2", "spades", 2) is None
    after = engine.apply(state, mv(engine, "pile2", "spades", 2))[0]
    assert pile(engine, after, "spades").cards == cards("AS 2S")
    assert engine.score(after) == engine.score(state) + 2  # a point per card
    assert why(engine, state, "pile1", "hearts", 3) is None
    state = engine.apply(state, mv(engine, "pile1", "hearts", 3))[0]
    assert pile(engine, state, "hearts").cards == cards("AH 2H 3H 4H")
    assert why(engine, state, "pile3", "spades", 3) == "empty_needs_rank"
    out_of_order = position(engine, pile1="3C 4H 3H 2H", hearts="AH")
    assert why(engine, out_of_order, "pile1", "hearts", 4) == "needs_rank"  # a group, but not in sequence


def test_the_deal_scores_face_up_cards_in_runs_down_in_suit(engine):
    dealt = position(engine, pile1=("9H 8H 7S 6S 5S", 1), pile2="KC QD JD", pile3="4C 3C")
    # 8H is the only face-up heart of its run (9H is face down); 7S 6S 5S, QD JD and 4C 3C are runs
    assert score_the_deal(engine.game, dealt, 0).counters == (3 + 2 + 2,)
    assert engine.score(score_the_deal(engine.game, position(engine, pile1="KC QD JS"), 0)) == 0


def test_a_tableau_move_scores_the_run_it_makes(engine):
    state = scored(engine, 5, pile1="9H 8H", pile2=("4C 7H 6H 2S", 1), pile3="KS", pile4="QS JS")
    after = engine.apply(state, mv(engine, "pile2", "pile1", 3))[0]  # 9H 8H 7H 6H: a run of four, 2S not in it
    assert engine.score(after) == 5 + 4
    after = engine.apply(after, mv(engine, "pile4", "pile3", 2))[0]  # KS QS JS: three more
    assert engine.score(after) == 5 + 4 + 3
    after = engine.apply(after, mv(engine, "pile3", "pile5", 3))[0]  # the king to an empty pile: nothing joined
    assert engine.score(after) == 12


def test_a_foundation_card_scores_one(engine):
    state = scored(engine, 7, pile1="2H AH")
    after = engine.apply(state, mv(engine, "pile1", "hearts"))[0]
    assert engine.score(after) == 8 and engine.score(engine.apply(after, mv(engine, "pile1", "hearts"))[0]) == 9


def test_won_with_every_card_on_the_foundations(engine):
    full = {s: HEARTS.replace("H", s[0].upper()) for s in ("hearts", "diamonds", "clubs")}
    state = position(engine, **full, spades=HEARTS.replace("H", "S").rsplit(" ", 1)[0], pile4="KS")
    assert not engine.is_won(state)
    after, events = engine.apply(state, mv(engine, "pile4", "spades"))
    assert engine.is_won(after) and isinstance(events[-1], Won)
    assert MAX_SCORE == 412


def test_no_moves_left(engine):
    assert engine.is_stuck(position(engine, pile1="5D 9C", pile2="4S"))
    assert not engine.is_stuck(position(engine, pile1="5D 9C", pile2="TC"))


# ----- voice -------------------------------------------------------------------------------------------
def test_voice_commands_read_and_help():
    s = Session("odessa", seed=1)
    s.history.states[0] = scored(s.engine, 0, pile1=("2C 7H KD 3S", 1), pile2="8H", pile3="AD")
    assert s.handle("seven of hearts on eight of hearts").sentences == ["Pile one shows two of clubs."]
    assert s.handle("read pile two").sentences == ["Pile two: eight of hearts, seven of hearts, king of diamonds, three of spades."]
    s.handle("ace of diamonds up")
    assert pile(s.engine, s.state, "diamonds").cards == cards("AD")
    assert s.handle("help").sentences[0].startswith("Odessa. Seven piles")
    assert s.handle("score").sentences == ["Score 3 of 412."]


def test_play_odessa_by_name():
    s = Session("klondike", seed=1)
    s.handle("play odessa")
    s.handle("yes")
    assert s.engine.game.key == "odessa"


def test_scripted_win_through_the_cli():
    lines = play_script("odessa", "odessa_seed13_win.txt", "--seed", "13", then="score")
    assert any("won" in line.lower() for line in lines)
    assert lines[-1] == "Score 181 of 412."
    assert not any(line.startswith(("Sorry", "Which", "Where", "The ", "Did")) for line in lines)
