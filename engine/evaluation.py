"""Static evaluation of a position for the built-in opponent, one set of weights per variant.

Scores are integers in hundredths of a man (a man is worth 100), seen from the side to move: positive
means the side to move stands better. The evaluation works on the raw bitboards of
:mod:`engine.movegen` and uses masks precomputed once per variant, so a call costs a few dozen popcounts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from engine.board import Board
from engine.geometry import bit_indices
from engine.movegen import generator
from engine.types import Color
from engine.variants import Variant

#: a won game, minus the plies it takes (larger than any evaluation)
MATE = 100_000
#: scores above this are wins found by the search, not evaluations
MATE_BOUND = MATE - 1_000


@dataclass(frozen=True)
class Weights:
    """The knobs of the evaluation for one variant (units: hundredths of a man)."""

    man: int = 100
    king: int = 150
    advance_open: int = 2  # per row of advancement, with all pieces on the board
    advance_end: int = 7  # per row of advancement, with few pieces left
    back_rank: int = 8  # per man still guarding the own back row while the opponent has no king
    centre_man: int = 6
    centre_king: int = 8
    mobility: int = 2  # per plain move more than the opponent
    edge_man: int = -3  # a man on a side edge is easily blocked
    road_king: int = 0  # a king on the long diagonal (International: controls the board)
    lone_king_material_bonus: int = 0  # having a king when the opponent has none
    balance: int = 0  # per man of difference between the left and the right half (a penalty)
    runaway: int = 0  # a man in the front half with no enemy piece able to stop it (opponent kingless)
    runaway_row: int = 0  # and this much more per row it has advanced into that half


WEIGHTS: dict[str, Weights] = {
    # The rule texts: a king is worth about one and a half men where kings move one square.
    "english": Weights(),
    # Italian men cannot capture kings, so a king is a little stronger than in English.
    "italian": Weights(king=165),
    # A flying king sweeps the board: worth about three men, more when the opponent has none.
    "international": Weights(
        king=300, advance_open=1, advance_end=6, centre_man=5, back_rank=5, road_king=25,
        lone_king_material_bonus=60, runaway=30, runaway_row=10, balance=3,
    ),
}


class Tables:
    """Masks of one variant, for each colour (index 0 white, 1 black)."""

    def __init__(self, variant: Variant) -> None:
        g = variant.geometry
        size = variant.size
        self.variant = variant
        self.weights = WEIGHTS[variant.name]
        self.full = 2 * variant.men_per_side
        self.count_quiet = generator(variant).count_quiet
        coords = {g.bit_of[sq]: g.coords[sq] for sq in range(1, g.squares + 1)}
        self.coords = coords

        def mask_where(pred: Callable[[int, int], object]) -> int:
            m = 0
            for bit, (r, c) in coords.items():
                if pred(r, c):
                    m |= 1 << bit
            return m

        # advancement rows, bit-decomposed: advance = sum(2**k * popcount(men & adv[k]))
        # (rows up to 15: four masks, unused ones empty)
        self.adv: tuple[tuple[int, int, int, int], tuple[int, int, int, int]] = (
            (mask_where(lambda r, c: (size - 1 - r) & 1), mask_where(lambda r, c: (size - 1 - r) & 2),
             mask_where(lambda r, c: (size - 1 - r) & 4), mask_where(lambda r, c: (size - 1 - r) & 8)),
            (mask_where(lambda r, c: r & 1), mask_where(lambda r, c: r & 2),
             mask_where(lambda r, c: r & 4), mask_where(lambda r, c: r & 8)),
        )
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


@cache
def tables(variant: Variant) -> Tables:
    """The precomputed masks of a variant (built once)."""
    return Tables(variant)


def _advance(men: int, masks: tuple[int, int, int, int]) -> int:
    """Rows of advancement summed over the men (the masks hold the bits of each square's count)."""
    a0, a1, a2, a3 = masks
    return ((men & a0).bit_count() + 2 * (men & a1).bit_count() + 4 * (men & a2).bit_count()
            + 8 * (men & a3).bit_count())


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
    white_mat = w.man * nwm + w.king * nwk
    black_mat = w.man * nbm + w.king * nbk
    if nwk and not nbk:
        white_mat += w.lone_king_material_bonus
    elif nbk and not nwk:
        black_mat += w.lone_king_material_bonus
    mat = white_mat - black_mat
    full = t.full
    # ahead in material: trading down brings the win closer
    score = mat + _scaled(mat, full - total, 2 * full)
    # advancement grows more valuable as the board empties
    phase = full - total if total < full else 0
    adv_w = w.advance_open + (w.advance_end - w.advance_open) * phase // full
    score += adv_w * (_advance(wm, t.adv[0]) - _advance(bm, t.adv[1]))
    # the back rank keeps the opponent from crowning; it matters until he has a king
    if not bk:
        score += w.back_rank * (wm & t.back[0]).bit_count()
    if not wk:
        score -= w.back_rank * (bm & t.back[1]).bit_count()
    centre = t.centre
    score += w.centre_man * ((wm & centre).bit_count() - (bm & centre).bit_count())
    score += w.edge_man * ((wm & t.edges).bit_count() - (bm & t.edges).bit_count())
    if kings:
        score += w.centre_king * ((wk & centre).bit_count() - (bk & centre).bit_count())
        if w.road_king:
            score += w.road_king * ((wk & t.road).bit_count() - (bk & t.road).bit_count())
    if w.balance:
        score -= w.balance * (abs((wm & t.left).bit_count() - (wm & t.right).bit_count())
                              - abs((bm & t.left).bit_count() - (bm & t.right).bit_count()))
    if w.runaway:
        if not bk:
            score += _runaways(t, wm, bp, 0)
        if not wk:
            score -= _runaways(t, bm, wp, 1)
    w_moves = t.count_quiet(wp, bp, kings, True)
    b_moves = t.count_quiet(bp, wp, kings, False)
    score += w.mobility * (w_moves - b_moves)
    if total <= 8 and kings and mat:
        if mat > 0:
            score += _endgame(t, wp, bp, kings, b_moves)
        else:
            score -= _endgame(t, bp, wp, kings, w_moves)
    score = _drawish(t, score, nwm, nwk, nbm, nbk)
    return score if white else -score


def _runaways(t: Tables, men: int, enemies: int, side: int) -> int:
    """The bonus for the men of `side` in their front half that no enemy piece stands in the way of."""
    w = t.weights
    cones, to_go = t.cones[side], t.to_go[side]
    half = t.variant.size // 2
    bonus = 0
    for bit in bit_indices(men & t.front[side]):
        if not cones[bit] & enemies:
            bonus += w.runaway + w.runaway_row * (half - to_go[bit])
    return bonus


def _drawish(t: Tables, score: int, nwm: int, nwk: int, nbm: int, nbk: int) -> int:
    """Scale down scores of endings that the rules or the theory make draws."""
    if nwm or nbm:
        return score
    # only kings left
    if t.variant.flying_kings:
        # International: up to three kings against one cannot force a win (and the endgame rule ends it)
        if (nbk == 1 and nwk <= 3) or (nwk == 1 and nbk <= 3):
            return _scaled(score, 1, 16)
    elif nwk == nbk:
        return _scaled(score, 1, 8)
    return score


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
