"""Private messages on Telegram: a notice addressed to a person (`Notice.to_user`, a turn ping) goes to
their private chat with the bot, whose id is theirs. Telegram lets a bot write only to people who have
started a chat with it (and not blocked it): otherwise it answers 403 ("bot can't initiate conversation
with a user", "bot was blocked by the user"), which is `Unreachable`; so is a user it does not know.
Here too: what the outbox reports of each board it sent, with a t.me link to its message."""

from __future__ import annotations

import logging
from collections.abc import Callable

from telegram import Bot, Message
from telegram.error import BadRequest, Forbidden

from bot.chat.events import BoardPosted, Notice, Place, Reply, Service, Unreachable
from bot.platforms.posted import board_posted
from bot.platforms.telegram.send import send

log = logging.getLogger(__name__)

PLATFORM = "telegram"


async def send_direct(bot: Bot, notice: Notice) -> None:
    """Send the notice's reply to its person's private chat; `Unreachable` when Telegram will not."""
    assert notice.to_user is not None
    try:
        await send(bot, notice.reply, int(notice.to_user))
    except Forbidden as error:
        raise Unreachable(notice.to_user) from error
    except BadRequest as error:
        if "chat not found" not in error.message.lower():
            raise
        raise Unreachable(notice.to_user) from error


def posted(reply: Reply, message: Message, by: str | None) -> BoardPosted | None:
    """The report of a reply sent, when it is a board: where it is, a t.me link to its message where the
    chat has them (a supergroup or a channel), else the chat's name."""
    chat = message.chat
    place = Place(link=message.link, chat=chat.title or chat.effective_name)
    return board_posted(PLATFORM, str(chat.id), reply, place, by=by, private_chat=chat.type == chat.PRIVATE)


def reporter(service: Service) -> Callable[[Reply, Message, str | None], None]:
    """What the outbox tells of each reply sent: the boards, to the service (for the pings they give)."""
    def report(reply: Reply, message: Message, by: str | None) -> None:
        try:
            found = posted(reply, message, by)
            if found is not None:
                service.board_posted(found)
        except Exception:  # the reply is out: only its ping is missing
            log.exception("Could not report a board posted in chat %s", message.chat_id)
    return report
