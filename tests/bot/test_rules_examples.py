"""The rules help answers partly by example (bot/presentation/rules_examples.py): the nearest labelled
questions asked before vote for the passages that answered them."""

from __future__ import annotations

import pytest

from bot.presentation import rules_examples
from bot.presentation.rules_help import answer
from bot.presentation.rules_texts import TEXTS, passages


def passage(topic: str, variant: str, phrase: str) -> int:
    shown = passages(TEXTS["en"].topics[topic].bodies[variant])
    (index,) = [i for i, text in enumerate(shown) if phrase in text]
    return index


def test_the_nearest_example_of_a_question_asked_before_is_itself() -> None:
    asked = "can kings fly in italian"
    similarity, nearest = rules_examples.BANK.nearest(asked)[0]
    # itself, or the first example of the same words in another order ("in italian can kings fly")
    assert rules_examples.features(nearest.text) == rules_examples.features(asked)
    assert similarity == pytest.approx(1.0)
    assert asked in [example.text for _, example in rules_examples.BANK.nearest(asked, 3)]
    assert all(s < 0.2 for s, _ in rules_examples.BANK.nearest("qwxz vbnmk"))


def test_a_misspelt_or_inflected_question_finds_examples_of_its_topic() -> None:
    near = rules_examples.BANK.nearest("kuninkaan lentäminen kansainvälisesä")
    assert near and all(0 < s <= 1 for s, _ in near)
    assert [topic for _, example in near[:3] for topic, _ in example.labels].count("kings") >= 2


def test_a_label_of_another_variant_votes_for_the_like_passage() -> None:
    fly = passage("kings", "english", "Kings do not fly")
    example = rules_examples.Example("x", "english", (("kings", fly), ("draws", None), ("none", None)))
    votes = rules_examples.votes([(0.9, example)], "italian")
    like = passage("kings", "italian", "kings do not fly")
    assert votes.passages == {("kings", like): pytest.approx(0.81 / 3)}
    assert votes.topics == {"draws": pytest.approx(0.81 / 3)}
    assert votes.of("draws", 2) == pytest.approx(0.27) and votes.topic("kings") == pytest.approx(0.27)
    assert rules_examples.votes([(rules_examples.FLOOR / 2, example)], "italian").topic("kings") == 0


def test_examples_decide_which_passages_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    """Once examples phrased like a question are labelled with a passage, the answer holds that passage,
    which the search alone does not give; a question like no example is answered as before."""
    question = "can a man capture a king"
    worth = passages(TEXTS["en"].topics["kings"].bodies["english"])[passage("kings", "english", "worth")]
    before = answer(question, "en", "english")
    assert before is not None and before.topic == "kings" and worth not in before.text
    other = answer("how do kings move", "en", "english")
    labelled = [{"text": text, "lang": "en", "rules": "english", "answers": ["kings: worth"]}
                for text in ("can a man capture a king?", "man captures king, allowed?")]
    monkeypatch.setattr(rules_examples, "BANK", rules_examples.load(labelled))
    after = answer(question, "en", "english")
    assert after is not None and after.topic == "kings" and worth in after.text
    assert answer("how do kings move", "en", "english") == other
