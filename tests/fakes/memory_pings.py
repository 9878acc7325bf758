"""The turn-ping part of the in-memory repository (`MemoryRepository` inherits it), with the semantics of
`bot/storage/ping_store.py`: a person's `notify` choice, and at most one ping per game and position."""

from __future__ import annotations

from dataclasses import replace

from bot.domain.model import Game
from bot.domain.pings import NotifyChoice, Place


class MemoryPings:
    """Notify choices and the pings sent, in dictionaries."""

    _games: dict[int, Game]

    def __init__(self) -> None:
        self._choices: dict[tuple[str, str], NotifyChoice] = {}  # (platform, user) -> choice
        self._pings: dict[tuple[int, int], Place] = {}  # (game, ply) -> where its board was

    def _read(self, method: str) -> None:
        raise NotImplementedError

    def _write(self, method: str) -> None:
        raise NotImplementedError

    async def notify_choice(self, platform: str, user_id: str) -> NotifyChoice | None:
        self._read("notify_choice")
        return self._choices.get((platform, user_id))

    async def set_notify(self, platform: str, user_id: str, on: bool, language: str | None,
                         now: float) -> None:
        self._write("set_notify")
        stored = self._choices.get((platform, user_id))
        kept = language if language is not None else stored.language if stored is not None else None
        self._choices[platform, user_id] = NotifyChoice(on, kept)

    async def note_told(self, platform: str, user_id: str, told: bool, now: float) -> bool:
        self._write("note_told")
        stored = self._choices.get((platform, user_id))
        if stored is None or stored.told == told or (told and not stored.on):
            return False
        self._choices[platform, user_id] = replace(stored, told=told)
        return True

    async def claim_ping(self, game_id: int, ply: int, user_id: str, place: Place, now: float) -> bool:
        self._write("claim_ping")
        if game_id not in self._games:
            raise LookupError(f"no game {game_id}")  # the foreign key
        if (game_id, ply) in self._pings:
            return False
        self._pings[game_id, ply] = place
        return True

    async def ping_place(self, game_id: int, ply: int) -> Place | None:
        self._read("ping_place")
        return self._pings.get((game_id, ply))
