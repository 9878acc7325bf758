"""The built-in puzzle sets (engine/data/puzzles_<variant>.json): enough of them, each one consistent with its
own line, and each re-verified by the deeper search.

Every puzzle's line is replayed here (legal, at most five moves of the solver, the gain, the men given and
taken and the game's end as stored). The deeper search (`engine.puzzles.check` with the variant's VERIFY
budget, the search that verified it when it was mined) takes one to a few seconds a puzzle, so by default
a fixed sample of each set is searched again (every SAMPLE-th puzzle, the first included); with
TAMMI_VERIFY_PUZZLES=all in the environment, every puzzle is."""

from __future__ import annotations

import os

import pytest

from engine import Board, Color
from engine import puzzle_set as puzzle_files
from engine.puzzles import MAX_MOVES, Puzzle, Theme, check, self_play

VARIANTS = ("english", "italian", "international")
AT_LEAST = 100
SAMPLE = 12


def balance(board: Board, color: Color) -> int:
    pieces = board.pieces().values()
    return sum(p.color is color for p in pieces) - sum(p.color is not color for p in pieces)


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_set_has_enough_puzzles_each_once(variant: str) -> None:
    puzzles = puzzle_files.builtin(variant)
    assert len(puzzles) >= AT_LEAST
    assert len({p.key for p in puzzles}) == len(puzzles)
    assert {p.variant for p in puzzles} == {variant}
    assert puzzle_files.loads(puzzle_files.dumps(puzzles)) == list(puzzles)


def replay(puzzle: Puzzle) -> None:
    board = puzzle.board()
    assert board.fen() == puzzle.fen and board.turn is puzzle.turn and len(board.legal_moves) >= 2
    start = balance(board, puzzle.turn)
    gives = takes = 0
    for ply, text in enumerate(puzzle.solution):
        move = board.push_str(text)
        if ply % 2:
            gives += len(move.captures)
        else:
            takes += len(move.captures)
    assert 1 <= len(puzzle.moves) <= MAX_MOVES
    assert (gives, takes) == (puzzle.gives, puzzle.takes)
    assert balance(board, puzzle.turn) - start == puzzle.gain
    outcome = board.outcome()
    assert puzzle.wins_game == (outcome is not None and outcome.winner is puzzle.turn)
    assert puzzle.wins_game or puzzle.gain >= 2 or (puzzle.variant == "english" and puzzle.gain == 1
                                                    and puzzle.gives == 1 and puzzle.theme is Theme.SHOT)
    assert 1 <= puzzle.difficulty <= 5 and puzzle.depth >= 1
    assert puzzle.source.kind == "self-play" and puzzle.source.game is not None and puzzle.source.ply


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_puzzle_is_consistent_with_its_line(variant: str) -> None:
    for puzzle in puzzle_files.builtin(variant):
        replay(puzzle)


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_first_puzzle_comes_from_the_self_play_game_it_names(variant: str) -> None:
    puzzle = puzzle_files.builtin(variant)[0]
    assert puzzle.source.game is not None and puzzle.source.ply is not None
    board = Board(variant)
    for text in self_play(variant, puzzle.source.game)[: puzzle.source.ply]:
        board.push_str(text)
    assert board.fen() == puzzle.fen


def verified(variant: str) -> list[Puzzle]:
    puzzles = puzzle_files.builtin(variant)
    return list(puzzles) if os.environ.get("TAMMI_VERIFY_PUZZLES") == "all" else list(puzzles[::SAMPLE])


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_deeper_search_still_finds_each_solution(variant: str) -> None:
    wrong = {p.key: why for p in verified(variant) if (why := check(p)) is not None}
    assert wrong == {}
