"""Puzzles solved in the chat through the service (SQLite and PostgreSQL): right, wrong with its
refutation, partial, two solvers at once, give up, `puzzle fen`, a restart in the middle, progress in
`stats` and `leaderboard puzzles`, and how a typed move is routed when a game is open too."""

from __future__ import annotations

from bot.domain.puzzles import position
from engine import Board, puzzle_set
from engine.puzzles import Puzzle
from tests.bot.tammi_talk import close_chat, game_from, open_chat


def first() -> Puzzle:
    """The puzzle a new channel gets first: the built-in English set's first."""
    return puzzle_set.builtin("english")[0]


def wrong_move(board: Board, right: str) -> str:
    """A legal move of the position that is not the solution's."""
    expected = board.parse_move(right)
    return str(next(move for move in board.legal_moves if move != expected))


async def test_a_puzzle_is_posted_with_its_task_and_picture(database: str) -> None:
    chat = await open_chat(database)
    try:
        [shown] = await chat.say("ann", "!tammi puzzle")
        puzzle = first()
        assert "Puzzle #1 (English checkers): Red to play and win two men" in shown.text
        assert shown.attachment is not None and shown.attachment.data.startswith(b"\x89PNG")
        assert shown.board_text  # the text board, seen from the side to move
        [fen] = await chat.say("bob", "!tammi puzzle fen")
        assert f"`{puzzle.fen}`" in fen.text
        [again] = await chat.say("bob", "!tammi puzzle italian")  # one open at a time
        assert "Puzzle #1 is still open here" in again.text and "English checkers" in again.text
    finally:
        await close_chat(chat)


async def test_right_then_solved_names_the_first_solver(database: str) -> None:
    chat = await open_chat(database)
    try:
        puzzle = first()
        await chat.say("ann", "!tammi puzzle")
        one, reply, two = puzzle.solution[:3]
        [right] = await chat.say("ann", one)
        assert f"ann: {one} is right! The answer {reply} is forced" in right.text
        [bob_wrong] = await chat.say("bob", wrong_move(position(puzzle, 0), one))  # judged for bob alone
        assert "bob:" in bob_wrong.text and "is not it" in bob_wrong.text
        assert f"The solution: {' '.join(puzzle.solution)}." in bob_wrong.text
        assert "stays open for the others" in bob_wrong.text
        [solved] = await chat.say("ann", two)
        assert f"ann solved puzzle #1! The line: {' '.join(puzzle.solution)}." in solved.text
        assert "1 solved, 0 failed, 1 in a row" in solved.text
        assert solved.attachment is not None  # the solution drawn as arrows
        assert await chat.say("carl", one) == []  # it has ended: a move with no game nor puzzle is chat
    finally:
        await close_chat(chat)


async def test_a_wrong_move_gets_its_refutation_and_the_solution(database: str) -> None:
    chat = await open_chat(database)
    try:
        puzzle = first()
        await chat.say("ann", "!tammi puzzle")
        wrong = wrong_move(position(puzzle, 0), puzzle.solution[0])
        [answer] = await chat.say("bob", wrong)
        assert f"bob: {wrong} is not it." in answer.text
        assert "It fails to " in answer.text  # the line the search found
        assert "0 solved, 1 failed, 0 in a row" in answer.text
        [again] = await chat.say("bob", puzzle.solution[0])  # one try each
        assert "You have had your try at puzzle #1" in again.text
        [shown] = await chat.say("bob", "!tammi puzzle")
        assert "bob, you have had your try at this one" in shown.text and "Type your move" not in shown.text
        [bad] = await chat.say("ann", "!tammi puzzle 1-30")
        assert "cannot be played in puzzle #1" in bad.text  # nothing judged
        [still] = await chat.say("ann", puzzle.solution[0])
        assert "is right!" in still.text
    finally:
        await close_chat(chat)


async def test_partial_first_right_then_wrong(database: str) -> None:
    chat = await open_chat(database)
    try:
        puzzle = first()
        await chat.say("ann", "!tammi puzzle")
        await chat.say("ann", puzzle.solution[0])
        wrong = wrong_move(position(puzzle, 1), puzzle.solution[2])
        [answer] = await chat.say("ann", wrong)
        assert f"ann: {wrong} is not it." in answer.text and "0 solved, 1 failed" in answer.text
    finally:
        await close_chat(chat)


async def test_give_up_ends_it_with_the_solution(database: str) -> None:
    chat = await open_chat(database)
    try:
        puzzle = first()
        await chat.say("ann", "!tammi puzzle")
        [gave] = await chat.say("bob", "!tammi puzzle give up")
        assert f"bob gave up puzzle #1. The solution: {' '.join(puzzle.solution)}." in gave.text
        assert gave.attachment is not None
        [none] = await chat.say("bob", "!tammi puzzle fen")
        assert "No puzzle is open here" in none.text
        [next_one] = await chat.say("ann", "!tammi tehtävä")  # the Finnish word; a new puzzle
        assert "Puzzle #2" in next_one.text
        assert puzzle.fen not in (await chat.say("ann", "!tammi puzzle fen"))[0].text  # not shown twice
    finally:
        await close_chat(chat)


async def test_a_restart_in_the_middle_keeps_the_puzzle_and_the_solvers_place(database: str) -> None:
    chat = await open_chat(database)
    puzzle = first()
    try:
        await chat.say("ann", "!tammi puzzle")
        await chat.say("ann", puzzle.solution[0])
    finally:
        await close_chat(chat)
    chat = await open_chat(database)
    try:
        [shown] = await chat.say("ann", "!tammi puzzle")
        assert "Puzzle #1" in shown.text and "ann, you are on move 2 of 2" in shown.text
        [solved] = await chat.say("ann", puzzle.solution[2])
        assert "ann solved puzzle #1!" in solved.text
    finally:
        await close_chat(chat)


async def test_stats_and_the_puzzle_leaderboard(database: str) -> None:
    chat = await open_chat(database)
    try:
        puzzle = first()
        await chat.say("ann", "!tammi puzzle")
        await chat.say("bob", wrong_move(position(puzzle, 0), puzzle.solution[0]))
        for move in puzzle.moves:
            await chat.say("ann", move)
        stats = await chat.text("ann", "!tammi stats")
        assert "Puzzles in this channel:" in stats
        assert "English checkers: rating " in stats and "1 solved, 0 failed, 1 in a row (best 1)" in stats
        board = await chat.text("carl", "!tammi leaderboard puzzles")
        lines = board.splitlines()
        assert lines[0] == "Best puzzle solvers in this channel, English checkers:"
        assert lines[1].startswith("1. ann — ") and lines[2].startswith("2. bob — ")
        assert "No puzzle" not in await chat.text("carl", "!tammi leaderboard puzzles english")
        assert "Nobody has solved" in await chat.text("carl", "!tammi leaderboard puzzles italian")
    finally:
        await close_chat(chat)


async def test_a_typed_move_goes_to_the_game_on_your_turn_else_to_the_puzzle(database: str) -> None:
    chat = await open_chat(database)
    try:
        puzzle = first()
        game_id = await game_from(chat, "W:W21,22,23,24:B9,10,11,12")  # ann (White) to move
        await chat.say("carl", "!tammi puzzle")
        [played] = await chat.say("ann", "22-18")  # her turn: the game
        assert played.game_id == game_id and played.kind == "board"
        [answer] = await chat.say("ann", puzzle.solution[0])  # bob's turn in the game: the puzzle
        assert "ann: " in answer.text and "is right!" in answer.text
        [bobs] = await chat.say("bob", "!tammi puzzle " + puzzle.solution[0])  # named: the puzzle
        assert "bob: " in bobs.text and "is right!" in bobs.text
    finally:
        await close_chat(chat)
