"""The board: a position, its legal moves, push/pop, draw rules and game end."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine import movegen, notation
from engine.errors import IllegalMoveError, Reason
from engine.fen import format_fen, parse_fen
from engine.geometry import bit_indices
from engine.movegen import to_move
from engine.types import Color, Move, Outcome, Piece, Termination
from engine.variants import Variant, get_variant

WHITE, BLACK = Color.WHITE, Color.BLACK
# A legal move's effect as masks: start bit, end bit, captured bits.
_Step = tuple[int, int, int]
_Legal = dict[Move, _Step]
# The position: white, black, kings (bitboards) and the side to move. Also the repetition key.
_Pos = tuple[int, int, int, Color]
# Occurrences of the positions since the last man move or capture (None: only the current one, once;
# nothing before an irreversible move can occur again).
_Reps = dict[_Pos, int] | None
# The FMJD endgame class: (3 or 2 pieces against a lone king, stronger side 0 white / 1 black).
_Endgame = tuple[int, int] | None
# The counters: plies with only king moves and no capture, endgame class, plies in that class, reps.
_Counters = tuple[int, _Endgame, int, _Reps]
# A snapshot for pop(): position, counters, and the legal moves (so pop() need not generate them).
_State = tuple[_Pos, _Counters, _Legal | None]
# Plain moves of each variant, made once and shared: (variant, raw) -> (Move, step).
_PLAIN: dict[tuple[str, movegen.RawMove], tuple[Move, _Step]] = {}


class LegalMoves:
    """A lazy view of the legal moves: iterate it, count it, test `in` and truth."""

    def __init__(self, board: Board) -> None:
        self._board = board

    def __iter__(self) -> Iterator[Move]:
        # safe while pushing: a cached dict is never changed, only replaced
        return iter(self._board._legal())

    def __len__(self) -> int:
        board = self._board  # Board._count_legal, inlined: len() is the bulk count of perft
        if board._cache is not None:
            return len(board._cache)
        white, black, kings, turn = board._pos
        if turn is WHITE:
            return board._count(white, black, kings, True)
        return board._count(black, white, kings, False)

    def __bool__(self) -> bool:
        return self._board._count_legal() > 0

    def __contains__(self, move: object) -> bool:
        return move in self._board._legal()

    def __repr__(self) -> str:
        return f"<LegalMoves: {', '.join(map(str, self))}>"


class Board:
    """A draughts position with its history.

    >>> b = Board("english")
    >>> len(b.legal_moves), b.turn
    (7, <Color.BLACK: 'B'>)
    >>> b.push(b.parse_move("9-13")); b.fen()
    'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,11,12,13'
    >>> str(b.pop())
    '9-13'
    """

    def __init__(self, variant: str | Variant = "english", fen: str | None = None) -> None:
        self.variant: Variant = get_variant(variant)
        self._geo = self.variant.geometry
        self._gen = movegen.generator(self.variant)
        self._count = self._gen.count
        self._top, self._bottom = self._geo.top_row, self._geo.bottom_row
        self._endgame_rule = self.variant.endgame_rule
        self._view = LegalMoves(self)
        self.set_fen(fen or self.variant.start_fen())

    # -- setting up -------------------------------------------------------------------------------------

    def set_fen(self, fen: str) -> None:
        """Set up the position of a FEN and forget the history."""
        turn, pieces = parse_fen(fen, self.variant.squares)
        white = black = kings = 0
        bit_of = self._geo.bit_of
        for sq, piece in pieces.items():
            bit = 1 << bit_of[sq]
            if not piece.king and bit & (self._top if piece.color is WHITE else self._bottom):
                name = self.variant.side_name(piece.color)
                raise ValueError(f"FEN {fen!r}: a {name} man on {sq} would already be crowned")
            if piece.color is Color.WHITE:
                white |= bit
            else:
                black |= bit
            if piece.king:
                kings |= bit
        self._pos: _Pos = (white, black, kings, turn)
        self._counters: _Counters = (0, self._endgame_class(), 0, None)
        self._stack: list[_State] = []
        self.move_stack: list[Move] = []
        self._cache: _Legal | None = None
        self.start_fen = self.fen()

    def copy(self, *, history: bool = True, caches: bool = True) -> Board:
        """An independent board with the same position and history; with `history=False`, the position
        and its last move only (what a picture needs: it pickles small, and it can `pop` that one move);
        with `caches=False`, without the legal moves remembered for earlier positions (a board kept for
        long: `pop` finds them again).

        >>> b = Board("english"); b.push_str("11-15"); b.push_str("22-18")
        Move(path=(11, 15), captures=())
        Move(path=(22, 18), captures=())
        >>> c = b.copy(history=False)
        >>> (c.fen() == b.fen(), str(c.peek()), len(b.copy().move_stack), len(c.move_stack))
        (True, '22-18', 2, 1)
        >>> str(c.pop()), c.fen() == b.copy().fen()
        ('22-18', False)
        >>> lean = b.copy(caches=False); str(lean.pop()), sorted(map(str, lean.legal_moves))[:2]
        ('22-18', ['21-17', '22-17'])
        """
        other = Board.__new__(Board)
        other.__dict__.update(self.__dict__)
        other._view = LegalMoves(other)
        if not history:  # no repetition tables either: nothing earlier to repeat
            other._stack = [(pos, (*counters[:3], None), legal) for pos, counters, legal in self._stack[-1:]]
            other._counters, other.move_stack = (*self._counters[:3], None), self.move_stack[-1:]
            return other
        # the repetition tables are changed in place while current: give the copy its own
        copies: dict[int, dict[_Pos, int]] = {}

        def own(counters: _Counters) -> _Counters:
            reps = counters[3]
            if reps is None:
                return counters
            return (*counters[:3], copies.setdefault(id(reps), dict(reps)))

        other._stack = [(pos, own(counters), legal if caches else None)
                        for pos, counters, legal in self._stack]
        other._counters = own(self._counters)
        other.move_stack = list(self.move_stack)
        return other

    def __getstate__(self) -> dict[str, object]:
        """What a pickled board keeps: the variant's name, the position, counters and history.

        >>> import pickle
        >>> b = Board("italian"); b.push(b.parse_move("21-17"))
        >>> c = pickle.loads(pickle.dumps(b))
        >>> (c.fen() == b.fen(), str(c.pop()), c.fen() == Board("italian").fen())
        (True, '21-17', True)
        """
        return {"variant": self.variant.name, "_pos": self._pos, "_counters": self._counters,
                "_stack": [(pos, counters, None) for pos, counters, _ in self._stack],
                "move_stack": self.move_stack, "start_fen": self.start_fen}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(state["variant"])  # type: ignore[misc]
        self._pos, self._counters, self._stack = state["_pos"], state["_counters"], state["_stack"]
        self.move_stack, self.start_fen = state["move_stack"], state["start_fen"]
        self._cache = None

    # -- reading the position ---------------------------------------------------------------------------

    @property
    def turn(self) -> Color:
        """The side to move."""
        return self._pos[3]

    def piece_at(self, square: int) -> Piece | None:
        """The piece on a square, or None."""
        bit = 1 << self._geo.bit_of[square]
        white, black, kings, _ = self._pos
        if white & bit:
            return Piece(WHITE, bool(kings & bit))
        if black & bit:
            return Piece(BLACK, bool(kings & bit))
        return None

    def pieces(self) -> dict[int, Piece]:
        """Every occupied square and its piece."""
        white, black, kings, _ = self._pos
        square_of = self._geo.square_of
        out: dict[int, Piece] = {}
        for color, bits in ((WHITE, white), (BLACK, black)):
            for bit in bit_indices(bits):
                out[square_of[bit]] = Piece(color, bool(kings >> bit & 1))
        return out

    def fen(self) -> str:
        """The position as PDN FEN."""
        return format_fen(self.turn, self.pieces())

    @property
    def ply(self) -> int:
        """Half-moves played since the starting position."""
        return len(self.move_stack)

    def peek(self) -> Move | None:
        """The last move played, or None."""
        return self.move_stack[-1] if self.move_stack else None

    def bitboards(self) -> tuple[int, int, int]:
        """(own, opp, kings) from the side to move's point of view, in the geometry's bit layout."""
        white, black, kings, turn = self._pos
        if turn is WHITE:
            return white, black, kings
        return black, white, kings

    # -- moves ------------------------------------------------------------------------------------------

    @property
    def legal_moves(self) -> LegalMoves:
        """The legal moves of the side to move (captures only when one exists)."""
        return self._view

    def _legal(self) -> _Legal:
        """The legal moves with their raw form, in generation order (cached per position)."""
        if self._cache is None:
            white, black, kings, turn = self._pos
            if turn is WHITE:
                raws = self._gen.legal(white, black, kings, True)
            else:
                raws = self._gen.legal(black, white, kings, False)
            cache: _Legal = {}
            name = self.variant.name
            geo = self._geo
            for raw in raws:
                path, caps = raw
                if caps:
                    capmask = 0
                    for c in caps:
                        capmask |= 1 << c
                    cache[to_move(geo, raw)] = (1 << path[0], 1 << path[-1], capmask)
                    continue
                key = (name, raw)
                plain = _PLAIN.get(key)
                if plain is None:
                    plain = _PLAIN[key] = (to_move(geo, raw), (1 << path[0], 1 << path[-1], 0))
                cache[plain[0]] = plain[1]
            self._cache = cache
        return self._cache

    def _count_legal(self) -> int:
        if self._cache is not None:
            return len(self._cache)
        white, black, kings, turn = self._pos
        if turn is WHITE:
            return self._gen.count(white, black, kings, True)
        return self._gen.count(black, white, kings, False)

    def legal_equivalent(self, move: Move) -> Move | None:
        """The legal move with the same start, end and captured pieces as `move`, if any."""
        legal = self._legal()
        if move in legal:
            return move
        ends, captured = (move.start, move.end), sorted(move.captures)
        for m in legal:
            if m.captures and (m.start, m.end) == ends and sorted(m.captures) == captured:
                return m
        return None

    def push(self, move: Move) -> None:
        """Play a legal move (a capture may be given by any of its equivalent paths)."""
        legal = self._cache if self._cache is not None else self._legal()
        step = legal.get(move)
        if step is None:
            equivalent = self.legal_equivalent(move)
            if equivalent is None:
                raise IllegalMoveError(str(move), Reason.NOT_LEGAL, f"{move} is not legal here")
            move, step = equivalent, legal[equivalent]
        pos = self._pos
        counters = self._counters
        self._stack.append((pos, counters, legal))
        white, black, kings, turn = pos
        quiet, endgame, endgame_plies, reps = counters
        frm, to, capmask = step
        if kings & frm:
            kings = (kings & ~(frm | capmask)) | to
            quiet = 0 if capmask else quiet + 1
        else:
            kings &= ~capmask
            if to & (self._top if turn is WHITE else self._bottom):
                kings |= to
            quiet = 0
        if turn is WHITE:
            white = (white ^ frm) | to
            black &= ~capmask
            new = (white, black, kings, BLACK)
        else:
            black = (black ^ frm) | to
            white &= ~capmask
            new = (white, black, kings, WHITE)
        self._pos = new
        if self._endgame_rule and (white | black).bit_count() <= 4:
            before = endgame
            endgame = self._endgame_class()
            endgame_plies = endgame_plies + 1 if endgame == before and before else 0
        if quiet:
            if reps is None:
                reps = {pos: 1, new: 1}
            else:
                reps[new] = reps.get(new, 0) + 1
        else:
            reps = None
        self._counters = (quiet, endgame, endgame_plies, reps)
        self.move_stack.append(move)
        self._cache = None

    def pop(self) -> Move:
        """Take back the last move and return it."""
        pos, counters, legal = self._stack.pop()
        reps = self._counters[3]
        if reps is not None and reps is counters[3]:  # a king move counted in place: uncount it
            current = self._pos
            count = reps[current]
            if count > 1:
                reps[current] = count - 1
            else:
                del reps[current]
        self._pos, self._counters, self._cache = pos, counters, legal
        return self.move_stack.pop()

    def parse_move(self, text: str) -> Move:
        """The legal move a typed text stands for; raises a `MoveError` subclass saying why not.

        >>> Board("english", fen="B:W14,15,22:B10").parse_move("10x26")
        Move(path=(10, 17, 26), captures=(14, 22))
        """
        return notation.parse_move(self, text)

    def parse_exact(self, text: str) -> Move:
        """The legal move whose canonical text (``str(move)``) is exactly `text`, for replays.

        No short forms, no other spelling: raises `InvalidMoveError` or `IllegalMoveError` otherwise.

        >>> b = Board("english", fen="B:W14,15,22:B10")
        >>> b.parse_exact("10x17x26")
        Move(path=(10, 17, 26), captures=(14, 22))
        >>> b.parse_exact("10x26")
        Traceback (most recent call last):
        ...
        engine.errors.IllegalMoveError: '10x26': not the full text of a legal move here
        """
        return notation.parse_exact(self, text)

    def push_str(self, text: str) -> Move:
        """Play the legal move whose canonical text is exactly `text` (see `parse_exact`); return it.

        >>> b = Board("english")
        >>> b.push_str("11-15")
        Move(path=(11, 15), captures=())
        >>> b.ply, b.turn
        (1, <Color.WHITE: 'W'>)
        """
        move = notation.parse_exact(self, text)
        self.push(move)
        return move

    # -- game end ---------------------------------------------------------------------------------------

    def repetitions(self) -> int:
        """How many times the current position (with the side to move) has occurred."""
        reps = self._counters[3]
        if reps is None:
            return 1
        return reps.get(self._pos, 0)

    @property
    def quiet_plies(self) -> int:
        """Plies in a row in which only kings moved and nothing was captured."""
        return self._counters[0]

    def _endgame_class(self) -> _Endgame:
        """For the FMJD endgame rule: (3 or 2, stronger side 0 white / 1 black), or None.

        Three pieces (at least one a king) against a lone king, or two or fewer against a lone king.
        """
        w, b, k, _ = self._pos
        for side, (strong, lone) in enumerate(((w, b), (b, w))):
            if lone.bit_count() == 1 and lone & k and strong.bit_count() <= 3 and strong & k:
                return (3 if strong.bit_count() == 3 else 2, side)
        return None

    def _draw_reason(self) -> Termination | None:
        v = self.variant
        quiet, endgame, endgame_plies, _ = self._counters
        if self.repetitions() >= 3:
            return Termination.THREEFOLD
        if quiet >= v.quiet_limit:
            return Termination.NO_PROGRESS if v.automatic_draws else Termination.FORTY_MOVES
        if v.endgame_rule and endgame is not None:
            limit = 32 if endgame[0] == 3 else 10
            if endgame_plies >= limit:
                return Termination.ENDGAME
        return None

    def outcome(self) -> Outcome | None:
        """How the game has ended by the rules, or None while it goes on (claims do not end it)."""
        if not self._count_legal():
            return Outcome(self.turn.other, Termination.NO_MOVES)
        if self.variant.automatic_draws:
            reason = self._draw_reason()
            if reason:
                return Outcome(None, reason)
        return None

    def is_game_over(self) -> bool:
        """Whether the game has ended by the rules."""
        return self.outcome() is not None

    def claimable_draw(self) -> Termination | None:
        """A draw the side to move may claim (English): THREEFOLD or FORTY_MOVES; else None."""
        if self.variant.automatic_draws or not self._count_legal():
            return None
        return self._draw_reason()

    def __str__(self) -> str:
        rows = []
        size = self.variant.size
        for r in range(size):
            cells = []
            for c in range(size):
                sq = self.variant.square_at(r, c)
                p = self.piece_at(sq) if sq else None
                ch = "." if sq is None else "-" if p is None else "wbWB"[
                    (p.color is Color.BLACK) + 2 * p.king]
                cells.append(ch)
            rows.append(" ".join(cells))
        return "\n".join(rows)

    def __repr__(self) -> str:
        return f"Board({self.variant.name!r}, fen={self.fen()!r})"
