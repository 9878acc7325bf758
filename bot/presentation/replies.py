"""Replies built from what the flows return: board messages, move reports, refusals, endings."""

from __future__ import annotations

from collections.abc import Sequence

from bot.domain.model import Challenge, Game, Person, RatingChange, Timing
from bot.domain.transitions import Note, Refusal
from bot.flows.play import MoveRefused, Played
from bot.presentation import boards, catalogue, game_text, rating_text, rules_help
from bot.presentation.game_text import TURNING, Facing
from bot.presentation.messages import Action, Attachment, Button, Kind, Reply
from bot.workers import Workers
from engine import Board, Color

MAX_LISTED_MOVES = 24
# Refusals where listing every legal move helps the player.
LIST_ALL_FOR = frozenset({
    "capture_compulsory", "no_piece", "opponent_piece", "not_maximum", "must_capture_with_king",
    "must_capture_more_kings", "must_meet_king_earlier", "man_cannot_capture_king",
})


class Presenter:
    """Builds replies in a language; draws board pictures through the workers."""

    def __init__(self, workers: Workers, timing: Timing) -> None:
        self.workers = workers
        self.timing = timing

    @property
    def abandon_hours(self) -> float:
        return self.timing.abandon_after / 3600

    def refusal(self, lang: str, refusal: Refusal, game_id: int | None = None) -> Reply:
        """A refusal as a private message; a side given as a `Color` is named in the game's rules."""
        values = dict(refusal.values)
        variant = str(values.pop("variant", "english"))
        for key, value in values.items():
            if isinstance(value, Color):
                values[key] = game_text.side(lang, variant, value)
        if refusal.key == "claim_nothing":
            return Reply(self._claim_nothing(lang, values), private=True, kind=Kind.ERROR, game_id=game_id)
        return Reply(catalogue.say(lang, refusal.key, **values), private=True, kind=Kind.ERROR,
                     game_id=game_id)

    @staticmethod
    def _claim_nothing(lang: str, values: dict[str, object]) -> str:
        lines = [catalogue.say(lang, "claim_nothing")]
        if not values.get("automatic_draws"):
            lines.append(catalogue.say(lang, "claim_draw_rules"))
        if values.get("waiting"):
            hours, since = float(str(values["hours"])), float(str(values["since"]))
            lines.append(catalogue.say(lang, "claim_abandon_wait", name=values["name"],
                                       time=game_text.duration(lang, hours * 3600, "for"),
                                       since=game_text.duration(lang, since * 3600)))
        return "\n".join(lines)

    async def board(self, lang: str, game: Game, board: Board, lines: Sequence[str], *,
                    viewer: Color | None = None, facing: Facing = TURNING,
                    ratings: Sequence[RatingChange] = ()) -> Reply:
        """A message with the board picture (described in words, and the same board in text), the summary
        fields, the game's buttons and the menu of its moves; drawn from the side `game_text.viewer` says
        for `facing` (`viewer`: the side asked for, where boards turn). The rating changes of a rated
        ending follow the lines."""
        flipped = game_text.flipped_for(game_text.viewer(game, facing, viewer))
        mentions = game_text.mention(game, game.turn) if game.active else ()
        data = await self.workers.board_png(board, flipped=flipped)
        picture = Attachment(data, "board.png") if data else None
        shown = [line for line in lines if line]
        if ratings:
            shown.append(rating_text.rating_line(lang, game, ratings))
        return Reply("\n".join(shown), attachment=picture,
                     buttons=game_text.game_buttons(lang, game), title=game_text.title(lang, game),
                     fields=game_text.fields(lang, game), mentions=mentions, kind=Kind.BOARD, game_id=game.id,
                     board_text=game_text.text_board(lang, game, board, flipped=flipped), ply=len(game.moves),
                     alt_text=boards.alt_text(lang, game, board),
                     picker=boards.picker(lang, game, board) if boards.may_pick(game) else None)

    async def moved(self, lang: str, played: Played, mover_name: str, *, reads_typed: bool,
                    facing: Facing = TURNING) -> Reply:
        """A move played: who played what, offers it declined or made, then the turn or the ending
        (after the bot's opening move, how to move: typed only where typed moves arrive, `reads_typed`)."""
        moved, board = played.moved, played.board
        game = moved.game
        lines = [catalogue.say(lang, "moved", name=mover_name, move=str(moved.move))]
        for note in moved.notes:
            if note is Note.DRAW_OFFERED:
                lines.append(catalogue.say(lang, "draw_offered", name=game_text.who(lang, game, moved.mover),
                                       opponent=game.player(moved.mover.other).name))
            else:
                lines.append(catalogue.say(lang, note.value))
        if game.active:
            lines.append(game_text.turn_line(lang, game))
            if game.player(moved.mover).is_bot and len(game.moves) == 1:  # the bot opened the game
                lines.append(self._how_to_move(lang, game, board, reads_typed))
            if moved.claim is not None:
                lines.append(catalogue.say(lang, "claim_possible",
                                       kind=catalogue.say(lang, f"kind_{moved.claim.value}")))
        else:
            lines.append(game_text.end_text(lang, game, mover_name, abandon_hours=self.abandon_hours))
        return await self.board(lang, game, board, lines, facing=facing, ratings=played.ratings)

    async def move_refused(self, lang: str, refused: MoveRefused, *, facing: Facing = TURNING) -> Reply:
        """Why a move is not allowed, the moves that would do, and the rules topic that explains it."""
        error, game = refused.error, refused.game
        reason = str(error.reason)
        shown = error.text if len(error.text) <= 40 else error.text[:40] + "…"
        why = catalogue.reason(lang, reason, **error.details)
        lines = [catalogue.say(lang, "refused", move=shown, reason=why)]
        options = [str(m) for m in error.candidates]
        if not options and reason in LIST_ALL_FOR:
            options = [str(m) for m in refused.board.legal_moves]
        if options:
            listed = ", ".join(options[:MAX_LISTED_MOVES]) + (" …" if len(options) > MAX_LISTED_MOVES else "")
            lines.append(catalogue.say(lang, "refused_options", moves=listed))
        topic = rules_help.topic_for_reason(reason)
        title = rules_help.topic_title(topic, lang)
        lines.append(catalogue.say(lang, "rule_pointer", command=rules_help.topic_command(topic, lang),
                                   title=title))
        if not refused.struck:
            return Reply("\n".join(lines), private=True, kind=Kind.ERROR, game_id=game.id)
        if game.active:
            lines.append(catalogue.say(lang, "tournament_warning"))
            return Reply("\n".join(lines), kind=Kind.ERROR, game_id=game.id)
        lines.append(game_text.end_text(lang, game, abandon_hours=self.abandon_hours))
        return await self.board(lang, game, refused.board, lines, facing=facing, ratings=refused.ratings)

    async def started(self, lang: str, game: Game, board: Board, *, reads_typed: bool,
                      facing: Facing = TURNING) -> Reply:
        """A new game: who plays which side, the turn, and how to move (typed only where typed moves
        arrive, `reads_typed`)."""
        lines = [catalogue.say(lang, "game_started", id=game.id, white=game.white.name, black=game.black.name,
                           white_side=game_text.side(lang, game.variant, Color.WHITE),
                           black_side=game_text.side(lang, game.variant, Color.BLACK),
                           variant=catalogue.variant_title(lang, game.variant))]
        if game.tournament:
            lines.append(catalogue.say(lang, "tournament_note"))
        lines.append(game_text.turn_line(lang, game))
        lines.append(self._how_to_move(lang, game, board, reads_typed))
        return await self.board(lang, game, board, lines, facing=facing)

    @staticmethod
    def _how_to_move(lang: str, game: Game, board: Board, reads_typed: bool) -> str:
        """How to move, with a legal move of the player to move as the example; nothing while the
        built-in opponent is to move (its first move is followed by the hint for its opponent)."""
        example = next(iter(board.legal_moves), None)
        if example is None or not game.active or game.player(game.turn).is_bot:
            return ""
        return game_text.how_to_move(lang, game.platform, str(example), reads_typed=reads_typed)

    async def ended(self, lang: str, game: Game, board: Board, *, viewer: Color | None = None,
                    facing: Facing = TURNING, actor: str | None = None,
                    ratings: Sequence[RatingChange] = ()) -> Reply:
        lines = [game_text.end_text(lang, game, actor, abandon_hours=self.abandon_hours)]
        return await self.board(lang, game, board, lines, viewer=viewer, facing=facing, ratings=ratings)

    def piece_moves(self, lang: str, game: Game, board: Board, square: int) -> Reply:
        """The moves of the piece on `square`, in a menu only the player to move sees (the second step
        of picking a move where a menu cannot hold every move)."""
        return Reply(catalogue.say(lang, "picker-piece-moves", square=square), private=True,
                     kind=Kind.MOVES, game_id=game.id, picker=boards.picker(lang, game, board, square))

    def offer(self, lang: str, game: Game, color: Color, key: str, **values: object) -> Reply:
        """A draw offer or a take-back request, addressed to the opponent, with the answer buttons."""
        text = catalogue.say(lang, key, name=game_text.who(lang, game, color),
                         opponent=game.player(color.other).name, **values)
        kind = Kind.DRAW_OFFER if key == "draw_offered" else Kind.UNDO_REQUEST
        return Reply(text, buttons=game_text.game_buttons(lang, game),
                     mentions=game_text.mention(game, color.other),
                     kind=kind, game_id=game.id)

    def declined(self, lang: str, game: Game, color: Color, key: str, name: str) -> Reply:
        return Reply(catalogue.say(lang, key, name=name), mentions=game_text.mention(game, color.other),
                     buttons=game_text.game_buttons(lang, game), kind=Kind.INFO, game_id=game.id)

    def challenge(self, lang: str, challenge: Challenge) -> Reply:
        """The challenge as posted: who, which rules, colours, and Accept/Decline (or Cancel) buttons."""
        values = {"challenger": challenge.challenger.name,
                  "target": challenge.target.name if challenge.target else None,
                  "variant": catalogue.variant_title(lang, challenge.variant),
                  "colours": game_text.colours_text(lang, challenge)}
        lines = [catalogue.say(lang, "challenge_direct" if challenge.target else "challenge_open", **values)]
        if challenge.rematch_of is not None:
            lines.append(catalogue.say(lang, "challenge_rematch", game=challenge.rematch_of))
        if challenge.tournament:
            lines.append(catalogue.say(lang, "tournament_note"))
        lines.append(catalogue.say(lang, "challenge_expires",
                               time=game_text.duration(lang, self.timing.challenge_expiry, "in")))
        cid = challenge.id
        accept = Button.press(Action.ACCEPT, cid, catalogue.say(lang, "btn_accept"), "success")
        mentions: tuple[Person, ...] = ()
        if challenge.target:
            decline = Button.press(Action.DECLINE, cid, catalogue.say(lang, "btn_decline"), "danger")
            buttons = (accept, decline)
            mentions = (Person(challenge.target.user_id, challenge.target.name),)
        else:
            buttons = (accept, Button.press(Action.CANCEL, cid, catalogue.say(lang, "btn_cancel")))
        return Reply("\n".join(lines), buttons=buttons, mentions=mentions, kind=Kind.CHALLENGE)
