"""FEN and PDN: reading, writing, replaying."""

from pathlib import Path

import pytest

from engine import Board, Color, IllegalMoveError, Piece, Reason, Termination
from engine.fen import parse_fen
from engine.pdn import read_pdn, result_token, write_pdn
from engine.types import Outcome

DATA = Path(__file__).parent / "data"


def test_fen_ranges_kings_and_both_orders() -> None:
    a = Board("english", fen="B:W21-32:B1-12")
    assert a.fen() == Board("english").fen()
    b = Board("international", fen='"W:BK24,28:WK46."')
    assert b.piece_at(24) == Piece(Color.BLACK, True) and b.turn is Color.WHITE
    assert b.fen() == "W:WK46:BK24,28"


@pytest.mark.parametrize(
    "bad",
    ["X:W1:B2", "W:W1,1:B2", "W:W33:B1", "W:W1:B1", "W:W5-2:B9", "W:Wfoo:B1", "W:W1:W2", "W:W2\u00b2:B1"],
)
def test_bad_fens_are_refused(bad: str) -> None:
    with pytest.raises(ValueError, match="FEN"):
        Board("english", fen=bad)


def test_a_game_type_that_is_no_number_means_english() -> None:
    assert read_pdn('[GameType "2\u00b2"]\n1. 11-15 *')[0].variant.name == "english"


def test_a_man_on_its_crowning_row_is_refused() -> None:
    with pytest.raises(ValueError, match="crowned"):
        Board("english", fen="W:W2:B20")
    assert parse_fen("W:WK2:B20", 32)[1][2].king


def test_write_and_read_back_a_game() -> None:
    board = Board("english")
    for text in ["11-15", "22-18", "15x22", "25x18", "8-11", "29-25"]:
        board.push(board.parse_move(text))
    text = write_pdn(board, {"Event": "Club night", "White": 'Ann "the wall"', "Black": "Bob"})
    assert '[GameType "21"]' in text and '[White "Ann \\"the wall\\""]' in text
    assert "1. 11-15 22-18 2. 15x22 25x18 3. 8-11 29-25 *" in text
    game = read_pdn(text)[0]
    assert game.tags["White"] == 'Ann "the wall"'
    assert game.replay().fen() == board.fen()


def test_exact_replay_takes_only_what_write_pdn_writes() -> None:
    board = Board("english", fen="B:W14,15,22:B10,1")
    board.push(board.parse_move("10x26"))
    text = write_pdn(board)
    assert "1. 10x17x26 *" in text
    assert read_pdn(text)[0].replay(exact=True).fen() == board.fen()
    short = text.replace("10x17x26", "10x26")
    assert read_pdn(short)[0].replay().fen() == board.fen()  # the forgiving reader guesses
    with pytest.raises(IllegalMoveError) as err:
        read_pdn(short)[0].replay(exact=True)
    assert err.value.reason is Reason.NOT_LEGAL


def test_game_from_a_position_records_its_fen() -> None:
    board = Board("italian", fen="B:W22,23:B9,10")
    board.push(board.parse_move("10-14"))
    text = write_pdn(board)
    assert '[FEN "B:W22,23:B9,10"]' in text and '[SetUp "1"]' in text
    assert "1... 10-14" in text
    assert read_pdn(text)[0].replay().fen() == board.fen()


def test_results_name_the_first_player_first() -> None:
    english, international = Board("english").variant, Board("international").variant
    assert result_token(english, Outcome(Color.BLACK, Termination.NO_MOVES)) == "1-0"
    assert result_token(international, Outcome(Color.WHITE, Termination.NO_MOVES)) == "2-0"
    assert result_token(international, Outcome(None, Termination.THREEFOLD)) == "1-1"


def test_comments_variations_and_several_games() -> None:
    text = """[Event "a"]\n1. 32-28 {good} (1. 33-28 18-23) 18-23 $1 2. 28x19! 14x23 1-1\n
[Event "b"]\n[GameType "20"]\n1. 31-27 *"""
    games = read_pdn(text)
    assert [g.tags["Event"] for g in games] == ["a", "b"]
    assert games[0].moves == ["32-28", "18-23", "28x19", "14x23"] and games[0].result == "1-1"


def test_real_international_game_replays_to_its_result() -> None:
    game = read_pdn((DATA / "international_lidraughts_2020.pdn").read_text())[0]
    assert game.variant.name == "international" and len(game.moves) == 301
    board = game.replay()
    assert game.winner is Color.WHITE and game.result == "2-0"
    # Black resigned with a lone king against five White kings
    pieces = board.pieces()
    assert sum(p.color is Color.WHITE and p.king for p in pieces.values()) == 5
    assert [p for p in pieces.values() if p.color is Color.BLACK] == [Piece(Color.BLACK, True)]


def test_real_english_game_replays_to_its_result() -> None:
    """Tinsley - Long, 1947: a triple jump that crowns (7x14x23x30), a king's capture, a draw agreed."""
    game = read_pdn((DATA / "english_tinsley_long_1947.pdn").read_text())[0]
    assert game.variant.name == "english" and len(game.moves) == 48
    board = game.replay()
    assert game.result == "1/2-1/2" and game.winner is None and board.outcome() is None
    assert board.fen() == "B:W7,K8,18,32:B10,12,13,21,28"


@pytest.mark.parametrize("variant", ["english", "italian", "international"])
def test_complete_games_round_trip_through_pdn(variant: str) -> None:
    """Games played to a result by the rules (random legal moves) are written and replayed exactly."""
    import random

    rng = random.Random(variant)
    for _ in range(3):
        board = Board(variant)
        while board.outcome() is None and board.ply < 400:
            board.push(rng.choice(list(board.legal_moves)))
        game = read_pdn(write_pdn(board, {"Event": "round trip"}))[0]
        replayed = game.replay(exact=True)
        assert replayed.fen() == board.fen() and replayed.move_stack == board.move_stack
        outcome = replayed.outcome()
        if outcome is not None:
            assert game.result == result_token(board.variant, outcome)
            assert game.winner is outcome.winner
