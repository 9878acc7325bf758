"""Puzzles: positions where the side to move has one forcing way to win two men or the game.

:func:`examine` decides it for one position, :func:`scan_game` for every position a game passed
through. Three searches of growing budget (:class:`Budget`, per variant in SCREEN, FIND and VERIFY) take
part: a quick screen drops the positions with nothing to win; the finding search tests the rest; the
deeper verifying search tests the candidates again and gives the stored line. A position is a puzzle when,
under both the finding and the verifying budget:

* its best move scores at least :data:`GATE` (one and a half men) above the position's static
  evaluation, and its line (the solver's best moves and the opponent's best replies) wins at least
  :data:`NEED` pieces net (men and kings count one each) or the game, by the solver's
  :data:`MAX_MOVES`-th move at the latest. The line ends at the first position where that much is won
  and the opponent has no capture to take some back, or where the game is won;
* there is no second solution: at each move of the solver that has an alternative, every other move
  scores at least :data:`MARGIN` (a man) below the best, and below the gate too (so it does not also win);
* the deeper search plays the same first move. A candidate it refutes is dropped (and counted).

English checkers also has the opening shots every club player knows: with at least
:data:`OPENING_PIECES` pieces on the board, a line that gives one man and takes two or three is a puzzle
though it may win only one man net (its gate is :data:`OPENING_GATE`).

A puzzle's theme (:class:`Theme`), the first that fits: a king trap (an opponent's king is taken in the
line), a breakthrough (the solver gives men and a man walks to the far row by a plain move), a shot (the
solver gives men and takes more), an endgame win (at most :data:`ENDGAME_PIECES` pieces, or the line wins
the game); else none. Its difficulty is given by :func:`difficulty`.

>>> puzzle = find_puzzle(Board("english", fen="B:W17,19,27,30,32:B1,3,6,9"))
>>> puzzle.solution, puzzle.gain, puzzle.gives, puzzle.takes, puzzle.theme
(('9-14', '17x10', '6x15x24x31'), 2, 1, 3, <Theme.SHOT: 'shot'>)
"""

from __future__ import annotations

import enum
import hashlib
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.board import Board
from engine.evaluation import MATE, MATE_BOUND, evaluate
from engine.search import analyse
from engine.types import Color, Move
from engine.variants import get_variant

GATE = 150  # hundredths of a man the best move must score above the static evaluation
OPENING_GATE = 80  # the same for English opening shots (one man net)
MARGIN = 100  # every other move scores at least this much less than the best (a man)
MAX_MOVES = 5  # moves of the solver in a line
NEED = 2  # pieces a line wins net
OPENING_PIECES = 18  # English: pieces on the board for an opening shot
ENDGAME_PIECES = 8
FORCED = 12  # forced moves followed before a position is searched


class Theme(enum.StrEnum):
    KING_TRAP = "king trap"
    BREAKTHROUGH = "breakthrough"
    SHOT = "shot"
    ENDGAME = "endgame win"


@dataclass(frozen=True)
class Budget:
    """How hard a search looks: its depth in plies and its node limit (a node limit and no time limit make
    it repeatable). Each move of a position is searched one ply shallower with the same node limit."""

    depth: int
    nodes: int


SCREEN: dict[str, Budget] = {"english": Budget(4, 3_000), "italian": Budget(4, 3_000),
                             "international": Budget(3, 3_000)}
FIND: dict[str, Budget] = {"english": Budget(6, 10_000), "italian": Budget(6, 10_000),
                           "international": Budget(4, 10_000)}
VERIFY: dict[str, Budget] = {"english": Budget(9, 40_000), "italian": Budget(9, 40_000),
                             "international": Budget(7, 40_000)}


@dataclass(frozen=True)
class Source:
    """Where a puzzle comes from: `kind` "self-play" (`game`: the seed of :func:`self_play`), "game" (a
    database's game id) or "pdn" (the game's place in its PDN file, from 1); `ply`: the puzzle position's
    index in the game (0: its start)."""

    kind: str = "self-play"
    game: int | None = None
    ply: int | None = None

    @property
    def move_number(self) -> int | None:
        """The move number as a game score shows it (each side's first move is 1)."""
        return None if self.ply is None else self.ply // 2 + 1


@dataclass(frozen=True)
class Puzzle:
    """A position and its one solution: the solver's moves and the opponent's replies, alternately."""

    variant: str
    fen: str
    solution: tuple[str, ...]
    gain: int  # pieces won net by the end of the line
    gives: int  # the solver's pieces taken in the line
    takes: int  # the opponent's pieces taken in the line
    wins_game: bool  # the line ends with the opponent unable to move
    theme: Theme | None
    difficulty: int  # 1 (easy) to 5
    depth: int  # the shallowest search depth that played the solution's first move
    source: Source = field(default_factory=Source)

    @property
    def turn(self) -> Color:
        """The side to move: the solver."""
        return Color(self.fen[0])

    @property
    def moves(self) -> tuple[str, ...]:
        """The solver's moves alone."""
        return self.solution[::2]

    @property
    def key(self) -> str:
        """A short stable name of the position (one puzzle per position)."""
        return position_key(self.variant, self.fen)

    def board(self) -> Board:
        """The puzzle's position."""
        return Board(self.variant, fen=self.fen)

    def to_dict(self) -> dict[str, Any]:
        """The puzzle as plain JSON values (see `from_dict`)."""
        return {"key": self.key, "variant": self.variant, "fen": self.fen, "turn": self.turn.value,
                "solution": list(self.solution), "gain": self.gain, "gives": self.gives, "takes": self.takes,
                "wins_game": self.wins_game, "theme": self.theme.value if self.theme else None,
                "difficulty": self.difficulty, "depth": self.depth,
                "source": {"kind": self.source.kind, "game": self.source.game, "ply": self.source.ply}}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Puzzle:
        source = data.get("source") or {}
        theme = Theme(data["theme"]) if data["theme"] else None
        return cls(get_variant(str(data["variant"])).name, str(data["fen"]),
                   tuple(str(m) for m in data["solution"]), int(data["gain"]), int(data["gives"]),
                   int(data["takes"]), bool(data["wins_game"]), theme, int(data["difficulty"]),
                   int(data["depth"]),
                   Source(str(source.get("kind", "self-play")), source.get("game"), source.get("ply")))


def position_key(variant: str, fen: str) -> str:
    """The key of a position: 12 hex digits of a hash of its variant and FEN.

    >>> position_key("english", "B:W18:B6")
    '20eafe70d533'
    """
    return hashlib.sha1(f"{get_variant(variant).name}|{fen}".encode()).hexdigest()[:12]


def difficulty(solver_moves: int, gives: int, depth: int) -> int:
    """1 (easy) to 5: ``1 + min(4, (points + 1) // 2)``, where the points are the solver's moves after
    the first, the men given, and one for each four plies of search depth beyond one that the first
    move needed.

    >>> difficulty(1, 0, 1), difficulty(2, 1, 3), difficulty(3, 2, 5), difficulty(5, 3, 9)
    (1, 2, 4, 5)
    """
    points = (solver_moves - 1) + gives + (depth - 1) // 4
    return 1 + min(4, (points + 1) // 2)


class Status(enum.StrEnum):
    NONE = "none"  # the screen sees nothing to win
    FAILED = "failed"  # the finding search sees something, but not a puzzle (see `Finding.reason`)
    REFUTED = "refuted"  # a puzzle to the finding search, not to the deeper one
    PUZZLE = "puzzle"


@dataclass(frozen=True)
class Finding:
    """What :func:`examine` made of a position."""

    status: Status
    reason: str = ""
    puzzle: Puzzle | None = None

    @property
    def candidate(self) -> bool:
        """Whether the finding search took it for a puzzle (the deeper search then judged it)."""
        return self.status in (Status.REFUTED, Status.PUZZLE)


class NotAPuzzle(Exception):
    """Why a position's line is not a puzzle's."""


def _toward_zero(score: int) -> int:
    return score - 1 if score > MATE_BOUND else score + 1 if score < -MATE_BOUND else score


def _value(board: Board, depth: int, nodes: int, forced: int = 0) -> tuple[int, Move | None]:
    """The score for the side to move and its best move; forced moves are followed, not searched."""
    out = board.outcome()
    if out is not None:
        return (0 if out.winner is None else MATE if out.winner is board.turn else -MATE), None
    moves = list(board.legal_moves)
    if len(moves) == 1 and forced < FORCED:
        board.push(moves[0])
        try:
            score, _ = _value(board, depth, nodes, forced + 1)
        finally:
            board.pop()
        return _toward_zero(-score), moves[0]
    result = analyse(board, time_limit=None, node_limit=nodes, max_depth=max(1, depth))
    return (result.score if result.score >= -MATE else evaluate(board)), result.move


def _scores(board: Board, budget: Budget) -> list[tuple[Move, int]]:
    """Every legal move with its score for the side to move, best first (ties in the legal order)."""
    scored = []
    for move in board.legal_moves:
        board.push(move)
        try:
            score, _ = _value(board, budget.depth - 1, budget.nodes)
        finally:
            board.pop()
        scored.append((move, _toward_zero(-score)))
    scored.sort(key=lambda pair: -pair[1])
    return scored


def _balance(board: Board, color: Color) -> int:
    """`color`'s pieces less the opponent's."""
    own, opp, _ = board.bitboards()
    return (own.bit_count() - opp.bit_count()) * (1 if board.turn is color else -1)


def _can_capture(board: Board) -> bool:
    return any(move.captures for move in board.legal_moves)


def _opening(board: Board) -> bool:
    own, opp, _ = board.bitboards()
    return board.variant.name == "english" and (own | opp).bit_count() >= OPENING_PIECES


def _gate(board: Board) -> int:
    """The score a winning move reaches in this position (and no other move may)."""
    return evaluate(board) + (OPENING_GATE if _opening(board) else GATE)


@dataclass
class Line:
    """A line being played: who solves, from what, and what happened so far."""

    solver: Color
    start: int  # the solver's piece balance at the start
    gate: int
    opening: bool
    moves: list[Move] = field(default_factory=list)
    gives: int = 0
    takes: int = 0
    crowned: bool = False
    king_taken: bool = False
    gave_first: bool = False  # the solver gave a man before taking any
    gain: int = 0
    won: bool = False

    def enough(self, gain: int) -> bool:
        return gain >= NEED or self.opening_shot(gain)

    def opening_shot(self, gain: int) -> bool:
        """Whether the line so far is an opening shot: one man given first, then two or three taken."""
        return self.opening and gain >= 1 and self.gives == 1 and self.gave_first


def _walk(board: Board, line: Line, budget: Budget) -> None:
    """Play the line on `board` (its moves stay pushed) until it has won enough or the game; raise
    NotAPuzzle when it has not by the solver's last move, or a move of the solver is not the only one."""
    solver_moves = 0
    while True:
        line.gain = _balance(board, line.solver) - line.start
        out = board.outcome()
        if out is not None:
            if out.winner is line.solver:
                line.won = True
                return
            raise NotAPuzzle("the line does not win")
        if line.enough(line.gain) and (board.turn is line.solver or not _can_capture(board)):
            return
        if board.turn is line.solver:
            if solver_moves == MAX_MOVES:
                raise NotAPuzzle("the line is too long")
            move = _solver_move(board, line, budget)
            solver_moves += 1
        else:
            reply = _value(board, budget.depth, budget.nodes)[1]
            assert reply is not None  # the game is not over
            move = reply
        _note(board, line, move)
        board.push(move)
        line.moves.append(move)


def _solver_move(board: Board, line: Line, budget: Budget) -> Move:
    """The solver's one winning move here; raises NotAPuzzle when there is none or more than one."""
    moves = list(board.legal_moves)
    if len(moves) == 1:
        return moves[0]
    (best, score), (_, second) = _scores(board, budget)[:2]
    if score < line.gate:
        raise NotAPuzzle("the best move does not win enough")
    if second > score - MARGIN or second >= line.gate:
        raise NotAPuzzle("a second move wins too")
    return best


def _note(board: Board, line: Line, move: Move) -> None:
    """Count what `move` (not yet played) takes and crowns."""
    mine = board.turn is line.solver
    piece = board.piece_at(move.start)
    if mine and not move.captures and piece is not None and not piece.king \
            and move.end in board.variant.promotion_row(board.turn):
        line.crowned = True
    if mine:
        line.gave_first |= line.takes == 0 and line.gives > 0 and bool(move.captures)
        line.takes += len(move.captures)
        line.king_taken |= any((p := board.piece_at(sq)) is not None and p.king for sq in move.captures)
    else:
        line.gives += len(move.captures)


def solve(board: Board, budget: Budget) -> tuple[Line, int]:
    """The winning line of `board` under `budget` and the shallowest depth that plays its first move;
    raises NotAPuzzle saying why there is none. `board` is left as it was."""
    line = Line(board.turn, _balance(board, board.turn), _gate(board), _opening(board))
    before = len(board.move_stack)
    try:
        _walk(board, line, budget)
    finally:
        while len(board.move_stack) > before:
            board.pop()
    return line, _depth_needed(board, line.moves[0], line.gate, budget)


def _depth_needed(board: Board, first: Move, gate: int, budget: Budget) -> int:
    for depth in range(1, budget.depth):
        result = analyse(board, time_limit=None, node_limit=budget.nodes, max_depth=depth)
        if result.move == first and result.score >= gate:
            return depth
    return budget.depth


def _theme(board: Board, line: Line) -> Theme | None:
    if line.king_taken:
        return Theme.KING_TRAP
    if line.gives and line.crowned:
        return Theme.BREAKTHROUGH
    if line.gives and line.takes > line.gives:
        return Theme.SHOT
    own, opp, _ = board.bitboards()
    if line.won or (own | opp).bit_count() <= ENDGAME_PIECES:
        return Theme.ENDGAME
    return None


def examine(board: Board, *, screen: Budget | None = None, find: Budget | None = None,
            verify: Budget | None = None, source: Source | None = None) -> Finding:
    """Whether the position on `board` is a puzzle (see the module's description), and if not, why;
    `board` is left as it was. The budgets default to the variant's SCREEN, FIND and VERIFY."""
    name = board.variant.name
    if board.is_game_over() or len(board.legal_moves) < 2:
        return Finding(Status.NONE, "no choice")
    screen = screen or SCREEN[name]
    if _value(board, screen.depth, screen.nodes)[0] < _gate(board):
        return Finding(Status.NONE, "nothing to win")
    try:
        found, _ = solve(board, find or FIND[name])
    except NotAPuzzle as why:
        return Finding(Status.FAILED, str(why))
    try:
        line, depth = solve(board, verify or VERIFY[name])
    except NotAPuzzle as why:
        return Finding(Status.REFUTED, f"the deeper search: {why}")
    if line.moves[0] != found.moves[0]:
        return Finding(Status.REFUTED, "the deeper search plays another move")
    solution = tuple(map(str, line.moves))
    puzzle = Puzzle(name, board.fen(), solution, line.gain, line.gives, line.takes, line.won,
                    _theme(board, line), difficulty(len(solution[::2]), line.gives, depth), depth,
                    source or Source())
    return Finding(Status.PUZZLE, puzzle=puzzle)


def find_puzzle(board: Board, *, screen: Budget | None = None, find: Budget | None = None,
                verify: Budget | None = None) -> Puzzle | None:
    """The puzzle the position on `board` is, or None (see `examine`)."""
    return examine(board, screen=screen, find=find, verify=verify).puzzle


def check(puzzle: Puzzle, budget: Budget | None = None) -> str | None:
    """Why the verifying search (by default the variant's VERIFY) no longer finds `puzzle`'s solution,
    or None when it does."""
    try:
        line, _ = solve(puzzle.board(), budget or VERIFY[puzzle.variant])
    except NotAPuzzle as why:
        return str(why)
    found = tuple(map(str, line.moves))
    return None if found == puzzle.solution else f"the line is now {' '.join(found)}"


@dataclass
class Scan:
    """What scanning games found: the puzzles (one per position) and the counts behind them."""

    puzzles: list[Puzzle] = field(default_factory=list)
    positions: int = 0  # positions examined
    candidates: int = 0  # of which the finding search took for puzzles
    refuted: int = 0  # of which the deeper search refuted

    def add(self, other: Scan) -> None:
        """Count `other` in too, its puzzles that are new here."""
        seen = {p.key for p in self.puzzles}
        self.puzzles.extend(p for p in other.puzzles if p.key not in seen)
        self.positions += other.positions
        self.candidates += other.candidates
        self.refuted += other.refuted


def game_positions(variant: str, start_fen: str | None, moves: Sequence[str]) -> Iterator[tuple[int, Board]]:
    """Each position of a game with its ply; one board, moved on after each (moves as `parse_move` reads
    them)."""
    board = Board(variant, fen=start_fen)
    yield 0, board
    for ply, text in enumerate(moves, 1):
        board.push(board.parse_move(text))
        yield ply, board


def scan_game(variant: str, start_fen: str | None, moves: Sequence[str], *, kind: str = "self-play",
              game: int | None = None, screen: Budget | None = None, find: Budget | None = None,
              verify: Budget | None = None) -> Scan:
    """The puzzles in the positions a game passed through, each position once (`kind` and `game` name the
    source; the budgets as for `examine`). Skipped: a position where the side to move takes back what the
    last move took (its gain would count the exchange), and one inside the line of a puzzle found earlier
    in the game (the same combination, further on)."""
    scan = Scan()
    seen: set[str] = set()
    for ply, board in game_positions(variant, start_fen, moves):
        last = board.peek()
        key = position_key(variant, board.fen())
        if key in seen or (last is not None and last.captures and _can_capture(board)):
            continue
        seen.add(key)
        scan.positions += 1
        # searched from the FEN alone, as the stored puzzle will be (no repetition history)
        found = examine(Board(variant, fen=board.fen()), screen=screen, find=find, verify=verify,
                        source=Source(kind, game, ply))
        scan.candidates += found.candidate
        scan.refuted += found.status is Status.REFUTED
        if found.puzzle is not None:
            scan.puzzles.append(found.puzzle)
            seen.update(_line_keys(found.puzzle))
    return scan


def _line_keys(puzzle: Puzzle) -> set[str]:
    board = puzzle.board()
    keys = set()
    for text in puzzle.solution:
        board.push_str(text)
        keys.add(position_key(puzzle.variant, board.fen()))
    return keys


def self_play(variant: str, seed: int, *, levels: tuple[int, int] = (1, 4), nodes: int = 2_000,
              max_plies: int = 150) -> list[str]:
    """The moves of one game of the built-in opponent against itself, one side at each of `levels` (the
    first moves first in even seeds, second in odd ones), repeatable by `seed`: a game between a weak and
    a strong level passes through many shots."""
    rng = random.Random(seed)
    board = Board(variant)
    first = board.turn
    while board.ply < max_plies and not board.is_game_over():
        level = levels[(board.turn is first) == (seed % 2 == 1)]
        board.push(analyse(board, level=level, time_limit=None, node_limit=nodes, rng=rng).move)
    return [str(m) for m in board.move_stack]
