"""Puzzles as JSON text, and the built-in sets: ``engine/data/puzzles_<variant>.json``.

A file holds ``{"about": ..., "puzzles": [...]}``, each puzzle one line (see `Puzzle.to_dict`), in the
order they were found. The built-in sets were mined from self-play with ``tammi puzzles mine
--self-play <variant> --out engine/data/puzzles_<variant>.json``.

>>> text = dumps([], "none yet")
>>> loads(text), about(text)
([], 'none yet')
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from engine.puzzles import Puzzle
from engine.variants import get_variant

DATA = Path(__file__).resolve().parent / "data"


def dumps(puzzles: Iterable[Puzzle], about: str = "") -> str:
    """The puzzles as the text of a puzzle file, one puzzle a line."""
    rows = [json.dumps(p.to_dict(), ensure_ascii=False, separators=(", ", ": ")) for p in puzzles]
    body = ",\n".join(f"  {row}" for row in rows)
    return f'{{"about": {json.dumps(about, ensure_ascii=False)},\n "puzzles": [\n{body}\n]}}\n'


def loads(text: str) -> list[Puzzle]:
    """The puzzles of a puzzle file's text (ValueError if it is not one)."""
    data = json.loads(text)
    if not isinstance(data, dict) or not isinstance(data.get("puzzles"), list):
        raise ValueError("not a puzzle file: no list of puzzles")
    try:
        return [Puzzle.from_dict(entry) for entry in data["puzzles"]]
    except (KeyError, TypeError, ValueError) as error:
        raise ValueError(f"not a puzzle file: {error}") from None


def about(text: str) -> str:
    """The description a puzzle file's text gives itself."""
    return str(json.loads(text).get("about", ""))


def merged(old: Iterable[Puzzle], new: Iterable[Puzzle]) -> list[Puzzle]:
    """`old` and then those of `new` whose position is not among them."""
    kept = list(old)
    seen = {p.key for p in kept}
    for puzzle in new:
        if puzzle.key not in seen:
            seen.add(puzzle.key)
            kept.append(puzzle)
    return kept


def path(variant: str) -> Path:
    """The file of a variant's built-in set."""
    return DATA / f"puzzles_{get_variant(variant).name}.json"


@cache
def builtin(variant: str) -> tuple[Puzzle, ...]:
    """A variant's built-in puzzles (none if its file is missing)."""
    file = path(variant)
    return tuple(loads(file.read_text(encoding="utf-8"))) if file.exists() else ()
