"""Tammi on Discord: slash commands, buttons, typed moves and board pictures over the game service."""

from bot.platforms.discord.adapter import DiscordAdapter, sync_commands
from bot.platforms.discord.definitions import command_definitions

__all__ = ["DiscordAdapter", "command_definitions", "sync_commands"]
