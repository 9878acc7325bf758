"""The message catalogue: every message in every language, the same placeholders, plurals, the word lists,
and every key the code asks for."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from fluent.syntax import FluentParser
from fluent.syntax import ast as ftl
from fluent.syntax.visitor import Visitor

from bot.chat.commands import COMMANDS
from bot.presentation import catalogue
from engine.errors import Reason

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "bot" / "presentation" / "locales"
KEY_CALLS = frozenset({"say", "_refusal", "refusal", "Refusal", "refuse"})
KEY = re.compile(r"[a-z][a-z0-9]*(?:[_-][a-z0-9]+)*")
# Keys the code builds at run time: "end_" + how a game ended, "kind_" + a claimable draw, move notes.
BUILT_KEYS = (
    "end_no_moves", "end_resign", "end_agreement", "end_threefold", "end_no_progress", "end_endgame",
    "end_claim_threefold", "end_claim_forty_moves", "end_abandon", "end_illegal_moves",
    "kind_threefold", "kind_forty_moves", "draw_declined_by_move", "undo_declined_by_move",
)


class _Variables(Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()
        self.selectors: set[str] = set()

    def visit_VariableReference(self, node: ftl.VariableReference) -> None:
        self.names.add(node.id.name)

    def visit_SelectExpression(self, node: ftl.SelectExpression) -> None:
        if isinstance(node.selector, ftl.VariableReference):
            self.selectors.add(node.selector.id.name)
        self.generic_visit(node)


def parsed(lang: str) -> dict[str, _Variables]:
    """The messages of a language's .ftl files with the variables each uses (read with fluent.syntax)."""
    messages: dict[str, _Variables] = {}
    for path in sorted((LOCALES / lang).glob("*.ftl")):
        resource = FluentParser().parse(path.read_text(encoding="utf-8"))
        junk = [entry.content for entry in resource.body if isinstance(entry, ftl.Junk)]
        assert not junk, f"{path.name} does not parse: {junk}"
        for entry in resource.body:
            if isinstance(entry, ftl.Message):
                assert entry.id.name not in messages, f"{lang} defines {entry.id.name} twice"
                assert entry.value is not None, f"{path.name}: {entry.id.name} has no text"
                found = _Variables()
                found.visit(entry)
                messages[entry.id.name] = found
    return messages


def test_the_languages_are_the_catalogue_files() -> None:
    files = {path.name for path in LOCALES.iterdir() if path.is_dir() and list(path.glob("*.ftl"))}
    assert set(catalogue.LANGUAGES) == files
    assert catalogue.LANGUAGES[0] == "en"
    assert {"en", "fi"} <= files


@pytest.mark.parametrize("lang", [lang for lang in catalogue.LANGUAGES if lang != "en"])
def test_every_message_exists_in_every_language_with_the_same_placeholders(lang: str) -> None:
    english, other = parsed("en"), parsed(lang)
    assert set(other) == set(english)
    for message_id, variables in english.items():
        assert other[message_id].names == variables.names, message_id
        assert catalogue.placeholders(lang, message_id) == frozenset(variables.names), message_id


def test_catalogue_keys_are_the_files_messages() -> None:
    for lang in catalogue.LANGUAGES:
        assert catalogue.keys(lang) == set(parsed(lang))


def _filled(variables: _Variables, count: object) -> dict[str, object]:
    return {name: count if name in variables.selectors else f"<{name}>" for name in variables.names}


@pytest.mark.parametrize("count", [0, 1, 2, 5, 11, 21, 100, 12345, 1.5, "1", "2", "72"])
def test_every_message_formats_with_every_value_shown(count: object) -> None:
    for lang in catalogue.LANGUAGES:
        for message_id, variables in parsed(lang).items():
            values = _filled(variables, count)
            text = catalogue.say(lang, message_id, **values)
            assert text.strip(), (lang, message_id)
            assert not set(text) & set("{}\u2068\u2069\x00"), (lang, message_id, text)
            for name, value in values.items():
                if not isinstance(value, float):  # a float shows in the language's way (1.5, 1,5)
                    assert str(value) in text, (lang, message_id, name, text)


def test_missing_values_show_as_a_question_mark() -> None:
    assert catalogue.say("en", "turn") == "? (?) to move."
    expected = "Aino: ? peliä, ? voittoa, ? tappiota, ? tasapeliä, ? kesken."
    assert catalogue.say("fi", "stats", name="Aino") == expected


def test_unknown_languages_fall_back_to_english_and_unknown_keys_fail() -> None:
    assert catalogue.say("de", "turn", side="Red", name="Ann") == "Red (Ann) to move."
    assert catalogue.say("", "btn_accept") == "Accept"
    with pytest.raises(KeyError):
        catalogue.say("en", "no_such_message")


def test_keys_may_be_written_with_underscores_or_hyphens() -> None:
    assert catalogue.say("fi", "no_game") == catalogue.say("fi", "no-game")
    assert catalogue.has("challenge_busy_self") and catalogue.has("challenge-busy-self")
    assert not catalogue.has("challenge_busy_nobody")


@pytest.mark.parametrize(("lang", "one", "two"), [
    ("en", "Ann: 1 game, 1 won, 0 lost, 0 drawn, 0 in progress.",
     "Ann: 2 games, 1 won, 0 lost, 0 drawn, 0 in progress."),
    ("fi", "Ann: 1 peli, 1 voitto, 0 tappiota, 0 tasapeliä, 0 kesken.",
     "Ann: 2 peliä, 1 voitto, 0 tappiota, 0 tasapeliä, 0 kesken."),
])
def test_counts_choose_their_plural_forms(lang: str, one: str, two: str) -> None:
    values = {"name": "Ann", "wins": 1, "losses": 0, "draws": 0, "active": 0}
    assert catalogue.say(lang, "stats", games=1, **values) == one
    assert catalogue.say(lang, "stats", games=2, **values) == two


def test_plural_forms_in_lines_and_hours() -> None:
    line = {"id": 3, "white": "A", "white_side": "Red", "black": "B", "black_side": "White", "variant": "v",
            "side": "Red"}
    assert ", 1 move, " in catalogue.say("en", "games_line", plies=1, **line)
    assert ", 21 moves, " in catalogue.say("en", "games_line", plies=21, **line)
    assert ", 1 siirto, " in catalogue.say("fi", "games_line", plies=1, **line)
    assert ", 0 siirtoa, " in catalogue.say("fi", "games_line", plies=0, **line)
    rating = {"variant": "v", "rating": "1500?", "wins": 1, "draws": 0, "losses": 0}
    assert "(1 rated game: 1 won, 0 drawn, 0 lost)" in catalogue.say("en", "stats_rating", rated=1, **rating)
    assert "(3 pisteytettyä peliä: 1 voitto, 0 tasapeliä, 0 tappiota)" in catalogue.say("fi", "stats_rating",
                                                                                       rated=3, **rating)
    assert "1 player has" in catalogue.say("en", "leaderboard_provisional", count=1)
    assert "2 players have" in catalogue.say("en", "leaderboard_provisional", count=2)
    row = {"rank": 1, "name": "A", "rating": 1510, "wins": 1, "losses": 0, "draws": 0}
    assert "(1 game: 1–0–0)" in catalogue.say("en", "leaderboard_line", games=1, **row)
    assert "(1 peli: 1–0–0)" in catalogue.say("fi", "leaderboard_line", games=1, **row)
    # A count given as text ("1") still chooses the form (time spans: tests/bot/test_durations.py).
    assert catalogue.say("en", "duration_hour", count="1", role="for") == "1 hour"
    assert catalogue.say("fi", "duration_hour", count="72", role="span") == "72 tuntia"
    # A decimal is never "one" in English or Finnish (CLDR: one needs no visible fraction digits).
    assert catalogue.say("en", "duration_hour", count="1.0", role="span") == "1.0 hours"


def test_numbers_show_as_written() -> None:
    """No thousands separators in ids and ratings, no reformatting of text, in any language."""
    for lang in catalogue.LANGUAGES:
        assert "#12345" in catalogue.say(lang, "no_such_game", id=12345)
        assert "#007" in catalogue.say(lang, "no_such_game", id="007")
        assert ": 1510 (" in catalogue.say(lang, "stats_rating", rating=1510, rated=12)


def test_long_values_are_kept_whole() -> None:
    long = "x" * 4000
    assert long in catalogue.say("en", "rules_unknown", text=long)


def test_every_key_the_code_uses_exists() -> None:
    used: set[str] = set(BUILT_KEYS)
    for path in (ROOT / "bot").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name not in KEY_CALLS:
                continue
            for arg in [*node.args, *(keyword.value for keyword in node.keywords if keyword.arg == "key")]:
                if (isinstance(arg, ast.Constant) and isinstance(arg.value, str) and KEY.fullmatch(arg.value)
                        and arg.value not in catalogue.LANGUAGES):
                    used.add(arg.value)
    assert len(used) > 100  # the scan finds the calls
    missing = sorted(key for key in used if not catalogue.has(key))
    assert not missing


def test_every_engine_reason_has_words() -> None:
    for reason in Reason:
        assert catalogue.has(f"reason-{reason.value}"), reason
        assert catalogue.reason("fi", reason.value) != catalogue.reason("fi", "not_legal") or (
            reason is Reason.NOT_LEGAL)
    assert catalogue.reason("en", "something_new") == "that piece cannot go there."


def test_sides_and_variants() -> None:
    assert catalogue.side_name("fi", "Red") == "punainen"
    assert catalogue.side_name("en", "Black") == "Black"
    assert catalogue.variant_title("fi", "international") == "kansainvälinen tammi"
    assert catalogue.variant_title("en", "frisian") == "frisian"


def test_every_command_has_descriptions_and_words_in_every_language() -> None:
    for lang in catalogue.LANGUAGES:
        assert catalogue.say(lang, "cmd-tammi")
        for spec in COMMANDS:
            assert catalogue.say(lang, f"cmd-{spec.name}"), (lang, spec.name)
            assert catalogue.words(lang, f"words-command-{spec.name}"), (lang, spec.name)
            for option in spec.options:
                assert catalogue.say(lang, f"opt-{spec.name}-{option.name}"), (lang, spec.name, option.name)
                assert catalogue.say(lang, f"option-name-{option.name}"), (lang, option.name)
    for spec in COMMANDS:
        assert catalogue.words("en", f"words-command-{spec.name}")[0] == spec.name


def test_every_command_word_names_one_command() -> None:
    seen: dict[str, str] = {}
    for lang in catalogue.LANGUAGES:
        for spec in COMMANDS:
            for word in catalogue.words(lang, f"words-command-{spec.name}"):
                assert seen.setdefault(word, spec.name) == spec.name, (word, seen[word], spec.name)
                assert catalogue.command_word(word.upper()) == spec.name
    assert catalogue.command_word("haasta") == "challenge"
    assert catalogue.command_word("ohje") == "help"
    assert catalogue.command_word("9-13") is None


def test_word_lists() -> None:
    assert catalogue.words("fi", "words_accept") == ("hyväksy", "kyllä", "joo")
    assert {"accept", "yes", "kyllä"} <= catalogue.all_words("words_accept")
    colours = ("white", "black", "random")
    by_word = [word for colour in colours for word in catalogue.all_words(f"words-colour-{colour}")]
    assert len(by_word) == len(set(by_word))  # no word names two colours
    assert "punainen" in catalogue.all_words("words-colour-black")
    assert {"draw", "=", "(=)", "tasapeli"} <= catalogue.all_words("words-draw-suffix")
    for lang in catalogue.LANGUAGES:
        for message_id in catalogue.keys(lang):
            if message_id.startswith("words-"):
                assert catalogue.words(lang, message_id), (lang, message_id)
