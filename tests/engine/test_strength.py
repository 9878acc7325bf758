"""The stronger opponent (issue 14): evaluation terms symmetric and meaningful, legal moves in play."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest

from engine import Board, Color
from engine.evaluation import (
    HAND_WEIGHTS,
    PATTERN_SIZE,
    WEIGHTS,
    WEIGHTS_DIR,
    Tables,
    evaluate,
    evaluate_raw,
    load_weights,
    pattern_indices,
    pattern_turned,
    pattern_windows,
    patterns_to_json,
    tables,
    terms,
    weight_vector,
    weights_from_vector,
)
from engine.search import LEVELS, analyse, choose_move
from engine.variants import get_variant

VARIANTS = ("english", "italian", "international")


def _flipped(board: Board) -> Board:
    """The same position turned round with the colours swapped (and the other side to move)."""
    n = board.variant.geometry.squares
    sides: dict[Color, list[str]] = {Color.WHITE: [], Color.BLACK: []}
    for sq, piece in sorted(board.pieces().items()):
        sides[piece.color.other].append(("K" if piece.king else "") + str(n + 1 - sq))
    fen = f"{board.turn.other.value}:W{','.join(sides[Color.WHITE])}:B{','.join(sides[Color.BLACK])}"
    return Board(board.variant, fen=fen)


def _random_positions(variant: str, count: int, seed: int) -> list[Board]:
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        board = Board(variant)
        for _ in range(rng.randrange(4, 90)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        if board.legal_moves:
            out.append(Board(variant, fen=board.fen()))
    return out


@pytest.mark.parametrize("variant", VARIANTS)
def test_evaluation_is_symmetric_under_a_colour_flip(variant: str) -> None:
    for board in _random_positions(variant, 60, seed=len(variant)):
        flipped = _flipped(board)
        assert len(flipped.legal_moves) == len(board.legal_moves)
        assert evaluate(flipped) == evaluate(board), board.fen()


def test_every_term_of_the_evaluation_is_symmetric(monkeypatch: pytest.MonkeyPatch) -> None:
    # each weight on its own, so that no term hides behind another
    variant = "international"
    base = WEIGHTS[variant]
    names = [f.name for f in dataclasses.fields(base)
             if f.name not in ("man", "pst_open", "pst_end", "patterns")]
    boards = _random_positions(variant, 25, seed=7)
    for name in names:
        weights = type(base)(**{f: 17 if f == name else 0 for f in names}, man=100)
        monkeypatch.setitem(WEIGHTS, variant, weights)
        tables.cache_clear()
        for board in boards:
            assert evaluate(_flipped(board)) == evaluate(board), (name, board.fen())
    # and square values that differ on every square
    rng = random.Random(5)
    pst_open = tuple(rng.randrange(40, 200) for _ in range(50))
    pst_end = tuple(rng.randrange(40, 200) for _ in range(50))
    monkeypatch.setitem(WEIGHTS, variant, dataclasses.replace(base, pst_open=pst_open, pst_end=pst_end))
    tables.cache_clear()
    for board in boards:
        assert evaluate(_flipped(board)) == evaluate(board), ("pst", board.fen())
    tables.cache_clear()


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_tuners_weighted_sum_is_the_evaluation(variant: str) -> None:
    # benchmarks/tune_eval.py fits weights to `terms`: the engine must evaluate exactly that sum
    v = get_variant(variant)
    weights = weight_vector(v, WEIGHTS[variant])
    for board in _random_positions(variant, 80, seed=11):
        if any(m.captures for m in board.legal_moves):
            continue
        values, factor, extra = terms(board)
        own, opp, kings = board.bitboards()
        white = board.turn is Color.WHITE
        patterns = WEIGHTS[variant].patterns
        if patterns:  # the tuner adds the windows' values (benchmarks/tune_eval.py, Patterns)
            extra += sum(patterns[w][i] for w, i in enumerate(pattern_indices(board)))
        for_white = factor * (sum(w * x for w, x in zip(weights, values, strict=True)) + extra)
        score = evaluate_raw(tables(v), own, opp, kings, white)
        assert abs((score if white else -score) - for_white) <= 1.5, board.fen()


@pytest.mark.parametrize("variant", VARIANTS)
def test_weights_come_from_the_tuned_file_when_there_is_one(variant: str) -> None:
    tuned = WEIGHTS_DIR / f"{variant}.json"
    assert WEIGHTS[variant] == load_weights(variant)
    if tuned.exists():
        assert list(WEIGHTS[variant].pst_end) == json.loads(tuned.read_text())["pst_end"]
        v = get_variant(variant)
        without_patterns = dataclasses.replace(WEIGHTS[variant], patterns=())  # (the vector has none)
        assert weights_from_vector(v, weight_vector(v, WEIGHTS[variant])) == without_patterns


def test_the_runaway_term_rewards_a_man_no_enemy_can_stop(monkeypatch: pytest.MonkeyPatch) -> None:
    # White's man on 16 has a free run to the last row; on 17 the black man on 8 can stop it
    free = Board("international", fen="W:W16,45:B40,10")
    blocked = Board("international", fen="W:W17,45:B40,8")
    gaps = []
    for runaway, row in ((0, 0), (30, 10)):
        weights = dataclasses.replace(WEIGHTS["international"], runaway=runaway, runaway_row=row)
        monkeypatch.setitem(WEIGHTS, "international", weights)
        tables.cache_clear()
        gaps.append(evaluate(free) - evaluate(blocked))
    tables.cache_clear()
    # the man on 16 is two rows into its front half: 30 for running free, 10 for each of those rows
    assert gaps[1] == gaps[0] + 30 + 2 * 10


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_level_plays_legal_moves_through_a_game(variant: str) -> None:
    board = Board(variant)
    rng = random.Random(3)
    while board.outcome() is None and board.ply < 60:
        level = sorted(LEVELS)[board.ply % len(LEVELS)]
        move = choose_move(board, level=level, time_limit=30.0, node_limit=400, rng=rng)
        assert move in board.legal_moves
        board.push(move)


def test_a_kept_table_makes_the_next_search_of_a_game_cheaper() -> None:
    fen = "W:W26,27,34,35,36,40,43,45,46,47,48,49:B1,3,10,11,12,17,18,19,20,25,33"
    board = Board("international", fen=fen)
    fresh = [analyse(board, time_limit=None, max_depth=6).nodes for _ in range(2)]
    assert fresh[0] == fresh[1]  # without keep, every search starts from nothing
    first = analyse(board, time_limit=None, max_depth=6, keep=True)
    again = analyse(board, time_limit=None, max_depth=6, keep=True)
    assert again.move in board.legal_moves and again.nodes < first.nodes
    low = [analyse(board, level=4, time_limit=None, max_depth=4, keep=True).nodes for _ in range(2)]
    assert low[0] == low[1]  # lower levels never use it: they would play above themselves


def test_weights_load_from_a_given_file(tmp_path: Path) -> None:
    # benchmarks compare weight files: a given file overrides the hand-set weights it names, keeps the rest
    path = tmp_path / "w.json"
    path.write_text(json.dumps({"king_end": 301, "pst_open": list(range(32)), "about": "a note"}))
    loaded = load_weights("english", path)
    assert loaded.king_end == 301 and loaded.pst_open == tuple(range(32))
    assert loaded.king_open == HAND_WEIGHTS["english"].king_open
    with pytest.raises(FileNotFoundError):
        load_weights("english", tmp_path / "missing.json")


def _random_patterns(variant: str, seed: int) -> tuple[tuple[int, ...], ...]:
    """Pattern values at random, made symmetric as the tuner makes them: an arrangement turned round with
    the colours swapped is worth the opposite."""
    n = len(pattern_windows(get_variant(variant)))
    rng = random.Random(seed)
    theta = [[rng.randrange(-60, 60) for _ in range(PATTERN_SIZE)] for _ in range(n)]
    return tuple(tuple(theta[w][i] - theta[n - 1 - w][pattern_turned(i)] for i in range(PATTERN_SIZE))
                 for w in range(n))


@pytest.mark.parametrize("variant", VARIANTS)
def test_pattern_windows_are_4_by_4_and_turn_round_into_each_other(variant: str) -> None:
    v = get_variant(variant)
    g = v.geometry
    windows = pattern_windows(v)
    assert len(windows) == 3 * (v.size // 2 - 1)
    covered = set()
    for w, window in enumerate(windows):
        rows = {g.coords[g.square_of[bit]][0] for bit in window}
        cols = {g.coords[g.square_of[bit]][1] for bit in window}
        assert len(window) == 8 and max(rows) - min(rows) == 3 and max(cols) - min(cols) == 3
        covered |= set(window)
        turned = windows[len(windows) - 1 - w]
        for i, bit in enumerate(window):
            assert g.square_of[turned[7 - i]] == g.squares + 1 - g.square_of[bit]
    assert covered == {g.bit_of[sq] for sq in range(1, g.squares + 1)}  # every square is in some window
    assert pattern_turned(pattern_turned(1234)) == 1234
    assert pattern_turned(1) == 2 * 3**7  # a white man on the first square: a black one on the last


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_evaluation_adds_the_pattern_values_of_the_men_on_the_board(
    variant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    patterns = _random_patterns(variant, seed=len(variant))
    boards = _random_positions(variant, 40, seed=21)
    plain = [evaluate(b) for b in boards]
    monkeypatch.setitem(WEIGHTS, variant, dataclasses.replace(WEIGHTS[variant], patterns=patterns))
    tables.cache_clear()
    try:
        added = []
        for board, before in zip(boards, plain, strict=True):
            own, opp, kings = board.bitboards()
            white = board.turn is Color.WHITE
            for_white = sum(patterns[w][i] for w, i in enumerate(pattern_indices(board)))
            if (own | opp) & ~kings:  # (with kings alone the windows are empty: they add nothing)
                added.append(for_white)
                assert evaluate(board) - before == (for_white if white else -for_white), board.fen()
            assert evaluate(_flipped(board)) == evaluate(board), board.fen()
        assert any(added)  # the tables are not all zeros where these positions look
    finally:
        tables.cache_clear()


def test_pattern_values_load_from_their_non_zero_entries(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    patterns = _random_patterns("english", seed=3)
    entries = patterns_to_json(patterns)
    assert len(entries) == sum(1 for tab in patterns for x in tab if x)
    path = tmp_path / "w.json"
    path.write_text(json.dumps({"patterns": entries}))
    assert load_weights("english", path).patterns == patterns
    # windows whose values are all zero have no entries, wherever they are: they load as zeros
    path.write_text(json.dumps({"patterns": [e for e in entries if e[0] != len(patterns) - 1]}))
    loaded = load_weights("english", path).patterns
    assert loaded[:-1] == patterns[:-1] and loaded[-1] == (0,) * PATTERN_SIZE
    # tables of the wrong shape are refused when the evaluation is compiled
    monkeypatch.setitem(WEIGHTS, "english", dataclasses.replace(WEIGHTS["english"], patterns=patterns[:4]))
    with pytest.raises(ValueError, match="9 windows"):
        Tables(get_variant("english"))
