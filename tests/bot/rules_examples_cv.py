"""Choose the weights of the rules help's example votes by cross-validation on the earlier question sets:
`python -m tests.bot.rules_examples_cv [--quick]`.

Each passage-labelled set in the bank (people, fresh, third... twenty-third) is held out in turn: the bank
is built from the others, the older set and the bank parts, and the held-out set is scored. The
twenty-fourth and twenty-fifth sets are never used here.
Prints, for each setting, the share on point per held-out set and over all; the best setting last.
"""

from __future__ import annotations

import functools
import itertools
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from bot.presentation import rules_examples, rules_help, rules_search
from tests.bot.rules_examples_build import EXTRA, LABELLED, bank, read
from tests.bot.test_rules_questions import answers_on_point

_DEEPEST = 25


@contextmanager
def settings(**values: Any) -> Iterator[None]:
    """Set constants of rules_examples for a while."""
    saved = {name: getattr(rules_examples, name) for name in values}
    for name, value in values.items():
        setattr(rules_examples, name, value)
    try:
        yield
    finally:
        for name, value in saved.items():
            setattr(rules_examples, name, value)


def _cached_bank(entries: list[dict[str, Any]]) -> rules_examples.Bank:
    built = rules_examples.load(entries)
    deep: Callable[[str], list[tuple[float, rules_examples.Example]]] = functools.lru_cache(None)(
        lambda question: rules_examples.Bank.nearest(built, question, _DEEPEST))

    def nearest(question: str, most: int | None = None) -> list[tuple[float, rules_examples.Example]]:
        return deep(question)[:most or rules_examples.NEAREST]

    likeliest: Callable[[str, float], list[tuple[rules_examples.Kind, float]]] = functools.lru_cache(None)(
        lambda question, _temperature: rules_examples.Bank.likely(built, question, _DEEPEST))

    def likely(question: str, most: int | None = None) -> list[tuple[rules_examples.Kind, float]]:
        return likeliest(question, rules_examples.TEMPERATURE)[:most or rules_examples.LIKELIEST]

    built.nearest = nearest  # type: ignore[method-assign]
    built.likely = likely  # type: ignore[method-assign]
    return built


def folds() -> list[tuple[str, rules_examples.Bank, list[dict[str, Any]]]]:
    """(held-out set, bank of the others, its questions) for each labelled set."""
    return [(name, _cached_bank(bank(("old", *(n for n in LABELLED if n != name), *EXTRA))), read(name))
            for name in LABELLED]


def run(grid: dict[str, list[Any]]) -> None:
    setattr(rules_help, "search", functools.lru_cache(None)(rules_search.search))  # noqa: B010
    made = folds()
    results = []
    for values in itertools.product(*grid.values()):
        chosen = dict(zip(grid, values, strict=True))
        good = total = 0
        per = []
        with settings(**chosen):
            for name, built, questions in made:
                with settings(BANK=built):
                    mine = sum(answers_on_point(q) for q in questions)
                per.append(f"{name} {mine}/{len(questions)} ({mine / len(questions):.1%})")
                good, total = good + mine, total + len(questions)
        results.append((good / total, chosen))
        print(f"{chosen}: {good}/{total} ({good / total:.1%}); " + ", ".join(per), flush=True)
    share, best = max(results, key=lambda r: r[0])
    print(f"best: {best} {share:.1%}")


if __name__ == "__main__":
    if "--quick" in sys.argv:
        run({"WEIGHT": [3.0, 10.0, 20.0, 40.0]})
    else:
        run({"WEIGHT": [10.0, 20.0, 40.0], "NEAREST": [15, 25], "FLOOR": [0.2, 0.3], "TRUST": [0.3, 0.5],
             "DECLINE": [0.3, 0.6], "LIKELY": [0.5, 1.0], "TEMPERATURE": [3.0, 5.0]})
