"""One game being played: heard text in, sentences and earcon names out.

The session knows nothing of audio: the CLI (text mode) or the voice loop feeds
it text and speaks what it returns. Everything a player can say goes through
:meth:`Session.handle`, which never raises for bad input.
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Callable, Iterator

from voicegame.engine import Engine, History, IllegalMove, Move, MoveKind, Moved, PileKind, Reason, State, TurnedOver, Won
from voicegame.engine.auto import safe_foundation_move
from voicegame.engine.game import GameDef
from voicegame.games import GAMES, GameEntry, find_game
from voicegame.solver.hints import HINT_SECONDS, HintService, open_position, ranked_moves
from voicegame.language.narrate import Narrator, join
from voicegame.language.sentences import sentence
from voicegame.storage.autosave import FAILED, SAVED_AGAIN, Offer, Persistence
from voicegame.storage.stats import GameStats, stats_key
from voicegame.storage.savefile import SavedGame, new_game_id, now_iso
from voicegame.language.command import CardRef, Command, GroupRef, PileRef
from voicegame.audio.grammar_spec import RecogniserGrammar
from voicegame.audio.recognisers import Heard
from voicegame.listen.grammar import intent_phrase, listening_grammar
from voicegame.listen.match import SECOND_ONLY, MoveMatcher, Understanding, understand
from voicegame.language.parse import Parser
from voicegame.language.resolve import Ask, Play, Refuse, Resolver

GOING_ROUND = 2
"""How often "hint" may bring a player back to the same position before it says they are going round
in circles: twice through the stock without a change (the first time round, the stock cards were
still being seen)."""
KEEPS_QUESTION = frozenset({"repeat", "what_can_i_say", "help", "faster", "slower", "louder", "quieter"})
"""Intents that leave an open question open (everything else drops it)."""
KEEPS_OFFER = KEEPS_QUESTION | {"all_commands", "brief", "verbose", "statistics", "quit"}
"""Intents acted on while "Resume your game?" waits for its answer, leaving it open. Besides these,
only "yes" and "new game" answer it, and "play spider" or "previous game" go elsewhere; anything
else is an unclear answer: asked again, and the second time the saved game is resumed."""
UNCLEAR_ANSWERS = 2
MAX_COMMAND_CHARS = 200
"""Longer input is refused unread: no command is a tenth as long."""
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
    # Set by start_game, which __init__ calls; declared here so that mypy knows them in __init__.
    entry: GameEntry
    game: GameDef
    narrator: Narrator
    history: History
    recorded: bool
    game_id: str  # this game's id in saves and statistics (store.new_game_id)

    def __init__(self, entry: GameEntry | str = "klondike", options: dict[str, Any] | None = None, seed: int | None = None,
                 verbose: bool = False, persistence: "Persistence | None" = None, resume: bool = False,
                 go_on: SavedGame | None = None) -> None:
        """``persistence`` saves after every change and keeps statistics; with ``resume``, a
        saved game of this game is offered at the greeting ("Resume ...? Say yes or new game");
        ``go_on``: play this saved game at once (``voicegame play --resume``). Otherwise, an
        unfinished game this new deal will take the place of is kept, and the greeting says so."""
        self.verbose = verbose
        self.persistence = persistence
        self.offer: Offer | None = None
        self.unclear_answers = 0  # unclear answers to the open offer so far
        self.previous_chain: list[str] = []  # ids gone through by "previous game" said turn after turn
        self.pending: Callable[[Reply], None] | None = None  # a destructive command waiting for "yes"
        self.pending_no = "kept_game"  # what "no" to ``pending`` says
        self.told_yes_plays_hint = False  # the first hint says that "yes" plays it; later ones do not
        self.speech_settings: list[str] = []
        self.auto_play = False  # "auto on": play every safe card up after each move
        self._auto_running = False  # inside _auto_up: its own moves do not start another round
        self.announcements: list[str] = []  # said once after the greeting (e.g. deals skipped by --winnable)
        self.last_sentences: list[str] = []
        self.more_pages: list[list[str]] = []  # what "more" reads next
        self.told_more = False  # the first board reading says that "more" goes on
        self.by_ear = False  # inside hear(): moves are said back in full, in case the recogniser misheard
        self.start_game(find_game(entry) if isinstance(entry, str) else entry, options or {}, seed)
        if persistence is not None:
            self.announcements.extend(sentence(problem) for problem in persistence.problems)
            if go_on is not None:
                self._take_up(go_on)
                self.announcements.append(self.narrator.say("resumed", moves=self._moves_made()))
            elif resume:
                problem = self._offer_saved_game()
                if problem:
                    self.announcements.append(sentence(problem))
                if self.offer is not None:
                    self.announcements.append(self.narrator.say("resume_offer", title=self.entry.title, when=self.offer.when))
            else:
                displaced = persistence.slot_game(self.game.key)
                if displaced is not None and displaced.unfinished:
                    self.announcements.append(self._kept_sentence(displaced.game, displaced.seed))

    # ----- game lifecycle ---------------------------------------------------------------
    def start_game(self, entry: GameEntry, options: dict[str, Any], seed: int | None, game_id: str | None = None) -> None:
        """Deal ``seed`` (None: at random) of ``entry``; ``game_id`` (the same game again, restarted or
        resumed) keeps the save's id. The game left counts as lost if unfinished, and is kept."""
        if getattr(self, "history", None) is not None and self.persistence is not None and self.history.cursor:
            self.persistence.leave(self, count_loss=not self.recorded, keep=game_id != self.game_id)
        self.game_id = game_id or new_game_id()
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
        self.seed = entry.random_seed() if seed is None else seed
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
        with self._saving() as turn:
            turn.append(self._handle(text))
            return turn[0]

    @contextmanager
    def _saving(self) -> Iterator[list[Reply]]:
        """Autosave when the turn (the reply put in the list) changed the game (a move, undo, redo or
        a new deal), and after every turn while saving fails; the reply says when saving fails, once,
        and when it works again."""
        before = (self.history, self.history.cursor, len(self.history.states))
        turn: list[Reply] = []
        yield turn
        persistence = self.persistence
        if persistence is None:
            return
        changed = before != (self.history, self.history.cursor, len(self.history.states))
        if changed and self.finished and not self.recorded:
            self.recorded = True
            persistence.record(self, won=True)
        if changed or persistence.failing:
            outcome = persistence.autosave(self)
            if outcome is not None and turn:
                turn[0].sentences.append(self.narrator.say("save_failed" if outcome == FAILED else "save_back"))

    def _handle(self, text: str) -> Reply:
        reply = Reply(text)
        too_long = len(text) > MAX_COMMAND_CHARS
        try:
            reply.command = None if too_long else self.parser.parse(text)
        except RecursionError:  # pathological input length
            reply.command = None
        if reply.command is None:
            self.previous_chain = []
        if reply.command is None and self.offer is not None:
            self._unclear_answer(reply)
        elif reply.command is None:
            self._refuse(reply, self.narrator.say("too_long" if too_long else "not_understood"), "unknown")
        else:
            self._dispatch(reply, reply.command)
        if reply.command is None or reply.command.intent != "repeat":
            self.last_sentences = reply.sentences
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
            if understood.doubt:
                confirmation = self._confirmation(understood)
                if confirmation is not None:
                    with self._saving() as turn:
                        turn.append(self._ask_first(heard, understood, *confirmation))
                        return turn[0]
                if understood.doubt == SECOND_ONLY:  # heard only by the second decode: asked about, or nothing
                    understood = Understanding("rejected")
            if understood.how == "parsed":
                return self.handle(understood.text or heard.text)
            with self._saving() as turn:
                turn.append(self._act_on(heard, understood))
                return turn[0]
        finally:
            self.by_ear = False

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
        self.previous_chain = []
        if self.offer is not None:  # a move heard is no answer to "Resume your game?"
            reply.command = None
            self._unclear_answer(reply)
        elif understood.resolution is None:
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
        plus a garbage loop for speech that is not a command (voicegame.listen.grammar). Cached:
        unchanged turns return the same object, so the voice loop calls ``set_grammar`` only when
        it changed."""
        question_open = self.question is not None or self.pending is not None or self.offer is not None
        return listening_grammar(self.parser, self.engine, self.state, self.move_matcher.legal_nouns(self.state),
                                 question_open, reading_open=bool(self.more_pages))

    def _dispatch(self, reply: Reply, command: Command) -> None:
        intent = command.intent
        if intent != "previous_game":
            self.previous_chain = []
        if self.offer is not None:
            if intent in ("yes", "new_game"):
                offer, self.offer = self.offer, None
                return self._answer_offer(reply, offer, intent == "yes")
            if intent in ("switch_game", "previous_game"):
                self.offer = None
            elif intent not in KEEPS_OFFER:
                return self._unclear_answer(reply)
            elif intent in ("help", "all_commands", "statistics"):
                getattr(self, f"_do_{intent}")(reply, command)
                reply.sentences.append(self.narrator.say("say_resume"))
                return
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
        if intent == "draw" and self.more_pages and self.parser.words(reply.heard) == ("next",):
            intent = "more"  # "next" right after a reading goes on reading
        if intent not in KEEPS_QUESTION and intent != "more":
            self.more_pages = []  # "more" goes on only from the reading just heard
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
            reply.sentences.append(self.narrator.question(resolution))
            reply.earcons.append("question")
        else:
            if previous is not None and resolution.reason.key == "not_a_choice":
                self.question = previous  # a wrong answer keeps the question open
            self._refuse(reply, self.narrator.refusal(resolution))

    def _play(self, reply: Reply, move: Move) -> None:
        before = self.state
        try:
            after, events = self.engine.apply(before, move)
        except IllegalMove as error:
            return self._refuse(reply, self.narrator.reason(error.reason))
        self.history.push(move, after)
        self.hint_index = 0
        reply.moves.append(move)
        said = None if self.by_ear else reply.command  # heard speech is said back: a mishearing must be noticed
        reply.sentences.extend(self.narrator.events(before, events, after, said))
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
        moves = self._moves_forward(self.hints.ranked(self.state))
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

    def _moves_forward(self, moves: list[Move]) -> list[Move]:
        """``moves`` less the card moves that lead back to a position this game has already been in
        (undoing the last move, moving a card back and forth), unless every one of them does.
        Turning the stock is never left out: going round it is how its cards are reached, and
        going round for nothing is caught by ``_hints_go_round``."""
        been = {state.piles for state in self.history.states[: self.history.cursor + 1]}
        forward = [m for m in moves
                   if m.kind is MoveKind.DEAL or self.engine.apply(self.state, m)[0].piles not in been]
        return forward or moves

    def _do_moves(self, reply: Reply, command: Command) -> None:
        moves = self.narrator.distinct_moves(self.state, ranked_moves(self.engine, self.state))
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
        count, start, said = 0, self.state, len(reply.sentences)
        self._auto_running = True
        try:
            while not self.finished and (move := safe_foundation_move(self.engine, self.state)) is not None:
                self._play(reply, move)
                count += 1
        finally:
            self._auto_running = False
        if count > 1 and not self.finished:  # a cascade is one sentence, then what it uncovered
            stuck = reply.sentences[-1:] if reply.sentences[-1] == self.narrator.say("stuck") else []
            reply.sentences[said:] = self.narrator.auto_played(start, self.state, count) + stuck
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
    WINNABLE_AGAIN = 4
    """Asked again in the same position after "I could not tell", the search gets this many times the budget."""
    undecided: State | None = None  # the position where "winnable" last could not tell

    def _do_winnable(self, reply: Reply, command: Command) -> None:
        """"Is this game still winnable?": the thoughtful solver (which sees every card) answers
        when it finds a win or proves there is none within a few seconds."""
        from voicegame.solver.hooks import hooks_for  # noqa: PLC0415
        from voicegame.solver.thoughtful import solve  # noqa: PLC0415

        if self.engine.is_won(self.state):
            reply.sentences.append(self.narrator.say("winnable_won"))
            return
        again = self.undecided is self.state  # asked again here after "I could not tell": search longer
        factor = self.WINNABLE_AGAIN if again else 1
        seconds = None if self.winnable_seconds is None else self.winnable_seconds * factor
        nodes = None if self.winnable_nodes is None else self.winnable_nodes * factor
        result = solve(self.engine, self.state, seconds=seconds, nodes=nodes)
        key = {"solved": "winnable_yes", "proved unwinnable": "winnable_lost"}.get(result.outcome.value, "winnable_unknown")
        if key == "winnable_unknown" and again:
            key = "winnable_still_unknown"
        self.undecided = self.state if key == "winnable_unknown" else None
        time = "the time I had" if seconds is None else f"{seconds:g} seconds"
        reply.sentences.append(self.narrator.say(key, time=time) if key == "winnable_unknown" else self.narrator.say(key))
        if result.solved and open_position(self.engine, self.state) and hooks_for(self.engine).solve is not None:
            reply.sentences.append(self.narrator.say("winnable_follow"))  # hints follow that line here

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
        """The board in brief; "more" then reads it group by group."""
        reply.sentences.extend(self.narrator.board_summary(self.state))
        self.more_pages = self.narrator.board_pages(self.state)
        if not self.told_more:
            reply.sentences.append(self.narrator.say("board_more"))
            self.told_more = True

    def _do_more(self, reply: Reply, command: Command) -> None:
        """The next page of the board reading."""
        pages, self.more_pages = self.more_pages, []
        if not pages:
            reply.sentences.append(self.narrator.say("nothing_more"))
            return
        reply.sentences.extend(pages[0])
        self.more_pages = pages[1:]
        if not self.more_pages:
            reply.sentences.append(self.narrator.say("board_end"))

    def _do_read_cells(self, reply: Reply, command: Command) -> None:
        has = bool(self.game.indices(PileKind.CELL))
        reply.sentences.append(self.narrator.read_cells(self.state) if has else self.narrator.say("no_cells"))

    def _do_read_foundations(self, reply: Reply, command: Command) -> None:
        has = bool(self.game.indices(PileKind.FOUNDATION))
        reply.sentences.append(self.narrator.read_foundations(self.state) if has else self.narrator.say("no_foundations"))

    def _do_read_free(self, reply: Reply, command: Command) -> None:
        """The cards that can be played now: a pyramid's free cards, else the summary's list."""
        free = self.narrator.free_cards(self.state)
        if free is not None:
            reply.sentences.append(self.narrator.say("board_free", cards=join([c.spoken for c in free], "and")))
        else:
            reply.sentences.extend(self.narrator.playable_summary(self.state, self.narrator.SUMMARY_WORDS))

    def _do_where(self, reply: Reply, command: Command) -> None:
        assert isinstance(command.source, CardRef)  # every "where" template names a {card}
        reply.sentences.extend(self.narrator.where(self.state, command.source))

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
        """The next deal of this game, or of ``entry`` (with its default options; its saved game,
        if unfinished, is offered). An unfinished game left is kept, and the reply says so."""
        kept = self._leaving_kept()
        switching = entry is not None and entry.key != self.entry.key
        options = self.options if entry is None else {}
        entry = entry or self.entry
        self.start_game(entry, options, entry.next_seed(self.seed))
        reply.sentences.append(self.narrator.say("new_game", title=self.game.title, seed=self.seed))
        reply.earcons.append("deal")
        if kept:
            reply.sentences.append(kept)
        if switching and self.persistence is not None:
            self._offer_saved_game()
            if self.offer is not None:
                reply.sentences.append(self.narrator.say("resume_offer", title=self.entry.title, when=self.offer.when))
                reply.earcons.append("question")

    def _leaving_kept(self) -> str | None:
        """Before leaving this game for a new deal: the sentence saying it is kept, if it is worth
        going back to (under way; with saves)."""
        if self.persistence is None or not self.in_progress():
            return None
        return self._kept_sentence(self.game.key, self.seed)

    def _kept_sentence(self, game: str, seed: int) -> str:
        return self.narrator.say("game_kept", title=find_game(game).title, seed=seed)

    def _offer_saved_game(self) -> Reason | None:
        """Open the offer of this game's newest unfinished save, if any; returns a problem sentence
        (a damaged save, put aside) or None."""
        assert self.persistence is not None
        self.offer, problem = self.persistence.offer(self.game.key)
        self.unclear_answers = 0
        return problem

    def _unclear_answer(self, reply: Reply) -> None:
        """Anything but "yes" or "new game" said to "Resume your game?": ask again; the second time,
        resume (the saved game is what the player came back for; "new game" still gives a new deal)."""
        assert self.offer is not None
        self.unclear_answers += 1
        if self.unclear_answers < UNCLEAR_ANSWERS:
            reply.sentences.append(self.narrator.say("resume_again", title=self.entry.title, when=self.offer.when))
            reply.earcons.append("question")
            return
        offer, self.offer = self.offer, None
        self._take_up(offer.saved)
        reply.sentences.append(self.narrator.say("resumed_unasked", moves=self._moves_made()))
        reply.earcons.append("deal")

    def _moves_made(self) -> str:
        return "1 move" if self.history.cursor == 1 else f"{self.history.cursor} moves"

    def _take_up(self, saved: SavedGame) -> None:
        """Play ``saved`` from where it was left (its redo tail included)."""
        self.start_game(find_game(saved.game), saved.options, saved.seed, game_id=saved.id)
        state = self.state
        for move in saved.moves:
            state = self.engine.apply(state, move)[0]  # checked when the save was loaded
            self.history.push(move, state)
        while self.history.cursor > saved.cursor:
            self.history.undo()
        self.started, self.seconds = saved.started, saved.seconds
        self.finished = self.engine.is_won(self.state)

    def _do_previous_game(self, reply: Reply, command: Command) -> None:
        """Go back to the unfinished game played before this one (of any game); said again turn after
        turn, to the one before that, and so round every unfinished game saved."""
        others = [] if self.persistence is None else [g for g in self.persistence.unfinished() if g.id != self.game_id]
        if not others:
            return self._refuse(reply, self.narrator.say("previous_none"))
        chain = self.previous_chain or [self.game_id]
        fresh = [g for g in others if g.id not in chain]
        if not fresh:  # been round them all: back to where this began, and round again
            fresh = [g for g in others if g.id == chain[0]] or others
            chain = [self.game_id]
        target = fresh[0]
        kept = None if self.previous_chain else self._leaving_kept()
        self._take_up(target)
        self.previous_chain = [*chain, target.id]
        reply.sentences.append(self.narrator.say("previous_back", title=self.entry.title, seed=self.seed,
                                                 moves=self._moves_made()))
        reply.earcons.append("deal")
        if kept:
            reply.sentences.append(kept)

    def _do_restart(self, reply: Reply, command: Command) -> None:
        self._confirm_first(reply, self._restart_now, self.narrator.say("confirm_restart"))

    def _restart_now(self, reply: Reply) -> None:
        self.start_game(self.entry, self.options, self.seed, game_id=self.game_id)
        reply.sentences.append(self.narrator.say("restarted"))
        reply.earcons.append("deal")

    def _do_switch_game(self, reply: Reply, command: Command) -> None:
        entry = find_game(command.game or self.entry.key)
        self._confirm_first(reply, partial(self._new_game_now, entry=entry), self.narrator.say("confirm_switch", title=entry.title))

    def _answer_offer(self, reply: Reply, offer: "Offer", resume: bool) -> None:
        saved = offer.saved
        if not resume:
            if self.persistence is not None:
                self.persistence.stats.record(stats_key(saved.game, saved.options), False, saved.cursor, saved.seconds, saved.id)
            reply.sentences.append(self.narrator.say("new_game", title=self.game.title, seed=self.seed))
            reply.sentences.append(self._kept_sentence(saved.game, saved.seed))
            reply.earcons.append("deal")
            return
        self._take_up(saved)
        reply.sentences.append(self.narrator.say("resumed", moves=self._moves_made()))
        reply.earcons.append("deal")

    def _do_statistics(self, reply: Reply, command: Command) -> None:
        if self.persistence is None:
            reply.sentences.append(self.narrator.say("no_statistics"))
            return
        reply.sentences.append(describe_stats(self.narrator, self.game.title, self.persistence.stats_for(self)))

    def _do_quit(self, reply: Reply, command: Command) -> None:
        persistence = self.persistence
        unsaved = self.history.cursor and not self.finished or persistence is not None and persistence.holding
        if persistence is not None and persistence.failing and unsaved:
            if persistence.autosave(self) == SAVED_AGAIN:
                reply.sentences.append(self.narrator.say("save_back"))
            else:  # still cannot save: quitting would lose the game, so ask
                self.pending = self._quit_now
                reply.sentences.append(self.narrator.say("confirm_quit_unsaved"))
                reply.earcons.append("question")
                return
        self._quit_now(reply)

    def _quit_now(self, reply: Reply) -> None:
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
