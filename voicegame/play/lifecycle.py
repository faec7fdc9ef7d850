"""Intents that leave the game for another: new game, restart, play another game, previous game, quit;
and the offer to resume a saved game.

Each ``do_*`` function is an entry of the intents table (:mod:`voicegame.play.intents`); the rest are
the steps they share with the session's greeting.
"""

from __future__ import annotations

from functools import partial

from voicegame.games import GameEntry, find_game
from voicegame.language.command import Command
from voicegame.language.game_titles import played_title
from voicegame.language.sentences import sentence
from voicegame.play.core import SessionCore
from voicegame.play.dialogue import UNCLEAR_ANSWERS, Opened
from voicegame.play.reply import Reply
from voicegame.storage.autosave import SAVED_AGAIN, Offer
from voicegame.storage.savefile import SavedGame
from voicegame.storage.stats import stats_key



# ----- saved games ------------------------------------------------------------------------------
def take_up(s: SessionCore, saved: SavedGame) -> bool:
    """Play ``saved`` from where it was left (its redo tail included). False, and nothing changed,
    when another process is playing that game (``Persistence.claim``)."""
    if s.persistence is not None and not s.persistence.claim(saved.id):
        return False
    s.start_game(find_game(saved.game), saved.options, saved.seed, game_id=saved.id)
    s.played.take_up(saved)
    return True


def elsewhere_sentence(s: SessionCore, saved: SavedGame) -> str:
    """The one sentence said when ``saved`` could not be resumed because another process plays it,
    and this session plays the deal it has now instead.

    A new deal, not the same game read-only: a player who makes moves expects them kept, and moves
    that are never saved (or refused) would be the silent loss this is here to prevent; the other
    window keeps its game, this one gets a game of its own, both saved."""
    title = find_game(saved.game).title
    if s.played.game.key == saved.game and s.played.seed == saved.seed:
        return s.say("game_open_elsewhere_same_deal", title=title, seed=saved.seed)
    return s.say("game_open_elsewhere", title=title, seed=saved.seed, deal=s.played.seed)


def go_on_with(s: SessionCore, saved: SavedGame) -> str:
    """``voicegame play --resume``: play ``saved`` at once; the sentence that says so, or that it is
    being played somewhere else (this session keeps the deal it was started with)."""
    if take_up(s, saved):
        return s.say("resumed", moves=s.moves_made())
    return elsewhere_sentence(s, saved)


def kept_sentence(s: SessionCore, game: str, seed: int) -> str:
    return s.say("game_kept", title=find_game(game).title, seed=seed)


def leaving_kept(s: SessionCore) -> str | None:
    """Before leaving this game for a new deal: the sentence saying it is kept, if it is worth
    going back to (under way; with saves)."""
    if s.persistence is None or not s.in_progress():
        return None
    return kept_sentence(s, s.played.game.key, s.played.seed)


def others_saved(s: SessionCore) -> list[SavedGame]:
    """The unfinished games "previous game" can go back to, newest first."""
    return saved_elsewhere(s)[0]


def saved_elsewhere(s: SessionCore) -> tuple[list[SavedGame], list[SavedGame]]:
    """The other unfinished games saved, newest first: those "previous game" can go back to, and
    those another window (another process) is playing now, which it cannot."""
    persistence = s.persistence
    if persistence is None:
        return [], []
    free: list[SavedGame] = []
    elsewhere: list[SavedGame] = []
    for saved in persistence.unfinished():
        if saved.id != s.played.game_id:
            (elsewhere if persistence.open_elsewhere(saved.id) else free).append(saved)
    return free, elsewhere


def displaced_sentence(s: SessionCore, displaced: SavedGame) -> str:
    """Said at the start of a new deal that takes the place of an unfinished game: it is kept, and
    "previous game" goes back to it; or, when another window plays it, that it goes on there."""
    if s.persistence is not None and s.persistence.open_elsewhere(displaced.id):
        return s.say("game_kept_elsewhere", title=find_game(displaced.game).title, seed=displaced.seed)
    return kept_sentence(s, displaced.game, displaced.seed)


def previous_kept(s: SessionCore) -> str | None:
    """The sentence naming the game "previous game" goes back to now (the newest other unfinished
    game), or None: never a game it would not go to."""
    others = others_saved(s)
    return kept_sentence(s, others[0].game, others[0].seed) if others else None


def offer_saved_game(s: SessionCore) -> str | None:
    """Open the offer of this game's newest unfinished save, if any; returns a problem sentence
    (a damaged save, put aside) or None."""
    assert s.persistence is not None
    offer, problem = s.persistence.offer(s.played.game.key)
    if offer is not None and s.persistence.open_elsewhere(offer.saved.id):
        s.dialogue.open_offer(None)
        return elsewhere_sentence(s, offer.saved)
    s.dialogue.open_offer(offer)
    return None if problem is None else sentence(problem)


def resume_question(s: SessionCore, key: str) -> str:
    """"Resume your Klondike game from today?": message ``key`` ("resume_offer", "resume_again")
    for the open offer's age."""
    offer = s.dialogue.offer
    assert offer is not None
    days = offer.days
    age = "undated" if days is None else "today" if days <= 0 else "yesterday" if days == 1 else "days_ago"
    return s.say(f"{key}_{age}", title=s.played.entry.title, days=days)


def unclear_answer(s: SessionCore, reply: Reply) -> None:
    """Anything but "yes" or "new game" said to "Resume your game?": ask again; the second time,
    resume (the saved game is what the player came back for; "new game" still gives a new deal)."""
    dialogue = s.dialogue
    assert dialogue.offer is not None
    dialogue.unclear_answers += 1
    if dialogue.unclear_answers < UNCLEAR_ANSWERS:
        reply.ask(resume_question(s, "resume_again"))
        return
    saved = dialogue.take_offer().saved
    if not take_up(s, saved):
        reply.sentences.append(elsewhere_sentence(s, saved))
        return
    reply.sentences.append(s.say("resumed_unasked", moves=s.moves_made()))
    reply.earcons.append("deal")


def answer_offer(s: SessionCore, reply: Reply, offer: Offer, resume: bool) -> None:
    """"yes" (``resume``) or "new game" said to "Resume your game?"."""
    saved = offer.saved
    if not resume:
        if s.persistence is not None:
            s.persistence.stats.record(stats_key(saved.game, saved.options), False, saved.cursor, saved.seconds, saved.id)
        reply.sentences.append(s.say("new_game", title=played_title(s.played.game.key, s.played.options, s.words.narrator.messages), seed=s.played.seed))
        reply.earcons.append("deal")
    elif not take_up(s, saved):  # taken up by another process since the offer was made
        reply.sentences.append(elsewhere_sentence(s, saved))
        return
    else:
        reply.sentences.append(s.say("resumed", moves=s.moves_made()))
        reply.earcons.append("deal")
    if (s.dialogue.left_a_game or not resume) and (kept := previous_kept(s)):
        reply.sentences.append(kept)  # the game left to switch here, or the save declined: what "previous game" goes to
    s.dialogue.left_a_game = False


# ----- intents ----------------------------------------------------------------------------------
def do_new_game(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    s.confirm_first(reply, partial(new_game_now, s), s.say("confirm_new_game"))


def new_game_now(s: SessionCore, reply: Reply, entry: GameEntry | None = None) -> None:
    """The next deal of this game, or of ``entry`` (with its default options; its saved game,
    if unfinished, is offered). An unfinished game left is kept, and the reply says so."""
    kept = leaving_kept(s)
    switching = entry is not None and entry.key != s.played.entry.key
    options = s.played.options if entry is None else {}
    entry = entry or s.played.entry
    s.start_game(entry, options, entry.next_seed(s.played.seed))
    if switching and s.persistence is not None:
        problem = offer_saved_game(s)
        if s.dialogue.offer is not None:  # the saved game first, in one short question; the rest after the answer
            s.dialogue.left_a_game = kept is not None
            reply.ask(resume_question(s, "resume_offer"))
            return
        if problem:
            reply.sentences.append(problem)
    reply.sentences.append(s.say("new_game", title=played_title(s.played.game.key, s.played.options, s.words.narrator.messages), seed=s.played.seed))
    reply.earcons.append("deal")
    if kept:
        reply.sentences.append(kept)


def do_previous_game(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    """Go back to the unfinished game played before this one (of any game); said again turn after
    turn, to the one before that, and so round every unfinished game saved."""
    others, elsewhere = saved_elsewhere(s)
    if not others:
        return reply.refuse(no_previous_game(s, elsewhere))
    previous_chain = s.dialogue.previous_chain
    target, chain = next_previous_game(s, others, previous_chain)
    kept = None if previous_chain else leaving_kept(s)
    if not take_up(s, target):  # taken up by another process a moment ago
        return reply.refuse(s.say("game_open_elsewhere_stay", title=find_game(target.game).title, seed=target.seed))
    s.dialogue.previous_chain = [*chain, target.id]
    reply.sentences.append(s.say("previous_back", title=s.played.entry.title, seed=s.played.seed, moves=s.moves_made()))
    reply.earcons.append("deal")
    if kept:
        reply.sentences.append(kept)


def no_previous_game(s: SessionCore, elsewhere: list[SavedGame]) -> str:
    """Why "previous game" finds none to go back to: the games left are open in other windows, or there are none."""
    if len(elsewhere) == 1:
        return s.say("previous_elsewhere", title=find_game(elsewhere[0].game).title, seed=elsewhere[0].seed)
    if elsewhere:
        return s.say("previous_elsewhere_many", count=len(elsewhere))
    return s.say("previous_none")


def next_previous_game(s: SessionCore, others: list[SavedGame], previous_chain: list[str]) -> tuple[SavedGame, list[str]]:
    """The game "previous game" goes back to this time, and the ids of the games it has been round
    so far (``previous_chain``, said turn after turn): the newest not visited yet; once all have
    been, back to where the round began, and round again."""
    chain = previous_chain or [s.played.game_id]
    fresh = [g for g in others if g.id not in chain]
    if not fresh:
        fresh = [g for g in others if g.id == chain[0]] or others
        chain = [s.played.game_id]
    return fresh[0], chain


def do_restart(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    s.confirm_first(reply, partial(restart_now, s), s.say("confirm_restart"))


def restart_now(s: SessionCore, reply: Reply) -> None:
    s.start_game(s.played.entry, s.played.options, s.played.seed, game_id=s.played.game_id)
    reply.sentences.append(s.say("restarted"))
    reply.earcons.append("deal")


def do_switch_game(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    entry = find_game(command.game or s.played.entry.key)
    s.confirm_first(reply, partial(new_game_now, s, entry=entry), s.say("confirm_switch", title=entry.title))


def do_quit(s: SessionCore, reply: Reply, command: Command, opened: Opened) -> None:
    persistence = s.persistence
    unsaved = s.played.history.cursor and not s.played.finished or persistence is not None and persistence.holding
    if persistence is not None and persistence.failing and unsaved:
        if persistence.autosave(s.played) == SAVED_AGAIN:
            reply.sentences.append(s.say("save_back"))
        else:  # still cannot save: quitting would lose the game, so ask
            s.dialogue.wait_for_yes(partial(quit_now, s))
            reply.ask(s.say("confirm_quit_unsaved"))
            return
    quit_now(s, reply)


def quit_now(s: SessionCore, reply: Reply) -> None:
    if s.persistence is not None:
        s.persistence.let_go()  # the game is free for another window at once (the lock's file goes too)
    reply.sentences.append(s.say("goodbye"))
    reply.quit = True
