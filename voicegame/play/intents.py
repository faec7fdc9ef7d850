"""What each intent does: the table :data:`INTENTS`, intent name -> handler.

Every intent of grammars/en/commands.toml has an entry (tests/test_session.py checks the two agree).
A handler gets the session, the reply to fill, the command and what was open when the turn began
(:class:`~voicegame.play.dialogue.Opened`). The handlers that leave the game for another are in
:mod:`voicegame.play.lifecycle`, those that only read the board out or change how the game talks in
:mod:`voicegame.play.reading`; those that play are here.
"""

from __future__ import annotations

from typing import Callable

from voicegame.engine import Move, MoveKind
from voicegame.language.command import Command, Intent
from voicegame.language.narrate import join
from voicegame.play import lifecycle, pile_rules, reading
from voicegame.play.core import SessionCore
from voicegame.play.dialogue import Opened
from voicegame.play.reply import Reply
from voicegame.solver.hints import ranked_moves


Handler = Callable[[SessionCore, Reply, Command, Opened], None]


# ----- answers ----------------------------------------------------------------------------------
def do_answer(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    """"yes", "the second", "hearts": the answer to the question open, or "yes" to the hint."""
    question = opened.question
    if command.intent == Intent.YES and question is None and opened.hinted is not None:
        return s.play(reply, opened.hinted)
    if question is None:  # a card or place alone is an answer, never a move (voicegame.listen.policy)
        if command.source is None:
            return reply.refuse(s.say("nothing_to_answer"))
        return reply.refuse(s.say("say_whole_move", example=s.words.narrator.move_example()))
    s.resolve_and_play(reply, s.words.resolver.narrow(s.state, question, command), question)


def do_cancel(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    """"no", "cancel": whatever was open is closed already."""
    reply.sentences.append(s.say("cancelled"))


def do_sleep(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    """"go to sleep": until "wake up", speech is not acted on (the kiosk sleeps on its own, before this)."""
    s.asleep = True
    reply.sentences.append(s.say("sleep_in_play"))


def do_wake(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    s.asleep = False
    reply.sentences.append(s.say("kiosk_awake"))


def do_no_such_place(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    """"cell one to column nine" in FreeCell (typed text names a place the game does not have)."""
    reply.refuse(s.say("no_such_place", place=command.name or ""))


# ----- moves ------------------------------------------------------------------------------------
def do_move(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    s.resolve_and_play(reply, s.words.resolver.resolve_move(s.state, command.source, command.target))


def do_pair(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    s.resolve_and_play(reply, s.words.resolver.resolve_pair(s.state, command.source, command.target))


def do_draw(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    s.play(reply, Move(MoveKind.DEAL))


def do_undo(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    if not s.played.history.can_undo():
        return reply.refuse(s.say("nothing_to_undo"))
    move = s.played.undo()
    reply.sentences.extend(s.words.narrator.narration.undone(s.state, move))
    reply.earcons.append("undo")


def do_redo(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    if not s.played.history.can_redo():
        return reply.refuse(s.say("nothing_to_redo"))
    before = s.state
    move = s.played.redo()
    events = s.played.engine.apply(before, move)[1]
    reply.moves.append(move)
    reply.sentences.extend(s.words.narrator.narration.redone(before, move, events, s.state))
    reply.earcons.append("move")


def do_auto(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    if s.auto_up(reply) == 0:
        reply.sentences.append(s.say("auto_none"))


def do_auto_on(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    s.auto_play = True
    reply.sentences.append(s.say("auto_on"))
    s.auto_up(reply)


def do_auto_off(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    s.auto_play = False
    reply.sentences.append(s.say("auto_off"))


def do_discard_all(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    """Discard every card the discard pile takes, one move each (so undo takes back one)."""
    played = 0
    while not s.played.finished and (move := s.played.discard_move()) is not None:
        s.play(reply, move)
        played += 1
    if not played:
        reply.refuse(s.say("discard_none"))


# ----- advice -----------------------------------------------------------------------------------
def do_hint(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    ideas = s.hinting.ideas()
    if not ideas:
        reply.sentences.append(s.say("hint_none"))
        return
    if s.hinting.going_round():
        reply.sentences.append(s.say("hint_going_round"))
        return
    move = s.hinting.next_idea(ideas)
    sentence = s.words.narrator.move_sentence_among(s.state, move, s.played.engine.legal_moves(s.state))
    reply.sentences.append(s.say("hint" if s.dialogue.told_yes_plays_hint else "hint_first", move=sentence))
    s.dialogue.told_yes_plays_hint = True
    s.dialogue.hinted = move


PAIR_LIST_WORDS = 20
""""What can I do" in a pairing game names removals while they fit in this many words (two at least)."""


def _fitting(phrases: list[str], least: int) -> list[str]:
    """The first of ``phrases`` that fit in :data:`PAIR_LIST_WORDS` words (``least`` of them at least)."""
    kept: list[str] = []
    for phrase in phrases:
        if len(kept) >= least and sum(len(p.split()) for p in kept + [phrase]) > PAIR_LIST_WORDS:
            break
        kept.append(phrase)
    return kept


MOVES_AT_ONCE = 6
"""How many moves "what can I do" names at once; "more" names the next ones."""


def do_moves(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    moves = s.words.narrator.distinct_moves(s.state, ranked_moves(s.played.engine, s.state))
    if not moves:
        reply.sentences.append(s.say("hint_none"))
        return
    phrases = s.words.narrator.move_phrases(s.state, moves[:MOVES_AT_ONCE])
    if any(m.kind is MoveKind.PAIR for m in moves[:MOVES_AT_ONCE]):  # pairs named in full are long: as many as about 20 words hold
        removals = [m for m in moves if m.kind is not MoveKind.DEAL]
        every = s.words.narrator.move_phrases(s.state, removals)
        phrases, rest = _fitting(every, least=2), []
        done = len(phrases)
        while done < len(every):  # "more" names the rest, a page at a time
            rest.append(_fitting(every[done:], least=1))
            done += len(rest[-1])
        s.dialogue.more_pages = [[s.say("moves_list", moves=join(page, "or"))] for page in rest]
        s.dialogue.more_end = "moves_end"
        if len(removals) < len(moves):
            phrases.append(s.words.narrator.stock_verb())  # one word, always said: "draw"
        moves = removals + [m for m in moves if m.kind is MoveKind.DEAL]
    if len(moves) > len(phrases):
        reply.sentences.append(s.say("moves_list_more", moves=", ".join(phrases), count=len(moves) - len(phrases)))
        if not s.dialogue.more_pages:  # "and 5 more": "more" names them, six at a time (pairs paged above)
            every = s.words.narrator.move_phrases(s.state, moves)
            rest = [every[i:i + MOVES_AT_ONCE] for i in range(len(phrases), len(every), MOVES_AT_ONCE)]
            s.dialogue.more_pages = [[s.say("moves_list", moves=join(page, "or"))] for page in rest]
            s.dialogue.more_end = "moves_end"
    else:
        reply.sentences.append(s.say("moves_list", moves=join(phrases, "or")))


def do_winnable(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    """"Is this game still winnable?": the thoughtful solver (which sees every card) answers
    when it finds a win or proves there is none within a few seconds."""
    if s.played.engine.is_won(s.state):
        reply.sentences.append(s.say("winnable_won"))
        return
    key, seconds, follows = s.hinting.winnable(s.winnable_seconds, s.winnable_nodes)
    if key == "winnable_unknown":
        reply.sentences.append(s.say("winnable_unknown_no_limit") if seconds is None
                               else s.say("winnable_unknown_seconds", seconds=f"{seconds:g}"))
    else:
        reply.sentences.append(s.say(key))
    if follows:
        reply.sentences.append(s.say("winnable_follow"))  # hints follow that line here


INTENTS: dict[str, Handler] = {
    # playing
    Intent.MOVE: do_move, Intent.PAIR: do_pair, Intent.DRAW: do_draw, Intent.UNDO: do_undo, Intent.REDO: do_redo,
    Intent.AUTO: do_auto, Intent.AUTO_ON: do_auto_on, Intent.AUTO_OFF: do_auto_off, Intent.DISCARD_ALL: do_discard_all,
    # answers to what is open
    Intent.YES: do_answer, Intent.ANSWER: do_answer, Intent.CHOOSE: do_answer, Intent.NO: do_cancel, Intent.CANCEL: do_cancel,
    # advice
    Intent.HINT: do_hint, Intent.MOVES: do_moves, Intent.WINNABLE: do_winnable,
    Intent.WHAT_CAN_I_SAY: reading.do_what_can_i_say, Intent.ALL_COMMANDS: reading.do_all_commands, Intent.HELP: reading.do_help,
    Intent.LIST_GAMES: reading.do_list_games,
    # reading the board
    Intent.READ_BOARD: reading.do_read_board, Intent.MORE: reading.do_more, Intent.READ: reading.do_read,
    Intent.READ_GROUP: reading.do_read_group, Intent.READ_CELLS: reading.do_read_cells,
    Intent.READ_FOUNDATIONS: reading.do_read_foundations, Intent.READ_FREE: reading.do_read_free, Intent.WHERE: reading.do_where,
    Intent.COUNT: reading.do_count, Intent.SCORE: reading.do_score, Intent.REPEAT: reading.do_repeat,
    Intent.STATISTICS: reading.do_statistics,
    # how the game talks
    Intent.BRIEF: reading.do_brief, Intent.VERBOSE: reading.do_verbose, Intent.FASTER: reading.do_speech_setting,
    Intent.SLOWER: reading.do_speech_setting, Intent.LOUDER: reading.do_speech_setting, Intent.QUIETER: reading.do_speech_setting,
    # other games
    Intent.NEW_GAME: lifecycle.do_new_game, Intent.RESTART: lifecycle.do_restart, Intent.SWITCH_GAME: lifecycle.do_switch_game,
    Intent.PREVIOUS_GAME: lifecycle.do_previous_game, Intent.QUIT: lifecycle.do_quit,
    # the kiosk's own
    Intent.SLEEP: do_sleep, Intent.WAKE: do_wake, Intent.NO_SUCH_PLACE: do_no_such_place,
    # what was played, what is left, what this game is
    Intent.LAST_MOVE: reading.do_last_move, Intent.REDEALS_LEFT: reading.do_redeals_left, Intent.ABOUT_GAME: reading.do_about_game,
    # a pile's rules
    Intent.PILE_RULES: pile_rules.do_pile_rules,
}
"""Intent name -> what it does."""
