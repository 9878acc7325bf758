"""Replies out: each `Reply` as a Telegram message, a photo or animation with a caption, in order."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from telegram import Bot, InputFile, MessageEntity, ReplyParameters
from telegram.error import BadRequest, ChatMigrated, NetworkError, TelegramError

from bot.chat.events import Reply
from bot.platforms.base import code_block, document_name
from bot.platforms.telegram.formatting import (
    CAPTION_LIMIT,
    TEXT_LIMIT,
    caption,
    formatted,
    keyboard,
    split_text,
)

log = logging.getLogger(__name__)

RETRY_DELAYS = (1.0, 2.0, 4.0)
"""Seconds to wait before each new try of a send that failed for a passing reason (a 502 Bad Gateway,
a timeout, a dropped connection); after the last, the send fails."""


def transient(error: TelegramError) -> bool:
    """Whether a failed request may work if tried again: network trouble and 5xx answers, not a
    refusal of the request itself (400 Bad Request, 403 Forbidden, a moved chat).

    >>> from telegram.error import TimedOut
    >>> transient(TimedOut()), transient(NetworkError("Bad Gateway")), transient(BadRequest("no"))
    (True, True, False)
    """
    return isinstance(error, NetworkError) and not isinstance(error, BadRequest)


async def _retried(send: Callable[..., Awaitable[object]], *args: Any, **options: Any) -> None:
    """`send(*args, **options)`, tried again after each transient failure (see `RETRY_DELAYS`).

    A timed-out upload may have reached the chat; trying again may then show it twice, which is
    better than losing the board of a move that was stored."""
    for delay in (*RETRY_DELAYS, None):
        try:
            await send(*args, **options)
            return
        except TelegramError as error:
            if delay is None or not transient(error):
                raise
            log.warning("Telegram %s failed (%s); trying again in %.1f s", getattr(send, "__name__", "send"),
                        error, delay)
            await asyncio.sleep(delay)


Migrated = Callable[[int, int], Awaitable[None]]
"""Told (old chat id, new chat id) when a group turns out to have become a supergroup."""


async def deliver(bot: Bot, replies: Sequence[Reply], chat_id: int, quote: int | None = None,
                  thread: int | None = None, migrated: Migrated | None = None) -> None:
    """Send replies in order, in forum topic `thread` if given; a private reply quotes the message
    `quote` (the user's own). A reply that cannot be sent is logged and the next one still goes; a
    group that became a supergroup gets the reply under its new id (and `migrated` is told)."""
    for reply in replies:
        try:
            target = int(reply.channel_id) if reply.channel_id else chat_id
        except ValueError:
            log.error("A reply for %r, which is not a Telegram chat id, was dropped", reply.channel_id)
            continue
        here = target == chat_id
        try:
            try:
                await send(bot, reply, target, quote if reply.private and here else None,
                           thread if here else None)
            except ChatMigrated as moved:
                log.info("Chat %s is now supergroup %s; sending there", target, moved.new_chat_id)
                if migrated is not None:
                    await migrated(target, int(moved.new_chat_id))
                await send(bot, reply, int(moved.new_chat_id))
        except TelegramError:
            log.exception("Could not send a reply to chat %s", target)


async def send(bot: Bot, reply: Reply, chat_id: int, quote: int | None = None,
               thread: int | None = None) -> None:
    """Send one reply: a photo or animation with a caption, or text in pieces of at most 4096.

    When the text is too long for a caption, it follows the picture as messages with the buttons
    under the last; when Telegram refuses the picture, the text goes alone."""
    markup = keyboard(reply)
    parameters = ReplyParameters(quote, allow_sending_without_reply=True) if quote else None
    texts: list[str]
    if reply.attachment is not None:
        words, rest = caption(reply)
        words, entities = formatted(words, reply.mentions)
        picture = InputFile(reply.attachment.data, filename=reply.attachment.filename)
        options: dict[str, Any] = {
            "caption": words or None,
            "reply_markup": markup if rest is None else None,
            "reply_parameters": parameters,
            "message_thread_id": thread,
        }
        upload = bot.send_animation if reply.attachment.is_animation else bot.send_photo
        try:
            await _with_entities(upload, "caption_entities", entities, chat_id, picture, **options)
        except ChatMigrated:
            raise
        except TelegramError as error:
            if not isinstance(error, BadRequest) and not transient(error):
                raise
            log.warning("Telegram did not take a picture for chat %s (%s); sending the text alone",
                        chat_id, error)
            texts = split_text(reply.text)
        else:
            texts, parameters = ([] if rest is None else split_text(rest)), None
    elif (block := code_block(reply.text)) is not None and len(reply.text) > TEXT_LIMIT:
        # A long PDN: one document rather than a block cut across messages.
        heading, code = block
        document = InputFile(code.encode(), filename=document_name(reply))
        await _retried(bot.send_document, chat_id, document, caption=heading[:CAPTION_LIMIT] or None,
                       reply_markup=markup, reply_parameters=parameters, message_thread_id=thread)
        return
    else:
        texts = split_text(reply.text)
    for index, piece in enumerate(texts):
        last = index == len(texts) - 1
        text, entities = formatted(piece, reply.mentions)
        options = {
            "reply_markup": markup if last else None,
            "reply_parameters": parameters,
            "message_thread_id": thread,
        }
        await _with_entities(bot.send_message, "entities", entities, chat_id, text, **options)
        parameters = None


async def _with_entities(send: Callable[..., Awaitable[object]], key: str, entities: list[MessageEntity],
                         *args: Any, **options: Any) -> None:
    """`send(*args, **options)` with the entities as argument `key`; when Telegram refuses them (a
    mention it would not accept), the same without entities."""
    try:
        await _retried(send, *args, **{key: entities or None}, **options)
    except BadRequest:
        if not entities:
            raise
        await _retried(send, *args, **options)
