"""Tap-to-move keys: the move picker shown in place of a board message's buttons (Telegram's inline
keyboard), one step at a time: the pieces that can move, then the landing squares, then Back and Cancel.

The picker keeps no state anywhere but in its buttons: each button's id names the game, the game's
version when the picker opened (a picker the game has moved past is refused) and the squares chosen
once that button is pressed, one character a square, so every id stays within 64 bytes.

>>> key = Key(17, 4, (32, 28))
>>> key.id
'tp:17:4:WS'
>>> read(key.id) == key, read(Key(17, 4, None).id)
(True, Key(game_id=17, version=4, squares=None))
"""

from __future__ import annotations

import re
import string
from collections.abc import Sequence
from dataclasses import dataclass

from bot.domain.model import Game
from bot.presentation import catalogue, game_text
from bot.presentation.messages import Button, Kind, Reply
from engine import Board
from engine.picking import Pick, back, pick

STEP = "tp"  # `tp:<game>:<version>:<squares>`: the picker with those squares chosen
CLOSE = "tpx"  # `tpx:<game>:<version>`: the board's own buttons back
SQUARES = string.digits + string.ascii_uppercase + string.ascii_lowercase + "-_"
"""Square n is written as SQUARES[n]: boards have at most 50 playable squares."""
ID_LIMIT = 64  # bytes: Telegram's limit for a button's callback data
NAVIGATION = 2  # the last buttons of a picker: Back and Cancel
_NUMBER = "[0-9]{1,18}"
_ID = re.compile(rf"(?P<kind>{STEP}|{CLOSE}):(?P<game>{_NUMBER}):(?P<version>{_NUMBER})"
                 rf"(?::(?P<squares>[{re.escape(SQUARES)}]*))?")


@dataclass(frozen=True)
class Key:
    """What a picker button does: show game `game_id`'s picker with `squares` chosen, or (None) put the
    board's buttons back; only while the game is at `version`."""

    game_id: int
    version: int
    squares: tuple[int, ...] | None

    @property
    def id(self) -> str:
        if self.squares is None:
            return f"{CLOSE}:{self.game_id}:{self.version}"
        return f"{STEP}:{self.game_id}:{self.version}:{''.join(SQUARES[square] for square in self.squares)}"


def read(button_id: str) -> Key | None:
    """The picker key a button id stands for; None when it is not one.

    >>> read("tp:3:0:"), read("tp:3:x"), read("acc:3")
    (Key(game_id=3, version=0, squares=()), None, None)
    """
    found = _ID.fullmatch(button_id)
    if found is None or (found["kind"] == STEP) != (found["squares"] is not None):
        return None
    squares = None if found["squares"] is None else tuple(SQUARES.index(c) for c in found["squares"])
    return Key(int(found["game"]), int(found["version"]), squares)


def opened(lang: str, game: Game, board: Board) -> Reply:
    """The picker's first step: the pieces that can move."""
    return step(lang, game, board, pick(board, ()))


def step(lang: str, game: Game, board: Board, at: Pick) -> Reply:
    """The picker at `at` (which has no whole move yet): a key per choice, then Back and Cancel; its
    text says what to choose."""
    def key(squares: tuple[int, ...] | None) -> str:
        return Key(game.id, game.version, squares).id

    keys = [Button(key((*at.chosen, square)), _label(board, at, square), "primary") for square in at.choices]
    keys.append(Button(key(back(board, at.chosen)), catalogue.say(lang, "taps_back")))
    keys.append(Button(key(None), catalogue.say(lang, "taps_cancel"), "danger"))
    return Reply(_prompt(lang, game, at), buttons=tuple(keys), kind=Kind.MOVE_KEYS, game_id=game.id)


def board_keys(lang: str, game: Game) -> Reply:
    """The board message's own buttons, back in place of the picker."""
    return Reply("", buttons=game_text.game_buttons(lang, game), kind=Kind.BOARD_KEYS, game_id=game.id)


def no_keys(game: Game) -> Reply:
    """No buttons on the board message any more (a move was played from it: a new board follows)."""
    return Reply("", kind=Kind.BOARD_KEYS, game_id=game.id)


def rows(buttons: Sequence[Button]) -> list[list[Button]]:
    """A picker's keys in rows for a phone's width (more to a row when the labels are short), with
    Back and Cancel on a row of their own."""
    squares, navigation = list(buttons[:-NAVIGATION]), list(buttons[-NAVIGATION:])
    longest = max((len(button.label) for button in squares), default=0)
    size = 5 if longest <= 3 else 4 if longest <= 6 else 3 if longest <= 9 else 2
    return [squares[i : i + size] for i in range(0, len(squares), size)] + [navigation]


def _label(board: Board, at: Pick, square: int) -> str:
    """A key's label: the piece's square at the first step, then the move as far as the key takes it
    (with any landing filled in after it), in the notation people type: 32-28, 27x18x9."""
    if not at.chosen:
        return str(square)
    after = pick(board, (*at.chosen, square))
    if after.move is not None:
        return str(after.move)
    return ("x" if after.capture else "-").join(str(s) for s in after.chosen)


def _prompt(lang: str, game: Game, at: Pick) -> str:
    if not at.chosen:
        side = game_text.side(lang, game.variant, game.turn)
        return catalogue.say(lang, "taps_piece", id=game.id, side=side)
    if len(at.chosen) == 1:
        return catalogue.say(lang, "taps_landing", square=at.chosen[0])
    return catalogue.say(lang, "taps_next", path="x".join(str(s) for s in at.chosen))
