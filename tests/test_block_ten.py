"""Block Ten: a block of nine, pairs adding up to ten, court cards in pairs of their rank, tens
stay, gaps refilled from the stock at once, won with only the tens left."""

from helpers import play_script, position, why_not_pair
from voicegame.engine.cards import new_deck
from voicegame.engine import Engine, Move, Paired, Won
from voicegame.games import find_game
from voicegame.play.session import Session

E = Engine(find_game("block_ten").make())
I = E.layout.index


def test_pairs_adding_up_to_ten():
    state = position(E, r1c1="6H", r1c2="4C", r3c3="AS", r2c2="9D", r2c1="7C", r1c3="5S", r3c1="5D")
    assert why_not_pair(E, state, ("r1c1", 0), ("r1c2", 0)) is None
    assert why_not_pair(E, state, ("r3c3", 0), ("r2c2", 0)) is None  # ace counts one, from any two spots
    assert why_not_pair(E, state, ("r1c1", 0), ("r2c1", 0)) == "not_a_sum"
    assert why_not_pair(E, state, ("r1c3", 0), ("r3c1", 0)) is None  # two fives
    assert why_not_pair(E, state, ("r1c1", 0)) == "not_alone"


def test_court_cards_go_in_pairs_of_their_own_rank_and_tens_never_go():
    state = position(E, r1c1="JH", r1c2="JC", r1c3="QS", r2c1="KD", r2c2="KS", r2c3="TC", r3c1="TH", r3c2="QD")
    assert why_not_pair(E, state, ("r1c1", 0), ("r1c2", 0)) is None
    assert why_not_pair(E, state, ("r2c1", 0), ("r2c2", 0)) is None
    assert why_not_pair(E, state, ("r1c3", 0), ("r3c2", 0)) is None
    assert why_not_pair(E, state, ("r1c1", 0), ("r1c3", 0)) == "not_a_sum"  # a jack is no queen
    assert why_not_pair(E, state, ("r2c3", 0), ("r3c1", 0)) == "not_a_sum"  # two tens
    assert why_not_pair(E, state, ("r2c3", 0)) == "not_alone"
    assert why_not_pair(E, position(E, r1c1="5C", r1c2="5H"), ("r1c1", 0), ("r1c2", 0)) is None


def test_every_gap_is_filled_from_the_stock_at_once_and_the_stock_stays_face_down():
    full = dict(r1c3="9D", r2c1="9C", r2c2="9H", r2c3="9S", r3c1="TD", r3c2="TC", r3c3="TH")
    state = position(E, r1c1="6H", r1c2="4C", stock="2S 3S 8C", **full)
    after, events = E.apply(state, Move.pair((I["r1c1"], 0), (I["r1c2"], 0)))
    assert isinstance(events[0], Paired)
    assert [after.piles[I[c]].cards[0].code for c in ("r1c1", "r1c2")] == ["8C", "3S"]
    assert after.piles[I["stock"]].down == 1
    assert E.score(after) == 2
    last = position(E, r1c1="6H", r1c2="4C", **full)
    after = E.apply(last, Move.pair((I["r1c1"], 0), (I["r1c2"], 0)))[0]
    assert not after.piles[I["r1c1"]].cards  # an empty stock leaves the gap


def test_won_when_only_the_four_tens_are_left():
    rest = " ".join(c.code for c in new_deck() if c.rank != 10 and c.code not in ("6H", "4C"))
    state = position(E, r1c1="6H", r1c2="4C", r2c1="TH", r2c2="TC", r3c1="TD", r3c2="TS", discard=rest)
    after, events = E.apply(state, Move.pair((I["r1c1"], 0), (I["r1c2"], 0)))
    assert E.is_won(after) and isinstance(events[-1], Won) and E.score(after) == 48 and not E.is_won(state)


def test_no_moves_left_when_no_two_cards_of_the_block_pair_even_with_a_stock():
    assert E.is_stuck(position(E, r1c1="6H", r1c2="5C", r1c3="JD", r2c1="QC", stock="4H 4S"))
    assert not E.is_stuck(position(E, r1c1="6H", r1c2="4C", stock="4H"))


def test_voice_commands_and_readings():
    s = Session("block_ten", seed=1)
    s.history.states[0] = position(s.engine, r1c1="6H", r1c2="4C", r1c3="9D", r2c1="9C", r2c2="QS", r2c3="9S", r3c1="TD",
                                   r3c2="TC", r3c3="QD", stock="2S 3S 8C")
    assert s.handle("remove six and four").sentences == ["Removed six of hearts and four of clubs.",
                                                         "Eight of clubs to row one column one.", "Three of spades to row one column two."]
    assert s.handle("remove queen and queen").sentences[0] == "Removed queen of spades and queen of diamonds."
    assert s.handle("read row two column two").sentences == ["Row two column two: two of spades."]
    assert s.handle("help").sentences[0].startswith("Block Ten.")


def test_the_name_is_understood():
    s = Session("klondike", seed=1)
    assert s.handle("play block ten").sentences == ["New game. Block Ten, deal 2."] and s.engine.game.key == "block_ten"


def test_scripted_seed_to_a_win_through_the_cli():
    lines = play_script("block_ten", "block_ten_seed6_win.txt", "--seed", "6", then="score")
    assert "You won! Only the four tens are left." in lines and lines[-1] == "48 of 48 cards removed."
    assert not any(l.startswith(("Sorry", "Which", "Did", "The ")) for l in lines)
