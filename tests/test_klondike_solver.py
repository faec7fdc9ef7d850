"""The fast thoughtful Klondike solver (voicegame.solver.klondike): its lines replay through the
engine to a win from deals and from mid-game positions, limited passes are respected, small
dead positions are proved dead, cards are played back from the foundations when that is the only
way, and it agrees with the generic search. Its search portfolio: every heuristic search wins on its
own, only the sound search proves, the A* estimate is a lower bound along a real win.

The play-back position: clubs are home to the nine, every other suit is home, the king of clubs
lies alone on the table, and a draw-one stock (one pass, no redeal) turns the jack, the queen and
the ten of clubs in that order. After the ten goes up, the queen covers the jack in the waste; the
queen cannot go on the black king, and there is no redeal. Only a red king played back from its
foundation to an empty pile seats the queen, freeing the jack; so the only wins play a card back.
"""

from __future__ import annotations

import dataclasses

import pytest

from helpers import cards, klondike_engine, position
from voicegame.engine import Engine, MoveKind, State
from voicegame.solver import Budget, Outcome
from voicegame.solver import klondike as fast
from voicegame.solver import klondike_model as model
from voicegame.solver.hooks import KLONDIKE
from voicegame.solver.thoughtful import solve as thoughtful

HOME = {
    "diamonds": "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
    "hearts": "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
    "spades": "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
}
GENERIC = dataclasses.replace(KLONDIKE, solve=None)


NODES = 500_000
"""Test budgets count positions, not seconds, so a loaded machine cannot fail a test (the slowest
test here, three passes on deal 5, needs about 139,000)."""


def solve_fast(engine: Engine, state: State, nodes: int = NODES):
    result = fast.solve(engine, state, Budget(None, nodes))
    assert result is not None, "the fast solver models every one-deck Klondike position"
    return result


def replay(engine: Engine, state: State, moves) -> State:
    for move in moves:
        state = engine.apply(state, move)[0]  # raises on an illegal move
    return state


def assert_wins(engine: Engine, state: State, nodes: int = NODES) -> tuple:
    result = solve_fast(engine, state, nodes)
    assert result.outcome is Outcome.SOLVED
    assert engine.is_won(replay(engine, state, result.moves))
    return result.moves


@pytest.mark.parametrize("draw", [1, 3])
@pytest.mark.parametrize("seed", [3, 8, 10, 13])
def test_deals_are_won_by_lines_that_replay(seed, draw):
    moves = assert_wins(klondike_engine(draw=draw), klondike_engine(draw=draw).deal(seed))
    assert any(m.kind is MoveKind.DEAL for m in moves)


@pytest.mark.parametrize("draw", [1, 3])
def test_a_mid_game_position_is_won(draw):
    """Part of a winning line played (cards home, cards in the waste, runs built), then solved again."""
    engine = klondike_engine(draw=draw)
    deal = engine.deal(5)
    moves = assert_wins(engine, deal)
    middle = replay(engine, deal, moves[: len(moves) // 3])
    assert middle.piles[engine.layout.waste].cards and any(middle.piles[i].cards for i in range(2, 6))
    assert_wins(engine, middle)


def test_thoughtful_solve_uses_the_fast_solver():
    engine = klondike_engine(draw=3)
    result = thoughtful(engine, engine.deal(5), seconds=None, nodes=NODES)
    assert result.solved and engine.is_won(replay(engine, engine.deal(5), result.moves))


# ----- limited passes ----------------------------------------------------------------------------------
def second_pass_position(engine: Engine, redeals: int = 0) -> State:
    """Clubs home to the three, the four to king on the table (all seven piles taken, so no king can
    come down from a foundation), and a draw-one stock turning 5C, 6C, 4C: one pass brings the four
    home and buries the five under the six; a second pass wins."""
    return position(engine, redeals=redeals, clubs="AC 2C 3C", stock="4C 6C 5C", pile1="7C", pile2="8C",
                    pile3="9C", pile4="TC", pile5="JC", pile6="QC", pile7="KC", **HOME)


def test_limited_passes_are_respected():
    one_pass = klondike_engine(draw=1, passes=1)
    assert solve_fast(one_pass, second_pass_position(one_pass)).outcome is Outcome.UNWINNABLE
    two_passes = klondike_engine(draw=1, passes=2)
    moves = assert_wins(two_passes, second_pass_position(two_passes))
    assert sum(m.kind is MoveKind.DEAL for m in moves) == 6  # three draws, the redeal, two draws
    assert solve_fast(two_passes, second_pass_position(two_passes, redeals=1)).outcome is Outcome.UNWINNABLE
    unlimited = klondike_engine(draw=1)
    assert_wins(unlimited, second_pass_position(unlimited, redeals=7))


def test_a_deal_with_three_passes_is_won():
    engine = klondike_engine(draw=3, passes=3)
    assert_wins(engine, engine.deal(5))


# ----- proofs and play-backs ----------------------------------------------------------------------------
def test_a_small_dead_position_is_proved_unwinnable():
    """The ace of clubs face down under the two, every pile taken, foundations topped by kings."""
    engine = klondike_engine(draw=1)
    dead = position(engine, pile1=("AC 2C", 1), pile2="3C 4C", pile3="5C 6C", pile4="7C 8C", pile5="9C TC",
                    pile6="JC", pile7="QC", stock="KC", **HOME)
    assert solve_fast(engine, dead).outcome is Outcome.UNWINNABLE
    assert thoughtful(engine, dead, seconds=None, nodes=200_000).outcome is Outcome.UNWINNABLE


def test_a_win_that_needs_a_card_played_back():
    engine = klondike_engine(draw=1, passes=1)
    state = position(engine, clubs="AC 2C 3C 4C 5C 6C 7C 8C 9C", stock="TC QC JC", pile1="KC", **HOME)
    moves = assert_wins(engine, state)
    foundations = set(range(2, 6))
    assert any(m.kind is MoveKind.MOVE and m.src in foundations for m in moves)
    assert GENERIC.solve is None and thoughtful(engine, state, seconds=None, nodes=200_000, hooks=GENERIC).solved


# ----- agreement with the generic search ---------------------------------------------------------------
@pytest.mark.parametrize("seed, draw", [(2, 3), (3, 3), (4, 3), (5, 1), (8, 1), (9, 3)])
def test_agrees_with_the_generic_search(seed, draw):
    """Within these position budgets both searches decide each of these deals (one proved dead, five
    won), and decide the same."""
    engine = klondike_engine(draw=draw)
    deal = engine.deal(seed)
    generic = thoughtful(engine, deal, seconds=None, nodes=15_000, hooks=GENERIC)
    quick = solve_fast(engine, deal)
    assert generic.outcome is not Outcome.UNSOLVED, (seed, draw)
    assert quick.outcome is generic.outcome, (seed, draw, quick.outcome, generic.outcome)


def test_budgets_are_respected():
    engine = klondike_engine(draw=3)
    assert fast.solve(engine, engine.deal(1), Budget(nodes=50)).outcome is Outcome.UNSOLVED
    ticks = iter(range(1_000_000))
    budget = Budget(seconds=30.0, clock=lambda: float(next(ticks)))  # one "second" per clock read
    result = fast.solve(engine, engine.deal(1), budget)
    assert result.outcome is Outcome.UNSOLVED and 30.0 < budget.elapsed() <= 32.0
    assert budget.used <= 16 * 32  # the clock is read every 16 positions


def test_positions_it_does_not_model_are_left_to_the_generic_search():
    engine = klondike_engine(draw=1)
    short = position(engine, pile1="KC")  # one card: the game cannot be won, the generic search says so
    assert fast.solve(engine, short, Budget(1)) is None
    assert thoughtful(engine, short, seconds=None, nodes=200_000).outcome is Outcome.UNWINNABLE


# ----- the search portfolio --------------------------------------------------------------------------------
def compact(engine: Engine, state: State):
    start = fast.Bridge(engine).position(state)
    assert start is not None
    return start, model.Moves(model.Talon(engine.game.stock_rule.draw, engine.game.stock_rule.redeals))


def run_to_end(run, nodes: int = NODES):
    """Drive one search (a generator yielding once per new position) to its result, within ``nodes``."""
    for _ in range(nodes):
        try:
            next(run)
        except StopIteration as stop:
            return stop.value
    raise AssertionError("the search did not end within the node budget")


@pytest.mark.parametrize("draw, entry", [(draw, entry) for draw in (1, 3) for entry in range(len(fast.PORTFOLIOS[draw]))])
def test_every_heuristic_search_wins_alone(entry, draw, monkeypatch):
    """Each search of a draw's portfolio on its own (no sound search beside it) wins deal 5 with a line
    that replays."""
    monkeypatch.setattr(fast, "PORTFOLIOS", {d: fast.PORTFOLIOS[draw][entry : entry + 1] for d in (1, 3)})
    engine = klondike_engine(draw=draw)
    deal = engine.deal(5)
    result = fast.solve(engine, deal, Budget(None, NODES), pruned_share=1.0)
    assert result is not None and result.outcome is Outcome.SOLVED
    assert engine.is_won(replay(engine, deal, result.moves))


def dead_position(engine: Engine) -> State:
    """The ace of clubs face down under the two, every pile taken, foundations topped by kings."""
    return position(engine, pile1=("AC 2C", 1), pile2="3C 4C", pile3="5C 6C", pile4="7C 8C", pile5="9C TC",
                    pile6="JC", pile7="QC", stock="KC", **HOME)


def test_weighted_astar_exhausts_a_dead_graph():
    """Best-first search ends when its graph is exhausted, at every pruning level."""
    engine = klondike_engine(draw=1)
    start, moves = compact(engine, dead_position(engine))
    for level in (model.SOUND, model.LOOSE, model.STRICT):
        assert run_to_end(fast.best_first(fast.weighted(1.5))(start, moves, False, level)) == (Outcome.UNWINNABLE, [])


def test_beam_search_ends_on_a_dead_graph():
    """Every width's pass runs out of positions; the beam then drops out (it proves nothing)."""
    engine = klondike_engine(draw=1)
    start, moves = compact(engine, dead_position(engine))
    for level in (model.SOUND, model.LOOSE):
        assert run_to_end(fast.beam((4, 16))(start, moves, False, level)) == (Outcome.UNWINNABLE, [])


def test_beam_search_wins_a_deal_best_first_search_misses():
    """Draw 3, deal 213: the beam wins within 60,000 positions; weighted A*, the portfolio's strongest
    search, finds nothing in them (nor did the whole portfolio without the beam in 30 s)."""
    engine = klondike_engine(draw=3)
    deal = engine.deal(213)
    start, moves = compact(engine, deal)
    outcome, line = run_to_end(fast.beam()(start, moves, False, model.LOOSE), 60_000)
    assert outcome is Outcome.SOLVED
    assert engine.is_won(replay(engine, deal, fast.Bridge(engine).moves(line, start)))
    astar = fast.best_first(fast.weighted(1.5))(start, moves, False, model.LOOSE)
    with pytest.raises(AssertionError, match="did not end"):
        run_to_end(astar, 60_000)


def test_only_the_sound_search_proves_a_deal_unwinnable():
    """With no share for the sound search, an exhausted heuristic graph proves nothing."""
    engine = klondike_engine(draw=1)
    dead = dead_position(engine)
    assert fast.solve(engine, dead, Budget(None, NODES), pruned_share=1.0).outcome is Outcome.UNSOLVED
    assert fast.solve(engine, dead, Budget(None, NODES), pruned_share=0.0).outcome is Outcome.UNWINNABLE


def test_the_sound_search_alone_wins_a_deal():
    engine = klondike_engine(draw=3)
    deal = engine.deal(13)
    result = fast.solve(engine, deal, Budget(None, NODES), pruned_share=0.0)
    assert result.outcome is Outcome.SOLVED and engine.is_won(replay(engine, deal, result.moves))


@pytest.mark.parametrize("draw", [1, 3])
def test_moves_left_is_a_lower_bound_along_a_win(draw):
    """At every position of a winning line, the A* estimate without its face-down term is at most the
    number of engine moves the line still needs."""
    engine = klondike_engine(draw=draw)
    bridge = fast.Bridge(engine)
    state = engine.deal(8)
    moves = assert_wins(engine, state)
    for done, move in enumerate(moves):
        assert model.moves_left(bridge.position(state), draw) <= len(moves) - done
        state = engine.apply(state, move)[0]
    assert model.moves_left(bridge.position(state), draw) == 0


def test_blockers_count_cards_over_a_lower_card_of_their_suit():
    code = model.card_code
    card = {c: code(k) for c, k in zip("5H 2H 9S 3H 8S KD".split(), cards("5H 2H 9S 3H 8S KD"))}
    # bottom first: 2H, 5H over it (a blocker), 9S, 3H (face up, over 2H: a blocker), then 8S face up
    col = bytes((64 + 3, card["2H"], card["5H"], card["9S"], card["3H"], card["8S"]))
    assert model.column_cost(col) == (3, 2)
    # the same cards all face up: only the lowest face-up card is looked at
    assert model.column_cost(bytes((64, card["2H"], card["5H"]))) == (0, 0)
    assert model.column_cost(bytes((64 + 1, card["KD"], card["5H"]))) == (1, 0)


def test_each_draw_has_its_own_portfolio():
    """Draw 1 has its own searches (greedier A*), draw 3 and any other draw count share the draw-3 ones."""
    assert fast.portfolio_for(1) is fast.PORTFOLIOS[1]
    assert fast.portfolio_for(3) is fast.portfolio_for(2) is fast.PORTFOLIOS[3]
    assert fast.PORTFOLIOS[1] != fast.PORTFOLIOS[3]


def test_column_info_lists_the_runs_that_can_move():
    """Two face-down cards, then 9S 8H 7C face up with 5D on top (not a run with 7C): only the 5D
    moves on its own; after it goes, 7C, 8H-7C and 9S-8H-7C (the whole face-up part) can move."""
    code = model.card_code
    c = {k: code(card) for k, card in zip("2C 3C 9S 8H 7C 5D".split(), cards("2C 3C 9S 8H 7C 5D"))}
    col = bytes((64 + 2, c["2C"], c["3C"], c["9S"], c["8H"], c["7C"], c["5D"]))
    assert model.column_info(col) == (2, 4, ((1, c["5D"], c["7C"], model.PARENTS[c["5D"]]),), False)
    down, up, entries, king = model.column_info(col[:-1])
    assert (down, up, king) == (2, 3, False)
    assert [(n, base, under) for n, base, under, _ in entries] == [(1, c["7C"], c["8H"]), (2, c["8H"], c["9S"]), (3, c["9S"], -1)]


def test_move_generator_levels():
    """Clubs and hearts home to the six. Piles: KH alone, KC face down under TH 9C, JC, QH, QC, two
    empty. The run TH-9C goes onto JC at every level (it turns a card over, and comes first); JC onto
    QH empties a column, which STRICT skips while no king waits on face-down cards; the lone KH never
    moves to an empty pile (rule 5); the 7H turned from the stock goes up."""
    engine = klondike_engine(draw=1)
    state = position(engine, clubs="AC 2C 3C 4C 5C 6C", hearts="AH 2H 3H 4H 5H 6H", diamonds=HOME["diamonds"],
                     spades=HOME["spades"], pile1="KH", pile2=("KC TH 9C", 1), pile3="JC", pile4="QH", pile5="QC",
                     stock="7C 8C 9H 8H 7H JH TC")
    start, moves = compact(engine, state)
    by_level = {level: moves(start, level) for level in (model.SOUND, model.LOOSE, model.STRICT)}
    for level, actions in by_level.items():
        assert actions[0] == (model.TABLE, 1, 2, 2)
        assert not any(a[0] == model.TABLE and a[1] == 0 for a in actions)
        assert any(a[0] == model.WASTE and a[3] == -1 for a in actions)
        assert ((model.TABLE, 2, 3, 1) in actions) is (level != model.STRICT)


def test_a_solve_leaves_no_memoised_columns_behind():
    """The move generator memoises column facts while it searches (up to ~150 MB); a game or kiosk
    that asked one question must not keep them."""
    engine = klondike_engine(draw=1)
    result = fast.solve(engine, engine.deal(5), Budget(None, 20_000))
    assert result is not None and result.nodes > 0
    assert not model._INFO and not model._SAFE and not model._BACK
