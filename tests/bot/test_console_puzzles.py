"""Puzzles at the console: one shown (with its text board) and solved, `stats` with the puzzle line, and
a second one answered wrong (refuted) and given up."""

from __future__ import annotations

import io
from pathlib import Path

from bot.domain.puzzles import position
from bot.platforms import console
from engine import puzzle_set
from tests.bot.tammi_talk import close_chat, open_chat


async def test_a_puzzle_at_the_console(tmp_path: Path) -> None:
    puzzle, following = puzzle_set.builtin("english")[:2]
    board = position(following, 0)
    right = board.parse_move(following.solution[0])
    wrong = next(str(move) for move in board.legal_moves if move != right)
    lines = ["puzzle", "puzzle fen", *puzzle.moves, "stats", "puzzle", f"puzzle {wrong}", "puzzle give up"]
    chat = await open_chat(str(tmp_path / "tammi.sqlite3"))
    try:
        out = io.StringIO()
        status = await console.chat(chat.service, database=str(chat.path), lang="en", user="ann",
                                    pictures_dir=None, stdin=io.StringIO("\n".join(lines) + "\n"), stdout=out)
    finally:
        await close_chat(chat)
    assert status == 0
    text = out.getvalue()
    task = text.index("Puzzle #1 (English checkers): Red to play and win two men")
    fen = text.index(f"as FEN (English checkers): {puzzle.fen}")
    right_answer = text.index(f"ann: {puzzle.moves[0]} is right!")
    solved = text.index(f"ann solved puzzle #1! The line: {' '.join(puzzle.solution)}.")
    stats = text.index("English checkers: rating ", solved)
    assert task < fen < right_answer < solved < stats
    second = text.index("Puzzle #2 (English checkers)", stats)
    refuted = text.index(f"ann: {wrong} is not it.", second)
    assert refuted < text.index("ann gave up puzzle #2", refuted)
