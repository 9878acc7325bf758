"""Positions and moves as the Hub protocol writes them, from and to the engine's `Board` and `Move`.

A Hub position is the side to move (`W` or `B`; version 1 writes them `w` and `b`) and then one letter
per square, 1 to 50: `w` a white man, `b` a black man, `W` and `B` kings, `e` empty. A Hub move is
`32-28` for a plain move and `from x to x captured x captured ...` for a capture (the captured squares
in any order, the squares it passes through left out): `28x19x23` takes the man on 23.
"""

from __future__ import annotations

import re

from engine import Board, Color, Move

SQUARES = 50
MAX_TAIL = 60
"""King moves sent after the last man move or capture (the rules draw after 50 such plies)."""
_LETTERS = {(Color.WHITE, False): "w", (Color.BLACK, False): "b", (Color.WHITE, True): "W",
            (Color.BLACK, True): "B"}
_MOVE = re.compile(r"\d{1,2}(?:[-x]\d{1,2})+")


def hub_position(board: Board, version: int = 2) -> str:
    """The position of `board` (International draughts) as a Hub position string.

    >>> hub_position(Board("international"))
    'Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww'
    >>> hub_position(Board("international", fen="B:WK46:B5"), version=1)[:6], len(_)
    ('beeeeb', 51)
    """
    if board.variant.squares != SQUARES:
        raise ValueError(f"the Hub protocol has no positions of {board.variant.title}")
    turn = board.turn.value if version >= 2 else board.turn.value.lower()
    squares = []
    for square in range(1, SQUARES + 1):
        piece = board.piece_at(square)
        squares.append("e" if piece is None else _LETTERS[piece.color, piece.king])
    return turn + "".join(squares)


def hub_move(move: Move) -> str:
    """A move as the Hub protocol writes it.

    >>> hub_move(Move((32, 28))), hub_move(Move((28, 19), (23,))), hub_move(Move((46, 28, 10), (37, 19)))
    ('32-28', '28x19x23', '46x10x37x19')
    """
    if not move.captures:
        return f"{move.start}-{move.end}"
    return "x".join(str(square) for square in (move.start, move.end, *move.captures))


def find_move(board: Board, text: str) -> Move | None:
    """The legal move of `board` that the Hub move `text` names, or None when none does (or, for a capture
    written without its captured squares, when more than one could be meant).

    >>> b = Board("international", fen="W:W28:B23,13")
    >>> find_move(b, "28x8x13x23"), find_move(b, "28x8")
    (Move(path=(28, 19, 8), captures=(23, 13)), Move(path=(28, 19, 8), captures=(23, 13)))
    >>> find_move(b, "28x19x23"), find_move(b, "28-22"), find_move(b, "x")
    (None, None, None)
    """
    if not _MOVE.fullmatch(text):
        return None
    squares = [int(part) for part in re.split(r"[-x]", text)]
    start, end, captured = squares[0], squares[1], set(squares[2:])
    if "-" in text:
        matches = [m for m in board.legal_moves if not m.captures and (m.start, m.end) == (start, end)]
        return matches[0] if len(squares) == 2 and matches else None
    matches = [m for m in board.legal_moves if m.captures and (m.start, m.end) == (start, end)
               and (not captured or set(m.captures) == captured)]
    if not matches or len({frozenset(m.captures) for m in matches}) > 1:
        return None
    return matches[0]  # the others take the same pieces by another path: the same position after


def split_history(board: Board) -> tuple[Board, list[Move]]:
    """The position after the last man move or capture of `board`'s game, and the king moves since (what
    an engine needs to see repetitions; nothing before such a move can be repeated).

    >>> b = Board("international", fen="W:WK46:BK1"); _ = [b.push_str(m) for m in ("46-37", "1-7")]
    >>> base, tail = split_history(b); base.fen(), [hub_move(m) for m in tail]
    ('W:WK46:BK1', ['46-37', '1-7'])
    """
    base = board.copy()
    tail: list[Move] = []
    while base.move_stack and len(tail) < MAX_TAIL:
        move = base.move_stack[-1]
        if move.captures:
            break
        base.pop()
        piece = base.piece_at(move.start)
        if piece is None or not piece.king:
            base.push(move)
            break
        tail.append(move)
    tail.reverse()
    return base, tail
