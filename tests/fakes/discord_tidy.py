"""The fake Discord with what tidy channels need: the bot edits and deletes its messages (PATCH and DELETE
/channels/{channel}/messages/{message}) and makes threads, from a message or in a channel (POST
/channels/{channel}/messages/{message}/threads, /channels/{channel}/threads), which Discord then
announces on the gateway (THREAD_CREATE). Tests delete a message as a moderator would (`delete`), and
take the Create Public Threads permission away in a channel (`no_threads`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from aiohttp import web

from tests.fakes.discord_data import BOT, GUILD_ID, TIMESTAMP, Sent
from tests.fakes.discord_faults import MISSING_PERMISSIONS
from tests.fakes.discord_server import FakeDiscord, _json

UNKNOWN_MESSAGE = 10008
THREAD_EXISTS = 160004  # "A thread has already been created for this message"


class TidyDiscord(FakeDiscord):
    """`FakeDiscord`, and its messages edited, deleted and given threads."""

    def __init__(self) -> None:
        super().__init__()
        self.edits: list[Sent] = []  # each message as an edit left it
        self.threads: dict[str, dict[str, Any]] = {}  # thread id -> its channel object
        self.no_thread_channels: set[str] = set()  # where the bot may not make threads

    def no_threads(self, channel_id: int) -> None:
        """The bot loses the Create Public Threads permission in the channel."""
        self.no_thread_channels.add(str(channel_id))

    def delete(self, message: Sent) -> None:
        """Someone deletes the bot's message (it no longer shows, and cannot be edited)."""
        for index, shown in enumerate(self.shown):
            if shown is not None and shown.id == message.id:
                self.shown[index] = None

    def showing(self, message_id: str) -> Sent | None:
        """The message with that id as its channel shows it now (None: deleted or never posted)."""
        return next((s for s in self.shown if s is not None and s.id == message_id), None)

    async def _route(self, request: web.Request, parts: list[str]) -> web.StreamResponse | None:
        method = request.method
        if len(parts) == 4 and parts[0] == "channels" and parts[2] == "messages":
            if method == "PATCH":
                return await self._edit(request, parts[1], parts[3])
            if method == "DELETE":
                return self._delete(parts[1], parts[3])
        if parts[:1] == ["channels"] and parts[-1:] == ["threads"] and method == "POST":
            return await self._thread(request, parts[1], parts[3] if len(parts) == 5 else None)
        return await super()._route(request, parts)

    def _index(self, channel_id: str, message_id: str) -> int | None:
        return next((index for index, s in enumerate(self.shown)
                     if s is not None and s.id == message_id and s.channel_id == channel_id), None)

    async def _edit(self, request: web.Request, channel_id: str, message_id: str) -> web.StreamResponse:
        index = self._index(channel_id, message_id)
        if index is None:
            return _json({"message": "Unknown Message", "code": UNKNOWN_MESSAGE}, status=404)
        before = self.shown[index]
        assert before is not None
        payload, files = await self._body(request)
        kept = [item for item in payload.get("attachments") or [] if "id" in item and not files]
        after = replace(before, via="edited", content=payload.get("content", before.content),
                        embeds=list(payload.get("embeds", before.embeds) or []),
                        components=list(payload.get("components", before.components) or []),
                        files=files if files or "attachments" in payload else before.files,
                        attachments=list(payload.get("attachments") or kept))
        self.shown[index] = after
        self.edits.append(after)
        return _json(after.payload())

    def _delete(self, channel_id: str, message_id: str) -> web.StreamResponse:
        index = self._index(channel_id, message_id)
        if index is None:
            return _json({"message": "Unknown Message", "code": UNKNOWN_MESSAGE}, status=404)
        self.shown[index] = None
        self.deleted.append(message_id)
        return web.Response(status=204)

    async def _thread(self, request: web.Request, channel_id: str, message_id: str | None,
                      ) -> web.StreamResponse:
        if channel_id in self.no_thread_channels:
            return _json({"message": "Missing Permissions", "code": MISSING_PERMISSIONS}, status=403)
        if message_id is not None and message_id in self.threads:
            return _json({"message": "A thread has already been created for this message",
                          "code": THREAD_EXISTS}, status=400)
        payload, _ = await self._body(request)
        thread_id = message_id or str(next(self.ids))  # Discord gives a message's thread the message's id
        thread = {
            "id": thread_id, "type": int(payload.get("type") or 11), "guild_id": str(GUILD_ID),
            "parent_id": channel_id, "owner_id": str(BOT.id), "name": payload["name"],
            "last_message_id": None, "message_count": 0, "member_count": 1, "rate_limit_per_user": 0,
            "flags": 0, "thread_metadata": {
                "archived": False, "auto_archive_duration": int(payload.get("auto_archive_duration") or 1440),
                "archive_timestamp": TIMESTAMP, "locked": False},
        }
        self.threads[thread_id] = thread
        await self.dispatch("THREAD_CREATE", dict(thread, newly_created=True))
        return _json(thread, status=201)
