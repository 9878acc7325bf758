"""`review` and `hint` in conversation: the review runs in the background and follows as notices, is
stored and answered from storage the second time, one per user at a time; hints only in games against
the bot, recorded with the game (PDN header, board info); both in English and Finnish."""

from __future__ import annotations

import asyncio
import io
import threading
from pathlib import Path
from typing import Any

import pytest

from bot.app import run_console
from bot.config import Config, OpponentConfig, PictureConfig, ReviewConfig
from bot.workers import Workers
from engine import Board, Color
from engine.review import Review, review_game
from tests.bot.databases import Databases
from tests.bot.tammi_talk import Chat, close_chat, open_chat
from tests.render.render_pixels import decode


@pytest.fixture
async def database(databases: Databases) -> str:
    """Conversation tests run on SQLite: the storage under them is tested on every backend (SQLite,
    PostgreSQL and the in-memory one) in test_storage.py, and the flows in tests/bot/unit."""
    return await databases.new("sqlite")

# Red (bob) blunders a man with 16-19 at his fifth move; White (ann) takes it with 24x15x8.
OPENING = ["11-15", "22-18", "15x22", "26x17", "8-11", "25-22", "12-16", "17-13", "16-19", "24x15x8"]


def review_config(database: str, **review: Any) -> Config:
    review.setdefault("node_limit", 4000)
    review.setdefault("workers", 0)
    review.setdefault("hint_time", 0.05)
    return Config(database=database, picture=PictureConfig(size=160, workers=0),
                  opponent=OpponentConfig(time_limit=0.05, node_limit=2000, workers=0),
                  review=ReviewConfig(**review))


def first_move(board: Board, **_: Any) -> Any:
    return next(iter(board.legal_moves))


async def played(chat: Chat, *, resign: bool = True) -> int:
    """ann (White) and bob (Red) play the opening with bob's blunder; bob resigns. Returns the game id."""
    await chat.say("ann", "!tammi challenge @bob white")
    game_id = (await chat.say("bob", "!tammi accept"))[0].game_id
    assert game_id is not None
    for ply, text in enumerate(OPENING):
        replies = await chat.say("bob" if ply % 2 == 0 else "ann", text)
        assert replies[0].kind == "board", replies
    if resign:
        await chat.press("bob", f"rsc:{game_id}")
    return game_id


class Counting:
    """Wraps `Workers.review` to count the calls (and optionally hold them until released)."""

    def __init__(self, workers: Workers, hold: bool = False) -> None:
        self.calls = 0
        self.result: Review | None = None
        self.real = workers.review
        self.gate = asyncio.Event()
        if not hold:
            self.gate.set()
        workers.review = self  # type: ignore[method-assign, assignment]

    async def __call__(self, *args: Any, **kwargs: Any) -> Review:
        self.calls += 1
        await self.gate.wait()
        self.result = await self.real(*args, **kwargs)
        return self.result


async def test_a_finished_game_is_reviewed_in_the_background_then_from_storage(database: str) -> None:
    chat = await open_chat(database, config=review_config(database), pictures=True)
    try:
        assert await chat.storage.schema_version() >= 3  # reviews are stored since migration 3
        game_id = await played(chat)
        counting = Counting(chat.service.workers)
        first = await chat.say("ann", "!tammi review")
        assert len(first) == 1 and "Reviewing game #1" in first[0].text and first[0].attachment is None
        await chat.service.wait_idle()
        assert counting.calls == 1
        posted = [n.reply for n in chat.notices if n.reply.kind == "review"]
        assert all(n.channel_id == chat.channel for n in chat.notices)
        graph, *points, summary = posted
        assert graph.attachment is not None and graph.attachment.filename == "review.png"
        assert decode(graph.attachment.data).size == (720, 360)
        assert "White above the line, Red below it" in graph.text
        assert len(points) == 1
        point = points[0].text
        assert "Move 5, bob (Red): 16-19 was a blunder (it loses material)" in point
        assert "After 16-19: 24x15x8" in point
        assert points[0].attachment is not None  # the position before, with the better move's arrow
        assert "bob (Red): 5 moves, 0 mistakes, 1 blunder" in summary.text
        # ann's moves are sound (no mistake); how many of them kept the evaluation is the review's judgement
        assert counting.result is not None
        ann = counting.result.summary(Color.WHITE)
        assert (ann.mistakes, ann.blunders) == (0, 0)
        assert f"ann (White): 5 moves, 0 mistakes, 0 blunders, accuracy {ann.accuracy} %" in summary.text
        # the second time: from storage, at once, no worker
        again = await chat.say("bob", f"!tammi review {game_id}")
        assert counting.calls == 1
        assert [r.text for r in again] == [r.text for r in posted]
    finally:
        await close_chat(chat)


async def test_one_review_per_user_at_a_time(database: str) -> None:
    chat = await open_chat(database, config=review_config(database))
    try:
        game_id = await played(chat)
        counting = Counting(chat.service.workers, hold=True)
        assert "Reviewing" in (await chat.say("ann", "!tammi review"))[0].text
        busy = await chat.say("ann", f"!tammi review {game_id}")
        assert busy[0].private and "still running" in busy[0].text
        assert "Reviewing" in (await chat.say("bob", "!tammi review"))[0].text  # another user may
        counting.gate.set()
        await chat.service.wait_idle()
        assert counting.calls == 2
        # done: ann may ask again (answered from storage now)
        assert (await chat.say("ann", "!tammi review"))[0].kind == "review"
    finally:
        await close_chat(chat)


async def test_a_failed_review_says_so_and_frees_the_user(database: str) -> None:
    chat = await open_chat(database, config=review_config(database))
    try:
        await played(chat)

        async def broken(*args: Any, **kwargs: Any) -> Review:
            raise RuntimeError("worker died")

        chat.service.workers.review = broken  # type: ignore[method-assign]
        await chat.say("ann", "!tammi review")
        await chat.service.wait_idle()
        assert [n.reply.kind for n in chat.notices][-1] == "error"
        assert "review of game #1 failed" in chat.notices[-1].reply.text
        assert "Reviewing" in (await chat.say("ann", "!tammi review"))[0].text
        await chat.service.wait_idle()
    finally:
        await close_chat(chat)


async def test_who_may_review_a_game_in_progress(database: str) -> None:
    chat = await open_chat(database, config=review_config(database), choose_move=first_move)
    try:
        human = await played(chat, resign=False)
        refused = await chat.say("ann", "!tammi review")
        assert refused[0].private and "Game #1 is still being played" in refused[0].text
        fi = await chat.say("ann", "!tammi analyysi", locale="fi")
        assert "Peli #1 on vielä kesken" in fi[0].text
        await chat.press("bob", f"rsc:{human}")
        # a game against the bot may be reviewed while it runs, by its player only
        bot_game = (await chat.say("cid", "!tammi play 1 black"))[0].game_id
        assert (await chat.say("cid", "!tammi review"))[0].private  # no moves yet
        await chat.say("cid", "11-15")
        await chat.service.wait_idle()
        refused = await chat.say("ann", f"!tammi review {bot_game}", locale="en")  # her app spoke Finnish
        assert "not playing in game" in refused[0].text
        assert "Reviewing game" in (await chat.say("cid", "!tammi review"))[0].text
        await chat.service.wait_idle()
    finally:
        await close_chat(chat)


async def test_hints_are_refused_in_games_between_people(database: str) -> None:
    chat = await open_chat(database, config=review_config(database))
    try:
        game_id = await played(chat, resign=False)
        for user, text, expected in (("bob", "!tammi hint", "Hints are only for games against Tammi"),
                                     ("ann", "!tammi vihje", "Vihjeet ovat vain peleihin Tammia vastaan")):
            replies = await chat.say(user, text, locale="fi" if "vihje" in text else None)
            assert replies[0].private and replies[0].kind == "error" and expected in replies[0].text
        assert await chat.storage.hints_used(game_id) == 0
        assert "Hints" not in (await chat.say("ann", "!tammi pdn"))[0].text
    finally:
        await close_chat(chat)


async def test_a_hint_in_a_bot_game_is_shown_and_recorded(database: str) -> None:
    chat = await open_chat(database, config=review_config(database), choose_move=first_move, pictures=True)
    try:
        game_id = (await chat.say("ann", "!tammi play 2 black"))[0].game_id
        assert game_id is not None
        reply = (await chat.say("ann", "!tammi hint"))[0]
        assert reply.kind == "hint" and reply.attachment is not None and reply.game_id == game_id
        suggested = reply.text.split("Hint for ann: ")[1].split(" ")[0]
        assert suggested in [str(m) for m in Board("english").legal_moves]
        assert "Hints used in this game: 1 position" in reply.text
        # the same position again counts once; the game's info and PDN show it
        await chat.say("ann", "!tammi hint")
        assert await chat.storage.hints_used(game_id) == 1
        await chat.say("ann", suggested)
        await chat.service.wait_idle()
        reply = (await chat.say("ann", "!tammi vihje", locale="fi"))[0]
        assert "Vihje pelaajalle ann" in reply.text and "2 asemassa" in reply.text
        assert '[Hints "2"]' in (await chat.say("ann", "!tammi pdn"))[0].text
        # ann's app spoke Finnish last; her next message without a locale would be answered in Finnish
        board = (await chat.say("ann", "!tammi board", locale="en"))[0].text
        assert "Hints used in this game: 2 positions" in board
    finally:
        await close_chat(chat)


async def test_a_hint_waits_for_the_players_turn(database: str) -> None:
    go = threading.Event()

    def slow_first_move(board: Board, **_: Any) -> Any:
        go.wait(10)
        return first_move(board)

    chat = await open_chat(database, config=review_config(database), choose_move=slow_first_move)
    try:
        game_id = (await chat.say("ann", "!tammi play 2 white"))[0].game_id  # Red (the bot) moves first
        waiting = await chat.say("ann", "!tammi hint")
        assert waiting[0].private and "wait for your turn in game #1" in waiting[0].text
        go.set()
        await chat.service.wait_idle()
        assert (await chat.say("ann", "!tammi hint"))[0].kind == "hint"
        # a finished game: no hints
        await chat.press("ann", f"rsc:{game_id}")
        assert "no game" in (await chat.say("ann", "!tammi hint"))[0].text
        refused = await chat.say("ann", f"!tammi hint {game_id}")
        assert refused[0].private and "Game #1 is already over" in refused[0].text
        assert await chat.storage.hints_used(game_id or 0) == 1
    finally:
        go.set()
        await close_chat(chat)


@pytest.mark.parametrize("lang", ["en", "fi"])
async def test_review_and_hint_through_the_console(tmp_path: Path, lang: str) -> None:
    review, hint = ("review", "hint") if lang == "en" else ("analyysi", "vihje")
    script = "\n".join(["challenge bob white", "bob> accept",
                        *(f"{'bob> ' if ply % 2 == 0 else ''}{move}" for ply, move in enumerate(OPENING)),
                        hint, "resign", "press rsc:1", review, review, "quit"]) + "\n"
    out = io.StringIO()
    config = review_config(str(tmp_path / "review.db"))
    status = await run_console(config, lang=lang, user="ann", pictures_dir=tmp_path / "pics",
                               stdin=io.StringIO(script), stdout=out)
    text = out.getvalue()
    assert status == 0
    if lang == "en":
        assert "(to ann) Hints are only for games against Tammi" in text
        assert "Reviewing game #1 (10 moves" in text
        assert text.count("Move 5, bob (Red): 16-19 was a blunder") == 2  # posted, then from storage
        assert "Summary of game #1:" in text
    else:
        assert "Vihjeet ovat vain peleihin Tammia vastaan" in text
        assert "Analysoin pelin #1 (10 siirtoa" in text
        assert text.count("Siirto 5, bob (punainen): 16-19 oli vakava virhe") == 2
        assert "Pelin #1 yhteenveto:" in text
    assert len(list((tmp_path / "pics").glob("*review.png"))) == 2


async def test_reviews_and_hints_run_in_their_own_worker_process() -> None:
    workers = Workers(reviews=1)  # the opponent's searches (and hints) in threads
    try:
        start = Board("english")
        moves = (*OPENING, "4x11")
        done = await workers.review("english", start.fen(), moves, seconds=None, nodes=3000)
        assert done == review_game("english", None, moves, nodes=3000)
        # the planted blunder is found (a short search may also call a lesser move a mistake)
        worst = max(done.turning_points(), key=lambda t: t.loss)
        assert (worst.move, worst.verdict.value) == ("16-19", "blunder") and worst.line
        assert list(workers._pools) == ["reviews"]
        assert await workers.hint(start, seconds=0.05) in start.legal_moves
    finally:
        await workers.close()
