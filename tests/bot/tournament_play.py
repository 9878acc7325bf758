"""Playing tournaments through a `Chat` (tests/bot/tammi_talk.py): open, join, start, and end each game of
a round with the result a test asks for."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.chat.events import Reply
from bot.domain.model import Game, Result
from bot.domain.tournaments import Pairing, Tournament
from tests.bot.tammi_talk import Chat

Decide = Callable[[Game], Result]
"""The result a test wants for a game."""


async def say(chat: Chat, user: str, text: str, **kwargs: object) -> list[Reply]:
    """`user` writes `!tammi <text>`."""
    return await chat.say(user, f"!tammi {text}", **kwargs)


async def opened(chat: Chat, organiser: str, others: Sequence[str], how: str = "") -> Tournament:
    """`organiser` opens a tournament (`tournament new <how>`) and the others join."""
    [reply] = await say(chat, organiser, f"tournament new {how}".strip())
    assert "opened Tournament" in reply.text, reply.text
    for name in others:
        [reply] = await say(chat, name, "tournament join")
        assert f"{name} joined" in reply.text, reply.text
    found = await chat.storage.current_tournament(chat.platform, chat.channel)
    assert found is not None
    return found


async def started(chat: Chat, organiser: str) -> list[Reply]:
    replies = await say(chat, organiser, "tournament start")
    assert replies and "Round 1 of" in replies[0].text, replies
    return replies


async def current_games(chat: Chat, tournament_id: int) -> list[Game]:
    return [game for game in await chat.storage.tournament_games(tournament_id) if game.active]


async def end_game(chat: Chat, game: Game, result: Result) -> None:
    """End a game with `result`: the loser resigns (by the game's button), or a draw is offered with a
    move and accepted."""
    if result is Result.DRAW:
        mover = game.player(game.turn).user_id
        moves = [str(move) for move in chat.service.desk.board(game).legal_moves]
        replies = await say(chat, mover, f"move #{game.id} {moves[0]} draw")
        assert replies and "offers a draw" in replies[0].text, replies
        other = game.player(game.turn.other).user_id
        replies = await chat.press(other, f"dra:{game.id}")
    else:
        winner = result.winner
        assert winner is not None
        loser = game.player(winner.other).user_id
        replies = await chat.press(loser, f"rsc:{game.id}")
    assert replies and replies[0].kind == "board", replies
    stored = await chat.storage.get_game(game.id)
    assert stored is not None and stored.result is result, stored


async def play_round(chat: Chat, tournament_id: int, decide: Decide) -> None:
    """End every game of the current round as `decide` says, then let the next round be paired."""
    games = await current_games(chat, tournament_id)
    assert games
    for game in games:
        await end_game(chat, game, decide(game))
    await chat.service.wait_idle()


def met(pairings: Sequence[Pairing]) -> list[frozenset[str]]:
    """Who met whom on the boards with a game."""
    return [frozenset((p.white, p.black)) for p in pairings if p.black is not None and p.game_id is not None]


def notices_text(chat: Chat) -> str:
    return "\n".join(notice.reply.text for notice in chat.notices)
