"""The tidy-channel part of the in-memory repository (`MemoryRepository` inherits it), with the semantics
of `bot/storage/live_store.py`: a game's live board per channel, and the thread a game was given."""

from __future__ import annotations

from bot.domain.model import Game


class MemoryLive:
    """Live boards and game threads, in dictionaries."""

    _games: dict[int, Game]

    def __init__(self) -> None:
        self._live: dict[tuple[str, str, int], str] = {}  # (platform, channel, game) -> message id
        self._threads: dict[int, tuple[str, str]] = {}  # game -> (platform, thread id)

    def _read(self, method: str) -> None:
        raise NotImplementedError

    def _write(self, method: str) -> None:
        raise NotImplementedError

    def _known(self, game_id: int) -> None:
        if game_id not in self._games:
            raise LookupError(f"no game {game_id}")  # the foreign key

    async def live_board(self, platform: str, channel_id: str, game_id: int) -> str | None:
        self._read("live_board")
        return self._live.get((platform, channel_id, game_id))

    async def keep_live_board(self, platform: str, channel_id: str, game_id: int, message_id: str,
                              now: float) -> None:
        self._write("keep_live_board")
        self._known(game_id)
        self._live[platform, channel_id, game_id] = message_id

    async def game_thread(self, game_id: int) -> str | None:
        self._read("game_thread")
        found = self._threads.get(game_id)
        return None if found is None else found[1]

    async def thread_game(self, platform: str, thread_id: str) -> int | None:
        self._read("thread_game")
        return min((game for game, place in self._threads.items() if place == (platform, thread_id)),
                   default=None)

    async def give_thread(self, game_id: int, platform: str, thread_id: str, now: float) -> bool:
        self._write("give_thread")
        self._known(game_id)
        if game_id in self._threads:
            return False
        self._threads[game_id] = (platform, thread_id)
        return True
