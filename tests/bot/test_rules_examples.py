"""The rules help answers partly by example (bot/presentation/rules_examples.py): the nearest labelled
questions asked before vote for the passages that answered them."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from bot.presentation import rules_alike, rules_examples
from bot.presentation.rules_help import answer
from bot.presentation.rules_texts import TEXTS, passages
from tests.bot.tammi_talk import close_chat, open_chat


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


def test_words_of_like_meaning_near_each_other_share_a_feature_in_either_language() -> None:
    """Pairs of concepts of nearby words: "step backward" and "siirtyä taaksepäin" share one, whatever
    the language or the words between them; words far apart or of one concept make none."""
    english = rules_examples.features("can men step backward?")
    finnish = rules_examples.features("saako nappula siirtyä joskus taaksepäin?")
    assert "k:c:backward_c:move_verb" in english & finnish
    assert "k:c:backward_c:move_verb" not in rules_examples.features(
        "step one square: the king, the men and the draws are all backward")
    assert not any(f.startswith("k:") for f in rules_examples.features("backward"))


def test_the_sentences_of_the_passages_are_examples_of_what_they_answer() -> None:
    """With no question asked before, a question worded like a passage finds that passage's sentence
    nearest, in either language, and naive Bayes finds its topic likeliest; a bare bank knows nothing."""
    built = rules_examples.load([])
    backward = passage("captures", "international", "Men capture forward and backward")
    for asked in ("do men capture forward and backward here?", "lyövätkö tavalliset nappulat taaksepäin"):
        similarity, nearest = built.nearest(asked)[0]
        assert nearest.labels == (("captures", backward),) and similarity > rules_examples.FLOOR
    assert built.likely("men capture forward and backward?")[0][0][1] == "captures"
    shared = passage("glossary", "english", "Turkish strike")
    english = {label for one in built.examples if one.variant == "english" for label in one.labels}
    assert ("glossary", shared) in english
    assert rules_examples.load([], texts=False).nearest("men capture forward and backward") == []


def test_a_label_of_another_variant_votes_for_the_like_passage() -> None:
    fly = passage("kings", "english", "Kings do not fly")
    example = rules_examples.Example("x", "english", (("kings", fly), ("draws", None), ("none", None)))
    votes = rules_examples.votes([(0.9, example)], "italian")
    like = passage("kings", "italian", "kings do not fly")
    assert votes.passages == {("kings", like): pytest.approx(0.81 / 3)}
    assert votes.topics == {"draws": pytest.approx(0.81 / 3)}
    assert votes.of("draws", 2) == pytest.approx(0.27) and votes.topic("kings") == pytest.approx(0.27)
    assert rules_examples.votes([(rules_examples.FLOOR / 2, example)], "italian").topic("kings") == 0


@pytest.mark.parametrize(("topic", "source", "phrase", "target", "like"), [
    ("draws", "italian", "No progress", "international", "25-move rule: drawn"),
    ("draws", "english", "Only kings left", "international", "25-move rule: drawn"),
    ("strategy", "international", "connected chains", "english", "Keep your men together"),
    ("sequences", "international", "compares whole chains", "english", "need not pick the longest")])
def test_a_label_votes_for_the_passage_that_says_the_same_where_the_words_differ(
        topic: str, source: str, phrase: str, target: str, like: str) -> None:
    """Where sharing the most words picks another passage (threefold repetition for Italian's "No
    progress", the back row for "connected chains"), the passage `alike.toml` names gets the vote."""
    example = rules_examples.Example("x", source, ((topic, passage(topic, source, phrase)),))
    votes = rules_examples.votes([(1.0, example)], target)
    assert votes.passages == {(topic, passage(topic, target, like)): pytest.approx(1.0)}


def test_a_phrase_of_the_alike_table_must_name_one_passage() -> None:
    with pytest.raises(ValueError, match="in 0 passages"):
        rules_alike._index("draws", "english", "no such phrase")
    with pytest.raises(ValueError, match="in 2 passages"):
        rules_alike._index("draws", "english", "By agreement")


def test_the_whole_bank_tells_how_likely_each_label_is() -> None:
    """Naive Bayes over the bank: the label of the examples phrased like a question is the likeliest, the
    probabilities fall and sum to at most one, and a question of words the bank never saw gets none."""
    labelled = [{"text": text, "lang": "en", "rules": "english", "answers": [label]}
                for text, label in (("can kings fly", "kings: Kings do not fly"),
                                    ("how far does a king move", "kings: Kings do not fly"),
                                    ("who moves first", "setup: moves first"),
                                    ("which side starts", "setup: moves first"),
                                    ("tell me a joke", "none"))]
    built = rules_examples.load(labelled, texts=False)
    likely = built.likely("do the kings fly far")
    fly = passage("kings", "english", "Kings do not fly")
    assert likely[0] == (("english", "kings", fly), pytest.approx(likely[0][1]))
    assert [p for _, p in likely] == sorted((p for _, p in likely), reverse=True)
    assert 0 < sum(p for _, p in likely) <= 1 + 1e-9 and len(likely) == 3
    assert built.likely("tell me a joke please")[0][0] == ("", "none", None)
    assert built.likely("qwxz vbnmk") == [] and built.likely("who moves first", 1)[0][0][1] == "setup"


def test_the_likely_labels_vote_only_when_an_example_is_near_enough() -> None:
    """The likeliest labels add their probability times `LIKELY` to the nearest examples' votes, mapped to
    the variant asked about; with no example as near as `FLOOR` nobody votes."""
    fly = passage("kings", "english", "Kings do not fly")
    like = passage("kings", "italian", "kings do not fly")
    example = rules_examples.Example("x", "english", (("setup", 0),))
    likely: list[tuple[rules_examples.Kind, float]] = [(("english", "kings", fly), 0.5),
                                                        (("", "none", None), 0.25)]
    votes = rules_examples.votes([(0.9, example)], "italian", likely)
    assert votes.passages[("kings", like)] == pytest.approx(0.5 * rules_examples.LIKELY)
    assert votes.none == pytest.approx(0.25 * rules_examples.LIKELY)
    assert votes.of("setup", 0) == pytest.approx(0.81)
    far = rules_examples.votes([(rules_examples.FLOOR / 2, example)], "italian", likely)
    assert far.passages == {} and far.none == 0


def test_examples_decide_which_passages_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    """Once examples phrased like a question are labelled with a passage, the answer holds that passage,
    which the search alone does not give; a question like no example is answered as by the search."""
    question = "can a man capture a king"
    worth = passages(TEXTS["en"].topics["kings"].bodies["english"])[passage("kings", "english", "worth")]
    monkeypatch.setattr(rules_examples, "BANK", rules_examples.load([], texts=False))
    before = answer(question, "en", "english")
    assert before is not None and before.topic == "kings" and worth not in before.text
    other = answer("who moves first", "en", "english")
    labelled = [{"text": text, "lang": "en", "rules": "english", "answers": ["kings: worth"]}
                for text in ("can a man capture a king?", "man captures king, allowed?")]
    monkeypatch.setattr(rules_examples, "BANK", rules_examples.load(labelled, texts=False))
    after = answer(question, "en", "english")
    assert after is not None and after.topic == "kings" and worth in after.text
    assert answer("who moves first", "en", "english") == other


def test_examples_of_no_rules_question_decline_one_the_search_would_answer(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A question like examples labelled "none" gets no answer, though the search alone answers it; one
    nearer to examples of a rules passage is answered."""
    question = "what is the best opening move for black in chess"
    monkeypatch.setattr(rules_examples, "BANK", rules_examples.load([], texts=False))
    assert answer(question, "en", "english") is not None
    declined = [{"text": text, "lang": "en", "rules": "english", "answers": ["none"]}
                for text in ("best chess opening move for black?", "what is the best opening move in chess")]
    monkeypatch.setattr(rules_examples, "BANK", rules_examples.load(declined, texts=False))
    assert answer(question, "en", "english") is None
    ruled = [{"text": text, "lang": "en", "rules": "english", "answers": ["setup: moves first"]}
             for text in ("what is the best opening move for black", "best opening move for black?",
                          "opening move for black in checkers")]
    monkeypatch.setattr(rules_examples, "BANK", rules_examples.load(declined + ruled, texts=False))
    assert answer(question, "en", "english") is None
    reply = answer("the best opening move for black in checkers", "en", "english")
    assert reply is not None and reply.topic == "setup"


def test_examples_answer_a_question_the_search_alone_finds_nothing_close_for(
        monkeypatch: pytest.MonkeyPatch) -> None:
    question = "onko tukittu asema patti"
    monkeypatch.setattr(rules_examples, "BANK", rules_examples.load([], texts=False))
    assert answer(question, "fi", "english") is None
    shown = passages(TEXTS["fi"].topics["end"].bodies["english"])
    stalemate = shown[passage("end", "english", "Cannot move?")]
    labelled = [{"text": text, "lang": "fi", "rules": "english", "answers": ["end: Cannot move?"]}
                for text in ("patti tammessa?", "onko tammessa pattia", "tukittu asema?")]
    monkeypatch.setattr(rules_examples, "BANK", rules_examples.load(labelled, texts=False))
    reply = answer(question, "fi", "english")
    assert reply is not None and reply.topic == "end" and stalemate in reply.text
    assert answer("asdf qwerty zxcv", "fi", "english") is None


def test_the_shipped_bank_is_indexed_once_whatever_thread_asks_first(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(vars(rules_examples), "BANK", raising=False)
    with ThreadPoolExecutor(3) as pool:
        banks = list(pool.map(lambda _: rules_examples.warm(), range(3)))
    assert banks[0] is banks[1] is banks[2] is rules_examples.BANK
    assert len(banks[0].examples) > 4000


async def test_a_started_service_indexes_the_examples_off_the_event_loop(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Indexing takes a second or two: a service's start has it done in a thread, so the first question
    does not stall every game of the process."""
    monkeypatch.delitem(vars(rules_examples), "BANK", raising=False)
    threads: list[threading.Thread] = []
    real = rules_examples.load

    def load(data: list[dict[str, Any]], texts: bool = True) -> rules_examples.Bank:
        threads.append(threading.current_thread())
        return real(data, texts)

    monkeypatch.setattr(rules_examples, "load", load)
    chat = await open_chat(str(tmp_path / "tammi.sqlite3"))
    try:
        await chat.service.start()
    finally:
        await close_chat(chat)
    assert len(threads) == 1 and threads[0] is not threading.main_thread()
    assert "BANK" in vars(rules_examples)
    reply = answer("is capturing compulsory", "en", "english")
    assert reply is not None and reply.topic == "captures" and len(threads) == 1


def test_examples_answered_with_the_not_a_rules_question_passage_decline_too(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The About passage that says a question is not about the rules votes to decline, like "none"."""
    question = "write me a poem about cats"
    aside = [{"text": text, "lang": "en", "rules": "english", "answers": ["about: Anything else"]}
             for text in ("can you write me a poem", "write a poem for me")]
    notation = [{"text": text, "lang": "en", "rules": "english", "answers": ["notation: Plain move"]}
                for text in ("how do i write a move", "what do i write to move")]
    monkeypatch.setattr(rules_examples, "BANK", rules_examples.load(notation, texts=False))
    assert answer(question, "en", "english") is not None
    monkeypatch.setattr(rules_examples, "BANK", rules_examples.load(aside + notation, texts=False))
    assert answer(question, "en", "english") is None
    reply = answer("how do i write a move", "en", "english")
    assert reply is not None and reply.topic == "notation"
