"""How games and challenges look in messages: names, sides, summary fields, buttons, results, PDN."""

from __future__ import annotations

import time

from bot.chat.events import Button, Person, Reply
from bot.games import is_bot, player_id, player_name, turn_of
from bot.presentation import texts
from bot.domain.ratings import MIN_RATED_PLIES
from bot.storage import ChallengeRecord, GameRecord
from engine import Board, Color, Outcome, get_variant
from engine.pdn import result_token, write_pdn


def side(lang: str, game: GameRecord | str, color: Color) -> str:
    """A side's name in the game's rules and `lang` (Red, White, Black; punainen, ...)."""
    variant = game if isinstance(game, str) else game.variant
    return texts.side_name(lang, get_variant(variant).side_name(color))


def who(lang: str, game: GameRecord, color: Color) -> str:
    """A player with their side: "ann (White)"."""
    return f"{player_name(game, color)} ({side(lang, game, color)})"


def person(game: GameRecord, color: Color) -> Person | None:
    """The player of `color` as someone to mention, or None for the built-in opponent."""
    user_id = player_id(game, color)
    return None if is_bot(user_id) else Person(user_id, player_name(game, color))


def turn_line(lang: str, game: GameRecord) -> str:
    """The turn in words: "Red (bob) to move."."""
    color = turn_of(game)
    return texts.say(lang, "turn", side=side(lang, game, color), name=player_name(game, color))


def fields(lang: str, game: GameRecord) -> tuple[tuple[str, str], ...]:
    """The summary adapters may show as an embed: players, last move, turn or result."""
    players = texts.say(lang, "vs", white=who(lang, game, Color.WHITE),
                        black=who(lang, game, Color.BLACK))
    fields = [(texts.say(lang, "field_players"), players)]
    if game.moves:
        fields.append((texts.say(lang, "field_last"), game.moves[-1]))
    if game.active:
        color = turn_of(game)
        fields.append((texts.say(lang, "field_turn"), who(lang, game, color)))
    else:
        fields.append((texts.say(lang, "field_result"), game.result))
    return tuple(fields)


def title(lang: str, game: GameRecord) -> str:
    """The game's heading: "Game #3: ann (White) against bob (Red), English checkers"."""
    return texts.say(lang, "board_title", id=game.id, white=game.white_name, black=game.black_name,
                     white_side=side(lang, game, Color.WHITE),
                     black_side=side(lang, game, Color.BLACK),
                     variant=texts.variant_title(lang, game.variant))


def game_buttons(lang: str, game: GameRecord) -> tuple[Button, ...]:
    """The buttons under a game's message, by its state (offer pending, active, finished)."""
    gid = game.id
    if not game.active:
        return (Button(f"rem:{gid}", texts.say(lang, "btn_rematch"), "primary"),)
    if game.offer == "draw":
        return (Button(f"dra:{gid}", texts.say(lang, "btn_accept_draw"), "success"),
                Button(f"drd:{gid}", texts.say(lang, "btn_decline_draw"), "danger"),
                Button(f"mov:{gid}", texts.say(lang, "btn_move"), "primary"))
    if game.offer == "undo":
        return (Button(f"una:{gid}", texts.say(lang, "btn_accept_undo"), "success"),
                Button(f"und:{gid}", texts.say(lang, "btn_decline_undo"), "danger"))
    buttons = [Button(f"mov:{gid}", texts.say(lang, "btn_move"), "primary"),
               Button(f"lst:{gid}", texts.say(lang, "btn_moves"))]
    if game.claim_noted:
        buttons.append(Button(f"clm:{gid}", texts.say(lang, "btn_claim")))
    buttons += [Button(f"dro:{gid}", texts.say(lang, "btn_offer_draw")),
                Button(f"res:{gid}", texts.say(lang, "btn_resign"), "danger")]
    return tuple(buttons)


def end_text(lang: str, game: GameRecord, actor: str | None = None, *, abandon_after: float = 72.0) -> str:
    """How the game ended, in words, with whether it counts for the ratings."""
    reason = game.reason or ""
    if game.result == "1/2-1/2":
        winner = loser = None
    else:
        winner = Color.WHITE if game.result == "1-0" else Color.BLACK
        loser = winner.other
    names: dict[str, object] = {}
    if winner is not None and loser is not None:
        names = {"winner": who(lang, game, winner), "loser": who(lang, game, loser)}
    key = f"end_{reason}"
    if key not in texts.MESSAGES:
        result = texts.say(lang, "draw_result") if winner is None else names["winner"]
        return texts.say(lang, "end_other", result=result)
    hours = f"{abandon_after:g}"
    text = texts.say(lang, key, name=actor or "?", hours=hours, **names)
    if game.rated:
        text += " " + texts.say(lang, "rated_note")
    elif game.bot_level is None and len(game.moves) < MIN_RATED_PLIES:
        text += " " + texts.say(lang, "unrated_short")
    return text


def challenge_reply(lang: str, challenge: ChallengeRecord, expiry_minutes: float) -> Reply:
    """The challenge as posted: who, which rules, colours, and Accept/Decline (or Cancel) buttons."""
    if challenge.colour == "random":
        colours = texts.say(lang, "colours_random")
    else:
        color = Color.WHITE if challenge.colour == "white" else Color.BLACK
        colours = texts.say(lang, "colours_chosen", name=challenge.challenger_name,
                            side=side(lang, challenge.variant, color))
    values = {"challenger": challenge.challenger_name, "target": challenge.target_name,
              "variant": texts.variant_title(lang, challenge.variant), "colours": colours}
    lines = [texts.say(lang, "challenge_direct" if challenge.target_id else "challenge_open", **values)]
    if challenge.rematch_of is not None:
        lines.append(texts.say(lang, "challenge_rematch", game=challenge.rematch_of))
    if challenge.tournament:
        lines.append(texts.say(lang, "tournament_note"))
    lines.append(texts.say(lang, "challenge_expires", time=duration(lang, expiry_minutes)))
    cid = challenge.id
    if challenge.target_id:
        buttons = (Button(f"acc:{cid}", texts.say(lang, "btn_accept"), "success"),
                   Button(f"dec:{cid}", texts.say(lang, "btn_decline"), "danger"))
        mentions: tuple[Person, ...] = (Person(challenge.target_id, challenge.target_name or "?"),)
    else:
        buttons = (Button(f"acc:{cid}", texts.say(lang, "btn_accept"), "success"),
                   Button(f"can:{cid}", texts.say(lang, "btn_cancel")))
        mentions = ()
    return Reply("\n".join(lines), buttons=buttons, mentions=mentions, kind="challenge")


def duration(lang: str, minutes: float) -> str:
    """A time span for people: "30 min", "24 h" ("24 t" in Finnish)."""
    if minutes < 120:
        return f"{minutes:g} min"
    hours = minutes / 60
    return f"{hours:.0f} {'t' if lang == 'fi' else 'h'}"


def pdn_text(game: GameRecord, board: Board) -> str:
    """The game in PDN with its players and result (the first player's score first, as PDN has it)."""
    variant = get_variant(game.variant)
    if game.result == "*":
        outcome = None
    elif game.result == "1/2-1/2":
        outcome = Outcome(None, game.reason or "")
    else:
        outcome = Outcome(Color.WHITE if game.result == "1-0" else Color.BLACK, game.reason or "")
    tags = {
        "Event": f"Tammi game {game.id}",
        "Site": game.platform,
        "Date": time.strftime("%Y.%m.%d", time.gmtime(game.created_at)),
        "Round": "-",
        "White": game.white_name,
        "Black": game.black_name,
    }
    return write_pdn(board, tags, result_token(variant, outcome)).strip()
