"""Rules help: every text exists and fits a chat message, the facts and examples are right (checked
against the engine), free questions find their topic, refusal reasons point to a topic."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.presentation import rules_help
from bot.presentation.rules_help import (
    MAX_LENGTH,
    TOPICS,
    explain,
    find_topic,
    find_variant,
    language,
    topic_for_reason,
    topic_list,
    topic_title,
)
from engine import Board, MoveError, Reason, get_variant

VARIANTS = ("english", "italian", "international")
LOCALES = ("en", "fi")

# The Reason values the engine documents (engine.Reason), kept here to see a new one get a topic.
API_REASONS = (
    "bad_syntax", "too_long", "not_a_square", "no_piece", "opponent_piece", "capture_compulsory",
    "incomplete", "not_maximum", "must_capture_with_king", "must_capture_more_kings",
    "must_meet_king_earlier", "man_cannot_capture_king", "men_not_backward", "kings_do_not_fly",
    "occupied", "not_diagonal", "too_far", "own_piece", "crowning_ends_move", "game_over", "ambiguous",
    "not_legal",
)

FINNISH_WORDS = ("nappula", "ruutu", "ruudu", "kuningas", "siirto", "siirr", "lyö", "tasapeli", "lauta",
                 " ja ", " on ")


def all_texts() -> list[tuple[str, str, str, str]]:
    return [(lang, variant, topic, explain(topic, variant, lang))
            for lang in LOCALES for variant in VARIANTS for topic in TOPICS]


def test_topic_ids() -> None:
    # The first ten keep their numbers (`rules 5` is still kings); issue 13 added three, issue 21 two.
    assert TOPICS == ("setup", "moves", "captures", "sequences", "kings", "end", "draws", "notation",
                      "differences", "strategy", "procedure", "playing", "glossary", "start", "about")


@pytest.mark.parametrize(("lang", "variant", "topic", "text"), all_texts())
def test_every_text_exists_fits_and_is_plain(lang: str, variant: str, topic: str, text: str) -> None:
    assert text.startswith(topic_title(topic, lang) + " (")
    body = text.split("\n", 1)[1]
    assert len(body) > 200
    assert len(text) <= MAX_LENGTH
    for markdown in ("**", "__", "`", "#", "[", "~~"):
        assert markdown not in text


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("topic", TOPICS)
def test_finnish_texts_are_finnish(variant: str, topic: str) -> None:
    fi = explain(topic, variant, "fi").lower()
    en = explain(topic, variant, "en").lower()
    assert fi != en
    assert sum(word in fi for word in FINNISH_WORDS) >= 3
    for english_word in (" the ", " and ", " must ", " move "):
        assert english_word not in fi
    assert not re.search(r"[äö]", en)


@pytest.mark.parametrize("variant", VARIANTS)
def test_variant_texts_differ(variant: str) -> None:
    others = [v for v in VARIANTS if v != variant]
    for topic in ("setup", "moves", "captures", "sequences", "kings", "draws", "notation"):
        for lang in LOCALES:
            text = explain(topic, variant, lang).split("\n", 1)[1]
            assert all(text != explain(topic, other, lang).split("\n", 1)[1] for other in others)


# (language, variant, topic, phrases that must appear)
KEY_FACTS = [
    ("en", "english", "setup", ["Red (the dark side) moves first", "9-13", "12 men", "a1 is dark"]),
    ("en", "italian", "setup", ["White moves first", "mirrored", "h1 is dark", "Black starts on 1-12"]),
    ("en", "international", "setup", ["White moves first", "32-28", "20 men", "10x10"]),
    ("en", "english", "moves", ["Men never go backward", "one square diagonally in any direction"]),
    ("en", "international", "moves", ["may capture backward", "A king flies"]),
    ("en", "english", "captures", ["Men capture forward only", "compulsory", "you choose freely",
                                   "A man may capture a king"]),
    ("en", "italian", "captures", ["men cannot capture kings", "take the most pieces",
                                   "capture with a king", "take the most kings", "meets a king earliest"]),
    ("en", "international", "captures", ["Men capture forward and backward", "the most pieces",
                                         "Kings and men count the same"]),
    ("en", "english", "sequences", ["Crowning ends the move", "jumped twice"]),
    ("en", "italian", "sequences", ["Crowning ends the move"]),
    ("en", "international", "sequences", ["stays a man", "crowned only if the move ends there",
                                          "stay on the board until the move ends"]),
    ("en", "english", "kings", ["Kings do not fly", "one square", "one and a half men"]),
    ("en", "italian", "kings", ["kings do not fly", "Men cannot capture kings"]),
    ("en", "international", "kings", ["Kings fly", "any distance", "any empty square beyond",
                                      "only when its move ends on the far row"]),
    ("en", "english", "end", ["no legal move", "resign"]),
    ("en", "english", "draws", ["claim", "40 moves of each player", "80 turns in all",
                                "Threefold repetition", "not enough"]),
    ("en", "italian", "draws", ["automatically", "Threefold repetition", "40 moves by each side",
                                "no capture and no man move"]),
    ("en", "international", "draws", ["automatically", "Threefold repetition", "25 moves of each side",
                                      "only kings", "16 moves", "5 moves", "lone king"]),
    ("en", "english", "notation", ["9-13", "10x17x26", "10x26", "c3-d4"]),
    ("en", "international", "notation", ["1-50", "32-28", "files a-j"]),
    ("en", "english", "differences", ["flying", "Red in English", "only in International",
                                      "except in Italian"]),
    ("en", "english", "strategy", ["centre", "back row", "tempo", "one and a half men"]),
    ("en", "international", "strategy", ["about three men"]),
    ("fi", "english", "setup", ["Punainen (tumma puoli) aloittaa", "9-13"]),
    ("fi", "italian", "setup", ["Valkoinen aloittaa", "peilikuva", "h1 on tumma"]),
    ("fi", "international", "setup", ["Valkoinen aloittaa", "32-28"]),
    ("fi", "english", "captures", ["Lyöntipakko", "vain eteenpäin", "valita vapaasti"]),
    ("fi", "italian", "captures", ["kuninkaan voi lyödä vain kuningas", "eniten nappuloita", "kuninkaalla",
                                   "eniten kuninkaita", "aikaisimmin"]),
    ("fi", "international", "captures", ["eteen- ja taaksepäin", "Enimmäislyönti"]),
    ("fi", "international", "sequences", ["jää tavalliseksi"]),
    ("fi", "english", "kings", ["Kuningas ei lennä", "Kruunaus päättää siirron"]),
    ("fi", "international", "kings", ["Kuningas lentää", "daami", "vain, jos sen siirto päättyy"]),
    ("fi", "english", "draws", ["vaatia", "40 siirron", "80 vuoroa", "Kolminkertainen toisto"]),
    ("fi", "italian", "draws", ["automaattisesti", "40 siirtoa"]),
    ("fi", "international", "draws", ["25 siirron", "16 siirron", "5 siirron", "yksinäistä kuningasta"]),
    ("fi", "english", "notation", ["10x17x26", "b6-a5"]),
]


@pytest.mark.parametrize(("lang", "variant", "topic", "phrases"), KEY_FACTS)
def test_key_facts(lang: str, variant: str, topic: str, phrases: list[str]) -> None:
    text = explain(topic, variant, lang)
    for phrase in phrases:
        assert phrase in text, phrase


def test_italian_capture_order_is_in_order() -> None:
    text = explain("captures", "italian", "en")
    positions = [text.index(p) for p in ("take the most pieces", "capture with a king",
                                          "take the most kings", "meets a king earliest")]
    assert positions == sorted(positions)


def test_english_kings_text_does_not_claim_flying() -> None:
    for variant in ("english", "italian"):
        text = explain("kings", variant, "en").lower()
        assert "do not fly" in text
        assert "any distance" not in text


# Every worked example in the texts, replayed in the engine: (variant, topic, FEN, all legal moves,
# the moves the text names). A position with no legal move is a win for the other side.
EXAMPLES = [
    ("english", "setup", None, {"9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"},
     {"9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"}),
    ("italian", "setup", None, {"21-17", "21-18", "22-18", "22-19", "23-19", "23-20", "24-20"},
     {"22-19", "21-17"}),
    ("international", "setup", None, {"31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29",
                                      "34-30", "35-30"},
     {"31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30"}),
    ("english", "moves", None, {"9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"},
     {"9-13", "9-14"}),
    ("italian", "moves", None, {"21-17", "21-18", "22-18", "22-19", "23-19", "23-20", "24-20"},
     {"22-19", "22-18"}),
    ("international", "moves", None, {"31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29",
                                      "34-30", "35-30"}, {"32-28", "32-27"}),
    ("english", "captures", "B:W14,15,22:B10", {"10x17x26", "10x19"}, {"10x17x26", "10x19"}),
    ("english", "sequences", "B:W26,27:B22", {"22x31"}, {"22x31"}),
    ("english", "kings", "B:W14:BK18", {"18x9"}, {"18x9"}),
    ("english", "kings", "B:W10:BK19", {"19-15", "19-16", "19-23", "19-24"}, {"19-15"}),
    ("english", "end", "B:W17,22:B13", set(), set()),
    ("italian", "captures", "W:W29,31:B19,26,28", {"29x22x15"}, {"29x22x15"}),
    ("italian", "captures", "W:W22:BK18", {"22-19"}, {"22-19"}),
    ("italian", "sequences", "W:WK18:BK13,5,14,K7", {"18x9x2"}, {"18x9x2"}),
    ("italian", "kings", "W:WK17,W29:B13,26", {"17x10"}, {"17x10"}),
    ("italian", "end", "W:W32:B28,23", set(), set()),
    ("international", "captures", "W:W28:B22,33,44", {"28x39x50"}, {"28x39x50"}),
    ("international", "sequences", "W:W13:B7,8", {"13x2x11"}, {"13x2x11"}),
    ("international", "kings", "W:WK46:B24,28", {"46x19x30", "46x19x35"}, {"46x19x30", "46x19x35"}),
    ("international", "end", "W:W46:B41,37", set(), set()),
]


@pytest.mark.parametrize(("variant", "topic", "fen", "moves", "shown"), EXAMPLES)
def test_examples_match_the_engine(variant: str, topic: str, fen: str | None, moves: set[str],
                                   shown: set[str]) -> None:
    board = Board(variant, fen=fen) if fen else Board(variant)
    assert {str(m) for m in board.legal_moves} == moves
    for lang in LOCALES:
        text = explain(topic, variant, lang)
        for move in shown:
            assert re.search(rf"(?<![0-9x]){move}(?![0-9x])", text), (lang, move)
    if not moves:
        outcome = board.outcome()
        assert outcome is not None and outcome.winner == board.turn.other


@pytest.mark.parametrize(("variant", "typed"), [
    ("english", "9-18"), ("italian", "22-15"), ("international", "32-23"),  # "two squares"
    ("italian", "31x24"),  # "not 31x24": fewer pieces
    ("international", "28x17"),
])
def test_refused_examples_are_refused(variant: str, typed: str) -> None:
    fens = {"31x24": "W:W29,31:B19,26,28", "28x17": "W:W28:B22,33,44"}
    fen = fens.get(typed)
    board = Board(variant, fen=fen) if fen else Board(variant)
    with pytest.raises(MoveError):
        board.parse_move(typed)
    assert typed in explain("moves" if fen is None else "captures", variant, "en")


def test_sequence_example_promotes_only_at_the_end() -> None:
    board = Board("international", fen="W:W13:B7,8")
    board.push(board.parse_move("13x2x11"))
    piece = board.piece_at(11)
    assert piece is not None and not piece.king


@pytest.mark.parametrize(("variant", "typed", "canonical"), [
    ("english", "b6-a5", "9-13"),
    ("italian", "d3-e4", "22-19"),
    ("international", "d4-e5", "32-28"),
])
def test_algebraic_examples(variant: str, typed: str, canonical: str) -> None:
    assert str(Board(variant).parse_move(typed)) == canonical
    assert typed in explain("notation", variant, "en")


@pytest.mark.parametrize(("variant", "fen", "typed", "canonical"), [
    ("english", "B:W14,15,22:B10", "10x26", "10x17x26"),
    ("english", "B:W14,15,22:B10", "10x17", "10x17x26"),
    ("english", "B:W14,15,22:B10", "10-26", "10x17x26"),
    ("italian", "W:W29,31:B19,26,28", "29x15", "29x22x15"),
    ("italian", "W:W29,31:B19,26,28", "29-15", "29x22x15"),
    ("international", "W:W28:B22,33,44", "28x50", "28x39x50"),
    ("international", "W:W28:B22,33,44", "28x39", "28x39x50"),
])
def test_notation_shortcuts_are_accepted(variant: str, fen: str, typed: str, canonical: str) -> None:
    assert str(Board(variant, fen=fen).parse_move(typed)) == canonical
    assert f"({typed})" in explain("notation", variant, "en")


def test_english_algebraic_square_names() -> None:
    english = get_variant("english")
    assert (english.algebraic(22), english.algebraic(18)) == ("c3", "d4")
    italian = get_variant("italian")
    assert (italian.algebraic(1), italian.algebraic(32)) == ("a8", "h1")


@pytest.mark.parametrize("lang", LOCALES)
@pytest.mark.parametrize("variant", VARIANTS)
def test_topic_list(lang: str, variant: str) -> None:
    text = topic_list(lang, variant)
    assert len(text) <= MAX_LENGTH
    for number, topic in enumerate(TOPICS, start=1):
        assert f"{number}. {topic_title(topic, lang)} – " in text
    assert ("säännöt 5" if lang == "fi" else "rules 5") in text  # Finnish texts use the Finnish command word
    assert explain("setup", variant, lang).split("\n")[0].split("(")[1].rstrip(")") in text


def test_titles_and_unknown_topics() -> None:
    assert topic_title("draws", "en") == "Draws"
    assert topic_title("draws", "fi-FI") == "Tasapeli"
    with pytest.raises(KeyError):
        topic_title("castling", "en")
    with pytest.raises(KeyError):
        explain("castling", "english", "en")
    with pytest.raises(KeyError):
        explain("kings", "chess", "en")
    assert explain("kings", "checkers", "en") == explain("kings", "english", "en")


QUESTIONS = [
    ("can kings fly?", "kings"),
    ("pitääkö lyödä?", "captures"),
    ("how does a man become a king", "kings"),
    ("what if the same position repeats", "draws"),
    ("how do I write a capture", "notation"),
    ("kuka aloittaa", "setup"),
    ("miten peli päättyy", "end"),
    ("difference between italian and english", "differences"),
    ("tips", "strategy"),
    ("must I take the most pieces", "captures"),
    ("monen nappulan lyönti", "sequences"),
    ("Who moves first?", "setup"),
    ("Can men move backwards?", "moves"),
    ("how do pieces move", "moves"),
    ("Is capturing compulsory?", "captures"),
    ("can I jump again after a capture", "sequences"),
    ("what does 10x17x26 mean", "notation"),
    ("how do I win", "end"),
    ("how do I resign", "end"),
    ("what is the 40 move rule", "draws"),
    ("how many men does each player have", "setup"),
    ("how much is a king worth", "strategy"),
    ("kuinka kuningas liikkuu", "kings"),
    ("mitä eroa on italialaisella ja englantilaisella tammella", "differences"),
    ("milloin peli on tasapeli", "draws"),
    ("voiko sotilas lyödä taaksepäin", "captures"),
    ("anna vinkkejä", "strategy"),
    ("miten kirjoitan siirron", "notation"),
    ("kuinka monta ruutua kuningas lentää", "kings moves"),
    ("mikä on lyöntipakko", "captures"),
    ("lyöntisarja", "sequences"),
    ("paljonko kuningas on arvoinen", "strategy"),
    ("mitä tapahtuu kun nappula pääsee päätyriville", "kings"),
    ("päättyykö peli tasan jos asema toistuu", "draws"),
    ("miten nappulat liikkuvat", "moves"),
    ("PAATTYYKO PELI", "end"),  # no dots, upper case
    ("daamit?", "kings"),
    ("what is the long diagonal", "setup glossary"),
    ("what happens at the end of the board", "kings sequences"),
    ("miten voitan", "end"),
    ("miksi en voi siirtää", "end"),
    ("kuinka monta siirtoa ilman lyöntiä", "draws"),
    ("is it a draw with two kings each", "draws"),
    ("can I jump the same piece twice", "sequences"),
    ("saako lyönnin jättää kesken", "sequences"),
    ("onko pakko syödä", "captures"),
    ("how do I type a move", "notation"),
    ("which colour starts", "setup"),
]


@pytest.mark.parametrize(("question", "topics"), QUESTIONS)
def test_find_topic(question: str, topics: str) -> None:
    """The nearest topic, or one of two that answer equally well ("kings moves")."""
    assert find_topic(question) in topics.split()
    assert find_topic(question, "fi") in topics.split()


@pytest.mark.parametrize("question", ["asdf qwerty", "", "   ", "?!", "hello", "42", "the"])
def test_find_topic_nothing_close(question: str) -> None:
    assert find_topic(question) is None


def test_find_topic_by_number_id_and_title() -> None:
    for number, topic in enumerate(TOPICS, start=1):
        assert find_topic(str(number)) == topic
        assert find_topic(topic.upper()) == topic
        assert find_topic(topic_title(topic, "en")) == topic
        assert find_topic(topic_title(topic, "fi")) == topic
    assert find_topic("0") is None
    assert find_topic(str(len(TOPICS) + 1)) is None


def test_find_variant() -> None:
    assert find_variant("kings in italian") == "italian"
    assert find_variant("kansainvälisen tammen kuningas") == "international"
    assert find_variant("englantilainen") == "english"
    assert find_variant("checkers draws") == "english"
    assert find_variant("can kings fly") is None
    for text, topic, variant in [("kings italian", "kings", "italian"),
                                 ("kuninkaat international", "kings", "international"),
                                 ("italian", None, "italian")]:
        assert (find_topic(text), find_variant(text)) == (topic, variant)


@pytest.mark.parametrize("question, lang", [
    ("I'm coming over from English checkers and the square numbers are all in the wrong places. Is the "
     "numbering different here?", "en"),
    ("Pelasin ennen englantilaista ja nyt ruutujen numerot on ihan eri paikoissa. Onks numerointi eri?",
     "fi"),
])
def test_a_variant_the_asker_comes_from_is_not_the_one_asked_about(question: str, lang: str) -> None:
    """A question that names the variant its asker comes from is answered by the channel's rules."""
    assert rules_help.find_variants(question) == ("english",)
    assert rules_help.asked_variants(question) == ()
    reply = rules_help.answer(question, lang, "italian")
    assert reply is not None and reply.variants == ("italian",)
    assert rules_help.asked_variants("I'm used to English checkers: do men capture backward in Italian?") == (
        "italian",)
    assert rules_help.asked_variants("what is different from international in italian") == ("italian",)
    assert rules_help.asked_variants("how is English checkers different from this?") == ("english",)
    assert rules_help.asked_variants("onko lauta eri päin kuin englantilaisessa?") == ()
    assert rules_help.asked_variants("is a king worth more in Italian than in English?") == ("italian",)
    assert rules_help.asked_variants("onks lauta toisin päin ku englantilaisessa") == ()
    assert rules_help.asked_variants("Tuleeko tasapeli itsestään, vai pitääkö se vaatia kuten WCDF:n "
                                     "säännöissä?") == ()
    assert rules_help.asked_variants("voiks kunkku liikkua monta ruutua niinku kansainvälisessä?") == ()
    assert rules_help.asked_variants("I usually play English checkers. Who starts here?") == ()
    assert rules_help.asked_variants("pelaan yleensä englantilaista, kumpi aloittaa italialaisessa?") == (
        "italian",)


def test_a_square_named_as_in_chess_is_a_word_of_algebraic_notation() -> None:
    """"Does f4 style work on the 10x10 board?" asks about notation, not the board."""
    reply = rules_help.answer("does f4 style work on the 10x10 board?", "en", "international")
    assert reply is not None and reply.topic == "notation"
    assert rules_help.search("kelpaako b6 tyyppiset ruudut", "international")[0].topic == "notation"


def test_a_number_of_moves_that_names_no_rule_keeps_the_channels_rules() -> None:
    """A number of another variant's rule sends a question there only when it speaks of a rule: "the 16
    move rule" is International's, "kings moving for like fifty moves" in an Italian channel is Italian."""
    story = ("we have been moving kings around for like fifty moves without anybody capturing anything, "
             "does the game ever stop?")
    reply = rules_help.answer(story, "en", "italian")
    assert reply is not None and reply.topic == "draws" and reply.variants == ("italian",)
    for question, lang in (("what is the 16 move rule?", "en"), ("mikä on 25 siirron sääntö?", "fi")):
        reply = rules_help.answer(question, lang, "italian")
        assert reply is not None and reply.variants == ("international",)


@pytest.mark.parametrize("reason", API_REASONS)
def test_every_api_reason_has_a_topic(reason: str) -> None:
    assert topic_for_reason(reason) in TOPICS


def test_every_engine_reason_has_a_topic() -> None:
    for reason in Reason:
        assert reason.value in API_REASONS
        assert topic_for_reason(reason) == topic_for_reason(reason.value)
        assert reason.value in rules_help._REASON_TOPICS


def test_reason_topics() -> None:
    assert topic_for_reason("capture_compulsory") == "captures"
    assert topic_for_reason("not_maximum") == "captures"
    assert topic_for_reason("man_cannot_capture_king") == "captures"
    assert topic_for_reason("incomplete") == "sequences"
    assert topic_for_reason("kings_do_not_fly") == "kings"
    assert topic_for_reason("bad_syntax") == "notation"
    assert topic_for_reason("ambiguous") == "notation"
    assert topic_for_reason("too_far") == "moves"
    assert topic_for_reason("game_over") == "end"
    assert topic_for_reason("something_new") == "moves"


# Real refusals from the engine, and a phrase the pointed-to topic must contain for that variant.
REFUSALS = [
    ("italian", "W:W22:BK18", "22x13", "men cannot capture kings"),
    ("english", "B:W14:B18", "18x9", "Men never go backward"),
    ("english", "B:W10:BK19", "19x1", "Kings do not fly"),
    ("english", "B:W14,15,22:B10", "10-14", "Capturing is compulsory"),
    ("international", "W:W28:B22,33,44", "28x17", "the most pieces"),
    ("italian", "W:WK17,W29:B13,26", "29x22", "capture with a king"),
    ("international", "W:WK46:B24,28", "46x19", "must go on"),
    ("english", None, "9-18", "one square"),
    ("english", None, "abc", "Plain move: type start-end"),
]


@pytest.mark.parametrize(("variant", "fen", "typed", "phrase"), REFUSALS)
def test_refusals_point_to_the_rule(variant: str, fen: str | None, typed: str, phrase: str) -> None:
    board = Board(variant, fen=fen) if fen else Board(variant)
    with pytest.raises(MoveError) as caught:
        board.parse_move(typed)
    assert phrase in explain(topic_for_reason(caught.value.reason), variant, "en")


@pytest.mark.parametrize(("locale", "lang"), [
    ("fi", "fi"), ("fi-FI", "fi"), ("fi_FI", "fi"), ("FI", "fi"), ("fin", "fi"), ("finnish", "fi"),
    ("en", "en"), ("en-US", "en"), ("en-GB", "en"), ("sv-FI", "en"), ("de", "en"), (None, "en"),
    ("", "en"), ("fil", "en"),
])
def test_language(locale: str | None, lang: str) -> None:
    assert language(locale) == lang


ROOT = Path(__file__).resolve().parents[2]
RULES_FILES = [*ROOT.glob("bot/presentation/rules*.py"), *ROOT.glob("bot/presentation/rules/*.toml"),
               *ROOT.glob("tests/bot/test_rules_*.py"), *ROOT.glob("tests/bot/data/rules_*.toml")]


@pytest.mark.parametrize("path", RULES_FILES, ids=lambda path: path.name)
def test_the_rules_files_name_only_files_that_ship(path: Path) -> None:
    """A file name in the rules help's code, texts or tests is one in this repository (issue 21 item 20)."""
    shipped = {p.relative_to(ROOT).as_posix() for p in ROOT.rglob("*") if ".venv" not in p.parts}
    names = {p.rsplit("/", 1)[-1] for p in shipped}
    text = path.read_text("utf-8")
    assert not re.search(r"(?<![\w.])/(?:work|home|tmp|Users)/\w", text)  # no path of one machine
    for named in re.findall(r"[\w./-]*\w\.(?:md|toml|py|txt|ftl|json)\b", text):
        assert (named in shipped if "/" in named else named in names), named
