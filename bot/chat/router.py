"""One router from `Event` to the handlers: the event is read once into a typed command
(`bot.chat.reading`), which is dispatched by its type (game commands and buttons by their action) to a
handler bound to the dependencies it names (`bot.chat.deps`). A `Refusal` from any layer below becomes
the one private refusal reply here, and so does a database that cannot answer now (`Unavailable`,
`WriteRefused`). A game that cannot be read back is set aside here the first time a request meets it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from bot.chat import broken, challenging, ending, moving, reading, records, review, talking, tapping, typed
from bot.chat.context import Ctx
from bot.chat.deps import Bound, Deps, bind
from bot.chat.events import Event, Person, Reply
from bot.chat.languages import Locales
from bot.chat.limits import Limiter, Throttled
from bot.chat.notifying import COMMANDS as NOTIFY_COMMANDS
from bot.chat.puzzles import COMMANDS as PUZZLE_COMMANDS
from bot.chat.puzzles import play_move as play_or_solve
from bot.chat.tournament import COMMANDS as TOURNAMENT_COMMANDS
from bot.chat.tournament import PRESSES as TOURNAMENT_PRESSES
from bot.domain.model import ChannelSettings, Damaged
from bot.domain.names import clean_name, usable_id
from bot.domain.transitions import Refusal
from bot.flows import aside
from bot.flows import records as on_record
from bot.flows.people import Memory
from bot.presentation import aside_text, catalogue
from bot.presentation.messages import Action, Kind
from bot.storage.repository import StorageError, Unavailable, Unreadable, WriteRefused

Handler = Callable[..., Awaitable[list[Reply]]]

BY_TYPE: dict[type[typed.Command], Handler] = {
    typed.PlayMove: play_or_solve, typed.MoveAttempt: moving.move_attempt,
    typed.MoveDialog: moving.dialog, typed.PickPiece: moving.pick_piece, typed.BoardText: moving.board_text,
    typed.Challenge: challenging.challenge,
    typed.Accept: challenging.accept, typed.Decline: challenging.decline, typed.Cancel: challenging.cancel,
    typed.PlayBot: challenging.play_bot, typed.Draw: ending.draw, typed.Undo: ending.undo,
    typed.Games: records.games, typed.Stats: records.stats, typed.Leaderboard: records.leaderboard,
    typed.Settings: talking.settings, typed.Rules: talking.rules, typed.Question: talking.question,
    typed.Help: talking.help_, typed.NotUnderstood: talking.not_understood, typed.Broken: broken.broken,
    typed.Tap: tapping.tap,
}
ON_GAME: dict[typed.OnGame, Handler] = {
    typed.OnGame.BOARD: moving.show_board, typed.OnGame.MOVES: moving.list_moves,
    typed.OnGame.RESIGN: ending.resign, typed.OnGame.CLAIM: ending.claim,
    typed.OnGame.REMATCH: challenging.rematch, typed.OnGame.PDN: records.pdn, typed.OnGame.GIF: records.gif,
    typed.OnGame.REVIEW: review.review, typed.OnGame.HINT: review.hint,
    typed.OnGame.BUMP: moving.show_board,  # the live board again, at the bottom (`bot.chat.live`)
}
ON_PRESS: dict[Action, Handler] = {
    Action.ACCEPT: challenging.accept_challenge, Action.DECLINE: challenging.decline_challenge,
    Action.CANCEL: challenging.cancel_challenge, Action.RESIGN_ASK: ending.resign_confirm,
    Action.RESIGN: ending.resign, Action.OFFER_DRAW: ending.offer_draw,
    Action.ACCEPT_DRAW: ending.accept_draw, Action.DECLINE_DRAW: ending.decline_draw,
    Action.BOARD: moving.show_board, Action.MOVES: moving.list_moves, Action.MOVE: tapping.move_button,
    Action.MAY_MOVE: moving.may_move, Action.ACCEPT_UNDO: ending.accept_undo,
    Action.DECLINE_UNDO: ending.decline_undo, Action.REMATCH: challenging.rematch, Action.CLAIM: ending.claim,
    Action.PDN: records.pdn, Action.GIF: records.gif, Action.BUMP: moving.show_board,
}

BY_TYPE.update(TOURNAMENT_COMMANDS)
BY_TYPE.update(NOTIFY_COMMANDS)
BY_TYPE.update(PUZZLE_COMMANDS)
ON_PRESS.update(TOURNAMENT_PRESSES)


def cost(command: typed.Command) -> str | None:
    """What the command costs in the user's rate limit: a game command by its name (a GIF or a PDN is
    heavy), the others by their kind."""
    return command.action.value if isinstance(command, typed.GameCommand) else command.limit


class Router:
    """Reads, limits and dispatches events; every handler bound once to what it names."""

    def __init__(self, deps: Deps, limits: Limiter, memory: Memory, locales: Locales) -> None:
        self.deps = deps
        self.limits = limits
        self.memory = memory
        self.locales = locales
        self._by_type: dict[type[typed.Command], Bound] = {key: bind(h, deps) for key, h in BY_TYPE.items()}
        self._on_game: dict[typed.OnGame, Bound] = {key: bind(h, deps) for key, h in ON_GAME.items()}
        self._on_press: dict[Action, Bound] = {key: bind(h, deps) for key, h in ON_PRESS.items()}

    def handler(self, command: typed.Command) -> tuple[Bound, Any]:
        """The bound handler of a command and what it is given first (the command, or its target)."""
        if isinstance(command, typed.GameCommand):
            return self._on_game[command.action], command.target
        if isinstance(command, typed.Press):
            return self._on_press[command.action], command.target
        return self._by_type[type(command)], command

    async def route(self, event: Event) -> list[Reply]:
        """The replies to one event."""
        if not _usable_ids(event):  # a NUL cannot be stored, and a cleaned id could be another's
            return [_error(catalogue.locale_language(event.locale) or self.deps.config.language, "bad-id")]
        user = Person(str(event.user.user_id)[:128], clean_name(event.user.name))
        platform, channel = str(event.platform)[:32], str(event.channel_id)[:128]
        try:
            with self.limits.in_hand(platform, user.user_id):
                return await self._route(event, user, platform, channel)
        except Throttled as busy:  # too much in hand: one word for everyone, none for a flooding user
            lang = catalogue.locale_language(event.locale) or self.deps.config.language
            return [] if busy.silent else [_error(lang, busy.key)]

    async def _route(self, event: Event, user: Person, platform: str, channel: str) -> list[Reply]:
        config = self.deps.config
        try:
            settings = await on_record.settings(self.deps.repository, platform, channel)
        except Unavailable:  # the defaults, and the command says what it could not do
            settings = ChannelSettings()
        locale = self.locales.note(platform, user.user_id, event.locale)
        lang = catalogue.reply_language(settings.language, locale, config.language)
        chosen = bool(settings.language or catalogue.locale_language(locale))
        ctx = Ctx(event, lang, platform, channel, user, settings.variant or config.variant, chosen,
                  settings.orientation)
        # names and usernames the platform shows, kept even from plain chat
        shown = [event.user, *event.mentions, *((event.replied_to,) if event.replied_to else ())]
        await self.memory.note(platform, channel, shown, self.deps.desk.clock())
        command: typed.Command | None = None
        try:
            command = reading.read(event, platform)
            if command is None:
                return []
            if (spent := cost(command)) is not None:
                self.limits.admit(platform, user.user_id, spent)
            handler, first = self.handler(command)
            return await handler(first, ctx)
        except Refusal as refusal:
            return [self.deps.presenter.refusal(lang, refusal)]
        except Throttled as throttled:  # over the user's rate: said once, then quiet until it refills
            # A Discord slash command or button press is an interaction: it must get an answer.
            if throttled.silent and not (platform == "discord" and (event.command or event.button)):
                return []
            return [_error(lang, throttled.key, **throttled.values)]
        except WriteRefused as refused:  # read-only, or the file is gone: nothing was saved
            return [_error(lang, "storage-read-only" if refused.reason == "read_only" else "storage-gone")]
        except Unavailable as down:  # down or busy: said once in the log by the storage
            return [_error(lang, unavailable(down, command))]
        except Unreadable as unreadable:
            return await self._set_aside(unreadable.damaged, ctx)

    async def _set_aside(self, damaged: Damaged, ctx: Ctx) -> list[Reply]:
        """A request met a game that cannot be read: set it aside, telling its channel if this did."""
        reply = aside_text.unreadable(ctx.lang, damaged)
        try:
            told = await aside.set_aside(self.deps.desk, damaged) and damaged.active
        except StorageError:  # not now: the next request that meets it tries again
            told = False
        if not told:
            return [reply]
        notice = aside_text.notice(ctx.lang, damaged)
        if (damaged.platform, damaged.channel_id) == (ctx.platform, ctx.channel):
            return [notice]
        await self.deps.post(damaged.platform, damaged.channel_id, notice)
        return [reply]


def _usable_ids(event: Event) -> bool:
    """Whether every id the event carries (platform, channel, the people) can be stored as it is."""
    people = (event.user, *event.mentions, *((event.replied_to,) if event.replied_to else ()))
    ids = (event.platform, event.channel_id, *(person.user_id for person in people))
    return all(usable_id(str(text)) for text in ids)


def unavailable(down: Unavailable, command: typed.Command | None) -> str:
    """The message for a request the database could not answer: a move was not saved, or may have been."""
    if down.unsure:
        return "storage-unsure"
    moving = isinstance(command, typed.PlayMove) or (
        isinstance(command, typed.Draw) and command.move is not None)
    return f"storage-{down.reason}{'-move' if moving else ''}"


def _error(lang: str, key: str, **values: object) -> Reply:
    return Reply(catalogue.say(lang, key, **values), private=True, kind=Kind.ERROR)
