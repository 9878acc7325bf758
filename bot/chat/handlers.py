"""Commands whose words need reading (challenge, play, draw, ...): (ctx, args) -> replies."""

from __future__ import annotations

from bot.chat import actions, people
from bot.chat import grammar as words
from bot.chat.context import Ctx
from bot.chat.events import Reply
from bot.domain.model import BOT_ID, ColourChoice, Offer, Player
from bot.domain.transitions import Refusal
from bot.flows import challenges
from bot.presentation import catalogue


async def find_person(ctx: Ctx, names: list[str]) -> Player | None:
    """The person named by a mention, typed words or a reply (see `bot.chat.people.find`)."""
    return await people.find(ctx, names)


def _mentioned(ctx: Ctx, word: str) -> bool:
    """Whether a word is a mention's text (`@bob`, `<@123>`, or a word of a mentioned person's name)."""
    if word.startswith(("@", "<@")):
        return True
    folded = word.casefold()
    return any(folded in person.name.casefold().split() for person in ctx.event.mentions)


async def _opponent(ctx: Ctx, names: list[str]) -> Player | None:
    """Who a challenge names: a mention, or the longest run of leading words that is a known name (else
    the first word). A word left over is not part of the name: the challenge is refused as naming rules
    nobody knows ("challenge bob chess")."""
    if ctx.event.mentions:
        rest = [name for name in names if not _mentioned(ctx, name)]
        if rest:
            raise Refusal("unknown_variant", name=rest[0][:40])
        return await find_person(ctx, [])
    if names and names[0].lstrip("@").casefold() == ctx.service.bot_name.casefold():
        return Player(BOT_ID, ctx.service.bot_name)
    count = min(len(names), 1)
    for longer in range(len(names), 1, -1):
        if await people.known(ctx, " ".join(names[:longer])):
            count = longer
            break
    found = await find_person(ctx, names[:count])
    if count < len(names):
        raise Refusal("unknown_variant", name=names[count][:40])
    return found


async def challenge(ctx: Ctx, args: tuple[str, ...]) -> list[Reply]:
    service = ctx.service
    variant = ctx.variant
    colour, tournament, open_challenge = ColourChoice.RANDOM, False, False
    names: list[str] = []
    for arg in args:
        word = arg.casefold()
        if word in words.COLOUR_WORDS:
            colour = ColourChoice(words.COLOUR_WORDS[word])
        elif word in words.TOURNAMENT_WORDS:
            tournament = True
        elif word in words.OPEN_WORDS:
            open_challenge = True
        elif not word.startswith("@") and words.variant_name(word):
            variant = words.variant_name(word) or variant
        else:
            names.append(arg)
    target = None if open_challenge else await _opponent(ctx, names)
    if target is not None and (target.is_bot or any(p.is_bot for p in ctx.event.mentions)):
        raise Refusal("challenge_bot", name=target.name, play=catalogue.command_name(ctx.lang, "play"))
    posted = await challenges.post(service.desk, ctx.platform, ctx.channel, ctx.player, target,
                                   challenges.Terms(variant, colour, tournament),
                                   service.presenter.timing.challenge_expiry)
    return [service.presenter.challenge(ctx.lang, posted)]


async def _offer_to_answer(ctx: Ctx) -> tuple[int, Offer] | None:
    """The user's active game here, if the opponent's draw offer or take-back request awaits them."""
    game = await ctx.service.repository.active_game_for(ctx.platform, ctx.channel, ctx.user.user_id)
    if game is None:
        return None
    offer = game.offer_to(game.color_of(ctx.user.user_id))
    return (game.id, offer) if offer else None


async def accept(ctx: Ctx, args: tuple[str, ...]) -> list[Reply]:
    # An offer in the user's own game comes first: while playing they cannot start another game.
    standing = None if args else await _offer_to_answer(ctx)
    if standing is not None:
        game_id, offer = standing
        return await (actions.accept_draw if offer is Offer.DRAW else actions.accept_undo)(ctx, game_id)
    challenger = None
    if words.typed_id(args) is None and (args or ctx.event.mentions):
        try:
            challenger = await find_person(ctx, list(args))
        except Refusal as refusal:  # an unknown name filters nothing; an ambiguous one needs a mention
            if refusal.key == "person-ambiguous":
                raise
            challenger = None
    if challenger is None and words.typed_id(args) is None:
        await _one_to_accept(ctx)
    found = await challenges.for_answer(ctx.service.desk, ctx.platform, ctx.channel, ctx.user.user_id,
                                        challenger.user_id if challenger else None, words.typed_id(args))
    if found is not None:
        return await actions.accept_challenge(ctx, found.id)
    pending = await ctx.service.repository.open_challenges(ctx.platform, ctx.channel,
                                                           now=ctx.service.desk.clock())
    own = any(c.challenger.user_id == ctx.user.user_id for c in pending)
    raise Refusal("challenge_own" if own else "no_challenge")


async def _one_to_accept(ctx: Ctx) -> None:
    """Refuses a bare `accept` that could mean several challenges (those to the user, else the open
    ones of others), listing them by number."""
    pending = await ctx.service.repository.open_challenges(ctx.platform, ctx.channel,
                                                           now=ctx.service.desk.clock())
    me = ctx.user.user_id
    candidates = [c for c in pending if c.target is not None and c.target.user_id == me] or [
        c for c in pending if c.target is None and c.challenger.user_id != me]
    if len(candidates) > 1:
        listed = "; ".join(ctx.say("accept_which_line", id=c.id, challenger=c.challenger.name,
                                   variant=catalogue.variant_title(ctx.lang, c.variant))
                           for c in candidates[:10])
        raise Refusal("accept_which", list=listed, accept=catalogue.command_name(ctx.lang, "accept"),
                      id=candidates[0].id)


async def decline(ctx: Ctx, args: tuple[str, ...]) -> list[Reply]:
    standing = None if args else await _offer_to_answer(ctx)
    if standing is not None:
        game_id, offer = standing
        return await (actions.decline_draw if offer is Offer.DRAW else actions.decline_undo)(ctx, game_id)
    pending = await ctx.service.repository.open_challenges(ctx.platform, ctx.channel,
                                                           now=ctx.service.desk.clock())
    direct = [c for c in pending if c.target is not None and c.target.user_id == ctx.user.user_id]
    if not direct:
        raise Refusal("no_challenge")
    return await actions.decline_challenge(ctx, direct[0].id)


async def cancel(ctx: Ctx, args: tuple[str, ...]) -> list[Reply]:
    pending = await ctx.service.repository.open_challenges(ctx.platform, ctx.channel,
                                                           now=ctx.service.desk.clock())
    own = [c for c in pending if c.challenger.user_id == ctx.user.user_id]
    if not own:
        raise Refusal("challenge_nothing_to_cancel")
    return await actions.cancel_challenge(ctx, own[0].id)


async def play(ctx: Ctx, args: tuple[str, ...]) -> list[Reply]:
    """A game against the built-in opponent: `play [level] [variant] [colour]`."""
    service = ctx.service
    variant = ctx.variant
    colour = ColourChoice.RANDOM
    max_level = service.bot.limits.max_level
    level = min(2, max_level)
    for arg in args:
        word = arg.casefold()
        if word.isdecimal():
            level = int(word) if len(word) < 4 else 0
            if not 1 <= level <= max_level:
                raise Refusal("bot_level_bad", max=max_level)
        elif word in words.COLOUR_WORDS:
            colour = ColourChoice(words.COLOUR_WORDS[word])
        elif words.variant_name(word):
            variant = words.variant_name(word) or variant
        else:
            raise Refusal("unknown_variant", name=arg[:40])
    return await service.start_bot_game(ctx, variant, challenges.toss(service.desk, colour), level)


async def _active_id(ctx: Ctx) -> int:
    game = await ctx.service.repository.active_game_for(ctx.platform, ctx.channel, ctx.user.user_id)
    if game is None:
        raise Refusal("no_game")
    return game.id


async def move(ctx: Ctx, args: tuple[str, ...]) -> list[Reply]:
    """`move [#game] <move>`: in the game named first (a platform's move dialog names it), else in the
    user's active game here."""
    named = words.typed_id(args[:1]) if args and args[0].startswith("#") else None
    if named is not None:
        game_id, args = named, args[1:]
    else:
        game_id = await _active_id(ctx)
    if not args:
        return await actions.move_dialog(ctx, game_id)
    typed = words.find_move(" ".join(args))
    if typed is None:  # let the engine explain what is wrong with it
        return await actions.move(ctx, game_id, " ".join(args)[:200])
    return await actions.move(ctx, game_id, typed.text, offer_draw=typed.offer_draw,
                              claim_draw=typed.claim_draw)


async def draw(ctx: Ctx, args: tuple[str, ...]) -> list[Reply]:
    game_id = await _active_id(ctx)
    typed = words.find_move(" ".join(args)) if args else None
    if typed is not None:
        return await actions.move(ctx, game_id, typed.text, offer_draw=True)
    word = args[0].casefold() if args else ""
    if word in words.ACCEPT_WORDS:
        return await actions.accept_draw(ctx, game_id)
    if word in words.DECLINE_WORDS:
        return await actions.decline_draw(ctx, game_id)
    return await actions.offer_draw(ctx, game_id)


async def undo(ctx: Ctx, args: tuple[str, ...]) -> list[Reply]:
    game = await ctx.service.repository.active_game_for(ctx.platform, ctx.channel, ctx.user.user_id)
    if game is None:
        raise Refusal("no_game")
    word = args[0].casefold() if args else ""
    theirs = game.offer_to(game.color_of(ctx.user.user_id)) is Offer.UNDO
    if word in words.ACCEPT_WORDS or (not word and theirs):
        return await actions.accept_undo(ctx, game.id)
    if word in words.DECLINE_WORDS:
        return await actions.decline_undo(ctx, game.id)
    return await actions.request_undo(ctx, game.id)
