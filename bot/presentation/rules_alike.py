"""Which passage of one variant's text says what a passage of another's says: the one named with it in
`bot/presentation/rules/alike.toml`, or else the one that shares the most words with it. A label an
example was given under one variant votes for that passage under another (`rules_examples.votes`).

>>> same_passage("draws", "italian", 3, "international")  # "No progress" is the 25-move rule there
3
"""

from __future__ import annotations

import functools
import tomllib
from importlib import resources

from bot.presentation.rules_texts import TEXTS, VARIANTS, passages
from bot.presentation.rules_words import fold, words


def _shown(topic: str, variant: str) -> tuple[str, ...]:
    return passages(TEXTS["en"].topics[topic].bodies[variant])


def holding(topic: str, variant: str, phrase: str) -> list[int]:
    """The passages of a topic's English text for a variant that hold a phrase (case ignored)."""
    return [at for at, text in enumerate(_shown(topic, variant)) if phrase.lower() in text.lower()]


def _index(topic: str, variant: str, phrase: str) -> int:
    """The one passage of a topic's English text for a variant that holds a phrase."""
    found = holding(topic, variant, phrase)
    if len(found) != 1:
        raise ValueError(f"alike.toml: {phrase!r} is in {len(found)} passages of {topic}, {variant}")
    return found[0]


def _named() -> dict[tuple[str, str, int, str], int]:
    """(topic, variant, passage, other variant) -> the passage there, as `alike.toml` names them."""
    text = resources.files("bot.presentation.rules").joinpath("alike.toml").read_text("utf-8")
    found: dict[tuple[str, str, int, str], int] = {}
    for entry in tomllib.loads(text)["alike"]:
        topic = entry["topic"]
        at = {v: _index(topic, v, entry[v]) for v in VARIANTS if v in entry}
        for source, target in ((s, t) for s in at for t in at if s != t):
            if entry.get("into", target) == target:
                found.setdefault((topic, source, at[source], target), at[target])
    return found


_NAMED = _named()


@functools.cache
def _words(topic: str, variant: str) -> list[frozenset[str]]:
    return [frozenset(fold(w) for w in words(text)) for text in _shown(topic, variant)]


def _most_alike(topic: str, source: str, index: int, target: str) -> int:
    """The passage of `target`'s text of a topic that shares the most words with passage `index` of
    `source`'s (the same number when the texts are alike)."""
    mine = _words(topic, source)[index]
    theirs = _words(topic, target)
    return max(range(len(theirs)), key=lambda at: (len(mine & theirs[at]) / max(1, len(mine | theirs[at])),
                                                  -abs(at - index)))


def same_passage(topic: str, source: str, index: int, target: str) -> int:
    """The passage of `target`'s text of a topic that says what passage `index` of `source`'s says."""
    if source == target:
        return index
    named = _NAMED.get((topic, source, index, target))
    return _most_alike(topic, source, index, target) if named is None else named
