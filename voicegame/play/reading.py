"""Intents that read the board out, answer questions about the game, or change how it talks.

Nothing here changes the game. Each ``do_*`` function is an entry of the intents table
(:mod:`voicegame.play.intents`).
"""

from __future__ import annotations

from voicegame.engine import Move, MoveKind, PileKind
from voicegame.language.command import CardRef, Command, GroupRef, Intent, PileRef
from voicegame.language.game_titles import played_title
from voicegame.language.messages import Messages
from voicegame.language.narrate import join
from voicegame.listen.grammar import intent_phrase
from voicegame.play.core import SessionCore
from voicegame.play.dialogue import Opened
from voicegame.play.pile_rules import help_sentences, pages_of
from voicegame.play.reply import Reply
from voicegame.solver.hints import ranked_moves
from voicegame.storage.stats import GameStats



# ----- the board --------------------------------------------------------------------------------
def do_read_board(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    """The board in brief; "more" then reads it group by group."""
    reply.sentences.extend(s.words.narrator.board.board_summary(s.state))
    s.dialogue.more_pages = s.words.narrator.board.board_pages(s.state)
    s.dialogue.more_end = "board_end"
    if not s.dialogue.told_more:
        reply.sentences.append(s.say("board_more"))
        s.dialogue.told_more = True


def do_more(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    """The next page of the board reading."""
    pages, s.dialogue.more_pages = s.dialogue.more_pages, []
    if not pages:
        reply.sentences.append(s.say("nothing_more"))
        return
    reply.sentences.extend(pages[0])
    s.dialogue.more_pages = pages[1:]
    if not s.dialogue.more_pages:
        reply.sentences.append(s.say(s.dialogue.more_end))


def do_read(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    if isinstance(command.source, PileRef):
        index = s.played.engine.layout.index[command.source.pile_id]
        reply.sentences.append(s.words.narrator.readings.read_pile(s.state, index))


def do_read_group(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    if isinstance(command.source, GroupRef):
        name = s.played.game.group_names[command.source.group][0]
        reply.sentences.append(s.words.narrator.readings.read_group(s.state, command.source.group, name))


def do_read_cells(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    has = bool(s.played.game.indices(PileKind.CELL))
    reply.sentences.append(s.words.narrator.readings.read_cells(s.state) if has else s.say("no_cells"))


def do_read_foundations(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    has = bool(s.played.game.indices(PileKind.FOUNDATION))
    reply.sentences.append(s.words.narrator.readings.read_foundations(s.state) if has else s.say("no_foundations"))


def do_read_free(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    """The cards that can be played now: a pyramid's free cards, else the summary's list."""
    free = s.words.narrator.readings.free_cards(s.state)
    if free is not None:
        reply.sentences.append(s.say("board_free", cards=join([c.spoken for c in free], "and")))
    else:
        reply.sentences.extend(s.words.narrator.board.playable_summary(s.state, s.words.narrator.board.SUMMARY_WORDS))


def do_where(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    assert isinstance(command.source, CardRef)  # every "where" template names a {card}
    reply.sentences.extend(s.words.narrator.readings.where(s.state, command.source))


def do_count(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    reply.sentences.append(s.words.narrator.readings.count(s.state))


def do_score(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    reply.sentences.append(s.words.narrator.readings.score(s.state))


def do_repeat(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    reply.sentences.extend(s.dialogue.last_sentences or [s.say("nothing_to_repeat")])


def do_statistics(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    if s.persistence is None:
        reply.sentences.append(s.say("no_statistics"))
        return
    messages = s.words.narrator.messages
    title = played_title(s.played.game.key, s.played.options, messages)
    stats = s.persistence.stats_for(s.played)
    if not stats.played and not s.played.finished:  # this game is the first, and counts once it ends
        reply.sentences.append(messages.say("stats_first_game", title=title))
        return
    reply.sentences.append(describe_stats(messages, title, stats))


def describe_stats(messages: Messages, title: str, stats: GameStats) -> str:
    """One spoken summary of a game's statistics."""
    if not stats.played:
        return messages.say("stats_none", title=title)
    text = messages.say("stats_played", title=title, played=stats.played, won=stats.won, rate=round(100 * stats.win_rate),
                        streak=stats.current_streak, best=stats.best_streak)
    if stats.fewest_moves is not None and stats.fastest_seconds is not None:
        text += " " + messages.say("stats_best", moves=stats.fewest_moves, time=duration(messages, stats.fastest_seconds))
    return text


def duration(messages: Messages, seconds: float) -> str:
    """A time as a person says it, rounded to the second: "6 seconds", "2 minutes", "1 minute 5
    seconds", "1 hour 3 minutes" (the one formatting of times in the game and in voicegame stats)."""
    whole = round(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return messages.phrase("duration_hours", hours=hours, minutes=minutes)
    if minutes:
        return messages.phrase("duration_minutes_seconds" if secs else "duration_minutes", minutes=minutes, seconds=secs)
    return messages.phrase("duration_seconds", seconds=secs)


# ----- what to say ------------------------------------------------------------------------------
HELP_WORDS = 45
"""The most words help says before "Say more for the rest." (about 14 s at 200 words a minute)."""


def do_help(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    """The game's rules, about ``HELP_WORDS`` words at a time, in whole sentences; "more" goes on. The
    rules are said from the rule objects (``pile_rules.help_sentences``) between the game's hand-written
    opening and its example of what to say: what help says is what the engine enforces."""
    text = " ".join(help_sentences(s.played.game, s.words.narrator.messages)) if s.played.game.help_key else s.words.narrator.all_commands()
    more = s.say("help_more")
    pages = [[text]] if len(text.split()) <= HELP_WORDS else pages_of(text, HELP_WORDS - len(more.split()))
    reply.sentences.append(" ".join(pages[0]))  # a page of the rules is one thing said
    if len(pages) > 1:
        reply.sentences.append(more)
        s.dialogue.more_pages = [[" ".join(page)] for page in pages[1:]]
        s.dialogue.more_end = "help_end"


def do_all_commands(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    reply.sentences.append(s.words.narrator.all_commands())


def do_list_games(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    """How many games there are, by family; "more" then names each family's games (a list of 88
    names in one breath is no answer by ear)."""
    from voicegame.games import GAMES

    families: dict[str, list[str]] = {}
    for entry in GAMES:
        families.setdefault(entry.family.split(":")[0].strip() or entry.title, []).append(entry.title)
    counts = [s.say("games_family_count", family=name, count=len(titles)) for name, titles in families.items()]
    reply.sentences.append(s.say("games_count", count=len(GAMES), families=join(counts, "and")))
    s.dialogue.more_pages = [[s.say("games_family", family=name, games=join(titles, "and"))]
                             for name, titles in families.items()]
    s.dialogue.more_end = "games_end"


def do_what_can_i_say(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    """What makes sense now, briefly: the answers to an open question, or a few real moves."""
    answers = _answers_open(s)
    if answers is not None:
        reply.sentences.append(answers)
        return
    dialogue = s.dialogue
    moves = varied_examples(s, [m for m in ranked_moves(s.played.engine, s.state) if m.kind is not MoveKind.DEAL])  # pairs too
    parts = s.words.narrator.move_phrases(s.state, moves)
    while any(m.kind is MoveKind.PAIR for m in moves) and len(parts) > 1 and sum(len(p.split()) for p in parts) > EXAMPLE_WORDS:
        parts.pop()  # two pairs named in full: one
    if dialogue.hinted is not None:
        parts.insert(0, s.say("yes_for_hint").lower())
    if s.played.can_draw():
        parts.append(s.words.narrator.stock_verb())  # the game's own word: "deal" in Spider
    if s.played.history.can_undo():
        parts.append(intent_phrase(s.words.parser, Intent.UNDO))
    if not parts:
        return do_all_commands(s, reply, command, opened)
    reply.sentences.append(s.say("say_now", options=join(parts)))


def _answers_open(s: SessionCore) -> str | None:
    """What answers the question, offer or "yes" waiting, if one is open."""
    dialogue = s.dialogue
    if dialogue.question is not None:
        options = [label for label, _ in dialogue.question.options]
        return s.say("say_answers", options=join(options + [intent_phrase(s.words.parser, Intent.CANCEL)]))
    if dialogue.offer is not None:
        return s.say("say_resume")
    if dialogue.pending is not None:
        return s.say("say_answers", options=join([intent_phrase(s.words.parser, Intent.YES), intent_phrase(s.words.parser, Intent.NO)]))
    return None


EXAMPLE_WORDS = 12
"""In a pairing game, the most words the example removals of "what can I say" may take together (the first
is always said): "remove king of spades, remove nine of hearts and four of hearts"; of two pairs named in
full, only the first."""


def varied_examples(s: SessionCore, moves: list[Move], count: int = 2) -> list[Move]:
    """Up to ``count`` of ``moves`` (best first) that differ: never the same card into two equal empty
    cells, and a different card, or else a different kind of target, for each example. A removal
    (a pair, or a king alone) has no target pile: its kind counts as none."""
    moves = s.words.narrator.distinct_moves(s.state, moves)

    def kind(move: Move) -> PileKind | None:
        return s.played.engine.specs[move.dst].kind if move.kind is MoveKind.MOVE else None

    chosen: list[Move] = []
    for differs in (lambda m, c: m.src != c.src and kind(m) is not kind(c),
                    lambda m, c: m.src != c.src,
                    lambda m, c: True):
        for move in moves:
            if len(chosen) < count and move not in chosen and all(differs(move, c) for c in chosen):
                chosen.append(move)
    return chosen


# ----- how the game talks -----------------------------------------------------------------------
def do_brief(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    s.verbose = s.words.narrator.verbose = False
    reply.sentences.append(s.say("speech_setting", setting="brief"))


def do_verbose(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    s.verbose = s.words.narrator.verbose = True
    reply.sentences.append(s.say("speech_setting", setting="verbose"))


def do_speech_setting(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    """"faster", "louder"...: remembered for the speaker to apply; text mode only acknowledges."""
    s.speech_settings.append(command.intent)
    reply.sentences.append(s.say("speech_setting", setting=command.intent))


# ----- what was played, what is left, what this game is ------------------------------------------
def do_last_move(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    """"What did I just do?": the move that led to this position (none after the deal or undoing all)."""
    history = s.played.history
    if history.cursor == 0:
        reply.sentences.append(s.say("last_move_none"))
        return
    before, move = history.states[history.cursor - 1], history.moves[history.cursor - 1]
    reply.sentences.append(s.say("last_move", move=s.words.narrator.move_phrase(before, move)))


def do_redeals_left(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    """"How many redeals are left?": from the stock rule (None: without limit; no such rule: none)."""
    rule = s.played.game.stock_rule
    if rule is None or not hasattr(rule, "redeals"):
        reply.sentences.append(s.say("redeals_none"))
    elif rule.redeals is None:
        reply.sentences.append(s.say("redeals_unlimited"))
    else:
        reply.sentences.append(s.say("redeals_left", left=max(rule.redeals - s.state.redeals, 0)))


def do_about_game(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    """"What is this game?": its name and its one-line summary."""
    reply.sentences.append(s.say("about_game", title=s.played.entry.title, summary=s.played.entry.summary))
