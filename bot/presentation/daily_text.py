"""The puzzle of the day as its channel reads it: the day's puzzle (with the solution of the one it ended),
"no new puzzle today", and the setting's line in `settings`."""

from __future__ import annotations

from dataclasses import replace

from bot.domain.daily import DailyPuzzle, clock_text, day_of, next_post
from bot.domain.model import BOT_NAME
from bot.domain.puzzles import line_moves
from bot.flows.daily_news import DailyNews, DailyPosted
from bot.presentation import catalogue, puzzle_text
from bot.presentation.messages import Kind, Reply
from bot.workers import Workers


async def notice(lang: str, news: DailyNews, workers: Workers) -> Reply:
    """The day's puzzle, as `puzzle` shows a new one, under its heading; or why there is none today."""
    if not isinstance(news, DailyPosted):
        variant = catalogue.variant_title(lang, news.variant)
        key = "daily-none-new" if news.seen else "daily-none-at-all"
        return Reply(catalogue.say(lang, key, variant=variant, seen=news.seen), kind=Kind.INFO)
    lines = [catalogue.say(lang, "daily-heading")]
    if news.ended is not None:
        solution = puzzle_text.line_text(line_moves(news.ended.puzzle))
        lines.append(catalogue.say(lang, "daily-ended", id=news.ended.id, line=solution))
    shown = await puzzle_text.opened(lang, news.opened, workers, BOT_NAME)
    return replace(shown, text="\n".join((*lines, shown.text)))


def setting_line(lang: str, setting: DailyPuzzle | None, now: float) -> str:
    """`settings`' line: on at what time and when the next comes, or off and how to turn it on."""
    command = catalogue.command_name(lang, "settings")
    if setting is None or not setting.on:
        return catalogue.say(lang, "settings-daily-off", command=command)
    when = "today" if next_post(setting, now) == day_of(now) else "tomorrow"
    return catalogue.say(lang, f"settings-daily-on-{when}", time=clock_text(setting.minute), command=command)
