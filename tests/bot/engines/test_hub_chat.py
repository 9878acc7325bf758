"""A Hub engine configured in `[engine]`, in conversation: level 5 of International plays its moves and
its hints are the engine's, while English stays with Tammi's own engine."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from bot.config import Config, EngineConfig, OpponentConfig, PictureConfig, ReviewConfig
from engine import Board
from tests.bot.databases import Databases
from tests.bot.engines.test_hub_workers import PICK, picked
from tests.bot.tammi_talk import close_chat, open_chat
from tests.fakes.hub_engine import command


@pytest.fixture
async def database(databases: Databases) -> str:
    return await databases.new("sqlite")


def config(database: str, log: Path) -> Config:
    short = timedelta(milliseconds=50)
    engine = EngineConfig(hub=command("--pick", str(PICK), "--log", str(log)), move_time=short,
                          hint_time=short, processes=0)
    return Config(database=database, picture=PictureConfig(size=160, workers=0),
                  opponent=OpponentConfig(time_limit=short, node_limit=2000, workers=0),
                  review=ReviewConfig(node_limit=2000, workers=0), engine=engine)


async def test_level_5_of_international_plays_and_hints_with_the_engine(database: str,
                                                                         tmp_path: Path) -> None:
    log = tmp_path / "received.txt"
    chat = await open_chat(database, config=config(database, log))
    try:
        game_id = (await chat.say("ann", "!tammi play 5 international white"))[0].game_id
        assert game_id is not None
        board = Board("international")
        hint = (await chat.say("ann", "!tammi hint"))[0]
        assert hint.kind == "hint" and f"Hint for ann: {picked(board)}" in hint.text
        await chat.say("ann", "32-28")
        await chat.service.wait_idle()
        board.push_str("32-28")
        game = await chat.storage.get_game(game_id)
        assert game is not None and game.moves == ("32-28", str(picked(board)))
        assert "go think" in log.read_text().splitlines()
        before = log.read_text()
        english = (await chat.say("bob", "!tammi play 5 english black"))[0].game_id
        await chat.say("bob", "11-15")
        await chat.service.wait_idle()
        game = await chat.storage.get_game(english or 0)
        assert game is not None and len(game.moves) == 2 and log.read_text() == before  # Tammi's own move
    finally:
        await close_chat(chat)
