"""Tammi's buttons as `discord.ui.DynamicItem`s, and the move dialog as a `discord.ui.Modal`.

A button's custom_id is `tammi:` + the service's `Button.id` (for example `tammi:acc:17`): it names the
action and the game, so discord.py matches it by its template and the button keeps working after a
restart, for messages sent long before. The Move button (`tammi:mov:<game>`) opens the dialog; its
submission becomes a `move` command.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Self

import discord

from bot.chat.events import Button
from bot.platforms.discord.client import handler_of
from bot.presentation import catalogue

BUTTON_PREFIX = "tammi:"
MOVE_BUTTON = "mov:"
MODAL_PREFIX = "tammi-modal:"
"""The move dialog's custom_id: `MODAL_PREFIX + Button.id + ":" + a number unique to the opening`."""

LABEL_LIMIT = 80
DIALOG_TIMEOUT = 15 * 60.0
"""Seconds an unanswered dialog is kept; a later submission is told that the dialog expired."""

_STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}

def ui_text(locale: str | None, key: str) -> str:
    """A message of the catalogue (the dialog, "Done.") in the language of the user's Discord."""
    return catalogue.say(catalogue.locale_language(locale) or catalogue.ENGLISH, key)


def shorten(text: str, limit: int) -> str:
    """`text` cut to `limit` characters, ending with an ellipsis when cut.

    >>> shorten("abcdef", 4)
    'abc…'
    >>> shorten("abc", 4)
    'abc'
    """
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _button(button_id: str, label: str | None, style: discord.ButtonStyle) -> discord.ui.Button[Any]:
    return discord.ui.Button(label=label, style=style, custom_id=BUTTON_PREFIX + button_id)


class ActionButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                   template=r"tammi:(?P<id>(?!mov:)[^\s]+)"):
    """A service button other than Move: a press becomes an event with `button` set."""

    def __init__(self, button_id: str, label: str | None = None,
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary) -> None:
        super().__init__(_button(button_id, label, style))
        self.button_id = button_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> Self:
        return cls(match["id"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handler_of(interaction).press(interaction, self.button_id)


class MoveButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"tammi:(?P<id>mov:[^\s]+)"):
    """The Move button: opens the move dialog for its game."""

    def __init__(self, button_id: str, label: str | None = None,
                 style: discord.ButtonStyle = discord.ButtonStyle.primary) -> None:
        super().__init__(_button(button_id, label, style))
        self.button_id = button_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> Self:
        return cls(match["id"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handler_of(interaction).open_dialog(interaction, self.button_id)


DYNAMIC_ITEMS = (ActionButton, MoveButton)


def button_item(button: Button) -> ActionButton | MoveButton:
    """The Discord button for a service button."""
    kind = MoveButton if button.id.startswith(MOVE_BUTTON) else ActionButton
    return kind(button.id, shorten(button.label, LABEL_LIMIT),
                _STYLES.get(button.style, discord.ButtonStyle.secondary))


def is_our_button(custom_id: str) -> bool:
    """True for a custom_id one of Tammi's button classes answers.

    >>> is_our_button("tammi:acc:17"), is_our_button("tammi:mov:7"), is_our_button("v0-accept-3")
    (True, True, False)
    """
    return any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in DYNAMIC_ITEMS)


class MoveDialog(discord.ui.Modal):
    """One text field for a move. `closed(custom_id)` is called when it times out unanswered."""

    def __init__(self, button_id: str, locale: str | None, opening: int,
                 closed: Callable[[str], None]) -> None:
        super().__init__(title=ui_text(locale, "move-dialog-title"), timeout=DIALOG_TIMEOUT,
                         custom_id=f"{MODAL_PREFIX}{button_id}:{opening}")
        self.move: discord.ui.TextInput[MoveDialog] = discord.ui.TextInput(
            label=ui_text(locale, "move-dialog-label"), custom_id="move", placeholder="9-13", min_length=2,
            max_length=60)
        self.add_item(self.move)
        self.button_id = button_id
        self._closed = closed

    async def on_submit(self, interaction: discord.Interaction[Any], /) -> None:
        await handler_of(interaction).submit_move(interaction, self.button_id, self.move.value.strip())

    async def on_timeout(self) -> None:
        self._closed(self.custom_id)
