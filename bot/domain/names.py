"""People's names as the platforms give them: cleaned to show, and keyed to compare.

A display name is never an identity: two names that look the same once cleaned (`look_key`) are easy
to confuse, so a name that two people of a channel share that way is refused rather than guessed.
"""

from __future__ import annotations

import unicodedata

MAX_NAME = 64
# Unicode's default-ignorable characters that are not control or format characters (which `clean`
# removes anyway): they draw nothing, so "Bo\u034fb" looks like "Bob". (DerivedCoreProperties.txt,
# Default_Ignorable_Code_Point: the combining grapheme joiner, the Hangul fillers, the Khmer inherent
# vowels, the Mongolian and other variation selectors.)
_INVISIBLE = (
    (0x034F, 0x034F), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180B, 0x180F), (0x3164, 0x3164),
    (0xFE00, 0xFE0F), (0xFFA0, 0xFFA0), (0xE0100, 0xE01EF),
)


def clean(text: str, limit: int = 4000) -> str:
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


def invisible(char: str) -> bool:
    """Whether a character that is no control character draws nothing (see `_INVISIBLE`).

    >>> invisible("\\u3164"), invisible("\\ufe0f"), invisible("b")
    (True, True, False)
    """
    code = ord(char)
    return any(low <= code <= high for low, high in _INVISIBLE)


def clean_name(name: str) -> str:
    """A display name safe to show: no control or invisible characters, no mention syntax, at most 64
    characters."""
    text = "".join(char for char in clean(name, MAX_NAME * 4) if not invisible(char))
    text = " ".join(text.split()).replace("@everyone", "everyone").replace("@here", "here")
    text = text.replace("`", "'")[:MAX_NAME].strip()
    return text or "?"


def exact_key(name: str) -> str:
    """A name as the platform gave it, casefolded (invisible characters kept, so they tell apart).

    >>> exact_key("Bob") == exact_key("bob"), exact_key("Bob") == exact_key("Bo\\u200bb")
    (True, False)
    """
    return " ".join(name.casefold().split())


def look_key(name: str) -> str:
    """A name as it looks once cleaned: two names with the same look are easy to confuse.

    >>> look_key("Bo\\u200bb") == look_key("BOB") == look_key("Ｂｏｂ")
    True
    """
    return " ".join(unicodedata.normalize("NFKC", clean_name(name)).casefold().split())


def handle_key(handle: str) -> str:
    """A platform username as stored: lowercase, without the @."""
    return handle.strip().lstrip("@").casefold()


def usable_id(text: str) -> bool:
    """Whether a platform id can be kept and compared as given: no control character (a NUL cannot be
    stored in PostgreSQL) and no lone surrogate (which no encoding writes). Ids are never cleaned, as a
    cleaned id could be someone else's.

    >>> usable_id("1234"), usable_id("bob"), usable_id("bo\\x00b"), usable_id("\\ud800")
    (True, True, False, False)
    """
    return not any(unicodedata.category(char) in ("Cc", "Cs") for char in text)
