"""Starting games: challenges (post, accept, decline, cancel), rematches, and games against the bot."""

from __future__ import annotations

from bot.chat import ending, typed
from bot.chat.context import Ctx
from bot.chat.events import Person, Reply
from bot.domain.model import BOT_ID, BOT_NAME, Challenge, ColourChoice, Offer, Player
from bot.domain.transitions import Refusal
from bot.flows import challenges, people
from bot.flows.desk import Desk
from bot.flows.opponent import BotPlayer
from bot.presentation import catalogue
from bot.presentation.messages import Kind
from bot.presentation.replies import Presenter
from bot.storage.repository import Repository
from engine import Color


async def find_person(ctx: Ctx, repository: Repository, names: list[str]) -> Player | None:
    """The person the event names: a mention, typed words or a reply (see `bot.flows.people.find`)."""
    return await people.find(repository, ctx.asker, names, mentions=ctx.event.mentions,
                             replied=ctx.event.replied_to)


def _mentioned(ctx: Ctx, word: str) -> bool:
    """Whether a word is a mention's text (`@bob`, `<@123>`, or a word of a mentioned person's name)."""
    if word.startswith(("@", "<@")):
        return True
    folded = word.casefold()
    return any(folded in person.name.casefold().split() for person in ctx.event.mentions)


async def _opponent(ctx: Ctx, repository: Repository, names: tuple[str, ...]) -> Player | None:
    """Who a challenge names: a mention, or the longest run of leading words that is a known name (else
    the first word). A word left over is not part of the name: the challenge is refused as naming rules
    nobody knows ("challenge bob chess")."""
    if ctx.event.mentions:
        rest = [name for name in names if not _mentioned(ctx, name)]
        if rest:
            raise Refusal("unknown_variant", name=rest[0][:40])
        return await find_person(ctx, repository, [])
    if names and names[0].lstrip("@").casefold() == BOT_NAME.casefold():
        return Player(BOT_ID, BOT_NAME)
    count = min(len(names), 1)
    for longer in range(len(names), 1, -1):
        if await people.known(repository, ctx.asker, " ".join(names[:longer])):
            count = longer
            break
    found = await find_person(ctx, repository, list(names[:count]))
    if count < len(names):
        raise Refusal("unknown_variant", name=names[count][:40])
    return found


async def challenge(command: typed.Challenge, ctx: Ctx, desk: Desk, repository: Repository,
                    presenter: Presenter) -> list[Reply]:
    target = None if command.anyone else await _opponent(ctx, repository, command.names)
    if target is not None and (target.is_bot or any(p.is_bot for p in ctx.event.mentions)):
        raise Refusal("challenge_bot", name=target.name, play=catalogue.command_name(ctx.lang, "play"))
    terms = challenges.Terms(command.variant or ctx.variant, command.colour, command.tournament)
    posted = await challenges.post(desk, ctx.asker, ctx.player, target, terms,
                                   presenter.timing.challenge_expiry)
    return [presenter.challenge(ctx.lang, posted)]


async def accept(command: typed.Accept, ctx: Ctx, desk: Desk, repository: Repository,
                 presenter: Presenter) -> list[Reply]:
    """An offer in the user's own game comes first (while playing they cannot start another game), then
    the challenge named by id or challenger, else the one challenge a bare `accept` can mean."""
    if not command.words:
        standing = await _offer_to_answer(ctx, desk)
        if standing is not None:
            answer = ending.accept_draw if standing is Offer.DRAW else ending.accept_undo
            return await answer(typed.Target(None), ctx, desk, presenter)
    challenger = None
    if command.challenge_id is None and (command.words or ctx.event.mentions):
        try:
            challenger = await find_person(ctx, repository, list(command.words))
        except Refusal as refusal:  # an unknown name filters nothing; an ambiguous one needs a mention
            if refusal.key == "person-ambiguous":
                raise
    pending = await challenges.pending(desk, ctx.asker)
    if challenger is None and command.challenge_id is None:
        _one_to_accept(ctx, pending)
    found = challenges.for_answer(pending, ctx.user.user_id, challenger.user_id if challenger else None,
                                  command.challenge_id)
    if found is not None:
        return await accept_challenge(typed.Target(found.id), ctx, desk, presenter)
    own = any(c.challenger.user_id == ctx.user.user_id for c in pending)
    raise Refusal("challenge_own" if own else "no_challenge")


async def _offer_to_answer(ctx: Ctx, desk: Desk) -> Offer | None:
    """The opponent's draw offer or take-back request that awaits the user in their game here."""
    try:
        game = await desk.find(ctx.asker, None)
    except Refusal:
        return None
    return game.offer_to(game.color_of(ctx.user.user_id))


def _one_to_accept(ctx: Ctx, pending: list[Challenge]) -> None:
    """Refuses a bare `accept` that could mean several challenges, listing them by number."""
    candidates = challenges.accept_candidates(pending, ctx.user.user_id)
    if len(candidates) > 1:
        listed = "; ".join(ctx.say("accept_which_line", id=c.id, challenger=c.challenger.name,
                                   variant=catalogue.variant_title(ctx.lang, c.variant))
                           for c in candidates[:10])
        raise Refusal("accept_which", list=listed, accept=catalogue.command_name(ctx.lang, "accept"),
                      id=candidates[0].id)


async def decline(command: typed.Decline, ctx: Ctx, desk: Desk, presenter: Presenter) -> list[Reply]:
    if not command.any_words:
        standing = await _offer_to_answer(ctx, desk)
        if standing is not None:
            answer = ending.decline_draw if standing is Offer.DRAW else ending.decline_undo
            return await answer(typed.Target(None), ctx, desk, presenter)
    pending = await challenges.pending(desk, ctx.asker)
    direct = [c for c in pending if c.target is not None and c.target.user_id == ctx.user.user_id]
    if not direct:
        raise Refusal("no_challenge")
    return await decline_challenge(typed.Target(direct[0].id), ctx, desk)


async def cancel(command: typed.Cancel, ctx: Ctx, desk: Desk) -> list[Reply]:
    pending = await challenges.pending(desk, ctx.asker)
    own = [c for c in pending if c.challenger.user_id == ctx.user.user_id]
    if not own:
        raise Refusal("challenge_nothing_to_cancel")
    return await cancel_challenge(typed.Target(own[0].id), ctx, desk)


async def accept_challenge(target: typed.Target, ctx: Ctx, desk: Desk, presenter: Presenter) -> list[Reply]:
    assert target.id is not None
    game = await challenges.accept(desk, ctx.platform, target.id, ctx.player)
    return [await presenter.started(ctx.lang, game, desk.board(game), reads_typed=ctx.event.reads_typed,
                                    facing=ctx.facing)]


async def decline_challenge(target: typed.Target, ctx: Ctx, desk: Desk) -> list[Reply]:
    assert target.id is not None
    found = await challenges.decline(desk, ctx.platform, target.id, ctx.player)
    if found.challenger.user_id == ctx.user.user_id:
        return [Reply(ctx.say("challenge_cancelled", challenger=found.challenger.name), kind=Kind.CHALLENGE)]
    return [Reply(ctx.say("challenge_declined", name=ctx.user.name, challenger=found.challenger.name),
                  mentions=(Person(found.challenger.user_id, found.challenger.name),), kind=Kind.CHALLENGE)]


async def cancel_challenge(target: typed.Target, ctx: Ctx, desk: Desk) -> list[Reply]:
    assert target.id is not None
    found = await challenges.cancel(desk, ctx.platform, target.id, ctx.player)
    return [Reply(ctx.say("challenge_cancelled", challenger=found.challenger.name), kind=Kind.CHALLENGE)]


async def start_bot_game(ctx: Ctx, desk: Desk, presenter: Presenter, bot: BotPlayer, variant: str,
                         colour: Color, level: int) -> list[Reply]:
    game = await bot.start(ctx.asker, ctx.player, variant, colour, level)
    return [await presenter.started(ctx.lang, game, desk.board(game), reads_typed=ctx.event.reads_typed,
                                    facing=ctx.facing)]


async def play_bot(command: typed.PlayBot, ctx: Ctx, desk: Desk, presenter: Presenter,
                   bot: BotPlayer) -> list[Reply]:
    """A game against the built-in opponent: `play [level] [variant] [colour]`."""
    highest = bot.limits.max_level
    level = min(2, highest) if command.level is None else command.level
    if not 1 <= level <= highest:
        raise Refusal("bot_level_bad", max=highest)
    colour = challenges.toss(desk, command.colour)
    return await start_bot_game(ctx, desk, presenter, bot, command.variant or ctx.variant, colour, level)


async def rematch(target: typed.Target, ctx: Ctx, desk: Desk, presenter: Presenter,
                  bot: BotPlayer) -> list[Reply]:
    """Play again with colours swapped: against the bot at once, else as a challenge."""
    game = await desk.find(ctx.asker, target.id, target.lookup, target.missing)
    color = game.color_of(ctx.user.user_id)
    if color is None:
        raise Refusal("not_a_player", id=game.id)
    if game.active:
        raise Refusal("challenge_busy_self", id=game.id)
    swapped = color.other
    if game.against_bot:
        return await start_bot_game(ctx, desk, presenter, bot, game.variant, swapped, game.bot_level or 1)
    terms = challenges.Terms(game.variant, ColourChoice("white" if swapped is Color.WHITE else "black"),
                             game.tournament)
    posted = await challenges.post(desk, ctx.asker, ctx.player, game.player(color.other), terms,
                                   presenter.timing.challenge_expiry, rematch_of=game.id)
    return [presenter.challenge(ctx.lang, posted)]

