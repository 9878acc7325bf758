"""The rules texts Tammi shows in chat, loaded from the data files in `bot/presentation/rules/`.

`en.toml` and `fi.toml` hold every topic's title, summary and text per variant, written for this project
from the rules in docs/RULES.md; `vocabulary.toml` holds the words questions use.
Each line of a text is a passage (a line starting with spaces, or following one that ends with a colon,
belongs with its neighbour); both languages have the same passages in the same order.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any

VARIANTS: tuple[str, ...] = ("english", "italian", "international")
LANGUAGES: tuple[str, ...] = ("en", "fi")


@dataclass(frozen=True)
class Topic:
    """One rules topic in one language."""

    id: str
    title: str
    name: str  # the word that names the topic after `rules` in this language
    summary: str
    tags: str  # extra words questions use for the topic; never shown
    bodies: dict[str, str]  # variant -> text
    shared: bool  # one text for every variant


@dataclass(frozen=True)
class Texts:
    """Everything the rules help says in one language."""

    list_header: str
    list_footer: str
    differences_footer: str
    command: str
    more: str
    answer_title: str
    variants: dict[str, str]  # variant -> its name in this language
    topics: dict[str, Topic]


def _read(name: str) -> dict[str, Any]:
    return tomllib.loads(resources.files("bot.presentation.rules").joinpath(name).read_text("utf-8"))


def _load(lang: str) -> Texts:
    data = _read(f"{lang}.toml")
    topics: dict[str, Topic] = {}
    for topic_id, table in data["topics"].items():
        shared = "all" in table
        bodies = {v: (table["all"] if shared else table[v]).strip("\n") for v in VARIANTS}
        topics[topic_id] = Topic(topic_id, table["title"], table.get("name", topic_id), table["summary"],
                                 table.get("tags", ""), bodies, shared)
    return Texts(data["list_header"], data["list_footer"].strip("\n"), data["differences_footer"],
                 data["command"], data["more"], data["answer_title"], dict(data["variants"]), topics)


TEXTS: dict[str, Texts] = {lang: _load(lang) for lang in LANGUAGES}
"""The texts per language: TEXTS["fi"].topics["kings"].bodies["italian"]."""

VOCABULARY: dict[str, Any] = _read("vocabulary.toml")


def passages(body: str) -> tuple[str, ...]:
    """A topic text cut into passages: its lines, with indented lines and lines after a colon joined.

    >>> passages("How:\\n• a\\n• b:\\n  1. c\\nEnd.")
    ('How:\\n• a', '• b:\\n  1. c', 'End.')
    """
    out: list[str] = []
    for line in body.splitlines():
        if not line.strip():
            continue
        if out and (line.startswith(" ") or out[-1].endswith(":")):
            out[-1] += "\n" + line
        else:
            out.append(line)
    return tuple(out)
