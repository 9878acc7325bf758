"""The game review: a planted blunder is found with the better move and the line that punishes it, sound
moves are not flagged, and the evaluations, summaries and mate scores hang together."""

from __future__ import annotations

import json

import pytest

from engine import Color
from engine.evaluation import MATE
from engine.review import (
    CAP,
    Review,
    Verdict,
    Why,
    _judge,
    capped,
    confirm,
    evaluate_positions,
    explain,
    judge_game,
    review_game,
)

# An English game where Red's 9th move, 16-19, leaves a man to White's double jump 24x15x8.
OPENING = ["11-15", "22-18", "15x22", "26x17", "8-11", "25-22", "12-16", "17-13"]
BLUNDER = "16-19"
AFTER = ["24x15x8", "4x11", "28-24", "9-14", "31-26"]
GAME = [*OPENING, BLUNDER, *AFTER]
NODES = 5_000


@pytest.fixture(scope="module")
def review() -> Review:
    return review_game("english", None, GAME, nodes=NODES)


def test_the_planted_blunder_is_the_only_turning_point(review: Review) -> None:
    points = review.turning_points()
    assert [t.ply for t in points] == [len(OPENING)]
    blunder = points[0]
    assert blunder.move == BLUNDER and blunder.color is Color.BLACK and blunder.number == 5
    assert blunder.verdict is Verdict.BLUNDER and blunder.why is Why.MATERIAL
    assert blunder.loss >= 100 and blunder.after <= -100
    board = review.board_before(blunder.ply)
    assert board.parse_move(blunder.best) in board.legal_moves and blunder.best != BLUNDER
    assert blunder.line[0] == blunder.best and len(blunder.line) == 4
    # the refutation starts with the capture that wins the man
    assert blunder.refutation[0] == "24x15x8"


def test_a_mistake_is_measured_against_the_position_after_the_best_move(review: Review) -> None:
    # both positions compared are searched alike: after the better move and after the move played
    blunder = review.turning_points()[0]
    board = review.board_before(blunder.ply)
    board.push_str(blunder.best)
    [(score, _)] = evaluate_positions("english", board.fen(), [], nodes=NODES)
    assert blunder.before == -score
    assert blunder.loss == capped(blunder.before) - capped(blunder.after)


def test_sound_moves_are_not_flagged(review: Review) -> None:
    for turn in review.turns:
        if turn.ply != len(OPENING):
            assert turn.verdict in (Verdict.GOOD, Verdict.INACCURACY), turn
            assert turn.line == () and turn.refutation == ()


def test_the_best_move_loses_nothing(review: Review) -> None:
    for turn in review.turns:
        if turn.move == turn.best:
            assert turn.loss == 0


def test_scores_are_from_whites_side(review: Review) -> None:
    assert len(review.scores) == len(GAME) + 1
    # after the blunder White stands a man better
    assert all(score >= 90 for score in review.scores[len(OPENING) + 1:])
    assert all(abs(score) < 60 for score in review.scores[:len(OPENING) + 1])


def test_summary_per_player(review: Review) -> None:
    red, white = review.summary(Color.BLACK), review.summary(Color.WHITE)
    assert (red.moves, red.blunders, red.mistakes) == (7, 1, 0)
    assert (white.moves, white.blunders, white.mistakes) == (7, 0, 0)
    assert white.accuracy > red.accuracy and red.accuracy <= round(100 * 6 / 7)


def test_a_node_budget_repeats_itself(review: Review) -> None:
    assert review_game("english", None, GAME, nodes=NODES) == review


def test_stored_form_round_trips(review: Review) -> None:
    assert Review.from_dict(json.loads(json.dumps(review.to_dict()))) == review


def test_a_capture_into_a_lost_ending_is_a_blunder() -> None:
    # Red must capture: 11x18x25 takes two men but lets White win by force; 10x19 holds on
    fen = "B:W14,15,22,30:B10,11"
    bad = review_game("english", fen, ["11x18x25"], nodes=NODES).turns[0]
    assert bad.verdict is Verdict.BLUNDER and bad.best != "11x18x25" and bad.after < -CAP
    assert review_game("english", fen, [bad.best], nodes=NODES).turns[0].verdict is Verdict.GOOD


def test_what_a_mistake_threw_away() -> None:
    assert _judge(-60, -125, best=False)[1:] == (Verdict.BLUNDER, Why.DRAW)
    assert _judge(0, -MATE + 20, best=False)[1:] == (Verdict.BLUNDER, Why.DRAW)
    assert _judge(0, -130, best=False)[1:] == (Verdict.BLUNDER, Why.MATERIAL)
    assert _judge(200, 60, best=False)[1:] == (Verdict.BLUNDER, Why.WIN)
    assert _judge(0, -60, best=False)[1:] == (Verdict.MISTAKE, Why.POSITION)
    assert _judge(-20, -50, best=False)[1:] == (Verdict.INACCURACY, Why.POSITION)
    # a slower win is still a win; the best move loses nothing whatever the scores say
    assert _judge(MATE - 3, MATE - 9, best=False) == (0, Verdict.GOOD, None)
    assert _judge(50, -300, best=True) == (0, Verdict.GOOD, None)


def test_mate_scores_are_capped_and_a_finished_game_scores_the_result() -> None:
    assert capped(MATE - 5) == CAP and capped(-MATE + 5) == -CAP
    # Red takes White's last man: the final position is a win for Red, scored as a mate
    r = review_game("english", "B:W14:B10", ["10x17"], nodes=1_000)
    assert r.scores[-1] == -MATE and r.scores[0] < -MATE + 10
    assert r.turns[0].verdict is Verdict.GOOD and r.summary(Color.WHITE).moves == 0


def test_an_illegal_move_is_refused() -> None:
    with pytest.raises(ValueError):
        review_game("english", None, ["11-18"], nodes=1_000)


def test_a_budget_is_required() -> None:
    with pytest.raises(ValueError):
        review_game("english", None, ["11-15"])


def test_a_review_in_pieces_is_the_same_review(review: Review) -> None:
    evals = evaluate_positions("english", None, GAME, 0, 5, nodes=NODES)
    evals += evaluate_positions("english", None, GAME, 6, None, nodes=NODES)
    assert len(evals) == len(GAME) + 1
    judged = judge_game("english", None, GAME, evals, nodes=NODES)
    assert judged.scores == review.scores and judged.turning_points()[0].line == ()
    for turn in judged.turns:
        if turn.verdict is not Verdict.GOOD:
            judged = judged.with_turn(confirm(judged, turn.ply, nodes=NODES))
    point = review.turning_points()[0]
    assert judged.with_turn(explain(judged, point.ply, nodes=NODES)) == review
    with pytest.raises(ValueError):
        judge_game("english", None, GAME, evals[:-1])
