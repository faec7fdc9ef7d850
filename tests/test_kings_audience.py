"""King's Audience: sixteen antechamber cards refilled from the waste or stock; a king and queen of
one suit to a throne, an ace and jack of one suit to a foundation built down in suit from the jack;
the win through the CLI."""

from helpers import play_script, position
from voicegame.engine import Engine, Move, MoveKind, Won
from voicegame.games import find_game
from voicegame.play.session import Session
from voicegame.solver import solve_thoughtful

E = Engine(find_game("kings_audience").make())
I = E.layout.index
DRAW = Move(MoveKind.DEAL)


def pair(state, a, b=None):
    return E.why_not(state, Move.pair((I[a], -1), None if b is None else (I[b], -1)))


def full(**given):
    """Every antechamber spot filled (with cards that pair with nothing here), some given."""
    filler = iter(f"{r}{s}" for r in "2345" for s in "CDHS")
    return {f"reserve{n}": given.get(f"reserve{n}") or next(filler) for n in range(1, 17)} | \
        {k: v for k, v in given.items() if not k.startswith("reserve")}


def test_a_king_and_queen_of_one_suit_go_to_a_throne_together():
    state = position(E, **full(reserve1="KH", reserve2="QH", reserve3="QS"), stock="9C 9D")
    assert pair(state, "reserve1", "reserve2") is None
    assert pair(state, "reserve1", "reserve3").key == "pair_not_one_suit"
    assert pair(state, "reserve1").key == "not_alone"
    after = E.apply(state, Move.pair((I["reserve1"], -1), (I["reserve2"], -1)))[0]
    assert [c.code for c in after.piles[I["throne1"]].cards] == ["QH", "KH"]


def test_an_ace_and_jack_of_one_suit_start_a_foundation_with_the_jack_on_top():
    state = position(E, **full(reserve4="JS"), waste="AS", stock="9C")
    assert pair(state, "reserve4", "waste") is None
    after = E.apply(state, Move.pair((I["reserve4"], -1), (I["waste"], -1)))[0]
    assert [c.code for c in after.piles[I["foundation1"]].cards] == ["AS", "JS"]
    assert pair(position(E, **full(reserve4="JS", reserve5="KS")), "reserve4", "reserve5").key == "not_a_home_pair"


def test_a_foundation_builds_down_in_suit_from_the_jack_and_takes_nothing_empty():
    state = position(E, foundation1="AS JS", waste="TS", reserve1="TH", reserve2="9S")
    assert E.why_not(state, Move.cards(I["waste"], I["foundation1"])) is None
    assert E.why_not(state, Move.cards(I["reserve1"], I["foundation1"])) is not None
    assert E.why_not(state, Move.cards(I["reserve2"], I["foundation1"])) is not None
    assert E.why_not(state, Move.cards(I["waste"], I["foundation2"])) is not None  # an empty foundation: only a pair
    assert E.why_not(state, Move.cards(I["waste"], I["throne1"])) is not None


def test_gaps_fill_from_the_waste_then_the_stock():
    state = position(E, **full(reserve1="KH", reserve2="QH"), waste="9S", stock="8C 7C")
    after = E.apply(state, Move.pair((I["reserve1"], -1), (I["reserve2"], -1)))[0]
    assert after.piles[I["reserve1"]].top.code == "9S" and after.piles[I["reserve2"]].top.code == "7C"


def test_no_redeal_and_the_win():
    state = E.apply(position(E, **full(), stock="9C"), DRAW)[0]
    assert E.why_not(state, DRAW) is not None
    thrones = {f"throne{n}": f"Q{s} K{s}" for n, s in enumerate("CDHS", 1)}
    homes = {f"foundation{n}": "A" + s + " " + " ".join(f"{r}{s}" for r in "JT98765432") for n, s in enumerate("CDH", 1)}
    state = position(E, **thrones, **homes, foundation4="AS JS TS 9S 8S 7S 6S 5S 4S 3S", reserve1="2S")
    after, events = E.apply(state, Move.cards(I["reserve1"], I["foundation4"]))
    assert E.is_won(after) and isinstance(events[-1], Won) and E.score(after) == 52 and not E.is_won(state)


def test_the_solver_proves_seed_one_lost():
    assert solve_thoughtful(E, E.deal(1), seconds=30).outcome.value == "proved unwinnable"


def test_voice_and_name():
    s = Session("klondike", seed=1)
    assert s.handle("play king's audience").sentences == ["New game. King's Audience, deal 2."]
    s.history.states[0] = position(s.engine, **full(reserve1="KH", reserve2="QH"), stock="9C 9D")
    assert s.handle("pair king and queen of hearts").sentences[0] == "King of hearts and queen of hearts to throne one."
    assert s.handle("help").sentences[0].startswith("King's Audience.")


def test_scripted_seed_to_a_win_through_the_cli():
    lines = play_script("kings_audience", "kings_audience_seed61_win.txt", "--seed", "61", then="score")
    assert any(l.startswith("You won") for l in lines) and lines[-1] == "52 of 52 cards home."
    assert not any(l.startswith(("Sorry", "Which", "Did")) or "not" in l for l in lines)
