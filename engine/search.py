"""Tammi's built-in opponent: an alpha-beta search over raw bitboards, with levels from 1 to 5.

The public entry points are pure functions of a :class:`~engine.board.Board`; none of them changes it:

* :func:`choose_move` picks the bot's move (honouring a time limit and a node limit);
* :func:`analyse` returns the move with its score, depth and node count;
* :func:`should_accept_draw`, :func:`should_offer_draw` and :func:`should_claim_draw` decide on draws;
* :func:`play_main` plays a game bot against bot on the command line.

The search is iterative deepening principal-variation search with a transposition table keyed by Zobrist
hashes, move ordering (table move, captures, killer moves, history), late-move reductions, a quiescence
search that plays out every pending capture (captures are compulsory, so there is no standing pat while one
is on), and draws by repetition and by the no-progress rule inside the searched line. International also
gets an aspiration window at the root and two-ply reductions of the latest moves: matches against the
earlier engine (benchmarks/bench_opponent.py) showed them to help there; a threat look-ahead at quiet
leaves and a shallow-search forward pruning did not help, and were left out.

>>> from engine import Board
>>> b = Board("english")
>>> choose_move(b, level=5, time_limit=5.0, node_limit=300) in b.legal_moves
True
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import dataclass
from functools import cache

from engine.board import Board
from engine.evaluation import MATE, MATE_BOUND, Tables, evaluate_raw, tables
from engine.geometry import bit_indices
from engine.movegen import RawMove, apply_raw, generator
from engine.pdn import result_of
from engine.types import Color, Move, Termination
from engine.variants import Variant, get_variant

INF = MATE + 1
EXACT, LOWER, UPPER = 0, 1, 2
MAX_PLY = 96
TT_LIMIT = 200_000  # entries; cleared when full. A full table costs about 65 MB (a worker peaks near 90 MB,
# and a worker that plays level 5 keeps one table: see KEEP_TABLE)
#: search features (module constants, so that benchmarks/bench_opponent.py can switch them to compare):
#: per variant: from depth 4 the root first searches a window of this width around the previous score
#: (measured: helps International; English 45% in 30 games with it, so not there)
ASPIRATION: dict[str, int] = {"international": 25}
#: late quiet moves, from this index on, are searched one ply shallower first
LMR_MOVES = 3
#: per variant: from this index on two plies shallower, at depth 5 or more (measured: +International)
LMR_DEEP: dict[str, int] = {"international": 6}
#: level-5 searches asked to `keep` their table share one in this process, for the variant searched last
#: (0 switches that off)
KEEP_TABLE = 1
_kept: dict[str, dict[int, tuple[int, int, int, RawMove | None]]] = {}


@dataclass(frozen=True)
class Level:
    """How one level plays: search depth, share of the time it uses, and how loosely it picks."""

    depth: int  # deepest iteration (no limit in an ending it leads: see ENDGAME_PIECES)
    time_share: float  # fraction of the time limit it may use
    margin: int  # picks at random among moves within this many hundredths of a man of the best


LEVELS: dict[int, Level] = {
    1: Level(depth=1, time_share=0.3, margin=70),
    2: Level(depth=2, time_share=0.4, margin=35),
    3: Level(depth=4, time_share=0.5, margin=15),
    4: Level(depth=5, time_share=0.5, margin=4),
    5: Level(depth=MAX_PLY - 8, time_share=1.0, margin=0),
}
#: with this many pieces or fewer, a level that is ahead (in material, or by AHEAD hundredths of a man or
#: more) searches as deep as its time allows and plays the best move it finds, so that won endings get
#: converted (no endless shuffling); a low level that is behind keeps playing like itself
ENDGAME_PIECES = 6
AHEAD = 60
MIN_LEVEL, MAX_LEVEL = min(LEVELS), max(LEVELS)


@dataclass(frozen=True)
class SearchResult:
    """What a search found: the move, its score (side to move, hundredths of a man), depth and nodes."""

    move: Move
    score: int
    depth: int
    nodes: int
    seconds: float


class _Stop(Exception):
    """The time or node budget ran out."""


@dataclass(frozen=True)
class _Zobrist:
    """Random keys per (white man, white king, black man, black king) and bit, and for the turn."""

    pieces: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]
    black_to_move: int


@cache
def _zobrist(nbits: int) -> _Zobrist:
    """The keys for boards of `nbits` bits (the same on every run)."""
    rng = random.Random(0x7A33 + nbits)
    tabs = tuple(tuple(rng.getrandbits(64) for _ in range(nbits)) for _ in range(4))
    return _Zobrist((tabs[0], tabs[1], tabs[2], tabs[3]), rng.getrandbits(64))


def _key(z: _Zobrist, own: int, opp: int, kings: int, white: bool) -> int:
    wp, bp = (own, opp) if white else (opp, own)
    h = 0 if white else z.black_to_move
    for idx, bits in enumerate((wp & ~kings, wp & kings, bp & ~kings, bp & kings)):
        table = z.pieces[idx]
        for bit in bit_indices(bits):
            h ^= table[bit]
    return h


class _Searcher:
    """One search: its budget, tables and counters."""

    def __init__(
        self, variant: Variant, deadline: float | None, node_limit: int | None,
        tt: dict[int, tuple[int, int, int, RawMove | None]] | None = None,
    ) -> None:
        self.v = variant
        self.t: Tables = tables(variant)
        self.z = _zobrist(max(variant.geometry.bit_of) + 1)
        self.deadline = deadline
        self.node_limit = node_limit
        self.nodes = 0
        self.tt: dict[int, tuple[int, int, int, RawMove | None]] = {} if tt is None else tt
        self.killers: list[list[RawMove | None]] = [[None, None] for _ in range(MAX_PLY + 2)]
        self.history: dict[tuple[int, int], int] = {}
        self.seen: set[int] = set()  # keys of the reversible positions on the current line and before it
        self.quiet_limit = variant.quiet_limit
        self.lmr_deep = LMR_DEEP.get(variant.name, 0)
        gen = generator(variant)
        self.can_capture, self.count_quiet, self.legal = gen.can_capture, gen.count_quiet, gen.legal

    # -- budget -----------------------------------------------------------------------------------------

    def _tick(self) -> None:
        """Count a node; stop when the node budget is spent or (checked every 128 nodes) the time is up."""
        if self.node_limit is not None and self.nodes >= self.node_limit:
            raise _Stop
        self.nodes += 1
        if self.nodes & 127 == 0 and self.deadline is not None and time.perf_counter() >= self.deadline:
            raise _Stop

    # -- keys -------------------------------------------------------------------------------------------

    def child_key(self, key: int, kings: int, white: bool, move: RawMove, new_kings: int) -> int:
        """The Zobrist key after `move` (given the kings before and after)."""
        pieces = self.z.pieces
        path, caps = move
        frm, to = path[0], path[-1]
        mover = 0 if white else 2
        key ^= pieces[mover + ((kings >> frm) & 1)][frm]
        key ^= pieces[mover + ((new_kings >> to) & 1)][to]
        victim = 2 - mover
        for c in caps:
            key ^= pieces[victim + ((kings >> c) & 1)][c]
        return key ^ self.z.black_to_move

    # -- ordering ---------------------------------------------------------------------------------------

    def order(self, moves: list[RawMove], best: RawMove | None, ply: int) -> list[RawMove]:
        if len(moves) < 2:
            return moves
        if moves[0][1]:
            # captures: the table move, then the longest
            scores = [(m == best) * 1000 + len(m[1]) for m in moves]
        else:
            k1, k2 = self.killers[ply]
            hist = self.history
            scores = []
            for m in moves:
                if m == best:
                    s = 1 << 40
                elif m == k1:
                    s = 1 << 39
                elif m == k2:
                    s = 1 << 38
                else:
                    s = hist.get((m[0][0], m[0][-1]), 0)
                scores.append(s)
        # highest first; the sort is stable, so ties keep the generation order
        return [moves[i] for i in sorted(range(len(moves)), key=scores.__getitem__, reverse=True)]

    def reward(self, move: RawMove, depth: int, ply: int) -> None:
        if move[1]:
            return
        k = self.killers[ply]
        if k[0] != move:
            k[1] = k[0]
            k[0] = move
        h = (move[0][0], move[0][-1])
        self.history[h] = self.history.get(h, 0) + depth * depth

    # -- search -----------------------------------------------------------------------------------------

    def quiesce(self, own: int, opp: int, kings: int, white: bool, alpha: int, beta: int, ply: int) -> int:
        """Play out the pending captures; a quiet position is scored by the evaluation."""
        self._tick()
        v = self.v
        if not self.can_capture(own, opp, kings, white):
            if not self.count_quiet(own, opp, kings, white):
                return -MATE + ply
            return evaluate_raw(self.t, own, opp, kings, white)
        if ply >= MAX_PLY:  # a capture is pending: not a lost position, only too deep to play out
            return evaluate_raw(self.t, own, opp, kings, white)
        best = -INF
        for m in self.legal(own, opp, kings, white):
            o, p, k = apply_raw(v, own, opp, kings, white, m)
            score = -self.quiesce(p, o, k, not white, -beta, -alpha, ply + 1)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best

    def search(
        self, own: int, opp: int, kings: int, white: bool, key: int, depth: int, alpha: int, beta: int,
        ply: int, quiet: int,
    ) -> int:
        """Negamax principal-variation search; scores from the side to move."""
        if depth <= 0 or ply >= MAX_PLY:
            return self.quiesce(own, opp, kings, white, alpha, beta, ply)
        self._tick()
        if quiet and (quiet >= self.quiet_limit or key in self.seen):
            return 0
        # mate distance pruning
        if alpha < -MATE + ply:
            alpha = -MATE + ply
        if beta > MATE - ply - 1:
            beta = MATE - ply - 1
        if alpha >= beta:
            return alpha
        entry = self.tt.get(key)
        tt_move: RawMove | None = None
        if entry is not None:
            e_depth, e_flag, e_score, tt_move = entry
            if e_depth >= depth:
                if e_score > MATE_BOUND:
                    e_score -= ply
                elif e_score < -MATE_BOUND:
                    e_score += ply
                if e_flag == EXACT:
                    return e_score
                if e_flag == LOWER and e_score >= beta:
                    return e_score
                if e_flag == UPPER and e_score <= alpha:
                    return e_score
        v = self.v
        moves = self.legal(own, opp, kings, white)
        if not moves:
            return -MATE + ply
        moves = self.order(moves, tt_move, ply)
        # a forced reply costs nothing to look at: do not count it against the depth
        new_depth = depth if len(moves) == 1 else depth - 1
        alpha0 = alpha
        best = -INF
        best_move = moves[0]
        seen = self.seen
        track = kings != 0  # only kings can move back to this position later in the line
        if track:
            seen.add(key)
        capture = bool(moves[0][1])
        try:
            for i, m in enumerate(moves):
                o, p, k = apply_raw(v, own, opp, kings, white, m)
                ck = self.child_key(key, kings, white, m, k)
                cq = quiet + 1 if not capture and (kings >> m[0][0]) & 1 else 0
                if i == 0:
                    score = -self.search(p, o, k, not white, ck, new_depth, -beta, -alpha, ply + 1, cq)
                else:
                    r = 0
                    if (new_depth >= 3 and i >= LMR_MOVES and not capture and cq == 0
                            and m != self.killers[ply][0]):
                        r = 2 if self.lmr_deep and i >= self.lmr_deep and new_depth >= 5 else 1
                    score = -self.search(p, o, k, not white, ck, new_depth - r, -alpha - 1, -alpha,
                                         ply + 1, cq)
                    if score > alpha and (r or score < beta):
                        score = -self.search(p, o, k, not white, ck, new_depth, -beta, -alpha, ply + 1, cq)
                if score > best:
                    best = score
                    best_move = m
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            self.reward(m, depth, ply)
                            break
        finally:
            if track:
                seen.discard(key)
        flag = LOWER if best >= beta else EXACT if best > alpha0 else UPPER
        stored = best + ply if best > MATE_BOUND else best - ply if best < -MATE_BOUND else best
        if len(self.tt) >= TT_LIMIT:
            self.tt.clear()
        self.tt[key] = (depth, flag, stored, best_move)
        return best


def _history_keys(board: Board, z: _Zobrist) -> set[int]:
    """Keys of the positions since the last irreversible move (they may not come back: repetition)."""
    b = board.copy()
    keys: set[int] = set()
    for _ in range(min(board.quiet_plies, len(board.move_stack))):
        b.pop()
        own, opp, kings = b.bitboards()
        keys.add(_key(z, own, opp, kings, b.turn is Color.WHITE))
    return keys


def _ahead(t: Tables, own: int, opp: int, kings: int, white: bool) -> bool:
    """Whether the side to move is clearly ahead: by the evaluation, or in material (more pieces and no
    fewer kings, or more kings and no fewer pieces), whatever the evaluation makes of the ending."""
    mine, theirs = own.bit_count(), opp.bit_count()
    my_kings, their_kings = (own & kings).bit_count(), (opp & kings).bit_count()
    if (mine > theirs and my_kings >= their_kings) or (my_kings > their_kings and mine >= theirs):
        return True
    return evaluate_raw(t, own, opp, kings, white) >= AHEAD


def _level(level: int) -> Level:
    if level not in LEVELS:
        raise ValueError(f"level must be from {MIN_LEVEL} to {MAX_LEVEL}, not {level}")
    return LEVELS[level]


def _search_root(
    board: Board, level: int, time_limit: float | None, node_limit: int | None, rng: random.Random | None,
    max_depth: int | None = None, keep: bool = False,
) -> SearchResult:
    start = time.perf_counter()
    lv = _level(level)
    moves = list(board.legal_moves)
    if not moves:
        raise ValueError("no legal move: the game is over")
    v = board.variant
    own, opp, kings = board.bitboards()
    white = board.turn is Color.WHITE
    deadline = None if time_limit is None else start + max(0.0, time_limit * lv.time_share - 0.01)
    # only the top level keeps a table: a lower level would play above itself with deeper searches' results
    kept = None
    if keep and KEEP_TABLE and level == MAX_LEVEL:
        if v.name not in _kept:
            _kept.clear()  # one table at a time, so that a worker's memory stays bounded
        kept = _kept.setdefault(v.name, {})
    s = _Searcher(v, deadline, node_limit, kept)
    key = _key(s.z, own, opp, kings, white)
    s.seen = _history_keys(board, s.z)
    quiet = board.quiet_plies
    bit = v.geometry.bit_of
    raw = [(tuple(bit[q] for q in m.path), tuple(bit[q] for q in m.captures)) for m in moves]
    by_raw = dict(zip(raw, moves, strict=True))
    if len(raw) == 1:
        return SearchResult(moves[0], 0, 0, 0, time.perf_counter() - start)
    order = s.order(raw, None, 0)
    capture = bool(order[0][1])
    children = []
    for m in order:
        o, p, k = apply_raw(v, own, opp, kings, white, m)
        cq = quiet + 1 if not capture and (kings >> m[0][0]) & 1 else 0
        children.append((m, p, o, k, s.child_key(key, kings, white, m, k), cq))
    if kings:
        s.seen.add(key)
    # low levels score every root move exactly, to pick among the near-equal ones
    margin = lv.margin
    top = lv.depth
    if (own | opp).bit_count() <= ENDGAME_PIECES and _ahead(s.t, own, opp, kings, white):
        margin, top = 0, LEVELS[MAX_LEVEL].depth
    exact = margin > 0
    aspiration = ASPIRATION.get(v.name, 0)
    if max_depth is not None:
        top = min(top, max_depth)
    done_scores: list[tuple[RawMove, int]] = []
    done_depth = 0
    best_move = order[0]
    best_score = -INF
    try:
        for depth in range(1, top + 1):
            lo, hi = -INF, INF
            if aspiration and not exact and depth >= 4 and abs(best_score) < MATE_BOUND:
                lo, hi = best_score - aspiration, best_score + aspiration
            while True:
                alpha, beta = lo, hi
                scores: list[tuple[RawMove, int]] = []
                it_best: RawMove | None = None
                it_score = -INF
                for i, (m, o, p, k, ck, cq) in enumerate(children):
                    if exact:
                        # only moves within the margin of the best need exact scores; the others fail low
                        floor = it_score - margin - 1 if it_score > -INF else -INF
                        score = -s.search(o, p, k, not white, ck, depth - 1, -beta, -floor, 1, cq)
                    elif i == 0:
                        score = -s.search(o, p, k, not white, ck, depth - 1, -beta, -alpha, 1, cq)
                    else:
                        score = -s.search(o, p, k, not white, ck, depth - 1, -alpha - 1, -alpha, 1, cq)
                        if alpha < score < beta:
                            score = -s.search(o, p, k, not white, ck, depth - 1, -beta, -alpha, 1, cq)
                    scores.append((m, score))
                    if score > it_score:
                        it_score, it_best = score, m
                        if not exact:
                            alpha = max(alpha, score)
                        if score > lo:
                            # a move proved better than the previous iteration's best is safe to play now
                            best_move, best_score = m, score
                        if score >= hi:
                            break
                if lo < it_score < hi or (lo, hi) == (-INF, INF):
                    break
                lo, hi = -INF, INF  # outside the window: search again with the full one
            done_scores, done_depth = scores, depth
            best_move, best_score = it_best or best_move, it_score
            # search the best move first next time, then the others by their scores
            rank = {m: sc for m, sc in scores}
            children.sort(key=lambda c: -rank[c[0]])
            if abs(it_score) > MATE_BOUND and depth > 2:
                break
    except _Stop:
        pass
    if exact and done_scores:
        top_score = max(sc for _, sc in done_scores)
        # a forced win is played by its shortest way, a forced loss resisted the longest: no margin
        slack = 0 if abs(top_score) > MATE_BOUND else margin
        near = [m for m, sc in done_scores if sc >= top_score - slack]
        if len(near) > 1:
            # keep the root order stable (legal move order) so a seeded rng repeats itself
            near.sort(key=raw.index)
            best_move = (rng or random.Random()).choice(near)
            best_score = dict(done_scores)[best_move]
        else:
            best_move, best_score = near[0], top_score
    return SearchResult(by_raw[best_move], best_score, done_depth, s.nodes, time.perf_counter() - start)


def analyse(
    board: Board, *, level: int = MAX_LEVEL, time_limit: float | None = 1.0, node_limit: int | None = None,
    rng: random.Random | None = None, max_depth: int | None = None, keep: bool = False,
) -> SearchResult:
    """Search `board` and return the chosen move with its score, depth reached and node count.

    With `keep`, a level-5 search starts from what earlier kept searches of this process learned (their
    transposition table, bounded like any one search's): a game's next move then starts deeper in.

    >>> r = analyse(Board("english", fen="B:W14,15,22,30:B10,11"), time_limit=None, max_depth=3)
    >>> str(r.move), r.depth
    ('10x17x26', 3)
    """
    return _search_root(board, level, time_limit, node_limit, rng, max_depth, keep)


def choose_move(
    board: Board, *, level: int, time_limit: float, node_limit: int | None = None,
    rng: random.Random | None = None, keep: bool = False,
) -> Move:
    """The bot's move for `board` at `level` (1 beginner to 5 strongest); one of ``board.legal_moves``.

    It never changes `board`, returns within `time_limit` seconds (give or take a few milliseconds) and
    after at most `node_limit` nodes. Levels 1-4 search to a limited depth and pick at random among moves
    that score nearly as well as the best (pass a seeded `rng` to repeat a game); level 5 uses the whole
    time. `keep` as in :func:`analyse`. Raises ValueError when there is no legal move or the level is
    unknown.
    """
    return _search_root(board, level, time_limit, node_limit, rng, keep=keep).move


def _score_for(board: Board, color: Color | None, level: int, node_limit: int) -> int:
    """A quick search's score from `color`'s side (default: the side to move)."""
    out = board.outcome()
    if out is not None:
        me = color or board.turn
        return 0 if out.winner is None else MATE if out.winner is me else -MATE
    r = _search_root(board, level, None, node_limit, random.Random(0))
    return r.score if color in (None, board.turn) else -r.score


def should_accept_draw(board: Board, level: int = MAX_LEVEL, color: Color | None = None) -> bool:
    """Whether the bot playing `color` (default: the side to move) accepts a draw offer now.

    It accepts when it is not better by a level-dependent margin: beginners accept a draw only when
    they are worse, the top level whenever it cannot see an advantage.

    >>> should_accept_draw(Board("english", fen="B:WK1:BK32"))
    True
    >>> should_accept_draw(Board("english", fen="B:W21:BK1,K2"))
    False
    """
    lv = _level(level)
    score = _score_for(board, color, MAX_LEVEL, 4_000)
    threshold = 25 if level == MAX_LEVEL else -lv.margin
    return score <= threshold


def should_offer_draw(board: Board, color: Color | None = None) -> bool:
    """Whether the bot playing `color` (default: the side to move) should offer a draw now.

    It offers when the position is dead level: only kings left or a repetition under way or the
    no-progress count running out, and a quick search sees no advantage for either side.

    >>> should_offer_draw(Board("english", fen="B:WK1:BK32"))
    True
    >>> should_offer_draw(Board("english"))
    False
    """
    own, opp, kings = board.bitboards()
    only_kings = (own | opp) == kings
    stale = board.repetitions() >= 2 or board.quiet_plies >= board.variant.quiet_limit // 2
    if not (only_kings or stale):
        return False
    score = _score_for(board, color, MAX_LEVEL, 4_000)
    return abs(score) <= 20


def should_claim_draw(board: Board, color: Color | None = None) -> Termination | None:
    """The draw the side to move should claim now (English: THREEFOLD or FORTY_MOVES), or None.

    It claims whenever the rules allow it and it is not clearly winning.
    """
    reason = board.claimable_draw()
    if reason is None or (color is not None and color is not board.turn):
        return None
    return reason if _score_for(board, None, MAX_LEVEL, 4_000) < 50 else None


def play_main(argv: list[str]) -> int:
    """Command line: play one game bot against bot and print the moves and the result."""
    parser = argparse.ArgumentParser(
        prog="python -m engine play", description="Watch Tammi's bot play itself (or level against level)."
    )
    parser.add_argument("variant", help="english, italian or international (or an alias)")
    parser.add_argument("--level", type=int, default=MAX_LEVEL, help="level of both sides (1-5)")
    parser.add_argument("--white", type=int, help="level of White (overrides --level)")
    parser.add_argument("--black", type=int, help="level of Black / Red (overrides --level)")
    parser.add_argument("--time", type=float, default=0.5, help="seconds per move (default 0.5)")
    parser.add_argument("--nodes", type=int, default=None, help="node limit per move")
    parser.add_argument("--seed", type=int, default=None, help="random seed for repeatable games")
    parser.add_argument("--fen", default=None, help="start from this position")
    parser.add_argument("--max-moves", type=int, default=200, help="adjudicate a draw after this many moves")
    args = parser.parse_args(argv)
    try:
        variant = get_variant(args.variant)
        board = Board(variant, fen=args.fen)
        levels = {Color.WHITE: args.white or args.level, Color.BLACK: args.black or args.level}
        for lv in levels.values():
            _level(lv)
    except ValueError as exc:
        parser.error(str(exc))
    rng = random.Random(args.seed)
    names = {c: f"{variant.side_name(c)} (level {levels[c]})" for c in Color}
    print(f"{variant.title}: {names[variant.first]} moves first")
    winner: Color | None = None
    reason = "move limit"
    while True:
        out = board.outcome()
        if out is not None:
            winner, reason = out.winner, out.reason
            if winner is not None:
                reason = f"{variant.side_name(winner)} wins: {reason}"
            break
        claim = should_claim_draw(board)
        if claim:
            reason = f"{names[board.turn]} claims a draw ({claim})"
            break
        if board.ply >= 2 * args.max_moves:
            break
        r = _search_root(board, levels[board.turn], args.time, args.nodes, rng)
        number = board.ply // 2 + 1
        dots = "." if board.turn is variant.first else "..."
        print(f"{number}{dots} {r.move}   ({names[board.turn]}: score {r.score:+d}, depth {r.depth}, "
              f"{r.nodes} nodes, {r.seconds:.2f}s)")
        board.push(r.move)
    # the PDN result, as the game record writes it: the first player's score first (Red's in English)
    print(f"Result: {result_of(variant, winner)} ({reason})")
    print(board)
    return 0
