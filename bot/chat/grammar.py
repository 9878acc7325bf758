"""Reading what users type: finding a command, recognising a move.

A command may be written `!tammi challenge @bob`, `/challenge` (Telegram may add `@BotName`), or as a
bare word at the start of the message (`challenge bob english`, Finnish words too) where bare words are
allowed (the console, private chats, messages addressed to the bot). A move is squares joined by `-`,
`x` or `:` (`9-13`, `10x17x26`, `c3-d4`), optionally followed by `draw` to offer a draw with it.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from bot.domain.model import Openers, Orientation
from bot.presentation import catalogue
from engine import get_variant, notation

MAX_TEXT = 2000  # longer messages are not read as commands or moves

PREFIX = "!tammi"

# The words people type, in every language, from the message catalogue.
_DRAW_WORDS = catalogue.all_words("words-draw-suffix")
_CLAIM_WORDS = catalogue.all_words("words-claim-suffix")
_SUFFIXES = _DRAW_WORDS | _CLAIM_WORDS
ACCEPT_WORDS = catalogue.all_words("words-accept")
DECLINE_WORDS = catalogue.all_words("words-decline")
OPEN_WORDS = catalogue.all_words("words-open")
TOURNAMENT_WORDS = catalogue.all_words("words-tournament")
COLOUR_WORDS = {word: colour for colour in ("white", "black", "random")
                for word in catalogue.all_words(f"words-colour-{colour}")}
LANGUAGE_WORDS = {word: lang for lang in catalogue.LANGUAGES
                  for word in catalogue.all_words(f"words-language-{lang}")}
BOARD_SETTING_WORDS = catalogue.all_words("words-settings-board")  # `settings board fixed`
TOURNAMENT_SETTING_WORDS = catalogue.all_words("words-settings-tournaments")  # `settings tournaments anyone`
SETTING_WORDS = catalogue.all_words("words-settings-filler") | BOARD_SETTING_WORDS | TOURNAMENT_SETTING_WORDS
OPENER_WORDS = {word: openers for openers in Openers
                for word in catalogue.all_words(f"words-openers-{openers.value}")}
ORIENTATION_WORDS = {word: orientation for orientation in Orientation
                     for word in catalogue.all_words(f"words-board-{orientation.value}")}
TEXT_WORDS = catalogue.all_words("words-board-text")  # `board text`
END_WORDS = catalogue.all_words("words-broken-end")
VARIANT_WORDS = {word: variant for variant in ("english", "italian", "international")
                 for word in catalogue.all_words(f"words-variant-{variant}")}
# Decoration after a move (`11-15!`, `9-13?`, `11-15 🙂`): punctuation, closing brackets and quotes,
# symbols such as emoji, and the marks that join or colour them. Dashes and `x` are move syntax.
_DECORATION = frozenset({"Po", "Pe", "Pf", "So", "Sk", "Mn", "Me", "Cf"})
# Text shaped like a move someone began or garbled (`9-`, `5`, `9--13`, `c3`): squares and separators.
_ATTEMPT = re.compile(r"[-x:]*[a-z]?\d{1,3}(?:[-x:]+(?:[a-z]?\d{1,3})?)*")


def resolve_command(word: str) -> str | None:
    """The command a typed word names (English name or alias), or None.

    >>> resolve_command("Luovuta")
    'resign'
    """
    return catalogue.command_word(word)


@dataclass(frozen=True)
class Typed:
    """A command found in a message: its name and the words after it."""

    command: str
    args: tuple[str, ...]


def find_command(text: str, *, bare: bool) -> Typed | None:
    """The command in `text`, if it has one; `bare` allows a plain command word at the start.

    >>> find_command("!tammi challenge @bob", bare=False)
    Typed(command='challenge', args=('@bob',))
    >>> find_command("/accept@TammiBot", bare=False)
    Typed(command='accept', args=())
    >>> find_command("accept", bare=False) is None
    True
    """
    words = text.split()
    if not words:
        return None
    first = words[0]
    if first.casefold() == PREFIX:
        if len(words) == 1:
            return Typed("help", ())
        name = resolve_command(words[1])
        return Typed(name, tuple(words[2:])) if name else Typed("?", tuple(words[1:]))
    if first.startswith("/") and len(first) > 1:
        name = resolve_command(first[1:].split("@", 1)[0])
        return Typed(name, tuple(words[1:])) if name else None
    if bare:
        name = resolve_command(first)
        if name:
            return Typed(name, tuple(words[1:]))
    return None


@dataclass(frozen=True)
class TypedMove:
    """A move as typed, and whether a draw offer or a draw claim goes with it."""

    text: str
    offer_draw: bool = False
    claim_draw: bool = False


def _undecorated(word: str) -> str:
    """A word without the decoration after it ("11-15!" -> "11-15", "🙂" -> "")."""
    end = len(word)
    while end and unicodedata.category(word[end - 1]) in _DECORATION and word[end - 1] != ":":
        end -= 1
    return word[:end]


def _trim(words: list[str]) -> list[str]:
    """The words with the decoration at their end taken off (a suffix word such as "(=)" is kept)."""
    words = list(words)
    while words and words[-1].casefold() not in _SUFFIXES:
        bare = _undecorated(words[-1])
        if bare:
            words[-1] = bare
            break
        words.pop()
    return words


def find_move(text: str) -> TypedMove | None:
    """The move in a plain message, or None if the message is not shaped like a move. Decoration after
    it (punctuation, an emoji) is not part of it; `draw` after it offers a draw, `claim` claims one.

    >>> find_move("10x17x26")
    TypedMove(text='10x17x26', offer_draw=False, claim_draw=False)
    >>> find_move("9–13 draw!")
    TypedMove(text='9-13', offer_draw=True, claim_draw=False)
    >>> find_move("11-15 🙂"), find_move("12-16 claim").claim_draw
    (TypedMove(text='11-15', offer_draw=False, claim_draw=False), True)
    >>> find_move("hello 9-13") is None
    True
    """
    if len(text) > 200:
        return None
    words = _trim(text.split())
    offer = claim = False
    if len(words) > 1 and words[-1].casefold() in _SUFFIXES:
        offer, claim = words[-1].casefold() in _DRAW_WORDS, words[-1].casefold() in _CLAIM_WORDS
        words = _trim(words[:-1])
    move = notation.move_text(" ".join(words))
    return TypedMove(move, offer, claim) if move else None


def move_attempt(text: str) -> bool:
    """Whether text that is not a move looks like someone trying to type one: squares and dashes only.

    >>> move_attempt("9-"), move_attempt("5"), move_attempt("9--13?"), move_attempt("c3")
    (True, True, True, True)
    >>> move_attempt("2023-11-14"), move_attempt("hi 5"), move_attempt("x")
    (False, False, False)
    """
    words = _trim(text.split())
    if not words or len(words) > 3:
        return False
    cleaned = "".join("-" if unicodedata.category(char) in ("Pd", "Sm") else char
                      for char in "".join(words).lower())
    return _ATTEMPT.fullmatch(cleaned) is not None


def variant_name(text: str) -> str | None:
    """The variant a word names (a name or alias in the engine's registry), or None.

    >>> variant_name("10x10"), variant_name("italialainen"), variant_name("chess")
    ('international', 'italian', None)
    """
    if text.casefold() in VARIANT_WORDS:
        return VARIANT_WORDS[text.casefold()]
    try:
        return get_variant(text).name
    except (ValueError, KeyError, TypeError):
        return None


def typed_id(args: tuple[str, ...]) -> int | None:
    """A game or challenge id typed as `#id` or `id` among the words, if any.

    >>> typed_id(("#12",)), typed_id(("bob",))
    (12, None)
    """
    for arg in args:
        text = arg.lstrip("#")
        if text.isdecimal() and len(text) < 12:
            return int(text)
    return None
