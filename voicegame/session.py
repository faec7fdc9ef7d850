"""One game being played: heard text in, sentences and earcon names out.

The session knows nothing of audio: the CLI (text mode) or the voice loop feeds
it text and speaks what it returns. Everything a player can say goes through
:meth:`Session.handle`, which never raises for bad input.
"""

from __future__ import annotations

import secrets
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Callable, Iterator

from voicegame.engine import Engine, History, IllegalMove, Move, MoveKind, Moved, PileKind, State, TurnedOver, Won
from voicegame.engine.auto import safe_foundation_move
from voicegame.games import GAMES, GameEntry, find_game
from voicegame.hints import HINT_SECONDS, HintService, ranked_moves
from voicegame.narrate import Narrator, join
from voicegame.persist import Offer, Persistence
from voicegame.stats import GameStats, stats_key
from voicegame.store import now_iso
from voicegame.voice.command import Command, GroupRef, PileRef
from voicegame.audio.grammar_spec import RecogniserGrammar
from voicegame.audio.recognisers import Heard
from voicegame.voice.grammar import intent_phrase, listening_grammar
from voicegame.voice.match import SECOND_ONLY, MoveMatcher, Understanding, understand
from voicegame.voice.parse import Parser
from voicegame.voice.resolve import Ask, Play, Refuse, Resolver

GOING_ROUND = 2
"""How often "hint" may bring a player back to the same position before it says they are going round
in circles: twice through the stock without a change (the first time round, the stock cards were
still being seen)."""
KEEPS_QUESTION = frozenset({"repeat", "what_can_i_say", "help", "faster", "slower", "louder", "quieter"})
"""Intents that leave an open question open (everything else drops it)."""
CHANGES_GAME = frozenset({"draw", "undo", "redo", "auto", "auto_on", "discard_all", "new_game", "restart",
                          "switch_game", "quit"})
"""Intents (besides moves) that change the game: heard with doubt, they are confirmed first."""


@dataclass
class Reply:
    """What one turn produced: for the speaker, the earcon player and the trace."""

    heard: str
    command: Command | None = None
    moves: list[Move] = field(default_factory=list)
    sentences: list[str] = field(default_factory=list)
    earcons: list[str] = field(default_factory=list)
    quit: bool = False


class Session:
    def __init__(self, entry: GameEntry | str = "klondike", options: dict[str, Any] | None = None, seed: int | None = None,
                 verbose: bool = False, persistence: "Persistence | None" = None, resume: bool = False) -> None:
        """``persistence`` saves after every change and keeps statistics; with ``resume``, a
        saved game of this game is offered at the greeting ("Resume ...? Say yes or new game")."""
        self.verbose = verbose
        self.persistence = persistence
        self.offer: Offer | None = None
        self.pending: Callable[[Reply], None] | None = None  # a destructive command waiting for "yes"
        self.pending_no = "kept_game"  # what "no" to ``pending`` says
        self.told_yes_plays_hint = False  # the first hint says that "yes" plays it; later ones do not
        self.speech_settings: list[str] = []
        self.auto_play = False  # "auto on": play every safe card up after each move
        self._auto_running = False  # inside _auto_up: its own moves do not start another round
        self.announcements: list[str] = []  # said once after the greeting (e.g. deals skipped by --winnable)
        self.last_sentences: list[str] = []
        self.start_game(find_game(entry) if isinstance(entry, str) else entry, options or {}, seed)
        if persistence is not None:
            self.announcements.extend(persistence.problems)
            if resume:
                self.offer, problem = persistence.offer(self.game.key)
                if problem:
                    self.announcements.append(problem)
                if self.offer is not None:
                    self.announcements.append(self.narrator.say("resume_offer", title=self.entry.title, when=self.offer.when))

    # ----- game lifecycle ---------------------------------------------------------------
    def start_game(self, entry: GameEntry, options: dict[str, Any], seed: int | None) -> None:
        if getattr(self, "history", None) is not None and self.persistence is not None and self.history.cursor and not self.recorded:
            self.persistence.record(self, won=False)  # a game left unfinished counts as lost
        self.started = now_iso()
        self.seconds = 0.0
        self.recorded = False
        self.entry = entry
        self.options = {o.name: options.get(o.name, o.default) for o in entry.options}
        self.game = entry.make(**self.options)
        self.engine = Engine(self.game)
        self.narrator = Narrator(self.engine, verbose=self.verbose)
        self.parser = Parser(self.game, game_names={name: g.key for g in GAMES for name in (g.title, *g.aliases)})
        self.resolver = Resolver(self.engine, self.narrator)
        self.seed = secrets.randbelow(2**31) if seed is None else seed
        self.history = History.start(self.engine.deal(self.seed))
        self.question: Ask | None = None
        self.hint_index = 0
        self.hinted: Move | None = None  # the move the last reply hinted at: "yes" plays it
        self.hints = HintService(self.engine, self.hint_seconds, self.hint_nodes)
        self.hinted_at: dict[tuple, set[int]] = {}  # piles -> the moves-in (cursors) where "hint" was asked there
        self.finished = False

    @property
    def state(self) -> State:
        return self.history.current

    def greeting(self) -> Reply:
        reply = Reply("", sentences=[self.narrator.say("greeting", title=self.game.title), *self.announcements], earcons=["listening"])
        self.last_sentences = reply.sentences
        return reply

    # ----- one turn ---------------------------------------------------------------------------
    def handle(self, text: str) -> Reply:
        """Understand ``text`` and act on it. Never raises for anything a player can say."""
        with self._saving():
            return self._handle(text)

    @contextmanager
    def _saving(self) -> Iterator[None]:
        """Autosave when the turn changed the game (a move, undo, redo or a new deal)."""
        before = (self.history, self.history.cursor, len(self.history.states))
        yield
        if self.persistence is not None and before != (self.history, self.history.cursor, len(self.history.states)):
            if self.finished and not self.recorded:
                self.recorded = True
                self.persistence.record(self, won=True)
            self.persistence.autosave(self)

    def _handle(self, text: str) -> Reply:
        reply = Reply(text)
        try:
            reply.command = self.parser.parse(text)
        except RecursionError:  # pathological input length
            reply.command = None
        if reply.command is None:
            self._refuse(reply, self.narrator.say("not_understood"), "unknown")
        else:
            self._dispatch(reply, reply.command)
        if reply.command is None or reply.command.intent != "repeat":
            self.last_sentences = reply.sentences
        return reply

    def hear(self, heard: Heard) -> Reply:
        """Act on what a recogniser heard: as :meth:`handle`, but a text that does not parse, an
        incomplete decode or an unplayable move is matched against this turn's legal moves
        (voicegame.voice.match); out-of-grammar speech changes nothing. Never raises."""
        try:
            understood = understand(heard, self.state, self.parser, self.resolver, self.move_matcher,
                                    self.narrator, self.question is not None)
        except RecursionError:
            understood = Understanding("rejected")
        if understood.doubt:
            confirmation = self._confirmation(understood)
            if confirmation is not None:
                with self._saving():
                    return self._ask_first(heard, understood, *confirmation)
            if understood.doubt == SECOND_ONLY:  # heard only by the second decode: asked about, or nothing
                understood = Understanding("rejected")
        if understood.how == "parsed":
            return self.handle(understood.text or heard.text)
        with self._saving():
            return self._act_on(heard, understood)

    def _confirmation(self, understood: Understanding) -> tuple[str, Callable[[Reply], None]] | None:
        """When acting on ``understood`` would change the game: what to ask ("Six of diamonds on
        seven of spades?") and what "yes" does. None when it would not (reading, help, a refusal,
        a question of its own), so that only what changes the game waits for a "yes"."""
        state = self.state
        if understood.how == "matched" and isinstance(understood.resolution, Play):
            move = understood.resolution.move
            return self._ask_sentence(self.narrator.move_phrase(state, move)), partial(self._play_confirmed, move=move)
        command = understood.command
        if understood.how != "parsed" or command is None:
            return None
        intent = command.intent
        resolution: Play | Ask | Refuse | None = None
        if intent == "move" or (intent == "answer" and self.question is None and command.source is not None):
            resolution = self.resolver.resolve_move(state, command.source, command.target)
        elif intent == "pair":
            resolution = self.resolver.resolve_pair(state, command.source, command.target)
        elif intent in ("answer", "choose") and self.question is not None:
            resolution = self.resolver.narrow(state, self.question, command)
        elif intent == "yes" and self.question is None and self.pending is None and self.offer is None \
                and self.hinted is not None:
            resolution = Play(self.hinted)
        if resolution is not None:
            if not isinstance(resolution, Play):
                return None  # nothing changes yet: a refusal says why, a question asks
            move = resolution.move
            return self._ask_sentence(self.narrator.move_phrase(state, move)), partial(self._play_confirmed, move=move)
        if intent not in CHANGES_GAME or self.pending is not None or self.offer is not None:
            return None
        if intent in ("new_game", "restart", "switch_game") and self.in_progress():
            return None  # asked about anyway
        if (intent == "undo" and not self.history.can_undo()) or (intent == "redo" and not self.history.can_redo()) \
                or (intent == "draw" and not self.engine.is_legal(state, Move(MoveKind.DEAL))):
            return None  # refused anyway, and nothing changes
        if intent == "switch_game":
            phrase = f"play {find_game(command.game or self.entry.key).title}"
        else:
            phrase = intent_phrase(self.parser, intent)
        return self._ask_sentence(phrase), partial(self._dispatch, command=command)

    @staticmethod
    def _ask_sentence(phrase: str) -> str:
        return phrase[:1].upper() + phrase[1:] + "?"

    def _ask_first(self, heard: Heard, understood: Understanding, question: str, action: Callable[[Reply], None]) -> Reply:
        """Heard with doubt, and it would change the game: ask "...?" and wait for yes / no; anything
        else drops the question and is understood as a new command."""
        reply = Reply(heard.text, command=understood.command)
        self.question = None
        self.pending = action
        self.pending_no = "cancelled"
        reply.sentences.append(question)
        reply.earcons.append("question")
        self.last_sentences = reply.sentences
        return reply

    def _play_confirmed(self, reply: Reply, move: Move) -> None:
        self.question = None
        self._play(reply, move)

    def _act_on(self, heard: Heard, understood: Understanding) -> Reply:
        reply = Reply(heard.text, command=understood.command)
        if understood.resolution is None:
            self._refuse(reply, self.narrator.say("not_understood"), "unknown")
        else:
            self.question = None
            self._resolve_and_play(reply, understood.resolution)
        self.last_sentences = reply.sentences
        return reply

    @property
    def move_matcher(self) -> MoveMatcher:
        """The legal-move matcher of the current game (rebuilt with the parser)."""
        matcher = getattr(self, "_move_matcher", None)
        if matcher is None or matcher.parser is not self.parser:
            matcher = self._move_matcher = MoveMatcher(self.parser, self.engine)
        return matcher

    def recogniser_grammar(self) -> RecogniserGrammar:
        """What a recogniser should listen for now: the whole command language with this turn's
        nouns (the cards showing, the piles, the games), bare answers only while a question is open,
        plus a garbage loop for speech that is not a command (voicegame.voice.grammar). Cached:
        unchanged turns return the same object, so the voice loop calls ``set_grammar`` only when
        it changed."""
        question_open = self.question is not None or self.pending is not None or self.offer is not None
        return listening_grammar(self.parser, self.engine, self.state, self.move_matcher.legal_nouns(self.state),
                                 question_open)

    def _dispatch(self, reply: Reply, command: Command) -> None:
        intent = command.intent
        offer, self.offer = self.offer, None
        if offer is not None and intent in ("yes", "no", "new_game", "cancel"):
            return self._answer_offer(reply, offer, intent == "yes")
        pending, self.pending = self.pending, None
        pending_no, self.pending_no = self.pending_no, "kept_game"
        if pending is not None and intent == "yes":
            return pending(reply)
        if pending is not None and intent in ("no", "cancel"):
            reply.sentences.append(self.narrator.say(pending_no))
            return
        if pending is not None and intent in KEEPS_QUESTION:
            self.pending, self.pending_no = pending, pending_no
        question, self.question = self.question, None
        if question is not None and intent in KEEPS_QUESTION:
            self.question = question
        hinted, self.hinted = self.hinted, None
        if hinted is not None and intent in KEEPS_QUESTION:
            self.hinted = hinted
        if intent == "yes" and question is None and hinted is not None:
            return self._play(reply, hinted)
        if intent in ("answer", "choose", "yes"):
            if question is None:
                if intent == "answer" and command.source is not None:
                    return self._resolve_and_play(reply, self.resolver.resolve_move(self.state, command.source, None))
                return self._refuse(reply, self.narrator.say("nothing_to_answer"))
            return self._resolve_and_play(reply, self.resolver.narrow(self.state, question, command), question)
        if intent in ("no", "cancel"):
            reply.sentences.append(self.narrator.say("cancelled"))
            return
        handler = getattr(self, f"_do_{intent}", None)
        if handler is None:
            return self._refuse(reply, self.narrator.say("not_understood"), "unknown")
        handler(reply, command)

    def _refuse(self, reply: Reply, sentence: str, earcon: str = "illegal") -> None:
        reply.sentences.append(sentence)
        reply.earcons.append(earcon)

    def _resolve_and_play(self, reply: Reply, resolution: Play | Ask | Refuse, previous: Ask | None = None) -> None:
        if isinstance(resolution, Play):
            self._play(reply, resolution.move)
        elif isinstance(resolution, Ask):
            self.question = resolution
            reply.sentences.append(resolution.question)
            reply.earcons.append("question")
        else:
            if previous is not None and "choices" in resolution.sentence:
                self.question = previous  # a wrong answer keeps the question open
            self._refuse(reply, resolution.sentence)

    def _play(self, reply: Reply, move: Move) -> None:
        before = self.state
        try:
            after, events = self.engine.apply(before, move)
        except IllegalMove as error:
            return self._refuse(reply, self.narrator.reason(error.reason))
        self.history.push(move, after)
        self.hint_index = 0
        reply.moves.append(move)
        reply.sentences.extend(self.narrator.events(before, events, after))
        reply.earcons.extend(self._earcons(events))
        if any(isinstance(e, Won) for e in events):
            self.finished = True
        elif self.engine.is_stuck(after):
            reply.sentences.append(self.narrator.say("stuck"))
            reply.earcons.append("game_over")
        if self.auto_play and not self._auto_running:
            self._auto_up(reply)

    def _earcons(self, events: list) -> list[str]:
        out = []
        for event in events:
            if isinstance(event, Moved):
                out.append("foundation" if self.engine.specs[event.dst].kind is PileKind.FOUNDATION else "move")
            elif isinstance(event, TurnedOver):
                out.append("turn")
            elif isinstance(event, Won):
                out.append("win")
            else:
                out.append("deal")
        return out

    # ----- intents ----------------------------------------------------------------------------
    def _do_move(self, reply: Reply, command: Command) -> None:
        self._resolve_and_play(reply, self.resolver.resolve_move(self.state, command.source, command.target))

    def _do_pair(self, reply: Reply, command: Command) -> None:
        self._resolve_and_play(reply, self.resolver.resolve_pair(self.state, command.source, command.target))

    def _do_draw(self, reply: Reply, command: Command) -> None:
        self._play(reply, Move(MoveKind.DEAL))

    def _do_undo(self, reply: Reply, command: Command) -> None:
        if not self.history.can_undo():
            return self._refuse(reply, self.narrator.say("nothing_to_undo"))
        move = self.history.undo()
        self.finished = False
        reply.sentences.append(self.narrator.say("undone", move=self.narrator.move_phrase(self.state, move)))
        reply.earcons.append("undo")

    def _do_redo(self, reply: Reply, command: Command) -> None:
        if not self.history.can_redo():
            return self._refuse(reply, self.narrator.say("nothing_to_redo"))
        before = self.state
        move = self.history.redo()
        reply.moves.append(move)
        reply.sentences.append(self.narrator.say("redone", move=self.narrator.move_phrase(before, move)))
        reply.earcons.append("move")
        self.finished = self.engine.is_won(self.state)

    def _do_hint(self, reply: Reply, command: Command) -> None:
        moves = self.hints.ranked(self.state)
        if not moves:
            reply.sentences.append(self.narrator.say("hint_none"))
            return
        if self._hints_go_round():
            reply.sentences.append(self.narrator.say("hint_going_round"))
            return
        move = moves[self.hint_index % len(moves)]
        self.hint_index += 1
        phrase = self.narrator.move_phrase_among(self.state, move, self.engine.legal_moves(self.state))
        reply.sentences.append(self.narrator.say("hint" if self.told_yes_plays_hint else "hint_first", move=phrase))
        self.told_yes_plays_hint = True
        self.hinted = move

    def _do_moves(self, reply: Reply, command: Command) -> None:
        moves = ranked_moves(self.engine, self.state)
        if not moves:
            reply.sentences.append(self.narrator.say("hint_none"))
            return
        phrases = self.narrator.move_phrases(self.state, moves[:6])
        if len(moves) > 6:
            reply.sentences.append(self.narrator.say("moves_list_more", moves=", ".join(phrases), count=len(moves) - 6))
        else:
            reply.sentences.append(self.narrator.say("moves_list", moves=join(phrases, "or")))

    def _do_auto(self, reply: Reply, command: Command) -> None:
        if self._auto_up(reply) == 0:
            reply.sentences.append(self.narrator.say("auto_none"))

    def _auto_up(self, reply: Reply) -> int:
        """Play every card that can safely go up, one move each (so undo takes back one)."""
        count = 0
        self._auto_running = True
        try:
            while not self.finished and (move := safe_foundation_move(self.engine, self.state)) is not None:
                self._play(reply, move)
                count += 1
        finally:
            self._auto_running = False
        return count

    def _do_auto_on(self, reply: Reply, command: Command) -> None:
        self.auto_play = True
        reply.sentences.append(self.narrator.say("auto_on"))
        self._auto_up(reply)

    def _do_auto_off(self, reply: Reply, command: Command) -> None:
        self.auto_play = False
        reply.sentences.append(self.narrator.say("auto_off"))

    # Search budgets: whichever runs out first ends the search (None: no limit). A player gets an
    # answer within about a second (hint) or a few (winnable); tests count positions only, so a
    # busy machine gives them the same answers (tests/conftest.py).
    hint_seconds: float | None = HINT_SECONDS
    hint_nodes: int | None = 4000
    winnable_seconds: float | None = 3.0
    winnable_nodes: int | None = None

    def _do_winnable(self, reply: Reply, command: Command) -> None:
        """"Is this game still winnable?": the thoughtful solver (which sees every card) answers
        when it finds a win or proves there is none within a few seconds."""
        from voicegame.solver.thoughtful import solve  # noqa: PLC0415

        if self.engine.is_won(self.state):
            reply.sentences.append(self.narrator.say("winnable_won"))
            return
        result = solve(self.engine, self.state, seconds=self.winnable_seconds, nodes=self.winnable_nodes)
        key = {"solved": "winnable_yes", "proved unwinnable": "winnable_lost"}.get(result.outcome.value, "winnable_unknown")
        reply.sentences.append(self.narrator.say(key))

    def _do_read(self, reply: Reply, command: Command) -> None:
        if isinstance(command.source, PileRef):
            index = self.engine.layout.index[command.source.pile_id]
            reply.sentences.append(self.narrator.read_pile(self.state, index))

    def _do_read_group(self, reply: Reply, command: Command) -> None:
        if isinstance(command.source, GroupRef):
            name = self.game.group_names[command.source.group][0]
            reply.sentences.append(self.narrator.read_group(self.state, command.source.group, name))

    def _do_discard_all(self, reply: Reply, command: Command) -> None:
        """Discard every card the discard pile takes, one move each (so undo takes back one)."""
        discards = set(self.game.indices(PileKind.DISCARD))
        played = 0
        while not self.finished:
            move = next((m for m in self.engine.legal_moves(self.state) if m.dst in discards), None)
            if move is None:
                break
            self._play(reply, move)
            played += 1
        if not played:
            self._refuse(reply, self.narrator.say("discard_none"))

    def _do_read_board(self, reply: Reply, command: Command) -> None:
        reply.sentences.extend(self.narrator.read_board(self.state))

    def _do_where(self, reply: Reply, command: Command) -> None:
        reply.sentences.extend(self.narrator.where(self.state, command.source))  # type: ignore[arg-type]

    def _do_count(self, reply: Reply, command: Command) -> None:
        reply.sentences.append(self.narrator.count(self.state))

    def _do_score(self, reply: Reply, command: Command) -> None:
        reply.sentences.append(self.narrator.score(self.state))

    def _do_repeat(self, reply: Reply, command: Command) -> None:
        reply.sentences.extend(self.last_sentences or [self.narrator.say("nothing_to_repeat")])

    def _do_help(self, reply: Reply, command: Command) -> None:
        reply.sentences.append(self.narrator.say(self.game.help_key) if self.game.help_key else self.narrator.all_commands())

    def _do_what_can_i_say(self, reply: Reply, command: Command) -> None:
        """What makes sense now, briefly: the answers to an open question, or a few real moves."""
        if self.question is not None:
            options = [label for label, _ in self.question.options]
            reply.sentences.append(self.narrator.say("say_answers", options=join(options + ["cancel"])))
            return
        if self.offer is not None:
            reply.sentences.append(self.narrator.say("say_resume"))
            return
        if self.pending is not None:
            reply.sentences.append(self.narrator.say("say_answers", options=join(["yes", "no"])))
            return
        moves = [m for m in ranked_moves(self.engine, self.state) if m.kind is MoveKind.MOVE][:2]
        parts = self.narrator.move_phrases(self.state, moves)
        if self.hinted is not None:
            parts.insert(0, self.narrator.say("yes_for_hint").lower())
        if self.engine.is_legal(self.state, Move(MoveKind.DEAL)):
            parts.append("draw")
        if self.history.can_undo():
            parts.append("undo")
        if not parts:
            return self._do_all_commands(reply, command)
        reply.sentences.append(self.narrator.say("say_now", options=join(parts)))

    def _do_all_commands(self, reply: Reply, command: Command) -> None:
        reply.sentences.append(self.narrator.all_commands())

    def _hints_go_round(self) -> bool:
        """Note that "hint" is asked here; have the hints led the player round in circles? They have
        when "hint" was asked in this same position (its piles: passes through a stock that comes
        round for ever do not count) ``GOING_ROUND`` times before, each time further into the game, and the moves since brought it
        back: following them, drawing through the stock or moving cards back and forth, changed
        nothing (a player following hints in Klondike deal 1 drew for ever). Asking again for the next
        idea in one position, or going round without asking, does not count."""
        cursors = self.hinted_at.setdefault(self.state.piles, set())
        cursors.add(self.history.cursor)
        return len(cursors) > GOING_ROUND

    def in_progress(self) -> bool:
        """Moves made, and the game neither won nor out of moves: leaving it would lose something."""
        return self.history.cursor > 0 and not self.finished and not self.engine.is_stuck(self.state)

    def _confirm_first(self, reply: Reply, action: Callable[[Reply], None], question: str) -> None:
        """Do ``action`` at once when nothing would be lost, else ask and wait for "yes" (as lichess
        does for resigning): a "new game" misheard from other talk must not throw a game away."""
        if not self.in_progress():
            return action(reply)
        self.pending = action
        reply.sentences.append(question)
        reply.earcons.append("question")

    def _do_new_game(self, reply: Reply, command: Command) -> None:
        self._confirm_first(reply, self._new_game_now, self.narrator.say("confirm_new_game"))

    def _new_game_now(self, reply: Reply, entry: GameEntry | None = None) -> None:
        """The next deal of this game, or of ``entry`` (with its default options)."""
        self.start_game(entry or self.entry, self.options if entry is None else {}, self.seed + 1)
        reply.sentences.append(self.narrator.say("new_game", title=self.game.title, seed=self.seed))
        reply.earcons.append("deal")

    def _do_restart(self, reply: Reply, command: Command) -> None:
        self._confirm_first(reply, self._restart_now, self.narrator.say("confirm_restart"))

    def _restart_now(self, reply: Reply) -> None:
        self.start_game(self.entry, self.options, self.seed)
        reply.sentences.append(self.narrator.say("restarted"))
        reply.earcons.append("deal")

    def _do_switch_game(self, reply: Reply, command: Command) -> None:
        entry = find_game(command.game or self.entry.key)
        self._confirm_first(reply, partial(self._new_game_now, entry=entry), self.narrator.say("confirm_switch", title=entry.title))

    def _answer_offer(self, reply: Reply, offer: "Offer", resume: bool) -> None:
        saved = offer.saved
        if not resume:
            if self.persistence is not None:
                self.persistence.stats.record(stats_key(saved.game, saved.options), False, saved.cursor, saved.seconds)
            reply.sentences.append(self.narrator.say("new_game", title=self.game.title, seed=self.seed))
            reply.earcons.append("deal")
            return
        self.start_game(find_game(saved.game), saved.options, saved.seed)
        state = self.state
        for move in saved.moves:
            state = self.engine.apply(state, move)[0]  # checked when the save was loaded
            self.history.push(move, state)
        while self.history.cursor > saved.cursor:
            self.history.undo()
        self.started, self.seconds = saved.started, saved.seconds
        self.finished = self.engine.is_won(self.state)
        reply.sentences.append(self.narrator.say("resumed", moves=self.history.cursor))
        reply.earcons.append("deal")

    def _do_statistics(self, reply: Reply, command: Command) -> None:
        if self.persistence is None:
            reply.sentences.append(self.narrator.say("no_statistics"))
            return
        reply.sentences.append(describe_stats(self.narrator, self.game.title, self.persistence.stats_for(self)))

    def _do_quit(self, reply: Reply, command: Command) -> None:
        reply.sentences.append(self.narrator.say("goodbye"))
        reply.quit = True

    def _do_brief(self, reply: Reply, command: Command) -> None:
        self.verbose = self.narrator.verbose = False
        reply.sentences.append(self.narrator.say("speech_setting", setting="brief"))

    def _do_verbose(self, reply: Reply, command: Command) -> None:
        self.verbose = self.narrator.verbose = True
        reply.sentences.append(self.narrator.say("speech_setting", setting="verbose"))

    def _speech_setting(self, reply: Reply, command: Command) -> None:
        """Remembered for the speaker to apply; text mode only acknowledges."""
        self.speech_settings.append(command.intent)
        reply.sentences.append(self.narrator.say("speech_setting", setting=command.intent))

    _do_faster = _do_slower = _do_louder = _do_quieter = _speech_setting

    # ----- inspection ---------------------------------------------------------------------------
    def state_json(self) -> dict[str, Any]:
        """The full position in the trace/README schema."""
        state = self.state
        return {
            "game": self.game.key,
            "options": self.options,
            "seed": self.seed,
            "moves": self.history.cursor,
            "score": self.engine.score(state),
            "won": self.engine.is_won(state),
            "redeals": state.redeals,
            "piles": [
                {"id": spec.id, "kind": spec.kind.value, "name": spec.name, "down": pile.down, "cards": [c.code for c in pile.cards]}
                for spec, pile in zip(self.game.piles, state.piles)
            ],
        }


def describe_stats(narrator: Narrator, title: str, stats: GameStats) -> str:
    """One spoken summary of a game's statistics."""
    if not stats.played:
        return narrator.say("stats_none", title=title)
    text = narrator.say("stats_played", title=title, played=stats.played, won=stats.won, rate=round(100 * stats.win_rate),
                        streak=stats.current_streak, best=stats.best_streak)
    if stats.fewest_moves is not None and stats.fastest_seconds is not None:
        minutes, seconds = divmod(int(stats.fastest_seconds), 60)
        text += " " + narrator.say("stats_best", moves=stats.fewest_moves, minutes=minutes, seconds=seconds)
    return text
