"""What a button or a game command does with the game or challenge it names: (ctx, id) -> replies.

Buttons carry "<action>:<id>" (see `BUTTONS`); typed commands find the id first (see `bot.chat.router`).
Refusals rise as `Refusal` and become a private reply in the router.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace

from bot.chat.context import Ctx
from bot.chat.events import Attachment, Button, Person, Reply
from bot.domain import ratings
from bot.domain.model import ColourChoice, Game, Offer
from bot.domain.transitions import Refusal
from bot.flows import challenges, offers
from bot.flows.offers import Changed
from bot.flows.opponent import DrawDeclined
from bot.flows.play import MoveRefused, play
from bot.presentation import catalogue, game_text
from bot.workers import flipped_for
from engine import Color

Action = Callable[[Ctx, int], Awaitable[list[Reply]]]


async def move(ctx: Ctx, game_id: int, text: str, *, offer_draw: bool = False,
               claim_draw: bool = False) -> list[Reply]:
    service = ctx.service
    done = await play(service.desk, ctx.platform, ctx.user.user_id, game_id, text, offer_draw=offer_draw,
                      claim_draw=claim_draw)
    if isinstance(done, MoveRefused):
        return [await _rated(ctx, done.game, await service.presenter.move_refused(ctx.lang, done))]
    return [await _rated(ctx, done.moved.game,
                         await service.presenter.moved(ctx.lang, done.moved, done.board, ctx.user.name))]


async def _rated(ctx: Ctx, game: Game, reply: Reply) -> Reply:
    """The reply to a move or a request, with the players' new ratings and their change when it ended a
    rated game."""
    if game.active or not game.rated:
        return reply
    repository = ctx.service.repository
    white = await repository.rating(ctx.platform, game.channel_id, game.white.user_id)
    black = await repository.rating(ctx.platform, game.channel_id, game.black.user_id)
    if white is None or black is None:
        return reply
    old = ratings.before(white.rating, white.games, black.rating, black.games,
                         game.result.score(Color.WHITE))
    changes = ", ".join(
        ctx.say("rating_change_one", name=standing.name, rating=round(standing.rating),
                change=f"{round(standing.rating) - round(previous):+d}".replace("-", "−"))
        for standing, previous in ((white, old[0]), (black, old[1])))
    return replace(reply, text=f"{reply.text}\n{ctx.say('rating_change', changes=changes)}")


async def unreadable_move(ctx: Ctx, game_id: int, text: str) -> list[Reply]:
    """Text shaped like a move that is none (`9-`, `5`): how to write one, with a legal move of the
    player's as the example; the player not to move hears whose turn it is."""
    loaded = await ctx.service.desk.load(game_id, ctx.platform)
    game = loaded.game
    if game.player(game.turn).user_id != ctx.user.user_id:
        raise Refusal("not_your_turn", side=game.turn, name=game.player(game.turn).name,
                      variant=game.variant)
    example = next(iter(loaded.board.legal_moves), None)
    shown = text if len(text) <= 40 else text[:40] + "…"
    return [Reply(ctx.say("move_unreadable", text=shown, example=str(example or "9-13"),
                          moves=catalogue.command_name(ctx.lang, "moves")),
                  private=True, kind="error", game_id=game.id)]


async def show_board(ctx: Ctx, game_id: int) -> list[Reply]:
    service = ctx.service
    loaded = await service.desk.load(game_id, ctx.platform)
    game = loaded.game
    viewer = game.color_of(ctx.user.user_id) or (game.turn if game.active else Color.WHITE)
    lines = [game_text.title(ctx.lang, game)]
    if game.moves:
        lines.append(ctx.say("board_moves", count=len(game.moves), last=game.moves[-1]))
    else:
        lines.append(ctx.say("board_no_moves"))
    if game.active:
        lines.append(game_text.turn_line(ctx.lang, game))
    else:
        lines.append(game_text.end_text(ctx.lang, game, abandon_hours=service.presenter.abandon_hours))
    if game.against_bot and (hints := await service.repository.hints_used(game.id)):
        lines.append(ctx.say("hints_used", count=hints))
    if game.active and game.offer is Offer.DRAW and game.offer_by is not None:
        lines.append(ctx.say("draw_offered", name=game_text.who(ctx.lang, game, game.offer_by),
                             opponent=game.player(game.offer_by.other).name))
    return [await service.presenter.board(ctx.lang, game, loaded.board, lines, viewer=viewer)]


async def list_moves(ctx: Ctx, game_id: int, *, how_to: bool = False) -> list[Reply]:
    loaded = await ctx.service.desk.load(game_id, ctx.platform)
    game = loaded.game
    if not game.active:
        raise Refusal("game_finished", id=game.id)
    legal = sorted((str(m) for m in loaded.board.legal_moves), key=_move_order)
    side = game_text.side(ctx.lang, game.variant, game.turn)
    to_move = game.player(game.turn)
    if to_move.user_id == ctx.user.user_id:
        text = ctx.say("legal_moves", side=side, moves=", ".join(legal))
    else:
        text = ctx.say("legal_moves_wait", side=side, name=to_move.name, moves=", ".join(legal))
    replies = [Reply(text, private=True, kind="moves", game_id=game.id)]
    if how_to and legal and to_move.user_id == ctx.user.user_id:
        replies.append(Reply(ctx.say("how_to_move", example=legal[0]), private=True, kind="help"))
    return replies


def _move_order(text: str) -> list[int]:
    """Moves in the order of their squares (9-13, 9-14, 10-14, ...)."""
    return [int(square) for square in text.replace("x", "-").split("-") if square.isdecimal()]


async def move_dialog(ctx: Ctx, game_id: int) -> list[Reply]:
    """What a Move button means where the platform has no dialog: the moves and how to type one."""
    return await list_moves(ctx, game_id, how_to=True)


async def may_move(ctx: Ctx, game_id: int) -> list[Reply]:
    """Nothing when the user is to move in the game (a platform may then open its move dialog);
    otherwise the refusal that says why not."""
    game, color = await offers.player_game(ctx.service.desk, ctx.platform, ctx.user.user_id, game_id)
    if game.turn is not color:
        raise Refusal("not_your_turn", side=game.turn, name=game.player(game.turn).name, variant=game.variant)
    return []


async def resign_confirm(ctx: Ctx, game_id: int) -> list[Reply]:
    await offers.player_game(ctx.service.desk, ctx.platform, ctx.user.user_id, game_id)
    return [Reply(ctx.say("resign_confirm", id=game_id), private=True, kind="confirm", game_id=game_id,
                  buttons=(Button(f"rsc:{game_id}", ctx.say("btn_resign_confirm"), "danger"),))]


async def _ended(ctx: Ctx, changed: Changed, actor: str | None = None) -> list[Reply]:
    reply = await ctx.service.presenter.ended(ctx.lang, changed.game, changed.board, viewer=changed.color,
                                              actor=actor)
    return [await _rated(ctx, changed.game, reply)]


async def resign(ctx: Ctx, game_id: int) -> list[Reply]:
    return await _ended(ctx, await offers.resign(ctx.service.desk, ctx.platform, ctx.user.user_id, game_id))


async def offer_draw(ctx: Ctx, game_id: int) -> list[Reply]:
    """Offer a draw (to the bot: it answers at once); accepts the opponent's standing offer."""
    service = ctx.service
    game, color = await offers.player_game(service.desk, ctx.platform, ctx.user.user_id, game_id)
    if game.against_bot and game.offer_to(color) is not Offer.DRAW:
        answer = await service.bot.answer_offer(ctx.platform, ctx.user.user_id, game_id)
        if isinstance(answer, DrawDeclined):
            return [Reply(ctx.say("draw_declined", name=service.bot_name), kind="info", game_id=game_id)]
        return await _ended(ctx, answer, actor=service.bot_name)
    changed = await offers.offer_draw(service.desk, ctx.platform, ctx.user.user_id, game_id)
    if not changed.game.active:
        return await _ended(ctx, changed)
    return [service.presenter.offer(ctx.lang, changed.game, changed.color, "draw_offered")]


async def accept_draw(ctx: Ctx, game_id: int) -> list[Reply]:
    return await _ended(ctx, await offers.accept_draw(ctx.service.desk, ctx.platform, ctx.user.user_id,
                                                      game_id))


async def _decline(ctx: Ctx, game_id: int, kind: Offer) -> list[Reply]:
    changed = await offers.decline(ctx.service.desk, ctx.platform, ctx.user.user_id, game_id, kind)
    key = "draw_declined" if kind is Offer.DRAW else "undo_declined"
    return [ctx.service.presenter.declined(ctx.lang, changed.game, changed.color, key, ctx.user.name)]


async def decline_draw(ctx: Ctx, game_id: int) -> list[Reply]:
    return await _decline(ctx, game_id, Offer.DRAW)


async def decline_undo(ctx: Ctx, game_id: int) -> list[Reply]:
    return await _decline(ctx, game_id, Offer.UNDO)


async def claim(ctx: Ctx, game_id: int) -> list[Reply]:
    service = ctx.service
    changed = await offers.claim(service.desk, ctx.platform, ctx.user.user_id, game_id,
                                 service.presenter.timing.abandon_after)
    return await _ended(ctx, changed, actor=ctx.user.name)


async def request_undo(ctx: Ctx, game_id: int) -> list[Reply]:
    service = ctx.service
    changed = await offers.request_undo(service.desk, ctx.platform, ctx.user.user_id, game_id)
    game = changed.game
    if changed.before.against_bot:
        lines = [ctx.say("bot_undo"), game_text.turn_line(ctx.lang, game)]
        return [await service.presenter.board(ctx.lang, game, changed.board, lines)]
    return [service.presenter.offer(ctx.lang, game, changed.color, "undo_requested", move=game.moves[-1])]


async def accept_undo(ctx: Ctx, game_id: int) -> list[Reply]:
    service = ctx.service
    changed = await offers.accept_undo(service.desk, ctx.platform, ctx.user.user_id, game_id)
    lines = [ctx.say("undo_done", move=changed.before.moves[-1]), game_text.turn_line(ctx.lang, changed.game)]
    return [await service.presenter.board(ctx.lang, changed.game, changed.board, lines)]


async def rematch(ctx: Ctx, game_id: int) -> list[Reply]:
    """Play again with colours swapped: against the bot at once, else as a challenge."""
    service = ctx.service
    game = await service.desk.game(game_id, ctx.platform)
    color = game.color_of(ctx.user.user_id)
    if color is None:
        raise Refusal("not_a_player", id=game.id)
    if game.active:
        raise Refusal("challenge_busy_self", id=game.id)
    swapped = color.other
    if game.against_bot:
        return await service.start_bot_game(ctx, game.variant, swapped, game.bot_level or 1)
    terms = challenges.Terms(game.variant, ColourChoice("white" if swapped is Color.WHITE else "black"),
                             game.tournament)
    opponent = game.player(color.other)
    posted = await challenges.post(service.desk, ctx.platform, ctx.channel, ctx.player, opponent, terms,
                                   service.presenter.timing.challenge_expiry, rematch_of=game.id)
    return [service.presenter.challenge(ctx.lang, posted)]


async def pdn(ctx: Ctx, game_id: int) -> list[Reply]:
    loaded = await ctx.service.desk.load(game_id, ctx.platform)
    hints = await ctx.service.repository.hints_used(game_id) if loaded.game.against_bot else 0
    text = game_text.pdn_text(loaded.game, loaded.board, hints=hints)
    return [Reply(f"{ctx.say('pdn', id=game_id)}\n```\n{text}\n```", kind="pdn", game_id=game_id)]


async def gif(ctx: Ctx, game_id: int) -> list[Reply]:
    service = ctx.service
    loaded = await service.desk.load(game_id, ctx.platform)
    game = loaded.game
    title = (f"#{game.id} {game_text.who(ctx.lang, game, Color.WHITE)} - "
             f"{game_text.who(ctx.lang, game, Color.BLACK)}")
    data = await service.workers.game_gif(loaded.board, flipped=flipped_for(game.color_of(ctx.user.user_id)),
                                          title=title, captions=game_text.replay_captions(ctx.lang, game))
    if data is None:
        raise Refusal("pictures_unavailable")
    return [Reply(ctx.say("gif", id=game.id), attachment=Attachment(data, "game.gif"), kind="gif",
                  game_id=game.id)]


async def accept_challenge(ctx: Ctx, challenge_id: int) -> list[Reply]:
    service = ctx.service
    game = await challenges.accept(service.desk, ctx.platform, challenge_id, ctx.player)
    return [await service.presenter.started(ctx.lang, game, service.desk.board(game))]


async def decline_challenge(ctx: Ctx, challenge_id: int) -> list[Reply]:
    found = await challenges.decline(ctx.service.desk, ctx.platform, challenge_id, ctx.player)
    if found.challenger.user_id == ctx.user.user_id:
        return [Reply(ctx.say("challenge_cancelled", challenger=found.challenger.name), kind="challenge")]
    return [Reply(ctx.say("challenge_declined", name=ctx.user.name, challenger=found.challenger.name),
                  mentions=(Person(found.challenger.user_id, found.challenger.name),), kind="challenge")]


async def cancel_challenge(ctx: Ctx, challenge_id: int) -> list[Reply]:
    found = await challenges.cancel(ctx.service.desk, ctx.platform, challenge_id, ctx.player)
    return [Reply(ctx.say("challenge_cancelled", challenger=found.challenger.name), kind="challenge")]


BUTTONS: dict[str, Action] = {
    "acc": accept_challenge, "dec": decline_challenge, "can": cancel_challenge, "res": resign_confirm,
    "rsc": resign, "dro": offer_draw, "dra": accept_draw, "drd": decline_draw, "brd": show_board,
    "lst": list_moves, "mov": move_dialog, "una": accept_undo, "und": decline_undo, "rem": rematch,
    "clm": claim, "pdn": pdn, "gif": gif, "mvq": may_move,
}
