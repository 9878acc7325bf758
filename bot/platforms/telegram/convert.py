"""Telegram updates as the service's `Event`s: who wrote, to whom, and whom they named.

PTB's handlers decide which kind of update this is (a command of ours, other text, a button press);
the functions here read the rest: the chat, the author, mentions, and whether the bot was addressed.
"""

from __future__ import annotations

import logging
import re
from dataclasses import replace
from functools import partial

from telegram import Bot, CallbackQuery, Message, User
from telegram.constants import ChatMemberStatus, ChatType, MessageEntityType
from telegram.error import TelegramError
from telegram.ext import filters

from bot.chat.events import Event, Person

log = logging.getLogger(__name__)

PLATFORM = "telegram"
KNOWN_LIMIT = 50_000  # @usernames remembered in memory
USER_COMMANDS = frozenset({"challenge", "stats"})
"""Commands whose target user may be given by replying to that user's message."""
STAND_INS = frozenset({777000, 1087968824, 136817688})
"""The accounts Telegram shows as the author of a message posted on behalf of a chat: "Telegram" (a
linked channel's posts in its discussion group), GroupAnonymousBot (an anonymous administrator) and
Channel_Bot (a user posting as one of their channels)."""


def person(user: User) -> Person:
    """The neutral person for a Telegram user, with their @username (kept, so it names them later)."""
    return Person(user_id=str(user.id), name=user.full_name,
                  handle=user.username.lower() if user.username and not user.is_bot else None,
                  is_bot=bool(user.is_bot))


def for_a_chat(message: Message) -> bool:
    """Whether the message was posted on behalf of a chat (`sender_chat`: a channel, or the group itself
    for an anonymous administrator), which is no person."""
    user = message.from_user
    return message.sender_chat is not None or (user is not None and user.id in STAND_INS)


def author(message: Message | None) -> User | None:
    """The person who wrote a message; None when nobody did (it was posted on behalf of a chat)."""
    return None if message is None or for_a_chat(message) else message.from_user


class People:
    """The users seen in any update, by lowercased @username, so `@username` mentions can be resolved
    (Telegram gives no way to look a username up)."""

    def __init__(self, limit: int = KNOWN_LIMIT) -> None:
        self.limit = limit
        self._known: dict[str, Person] = {}

    def remember(self, *users: User | None) -> None:
        """Note these users (bots and users without a username are skipped)."""
        if len(self._known) > self.limit:
            self._known.clear()
        for user in users:
            if user is not None and user.username and not user.is_bot:
                self._known[user.username.lower()] = person(user)

    def find(self, username: str) -> Person | None:
        """The person with this @username (with or without the @), if seen."""
        return self._known.get(username.lstrip("@").lower())


def command_target(message: Message) -> str | None:
    """The bot a leading command names with a suffix (`/move@tammi_bot` -> "tammi_bot"), or None."""
    if not message.entities or not message.text:
        return None
    first = message.entities[0]
    if first.type != MessageEntityType.BOT_COMMAND or first.offset != 0:
        return None
    word = message.parse_entity(first)
    return word.partition("@")[2] or None


class ForAnotherBot(filters.MessageFilter):
    """Messages that start with a command addressed to another bot (`/move@other_bot`)."""

    __slots__ = ()

    def filter(self, message: Message) -> bool:
        target = command_target(message)
        return target is not None and target.lower() != (message.get_bot().username or "").lower()


def _remember_all(people: People, message: Message) -> None:
    people.remember(author(message), author(message.reply_to_message),
                    *(entity.user for entity in message.entities))


def _named(message: Message, bot: Bot, people: People) -> tuple[bool, list[Person], list[str]]:
    """Whether the message names the bot, the people it names, and the entity texts that named them.

    The people come from text mentions and from the `@username`s of users seen before; an unknown
    `@username` names nobody (and is not in the texts)."""
    bot_name = (bot.username or "").lower()
    addressed = False
    mentions: list[Person] = []
    spans: list[str] = []
    kinds: list[str | None] = [MessageEntityType.MENTION, MessageEntityType.TEXT_MENTION]
    parsed = message.parse_entities(kinds)
    for entity, part in sorted(parsed.items(), key=lambda item: item[0].offset):
        if entity.type == MessageEntityType.TEXT_MENTION and entity.user is not None:
            if entity.user.id == bot.id:
                addressed = True
            else:
                mentions.append(person(entity.user))
            spans.append(part)
        elif part.lstrip("@").lower() == bot_name:
            addressed = True
            spans.append(part)
        elif (found := people.find(part)) is not None:
            mentions.append(found)
            spans.append(part)
    return addressed, mentions, spans


def _base(message: Message, user: User, bot: Bot, addressed: bool) -> Event:
    chat = message.chat
    private = chat.type == ChatType.PRIVATE
    replied = author(message.reply_to_message)
    to_bot = replied is not None and replied.id == bot.id
    other = replied is not None and not replied.is_bot and replied.id != user.id
    event = Event(platform=PLATFORM, channel_id=str(chat.id), user=person(user), text=message.text or "",
                  locale=user.language_code, addressed=private or to_bot or addressed,
                  is_private_chat=private, replied_to=person(replied) if other and replied else None,
                  only_replied=to_bot and not (private or addressed),
                  may_manage=None if private else partial(administers, bot, chat.id, user.id),
                  reads_typed=private or bool(bot.can_read_all_group_messages))
    return _posted_by_chat(event, message) if for_a_chat(message) else event


def reads_typed(bot: Bot | None, chat: str) -> bool:
    """Typed messages reach the bot in `chat` (an id): a private chat (a user's positive id), or any
    chat when privacy mode is off."""
    if not chat.startswith("-"):
        return True
    return bot is not None and bool(bot.can_read_all_group_messages)


def _posted_by_chat(event: Event, message: Message) -> Event:
    """The event of a message posted on behalf of a chat: the chat stands for its author, who is no
    player, and may change the group's settings only as its anonymous administrator (Telegram lets only
    administrators post as the group; who posts as a channel is not known)."""
    chat = message.sender_chat or message.chat
    admin = message.sender_chat is not None and message.sender_chat.id == message.chat.id
    stand_in = Person(user_id=str(chat.id), name=chat.effective_name or "?", is_bot=True)
    return replace(event, user=stand_in, locale=None, on_behalf_of_chat=True,
                   may_manage=_administrator if admin else _not_known)


async def _administrator() -> bool:
    return True


async def _not_known() -> bool:
    return False


def text_event(message: Message, user: User, bot: Bot, people: People) -> Event:
    """The event for a text message that is not one of our commands: a move, chat, or a command
    written another way (`/haasta @bob`, `/haasta@tammi_bot`) that the service reads from the text.

    In plain text the bot's own `@name` is taken out; a leading command keeps its text whole."""
    _remember_all(people, message)
    named, mentions, _ = _named(message, bot, people)
    target = command_target(message)
    event = _base(message, user, bot, named or target is not None)
    text = event.text
    if target is None and bot.username:
        text = re.sub(rf"(?i)(?<!\w)@{re.escape(bot.username)}\b", "", text).strip()
    return replace(event, text=text, mentions=_unique(mentions))


def command_event(message: Message, user: User, bot: Bot, people: People, name: str) -> Event:
    """The event for our command `name`, whose handler PTB chose (`/move 9-13`, `/move@tammi_bot 9-13`).

    `args` are the words after the command without the mentions that were resolved and without the
    bot's own `@name`; an unresolved `@username` stays in. For `/challenge` and `/stats` without a
    mention, the author of the message replied to is the one named."""
    _remember_all(people, message)
    named, mentions, spans = _named(message, bot, people)
    event = _base(message, user, bot, named or command_target(message) is not None)
    words = event.text.split(None, 1)
    rest = words[1] if len(words) > 1 else ""
    for span in spans:
        rest = rest.replace(span, " ", 1)
    replied = author(message.reply_to_message)
    if name in USER_COMMANDS and not mentions and replied is not None and not replied.is_bot \
            and replied.id != user.id:
        mentions.append(person(replied))
    return replace(event, command=name, args=tuple(rest.split()), mentions=_unique(mentions))


def button_event(query: CallbackQuery, data: str) -> Event:
    """The event for a press of the button whose service id is `data` (the owner mark taken off)."""
    assert query.message is not None
    chat = query.message.chat
    private = chat.type == ChatType.PRIVATE
    return Event(platform=PLATFORM, channel_id=str(chat.id), user=person(query.from_user), button=data,
                 locale=query.from_user.language_code, addressed=True, is_private_chat=private,
                 edits_buttons=True,
                 may_manage=None if private else partial(administers, query.get_bot(), chat.id,
                                                         query.from_user.id),
                 reads_typed=private or bool(query.get_bot().can_read_all_group_messages))


async def administers(bot: Bot, chat_id: int, user_id: int) -> bool:
    """Whether the user is an owner or administrator of the group (asked of Telegram when needed: only
    a change of the chat's settings asks); if Telegram cannot say, they are not."""
    try:
        member = await bot.get_chat_member(chat_id, user_id)
    except TelegramError as error:
        log.warning("Could not ask Telegram who administers chat %s: %s", chat_id, error)
        return False
    return member.status in (ChatMemberStatus.OWNER, ChatMemberStatus.ADMINISTRATOR)


def _unique(people: list[Person]) -> tuple[Person, ...]:
    return tuple(dict.fromkeys(people))

