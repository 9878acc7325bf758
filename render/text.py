"""A text board for the console and for chats without pictures."""

from __future__ import annotations

from engine import Board, Color, Piece
from render.layout import layout_for

UNICODE = {
    (Color.WHITE, False): "○",
    (Color.WHITE, True): "◎",
    (Color.BLACK, False): "●",
    (Color.BLACK, True): "◉",
}


def _symbol(board: Board, piece: Piece, ascii_only: bool) -> str:
    if not ascii_only:
        return UNICODE[piece.color, piece.king]
    letter = board.variant.side_name(piece.color)[0]
    return letter.upper() if piece.king else letter.lower()


def render_text(board: Board, *, flipped: bool = False, ascii_only: bool = False, legend: bool = True) -> str:
    """The board as monospaced text: pieces as symbols, empty playing squares as their numbers, files and
    ranks on the edges, then a legend and whose turn it is. `ascii_only` uses letters (w, b or r for men,
    capitals for kings) for terminals without the symbols. Without `legend`, only the board and its edges
    (a caller writing the legend and the status in another language adds its own lines).

    >>> print(render_text(Board("english", fen="B:W21,K30:B9"), ascii_only=True))
       a  b  c  d  e  f  g  h
    8     1     2     3     4
    7  5     6     7     8
    6     r    10    11    12
    5 13    14    15    16
    4    17    18    19    20
    3  w    22    23    24
    2    25    26    27    28
    1 29     W    31    32
    r Red, w White (R, W kings)
    Red to move
    """
    v = board.variant
    layout = layout_for(v)
    n = layout.n
    order = list(range(n))[::-1] if flipped else list(range(n))
    width = len(str(n))  # of the longest rank name
    lines = [" " * (width + 1) + "".join(f" {layout.files[c]} " for c in order).rstrip()]
    for row in order:
        cells = []
        for col in order:
            sq = v.square_at(row, col)
            piece = board.piece_at(sq) if sq is not None else None
            if piece is not None:
                cells.append(f" {_symbol(board, piece, ascii_only)} ")
            elif sq is not None:
                cells.append(f"{sq:>2} ")
            else:
                cells.append("   ")
        lines.append(f"{layout.ranks[row]:>{width}} " + "".join(cells).rstrip())
    if not legend:
        return "\n".join(lines)
    white, black = Piece(Color.WHITE), Piece(Color.BLACK)
    men = ", ".join(f"{_symbol(board, p, ascii_only)} {v.side_name(p.color)}" for p in (black, white))
    kings = ", ".join(_symbol(board, Piece(p.color, True), ascii_only) for p in (black, white))
    lines.append(f"{men} ({kings} kings)")
    status = f"{v.side_name(board.turn)} to move"
    last = board.peek()
    if last is not None:
        status += f"; last move {last}"
    lines.append(status)
    return "\n".join(lines)
