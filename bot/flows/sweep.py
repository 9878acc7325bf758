"""The maintenance sweep: set aside the games that cannot be read, expire old challenges, remind silent
players, tell waiting players they may claim the win, and take the opponent's turns that nobody is taking.
Runs on a timer; each notice goes out at most once: the challenge is closed, the game set aside, or the
game's `reminded` stage recorded, before it is sent.
Processes sharing a database take turns: a sweep runs only in the process that claims it in the
database, and the opponent's turn in a game is claimed too, so a turn a dead process left is taken over
by the next sweep."""

from __future__ import annotations

import logging

from bot.domain.model import ChallengeStatus, Timing
from bot.flows import aside
from bot.flows.announce import AbandonAvailable, Announce, ChallengeExpired, Reminder
from bot.flows.desk import Desk
from bot.flows.opponent import BotPlayer
from bot.flows.periodic import Periodic
from bot.flows.rounds import Director

log = logging.getLogger(__name__)


class Sweep(Periodic):
    what = "maintenance sweep"

    def __init__(self, desk: Desk, timing: Timing, announce: Announce, bot: BotPlayer,
                 director: Director | None = None) -> None:
        super().__init__(timing.sweep_interval)
        self.desk = desk
        self.timing = timing
        self.announce = announce
        self.bot = bot
        self.director = director  # tournaments keep their own clock (`bot.flows.rounds`)

    async def tick(self) -> None:
        await self.run()

    async def run(self) -> None:
        """One sweep, unless another task or process is sweeping."""
        async with self.desk.repository.claim("sweep") as ours:
            if ours:
                await self._sweep()

    async def _sweep(self) -> None:
        repository, now = self.desk.repository, self.desk.clock()
        await aside.unreadable(self.desk, self.announce)
        for challenge in await repository.expired_challenges(now):
            if await repository.close_challenge(challenge.id, ChallengeStatus.EXPIRED):
                await self.announce(ChallengeExpired(challenge))
        remind, abandon = self.timing.reminder_after, self.timing.abandon_after
        for game in await repository.stale_games(now - remind):
            if game.tournament_id is not None:
                continue  # its tournament's days per move decide (the director's sweep below)
            silent, waiting = game.player(game.turn), game.player(game.turn.other)
            if silent.is_bot:
                self.bot.resume_game(game)
                continue
            elapsed = now - game.updated_at
            # Marked first, then sent: at most once. The version-checked mark decides, so nothing goes
            # out for a game that has moved since it was read; a process dying between the two loses
            # that one notice (the waiting player's claim depends on the time, not on the notice).
            if game.reminded < 1 and await repository.mark_reminded(game.id, 1, version=game.version):
                await self.announce(Reminder(game, max(0.0, (abandon - elapsed) / 3600)))
            if (elapsed >= abandon and game.reminded < 2 and not waiting.is_bot
                    and await repository.mark_reminded(game.id, 2, version=game.version)):
                await self.announce(AbandonAvailable(game, abandon / 3600))
        await self.bot.resume(waited=self.timing.sweep_interval)
        if self.director is not None:
            await self.director.sweep()
