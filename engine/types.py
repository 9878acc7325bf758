"""Small value types: colours, pieces, moves."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field


class Color(enum.Enum):
    """A side. In English checkers BLACK is the Red side (FEN letter ``B``)."""

    WHITE = "W"
    BLACK = "B"

    @property
    def other(self) -> Color:
        """The opponent's colour.

        >>> Color.WHITE.other
        <Color.BLACK: 'B'>
        """
        return Color.BLACK if self is Color.WHITE else Color.WHITE


@dataclass(frozen=True, slots=True)
class Piece:
    """A man or a king of one colour."""

    color: Color
    king: bool = False


@dataclass(frozen=True, slots=True)
class Move:
    """A move: the squares the piece stands on, start to end, and the squares it captures, in order.

    >>> m = Move((10, 17, 26), (14, 22))
    >>> str(m), m.start, m.end, m.is_capture
    ('10x17x26', 10, 26, True)
    >>> Move((9, 13))
    Move(path=(9, 13), captures=())
    """

    path: tuple[int, ...]
    captures: tuple[int, ...] = ()
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.path, self.captures)))

    def __hash__(self) -> int:
        return self._hash

    @property
    def start(self) -> int:
        return self.path[0]

    @property
    def end(self) -> int:
        return self.path[-1]

    @property
    def is_capture(self) -> bool:
        return bool(self.captures)

    def __str__(self) -> str:
        sep = "x" if self.captures else "-"
        return sep.join(str(sq) for sq in self.path)


class Termination(enum.StrEnum):
    """Why the rules end a game, or which draw a player may claim (English checkers).

    A `StrEnum`: each value is the plain string the engine used before, so comparing with a string still
    works.

    >>> Termination.THREEFOLD == "threefold", f"end_{Termination.NO_MOVES}"
    (True, 'end_no_moves')
    """

    NO_MOVES = "no_moves"
    """The side to move has no legal move (no pieces, or all blocked): it has lost."""
    THREEFOLD = "threefold"
    """The same position with the same side to move for the third time."""
    NO_PROGRESS = "no_progress"
    """Italian 80 plies, International 50 plies without a capture or a man move (automatic)."""
    FORTY_MOVES = "forty_moves"
    """English: 40 moves of each side without a capture or a man move (a claim)."""
    ENDGAME = "endgame"
    """International: the 16- and 5-move limits of a few pieces against a lone king."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended by the rules: the winner (None for a draw) and why."""

    winner: Color | None
    reason: Termination
