"""Tammi on Telegram, on python-telegram-bot: `adapter` runs the Application and its handlers,
`convert` reads updates as events, `send` posts replies, `formatting` shapes their text."""

from bot.platforms.telegram.adapter import TelegramAdapter

__all__ = ["TelegramAdapter"]
