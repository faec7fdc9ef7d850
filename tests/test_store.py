"""Save files: round trip, atomic writes, and every kind of bad file refused with one sentence
(storage passes a message key; ``language.sentences`` says it)."""

import json

import pytest

from voicegame.engine import Engine, Move, MoveKind
from voicegame.games import find_game
from voicegame.language.sentences import sentence
from voicegame.storage.stats import GameStats, StatsBook, stats_key
from voicegame.storage.savefile import FORMAT, VERSION, SavedGame, load, parse, save, to_json


def klondike_game(seed=5, moves=6):
    engine = Engine(find_game("klondike").make())
    state = engine.deal(seed)
    played = []
    for _ in range(moves):
        move = engine.legal_moves(state)[0]
        played.append(move)
        state = engine.apply(state, move)[0]
    return engine, SavedGame("klondike", {"draw": 3, "passes": None}, seed, played, len(played) - 1), state


def test_round_trip(tmp_path):
    engine, saved, _ = klondike_game()
    path = tmp_path / "klondike.json"
    save(path, saved, engine)
    data = json.loads(path.read_text())
    assert data["format"] == FORMAT and data["version"] == VERSION == 4
    assert all(isinstance(code, str) for code in data["moves"])
    assert [Move.from_code(code, engine) for code in data["moves"]] == saved.moves
    result = load(path)
    assert result.problem is None
    assert result.saved.moves == saved.moves and result.saved.cursor == saved.cursor
    assert result.saved.seed == 5 and result.saved.options == {"draw": 3, "passes": None}


def test_moves_name_piles_by_id(tmp_path):
    engine = Engine(find_game("klondike").make())
    move = Move(MoveKind.MOVE, engine.layout.index["pile7"], engine.layout.index["pile5"], 1)
    saved = SavedGame("klondike", {}, 1, [move], 1)
    assert to_json(saved, engine)["moves"] == ["pile7>pile5"]


def test_no_temporary_files_left_behind(tmp_path):
    engine, saved, _ = klondike_game()
    for _ in range(3):
        save(tmp_path / "k.json", saved, engine)
    assert [p.name for p in tmp_path.iterdir()] == ["k.json"]


def good_json():
    engine, saved, _ = klondike_game()
    return to_json(saved, engine)


BAD = {
    "empty": "",
    "truncated": json.dumps(good_json())[:-40],
    "not json": "hello, world",
    "a list": "[1, 2, 3]",
    "wrong format": json.dumps({**good_json(), "format": "something-else"}),
    "newer version": json.dumps({**good_json(), "version": VERSION + 1}),
    "no version": json.dumps({k: v for k, v in good_json().items() if k != "version"}),
    "unknown game": json.dumps({**good_json(), "game": "tetris"}),
    "bad option": json.dumps({**good_json(), "options": {"draw": 7}}),
    "huge seed": json.dumps({**good_json(), "seed": 10**40}),
    "negative seed": json.dumps({**good_json(), "seed": -1}),
    "seed as text": json.dumps({**good_json(), "seed": "five"}),
    "huge count": json.dumps({**good_json(), "moves": ["pile1>pile2x1000000000000"]}),
    "unknown pile": json.dumps({**good_json(), "moves": ["pile99>pile2"]}),
    "not a code": json.dumps({**good_json(), "moves": ["pile one to pile two"]}),
    "a move not text": json.dumps({**good_json(), "moves": [{"kind": "move", "from": "pile1", "to": "pile2", "count": 1}]}),
    "illegal history": json.dumps({**good_json(), "moves": ["pile1>clubs"] * 3}),
    "version 2 huge count": json.dumps({**good_json(), "version": 2, "moves": [{"kind": "move", "from": "pile1", "to": "pile2", "count": 10**12}]}),
    "version 2 unknown pile": json.dumps({**good_json(), "version": 2, "moves": [{"kind": "move", "from": "pile99", "to": "pile2", "count": 1}]}),
    "version 2 bad pair": json.dumps({**good_json(), "version": 2, "moves": [{"kind": "pair", "from": "pile1", "to": None, "at": ["x"]}]}),
    "cursor past end": json.dumps({**good_json(), "cursor": 10**6}),
    "deep nesting": "[" * 100000 + "]" * 100000,
    "moves not a list": json.dumps({**good_json(), "moves": {"a": 1}}),
}


@pytest.mark.parametrize("name", list(BAD))
def test_bad_save_is_explained_and_kept_aside(tmp_path, name):
    path = tmp_path / "klondike.json"
    path.write_text(BAD[name])
    result = load(path)
    assert result.saved is None
    assert result.problem is not None
    said = sentence(result.problem)
    assert said.endswith(".") and len(said.split()) <= 14
    assert not path.exists()
    assert result.moved_to is not None and result.moved_to.read_text() == BAD[name]


def test_binary_garbage_is_explained(tmp_path):
    path = tmp_path / "klondike.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    result = load(path)
    assert result.saved is None and result.problem and sentence(result.problem) == "The save file could not be read."


def test_missing_save_is_no_problem(tmp_path):
    result = load(tmp_path / "none.json")
    assert result.saved is None and result.problem is None


def test_parse_replays_to_the_same_position():
    engine, saved, state = klondike_game(seed=8, moves=10)
    parsed, engine2 = parse(json.dumps(to_json(saved, engine)))
    replayed = engine2.deal(8)
    for move in parsed.moves:
        replayed = engine2.apply(replayed, move)[0]
    assert replayed == state


def test_stats_record_streaks_and_bests(tmp_path):
    book = StatsBook(tmp_path / "stats.json")
    key = stats_key("klondike", {"draw": 3, "passes": None})
    book.record(key, True, 120, 300.0)
    book.record(key, True, 110, 400.0)
    book.record(key, False, 50, 100.0)
    book.record(key, True, 130, 200.0)
    again = StatsBook(tmp_path / "stats.json").get(key)
    assert (again.played, again.won, again.current_streak, again.best_streak) == (4, 3, 1, 2)
    assert again.fewest_moves == 110 and again.fastest_seconds == 200.0
    assert again.win_rate == 0.75


def test_damaged_stats_start_again(tmp_path):
    path = tmp_path / "stats.json"
    path.write_text('{"games": {"klondike": {"played": -3}}}')
    book = StatsBook(path)
    assert book.problem and book.get("klondike") == GameStats()
    assert sentence(book.problem) == "The statistics file was damaged, so statistics start again."


def test_older_format_versions_are_upgraded_step_by_step(tmp_path, monkeypatch):
    """The upgrade path the next version will use: a file written at this version loads through
    MIGRATIONS once VERSION moves on (here a pretend version 5 that renamed "seed" to "deal")."""
    import voicegame.storage.savefile as store

    engine, saved, _ = klondike_game()
    old = to_json(saved, engine)
    old.pop("seconds")  # pretend this version had no play time
    path = tmp_path / "klondike.json"
    path.write_text(json.dumps(old))

    def v4_to_v5(data):
        return {**data, "version": 5, "deal": data["seed"], "seconds": 0.0}

    def v5_reader(data):
        return {**data, "seed": data["deal"]}

    monkeypatch.setattr(store, "VERSION", 5)
    monkeypatch.setitem(store.MIGRATIONS, 4, v4_to_v5)
    upgraded = store.upgrade(json.loads(path.read_text()))
    assert upgraded["version"] == 5 and v5_reader(upgraded)["seed"] == saved.seed
    result = load(path)
    assert result.problem is None and result.saved.moves == saved.moves and result.saved.seconds == 0.0


def test_a_version_1_save_of_before_issue_17_loads_with_an_id_made_from_its_deal_and_start(tmp_path):
    """Saves written before each game had an id (version 1) load as they are, and keep one id."""
    engine, saved, _ = klondike_game()
    v1 = {k: v for k, v in to_json(saved, engine).items() if k != "id"}
    v1["version"] = 1
    v1["moves"] = [version_2_move(code) for code in v1["moves"]]  # version 1 wrote moves as version 2 did
    assert v1["moves"][1] == {"kind": "move", "from": "pile7", "to": "pile2", "count": 2}
    path = tmp_path / "klondike.json"
    path.write_text(json.dumps(v1))
    first = load(path).saved
    assert first is not None and first.moves == saved.moves and first.cursor == saved.cursor
    assert first.id.startswith("v1-") and load(path).saved.id == first.id  # the same id at every load
    save(path, first, engine)
    again = json.loads(path.read_text())
    assert again["version"] == VERSION == 4 and again["id"] == first.id  # written back as version 4


def test_a_save_with_a_damaged_id_is_refused(tmp_path):
    path = tmp_path / "klondike.json"
    path.write_text(json.dumps({**good_json(), "id": ["not", "a", "name"]}))
    result = load(path)
    assert result.saved is None and result.problem is not None and result.problem.key == "save_bad_id"
    assert sentence(result.problem) == "The save file's game name is damaged."


def test_a_game_left_again_and_again_counts_as_lost_once_and_a_late_win_replaces_the_loss(tmp_path):
    """A game set aside counts as lost once, however often it is taken up and left (by its save id);
    won after all, the loss becomes the win."""
    book = StatsBook(tmp_path / "stats.json")
    key = stats_key("klondike", {"draw": 3, "passes": None})
    book.record(key, False, 10, 60.0, "abc")
    book.record(key, False, 12, 70.0, "abc")
    again = StatsBook(tmp_path / "stats.json")  # remembered in the file
    assert (again.get(key).played, again.get(key).won) == (1, 0)
    again.record(key, True, 90, 300.0, "abc")
    stats = StatsBook(tmp_path / "stats.json").get(key)
    assert (stats.played, stats.won, stats.current_streak, stats.fewest_moves) == (1, 1, 1, 90)
    again.record(key, False, 5, 10.0, "other")
    assert (again.get(key).played, again.get(key).won, again.get(key).current_streak) == (2, 1, 0)


def version_2_move(code):
    """A Klondike move code as version 2 wrote the move (a JSON object)."""
    if code == "deal":
        return {"kind": "deal"}
    src, _, dst = code.partition(">")
    dst, _, count = dst.partition("x")
    return {"kind": "move", "from": src, "to": dst, "count": int(count or 1)}


TODAYS_SAVE = """{
 "format": "voicegame-save",
 "version": 2,
 "id": "3f9c2a7e1b04",
 "game": "klondike",
 "options": {"draw": 3, "passes": null},
 "seed": 5,
 "moves": [
  {"kind": "move", "from": "pile4", "to": "pile7", "count": 1},
  {"kind": "move", "from": "pile7", "to": "pile2", "count": 2},
  {"kind": "deal"},
  {"kind": "deal"}
 ],
 "cursor": 3,
 "started": "2026-11-22T02:00:00+00:00",
 "saved": "2026-11-22T02:05:00+00:00",
 "seconds": 95.5
}
"""
"""A save file as voicegame wrote it before moves were codes (format version 2)."""


def test_a_version_2_save_of_today_loads_and_is_written_back_with_move_codes(tmp_path):
    path = tmp_path / "klondike.json"
    path.write_text(TODAYS_SAVE)
    result = load(path)
    assert result.problem is None and result.saved is not None
    engine = Engine(find_game("klondike").make(draw=3))
    assert [m.code(engine) for m in result.saved.moves] == ["pile4>pile7", "pile7>pile2x2", "deal", "deal"]
    assert (result.saved.cursor, result.saved.id, result.saved.seconds) == (3, "3f9c2a7e1b04", 95.5)
    save(path, result.saved, engine)
    again = json.loads(path.read_text())
    assert again["version"] == 4 and again["moves"] == ["pile4>pile7", "pile7>pile2x2", "deal", "deal"]
    assert load(path).saved.moves == result.saved.moves


def test_version_2_moves_become_codes_pairs_included():
    from voicegame.storage.savefile import v2_move_code

    assert v2_move_code({"kind": "move", "from": "pile7", "to": "pile5", "count": 3}) == "pile7>pile5x3"
    assert v2_move_code({"kind": "pair", "from": "r7c1", "to": None, "at": [-1, -1]}) == "r7c1@top"
    assert v2_move_code({"kind": "pair", "from": "r6c2", "to": "waste", "at": [0, 11]}) == "r6c2@0+waste@11"
    assert v2_move_code({"kind": "move", "from": 3, "to": "pile5"}) == {"kind": "move", "from": 3, "to": "pile5"}
    assert v2_move_code("pile1>pile2") == "pile1>pile2"  # not a version 2 move: left to be refused


def test_a_treize_game_round_trips_through_a_save(tmp_path):
    """Pair moves (two places, or a king alone) are written as codes and read back."""
    engine = Engine(find_game("treize").make())
    state, played = engine.deal(3), []
    for _ in range(30):
        moves = engine.legal_moves(state)
        if not moves:
            break
        move = next((m for m in moves if m.kind is MoveKind.PAIR), moves[0])
        played.append(move)
        state = engine.apply(state, move)[0]
    assert any(m.kind is MoveKind.PAIR for m in played)
    saved = SavedGame("treize", {}, 3, played, len(played))
    save(tmp_path / "treize.json", saved, engine)
    assert any("@" in code for code in json.loads((tmp_path / "treize.json").read_text())["moves"])
    assert load(tmp_path / "treize.json").saved.moves == played


def test_statistics_that_cannot_be_written_say_so(tmp_path):
    blocker = tmp_path / "not a folder"
    blocker.write_text("")
    book = StatsBook(blocker / "stats.json")
    book.record("klondike", True, 100, 60.0)
    assert book.problem is not None and sentence(book.problem) == "Statistics could not be saved."
