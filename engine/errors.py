"""Typed move errors with machine-readable reasons the bot translates."""

from __future__ import annotations

import enum

from engine.types import Move


class Reason(enum.StrEnum):
    """Why a typed move was refused."""

    BAD_SYNTAX = "bad_syntax"
    TOO_LONG = "too_long"
    NOT_A_SQUARE = "not_a_square"
    NO_PIECE = "no_piece"
    OPPONENT_PIECE = "opponent_piece"
    CAPTURE_COMPULSORY = "capture_compulsory"
    INCOMPLETE = "incomplete"
    CROWNING_ENDS_MOVE = "crowning_ends_move"
    NOT_MAXIMUM = "not_maximum"
    MUST_CAPTURE_WITH_KING = "must_capture_with_king"
    MUST_CAPTURE_MORE_KINGS = "must_capture_more_kings"
    MUST_MEET_KING_EARLIER = "must_meet_king_earlier"
    MAN_CANNOT_CAPTURE_KING = "man_cannot_capture_king"
    MEN_NOT_BACKWARD = "men_not_backward"
    KINGS_DO_NOT_FLY = "kings_do_not_fly"
    OCCUPIED = "occupied"
    NOT_DIAGONAL = "not_diagonal"
    TOO_FAR = "too_far"
    OWN_PIECE = "own_piece"
    GAME_OVER = "game_over"
    AMBIGUOUS = "ambiguous"
    NOT_LEGAL = "not_legal"


class MoveError(ValueError):
    """A move text that cannot be played. `reason` says why; `candidates` are the moves that would do."""

    def __init__(
        self,
        text: str,
        reason: Reason,
        message: str,
        candidates: tuple[Move, ...] = (),
        details: dict[str, int | str] | None = None,
    ) -> None:
        super().__init__(f"{text[:40]!r}: {message}")
        self.text = text
        self.reason = reason
        self.candidates = candidates
        self.details: dict[str, int | str] = details or {}


class InvalidMoveError(MoveError):
    """The text is not a move at all (bad syntax, too long, no such square)."""


class IllegalMoveError(MoveError):
    """A well-formed move that the rules forbid in this position."""


class AmbiguousMoveError(MoveError):
    """A short form that fits several legal moves; `candidates` lists them."""
