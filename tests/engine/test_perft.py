"""Perft from the start position against the published tables in docs/RULES.md."""

import pytest

from engine import Board
from engine.__main__ import main as cli

PUBLISHED = {
    "english": [7, 49, 302, 1469, 7361, 36768, 179740],
    "italian": [7, 49, 302, 1469, 7361, 36473, 177532],
    "international": [9, 81, 658, 4265, 27117, 167140],
}


def perft(board: Board, depth: int) -> int:
    """Perft through the public API only (push/pop), independent of the bulk counter."""
    if depth == 0:
        return 1
    total = 0
    for move in list(board.legal_moves):
        board.push(move)
        total += perft(board, depth - 1)
        board.pop()
    return total


@pytest.mark.parametrize("variant", sorted(PUBLISHED))
def test_published_perft_with_bulk_counting(variant: str, capsys: pytest.CaptureFixture[str]) -> None:
    table = PUBLISHED[variant]
    assert cli(["perft", variant, str(len(table))]) == 0
    lines = capsys.readouterr().out.splitlines()
    got = [tuple(map(int, line.split()[:2])) for line in lines]
    assert got == [(d + 1, n) for d, n in enumerate(table)]


@pytest.mark.parametrize("variant", sorted(PUBLISHED))
def test_published_perft_through_push_and_pop(variant: str) -> None:
    board = Board(variant)
    fen = board.fen()
    assert perft(board, 4) == PUBLISHED[variant][3]
    assert board.fen() == fen and board.ply == 0


def test_perft_from_a_fen_with_kings() -> None:
    # a flying king with a circular capture: both directions are one move
    board = Board("international", fen="W:WK46:B24,28")
    assert perft(board, 1) == 2
