"""The command language: 100+ phrasings and the junk that must be refused, never raised on."""

import pytest

from voicegame.engine.cards import Rank, Suit
from voicegame.engine import PileKind
from voicegame.games import GAMES, find_game
from voicegame.language.command import CardRef, Command, KindRef, PileRef
from voicegame.language.parse import Parser, tokenize

GAME_NAMES = {name: g.key for g in GAMES for name in (g.key, g.title, *g.aliases)}


@pytest.fixture(scope="module")
def parser():
    return Parser(find_game("klondike").make(), game_names=GAME_NAMES)


def card(rank, suit=None):
    return CardRef(Rank[rank.upper()], Suit(suit) if suit else None)


def pile(n):
    return PileRef(f"pile{n}")


UP = KindRef(PileKind.FOUNDATION)
MOVE = "move"

PHRASES = [
    # moves: pile to pile, pile to foundation
    ("move pile three to clubs", Command(MOVE, pile(3), PileRef("clubs"))),
    ("pile three to clubs", Command(MOVE, pile(3), PileRef("clubs"))),
    ("move pile 3 to clubs", Command(MOVE, pile(3), PileRef("clubs"))),
    ("Move pile three to the clubs pile.", Command(MOVE, pile(3), PileRef("clubs"))),
    ("put pile three on clubs", Command(MOVE, pile(3), PileRef("clubs"))),
    ("move pile one to pile four", Command(MOVE, pile(1), pile(4))),
    ("pile 1 to pile 4", Command(MOVE, pile(1), pile(4))),
    ("move pile one onto pile four", Command(MOVE, pile(1), pile(4))),
    ("move column two to column six", Command(MOVE, pile(2), pile(6))),
    ("take pile seven to pile two", Command(MOVE, pile(7), pile(2))),
    ("send pile five to pile one", Command(MOVE, pile(5), pile(1))),
    ("pile six to foundation", Command(MOVE, pile(6), UP)),
    ("move pile six to the foundation", Command(MOVE, pile(6), UP)),
    ("pile six to foundations", Command(MOVE, pile(6), UP)),
    ("pile six home", Command(MOVE, pile(6), UP)),
    ("pile six up", Command(MOVE, pile(6), UP)),
    ("move pile two to hearts", Command(MOVE, pile(2), PileRef("hearts"))),
    ("pile two to the heart pile", Command(MOVE, pile(2), PileRef("hearts"))),
    ("pile four to diamonds", Command(MOVE, pile(4), PileRef("diamonds"))),
    ("pile four to spades foundation", Command(MOVE, pile(4), PileRef("spades"))),
    ("move the waste to pile two", Command(MOVE, PileRef("waste"), pile(2))),
    ("waste to pile two", Command(MOVE, PileRef("waste"), pile(2))),
    ("move waste pile to pile 7", Command(MOVE, PileRef("waste"), pile(7))),
    ("waste up", Command(MOVE, PileRef("waste"), UP)),
    ("waste to foundation", Command(MOVE, PileRef("waste"), UP)),
    ("waste to clubs", Command(MOVE, PileRef("waste"), PileRef("clubs"))),
    ("move clubs to pile three", Command(MOVE, PileRef("clubs"), pile(3))),
    ("hearts to pile 5", Command(MOVE, PileRef("hearts"), pile(5))),
    # moves: cards
    ("seven of hearts on eight of spades", Command(MOVE, card("seven", "hearts"), card("eight", "spades"))),
    ("move seven of hearts to eight of spades", Command(MOVE, card("seven", "hearts"), card("eight", "spades"))),
    ("7 of hearts on 8 of spades", Command(MOVE, card("seven", "hearts"), card("eight", "spades"))),
    ("put the seven of hearts on the eight of spades", Command(MOVE, card("seven", "hearts"), card("eight", "spades"))),
    ("place seven of hearts onto eight of spades", Command(MOVE, card("seven", "hearts"), card("eight", "spades"))),
    ("seven of hearts on top of eight of spades", Command(MOVE, card("seven", "hearts"), card("eight", "spades"))),
    ("seven on eight", Command(MOVE, card("seven"), card("eight"))),
    ("move the seven to the eight", Command(MOVE, card("seven"), card("eight"))),
    ("move seven of hearts to pile four", Command(MOVE, card("seven", "hearts"), pile(4))),
    ("seven of hearts to pile 4", Command(MOVE, card("seven", "hearts"), pile(4))),
    ("move the king to pile five", Command(MOVE, card("king"), pile(5))),
    ("king to pile five", Command(MOVE, card("king"), pile(5))),
    ("move king of spades to pile 5", Command(MOVE, card("king", "spades"), pile(5))),
    ("queen of hearts on king of clubs", Command(MOVE, card("queen", "hearts"), card("king", "clubs"))),
    ("jack of diamonds on queen of spades", Command(MOVE, card("jack", "diamonds"), card("queen", "spades"))),
    ("knave of diamonds on queen of spades", Command(MOVE, card("jack", "diamonds"), card("queen", "spades"))),
    ("ten of clubs on jack of hearts", Command(MOVE, card("ten", "clubs"), card("jack", "hearts"))),
    ("10 of clubs on jack of hearts", Command(MOVE, card("ten", "clubs"), card("jack", "hearts"))),
    ("two of spades on three of hearts", Command(MOVE, card("two", "spades"), card("three", "hearts"))),
    ("deuce of spades on three of hearts", Command(MOVE, card("two", "spades"), card("three", "hearts"))),
    ("ace of hearts to hearts", Command(MOVE, card("ace", "hearts"), PileRef("hearts"))),
    ("seven of hearts up", Command(MOVE, card("seven", "hearts"), UP)),
    ("7 of hearts up", Command(MOVE, card("seven", "hearts"), UP)),
    ("ace up", Command(MOVE, card("ace"), UP)),
    ("ace of spades home", Command(MOVE, card("ace", "spades"), UP)),
    ("move ace of spades to the foundation", Command(MOVE, card("ace", "spades"), UP)),
    ("play ace of spades up", Command(MOVE, card("ace", "spades"), UP)),
    ("two of clubs to foundation", Command(MOVE, card("two", "clubs"), UP)),
    ("play seven of hearts", Command(MOVE, card("seven", "hearts"))),
    ("play the seven of hearts", Command(MOVE, card("seven", "hearts"))),
    ("play 7 of hearts please", Command(MOVE, card("seven", "hearts"))),
    ("play the king", Command(MOVE, card("king"))),
    ("move the queen of diamonds", Command(MOVE, card("queen", "diamonds"))),
    ("play pile three", Command(MOVE, pile(3))),
    ("play waste", Command(MOVE, PileRef("waste"))),
    ("um move uh the seven of hearts on the eight of spades please", Command(MOVE, card("seven", "hearts"), card("eight", "spades"))),
    # stock
    ("draw", Command("draw")),
    ("Draw.", Command("draw")),
    ("deal", Command("draw")),
    ("next card", Command("draw")),
    ("turn over", Command("draw")),
    ("flip", Command("draw")),
    ("draw cards", Command("draw")),
    ("draw a card", Command("draw")),
    # undo / redo
    ("undo", Command("undo")),
    ("take back", Command("undo")),
    ("take that back", Command("undo")),
    ("go back", Command("undo")),
    ("oops", Command("undo")),
    ("redo", Command("redo")),
    ("do again", Command("redo")),
    # help from the game
    ("hint", Command("hint")),
    ("give me a hint", Command("hint")),
    ("what should I do", Command("hint")),
    ("what can I do", Command("moves")),
    ("what moves", Command("moves")),
    ("auto", Command("auto")),
    ("auto play", Command("auto")),
    ("autoplay", Command("auto")),
    # reading
    ("read pile three", Command("read", PileRef("pile3"))),
    ("read pile 3", Command("read", PileRef("pile3"))),
    ("what is on pile three", Command("read", PileRef("pile3"))),
    ("read clubs", Command("read", PileRef("clubs"))),
    ("read the clubs pile", Command("read", PileRef("clubs"))),
    ("read waste", Command("read", PileRef("waste"))),
    ("read the waste", Command("read", PileRef("waste"))),
    ("read stock", Command("read", PileRef("stock"))),
    ("read the board", Command("read_board")),
    ("read board", Command("read_board")),
    ("read the table", Command("read_board")),
    ("read everything", Command("read_board")),
    ("where is the queen of spades", Command("where", card("queen", "spades"))),
    ("where's the queen of spades", Command("where", card("queen", "spades"))),
    ("find the queen of spades", Command("where", card("queen", "spades"))),
    ("where are the aces", Command("where", card("ace"))),
    ("how many cards left", Command("count")),
    ("how many cards are left", Command("count")),
    ("cards left", Command("count")),
    ("score", Command("score")),
    ("what is my score", Command("score")),
    ("repeat", Command("repeat")),
    ("say that again", Command("repeat")),
    ("pardon", Command("repeat")),
    ("help", Command("help")),
    ("rules", Command("help")),
    ("what can I say", Command("what_can_i_say")),
    ("all commands", Command("all_commands")),
    ("list commands", Command("all_commands")),
    # game control
    ("new game", Command("new_game")),
    ("start over", Command("new_game")),
    ("restart", Command("restart")),
    ("play klondike", Command("switch_game", game="klondike")),
    ("play solitaire", Command("switch_game", game="klondike")),
    ("quit", Command("quit")),
    ("exit", Command("quit")),
    ("goodbye", Command("quit")),
    # answers
    ("yes", Command("yes")),
    ("yeah", Command("yes")),
    ("no", Command("no")),
    ("cancel", Command("cancel")),
    ("never mind", Command("cancel")),
    ("hearts", Command("answer", suit=Suit.HEARTS)),
    ("spades", Command("answer", suit=Suit.SPADES)),
    ("the seven of hearts", Command("answer", card("seven", "hearts"))),
    ("seven", Command("answer", card("seven"))),
    ("three", Command("answer", card("three"))),
    ("pile two", Command("answer", pile(2))),
    ("the first one", Command("choose", number=1)),
    ("second", Command("choose", number=2)),
    ("the last one", Command("choose", number=-1)),
    # speech control
    ("faster", Command("faster")),
    ("slower", Command("slower")),
    ("louder", Command("louder")),
    ("quieter", Command("quieter")),
    ("brief", Command("brief")),
    ("verbose", Command("verbose")),
    # contractions read as their words ([contractions] of commands.toml), as typed or as Whisper writes them
    ("what's on pile three", Command("read", pile(3))),
    ("what's in pile three", Command("read", pile(3))),
    ("where's the queen of hearts", Command("where", card("queen", "hearts"))),
    ("what's on the table", Command("read_board")),
    ("let's play spider", Command("switch_game", game="spider")),  # a template's own contraction stays
    # everyday phrasings players use untaught
    ("jack of spades goes on queen of diamonds", Command("move", card("jack", "spades"), card("queen", "diamonds"))),
    ("move six of diamonds over to seven of spades", Command("move", card("six", "diamonds"), card("seven", "spades"))),
    ("give me a clue", Command("hint")),
    ("undo the move", Command("undo")),
    ("undo that", Command("undo")),
    ("start a new game", Command("new_game")),
    ("repeat that", Command("repeat")),
    ("what did you say", Command("repeat")),
]


def test_at_least_a_hundred_phrasings():
    assert len(PHRASES) >= 100
    assert len({p for p, _ in PHRASES}) == len(PHRASES)


@pytest.mark.parametrize("text,expected", PHRASES, ids=[p for p, _ in PHRASES])
def test_phrase(parser, text, expected):
    assert parser.parse(text) == expected


JUNK = ["banana", "", "   ", "move move move", "seven of", "pile", "pile twelve to clubs", "of of of",
        "move pile three to", "the the the", "!!!", "12345678901234567890", "play freecell with me",
        "seven of hearts on on eight", "x" * 5000, "pile " * 500, "\u00e9\u00e8 caf\u00e9", "\x00\x01"]


@pytest.mark.parametrize("text", JUNK, ids=[repr(j[:20]) for j in JUNK])
def test_junk_is_not_a_command(parser, text):
    assert parser.parse(text) is None


def test_tokenize_spells_digits_and_drops_punctuation():
    assert tokenize("Pile 3, to CLUBS!") == ("pile", "three", "to", "clubs")
    assert tokenize("10 of hearts") == ("ten", "of", "hearts")
    assert tokenize("auto-play") == ("auto", "play")


@pytest.mark.parametrize("text", ["read pile ²", "read pile ①", "pile ² to pile ³", "read pile ⅷ",
                                  "read pile " + "9" * 5000, "read pile ¹²"])
def test_digit_like_characters_that_are_not_numbers_are_refused_not_raised_on(parser, text):
    """"²", "①" and their kind pass str.isdigit() but are no number int() reads; a number of
    thousands of digits is past what int() reads too. Both once raised ValueError."""
    assert parser.parse(text) is None


def test_decimal_digits_of_any_script_are_numbers(parser):
    assert tokenize("pile ٣") == ("pile", "three")  # Arabic-Indic three
    assert tokenize("pile ３") == ("pile", "three")  # full-width three
    assert tokenize("pile 𝟙") == ("pile", "one")  # mathematical double-struck one
    assert parser.parse("read pile ٣") == Command("read", pile(3))


# ----- one phrasing source: how a move is said is what the parser and resolver take back -----------
@pytest.mark.parametrize("key", [g.key for g in GAMES])
def test_every_move_said_by_phrasing_is_understood_as_that_move(key):
    """Every legal move, said as narration and hints say it (language/phrasing.py, naming the piles
    where two moves would sound the same), parses and resolves to that very move, in positions of
    random play: the words the game uses are words it understands."""
    import random

    from voicegame.engine import Engine, MoveKind
    from voicegame.language.narrate import Narrator
    from voicegame.language.resolve import Play, Resolver

    game = find_game(key).make()
    engine = Engine(game)
    narrator = Narrator(engine)
    parser, resolver = Parser(game, game_names=GAME_NAMES), Resolver(engine, narrator)
    rng = random.Random(key)
    state = engine.deal(4)
    checked = 0
    for _ in range(25):
        moves = engine.legal_moves(state)
        if not moves:
            break
        for move in moves:
            phrase = narrator.move_phrase_among(state, move, moves)
            command = parser.parse(phrase)
            assert command is not None, (key, phrase)
            if move.kind is MoveKind.DEAL:
                assert command.intent == "draw", (key, phrase)
                continue
            if command.intent == "pair":
                resolution = resolver.resolve_pair(state, command.source, command.target)
            else:
                resolution = resolver.resolve_move(state, command.source, command.target)
            assert resolution == Play(move), (key, phrase, resolution)
            checked += 1
        state = engine.apply(state, rng.choice(moves))[0]
    assert checked > 0 or paired > 0  # a game of pairs alone (Fourteen) has no card move to phrase


@pytest.mark.parametrize("key", [g.key for g in GAMES])
def test_how_a_move_is_said_is_one_of_the_ways_the_templates_say_it(key):
    """Narration's phrase for a card move (phrase_* in messages.toml) is one of the phrases the
    command templates of commands.toml make for that move (Phrasing.sayings), and every saying
    parses as a command: the two sources of phrasing cannot drift apart."""
    import random

    from voicegame.engine import Engine, MoveKind
    from voicegame.language.phrasing import Phrasing

    game = find_game(key).make()
    engine = Engine(game)
    phrasing = Phrasing(engine)
    parser = Parser(game, game_names=GAME_NAMES)
    skip = phrasing.language.skip
    rng = random.Random(key)
    state = engine.deal(4)
    checked = paired = 0
    for _ in range(6):
        moves = engine.legal_moves(state)
        if not moves:
            break
        for move in moves:
            if move.kind is MoveKind.PAIR:
                paired += 1
                continue
            sayings = phrasing.sayings(state, move)
            said = " ".join(w for w in parser.words(phrasing.move_phrase(state, move)) if w not in skip)
            assert said in {" ".join(parser.words(s)) for s in sayings}, (key, said)
            for saying in rng.sample(sayings, min(5, len(sayings))):
                assert parser.parse(saying) is not None, (key, saying)
            checked += 1
        state = engine.apply(state, rng.choice(moves))[0]
    assert checked > 0 or paired > 0  # a game of pairs alone (Fourteen) has no card move to phrase


@pytest.mark.parametrize("key, text, source, target", [
    ("klondike", "move the third pile onto the fifth pile", PileRef("pile3"), PileRef("pile5")),
    ("klondike", "the leftmost pile to the rightmost column", PileRef("pile1"), PileRef("pile7")),
    ("klondike", "last column to the second pile", PileRef("pile7"), PileRef("pile2")),
    ("freecell", "the ten of diamonds to the fourth cell", CardRef(Rank.TEN, Suit.DIAMONDS), PileRef("cell4")),
    ("freecell", "the last column to the first free cell", PileRef("column8"), PileRef("cell1")),
    ("spider", "the last column onto the ninth column", PileRef("column10"), PileRef("column9")),
])
def test_a_pile_is_named_by_an_ordinal_before_its_noun(key, text, source, target):
    """vocabulary.toml [ordinal_places]: every numbered pile name, ordinal first, "last" for the highest
    number of its noun, "leftmost" and "rightmost" for first and last (issue 50: one lexicon entry, every game)."""
    command = Parser(find_game(key).make()).parse(text)
    assert command is not None and (command.source, command.target) == (source, target), command


def test_an_ordinal_alone_still_chooses_and_other_numbers_are_not_ordinal_piles():
    parser = Parser(find_game("klondike").make())
    assert parser.parse("the third one") == Command("choose", number=3)
    assert parser.parse("read the eighth pile") is None  # Klondike has seven
    gaps = Parser(find_game("gaps").make())  # spots named "row two column three": two numbers, no ordinal name
    assert ("row", "one", "column", "two") in gaps.pile_names and not gaps.ordinal_pile_names


@pytest.mark.parametrize("text", ["build the six of clubs on the seven of diamonds", "pop the six of clubs on the seven of diamonds",
                                  "stick the six of clubs on the seven of diamonds", "play the six of clubs onto the seven of diamonds"])
def test_everyday_verbs_move_a_card(parser, text):
    assert parser.parse(text) == Command("move", CardRef(Rank.SIX, Suit.CLUBS), CardRef(Rank.SEVEN, Suit.DIAMONDS))
