"""A scripted chat against a real GameService over a fresh database (SQLite or PostgreSQL: see the
`database` fixture in conftest.py), for conversation tests."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.app import open_repository
from bot.chat.events import Event, Notice, Person, Reply
from bot.chat.service import GameService
from bot.config import Config, PictureConfig
from bot.domain.model import NewGame, Player
from bot.platforms.base import answer
from bot.storage import Repository
from engine import Board


class Clock:
    """A clock the test moves by hand."""

    def __init__(self, start: float = 1_700_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@dataclass
class Chat:
    """One service, one channel, several users typing."""

    service: GameService
    storage: Repository
    clock: Clock
    database: str
    platform: str = "test"
    channel: str = "c1"
    notices: list[Notice] = field(default_factory=list)
    locales: dict[str, str] = field(default_factory=dict)

    @property
    def path(self) -> Path:
        """The SQLite file (for tests of the file itself)."""
        return Path(self.database)

    async def say(self, user: str, text: str, **kwargs: Any) -> list[Reply]:
        """`user` types `text` in the channel (`@name` words become mentions); returns the replies."""
        mentions = tuple(Person(word[1:], word[1:]) for word in text.split() if word.startswith("@"))
        kwargs.setdefault("mentions", mentions)
        event = Event(self.platform, kwargs.pop("channel", self.channel), Person(user, user), text=text,
                      locale=kwargs.pop("locale", self.locales.get(user)), **kwargs)
        return await answer(self.service, event)

    async def command(self, user: str, name: str, *args: str, **kwargs: Any) -> list[Reply]:
        event = Event(self.platform, kwargs.pop("channel", self.channel), Person(user, user), command=name,
                      args=args, locale=kwargs.pop("locale", self.locales.get(user)), **kwargs)
        return await answer(self.service, event)

    async def press(self, user: str, button: str, **kwargs: Any) -> list[Reply]:
        event = Event(self.platform, kwargs.pop("channel", self.channel), Person(user, user), button=button,
                      locale=kwargs.pop("locale", self.locales.get(user)), **kwargs)
        return await answer(self.service, event)

    async def text(self, user: str, text: str, **kwargs: Any) -> str:
        """All reply texts joined, for simple checks."""
        return "\n".join(reply.text for reply in await self.say(user, text, **kwargs))


async def open_chat(database: str, *, platform: str = "test", seed: int = 1,
                    config: Config | None = None, choose_move: Callable[..., Any] | None = None,
                    pictures: bool = False) -> Chat:
    """A service over `database` (pictures off unless asked: they are slow)."""
    storage = await open_repository(database)
    config = config or Config(database=database, picture=PictureConfig(size=160, workers=0))
    clock = Clock()
    service = GameService(storage, config, clock=clock, rng=random.Random(seed), choose_move=choose_move)
    if not pictures:
        async def no_picture(board: Any, *, flipped: bool, **options: Any) -> None:
            return None

        service.workers.board_png = no_picture  # type: ignore[method-assign]
    chat = Chat(service, storage, clock, database, platform=platform)

    async def sender(notice: Notice) -> None:
        chat.notices.append(notice)

    service.add_sender(platform, sender)
    return chat


async def close_chat(chat: Chat) -> None:
    await chat.service.close()
    await chat.storage.close()


async def start_game(chat: Chat, challenger: str, opponent: str, *args: str) -> int:
    """`challenger` challenges `opponent`, who accepts; returns the game id."""
    replies = await chat.say(challenger, f"!tammi challenge @{opponent} " + " ".join(args))
    assert replies and replies[0].kind == "challenge", replies
    replies = await chat.say(opponent, "!tammi accept")
    assert replies and replies[0].game_id is not None, replies
    return replies[0].game_id


def whose_turn(chat: Chat, game: Any) -> str:


    return game.player(game.turn).user_id


async def play_out(chat: Chat, game_id: int, *, max_plies: int = 400, seed: int = 7) -> Any:
    """Both players move (random legal moves) until the game ends; returns the final record."""
    rng = random.Random(seed)
    for _ in range(max_plies):
        game = await chat.storage.get_game(game_id)
        assert game is not None
        if not game.active:
            return game
        mover = whose_turn(chat, game)
        moves = await chat.service.suggest_moves(chat.platform, chat.channel, mover)
        assert moves, game
        replies = await chat.say(mover, rng.choice(moves))
        assert replies and replies[0].kind == "board", replies
    return await chat.storage.get_game(game_id)


def seeded(seed: int) -> random.Random:
    return random.Random(seed)


async def game_from(chat: Chat, fen: str, variant: str = "english") -> int:
    """A game between ann (White) and bob (Red/Black) from a position; returns its id."""
    board = Board(variant, fen=fen)
    game = await chat.storage.create_game(NewGame(
        platform=chat.platform, channel_id=chat.channel, variant=variant, white=Player("ann", "ann"),
        black=Player("bob", "bob"), start_fen=board.fen(), turn=board.turn, created_at=chat.clock(),
        seated=("ann", "bob")))
    return game.id
