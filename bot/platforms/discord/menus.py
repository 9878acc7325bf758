"""The menus of moves under a board, as `discord.ui.DynamicItem` selects.

A board whose game waits for a person carries the position's legal moves (`Reply.picker`). Up to 25 of
them (Discord's limit for one menu) make one menu of moves; more make a menu of the pieces that can move,
and choosing a piece answers privately with a menu of that piece's moves. Each menu's custom_id names the
game and the number of moves played on the board it hangs under (`tammi-pick:<game>:<ply>` for moves,
`tammi-piece:<game>:<ply>` for pieces; a trailing `:<n>` tells the menus of one message apart), so a
choice works after a restart and one made on a board the game has moved past is refused. A choice becomes
an event pressing `Picker.choose(...)` with the chosen move or square as its text: the service plays the
move as if typed, and answers anyone who may not move privately.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, Self

import discord

from bot.chat.events import Reply
from bot.platforms.discord.buttons import shorten
from bot.platforms.discord.client import handler_of
from bot.presentation.messages import Action, Picker

OPTIONS = 25  # Discord's limit of options in one menu
ROWS = 5  # rows of components in one message
VALUE_LIMIT = 100
LABEL_LIMIT = 100
PLACEHOLDER_LIMIT = 150


def _select(custom_id: str, options: list[discord.SelectOption], placeholder: str | None) -> Any:
    return discord.ui.Select(custom_id=custom_id, options=options, placeholder=placeholder,
                             min_values=1, max_values=1)


class MoveMenu(discord.ui.DynamicItem[discord.ui.Select[Any]],
               template=r"tammi-pick:(?P<game>\d{1,18}):(?P<ply>\d{1,6})(?::\d{1,2})?"):
    """A menu of moves: the choice is played in its game, on its board's position."""

    def __init__(self, custom_id: str, game: int, ply: int, options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None) -> None:
        super().__init__(_select(custom_id, options or [], placeholder))
        self.button_id = f"{Action.PICK.value}:{game}:{ply}"

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> Self:
        return cls(match.string, int(match["game"]), int(match["ply"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handler_of(interaction).choose(interaction, self.button_id, _chosen(self.item))


class PieceMenu(discord.ui.DynamicItem[discord.ui.Select[Any]],
                template=r"tammi-piece:(?P<game>\d{1,18}):(?P<ply>\d{1,6})(?::\d{1,2})?"):
    """A menu of the pieces that can move: the choice shows that piece's moves."""

    def __init__(self, custom_id: str, game: int, ply: int, options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None) -> None:
        super().__init__(_select(custom_id, options or [], placeholder))
        self.button_id = f"{Action.PIECE.value}:{game}:{ply}"

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> Self:
        return cls(match.string, int(match["game"]), int(match["ply"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handler_of(interaction).choose(interaction, self.button_id, _chosen(self.item))


MENU_ITEMS = (MoveMenu, PieceMenu)


def _chosen(select: discord.ui.Select[Any]) -> str:
    return select.values[0] if select.values else ""


def is_our_menu(custom_id: str) -> bool:
    """True for a custom_id one of Tammi's menus answers.

    >>> is_our_menu("tammi-pick:7:12"), is_our_menu("tammi-piece:7:12:1"), is_our_menu("tammi:acc:7")
    (True, True, False)
    """
    return any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in MENU_ITEMS)


def start_square(move: str) -> str:
    """The square a move starts from, as its text writes it.

    >>> start_square("32x23x14"), start_square("9-13")
    ('32', '9')
    """
    return re.split(r"[-x:]", move, maxsplit=1)[0]


def _chunks(options: list[discord.SelectOption], rows: int) -> Iterator[list[discord.SelectOption]]:
    for start in range(0, min(len(options), rows * OPTIONS), OPTIONS):
        yield options[start:start + OPTIONS]


def menus(picker: Picker, rows: int) -> list[MoveMenu | PieceMenu]:
    """The menus for a picker, in at most `rows` rows: its moves when one menu holds them (or when they
    are one piece's), else the pieces that can move, each labelled with where it can go."""
    moves = [move for move in picker.moves if len(move) <= VALUE_LIMIT]
    game, ply = picker.game_id, picker.ply
    if len(moves) <= OPTIONS or picker.square is not None:
        options = [discord.SelectOption(label=shorten(move, LABEL_LIMIT), value=move) for move in moves]
        kind: type[MoveMenu | PieceMenu] = MoveMenu
        prefix, placeholder = "tammi-pick", picker.prompt
    else:
        by_piece: dict[str, list[str]] = {}
        for move in moves:
            by_piece.setdefault(start_square(move), []).append(move)
        options = [discord.SelectOption(label=shorten(f"{square}: {', '.join(found)}", LABEL_LIMIT),
                                        value=square) for square, found in by_piece.items()]
        kind, prefix, placeholder = PieceMenu, "tammi-piece", picker.piece_prompt
    made = []
    for number, chunk in enumerate(_chunks(options, rows)):
        custom_id = f"{prefix}:{game}:{ply}" + (f":{number}" if number else "")
        made.append(kind(custom_id, game, ply, chunk, shorten(placeholder, PLACEHOLDER_LIMIT)))
    return made


def add_menus(view: discord.ui.View, reply: Reply, rows_taken: int) -> None:
    """Add the reply's menus of moves to `view`, in the rows under its `rows_taken` rows of buttons."""
    if reply.picker is None or not reply.picker.moves:
        return
    for row, menu in enumerate(menus(reply.picker, ROWS - rows_taken), start=rows_taken):
        menu.row = row
        view.add_item(menu)
