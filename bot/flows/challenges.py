"""Challenges: post, accept, decline, cancel, rematch."""

from __future__ import annotations

from dataclasses import dataclass

from bot.domain.model import (
    Challenge,
    ChallengeStatus,
    ColourChoice,
    Game,
    NewChallenge,
    NewGame,
    Player,
)
from bot.domain.seats import free_game
from bot.domain.transitions import Refusal
from bot.flows.desk import Asker, Desk
from bot.storage.repository import Busy, Pending
from engine import Board, Color


@dataclass(frozen=True)
class Terms:
    """What a challenge offers: the rules, the challenger's colour, the tournament option."""

    variant: str
    colour: ColourChoice = ColourChoice.RANDOM
    tournament: bool = False


async def post(desk: Desk, asker: Asker, challenger: Player, target: Player | None, terms: Terms,
               expiry: float, rematch_of: int | None = None) -> Challenge:
    """Post a challenge to `target` (None: to anyone) that expires after `expiry` seconds."""
    repository = desk.repository
    platform, channel_id = asker.platform, asker.channel
    if target is not None and target.user_id == challenger.user_id:
        raise Refusal("challenge_self")
    busy = free_game(await repository.seated_games(platform, channel_id, challenger.user_id))
    if busy is not None:
        raise Refusal("challenge_busy_self", id=busy.id)
    if target is not None and target.is_bot:
        raise Refusal("challenge_self")
    if target is not None and free_game(await repository.seated_games(platform, channel_id, target.user_id)):
        raise Refusal("challenge_busy_other", name=target.name)
    now = desk.clock()
    try:
        return await repository.create_challenge(NewChallenge(
            platform, channel_id, challenger, target, terms.variant, terms.colour, terms.tournament, now,
            now + expiry, rematch_of))
    except Pending as pending:
        raise Refusal("challenge_pending", id=pending.challenge_id) from None


async def open_challenge(desk: Desk, platform: str, challenge_id: int) -> Challenge:
    challenge = await desk.repository.get_challenge(challenge_id)
    if challenge is None or challenge.platform != platform or not challenge.is_open(desk.clock()):
        raise Refusal("challenge_gone")
    return challenge


def toss(desk: Desk, colour: ColourChoice) -> Color:
    """The colour a choice gives: a coin toss for `random`."""
    chosen = colour.color
    if chosen is not None:
        return chosen
    return Color.WHITE if desk.rng.random() < 0.5 else Color.BLACK


async def accept(desk: Desk, platform: str, challenge_id: int, user: Player) -> Game:
    """Accept a challenge: the game starts, colours as chosen or by coin toss."""
    challenge = await open_challenge(desk, platform, challenge_id)
    if challenge.challenger.user_id == user.user_id:
        raise Refusal("challenge_own")
    if challenge.target is not None and challenge.target.user_id != user.user_id:
        raise Refusal("challenge_not_for_you", name=challenge.target.name)
    challenger_color = toss(desk, challenge.colour)
    white, black = ((challenge.challenger, user) if challenger_color is Color.WHITE
                    else (user, challenge.challenger))
    board = Board(challenge.variant)
    new = NewGame(platform, challenge.channel_id, challenge.variant, white, black, board.fen(), board.turn,
                  desk.clock(), seated=(white.user_id, black.user_id), rated=True,
                  tournament=challenge.tournament, challenge_id=challenge.id)
    try:
        game = await desk.repository.accept_challenge(challenge.id, new)
    except Busy as busy:
        if busy.user_id == user.user_id:
            mine = free_game(await desk.repository.seated_games(platform, challenge.channel_id, busy.user_id))
            raise Refusal("challenge_busy_self", id=mine.id if mine else "?") from None
        raise Refusal("challenge_busy_other", name=challenge.challenger.name) from None
    if game is None:
        raise Refusal("challenge_gone")
    desk.created(game)
    return game


async def decline(desk: Desk, platform: str, challenge_id: int, user: Player) -> Challenge:
    """Decline a challenge made to the user (a challenger declining their own cancels it)."""
    challenge = await open_challenge(desk, platform, challenge_id)
    if challenge.challenger.user_id == user.user_id:
        return await cancel(desk, platform, challenge_id, user)
    if challenge.target is None:
        raise Refusal("no_challenge")
    if challenge.target.user_id != user.user_id:
        raise Refusal("challenge_not_for_you", name=challenge.target.name)
    return await _close(desk, challenge, ChallengeStatus.DECLINED)


async def cancel(desk: Desk, platform: str, challenge_id: int, user: Player) -> Challenge:
    challenge = await open_challenge(desk, platform, challenge_id)
    if challenge.challenger.user_id != user.user_id:
        raise Refusal("challenge_nothing_to_cancel")
    return await _close(desk, challenge, ChallengeStatus.CANCELLED)


async def _close(desk: Desk, challenge: Challenge, status: ChallengeStatus) -> Challenge:
    if not await desk.repository.close_challenge(challenge.id, status):
        raise Refusal("challenge_gone")
    return challenge


async def pending(desk: Desk, asker: Asker) -> list[Challenge]:
    """The open challenges in the asker's channel."""
    return await desk.repository.open_challenges(asker.platform, asker.channel, now=desk.clock())


def for_answer(pending: list[Challenge], user_id: str, challenger_id: str | None = None,
               challenge_id: int | None = None) -> Challenge | None:
    """The open challenge an `accept` means: one by id, else one to the user, else an open one."""
    if challenge_id is not None:
        return next((c for c in pending if c.id == challenge_id), None)
    if challenger_id is not None:
        pending = [c for c in pending if c.challenger.user_id == challenger_id]
    direct = [c for c in pending if c.target is not None and c.target.user_id == user_id]
    if direct:
        return direct[0]
    return next((c for c in pending if c.target is None and c.challenger.user_id != user_id), None)


def accept_candidates(pending: list[Challenge], user_id: str) -> list[Challenge]:
    """The challenges a bare `accept` could mean: those to the user, else the open ones of others."""
    return [c for c in pending if c.target is not None and c.target.user_id == user_id] or [
        c for c in pending if c.target is None and c.challenger.user_id != user_id]
