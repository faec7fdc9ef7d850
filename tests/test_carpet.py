"""Carpet: aces home first, twenty open carpet cards and the waste feed suit foundations, gaps
refilled from the waste or else the stock, no building, the win."""

from helpers import play_script, position, session_at, why_not
from voicegame.engine import Engine, Move, MoveKind, Won
from voicegame.games import find_game
from voicegame.play.session import Session

E = Engine(find_game("carpet").make())
I = E.layout.index
DRAW = Move(MoveKind.DEAL)
CARPET = [f"r{r}c{c}" for r in range(1, 5) for c in range(1, 6)]


def full(**cards):
    """A carpet with every spot filled (tens and nines of no use), some spots given."""
    filler = iter(["TC", "TD", "TH", "TS", "9C", "9D", "9H", "9S", "8C", "8D", "8H", "8S", "7C", "7D", "7H", "7S", "6C", "6D", "6H", "6S"])
    return {spot: cards.get(spot) or next(filler) for spot in CARPET}


def test_any_carpet_card_or_the_waste_top_goes_home_in_suit_and_nothing_builds_on_the_carpet():
    state = position(E, clubs="AC", hearts="AH", waste="2H 2C", r2c3="3C", r4c5="2S")
    assert why_not(E, state, "waste", "clubs") is None
    assert why_not(E, state, "r4c5", "spades") is not None  # no ace of spades there yet
    assert why_not(E, state, "r2c3", "clubs") is not None  # three on an ace
    assert why_not(E, state, "r2c3", "r4c5") is not None  # no building on the carpet
    assert why_not(E, state, "waste", "r1c1") is not None


def test_a_gap_is_filled_from_the_waste_else_from_the_stock():
    state = position(E, clubs="AC", waste="5H 3D", stock="KS QS", **full(r1c1="2C"))
    after = E.apply(state, Move.cards(I["r1c1"], I["clubs"]))[0]
    assert after.piles[I["r1c1"]].cards[0].code == "3D" and after.piles[I["waste"]].cards[-1].code == "5H"
    state = position(E, clubs="AC", stock="KS QS", **full(r1c1="2C"))
    after = E.apply(state, Move.cards(I["r1c1"], I["clubs"]))[0]
    assert after.piles[I["r1c1"]].cards[0].code == "QS" and after.piles[I["stock"]].down == 1
    assert E.score(after) == 1


def test_the_stock_turns_one_card_once():
    state = position(E, stock="KS QS", **full())
    state = E.apply(E.apply(state, DRAW)[0], DRAW)[0]
    assert len(state.piles[I["waste"]].cards) == 2 and E.why_not(state, DRAW) is not None


def test_won_with_every_card_home_and_no_moves_left():
    suits = {s: " ".join(f"{r}{s[0].upper()}" for r in "A23456789TJQK") for s in ("clubs", "diamonds", "hearts", "spades")}
    suits["spades"] = suits["spades"][:-3]
    state = position(E, r1c1="KS", **suits)
    after, events = E.apply(state, Move.cards(I["r1c1"], I["spades"]))
    assert E.is_won(after) and isinstance(events[-1], Won) and E.score(after) == 48 and not E.is_won(state)
    assert E.is_stuck(position(E, clubs="AC", waste="3C", **full()))
    assert not E.is_stuck(position(E, clubs="AC", stock="3C", **full()))


def test_voice_commands():
    s = session_at("carpet", clubs="AC", waste="5H 3D", stock="KS", **full(r1c1="2C"))
    assert s.handle("two of clubs up").sentences == ["Three of diamonds to row one column one.", "Waste: five of hearts."]
    assert s.handle("help").sentences[0].startswith("Carpet.")


def test_the_name_is_understood():
    s = Session("klondike", seed=1)
    assert s.handle("play carpet").sentences == ["New game. Carpet, deal 2."] and s.engine.game.key == "carpet"


def test_scripted_seed_to_a_win_through_the_cli():
    lines = play_script("carpet", "carpet_seed1_win.txt", "--seed", "1", then="score")
    assert any(l.startswith("You won") for l in lines) and lines[-1] == "48 of 48 cards home."
    assert not any(l.startswith(("Sorry", "Which", "Did")) or "not" in l for l in lines)
