"""Answering rules questions by the labelled questions asked before
(`bot/presentation/rules/examples.toml`), and by the sentences of the passages, each an example of a
question its passage answers.

A question and every example become sets of features: the terms of `rules_search.terms` in both languages
(stems, concepts, mended typos, compound parts), the character 4-grams of the folded words (inflection and
misspellings the terms miss), the pairs of words in a row ("take king", "lyoda kuningas") and the pairs of
concepts of words near each other ("step backward" and "siirtyä taaksepäin" alike). Features weigh their
inverse document frequency over the bank (pairs of concepts more), and an example's similarity is the
cosine of the two weighted sets. The nearest examples vote for the passages they are labelled with (a
whole topic for "topic: *"; "none", or the About passage saying a question is not about the rules, for
declining), each with the square of its similarity; a label of another variant votes for the passage of
this variant that says the same (`rules_alike`). The whole bank votes as well: naive Bayes over the same
features gives each label its probability, and the likeliest few vote with it, when some example is near
enough to vote at all. `rules_help.answer` adds the votes to the passages' own scores, declines a question the
examples call no rules question, and answers one the search alone finds nothing close for when the
examples vouch for a passage.
"""

from __future__ import annotations

import functools
import itertools
import math
import re
import threading
import tomllib
from collections import Counter, defaultdict
from dataclasses import dataclass, field, replace
from importlib import resources
from typing import Any

from bot.presentation.rules_alike import holding, same_passage
from bot.presentation.rules_search import COVERAGE_RANK, Hit, concepts_by_word, terms
from bot.presentation.rules_texts import LANGUAGES, TEXTS, VARIANTS, passages
from bot.presentation.rules_words import STOP, fold, mended, words

NEAREST = 15
"""How many of the nearest examples vote..."""

FLOOR = 0.2
"""...of those at least this similar..."""

POWER = 2.0
"""...each with its similarity to this power."""

WEIGHT = 20.0
"""A passage's rank grows by this much times its votes."""

DECLINE = 0.3
"""A question is declined when the votes for "not a rules question" reach this much (0: never) and
outweigh those for any one topic..."""

TRUST = 0.5
"""...and answered, though the search alone finds nothing close, by a passage whose votes reach this
much (0: never; 0.3 before: the fifth to nineteenth held out in turn, 3718 -> 3723/3897)."""

LIKELY = 1.0
"""The likeliest labels by naive Bayes vote with their probability times this much (0: never)..."""

LIKELIEST = 5
"""...the labels this many of the likeliest..."""

SMOOTHING = 0.1
"""...a feature a label's examples never have counting as this fraction of one..."""

TEMPERATURE = 5.0
"""...and the log-probabilities divided by this before they are made probabilities again (naive Bayes is
sure of itself far beyond its right: this spreads the votes over the likeliest few)."""

CONCEPT_WINDOW = 3
"""Concepts of words this many apart or nearer (of those that name any) make the pairs of `features`."""

CONCEPT_PAIR_WEIGHT = 1.5
"""...and weigh this many times their inverse document frequency in the similarity."""

_GRAM = 4
_ASIDE: dict[str, int] = {
    variant: next(at for at, text in enumerate(passages(TEXTS["en"].topics["about"].bodies[variant]))
                  if "Anything else" in text) for variant in VARIANTS}
"""Per variant, the About passage that says a question is not about the rules: a vote for it is a vote
to decline."""
Label = tuple[str, int | None]  # (topic, passage number, None for the whole topic); ("none", None)
Kind = tuple[str, str, int | None]  # a label in its example's variant: (variant, topic, index); declining:
# ("", "none", None)


@functools.lru_cache(maxsize=256)
def features(question: str) -> frozenset[str]:
    """The features of a question: its terms in both languages, the 4-grams of its words, its pairs
    of words in a row (stopwords left out) and the pairs of concepts of words near each other. Kept for
    the last questions: `Bank.nearest` and `Bank.likely` both read them."""
    text = mended(question)
    found: set[str] = set()
    for lang in LANGUAGES:
        found.update(terms(text, lang))
    content = [folded for folded in map(fold, words(text)) if folded not in STOP]
    for word in content:
        padded = f"<{word}>"
        found.update("g:" + padded[at:at + _GRAM] for at in range(max(1, len(padded) - _GRAM + 1)))
    found.update(f"b:{first}_{second}" for first, second in itertools.pairwise(content))
    for lang in LANGUAGES:
        found.update(_concept_pairs(concepts_by_word(text, lang)))
    return frozenset(found)


def _concept_pairs(named: list[frozenset[str]]) -> set[str]:
    """Pairs of concepts of words near each other (of the words that name any, up to `CONCEPT_WINDOW`
    apart), in either order: "step backward" and "siirtyä taaksepäin" both have move_verb with backward."""
    found: set[str] = set()
    for at, one in enumerate(named):
        for other in named[at + 1:at + CONCEPT_WINDOW]:
            found.update("k:" + "_".join(sorted((a, b))) for a in one for b in other if a != b)
    return found


def _labels(answers: list[str], variant: str) -> tuple[Label, ...]:
    """Labels as the test data writes them ("kings: Kings do not fly") as topics and passage numbers."""
    out: list[Label] = []
    for label in answers:
        if label == "none":
            out.append(("none", None))
            continue
        topic, phrase = label.split(": ", 1)
        found = holding(topic, variant, phrase)
        out.append((topic, found[0] if phrase != "*" and found else None))
    return tuple(out)


@dataclass(frozen=True)
class Example:
    """A question asked before, the variant whose rules answer it and the passages that do."""

    text: str
    variant: str
    labels: tuple[Label, ...]


@dataclass
class Bank:
    """Examples indexed by feature, each feature weighed by its inverse document frequency."""

    examples: list[Example]
    postings: dict[str, list[int]] = field(default_factory=dict)
    idf: dict[str, float] = field(default_factory=dict)
    norms: list[float] = field(default_factory=list)
    kinds: list[Kind] = field(default_factory=list)
    priors: list[float] = field(default_factory=list)
    sizes: list[float] = field(default_factory=list)
    evidence: dict[str, list[tuple[int, float]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        found = [features(example.text) for example in self.examples]
        counts: Counter[str] = Counter(f for one in found for f in one)
        total = len(self.examples)
        self.idf = {f: math.log(1 + total / n) * (CONCEPT_PAIR_WEIGHT if f.startswith("k:") else 1.0)
                    for f, n in counts.items()}
        for number, one in enumerate(found):
            for feature in one:
                self.postings.setdefault(feature, []).append(number)
        # sums in sorted order: the same floats in every process, whatever the order of its string hashes
        self.norms = [math.sqrt(sum(self.idf[f] ** 2 for f in sorted(one))) or 1.0 for one in found]
        self._count_kinds(found)

    def _count_kinds(self, found: list[frozenset[str]]) -> None:
        """Naive Bayes: per kind of label, its log prior, the log of its feature total (smoothed), and per
        feature the log of how much more often its examples have it than the smoothing alone gives."""
        shares: defaultdict[Kind, float] = defaultdict(float)
        counts: defaultdict[Kind, defaultdict[str, float]] = defaultdict(lambda: defaultdict(float))
        for example, one in zip(self.examples, found, strict=True):
            share = 1 / len(example.labels)
            for label in example.labels:
                found_kind = kind(label, example.variant)
                shares[found_kind] += share
                for feature in one:
                    counts[found_kind][feature] += share
        self.kinds = list(shares)  # in the order the bank first has them
        total = sum(shares.values())
        self.priors = [math.log(shares[each] / total) for each in self.kinds]
        spread = SMOOTHING * len(self.idf)
        self.sizes = [math.log(sum(counts[each].values()) + spread) for each in self.kinds]
        for at, each in enumerate(self.kinds):
            counted = counts[each]
            for feature in sorted(counted):
                self.evidence.setdefault(feature, []).append(
                    (at, math.log((counted[feature] + SMOOTHING) / SMOOTHING)))

    def nearest(self, question: str, most: int = NEAREST) -> list[tuple[float, Example]]:
        """The `most` examples most like the question, with their similarity (0 to 1), nearest first (of
        equals, the one first in the bank)."""
        asked = sorted(f for f in features(question) if f in self.idf)
        dot: dict[int, float] = {}
        for feature in asked:
            weight = self.idf[feature] ** 2
            for number in self.postings[feature]:
                dot[number] = dot.get(number, 0.0) + weight
        norm = math.sqrt(sum(self.idf[f] ** 2 for f in asked)) or 1.0
        best = sorted(((-value / (norm * self.norms[n]), n) for n, value in dot.items()))[:most]
        return [(-similarity, self.examples[n]) for similarity, n in best]

    def likely(self, question: str, most: int = LIKELIEST) -> list[tuple[Kind, float]]:
        """The `most` likeliest kinds of label for the question by naive Bayes over its features the bank
        knows, with their probabilities (tempered by `TEMPERATURE`), likeliest first; none when the bank
        knows none of its features."""
        asked = sorted(f for f in features(question) if f in self.evidence)
        if not asked:
            return []
        score = [prior - len(asked) * size for prior, size in zip(self.priors, self.sizes, strict=True)]
        for feature in asked:
            for at, weight in self.evidence[feature]:
                score[at] += weight
        top = max(score)
        weights = [math.exp((value - top) / TEMPERATURE) for value in score]
        total = sum(weights)
        best = sorted(range(len(score)), key=lambda at: (-score[at], at))[:most]
        return [(self.kinds[at], weights[at] / total) for at in best]


@dataclass(frozen=True)
class Votes:
    """What the nearest examples say: votes per passage and per whole topic of one variant."""

    passages: dict[tuple[str, int], float]
    topics: dict[str, float]
    none: float = 0.0

    def topic(self, topic: str) -> float:
        """Every vote for a topic, its passages' and its own."""
        return self.topics.get(topic, 0.0) + sum(v for (t, _), v in self.passages.items() if t == topic)

    def of(self, topic: str, index: int) -> float:
        """The votes for one passage: its own and those for its whole topic."""
        return self.passages.get((topic, index), 0.0) + self.topics.get(topic, 0.0)

    def declines(self) -> bool:
        """Whether the examples say this is not a rules question: enough votes for "none", more than
        for any one topic."""
        named = {topic for topic, _ in self.passages} | set(self.topics)
        rules = max([0.0, *(self.topic(topic) for topic in named)])
        return DECLINE > 0 and self.none >= DECLINE and self.none > rules

    def vouch(self, topic: str, index: int) -> bool:
        """Whether the examples alone are enough to answer with this passage."""
        return TRUST > 0 and self.of(topic, index) >= TRUST


def kind(label: Label, variant: str) -> Kind:
    """A label of an example of a variant as its kind: declining is one kind whatever the variant."""
    topic, index = label
    if topic == "none" or (topic == "about" and index == _ASIDE[variant]):
        return ("", "none", None)
    return (variant, topic, index)


def votes(near: list[tuple[float, Example]], variant: str,
          likely: list[tuple[Kind, float]] | None = None) -> Votes:
    """The votes of the nearest examples, and of the likeliest kinds of label (`Bank.likely`) when one of
    those examples is near enough to vote, for the passages of a variant's texts."""
    ballots: list[tuple[Kind, float]] = []
    for similarity, example in near:
        if similarity >= FLOOR:
            share = similarity ** POWER / len(example.labels)
            ballots.extend((kind(label, example.variant), share) for label in example.labels)
    if ballots and LIKELY > 0:
        ballots.extend((found, LIKELY * probability) for found, probability in likely or ())
    by_passage: defaultdict[tuple[str, int], float] = defaultdict(float)
    by_topic: defaultdict[str, float] = defaultdict(float)
    none = 0.0
    for (source, topic, index), share in ballots:
        if topic == "none":
            none += share
        elif index is None:
            by_topic[topic] += share
        else:
            by_passage[(topic, _mapped(topic, source, index, variant))] += share
    return Votes(dict(by_passage), dict(by_topic), none)


_MAPPED: dict[tuple[str, str, int, str], int] = {
    (topic, source, index, target): same_passage(topic, source, index, target)
    for topic in TEXTS["en"].topics for source in VARIANTS for target in VARIANTS
    for index in range(len(passages(TEXTS["en"].topics[topic].bodies[source])))}


def _mapped(topic: str, source: str, index: int, target: str) -> int:
    return _MAPPED[(topic, source, index, target)]


_SENTENCE_END = re.compile(r"(?<=[.:;])\s+")


def passage_examples() -> list[Example]:
    """Every sentence of two words or more of every passage, in both languages, as an example that the
    passage answers: the texts' own words are questions they answer too."""
    found: list[Example] = []
    for lang in LANGUAGES:
        for topic in TEXTS[lang].topics.values():
            for variant in VARIANTS[:1] if topic.shared else VARIANTS:
                for index, passage in enumerate(passages(topic.bodies[variant])):
                    found.extend(Example(sentence, variant, ((topic.id, index),))
                                 for sentence in _SENTENCE_END.split(passage.lstrip("• "))
                                 if len(sentence.split()) >= 2)
    return found


def load(data: list[dict[str, Any]], texts: bool = True) -> Bank:
    """A bank of examples as `examples.toml` writes them, and the sentences of the passages
    (`passage_examples`) unless `texts` is false."""
    return Bank([Example(e["text"], e["rules"], _labels(e["answers"], e["rules"])) for e in data]
                + (passage_examples() if texts else []))


_LOCK = threading.Lock()


def warm() -> Bank:
    """The shipped bank, `BANK`, indexed at the first call from any thread (it takes a second or two, so
    the service calls this off the event loop when it starts); later calls return it at once."""
    with _LOCK:
        if "BANK" not in globals():
            text = resources.files("bot.presentation.rules").joinpath("examples.toml").read_text("utf-8")
            globals()["BANK"] = load(tomllib.loads(text)["example"])
        bank: Bank = globals()["BANK"]
        return bank


def __getattr__(name: str) -> Bank:
    """`BANK`: the shipped bank (see `warm`)."""
    if name != "BANK":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return warm()


def rerank(hits: list[Hit], found: Votes) -> list[Hit]:
    """The hits of a search ordered by their rank (score times a power of coverage, as `search` orders
    them) plus `WEIGHT` times their votes; each score grows so that it ranks by that sum."""
    ranked = []
    for hit in hits:
        damp = hit.coverage ** COVERAGE_RANK
        added = WEIGHT * found.of(hit.topic, hit.index)
        ranked.append((hit.score * damp + added,
                       replace(hit, score=hit.score + (added / damp if damp else added))))
    ranked.sort(key=lambda pair: -pair[0])
    return [hit for _, hit in ranked]

