"""A small fake Discord for tests: the REST API and the gateway on 127.0.0.1, enough for discord.py.

The real discord.py client logs in against it, receives READY and one server (a text channel, a thread,
three members), and then the test injects messages and interactions as Discord would dispatch them.
Everything the bot sends (messages, interaction callbacks, followups, edits, command registrations)
is recorded, so tests can wait for it and look at it. Users press buttons, choose in select menus and
submit dialogs as component and modal interactions. The bot opens DM channels (POST /users/@me/channels)
and posts there; a user who takes no direct messages (`close_dms`) makes those posts fail with 50007.
"""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from aiohttp import BodyPartReader, WSMsgType, web

from bot.config import DiscordConfig
from tests.fakes.discord_data import (
    ALICE,
    ALL_PERMISSIONS,
    APP_ID,
    BOB,
    BOT,
    CAROL,
    CHANNEL_ID,
    COMMAND_CONTEXTS,
    COMMAND_INTEGRATION_TYPES,
    DM_CHANNEL_ID,
    EPHEMERAL,
    FRIENDS_DM_ID,
    GROUP_DM_ID,
    GUILD_ID,
    MEMBER_PERMISSIONS,
    MESSAGE_CONTENT,
    OTHER_CHANNEL_ID,
    PRIVATE_CHANNELS,
    THREAD_ID,
    Callback,
    Sent,
    User,
    command_data,
    guild_payload,
    message_payload,
    without_localizations,
)
from tests.fakes.discord_faults import ALREADY_ACKNOWLEDGED, MISSING_PERMISSIONS, Fault, rate_headers

CANNOT_MESSAGE = 50007  # "Cannot send messages to this user": their DMs are closed to the bot
MISSING_ACCESS = 50001  # the bot posted in a channel it is not in (a DM or group DM between people)
INVALID_WEBHOOK_TOKEN = 50027  # an interaction's token past its 15 minutes

__all__ = ["ALICE", "APP_ID", "BOB", "BOT", "CAROL", "CHANNEL_ID", "DM_CHANNEL_ID", "FRIENDS_DM_ID",
           "GROUP_DM_ID", "GUILD_ID",
           "MESSAGE_CONTENT", "OTHER_CHANNEL_ID", "THREAD_ID", "Callback", "FakeDiscord", "Fault", "Sent",
           "User"]

JSON = dict[str, Any]
T = TypeVar("T")


def _json(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    # discord.py decodes a body only when the content type is exactly "application/json".
    return web.Response(body=json.dumps(data).encode(), status=status,
                        headers={"Content-Type": "application/json", **(headers or {})})


def _kind(method: str, parts: list[str]) -> str | None:
    """What a request does, as `Fault` names it: "message", "callback", "followup", "edit" or None."""
    if method == "POST" and len(parts) == 3 and parts[0] == "channels" and parts[2] == "messages":
        return "message"
    if method == "POST" and len(parts) == 4 and parts[0] == "interactions" and parts[3] == "callback":
        return "callback"
    if parts[:1] == ["webhooks"] and len(parts) == 3 and method == "POST":
        return "followup"
    if parts[:1] == ["webhooks"] and parts[3:] == ["messages", "@original"] and method == "PATCH":
        return "edit"
    return None


@dataclass
class Connection:
    ws: web.WebSocketResponse
    query: dict[str, str]
    identify: JSON | None = None
    sequence: itertools.count[int] = field(default_factory=lambda: itertools.count(1))


class FakeDiscord:
    """Start with `await fake.start()`; point the bot at `fake.api_base_url` and `fake.gateway_url`."""

    def __init__(self) -> None:
        self.app = web.Application()
        self.app.router.add_route("*", "/gateway", self._gateway)
        self.app.router.add_route("*", "/api/v10/{tail:.*}", self._rest)
        self.runner: web.AppRunner | None = None
        self.port = 0
        self.ids = itertools.count(800000000000000001)
        self.requests: list[tuple[str, str]] = []
        self.unknown: list[tuple[str, str]] = []
        self.commands: list[JSON] = []
        self.command_puts = 0
        self.sent: list[Sent] = []
        self.no_attach_channels: set[str] = set()  # channels where the bot may not attach files
        self.dm_channels: dict[int, str] = {}  # user id -> the DM channel the bot opened with them
        self.closed_dms: set[int] = set()  # users who take no direct messages from the bot
        self.interactions_expire = False  # answer every callback "Unknown interaction" (3 s passed)
        self.expired_tokens: set[str] = set()  # interaction tokens past their 15 minutes (`expire_tokens`)
        self.deleted: list[str] = []
        self.callbacks: list[Callback] = []
        self.connections: list[Connection] = []
        self.originals: dict[str, Sent] = {}  # interaction token -> the original response
        self.interactions: dict[str, str] = {}  # token -> interaction id
        self.interaction_channels: dict[str, str] = {}  # interaction id -> channel id
        self.acknowledged: set[str] = set()  # interaction ids with a response (a second one is refused)
        self.faults: list[Fault] = []  # armed with `fault`
        self.faulted: list[tuple[str, int]] = []  # (kind, status) of each fault answered
        self.shown: list[Sent | None] = []  # every message as the channels show them (None: deleted)
        self._slots: dict[str, int] = {}  # interaction token -> index of its original response in shown
        self._nonces: dict[tuple[str, str], Sent] = {}  # (channel, nonce) -> the message it made
        self._changed = asyncio.Condition()
        self.refuse_message_content = False  # as Discord does when the portal switch is off
        self.token = "fake-token"  # the bot token Discord accepts
        self.gateway_open = asyncio.Event()  # cleared: new gateway connections get no HELLO (`drop`)
        self.gateway_open.set()

    # --- running ------------------------------------------------------------------------------

    async def start(self) -> None:
        self.runner = web.AppRunner(self.app, handle_signals=False)
        await self.runner.setup()
        await web.TCPSite(self.runner, "127.0.0.1", 0).start()
        self.port = self.runner.addresses[0][1]

    async def close(self) -> None:
        self.gateway_open.set()  # let held connections end
        for connection in self.connections:
            if not connection.ws.closed:
                await connection.ws.close()
        if self.runner is not None:
            await self.runner.cleanup()

    def settings(self, **changes: Any) -> DiscordConfig:
        """The bot's `[discord]` settings, pointing at this fake."""
        values: dict[str, Any] = {"token": self.token, "api_base_url": self.api_base_url,
                                  "gateway_url": self.gateway_url}
        return DiscordConfig(**(values | changes))

    @property
    def api_base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    async def _notify(self) -> None:
        async with self._changed:
            self._changed.notify_all()

    async def until(self, probe: Callable[[], T | None], timeout: float = 5.0) -> T:
        """Wait until `probe()` returns something other than None (or False) and return it."""
        async def wait() -> T:
            async with self._changed:
                while True:
                    result = probe()
                    if result is not None and result is not False:
                        return result
                    await self._changed.wait()
        return await asyncio.wait_for(wait(), timeout)

    # --- the gateway --------------------------------------------------------------------------

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        connection = Connection(ws, dict(request.query))
        self.connections.append(connection)
        await self.gateway_open.wait()
        await ws.send_json({"op": 10, "d": {"heartbeat_interval": 45000}, "s": None, "t": None})
        async for message in ws:
            if message.type is not WSMsgType.TEXT:
                break
            payload = json.loads(message.data)
            if payload["op"] == 1:  # heartbeat
                await ws.send_json({"op": 11, "d": None, "s": None, "t": None})
            elif payload["op"] == 2:  # identify
                connection.identify = payload["d"]
                if self.refuse_message_content and payload["d"].get("intents", 0) & MESSAGE_CONTENT:
                    await ws.close(code=4014, message=b"Disallowed intent(s).")
                    break
                await self._ready(connection)
            elif payload["op"] == 6:  # resume: this fake cannot, so it asks for a fresh session
                await ws.send_json({"op": 9, "d": False, "s": None, "t": None})
            await self._notify()
        await self._notify()
        return ws

    async def _send_dispatch(self, connection: Connection, name: str, data: JSON) -> None:
        await connection.ws.send_json({"op": 0, "t": name, "s": next(connection.sequence), "d": data})

    async def _ready(self, connection: Connection) -> None:
        assert connection.identify is not None
        shard = connection.identify.get("shard") or [0, 1]
        ready: JSON = {
            "v": 10, "user": BOT.payload(), "guilds": [], "session_id": f"session-{len(self.connections)}",
            "resume_gateway_url": self.gateway_url, "application": {"id": str(APP_ID), "flags": 0},
            "private_channels": [], "relationships": [], "shard": shard,
        }
        mine = (GUILD_ID >> 22) % shard[1] == shard[0]  # Discord's rule for a server's shard
        if mine:
            ready["guilds"] = [{"id": str(GUILD_ID), "unavailable": True}]
        await self._send_dispatch(connection, "READY", ready)
        if mine:
            await self._send_dispatch(connection, "GUILD_CREATE", guild_payload())

    def connection(self, guild: bool = True) -> Connection:
        """The newest live connection of the shard that gets the server's events (shard 0 for DMs)."""
        for connection in reversed(self.connections):
            if connection.identify is None or connection.ws.closed:
                continue
            shard, count = connection.identify.get("shard") or [0, 1]
            if shard == ((GUILD_ID >> 22) % count if guild else 0):
                return connection
        raise LookupError("no shard is connected for that event")

    async def wait_identified(self, count: int = 1) -> list[Connection]:
        """Wait until `count` live connections have identified (READY and the server were sent)."""
        def live() -> list[Connection] | None:
            ready = [c for c in self.connections if c.identify is not None and not c.ws.closed]
            return ready if len(ready) >= count else None
        return await self.until(live)

    async def drop(self) -> None:
        """The gateway goes away: every live connection is closed (4000, as after a network fault; the
        client may resume) and new ones hang without HELLO until `restore`."""
        self.gateway_open.clear()
        for connection in self.connections:
            if not connection.ws.closed:
                await connection.ws.close(code=4000, message=b"Unknown error")
        await self._notify()

    def restore(self) -> None:
        """The gateway is back: connections waiting and new ones get HELLO."""
        self.gateway_open.set()

    async def dispatch(self, name: str, data: JSON) -> None:
        """Send a gateway event to the bot, on the shard Discord would use."""
        await self._send_dispatch(self.connection(guild="guild_id" in data), name, data)

    # --- what users do ------------------------------------------------------------------------

    async def type_message(self, user: User, content: str, channel_id: int = CHANNEL_ID,
                           mentions: tuple[User, ...] = (), reply_to: Sent | None = None) -> str:
        """The user posts `content`; returns the message id."""
        message_id = str(next(self.ids))
        data = message_payload(message_id, user, content, channel_id, mentions, reply_to)
        connection = self.connection(guild=channel_id != DM_CHANNEL_ID)
        intents = int((connection.identify or {}).get("intents", 0))
        if channel_id != DM_CHANNEL_ID and not intents & MESSAGE_CONTENT and BOT not in mentions:
            data["content"] = ""  # what Discord sends a bot without the Message Content intent
        await self._send_dispatch(connection, "MESSAGE_CREATE", data)
        return message_id

    async def _interact(self, user: User, kind: int, data: JSON, channel_id: int, locale: str,
                        message: Sent | None = None) -> str:
        interaction_id = str(next(self.ids))
        token = f"token-{interaction_id}"
        self.interactions[token] = interaction_id
        self.interaction_channels[interaction_id] = str(channel_id)
        channel: JSON = {"id": str(channel_id), "type": 1 if channel_id == DM_CHANNEL_ID else 0}
        if channel_id in PRIVATE_CHANNELS:  # the user installed the app to their account: it acts for them
            channel = private_channel(channel_id)
            payload: JSON = {
                "id": interaction_id, "application_id": str(APP_ID), "type": kind, "data": data,
                "channel_id": str(channel_id), "channel": channel, "token": token, "version": 1,
                "locale": locale, "app_permissions": "0", "entitlements": [], "user": user.payload(),
                "context": 2, "authorizing_integration_owners": {"1": str(user.id)},
                "attachment_size_limit": 10 * 1024 * 1024,
            }
            if message is not None:
                payload["message"] = message.payload()
            await self.dispatch("INTERACTION_CREATE", payload)
            return interaction_id
        payload = {
            "id": interaction_id, "application_id": str(APP_ID), "type": kind, "data": data,
            "channel_id": str(channel_id), "channel": channel, "token": token, "version": 1,
            "locale": locale, "app_permissions": ALL_PERMISSIONS, "entitlements": [],
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        if channel_id == DM_CHANNEL_ID:
            payload.update(user=user.payload(), context=1, authorizing_integration_owners={"0": "0"})
        else:
            member = user.member()
            # Alice owns the server (she may manage everything); the others are ordinary members.
            member["permissions"] = ALL_PERMISSIONS if user == ALICE else MEMBER_PERMISSIONS
            channel.update(guild_id=str(GUILD_ID), name="general")
            payload.update(guild_id=str(GUILD_ID), member=member, guild_locale="en-US", context=0,
                           authorizing_integration_owners={"0": str(GUILD_ID)})
        if message is not None:
            payload["message"] = message.payload()
        await self.dispatch("INTERACTION_CREATE", payload)
        return interaction_id

    async def slash(self, user: User, subcommand: str, channel_id: int = CHANNEL_ID, locale: str = "en-US",
                    **options: str | int | User) -> str:
        """The user runs `/tammi <subcommand> option:value...`; returns the interaction id."""
        return await self._interact(user, 2, command_data(subcommand, options), channel_id, locale)

    async def autocomplete(self, user: User, subcommand: str, focused: str, channel_id: int = CHANNEL_ID,
                           locale: str = "en-US", **options: str | int | User) -> list[JSON]:
        """The user types into an autocompleted option; returns the choices the bot offered."""
        data = command_data(subcommand, options, focused=focused)
        interaction_id = await self._interact(user, 4, data, channel_id, locale)
        callback = await self.until(lambda: self.callback(interaction_id))
        assert callback.type == 8, callback
        return list(callback.data["choices"])

    async def press(self, user: User, message: Sent, custom_id: str, locale: str = "en-US") -> str:
        """The user presses the button `custom_id` under `message`; returns the interaction id."""
        assert custom_id in message.buttons, (custom_id, message.buttons)
        data = {"custom_id": custom_id, "component_type": 2}
        return await self._interact(user, 3, data, int(message.channel_id), locale, message=message)

    async def choose(self, user: User, message: Sent, custom_id: str, value: str,
                     locale: str = "en-US") -> str:
        """The user chooses `value` in the select menu `custom_id` under `message`; returns the
        interaction id."""
        assert value in message.menus.get(custom_id, []), (custom_id, value, message.menus)
        data = {"custom_id": custom_id, "component_type": 3, "values": [value]}
        return await self._interact(user, 3, data, int(message.channel_id), locale, message=message)

    async def submit_modal(self, user: User, custom_id: str, values: dict[str, str], message: Sent,
                           locale: str = "en-US") -> str:
        """The user fills in and submits the dialog `custom_id` (opened from a button on `message`)."""
        rows = [{"type": 1, "components": [{"type": 4, "custom_id": key, "value": value}]}
                for key, value in values.items()]
        data = {"custom_id": custom_id, "components": rows}
        return await self._interact(user, 5, data, int(message.channel_id), locale, message=message)

    def fault(self, kind: str, status: int, *, times: int = 1, retry_after: float = 0.0,
              accepted: bool = False, code: int = 0) -> None:
        """Inject a fault into the next `times` requests of `kind` (see `Fault`)."""
        self.faults.append(Fault(kind, status, times, retry_after, accepted, code))

    # --- looking at what the bot did ----------------------------------------------------------

    def channel_view(self, channel_id: int) -> list[Sent]:
        """The channel as people see it, oldest first: messages and interaction answers where they were
        created (a "thinking..." placeholder, `via="thinking"`, where it was deferred; an edit in the
        place of what it edits), without ephemeral and deleted ones."""
        return [s for s in self.shown
                if s is not None and s.channel_id == str(channel_id) and not s.ephemeral]

    def expire_tokens(self) -> None:
        """Every interaction so far is past Discord's 15 minutes: its followups and edits are refused."""
        self.expired_tokens.update(self.interactions)

    def close_dms(self, user: User, closed: bool = True) -> None:
        """The user takes no direct messages from the bot (`closed` False: takes them again)."""
        if closed:
            self.closed_dms.add(user.id)
        else:
            self.closed_dms.discard(user.id)

    def dms(self, user: User) -> list[Sent]:
        """The messages the bot sent to the user's DMs."""
        channel = self.dm_channels.get(user.id)
        return [] if channel is None else [s for s in self.sent if s.channel_id == channel]

    def callback(self, interaction_id: str) -> Callback | None:
        return next((c for c in self.callbacks if c.interaction_id == interaction_id), None)

    def answers(self, interaction_id: str) -> list[Sent]:
        """Messages made for an interaction: the response, followups and edits of the response."""
        return [s for s in self.sent if s.interaction_id == interaction_id]

    async def wait_answers(self, interaction_id: str, count: int = 1) -> list[Sent]:
        return await self.until(lambda: a if len(a := self.answers(interaction_id)) >= count else None)

    def in_channel(self, channel_id: int) -> list[Sent]:
        return [s for s in self.sent if s.channel_id == str(channel_id) and s.interaction_id is None]

    async def wait_in_channel(self, channel_id: int, count: int) -> list[Sent]:
        """Wait until the bot posted `count` plain messages (not interaction answers) in the channel."""
        return await self.until(lambda: m if len(m := self.in_channel(channel_id)) >= count else None)

    # --- the REST API -------------------------------------------------------------------------

    async def _body(self, request: web.Request) -> tuple[Any, list[tuple[str, bytes]]]:
        if not request.body_exists:
            return {}, []
        if request.content_type.startswith("multipart/"):
            payload: Any = {}
            files: list[tuple[str, bytes]] = []
            reader = await request.multipart()
            async for part in reader:
                assert isinstance(part, BodyPartReader)
                data = await part.read()
                if part.name == "payload_json":
                    payload = json.loads(data)
                else:
                    files.append((part.filename or "", bytes(data)))
            return payload, files
        return await request.json(), []

    def _message(self, payload: JSON, files: list[tuple[str, bytes]], channel_id: str, via: str,
                 interaction_id: str | None = None) -> Sent:
        reference = payload.get("message_reference") or {}
        sent = Sent(
            id=str(next(self.ids)), channel_id=channel_id, via=via, content=payload.get("content"),
            embeds=list(payload.get("embeds") or []), components=list(payload.get("components") or []),
            files=files, ephemeral=bool(int(payload.get("flags") or 0) & EPHEMERAL),
            interaction_id=interaction_id,
            reference=str(reference["message_id"]) if "message_id" in reference else None,
            reference_required=reference.get("fail_if_not_exists", True) is not False,
            attachments=list(payload.get("attachments") or []),
        )
        self.sent.append(sent)
        return sent

    def _show(self, sent: Sent, token: str | None = None) -> Sent:
        """`sent` appears in its channel (as the original response of `token` when given)."""
        if token is not None:
            self._slots[token] = len(self.shown)
        self.shown.append(sent)
        return sent

    def _take_fault(self, kind: str | None) -> Fault | None:
        fault = next((f for f in self.faults if f.kind == kind), None)
        if fault is not None:
            fault.times -= 1
            if fault.times <= 0:
                self.faults.remove(fault)
            self.faulted.append((fault.kind, fault.status))
        return fault

    async def _rest(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["tail"]
        self.requests.append((request.method, path))
        parts = path.split("/")[1:]
        kind = _kind(request.method, parts)
        try:
            fault = self._take_fault(kind)
            if fault is not None and not fault.accepted:
                return _json(fault.body(), status=fault.status, headers=fault.headers())
            response = await self._route(request, parts)
            if fault is not None:  # done, but the answer says it failed
                return _json(fault.body(), status=fault.status, headers=fault.headers())
        finally:
            await self._notify()
        if response is None:
            self.unknown.append((request.method, path))
            return _json({"message": "404: Not Found", "code": 0}, status=404)
        response.headers.update(rate_headers(kind or "other"))
        return response

    async def _route(self, request: web.Request, parts: list[str]) -> web.StreamResponse | None:
        method = request.method
        if parts == ["users", "@me"] and method == "GET":  # the login: the token is checked here
            if request.headers.get("Authorization") != f"Bot {self.token}":
                return _json({"message": "401: Unauthorized", "code": 0}, status=401)
            return _json(BOT.payload())
        if parts == ["oauth2", "applications", "@me"] and method == "GET":
            return _json({
                "id": str(APP_ID), "name": "Tammi", "description": "", "icon": None, "bot_public": True,
                "bot_require_code_grant": False, "owner": ALICE.payload(), "verify_key": "0" * 64,
                "flags": 0, "summary": "", "rpc_origins": [],
            })
        if parts == ["gateway", "bot"] and method == "GET":
            return _json({"url": self.gateway_url, "shards": 2, "session_start_limit": {
                "total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}})
        if parts == ["applications", str(APP_ID), "commands"]:
            if method == "PUT":
                payload, _ = await self._body(request)
                refused = _refused_commands(payload)
                if refused:
                    return _json({"message": "Invalid Form Body", "code": 50035, "errors": refused},
                                 status=400)
                self.command_puts += 1
                self.commands = [dict(c, id=str(next(self.ids)), application_id=str(APP_ID), version="1",
                                      default_member_permissions=None, nsfw=False)
                                 for c in payload]
                return _json(self.commands)
            if method == "GET":  # localisations only when asked for, as on Discord
                if request.query.get("with_localizations") == "true":
                    return _json(self.commands)
                return _json(without_localizations(self.commands))
        if parts == ["users", "@me", "channels"] and method == "POST":
            return await self._open_dm(request)
        if len(parts) == 3 and parts[0] == "channels" and parts[2] == "messages" and method == "POST":
            payload, files = await self._body(request)
            if int(parts[1]) in PRIVATE_CHANNELS:  # the bot is not in a DM or group DM between people
                return _json({"message": "Missing Access", "code": MISSING_ACCESS}, status=403)
            if parts[1] in {self.dm_channels.get(user) for user in self.closed_dms}:
                return _json({"message": "Cannot send messages to this user", "code": CANNOT_MESSAGE},
                             status=403)
            if files and parts[1] in self.no_attach_channels:
                return _json({"message": "Missing Permissions", "code": MISSING_PERMISSIONS}, status=403)
            nonce = (parts[1], str(payload.get("nonce")))
            if payload.get("enforce_nonce") and nonce in self._nonces:  # Discord's guard against repeats
                return _json(self._nonces[nonce].payload())
            sent = self._show(self._message(payload, files, parts[1], "channel"))
            if payload.get("enforce_nonce"):
                self._nonces[nonce] = sent
            return _json(sent.payload())
        if len(parts) == 3 and parts[0] == "channels" and parts[2] == "typing":
            return web.Response(status=204)
        if len(parts) == 4 and parts[0] == "interactions" and parts[3] == "callback" and method == "POST":
            return await self._callback(request, parts[1], parts[2])
        if len(parts) >= 3 and parts[0] == "webhooks" and parts[1] == str(APP_ID):
            return await self._webhook(request, parts[2], parts[3:])
        return None

    async def _open_dm(self, request: web.Request) -> web.StreamResponse:
        """The bot's DM channel with a user (the same one each time), as Discord opens it."""
        payload, _ = await self._body(request)
        user_id = int(payload["recipient_id"])
        known = {user.id: user for user in (ALICE, BOB, CAROL)}
        if user_id not in known:
            return _json({"message": "Unknown User", "code": 10013}, status=404)
        channel = self.dm_channels.setdefault(user_id, str(next(self.ids)))
        return _json({"id": channel, "type": 1, "last_message_id": None, "flags": 0,
                      "recipients": [known[user_id].payload()]})

    async def _callback(self, request: web.Request, interaction_id: str, token: str) -> web.StreamResponse:
        payload, files = await self._body(request)
        kind = int(payload["type"])
        if self.interactions_expire:
            return _json({"message": "Unknown interaction", "code": 10062}, status=404)
        if interaction_id in self.acknowledged:
            return _json({"message": "Interaction has already been acknowledged.",
                          "code": ALREADY_ACKNOWLEDGED}, status=400)
        if kind != 8:  # choices for autocomplete may be asked again
            self.acknowledged.add(interaction_id)
        data = dict(payload.get("data") or {})
        self.callbacks.append(Callback(interaction_id, kind, data))
        result: JSON = {"interaction": {"id": interaction_id, "type": 2}}
        channel = self._interaction_channel(interaction_id)
        if kind == 4:
            sent = self._show(self._message(data, files, channel, "callback", interaction_id), token)
            self.originals[token] = sent
            result["interaction"].update(response_message_id=sent.id,
                                         response_message_ephemeral=sent.ephemeral)
            result["resource"] = {"type": 4, "message": sent.payload()}
        elif kind == 5:
            hidden = bool(int(data.get("flags") or 0) & EPHEMERAL)
            self._show(Sent(id=str(next(self.ids)), channel_id=channel, via="thinking", content=None,
                            embeds=[], components=[], files=[], ephemeral=hidden,
                            interaction_id=interaction_id), token)
            result["interaction"].update(response_message_loading=True)
            result["resource"] = {"type": 5}
        else:
            result["resource"] = {"type": kind}
        return _json(result)

    def _interaction_channel(self, interaction_id: str) -> str:
        return self.interaction_channels[interaction_id]

    async def _webhook(self, request: web.Request, token: str, rest: list[str]) -> web.StreamResponse | None:
        interaction_id = self.interactions.get(token)
        if interaction_id is None:
            return None
        if token in self.expired_tokens:
            return _json({"message": "Invalid Webhook Token", "code": INVALID_WEBHOOK_TOKEN}, status=401)
        if interaction_id not in self.acknowledged:  # no response yet: nothing to follow up or edit
            return _json({"message": "Unknown Webhook", "code": 10015}, status=404)
        channel = self._interaction_channel(interaction_id)
        slot = self._slots.get(token)
        if not rest and request.method == "POST":
            payload, files = await self._body(request)
            sent = self._message(payload, files, channel, "followup", interaction_id)
            placeholder = self.shown[slot] if slot is not None else None
            if slot is not None and placeholder is not None and placeholder.via == "thinking":
                self.shown[slot] = sent  # the first followup after "thinking..." takes its place
            else:
                self._show(sent)
            return _json(sent.payload())
        if rest == ["messages", "@original"] and request.method == "PATCH":
            payload, files = await self._body(request)
            sent = self._message(payload, files, channel, "edit", interaction_id)
            self.originals[token] = sent
            if slot is not None and (original := self.shown[slot]) is not None:
                sent.ephemeral = original.ephemeral
                self.shown[slot] = sent
            return _json(sent.payload())
        if rest == ["messages", "@original"] and request.method == "DELETE":
            self.deleted.append(interaction_id)
            if slot is not None:
                self.shown[slot] = None
            return web.Response(status=204)
        return None


def private_channel(channel_id: int) -> JSON:
    """A DM or group DM between people as an interaction carries it (its members; the bot is none)."""
    people = [ALICE, BOB, CAROL] if PRIVATE_CHANNELS[channel_id] == 3 else [ALICE, BOB]
    channel: JSON = {"id": str(channel_id), "type": PRIVATE_CHANNELS[channel_id],
                     "recipients": [person.payload() for person in people], "last_message_id": None,
                     "flags": 0}
    if PRIVATE_CHANNELS[channel_id] == 3:
        channel.update(name="friends", owner_id=str(ALICE.id), icon=None)
    return channel


def _refused_commands(commands: list[JSON]) -> JSON:
    """What Discord refuses in a command sync: integration types and contexts it does not know (the
    DM-and-group-DM context only for commands a user may install)."""
    refused: JSON = {}
    for index, command in enumerate(commands):
        types = command.get("integration_types")
        contexts = command.get("contexts")
        if types is not None and not set(types) <= COMMAND_INTEGRATION_TYPES:
            refused[f"{index}.integration_types"] = types
        if contexts is not None and not set(contexts) <= COMMAND_CONTEXTS:
            refused[f"{index}.contexts"] = contexts
        if contexts and 2 in contexts and 1 not in (types or [0]):
            refused[f"{index}.contexts"] = "private channels need a user install"
    return refused
