"""The puzzle finder: shots checked by hand are found in games that pass through them, a position with two
winning moves is no puzzle, and a line the deeper search refutes is dropped.

Each planted shot was worked out from the rules (docs/RULES.md) before the finder saw it; the comments
give the working (squares as (row, column) of the diagram, row 0 at the top), and each test replays the
line asserting that every reply of the opponent is its only legal move."""

from __future__ import annotations

import dataclasses
import json

import pytest

from engine import Board, Color
from engine.puzzles import (
    Budget,
    Puzzle,
    Source,
    Status,
    Theme,
    difficulty,
    examine,
    find_puzzle,
    position_key,
    scan_game,
)


@dataclasses.dataclass(frozen=True)
class Shot:
    variant: str
    opening: tuple[str, ...]  # the game's moves from the start position up to the shot
    solution: tuple[str, ...]
    gain: int
    gives: int
    takes: int
    theme: Theme | None
    start_fen: str | None = None


SHOTS = {
    # English, the 2-for-1 of the openings: after 9-13 21-17 6-9 23-18 Red plays 9-14 (3,2). White must
    # take it: 18 (4,3) jumps to 9 (2,1), emptied by 9-14; 17 (4,1) cannot, 10 (2,3) is occupied. Then 5
    # (1,0) jumps 9 to 14 and 17 to 21 (5,0), left empty by 21-17: two men for one.
    "english 2-for-1": Shot("english", ("9-13", "21-17", "6-9", "23-18"), ("9-14", "18x9", "5x14x21"),
                            1, 1, 2, Theme.SHOT),
    # English, 3-for-1 into the king row: after 9-14 24-20 11-16 20x11 7x16 28-24 2-7 White plays 23-19
    # (4,5). Only 16 (3,6) can take it, landing on 23 (5,4), and stops (30 and 32 are occupied). Then 27
    # (6,5) jumps 23 to 18, 14 to 9 (empty) and 6 to 2 (emptied by 2-7), and is crowned: three for one.
    "english 3-for-1": Shot("english", ("9-14", "24-20", "11-16", "20x11", "7x16", "28-24", "2-7"),
                            ("23-19", "16x23", "27x18x9x2"), 2, 1, 3, Theme.SHOT),
    # English, built for this test: Red 9-14 (3,2); only 17 (4,1) can take it (18 is empty), landing on
    # 10 (2,3). Then 6 (1,2) jumps 10 to 15, 19 to 24 and 27 to 31, crowned on the last row.
    "english built": Shot("english", ("2-6", "31-27"), ("9-14", "17x10", "6x15x24x31"), 2, 1, 3,
                          Theme.SHOT, start_fen="B:W17,19,30,31,32:B1,2,3,9"),
    # Italian: after 24-20 10-14 28-24 12-15 20-16 7-12 16x7 3x12 White plays 22-19 (4,4). Black men take
    # only forward: 15 (3,5) lands on 22 (5,3) and stops (29 and 31 are occupied); 14 cannot (23 is
    # occupied). Then 26 (6,2) jumps 22 to 19, 14 to 10 and 6 to 3, crowned: the most pieces, so the
    # only legal capture (27x18 takes one).
    "italian 22-19": Shot("italian", ("24-20", "10-14", "28-24", "12-15", "20-16", "7-12", "16x7", "3x12"),
                          ("22-19", "15x22", "26x19x10x3"), 2, 1, 3, Theme.SHOT),
    # Italian: White 24-20 (4,6); 16 (3,7) must take it, landing on 23 (5,5), and stops. Then 28 (6,6)
    # jumps 23 to 19, 14 to 10 and 5 to 1: three pieces, more than 27x20 (one).
    "italian 24-20": Shot("italian", ("23-19", "12-16", "21-18", "10-14", "19x10", "5x14x21", "25x18",
                                      "1-5", "26-21", "11-14", "18x11", "7x14"),
                          ("24-20", "16x23", "28x19x10x1"), 2, 1, 3, Theme.SHOT),
    # Italian, Black's shot: Black 10-14 (3,3); only 19 (4,4) can take it (18 would land on 11, occupied),
    # landing on 10 (2,2) and stopping. Then 6 (1,3) jumps 10 to 13, 18 to 22 and 26 to 29, crowned:
    # three pieces, more than 5x14 (one).
    "italian black": Shot("italian", ("21-18", "11-15", "25-21", "6-11", "22-19", "15x22", "26x19", "2-6",
                                      "29-26"), ("10-14", "19x10", "6x13x22x29"), 2, 1, 3, Theme.SHOT),
    # International, Black's shot: Black 18-22 (4,3). White must take: 27 (5,2) lands on 18 (3,4) and
    # cannot go on (7, 9 occupied); 28 would land on 17, occupied. Then 13 (2,5) jumps 18 to 22, 28 to 33
    # and 29 to 24: three, the maximum (12x23x32 takes two), so the only legal capture.
    "international black": Shot("international", ("31-27", "16-21", "27x16", "19-23", "32-27", "13-19",
                                                  "34-30", "19-24", "30x19x28", "8-13", "33-29"),
                                ("18-22", "27x18", "13x22x33x24"), 2, 1, 3, Theme.SHOT),
    # International: White 28-22 (4,3); only 17 (3,2) takes it (18 would land on 27, occupied), landing
    # on 28 (5,4) and stopping (37 is occupied). Then 32 (6,3) jumps 28 to 23, 19 to 14 and 20 to 25.
    "international 28-22": Shot("international", ("31-27", "20-24", "35-30", "24x35", "33-28", "14-20",
                                                  "34-30", "35x24"), ("28-22", "17x28", "32x23x14x25"),
                                2, 1, 3, Theme.SHOT),
    # International: White 29-24 (4,7); only 20 (3,8) takes it (19 would land on 30, occupied), landing
    # on 29 (5,6) and stopping (38 and 40 occupied). Then 33 (6,5) jumps 29 to 24, 19 to 13 and 18 to 22:
    # three, more than 34x23 (one).
    "international 29-24": Shot("international", ("32-27", "18-23", "35-30", "17-22", "27x18x29", "13-18"),
                                ("29-24", "20x29", "33x24x13x22"), 2, 1, 3, Theme.SHOT),
}


def replay_by_hand(shot: Shot) -> Board:
    """The shot's position, after checking its line: each reply is forced, and the gain is as worked."""
    board = Board(shot.variant, fen=shot.start_fen)
    for text in shot.opening:
        board.push_str(text)
    start = board.copy()
    solver = board.turn
    for ply, text in enumerate(shot.solution):
        if ply % 2:
            assert [str(m) for m in board.legal_moves] == [text], (shot, text)
        board.push_str(text)
    pieces = {color: sum(p.color is color for p in board.pieces().values()) for color in Color}
    before = {color: sum(p.color is color for p in start.pieces().values()) for color in Color}
    assert pieces[solver] - pieces[solver.other] - (before[solver] - before[solver.other]) == shot.gain
    assert not any(m.captures for m in board.legal_moves)  # nothing to take back
    return start


@pytest.mark.parametrize("name", list(SHOTS))
def test_a_planted_shot_is_found_in_a_game_that_passes_through_it(name: str) -> None:
    shot = SHOTS[name]
    position = replay_by_hand(shot)
    game = [*shot.opening, *shot.solution]
    scan = scan_game(shot.variant, shot.start_fen, game, kind="pdn", game=7)
    found = {p.source.ply: p for p in scan.puzzles}
    assert len(shot.opening) in found, (name, [(p.source.ply, p.solution) for p in scan.puzzles])
    puzzle = found[len(shot.opening)]
    assert puzzle.fen == position.fen() and puzzle.turn is position.turn
    assert puzzle.solution == shot.solution
    assert (puzzle.gain, puzzle.gives, puzzle.takes, puzzle.theme) == (shot.gain, shot.gives, shot.takes,
                                                                        shot.theme)
    assert not puzzle.wins_game and 1 <= puzzle.difficulty <= 5
    assert puzzle.source == Source("pdn", 7, len(shot.opening))
    assert puzzle.source.move_number == len(shot.opening) // 2 + 1
    assert scan.candidates >= len(scan.puzzles) >= 1


# Red to move has exactly two captures, 5x14x21 (over 9 and 17) and 8x15x24 (over 11 and 19), and after
# either White has nothing to take back: two winning moves. White's 15-11 makes the position.
TWO_WINS = "B:W9,11,17,19,30,32:B1,4,5,8"


def test_a_position_with_two_winning_moves_is_no_puzzle() -> None:
    board = Board("english", fen=TWO_WINS)
    assert sorted(map(str, board.legal_moves)) == ["5x14x21", "8x15x24"]
    for move in list(board.legal_moves):
        board.push(move)
        pieces = board.pieces().values()
        assert sum(p.color is Color.BLACK for p in pieces) - sum(p.color is Color.WHITE for p in pieces) == 0
        assert not any(m.captures for m in board.legal_moves)
        board.pop()
    found = examine(board)
    assert found.status is Status.FAILED and found.reason == "a second move wins too"
    scan = scan_game("english", "W:W9,15,17,19,30,32:B1,4,5,8", ["15-11", "5x14x21"])
    assert scan.positions >= 2 and all(p.source.ply != 1 for p in scan.puzzles)


SHALLOW = Budget(2, 3_000)
# Italian, Black to move after 21-17 11-14 25-21 7-11 24-20 9-13 20-16 13-18 16x7: two captures, 18x25
# and 3x12. Two plies deep, 18x25 wins two men (White's reply 22-19 is met by 3x12). Deeper, White's
# 22-19 starts a counter-shot: 3x12 is forced, then 17-13 gives a man (10x17 forced) and 19 jumps 14 and
# 6 to crown on 3: the material is level and White has a king.
ITALIAN = ("21-17", "11-14", "25-21", "7-11", "24-20", "9-13", "20-16", "13-18", "16x7")


def test_a_win_the_deeper_search_refutes_is_no_puzzle() -> None:
    board = Board("italian")
    for text in ITALIAN:
        board.push_str(text)
    position = Board("italian", fen=board.fen())
    assert sorted(map(str, position.legal_moves)) == ["18x25", "3x12"]
    shallow = examine(position, screen=SHALLOW, find=SHALLOW, verify=SHALLOW)
    assert shallow.puzzle is not None and shallow.puzzle.solution[:1] == ("18x25",)
    refuted = examine(position, screen=SHALLOW, find=SHALLOW)
    assert refuted.status is Status.REFUTED and refuted.candidate and refuted.puzzle is None
    for ply, text in enumerate(("18x25", "22-19", "3x12", "17-13", "10x17", "19x10x3")):
        if ply in (2, 4, 5):
            assert [str(m) for m in position.legal_moves] == [text]
        position.push_str(text)
    pieces = list(position.pieces().values())
    assert sum(p.color is Color.WHITE for p in pieces) == sum(p.color is Color.BLACK for p in pieces)
    king = position.piece_at(3)
    assert king is not None and king.color is Color.WHITE and king.king


# English, White to move after the 13 moves below: 22-18 gives a man, Black takes 14x23 (or 15x22), and
# 26 jumps 23 and 15 to 10: two for one, as deep as two plies see. But then Red's 2-6 leaves the man on
# 10 lost whatever White does (6x15, or 3x10 after 10-7): the two for one is two for two.
ENGLISH = ("10-14", "24-20", "6-10", "28-24", "11-15", "23-18", "14x23", "27x18x11", "7x16", "20x11",
           "8x15", "24-20", "10-14")


def test_a_line_the_deeper_search_refutes_is_dropped_from_the_game() -> None:
    board = Board("english")
    for text in (*ENGLISH, "22-18", "14x23", "26x19x10", "2-6"):
        board.push_str(text)
    for move in list(board.legal_moves):
        board.push(move)
        victim = 7 if move.start == 10 else 10
        assert any(victim in m.captures for m in board.legal_moves), move
        board.pop()
    game = [*ENGLISH, "22-18", "14x23", "26x19x10"]
    shallow = scan_game("english", None, game, screen=SHALLOW, find=SHALLOW, verify=SHALLOW)
    assert [p.solution for p in shallow.puzzles if p.source.ply == len(ENGLISH)] == [
        ("22-18", "14x23", "26x19x10")]
    scan = scan_game("english", None, game, screen=SHALLOW, find=SHALLOW)
    assert scan.refuted >= 1 and all(p.source.ply != len(ENGLISH) for p in scan.puzzles)


def test_a_line_that_wins_the_game_counts_its_last_capture() -> None:
    # Red's king steps to 10: White's lone king on 2 can only go to 6 or 7, and is taken either way
    # (10x1 or 10x3), the last White piece: Red goes from four pieces against one to four against none.
    board = Board("english", fen="B:WK2:BK14,22,26,27")
    board.push_str("14-10")
    assert sorted(map(str, board.legal_moves)) == ["2-6", "2-7"]
    for reply, capture in (("2-6", "10x1"), ("2-7", "10x3")):
        board.push_str(reply)
        assert [str(m) for m in board.legal_moves] == [capture]
        board.pop()
    puzzle = find_puzzle(Board("english", fen="B:WK2:BK14,22,26,27"))
    assert puzzle is not None and puzzle.solution == ("14-10", "2-6", "10x1")
    assert puzzle.wins_game and puzzle.gain == 1 and puzzle.takes == 1 and puzzle.theme is Theme.KING_TRAP


def test_a_position_with_nothing_to_win_or_no_choice_is_no_puzzle() -> None:
    assert examine(Board("english")).status is Status.NONE
    assert examine(Board("english", fen="B:W14:BK18")).reason == "no choice"


def test_a_puzzle_keeps_its_values_through_json() -> None:
    puzzle = find_puzzle(Board("english", fen="B:W17,19,27,30,32:B1,3,6,9"))
    assert puzzle is not None
    puzzle = dataclasses.replace(puzzle, source=Source("game", 12, 31))
    data = json.loads(json.dumps(puzzle.to_dict()))
    assert Puzzle.from_dict(data) == puzzle
    assert data["turn"] == "B" and data["key"] == position_key("english", puzzle.fen) == puzzle.key
    assert puzzle.moves == ("9-14", "6x15x24x31") and puzzle.source.move_number == 16


def test_difficulty_grows_with_the_line_the_men_given_and_the_depth() -> None:
    assert difficulty(1, 0, 1) == 1
    assert difficulty(2, 1, 1) < difficulty(4, 2, 1) < difficulty(5, 3, 9) == 5
    assert difficulty(2, 1, 1) < difficulty(2, 1, 9)
