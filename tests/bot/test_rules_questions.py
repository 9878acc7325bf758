"""The rules help answers questions on point: an older set (tests/bot/data/rules_questions.toml, scored by
topic and phrases), a larger one written as different people ask (rules_questions_people.toml, scored by
the passage that answers), a fresh one and a third one in the same form (rules_questions_fresh.toml,
rules_questions_third.toml).

The larger set was split by group into a tuning part and a held-out part; the search was tuned on the
first, the second was measured once (80.2%) and then, spent, tuned on as well. The fresh set, written
before that second round, was held out in it and measured once (85.4%); in the third round it was tuned
on like the others, and every one of these sets is held to the goal. The third set was written and
committed before the third round's tuning, by someone who had not read the passages, the vocabulary or
the earlier sets; the search was never tuned on it, it was measured once at the end, and that figure, less
a small margin, is guarded here.

In the fourth round the third set's misses, read after its measurement, were tuned on like the other
sets (so it is held to a floor near its new figure), and a fourth set (rules_questions_fourth.toml) was
written from the rules and committed before that round's tuning; the search was never tuned on it or run
on it until the end of the round, when it was measured once (85.9%; the code before the round: 84.4%).
In a fifth round the fourth set's misses were tuned on, and a fifth set (rules_questions_fifth.toml),
written and committed before that round, was measured once at its end (85.3%; the code before the fourth
round: 84.7%). That figure, less a small margin, is guarded here, and it is the honest figure for
questions nobody tuned for: tuning on a set's misses lifts that set by 7-14 points and unseen questions
by about one.

In a sixth round the search was left as it was and answers were given partly by example: every earlier
set became a bank of labelled questions (bot/presentation/rules/examples.toml, written by
`python -m tests.bot.rules_examples_build`), and the nearest examples vote for the passages that answer
them (bot/presentation/rules_examples.py). Its weights were chosen by holding each earlier set out of the
bank in turn (`python -m tests.bot.rules_examples_cv`). A sixth set (rules_questions_sixth.toml), written
and committed before that round, is never in the bank; it was measured once at the end of the round:
248/290 (85.5%; the search alone, the code before the round: 243/290, 83.8%). Held out in turn, the earlier
sets scored 1478/1561 with the examples against 1466/1561 without. The earlier sets are in the bank now,
so their own scores here are no longer figures for unseen questions: the cross-validated ones and the
sixth set's are.

In a seventh round the sixth set joined the bank, and so did 4,900 questions written for the bank alone,
for every passage in both languages (tests/bot/data/rules_bank_*.toml, never scored; the second batch
aimed at words that point to the wrong topic, long stories, terse questions and chat Finnish), and the
examples were given more say: a question the examples call no rules question is declined, one they vouch
for is answered though the search alone finds nothing close, and the votes weigh more (weights chosen by
holding the fifth and sixth sets out in turn: 547/590). A seventh set (rules_questions_seventh.toml),
written and committed before that round by someone who had read neither the earlier sets, the bank nor the
code, with the 30 questions that repeat an earlier set word for word taken out unrun, is never in the bank
(the build leaves out any example that repeats one of its questions); it was measured once at the end of
the round: 254/270 (94.1%; English 125/136, Finnish 129/134; the code before the round: 241/270, 89.3%).
Read after that, its misses showed off-topic questions answered ("write me a poem about cats"); votes for
the About passage that says a question is not about the rules now count as votes to decline (the fifth and
sixth held out: 549/590), and the seventh set, no longer unseen, scores 256/270. With the code of the
round final, an eighth set (rules_questions_eighth.toml) was written by another writer in the same way,
its 15 repeats of earlier sets taken out unrun, and measured once: 252/285 (88.4%; English 136/146,
Finnish 116/139; the code before the round: 220/285, 77.2%). Together, the two sets nobody tuned for:
506/555 (91.2%).

In a ninth round a ninth set (rules_questions_ninth.toml) was written first by a third writer in the same
way and committed unrun (its 15 repeats of earlier sets taken out unrun); the seventh and eighth sets
joined the bank, and the vocabulary learnt words players use that it missed (held out in turn, the fifth
to eighth sets: 1056 -> 1073/1145). The ninth set, never in the bank, was measured once at the end of the
round: 248/285 (87.0%; English 128/141, Finnish 120/144; the code before the round: 238/285, 83.5%).
Then the ninth set's misses were read and tuned on, and it joined the bank; a tenth set
(rules_questions_tenth.toml), written meanwhile by a fourth writer in the same way (its 19 repeats of
earlier sets taken out unrun, 241 remain), was measured once: 213/241 (88.4%; English 111/121, Finnish
102/120; the code before the ninth round: 211/241, 87.6%). Its misses were read and tuned on in turn, it
joined the bank, and an eleventh set (rules_questions_eleventh.toml) by a fifth writer, written meanwhile
(23 repeats taken out unrun, 237 remain), was measured once: 207/237 (87.3%; English 103/116, Finnish
104/121; the code before the ninth round: 204/237, 86.1%).

In a tenth round a twelfth set (rules_questions_twelfth.toml) was written first by a sixth writer in the
same way and committed unrun (its 24 repeats of earlier sets taken out unrun, then 10 questions that are
not rules questions added the same way, 249 in all). The whole bank came to vote as well as the nearest
examples (naive Bayes, bot/presentation/rules_examples.py; held out in turn, the fifth to eleventh sets:
1752 -> 1798/1908), and the eleventh set joined the bank. The twelfth set, never in the bank, was measured
once at the end: 233/249 (93.6%; English 122/128, Finnish 111/121; the code before the round: 229/249,
92.0%). Then the twelfth set joined the bank, pairs of words in a row became features (held out in turn,
the fifth to twelfth sets: 2029 -> 2042/2157), and two bank parts were written knowing only which
passages those sets' misses confused (rules_bank_9.toml, rules_bank_10.toml; 2050/2157, optimistic). A
thirteenth set (rules_questions_thirteenth.toml), written meanwhile by a seventh writer in the same way
(26 repeats taken out unrun, 244 remain), was measured once: 229/244 (93.9%; English 112/121, Finnish
117/123; the code before the round: 223/244, 91.4%). The seven sets nobody tuned for, each measured
once: 1636/1811 (90.3%).

In an eleventh round a fourteenth set (rules_questions_fourteenth.toml) by an eighth writer was written
first and committed unrun (23 repeats taken out unrun, 249 remain). The thirteenth set joined the bank,
a variant the asker names as where they come from ("coming over from English checkers") stopped being the
one answered for, and pairs of concepts of words near each other became features (held out in turn, the
fifth to thirteenth sets: 2279 -> 2288/2401). The fourteenth was measured once: 220/249 (88.4%; English
110/126, Finnish 110/123; the code before the round: 216/249, 86.7%). It joined the bank, the concept
pairs were given more weight and greetings became stopwords (the fifth to fourteenth: 2514 ->
2520/2650), and a fifteenth set (rules_questions_fifteenth.toml), written meanwhile by a ninth writer
(20 repeats taken out unrun, 252 remain), was measured once: 230/252 (91.3%; English 115/122, Finnish
115/130; the code before the round: 227/252, 90.1%). Then the fifteenth set joined the bank, and
a variant named as what the question compares with ("than in English", "kuin englantilaisessa") was
left out like one the asker comes from (the fifth to fifteenth: 2745 -> 2746/2902). A sixteenth set
(rules_questions_sixteenth.toml), written meanwhile by a tenth writer (35 repeats taken out unrun, 237
remain), was measured once: 218/237 (92.0%; English 108/118, Finnish 110/119; the code before the round:
215/237, 90.7%). The ten sets nobody tuned for, each measured once: 2304/2549 (90.4%).

In a twelfth round an eighteenth set (rules_questions_eighteenth.toml) by a twelfth writer was written
first and committed unrun (34 repeats taken out unrun, 238 remain). The sixteenth set joined the bank,
and every sentence of every passage became an example of what its passage answers (the fifth to
sixteenth: 2966 -> 2976/3139). The seventeenth set (rules_questions_seventeenth.toml), written during the
eleventh round by an eleventh writer (23 repeats taken out unrun, 248 remain), was measured once: 229/248
(92.3%; English 112/121, Finnish 117/127; the code before the round: 229/248 too, two questions won and
two lost). Then the seventeenth set joined the bank (more or fewer nearest examples voting gave no gain
beyond noise: the fifth to seventeenth, 3201 to 3209/3387 for 7 to 25 of them; 15 kept), and the
eighteenth was measured once: 223/238 (93.7%; English 117/124, Finnish 106/114; the code before the round:
222/238, 93.3%). A nineteenth set (rules_questions_nineteenth.toml), written meanwhile by a thirteenth
writer (8 repeats taken out unrun, 272 remain), asked to list every passage that answers a question
directly (so its labels are more generous than the earlier sets') and to write few questions of three
words or fewer, was then held out in its turn: the eighteenth joined the bank, a number sends a question
to another variant's rules only when the question speaks of a rule, and "kuten" and "ku" mark a variant
compared with (the fifth to eighteenth: 3433 -> 3437/3625). The nineteenth was measured once: 258/272
(94.9%; English 128/140, Finnish 130/132; the code before the round: 255/272, 93.8%). The thirteen sets
nobody tuned for, each measured once: 3014/3307 (91.1%). A twentieth set (rules_questions_twentieth.toml)
by a fourteenth writer is committed unrun for the next round (12 repeats taken out unrun, 261 remain).

In a thirteenth round a twenty-first set (rules_questions_twentyfirst.toml) by a fifteenth writer was
written first and committed unrun (27 repeats taken out unrun, 252 remain), and so was a twenty-second
(rules_questions_twentysecond.toml) by a sixteenth writer (42 repeats taken out unrun, 248 remain). The
nineteenth set joined the bank; up to two more passages join an answer when they score 0.7 of the best
(0.8 before), "different" became a word for comparing, a thirteenth bank part was written knowing which
passages the held-out misses confused, and the examples alone must give a passage 0.5 of the votes to
answer when the search finds nothing close (the fifth to nineteenth held out in turn: 3693 -> 3723/3897,
optimistic, since the bank part was aimed at their misses). The twentieth was measured once: 236/261
(90.4%; English 119/127, Finnish 117/134; the code before the round: 233/261, 89.3%). The fourteen sets
nobody tuned for, each measured once: 3250/3568 (91.1%).

In a fourteenth round the twentieth set joined the bank, colloquial "niinku" came to mark a variant
compared with, a square's algebraic name ("e5") a word of notation, and "usually", "learned", "yleensä",
"opin" before a variant's name where the asker comes from ("learned" and "opin" were taken out again
after the measurements below, which they did not change); a fourteenth bank part, one or two questions
for every passage written knowing no set and no misses, joined the bank, and a fifteenth was left out (the
fifth to twentieth held out in turn: 3955 -> 3958 -> 3964/4158; 3961 with the fifteenth part too). The
twenty-first was measured once: 239/252 (94.8%; English 121/130, Finnish 118/122; the code before the
thirteenth round: 238/252). The fifteen sets nobody tuned for, each measured once: 3489/3820 (91.3%).
Then the twenty-first joined the bank, nothing else changed, and the twenty-second was measured once:
238/248 (96.0%; English 119/123, Finnish 119/125; the code before the thirteenth round: 239/248). The
sixteen sets nobody tuned for: 3727/4068 (91.6%); the last three, 713/761 (93.7%). A twenty-third set
(rules_questions_twentythird.toml) by a seventeenth writer is committed unrun for the next round (35
repeats taken out unrun, 257 remain).

In a sixteenth round the twenty-second set joined the bank (12,352 examples), and a twenty-fourth set
(rules_questions_twentyfourth.toml) by an eighteenth writer was committed unrun (44 repeats taken out
unrun, 237 remain), and so was a twenty-fifth (rules_questions_twentyfifth.toml) by a nineteenth writer,
asked to avoid short generic questions an earlier writer may have asked word for word (12 repeats taken
out unrun, 282 remain). A label given under one variant came to vote, under another, for the passage
bot/presentation/rules/alike.toml names as saying the same where sharing the most words picked another
(the fifth to twenty-second held out in turn: 4441 -> 4445/4658); a fifteenth bank part (658 examples,
one or two for every passage and 160 to decline, written knowing no set and no misses) was left out
(4437/4658; 4436 without its declines). The twenty-third was measured once: 241/257 (93.8%; English
123/131, Finnish 118/126; the code at the round's start: 239/257). The seventeen sets nobody tuned for,
each measured once: 3968/4325 (91.7%); the last three, 718/757 (94.9%). Then the twenty-third joined the
bank (12,609 examples), the Finnish loanword "variantti" came to ask which variant has a rule (it was
taken for "väri", colour) and words that only begin like a concept's words ("reminder" like "remi", a
draw) stopped naming it (the fifth to twenty-third held out in turn: 4687 -> 4690/4915), and the
twenty-fourth was measured once: 217/237 (91.6%; English 115/126, Finnish 102/111; the code at the round's
start: 216/237). The eighteen sets nobody tuned for: 4185/4562 (91.7%); the last three, 696/742 (93.8%).

An answer is on point when it holds a passage the question is labelled with, or, for a question that is
not about the rules, when there is no answer. Print the figures with `python -m
tests.bot.test_rules_questions NAME [--misses]`, NAME one of tuning, held-out, fresh, third... twentyfifth,
old.
"""

from __future__ import annotations

import functools
import hashlib
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from bot.presentation import rules_examples
from bot.presentation.rules_help import TOPICS, answer
from bot.presentation.rules_texts import TEXTS, VARIANTS, passages
from tests.bot.rules_examples_build import EXTRA, LABELLED, bank, read, said, toml

QUESTIONS: list[dict[str, Any]] = read("old")
PEOPLE: list[dict[str, Any]] = read("people")
FRESH: list[dict[str, Any]] = read("fresh")
THIRD: list[dict[str, Any]] = read("third")
FOURTH: list[dict[str, Any]] = read("fourth")
FIFTH: list[dict[str, Any]] = read("fifth")
SIXTH: list[dict[str, Any]] = read("sixth")
SEVENTH: list[dict[str, Any]] = read("seventh")
EIGHTH: list[dict[str, Any]] = read("eighth")
NINTH: list[dict[str, Any]] = read("ninth")
TENTH: list[dict[str, Any]] = read("tenth")
ELEVENTH: list[dict[str, Any]] = read("eleventh")
TWELFTH: list[dict[str, Any]] = read("twelfth")
THIRTEENTH: list[dict[str, Any]] = read("thirteenth")
FOURTEENTH: list[dict[str, Any]] = read("fourteenth")
FIFTEENTH: list[dict[str, Any]] = read("fifteenth")
SIXTEENTH: list[dict[str, Any]] = read("sixteenth")
SEVENTEENTH: list[dict[str, Any]] = read("seventeenth")
EIGHTEENTH: list[dict[str, Any]] = read("eighteenth")
NINETEENTH: list[dict[str, Any]] = read("nineteenth")
TWENTIETH: list[dict[str, Any]] = read("twentieth")
TWENTYFIRST: list[dict[str, Any]] = read("twentyfirst")
TWENTYSECOND: list[dict[str, Any]] = read("twentysecond")
TWENTYTHIRD: list[dict[str, Any]] = read("twentythird")
TWENTYFOURTH: list[dict[str, Any]] = read("twentyfourth")
TWENTYFIFTH: list[dict[str, Any]] = read("twentyfifth")  # committed unrun, for a later round
BANK_PARTS: list[dict[str, Any]] = [q for name in EXTRA for q in read(name)]
GOAL = 0.95
THIRD_FLOOR = 0.93  # measured once at 259/319 (81.2%), then tuned on in the fourth round: 302/319 (94.7%)
FOURTH_FLOOR = 0.90  # measured once at 281/327 (85.9%), then tuned on in the fifth round: 302/327 (92.4%)
FIFTH_FLOOR = 0.83  # measured once untuned at the end of the fifth round: 256/300 (85.3%); in the bank since
SIXTH_FLOOR = 0.84  # measured once untuned at the sixth round's end: 248/290 (85.5%); in the bank since
SEVENTH_FLOOR = 0.92  # measured once untuned at the seventh round's end: 254/270; in the bank since
EIGHTH_FLOOR = 0.86  # measured once untuned after the seventh round: 252/285; in the bank since
NINTH_FLOOR = 0.85  # measured once untuned at the ninth round's end: 248/285 (87.0%); in the bank since
TENTH_FLOOR = 0.86  # measured once untuned in the ninth round: 213/241 (88.4%); in the bank since
ELEVENTH_FLOOR = 0.85  # measured once untuned at the ninth round's end: 207/237 (87.3%); in the bank since
TWELFTH_FLOOR = 0.91  # measured once untuned in the tenth round: 233/249 (93.6%); in the bank since
THIRTEENTH_FLOOR = 0.91  # measured once untuned at the tenth round's end: 229/244; in the bank since
FOURTEENTH_FLOOR = 0.86  # measured once untuned in the eleventh round: 220/249 (88.4%); in the bank since
FIFTEENTH_FLOOR = 0.89  # measured once untuned in the eleventh round: 230/252 (91.3%); in the bank since
SIXTEENTH_FLOOR = 0.90  # measured once untuned in the eleventh round: 218/237 (92.0%); in the bank since
SEVENTEENTH_FLOOR = 0.90  # measured once untuned in the twelfth round: 229/248 (92.3%); in the bank since
EIGHTEENTH_FLOOR = 0.91  # measured once untuned in the twelfth round: 223/238 (93.7%); in the bank since
NINETEENTH_FLOOR = 0.92  # measured once untuned, twelfth round's end: 258/272 (94.9%); in the bank since
TWENTIETH_FLOOR = 0.88  # measured once untuned, thirteenth round: 236/261 (90.4%); in the bank since
TWENTYFIRST_FLOOR = 0.92  # measured once untuned, fourteenth round: 239/252 (94.8%); in the bank since
TWENTYSECOND_FLOOR = 0.94  # measured once untuned, fourteenth round: 238/248 (96.0%); in the bank since
TWENTYTHIRD_FLOOR = 0.92  # measured once untuned, sixteenth round: 241/257 (93.8%); in the bank since
TWENTYFOURTH_FLOOR = 0.89  # never tuned on nor in the bank, measured once, sixteenth round: 217/237
HELD_OUT_FLOOR = 0.90  # the eleventh held out of a bank of the rest, with the whole bank voting: 218/237
ORDER = ("fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh", "twelfth",
         "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth",
         "eighteenth", "nineteenth", "twentieth", "twentyfirst", "twentysecond", "twentythird",
         "twentyfourth", "twentyfifth")
"""The sets written one after another: each is checked against those before it."""
STYLES = ("newcomer", "casual", "terse", "typo", "long", "expert")


def on_point(question: dict[str, Any]) -> bool:
    """Whether the rules help answers a question of the older set as the data file says it should."""
    reply = answer(question["text"], question["lang"], question["variant"])
    if question["topics"] == ["none"]:
        return reply is None
    if reply is None or reply.topic not in question["topics"]:
        return False
    text = reply.text.lower()
    return all(any(phrase.lower() in text for phrase in group) for group in question["contains"])


def shares(questions: list[dict[str, Any]]) -> dict[str, tuple[int, int]]:
    """Per language: (questions answered on point, questions)."""
    counts: dict[str, tuple[int, int]] = {}
    for question in questions:
        good, total = counts.get(question["lang"], (0, 0))
        counts[question["lang"]] = (good + on_point(question), total + 1)
    return counts


# -- the larger set: labelled with passages ------------------------------------------------------------


def part(question: dict[str, Any]) -> str:
    """"held-out" or "tuning", fixed by the question's group alone."""
    digest = hashlib.sha256(f"group-{question['group']}".encode()).digest()
    return "held-out" if int.from_bytes(digest[:8], "big") % 5 < 2 else "tuning"


def passage_index(topic: str, variant: str, phrase: str) -> list[int]:
    """The passages of a topic's English text for a variant that hold a phrase (case ignored)."""
    shown = passages(TEXTS["en"].topics[topic].bodies[variant])
    return [i for i, text in enumerate(shown) if phrase.lower() in text.lower()]


def answers_on_point(question: dict[str, Any]) -> bool:
    """Whether the answer to a question of the larger set holds one of the passages it is labelled with."""
    reply = answer(question["text"], question["lang"], question["variant"])
    rules = question.get("rules", question["variant"])
    for label in question["answers"]:
        if label == "none":
            if reply is None:
                return True
            continue
        topic, phrase = label.split(": ", 1)
        if reply is None or reply.topic != topic:
            continue
        if phrase == "*":
            return True
        (index,) = passage_index(topic, rules, phrase)
        if passages(TEXTS[question["lang"]].topics[topic].bodies[rules])[index] in reply.text:
            return True
    return False


def score(questions: list[dict[str, Any]]) -> tuple[int, int]:
    """(questions answered on point, questions)."""
    return sum(answers_on_point(q) for q in questions), len(questions)


def of_part(name: str) -> list[dict[str, Any]]:
    """A set by name: "fresh", "third", "fourth", "fifth"... "eleventh", or a part of the larger set
    ("tuning", "held-out")."""
    sets = {"fresh": FRESH, "third": THIRD, "fourth": FOURTH, "fifth": FIFTH, "sixth": SIXTH,
            "seventh": SEVENTH, "eighth": EIGHTH, "ninth": NINTH, "tenth": TENTH,
            "eleventh": ELEVENTH, "twelfth": TWELFTH, "thirteenth": THIRTEENTH,
            "fourteenth": FOURTEENTH, "fifteenth": FIFTEENTH, "sixteenth": SIXTEENTH,
            "seventeenth": SEVENTEENTH, "eighteenth": EIGHTEENTH,
            "nineteenth": NINETEENTH, "twentieth": TWENTIETH,
            "twentyfirst": TWENTYFIRST, "twentysecond": TWENTYSECOND,
            "twentythird": TWENTYTHIRD, "twentyfourth": TWENTYFOURTH,
            "twentyfifth": TWENTYFIFTH}
    return sets[name] if name in sets else [q for q in PEOPLE if part(q) == name]


def test_the_larger_set_is_big_varied_and_split() -> None:
    assert len(PEOPLE) >= 300
    for lang in ("en", "fi"):
        mine = [q for q in PEOPLE if q["lang"] == lang]
        assert len(mine) >= 0.4 * len(PEOPLE)
        assert {q["variant"] for q in mine} == set(VARIANTS)
        assert {q["by"] for q in mine} == set(STYLES)
        assert sum("none" in q["answers"] for q in mine) >= 10
        asked = {label.split(": ")[0] for q in mine for label in q["answers"]}
        assert asked == set(TOPICS) | {"none"}
    held = of_part("held-out")
    assert 0.3 <= len(held) / len(PEOPLE) <= 0.5
    for group in {q["group"] for q in PEOPLE}:  # a question and its translation are in the same part
        assert len({part(q) for q in PEOPLE if q["group"] == group}) == 1
    assert len({(q["lang"], q["text"].lower()) for q in PEOPLE}) == len(PEOPLE)


def test_the_fresh_set_is_big_varied_and_new() -> None:
    assert len(FRESH) >= 200
    for lang in ("en", "fi"):
        mine = [q for q in FRESH if q["lang"] == lang]
        assert {q["variant"] for q in mine} == set(VARIANTS) and {q["by"] for q in mine} == set(STYLES)
        assert sum("none" in q["answers"] for q in mine) >= 8
    earlier = {said(q["text"]) for q in PEOPLE + QUESTIONS}
    assert not [q["text"] for q in FRESH if said(q["text"]) in earlier]


def test_the_third_set_is_big_varied_and_new() -> None:
    """At least 240 questions, half in each language, every variant and kind of asker, at least 15% that
    are not rules questions (declined, or answered with the About topic), none asked before."""
    assert len(THIRD) >= 240
    for lang in ("en", "fi"):
        mine = [q for q in THIRD if q["lang"] == lang]
        assert len(mine) >= 0.45 * len(THIRD)
        assert {q["variant"] for q in mine} == set(VARIANTS) and {q["by"] for q in mine} == set(STYLES)
    aside = [q for q in THIRD if all(label.split(": ")[0] in {"none", "about"} for label in q["answers"])]
    assert len(aside) >= 0.15 * len(THIRD)
    earlier = {said(q["text"]) for q in PEOPLE + QUESTIONS + FRESH}
    assert not [q["text"] for q in THIRD if said(q["text"]) in earlier]
    assert len({(q["lang"], q["text"].lower()) for q in THIRD}) == len(THIRD)


@pytest.mark.parametrize("name", ORDER)
def test_the_fourth_to_twentyfifth_sets_are_big_varied_and_new(name: str) -> None:
    """At least 250 questions (235 from the tenth on, written as 260 to 270), nearly half in each
    language, every variant and kind of asker, every topic, at least 10% that are not rules questions, none
    asked in an earlier set."""
    mine_set = of_part(name)
    assert len(mine_set) >= (235 if ORDER.index(name) >= ORDER.index("tenth") else 250)
    for lang in ("en", "fi"):
        mine = [q for q in mine_set if q["lang"] == lang]
        assert len(mine) >= 0.45 * len(mine_set)
        assert {q["variant"] for q in mine} == set(VARIANTS) and {q["by"] for q in mine} == set(STYLES)
        asked = {label.split(": ")[0] for q in mine for label in q["answers"]}
        assert asked == set(TOPICS) | {"none"}
    aside = [q for q in mine_set if all(label.split(": ")[0] in {"none", "about"} for label in q["answers"])]
    assert len(aside) >= 0.1 * len(mine_set)
    before = [q for written in ORDER[:ORDER.index(name)] for q in of_part(written)]
    earlier = {said(q["text"]) for q in PEOPLE + QUESTIONS + FRESH + THIRD + before}
    assert not [q["text"] for q in mine_set if said(q["text"]) in earlier]
    assert len({(q["lang"], q["text"].lower()) for q in mine_set}) == len(mine_set)
    assert len({q["group"] for q in mine_set}) == len(mine_set)


def test_every_label_names_one_passage() -> None:
    for question in (PEOPLE + FRESH + THIRD + FOURTH + FIFTH + SIXTH + SEVENTH + EIGHTH + NINTH + TENTH
                     + ELEVENTH + TWELFTH + THIRTEENTH + FOURTEENTH + FIFTEENTH + SIXTEENTH
                     + SEVENTEENTH + EIGHTEENTH + NINETEENTH + TWENTIETH + TWENTYFIRST + TWENTYSECOND
                     + TWENTYTHIRD + TWENTYFOURTH + TWENTYFIFTH + BANK_PARTS):
        rules = question.get("rules", question["variant"])
        assert rules in VARIANTS
        for label in question["answers"]:
            if label == "none":
                continue
            topic, phrase = label.split(": ", 1)
            assert topic in TOPICS, label
            if phrase != "*":
                assert len(passage_index(topic, rules, phrase)) == 1, (question["text"], label, rules)


def test_the_larger_set_is_answered_on_point() -> None:
    """Both parts: the search was tuned on the tuning part, then on the held-out part once measured."""
    for name in ("tuning", "held-out"):
        mine = of_part(name)
        good, total = score(mine)
        missed = [q["text"] for q in mine if not answers_on_point(q)]
        print(f"\nrules help, {name} part: {good}/{total} on point ({good / total:.1%}); missed: {missed}")
        assert good / total >= GOAL, missed


def test_the_fresh_set_is_answered_on_point() -> None:
    """Held out in the second round (85.4% then), tuned on in the third."""
    good, total = score(FRESH)
    missed = [q["text"] for q in FRESH if not answers_on_point(q)]
    print(f"\nrules help, fresh set: {good}/{total} on point ({good / total:.1%}); missed: {missed}")
    assert good / total >= GOAL, missed


def test_the_third_set_is_answered_about_as_well_as_it_was_tuned() -> None:
    """Measured once untuned (81.2%), then tuned on in the fourth round: at least that figure, less a
    small margin."""
    good, total = score(THIRD)
    print(f"\nrules help, third set (tuned on): {good}/{total} on point ({good / total:.1%})")
    assert good / total >= THIRD_FLOOR


def test_the_fourth_set_is_answered_about_as_well_as_it_was_tuned() -> None:
    """Measured once untuned (85.9%), then tuned on in the fifth round: at least that, less a margin."""
    good, total = score(FOURTH)
    print(f"\nrules help, fourth set (tuned on): {good}/{total} on point ({good / total:.1%})")
    assert good / total >= FOURTH_FLOOR


def test_the_fifth_set_is_answered_about_as_well_as_it_was_measured() -> None:
    """Measured once untuned (85.3%), then put in the example bank: at least that, less a margin."""
    good, total = score(FIFTH)
    print(f"\nrules help, fifth set (in the bank): {good}/{total} on point ({good / total:.1%})")
    assert good / total >= FIFTH_FLOOR


def test_the_sixth_set_is_answered_about_as_well_as_it_was_measured() -> None:
    """Measured once untuned (85.5%), then put in the example bank: at least that, less a margin."""
    good, total = score(SIXTH)
    print(f"\nrules help, sixth set (in the bank): {good}/{total} on point ({good / total:.1%})")
    assert good / total >= SIXTH_FLOOR


@pytest.mark.parametrize(("name", "floor"), [("seventh", SEVENTH_FLOOR), ("eighth", EIGHTH_FLOOR),
                                             ("ninth", NINTH_FLOOR), ("tenth", TENTH_FLOOR),
                                             ("eleventh", ELEVENTH_FLOOR), ("twelfth", TWELFTH_FLOOR),
                                             ("thirteenth", THIRTEENTH_FLOOR),
                                             ("fourteenth", FOURTEENTH_FLOOR),
                                             ("fifteenth", FIFTEENTH_FLOOR),
                                             ("sixteenth", SIXTEENTH_FLOOR),
                                             ("seventeenth", SEVENTEENTH_FLOOR),
                                             ("eighteenth", EIGHTEENTH_FLOOR),
                                             ("nineteenth", NINETEENTH_FLOOR),
                                             ("twentieth", TWENTIETH_FLOOR),
                                             ("twentyfirst", TWENTYFIRST_FLOOR),
                                             ("twentysecond", TWENTYSECOND_FLOOR),
                                             ("twentythird", TWENTYTHIRD_FLOOR)])
def test_the_seventh_to_twentythird_sets_are_answered_about_as_well_as_they_were_measured(
        name: str, floor: float) -> None:
    """Measured once untuned, then put in the example bank: at least that, less a margin."""
    good, total = score(of_part(name))
    print(f"\nrules help, {name} set (in the bank): {good}/{total} on point ({good / total:.1%})")
    assert good / total >= floor


def test_the_twentyfourth_set_is_answered_about_as_well_as_it_was_measured() -> None:
    """Questions written during the sixteenth round, never tuned on nor in the bank: at least the share
    measured once (217/237), less a small margin."""
    good, total = score(TWENTYFOURTH)
    print(f"\nrules help, twenty-fourth set (never tuned on, not in the bank): {good}/{total} on point"
          f" ({good / total:.1%})")
    assert good / total >= TWENTYFOURTH_FLOOR


@functools.cache
def bank_without(name: str) -> rules_examples.Bank:
    """The example bank built from every set but one (less the questions that repeat it), as if that set
    had never been asked."""
    held = {said(q["text"]) for q in of_part(name)}
    rest = [entry for entry in bank(("old", *(other for other in LABELLED if other != name), *EXTRA))
            if said(entry["text"]) not in held]
    return rules_examples.load(rest)


def test_a_set_held_out_of_the_bank_is_answered_by_the_examples_of_the_rest(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The eleventh set, held out of a bank of every other (less the questions that repeat it), scores at
    least `HELD_OUT_FLOOR`: with the nearest examples alone voting it scored 207/237 (87.3%), with the
    whole bank voting too (naive Bayes) 218/237 (92.0%)."""
    monkeypatch.setattr(rules_examples, "BANK", bank_without("eleventh"))
    good, total = score(ELEVENTH)
    print(f"\nrules help, eleventh set held out of the bank: {good}/{total} on point ({good / total:.1%})")
    assert good / total >= HELD_OUT_FLOOR


@pytest.mark.parametrize(("question", "variant"), [
    ("voitko kääntää tän tekstin englanniks?", "international"),
    ("lähteekö kukaan illalla sulkkikseen", "english")])
def test_a_question_the_search_finds_nothing_close_for_needs_more_than_a_few_votes(
        question: str, variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two questions of the fifteenth set that are not about the rules, asked of a bank without that set:
    the search finds nothing close, and the few votes some examples give a passage are not enough to
    answer (`TRUST` 0.3 answered them)."""
    monkeypatch.setattr(rules_examples, "BANK", bank_without("fifteenth"))
    assert answer(question, "fi", variant) is None


def test_the_example_bank_is_the_earlier_sets_and_never_a_held_out_one() -> None:
    """The shipped bank is what `python -m tests.bot.rules_examples_build` writes from the earlier sets and
    the bank parts (so it is rebuilt when they change), and holds no question of the twenty-fourth
    and twenty-fifth sets."""
    shipped = (Path(rules_examples.__file__).parent / "rules" / "examples.toml").read_text("utf-8")
    assert shipped == toml(bank())
    held = {said(q["text"]) for q in TWENTYFOURTH + TWENTYFIFTH}
    texts = {said(e.text) for e in rules_examples.BANK.examples}
    assert len(texts) > 4000 and not held & texts
    earlier = SIXTH + SEVENTH + EIGHTH + NINTH + TENTH + ELEVENTH + TWELFTH + THIRTEENTH + FOURTEENTH
    earlier += FIFTEENTH + SIXTEENTH + SEVENTEENTH + EIGHTEENTH + NINETEENTH + TWENTIETH + TWENTYFIRST
    earlier += TWENTYSECOND + TWENTYTHIRD + BANK_PARTS
    assert {said(q["text"]) for q in earlier} - held <= texts


def test_the_bank_parts_are_varied() -> None:
    """Example questions for every topic, in both languages, all variants and kinds of asker, with
    questions to decline."""
    for lang in ("en", "fi"):
        mine = [q for q in BANK_PARTS if q["lang"] == lang]
        assert {q["variant"] for q in mine} == set(VARIANTS) and {q["by"] for q in mine} == set(STYLES)
        asked = {label.split(": ")[0] for q in mine for label in q["answers"]}
        assert asked == set(TOPICS) | {"none"}
        assert sum(q["answers"] == ["none"] for q in mine) >= 50


@pytest.mark.parametrize("lang", ["en", "fi"])
def test_questions_are_answered_on_point(lang: str) -> None:
    """The older set, per language, as before."""
    mine = [q for q in QUESTIONS if q["lang"] == lang]
    missed = [q["text"] for q in mine if not on_point(q)]
    share = 1 - len(missed) / len(mine)
    held = [q for q in mine if q.get("set") == "held-out"]
    held_good = sum(on_point(q) for q in held)
    print(f"\nrules help, {lang}: {len(mine) - len(missed)}/{len(mine)} on point ({share:.1%}), held-out"
          f" {held_good}/{len(held)}; missed: {missed}")
    assert share >= GOAL, missed


def test_the_older_set_is_big_and_varied() -> None:
    assert len(QUESTIONS) >= 120
    for lang in ("en", "fi"):
        mine = [q for q in QUESTIONS if q["lang"] == lang]
        assert len(mine) >= 55
        assert {q["variant"] for q in mine} == set(VARIANTS)
        assert sum(q["topics"] == ["none"] for q in mine) >= 4
        assert sum(q.get("set") == "held-out" for q in mine) >= 20


def test_a_wrong_label_is_not_on_point() -> None:
    """The measures can fail: a deliberately wrong expectation is not on point."""
    question = {"lang": "en", "variant": "english", "text": "can kings fly?", "topics": ["setup"],
                "contains": []}
    assert not on_point(question)
    assert not on_point({**question, "topics": ["kings"], "contains": [["no such phrase"]]})
    labelled = {"lang": "en", "variant": "english", "group": 0, "text": "do kings fly in checkers?"}
    assert answers_on_point({**labelled, "answers": ["kings: Kings do not fly"]})
    assert not answers_on_point({**labelled, "answers": ["kings: reaches the far row"]})
    assert not answers_on_point({**labelled, "answers": ["none"]})
    italian = {**labelled, "rules": "italian"}
    assert not answers_on_point({**italian, "answers": ["kings: A king moves and captures"]})


def _figures(shown: str, misses: bool) -> None:
    """Print the score of one part of the larger set (`tuning`, `held-out`) and the older set's (`old`),
    with the misses when asked."""
    if shown == "old":
        for lang, (good, total) in shares(QUESTIONS).items():
            held = [q for q in QUESTIONS if q["lang"] == lang and q.get("set") == "held-out"]
            print(f"older set, {lang}: {good}/{total} ({good / total:.1%}), its held-out"
                  f" {sum(map(on_point, held))}/{len(held)}")
        for q in QUESTIONS if misses else ():
            if not on_point(q):
                reply = answer(q["text"], q["lang"], q["variant"])
                print(f"  missed [{q['lang']}] {q['text']!r} -> {reply and reply.topic}")
        return
    mine = of_part(shown)
    good, total = score(mine)
    langs = ", ".join(f"{lang} {g}/{t}" for lang in ("en", "fi")
                      for g, t in [score([q for q in mine if q["lang"] == lang])])
    name = f"larger set, {shown}" if shown in ("tuning", "held-out") else f"{shown} set"
    print(f"{name}: {good}/{total} ({good / total:.1%}; {langs})")
    styles = Counter(q["by"] for q in mine if answers_on_point(q))
    print("  by who asks: " + ", ".join(f"{s} {styles[s]}/{sum(q['by'] == s for q in mine)}" for s in STYLES))
    for q in mine if misses else ():
        if not answers_on_point(q):
            reply = answer(q["text"], q["lang"], q["variant"])
            got = reply and (reply.topic, reply.variants, reply.text.splitlines()[1][:70])
            print(f"  missed [{q['lang']} {q['variant']}] {q['text']!r} {q['answers']} -> {got}")


if __name__ == "__main__":
    _figures(sys.argv[1] if len(sys.argv) > 1 else "tuning", "--misses" in sys.argv)
