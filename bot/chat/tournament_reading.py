"""Reading `tournament ...` (Finnish `turnaus ...`): one typed command per subcommand.

`tournament` alone (or with a tournament's number) is the status; `tournament new [round-robin|swiss]
[english|italian|international] [double] [rounds N] [days N]` opens one (the words in any order, a
number after or before its word); `join`, `leave`, `start`, `standings`, `cancel`, `pdn`. Words of every
language are read.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from bot.chat import grammar as words
from bot.chat.commands import command
from bot.chat.typed import Command
from bot.domain.tournaments import DAYS, Format
from bot.domain.transitions import Refusal
from bot.presentation import catalogue

Args = tuple[str, ...]
SUBCOMMANDS = tuple(sub.name for sub in command("tournament").subcommands)
SUB_WORDS = {word: sub for sub in SUBCOMMANDS for word in catalogue.all_words(f"words-tournament-{sub}")}
FORMATS = ((Format.ROUND_ROBIN, "round-robin"), (Format.SWISS, "swiss"))
FORMAT_WORDS = {word: format_ for format_, key in FORMATS
                for word in catalogue.all_words(f"words-tournament-{key}")}
DOUBLE_WORDS = catalogue.all_words("words-tournament-double")
ROUNDS_WORDS = catalogue.all_words("words-tournament-rounds")
DAYS_WORDS = catalogue.all_words("words-tournament-days")


@dataclass(frozen=True)
class TournamentNew(Command):
    format: Format = Format.ROUND_ROBIN
    variant: str | None = None  # None: the channel's rules
    rounds: int | None = None
    days: int = DAYS
    double: bool = False


@dataclass(frozen=True)
class TournamentJoin(Command):
    tournament_id: int | None = None


@dataclass(frozen=True)
class TournamentLeave(Command):
    pass


@dataclass(frozen=True)
class TournamentStart(Command):
    pass


@dataclass(frozen=True)
class TournamentStatus(Command):
    tournament_id: int | None = None


@dataclass(frozen=True)
class TournamentStandings(Command):
    tournament_id: int | None = None


@dataclass(frozen=True)
class TournamentCancel(Command):
    pass


@dataclass(frozen=True)
class TournamentPdn(Command):
    limit: ClassVar[str | None] = "pdn"
    tournament_id: int | None = None


def read(args: Args) -> Command:
    """`tournament [subcommand] [words]` as its typed command."""
    if not args or words.typed_id(args[:1]) is not None:
        return _only_id(TournamentStatus, args)
    sub = SUB_WORDS.get(args[0].casefold())
    if sub is None:
        raise Refusal("tournament_usage", word=args[0][:40])
    return _READERS[sub](args[1:])


def _only_id(kind: Callable[[int | None], Command], args: Args) -> Command:
    """A subcommand that takes at most a tournament's number."""
    found = words.typed_id(args)
    if len(args) > (1 if found is not None else 0):
        raise Refusal("tournament_usage", word=args[-1][:40])
    return kind(found)


def _plain(kind: Callable[[], Command]) -> Callable[[Args], Command]:
    def reader(args: Args) -> Command:
        if args:
            raise Refusal("tournament_usage", word=args[0][:40])
        return kind()

    return reader


def _count(text: str) -> int | None:
    return int(text) if text.isdecimal() and len(text) < 4 else None


def _new(args: Args) -> TournamentNew:
    """`new` with its words in any order; `rounds 5` or `5 rounds`, `days 2` or `2 days`."""
    format_, variant, rounds, days, double = Format.ROUND_ROBIN, None, None, DAYS, False
    pending: int | None = None  # a number waiting for its word
    named: str | None = None  # a word waiting for its number
    for arg in args:
        word = arg.casefold()
        number = _count(word)
        counted = "rounds" if word in ROUNDS_WORDS else "days" if word in DAYS_WORDS else None
        if number is not None and named is not None:
            rounds, days = (number, days) if named == "rounds" else (rounds, number)
            named = None
        elif number is not None and pending is None:
            pending = number
        elif counted is not None and pending is not None:
            rounds, days = (pending, days) if counted == "rounds" else (rounds, pending)
            pending = None
        elif counted is not None and named is None:
            named = counted
        elif word in FORMAT_WORDS and pending is None and named is None:
            format_ = FORMAT_WORDS[word]
        elif word in DOUBLE_WORDS and pending is None and named is None:
            double = True
        elif (found := words.variant_name(word)) and pending is None and named is None:
            variant = found
        else:
            raise Refusal("tournament_new_usage", word=arg[:40])
    if pending is not None or named is not None:
        raise Refusal("tournament_new_usage", word=args[-1][:40])
    return TournamentNew(format_, variant, rounds, days, double)


_READERS: dict[str, Callable[[Args], Command]] = {
    "new": _new,
    "join": lambda args: _only_id(TournamentJoin, args),
    "leave": _plain(TournamentLeave),
    "start": _plain(TournamentStart),
    "status": lambda args: _only_id(TournamentStatus, args),
    "standings": lambda args: _only_id(TournamentStandings, args),
    "cancel": _plain(TournamentCancel),
    "pdn": lambda args: _only_id(TournamentPdn, args),
}
