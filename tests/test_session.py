"""The session end to end in Python: resolving, asking back, refusing, reading, undo."""

import pytest

from helpers import hinted, position
from voicegame.play.session import Session


def session_at(redeals=0, **piles):
    """A Klondike session whose position is replaced by the given piles."""
    session = Session("klondike", seed=1)
    piles.setdefault("pile6", "QS")  # a move that always exists, so the game is never stuck
    piles.setdefault("pile7", "KH")
    state = position(session.engine, redeals=redeals, **piles)
    session.history.states[0] = state
    return session


def say(session, text):
    return session.handle(text).sentences


def test_card_move_by_name():
    s = session_at(pile1="8S", pile2="7H", stock="2C")
    assert say(s, "seven of hearts on eight of spades") == ["Pile two is empty."]  # not said back: what it changed


def test_pile_move_reveals_and_says_so():
    s = session_at(pile1=("KC 8S", 1), pile2="9H")
    assert say(s, "pile one to pile two") == ["King of clubs turned over."]  # the player chose the move by its card


def test_pile_move_says_the_news_and_verbose_says_the_card_too():
    s = session_at(pile1="8S", pile2="9H")
    assert say(s, "pile one to pile two") == ["Pile one is empty."]
    s = session_at(pile1=("KC 8S", 1), pile2="9H")
    say(s, "verbose")
    assert say(s, "pile one to pile two") == ["Eight of spades moved.", "King of clubs turned over."]


def test_run_move_says_how_many():
    s = session_at(pile1=("2C 9S 8H 7C", 1), pile2="TD", stock="3C")
    assert say(s, "pile one to pile two") == ["Nine of spades and 2 more moved.", "Two of clubs turned over."]


def test_ambiguous_rank_asks_which_and_suit_answers():
    s = session_at(pile1="8S", pile2="7H", pile3="7D", stock="2C")
    assert say(s, "seven on eight of spades") == ["Which seven: hearts or diamonds?"]
    assert say(s, "diamonds") == ["Seven of diamonds on eight of spades.", "Pile three is empty."]


def test_ambiguous_target_asks_where():
    s = session_at(pile1="8S", pile2="8C", pile3="7H", stock="2C")
    assert say(s, "play seven of hearts") == ["Where to: eight of spades or eight of clubs?"]
    assert say(s, "the second one") == ["Seven of hearts on eight of clubs.", "Pile three is empty."]


def test_answer_by_pile_number():
    s = session_at(pile1="8S", pile2="8C", pile3="7H", stock="2C")
    say(s, "play seven of hearts")
    assert say(s, "pile one")[0] == "Seven of hearts on eight of spades."


def test_wrong_answer_keeps_the_question():
    s = session_at(pile1="8S", pile2="7H", pile3="7D", stock="2C")
    say(s, "seven on eight")
    assert say(s, "clubs") == ["That is not one of the choices. Which seven: hearts or diamonds?"]
    assert say(s, "hearts")[0] == "Seven of hearts on eight of spades."


def test_cancel_drops_the_question():
    s = session_at(pile1="8S", pile2="7H", pile3="7D", stock="2C")
    say(s, "seven on eight")
    assert say(s, "cancel") == ["Cancelled."]
    assert say(s, "hearts") == ["There is no question to answer."]


def test_refusals_give_the_reason_and_change_nothing():
    s = session_at(pile1=("8S 4C", 1), pile2="9H", pile3="5D", waste="3H 6C", stock="2C")
    before = s.state
    assert say(s, "eight of spades on nine of hearts") == ["The eight of spades is not showing."]
    assert say(s, "six of clubs on pile two") == ["The six of clubs cannot go on the nine of hearts: it needs an eight."]
    assert say(s, "four of clubs on nine of hearts") == ["The four of clubs cannot go on the nine of hearts: it needs an eight."]
    assert say(s, "pile two to pile three") == ["The nine of hearts cannot go on the five of diamonds: it needs a four."]
    assert say(s, "nine of hearts on the ten of spades") == ["The ten of spades is not on top of a pile."]
    assert say(s, "pile three up") == ["Only an ace can go on diamonds while it is empty."]
    assert say(s, "banana") == ["Sorry, I did not catch that."]
    assert s.state == before


def test_draw_says_the_playable_card():
    s = session_at(stock="2C 3C 4C 5C")
    assert say(s, "draw") == ["Three of clubs."]
    s2 = session_at(stock="2C 3C")
    assert say(s2, "draw") == ["Two of clubs.", "Stock empty."]


def test_reading():
    s = session_at(pile3=("4D 9S JC TH", 2), clubs="AC 2C 3C", waste="5S 6H 7D QC", stock="8C 8D")
    assert say(s, "read pile three") == ["Pile three: 2 face down, jack of clubs, ten of hearts."]
    assert say(s, "read clubs") == ["Clubs: up to three."]
    assert say(s, "read hearts") == ["Hearts: empty."]
    assert say(s, "read waste") == ["Waste: six of hearts, seven of diamonds, queen of clubs; 4 cards in all."]  # top last, as piles
    assert say(s, "read stock") == ["Stock: 2 cards."]
    board = say(s, "read the board")  # in brief, then "more" reads it pile by pile
    assert board == ["Stock: 2 cards. Waste: queen of clubs.", "Three cards home.", "Two cards face down.",
                     "Piles: empty, empty, ten of hearts, empty, empty, queen of spades, king of hearts.", "You can make 2 moves.",
                     "Say more for details."]
    full = []
    while (page := say(s, "more")) != ["Nothing more to read. Say read the board."]:
        full += page
    assert full[0] == "Foundations: clubs three, diamonds empty, hearts empty, spades empty."
    assert full[3] == "Pile three: 2 face down, jack of clubs, ten of hearts."
    assert full[-1] == "That is the whole board." and len(full) == 9


def test_where_is():
    s = session_at(pile3=("4D 9S JC TH", 2), pile5="KD", clubs="AC 2C 3C", waste="5S 6H QC")
    assert say(s, "where is the jack of clubs") == ["The jack of clubs is on pile three, second from the top."]
    assert say(s, "where is the ten of hearts") == ["The ten of hearts is on pile three, on top."]
    assert say(s, "where is the nine of spades") == ["The nine of spades is not showing."]  # face down: no peeking
    assert say(s, "where is the two of clubs") == ["The two of clubs is on clubs."]
    assert say(s, "where is the six of hearts") == ["The six of hearts is in the waste, second from the top."]
    assert say(s, "where is the king of diamonds") == ["The king of diamonds is on pile five."]  # alone there: no "on top"


def test_where_is_deep_in_the_waste():
    s = Session("klondike", options={"draw": 1}, seed=1)
    for _ in range(24):
        say(s, "draw")
    bottom = s.state.piles[s.engine.layout.index["waste"]].cards[0]
    assert say(s, f"where is the {bottom.spoken}") == [f"The {bottom.spoken} is in the waste, 24th from the top."]


def test_count_score_repeat_help():
    s = session_at(pile3=("4D 9S JC TH", 2), clubs="AC 2C 3C", waste="5S 6H QC", stock="2D 3D")
    assert say(s, "how many cards left") == ["2 cards in the stock, 3 in the waste, 2 face down. 3 of 52 cards are home."]
    assert say(s, "score") == ["3 of 52 cards home."]
    assert say(s, "repeat") == ["3 of 52 cards home."]
    assert "build down, alternate colours" in say(s, "help")[0]  # the piles' rule, from the rule objects
    assert "undo" in say(s, "all commands")[0]


def test_what_can_i_say_is_about_now():
    s = session_at(pile1="8S", pile2="7H", pile3="7D", stock="2C")
    assert say(s, "what can I say") == ["Now you could say: seven of hearts on eight of spades, seven of diamonds on eight of spades or draw. Say all commands for the full list."]
    say(s, "seven on eight")
    assert say(s, "what can I say") == ["Say hearts, diamonds or cancel."]
    assert say(s, "hearts")[0] == "Seven of hearts on eight of spades."  # the question stayed open


def test_undo_and_redo_speak_the_move():
    s = session_at(pile1="8S", pile2="7H", stock="2C")
    say(s, "seven of hearts on eight of spades")
    assert say(s, "undo") == ["Took back seven of hearts on eight of spades."]
    assert say(s, "undo") == ["Nothing to undo."]
    assert say(s, "redo") == ["Again: seven of hearts on eight of spades.", "Pile two is empty."]
    assert say(s, "redo") == ["Nothing to redo."]


def test_hint_and_moves_list():
    s = session_at(pile1=("3C 8S", 1), pile2="7H", pile3="AD", stock="2C")
    assert say(s, "hint") == ["Move the ace of diamonds up. Say yes to do it."]  # the first hint says so
    assert say(s, "hint") == ["Put the seven of hearts on the eight of spades."]
    moves = say(s, "what can I do")[0]
    assert moves.startswith("You can: ace of diamonds up, seven of hearts on eight of spades")


def test_auto_plays_safe_cards_only():
    s = session_at(pile1="AC", pile2="2C", pile3="3C", pile4="AH", stock="9D")
    sentences = say(s, "auto")
    assert sentences == ["Three cards went home: the ace of clubs, the two of clubs and the ace of hearts.", "Pile one, pile two and pile four are empty."]  # one sentence
    # The three of clubs waits: the red foundations are not up to two yet.
    assert "Three of clubs up." not in sentences
    assert say(s, "auto") == ["No card can safely go up."]


def test_win_is_announced():
    from voicegame.engine.cards import new_deck

    full = {x: " ".join(c.code for c in new_deck() if c.suit.value == x) for x in ("clubs", "diamonds", "hearts")}
    s = session_at(spades="AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS", pile4="KS", **full)
    reply = s.handle("king of spades up")
    assert reply.sentences[-1] == "You won! Every card is home."
    assert "win" in reply.earcons


def test_stuck_is_announced():
    s = session_at(pile1=("2C 8H", 1), pile2="8D", pile3="QS", pile4="5C", pile6="QD", pile7="3H", stock="6S 9S", redeals=1)
    reply = s.handle("draw")
    assert reply.sentences[-1] == "No moves left. Say undo, restart or new game."


def test_new_game_restart_and_quit():
    s = Session("klondike", seed=10)
    first = s.state
    say(s, "draw")
    assert say(s, "restart") == ["Start this deal again from the beginning? Say yes or no."]
    assert say(s, "yes") == ["Same deal again from the start."]
    assert s.state == first
    assert say(s, "new game") == ["New game. Klondike, draw three, deal 11."]  # nothing to lose: no question
    assert s.state == Session("klondike", seed=11).state
    assert s.handle("quit").quit


def test_leaving_an_unfinished_game_asks_first():
    s = Session("klondike", seed=10)
    say(s, "draw")
    drawn = s.state
    reply = s.handle("new game")
    assert reply.sentences == ["Leave this game for a new one? Say yes or no."]
    assert reply.earcons == ["question"] and s.state is drawn
    assert say(s, "what can i say") == ["Say yes or no."]  # the question stays open
    assert say(s, "no") == ["Carrying on with this game."] and s.state is drawn
    assert say(s, "yes") == ["There is no question to answer."]
    say(s, "play spider")
    say(s, "draw")  # any other command drops the question
    assert s.game.key == "klondike" and s.history.cursor == 2
    assert say(s, "play spider") == ["Leave this game for Spider? Say yes or no."]
    assert say(s, "yes") == ["New game. Spider, deal 11."] and s.game.key == "spider"


def test_a_finished_or_stuck_game_is_left_without_a_question():
    s = session_at(pile1=("2C 8H", 1), pile2="8D", pile3="QS", pile4="5C", pile6="QD", pile7="3H", stock="6S 9S", redeals=1)
    s.handle("draw")  # no moves left
    assert say(s, "new game")[0].startswith("New game.")


def test_speech_settings_are_acknowledged_and_kept():
    s = Session("klondike", seed=1)
    assert say(s, "faster") == ["Faster."]
    assert say(s, "verbose") == ["Verbose."]
    assert s.narrator.verbose
    assert s.speech_settings == ["faster"]


@pytest.mark.parametrize("text", ["", "banana", "move move move", "seven", "yes", "hearts", "pile nine", "\x00", "a" * 10000])
def test_nothing_a_player_says_raises(text):
    s = Session("klondike", seed=3)
    reply = s.handle(text)
    assert reply.sentences and reply.sentences[0]


def _locked_position(stock: str):
    """Klondike draw one: nothing on the table can go anywhere useful; the stock is ``stock``."""
    from helpers import position
    from voicegame.engine import History

    s = Session("klondike", {"draw": 1}, seed=1)
    s.history = History.start(position(s.engine, pile1="KH QS", pile2="KD", stock=stock))
    assert not s.engine.is_stuck(s.state)  # moves there are; "No moves" does not apply
    return s


def test_following_hints_round_a_useless_stock_is_called_going_round_in_circles():
    s = _locked_position("2C 3D")
    said = []
    for _ in range(12):
        hint = s.handle("hint").sentences[0]
        said.append(hinted(hint))
        if said[-1] is None:
            break
        assert s.handle(said[-1]).moves  # each hint said back is played
    assert said[:6] == ["draw a card"] * 6  # twice through the stock (draw, draw, turn the waste over)
    assert hint.startswith("You are going round in circles") and len(said) == 7
    assert s.handle("hint").sentences[0].startswith("You are going round in circles")  # still so


def test_going_round_without_hints_or_asking_again_in_one_place_is_not_called_circling():
    s = _locked_position("AC 3D")
    for _ in range(4):  # the next idea, four times, in one position
        assert hinted(s.handle("hint").sentences[0]) is not None
    for _ in range(6):  # twice round the stock by hand
        s.handle("draw")
    hints = []
    for _ in range(3):  # the hints now lead somewhere: to the ace
        hints.append(hinted(s.handle("hint").sentences[0]))
        s.handle(hints[-1])
    assert hints == ["draw a card", "draw a card", "move the ace of clubs up"]


def test_yes_after_a_hint_plays_the_hinted_move():
    s = session_at(pile1=("3C 8S", 1), pile2="7H", pile3="AD", stock="2C")
    say(s, "hint")
    say(s, "hint")  # the next idea: seven of hearts on eight of spades
    assert say(s, "repeat") == ["Put the seven of hearts on the eight of spades."]  # repeating keeps the hint open
    reply = s.handle("yes")
    assert [s.narrator.move_phrase(s.history.states[-2], m) for m in reply.moves] == ["seven of hearts on eight of spades"]
    assert say(s, "yes") == ["There is no question to answer."]  # the hint was played; nothing is open


def test_yes_plays_a_hint_only_right_after_it():
    s = session_at(pile1=("3C 8S", 1), pile2="7H", pile3="AD", stock="2C")
    say(s, "hint")
    say(s, "score")
    assert not s.handle("yes").moves  # something else came between: "yes" no longer means the hint
    say(s, "hint")
    say(s, "no")
    assert not s.handle("yes").moves
    later = say(s, "hint")[0]
    assert hinted(later) is not None and "Say yes" not in later  # "say yes to do it" is said once per session


def test_hints_followed_with_yes_never_go_back_to_a_position():
    """Spider deal 7 (one suit): the hint moved a run back and forth between two threes, because a
    pointless move followed by the deal scored the same as the deal; the shorter line now wins."""
    s = Session("spider", {"suits": 1}, seed=7)
    seen = {s.state.piles}
    for _ in range(10):
        assert hinted(s.handle("hint").sentences[0]) is not None
        assert s.handle("yes").moves
        assert s.state.piles not in seen
        seen.add(s.state.piles)


def test_what_can_i_say_offers_yes_while_a_hint_is_open():
    s = session_at(pile1=("3C 8S", 1), pile2="7H", pile3="AD", stock="2C")
    say(s, "hint")
    assert say(s, "what can I say")[0].startswith("Now you could say: yes to play the hint, ")
    assert s.handle("yes").moves  # "what can I say" kept the hint open
    assert "yes to play" not in say(s, "what can I say")[0]


def test_the_intents_table_and_the_command_language_name_the_same_intents():
    """Every intent of grammars/en/commands.toml has a handler, and every handler an intent. The parser
    turns four intents into "move" ("seven up", "play the seven", "fill row two", "discard the
    seven"), and an ordinal "answer" ("the second") into "choose"."""
    from voicegame.language.command import Intent
    from voicegame.language.lexicon import load_language
    from voicegame.play.intents import INTENTS

    become_move = {"move_up", "play", "fill", "discard", "move_whole", "move_top"}
    become_answer = {"answer_place"}  # "the one on pile three"
    said = {name for name, _ in load_language().intents}
    assert become_move | become_answer <= said
    assert set(INTENTS) == (said - become_move - become_answer) | {"choose", "no_such_place"}  # no_such_place: typed text (language/typed.py)
    assert set(INTENTS) == set(Intent)  # the values a command's intent is compared with
    parser = Session("klondike", seed=5).parser
    for text in ("seven of hearts up", "play the seven of hearts", "discard the seven of hearts"):
        command = parser.parse(text)
        assert command is not None and command.intent == "move", text
    second = parser.parse("the second")
    assert second is not None and second.intent == "choose"


def test_the_session_and_its_parts_import_nothing_of_audio():
    """The session works on text and on what a recogniser heard: what it needs of recognisers comes
    through voicegame.listen. (The voice loop, the turn runner and the kiosk do use audio.)"""
    from test_layers import import_graph

    graph = import_graph()
    parts = ["session", "core", "dialogue", "game_in_play", "services", "intents", "reading", "lifecycle", "words",
             "reply"]
    for part in parts:
        module = f"voicegame.play.{part}"
        assert module in graph, module
        assert not [m for m in graph[module] if m.startswith("voicegame.audio")], module
    assert any(m.startswith("voicegame.audio") for m in graph["voicegame.play.turns"])  # the check sees audio imports


def test_asking_a_piles_rules_keeps_the_question_open():
    s = session_at(pile1="8S", pile2="7H", pile3="7D", stock="2C")
    assert say(s, "seven on eight of spades") == ["Which seven: hearts or diamonds?"]
    assert say(s, "what goes on pile one")[0].startswith("Pile one: build down")
    assert say(s, "diamonds") == ["Seven of diamonds on eight of spades.", "Pile three is empty."]


def test_more_after_what_can_i_do_names_the_rest():
    s = Session("freecell", seed=1)
    first = say(s, "what can i do")
    assert first[0].endswith("and 2 more.")
    rest = say(s, "more")
    assert rest == ["You can: eight of clubs to cell one or ten of clubs to cell one.", "Those are all the moves."]
    assert not any(phrase in first[0] for phrase in ("eight of clubs to cell one", "ten of clubs to cell one"))
