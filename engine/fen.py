"""PDN FEN: ``side:Wsquares:Bsquares``, kings prefixed ``K``, ranges like ``1-12`` on input."""

from __future__ import annotations

from engine.types import Color, Piece

Position = tuple[Color, dict[int, Piece]]


def parse_fen(text: str, squares: int) -> Position:
    """Read a FEN into (side to move, pieces by square).

    >>> turn, pieces = parse_fen("B:W14,15,22:BK10", 32)
    >>> turn, sorted(pieces), pieces[10]
    (<Color.BLACK: 'B'>, [10, 14, 15, 22], Piece(color=<Color.BLACK: 'B'>, king=True))
    >>> len(parse_fen("W:W21-32:B1-12", 32)[1])
    24
    """
    cleaned = "".join(text.split()).strip('"').rstrip(".").upper()
    parts = cleaned.split(":")
    if not parts or parts[0] not in ("W", "B"):
        raise ValueError(f"FEN {text!r}: must start with W or B, the side to move")
    turn = Color(parts[0])
    pieces: dict[int, Piece] = {}
    seen: set[str] = set()
    for part in parts[1:]:
        if not part:
            continue
        side = part[0]
        if side not in ("W", "B") or side in seen:
            raise ValueError(f"FEN {text!r}: each side's list starts with W or B, once")
        seen.add(side)
        color = Color(side)
        for item in filter(None, part[1:].split(",")):
            item = item.removeprefix(side)  # tolerate "W:WK17,W29" as written in some texts
            king = item.startswith("K")
            body = item[1:] if king else item
            for sq in _squares(body, text):
                if not 1 <= sq <= squares:
                    raise ValueError(f"FEN {text!r}: {sq} is not a square (1-{squares})")
                if sq in pieces:
                    raise ValueError(f"FEN {text!r}: square {sq} is listed twice")
                pieces[sq] = Piece(color, king)
    return turn, pieces


def _squares(body: str, text: str) -> range:
    lo, sep, hi = body.partition("-")
    if not lo.isdecimal() or (sep and not hi.isdecimal()):
        raise ValueError(f"FEN {text!r}: {body!r} is not a square or a range")
    start = int(lo)
    end = int(hi) if sep else start
    if end < start:
        raise ValueError(f"FEN {text!r}: the range {body!r} runs backwards")
    return range(start, end + 1)


def format_fen(turn: Color, pieces: dict[int, Piece]) -> str:
    """Write a FEN, squares ascending, kings prefixed ``K``.

    >>> from engine.types import Piece, Color
    >>> format_fen(Color.WHITE, {46: Piece(Color.WHITE, True), 24: Piece(Color.BLACK)})
    'W:WK46:B24'
    """
    lists = []
    for color in (Color.WHITE, Color.BLACK):
        items = [
            f"{'K' if p.king else ''}{sq}" for sq, p in sorted(pieces.items()) if p.color is color
        ]
        lists.append(color.value + ",".join(items))
    return f"{turn.value}:{lists[0]}:{lists[1]}"
