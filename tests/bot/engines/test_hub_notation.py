"""Hub positions and moves from and to Tammi's boards, checked against the fake engine's own reading of
them (tests/fakes/hub_engine.py) over random games."""

from __future__ import annotations

import random

import pytest

from bot.engines.notation import MAX_TAIL, find_move, hub_move, hub_position, split_history
from engine import Board, Move
from tests.fakes.hub_engine import board_of, played


def random_game(seed: int, plies: int) -> Board:
    rng = random.Random(seed)
    board = Board("international")
    for _ in range(plies):
        moves = sorted(board.legal_moves, key=str)
        if not moves:
            break
        board.push(rng.choice(moves))
    return board


@pytest.mark.parametrize("seed", range(30))
def test_positions_and_moves_read_back_as_they_were(seed: int) -> None:
    board = random_game(seed, 20 + seed * 4)
    for version in (1, 2):
        text = hub_position(board, version)
        assert len(text) == 51 and text[0] == (board.turn.value if version == 2 else board.turn.value.lower())
        assert board_of(text).fen() == board.fen()
    for move in board.legal_moves:
        text = hub_move(move)
        same = {m for m in board.legal_moves if after(board, m) == after(board, move)}
        assert find_move(board, text) in same
        other = board_of(hub_position(board))
        played(other, text)  # the fake reads it as the same move
        assert other.fen() == after(board, move)


def after(board: Board, move: Move) -> str:
    copy = board.copy()
    copy.push(move)
    return copy.fen()


def test_a_kings_capture_is_written_with_every_captured_square() -> None:
    board = Board("international", fen="W:WK46:B37,19,10")
    (move,) = board.legal_moves
    assert str(move) == "46x23x14x5" and hub_move(move) == "46x5x37x19x10"
    assert find_move(board, "46x5x10x19x37") == move  # captured squares in any order
    assert find_move(board, "46x5") == move  # the only capture from 46 to 5


def test_moves_that_are_not_legal_here_are_not_found() -> None:
    board = Board("international")
    for text in ("32-27x", "32-26", "1-2", "32x28", "28x19x23", "banana", "", "32-28-23", "0-5", "132-28"):
        assert find_move(board, text) is None, text
    board = Board("international", fen="W:W28:B23,13")
    assert find_move(board, "28x8x23") is None  # one captured square left out


def test_a_capture_without_its_squares_is_refused_when_it_could_mean_two() -> None:
    board = Board("international", fen="W:WK25:B8,9,10,22,38,40")  # two ways from 25 to 35
    assert find_move(board, "25x35") is None
    assert find_move(board, "25x35x9x8x22x40") == Move((25, 3, 17, 44, 35), (9, 8, 22, 40))
    assert find_move(board, "25x35x9x8x38x40") == Move((25, 3, 21, 49, 35), (9, 8, 38, 40))


def test_the_history_starts_after_the_last_man_move_or_capture() -> None:
    board = Board("international", fen="W:WK46,33:BK1,18")
    start = board.fen()
    for text in ("46-37", "1-7", "37-46", "7-1"):
        board.push_str(text)
    base, tail = split_history(board)
    assert base.fen() == start and [hub_move(m) for m in tail] == ["46-37", "1-7", "37-46", "7-1"]
    board.push_str("33-29")  # a man moves: nothing before can be repeated
    base, tail = split_history(board)
    assert base.fen() == board.fen() and tail == []
    board.push_str("1-7")
    assert [hub_move(m) for m in split_history(board)[1]] == ["1-7"]


def test_a_man_crowned_is_not_a_kings_move() -> None:
    board = Board("international", fen="W:W7:BK45")
    board.push_str("7-2")  # crowned
    board.push_str("45-40")
    base, tail = split_history(board)
    assert [hub_move(m) for m in tail] == ["45-40"] and base.piece_at(2) is not None


def test_a_long_shuffle_is_cut_to_the_last_moves() -> None:
    board = Board("international", fen="W:WK46:BK1")
    shuffle = ["46-37", "1-7", "37-46", "7-1"]
    for ply in range(MAX_TAIL + 8):
        board.push_str(shuffle[ply % 4])
    base, tail = split_history(board)
    assert len(tail) == MAX_TAIL
    replay = base.copy()
    for move in tail:
        replay.push(move)
    assert replay.fen() == board.fen()
