"""`notify on|off` (Finnish `ilmoitukset päälle|pois`): a person's turn pings, read and answered.

Discord has no room for another `/tammi` subcommand (it allows 25), so there the choice is an option of
`settings` (`/tammi settings notify:on`), which may come with channel settings; typed, `settings notify
on` works too. Turning pings on away from a private chat sends the person a private message at once: the
answer says whether it reached them, and how to let it where it did not. The router takes `COMMANDS`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.chat import talking, typed
from bot.chat.context import Ctx
from bot.chat.events import Reply
from bot.chat.pinging import Pings
from bot.config import Config
from bot.domain.transitions import Refusal
from bot.flows.desk import Desk
from bot.flows.pings import choice, choose
from bot.presentation import catalogue, ping_text
from bot.storage.repository import Repository

Args = tuple[str, ...]
NOTIFY_WORDS = catalogue.all_words("words-command-notify")
ON_WORDS = catalogue.all_words("words-notify-on")
OFF_WORDS = catalogue.all_words("words-notify-off")


@dataclass(frozen=True)
class Notify(typed.Command):
    """`notify [on|off]` (alone: whether they are on); `settings`: channel settings asked for in the same
    command (`settings fi notify on`)."""

    on: bool | None = None
    settings: typed.Settings | None = None


def read(args: Args) -> Notify:
    """`notify [on|off]`: any other word is refused."""
    on: bool | None = None
    for arg in args:
        word = arg.casefold()
        if word in ON_WORDS:
            on = True
        elif word in OFF_WORDS:
            on = False
        else:
            raise Refusal("notify_usage")
    return Notify(on)


def within_settings(args: Args) -> tuple[Args, Args] | None:
    """`settings ... notify on`: the words before the notify word (channel settings) and after it; None
    when there is no notify word."""
    for index, arg in enumerate(args):
        if arg.casefold() in NOTIFY_WORDS:
            return args[:index], args[index + 1:]
    return None


async def notify(command: Notify, ctx: Ctx, pings: Pings, desk: Desk, repository: Repository,
                 config: Config) -> list[Reply]:
    """Say whether the person's pings are on, or turn them on or off; turned on away from a private chat,
    a private message tells whether one reaches them."""
    settings = command.settings
    replies = await talking.settings(settings, ctx, repository, config, desk) if settings else []
    lang = command.settings.language if command.settings and command.settings.language else ctx.lang
    platform, user = ctx.platform, ctx.user
    if command.on is None:
        return [*replies, ping_text.status(lang, await choice(repository, platform, user.user_id))]
    own = catalogue.locale_language(ctx.event.locale) or lang  # the language of their pings
    await choose(repository, platform, user.user_id, command.on, own, desk.clock())
    if not command.on:
        return [*replies, ping_text.off(lang)]
    if ctx.event.is_private_chat:
        return [*replies, ping_text.on(lang, user.name, private_chat=True)]
    if not await pings.reaches(platform, ctx.channel, user.user_id, ping_text.confirmation(own)):
        await pings.told(platform, user.user_id)
        return [*replies, ping_text.unreachable(lang, platform, user.name)]
    return [*replies, ping_text.on(lang, user.name, private_chat=False)]


Handler = Callable[..., Awaitable[list[Reply]]]
COMMANDS: dict[type[typed.Command], Handler] = {Notify: notify}
