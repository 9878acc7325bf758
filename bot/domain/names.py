"""People's names as the platforms give them: cleaned to show, and keyed to compare.

A display name is never an identity: two names that look the same once cleaned (`look_key`) are easy
to confuse, so a name that two people of a channel share that way is refused rather than guessed.
"""

from __future__ import annotations

import unicodedata

MAX_NAME = 64


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


def clean_name(name: str) -> str:
    """A display name safe to show: no control characters, no mention syntax, at most 64 characters."""
    text = clean(name, MAX_NAME * 4).replace("@everyone", "everyone").replace("@here", "here")
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
