"""Property tests: random playouts keep the invariants, push/pop and FEN round-trip, parsing is total."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Board, Color, MoveError, Piece

VARIANTS = st.sampled_from(["english", "italian", "international"])


def capture_exists(board: Board) -> bool:
    """An independent check, on coordinates only, whether the side to move can capture."""
    v = board.variant
    pieces = board.pieces()
    for sq, piece in pieces.items():
        if piece.color is not board.turn:
            continue
        r, c = v.coords(sq)
        forward = -1 if piece.color is Color.WHITE else 1
        for dr in (-1, 1):
            if not piece.king and dr != forward and not v.men_capture_backward:
                continue
            for dc in (-1, 1):
                i = 1
                while piece.king and v.flying_kings:
                    s = v.square_at(r + i * dr, c + i * dc)
                    if s is None or s in pieces:
                        break
                    i += 1
                mid = v.square_at(r + i * dr, c + i * dc)
                land = v.square_at(r + (i + 1) * dr, c + (i + 1) * dc)
                if mid is None or land is None or land in pieces or mid not in pieces:
                    continue
                victim = pieces[mid]
                if victim.color is piece.color:
                    continue
                if victim.king and not piece.king and not v.men_capture_kings:
                    continue
                return True
    return False


@settings(max_examples=40, deadline=None)
@given(VARIANTS, st.randoms(use_true_random=False))
def test_random_playouts_keep_the_invariants(variant: str, rng: random.Random) -> None:
    board = Board(variant)
    history = []
    for _ in range(200):
        counted = len(board.legal_moves)  # counted without building the moves
        moves = list(board.legal_moves)
        assert counted == len(moves)
        if not moves:
            outcome = board.outcome()
            assert outcome is not None and outcome.winner is board.turn.other
            break
        assert all(m.is_capture for m in moves) == capture_exists(board)
        if board.variant.capture_rule != "free" and moves[0].is_capture:
            assert len({len(m.captures) for m in moves}) == 1
        move = rng.choice(moves)
        before = board.pieces()
        fen_before = board.fen()
        board.push(move)
        after = board.pieces()
        mover = before[move.start]
        assert len(after) == len(before) - len(move.captures)
        assert set(move.captures) <= set(before) and not set(move.captures) & set(after)
        assert all(before[c].color is not mover.color for c in move.captures)
        assert after[move.end].color is mover.color
        if not mover.king:
            assert after[move.end].king == (move.end in board.variant.promotion_row(mover.color))
        untouched = set(before) - set(move.captures) - {move.start}
        assert all(after[sq] == before[sq] for sq in untouched if sq != move.end)
        assert Board(variant, fen=board.fen()).fen() == board.fen()
        history.append(fen_before)
        if board.is_game_over():
            break
    while board.move_stack:
        board.pop()
        assert board.fen() == history.pop()
    assert board.fen() == Board(variant).fen()


@settings(max_examples=200, deadline=None)
@given(VARIANTS, st.text(max_size=80))
def test_parsing_any_text_gives_a_legal_move_or_a_typed_error(variant: str, text: str) -> None:
    board = Board(variant)
    try:
        move = board.parse_move(text)
    except MoveError as err:
        assert err.reason
        return
    assert move in board.legal_moves


@settings(max_examples=100, deadline=None)
@given(VARIANTS, st.lists(st.integers(1, 50), max_size=3), st.sampled_from(["-", "x", " "]))
def test_parsing_square_lists(variant: str, squares: list[int], sep: str) -> None:
    board = Board(variant)
    text = sep.join(map(str, squares))
    try:
        move = board.parse_move(text)
    except MoveError:
        return
    assert move in board.legal_moves and move.start == squares[0]


def test_piece_is_a_plain_value() -> None:
    assert Piece(Color.WHITE) == Piece(Color.WHITE, king=False)


@settings(max_examples=30, deadline=None)
@given(VARIANTS, st.randoms(use_true_random=False), st.integers(0, 60))
def test_repetition_counts_match_the_history(variant: str, rng: random.Random, copy_at: int) -> None:
    fen = {"english": "B:WK29,K30,25:BK1,K2,8", "italian": "W:WK29,K30,25:BK1,K2,8",
           "international": "W:WK46,K47,36:BK4,K5,15"}[variant]
    board = Board(variant, fen=fen)
    seen = [board.fen()]
    copy = None
    for ply in range(80):
        moves = list(board.legal_moves)
        if not moves or board.is_game_over():
            break
        board.push(rng.choice(moves))
        seen.append(board.fen())
        assert board.repetitions() == seen.count(board.fen())
        if ply == copy_at:
            copy = board.copy()
    if copy is not None:
        for _ in range(min(10, len(copy.move_stack))):
            copy.pop()
        for move in list(copy.legal_moves)[:1]:
            copy.push(move)
    while board.move_stack:
        board.pop()
        seen.pop()
        assert board.repetitions() == seen.count(board.fen())
