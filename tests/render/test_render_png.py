"""The PNG board, checked by sampling pixels at known places (never by comparing whole files)."""

from __future__ import annotations

import pytest

from engine import Board, Color, get_variant
from render import DEFAULT_SIZE, THEMES, Layout, caption_for, layout_for, render_board, theme_for
from render.theme import RGB, Theme
from tests.render.render_pixels import blend, decode, near, pixel

VARIANTS = ("english", "italian", "international")


def corner(lay: Layout, square: int) -> tuple[int, int]:
    """A point near the middle of a square's right edge: no piece, number, shadow or path line (those
    run along the diagonals) reaches it, so it shows the square's colour or highlight."""
    _, y0, x1, _ = lay.box(square)
    return x1 - max(3, lay.square // 12), y0 + lay.square // 2


def face(theme: Theme, color: Color) -> RGB:
    return theme.style(color is Color.BLACK).face


def crown(theme: Theme, color: Color) -> RGB:
    return theme.style(color is Color.BLACK).crown


@pytest.mark.parametrize("size", [256, 512, DEFAULT_SIZE, 640])
def test_png_decodes_at_the_asked_size(size: int) -> None:
    data = render_board(Board("international"), size=size)
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    assert decode(data).size == (size, size)


@pytest.mark.parametrize("name", VARIANTS)
@pytest.mark.parametrize("flipped", [False, True])
@pytest.mark.parametrize("theme_name", [None, "contrast"])
def test_start_position_from_both_sides(name: str, flipped: bool, theme_name: str | None) -> None:
    board = Board(name)
    theme = theme_for(name, theme_name)
    image = decode(render_board(board, flipped=flipped, theme=theme_name))
    lay = layout_for(name, DEFAULT_SIZE, flipped)
    for sq in range(1, get_variant(name).squares + 1):
        piece = board.piece_at(sq)
        centre = pixel(image, lay.center(sq))
        want = theme.dark if piece is None else face(theme, piece.color)
        assert near(centre, want), (name, flipped, sq, centre, want)
        assert near(pixel(image, corner(lay, sq)), theme.dark), (name, flipped, sq)


@pytest.mark.parametrize("name", VARIANTS)
def test_the_side_at_the_bottom(name: str) -> None:
    """Not flipped, White's men fill the bottom-left playing squares; flipped, the other side's do."""
    theme = theme_for(name)
    lay = layout_for(name)
    q, far = lay.square, lay.origin + lay.board_px
    # The bottom row's first playing square: column 0 or 1 depending on the dark corner.
    for flipped, color in ((False, Color.WHITE), (True, Color.BLACK)):
        image = decode(render_board(Board(name), flipped=flipped))
        bottom = [pixel(image, (lay.origin + col * q + q // 2, far - q // 2)) for col in range(2)]
        assert any(near(p, face(theme, color)) for p in bottom), (name, flipped, bottom)


@pytest.mark.parametrize("flipped", [False, True])
def test_italian_board_is_mirrored(flipped: bool) -> None:
    """Italian has the dark (playing) square in each player's bottom-right corner; English in the
    bottom-left."""
    for name, dark_corner in (("italian", "right"), ("english", "left"), ("international", "left")):
        theme = theme_for(name)
        lay = layout_for(name, DEFAULT_SIZE, flipped)
        image = decode(render_board(Board(name, fen="W:W:B"), flipped=flipped))
        far = lay.origin + lay.board_px
        left = pixel(image, (lay.origin + 3, far - 4))
        right = pixel(image, (far - 4, far - 4))
        assert near(left if dark_corner == "left" else right, theme.dark), name
        assert near(right if dark_corner == "left" else left, theme.light), name


@pytest.mark.parametrize("name", VARIANTS)
def test_kings_carry_a_crown_men_do_not(name: str) -> None:
    last = get_variant(name).squares
    board = Board(name, fen=f"W:W{last},K{last - 1}:BK1,2")
    theme = theme_for(name)
    image = decode(render_board(board))
    lay = layout_for(name)
    assert near(pixel(image, lay.center(last)), face(theme, Color.WHITE))
    assert near(pixel(image, lay.center(last - 1)), crown(theme, Color.WHITE))
    assert near(pixel(image, lay.center(1)), crown(theme, Color.BLACK))
    assert near(pixel(image, lay.center(2)), face(theme, Color.BLACK))


def test_plain_move_highlights_start_and_landing() -> None:
    board = Board("english")
    board.push(board.parse_move("9-13"))
    theme = theme_for("english")
    lay = layout_for("english")
    image = decode(render_board(board))
    assert near(pixel(image, corner(lay, 9)), theme.last_from)
    assert near(pixel(image, corner(lay, 13)), theme.last_to)
    assert near(pixel(image, lay.center(13)), face(theme, Color.BLACK))
    assert near(pixel(image, corner(lay, 14)), theme.dark)
    hidden = decode(render_board(board, show_last_move=False))
    assert near(pixel(hidden, corner(lay, 9)), theme.dark)
    assert near(pixel(hidden, corner(lay, 13)), theme.dark)


def test_capture_shows_path_landings_and_ghosts() -> None:
    board = Board("english", fen="B:W14,15,22:B10")
    board.push(board.parse_move("10x17x26"))
    theme = theme_for("english")
    lay = layout_for("english")
    image = decode(render_board(board))
    assert near(pixel(image, corner(lay, 10)), theme.last_from)
    for landing in (17, 26):
        assert near(pixel(image, corner(lay, landing)), theme.last_to)
    assert near(pixel(image, lay.center(26)), face(theme, Color.BLACK))
    # Captured men stay as faint ghosts where they stood: neither empty square nor a solid piece.
    ghost = blend(theme.dark, face(theme, Color.WHITE), theme.ghost_alpha)
    for captured in (14, 22):
        (x, y) = lay.center(captured)
        # Straight above the centre: on the ghost's face, off the path line (which runs diagonally).
        sample = pixel(image, (x, y - lay.square // 5))
        assert near(sample, ghost, 12), (captured, sample, ghost)
    # The path line runs from the start square's centre towards 14; sample inside square 10.
    (x10, y10), (x14, y14) = lay.center(10), lay.center(14)
    on_line = ((3 * x10 + x14) // 4, (3 * y10 + y14) // 4)
    r, g, b, a = theme.path
    assert near(pixel(image, on_line), blend(theme.last_from, (r, g, b), a / 255), 12)
    # The uncaptured White man is drawn normally; its square is not highlighted.
    assert near(pixel(image, lay.center(15)), face(theme, Color.WHITE))
    assert near(pixel(image, corner(lay, 15)), theme.dark)


def test_ghost_keeps_the_captured_kings_crown() -> None:
    board = Board("international", fen="W:W28:B22,K33,44")
    move = next(iter(board.legal_moves))
    board.push(move)
    theme = theme_for("international")
    lay = layout_for("international")
    image = decode(render_board(board))
    crowned = blend(theme.dark, crown(theme, Color.BLACK), theme.ghost_alpha)
    assert move.captures == (33, 44)
    # On the crown's band, right of the centre: off both diagonals, where the path line may run.
    x, y = lay.center(33)
    assert near(pixel(image, (x + lay.square * 15 // 100, y)), crowned, 12)


def test_explicit_last_move_is_drawn() -> None:
    board = Board("english")
    move = board.parse_move("11-15")
    theme = theme_for("english")
    lay = layout_for("english")
    image = decode(render_board(board, last_move=move))
    assert near(pixel(image, corner(lay, 11)), theme.last_from)
    assert near(pixel(image, corner(lay, 15)), theme.last_to)


def test_legal_moves_of_one_piece() -> None:
    board = Board("english")
    theme = theme_for("english")
    lay = layout_for("english")
    image = decode(render_board(board, moves_from=9))
    assert near(pixel(image, corner(lay, 9)), theme.selected)
    r, g, b, a = theme.target
    for target in (13, 14):
        assert near(pixel(image, lay.center(target)), blend(theme.dark, (r, g, b), a / 255), 12)
    assert near(pixel(image, lay.center(15)), theme.dark)


def test_marked_squares() -> None:
    theme = theme_for("italian")
    lay = layout_for("italian")
    image = decode(render_board(Board("italian"), highlights=(17, 20)))
    assert near(pixel(image, corner(lay, 17)), theme.marked)
    assert near(pixel(image, corner(lay, 20)), theme.marked)
    assert near(pixel(image, corner(lay, 18)), theme.dark)


def test_english_pieces_are_red_and_white_in_every_english_theme() -> None:
    board = Board("english")
    lay = layout_for("english")
    for theme_name in (None, "contrast"):
        image = decode(render_board(board, theme=theme_name))
        r, g, b = pixel(image, lay.center(1))
        assert r > 150 and g < 80 and b < 80, theme_name
        r, g, b = pixel(image, lay.center(32))
        assert min(r, g, b) > 200, theme_name


def test_italian_and_international_pieces_are_white_and_black() -> None:
    for name in ("italian", "international"):
        image = decode(render_board(Board(name)))
        lay = layout_for(name)
        assert max(pixel(image, lay.center(1))) < 60
        assert min(pixel(image, lay.center(lay.n * lay.n // 2))) > 200


def test_theme_choice() -> None:
    assert set(THEMES) >= {"english", "wood", "contrast"}
    assert theme_for("italian", THEMES["english"]).name == "english"
    with pytest.raises(ValueError, match="unknown theme"):
        render_board(Board("english"), theme="neon")


def test_caption_strip() -> None:
    board = Board("english")
    board.push(board.parse_move("9-13"))
    text = caption_for(board, white="Ann", black="Bob")
    assert text.splitlines() == ["Red: Bob  ·  White: Ann", "Move 1  ·  White to move  ·  last 9-13"]
    image = decode(render_board(board, caption=text))
    assert image.width == DEFAULT_SIZE and image.height > DEFAULT_SIZE
    theme = theme_for("english")
    assert near(pixel(image, (2, image.height - 2)), theme.caption_bg)
    strip = image.crop((0, DEFAULT_SIZE, DEFAULT_SIZE, image.height))
    ink = [(x, y) for x in range(strip.width) for y in range(strip.height)
           if near(pixel(strip, (x, y)), theme.caption_fg, 30)]
    assert len(ink) > 200  # the text is there


def test_caption_names_the_result() -> None:
    board = Board("english", fen="B:W17,22:B13")
    assert caption_for(board).endswith("White wins")
    assert caption_for(board, result="Red resigned").endswith("Red resigned")


def test_rendering_leaves_the_board_alone() -> None:
    board = Board("english", fen="B:W14,15,22:B10")
    board.push(board.parse_move("10x17x26"))
    fen, stack = board.fen(), list(board.move_stack)
    render_board(board, moves_from=15, caption="x")
    assert board.fen() == fen and board.move_stack == stack


@pytest.mark.parametrize("options", [{"highlights": (0,)}, {"highlights": (33,)}, {"moves_from": 40}])
def test_squares_off_the_board_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(ValueError, match="not a square"):
        render_board(Board("english"), **options)  # type: ignore[arg-type]


@pytest.mark.parametrize("size", [96, 160])
def test_tiny_pictures_still_work(size: int) -> None:
    board = Board("international")
    board.push(next(iter(board.legal_moves)))
    image = decode(render_board(board, size=size, moves_from=19, caption=caption_for(board)))
    assert image.width == size


def test_long_or_non_latin_captions_fit() -> None:
    board = Board("english")
    long_name = "Jääskeläinen-Łukasiewicz " * 6
    image = decode(render_board(board, caption=caption_for(board, white=long_name, black="Øystein")))
    assert image.width == DEFAULT_SIZE
    theme = theme_for("english")
    # The strip's left and right edges stay background: the text was cut short to fit.
    for y in range(DEFAULT_SIZE, image.height):
        assert near(pixel(image, (3, y)), theme.caption_bg)
        assert near(pixel(image, (DEFAULT_SIZE - 4, y)), theme.caption_bg)


def test_caption_without_system_fonts(monkeypatch: pytest.MonkeyPatch) -> None:
    """With only Pillow's built-in ASCII font, accents are dropped instead of drawn as boxes."""
    from render import sprites

    monkeypatch.setattr(sprites, "CAPTION_FONTS", ("no-such-font.ttf",))
    sprites.caption_font.cache_clear()
    try:
        assert sprites.caption_font(20)[1] is False
        image = decode(render_board(Board("italian"), caption="Jääskeläinen – Øystein " * 4))
        assert image.height > DEFAULT_SIZE
    finally:
        sprites.caption_font.cache_clear()
