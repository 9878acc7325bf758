"""Moves and the board: playing a move, a move-shaped text that is none, the board, the legal moves."""

from __future__ import annotations

from dataclasses import replace

from bot.chat import typed
from bot.chat.context import Ctx
from bot.chat.events import Reply
from bot.domain import transitions
from bot.domain.model import Offer
from bot.domain.transitions import Refusal
from bot.flows import records
from bot.flows.desk import Desk, Lookup
from bot.flows.play import MoveRefused, play
from bot.presentation import boards, catalogue, game_text
from bot.presentation.messages import Kind
from bot.presentation.replies import Presenter
from bot.storage.repository import Repository
from engine import Color


async def play_move(command: typed.PlayMove, ctx: Ctx, desk: Desk, presenter: Presenter) -> list[Reply]:
    """The move in the game named, else the user's game here (plain chat with no game: ignored)."""
    try:
        done = await play(desk, ctx.asker, command.game_id, command.text, offer_draw=command.offer_draw,
                          claim_draw=command.claim_draw, ply=command.ply)
    except Refusal as refusal:
        if command.quiet and refusal.key == "no_game":
            return []
        raise
    if isinstance(done, MoveRefused):
        return [await presenter.move_refused(ctx.lang, done, facing=ctx.facing)]
    return [await presenter.moved(ctx.lang, done, ctx.user.name, reads_typed=ctx.event.reads_typed,
                                  facing=ctx.facing)]


async def move_attempt(command: typed.MoveAttempt, ctx: Ctx, desk: Desk) -> list[Reply]:
    """Text shaped like a move that is none (`9-`, `5`): how to write one, with a legal move of the
    player's as the example; the player not to move hears whose turn it is."""
    try:
        loaded = await desk.load(ctx.asker, None)
    except Refusal as refusal:
        if command.quiet and refusal.key == "no_game":
            return []
        raise
    game = loaded.game
    transitions.check_turn(game, game.color_of(ctx.user.user_id) or game.turn.other)
    example = next(iter(loaded.board.legal_moves), None)
    text = command.text
    shown = text if len(text) <= 40 else text[:40] + "…"
    return [Reply(ctx.say("move_unreadable", text=shown, example=str(example or "9-13"),
                          moves=catalogue.command_name(ctx.lang, "moves")),
                  private=True, kind=Kind.ERROR, game_id=game.id)]


async def show_board(target: typed.Target, ctx: Ctx, desk: Desk, presenter: Presenter,
                     repository: Repository) -> list[Reply]:
    loaded = await desk.load(ctx.asker, target.id, target.lookup, target.missing)
    game = loaded.game
    viewer = game.color_of(ctx.user.user_id) or (game.turn if game.active else Color.WHITE)
    lines = [game_text.title(ctx.lang, game)]
    if game.moves:
        lines.append(ctx.say("board_moves", count=len(game.moves), last=game.moves[-1]))
    else:
        lines.append(ctx.say("board_no_moves"))
    if game.active:
        lines.append(game_text.turn_line(ctx.lang, game))
    else:
        lines.append(game_text.end_text(ctx.lang, game, abandon_hours=presenter.abandon_hours))
    if hints := await records.hints_used(repository, game):
        lines.append(ctx.say("hints_used", count=hints))
    if game.active and game.offer is Offer.DRAW and game.offer_by is not None:
        lines.append(ctx.say("draw_offered", name=game_text.who(ctx.lang, game, game.offer_by),
                             opponent=game.player(game.offer_by.other).name))
    shown = await presenter.board(ctx.lang, game, loaded.board, lines, viewer=viewer, facing=ctx.facing)
    return [replace(shown, fresh=True)]  # asked for: at the bottom, where the channel keeps live boards


async def board_text(command: typed.BoardText, ctx: Ctx, desk: Desk) -> list[Reply]:
    """`board text`: the board as a monospace block (for screen readers and slow connections), from the
    side its pictures take here."""
    loaded = await desk.load(ctx.asker, command.game_id, Lookup.SHOWN, "no_game_to_show")
    game = loaded.game
    asked = game.color_of(ctx.user.user_id) or (game.turn if game.active else Color.WHITE)
    flipped = game_text.flipped_for(game_text.viewer(game, ctx.facing, asked))
    return [Reply(boards.text_block(ctx.lang, game, loaded.board, flipped=flipped), kind=Kind.INFO,
                  game_id=game.id)]


async def pick_piece(command: typed.PickPiece, ctx: Ctx, desk: Desk, presenter: Presenter) -> list[Reply]:
    """A piece chosen from a board's menu: its moves, in a menu only the player to move sees."""
    loaded = await desk.load(ctx.asker, command.game_id)
    game = loaded.game
    transitions.check_turn(game, transitions.seat(game, ctx.user.user_id))
    transitions.check_ply(game, command.ply)
    if not any(move.start == command.square for move in loaded.board.legal_moves):
        raise Refusal("picker_no_moves", square=command.square)
    return [presenter.piece_moves(ctx.lang, game, loaded.board, command.square)]


async def list_moves(target: typed.Target, ctx: Ctx, desk: Desk, *, how_to: bool = False) -> list[Reply]:
    loaded = await desk.load(ctx.asker, target.id, target.lookup, target.missing)
    game = loaded.game
    if not game.active:
        raise Refusal("game_finished", id=game.id)
    legal = sorted((str(m) for m in loaded.board.legal_moves), key=_move_order)
    side = game_text.side(ctx.lang, game.variant, game.turn)
    to_move = game.player(game.turn)
    if to_move.user_id == ctx.user.user_id:
        text = ctx.say("legal_moves", side=side, moves=", ".join(legal))
    else:
        text = ctx.say("legal_moves_wait", side=side, name=to_move.name, moves=", ".join(legal))
    replies = [Reply(text, private=True, kind=Kind.MOVES, game_id=game.id)]
    if how_to and legal and to_move.user_id == ctx.user.user_id:
        how = game_text.how_to_move(ctx.lang, ctx.platform, legal[0], reads_typed=ctx.event.reads_typed)
        replies.append(Reply(how, private=True, kind=Kind.HELP))
    return replies


def _move_order(text: str) -> list[int]:
    """Moves in the order of their squares (9-13, 9-14, 10-14, ...)."""
    return [int(square) for square in text.replace("x", "-").split("-") if square.isdecimal()]


async def move_dialog(target: typed.Target, ctx: Ctx, desk: Desk) -> list[Reply]:
    """What a Move button (or `move` alone) means where the platform has no dialog: the moves and how
    to type one."""
    return await list_moves(target, ctx, desk, how_to=True)


async def dialog(command: typed.MoveDialog, ctx: Ctx, desk: Desk) -> list[Reply]:
    """`move` without a move."""
    return await move_dialog(typed.Target(command.game_id), ctx, desk)


async def may_move(target: typed.Target, ctx: Ctx, desk: Desk) -> list[Reply]:
    """Nothing when the user is to move in the game (a platform may then open its move dialog);
    otherwise the refusal that says why not."""
    game = await desk.find(ctx.asker, target.id)
    transitions.check_turn(game, transitions.seat(game, ctx.user.user_id))
    return []
