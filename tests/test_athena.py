"""Athena: every rule of the manual, legal and illegal side, and a scripted game through the CLI."""

from helpers import assert_full_deck, cards, play_script, position, why_not as why
from voicegame.engine import Move, Pile, State
from voicegame.play.session import Session

GAME = "athena"
DRAW = Move.deal()


def pile(engine, n: int) -> int:
    return engine.layout.index[f"pile{n}"]


def with_pile(engine, state: State, n: int, codes: str, down: int, hidden: tuple[int, ...]) -> State:
    return state.with_piles({pile(engine, n): Pile(cards(codes), down, hidden)})


def test_seven_piles_of_four_in_rows_face_down_face_up_face_down_face_up(engine):
    state = engine.deal(3)
    piles = [state.piles[pile(engine, n)] for n in range(1, 8)]
    assert [len(p.cards) for p in piles] == [4] * 7
    assert all([p.shows(j) for j in range(4)] == [False, True, False, True] for p in piles)
    assert sum(p.down_count for p in piles) == 14 and sum(len(p.face_up) for p in piles) == 7
    assert len(state.piles[engine.layout.stock].cards) == 24 and not state.piles[engine.layout.waste].cards
    assert_full_deck(engine, state)


def test_the_deal_goes_a_row_at_a_time(engine):
    order = list(cards("AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD"
                       " AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"))
    state = engine.deal_cards(order)
    assert state.piles[pile(engine, 1)].cards == cards("AC 8C 2D 9D")
    assert state.piles[pile(engine, 7)].face_up == cards("2H")  # the last card of the last row


def test_a_face_up_card_under_a_face_down_one_cannot_be_taken_until_it_is_uncovered(engine):
    state = with_pile(engine, position(engine, pile2="8S", pile3="TC", pile4="3D"), 1, "KS 7H 2C 9D", 1, (2,))
    assert why(engine, state, "pile1", "pile3") is None  # the nine of diamonds on top moves
    assert why(engine, state, "pile1", "pile2", 3) == "card_under_face_down"  # the seven of hearts waits
    state = engine.apply(state, Move.cards(pile(engine, 1), pile(engine, 3)))[0]
    assert state.piles[pile(engine, 1)].face_up == cards("7H 2C")  # the two of clubs turned up by itself
    assert why(engine, state, "pile1", "pile2", 2) == "not_a_run"  # the seven and the two are no build
    state = engine.apply(state, Move.cards(pile(engine, 1), pile(engine, 4)))[0]  # the two of clubs on the three
    assert why(engine, state, "pile1", "pile2") is None  # now the seven of hearts is free


def test_a_build_never_includes_a_face_down_card(engine):
    state = with_pile(engine, position(engine, pile2="5S"), 1, "KS 7H 4D 3C", 1, (2,))  # 4D 3C run, but 4D is face down
    assert why(engine, state, "pile1", "pile2", 2) == "card_face_down"
    state = with_pile(engine, position(engine, pile2="5S"), 1, "KS 7H 2C 4D 3C", 1, (2,))
    assert why(engine, state, "pile1", "pile2", 2) is None


def test_the_bottom_face_down_card_turns_up_when_left_on_top(engine):
    state = with_pile(engine, position(engine, pile2="8S"), 1, "KS 7H", 1, ())
    after = engine.apply(state, Move.cards(pile(engine, 1), pile(engine, 2)))[0]
    assert after.piles[pile(engine, 1)].face_up == cards("KS")


def test_piles_build_down_in_alternating_colours_and_builds_move(engine):
    state = position(engine, pile1="7C", pile2="6H", pile3="6S", pile4="9H 5C 4D 3C", pile5="5S")
    assert why(engine, state, "pile2", "pile1") is None
    assert why(engine, state, "pile3", "pile1") == "needs_alternate"
    assert why(engine, state, "pile4", "pile5", 2) is None
    assert why(engine, state, "pile4", "pile6", 4) == "not_a_run"


def test_an_empty_pile_takes_only_a_king_or_a_build_headed_by_one(engine):
    state = position(engine, pile1="KD QS", pile2="QH")
    assert why(engine, state, "pile1", "pile3", 2) is None
    assert why(engine, state, "pile2", "pile3") == "empty_needs_rank"


def test_foundations_build_up_in_suit_from_the_ace_and_give_cards_back(engine):
    state = position(engine, clubs="AC", pile1="2C", pile2="2D", pile3="3H")
    assert why(engine, state, "pile1", "clubs") is None
    assert why(engine, state, "pile2", "clubs") == "wrong_suit"
    assert why(engine, state, "pile3", "hearts") == "empty_needs_rank"
    assert why(engine, position(engine, hearts="AH 2H 3H 4H 5H 6H 7H", pile1="8S"), "hearts", "pile1") is None
    assert why(engine, position(engine, hearts="AH 2H 3H 4H 5H 6H 7H", pile1="8D"), "hearts", "pile1") == "needs_alternate"


def test_the_waste_top_card_is_in_play(engine):
    state = position(engine, waste="4C 9S", pile1="TH")
    assert why(engine, state, "waste", "pile1") is None
    assert why(engine, position(engine, waste="9S 4C", pile1="TH"), "waste", "pile1") == "needs_rank"


def test_draw_one_and_two_redeals(engine):
    state = position(engine, stock="9C 8C", pile1="KD")
    state = engine.apply(state, DRAW)[0]
    assert state.piles[engine.layout.waste].cards == cards("8C")  # one card at a time
    state = engine.apply(engine.apply(state, DRAW)[0], DRAW)[0]  # the last card, then a redeal
    assert state.redeals == 1 and state.piles[engine.layout.stock].cards == cards("9C 8C")  # in order
    state = engine.apply(engine.apply(engine.apply(state, DRAW)[0], DRAW)[0], DRAW)[0]
    assert state.redeals == 2
    state = engine.apply(engine.apply(state, DRAW)[0], DRAW)[0]
    assert engine.why_not(state, DRAW).key == "no_redeals_left"


def test_one_point_per_foundation_card(engine):
    assert engine.score(position(engine, clubs="AC 2C", hearts="AH")) == 3
    assert engine.score(position(engine, pile1="AC")) == 0


def test_the_player_hears_and_names_only_face_up_cards():
    s = Session("athena", seed=1)  # pile one: (7D) 6D (JH) KC
    assert s.handle("read pile one").sentences == ["Pile one: 1 face down, six of diamonds under 1 face down, king of clubs."]
    assert s.handle("where is the jack of hearts").sentences == ["The jack of hearts is not showing."]
    said = s.handle("six of diamonds to pile two").sentences
    assert said == ["The six of diamonds is under a face-down card on pile one; move the cards on top first."]
    assert s.handle("where is the six of diamonds").sentences == ["The six of diamonds is on pile one, third from the top."]


def test_scripted_win_through_the_cli():
    lines = play_script("athena", "athena_seed1_win.txt", "--seed", "1", then="score")
    assert lines[-2] == "You won! Every card is home." and lines[-1] == "52 of 52 cards home."
    assert not any(line.startswith(("Sorry", "Which", "Where", "Did")) for line in lines)
