"""Camelot: cards placed one at a time from the one-card waste, court cards only on their border
spots; tens and pairs adding up to ten removed once the grid is full, until the next card is
turned; the win; a seeded game through the CLI."""

from helpers import play_script, position, why_not
from voicegame.engine import Engine, Move, MoveKind, State, Won
from voicegame.games import find_game
from voicegame.play.session import Session

E = Engine(find_game("camelot").make())
I = E.layout.index
DRAW = Move(MoveKind.DEAL)
SPOTS = [f"r{r}c{c}" for r in range(1, 5) for c in range(1, 5)]


def full(**given):
    """Every spot filled (court cards on their spots), some given; cards that never make ten."""
    filler = iter(["KC", "QC", "QD", "KD", "JC", "9C", "9D", "JD", "JH", "9H", "9S", "JS", "KH", "QH", "QS", "KS"])
    return {spot: given.get(spot) or next(filler) for spot in SPOTS} | {k: v for k, v in given.items() if k not in SPOTS}


def pair(state, a, b=None):
    return E.why_not(state, Move.pair((I[a], -1), None if b is None else (I[b], -1)))


def test_every_card_starts_in_the_stock_and_the_waste_holds_one():
    state = E.deal(1)
    assert len(state.piles[I["stock"]].cards) == 52 and all(not state.piles[I[s]].cards for s in SPOTS)
    state = E.apply(state, DRAW)[0]
    assert len(state.piles[I["waste"]].cards) == 1 and E.why_not(state, DRAW).key == "play_waste_first"


def test_kings_only_in_corners_queens_top_and_bottom_middles_jacks_side_middles():
    assert why_not(E, position(E, waste="KH"), "waste", "r1c1") is None
    assert why_not(E, position(E, waste="KH"), "waste", "r1c2") == "rank_not_here"
    assert why_not(E, position(E, waste="QH"), "waste", "r4c3") is None
    assert why_not(E, position(E, waste="QH"), "waste", "r2c1") == "rank_not_here"
    assert why_not(E, position(E, waste="JH"), "waste", "r3c4") is None
    assert why_not(E, position(E, waste="JH"), "waste", "r1c1") == "rank_not_here"
    assert why_not(E, position(E, waste="7H"), "waste", "r2c2") is None
    assert why_not(E, position(E, waste="7H"), "waste", "r1c1") is None  # any other card anywhere
    assert why_not(E, position(E, waste="7H", r2c2="3C"), "waste", "r2c2") == "takes_no_cards"


def test_nothing_is_removed_before_the_grid_is_full():
    state = position(E, r2c2="TC", r2c3="4H", r3c2="6D", stock="2C")
    assert pair(state, "r2c2") is not None and pair(state, "r2c3", "r3c2") is not None


def test_once_full_tens_go_alone_and_pairs_of_ten_together_until_the_next_card():
    grid = {spot: card for spot, card in full(r2c2="TC", r2c3="4H").items() if spot != "r3c2"}
    state = E.apply(position(E, **grid, waste="6D", stock="2C 3C"), Move.cards(I["waste"], I["r3c2"]))[0]
    assert pair(state, "r2c2") is None
    assert pair(state, "r2c3", "r3c2") is None
    assert pair(state, "r2c3") is not None  # a four does not go alone
    assert pair(state, "r2c2", "r3c2") is not None  # ten and six
    state = E.apply(state, Move.pair((I["r2c2"], -1)))[0]
    assert pair(state, "r2c3", "r3c2") is None  # still clearing with a gap
    state = E.apply(state, DRAW)[0]
    assert pair(state, "r2c3", "r3c2") is not None  # back to placing


def test_clearing_any_time_once_stock_and_waste_are_empty():
    state = position(E, r2c3="4H", r3c2="6D")
    assert pair(state, "r2c3", "r3c2") is None


def test_won_with_only_the_court_cards_left():
    courts = {"r1c1": "KC", "r1c4": "KD", "r4c1": "KH", "r4c4": "KS", "r1c2": "QC", "r1c3": "QD", "r4c2": "QH", "r4c3": "QS",
              "r2c1": "JC", "r3c1": "JD", "r2c4": "JH", "r3c4": "JS"}
    removed = " ".join(f"{r}{s}" for r in "A23456789T" for s in "CDHS" if f"{r}{s}" != "TS")
    state = position(E, **courts, discard=removed, r2c2="TS")
    after, events = E.apply(state, Move.pair((I["r2c2"], -1)))
    assert E.is_won(after) and isinstance(events[-1], Won) and E.score(after) == 40 and not E.is_won(state)


def test_lost_when_a_court_card_has_no_spot():
    corners = {"r1c1": "2C", "r1c4": "3C", "r4c1": "4C", "r4c4": "5C"}
    assert E.is_stuck(position(E, **corners, waste="KH", stock="2D"))
    assert not E.is_stuck(position(E, **corners, waste="QH", stock="2D"))


def test_voice_and_name():
    s = Session("klondike", seed=1)
    assert s.handle("play camelot").sentences == ["New game. Camelot, deal 2."] and s.engine.game.key == "camelot"
    assert s.handle("help").sentences[0].startswith("Camelot.")
    s.history.states[0] = position(s.engine, stock="7H")
    assert s.handle("draw").sentences[0] == "Seven of hearts."
    assert s.handle("waste to row two column two").sentences[0] == "Seven of hearts moved."


def test_remove_by_voice_while_cards_are_also_placed():
    s = Session("camelot", seed=1)
    s.history.states[0] = State(position(s.engine, r2c3="4H", r3c2="6D", r2c2="TS").piles)
    s.handle("remove ten of spades")  # a move to the discard pile in the words, a removal in the rules
    assert not s.state.piles[I["r2c2"]].cards and len(s.state.piles[I["discard"]].cards) == 1
    s.handle("remove four and six")
    assert len(s.state.piles[I["discard"]].cards) == 3


def test_scripted_seed_to_no_moves_left_through_the_cli():
    """No seed of 1-40 was solved in 5 s each, so the script plays seed 5 greedily to its end."""
    lines = play_script("camelot", "camelot_seed5_stuck.txt", "--seed", "5", then="score")
    assert lines[-2] == "No moves left. Say undo, restart or new game." and lines[-1] == "22 of 40 cards removed."
    assert not any(l.startswith(("Sorry", "Which", "Did")) or "not" in l for l in lines)
