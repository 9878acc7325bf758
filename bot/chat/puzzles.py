"""`puzzle [rules] [fen | give up | <move>]` (Finnish `tehtävä`), typed moves that answer the puzzle, and
`leaderboard puzzles`.

How a typed move is routed when the person has a game here and a puzzle is open: while it is their
turn in their game here, the move goes to that game; otherwise (no game here, or the opponent to move)
it answers the channel's open puzzle. `puzzle <move>` always answers the puzzle. A move from a menu or
a dialog names its game, and goes there. The router takes `COMMANDS`, and `play_move` for every move.
"""

from __future__ import annotations

import enum
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace

from bot.chat import grammar, typed
from bot.chat.context import Ctx
from bot.chat.events import Reply
from bot.chat.moving import play_move as play_in_game
from bot.domain.transitions import Refusal
from bot.flows import puzzles, review_puzzles
from bot.flows.desk import Desk
from bot.flows.puzzles import Unplayable
from bot.presentation import catalogue, puzzle_text
from bot.presentation.replies import Presenter
from bot.workers import Workers

Args = tuple[str, ...]
FEN_WORDS = catalogue.all_words("words-puzzle-fen")
GIVE_UP_WORDS = catalogue.all_words("words-puzzle-give-up")
SHOW_WORDS = catalogue.all_words("words-puzzle-show")
PUZZLE_WORDS = catalogue.all_words("words-leaderboard-puzzles")
ELSEWHERE = frozenset({"no_game", "not_your_turn"})
"""The refusals of a typed move by the game that leave it to the open puzzle."""


class Act(enum.StrEnum):
    SHOW = "show"  # the open puzzle again, else a new one
    FEN = "fen"
    GIVE_UP = "give-up"
    ANSWER = "answer"


@dataclass(frozen=True)
class Puzzle(typed.Command):
    """`puzzle [variant] [fen | give up | <move>]`."""

    act: Act = Act.SHOW
    variant: str | None = None
    move: str = ""


@dataclass(frozen=True)
class PuzzleLeaders(typed.Command):
    """`leaderboard puzzles [variant]`."""

    variant: str | None = None


def read(args: Args) -> Puzzle:
    """The words after `puzzle`: rules, `fen`, `give up` (`give-up`, Finnish `luovuta`) or a move."""
    variant: str | None = None
    act = Act.SHOW
    rest: list[str] = []
    for arg in args:
        word = arg.casefold()
        if word in FEN_WORDS:
            act = Act.FEN
        elif word in GIVE_UP_WORDS:
            act = Act.GIVE_UP
        elif word in SHOW_WORDS or (word == "up" and act is Act.GIVE_UP):
            continue
        elif (named := grammar.variant_name(word)) is not None:
            variant = named
        else:
            rest.append(arg)
    if rest:
        move = grammar.find_move(" ".join(rest))
        if move is None or act is not Act.SHOW:
            raise Refusal("puzzle_usage")
        return Puzzle(Act.ANSWER, variant, move.text)
    return Puzzle(act, variant)


def leaders_of(args: Args) -> PuzzleLeaders | None:
    """`leaderboard puzzles [variant]`, or None when the words do not name puzzles."""
    if not any(arg.casefold() in PUZZLE_WORDS for arg in args):
        return None
    variant: str | None = None
    for arg in args:
        if arg.casefold() in PUZZLE_WORDS:
            continue
        variant = grammar.variant_name(arg.casefold())
        if variant is None:
            raise Refusal("unknown_variant", name=arg[:40])
    return PuzzleLeaders(variant)


async def puzzle(command: Puzzle, ctx: Ctx, desk: Desk, workers: Workers) -> list[Reply]:
    """Show, start, give up or answer the channel's puzzle."""
    repository, asker, name = desk.repository, ctx.asker, ctx.user.name
    if command.act is Act.FEN:
        return [puzzle_text.fen(ctx.lang, await puzzles.current(repository, asker))]
    if command.act is Act.GIVE_UP:
        done = await puzzles.give_up(repository, asker, ctx.player, desk.clock)
        return [await puzzle_text.gave_up(ctx.lang, done, workers, name)]
    if command.act is Act.ANSWER:
        replies = await solve(command.move, ctx, desk, workers)
        if replies is None:
            raise Refusal("puzzle_not_open")
        return replies
    found = await puzzles.open_puzzle(repository, asker, command.variant, ctx.variant, desk.clock)
    return [await puzzle_text.opened(ctx.lang, found, workers, name)]


async def solve(text: str, ctx: Ctx, desk: Desk, workers: Workers) -> list[Reply] | None:
    """The move as an answer to the channel's open puzzle; None when none is open."""
    done = await puzzles.answer(desk.repository, workers, ctx.asker, ctx.player, text, desk.clock)
    if done is None:
        return None
    if isinstance(done, Unplayable):
        return [puzzle_text.unplayable(ctx.lang, done)]
    return [await puzzle_text.answered(ctx.lang, done, workers, ctx.user.name)]


async def play_move(command: typed.PlayMove, ctx: Ctx, desk: Desk, presenter: Presenter,
                    workers: Workers) -> list[Reply]:
    """A move: to the person's game when it is theirs to play here (or the move names its game), else
    to the open puzzle (see the module's docstring)."""
    typed_here = command.game_id is None and command.ply is None and not command.offer_draw \
        and not command.claim_draw
    try:
        return await play_in_game(command if not typed_here else _loud(command), ctx, desk, presenter)
    except Refusal as refusal:
        if typed_here and refusal.key in ELSEWHERE:
            replies = await solve(command.text, ctx, desk, workers)
            if replies is not None:
                return replies
        if command.quiet and refusal.key == "no_game":
            return []
        raise


def _loud(command: typed.PlayMove) -> typed.PlayMove:
    """The move with `quiet` off, so that a move with no game here is refused (and may go to the puzzle)."""
    return replace(command, quiet=False)


async def leaders(command: PuzzleLeaders, ctx: Ctx, desk: Desk) -> list[Reply]:
    """The channel's best puzzle solvers in a variant (the channel's rules when none is named)."""
    variant = command.variant or ctx.variant
    found = await puzzles.leaders(desk.repository, ctx.asker, variant)
    return [puzzle_text.leaderboard(ctx.lang, variant, found)]


async def stats_lines(ctx: Ctx, desk: Desk, user_id: str) -> list[str]:
    """A person's puzzle lines for `stats`."""
    return puzzle_text.stats_lines(ctx.lang, await puzzles.progress(desk.repository, ctx.asker, user_id))


Handler = Callable[..., Awaitable[list[Reply]]]
async def try_puzzle(command: typed.TryPuzzle, ctx: Ctx, desk: Desk, workers: Workers) -> list[Reply]:
    """A review's "Try it as a puzzle": that position opened as the channel's puzzle (or the open one), if
    the game is one of this platform's."""
    await desk.game(command.game_id, ctx.platform)
    found = await review_puzzles.open_from_review(desk.repository, ctx.asker, command.game_id, command.ply,
                                                  ctx.variant, desk.clock)
    return [await puzzle_text.opened(ctx.lang, found, workers, ctx.user.name)]


COMMANDS: dict[type[typed.Command], Handler] = {Puzzle: puzzle, PuzzleLeaders: leaders,
                                                typed.TryPuzzle: try_puzzle}
