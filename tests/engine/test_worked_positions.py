"""Every worked position of docs/RULES.md, as written there."""

import pytest

from engine import Board, Color, IllegalMoveError, Move, Piece, Reason


def moves(board: Board) -> set[str]:
    return {str(m) for m in board.legal_moves}


def test_1_english_start_position() -> None:
    b = Board("english")
    assert b.turn is Color.BLACK
    assert {"9-13", "9-14"} <= moves(b)
    assert len(b.legal_moves) == 7
    with pytest.raises(IllegalMoveError):
        b.parse_move("9-17")


def test_2_english_free_choice_and_complete_sequences() -> None:
    b = Board("english", fen="B:W14,15,22:B10")
    assert moves(b) == {"10x17x26", "10x19"}
    assert Move((10, 17), (14,)) not in b.legal_moves
    b.push(b.parse_move("10x17x26"))
    assert b.pieces() == {26: Piece(Color.BLACK), 15: Piece(Color.WHITE)}
    b.pop()
    b.push(b.parse_move("10x19"))
    assert b.pieces() == {19: Piece(Color.BLACK), 14: Piece(Color.WHITE), 22: Piece(Color.WHITE)}


def test_3_english_promotion_ends_the_move() -> None:
    b = Board("english", fen="B:W26,27:B22")
    assert moves(b) == {"22x31"}
    b.push(b.parse_move("22x31"))
    assert b.pieces() == {31: Piece(Color.BLACK, king=True), 27: Piece(Color.WHITE)}
    assert b.turn is Color.WHITE


def test_4_english_king_captures_backward() -> None:
    assert moves(Board("english", fen="B:W14:BK18")) == {"18x9"}


def test_5_english_no_capture_when_not_adjacent() -> None:
    assert moves(Board("english", fen="B:W10:BK19")) == {"19-15", "19-16", "19-23", "19-24"}


def test_6_english_blocked_side_loses() -> None:
    b = Board("english", fen="B:W17,22:B13")
    assert not b.legal_moves
    outcome = b.outcome()
    assert outcome is not None and outcome.winner is Color.WHITE and outcome.reason == "no_moves"


def test_7_italian_man_may_not_capture_a_king() -> None:
    b = Board("italian", fen="W:W22:BK18")
    assert moves(b) == {"22-19"}
    with pytest.raises(IllegalMoveError) as err:
        b.parse_move("22x13")
    assert err.value.reason is Reason.MAN_CANNOT_CAPTURE_KING
    assert moves(Board("italian", fen="W:W22:B18")) == {"22x13"}


def test_8_italian_most_pieces() -> None:
    b = Board("italian", fen="W:W29,31:B19,26,28")
    assert moves(b) == {"29x22x15"}
    with pytest.raises(IllegalMoveError) as err:
        b.parse_move("31x24")
    assert err.value.reason is Reason.NOT_MAXIMUM
    assert err.value.details["count"] == 2


def test_9_italian_king_first() -> None:
    b = Board("italian", fen="W:WK17,W29:B13,26")
    assert moves(b) == {"17x10"}
    with pytest.raises(IllegalMoveError) as err:
        b.parse_move("29x22")
    assert err.value.reason is Reason.MUST_CAPTURE_WITH_KING


def test_10_italian_most_kings() -> None:
    b = Board("italian", fen="W:WK17:B13,K21")
    assert moves(b) == {"17x26"}
    with pytest.raises(IllegalMoveError) as err:
        b.parse_move("17x10")
    assert err.value.reason is Reason.MUST_CAPTURE_MORE_KINGS


def test_11_italian_king_met_earliest() -> None:
    b = Board("italian", fen="W:WK18:BK13,5,14,K7")
    assert moves(b) == {"18x9x2"}
    with pytest.raises(IllegalMoveError) as err:
        b.parse_move("18x11x4")
    assert err.value.reason is Reason.MUST_MEET_KING_EARLIER


def test_11b_italian_second_king_decides() -> None:
    b = Board("italian", fen="W:WK1:BK14,K5,K7,22,6")
    assert moves(b) == {"1x10x19x26"}
    assert b.parse_move("1x10x19x26").captures == (5, 14, 22)
    with pytest.raises(IllegalMoveError) as err:
        b.parse_move("1x10x3x12")
    assert err.value.reason is Reason.MUST_MEET_KING_EARLIER


def test_12_international_backward_and_maximum() -> None:
    b = Board("international", fen="W:W28:B22,33,44")
    assert moves(b) == {"28x39x50"}
    with pytest.raises(IllegalMoveError) as err:
        b.parse_move("28x17")
    assert err.value.reason is Reason.NOT_MAXIMUM
    assert err.value.details == {"count": 2, "yours": 1}


def test_13_international_passing_the_far_row_stays_a_man() -> None:
    b = Board("international", fen="W:W13:B7,8")
    assert moves(b) == {"13x2x11"}
    b.push(b.parse_move("13x2x11"))
    assert b.piece_at(11) == Piece(Color.WHITE, king=False)


def test_14_international_flying_king_free_landing() -> None:
    assert moves(Board("international", fen="W:WK46:B24,28")) == {"46x19x30", "46x19x35"}


def test_same_ends_different_captures_are_different_moves() -> None:
    b = Board("english", fen="B:W10,11,18,19,26,27:B6,12")
    assert {m for m in moves(b) if m.startswith("6x") and m.endswith("x31")} == {
        "6x15x22x31", "6x15x24x31"}
