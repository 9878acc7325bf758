"""Game review: every position of a game searched, and the moves that changed its course picked out.

:func:`review_game` replays a game, searches the position before the first move and after every move
with :func:`engine.search.analyse`, and judges each move by how much it lost against the best move the
search found. A move that seems to lose is checked against the position after the best move, searched
the same way as the one after the move played (:func:`confirm`), and a mistake gets its lines
(:func:`explain`). With a node budget (and no time limit) the review is the same on every run.

Scores are in hundredths of a man. `Review.scores` are from White's point of view (positive: White
stands better); a move's `before`, `after` and `loss` are from the mover's. A won game found by the search
counts as `CAP` in comparisons, so a slower win is not a mistake and a mate is "winning", not infinite.

>>> r = review_game("english", None, ["11-15", "23-19"], nodes=2_000)
>>> len(r.scores), [t.move for t in r.turns], r.summary(Color.BLACK).moves
(3, ['11-15', '23-19'], 1)
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.board import Board
from engine.evaluation import MATE, MATE_BOUND, evaluate
from engine.search import analyse
from engine.types import Color, Move
from engine.variants import get_variant

CAP = 600  # scores beyond this many hundredths of a man (and wins found by the search) count as this much
WINNING = 120  # a side this far ahead is winning; between -WINNING and WINNING the game is open
KEEP = 25  # a move that loses less than this kept the evaluation (counts for accuracy)
MISTAKE = 50  # a move that loses this much is a mistake
BLUNDER = 100  # ... and this much (about a man) a blunder (as is a mistake that throws away a win or a draw)
MATERIAL = 80  # a loss this large is about a man
FORCED_DEPTH = 12  # forced moves followed before a position is searched


class Verdict(enum.StrEnum):
    GOOD = "good"
    INACCURACY = "inaccuracy"  # lost more than KEEP but less than a mistake
    MISTAKE = "mistake"
    BLUNDER = "blunder"


class Why(enum.StrEnum):
    """What a mistake threw away."""

    WIN = "win"  # the mover was winning and no longer is
    DRAW = "draw"  # the game was open and now the mover is losing
    MATERIAL = "material"  # about a man or more
    POSITION = "position"  # a worse position


@dataclass(frozen=True)
class Turn:
    """One move of the game, judged. `line` starts with the better move; `refutation` is what follows the
    move played (both only for mistakes and blunders)."""

    ply: int  # index of the move in the game, from 0
    color: Color  # who played it
    move: str
    best: str  # the best move the search found in the position before
    before: int  # with the best move (mover's view): the position before, or after the best move if checked
    after: int  # the position after the move played (mover's view)
    loss: int  # how much worse than `before` (0 for the best move), capped scores
    verdict: Verdict = Verdict.GOOD
    why: Why | None = None
    line: tuple[str, ...] = ()
    refutation: tuple[str, ...] = ()

    @property
    def turning_point(self) -> bool:
        return self.verdict in (Verdict.MISTAKE, Verdict.BLUNDER)

    @property
    def number(self) -> int:
        """The move number as a game score shows it (each side's first move is 1)."""
        return self.ply // 2 + 1


@dataclass(frozen=True)
class Summary:
    """One side's moves: how many, mistakes, blunders, and the share (0-100) that kept the evaluation."""

    color: Color
    moves: int
    mistakes: int
    blunders: int
    accuracy: int


@dataclass(frozen=True)
class Review:
    variant: str
    start_fen: str
    moves: tuple[str, ...]
    scores: tuple[int, ...]  # White's view, position before the first move, then after each move
    turns: tuple[Turn, ...]
    budget: dict[str, float] = field(default_factory=dict)  # "nodes" and/or "seconds" per position

    def with_turn(self, turn: Turn) -> Review:
        """The review with one move's judgement replaced (`explain` adds the lines)."""
        turns = list(self.turns)
        turns[turn.ply] = turn
        return dataclasses.replace(self, turns=tuple(turns))

    def turning_points(self) -> list[Turn]:
        return [t for t in self.turns if t.turning_point]

    def summary(self, color: Color) -> Summary:
        mine = [t for t in self.turns if t.color is color]
        kept = sum(1 for t in mine if t.loss < KEEP)
        return Summary(color, len(mine), sum(1 for t in mine if t.verdict is Verdict.MISTAKE),
                       sum(1 for t in mine if t.verdict is Verdict.BLUNDER),
                       round(100 * kept / len(mine)) if mine else 100)

    def board_before(self, ply: int) -> Board:
        """The position before move `ply`, with the game's history up to it."""
        board = Board(self.variant, fen=self.start_fen)
        for text in self.moves[:ply]:
            board.push_str(text)
        return board

    def to_dict(self) -> dict[str, Any]:
        """The review as plain JSON values (see `from_dict`)."""
        return {"variant": self.variant, "start_fen": self.start_fen, "moves": list(self.moves),
                "scores": list(self.scores), "budget": dict(self.budget),
                "turns": [[t.ply, t.color.value, t.move, t.best, t.before, t.after, t.loss, t.verdict.value,
                           t.why.value if t.why else None, list(t.line), list(t.refutation)]
                          for t in self.turns]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Review:
        turns = tuple(Turn(int(p), Color(c), str(m), str(b), int(x), int(y), int(loss), Verdict(v),
                           Why(w) if w else None, tuple(line), tuple(ref))
                      for p, c, m, b, x, y, loss, v, w, line, ref in data["turns"])
        return cls(str(data["variant"]), str(data["start_fen"]), tuple(data["moves"]),
                   tuple(int(s) for s in data["scores"]), turns, dict(data.get("budget", {})))


def capped(score: int) -> int:
    """A score limited to +-CAP (wins found by the search count as CAP).

    >>> capped(250), capped(100_000 - 7), capped(-2_000)
    (250, 600, -600)
    """
    return max(-CAP, min(CAP, score))


def _outlook(score: int) -> int:
    return 1 if score >= WINNING else -1 if score <= -WINNING else 0


def _toward_zero(score: int) -> int:
    """A win or loss found by the search one ply further away."""
    return score - 1 if score > MATE_BOUND else score + 1 if score < -MATE_BOUND else score


Analyser = Callable[[Board, float | None, int | None], tuple[int, Move]]
"""A search of a position (never a finished one) within a time and/or node budget: the score for the side
to move, in hundredths of a man (wins beyond MATE_BOUND), and the best move. Tammi's own search
(`own_analysis`) unless another is given, such as an external engine's (`bot.engines`)."""


def own_analysis(board: Board, seconds: float | None, nodes: int | None) -> tuple[int, Move]:
    """Tammi's own search as an `Analyser`."""
    result = analyse(board, time_limit=seconds, node_limit=nodes)
    return (result.score if result.score >= -MATE else evaluate(board)), result.move


class _Searcher:
    """Searches positions within a budget per position."""

    def __init__(self, nodes: int | None, seconds: float | None, analyser: Analyser | None = None) -> None:
        if nodes is None and seconds is None:
            raise ValueError("give a node budget, a time budget or both")
        self.nodes, self.seconds = nodes, seconds
        self.analyser = analyser or own_analysis

    def evaluate(self, board: Board, share: float = 1.0, depth: int = 0) -> tuple[int, Move | None]:
        """(score for the side to move, its best move); forced moves are followed, not searched."""
        outcome = board.outcome()
        if outcome is not None:
            if outcome.winner is None:
                return 0, None
            return (MATE if outcome.winner is board.turn else -MATE), None
        moves = list(board.legal_moves)
        if len(moves) == 1 and depth < FORCED_DEPTH:
            board.push(moves[0])
            try:
                score, _ = self.evaluate(board, share, depth + 1)
            finally:
                board.pop()
            return _toward_zero(-score), moves[0]
        nodes = None if self.nodes is None else max(200, int(self.nodes * share))
        seconds = None if self.seconds is None else self.seconds * share
        return self.analyser(board, seconds, nodes)

    def line(self, board: Board, first: Move | None, length: int) -> tuple[str, ...]:
        """Up to `length` moves of the best play from `board` (starting with `first` if given)."""
        played: list[Move] = []
        try:
            move = first
            while len(played) < length and not board.is_game_over():
                if move is None:
                    _, move = self.evaluate(board, share=0.5)
                    if move is None:
                        break
                board.push(move)
                played.append(move)
                move = None
        finally:
            for _ in played:
                board.pop()
        return tuple(str(m) for m in played)


def _judge(before: int, after: int, best: bool) -> tuple[int, Verdict, Why | None]:
    """The loss of a move (mover's view scores) and what it threw away."""
    loss = 0 if best else max(0, capped(before) - capped(after))
    dropped = _outlook(before) > _outlook(after)
    if loss >= BLUNDER or (dropped and loss >= MISTAKE):
        verdict = Verdict.BLUNDER
    elif loss >= MISTAKE:
        verdict = Verdict.MISTAKE
    elif loss >= KEEP:
        verdict = Verdict.INACCURACY
    else:
        return loss, Verdict.GOOD, None
    if dropped and _outlook(before) == 1:
        why = Why.WIN
    elif dropped and after < -MATE_BOUND:
        why = Why.DRAW  # walked into a lost game
    elif loss >= MATERIAL:
        why = Why.MATERIAL
    else:
        why = Why.DRAW if dropped else Why.POSITION
    return loss, verdict, why


Evaluation = tuple[int, str | None]
"""A searched position: the score for the side to move, and the best move (None when the game is over)."""


def evaluate_positions(
    variant: str, start_fen: str | None, moves: Sequence[str], first: int = 0, last: int | None = None, *,
    nodes: int | None = None, seconds: float | None = None, analyser: Analyser | None = None,
) -> list[Evaluation]:
    """Search the positions `first` to `last` (both included; position k follows the first k moves), each
    with the budget of `review_game`. A long game can be searched a few positions at a time this way."""
    board = Board(variant, fen=start_fen)
    searcher = _Searcher(nodes, seconds, analyser)
    last = len(moves) if last is None else min(last, len(moves))
    found: list[Evaluation] = []
    for k in range(last + 1):
        if k >= first:
            score, best = searcher.evaluate(board)
            found.append((score, None if best is None else str(best)))
        if k < last:
            board.push_str(moves[k])
    return found


def judge_game(variant: str, start_fen: str | None, moves: Sequence[str], evals: Sequence[Evaluation], *,
               nodes: int | None = None, seconds: float | None = None) -> Review:
    """The review from the searched positions (`evaluate_positions` of every position): each move judged,
    without the lines (see `explain`)."""
    name = get_variant(variant).name
    board = Board(name, fen=start_fen)
    fen = board.start_fen
    if len(evals) != len(moves) + 1:
        raise ValueError(f"{len(moves)} moves need {len(moves) + 1} evaluations, not {len(evals)}")
    scores: list[int] = []
    turns: list[Turn] = []
    for ply, text in enumerate(moves):
        color = board.turn
        (before, best), (reply, _) = evals[ply], evals[ply + 1]
        scores.append(before if color is Color.WHITE else -before)
        move = str(board.push_str(text))
        after = _toward_zero(-reply)
        loss, verdict, why = _judge(before, after, best is None or best == move)
        turns.append(Turn(ply, color, move, best or move, before, after, loss, verdict, why))
    scores.append(evals[-1][0] if board.turn is Color.WHITE else -evals[-1][0])
    limits = (("nodes", nodes), ("seconds", seconds))
    budget = {key: float(value) for key, value in limits if value is not None}
    return Review(name, fen, tuple(t.move for t in turns), tuple(scores), tuple(turns), budget)


def confirm(review: Review, ply: int, *, nodes: int | None = None, seconds: float | None = None,
            analyser: Analyser | None = None) -> Turn:
    """Move `ply` judged again against the position after the best move, searched as the position after
    the move played was (the same side to move and budget, so that a search's odd-even swings cancel
    out). `review_game` does this for every move that lost more than KEEP."""
    turn = review.turns[ply]
    if turn.move == turn.best:
        return turn
    board = review.board_before(ply)
    board.push_str(turn.best)
    score, _ = _Searcher(nodes, seconds, analyser).evaluate(board)
    better = _toward_zero(-score)
    loss, verdict, why = _judge(better, turn.after, best=False)
    return dataclasses.replace(turn, before=better, loss=loss, verdict=verdict, why=why)


def explain(review: Review, ply: int, *, nodes: int | None = None, seconds: float | None = None,
            length: int = 4, analyser: Analyser | None = None) -> Turn:
    """Move `ply` of the review with its lines: the better move's, and what follows the move played."""
    turn = review.turns[ply]
    searcher = _Searcher(nodes, seconds, analyser)
    board = review.board_before(ply)
    line = searcher.line(board, board.parse_move(turn.best), length)
    board.push_str(turn.move)
    refutation = searcher.line(board, None, length)
    return dataclasses.replace(turn, line=line, refutation=refutation)


def review_game(
    variant: str, start_fen: str | None, moves: Sequence[str], *, nodes: int | None = None,
    seconds: float | None = None, line_length: int = 4, analyser: Analyser | None = None,
) -> Review:
    """Review a game given by its variant, start position (None: the usual one) and moves.

    Each position gets `nodes` nodes and/or `seconds` seconds of search (give at least one; a node budget
    alone makes the review repeatable); each turning point gets its lines (`explain`). The positions are
    searched by `analyser` (default: Tammi's own search). Raises ValueError for a move that is not legal.
    """
    evals = evaluate_positions(variant, start_fen, moves, nodes=nodes, seconds=seconds, analyser=analyser)
    review = judge_game(variant, start_fen, moves, evals, nodes=nodes, seconds=seconds)
    for turn in review.turns:
        if turn.verdict is not Verdict.GOOD:
            checked = confirm(review, turn.ply, nodes=nodes, seconds=seconds, analyser=analyser)
            review = review.with_turn(checked)
    for turn in review.turning_points():
        review = review.with_turn(explain(review, turn.ply, nodes=nodes, seconds=seconds, length=line_length,
                                          analyser=analyser))
    return review


