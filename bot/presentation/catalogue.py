"""The message catalogue: every text Tammi shows, in Fluent files per language (`locales/<lang>/*.ftl`,
one file per part of the bot; a message id is defined once across a language's files).

`say(lang, key, **values)` formats a message; `words(lang, key)` reads a list of words people type.
Keys are the Fluent ids (`no-game`); code may write them with underscores (`no_game`). An unknown
language falls back to English, and so does a message missing from a language. Counts choose their words
by the language's CLDR plural rules ("1 game", "2 games"; "1 peli", "2 peliä").

>>> say("en", "stats", name="Ann", games=1, wins=1, losses=0, draws=0, active=0)
'Ann: 1 game, 1 won, 0 lost, 0 drawn, 0 in progress.'
>>> say("fi", "stats_rating", variant="englantilainen tammi", rating=1510, rated=1, wins=1, draws=0, losses=0)
'englantilainen tammi: 1510 (1 pisteytetty peli: 1 voitto, 0 tasapeliä, 0 tappiota)'
>>> say("fi", "stats_rating", variant="italialainen", rating="1490?", rated="2", wins=0, draws=1, losses=1)
'italialainen: 1490? (2 pisteytettyä peliä: 0 voittoa, 1 tasapeli, 1 tappio)'
"""

from __future__ import annotations

import functools
import importlib.resources
import re
from dataclasses import dataclass
from importlib.resources.abc import Traversable

from fluent.runtime import FluentBundle
from fluent.runtime.types import fluent_number
from fluent.syntax import FluentParser, ast, visitor

ENGLISH = "en"
MISSING = "?"
_INTEGER = re.compile(r"-?\d+")
_LONG = 2000  # longer values go in after formatting: Fluent refuses placeables over 2,500 characters


class _Variables(visitor.Visitor):
    """Collects the `$names` a message uses, and those that choose between variants."""

    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()
        self.selectors: set[str] = set()

    def visit_VariableReference(self, node: ast.VariableReference) -> None:
        self.names.add(node.id.name)

    def visit_SelectExpression(self, node: ast.SelectExpression) -> None:
        if isinstance(node.selector, ast.VariableReference):
            self.selectors.add(node.selector.id.name)
        self.generic_visit(node)


@dataclass(frozen=True)
class _Language:
    bundle: FluentBundle
    variables: dict[str, frozenset[str]]
    selectors: dict[str, frozenset[str]]


def _folder() -> Traversable:
    return importlib.resources.files("bot.presentation") / "locales"


def _languages() -> tuple[str, ...]:
    found = {item.name for item in _folder().iterdir() if item.is_dir() and not item.name.startswith("_")}
    return (ENGLISH, *sorted(found - {ENGLISH}))


def _sources(lang: str) -> list[tuple[str, str]]:
    """A language's catalogue files as (name, text), in name order."""
    files = [item for item in (_folder() / lang).iterdir() if item.name.endswith(".ftl")]
    return [(f"{lang}/{item.name}", item.read_text(encoding="utf-8"))
            for item in sorted(files, key=lambda item: item.name)]


LANGUAGES: tuple[str, ...] = _languages()
"""The languages with a catalogue file, English (the fallback) first."""


@functools.cache
def _load(lang: str) -> _Language:
    """One language's catalogue, read and checked once."""
    bundle = FluentBundle([lang], use_isolating=False)
    variables: dict[str, frozenset[str]] = {}
    selectors: dict[str, frozenset[str]] = {}
    for name, source in _sources(lang):
        resource = FluentParser().parse(source)
        junk = [entry for entry in resource.body if isinstance(entry, ast.Junk)]
        if junk:
            raise ValueError(f"{name}: cannot read {(junk[0].content or '').strip()[:60]!r}")
        for entry in resource.body:
            if isinstance(entry, ast.Message):
                if entry.id.name in variables:
                    raise ValueError(f"{name}: {entry.id.name} is defined twice in {lang}")
                collector = _Variables()
                collector.visit(entry)
                variables[entry.id.name] = frozenset(collector.names)
                selectors[entry.id.name] = frozenset(collector.selectors)
        bundle.add_resource(resource)
    return _Language(bundle, variables, selectors)


def _id(key: str) -> str:
    return key.replace("_", "-")


def _catalogue(lang: str, message_id: str) -> _Language:
    """The catalogue to take `message_id` from: `lang`'s, else English."""
    chosen = _load(lang) if lang in LANGUAGES else _load(ENGLISH)
    if message_id in chosen.variables:
        return chosen
    english = _load(ENGLISH)
    if message_id in english.variables:
        return english
    raise KeyError(message_id)


def _value(value: object, selector: bool) -> object:
    """A value as Fluent takes it. Numbers show without thousands separators (ids, ratings), fractions in
    the language's way (2.5, 2,5); a whole number given as text counts as a number where it chooses a
    plural form, and shows as written elsewhere. Anything else is its text."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return fluent_number(value, useGrouping=False)
    text = format(value, "")
    if selector and isinstance(value, str) and _INTEGER.fullmatch(text):
        return fluent_number(int(text), useGrouping=False)
    return text


def say(lang: str, key: str, **values: object) -> str:
    """The message `key` in `lang` with `values` filled in (a missing value shows as "?").

    >>> say("fi", "moved", name="Aino", move="9-13")
    'Aino siirsi 9-13.'
    >>> say("de", "turn", side="Red")
    'Red (?) to move.'
    """
    message_id = _id(key)
    language = _catalogue(lang, message_id)
    args: dict[str, object] = dict.fromkeys(language.variables[message_id], MISSING)
    late: dict[str, str] = {}
    selectors = language.selectors[message_id]
    for name, value in values.items():
        converted = _value(value, name in selectors)
        if isinstance(converted, str) and len(converted) > _LONG:
            late[name] = converted
            converted = f"\x00{name}\x00"
        args[name] = converted
    pattern = language.bundle.get_message(message_id).value
    if pattern is None:
        raise KeyError(message_id)
    text, _errors = language.bundle.format_pattern(pattern, args)
    result = str(text)
    for name, value in late.items():
        result = result.replace(f"\x00{name}\x00", value)
    return result


def words(lang: str, key: str) -> tuple[str, ...]:
    """The words of a word list in `lang`, in the catalogue's order (the first is the main one).

    >>> words("fi", "words-command-help")
    ('ohje', 'apua')
    """
    text = say(lang, key)
    return tuple(word.strip().casefold() for word in text.split(",") if word.strip())


def command_name(lang: str, command: str) -> str:
    """The word for a command in `lang` (its first word there), as texts name it.

    >>> command_name("fi", "rules"), command_name("en", "play")
    ('säännöt', 'play')
    """
    return words(lang, f"words-command-{command}")[0]


def all_words(key: str) -> frozenset[str]:
    """The words of a word list in every language together (typed text is read in all of them).

    >>> sorted(all_words("words_tournament"))
    ['strict', 'tournament', 'turnaus']
    """
    return frozenset(word for lang in LANGUAGES for word in words(lang, key))


def command_word(word: str) -> str | None:
    """The command a typed word names, in any language, or None.

    >>> command_word("Luovuta"), command_word("top"), command_word("hello")
    ('resign', 'leaderboard', None)
    """
    return _command_words().get(word.casefold())


@functools.cache
def _command_words() -> dict[str, str]:
    prefix = "words-command-"
    found: dict[str, str] = {}
    for lang in LANGUAGES:
        for message_id in sorted(keys(lang)):
            if message_id.startswith(prefix):
                for word in words(lang, message_id):
                    found.setdefault(word, message_id.removeprefix(prefix))
    return found


def has(key: str) -> bool:
    """Whether the catalogue has the message `key` (in English, and so for every language)."""
    return _id(key) in _load(ENGLISH).variables


def keys(lang: str) -> frozenset[str]:
    """The message ids of `lang`'s catalogue file."""
    return frozenset(_load(lang).variables)


def placeholders(lang: str, key: str) -> frozenset[str]:
    """The `$names` the message `key` uses in `lang`, selectors included.

    >>> sorted(placeholders("en", "rating_change_one"))
    ['change', 'name', 'rating']
    """
    message_id = _id(key)
    return _catalogue(lang, message_id).variables[message_id]


def reason(lang: str, key: str, **values: object) -> str:
    """An engine refusal reason (`MoveError.reason`) in plain words; unknown reasons say "not legal"."""
    message_id = f"reason-{_id(key)}"
    return say(lang, message_id if has(message_id) else "reason-not-legal", **values)


def side_name(lang: str, english_name: str) -> str:
    """A side's name ("Red", "White", "Black") in `lang`; a name the catalogue lacks stays as it is.

    >>> side_name("fi", "Red"), side_name("en", "White"), side_name("fi", "Blue")
    ('punainen', 'White', 'Blue')
    """
    message_id = f"side-{english_name.lower()}"
    return say(lang, message_id) if has(message_id) else english_name


def variant_title(lang: str, variant: str) -> str:
    """The rules' name in `lang` ("English checkers"); an unknown variant name stays as it is."""
    message_id = f"variant-{variant}"
    return say(lang, message_id) if has(message_id) else variant


def language_name(lang: str, code: str) -> str:
    """A reply language's name in `lang` ("suomi" for "fi" in Finnish); an unknown code stays as it is.

    >>> language_name("fi", "en"), language_name("en", "fi"), language_name("en", "xx")
    ('englanti', 'Finnish', 'xx')
    """
    message_id = f"language-name-{code}"
    return say(lang, message_id) if has(message_id) else code


def locale_language(locale: str | None) -> str | None:
    """The reply language a platform locale asks for ("fi-FI" -> "fi"), or None when it names none we have.

    >>> locale_language("fi-FI"), locale_language("en_US"), locale_language("de"), locale_language(None)
    ('fi', 'en', None, None)
    """
    if not locale:
        return None
    code = locale.strip().lower().replace("_", "-").split("-", 1)[0]
    return code if code in LANGUAGES else None


def reply_language(channel: str | None, locale: str | None, default: str) -> str:
    """The one language rule: the channel's chosen language, else the user's client language, else the
    configured default.

    >>> reply_language(None, "fi", "en"), reply_language("en", "fi", "en"), reply_language(None, None, "fi")
    ('fi', 'en', 'fi')
    """
    return channel or locale_language(locale) or default
