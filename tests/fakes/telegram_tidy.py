"""The fake Telegram with what live boards need: `editMessageMedia` (a message's picture replaced by an
uploaded one, with its caption and keyboard; like Telegram, refused for a message that is gone or not the
bot's), `editMessageText` and `deleteMessage`. Tests delete a message as a group administrator would
(`delete`).
"""

from __future__ import annotations

import json
import time
from typing import Any

from tests.fakes.telegram_server import FakeTelegram


class TidyTelegram(FakeTelegram):
    """`FakeTelegram`, and its messages' pictures edited and its messages deleted."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.edited: list[dict[str, Any]] = []  # each message as an editMessageMedia left it

    def delete(self, message: dict[str, Any]) -> None:
        """Someone deletes the message (the bot can no longer edit it)."""
        self.messages.pop((message["chat"]["id"], message["message_id"]), None)

    def showing(self, chat: dict[str, Any]) -> list[dict[str, Any]]:
        """The chat's messages from the bot that it shows now (not deleted), oldest first."""
        return [message for (chat_id, _), message in sorted(self.messages.items())
                if chat_id == chat["id"] and message["from"]["id"] == self.me["id"]]

    def _editable(self, params: dict[str, Any]) -> dict[str, Any]:
        message = self.messages.get((int(params["chat_id"]), int(params["message_id"])))
        if message is None:
            raise LookupError("message to edit not found")
        if message["from"]["id"] != self.me["id"]:
            raise LookupError("message can't be edited")
        return message

    async def _api_editMessageMedia(self, params: dict[str, Any], files: dict[str, tuple[str, bytes]],
                                    ) -> dict[str, Any] | bool:
        message = self._editable(params)
        media = params["media"] if isinstance(params["media"], dict) else json.loads(params["media"])
        attached = str(media.get("media", ""))
        if not attached.startswith("attach://") or attached[len("attach://"):] not in files:
            raise LookupError("wrong file identifier/HTTP URL specified")
        kind = str(media["type"])
        if kind not in ("photo", "animation") or ("photo" in message) != (kind == "photo"):
            raise LookupError("there is no media in the message to edit")
        data = files[attached[len("attach://"):]][1]
        if kind == "photo":
            number = len(self.calls)
            message["photo"] = [{"file_id": f"photo{number}", "file_unique_id": f"u{number}",
                                 "width": 480, "height": 480, "file_size": len(data)}]
        message.pop("caption", None)
        message.pop("caption_entities", None)
        if media.get("caption"):
            message["caption"] = media["caption"]
            if media.get("caption_entities"):
                message["caption_entities"] = media["caption_entities"]
        message.pop("reply_markup", None)
        if (params.get("reply_markup") or {}).get("inline_keyboard"):
            message["reply_markup"] = params["reply_markup"]
        message["edit_date"] = int(time.time())
        self.edited.append(dict(message))
        return message

    async def _api_editMessageText(self, params: dict[str, Any], files: Any) -> dict[str, Any] | bool:
        """A text message's text replaced; like Telegram, the same text and buttons again are refused."""
        message = self._editable(params)
        if "text" not in message:
            raise LookupError("there is no text in the message to edit")
        markup = params.get("reply_markup") or {}
        if params["text"] == message["text"] and markup.get("inline_keyboard") == (
                message.get("reply_markup") or {}).get("inline_keyboard"):
            raise LookupError("message is not modified")
        message["text"] = params["text"]
        message.pop("reply_markup", None)
        if markup.get("inline_keyboard"):
            message["reply_markup"] = markup
        message["edit_date"] = int(time.time())
        self.edited.append(dict(message))
        return message

    async def _api_deleteMessage(self, params: dict[str, Any], files: Any) -> bool:
        key = (int(params["chat_id"]), int(params["message_id"]))
        if key not in self.messages:
            raise LookupError("message to delete not found")
        del self.messages[key]
        return True
