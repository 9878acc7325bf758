"""The Telegram adapter: Telegram updates in, service events out; service replies in, Telegram messages out.

It holds no game state. Commands (`/move 9-13`, `/move@tammibot 9-13`), plain messages and inline
button presses become `Event`s for the service; each `Reply` becomes a message, a board photo with a
caption, an animation or a callback alert. Button presses carry the service's `Button.id` as
`callback_data`, so buttons keep working after a restart.
"""

from __future__ import annotations

import asyncio
import logging
import re
import weakref
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from typing import Any
from urllib.parse import urlparse

from telegram import (
    BotCommand,
    CallbackQuery,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InputFile,
    Message,
    MessageEntity,
    ReplyParameters,
    Update,
    User,
)
from telegram.constants import CallbackQueryLimit, ChatType, MessageEntityType, MessageLimit, UpdateType
from telegram.error import BadRequest, TelegramError
from telegram.ext import (
    AIORateLimiter,
    Application,
    ApplicationBuilder,
    BaseRateLimiter,
    CallbackQueryHandler,
    ContextTypes,
    MessageHandler,
    filters,
)

from bot.chat.commands import COMMANDS
from bot.chat.events import Button, Event, Notice, Person, Reply, Service
from bot.config import TelegramConfig
from bot.presentation.rules_help import language

log = logging.getLogger(__name__)

PLATFORM = "telegram"
ALLOWED_UPDATES = (UpdateType.MESSAGE, UpdateType.CALLBACK_QUERY)
TEXT_LIMIT = int(MessageLimit.MAX_TEXT_LENGTH)  # 4096
CAPTION_LIMIT = int(MessageLimit.CAPTION_LENGTH)  # 1024
ALERT_LIMIT = int(CallbackQueryLimit.ANSWER_CALLBACK_QUERY_TEXT_LENGTH)  # 200
BUTTONS_PER_ROW = 3
NOTICE_WAIT = 60.0
KNOWN_LIMIT = 50_000  # @usernames remembered in memory
BOOTSTRAP_RETRIES = 3  # deleteWebhook / setWebhook at start-up, retried on network errors
COMMAND_NAMES = frozenset(spec.name for spec in COMMANDS)
# Telegram clients send /start when a user opens the bot; it is the natural place for help.
ALIASES = {"start": "help"}
# Commands whose target user may be given by replying to that user's message.
USER_COMMANDS = frozenset({"challenge", "stats"})
FAILURE = {
    "en": "Something went wrong on my side; please try again.",
    "fi": "Jokin meni vikaan minun päässäni; yritä uudelleen.",
}
NOT_YOURS = {
    "en": "This button is for someone else.",
    "fi": "Tämä painike on jollekulle toiselle.",
}
OWNER = "~"  # callback data "rsc:12~1001": only user 1001 may press it
CALLBACK_LIMIT = 64  # bytes of callback_data
_COMMAND = re.compile(r"^/([A-Za-z0-9_]{1,64})(?:@([A-Za-z0-9_]+))?(?=\s|$)")

AnyApplication = Application[Any, Any, Any, Any, Any, Any]


def person(user: User) -> Person:
    """The neutral person for a Telegram user."""
    return Person(user_id=str(user.id), name=user.full_name)


def utf16_len(text: str) -> int:
    """Length of `text` in UTF-16 code units, the unit of Telegram entity offsets.

    >>> utf16_len("a♛b"), utf16_len("🙂")
    (3, 2)
    """
    return len(text.encode("utf-16-le")) // 2


_CODE = re.compile(r"`([^`\n]+)`")


def formatted(text: str, people: Sequence[Person] = ()) -> tuple[str, list[MessageEntity]]:
    """Plain text and its entities: `code` spans lose their backticks and become code entities, and
    each person is pinged (a text mention) at the first free occurrence of their name.

    >>> plain, entities = formatted("Bob, type `accept`", [Person("7", "Bob")])
    >>> plain, [(str(e.type), e.offset, e.length) for e in entities]
    ('Bob, type accept', [('text_mention', 0, 3), ('code', 10, 6)])
    """
    pieces: list[str] = []
    taken: list[tuple[int, int]] = []  # character spans already covered by an entity
    entities: list[MessageEntity] = []
    at = 0
    length = 0
    for match in _CODE.finditer(text):
        pieces.append(text[at : match.start()])
        length += len(pieces[-1])
        taken.append((length, length + len(match.group(1))))
        pieces.append(match.group(1))
        length += len(match.group(1))
        at = match.end()
    pieces.append(text[at:])
    plain = "".join(pieces)
    for start, end in taken:
        entities.append(
            MessageEntity(MessageEntityType.CODE, utf16_len(plain[:start]), utf16_len(plain[start:end]))
        )
    for who in people:
        if not who.user_id.isdigit() or not who.name:
            continue
        start = plain.find(who.name)
        while start >= 0 and any(a < start + len(who.name) and start < b for a, b in taken):
            start = plain.find(who.name, start + 1)
        if start < 0:
            continue
        taken.append((start, start + len(who.name)))
        user = User(id=int(who.user_id), first_name=who.name, is_bot=False)
        entities.append(
            MessageEntity(
                MessageEntityType.TEXT_MENTION, utf16_len(plain[:start]), utf16_len(who.name), user=user
            )
        )
    return plain, sorted(entities, key=lambda entity: entity.offset)


def owned(reply: Reply, user_id: str) -> Reply:
    """A private reply whose buttons only `user_id` may press (it is shown to the whole chat).

    >>> owned(Reply("Resign game #1?", buttons=(Button("rsc:1", "Yes"),)), "1001").buttons[0].id
    'rsc:1~1001'
    """
    buttons: list[Button] = []
    for button in reply.buttons:
        data = f"{button.id}{OWNER}{user_id}"
        fits = len(data.encode()) <= CALLBACK_LIMIT
        buttons.append(replace(button, id=data) if fits else button)
    return replace(reply, buttons=tuple(buttons))


def keyboard(reply: Reply) -> InlineKeyboardMarkup | None:
    """The inline keyboard for a reply's buttons, `BUTTONS_PER_ROW` to a row; None without buttons."""
    if not reply.buttons:
        return None
    buttons = [InlineKeyboardButton(button.label, callback_data=button.id) for button in reply.buttons]
    rows = [buttons[i : i + BUTTONS_PER_ROW] for i in range(0, len(buttons), BUTTONS_PER_ROW)]
    return InlineKeyboardMarkup(rows)


def split_text(text: str, limit: int = TEXT_LIMIT) -> list[str]:
    """`text` cut into pieces of at most `limit` characters, at line breaks where possible.

    >>> split_text("aaa\\nbbb\\nccc", 7)
    ['aaa\\nbbb', 'ccc']
    """
    pieces: list[str] = []
    while len(text) > limit:
        cut = text.rfind("\n", 0, limit + 1)
        if cut <= 0:
            cut = limit
        pieces.append(text[:cut])
        text = text[cut:].lstrip("\n")
    if text:
        pieces.append(text)
    return pieces


def caption(reply: Reply) -> tuple[str, str | None]:
    """The caption for a reply's picture, and the full text to send after it when it does not fit.

    The caption is the reply's text; when that is longer than Telegram allows, it is the title and the
    fields (players, turn, last move, result), and the text follows as a message of its own.
    """
    if len(reply.text) <= CAPTION_LIMIT:
        return reply.text, None
    lines = [reply.title] if reply.title else []
    lines += [f"{name}: {value}" for name, value in reply.fields]
    summary = "\n".join(lines)
    if not summary or len(summary) > CAPTION_LIMIT:
        summary = reply.text[: CAPTION_LIMIT - 1] + "…"
    return summary, reply.text


def alert_text(replies: Sequence[Reply]) -> tuple[str, list[Reply]]:
    """The alert to answer a button press with, and the replies it shows: the private replies that are
    text only (no picture, no buttons), all of them when they fit in one alert, else the first that fits.

    >>> alert_text([Reply("Not your turn.", private=True), Reply("Board", buttons=())])[0]
    'Not your turn.'
    """
    plain = [r for r in replies if r.private and r.attachment is None and not r.buttons and r.text]
    joined = "\n\n".join(r.text for r in plain)
    if plain and len(joined) <= ALERT_LIMIT:
        return joined, plain
    for reply in plain:
        if len(reply.text) <= ALERT_LIMIT:
            return reply.text, [reply]
    return "", []


def addressed_to(who: Person, reply: Reply) -> Reply:
    """A private reply to a button press that must go to the whole chat, headed with (and pinging)
    the name of the user it is for.

    >>> addressed_to(Person("7", "Bob"), Reply("Resign game #1?", private=True)).text
    'Bob: Resign game #1?'
    """
    return replace(reply, text=f"{who.name}: {reply.text}", mentions=(who, *reply.mentions))


def menu(language: str) -> list[BotCommand]:
    """The command menu in `language` ("en" or "fi"), from `bot.chat.commands.COMMANDS`."""
    return [BotCommand(spec.name, spec.fi if language == "fi" else spec.en) for spec in COMMANDS]


class TelegramAdapter:
    """Runs one Telegram bot over the game service: long polling by default, a webhook when configured.

    `poll_timeout` is the long-polling timeout in seconds; `rate_limiter` replaces the default
    `AIORateLimiter` (Telegram's flood limits, retrying a 429 after its `retry_after`).
    """

    def __init__(
        self,
        service: Service,
        config: TelegramConfig,
        *,
        poll_timeout: float = 10.0,
        rate_limiter: BaseRateLimiter[Any] | None = None,
    ) -> None:
        if not config.token:
            raise ValueError("Telegram needs a bot token: set TELEGRAM_TOKEN or [telegram] token")
        self.service = service
        self.config = config
        self.poll_timeout = poll_timeout
        self._rate_limiter = rate_limiter
        self._app: AnyApplication | None = None
        self._known: dict[str, Person] = {}  # lowercased @username -> person seen in any update
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._ready = asyncio.Event()  # set once the bot can send
        # Registered now, so notices the service sends while the bot is starting wait for it.
        service.add_sender(PLATFORM, self.send_notice)

    @property
    def application(self) -> AnyApplication:
        """The running PTB Application (after `start`)."""
        if self._app is None:
            raise RuntimeError("the Telegram adapter is not started")
        return self._app

    async def start(self) -> None:
        """Connect, register the command menus, and start receiving updates; returns once running."""
        assert self.config.token is not None
        app: AnyApplication = (
            ApplicationBuilder()
            .token(self.config.token)
            .base_url(self.config.base_url)
            .base_file_url(self.config.base_file_url)
            .rate_limiter(self._rate_limiter or AIORateLimiter(max_retries=5))
            .concurrent_updates(True)
            .build()
        )
        app.add_handler(MessageHandler(filters.TEXT & filters.UpdateType.MESSAGE, self._on_message))
        app.add_handler(CallbackQueryHandler(self._on_button))
        app.add_error_handler(self._on_error)
        try:
            await app.initialize()  # getMe: fails here on a wrong token or an unreachable server
        except BaseException:
            await app.bot.shutdown()
            raise
        self._app = app
        try:
            await self._register_commands()
            if not app.bot.can_read_all_group_messages:
                log.info(
                    "Privacy mode is on for @%s: in groups, moves must be replies to the bot or /move; "
                    "turn it off with BotFather's /setprivacy to play by typing moves.",
                    app.bot.username,
                )
            self._ready.set()
            await app.start()
            assert app.updater is not None
            if self.config.webhook_url:
                await app.updater.start_webhook(
                    listen=self.config.listen,
                    port=self.config.port,
                    url_path=urlparse(self.config.webhook_url).path.lstrip("/"),
                    webhook_url=self.config.webhook_url,
                    secret_token=self.config.secret_token,
                    allowed_updates=list(ALLOWED_UPDATES),
                    bootstrap_retries=BOOTSTRAP_RETRIES,
                )
            else:
                await app.updater.start_polling(
                    timeout=int(self.poll_timeout),
                    allowed_updates=list(ALLOWED_UPDATES),
                    bootstrap_retries=BOOTSTRAP_RETRIES,
                )
        except BaseException:
            await self.close()
            raise
        log.info("Telegram bot @%s is running", app.bot.username)

    async def close(self) -> None:
        """Stop receiving updates, finish the update in hand and close the connections."""
        app, self._app = self._app, None
        self._ready.clear()
        if app is None:
            return
        if app.updater is not None and app.updater.running:
            await app.updater.stop()
        if app.running:
            await app.stop()
        await app.shutdown()

    async def _register_commands(self) -> None:
        bot = self.application.bot
        try:
            await bot.set_my_commands(menu("en"))
            await bot.set_my_commands(menu("fi"), language_code="fi")
        except TelegramError:
            log.exception("Could not register the command menu")

    # Updates in

    async def _on_message(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        message, user = update.message, update.effective_user
        if message is None or user is None or user.is_bot or message.text is None:
            return
        async with self._chat_lock(message.chat_id):
            await self._message(message, user)

    async def _message(self, message: Message, user: User) -> None:
        replied = message.reply_to_message
        self._remember(message.from_user, replied.from_user if replied is not None else None,
                       *(entity.user for entity in message.entities))
        event = self.message_event(message, user)
        if event is None:
            return
        replies = [owned(r, event.user.user_id) if r.private and r.buttons else r
                   for r in await self._handle(event)]
        thread = message.message_thread_id if message.is_topic_message else None
        await self.deliver(replies, message.chat_id, quote=message.message_id, thread=thread)

    async def _on_button(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query = update.callback_query
        if query is None:
            return
        if query.data is None or query.message is None:
            await self._answer(query.answer())
            return
        async with self._chat_lock(query.message.chat.id):
            await self._button(query)

    async def _button(self, query: CallbackQuery) -> None:
        assert query.message is not None and query.data is not None
        self._remember(query.from_user)
        presser = person(query.from_user)
        chat = query.message.chat
        data, owner_mark, owner = query.data.rpartition(OWNER)
        if not owner_mark:
            data = query.data
        elif owner != str(query.from_user.id):
            await self._answer(query.answer(NOT_YOURS[language(query.from_user.language_code)],
                                            show_alert=True))
            return
        event = Event(
            platform=PLATFORM,
            channel_id=str(chat.id),
            user=presser,
            button=data,
            locale=query.from_user.language_code,
            addressed=True,
            is_private_chat=chat.type == ChatType.PRIVATE,
        )
        replies = await self._handle(event)
        alert, shown = alert_text(replies)
        if alert:
            await self._answer(query.answer(alert, show_alert=True))
        else:
            await self._answer(query.answer())
        thread = None
        if isinstance(query.message, Message) and query.message.is_topic_message:
            thread = query.message.message_thread_id
        shown_ids = {id(r) for r in shown}
        rest = [owned(addressed_to(presser, r), presser.user_id) if r.private else r
                for r in replies if id(r) not in shown_ids]
        await self.deliver(rest, chat.id, thread=thread)

    def _chat_lock(self, chat_id: int) -> asyncio.Lock:
        """The lock that keeps one chat's updates in order while other chats go on (updates are
        handled concurrently; a handler takes its chat's lock before anything else)."""
        lock = self._locks.get(chat_id)
        if lock is None:
            lock = self._locks[chat_id] = asyncio.Lock()
        return lock

    async def _answer(self, answering: Any) -> None:
        try:
            await answering
        except TelegramError as error:  # e.g. "query is too old" after a long outage
            log.warning("Could not answer a button press: %s", error)

    async def _on_error(self, update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        log.error("Error while handling a Telegram update %r", update, exc_info=context.error)

    async def _handle(self, event: Event) -> list[Reply]:
        try:
            return await self.service.handle(event)
        except Exception:
            log.exception("The service failed on %r", event)
            return [Reply(text=FAILURE[language(event.locale)], private=True, kind="error")]

    def _remember(self, *users: User | None) -> None:
        """Note who has been seen, so `@username` mentions of them can be resolved later."""
        if len(self._known) > KNOWN_LIMIT:
            self._known.clear()
        for user in users:
            if user is not None and user.username and not user.is_bot:
                self._known[user.username.lower()] = person(user)

    def message_event(self, message: Message, user: User) -> Event | None:
        """The event for a text message, or None when it is a command for another bot (`/x@other`).

        A command from `COMMANDS` becomes a structured event; any other `/word` stays plain text for the
        service to read (Finnish aliases, or another bot's command it will ignore).

        Mentions come from text-mention entities, `@username`s of users seen before and, for
        `/challenge` and `/stats`, the author of the message replied to. Resolved mentions and the
        bot's own `@name` are taken out of `args`; unresolved `@username`s stay in.
        """
        text = message.text or ""
        chat = message.chat
        bot = self.application.bot
        bot_name = (bot.username or "").lower()
        private = chat.type == ChatType.PRIVATE
        replied = message.reply_to_message
        addressed = private or (
            replied is not None and replied.from_user is not None and replied.from_user.id == bot.id
        )
        mentions: list[Person] = []
        spans: list[str] = []  # entity texts to take out of the command's words
        for entity, part in sorted(message.parse_entities().items(), key=lambda item: item[0].offset):
            if entity.type == MessageEntityType.MENTION:
                name = part.lstrip("@").lower()
                if name == bot_name:
                    addressed = True
                    spans.append(part)
                elif name in self._known:
                    mentions.append(self._known[name])
                    spans.append(part)
            elif entity.type == MessageEntityType.TEXT_MENTION and entity.user is not None:
                if entity.user.id == bot.id:
                    addressed = True
                else:
                    mentions.append(person(entity.user))
                spans.append(part)
        common: dict[str, Any] = {
            "platform": PLATFORM,
            "channel_id": str(chat.id),
            "user": person(user),
            "locale": user.language_code,
            "is_private_chat": private,
        }
        match = _COMMAND.match(text)
        if match is None:
            if bot_name:
                text = re.sub(rf"(?i)(?<!\w)@{re.escape(bot_name)}\b", "", text).strip()
            return Event(text=text, mentions=_unique(mentions), addressed=addressed, **common)
        name, target = match.group(1).lower(), match.group(2)
        if target is not None:
            if target.lower() != bot_name:
                return None
            addressed = True
        name = ALIASES.get(name, name)
        if name not in COMMAND_NAMES:  # an alias (`/haasta`) or not ours: the service reads the text
            return Event(text=text, mentions=_unique(mentions), addressed=addressed, **common)
        rest = text[match.end() :]
        for span in spans:
            rest = rest.replace(span, " ", 1)
        if (
            name in USER_COMMANDS
            and not mentions
            and replied is not None
            and replied.from_user is not None
            and not replied.from_user.is_bot
            and replied.from_user.id != user.id
        ):
            mentions.append(person(replied.from_user))
        return Event(
            text=text,
            command=name,
            args=tuple(rest.split()),
            mentions=_unique(mentions),
            addressed=addressed,
            **common,
        )

    # Replies out

    async def send_notice(self, notice: Notice) -> None:
        """Post a notice the service sends on its own (registered with `Service.add_sender`); before
        the bot has started, wait for it (up to `NOTICE_WAIT` seconds, then the notice is dropped)."""
        try:
            await asyncio.wait_for(self._ready.wait(), NOTICE_WAIT)
        except TimeoutError:
            log.warning("Telegram is not running; a notice for chat %s was dropped", notice.channel_id)
            return
        target = notice.reply.channel_id or notice.channel_id
        try:
            chat_id = int(target)
        except ValueError:
            log.error("A notice for %r, which is not a Telegram chat id, was dropped", target)
            return
        await self.deliver([notice.reply], chat_id)

    async def deliver(
        self, replies: Sequence[Reply], chat_id: int, quote: int | None = None, thread: int | None = None
    ) -> None:
        """Send replies in order, in forum topic `thread` if given; a private reply quotes the message
        `quote` (the user's own)."""
        for reply in replies:
            try:
                target = int(reply.channel_id) if reply.channel_id else chat_id
                here = target == chat_id
                await self.send(reply, target, quote if reply.private and here else None,
                                thread if here else None)
            except (TelegramError, ValueError):
                log.exception("Could not send a reply to chat %s", reply.channel_id or chat_id)

    async def send(
        self, reply: Reply, chat_id: int, quote: int | None = None, thread: int | None = None
    ) -> None:
        """Send one reply: a photo or animation with a caption, or text in pieces of at most 4096."""
        bot = self.application.bot
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
            send = bot.send_animation if reply.attachment.is_animation else bot.send_photo
            try:
                await _with_entities(send, "caption_entities", entities, chat_id, picture, **options)
            except BadRequest:
                log.exception("Telegram refused a picture for chat %s; sending the text alone", chat_id)
                texts = split_text(reply.text)
            else:
                texts, parameters = ([] if rest is None else split_text(rest)), None
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
        await send(*args, **{key: entities or None}, **options)
    except BadRequest:
        if not entities:
            raise
        await send(*args, **options)


def _unique(people: list[Person]) -> tuple[Person, ...]:
    return tuple(dict.fromkeys(people))


__all__ = ["TelegramAdapter"]
