"""Reading what users type: cleaning text, finding a command, recognising a move.

A command may be written `!tammi challenge @bob`, `/challenge` (Telegram may add `@BotName`), or as a
bare word at the start of the message (`challenge bob english`, Finnish words too) where bare words are
allowed (the console, private chats, messages addressed to the bot). A move is squares joined by `-`,
`x` or `:` (`9-13`, `10x17x26`, `c3-d4`), optionally followed by `draw` to offer a draw with it.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from bot.presentation import catalogue
from engine import get_variant, notation

MAX_TEXT = 2000  # longer messages are not read as commands or moves
MAX_NAME = 64

PREFIX = "!tammi"

# The words people type, in every language, from the message catalogue.
_DRAW_WORDS = catalogue.all_words("words-draw-suffix")
ACCEPT_WORDS = catalogue.all_words("words-accept")
DECLINE_WORDS = catalogue.all_words("words-decline")
OPEN_WORDS = catalogue.all_words("words-open")
TOURNAMENT_WORDS = catalogue.all_words("words-tournament")
COLOUR_WORDS = {word: colour for colour in ("white", "black", "random")
                for word in catalogue.all_words(f"words-colour-{colour}")}
LANGUAGE_WORDS = {word: lang for lang in catalogue.LANGUAGES
                  for word in catalogue.all_words(f"words-language-{lang}")}
SETTING_WORDS = catalogue.all_words("words-settings-filler")


def clean(text: str, limit: int = MAX_TEXT * 2) -> str:
    """Text with control characters removed (line breaks and tabs become spaces), trimmed to `limit`.

    >>> clean("9-13\\x00\\n")
    '9-13'
    """
    text = text[:limit]
    out = []
    for char in text:
        category = unicodedata.category(char)
        if char in "\n\r\t":
            out.append(" ")
        elif category.startswith("C"):
            continue
        else:
            out.append(char)
    return " ".join("".join(out).split())


def clean_name(name: str) -> str:
    """A display name safe to show: no control characters, no mention syntax, at most 64 characters."""
    text = clean(name, MAX_NAME * 4).replace("@everyone", "everyone").replace("@here", "here")
    text = text.replace("`", "'")[:MAX_NAME].strip()
    return text or "?"


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
    """A move as typed, and whether a draw offer goes with it."""

    text: str
    offer_draw: bool = False


def find_move(text: str) -> TypedMove | None:
    """The move in a plain message, or None if the message is not shaped like a move.

    >>> find_move("10x17x26")
    TypedMove(text='10x17x26', offer_draw=False)
    >>> find_move("9-13 draw")
    TypedMove(text='9-13', offer_draw=True)
    >>> find_move("hello 9-13") is None
    True
    """
    if len(text) > 200:
        return None
    words = text.split()
    offer = False
    if len(words) > 1 and words[-1].casefold() in _DRAW_WORDS:
        offer = True
        words = words[:-1]
    candidate = " ".join(words)
    move = notation.move_text(candidate)
    return TypedMove(move, offer) if move else None


def looks_like_move(text: str) -> bool:
    """Whether an argument is shaped like a move (for `move 9-13` and `draw 9-13`)."""
    return find_move(text) is not None


def variant_name(text: str) -> str | None:
    """The variant a word names (a name or alias in the engine's registry), or None.

    >>> variant_name("10x10"), variant_name("chess")
    ('international', None)
    """
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
