"""A small fake Telegram Bot API server for end-to-end tests of the Telegram adapter.

It speaks the real HTTP protocol on 127.0.0.1, so python-telegram-bot runs unchanged against it:
`getMe`, `getUpdates` (long polling that honours `offset` and `timeout`), `sendMessage`,
`sendPhoto`, `sendAnimation` and `sendDocument` (multipart uploads), `editMessageReplyMarkup` (the
message's buttons replaced; `keyboard` shows them now), `answerCallbackQuery`,
`setMyCommands`, `deleteWebhook`, `setWebhook` and a few more. Tests inject updates (`send_text`,
`press`, and posts on behalf of a chat: `post_as`, `forward_from_channel`), read every call the bot
made (`calls`, `wait_for`) and can make the next calls of a method fail with a 429 (`flood`), a 400
(`refuse`) or a 502 (`break_down`) until `mend`ed, and end long
polling with a 409 (`conflict`: another poller took over; also while a webhook is set, as Telegram
does). Like Telegram, it keeps ordinary group messages from a bot in privacy mode (`privacy`,
`withheld`), refuses to post in a group that became a supergroup (`migrate`), and refuses with 403 a
message to a user who has not started a private chat with the bot (one who wrote to it there has) or who
blocked it (`block`).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from bot.config import TelegramConfig
from bot.platforms.telegram import TelegramAdapter

JSON_FIELDS = frozenset({
    "reply_markup", "entities", "caption_entities", "commands", "reply_parameters", "allowed_updates",
    "scope", "link_preview_options",
})
NUMBER_FIELDS = frozenset({"chat_id", "user_id", "offset", "timeout", "limit", "message_id", "cache_time"})
BOOL_FIELDS = frozenset({"show_alert", "drop_pending_updates", "disable_notification"})


@dataclass
class Call:
    """One request the bot made: the method, its decoded parameters and any uploaded files."""

    method: str
    params: dict[str, Any]
    files: dict[str, tuple[str, bytes]] = field(default_factory=dict)  # field -> (filename, data)
    result: Any = None  # what the fake answered, e.g. the Message a sendMessage created
    answered: bool = False

    @property
    def chat_id(self) -> int | None:
        value = self.params.get("chat_id")
        return int(value) if value is not None else None

    @property
    def buttons(self) -> list[tuple[str, str]]:
        """(label, callback_data) of every inline button, row by row."""
        markup = self.params.get("reply_markup") or {}
        return [(b["text"], b["callback_data"]) for row in markup.get("inline_keyboard", []) for b in row]

    @property
    def words(self) -> str:
        """The text or caption sent."""
        return str(self.params.get("text") or self.params.get("caption") or "")


def utf16_len(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def user(user_id: int, first_name: str, username: str | None = None, language: str | None = None,
         ) -> dict[str, Any]:
    """A Telegram User object."""
    data: dict[str, Any] = {"id": user_id, "is_bot": False, "first_name": first_name}
    if username:
        data["username"] = username
    if language:
        data["language_code"] = language
    return data


def group(chat_id: int = -1001234, title: str = "Draughts club") -> dict[str, Any]:
    """A supergroup Chat object."""
    return {"id": chat_id, "type": "supergroup", "title": title}


def private(person: dict[str, Any]) -> dict[str, Any]:
    """The private Chat of a user with the bot."""
    return {"id": person["id"], "type": "private", "first_name": person["first_name"]}


def channel(chat_id: int = -1009876, title: str = "Draughts news") -> dict[str, Any]:
    """A channel Chat object."""
    return {"id": chat_id, "type": "channel", "title": title}


# The accounts Telegram shows as `from` of a message posted on behalf of a chat (`sender_chat`).
TELEGRAM = {"id": 777000, "is_bot": False, "first_name": "Telegram"}  # a linked channel's posts
GROUP_ANONYMOUS = {"id": 1087968824, "is_bot": True, "first_name": "Group", "username": "GroupAnonymousBot"}
CHANNEL_BOT = {"id": 136817688, "is_bot": True, "first_name": "Channel", "username": "Channel_Bot"}


class Conflicted(Exception):
    """getUpdates refused with 409 Conflict (the message is Telegram's description after "Conflict: ")."""


class Refused(Exception):
    """A request refused with 403 Forbidden (the message is Telegram's description after "Forbidden: ")."""


class FakeTelegram:
    """The fake server. `start()` it, point the bot at `base_url`, `close()` it at the end."""

    def __init__(self, token: str = "123456:FAKE-TOKEN", username: str = "tammi_bot",
                 bot_id: int = 424242, privacy: bool = False) -> None:
        self.token = token
        self.me = {
            "id": bot_id, "is_bot": True, "first_name": "Tammi", "username": username,
            "can_join_groups": True, "can_read_all_group_messages": not privacy,
            "supports_inline_queries": False,
        }
        self.privacy = privacy  # True: Telegram's default privacy mode for bots in groups
        self.withheld: list[dict[str, Any]] = []  # group messages privacy mode kept from the bot
        self.calls: list[Call] = []
        self.messages: dict[tuple[int, int], dict[str, Any]] = {}
        self.webhook: dict[str, Any] | None = None
        self.confirmed = 0  # highest update id the bot has confirmed through `offset`
        self._chats: dict[int, dict[str, Any]] = {}
        self._pending: list[dict[str, Any]] = []
        self._update_ids = itertools.count(1)
        self._message_ids: dict[int, itertools.count[int]] = {}
        self._query_ids = itertools.count(1)
        self._floods: dict[str, list[int]] = {}
        self._refusals: dict[str, list[str]] = {}
        self._bad_gateway: dict[str, int] = {}
        self._conflicts = 0  # getUpdates calls still to answer with 409 Conflict
        self._migrated: dict[int, int] = {}  # old group id -> its supergroup's id
        self.owners: dict[int, int] = {}  # chat id -> the user who created it (its administrator here)
        self._users: dict[int, dict[str, Any]] = {}
        self.blocked: set[int] = set()  # users who blocked the bot
        self._arrived = asyncio.Event()
        self._changed = asyncio.Condition()
        self._closing = False
        self._wakes = 0  # bumped to end long polls in progress
        self._runner: web.AppRunner | None = None
        self.port = 0

    @property
    def privacy(self) -> bool:
        return not self.me["can_read_all_group_messages"]

    @privacy.setter
    def privacy(self, on: bool) -> None:
        self.me["can_read_all_group_messages"] = not on

    # Server life

    async def start(self) -> None:
        app = web.Application()
        app.router.add_post("/bot{token}/{method}", self._serve)
        app.router.add_get("/bot{token}/{method}", self._serve)
        self._runner = web.AppRunner(app, shutdown_timeout=1, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert server is not None
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[attr-defined]

    async def close(self) -> None:
        self._closing = True
        self._arrived.set()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/bot"

    @property
    def base_file_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/file/bot"

    # What tests do

    def push(self, update: dict[str, Any]) -> int:
        """Queue an update (its `update_id` is assigned here) for the next getUpdates."""
        update_id = next(self._update_ids)
        self._pending.append({"update_id": update_id, **update})
        self._arrived.set()
        return update_id

    def send_text(self, chat: dict[str, Any], sender: dict[str, Any], text: str,
                  reply_to: dict[str, Any] | None = None,
                  entities: list[dict[str, Any]] | None = None, **extra: Any) -> dict[str, Any]:
        """A user writes `text` in `chat`; a leading `/command` and `@names` get their entities.
        `extra` adds Message fields (`message_thread_id=5, is_topic_message=True`)."""
        message = self._message(chat, sender, text=text, **extra)
        found = list(entities or [])
        if text.startswith("/"):
            first = text.split()[0]
            found.append({"type": "bot_command", "offset": 0, "length": utf16_len(first)})
        position = 0
        for word in text.split():
            start = text.index(word, position)
            position = start + len(word)
            if word.startswith("@") and len(word) > 1:
                found.append(
                    {"type": "mention", "offset": utf16_len(text[:start]), "length": utf16_len(word)})
        if found:
            message["entities"] = sorted(found, key=lambda e: e["offset"])
        if reply_to is not None:
            message["reply_to_message"] = reply_to
        if self._withheld(message):
            self.withheld.append(message)
        else:
            self.push({"message": message})
        return message

    def post_as(self, chat: dict[str, Any], sender_chat: dict[str, Any], text: str, **extra: Any,
                ) -> dict[str, Any]:
        """A message in `chat` posted on behalf of `sender_chat`, as Telegram shows it: the group itself
        for an anonymous administrator (from GroupAnonymousBot), another channel for a user posting as
        that channel (from Channel_Bot)."""
        stand_in = GROUP_ANONYMOUS if sender_chat["id"] == chat["id"] else CHANNEL_BOT
        return self.send_text(chat, stand_in, text, sender_chat=sender_chat, **extra)

    def forward_from_channel(self, chat: dict[str, Any], source: dict[str, Any], text: str,
                             origin: bool = True) -> dict[str, Any]:
        """A post of `source`, the channel linked to discussion group `chat`, forwarded there by
        Telegram itself (from "Telegram", 777000). `origin=False` leaves out `forward_origin`, as an
        older Bot API server does (it sent `forward_from_chat`)."""
        forwarded: dict[str, Any] = {"forward_origin": {"type": "channel", "date": 0, "chat": source,
                                                        "message_id": 1}} if origin else \
            {"forward_from_chat": source, "forward_date": 0}
        return self.send_text(chat, TELEGRAM, text, sender_chat=source, is_automatic_forward=True,
                              **forwarded)

    def _withheld(self, message: dict[str, Any]) -> bool:
        """Privacy mode: in groups the bot gets only commands, replies to it and mentions of it."""
        if not self.privacy or message["chat"]["type"] == "private":
            return False
        text = message.get("text", "")
        replied = message.get("reply_to_message") or {}
        return not (
            text.startswith("/")
            or (replied.get("from") or {}).get("id") == self.me["id"]
            or f"@{self.me['username']}".lower() in text.lower()
        )

    def press(self, sender: dict[str, Any], message: dict[str, Any], data: str) -> str:
        """A user presses the inline button `data` under the bot's `message`; returns the query id."""
        query_id = str(next(self._query_ids))
        query = {"id": query_id, "from": sender, "message": message, "chat_instance": "ci", "data": data}
        self.push({"callback_query": query})
        return query_id

    def flood(self, method: str, retry_after: int = 1, times: int = 1) -> None:
        """The next `times` calls of `method` fail with 429 Too Many Requests."""
        self._floods.setdefault(method, []).extend([retry_after] * times)

    def refuse(self, method: str, description: str = "PHOTO_INVALID_DIMENSIONS", times: int = 1) -> None:
        """The next `times` calls of `method` fail with 400 Bad Request."""
        self._refusals.setdefault(method, []).extend([description] * times)

    def break_down(self, method: str, times: int = 1) -> None:
        """The next `times` calls of `method` fail with 502 Bad Gateway (Telegram's servers in trouble)."""
        self._bad_gateway[method] = self._bad_gateway.get(method, 0) + times

    def mend(self, method: str) -> None:
        """Calls of `method` succeed again (no flood, refusal or bad gateway still to come)."""
        self._floods.pop(method, None)
        self._refusals.pop(method, None)
        self._bad_gateway.pop(method, None)

    def conflict(self, times: int = 1) -> None:
        """Another poller takes over: the long poll in progress and the next `times` - 1 getUpdates end
        with 409 Conflict, as Telegram answers the earlier of two pollers."""
        self._conflicts += times
        self._wakes += 1
        self._arrived.set()

    def migrate(self, old: dict[str, Any], new: dict[str, Any]) -> None:
        """Group `old` became supergroup `new`: posting to the old id fails with its new id."""
        self._chats[new["id"]] = new
        self._migrated[old["id"]] = new["id"]

    def block(self, person: dict[str, Any]) -> None:
        """The user blocks the bot: messages to them are refused (403)."""
        self.blocked.add(person["id"])

    def private_messages(self, person: dict[str, Any]) -> list[Call]:
        """The messages the bot sent to the user's private chat (refused ones too: see `Call.result`)."""
        return [call for call in self.calls
                if call.method.startswith("send") and call.chat_id == person["id"]]

    def revoke(self) -> None:
        """The bot's token is revoked: every request from now on gets 401 Unauthorized (and a long
        poll in progress ends now)."""
        self.token = "revoked"
        self._wakes += 1
        self._arrived.set()

    def mark(self) -> int:
        """A position in `calls`, to look only at what comes after it."""
        return len(self.calls)

    def since(self, mark: int, method: str | None = None) -> list[Call]:
        return [call for call in self.calls[mark:] if method is None or call.method == method]

    async def wait_for(self, method: str, after: int = 0, where: Callable[[Call], bool] | None = None,
                       count: int = 1, timeout: float = 5.0, answered: bool = True) -> Call:
        """Wait until `count` calls of `method` (matching `where`) came after `after` and, unless
        `answered` is False, were answered; the last one."""
        def found() -> list[Call]:
            return [c for c in self.since(after, method)
                    if (where is None or where(c)) and (c.answered or not answered)]

        async with self._changed:
            await asyncio.wait_for(self._changed.wait_for(lambda: len(found()) >= count), timeout)
        return found()[count - 1]

    # The API

    async def _serve(self, request: web.Request) -> web.Response:
        if request.match_info["token"] != self.token:
            return web.json_response({"ok": False, "error_code": 401, "description": "Unauthorized"},
                                     status=401)
        method = request.match_info["method"]
        params, files = await self._read(request)
        call = Call(method, params, files)
        async with self._changed:
            self.calls.append(call)
            self._changed.notify_all()
        response = await self._answer(call)
        async with self._changed:
            call.answered = True
            self._changed.notify_all()
        return response

    async def _answer(self, call: Call) -> web.Response:
        floods = self._floods.get(call.method)
        if floods:
            retry_after = floods.pop(0)
            call.result = {
                "ok": False, "error_code": 429,
                "description": f"Too Many Requests: retry after {retry_after}",
                "parameters": {"retry_after": retry_after}}
            return web.json_response(call.result, status=429)
        if self._bad_gateway.get(call.method):
            self._bad_gateway[call.method] -= 1
            call.result = {"ok": False, "error_code": 502, "description": "Bad Gateway"}
            return web.json_response(call.result, status=502)
        refusals = self._refusals.get(call.method)
        if refusals:
            call.result = {"ok": False, "error_code": 400, "description": f"Bad Request: {refusals.pop(0)}"}
            return web.json_response(call.result, status=400)
        moved = self._migrated.get(call.chat_id or 0) if call.method.startswith("send") else None
        if moved is not None:
            call.result = {"ok": False, "error_code": 400,
                           "description": "Bad Request: group chat was upgraded to a supergroup chat",
                           "parameters": {"migrate_to_chat_id": moved}}
            return web.json_response(call.result, status=400)
        handler = getattr(self, "_api_" + call.method, None)
        if handler is None:
            call.result = {"ok": False, "error_code": 404, "description": "Not Found"}
            return web.json_response(call.result, status=404)
        try:
            result = await handler(call.params, call.files)
        except Conflicted as error:
            call.result = {"ok": False, "error_code": 409, "description": f"Conflict: {error}"}
            return web.json_response(call.result, status=409)
        except Refused as error:
            call.result = {"ok": False, "error_code": 403, "description": f"Forbidden: {error}"}
            return web.json_response(call.result, status=403)
        except LookupError as error:
            call.result = {"ok": False, "error_code": 400, "description": f"Bad Request: {error}"}
            return web.json_response(call.result, status=400)
        call.result = result
        return web.json_response({"ok": True, "result": result})

    async def _read(self, request: web.Request) -> tuple[dict[str, Any], dict[str, tuple[str, bytes]]]:
        params: dict[str, Any] = {}
        files: dict[str, tuple[str, bytes]] = {}
        if request.content_type == "application/json":
            params = dict(await request.json())
            return params, files
        form = await request.post()
        for key, value in form.items():
            if isinstance(value, web.FileField):
                files[key] = (value.filename, value.file.read())
            elif key in JSON_FIELDS:
                params[key] = json.loads(str(value))
            elif key in NUMBER_FIELDS:
                params[key] = int(float(str(value))) if str(value).lstrip("-").replace(".", "").isdigit() \
                    else str(value)
            elif key in BOOL_FIELDS:
                params[key] = str(value) == "true"
            else:
                params[key] = str(value)
        return params, files

    async def _api_getMe(self, params: dict[str, Any], files: Any) -> dict[str, Any]:
        return self.me

    async def _api_getUpdates(self, params: dict[str, Any], files: Any) -> list[dict[str, Any]]:
        offset = int(params.get("offset") or 0)
        if offset:
            self.confirmed = max(self.confirmed, offset - 1)
            self._pending = [u for u in self._pending if u["update_id"] >= offset]
        if self.webhook is not None:
            raise Conflicted("can't use getUpdates method while webhook is active; use deleteWebhook to "
                             "delete the webhook first")
        deadline = time.monotonic() + float(params.get("timeout") or 0)
        wakes = self._wakes
        while not self._pending and not self._closing and wakes == self._wakes:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            self._arrived.clear()
            try:
                await asyncio.wait_for(self._arrived.wait(), left)
            except TimeoutError:
                break
        if self._conflicts:
            self._conflicts -= 1
            raise Conflicted("terminated by other getUpdates request; make sure that only one bot instance "
                             "is running")
        limit = int(params.get("limit") or 100)
        allowed = params.get("allowed_updates") or []
        return [u for u in self._pending if not allowed or any(kind in u for kind in allowed)][:limit]

    async def _api_getChatMember(self, params: dict[str, Any], files: Any) -> dict[str, Any]:
        chat_id, user_id = int(params["chat_id"]), int(params["user_id"])
        if chat_id not in self._chats:
            raise LookupError("chat not found")
        who = self._users.get(user_id) or {"id": user_id, "is_bot": False, "first_name": "?"}
        if self.owners.get(chat_id) == user_id:
            return {"status": "creator", "user": who, "is_anonymous": False}
        return {"status": "member", "user": who}

    async def _api_deleteWebhook(self, params: dict[str, Any], files: Any) -> bool:
        self.webhook = None
        if params.get("drop_pending_updates"):
            self._pending.clear()
        return True

    async def _api_setWebhook(self, params: dict[str, Any], files: Any) -> bool:
        self.webhook = params
        self._wakes += 1  # a long poll in progress ends with 409 Conflict
        self._arrived.set()
        return True

    async def _api_setMyCommands(self, params: dict[str, Any], files: Any) -> bool:
        return True

    async def _api_answerCallbackQuery(self, params: dict[str, Any], files: Any) -> bool:
        return True

    async def _api_sendMessage(self, params: dict[str, Any], files: Any) -> dict[str, Any]:
        message = self._bot_message(params, text=params["text"])
        if "entities" in params:
            message["entities"] = params["entities"]
        return message

    async def _api_sendPhoto(self, params: dict[str, Any], files: dict[str, tuple[str, bytes]],
                             ) -> dict[str, Any]:
        data = files["photo"][1] if "photo" in files else b""
        size = {"file_id": f"photo{len(self.calls)}", "file_unique_id": f"u{len(self.calls)}",
                "width": 480, "height": 480, "file_size": len(data)}
        return self._bot_message(params, photo=[size])

    async def _api_sendAnimation(self, params: dict[str, Any], files: dict[str, tuple[str, bytes]],
                                 ) -> dict[str, Any]:
        data = files["animation"][1] if "animation" in files else b""
        animation = {"file_id": f"anim{len(self.calls)}", "file_unique_id": f"u{len(self.calls)}",
                     "width": 480, "height": 480, "duration": 5, "file_size": len(data)}
        return self._bot_message(params, animation=animation)

    async def _api_sendDocument(self, params: dict[str, Any], files: dict[str, tuple[str, bytes]],
                                ) -> dict[str, Any]:
        name, data = files.get("document", ("", b""))
        document = {"file_id": f"doc{len(self.calls)}", "file_unique_id": f"u{len(self.calls)}",
                    "file_name": name, "file_size": len(data)}
        return self._bot_message(params, document=document)

    async def _api_editMessageReplyMarkup(self, params: dict[str, Any], files: Any) -> dict[str, Any] | bool:
        """The buttons of a message the bot sent, replaced (none: taken away); like Telegram, the same
        buttons again are refused ("message is not modified"), and so is a message of someone else's."""
        if params.get("inline_message_id"):
            raise LookupError("inline messages are not faked")
        key = (int(params["chat_id"]), int(params["message_id"]))
        message = self.messages.get(key)
        if message is None:
            raise LookupError("message to edit not found")
        if message["from"]["id"] != self.me["id"]:
            raise LookupError("message can't be edited")
        markup = params.get("reply_markup") or {}
        shown = (message.get("reply_markup") or {}).get("inline_keyboard") or []
        if (markup.get("inline_keyboard") or []) == shown:
            raise LookupError("message is not modified: specified new message content and reply markup are "
                              "exactly the same as a current content and reply markup of the message")
        message.pop("reply_markup", None)
        if markup.get("inline_keyboard"):
            message["reply_markup"] = markup
        message["edit_date"] = int(time.time())
        return message

    def keyboard(self, message: dict[str, Any]) -> list[list[tuple[str, str]]]:
        """The inline keyboard a message of the bot's shows now (after any edits): (label, callback_data)
        row by row."""
        stored = self.messages[(message["chat"]["id"], message["message_id"])]
        rows = (stored.get("reply_markup") or {}).get("inline_keyboard", [])
        return [[(button["text"], button["callback_data"]) for button in row] for row in rows]

    # Messages

    def _message(self, chat: dict[str, Any], sender: dict[str, Any], **content: Any) -> dict[str, Any]:
        self._chats[chat["id"]] = chat
        self._users[sender["id"]] = sender
        counter = self._message_ids.setdefault(chat["id"], itertools.count(1))
        message = {"message_id": next(counter), "date": int(time.time()), "chat": chat, "from": sender,
                   **content}
        self.messages[(chat["id"], message["message_id"])] = message
        return message

    def _bot_message(self, params: dict[str, Any], **content: Any) -> dict[str, Any]:
        chat_id = int(params["chat_id"])
        if chat_id in self.blocked:
            raise Refused("bot was blocked by the user")
        if chat_id in self._users and chat_id not in self._chats:  # never wrote to the bot privately
            raise Refused("bot can't initiate conversation with a user")
        if chat_id not in self._chats:
            raise LookupError("chat not found")
        if params.get("caption"):
            content["caption"] = params["caption"]
            if "caption_entities" in params:
                content["caption_entities"] = params["caption_entities"]
        if params.get("reply_markup"):
            content["reply_markup"] = params["reply_markup"]
        quoted = (params.get("reply_parameters") or {}).get("message_id")
        if quoted is not None and (chat_id, quoted) in self.messages:
            content["reply_to_message"] = self.messages[(chat_id, quoted)]
        return self._message(self._chats[chat_id], {k: v for k, v in self.me.items() if k in
                                                     ("id", "is_bot", "first_name", "username")}, **content)


StartAdapter = Callable[..., Awaitable[TelegramAdapter]]


def config_for(fake: FakeTelegram, **options: Any) -> TelegramConfig:
    return TelegramConfig(
        token=fake.token, base_url=fake.base_url, base_file_url=fake.base_file_url, **options
    )
