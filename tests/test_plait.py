"""Plait: two decks; the plait's top, its edges refilled from it, one-card fields and the waste feed
eight foundations that start with the dealt base rank and build in suit, up or down as chosen;
a seeded game through the CLI."""

from helpers import play_script, position, why_not
from voicegame.engine import Engine, Move, MoveKind, Won
from voicegame.games import find_game
from voicegame.play.session import Session

E = Engine(find_game("plait").make())
DOWN = Engine(find_game("plait").make(direction="down"))
I = E.layout.index
DRAW = Move(MoveKind.DEAL)


def test_every_foundation_starts_with_the_base_rank_and_builds_up_in_suit_round_the_corner():
    state = position(E, foundation1="QH", waste="QS", plait="KH", edge1="AH", field1="5S", field2="KD")
    assert why_not(E, state, "waste", "foundation2") is None
    assert why_not(E, state, "field1", "foundation2") == "empty_needs_rank"
    assert why_not(E, state, "plait", "foundation1") is None
    assert why_not(E, state, "field2", "foundation1") == "needs_same"
    wrapped = position(E, foundation1="QH KH", edge1="AH")
    assert why_not(E, wrapped, "edge1", "foundation1") is None  # ace after king


def test_or_down_when_chosen():
    state = position(DOWN, foundation1="QH", waste="JH", field1="KH")
    assert why_not(DOWN, state, "waste", "foundation1") is None
    assert why_not(DOWN, state, "field1", "foundation1") == "needs_rank"


def test_fields_take_one_card_from_anywhere_in_play_and_nothing_goes_on_the_plait_or_edges():
    state = position(E, foundation1="QH", waste="9C", plait="8D", edge2="7S", field1="5S")
    assert why_not(E, state, "waste", "field2") is None
    assert why_not(E, state, "plait", "field2") is None
    assert why_not(E, state, "edge2", "field2") is None
    assert why_not(E, state, "waste", "field1") == "takes_no_cards"
    assert why_not(E, state, "waste", "plait") == "takes_no_cards"
    assert why_not(E, state, "waste", "edge1") == "takes_no_cards"
    assert why_not(E, state, "foundation1", "field2") is not None


def test_an_edge_refills_from_the_plait():
    state = position(E, foundation1="QH", plait="2C 3C", edge1="KH", edge2="9D", edge3="9D", edge4="9S")
    after = E.apply(state, Move.cards(I["edge1"], I["foundation1"]))[0]
    assert after.piles[I["edge1"]].top.code == "3C" and [c.code for c in after.piles[I["plait"]].cards] == ["2C"]


def test_three_passes_through_the_stock():
    state = position(E, foundation1="QH", stock="2C")
    for _ in range(5):  # turn, restack, turn, restack, turn
        state = E.apply(state, DRAW)[0]
    assert state.redeals == 2 and E.why_not(state, DRAW) is not None


def test_won_with_all_104_home():
    def run(suit):
        order = "QKA23456789TJ"
        return " ".join(f"{r}{suit}" for r in order)
    homes = {f"foundation{n}": run(s) for n, s in enumerate("CDHSCDH", 1)}
    state = position(E, **homes, foundation8="QS KS AS 2S 3S 4S 5S 6S 7S 8S 9S TS", waste="JS")
    after, events = E.apply(state, Move.cards(I["waste"], I["foundation8"]))
    assert E.is_won(after) and isinstance(events[-1], Won) and E.score(after) == 104 and not E.is_won(state)


def test_voice_and_name():
    s = Session("klondike", seed=1)
    assert s.handle("play plait").sentences == ["New game. Plait, deal 2."] and s.engine.game.key == "plait"
    assert s.handle("read the plait").sentences[0].startswith("The plait")
    assert s.handle("help").sentences[0].startswith("Plait, two decks.")


def test_scripted_seed_to_no_moves_left_through_the_cli():
    """No seed of 1-20 was solved in 10 s each, so the script plays seed 1 greedily to its end."""
    lines = play_script("plait", "plait_seed1_stuck.txt", "--seed", "1", then="score")
    assert lines[-2] == "No moves left. Say undo, restart or new game." and lines[-1] == "71 of 104 cards home."
    assert not any(l.startswith(("Sorry", "Which", "Did")) or "not" in l for l in lines)
