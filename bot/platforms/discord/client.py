"""The discord.py client Tammi runs on, and the one object its commands, buttons and dialogs call.

Slash commands, `DynamicItem` buttons and the move dialog are discord.py's own objects; each finds the
adapter that answers it through `handler_of(interaction)`, so they hold no reference of their own and
keep working for messages sent before a restart.
"""

from __future__ import annotations

import os
from typing import Any, Protocol

import discord
import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.chat.events import Person
from bot.config import DiscordConfig

DISCORD_API = "https://discord.com/api/v10"
DISCORD_GATEWAY = "wss://gateway.discord.gg/"


class Handler(Protocol):
    """What the slash commands, buttons and the move dialog ask of the adapter."""

    async def command(self, interaction: discord.Interaction[Any], name: str, args: tuple[str, ...],
                      mentions: tuple[Person, ...]) -> None:
        """Answer `/tammi <name>` with these option values."""
        ...

    async def press(self, interaction: discord.Interaction[Any], button: str) -> None:
        """Answer the press of the service button `button` (a `Button.id`)."""
        ...

    async def choose(self, interaction: discord.Interaction[Any], button: str, choice: str) -> None:
        """Answer a choice from a menu of moves: the press of `button` (`pik:<game>:<ply>` or
        `pcs:<game>:<ply>`) with the move or square chosen."""
        ...

    async def open_dialog(self, interaction: discord.Interaction[Any], button: str) -> None:
        """Open the move dialog for the service button `button` (`mov:<game>`)."""
        ...

    async def submit_move(self, interaction: discord.Interaction[Any], button: str, move: str) -> None:
        """Answer a move typed into the move dialog opened from the button `button` (`mov:<game>`)."""
        ...

    async def suggest_moves(self, interaction: discord.Interaction[Any]) -> list[str]:
        """The user's legal moves in the interaction's channel."""
        ...

    def rule_topics(self, interaction: discord.Interaction[Any]) -> list[tuple[str, str]]:
        """(topic id, title) of every rules topic, in the user's language."""
        ...


class TammiClient(discord.Client):
    """A `discord.Client` that knows its `Handler`."""

    def __init__(self, handler: Handler | None = None, **options: Any) -> None:
        super().__init__(**options)
        self.handler = handler


class ShardedTammiClient(TammiClient, discord.AutoShardedClient):
    """The same over several gateway connections (`[discord] shard_count`)."""


def gateway_up(client: discord.Client) -> bool:
    """Whether the client's gateway session is ready and every connection of it (each shard's) is open:
    false from a dropped connection until discord.py has connected again."""
    if client.is_closed() or not client.is_ready():
        return False
    if isinstance(client, discord.AutoShardedClient):
        shards = client.shards
        return bool(shards) and not any(shard.is_closed() for shard in shards.values())
    return client.ws is not None and client.ws.open


def handler_of(interaction: discord.Interaction[Any]) -> Handler:
    """The adapter that answers `interaction`."""
    client = interaction.client
    if not isinstance(client, TammiClient) or client.handler is None:
        raise LookupError("this interaction did not arrive through a running Tammi adapter")
    return client.handler


def make_client(config: DiscordConfig, handler: Handler | None, **options: Any) -> TammiClient:
    """The client for `config`: sharded when `shard_count` is above one (only the `shard_ids` shards
    when given)."""
    if config.application_id is not None:
        options["application_id"] = config.application_id
    if config.shard_ids is not None:  # a part of the shards: the others run in other processes
        options["shard_ids"] = sorted(set(config.shard_ids))
    if config.shard_count is not None and (config.shard_count > 1 or config.shard_ids is not None):
        return ShardedTammiClient(handler, shard_count=config.shard_count, **options)
    return TammiClient(handler, **options)


def bot_token(config: DiscordConfig) -> str:
    """The bot token from the config or the `DISCORD_TOKEN` environment variable."""
    token = config.token or os.environ.get("DISCORD_TOKEN")
    if not token:
        raise ValueError("No Discord bot token: set DISCORD_TOKEN or [discord] token in the config file")
    return token.strip()


def use_endpoints(config: DiscordConfig) -> None:
    """Point discord.py at the configured REST base and gateway (its documented base-URL switches).

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


def person(user: discord.abc.User) -> Person:
    """A Discord user as the service knows them: the id, the name shown, the unique user name (accounts
    still on the old name#1234 form have no unique name), and whether the account is a bot."""
    unique = str(user.discriminator) in ("0", "") and not user.bot
    return Person(user_id=str(user.id), name=user.display_name, handle=user.name.lower() if unique else None,
                  is_bot=bool(user.bot))
