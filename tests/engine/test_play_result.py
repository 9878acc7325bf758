"""`python -m engine play` prints the result as the game record (PDN) writes it: the first player's score
first, so a White win in English checkers is 0-1, Red being first (issue 21, item 18)."""

import re

import pytest

from engine import Board, Color
from engine.pdn import read_pdn, write_pdn
from engine.search import play_main


def _printed_result(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert play_main([*argv, "--nodes", "100", "--seed", "1"]) == 0
    found = re.search(r"^Result: (\S+) \((.*)\)$", capsys.readouterr().out, re.MULTILINE)
    assert found, "no result line"
    return f"{found[1]} ({found[2]})"


@pytest.mark.parametrize(
    ("variant", "fen", "winner", "printed"),
    [
        ("english", "B:W17,22:B13", Color.WHITE, "0-1 (White wins: no_moves)"),  # docs/RULES.md position 6
        ("english", "W:W29:B25,22", Color.BLACK, "1-0 (Red wins: no_moves)"),
        ("italian", "W:W22:B18", Color.WHITE, "1-0 (White wins: no_moves)"),  # 22x13, then Black is out
        ("international", "B:W11,17:B6", Color.WHITE, "2-0 (White wins: no_moves)"),
        ("international", "W:W47:B42,37", Color.BLACK, "0-2 (Black wins: no_moves)"),
    ],
)
def test_the_printed_result_is_the_game_records(capsys: pytest.CaptureFixture[str], variant: str, fen: str,
                                                winner: Color, printed: str) -> None:
    shown = _printed_result(capsys, variant, "--fen", fen)
    assert shown == printed
    token = shown.split()[0]
    board = Board(variant, fen=fen)
    record = read_pdn(write_pdn(board, result=token))[0]
    assert record.result == token and record.winner is winner


@pytest.mark.parametrize(("variant", "draw"), [("english", "1/2-1/2"), ("international", "1-1")])
def test_a_draw_by_the_move_limit_is_written_as_the_variant_writes_draws(
        capsys: pytest.CaptureFixture[str], variant: str, draw: str) -> None:
    assert _printed_result(capsys, variant, "--max-moves", "1") == f"{draw} (move limit)"
