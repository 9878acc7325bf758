"""Replies out: each `Reply` as a Telegram message, a photo or animation with a caption (the order,
and the waits of Telegram's flood limit, are `outbox`'s)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from telegram import Bot, InlineKeyboardMarkup, InputFile, Message, MessageEntity, ReplyParameters
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


async def _retried(send: Callable[..., Awaitable[object]], *args: Any, **options: Any) -> object:
    """`send(*args, **options)`, tried again after each transient failure (see `RETRY_DELAYS`); what it
    returned.

    A timed-out upload may have reached the chat; trying again may then show it twice, which is
    better than losing the board of a move that was stored."""
    for delay in RETRY_DELAYS:
        try:
            return await send(*args, **options)
        except TelegramError as error:
            if not transient(error):
                raise
            log.warning("Telegram %s failed (%s); trying again in %.1f s", getattr(send, "__name__", "send"),
                        error, delay)
            await asyncio.sleep(delay)
    return await send(*args, **options)


@dataclass
class Progress:
    """How far one reply got: how many of its Telegram messages are posted (a reply sent again after a
    flood wait goes on from there, so nothing shows twice), whether its picture was refused (its
    text then goes alone), and the last message posted."""

    posted: int = 0
    text_only: bool = False
    message: Message | None = None


async def send(bot: Bot, reply: Reply, chat_id: int, quote: int | None = None,
               thread: int | None = None, progress: Progress | None = None) -> None:
    """Send one reply: a photo or animation with a caption, or text in pieces of at most 4096; the
    first message quotes `quote`. With `progress`, what it counts as posted is left out.

    When the text is too long for a caption, it follows the picture as messages with the buttons
    under the last; when Telegram refuses the picture, the text goes alone."""
    done = progress or Progress()
    markup = keyboard(reply)
    texts: list[str] = []
    first = 0  # the index among the reply's messages of texts[0]
    if reply.attachment is not None and not done.text_only:
        words, rest = caption(reply)
        if done.posted == 0:
            await _picture(bot, reply, chat_id, words, markup if rest is None else None,
                           _quoting(quote, 0), thread, done)
        if not done.text_only:
            texts, first = ([] if rest is None else split_text(rest)), 1
    elif (block := code_block(reply.text)) is not None and len(reply.text) > TEXT_LIMIT:
        # A long PDN: one document rather than a block cut across messages.
        if done.posted == 0:
            heading, code = block
            document = InputFile(code.encode(), filename=document_name(reply))
            _note(done, await _retried(bot.send_document, chat_id, document,
                                       caption=heading[:CAPTION_LIMIT] or None, reply_markup=markup,
                                       reply_parameters=_quoting(quote, 0), message_thread_id=thread))
            done.posted = 1
        return
    if done.text_only or reply.attachment is None:
        texts = split_text(reply.text)
    for index, piece in enumerate(texts, start=first):
        if index < done.posted:
            continue
        text, entities = formatted(piece, reply.mentions)
        options = {
            "reply_markup": markup if index == first + len(texts) - 1 else None,
            "reply_parameters": _quoting(quote, index),
            "message_thread_id": thread,
        }
        _note(done, await _with_entities(bot.send_message, "entities", entities, chat_id, text, **options))
        done.posted = index + 1


async def _picture(bot: Bot, reply: Reply, chat_id: int, words: str, markup: InlineKeyboardMarkup | None,
                   parameters: ReplyParameters | None, thread: int | None, done: Progress) -> None:
    """Post the reply's picture with the caption `words`; when Telegram refuses it (or keeps failing),
    note that the text goes alone."""
    assert reply.attachment is not None
    words, entities = formatted(words, reply.mentions)
    picture = InputFile(reply.attachment.data, filename=reply.attachment.filename)
    options: dict[str, Any] = {
        "caption": words or None,
        "reply_markup": markup,
        "reply_parameters": parameters,
        "message_thread_id": thread,
    }
    upload = bot.send_animation if reply.attachment.is_animation else bot.send_photo
    try:
        _note(done, await _with_entities(upload, "caption_entities", entities, chat_id, picture, **options))
    except ChatMigrated:
        raise
    except TelegramError as error:
        if not isinstance(error, BadRequest) and not transient(error):
            raise
        log.warning("Telegram did not take a picture for chat %s (%s); sending the text alone",
                    chat_id, error)
        done.text_only = True
    else:
        done.posted = 1


def _quoting(quote: int | None, index: int) -> ReplyParameters | None:
    """What the reply's message `index` quotes: the first one, the user's message (if any)."""
    return ReplyParameters(quote, allow_sending_without_reply=True) if quote and index == 0 else None


def _note(done: Progress, sent: object) -> None:
    """Keep the message just posted as the reply's last."""
    if isinstance(sent, Message):
        done.message = sent


async def _with_entities(send: Callable[..., Awaitable[object]], key: str, entities: list[MessageEntity],
                         *args: Any, **options: Any) -> object:
    """`send(*args, **options)` with the entities as argument `key`; when Telegram refuses them (a
    mention it would not accept), the same without entities. What it returned."""
    try:
        return await _retried(send, *args, **{key: entities or None}, **options)
    except BadRequest:
        if not entities:
            raise
        return await _retried(send, *args, **options)
