"""Tap-to-move: the Move button opening the move picker in place of the board's buttons, and each key
of the picker (`bot.presentation.taps`), up to the move, which is played as a typed one is.

Only the player to move may use a picker, and only while the game is as it was when the picker opened
(its version is in every key); anyone else's tap changes nothing and is answered privately. The
picker's state is all in its keys, so it works after a restart and two pickers never mix.
"""

from __future__ import annotations

from bot.chat import moving, typed
from bot.chat.context import Ctx
from bot.chat.events import Reply
from bot.domain import transitions
from bot.domain.transitions import Refusal
from bot.flows.desk import Desk
from bot.presentation import taps
from bot.presentation.messages import Kind
from bot.presentation.replies import Presenter
from engine.picking import PickError, pick


async def move_button(target: typed.Target, ctx: Ctx, desk: Desk) -> list[Reply]:
    """The Move button: the picker, where the platform can put it in place of the board's buttons;
    elsewhere the moves and how to type one."""
    if not ctx.event.edits_buttons:
        return await moving.move_dialog(target, ctx, desk)
    loaded = await desk.load(ctx.asker, target.id)
    game = loaded.game
    transitions.check_turn(game, transitions.seat(game, ctx.user.user_id))
    return [taps.opened(ctx.lang, game, loaded.board)]


async def tap(command: typed.Tap, ctx: Ctx, desk: Desk, presenter: Presenter) -> list[Reply]:
    """A key of the picker: its next step, the move it completes (played through `moving.play_move`),
    or the board's buttons back (Cancel, or a picker the game has moved past)."""
    loaded = await desk.load(ctx.asker, command.game_id)
    game, board = loaded.game, loaded.board
    color = game.color_of(ctx.user.user_id)
    if color is None:
        raise Refusal("not_a_player", id=game.id)
    if not game.active or game.version != command.version:  # either player may put the buttons back
        restored = taps.board_keys(ctx.lang, game)
        if command.squares is None:
            return [restored]
        key = "taps_stale" if game.active else "game_finished"
        return [Reply(ctx.say(key, id=game.id), private=True, kind=Kind.ERROR, game_id=game.id), restored]
    transitions.check_turn(game, color)
    if command.squares is None:
        return [taps.board_keys(ctx.lang, game)]
    try:
        at = pick(board, command.squares)
    except PickError:  # never offered at this version: a key made up
        raise Refusal("unknown_button") from None
    if at.move is None:
        return [taps.step(ctx.lang, game, board, at)]
    replies = await moving.play_move(typed.PlayMove(str(at.move), game.id), ctx, desk, presenter)
    played = any(reply.kind is Kind.BOARD for reply in replies)
    return [taps.no_keys(game) if played else taps.board_keys(ctx.lang, game), *replies]
