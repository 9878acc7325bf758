"""`broken`: the games set aside because they cannot be read (`bot.flows.aside`), for the people who
manage the channel: the list, what is stored of one, and ending one."""

from __future__ import annotations

from bot.chat import typed
from bot.chat.context import Ctx
from bot.chat.events import Reply
from bot.domain.transitions import Refusal
from bot.flows import aside
from bot.flows.desk import Desk
from bot.presentation import aside_text


async def broken(command: typed.Broken, ctx: Ctx, desk: Desk) -> list[Reply]:
    """`broken`: the list; `broken 12`: what is stored of game 12; `broken 12 end`: end it."""
    if ctx.event.may_manage is not None and not await ctx.event.may_manage():
        raise Refusal("broken_not_allowed")
    if command.game_id is None:
        return [aside_text.listing(ctx.lang, await aside.listed(desk, ctx.asker))]
    if command.end:
        return [aside_text.ended(ctx.lang, await aside.end(desk, ctx.asker, command.game_id))]
    return [aside_text.details(ctx.lang, await aside.shown(desk, ctx.asker, command.game_id))]
