"""A capture typed on past the square where its man is crowned is refused because crowning ends the move
(English and Italian), not because "a capture is compulsory" (issue 21, item 19)."""

import pytest

from engine import Board, IllegalMoveError, MoveError, Reason


@pytest.mark.parametrize(
    ("variant", "fen", "text", "crowned", "legal"),
    [
        # the example: 14x21 takes 17, 21x30 takes 25 and crowns; a king would take 26 next
        ("english", "B:W17,25,26:B14", "14x21x30x23", 30, "14x21x30"),
        # docs/RULES.md worked position 3: no jump back over 27 to 24 after crowning on 31
        ("english", "B:W26,27:B22", "22x31x24", 31, "22x31"),
        ("english", "B:W26,27:B22", "c3xe1xg3", 31, "22x31"),  # algebraic squares
        # White crowns on the top row, then a king would take 7 and land on 12
        ("italian", "W:W10:B6,7", "10x3x12", 3, "10x3"),
    ],
)
def test_going_on_after_crowning(variant: str, fen: str, text: str, crowned: int, legal: str) -> None:
    board = Board(variant, fen=fen)
    with pytest.raises(IllegalMoveError) as err:
        board.parse_move(text)
    assert err.value.reason is Reason.CROWNING_ENDS_MOVE
    assert err.value.details["square"] == crowned
    assert f"crowned on {crowned}" in str(err.value)
    assert [str(move) for move in err.value.candidates] == [legal]
    assert str(board.parse_move(legal)) == legal  # the move up to the crowning square is the one to play


def test_crowning_is_the_reason_even_when_that_capture_is_not_the_compulsory_one() -> None:
    # Italian: 29x22x15 takes two and must be played; 10x3 crowns, so 10x3x12 could never be one move
    board = Board("italian", fen="W:W10,29:B6,7,19,26")
    with pytest.raises(IllegalMoveError) as err:
        board.parse_move("10x3x12")
    assert err.value.reason is Reason.CROWNING_ENDS_MOVE
    assert [str(move) for move in err.value.candidates] == ["29x22x15"]


def test_a_king_or_an_international_man_is_not_stopped_by_crowning() -> None:
    # an International man that reaches the far row with nothing more to take: not a crowning refusal
    with pytest.raises(MoveError) as err:
        Board("international", fen="W:W12:B7").parse_move("12x1x12")
    assert err.value.reason is not Reason.CROWNING_ENDS_MOVE
    # a king already on the far row goes on capturing; typing past its end is some other refusal
    with pytest.raises(MoveError) as err:
        Board("english", fen="B:W26:BK31").parse_move("31x22x13")
    assert err.value.reason is not Reason.CROWNING_ENDS_MOVE
