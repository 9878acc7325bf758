"""Typed moves: forgiving input, exact refusals with machine-readable reasons."""

import pytest

from engine import (
    AmbiguousMoveError,
    Board,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    MoveError,
    Reason,
    get_variant,
)


def reason(board: Board, text: str) -> Reason:
    with pytest.raises(MoveError) as err:
        board.parse_move(text)
    return err.value.reason


@pytest.mark.parametrize("text", ["10x17x26", "10x26", "10x17", "10-26", " 10 X 17 x 26 ", "d6xb4xd2"])
def test_forms_of_one_capture(text: str) -> None:
    board = Board("english", fen="B:W14,15,22:B10")
    assert str(board.parse_move(text)) == "10x17x26"


def test_algebraic_squares_follow_each_board() -> None:
    assert str(Board("english", fen="W:W22:B1").parse_move("c3-d4")) == "22-18"
    italian = get_variant("italian")
    assert italian.algebraic(22) == "d3" and italian.algebraic(1) == "a8"
    assert str(Board("italian").parse_move("D3-e4")) == "22-19"
    assert str(Board("international").parse_move("d4-e5")) == "32-28"
    assert get_variant("english").square_from_algebraic("c\u00b3") is None  # a superscript is no digit


def test_dash_for_a_capture_only_when_one_fits() -> None:
    board = Board("english", fen="B:W10,11,18,19,26,27:B6,12")
    with pytest.raises(AmbiguousMoveError) as err:
        board.parse_move("6-31")
    assert {str(m) for m in err.value.candidates} == {"6x15x22x31", "6x15x24x31"}
    assert str(board.parse_move("6x15x24")) == "6x15x24x31"


def test_prefix_with_several_continuations_is_incomplete() -> None:
    board = Board("english", fen="B:W10,11,18,19,26,27:B6,12")
    with pytest.raises(IllegalMoveError) as err:
        board.parse_move("6x15")
    assert err.value.reason is Reason.INCOMPLETE
    assert len(err.value.candidates) == 2


def circle(board_name: str) -> tuple[Board, int, list[int]]:
    """A king that can capture four pieces round a circle, back to where it started."""
    v = get_variant(board_name)
    r, c = 0, 3
    king = v.square_at(r, c)
    victims = [v.square_at(r + 1, c + 1), v.square_at(r + 3, c + 1), v.square_at(r + 3, c - 1),
               v.square_at(r + 1, c - 1)]
    landings = [v.square_at(r + 2, c + 2), v.square_at(r + 4, c), v.square_at(r + 2, c - 2)]
    assert king and all(victims) and all(landings)
    fen = f"W:WK{king}:B{','.join(map(str, victims))}"
    return Board(board_name, fen=fen), king, [x for x in landings if x]


@pytest.mark.parametrize("variant", ["english", "international"])
def test_circular_capture_is_one_move_either_way(variant: str) -> None:
    board, king, (a, b, c) = circle(variant)
    circular = [m for m in board.legal_moves if m.start == m.end == king and len(m.captures) == 4]
    assert len(circular) == 1
    forward = board.parse_move(f"{king}x{a}x{b}x{c}x{king}")
    backward = board.parse_move(f"{king}x{c}x{b}x{a}x{king}")
    assert forward == backward == circular[0]
    board.push(Move((king, c, b, a, king), backward.captures[::-1]))
    assert board.pieces().keys() == {king}


@pytest.mark.parametrize(
    ("fen", "text", "why"),
    [
        (None, "9-17", Reason.NOT_DIAGONAL),
        (None, "33-29", Reason.NOT_A_SQUARE),
        (None, "a2-b3", Reason.NOT_A_SQUARE),
        (None, "hello", Reason.BAD_SYNTAX),
        (None, "", Reason.BAD_SYNTAX),
        (None, "9-" * 100, Reason.TOO_LONG),
        (None, "13-17", Reason.NO_PIECE),
        (None, "22-18", Reason.OPPONENT_PIECE),
        (None, "5-9", Reason.OCCUPIED),
        (None, "9-18", Reason.TOO_FAR),
        ("B:W30:B14", "14-9", Reason.MEN_NOT_BACKWARD),
        ("B:W30:B14,18", "14-23", Reason.OWN_PIECE),
        ("B:W30:BK14", "14-23", Reason.KINGS_DO_NOT_FLY),
        ("B:W14,15,22:B10,1", "1-6", Reason.CAPTURE_COMPULSORY),
        ("B:W22:B18,K10", "10x17", Reason.CAPTURE_COMPULSORY),
        ("W:W13:B18,22", "18x9", Reason.OPPONENT_PIECE),
        ("B:W23:B14,27", "27x18", Reason.MEN_NOT_BACKWARD),
        ("B:W17,22:B13", "13-18", Reason.GAME_OVER),
    ],
)
def test_english_refusals(fen: str | None, text: str, why: Reason) -> None:
    assert reason(Board("english", fen=fen), text) is why


def test_flying_king_blocked() -> None:
    board = Board("international", fen="W:WK46,37:B5")
    assert reason(board, "46-28") is Reason.OCCUPIED


def test_error_types_and_candidates() -> None:
    board = Board("english", fen="B:W14,15,22:B10,1")
    with pytest.raises(InvalidMoveError):
        board.parse_move("x")
    with pytest.raises(IllegalMoveError) as err:
        board.parse_move("1-6")
    assert {str(m) for m in err.value.candidates} == {"10x17x26", "10x19"}
    assert isinstance(err.value, ValueError)


def test_exact_parsing_takes_only_the_canonical_text() -> None:
    board = Board("english", fen="B:W14,15,22:B10,1")
    assert board.parse_exact("10x17x26") == Move((10, 17, 26), (14, 22))
    assert Board("english").parse_exact("9-13") == Move((9, 13))
    for text, why in [
        ("10x26", Reason.NOT_LEGAL),  # start and end: the forgiving parser would guess
        ("10x17", Reason.NOT_LEGAL),  # a prefix
        ("1-6", Reason.NOT_LEGAL),  # a step while a capture is compulsory
        ("10-17-26", Reason.BAD_SYNTAX),
        ("10X17X26", Reason.BAD_SYNTAX),
        (" 10x17x26", Reason.BAD_SYNTAX),
        ("010x17x26", Reason.BAD_SYNTAX),
        ("b8-a7", Reason.BAD_SYNTAX),
        ("1x6", Reason.NOT_LEGAL),  # a step written as a capture
        ("10-19", Reason.NOT_LEGAL),  # a capture written as a step
        ("1" * 300, Reason.TOO_LONG),
    ]:
        with pytest.raises(MoveError) as err:
            board.parse_exact(text)
        assert err.value.reason is why, text
    assert board.parse_move("10x26") == board.parse_exact("10x17x26")


@pytest.mark.parametrize("variant", ["english", "international"])
def test_exact_parsing_takes_each_legal_move_by_its_own_text_only(variant: str) -> None:
    board, king, _ = circle(variant)
    for move in board.legal_moves:
        assert board.parse_exact(str(move)) == move
    canonical = next(m for m in board.legal_moves if m.start == m.end == king and len(m.captures) == 4)
    other_way = "x".join(map(str, (king, *reversed(canonical.path[1:-1]), king)))
    assert other_way != str(canonical) and board.parse_move(other_way) == canonical
    with pytest.raises(IllegalMoveError):
        board.parse_exact(other_way)  # the same move, but not as str(move) writes it


def test_exact_parsing_when_the_game_is_over() -> None:
    with pytest.raises(IllegalMoveError) as err:
        Board("english", fen="B:W17,22:B13").parse_exact("13-18")
    assert err.value.reason is Reason.GAME_OVER


def test_push_str_plays_and_returns_the_move() -> None:
    board = Board("english", fen="B:W14,15,22:B10")
    move = board.push_str("10x17x26")
    assert move.captures == (14, 22) and board.peek() == move and board.fen() == "W:W15:B26"
    with pytest.raises(InvalidMoveError):
        board.push_str("15 - 10")
    assert board.ply == 1
