"""How games and challenges read in messages: names, sides, titles, summary fields, buttons, endings."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Literal

from bot.domain.model import Challenge, ColourChoice, Game, Offer, Orientation, Person, Player, Result
from bot.domain.ratings import MIN_RATED_PLIES
from bot.presentation import catalogue
from bot.presentation.messages import Action, Button, ButtonStyle
from engine import Board, Color, get_variant
from engine.pdn import result_of, write_pdn
from render.gif import Captions
from render.text import UNICODE, render_text


def side(lang: str, variant: str, color: Color) -> str:
    """A side's name in the rules and `lang` (Red, White, Black; punainen, ...)."""
    return catalogue.side_name(lang, get_variant(variant).side_name(color))


def who(lang: str, game: Game, color: Color) -> str:
    """A player with their side: "ann (White)"."""
    return f"{game.player(color).name} ({side(lang, game.variant, color)})"


def person(player: Player) -> Person | None:
    """A player as someone to mention, or None for the built-in opponent."""
    return None if player.is_bot else Person(player.user_id, player.name)


@dataclass(frozen=True)
class Facing:
    """Which way a reader's boards face: the channel's `orientation` setting and, in a private chat, the
    `reader`, who sees their own side."""

    orientation: Orientation = Orientation.TURN
    reader: str | None = None


TURNING = Facing()
"""Boards that turn to the side to move: how boards faced before the channel setting came."""


def first_side(game: Game) -> Color:
    """The side that made the game's first move (or makes it): sides alternate at every move."""
    return game.turn if len(game.moves) % 2 == 0 else game.turn.other


def viewer(game: Game, facing: Facing = TURNING, asked: Color | None = None) -> Color | None:
    """The side a game's board is shown from: the one rule for every board picture and text board.

    In a private chat, the reader's own side. With the channel's boards turning (`Orientation.TURN`),
    `asked` when given (the side of the player who asked for the board or ended the game), else the
    person's in a game against the bot, else the side to move (None once a game between people is over).
    With fixed boards, the person's against the bot, else the side that moved first, all game long.
    """
    own = game.color_of(facing.reader) if facing.reader is not None else None
    if own is not None:
        return own
    if facing.orientation is Orientation.TURN and asked is not None:
        return asked
    if game.white.is_bot or game.black.is_bot:
        return Color.BLACK if game.white.is_bot else Color.WHITE
    if facing.orientation is Orientation.FIXED:
        return first_side(game)
    return game.turn if game.active else None


def flipped_for(color: Color | None) -> bool:
    """Whether a board shown to a player of `color` is drawn from the low-numbers side (Black/Red)."""
    return color is Color.BLACK


def mention(game: Game, color: Color) -> tuple[Person, ...]:
    found = person(game.player(color))
    return (found,) if found else ()


def turn_line(lang: str, game: Game) -> str:
    """The turn in words: "Red (bob) to move."."""
    return catalogue.say(lang, "turn", side=side(lang, game.variant, game.turn),
                         name=game.player(game.turn).name)


def how_to_move(lang: str, platform: str, example: str, *, reads_typed: bool) -> str:
    """How to make a move, with `example`: typed as a message where the platform passes typed messages on
    (`reads_typed`, the adapter's word), else the platform's buttons and commands.

    >>> how_to_move("en", "console", "9-13", reads_typed=True)
    'Type your move as a message, for example 9-13.'
    >>> how_to_move("en", "discord", "9-13", reads_typed=False)
    'Move with the Move button under the board, or with `/tammi move` (for example `/tammi move 9-13`).'
    """
    if reads_typed:
        return catalogue.say(lang, "how_to_move", example=example)
    own = f"how_to_move_{platform}_untyped"
    return catalogue.say(lang, own if catalogue.has(own) else "how_to_move_other_untyped", example=example)


def fields(lang: str, game: Game) -> tuple[tuple[str, str], ...]:
    """The summary adapters may show as an embed: players, last move, turn or result."""
    players = catalogue.say(lang, "vs", white=who(lang, game, Color.WHITE),
                            black=who(lang, game, Color.BLACK))
    shown = [(catalogue.say(lang, "field_players"), players)]
    if game.moves:
        shown.append((catalogue.say(lang, "field_last"), game.moves[-1]))
    if game.active:
        shown.append((catalogue.say(lang, "field_turn"), who(lang, game, game.turn)))
    else:
        shown.append((catalogue.say(lang, "field_result"), result_line(lang, game)))
    return tuple(shown)


def score(game: Game) -> str:
    """The result as PDN writes it (the first player's score first: "1-0" when Red wins at English
    checkers), "*" while the game goes on; the one notation every message uses."""
    if game.result is Result.ONGOING:
        return "*"
    return result_of(get_variant(game.variant), game.result.winner)


def result_line(lang: str, game: Game) -> str:
    """The score and who won, in words: "1-0, bob (Red) won"."""
    winner = game.result.winner
    if winner is None:
        return catalogue.say(lang, "result_drawn", score=score(game))
    return catalogue.say(lang, "result_won", score=score(game), winner=who(lang, game, winner))


def title(lang: str, game: Game) -> str:
    """The game's heading: "Game #3: ann (White) against bob (Red), English checkers"."""
    return catalogue.say(lang, "board_title", id=game.id, white=game.white.name, black=game.black.name,
                     white_side=side(lang, game.variant, Color.WHITE),
                     black_side=side(lang, game.variant, Color.BLACK),
                     variant=catalogue.variant_title(lang, game.variant))


def game_buttons(lang: str, game: Game) -> tuple[Button, ...]:
    """The buttons under a game's message, by its state (offer pending, active, finished)."""
    def button(action: Action, key: str, style: ButtonStyle = "secondary") -> Button:
        return Button.press(action, game.id, catalogue.say(lang, key), style)

    if not game.active:
        return (button(Action.REMATCH, "btn_rematch", "primary"),)
    if game.offer is Offer.DRAW:
        return (button(Action.ACCEPT_DRAW, "btn_accept_draw", "success"),
                button(Action.DECLINE_DRAW, "btn_decline_draw", "danger"),
                button(Action.MOVE, "btn_move", "primary"))
    if game.offer is Offer.UNDO:
        return (button(Action.ACCEPT_UNDO, "btn_accept_undo", "success"),
                button(Action.DECLINE_UNDO, "btn_decline_undo", "danger"))
    buttons = [button(Action.MOVE, "btn_move", "primary"), button(Action.MOVES, "btn_moves")]
    if game.claim_noted:
        buttons.append(button(Action.CLAIM, "btn_claim"))
    if game.moves or game.against_bot:  # between people an offer follows one's own move
        buttons.append(button(Action.OFFER_DRAW, "btn_offer_draw"))
    buttons.append(button(Action.RESIGN_ASK, "btn_resign", "danger"))
    return tuple(buttons)


def end_text(lang: str, game: Game, actor: str | None = None, *, abandon_hours: float = 72.0) -> str:
    """How the game ended, in words, with whether it counts for the ratings."""
    winner = game.result.winner
    names: dict[str, object] = {}
    if winner is not None:
        names = {"winner": who(lang, game, winner), "loser": who(lang, game, winner.other)}
    key = f"end_{game.ending.value}" if game.ending else "end_other"
    if game.ending is None:
        result = catalogue.say(lang, "draw_result") if winner is None else names["winner"]
        return catalogue.say(lang, "end_other", result=result)
    waited = duration(lang, abandon_hours * 3600, "for")
    text = catalogue.say(lang, key, name=actor or "?", time=waited, **names)
    if game.rated:
        text += " " + catalogue.say(lang, "rated_note")
    elif game.bot_level is None and len(game.moves) < MIN_RATED_PLIES:
        text += " " + catalogue.say(lang, "unrated_short")
    return text


def status_line(lang: str, game: Game) -> str:
    """The line under a text board: whose move and the last move, or once the game is over, who won."""
    winner = game.result.winner
    if game.active:
        turn = side(lang, game.variant, game.turn)
        if game.moves:
            text = catalogue.say(lang, "board_status_last", side=turn, last=game.moves[-1])
        else:
            text = catalogue.say(lang, "board_status", side=turn)
    elif winner is not None:
        text = catalogue.say(lang, "board_status_won", side=side(lang, game.variant, winner))
    else:
        text = catalogue.say(lang, "board_status_drawn")
    return text[:1].upper() + text[1:]


def text_board(lang: str, game: Game, board: Board, *, flipped: bool) -> str:
    """The board in text with its legend and status line in `lang`."""
    black, white = Color.BLACK, Color.WHITE
    men = ", ".join(f"{UNICODE[color, False]} {side(lang, game.variant, color)}" for color in (black, white))
    kings = ", ".join(UNICODE[color, True] for color in (black, white))
    legend = catalogue.say(lang, "board_legend", men=men, kings=kings)
    return "\n".join((render_text(board, flipped=flipped, legend=False), legend, status_line(lang, game)))


def replay_captions(lang: str, game: Game) -> Captions:
    """The words of a game's replay in `lang`, with its result on the last frame once it is over."""
    sides = (side(lang, game.variant, Color.WHITE), side(lang, game.variant, Color.BLACK))
    winner = game.result.winner
    final = None
    if not game.active:
        final = (catalogue.say(lang, "gif_drawn") if winner is None
                 else catalogue.say(lang, "gif_won", side=side(lang, game.variant, winner)))
    return Captions(start=catalogue.say(lang, "gif_start", side="{side}"),
                    move=catalogue.say(lang, "gif_move", number="{number}", side="{side}", move="{move}"),
                    won=catalogue.say(lang, "gif_won", side="{side}"), drawn=catalogue.say(lang, "gif_drawn"),
                    sides=sides, final=final)


def colours_text(lang: str, challenge: Challenge) -> str:
    color = challenge.colour.color
    if challenge.colour is ColourChoice.RANDOM or color is None:
        return catalogue.say(lang, "colours_random")
    return catalogue.say(lang, "colours_chosen", name=challenge.challenger.name,
                     side=side(lang, challenge.variant, color))


UNITS = (("day", 86400), ("hour", 3600), ("minute", 60), ("second", 1))
Role = Literal["span", "in", "for"]


def span_parts(seconds: float) -> tuple[tuple[str, int], ...]:
    """A time span in the units people tell it in: the largest unit that fits, with the next one while
    the count is under 10, rounded to the last unit told.

    >>> span_parts(72 * 3600), span_parts(5400), span_parts(3590), span_parts(0.4)
    ((('day', 3),), (('hour', 1), ('minute', 30)), (('hour', 1),), (('second', 0),))
    """
    def largest(total: int) -> int:
        return next((i for i, (_, size) in enumerate(UNITS) if total >= size), len(UNITS) - 1)

    total = max(0, round(seconds))
    top = largest(total)
    step = UNITS[top][1]
    if top + 1 < len(UNITS) and total < 10 * step:
        step = UNITS[top + 1][1]
    total = round(total / step) * step
    top = largest(total)  # rounding may carry into the next unit: 59 min 50 s is 1 hour
    (unit, size), (small, small_size) = UNITS[top], UNITS[min(top + 1, len(UNITS) - 1)]
    count, rest = divmod(total, size)
    return ((unit, count), (small, rest // small_size)) if rest else ((unit, count),)


def duration(lang: str, seconds: float, role: Role = "span") -> str:
    """A time span in words, with plurals: "3 days", "2 hours and 30 minutes", "45 seconds". `role` is
    how the sentence uses it, for languages whose words change with that: "in" (within or after the
    span; Finnish "2 tunnin kuluessa"), "for" (not moving for it; "ei siirtänyt 3 päivään"), "span"."""
    words = [catalogue.say(lang, f"duration_{unit}", count=count, role=role)
             for unit, count in span_parts(seconds)]
    if len(words) == 1:
        return words[0]
    return catalogue.say(lang, "duration_and", first=words[0], second=words[1])


def pdn_text(game: Game, board: Board, *, hints: int = 0, event: dict[str, str] | None = None) -> str:
    """The game in PDN with its players and result (the first player's score first, as PDN has it), and
    a `Hints` tag with the number of positions a hint was shown in, if any; `event`: a tournament game's
    tags (its Event and Round, its ballot), in place of the defaults."""
    result = score(game)
    tags = {
        "Event": f"Tammi game {game.id}",
        "Site": game.platform,
        "Date": time.strftime("%Y.%m.%d", time.gmtime(game.created_at)),
        "Round": "-",
        "White": game.white.name,
        "Black": game.black.name,
    }
    tags.update(event or {})
    if hints:
        tags["Hints"] = str(hints)
    return write_pdn(board, tags, result).strip()
