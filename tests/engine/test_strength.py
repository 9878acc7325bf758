"""The stronger opponent (issue 14): evaluation terms symmetric and meaningful, legal moves in play."""

from __future__ import annotations

import random

import pytest

from engine import Board, Color
from engine.evaluation import WEIGHTS, evaluate, tables
from engine.search import LEVELS, choose_move

VARIANTS = ("english", "italian", "international")


def _flipped(board: Board) -> Board:
    """The same position turned round with the colours swapped (and the other side to move)."""
    n = board.variant.geometry.squares
    sides: dict[Color, list[str]] = {Color.WHITE: [], Color.BLACK: []}
    for sq, piece in sorted(board.pieces().items()):
        sides[piece.color.other].append(("K" if piece.king else "") + str(n + 1 - sq))
    fen = f"{board.turn.other.value}:W{','.join(sides[Color.WHITE])}:B{','.join(sides[Color.BLACK])}"
    return Board(board.variant, fen=fen)


def _random_positions(variant: str, count: int, seed: int) -> list[Board]:
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        board = Board(variant)
        for _ in range(rng.randrange(4, 90)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        if board.legal_moves:
            out.append(Board(variant, fen=board.fen()))
    return out


@pytest.mark.parametrize("variant", VARIANTS)
def test_evaluation_is_symmetric_under_a_colour_flip(variant: str) -> None:
    for board in _random_positions(variant, 60, seed=len(variant)):
        flipped = _flipped(board)
        assert len(flipped.legal_moves) == len(board.legal_moves)
        assert evaluate(flipped) == evaluate(board), board.fen()


def test_every_term_of_the_evaluation_is_symmetric(monkeypatch: pytest.MonkeyPatch) -> None:
    # each weight on its own, so that no term hides behind another
    variant = "international"
    base = WEIGHTS[variant]
    names = [f for f in base.__dataclass_fields__ if f not in ("man", "king")]
    boards = _random_positions(variant, 25, seed=7)
    for name in names:
        weights = type(base)(**{f: 17 if f == name else 0 for f in names}, man=100, king=300)
        monkeypatch.setitem(WEIGHTS, variant, weights)
        tables.cache_clear()
        for board in boards:
            assert evaluate(_flipped(board)) == evaluate(board), (name, board.fen())
    tables.cache_clear()


def test_a_runaway_man_is_worth_more_than_a_blocked_one() -> None:
    # White's man on 16 has a free run to the last row; on 17 the black man on 8 can stop it
    free = Board("international", fen="W:W16,45:B40,10")
    blocked = Board("international", fen="W:W17,45:B40,8")
    assert WEIGHTS["international"].runaway > 0
    assert evaluate(free) > evaluate(blocked)


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_level_plays_legal_moves_through_a_game(variant: str) -> None:
    board = Board(variant)
    rng = random.Random(3)
    while board.outcome() is None and board.ply < 60:
        level = sorted(LEVELS)[board.ply % len(LEVELS)]
        move = choose_move(board, level=level, time_limit=30.0, node_limit=400, rng=rng)
        assert move in board.legal_moves
        board.push(move)
