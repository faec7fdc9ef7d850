"""Spiderette, Will o' the Wisp and Spider Three Decks (Spider's rules on other decks and deals):
the stock's last short deal (the deals: test_deals.py), dealing onto empty columns in Three Decks, every rule on
both sides, scores, voice, and scripted wins through the text CLI."""

import pytest

from helpers import cards, move_of as mv, play_script, position, why_not as why
from voicegame.engine import DealtRow, Engine, LiftedOff, Move, MoveKind, Pile, PileKind, Won
from voicegame.games import find_game
from voicegame.play.session import Session

DEAL = Move(MoveKind.DEAL)
K_TO_A = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS"
ONE_DECK = ["spiderette", "will_o_the_wisp"]


def engine_of(key):
    return Engine(find_game(key).make())


def columns(engine, state):
    return [state.piles[i] for i in engine.game.indices(PileKind.TABLEAU)]


def full_table(engine, **given):
    return {f"column{n}": given.get(f"column{n}", "9D") for n in range(1, len(engine.game.indices(PileKind.TABLEAU)) + 1)}


# ----- the deals -------------------------------------------------------------------------------------
@pytest.mark.parametrize("key, deals, last", [("spiderette", 3, 3), ("will_o_the_wisp", 4, 3), ("spider_three_decks", 8, 6)])
def test_the_stock_deals_a_card_to_every_column_and_the_last_deal_to_the_first_few(key, deals, last):
    engine = engine_of(key)
    state = engine.deal(1)
    width = len(engine.game.indices(PileKind.TABLEAU))
    for n in range(deals + 1):
        before = [len(p.cards) for p in columns(engine, state)]
        state = state.with_piles({i: Pile(state.piles[i].cards or cards("KD")) for i in engine.game.indices(PileKind.TABLEAU)})
        before = [max(b, 1) for b in before]
        state, events = engine.apply(state, DEAL)
        got = [len(p.cards) - b for p, b in zip(columns(engine, state), before)]
        assert isinstance(events[0], DealtRow)
        assert got == ([1] * width if n < deals else [1] * last + [0] * (width - last)), n
    assert engine.why_not(state, DEAL).key == "stock_empty"


# ----- the rules (Spider's, on every layout) ------------------------------------------------------------
@pytest.mark.parametrize("key", ONE_DECK + ["spider_three_decks"])
def test_build_down_in_any_suit_and_move_one_suit_runs(key):
    engine = engine_of(key)
    state = position(engine, column1="8H", column2="7S", column3="6C", column4="9H 8S 7S", column5="TD", column6="9D")
    assert why(engine, state, "column2", "column1") is None
    assert why(engine, state, "column3", "column1") == "needs_rank"
    assert why(engine, state, "column4", "column6", 2) is None
    assert why(engine, state, "column4", "column6", 3) == "not_one_suit"
    assert why(engine, state, "column4", "column7", 2) is None  # an empty column takes a run


@pytest.mark.parametrize("key", ONE_DECK)
def test_one_deck_games_deal_only_with_no_empty_column(key):
    engine = engine_of(key)
    assert engine.why_not(position(engine, stock="2C 3C", **full_table(engine)), DEAL) is None
    gap = position(engine, stock="2C 3C", **{k: v for k, v in full_table(engine).items() if k != "column4"})
    assert engine.why_not(gap, DEAL).key == "fill_empty_piles_first"


def test_spider_three_decks_deals_onto_empty_columns():
    engine = engine_of("spider_three_decks")
    gap = position(engine, stock=" ".join(["2C"] * 12), column1="KD")
    after, _ = engine.apply(gap, DEAL)
    assert all(len(p.cards) >= 1 for p in columns(engine, after))
    assert engine.why_not(position(engine, column1="KD"), DEAL).key == "stock_empty"


@pytest.mark.parametrize("key, runs", [("spiderette", 4), ("will_o_the_wisp", 4), ("spider_three_decks", 12)])
def test_a_finished_run_lifts_off_and_all_runs_win(key, runs):
    engine = engine_of(key)
    state = position(engine, **{f"foundation{n}": K_TO_A for n in range(1, runs)}, column1=("4D " + K_TO_A.rsplit(" ", 1)[0], 1), column2="AS")
    assert not engine.is_won(state) and engine.score(state) == (runs - 1) * 12 + 11
    after, events = engine.apply(state, mv(engine, "column2", "column1"))
    assert any(isinstance(e, LiftedOff) for e in events)
    assert after.piles[engine.layout.index["column1"]].cards == cards("4D")
    won = position(engine, **{f"foundation{n}": K_TO_A for n in range(1, runs)}, column1=K_TO_A.rsplit(" ", 1)[0], column2="AS")
    after, events = engine.apply(won, mv(engine, "column2", "column1"))
    assert engine.is_won(after) and isinstance(events[-1], Won) and engine.score(after) == engine.game.max_score == runs * 12


@pytest.mark.parametrize("key", ONE_DECK)
def test_a_mixed_suit_king_to_ace_stays(key):
    engine = engine_of(key)
    after, events = engine.apply(position(engine, column1="KS QS JS TS 9S 8H 7S 6S 5S 4S 3S 2S", column2="AS"), mv(engine, "column2", "column1"))
    assert not any(isinstance(e, LiftedOff) for e in events) and len(after.piles[engine.layout.index["column1"]].cards) == 13


@pytest.mark.parametrize("key", ONE_DECK)
def test_no_moves_left_only_with_an_empty_stock(key):
    engine = engine_of(key)
    assert engine.is_stuck(position(engine, **full_table(engine)))
    assert not engine.is_stuck(position(engine, stock="2C", **full_table(engine)))


# ----- voice --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("key, start", [("spiderette", "Spiderette, one deck"), ("will_o_the_wisp", "Will o' the Wisp, one deck"),
                                        ("spider_three_decks", "Spider Three Decks, three decks")])
def test_help_and_game_names(key, start):
    s = Session(key, seed=2)
    assert s.handle("help").sentences[0].startswith(start)
    other = Session("klondike", seed=1)
    title = find_game(key).title
    assert other.handle(f"play {title.lower()}").sentences[0].startswith(f"New game. {title}")


def test_scripted_win_of_spiderette_through_the_cli():
    lines = play_script("spiderette", "spiderette_seed2_win.txt", "--seed", "2", then="score")
    assert any("won" in l.lower() for l in lines)
    assert lines[-1] == "Score 48 of 48: a point for each card on the next higher card of its suit, twelve for each run lifted off."
    assert not any(l.startswith(("Sorry", "Which", "Where", "The ", "Did", "Only")) for l in lines)


def test_scripted_win_of_will_o_the_wisp_through_the_cli():
    lines = play_script("will_o_the_wisp", "will_o_the_wisp_seed16_win.txt", "--seed", "16", then="score")
    assert any("won" in l.lower() for l in lines)
    assert lines[-1] == "Score 48 of 48: a point for each card on the next higher card of its suit, twelve for each run lifted off."
    assert not any(l.startswith(("Sorry", "Which", "Where", "The ", "Did", "Only")) for l in lines)


def test_spider_three_decks_played_to_no_moves_left_through_the_cli():
    """The solver found no win for Spider Three Decks in seeds 1 to 50 (8 seconds each), so a deal is
    played greedily to its end instead."""
    lines = play_script("spider_three_decks", "spider_three_decks_seed20_stuck.txt", "--seed", "20", then="score")
    assert lines.count("No moves left. Say undo, restart or new game.") == 1
    assert not any("won" in l.lower() for l in lines)
    assert lines[-1].startswith("Score ") and " of 144: " in lines[-1]
    assert not any(l.startswith(("Sorry", "Which", "Where", "The ", "Did", "Only")) for l in lines)
