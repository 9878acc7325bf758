"""Puzzles solved in a chat: a puzzle shown in a channel, each solver's way through it, their progress.

A puzzle (`engine.puzzles.Puzzle`) is shown in a channel and stays open there until someone solves it or
it is given up. Everyone in the channel may try it: each solver has an `Attempt`, judged for them alone
(`judge`): a right move moves them on to the next position after the opponent's reply from the solution,
a wrong one ends their attempt as failed. The first to play the whole line solves it and ends it.

Progress per person, channel and variant: solved, failed, the current and best streak of puzzles solved
in a row, and a Glicko-2 puzzle rating; the puzzle has a rating of its own that moves the other way
(`scored`). No I/O, no texts.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from bot.domain import ratings
from bot.domain.glicko import CENTRE, Rating
from bot.domain.model import Player
from engine import Board, Move
from engine.puzzles import Puzzle

DIFFICULTY_STEP = 150.0  # a puzzle's starting rating: 1500 at difficulty 3, this much per step


class Outcome(enum.StrEnum):
    """How a puzzle shown in a channel ended."""

    SOLVED = "solved"
    GIVEN_UP = "given up"


class Status(enum.StrEnum):
    """Where one solver is in a puzzle."""

    SOLVING = "solving"
    SOLVED = "solved"
    FAILED = "failed"

    @property
    def final(self) -> bool:
        return self is not Status.SOLVING


@dataclass(frozen=True)
class Shown:
    """A puzzle shown in a channel: open until `outcome` says how it ended (`solver`: who solved it)."""

    id: int
    platform: str
    channel_id: str
    puzzle: Puzzle
    opened_by: str
    opened_at: float
    outcome: Outcome | None = None
    solver: Player | None = None
    ended_at: float | None = None

    @property
    def open(self) -> bool:
        return self.outcome is None


@dataclass(frozen=True)
class Attempt:
    """One solver's way through a shown puzzle: `step` of the solver's moves played right so far."""

    user_id: str
    name: str
    step: int = 0
    status: Status = Status.SOLVING


@dataclass(frozen=True)
class Progress:
    """A person's puzzles in a channel and variant."""

    user_id: str
    name: str
    variant: str
    solved: int = 0
    failed: int = 0
    streak: int = 0  # puzzles solved in a row, now
    best: int = 0  # the longest such run
    rating: Rating = ratings.NEWCOMER


def starting_rating(puzzle: Puzzle) -> Rating:
    """A puzzle's rating before anyone tried it: from its difficulty, as unsure as a newcomer's.

    >>> starting_rating(Puzzle("english", "B:W18:B6", ("6-9",), 0, 0, 0, True, None, 1, 1)).rating
    1200.0
    """
    return Rating(CENTRE + DIFFICULTY_STEP * (puzzle.difficulty - 3), ratings.MAX_DEVIATION)


def scored(progress: Progress, puzzle: Rating, solved: bool, at: float) -> tuple[Progress, Rating]:
    """The solver's progress and the puzzle's rating after the solver solved it or failed it (a solve
    is a win against the puzzle, a failure a loss; both rated as a game would be)."""
    score = 1.0 if solved else 0.0
    mine = ratings.update(progress.rating, puzzle, score, at)
    theirs = ratings.update(puzzle, progress.rating, 1.0 - score, at)
    if solved:
        streak = progress.streak + 1
        after = replace(progress, solved=progress.solved + 1, streak=streak, best=max(progress.best, streak),
                        rating=mine)
    else:
        after = replace(progress, failed=progress.failed + 1, streak=0, rating=mine)
    return after, theirs


def position(puzzle: Puzzle, step: int) -> Board:
    """The position a solver who played `step` of the solver's moves right faces (with the line so far
    as the board's history, its last move the opponent's reply)."""
    board = puzzle.board()
    for text in puzzle.solution[: 2 * step]:
        board.push(board.parse_move(text))
    return board


def line_moves(puzzle: Puzzle, first: int = 0) -> list[Move]:
    """The solution's moves from ply `first` on, as moves (for arrows)."""
    board = puzzle.board()
    moves = []
    for index, text in enumerate(puzzle.solution):
        move = board.parse_move(text)
        if index >= first:
            moves.append(move)
        board.push(move)
    return moves


class Verdict(enum.StrEnum):
    RIGHT = "right"  # the next solver's move of the line: the opponent replies, the solver goes on
    SOLVED = "solved"  # the last solver's move of the line
    WRONG = "wrong"


@dataclass(frozen=True)
class Judged:
    """A solver's move judged: `move` as played, `reply` the opponent's answer from the solution (when
    the line goes on), `board` the position after both, `expected` the move the line wanted."""

    verdict: Verdict
    move: Move
    expected: Move
    board: Board
    reply: Move | None = None


def judge(puzzle: Puzzle, step: int, text: str) -> Judged:
    """A solver at `step` plays `text` (any form of a move the game reads): right, solved or wrong. A text
    that is no legal move raises the engine's `MoveError` (nothing is judged)."""
    board = position(puzzle, step)
    move = board.parse_move(text)
    expected = board.parse_move(puzzle.solution[2 * step])
    if move != expected:
        board.push(move)
        return Judged(Verdict.WRONG, move, expected, board)
    board.push(move)
    reply = None
    if 2 * step + 1 < len(puzzle.solution):
        reply = board.parse_move(puzzle.solution[2 * step + 1])
        board.push(reply)
    last = step + 1 >= len(puzzle.moves)
    return Judged(Verdict.SOLVED if last else Verdict.RIGHT, move, expected, board, reply)
