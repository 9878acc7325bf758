"""The words of rules questions and texts: folding, the concepts, stopwords, numbers and variant names of
`vocabulary.toml`, mending misspelt words, and telling the language a question is written in.

A concept pattern is matched against folded words (no Finnish dots, lower case): "word" matches the
word, "word*" any word starting with it, "*part*" any word containing it, and "two_words" a phrase.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections import Counter

import snowballstemmer  # type: ignore[import-untyped]

from bot.presentation.rules_texts import LANGUAGES, TEXTS, VOCABULARY

_STEMMERS = {"en": snowballstemmer.stemmer("english"), "fi": snowballstemmer.stemmer("finnish")}


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


EXACT, _PREFIX, _INFIX = _single_words()
_PHRASE_WORDS = frozenset(part for _, phrase in _PHRASES for part in phrase if not part.endswith("*"))
STOPWORDS: dict[str, frozenset[str]] = {
    lang: frozenset(fold(w) for w in VOCABULARY["stopwords"][lang].split()) for lang in LANGUAGES}
STOP = STOPWORDS["en"] | STOPWORDS["fi"]
NUMBERS: dict[str, str] = {fold(word): number for number, names in VOCABULARY["numbers"].items()
                           for word in names.split()}
_VARIANT_PATTERNS: tuple[tuple[str, str], ...] = tuple(
    (fold(p), variant) for variant, patterns in VOCABULARY["variants"].items() for p in patterns.split()
)


@functools.cache
def variant_of(word: str) -> str | None:
    """The variant a single word names ("italialaisessa" -> "italian"), or None."""
    folded = fold(word)
    for pattern, variant in _VARIANT_PATTERNS:
        if _pattern_matches(pattern, folded):
            return variant
    return None


_SQUARE = re.compile(r"[a-j](?:10|[1-9])")
"""A square's algebraic name ("e5"): a word of algebraic notation."""


@functools.cache
def word_concepts(folded: str) -> frozenset[str]:
    """The concepts a single (folded) word names."""
    found = set(EXACT.get(folded, ()))
    for end in range(1, len(folded) + 1):
        found.update(_PREFIX.get(folded[:end], ()))
    found.update(name for part, name in _INFIX if part in folded)
    if _SQUARE.fullmatch(folded):
        found.add("c:algebraic")
    return frozenset(found)


@functools.cache
def _phrases_from(folded: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The phrases whose first word this word can be."""
    return tuple((name, phrase) for name, phrase in _PHRASES if _pattern_matches(phrase[0], folded))


@functools.cache
def stem(word: str, lang: str) -> str:
    """A word's Snowball stem in a language, folded."""
    return fold(_STEMMERS[lang].stemWord(word))


SKIPPED = 2
"""A phrase still matches with up to this many stopwords inside it: "only have kings", "take it back"."""


def _phrase_at(phrase: tuple[str, ...], folded: list[str], start: int) -> list[int]:
    """The positions of the words that make up a phrase starting at `start`, or [] when it is not there."""
    at, skipped, matched = start + 1, 0, [start]
    for pattern in phrase[1:]:
        while at < len(folded) and not _pattern_matches(pattern, folded[at]) and folded[at] in STOP \
                and skipped < SKIPPED:
            at, skipped = at + 1, skipped + 1
        if at >= len(folded) or not _pattern_matches(pattern, folded[at]):
            return []
        matched.append(at)
        at += 1
    return matched


def phrase_concepts(folded: list[str]) -> list[set[str]]:
    """For each word, the concepts of the phrases covering it ("how many" -> count on both words).

    >>> [sorted(c) for c in phrase_concepts(["only", "have", "kings"])]
    [['c:kings_only'], [], ['c:kings_only']]
    """
    found: list[set[str]] = [set() for _ in folded]
    for start, word in enumerate(folded):
        for name, phrase in _phrases_from(word):
            for at in _phrase_at(phrase, folded, start):
                found[at].add(name)
    return found


# -- the words of the texts: mending misspellings, telling the language ------------------------------


def _text_words(lang: str) -> list[str]:
    """Every word of a language's texts (titles, summaries, tags and every variant's text)."""
    found: list[str] = []
    for topic in TEXTS[lang].topics.values():
        for text in (topic.title, topic.summary, topic.tags, *topic.bodies.values()):
            found.extend(words(text))
    return found


_RAW = {lang: _text_words(lang) for lang in LANGUAGES}
LEXICON: dict[str, frozenset[str]] = {  # per language: its texts' words and stopwords, folded
    lang: frozenset(map(fold, _RAW[lang])) | STOPWORDS[lang] for lang in LANGUAGES}
_STEMS = {lang: frozenset(stem(w, lang) for w in _RAW[lang]) for lang in LANGUAGES}
_PREFIXES = frozenset(fold(w)[:5] for w in _RAW["fi"] if len(w) > 5)  # Finnish inflects word endings
_HEADS = frozenset(  # what a Finnish compound may start with: a word of the texts or of a concept
    w for w in {*map(fold, _RAW["fi"]), *EXACT, *_PREFIX} if len(w) >= 4 and w.isalpha())


@functools.cache
def compound(folded: str) -> tuple[str, str] | None:
    """A long Finnish word split into a first part the texts know and a known rest ("shakkikelloa" ->
    ("shakki", "kelloa"), "tasapelitarjous" -> ("tasapeli", "tarjous")), the longest first part first;
    None when no split is known, or the texts know the word whole, or it has letters Finnish words
    seldom have ("password" is no "pass" and "word")."""
    if len(folded) < 8 or not folded.isalpha() or re.search(r"[bcfqwxz]", folded) or (
            folded in _SPELLED or any(stem(folded, lang) in _STEMS[lang] for lang in LANGUAGES)):
        return None
    for at in range(len(folded) - 4, 3, -1):
        head, tail = folded[:at], folded[at:]
        if head in _HEADS and (word_concepts(tail) or stem(tail, "fi") in _STEMS["fi"]
                               or (len(tail) > 5 and tail[:5] in _PREFIXES)):
            return head, tail
    return None


_SPELLED: Counter[str] = Counter(  # the words a misspelling may be mended to, and how common they are
    [w for lang in LANGUAGES for w in map(fold, _RAW[lang]) if len(w) >= 4 and w.isalpha()]
    + [w for w in STOP | EXACT.keys() if len(w) >= 4 and w.isalpha()])


def _one_less(word: str) -> set[str]:
    return {word[:at] + word[at + 1:] for at in range(len(word))}


_NEAR: dict[str, set[str]] = {}  # a word, and each word one letter shorter, -> the words of the texts
for _word in _SPELLED:
    for _key in _one_less(_word) | {_word}:
        _NEAR.setdefault(_key, set()).add(_word)


def _known(word: str) -> bool:
    """Whether the texts or the vocabulary (a phrase's words too) have the word, or its stem or (Finnish)
    its first letters, or it is a compound of known parts."""
    folded = fold(word)
    if folded in _SPELLED or folded in STOP or folded in NUMBERS or folded in _PHRASE_WORDS \
            or word_concepts(folded) or variant_of(word):
        return True
    return any(stem(word, lang) in _STEMS[lang] for lang in LANGUAGES) or (
        len(folded) > 5 and folded[:5] in _PREFIXES) or compound(folded) is not None


@functools.cache
def _mended_word(word: str) -> str:
    """A word no text knows, mended: the colloquial Finnish question ending ("voiks", "pitääks") as -ko,
    or a misspelling one letter off a word of the texts ("peices", "kunigas"; one typed with Finnish
    letters is not mended by changing a letter: "väittää" is not "voittaa"); else the word as it is."""
    folded = fold(word)
    if len(folded) < 4 or not folded.isalpha():
        return word
    if folded.endswith("ks") and (folded[:-2] + "ko" in STOP or folded[:-2] + "ko" in EXACT):
        return folded[:-2] + "ko"
    if _known(word):
        return word
    near = sorted({found for key in _one_less(folded) | {folded} for found in _NEAR.get(key, ())
                   if _slip(folded, found) and not (len(found) == len(folded) and re.search("[äöå]", word))})
    return max(near, key=lambda found: _SPELLED[found]) if near else word


def _swapped(typed: str, meant: str) -> bool:
    """Whether two words differ only by two neighbouring letters swapped ("kign", "king")."""
    at = [i for i, (a, b) in enumerate(zip(typed, meant, strict=True)) if a != b]
    return len(at) == 2 and at[1] == at[0] + 1 and typed[at[0]] + typed[at[1]] == meant[at[1]] + meant[at[0]]


def _slip(typed: str, meant: str) -> bool:
    """Whether a word one letter off another is likely a slip of typing it. Short words are too often
    another word one letter off: a letter left out is mended from five letters on ("captre"; "saan" is
    not "saman"), two neighbouring letters swapped from four ("kigns"), a letter too many or other letters
    swapped from six ("peices"), and another letter in its place from seven ("tänään" is not "tapaan")."""
    if len(meant) == len(typed) + 1:
        return len(typed) >= 5
    if len(meant) == len(typed) and _swapped(typed, meant):  # two letters side by side swapped
        return len(typed) >= 4
    if len(meant) == len(typed) - 1 or sorted(meant) == sorted(typed):
        return len(typed) >= 6
    return len(typed) >= 7


def mended(question: str) -> str:
    """A question with its misspelt and colloquial words mended (see `_mended_word`).

    >>> mended("how many peices, pitääks lyödä?")
    'how many pieces, pitaako lyödä?'
    >>> mended("can i captre backwrds"), mended("mikä päivä tänään on"), mended("miten saan kuninkaan")
    ('can i capture backward', 'mikä päivä tänään on', 'miten saan kuninkaan')
    """
    return re.sub(r"[^\W_]+", lambda m: _mended_word(m[0]), question)


def question_language(question: str) -> str | None:
    """The language ("en" or "fi") most of a question's words belong to, or None when they do not tell.

    A word tells when only one language's texts or stopwords have it (or its stem); Finnish letters tell
    Finnish.

    >>> question_language("pitääkö lyödä?"), question_language("must I capture?"), question_language("9-13")
    ('fi', 'en', None)
    """
    votes: Counter[str] = Counter()
    for word in words(question):
        if re.search(r"[äöå]", word):
            votes["fi"] += 1
        folded = fold(_mended_word(word))
        langs = [lang for lang in LANGUAGES if folded in LEXICON[lang]] or [
            lang for lang in LANGUAGES if stem(word, lang) in _STEMS[lang]]
        if len(langs) == 1:
            votes[langs[0]] += 1
    ranked = votes.most_common()
    if not ranked or (len(ranked) > 1 and ranked[0][1] == ranked[1][1]):
        return None
    return ranked[0][0]


# Words before a variant's name (up to three words) or after it (up to two) that say the asker comes from
# that variant, or compares with it, rather than asks about it: "coming from English", "pelasin ennen
# englantilaista", "flipped compared to normal checkers", "eri päin kuin (ku) englantilaisessa", "vaatia kuten
# WCDF:n säännöissä", "niinku kansainvälisessä", "I usually play English checkers", "pelaan yleensä
# englantilaista".
_CAME_FROM = frozenset({"from", "used", "ennen", "tottunut", "tottunu", "tottuneena", "than", "compared",
                        "kuin", "ku", "kuten", "niinku", "niiku", "usually", "normally", "yleensa",
                        "normaalisti"})
_CAME_FROM_AFTER = frozenset({"puolelta", "pelaajana", "taustalla", "verrattuna"})


def asked_variants(question: str) -> tuple[str, ...]:
    """The variants a free question asks about: those it names, less those it names as where the asker
    comes from or what it compares with ("coming over from English checkers, is the numbering different
    here?").

    >>> asked_variants("I'm used to English checkers: do men capture backward in Italian?")
    ('italian',)
    """
    said = [fold(w) for w in words(mended(question))]
    named = [variant_of(w) for w in said]
    found: list[str] = []
    for at, variant in enumerate(named):
        if variant is None:
            continue
        start = max([at - 3, 0, *(i + 1 for i in range(at) if named[i] not in (None, variant))])
        before = said[start:at]  # back to the name of another variant, if any
        came_from = _CAME_FROM & set(before) or _CAME_FROM_AFTER & set(said[at + 1:at + 3])
        if not came_from and variant not in found:
            found.append(variant)
    return tuple(found)
