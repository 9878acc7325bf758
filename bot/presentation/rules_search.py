"""Finding the passages of the rules texts that answer a free question in English or Finnish.

A question and every passage become weighted terms: Snowball stems (English or Finnish), for Finnish
also the first letters of long words (inflection changes word endings and consonants), the concepts of
`vocabulary.toml` (synonyms across both languages: "lyödä", "syödä", "capture" and "jump" are one
concept), rule numbers ("viiden" = "five" = 5) and variant names. Passages are ranked with BM25; words
of a topic's title, summary and tags add a smaller bonus. A question is scored against the English and
the Finnish passages alike, so either language finds its answer whatever the reply language.
"""

from __future__ import annotations

import functools
import math
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass

import snowballstemmer  # type: ignore[import-untyped]

from bot.presentation.rules_texts import LANGUAGES, TEXTS, VARIANTS, VOCABULARY, passages

_STEMMERS = {"en": snowballstemmer.stemmer("english"), "fi": snowballstemmer.stemmer("finnish")}
_WEIGHTS = {"c": 1.5, "n": 2.0, "q": 0.3, "m": 0.5, "x": 1.5, "v": 0.3, "s": 1.0, "p": 0.6}
_MOVE = re.compile(r"(?<![\w-])[a-j]?\d{1,2}(?:\s?[-x×:]\s?[a-j]?\d{1,2})+(?![\w-])", re.IGNORECASE)
_BOARD_SIZES = frozenset({"8x8", "10x10"})
_TOPIC_BONUS = 1.0
_SUMMARY_BONUS = 0.4
_COHERENCE = 0.4
_HEAD_BONUS = 1.0
_SECONDARY = 0.6  # differences unless the question compares, glossary unless it asks for a meaning
_K1 = 1.2
_B = 0.5


def fold(text: str) -> str:
    """Lower case without accents or Finnish dots: "Lyöntipakko" -> "lyontipakko"."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def words(text: str) -> list[str]:
    """The words of a text in lower case, Finnish letters kept ("10x10" is one word, "16-move" two)."""
    return re.findall(r"[^\W_]+", text.lower())


def _pattern_matches(pattern: str, word: str) -> bool:
    if len(pattern) > 2 and pattern.startswith("*") and pattern.endswith("*"):
        return pattern[1:-1] in word
    if pattern.endswith("*"):
        return word.startswith(pattern[:-1])
    return word == pattern


def _phrase(pattern: str) -> tuple[str, ...]:
    return tuple(fold(part) for part in pattern.split("_"))


_CONCEPTS: tuple[tuple[str, tuple[str, ...]], ...] = tuple(
    ("c:" + name, _phrase(p)) for name, patterns in VOCABULARY["concepts"].items() for p in patterns.split()
)
_PHRASES = tuple((name, phrase) for name, phrase in _CONCEPTS if len(phrase) > 1)


def _single_words() -> tuple[dict[str, set[str]], dict[str, set[str]], list[tuple[str, str]]]:
    """The one-word concept patterns by kind: exact words, prefixes ("lyo*"), infixes ("*pakko*")."""
    exact: dict[str, set[str]] = {}
    prefix: dict[str, set[str]] = {}
    infix: list[tuple[str, str]] = []
    for name, (pattern, *rest) in _CONCEPTS:
        if rest:
            continue
        if len(pattern) > 2 and pattern.startswith("*") and pattern.endswith("*"):
            infix.append((pattern[1:-1], name))
        elif pattern.endswith("*"):
            prefix.setdefault(pattern[:-1], set()).add(name)
        else:
            exact.setdefault(pattern, set()).add(name)
    return exact, prefix, infix


_EXACT, _PREFIX, _INFIX = _single_words()
_STOP = frozenset(fold(w) for lang in LANGUAGES for w in VOCABULARY["stopwords"][lang].split())
_NUMBERS: dict[str, str] = {fold(word): number for number, names in VOCABULARY["numbers"].items()
                            for word in names.split()}
_RULE_NUMBERS = frozenset(VOCABULARY["numbers"])
_VARIANT_PATTERNS: tuple[tuple[str, str], ...] = tuple(
    (fold(p), variant) for variant, patterns in VOCABULARY["variants"].items() for p in patterns.split()
)
_RULE_WORD = re.compile(r"move|siir|turn|vuoro|pl(y|ie)")  # "the 16-move rule", "viiden siirron"
# A passage that counts things ("12 men", "40 moves", "50 dark squares") answers "how many" questions.
_COUNTED = re.compile(
    r"\b\d+(?:-| \w+ | )(?:men|pieces|squares|moves|turns|plies|nappula|ruutu|ruudu|siirto|vuoro)")
_REFERENCE = re.compile(r"\((?:see|ks\.) [^)]*\)")  # "(see captures)" says nothing about the passage
_ASKED_ONLY = frozenset({"c:count"})  # a passage gets `count` from holding a number, not from words


@functools.cache
def variant_of(word: str) -> str | None:
    """The variant a single word names ("italialaisessa" -> "italian"), or None."""
    folded = fold(word)
    for pattern, variant in _VARIANT_PATTERNS:
        if _pattern_matches(pattern, folded):
            return variant
    return None


@functools.cache
def _word_concepts(folded: str) -> frozenset[str]:
    found = set(_EXACT.get(folded, ()))
    for end in range(1, len(folded) + 1):
        found.update(_PREFIX.get(folded[:end], ()))
    found.update(name for part, name in _INFIX if part in folded)
    return frozenset(found)


@functools.cache
def _phrases_from(folded: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The phrases whose first word this word can be."""
    return tuple((name, phrase) for name, phrase in _PHRASES if _pattern_matches(phrase[0], folded))


@functools.cache
def _stem(word: str, lang: str) -> str:
    return fold(_STEMMERS[lang].stemWord(word))


def _concepts(folded: list[str]) -> list[set[str]]:
    """For each word, the concepts that a pattern or phrase covering it names."""
    found: list[set[str]] = [set(_word_concepts(word)) for word in folded]
    for start, word in enumerate(folded):
        for name, phrase in _phrases_from(word):
            window = folded[start + 1:start + len(phrase)]
            if len(window) == len(phrase) - 1 and all(
                    _pattern_matches(p, w) for p, w in zip(phrase[1:], window, strict=True)):
                for at in range(start, start + len(phrase)):
                    found[at].add(name)
    return found


def _word_terms(text: str, lang: str) -> tuple[list[set[str]], int]:
    """The terms of each word of a text (stopwords get none), and how many move texts it holds."""
    moves = [m for m in _MOVE.findall(text) if m.lower() not in _BOARD_SIZES]
    raw = words(_MOVE.sub(lambda m: m[0] if m[0].lower() in _BOARD_SIZES else " ", text))
    folded = [fold(w) for w in raw]
    per_word = _concepts(folded)
    for at, (found, word, flat) in enumerate(zip(per_word, raw, folded, strict=True)):
        if flat in _NUMBERS or flat.isdigit():
            number = _NUMBERS.get(flat, flat.lstrip("0") or "0")
            rule = number in _RULE_NUMBERS and folded[at + 1:at + 2] and _RULE_WORD.match(folded[at + 1])
            found.add(("n:" if rule else "q:") + number)
        elif flat in _STOP:
            found.clear()
        elif variant := variant_of(word):
            found.add("v:" + variant)
        else:
            found.add("s:" + _stem(word, lang))
            if lang == "fi" and len(flat) > 5:
                found.add("p:" + flat[:5])
    return per_word, len(moves)


def _move_terms(text: str) -> Counter[str]:
    """Moves written in a text: each one as typed ("m:10x17x26"), and how many there are ("m:move")."""
    out: Counter[str] = Counter()
    for move in _MOVE.findall(text):
        if move.lower() not in _BOARD_SIZES:
            out["m:move"] += 1
            out["x:" + re.sub(r"\s", "", move.lower())] += 1
            if re.search(r"[a-j]", move, re.IGNORECASE):
                out["c:algebraic"] += 1
    return out


def terms(text: str, lang: str) -> Counter[str]:
    """The weighted terms of a text read as `lang` ("en" or "fi"); a term is kind letter, colon, value."""
    per_word, _ = _word_terms(text, lang)
    out = _move_terms(text)
    for found in per_word:
        out.update(found)
    return out


def _head(text: str) -> str:
    """The term a passage defines, if it starts like one ("• Maximum capture: you must..."), else ""."""
    head, colon, _ = text.lstrip("• ").partition(":")
    return head if colon and len(re.sub(r"\(.*?\)", "", head).split()) <= 3 else ""


def _passage_terms(text: str, lang: str) -> Counter[str]:
    out = terms(_REFERENCE.sub("", text), lang)
    for term in _ASKED_ONLY:
        del out[term]
    if _COUNTED.search(fold(text)):
        out["c:count"] = 1
    return out


@dataclass(frozen=True)
class Hit:
    """A passage and how well it answers: topic, variant, its number within the topic text, score."""

    topic: str
    variant: str
    index: int
    score: float
    coverage: float  # the share of the question's words that the passage's topic knows


class _Language:
    """The passages of one language, their terms and the term statistics BM25 needs."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.passages: dict[tuple[str, str], list[Counter[str]]] = {}
        self.heads: dict[tuple[str, str], list[Counter[str]]] = {}
        self.known: dict[tuple[str, str], frozenset[str]] = {}
        self.topic_terms: dict[str, Counter[str]] = {}  # title, name and tags
        self.summary_terms: dict[str, Counter[str]] = {}
        seen: dict[str, Counter[str]] = {}
        for topic in TEXTS[lang].topics.values():
            self.topic_terms[topic.id] = terms(" ".join((topic.title, topic.name, topic.tags)), lang)
            self.summary_terms[topic.id] = terms(topic.summary, lang)
            for variant in VARIANTS:
                found = []
                shown = passages(topic.bodies[variant])
                for passage in shown:
                    if passage not in seen:
                        seen[passage] = _passage_terms(passage, lang)
                    found.append(seen[passage])
                self.passages[(topic.id, variant)] = found
                self.heads[(topic.id, variant)] = [  # the differences topic's heads are labels, not terms
                    terms("" if topic.id == "differences" else _head(passage), lang) for passage in shown]
                self.known[(topic.id, variant)] = frozenset(
                    set(self.topic_terms[topic.id]).union(self.summary_terms[topic.id], *found) | _ASKED_ONLY)
        self.count = len(seen)
        self.frequency: Counter[str] = Counter()
        for counted in seen.values():
            self.frequency.update(counted.keys())
        self.average = sum(sum(c.values()) for c in seen.values()) / max(1, self.count)

    def idf(self, term: str) -> float:
        df = self.frequency[term]
        return math.log(1.0 + (self.count - df + 0.5) / (df + 0.5))

    def score(self, question: Counter[str], passage: Counter[str], head: Counter[str], topic: str) -> float:
        """BM25 of the passage, plus bonuses for the question's words in its topic's title, summary and
        tags and in the term the passage defines."""
        length = sum(passage.values())
        total = 0.0
        for term, asked in question.items():
            tf = passage.get(term, 0)
            if tf:
                norm = tf * (_K1 + 1) / (tf + _K1 * (1 - _B + _B * length / self.average))
                total += min(asked, 2) * _WEIGHTS[term[0]] * self.idf(term) * norm
        return total + self.bonus(question, head, topic)

    def bonus(self, question: Counter[str], head: Counter[str], topic: str) -> float:
        """What the question shares with the topic's title, name and tags, its summary (less), and the
        term the passage defines."""
        def shared(found: Counter[str]) -> float:
            return sum(_WEIGHTS[t[0]] * self.idf(t) for t in question if t in found)

        return (_TOPIC_BONUS * shared(self.topic_terms[topic])
                + _SUMMARY_BONUS * shared(self.summary_terms[topic]) + _HEAD_BONUS * shared(head))

    def coverage(self, question: list[set[str]], topic: str, variant: str) -> float:
        asked = [found for found in question if found and not all(t.startswith("v:") for t in found)]
        known = self.known[(topic, variant)]
        return sum(bool(found & known) for found in asked) / len(asked) if asked else 0.0


_INDEX: dict[str, _Language] = {lang: _Language(lang) for lang in LANGUAGES}


def search(question: str, variant: str, *, variants_named: int = 0) -> list[Hit]:
    """Every passage of the variant's texts with its score for the question, best first.

    A passage's score is its own BM25 score plus a share of the best other passage of its topic (a
    topic that answers with several passages is the likelier one). The differences topic counts less
    unless the question compares (a comparing word, or two variants named, `variants_named`), the
    glossary unless it asks what something is or means.
    """
    asked: dict[str, Counter[str]] = {}
    asked_words: dict[str, list[set[str]]] = {}
    for lang in LANGUAGES:
        per_word, _ = _word_terms(question, lang)
        if variants_named > 1:
            per_word = [{t for t in found if not t.startswith("v:")} for found in per_word]
        moves = _move_terms(question)
        asked_words[lang] = per_word + ([set(moves)] if moves else [])
        asked[lang] = moves + Counter(t for found in per_word for t in found)
    compares = variants_named > 1 or any("c:compare" in found for found in asked_words["en"])
    defines = any(found & {"c:meaning", "c:identity"} for found in asked_words["en"])
    hits: list[Hit] = []
    for topic in TEXTS["en"].topics:
        key = (topic, variant)
        scored = [[index.score(asked[lang], p, h, topic)
                   for p, h in zip(index.passages[key], index.heads[key], strict=True)]
                  for lang, index in _INDEX.items()]
        own = [max(scores) for scores in zip(*scored, strict=True)]
        cover = max(index.coverage(asked_words[lang], topic, variant) for lang, index in _INDEX.items())
        factor = _SECONDARY if topic == "differences" and not compares else 1.0
        for number, score in enumerate(own):
            others = [s for i, s in enumerate(own) if i != number]
            total = score + _COHERENCE * max(others, default=0.0)
            weight = _SECONDARY if topic == "glossary" and not defines else factor
            hits.append(Hit(topic, variant, number, total * weight, cover))
    hits.sort(key=lambda hit: -hit.score)
    return hits


def numbers(text: str) -> frozenset[str]:
    """The numbers a text names, in digits or words ("viiden siirron" -> {"5"})."""
    return frozenset(t[2:] for t in terms(text, "en") if t.startswith("n:"))
