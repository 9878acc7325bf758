"""Where a review stands (issue 25's Progress): the "reviewing..." note of a review made in the background
is kept as the message it went out as (`Reply.live`), and edited in place as the chunks of positions come
in ("Reviewing game #12: move 34 of 80"), at most every `EVERY` seconds, and once more when it is done.

An edit that does not go (the note was deleted, the platform refuses) is dropped, never posted anew
(`Live.anew`). A review made by a worker through the job queue is told how far it got from the notes its
worker makes in the job (`bot.storage.jobs.JobStore.note`, about every second).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from bot.chat.context import Ctx
from bot.chat.deps import Post
from bot.chat.events import Reply
from bot.domain.model import Game
from bot.flows.desk import Desk
from bot.presentation.messages import Kind, Live

EVERY = 2.0
"""Seconds at least between two edits of a review's note (Telegram and Discord limit edits too)."""


class Standing:
    """One review's note and the edits that say how far it got."""

    def __init__(self, ctx: Ctx, game: Game, desk: Desk, post: Post,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.ctx, self.game, self.desk, self.post, self.clock = ctx, game, desk, post, clock
        self.message: str | None = None  # the note's message, once it went out
        self.shown = float("-inf")  # when it was last edited
        self.due: str | None = None  # the text to show next
        self.sending = False

    def note(self, reply: Reply) -> Reply:
        """The "reviewing..." note, to be kept as the message the edits go to."""
        return Reply(reply.text, kind=reply.kind, game_id=reply.game_id, live=Live(self._kept))

    async def _kept(self, message_id: str) -> None:
        self.message = message_id

    def progress(self, done: int, of: int) -> None:
        """Told as positions are searched (`bot.parallel.Progress`): the note edited now and then."""
        if self.message is None or done >= of or self.clock() - self.shown < EVERY:
            return
        self._show(self.ctx.say("review-progress", id=self.game.id, move=max(1, done - 1), moves=of - 1))

    def finished(self) -> None:
        """The review is done: the note says so (the review itself follows as messages of its own)."""
        if self.message is not None:
            self._show(self.ctx.say("review-progress-done", id=self.game.id, moves=len(self.game.moves)))

    def _show(self, text: str) -> None:
        self.shown = self.clock()
        self.due = text
        if not self.sending:
            self.sending = True
            self.desk.spawn(self._send())

    async def _send(self) -> None:
        """Edit the note to the latest text due, one edit at a time, in order."""
        try:
            while self.due is not None and self.message is not None:
                text, self.due = self.due, None
                edit = Live(self._kept, edit=self.message, anew=False)
                await self.post(self.ctx.platform, self.ctx.channel,
                                Reply(text, kind=Kind.INFO, game_id=self.game.id, live=edit))
        finally:
            self.sending = False
