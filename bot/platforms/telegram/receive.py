"""Updates in: long polling's getUpdates and the webhook server, each reading one update at a time.

python-telegram-bot reads a getUpdates answer as a whole and a webhook post with its own parser; one
update it cannot read (a group poll in an older Bot API shape, as an older self-hosted Bot API server
sends it) then fails the whole answer: polling fetches it again and again without moving the offset,
and the webhook answers 400, so Telegram posts it again. Here each update is read on its own, and one
that cannot be read is skipped (logged once) and the rest go on. Both also say whether Telegram's
updates are coming in, for the health endpoint.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import time
from http import HTTPStatus
from typing import Any

from aiohttp import web
from telegram import Bot, Update
from telegram.error import InvalidToken, TelegramError
from telegram.ext import ExtBot
from telegram.request import HTTPXRequest

log = logging.getLogger(__name__)

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
TOLD_LIMIT = 1000  # ids of skipped updates remembered, so each is logged once


class Unreadable:
    """Reads updates one by one; the ones python-telegram-bot cannot read are logged once and left out."""

    def __init__(self) -> None:
        self._told: set[object] = set()

    def read(self, data: object, bot: Bot | None) -> Update | None:
        """The update in `data`, or None (logged the first time) if python-telegram-bot cannot read it."""
        try:
            if not isinstance(data, dict):
                raise TypeError(f"an update is a JSON object, not {type(data).__name__}")
            return Update.de_json(data, bot)
        except Exception as error:
            update_id = data.get("update_id") if isinstance(data, dict) else None
            if update_id not in self._told:
                if len(self._told) >= TOLD_LIMIT:
                    self._told.clear()
                self._told.add(update_id)
                kinds = ", ".join(k for k in data if k != "update_id") if isinstance(data, dict) else "?"
                log.warning("Skipped Telegram update %s (%s), which python-telegram-bot cannot read: %s: %s",
                            update_id, kinds or "empty", type(error).__name__, error)
            return None


class Reception:
    """Whether long polling hears from Telegram: the getUpdates request notes each outcome here.

    Receiving means Telegram answered the last getUpdates (or polling began) less than `patience`
    seconds ago and no getUpdates failed since: a long poll is answered within its timeout.
    """

    def __init__(self, patience: float) -> None:
        self.patience = patience
        self._heard: float | None = None
        self._failing = False

    def begin(self) -> None:
        self._heard, self._failing = time.monotonic(), False

    def answered(self) -> None:
        self.begin()

    def failed(self) -> None:
        self._failing = True

    @property
    def receiving(self) -> bool:
        return (self._heard is not None and not self._failing
                and time.monotonic() - self._heard < self.patience)


class UpdatesRequest(HTTPXRequest):
    """The connection getUpdates goes through (PTB's `get_updates_request`): an update in Telegram's
    answer that python-telegram-bot cannot read is replaced by its bare id, so the offset moves past it
    and no handler sees it; each answer or failure is noted in the `Reception`."""

    def __init__(self, reception: Reception) -> None:
        super().__init__(connection_pool_size=1)  # as PTB's own getUpdates connection
        self.reception = reception
        self.unreadable = Unreadable()

    async def do_request(self, *args: Any, **kwargs: Any) -> tuple[int, bytes]:
        try:
            status, payload = await super().do_request(*args, **kwargs)
        except Exception:
            self.reception.failed()
            raise
        if status != HTTPStatus.OK:
            self.reception.failed()
            return status, payload
        self.reception.answered()
        try:
            answer = json.loads(payload)
            updates = answer["result"]
        except (ValueError, TypeError, KeyError):
            return status, payload  # PTB says what is wrong with it
        if not isinstance(updates, list):
            return status, payload
        answer["result"] = [
            data if self.unreadable.read(data, None) is not None else {"update_id": data["update_id"]}
            for data in updates if isinstance(data, dict) and isinstance(data.get("update_id"), int)]
        return status, json.dumps(answer).encode()


class WebhookServer:
    """The HTTP server Telegram posts updates to (behind the operator's HTTPS proxy): a post with the
    secret token is read and put in the application's update queue; one that cannot be read is
    acknowledged all the same, so Telegram does not post it again."""

    def __init__(self, bot: ExtBot[Any], queue: asyncio.Queue[object], *, listen: str, port: int,
                 path: str, secret_token: str | None) -> None:
        self.bot, self.queue = bot, queue
        self.listen, self.port = listen, port
        self.path = "/" + path.lstrip("/")
        self.secret_token = secret_token
        self.unreadable = Unreadable()
        self.registered = False  # Telegram accepted the webhook
        self._runner: web.AppRunner | None = None

    @property
    def connected(self) -> bool:
        """The webhook is set and this server runs."""
        return self.registered and self._runner is not None

    async def start(self) -> None:
        app = web.Application()
        app.router.add_post(self.path, self._post)
        runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await runner.setup()
        try:
            await web.TCPSite(runner, self.listen, self.port).start()
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner

    async def register(self, url: str, *, allowed_updates: list[str], retries: int) -> None:
        """Set the webhook at Telegram, trying again up to `retries` times (not on a rejected token)."""
        for attempt in range(retries + 1):
            try:
                await self.bot.set_webhook(url, allowed_updates=allowed_updates,
                                           secret_token=self.secret_token)
            except InvalidToken:
                raise
            except TelegramError as error:
                if attempt == retries:
                    raise
                log.warning("Setting the Telegram webhook failed (%s); trying again in a second", error)
                await asyncio.sleep(1.0)  # a flood limit (429) was already waited out by the rate limiter
            else:
                self.registered = True
                return

    async def close(self) -> None:
        """Stop serving; the webhook stays set, for the other workers (and the next start)."""
        runner, self._runner = self._runner, None
        self.registered = False
        if runner is not None:
            await runner.cleanup()

    async def _post(self, request: web.Request) -> web.Response:
        if self.secret_token is not None and not hmac.compare_digest(
                request.headers.get(SECRET_HEADER, "").encode(), self.secret_token.encode()):
            return web.Response(status=403, text="wrong or missing secret token\n")
        try:
            data = await request.json()
        except ValueError:
            return web.Response(status=400, text="not JSON\n")
        update = self.unreadable.read(data, self.bot)
        if update is not None:
            self.bot.insert_callback_data(update)
            await self.queue.put(update)
        return web.Response()
