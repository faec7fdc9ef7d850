"""Clock: every card turned up goes to its hour and brings up the bottom card under it; kings to
the centre; over at the fourth king; won with every hour's four cards in place."""

from helpers import cards, play_script, why_not
from voicegame.engine import Engine, Move, Moved, Pile, State
from voicegame.games import find_game
from voicegame.play.session import Session

E = Engine(find_game("clock").make())
I = E.layout.index


def at(**piles):
    """A position: pile id -> codes (face up) or (codes, face-down count)."""
    found = [Pile() for _ in E.specs]
    for pile_id, value in piles.items():
        codes, down = (value, 0) if isinstance(value, str) else value
        found[I[pile_id]] = Pile(cards(codes), down)
    return State(tuple(found))


def test_the_centre_card_goes_only_to_its_own_hour_and_kings_to_the_kings():
    state = at(centre=("2C 7H", 1), under7=("9S 3D", 2), hour7="7C")
    assert why_not(E, state, "centre", "hour7") is None
    assert why_not(E, state, "centre", "hour8") is not None
    assert why_not(E, state, "centre", "kings") is not None
    assert why_not(E, at(centre="JD"), "centre", "hour11") is None
    assert why_not(E, at(centre="QD"), "centre", "hour12") is None
    assert why_not(E, at(centre="AD"), "centre", "hour1") is None
    assert why_not(E, at(centre="KD"), "centre", "kings") is None
    assert why_not(E, at(centre="KD"), "centre", "hour12") is not None
    assert why_not(E, at(centre="7H", under7=("9S", 1)), "under7", "hour9") is not None  # face-down cards are not played


def test_the_bottom_card_under_the_hour_comes_up_in_the_centre():
    state = at(centre=("2C 7H", 1), under7=("9S 3D", 2))
    after, events = E.apply(state, Move.cards(I["centre"], I["hour7"]))
    assert after.piles[I["hour7"]].cards == cards("7H")
    assert after.piles[I["centre"]].cards == cards("2C 9S") and after.piles[I["centre"]].down == 1
    assert after.piles[I["under7"]].cards == cards("3D") and any(isinstance(e, Moved) for e in events)


def test_a_king_brings_up_the_centre_s_own_bottom_card():
    state = at(centre=("2C 5D KH", 2))
    after = E.apply(state, Move.cards(I["centre"], I["kings"]))[0]
    assert after.piles[I["centre"]].cards == cards("5D 2C") and after.piles[I["centre"]].down == 1


def test_over_at_the_fourth_king_won_only_with_every_hour_in_place():
    kings = at(centre="KS", kings="KC KD KH", under3=("3C 3D 3H 5S", 4), under5=("5C 5D 5H 3S", 4))
    after = E.apply(kings, Move.cards(I["centre"], I["kings"]))[0]
    assert E.is_stuck(after) and not E.is_won(after) and E.score(after) == 6
    hours = {f"hour{n}": " ".join(f"{'A23456789TJQ'[n - 1]}{s}" for s in "CDHS") for n in range(1, 13)}
    hours["under4"] = ("4S", 1)
    hours["hour4"] = "4C 4D 4H"
    state = at(centre="KS", kings="KC KD KH", **hours)
    assert E.is_won(state) and E.score(state) == 48  # a right card still face down counts


def test_auto_plays_the_game_out():
    s = Session("clock", seed=5)
    reply = s.handle("auto")
    assert E.is_won(s.state) and reply.sentences[-1] == "You won! Every hour holds its four cards."
    assert "Five of hearts to the centre." in reply.sentences  # each card turned up is said


def test_voice_commands():
    s = Session("clock", seed=1)
    s.history.states[0] = at(centre=("2C 7H", 1), under7=("9S 3D", 2), kings="KC")
    assert s.handle("seven of hearts up").sentences == ["Nine of spades to the centre."]
    assert s.handle("help").sentences[0].startswith("Clock.")


def test_the_name_is_understood():
    s = Session("klondike", seed=1)
    assert s.handle("play clock").sentences == ["New game. Clock, deal 2."] and s.engine.game.key == "clock"


def test_scripted_seed_to_a_win_through_the_cli():
    lines = play_script("clock", "clock_seed5_win.txt", "--seed", "5", then="score")
    assert "You won! Every hour holds its four cards." in lines and lines[-1] == "48 of 48 cards in place."
    assert not any(l.startswith(("Sorry", "Which", "Did")) or "not" in l for l in lines)
