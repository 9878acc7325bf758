"""`settings puzzle daily [HH:MM]` and `settings puzzle off` (Finnish `asetukset tehtävä päivittäin
[HH:MM]`, `... pois`): the words, read within `settings` (`reading._settings` hands each word to a
`DailyWords`), and the setting's line that `settings` shows, stored first where it was changed
(`bot.chat.talking.settings` checks that the asker may manage the channel)."""

from __future__ import annotations

import re
from collections.abc import Callable

from bot.chat.context import Ctx
from bot.domain.daily import DailyChoice, DailyPuzzle, read_time
from bot.domain.transitions import Refusal
from bot.flows import daily
from bot.presentation import catalogue, daily_text
from bot.storage.repository import Repository

PUZZLE_WORDS = catalogue.all_words("words-command-puzzle")
DAILY_WORDS = catalogue.all_words("words-daily-on")
OFF_WORDS = catalogue.all_words("words-notify-off")
TIME_LIKE = re.compile(r"^\d+([:.]\d*)?$")


class DailyWords:
    """The puzzle-of-the-day words of a `settings` command, one at a time."""

    def __init__(self) -> None:
        self.named = False  # the puzzle word came
        self.on: bool | None = None
        self.minute: int | None = None

    def take(self, word: str) -> bool:
        """Whether the word is this setting's (then it is taken): the puzzle word, and after it `daily`,
        `off` or a time; a time anywhere (refused later without the puzzle word). Right after the puzzle
        word, or where a time is meant and cannot be one (`25:00`), any other word is refused."""
        expecting = self.named and self.on is None and self.minute is None
        if word in PUZZLE_WORDS:
            self.named = True
        elif self.named and word in DAILY_WORDS:
            self.on = True
        elif self.named and word in OFF_WORDS:
            self.on = False
        elif (minute := read_time(word)) is not None:
            self.minute = minute
        elif expecting or (self.named and TIME_LIKE.match(word)):
            raise Refusal("settings_puzzle_usage")
        else:
            return False
        return True

    def choice(self) -> DailyChoice | None:
        """What was asked for (None: nothing of this setting); a time alone turns it on."""
        if not self.named and self.minute is None:
            return None
        on = self.on if self.on is not None else (True if self.minute is not None else None)
        if not self.named or on is None or (not on and self.minute is not None):
            raise Refusal("settings_puzzle_usage")
        return DailyChoice(on, self.minute)


async def settings_line(choice: DailyChoice | None, ctx: Ctx, lang: str, repository: Repository,
                        clock: Callable[[], float]) -> str:
    """The setting stored (when `choice` changes it), as `settings` shows it."""
    now = clock()
    found: DailyPuzzle | None
    if choice is not None:
        found = await daily.choose_daily(repository, ctx.asker, choice, now)
    else:
        found = await daily.setting(repository, ctx.platform, ctx.channel)
    return daily_text.setting_line(lang, found, now)
