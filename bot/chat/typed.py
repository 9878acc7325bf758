"""Typed commands: what one event asks for, read once from its text, options or button.

`bot.chat.reading` turns an `Event` into one of these; `bot.chat.router` dispatches it by type to the
handler that does it. A game or challenge named by id carries the id; None means "the user's game here"
(found by the flow, inside the game's lock).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import ClassVar

from bot.domain.daily import DailyChoice
from bot.domain.model import ColourChoice, Openers, Orientation
from bot.flows.desk import Lookup
from bot.presentation.messages import Action


class OnGame(enum.StrEnum):
    """Commands about one game that read no other words than its id."""

    BOARD = "board"
    MOVES = "moves"
    RESIGN = "resign"
    CLAIM = "claim"
    REMATCH = "rematch"
    PDN = "pdn"
    GIF = "gif"
    REVIEW = "review"
    HINT = "hint"
    BUMP = "bump"  # the live board posted again at the bottom

    @property
    def lookup(self) -> Lookup:
        return _LOOKUPS[self]

    @property
    def missing(self) -> str:
        """The refusal when there is no game to act on (a review's names what can be reviewed)."""
        if self is OnGame.REVIEW:
            return "review_no_game"
        return "no_game" if self.lookup is Lookup.ACTIVE else "no_game_to_show"


_LOOKUPS = {OnGame.BOARD: Lookup.SHOWN, OnGame.MOVES: Lookup.ACTIVE, OnGame.RESIGN: Lookup.ACTIVE,
            OnGame.CLAIM: Lookup.ACTIVE, OnGame.REMATCH: Lookup.LAST, OnGame.PDN: Lookup.SHOWN,
            OnGame.GIF: Lookup.SHOWN, OnGame.REVIEW: Lookup.SHOWN, OnGame.HINT: Lookup.ACTIVE,
            OnGame.BUMP: Lookup.SHOWN}


class Answer(enum.StrEnum):
    """The answer to a draw offer or a take-back request (or making one)."""

    ASK = "ask"
    ACCEPT = "accept"
    DECLINE = "decline"


@dataclass(frozen=True)
class Target:
    """The game (or, for a challenge's buttons, the challenge) a command or button acts on: its id, or
    how to find the user's game here, and the refusal when there is none."""

    id: int | None
    lookup: Lookup = Lookup.ACTIVE
    missing: str = "no_game"


@dataclass(frozen=True)
class Command:
    """Base of every typed command; `limit` names what it costs in the user's rate limit (see
    `bot.chat.limits`), None for nothing."""

    limit: ClassVar[str | None] = "command"


@dataclass(frozen=True)
class PlayMove(Command):
    """A move, typed, from a dialog or from a menu. `text` is as the grammar read it (or the raw words, for
    the engine to explain); `quiet` ignores it when the user has no game here (plain group chat); `ply`:
    chosen on a board of that many moves played, which must still be the game's position."""

    limit: ClassVar[str | None] = "move"
    text: str
    game_id: int | None = None
    offer_draw: bool = False
    claim_draw: bool = False
    quiet: bool = False
    ply: int | None = None


@dataclass(frozen=True)
class TryPuzzle(Command):
    """A review's turning point tried as a puzzle (its button): the position before move `ply` of a game."""

    limit: ClassVar[str | None] = "button"
    game_id: int
    ply: int


@dataclass(frozen=True)
class PickPiece(Command):
    """A piece chosen from a board's menu (the first of two steps): its moves are the next menu."""

    limit: ClassVar[str | None] = "button"
    game_id: int
    ply: int
    square: int


@dataclass(frozen=True)
class BoardText(Command):
    """`board text`: the board as a monospace text block."""

    game_id: int | None = None


@dataclass(frozen=True)
class MoveAttempt(Command):
    """Text shaped like a move that is none (`9-`, `5`)."""

    limit: ClassVar[str | None] = "move"
    text: str
    quiet: bool = False


@dataclass(frozen=True)
class MoveDialog(Command):
    """`move` with no move: the legal moves and how to type one."""

    game_id: int | None = None


@dataclass(frozen=True)
class GameCommand(Command):
    action: OnGame
    game_id: int | None = None

    @property
    def target(self) -> Target:
        return Target(self.game_id, self.action.lookup, self.action.missing)


@dataclass(frozen=True)
class Press(Command):
    """A button pressed: what it does and the game or challenge it names."""

    limit: ClassVar[str | None] = "button"
    action: Action
    id: int

    @property
    def target(self) -> Target:
        return Target(self.id)


@dataclass(frozen=True)
class Tap(Command):
    """A key of the tap-to-move picker (`bot.presentation.taps`): game `game_id`'s picker, opened at the
    game's `version`, with `squares` chosen (None: closed, the board's own buttons back)."""

    limit: ClassVar[str | None] = "button"
    game_id: int
    version: int
    squares: tuple[int, ...] | None


@dataclass(frozen=True)
class Challenge(Command):
    names: tuple[str, ...] = ()
    variant: str | None = None
    colour: ColourChoice = ColourChoice.RANDOM
    tournament: bool = False
    anyone: bool = False


@dataclass(frozen=True)
class Accept(Command):
    """`accept [id|name]`: a standing offer in the user's game first, else a challenge."""

    words: tuple[str, ...] = ()
    challenge_id: int | None = None


@dataclass(frozen=True)
class Decline(Command):
    any_words: bool = False


@dataclass(frozen=True)
class Cancel(Command):
    pass


@dataclass(frozen=True)
class PlayBot(Command):
    limit: ClassVar[str | None] = "play"
    level: int | None = None
    variant: str | None = None
    colour: ColourChoice = ColourChoice.RANDOM


@dataclass(frozen=True)
class Draw(Command):
    answer: Answer = Answer.ASK
    move: PlayMove | None = None  # `draw 12-16`: the move with an offer


@dataclass(frozen=True)
class Undo(Command):
    answer: Answer | None = None  # None: accept a standing request, else ask


@dataclass(frozen=True)
class Games(Command):
    page: int = 1


@dataclass(frozen=True)
class Stats(Command):
    names: tuple[str, ...] = ()


@dataclass(frozen=True)
class Leaderboard(Command):
    variant: str | None = None  # None: the channel's rules


@dataclass(frozen=True)
class Settings(Command):
    language: str | None = None
    variant: str | None = None
    board: Orientation | None = None
    tournaments: Openers | None = None  # who may open a tournament here
    live: bool | None = None  # one live board per game, edited in place
    threads: bool | None = None  # each game in a thread of its own (Discord)
    puzzle: DailyChoice | None = None  # the puzzle of the day: on at a time, or off


@dataclass(frozen=True)
class Broken(Command):
    """`broken [#id] [end]`: the channel's games set aside because they cannot be read, what is stored of
    one, or ending one (for the channel's managers)."""

    game_id: int | None = None
    end: bool = False


@dataclass(frozen=True)
class Rules(Command):
    words: tuple[str, ...] = ()


@dataclass(frozen=True)
class Question(Command):
    """Text that may be a rules question; `quiet` ignores it when nothing answers it."""

    limit: ClassVar[str | None] = None
    text: str
    quiet: bool = False


@dataclass(frozen=True)
class Help(Command):
    command: str | None = None


@dataclass(frozen=True)
class NotUnderstood(Command):
    limit: ClassVar[str | None] = None
