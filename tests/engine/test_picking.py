"""The move picker's steps: pieces, landing squares, branching captures, Back, and every legal move
reachable by tapping (and nothing else)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Board, Move
from engine.picking import PickError, back, pick


def test_the_first_step_offers_the_pieces_that_can_move() -> None:
    board = Board("english")
    first = pick(board, ())
    assert first.choices == (9, 10, 11, 12) and first.move is None and not first.capture
    assert pick(board, (9,)).choices == (13, 14)
    assert pick(board, (12,)).choices == (16,)  # one way to go is still asked for: no move by accident
    played = pick(board, (9, 14))
    assert played.move == Move((9, 14)) and played.choices == () and played.chosen == (9, 14)


def test_a_compulsory_capture_offers_only_the_capturing_pieces() -> None:
    board = Board("english", fen="B:W14,15:B10,1")  # 1 could step to 5 or 6, but 10 must capture
    assert pick(board, ()).choices == (10,) and pick(board, ()).capture
    with pytest.raises(PickError):
        pick(board, (1,))


def test_maximum_capture_offers_only_the_longest_captures() -> None:
    board = Board("international", fen="W:W33,45:B28,40,30")  # 33x22 takes one, 45x34x25 two
    assert pick(board, ()).choices == (45,)
    assert pick(board, (45,)).choices == (34,)
    assert pick(board, (45, 34)).move == Move((45, 34, 25), (40, 30))


@pytest.mark.parametrize(("variant", "fen", "piece", "first", "branches"), [
    ("english", "B:W6,14,15:B1", 1, 10, (17, 19)),  # 1x10x17 and 1x10x19
    ("international", "W:W38:B33,24,23", 38, 29, (18, 20)),  # 38x29x18 and 38x29x20
])
def test_capture_paths_that_share_a_first_landing_square_then_branch(
        variant: str, fen: str, piece: int, first: int, branches: tuple[int, int]) -> None:
    board = Board(variant, fen=fen)
    assert pick(board, ()).choices == (piece,)
    assert pick(board, (piece,)).choices == (first,)
    shared = pick(board, (piece, first))
    assert shared.move is None and shared.chosen == (piece, first) and shared.choices == branches
    for end in branches:
        done = pick(board, (piece, first, end))
        assert done.move is not None and done.move in board.legal_moves
        assert done.move.path == (piece, first, end)
    assert back(board, (piece, first)) == (piece,) and back(board, (piece,)) == () and back(board, ()) is None


@pytest.mark.parametrize(("variant", "fen", "piece", "moves"), [
    ("english", "B:W14,15,22:B10", 10, {17: "10x17x26", 19: "10x19"}),  # one path goes on, one stops
    ("international", "W:W33:B28,29", 33, {22: "33x22", 24: "33x24"}),
])
def test_capture_paths_that_diverge_at_the_first_landing_square(
        variant: str, fen: str, piece: int, moves: dict[int, str]) -> None:
    board = Board(variant, fen=fen)
    assert pick(board, (piece,)).choices == tuple(sorted(moves))
    for landing, text in moves.items():
        done = pick(board, (piece, landing))
        assert str(done.move) == text and done.choices == () and done.capture


def test_a_landing_square_that_is_the_only_way_on_is_filled_in() -> None:
    # The king on 34 must land on 23 to take 28 next; after that it may stop on 32, 37, 41 or 46.
    board = Board("international", fen="W:WK34:B28,29")
    assert pick(board, (34,)).choices == (23,)
    after = pick(board, (34, 23))
    assert after.choices == (32, 37, 41, 46) and after.move is None
    # The English king on 7 takes 11 and 19 either way (16, then 23), then 26 or 27: asked only at 23.
    board = Board("english", fen="W:WK7:B11,19,26,27")
    assert sorted(str(move) for move in board.legal_moves) == ["7x16x23x30", "7x16x23x32"]
    step = pick(board, (7, 16))
    assert step.chosen == (7, 16, 23) and step.choices == (30, 32)
    assert back(board, step.chosen) == (7,)  # Back skips the landing that was filled in
    assert pick(board, (7, 16, 23, 32)).move == Move((7, 16, 23, 32), (11, 19, 27))


def test_squares_that_start_no_legal_move_are_refused() -> None:
    board = Board("english")
    for squares in ((21,), (9, 18), (9, 13, 17), (99,)):
        with pytest.raises(PickError):
            pick(board, squares)
    with pytest.raises(PickError):
        pick(Board("english", fen="W:W:B1"), ())  # no move at all


def walk(board: Board, chosen: tuple[int, ...], seen: set[Move], depth: int = 0) -> None:
    """Tap every choice from `chosen` on, checking each step; collect the moves reached."""
    step = pick(board, chosen)
    assert step.chosen[: len(chosen)] == chosen
    if step.move is not None:
        assert step.choices == () and step.move not in seen and step.move in board.legal_moves
        seen.add(step.move)
        return
    assert step.choices, "a step with no choice and no move is a dead end"
    assert depth < 60
    if step.chosen:
        assert pick(board, back(board, step.chosen) or ()).choices  # Back lands on a step that asks
    for square in step.choices:
        walk(board, (*step.chosen, square), seen, depth + 1)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["english", "italian", "international"]), st.integers(0, 2**32), st.integers(0, 120))
def test_tapping_reaches_every_legal_move_and_nothing_else(variant: str, seed: int, plies: int) -> None:
    rng = random.Random(seed)
    board = Board(variant)
    for _ in range(plies):
        legal = list(board.legal_moves)
        if not legal:
            break
        board.push(rng.choice(legal))
    if not board.legal_moves:
        return
    seen: set[Move] = set()
    walk(board, (), seen)
    assert seen == set(board.legal_moves)
