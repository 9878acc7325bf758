"""The Discord adapter: Discord messages and interactions in, service events out, replies back.

It holds no game state and no rules. Typed messages arrive in `on_message`; the `/tammi` slash command
(a `CommandTree`), the buttons (`DynamicItem`s) and the move dialog (a `Modal`) are discord.py's own
objects that call this adapter back through `client.handler_of`. Every event goes through the one
error boundary, `bot.platforms.base.answer`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.chat.events import Event, Notice, Person, Reply, Service
from bot.config import DiscordConfig
from bot.platforms.base import TokenRejected, answer, apology
from bot.platforms.discord.buttons import DYNAMIC_ITEMS, MODAL_PREFIX, MoveDialog, is_our_button, ui_text
from bot.platforms.discord.client import (
    bot_token,
    gateway_up,
    intents,
    make_client,
    person,
    use_endpoints,
)
from bot.platforms.discord.direct import send_direct
from bot.platforms.discord.menus import MENU_ITEMS, is_our_menu
from bot.platforms.discord.order import ChannelOrder
from bot.platforms.discord.outside import Outside
from bot.platforms.discord.replies import Poster
from bot.platforms.discord.tree import command_tree, subcommand_count, sync_if_changed, translated
from bot.presentation import catalogue

log = logging.getLogger(__name__)

PLATFORM = "discord"

DEFER_AFTER = 1.5
"""Seconds to wait for the service before acknowledging an interaction (Discord allows 3)."""

TOKEN_REJECTED = ("Discord refused the bot token (DISCORD_TOKEN or [discord] token); check it in the "
                  "Developer Portal")

MOVE_CHECK = "mvq"
"""The service button that answers whether the presser may move in a game (nothing when they may)."""

SLOW_COMMANDS = frozenset({"gif"})
"""Commands whose answer is deferred at once: they usually take longer than Discord waits."""


class DiscordAdapter:
    """Connects one service to Discord (an `Adapter` of `bot.platforms.base`).

    The constructor registers the service's notice sender; `start()` logs in, syncs the slash command
    if it changed, and connects in a background task; `close()` disconnects. `guild_ready_timeout` is
    discord.py's wait for servers before it reports ready (tests shorten it).
    """

    name = PLATFORM

    def __init__(self, service: Service, config: DiscordConfig, *,
                 guild_ready_timeout: float = 2.0) -> None:
        self.service = service
        self.config = config
        self.client = make_client(
            config, self, intents=intents(config), guild_ready_timeout=guild_ready_timeout,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True,
                                                     replied_user=True))
        self.client.event(self.on_message)
        self.client.event(self.on_interaction)
        self.client.add_dynamic_items(*DYNAMIC_ITEMS, *MENU_ITEMS)
        self.tree = command_tree(self.client)
        self.poster = Poster(self.client, DEFER_AFTER, self._language, service.board_posted)
        self.order = ChannelOrder()
        self.outside = Outside()  # channels where Tammi answers interactions but may not post
        self._dialogs: set[str] = set()  # custom_ids of the move dialogs open now
        self._connection: asyncio.Task[None] | None = None
        self._logged_in = asyncio.Event()
        # Registered now, so notices the service sends while starting (the bot's move in a game it
        # resumes) are not lost: they wait in send_notice until the client has logged in.
        service.add_sender(PLATFORM, self.send_notice, reads_typed=config.message_content)

    @property
    def defer_after(self) -> float:
        return self.poster.defer_after

    @defer_after.setter
    def defer_after(self, seconds: float) -> None:
        self.poster.defer_after = seconds

    # --- life cycle -------------------------------------------------------------------------------

    async def start(self) -> None:
        """Log in, sync the slash command if its definition changed, and connect in the background.

        Notices can be sent from here on: the REST API needs no gateway connection.
        """
        use_endpoints(self.config)
        try:
            await self.client.login(bot_token(self.config))
            await sync_if_changed(self.tree)
        except discord.LoginFailure:
            await self.client.close()
            raise TokenRejected(TOKEN_REJECTED) from None
        except BaseException:
            await self.client.close()
            raise
        self._logged_in.set()
        self._connection = asyncio.create_task(self._connect(), name="tammi-discord-connection")

    async def _connect(self) -> None:
        try:
            await self.client.connect(reconnect=True)
        except discord.PrivilegedIntentsRequired:
            log.error("Discord refused the Message Content intent: enable it for the bot in the Developer "
                      "Portal, or set [discord] message_content = false")
            raise
        except Exception:
            log.exception("The Discord connection ended with an error")
            raise

    @property
    def connected(self) -> bool:
        """Whether the gateway is ready and connected now (discord.py reconnects after a drop)."""
        return self._connection is not None and not self._connection.done() and gateway_up(self.client)

    async def wait_until_ready(self) -> None:
        """Wait until the gateway session is ready (servers received)."""
        await self.client.wait_until_ready()

    async def wait_closed(self) -> None:
        """Wait until the connection ends: after `close()`, or with the error that ended it (a refused
        intent, a revoked token); discord.py itself reconnects after network trouble."""
        if self._connection is not None:
            await asyncio.shield(self._connection)

    async def close(self) -> None:
        """Disconnect from Discord and wait for the connection task to end."""
        self._logged_in.clear()
        await self.client.close()
        if self._connection is not None:
            with contextlib.suppress(Exception):  # already logged in _connect
                await self._connection
            self._connection = None

    # --- notices and typed messages ---------------------------------------------------------------

    async def send_notice(self, notice: Notice) -> None:
        """The service's sender: post a notice (the bot's move, an expiry...) to its channel, or to its
        person's DMs (`to_user`; raises `Unreachable` when they take none from the bot)."""
        if notice.platform != PLATFORM:
            return
        await self._logged_in.wait()
        if notice.to_user is not None:
            await send_direct(self.client, notice)
            return
        async with self.order.turn(notice.channel_id) as turn:
            await turn.come()
            if notice.channel_id in self.outside:  # a user install's DM or group DM: it may only answer
                await self.outside.send(notice.channel_id, notice.reply, self.poster)
                return
            await self.poster.post(self.client.get_partial_messageable(int(notice.channel_id)), notice.reply)

    async def on_message(self, message: discord.Message) -> None:
        """A typed message: moves like `9-13`, commands written as text, or chat the service ignores."""
        me = self.client.user
        if me is None or message.author.bot or message.author.id == me.id:
            return
        if message.type not in (discord.MessageType.default, discord.MessageType.reply):
            return
        private = message.guild is None
        mentioned = any(user.id == me.id for user in message.mentions)
        resolved = message.reference.resolved if message.reference else None
        replied = isinstance(resolved, discord.Message) and resolved.author.id == me.id
        author = resolved.author if isinstance(resolved, discord.Message) else None
        other = author if author is not None and not author.bot and author.id != message.author.id else None
        text = re.sub(rf"<@!?{me.id}>", " ", message.content).strip()
        if not text:
            return
        event = Event(
            platform=PLATFORM,
            channel_id=str(message.channel.id),
            user=person(message.author),
            text=text,
            mentions=tuple(person(user) for user in message.mentions if user.id != me.id),
            addressed=private or mentioned or replied,
            is_private_chat=private,
            replied_to=person(other) if other is not None else None,
            only_replied=replied and not (private or mentioned),
            may_manage=None if private else answer_with(manages(message.channel, message.author)),
            reads_typed=private or self.config.message_content,
        )
        async with self.order.turn(event.channel_id) as turn:
            replies = await answer(self.service, event)
            await turn.come()
            await self.poster.post_all(message, replies)

    # --- interactions: what discord.py's commands, buttons and dialog call ------------------------

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """What no command, button or dialog of ours answers: someone else's button (acknowledged
        silently), or a move dialog that expired or was opened before a restart."""
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        ours = is_our_button(custom_id) or is_our_menu(custom_id)
        if interaction.type is discord.InteractionType.component and not ours:
            await interaction.response.defer()
        elif interaction.type is discord.InteractionType.modal_submit:
            if custom_id in self._dialogs:
                self._dialogs.discard(custom_id)  # its MoveDialog answers it
            elif custom_id.startswith(MODAL_PREFIX):
                await interaction.response.send_message(
                    ui_text(interaction.locale.value, "move-dialog-expired"), ephemeral=True)
            else:
                await interaction.response.defer()

    async def command(self, interaction: discord.Interaction[Any], name: str, args: tuple[str, ...],
                      mentions: tuple[Person, ...]) -> None:
        event = self._event(interaction, text=" ".join(args), command=name, args=args, mentions=mentions)
        await self._respond(interaction, event, slow=name in SLOW_COMMANDS)

    async def press(self, interaction: discord.Interaction[Any], button: str) -> None:
        await self._respond(interaction, self._event(interaction, button=button), slow=False)

    async def choose(self, interaction: discord.Interaction[Any], button: str, choice: str) -> None:
        """A move or a piece chosen from a board's menu: pressing `button` with the choice as the text."""
        await self._respond(interaction, self._event(interaction, button=button, text=choice), slow=False)

    async def open_dialog(self, interaction: discord.Interaction[Any], button: str) -> None:
        """Open the move dialog for the button's game, only for the player to move there; anyone else
        gets the service's refusal, privately. A service too slow to say opens the dialog anyway (the
        submitted move is checked again)."""
        game = button.partition(":")[2]
        check = self._event(interaction, button=f"{MOVE_CHECK}:{game}")
        try:
            refusals = await asyncio.wait_for(answer(self.service, check), self.defer_after)
        except TimeoutError:
            refusals = []
        if refusals:
            await interaction.response.send_message(refusals[0].text, ephemeral=True)
            return
        dialog = MoveDialog(button, interaction.locale.value, interaction.id, self._dialogs.discard)
        self._dialogs.add(dialog.custom_id)
        await interaction.response.send_modal(dialog)

    async def submit_move(self, interaction: discord.Interaction[Any], button: str, move: str) -> None:
        """A move typed into the dialog: played in the dialog's game, which the service checks."""
        game = f"#{button.partition(':')[2]}"
        event = self._event(interaction, text=move, command="move", args=(game, move) if move else (game,))
        await self._respond(interaction, event, slow=False)

    async def suggest_moves(self, interaction: discord.Interaction[Any]) -> list[str]:
        channel, user = str(interaction.channel_id), str(interaction.user.id)
        return await self.service.suggest_moves(PLATFORM, channel, user)

    def rule_topics(self, interaction: discord.Interaction[Any]) -> list[tuple[str, str]]:
        return self.service.rule_topics(interaction.locale.value)

    def _event(self, interaction: discord.Interaction[Any], **fields: Any) -> Event:
        """The interaction as an event. Where Tammi is not a member (a user install's DM or group DM
        between people), typed messages never reach it, and the channel is shared, not private."""
        outside = self.outside.note(interaction)
        return Event(
            platform=PLATFORM,
            channel_id=str(interaction.channel_id),
            user=person(interaction.user),
            locale=interaction.locale.value,
            addressed=True,
            is_private_chat=interaction.guild_id is None and not outside,
            may_manage=None if interaction.guild_id is None else answer_with(
                interaction.permissions.manage_guild or interaction.permissions.manage_channels),
            reads_typed=not outside and (interaction.guild_id is None or self.config.message_content),
            **fields,
        )

    async def _respond(self, interaction: discord.Interaction[Any], event: Event, *, slow: bool) -> None:
        """Answer with the service's replies; if posting them fails before anything was sent, the user
        still gets the apology."""
        try:
            async with self.order.turn(event.channel_id) as turn:
                await self.poster.respond(interaction, self._answer(event), turn, slow=slow)
        except Exception:
            log.exception("Failed to answer a Discord interaction")
            if not interaction.response.is_done():
                with contextlib.suppress(discord.HTTPException):
                    await interaction.response.send_message(apology(event.locale).text, ephemeral=True)


    async def _answer(self, event: Event) -> list[Reply]:
        """The service's replies to the event, after the notices held for its channel (where Tammi may
        not post, they come with the next interaction's answer)."""
        replies = await answer(self.service, event)
        return [*self.outside.take(event.channel_id), *replies]

    async def _language(self, channel_id: str, locale: str | None) -> str:
        """The language of a channel's replies, for the adapter's own short notices there."""
        try:
            return await self.service.channel_language(PLATFORM, channel_id, locale)
        except Exception:  # the database, say: the notice still goes, in the user's or the default language
            log.exception("the language of Discord channel %s could not be read", channel_id)
            return catalogue.locale_language(locale) or catalogue.ENGLISH


def manages(channel: Any, author: discord.abc.User) -> bool:
    """Whether the author of a server message has Manage Server or Manage Channels there."""
    if not isinstance(author, discord.Member) or not hasattr(channel, "permissions_for"):
        return False
    permissions = channel.permissions_for(author)
    return bool(permissions.manage_guild or permissions.manage_channels)


def answer_with(value: bool) -> Callable[[], Awaitable[bool]]:
    """An `Event.may_manage` that Discord has already answered (its data carry the permissions)."""
    async def known() -> bool:
        return value
    return known


async def sync_commands(config: DiscordConfig) -> int:
    """Push the `/tammi` command to Discord (`tammi discord sync`); the number of subcommands registered."""
    use_endpoints(config)
    client = make_client(config, None, intents=discord.Intents.none())
    tree = command_tree(client)
    try:
        await client.login(bot_token(config))
        await translated(tree)
        return subcommand_count(await tree.sync())
    except discord.LoginFailure:
        raise TokenRejected(TOKEN_REJECTED) from None
    finally:
        await client.close()
