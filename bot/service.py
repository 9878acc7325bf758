"""The game service: the conversation between players and the bot, shared by every chat platform.

`GameService.handle` takes a neutral `Event` and returns neutral `Reply` objects; it knows nothing of
Discord or Telegram. Games, challenges, offers and ratings live in `Storage`; every change is committed
(version-checked for games) before the reply goes out. Background work (challenge expiry, reminders,
abandonment notices, the built-in opponent's moves) posts `Notice`s through the sender each adapter
registers with `add_sender`.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, replace
from typing import Any

from bot import parsing
from bot.chat.commands import COMMANDS
from bot.chat.events import Attachment, Button, Event, Notice, Person, Reply, Sender
from bot.config import Config
from bot.games import (
    BOT_ID,
    BOT_NAME,
    colour_key,
    colour_of,
    finish,
    is_bot,
    offer_to,
    player_color,
    player_id,
    player_name,
    turn_of,
    variant_name,
    win,
)
from bot.opponent import ChooseMove, Opponent
from bot.pictures import Pictures, flipped_for, text_board
from bot.presentation import rules_help, texts, views
from bot.storage import Busy, ChallengeRecord, GameRecord, NewGame, Pending, Storage
from engine import Board, Color, IllegalMoveError, Move, MoveError

log = logging.getLogger(__name__)

__all__ = ["BOT_ID", "BOT_NAME", "GameService", "player_id", "turn_of"]

DEFAULT_LEVEL = 2
BOARD_CACHE = 512
MAX_LISTED_MOVES = 24


ACCEPT_WORDS = frozenset({"accept", "yes", "y", "ok", "hyväksy", "kyllä", "joo"})
DECLINE_WORDS = frozenset({"decline", "no", "n", "refuse", "reject", "hylkää", "ei", "kiellä"})
OFFER_WORDS = frozenset({"offer", "request", "tarjoa", "pyydä", "pyyntö"})
OPEN_WORDS = frozenset({"open", "anyone", "all", "avoin", "kaikki", "kuka", "tahansa"})
TOURNAMENT_WORDS = frozenset({"tournament", "turnaus", "strict"})
COLOUR_WORDS = {
    "white": "white", "w": "white", "valkoinen": "white", "valkea": "white",
    "black": "black", "b": "black", "red": "black", "r": "black", "musta": "black", "punainen": "black",
    "random": "random", "any": "random", "toss": "random", "arvo": "random", "satunnainen": "random",
}
# Refusals where listing every legal move helps the player.
LIST_ALL_FOR = frozenset({
    "capture_compulsory", "no_piece", "opponent_piece", "not_maximum", "must_capture_with_king",
    "must_capture_more_kings", "must_meet_king_earlier", "man_cannot_capture_king",
})


@dataclass(frozen=True)
class Ctx:
    """One event, cleaned, with the language to answer in."""

    event: Event
    lang: str
    platform: str
    channel: str
    user: Person
    now: float

    def say(self, key: str, **values: object) -> str:
        return texts.say(self.lang, key, **values)


Handler = Callable[[Ctx, tuple[str, ...]], Awaitable[list[Reply]]]


class GameService:
    """Games, challenges and the conversation around them (implements `bot.chat.events.Service`)."""

    def __init__(self, storage: Storage, config: Config, *, clock: Callable[[], float] = time.time,
                 rng: random.Random | None = None, choose_move: ChooseMove | None = None) -> None:
        self.storage = storage
        self.config = config
        self.clock = clock
        self.rng = rng or random.Random()
        self.opponent = Opponent(config.opponent.workers, choose_move)
        self.thinking_after = 1.0  # seconds before the opponent posts a "thinking" note
        self._senders: dict[str, Sender] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._boards: OrderedDict[int, tuple[int, Board]] = OrderedDict()
        self._settings: dict[tuple[str, str], tuple[str | None, str | None]] = {}
        self._known: set[tuple[str, str, str]] = set()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._maintenance: asyncio.Task[None] | None = None
        theme = config.picture.theme
        self.pictures = Pictures(config.picture.size, None if theme in ("", "auto") else theme,
                                 workers=config.picture.workers)
        self._commands: dict[str, Handler] = {
            "challenge": self._cmd_challenge, "accept": self._cmd_accept, "decline": self._cmd_decline,
            "cancel": self._cmd_cancel, "play": self._cmd_play, "move": self._cmd_move,
            "board": self._cmd_board, "moves": self._cmd_moves, "resign": self._cmd_resign,
            "draw": self._cmd_draw, "claim": self._cmd_claim, "undo": self._cmd_undo,
            "rematch": self._cmd_rematch, "games": self._cmd_games, "pdn": self._cmd_pdn,
            "gif": self._cmd_gif,
            "rules": self._cmd_rules, "stats": self._cmd_stats, "leaderboard": self._cmd_leaderboard,
            "settings": self._cmd_settings, "help": self._cmd_help,
        }
        # Button ids are "<action>:<challenge or game id>".
        self._buttons: dict[str, Callable[[Ctx, int], Awaitable[list[Reply]]]] = {
            "acc": self._accept_challenge, "dec": self._decline_challenge, "can": self._cancel_challenge,
            "res": self._resign_confirm, "rsc": self._resign, "dro": self._offer_draw,
            "dra": self._accept_draw, "drd": self._decline_draw, "brd": self._show_board,
            "lst": self._list_moves, "mov": self._move_dialog, "una": self._accept_undo,
            "und": self._decline_undo, "rem": self._rematch, "clm": self._claim, "pdn": self._pdn,
            "gif": self._gif,
        }

    # -- lifecycle -------------------------------------------------------------------------------

    async def start(self) -> None:
        """Start the background sweeps and let the built-in opponent resume games where it is to move."""
        await self.pictures.start()
        if self._maintenance is None:
            self._maintenance = asyncio.create_task(self._maintenance_loop(), name="tammi-maintenance")
        for game in await self.storage.active_games():
            if game.bot_level is not None and is_bot(player_id(game, turn_of(game))):
                self._spawn(self._bot_turn(game.id))

    async def close(self) -> None:
        """Stop background work (the storage is closed by its owner)."""
        if self._maintenance is not None:
            self._maintenance.cancel()
            await asyncio.gather(self._maintenance, return_exceptions=True)
            self._maintenance = None
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self.pictures.close()
        await self.opponent.close()

    async def wait_idle(self) -> None:
        """Wait until background game work (the opponent's moves) is done; for the console and tests."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    def add_sender(self, platform: str, sender: Sender) -> None:
        self._senders[platform] = sender

    def _spawn(self, coroutine: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _notify(self, platform: str, channel_id: str, reply: Reply) -> None:
        sender = self._senders.get(platform)
        if sender is None:
            log.debug("no sender for %s; notice dropped: %s", platform, reply.text[:80])
            return
        try:
            await sender(Notice(platform, channel_id, reply))
        except Exception:
            log.exception("sending a notice to %s/%s failed", platform, channel_id)

    # -- the Service protocol --------------------------------------------------------------------

    async def handle(self, event: Event) -> list[Reply]:
        """Answer one event. Unexpected errors become a polite reply and a log entry."""
        lang = self._locale_lang(event.locale) or self.config.language
        try:
            return await self._handle(event)
        except Exception:
            log.exception("error while handling an event in %s/%s", event.platform, event.channel_id)
            return [Reply(texts.say(lang, "internal_error"), private=True, kind="error")]

    async def suggest_moves(self, platform: str, channel_id: str, user_id: str) -> list[str]:
        game = await self.storage.active_game_for(platform, channel_id, user_id)
        if game is None or player_id(game, turn_of(game)) != user_id:
            return []
        board = await self._board(game)
        return [str(move) for move in board.legal_moves]

    def rule_topics(self, locale: str | None) -> list[tuple[str, str]]:
        lang = self._locale_lang(locale) or self.config.language
        return [(topic, rules_help.topic_title(topic, lang)) for topic in rules_help.TOPICS]

    async def text_board(self, game_id: int, *, flipped: bool | None = None) -> str | None:
        """A game's board as text (for the console); by default from the side to move."""
        game = await self.storage.get_game(game_id)
        if game is None:
            return None
        board = await self._board(game)
        if flipped is None:
            flipped = flipped_for(board.turn)
        return text_board(board, flipped=flipped)

    # -- languages and settings ------------------------------------------------------------------

    @staticmethod
    def _locale_lang(locale: str | None) -> str | None:
        if not locale:
            return None
        code = locale.strip().lower().replace("_", "-").split("-", 1)[0]
        return code if code in ("en", "fi") else None

    async def _channel_settings(self, platform: str, channel_id: str) -> tuple[str | None, str | None]:
        key = (platform, channel_id)
        if key not in self._settings:
            self._settings[key] = await self.storage.channel_settings(platform, channel_id)
            if len(self._settings) > 10000:
                self._settings.clear()
        return self._settings[key]

    async def _channel_lang(self, platform: str, channel_id: str) -> str:
        language, _ = await self._channel_settings(platform, channel_id)
        return language or self.config.language

    async def _channel_variant(self, platform: str, channel_id: str) -> str:
        _, variant = await self._channel_settings(platform, channel_id)
        return variant or self.config.variant

    # -- dispatch --------------------------------------------------------------------------------

    async def _handle(self, event: Event) -> list[Reply]:
        user = Person(str(event.user.user_id)[:128], parsing.clean_name(event.user.name))
        platform = str(event.platform)[:32]
        channel = str(event.channel_id)[:128]
        # a language the channel chose wins over each user's own client language
        setting, _ = await self._channel_settings(platform, channel)
        lang = setting or self._locale_lang(event.locale) or self.config.language
        ctx = Ctx(event, lang, platform, channel, user, self.clock())
        if event.button:
            await self._remember(ctx)
            return await self._button(ctx, event.button)
        if event.command:
            name = parsing.resolve_command(event.command.lstrip("/"))
            if name is None:
                return [Reply(ctx.say("not_understood"), private=True, kind="error")]
            await self._remember(ctx)
            args = tuple(parsing.clean(arg, 400) for arg in event.args)
            if sum(len(arg) for arg in args) > parsing.MAX_TEXT:
                return [Reply(ctx.say("too_long"), private=True, kind="error")]
            return await self._commands[name](ctx, tuple(arg for arg in args if arg))
        return await self._text(ctx)

    async def _text(self, ctx: Ctx) -> list[Reply]:
        event = ctx.event
        raw = event.text or ""
        bare = ctx.platform == "console" or event.addressed or event.is_private_chat
        if len(raw) > parsing.MAX_TEXT:
            head = parsing.clean(raw[:200])
            if parsing.find_command(head, bare=bare) or event.addressed:
                return [Reply(ctx.say("too_long"), private=True, kind="error")]
            return []
        text = parsing.clean(raw)
        if not text:
            return []
        typed = parsing.find_command(text, bare=bare)
        if typed is not None:
            await self._remember(ctx)
            if typed.command == "?":
                return [Reply(ctx.say("not_understood"), private=True, kind="error")]
            return await self._commands[typed.command](ctx, typed.args)
        move = parsing.find_move(text)
        if move is not None:
            game = await self.storage.active_game_for(ctx.platform, ctx.channel, ctx.user.user_id)
            if game is not None:
                await self._remember(ctx)
                return await self._move(ctx, game.id, move.text, offer_draw=move.offer_draw)
            if bare:
                return [Reply(ctx.say("no_game"), private=True, kind="error")]
            return []
        if bare:
            if "?" in text or event.addressed:
                topic = rules_help.find_topic(text, ctx.lang)
                if topic:
                    return await self._explain(ctx, topic, rules_help.find_variant(text))
            return [Reply(ctx.say("not_understood"), private=True, kind="help")]
        return []

    async def _remember(self, ctx: Ctx) -> None:
        people = [ctx.user, *(Person(str(p.user_id)[:128], parsing.clean_name(p.name))
                              for p in ctx.event.mentions)]
        for person in people:
            key = (ctx.platform, person.user_id, person.name)
            if key in self._known:
                continue
            await self.storage.remember_person(ctx.platform, person.user_id, person.name, ctx.now)
            self._known.add(key)
            if len(self._known) > 50000:
                self._known.clear()

    async def _button(self, ctx: Ctx, button: str) -> list[Reply]:
        action, _, number = button.partition(":")
        try:
            ident = int(number) if len(number) <= 18 else -1
        except ValueError:
            ident = -1
        if ident < 0:
            return [Reply(ctx.say("unknown_button"), private=True, kind="error")]
        handler = self._buttons.get(action)
        if handler is None:
            return [Reply(ctx.say("unknown_button"), private=True, kind="error")]
        return await handler(ctx, ident)

    # -- helpers ---------------------------------------------------------------------------------

    def _lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            if len(self._locks) > 10000:
                self._locks = {key: held for key, held in self._locks.items() if held.locked()}
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    async def _board(self, game: GameRecord) -> Board:
        """The game's board with its history (a private copy the caller may change)."""
        cached = self._boards.get(game.id)
        if cached is not None and cached[0] == game.version:
            self._boards.move_to_end(game.id)
            return cached[1].copy()
        board = Board(game.variant, fen=game.start_fen)
        for text in game.moves:
            board.push(board.parse_move(text))
        self._keep_board(game, board)
        return board.copy()

    def _keep_board(self, game: GameRecord, board: Board) -> None:
        self._boards[game.id] = (game.version, board.copy())
        self._boards.move_to_end(game.id)
        if len(self._boards) > BOARD_CACHE:
            self._boards.popitem(last=False)

    async def _picture(self, board: Board, flipped: bool) -> Attachment | None:
        data = await self.pictures.board_png(board, flipped=flipped)
        return Attachment(data, "board.png") if data else None

    async def _board_reply(self, lang: str, game: GameRecord, board: Board, lines: list[str], *,
                           viewer: Color | None = None, kind: str = "board") -> Reply:
        """A message with the board picture, the summary fields and the game's buttons."""
        if viewer is None:
            viewer = turn_of(game) if game.active else None
        mentions: tuple[Person, ...] = ()
        if game.active:
            person = views.person(game, turn_of(game))
            mentions = (person,) if person else ()
        picture = await self._picture(board, flipped_for(viewer))
        return Reply("\n".join(line for line in lines if line), attachment=picture,
                     buttons=views.game_buttons(lang, game), title=views.title(lang, game),
                     fields=views.fields(lang, game), mentions=mentions, kind=kind, game_id=game.id)

    def _refusal(self, ctx: Ctx, key: str, **values: object) -> list[Reply]:
        return [Reply(ctx.say(key, **values), private=True, kind="error")]

    @staticmethod
    def _typed_id(args: tuple[str, ...]) -> int | None:
        """The game id typed as `#id` or `id` among the arguments, if any."""
        for arg in args:
            text = arg.lstrip("#")
            if text.isdecimal() and len(text) < 12:
                return int(text)
        return None

    async def _game_id_for(self, ctx: Ctx, args: tuple[str, ...]) -> int | None:
        """The game a command is about: the id typed in args, else the user's active game here."""
        typed = self._typed_id(args)
        if typed is not None:
            return typed
        game = await self.storage.active_game_for(ctx.platform, ctx.channel, ctx.user.user_id)
        return game.id if game else None

    async def _shown_game_id(self, ctx: Ctx, args: tuple[str, ...]) -> int | None:
        """The game to show: as `_game_id_for`, else the user's last game here (finished ones too)."""
        game_id = await self._game_id_for(ctx, args)
        if game_id is None:
            game = await self.storage.last_game_for(ctx.platform, ctx.channel, ctx.user.user_id)
            game_id = game.id if game else None
        return game_id

    async def _stored_game(self, ctx: Ctx, game_id: int) -> GameRecord | list[Reply]:
        """The game with this id on the user's platform, or the refusal to send."""
        game = await self.storage.get_game(game_id)
        if game is None or game.platform != ctx.platform:
            return self._refusal(ctx, "no_such_game", id=game_id)
        return game

    async def _player_game(self, ctx: Ctx, game_id: int | None) -> tuple[GameRecord, Color] | list[Reply]:
        """The user's game (by id, or their active game here) and colour, or the refusal to send."""
        if game_id is None:
            game = await self.storage.active_game_for(ctx.platform, ctx.channel, ctx.user.user_id)
            if game is None:
                return self._refusal(ctx, "no_game")
        else:
            found = await self._stored_game(ctx, game_id)
            if isinstance(found, list):
                return found
            game = found
        color = player_color(game, ctx.user.user_id)
        if color is None:
            return self._refusal(ctx, "not_a_player", id=game.id)
        if not game.active:
            return self._refusal(ctx, "game_finished", id=game.id)
        return game, color

    # -- moves -----------------------------------------------------------------------------------

    async def _move(self, ctx: Ctx, game_id: int, text: str, *, offer_draw: bool = False) -> list[Reply]:
        async with self._lock(game_id):
            found = await self._player_game(ctx, game_id)
            if isinstance(found, list):
                return found
            game, color = found
            turn = turn_of(game)
            if turn is not color:
                return self._refusal(ctx, "not_your_turn", side=views.side(ctx.lang, game, turn),
                                     name=player_name(game, turn))
            board = await self._board(game)
            try:
                move = board.parse_move(text)
            except MoveError as error:
                return await self._refuse_move(ctx, game, board, error)
            board.push(move)
            result = await self._commit_move(game, board, move, offer_draw=offer_draw, now=ctx.now)
            if result is None:
                return self._refusal(ctx, "conflict")
            saved, notes = result
        reply = await self._move_reply(ctx.lang, saved, board, color, move, notes, mover_name=ctx.user.name)
        if saved.active and saved.bot_level is not None:
            self._spawn(self._bot_turn(saved.id))
        return [reply]

    async def _commit_move(self, game: GameRecord, after: Board, move: Move, *, offer_draw: bool,
                           now: float) -> tuple[GameRecord, list[str]] | None:
        """Store `move`, just pushed on `after`, if the game is unchanged; returns (record, note keys)."""
        mover = after.turn.other  # every move passes the turn
        notes: list[str] = []
        declined = offer_to(game, mover)
        if declined:
            notes.append("draw_declined_by_move" if declined == "draw" else "undo_declined_by_move")
        changes: dict[str, Any] = {"moves": (*game.moves, str(move)), "fen": after.fen(), "updated_at": now,
                                   "reminded": 0, "offer": None, "offer_by": None}
        outcome = after.outcome()
        if outcome is None:
            claim = after.claimable_draw()
            if claim and claim != game.claim_noted:
                notes.append(f"claim:{claim}")
            changes["claim_noted"] = claim
            if offer_draw:
                changes["offer"], changes["offer_by"] = "draw", colour_key(mover)
                notes.append("offered")
            new = game.replace(**changes)
        else:
            result = "1/2-1/2" if outcome.winner is None else win(outcome.winner)
            new = finish(game.replace(**changes), result, outcome.reason, now, claim_noted=None)
        saved = await self.storage.update_game(new, expected_version=game.version)
        if saved is None:
            return None
        self._keep_board(saved, after)
        return saved, notes

    async def _move_reply(self, lang: str, game: GameRecord, board: Board, mover: Color, move: Move,
                          notes: list[str], *, mover_name: str) -> Reply:
        lines = [texts.say(lang, "moved", name=mover_name, move=str(move))]
        for note in notes:
            if note.startswith("claim:"):
                continue
            if note == "offered":
                lines.append(texts.say(lang, "draw_offered", name=views.who(lang, game, mover),
                                       opponent=player_name(game, mover.other)))
            else:
                lines.append(texts.say(lang, note))
        if game.active:
            lines.append(views.turn_line(lang, game))
            for note in notes:
                if note.startswith("claim:"):
                    lines.append(texts.say(lang, "claim_possible",
                                           kind=texts.say(lang, "kind_" + note.split(":", 1)[1])))
        else:
            lines.append(views.end_text(lang, game, abandon_after=self.config.abandon_after))
        return await self._board_reply(lang, game, board, lines)

    async def _refuse_move(self, ctx: Ctx, game: GameRecord, board: Board, error: MoveError) -> list[Reply]:
        reason = str(error.reason)
        shown = error.text if len(error.text) <= 40 else error.text[:40] + "…"
        lines = [ctx.say("refused", move=shown, reason=texts.reason(ctx.lang, reason, **error.details))]
        options = [str(m) for m in error.candidates]
        if not options and reason in LIST_ALL_FOR:
            options = [str(m) for m in board.legal_moves]
        if options:
            listed = ", ".join(options[:MAX_LISTED_MOVES]) + (" …" if len(options) > MAX_LISTED_MOVES else "")
            lines.append(ctx.say("refused_options", moves=listed))
        topic = rules_help.topic_for_reason(reason)
        lines.append(ctx.say("rule_pointer", topic=topic, title=rules_help.topic_title(topic, ctx.lang)))
        if not (game.tournament and isinstance(error, IllegalMoveError)):
            return [Reply("\n".join(lines), private=True, kind="error", game_id=game.id)]
        color = board.turn
        strikes = (game.strikes_white if color is Color.WHITE else game.strikes_black) + 1
        column = "strikes_white" if color is Color.WHITE else "strikes_black"
        if strikes >= 2:
            new = finish(game.replace(updated_at=ctx.now, **{column: strikes}), win(color.other),
                         "illegal_moves", ctx.now)
        else:
            new = game.replace(**{column: strikes})
        saved = await self.storage.update_game(new, expected_version=game.version)
        if saved is None:
            return self._refusal(ctx, "conflict")
        self._keep_board(saved, board)
        if saved.active:
            lines.append(ctx.say("tournament_warning"))
            return [Reply("\n".join(lines), kind="error", game_id=game.id)]
        lines.append(views.end_text(ctx.lang, saved, abandon_after=self.config.abandon_after))
        return [await self._board_reply(ctx.lang, saved, board, lines)]

    async def _cmd_move(self, ctx: Ctx, args: tuple[str, ...]) -> list[Reply]:
        typed = parsing.find_move(" ".join(args)) if args else None
        game = await self.storage.active_game_for(ctx.platform, ctx.channel, ctx.user.user_id)
        if game is None:
            return self._refusal(ctx, "no_game")
        if not args:
            return await self._move_dialog(ctx, game.id)
        if typed is None:
            # Let the engine explain what is wrong with it.
            return await self._move(ctx, game.id, " ".join(args)[:200])
        return await self._move(ctx, game.id, typed.text, offer_draw=typed.offer_draw)

    async def _move_dialog(self, ctx: Ctx, game_id: int) -> list[Reply]:
        """What a "move" button means where the platform has no dialog: the moves and how to type one."""
        return await self._list_moves(ctx, game_id, how_to=True)

    async def _list_moves(self, ctx: Ctx, game_id: int, *, how_to: bool = False) -> list[Reply]:
        game = await self._stored_game(ctx, game_id)
        if isinstance(game, list):
            return game
        if not game.active:
            return self._refusal(ctx, "game_finished", id=game.id)
        board = await self._board(game)
        legal = [str(m) for m in board.legal_moves]
        moves = ", ".join(legal)
        turn = board.turn
        side = views.side(ctx.lang, game, turn)
        if player_id(game, turn) == ctx.user.user_id:
            text = ctx.say("legal_moves", side=side, moves=moves)
        else:
            text = ctx.say("legal_moves_wait", side=side, name=player_name(game, turn), moves=moves)
        replies = [Reply(text, private=True, kind="moves", game_id=game.id)]
        if how_to and legal:
            replies.append(Reply(ctx.say("how_to_move", example=legal[0]), private=True, kind="help"))
        return replies

    async def _cmd_moves(self, ctx: Ctx, args: tuple[str, ...]) -> list[Reply]:
        game_id = await self._game_id_for(ctx, args)
        if game_id is None:
            return self._refusal(ctx, "no_game")
        return await self._list_moves(ctx, game_id)

    async def _show_board(self, ctx: Ctx, game_id: int) -> list[Reply]:
        game = await self._stored_game(ctx, game_id)
        if isinstance(game, list):
            return game
        board = await self._board(game)
        viewer = player_color(game, ctx.user.user_id)
        if viewer is None:
            viewer = turn_of(game) if game.active else Color.WHITE
        lines = [views.title(ctx.lang, game)]
        if game.moves:
            lines.append(ctx.say("board_moves", count=len(game.moves), last=game.moves[-1]))
        else:
            lines.append(ctx.say("board_no_moves"))
        if game.active:
            lines.append(views.turn_line(ctx.lang, game))
        else:
            lines.append(views.end_text(ctx.lang, game, abandon_after=self.config.abandon_after))
        if game.active and game.offer == "draw":
            offerer = colour_of(game.offer_by) or Color.WHITE
            lines.append(ctx.say("draw_offered", name=views.who(ctx.lang, game, offerer),
                                 opponent=player_name(game, offerer.other)))
        return [await self._board_reply(ctx.lang, game, board, lines, viewer=viewer)]

    async def _cmd_board(self, ctx: Ctx, args: tuple[str, ...]) -> list[Reply]:
        game_id = await self._shown_game_id(ctx, args)
        if game_id is None:
            return self._refusal(ctx, "no_game")
        return await self._show_board(ctx, game_id)

    # -- challenges ------------------------------------------------------------------------------

    async def _find_person(self, ctx: Ctx, words: list[str]) -> Person | str | None:
        """The person named by mentions or typed words; a str is the unknown name."""
        for person in ctx.event.mentions:
            if person.user_id != ctx.user.user_id or len(ctx.event.mentions) == 1:
                return Person(str(person.user_id)[:128], parsing.clean_name(person.name))
        if not words:
            return None
        name = " ".join(words).lstrip("@").strip()[: parsing.MAX_NAME]
        if not name:
            return None
        found = await self.storage.find_person(ctx.platform, name)
        if found is not None:
            return Person(found[0], found[1])
        if ctx.platform == "console":
            return Person(name, parsing.clean_name(name))
        return name

    async def _cmd_challenge(self, ctx: Ctx, args: tuple[str, ...]) -> list[Reply]:
        variant = await self._channel_variant(ctx.platform, ctx.channel)
        colour = "random"
        tournament = False
        open_challenge = False
        name_words: list[str] = []
        for arg in args:
            word = arg.casefold()
            if word in COLOUR_WORDS:
                colour = COLOUR_WORDS[word]
            elif word in TOURNAMENT_WORDS:
                tournament = True
            elif word in OPEN_WORDS:
                open_challenge = True
            elif not word.startswith("@") and variant_name(word):
                variant = variant_name(word) or variant
            else:
                name_words.append(arg)
        target: Person | None = None
        if not open_challenge:
            found = await self._find_person(ctx, name_words)
            if isinstance(found, str):
                return self._refusal(ctx, "unknown_person", name=found)
            target = found
        return await self._create_challenge(ctx, target, variant, colour, tournament)

    async def _create_challenge(self, ctx: Ctx, target: Person | None, variant: str, colour: str,
                                tournament: bool, rematch_of: int | None = None) -> list[Reply]:
        if target is not None and target.user_id == ctx.user.user_id:
            return self._refusal(ctx, "challenge_self")
        busy = await self.storage.active_game_for(ctx.platform, ctx.channel, ctx.user.user_id)
        if busy is not None:
            return self._refusal(ctx, "challenge_busy_self", id=busy.id)
        if target is not None and is_bot(target.user_id):
            return self._refusal(ctx, "challenge_self")
        if target is not None and await self.storage.active_game_for(ctx.platform, ctx.channel,
                                                                     target.user_id):
            return self._refusal(ctx, "challenge_busy_other", name=target.name)
        try:
            challenge = await self.storage.create_challenge(
                platform=ctx.platform, channel_id=ctx.channel, challenger_id=ctx.user.user_id,
                challenger_name=ctx.user.name, target_id=target.user_id if target else None,
                target_name=target.name if target else None, variant=variant, colour=colour,
                tournament=tournament, created_at=ctx.now,
                expires_at=ctx.now + self.config.challenge_expiry * 60, rematch_of=rematch_of,
            )
        except Pending as pending:
            return self._refusal(ctx, "challenge_pending", id=pending.challenge_id)
        return [views.challenge_reply(ctx.lang, challenge, self.config.challenge_expiry)]

    async def _challenge_for_answer(self, ctx: Ctx, args: tuple[str, ...]) -> ChallengeRecord | None:
        """The open challenge an `accept`/`decline` without a button means."""
        pending = await self.storage.open_challenges(ctx.platform, ctx.channel, now=ctx.now)
        for arg in args:
            text = arg.lstrip("#")
            if text.isdecimal():
                return next((c for c in pending if c.id == int(text)), None)
        if args or ctx.event.mentions:
            found = await self._find_person(ctx, list(args))
            if isinstance(found, Person):
                pending = [c for c in pending if c.challenger_id == found.user_id]
        direct = [c for c in pending if c.target_id == ctx.user.user_id]
        if direct:
            return direct[0]
        return next((c for c in pending if c.target_id is None and c.challenger_id != ctx.user.user_id), None)

    async def _offer_to_answer(self, ctx: Ctx) -> GameRecord | None:
        """The user's active game here if the opponent's draw offer or take-back request awaits them."""
        game = await self.storage.active_game_for(ctx.platform, ctx.channel, ctx.user.user_id)
        if game is None or not offer_to(game, player_color(game, ctx.user.user_id)):
            return None
        return game

    async def _cmd_accept(self, ctx: Ctx, args: tuple[str, ...]) -> list[Reply]:
        # An offer in the user's own game comes first: while playing they cannot start another game.
        game = None if args else await self._offer_to_answer(ctx)
        if game is not None:
            if game.offer == "draw":
                return await self._accept_draw(ctx, game.id)
            return await self._accept_undo(ctx, game.id)
        challenge = await self._challenge_for_answer(ctx, args)
        if challenge is not None:
            return await self._accept_challenge(ctx, challenge.id)
        pending = await self.storage.open_challenges(ctx.platform, ctx.channel, now=ctx.now)
        own = any(c.challenger_id == ctx.user.user_id for c in pending)
        return self._refusal(ctx, "challenge_own" if own else "no_challenge")

    async def _cmd_decline(self, ctx: Ctx, args: tuple[str, ...]) -> list[Reply]:
        game = None if args else await self._offer_to_answer(ctx)
        if game is not None:
            if game.offer == "draw":
                return await self._decline_draw(ctx, game.id)
            return await self._decline_undo(ctx, game.id)
        pending = await self.storage.open_challenges(ctx.platform, ctx.channel, now=ctx.now)
        direct = [c for c in pending if c.target_id == ctx.user.user_id]
        if direct:
            return await self._decline_challenge(ctx, direct[0].id)
        return self._refusal(ctx, "no_challenge")

    async def _cmd_cancel(self, ctx: Ctx, args: tuple[str, ...]) -> list[Reply]:
        pending = await self.storage.open_challenges(ctx.platform, ctx.channel, now=ctx.now)
        own = [c for c in pending if c.challenger_id == ctx.user.user_id]
        if not own:
            return self._refusal(ctx, "challenge_nothing_to_cancel")
        return await self._cancel_challenge(ctx, own[0].id)

    async def _open_challenge(self, ctx: Ctx, challenge_id: int) -> ChallengeRecord | list[Reply]:
        challenge = await self.storage.get_challenge(challenge_id)
        if (challenge is None or challenge.platform != ctx.platform or challenge.status != "open"
                or challenge.expires_at <= ctx.now):
            return self._refusal(ctx, "challenge_gone")
        return challenge

    async def _accept_challenge(self, ctx: Ctx, challenge_id: int) -> list[Reply]:
        found = await self._open_challenge(ctx, challenge_id)
        if isinstance(found, list):
            return found
        challenge = found
        if challenge.challenger_id == ctx.user.user_id:
            return self._refusal(ctx, "challenge_own")
        if challenge.target_id is not None and challenge.target_id != ctx.user.user_id:
            return self._refusal(ctx, "challenge_not_for_you", name=challenge.target_name)
        colour = challenge.colour
        if colour == "random":
            colour = "white" if self.rng.random() < 0.5 else "black"
        challenger = Person(challenge.challenger_id, challenge.challenger_name)
        white, black = (challenger, ctx.user) if colour == "white" else (ctx.user, challenger)
        new = NewGame(platform=ctx.platform, channel_id=challenge.channel_id, variant=challenge.variant,
                      white_id=white.user_id, white_name=white.name, black_id=black.user_id,
                      black_name=black.name, start_fen=Board(challenge.variant).fen(), created_at=ctx.now,
                      rated=True, tournament=challenge.tournament)
        try:
            game = await self.storage.accept_challenge(challenge.id, new)
        except Busy as busy:
            if busy.user_id == ctx.user.user_id:
                mine = await self.storage.active_game_for(ctx.platform, challenge.channel_id, busy.user_id)
                return self._refusal(ctx, "challenge_busy_self", id=mine.id if mine else "?")
            return self._refusal(ctx, "challenge_busy_other", name=challenge.challenger_name)
        if game is None:
            return self._refusal(ctx, "challenge_gone")
        return [await self._start_reply(ctx.lang, game)]

    async def _start_reply(self, lang: str, game: GameRecord) -> Reply:
        board = await self._board(game)
        lines = [texts.say(lang, "game_started", id=game.id, white=game.white_name, black=game.black_name,
                           white_side=views.side(lang, game, Color.WHITE),
                           black_side=views.side(lang, game, Color.BLACK),
                           variant=texts.variant_title(lang, game.variant))]
        if game.tournament:
            lines.append(texts.say(lang, "tournament_note"))
        lines.append(views.turn_line(lang, game))
        example = next(iter(board.legal_moves), None)
        if example is not None:
            lines.append(texts.say(lang, "how_to_move", example=str(example)))
        return await self._board_reply(lang, game, board, lines, kind="board")

    async def _decline_challenge(self, ctx: Ctx, challenge_id: int) -> list[Reply]:
        found = await self._open_challenge(ctx, challenge_id)
        if isinstance(found, list):
            return found
        if found.challenger_id == ctx.user.user_id:
            return await self._cancel_challenge(ctx, challenge_id)
        if found.target_id != ctx.user.user_id:
            if found.target_id is None:
                return self._refusal(ctx, "no_challenge")
            return self._refusal(ctx, "challenge_not_for_you", name=found.target_name)
        if not await self.storage.close_challenge(found.id, "declined"):
            return self._refusal(ctx, "challenge_gone")
        return [Reply(ctx.say("challenge_declined", name=ctx.user.name, challenger=found.challenger_name),
                      mentions=(Person(found.challenger_id, found.challenger_name),), kind="challenge")]

    async def _cancel_challenge(self, ctx: Ctx, challenge_id: int) -> list[Reply]:
        found = await self._open_challenge(ctx, challenge_id)
        if isinstance(found, list):
            return found
        if found.challenger_id != ctx.user.user_id:
            return self._refusal(ctx, "challenge_nothing_to_cancel")
        if not await self.storage.close_challenge(found.id, "cancelled"):
            return self._refusal(ctx, "challenge_gone")
        return [Reply(ctx.say("challenge_cancelled", challenger=found.challenger_name), kind="challenge")]

    # -- resign, draws, claims, undo -------------------------------------------------------------

    async def _cmd_resign(self, ctx: Ctx, args: tuple[str, ...]) -> list[Reply]:
        game_id = await self._game_id_for(ctx, args)
        if game_id is None:
            return self._refusal(ctx, "no_game")
        return await self._resign(ctx, game_id)

    async def _resign_confirm(self, ctx: Ctx, game_id: int) -> list[Reply]:
        found = await self._player_game(ctx, game_id)
        if isinstance(found, list):
            return found
        return [Reply(ctx.say("resign_confirm", id=game_id), private=True, kind="confirm", game_id=game_id,
                      buttons=(Button(f"rsc:{game_id}", ctx.say("btn_resign_confirm"), "danger"),))]

    async def _end_game(self, ctx: Ctx, game_id: int, decide: Callable[[GameRecord, Color, Board],
                        Awaitable[GameRecord | list[Reply]]], actor: str | None = None) -> list[Reply]:
        """Finish (or change) a game under its lock, with a version-checked write, and show the board."""
        async with self._lock(game_id):
            found = await self._player_game(ctx, game_id)
            if isinstance(found, list):
                return found
            game, color = found
            board = await self._board(game)
            decided = await decide(game, color, board)
            if isinstance(decided, list):
                return decided
            saved = await self.storage.update_game(decided, expected_version=game.version)
            if saved is None:
                return self._refusal(ctx, "conflict")
            self._keep_board(saved, board)
        lines = [views.end_text(ctx.lang, saved, actor, abandon_after=self.config.abandon_after)]
        return [await self._board_reply(ctx.lang, saved, board, lines, viewer=color)]

    async def _resign(self, ctx: Ctx, game_id: int) -> list[Reply]:
        async def decide(game: GameRecord, color: Color, board: Board) -> GameRecord:
            return finish(game, win(color.other), "resign", ctx.now, updated_at=ctx.now)

        return await self._end_game(ctx, game_id, decide)

    async def _cmd_draw(self, ctx: Ctx, args: tuple[str, ...]) -> list[Reply]:
        typed = parsing.find_move(" ".join(args)) if args else None
        game = await self.storage.active_game_for(ctx.platform, ctx.channel, ctx.user.user_id)
        if game is None:
            return self._refusal(ctx, "no_game")
        if typed is not None:
            return await self._move(ctx, game.id, typed.text, offer_draw=True)
        word = args[0].casefold() if args else ""
        if word in ACCEPT_WORDS:
            return await self._accept_draw(ctx, game.id)
        if word in DECLINE_WORDS:
            return await self._decline_draw(ctx, game.id)
        return await self._offer_draw(ctx, game.id)  # accepts the opponent's standing offer

    async def _offer_draw(self, ctx: Ctx, game_id: int) -> list[Reply]:
        async with self._lock(game_id):
            found = await self._player_game(ctx, game_id)
            if isinstance(found, list):
                return found
            game, color = found
            saved: GameRecord | None = None
            bot_game = False
            if offer_to(game, color) != "draw":
                if game.offer:
                    return self._refusal(ctx, "offer_pending")
                if turn_of(game) is color or not game.moves:
                    return self._refusal(ctx, "draw_after_own_move")
                bot_game = game.bot_level is not None
                if not bot_game:
                    saved = await self.storage.update_game(
                        game.replace(offer="draw", offer_by=colour_key(color)), expected_version=game.version)
                    if saved is None:
                        return self._refusal(ctx, "conflict")
        if bot_game:
            return await self._offer_draw_to_bot(ctx, game_id)
        if saved is None:  # the opponent had offered a draw already: this accepts it
            return await self._accept_draw(ctx, game_id)
        opponent = views.person(saved, color.other)
        return [Reply(ctx.say("draw_offered", name=views.who(ctx.lang, saved, color),
                              opponent=player_name(saved, color.other)),
                      buttons=views.game_buttons(ctx.lang, saved), mentions=(opponent,) if opponent else (),
                      kind="draw_offer", game_id=saved.id)]

    async def _offer_draw_to_bot(self, ctx: Ctx, game_id: int) -> list[Reply]:
        """The built-in opponent answers a draw offer at once: it accepts when it is not better."""
        async def decide(game: GameRecord, color: Color, board: Board) -> GameRecord | list[Reply]:
            level = min(game.bot_level or 1, self.config.opponent.max_level)
            if await self.opponent.judge_draw("accept", board, level=level, color=color.other):
                return finish(game, "1/2-1/2", "agreement", ctx.now, updated_at=ctx.now)
            return [Reply(ctx.say("draw_declined", name=BOT_NAME), kind="info", game_id=game.id)]

        return await self._end_game(ctx, game_id, decide, actor=BOT_NAME)

    async def _accept_draw(self, ctx: Ctx, game_id: int) -> list[Reply]:
        async def decide(game: GameRecord, color: Color, board: Board) -> GameRecord | list[Reply]:
            if game.offer != "draw":
                return self._refusal(ctx, "no_draw_offer")
            if game.offer_by == colour_key(color):
                return self._refusal(ctx, "own_offer")
            return finish(game, "1/2-1/2", "agreement", ctx.now, updated_at=ctx.now)

        return await self._end_game(ctx, game_id, decide)

    async def _decline_offer(self, ctx: Ctx, game_id: int, kind: str) -> list[Reply]:
        async with self._lock(game_id):
            found = await self._player_game(ctx, game_id)
            if isinstance(found, list):
                return found
            game, color = found
            if game.offer != kind:
                return self._refusal(ctx, "no_draw_offer" if kind == "draw" else "no_undo_request")
            if game.offer_by == colour_key(color):
                return self._refusal(ctx, "own_offer")
            saved = await self.storage.update_game(game.replace(offer=None, offer_by=None),
                                                   expected_version=game.version)
            if saved is None:
                return self._refusal(ctx, "conflict")
        key = "draw_declined" if kind == "draw" else "undo_declined"
        other = views.person(saved, color.other)
        return [Reply(ctx.say(key, name=ctx.user.name), mentions=(other,) if other else (),
                      buttons=views.game_buttons(ctx.lang, saved), kind="info", game_id=saved.id)]

    async def _decline_draw(self, ctx: Ctx, game_id: int) -> list[Reply]:
        return await self._decline_offer(ctx, game_id, "draw")

    async def _cmd_claim(self, ctx: Ctx, args: tuple[str, ...]) -> list[Reply]:
        game_id = await self._game_id_for(ctx, args)
        if game_id is None:
            return self._refusal(ctx, "no_game")
        return await self._claim(ctx, game_id)

    async def _claim(self, ctx: Ctx, game_id: int) -> list[Reply]:
        limit = self.config.abandon_after * 3600

        async def decide(game: GameRecord, color: Color, board: Board) -> GameRecord | list[Reply]:
            kind = board.claimable_draw()
            if kind:
                return finish(game, "1/2-1/2", f"claim_{kind}", ctx.now, updated_at=ctx.now)
            waiting = turn_of(game) is not color
            silent = ctx.now - game.updated_at
            if waiting and silent >= limit:
                return finish(game, win(color), "abandon", ctx.now)
            lines = [ctx.say("claim_nothing")]
            if not board.variant.automatic_draws:
                lines.append(ctx.say("claim_draw_rules"))
            if waiting:
                lines.append(ctx.say("claim_abandon_wait", name=player_name(game, color.other),
                                     hours=f"{self.config.abandon_after:g}", since=f"{silent / 3600:.1f}"))
            return [Reply("\n".join(lines), private=True, kind="error", game_id=game.id)]

        return await self._end_game(ctx, game_id, decide, actor=ctx.user.name)

    async def _cmd_undo(self, ctx: Ctx, args: tuple[str, ...]) -> list[Reply]:
        game = await self.storage.active_game_for(ctx.platform, ctx.channel, ctx.user.user_id)
        if game is None:
            return self._refusal(ctx, "no_game")
        word = args[0].casefold() if args else ""
        theirs = offer_to(game, player_color(game, ctx.user.user_id)) == "undo"
        if word in ACCEPT_WORDS or (not word and theirs):
            return await self._accept_undo(ctx, game.id)
        if word in DECLINE_WORDS:
            return await self._decline_undo(ctx, game.id)
        return await self._request_undo(ctx, game.id)

    async def _request_undo(self, ctx: Ctx, game_id: int) -> list[Reply]:
        async with self._lock(game_id):
            found = await self._player_game(ctx, game_id)
            if isinstance(found, list):
                return found
            game, color = found
            if game.bot_level is not None:
                return await self._bot_undo(ctx, game, color)
            if game.offer:
                return self._refusal(ctx, "offer_pending")
            if turn_of(game) is color or not game.moves:
                return self._refusal(ctx, "undo_not_possible")
            saved = await self.storage.update_game(game.replace(offer="undo", offer_by=colour_key(color)),
                                                   expected_version=game.version)
            if saved is None:
                return self._refusal(ctx, "conflict")
        opponent = views.person(saved, color.other)
        return [Reply(ctx.say("undo_requested", name=views.who(ctx.lang, saved, color), move=saved.moves[-1],
                              opponent=player_name(saved, color.other)),
                      buttons=views.game_buttons(ctx.lang, saved), mentions=(opponent,) if opponent else (),
                      kind="undo_request", game_id=saved.id)]

    async def _take_back(self, game: GameRecord, plies: int, now: float) -> tuple[GameRecord, Board] | None:
        board = await self._board(game)
        for _ in range(plies):
            board.pop()
        new = game.replace(moves=game.moves[: len(game.moves) - plies], fen=board.fen(), offer=None,
                           offer_by=None, updated_at=now, claim_noted=board.claimable_draw(), reminded=0)
        saved = await self.storage.update_game(new, expected_version=game.version)
        if saved is None:
            return None
        self._keep_board(saved, board)
        return saved, board

    async def _bot_undo(self, ctx: Ctx, game: GameRecord, color: Color) -> list[Reply]:
        if turn_of(game) is not color or len(game.moves) < 2:
            return self._refusal(ctx, "undo_not_possible")
        taken = await self._take_back(game, 2, ctx.now)
        if taken is None:
            return self._refusal(ctx, "conflict")
        saved, board = taken
        return [await self._board_reply(ctx.lang, saved, board, [ctx.say("bot_undo"),
                                                                views.turn_line(ctx.lang, saved)])]

    async def _accept_undo(self, ctx: Ctx, game_id: int) -> list[Reply]:
        async with self._lock(game_id):
            found = await self._player_game(ctx, game_id)
            if isinstance(found, list):
                return found
            game, color = found
            if game.offer != "undo":
                return self._refusal(ctx, "no_undo_request")
            if game.offer_by == colour_key(color):
                return self._refusal(ctx, "own_offer")
            taken = await self._take_back(game, 1, ctx.now)
            if taken is None:
                return self._refusal(ctx, "conflict")
            saved, board = taken
        lines = [ctx.say("undo_done", move=game.moves[-1]), views.turn_line(ctx.lang, saved)]
        return [await self._board_reply(ctx.lang, saved, board, lines)]

    async def _decline_undo(self, ctx: Ctx, game_id: int) -> list[Reply]:
        return await self._decline_offer(ctx, game_id, "undo")

    # -- rematch, lists, exports -----------------------------------------------------------------

    async def _cmd_rematch(self, ctx: Ctx, args: tuple[str, ...]) -> list[Reply]:
        game_id = self._typed_id(args)
        if game_id is None:
            game = await self.storage.last_game_for(ctx.platform, ctx.channel, ctx.user.user_id)
            if game is None:
                return self._refusal(ctx, "no_game_to_show")
            game_id = game.id
        return await self._rematch(ctx, game_id)

    async def _rematch(self, ctx: Ctx, game_id: int) -> list[Reply]:
        game = await self._stored_game(ctx, game_id)
        if isinstance(game, list):
            return game
        color = player_color(game, ctx.user.user_id)
        if color is None:
            return self._refusal(ctx, "not_a_player", id=game.id)
        if game.active:
            return self._refusal(ctx, "challenge_busy_self", id=game.id)
        swapped = colour_key(color.other)
        if game.bot_level is not None:
            return await self._start_bot_game(ctx, game.variant, swapped, game.bot_level)
        opponent = Person(player_id(game, color.other), player_name(game, color.other))
        return await self._create_challenge(ctx, opponent, game.variant, swapped, game.tournament,
                                            rematch_of=game.id)

    async def _cmd_games(self, ctx: Ctx, args: tuple[str, ...]) -> list[Reply]:
        games = await self.storage.channel_games(ctx.platform, ctx.channel)
        challenges = await self.storage.open_challenges(ctx.platform, ctx.channel, now=ctx.now)
        lines: list[str] = []
        if games:
            lines.append(ctx.say("games_header"))
            for game in games:
                turn = turn_of(game)
                lines.append(ctx.say("games_line", id=game.id, white=game.white_name, black=game.black_name,
                                     white_side=views.side(ctx.lang, game, Color.WHITE),
                                     black_side=views.side(ctx.lang, game, Color.BLACK),
                                     variant=texts.variant_title(ctx.lang, game.variant),
                                     plies=len(game.moves), side=views.side(ctx.lang, game, turn)))
        else:
            lines.append(ctx.say("games_none"))
        if challenges:
            lines.append(ctx.say("challenges_header"))
            for challenge in challenges:
                lines.append(ctx.say("challenges_line", id=challenge.id, challenger=challenge.challenger_name,
                                     target=challenge.target_name or ctx.say("anyone"),
                                     variant=texts.variant_title(ctx.lang, challenge.variant)))
        return [Reply("\n".join(lines), kind="games")]

    async def _cmd_pdn(self, ctx: Ctx, args: tuple[str, ...]) -> list[Reply]:
        game_id = await self._shown_game_id(ctx, args)
        if game_id is None:
            return self._refusal(ctx, "no_game_to_show")
        return await self._pdn(ctx, game_id)

    async def _pdn(self, ctx: Ctx, game_id: int) -> list[Reply]:
        game = await self._stored_game(ctx, game_id)
        if isinstance(game, list):
            return game
        board = await self._board(game)
        text = views.pdn_text(game, board)
        return [Reply(f"{ctx.say('pdn', id=game.id)}\n```\n{text}\n```", kind="pdn", game_id=game.id)]

    async def _cmd_gif(self, ctx: Ctx, args: tuple[str, ...]) -> list[Reply]:
        game_id = await self._shown_game_id(ctx, args)
        if game_id is None:
            return self._refusal(ctx, "no_game_to_show")
        return await self._gif(ctx, game_id)

    async def _gif(self, ctx: Ctx, game_id: int) -> list[Reply]:
        game = await self._stored_game(ctx, game_id)
        if isinstance(game, list):
            return game
        board = await self._board(game)
        title = f"{views.who(ctx.lang, game, Color.WHITE)} – {views.who(ctx.lang, game, Color.BLACK)}"
        data = await self.pictures.game_gif(board, flipped=flipped_for(player_color(game, ctx.user.user_id)),
                                            title=title)
        if data is None:
            return self._refusal(ctx, "pictures_unavailable")
        return [Reply(ctx.say("gif", id=game.id), attachment=Attachment(data, "game.gif"), kind="gif",
                      game_id=game.id)]

    # -- statistics ------------------------------------------------------------------------------

    async def _cmd_stats(self, ctx: Ctx, args: tuple[str, ...]) -> list[Reply]:
        person: Person = ctx.user
        if args or ctx.event.mentions:
            found = await self._find_person(ctx, list(args))
            if isinstance(found, str):
                return self._refusal(ctx, "unknown_person", name=found)
            if found is not None:
                person = found
        stats = await self.storage.player_stats(ctx.platform, person.user_id)
        rating = await self.storage.rating(ctx.platform, ctx.channel, person.user_id)
        lines = [ctx.say("stats", name=person.name, games=stats.games, wins=stats.wins, losses=stats.losses,
                         draws=stats.draws, active=stats.active)]
        if rating is None:
            lines.append(ctx.say("stats_unrated"))
        else:
            lines.append(ctx.say("stats_rating", rating=round(rating.rating), rated=rating.games))
        return [Reply("\n".join(lines), kind="stats")]

    async def _cmd_leaderboard(self, ctx: Ctx, args: tuple[str, ...]) -> list[Reply]:
        rows = await self.storage.leaderboard(ctx.platform, ctx.channel)
        if not rows:
            return [Reply(ctx.say("leaderboard_empty"), kind="leaderboard")]
        lines = [ctx.say("leaderboard_header")]
        for rank, row in enumerate(rows, 1):
            lines.append(ctx.say("leaderboard_line", rank=rank, name=row.name, rating=round(row.rating),
                                 games=row.games, wins=row.wins, losses=row.losses, draws=row.draws))
        return [Reply("\n".join(lines), kind="leaderboard")]

    # -- settings, rules, help -------------------------------------------------------------------

    async def _cmd_settings(self, ctx: Ctx, args: tuple[str, ...]) -> list[Reply]:
        language: str | None = None
        variant: str | None = None
        for arg in args:
            word = arg.casefold()
            if word in ("en", "fi", "english-language", "suomi", "finnish", "englanti"):
                language = {"suomi": "fi", "finnish": "fi", "englanti": "en"}.get(word, word[:2])
            elif variant_name(word):
                variant = variant_name(word)
            elif word in ("language", "kieli", "variant", "rules", "säännöt"):
                continue
            else:
                return self._refusal(ctx, "settings_bad_language")
        if language or variant:
            await self.storage.set_channel_settings(ctx.platform, ctx.channel, language=language,
                                                    variant=variant)
            self._settings.pop((ctx.platform, ctx.channel), None)
        lang = await self._channel_lang(ctx.platform, ctx.channel)
        shown_lang = language or lang
        current = await self._channel_variant(ctx.platform, ctx.channel)
        key = "settings_saved" if (language or variant) else "settings_show"
        return [Reply(texts.say(shown_lang if language else ctx.lang, key, language=shown_lang,
                                variant=current), kind="settings")]

    async def _cmd_rules(self, ctx: Ctx, args: tuple[str, ...]) -> list[Reply]:
        variant: str | None = None
        words = list(args)
        if words and variant_name(words[-1]) and len(words[-1]) > 2:
            variant = variant_name(words.pop())
        if words and variant_name(words[0]) and len(words) > 1 and words[0].casefold() in (
                "english", "italian", "international", "checkers", "draughts"):
            variant = variant_name(words.pop(0))
        shown_variant = variant or await self._channel_variant(ctx.platform, ctx.channel)
        if not words:
            return [Reply(rules_help.topic_list(ctx.lang, shown_variant), kind="rules")]
        question = " ".join(words)
        if variant is None:
            variant = rules_help.find_variant(question)
        topic: str | None = question.casefold() if question.casefold() in rules_help.TOPICS else None
        if topic is None:
            topic = rules_help.find_topic(question, ctx.lang)
        if topic is None:
            return [Reply(ctx.say("rules_unknown", text=question[:80]) + "\n"
                          + rules_help.topic_list(ctx.lang, shown_variant), kind="rules")]
        return await self._explain(ctx, topic, variant)

    async def _explain(self, ctx: Ctx, topic: str, variant: str | None) -> list[Reply]:
        shown_variant = variant or await self._channel_variant(ctx.platform, ctx.channel)
        try:
            text = rules_help.explain(topic, shown_variant, ctx.lang)
        except KeyError:
            listing = rules_help.topic_list(ctx.lang, shown_variant)
            return [Reply(ctx.say("rules_unknown", text=topic) + "\n" + listing, kind="rules")]
        return [Reply(text, title=rules_help.topic_title(topic, ctx.lang), kind="rules")]

    async def _cmd_help(self, ctx: Ctx, args: tuple[str, ...]) -> list[Reply]:
        lines = [ctx.say("help_intro"), ctx.say("help_moves"), ""]
        for spec in COMMANDS:
            lines.append(f"`{spec.name}` — {spec.fi if ctx.lang == 'fi' else spec.en}")
        return [Reply("\n".join(lines), kind="help")]

    # -- the built-in opponent -------------------------------------------------------------------

    async def _cmd_play(self, ctx: Ctx, args: tuple[str, ...]) -> list[Reply]:
        variant = await self._channel_variant(ctx.platform, ctx.channel)
        colour = "random"
        level = min(DEFAULT_LEVEL, self.config.opponent.max_level)
        for arg in args:
            word = arg.casefold()
            if word.isdecimal():
                level = int(word) if len(word) < 4 else 0
                if not 1 <= level <= self.config.opponent.max_level:
                    return self._refusal(ctx, "bot_level_bad", max=self.config.opponent.max_level)
            elif word in COLOUR_WORDS:
                colour = COLOUR_WORDS[word]
            elif variant_name(word):
                variant = variant_name(word) or variant
            else:
                return self._refusal(ctx, "unknown_variant", name=arg[:40])
        return await self._start_bot_game(ctx, variant, colour, level)

    async def _start_bot_game(self, ctx: Ctx, variant: str, colour: str, level: int) -> list[Reply]:
        busy = await self.storage.active_game_for(ctx.platform, ctx.channel, ctx.user.user_id)
        if busy is not None:
            return self._refusal(ctx, "challenge_busy_self", id=busy.id)
        if colour == "random":
            colour = "white" if self.rng.random() < 0.5 else "black"
        bot = Person(BOT_ID, BOT_NAME)
        white, black = (ctx.user, bot) if colour == "white" else (bot, ctx.user)
        new = NewGame(platform=ctx.platform, channel_id=ctx.channel, variant=variant, white_id=white.user_id,
                      white_name=white.name, black_id=black.user_id, black_name=black.name,
                      start_fen=Board(variant).fen(), created_at=ctx.now, rated=False, bot_level=level)
        try:
            game = await self.storage.create_game(new)
        except Busy:
            return self._refusal(ctx, "challenge_busy_self", id="?")
        reply = await self._start_reply(ctx.lang, game)
        if is_bot(player_id(game, turn_of(game))):
            self._spawn(self._bot_turn(game.id))
        return [reply]

    async def _bot_turn(self, game_id: int) -> None:
        """Let the built-in opponent move in a game where it is to move, and post the move."""
        try:
            await self._bot_turn_inner(game_id)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the opponent failed in game %s", game_id)
            game = await self.storage.get_game(game_id)
            if game is not None:
                lang = await self._channel_lang(game.platform, game.channel_id)
                await self._notify(game.platform, game.channel_id,
                                   Reply(texts.say(lang, "bot_failed", id=game_id), kind="error",
                                         game_id=game_id))

    async def _bot_turn_inner(self, game_id: int) -> None:
        game = await self.storage.get_game(game_id)
        if game is None or not game.active or game.bot_level is None:
            return
        if not is_bot(player_id(game, turn_of(game))):
            return
        board = await self._board(game)
        lang = await self._channel_lang(game.platform, game.channel_id)
        limits = self.config.opponent
        level = min(game.bot_level, limits.max_level)
        bot = board.turn
        draw: str | None = None
        offered = offer_to(game, bot) == "draw"
        if offered and await self.opponent.judge_draw("accept", board, level=level, color=bot):
            draw = "agreement"
        if draw is None and board.claimable_draw():
            claim = await self.opponent.judge_draw("claim", board, level=level, color=bot)
            if isinstance(claim, str):
                draw = f"claim_{claim}"
        if draw is not None:
            await self._bot_ends_in_draw(game, board, lang, draw)
            return
        thinking = asyncio.ensure_future(self.opponent.choose(
            board, level=level, time_limit=limits.time_limit, node_limit=limits.node_limit))
        done, _ = await asyncio.wait({thinking}, timeout=self.thinking_after)
        if not done:
            await self._notify(game.platform, game.channel_id,
                               Reply(texts.say(lang, "bot_thinking", name=BOT_NAME), kind="info",
                                     game_id=game.id))
        move = await thinking
        async with self._lock(game_id):
            current = await self.storage.get_game(game_id)
            if current is None or current.version != game.version or not current.active:
                return
            if move not in board.legal_moves:
                raise RuntimeError(f"the opponent chose an illegal move {move!r}")
            board.push(move)
            offer = not board.is_game_over() and bool(
                await self.opponent.judge_draw("offer", board, level=level, color=bot))
            result = await self._commit_move(current, board, move, offer_draw=offer, now=self.clock())
        if result is None:
            return
        saved, notes = result
        reply = await self._move_reply(lang, saved, board, bot, move, notes, mover_name=BOT_NAME)
        await self._notify(saved.platform, saved.channel_id, replace(reply, channel_id=saved.channel_id))

    async def _bot_ends_in_draw(self, game: GameRecord, board: Board, lang: str, reason: str) -> None:
        """The built-in opponent accepts a standing draw offer or claims a draw; tell the channel."""
        async with self._lock(game.id):
            now = self.clock()
            saved = await self.storage.update_game(finish(game, "1/2-1/2", reason, now, updated_at=now),
                                                   expected_version=game.version)
            if saved is None:
                return
            self._keep_board(saved, board)
        lines = [views.end_text(lang, saved, BOT_NAME, abandon_after=self.config.abandon_after)]
        reply = await self._board_reply(lang, saved, board, lines)
        await self._notify(saved.platform, saved.channel_id, replace(reply, channel_id=saved.channel_id))

    # -- background sweeps -----------------------------------------------------------------------

    async def _maintenance_loop(self) -> None:
        while True:
            try:
                await self.maintain()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("maintenance sweep failed")
            await asyncio.sleep(self.config.maintenance_interval)

    async def maintain(self) -> None:
        """One sweep: expire old challenges, remind silent players, tell waiting players they may claim."""
        now = self.clock()
        for challenge in await self.storage.expired_challenges(now):
            if await self.storage.close_challenge(challenge.id, "expired"):
                lang = await self._channel_lang(challenge.platform, challenge.channel_id)
                await self._notify(challenge.platform, challenge.channel_id, Reply(
                    texts.say(lang, "challenge_expired", challenger=challenge.challenger_name,
                              id=challenge.id),
                    channel_id=challenge.channel_id, kind="challenge",
                    mentions=(Person(challenge.challenger_id, challenge.challenger_name),)))
        remind = self.config.reminder_after * 3600
        abandon = self.config.abandon_after * 3600
        for game in await self.storage.stale_games(now - remind):
            silent_color = turn_of(game)
            silent = views.person(game, silent_color)
            waiting = views.person(game, silent_color.other)
            if silent is None:
                if game.bot_level is not None:
                    self._spawn(self._bot_turn(game.id))
                continue
            lang = await self._channel_lang(game.platform, game.channel_id)
            elapsed = now - game.updated_at
            if game.reminded < 1:
                left = max(0.0, (abandon - elapsed) / 3600)
                text = texts.say(lang, "reminder", name=silent.name, id=game.id,
                                 other=player_name(game, silent_color.other), hours=f"{left:.0f}")
                both = (silent, waiting) if waiting is not None else (silent,)
                await self._notify(game.platform, game.channel_id, Reply(
                    text, channel_id=game.channel_id, mentions=both, kind="reminder", game_id=game.id))
                await self.storage.mark_reminded(game.id, 1, version=game.version)
            if elapsed >= abandon and game.reminded < 2 and waiting is not None:
                text = texts.say(lang, "abandon_available", name=waiting.name, other=silent.name, id=game.id,
                                 hours=f"{self.config.abandon_after:g}")
                await self._notify(game.platform, game.channel_id, Reply(
                    text, channel_id=game.channel_id, mentions=(waiting,), kind="reminder", game_id=game.id,
                    buttons=(Button(f"clm:{game.id}", texts.say(lang, "btn_claim"), "primary"),)))
                await self.storage.mark_reminded(game.id, 2, version=game.version)
