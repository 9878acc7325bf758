"""Reading typed moves: forgiving input, exact refusals; and the exact reading that replays use.

`parse_move` accepts the full path (``10x17x26``), start and end (``10x26``), an unambiguous prefix
(``10x17``), ``-`` for a capture when only one fits, algebraic squares (``c3-d4``), any case and spacing.
`parse_exact` accepts only a legal move's canonical text, exactly as ``str(move)`` writes it.

Both read a position through the `Position` protocol (which `engine.board.Board` provides), so this
module does not import the board: the board imports it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Protocol

from engine import movegen
from engine.errors import (
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidMoveError,
    MoveError,
    Reason,
)
from engine.types import Color, Move, Piece
from engine.variants import Variant


class Position(Protocol):
    """What the parsers read from a board (`engine.board.Board` has all of it)."""

    @property
    def variant(self) -> Variant: ...

    @property
    def turn(self) -> Color: ...

    @property
    def legal_moves(self) -> Iterable[Move]: ...

    def piece_at(self, square: int) -> Piece | None: ...

    def bitboards(self) -> tuple[int, int, int]: ...

    def legal_equivalent(self, move: Move) -> Move | None: ...


MAX_LENGTH = 64
MAX_EXACT_LENGTH = 256
_EXACT = re.compile(r"[1-9]\d{0,2}(?:-[1-9]\d{0,2}|(?:x[1-9]\d{0,2})+)")
_TOKEN = r"(?:\d{1,3}|[a-z]\d{1,2})"
_MOVE = re.compile(rf"{_TOKEN}(?:[-x:]{_TOKEN})+")
_ITALIAN_REASONS = (
    Reason.NOT_MAXIMUM,
    Reason.MUST_CAPTURE_WITH_KING,
    Reason.MUST_CAPTURE_MORE_KINGS,
    Reason.MUST_MEET_KING_EARLIER,
)


_DASHES = str.maketrans({"×": "x", "–": "-", "—": "-", "‐": "-", "‑": "-", "‒": "-", "−": "-"})


class Written(str):
    """A move text as `move_text` read it: `parse_move` takes it as it is, without reading it again."""

    __slots__ = ()


def move_text(text: str) -> Written | None:
    """The move a text is written as, cleaned (lower case, no spaces, every dash a hyphen), or None when
    the text is not shaped like a move. The one grammar of typed moves: squares are not checked here.

    >>> move_text(" 9 – 13 "), move_text("C3-D4"), move_text("10x17x26"), move_text("hello")
    ('9-13', 'c3-d4', '10x17x26', None)
    """
    if len(text) > MAX_LENGTH:
        return None
    cleaned = text.strip().lower().translate(_DASHES)
    cleaned = re.sub(r"\s*([-x:])\s*", r"\1", cleaned)
    cleaned = re.sub(r"\s+", "-", cleaned)
    return Written(cleaned) if _MOVE.fullmatch(cleaned) else None


def split_squares(text: str, board: Position) -> list[int]:
    """The squares a move text names; raises `InvalidMoveError` for bad syntax or a non-square.

    >>> from engine.board import Board
    >>> split_squares(" C3 - d4 ", Board("english"))
    [22, 18]
    """
    if len(text) > MAX_LENGTH:
        raise InvalidMoveError(text, Reason.TOO_LONG, f"a move is at most {MAX_LENGTH} characters")
    cleaned = text if isinstance(text, Written) else move_text(text)
    if cleaned is None:
        raise InvalidMoveError(text, Reason.BAD_SYNTAX, "write a move like 9-13 or 10x17x26")
    variant = board.variant
    squares = []
    for token in re.split(r"[-x:]", cleaned):
        if token.isdigit():
            number = int(token)
            sq = number if 1 <= number <= variant.squares else None
        else:
            sq = variant.square_from_algebraic(token)
        if sq is None:
            raise InvalidMoveError(
                text, Reason.NOT_A_SQUARE,
                f"{token} is not a playing square of the {variant.title} board",
                details={"square": token, "max": variant.squares},
            )
        squares.append(sq)
    return squares


def _as_squares(board: Position, seqs: list[movegen.RawMove]) -> list[Move]:
    geometry = board.variant.geometry
    return [movegen.to_move(geometry, seq) for seq in seqs]


def _matches(path: tuple[int, ...], wanted: list[int]) -> str | None:
    """How a typed square list fits a path: "exact", "ends", "prefix" or None."""
    if list(path) == wanted:
        return "exact"
    if len(wanted) == 2 and path[0] == wanted[0] and path[-1] == wanted[1]:
        return "ends"
    if len(path) > len(wanted) and list(path[: len(wanted)]) == wanted:
        return "prefix"
    return None


def parse_exact(board: Position, text: str) -> Move:
    """The legal move whose canonical text (``str(move)``) is exactly `text`; no guessing.

    >>> from engine.board import Board
    >>> board = Board("english", fen="B:W14,15,22:B10")
    >>> parse_exact(board, "10x17x26")
    Move(path=(10, 17, 26), captures=(14, 22))
    >>> parse_exact(board, "10x26")
    Traceback (most recent call last):
    ...
    engine.errors.IllegalMoveError: '10x26': not the full text of a legal move here
    """
    if len(text) > MAX_EXACT_LENGTH:
        raise InvalidMoveError(text, Reason.TOO_LONG, f"a move is at most {MAX_EXACT_LENGTH} characters")
    if not _EXACT.fullmatch(text):
        raise InvalidMoveError(text, Reason.BAD_SYNTAX, "not a move in canonical notation (9-13, 10x17x26)")
    path = tuple(int(square) for square in re.split("[-x]", text))
    found = False
    for move in board.legal_moves:
        found = True
        if move.path == path and str(move) == text:
            return move
    if not found:
        raise IllegalMoveError(text, Reason.GAME_OVER, "the side to move has no legal move: the game is over")
    raise IllegalMoveError(text, Reason.NOT_LEGAL, "not the full text of a legal move here")


def parse_move(board: Position, text: str) -> Move:
    """The legal move `text` stands for on `board`, or a typed error saying why there is none."""
    wanted = split_squares(text, board)
    legal = list(board.legal_moves)
    if not legal:
        raise IllegalMoveError(text, Reason.GAME_OVER, "the side to move has no legal move: the game is over")
    # every allowed path, including the other directions of a circular capture, mapped to its move
    paths: list[tuple[Move, Move]] = [(m, m) for m in legal]
    if legal[0].is_capture:
        own, opp, kings = board.bitboards()
        raw = movegen.capture_sequences(board.variant, own, opp, kings, board.turn is Color.WHITE)
        allowed = movegen.apply_capture_rule(board.variant.capture_rule, raw, kings)
        for alt in _as_squares(board, allowed):
            canon = board.legal_equivalent(alt)
            if canon is not None and canon != alt:
                paths.append((alt, canon))
    found: dict[str, set[Move]] = {"exact": set(), "ends": set(), "prefix": set()}
    for alt, canon in paths:
        how = _matches(alt.path, wanted)
        if how:
            found[how].add(canon)
    if found["exact"]:
        return next(iter(found["exact"]))
    candidates = found["ends"] | found["prefix"]
    if len(candidates) == 1:
        return next(iter(candidates))
    if candidates:
        ordered = tuple(sorted(candidates, key=lambda m: m.path))
        if not found["ends"]:
            raise IllegalMoveError(
                text, Reason.INCOMPLETE, "the capture goes on; say which way", ordered
            )
        raise AmbiguousMoveError(text, Reason.AMBIGUOUS, "several moves fit; say which", ordered)
    raise _diagnose(board, text, wanted, legal)


def _diagnose(board: Position, text: str, wanted: list[int], legal: list[Move]) -> MoveError:
    """The rule a move that fits no legal move breaks."""
    start = wanted[0]
    piece = board.piece_at(start)
    if piece is None:
        return IllegalMoveError(text, Reason.NO_PIECE, f"there is no piece on {start}",
                                details={"square": start})
    if piece.color is not board.turn:
        return IllegalMoveError(
            text, Reason.OPPONENT_PIECE,
            f"the piece on {start} belongs to {board.variant.side_name(piece.color)}",
            details={"square": start},
        )
    if legal[0].is_capture:
        return _diagnose_capture(board, text, wanted, legal, piece.king)
    return _diagnose_step(board, text, wanted, legal, piece.king)


def _diagnose_capture(
    board: Position, text: str, wanted: list[int], legal: list[Move], king: bool
) -> MoveError:
    variant = board.variant
    own, opp, kings = board.bitboards()
    raw = movegen.capture_sequences(variant, own, opp, kings, board.turn is Color.WHITE)
    tried = [
        (seq, m) for seq, m in zip(raw, _as_squares(board, raw), strict=True) if _matches(m.path, wanted)
    ]
    best_count = len(legal[0].captures)
    crowned = _crowned_before(board, wanted, _as_squares(board, raw), king)
    if crowned is not None:
        return IllegalMoveError(
            text, Reason.CROWNING_ENDS_MOVE,
            f"the man is crowned on {crowned.end} and the move ends there", tuple(legal),
            details={"square": crowned.end},
        )
    if tried:
        if variant.capture_rule == "italian":
            top = movegen.italian_rank(movegen.apply_capture_rule(variant.capture_rule, raw, kings)[0], kings)
            mine = max(movegen.italian_rank(seq, kings) for seq, _ in tried)
            index = next(i for i in range(4) if mine[i] != top[i])
            reason = _ITALIAN_REASONS[index]
        else:
            reason = Reason.NOT_MAXIMUM
        yours = max(len(m.captures) for _, m in tried)
        return IllegalMoveError(
            text, reason, f"another capture is compulsory ({best_count} pieces)", tuple(legal),
            details={"count": best_count, "yours": yours},
        )
    if len(wanted) >= 2:
        special = _capture_shape_reason(board, wanted, king)
        if special is not None:
            return IllegalMoveError(text, special, "that capture is not allowed", tuple(legal),
                                    details={"square": wanted[0]})
    return IllegalMoveError(
        text, Reason.CAPTURE_COMPULSORY, "a capture is compulsory", tuple(legal),
        details={"count": best_count},
    )


def _crowned_before(board: Position, wanted: list[int], sequences: list[Move], king: bool) -> Move | None:
    """The capture sequence that `wanted` goes on past, when it ends because its man is crowned there
    (English and Italian rules; an International man goes on capturing over the far row)."""
    variant = board.variant
    if king or not variant.promotion_ends_capture:
        return None
    crowning = variant.promotion_row(board.turn)
    for move in sequences:
        size = len(move.path)
        if size < len(wanted) and list(move.path) == wanted[:size] and move.end in crowning:
            return move
    return None


def _capture_shape_reason(board: Position, wanted: list[int], king: bool) -> Reason | None:
    """For a first jump the rules forbid: a man taking a king (Italian) or jumping backward."""
    variant = board.variant
    (r0, c0), (r1, c1) = variant.coords(wanted[0]), variant.coords(wanted[1])
    if abs(r1 - r0) != 2 or abs(c1 - c0) != 2:
        return None
    mid_sq = variant.square_at((r0 + r1) // 2, (c0 + c1) // 2)
    victim = board.piece_at(mid_sq) if mid_sq else None
    if victim is None or victim.color is board.turn or king:
        return None
    if victim.king and not variant.men_capture_kings:
        return Reason.MAN_CANNOT_CAPTURE_KING
    forward = (r1 < r0) == (board.turn is Color.WHITE)
    if not forward and not variant.men_capture_backward:
        return Reason.MEN_NOT_BACKWARD
    return None


def _diagnose_step(
    board: Position, text: str, wanted: list[int], legal: list[Move], king: bool
) -> MoveError:
    variant = board.variant
    start, end = wanted[0], wanted[1]
    mine = tuple(m for m in legal if m.start == start)
    others = mine or tuple(legal)

    def refuse(reason: Reason, message: str, **details: int | str) -> MoveError:
        return IllegalMoveError(text, reason, message, others, details={"square": end, **details})

    if len(wanted) > 2:
        return refuse(Reason.NOT_LEGAL, "there is nothing to capture on that path")
    occupant = board.piece_at(end)
    if occupant is not None:
        return refuse(Reason.OCCUPIED, f"square {end} is occupied")
    (r0, c0), (r1, c1) = variant.coords(start), variant.coords(end)
    if abs(r1 - r0) != abs(c1 - c0) or r0 == r1:
        return refuse(Reason.NOT_DIAGONAL, f"{start} and {end} are not on one diagonal")
    distance = abs(r1 - r0)
    dr, dc = (r1 - r0) // distance, (c1 - c0) // distance
    between = [variant.square_at(r0 + dr * i, c0 + dc * i) for i in range(1, distance)]
    if not king:
        forward = (dr < 0) == (board.turn is Color.WHITE)
        if not forward:
            return refuse(Reason.MEN_NOT_BACKWARD, "men move forward only")
        if distance == 2 and between[0] is not None:
            jumped = board.piece_at(between[0])
            if jumped is not None and jumped.color is board.turn:
                return refuse(Reason.OWN_PIECE, "you cannot jump your own piece")
            if jumped is not None and jumped.king and not variant.men_capture_kings:
                return refuse(Reason.MAN_CANNOT_CAPTURE_KING, "a man cannot capture a king")
        return refuse(Reason.TOO_FAR, "a man moves one square at a time", distance=distance)
    if not variant.flying_kings:
        return refuse(Reason.KINGS_DO_NOT_FLY, "kings move one square at a time here", distance=distance)
    blocked = [sq for sq in between if sq is not None and board.piece_at(sq) is not None]
    if blocked:
        return refuse(Reason.OCCUPIED, f"square {blocked[0]} is in the way", blocking=blocked[0])
    return refuse(Reason.NOT_LEGAL, "that move is not legal here")
