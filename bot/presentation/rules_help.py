"""Rules help: topic texts per variant in English and Finnish, answers to free questions, refusal topics.

The service answers `rules ...` with `respond(words, lang, variant)` (the topic list, a topic, or the
passages that answer a question), a question addressed to the bot with `answer(question, lang,
variant)`, and points every refused move to `topic_for_reason(error.reason)`. The texts live in the
data files of `bot/presentation/rules/`; the search in `bot.presentation.rules_search`.

>>> find_topic("can kings fly?")
'kings'
>>> find_topic("pitääkö lyödä?")
'captures'
>>> topic_for_reason("capture_compulsory")
'captures'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from bot.presentation import rules_examples, rules_words
from bot.presentation.rules_search import Hit, numbers, search
from bot.presentation.rules_texts import TEXTS, VARIANTS, passages
from bot.presentation.rules_words import asked_variants, fold, variant_of, words

TOPICS: tuple[str, ...] = tuple(TEXTS["en"].topics)
"""Topic ids in list order: setup, moves, captures, sequences, kings, end, draws, notation, differences,
strategy, procedure, playing, glossary."""

MAX_LENGTH = 1200
"""No topic text (title line included) is longer than this many characters."""

MIN_SCORE = 6.0
"""A question whose best passage scores less than this gets no answer."""

RARE_SCORE = 3.5
"""...or, when the topic knows every word and one is a word few passages have ("what is fen"), less
than this."""

MIN_COVERAGE = 0.5
"""...or whose words the best passage's topic knows fewer than this share of ("who won the world cup"),
unless it knows two or more and at least `LOW_COVERAGE` of them and score times share reaches `STRONG`:
a long question says much the texts need not know ("yesterday my friend moved his king three squares...")
and still matches well."""

LOW_COVERAGE = 0.3
STRONG = 6.0

MORE_PASSAGES = 0.7
"""Up to two more passages of the same topic join the answer when they score this share of the best (0.8
before: the fifth to nineteenth sets, held out in turn, 3693 -> 3702/3897; 2.0 -> 2.5 passages an answer)."""

_VARIANT_ALIASES: dict[str, str] = {
    "english": "english", "checkers": "english", "american": "english",
    "italian": "italian", "international": "international", "10x10": "international",
}
# Words that may stand beside a topic and its variant without making it a question: "rules 5 in italian".
_FILLER = frozenset({"in", "for", "with", "under", "rules", "rule", "variant", "version", "draughts",
                     "saannot", "saanto", "mukaan", "muunnelma", "muunnelmassa", "tammi", "tammessa",
                     "tammen", "saannoilla", "saannoin", "the", "of"})


@dataclass(frozen=True)
class Answer:
    """A reply of the rules help: its text, the topic it comes from, that topic's title, the variants."""

    text: str
    topic: str
    title: str
    variants: tuple[str, ...]


@dataclass(frozen=True)
class Request:
    """What the words after `rules` ask for: a topic named directly, or a question; the variants named."""

    topic: str | None
    question: str
    variants: tuple[str, ...]


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


def _other_variant(variant: str, lang: str = "en") -> str:
    """The word for a variant other than this one, for examples of naming a variant."""
    return _variant_word(lang, "international" if _variant(variant) == "english" else "english")


def _variant_word(lang: str, variant: str) -> str:
    """The one word that names a variant after `rules` in a language: "italian", "italialainen"."""
    return TEXTS[lang].variants[variant].split()[0].lower()


def _topic(topic: str) -> str:
    if topic not in TOPICS:
        raise KeyError(f"unknown rules topic {topic!r}")
    return topic


def topic_title(topic: str, locale: str | None) -> str:
    """The topic's title in the locale's language; KeyError for an unknown topic.

    >>> topic_title("kings", "fi")
    'Kuninkaat ja kruunaus'
    """
    return TEXTS[language(locale)].topics[_topic(topic)].title


def topic_command(topic: str, locale: str | None) -> str:
    """The command that shows a topic, in the locale's words.

    >>> topic_command("moves", "fi"), topic_command("kings", "en")
    ('säännöt siirrot', 'rules kings')
    """
    texts = TEXTS[language(locale)]
    return f"{texts.command} {texts.topics[_topic(topic)].name}"


def topic_list(locale: str | None, variant: str) -> str:
    """The answer to `rules` alone: numbered topics with one-line summaries and how to ask."""
    lang = language(locale)
    texts = TEXTS[lang]
    lines = [texts.list_header.format(variant=texts.variants[_variant(variant)])]
    for number, topic in enumerate(texts.topics.values(), start=1):
        lines.append(f"{number}. {topic.title} – {topic.summary}")
    lines.append("")
    lines.append(texts.list_footer.format(example=_other_variant(variant, lang)))
    return "\n".join(lines)


def explain(topic: str, variant: str, locale: str | None) -> str:
    """The full text of a topic for a variant, title line first; KeyError for an unknown topic.

    >>> explain("kings", "international", "en").splitlines()[0]
    'Kings and promotion (International draughts)'
    """
    lang = language(locale)
    texts = TEXTS[lang]
    name = _variant(variant)
    found = texts.topics[_topic(topic)]
    text = f"{found.title} ({texts.variants[name]})\n{found.bodies[name]}"
    if topic == "differences":
        text += "\n" + texts.differences_footer.format(example=_other_variant(name, lang))
    return text


def _named_topic(text: str) -> str | None:
    """The topic a text names by number, id, title or name in either language, else None."""
    folded = " ".join(fold(w) for w in words(text))
    if folded.isdigit():
        return TOPICS[int(folded) - 1] if 1 <= int(folded) <= len(TOPICS) else None
    for topic in TOPICS:
        names = {topic} | {" ".join(fold(w) for w in words(name)) for t in TEXTS.values()
                           for name in (t.topics[topic].title, t.topics[topic].name)}
        if folded in names:
            return topic
    return None


def question_language(question: str) -> str | None:
    """The language ("en" or "fi") a question's words are written in, or None when they do not tell.

    >>> question_language("pitääkö lyödä?"), question_language("must I capture?")
    ('fi', 'en')
    """
    return rules_words.question_language(question)


def find_variants(text: str) -> tuple[str, ...]:
    """Every variant a text names, in order, once each.

    >>> find_variants("kings in italian and international draughts")
    ('italian', 'international')
    """
    found: list[str] = []
    for word in words(rules_words.mended(text)):  # "intenational" is International
        variant = variant_of(word)
        if variant and variant not in found:
            found.append(variant)
    return tuple(found)


def find_variant(question: str) -> str | None:
    """The variant a question names first ("kings in italian" -> "italian"), or None.

    >>> find_variant("rules kuninkaat international"), find_variant("can kings fly")
    ('international', None)
    """
    found = find_variants(question)
    return found[0] if found else None


def parse_request(words_: Sequence[str], locale: str | None = None) -> Request:
    """Read the words after `rules`: a topic by number, id or name, or a question, and the variants named.

    >>> parse_request(["5", "kansainvälinen"], "fi")
    Request(topic='kings', question='5 kansainvälinen', variants=('international',))
    >>> parse_request("can kings fly in italian".split(), "en").topic is None
    True
    """
    del locale  # both languages are always understood
    question = " ".join(words_).strip()
    variants = find_variants(question)
    rest = [w for w in words(question) if variant_of(w) is None and fold(w) not in _FILLER]
    topic = _named_topic(" ".join(rest)) if rest else None
    return Request(topic, question, variants)


def find_topic(question: str, locale: str | None = None) -> str | None:
    """The topic nearest to a free question in English or Finnish, or None when nothing is close.

    A topic id, a title or name in either language or a number from `topic_list` names its topic directly.

    >>> find_topic("kuka aloittaa"), find_topic("tips"), find_topic("asdf qwerty")
    ('setup', 'strategy', None)
    """
    named = _named_topic(question)
    if named or not words(question):
        return named
    best = max((search(question, v)[0] for v in VARIANTS), key=lambda hit: hit.score)
    return best.topic if _close(best) else None


def _close(hit: Hit) -> bool:
    if hit.score < (RARE_SCORE if hit.coverage == 1 and hit.rare else MIN_SCORE) or _one_everyday_word(hit):
        return False
    return hit.coverage >= MIN_COVERAGE or (
        hit.matched >= 2 and hit.coverage >= LOW_COVERAGE and hit.score * hit.coverage >= STRONG)


def _one_everyday_word(hit: Hit) -> bool:
    """Whether the topic knows only one of two or more words and the question holds no rules word:
    "what day is it today?" is not about the clocks, nor "can you play chess?" about playing here."""
    return hit.matched == 1 and hit.coverage < 1 and not hit.anchored


def _pick(hits: list[Hit], topic: str) -> list[int]:
    """The passages of one topic that answer: the best, and the next when it scores nearly as well."""
    mine = [hit for hit in hits if hit.topic == topic]
    chosen = [hit for hit in mine[:3] if hit.score >= MORE_PASSAGES * mine[0].score]
    return sorted(hit.index for hit in chosen or mine[:1])


def _names_number(hits: list[Hit], asked: frozenset[str]) -> bool:
    """Whether the best passage outside the differences topic holds one of the numbers asked about."""
    top = next(hit for hit in hits if hit.topic != "differences")
    return bool(asked & numbers(passages(TEXTS["en"].topics[top.topic].bodies[top.variant])[top.index]))


_RULE_NUMBERS: dict[str, frozenset[str]] = {  # the rule numbers each variant's texts name ("40 moves")
    variant: frozenset().union(*(numbers(passage) for topic in TEXTS["en"].topics.values() if not topic.shared
                                 for passage in passages(topic.bodies[variant])))
    for variant in VARIANTS}


def _names_a_rule(question: str) -> bool:
    """Whether a question speaks of a rule ("the 16 move rule", "25 siirron sääntö"), not only of a
    number of moves ("we moved kings for like fifty moves")."""
    said = map(fold, words(question))
    return any(word in ("rule", "rules") or word.startswith(("saanto", "saann")) for word in said)


def _redirect(question: str, variant: str, hits: list[Hit]) -> str:
    """The variant whose rule the question's number names ("the 16 move rule" is International), unless
    the channel's own rules name it too or the question names no rule."""
    asked = numbers(question)
    if not asked or asked <= _RULE_NUMBERS[variant] or _names_number(hits, asked):
        return variant
    if not _names_a_rule(question):
        return variant
    found = [(hits[0].score, other) for other in VARIANTS if other != variant
             if _names_number(hits := search(question, other), asked)]
    return max(found)[1] if found else variant


def _pointer(lang: str, topic: str, variants: tuple[str, ...], named: bool) -> str:
    texts = TEXTS[lang]
    target = texts.topics[topic].name
    if named and len(variants) == 1:
        target += " " + _variant_word(lang, variants[0])
    return texts.more.format(command=texts.command, topic=target)


def _compose(lang: str, topic: str, chosen: dict[str, list[int]], named: bool) -> Answer:
    texts = TEXTS[lang]
    found = texts.topics[topic]
    blocks = []
    for variant, indexes in chosen.items():
        shown = passages(found.bodies[variant])
        label = texts.variants[variant] if not found.shared else ", ".join(texts.variants[v] for v in chosen)
        blocks.append(texts.answer_title.format(title=found.title, variant=label) + "\n"
                      + "\n".join(shown[i] for i in indexes))
        if found.shared:
            break
    variants = tuple(chosen)
    text = "\n\n".join(blocks) + "\n" + _pointer(lang, topic, variants, named)
    return Answer(text, topic, found.title, variants)


def answer(question: str, locale: str | None, variant: str | None) -> Answer | None:
    """The passages that answer a free question, for the variants it names or else `variant` (the
    channel's), followed by where to read more; None when no passage is close.

    >>> reply = answer("what is the 16 move rule?", "en", "english")
    >>> reply.topic, reply.variants
    ('draws', ('international',))
    """
    lang = language(locale)
    named = asked_variants(question)
    variants = named or (_variant(variant or "english"),)
    ranked = {v: search(question, v, variants_named=len(named)) for v in variants}
    if not named and (moved := _redirect(question, variants[0], ranked[variants[0]])) != variants[0]:
        variants, ranked = (moved,), {moved: search(question, moved)}
    bank = rules_examples.BANK  # the examples asked before vote (see rules_examples)
    near, likely = bank.nearest(question), bank.likely(question)
    said = {v: rules_examples.votes(near, v, likely) for v in variants}
    voted = {v: rules_examples.rerank(hits, said[v]) for v, hits in ranked.items()}
    best = max((hits[0] for hits in voted.values()), key=lambda hit: hit.score)
    told = said[best.variant]
    if told.declines() or not (_close(best) or told.vouch(best.topic, best.index)):
        return None
    # the topic's passages the search picks and those the votes pick
    chosen = {v: sorted({*_pick(ranked[v], best.topic), *_pick(voted[v], best.topic)}) for v in variants}
    return _compose(lang, best.topic, chosen, bool(named) or variants != (variant,))


def respond(words_: Sequence[str], locale: str | None, variant: str) -> Answer | str | None:
    """The whole answer to `rules` followed by `words_`, for a channel whose variant is `variant`:
    the topic list (a str) when no topic or question is given, a topic's text for each variant named
    (an Answer), the passages that answer a question (an Answer), or None when nothing is close.
    """
    request = parse_request(words_, locale)
    variants = request.variants or (_variant(variant),)
    if request.topic is None and not [w for w in words(request.question) if variant_of(w) is None]:
        return topic_list(locale, variants[0])
    if request.topic is not None:
        texts = TEXTS[language(locale)]
        shown = variants[:1] if texts.topics[request.topic].shared else variants
        text = "\n\n".join(explain(request.topic, v, locale) for v in shown)
        return Answer(text, request.topic, texts.topics[request.topic].title, shown)
    return answer(request.question, locale, variant)


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
    "crowning_ends_move": "kings",
    "game_over": "end",
}


def topic_for_reason(reason: str) -> str:
    """The topic that explains the rule an engine refusal reason (`engine.Reason` value) points to.

    Unknown reasons fall back to "moves".

    >>> topic_for_reason("incomplete"), topic_for_reason("kings_do_not_fly")
    ('sequences', 'kings')
    """
    return _REASON_TOPICS.get(str(getattr(reason, "value", reason)), "moves")
