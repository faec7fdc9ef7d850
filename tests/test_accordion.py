"""Accordion: every rule of the manual (legal and illegal side), the line closing up, scoring, voice,
and a solver's win through the text CLI. Conservation, undo/redo and saves: test_conformance.py."""

from collections import Counter

from helpers import cards, move_of as mv, play_script, why_not as why
from voicegame.engine.cards import new_deck
from voicegame.engine import Compacted, Engine, Paired, Pile, State, Won
from voicegame.games.accordion import LINE
from voicegame.play.session import Session

GAME = "accordion"


def line(engine: Engine, codes: str, discard: str = "") -> State:
    """The line holding ``codes`` from its first place on; the rest of the deck on the discard pile."""
    piles = [Pile() for _ in engine.specs]
    for place, card in zip(LINE, cards(codes)):
        piles[engine.layout.index[place]] = Pile((card,))
    piles[engine.layout.index["discard"]] = Pile(cards(discard))
    return State(tuple(piles))


def shown(engine: Engine, state: State) -> str:
    return " ".join(state.piles[engine.layout.index[p]].cards[0].code for p in LINE if state.piles[engine.layout.index[p]].cards)


def test_deal_one_card_per_place_in_five_rows_of_nine_and_one_of_seven(engine):
    state = engine.deal(4)
    assert len(LINE) == 52 and LINE[8] == "r1c9" and LINE[9] == "r2c1" and LINE[-1] == "r6c7"
    assert all(len(state.piles[engine.layout.index[p]].cards) == 1 for p in LINE)
    assert Counter(engine.cards_in_play(state)) == Counter(new_deck())


def test_a_card_goes_on_the_card_one_or_three_places_left_of_the_same_suit_or_rank(engine):
    state = line(engine, "9H 2C 5S 9S 7D 4S")
    assert why(engine, state, "r1c4", "r1c3") is None  # one left, same suit
    assert why(engine, state, "r1c4", "r1c1") is None  # three left, same rank
    assert why(engine, state, "r1c4", "r1c2") == "not_in_reach"  # two left
    assert why(engine, state, "r1c3", "r1c4") == "not_in_reach"  # never rightwards
    assert why(engine, state, "r1c5", "r1c4") == "no_match"
    assert why(engine, state, "r1c6", "r1c3") is None  # 4S on 5S, three left


def test_the_line_runs_on_from_the_end_of_a_row_to_the_start_of_the_next(engine):
    state = line(engine, "AC 2C 3C 4C 5C 6C 7C 8C 9H 9S QS 9D")
    assert why(engine, state, "r2c1", "r1c9") is None  # 9S on 9H, the last card of row one
    assert why(engine, state, "r2c3", "r1c9") is None  # 9D three left of it is 9H
    assert why(engine, state, "r2c2", "r1c9") == "not_in_reach"


def test_the_covered_card_leaves_play_and_the_line_closes_up(engine):
    state = line(engine, "9H 2C 5S 9S 7D 4S")
    after, events = engine.apply(state, mv(engine, "r1c4", "r1c1"))
    assert shown(engine, after) == "9S 2C 5S 7D 4S"
    assert after.piles[engine.layout.index["discard"]].cards == cards("9H")
    assert any(isinstance(e, Paired) for e in events) and any(isinstance(e, Compacted) for e in events)
    assert engine.score(after) == 1


def test_a_single_card_only_and_nothing_on_an_empty_place(engine):
    state = line(engine, "9H 2C 5S")
    assert why(engine, state, "r1c3", "r1c4") == "empty_takes_nothing"


def test_won_with_one_card_left(engine):
    rest = " ".join(c.code for c in new_deck() if c.code not in ("9H", "9S"))
    state = line(engine, "9H 9S", discard=rest)
    assert not engine.is_won(state) and engine.score(state) == 50
    after, events = engine.apply(state, mv(engine, "r1c2", "r1c1"))
    assert engine.is_won(after) and isinstance(events[-1], Won) and engine.score(after) == 51


def test_no_moves_left(engine):
    assert engine.is_stuck(line(engine, "9H 2C 5S 3D"))
    assert not engine.is_stuck(line(engine, "9H 2C 5S 9D"))


def test_voice_commands_read_and_help():
    s = Session("accordion", seed=1)
    s.history.states[0] = line(s.engine, "9H 2C 5S 9S 7D", discard=" ".join(c.code for c in new_deck() if c.code not in "9H 2C 5S 9S 7D".split()))
    assert s.handle("read row one").sentences[0].startswith("Row one: column one: nine of hearts; column two: two of clubs;")
    assert s.handle("nine of spades on nine of hearts").sentences
    assert shown(s.engine, s.state) == "9S 2C 5S 7D"
    assert s.handle("help").sentences[0].startswith("Accordion. All the cards")
    assert s.handle("score").sentences == ["48 of 51 cards removed."]


def test_scripted_win_through_the_cli():
    lines = play_script("accordion", "accordion_seed2_win.txt", "--seed", "2", then="score")
    assert "You won! One card is left." in lines
    assert lines[-1] == "51 of 51 cards removed."
    assert not any(l.startswith(("Sorry", "Which", "Where", "The ", "Did")) for l in lines)
