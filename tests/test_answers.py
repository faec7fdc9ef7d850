"""Eyes-free answers: every answer to a move says what the move changed, readings start
with a short summary, questions take every natural answer, and the wording is plain."""

from __future__ import annotations

import random

import pytest

from voicegame.engine import Compacted, MoveKind, PileKind, Redealt
from scripted import MissingScript, scripted_game
from voicegame.games import GAMES, find_game
from voicegame.play.session import Session

KEYS = [g.key for g in GAMES]


def script(key: str) -> tuple[Session, list[str]]:
    """A session of ``key``'s scripted game (tests/data, found by file name: tests/scripted.py) and its lines."""
    scripted = scripted_game(find_game(key))
    return Session(key, scripted.options, seed=scripted.seed), scripted.lines()


def unsaid_changes(session: Session, before, command: str, sentences: list[str]) -> list[str]:
    """Piles whose top the move changed without the player hearing (or saying) the new top, and
    gaps it opened without saying so."""
    after = session.state
    heard = (" ".join(sentences) + " " + command).lower()
    tops = {p.cards[-1] for p in before.piles if p.top_face_up}  # a top that moved with its run is known
    missing = []
    for i, (old, new) in enumerate(zip(before.piles, after.piles)):
        spec = session.engine.specs[i]
        if old.cards == new.cards or spec.kind in (PileKind.STOCK, PileKind.DISCARD):
            continue
        if new.top_face_up and new.cards[-1] != (old.cards[-1] if old.top_face_up else None):
            said = f"up to {new.cards[-1].rank.spoken}" if spec.kind is PileKind.FOUNDATION else new.cards[-1].spoken
            if said not in heard and new.cards[-1] not in tops:
                missing.append(f"{spec.name}: {new.cards[-1].spoken}")
        elif not new.cards and session.narrator.is_gap(i) and "empty" not in heard:
            missing.append(f"{spec.name} emptied")
    return missing


def reshuffles(session: Session, before) -> bool:
    """A move that re-forms the whole layout (Monte Carlo closing gaps, a Gaps redeal): the player
    reads the rows again rather than hearing every spot."""
    move = session.history.moves[session.history.cursor - 1]
    events = session.engine.apply(before, move)[1]
    return any(isinstance(e, (Compacted, Redealt)) for e in events)


def test_a_game_without_a_scripted_game_is_told_which_file_to_write():
    from dataclasses import replace

    with pytest.raises(MissingScript, match=r"write tests/data/new_game_seed<N>_win.txt"):
        scripted_game(replace(find_game("golf"), key="new_game"))


@pytest.mark.parametrize("key", KEYS)
def test_every_move_of_a_scripted_game_says_what_it_changed(key):
    session, lines = script(key)
    for line in lines:
        before = session.state
        reply = session.handle(line)
        assert reply.moves, (line, reply.sentences)
        if reshuffles(session, before):
            continue
        assert not unsaid_changes(session, before, line, reply.sentences), (line, reply.sentences)


@pytest.mark.parametrize("key", KEYS)
def test_every_move_of_random_play_says_what_it_changed(key):
    """Random legal moves said by pile (so the player names no card): every change is heard."""
    rng = random.Random(key)
    session = Session(key, seed=11)
    for _ in range(80):
        moves = session.engine.legal_moves(session.state)
        if not moves:
            break
        move = rng.choice(moves)
        phrase = session.narrator.move_phrase(session.state, move, by_pile=move.kind is MoveKind.MOVE)
        before = session.state
        reply = session.handle(phrase)
        if not reply.moves:
            session.handle("cancel")
            continue
        if reshuffles(session, before):
            continue
        assert not unsaid_changes(session, before, "", reply.sentences), (phrase, reply.sentences)


def test_waste_card_played_says_the_next_waste_card():
    session = Session("klondike", {"draw": 3}, seed=5)
    waste = session.engine.layout.index["waste"]
    for _ in range(8):
        session.handle("draw")
        moves = [m for m in session.engine.legal_moves(session.state) if m.kind is MoveKind.MOVE and m.src == waste]
        if moves:
            break
    cards = session.state.piles[waste].cards
    assert moves and len(cards) >= 2
    reply = session.handle(session.narrator.move_phrase(session.state, moves[0], by_pile=True))
    assert reply.sentences[-1] == f"Waste: {cards[-2].spoken}."


def test_what_the_player_said_is_not_said_back():
    session, lines = script("golf")
    session.handle(lines[0])  # draw
    reply = session.handle(lines[1])  # four of spades on five of clubs
    assert not any("onto" in s for s in reply.sentences)
    assert reply.sentences and reply.sentences[0].startswith("Column")


def test_heard_moves_are_said_back_in_full():
    """Speech may be misheard: a move heard by the recogniser is said back, card and place."""
    from voicegame.audio.recognisers import Heard

    session, lines = script("golf")
    session.hear(Heard(lines[0]))
    reply = session.hear(Heard(lines[1]))
    assert reply.sentences[0] == "Four of spades on five of clubs."


# ----- 2. summary first, details on request ---------------------------------------------------------
def words(sentences: list[str]) -> int:
    return sum(len(s.split()) for s in sentences)


@pytest.mark.parametrize("key", KEYS)
def test_board_summary_is_short_and_more_reads_the_rest(key):
    session, lines = script(key)
    for line in lines[: len(lines) // 2]:
        session.handle(line)
    summary = session.handle("read the board").sentences
    assert summary[-1] == "Say more for details."
    assert words(summary[:-1]) <= 45, summary  # about 40 words: 12 to 14 s at 200 words a minute
    full = session.narrator.read_board(session.state)
    heard = []
    for _ in range(20):
        page = session.handle("more").sentences
        if page[-1] == "That is the whole board.":
            heard += page[:-1]
            break
        heard += page
    assert [s for s in full if s not in summary and not s.startswith("Stock")] == [s for s in heard if not s.startswith("Stock")]
    assert session.handle("more").sentences == ["Nothing more to read. Say read the board."]
    assert session.handle("read the board").sentences[-1] != "Say more for details."  # told once


def test_next_goes_on_reading_only_right_after_a_reading():
    session = Session("klondike", seed=3)
    session.handle("read the board")
    assert session.handle("next").sentences[0].startswith("Foundations:")
    session.handle("score")
    assert session.handle("next").moves  # a draw again


def test_summary_counts_face_down_cards_instead_of_naming_them():
    session = Session("triple_peaks", seed=3)
    summary = " ".join(session.handle("read the board").sentences)
    assert "Eighteen cards face down." in summary and summary.count("face down") == 1
    assert session.handle("read row two").sentences == ["Row two: 6 face down."]


def test_read_cells_foundations_and_free_cards():
    session = Session("freecell", seed=1)
    assert session.parser.parse("read cells").intent == "read_cells"
    assert session.handle("read cells").sentences == ["Cells: all 4 free."]
    assert session.handle("read free cells").sentences == ["Cells: all 4 free."]
    session.handle("column one to cell two")
    assert session.handle("read cells").sentences == [f"Cells: {session.state.piles[session.engine.layout.index['cell2']].cards[-1].spoken}; 3 free."]
    assert session.handle("read foundations").sentences == ["Foundations: clubs empty, diamonds empty, hearts empty, spades empty."]
    assert session.handle("read free cards").sentences[0].startswith("Columns: ")
    assert Session("klondike", seed=1).handle("read cells").sentences == ["This game has no cells."]
    assert Session("golf", seed=1).handle("read foundations").sentences == ["This game has no foundations."]
    treize = Session("treize", seed=3)
    assert treize.handle("what is free").sentences[0].startswith("Free: eight of hearts, four of clubs")


def test_auto_cascade_is_one_sentence():
    session, lines = script("freecell")
    for line in lines:
        before = session.history.cursor
        reply = session.handle("auto")
        if session.history.cursor - before > 1:
            break
        session.handle(line)
    else:
        pytest.fail("no cascade in the script")
    assert reply.sentences[0] == "Three cards went home: the ace of clubs, the two of clubs and the ace of spades."
    assert sum(1 for s in reply.sentences if "went home" in s) == 1
    assert not any(s.endswith(" up.") for s in reply.sentences)


# ----- 4. every question takes every natural answer -------------------------------------------------
def questions(session: Session, limit: int = 60):
    """kind -> (Ask, the position it was asked in) for the questions the resolver asks in positions of
    random play: card names without their suit or place, places without a card, each card alone."""
    from voicegame.language.command import CardRef, PileRef
    from voicegame.language.resolve import Ask

    rng = random.Random(session.game.key)
    found: dict[str, tuple[Ask, object]] = {}
    kinds = {"which_move": "Did you mean", "which_target": "Where to", "which_card": "Which ", "which_location": "The ", "which_one": "Which one: "}
    for _ in range(limit):
        state = session.state
        for move in session.engine.legal_moves(state):
            if move.kind is MoveKind.DEAL:
                continue
            card = state.piles[move.src].cards[move.at[0] if move.kind is MoveKind.PAIR else -move.count]
            tries = [(CardRef(card.rank, card.suit), None), (CardRef(card.rank), None), (None, PileRef(session.engine.specs[move.dst].id))]
            for source, target in tries:
                if move.kind is MoveKind.PAIR:
                    result = session.resolver.resolve_pair(state, source or CardRef(card.rank), None)
                else:
                    result = session.resolver.resolve_move(state, source, target)
                if isinstance(result, Ask):
                    said = session.narrator.question(result)
                    assert said.startswith(kinds[result.key]), (result.key, said)  # said as its key says
                    found.setdefault(result.key, (result, state))
        moves = session.engine.legal_moves(state)
        if not moves:
            break
        move = rng.choice(moves)
        session.history.push(move, session.engine.apply(state, move)[0])
    return found


def natural_answers(session: Session, ask, index: int) -> list[str]:
    """Ways a player may pick option ``index``: its ordinal, its words, and the one word that tells
    it apart from the others (a suit, a rank, a pile's number)."""
    from voicegame.engine.words import ORDINAL_WORDS

    labels = [label for label, _ in ask.options]
    label = labels[index]
    answers = [f"the {ORDINAL_WORDS[index + 1]} one", ORDINAL_WORDS[index + 1]]
    if index == len(labels) - 1:
        answers.append("the last one")
    tokens = [set(l.split()) for l in labels]
    unique = [w for w in label.split() if all(w not in t for j, t in enumerate(tokens) if j != index)]
    # A pile noun alone ("pile" of "pile four" against "six of hearts") names no pile: test_parser keeps it junk.
    answers += [w for w in unique if w not in ("of", "on", "to", "the", "and", "remove", "onto", "pile", "column")]
    if session.parser.parse(label) is not None and session.parser.parse(label).intent == "answer":
        answers.append(label)
    return answers


@pytest.mark.parametrize("key", KEYS)
def test_every_question_takes_every_natural_answer(key):
    session = Session(key, seed=4)
    asked = questions(session)
    for kind, (ask, asked_in) in asked.items():
        for index, (label, move) in enumerate(ask.options):
            for answer in natural_answers(session, ask, index):
                command = session.parser.parse(answer)
                assert command is not None, (kind, ask.options, answer)
                if command.intent not in ("answer", "choose"):
                    continue  # a word that is a command of its own ("draw") is not an answer
                result = session.resolver.narrow(asked_in, ask, command)  # in the position it was asked in
                assert getattr(result, "move", None) == move, (kind, ask.options, answer, result)
        session.question = ask
        assert session.handle("cancel").sentences == ["Cancelled."] and session.question is None


def test_every_kind_of_question_is_covered():
    kinds = set()
    for key in KEYS:
        kinds |= set(questions(Session(key, seed=4)))
    assert kinds == {"which_move", "which_target", "which_card", "which_location", "which_one"}


def test_where_to_takes_a_suit():
    """"Where to: nine of spades or nine of clubs?" takes "spades"."""
    from voicegame.language.command import Command
    from voicegame.language.resolve import Ask

    session = Session("klondike", seed=5)
    state = session.state
    moves = [m for m in session.engine.legal_moves(state) if m.kind is MoveKind.MOVE][:2]
    ask = Ask("which_target", (("nine of spades", moves[0]), ("nine of clubs", moves[1])))
    assert session.narrator.question(ask) == "Where to: nine of spades or nine of clubs?"
    from voicegame.engine.cards import Suit

    assert session.resolver.narrow(state, ask, Command("answer", suit=Suit.SPADES)).move == moves[0]
    assert session.resolver.narrow(state, ask, Command("answer", suit=Suit.CLUBS)).move == moves[1]


def test_what_can_i_do_names_one_free_cell():
    session = Session("freecell", seed=3)
    said = session.handle("what can I do").sentences[0]
    assert "cell two" not in said and said.count("eight of clubs to cell") == 1


# ----- 5. wording ----------------------------------------------------------------------------------------
def test_spider_mixed_suits_are_in_sequence_but_not_one_suit():
    from helpers import position

    session = Session("spider", {"suits": 2}, seed=1)
    session.history.states[0] = position(session.engine, column1="JD TH", column2="QS", stock="2C " * 10)
    assert session.handle("jack of diamonds on queen of spades").sentences == [
        "The cards on the jack of diamonds are in sequence but not one suit, so they cannot move together."]


def test_negative_score_is_said_in_words():
    from helpers import position

    session = Session("triple_peaks", seed=1)
    for _ in range(3):
        session.handle("draw")
    said = session.handle("score").sentences[0]
    assert said.startswith("Score minus ") and "of" not in said and "-" not in said


def test_one_of_a_counted_thing_is_singular():
    session = Session("klondike", seed=1)  # "Resumed, 1 move in.": tests/test_persistence.py
    assert session.narrator.say("read_stock", count=1) == "Stock: 1 card."
    assert session.narrator.say("read_stock", count=11) == "Stock: 11 cards."


def test_statistics_keys_are_printed_in_plain_words():
    from voicegame.storage.stats import key_title

    assert key_title("klondike draw=3 passes=None") == "Klondike, draw 3, passes unlimited"
    assert key_title("triple_peaks scoring=standard") == "Triple peaks, scoring standard"


def test_winnable_without_an_answer_gives_a_way_forward_and_searches_longer_when_asked_again(monkeypatch):
    from voicegame.solver import thoughtful

    budgets = []
    real = thoughtful.solve

    def counting(engine, state, seconds=None, nodes=None, **options):
        budgets.append(nodes)
        return real(engine, state, seconds=seconds, nodes=nodes, **options)

    monkeypatch.setattr(thoughtful, "solve", counting)
    monkeypatch.setattr(Session, "winnable_nodes", 5)
    session = Session("klondike", seed=1)
    first = session.handle("is this game still winnable").sentences
    assert first == ["I could not tell in the time I had. Say hint for a good next move, or ask again and I will search longer."]
    second = session.handle("is this game still winnable").sentences
    assert second == ["Still no answer: this position is too open to decide. Say hint for a good next move."]
    assert budgets == [5, 5 * Session.WINNABLE_AGAIN]
    session.handle("draw")
    assert session.handle("is this game still winnable").sentences == first  # a new position starts again


def test_all_commands_names_the_new_readings_where_the_game_has_them():
    freecell = Session("freecell", seed=1).handle("all commands").sentences[0]
    assert "read the board, more" in freecell and "read cells" in freecell and "read foundations" in freecell
    golf = Session("golf", seed=1).handle("all commands").sentences[0]
    assert "read cells" not in golf and "read foundations" not in golf


def test_a_pair_that_frees_pyramid_cards_says_which():
    session, lines = script("treize")
    replies = [session.handle(line).sentences for line in lines[:3]]
    assert replies[1] == ["Now free: jack of diamonds."]  # the player named both cards: only what changed


def test_a_card_with_one_free_cell_to_go_to_is_played_without_asking():
    """Four empty cells are one choice, not four: "play eight of clubs" does not ask "which cell"."""
    session = Session("freecell", seed=3)
    reply = session.handle("play eight of clubs")
    assert reply.moves and reply.sentences[0] == "Eight of clubs to cell one."


def test_summary_counts_empty_reserves():
    assert "Reserves: all 4 empty." in Session("hopscotch", seed=3).handle("read the board").sentences


def test_summary_says_how_many_moves_are_open_when_it_has_room():
    said = Session("klondike", seed=3).handle("read the board").sentences
    assert said[-2] == "You can make 2 moves."
    stuck = Session("golf", seed=3).handle("read the board").sentences
    assert stuck[-2] == "No moves on the table."  # blocked: say draw


def test_a_king_removed_by_name_is_not_said_back():
    session, lines = script("treize")
    for line in lines[: lines.index("remove king of clubs")]:
        session.handle(line)
    reply = session.handle("remove king of clubs")
    assert reply.moves and not any("king of clubs" in s for s in reply.sentences)


# ----- 6. answers a listener can follow -----------------------------------------------------------------
def test_a_hint_is_a_whole_sentence_with_the_games_verb():
    klondike = Session("klondike", {"draw": 3}, seed=5)
    assert klondike.handle("hint").sentences == ["Put the eight of hearts on the nine of spades. Say yes to do it."]
    narrator, state = klondike.narrator, klondike.state
    assert narrator.move_sentence(state, next(m for m in klondike.engine.legal_moves(state) if m.kind is MoveKind.DEAL)) == "Draw a card."
    spider = Session("spider", seed=5)
    deal = next(m for m in spider.engine.legal_moves(spider.state) if m.kind is MoveKind.DEAL)
    assert spider.narrator.move_sentence(spider.state, deal) == "Deal the cards."
    treize = Session("treize", seed=5)
    assert treize.handle("hint").sentences == ["Remove the king of clubs. Say yes to do it."]
    for _ in range(24):
        pairs = [m for m in treize.engine.legal_moves(treize.state) if m.kind is MoveKind.PAIR and m.dst >= 0]
        if pairs:
            break
        treize.handle("draw")
    said = treize.narrator.move_sentence(treize.state, pairs[0])
    assert said.startswith("Remove the ") and " and the " in said, said


def test_undo_and_redo_of_a_draw_say_what_the_waste_shows():
    session = Session("klondike", {"draw": 1}, seed=5)
    session.handle("draw")
    second = session.handle("draw").sentences[0].rstrip(".").lower()
    first = session.state.piles[session.engine.layout.index["waste"]].cards[-2].spoken
    assert session.handle("undo").sentences == ["Took back the draw.", f"The waste shows the {first}."]
    assert session.handle("redo").sentences == [f"Drew again: {second}."]
    session.handle("undo")
    assert session.handle("undo").sentences == ["Took back the draw.", "The waste is empty."]


def test_spider_says_deal_for_its_stock_everywhere():
    session = Session("spider", seed=5)
    assert " deal" in session.handle("what can I say").sentences[0] and " draw" not in session.handle("what can I say").sentences[0]
    session.handle("deal")
    assert session.handle("undo").sentences == ["Took back the deal."]
    assert session.handle("redo").sentences[0].startswith("Dealt again: ")
    assert "draw" not in " ".join(session.handle("what can I do").sentences)


def test_what_can_i_say_offers_different_moves():
    session = Session("freecell", seed=5)
    said = session.handle("what can I say").sentences[0]
    assert said.count(" to cell ") <= 1, said


def test_the_board_summary_is_in_whole_words():
    said = Session("klondike", {"draw": 3}, seed=5).handle("read the board").sentences
    assert said[0] == "Stock: 24 cards. Waste: empty."
    assert "No cards home." in said and "21 cards face down." in said and "You can make 3 moves." in said
    spider = Session("spider", seed=5)
    assert "No runs done yet." in spider.handle("read the board").sentences
    assert spider.handle("score").sentences[0].startswith("Score 0 of 96: a point for each card")
    assert Session("klondike", seed=5).handle("score").sentences == ["0 of 52 cards home."]


def test_a_pyramid_names_its_places_as_every_grid_does():
    for key in ("treize", "thirteen", "yield", "elevator", "monte_carlo"):
        specs = Session(key, seed=5).engine.specs
        spots = [spec.names[0] for spec in specs if spec.names[0].startswith("row ")]
        assert spots and all(" column " in name for name in spots), (key, spots[:3])


def test_deals_at_random_have_at_most_six_digits_and_old_ones_are_said_in_groups():
    from voicegame.games import find_game
    from voicegame.language.messages import deal_number

    assert all(find_game("klondike").random_seed() < 10**6 for _ in range(50))
    assert deal_number(481516) == "481516"
    assert deal_number(1319729190) == "1 319 729 190"
    assert "deal 1 319 729 190" in Session("klondike", seed=1319729190).say("new_game", title="Klondike", seed=1319729190)


def test_help_is_read_45_words_at_a_time():
    from voicegame.play.pile_rules import help_sentences

    session = Session("freecell", seed=1)
    first = session.handle("help").sentences
    assert first[-1] == "Say more for the rest." and words(first) <= 45
    rest: list[str] = []
    for _ in range(5):
        page = session.handle("more").sentences
        assert words(page) <= 45
        rest += page
        if page[-1] == "That is all of the rules. Say what can I say for commands.":
            break
    said = " ".join(help_sentences(session.game, session.narrator.messages))  # the opening, the rules, the example
    assert " ".join(first[:-1] + rest[:-1]).replace(";", ".") == said.replace(";", ".")


def test_statistics_say_times_as_a_person_does():
    from voicegame.language.messages import Messages
    from voicegame.play.reading import describe_stats, duration
    from voicegame.storage.stats import GameStats

    messages = Messages()
    assert duration(messages, 6.4) == "6 seconds" and duration(messages, 6.6) == "7 seconds"
    assert duration(messages, 61) == "1 minute 1 second" and duration(messages, 120) == "2 minutes"
    assert describe_stats(messages, "Klondike, draw three", GameStats()) == "You have not played Klondike, draw three yet."
    stats = GameStats()
    stats.record(True, 1, 6.4)
    assert describe_stats(messages, "Golf", stats).endswith("Fewest moves 1; fastest win 6 seconds.")
