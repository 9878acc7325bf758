"""Answering a button press: the buttons of the message pressed replaced in place (the tap-to-move
picker, `editMessageReplyMarkup`), and the callback query answered with an alert or a short note."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Sequence

from telegram import CallbackQuery
from telegram.error import BadRequest, TelegramError

from bot.chat.events import Reply
from bot.platforms.telegram.formatting import alert_text, keyboard
from bot.presentation.messages import Kind

log = logging.getLogger(__name__)

IN_PLACE = frozenset({Kind.MOVE_KEYS, Kind.BOARD_KEYS})
"""Replies that are new buttons for the message pressed, not messages of their own."""


async def answer_press(query: CallbackQuery, replies: Sequence[Reply]) -> list[Reply]:
    """Put the new buttons on the message pressed, answer the press (an alert for a private refusal
    that fits in one, else the picker's prompt as a passing note) and return the replies still to post."""
    in_place = [reply for reply in replies if reply.kind in IN_PLACE]
    for reply in in_place:
        await edit_buttons(query, reply)
    alert, shown = alert_text(replies)
    note = next((reply.text for reply in in_place if reply.text), None)
    await answered(query.answer(alert, show_alert=True) if alert else query.answer(note))
    done = [*shown, *in_place]
    return [reply for reply in replies if all(reply is not other for other in done)]


async def edit_buttons(query: CallbackQuery, reply: Reply) -> None:
    """Replace the buttons of the message pressed with the reply's (none: take them away). One Telegram
    refuses is logged: unchanged buttons (a second tap of the same key) quietly."""
    message = query.message
    if message is None:
        return
    try:
        await query.get_bot().edit_message_reply_markup(chat_id=message.chat.id,
                                                        message_id=message.message_id,
                                                        reply_markup=keyboard(reply))
    except BadRequest as error:
        level = logging.DEBUG if "not modified" in error.message.lower() else logging.WARNING
        log.log(level, "Could not change the buttons of message %s in chat %s: %s", message.message_id,
                message.chat.id, error)
    except TelegramError as error:
        log.warning("Could not change the buttons of message %s in chat %s: %s", message.message_id,
                    message.chat.id, error)


async def answered(answering: Awaitable[bool]) -> None:
    """Await a callback query answer; one Telegram refuses (e.g. "query is too old") is logged."""
    try:
        await answering
    except TelegramError as error:
        log.warning("Could not answer a button press: %s", error)
