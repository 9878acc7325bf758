"""Draw the README's pictures of tap-to-move on Telegram: each step of one move, as the chat shows it.

Run from the repository's root: `.venv/bin/python docs/taps/draw.py`. Through the real game service (as
the Telegram adapter sees a press), Alice opens the game of tests/bot/data/taps_english.pdn by tapping
(Move, a piece, Back, another piece, its landing square); the next 13 moves are typed; then she plays
30x23x16, a capture whose paths branch after its first landing square, by tapping: Move, the piece, the
first landing square, the branch. For each step shown it saves `step-N.png` here (the board picture
the bot sent, the note Telegram shows at the top when a key is tapped, the caption's first line and the
inline keyboard laid out as the Telegram adapter lays it out) and the keyboards as text in `steps.txt`.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from io import BytesIO
from pathlib import Path

from PIL import Image, ImageDraw

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT))

from bot.chat.events import Reply  # noqa: E402
from bot.config import Config, PictureConfig  # noqa: E402
from bot.platforms.telegram.formatting import keyboard  # noqa: E402
from bot.presentation.messages import Kind  # noqa: E402
from engine import read_pdn  # noqa: E402
from render import sprites  # noqa: E402
from tests.bot.tammi_talk import close_chat, open_chat, start_game  # noqa: E402

WIDTH = 360  # pictures a little smaller than the bot sends (480), as on a phone
PAD, KEY_H, GAP = 10, 44, 6
CHAT, BUBBLE, KEY = (0xDB, 0xE6, 0xEE), (0xFF, 0xFF, 0xFF), (0x6E, 0x8C, 0xA6)
INK, NOTE = (0xFF, 0xFF, 0xFF), (0x40, 0x40, 0x40)


def rows_of(reply: Reply) -> list[list[str]]:
    markup = keyboard(reply)
    return [[button.text for button in row] for row in markup.inline_keyboard] if markup else []


def draw(picture: bytes, rows: list[list[str]], note: str, caption: str) -> Image.Image:
    """The board message as a phone shows it: a note at the top, the picture, the caption's first
    line and the keyboard under it."""
    board = Image.open(BytesIO(picture)).convert("RGB")
    text_font, _ = sprites.caption_font(17)
    note_h = 40 if note else 0
    height = PAD + note_h + board.height + 30 + len(rows) * (KEY_H + GAP) + PAD
    image = Image.new("RGB", (WIDTH + 2 * PAD, height), CHAT)
    d = ImageDraw.Draw(image)
    y = PAD
    if note:
        d.rounded_rectangle((PAD, y, PAD + WIDTH, y + note_h - 8), 10, fill=NOTE)
        d.text((PAD + WIDTH // 2, y + (note_h - 8) // 2), note, fill=INK, font=text_font, anchor="mm")
        y += note_h
    d.rounded_rectangle((PAD - 4, y - 4, PAD + WIDTH + 4, y + board.height + 30), 10, fill=BUBBLE)
    image.paste(board, (PAD, y))
    y += board.height
    line = caption.split("\n")[0]
    while d.textlength(line, font=text_font) > WIDTH - 12:
        line = line[:-2] + "…"
    d.text((PAD + 6, y + 15), line, fill=(0, 0, 0), font=text_font, anchor="lm")
    y += 30 + GAP
    for row in rows:
        width = (WIDTH - GAP * (len(row) - 1)) / len(row)
        for i, label in enumerate(row):
            x = PAD + i * (width + GAP)
            d.rounded_rectangle((x, y, x + width, y + KEY_H), 8, fill=KEY)
            d.text((x + width / 2, y + KEY_H / 2), label, fill=INK, font=text_font, anchor="mm")
        y += KEY_H + GAP
    return image


def as_text(rows: list[list[str]]) -> str:
    return "\n".join(" ".join(f"[ {label} ]" for label in row) for row in rows)


Step = tuple[str, list[list[str]], str, Reply]
"""A step shown: what happened, the keyboard's rows, the note at the top, and the board message."""


async def play_steps(folder: str, *, pictures: bool = True) -> list[Step]:
    """The steps, played through a game service over a new database in `folder`."""
    game = read_pdn((ROOT / "tests" / "bot" / "data" / "taps_english.pdn").read_text(encoding="utf-8"))[0]
    database = str(Path(folder) / "t.db")
    chat = await open_chat(database, platform="telegram", pictures=pictures,
                           config=Config(database=database, picture=PictureConfig(size=WIDTH, workers=0)))
    steps: list[Step] = []
    try:
        game_id = await start_game(chat, "Alice", "Bob", "english", "black")
        [board] = await chat.press("Alice", f"brd:{game_id}")
        steps.append(("A new game: the board, with its buttons", rows_of(board), "", board))

        async def tap(label: str, keys: Reply | None) -> Reply:
            button = f"mov:{game_id}" if keys is None else {b.label: b.id for b in keys.buttons}[label]
            replies = await chat.press("Alice", button, edits_buttons=True)
            return next(r for r in replies if r.kind in (Kind.MOVE_KEYS, Kind.BOARD))

        keys = await tap("Move", None)
        steps.append(("Alice taps Move: the pieces that can move", rows_of(keys), keys.text, board))
        keys = await tap("11", keys)
        steps.append(("Alice taps 11: where it can go (Back: the pieces again)", rows_of(keys), keys.text,
                      board))
        keys = await tap("« Back", keys)
        keys = await tap("12", keys)
        await tap("12-16", keys)  # the game's first move
        for number, move in enumerate(game.moves[1:14], 1):
            [board] = await chat.say("Alice" if number % 2 == 0 else "Bob", move)
        steps.append(("Later: Bob has played 22-18", rows_of(board), "", board))
        keys = await tap("Move", None)
        steps.append(("Alice taps Move: she must capture, so only 30 is offered", rows_of(keys),
                      keys.text, board))
        keys = await tap("30", keys)
        steps.append(("Alice taps 30: its first landing square", rows_of(keys), keys.text, board))
        keys = await tap("30x23", keys)
        steps.append(("Alice taps 30x23: the capture goes on two ways", rows_of(keys), keys.text, board))
        moved = await tap("30x23x16", keys)
        steps.append(("Alice taps 30x23x16: the move is played, and a new board follows",
                      rows_of(moved), "", moved))
    finally:
        await close_chat(chat)
    return steps


def text_of(steps: list[Step]) -> str:
    """The steps' keyboards as text (steps.txt)."""
    written = []
    for number, (title, rows, note, _) in enumerate(steps, 1):
        note_line = f"Note: {note}\n" if note else ""
        written.append(f"step-{number}.png: {title}\n{note_line}{as_text(rows)}\n")
    return "\n".join(written)


async def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        steps = await play_steps(folder)
    for number, (_, rows, note, shown) in enumerate(steps, 1):
        assert shown.attachment is not None
        draw(shown.attachment.data, rows, note, shown.text).save(HERE / f"step-{number}.png", optimize=True)
    (HERE / "steps.txt").write_text(text_of(steps), encoding="utf-8")


if __name__ == "__main__":
    asyncio.run(main())
