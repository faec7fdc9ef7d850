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

from dataclasses import dataclass, replace
from functools import partial
from typing import Any, Callable

from voicegame.engine import Engine, History, Move
from voicegame.engine.game import GameDef
from voicegame.games import GameEntry, find_game
from voicegame.language.command import Command, Intent, YES_NO_CANCEL
from voicegame.language.frames import nearest_frame
from voicegame.language.narrate import Narrator
from voicegame.language.parse import Parser
from voicegame.language.resolve import Ask, Play, Refuse, Resolver
from voicegame.language.sentences import sentence
from voicegame.language.spoken_command import spoken_command
from voicegame.language.typed import read_typed
from voicegame.listen.grammar import RecogniserGrammar, intent_phrase, listening_grammar
from voicegame.listen.understanding import TRANSCRIPT_ONLY, Heard, How, Understanding, understand
from voicegame.listen.evidence import ANSWER_WORDS, CHANGES_GAME, Open, answerable, evidence_of, situation_of
from voicegame.listen.choice_written import with_choice_written
from voicegame.listen.own_voice import with_own_voice
from voicegame.listen.match import MoveMatcher
from voicegame.listen.policy import Act, Confirm, Doubt, Effect, Evidence, Reason, Reject, Situation, Source, decide
from voicegame.play import lifecycle
from voicegame.play.core import Progress, SessionCore, PartAttribute
from voicegame.play.dialogue import KEEPS_OFFER, KEEPS_QUESTION, Opened
from voicegame.play.intents import INTENTS
from voicegame.play.reply import Reply
from voicegame.play.voice_memory import VoiceMemory
from voicegame.storage.autosave import Offer, Persistence
from voicegame.storage.savefile import SavedGame

__all__ = ["Progress", "Reply", "Session"]

MAX_COMMAND_CHARS = 200
"""Longer input is refused unread: no command is a tenth as long."""
YES_OR_NO = frozenset({Intent.YES, Intent.NO})
"""The answers to a question waiting for yes or no ("Draw?")."""
NAMES_NO_CHOICE = frozenset({Intent.YES, Intent.NO, Intent.CANCEL, Intent.CHOOSE})
"""Answers that name no card or place: with nothing open, "There is no question to answer." (a card or
place alone gets "Say a whole move, like ...")."""


@dataclass(frozen=True)
class Consequence:
    """What acting on an utterance would do (``Session._consequence``), and for a change of the game
    what to ask first and what "yes" then does."""

    situation: Situation
    question: str | None = None
    action: Callable[[Reply], None] | None = None
    resolution: Play | Ask | Refuse | None = None
    """What the command resolved to (a move, an answer, "yes" to the hint): carried out as it is."""


class Session(SessionCore):
    """One game being played (see the module's docstring); ``handle(text)`` and ``hear(heard)`` return
    the :class:`Reply` of each turn."""

    # What callers outside play/ (the cli, benches, tests, saves through ``Playing``) read and write
    # of the session's parts, through the session; play/ itself goes to the parts.
    # The game in play (a new one for every deal).
    entry: PartAttribute[GameEntry] = PartAttribute("played")
    game: PartAttribute[GameDef] = PartAttribute("played")
    options: PartAttribute[dict[str, Any]] = PartAttribute("played")
    seed: PartAttribute[int] = PartAttribute("played")
    engine: PartAttribute[Engine] = PartAttribute("played")
    history: PartAttribute[History] = PartAttribute("played")
    game_id: PartAttribute[str] = PartAttribute("played")  # this game's id in saves and statistics
    started: PartAttribute[str] = PartAttribute("played")
    seconds: PartAttribute[float] = PartAttribute("played")
    recorded: PartAttribute[bool] = PartAttribute("played")
    finished: PartAttribute[bool] = PartAttribute("played")
    # The words of this deal.
    narrator: PartAttribute[Narrator] = PartAttribute("words")
    parser: PartAttribute[Parser] = PartAttribute("words")
    resolver: PartAttribute[Resolver] = PartAttribute("words")
    move_matcher: PartAttribute[MoveMatcher] = PartAttribute("words")
    # The dialogue: what is open between turns.
    offer: PartAttribute[Offer | None] = PartAttribute("dialogue")
    pending: PartAttribute[Callable[[Reply], None] | None] = PartAttribute("dialogue")
    question: PartAttribute[Ask | None] = PartAttribute("dialogue")
    hinted: PartAttribute[Move | None] = PartAttribute("dialogue")

    def __init__(self, entry: GameEntry | str = "klondike", options: dict[str, Any] | None = None, seed: int | None = None,
                 verbose: bool = False, persistence: Persistence | None = None, resume: bool = False,
                 go_on: SavedGame | None = None) -> None:
        """``persistence`` saves after every change and keeps statistics; with ``resume``, a
        saved game of this game is offered at the greeting ("Resume ...? Say yes or new game");
        ``go_on``: play this saved game at once (``voicegame play --resume``). Otherwise, an
        unfinished game this new deal will take the place of is kept, and the greeting says so."""
        self.memory = VoiceMemory(persistence.folder if persistence is not None else None)
        """What the player's answers taught of their voice (voicegame.play.voice_memory)."""
        self.last_evidence: Evidence | None = None
        """What was known about the last utterance heard (benches read it)."""
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
            displaced = persistence.slot_game(self.played.game.key)
            if displaced is not None and displaced.unfinished:
                self.announcements.append(lifecycle.displaced_sentence(self, displaced))

    def intent_of(self, text: str) -> str | None:
        """The intent ``text`` would be understood as (None: not a command); nothing is done."""
        try:
            command = self.words.parser.parse(text) if len(text) <= MAX_COMMAND_CHARS else None
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
        """A typed turn: read as written, decided (a bare answer with nothing open is refused), carried out."""
        reply = Reply(text)
        too_long = len(text) > MAX_COMMAND_CHARS
        try:
            reply.command = None if too_long else read_typed(self.words.parser, text)
        except RecursionError:  # pathological input length
            reply.command = None
        command = reply.command
        if self._asleep_to(reply, command):
            return reply
        if command is None:
            self.dialogue.previous_chain = []
            if self.dialogue.offer is not None:
                lifecycle.unclear_answer(self, reply)
            elif too_long or not self._asked_nearest(reply, text):
                reply.refuse(self.say("too_long" if too_long else "not_understood"), "unknown")
            self.dialogue.last_sentences = reply.sentences
            return reply
        decision = decide(Evidence(True, Source.TYPED, bare_answer=command.intent in ANSWER_WORDS),
                          Situation(Effect.TELLS, answerable(command, self._open())))
        if isinstance(decision, Reject):
            reply.refuse(self._refusal(decision.reason, command))
            self.dialogue.last_sentences = reply.sentences
            return reply
        return self._carry_out(reply, command)

    def _asked_nearest(self, reply: Reply, text: str) -> bool:
        """Typed text one unknown word away from one command (voicegame.language.frames ``nearest_frame``):
        asked "Did you mean quieter?", in words the game understands; "yes" does it, anything else is a new
        turn. False when there is no such command."""
        parser = self.words.parser
        command = nearest_frame(parser, text)
        words = None if command is None else spoken_command(parser, command)
        if command is None or words is None:
            return False
        self.dialogue.question = None
        self.dialogue.wait_for_yes(partial(self.dispatch, command=command), no="cancelled")
        reply.ask(self.say("nearest_meaning", phrase=words))
        return True

    def _asleep_to(self, reply: Reply, command: Command | None) -> bool:
        """Asleep, anything but "wake up" is answered with how to wake (True: that was the turn)."""
        if self.asleep and (command is None or command.intent != Intent.WAKE):
            reply.sentences.append(self.say("sleep_in_play"))
            return True
        return False

    def _carry_out(self, reply: Reply, command: Command, resolution: Play | Ask | Refuse | None = None) -> Reply:
        """Do a command decided on, typed or heard: what the two paths share. ``resolution``: what the
        command resolved to when its turn was decided (``Consequence.resolution``), not resolved again."""
        if self._asleep_to(reply, command):
            return reply
        self.dispatch(reply, command, resolution)
        if command.intent != Intent.REPEAT:
            self.dialogue.last_sentences = reply.sentences
        return reply

    def hear(self, heard: Heard) -> Reply:
        """Act on what a recogniser heard: as :meth:`handle`, but a text that does not parse, an
        incomplete decode or an unplayable move is matched against this turn's legal moves
        (voicegame.listen.understanding), and what to do with it is decided by the listening policy
        (voicegame.listen.policy: act, ask first, or refuse). The words are parsed and resolved once, the
        decision made once, and what is acted on is carried out as understood (``_carry_out``, which typed
        turns share), not read again as typed text. Never raises."""
        if len(heard.text) > MAX_COMMAND_CHARS or heard.typed:  # typed in voice play: taken as written
            return self.handle(heard.text)
        if self.asleep and self.intent_of(heard.text) != Intent.WAKE:  # asleep: speech at the table is no command
            return Reply(heard.text)
        try:
            understood = understand(heard, self.state, self.words.parser, self.words.resolver, self.words.move_matcher,
                                    self.words.narrator, self.dialogue.question is not None)
        except RecursionError:
            understood = Understanding(How.REJECTED)
        understood = with_own_voice(heard, understood, self.words.parser, self.words.resolver, self.state, self.dialogue.question)
        understood = with_choice_written(heard, understood, self.words.parser, self.words.resolver, self.state,
                                         self.dialogue.question)
        understood = self._yes_or_no_written(heard, understood)
        self.by_ear = True
        missed = self.memory.start_turn()
        try:
            reply = self._hear(heard, understood)
        finally:
            self.by_ear = False
        words = understood.text or heard.text  # what understood.command was parsed from, when parsed
        carried_out = reply.command is not None and "unknown" not in reply.earcons and understood.how is How.PARSED \
            and reply.command == understood.command
        self.memory.end_turn(missed, self.dialogue.pending is not None and self.memory.asked is not None,
                             words if carried_out else None)
        return reply

    def acts_at_once(self, heard: Heard) -> bool:
        """Whether the listening policy would change a setting or mode heard as ``heard`` at once: typed, or
        decoded clearly and not contradicted by Whisper (voicegame.listen.policy). Nothing is done: the
        kiosk, which handles "sleep" and "quit" itself, sleeps only on what this allows (a person's "seven"
        decoded "sleep" and written "7" is "Sorry, I did not catch that.")."""
        if heard.typed:
            return True
        try:
            understood = understand(heard, self.state, self.words.parser, self.words.resolver, self.words.move_matcher,
                                    self.words.narrator, self.dialogue.question is not None)
        except RecursionError:
            return False
        return isinstance(decide(self._evidence(heard, understood), Situation(Effect.CHANGES_SETTING)), Act)

    def _yes_or_no_written(self, heard: Heard, understood: Understanding) -> Understanding:
        """While only "yes" or "no" can answer ("Draw?" waiting), Whisper's own one-word "yes" or "no" (or
        "yeah", "nope"...: the word parses as one) takes the place of a decode that cannot answer it (a card,
        an ordinal or nothing: the grammar holds bare answers while a question is open, and some voices' "yes"
        comes out "fifth" or "the ace"; the decode alone would be refused, rule 2), and vouches for a decode
        of the same answer, even a broken-off one ("yeah" of "yeah go on", which matching the legal moves
        made a "Did you mean ...?" of one word and refused). Found on held-out voices of bench/by_voice.py
        (Flite kal16's "yes" decoded "fifth" and written "yes" 30 times of 60) and on real people's
        recordings (a "yeah" written "yes" got "Sorry, I did not catch that.")."""
        dialogue, command = self.dialogue, understood.command
        if dialogue.pending is None or dialogue.question is not None or dialogue.offer is not None:
            return understood
        written = self._written_yes_or_no(heard)
        if written is None:
            return understood
        said, word = written
        text = understood.text or heard.text
        decoded = self.words.parser.parse(text) if text else None
        if decoded is not None and decoded.intent == said.intent:
            return Understanding(How.PARSED, decoded, text=text, agreed=True)
        if command is not None and command.intent not in (Intent.ANSWER, Intent.CHOOSE):
            return understood
        return Understanding(How.PARSED, said, doubt=TRANSCRIPT_ONLY, text=word)

    def _written_yes_or_no(self, heard: Heard) -> tuple[Command, str] | None:
        """The "yes" or "no" Whisper wrote, when its transcript is that one word: the command and the word."""
        transcript = heard.transcript() if heard.transcript is not None else None
        words = self.words.parser.words(transcript.text) if transcript is not None and transcript.text else ()
        if len(words) != 1:
            return None
        said = self.words.parser.parse(words[0])
        if said is None or said.intent not in YES_OR_NO:
            return None
        return said, words[0]

    def _hear(self, heard: Heard, understood: Understanding) -> Reply:
        """``hear`` after the words are understood: the policy's decision carried out."""
        consequence = self._consequence(understood)
        evidence = self.last_evidence = self._evidence(heard, understood)
        if consequence.question is not None:
            evidence = replace(evidence, confirmed_before=self.memory.trusted(heard, consequence.question))
        decision = decide(evidence, consequence.situation)
        if isinstance(decision, Confirm) and consequence.question is not None \
                and consequence.situation.effect is not Effect.ENDS_GAME and self.memory.denied(heard, consequence.question):
            decision = Reject()  # "no" to this very question about this very hearing: misheard, not asked again
            # (what ends the game is asked even when heard for sure: there "no" is "not now", not "misheard")
        if consequence.action is not None:
            asked = self._confirmed_or_asked(heard, understood, consequence, evidence, decision)
            if asked is not None:
                return asked
        if isinstance(decision, Reject) and decision.reason is Reason.NOT_UNDERSTOOD and self.dialogue.offer is None:
            corrected = self._ask_as_corrected(heard)
            if corrected is not None:
                return corrected
        if isinstance(decision, Reject) or isinstance(decision, Confirm):
            return self._refuse_heard(heard, understood, decision.reason if isinstance(decision, Reject) else Reason.NOT_UNDERSTOOD)
        with self.autosave.around(self) as turn:
            if understood.how is How.PARSED and understood.command is not None:  # parsed once, resolved once
                words = understood.text or heard.text
                turn.append(self._carry_out(Reply(words, understood.command), understood.command, consequence.resolution))
            else:
                turn.append(self._act_on(heard, understood))
            return turn[0]

    def _confirmed_or_asked(self, heard: Heard, understood: Understanding, consequence: Consequence,
                            evidence: Evidence, decision: Act | Confirm | Reject) -> Reply | None:
        """Agreed to twice before: what "yes" would do, done unasked; to be confirmed: asked first.
        None when the decision is neither."""
        action = consequence.action
        assert action is not None
        if evidence.confirmed_before and isinstance(decision, Act) \
                and isinstance(decide(replace(evidence, confirmed_before=False), consequence.situation), Confirm):
            with self.autosave.around(self) as turn:
                turn.append(self._do_as_confirmed(heard, understood, action))
                return turn[0]
        if isinstance(decision, Confirm) and consequence.question is not None:
            with self.autosave.around(self) as turn:
                turn.append(self._ask_first(heard, understood, consequence.question, action))
                return turn[0]
        return None

    def _ask_as_corrected(self, heard: Heard) -> Reply | None:
        """A hearing the player has twice followed at once with the same command: asked about as that
        command ("Hint?") instead of refused; None when there is no such command, or it asks nothing."""
        meant = self.memory.correction(heard)
        command = self.words.parser.parse(meant) if meant is not None else None
        if meant is None or command is None:
            return None
        understood = Understanding(How.PARSED, command, doubt=Doubt.MATCHED, text=meant)
        consequence = self._consequence(understood)
        if consequence.question is None or consequence.action is None:
            return None
        with self.autosave.around(self) as turn:
            turn.append(self._ask_first(heard, understood, consequence.question, consequence.action))
            return turn[0]

    def _refuse_heard(self, heard: Heard, understood: Understanding, reason: Reason) -> Reply:
        """Nothing is done: one sentence says why. What is open stays open (a question heard over
        is still waiting for its answer), but "Resume your game?" counts it as an unclear answer."""
        with self.autosave.around(self) as turn:
            reply = Reply(heard.text, command=understood.command if reason is not Reason.NOT_UNDERSTOOD else None)
            if self.dialogue.offer is not None:
                reply.command = None
                lifecycle.unclear_answer(self, reply)
            else:
                reply.refuse(self._refusal(reason, understood.command), "unknown")
                if reason is Reason.NOT_UNDERSTOOD:
                    self.memory.refused(heard)  # what they say next may be what they meant
            self.dialogue.last_sentences = reply.sentences
            turn.append(reply)
            return reply

    def _evidence(self, heard: Heard, understood: Understanding) -> Evidence:
        """What is known about ``heard`` and the command it was understood as (voicegame.listen.evidence)."""
        return evidence_of(heard, understood, self.words.parser, self.words.resolver, self.state)

    def _refusal(self, reason: Reason, command: Command | None) -> str:
        """The sentence that says why nothing was done."""
        if reason is Reason.BARE_ANSWER and (command is None or command.intent in NAMES_NO_CHOICE or command.source is None):
            return self.say("nothing_to_answer")  # "yes", "the second one", "hearts": nothing to answer
        if reason is Reason.BARE_ANSWER:
            return self.say(reason.value, example=self.words.narrator.move_example())  # "seven", "pile one"
        return self.say(reason.value)

    def _consequence(self, understood: Understanding) -> Consequence:
        """What acting on ``understood`` would do (voicegame.listen.evidence ``situation_of``) and, when it
        would change the game or a setting, what to ask first ("Six of diamonds on seven of spades?",
        "Quit? Your game is saved.") and what "yes" then does."""
        opened, command = self._open(), understood.command
        if opened.offer or command is None or understood.how is not How.PARSED or (command.intent == Intent.YES and opened.waiting):
            resolution = None
        else:
            resolution = self._resolution(command)
        situation = situation_of(understood, resolution, opened, self)
        if opened.offer:
            return Consequence(situation)
        move = resolution if isinstance(resolution, Play) else understood.resolution if understood.how is How.MATCHED else None
        if isinstance(move, Play):
            return Consequence(situation, self._ask_move(move.move), partial(self._play_confirmed, move=move.move), resolution)
        if understood.how is not How.PARSED or command is None:
            return Consequence(situation)
        if situation.effect is Effect.TELLS:  # asked about when heard with doubt
            phrase = understood.text or intent_phrase(self.words.parser, command.intent)
            return Consequence(situation, self.say("heard_confirm", phrase=phrase), partial(self.dispatch, command=command), resolution)
        return Consequence(situation, self._confirm_question(command), partial(self.dispatch, command=command))

    def _open(self) -> Open:
        """What an utterance may answer now (voicegame.listen.evidence)."""
        dialogue = self.dialogue
        return Open(question=dialogue.question is not None, waiting=dialogue.pending is not None,
                    offer=dialogue.offer is not None, hinted=dialogue.hinted is not None)

    def _resolution(self, command: Command) -> Play | Ask | Refuse | None:
        """What a move, a removal, an answer to the open question or "yes" to the hint resolves to
        (None: ``command`` is none of them)."""
        intent, dialogue, state = command.intent, self.dialogue, self.state
        if intent == Intent.MOVE:
            return self.words.resolver.resolve_move(state, command.source, command.target)
        if intent == Intent.PAIR:
            return self.words.resolver.resolve_pair(state, command.source, command.target)
        if intent in (Intent.ANSWER, Intent.CHOOSE) and dialogue.question is not None:
            return self.words.resolver.narrow(state, dialogue.question, command)
        if intent == Intent.YES and dialogue.question is None and dialogue.hinted is not None:
            return Play(dialogue.hinted)
        return None

    def refused_anyway(self, intent: str) -> bool:
        """Nothing to undo, redo, draw or go back to: the intent is refused, and nothing changes."""
        history = self.played.history
        return ((intent == Intent.UNDO and not history.can_undo()) or (intent == Intent.REDO and not history.can_redo())
                or (intent == Intent.DRAW and not self.played.can_draw())
                or (intent == Intent.PREVIOUS_GAME and not self._previous_game_exists()))

    def _confirm_question(self, command: Command) -> str:
        """What to ask before ``command`` changes the game or a setting, heard with doubt."""
        intent = command.intent
        if intent == Intent.SWITCH_GAME:
            return self.say("heard_switch", title=find_game(command.game or self.played.entry.key).title)
        if intent == Intent.QUIT:
            saved = self.persistence is not None and not self.persistence.failing and self.in_progress()
            return self.say("heard_quit_saved" if saved else "heard_quit")
        return self.say("heard_confirm", phrase=intent_phrase(self.words.parser, intent))

    def _previous_game_exists(self) -> bool:
        """Whether "previous game" has an unfinished game to go back to (else it is refused, unasked)."""
        persistence = self.persistence
        return persistence is not None and any(g.id != self.played.game_id for g in persistence.unfinished())

    def _ask_move(self, move: Move) -> str:
        return self.say("heard_confirm", phrase=self.words.narrator.move_phrase(self.state, move))

    def _ask_first(self, heard: Heard, understood: Understanding, question: str, action: Callable[[Reply], None]) -> Reply:
        """Heard with doubt, and it would change the game: ask "...?" and wait for yes / no; anything
        else drops the question and is understood as a new command."""
        reply = Reply(heard.text, command=understood.command)
        self.dialogue.question = None
        self.dialogue.wait_for_yes(action, no="cancelled")
        self.memory.asking(heard, question, action, understood.text or heard.text)
        reply.ask(question)
        self.dialogue.last_sentences = reply.sentences
        return reply

    def _do_as_confirmed(self, heard: Heard, understood: Understanding, action: Callable[[Reply], None]) -> Reply:
        """What "yes" to the question would do, done at once (voicegame.listen.learned)."""
        reply = Reply(heard.text, command=understood.command)
        self.dialogue.question = None
        if self.dialogue.pending is not None:
            self.dialogue.take_pending()  # a question still open is dropped, as any new command drops it
        action(reply)
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

    def _answer_pending(self, reply: Reply, intent: str) -> None:
        """"yes" does what waits for it; "no" and "cancel" say so. Either way nothing waits any more."""
        action, no = self.dialogue.take_pending()
        self.memory.answered(action, intent == Intent.YES, lambda words: self.words.parser.parse(words) is not None)
        if intent == Intent.YES and action is not None:
            return action(reply)
        reply.sentences.append(self.say(no))
        return None

    def recogniser_grammar(self) -> RecogniserGrammar:
        """What a recogniser should listen for now: the whole command
        language with this turn's nouns (the cards showing, the piles, the games), bare answers only
        while a question is open, plus a garbage loop for speech that is not a command
        (voicegame.listen.grammar). Cached: unchanged turns return the same object, so the voice
        loop calls ``set_grammar`` only when it changed."""
        return listening_grammar(self.words.parser, self.played.engine, self.state, self.words.move_matcher.legal_nouns(self.state),
                                 self.dialogue.question_open(), reading_open=bool(self.dialogue.more_pages))

    def dispatch(self, reply: Reply, command: Command, resolution: Play | Ask | Refuse | None = None) -> None:
        """Act on ``command``: first as the answer to what is open (an offer, a command waiting
        for "yes"), else through the intents table; ``resolution``, what ``_resolution`` made of the
        command this turn, is played as it is, as its handler would."""
        intent, dialogue = command.intent, self.dialogue
        if intent != Intent.PREVIOUS_GAME:
            dialogue.previous_chain = []
        if self._answered_open(reply, command):
            return None
        if intent == Intent.DRAW and dialogue.more_pages and self.words.parser.words(reply.heard) == ("next",):
            intent = Intent.MORE  # "next" right after a reading goes on reading
        opened = dialogue.begin_turn(intent)
        if resolution is not None:  # a move, a pair, an answer to the question open, "yes" to the hint
            return self.resolve_and_play(reply, resolution, opened.question if intent in (Intent.ANSWER, Intent.CHOOSE) else None)
        handler = INTENTS.get(intent)
        if handler is None:
            return reply.refuse(self.say("not_understood"), "unknown")
        handler(self, reply, command, opened)

    def _answered_open(self, reply: Reply, command: Command) -> bool:
        """``command`` taken first as the answer to what is open (an offer, a command waiting for
        "yes"): True when that was the whole turn. A command that answers neither drops what waits
        for "yes" (unless it keeps the question open) and is still to be done."""
        intent, dialogue = command.intent, self.dialogue
        if dialogue.pending is not None and dialogue.offer is not None and intent in YES_NO_CANCEL:
            # asked after the offer ("Quit? Your game is saved."): the latest question gets the answer
            self._answer_pending(reply, intent)
            return True
        if dialogue.offer is not None and self._answered_offer(reply, command):
            return True
        if dialogue.pending is not None and intent not in KEEPS_QUESTION:  # "yes" does it, anything else drops it
            if intent in YES_NO_CANCEL:
                self._answer_pending(reply, intent)
                return True
            dialogue.take_pending()
        return False

    def _answered_offer(self, reply: Reply, command: Command) -> bool:
        """``command`` said while "Resume your game?" is open: its answer, a command that keeps it open,
        or an unclear answer. True when that was the whole turn; False when the command is still to be
        done (resumed on a command: it was meant for the game the player came back to)."""
        intent, dialogue = command.intent, self.dialogue
        if intent in (Intent.YES, Intent.NEW_GAME):
            lifecycle.answer_offer(self, reply, dialogue.take_offer(), intent == Intent.YES)
            return True
        if intent in (Intent.SWITCH_GAME, Intent.PREVIOUS_GAME):
            dialogue.offer = None
            return False
        if intent in KEEPS_OFFER:
            if intent not in (Intent.HELP, Intent.ALL_COMMANDS, Intent.STATISTICS):
                return False
            INTENTS[intent](self, reply, command, Opened(None, None))
            reply.sentences.append(self.say("say_resume"))
            return True
        lifecycle.unclear_answer(self, reply)
        if dialogue.offer is not None or intent in ANSWER_WORDS:
            return True  # asked again; or resumed on "no", which says nothing to do
        if self.by_ear and (intent in CHANGES_GAME or intent in (Intent.MOVE, Intent.PAIR)):
            reply.sentences.append(self.say("resumed_say_again"))  # heard, unconfirmed: not done
            return True
        return False
