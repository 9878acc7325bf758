"""Write the rules help's example bank, bot/presentation/rules/examples.toml, from the labelled question
sets of tests/bot/data: `python -m tests.bot.rules_examples_build`.

Every set but the twenty-second and twenty-third goes in (they are held out: they measure questions
the bank has never seen; the seventh to twenty-first, held out until they were measured, are in since),
and so do the example questions written for the bank alone (rules_bank_*.toml), which are never scored.
A question of the passage-labelled sets keeps its labels ("kings: Kings do not fly", "draws: *", "none")
and the variant whose rules answer it; one of the older set keeps its topics ("kings: *").
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"
BANK = Path(__file__).parents[2] / "bot" / "presentation" / "rules" / "examples.toml"
LABELLED = ("people", "fresh", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
            "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth",
            "seventeenth", "eighteenth", "nineteenth", "twentieth", "twentyfirst", "twentysecond",
            "twentythird")
"""The passage-labelled question sets in the bank; those of `HELD` are never among them."""
HELD = ("twentyfourth", "twentyfifth")
"""The held-out sets: never in the bank."""
EXTRA = tuple(sorted(path.stem.removeprefix("rules_") for path in DATA.glob("rules_bank_*.toml")))
"""The parts written as examples for the bank ("bank_1"...)."""


def read(name: str) -> list[dict[str, Any]]:
    """The questions of a set: "old" (rules_questions.toml), a labelled one ("fifth") or a bank part
    ("bank_1")."""
    file = ("rules_questions.toml" if name == "old" else f"rules_{name}.toml" if name.startswith("bank_")
            else f"rules_questions_{name}.toml")
    questions: list[dict[str, Any]] = tomllib.loads((DATA / file).read_text("utf-8"))["question"]
    return questions


def example(question: dict[str, Any], source: str) -> dict[str, Any]:
    """One entry of the bank: the question's text, language, rules variant, labels and set."""
    if source == "old":
        labels = ["none"] if question["topics"] == ["none"] else [f"{t}: *" for t in question["topics"]]
        rules = question["variant"]
    else:
        labels, rules = list(question["answers"]), question.get("rules", question["variant"])
    return {"text": question["text"], "lang": question["lang"], "rules": rules, "answers": labels,
            "set": source}


def said(text: str) -> str:
    """A question's text as compared for repeats: lower case, without the ? and ! around it."""
    return text.lower().strip("?! ")


def bank(names: tuple[str, ...] = ("old", *LABELLED, *EXTRA)) -> list[dict[str, Any]]:
    """The entries of the sets named, in order, less any that repeat a question of a held-out set
    (twenty-fourth, twenty-fifth) word for word."""
    assert not set(HELD) & set(names)
    held = {said(q["text"]) for name in HELD for q in read(name)}
    return [example(q, name) for name in names for q in read(name) if said(q["text"]) not in held]


def toml(entries: list[dict[str, Any]]) -> str:
    """The bank as TOML text."""
    out = ["# Labelled rules questions asked before (written by `python -m tests.bot.rules_examples_build`\n"
           "# from tests/bot/data; never a held-out set): the rules help answers a question partly by the\n"
           "# passages that answer the nearest of these (bot/presentation/rules_examples.py).\n"]
    for entry in entries:
        out.append("\n[[example]]\n" + "".join(
            f"{key} = {json.dumps(value, ensure_ascii=False)}\n" for key, value in entry.items()))
    return "".join(out)


if __name__ == "__main__":
    entries = bank()
    BANK.write_text(toml(entries), "utf-8")
    print(f"{len(entries)} examples written to {BANK}")
