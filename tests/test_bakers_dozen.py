"""Bakers Dozen: the deal with its kings sunk, every rule of the manual on both sides, voice, and a
scripted win through the text CLI."""

from collections import Counter

from helpers import move_of as mv, play_script, position, session_at, why_not as why
from voicegame.engine.cards import Rank, new_deck
from voicegame.engine import PileKind, Won
from voicegame.solver.hooks import hooks_for

GAME = "bakers_dozen"


def test_thirteen_piles_of_four_with_every_king_at_the_bottom(engine):
    for seed in range(1, 30):
        state = engine.deal(seed)
        piles = [state.piles[i] for i in engine.game.indices(PileKind.TABLEAU)]
        assert [len(p.cards) for p in piles] == [4] * 13 and all(p.down == 0 for p in piles)
        for pile in piles:
            ranks = [c.rank for c in pile.cards]
            kings = ranks.count(Rank.KING)
            assert ranks[:kings] == [Rank.KING] * kings  # no king above another card
        assert Counter(engine.cards_in_play(state)) == Counter(new_deck())
    assert engine.deal(3) == engine.deal(3) != engine.deal(4)


def test_a_top_card_goes_on_one_rank_higher_in_any_suit(engine):
    state = position(engine, pile1="9S", pile2="8S", pile3="8H", pile4="7C", pile5="TD")
    assert why(engine, state, "pile2", "pile1") is None
    assert why(engine, state, "pile3", "pile1") is None
    assert why(engine, state, "pile4", "pile1") == "needs_rank"
    assert why(engine, state, "pile5", "pile1") == "needs_rank"


def test_only_the_top_card_moves(engine):
    state = position(engine, pile1="9S 8H", pile2="TD", pile3="9C")
    assert why(engine, state, "pile1", "pile2", 2) is not None
    assert why(engine, state, "pile1", "pile3") is None


def test_an_empty_pile_is_never_filled(engine):
    state = position(engine, pile1="KS", pile2="5D")
    assert why(engine, state, "pile1", "pile3") == "empty_takes_nothing"
    assert why(engine, state, "pile2", "pile3") == "empty_takes_nothing"
    assert why(engine, state, "pile2", "pile1") == "needs_rank"


def test_foundations_build_up_in_suit_and_give_their_top_card_back(engine):
    state = position(engine, clubs="AC 2C", pile1="3C", pile2="3H", pile3="AH", pile4="4D")
    assert why(engine, state, "pile1", "clubs") is None
    assert why(engine, state, "pile2", "hearts") == "empty_needs_rank"
    assert why(engine, state, "pile3", "hearts") is None
    assert why(engine, state, "pile3", "clubs") == "wrong_suit"
    assert why(engine, state, "clubs", "pile2") is None
    assert why(engine, state, "clubs", "pile4") == "needs_rank"


def test_won_and_scored_by_cards_home(engine):
    suits = {s: " ".join(r + s[0].upper() for r in "A23456789TJQK") for s in ("clubs", "diamonds", "hearts")}
    state = position(engine, **suits, spades="AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS", pile7="KS")
    assert engine.score(state) == 51 and not engine.is_won(state)
    after, events = engine.apply(state, mv(engine, "pile7", "spades"))
    assert engine.is_won(after) and isinstance(events[-1], Won) and engine.score(after) == 52


def test_no_moves_left(engine):
    assert engine.is_stuck(position(engine, pile1="KC", pile2="JC", pile3="9D"))
    assert not engine.is_stuck(position(engine, pile1="KC", pile2="JC", pile3="QD"))


def test_the_solvers_forced_move_plays_a_card_up_only_once_every_lower_card_is_home(engine):
    from voicegame.solver.core import Positions
    forced = hooks_for(engine).forced
    positions = Positions(engine)
    home = {s: " ".join(r + s[0].upper() for r in "A23") for s in ("clubs", "diamonds", "hearts")}
    ready = position(engine, **home, spades="AS 2S 3S", pile1="4H", pile2="5D")
    assert forced(positions, ready) == mv(engine, "pile1", "hearts")
    short = position(engine, **home, spades="AS 2S", pile1="4H", pile2="3S")
    assert forced(positions, short) == mv(engine, "pile2", "spades")  # the three, not the four
    assert forced(positions, position(engine, **home, spades="AS 2S", pile1="4H")) is None


def test_voice_commands_and_help():
    s = session_at(GAME, seed=5, pile1="KC 8S", pile2="9D", pile3="AH")
    assert s.handle("pile one to pile two").sentences == ["King of clubs shows."]
    assert s.handle("ace of hearts up").sentences == ["Pile three is empty.", "No moves left. Say undo, restart or new game."]
    assert s.handle("help").sentences[0].startswith("Bakers Dozen. Thirteen piles of four")


def test_scripted_win_through_the_cli():
    lines = play_script("bakers_dozen", "bakers_dozen_seed5_win.txt", "--seed", "5", then="score")
    assert "You won! Every card is home." in lines
    assert lines[-1] == "52 of 52 cards home."
    assert not any(l.startswith(("Sorry", "Which", "Where", "The ", "Did", "Only")) for l in lines)
