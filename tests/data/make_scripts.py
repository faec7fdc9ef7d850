"""Regenerate the scripted games in tests/data (run by hand after a rules change).

    python tests/data/make_scripts.py

- klondike_draw3_seed5_win.txt: the solver's winning line for Klondike seed 5, draw three.
- royal_parade_seed3_stuck.txt: Royal Parade seed 3 played greedily (the hint's first choice
  every turn) until no move and no card is left.
- freecell_deal1_win.txt: the thoughtful solver's winning line for Microsoft deal 1, with every
  stretch that comes back to an earlier position cut out.
- golf_seed2_stuck.txt: Golf seed 2 played greedily (the first card that fits, else draw) to its
  end, "No moves left" (Golf is mostly luck: most deals cannot be won).
- golf_seed13_win.txt: the thoughtful solver's winning line for Golf seed 13 (its Golf key
  hook makes seeds quick to settle either way).
- spider_suits1_seed1_win.txt, spider_suits2_seed1_win.txt: the thoughtful solver's winning lines
  for Spider seed 1 with one and with two suits (with the Spider hooks of voicegame.solver.hooks).
- scorpion_seed16_win.txt, canfield_seed8_win.txt, triple_peaks_seed2_win.txt, saratoga_seed2_win.txt,
  thumb_and_pouch_seed1_win.txt, westhaven_seed1_win.txt, whitehead_seed24_win.txt,
  gold_mine_seed18_win.txt, yukon_seed2_win.txt, odessa_seed13_win.txt, forty_thieves_seed27_win.txt,
  backbone_seed1_win.txt, eagle_wing_seed5_win.txt, straight_up_seed9_win.txt,
  lady_jane_seed2_win.txt: the thoughtful
  solver's winning lines (loops cut out), checked through a session.
- agnes_seed127_win.txt, easthaven_seed4_win.txt, gypsy_seed10_win.txt, glenwood_seed1_win.txt, royal_east_seed19_win.txt,
  king_albert_seed1_win.txt, union_square_seed6_win.txt: the solver's winning lines (loops and
  stretches one move could skip cut out); agnes_seed2_stuck.txt: Agnes seed 2 (proved lost) played
  by the hint's first choice to "No moves left" (``python tests/data/make_scripts.py kfam3``).
- ``python tests/data/make_scripts.py KEY N``: any game's winning line for deal N, as KEY_seedN_win.txt (the
  name by which tests/scripted.py finds a game's scripted game).
Each line is a spoken command; moves are named by card, or by pile where two equal cards
could be meant.
"""

from __future__ import annotations

from pathlib import Path

from voicegame.engine import Engine, MoveKind
from voicegame.games import find_game
from voicegame.solver.hints import ranked_moves
from voicegame.language.narrate import Narrator
from voicegame.solver import solve_thoughtful
from voicegame.language.parse import Parser
from voicegame.language.resolve import Play, Resolver

HERE = Path(__file__).parent


def write(name: str, header: str, lines: list[str]) -> None:
    (HERE / name).write_text(header + "\n".join(lines) + "\n")


def klondike() -> None:
    engine = Engine(find_game("klondike").make(draw=3))
    narrator = Narrator(engine)
    state = engine.deal(5)
    result = solve_thoughtful(engine, state, seconds=60)
    assert result.solved, result.outcome
    lines = []
    for move in result.moves:
        lines.append(narrator.move_phrase(state, move))
        state = engine.apply(state, move)[0]
    write("klondike_draw3_seed5_win.txt", "# Klondike, draw three, --seed 5: a winning line found by voicegame.solver.solve_thoughtful,\n# written as the spoken commands that play it (one per line).\n", lines)


def royal_parade() -> None:
    engine = Engine(find_game("royal_parade").make())
    narrator = Narrator(engine)
    state = engine.deal(3)
    lines = []
    parser, resolver = Parser(engine.game), Resolver(engine, narrator)
    while moves := ranked_moves(engine, state):
        move = moves[0]
        phrase = narrator.move_phrase(state, move)
        command = parser.parse(phrase)
        if move.kind is MoveKind.MOVE and resolver.resolve_move(state, command.source, command.target) != Play(move):
            phrase = narrator.move_phrase(state, move, by_pile=True)  # equal cards: name the piles
        lines.append(phrase)
        state = engine.apply(state, move)[0]
    assert engine.is_stuck(state)
    write("royal_parade_seed3_stuck.txt", "# Royal Parade, --seed 3, played greedily (the hint's first choice) until no move\n# and no card is left. Regenerate with tests/data/make_scripts.py.\n", lines)


def without_loops(engine: Engine, state, moves) -> list:
    """``moves`` with every stretch that returns to an earlier position removed."""
    states, kept = [state], []
    for move in moves:
        after = engine.apply(states[-1], move)[0]
        if after in states:
            cut = states.index(after)
            del states[cut + 1 :], kept[cut:]
        else:
            states.append(after)
            kept.append(move)
    return kept


def checked_commands(key: str, seed: int, engine: Engine, start, moves, **options) -> list[str]:
    """The spoken commands for ``moves``, checked by playing them through a session."""
    from voicegame.play.session import Session
    from voicegame.cli.solve import winning_commands

    lines = winning_commands(engine, start, moves)
    session = Session(key, options, seed=seed)
    for line, move in zip(lines, moves):
        before = session.state
        session.handle(line)
        assert session.state == engine.apply(before, move)[0], line
    return lines


def freecell() -> None:
    engine = Engine(find_game("freecell").make())
    start = engine.deal(1)
    result = solve_thoughtful(engine, start, seconds=60)
    assert result.solved
    moves = without_loops(engine, start, result.moves)
    lines = checked_commands("freecell", 1, engine, start, moves)
    write("freecell_deal1_win.txt", "# FreeCell, Microsoft deal 1 (--seed 1): a winning line found by voicegame.solver.solve_thoughtful\n# (loops cut out), as spoken commands. Regenerate with tests/data/make_scripts.py.\n", lines)


def golf() -> None:
    engine = Engine(find_game("golf").make())
    state, moves = engine.deal(2), []
    while legal := engine.legal_moves(state):
        move = legal[0]  # a card to the waste when one fits (cards are listed before the draw)
        moves.append(move)
        state = engine.apply(state, move)[0]
    assert engine.is_stuck(state)
    lines = checked_commands("golf", 2, engine, engine.deal(2), moves)
    write("golf_seed2_stuck.txt", "# Golf, --seed 2, played greedily (the first card that fits, else draw) until no move is left.\n# Regenerate with tests/data/make_scripts.py.\n", lines)
    solved("golf", 13, "golf_seed13_win.txt", "Golf")


def shortcut(engine: Engine, state, moves) -> list:
    """``moves`` with every stretch cut that one legal move could skip (from each position on the
    line, the move that reaches the latest later position)."""
    states = [state]
    for move in moves:
        states.append(engine.apply(states[-1], move)[0])
    where = {s: i for i, s in enumerate(states)}  # the last time each position is reached
    kept, i = [], 0
    while i < len(moves):
        best, step = i + 1, moves[i]
        for move in engine.legal_moves(states[i]):
            j = where.get(engine.apply(states[i], move)[0], -1)
            if j > best:
                best, step = j, move
        kept.append(step)
        i = best
    return kept


def solved(key: str, seed: int, name: str, title: str, short: bool = False, **options) -> None:
    """The thoughtful solver's winning line for one deal, loops cut out, checked through a session;
    ``short``: stretches one move could skip cut out too."""
    engine = Engine(find_game(key).make(**options))
    start = engine.deal(seed)
    result = solve_thoughtful(engine, start, seconds=60)
    assert result.solved
    moves = without_loops(engine, start, result.moves)
    if short:
        moves = shortcut(engine, start, moves)
    lines = checked_commands(key, seed, engine, start, moves, **options)
    write(name, f"# {title}, --seed {seed}: a winning line found by voicegame.solver.solve_thoughtful\n# (loops cut out), as spoken commands. Regenerate with tests/data/make_scripts.py.\n", lines)


def scorpion() -> None:
    solved("scorpion", 16, "scorpion_seed16_win.txt", "Scorpion")


def canfield() -> None:
    solved("canfield", 8, "canfield_seed8_win.txt", "Canfield")


def triple_peaks() -> None:
    solved("triple_peaks", 2, "triple_peaks_seed2_win.txt", "Triple Peaks")


def spider() -> None:
    solved("spider", 1, "spider_suits1_seed1_win.txt", "Spider, one suit (--suits 1)", suits=1)
    solved("spider", 1, "spider_suits2_seed1_win.txt", "Spider, two suits (--suits 2)", suits=2)


# ----- kfam1: the Klondike family, Klondike proper -----
def gold_mine() -> None:
    solved("gold_mine", 18, "gold_mine_seed18_win.txt", "Gold Mine")


def saratoga() -> None:
    solved("saratoga", 2, "saratoga_seed2_win.txt", "Saratoga")


def thumb_and_pouch() -> None:
    solved("thumb_and_pouch", 1, "thumb_and_pouch_seed1_win.txt", "Thumb and Pouch")


def westhaven() -> None:
    solved("westhaven", 1, "westhaven_seed1_win.txt", "Westhaven")


def whitehead() -> None:
    solved("whitehead", 24, "whitehead_seed24_win.txt", "Whitehead")

# ----- kfam2: the Klondike family ----------------------------------------------------------
def yukon() -> None:
    solved("yukon", 2, "yukon_seed2_win.txt", "Yukon")


def odessa() -> None:
    solved("odessa", 13, "odessa_seed13_win.txt", "Odessa")


def forty_thieves() -> None:
    solved("forty_thieves", 27, "forty_thieves_seed27_win.txt", "Forty Thieves")


def eagle_wing() -> None:
    solved("eagle_wing", 5, "eagle_wing_seed5_win.txt", "Eagle Wing")


def straight_up() -> None:
    solved("straight_up", 9, "straight_up_seed9_win.txt", "Straight Up")


def lady_jane() -> None:
    solved("lady_jane", 2, "lady_jane_seed2_win.txt", "Lady Jane")


def backbone() -> None:
    solved("backbone", 1, "backbone_seed1_win.txt", "Backbone")

# ----- pairfam ------------------------------------------------------------------------
def thirteen() -> None:
    solved("thirteen", 45, "thirteen_seed45_win.txt", "Thirteen")


def yield_() -> None:
    solved("yield", 2, "yield_seed2_win.txt", "Yield")


def fourteen() -> None:
    solved("fourteen", 1, "fourteen_seed1_win.txt", "Fourteen")


def block_ten() -> None:
    solved("block_ten", 6, "block_ten_seed6_win.txt", "Block Ten")


def gay_gordons() -> None:
    solved("gay_gordons", 1, "gay_gordons_seed1_win.txt", "Gay Gordons")


def helsinki() -> None:
    solved("helsinki", 1, "helsinki_seed1_win.txt", "Helsinki")


def jamestown() -> None:
    solved("jamestown", 4, "jamestown_seed4_win.txt", "Jamestown")


def isabel() -> None:
    solved("isabel", 1, "isabel_seed1_win.txt", "Isabel")


def neighbor() -> None:
    solved("neighbor", 1, "neighbor_seed1_win.txt", "Neighbor")


def quatorze() -> None:
    solved("quatorze", 1, "quatorze_seed1_win.txt", "Quatorze")


def elevator() -> None:
    solved("elevator", 13, "elevator_seed13_win.txt", "Elevator")
    solved("escalator", 13, "escalator_seed13_win.txt", "Escalator")


def greedy(key: str, seed: int, name: str, title: str) -> None:
    """One deal played greedily (the hint's first choice every turn) to "No moves left"."""
    engine = Engine(find_game(key).make())
    state, moves = engine.deal(seed), []
    while ranked := ranked_moves(engine, state):
        moves.append(ranked[0])
        state = engine.apply(state, ranked[0])[0]
    assert engine.is_stuck(state)
    lines = checked_commands(key, seed, engine, engine.deal(seed), moves)
    write(name, f"# {title}, --seed {seed}, played greedily (the hint's first choice) until no move is left.\n# Regenerate with tests/data/make_scripts.py.\n", lines)


def sir_tommy() -> None:
    """No seed of 1-20 solved in 2 s each: seed 1 played greedily to its end."""
    greedy("sir_tommy", 1, "sir_tommy_seed1_stuck.txt", "Sir Tommy")


def auld_lang_syne() -> None:
    """Every seed of 1-200 is proved lost: seed 1 played greedily to its end."""
    greedy("auld_lang_syne", 1, "auld_lang_syne_seed1_stuck.txt", "Auld Lang Syne")


def scuffle() -> None:
    solved("scuffle", 4, "scuffle_seed4_win.txt", "Scuffle")


def carpet() -> None:
    solved("carpet", 1, "carpet_seed1_win.txt", "Carpet")


def clock() -> None:
    solved("clock", 5, "clock_seed5_win.txt", "Clock")


PAIRFAM = ["thirteen", "yield_", "fourteen", "block_ten", "gay_gordons", "helsinki", "jamestown", "isabel", "neighbor", "quatorze", "elevator", "sir_tommy", "auld_lang_syne", "scuffle", "carpet", "clock"]

def fcfam() -> None:
    """The FreeCell and Spider families (Freecell Solver's lines where it plays the game,
    through solve_thoughtful); Spider Three Decks, which the solver never won (see its test), played
    greedily to "No moves left"."""
    for key, seed, title in FCFAM:
        solved(key, seed, f"{key}_seed{seed}_win.txt", title, short=True)
    engine = Engine(find_game("spider_three_decks").make())
    state, seen, moves = engine.deal(20), set(), []
    while True:  # the hint's first choice that reaches a new position
        seen.add(state)
        step = next(((m, after) for m in ranked_moves(engine, state) if (after := engine.apply(state, m)[0]) not in seen), None)
        if step is None:
            break
        moves.append(step[0])
        state = step[1]
    assert engine.is_stuck(state)
    lines = checked_commands("spider_three_decks", 20, engine, engine.deal(20), moves)
    write("spider_three_decks_seed20_stuck.txt", "# Spider Three Decks, --seed 20, played greedily (the hint's first choice that reaches a new\n"
          "# position) until no move is left. Regenerate with tests/data/make_scripts.py.\n", lines)


FCFAM = [
    ("bakers_game", BAKERS_SEED := 5, "Bakers Game"),
    ("eight_off", 1, "Eight Off"),
    ("seahaven", 1, "Seahaven"),
    ("beleaguered_castle", 1, "Beleaguered Castle"),
    ("streets_and_alleys", 1, "Streets and Alleys"),
    ("bakers_dozen", 5, "Bakers Dozen"),
    ("spiderette", 2, "Spiderette"),
    ("will_o_the_wisp", 16, "Will o' the Wisp"),
    ("bristol", 4, "Bristol"),
    ("chessboard", 5, "Chessboard"),
    ("fortress", 24, "Fortress"),
    ("bear_river", 1, "Bear River"),
    ("cruel", 2, "Cruel"),
]


# ----- kfam3 -----------------------------------------------------------------------------------
KFAM3 = [
    ("agnes", 127, "Agnes"),
    ("easthaven", 4, "Easthaven"),
    ("gypsy", 10, "Gypsy"),
    ("glenwood", 1, "Glenwood"),
    ("royal_east", 19, "Royal East"),
    ("king_albert", 1, "King Albert"),
    ("union_square", 6, "Union Square"),
]


def stuck_without_repeats(key: str, seed: int, name: str, title: str) -> None:
    """One deal played by the hint's first choice that reaches a new position, until no move is left."""
    engine = Engine(find_game(key).make())
    state, seen, moves = engine.deal(seed), set(), []
    while True:
        seen.add(state)
        step = next(((m, after) for m in ranked_moves(engine, state) if (after := engine.apply(state, m)[0]) not in seen), None)
        if step is None:
            break
        moves.append(step[0])
        state = step[1]
    assert engine.is_stuck(state)
    lines = checked_commands(key, seed, engine, engine.deal(seed), moves)
    write(name, f"# {title}, --seed {seed}, played greedily (the hint's first choice that reaches a new\n"
          "# position) until no move is left. Regenerate with tests/data/make_scripts.py.\n", lines)


def kfam3() -> None:
    """Agnes, Easthaven, Gypsy, Glenwood, Royal East, King Albert, Union Square: the solver's
    winning lines, and Agnes seed 2 (proved lost) played greedily to "No moves left" as well."""
    for key, seed, title in KFAM3:
        solved(key, seed, f"{key}_seed{seed}_win.txt", title, short=True)
    stuck_without_repeats("agnes", 2, "agnes_seed2_stuck.txt", "Agnes")  # seed 2: proved lost by the solver


# ----- kfam4: Terrace, Giant, Zebra, Jumbo, Kansas -------------------------------------------
def terrace() -> None:
    solved("terrace", 10, "terrace_seed10_win.txt", "Terrace")


def giant() -> None:
    solved("giant", 1, "giant_seed1_win.txt", "Giant")


def zebra() -> None:
    solved("zebra", 1, "zebra_seed1_win.txt", "Zebra")


def played_out(key: str, seed: int, title: str, why: str) -> None:
    """One deal played out to "No moves left", for a game the solver won no deal of: depth first,
    the best move by the solver's ``greedy_rank`` first, never back to a position already seen,
    until a position the engine calls stuck."""
    from voicegame.solver.hooks_klondike import greedy_rank

    engine = Engine(find_game(key).make())
    start = engine.deal(seed)
    seen, path = {start}, [(start, None)]
    stack = [iter(())]

    def children(state):
        ranked = sorted((m for m in engine.legal_moves(state) if engine.is_productive(state, m)), key=lambda m: greedy_rank(engine, state, m))
        return iter(ranked)

    stack = [children(start)]
    while not engine.is_stuck(path[-1][0]):
        move = next(stack[-1], None)
        if move is None:
            stack.pop()
            path.pop()
            continue
        after = engine.apply(path[-1][0], move)[0]
        if after in seen:
            continue
        seen.add(after)
        path.append((after, move))
        stack.append(children(after))
    moves = [move for _, move in path[1:]]
    lines = checked_commands(key, seed, engine, start, moves)
    write(f"{key}_seed{seed}_stuck.txt", f"# {title}, --seed {seed}, played depth first (the solver's greedy_rank order, never back to a\n"
          f"# position already seen) until no move is left ({why}). Regenerate with tests/data/make_scripts.py.\n", lines)


def jumbo() -> None:
    solved("jumbo", 6, "jumbo_seed6_win.txt", "Jumbo")
    played_out("jumbo", 1, "Jumbo", "a lost game: the engine's ShuffleSearch tells it from endless swaps")


def aunt_mary() -> None:
    solved("aunt_mary", 23, "aunt_mary_seed23_win.txt", "Aunt Mary")


def kansas() -> None:
    played_out("kansas", 30, "Kansas", "the solver won none of seeds 1-200")


# ----- pair4 ----------------------------------------------------------------------------
PAIR4 = [
    ("osmosis", 2, "Osmosis", False),
    ("peek", 2, "Peek", False),
    ("napoleons_tomb", 3, "Napoleon's Tomb", False),
    ("pileon", 1, "Pileon", True),
    ("maze", 1, "Maze", True),
    ("labyrinth", 63, "Labyrinth", False),
    ("kings_audience", 61, "King's Audience", False),
]


def pair4() -> None:
    for key, seed, title, short in PAIR4:
        solved(key, seed, f"{key}_seed{seed}_win.txt", title, short=short)
    greedy("camelot", 5, "camelot_seed5_stuck.txt", "Camelot")  # no seed of 1-40 solved in 5 s each
    greedy("plait", 1, "plait_seed1_stuck.txt", "Plait")  # no seed of 1-20 solved in 10 s each


PAIR3 = [  # the pair3 branch: (key, seed, title, options)
    ("ten_across", 2, "Ten Across", {}),
    ("diamond_mine", 6, "Diamond Mine", {}),
    ("accordion", 2, "Accordion", {}),
    ("cover", 29, "Cover", {}),
    ("first_law", 3, "First Law", {}),
    ("fortunes", 5, "Fortunes", {}),
    ("doublets", 2, "Doublets", {}),
    ("valentine", 1, "Valentine", {}),
    ("poker", 1, "Poker", {}),
]


def pair3(*wanted: str) -> None:
    """The pair3 games: the thoughtful solver's winning lines, loops and detours cut out
    (only the games ``wanted``, when any are named)."""
    for key, seed, title, options in PAIR3:
        if wanted and key not in wanted:
            continue
        solved(key, seed, f"{key}_seed{seed}_win.txt", title, short=True, **options)


def athena() -> None:
    """Athena: the thoughtful solver's winning line for seed 1, loops and detours cut out."""
    solved("athena", 1, "athena_seed1_win.txt", "Athena", short=True)


def thieves() -> None:
    """Thieves (branch thieves): the solver's winning line for a deal whose jokers are
    played by name ("red joker to waste")."""
    solved("thieves", THIEVES_SEED, f"thieves_seed{THIEVES_SEED}_win.txt", "Thieves", short=True)


THIEVES_SEED = 9


if __name__ == "__main__":
    import sys

    if len(sys.argv) == 3 and sys.argv[2].isdigit():  # any game: its solver's winning line for one deal
        key, seed = sys.argv[1], int(sys.argv[2])
        solved(key, seed, f"{key}_seed{seed}_win.txt", find_game(key).title, short=True)
        sys.exit()
    wanted = sys.argv[1:] or ["klondike", "royal_parade", "freecell", "golf", "scorpion", "canfield", "triple_peaks", "spider",
                              *PAIRFAM, "fcfam", "kfam3", "terrace", "giant", "zebra", "kansas", "aunt_mary", "pair4", "pair3", "athena", "jumbo", "thieves"]
    for name in wanted:
        globals()[name]()

