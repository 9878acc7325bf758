"""Tammi on Discord: slash commands, buttons, typed moves and board pictures over the game service."""

from bot.platforms.discord.adapter import DiscordAdapter, sync_commands

__all__ = ["DiscordAdapter", "sync_commands"]
