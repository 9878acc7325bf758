"""Live boards on Telegram (`settings live on`): a board marked as its game's live board (`Reply.live`)
is edited into that message (`editMessageMedia`: the new picture with its caption, and the keyboard),
or posted anew when there is none or Telegram refuses the edit (the message was deleted, is too old to
edit, was not the bot's); the message the board is then is kept (`Live.kept`), and after a bump the one
it replaces is deleted.

A board whose text does not fit in a caption is posted as before (picture, then text) and kept only when
it went as one message; a board sent as text alone (Telegram refused the picture) is not kept either.
"""

from __future__ import annotations

import logging

from telegram import Bot, InputMediaAnimation, InputMediaPhoto, Message
from telegram.error import BadRequest, Forbidden, TelegramError

from bot.chat.events import Reply
from bot.platforms.telegram.formatting import TEXT_LIMIT, caption, formatted, keyboard
from bot.platforms.telegram.send import Progress, send
from bot.platforms.telegram.send import _retried as retried

log = logging.getLogger(__name__)


async def send_reply(bot: Bot, reply: Reply, chat_id: int, quote: int | None = None,
                     thread: int | None = None, progress: Progress | None = None) -> None:
    """Send one reply as `send.send` does; a live board edited into its message where it can be, and
    the message it is then kept as the game's live board."""
    live = reply.live
    done = progress or Progress()
    if live is None:
        await send(bot, reply, chat_id, quote, thread, done)
        return
    kept: str | None = None
    if live.edit is not None and done.posted == 0:
        kept = await edit(bot, reply, chat_id, live.edit, done)
    if kept is None and not live.anew:
        return  # an edit or nothing (a review's note)
    if kept is None:
        await send(bot, reply, chat_id, quote, thread, done)
        if done.posted == 1 and not done.text_only and done.message is not None:
            kept = str(done.message.message_id)
    if kept is None:
        return
    await live.kept(kept)
    if live.replaces is not None and live.replaces != kept:
        await _delete(bot, chat_id, live.replaces)


async def edit(bot: Bot, reply: Reply, chat_id: int, message_id: str, done: Progress) -> str | None:
    """Edit the board into message `message_id` (a text reply: the message's text); its id, or None
    when Telegram refused (then the board is to be posted anew). A flood wait or network trouble rises
    as from `send`."""
    words, rest = caption(reply) if reply.attachment is not None else (reply.text, None)
    if rest is not None or not message_id.isdecimal() or not words or len(words) > TEXT_LIMIT:
        return None
    text, entities = formatted(words, reply.mentions)
    where = {"chat_id": chat_id, "message_id": int(message_id), "reply_markup": keyboard(reply)}
    try:
        if reply.attachment is None:
            edited = await retried(bot.edit_message_text, text, entities=entities or None, **where)
        else:
            kind = InputMediaAnimation if reply.attachment.is_animation else InputMediaPhoto
            media = kind(reply.attachment.data, filename=reply.attachment.filename, caption=text or None,
                         caption_entities=entities or None)  # uploaded as an attachment of the request
            edited = await retried(bot.edit_message_media, media, **where)
    except BadRequest as error:
        if "not modified" in error.message.lower():  # the same board again: it is the live one
            done.posted = 1
            return message_id
        log.info("Could not edit live board %s in chat %s (%s); posting it anew", message_id, chat_id, error)
        return None
    except Forbidden as error:
        log.info("May not edit live board %s in chat %s (%s); posting it anew", message_id, chat_id, error)
        return None
    done.posted = 1
    if isinstance(edited, Message):
        done.message = edited
    return message_id


async def _delete(bot: Bot, chat_id: int, message_id: str) -> None:
    """Take away the live board a bump replaced (one already gone, or too old to delete, stays)."""
    if not message_id.isdecimal():
        return
    try:
        await bot.delete_message(chat_id, int(message_id))
    except TelegramError as error:
        log.info("Could not delete the old live board %s in chat %s: %s", message_id, chat_id, error)
