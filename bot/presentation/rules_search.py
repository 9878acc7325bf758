"""Finding the passages of the rules texts that answer a free question in English or Finnish.

A question and every passage become weighted terms: Snowball stems (English or Finnish), for Finnish
also the first letters of long words (inflection changes word endings and consonants) and the parts of
compounds the texts do not have whole ("shakkikelloa": "shakki", "kelloa"), the concepts of
`vocabulary.toml` (synonyms across both languages: "lyödä", "syödä", "capture" and "jump" are one
concept; a phrase's words mean what the phrase means), rule numbers ("viiden" = "five" = 5) and variant
names. A question naming another game or thing with little else the texts know is not answered.
Passages are ranked with BM25; words of a topic's title, summary and tags add a smaller bonus. A
question is scored against the English and the Finnish passages alike, so either language finds its
answer whatever the reply language. The words themselves (folding, concepts, mending misspellings) are
read in `bot.presentation.rules_words`.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass

from bot.presentation.rules_texts import LANGUAGES, TEXTS, VARIANTS, VOCABULARY, passages
from bot.presentation.rules_words import (
    NUMBERS,
    STOP,
    compound,
    fold,
    mended,
    phrase_concepts,
    stem,
    variant_of,
    word_concepts,
    words,
)

_WEIGHTS = {"c": 1.5, "n": 2.0, "q": 0.3, "m": 0.5, "x": 1.5, "v": 0.3, "s": 1.0, "p": 0.6}
_MOVE = re.compile(r"(?<![\w-])[a-j]?\d{1,2}(?:\s?[-x×:]\s?[a-j]?\d{1,2})+(?![\w-])", re.IGNORECASE)
_BOARD_SIZES = frozenset({"8x8", "10x10"})
_TOPIC_BONUS = 1.0
_SUMMARY_BONUS = 0.4
_COHERENCE = 0.4
_HEAD_BONUS = 1.0
_NO_HEADS = frozenset({"differences", "strategy"})  # their heads are labels and advice
_DEFINING = 3.0  # the head bonus grows this much for "what is ...": the passage defining it answers
_EXAMPLE = 0.85  # an example counts this much: the rule it shows answers first
COVERAGE_RANK = 0.5  # passages rank by score times this power of their topic's coverage
_SECONDARY = 0.6  # differences unless the question compares, glossary unless it asks for a meaning
_COMPARING = 1.25  # differences when it does: "which rules change if I switch to Italian?"
_WHICH = 1.6  # and more when it asks which variant has a rule: "in which variant do kings fly?"
_K1 = 1.2
_RARE = 3  # a word no more passages than this hold is a word of the rules ("fen", "alquerque")
_B = 0.5


_RULENUMBERS = frozenset(VOCABULARY["numbers"])
_RULE_WORD = re.compile(r"move|siir|turn|vuoro|pl(y|ie)")  # "the 16-move rule", "viiden siirron"
# A passage that counts things ("12 men", "40 moves", "one square") answers "how many" questions.
_COUNTED = re.compile(
    r"\b\d+(?:-| \w+ | )(?:men|pieces|squares|moves|turns|plies|nappula|ruutu|ruudu|siirto|vuoro)"
    r"|\b(?:one|two|three|yhden|yksi|kaksi|kahden|kolme)(?: \w+)? (?:men|pieces|squares?|nappul|ruu)")
_REFERENCE = re.compile(r"\((?:see|ks\.) [^)]*\)")  # "(see captures)" says nothing about the passage
# A passage gets `count` from holding a number, not from words; `meaning` and `versus` only say what a
# question asks (what something is, a comparison: see `search`), and no passage is about them.
_ASKED_ONLY = frozenset({"c:count", "c:meaning", "c:versus", "c:elsewhere"})
_EVERYDAY = frozenset("c:" + name for name in VOCABULARY["everyday"]["concepts"].split()) | {"c:elsewhere"}
_ELSEWHERE_MOST = 2  # a question naming another game or thing, with no more words understood than this


def _word_terms(text: str, lang: str, asked: bool = False) -> tuple[list[set[str]], list[bool]]:
    """The terms of each word of a text (a stopword only those of a phrase it is part of), and which
    words say something: those that are not stopwords or are part of a phrase of rules words ("who
    makes")."""
    raw = words(_MOVE.sub(lambda m: m[0] if m[0].lower() in _BOARD_SIZES else " ", text))
    folded = [fold(w) for w in raw]
    phrased = phrase_concepts(folded)
    # a word of a phrase means what the phrase means, and keeps only its rules words: "win" in "neither
    # side can win" is no question about winning, "king" in "king vs king" still a king
    per_word = [more | {c for c in word_concepts(flat) if not more or c not in _EVERYDAY}
                for flat, more in zip(folded, phrased, strict=True)]
    for at, (found, word, flat) in enumerate(zip(per_word, raw, folded, strict=True)):
        if flat in NUMBERS or flat.isdigit():
            number = NUMBERS.get(flat, flat.lstrip("0") or "0")
            rule = number in _RULENUMBERS and folded[at + 1:at + 2] and _RULE_WORD.match(folded[at + 1])
            found.add(("n:" if rule else "q:") + number)
        elif flat in STOP:  # a stopword keeps only what a phrase it is part of means
            found.intersection_update(phrased[at])
        elif variant := variant_of(word):
            found.add("v:" + variant)
            if flat in _BOARD_SIZES and asked:  # "is it 10x10": International, and the board's size
                found.update({"s:" + flat, "c:size"})
        else:
            found.add("s:" + stem(word, lang))
            if flat in _BOARD_SIZES and asked:
                found.add("c:size")
            if lang == "fi" and len(flat) > 5:
                found.add("p:" + flat[:5])
            if parts := compound(flat):  # "shakkikelloa": what "shakki" and "kelloa" mean
                found.update(word_concepts(parts[0]) | word_concepts(parts[1]))
                if lang == "fi":
                    found.update({"s:" + stem(parts[1], lang), "p:" + parts[1][:5]})
    return per_word, [flat not in STOP or bool(more - _EVERYDAY - _ASKED_ONLY)
                      for flat, more in zip(folded, phrased, strict=True)]


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


def concepts_by_word(text: str, lang: str) -> list[frozenset[str]]:
    """The concepts ("c:backward") of each word of a text read as `lang` that names any, in order."""
    per_word, _ = _word_terms(text, lang)
    named = (frozenset(term for term in found if term.startswith("c:")) for found in per_word)
    return [one for one in named if one]


def _head(text: str, most: int = 3) -> str:
    """The term a passage defines, if it starts like one ("• Maximum capture: you must..."), else ""."""
    head, colon, _ = text.lstrip("• ").partition(":")
    return head if colon and len(re.sub(r"\(.*?\)", "", head).split()) <= most else ""


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
    matched: int = 1  # how many of the question's words the topic knows
    anchored: bool = True  # whether the question holds a rules word (see `rules_word`)
    rare: bool = False  # whether it holds a word few passages have and no concept names ("fen")


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
                # A passage defines a term when its English text does (Finnish ones may take more words);
                # the heads of differences are labels and those of strategy advice, not terms.
                english = passages(TEXTS["en"].topics[topic.id].bodies[variant])
                self.heads[(topic.id, variant)] = [
                    terms(_head(passage, 9) if _head(first) and topic.id not in _NO_HEADS else "", lang)
                    for passage, first in zip(shown, english, strict=True)]
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

    def score(self, question: Counter[str], passage: Counter[str], head: Counter[str], topic: str,
              defining: list[set[str]] | None = None) -> float:
        """BM25 of the passage, plus bonuses for the question's words in its topic's title, summary and
        tags and in the term the passage defines, more when the question asks what that term is (its
        words, `defining`, are all in it)."""
        length = sum(passage.values())
        total = 0.0
        for term, asked in question.items():
            tf = passage.get(term, 0)
            if tf:
                norm = tf * (_K1 + 1) / (tf + _K1 * (1 - _B + _B * length / self.average))
                total += min(asked, 2) * _WEIGHTS[term[0]] * self.idf(term) * norm
        asks = head and defining is not None and all(found & head.keys() for found in defining)
        return total + self.bonus(question, head, topic, _DEFINING if asks else 1.0)

    def bonus(self, question: Counter[str], head: Counter[str], topic: str, heads: float) -> float:
        """What the question shares with the topic's title, name and tags, its summary (less), and the
        term the passage defines."""
        def shared(found: Counter[str]) -> float:
            return sum(_WEIGHTS[t[0]] * self.idf(t) for t in question if t in found)

        return (_TOPIC_BONUS * shared(self.topic_terms[topic])
                + _SUMMARY_BONUS * shared(self.summary_terms[topic]) + heads * _HEAD_BONUS * shared(head))

    def coverage(self, question: list[set[str]], topic: str, variant: str) -> tuple[float, int]:
        """The share of the question's words (variant names aside) the topic knows, and their number."""
        asked = [found for found in question if found and not all(t.startswith("v:") for t in found)]
        known = self.known[(topic, variant)]
        matched = sum(bool(found & known) for found in asked)
        return (matched / len(asked) if asked else 0.0), matched


_INDEX: dict[str, _Language] = {lang: _Language(lang) for lang in LANGUAGES}
_EXAMPLES: dict[tuple[str, str], list[bool]] = {  # which passages are worked examples
    (topic.id, variant): [text.startswith("Example") for text in passages(topic.bodies[variant])]
    for topic in TEXTS["en"].topics.values() for variant in VARIANTS}


def rules_word(found: set[str]) -> bool:
    """Whether a word's terms make it a word about draughts: a rule number, a typed move or a concept
    that everyday talk does not use as often (`[everyday]` in vocabulary.toml); a word only the texts
    have ("help", "play") is not one by itself."""
    return any(t[0] in "nx" or (t[0] == "c" and t not in _EVERYDAY) for t in found)


def search(question: str, variant: str, *, variants_named: int = 0) -> list[Hit]:
    """Every passage of the variant's texts with its score for the question, best first.

    A passage's score is its own BM25 score plus a share of the best other passage of its topic (a
    topic that answers with several passages is the likelier one). The differences topic counts less
    unless the question compares (a comparing word, or two variants named, `variants_named`), and more
    when it does; the glossary counts less unless the question asks what something is or means.
    """
    question = mended(question)
    asked: dict[str, Counter[str]] = {}
    asked_words: dict[str, list[set[str]]] = {}
    for lang in LANGUAGES:
        per_word, content = _word_terms(question, lang, asked=True)
        if variants_named > 1:
            per_word = [{t for t in found if not t.startswith("v:")} for found in per_word]
        moves = _move_terms(question)
        asked_words[lang] = [found for found, kept in zip(per_word, content, strict=True) if kept] + (
            [set(moves)] if moves else [])
        asked[lang] = moves + Counter(t for found in per_word for t in found)
    pieces = not variants_named and {"c:man", "c:king"} <= set(asked["en"])  # a man and a king compared
    named = any(t.startswith("v:") and "c:size" not in found for found in asked_words["en"] for t in found)
    compares = variants_named > 1 or "c:which_variant" in asked["en"] or (
        "c:compare" in asked["en"] and not pieces) or ("c:versus" in asked["en"] and named)
    defines = bool({"c:meaning", "c:identity"} & set(asked["en"]))
    understood = [found for found in asked_words["en"]
                  if not found & {"c:elsewhere", "c:chess"} and any(t[0] in "cnx" for t in found)]
    elsewhere = len(understood) <= _ELSEWHERE_MOST and any(  # "knights in chess", not "a chess clock"
        {t for t in found if t[0] == "c"} == {"c:elsewhere"} for found in asked_words["en"])
    talk = 0.0 if "c:chat" in asked["en"] or elsewhere else 1.0  # small talk: nothing answers it
    anchored = variants_named > 1 or any(rules_word(found) for found in asked_words["en"] + asked_words["fi"])
    rare = any(0 < _INDEX[lang].frequency[t] <= _RARE and not any(c[0] == "c" for c in found)
               for lang in LANGUAGES for found in asked_words[lang] for t in found if t[0] == "s")
    defining = {lang: [f for f in found if not all(t.startswith("v:") for t in f)]
                for lang, found in asked_words.items()}
    hits: list[Hit] = []
    for topic in TEXTS["en"].topics:
        key = (topic, variant)
        scored = [[index.score(asked[lang], p, h, topic, defining[lang] if defines else None)
                   for p, h in zip(index.passages[key], index.heads[key], strict=True)]
                  for lang, index in _INDEX.items()]
        own = [max(scores) for scores in zip(*scored, strict=True)]
        cover, matched = max(index.coverage(asked_words[lang], topic, variant)
                             for lang, index in _INDEX.items())
        factor = (_WHICH if "c:which_variant" in asked["en"] else _COMPARING if compares else _SECONDARY) \
            if topic == "differences" else 1.0
        for number, score in enumerate(own):
            others = [s for i, s in enumerate(own) if i != number]
            total = score + _COHERENCE * max(others, default=0.0)
            weight = _SECONDARY if topic == "glossary" and not defines else factor
            if _EXAMPLES[key][number]:
                weight *= _EXAMPLE
            hits.append(Hit(topic, variant, number, total * weight * talk, cover, matched, anchored, rare))
    hits.sort(key=lambda hit: -hit.score * hit.coverage ** COVERAGE_RANK)
    return hits


def numbers(text: str) -> frozenset[str]:
    """The numbers a text names, in digits or words ("viiden siirron" -> {"5"})."""
    return frozenset(t[2:] for t in terms(text, "en") if t.startswith("n:"))
