"""Hints make progress in every game (issue 20): following "hint" and "yes" never brings the game
back to a position it has already been in, unless every move the hint could give does."""

from __future__ import annotations

import pytest

from voicegame.games import GAMES
from voicegame.play.session import Session

SEEDS = {"klondike": 5, "spider": 7, "freecell": 1}


@pytest.mark.parametrize("key", [g.key for g in GAMES])
def test_following_hints_never_comes_back_to_an_earlier_position(key: str) -> None:
    session = Session(key, seed=SEEDS.get(key, 3), options={"suits": 1} if key == "spider" else None)
    followed = 0
    for _ in range(15):
        hint = session.handle("hint")
        if session.hinted is None:  # no hint (stuck), or the hints went round in circles
            break
        followed += 1
        been = {s.piles for s in session.history.states[: session.history.cursor + 1]}
        legal = session.engine.legal_moves(session.state)
        every_move_returns = all(session.engine.apply(session.state, m)[0].piles in been for m in legal)
        assert session.handle("yes").moves, hint.sentences
        assert every_move_returns or session.state.piles not in been, hint.sentences
    assert followed >= 3, f"only {followed} hints were given from the deal on"


def test_a_hint_never_suggests_undoing_the_move_just_made(monkeypatch: pytest.MonkeyPatch) -> None:
    """A card moved from one free cell to another can go straight back; the hint must not be "put
    it back" while anything else can be done (in FreeCell the hint follows the solver's winning
    line, which may well begin by putting it back)."""
    session = Session("freecell", seed=1)
    engine = session.engine
    first = engine.legal_moves(session.state)[0]  # a column's card into cell one
    session.history.push(first, engine.apply(session.state, first)[0])
    shuffle = next(m for m in engine.legal_moves(session.state)
                   if m.src == first.dst and engine.specs[m.dst].kind is engine.specs[m.src].kind)  # cell to cell
    before = session.state.piles
    session.history.push(shuffle, engine.apply(session.state, shuffle)[0])
    back = [m for m in engine.legal_moves(session.state) if engine.apply(session.state, m)[0].piles == before]
    assert back  # the card can go straight back
    ranked = session.hints.ranked
    monkeypatch.setattr(session.hints, "ranked", lambda state: [*back, *ranked(state)])  # a search that says "put it back"
    session.handle("hint")
    assert session.hinted is not None and session.hinted not in back
    assert engine.apply(session.state, session.hinted)[0].piles not in {s.piles for s in session.history.states}


def test_what_can_i_do_never_offers_a_card_from_one_free_cell_to_another() -> None:
    session = Session("freecell", seed=617)
    session.handle("jack of hearts to cell one")
    said = " ".join(session.handle("what can i do").sentences)
    assert "jack of hearts to cell" not in said and said.startswith("You can:")
