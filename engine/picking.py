"""Choosing a move by its squares, one tap at a time: the piece, then each landing square.

A move picker stands at the squares chosen so far; `pick` says what may be chosen next (the pieces that
can move, then the landing squares of the chosen piece) and gives the move once only one legal move
starts with those squares. A capture's landing square that is the only way on is filled in, never asked
for. `back` is the step before. Only legal moves are ever offered: under compulsory capture only the
capturing pieces, under maximum capture only the longest paths.

>>> board = Board("english", fen="B:W14,15,22:B10")
>>> pick(board, ()).choices, pick(board, (10,)).choices
((10,), (17, 19))
>>> pick(board, (10, 17)).move
Move(path=(10, 17, 26), captures=(14, 22))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.board import Board
from engine.types import Move


class PickError(ValueError):
    """Squares that start no legal move here (the position changed, or they were never offered)."""


@dataclass(frozen=True)
class Pick:
    """Where a picker stands: the squares chosen (forced landings filled in), the squares to choose from
    next (in order), and the move once it is whole (then `choices` is empty)."""

    chosen: tuple[int, ...]
    choices: tuple[int, ...]
    move: Move | None
    capture: bool  # the moves chosen among capture (all of them do, or none)


def pick(board: Board, chosen: Sequence[int]) -> Pick:
    """The picker after `chosen` (piece square first, then landing squares); raises `PickError` when no
    legal move starts with them.

    >>> pick(Board("english"), (9,)).choices
    (13, 14)
    """
    squares = tuple(chosen)
    fitting = _starting(board.legal_moves, squares)
    if not fitting:
        raise PickError(f"no legal move starts with {'-'.join(map(str, squares)) or 'nothing'}")
    capture = fitting[0].is_capture
    if len(squares) >= 2:
        while len(fitting) > 1 and not _ends_at(fitting, squares):
            following = _next(fitting, squares)
            if len(following) > 1:
                break
            squares += following
            fitting = _starting(fitting, squares)
        whole = [move for move in fitting if move.path == squares] or fitting
        if len(whole) == 1:
            return Pick(squares, (), whole[0], capture)
    return Pick(squares, _next(fitting, squares), None, capture)


def back(board: Board, chosen: Sequence[int]) -> tuple[int, ...] | None:
    """The squares of the step before `chosen` (the last choice undone, with any landing filled in
    after it); None before the first step.

    >>> board = Board("english", fen="B:W14,15,22:B10")
    >>> back(board, (10,)), back(board, ())
    ((), None)
    """
    squares = tuple(chosen)
    for end in range(len(squares) - 1, -1, -1):
        before = squares[:end]
        if pick(board, before).chosen == before:
            return before
    return None


def _starting(moves: Iterable[Move], squares: tuple[int, ...]) -> list[Move]:
    size = len(squares)
    return [move for move in moves if move.path[:size] == squares]


def _ends_at(moves: Sequence[Move], squares: tuple[int, ...]) -> bool:
    return any(move.path == squares for move in moves)


def _next(moves: Sequence[Move], squares: tuple[int, ...]) -> tuple[int, ...]:
    size = len(squares)
    return tuple(sorted({move.path[size] for move in moves if len(move.path) > size}))
