"""One router from `Event` to the handlers: buttons, structured commands and typed text.

The command table is data: commands about one game name how the game is found (`GAME_COMMANDS`);
the others read their own words (`WORD_COMMANDS`). A `Refusal` from any layer below becomes the one
private refusal reply here.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Literal

from bot.chat import actions, handlers, info, review
from bot.chat import grammar as words
from bot.chat.context import Ctx
from bot.chat.events import Event, Person, Reply
from bot.chat.limits import Throttled
from bot.domain.transitions import Refusal
from bot.presentation import catalogue
from bot.storage.repository import WriteRefused

if TYPE_CHECKING:
    from bot.chat.service import GameService

Handler = Callable[[Ctx, tuple[str, ...]], Awaitable[list[Reply]]]
Lookup = Literal["active", "shown", "last"]

# command -> (how its game is found when no id is typed, the refusal when there is none, the action)
GAME_COMMANDS: dict[str, tuple[Lookup, str, actions.Action]] = {
    "board": ("shown", "no_game", actions.show_board),
    "moves": ("active", "no_game", actions.list_moves),
    "resign": ("active", "no_game", actions.resign),
    "claim": ("active", "no_game", actions.claim),
    "rematch": ("last", "no_game_to_show", actions.rematch),
    "pdn": ("shown", "no_game_to_show", actions.pdn),
    "gif": ("shown", "no_game_to_show", actions.gif),
    "review": ("shown", "no_game_to_show", review.review),
    "hint": ("active", "no_game", review.hint),
}
WORD_COMMANDS: dict[str, Handler] = {
    "challenge": handlers.challenge, "accept": handlers.accept, "decline": handlers.decline,
    "cancel": handlers.cancel, "play": handlers.play, "move": handlers.move, "draw": handlers.draw,
    "undo": handlers.undo, "games": info.games, "rules": info.rules, "stats": info.stats,
    "leaderboard": info.leaderboard, "settings": info.settings, "help": info.help_,
}


async def route(service: GameService, event: Event) -> list[Reply]:
    """The replies to one event."""
    user = Person(str(event.user.user_id)[:128], words.clean_name(event.user.name))
    platform, channel = str(event.platform)[:32], str(event.channel_id)[:128]
    try:
        with service.limits.in_hand(platform, user.user_id):
            return await _route(service, event, user, platform, channel)
    except Throttled as busy:  # too much in hand: one word for everyone, none for a flooding user
        lang = catalogue.locale_language(event.locale) or service.config.language
        return [] if busy.silent else [Reply(catalogue.say(lang, busy.key), private=True, kind="error")]


async def _route(service: GameService, event: Event, user: Person, platform: str,
                 channel: str) -> list[Reply]:
    settings = await service.channel_settings(platform, channel)
    locale = service.user_locale(platform, user.user_id, event.locale)
    lang = catalogue.reply_language(settings.language, locale, service.config.language)
    ctx = Ctx(event, lang, platform, channel, user, service, settings.variant or service.config.variant)
    await service.remember(ctx)  # names and usernames the platform shows, kept even from plain chat
    try:
        if event.button:
            return await _button(ctx, event.button)
        if event.command:
            return await _command(ctx, event)
        return await _text(ctx)
    except Refusal as refusal:
        return [service.presenter.refusal(lang, refusal)]
    except Throttled as throttled:  # over the user's rate: said once, then quiet until it refills
        # A Discord slash command or button press is an interaction: it must get an answer.
        if throttled.silent and not (platform == "discord" and (event.command or event.button)):
            return []
        return [Reply(catalogue.say(lang, throttled.key, **throttled.values), private=True, kind="error")]
    except WriteRefused as refused:  # read-only, or the file is gone: nothing was saved
        key = "storage-read-only" if refused.reason == "read_only" else "storage-gone"
        return [Reply(catalogue.say(lang, key), private=True, kind="error")]


async def _button(ctx: Ctx, button: str) -> list[Reply]:
    ctx.service.limits.admit(ctx.platform, ctx.user.user_id, "button")
    action, _, number = button.partition(":")
    handler = actions.BUTTONS.get(action)
    if handler is None or not number.isdecimal() or len(number) > 18:
        raise Refusal("unknown_button")
    return await handler(ctx, int(number))


async def _command(ctx: Ctx, event: Event) -> list[Reply]:
    name = words.resolve_command((event.command or "").lstrip("/"))
    if name is None:
        raise Refusal("not_understood")
    args = tuple(words.clean(arg, 400) for arg in event.args)
    if sum(len(arg) for arg in args) > words.MAX_TEXT:
        raise Refusal("too_long")
    return await run(ctx, name, tuple(arg for arg in args if arg))


async def run(ctx: Ctx, name: str, args: tuple[str, ...]) -> list[Reply]:
    """Run command `name` with its words."""
    ctx.service.limits.admit(ctx.platform, ctx.user.user_id, name)
    if name in GAME_COMMANDS:
        lookup, missing, action = GAME_COMMANDS[name]
        game_id = await _game_id(ctx, args, lookup)
        if game_id is None:
            raise Refusal(missing)
        return await action(ctx, game_id)
    return await WORD_COMMANDS[name](ctx, args)


async def _game_id(ctx: Ctx, args: tuple[str, ...], lookup: Lookup) -> int | None:
    """The game a command is about: the id typed, else the user's active game here, else (for `shown`
    and `last`) their last game here."""
    typed = words.typed_id(args)
    if typed is not None:
        return typed
    repository = ctx.service.repository
    if lookup != "last":
        game = await repository.active_game_for(ctx.platform, ctx.channel, ctx.user.user_id)
        if game is not None or lookup == "active":
            return game.id if game else None
    last = await repository.last_game_for(ctx.platform, ctx.channel, ctx.user.user_id)
    return last.id if last else None


async def _text(ctx: Ctx) -> list[Reply]:
    """A plain message: a command written as text, a move, a question, or chat to ignore."""
    event = ctx.event
    raw = event.text or ""
    bare = ctx.platform == "console" or event.addressed or event.is_private_chat
    if len(raw) > words.MAX_TEXT:
        head = words.clean(raw[:200])
        if words.find_command(head, bare=bare) or (event.addressed and not event.only_replied):
            raise Refusal("too_long")
        return []
    text = words.clean(raw)
    if not text:
        return []
    typed = words.find_command(text, bare=bare)
    if typed is not None:
        if typed.command == "?":
            raise Refusal("not_understood")
        return await run(ctx, typed.command, typed.args)
    move = words.find_move(text)
    if move is not None or words.move_attempt(text):
        ctx.service.limits.admit(ctx.platform, ctx.user.user_id, "move")
        game = await ctx.service.repository.active_game_for(ctx.platform, ctx.channel, ctx.user.user_id)
        if game is not None:
            if move is None:
                return await actions.unreadable_move(ctx, game.id, text)
            return await actions.move(ctx, game.id, move.text, offer_draw=move.offer_draw,
                                      claim_draw=move.claim_draw)
        if bare:
            raise Refusal("no_game")
        return []
    if not bare:
        return []
    if "?" in text or (event.addressed and not event.only_replied):
        answered = await info.question(ctx, text)
        if answered is not None:
            return answered
    if event.only_replied:
        return []  # chat in reply to the bot's message
    return [Reply(ctx.say("not_understood"), private=True, kind="help")]
