"""What the bot says: replies, buttons, pictures and notices, in no platform's terms.

The presentation layer builds these; the adapters turn each into a platform message.
"""

from __future__ import annotations

import enum
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Literal

from bot.domain.model import Person

ButtonStyle = Literal["primary", "secondary", "success", "danger"]


class Kind(enum.StrEnum):
    """What a reply is, for adapters that show kinds differently (colours, documents, alerts)."""

    BOARD = "board"
    ERROR = "error"
    INFO = "info"
    CHALLENGE = "challenge"
    CONFIRM = "confirm"
    DRAW_OFFER = "draw_offer"
    UNDO_REQUEST = "undo_request"
    GAMES = "games"
    GIF = "gif"
    HELP = "help"
    HINT = "hint"
    LEADERBOARD = "leaderboard"
    MOVES = "moves"
    PDN = "pdn"
    REMINDER = "reminder"
    REVIEW = "review"
    RULES = "rules"
    SETTINGS = "settings"
    STATS = "stats"
    MOVE_KEYS = "move_keys"  # tap-to-move keys, in place of the buttons of the message pressed
    BOARD_KEYS = "board_keys"  # the buttons that message gets back instead (none: taken away)


class Action(enum.StrEnum):
    """What a button does; its id is `<action>:<game, challenge or tournament id>` (see `Button.press`)."""

    ACCEPT = "acc"
    DECLINE = "dec"
    CANCEL = "can"
    JOIN_TOURNAMENT = "tjn"  # `tjn:<tournament id>`
    TOURNAMENT_STANDINGS = "tst"  # `tst:<tournament id>`
    RESIGN_ASK = "res"
    RESIGN = "rsc"
    OFFER_DRAW = "dro"
    ACCEPT_DRAW = "dra"
    DECLINE_DRAW = "drd"
    BOARD = "brd"
    MOVES = "lst"
    MOVE = "mov"
    MAY_MOVE = "mvq"
    ACCEPT_UNDO = "una"
    DECLINE_UNDO = "und"
    REMATCH = "rem"
    CLAIM = "clm"
    PDN = "pdn"
    GIF = "gif"
    PICK = "pik"  # a move chosen from a menu: `pik:<game>:<ply>`, the move in the event's text
    PIECE = "pcs"  # a piece chosen from a menu: `pcs:<game>:<ply>`, its square in the event's text
    BUMP = "bmp"  # a live board posted again at the bottom of the channel
    TRY_PUZZLE = "tpz"  # a review's turning point as a puzzle: `tpz:<game>:<ply>`


@dataclass(frozen=True)
class Button:
    """A button under a reply. `id` is short (at most 64 bytes), stable and self-contained: it names the
    action and the game or challenge (for example `"acc:17"`), so it keeps working after a restart."""

    id: str
    label: str
    style: ButtonStyle = "secondary"

    @classmethod
    def press(cls, action: Action, target: int, label: str, style: ButtonStyle = "secondary") -> Button:
        """The button that does `action` to the game or challenge `target`.

        >>> Button.press(Action.ACCEPT, 17, "Accept").id
        'acc:17'
        """
        return cls(f"{action.value}:{target}", label, style)


@dataclass(frozen=True)
class Attachment:
    """A picture to send with a reply: PNG board or GIF replay."""

    data: bytes
    filename: str  # "board.png" or "game.gif"; the suffix tells the kind

    @property
    def is_animation(self) -> bool:
        return self.filename.endswith(".gif")


@dataclass(frozen=True)
class Picker:
    """The legal moves of the position a board shows, for platforms that let the player to move pick one
    from a menu; a choice is played as if typed. `ply` is the number of moves played in that position (a
    choice made on a board the game has moved past is refused). `square`: these are the moves of the piece
    on that square only (the second step after choosing the piece). `prompt` and `piece_prompt` are the
    menus' placeholders in the reply's language.

    A choice comes back as a press of `choose(action)` with the choice as the event's text.
    """

    game_id: int
    ply: int
    moves: tuple[str, ...]
    prompt: str
    piece_prompt: str
    square: int | None = None

    def choose(self, action: Action) -> str:
        """The button id a choice arrives under (`Action.PICK` for a move, `Action.PIECE` for a piece).

        >>> Picker(7, 12, ("9-13",), "Move", "Piece").choose(Action.PICK)
        'pik:7:12'
        """
        return f"{action.value}:{self.game_id}:{self.ply}"


Kept = Callable[[str], Awaitable[None]]
"""Told the id of the message a live board now is (after an edit, or a new post)."""


@dataclass(frozen=True)
class Live:
    """A board that is its game's live board in the channel (`settings live on`): the adapter edits the
    message `edit` in place (its picture, text and buttons), or posts the board anew when there is none
    or the edit fails (the message was deleted, is too old, may not be edited), then tells `kept` the
    message the board is now. `replaces`: the live board this one takes the place of (a bump), deleted
    once the new one is posted. `anew` False: an edit that does not go is dropped, not posted anew (a
    review's note saying how far it got)."""

    kept: Kept = field(compare=False, repr=False)
    edit: str | None = None
    anew: bool = True
    replaces: str | None = None


@dataclass(frozen=True)
class NewThread:
    """Give the game of this board (the first of a new game) a thread of its own where the platform has
    them (`settings threads on`): named `name`, started from the challenge message where the reply
    answers a press on it; `made` is told the thread's id (the board and everything after go there);
    `missing` is said in the channel when the bot may not make threads there (the board stays there)."""

    name: str
    missing: str
    made: Kept = field(compare=False, repr=False)


@dataclass(frozen=True)
class Reply:
    """One message from the bot.

    - `private`: meant only for the user who caused it (Discord: ephemeral; Telegram: a callback alert
      where there is one, otherwise a normal message that quotes the user).
    - `channel_id`: where to send it when it is not an answer to the current event (a notification sent
      through the service's sender); None means "the channel of the event".
    - `title` and `fields` are the structured summary adapters may show as an embed or caption:
      players, turn, last move, result. `text` always carries the full message on its own.
    - `mentions`: users the message concerns (the player to move, the challenged user); adapters may
      ping them.
    - `board_text` is the board of a board message drawn in text, from the picture's side (the console
      prints it); `ply` the number of moves played in the position shown.
    - `alt_text` describes the picture in words, for people who cannot see it (whose move, the last move,
      the pieces left); `picker` offers the position's moves in a menu where the platform has menus.
    - `fresh`: a board asked for (`board`, `bump`), posted anew at the bottom even where its game keeps
      one live board; `live`: how the adapter keeps the live board (set by the service where the channel
      keeps live boards); `thread`: the game asks for a thread of its own (see `NewThread`).
    """

    text: str
    attachment: Attachment | None = None
    buttons: tuple[Button, ...] = ()
    private: bool = False
    channel_id: str | None = None
    title: str | None = None
    fields: tuple[tuple[str, str], ...] = ()
    mentions: tuple[Person, ...] = ()
    kind: Kind = Kind.INFO
    game_id: int | None = None
    board_text: str | None = None
    ply: int | None = None
    alt_text: str | None = None
    picker: Picker | None = None
    fresh: bool = False
    live: Live | None = None
    thread: NewThread | None = None


@dataclass(frozen=True)
class Notice:
    """A reply the service sends on its own (the bot's move after thinking, a reminder, an expiry).
    `to_user`: sent privately to that person (a direct message), not in `channel_id`, the channel it is
    about."""

    platform: str
    channel_id: str
    reply: Reply = field(default_factory=lambda: Reply(text=""))
    to_user: str | None = None


class Unreachable(Exception):
    """A private notice the platform refused to deliver to its person (they have not started a chat with
    the bot, or do not take direct messages); a sender raises it."""


Sender = Callable[[Notice], Awaitable[None]]
"""An adapter's way of posting a `Notice` to its platform; registered with the service. A private notice
(`to_user`) that does not reach its person raises `Unreachable`."""
