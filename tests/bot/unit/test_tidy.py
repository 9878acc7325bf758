"""Tidy channels, unit by unit on the in-memory repository: how `bot.chat.live.Tidy` marks replies for a
channel's live boards and a game's thread, and reads a message in a game's thread as its channel's."""

from __future__ import annotations

from bot.chat.events import Event, Person, Reply
from bot.chat.live import Tidy
from bot.domain.model import ChannelSettings, Game, NewGame, Player
from bot.domain.ratings import Glicko2
from bot.presentation.messages import Action, Button, Kind
from engine import Board, Color
from tests.fakes.memory_repository import MemoryRepository

ANN, BOB = Player("ann", "Ann"), Player("bob", "Bob")
LIVE = ChannelSettings(live=True)
THREADS = ChannelSettings(threads=True)


async def game(repo: MemoryRepository, platform: str = "test") -> Game:
    return await repo.create_game(NewGame(platform, "c1", "english", ANN, BOB, Board("english").fen(),
                                          Color.BLACK, 100.0, ("ann", "bob")))


def board(game_id: int, ply: int = 3, *, ended: bool = False, **extra: object) -> Reply:
    """A board of the game as the presenter gives it (the buttons of a game on, or of one that ended)."""
    action = Action.REMATCH if ended else Action.MOVE
    return Reply("Ann played 9-13.", buttons=(Button.press(action, game_id, "Go"),), kind=Kind.BOARD,
                 game_id=game_id, ply=ply, **extra)  # type: ignore[arg-type]


def tidy(repo: MemoryRepository) -> Tidy:
    return Tidy(repo, lambda: 5.0, "en")


async def test_boards_are_left_alone_unless_the_channel_keeps_live_boards() -> None:
    repo = MemoryRepository(Glicko2())
    played = await game(repo)
    reply = board(played.id)
    assert await tidy(repo).mark_one("test", "c1", ChannelSettings(), "en", reply) == reply
    assert repo.reads["live_board"] == 0  # nothing looked up


async def test_a_live_board_is_posted_then_edited_and_a_bump_replaces_it() -> None:
    repo = MemoryRepository(Glicko2())
    played = await game(repo)
    marker = tidy(repo)
    first = await marker.mark_one("test", "c1", LIVE, "en", board(played.id))
    assert first.live is not None and first.live.edit is None and first.live.replaces is None  # none yet
    assert [b.id for b in first.buttons] == ["mov:1", "bmp:1"] and first.buttons[-1].label == "Bump"
    await first.live.kept("m1")  # the adapter posted it as message m1
    assert await repo.live_board("test", "c1", played.id) == "m1"
    second = await marker.mark_one("test", "c1", LIVE, "en", board(played.id, 4))
    assert second.live is not None and second.live.edit == "m1" and second.live.replaces is None
    bump = await marker.mark_one("test", "c1", LIVE, "fi", board(played.id, fresh=True))
    assert bump.live is not None and bump.live.edit is None and bump.live.replaces == "m1"
    assert bump.buttons[-1].label == "Nosta"  # in the channel's language
    await bump.live.kept("m2")
    assert await repo.live_board("test", "c1", played.id) == "m2"
    assert await repo.live_board("test", "c2", played.id) is None


async def test_private_replies_other_kinds_and_a_finished_games_buttons() -> None:
    repo = MemoryRepository(Glicko2())
    played = await game(repo)
    marker = tidy(repo)
    private = board(played.id, private=True)
    assert await marker.mark_one("test", "c1", LIVE, "en", private) == private
    offer = Reply("Ann offers a draw.", kind=Kind.DRAW_OFFER, game_id=played.id)
    assert await marker.mark_one("test", "c1", LIVE, "en", offer) == offer  # only boards are live
    last = await marker.mark_one("test", "c1", LIVE, "en", board(played.id, ended=True))
    assert last.live is not None and [b.id for b in last.buttons] == ["rem:1"]  # no Bump once it ended
    keys = Reply("", buttons=(Button.press(Action.MOVE, played.id, "Move"),), kind=Kind.BOARD_KEYS,
                 game_id=played.id)  # a board's buttons put back after the picker
    back = await marker.mark_one("test", "c1", LIVE, "en", keys)
    assert [b.id for b in back.buttons] == ["mov:1", "bmp:1"] and back.live is None


async def test_a_new_game_asks_for_a_thread_and_goes_there_once_it_has_one() -> None:
    repo = MemoryRepository(Glicko2())
    played = await game(repo, "discord")
    marker = tidy(repo)
    assert (await marker.mark_one("test", "c1", THREADS, "en", board(played.id, 0))).thread is None
    first = await marker.mark_one("discord", "c1", THREADS, "en", board(played.id, 0, title="Ann vs Bob"))
    assert first.thread is not None and first.thread.name == "Game #1: Ann vs Bob"
    assert "Create Public Threads" in first.thread.missing
    fi = await marker.mark_one("discord", "c1", THREADS, "fi", board(played.id, 0))
    assert fi.thread is not None and "oikeuden luoda julkisia ketjuja" in fi.thread.missing
    await first.thread.made("t9")
    later = await marker.mark_one("discord", "c1", ChannelSettings(live=True), "en", board(played.id, 1))
    assert later.channel_id == "t9" and later.thread is None  # even with the setting turned off since
    assert later.live is not None and later.live.edit is None
    await later.live.kept("m5")
    assert await repo.live_board("discord", "t9", played.id) == "m5"  # kept where the board is
    offer = Reply("Ann offers a draw.", kind=Kind.DRAW_OFFER, game_id=played.id)
    assert (await marker.mark_one("discord", "c1", ChannelSettings(), "en", offer)).channel_id == "t9"
    refusal = Reply("Not your turn.", private=True, kind=Kind.ERROR, game_id=played.id)
    assert (await marker.mark_one("discord", "c1", ChannelSettings(), "en", refusal)).channel_id is None
    in_thread = Event("discord", "t9", Person("bob", "Bob"), text="22-18")
    assert (await marker.arrived(in_thread)).channel_id == "c1"  # read as said in the game's channel
    elsewhere = Event("discord", "t8", Person("bob", "Bob"), text="22-18")
    assert await marker.arrived(elsewhere) == elsewhere
    assert await marker.arrived(Event("test", "t9", Person("bob", "Bob"))) == Event("test", "t9",
                                                                                     Person("bob", "Bob"))
