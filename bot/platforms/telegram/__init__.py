"""Tammi on Telegram, on python-telegram-bot: `adapter` runs the Application and its handlers,
`convert` reads updates as events, `send` posts replies, `outbox` keeps each chat's replies in order
through Telegram's flood waits, `formatting` shapes their text."""

from bot.platforms.telegram.adapter import TelegramAdapter

__all__ = ["TelegramAdapter"]
