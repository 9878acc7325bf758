"""The built-in opponent: legal moves, budgets honoured, forced wins found, draws handled."""

from __future__ import annotations

import random

import pytest

from engine import Board, Color
from engine import search as search_module
from engine.evaluation import MATE, MATE_BOUND, WEIGHTS, evaluate
from engine.search import (
    LEVELS,
    MAX_PLY,
    _Searcher,
    analyse,
    choose_move,
    play_main,
    should_accept_draw,
    should_claim_draw,
    should_offer_draw,
)

VARIANTS = ("english", "italian", "international")


def _wins(board: Board, plies: int) -> bool:
    """Brute force: can the side to move leave the opponent without a move within `plies`?"""
    if plies <= 0:
        return False
    for m in list(board.legal_moves):
        board.push(m)
        lost = _loses(board, plies - 1)
        board.pop()
        if lost:
            return True
    return False


def _loses(board: Board, plies: int) -> bool:
    moves = list(board.legal_moves)
    if not moves:
        return True
    if plies <= 0:
        return False
    for m in moves:
        board.push(m)
        won = _wins(board, plies - 1)
        board.pop()
        if not won:
            return False
    return True


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("level", sorted(LEVELS))
def test_chooses_a_legal_move_and_leaves_the_board_alone(variant: str, level: int) -> None:
    board = Board(variant)
    rng = random.Random(level)
    for _ in range(6):  # a few moves into the game, so positions differ
        before = (board.fen(), list(board.move_stack))
        move = choose_move(board, level=level, time_limit=5.0, node_limit=400, rng=rng)
        assert (board.fen(), list(board.move_stack)) == before
        assert move in board.legal_moves
        board.push(move)


@pytest.mark.parametrize("variant", VARIANTS)
def test_node_limit_is_honoured(variant: str) -> None:
    for limit in (0, 1, 50, 700):
        r = analyse(Board(variant), time_limit=None, node_limit=limit)
        assert r.nodes <= limit
        assert r.move in Board(variant).legal_moves


class _Clock:
    """A clock that moves on `step` seconds each time it is read: time passes with the work done."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 1000.0, step

    def perf_counter(self) -> float:
        self.now += self.step
        return self.now


@pytest.mark.parametrize("limit", [0.0, 0.05, 0.15])
def test_the_search_stops_at_its_time_limit(monkeypatch: pytest.MonkeyPatch, limit: float) -> None:
    clock = _Clock(step=0.01)  # the search reads the clock every 128 nodes: 10 ms of work each time
    monkeypatch.setattr(search_module, "time", clock)
    board = Board("international")
    result = analyse(board, level=5, time_limit=limit, node_limit=200_000)  # the net if it never stopped
    assert result.move in board.legal_moves
    readings = max(1, round(limit / clock.step))
    assert result.nodes <= 128 * (readings + 2)  # stopped once the limit had passed, not at a depth


def test_seeded_low_levels_repeat_themselves() -> None:
    def game(seed: int) -> list[str]:
        board, rng, out = Board("english"), random.Random(seed), []
        for _ in range(8):
            move = choose_move(board, level=1, time_limit=60.0, rng=rng)
            out.append(str(move))
            board.push(move)
        return out

    assert game(3) == game(3)
    assert len({tuple(game(s)) for s in range(4)}) > 1  # and the randomness does vary the play


@pytest.mark.parametrize(
    ("variant", "fen"),
    [
        ("english", "W:WK4,12,K19:BK30,K29,25"),
        ("english", "W:W10,K32,27:BK29,26,18"),
        ("english", "W:W12,K1,K25:B26,4,K31"),
        ("italian", "W:WK22,6:B28,K31,K32"),
        ("italian", "W:WK18,K17:BK31,28,K32"),
        ("international", "W:WK31,K2:B36,32,K35"),
    ],
)
def test_finds_forced_wins_in_five_plies(variant: str, fen: str) -> None:
    board = Board(variant, fen=fen)
    assert _wins(board, 5) and not _wins(board, 3)
    r = analyse(board, time_limit=None, node_limit=20_000)
    assert r.score == MATE - 5
    board.push(r.move)
    assert _loses(board, 4)


def test_takes_the_bigger_shot() -> None:
    # English: free choice of capture, but a double jump is worth more than the single one
    board = Board("english", fen="B:W14,15,22,23:B10,11")
    r = analyse(board, time_limit=None, max_depth=4)
    assert len(r.move.captures) == 2


@pytest.mark.parametrize(
    ("variant", "fen"),
    [
        ("english", "W:WK18,K19:BK1"),
        ("english", "W:WK14,K15:BK32"),
        ("italian", "W:WK18,K19:BK1"),
        ("international", "W:WK50,36,37:B1,2,3"),
        ("international", "W:W31,32,33:B3,4"),
    ],
)
def test_converts_won_king_endgames(variant: str, fen: str) -> None:
    board = Board(variant, fen=fen)
    while board.outcome() is None and board.ply < 80:
        assert not board.claimable_draw()
        # even the beginner level converts, against the strongest defence (at 3,000 nodes a move: in a
        # game level 1 gets 0.3 of the bot's time, 2 s by default, some 60,000 nodes)
        level = 1 if board.turn is Color.WHITE else 5
        board.push(choose_move(board, level=level, time_limit=30.0, node_limit=3_000,
                               rng=random.Random(board.ply)))
    out = board.outcome()
    assert out is not None and out.winner is Color.WHITE and out.reason == "no_moves"


def test_evaluation_is_symmetric_and_values_kings() -> None:
    for variant in VARIANTS:
        # the start is symmetric: only having the move counts
        assert evaluate(Board(variant)) == WEIGHTS[variant].tempo
    # the same position with colours swapped and the board turned round scores the same
    assert evaluate(Board("english", fen="B:W21,22,K5:B1,2,10")) == evaluate(
        Board("english", fen="W:W31,32,23:B12,11,K28"))
    # a flying king is worth far more than a short king
    assert evaluate(Board("international", fen="W:WK46:B1,2")) > 0
    assert evaluate(Board("english", fen="W:WK29:B1,2")) < 0
    assert evaluate(Board("english", fen="W:WK29:B1")) > 0
    assert evaluate(Board("english", fen="W:W21:BK1")) < 0
    # no move: lost
    assert evaluate(Board("english", fen="W:W29:B25,22")) == -MATE


def test_draw_decisions() -> None:
    level = Board("english", fen="W:WK1:BK32")
    assert should_accept_draw(level)
    assert should_offer_draw(level)
    winning = Board("english", fen="W:WK1,K5:BK32")
    assert not should_accept_draw(winning)
    assert should_accept_draw(winning, color=Color.BLACK)
    assert not should_offer_draw(Board("english"))
    # a threefold repetition can be claimed in English when it is not clearly winning
    board = Board("english", fen="W:WK1:BK32")
    for _ in range(2):
        for text in ("1-6", "32-27", "6-1", "27-32"):
            board.push(board.parse_move(text))
    assert board.claimable_draw() == "threefold"
    assert should_claim_draw(board) == "threefold"
    assert should_claim_draw(Board("english")) is None


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="level"):
        choose_move(Board("english"), level=0, time_limit=1.0)
    with pytest.raises(ValueError, match="no legal move"):
        choose_move(Board("english", fen="W:W29:B25,22"), level=3, time_limit=1.0)


def test_only_move_is_returned_at_once() -> None:
    board = Board("english", fen="B:W14,22:B10")
    r = analyse(board, time_limit=None)
    assert str(r.move) == "10x17x26" and r.nodes == 0


def test_a_side_without_pieces_is_no_crash() -> None:
    # a FEN may leave the side not to move with nothing: the next move wins
    board = Board("english", fen="B:W:BK1,K2")
    assert evaluate(board) > 0
    assert analyse(board, time_limit=None, max_depth=3).score > MATE_BOUND


def test_a_pending_capture_at_the_depth_limit_is_not_a_loss() -> None:
    board = Board("english", fen="W:W22:B17,18")  # captures only, no plain move
    s = _Searcher(board.variant, None, None)
    own, opp, kings = board.bitboards()
    assert abs(s.quiesce(own, opp, kings, True, -MATE, MATE, MAX_PLY)) < MATE_BOUND


def test_mate_scores_stay_above_evaluations() -> None:
    r = analyse(Board("english", fen="W:WK4,12,K19:BK30,K29,25"), time_limit=None, node_limit=5_000)
    assert r.score > MATE_BOUND


def _after_each_move(fen: str, depth: int) -> dict[str, int]:
    """Each legal move's score for the side to move, as a search of `depth` plies in all sees it."""
    board, scores = Board("english", fen=fen), {}
    for move in list(board.legal_moves):
        board.push(move)
        lost = not board.legal_moves
        scores[str(move)] = MATE if lost else -analyse(board, time_limit=None, max_depth=depth - 1).score
        board.pop()
    return scores


# Black wins in each; some moves win sooner than others.
@pytest.mark.parametrize("fen", ["B:W20,28,24:BK7,K12,K15,K23", "B:W12,17,13:BK11,K6,K23,K10"])
@pytest.mark.parametrize("level", [3, 4])
def test_a_forced_win_is_played_by_its_shortest_way(fen: str, level: int) -> None:
    scores = _after_each_move(fen, LEVELS[level].depth)
    assert len({score for score in scores.values() if score > MATE_BOUND}) >= 2
    for seed in range(8):
        move = choose_move(Board("english", fen=fen), level=level, time_limit=30, rng=random.Random(seed))
        assert scores[str(move)] == max(scores.values()), (seed, str(move), scores)


def test_play_main_prints_a_game(capsys: pytest.CaptureFixture[str]) -> None:
    code = play_main(["english", "--white", "1", "--black", "2", "--nodes", "150", "--max-moves", "6",
                      "--seed", "1"])
    out = capsys.readouterr().out
    assert code == 0
    assert "1. " in out and "Result:" in out
    assert "level 1" in out and "level 2" in out
