"""Boards for everyone: a picture's description in words, the board as a text block, and the menu of
the moves under a board."""

from __future__ import annotations

from bot.domain.model import Game, Offer
from bot.presentation import catalogue, game_text
from bot.presentation.messages import Picker
from engine import Board


def material(lang: str, game: Game, board: Board) -> str:
    """The pieces each side has, the first player's side first: "Red: 12 men, no kings; White: ..."."""
    pieces = board.pieces().values()
    first = game_text.first_side(game)
    sides = []
    for color in (first, first.other):
        men = sum(1 for piece in pieces if piece.color is color and not piece.king)
        kings = sum(1 for piece in pieces if piece.color is color and piece.king)
        sides.append(catalogue.say(lang, "board-alt-side", side=game_text.side(lang, game.variant, color),
                                   men=men, kings=kings))
    return catalogue.say(lang, "board-alt-material", first=sides[0], second=sides[1])


def alt_text(lang: str, game: Game, board: Board) -> str:
    """A board picture in words, for screen readers: the game, whose move it is (or the result), the last
    move and the pieces each side has."""
    if game.active:
        status = catalogue.say(lang, "board-alt-turn", side=game_text.side(lang, game.variant, game.turn),
                               name=game.player(game.turn).name)
    else:
        status = catalogue.say(lang, "board-alt-over", result=game_text.result_line(lang, game))
    last = (catalogue.say(lang, "board-alt-last", move=game.moves[-1]) if game.moves
            else catalogue.say(lang, "board-alt-no-moves"))
    return catalogue.say(lang, "board-alt", id=game.id, variant=catalogue.variant_title(lang, game.variant),
                         status=status, last=last, material=material(lang, game, board))


def text_block(lang: str, game: Game, board: Board, *, flipped: bool) -> str:
    """`board text`: the game's heading and its board as a monospace block, with the legend and status."""
    board_text = game_text.text_board(lang, game, board, flipped=flipped)
    return f"{game_text.title(lang, game)}\n```\n{board_text}\n```"


def picker(lang: str, game: Game, board: Board, square: int | None = None) -> Picker:
    """The menu of the legal moves in the game's position (of the piece on `square` only, when given)."""
    legal = sorted(board.legal_moves, key=lambda move: move.path)
    moves = tuple(dict.fromkeys(str(move) for move in legal if square is None or move.start == square))
    side = game_text.side(lang, game.variant, game.turn)
    prompt = (catalogue.say(lang, "picker-piece-moves", square=square) if square is not None
              else catalogue.say(lang, "picker-moves", side=side))
    return Picker(game.id, len(game.moves), moves, prompt, catalogue.say(lang, "picker-pieces", side=side),
                  square)


def may_pick(game: Game) -> bool:
    """Whether a board of the game offers its moves in a menu: while a person is to move and may (no
    take-back request waits for an answer)."""
    return game.active and not game.player(game.turn).is_bot and game.offer is not Offer.UNDO
