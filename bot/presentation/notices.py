"""Messages the bot posts on its own: its moves, reminders, expired challenges."""

from __future__ import annotations

from dataclasses import replace

from bot.domain.model import BOT_NAME, Person
from bot.flows.announce import (
    AbandonAvailable,
    Announcement,
    BotDrew,
    BotFailed,
    BotMoved,
    BotThinking,
    ChallengeExpired,
    GameSetAside,
    Reminder,
)
from bot.flows.daily_news import DailyNoneNew, DailyPosted
from bot.flows.play import Played
from bot.flows.tournament_news import TournamentNews, news_addressee, news_where
from bot.presentation import aside_text, catalogue, daily_text, game_text
from bot.presentation.game_text import TURNING, Facing
from bot.presentation.messages import Action, Button, Kind, Reply
from bot.presentation.replies import Presenter
from bot.presentation.tournament_text import news as tournament_news


def where(announcement: Announcement) -> tuple[str, str]:
    """(platform, channel id) the announcement goes to."""
    if isinstance(announcement, ChallengeExpired):
        return announcement.challenge.platform, announcement.challenge.channel_id
    if isinstance(announcement, GameSetAside):
        return announcement.damaged.platform, announcement.damaged.channel_id
    if isinstance(announcement, TournamentNews):
        return news_where(announcement)
    if isinstance(announcement, DailyPosted | DailyNoneNew):
        return announcement.platform, announcement.channel_id
    game = announcement.moved.game if isinstance(announcement, BotMoved) else announcement.game
    return game.platform, game.channel_id


def addressee(announcement: Announcement) -> str | None:
    """The user a notice is above all for (whose app language it takes when the channel chose none): the
    challenger of an expired challenge; in a game, the person to move (against the bot: the person)."""
    if isinstance(announcement, ChallengeExpired):
        return announcement.challenge.challenger.user_id
    if isinstance(announcement, GameSetAside | DailyPosted | DailyNoneNew):
        return None  # for both players, or the whole channel: the channel's language
    if isinstance(announcement, TournamentNews):
        return news_addressee(announcement)
    game = announcement.moved.game if isinstance(announcement, BotMoved) else announcement.game
    player = game.player(game.turn)
    if player.is_bot:
        player = game.player(game.turn.other)
    return None if player.is_bot else player.user_id


async def render(presenter: Presenter, lang: str, announcement: Announcement, *, reads_typed: bool,
                 facing: Facing = TURNING) -> Reply:
    """The announcement as a reply for its channel; `reads_typed`: typed moves reach the bot in every
    channel of its platform (else a board says how to move with buttons and commands); `facing`: how the
    channel's boards face."""
    reply = await _render(presenter, lang, announcement, reads_typed, facing)
    return replace(reply, channel_id=where(announcement)[1])


async def _render(presenter: Presenter, lang: str, item: Announcement, reads_typed: bool,
                  facing: Facing) -> Reply:
    if isinstance(item, GameSetAside):
        return aside_text.notice(lang, item.damaged)
    if isinstance(item, TournamentNews):
        return await tournament_news(presenter, lang, item, reads_typed=reads_typed)
    if isinstance(item, DailyPosted | DailyNoneNew):
        return await daily_text.notice(lang, item, presenter.workers)
    if isinstance(item, BotMoved):
        return await presenter.moved(lang, Played(item.moved, item.board), BOT_NAME, reads_typed=reads_typed,
                                     facing=facing)
    if isinstance(item, BotDrew):
        return await presenter.ended(lang, item.game, item.board, facing=facing, actor=BOT_NAME)
    if isinstance(item, BotThinking):
        return Reply(catalogue.say(lang, "bot_thinking", name=BOT_NAME), kind=Kind.INFO, game_id=item.game.id)
    if isinstance(item, BotFailed) and item.tries:  # a queued search given up: its player is told
        person = item.game.player(item.game.turn.other)
        return Reply(catalogue.say(lang, "bot_given_up", id=item.game.id, tries=item.tries), kind=Kind.ERROR,
                     game_id=item.game.id, mentions=(Person(person.user_id, person.name),))
    if isinstance(item, BotFailed):
        text = catalogue.say(lang, "bot_failed", id=item.game.id)
        return Reply(text, kind=Kind.ERROR, game_id=item.game.id)
    if isinstance(item, ChallengeExpired):
        challenger = item.challenge.challenger
        text = catalogue.say(lang, "challenge_expired", challenger=challenger.name, id=item.challenge.id)
        return Reply(text,
                     kind=Kind.CHALLENGE, mentions=(Person(challenger.user_id, challenger.name),))
    game = item.game
    silent, waiting = game.player(game.turn), game.player(game.turn.other)
    if isinstance(item, Reminder):  # against the bot nobody claims the win: the game only waits
        key = "reminder_bot" if waiting.is_bot else "reminder"
        text = catalogue.say(lang, key, name=silent.name, id=game.id, other=waiting.name,
                             time=game_text.duration(lang, item.hours_left * 3600, "in"))
        people = (*game_text.mention(game, game.turn), *game_text.mention(game, game.turn.other))
        return Reply(text, mentions=people, kind=Kind.REMINDER, game_id=game.id)
    assert isinstance(item, AbandonAvailable)
    text = catalogue.say(lang, "abandon_available", name=waiting.name, other=silent.name, id=game.id,
                         time=game_text.duration(lang, item.hours * 3600, "for"))
    return Reply(text, mentions=game_text.mention(game, game.turn.other), kind=Kind.REMINDER, game_id=game.id,
                 buttons=(Button.press(Action.CLAIM, game.id, catalogue.say(lang, "btn_claim"), "primary"),))
