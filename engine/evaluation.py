"""Static evaluation of a position for the built-in opponent, one set of weights per variant.

Scores are integers in hundredths of a man (a man is worth about 100), seen from the side to move:
positive means the side to move stands better. The evaluation is a sum of weighted terms (:func:`terms`
lists them for a position): a value per square for the men (material, advancement and placement in one
table), kings, mobility and a few structural terms, some of them blended between an opening and an
ending weight by the number of pieces left, and optionally a value for each arrangement of men in 4x4
windows of the board (:func:`pattern_windows`). The weights of a variant come from
``engine/weights/<variant>.json`` when that file exists (written by ``benchmarks/tune_eval.py``, fitted
to self-play results) and from the hand-set :data:`HAND_WEIGHTS` otherwise. The evaluation works on the
raw bitboards of :mod:`engine.movegen` with masks precomputed once per variant.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace
from functools import cache
from pathlib import Path
from typing import Any

from engine.board import Board
from engine.geometry import bit_indices
from engine.movegen import generator
from engine.types import Color
from engine.variants import Variant, get_variant

#: a won game, minus the plies it takes (larger than any evaluation)
MATE = 100_000
#: scores above this are wins found by the search, not evaluations
MATE_BOUND = MATE - 1_000
WEIGHTS_DIR = Path(__file__).resolve().parent / "weights"
#: squares in a pattern window (4 rows by 4 columns of the board), and arrangements of men in one
PATTERN_SQUARES = 8
PATTERN_SIZE = 3**PATTERN_SQUARES
#: bits of one window's index in a packed sum of the indices of a band's windows
_PACK = 13


@dataclass(frozen=True)
class Weights:
    """The knobs of the evaluation for one variant (units: hundredths of a man).

    ``pst_open`` and ``pst_end`` give a white man's value on each square (square 1 first) with all pieces on
    the board and with none; a black man on square ``s`` is worth what a white man is worth on
    ``squares + 1 - s``. Empty tables are made from ``man``, ``man_end``, ``centre_man``, ``edge_man`` and
    the ``advance_*`` weights. Pairs ``*_open``/``*_end`` are blended by the pieces left.
    """

    man: int = 100
    centre_man: int = 6
    edge_man: int = -3  # a man on a side edge is easily blocked
    man_end: int = 50  # a man is worth this much more with few pieces left (trading down when ahead)
    pst_open: tuple[int, ...] = field(default=())
    pst_end: tuple[int, ...] = field(default=())
    king_open: int = 150
    king_end: int = 225
    advance_open: int = 2  # per row of advancement, with all pieces on the board
    advance_end: int = 7  # per row of advancement, with few pieces left
    mobility_open: int = 2  # per plain move more than the opponent
    mobility_end: int = 2
    back_rank: int = 8  # per man still guarding the own back row while the opponent has no king
    centre_king: int = 8
    road_king: int = 0  # a king on the long diagonal (International: controls the board)
    lone_king: int = 0  # having a king when the opponent has none
    balance: int = 0  # per man of difference between the left and the right half (a penalty)
    runaway: int = 0  # a man in the front half with no enemy piece able to stop it (opponent kingless)
    runaway_row: int = 0  # and this much more per row it has advanced into that half
    support: int = 0  # a man whose two back squares are own pieces or off the board (cannot be jumped)
    tempo: int = 0  # having the move
    #: per window of :func:`pattern_windows`, the value of each arrangement of men in it (3**8 entries,
    #: index: sum of 3**i times 1 for a white man, 2 for a black one on the window's i-th square); empty: none
    patterns: tuple[tuple[int, ...], ...] = field(default=())


HAND_WEIGHTS: dict[str, Weights] = {
    # The rule texts: a king is worth about one and a half men where kings move one square.
    "english": Weights(),
    # Italian men cannot capture kings, so a king is a little stronger than in English.
    "italian": Weights(king_open=165, king_end=247),
    # A flying king sweeps the board: worth about three men, more when the opponent has none.
    "international": Weights(
        king_open=300, king_end=450, advance_open=1, advance_end=6, centre_man=5, back_rank=5, road_king=25,
        lone_king=60, runaway=30, runaway_row=10, balance=3,
    ),
}


@cache
def pattern_windows(variant: Variant) -> tuple[tuple[int, ...], ...]:
    """The bits of the squares of each pattern window, 8 a window, ordered by row, then column.

    A window is 4 rows by 4 columns of the board. The windows come in bands of 4 rows, two rows apart
    (the first band is the top 4 rows of the diagram), three a band: left, middle and right. The last window
    is the first turned round, and so on: window ``w`` turned round is window ``len - 1 - w``, its i-th
    square the other's (7 - i)-th.
    """
    size = variant.size
    cols = (0, (size - 4) // 2, size - 4)
    out = []
    for top in range(0, size - 3, 2):
        for left in cols:
            out.append(tuple(variant.geometry.bit_of[sq] for r in range(top, top + 4)
                             for c in range(left, left + 4) if (sq := variant.square_at(r, c)) is not None))
    return tuple(out)


def load_weights(variant: str, path: Path | None = None) -> Weights:
    """The weights of `variant`: from `path`, else the tuned file when there is one, else the hand-set
    ones."""
    if path is None:
        path = WEIGHTS_DIR / f"{variant}.json"
        if not path.exists():
            return HAND_WEIGHTS[variant]
    data = json.loads(path.read_text())
    known = {f.name for f in fields(Weights)} - {"patterns"}
    values: dict[str, Any] = {k: v if isinstance(v, int) else tuple(map(int, v))
                              for k, v in data.items() if k in known}
    if "patterns" in data:
        values["patterns"] = _patterns_from_json(data["patterns"], len(pattern_windows(get_variant(variant))))
    return replace(HAND_WEIGHTS[variant], **values)


def _patterns_from_json(entries: list[list[int]], windows: int) -> tuple[tuple[int, ...], ...]:
    """The values of `windows` pattern windows from their non-zero entries ``[window, index, value]``."""
    tabs = [[0] * PATTERN_SIZE for _ in range(windows)]
    for window, index, value in entries:
        tabs[int(window)][int(index)] = int(value)
    return tuple(tuple(t) for t in tabs)


def patterns_to_json(patterns: tuple[tuple[int, ...], ...]) -> list[list[int]]:
    """The non-zero entries of `patterns`, as :func:`load_weights` reads them."""
    return [[w, i, v] for w, tab in enumerate(patterns) for i, v in enumerate(tab) if v]


#: the weights in use, per variant (tests and benchmarks may replace an entry, then clear `tables`)
WEIGHTS: dict[str, Weights] = {name: load_weights(name) for name in HAND_WEIGHTS}


#: one band of pattern windows: its number, the index parts of its top chunk (white men, black men) and
#: bottom chunk, and the values of its three windows
_Band = tuple[int, list[int], list[int], list[int], list[int], tuple[int, ...], tuple[int, ...],
              tuple[int, ...]]


class Tables:
    """Masks and compiled weights of one variant, for each colour (index 0 white, 1 black)."""

    def __init__(self, variant: Variant) -> None:
        g = variant.geometry
        size = variant.size
        self.variant = variant
        self.weights = w = WEIGHTS[variant.name]
        self.full = 2 * variant.men_per_side
        self.count_quiet = generator(variant).count_quiet
        n = g.squares
        coords = {g.bit_of[sq]: g.coords[sq] for sq in range(1, n + 1)}
        self.coords = coords

        def mask_where(pred: Callable[[int, int], object]) -> int:
            m = 0
            for bit, (r, c) in coords.items():
                if pred(r, c):
                    m |= 1 << bit
            return m

        self.back = (g.bottom_row, g.top_row)
        lo, hi = size // 2 - 1, size // 2
        self.centre = mask_where(lambda r, c: lo - 1 <= r <= hi + 1 and 2 <= c <= size - 3 and (
            lo <= r <= hi or lo <= c <= hi))
        self.edges = mask_where(lambda r, c: c in (0, size - 1))
        self.road = mask_where(lambda r, c: r + c == size - 1) if variant.a1_dark else mask_where(
            lambda r, c: r == c)
        # double corners: the two playing squares beside a corner that is a light square
        dc = 0
        for cr in (0, size - 1):
            for cc in (0, size - 1):
                if variant.square_at(cr, cc) is None:
                    for r, c in ((cr, 1 if cc == 0 else cc - 1), (1 if cr == 0 else cr - 1, cc)):
                        sq = variant.square_at(r, c)
                        if sq is not None:
                            dc |= 1 << g.bit_of[sq]
        self.double_corner = dc
        half = size // 2
        self.left = mask_where(lambda r, c: c < half)
        self.right = mask_where(lambda r, c: c >= half)
        # runaway men: the front half of each colour, and per square the cone of squares from which an
        # enemy piece could still stop or take the man on its way to the last row
        self.front = (mask_where(lambda r, c: r < half), mask_where(lambda r, c: r >= half))
        cones: tuple[dict[int, int], dict[int, int]] = ({}, {})
        for bit, (r, c) in coords.items():
            up = down = 0
            for b2, (r2, c2) in coords.items():
                if b2 != bit and abs(c2 - c) <= abs(r2 - r) + 1:
                    if r2 <= r:
                        up |= 1 << b2
                    if r2 >= r:
                        down |= 1 << b2
            cones[0][bit], cones[1][bit] = up, down
        self.cones = cones
        # rows still to go for a man of each colour on a square
        rows = {b: rc[0] for b, rc in coords.items()}
        self.to_go = (rows, {b: size - 1 - r for b, r in rows.items()})
        # support: the squares whose back-left / back-right neighbour is off the board, per colour
        # (white men move up the diagram, to lower bits: their back squares are the down neighbours)
        self.near, self.far = g.half, g.half + 1
        self.back_off = (
            (mask_where(lambda r, c: r == size - 1 or c == 0),
             mask_where(lambda r, c: r == size - 1 or c == size - 1)),
            (mask_where(lambda r, c: r == 0 or c == 0), mask_where(lambda r, c: r == 0 or c == size - 1)),
        )
        # the men's square values, looked up a chunk of bits at a time (two rows of the diagram each)
        self.pst_open, self.pst_end = self.square_values(w)
        self.chunk_mask = (1 << (size + 1)) - 1
        self.chunks = self._chunks()
        self.bands = self._bands(w.patterns)

    def square_values(self, w: Weights) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The (opening, ending) values of a white man on each square."""
        g = self.variant.geometry
        n = g.squares
        if w.pst_open or w.pst_end:
            if len(w.pst_open) != n or len(w.pst_end) != n:
                raise ValueError(f"{self.variant.name}: square values must be given for all {n} squares")
            return w.pst_open, w.pst_end
        size = self.variant.size
        base = [w.man + w.centre_man * ((self.centre >> g.bit_of[sq]) & 1)
                + w.edge_man * ((self.edges >> g.bit_of[sq]) & 1) for sq in range(1, n + 1)]
        rows = [size - 1 - g.coords[sq][0] for sq in range(1, n + 1)]
        return (tuple(v + w.advance_open * r for v, r in zip(base, rows, strict=True)),
                tuple(v + w.man_end + w.advance_end * r for v, r in zip(base, rows, strict=True)))

    def _bands(self, patterns: tuple[tuple[int, ...], ...]) -> tuple[_Band, ...]:
        """Per band of pattern windows (4 rows: chunks b and b + 1), the packed index parts that each value
        of its two chunks adds for white and black men, and the values of its three windows."""
        if not patterns:
            return ()
        windows = pattern_windows(self.variant)
        if len(patterns) != len(windows) or any(len(p) != PATTERN_SIZE for p in patterns):
            raise ValueError(f"{self.variant.name}: patterns must have {len(windows)} windows of "
                             f"{PATTERN_SIZE} values")
        width = self.variant.size + 1
        out = []
        for b in range(len(windows) // 3):
            parts: list[list[int]] = []
            for chunk, digits in ((b, range(4)), (b + 1, range(4, 8))):
                for colour in (1, 2):
                    part = [0] * (1 << width)
                    for value in range(1 << width):
                        for k in range(3):
                            for i in digits:
                                bit = windows[3 * b + k][i] - chunk * width
                                if value >> bit & 1:
                                    part[value] += colour * 3**i << (_PACK * k)
                    parts.append(part)
            out.append((b, parts[0], parts[1], parts[2], parts[3], patterns[3 * b], patterns[3 * b + 1],
                        patterns[3 * b + 2]))
        return tuple(out)

    def _chunks(self) -> tuple[tuple[int, list[int], list[int], list[int], list[int]], ...]:
        """Per chunk of bits: its shift, then the summed opening and ending values of every set of white
        men in it, and of black men."""
        g = self.variant.geometry
        n = g.squares
        width = self.variant.size + 1
        out = []
        for shift in range(0, max(g.bit_of) + 1, width):
            squares = [(b - shift, sq) for sq, b in enumerate(g.bit_of) if sq and 0 <= b - shift < width]
            tabs: list[list[int]] = [[0] * (1 << width) for _ in range(4)]
            for index in range(1 << width):
                for b, sq in squares:
                    if index >> b & 1:
                        tabs[0][index] += self.pst_open[sq - 1]
                        tabs[1][index] += self.pst_end[sq - 1]
                        tabs[2][index] += self.pst_open[n - sq]
                        tabs[3][index] += self.pst_end[n - sq]
            out.append((shift, tabs[0], tabs[1], tabs[2], tabs[3]))
        return tuple(out)


def pattern_indices(board: Board) -> list[int]:
    """The arrangement index of each pattern window of `board` (its men; kings count as empty squares)."""
    own, opp, kings = board.bitboards()
    wp, bp = (own, opp) if board.turn is Color.WHITE else (opp, own)
    wm, bm = wp & ~kings, bp & ~kings
    out = []
    for window in pattern_windows(board.variant):
        index = 0
        for i, bit in enumerate(window):
            index += 3**i * ((wm >> bit & 1) + 2 * (bm >> bit & 1))
        out.append(index)
    return out


def pattern_turned(index: int) -> int:
    """The index of an arrangement turned round with the colours swapped (see :func:`pattern_windows`)."""
    out = 0
    for i in range(PATTERN_SQUARES):
        digit = index // 3**i % 3
        out += 3 ** (PATTERN_SQUARES - 1 - i) * (0, 2, 1)[digit]
    return out


@cache
def tables(variant: Variant) -> Tables:
    """The precomputed masks of a variant (built once)."""
    return Tables(variant)


def _distance(t: Tables, a: int, b: int) -> int:
    ra, ca = t.coords[a]
    rb, cb = t.coords[b]
    return max(abs(ra - rb), abs(ca - cb))


WEAK_MOVES = 0
CLOSE_IN = 3


def _endgame(t: Tables, strong: int, weak: int, kings: int, weak_moves: int) -> int:
    """Technique with few pieces left, for the side ahead (`strong`): close in, take away moves."""
    bonus = -WEAK_MOVES * weak_moves
    weak_bits = bit_indices(weak)
    for k in bit_indices(strong & kings):
        # default: a set-up position may leave the weak side with no piece at all
        bonus -= CLOSE_IN * min((_distance(t, k, w) for w in weak_bits), default=0)
    if not t.variant.flying_kings:
        # the weaker side runs for a double corner; a king there is hard to catch
        bonus -= 12 * (weak & kings & t.double_corner).bit_count()
    return bonus


def _endgame_for_white(t: Tables, wp: int, bp: int, kings: int, mat: int, w_moves: int, b_moves: int) -> int:
    """The endgame technique term, from White's side: for the side that `mat` (material) says is ahead."""
    if mat > 0:
        return _endgame(t, wp, bp, kings, b_moves)
    if mat < 0:
        return -_endgame(t, bp, wp, kings, w_moves)
    return 0


def _supported(t: Tables, men: int, own: int, side: int) -> int:
    """How many of `men` have both back squares taken by own pieces or off the board."""
    off_left, off_right = t.back_off[side]
    if side == 0:
        return (men & ((own >> t.near) | off_left) & ((own >> t.far) | off_right)).bit_count()
    return (men & ((own << t.far) | off_left) & ((own << t.near) | off_right)).bit_count()


def evaluate_raw(t: Tables, own: int, opp: int, kings: int, white: bool) -> int:
    """The evaluation of a raw position, from the side to move (`own`)."""
    w = t.weights
    if white:
        wp, bp = own, opp
    else:
        wp, bp = opp, own
    wk = wp & kings
    bk = bp & kings
    wm = wp ^ wk
    bm = bp ^ bk
    nwm, nbm, nwk, nbk = wm.bit_count(), bm.bit_count(), wk.bit_count(), bk.bit_count()
    total = nwm + nbm + nwk + nbk
    full = t.full
    w_moves = t.count_quiet(wp, bp, kings, True)
    b_moves = t.count_quiet(bp, wp, kings, False)
    kd = nwk - nbk
    mob = w_moves - b_moves
    # the men (material and placement), kings and mobility, blended from opening to ending
    opening = w.king_open * kd + w.mobility_open * mob
    ending = w.king_end * kd + w.mobility_end * mob
    cm = t.chunk_mask
    for shift, white_open, white_end, black_open, black_end in t.chunks:
        i = (wm >> shift) & cm
        j = (bm >> shift) & cm
        opening += white_open[i] - black_open[j]
        ending += white_end[i] - black_end[j]
    blend = opening * total + ending * (full - total)
    score = blend // full if blend >= 0 else -(-blend // full)
    bands = t.bands
    if bands:
        wi = [(wm >> c[0]) & cm for c in t.chunks]
        bi = [(bm >> c[0]) & cm for c in t.chunks]
        m = (1 << _PACK) - 1
        for b, top_w, top_b, bottom_w, bottom_b, left, middle, right in bands:
            x = top_w[wi[b]] + top_b[bi[b]] + bottom_w[wi[b + 1]] + bottom_b[bi[b + 1]]
            score += left[x & m] + middle[(x >> _PACK) & m] + right[x >> 2 * _PACK]
    lone = 0
    if nwk and not nbk:
        lone = w.lone_king
    elif nbk and not nwk:
        lone = -w.lone_king
    score += lone
    # the back rank keeps the opponent from crowning; it matters until he has a king
    if not bk:
        score += w.back_rank * (wm & t.back[0]).bit_count()
    if not wk:
        score -= w.back_rank * (bm & t.back[1]).bit_count()
    if kings:
        centre = t.centre
        score += w.centre_king * ((wk & centre).bit_count() - (bk & centre).bit_count())
        if w.road_king:
            score += w.road_king * ((wk & t.road).bit_count() - (bk & t.road).bit_count())
    if w.balance:
        score -= w.balance * (abs((wm & t.left).bit_count() - (wm & t.right).bit_count())
                              - abs((bm & t.left).bit_count() - (bm & t.right).bit_count()))
    if w.runaway or w.runaway_row:
        if not bk:
            n, rows = _runaways(t, wm, bp, 0)
            score += w.runaway * n + w.runaway_row * rows
        if not wk:
            n, rows = _runaways(t, bm, wp, 1)
            score -= w.runaway * n + w.runaway_row * rows
    if w.support:
        score += w.support * (_supported(t, wm, wp, 0) - _supported(t, bm, bp, 1))
    if w.tempo:
        score += w.tempo if white else -w.tempo
    if total <= 8 and kings:
        score += _endgame_for_white(t, wp, bp, kings, 100 * (nwm - nbm) + w.king_open * kd + lone, w_moves,
                                    b_moves)
    score = _drawish(t, score, nwm, nwk, nbm, nbk)
    return score if white else -score


def _runaways(t: Tables, men: int, enemies: int, side: int) -> tuple[int, int]:
    """The men of `side` in their front half that no enemy piece stands in the way of: how many, and the
    rows they have advanced into that half."""
    cones, to_go = t.cones[side], t.to_go[side]
    half = t.variant.size // 2
    n = rows = 0
    for bit in bit_indices(men & t.front[side]):
        if not cones[bit] & enemies:
            n += 1
            rows += half - to_go[bit]
    return n, rows


def _drawish_factor(t: Tables, nwm: int, nwk: int, nbm: int, nbk: int) -> tuple[int, int]:
    """The share (num, den) of the score kept in endings that the rules or the theory make draws."""
    if nwm or nbm:
        return 1, 1
    # only kings left
    if t.variant.flying_kings:
        # International: up to three kings against one cannot force a win (and the endgame rule ends it)
        if (nbk == 1 and nwk <= 3) or (nwk == 1 and nbk <= 3):
            return 1, 16
    elif nwk == nbk:
        return 1, 8
    return 1, 1


def _drawish(t: Tables, score: int, nwm: int, nwk: int, nbm: int, nbk: int) -> int:
    """Scale down scores of endings that the rules or the theory make draws."""
    num, den = _drawish_factor(t, nwm, nwk, nbm, nbk)
    return score if den == 1 else _scaled(score, num, den)


def _scaled(x: int, num: int, den: int) -> int:
    """x * num / den rounded toward zero (so that both colours are treated alike)."""
    return x * num // den if x >= 0 else -(-x * num // den)


def evaluate(board: Board) -> int:
    """The static evaluation of `board` from the side to move, in hundredths of a man.

    A side with no legal move has lost: that scores ``-MATE``.

    >>> evaluate(Board("english"))
    0
    >>> evaluate(Board("english", fen="B:W21:B1,2")) > 0
    True
    """
    if not board.legal_moves:
        return -MATE
    own, opp, kings = board.bitboards()
    return evaluate_raw(tables(board.variant), own, opp, kings, board.turn is Color.WHITE)


# -- the evaluation as a weighted sum, for tuning (benchmarks/tune_eval.py) ----------------------------------

SCALARS = ("king_open", "king_end", "mobility_open", "mobility_end", "back_rank", "centre_king", "road_king",
           "lone_king", "balance", "runaway", "runaway_row", "support", "tempo")


def term_names(variant: Variant) -> list[str]:
    """The names of the tunable weights of `variant`, in the order of :func:`terms`."""
    squares = range(1, variant.geometry.squares + 1)
    return [f"open{sq}" for sq in squares] + [f"end{sq}" for sq in squares] + list(SCALARS)


def weight_vector(variant: Variant, w: Weights) -> list[int]:
    """`w` as a vector in the order of :func:`term_names` (the square values written out)."""
    pst_open, pst_end = tables(variant).square_values(w)
    return list(pst_open) + list(pst_end) + [getattr(w, name) for name in SCALARS]


def weights_from_vector(variant: Variant, values: list[int]) -> Weights:
    """The inverse of :func:`weight_vector`."""
    n = variant.geometry.squares
    scalars: dict[str, Any] = dict(zip(SCALARS, values[2 * n:], strict=True))
    return replace(HAND_WEIGHTS[variant.name], pst_open=tuple(values[:n]), pst_end=tuple(values[n:2 * n]),
                   **scalars)


def terms(board: Board) -> tuple[list[float], float, float]:
    """The position as the tuner sees it, from White's side: (term values, factor, extra) such that the
    evaluation for White is ``factor * (sum(weight * value) + extra)`` give or take rounding.

    Only for quiet positions with a move to play (the evaluation is not asked about the others).
    """
    t = tables(board.variant)
    own, opp, kings = board.bitboards()
    white = board.turn is Color.WHITE
    wp, bp = (own, opp) if white else (opp, own)
    g = board.variant.geometry
    n = g.squares
    wk, bk = wp & kings, bp & kings
    wm, bm = wp ^ wk, bp ^ bk
    nwm, nbm, nwk, nbk = wm.bit_count(), bm.bit_count(), wk.bit_count(), bk.bit_count()
    total = nwm + nbm + nwk + nbk
    o, e = total / t.full, (t.full - total) / t.full
    values = [0.0] * (2 * n + len(SCALARS))
    for sq in range(1, n + 1):
        bit = 1 << g.bit_of[sq]
        man = float(bool(wm & bit)) - float(bool(bm & (1 << g.bit_of[n + 1 - sq])))
        values[sq - 1], values[n + sq - 1] = man * o, man * e
    w_moves = t.count_quiet(wp, bp, kings, True)
    b_moves = t.count_quiet(bp, wp, kings, False)
    kd, mob = nwk - nbk, w_moves - b_moves
    s: dict[str, float] = {
        "king_open": kd * o, "king_end": kd * e, "mobility_open": mob * o, "mobility_end": mob * e,
        "lone_king": float((nwk > 0 and not nbk) - (nbk > 0 and not nwk)),
        "back_rank": float((0 if bk else (wm & t.back[0]).bit_count())
                           - (0 if wk else (bm & t.back[1]).bit_count())),
        "centre_king": float((wk & t.centre).bit_count() - (bk & t.centre).bit_count()),
        "road_king": float((wk & t.road).bit_count() - (bk & t.road).bit_count()),
        "balance": -float(abs((wm & t.left).bit_count() - (wm & t.right).bit_count())
                          - abs((bm & t.left).bit_count() - (bm & t.right).bit_count())),
        "support": float(_supported(t, wm, wp, 0) - _supported(t, bm, bp, 1)),
        "tempo": 1.0 if white else -1.0,
    }
    run_w = _runaways(t, wm, bp, 0) if not bk else (0, 0)
    run_b = _runaways(t, bm, wp, 1) if not wk else (0, 0)
    s["runaway"], s["runaway_row"] = float(run_w[0] - run_b[0]), float(run_w[1] - run_b[1])
    for i, name in enumerate(SCALARS):
        values[2 * n + i] = s[name]
    extra = 0.0
    if total <= 8 and kings:
        w = t.weights
        mat = 100 * (nwm - nbm) + w.king_open * kd + w.lone_king * int(s["lone_king"])
        extra = float(_endgame_for_white(t, wp, bp, kings, mat, w_moves, b_moves))
    num, den = _drawish_factor(t, nwm, nwk, nbm, nbk)
    return values, num / den, extra
