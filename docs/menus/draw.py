"""Draw the README's pictures of moving with the menus on Discord: each step, as the channel shows it.

Run from the repository's root: `.venv/bin/python docs/menus/draw.py`. Through the real game service (as
the Discord adapter sees a choice), Alice and Bob play an English game's first moves from the menu of
moves under the board; then, in an International position with more than 25 legal moves (more than
one Discord menu holds), Alice first picks the piece, gets its moves in a reply only she sees, and
picks the move. The menus are laid out by the Discord adapter's own code (`bot.platforms.discord.menus`):
the options and placeholders are the ones the bot sends. For each step it saves `step-N.png` here and
the menus as text in `steps.txt` (which tests/bot/test_taps.py checks against the service).
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from io import BytesIO
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT))

from bot.chat.events import Reply  # noqa: E402
from bot.config import Config, PictureConfig  # noqa: E402
from bot.domain.model import NewGame, Player  # noqa: E402
from bot.platforms.discord.menus import menus  # noqa: E402
from bot.presentation.messages import Action, Kind  # noqa: E402
from engine import Board  # noqa: E402
from render import sprites  # noqa: E402
from tests.bot.tammi_talk import Chat, close_chat, open_chat, start_game  # noqa: E402

WIDTH = 360  # pictures a little smaller than the bot sends (480), as on a phone
PAD, ROW_H, GAP, SHOWN = 12, 40, 6, 7  # SHOWN: options an open menu shows before it scrolls
BACK, TEXT, FAINT = (0x31, 0x33, 0x38), (0xDB, 0xDE, 0xE1), (0x94, 0x9B, 0xA4)
FIELD, LINE, OPEN = (0x1E, 0x1F, 0x22), (0x3F, 0x41, 0x47), (0x2B, 0x2D, 0x31)
STYLES = {"primary": (0x58, 0x65, 0xF2), "secondary": (0x4E, 0x50, 0x58), "success": (0x24, 0x80, 0x46),
          "danger": (0xDA, 0x37, 0x3C)}
# An International position where White's three kings have more than 25 moves (more than one menu holds).
MANY_MOVES = "W:WK16,K38,K35:B9,B10"


def menu_of(reply: Reply) -> tuple[str, list[str]]:
    """The placeholder and option labels of the reply's first menu, as the Discord adapter makes it."""
    assert reply.picker is not None
    [menu] = menus(reply.picker, 5)[:1]
    select: Any = menu.item
    return str(select.placeholder or ""), [option.label for option in select.options]


def fit(d: ImageDraw.ImageDraw, text: str, font: Any, width: float) -> str:
    """`text` cut with an ellipsis to `width` pixels, as Discord cuts a long line."""
    while d.textlength(text, font=font) > width:
        text = text[:-2] + "…"
    return text


def draw(reply: Reply, picture: bytes | None, opened: bool, *, private: bool = False) -> Image.Image:
    """The message as Discord shows it: the text, the board, the buttons, and the menu (open or not)."""
    font, _ = sprites.caption_font(16)
    small, _ = sprites.caption_font(13)
    board = Image.open(BytesIO(picture)).convert("RGB") if picture else None
    placeholder, options = menu_of(reply)
    rows = [reply.buttons[i:i + 3] for i in range(0, len(reply.buttons), 3)]
    listed = options[:SHOWN] if opened else []
    height = (PAD + (22 if private else 0) + 26 + (board.height + GAP if board else 0)
              + len(rows) * (ROW_H + GAP) + ROW_H + len(listed) * 34 + (8 if listed else 0) + PAD)
    image = Image.new("RGB", (WIDTH + 2 * PAD, height), BACK)
    d = ImageDraw.Draw(image)
    y = PAD
    if private:
        d.text((PAD, y + 8), "Only you can see this", fill=FAINT, font=small, anchor="lm")
        y += 22
    d.text((PAD, y + 11), fit(d, reply.text.split("\n")[0], font, WIDTH), fill=TEXT, font=font, anchor="lm")
    y += 26
    if board is not None:
        image.paste(board, (PAD, y))
        y += board.height + GAP
    for row in rows:
        width = (WIDTH - GAP * (len(row) - 1)) / len(row)
        for i, button in enumerate(row):
            x = PAD + i * (width + GAP)
            colour = STYLES.get(button.style, STYLES["secondary"])
            d.rounded_rectangle((x, y, x + width, y + ROW_H), 4, fill=colour)
            d.text((x + width / 2, y + ROW_H / 2), button.label, fill=(255, 255, 255), font=font, anchor="mm")
        y += ROW_H + GAP
    d.rounded_rectangle((PAD, y, PAD + WIDTH, y + ROW_H), 4, fill=FIELD, outline=LINE)
    d.text((PAD + 12, y + ROW_H / 2), placeholder, fill=FAINT, font=font, anchor="lm")
    d.text((PAD + WIDTH - 16, y + ROW_H / 2), "▴" if opened else "▾", fill=TEXT, font=font, anchor="mm")
    y += ROW_H
    if listed:
        d.rectangle((PAD, y, PAD + WIDTH, y + len(listed) * 34 + 8), fill=OPEN, outline=LINE)
        for number, label in enumerate(listed):
            shown = fit(d, label, font, WIDTH - 24)
            d.text((PAD + 12, y + 4 + number * 34 + 17), shown, fill=TEXT, font=font, anchor="lm")
    return image


Step = tuple[str, Reply, bool, bool]
"""A step shown: what happened, the message, whether its menu is open, whether only the chooser sees it."""


async def choose(chat: Chat, user: str, reply: Reply, action: Action, choice: str) -> Reply:
    assert reply.picker is not None
    replies = await chat.press(user, reply.picker.choose(action), text=choice)
    return next(r for r in replies if r.kind in (Kind.BOARD, Kind.MOVES))


async def play_steps(folder: str, *, pictures: bool = True) -> list[Step]:
    """The steps, played through a game service over a new database in `folder`."""
    database = str(Path(folder) / "t.db")
    chat = await open_chat(database, platform="discord", pictures=pictures,
                           config=Config(database=database, picture=PictureConfig(size=WIDTH, workers=0)))
    steps: list[Step] = []
    try:
        game_id = await start_game(chat, "Alice", "Bob", "english", "black")
        [board] = await chat.press("Alice", f"brd:{game_id}")
        steps.append(("A new game: the board, and under it the menu of Alice's moves", board, False, False))
        steps.append(("Alice opens the menu: her seven moves", board, True, False))
        board = await choose(chat, "Alice", board, Action.PICK, "11-15")
        steps.append(("Alice picks 11-15: it is played, and the new board has Bob's moves", board, True,
                      False))
        await chat.say("Bob", "!tammi resign")
        position = Board("international", fen=MANY_MOVES)
        game = await chat.storage.create_game(NewGame(
            "discord", chat.channel, "international", Player("Alice", "Alice"), Player("Bob", "Bob"),
            position.fen(), position.turn, 1.0, ("Alice", "Bob")))
        [board] = await chat.press("Alice", f"brd:{game.id}")
        steps.append(("More than 25 moves: first a menu of the pieces, with where each can go", board, True,
                      False))
        own = await choose(chat, "Alice", board, Action.PIECE, "16")
        steps.append(("Alice picks the piece on 16: its moves come to her alone", own, True, True))
        board = await choose(chat, "Alice", own, Action.PICK, "16-27")
        steps.append(("Alice picks 16-27: it is played for everyone", board, False, False))
    finally:
        await close_chat(chat)
    return steps


def text_of(steps: list[Step]) -> str:
    """The steps' menus as text (steps.txt)."""
    written = []
    for number, (title, reply, _, private) in enumerate(steps, 1):
        placeholder, options = menu_of(reply) if reply.picker and reply.picker.moves else ("", [])
        seen = " (only the chooser sees it)" if private else ""
        written.append(f"step-{number}.png: {title}{seen}\nMenu: {placeholder}\n"
                       + "".join(f"  {label}\n" for label in options))
    return "\n".join(written)


async def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        steps = await play_steps(folder)
    for number, (_, reply, opened, private) in enumerate(steps, 1):
        picture = reply.attachment.data if reply.attachment is not None else None
        if reply.picker is not None and reply.picker.moves:
            draw(reply, picture, opened, private=private).save(HERE / f"step-{number}.png", optimize=True)
    (HERE / "steps.txt").write_text(text_of(steps), encoding="utf-8")


if __name__ == "__main__":
    asyncio.run(main())
