"""Ending or changing a game by the players' word: resign, draws, claims and take-backs."""

from __future__ import annotations

from bot.chat import typed
from bot.chat.context import Ctx
from bot.chat.events import Reply
from bot.chat.moving import play_move
from bot.domain.model import BOT_NAME, Offer
from bot.flows import offers
from bot.flows.desk import Desk
from bot.flows.offers import Changed
from bot.flows.opponent import BotPlayer, DrawDeclined
from bot.presentation import game_text
from bot.presentation.messages import Action, Button, Kind
from bot.presentation.replies import Presenter


async def _ended(ctx: Ctx, presenter: Presenter, changed: Changed, actor: str | None = None) -> list[Reply]:
    return [await presenter.ended(ctx.lang, changed.game, changed.board, viewer=changed.color,
                                  facing=ctx.facing, actor=actor, ratings=changed.ratings)]


async def resign_confirm(target: typed.Target, ctx: Ctx, desk: Desk) -> list[Reply]:
    game, _ = await offers.player_game(desk, ctx.asker, target.id)
    return [Reply(ctx.say("resign_confirm", id=game.id), private=True, kind=Kind.CONFIRM, game_id=game.id,
                  buttons=(Button.press(Action.RESIGN, game.id, ctx.say("btn_resign_confirm"), "danger"),))]


async def resign(target: typed.Target, ctx: Ctx, desk: Desk, presenter: Presenter) -> list[Reply]:
    return await _ended(ctx, presenter, await offers.resign(desk, ctx.asker, target.id))


async def offer_draw(target: typed.Target, ctx: Ctx, desk: Desk, presenter: Presenter,
                     bot: BotPlayer) -> list[Reply]:
    """Offer a draw (to the bot: it answers at once); accepts the opponent's standing offer."""
    game, color = await offers.player_game(desk, ctx.asker, target.id)
    if game.against_bot and game.offer_to(color) is not Offer.DRAW:
        answer = await bot.answer_offer(ctx.asker, game)
        if isinstance(answer, DrawDeclined):
            return [Reply(ctx.say("draw_declined", name=BOT_NAME), kind=Kind.INFO, game_id=game.id)]
        return await _ended(ctx, presenter, answer, actor=BOT_NAME)
    changed = await offers.offer_draw(desk, ctx.asker, game.id)
    if not changed.game.active:
        return await _ended(ctx, presenter, changed)
    return [presenter.offer(ctx.lang, changed.game, changed.color, "draw_offered")]


async def accept_draw(target: typed.Target, ctx: Ctx, desk: Desk, presenter: Presenter) -> list[Reply]:
    return await _ended(ctx, presenter, await offers.accept_draw(desk, ctx.asker, target.id))


async def _decline(target: typed.Target, ctx: Ctx, desk: Desk, presenter: Presenter,
                   kind: Offer) -> list[Reply]:
    changed = await offers.decline(desk, ctx.asker, target.id, kind)
    key = "draw_declined" if kind is Offer.DRAW else "undo_declined"
    return [presenter.declined(ctx.lang, changed.game, changed.color, key, ctx.user.name)]


async def decline_draw(target: typed.Target, ctx: Ctx, desk: Desk, presenter: Presenter) -> list[Reply]:
    return await _decline(target, ctx, desk, presenter, Offer.DRAW)


async def decline_undo(target: typed.Target, ctx: Ctx, desk: Desk, presenter: Presenter) -> list[Reply]:
    return await _decline(target, ctx, desk, presenter, Offer.UNDO)


async def claim(target: typed.Target, ctx: Ctx, desk: Desk, presenter: Presenter) -> list[Reply]:
    changed = await offers.claim(desk, ctx.asker, target.id, presenter.timing.abandon_after)
    return await _ended(ctx, presenter, changed, actor=ctx.user.name)


async def request_undo(target: typed.Target, ctx: Ctx, desk: Desk, presenter: Presenter) -> list[Reply]:
    changed = await offers.request_undo(desk, ctx.asker, target.id)
    game = changed.game
    if changed.before.against_bot:
        lines = [ctx.say("bot_undo"), game_text.turn_line(ctx.lang, game)]
        return [await presenter.board(ctx.lang, game, changed.board, lines, facing=ctx.facing)]
    return [presenter.offer(ctx.lang, game, changed.color, "undo_requested", move=game.moves[-1])]


async def accept_undo(target: typed.Target, ctx: Ctx, desk: Desk, presenter: Presenter) -> list[Reply]:
    changed = await offers.accept_undo(desk, ctx.asker, target.id)
    lines = [ctx.say("undo_done", move=changed.before.moves[-1]), game_text.turn_line(ctx.lang, changed.game)]
    return [await presenter.board(ctx.lang, changed.game, changed.board, lines, facing=ctx.facing)]


async def draw(command: typed.Draw, ctx: Ctx, desk: Desk, presenter: Presenter,
               bot: BotPlayer) -> list[Reply]:
    """`draw [offer|accept|decline]`, or `draw 12-16`: the move with an offer, in the user's game."""
    if command.move is not None:
        return await play_move(command.move, ctx, desk, presenter)
    yours = typed.Target(None)
    if command.answer is typed.Answer.ACCEPT:
        return await accept_draw(yours, ctx, desk, presenter)
    if command.answer is typed.Answer.DECLINE:
        return await decline_draw(yours, ctx, desk, presenter)
    return await offer_draw(yours, ctx, desk, presenter, bot)


async def undo(command: typed.Undo, ctx: Ctx, desk: Desk, presenter: Presenter) -> list[Reply]:
    """`undo [request|accept|decline]`; bare, it accepts the opponent's standing request."""
    game, color = await offers.player_game(desk, ctx.asker, None)
    target = typed.Target(game.id)
    theirs = game.offer_to(color) is Offer.UNDO
    if command.answer is typed.Answer.ACCEPT or (command.answer is None and theirs):
        return await accept_undo(target, ctx, desk, presenter)
    if command.answer is typed.Answer.DECLINE:
        return await decline_undo(target, ctx, desk, presenter)
    return await request_undo(target, ctx, desk, presenter)
