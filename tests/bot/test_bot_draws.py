"""The built-in opponent's draw decisions: it answers offers, offers draws, and claims English draws."""

from pathlib import Path

from bot.config import Config, OpponentConfig, PictureConfig
from bot.workers import Workers
from engine import Board, Color
from tests.bot.tammi_talk import close_chat, open_chat


def repeated_english_kings() -> Board:
    board = Board("english", fen="B:WK29:BK4")
    for text in ["4-8", "29-25", "8-4", "25-29"] * 2:
        board.push(board.parse_move(text))
    return board


async def test_the_opponent_judges_draws_off_the_event_loop() -> None:
    opponent = Workers()
    level = Board("english", fen="B:WK1:BK32")
    assert await opponent.judge_draw("accept", level, level=5, color=Color.BLACK) is True
    assert await opponent.judge_draw("offer", level, level=5, color=Color.BLACK) is True
    winning = Board("english", fen="B:W21:BK1,K2")
    assert await opponent.judge_draw("accept", winning, level=5, color=Color.BLACK) is False
    assert await opponent.judge_draw("offer", Board("english"), level=5, color=Color.BLACK) is False
    board = repeated_english_kings()
    assert board.claimable_draw() == "threefold"
    assert await opponent.judge_draw("claim", board, level=5, color=Color.BLACK) == "threefold"
    assert await opponent.judge_draw("claim", Board("english"), level=5, color=Color.BLACK) is None


async def test_a_stand_in_opponent_takes_no_draw_decisions() -> None:
    opponent = Workers(choose_move=lambda board, **_: next(iter(board.legal_moves)))
    level = Board("english", fen="B:WK1:BK32")
    assert await opponent.judge_draw("accept", level, level=5, color=Color.BLACK) is False
    assert await opponent.judge_draw("claim", repeated_english_kings(), level=5, color=Color.BLACK) is None


def bot_config(tmp_path: Path) -> Config:
    return Config(database=tmp_path / "bot.db", picture=PictureConfig(size=160, workers=0),
                  opponent=OpponentConfig(time_limit=0.05, node_limit=2000, workers=0))


async def test_the_strongest_level_accepts_a_draw_in_an_even_opening(tmp_path: Path) -> None:
    chat = await open_chat(str(tmp_path / "bot.db"), config=bot_config(tmp_path))
    try:
        game_id = (await chat.say("ann", "!tammi play 5 black"))[0].game_id  # ann is Red: she starts
        assert game_id is not None
        assert (await chat.say("ann", "11-15 draw"))[0].kind == "board"
        await chat.service.wait_idle()
        game = await chat.storage.get_game(game_id)
        assert game is not None and not game.active
        assert (game.result, game.ending, game.moves) == ("1/2-1/2", "agreement", ("11-15",))
        assert any("Draw by agreement" in n.reply.text for n in chat.notices)
    finally:
        await close_chat(chat)


async def test_a_beginner_declines_an_even_draw_by_moving(tmp_path: Path) -> None:
    chat = await open_chat(str(tmp_path / "bot.db"), config=bot_config(tmp_path))
    try:
        game_id = (await chat.say("ann", "!tammi play 1 black"))[0].game_id
        assert game_id is not None
        await chat.say("ann", "11-15 draw")
        await chat.service.wait_idle()
        game = await chat.storage.get_game(game_id)
        assert game is not None and game.active and len(game.moves) == 2 and game.offer is None
        assert any("Tammi played" in n.reply.text for n in chat.notices)
    finally:
        await close_chat(chat)
