"""`[puzzles]`: mining puzzles in the background from the finished games of the channels allowed.

Off by default (no channel is mined until the operator names some, or "all"). A table of `Config`
(`bot.config`), kept here because that module is full.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

Channel = Annotated[str, msgspec.Meta(pattern=r"^(all|[a-z]+:\S+)$",
                                      description='"all" or platform:channel, as "discord:1234"')]


class PuzzleConfig(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    mine: tuple[Channel, ...] = ()  # channels whose finished games are mined: "all", or "discord:1234", ...
    games_per_round: Annotated[int, msgspec.Meta(ge=1, le=1000)] = 5
    interval: Annotated[int, msgspec.Meta(ge=1, le=86_400)] = 600  # seconds between rounds

    @property
    def channels(self) -> tuple[tuple[str, str], ...] | None:
        """The (platform, channel id) pairs to mine; None: every channel."""
        if "all" in self.mine:
            return None
        return tuple((entry.partition(":")[0], entry.partition(":")[2]) for entry in self.mine)
