"""The Discord adapter: Discord messages and interactions in, service events out, replies back.

It holds no game state and no rules. Slash commands (`/tammi ...`), buttons and the move dialog are
all handled in `on_interaction` from their raw data, so they keep working after a restart: the custom_id
names the action and the game, and the service reloads the rest from storage.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
from typing import Any

import discord
import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.chat.commands import COMMANDS, Command
from bot.chat.events import Event, Notice, Person, Reply, Service
from bot.config import DiscordConfig
from bot.platforms.discord.definitions import (
    JSON,
    ROOT,
    command_definitions,
    same_definitions,
    subcommand_count,
)
from bot.platforms.discord.messages import (
    BUTTON_PREFIX,
    MODAL_PREFIX,
    MOVE_BUTTON,
    MessageParts,
    message_parts,
    shorten,
)
from bot.presentation.rules_help import language

log = logging.getLogger(__name__)

PLATFORM = "discord"
DISCORD_API = "https://discord.com/api/v10"
DISCORD_GATEWAY = "wss://gateway.discord.gg/"

DEFER_AFTER = 1.5
"""Seconds to wait for the service before acknowledging an interaction (Discord allows 3)."""

SLOW_COMMANDS = frozenset({"gif"})
"""Commands whose answer is deferred at once: they usually take longer than Discord waits."""

AUTOCOMPLETE_LIMIT = 25

_TEXTS = {
    "en": {
        "error": "Something went wrong on my side. Please try again.",
        "done": "Done.",
        "move_title": "Your move",
        "move_label": "Move (for example 9-13 or 10x17x26)",
    },
    "fi": {
        "error": "Jokin meni vikaan päässäni. Yritä uudelleen.",
        "done": "Tehty.",
        "move_title": "Siirtosi",
        "move_label": "Siirto (esim. 9-13 tai 10x17x26)",
    },
}


def _text(locale: str | None, key: str) -> str:
    return _TEXTS[language(locale)][key]


def bot_token(config: DiscordConfig) -> str:
    """The bot token from the config or the `DISCORD_TOKEN` environment variable."""
    token = config.token or os.environ.get("DISCORD_TOKEN")
    if not token:
        raise ValueError("No Discord bot token: set DISCORD_TOKEN or [discord] token in the config file")
    return token.strip()


def use_endpoints(config: DiscordConfig) -> None:
    """Point discord.py at the configured REST base and gateway.

    discord.py keeps both in class attributes (process-wide), so they are set again on every start.
    """
    Route.BASE = config.api_base_url.rstrip("/") or DISCORD_API
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(config.gateway_url or DISCORD_GATEWAY)


def intents(config: DiscordConfig) -> discord.Intents:
    """Servers and channels, messages in servers and DMs, and message text when the config allows it."""
    wanted = discord.Intents.none()
    wanted.guilds = True
    wanted.guild_messages = True
    wanted.dm_messages = True
    wanted.message_content = config.message_content
    return wanted


def _person(user: discord.abc.User) -> Person:
    return Person(user_id=str(user.id), name=user.display_name)


def _resolved_person(data: JSON, user_id: str) -> Person:
    """A user option's person, named from the interaction's resolved data."""
    resolved = data.get("resolved") or {}
    user = (resolved.get("users") or {}).get(user_id) or {}
    member = (resolved.get("members") or {}).get(user_id) or {}
    name = member.get("nick") or user.get("global_name") or user.get("username") or user_id
    return Person(user_id=user_id, name=str(name))


def _text_inputs(components: list[JSON]) -> list[str]:
    """The values typed into a modal's text inputs, in order (rows and labels are looked into)."""
    values: list[str] = []
    for component in components:
        if "value" in component and component.get("type") == 4:
            values.append(str(component["value"]))
        for key in ("components", "component"):
            inner = component.get(key)
            if isinstance(inner, dict):
                values.extend(_text_inputs([inner]))
            elif isinstance(inner, list):
                values.extend(_text_inputs(inner))
    return values


def _kwargs(parts: MessageParts) -> dict[str, Any]:
    """Send arguments without the empty ones (discord.py treats None differently from missing)."""
    values = {"content": parts.content, "embed": parts.embed, "file": parts.file, "view": parts.view}
    return {key: value for key, value in values.items() if value is not None}


class DiscordAdapter:
    """Connects one service to Discord.

    The constructor registers the service's notice sender; `start()` logs in and connects in a
    background task; `close()` disconnects. `guild_ready_timeout` is discord.py's wait for servers
    before it reports ready (tests shorten it).
    """

    def __init__(self, service: Service, config: DiscordConfig, *,
                 guild_ready_timeout: float = 2.0) -> None:
        self.service = service
        self.config = config
        self.defer_after = DEFER_AFTER
        options: dict[str, Any] = {
            "intents": intents(config),
            "allowed_mentions": discord.AllowedMentions(everyone=False, roles=False, users=True,
                                                        replied_user=True),
            "guild_ready_timeout": guild_ready_timeout,
        }
        if config.application_id is not None:
            options["application_id"] = config.application_id
        self.client: discord.Client
        if config.shard_count is not None and config.shard_count > 1:
            self.client = discord.AutoShardedClient(shard_count=config.shard_count, **options)
        else:
            self.client = discord.Client(**options)
        self.client.event(self.on_message)
        self.client.event(self.on_interaction)
        self._connection: asyncio.Task[None] | None = None
        self._logged_in = asyncio.Event()
        # Registered now, so notices the service sends while starting (the bot's move in a game it
        # resumes) are not lost: they wait in send_notice until the client has logged in.
        service.add_sender(PLATFORM, self.send_notice)

    # --- life cycle -------------------------------------------------------------------------------

    async def start(self) -> None:
        """Log in, sync the slash commands if their definitions changed, and connect in the background.

        Notices can be sent from here on: the REST API needs no gateway connection.
        """
        use_endpoints(self.config)
        try:
            await self.client.login(bot_token(self.config))
            await sync_if_changed(self.client)
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

    @property
    def own_id(self) -> int | None:
        return self.client.user.id if self.client.user else None

    # --- the error boundary -----------------------------------------------------------------------

    async def _ask(self, event: Event) -> list[Reply]:
        """The service's replies to `event`; an unexpected failure becomes a private apology."""
        try:
            return await self.service.handle(event)
        except Exception:
            log.exception("The service failed on %r", event)
            return [Reply(text=_text(event.locale, "error"), private=True, kind="error")]

    # --- sending ----------------------------------------------------------------------------------

    async def send_notice(self, notice: Notice) -> None:
        """The service's sender: post a notice (the bot's move, an expiry...) to its channel."""
        if notice.platform != PLATFORM:
            return
        await self._logged_in.wait()
        channel = self.client.get_partial_messageable(int(notice.channel_id))
        await self._post(channel, notice.reply)

    async def _post(self, channel: discord.abc.Messageable, reply: Reply,
                    reference: discord.Message | None = None) -> None:
        """Post `reply` as a channel message (a private one answers the message that caused it, if that
        message still exists)."""
        for parts in message_parts(reply, self.own_id):
            kwargs = _kwargs(parts)
            if reference is not None:
                kwargs["reference"] = reference.to_reference(fail_if_not_exists=False)
                kwargs["mention_author"] = True
                reference = None
            try:
                await channel.send(**kwargs)
            except discord.Forbidden:
                if "file" not in kwargs:
                    raise
                # no permission to attach files here: the text still says what happened
                log.warning("no permission to attach the picture in %s; sending the text alone",
                            getattr(channel, "id", "?"))
                kwargs.pop("file")
                if "embed" in kwargs:
                    kwargs["embed"].set_image(url=None)
                await channel.send(**kwargs)

    def _elsewhere(self, reply: Reply, event: Event) -> discord.PartialMessageable | None:
        if reply.channel_id is None or reply.channel_id == event.channel_id:
            return None
        return self.client.get_partial_messageable(int(reply.channel_id))

    # --- plain messages ---------------------------------------------------------------------------

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
        text = re.sub(rf"<@!?{me.id}>", " ", message.content).strip()
        if not text:
            return
        event = Event(
            platform=PLATFORM,
            channel_id=str(message.channel.id),
            user=_person(message.author),
            text=text,
            mentions=tuple(_person(user) for user in message.mentions if user.id != me.id),
            addressed=private or mentioned or replied,
            is_private_chat=private,
        )
        for reply in await self._ask(event):
            target = self._elsewhere(reply, event)
            try:
                if target is not None:
                    await self._post(target, reply)
                else:
                    await self._post(message.channel, reply, reference=message if reply.private else None)
            except discord.HTTPException:  # one reply that cannot be posted must not drop the others
                log.exception("posting a reply in channel %s failed", message.channel.id)

    # --- interactions -----------------------------------------------------------------------------

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Slash commands, autocomplete, button presses and the move dialog."""
        data: JSON = dict(interaction.data or {})
        try:
            if interaction.type is discord.InteractionType.application_command:
                await self._command(interaction, data)
            elif interaction.type is discord.InteractionType.autocomplete:
                await self._autocomplete(interaction, data)
            elif interaction.type is discord.InteractionType.component:
                await self._component(interaction, data)
            elif interaction.type is discord.InteractionType.modal_submit:
                await self._modal_submit(interaction, data)
        except Exception:
            log.exception("Failed to answer a Discord interaction")
            if not interaction.response.is_done() and \
                    interaction.type is not discord.InteractionType.autocomplete:
                try:
                    await interaction.response.send_message(
                        _text(interaction.locale.value, "error"), ephemeral=True)
                except discord.HTTPException:
                    log.exception("Could not report the failure either")

    def _event(self, interaction: discord.Interaction, **fields: Any) -> Event:
        return Event(
            platform=PLATFORM,
            channel_id=str(interaction.channel_id),
            user=_person(interaction.user),
            locale=interaction.locale.value,
            addressed=True,
            is_private_chat=interaction.guild_id is None,
            **fields,
        )

    @staticmethod
    def _subcommand(data: JSON) -> tuple[Command, dict[str, JSON]] | None:
        """The `/tammi` subcommand called and its options by name, or None for someone else's command."""
        if data.get("name") != ROOT:
            return None
        for sub in data.get("options") or []:
            for spec in COMMANDS:
                if spec.name == sub.get("name"):
                    return spec, {option["name"]: option for option in sub.get("options") or []}
        return None

    async def _command(self, interaction: discord.Interaction, data: JSON) -> None:
        called = self._subcommand(data)
        if called is None:
            return
        spec, given = called
        args: list[str] = []
        mentions: list[Person] = []
        for option in spec.options:
            if option.name not in given:
                continue
            value = given[option.name].get("value")
            if option.kind == "user":
                mentions.append(_resolved_person(data, str(value)))
            elif value is not None and str(value).strip():
                args.append(str(value).strip())
        event = self._event(interaction, text=" ".join(args), command=spec.name, args=tuple(args),
                            mentions=tuple(mentions))
        await self._respond(interaction, event, slow=spec.name in SLOW_COMMANDS)

    async def _autocomplete(self, interaction: discord.Interaction, data: JSON) -> None:
        called = self._subcommand(data)
        if called is None:
            return
        spec, given = called
        focused = next((option for option in given.values() if option.get("focused")), None)
        if focused is None:
            return
        typed = str(focused.get("value") or "").strip().lower()
        kind = next((option.kind for option in spec.options if option.name == focused["name"]), None)
        pairs: list[tuple[str, str]] = []
        if kind == "move":
            moves = await self.service.suggest_moves(PLATFORM, str(interaction.channel_id),
                                                     str(interaction.user.id))
            pairs = [(move, move) for move in moves]
        elif kind == "topic":
            pairs = [(title, topic) for topic, title in self.service.rule_topics(interaction.locale.value)]
        matching = [pair for pair in pairs if typed in pair[0].lower() or typed in pair[1].lower()]
        choices = [discord.app_commands.Choice(name=shorten(name, 100), value=value[:100])
                   for name, value in matching[:AUTOCOMPLETE_LIMIT]]
        await interaction.response.autocomplete(choices)

    async def _component(self, interaction: discord.Interaction, data: JSON) -> None:
        custom_id = str(data.get("custom_id", ""))
        if not custom_id.startswith(BUTTON_PREFIX):
            await interaction.response.defer()  # not a button of ours (an older version's?): no error shown
            return
        button = custom_id[len(BUTTON_PREFIX):]
        if button.startswith(MOVE_BUTTON):
            await interaction.response.send_modal(move_dialog(button, interaction.locale.value))
            return
        await self._respond(interaction, self._event(interaction, button=button), slow=False)

    async def _modal_submit(self, interaction: discord.Interaction, data: JSON) -> None:
        custom_id = str(data.get("custom_id", ""))
        if not custom_id.startswith(MODAL_PREFIX):
            await interaction.response.defer()
            return
        values = _text_inputs(list(data.get("components") or []))
        move = values[0].strip() if values else ""
        event = self._event(interaction, text=move, command="move", args=(move,) if move else ())
        await self._respond(interaction, event, slow=False)

    async def _respond(self, interaction: discord.Interaction, event: Event, *, slow: bool) -> None:
        """Answer an interaction with the service's replies, deferring when they take a while."""
        task = asyncio.create_task(self._ask(event))
        thinking = False
        try:
            if not slow:
                await asyncio.wait({task}, timeout=self.defer_after)
            if not task.done():
                # Commands show "Tammi is thinking..."; buttons and the dialog acknowledge silently.
                thinking = interaction.type is discord.InteractionType.application_command
                try:
                    await interaction.response.defer(thinking=thinking)
                except discord.HTTPException:
                    # Too late (Discord allows 3 s): let the service finish what it started (a move
                    # may be committed), then post the public replies in the channel.
                    log.warning("interaction %s expired before it was acknowledged", interaction.id)
                    await self._post_in_channel(interaction, await task)
                    return
            replies = await task
        finally:
            if not task.done():
                task.cancel()
        for reply in replies:
            target = self._elsewhere(reply, event)
            if target is not None:
                await self._post(target, reply)
                continue
            for parts in message_parts(reply, self.own_id):
                await self._answer(interaction, _kwargs(parts), private=reply.private, thinking=thinking)
                thinking = False
        if thinking:
            await interaction.delete_original_response()
        elif not interaction.response.is_done():
            if interaction.type is discord.InteractionType.application_command:
                await interaction.response.send_message(_text(event.locale, "done"), ephemeral=True)
            else:
                await interaction.response.defer()


    async def _post_in_channel(self, interaction: discord.Interaction, replies: list[Reply]) -> None:
        """Post the public replies of an expired interaction as channel messages (private ones can
        only be shown through the interaction, so they are dropped)."""
        channel = interaction.channel
        for reply in replies:
            if reply.private or not isinstance(channel, discord.abc.Messageable):
                continue
            try:
                await self._post(channel, reply)
            except discord.HTTPException:
                log.exception("posting a reply in channel %s failed", interaction.channel_id)

    @staticmethod
    async def _answer(interaction: discord.Interaction, kwargs: dict[str, Any], *, private: bool,
                      thinking: bool) -> None:
        """Send one message in answer to an interaction: its response, or a followup after that.

        After a "thinking" deferral (`thinking`), a public answer replaces the thinking message, and a
        private one deletes it and follows up as ephemeral (the thinking message itself is public).
        """
        if not interaction.response.is_done():
            await interaction.response.send_message(ephemeral=private, **kwargs)
        elif thinking and not private:
            if "file" in kwargs:
                kwargs["attachments"] = [kwargs.pop("file")]
            await interaction.edit_original_response(**kwargs)
        else:
            if thinking:
                await interaction.delete_original_response()
            await interaction.followup.send(ephemeral=private, **kwargs)


def move_dialog(button: str, locale: str | None) -> discord.ui.Modal:
    """The dialog the Move button opens: one text field; its submission becomes a `move` command."""
    dialog = discord.ui.Modal(title=_text(locale, "move_title"), custom_id=MODAL_PREFIX + button)
    dialog.add_item(discord.ui.TextInput(label=_text(locale, "move_label"), custom_id="move",
                                         placeholder="9-13", min_length=2, max_length=60))
    dialog.stop()  # never kept in memory: the submission is handled in on_interaction
    return dialog


async def registered_commands(client: discord.Client) -> list[JSON]:
    """The global commands Discord has for this application, with their localisations."""
    route = Route("GET", "/applications/{application_id}/commands", application_id=client.application_id)
    data = await client.http.request(route, params={"with_localizations": "true"})
    return list(data or [])


async def sync_if_changed(client: discord.Client) -> bool:
    """Push the command definitions when Discord's differ from ours; True if they were pushed."""
    ours = command_definitions()
    if same_definitions(ours, await registered_commands(client)):
        return False
    assert client.application_id is not None
    await client.http.bulk_upsert_global_commands(client.application_id, ours)
    log.info("Synced the Discord slash commands")
    return True


async def sync_commands(config: DiscordConfig) -> int:
    """Push the `/tammi` command definitions to Discord; the number of subcommands registered."""
    use_endpoints(config)
    options: dict[str, Any] = {"intents": discord.Intents.none()}
    if config.application_id is not None:
        options["application_id"] = config.application_id
    client = discord.Client(**options)
    try:
        await client.login(bot_token(config))
        assert client.application_id is not None
        registered = await client.http.bulk_upsert_global_commands(
            client.application_id, command_definitions())
        return subcommand_count([dict(command) for command in registered])
    finally:
        await client.close()

