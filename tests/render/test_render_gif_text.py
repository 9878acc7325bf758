"""GIF replays and the text board."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engine import Board, Color
from render import GIF_SIZE, layout_for, render_game_gif, render_text, theme_for
from tests.render.render_pixels import near, pixel


def played(name: str, plies: int) -> Board:
    """A game of `plies` moves: always the first legal move, a capture whenever one is compulsory."""
    board = Board(name)
    for _ in range(plies):
        board.push(next(iter(board.legal_moves)))
    return board


def frames(data: bytes) -> list[tuple[Image.Image, int]]:
    gif = Image.open(io.BytesIO(data))
    out = []
    for i in range(getattr(gif, "n_frames", 1)):
        gif.seek(i)
        out.append((gif.convert("RGB"), int(gif.info["duration"])))
    return out


def test_one_frame_per_move_with_longer_first_and_last() -> None:
    board = played("english", 8)
    data = render_game_gif(board, frame_ms=500, first_ms=1500, last_ms=3000)
    assert data[:6] == b"GIF89a"
    shown = frames(data)
    assert len(shown) == 9
    assert [d for _, d in shown] == [1500] + [500] * 7 + [3000]
    width, height = shown[0][0].size
    assert width == GIF_SIZE and height > GIF_SIZE  # the caption strip names each move


def test_frames_show_the_moves() -> None:
    board = played("international", 6)
    shown = frames(render_game_gif(board))
    theme = theme_for("international")
    lay = layout_for("international", GIF_SIZE)
    first, _ = shown[0]
    for sq in (31, 20):
        assert near(pixel(first, lay.center(sq)), theme.white.face if sq > 30 else theme.black.face)
    replay = Board("international")
    for i, move in enumerate(board.move_stack, start=1):
        replay.push(move)
        image, _ = shown[i]
        mover = replay.piece_at(move.end)
        assert mover is not None
        want = theme.style(mover.color is Color.BLACK).face
        assert near(pixel(image, lay.center(move.end)), want), i
        _, y0, x1, _ = lay.box(move.start)
        assert near(pixel(image, (x1 - 4, y0 + lay.square // 2)), theme.last_from), i


def test_range_and_size() -> None:
    board = played("italian", 10)
    shown = frames(render_game_gif(board, start=4, stop=7, size=320, flipped=True))
    assert len(shown) == 4
    assert shown[0][0].width == 320
    with pytest.raises(ValueError, match="outside"):
        render_game_gif(board, start=5, stop=11)
    with pytest.raises(ValueError, match="outside"):
        render_game_gif(board, start=6, stop=5)


def test_game_without_moves_is_one_frame() -> None:
    shown = frames(render_game_gif(Board("english")))
    assert len(shown) == 1


def test_replay_leaves_the_board_alone() -> None:
    board = played("english", 5)
    fen, stack = board.fen(), list(board.move_stack)
    render_game_gif(board, title="Ann - Bob")
    assert board.fen() == fen and board.move_stack == stack


def test_replay_from_a_set_up_position() -> None:
    board = Board("english", fen="B:W14,15,22:B10")
    board.push(board.parse_move("10x17x26"))
    shown = frames(render_game_gif(board))
    assert len(shown) == 2
    lay = layout_for("english", GIF_SIZE)
    theme = theme_for("english")
    assert near(pixel(shown[0][0], lay.center(10)), theme.black.face)
    assert near(pixel(shown[1][0], lay.center(26)), theme.black.face)


def test_text_board_start_positions() -> None:
    text = render_text(Board("english"))
    lines = text.splitlines()
    assert lines[0].split() == list("abcdefgh")
    assert text.count("●") == 12 + 1 and text.count("○") == 12 + 1  # pieces and the legend
    assert lines[1].split() == ["8", "●", "●", "●", "●"]
    assert lines[4].split() == ["5", "13", "14", "15", "16"]
    assert lines[-1] == "Red to move"
    inter = render_text(Board("international")).splitlines()
    assert inter[1].split()[0] == "10" and len(inter) == 1 + 10 + 2


def test_text_board_flipped_and_ascii() -> None:
    board = Board("italian", fen="W:WK32,29:B1,K5")
    lines = render_text(board, flipped=True, ascii_only=True).splitlines()
    assert lines[0].split() == list("hgfedcba")
    assert lines[1].split()[0] == "1"
    assert "W" in lines[1] and "w" in lines[1]  # White's king on 32 and man on 29 are at the top
    assert lines[-2] == "b Black, w White (B, W kings)"
    board.push(board.parse_move("32-28"))
    assert render_text(board).splitlines()[-1] == "Black to move; last move 32-28"


def test_text_board_marks_kings() -> None:
    text = render_text(Board("international", fen="W:WK46:BK5"))
    assert "◎" in text.splitlines()[10] and "◉" in text.splitlines()[1]
