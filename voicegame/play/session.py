"""One game being played: heard text in, sentences and earcon names out.

The session knows nothing of audio: the CLI (text mode) or the voice loop feeds it text (or what a
recogniser heard) and speaks what it returns. Everything a player can say goes through
:meth:`Session.handle`, which never raises for bad input.

A session is made of three parts (:mod:`voicegame.play.core`): the game in play, the dialogue and the
services. Here is the turn: what was said is understood (heard with doubt, what would change the game is
asked about first), answers what is open, or goes to its handler in the table
:data:`voicegame.play.intents.INTENTS`.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any, Callable

from voicegame.engine import Move
from voicegame.games import GameEntry, find_game
from voicegame.language.command import CardRef, Command
from voicegame.language.resolve import Ask, Play, Refuse
from voicegame.language.sentences import sentence
from voicegame.listen.grammar import RecogniserGrammar, intent_phrase, listening_grammar
from voicegame.listen.match import SECOND_ONLY, Heard, Understanding, understand
from voicegame.play import lifecycle
from voicegame.play.core import Progress, SessionCore
from voicegame.play.dialogue import KEEPS_OFFER, KEEPS_QUESTION, Opened
from voicegame.play.intents import INTENTS
from voicegame.play.reply import Reply
from voicegame.storage.autosave import Persistence
from voicegame.storage.savefile import SavedGame

__all__ = ["Progress", "Reply", "Session"]

MAX_COMMAND_CHARS = 200
"""Longer input is refused unread: no command is a tenth as long."""
CHANGES_GAME = frozenset({"draw", "undo", "redo", "auto", "auto_on", "discard_all", "new_game", "restart",
                          "switch_game", "quit"})
"""Intents (besides moves) that change the game: heard with doubt, they are confirmed first."""
UNSURE_FIT = frozenset({"weak fit"})
"""Recogniser doubts (``Heard.doubt``) under which a command that would change nothing (a reading, an
answer, a refusal, a "which move?" question made from a broken-off decode) is not acted on either: the
player is asked to say it again. A change of the game is
confirmed instead. Measured 2026-11-24 (bench/heard.py, 233 clean commands and 59 in each of white noise
20 and 10 dB, 120 non-commands): of 12 commands decoded with a weak fit only 2 were right (both moves,
confirmed), while 3 of the 3 false accepts left were weak-fit readings ("did you lock the back door" ->
"read all the piles")."""
SECOND_ONLY_ANSWERED = frozenset({
    "hint", "moves", "winnable", "what_can_i_say", "all_commands", "help", "list_games", "read_board", "more",
    "read_cells", "read_foundations", "read_free", "count", "score", "repeat", "statistics",
    "brief", "verbose"})
"""Intents answered when only the second decode heard them, clearly (``Heard.second_clear``): advice and
readings of no pile or card in particular, which change neither the game nor what is open. Not the
speech rate and volume: a wrong one changes how everything after it sounds ("faster" was heard as
"softer" there; quieter and quieter could end in silence). Anything else heard only there is
confirmed or dropped (``SECOND_ONLY``). Measured 2026-11-24 (bench/heard.py, 242 clean commands and
61 in each white noise, 80 non-commands): clean right 72.7 -> 75.6% tune, 55.7 -> 57.1% held-out,
white 20 dB 71.7 -> 78.3% tune, white 10 dB 63.0 -> 69.6 / 46.7 -> 53.3%; no wrong action or false
accept added (bench/RESULTS.md "ASR")."""
ANSWER_WORDS = frozenset({"yes", "no", "cancel", "answer", "choose"})
"""Intents that only answer what is open: said as the second unclear answer to "Resume your game?",
they resume the game and do nothing more."""
HEARD_ALWAYS_CONFIRMED = frozenset({"switch_game"})
"""Intents confirmed whenever they are heard, however sure the decode: switching games throws the deal
away and costs the player one "yes". At a deal's start nothing else asks, and bench/heard.py's held-out
half had "table" decoded, surely, as "play golf" (the one wrong action left on clean speech)."""


class Session(SessionCore):
    """One game being played (see the module's docstring); ``handle(text)`` and ``hear(heard)`` return
    the :class:`Reply` of each turn."""

    def __init__(self, entry: GameEntry | str = "klondike", options: dict[str, Any] | None = None, seed: int | None = None,
                 verbose: bool = False, persistence: Persistence | None = None, resume: bool = False,
                 go_on: SavedGame | None = None) -> None:
        """``persistence`` saves after every change and keeps statistics; with ``resume``, a
        saved game of this game is offered at the greeting ("Resume ...? Say yes or new game");
        ``go_on``: play this saved game at once (``voicegame play --resume``). Otherwise, an
        unfinished game this new deal will take the place of is kept, and the greeting says so."""
        super().__init__(entry, options, seed, verbose, persistence)
        if persistence is not None:
            self._announce_saves(persistence, resume, go_on)

    def _announce_saves(self, persistence: Persistence, resume: bool, go_on: SavedGame | None) -> None:
        self.announcements.extend(sentence(problem) for problem in persistence.problems)
        if go_on is not None:
            self.announcements.append(lifecycle.go_on_with(self, go_on))  # or: played somewhere else, a new deal
        elif resume:
            problem = lifecycle.offer_saved_game(self)
            if problem:
                self.announcements.append(problem)
            if self.dialogue.offer is not None:
                self.announcements.append(lifecycle.resume_question(self, "resume_offer"))
        else:
            displaced = persistence.slot_game(self.game.key)
            if displaced is not None and displaced.unfinished:
                self.announcements.append(lifecycle.kept_sentence(self, displaced.game, displaced.seed))

    def intent_of(self, text: str) -> str | None:
        """The intent ``text`` would be understood as (None: not a command); nothing is done."""
        try:
            command = self.parser.parse(text) if len(text) <= MAX_COMMAND_CHARS else None
        except RecursionError:
            return None
        return None if command is None else command.intent

    def new_game(self) -> Reply:
        """Deal a new game at once, as "new game" does, dropping any offer to resume (the kiosk's
        timer after a game is over)."""
        self.dialogue.offer = None
        return self.handle("new game")

    def handle(self, text: str) -> Reply:
        """Understand ``text`` and act on it. Never raises for anything a player can say."""
        with self.autosave.around(self) as turn:
            turn.append(self._handle(text))
            return turn[0]

    def _handle(self, text: str) -> Reply:
        reply = Reply(text)
        too_long = len(text) > MAX_COMMAND_CHARS
        try:
            reply.command = None if too_long else self.parser.parse(text)
        except RecursionError:  # pathological input length
            reply.command = None
        if reply.command is None:
            self.dialogue.previous_chain = []
        if reply.command is None and self.dialogue.offer is not None:
            lifecycle.unclear_answer(self, reply)
        elif reply.command is None:
            reply.refuse(self.say("too_long" if too_long else "not_understood"), "unknown")
        else:
            self.dispatch(reply, reply.command)
        if reply.command is None or reply.command.intent != "repeat":
            self.dialogue.last_sentences = reply.sentences
        return reply

    def hear(self, heard: Heard) -> Reply:
        """Act on what a recogniser heard: as :meth:`handle`, but a text that does not parse, an
        incomplete decode or an unplayable move is matched against this turn's legal moves
        (voicegame.listen.match); out-of-grammar speech changes nothing. Never raises."""
        if len(heard.text) > MAX_COMMAND_CHARS:
            return self.handle(heard.text)
        try:
            understood = understand(heard, self.state, self.parser, self.resolver, self.move_matcher,
                                    self.narrator, self.question is not None)
        except RecursionError:
            understood = Understanding("rejected")
        self.by_ear = True
        try:
            if understood.command is not None and understood.command.intent in HEARD_ALWAYS_CONFIRMED \
                    and understood.how == "parsed" and not understood.doubt:
                understood = replace(understood, doubt="always confirmed when heard")
            if understood.doubt:
                confirmation = self._confirmation(understood)
                if confirmation is not None:
                    with self.autosave.around(self) as turn:
                        turn.append(self._ask_first(heard, understood, *confirmation))
                        return turn[0]
                if understood.doubt == SECOND_ONLY and not self._asks_anyway(understood) \
                        and not (heard.second_clear and self._answers_unasked(understood)):
                    understood = Understanding("rejected")  # heard only by the second decode: asked about, or nothing
            if heard.doubt in UNSURE_FIT and not understood.agreed and understood.how in ("parsed", "asked") \
                    and not self._asks_anyway(understood):
                understood = Understanding("rejected")  # a weak fit that would change nothing: "say it again"
            if understood.how == "parsed":
                return self.handle(understood.text or heard.text)
            with self.autosave.around(self) as turn:
                turn.append(self._act_on(heard, understood))
                return turn[0]
        finally:
            self.by_ear = False

    def _confirmation(self, understood: Understanding) -> tuple[str, Callable[[Reply], None]] | None:
        """When acting on ``understood`` would change the game: what to ask ("Six of diamonds on
        seven of spades?") and what "yes" does. None when it would not (reading, help, a refusal,
        a question of its own), so that only what changes the game waits for a "yes"."""
        state, dialogue = self.state, self.dialogue
        if dialogue.offer is not None:
            return None  # "Resume your game?" is answered first: a move heard is an unclear answer, not a question
        if understood.how == "matched" and isinstance(understood.resolution, Play):
            move = understood.resolution.move
            return self._ask_move(move), partial(self._play_confirmed, move=move)
        command = understood.command
        if understood.how != "parsed" or command is None:
            return None
        intent = command.intent
        resolution: Play | Ask | Refuse | None = None
        if intent == "move" or (intent == "answer" and dialogue.question is None and command.source is not None):
            resolution = self.resolver.resolve_move(state, command.source, command.target)
        elif intent == "pair":
            resolution = self.resolver.resolve_pair(state, command.source, command.target)
        elif intent in ("answer", "choose") and dialogue.question is not None:
            resolution = self.resolver.narrow(state, dialogue.question, command)
        elif intent == "yes" and not dialogue.question_open() and dialogue.hinted is not None:
            resolution = Play(dialogue.hinted)
        if resolution is not None:
            if not isinstance(resolution, Play):
                return None  # nothing changes yet: a refusal says why, a question asks
            move = resolution.move
            return self._ask_move(move), partial(self._play_confirmed, move=move)
        if intent not in CHANGES_GAME or dialogue.pending is not None:
            return None
        if intent in ("new_game", "restart", "switch_game") and self.in_progress():
            return None  # asked about anyway
        if (intent == "undo" and not self.history.can_undo()) or (intent == "redo" and not self.history.can_redo()) \
                or (intent == "draw" and not self.played.can_draw()):
            return None  # refused anyway, and nothing changes
        if intent == "switch_game":
            question = self.say("heard_switch", title=find_game(command.game or self.entry.key).title)
        else:
            question = self.say("heard_confirm", phrase=intent_phrase(self.parser, intent))
        return question, partial(self.dispatch, command=command)

    def _asks_anyway(self, understood: Understanding) -> bool:
        """Whether handling ``understood`` asks before it changes anything ("This game is not finished.
        Play Spider instead?"): a new deal or another game while a game is in progress."""
        command = understood.command
        return command is not None and command.intent in ("new_game", "restart", "switch_game") and self.in_progress()

    def _answers_unasked(self, understood: Understanding) -> bool:
        """Whether a command heard only by the second decode, fitting clearly (``Heard.second_clear``),
        is answered: one that names no card, pile, number or game and changes neither the game nor the
        dialogue (``SECOND_ONLY_ANSWERED``), or a move that is refused (``_refused_card_move``); never one
        beginning with a word the parser skips: forced onto the language, an unrelated sentence's first
        word tends to become "the" or "my" ("the car needs new tyres" -> "the all the piles",
        bench/heard.py)."""
        command = understood.command
        if understood.how != "parsed" or command is None or self.parser.begins_with_skipped_word(understood.text):
            return False
        if command.intent == "move":
            return self._refused_card_move(command)
        return (command.intent in SECOND_ONLY_ANSWERED and command.source is None and command.target is None
                and command.number is None and command.suit is None and command.game is None)

    def _refused_card_move(self, command: Command) -> bool:
        """A move of a card named in full ("seven of spades on ace of clubs") that cannot be played: its
        reason is given. A card named in part is not: forced onto the language, ordinary speech came
        out as such moves ("pile one to the eight", "move the three over the three of club")."""
        source, target = command.source, command.target
        return (isinstance(source, CardRef) and source.suit is not None
                and not (isinstance(target, CardRef) and target.suit is None)
                and isinstance(self.resolver.resolve_move(self.state, source, target), Refuse))

    def _ask_move(self, move: Move) -> str:
        return self.say("heard_confirm", phrase=self.narrator.move_phrase(self.state, move))

    def _ask_first(self, heard: Heard, understood: Understanding, question: str, action: Callable[[Reply], None]) -> Reply:
        """Heard with doubt, and it would change the game: ask "...?" and wait for yes / no; anything
        else drops the question and is understood as a new command."""
        reply = Reply(heard.text, command=understood.command)
        self.dialogue.question = None
        self.dialogue.wait_for_yes(action, no="cancelled")
        reply.ask(question)
        self.dialogue.last_sentences = reply.sentences
        return reply

    def _play_confirmed(self, reply: Reply, move: Move) -> None:
        self.dialogue.question = None
        self.play(reply, move)

    def _act_on(self, heard: Heard, understood: Understanding) -> Reply:
        reply = Reply(heard.text, command=understood.command)
        self.dialogue.previous_chain = []
        if self.dialogue.offer is not None:  # a move heard is no answer to "Resume your game?"
            reply.command = None
            lifecycle.unclear_answer(self, reply)
        elif understood.resolution is None:
            reply.refuse(self.say("not_understood"), "unknown")
        else:
            self.dialogue.question = None
            self.resolve_and_play(reply, understood.resolution)
        self.dialogue.last_sentences = reply.sentences
        return reply

    def recogniser_grammar(self) -> RecogniserGrammar:
        """What a recogniser should listen for now: the whole command
        language with this turn's nouns (the cards showing, the piles, the games), bare answers only
        while a question is open, plus a garbage loop for speech that is not a command
        (voicegame.listen.grammar). Cached: unchanged turns return the same object, so the voice
        loop calls ``set_grammar`` only when it changed."""
        return listening_grammar(self.parser, self.engine, self.state, self.move_matcher.legal_nouns(self.state),
                                 self.dialogue.question_open(), reading_open=bool(self.dialogue.more_pages))

    def dispatch(self, reply: Reply, command: Command) -> None:
        """Act on ``command``: first as the answer to what is open (an offer, a command waiting
        for "yes"), else through the intents table."""
        intent, dialogue = command.intent, self.dialogue
        if intent != "previous_game":
            dialogue.previous_chain = []
        if dialogue.offer is not None:
            if intent in ("yes", "new_game"):
                return lifecycle.answer_offer(self, reply, dialogue.take_offer(), intent == "yes")
            if intent in ("switch_game", "previous_game"):
                dialogue.offer = None
            elif intent not in KEEPS_OFFER:
                lifecycle.unclear_answer(self, reply)
                if dialogue.offer is not None or intent in ANSWER_WORDS:
                    return None  # asked again; or resumed on "no", which says nothing to do
                if self.by_ear and (intent in CHANGES_GAME or intent in ("move", "pair")):
                    reply.sentences.append(self.say("resumed_say_again"))  # heard, unconfirmed: not done
                    return None
                # resumed on a command: it was meant for the game the player came back to, so it is done there
            elif intent in ("help", "all_commands", "statistics"):
                INTENTS[intent](self, reply, command, Opened(None, None))
                reply.sentences.append(self.say("say_resume"))
                return
        if dialogue.pending is not None and intent not in KEEPS_QUESTION:  # "yes" does it, anything else drops it
            action, no = dialogue.take_pending()
            if intent == "yes" and action is not None:
                return action(reply)
            if intent in ("no", "cancel"):
                reply.sentences.append(self.say(no))
                return
        if intent == "draw" and dialogue.more_pages and self.parser.words(reply.heard) == ("next",):
            intent = "more"  # "next" right after a reading goes on reading
        opened = dialogue.begin_turn(intent)
        handler = INTENTS.get(intent)
        if handler is None:
            return reply.refuse(self.say("not_understood"), "unknown")
        handler(self, reply, command, opened)

