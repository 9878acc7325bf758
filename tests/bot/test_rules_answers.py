"""Rules help answers: the passage(s) that answer, the pointer to the topic, variants named in either
language, two variants at once, the data files' shape, the wording fixes of issue 13, and that every
chat command a text names is one Tammi understands."""

from __future__ import annotations

import dataclasses
import io
import re
from pathlib import Path

import pytest

from bot.app import run_console
from bot.chat.grammar import (
    ACCEPT_WORDS,
    COLOUR_WORDS,
    DECLINE_WORDS,
    TOURNAMENT_WORDS,
    find_move,
    resolve_command,
)
from bot.config import Config
from bot.presentation.catalogue import say
from bot.presentation.rules_help import (
    MIN_SCORE,
    TOPICS,
    Answer,
    Request,
    answer,
    explain,
    find_topic,
    parse_request,
    question_language,
    respond,
    topic_list,
)
from bot.presentation.rules_search import search, terms
from bot.presentation.rules_texts import TEXTS, VARIANTS, passages

LANGS = ("en", "fi")


def test_an_answer_is_the_passage_and_a_pointer() -> None:
    reply = answer("can I undo a move?", "en", "english")
    assert reply is not None
    assert (reply.topic, reply.title, reply.variants) == ("playing", "Playing with Tammi", ("english",))
    lines = reply.text.splitlines()
    assert lines[0] == "Playing with Tammi (English checkers):"
    assert lines[-1] == "More: `rules playing`"
    assert "type undo" in reply.text
    assert len(reply.text) < len(explain("playing", "english", "en"))  # the passage, not the topic
    with pytest.raises(dataclasses.FrozenInstanceError):
        reply.topic = "moves"  # type: ignore[misc]


def test_finnish_answers_point_with_the_finnish_command() -> None:
    reply = answer("miten tarjoan tasapeliä?", "fi", "english")
    assert reply is not None
    assert reply.text.splitlines()[-1] in {"Lisää: `säännöt pelaaminen`", "Lisää: `säännöt tasapeli`"}
    assert "komennolla tasapeli" in reply.text or "jälkeen tasapeli" in reply.text


def test_a_rule_number_of_another_variant_answers_for_that_variant() -> None:
    for question, lang in (("what is the 16 move rule?", "en"), ("mikä on viiden siirron sääntö?", "fi")):
        reply = answer(question, lang, "english")
        assert reply is not None and reply.topic == "draws" and reply.variants == ("international",)
        assert reply.text.splitlines()[-1].endswith(("`rules draws international`",
                                                     "`säännöt tasapeli kansainvälinen`"))
    reply = answer("what is the 40 move rule?", "en", "english")
    assert reply is not None and reply.variants == ("english",) and "40-move rule" in reply.text


def test_a_question_naming_two_variants_answers_for_both() -> None:
    reply = answer("kings in italian and international", "en", "english")
    assert reply is not None and reply.topic == "kings"
    assert reply.variants == ("italian", "international")
    assert "Kings and promotion (Italian draughts):" in reply.text
    assert "Kings and promotion (International draughts):" in reply.text
    assert reply.text.endswith("More: `rules kings`")
    reply = answer("kuninkaat italialaisessa ja kansainvälisessä", "fi", "english")
    assert reply is not None and reply.variants == ("italian", "international")
    assert "(italialainen tammi):" in reply.text and "(kansainvälinen tammi):" in reply.text


def test_a_shared_topic_is_shown_once_for_two_variants() -> None:
    reply = answer("what is the difference between italian and english?", "en", "international")
    assert reply is not None and reply.topic == "differences"
    assert reply.text.count("Differences between the variants (") == 1


def test_a_broad_question_gets_the_passages_that_answer_nearly_as_well() -> None:
    """"How does the game end" is answered by every passage of the topic that scores near the best, not by
    the first alone: a blocked player loses too (with `MORE_PASSAGES` at 0.8 only the first was shown)."""
    reply = answer("how does the game end", "en", "italian")
    assert reply is not None and reply.topic == "end"
    assert "you win, when your opponent has no legal move" in reply.text
    assert "Cannot move? A player with no legal move on their turn loses" in reply.text


@pytest.mark.parametrize("question", ["what is different in italian draughts",
                                      "anything different about kings here?"])
def test_different_asks_for_the_differences(question: str) -> None:
    """"Different" is a word for comparing, like "difference" (the search alone found the differences
    only weakly, below the score that answers, or not at all)."""
    best = search(question, "italian", variants_named=1)[0]
    assert best.topic == "differences" and best.score >= MIN_SCORE


@pytest.mark.parametrize(("question", "variant"), [("missä variantissa kuningas lentää", "international"),
                                                   ("Missä varianteissa kruunaus päättää lyöntisarjan?",
                                                    "english")])
def test_the_finnish_loanword_for_variant_asks_which_variant(question: str, variant: str) -> None:
    """"Variantti" is not "väri" (colour): "missä variantissa" asks which variant has a rule, as "missä
    muunnelmassa" does (before, "vari*" made it a colour and the answer came from kings or sequences)."""
    assert search(question, variant)[0].topic == "differences"
    assert "c:colour" not in terms("variantissa", "fi")
    assert "c:colour" in terms("mikä väri aloittaa", "fi") and "c:colour" in terms("värillä", "fi")


@pytest.mark.parametrize("question", ["tell me a joke", "who won the world cup",
                                      "mikä on Suomen pääkaupunki?", "", "???", "asdf qwerty"])
def test_off_topic_questions_get_no_answer(question: str) -> None:
    assert answer(question, "en", "english") is None


@pytest.mark.parametrize("question", ["who programmed you?", "kuka sinut on tehnyt"])
def test_asking_who_made_the_bot_is_answered_about_the_bot(question: str) -> None:
    """Words the vocabulary learnt in the ninth round ("who made you", "kuka sut teki"), asked otherwise."""
    reply = answer(question, "en", "english")
    assert reply is not None and reply.topic == "about"
    assert passages(TEXTS["en"].topics["about"].bodies["english"])[3] in reply.text


@pytest.mark.parametrize(("question", "topic"), [("voiko kuninkaalla peruuttaa", "kings"),
                                               ("peruuttaako kunkku", "kings"),
                                               ("miten peruutan siirron?", "playing")])
def test_peruuttaa_said_of_a_piece_is_moving_back_and_of_a_move_undoing_it(question: str, topic: str) -> None:
    reply = answer(question, "fi", "english")
    assert reply is not None and reply.topic == topic


@pytest.mark.parametrize(("words", "wanted"), [
    (["5", "kansainvälinen"], Request("kings", "5 kansainvälinen", ("international",))),
    (["5", "italialainen"], Request("kings", "5 italialainen", ("italian",))),
    (["5", "in", "italian"], Request("kings", "5 in italian", ("italian",))),
    (["rules", "5", "international"], Request("kings", "rules 5 international", ("international",))),
    (["kuninkaat", "kansainvälisessä", "tammessa"],
     Request("kings", "kuninkaat kansainvälisessä tammessa", ("international",))),
    (["Lyöntisarjat"], Request("sequences", "Lyöntisarjat", ())),
    (["glossary"], Request("glossary", "glossary", ())),
    (["can", "kings", "fly"], Request(None, "can kings fly", ())),
    (["5", "italian", "english"], Request("kings", "5 italian english", ("italian", "english"))),
    ([], Request(None, "", ())),
])
def test_parse_request(words: list[str], wanted: Request) -> None:
    assert parse_request(words, "fi") == wanted
    assert parse_request(words, "en") == wanted


def test_respond() -> None:
    assert respond([], "fi", "italian") == topic_list("fi", "italian")
    assert respond(["international"], "en", "english") == topic_list("en", "international")
    one = respond(["5", "kansainvälinen"], "fi", "english")
    assert isinstance(one, Answer) and one.text == explain("kings", "international", "fi")
    both = respond(["5", "italian", "english"], "en", "international")
    assert isinstance(both, Answer) and both.variants == ("italian", "english")
    assert both.text == explain("kings", "italian", "en") + "\n\n" + explain("kings", "english", "en")
    asked = respond(["can", "kings", "fly"], "en", "international")
    assert isinstance(asked, Answer) and asked.topic == "kings"
    assert asked.text.startswith("Kings and promotion")
    assert respond(["asdf", "qwerty"], "en", "english") is None


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("topic", TOPICS)
def test_every_pointer_leads_back(lang: str, topic: str) -> None:
    texts = TEXTS[lang]
    name = texts.topics[topic].name
    assert find_topic(name) == topic
    for variant in VARIANTS:
        word = texts.variants[variant].split()[0].lower()
        assert parse_request([name, word], lang) == Request(topic, f"{name} {word}", (variant,))


@pytest.mark.parametrize("topic", TOPICS)
@pytest.mark.parametrize("variant", VARIANTS)
def test_both_languages_have_the_same_passages(topic: str, variant: str) -> None:
    en = passages(TEXTS["en"].topics[topic].bodies[variant])
    fi = passages(TEXTS["fi"].topics[topic].bodies[variant])
    assert len(en) == len(fi) >= 4
    for a, b in zip(en, fi, strict=True):  # a bullet is a bullet, an example an example
        assert a.startswith("•") == b.startswith("•")


# The wording issue 13 asked to fix: (language, variant, topic, phrases the text must hold).
FIXED = [
    ("en", "international", "kings", ["along the same diagonal or turning onto another"]),
    ("fi", "international", "kings", ["samaa vinoriviä pitkin tai kääntyä toiselle vinoriville"]),
    ("en", "english", "strategy", ["cannot be captured there"]),
    ("fi", "english", "strategy", ["Sivureunan nappulaa ei voi lyödä"]),
    ("en", "international", "strategy", ["cannot be captured there"]),
    ("en", "italian", "kings", ["meets a king earliest"]),
    ("fi", "italian", "kings", ["kohtaa kuninkaan aikaisimmin"]),
    ("en", "international", "captures", ["A man captures by jumping diagonally over an adjacent enemy"]),
    ("fi", "international", "captures", ["viereisen vastustajan nappulan yli"]),
    ("en", "italian", "captures", ["the first king first, then the second"]),
    ("fi", "english", "setup", ["peliä pelataan vain", "peliruudulla"]),
    ("fi", "italian", "captures", ["valinnan ratkaisevat nämä säännöt järjestyksessä"]),
    ("fi", "english", "moves", ["oman nappulan yli"]),
    ("fi", "english", "end", ["komennolla luovuta", "komennolla tasapeli"]),
    ("fi", "english", "draws", ["komennolla tasapeli", "tasapeli hyväksy", "komennolla vaadi"]),
    ("fi", "english", "notation", ["Komento siirrot", "alku x loppu", "PDN"]),
    ("en", "english", "notation", ["start x end", "PDN"]),
    ("en", "international", "procedure", ["touch", "warning", "tournament", "Huffing is not a rule"]),
    ("en", "english", "playing", ["coin toss", "draw accept", "undo", "reminded", "claim the win", "Glicko-2",
                                  "40-move rule"]),
    ("en", "english", "glossary", ["Single corner", "Double corner", "Turkish strike", "Shot or combination",
                                   "Tempo", "same game"]),
]


@pytest.mark.parametrize(("lang", "variant", "topic", "phrases"), FIXED)
def test_fixed_wording(lang: str, variant: str, topic: str, phrases: list[str]) -> None:
    text = explain(topic, variant, lang)
    for phrase in phrases:
        assert phrase in text, phrase


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_draws_text_gives_the_command(variant: str) -> None:
    assert "offer a draw with draw" in explain("draws", variant, "en")
    assert "komennolla tasapeli" in explain("draws", variant, "fi")


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("topic", TOPICS)
def test_finnish_texts_name_finnish_commands(variant: str, topic: str) -> None:
    text = explain(topic, variant, "fi")
    assert not re.search(r"\b(resign|claim|undo|rematch|challenge|draw|moves|täällä|tässä)\b", text)


def test_the_commands_the_texts_name_are_understood() -> None:
    for word, command in [("luovuta", "resign"), ("tasapeli", "draw"), ("vaadi", "claim"),
                          ("peruuta", "undo"), ("uusinta", "rematch"), ("haasta", "challenge"),
                          ("tilastot", "stats"), ("ranking", "leaderboard"), ("siirrot", "moves"),
                          ("säännöt", "rules"), ("pdn", "pdn"), ("gif", "gif"), ("undo", "undo"),
                          ("claim", "claim"), ("rematch", "rematch")]:
        assert resolve_command(word) == command, word
    assert {"hyväksy", "accept"} <= ACCEPT_WORDS and {"hylkää", "decline"} <= DECLINE_WORDS
    assert {"tournament", "turnaus"} <= TOURNAMENT_WORDS
    assert COLOUR_WORDS["valkoinen"] == COLOUR_WORDS["white"] == "white"
    for typed in ("22-18 draw", "22-18 tasapeli", "32-28 tasapeli"):
        move = find_move(typed)
        assert move is not None and move.offer_draw


# -- issue 21 item 29: the question's own language, and a polite word for what is not a rules question -----


async def _console(tmp_path: Path, script: str, lang: str | None = None) -> str:
    out = io.StringIO()
    config = Config(database=tmp_path / "console.db")
    await run_console(config, lang=lang, user="aino", pictures_dir=None, stdin=io.StringIO(script),
                      stdout=out)
    return out.getvalue()


async def test_a_finnish_question_in_the_console_is_answered_in_finnish(tmp_path: Path) -> None:
    """Nobody chose a language (no `settings fi`, no --lang): the question's words tell."""
    text = await _console(tmp_path, "pitääkö lyödä?\nmust I capture?\n")
    finnish, english = text.split("Captures (", 1)
    assert "Lyönnit (englantilainen tammi):" in finnish and "lyötävä" in finnish
    assert "you must capture" in english and "Lyönnit" not in english


async def test_a_finnish_question_after_rules_is_answered_in_finnish_too(tmp_path: Path) -> None:
    """`rules` followed by a question follows the same rule as a question typed on its own."""
    text = await _console(tmp_path, "rules pitääkö lyödä?\nrules must I capture?\nrules 3\n")
    finnish, english = text.split("Captures (", 1)
    assert "Lyönnit (englantilainen tammi):" in finnish and "lyötävä" in finnish
    assert "you must capture" in english and "Lyönnit" not in english
    text = await _console(tmp_path, "rules pitääkö lyödä?\n", lang="en")
    assert "Captures (English checkers):" in text and "Lyönnit" not in text


async def test_a_language_chosen_is_kept_whatever_the_question(tmp_path: Path) -> None:
    text = await _console(tmp_path, "pitääkö lyödä?\n", lang="en")
    assert "Captures (English checkers):" in text and "Lyönnit" not in text
    text = await _console(tmp_path, "settings fi\nmust I capture?\n")
    assert "Lyönnit (englantilainen tammi):" in text


async def test_what_is_not_a_rules_question_gets_a_polite_word(tmp_path: Path) -> None:
    text = await _console(tmp_path, "what is the capital of France?\nmikä on Ruotsin pääkaupunki?\nasdf\n")
    text = text.replace("`", "")  # the console may print code marks or not
    english = say("en", "not_a_rules_question", rules="rules", help="help").replace("`", "")
    finnish = say("fi", "not_a_rules_question", rules="säännöt", help="ohje").replace("`", "")
    assert english in text and finnish in text
    assert say("en", "not_understood").replace("`", "") in text  # a line that is no question at all
    assert english != say("en", "not_understood").replace("`", "")


def test_the_language_of_a_question() -> None:
    for question, lang in [("pitääkö lyödä?", "fi"), ("must I capture?", "en"), ("kuka aloittaa", "fi"),
                           ("voiks nappula mennä takaperin", "fi"), ("can kings fly", "en"),
                           ("onko 40 siirron sääntö", "fi"), ("what is the 16 move rule", "en"),
                           ("who starts", "en")]:
        assert question_language(question) == lang, question
    assert question_language("9-13") is None and question_language("") is None


# Every rule of docs/RULES.md and the passage that answers it directly, per variant: (rule, variants,
# the passage: topic and a phrase only that passage of the topic's English text holds).
ALL = VARIANTS
RULE_PASSAGES = [
    ("pieces stand and move on the dark squares only; the board's size", ALL, "setup", "Board size"),
    ("the dark corner: a1 in English and International, h1 in Italian", ALL, "setup", "is dark)"),
    ("the squares are numbered row by row from the top", ALL, "setup", "The squares are numbered"),
    ("algebraic names: file a at the left, rank 1 at the bottom", ALL, "notation", "Algebraic squares"),
    ("which side moves first", ALL, "setup", "moves first"),
    ("the promotion rows", ALL, "setup", "head for"),
    ("a man moves one square diagonally forward", ALL, "moves", "A man moves one square diagonally forward"),
    ("a capture jumps an adjacent enemy piece to the empty square beyond", ALL, "captures", "by jumping"),
    ("a sequence goes on while the piece can capture and is one move", ALL, "sequences", "it must go on"),
    ("no piece is jumped twice; jumped pieces leave the board when the move ends", ALL, "sequences",
     "Captured pieces do not leave the board"),
    ("capturing is compulsory for the whole side", ALL, "captures", "Capturing is compulsory"),
    ("captures with the same start and end but other pieces are other moves", ALL, "notation",
     "take different pieces"),
    ("a king's circular capture taken either way round is one move", ("international",), "kings",
     "circular capture"),
    ("a player with no legal move has lost", ALL, "end", "Cannot move?"),
    ("men capture backward only in International", ALL, "captures", "Men capture forward"),
    ("a man may capture a king, except in Italian", ("english",), "kings", "a man may capture a king"),
    ("... except in Italian", ("italian",), "kings", "Men cannot capture kings"),
    ("... and in International", ("international",), "kings", "Kings fly"),
    ("kings move and capture one square in English and Italian", ("english",), "kings", "Kings do not fly"),
    ("...", ("italian",), "kings", "A king moves and captures one square"),
    ("a king lands just behind the piece it captures (English, Italian)", ("english", "italian"), "kings",
     "Landing after a capture"),
    ("a flying king captures from afar and lands on any empty square beyond", ("international",), "kings",
     "may land on any empty square beyond"),
    ("English: any capture may be chosen, but it must be finished", ("english",), "captures",
     "choose freely"),
    ("Italian: most pieces, then with a king, most kings, earliest king", ("italian",), "captures",
     "these rules decide"),
    ("International: the most pieces, kings and men alike", ("international",), "captures",
     "Maximum capture"),
    ("crowning ends the move (English, Italian)", ("english", "italian"), "sequences",
     "Crowning ends the move"),
    ("International: crowned only if the move ends on the far row", ("international",), "sequences",
     "passes over the far row"),
    ("win: the opponent has no legal move, or resigns; no points", ALL, "end", "you win, when"),
    ("points for captured pieces do not exist", ALL, "end", "Material does not count"),
    ("every way a game is drawn, in one passage", ALL, "draws", "Ways to draw"),
    ("a draw by agreement: offered after a move, declined by a move", ALL, "draws", "By agreement:"),
    ("two lone kings do not end the game by themselves", ("english", "italian"), "draws", "Only kings left"),
    ("threefold repetition (English: a claim; else automatic)", ALL, "draws", "Threefold repetition:"),
    ("English: the 40-move rule, 40 moves of each player, a claim", ("english",), "draws", "40-move rule:"),
    ("Italian: 40 moves by each side with no capture and no man move", ("italian",), "draws", "No progress:"),
    ("International: the 25-move rule", ("international",), "draws", "25-move rule:"),
    ("International: the 16-move rule", ("international",), "draws", "• 16-move rule"),
    ("International: the 5-move rule", ("international",), "draws", "• 5-move rule"),
    ("a plain move is from-to", ALL, "notation", "Plain move:"),
    ("a capture lists every landing square with x", ALL, "notation", "every landing square, separated by x"),
    ("forgiving input: start and end, a prefix, - for x", ALL, "notation", "Shortcuts"),
    ("FEN and the PDN game types", ALL, "notation", "FEN"),
    ("touch-move and illegal moves over the board", ALL, "procedure", "a piece you touch"),
    ("in Tammi an illegal move is refused; the tournament option", ALL, "procedure", "nothing is touched"),
]


@pytest.mark.parametrize(("rule", "variants", "topic", "phrase"), RULE_PASSAGES)
def test_every_rule_has_a_passage_that_answers_it(rule: str, variants: tuple[str, ...], topic: str,
                                                 phrase: str) -> None:
    for variant in variants:
        english = passages(TEXTS["en"].topics[topic].bodies[variant])
        found = [text for text in english if phrase.lower() in text.lower()]
        assert len(found) == 1, (rule, variant)
        assert len(passages(TEXTS["fi"].topics[topic].bodies[variant])) == len(english)


# Issue 21 item 29, third round: the causes of the misses on the earlier question sets, asked in other
# words. (question, language, the channel's variant, the passages that answer: topic and a phrase of
# its English text; () for a question that is not about the rules and gets no answer.)
THIRD_ROUND = [
    # everyday words the vocabulary did not know
    ("can i hop over my own guy?", "en", "english", [("moves", "occupied square")]),
    ("saako nappulalla siirtyä sivuttain", "fi", "english",
     [("moves", "A man moves one square diagonally forward")]),
    ("what are the basic rules", "en", "english", [("start", "New to draughts")]),
    ("how does the rating system work here", "en", "english", [("playing", "rated")]),
    ("how do i change the language", "en", "english", [("start", "settings sets")]),
    ("kumpi siirtää ekana", "fi", "english", [("setup", "moves first")]),
    ("voiko pelin ladata", "fi", "italian",
     [("notation", "Published games"), ("playing", "resign gives up")]),
    # phrases across stopwords; a passage that answers directly
    ("both of us only have kings now", "en", "english", [("draws", "Only kings left")]),
    ("must i type every square of a long capture", "en", "international", [("notation", "Shortcuts")]),
    ("botti sanoi että siirto on moniselitteinen", "fi", "english", [("notation", "fits several moves")]),
    ("can men capture backward in italian", "en", "english", [("captures", "Men capture forward only")]),
    # neighbouring passages told apart
    ("do pieces go on the light squares too?", "en", "italian", [("setup", "Board size")]),
    ("may one piece be jumped two times in a single capture?", "en", "english",
     [("sequences", "Captured pieces do not leave the board")]),
    ("my opponent vanished, can i claim the win?", "en", "international", [("playing", "no clocks")]),
    ("If I switch from English to Italian, what changes in capturing?", "en", "english",
     [("differences", "Which capture")]),
    # one everyday word is not a rules question
    ("what day is it today?", "en", "english", []),
    ("can you play chess?", "en", "english", []),
    ("help me with my homework please", "en", "english", []),
    ("mikä päivä tänään on?", "fi", "english", []),
    ("käännä tämä ranskaksi", "fi", "international", []),
    # ...but one rules word still is, and so are questions every word of which is understood
    ("is the centre important?", "en", "english", [("strategy", "Hold the centre")]),
    ("how are colours decided?", "en", "english",
     [("setup", "coin toss"), ("playing", "Colours are decided")]),
]


def _holds(reply: Answer, lang: str, topic: str, phrase: str) -> bool:
    """Whether a reply holds, in its language, the passage whose English text holds the phrase."""
    english = passages(TEXTS["en"].topics[topic].bodies[reply.variants[0]])
    (index,) = [i for i, text in enumerate(english) if phrase.lower() in text.lower()]
    shown = passages(TEXTS[lang].topics[topic].bodies[reply.variants[0]])
    return reply.topic == topic and shown[index] in reply.text


@pytest.mark.parametrize(("question", "lang", "variant", "wanted"), THIRD_ROUND)
def test_the_causes_of_the_third_round(question: str, lang: str, variant: str,
                                       wanted: list[tuple[str, str]]) -> None:
    reply = answer(question, lang, variant)
    if not wanted:
        assert reply is None, reply
        return
    assert reply is not None
    assert any(_holds(reply, lang, topic, phrase) for topic, phrase in wanted), reply.text


@pytest.mark.parametrize(("word", "concept"), [("reminder", "c:draw"), ("having", "c:win"),
                                               ("toisten", "c:repetition"), ("laitan", "c:edge"),
                                               ("vuosia", "c:history"), ("formation", "c:notation"),
                                               ("alustoilla", "c:start")])
def test_a_word_that_only_begins_like_a_concept_word_does_not_name_it(word: str, concept: str) -> None:
    """"Reminder" begins like "remi" (a draw in Finnish), "having" like "hävitä", "toisten" (the others')
    like "toisto", "laitan" (I put) like "laita" (edge), "vuosia" (for years) like "vuosisata" (century),
    "alustoilla" (on platforms) like "alussa": none of them names that concept, while the words do."""
    assert concept not in terms(word, "fi") | terms(word, "en")
    meant = {"c:draw": "remi", "c:win": "hävisin", "c:repetition": "toistuu", "c:edge": "laidalla",
             "c:history": "vuosisatoja", "c:notation": "format", "c:start": "alussa"}[concept]
    assert concept in terms(meant, "fi")


@pytest.mark.parametrize("question", ["saako nappulan oikaista ruudulleen kesken pelin?",
                                      "can I adjust a piece that is off centre on its square?"])
def test_straightening_a_piece_is_the_touch_move_rule(question: str) -> None:
    """Adjusting a piece on its square ("oikaista", "korjata", "adjust") is what the touch-move rule
    speaks of ("to straighten a piece, say so first"); before, "keskelle" and "centre" made it strategy."""
    assert search(question, "english")[0].topic == "procedure"


@pytest.mark.parametrize(("question", "lang", "shown"), [
    ("can I just click the pieces on my phone?", "en", "tap Move under the board"),
    ("voiko siirron tehdä napauttamalla puhelimella?", "fi", "Siirrä-painiketta")])
def test_asking_how_to_move_on_a_phone_is_told_of_the_move_button(question: str, lang: str,
                                                                   shown: str) -> None:
    """The start topic says that on Discord and Telegram the Move button under the board picks a move, and
    tapping, clicking or dragging asks for it (before, the answer only said to type the move). A question
    that says "instead of typing" still gets the notation topic."""
    reply = answer(question, lang, "english")
    assert reply is not None and reply.topic == "start" and shown in reply.text
