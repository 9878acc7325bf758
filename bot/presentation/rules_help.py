"""Rules help: topic texts per variant in English and Finnish, free-question lookup, refusal topics.

The game service answers `rules` with `topic_list`, `rules <topic or question>` with
`explain(find_topic(question), variant, locale)`, and points every refused move to
`topic_for_reason(error.reason)`. The texts live in `bot.presentation.rules_texts`.

>>> find_topic("can kings fly?")
'kings'
>>> find_topic("pitääkö lyödä?")
'captures'
>>> topic_for_reason("capture_compulsory")
'captures'
"""

from __future__ import annotations

import re
import unicodedata

from bot.presentation.rules_texts import (
    BODIES,
    DIFFERENCES_FOOTER,
    LIST_FOOTER,
    LIST_HEADER,
    SUMMARIES,
    TITLES,
    VARIANT_TITLES,
)

TOPICS: tuple[str, ...] = (
    "setup",
    "moves",
    "captures",
    "sequences",
    "kings",
    "end",
    "draws",
    "notation",
    "differences",
    "strategy",
)

MAX_LENGTH = 1200
"""No topic text (title line included) is longer than this many characters."""

_VARIANT_ALIASES: dict[str, str] = {
    "english": "english",
    "checkers": "english",
    "american": "english",
    "italian": "italian",
    "international": "international",
    "10x10": "international",
}


def language(locale: str | None) -> str:
    """The text language for a platform locale: "fi" for Finnish (fi, fi-FI, fin...), else "en".

    >>> language("fi-FI"), language("en-US"), language(None)
    ('fi', 'en', 'en')
    """
    if not locale:
        return "en"
    code = re.split(r"[-_.@\s]", locale.strip().lower(), maxsplit=1)[0]
    return "fi" if code in {"fi", "fin", "finnish", "suomi"} else "en"


def _variant(variant: str) -> str:
    try:
        return _VARIANT_ALIASES[variant.strip().lower()]
    except KeyError:
        raise KeyError(f"unknown variant {variant!r}") from None


def _other_variant(variant: str) -> str:
    """A variant other than this one, for examples of naming a variant."""
    return "international" if _variant(variant) == "english" else "english"


def _topic(topic: str) -> str:
    if topic not in TOPICS:
        raise KeyError(f"unknown rules topic {topic!r}")
    return topic


def topic_title(topic: str, locale: str | None) -> str:
    """The topic's title in the locale's language; KeyError for an unknown topic.

    >>> topic_title("kings", "fi")
    'Kuninkaat ja kruunaus'
    """
    return TITLES[language(locale)][_topic(topic)]


def topic_list(locale: str | None, variant: str) -> str:
    """The answer to `rules` alone: numbered topics with one-line summaries and how to ask."""
    lang = language(locale)
    lines = [LIST_HEADER[lang].format(variant=VARIANT_TITLES[lang][_variant(variant)])]
    for number, topic in enumerate(TOPICS, start=1):
        lines.append(f"{number}. {TITLES[lang][topic]} – {SUMMARIES[lang][topic]}")
    lines.append("")
    lines.append(LIST_FOOTER[lang].format(example=_other_variant(variant)))
    return "\n".join(lines)


def explain(topic: str, variant: str, locale: str | None) -> str:
    """The full text of a topic for a variant, title line first; KeyError for an unknown topic.

    >>> explain("kings", "international", "en").splitlines()[0]
    'Kings and promotion (International draughts)'
    """
    lang = language(locale)
    name = _variant(variant)
    topic = _topic(topic)
    title = f"{TITLES[lang][topic]} ({VARIANT_TITLES[lang][name]})"
    text = f"{title}\n{BODIES[lang][topic][name]}"
    if topic == "differences":
        text += "\n" + DIFFERENCES_FOOTER[lang].format(example=_other_variant(name))
    return text


# ---------------------------------------------------------------------------------------------------
# Free questions

# Each topic has groups of synonyms: (weight, patterns). A group scores its weight once when any of its
# patterns matches. Patterns are written without Finnish dots (ä -> a, ö -> o) since the question is
# folded the same way. A pattern is one word or a phrase of words; "word*" matches a word starting with
# it (Finnish inflections: "lyö*" covers lyödä, lyönti, lyönnin), "*part*" a word containing it
# (compounds: "lyöntipakko").
_KEYWORDS: dict[str, tuple[tuple[int, tuple[str, ...]], ...]] = {
    "setup": (
        (3, ("setup", "set up", "who start*", "who goes first", "long diagonal", "aloit*", "*asetel*",
             "*asettel*", "pitka lavistaja*")),
        (2, ("start*", "begin*", "first", "initial", "ensin", "ensimmai*", "alku*", "alkaa", "aseta*")),
        (2, ("colour*", "color*", "corner*", "orientation", "how many", "montako", "vari", "varit",
             "varin", "kulma*", "kaanna*", "kaanto*")),
        (1, ("board", "dark", "light", "square", "squares", "lauta", "laud*", "ruutu*", "ruud*",
             "tumma*")),
    ),
    "moves": (
        (2, ("step*", "forward*", "diagonal*", "direction*", "pass", "passing", "liiku*", "liikk*",
             "liike*", "etee*", "vino*", "viist*", "suunta*", "suunna*", "askel*")),
        (1, ("move", "moves", "moving", "siir*", "siirr*")),
        (1, ("backward*", "back", "taak*")),
        (1, ("piece", "pieces", "man", "men", "sotila*", "nappul*")),
    ),
    "captures": (
        (2, ("captur*", "take", "takes", "taking", "jump*", "eat", "eats", "eaten", "eating", "lyo*",
             "syo*", "hypp*", "hypa*")),
        (2, ("compulsory", "mandatory", "obligat*", "must", "forced", "have to", "has to", "required",
             "*pakko*", "pakoll*", "pakot*", "pitaa*", "tayty*", "pakko")),
        (2, ("most", "maximum", "max", "majority", "longest", "biggest", "eniten", "enimma*",
             "suurin*", "pisin*")),
        (1, ("choose", "choice", "priority", "valit*", "valinta*", "kumpi", "backward*", "taak*")),
    ),
    "sequences": (
        (3, ("sequence*", "multiple", "multi*", "chain*", "series", "again", "more than one",
             "keep jumping", "jump twice", "*sarja*", "*ketju*", "monen", "uudelle*", "jatk*")),
        (2, ("several", "double", "triple", "continu*", "twice", "halfway", "stop", "usea*",
             "useam*", "moni*", "kahdes*", "kesken", "pysah*")),
    ),
    "kings": (
        (3, ("king", "kings", "kinged", "crown*", "promot*", "queen*", "dame*", "fly", "flies",
             "flying", "kuning*", "kunink*", "daami*", "dami*", "kruun*", "korot*", "lenta*",
             "lenna*")),
        (3, ("far row", "last row", "end row", "end of the board", "other end", "other side",
             "*paatyriv*", "long range")),
        (1, ("back row", "takarivi*", "distance")),
        (1, ("become*", "becomes",)),
    ),
    "end": (
        (3, ("win", "wins", "winning", "winner", "won", "lose", "loses", "losing", "lost", "loss",
             "resign*", "no moves", "no legal move*", "cannot move", "can t move", "paatt*",
             "voitt*", "voito*", "voita*", "voiti*", "havi*", "luovu*", "en voi siir*", "ei voi siir*",
             "en voi liik*", "ei voi liik*")),
        (2, ("end", "ends", "ending", "finish*", "over", "stuck", "block*", "result*", "score*",
             "points", "loppu*", "lopu*", "jumi*", "tulos", "pistee*")),
    ),
    "draws": (
        (3, ("draw", "draws", "drawn", "repeat*", "repetit*", "threefold", "same position", "claim*",
             "tasapel*", "toist*", "sama asema", "vaadi*", "vaati*", "remi*", "without captur*",
             "without a captur*", "no capture*", "ilman lyo*", "ilman syo*")),
        (2, ("tie", "forty", "40", "80", "25", "agree*", "offer*", "stalemate", "tasan", "sopi*",
             "tarjo*")),
    ),
    "notation": (
        (3, ("notation", "writ*", "typ*", "enter*", "input*", "syntax", "format*", "algebraic",
             "pdn", "fen", "notaat*", "kirjoit*", "kirjaa*", "merkin*", "merkit*", "syota*",
             "syott*")),
        (2, ("number*", "shortcut*", "abbreviat*", "x", "dash", "hyphen", "coordinat*", "numero*",
             "lyhen*", "koordinaat*")),
    ),
    "differences": (
        (3, ("differ*", "compar*", "versus", "vs", "ero*", "erila*", "vert*")),
        (2, ("variant*", "variation*", "other rules", "which rules", "muunnel*")),
        (1, ("italian", "english", "international", "checkers", "american", "italia*", "englant*",
             "kansainv*", "10x10", "8x8")),
    ),
    "strategy": (
        (4, ("worth", "value", "arvo*")),
        (3, ("tip", "tips", "strateg*", "advice", "advise", "hint*", "tactic*", "play well",
             "play better", "vink*", "neuvo*", "vihje*", "taktii*", "taktik*")),
        (2, ("improve*", "better", "opening*", "centre", "center", "tempo*", "trade*", "exchang*",
             "sacrific*", "plan", "plans", "endgame*", "back rank", "parem*", "parant*", "avau*",
             "keskust*", "vaiht*", "uhra*", "suunnitel*", "loppupel*")),
    ),
}

# Tie-break: when two topics score the same, the one earlier here wins (the more specific intent).
_PRIORITY: tuple[str, ...] = (
    "notation", "sequences", "draws", "strategy", "kings", "end", "captures", "differences",
    "setup", "moves",
)

_MIN_SCORE = 2
_MOVE_TEXT = re.compile(r"\b[a-j]?\d{1,2}(?:[x-][a-j]?\d{1,2})+\b")


def _fold(text: str) -> str:
    """Lower case, Finnish dots removed (ä -> a), other accents stripped."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", _fold(text))


def _word_matches(pattern: str, word: str) -> bool:
    if pattern.startswith("*") and pattern.endswith("*"):
        return pattern.strip("*") in word
    if pattern.endswith("*"):
        return word.startswith(pattern[:-1])
    return word == pattern


def _matches(pattern: str, words: list[str]) -> bool:
    parts = pattern.split()
    span = len(parts)
    for start in range(len(words) - span + 1):
        if all(_word_matches(p, w) for p, w in zip(parts, words[start:start + span], strict=True)):
            return True
    return False


def _scores(question: str) -> dict[str, int]:
    words = _words(question)
    scores: dict[str, int] = {}
    for topic, groups in _KEYWORDS.items():
        score = sum(weight for weight, patterns in groups if any(_matches(p, words) for p in patterns))
        if score:
            scores[topic] = score
    if _MOVE_TEXT.search(_fold(question)):
        scores["notation"] = scores.get("notation", 0) + 3
    return scores


def find_topic(question: str, locale: str | None = None) -> str | None:
    """The topic nearest to a free question in English or Finnish, or None when nothing is close.

    A topic id, a title in either language or a number from `topic_list` names its topic directly.
    `locale` is accepted for symmetry; both languages' words are always understood.

    >>> find_topic("kuka aloittaa"), find_topic("tips"), find_topic("asdf qwerty")
    ('setup', 'strategy', None)
    """
    del locale  # both languages are always tried
    folded = " ".join(_words(question))
    if not folded:
        return None
    if folded.isdigit() and 1 <= int(folded) <= len(TOPICS):
        return TOPICS[int(folded) - 1]
    for topic in TOPICS:
        names = {topic, *(" ".join(_words(TITLES[lang][topic])) for lang in TITLES)}
        if folded in names:
            return topic
    scores = _scores(question)
    if not scores:
        return None
    best = max(scores.values())
    if best < _MIN_SCORE:
        return None
    return next(topic for topic in _PRIORITY if scores.get(topic) == best)


_VARIANT_WORDS: tuple[tuple[str, str], ...] = (
    ("english", "english"), ("checkers", "english"), ("american", "english"), ("englant*", "english"),
    ("italian", "italian"), ("italia*", "italian"),
    ("international", "international"), ("10x10", "international"), ("kansainv*", "international"),
)


def find_variant(question: str) -> str | None:
    """The variant a question names first ("kings in italian" -> "italian"), or None.

    >>> find_variant("rules kuninkaat international"), find_variant("can kings fly")
    ('international', None)
    """
    for word in _words(question):
        for pattern, variant in _VARIANT_WORDS:
            if _word_matches(pattern, word):
                return variant
    return None


# ---------------------------------------------------------------------------------------------------
# Refusals

_REASON_TOPICS: dict[str, str] = {
    "bad_syntax": "notation",
    "too_long": "notation",
    "not_a_square": "notation",
    "ambiguous": "notation",
    "no_piece": "moves",
    "opponent_piece": "moves",
    "occupied": "moves",
    "not_diagonal": "moves",
    "too_far": "moves",
    "own_piece": "moves",
    "men_not_backward": "moves",
    "not_legal": "moves",
    "capture_compulsory": "captures",
    "not_maximum": "captures",
    "must_capture_with_king": "captures",
    "must_capture_more_kings": "captures",
    "must_meet_king_earlier": "captures",
    "man_cannot_capture_king": "captures",
    "incomplete": "sequences",
    "kings_do_not_fly": "kings",
    "no_legal_move": "end",
    "game_over": "end",
}


def topic_for_reason(reason: str) -> str:
    """The topic that explains the rule an engine refusal reason (`engine.Reason` value) points to.

    Unknown reasons fall back to "moves".

    >>> topic_for_reason("incomplete"), topic_for_reason("kings_do_not_fly")
    ('sequences', 'kings')
    """
    return _REASON_TOPICS.get(str(getattr(reason, "value", reason)), "moves")
