"""Games and challenges as values, with their states as enums."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from bot.domain.glicko import Rating
from engine import Color

BOT_ID = "bot:tammi"
BOT_NAME = "Tammi"


class Status(enum.StrEnum):
    ACTIVE = "active"
    FINISHED = "finished"


class Result(enum.StrEnum):
    """A game's result, as stored: White's score first."""

    ONGOING = "*"
    WHITE_WINS = "1-0"
    BLACK_WINS = "0-1"
    DRAW = "1/2-1/2"

    @classmethod
    def win(cls, color: Color) -> Result:
        """The result when `color` wins."""
        return cls.WHITE_WINS if color is Color.WHITE else cls.BLACK_WINS

    @property
    def winner(self) -> Color | None:
        """The winning side, or None for a draw or a game in progress."""
        return {"1-0": Color.WHITE, "0-1": Color.BLACK}.get(self.value)

    def score(self, color: Color) -> float:
        """The points `color` scored (1, 0.5 or 0)."""
        if self is Result.DRAW:
            return 0.5
        return 1.0 if self.winner is color else 0.0


class Ending(enum.StrEnum):
    """Why a game ended: the engine's own endings and the ones people cause."""

    NO_MOVES = "no_moves"
    THREEFOLD = "threefold"
    NO_PROGRESS = "no_progress"
    ENDGAME = "endgame"
    RESIGN = "resign"
    AGREEMENT = "agreement"
    CLAIM_THREEFOLD = "claim_threefold"
    CLAIM_FORTY_MOVES = "claim_forty_moves"
    ABANDON = "abandon"
    ILLEGAL_MOVES = "illegal_moves"
    TIME = "time"  # a tournament game: the player to move used up their days for the move
    WITHDRAWN = "withdrawn"  # a tournament game: the player left the tournament
    CANCELLED = "cancelled"  # a tournament game: the tournament was cancelled (no result)


class Offer(enum.StrEnum):
    DRAW = "draw"
    UNDO = "undo"


class Claim(enum.StrEnum):
    """A draw the player to move may claim (English)."""

    THREEFOLD = "threefold"
    FORTY_MOVES = "forty_moves"


class ChallengeStatus(enum.StrEnum):
    OPEN = "open"
    ACCEPTED = "accepted"
    DECLINED = "declined"
    CANCELLED = "cancelled"
    EXPIRED = "expired"


class ColourChoice(enum.StrEnum):
    RANDOM = "random"
    WHITE = "white"
    BLACK = "black"

    @property
    def color(self) -> Color | None:
        return {"white": Color.WHITE, "black": Color.BLACK}.get(self.value)


def color_key(color: Color) -> str:
    """The colour as stored ("white"/"black")."""
    return "white" if color is Color.WHITE else "black"


def color_from_key(key: str | None) -> Color | None:
    """A stored colour back as a `Color` (None if unset)."""
    return {"white": Color.WHITE, "black": Color.BLACK}.get(key or "")


@dataclass(frozen=True)
class Person:
    """A chat user as the platform names them: a stable id, a display name, the platform's username if
    it has one (Telegram @username, Discord user name; lowercase, no @), and whether the account is a
    bot (which can never accept a challenge)."""

    user_id: str
    name: str
    handle: str | None = field(default=None, compare=False)
    is_bot: bool = False


@dataclass(frozen=True)
class Player:
    """Someone seated at a game: a platform id and the name shown. The built-in opponent is one too."""

    user_id: str
    name: str

    @property
    def is_bot(self) -> bool:
        return self.user_id == BOT_ID


BOT = Player(BOT_ID, BOT_NAME)


@dataclass(frozen=True)
class Game:
    """One game. `moves` are canonical move texts from `start_fen`; `fen` is the position after them."""

    id: int
    platform: str
    channel_id: str
    variant: str
    white: Player
    black: Player
    start_fen: str
    fen: str
    turn: Color
    moves: tuple[str, ...] = ()
    status: Status = Status.ACTIVE
    result: Result = Result.ONGOING
    ending: Ending | None = None
    version: int = 0
    created_at: float = 0.0
    updated_at: float = 0.0
    finished_at: float | None = None
    rated: bool = True
    tournament: bool = False
    strikes: tuple[int, int] = (0, 0)  # illegal move attempts by White and Black (tournament option)
    offer: Offer | None = None
    offer_by: Color | None = None
    reminded: int = 0
    claim_noted: Claim | None = None
    bot_level: int | None = None
    challenge_id: int | None = None
    tournament_id: int | None = None  # a game of this tournament (`bot.domain.tournaments`)

    @property
    def active(self) -> bool:
        return self.status is Status.ACTIVE

    def player(self, color: Color) -> Player:
        return self.white if color is Color.WHITE else self.black

    def color_of(self, user_id: str) -> Color | None:
        """The side the user plays, or None for a spectator."""
        if user_id == self.white.user_id:
            return Color.WHITE
        if user_id == self.black.user_id:
            return Color.BLACK
        return None

    def offer_to(self, color: Color | None) -> Offer | None:
        """The offer the opponent of `color` made and `color` may answer, or None."""
        if color is None or self.offer_by is not color.other:
            return None
        return self.offer

    def strikes_of(self, color: Color) -> int:
        return self.strikes[0] if color is Color.WHITE else self.strikes[1]

    @property
    def against_bot(self) -> bool:
        return self.bot_level is not None


@dataclass(frozen=True)
class RatingChange:
    """One player's rating in the game's variant before and after a rated game, as the update computed
    it (and stored it)."""

    user_id: str
    before: Rating
    after: Rating


@dataclass(frozen=True)
class Saved:
    """A game as stored, and the rating changes its ending made (White's first; empty when none)."""

    game: Game
    ratings: tuple[RatingChange, ...] = ()


@dataclass(frozen=True)
class NewGame:
    """What is needed to start a game. `seated` are the players who take a seat in the channel (one
    active game each, and one more in a tournament: `tournament_id`): the people, not the built-in
    opponent. `moves` are played from `start_fen` already (a tournament's ballot), reaching `fen`."""

    platform: str
    channel_id: str
    variant: str
    white: Player
    black: Player
    start_fen: str
    turn: Color
    created_at: float
    seated: tuple[str, ...]
    rated: bool = True
    tournament: bool = False
    bot_level: int | None = None
    challenge_id: int | None = None
    tournament_id: int | None = None
    moves: tuple[str, ...] = ()
    fen: str | None = None  # the position after `moves` (None: `start_fen`)


@dataclass(frozen=True)
class Challenge:
    id: int
    platform: str
    channel_id: str
    challenger: Player
    target: Player | None
    variant: str
    colour: ColourChoice
    tournament: bool
    status: ChallengeStatus
    created_at: float
    expires_at: float
    game_id: int | None = None
    rematch_of: int | None = None

    def is_open(self, now: float) -> bool:
        return self.status is ChallengeStatus.OPEN and self.expires_at > now


@dataclass(frozen=True)
class NewChallenge:
    platform: str
    channel_id: str
    challenger: Player
    target: Player | None
    variant: str
    colour: ColourChoice
    tournament: bool
    created_at: float
    expires_at: float
    rematch_of: int | None = None


@dataclass(frozen=True)
class Standing:
    """A player's rating in a channel for one variant, with its deviation and volatility as its last
    rated game left them (`rated_at`), and the rated games' totals."""

    user_id: str
    name: str
    variant: str
    rating: float
    deviation: float
    volatility: float
    rated_at: float | None
    games: int
    wins: int
    losses: int
    draws: int

    @property
    def glicko(self) -> Rating:
        return Rating(self.rating, self.deviation, self.volatility, self.rated_at)


@dataclass(frozen=True)
class PlayerStats:
    games: int
    wins: int
    losses: int
    draws: int
    active: int


@dataclass(frozen=True)
class Timing:
    """The configured durations the flows and the replies use, in seconds."""

    challenge_expiry: float
    reminder_after: float
    abandon_after: float
    sweep_interval: float


class Orientation(enum.StrEnum):
    """How the boards of a shared channel face: from the side to move, or fixed for the whole game with
    its first player at the bottom."""

    TURN = "turn"
    FIXED = "fixed"


class Openers(enum.StrEnum):
    """Who may open a tournament in a channel."""

    ANYONE = "anyone"
    MANAGERS = "managers"  # the channel's managers only


@dataclass(frozen=True)
class ChannelSettings:
    """A channel's choices; None is not chosen (the configured language and rules; fixed boards; anyone
    opens tournaments; a new board after each move; games in the channel itself)."""

    language: str | None = None
    variant: str | None = None
    board: Orientation | None = None
    tournaments: Openers | None = None
    live: bool | None = None  # one live board per game, edited in place (`settings live on`); None: off
    threads: bool | None = None  # on Discord, each game in a thread of its own (`settings threads on`)

    @property
    def orientation(self) -> Orientation:
        """How boards face here: as chosen, else fixed (the default for channels new since the setting
        came; the migration that brought it chose `TURN` for every channel used before)."""
        return self.board or Orientation.FIXED


class Damage(enum.StrEnum):
    """What part of a stored game cannot be read back."""

    POSITION = "position"  # the current position (its side to move), or it contradicts the moves
    START = "start"  # the variant or the starting position
    MOVES = "moves"  # a move that cannot be played from the position before it
    RECORD = "record"  # any other field


@dataclass(frozen=True)
class Damaged:
    """A stored game that cannot be read back as a `Game`: where it is, who plays it, its stored texts as
    they are, what is wrong (`damage`, and `detail`: the error as the reader reported it) and whether it
    was still being played. Such a game is set aside: out of play, its players free."""

    id: int
    platform: str
    channel_id: str
    white: Player
    black: Player
    variant: str
    start_fen: str
    fen: str
    moves: str
    damage: Damage
    detail: str
    active: bool = True

    @property
    def people(self) -> tuple[Player, ...]:
        """The players who are people (not the built-in opponent)."""
        return tuple(player for player in (self.white, self.black) if not player.is_bot)
