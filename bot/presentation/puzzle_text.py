"""Puzzles as the solvers read them: the task ("White to play and win two men"), the picture with the
side to move at the bottom, the answers judged, the solution drawn as arrows, progress and leaders.

Pictures are drawn off the event loop (a thread) at the workers' size and theme; a picture that cannot
be drawn leaves the reply its text (and the console its text board).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence

import render
from bot.domain.puzzles import Progress, Shown, Verdict, line_moves, position, starting_rating
from bot.domain.ratings import provisional
from bot.flows.puzzles import Answered, GaveUp, Opened, Unplayable
from bot.presentation import catalogue, game_text
from bot.presentation.messages import Attachment, Kind, Reply
from bot.presentation.rating_text import change, shown
from bot.workers import Workers
from engine import Board, Move
from engine.puzzles import Puzzle
from render.text import render_text

log = logging.getLogger(__name__)

MAX_LISTED_MOVES = 12


def say(lang: str, key: str, **values: object) -> str:
    return catalogue.say(lang, key, **values)


def _side(lang: str, puzzle: Puzzle) -> str:
    return game_text.side(lang, puzzle.variant, puzzle.turn)


def task(lang: str, puzzle: Puzzle) -> str:
    """What the solver is to do: "White to play and win two men"."""
    if puzzle.wins_game:
        return say(lang, "puzzle-task-win", side=_side(lang, puzzle))
    return say(lang, "puzzle-task-gain", side=_side(lang, puzzle), men=men(lang, puzzle.gain))


def men(lang: str, count: int) -> str:
    """A number of men: "two men"."""
    key = f"puzzle-men-{count}"
    return say(lang, key) if catalogue.has(key) else say(lang, "puzzle-men", count=count)


def title(lang: str, shown_: Shown) -> str:
    variant = catalogue.variant_title(lang, shown_.puzzle.variant)
    return say(lang, "puzzle-title", id=shown_.id, variant=variant, task=task(lang, shown_.puzzle))


def line_text(moves: Sequence[Move | str]) -> str:
    return " ".join(str(move) for move in moves)


def give_up_word(lang: str) -> str:
    return catalogue.words(lang, "words-puzzle-give-up")[0].replace("-", " ")  # `give up`, as typed


async def picture(workers: Workers, board: Board, puzzle: Puzzle,
                  arrows: Sequence[Move] = ()) -> bytes | None:
    """The position as PNG, the solver's side at the bottom (its last move marked), `arrows` drawn: a line
    from this position, the solver's moves and the opponent's in two colours."""
    flipped = game_text.flipped_for(puzzle.turn)
    shown_board = board.copy(history=False)
    try:
        return await asyncio.to_thread(render.render_board, shown_board, size=workers.size, flipped=flipped,
                                       theme=workers.theme, line=tuple(arrows))
    except Exception:
        log.exception("drawing a puzzle failed")
        return None


async def _board_reply(lang: str, text: str, workers: Workers, board: Board, puzzle: Puzzle, *,
                       arrows: Sequence[Move] = (), private: bool = False) -> Reply:
    data = await picture(workers, board, puzzle, arrows)
    flipped = game_text.flipped_for(puzzle.turn)
    side = _side(lang, puzzle)
    alt = (say(lang, "puzzle-alt-solution", line=line_text(arrows)) if arrows
           else say(lang, "puzzle-alt", side=side))
    return Reply(text, attachment=Attachment(data, "puzzle.png") if data else None, kind=Kind.INFO,
                 board_text=render_text(board, flipped=flipped, legend=False), alt_text=alt, private=private)


def _about(lang: str, shown_: Shown, rating: float | None = None) -> str:
    puzzle = shown_.puzzle
    theme = puzzle.theme.name.lower().replace("_", "-") if puzzle.theme else "none"
    value = round(rating if rating is not None else starting_rating(puzzle).rating)
    return say(lang, "puzzle-about", theme=say(lang, f"puzzle-theme-{theme}"), difficulty=puzzle.difficulty,
               rating=value)


async def opened(lang: str, found: Opened, workers: Workers, name: str) -> Reply:
    """The open puzzle: new, or shown again (where the asker is in it, and a note when they asked for a
    new one)."""
    shown_ = found.shown
    puzzle = shown_.puzzle
    word = catalogue.command_name(lang, "puzzle")
    lines = [title(lang, shown_), _about(lang, shown_)]
    if found.origin is not None:
        came = found.origin
        lines.insert(1, say(lang, "puzzle-from-game", white=came.white, black=came.black, move=came.move,
                            game=came.game_id))
    step = found.attempt.step if found.attempt and not found.attempt.status.final else 0
    if step:
        lines.append(say(lang, "puzzle-your-step", name=name, step=step + 1, moves=len(puzzle.moves)))
    if found.attempt and found.attempt.status.final:
        lines.append(say(lang, "puzzle-had-try", name=name))
    else:
        lines.append(say(lang, "puzzle-how", command=word, give_up=give_up_word(lang)))
    if not found.new and (found.asked or not step):
        lines.insert(0, say(lang, "puzzle-again", id=shown_.id, command=word, give_up=give_up_word(lang)))
    return await _board_reply(lang, "\n".join(lines), workers, position(puzzle, step), puzzle)


def fen(lang: str, shown_: Shown) -> Reply:
    puzzle = shown_.puzzle
    return Reply(say(lang, "puzzle-fen", id=shown_.id, variant=catalogue.variant_title(lang, puzzle.variant),
                     fen=puzzle.fen), kind=Kind.INFO)


def _progress_line(lang: str, answered: Answered | GaveUp) -> str | None:
    settled = answered.settled
    if settled.after is None or settled.before is None:
        return None
    after, before = settled.after, settled.before
    return say(lang, "puzzle-progress", variant=catalogue.variant_title(lang, after.variant),
               rating=shown(after.rating.rating, after.rating.deviation),
               change=change(before.rating.rating, after.rating.rating), solved=after.solved,
               failed=after.failed, streak=after.streak)


def _balance(board: Board, puzzle: Puzzle) -> int:
    """The solver's pieces less the opponent's."""
    pieces = board.pieces().values()
    mine = sum(1 for piece in pieces if piece.color is puzzle.turn)
    return mine - (len(pieces) - mine)


async def answered(lang: str, done: Answered, workers: Workers, name: str) -> Reply:
    """A judged move: right (the forced reply and the next position), solved (the line as arrows), or
    wrong (the refutation, and the solution as arrows)."""
    shown_, judged, puzzle = done.shown, done.judged, done.shown.puzzle
    solution = line_moves(puzzle)
    if judged.verdict is Verdict.RIGHT:
        text = say(lang, "puzzle-right", name=name, move=str(judged.move), reply=str(judged.reply))
        return await _board_reply(lang, text, workers, judged.board, puzzle)
    lines: list[str]
    if judged.verdict is Verdict.SOLVED:
        lines = [say(lang, "puzzle-solved", name=name, id=shown_.id, line=line_text(solution))]
    else:
        after = judged.board.copy()
        start = _balance(position(puzzle, done.settled.attempt.step), puzzle)
        for move in done.refutation:
            after.push(move)
        down = max(0, start - _balance(after, puzzle))
        lines = [say(lang, "puzzle-wrong", name=name, move=str(judged.move))]
        if done.refutation and down:
            lines.append(say(lang, "puzzle-refutation-down", line=line_text(done.refutation),
                             side=_side(lang, puzzle), men=men(lang, down)))
        elif done.refutation:
            lines.append(say(lang, "puzzle-refutation", line=line_text(done.refutation)))
        lines.append(say(lang, "puzzle-solution", line=line_text(solution)))
        if shown_.open and not done.settled.ended:
            lines.append(say(lang, "puzzle-open-for-others", id=shown_.id))
    if (progress := _progress_line(lang, done)) is not None:
        lines.append(progress)
    return await _board_reply(lang, "\n".join(lines), workers, puzzle.board(), puzzle, arrows=solution)


async def gave_up(lang: str, done: GaveUp, workers: Workers, name: str) -> Reply:
    puzzle = done.shown.puzzle
    solution = line_moves(puzzle)
    lines = [say(lang, "puzzle-gave-up", name=name, id=done.shown.id, line=line_text(solution))]
    if (progress := _progress_line(lang, done)) is not None:
        lines.append(progress)
    return await _board_reply(lang, "\n".join(lines), workers, puzzle.board(), puzzle, arrows=solution)


def unplayable(lang: str, refused: Unplayable) -> Reply:
    error = refused.error
    shown_text = error.text if len(error.text) <= 40 else error.text[:40] + "…"
    lines = [say(lang, "puzzle-unplayable", move=shown_text, id=refused.shown.id,
                 reason=catalogue.reason(lang, str(error.reason), **error.details))]
    legal = [str(move) for move in refused.board.legal_moves]
    if legal:
        listed = ", ".join(legal[:MAX_LISTED_MOVES]) + (" …" if len(legal) > MAX_LISTED_MOVES else "")
        lines.append(say(lang, "puzzle-unplayable-moves", moves=listed))
    return Reply("\n".join(lines), private=True, kind=Kind.ERROR)


def stats_lines(lang: str, found: Sequence[Progress]) -> list[str]:
    """A person's puzzles here, one line per variant (none when they never tried one)."""
    if not found:
        return []
    lines = [say(lang, "stats-puzzles")]
    for progress in found:
        lines.append(say(lang, "stats-puzzle", variant=catalogue.variant_title(lang, progress.variant),
                         rating=shown(progress.rating.rating, progress.rating.deviation),
                         solved=progress.solved, failed=progress.failed, streak=progress.streak,
                         best=progress.best))
    if any(provisional(progress.rating.deviation) for progress in found):
        lines.append(say(lang, "puzzle-provisional"))
    return lines


def leaderboard(lang: str, variant: str, leaders: Sequence[Progress]) -> Reply:
    title_ = catalogue.variant_title(lang, variant)
    if not leaders:
        return Reply(say(lang, "puzzle-leaderboard-empty", variant=title_), kind=Kind.LEADERBOARD)
    lines = [say(lang, "puzzle-leaderboard-header", variant=title_)]
    for rank, progress in enumerate(leaders, 1):
        lines.append(say(lang, "puzzle-leaderboard-line", rank=rank, name=progress.name,
                         rating=shown(progress.rating.rating, progress.rating.deviation),
                         solved=progress.solved, failed=progress.failed))
    if any(provisional(progress.rating.deviation) for progress in leaders):
        lines.append(say(lang, "puzzle-provisional"))
    return Reply("\n".join(lines), kind=Kind.LEADERBOARD)
